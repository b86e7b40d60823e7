"""Cities & Knights trade cards (18 cards, 6 kinds) and the merchant: each effect and its refusals."""

import pytest

from games.catan.cities_knights.state import CARDS
from games.catan.state import Pending
from tests.checks import assert_refused

from .ck_scenario import ck_position, hand, legal, play, progress_of, rules_of, sound

rule = pytest.mark.rule


@rule("progress.commercial-harbor")
def test_the_commercial_harbor_forces_a_resource_for_a_commodity_once_per_opponent():
    game = ck_position(progress={0: "commercial-harbor commercial-harbor"}, hands={0: "ore brick", 1: "coin paper",
                       2: "cloth", 3: "wool"})
    assert [a for a in legal(game) if a.startswith("harbor")] == []
    play(game, "play commercial-harbor")
    assert [a for a in legal(game) if a.startswith("harbor")] == [
        "harbor 2 brick", "harbor 2 ore", "harbor 3 brick", "harbor 3 ore"]  # player 4 has no commodity
    assert "play commercial-harbor" not in legal(game)
    assert_refused(game, "harbor 4 ore", "holds no commodity", "main")
    assert_refused(game, "harbor 2 coin", "offers a resource", "main")
    play(game, "harbor 2 ore")
    assert game.pending().kind == "give" and game.pending().player == 1
    assert legal(game) == ["give coin", "give paper"]
    assert_refused(game, "give ore", "commodity in return", "give")
    events = play(game, "give paper")
    assert "progress.commercial-harbor" in rules_of(events) and "paper" in events[0].text  # a gift is public
    assert hand(game, 0) == {"brick": 1, "paper": 1} and hand(game, 1) == {"coin": 1, "ore": 1}
    assert [a for a in legal(game) if a.startswith("harbor")] == ["harbor 3 brick"]
    play(game, "harbor 3 brick", "give cloth", "end")
    assert game.state.harbor == game.state.harbor_used == 0
    sound(game)


@rule("decision.ck-open-gifts")
def test_cards_given_by_choice_are_named_and_cards_taken_unseen_are_not():
    game = ck_position(progress={0: "wedding master-merchant"}, settlements={1: [13, 17]},
                       hands={1: "ore ore wool coin"})
    events = play(game, "play wedding", "give ore", "give coin")
    assert [e.data["card"] for e in events if e.rule == "progress.wedding" and "card" in e.data] == [3, 6]
    events = play(game, "play master-merchant", "target 2", "take wool", "take ore")
    assert not any(c in e.text for e in events for c in CARDS if e.rule == "progress.master-merchant")


@rule("progress.master-merchant")
def test_the_master_merchant_takes_two_cards_from_a_richer_player_seen():
    game = ck_position(settlements={0: [40], 1: [13, 17], 2: [31]}, progress={0: "master-merchant"},
                       hands={1: "ore wool coin", 2: "brick"})
    play(game, "play master-merchant")
    assert legal(game) == ["target 2"]  # player 3 is not richer
    assert_refused(game, "target 3", "more points than you", "target")
    play(game, "target 2")
    assert game.observe(0)["peek"] == {c: (1 if c in ("ore", "wool", "coin") else 0) for c in CARDS}
    assert game.observe(2)["peek"] is None
    assert legal(game) == ["take coin", "take ore", "take wool"]
    play(game, "take coin", "take wool")
    assert hand(game, 0) == {"coin": 1, "wool": 1} and hand(game, 1) == {"ore": 1}
    assert game.pending().kind == "main"
    game = ck_position(settlements={0: [40, 31]}, progress={0: "master-merchant"}, hands={1: "ore"})
    assert_refused(game, "play master-merchant", "more points than you", "main")


@rule("progress.merchant")
def test_a_merchant_card_places_the_merchant_next_to_ones_buildings():
    game = ck_position(settlements={0: [29]}, progress={0: "merchant"})
    play(game, "play merchant")
    assert legal(game) == ["merchant 8", "merchant 13"]  # forest and mountains; the desert is not offered
    desert = assert_refused(game, "merchant 9", "hex 9 is the desert: it has no resource to trade", "merchant")
    far = assert_refused(game, "merchant 0", r"hex 0 is not next to your settlements or cities \(merchant.place\)",
                         "merchant")
    assert desert != far and not any(", or " in said for said in (desert, far))
    play(game, "merchant 13")
    assert game.state.merchant == 13 and game.state.merchant_owner == 0 and game.state.points[0] == 2


@rule("decision.ck-desert-merchant")
def test_the_merchant_never_goes_on_the_desert():
    game = ck_position(settlements={0: [24]}, progress={0: "merchant"})
    play(game, "play merchant")
    assert legal(game) == ["merchant 5", "merchant 10"]


@rule("merchant.place")
def test_placing_the_merchant_gives_its_point_and_its_rate():
    game = ck_position(settlements={0: [29]}, progress={0: "merchant"}, hands={0: "ore ore"})
    events = play(game, "play merchant", "merchant 13")
    assert "merchant.place" in rules_of(events) and "merchant.point" in rules_of(events)
    assert game.state.rates[CARDS.index("ore")] == 2


@rule("merchant.rate")
def test_the_merchants_player_trades_the_hexs_resource_two_for_one_for_any_card():
    game = ck_position(settlements={0: [29]}, progress={0: "merchant"}, hands={0: "ore ore ore ore"})
    play(game, "play merchant", "merchant 13")
    events = play(game, "trade ore coin")
    assert "merchant.rate" in rules_of(events) and hand(game, 0) == {"coin": 1, "ore": 2}


@rule("merchant.stays")
def test_the_merchant_moves_only_with_another_merchant_card_and_changes_hands_with_its_point():
    game = ck_position(settlements={0: [29], 1: [13]}, progress={0: "merchant", 1: "merchant"})
    play(game, "play merchant", "merchant 13", "end")
    s = game.state
    s.stack, s.rolled = [Pending("main", s.player)], True
    game.touched()
    assert s.merchant == 13
    events = play(game, "play merchant", "merchant 5")
    assert "merchant.stays" in rules_of(events)
    assert (s.merchant, s.merchant_owner, s.points[:2]) == (5, 1, [1, 2]) and s.rates[CARDS.index("ore")] == 4
    sound(game)


@rule("merchant.robber")
def test_the_robber_on_the_merchants_hex_does_not_stop_the_trade():
    game = ck_position(settlements={0: [29]}, progress={0: "merchant"}, hands={0: "ore ore"}, robber=13, attacks=1)
    events = play(game, "play merchant", "merchant 13")
    assert "merchant.robber" in rules_of(events)
    play(game, "trade ore grain")
    assert hand(game, 0) == {"grain": 1}


@rule("merchant.point")
def test_the_merchant_counts_one_point_for_its_player():
    game = ck_position(settlements={0: [29]}, progress={0: "merchant"})
    play(game, "play merchant", "merchant 8")
    assert game.point_sources(0)["merchant"] == 1 and game.observe(3)["merchant"] == {"hex": 8, "holder": 0}


@rule("progress.merchant-fleet")
def test_the_merchant_fleet_trades_a_named_card_two_for_one_this_turn():
    game = ck_position(progress={0: "merchant-fleet"}, hands={0: "wool " * 4})
    play(game, "play merchant-fleet")
    assert len(legal(game)) == 8
    play(game, "name wool")
    events = play(game, "trade wool paper")
    assert "progress.merchant-fleet" in rules_of(events) and hand(game, 0) == {"paper": 1, "wool": 2}
    play(game, "end")
    assert game.state.rates[CARDS.index("wool")] == 4 and game.state.fleet == 0


@rule("progress.resource-monopoly")
def test_the_resource_monopoly_takes_up_to_two_of_a_resource_from_each_opponent():
    game = ck_position(progress={0: "resource-monopoly"}, hands={1: "ore ore ore", 2: "ore", 3: "wool"})
    play(game, "play resource-monopoly")
    assert legal(game) == ["name brick", "name grain", "name lumber", "name ore", "name wool"]
    assert_refused(game, "name coin", "names a resource", "name")
    events = play(game, "name ore")
    assert hand(game, 0) == {"ore": 3} and hand(game, 1) == {"ore": 1} and "progress.resource-monopoly" in \
        rules_of(events)


@rule("progress.trade-monopoly")
def test_the_trade_monopoly_takes_up_to_one_of_a_commodity_from_each_opponent():
    game = ck_position(progress={0: "trade-monopoly"}, hands={1: "coin coin", 2: "coin", 3: "paper"})
    play(game, "play trade-monopoly")
    assert legal(game) == ["name cloth", "name coin", "name paper"]
    play(game, "name coin")
    assert hand(game, 0) == {"coin": 2} and hand(game, 1) == {"coin": 1} and progress_of(game, 0) == []
