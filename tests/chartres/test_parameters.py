"""Chartres's designable parameters (``games/chartres/parameters.py``): each changes the game as its rule says, the
sentences a player reads use the changed number, and a bad variant is refused naming the parameter (random variants
played to their end, and the design lab's hooks on played games: test_parameter_play.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.chartres import ChartresGame, effects, register_components, scoring, tracks
from games.chartres.data import approx, rulebook
from games.chartres.parameters import COMPONENT_PARAMETERS, PARAMETERS, PRINTED_FORM, component_data
from games.chartres.rules import RULES
from games.chartres.wine_making import make_wine
from games.core import Changes, ConfigError, ParameterError, SaveFileError
from games.core.bots import RandomBot, play_out
from tests.checks import assert_refused

from . import scenario

BY_NAME = {p.name: p for p in PARAMETERS}
VINEYARD, CHAPTER_HOUSE, TAVERN = (scenario.location(name) for name in ("vineyard", "chapter house", "tavern"))


def variant_game(changes: dict[str, Any] | None = None, players: int = 2, seed: int = 0, **options: Any
                 ) -> ChartresGame:
    """A game of the variant ``changes`` after the setup picks (each seat keeps the first cards of its deal), seat
    order as initiative, cellars A, B, C, D: the scenario module's ``new_game`` with a variant."""
    game = ChartresGame(None, seed, players=players, initiative=tuple(range(players)),
                        cellars=tuple("ABCD"[:players]), variant=Changes.of(changes or {}, "test"), **options)
    while game.pending().kind == "setup-row":
        game.apply(game.legal_actions()[0])
    return scenario.sound(game)


def refused(changes: dict[str, Any], **options: Any) -> str:
    with pytest.raises(ParameterError) as err:
        ChartresGame(None, 0, players=options.pop("players", 3), variant=Changes.of(changes), **options)
    return str(err.value)


def take(game: ChartresGame, lid: str, *then: str) -> list:
    scenario.show_locations(game, [lid])
    return scenario.play(game, f"location {lid}", *then)


def ip_events(events, rule_id: str) -> list[int]:
    return [e.data["ip"] for e in scenario.of_rule(events, rule_id)]


# ------------------------------------------------------------------------------------------------ the list itself
def test_every_parameter_names_rules_of_the_books_and_describes_itself_in_json():
    assert ChartresGame.parameters() is PARAMETERS
    assert len({p.name for p in PARAMETERS}) == len(PARAMETERS)
    for p in PARAMETERS:
        assert p.rules and all(rule_id in RULES for rule_id in p.rules), p.name
        json.dumps(p.describe())
        assert p.words and p.note, p.name
    assert [p.name for p in PARAMETERS if p.field] == ["main_optional"]
    assert BY_NAME["main_optional"].source == "decision" and BY_NAME["main_optional"].default is False


def test_rule_text_numbers_are_the_rulebook_modules_values_and_tags():
    plain = {"eras": "ERAS", "rounds_per_era": "ROUNDS_PER_ERA", "row_start": "ROW_START", "row_full": "ROW_FULL",
             "deal": "DEAL", "phase_b_draw": "PHASE_B_DRAW", "hand_limit_start": "HAND_LIMIT_START",
             "hand_limit_max": "HAND_LIMIT_MAX", "hand_limit_ip": "HAND_LIMIT_IP", "locations_extra": "LOCATIONS_EXTRA",
             "location_draw": "LOCATION_DRAW", "start_citizens": "START_CITIZENS",
             "window_overflow": "WINDOW_OVERFLOW", "shield_overflow": "SHIELD_OVERFLOW",
             "cellar_overflow": "CELLAR_OVERFLOW", "cross_overflow": "CROSS_OVERFLOW", "full_barrel": "FULL_BARREL",
             "half_barrel": "HALF_BARREL", "attract_set": "ATTRACT_SET", "leftover_ip": "LEFTOVER_IP"}
    for name, constant in plain.items():
        sourced = getattr(rulebook, constant)
        assert BY_NAME[name].default == sourced.value and BY_NAME[name].source == sourced.source == "rulebook"
        assert BY_NAME[name].note == sourced.note
    # the tables keyed by level or player count: the same numbers, keys as texts
    assert BY_NAME["cross_reputation"].default == {"1": 0, "2": 0, "3": 1, "4": 2}
    assert {int(k): v for k, v in BY_NAME["cross_reputation"].default.items() if v} == rulebook.CROSS_REPUTATION.value
    assert {int(n): tuple((r["ip_per_citizen"], r["barrel"], r["extra_ip"]) for r in ranks)
            for n, ranks in BY_NAME["citizen_influence"].default.items()} == rulebook.CITIZEN_INFLUENCE.value
    assert {int(n): tuple(v) for n, v in BY_NAME["path_reputation"].default.items()} == rulebook.PATH_REPUTATION.value
    assert tuple(BY_NAME["multiplier_range"].default.values()) == rulebook.MULTIPLIER_RANGE.value
    assert tuple(BY_NAME["bonus_cost"].default.values()) == rulebook.BONUS_COST.value
    for name in ("cross_reputation", "citizen_influence", "path_reputation", "multiplier_range", "bonus_cost"):
        assert BY_NAME[name].source == "rulebook" and BY_NAME[name].note


def test_component_tables_are_the_designed_sets_cells_tagged_approx():
    for name in COMPONENT_PARAMETERS:
        assert BY_NAME[name].source == "approx" and BY_NAME[name].note == approx.APPROX_V1["note"]
    assert BY_NAME["cellars"].default["A"]["values"] == approx.APPROX_V1["cellars"]["A"]["values"]
    assert BY_NAME["cellars"].default["A"]["bonuses"] == ["", "draw:2", "", "shield", "", "gain_citizen", "",
                                                          "reputation:1"]
    assert BY_NAME["status"].default["bonuses"][2:5] == ["gain_citizen", "", "cross"]
    assert BY_NAME["cards"].default["a02"] == {"colour": "yellow", "resources": ["horse", ""], "times": 1, "per": "",
                                               "do": ["discard:any", "discard:any", "window:white"], "bonus": ""}
    assert BY_NAME["path_spaces"].default == approx.APPROX_V1["path_spaces"]
    # the designer form goes back to the loader's data unchanged
    data = component_data(PRINTED_FORM, approx.APPROX_V1)
    assert data["assistant_cards"] == approx.assistant_cards()
    for section in ("cellars", "status", "cross", "windows", "bonus_tiles", "locations"):
        assert data[section] == approx.APPROX_V1[section], section


def test_the_printed_game_shares_the_shipped_component_set_and_a_variant_builds_its_own_once():
    printed = ChartresGame(None, 1, players=3)
    assert printed.parts is ChartresGame(None, 2, players=3).parts
    one = ChartresGame(None, 1, players=3, variant=Changes.of({"cross.ip.0": 5}))
    two = ChartresGame(None, 7, players=3, variant=Changes.of({"cross.ip.0": 5}))
    assert one.parts is two.parts and one.parts is not printed.parts and one.parts.cross_ip[0] == 5
    assert one.clone().parts is one.parts and one.clone().numbers is one.numbers


# ------------------------------------------------------------------------------------------------ the switch
@pytest.mark.rule("decision.main-once")
def test_main_optional_asks_the_first_time_of_a_free_main_ability():
    shield = scenario.card(main=("shield",), bonus=None)
    for optional, kind in ((False, "location"), (True, "resolve")):
        game = variant_game(main_optional=optional)
        assert game.params["main_optional"] is optional
        scenario.play_cards(game, scenario.ready_to_activate(game, 0, shield))
        assert game.pending().kind == kind
        assert game.state.shield[0] == (1 if optional else 2)


# ------------------------------------------------------------------------------------------------ the flow
def test_eras_end_the_game_after_the_variants_last_era():
    for eras in (1, 2, 4):
        game = ChartresGame(None, 3, players=3, variant=Changes.of({"eras": eras}))
        play_out(game, [RandomBot(k) for k in range(3)])
        assert game.is_terminal() and game.state.era == eras and game.round_number() == eras * 4
        assert len(scenario.of_rule(game.log, "era.marker")) == eras - 1 and scenario.of_rule(game.log, "final.winner")
        assert game.invariant_breaks() == []


def test_rounds_per_era_and_row_full_end_an_era_after_that_many_rounds_with_that_many_cards():
    game = ChartresGame(None, 4, players=2, variant=Changes.of({"rounds_per_era": 3, "row_full": 6}))
    play_out(game, [RandomBot(1), RandomBot(2)])
    ends = [e.text for e in scenario.of_rule(game.log, "era.end-check") if "ends" in e.text]
    assert ends == [f"The action rows hold 6 cards: era {era} ends with Phase F." for era in (1, 2, 3)]
    assert sum("a new round" in e.text for e in scenario.of_rule(game.log, "era.end-check")) == 3 * 2
    assert game.round_number() == 9 and game.invariant_breaks() == []
    longer = ChartresGame(None, 4, players=2, variant=Changes.of({"rounds_per_era": 5, "row_full": 8}))
    assert longer.numbers.row_full == 8 and len(longer.activate_actions) == 10


def test_row_start_is_the_starting_row_the_prompt_and_what_stays_at_an_eras_end():
    changes = {"row_start": 2, "row_full": 6}
    game = ChartresGame(None, 0, players=2, variant=Changes.of(changes))
    assert game.pending().prompt.endswith("choose card 1 of 2 for your starting action row (secretly)")
    assert "secretly picks 2 for the action row" in scenario.of_rule(game.log, "setup.deal")[-1].text
    game = variant_game(changes)
    assert [len(r) for r in game.state.row] == [2, 2] and [len(h) for h in game.state.hand] == [4, 4]
    play_out(game, [RandomBot(1), RandomBot(2)], stop_at=None)
    discards = scenario.of_rule(game.log, "era.discard")
    assert discards and all(e.text.endswith("rows keep 2, 2 cards.") for e in discards)


def test_deal_is_the_cards_dealt():
    game = variant_game({"deal": 8})
    assert [len(h) for h in game.state.hand] == [5, 5]
    assert any(e.text.startswith("Each player is dealt 8 cards") for e in scenario.of_rule(game.log, "setup.deal"))


def test_phase_b_draw_is_the_cards_drawn_beyond_the_limit():
    for draw in (0, 3):
        game = variant_game({"phase_b_draw": draw})
        for p in range(2):
            scenario.give_hand(game, p, [])
        events = scenario.play(game, "draw", "draw")  # Phase A: both seats draw 1 instead of a location, then Phase B
        assert [len(h) for h in game.state.hand] == [1 + draw, 1 + draw]
        drawn = [e.data["cards"] for e in scenario.of_rule(events, "draw.phase-b")]
        assert drawn == ([] if draw == 0 else [draw, draw])
        assert all(e.text.endswith(f"draws {draw} cards.") for e in scenario.of_rule(events, "draw.phase-b"))


@pytest.mark.rule("track.hand-limit")
def test_hand_limit_start_and_max_with_the_status_board_are_the_hand_limits_ends():
    game = variant_game({"hand_limit_start": 4, "status.hand_limit.0": 4, "status.hand_limit.1": 4,
                         "hand_limit_max": 9, "status.hand_limit.8": 9})
    assert game.hand_limit(0) == 4
    game.state.shield[0] = 8
    events = take(game, CHAPTER_HOUSE)
    assert game.hand_limit(0) == 9
    assert "hand limit 9, reputation ×8" in scenario.of_rule(events, "track.hand-limit")[0].text


@pytest.mark.rule("hand.limit")
def test_hand_limit_ip_is_paid_per_card_a_draw_cannot_take():
    game = variant_game({"hand_limit_ip": 3})
    scenario.give_hand(game, 0, scenario.cards_of(colour="red")[:3])  # at the limit of 3
    events = scenario.play(game, "draw")
    assert ip_events(events, "hand.limit") == [3] and game.state.ip[0] == 3
    assert "1 card beyond the hand limit of 3" in scenario.of_rule(events, "hand.limit")[0].text


def test_locations_extra_is_the_locations_revealed_beyond_one_per_player():
    for extra in (0, 1, 3):
        game = variant_game({"locations_extra": extra}, players=3)
        assert len(game.state.loc_shown) == 3 + extra


@pytest.mark.rule("location.draw-instead")
def test_location_draw_is_the_cards_drawn_instead_of_a_location_and_the_prompt_says_so():
    game = variant_game({"location_draw": 2})
    scenario.give_hand(game, 0, [])
    assert game.pending().prompt == "Player 1: take a revealed location, or draw 2 cards instead"
    events = scenario.play(game, "draw")
    assert len(game.state.hand[0]) == 2
    assert scenario.of_rule(events, "location.draw-instead")[0].text == "Player 1 takes no location and draws 2 cards."


def test_start_citizens_are_taken_at_the_setup():
    game = variant_game({"start_citizens": 5})
    assert game.state.personal == [4, 4] and game.state.common == [10, 10]
    assert "Each player takes 5 citizens." in [e.text for e in scenario.of_rule(game.log, "setup.citizens")]


# ------------------------------------------------------------------------------------------------ overflow
@pytest.mark.rule("window.full")
def test_window_overflow_scores_each_window_past_the_ninth():
    game = variant_game({"window_overflow.coloured": 10, "window_overflow.white": 1})
    game.state.windows[0] = ["white"] * 9
    for wanted, ip in (("yellow", 10), ("white", 1)):
        before = game.state.ip[0]
        effects.window(game, 0, wanted)
        assert game.state.ip[0] - before == ip
    assert "after all 9 are built" in game.log[-1].text


def test_shield_cellar_and_cross_overflow_score_the_steps_past_the_ends():
    game = variant_game({"shield_overflow": 5, "cellar_overflow": 7, "cross_overflow": 1})
    s = game.state
    s.shield[0], s.cross[0], s.barrel[0] = 9, 4, 7
    tracks.shield(game, 0)
    tracks.barrel(game, 0)
    tracks.cross(game, 0)
    assert s.ip[0] == 5 + 7 + 1
    assert [e.data["ip"] for e in game.log[-3:]] == [5, 7, 1]


# ------------------------------------------------------------------------------------------------ final scoring
def final_scoring_of(game: ChartresGame) -> list:
    for p in range(game.players):
        scenario.set_row(game, p, [])
    scenario.start_phase(game, "bonus", era=game.numbers.eras, round=game.numbers.rounds_per_era)
    events = scenario.finish(game)
    assert game.is_terminal()
    return events


@pytest.mark.rule("final.reputation")
def test_multiplier_range_with_the_status_board_sets_the_reputation_multiplier():
    game = variant_game({"multiplier_range.last": 12, "status.multiplier.8": 12})
    scenario.set_paths(game)  # no path reputation
    game.state.shield[0], game.state.reputation[0] = 9, 2
    events = final_scoring_of(game)
    assert "2 reputation × 12" in scenario.of_rule(events, "final.reputation")[0].text
    assert scenario.of_rule(events, "final.reputation")[0].data["ip"] == 24


@pytest.mark.rule("final.cross")
def test_cross_reputation_is_the_tokens_by_tower_level():
    game = variant_game({"cross_reputation.2": 3, "cross_reputation.4": 0})
    game.state.cross[:] = [2, 4]
    events = final_scoring_of(game)
    assert [e.text for e in scenario.of_rule(events, "final.cross")] == ["Player 1: cross at level 2, +3 reputation."]
    assert [row[1] for row in game.state.final] == [3, 0]


@pytest.mark.rule("final.paths")
def test_path_reputation_is_the_tokens_by_place():
    game = variant_game({"path_reputation.2.0": 5, "path_reputation.2.1": 0})
    scenario.set_paths(game, warehouse=[0, 0, 1], townhall=[])
    events = final_scoring_of(game)
    assert [e.text for e in scenario.of_rule(events, "final.paths")] == [
        "Player 1: place 1 on the warehouse path, +5 reputation."]


@pytest.mark.rule("final.leftovers")
def test_leftover_ip_is_paid_per_citizen_and_card_left():
    game = variant_game({"leftover_ip": 2})
    scenario.set_personal(game, 0, 3)
    scenario.give_hand(game, 0, scenario.cards_of(colour="red")[:2])
    scenario.set_personal(game, 1, 0)
    scenario.give_hand(game, 1, [])
    events = final_scoring_of(game)
    assert [e.data["ip"] for e in scenario.of_rule(events, "final.leftovers")] == [10]


# ------------------------------------------------------------------------------------------------ Phase F
@pytest.mark.rule("wine.grapes")
def test_full_and_half_barrel_are_the_grapes_a_barrel_takes():
    game = variant_game({"full_barrel": 5, "half_barrel": 2})
    scenario.set_row(game, 0, scenario.row_for(white=4))
    make_wine(game, 0, "white")  # 4 white grapes: not a full barrel (5), but half of one (2)
    values = game.parts.cellars["A"].values
    assert game.state.ip[0] == values[0] // 2
    assert "barrel 1 (2 IP printed): half of white → 1 IP" in scenario.of_rule(game.log, "wine.order")[-1].text


@pytest.mark.rule("score.citizens")
def test_citizen_influence_is_the_ip_and_barrel_steps_by_torch_rank():
    game = variant_game({"citizen_influence.2.0.ip_per_citizen": 5, "citizen_influence.2.0.barrel": 2,
                         "citizen_influence.2.1.extra_ip": 4})
    scenario.set_paths(game, warehouse=[0, 0, 1])
    scenario.set_row(game, 0, scenario.row_for(torch=2))
    scenario.set_row(game, 1, scenario.row_for(cart=1, avoid=game.state.row[0]))
    game.state.taverns = [[], []]
    scoring._score_citizens(game)
    assert ip_events(game.log, "score.citizens") == [2 * 5, 1 * 1 + 4]
    assert game.state.barrel == [2, 0]


@pytest.mark.rule("score.attract")
def test_attract_set_is_the_horses_and_carts_a_citizen_takes():
    game = variant_game({"attract_set.horse": 1, "attract_set.cart": 2})
    scenario.set_row(game, 0, scenario.row_for(horse=3, cart=2))
    scenario.set_personal(game, 0, 0)
    scoring._attract(game)
    assert game.state.personal[0] == 1  # min(3 // 1, 2 // 2)


@pytest.mark.rule("score.bonus-tile")
def test_bonus_cost_bounds_the_tiles_costs_and_a_tile_costs_its_changed_number():
    cheap = scenario.tile("reputation:1")
    game = variant_game({"bonus_cost.most": 6, f"bonus_tiles.{cheap}.cost": 6})
    scenario.show_tiles(game, [cheap])
    scenario.set_personal(game, 0, 5)
    scenario.set_personal(game, 1, 6)
    scenario.start_phase(game, "bonus")
    assert scenario.legal(game) == ["pass"]
    assert_refused(game, f"bonus {cheap}", f"{cheap} costs 6 citizens and you have 5 in your personal supply")
    scenario.play(game, "pass")
    events = scenario.play(game, f"bonus {cheap}")
    assert game.state.personal[1] == 0 and game.state.reputation[1] == 1
    assert f"Player 2 returns 6 citizens and takes bonus tile {cheap}." in [e.text for e in events]


# ------------------------------------------------------------------------------------------------ the components
@pytest.mark.rule("track.cellar")
def test_cellars_values_and_bonuses_are_the_barrels_and_the_spaces_bonuses():
    game = variant_game({"cellars.A.values.0": 9, "cellars.A.bonuses.1": "shield"})
    scenario.set_row(game, 0, scenario.row_for(white=4))
    make_wine(game, 0, "white")
    assert game.state.ip[0] == 9
    take(game, VINEYARD)
    assert game.state.barrel[0] == 1 and game.state.shield[0] == 2


@pytest.mark.rule("track.status")
def test_status_multiplier_and_bonuses_are_the_levels():
    game = variant_game({"status.multiplier.1": 5, "status.bonuses.1": "reputation:2"})
    events = take(game, CHAPTER_HOUSE)
    assert game.state.shield[0] == 2 and game.state.reputation[0] == 2
    assert "hand limit 3, reputation ×5" in scenario.of_rule(events, "track.hand-limit")[0].text


@pytest.mark.slow
@pytest.mark.rule("effect.score-cross")
def test_cross_is_the_ip_and_cards_of_scoring_the_cross():
    game = variant_game({"cross.ip.1": 8, "cross.cards.1": 3})
    game.state.cross[0] = 2
    scenario.give_hand(game, 0, [])
    effects.gain(game, 0, "score_cross", effects.FROM_ABILITY)
    assert game.state.ip[0] == 8 and len(game.state.hand[0]) == 3


@pytest.mark.rule("final.windows")
def test_windows_colours_bonuses_and_final_numbers_are_the_spaces():
    game = variant_game({"windows.colours.0": "red", "windows.bonuses.0": "reputation:3", "windows.final.0": 7})
    effects.window(game, 0, "red")
    assert game.state.windows[0] == ["red"] and game.state.reputation[0] == 3
    events = final_scoring_of(game)
    assert ip_events(events, "final.windows")[0] == 7


@pytest.mark.rule("decision.tile-free")
def test_bonus_tiles_effects_are_the_tiles():
    rep = scenario.tile("reputation:1")
    game = variant_game({f"bonus_tiles.{rep}.do.0": "shield", f"bonus_tiles.{rep}.do.1": "cross"})
    scenario.show_tiles(game, [rep])
    scenario.set_personal(game, 0, 1)
    scenario.set_personal(game, 1, 0)
    scenario.start_phase(game, "bonus")
    scenario.play(game, f"bonus {rep}")
    assert game.state.shield[0] == 2 and game.state.cross[0] == 2 and game.state.reputation[0] == 0


@pytest.mark.rule("location.take")
def test_locations_abilities_and_flags_are_the_location_cards():
    game = variant_game({f"locations.{VINEYARD}.do.0": "shield", f"locations.{VINEYARD}.do.1": "cross",
                         f"locations.{VINEYARD}.bonus": "reputation:1"})
    assert game.parts.locations[VINEYARD].main.words() == "shield up 1, cross up 1"
    take(game, VINEYARD, "resolve")
    assert (game.state.shield[0], game.state.cross[0], game.state.barrel[0], game.state.reputation[0]) == (2, 2, 0, 1)
    game = variant_game({f"locations.{VINEYARD}.tavern": True})
    take(game, VINEYARD)
    assert game.state.taverns[0] == [VINEYARD] and game.resources(0)["torch"] >= 1


@pytest.mark.rule("decision.ability-ip")
def test_points_on_a_location_or_a_card_score_at_once_under_their_reading():
    game = variant_game({f"locations.{VINEYARD}.do.0": "ip:5"})
    events = take(game, VINEYARD)
    assert game.state.ip[0] == 5 and game.state.barrel[0] == 0
    assert [e.text for e in scenario.of_rule(events, "decision.ability-ip")] == ["Player 1: +5 IP (an ability)."]
    shield = scenario.card(main=("shield",), bonus=None)
    game = variant_game({f"cards.{shield}.do.0": "ip:12"})
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, shield))
    assert game.state.ip[0] == 12 and game.invariant_breaks() == []


@pytest.mark.rule("act.match")
def test_cards_colours_resources_and_abilities_are_the_assistant_cards():
    shield = scenario.card(main=("shield",), bonus=None)
    game = variant_game({f"cards.{shield}.do.0": "cross", f"cards.{shield}.do.1": "barrel",
                         f"cards.{shield}.resources.0": "torch", f"cards.{shield}.resources.1": "torch"})
    assert game.parts.cards[shield].resources == ("torch", "torch")
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, shield))
    assert (game.state.shield[0], game.state.cross[0], game.state.barrel[0]) == (1, 2, 1)
    red = variant_game({f"cards.{shield}.colour": "red"})
    assert red.parts.cards[shield].colour == "red"


def test_path_spaces_citizens_per_colour_and_tavern_torches():
    game = variant_game({"path_spaces": 5, "citizens_per_colour": 20, "tavern_torches": 3})
    assert [len(path) for path in game.state.paths] == [5, 5] and game.state.common == [17, 17]
    assert game.invariant_breaks() == []
    events = take(game, TAVERN)
    assert game.resources(0)["torch"] >= 3
    assert "(+3 torches)" in scenario.of_rule(events, "location.tavern")[0].text


# ------------------------------------------------------------------------------------------------ refusals
@pytest.mark.parametrize(("changes", "words"), [
    ({"gold": 1}, 'Chartres has no parameter "gold"'),
    ({"eras": "3"}, "eras is a whole number"),
    ({"eras": 7}, "eras is at most 6"),
    ({"phase_b_draw": -1}, "phase_b_draw is at least 0"),
    ({"cellars.A.values.0": 31}, "cellars.A.values.0 is at most 30"),
    ({"cellars.E.values.0": 1}, 'cellars has no cell "E"'),
    ({"cellars.A.values": [1, 2]}, "cellars.A.values has 8 entries, not 2"),
    ({"status.hand_limit.9": 7}, "positions 0..8"),
    ({"cards.a01": {"colour": "red"}}, "cards.a01 lacks resources"),
    ({"main_optional": True}, "main_optional is the option main_optional of the config: set it there"),
    # each parameter's own check, in the component loader's words
    ({"cellars.A.bonuses.2": "discard:any"}, "cellars: cellar A.bonuses.2: a printed bonus is a gain, not a discard"),
    ({"status.bonuses.3": "fly"}, "status: status.bonuses.3 (level 4): do must be a non-empty list of glossary atoms"),
    ({"windows.colours.4": "blue"}, "windows: the space colours: windows.colours must name 9 spaces of yellow, red"),
    ({"windows.bonuses.0": ""}, "windows: windows.bonuses.0: do must be a non-empty list of glossary atoms"),
    ({"bonus_tiles.b01.do.0": "discard:any"}, "bonus_tiles: bonus tile b01: a bonus tile is paid with citizens"),
    ({"bonus_tiles.b01.do.0": ""}, "bonus_tiles: bonus tile b01: do must be a non-empty list"),
    ({"locations.l14.per": "gold"}, "locations: location l14 main: per must be '' or one of torch"),
    ({"locations.l14.per": "cart", "locations.l14.times": 2}, "an ability counted per cart has times 1"),
    ({"locations.l06.do.0": "window:yellow", "locations.l06.do.1": "discard:yellow"},
     "discards come before the effects they pay for"),
    ({f"locations.l{k:02d}.city_gate": True for k in range(4, 18)}, "too few locations (or too few that are not "
     "city gates)"),
    ({"cards.a01.colour": "green"}, "cards: card a01: colour must be one of yellow, red, purple"),
    ({"cards.a01.resources.0": "gold"}, "cards: card a01: resources must be a list of torch"),
    ({"cards.a01.bonus": "fly"}, "cards: card a01 bonus: do must be a non-empty list of glossary atoms"),
    ({"bonus_cost.least": 5}, "bonus_cost: the least a tile may cost (5) is more than the most (4)"),
    # the relations between parameters
    ({"rounds_per_era": 5}, "row_full: one card joins the action row each round, so an era of 5 rounds from 3 "
     "cards ends with row_full = 8"),
    ({"row_start": 4, "row_full": 8, "deal": 3}, "deal: the action row's 4 starting cards (row_start) are chosen "
     "from the deal, so deal is at least 4, not 3"),
    ({"half_barrel": 4}, "half_barrel: half a barrel takes fewer grapes than a full one (4, full_barrel), not 4"),
    ({"start_citizens": 10, "citizens_per_colour": 9}, "start_citizens: each player takes 10 of the 9 citizens"),
    ({"hand_limit_start": 4}, "status.hand_limit: the hand limit rises from 4 to 7 (rule text), found [3, 3, 4"),
    ({"status.hand_limit.3": 2}, "the hand limit rises from 3 to 7 (rule text), found [3, 3, 4, 2"),
    ({"status.multiplier.8": 9}, "status.multiplier: the reputation multiplier runs from 0 to 8 (rule text)"),
    ({"bonus_tiles.b01.cost": 0}, "bonus_tiles.b01.cost: cost must be 1–4 citizens (rule text), not 0; bonus_cost "
     "says the least and the most"),
])
def test_a_bad_variant_is_refused_with_a_sentence_naming_the_parameter(changes, words):
    message = refused(changes)
    assert words in message
    assert len(message) < 400 or "has no parameter" in message  # that one lists the parameters


def test_a_variant_of_the_component_tables_is_refused_for_another_component_set():
    data = component_data(PRINTED_FORM, approx.APPROX_V1)
    register_components("test-parameters-copy", {**data, "source": "transcribed"})
    game = ChartresGame(None, 1, players=2, components="test-parameters-copy", variant=Changes.of({"eras": 2}))
    assert game.numbers.eras == 2 and game.parts.name == "test-parameters-copy"
    message = refused({"cross.ip.0": 5}, components="test-parameters-copy")
    assert message.startswith("cross: the component parameters change the cells of the set approx_v1, and this game "
                              "plays the set 'test-parameters-copy'")


def test_a_save_with_a_bad_variant_is_refused_naming_the_parameter():
    game = variant_game({"eras": 2})
    data = game.to_dict()
    data["config"]["variant"] = {"name": "x", "changes": {"rounds_per_era": 6}}
    with pytest.raises(SaveFileError, match="bad config: row_full: one card joins the action row each round"):
        ChartresGame.from_dict(data)


def test_a_bad_variant_is_a_config_error():
    with pytest.raises(ConfigError, match="deal is at most 12"):
        ChartresGame(None, 0, players=4, variant=Changes.of({"deal": 13}))
