"""Setup (ゲームの準備), taking cards (1.カードを取る) and the turn order and end (ゲームの流れ)."""

from collections import Counter

import pytest

from games.kardinal_koenig import layout, new_game
from games.kardinal_koenig.data import approx

from . import scenario
from .scenario import DECK

rule = pytest.mark.rule


def takes(game) -> list[str]:
    return [a for a in scenario.legal(game) if a.startswith("take")]


# ---------------------------------------------------------------------------------------------------- setup
@rule("setup.start-player")
def test_the_configured_start_player_takes_the_first_turn():
    for seat in range(4):
        game = new_game(seed=1, players=4, start_player=seat)
        assert game.pending().player == seat and game.state.start == seat
        assert game.log[0].rule == "setup.start-player" and game.log[0].data["player"] == seat


@rule("setup.start-player")
def test_without_a_configured_start_player_the_seed_draws_one():
    drawn = {seed: new_game(seed=seed, players=5).state.start for seed in range(30)}
    assert set(drawn.values()) == {0, 1, 2, 3, 4}
    assert all(new_game(seed=seed, players=5).state.start == start for seed, start in drawn.items())


@rule("setup.layout")
def test_the_56_cards_are_shuffled_face_up_into_4_rows_of_14():
    game = new_game(seed=3)
    s = game.state
    assert sorted(s.layout) == sorted(c.id for c in DECK.cards) and len(s.layout) == 56
    assert s.lo == [0] * 4 and s.hi == [14] * 4 and s.cards_left == 56
    public = game.observe(None)["rows"]
    assert [len(row) for row in public] == [14] * 4
    assert [cell["card"] for row in public for cell in row] == list(s.layout)
    assert len({tuple(new_game(seed=seed).state.layout) for seed in range(8)}) == 8


@rule("setup.layout")
def test_a_hand_made_table_lays_out_only_the_named_cards():
    game = scenario.table([["france-1", "france-2"], [], ["denmark-4"]])
    assert game.state.cards_left == 3
    assert takes(game) == ["take 1 1", "take 1 2", "take 3 1"]


@rule("setup.law-chips")
def test_the_8_law_chips_lie_face_down_on_the_x_cards_two_of_each_kind():
    for seed in range(5):
        game = new_game(seed=seed)
        chips = {layout.position(c): k for c, k in enumerate(game.state.chip) if k}
        assert sorted(chips) == sorted(approx.LAW_CHIP_POSITIONS.value)
        assert Counter(chips.values()) == Counter(approx.LAW_CHIP_SPLIT.value) == {"return": 2, "three": 2,
                                                                                     "colours": 2, "minus2": 2}
        shown = {(cell["row"], cell["column"]): cell["chip"] for row in game.observe(0)["rows"] for cell in row}
        assert {pos for pos, chip in shown.items() if chip} == set(chips)
        assert all(isinstance(chip, bool) for chip in shown.values())  # a chip is seen, its kind is not


@rule("setup.stones")
def test_every_player_starts_with_three_claim_stones_in_hand():
    for players in (3, 4, 5):
        game = new_game(seed=0, players=players)
        assert game.state.hand == [3] * players and game.state.placed == [0] * players
        assert [p["hand"] for p in game.observe(None)["players"]] == [3] * players


# ---------------------------------------------------------------------------------------------------- taking
@rule("take.ends")
def test_only_the_left_or_right_end_card_of_a_row_can_be_taken():
    game = scenario.table([["saxony-1", "saxony-3", "saxony-4"], ["denmark-4"]])
    assert takes(game) == ["take 1 1", "take 1 3", "take 2 1"]
    reason = scenario.refused(game, "take 1 2")
    assert "not at an end of its row" in reason and "columns 1 and 3" in reason
    assert game.history == [] and scenario.display(game, 0) == []


@rule("take.ends")
def test_taken_cards_lie_face_up_in_front_of_the_taker():
    game = scenario.table([["denmark-4"], ["france-6"]])
    events = scenario.play(game, "take 2 1")
    assert scenario.rules_of(events)[0] == "take.ends"
    assert scenario.display(game, 0) == ["france-6"]
    assert game.observe(2)["players"][0]["display"] == ["france-6"]
    assert [cell["card"] for row in game.observe(None)["rows"] for cell in row] == ["denmark-4"]


@rule("decision.one-at-a-time")
def test_taking_an_end_card_frees_the_card_behind_it_for_the_same_turn():
    game = scenario.table([["france-1", "france-3", "france-4"], ["denmark-1"]])
    scenario.play(game, "take 1 1")
    assert "take 1 2" in takes(game)
    scenario.play(game, "take 1 2", "take 1 3")
    assert scenario.display(game, 0) == ["france-1", "france-3", "france-4"]


@rule("decision.one-at-a-time")
def test_the_cards_of_one_turn_may_come_from_different_rows():
    game = scenario.table([["france-3", "denmark-1"], ["saxony-1", "france-4"]])
    scenario.play(game, "take 1 1", "take 2 2")
    assert scenario.display(game, 0) == ["france-3", "france-4"]


@rule("take.one-country")
def test_any_number_of_cards_of_one_country_may_be_taken_in_a_turn():
    game = scenario.table([["france-1", "france-3"], ["france-4", "denmark-1"]])
    scenario.play(game, "take 1 1", "take 1 2", "take 2 1")
    assert scenario.display(game, 0) == ["france-1", "france-3", "france-4"]


@rule("take.one-country")
def test_once_a_country_is_taken_other_countries_are_refused_for_the_turn():
    game = scenario.table([["france-1", "denmark-1"], ["saxony-1", "france-3"]])
    scenario.play(game, "take 1 1")
    assert takes(game) == ["take 2 2"]
    reason = scenario.refused(game, "take 1 2")
    assert "this turn you are taking France" in reason
    assert "'different colours allowed' law chip" in reason


@rule("take.crest-limit")
def test_example_a_after_a_card_with_two_crests_no_more_cards_can_be_taken():
    game = scenario.table([["france-6", "france-3"], ["france-4"], ["denmark-1"]])
    events = scenario.play(game, "take 1 1")
    assert scenario.rules_of(events) == ["take.ends", "decision.stop"]
    assert scenario.step(game) == "claim" and scenario.display(game, 0) == ["france-6"]


@rule("take.crest-limit")
def test_example_b_after_a_one_crest_card_one_more_one_crest_card_of_the_colour_then_no_more():
    game = scenario.table([["france-3", "france-4", "france-5"], ["denmark-1"]])
    scenario.play(game, "take 1 1")
    assert takes(game) == ["take 1 2", "take 1 3"]
    events = scenario.play(game, "take 1 2")
    assert "decision.stop" in scenario.rules_of(events) and scenario.step(game) == "claim"
    assert scenario.display(game, 0) == ["france-3", "france-4"]


@rule("take.crest-limit")
def test_a_two_crest_card_is_refused_after_a_one_crest_card():
    game = scenario.table([["france-3", "france-5"], ["france-6"]])
    scenario.play(game, "take 1 1")
    assert takes(game) == ["take 1 2"]
    reason = scenario.refused(game, "take 2 1")
    assert "shows 2 crest(s)" in reason and "1 of 2" in reason


@rule("take.crest-limit")
@rule("decision.crestless-after-limit")
def test_cards_without_crests_may_still_be_added_when_the_crests_are_used_up():
    game = scenario.table([["france-6", "france-1"], ["denmark-1"]])
    assert game.config.crestless_after_limit  # the default: the rule sentence
    scenario.play(game, "take 1 1")
    assert takes(game) == ["take 1 2"] and scenario.step(game) == "take"
    scenario.play(game, "take 1 2")
    assert scenario.display(game, 0) == ["france-6", "france-1"] and game.state.turn.crests == 2


@rule("take.crest-limit")
@rule("decision.crestless-after-limit")
def test_switched_to_the_examples_reading_taking_ends_when_the_crests_reach_the_limit():
    # 「2つの紋章が描かれたカードを取りました。そのためこれ以上カードを取ることはできません」, read literally
    game = scenario.table([["france-6", "france-1"], ["denmark-1"]], crestless_after_limit=False)
    events = scenario.play(game, "take 1 1")
    assert scenario.rules_of(events) == ["take.ends", "decision.stop"] and scenario.step(game) == "claim"
    game = scenario.table([["france-1", "france-3"], ["france-4"], ["saxony-1"]],
                          chips={"3,1": "colours", "1,2": "minus2"},
                 crestless_after_limit=False)
    scenario.hand_over(game, 0, "3,1", "1,2")  # a chip still held keeps the player asked (decision.public-steps)
    # a card without crests first: under the limit it may go
    scenario.play(game, "play colours", "take 1 1", "take 1 2")
    scenario.play(game, "take 2 1")
    assert game.state.turn.crests == 2 and takes(game) == [] and scenario.step(game) == "take"
    refusal = scenario.refused(game, "take 3 1")
    assert refusal == ("you have taken 2 of 2 crests this turn; at this table no further card may "
                                         "be taken then, not even one without crests (crestless_after_limit is off).")


@rule("decision.crestless-after-limit")
def test_switched_off_the_three_crest_chip_still_makes_room_for_one_more_crest():
    game = scenario.table([["france-6", "france-1", "france-3"]], chips={"1,2": "three"}, crestless_after_limit=False)
    scenario.hand_over(game, 0, "1,2")
    scenario.play(game, "take 1 1")  # two crests: the limit is reached, but the player holds a chip and is asked
    assert takes(game) == [] and "play three" in scenario.legal(game)
    scenario.play(game, "play three")
    assert takes(game) == ["take 1 2", "take 1 3"]
    events = scenario.play(game, "take 1 3")  # one more crest: 3 of 3, so taking is over, the crestless card too
    assert scenario.rules_of(events)[-1] == "decision.stop" and scenario.step(game) == "claim"
    assert scenario.display(game, 0) == ["france-6", "france-3"] and game.state.turn.crests == 3


@rule("take.routes-not-crests")
def test_ships_and_carriages_do_not_count_as_crests():
    # hungary-1: no crest, a carriage; hungary-5: two towers and a carriage -> 2 crests in all
    game = scenario.table([["hungary-1", "hungary-5"], ["hungary-2"]])
    scenario.play(game, "take 1 1")
    assert game.state.turn.crests == 0 and "take 1 2" in takes(game)
    scenario.play(game, "take 1 2")
    assert game.state.turn.crests == 2


@rule("take.routes-not-crests")
def test_a_one_crest_card_with_a_ship_leaves_room_for_another_one_crest_card():
    game = scenario.table([["denmark-3", "denmark-1"], ["denmark-4"]])  # denmark-3: a fan and a ship
    scenario.play(game, "take 1 1")
    assert game.state.turn.crests == 1 and takes(game) == ["take 1 2"]


@rule("take.at-least-one")
def test_a_turn_cannot_stop_before_a_card_is_taken():
    game = scenario.table([["france-1"], ["denmark-1"]])
    assert "stop" not in scenario.legal(game) and "pass" not in scenario.legal(game)
    assert scenario.refused(game, "stop") == "take at least one card before you stop."
    assert "at least one must be taken" in scenario.refused(game, "pass")


@rule("take.at-least-one")
def test_pass_after_a_card_is_refused_because_stop_ends_the_taking():
    game = scenario.table([["denmark-3", "denmark-1"], ["denmark-4"]])
    scenario.play(game, "take 1 1")
    assert "pass" not in scenario.legal(game) and "stop" in scenario.legal(game)
    assert scenario.refused(game, "pass") == "you have taken a card this turn; 'stop' ends the taking."


@rule("take.skip")
def test_a_player_who_can_take_no_card_misses_the_turn():
    game = scenario.no_stones_table()
    scenario.play(game, "take 3 1")
    events = scenario.play(game, "skip")
    assert ("take.skip", 0) in [(e.rule, e.data.get("player")) for e in events]
    assert game.pending().player == 1 and scenario.step(game) == "take"
    scenario.sound(game)


@rule("claimed.no-stones")
def test_without_claim_stones_a_card_under_another_players_stone_cannot_be_taken():
    game = scenario.table([["saxony-1", "saxony-3"], ["italy-1"]])
    scenario.put_stone(game, 1, "1,1")
    scenario.lose_stones(game, 0, 3)
    assert takes(game) == ["take 1 2", "take 2 1"]
    assert "you have no claim stone left to pay with" in scenario.refused(game, "take 1 1")


@rule("claimed.no-stones")
def test_with_a_stone_left_only_on_the_layout_a_claimed_card_can_still_be_taken():
    game = scenario.last_stone_on_layout()
    assert "take 1 1" in takes(game)


@rule("decision.stop")
def test_stop_ends_the_taking_and_the_claim_step_follows():
    game = scenario.table([["france-1", "france-3"], ["denmark-1"]])
    scenario.play(game, "take 1 1")
    events = scenario.play(game, "stop")
    assert scenario.rules_of(events) == ["decision.stop"] and scenario.step(game) == "claim"
    assert game.pending().kind == "claim" and "skip" in scenario.legal(game)


@rule("decision.stop")
def test_taking_ends_by_itself_when_no_further_card_could_be_taken():
    game = scenario.table([["france-3", "denmark-1"], ["france-4", "denmark-2"]])
    scenario.play(game, "take 1 1")
    events = scenario.play(game, "take 2 1")
    assert scenario.rules_of(events)[-1] == "decision.stop" and "No further card" in events[-1].text
    assert scenario.step(game) == "claim"


@rule("decision.stop")
def test_a_turn_with_nothing_to_place_after_taking_passes_to_the_next_player_without_asking():
    game = scenario.table([["france-6", "denmark-1"], ["saxony-1"]])
    scenario.lose_stones(game, 0, 3)
    scenario.play(game, "take 1 1")
    assert game.pending().player == 1 and scenario.step(game) == "take"


@rule("flow.clockwise")
def test_turns_go_clockwise_from_the_start_player():
    rows = [["france-6", "france-7", "france-8", "castile-6"], ["saxony-6", "saxony-7", "italy-5", "italy-6"]]
    game = scenario.table(rows, players=4, start_player=2)
    order = []
    for _ in range(5):
        order.append(game.pending().player)
        action = next(a for a in scenario.legal(game) if a.startswith("take"))
        scenario.play(game, action)  # a two-crest card: taking ends by itself
        scenario.play(game, "skip")
    assert order == [2, 3, 0, 1, 2]


@rule("flow.end")
def test_the_game_ends_as_soon_as_the_last_card_is_taken():
    game = scenario.table([["france-3", "france-4"]])
    scenario.play(game, "take 1 1")
    events = scenario.play(game, "take 1 2")
    assert "flow.end" in scenario.rules_of(events) and "decision.stop" not in scenario.rules_of(events)
    assert game.is_terminal() and game.pending() is None and game.current_player is None
    assert game.legal_actions() == () and scenario.step(game) == "over"
    assert "the game is over" in scenario.refused(game, "skip")


@rule("flow.end")
def test_the_game_does_not_end_while_a_card_is_left():
    game = scenario.table([["france-6"], ["denmark-1"]])
    scenario.play(game, "take 1 1", "skip")
    assert not game.is_terminal() and game.state.cards_left == 1
