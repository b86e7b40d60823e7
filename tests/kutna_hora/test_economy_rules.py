"""Setup, Rights, Build and Income as far as the price economy uses them, and the sandbox's own conventions."""

import pytest

from games.core import ConfigError
from games.kutna_hora import new_economy, town_hall
from games.kutna_hora.data.components import GUILD_BUILDINGS, TILES
from games.kutna_hora.income import income, income_lines
from tests.checks import assert_refused

from .economy_scenario import rules_of, sandbox

rule = pytest.mark.rule


@rule("setup.town-hall")
def test_marked_guild_tiles_lie_at_the_bottom_of_stacks_in_the_two_left_columns():
    for seed in range(5):
        hall = new_economy(seed=seed).hall
        guild_stacks = [s for row in hall.rows for s in row[:2]]
        assert sorted(s.name for s in guild_stacks) == sorted({t.guild for t in GUILD_BUILDINGS})
        for stack in guild_stacks:
            assert stack.kind == "guild" and len(stack.tiles) == 4
            assert TILES[stack.tiles[0]].marked and not any(TILES[t].marked for t in stack.tiles[1:])


@rule("setup.town-hall")
def test_the_town_hall_layout_depends_on_the_seed_only():
    layouts = {tuple(s.name for row in new_economy(seed=s).hall.rows for s in row) for s in range(12)}
    assert len(layouts) > 3
    assert new_economy(seed=4).hall == new_economy(seed=4).hall


@rule("setup.public-stacks")
def test_public_stacks_fill_the_third_column():
    hall = new_economy(seed=1).hall
    assert [row[2].name for row in hall.rows] == ["green", "silver", "yellow"]
    assert all(row[2].kind == "public" and len(row[2].tiles) == 3 for row in hall.rows)


@rule("setup.groschen")
def test_starting_groschen_by_seat():
    assert new_economy(players=4).scores() == (40, 41, 42, 43)


@rule("rights.cost")
def test_rights_cost_one_groschen_in_the_first_column_and_permits_after():
    g = sandbox(ore=12)  # permits at 4
    assert town_hall.rights_cost(0) == ("groschen", 1)
    assert [town_hall.rights_cost(c) for c in (1, 2, 3)] == [("permits", 1), ("permits", 2), ("permits", 3)]
    for good in ("wood", "food", "beer", "permits", "silver", "ore"):
        plan = g.rights_plan(good)
        expected = 1 if plan.column == 0 else plan.amount * g.price("permits")
        assert plan.groschen == expected
        money = g.state.players[0].groschen
        trial = g.clone()
        trial.apply(f"rights {good}")
        assert trial.state.players[0].groschen == money - expected


@rule("rights.slots")
def test_rights_need_a_free_slot_of_three():
    g = sandbox(groschen=200)
    for good in ("wood", "food", "beer"):
        g.apply(f"rights {good}")
    assert len(g.state.players[0].held) == 3
    assert not any(a.verb == "rights" for a in g.legal_actions())
    assert_refused(g, "rights silver", "all 3 slots")


@rule("build.pay-wood")
def test_building_pays_its_wood_count_at_the_current_wood_price():
    g = sandbox(population=16)  # wood at 4
    g.apply("rights beer")
    tile = TILES[g.state.players[0].held[0]]
    money = g.state.players[0].groschen
    g.apply("build beer")
    assert g.state.players[0].groschen == money - tile.wood * 4


@rule("build.production")
def test_a_guild_building_raises_production_of_its_good():
    g = sandbox()
    g.apply("build food")
    tile = TILES[g.state.players[0].buildings[0]]
    assert g.state.players[0].production == {"food": tile.production}


@rule("build.population")
def test_a_building_with_a_population_icon_advances_the_population_deck():
    g = sandbox()
    g.apply("build food")
    assert g.stands.population == TILES[g.state.players[0].buildings[0]].population == 1


@rule("income.sum")
def test_the_rulebook_income_example_is_33_groschen():
    # JA 収入アクション: silver production 3 at price 3, ore 2 (buildings) + 4 (mines) at price 4 -> 9 + 24.
    assert income({"silver": 3, "ore": 2}, {"silver": 3, "ore": 4}, mine_ore=4) == 33
    assert income_lines({"silver": 3, "ore": 2}, {"silver": 3, "ore": 4}, mine_ore=4) == [
        ("silver", 3, 3, 9), ("ore", 6, 4, 24)]


@rule("income.sum")
def test_the_income_example_prices_occur_on_the_approx_cards():
    for ore_card in range(6):
        g = sandbox(ore=ore_card)
        assert (g.price("silver"), g.price("ore")) == (3, 4)
        g.state.players[0].production = {"silver": 3, "ore": 2}
        g.state.players[0].mine_ore = 4
        events = g.apply("income")
        assert events[-1].data["groschen"] == 33 and g.state.players[0].groschen == 40 + 33


@rule("income.ore-same-good")
def test_ore_from_mines_and_buildings_is_one_good_at_one_price():
    assert income({"ore": 2}, {"ore": 4}, mine_ore=4) == income({"ore": 6}, {"ore": 4})


@rule("sandbox.turns")
def test_the_sandbox_ends_after_the_agreed_turns_and_most_groschen_wins():
    g = new_economy(players=2, turns=2, seed=0)
    for action in ("income", "advance ore 1", "build beer", "income"):
        assert not g.is_terminal()
        g.apply(action)
    assert g.is_terminal() and g.pending() is None
    assert g.outcome().winners == (1,)  # player 2 spent nothing and started with 41
    assert_refused(g, "income", "game is over")


@rule("sandbox.turns")
def test_the_turn_waits_on_the_stack_until_the_last_turn_is_taken():
    g = new_economy(players=2, turns=2, seed=0)
    for taken in range(4):
        assert [(at.kind, at.player) for at in g.state.stack] == [("turn", taken % 2)]
        g.apply("income")
    assert g.state.stack == [] and g.is_terminal() and g.current_player is None and g.invariant_breaks() == []


def test_a_turn_left_waiting_after_the_last_breaks_an_invariant():
    g = new_economy(players=1, turns=1, seed=0)
    g.state.turn = 1  # the last turn counted as taken, but still waiting
    assert g.invariant_breaks() == ["turn 1 of 1 with 1 turn(s) waiting"]


@rule("sandbox.turns")
def test_players_take_turns_in_seat_order():
    g = new_economy(players=3, seed=0)
    seen = []
    for _ in range(4):
        seen.append(g.current_player)
        g.apply("income")
    assert seen == [0, 1, 2, 0]


@rule("sandbox.advance")
def test_decks_advance_one_to_three_cards_per_action():
    g = sandbox()
    assert {str(a) for a in g.legal_actions() if a.verb == "advance"} == {
        f"advance {d} {n}" for d in ("population", "ore") for n in (1, 2, 3)}
    assert_refused(g, "advance ore 4", "1 to 3 cards")
    assert_refused(g, "advance gold 1", "population or ore")


@rule("sandbox.build")
def test_build_without_a_held_tile_takes_rights_and_builds_at_once():
    g = sandbox()
    events = g.apply("build permits")
    assert rules_of(events)[:3] == ["sandbox.build", "rights.cost", "rights.stack-to-end"]
    assert g.state.players[0].held == [] and len(g.state.players[0].buildings) == 1


@rule("sandbox.build")
def test_a_build_you_cannot_afford_is_refused_with_the_numbers():
    g = sandbox(groschen=3)
    assert_refused(g, "build beer", r"costs \d+ groschen now .* and you have 3")


@rule("decision.empty-stack")
def test_a_stack_that_runs_out_leaves_its_row():
    g = sandbox(population=30, groschen=500, turns=100)
    for _ in range(4):
        g.apply("build food")
    assert town_hall.find(g.hall, "grocers") is None
    assert_refused(g, "build food", "no grocers building left")


def test_config_errors_are_named():
    with pytest.raises(ConfigError, match="1 to 4 players"):
        new_economy(players=5)
    with pytest.raises(ConfigError, match="no price table named 'printed'"):
        new_economy(price_table="printed")
    with pytest.raises(ConfigError, match="unknown option"):
        new_economy(player=2)


def test_unknown_verbs_are_explained():
    assert_refused(sandbox(), "mine", "the actions are advance, rights, build and income")


@rule("sandbox.start-position")
def test_a_hand_made_start_position_is_config_so_undo_and_saves_keep_it():
    g = new_economy(start_population=11, start_ore=3, start_sliders={"beer": 2})
    assert (g.stands.population, g.stands.ore, g.stands.sliders["beer"]) == (11, 3, 2)
    assert "sandbox.start-position" in [e.rule for e in g.log]
    assert g.hall.discards == []  # set, not played: card 11's neighbours did not act
    g.apply("advance population 1")
    g.undo()
    assert g.stands.population == 11
    loaded = type(g).from_json(g.to_json())
    assert loaded.stands.sliders["beer"] == 2 and loaded.config.start_sliders == {"beer": 2}


@pytest.mark.parametrize("options, message", [
    ({"start_population": 41}, "population deck has cards 0 to 40"),
    ({"start_ore": -1}, "ore deck has cards 0 to 30"),
    ({"start_sliders": {"gold": 1}}, "no 'gold' slider"),
    ({"start_sliders": {"beer": 6}}, "beer slider has notches 0 to 5"),
])
def test_impossible_start_positions_are_refused_by_name(options, message):
    with pytest.raises(ConfigError, match=message):
        new_economy(**options)
