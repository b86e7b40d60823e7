"""Properties of wine making (games.chartres.wine) over generated cellars, markers and grapes (hypothesis).

Cellar values are *not* rising along the cellar (the rule text's example implies barrels 4, 6 or 7, then 2 or 3), so
the generated cellars are arbitrary. What holds for every cellar is asserted here; what does not (more IP for a
marker further right) is shown by a counter-example."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.chartres import fills, has_order_choice, ip_by_grapes, pour

from .scenario import PARTS

rule = pytest.mark.rule


@st.composite
def cellars(draw):
    """(values, marker): 3–10 barrels printed 0–15 IP, in any order, and a marker on one of them."""
    values = draw(st.lists(st.integers(0, 15), min_size=3, max_size=10))
    return values, draw(st.integers(0, len(values) - 1))


grapes = st.integers(0, 24)
colours = st.sampled_from(["white", "red"])


@rule("decision.wine-first")
@given(cellars(), grapes, grapes)
def test_the_ip_never_depends_on_which_colour_pours_first(cellar, white, red):
    values, marker = cellar
    a, b = pour(values, marker, white, red, "white"), pour(values, marker, white, red, "red")
    assert a.ip == b.ip
    assert [(x.space, x.fill) for x in a.barrels] == [(x.space, x.fill) for x in b.barrels]
    assert sum(a.unused.values()) == sum(b.unused.values())  # which colour is lost past the end may differ


@rule("wine.order")
@rule("decision.barrel-start")
@given(cellars(), grapes, grapes, colours)
def test_barrels_fill_left_to_right_from_the_marker_full_barrels_before_half_barrels(cellar, white, red, first):
    values, marker = cellar
    result = pour(values, marker, white, red, first)
    assert [b.space for b in result.barrels] == list(range(marker, marker + len(result.barrels)))
    kinds = [b.fill for b in result.barrels]
    assert kinds == sorted(kinds, key=["full", "half"].index)
    assert len(result.barrels) <= len(values) - marker


@rule("wine.score")
@given(cellars(), grapes, grapes, colours)
def test_a_full_barrel_scores_its_printed_value_and_a_half_barrel_half_of_it_rounded_down(cellar, white, red, first):
    values, marker = cellar
    result = pour(values, marker, white, red, first)
    for b in result.barrels:
        assert b.value == values[b.space]
        assert b.ip == (b.value if b.fill == "full" else b.value // 2)
    assert result.ip == sum(b.ip for b in result.barrels)


@rule("wine.grapes")
@given(cellars(), grapes, grapes, colours)
def test_grapes_of_two_colours_never_share_a_barrel_and_every_grape_is_used_or_left_over(cellar, white, red, first):
    values, marker = cellar
    result = pour(values, marker, white, red, first)
    for colour, count in (("white", white), ("red", red)):
        full = sum(b.colour == colour and b.fill == "full" for b in result.barrels)
        half = sum(b.colour == colour and b.fill == "half" for b in result.barrels)
        assert full <= count // 4 and half <= (count % 4 == 3)
        assert 4 * full + 3 * half + result.unused[colour] == count
        if len(result.barrels) < len(values) - marker:  # room left: nothing was lost for want of a barrel
            assert (full, half) == fills(count) and result.unused[colour] == count % 4 * (count % 4 != 3)


@rule("wine.grapes")
@given(st.integers(0, 40))
def test_four_grapes_fill_a_barrel_three_a_half_and_six_one_full_barrel(count):
    full, half = fills(count)
    assert (full, half) == (count // 4, int(count % 4 == 3))
    assert fills(6) == (1, 0) and fills(7) == (1, 1) and fills(3) == (0, 1) and fills(2) == (0, 0)


@rule("wine.grapes")
def test_six_grapes_make_one_full_barrel_and_two_grapes_score_nothing():
    values = PARTS.cellars["B"].values
    result = pour(values, 0, white=6, red=0)
    assert [(b.space, b.fill) for b in result.barrels] == [(0, "full")] and result.unused == {"white": 2, "red": 0}
    assert result.ip == values[0]
    with pytest.raises(ValueError, match="grapes cannot be negative"):
        fills(-1)


@rule("wine.score")
@given(cellars(), grapes, grapes, colours, colours)
def test_one_more_grape_never_lowers_the_ip_even_with_values_that_do_not_rise(cellar, white, red, first, more):
    values, marker = cellar
    before = pour(values, marker, white, red, first).ip
    after = pour(values, marker, white + (more == "white"), red + (more == "red"), first).ip
    assert after >= before


@rule("wine.score")
@given(cellars(), st.integers(0, 24))
def test_the_chart_of_ip_by_grapes_is_one_colour_poured_alone(cellar, most):
    values, marker = cellar
    chart = ip_by_grapes(values, marker, most)
    assert chart == [pour(values, marker, g, 0).ip for g in range(most + 1)] == \
        [pour(values, marker, 0, g).ip for g in range(most + 1)]
    assert chart == sorted(chart)


@rule("wine.score")
def test_a_marker_further_right_can_score_less_because_cellar_values_do_not_rise():
    values = PARTS.cellars["A"].values
    assert [pour(values, m, 4, 0).ip for m in range(len(values))] == list(values)
    assert pour(values, 4, 4, 0).ip < pour(values, 3, 4, 0).ip  # space 3 prints 6, space 4 prints 2


@rule("decision.wine-first")
@settings(max_examples=200)
@given(grapes, grapes)
def test_the_order_is_a_choice_exactly_when_both_colours_fill_a_barrel_of_the_same_kind(white, red):
    (wf, wh), (rf, rh) = fills(white), fills(red)
    assert has_order_choice(white, red) == (bool(wf and rf) or bool(wh and rh)) == has_order_choice(red, white)


def test_a_marker_off_the_cellar_or_an_unknown_first_colour_is_refused():
    with pytest.raises(ValueError, match="the barrel marker must be on a space 0–2, not 3"):
        pour([1, 2, 3], 3, 4, 0)
    with pytest.raises(ValueError, match="first must be 'white' or 'red', not 'rose'"):
        pour([1, 2, 3], 0, 4, 0, "rose")
