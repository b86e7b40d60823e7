"""The lab's statistics: intervals, and the sequential stop on simulated streams whose answer is known."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.lab.stats import (
    DIFFERENT,
    SAME,
    UNDECIDED,
    ConfidenceSequence,
    mean_interval,
    paired_interval,
    rate_interval,
    t95,
    wilson,
)


def test_wilson_matches_a_textbook_value_and_stays_in_bounds():
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)  # Wilson 1927, z = 1.96
    assert wilson(0, 5)[0] == 0.0 and wilson(5, 5)[1] == 1.0
    with pytest.raises(ValueError):
        wilson(3, 0)


@given(st.lists(st.floats(-1e6, 1e6), min_size=2, max_size=50))
def test_mean_interval_holds_the_mean_and_narrows_with_t(values):
    est = mean_interval(values)
    assert est.low - 1e-6 <= est.value <= est.high + 1e-6 and est.n == len(values)


def test_small_samples_use_student_t():
    assert t95(1) == 12.706 and t95(29) == 2.045 and t95(500) == pytest.approx(1.96, abs=1e-3)
    est = mean_interval([1.0, 3.0])
    assert est.high - est.value == pytest.approx(12.706 * math.sqrt(2) / math.sqrt(2))
    assert math.isnan(mean_interval([4.0]).low) and mean_interval([]).n == 0
    assert rate_interval(3, 4).value == 0.75


def test_paired_interval_is_the_interval_of_the_differences():
    est = paired_interval([1, 2, 3, 4], [2, 3, 5, 5])
    assert est.value == pytest.approx(1.25) and est.low > 0
    with pytest.raises(ValueError):
        paired_interval([1], [1, 2])


def _stream(rng: random.Random, mean: float, sd: float):
    while True:
        yield rng.gauss(mean, sd)


def _run(cs: ConfidenceSequence, stream, limit: int) -> str:
    for _, x in zip(range(limit), stream, strict=False):
        cs.add(x)
        if cs.decision() != UNDECIDED:
            break
    return cs.decision()


@pytest.mark.slow
def test_the_stop_rule_rarely_calls_a_difference_where_there_is_none():
    """A null stream (mean 0), watched after every pair up to 400 pairs: the share of "different" calls stays at or
    under alpha (it is time-uniform, so it holds however long one watches)."""
    rng = random.Random(20261127)
    calls = sum(_run(ConfidenceSequence(alpha=0.05, margin=0.01, t_star=100), _stream(rng, 0.0, 1.0), 400)
                == DIFFERENT for _ in range(400))
    assert calls / 400 <= 0.05


def test_the_stop_rule_calls_a_clear_difference_and_its_sign():
    rng = random.Random(7)
    for mean in (0.5, -0.5):
        cs = ConfidenceSequence(alpha=0.05, margin=0.05, t_star=100)
        assert _run(cs, _stream(rng, mean, 1.0), 2000) == DIFFERENT
        low, high = cs.interval
        assert (low > 0) if mean > 0 else (high < 0)
        assert 5 <= cs.decided_at < 400


def test_the_stop_rule_calls_no_difference_inside_the_margin():
    rng = random.Random(11)
    outcomes = [_run(ConfidenceSequence(alpha=0.05, margin=0.3, t_star=200), _stream(rng, 0.0, 1.0), 5000)
                for _ in range(50)]
    assert outcomes.count(SAME) >= 45 and outcomes.count(DIFFERENT) <= 3


@pytest.mark.slow
def test_a_difference_beyond_the_margin_is_rarely_called_no_difference():
    rng = random.Random(13)
    wrong = sum(_run(ConfidenceSequence(alpha=0.05, margin=0.2, t_star=100), _stream(rng, 0.2, 1.0), 3000) == SAME
                for _ in range(200))
    assert wrong / 200 <= 0.05


def test_identical_games_give_no_difference_once_the_interval_is_narrow_enough():
    cs = ConfidenceSequence(alpha=0.05, margin=0.05, t_star=50)
    for _ in range(200):
        cs.add(0.0)
        if cs.decision() != UNDECIDED:
            break
    assert cs.decision() == SAME and cs.mean == 0.0


def test_a_call_is_never_taken_back_and_the_interval_only_narrows():
    rng = random.Random(3)
    cs = ConfidenceSequence(alpha=0.1, margin=0.1, t_star=20, burn_in=5)
    widths, decision = [], None
    for x in _stream(rng, 1.0, 1.0):
        cs.add(x)
        if cs.n >= 2:
            widths.append(cs.high - cs.low)
        if decision is None and cs.decision() != UNDECIDED:
            decision = (cs.decision(), cs.decided_at)
        if cs.n > 60:
            break
    assert decision is not None and (cs.decision(), cs.decided_at) == decision
    assert all(b <= a + 1e-12 for a, b in zip(widths, widths[1:], strict=False))


def test_no_call_before_the_burn_in():
    cs = ConfidenceSequence(alpha=0.05, margin=0.05, burn_in=10)
    for _ in range(9):
        cs.add(100.0)
    assert cs.decision() == UNDECIDED
    cs.add(100.0)
    assert cs.decision() == DIFFERENT


def test_bad_settings_are_refused():
    for kwargs in ({"alpha": 0}, {"alpha": 1.5}, {"margin": 0}):
        with pytest.raises(ValueError):
            ConfidenceSequence(**kwargs)
