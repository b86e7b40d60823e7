"""The 7: discards of half (one card at a time), the robber's move, the steal."""

import pytest

from games.core import IllegalAction

from .scenario import force_roll, give, hand, legal, play, position, rules_of

rule = pytest.mark.rule


def seven(**kw):
    game = position(phase="roll", **kw)
    force_roll(game, 7)
    return game


@rule("robber.discard")
def test_players_over_seven_cards_discard_half_rounded_down():
    game = seven(hands={0: "ore " * 9, 1: "grain " * 8, 2: "wool " * 7, 3: "brick " * 3})
    events = play(game, "roll")
    assert [e.data["discard"] for e in events if e.rule == "robber.discard"] == [4, 4]
    assert game.state.discard_left == [4, 4, 0, 0]


@rule("decision.discard")
def test_discards_are_one_card_at_a_time_clockwise_from_the_roller_then_the_robber():
    game = seven(hands={0: "ore ore ore ore brick brick brick brick", 2: "grain " * 9}, player=0)
    play(game, "roll")
    assert game.pending().player == 0 and legal(game) == ["discard brick", "discard ore"]
    play(game, "discard ore", "discard ore", "discard brick")
    assert game.pending().player == 0 and "1 to go" in game.pending().prompt
    play(game, "discard brick")
    assert game.pending().player == 2 and legal(game) == ["discard grain"]
    play(game, *["discard grain"] * 4)
    assert game.pending().kind == "robber" and game.pending().player == 0
    assert hand(game, 0) == {"brick": 2, "ore": 2} and hand(game, 2) == {"grain": 5}


@rule("robber.move")
def test_the_robber_must_move_to_another_hex():
    game = seven(robber=9)
    play(game, "roll")
    assert len(legal(game)) == 18 and "robber 9" not in legal(game)
    with pytest.raises(IllegalAction, match="another hex"):
        game.apply("robber 9")
    events = play(game, "robber 0")
    assert "robber.move" in rules_of(events) and game.state.robber == 0 and game.pending().kind == "main"


@rule("robber.steal")
def test_with_several_victims_the_mover_chooses_and_takes_one_random_card():
    game = seven(settlements={0: [21], 1: [17], 2: [13]}, hands={1: "ore ore", 2: "wool"})
    play(game, "roll", "robber 4")  # hex 4: intersections 17 (player 2) and 13 (player 3)
    assert game.pending().kind == "steal" and legal(game) == ["steal 2", "steal 3"]
    events = play(game, "steal 2")
    assert hand(game, 0) == {"ore": 1} and hand(game, 1) == {"ore": 1}
    assert events[0].text == "Player 1 takes a card from Player 2." and "ore" not in str(events[0].to_dict())


@rule("decision.steal")
def test_with_one_victim_the_steal_is_automatic_and_with_none_nothing_is_taken():
    game = seven(settlements={1: [17], 2: [13]}, hands={1: "grain"})
    events = play(game, "roll", "robber 4")  # player 3 holds no card
    assert rules_of(events)[-2:] == ["robber.steal", "decision.steal"] and hand(game, 0) == {"grain": 1}
    game = seven(settlements={1: [17]})
    events = play(game, "roll", "robber 4")
    assert "robber.steal" not in rules_of(events) and game.pending().kind == "main"


@rule("robber.steal")
def test_a_refused_victim_names_the_one_reason():
    game = seven(settlements={0: [40], 1: [12], 2: [13], 3: [23]}, hands={1: "ore", 2: "wool"})
    play(game, "roll", "robber 4")  # hex 4: players 2, 3 and 4; player 4 holds no card
    assert legal(game) == ["steal 2", "steal 3"]
    said = {who: game.explain(f"steal {who}") for who in (1, 4, 9)}
    assert said == {1: "you cannot rob yourself (robber.steal).",
                    4: "Player 4 holds no card to steal (robber.steal).",
                    9: "there is no player 9; the players are 1 to 4."}
    game = seven(settlements={0: [40], 1: [12], 2: [13], 3: [30]}, hands={1: "ore", 2: "wool", 3: "grain"})
    play(game, "roll", "robber 4")
    refused = game.explain("steal 4")
    assert refused == "Player 4 has no settlement or city on the robber's hex (robber.steal)."


@rule("robber.steal")
def test_the_mover_cannot_rob_themselves_or_a_player_without_cards():
    game = seven(settlements={0: [13], 1: [17]}, hands={0: "ore", 1: "wool"})
    play(game, "roll", "robber 4")
    assert hand(game, 0) == {"ore": 1, "wool": 1}  # only player 2 could be robbed
    give(game, 2, "brick")
    assert game.pending().kind == "main"
