"""An experiment's results: rows per game and seat, per game, and a summary with each metric's estimate, its 95 %
interval and its difference to the baseline with an interval; economy series as fan-chart bands; any game again.

Rows are plain dicts (this package is standard library only); :meth:`Results.frames` turns them into pandas frames
where pandas is installed, :meth:`Results.to_csv` writes them as CSV. ``docs/lab.md`` gives every formula.

Differences to the baseline are paired: per seed, the mean over the seat rotations of the variant's value minus the
baseline's, and the mean of those with its Student-t interval (:func:`games.lab.stats.paired_interval`).
"""

from __future__ import annotations

import csv
import importlib
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from games.core import Game

from .metrics import METRICS
from .playing import GameKey
from .stats import ConfidenceSequence, Estimate, mean_interval, paired_interval, rate_interval
from .store import Store

if TYPE_CHECKING:
    from .experiment import Arm, Experiment

#: The metrics of the summary, in order (first_player_advantage is first_player_win minus a fair share).
SUMMARY = ("first_player_advantage", "first_player_win", "skill_gap", "draw", "spread_second", "spread_last",
           "rounds", "turns", "decisions", "lead_changes", "drama", "winner_worst_place", "decided_at")
#: The quantiles of a fan chart's bands: 90 % and 50 % around the median.
BANDS = (0.05, 0.25, 0.5, 0.75, 0.95)


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values (linear between neighbours)."""
    if not sorted_values:
        return math.nan
    pos = q * (len(sorted_values) - 1)
    low = math.floor(pos)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (pos - low)


class Results:
    """What an experiment found (module docstring). ``records``: per arm key, the game records of the complete
    blocks in seed and rotation order."""

    def __init__(self, experiment: Experiment, records: dict[str, list[dict[str, Any]]], store: Store,
                 stops: dict[str, ConfidenceSequence], runner: str, stopped: bool = False) -> None:
        self.experiment = experiment
        self.records = records
        self.store = store
        self.stops = stops
        self.runner = runner
        self.stopped = stopped

    # ------------------------------------------------------------------ basics
    @property
    def arms(self) -> list[Arm]:
        return self.experiment.arms

    def arm(self, name: str) -> Arm:
        """An arm by its name, its variant's hash or its key."""
        for arm in self.arms:
            if name in (arm.name, arm.key, arm.variant.hash):
                return arm
        raise KeyError(f"no arm {name!r}; arms: {', '.join(a.name for a in self.arms)}")

    @property
    def games(self) -> int:
        """Games per arm."""
        return len(self.records[self.experiment.baseline.key])

    @property
    def decisions(self) -> dict[str, dict[str, Any]]:
        """Per variant, the stop rule's answer: ``decision``, ``games`` (per arm when it decided, or so far),
        ``difference`` (the mean paired difference of the stop metric) and its confidence-sequence ``interval``."""
        exp = self.experiment
        out = {}
        for arm in exp.variants:
            cs = self.stops.get(arm.key)
            if cs is None:
                continue
            blocks = cs.decided_at or cs.n
            out[arm.name] = {"decision": cs.decision(), "metric": exp.stop, "games": blocks * exp.rotations,
                             "difference": cs.mean, "interval": cs.interval, "alpha": exp.alpha,
                             "margin": exp.margin}
        return out

    # ------------------------------------------------------------------ rows
    def game_rows(self) -> list[dict[str, Any]]:
        """One row per arm and game: its seed and rotation, winners, scores and every per-game metric."""
        n = self.experiment.players
        rows = []
        for arm in self.arms:
            for r in self.records[arm.key]:
                row = {"arm": arm.name, "variant": arm.variant.hash, "salt": arm.salt, "seed": r["seed"],
                       "rotation": r["rotation"], "winners": " ".join(map(str, r["winners"])),
                       "first_seat": r["first_seat"],
                       "first_player_advantage": r["first_player_win"] - 1 / n}
                row.update({name: r[name] for name in SUMMARY if name in r})
                row.update({f"score_{p}": r["scores"][p] for p in range(n)})
                row["cpu"] = r.get("cpu", math.nan)
                rows.append(row)
        return rows

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row per arm, game and seat: the bot, its turn position, score, place, win share and how often its
        restriction refused an action."""
        rows = []
        for arm in self.arms:
            for r in self.records[arm.key]:
                for p, bot in enumerate(r["seats"]):
                    rows.append({"arm": arm.name, "seed": r["seed"], "rotation": r["rotation"], "seat": p,
                                 "bot": bot, "position": r["order"][p], "score": r["scores"][p],
                                 "place": r["place"][p], "win": r["win"][p], "restricted": r["restricted"][p]})
        return rows

    def _values(self, arm: Arm, metric: str) -> list[float]:
        n = self.experiment.players
        if metric == "first_player_advantage":
            return [r["first_player_win"] - 1 / n for r in self.records[arm.key]]
        return [float(r[metric]) for r in self.records[arm.key] if not _missing(r.get(metric))]

    def _blocks(self, arm: Arm, metric: str) -> list[float]:
        """Per seed, the mean over its rotations (the paired unit)."""
        rotations = self.experiment.rotations
        values = self._values(arm, metric)
        return [sum(values[i:i + rotations]) / rotations for i in range(0, len(values) - rotations + 1, rotations)]

    def estimate(self, arm: Arm, metric: str) -> Estimate:
        values = self._values(arm, metric)
        if metric in METRICS and METRICS[metric].kind == "rate":
            return rate_interval(sum(values), len(values))
        if metric == "first_player_advantage":
            share = 1 / self.experiment.players
            rate = rate_interval(sum(v + share for v in values), len(values))
            return Estimate(rate.value - share, rate.low - share, rate.high - share, rate.n)
        return mean_interval(values)

    def difference(self, arm: Arm, metric: str) -> Estimate:
        """The paired difference to the baseline (variant minus baseline) with its 95 % interval."""
        base = self._blocks(self.experiment.baseline, metric)
        mine = self._blocks(arm, metric)
        if len(base) != len(mine):
            return Estimate(math.nan, math.nan, math.nan, 0)
        return paired_interval(base, mine)

    def metrics(self) -> list[str]:
        """The summary's metrics that this experiment measures (``skill_gap`` needs two different bots)."""
        first, last = self.experiment.lineup[0], self.experiment.lineup[-1]
        return [m for m in SUMMARY if m != "skill_gap" or str(first) != str(last)]

    def summary_rows(self) -> list[dict[str, Any]]:
        """One row per arm and metric: ``estimate`` with ``low`` .. ``high`` (95 %), ``games``, and for a variant
        ``difference`` with ``diff_low`` .. ``diff_high`` (paired, 95 %) and the metric in words."""
        rows = []
        for arm in self.arms:
            for metric in self.metrics():
                est = self.estimate(arm, metric)
                row = {"arm": arm.name, "metric": metric, "estimate": est.value, "low": est.low, "high": est.high,
                       "games": est.n, "words": METRICS[metric].words if metric in METRICS else
                       "first player's win share minus a fair share (1/players)"}
                if arm is not self.experiment.baseline:
                    diff = self.difference(arm, metric)
                    row.update({"difference": diff.value, "diff_low": diff.low, "diff_high": diff.high})
                rows.append(row)
        return rows

    def win_rows(self, by: str = "seat") -> list[dict[str, Any]]:
        """Win rate per arm and ``by`` (``seat``, ``position`` in the turn order, or ``bot``) with its Wilson
        interval: a shared win counts as a fraction."""
        if by not in ("seat", "position", "bot"):
            raise ValueError(f"by is seat, position or bot, not {by!r}")
        totals: dict[tuple[str, Any], list[float]] = {}
        for row in self.seat_rows():
            totals.setdefault((row["arm"], row[by]), []).append(row["win"])
        out = []
        for (arm, key), wins in totals.items():
            est = rate_interval(sum(wins), len(wins))
            out.append({"arm": arm, by: key, "games": len(wins), "win_rate": est.value, "low": est.low,
                        "high": est.high})
        return out

    # ------------------------------------------------------------------ exports
    def frames(self) -> dict[str, Any]:
        """The rows as pandas frames: ``games``, ``seats``, ``summary``, ``wins_by_seat``, ``wins_by_position``,
        ``wins_by_bot`` (pandas is imported here, so the rules package itself needs none)."""
        try:
            pd = importlib.import_module("pandas")
        except ImportError:
            raise RuntimeError("pandas is not installed here; the rows are in game_rows(), seat_rows() and "
                               "summary_rows(), and to_csv() writes them") from None
        return {"games": pd.DataFrame(self.game_rows()), "seats": pd.DataFrame(self.seat_rows()),
                "summary": pd.DataFrame(self.summary_rows()),
                "wins_by_seat": pd.DataFrame(self.win_rows("seat")),
                "wins_by_position": pd.DataFrame(self.win_rows("position")),
                "wins_by_bot": pd.DataFrame(self.win_rows("bot"))}

    def to_csv(self, path: str | Path) -> list[Path]:
        """Write the games to ``path`` and the seats and summary beside it (``NAME.seats.csv``,
        ``NAME.summary.csv``); returns the files written."""
        path = Path(path)
        stem = path.with_suffix("")
        written = []
        for target, rows in ((path, self.game_rows()), (Path(f"{stem}.seats.csv"), self.seat_rows()),
                             (Path(f"{stem}.summary.csv"), self.summary_rows())):
            columns = list(dict.fromkeys(k for row in rows for k in row))
            with open(target, "w", newline="", encoding="utf-8") as out:
                writer = csv.DictWriter(out, columns)
                writer.writeheader()
                writer.writerows(rows)
            written.append(target)
        return written

    def report(self) -> str:
        """The summary as text (what the command prints)."""
        exp = self.experiment
        seats = "seats rotated" if exp.rotations > 1 else "seats fixed"
        lines = [f"{exp.game_id}: {self.games} games per arm, bots {exp.lineup_key}, {seats}, on {self.runner}"
                 f"{' (stopped early)' if self.stopped else ''}"]
        for name, d in self.decisions.items():
            low, high = d["interval"]
            lines.append(f"  stop rule on {d['metric']}: {name}: {d['decision']} after {d['games']} games per arm "
                         f"(difference {d['difference']:+.3g}, {1 - d['alpha']:.0%} sequence [{low:+.3g}, "
                         f"{high:+.3g}], margin {d['margin']:g})")
        width = max(len(m) for m in self.metrics())
        for arm in self.arms:
            lines.append(f"  == {arm.name} ({arm.variant.hash})")
            for metric in self.metrics():
                est = self.estimate(arm, metric)
                text = f"    {metric:<{width}}  {est}"
                if arm is not exp.baseline:
                    text += f"   difference {self.difference(arm, metric)}"
                lines.append(text)
        return "\n".join(lines)

    # ------------------------------------------------------------------ series and games
    def series_names(self) -> list[str]:
        """The series the game records (``Game.series``), from its first stored game."""
        arm = self.experiment.baseline
        for _, _, series in self.store.series(arm.key, self.experiment.lineup_key, self._seeds()):
            return list(series["values"])
        return []

    def _seeds(self) -> list[int]:
        return sorted({r["seed"] for r in self.records[self.experiment.baseline.key]})

    def _series_values(self, series: dict[str, Any], name: str, seat: Any) -> list[tuple[int, list[float]]]:
        """``(step, values)`` per note of one game: the note's values of ``name`` (all seats, one seat, or the
        game's winner)."""
        values_of = series["values"]
        if name not in values_of:
            raise KeyError(f"no series {name!r}; series: {', '.join(values_of)}")
        out = []
        for i, value in enumerate(values_of[name]):
            if isinstance(value, list):
                values = value if seat == "all" else [value[seat]]
            else:
                values = [value]
            out.append((i, values))
        return out

    def fan(self, name: str, by: str = "round", seat: Any = "all", arms: Iterable[str] | None = None) \
            -> list[dict[str, Any]]:
        """The bands of a fan chart: per arm and step (``by`` ``round``: the last note of each round; ``turn``:
        every note), the median and the 50 % and 90 % bands of ``name`` over the games (``seat``: ``"all"`` pools
        every seat's value, a number takes that seat's)."""
        if by not in ("round", "turn"):
            raise ValueError(f"by is round or turn, not {by!r}")
        chosen = [self.arm(a) for a in arms] if arms is not None else self.arms
        rows = []
        for arm in chosen:
            per_step: dict[int, list[float]] = {}
            for _, _, series in self.store.series(arm.key, self.experiment.lineup_key, self._seeds()):
                notes = self._series_values(series, name, seat)
                if by == "round":
                    last: dict[int, list[float]] = {}
                    for (_, values), rnd in zip(notes, series["rounds"], strict=True):
                        last[rnd] = values
                    steps = last.items()
                else:
                    steps = ((i, values) for i, values in notes)
                for step, values in steps:
                    per_step.setdefault(step, []).extend(values)
            for step in sorted(per_step):
                values = sorted(per_step[step])
                row = {"arm": arm.name, by: step, "games": len(values)}
                row.update({f"q{round(q * 100):02d}": quantile(values, q) for q in BANDS})
                rows.append(row)
        return rows

    def nearest_game(self, arm: str, name: str, step: int, value: float, by: str = "round",
                     seat: Any = "all") -> GameKey:
        """The game of ``arm`` whose ``name`` at ``step`` is nearest ``value`` (a click on a fan chart's band)."""
        chosen = self.arm(arm)
        best: tuple[float, int, int] | None = None
        for seed, rotation, series in self.store.series(chosen.key, self.experiment.lineup_key, self._seeds()):
            notes = self._series_values(series, name, seat)
            if by == "round":
                found = [values for (_, values), rnd in zip(notes, series["rounds"], strict=True) if rnd == step]
                values = found[-1] if found else None
            else:
                values = notes[step][1] if step < len(notes) else None
            if not values:
                continue
            gap = min(abs(v - value) for v in values)
            if best is None or (gap, seed, rotation) < best:
                best = (gap, seed, rotation)
        if best is None:
            raise KeyError(f"no game of {chosen.name} reaches {by} {step}")
        return GameKey(chosen.key, self.experiment.lineup_key, best[1], best[2])

    def key(self, arm: str, seed: int, rotation: int = 0) -> GameKey:
        return GameKey(self.arm(arm).key, self.experiment.lineup_key, seed, rotation)

    def game(self, key: GameKey) -> Game:
        """The game of ``key`` played again from its stored action log (an ordinary game, at its end)."""
        arm = next(a for a in self.arms if a.key == key.arm)
        game = arm.variant.new_game(players=self.experiment.players, seed=key.seed)
        for action in self.store.history(key):
            game.apply(action)
        return game

    def _series_of(self, key: GameKey) -> dict[str, Any]:
        for _, rotation, series in self.store.series(key.arm, key.lineup, [key.seed]):
            if rotation == key.rotation:
                return series
        raise KeyError(f"no game {key} in {self.store.path}")

    def turn_starts(self, key: GameKey) -> list[int]:
        """The step (actions taken) at which each of the game's turns began: where a table's time travel opens
        "turn k". Kept with the game's series (a store written before they were is replayed)."""
        series = self._series_of(key)
        if "starts" in series:
            return list(series["starts"][:-1])
        return self.replayed_turn_starts(key)

    def replayed_turn_starts(self, key: GameKey) -> list[int]:
        """:meth:`turn_starts` found by playing the game again from its log."""
        arm = next(a for a in self.arms if a.key == key.arm)
        game = arm.variant.new_game(players=self.experiment.players, seed=key.seed)
        starts, player = [], None
        for step, action in enumerate([*self.store.history(key), None]):
            now = game.current_player
            if now is not None and now != player:
                player = now
                starts.append(step)
            if action is not None:
                game.apply(action)
        return starts

    def round_starts(self, key: GameKey) -> dict[int, int]:
        """The step at which each round began (from the stored series' rounds)."""
        turns = self.turn_starts(key)
        out: dict[int, int] = {}
        for step, rnd in zip(turns, self._series_of(key)["rounds"], strict=False):
            out.setdefault(rnd, step)
        return out


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))
