"""The lab's fixed-sample statistics: Wilson and Student-t intervals, paired differences (the sequential ones are
tests/lab/test_sequences.py's)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.lab.stats import mean_interval, paired_interval, rate_interval, t95, wilson


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
