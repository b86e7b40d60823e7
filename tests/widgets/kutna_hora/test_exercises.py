"""Price predictions: the rules give the answer, the feedback says why, bad input never raises."""

from __future__ import annotations

import ipywidgets
import pytest

from games.kutna_hora.prices import Cell
from tests.kutna_hora.economy_scenario import sandbox
from widgets.kutna_hora import PricePrediction, economy_at
from widgets.shared.exercises import Feedback, feedback_html


def town_builds_wood():
    return PricePrediction("The town builds", setup={"population": 11}, actions=["advance population 1"],
                           good="wood", hint="Look for the town-builds icon on card 12.")


def tavern():
    return PricePrediction("A tavern opens", setup={}, actions=["build beer"], good="beer",
                           hint="A guild building moves its good's slider one notch right.")


def price_after(good, actions, **position):
    """The truth worked out independently, through the test suite's own scenario builder."""
    game = sandbox(turns=200, **position)
    for action in actions:
        game.apply(action)
    return game.price(good)


# ---------------------------------------------------------------------- the answer comes from the rules
@pytest.mark.parametrize(("setup", "actions", "good"), [
    ({}, ["build beer"], "beer"),
    ({"ore": 3}, ["build silver"], "ore"),
    ({"population": 11}, ["advance population 1"], "wood"),
    ({"ore": 19}, ["advance ore 1"], "ore"),
    ({"ore": 30}, ["advance ore 2"], "silver"),
    ({"population": 5, "sliders": {"beer": 2}}, ["advance population 3", "build beer"], "beer"),
])
def test_the_answer_is_the_price_the_rules_give(setup, actions, good):
    ex = PricePrediction("t", setup=setup, actions=actions, good=good)
    sliders = setup.get("sliders", {})
    position = {k: v for k, v in setup.items() if k != "sliders"}
    assert ex.answer() == price_after(good, actions, **position, **sliders)
    assert ex.check(ex.answer()).correct


def test_the_town_builds_exercise_reads_the_slider_the_town_moved():
    ex = town_builds_wood()
    game = economy_at(population=12, sliders={"wood": 1})
    assert ex.answer() == game.price("wood")
    assert economy_at(population=11).price("wood") != ex.answer()  # the town builds: the price moved


def test_the_question_names_the_position_the_price_now_and_the_actions():
    ex = PricePrediction("Beer", setup={"population": 5, "sliders": {"beer": 1}}, actions=["advance population 3"],
                         good="beer")
    now = economy_at(population=5, sliders={"beer": 1}).price("beer")
    assert "population deck shows card 5" in ex.question
    assert "beer slider is at notch 1" in ex.question
    assert f"Now beer costs {now} groschen" in ex.question
    assert "Then: advance population 3." in ex.question
    assert ex.question.endswith("What does beer cost after that?")
    assert "every slider is at the far left" in tavern().question


# ---------------------------------------------------------------------- feedback
def test_a_right_answer_is_confirmed_with_the_events_and_rule_ids():
    ex = town_builds_wood()
    fb = ex.check(ex.answer())
    assert fb == Feedback(True, fb.text)
    assert fb.text.startswith(f"Right: {ex.answer()}. ")
    assert "advances to card 12 [prices.advance]" in fb.text
    assert "the town builds" in fb.text and "[prices.town-builds]" in fb.text
    assert "notch 0 → 1" in fb.text
    assert "(approx table)" in fb.text
    assert "Hint" not in fb.text


def test_a_wrong_answer_says_what_was_said_the_price_and_why():
    ex = town_builds_wood()
    before = economy_at(population=11).price("wood")
    fb = ex.check(before)  # the classic mistake: "the population grew, so wood cannot get cheaper"
    assert not fb.correct
    assert fb.text.startswith(f"Not quite: you said {before}, but wood costs {ex.answer()}.")
    assert f"Wood cost {before} before." in fb.text
    assert "[prices.town-builds]" in fb.text
    assert fb.text.endswith("Hint: Look for the town-builds icon on card 12.")


def test_the_explanation_leaves_out_bookkeeping_but_keeps_what_moves_prices():
    fb = tavern().check(1)
    assert "[prices.guild-building]" in fb.text and "[build.population]" in fb.text
    assert "[build.pay-wood]" not in fb.text and "[rights.cost]" not in fb.text


def test_a_red_cross_is_named_in_the_explanation():
    ex = PricePrediction("Too many taverns", setup={"population": 1, "sliders": {"beer": 1}},
                         actions=["build beer"], good="beer")
    assert ex._end.cell("beer").no_demand
    assert "red ✗" in ex.explain()


def test_an_exercise_without_price_events_says_so():
    ex = PricePrediction("Income", setup={}, actions=["income"], good="ore")
    assert "Nothing that moves prices happened." in ex.explain()
    assert ex.check(ex.answer()).correct


@pytest.mark.parametrize(("bad", "says"), [
    (None, "Type your prediction first"),
    ("", "Type your prediction first"),
    ("three", "'three' is not a number"),
    (-2, "at least 1 groschen, so -2"),
    (0, "at least 1 groschen, so 0"),
    (2.5, "whole number of groschen, not 2.5"),
    (float("nan"), "whole number of groschen"),
    (True, "not True"),
    ([3], "not a list"),
])
def test_bad_input_gets_a_readable_message_not_an_exception(bad, says):
    fb = tavern().check(bad)
    assert fb.correct is False
    assert says in fb.text


@pytest.mark.parametrize("typed", [" 2 ", "2", 2.0, "+2"])
def test_a_number_typed_as_text_or_float_is_read(typed):
    ex = tavern()
    assert ex.answer() == 2  # the approx table: beer 3 at notch 0, 2 at notch 1
    assert ex.check(typed).correct


# ---------------------------------------------------------------------- author errors fail at once
@pytest.mark.parametrize(("kwargs", "says"), [
    ({"setup": {"populaton": 3}}, "not populaton"),
    ({"setup": {"population": 99}}, "cards 0 to 40"),
    ({"setup": {"sliders": {"ore": 1}}}, "no 'ore' slider"),
    ({"setup": {"sliders": {"beer": 9}}}, "notches 0 to 5"),
    ({"good": "gold"}, "'gold' is not a good"),
    ({"actions": ["advance ore 9"]}, "'advance ore 9' cannot be played here"),
    ({"actions": ["fly"]}, "'fly' cannot be played here"),
    ({"setup": {"sliders": {"beer": 2}}, "actions": ["build beer"]}, "red ✗"),
])
def test_a_broken_exercise_raises_when_it_is_made(kwargs, says):
    args = {"title": "broken", "setup": {}, "actions": [], "good": "beer", **kwargs}
    with pytest.raises(ValueError, match="exercise 'broken'") as err:
        PricePrediction(**args)
    assert says in str(err.value)


def test_a_single_action_text_is_one_action():
    assert PricePrediction("t", actions="build beer", good="beer").actions == ["build beer"]


# ---------------------------------------------------------------------- the widget
def test_the_widget_checks_the_typed_answer_when_the_button_is_clicked():
    ex = town_builds_wood()
    box = ex.show()
    assert isinstance(box, ipywidgets.VBox)
    assert "The town builds" in box.children[0].value and "<details><summary>Hint" in box.children[0].value
    assert box.feedback.value == ""
    box.answer.value = str(ex.answer())
    box.check_button.click()
    assert "bg-ex-feedback--right" in box.feedback.value and "Right:" in box.feedback.value
    box.answer.value = str(ex.answer() + 1)
    box.check_button.click()
    assert "bg-ex-feedback--wrong" in box.feedback.value and "Not quite" in box.feedback.value


def test_the_widget_answers_the_untouched_box_with_a_message():
    box = tavern().show()
    box.check_button.click()  # the box starts empty
    assert "Type your prediction first" in box.feedback.value
    box.answer.value = "0"
    box.check_button.click()
    assert "at least 1 groschen" in box.feedback.value


def test_each_show_is_a_new_independent_box():
    ex = tavern()
    one, two = ex.show(), ex.show()
    one.answer.value = "2"
    one.check_button.click()
    assert two.feedback.value == ""


def test_a_failing_check_becomes_a_message_in_the_box(monkeypatch):
    ex = tavern()
    box = ex.show()
    monkeypatch.setattr(ex, "attempt", lambda _a: 1 / 0)  # the Check button's verdict (hint first)
    box.check_button.click()
    assert "Something went wrong in the exercise: ZeroDivisionError" in box.feedback.value


def test_feedback_html_escapes_the_text():
    assert "&lt;b&gt;" in feedback_html(Feedback(False, "<b>"))


# ---------------------------------------------------------------------- hand-made positions
def test_economy_at_sets_the_decks_and_sliders_of_a_fresh_game():
    game = economy_at(population=19, ore=7, sliders={"beer": 2, "silver": 1})
    assert (game.stands.population, game.stands.ore) == (19, 7)
    assert game.stands.sliders == {"wood": 0, "food": 0, "beer": 2, "permits": 0, "silver": 1}
    assert game.history == [] and game.config.turns == 200
    assert game.cell("beer") == game.table.cell("beer", 19, 2)
    assert isinstance(game.cell("beer"), Cell)


def test_economy_at_does_not_play_the_cards_on_the_way():
    game = economy_at(population=12)
    assert game.stands.sliders["wood"] == 0  # setting card 12 is not advancing onto it: no town builds
    assert game.hall.discards == []


@pytest.mark.parametrize("bad", [{"population": -1}, {"ore": 31}, {"ore": True}, {"population": "3"},
                                 {"sliders": {"beer": -1}}, {"sliders": {"tea": 0}}])
def test_economy_at_refuses_positions_that_do_not_exist(bad):
    with pytest.raises(ValueError):
        economy_at(**bad)
