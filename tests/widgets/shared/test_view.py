"""The intent protocol every view shares: {"intent": name, ...arguments}; anything else is a message."""

from __future__ import annotations

import comm
import pytest
import traitlets

from tests.widgets.messages import click, spy
from widgets.shared.exercises import Exercise, Feedback, read_whole
from widgets.shared.palette import SEATS, seat_colour, seat_colours, seat_name
from widgets.shared.text import plural, short, whole_number
from widgets.shared.view import View


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)


class Counter(View):
    _esm = "export default { render() {} };"
    INTENTS = {"add": {"n": 1}, "clear": {}}
    total = traitlets.Int(0).tag(sync=True)

    def intent_add(self, n):
        if isinstance(n, bool) or not isinstance(n, int):
            return self.refuse(f"add a whole number, not {short(n)}")
        self.total += n
        self.say(f"added {n}")
        return True

    def intent_clear(self):
        raise RuntimeError("boom")


@pytest.fixture
def view(monkeypatch):
    return spy(Counter(), monkeypatch)


def test_a_well_formed_intent_runs_its_handler(view):
    click(view, {"intent": "add", "n": 3})
    assert view.total == 3 and view.message == "added 3" and view.message_kind == "info"


@pytest.mark.parametrize("intent, says", [
    (None, "an intent is an object"), ("add", "an intent is an object"), ({"type": "add"}, "unknown intent None"),
    ({"intent": "fly"}, "the intents are add, clear"), ({"intent": "add"}, "'add' needs n, like"),
    ({"intent": "add", "n": 1, "m": 2}, "'add' takes n, not m"), ({"intent": "add", "n": "3"}, "whole number"),
])
def test_nonsense_is_answered_with_a_message_and_changes_nothing(view, intent, says):
    seq = view.message_seq
    click(view, intent)
    assert view.total == 0 and view.message_kind == "error" and says in view.message
    assert view.message_seq == seq + 1, "a repeated refusal still reaches the view"


def test_an_exception_in_a_handler_becomes_a_message(view):
    click(view, {"intent": "clear"})
    assert view.message_kind == "error" and "RuntimeError: boom" in view.message


def test_text_helpers():
    assert plural(1, "card") == "1 card" and plural(2, "card") == "2 cards"
    assert plural(2, "lily", "lilies") == "2 lilies"
    assert short("x" * 100).endswith("...") and len(short("x" * 100)) == 40
    assert [whole_number(v) for v in (3, 3.0, " 4 ", "-2", 2.5, True, "x", None)] == [3, 3, 4, -2, None, None, None,
                                                                                       None]


def test_one_palette_of_distinct_seat_colours():
    assert len({hex_ for _, hex_ in SEATS}) == len(SEATS) >= 5
    assert seat_colours(3) == [seat_colour(0), seat_colour(1), seat_colour(2)] and seat_name(0) == "red"


class Sum(Exercise):
    title, hint, unit, minimum = "Two and two", "count them", "stones", 1
    question = "How many stones are 2 + 2?"

    def answer(self):
        return 4

    def explain(self):
        return "2 + 2 = 4."


@pytest.mark.parametrize("typed, correct, says", [
    ("4", True, "Right: 4 stones. 2 + 2 = 4."), (4.0, True, "Right: 4 stones."),
    ("5", False, "Not quite: you said 5 stones, but it is 4 stones. 2 + 2 = 4. Hint: count them"),
    ("", False, "Type your answer first: a whole number of stones"), (None, False, "Type your answer first"),
    ("four", False, "'four' is not a number"), (2.5, False, "Stones are whole numbers"),
    (True, False, "not True"), ([4], False, "not a list"), (0, False, "at least 1 stones"),
])
def test_an_exercise_reads_checks_and_explains(typed, correct, says):
    feedback = Sum().check(typed)
    assert feedback.correct is correct and says in feedback.text


def test_a_first_wrong_try_gets_the_hint_a_second_the_answer_and_an_empty_box_is_no_try():
    ex = Sum()
    assert ex.attempt("") == Feedback(False, "Type your answer first: a whole number of stones, e.g. 3.")
    assert ex.attempt("lots").text.startswith("'lots' is not a number") and ex.wrong_tries == 0
    first = ex.attempt("5")
    assert first == Feedback(False, "Not quite: 5 stones is not it. Hint: count them. Try again, or click Show answer.")
    assert "4" not in first.text, "the first wrong answer does not give the answer away"
    assert ex.attempt("6").text.startswith("Not quite: you said 6 stones, but it is 4 stones. 2 + 2 = 4.")
    assert ex.attempt("4") == Feedback(True, "Right: 4 stones. 2 + 2 = 4.")
    assert Sum().reveal() == Feedback(False, "The answer: 4 stones. 2 + 2 = 4.")


def test_show_answer_shows_the_answer_and_why_at_any_time():
    box = Sum().show()
    assert box.answer.value == "" and box.show_button.description == "Show answer"
    box.show_button.click()
    assert "→ The answer: 4 stones. 2 + 2 = 4." in box.feedback.value and "bg-ex-feedback--answer" in box.feedback.value


def test_the_exercise_box_checks_what_is_typed_and_never_raises(monkeypatch):
    box = Sum().show()
    box.check_button.click()
    assert "✗ Type your answer first" in box.feedback.value
    box.answer.value = "5"
    box.check_button.click()
    assert "✗ Not quite: 5 stones is not it. Hint: count them" in box.feedback.value
    box.answer.value = "4"
    box.check_button.click()
    assert "✓ Right: 4 stones." in box.feedback.value
    monkeypatch.setattr(Sum, "answer", lambda self: 1 / 0)
    box.check_button.click()
    assert "Something went wrong in the exercise: ZeroDivisionError" in box.feedback.value


def test_read_whole_names_what_is_wrong():
    assert read_whole("12", "points") == 12
    assert read_whole("-1", "points") == Feedback(False, "The answer is at least 0, not -1.")
