"""Chartres' exercises: wine, activation, the first chooser, the hand limit. The engine gives every answer; the
position asked about is shown as its board's view, read-only, without giving the answer away."""

from __future__ import annotations

import pytest

from games.chartres import BANNER, load_components, pour
from widgets.chartres import (
    ActivationExercise,
    CellarView,
    FirstChooserExercise,
    HandLimitExercise,
    RowsView,
    WineExercise,
    find_position,
    hand_limit_position,
    reveal_position,
)
from widgets.shared.exercises import Feedback

A = load_components().cellars["A"].values


def from_browser(widget, **state):
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


# ---------------------------------------------------------------------- wine
@pytest.mark.parametrize("ex", [
    WineExercise("Anne's wine", white=7, red=3, marker=2),
    WineExercise("Six red", white=0, red=6, marker=0, cellar="B"),
    WineExercise("Near the end", white=8, red=3, marker=6, cellar="C"),
    WineExercise("Red first", white=3, red=3, marker=1, cellar="D", first="red"),
])
def test_wine_exercises_accept_the_engines_answer_and_reject_others(ex):
    truth = pour(ex.values, ex.marker, ex.white, ex.red, ex.first).ip
    assert ex.answer() == truth
    fb = ex.check(truth)
    assert fb.correct and fb.text.startswith(f"Right: {truth} IP. ")
    assert ex.check(str(truth)).correct and ex.check(f" {truth} ").correct and ex.check(float(truth)).correct
    wrong = ex.check(truth + 1)
    assert wrong == Feedback(False, wrong.text)
    assert wrong.text.startswith(f"Not quite: you said {truth + 1} IP, but the wine makes {truth} IP. ")
    for line in pour(ex.values, ex.marker, ex.white, ex.red, ex.first).explain():
        assert line in wrong.text


def test_the_wine_question_shows_the_position_but_not_the_answer():
    ex = WineExercise("Anne's wine", white=7, red=3, marker=2, hint="Full barrels first.")
    assert ex.question == ("Anne's wine. Cellar A has barrels printed 2, 3, 4, 6, 2, 7, 8, 10 (spaces 0 to 7). The "
                           "barrel marker is on space 2. The action row shows 7 white grapes and 3 red grapes. How "
                           "many IP does the wine make?")
    page = ex.question_html()
    assert "→" not in page and "total" not in page and "Full barrels first." in page
    figure = ex.figure()
    assert isinstance(figure, CellarView) and figure.read_only and figure.banner == BANNER
    assert (figure.cellar, figure.marker, figure.barrels, figure.ip) == ("A", 2, [], 0), "no wine poured, no answer"
    assert "no wine poured yet" in figure.caption
    assert ex.check(5).text.endswith("Hint: Full barrels first.")


@pytest.mark.parametrize(("answer", "says"), [
    (None, "Type your answer first"), ("", "Type your answer first"), ("eight", "'eight' is not a number"),
    (7.5, "a half barrel rounds down"), (True, "not True"), (-1, "never costs IP"), ([8], "not a list"),
])
def test_unreadable_wine_answers_get_a_sentence(answer, says):
    fb = WineExercise("x", white=7, red=3, marker=2).check(answer)
    assert not fb.correct and says in fb.text


def test_a_broken_wine_exercise_fails_when_it_is_made():
    with pytest.raises(ValueError, match="exercise 'x': There is no space 9"):
        WineExercise("x", white=1, red=1, marker=9)
    with pytest.raises(ValueError, match="Only white or red"):
        WineExercise("x", white=1, red=1, marker=0, first="rosé")


def test_the_wine_exercise_box_checks_on_click_and_never_raises():
    box = WineExercise("Anne's wine", white=7, red=3, marker=2).show()
    assert any(isinstance(child, CellarView) for child in box.children), "the cellar is shown as its view"
    box.check_button.click()
    assert "Type your answer first" in box.feedback.value and "✗" in box.feedback.value
    from_browser(box.answer, value="8")
    box.check_button.click()
    assert "✓ Right: 8 IP." in box.feedback.value


# ---------------------------------------------------------------------- activation, first chooser, hand limit
def test_the_activation_exercise_takes_a_card_id_or_none(varied):
    yes = ActivationExercise("Matched", reveal_position(varied, 1), 1)
    assert yes.answer() == yes.game.activated(1) and yes.check(yes.answer()).correct
    assert yes.check(yes.answer().upper()).correct and not yes.check("none").correct
    no = ActivationExercise("Not matched", reveal_position(varied, 1, matched=False), 1)
    assert no.answer() == "none" and no.check("nothing").correct and no.check(" None ").correct
    row = no.game.observe(None)["seats"][1]["row"]
    wrong = no.check(row[0])
    assert not wrong.correct and "colours differ" in wrong.text
    assert "not in Player 2's action row" in no.check(next(c for c in no.game.parts.cards if c not in row)).text
    for nonsense in ("", None, "banana", 3.5, ["a01"]):
        feedback = no.check(nonsense)
        assert not feedback.correct and feedback.text
    figure = yes.figure()
    assert isinstance(figure, RowsView) and figure.index == 1 and not figure.marks
    assert figure.seat["activated"] == "" and figure.seat["lit"] == [], "the figure does not give the answer away"
    assert "★" not in yes.question_html()


def test_the_first_chooser_exercise_reads_the_torches_and_initiative(finished):
    position = find_position(finished, lambda g: g.pending() is not None and g.pending().kind == "location")
    ex = FirstChooserExercise("Who first?", position)
    first = position.torch_order()[0] + 1
    assert ex.answer() == first and ex.check(first).correct and ex.check(f"Player {first}").correct
    assert ex.check(str(first)).correct and not ex.check(first % 3 + 1).correct
    assert ex.check(first).text.startswith(f"Right: Player {first}. ")
    for nonsense in (0, 9, "x", True, None):
        assert not ex.check(nonsense).correct
    assert "[location.order]" in ex.explain()


@pytest.mark.parametrize("hand, draw, shield, ip", [
    (3, 2, 1, 2),   # a full hand of 3: neither card fits
    (2, 2, 1, 1),   # one place left
    (3, 1, 1, 1),   # drawing instead of a location, with a full hand
    (1, 2, 1, 0),   # room for both
    (3, 2, 3, 1),   # status level 3: the hand limit is 4
    (5, 2, 3, 2),   # more cards than the limit (after Phase B): nothing fits
])
def test_the_hand_limit_exercise_is_answered_by_the_engine(hand, draw, shield, ip):
    ex = HandLimitExercise("Full hand", hand=hand, draw=draw, shield=shield)
    assert ex.answer() == ip and ex.check(ip).correct and ex.check(f"{ip} IP").correct
    assert not ex.check(ip + 1).correct
    assert ("[hand.limit]" in ex.explain()) == (ip > 0)
    assert ex.limit == ex.position.parts.hand_limit[shield - 1]
    for nonsense in ("", "two", -1, True):
        assert not ex.check(nonsense).correct


def test_the_hand_limit_position_conserves_every_piece():
    game = hand_limit_position(hand=4, shield=2)
    p = game.pending().player
    assert len(game.state.hand[p]) == 4 and game.state.shield[p] == 2 and "l17" in game.state.loc_shown
    assert game.invariant_breaks() == [] and "location l17" in game.legal_actions().texts()
    with pytest.raises(ValueError):
        HandLimitExercise("bad", hand=3, draw=3)


def test_the_exercise_box_checks_what_is_typed(finished):
    ex = FirstChooserExercise("Who first?", find_position(finished, lambda g: g.state.round == 2))
    box = ex.show()
    box.answer.value = str(ex.answer())
    box.check_button.click()
    assert "✓" in box.feedback.value
    box.answer.value = "seven"
    box.check_button.click()
    assert "✗" in box.feedback.value
