"""Cities & Knights: commodities from cities, in the hand, and traded with the bank, at harbours and between players."""

import pytest

from games.catan.cities_knights import new_game
from games.catan.cities_knights.state import CARDS
from games.catan.data import rulebook
from tests.checks import assert_refused

from .ck_scenario import ck_position, force_dice, hand, legal, play, rules_of

rule = pytest.mark.rule


def trades(game):
    return [a for a in legal(game) if a.startswith("trade")]


@rule("commodities.city-yield")
def test_a_city_takes_a_resource_and_a_commodity_from_mountains_forest_and_pasture():
    T = rulebook.TERRAINS.index
    C = CARDS.index
    city_yield = new_game().yield_of
    assert city_yield(T("mountains"), 0, 1) == ((C("ore"), 1), (C("coin"), 1))
    assert city_yield(T("forest"), 1, 1) == ((C("lumber"), 2), (C("paper"), 1))
    assert city_yield(T("pasture"), 0, 2) == ((C("wool"), 2), (C("cloth"), 2))
    assert city_yield(T("hills"), 0, 1) == ((C("brick"), 2),) and city_yield(T("fields"), 1, 0) == ((C("grain"), 1),)
    game = ck_position(cities={0: [31], 1: [17]}, settlements={2: [29]}, phase="roll")  # 31: forest 3, mtn 8
    force_dice(game, "ship", 1, 2)  # 3: forest hex 10 (node 31) and mountains hex 13 (node 29)
    events = play(game, "roll")
    assert hand(game, 0) == {"lumber": 1, "paper": 1} and hand(game, 2) == {"ore": 1}
    assert "production.yield" in rules_of(events)


@rule("commodities.hand")
def test_commodities_count_for_the_seven_and_can_be_discarded_or_stolen():
    game = ck_position(settlements={1: [13]}, hands={1: "coin coin cloth paper paper ore ore wool"}, phase="roll",
                       attacks=1)
    force_dice(game, "science", 4, 3)
    play(game, "roll")
    assert game.state.discard_left[1] == 4 and "discard paper" in legal(game)
    play(game, "discard coin", "discard coin", "discard paper", "discard paper", "robber 4")
    assert sum(hand(game, 0).values()) == 1  # a random card of the 4 left, commodity or resource


@rule("commodities.domestic")
def test_commodities_trade_between_players_like_resources():
    game = ck_position(hands={0: "coin brick", 1: "paper wool"})
    play(game, "propose")
    assert "give coin" in legal(game) and "want paper" in legal(game)
    play(game, "give coin", "want paper", "ask 2", "accept", "confirm 2")
    assert hand(game, 0) == {"brick": 1, "paper": 1} and hand(game, 1) == {"coin": 1, "wool": 1}


@rule("commodities.trade-bank")
def test_four_commodities_take_any_resource_or_commodity_from_the_bank():
    game = ck_position(hands={0: "coin " * 4})
    assert trades(game) == [f"trade coin {c}" for c in sorted(set(CARDS) - {"coin"})]
    events = play(game, "trade coin paper")
    assert hand(game, 0) == {"paper": 1} and rules_of(events) == ["commodities.trade-bank"]


@rule("commodities.trade-harbour")
def test_a_generic_harbour_trades_commodities_three_for_one():
    game = ck_position(settlements={0: [32]}, hands={0: "cloth " * 3})  # node 32: generic harbour
    assert game.state.rates[0 * 8 + CARDS.index("cloth")] == 3
    events = play(game, "trade cloth ore")
    assert hand(game, 0) == {"ore": 1} and rules_of(events) == ["commodities.trade-harbour"]


@rule("commodities.special-harbour")
def test_a_special_harbour_trades_two_of_its_resource_for_a_commodity():
    game = ck_position(settlements={0: [15]}, hands={0: "ore ore"})  # node 15: the 2:1 ore harbour
    assert "trade ore coin" in trades(game)
    events = play(game, "trade ore coin")
    assert hand(game, 0) == {"coin": 1} and "commodities.special-harbour" in rules_of(events)


@rule("decision.ck-commodity-trades")
def test_resources_at_four_or_three_to_one_take_resources_only():
    game = ck_position(hands={0: "brick " * 4})
    assert trades(game) == ["trade brick grain", "trade brick lumber", "trade brick ore", "trade brick wool"]
    assert_refused(game, "trade brick coin", "cannot take coin", "main")


@rule("commodities.supply")
def test_twelve_of_each_commodity_and_the_shortage_rule_applies_to_them():
    game = ck_position(cities={0: [31], 1: [24]}, phase="roll")  # both cities on forest hex 10 (3)
    s = game.state
    s.bank[CARDS.index("paper")] = 1
    s.hands[2 * 8 + CARDS.index("paper")] = 11
    force_dice(game, "ship", 1, 2)
    events = play(game, "roll")
    assert any(e.rule == "production.shortage" and "paper" in e.text for e in events)
    assert "paper" not in hand(game, 0) and hand(game, 0) == {"lumber": 1}
    assert game.invariant_breaks() == []


@rule("trade.maritime")
def test_resources_still_trade_four_for_one():
    game = ck_position(hands={0: "wool " * 4})
    events = play(game, "trade wool ore")
    assert hand(game, 0) == {"ore": 1} and rules_of(events) == ["trade.maritime"]


@rule("trade.harbour")
def test_harbours_still_serve_resources():
    game = ck_position(settlements={0: [32]}, hands={0: "wool " * 3})
    events = play(game, "trade wool grain")
    assert hand(game, 0) == {"grain": 1} and rules_of(events) == ["trade.harbour"]


@rule("progress.no-trade")
def test_progress_cards_are_never_part_of_a_trade():
    game = ck_position(hands={0: "brick", 1: "ore"}, progress={0: "spy"})
    play(game, "propose")
    assert not any("spy" in a for a in legal(game))
    assert_refused(game, "give spy", "not a card", "offer")
