"""Development cards and the largest army."""

import pytest

from games.core import IllegalAction
from tests.checks import assert_refused

from .scenario import edge, hand, legal, path, play, position, rules_of, to_main

rule = pytest.mark.rule

BUY = "grain ore wool"


@rule("dev.buy")
def test_a_card_costs_grain_ore_wool_and_stays_hidden():
    game = position(hands={0: BUY})
    top = game.state.deck[-1]
    events = play(game, "buy")
    assert game.state.devs[top] == 1 and hand(game, 0) == {} and len(game.state.deck) == 24
    assert events[0].text == "Player 1 buys a development card (24 left in the deck)."
    assert game.observe(1)["players"][0]["development"] is None
    assert game.observe(1)["players"][0]["development_cards"] == 1


@rule("dev.buy")
def test_a_refused_purchase_names_the_missing_cost_or_the_empty_deck():
    game = position(hands={0: "grain wool"})
    assert_refused(game, "buy", r"buying a development card needs 1 grain \+ 1 ore \+ 1 wool \(dev.buy\)\.$", "main")
    game = position(hands={0: BUY})
    s = game.state
    while s.deck:  # player 2 bought every card
        s.devs[1 * len(s.devs) // game.players + s.deck.pop()] += 1
    game.touched()
    refusal = assert_refused(game, "buy", "the development card deck is empty", "main")
    assert "needs" not in refusal


@rule("dev.one-per-turn")
def test_a_card_bought_this_turn_cannot_be_played_and_only_one_card_per_turn():
    game = position(hands={0: BUY})
    game.state.deck.append(0)  # a knight on top
    play(game, "buy")
    assert "play knight" not in legal(game)
    with pytest.raises(IllegalAction, match="turn it was bought"):
        game.apply("play knight")
    game = position(devs={0: "knight knight"}, phase="roll")
    assert legal(game) == ["play knight", "roll"]
    play(game, "play knight", "robber 0", "roll")
    to_main(game)
    assert "play knight" not in legal(game)
    with pytest.raises(IllegalAction, match="already played"):
        game.apply("play knight")


@rule("dev.knight")
def test_a_knight_moves_the_robber_and_may_be_played_before_the_roll():
    game = position(devs={0: "knight"}, settlements={1: [17]}, hands={1: "ore"}, phase="roll")
    events = play(game, "play knight")
    assert "dev.knight" in rules_of(events) and game.pending().kind == "robber"
    play(game, "robber 4")
    assert hand(game, 0) == {"ore": 1} and game.pending().kind == "roll" and game.state.knights[0] == 1


@rule("dev.road-building")
def test_road_building_places_two_free_roads():
    game = position(devs={0: "road-building"}, settlements={0: [17]})
    play(game, "play road-building")
    assert game.pending().kind == "road-building"
    events = play(game, *[f"road {e}" for e in path(17, 22, 16)])
    assert rules_of(events).count("dev.road-building") == 2 and game.state.roads_left[0] == 13
    assert game.pending().kind == "main"


@rule("decision.road-building")
def test_road_building_ends_early_when_no_second_road_fits():
    walk = path(0, 4, 1, 5, 2, 6, 10, 14, 9, 13, 8, 12, 7, 11, 16)
    game = position(devs={0: "road-building"}, settlements={0: [0]}, roads={0: walk})
    events = play(game, "play road-building")
    assert "decision.road-building" in rules_of(events)
    play(game, legal(game)[0])
    assert game.pending().kind == "main" and game.state.roads_left[0] == 0
    game = position(devs={0: "road-building"}, settlements={0: [0]})
    play(game, "play road-building", f"road {edge(0, 3)}")
    assert game.pending().kind == "road-building" and f"road {edge(3, 7)}" in legal(game)
    assert "play road-building" not in legal(position(devs={0: "road-building"}))


@rule("dev.year-of-plenty")
def test_year_of_plenty_takes_two_cards_of_choice_from_the_bank():
    game = position(devs={0: "year-of-plenty"})
    play(game, "play year-of-plenty", "take ore", "take ore")
    assert hand(game, 0) == {"ore": 2} and game.pending().kind == "main"


@rule("decision.year-of-plenty")
def test_year_of_plenty_takes_only_what_the_bank_holds():
    game = position(devs={0: "year-of-plenty"})
    s = game.state
    for r in range(5):
        s.hands[5 + r] += s.bank[r]
        s.bank[r] = 0
    s.hands[5 + 3] -= 1
    s.bank[3] = 1
    play(game, "play year-of-plenty")
    assert legal(game) == ["take ore"]
    events = play(game, "take ore")
    assert "decision.year-of-plenty" in rules_of(events) and game.pending().kind == "main"


@rule("dev.monopoly")
def test_monopoly_takes_every_card_of_the_named_resource_from_the_others():
    game = position(devs={0: "monopoly"}, hands={0: "ore", 1: "ore ore wool", 2: "ore", 3: "grain"})
    events = play(game, "play monopoly", "name ore")
    assert hand(game, 0) == {"ore": 4} and hand(game, 1) == {"wool": 1}
    assert "takes 3 (2 from Player 2, 1 from Player 3)" in events[-1].text


@rule("dev.victory-point")
def test_victory_point_cards_are_never_played_and_count_hidden():
    game = position(devs={0: "victory-point"}, settlements={0: [17]})
    assert "play victory-point" not in legal(game)
    with pytest.raises(IllegalAction, match="not played"):
        game.apply("play victory-point")
    assert game.scores()[0] == 1 and game.total_points()[0] == 2
    assert game.observe(0)["players"][0]["points"] == 2 and game.observe(1)["players"][0]["points"] == 1


@rule("army.largest")
def test_the_first_to_three_knights_takes_the_largest_army_and_others_need_more():
    game = position(devs={0: "knight", 1: "knight"})
    game.state.knights[:2] = [2, 3]
    game.state.played[0] = 5
    game.state.army, game.state.points[1] = 1, 2
    events = play(game, "play knight")
    assert "army.largest" not in rules_of(events) and game.state.army == 1  # 3 is not more than 3
    play(game, "robber 0", "end", "roll") if False else None
    game.state.dev_played = False
    game.state.devs[0] += 1
    game.state.deck.remove(0)
    play(game, "robber 0")
    events = play(game, "play knight")
    assert "army.largest" in rules_of(events) and game.state.army == 0
    assert game.state.points[:2] == [2, 0]
