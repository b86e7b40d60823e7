"""The statistics of the design lab: intervals for rates and means, paired differences, and the sequential stop.

* :func:`wilson` - the Wilson score interval of a rate (a shared win counts as a fraction of a success).
* :func:`mean_interval` - a mean with its Student-t interval (what a length, a spread or a drama share gets).
* :func:`paired_interval` - the mean of paired differences (variant minus baseline, one pair per seed) with its
  interval: the fixed-sample answer of a test with a number of games set in advance (the benchmark's comparison).

These are fixed-sample intervals: right when the number of games was fixed before the first one. The sequential
stop, and every verdict of an experiment that may stop early, use the confidence sequences of
:mod:`games.lab.sequences` and :mod:`games.lab.verdicts`, which hold at every number of games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: Student-t quantiles of a two-sided 95 % interval by degrees of freedom 1..30 (beyond: the normal one).
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``successes / trials`` (``successes`` may be fractional: a shared win).
    ``(low, high)``, both within 0..1."""
    if trials <= 0:
        raise ValueError(f"an interval needs at least one trial, not {trials}")
    if not 0 <= successes <= trials + 1e-9:
        raise ValueError(f"successes must be between 0 and the {trials} trials, not {successes}")
    p = min(1.0, successes / trials)
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    low, high = centre - half, centre + half
    return (0.0 if low < 1e-12 else low), (1.0 if high > 1 - 1e-12 else high)


def t95(df: int) -> float:
    """The two-sided 95 % Student-t quantile for ``df`` degrees of freedom."""
    return _T95[df - 1] if 1 <= df <= len(_T95) else Z95


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean (or rate) with its 95 % interval and how many values it rests on. ``low`` / ``high`` are NaN when
    one value cannot give an interval."""

    value: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        from .verdicts import plain  # numbers as people write them: 1,020, never 1.02e+03

        if math.isnan(self.low):
            return f"{plain(self.value)} (n={self.n})"
        return f"{plain(self.value)} [{plain(self.low)}, {plain(self.high)}]"


def mean_interval(values: Iterable[float]) -> Estimate:
    """The mean of ``values`` with its Student-t 95 % interval."""
    xs = [float(v) for v in values if v is not None and not math.isnan(v)]
    n = len(xs)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(xs) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan, 1)
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1))
    half = t95(n - 1) * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


def rate_interval(successes: float, trials: int) -> Estimate:
    """A rate with its Wilson interval."""
    if trials <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    low, high = wilson(successes, trials)
    return Estimate(successes / trials, low, high, trials)


def paired_interval(baseline: Sequence[float], variant: Sequence[float]) -> Estimate:
    """The mean difference ``variant - baseline`` over pairs (the same seed in both) with its 95 % interval."""
    if len(baseline) != len(variant):
        raise ValueError(f"paired values come in pairs: {len(baseline)} baseline and {len(variant)} variant")
    return mean_interval(v - b for b, v in zip(baseline, variant, strict=True))
