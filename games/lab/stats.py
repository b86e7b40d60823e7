"""The statistics of the design lab: intervals for rates and means, paired differences, and the sequential stop.

* :func:`wilson` - the Wilson score interval of a rate (a shared win counts as a fraction of a success).
* :func:`mean_interval` - a mean with its Student-t interval (what a length, a spread or a drama share gets).
* :func:`paired_interval` - the mean of paired differences (variant minus baseline, one pair per seed) with its
  interval: the fixed-sample answer once an experiment is over.
* :class:`ConfidenceSequence` - the **sequential stop**: an asymptotic confidence sequence (Waudby-Smith, Arnold,
  Wu, Howard & Ramdas, *Time-uniform central limit theory and asymptotic confidence sequences*, 2021, Theorem 2.2;
  the Robbins normal mixture with a plug-in variance) on the paired differences. It is an interval that holds at
  every number of games at once, so it may be looked at after every pair and the experiment stopped as soon as it
  answers:

  - **different** when the interval leaves out 0; the chance of this call when the variant changes nothing is at
    most α (asymptotically, whatever the stopping time);
  - **no difference** when the interval lies inside ``(-margin, margin)``; the chance of this call when the true
    difference is ``margin`` or more is at most α as well;
  - otherwise the experiment goes on, up to its game limit (then: **undecided**).

  The interval is intersected with every earlier one (a running intersection is still a confidence sequence), so a
  call once made is not taken back. ``rho`` tunes where the interval is tightest: it is chosen for ``t_star``
  pairs (:func:`rho_for`).
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

DIFFERENT, SAME, UNDECIDED = "different", "no difference", "undecided"


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
        if math.isnan(self.low):
            return f"{self.value:.3g} (n={self.n})"
        return f"{self.value:.3g} [{self.low:.3g}, {self.high:.3g}]"


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


def rho_for(t_star: float, alpha: float) -> float:
    """The confidence sequence's tuning that makes it tightest after ``t_star`` pairs (the paper's choice)."""
    a = -2 * math.log(alpha)
    return math.sqrt((a + math.log(a + 1)) / max(t_star, 1.0))


class ConfidenceSequence:
    """The asymptotic confidence sequence of the module docstring for the mean of a stream of paired differences.
    ``ConfidenceSequence(alpha=0.05, margin=0.05, t_star=100, burn_in=5)``; :meth:`add` one difference at a time;
    :attr:`interval` and :meth:`decision` read it (no call before ``burn_in`` pairs, while the variance estimate is
    still a guess)."""

    def __init__(self, alpha: float = 0.05, margin: float = 0.05, t_star: float = 100, burn_in: int = 5) -> None:
        if not 0 < alpha < 1:
            raise ValueError(f"alpha is a chance between 0 and 1, not {alpha!r}")
        if not margin > 0:
            raise ValueError(f"the margin of no difference is above 0, not {margin!r}")
        self.alpha, self.margin, self.burn_in = alpha, margin, max(2, int(burn_in))
        self.rho = rho_for(t_star, alpha)
        self.n = 0
        self._mean = 0.0
        self._m2 = 0.0  # running sum of squared deviations (Welford)
        self.low, self.high = -math.inf, math.inf
        self.decided_at: int | None = None
        self._decision = UNDECIDED

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self._mean
        self._mean += delta / self.n
        self._m2 += delta * (x - self._mean)
        if self.n >= 2:
            low, high = self._raw()
            self.low, self.high = max(self.low, low), min(self.high, high)
        if self.decided_at is None and self.n >= self.burn_in:
            if self.low > 0 or self.high < 0:
                self._decision, self.decided_at = DIFFERENT, self.n
            elif -self.margin < self.low and self.high < self.margin:
                self._decision, self.decided_at = SAME, self.n

    def _raw(self) -> tuple[float, float]:
        t = self.n
        variance = self._m2 / (t - 1)
        grow = t * variance * self.rho ** 2 + 1
        half = math.sqrt(2 * grow / (t * t * self.rho ** 2) * math.log(math.sqrt(grow) / self.alpha))
        return self._mean - half, self._mean + half

    @property
    def mean(self) -> float:
        return self._mean if self.n else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """The running intersection so far (infinite before two pairs)."""
        return self.low, self.high

    def decision(self) -> str:
        """``"different"``, ``"no difference"`` or ``"undecided"`` (module docstring); once made, it stays."""
        return self._decision
