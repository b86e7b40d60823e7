"""Claim stones: placing and moving them (2.権利証を置く) and taking claimed cards
(権利証が置かれた国カードを取る場合)."""

import pytest

from . import scenario

rule = pytest.mark.rule

ROWS = [["france-6", "saxony-1", "saxony-3"], ["denmark-4", "italy-1"], ["castile-6", "hungary-5"]]


def places(game) -> list[str]:
    return [a for a in scenario.legal(game) if a.startswith("place")]


def lifts(game) -> list[str]:
    return [a for a in scenario.legal(game) if a.startswith("lift")]


def stones(game, player: int) -> tuple[int, int, int]:
    s = game.state
    return s.hand[player], s.placed[player], s.lost[player]


# ---------------------------------------------------------------------------------------------------- placing
@rule("claim.place")
def test_after_taking_a_stone_may_be_put_on_any_free_card_of_the_layout():
    game = scenario.table(ROWS, chips={"2,2": "three"})
    scenario.play(game, "take 1 1")  # two crests: taking ends by itself
    assert places(game) == ["place 1 2", "place 1 3", "place 2 1", "place 2 2", "place 3 1", "place 3 2"]
    events = scenario.play(game, "place 2 2")  # a card with a face-down law chip may be claimed too
    assert scenario.rules_of(events) == ["claim.place", "flow.clockwise"]
    assert game.state.stone[scenario.cell("2,2")] == 0 and stones(game, 0) == (2, 1, 0)
    assert game.observe(1)["rows"][1][1]["stone"] == 0
    assert game.pending().player == 1
    scenario.sound(game)


@rule("claim.place")
def test_no_stone_goes_on_a_card_that_is_claimed_or_already_taken():
    game = scenario.table(ROWS)
    scenario.put_stone(game, 1, "1,2")
    scenario.play(game, "take 1 1")
    assert "place 1 2" not in places(game) and "place 1 1" not in places(game)
    assert scenario.refused(game, "place 1 2") == "row 1 column 2 already carries player 2's claim stone."
    assert scenario.refused(game, "place 1 1") == "row 1 column 1 holds no card any more."


@rule("claim.place")
def test_placing_is_optional_and_at_most_one_stone_is_placed_per_turn():
    game = scenario.table(ROWS)
    scenario.play(game, "take 1 1", "skip")
    assert stones(game, 0) == (3, 0, 0) and game.pending().player == 1
    scenario.play(game, "take 2 1", "place 1 2")
    assert stones(game, 1) == (2, 1, 0) and game.pending().player == 2


@rule("claim.place")
def test_stones_are_placed_only_after_taking():
    game = scenario.table(ROWS)
    assert scenario.refused(game, "place 1 2").startswith("claim stones are placed after taking")


@rule("claim.limit-3")
def test_with_three_players_all_three_stones_may_be_on_the_layout():
    game = scenario.table(ROWS, players=3)
    scenario.put_stone(game, 0, "1,3", "2,2")
    scenario.play(game, "take 1 1")
    assert places(game)
    events = scenario.play(game, "place 3 2")
    assert scenario.rules_of(events) == ["claim.place", "claim.limit-3", "flow.clockwise"]
    assert stones(game, 0) == (0, 3, 0)
    scenario.sound(game)


@rule("claim.limit-45")
@pytest.mark.parametrize("players", [4, 5])
def test_with_four_or_five_players_the_second_stone_is_the_last_on_the_layout(players):
    game = scenario.table(ROWS, players=players)
    scenario.put_stone(game, 0, "1,3")
    scenario.play(game, "take 1 1")
    events = scenario.play(game, "place 3 2")
    assert scenario.rules_of(events) == ["claim.place", "claim.limit-45", "flow.clockwise"]
    assert stones(game, 0) == (1, 2, 0)


@rule("claim.limit-45")
@pytest.mark.parametrize("players", [4, 5])
def test_with_four_or_five_players_the_third_stone_stays_in_hand(players):
    game = scenario.table(ROWS, players=players)
    scenario.put_stone(game, 0, "1,3", "3,2")
    scenario.play(game, "take 1 1")
    assert places(game) == [] and lifts(game) == ["lift 1 3", "lift 3 2"]
    refusal = scenario.refused(game, "place 2 1")
    assert f"with {players} players at most 2 of your claim stones may be on the layout" in refusal
    assert stones(game, 0) == (1, 2, 0)


# ---------------------------------------------------------------------------------------------------- moving
@rule("claim.move")
def test_once_all_placeable_stones_are_out_one_may_be_moved_to_another_free_card():
    game = scenario.table(ROWS, players=3)
    scenario.put_stone(game, 0, "1,3", "2,2", "3,2")
    scenario.put_stone(game, 1, "2,1")
    scenario.play(game, "take 1 1")
    assert places(game) == [] and lifts(game) == ["lift 1 3", "lift 2 2", "lift 3 2"]
    events = scenario.play(game, "lift 2 2")
    assert scenario.rules_of(events) == ["decision.move"]
    # not back where it was, not on a claimed card
    assert places(game) == scenario.legal(game) == ["place 1 2", "place 3 1"]
    events = scenario.play(game, "place 3 1")
    assert scenario.rules_of(events) == ["claim.move", "flow.clockwise"]
    assert game.state.stone[scenario.cell("3,1")] == 0 and game.state.stone[scenario.cell("2,2")] == -1
    assert stones(game, 0) == (0, 3, 0) and game.pending().player == 1
    scenario.sound(game)


@rule("claim.move")
def test_moving_is_not_offered_while_a_stone_may_still_be_placed():
    game = scenario.table(ROWS, players=3)
    scenario.put_stone(game, 0, "1,3", "2,2")
    scenario.play(game, "take 1 1")
    assert lifts(game) == []
    assert "moving is allowed once all your placeable stones are out" in scenario.refused(game, "lift 1 3")


@rule("claim.move")
def test_the_stone_that_completes_the_set_is_not_moved_in_the_same_turn():
    game = scenario.table(ROWS, players=3)
    scenario.put_stone(game, 0, "1,3", "2,2")
    scenario.play(game, "take 1 1", "place 3 2")
    assert game.pending().player == 1 and scenario.step(game) == "take"


@rule("claim.move")
def test_with_four_players_two_stones_out_allow_moving_although_one_is_in_hand():
    game = scenario.table(ROWS, players=4)
    scenario.put_stone(game, 0, "1,3", "2,2")
    scenario.play(game, "take 1 1")
    assert lifts(game) == ["lift 1 3", "lift 2 2"]


@rule("claim.move")
def test_a_player_whose_last_stone_in_hand_pays_for_a_claimed_card_moves_from_the_next_turn_on():
    # 「権利証を全部(3枚か2枚)置いたら、次の手番からはすでに置かれた自分の権利証を移動することができます」
    game = scenario.table(ROWS + [["england-1", "italy-2"]], players=3)
    scenario.put_stone(game, 0, "1,3", "2,2")  # two of three out, one in hand
    scenario.put_stone(game, 1, "1,1")
    events = scenario.play(game, "take 1 1")  # two crests, under player 2's stone: the stone in hand pays
    assert "decision.pay-from-hand" in scenario.rules_of(events) and stones(game, 0) == (0, 2, 1)
    assert scenario.rules_of(events)[-2:] == ["decision.stop", "flow.clockwise"]  # no move this turn: nothing to claim
    assert game.pending().player == 1
    scenario.play(game, "take 3 1", "skip", "take 3 2", "skip")  # players 2 and 3
    assert game.pending().player == 0
    scenario.play(game, "take 4 1")  # England 1; nothing more of England: taking ends by itself
    assert scenario.step(game) == "claim" and lifts(game) == ["lift 1 3", "lift 2 2"]


@rule("claim.move")
def test_in_the_turn_the_last_stone_in_hand_pays_a_lift_is_refused_with_the_reason():
    game = scenario.table(ROWS, players=3, chips={"2,1": "minus2"})
    scenario.put_stone(game, 0, "1,3", "2,2")
    scenario.put_stone(game, 1, "1,1")
    # a chip held: the claim step is asked rather than skipped (decision.public-steps)
    scenario.hand_over(game, 0, "2,1")
    scenario.play(game, "take 1 1", "stop")
    assert scenario.step(game) == "claim" and game.state.turn.hand_spent and scenario.legal(game) == ["skip"]
    refusal = scenario.refused(game, "lift 1 3")
    assert refusal == ("your last claim stone in hand paid for a claimed card this turn; stones "
                                         "are moved from the next turn on.")


@rule("claim.move")
def test_placing_without_a_stone_in_hand_suggests_moving_only_when_moving_is_allowed():
    game = scenario.table(ROWS, players=3, chips={"2,1": "minus2"})
    scenario.put_stone(game, 0, "1,3", "2,2")
    scenario.put_stone(game, 1, "1,1")
    scenario.hand_over(game, 0, "2,1")
    scenario.play(game, "take 1 1", "stop")  # the last stone in hand paid: moving starts with the next turn
    assert scenario.refused(game, "place 2 1") == "you have no claim stone in hand."


@rule("claim.move")
def test_a_lift_with_no_free_card_to_move_to_is_refused_for_that_reason():
    game = scenario.table([["france-6", "saxony-1", "saxony-3"], ["italy-1", "denmark-4", "england-1"]], players=3,
                 chips={"2,3": "minus2"})
    scenario.put_stone(game, 0, "1,2", "1,3", "2,1")  # all three out: moving is allowed
    scenario.put_stone(game, 1, "2,2", "2,3")
    scenario.hand_over(game, 0, "2,3")  # a chip held: the steps are asked (decision.public-steps)
    scenario.play(game, "take 1 1", "stop")
    assert scenario.step(game) == "claim" and scenario.legal(game) == ["skip"]
    refusal = scenario.refused(game, "lift 1 2")
    assert refusal == ("every card in the layout carries a claim stone, so there is no free card "
                                         "to move yours to.")


@rule("decision.move")
def test_a_lifted_stone_must_be_put_on_a_different_free_card_in_the_same_turn():
    game = scenario.table(ROWS, players=3)
    scenario.put_stone(game, 0, "1,3", "2,2", "3,2")
    scenario.play(game, "take 1 1", "lift 1 3")
    assert game.pending().kind == "claim" and "skip" not in scenario.legal(game)
    assert scenario.refused(game, "place 1 3") == "the stone must move to a different card."
    assert "put the lifted claim stone on a free card" in scenario.refused(game, "skip")


# ---------------------------------------------------------------------------------------------------- claimed cards
@rule("claimed.own")
def test_taking_a_card_under_your_own_stone_returns_the_stone_to_your_hand():
    game = scenario.table(ROWS)
    scenario.put_stone(game, 0, "1,1")
    events = scenario.play(game, "take 1 1")
    assert "claimed.own" in scenario.rules_of(events)
    assert stones(game, 0) == (3, 0, 0) and game.state.stone[scenario.cell("1,1")] == -1
    scenario.sound(game)


@rule("claimed.other")
@rule("decision.pay-from-hand")
def test_taking_a_card_under_another_players_stone_costs_one_of_your_own_for_good():
    game = scenario.table(ROWS)
    scenario.put_stone(game, 1, "1,1")
    events = scenario.play(game, "take 1 1")
    assert scenario.rules_of(events)[:3] == ["take.ends", "claimed.other", "decision.pay-from-hand"]
    assert stones(game, 0) == (2, 0, 1)  # paid from the hand, out of the game
    assert stones(game, 1) == (3, 0, 0)  # the owner's stone goes back to its owner
    assert game.observe(2)["players"][0]["lost"] == 1
    scenario.sound(game)


@rule("claimed.other")
def test_with_four_players_the_stone_kept_in_hand_pays_for_a_claimed_card():
    game = scenario.table(ROWS, players=4)
    scenario.put_stone(game, 0, "1,3", "2,2")
    scenario.put_stone(game, 1, "1,1")
    scenario.play(game, "take 1 1")
    assert stones(game, 0) == (0, 2, 1) and scenario.step(game) == "claim"
    # both placeable stones were out before this turn: moving stays allowed in it (claim.move)
    assert not game.state.turn.hand_spent and lifts(game) == ["lift 1 3", "lift 2 2"]


@rule("claimed.pay-from-layout")
def test_example_a_with_every_stone_on_cards_discards_one_from_the_layout_and_b_gets_the_stone_back():
    game = scenario.table(ROWS, players=3)
    scenario.put_stone(game, 0, "1,3", "2,2", "3,2")  # A: all stones on cards, none in hand
    scenario.put_stone(game, 1, "1,1")  # B's stone on the card A takes
    scenario.play(game, "take 1 1")
    assert scenario.step(game) == "pay" and game.pending().kind == "pay" and game.pending().player == 0
    assert scenario.legal(game) == ["discard 1 3", "discard 2 2", "discard 3 2"]
    events = scenario.play(game, "discard 2 2")
    assert scenario.rules_of(events) == ["claimed.pay-from-layout", "decision.stop"]  # two crests taken: taking ends
    assert stones(game, 0) == (0, 2, 1) and game.state.stone[scenario.cell("2,2")] == -1
    assert stones(game, 1) == (3, 0, 0)
    scenario.sound(game)


@rule("claimed.pay-from-layout")
def test_a_single_stone_on_the_layout_is_paid_without_asking():
    game = scenario.last_stone_on_layout([["france-1", "france-3"], ["italy-1"]])
    events = scenario.play(game, "take 1 1")
    assert "claimed.pay-from-layout" in scenario.rules_of(events)
    assert stones(game, 0) == (0, 0, 3) and scenario.step(game) == "take"  # and the taking goes on


@rule("decision.pay-choice")
def test_the_payer_chooses_which_of_several_stones_to_discard_and_nothing_else_until_then():
    game = scenario.table(ROWS, players=3)
    scenario.put_stone(game, 0, "1,3", "2,2", "3,2")
    scenario.put_stone(game, 1, "1,1", "2,1")
    scenario.play(game, "take 1 1")
    assert scenario.refused(game, "discard 2 1") == "row 2 column 1 has no claim stone of yours."
    for action in ("take 1 2", "stop", "skip"):
        assert "discard one of your stones first" in scenario.refused(game, action)
    for choice in ("1 3", "2 2", "3 2"):
        twin = game.clone()
        scenario.play(twin, f"discard {choice}")
        assert twin.state.stone[scenario.cell(choice.replace(" ", ","))] == -1
        assert sorted(c for c in range(len(twin.state.stone)) if twin.state.stone[c] == 0) == sorted(
            scenario.cell(w) for w in ("1,3", "2,2", "3,2") if w != choice.replace(" ", ","))
