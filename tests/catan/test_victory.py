"""Victory: points by source, 10 declared on one's own turn, hidden points, the turn limit."""

import pytest

from games.catan import new_game

from .scenario import force_roll, path, play, position, rules_of

ZIGZAG = path(21, 16, 22, 17, 23, 18, 24)

rule = pytest.mark.rule

SETTLEMENT = "brick grain lumber wool"


def give_army(game, p):
    s = game.state
    for _ in range(3):
        s.deck.remove(0)
    s.knights[p] += 3
    s.played[0] += 3
    s.army = p
    s.points[p] += 2


NINE = {"settlements": {0: [21, 0, 2]}, "cities": {0: [32, 47]}}  # 3 + 4 points, + 2 for the army


@rule("victory.points")
def test_points_are_the_sum_of_their_sources():
    game = position(settlements={0: [21]}, cities={0: [2, 32]}, roads={0: ZIGZAG}, devs={0: "victory-point"})
    give_army(game, 0)
    assert game.point_sources(0) == {"settlements": 1, "cities": 4, "longest road": 2, "largest army": 2,
                                     "victory point cards": 1}
    assert game.total_points()[0] == 10 and game.invariant_breaks() == []


@rule("victory.declare")
def test_reaching_ten_on_your_own_turn_wins_at_once():
    game = position(**NINE, hands={0: "grain grain ore ore ore"})
    give_army(game, 0)
    assert game.scores()[0] == 9 and not game.is_terminal()
    events = play(game, "city 21")
    assert "victory.declare" in rules_of(events) and game.is_terminal()
    assert game.outcome().winners == (0,) and "reached 10 points on their turn" in game.outcome().reason


@rule("decision.declare")
def test_victory_point_cards_win_at_the_start_of_the_turn_and_are_then_revealed():
    game = position(**NINE, devs={0: "victory-point"}, phase="roll", player=3)
    give_army(game, 0)
    force_roll(game, 4)
    events = play(game, "roll")
    assert not game.is_terminal()  # player 1 has 10, but it is player 4's turn
    events = play(game, "end")
    assert "victory.declare" in rules_of(events) and "dev.victory-point" in rules_of(events)
    assert game.outcome().winners == (0,) and game.scores()[0] == 10


@rule("decision.hidden-points")
def test_the_running_score_leaves_out_face_down_victory_points():
    game = position(settlements={0: [21]}, devs={0: "victory-point victory-point"})
    assert game.scores() == (1, 0, 0, 0) and game.observe(None)["scores"] == [1, 0, 0, 0]
    assert game.observe(0)["players"][0]["points"] == 3 and game.observe(2)["players"][0]["points"] == 1


@rule("decision.turn-limit")
def test_the_turn_limit_ends_the_game_and_the_most_points_win():
    game = position(settlements={0: [21], 1: [0, 2]}, turn_limit=1)
    events = play(game, "end")
    assert "decision.turn-limit" in rules_of(events) and game.is_terminal()
    outcome = game.outcome()
    assert outcome.winners == (1,) and "turn limit (1)" in outcome.reason
    game = new_game(seed=1, turn_limit=3)
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1] if game.pending().kind != "main" else "end")
    assert game.state.turn == 3 and "turn limit" in game.outcome().reason
