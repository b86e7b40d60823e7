"""Longest road: 5 or more, branches and loops, broken by settlements, ties, the set-aside case; kept
incrementally and checked against a computation from scratch on every decision of random games."""

import pytest

from games.catan import new_game
from games.catan.roads import holder_after, longest_road
from games.catan.state import waiting
from games.core import Rng

from .scenario import edge, path, play, position, rules_of

rule = pytest.mark.rule

ROAD, SETTLEMENT = "brick lumber", "brick grain lumber wool"
ZIGZAG = path(21, 16, 22, 17, 23, 18, 24)  # 6 roads across the middle


def mask(edges):
    return sum(1 << e for e in edges)


@rule("road.longest")
def test_the_first_road_of_five_takes_the_card_worth_two_points():
    game = position(settlements={0: [21]}, roads={0: ZIGZAG[:4]}, hands={0: ROAD})
    assert game.state.longest == -1 and game.state.road_length[0] == 4
    events = play(game, f"road {ZIGZAG[4]}")
    assert "road.longest" in rules_of(events) and game.state.longest == 0 and game.state.points[0] == 3


@rule("road.longest")
def test_a_branching_network_counts_its_longest_single_trail():
    y_shape = path(21, 16, 22) + path(22, 17, 23, 18) + path(22, 28, 33, 27)
    assert longest_road(mask(y_shape), 0) == 6
    assert longest_road(mask(path(21, 16, 22, 17)), 0) == 3


@rule("road.longest")
def test_a_loop_counts_every_road_once():
    ring = path(8, 13, 18, 23, 17, 12, 8)
    assert longest_road(mask(ring), 0) == 6
    assert longest_road(mask(ring + [edge(17, 22)]), 0) == 7
    figure_eight = ring + path(18, 24, 30, 35, 29, 23)
    assert longest_road(mask(figure_eight), 0) == 11


@rule("road.longest")
def test_another_player_needs_a_strictly_longer_road():
    game = position(settlements={0: [21], 1: [0]}, roads={0: ZIGZAG[:5], 1: path(0, 4, 1, 5, 2, 6)},
                    hands={1: ROAD}, player=1)
    assert game.state.road_length[:2] == [5, 5] and game.state.longest == 0  # player 1 had five first
    events = play(game, f"road {edge(6, 10)}")
    assert game.state.longest == 1 and game.state.points[:2] == [1, 3]
    assert "Player 2 takes the longest road from Player 1 with 6 roads" in events[1].text
    assert holder_after([5, 6], 0, 5) == 1 and holder_after([6, 6], 0, 5) == 0


@rule("road.tie-keeps")
def test_a_holder_who_is_tied_keeps_the_card():
    game = position(settlements={0: [21], 1: [0]}, roads={0: ZIGZAG[:5], 1: path(0, 4, 1, 5, 2)},
                    hands={1: ROAD}, player=1)
    assert game.state.longest == 0
    events = play(game, f"road {edge(2, 6)}")
    assert game.state.road_length == [5, 5, 0, 0] and game.state.longest == 0
    assert "road.tie-keeps" in rules_of(events)


@rule("road.broken")
def test_an_opponents_settlement_breaks_a_road():
    game = position(settlements={0: [21], 3: [35]}, roads={0: ZIGZAG, 3: path(35, 29, 23)},
                    hands={3: SETTLEMENT}, player=3)
    assert game.state.longest == 0 and game.state.road_length[0] == 6
    events = play(game, "settle 23")
    assert game.state.road_length[0] == 4 and "road.broken" in rules_of(events)


@rule("road.set-aside")
def test_a_holder_broken_below_five_sets_the_card_aside():
    game = position(settlements={0: [21], 3: [35]}, roads={0: ZIGZAG, 3: path(35, 29, 23)},
                    hands={3: SETTLEMENT}, player=3)
    events = play(game, "settle 23")
    assert game.state.longest == -1 and game.state.points[0] == 1 and "road.set-aside" in rules_of(events)


@rule("road.set-aside")
def test_when_the_holder_loses_the_lead_and_others_tie_the_card_is_set_aside_until_one_leads():
    game = position(settlements={0: [21], 1: [0], 2: [47], 3: [35]},
                    roads={0: ZIGZAG, 1: path(0, 4, 1, 5, 2, 6), 2: path(47, 51, 48, 52, 49, 53),
                           3: path(35, 29, 23)},
                    hands={3: SETTLEMENT, 1: ROAD}, player=3)
    assert game.state.longest == 0 and game.state.road_length[:3] == [6, 5, 5]
    events = play(game, "settle 23")
    assert game.state.longest == -1 and "several players tie at 5" in events[-1].text
    game.state.player = 1
    game.state.stack[-1] = waiting(game.state.stack[-1].kind, 1)
    events = play(game, f"road {edge(6, 10)}")
    assert game.state.longest == 1 and "road.longest" in rules_of(events)


@pytest.mark.slow
@rule("road.longest")
@pytest.mark.parametrize("seed", range(6))
def test_the_incremental_length_equals_a_computation_from_scratch_on_every_decision(seed):
    game, pick = new_game(players=4, seed=seed), Rng(seed)
    compared = 0
    while not game.is_terminal():
        s = game.state
        for p in range(4):
            assert s.road_length[p] == longest_road(s.roads[p], game.breakers(p))
        if s.turn:
            assert holder_after(s.road_length, s.longest, 5) == s.longest
        compared += 1
        legal = game.legal_actions()
        game.apply_unchecked(legal[pick.below(len(legal))])
    assert compared > 500
