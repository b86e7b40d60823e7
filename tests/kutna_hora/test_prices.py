"""The price sections of the rulebook (JA 価格, 活動的な経済, 経済的調整, 上限), one named test per rule sentence."""

import pytest

from games.core import IllegalAction
from games.kutna_hora import prices, town_hall

from .economy_scenario import rules_of, sandbox

rule = pytest.mark.rule


@rule("prices.goods")
def test_there_are_six_goods_read_from_two_stands():
    g = sandbox()
    assert sorted(g.table.goods) == ["beer", "food", "ore", "permits", "silver", "wood"]
    assert {g.table.deck_of[x] for x in ("wood", "food", "beer")} == {"population"}
    assert {g.table.deck_of[x] for x in ("permits", "silver", "ore")} == {"ore"}
    assert g.table.slider_of["ore"] == g.table.slider_of["silver"] == "silver"


@rule("prices.pay")
def test_paying_n_wood_or_permits_costs_n_times_the_current_price():
    g = sandbox(population=16, ore=12)
    assert prices.cost_of(g.table, g.stands, "wood", 3) == 3 * g.price("wood") == 3 * 4
    assert prices.cost_of(g.table, g.stands, "permits", 2) == 2 * g.price("permits") == 2 * 4


@rule("prices.advance")
def test_advancing_a_deck_shows_the_next_card_one_at_a_time():
    g = sandbox()
    events = g.apply("advance population 3")
    assert g.stands.population == 3
    assert [e.data["position"] for e in events if e.rule == "prices.advance"] == [1, 2, 3]


@rule("prices.population-up")
def test_population_growth_raises_wood_food_and_beer():
    g = sandbox(population=7)
    before = g.prices()
    g.apply("advance population 1")  # card 8: every P//8 good rises
    after = g.prices()
    assert after["wood"] == before["wood"] + 1 and after["beer"] == before["beer"] + 1
    assert after["food"] >= before["food"]


@rule("prices.ore-up")
def test_ore_output_lowers_ore_and_raises_silver_and_permits():
    g = sandbox(ore=11)
    before = g.prices()
    g.apply("advance ore 1")  # card 12: O//6 goes up; ore fell already at 10
    assert g.price("silver") == before["silver"] + 1 and g.price("permits") == before["permits"] + 1
    g2 = sandbox(ore=9)
    ore_before = g2.price("ore")
    g2.apply("advance ore 1")
    assert g2.price("ore") == ore_before - 1


@rule("prices.guild-building")
def test_building_a_guild_building_moves_its_slider_right_and_lowers_the_price():
    g = sandbox(population=16)
    before = g.price("beer")
    events = g.apply("build beer")
    assert g.stands.sliders["beer"] == 1
    assert "prices.guild-building" in rules_of(events)
    assert g.price("beer") < before


@rule("prices.silver-building")
def test_a_silver_building_lowers_silver_and_raises_ore():
    g = sandbox(ore=12)
    silver, ore = g.price("silver"), g.price("ore")
    events = g.apply("build silver")
    assert "prices.silver-building" in rules_of(events)
    assert g.stands.sliders["silver"] == 1
    assert g.price("silver") == silver - 1 and g.price("ore") == ore + 1


@rule("prices.miners-building")
def test_a_miners_building_moves_no_slider_but_advances_the_ore_deck_by_its_production():
    g = sandbox()
    sliders = dict(g.stands.sliders)
    g.apply("build ore")
    gained = g.state.players[0].production["ore"]
    assert g.stands.sliders == sliders
    assert g.stands.ore == gained


@rule("prices.star")
def test_a_star_marks_a_number_that_just_changed_and_is_derived_not_stored():
    t = sandbox().table
    assert not any(t.starred(good, 0, n) for good in t.goods for n in range(6))
    assert t.starred("wood", 8, 0) and not t.starred("wood", 9, 0)
    assert t.starred("ore", 10, 0)
    for good in t.goods:
        deck = t.decks[t.deck_of[good]]
        for pos in range(1, deck.last + 1):
            for n in range(6):
                assert t.starred(good, pos, n) == (t.cell(good, pos, n).value != t.cell(good, pos - 1, n).value)


@rule("prices.town-builds")
def test_the_town_builds_when_its_icon_appears():
    g = sandbox(population=11)
    row, col = town_hall.find(g.hall, "builders")
    stack_size = len(g.hall.rows[row][col].tiles)
    top = g.hall.rows[row][col].tiles[-1]
    events = g.apply("advance population 1")
    assert g.table.cell("wood", 12, 0).town_builds
    assert g.stands.sliders["wood"] == 1
    assert g.hall.discards == [top]
    assert g.hall.rows[row][-1].name == "builders" and len(g.hall.rows[row][-1].tiles) == stack_size - 1
    assert "prices.town-builds" in rules_of(events)


@rule("rights.stack-to-end")
@rule("prices.town-builds")
def test_town_builds_moves_the_stack_to_the_end_of_its_row_and_shifts_the_others_left():
    g = sandbox(population=11)
    row, col = town_hall.find(g.hall, "builders")
    others = [s.name for i, s in enumerate(g.hall.rows[row]) if i != col]
    g.apply("advance population 1")
    assert [s.name for s in g.hall.rows[row]] == others + ["builders"]


@rule("prices.town-builds-empty")
def test_town_builds_with_an_empty_stack_discards_nothing_but_still_moves_the_slider():
    g = sandbox(population=11)
    row, col = town_hall.find(g.hall, "builders")
    del g.hall.rows[row][col]  # players took every builders' tile
    events = g.apply("advance population 1")
    assert g.hall.discards == []
    assert g.stands.sliders["wood"] == 1
    assert any("no builders tile is left" in e.text for e in events)


@rule("prices.no-demand")
def test_no_demand_forbids_building_that_good():
    g = sandbox(population=0, wood=2)
    assert g.cell("wood").no_demand
    assert "build wood" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="no demand: the wood price shows a red ✗"):
        g.apply("build wood")


@rule("prices.no-demand-rights")
def test_no_demand_still_allows_buying_the_rights():
    g = sandbox(population=0, wood=2)
    assert "rights wood" in g.legal_actions()
    g.apply("rights wood")
    assert g.state.players[0].held and g.state.players[0].held[0].startswith("builders")


@rule("prices.no-demand")
def test_a_held_tile_can_be_built_once_demand_returns():
    g = sandbox(population=0, wood=2)
    g.apply("rights wood")
    g.state.stands.population = 8  # demand rises: 1 + 8//8 = 2 notches allowed
    assert not g.cell("wood").no_demand
    g.apply("build wood")
    assert g.state.players[0].held == [] and len(g.state.players[0].buildings) == 1


@rule("prices.flip")
def test_the_flip_card_turns_the_deck_and_numbering_runs_on():
    g = sandbox(population=19, ore=14)
    pop_events = g.apply("advance population 1")
    ore_events = g.apply("advance ore 1")
    assert (g.stands.population, g.stands.ore) == (20, 15)
    assert [e.data["position"] for e in pop_events if e.rule == "prices.flip"] == [20]
    assert [e.data["position"] for e in ore_events if e.rule == "prices.flip"] == [15]
    assert g.table.decks["population"].flip == 20 and g.table.decks["ore"].flip == 15


@rule("caps.deck-end")
def test_advances_past_the_last_card_are_ignored():
    g = sandbox(population=39, ore=30)
    events = g.apply("advance population 3")
    assert g.stands.population == 40
    assert rules_of(events).count("caps.deck-end") == 1
    g.apply("advance ore 2")
    assert g.stands.ore == 30
    assert g.table.decks["population"].last == 40 and g.table.decks["ore"].last == 30


@rule("decision.town-builds-on-appearance")
def test_each_card_of_a_multi_card_advance_appears_and_its_icon_acts_once():
    g = sandbox(population=10)
    g.apply("advance population 3")  # cards 11, 12 (wood icon), 13
    assert g.stands.sliders["wood"] == 1
    assert len(g.hall.discards) == 1
    g2 = sandbox(population=12)  # already showing card 12: its icon acted when it appeared
    g2.apply("advance population 1")
    assert g2.stands.sliders["wood"] == 0


@rule("decision.slider-at-end")
def test_a_slider_at_the_far_right_stays_there():
    g = sandbox(population=11, wood=5)
    events = g.apply("advance population 1")
    assert g.stands.sliders["wood"] == 5
    assert "decision.slider-at-end" in rules_of(events)


@rule("setup.card-stands")
def test_setup_puts_card_zero_on_top_and_every_slider_far_left():
    g = sandbox()
    assert (g.stands.population, g.stands.ore) == (0, 0)
    assert set(g.stands.sliders.values()) == {0} and len(g.stands.sliders) == 5
