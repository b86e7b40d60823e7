"""What a search towards a target found: its candidates with each goal's estimate and interval, the way it went (the
best so far after every step), the combinations the game refused, and the **confirmation** of the best on fresh seeds
with its verdict in words.

**Intervals.** A goal's interval for one candidate is the lab's confidence sequence over the candidate's blocks (one
block: a seed in every seat rotation, its mean): a betting sequence where the measure has bounds (a share, a place),
the t-sequence with a variance floor where it has none (a length, a spread, a series). Both hold at whatever number
of games a candidate got, which the search chose as it went (``docs/lab.md``).

**Why confirm.** The best of many candidates is partly the luckiest: its estimate, from the games that picked it, is
biased towards the target (the winner's curse). So the best is played again on **fresh seeds** the search never
played (``seed + CONFIRM_OFFSET`` on: a search's seeds stay below it, whatever its budget), beside the baseline, as an
ordinary experiment of the lab (its report, its games, its verdicts against the baseline). Each goal's interval there
is at ``alpha / k`` for the ``k`` goals with a band or a bound, so that together they hold at ``1 - alpha``: the best
is **confirmed** when every such goal's interval lies inside its band, **not confirmed** when one lies wholly outside,
and **not clear yet** otherwise. Whether the search's own estimate lies inside the fresh interval says whether the
search was lucky.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from .results import write_tables
from .sequences import BettingSequence, TSequence
from .verdicts import percent, plain

if TYPE_CHECKING:
    from .results import Results
    from .search import Point, Search
    from .targets import Goal, Measure, Target
    from .variants import Variant

#: The confirmation's first seed, after the target's first seed: no search reaches it (its blocks stay below).
CONFIRM_OFFSET = 1_000_000


def interval(measure: Measure, blocks: Sequence[float], rotations: int, alpha: float) -> tuple[float, float]:
    """The ``1 - alpha`` interval of the mean of ``measure`` from its block means (module docstring); infinite
    ends when there are too few blocks to say."""
    values = [float(v) for v in blocks]
    if not values:
        return -math.inf, math.inf
    if measure.bounded:
        sequence: Any = BettingSequence(measure.low, measure.high, alpha)
    else:
        step = measure.step / max(1, rotations)
        sequence = TSequence(floor=(step / 2) ** 2, t_star=max(10.0, len(values) / 4), alpha=alpha)
    sequence.extend(values)
    low, high = sequence.interval(alpha)
    return max(low, measure.low), min(high, measure.high)


def span(measure: Measure, low: float, high: float) -> str:
    """An interval as the sentences write it: ``57.9 to 62.6 turns``, ``-2 to +12 %``."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return "too few games for an interval"
    signed = measure.low < 0
    if measure.share:
        return f"{plain(100 * low, signed=signed)} to {plain(100 * high, signed=signed)} %"
    return f"{plain(low, signed=signed)} to {plain(high, signed=signed)}{' ' + measure.unit if measure.unit else ''}"


@dataclass
class GoalCheck:
    """One goal on the confirmation's fresh games: the best's ``estimate`` and interval at ``confidence``, the
    ``call`` (meets, misses, not clear; ``""`` for a direction), the search's own ``search_estimate`` and whether
    it lies inside (``agrees``), the baseline's estimate on the same seeds, and the sentence."""

    goal: Goal
    estimate: float
    low: float
    high: float
    confidence: float
    call: str
    search_estimate: float
    agrees: bool
    baseline: float | None
    words: str

    def row(self) -> dict[str, Any]:
        return {"goal": self.goal.text(), "metric": self.goal.metric, "estimate": self.estimate, "low": self.low,
                "high": self.high, "confidence": self.confidence, "call": self.call,
                "search_estimate": self.search_estimate, "agrees": self.agrees, "baseline": self.baseline,
                "words": self.words}


@dataclass
class Confirmation:
    """The best candidate on fresh seeds (module docstring): the lab's ``results`` (the best against the baseline),
    the ``seeds`` played, each goal's ``checks``, the ``call`` (confirmed, not confirmed, not clear yet) and the
    ``words``."""

    results: Results
    seeds: tuple[int, int]
    games: int
    checks: list[GoalCheck]
    call: str
    words: str


def _goal_words(goal: Goal, estimate: float, low: float, high: float, confidence: float, call: str,
                search: float, agrees: bool) -> str:
    m = goal.measure
    said = f"{goal.metric} {m.number(estimate, signed=m.low < 0)} ({percent(confidence)}: {span(m, low, high)})"
    if call == "meets":
        said += f": meets {goal.text()}"
    elif call == "misses":
        said += f": misses {goal.text()}"
    elif call:
        said += f": not clear yet against {goal.text()}"
    luck = "inside it" if agrees else "outside it: the search's pick was partly luck"
    return f"{said}; the search's estimate {m.number(search, signed=m.low < 0)} lies {luck}"


def confirm_checks(target: Target, results: Results, best_arm: Any, search_means: dict[str, float]) \
        -> tuple[list[GoalCheck], str]:
    """Each goal on the confirmation's games, the overall call and its sentence (module docstring)."""
    exp = results.experiment
    records = results.records[best_arm.key]
    base_records = results.records[exp.baseline.key] if best_arm is not exp.baseline else records
    bounded = [g for g in target.goals if g.kind not in ("up", "down")]
    level = target.alpha / max(1, len(bounded))
    checks = []
    for goal in target.goals:
        m = goal.measure
        values = [m.value(r, exp.players) for r in records]
        blocks = [sum(values[i:i + exp.rotations]) / exp.rotations for i in range(0, len(values), exp.rotations)]
        estimate = math.fsum(blocks) / len(blocks) if blocks else math.nan
        low, high = interval(m, blocks, exp.rotations, level)
        call = goal.call(low, high)
        search = search_means.get(goal.metric, math.nan)
        agrees = low <= search <= high
        base_values = [m.value(r, exp.players) for r in base_records]
        baseline = math.fsum(base_values) / len(base_values) if base_values else None
        words = _goal_words(goal, estimate, low, high, 1 - level, call, search, agrees)
        checks.append(GoalCheck(goal, estimate, low, high, 1 - level, call, search, agrees, baseline, words))
    calls = [c.call for c in checks if c.call]
    if not calls:
        overall = "measured"
    elif all(c == "meets" for c in calls):
        overall = "confirmed"
    elif any(c == "misses" for c in calls):
        overall = "not confirmed"
    else:
        overall = "not clear yet"
    return checks, overall


def confirmation_words(call: str, games: int, seeds: tuple[int, int], best: str, checks: Sequence[GoalCheck]) -> str:
    """The confirmation's verdict as a sentence."""
    fresh = (f"{plain(games)} fresh games (seeds {plain(seeds[0])} to {plain(seeds[1])}, which the search never "
             "played)")
    lucky = [c.goal.metric for c in checks if not c.agrees]
    luck = (" The search's estimates lie inside the fresh intervals: no sign that its pick was luck." if not lucky
            else f" The search's estimate of {', '.join(lucky)} lies outside the fresh interval: the search's pick "
            "was partly luck (the winner's curse), and the fresh figures are the ones to believe.")
    if call == "confirmed":
        head = f"Confirmed on {fresh}: the best candidate ({best}) meets every goal."
    elif call == "not confirmed":
        missed = ", ".join(c.goal.text() for c in checks if c.call == "misses")
        head = f"Not confirmed on {fresh}: the best candidate ({best}) misses {missed}."
    elif call == "not clear yet":
        unclear = [c.goal.text() for c in checks if c.call == "not clear"]
        verb = "needs" if len(unclear) == 1 else "need"
        head = (f"Not clear yet on {fresh}: the best candidate ({best}) misses no goal, but {', '.join(unclear)} "
                f"{verb} more games to tell.")
    else:
        head = f"Measured on {fresh}: the best candidate ({best})."
    return head + luck


@dataclass
class TuneResults:
    """A search's results (module docstring): the ``target``, the ``search`` (its table of blocks, ranking and
    skipped combinations), the ``budget`` and ``used`` games, the ``trajectory`` (one row per step), the ``tried``
    rows (each candidate as it was played), the ``confirmation`` (``None`` when the run stopped first or none was
    asked), the ``runner``, whether it was ``stopped``, the games it ``played`` and those read from the store
    (``kept``)."""

    target: Target
    search: Search
    budget: int
    used: int
    trajectory: list[dict[str, Any]]
    tried: list[dict[str, Any]]
    runner: str
    stopped: bool = False
    played: int = 0
    kept: int = 0
    confirmation: Confirmation | None = None
    notes: list[str] = field(default_factory=list)

    # ------------------------------------------------------------------ reading
    @property
    def method(self) -> str:
        return self.search.name

    @property
    def best_point(self) -> Point | None:
        return self.search.best()

    @property
    def best(self) -> Variant | None:
        """The search's best candidate as a variant (the one confirmed), named after the target."""
        point = self.best_point
        if point is None:
            return None
        from .variants import Variant

        found = self.target.space.variant(point)
        name = f"{self.target.name}: {found.name}" if self.target.name else found.name
        return Variant(found.game_id, found.changes, name=name if len(name) <= 200 else name[:199] + "…")

    @property
    def skipped(self) -> dict[str, int]:
        """The combinations the game refused, by reason, with how many."""
        return dict(self.search.skipped.most_common())

    @property
    def candidates(self) -> int:
        return len(self.search.played())

    def means(self, point: Point) -> dict[str, float]:
        return self.search.table.means(point)

    def rows(self, most: int | None = None) -> list[dict[str, Any]]:
        """One row per candidate played, the best first (:meth:`games.lab.search.Search.ranking`): ``rank``,
        ``candidate`` (in words), ``variant`` (its hash), each dimension's value, ``blocks``, ``games``, ``loss``
        and per goal its ``estimate``, ``low`` and ``high`` (at ``1 - alpha``, valid whatever games it got) and
        whether that interval ``meets`` the goal."""
        target, space = self.target, self.target.space
        rows = []
        for rank, point in enumerate(self.search.ranking()[:most], 1):
            blocks = self.search.table.blocks[point]
            row: dict[str, Any] = {"rank": rank, "candidate": space.describe(point),
                                   "variant": space.variant(point).hash, **space.values(point),
                                   "blocks": len(blocks), "games": len(blocks) * target.rotations,
                                   "loss": self.search.own_loss(point)}
            for goal in target.goals:
                values = [b[goal.metric] for b in blocks]
                low, high = interval(goal.measure, values, target.rotations, target.alpha)
                row[goal.metric] = math.fsum(values) / len(values)
                row[f"{goal.metric}_low"], row[f"{goal.metric}_high"] = low, high
                row[f"{goal.metric}_call"] = goal.call(low, high)
            rows.append(row)
        return rows

    # ------------------------------------------------------------------ writing
    def to_csv(self, path: str | Path) -> list[Path]:
        """Write the candidates to ``path`` and beside it the way the search went (``NAME.progress.csv``) and the
        confirmation's goals (``NAME.confirmation.csv``, when there is one); returns the files written."""
        path = Path(path)
        stem = path.with_suffix("")
        tables = [(path, self.rows()), (Path(f"{stem}.progress.csv"), self.trajectory)]
        if self.confirmation is not None:
            tables.append((Path(f"{stem}.confirmation.csv"), [c.row() for c in self.confirmation.checks]))
        return write_tables(tables)

    def write_best(self, path: str | Path) -> Path | None:
        """Write the best candidate as an ordinary variant file (``None`` when nothing was played)."""
        best = self.best
        if best is None:
            return None
        path = Path(path)
        path.write_text(best.to_json() + "\n", encoding="utf-8")
        return path

    def summary(self) -> str:
        """One line: what was searched, how, and the best."""
        best = self.best_point
        said = self.target.space.describe(best) if best is not None else "none yet"
        return (f"{self.target.game_id}: {self.candidates} of {plain(self.target.space.size)} candidates tried by "
                f"{self.method} in {plain(self.used)} of {plain(self.budget)} games; the best: {said}")

    def report(self, most: int = 5) -> str:
        """The results as text (what the command prints)."""
        target = self.target
        lines = [f"target {target.label!r} on {target.game_id}, bots {target.lineup_key}, "
                 f"{'seats rotated' if target.rotations > 1 else 'seats fixed'}, on {self.runner}"
                 + (" (stopped early)" if self.stopped else "")]
        lines.append("  goals: " + "; ".join(g.text() for g in target.goals))
        lines.append("  space: " + "; ".join(f"{d.name} ({len(d)} values)" for d in target.space.dimensions)
                     + f": {plain(target.space.size)} candidates")
        lines.append("  " + self.summary())
        for note in self.notes + target.space.notes:
            lines.append(f"  note: {note}")
        for reason, count in self.skipped.items():
            lines.append(f"  skipped {count} combination{'s' if count != 1 else ''} the game refuses: {reason}")
        lines.append(f"  == the best candidates (estimates from the search's seeds, {percent(1 - target.alpha)} "
                     "intervals that hold whatever games each got)")
        for row in self.rows(most):
            goals = "; ".join(f"{g.metric} {g.measure.number(row[g.metric], signed=g.measure.low < 0)} "
                              f"({span(g.measure, row[g.metric + '_low'], row[g.metric + '_high'])})"
                              for g in target.goals)
            lines.append(f"    {row['rank']}. {row['candidate']}: {plain(row['games'])} games, loss "
                         f"{plain(row['loss'])}; {goals}")
        if self.confirmation is not None:
            lines.append("  == the best on fresh seeds")
            lines.append(f"    {self.confirmation.words}")
            for check in self.confirmation.checks:
                lines.append(f"    {check.words}")
        elif not self.stopped:
            lines.append("  (no confirmation asked)")
        return "\n".join(lines)


__all__ = ["CONFIRM_OFFSET", "Confirmation", "GoalCheck", "TuneResults", "confirm_checks", "confirmation_words",
           "interval", "span"]
