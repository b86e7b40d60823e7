"""The flow of a Catan turn on the kernel's stack: one pending record at a time, the automatic production after the
roll, the next turn when nothing is pending, and ``state.phase`` / ``state.decider`` reading the stack for views."""

from __future__ import annotations

from games.catan.state import MAIN, OVER, ROBBER, ROLL, Pending

from .scenario import force_roll, give, play, position


def test_the_roll_produces_by_itself_then_the_main_part_of_the_turn_waits():
    game = position(settlements={0: [13]}, phase="roll")
    force_roll(game, 4)
    play(game, "roll")
    assert game.state.stack == [Pending("main", 0)] and game.state.phase == MAIN and game.state.decider == 0
    assert game.pending().kind == "main"  # the automatic production ran at once: it is never pending


def test_a_knight_before_the_roll_returns_to_the_roll_and_end_starts_the_next_turn():
    game = position(phase="roll")
    s = game.state
    s.devs[0] += 1  # a knight bought on an earlier turn
    play(game, "play knight")
    assert s.phase == ROBBER and s.stack == [Pending("robber", 0)]
    play(game, "robber 0")
    assert s.phase == ROLL and game.pending().kind == "roll" and game.pending().player == 0
    force_roll(game, 4)
    play(game, "roll", "end")
    assert s.stack == [Pending("roll", 1)] and s.player == 1 and s.turn == 2


def test_a_discard_keeps_the_same_decision_until_the_cards_are_gone():
    game = position(phase="roll")
    give(game, 1, "brick brick brick brick grain grain grain grain")
    force_roll(game, 7)
    play(game, "roll")
    assert game.state.stack == [Pending("discard", 1)] and game.state.decider == 1 and game.current_player == 0
    play(game, "discard brick", "discard brick", "discard brick")
    assert game.state.stack == [Pending("discard", 1)]
    play(game, "discard brick")
    assert game.state.stack == [Pending("robber", 0)]


def test_a_won_game_has_nothing_pending():
    game = position(settlements={0: [13]}, cities={0: [40]}, points_to_win=4)
    give(game, 0, "grain grain ore ore ore")
    play(game, "city 13")
    assert game.is_terminal() and game.state.stack == [] and game.state.phase == OVER and game.state.decider == -1
