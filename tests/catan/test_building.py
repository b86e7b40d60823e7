"""Building: roads, settlements, cities, the distance rule, connection, blocking and piece limits."""

import pytest

from games.catan.state import waiting
from games.core import IllegalAction

from .scenario import edge, hand, legal, path, play, position, rules_of, sound

rule = pytest.mark.rule

ROAD, SETTLEMENT, CITY = "brick lumber", "brick grain lumber wool", "grain grain ore ore ore"


def refused(game, action, match):
    before = game.to_json()
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert game.to_json() == before


@rule("build.road")
def test_a_road_costs_brick_and_lumber_and_connects_to_your_piece():
    game = position(settlements={0: [17]}, hands={0: ROAD})
    roads = [a for a in legal(game) if a.startswith("road")]
    assert roads == [f"road {e}" for e in sorted((edge(17, 12), edge(17, 22), edge(17, 23)))]
    events = play(game, f"road {edge(17, 22)}")
    assert hand(game, 0) == {} and "build.road" in rules_of(events) and sound(game)
    refused(game, f"road {edge(22, 16)}", "costs 1 brick")


@rule("build.road")
def test_a_road_may_extend_your_own_road_but_not_float_free():
    game = position(settlements={0: [17]}, roads={0: [edge(17, 22)]}, hands={0: ROAD + " " + ROAD})
    assert f"road {edge(22, 16)}" in legal(game)
    refused(game, f"road {edge(40, 44)}", f"path {edge(40, 44)} touches none of your roads, settlements or cities "
                                          r"\(build.road\)")
    refused(game, f"road {edge(17, 22)}", f"path {edge(17, 22)} already has a road")
    refused(game, "road 99", "there is no path 99")
    said = [game.explain(f"road {e}") for e in (edge(40, 44), edge(17, 22))]
    assert said[0] != said[1] and not any(", or " in sentence for sentence in said)  # one reason each


def assert_no_road_past_player_2_at_28(game) -> None:
    """Player 1, given a road's cost, may not build on from intersection 28, where Player 2's settlement stands."""
    game.state.hands[0] += 1
    game.state.hands[2] += 1
    game.state.bank[0] -= 1
    game.state.bank[2] -= 1
    refused(game, f"road {edge(28, 33)}", f"path {edge(28, 33)} meets your roads only at intersection 28, where "
                                          r"Player 2's settlement stands: a road cannot pass another player's piece "
                                          r"\(build.road-blocked\)")


@rule("build.road-blocked")
def test_no_road_through_an_opponents_settlement():
    game = position(settlements={0: [17], 1: [28]}, roads={0: [edge(17, 22), edge(22, 16)]}, hands={0: ROAD})
    assert f"road {edge(22, 28)}" in legal(game)  # up to the opponent's settlement
    play(game, f"road {edge(22, 28)}")
    assert_no_road_past_player_2_at_28(game)


@rule("build.road-blocked")
def test_a_new_settlement_on_an_opponents_road_blocks_building_through_it():
    game = position(settlements={0: [17], 1: [39]}, roads={0: path(17, 22, 28), 1: path(39, 34)},
                    hands={1: SETTLEMENT + " " + ROAD}, player=1)
    assert game.state.road_ok[0] >> edge(28, 33) & 1
    events = play(game, f"road {edge(34, 28)}", "settle 28")
    assert "build.road-blocked" in rules_of(events) and not game.state.road_ok[0] >> edge(28, 33) & 1
    game.state.player = 0
    game.state.stack[-1] = waiting(game.state.stack[-1].kind, 0)
    assert_no_road_past_player_2_at_28(game)
    assert f"road {edge(22, 16)}" in legal(game)


@rule("build.settlement")
def test_a_settlement_needs_a_road_of_yours_and_the_four_resources():
    game = position(settlements={0: [17]}, roads={0: path(17, 22, 16)}, hands={0: SETTLEMENT})
    assert [a for a in legal(game) if a.startswith("settle")] == ["settle 16"]
    refused(game, "settle 40", "must touch one of your roads")
    events = play(game, "settle 16")
    assert "build.settlement" in rules_of(events) and game.state.points[0] == 2 and hand(game, 0) == {}


@rule("build.distance")
def test_no_settlement_next_to_any_building():
    game = position(settlements={0: [17]}, roads={0: path(17, 22, 28)}, hands={0: SETTLEMENT})
    assert [a for a in legal(game) if a.startswith("settle")] == ["settle 28"]
    refused(game, "settle 22", "distance rule")
    refused(game, "settle 17", "already taken")
    events = play(game, "settle 28")
    assert "build.distance" in rules_of(events)


@rule("build.city")
def test_a_city_replaces_your_settlement_for_two_grain_and_three_ore():
    game = position(settlements={0: [17], 1: [13]}, hands={0: CITY})
    assert legal(game)[:2] == ["city 17", "end"]
    refused(game, "city 13", "none of yours")
    events = play(game, "city 17")
    s = game.state
    assert "build.city" in rules_of(events) and s.cities[0] == 1 << 17 and s.settlements[0] == 0
    assert s.settlements_left[0] == 5 and s.cities_left[0] == 3 and s.points[0] == 2 and hand(game, 0) == {}


@rule("build.pieces")
def test_no_more_than_5_settlements_4_cities_15_roads():
    game = position(settlements={0: [0, 2, 11, 15, 40]}, roads={0: [edge(40, 44)]}, hands={0: SETTLEMENT})
    assert game.state.settlements_left[0] == 0 and "settle 44" not in legal(game)
    refused(game, "settle 48", "no settlement pieces left|must touch")
    game = position(cities={0: [0, 2, 11, 15]}, settlements={0: [40]}, hands={0: CITY})
    assert "city 40" not in legal(game)
    refused(game, "city 40", "no city pieces left")
    walk = path(0, 4, 1, 5, 2, 6, 10, 14, 9, 13, 8, 12, 7, 11, 16, 21)
    game = position(settlements={0: [0]}, roads={0: walk}, hands={0: ROAD})
    assert game.state.roads_left[0] == 0 and not [a for a in legal(game) if a.startswith("road")]
    refused(game, f"road {edge(21, 27)}", "no road pieces left")


@rule("build.pieces")
def test_placing_the_last_piece_of_a_kind_is_logged():
    game = position(settlements={0: [0, 2, 11, 15]}, roads={0: path(15, 20, 26)}, hands={0: SETTLEMENT})
    events = play(game, "settle 26")
    assert "build.pieces" in rules_of(events)
