"""Directions of change the rulebook states (JA 活動的な経済), checked as properties with hypothesis.

On the cards: at a fixed notch, a later population card never lowers wood, food or beer; a later ore card never
raises ore and never lowers silver or permits; a notch further right never raises a good's price, except ore,
which the silver slider raises. In play: whatever is done, a price only falls through the causes the rulebook gives.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Rng
from games.kutna_hora import new_economy, prices

TABLE = prices.load_price_table()
rule = pytest.mark.rule
notches = st.integers(0, 5)


@rule("prices.population-up")
@given(st.integers(0, 39), notches, st.sampled_from(["wood", "food", "beer"]))
def test_population_up_never_lowers_its_goods(pos, n, good):
    assert TABLE.cell(good, pos + 1, n).value >= TABLE.cell(good, pos, n).value


@pytest.mark.slow
@rule("prices.ore-up")
@given(st.integers(0, 29), notches)
def test_ore_up_never_raises_ore_and_never_lowers_silver_or_permits(pos, n):
    assert TABLE.cell("ore", pos + 1, n).value <= TABLE.cell("ore", pos, n).value
    for good in ("silver", "permits"):
        assert TABLE.cell(good, pos + 1, n).value >= TABLE.cell(good, pos, n).value


@rule("prices.guild-building")
@given(st.data(), st.integers(0, 4), st.sampled_from(["wood", "food", "beer", "permits", "silver"]))
def test_a_slider_step_never_raises_its_goods_price(data, n, good):
    pos = data.draw(st.integers(0, TABLE.decks[TABLE.deck_of[good]].last))
    assert TABLE.cell(good, pos, n + 1).value <= TABLE.cell(good, pos, n).value


@rule("prices.silver-building")
@given(st.integers(0, 30), st.integers(0, 4))
def test_the_silver_slider_never_lowers_ore(pos, n):
    assert TABLE.cell("ore", pos, n + 1).value >= TABLE.cell("ore", pos, n).value


@rule("prices.no-demand")
@given(st.integers(0, 40), st.integers(0, 4), st.sampled_from(["wood", "food", "beer"]))
def test_demand_never_disappears_as_population_grows(pos, n, good):
    # a ✗ at a later card implies a ✗ at the earlier card (more people, more demand)
    if pos < 40 and TABLE.cell(good, pos + 1, n).no_demand:
        assert TABLE.cell(good, pos, n).no_demand


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 4))
def test_in_play_prices_fall_only_for_the_reasons_the_rulebook_gives(seed, players):
    g = new_economy(players=players, turns=15, seed=seed)
    pick = Rng(seed)
    while not g.is_terminal():
        legal = g.legal_actions()
        action = legal[pick.below(len(legal))]
        before_prices, before = g.prices(), g.stands.copy()
        g.apply(action)
        after = g.stands
        assert after.population >= before.population and after.ore >= before.ore
        assert all(after.sliders[s] >= before.sliders[s] for s in after.sliders)
        for good, old in before_prices.items():
            slider = TABLE.slider_of[good]
            if after.sliders[slider] != before.sliders[slider]:
                continue  # a slider moved: a building or the town builds
            new = g.price(good)
            if good in ("wood", "food", "beer", "silver", "permits"):
                assert new >= old, (action, good)
            else:
                assert new <= old, (action, good)
