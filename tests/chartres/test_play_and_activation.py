"""Phases B–E (draw 2, play 2 cards face down, reveal, activate) and how abilities resolve: "N×", "condition ▶",
main and bonus."""

import pytest

from . import scenario
from .scenario import CARDS

rule = pytest.mark.rule

TWICE_YELLOW = scenario.card(colour="yellow", main=("discard:yellow", "window:yellow"), times=2)
TWICE_RED_WITH_DRAW = scenario.card(colour="red", main=("discard:red", "window:red"), times=2, bonus=("draw:1",))
CARTS_DRAW_TWO = scenario.card(colour="red", per="cart", main=("draw:2",), bonus=None)
CROSS_THEN_CITIZEN = scenario.card(colour="red", main=("cross",), bonus=("gain_citizen",))
CROSS_ONLY = scenario.card(colour="yellow", main=("cross",), bonus=None)
TWO_CITIZENS = scenario.card(colour="yellow", main=("gain_citizen",), times=2)


def after_reveal(events):
    """The Phase E events (everything after the last reveal)."""
    last = max(i for i, e in enumerate(events) if e.rule == "play.reveal")
    return events[last + 1:]


# ---------------------------------------------------------------------------------------------------- phases B-D
@rule("draw.phase-b")
def test_in_phase_b_every_player_draws_two_cards_even_beyond_the_hand_limit():
    game = scenario.new_game(2)
    assert [len(h) for h in game.state.hand] == [3, 3] and game.hand_limit(0) == 3
    events = scenario.play(game, "draw", "draw")  # at the limit: each draw scores 1 IP instead
    phase_b = scenario.of_rule(events, "draw.phase-b")
    assert [(e.data["player"], e.data["cards"]) for e in phase_b] == [(0, 2), (1, 2)]
    assert [len(h) for h in game.state.hand] == [5, 5] and game.state.ip == [1, 1]  # no IP for phase B cards
    assert game.pending().kind == "commit-row"
    scenario.sound(game)


@rule("play.commit")
def test_one_card_goes_to_the_right_end_of_the_action_row_and_one_under_an_empty_position():
    game = scenario.new_game(2)
    row = scenario.cards_of(colour="purple")[:3]
    scenario.set_row(game, 0, row, under=[scenario.cards_of(colour="yellow")[0], "", ""])
    hand = scenario.cards_of(colour="red")[:3]
    scenario.give_hand(game, 0, hand)
    scenario.start_phase(game, "commit-row")
    assert scenario.legal(game) == [f"row {c}" for c in hand]
    scenario.play(game, f"row {hand[0]}")
    assert game.pending().kind == "commit-act" and game.state.hand[0] == hand[1:]
    # position 1 already has a card below it; 4 is the card just played
    assert scenario.legal(game) == [f"activate {k} {c}" for k in (2, 3, 4) for c in hand[1:]]
    scenario.play(game, f"activate 3 {hand[2]}")
    assert game.pending().player == 1
    other = game.state.hand[1]
    scenario.play(game, f"row {other[0]}", f"activate 1 {other[1]}")
    assert game.state.row[0] == [*row, hand[0]] and game.state.act[0][2] == hand[2]
    assert len(game.state.act[0]) == 4
    scenario.sound(game)


@rule("play.reveal")
@rule("inferred.hidden")
def test_the_played_cards_stay_face_down_until_every_player_has_played_then_turn_face_up_together():
    game = scenario.new_game(2)
    scenario.start_phase(game, "commit-row")
    mine = list(game.state.hand[0])
    scenario.play(game, f"row {mine[0]}", f"activate 1 {mine[1]}")
    seen = game.observe(1)["seats"][0]
    assert seen["committed"] == [True, True] and seen["commit"] is None
    assert mine[0] not in seen["row"] and seen["hand"] is None
    assert game.observe(0)["seats"][0]["commit"] == [mine[0], mine[1], 1]
    theirs = list(game.state.hand[1])
    events = scenario.play(game, f"row {theirs[0]}", f"activate 4 {theirs[1]}")
    reveals = scenario.of_rule(events, "play.reveal")
    assert [(e.data["player"], e.data["row"], e.data["act"]) for e in reveals] == [
        (0, mine[0], mine[1]), (1, theirs[0], theirs[1])]
    assert game.observe(1)["seats"][0]["row"][-1] == mine[0]
    assert game.observe(1)["seats"][0]["act"][0] == mine[1]


# ---------------------------------------------------------------------------------------------------- phase E
@rule("act.match")
def test_an_action_row_card_is_activated_only_by_a_card_of_its_colour_directly_below_it():
    game = scenario.new_game(2)
    plays = scenario.ready_to_activate(game, 0, CROSS_ONLY)
    mismatched = next(c for c in scenario.cards_of(colour="purple") if c not in game.state.hand[0] + game.state.row[0])
    scenario.give_hand(game, 0, [plays[0][0], mismatched])
    events = after_reveal(scenario.play_cards(game, {**plays, 0: (plays[0][0], 1, mismatched)}))
    assert scenario.of_rule(events, "act.match")[0].text.endswith("colours differ, nothing is activated.")
    assert game.state.cross[0] == 1

    game = scenario.new_game(2)
    plays = scenario.ready_to_activate(game, 0, CROSS_ONLY)  # an older card of the row, not the one played now
    events = after_reveal(scenario.play_cards(game, plays))
    assert scenario.of_rule(events, "act.match")[0].data["card"] == CROSS_ONLY
    assert game.state.cross[0] == 2 and game.activated(0) == CROSS_ONLY
    scenario.sound(game)


@rule("act.order")
def test_players_resolve_their_activated_cards_in_initiative_order():
    game = scenario.new_game(2, initiative=(1, 0))
    plays = scenario.ready_to_activate(game, 0, CROSS_THEN_CITIZEN)
    used = set(game.state.row[0] + game.state.hand[0])
    row1 = [CROSS_ONLY] + [c for c in scenario.cards_of(resources=("cart",)) if c not in used][:2]
    scenario.set_row(game, 1, row1)
    activator = next(c for c in scenario.cards_of(colour="yellow") if c not in used | set(row1))
    new_card = next(c for c in scenario.cards_of(colour="purple") if c not in used | set(row1))
    scenario.give_hand(game, 1, [new_card, activator])
    events = after_reveal(scenario.play_cards(game, {**plays, 1: (new_card, 1, activator)}))
    starts = [e.data["player"] for e in events if e.rule == "ability.main-bonus"]
    assert starts == [1, 0]
    assert game.state.cross == [2, 2]


@rule("ability.main-bonus")
@rule("act.bonus")
def test_the_bonus_ability_follows_only_when_the_main_ability_was_resolved():
    game = scenario.new_game(2)
    events = after_reveal(scenario.play_cards(game, scenario.ready_to_activate(game, 0, CROSS_THEN_CITIZEN)))
    assert scenario.rules_of(events)[:4] == ["act.match", "ability.main-bonus", "track.cross", "act.bonus"]
    assert game.pending().kind == "resolve" and scenario.legal(game) == ["resolve", "stop"]  # the bonus is optional
    events = scenario.play(game, "resolve")
    assert scenario.rules_of(events)[:2] == ["act.bonus", "effect.citizen"]
    assert game.state.cross[0] == 2 and game.state.personal[0] == 3

    game = scenario.new_game(2)  # no red card left in hand: the main ability cannot be paid, so no bonus either
    events = after_reveal(scenario.play_cards(game, scenario.ready_to_activate(game, 0, TWICE_RED_WITH_DRAW)))
    assert "act.bonus" not in scenario.rules_of(events)
    assert scenario.of_rule(events, "decision.full-resolution")[0].text.endswith("0 of 2 times: no bonus.")


@rule("ability.main-bonus")
def test_a_main_ability_counted_per_cart_with_no_cart_in_the_row_gives_no_bonus():
    game = scenario.new_game(2)
    target = scenario.card(colour="yellow", per="cart", main=("draw:2",), bonus=("cross",))
    no_cart = [c for c in scenario.cards_of(lacks=("cart",)) if c != target]
    plays = scenario.ready_to_activate(game, 0, target, row=[target, *no_cart[:2]], new_card=no_cart[2])
    assert game.resources(0)["cart"] == 0
    scenario.play_cards(game, plays)
    assert game.state.cross[0] == 1


@rule("ability.times")
@rule("decision.window-fallback")
def test_n_times_lets_the_effect_be_resolved_up_to_n_times():
    game = scenario.new_game(2)
    yellows = [c for c in scenario.cards_of(colour="yellow") if c != TWICE_YELLOW][-2:]
    events = after_reveal(scenario.play_cards(game, scenario.ready_to_activate(game, 0, TWICE_YELLOW, hand=yellows)))
    assert scenario.of_rule(events, "ability.times")[0].text.endswith("(2 times at most).")
    assert game.pending().kind == "discard" and scenario.legal(game) == [*(f"discard {c}" for c in yellows), "stop"]
    scenario.play(game, f"discard {yellows[0]}", f"discard {yellows[1]}")
    # space 1 is yellow: a yellow window and its bonus; space 2 is red: the second yellow window is built white
    assert game.state.windows[0] == ["yellow", "white"] and game.state.ip[0] == 1
    assert game.state.hand[0] == [] and game.state.discard[-2:] == yellows
    scenario.sound(game)


@rule("ability.per")
@rule("effect.draw")
def test_jean_draws_two_cards_per_cart_in_his_action_row_as_far_as_his_hand_limit_allows():
    carts = scenario.cards_of(resources=("cart",))[:2]
    for shield, drawn, ip in ((1, 3, 1), (5, 4, 0)):  # hand limit 3, then 5
        game = scenario.new_game(2)
        no_cart = [c for c in scenario.cards_of(lacks=("cart",)) if c != CARTS_DRAW_TWO]
        plays = scenario.ready_to_activate(game, 0, CARTS_DRAW_TWO, row=[CARTS_DRAW_TWO, *carts], new_card=no_cart[0])
        game.state.shield[0] = shield
        events = after_reveal(scenario.play_cards(game, plays))
        assert game.resources(0)["cart"] == 2
        assert scenario.of_rule(events, "ability.per")[0].text.endswith("(2 times at most).")
        assert game.pending().kind == "resolve"  # the second cart's 2 cards are Jean's choice: he takes them
        scenario.play(game, "resolve")
        assert len(game.state.hand[0]) == drawn and game.state.ip[0] == ip


@rule("decision.full-resolution")
@rule("act.bonus")
def test_stopping_after_one_of_two_windows_forfeits_the_bonus():
    game = scenario.new_game(2)
    reds = [c for c in scenario.cards_of(colour="red") if c != TWICE_RED_WITH_DRAW][-2:]
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, TWICE_RED_WITH_DRAW, hand=reds))
    events = scenario.play(game, f"discard {reds[0]}")
    assert game.state.windows[0] == ["white"]  # space 1 is yellow
    assert game.pending().kind == "discard" and "stop" in scenario.legal(game)
    events = scenario.play(game, "stop")
    assert scenario.rules_of(events)[:2] == ["ability.times", "decision.full-resolution"]
    assert events[0].text == f"Player 1 stops {TWICE_RED_WITH_DRAW} after 1 of 2 times."
    assert len(game.state.hand[0]) == 1  # no bonus card drawn

    game = scenario.new_game(2)  # both windows built: the bonus draws a card
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, TWICE_RED_WITH_DRAW, hand=reds))
    events = scenario.play(game, f"discard {reds[0]}", f"discard {reds[1]}", "resolve")
    assert game.state.windows[0] == ["white", "red"]
    # one card from the red space's printed bonus, one from the ability's bonus (offered, then chosen)
    mine = [e.rule for e in events if e.data.get("player") == 0]
    assert mine[-5:] == ["window.bonus", "window.bonus", "act.bonus", "act.bonus", "effect.draw"]
    assert len(game.state.hand[0]) == 2


@rule("decision.main-once")
@rule("ability.times")
def test_the_first_time_without_a_discard_is_carried_out_at_once_the_second_is_the_players_choice():
    game = scenario.new_game(2)
    events = after_reveal(scenario.play_cards(game, scenario.ready_to_activate(game, 0, TWO_CITIZENS)))
    assert [e.rule for e in events if e.data.get("player") == 0][:3] == ["act.match", "ability.times",
                                                                          "effect.citizen"]
    assert game.state.personal[0] == 3 and game.pending().kind == "resolve"
    assert game.pending().prompt == (f"Player 1: {TWO_CITIZENS} (2× take a citizen from the common supply) – "
                                     "resolve it (time 2 of 2), or stop")
    events = scenario.play(game, "resolve")
    assert scenario.rules_of(events)[:2] == ["ability.times", "effect.citizen"]
    assert game.state.personal[0] == 4 and game.pending().kind == "location"


@rule("decision.public-steps")
def test_stop_is_offered_only_before_the_first_discard_of_a_repetition():
    game = scenario.new_game(2)
    kiln_card = scenario.card(colour="red", main=("discard:any", "discard:any", "window:white"))
    hand = scenario.cards_of(colour="purple")[:2]
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, kiln_card, hand=hand))
    assert scenario.legal(game) == [*(f"discard {c}" for c in hand), "stop"]
    scenario.play(game, f"discard {hand[0]}")
    assert scenario.legal(game) == [f"discard {hand[1]}"]


# ---------------------------------------------------------------------------------------------------- end of a round
@rule("era.end-check")
def test_fewer_than_seven_cards_in_the_action_row_start_a_new_round_seven_end_the_era():
    game = scenario.new_game(2)
    events = scenario.run_to(game, "location", round=2)
    assert [len(r) for r in game.state.row] == [4, 4]
    assert scenario.of_rule(events, "era.end-check")[-1].text == "Action rows hold 4, 4 cards: a new round."
    events = scenario.run_to(game, "location", era=2)
    ends = [e.text for e in scenario.of_rule(events, "era.end-check")]
    assert ends[-1] == "The action rows hold 7 cards: era 1 ends with Phase F." and len(ends) == 3
    assert "score.citizens" in scenario.rules_of(events)


@rule("decision.short-hand")
def test_a_player_with_fewer_than_two_cards_plays_what_they_have_action_row_first():
    game = scenario.new_game(2)
    scenario.give_hand(game, 0, scenario.cards_of(colour="red")[:1])
    scenario.give_hand(game, 1, [])
    scenario.start_phase(game, "commit-row")
    only = game.state.hand[0][0]
    assert scenario.legal(game) == [f"row {only}"]
    events = scenario.play(game, f"row {only}")
    assert [e.text for e in scenario.of_rule(events, "decision.short-hand")] == [
        "Player 1 has no second card to play.", "Player 2 has no card to play."]
    assert game.state.row[0][-1] == only and [len(r) for r in game.state.row] == [4, 3]
    assert game.pending().kind == "location" and game.state.round == 2


@rule("decision.short-hand")
def test_an_era_ends_after_its_fourth_round_even_when_a_row_is_short():
    game = scenario.new_game(2)
    scenario.give_hand(game, 1, [])
    scenario.start_phase(game, "commit-row", round=4)
    mine = list(game.state.hand[0])
    events = scenario.play(game, f"row {mine[0]}", f"activate 4 {mine[1]}")
    assert [len(r) for r in game.state.row] == [4, 3]
    assert "score.citizens" in scenario.rules_of(events)
    scenario.sound(game)


def test_the_activated_card_is_reported_by_the_game():
    game = scenario.new_game(2)
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, CROSS_ONLY))
    assert game.activated(0) == CROSS_ONLY and game.activated(1) == ""
    assert scenario.colour_of(game.state.act[0][0]) == CARDS[CROSS_ONLY].colour
