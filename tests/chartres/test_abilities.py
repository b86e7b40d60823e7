"""The effect glossary of the rule text: discards, citizens, paths, scoring windows and the cross, drawing and
reputation, resolved through the locations that carry them."""

import pytest

from games.chartres.data import rulebook

from . import scenario
from .scenario import PARTS, PURPLE, RED, YELLOW

rule = pytest.mark.rule



def at(game, *names: str) -> list[str]:
    lids = [scenario.location(n) for n in names]
    scenario.show_locations(game, lids)
    return lids


@rule("effect.discard")
def test_a_coloured_discard_takes_a_card_of_that_colour_to_the_discard_pile():
    game = scenario.new_game(2)
    (shop,) = at(game, "glaziers' yellow workshop")
    scenario.give_hand(game, 0, [YELLOW[0], YELLOW[1], RED[0]])
    scenario.play(game, f"location {shop}")
    # a location taken is carried out: no stop (location.take)
    assert game.pending().kind == "discard" and scenario.legal(game) == [f"discard {YELLOW[0]}", f"discard {YELLOW[1]}"]
    events = scenario.play(game, f"discard {YELLOW[1]}")
    assert scenario.rules_of(events)[:2] == ["effect.discard", "window.bonus"]
    assert game.state.discard == [YELLOW[1]] and game.state.hand[0] == [YELLOW[0], RED[0]]
    assert game.state.windows[0] == ["yellow"]
    scenario.sound(game)


@rule("effect.discard")
@rule("window.white")
def test_a_white_window_costs_any_two_cards():
    game = scenario.new_game(2)
    (kiln,) = at(game, "white glass kiln")
    scenario.give_hand(game, 0, [YELLOW[0], PURPLE[0]])
    events = scenario.play(game, f"location {kiln}", f"discard {PURPLE[0]}", f"discard {YELLOW[0]}")
    assert scenario.rules_of(events).count("effect.discard") == 2 and "window.white" in scenario.rules_of(events)
    assert game.state.windows[0] == ["white"] and game.state.ip[0] == 0  # no bonus for a white window


@rule("effect.discard-same")
@rule("decision.window-any")
def test_discard_two_of_one_colour_offers_only_colours_held_twice_and_then_holds_to_that_colour():
    game = scenario.new_game(2)
    (lodge,) = at(game, "rose window lodge")
    scenario.give_hand(game, 0, [YELLOW[0], RED[0], RED[1], PURPLE[0]])
    scenario.play(game, f"location {lodge}")
    assert scenario.legal(game) == [f"discard {RED[0]}", f"discard {RED[1]}"]
    scenario.give_hand(game, 0, [YELLOW[0], YELLOW[1], RED[0], RED[1]])
    assert scenario.legal(game) == [*(f"discard {c}" for c in (YELLOW[0], YELLOW[1], RED[0], RED[1]))]
    events = scenario.play(game, f"discard {RED[1]}")
    assert scenario.legal(game) == [f"discard {RED[0]}"]  # the second card must match the first
    events += scenario.play(game, f"discard {RED[0]}")
    assert scenario.rules_of(events)[:3] == ["effect.discard-same", "effect.discard-same", "decision.window-any"]
    assert game.state.windows[0] == ["yellow"] and game.state.ip[0] == 1  # any colour: the space's, with bonus


@rule("effect.citizen")
@rule("inferred.per-colour-citizens")
def test_a_citizen_comes_from_the_common_supply_of_the_players_colour():
    game = scenario.new_game(2)
    (market,) = at(game, "market")
    before = list(game.state.common)
    events = scenario.play(game, f"location {market}")
    assert scenario.of_rule(events, "effect.citizen")[0].data["player"] == 0
    assert game.state.personal[0] == 3 and game.state.common == [before[0] - 1, before[1]]


@rule("inferred.per-colour-citizens")
def test_when_no_citizen_of_the_colour_is_left_taking_one_does_nothing():
    game = scenario.new_game(2)
    (shop,) = at(game, "glaziers' purple workshop")
    game.state.windows[0] = ["yellow", "red"]  # the next space is purple, whose bonus is a citizen
    scenario.set_common(game, 0, 0)
    personal = game.state.personal[0]
    scenario.give_hand(game, 0, [PURPLE[0]])
    events = scenario.play(game, f"location {shop}", f"discard {PURPLE[0]}")
    assert scenario.of_rule(events, "inferred.per-colour-citizens")[0].text == (
        "Player 1: no citizen of their colour is left in the common supply.")
    assert game.state.personal[0] == personal and game.state.windows[0][-1] == "purple"
    scenario.sound(game)


@rule("effect.place-citizen")
def test_a_citizen_goes_from_the_personal_supply_to_the_first_empty_space_of_a_path_of_the_players_choice():
    game = scenario.new_game(2)
    (gate,) = at(game, "city gate")
    scenario.set_paths(game, warehouse=[1, 0], townhall=[1])
    scenario.play(game, f"location {gate}")
    assert game.pending().kind == "path" and scenario.legal(game) == ["path townhall", "path warehouse"]
    events = scenario.play(game, "path townhall")
    assert scenario.of_rule(events, "effect.place-citizen")[0].data == {"player": 0, "path": "townhall", "space": 1}
    assert game.state.paths[rulebook.PATHS.index("townhall")][:3] == [1, 0, -1] and game.state.personal[0] == 1
    scenario.sound(game)


@rule("effect.place-citizen")
def test_with_one_path_full_the_citizen_goes_on_the_other_without_a_question():
    game = scenario.new_game(2)
    (gate,) = at(game, "city gate")
    scenario.set_paths(game, warehouse=[1, 0] * (PARTS.path_spaces // 2))
    events = scenario.play(game, f"location {gate}")
    assert scenario.of_rule(events, "effect.place-citizen")[0].data["path"] == "townhall"
    assert game.pending().player == 1


@rule("effect.score-windows")
def test_scoring_windows_gives_the_number_under_the_rightmost_built_window():
    for built, ip in ((0, 0), (1, 1), (4, 6), (9, 25)):
        game = scenario.new_game(2)
        (workshop,) = at(game, "cathedral workshop")
        game.state.windows[0] = [c if k % 2 else "white" for k, c in enumerate(PARTS.window_colours[:built])]
        scenario.give_hand(game, 0, [RED[0]])
        events = scenario.play(game, f"location {workshop}", f"discard {RED[0]}")
        assert [e.data.get("ip", 0) for e in scenario.of_rule(events, "effect.score-windows")] == ([ip] if ip else [])
        assert game.state.ip[0] == ip == PARTS.window_final[built - 1] * bool(built)


@rule("effect.score-cross")
def test_scoring_the_cross_gives_the_ip_and_cards_of_its_level():
    for level in (1, 2, 3, 4):
        game = scenario.new_game(2)
        (tower,) = at(game, "bell tower")
        scenario.give_hand(game, 0, [])
        game.state.cross[0] = level
        scenario.play(game, f"location {tower}")
        assert game.state.ip[0] == PARTS.cross_ip[level - 1] == (1, 3, 6, 10)[level - 1]
        assert len(game.state.hand[0]) == PARTS.cross_cards[level - 1] == (0, 1, 1, 2)[level - 1]


@rule("effect.draw")
def test_drawing_takes_cards_from_the_top_of_the_deck_within_the_hand_limit():
    game = scenario.new_game(2)
    (scriptorium,) = at(game, "scriptorium")
    scenario.give_hand(game, 0, [])
    top = game.state.deck[-2:]
    events = scenario.play(game, f"location {scriptorium}")
    assert scenario.of_rule(events, "effect.draw")[0].data == {"player": 0, "cards": 2}
    assert sorted(game.state.hand[0]) == sorted(top) and game.state.ip[0] == 0


@rule("effect.reputation")
@rule("score.bonus-tile")
def test_a_reputation_token_is_gained_from_a_bonus_tile():
    game = scenario.new_game(2)
    token = scenario.tile("reputation:1")
    scenario.show_tiles(game, [token, scenario.tile("draw:2")])
    scenario.set_personal(game, 0, 1)
    scenario.set_personal(game, 1, 0)
    rows = {p: scenario.cards_of(lacks=("white", "red", "horse"))[7 * p:7 * p + 7] for p in range(2)}
    scenario.to_phase_f(game, rows)
    assert game.pending().kind == "bonus"
    assert sorted(scenario.legal(game)) == sorted([f"bonus {token}", f"bonus {scenario.tile('draw:2')}", "pass"])
    events = scenario.play(game, f"bonus {token}")
    assert game.state.reputation == [1, 0] and game.observe(1)["seats"][0]["reputation"] == 1
    assert scenario.rules_of(events)[:2] == ["score.bonus-tile", "score.bonus-tile"]
    assert "gains 1 reputation token" in events[1].text
