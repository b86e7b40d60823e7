"""Confidence sequences: intervals for the mean of a stream that hold at every number of observations at once, so an
experiment may look after every block of games and stop as soon as an interval answers.

Each sequence takes the observations one at a time (:meth:`add`), gives its interval at a level (:meth:`interval`)
and its **evidence** against a candidate mean ``m`` (:meth:`evidence`: an e-value; ``m`` lies outside the
``1 - alpha`` interval exactly when the evidence is at least ``1 / alpha``). Evidence is what Holm's procedure over
several variants needs (:func:`holm`), and what the stop rule reads at the few points it asks about (0 and the
margin), which costs nothing per observation.

* :class:`BettingSequence` - **bounded** observations (a rate, a share, a place, and their paired differences):
  the hedged betting capital of Waudby-Smith & Ramdas (*Estimating means of bounded random variables by betting*,
  JRSS-B 2024, section 4) with their predictable plug-in bets. Nonasymptotic: at every ``n``, from the first
  observation on, the chance that any interval ever misses the true mean is at most ``alpha`` (Ville's inequality).
* :class:`BernsteinSequence` - the same paper's predictable plug-in empirical-Bernstein sequence (theorem 2): a
  closed form, a little wider; the cross-check of the betting sequence.
* :class:`TSequence` - **unbounded** observations (lengths, spreads): Lai's (1976) scale-invariant mixture, the
  anytime-valid t-test (exact for normal observations with unknown variance, at every ``n``), with a variance floor
  (the spread of the observations never counts as less than half their step) so that a few tied values cannot make
  it narrow. It is centred at the mean and used as it stands at each ``n``: never intersected with earlier intervals.
* :class:`AsymptoticSequence` - the rule the lab used before (an asymptotic sequence, intersected with every earlier
  interval); kept only so that ``bench/bench_lab_stats.py`` can show how often it is wrong early.

Every interval contains the estimate (the plain mean): where a betting interval would leave it out (a rare shape of
the capital), it is widened to take it in, which keeps its guarantee (a wider interval misses less).
"""

from __future__ import annotations

import math
from typing import Callable, Iterable

#: How many halvings an interval's ends are searched with (2**-48 of the range: far below what is printed).
BISECTIONS = 48


def rho_for(t_star: float, alpha: float) -> float:
    """The normal-mixture tuning that makes a sequence tightest after ``t_star`` observations (Waudby-Smith et al.
    2021, the choice of their section 3)."""
    a = -2 * math.log(alpha)
    return math.sqrt((a + math.log(a + 1)) / max(t_star, 1.0))


def _check_alpha(alpha: float) -> None:
    if not 0 < alpha < 1:
        raise ValueError(f"alpha is a chance between 0 and 1, not {alpha!r}")


class Sequence:
    """What every sequence has: ``n`` observations, their ``mean``, :meth:`add`, :meth:`evidence`,
    :meth:`evidence_above` / :meth:`evidence_below` (one-sided), and :meth:`interval`."""

    kind = ""

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    def add(self, x: float) -> None:
        raise NotImplementedError

    def extend(self, xs: Iterable[float]) -> None:
        for x in xs:
            self.add(x)

    def evidence_above(self, m: float) -> float:
        """Evidence that the mean is above ``m`` (at least ``1 / alpha``: every mean up to ``m`` is left out)."""
        raise NotImplementedError

    def evidence_below(self, m: float) -> float:
        """Evidence that the mean is below ``m``."""
        raise NotImplementedError

    def evidence(self, m: float) -> float:
        """Evidence against the mean being ``m``: ``m`` is outside the ``1 - alpha`` interval when this is at least
        ``1 / alpha``."""
        return max(self.evidence_above(m), self.evidence_below(m))

    def interval(self, alpha: float) -> tuple[float, float]:
        raise NotImplementedError

    def _with_estimate(self, low: float, high: float) -> tuple[float, float]:
        mean = self.mean
        if math.isnan(mean):
            return low, high
        return min(low, mean), max(high, mean)


def _crossing(holds: Callable[[float], bool]) -> tuple[float, float]:
    """Where ``holds`` turns from true to false on [0, 1] (true at 0, false at 1): the bracket ``(a, b)``, true at
    ``a`` and false at ``b``, after :data:`BISECTIONS` halvings."""
    a, b = 0.0, 1.0
    for _ in range(BISECTIONS):
        mid = (a + b) / 2
        if holds(mid):
            a = mid
        else:
            b = mid
    return a, b


# ---------------------------------------------------------------------------------------------- bounded: betting

class BettingSequence(Sequence):
    """The hedged betting sequence for observations in ``[low, high]`` (module docstring). ``alpha`` tunes the bets
    (the level the sequence is mostly read at); ``c`` caps a bet at ``c / m`` of the capital (the paper's 1/2) and
    ``theta`` splits the capital between betting up and down. ``watch``: means whose evidence is kept up to date at
    every observation (the stop rule's 0 and margins), so asking about them costs nothing."""

    kind = "betting"

    def __init__(self, low: float, high: float, alpha: float = 0.05, c: float = 0.5, theta: float = 0.5,
                 watch: Iterable[float] = ()) -> None:
        super().__init__()
        _check_alpha(alpha)
        if not (math.isfinite(low) and math.isfinite(high) and low < high):
            raise ValueError(f"a betting sequence needs finite bounds low < high, not [{low}, {high}]")
        self.low, self.high, self.alpha, self.c, self.theta = float(low), float(high), alpha, c, theta
        self._xs: list[float] = []  # the observations, rescaled to [0, 1]
        self._bets: list[float] = []  # each one's predictable bet (before it is capped for a candidate mean)
        self._sum = 0.0  # of the rescaled observations
        self._squares = 0.25  # 1/4 + the sum of (x_i - mu_i)^2: the regularised running variance's numerator
        self._log = math.log(2 / alpha)
        self._watched: dict[float, list[float]] = {self._scaled(m): [0.0, 0.0] for m in watch}

    def _scaled(self, value: float) -> float:
        return (value - self.low) / (self.high - self.low)

    def _unscaled(self, m: float) -> float:
        return self.low + m * (self.high - self.low)

    def _bet(self) -> float:
        """The next observation's bet, from the ones before it only (the paper's predictable plug-in)."""
        i = self.n + 1
        variance = self._squares / i  # sigma^2_{i-1}
        return math.sqrt(2 * self._log / (variance * i * math.log(1 + i)))

    def add(self, x: float) -> None:
        x = float(x)
        if not self.low - 1e-9 <= x <= self.high + 1e-9:
            raise ValueError(f"an observation of this sequence lies in [{self.low:g}, {self.high:g}], not {x!r}")
        y = min(1.0, max(0.0, self._scaled(x)))
        bet = self._bet()
        for m, logs in self._watched.items():
            up, down = self._factors(y, bet, m)
            logs[0] += up
            logs[1] += down
        self._xs.append(y)
        self._bets.append(bet)
        self.n += 1
        self.total += x
        self._sum += y
        mu = (0.5 + self._sum) / (self.n + 1)
        self._squares += (y - mu) ** 2

    def _factors(self, y: float, bet: float, m: float) -> tuple[float, float]:
        """log(1 + bet_up (y - m)) and log(1 - bet_down (y - m)), each bet capped so the capital stays positive."""
        up = bet if m <= 0 else min(bet, self.c / m)
        down = bet if m >= 1 else min(bet, self.c / (1 - m))
        return math.log1p(up * (y - m)), math.log1p(-down * (y - m))

    def _logs(self, m: float) -> tuple[float, float]:
        """log K+ and log K- at the rescaled mean ``m``."""
        if m in self._watched:
            return self._watched[m][0], self._watched[m][1]
        if m < 0 or m > 1:  # a mean outside the bounds: every observation bets against it with the cap
            m = min(1.0, max(0.0, m))
        up = down = 0.0
        for y, bet in zip(self._xs, self._bets, strict=True):
            a, b = self._factors(y, bet, m)
            up += a
            down += b
        return up, down

    def evidence_above(self, m: float) -> float:
        s = self._scaled(m)
        if s < 0:
            return math.inf
        if s >= 1:
            return 0.0
        return self.theta * math.exp(min(700.0, self._logs(s)[0]))

    def evidence_below(self, m: float) -> float:
        s = self._scaled(m)
        if s > 1:
            return math.inf
        if s <= 0:
            return 0.0
        return (1 - self.theta) * math.exp(min(700.0, self._logs(s)[1]))

    def interval(self, alpha: float) -> tuple[float, float]:
        """The ``1 - alpha`` interval (the means the hedged capital has not refuted), found by bisection: the capital
        betting up falls as the candidate mean rises, the one betting down grows, so each end is one crossing."""
        _check_alpha(alpha)
        if self.n == 0:
            return self.low, self.high
        limit = math.log(1 / alpha)
        up_limit = limit - math.log(self.theta)
        down_limit = limit - math.log(1 - self.theta)
        low = 0.0
        if self._logs(0.0)[0] >= up_limit:  # rejected at 0, not at 1 (K+ at 1 is at most 1)
            low = _crossing(lambda mean: self._logs(mean)[0] >= up_limit)[1]
        high = 1.0
        if self._logs(1.0)[1] >= down_limit:  # not rejected at 0, rejected at 1
            high = _crossing(lambda mean: not self._logs(mean)[1] >= down_limit)[0]
        return self._with_estimate(self._unscaled(low), self._unscaled(max(low, high)))


class BernsteinSequence(Sequence):
    """The predictable plug-in empirical-Bernstein sequence for observations in ``[low, high]`` (Waudby-Smith &
    Ramdas 2024, theorem 2): a closed form, the cross-check of :class:`BettingSequence`. Its interval is at the
    level it was made for (``alpha``)."""

    kind = "empirical Bernstein"

    def __init__(self, low: float, high: float, alpha: float = 0.05, c: float = 0.5) -> None:
        super().__init__()
        _check_alpha(alpha)
        if not (math.isfinite(low) and math.isfinite(high) and low < high):
            raise ValueError(f"an empirical-Bernstein sequence needs finite bounds low < high, not [{low}, {high}]")
        self.low, self.high, self.alpha, self.c = float(low), float(high), alpha, c
        self._log = math.log(2 / alpha)
        self._sum = 0.0
        self._squares = 0.25
        self._weights = 0.0  # sum of the bets
        self._weighted = 0.0  # sum of bet * x
        self._penalty = 0.0  # sum of v_i psi(bet_i)

    def add(self, x: float) -> None:
        x = float(x)
        y = min(1.0, max(0.0, (x - self.low) / (self.high - self.low)))
        i = self.n + 1
        previous_mu = (0.5 + self._sum) / i
        bet = min(self.c, math.sqrt(2 * self._log / (self._squares / i * i * math.log(1 + i))))
        self._weights += bet
        self._weighted += bet * y
        self._penalty += 4 * (y - previous_mu) ** 2 * (-math.log1p(-bet) - bet) / 4
        self.n = i
        self.total += x
        self._sum += y
        self._squares += (y - (0.5 + self._sum) / (i + 1)) ** 2

    def interval(self, alpha: float | None = None) -> tuple[float, float]:
        if alpha is not None and abs(alpha - self.alpha) > 1e-12:
            raise ValueError(f"this empirical-Bernstein sequence was made for alpha {self.alpha}, not {alpha}")
        if self.n == 0:
            return self.low, self.high
        centre = self._weighted / self._weights
        half = (self._log + self._penalty) / self._weights
        scale = self.high - self.low
        low = self.low + max(0.0, centre - half) * scale
        high = self.low + min(1.0, centre + half) * scale
        return self._with_estimate(low, high)

    def evidence_above(self, m: float) -> float:  # a closed-form interval: evidence only as "in or out"
        low, _ = self.interval()
        return math.inf if m < low else 1.0

    def evidence_below(self, m: float) -> float:
        _, high = self.interval()
        return math.inf if m > high else 1.0


# ---------------------------------------------------------------------------------------------- unbounded: t
class TSequence(Sequence):
    """Lai's anytime-valid t-sequence (module docstring). The evidence against a mean ``m`` after ``n``
    observations with sum of squared deviations ``A`` is the scale-invariant likelihood ratio of a normal mixture
    over the effect size (precision ``c``) against ``m``::

        L(m) = sqrt(c / (n + c)) * (Q / (Q - S^2 / (n + c)))^(n / 2),   S = n (mean - m),   Q = A + S^2 / n

    a nonnegative martingale when the observations are normal with mean ``m`` (any variance), so ``L >= 1/alpha``
    happens with chance at most alpha, ever. Solved for ``m`` it is the interval ``mean ± half`` with::

        q = 1 - (sqrt((n + c) / c) / alpha)^(-2 / n),   half^2 = q (n + c) A / (n (n - q (n + c)))

    (the whole line while ``n <= q (n + c)``). ``floor`` is the least variance ``A / (n - 1)`` counts as (half the
    observations' step, squared): a larger ``A`` only lowers the evidence, so the guarantee stays. ``c`` is chosen,
    like the normal mixture's tuning, to make the interval tightest after ``t_star`` observations."""

    kind = "t"

    def __init__(self, floor: float = 0.0, t_star: float = 20, alpha: float = 0.05) -> None:
        super().__init__()
        _check_alpha(alpha)
        if not floor >= 0:
            raise ValueError(f"a variance floor is 0 or more, not {floor!r}")
        self.floor = float(floor)
        self.c = 1 / rho_for(t_star, alpha) ** 2
        self._mean = 0.0
        self._m2 = 0.0

    def add(self, x: float) -> None:
        x = float(x)
        if not math.isfinite(x):
            raise ValueError(f"an observation is a finite number, not {x!r}")
        self.n += 1
        self.total += x
        delta = x - self._mean
        self._mean += delta / self.n
        self._m2 += delta * (x - self._mean)

    @property
    def squares(self) -> float:
        """The sum of squared deviations, at least ``(n - 1) floor``."""
        return max(self._m2, (self.n - 1) * self.floor)

    def evidence(self, m: float) -> float:
        n = self.n
        if n < 2:
            return 1.0
        s = n * (self._mean - m)
        q = self.squares + s * s / n
        if q <= 0:
            return 1.0 if s == 0 else math.inf
        rest = q - s * s / (n + self.c)
        if rest <= 0:
            return math.inf
        log = 0.5 * math.log(self.c / (n + self.c)) + n / 2 * math.log(q / rest)
        return math.exp(min(700.0, log))

    def evidence_above(self, m: float) -> float:
        return self.evidence(m) if self._mean > m else 1.0

    def evidence_below(self, m: float) -> float:
        return self.evidence(m) if self._mean < m else 1.0

    def interval(self, alpha: float) -> tuple[float, float]:
        _check_alpha(alpha)
        n = self.n
        if n < 2:
            return -math.inf, math.inf
        big = math.sqrt((n + self.c) / self.c) / alpha
        q = -math.expm1(-2 / n * math.log(big))
        room = n - q * (n + self.c)
        if room <= 0:
            return -math.inf, math.inf
        half = math.sqrt(q * (n + self.c) * self.squares / (n * room))
        return self._mean - half, self._mean + half

    @property
    def mean(self) -> float:
        return self._mean if self.n else math.nan


# ---------------------------------------------------------------------------------------------- the old rule
class AsymptoticSequence(Sequence):
    """The asymptotic confidence sequence the lab used before (Waudby-Smith, Arnold, Wu, Howard & Ramdas 2021,
    theorem 2.2: the normal mixture with a plug-in variance), intersected with every earlier interval. Valid only
    as ``n`` grows: with 2-5 observations its variance is a guess, and the intersection keeps that guess for ever,
    which is how it called A/A experiments "different" at its burn-in. Kept for the comparison in
    ``bench/bench_lab_stats.py``; nothing in the lab decides with it."""

    kind = "asymptotic (old)"

    def __init__(self, alpha: float = 0.05, t_star: float = 100) -> None:
        super().__init__()
        _check_alpha(alpha)
        self.alpha = alpha
        self.rho = rho_for(t_star, alpha)
        self._mean = 0.0
        self._m2 = 0.0
        self.low, self.high = -math.inf, math.inf

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        delta = x - self._mean
        self._mean += delta / self.n
        self._m2 += delta * (x - self._mean)
        if self.n >= 2:
            t = self.n
            grow = t * self._m2 / (t - 1) * self.rho ** 2 + 1
            half = math.sqrt(2 * grow / (t * t * self.rho ** 2) * math.log(math.sqrt(grow) / self.alpha))
            self.low, self.high = max(self.low, self._mean - half), min(self.high, self._mean + half)

    def interval(self, alpha: float | None = None) -> tuple[float, float]:
        return self.low, self.high

    def evidence_above(self, m: float) -> float:
        return math.inf if m < self.low else 1.0

    def evidence_below(self, m: float) -> float:
        return math.inf if m > self.high else 1.0


# ---------------------------------------------------------------------------------------------- several arms
def holm(evidence: dict[str, float], alpha: float) -> dict[str, float]:
    """Holm's step-down over several arms' evidence against "no difference" (e-values; ``1 / e`` is an anytime-valid
    p-value): the arms it rejects, each with the level it was rejected at (``alpha / k``, then ``alpha / (k - 1)``
    for the next...). Rejections at any time, each at its own moment, together wrong with chance at most
    ``alpha`` (each arm's evidence crosses ``n0 / alpha`` with chance at most ``alpha / n0`` for the ``n0`` arms
    with no difference, whatever the stopping time)."""
    order = sorted(evidence, key=lambda arm: -evidence[arm])
    k = len(order)
    out: dict[str, float] = {}
    for j, arm in enumerate(order):
        level = alpha / (k - j)
        if evidence[arm] >= 1 / level:
            out[arm] = level
        else:
            break
    return out
