"""Verdicts: what an experiment says about one metric of one arm, as numbers (an estimate and an interval that holds
at every number of games) and in words a class reads ("the variant shortens the game by 23 turns (95 %: 18 to
28)"), the same in the printed report, the CSVs, the view and the handed-in report.

* :func:`sequence_for` - the confidence sequence a metric's paired differences get (``docs/lab.md`` says which and
  why): a betting sequence where the metric has bounds (rates, shares, places), the t-sequence where it has none
  (lengths, spreads).
* :class:`StopRule` - the sequential stop over several variants: each variant's "different" call by Holm's step-down
  over their evidence (or a split alpha), its "no difference" call at ``alpha / k``; calls are made once and kept.
* :func:`judge` - the verdict of a metric from its block differences (what every metric of the summary gets at the
  end, valid whenever the experiment stopped).
* :class:`Verdict`, :func:`verdict_words`, :func:`plain` - the verdict, its sentence, and numbers as people write
  them (``1,020``, ``0.05``, never ``1.02e+03``).

This is the API a search over many candidates reuses: ``judge(metric, differences, players=..., rotations=...,
alpha=..., margin=...)`` gives estimate, interval and call of one metric for one arm.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Sequence

from .metrics import difference_bounds
from .metrics import metric as metric_named
from .sequences import BernsteinSequence, BettingSequence, TSequence, holm
from .sequences import Sequence as ConfidenceSequence

DIFFERENT, SAME, UNDECIDED = "different", "no difference", "undecided"
#: How the stop rule shares alpha among several variants: Holm's step-down for "different" (the default), or alpha
#: split evenly (``alpha / k`` for every call).
CORRECTIONS = ("holm", "split")


def plain(x: float, digits: int = 3, signed: bool = False) -> str:
    """``x`` as people write it: ``digits`` significant digits but never fewer whole ones, thousands grouped, no
    exponent and no trailing zeros (``1,020``, ``36``, ``0.05``, ``-2.47``); ``–`` for a missing number."""
    if not isinstance(x, (int, float)) or isinstance(x, bool) or not math.isfinite(x):
        return "–"
    if x == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(x)))
    decimals = min(6, max(0, digits - 1 - magnitude))
    text = f"{x:{'+' if signed else ''},.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", "+0"):
        return "0"
    return text


def percent(level: float) -> str:
    """A confidence as a class reads it: ``95 %``, ``97.5 %``."""
    return f"{plain(100 * level, 4)} %"


@dataclass(frozen=True)
class Verdict:
    """One metric of one arm against the baseline: ``call`` (different, no difference, undecided), the paired
    difference ``estimate`` with its interval ``low`` .. ``high`` at ``confidence`` (valid at every number of games),
    the ``games`` per arm it rests on, its ``method`` (the sequence), the ``margin`` of no difference, the sentence
    ``words``, where the stop rule decided (``decided_at``, games per arm; ``None``: not by the stop rule) and, for
    a bounded metric, the empirical-Bernstein interval at the same confidence (``cross_check``)."""

    arm: str
    metric: str
    call: str
    estimate: float
    low: float
    high: float
    confidence: float
    games: int
    method: str
    margin: float
    words: str
    decided_at: int | None = None
    cross_check: tuple[float, float] | None = None

    def row(self) -> dict[str, Any]:
        out = asdict(self)
        check = out.pop("cross_check")
        out["check_low"], out["check_high"] = check if check else (math.nan, math.nan)
        return out


def sequence_for(metric: str, players: int, rotations: int, alpha: float, t_star: float = 20,
                 watch: Iterable[float] = ()) -> ConfidenceSequence:
    """The confidence sequence for the block differences of ``metric`` (each the mean over ``rotations`` games of
    the variant's value minus the baseline's): a betting sequence on the differences' bounds where the metric has
    bounds, else the t-sequence with a variance floor of half a difference's step (one game's step over the
    rotations), squared."""
    low, high = difference_bounds(metric, players)
    if math.isfinite(low) and math.isfinite(high):
        return BettingSequence(low, high, alpha, watch=watch)
    step = metric_named(metric).step / max(1, rotations)
    return TSequence(floor=(step / 2) ** 2, t_star=t_star, alpha=alpha)


def cross_check_for(metric: str, players: int, alpha: float) -> BernsteinSequence | None:
    low, high = difference_bounds(metric, players)
    if math.isfinite(low) and math.isfinite(high):
        return BernsteinSequence(low, high, alpha)
    return None


def _scaled(metric: str, x: float) -> float:
    return 100 * x if metric_named(metric).share else x


def _magnitude(metric: str, x: float) -> str:
    m = metric_named(metric)
    unit = "percentage points" if m.share else m.unit
    text = plain(abs(_scaled(metric, x)))
    if unit and text == "1" and unit.endswith("s"):
        unit = unit[:-1]
    return f"{text} {unit}".strip()


def verdict_words(metric: str, call: str, estimate: float, low: float, high: float, margin: float,
                  confidence: float) -> str:
    """The verdict as a sentence: ``the variant shortens the game by 23 turns (95 %: 18 to 28)``; ``the first
    player's edge does not change: within ±3 percentage points``; ``the game's length: not clear yet (95 %: 4
    fewer to 6 more turns)``."""
    m = metric_named(metric)
    unit = "percentage points" if m.share else m.unit
    level = percent(confidence)
    if call == DIFFERENT:
        verb = m.up if estimate > 0 else m.down
        near, far = sorted((abs(_scaled(metric, low)), abs(_scaled(metric, high))))
        return f"the variant {verb} by {_magnitude(metric, estimate)} ({level}: {plain(near)} to {plain(far)})"
    if call == SAME:
        return f"{m.subject} does not change: within ±{_magnitude(metric, margin)}"
    if not (math.isfinite(low) and math.isfinite(high)):
        return f"{m.subject}: not clear yet (too few games for an interval)"
    return (f"{m.subject}: not clear yet ({level}: {plain(_scaled(metric, low), signed=True)} to "
            f"{plain(_scaled(metric, high), signed=True)} {unit})").replace("  ", " ")


def call_of(sequence: ConfidenceSequence, level: float, margin: float) -> str:
    """What a sequence says at ``level``: different when its interval leaves out 0, no difference when it lies
    inside ``(-margin, margin)``, else undecided."""
    if sequence.evidence(0.0) >= 1 / level:
        return DIFFERENT
    if sequence.evidence_above(-margin) >= 1 / level and sequence.evidence_below(margin) >= 1 / level:
        return SAME
    return UNDECIDED


def judge(metric: str, differences: Sequence[float], *, players: int, rotations: int, alpha: float = 0.05,
          margin: float | None = None, arm: str = "", arms: int = 1, t_star: float | None = None) -> Verdict:
    """The verdict of ``metric`` for one arm from its block differences (variant minus baseline, one per seed, in
    seed order) at ``alpha / arms`` (the split among ``arms`` variants): its sequence read after the last block,
    which is valid whenever the experiment stopped."""
    margin = metric_named(metric).margin if margin is None else margin
    level = alpha / max(1, arms)
    values = [float(x) for x in differences if x is not None and not math.isnan(x)]
    t_star = max(10.0, len(values) / 4) if t_star is None else t_star
    sequence = sequence_for(metric, players, rotations, level, t_star, watch=(0.0, -margin, margin))
    sequence.extend(values)
    check = cross_check_for(metric, players, level)
    if check is not None:
        check.extend(values)
    low, high = _clipped(metric, players, *sequence.interval(level))
    call = call_of(sequence, level, margin) if values else UNDECIDED
    estimate = sequence.mean
    return Verdict(arm, metric, call, estimate, low, high, 1 - level, len(values) * rotations, sequence.kind, margin,
                   verdict_words(metric, call, estimate, low, high, margin, 1 - level),
                   cross_check=check.interval() if check is not None and values else None)


def _clipped(metric: str, players: int, low: float, high: float) -> tuple[float, float]:
    lowest, highest = difference_bounds(metric, players)
    return max(low, lowest), min(high, highest)


@dataclass
class Call:
    """The stop rule's call for one arm: ``call``, at ``level`` (alpha), after ``blocks``, with the estimate and
    interval it was made with."""

    call: str
    level: float
    blocks: int
    estimate: float
    low: float
    high: float


class StopRule:
    """The sequential stop over the variants of an experiment, on one metric (module docstring).

    Feed it one block at a time (:meth:`add`: each variant's block difference). After each, per undecided variant
    (from ``burn_in`` blocks on): **different** when Holm's step-down over every variant's evidence against 0
    rejects it (``correction="holm"``; ``"split"``: when its evidence reaches ``k / alpha``), at the level Holm gave
    it; else **no difference** when its interval at ``alpha / k`` lies inside ``(-margin, margin)``. A call is kept
    once made; the experiment may stop when every variant has one. Together the "different" calls are wrong with
    chance at most ``alpha``, and each "no difference" call with chance at most ``alpha / k``."""

    def __init__(self, metric: str, arms: Sequence[str], *, players: int, rotations: int, alpha: float = 0.05,
                 margin: float | None = None, burn_in: int = 2, correction: str = "holm",
                 t_star: float = 20) -> None:
        if correction not in CORRECTIONS:
            raise ValueError(f"the correction for several variants is {' or '.join(CORRECTIONS)}, not {correction!r}")
        if not 0 < alpha < 1:
            raise ValueError(f"alpha is a chance between 0 and 1, not {alpha!r}")
        self.metric, self.players, self.rotations = metric, players, rotations
        self.alpha, self.correction, self.burn_in = alpha, correction, max(1, int(burn_in))
        self.margin = metric_named(metric).margin if margin is None else float(margin)
        if not self.margin > 0:
            raise ValueError(f"the margin of no difference is above 0, not {margin!r}")
        self.arms = list(arms)
        self.split = alpha / max(1, len(self.arms))
        watch = (0.0, -self.margin, self.margin)
        self.sequences = {arm: sequence_for(metric, players, rotations, self.split, t_star, watch)
                          for arm in self.arms}
        self.checks = {arm: cross_check_for(metric, players, self.split) for arm in self.arms}
        self.calls: dict[str, Call] = {}
        self.blocks = 0

    @property
    def method(self) -> str:
        return next(iter(self.sequences.values())).kind if self.sequences else ""

    def add(self, differences: dict[str, float]) -> None:
        """One block: every variant's difference (variant minus baseline, the block's mean)."""
        self.blocks += 1
        for arm in self.arms:
            self.sequences[arm].add(differences[arm])
            check = self.checks[arm]
            if check is not None:
                check.add(differences[arm])
        if self.blocks < self.burn_in:
            return
        evidence = {arm: self.sequences[arm].evidence(0.0) for arm in self.arms}
        if self.correction == "holm":
            rejected = holm(evidence, self.alpha)
        else:
            rejected = {arm: self.split for arm, e in evidence.items() if e >= 1 / self.split}
        for arm in self.arms:
            if arm in self.calls:
                continue
            sequence = self.sequences[arm]
            if arm in rejected:
                self._call(arm, DIFFERENT, rejected[arm])
            elif call_of(sequence, self.split, self.margin) == SAME:
                self._call(arm, SAME, self.split)

    def _call(self, arm: str, call: str, level: float) -> None:
        sequence = self.sequences[arm]
        low, high = _clipped(self.metric, self.players, *sequence.interval(level))
        self.calls[arm] = Call(call, level, self.blocks, sequence.mean, low, high)

    @property
    def decided(self) -> bool:
        return all(arm in self.calls for arm in self.arms)

    def call(self, arm: str) -> str:
        found = self.calls.get(arm)
        return found.call if found else UNDECIDED

    def verdict(self, arm: str, name: str = "") -> Verdict:
        """The stop rule's verdict for ``arm``: its call with the interval it was made with, or, undecided, the
        interval now at ``alpha / k``."""
        found = self.calls.get(arm)
        sequence = self.sequences[arm]
        if found is None:
            low, high = _clipped(self.metric, self.players, *sequence.interval(self.split)) if sequence.n else \
                (-math.inf, math.inf)
            found = Call(UNDECIDED, self.split, self.blocks, sequence.mean, low, high)
        check = self.checks[arm]
        words = verdict_words(self.metric, found.call, found.estimate, found.low, found.high, self.margin,
                              1 - found.level)
        return Verdict(name or arm, self.metric, found.call, found.estimate, found.low, found.high, 1 - found.level,
                       found.blocks * self.rotations, sequence.kind, self.margin, words,
                       decided_at=found.blocks * self.rotations if found.call != UNDECIDED else None,
                       cross_check=check.interval() if check is not None and check.n else None)
