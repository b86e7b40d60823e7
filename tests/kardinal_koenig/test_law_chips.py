"""Law chips (法律チップが置かれた国カードを取る場合): taken face down, played on your turn, −2 at the end."""

import pytest

from . import scenario

rule = pytest.mark.rule


def holding(rows, player=0, **chips):
    """A table whose ``player`` holds law chips, given as ``r2c1="three"``: the chip first lay on row 2 column 1."""
    where = {k[1:].replace("c", ","): v for k, v in chips.items()}
    game = scenario.table(rows, chips=where)
    scenario.hand_over(game, player, *where)
    return game


# ---------------------------------------------------------------------------------------------------- taking a chip
@rule("chips.take")
def test_taking_a_card_with_a_law_chip_gives_the_taker_the_chip_face_down():
    game = scenario.table([["france-3", "france-4"], ["denmark-1"]], chips={"1,1": "colours"})
    events = scenario.play(game, "take 1 1")
    assert scenario.rules_of(events) == ["take.ends", "chips.take"]
    assert "colours" not in events[1].text.lower() and "face-down" in events[1].text
    assert game.state.chips[0] == ["colours"] and game.state.chip == [""] * len(game.state.chip)
    mine = game.observe(0)["players"][0]
    assert mine["chips"] == 1 and mine["chip_kinds"] == ["colours"]
    for viewer in (1, 2, None):
        theirs = game.observe(viewer)["players"][0]
        assert theirs["chips"] == 1 and theirs["chip_kinds"] is None
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- the three chips
@rule("chips.three")
def test_three_crests_allowed_lets_a_one_crest_card_follow_a_two_crest_card_and_is_discarded():
    game = holding([["france-6", "france-3"], ["denmark-1"]], r2c1="three")
    scenario.play(game, "take 1 1")
    assert scenario.legal(game) == ["play three", "stop"]
    events = scenario.play(game, "play three")
    assert scenario.rules_of(events) == ["chips.three", "decision.three-crests"]
    assert game.state.chips[0] == [] and game.state.played[0] == ["three"]
    assert game.observe(1)["players"][0]["played"] == ["three"] and game.observe(1)["crest_limit"] == 3
    scenario.play(game, "take 1 2")
    assert scenario.display(game, 0) == ["france-6", "france-3"] and game.state.turn.crests == 3
    assert scenario.step(game) == "claim"  # 3 of 3 used: taking ends by itself
    scenario.sound(game)


@rule("chips.three")
def test_the_crest_limit_is_back_to_two_on_the_next_turn():
    game = holding([["france-6", "france-3"], ["denmark-4", "denmark-1"], ["italy-1"]], r3c1="three")
    scenario.play(game, "play three", "take 1 1", "take 1 2", "skip")
    assert game.crest_limit == 2 and game.pending().player == 1
    scenario.play(game, "take 2 1")
    assert scenario.step(game) == "claim"  # denmark-1 (one crest) may not follow denmark-4 (two)


@rule("decision.three-crests")
def test_three_crests_allowed_raises_the_crest_total_not_the_number_of_crest_kinds():
    # france-6 (cross, fan) + france-8 (cross, lily): only 3 kinds, but 4 crests
    game = holding([["france-6", "france-8"], ["france-3"]], r2c1="three")
    scenario.play(game, "play three", "take 1 1")
    legal = scenario.legal(game)
    assert "take 1 2" not in legal and "take 2 1" in legal  # a third crest, but not a fourth
    assert "shows 2 crest(s) and you have taken 2 of 3 this turn" in scenario.refused(game, "take 1 2")


@rule("decision.three-crests")
def test_three_crests_allowed_admits_three_one_crest_cards():
    game = holding([["france-3", "france-4", "france-5"], ["denmark-1"]], r2c1="three")
    scenario.play(game, "play three", "take 1 1", "take 1 2", "take 1 3")
    assert scenario.display(game, 0) == ["france-3", "france-4", "france-5"] and game.state.turn.crests == 3


@rule("chips.colours")
def test_different_colours_allowed_lets_other_countries_join_and_is_discarded():
    game = holding([["france-3", "denmark-1"], ["saxony-3"], ["castile-1"]], r3c1="colours")
    scenario.play(game, "take 1 1")
    assert scenario.legal(game) == ["play colours", "stop"]
    events = scenario.play(game, "play colours")
    assert scenario.rules_of(events) == ["chips.colours"]
    assert game.state.played[0] == ["colours"] and game.state.chips[0] == []
    assert "take 1 2" in scenario.legal(game) and "take 2 1" in scenario.legal(game)
    scenario.play(game, "take 1 2")
    assert scenario.display(game, 0) == ["france-3", "denmark-1"]


@rule("chips.colours")
def test_different_colours_allowed_keeps_the_crest_limit():
    game = holding([["france-3", "denmark-1"], ["saxony-3"], ["castile-1"]], r3c1="colours")
    scenario.play(game, "play colours", "take 1 1", "take 1 2")
    assert "take 2 1" not in scenario.legal(game)  # a third crest
    assert "take 3 1" in scenario.legal(game)  # a crestless card of a third country
    scenario.play(game, "take 3 1")
    assert scenario.display(game, 0) == ["france-3", "denmark-1", "castile-1"]


@rule("chips.return")
def test_return_claim_stone_brings_a_discarded_stone_back_to_the_hand_and_is_discarded():
    game = holding([["france-6"], ["denmark-1"]], r2c1="return")
    scenario.lose_stones(game, 0, 1)
    assert "play return" in scenario.legal(game)
    events = scenario.play(game, "play return")
    assert scenario.rules_of(events) == ["chips.return"]
    assert (game.state.hand[0], game.state.lost[0]) == (3, 0)
    assert game.state.played[0] == ["return"] and game.state.chips[0] == []
    assert scenario.step(game) == "take" and game.pending().player == 0
    scenario.sound(game)


@rule("chips.return")
def test_return_claim_stone_may_be_played_in_the_claim_step_and_the_stone_placed_at_once():
    game = holding([["france-6"], ["denmark-1"], ["italy-1"]], r3c1="return")
    scenario.lose_stones(game, 0, 3)
    scenario.play(game, "take 1 1", "stop")
    assert scenario.step(game) == "claim" and scenario.legal(game) == ["play return", "skip"]
    scenario.play(game, "play return")
    assert scenario.legal(game) == ["place 2 1", "place 3 1", "skip"]
    scenario.play(game, "place 2 1")
    assert (game.state.hand[0], game.state.placed[0], game.state.lost[0]) == (0, 1, 2)


@rule("chips.return")
def test_return_claim_stone_cannot_be_played_without_a_discarded_stone():
    game = holding([["france-6"], ["denmark-1"]], r2c1="return")
    assert "play return" not in scenario.legal(game)
    assert scenario.refused(game, "play return") == \
        "none of your claim stones has been discarded, so there is nothing to return."


@rule("chips.return")
def test_a_player_without_stones_but_with_a_return_chip_is_not_skipped():
    game = scenario.no_stones_table("return")
    scenario.play(game, "take 3 1", "skip")
    assert game.pending().player == 0 and scenario.legal(game) == ["pass", "play return"]
    scenario.play(game, "play return")
    assert "take 1 1" in scenario.legal(game)  # now a stone can pay for a claimed card
    scenario.play(game, "take 1 1")
    assert (game.state.hand[0], game.state.lost[0]) == (0, 3) and game.state.hand[1] == 1


@rule("chips.minus2")
def test_the_minus_two_chip_is_never_played():
    game = holding([["france-6"], ["denmark-1"]], r2c1="minus2")
    assert not any(a.startswith("play") for a in scenario.legal(game))
    assert scenario.refused(game, "play minus2") == "the −2 chip is not played; it is revealed at the end of the game."


@rule("chips.minus2")
def test_the_minus_two_chip_is_revealed_and_costs_two_points_at_the_end():
    game = scenario.table([["france-3", "france-4"]], chips={"1,2": "minus2"})
    events = scenario.play(game, "take 1 1", "take 1 2")
    assert ("score.minus-chips", 0) in [(e.rule, e.data.get("player")) for e in events]
    chart = game.chart()
    assert chart.rows["france"] == ((8, 0, 0), (1, 0, 0)) and chart.minus == (-2, 0, 0)
    assert game.scores() == (7, 0, 0)
    assert game.observe(1)["players"][0]["chip_kinds"] == ["minus2"]  # face up now


@rule("score.minus-chips")
def test_each_minus_two_chip_costs_its_holder_two_points():
    game = scenario.table([["france-3", "france-4", "france-5"]],
                          chips={"1,1": "minus2", "1,2": "minus2", "1,3": "minus2"})
    scenario.play(game, "take 1 1", "take 1 2")
    # holding chips, player 1 is asked, whatever their kinds (decision.public-steps)
    assert scenario.legal(game) == ["stop"]
    scenario.play(game, "stop", "skip", "take 1 3")
    assert game.is_terminal()
    chart = game.chart()
    assert chart.subtotal == (8 + 1, 2 + 1, 0)  # France: 2 cards -> 8, 1 card -> 2; one crest of a kind each
    assert chart.minus == (-4, -2, 0) and chart.total == (5, 1, 0) == game.scores()


# ---------------------------------------------------------------------------------------------------- optional
@rule("chips.return")
@rule("chips.three")
@rule("chips.colours")
def test_playing_a_chip_is_never_forced_a_holder_may_stop_skip_and_keep_every_chip():
    # 「手番にこのチップをプレイすると、…ことができます」: each chip may be played, none must be
    game = holding([["france-3", "france-4"], ["denmark-1"], ["italy-1"], ["england-1"]], r2c1="three",
                   r3c1="colours", r4c1="return")
    scenario.lose_stones(game, 0, 1)
    assert {"play colours", "play return", "play three"} <= set(scenario.legal(game))
    scenario.play(game, "take 1 1")
    assert "stop" in scenario.legal(game)
    scenario.play(game, "stop")
    assert "skip" in scenario.legal(game) and "play return" in scenario.legal(game)
    scenario.play(game, "skip")
    assert sorted(game.state.chips[0]) == ["colours", "return", "three"] and game.state.played[0] == []
    assert game.pending().player == 1


# ---------------------------------------------------------------------------------------------------- timing
@rule("decision.chip-timing")
def test_a_chip_may_be_played_before_the_first_card_of_the_turn():
    game = holding([["france-6", "france-3"], ["denmark-1"]], r2c1="three")
    assert scenario.legal(game)[:1] == ["play three"]
    scenario.play(game, "play three", "take 1 1", "take 1 2")
    assert game.state.turn.crests == 3


@rule("decision.chip-timing")
def test_a_chip_taken_this_turn_may_be_played_at_once():
    game = scenario.table([["france-6", "france-3"], ["denmark-1"]], chips={"1,1": "three"})
    scenario.play(game, "take 1 1")
    assert scenario.legal(game) == ["play three", "stop"]
    scenario.play(game, "play three", "take 1 2")
    assert scenario.display(game, 0) == ["france-6", "france-3"]


@rule("decision.chip-timing")
def test_several_chips_may_be_played_in_one_turn():
    game = holding([["france-6", "saxony-3"], ["italy-1"], ["england-1"]], r3c1="three", r2c1="colours")
    scenario.play(game, "take 1 1", "play three", "play colours", "take 1 2")
    assert scenario.display(game, 0) == ["france-6", "saxony-3"] and game.state.turn.crests == 3
    assert sorted(game.state.played[0]) == ["colours", "three"]


@rule("decision.chip-timing")
def test_a_second_chip_of_a_kind_already_in_effect_cannot_be_played():
    game = holding([["france-6", "france-3", "france-4"], ["italy-1"], ["england-1"]], r2c1="three", r3c1="three")
    scenario.play(game, "play three")
    assert "play three" not in scenario.legal(game)
    assert scenario.refused(game, "play three") == "'three' is already in effect this turn."
    assert game.state.chips[0] == ["three"]


@rule("decision.chip-timing")
def test_a_chip_that_would_change_nothing_is_refused_for_that_reason():
    game = scenario.no_stones_table("three")
    scenario.play(game, "take 3 1", "skip")
    assert game.pending().player == 0 and "play three" not in scenario.legal(game)
    refusal = scenario.refused(game, "play three")
    assert refusal == ("every end card carries another player's claim stone and you have no "
                                           "claim stone to pay with, so 'three' would change nothing.")


@rule("decision.chip-timing")
def test_after_taking_ends_only_the_return_chip_can_still_be_played():
    game = holding([["france-6"], ["denmark-1"], ["italy-1"], ["england-1"]], r2c1="three", r3c1="colours",
                   r4c1="return")
    scenario.lose_stones(game, 0, 1)
    scenario.play(game, "take 1 1", "play three", "stop")
    assert [a for a in scenario.legal(game) if a.startswith("play")] == ["play return"]
    refusal = scenario.refused(game, "play colours")
    assert refusal == "'colours' changes what you may take; taking is over for this turn."


@rule("decision.chip-timing")
def test_three_and_colours_are_not_offered_when_every_end_card_is_blocked_by_an_unpayable_stone():
    game = scenario.no_stones_table("three", "colours")
    scenario.play(game, "take 3 1", "skip")
    # Player 2 has no stone left: no chip can make a claimed card takeable, so only 'pass' is offered; the
    # turn is not skipped silently because skipping would tell the others something about the chips' kinds.
    assert game.pending().player == 0 and scenario.legal(game) == ["pass"]
    events = scenario.play(game, "pass")
    assert scenario.rules_of(events)[0] == "take.skip" and game.pending().player == 1
    assert sorted(game.state.chips[0]) == ["colours", "three"]  # passing keeps the chips


@rule("decision.public-steps")
@pytest.mark.parametrize("kind", ["three", "minus2"])
def test_a_player_holding_any_chip_is_asked_to_stop_whatever_its_kind(kind):
    # The same position with a useful and a useless chip: the others must not learn which one it is.
    game = scenario.table([["france-6", "denmark-1"], ["saxony-3"]], chips={"1,1": kind})
    events = scenario.play(game, "take 1 1")  # two crests; no other France card at an end
    assert "decision.public-steps" in scenario.rules_of(events) and scenario.step(game) == "take"
    assert scenario.legal(game) == (["play three", "stop"] if kind == "three" else ["stop"])


@rule("decision.public-steps")
def test_a_player_without_chips_has_taking_ended_for_them():
    game = scenario.table([["france-6", "denmark-1"], ["saxony-3"]])
    events = scenario.play(game, "take 1 1")
    assert "decision.stop" in scenario.rules_of(events) and scenario.step(game) == "claim"
