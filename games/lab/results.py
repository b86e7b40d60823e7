"""An experiment's results: rows per game and seat, per game, and a summary with each metric's estimate, its 95 %
interval and its difference to the baseline with an interval; economy series as fan-chart bands; any game again.

Rows are plain dicts (this package is standard library only); :meth:`Results.frames` turns them into pandas frames
where pandas is installed, :meth:`Results.to_csv` writes them as CSV. ``docs/lab.md`` gives every formula.

Differences to the baseline are paired: per seed, the mean over the seat rotations of the variant's value minus the
baseline's; their mean with a confidence sequence's interval (:func:`games.lab.verdicts.judge`), which holds at
whatever number of games the experiment stopped, and a **verdict in words** per metric. Each arm's own estimates are
a rate with its Wilson interval or a mean with its Student-t interval, clipped to the metric's bounds.
"""

from __future__ import annotations

import csv
import importlib
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from games.core import Game
from games.core.decision import seat_label

from .metrics import METRICS
from .metrics import metric as metric_named
from .playing import GameKey
from .stats import Estimate, mean_interval, rate_interval
from .store import Store
from .verdicts import UNDECIDED, StopRule, Verdict, judge, percent, plain

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


def write_tables(tables: Iterable[tuple[Path, list[dict[str, Any]]]]) -> list[Path]:
    """Write each table (a file, its rows) as CSV, the columns in the order the rows first name them; returns the
    files written."""
    written = []
    for target, rows in tables:
        columns = list(dict.fromkeys(k for row in rows for k in row))
        with open(target, "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, columns)
            writer.writeheader()
            writer.writerows(rows)
        written.append(target)
    return written

class Results:
    """What an experiment found (module docstring). ``records``: per arm key, the game records of the complete
    blocks in seed and rotation order."""

    def __init__(self, experiment: Experiment, records: dict[str, list[dict[str, Any]]], store: Store,
                 rule: StopRule | None, runner: str, stopped: bool = False, saved: int = 0, past_decision: int = 0,
                 warnings: Sequence[str] = (), played: int = 0) -> None:
        self.experiment = experiment
        self.records = records
        self.store = store
        self.rule = rule
        self.runner = runner
        self.stopped = stopped
        #: games of the plan the stop rule made unnecessary, games played past its decision, games this run played
        self.saved, self.past_decision, self.played = saved, past_decision, played
        self.warnings = list(warnings)
        self._verdicts: dict[tuple[str, str], Verdict] = {}

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
        ``difference`` (the mean paired difference of the stop metric), its confidence-sequence ``interval`` at
        ``confidence``, the sequence's ``method`` and the ``words``."""
        exp = self.experiment
        if self.rule is None:
            return {}
        out = {}
        for arm in exp.variants:
            v = self.rule.verdict(arm.key, arm.name)
            out[arm.name] = {"decision": v.call, "metric": exp.stop, "games": v.games, "difference": v.estimate,
                             "interval": (v.low, v.high), "alpha": exp.alpha, "confidence": v.confidence,
                             "margin": exp.margin, "method": v.method, "words": v.words}
        return out

    @property
    def decided(self) -> bool:
        """Whether the stop rule ended the experiment (every variant decided)."""
        return self.rule is not None and bool(self.experiment.variants) and \
            all(self.rule.call(a.key) != UNDECIDED for a in self.experiment.variants)

    def verdict(self, arm: Arm | str, metric: str) -> Verdict:
        """The verdict of ``metric`` for a variant: the stop rule's for its metric, else the metric's confidence
        sequence read over every complete block (:func:`games.lab.verdicts.judge`, at ``alpha / k``)."""
        arm = self.arm(arm) if isinstance(arm, str) else arm
        exp = self.experiment
        key = (arm.key, metric)
        if key not in self._verdicts:
            if metric == exp.stop and self.rule is not None:
                found = self.rule.verdict(arm.key, arm.name)
            else:
                base = self._blocks(exp.baseline, metric)
                mine = self._blocks(arm, metric)
                found = judge(metric, [v - b for b, v in zip(base, mine, strict=False)], players=exp.players,
                              rotations=exp.rotations, alpha=exp.alpha, arm=arm.name,
                              arms=len(exp.variants), margin=exp.margin if metric == exp.stop else None)
            self._verdicts[key] = found
        return self._verdicts[key]

    def verdicts(self) -> list[Verdict]:
        """Every variant's verdict on every summary metric (the stop metric first)."""
        exp = self.experiment
        order = sorted(self.metrics(), key=lambda m: m != exp.stop)
        return [self.verdict(arm, m) for arm in exp.variants for m in order]

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
        """An arm's own value of ``metric``: a rate with its Wilson interval, or a mean with its Student-t interval,
        clipped to the metric's bounds (a share's interval never passes 1)."""
        values = self._values(arm, metric)
        if metric in METRICS and METRICS[metric].kind == "rate":
            return rate_interval(sum(values), len(values))
        if metric == "first_player_advantage":
            share = 1 / self.experiment.players
            rate = rate_interval(sum(v + share for v in values), len(values))
            return Estimate(rate.value - share, rate.low - share, rate.high - share, rate.n)
        found = mean_interval(values)
        lowest, highest = metric_named(metric).bounds(self.experiment.players)
        if math.isnan(found.low):
            return found
        return Estimate(found.value, max(found.low, lowest), min(found.high, highest), found.n)

    def difference(self, arm: Arm, metric: str) -> Estimate:
        """The paired difference to the baseline (variant minus baseline) with its interval, valid at whatever
        number of games the experiment stopped (:meth:`verdict`; ``n``: the blocks it rests on)."""
        v = self.verdict(arm, metric)
        return Estimate(v.estimate, v.low, v.high, v.games // self.experiment.rotations)

    def metrics(self) -> list[str]:
        """The summary's metrics that this experiment measures (``skill_gap`` needs two different bots)."""
        first, last = self.experiment.lineup[0], self.experiment.lineup[-1]
        return [m for m in SUMMARY if m != "skill_gap" or str(first) != str(last)]

    def summary_rows(self) -> list[dict[str, Any]]:
        """One row per arm and metric: ``estimate`` with ``low`` .. ``high`` (95 %), ``games``, and for a variant
        ``difference`` with ``diff_low`` .. ``diff_high`` (paired, the verdict's interval at ``confidence``), the
        ``call`` and the ``verdict`` in words; ``words`` says what the metric is."""
        rows = []
        for arm in self.arms:
            for metric in self.metrics():
                est = self.estimate(arm, metric)
                row = {"arm": arm.name, "metric": metric, "estimate": est.value, "low": est.low, "high": est.high,
                       "games": est.n, "words": METRICS[metric].words if metric in METRICS else
                       "first player's win share minus a fair share (1/players)"}
                if arm is not self.experiment.baseline:
                    v = self.verdict(arm, metric)
                    row.update({"difference": v.estimate, "diff_low": v.low, "diff_high": v.high,
                                "confidence": v.confidence, "call": v.call, "verdict": v.words})
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
                "wins_by_bot": pd.DataFrame(self.win_rows("bot")),
                "wins": pd.DataFrame(self.all_win_rows())}

    def all_win_rows(self) -> list[dict[str, Any]]:
        """The win rates by seat, by turn position and by bot in one table: ``by`` names which, ``group`` the seat
        (``Player 1``), the turn position (``1st to play``) or the bot."""
        out = []
        for by in ("seat", "position", "bot"):
            for row in self.win_rows(by):
                group = row.pop(by)
                name = seat_label(group) if by == "seat" else f"{_ordinal(group + 1)} to play" \
                    if by == "position" else group
                out.append({"arm": row.pop("arm"), "by": by, "group": name, **row})
        return out

    def to_csv(self, path: str | Path) -> list[Path]:
        """Write the games to ``path`` and beside it the seats, the summary (with the verdicts) and the win rates by
        seat, turn position and bot (``NAME.seats.csv``, ``NAME.summary.csv``, ``NAME.wins.csv``); returns the
        files written."""
        path = Path(path)
        stem = path.with_suffix("")
        return write_tables([(path, self.game_rows()), (Path(f"{stem}.seats.csv"), self.seat_rows()),
                             (Path(f"{stem}.summary.csv"), self.summary_rows()),
                             (Path(f"{stem}.wins.csv"), self.all_win_rows())])

    def report(self) -> str:
        """The results as text (what the command prints): the stop rule's end, a verdict in words per metric, each
        metric per arm with its interval, and the win rates by seat, turn position and bot."""
        exp = self.experiment
        seats = "seats rotated" if exp.rotations > 1 else "seats fixed"
        lines = [f"{exp.game_id}: {plain(self.games)} games per arm, bots {exp.lineup_key}, {seats}, on {self.runner}"
                 f"{' (stopped early)' if self.stopped else ''}"]
        for warning in self.warnings:
            lines.append(f"  warning: {warning}")
        if self.decided:
            lines.append(f"  the stop rule ended the run after {plain(self.games)} games per arm (of at most "
                         f"{plain(exp.games)}): {plain(self.saved)} games not needed"
                         + (f", {plain(self.past_decision)} played past the decision" if self.past_decision else ""))
        for name, d in self.decisions.items():
            low, high = d["interval"]
            lines.append(f"  stop rule on {d['metric']} ({d['method']} sequence): {name}: {d['decision']} after "
                         f"{plain(d['games'])} games per arm (difference {plain(d['difference'], signed=True)}, "
                         f"{percent(d['confidence'])} sequence {plain(low, signed=True)} to {plain(high, signed=True)}"
                         f", margin {plain(d['margin'])})")
        for arm in exp.variants:
            lines.append(f"  == {arm.name} against {exp.baseline.name}: in words")
            for v in self.verdicts():
                if v.arm == arm.name:
                    lines.append(f"    {v.metric}: {v.words}")
        width = max(len(m) for m in self.metrics())
        for arm in self.arms:
            lines.append(f"  == {arm.name} ({arm.variant.hash})")
            for metric in self.metrics():
                est = self.estimate(arm, metric)
                text = f"    {metric:<{width}}  {_estimate_text(est)}"
                if arm is not exp.baseline:
                    v = self.verdict(arm, metric)
                    text += (f"   difference {plain(v.estimate, signed=True)} ({percent(v.confidence)}: "
                             f"{plain(v.low, signed=True)} to {plain(v.high, signed=True)})")
                lines.append(text)
        lines.append("  == win rate (95 % Wilson interval)")
        for row in self.all_win_rows():
            by = "turn position" if row["by"] == "position" else row["by"]
            lines.append(f"    {row['arm']}, by {by}: {row['group']}: {plain(100 * row['win_rate'])} % "
                         f"({plain(100 * row['low'])} to {plain(100 * row['high'])} %, {plain(row['games'])} games)")
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


def _estimate_text(est: Estimate) -> str:
    if math.isnan(est.low):
        return f"{plain(est.value)} (n={est.n})"
    return f"{plain(est.value)} ({plain(est.low)} to {plain(est.high)})"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))
