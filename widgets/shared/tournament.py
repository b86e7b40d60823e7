"""Bot tournaments: seeded games between bot kinds, run in parallel, summed up as pandas frames with 95 % intervals
(tables of :mod:`widgets.shared.frames` where pandas is missing).

A notebook cell's worth::

    from widgets.shared.tournament import head_to_head, speed, tournament, win_rates

    df = tournament("kardinal_koenig.cards", ["mcts:200", "greedy", "random"], games=30, jobs=2)
    win_rates(df)                     # per bot: seats, wins, win rate and its 95 % interval, mean score and place
    head_to_head(df, "mcts:200", "greedy")   # how often the first finishes ahead of the second, with its interval
    speed(df)                         # per bot: seconds per decision, slowest decision, playouts per second

Bot kinds are those of :func:`games.core.bots.make_bot`: ``"random"``, ``"greedy"``, ``"mcts"`` (the search bot at
its default budget) and ``"mcts:N"`` (N playouts per decision). Seats rotate from game to game (game ``g`` seats the
list shifted by ``g``), so with ``games`` a multiple of the number of bots every bot plays every seat equally often
and the first seat's advantage averages out. Every game is seeded (the game's seed and each bot's seed), and a
search bot plays on its playout budget without its clock (``clock=False``), so the same call gives the same frame
whatever ``jobs`` is and however busy the machine is: only the timing columns (:data:`TIMINGS`) differ from run to
run. ``jobs=2`` plays the games in two worker processes (``concurrent.futures.ProcessPoolExecutor``). Under a
Jupyter kernel a progress bar (an ipywidgets ``IntProgress`` with a label) counts the games; elsewhere nothing is
printed, and ``progress=False`` hides the bar.

Intervals are Wilson score intervals at 95 %. A shared win counts as a fraction (1/k of a win for each of k tied
winners) and enters the formula as that fraction of a success: the rate is wins / seats and the interval is the
Wilson interval for that rate over that many seats. A split outcome varies less than a whole win or loss, so the
interval is, if anything, a little wide. ``head_to_head`` counts one trial per game in which both bots sit: the
share of their seat pairs in which the first finishes ahead (a tie counts half).

Columns of :func:`tournament` (one row per game and seat): ``game``, ``seed``, ``seat``, ``bot``, ``score``, ``win``
(1/k for each of k winners, else 0), ``place`` (1 + the seats that finished ahead: a winner ahead of every other
seat, then the higher score; equal places are ties), ``decisions`` (the game's), ``moves`` (this seat's),
``choices`` (this seat's decisions with more than one legal action), ``playouts`` (a search bot's iterations, else
0), and the timings ``seconds`` (this seat's CPU time choosing), ``max_seconds`` (its slowest decision) and ``wall``
(the game's wall-clock time). ``games/`` stays standard library; pandas is imported only when a frame is built.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any, Sequence

from games import game_class
from games.core.bots import make_bot, parse_bot
from games.lab.stats import wilson

if TYPE_CHECKING:
    import pandas as pd

#: The columns that measure time: they differ from run to run; every other column is the same for the same call.
TIMINGS = ("seconds", "max_seconds", "wall")
#: How many decisions a game may take before the tournament calls it broken.
MAX_DECISIONS = 100_000


# ---------------------------------------------------------------------------------------------------- playing
def seating(bots: Sequence[str], game: int, rotate: bool = True) -> list[str]:
    """The bot kinds in seat order for game number ``game``: the list shifted left by ``game`` places."""
    shift = game % len(bots) if rotate else 0
    return list(bots[shift:]) + list(bots[:shift])


def play_game(game_id: str, seated: Sequence[str], seed: int, bot_seeds: Sequence[int], config: dict[str, Any],
              clock: bool = False) -> list[dict[str, Any]]:
    """Play one seeded game with one bot kind per seat and return its rows (see the module docstring). A worker
    process runs this; it reads nothing but its arguments."""
    started = time.perf_counter()
    cls = game_class(game_id)
    game = cls(None, seed, **{**config, "players": len(seated)})
    bots = [make_bot(kind, bot_seed) for kind, bot_seed in zip(seated, bot_seeds, strict=True)]
    for bot in bots:
        if not clock and hasattr(bot, "seconds"):
            bot.seconds = math.inf  # the playout budget alone decides, so the game replays on any machine
    n = len(seated)
    moves, choices, playouts = [0] * n, [0] * n, [0] * n
    seconds, slowest = [0.0] * n, [0.0] * n
    for _ in range(MAX_DECISIONS):
        decision = game.pending()
        if decision is None:
            break
        p = decision.player
        forced = len(game.legal_actions()) == 1
        tick = time.process_time()
        action = bots[p].choose(game)
        spent = time.process_time() - tick
        moves[p] += 1
        choices[p] += not forced
        seconds[p] += spent
        slowest[p] = max(slowest[p], spent)
        playouts[p] += 0 if forced else getattr(bots[p], "last_playouts", 0)
        game.apply(action)
    outcome = game.outcome()
    if outcome is None:
        raise RuntimeError(f"{game_id} seed {seed} did not end within {MAX_DECISIONS} decisions")
    share = [1 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(n)]
    keys = [(share[p] > 0, outcome.scores[p]) for p in range(n)]
    wall = time.perf_counter() - started
    return [{"seed": seed, "seat": p, "bot": seated[p], "score": outcome.scores[p], "win": share[p],
             "place": 1 + sum(k > keys[p] for k in keys), "decisions": len(game.history), "moves": moves[p],
             "choices": choices[p], "playouts": playouts[p], "seconds": seconds[p], "max_seconds": slowest[p],
             "wall": wall} for p in range(n)]


def tournament(game_id: str, bots: Sequence[str], games: int = 20, seed: int = 0, rotate: bool = True,
               jobs: int = 1, progress: bool = True, clock: bool = False, **config: Any) -> pd.DataFrame:
    """Play ``games`` seeded games of ``game_id`` between ``bots`` (one kind per seat) and return one row per game
    and seat. Game ``g`` has seed ``seed + g``; ``jobs`` worker processes play them (1: in this process);
    ``progress`` shows a bar under a Jupyter kernel; ``clock=True`` lets search bots stop at their time cap too
    (faster on a slow machine, but the games then depend on its speed). ``config`` goes to the game (``players``
    is ``len(bots)``). A pandas frame, or :mod:`widgets.shared.frames`' table where pandas is missing."""
    from widgets.shared.frames import table

    if isinstance(bots, str):
        raise ValueError(f"bots is a list of bot kinds, one per seat, not the string {bots!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number, at least 1, not {games!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number of worker processes, at least 1, not {jobs!r}")
    if "players" in config and config["players"] != len(bots):
        raise ValueError(f"players is the number of bots ({len(bots)}); leave it out, not {config['players']!r}")
    cls = game_class(game_id)
    if not cls.min_players <= len(bots) <= cls.max_players:
        raise ValueError(f"{cls.title} takes {cls.min_players} to {cls.max_players} players, not {len(bots)} bots")
    for kind in bots:
        parse_bot(kind)  # a bad kind is named here, before any process starts
    cls(None, seed, **{**config, "players": len(bots)})  # so is a bad config
    tasks = []
    for g in range(games):
        seated = seating(bots, g, rotate)
        tasks.append((game_id, seated, seed + g, [(seed + g) * 31 + seat for seat in range(len(bots))], config,
                      clock))
    bar = _Progress(games, f"{game_id}: {' · '.join(bots)}") if progress else None
    results: dict[int, list[dict[str, Any]]] = {}
    try:
        if jobs == 1:
            for g, task in enumerate(tasks):
                results[g] = play_game(*task)
                if bar:
                    bar.step()
        else:
            import multiprocessing

            context = multiprocessing.get_context("spawn")  # no fork of a kernel's threads; the same on every OS
            with ProcessPoolExecutor(max_workers=min(jobs, games), mp_context=context) as pool:
                futures = {pool.submit(play_game, *task): g for g, task in enumerate(tasks)}
                for future in as_completed(futures):
                    results[futures[future]] = future.result()
                    if bar:
                        bar.step()
    finally:
        if bar:
            bar.close(len(results) == games)
    rows = [{"game": g, **row} for g in range(games) for row in results[g]]
    return table(rows)


class _Progress:
    """A progress bar with a label in a Jupyter kernel's output; nothing at all anywhere else."""

    def __init__(self, total: int, title: str) -> None:
        self.total, self.title, self.done, self.started = total, title, 0, time.perf_counter()
        self.bar = self.label = None
        if _under_kernel():
            import ipywidgets
            from IPython.display import display

            self.bar = ipywidgets.IntProgress(value=0, min=0, max=total, description="games")
            self.label = ipywidgets.Label(self._text())
            display(ipywidgets.HBox([self.bar, self.label]))

    def _text(self) -> str:
        return f"{self.title}: {self.done} of {self.total} games, {time.perf_counter() - self.started:.0f} s"

    def step(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.value = self.done
            self.label.value = self._text()

    def close(self, complete: bool) -> None:
        if self.bar is not None:
            self.bar.bar_style = "success" if complete else "danger"
            self.label.value = self._text() + ("" if complete else " (stopped)")


def _under_kernel() -> bool:
    """Whether this code runs under a Jupyter kernel (an IPython shell with a kernel), where widgets can show."""
    import sys

    if "IPython" not in sys.modules:  # a script or a test: no shell to ask
        return False
    from IPython import get_ipython

    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


# ---------------------------------------------------------------------------------------------------- summaries
def win_rates(df: pd.DataFrame) -> pd.DataFrame:
    """Per bot kind, best first: ``seats`` played, ``wins`` (shared wins as fractions), ``win_rate`` with its 95 %
    Wilson interval ``win_low``..``win_high``, ``mean_score``, ``score_sd`` and ``mean_place``."""
    _need(df, ("bot", "win", "score", "place"))
    if not hasattr(df, "groupby"):  # the fallback table where pandas is missing
        return _win_rates_plain(df)
    out = df.groupby("bot").agg(seats=("win", "size"), wins=("win", "sum"), mean_score=("score", "mean"),
                                score_sd=("score", "std"), mean_place=("place", "mean"))
    out["win_rate"] = out["wins"] / out["seats"]
    bounds = [wilson(w, n) for w, n in zip(out["wins"], out["seats"], strict=True)]
    out["win_low"] = [low for low, _ in bounds]
    out["win_high"] = [high for _, high in bounds]
    columns = ["seats", "wins", "win_rate", "win_low", "win_high", "mean_score", "score_sd", "mean_place"]
    return out[columns].sort_values("win_rate", ascending=False)


def head_to_head(df: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """How often bot ``a`` finishes ahead of bot ``b`` (a lower ``place``), one row named ``"a vs b"``: ``games``
    in which both sat, ``ahead``, ``level`` and ``behind`` (per game, the share of their seat pairs, so they sum to
    ``games``), ``rate`` = (ahead + level / 2) / games and its 95 % Wilson interval ``low``..``high``. A rate whose
    interval lies above 0.5 says ``a`` finishes ahead of ``b`` more often than not."""
    from widgets.shared.frames import table

    _need(df, ("game", "bot", "place"))
    known = sorted(set(df["bot"]))
    for kind in (a, b):
        if kind not in known:
            raise ValueError(f"bot {kind!r} did not play in this tournament; bots: {', '.join(known)}")
    if a == b:
        raise ValueError(f"head_to_head compares two different bots, not {a!r} with itself")
    ahead = level = behind = 0.0
    games = 0
    by_game: dict[Any, list[dict[str, Any]]] = {}
    for row in _records(df):
        if row["bot"] in (a, b):
            by_game.setdefault(row["game"], []).append(row)
    for g in sorted(by_game):
        mine = [row["place"] for row in by_game[g] if row["bot"] == a]
        theirs = [row["place"] for row in by_game[g] if row["bot"] == b]
        if not mine or not theirs:
            continue
        pairs = len(mine) * len(theirs)
        games += 1
        ahead += sum(x < y for x in mine for y in theirs) / pairs
        level += sum(x == y for x in mine for y in theirs) / pairs
        behind += sum(x > y for x in mine for y in theirs) / pairs
    if not games:
        raise ValueError(f"{a!r} and {b!r} never sat in the same game")
    rate = (ahead + level / 2) / games
    low, high = wilson(rate * games, games)
    return table([{"games": games, "ahead": ahead, "level": level, "behind": behind, "rate": rate,
                   "low": low, "high": high}], index=[f"{a} vs {b}"])


def speed(df: pd.DataFrame) -> pd.DataFrame:
    """Per bot kind: ``choices`` (decisions with more than one legal action), ``seconds_per_choice`` (mean CPU
    seconds a choice took), ``max_seconds`` (the slowest decision), ``playouts_per_choice`` and
    ``playouts_per_second`` (search bots; 0 for the others)."""
    _need(df, ("bot", "choices", "seconds", "max_seconds", "playouts"))
    if not hasattr(df, "groupby"):  # the fallback table where pandas is missing
        return _speed_plain(df)
    out = df.groupby("bot").agg(choices=("choices", "sum"), seconds=("seconds", "sum"),
                                max_seconds=("max_seconds", "max"), playouts=("playouts", "sum"))
    out["seconds_per_choice"] = out["seconds"] / out["choices"].clip(lower=1)
    out["playouts_per_choice"] = out["playouts"] / out["choices"].clip(lower=1)
    out["playouts_per_second"] = (out["playouts"] / out["seconds"].where(out["seconds"] > 0)).fillna(0.0)
    return out[["choices", "seconds_per_choice", "max_seconds", "playouts_per_choice", "playouts_per_second"]]


def _records(df: Any) -> list[dict[str, Any]]:
    """The rows of a tournament frame as dicts (a pandas frame, or the fallback table of
    :mod:`widgets.shared.frames`)."""
    if hasattr(df, "to_dict"):
        return df.to_dict("records")
    return [dict(zip(df.columns, row, strict=True)) for row in df.data]


def _by_bot(df: Any) -> dict[str, list[dict[str, Any]]]:
    """The rows per bot kind, kinds sorted (as pandas' groupby sorts them)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in _records(df):
        groups.setdefault(row["bot"], []).append(row)
    return {kind: groups[kind] for kind in sorted(groups)}


def _win_rates_plain(df: Any) -> Any:
    """:func:`win_rates` without pandas: the same columns and order, ``score_sd`` ``None`` for a single seat."""
    from statistics import fmean, stdev

    from widgets.shared.frames import table

    rows = []
    for kind, seats in _by_bot(df).items():
        n, wins = len(seats), sum(row["win"] for row in seats)
        low, high = wilson(wins, n)
        scores = [row["score"] for row in seats]
        rows.append({"bot": kind, "seats": n, "wins": wins, "win_rate": wins / n, "win_low": low, "win_high": high,
                     "mean_score": fmean(scores), "score_sd": stdev(scores) if n > 1 else None,
                     "mean_place": fmean(row["place"] for row in seats)})
    rows.sort(key=lambda row: -row["win_rate"])
    return table(rows, index="bot")


def _speed_plain(df: Any) -> Any:
    """:func:`speed` without pandas: the same columns."""
    from widgets.shared.frames import table

    rows = []
    for kind, seats in _by_bot(df).items():
        choices, seconds = sum(r["choices"] for r in seats), sum(r["seconds"] for r in seats)
        playouts = sum(r["playouts"] for r in seats)
        rows.append({"bot": kind, "choices": choices, "seconds_per_choice": seconds / max(choices, 1),
                     "max_seconds": max(r["max_seconds"] for r in seats),
                     "playouts_per_choice": playouts / max(choices, 1),
                     "playouts_per_second": playouts / seconds if seconds > 0 else 0.0})
    return table(rows, index="bot")


def _need(df: pd.DataFrame, columns: Sequence[str]) -> None:
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"not a tournament frame: it lacks the column(s) {', '.join(missing)}")
