"""Setup (セットアップ) A–N and the structure of the game (プレイの方法)."""

from collections import Counter

import pytest

import games.chartres as chartres
from games.chartres.game import ChartresGame

from . import scenario
from .scenario import CARDS, LOCATIONS, PARTS, TILES

rule = pytest.mark.rule


def fresh(players: int = 2, seed: int = 0, **config) -> ChartresGame:
    """A game straight after setup, before anyone picks their starting row."""
    return ChartresGame(None, seed, players=players, **config)


def test_the_package_starts_a_game_with_new_game_and_exports_what_every_game_exports():
    assert chartres.new_game().to_dict() == ChartresGame(None, 0, players=3).to_dict()
    game = chartres.new_game(players=2, seed=4, initiative=(1, 0))
    assert isinstance(game, chartres.ChartresGame) and game.config == chartres.ChartresConfig(2, initiative=(1, 0))
    assert game.seed == 4 and chartres.RULES is ChartresGame.rules and chartres.BANNER


def test_what_players_see_holds_no_presentation():
    seats = fresh(4).observe(None)["seats"]
    assert all("colour" not in seat for seat in seats)  # seat colours are the views' business


@rule("setup.supply")
def test_the_common_supply_holds_twelve_face_down_bonus_tiles_and_the_citizens_of_every_colour():
    for players in (2, 3, 4):
        game = fresh(players)
        s = game.state
        assert sorted(s.tiles_stack + s.tiles_shown) == sorted(TILES) and len(TILES) == 12
        assert s.tiles_gone == [] and len(s.tiles_stack) == 12 - players
        assert all(s.common[p] + s.personal[p] + game.on_paths(p) == PARTS.citizens_per_colour
                   for p in range(players))
        assert game.observe(None)["tiles_left"] == 12 - players  # face down: only their number is seen
        assert game.log[0].rule == "setup.supply" and "12 bonus tiles face down" in game.log[0].text


@rule("setup.locations")
def test_players_plus_one_locations_are_revealed_from_the_shuffled_location_deck():
    for players in (2, 3, 4):
        game = fresh(players, seed=players)
        s = game.state
        assert len(s.loc_shown) == players + 1
        assert sorted(s.loc_deck + s.loc_discard + s.loc_shown) == sorted(LOCATIONS)
        assert scenario.of_rule(game.log, "setup.locations")[0].data["shown"] == s.loc_shown
    assert len({tuple(fresh(4, seed).state.loc_shown) for seed in range(6)}) == 6


@rule("setup.locations")
@rule("location.city-gate")
def test_a_second_city_gate_revealed_at_setup_is_discarded_and_replaced():
    seed = next(seed for seed in range(300) if scenario.of_rule(fresh(4, seed).log, "location.city-gate"))
    game = fresh(4, seed)
    s = game.state
    gates = [x for x in s.loc_shown if LOCATIONS[x].city_gate]
    assert len(gates) == 1 and len(s.loc_shown) == 5
    discarded = [e.text for e in scenario.of_rule(game.log, "location.city-gate")]
    assert discarded and all("second city gate" in t for t in discarded)
    assert all(LOCATIONS[x].city_gate for x in s.loc_discard) and len(s.loc_discard) == len(discarded)


@rule("setup.assistant-deck")
def test_the_assistant_cards_are_shuffled_into_one_face_down_deck():
    game = fresh(3)
    s = game.state
    assert len(s.deck) == len(CARDS) - 6 * 3 and s.discard == []
    assert sorted(s.deck + [c for h in s.hand for c in h]) == sorted(CARDS)
    assert game.observe(0)["deck"] == len(s.deck) and "deck_order" not in game.observe(0)
    assert fresh(3, seed=1).state.deck != s.deck


@rule("setup.bonus-tiles")
def test_one_bonus_tile_per_player_is_revealed_on_the_cathedral():
    for players in (2, 3, 4):
        game = fresh(players, seed=7)
        assert len(game.state.tiles_shown) == players
        assert game.observe(1)["tiles"] == game.state.tiles_shown
        assert scenario.of_rule(game.log, "setup.bonus-tiles")[0].data["shown"] == game.state.tiles_shown


@rule("setup.boards")
def test_each_player_gets_a_random_cellar_board_or_the_configured_one():
    dealt = {tuple(fresh(2, seed).state.cellar) for seed in range(30)}
    assert len(dealt) > 4 and all(len(set(c)) == 2 and set(c) <= set(PARTS.cellars) for c in dealt)
    game = fresh(3, cellars=("D", "A", "C"))
    assert game.state.cellar == ["D", "A", "C"] and game.state.cellar_pool == ["B"]
    assert scenario.of_rule(game.log, "setup.boards")[0].data["cellars"] == ["D", "A", "C"]
    assert all(game.state.windows[p] == [] for p in range(3))  # an empty cathedral board each


@rule("setup.initiative")
def test_the_initiative_order_is_the_configured_one_or_drawn_from_the_seed():
    assert fresh(4, initiative=(2, 0, 3, 1)).state.initiative == [2, 0, 3, 1]
    drawn = {tuple(fresh(3, seed).state.initiative) for seed in range(30)}
    assert len(drawn) == 6  # every order of three seats occurs
    assert fresh(3, seed=5).state.initiative == fresh(3, seed=5).state.initiative


@rule("setup.markers")
def test_influence_starts_at_zero_the_shield_and_cross_at_level_one_and_the_barrel_on_the_first_space():
    game = fresh(4)
    s = game.state
    assert s.ip == [0] * 4 and s.shield == [1] * 4 and s.cross == [1] * 4 and s.barrel == [0] * 4
    assert s.reputation == [0] * 4
    assert [game.hand_limit(p) for p in range(4)] == [3] * 4
    assert [seat["multiplier"] for seat in game.observe(None)["seats"]] == [0] * 4


@rule("setup.citizens")
def test_each_player_takes_three_citizens_of_their_colour_as_the_personal_supply():
    game = fresh(3)
    placed = [game.on_paths(p) for p in range(3)]
    assert placed == [1, 1, 1]
    assert [game.state.personal[p] + placed[p] for p in range(3)] == [3, 3, 3]
    assert [seat["personal"] for seat in game.observe(None)["seats"]] == game.state.personal  # public


@rule("setup.warehouse")
def test_in_reverse_initiative_order_each_player_puts_a_citizen_on_the_warehouse_path_from_the_building():
    game = fresh(3, initiative=(2, 0, 1))
    warehouse, townhall = game.state.paths
    assert warehouse[:3] == [1, 0, 2] and set(warehouse[3:]) == {-1}  # last in initiative nearest the building
    assert set(townhall) == {-1}
    assert [e.data["player"] for e in scenario.of_rule(game.log, "setup.warehouse")] == [1, 0, 2]
    assert [e.data["space"] for e in scenario.of_rule(game.log, "setup.warehouse")] == [0, 1, 2]


@rule("setup.deal")
def test_six_cards_are_dealt_and_each_player_secretly_lays_three_as_the_action_row():
    game = fresh(2, initiative=(1, 0))
    s = game.state
    assert [len(h) for h in s.hand] == [6, 6] and s.row == [[], []]
    assert game.pending().kind == "setup-row" and game.pending().player == 1
    first = scenario.legal(game)[0]
    game.apply(first)
    assert game.observe(0)["seats"][1]["row"] is None  # the other rows stay secret while picking
    assert game.observe(1)["seats"][1]["row"] == [first.split()[1]]
    while game.pending().kind == "setup-row":
        game.apply(scenario.legal(game)[-1])
    assert [len(r) for r in s.row] == [3, 3] and [len(h) for h in s.hand] == [3, 3]
    assert s.act == [["", "", ""], ["", "", ""]]
    assert game.observe(0)["seats"][1]["row"] == s.row[1]  # face up once everybody has picked
    assert game.pending().kind == "location"
    scenario.sound(game)


@rule("flow.eras")
def test_the_game_lasts_three_eras_of_four_rounds_and_each_era_ends_with_seven_cards_in_the_rows():
    game = scenario.new_game(3, seed=4)
    events = scenario.finish(game)
    rounds = [(int(e.text.split()[1][:-1]), int(e.text.split()[3][:-1]))
              for e in scenario.of_rule(game.log, "location.order")]
    assert rounds == [(era, r) for era in (1, 2, 3) for r in (1, 2, 3, 4)]
    ends = [e.text for e in scenario.of_rule(events, "era.end-check") if "ends with Phase F" in e.text]
    assert len(ends) == 3 and game.is_terminal()
    assert Counter(len(r) for r in game.state.row) == {7: 3}
    scenario.sound(game)
