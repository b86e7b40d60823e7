"""Phase A (フェーズA: ロケーション): revealing, the city-gate rule, the torch order, taking a location or drawing,
the hand limit and the decks running out."""

import pytest

from games.core import IllegalAction

from . import scenario
from .scenario import LOCATIONS

rule = pytest.mark.rule

NO_TORCH = scenario.cards_of(lacks=("torch",))
ONE_TORCH = scenario.cards_of(resources=("torch",))
TWO_TORCHES = scenario.cards_of(resources=("torch", "torch"))


def torch_rows(game, torches: dict[int, int]) -> None:
    """Give each seat an action row with exactly that many torches, and hands and a deck top without torches, so
    the cards played in round 1 add none."""
    spare = iter(NO_TORCH)
    ones, twos = iter(ONE_TORCH), iter(TWO_TORCHES)
    for p, n in torches.items():
        row = [next(twos) for _ in range(n // 2)] + [next(ones) for _ in range(n % 2)]
        row += [next(spare) for _ in range(3 - len(row))]
        scenario.set_row(game, p, row)
    for p in torches:
        scenario.give_hand(game, p, [next(spare) for _ in range(3)])
    scenario.stack_deck(game, [next(spare) for _ in range(4 * game.players)])


# ---------------------------------------------------------------------------------------------------- reveal
@rule("location.reveal")
def test_from_round_two_last_rounds_locations_are_removed_and_players_plus_one_are_revealed():
    game = scenario.new_game(3)
    before = list(game.state.loc_shown)
    events = scenario.run_to(game, "location", round=2)
    s = game.state
    assert len(s.loc_shown) == 4 and not set(s.loc_shown) & set(before)
    assert set(before) <= set(s.loc_discard)  # nobody took one (everybody drew instead): all discarded
    assert scenario.of_rule(events, "location.reveal")[-1].data["shown"] == s.loc_shown
    scenario.sound(game)


@rule("location.city-gate")
def test_only_one_city_gate_may_show_a_second_is_discarded_and_replaced():
    game = scenario.new_game(2)
    gate_a, gate_b, *_ = scenario.locations_where(city_gate=True)
    plain = scenario.locations_where(city_gate=False)
    scenario.show_locations(game, plain[:3])
    others = plain[3:5]
    scenario.stack_locations(game, [gate_a, gate_b, *others])
    events = scenario.run_to(game, "location", round=2)
    assert game.state.loc_shown == [gate_a, *others]
    assert gate_b in game.state.loc_discard
    assert [e.text for e in scenario.of_rule(events, "location.city-gate")] == [
        f"A second city gate ({gate_b}) is discarded and replaced."]
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- order
@rule("location.order")
def test_the_player_with_the_most_torches_chooses_first_and_ties_go_to_the_earlier_initiative():
    game = scenario.new_game(3, initiative=(0, 1, 2))
    torch_rows(game, {0: 0, 1: 2, 2: 2})
    events = scenario.run_to(game, "location", round=2)
    assert game.state.queue == [1, 2, 0] and game.pending().player == 1
    assert scenario.of_rule(events, "location.order")[-1].data["order"] == [1, 2, 0]
    game = scenario.new_game(3, initiative=(2, 1, 0))
    torch_rows(game, {0: 0, 1: 2, 2: 2})
    scenario.run_to(game, "location", round=2)
    assert game.state.queue == [2, 1, 0]


@rule("location.order")
def test_with_no_torches_anywhere_the_initiative_order_decides():
    game = scenario.new_game(4, initiative=(3, 1, 0, 2))
    torch_rows(game, {p: 0 for p in range(4)})
    scenario.run_to(game, "location", round=2)
    assert game.state.queue == [3, 1, 0, 2]


# ---------------------------------------------------------------------------------------------------- taking
@rule("location.take")
def test_a_player_takes_one_revealed_location_resolves_it_and_discards_it():
    game = scenario.new_game(2)
    market = scenario.location("market")
    scenario.show_locations(game, [market, scenario.location("scriptorium"), scenario.location("vineyard")])
    events = scenario.play(game, f"location {market}")
    s = game.state
    assert scenario.rules_of(events)[:3] == ["location.take", "ability.main-bonus", "effect.citizen"]
    assert s.personal[0] == 3 and s.common[0] == 11
    assert market not in s.loc_shown and s.loc_discard[-1] == market
    assert game.pending().player == 1 and f"location {market}" not in scenario.legal(game)  # taken: gone for the others
    scenario.sound(game)


@rule("location.must-perform")
def test_a_location_whose_main_ability_cannot_be_carried_out_cannot_be_chosen():
    game = scenario.new_game(2)
    yellow_shop = scenario.location("glaziers' yellow workshop")
    gate, market = scenario.location(city_gate=True), scenario.location("market")
    scenario.show_locations(game, [yellow_shop, gate, market])
    scenario.give_hand(game, 0, scenario.cards_of(colour="red")[:3])
    scenario.set_personal(game, 0, 0)  # no citizen to put on a path
    assert scenario.legal(game) == ["draw", f"location {market}"]
    with pytest.raises(IllegalAction, match=r"you cannot carry out the main ability of l06 \(discard a yellow card, "
                                            r"build a yellow window\), so you may not choose it"):
        game.apply(f"location {yellow_shop}")
    with pytest.raises(IllegalAction, match="put a citizen on a path"):
        game.apply(f"location {gate}")
    scenario.set_common(game, 0, 0)  # no citizen of this colour left to take
    assert scenario.legal(game) == ["draw", f"location {gate}"]
    with pytest.raises(IllegalAction, match="take a citizen from the common supply"):
        game.apply(f"location {market}")
    scenario.give_hand(game, 0, scenario.cards_of(colour="yellow")[:1])
    assert scenario.legal(game) == ["draw", f"location {gate}", f"location {yellow_shop}"]


@rule("location.must-perform")
def test_the_white_glass_kiln_needs_two_cards_in_hand_to_pay_for_its_window():
    game = scenario.new_game(2)
    kiln = scenario.location("white glass kiln")
    scenario.show_locations(game, [kiln])
    scenario.give_hand(game, 0, scenario.cards_of(colour="red")[:1])
    assert f"location {kiln}" not in scenario.legal(game)
    scenario.give_hand(game, 0, scenario.cards_of(colour="red")[:1] + scenario.cards_of(colour="purple")[:1])
    assert f"location {kiln}" in scenario.legal(game)


@rule("location.draw-instead")
def test_instead_of_a_location_a_player_may_draw_one_assistant_card():
    game = scenario.new_game(2)
    kept = game.state.hand[0][0]
    scenario.give_hand(game, 0, [kept])
    top = game.state.deck[-1]
    events = scenario.play(game, "draw")
    assert scenario.rules_of(events) == ["location.draw-instead", "location.draw-instead"]
    assert sorted(game.state.hand[0]) == sorted([kept, top]) and "1 card" in events[1].text
    assert len(game.state.loc_shown) == 3  # the locations stay for the others
    scenario.sound(game)


@rule("hand.limit")
def test_a_draw_beyond_the_hand_limit_gives_one_ip_per_card_not_drawn():
    game = scenario.new_game(2)
    assert game.hand_limit(0) == 3 and len(game.state.hand[0]) == 3
    deck = len(game.state.deck)
    events = scenario.play(game, "draw")
    assert len(game.state.hand[0]) == 3 and len(game.state.deck) == deck
    assert [(e.rule, e.data.get("ip")) for e in events if "ip" in e.data] == [("hand.limit", 1)]
    assert game.state.ip[0] == 1
    scriptorium = scenario.location("scriptorium")  # draw 2 cards
    scenario.show_locations(game, [scriptorium])
    scenario.give_hand(game, 1, scenario.cards_of(colour="red")[:2])
    events = scenario.play(game, f"location {scriptorium}")
    drawn = [(e.rule, e.data.get("cards"), e.data.get("ip")) for e in events
             if e.data.get("player") == 1 and e.rule in ("effect.draw", "hand.limit")]
    assert drawn == [("effect.draw", 1, None), ("hand.limit", None, 1)]  # 1 drawn up to 3, 1 over the limit
    assert game.state.ip[1] == 1


@rule("location.tavern")
def test_a_tavern_stays_beside_the_action_row_and_counts_as_a_torch_until_the_end_of_the_era():
    game = scenario.new_game(2, initiative=(1, 0))
    torch_rows(game, {0: 1, 1: 1})
    tavern = scenario.location("tavern")
    scenario.show_locations(game, [tavern, scenario.location("market"), scenario.location("vineyard")])
    scenario.start_phase(game, "location")
    assert game.state.queue == [1, 0]
    scenario.play(game, "draw")
    events = scenario.play(game, f"location {tavern}")
    assert "location.tavern" in scenario.rules_of(events)
    assert game.state.taverns[0] == [tavern] and tavern not in game.state.loc_discard
    assert game.resources(0)["torch"] == 2 and game.observe(1)["seats"][0]["taverns"] == [tavern]
    scenario.run_to(game, "location", round=2)
    assert game.state.queue == [0, 1]  # 2 torches (1 of them the tavern) against 1
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- decks
@rule("location.reshuffle")
def test_an_empty_location_deck_is_rebuilt_from_the_shuffled_discards():
    game = scenario.new_game(2)
    s = game.state
    s.loc_discard.extend(s.loc_deck[:-1])
    del s.loc_deck[:-1]
    events = scenario.run_to(game, "location", round=2)
    assert "location.reshuffle" in scenario.rules_of(events)
    assert len(s.loc_shown) == 3 and len(s.loc_deck) + len(s.loc_discard) + 3 == len(LOCATIONS)
    scenario.sound(game)


@rule("deck.reshuffle")
def test_an_empty_assistant_deck_is_rebuilt_from_the_shuffled_discards():
    game = scenario.new_game(2)
    s = game.state
    scenario.give_hand(game, 0, [])
    scenario.to_discard(game, list(s.deck))
    discards = sorted(s.discard)
    events = scenario.play(game, "draw")
    assert scenario.rules_of(events)[:2] == ["location.draw-instead", "deck.reshuffle"]
    assert s.discard == [] and sorted(s.deck + s.hand[0]) == discards and len(s.hand[0]) == 1
    scenario.sound(game)
