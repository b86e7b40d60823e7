"""Building stained-glass windows (大聖堂のステンドグラスの窓を構築), in the game and in games.chartres.windows."""

import pytest

from games.chartres.windows import build_window, rightmost_value

from . import scenario
from .scenario import PARTS

rule = pytest.mark.rule

COLOURS, BONUSES, FINAL = PARTS.window_colours, PARTS.window_bonuses, PARTS.window_final
CARD = {c: scenario.cards_of(colour=c) for c in ("yellow", "red", "purple")}


def build(wanted: str, built: int):
    return build_window(COLOURS, BONUSES, built, wanted)


def workshop_build(colour: str, windows: list[str]):
    """Seat 0 takes the glaziers' workshop of ``colour`` with ``windows`` already built; returns the events."""
    game = scenario.new_game(2)
    shop = scenario.location(f"glaziers' {colour} workshop")
    scenario.show_locations(game, [shop])
    game.state.windows[0] = list(windows)
    scenario.give_hand(game, 0, [CARD[colour][0]])
    events = scenario.play(game, f"location {shop}", f"discard {CARD[colour][0]}")
    return game, events


def glass_for(k: int) -> str:
    """A window that may lie on space k (its colour), for building a cathedral by hand."""
    return COLOURS[k]


@rule("window.left-to-right")
def test_windows_fill_the_cathedral_left_to_right_in_the_leftmost_empty_space():
    for built in range(9):
        result = build("white", built)
        assert result.space == built
    game, events = workshop_build("yellow", [glass_for(k) for k in range(3)])
    assert scenario.of_rule(events, "window.bonus")[0].data["space"] == 3
    assert game.state.windows[0] == ["yellow", "red", "purple", "yellow"]
    scenario.sound(game)


@rule("window.colour")
def test_a_coloured_window_goes_only_on_a_space_of_its_colour():
    for built, space_colour in enumerate(COLOURS):
        for colour in ("yellow", "red", "purple"):
            result = build(colour, built)
            assert result.glass == (colour if colour == space_colour else "white")
    game, _ = workshop_build("red", ["yellow"])
    assert game.state.windows[0] == ["yellow", "red"]


@rule("window.white")
def test_a_white_window_may_always_be_built_and_earns_no_bonus():
    for built in range(9):
        result = build("white", built)
        assert (result.glass, result.bonus, result.ip, result.rule) == ("white", "", 0, "window.white")


@rule("window.bonus")
def test_a_window_on_a_space_of_its_colour_earns_the_printed_bonus():
    assert [build(COLOURS[k], k).bonus for k in range(9)] == list(BONUSES)
    game, events = workshop_build("yellow", [])  # space 1: 1 IP
    assert game.state.ip[0] == 1 and scenario.of_rule(events, "window.bonus")[-1].data["ip"] == 1
    game, _ = workshop_build("red", ["white"])  # space 2: draw 1 card
    assert len(game.state.hand[0]) == 1
    game, _ = workshop_build("purple", ["white", "white"])  # space 3: a citizen
    assert game.state.personal[0] == 3


@rule("decision.window-fallback")
def test_a_coloured_window_on_a_mismatched_space_is_built_white():
    result = build("purple", 0)
    assert (result.space, result.glass, result.bonus, result.rule) == (0, "white", "", "decision.window-fallback")
    game, events = workshop_build("purple", [])
    assert game.state.windows[0] == ["white"] and game.state.ip[0] == 0
    fallback = scenario.of_rule(events, "decision.window-fallback")[0]
    assert fallback.text == "Player 1 builds a white window on space 1 (yellow)."


@rule("decision.window-any")
def test_a_window_of_any_colour_takes_the_colour_of_its_space_and_earns_its_bonus():
    for built in range(9):
        result = build("any", built)
        assert (result.glass, result.bonus, result.rule) == (COLOURS[built], BONUSES[built], "decision.window-any")


@rule("window.full")
def test_once_all_nine_windows_are_built_a_coloured_window_scores_six_ip_and_a_white_one_four():
    assert (build("red", 9).ip, build("any", 9).ip, build("white", 9).ip) == (6, 6, 4)
    assert build("red", 9).space == -1 and build("red", 9).bonus == ""
    full = [glass_for(k) for k in range(9)]
    game, events = workshop_build("yellow", full)
    assert game.state.windows[0] == full and game.state.ip[0] == 6
    assert scenario.of_rule(events, "window.full")[0].data["ip"] == 6
    game = scenario.new_game(2)
    kiln = scenario.location("white glass kiln")
    scenario.show_locations(game, [kiln])
    game.state.windows[0] = list(full)
    scenario.give_hand(game, 0, [CARD["red"][0], CARD["red"][1]])
    scenario.play(game, f"location {kiln}", f"discard {CARD['red'][0]}", f"discard {CARD['red'][1]}")
    assert game.state.ip[0] == 4 and len(game.state.windows[0]) == 9
    scenario.sound(game)


@rule("final.windows")
def test_the_rightmost_window_value_is_the_number_under_the_last_built_space():
    assert rightmost_value(FINAL, 0) == 0
    assert [rightmost_value(FINAL, n) for n in range(1, 10)] == list(FINAL)
    assert rightmost_value(FINAL, 12) == FINAL[-1]
