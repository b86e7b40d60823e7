"""Rolling and production: yields by building, the robber's hex, the bank shortage; forced dice in tests."""

import pytest

from games.core import IllegalAction

from .scenario import force_roll, hand, play, position, rules_of

rule = pytest.mark.rule

# Beginner map: intersection 17 touches hex 3 (fields, 12), hex 4 (hills, 6) and hex 8 (forest, 11);
# intersection 13 touches hex 1 (pasture, 2), hex 4 (hills, 6) and hex 5 (pasture, 4).


@rule("turn.roll")
def test_the_turn_starts_with_a_roll_of_two_dice_from_the_games_stream():
    game = position(phase="roll")
    assert game.legal_actions().texts() == ["roll"]
    force_roll(game, (2, 5))
    events = play(game, "roll")
    assert events[0].rule == "turn.roll" and events[0].data["dice"] == [2, 5] and game.state.dice == 7
    with pytest.raises(IllegalAction):
        game.apply("roll")


@rule("turn.roll")
def test_forcing_a_roll_only_moves_the_stream_so_the_game_replays():
    game = position(phase="roll")
    force_roll(game, 11)
    play(game, "roll")
    assert game.state.dice == 11


@rule("production.yield")
def test_a_settlement_takes_one_card_and_a_city_two():
    game = position(settlements={0: [17]}, cities={1: [13]}, phase="roll")
    force_roll(game, 6)
    events = play(game, "roll")
    assert hand(game, 0) == {"brick": 1} and hand(game, 1) == {"brick": 2}
    assert "production.yield" in rules_of(events)
    assert "Player 1 takes 1 brick; Player 2 takes 2 brick" in events[-1].text


@rule("production.yield")
def test_a_building_takes_from_every_hex_with_the_number_and_nothing_on_other_numbers():
    game = position(settlements={0: [17]}, phase="roll")
    force_roll(game, 8)
    play(game, "roll")
    assert hand(game, 0) == {}


@rule("production.robber")
def test_the_robbers_hex_produces_nothing():
    game = position(settlements={0: [17]}, robber=4, phase="roll")
    force_roll(game, 6)
    events = play(game, "roll")
    assert hand(game, 0) == {} and "production.robber" in rules_of(events)


@rule("production.shortage")
def test_when_the_bank_cannot_pay_several_players_nobody_takes_that_resource():
    game = position(settlements={0: [17], 1: [13]}, phase="roll")
    game.state.bank[0] = 1  # brick
    game.state.hands[2 * 5] += 18
    force_roll(game, 6)
    events = play(game, "roll")
    assert hand(game, 0) == {} and hand(game, 1) == {}
    assert "production.shortage" in rules_of(events) and "nobody takes brick" in events[-1].text


@rule("production.shortage")
def test_a_single_player_owed_more_than_the_bank_has_takes_what_is_left():
    game = position(cities={0: [17]}, phase="roll")
    game.state.bank[0] = 1
    game.state.hands[3 * 5] += 18
    force_roll(game, 6)
    events = play(game, "roll")
    assert hand(game, 0) == {"brick": 1} and game.state.bank[0] == 0
    assert "production.shortage" in rules_of(events)


@rule("production.shortage")
def test_the_shortage_of_one_resource_leaves_the_others_paid():
    game = position(settlements={0: [17], 1: [13]}, phase="roll")
    game.state.bank[0] = 1
    game.state.hands[2 * 5] += 18
    force_roll(game, 12)  # hex 3, grain: only player 1
    play(game, "roll")
    assert hand(game, 0) == {"grain": 1}
