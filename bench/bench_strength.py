"""The search bot's strength per game id: seat-rotated 3-player tournaments, one MCTS, one greedy, one random seat.

The figures below are those of the search before issue 33 (its settings of 2026-11-24). The search's strength at the
coach's budget against greedy, through the design lab, is ``bench/bench_search.py``'s (docs/bots.md).

Run (2 worker processes at low priority; a few hours on this 2-core machine):

    nice -n 10 python bench/bench_strength.py --games 201 --jobs 2 [--game ID ...] [--bots mcts,greedy,random]
        [--chunk 21 --csv DIR]        # a line and the frame so far after every 21 games
        [--resume]                    # go on from the games DIR already holds (a run cut short)
    python bench/bench_strength.py --report DIR/strength_ID.csv   # the figures of a kept frame (a run cut short)

Every game id of ``games.GAMES`` (in the order of ``ORDER``, new ids before Kutná Hora) plays ``--games`` seeded
games (:func:`widgets.shared.tournament.tournament`; seats rotate, so with a multiple of 3 every bot sits in every
seat equally often). The search bot plays at its default budget (``"mcts"``: the game's budget, then 1,000 playouts
per decision, 300 in the full Kutná Hora game, whose playouts rate follow-up choices) without its clock, so
the games replay; its seconds per decision show that the budget keeps within the 1 s cap. Each game measures both
comparisons: printed per game id are each bot's win rate with its 95 % Wilson interval (a shared win counts as a
fraction), how often MCTS finishes ahead of greedy and of random (head-to-head, ties half, one trial per game) with
intervals, the mean score, the search bot's mean CPU seconds per decision (decisions with more than one legal
action) and its slowest, its playouts per second, and the games' wall time. ``--csv DIR`` keeps each frame.

The figures of the runs of 2026-11-24 (every id, 201 games each) are in docs/bots.md, "Tournaments of search,
greedy and random".

The frames of three of these runs (``kutna_hora.game``, ``catan.base``, ``catan.cities_knights``) are kept in
``bench/results/`` (``--report`` prints them); ``--resume`` goes on from a
kept frame (the same code plays the same games). The Kutná Hora settings screened are in
docs/rules_notes/kutna_hora.md.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import pandas as pd  # noqa: E402

from games import GAMES  # noqa: E402
from widgets.shared.tournament import head_to_head, speed, tournament, win_rates  # noqa: E402

#: The order of the run: the quick games first, Kutná Hora last (its rules change while this runs).
ORDER = ["kardinal_koenig.cards", "chartres.game", "catan.base", "catan.cities_knights", "kutna_hora.economy",
         "kutna_hora.game"]


def game_ids(chosen: list[str] | None) -> list[str]:
    if chosen:
        unknown = [g for g in chosen if g not in GAMES]
        if unknown:
            raise SystemExit(f"unknown game id(s) {', '.join(unknown)}; known: {', '.join(sorted(GAMES))}")
        return chosen
    known = [g for g in ORDER if g in GAMES]
    extra = sorted(g for g in GAMES if g not in ORDER)  # a game registered later runs before Kutná Hora
    at = known.index("kutna_hora.economy") if "kutna_hora.economy" in known else len(known)
    return known[:at] + extra + known[at:]


def interval(rate: float, low: float, high: float) -> str:
    return f"{rate:5.1%} [{low:5.1%}, {high:5.1%}]"


def frame_path(csv: pathlib.Path, game_id: str) -> pathlib.Path:
    """Where ``--csv`` keeps the frame of ``game_id`` (``--report`` reads the game id back from the name)."""
    return csv / f"strength_{game_id}.csv"


def kept(game_id: str, bots: list[str], csv: pathlib.Path | None) -> pd.DataFrame | None:
    """The frame a run cut short left in ``csv`` (``--resume``), checked: the same bots, whole games numbered from 0,
    and a multiple of the seat count, so the games that follow keep the seat rotation of one run."""
    path = None if csv is None else frame_path(csv, game_id)
    if path is None or not path.exists():
        return None
    df = pd.read_csv(path)
    played = df.game.nunique()
    if sorted(df.bot.unique()) != sorted(set(bots)) or sorted(df.game.unique()) != list(range(played)):
        raise SystemExit(f"{path} holds other bots or games than this run's ({', '.join(bots)}, games 0..n-1)")
    if played % len(bots):
        raise SystemExit(f"{path} holds {played} games, not a multiple of {len(bots)} seats: the rotation would break")
    return df


def play(game_id: str, bots: list[str], games: int, jobs: int, seed: int, csv: pathlib.Path | None,
         chunk: int, resume: bool = False) -> pd.DataFrame:
    """The tournament in chunks of ``chunk`` games (a multiple of the seat count keeps the rotation of one run: game
    ``g`` of a chunk starting at ``start`` is game ``start + g`` of the whole), the frame so far written to ``csv``
    and a line printed after each chunk, so a run cut short still leaves its games; ``resume`` goes on from them."""
    frames = []
    first = 0
    if resume:
        before = kept(game_id, bots, csv)
        if before is not None:
            frames.append(before)
            first = before.game.nunique()
            print(f"   {game_id}: {first} games kept in {csv}, playing games {first}..{games - 1}", flush=True)
    started = time.perf_counter()
    for start in range(first, games, chunk):
        size = min(chunk, games - start)
        part = tournament(game_id, bots, games=size, seed=seed + start, jobs=jobs, progress=False)
        frames.append(part.assign(game=part.game + start))
        df = pd.concat(frames, ignore_index=True)
        if csv is not None:
            csv.mkdir(parents=True, exist_ok=True)
            df.to_csv(frame_path(csv, game_id), index=False)
        if start + chunk < games:
            ahead = head_to_head(df, bots[0], bots[1]).iloc[0]
            print(f"   {game_id}: {start + size} of {games} games, {bots[0]} ahead of {bots[1]} "
                  f"{interval(ahead.rate, ahead.low, ahead.high)}, {(time.perf_counter() - started) / 60:.1f} min",
                  flush=True)
    return df


def measure(game_id: str, bots: list[str], games: int, jobs: int, seed: int, csv: pathlib.Path | None,
            chunk: int, resume: bool = False) -> dict:
    started = time.perf_counter()
    df = play(game_id, bots, games, jobs, seed, csv, chunk, resume)
    return report(game_id, bots, df, time.perf_counter() - started, jobs)


def report(game_id: str, bots: list[str], df: pd.DataFrame, wall: float, jobs: int) -> dict:
    """Print one tournament's figures (its frame ``df``, played in ``wall`` seconds) and return them."""
    games = df.game.nunique()
    rates, fast = win_rates(df), speed(df)
    search = bots[0]
    print(f"\n== {game_id}: {games} games, {len(bots)} players ({', '.join(bots)}; seats rotate), "
          f"wall {wall / 60:.1f} min on {jobs} process(es), {df.groupby('game').decisions.first().mean():.0f} "
          "decisions per game")
    print(f"   {'bot':10} {'win rate [95 % interval]':>26} {'mean score':>11} {'mean place':>11}")
    for bot, row in rates.iterrows():
        print(f"   {bot:10} {interval(row.win_rate, row.win_low, row.win_high):>26} {row.mean_score:11.1f} "
              f"{row.mean_place:11.2f}")
    versus = {}
    for other in bots[1:]:
        h = head_to_head(df, search, other).iloc[0]
        versus[other] = h
        print(f"   {search} ahead of {other}: {interval(h.rate, h.low, h.high)} (ahead {h.ahead:.0f}, level "
              f"{h.level:.0f}, behind {h.behind:.0f} of {int(h.games)} games)")
    s = fast.loc[search]
    print(f"   {search}: {s.seconds_per_choice:.3f} s per decision (slowest {s.max_seconds:.3f} s), "
          f"{s.playouts_per_second:,.0f} playouts/s, {s.playouts_per_choice:.0f} playouts per decision, "
          f"{int(s.choices):,} decisions")
    sys.stdout.flush()
    return {"game_id": game_id, "games": games, "rates": rates, "versus": versus, "speed": s, "wall": wall}


def summary(results: list[dict], bots: list[str]) -> None:
    search = bots[0]
    print(f"\n| game id | games | {' | '.join(f'{b} win rate' for b in bots)} | "
          f"{' | '.join(f'{search} ahead of {o}' for o in bots[1:])} | s/decision (max) | playouts/s | wall |")
    print("|---" * (5 + 2 * len(bots) - 1) + "|")
    for r in results:
        cells = [interval(*r["rates"].loc[b, ["win_rate", "win_low", "win_high"]]) for b in bots]
        cells += [interval(h.rate, h.low, h.high) for h in r["versus"].values()]
        s = r["speed"]
        print(f"| {r['game_id']} | {r['games']} | {' | '.join(cells)} | {s.seconds_per_choice:.2f} "
              f"({s.max_seconds:.2f}) | {s.playouts_per_second:,.0f} | {r['wall'] / 60:.0f} min |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=201, help="games per game id (201 = 67 per seat rotation)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="only this game id (repeatable; default: all, in ORDER)")
    parser.add_argument("--bots", default="mcts,greedy,random", help="bot kinds, the search bot first")
    parser.add_argument("--csv", type=pathlib.Path, help="keep each tournament's frame as CSV in this folder")
    parser.add_argument("--chunk", type=int, default=201, help="games between progress lines and CSV writes "
                        "(a multiple of the seat count keeps the seat rotation of one run)")
    parser.add_argument("--report", type=pathlib.Path, help="only print the figures of a frame kept with --csv "
                        "(a run cut short: its games so far; the wall time is the games' own)")
    parser.add_argument("--resume", action="store_true", help="go on from the games a run cut short kept in --csv "
                        "(the same code, seed and bots: the games already played are not played again)")
    args = parser.parse_args()
    bots = args.bots.split(",")
    if args.resume and args.csv is None:
        parser.error("--resume needs --csv, the folder of the kept frames")
    if args.report is not None:
        df = pd.read_csv(args.report)
        game_id = args.report.stem.removeprefix("strength_")
        summary([report(game_id, bots, df, df.groupby("game").wall.first().sum(), 1)], bots)
        return
    results = []
    for game_id in game_ids(args.game):
        results.append(measure(game_id, bots, args.games, args.jobs, args.seed, args.csv, args.chunk, args.resume))
    summary(results, bots)


if __name__ == "__main__":
    main()
