"""The decisions of a turn as steps: which step is pending, and how any step refuses an action of another one or an
action that does not name a card (the game's own sentences, whichever step is pending)."""

import pytest

from games.kardinal_koenig import CardGame
from games.kardinal_koenig.state import Pending

from .scenario import hand_over, play, put_stone, refused, step, table

ROWS = [["france-6", "saxony-1", "saxony-3"], ["denmark-4", "italy-1"], ["castile-6", "hungary-5"]]


def at_step(step: str) -> CardGame:
    """A position waiting for ``step``: player 1 taking, claiming, moving a lifted stone, or paying."""
    game = table(ROWS, players=3)
    if step == "take":
        return game
    put_stone(game, 0, "1,3", "2,2", "3,2")
    if step == "pay":
        put_stone(game, 1, "1,1")
    play(game, "take 1 1")
    if step == "place":
        play(game, "lift 1 3")
    return game


def test_every_verb_of_the_game_belongs_to_one_of_three_steps():
    assert [step.kind for step in CardGame.steps.decisions()] == ["take", "claim", "pay"]
    assert [step.kind for step in CardGame.steps.automatic()] == ["card-taken"]
    assert list(CardGame.steps.verbs()) == ["take", "play", "stop", "pass", "place", "lift", "skip", "discard"]


@pytest.mark.parametrize("step, kind, phase", [("take", "take", "take"), ("claim", "claim", "claim"),
                                               ("place", "claim", "place"), ("pay", "pay", "pay")])
def test_the_pending_step_is_read_from_the_stack(step, kind, phase):
    game = at_step(step)
    turn, top = game.state.turn, game.state.stack[-1]
    assert game.pending().kind == kind == top.kind and game.observe(None)["phase"] == phase
    assert game.pending().player == top.player == turn.player
    assert (turn.lifted >= 0) == (step == "place") and game.invariant_breaks() == []


ASKS = {"take": "you are taking cards", "claim": "you may now place or move a claim stone",
        "place": "put the lifted claim stone on a free card", "pay": "discard one of your stones first"}


@pytest.mark.parametrize("step", ["claim", "place", "pay"])
def test_an_action_of_the_taking_step_says_what_it_is_for_and_what_is_asked_now(step):
    game = at_step(step)
    asks = ASKS[step]
    assert refused(game, "take 1 2") == f"taking is over for this turn: {asks}."
    assert refused(game, "stop") == f"'stop' ends taking; {asks}."
    assert refused(game, "pass") == f"'pass' is only for a turn with nothing to take; {asks}."


@pytest.mark.parametrize("step", ["take", "place", "pay"])
def test_an_action_of_the_claim_step_says_what_it_is_for_and_what_is_asked_now(step):
    game = at_step(step)
    asks = ASKS[step]
    assert refused(game, "skip") == f"'skip' leaves the claim stone step out; {asks}."
    if step != "place":  # while a lifted stone is in the air, placing it is the pending step's own action
        assert refused(game, "place 2 1") == f"claim stones are placed after taking; {asks}."
    assert refused(game, "lift 1 2") == f"stones are moved in the claim step; {asks}."


@pytest.mark.parametrize("step", ["take", "claim", "place"])
def test_discarding_outside_the_pay_step_is_refused(step):
    assert refused(at_step(step), "discard 1 2") == \
        "you only discard a stone when paying for a card under another player's stone."


@pytest.mark.parametrize("step", ["take", "claim", "place", "pay"])
def test_a_cell_action_must_name_a_card_of_the_layout_whichever_step_is_pending(step):
    game = at_step(step)
    assert refused(game, "take 2") == "write take, a row (1-4) and a column (1-14), e.g. 'take 2 14'."
    assert refused(game, "discard a b") == "write discard, a row (1-4) and a column (1-14), e.g. 'discard 2 14'."
    assert refused(game, "place 5 1") == "there is no row 5 column 1: rows are 1-4, columns 1-14."
    assert refused(game, "lift 4 1") == "row 4 column 1 holds no card any more."
    assert refused(game, "play") == "law chips are played by kind: colours, return, three."
    assert refused(game, "shuffle 1") == ("'shuffle' is not an action here; the actions are take, play, stop, pass, "
                                          "place, lift, skip and discard.")


def test_the_pay_step_waits_above_the_taking_that_goes_on_once_the_card_is_paid_for():
    game = at_step("pay")
    assert [(waiting.kind, waiting.player) for waiting in game.state.stack] == [("card-taken", 0), ("pay", 0)]
    play(game, "discard 1 3")
    assert [waiting.kind for waiting in game.state.stack] == ["claim"], "taking ended by itself, then the claim step"


def test_no_law_chip_is_played_while_a_claimed_card_is_paid_for():
    game = table(ROWS, players=3, chips={"3,1": "three"})
    hand_over(game, 0, "3,1")
    put_stone(game, 0, "1,3", "2,2", "3,2")
    put_stone(game, 1, "1,1")
    play(game, "take 1 1")
    assert step(game) == "pay"
    assert refused(game, "play three") == ("no law chip is played while paying for a claimed card; discard one of "
                                           "your stones first.")


@pytest.mark.parametrize("stack, says", [
    ([("take", 0), ("fly", 0)], "the stack holds a step 'fly'"), ([("take", 1)], "a take step of player 2 waits"),
    ([("card-taken", 0)], "the automatic step card-taken waits on top"),
])
def test_a_stack_the_game_could_not_reach_breaks_an_invariant(stack, says):
    game = table(ROWS)
    game.state.stack = [Pending(kind=kind, player=player) for kind, player in stack]
    assert any(says in found for found in game.invariant_breaks())


def test_a_copy_of_the_state_has_its_own_turn():
    game = table(ROWS)
    play(game, "take 2 2")
    copy, taken = game.state.copy(), list(game.state.turn.taken)
    assert copy == game.state and copy.turn is not game.state.turn
    copy.turn.taken.append(0)
    copy.turn.crests += 1
    assert game.state.turn.taken == taken and game.state.turn.crests == copy.turn.crests - 1
