"""Self-checking exercises, the same way in every lesson: a question about a position (shown next to it, read-only),
an answer box, a Check button, a Show answer button, and feedback that says why.

No exercise holds its answer: a subclass builds a position and asks the rules package (``answer()``), and
``explain()`` says why in the game's own words (often its log, each line with the rule id behind it). A subclass
writes ``question``, ``answer()`` and ``explain()`` (and ``figure()``, the position as a read-only view); the base
reads the typed answer (a whole number of ``unit`` by default, :meth:`Exercise.read`), compares and builds the
feedback, which never raises::

    ex.question        # the exercise in plain text
    ex.attempt("3")    # as the Check button: a first wrong answer gets the hint, not the answer; a second the answer
    ex.reveal()        # as the Show answer button: the answer and why
    ex.check("3")      # the verdict at once, with the answer: Feedback(correct=False, text="Not quite: ... Hint: ...")
    ex.show()          # the question, the position, an answer box, Check, Show answer and the feedback, as a widget

An empty box (or one that is not an answer at all) is no answer: it is told so and does not count as a try.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import anywidget
import ipywidgets
import traitlets

from .frontend import css, esm
from .text import whole_number

#: What an exercise box says once its kernel is gone (restarted, shut down): its clicks cannot be answered.
LOST_KERNEL = ("This exercise has lost its Python kernel (it was restarted or shut down): Check and Show answer "
               "cannot reach the rules any more. Run this cell again (or Run All) for a live exercise.")
#: ... and on a page without code (Voila), where there is no cell to run.
LOST_KERNEL_PAGE = ("This exercise has lost its Python kernel (the server restarted or stopped it, or the connection "
                    "dropped): Check and Show answer cannot reach the rules any more. Reload the page for a live "
                    "exercise.")


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on one answer: ``correct``, and a ``text`` that says why."""

    correct: bool
    text: str


class Exercise:
    """Shared parts of every exercise (module docstring)."""

    title: str = ""
    hint: str = ""
    #: What the answer counts ("groschen", "points", "IP"): the box's placeholder and the messages' words.
    unit: str = ""
    #: What the learner types, in the "type your ... first" message.
    noun: str = "answer"
    #: The smallest answer that can be right (whole-number answers).
    minimum: int = 0

    @property
    def question(self) -> str:  # pragma: no cover - every exercise defines it
        raise NotImplementedError

    def answer(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def explain(self) -> str:  # pragma: no cover
        raise NotImplementedError

    # ------------------------------------------------------------------ reading an answer
    def read(self, answer: Any) -> Any:
        """The typed ``answer`` in the form :meth:`answer` has, or a :class:`Feedback` saying what is wrong with it.
        By default a whole number of :attr:`unit`, at least :attr:`minimum`."""
        return read_whole(answer, self.unit or "points", self.minimum, self.noun, self.below_minimum)

    def below_minimum(self, value: int) -> str:
        """The message for a whole number below :attr:`minimum`."""
        if self.minimum <= 0:
            return f"There are no negative {self.unit or 'points'} here, so {value} cannot be right. Try again."
        return f"The answer is at least {self.minimum} {self.unit}, so {value} cannot be right. Try again."

    def say(self, value: Any) -> str:
        """A value as the feedback writes it (``8 IP``)."""
        return f"{value} {self.unit}".strip() if self.unit and isinstance(value, int) else str(value)

    def statement(self, truth: Any) -> str:
        """The right answer as a claim, after "Right: " (``8 IP``, ``C scores 2``)."""
        return self.say(truth)

    def correction(self, truth: Any) -> str:
        """The right answer after "you said 3, but " (``it is 8 IP``, ``the wine makes 8 IP``)."""
        return f"it is {self.say(truth)}"

    # ------------------------------------------------------------------ checking
    #: Readable wrong answers so far (:meth:`attempt`); the answer is shown from the second on.
    wrong_tries: int = 0

    def attempt(self, answer: Any) -> Feedback:
        """Check ``answer`` as a learner's try: right answers get the verdict and why; the first wrong one only the
        hint (the answer stays hidden), a second the answer and why. An empty or unreadable answer is no try."""
        value = self.read(answer)
        if isinstance(value, Feedback):
            return value
        if value == self.answer():
            return self.check(answer)
        self.wrong_tries += 1
        if self.wrong_tries > 1:
            return self.check(answer)
        hint = f" Hint: {self.hint}{'' if self.hint.endswith(('.', '?', '!')) else '.'}" if self.hint else ""
        return Feedback(False, f"Not quite: {self.say(value)} is not it.{hint} Try again, or click Show answer.")

    def reveal(self) -> Feedback:
        """The answer and why, as the Show answer button gives it."""
        return Feedback(False, f"The answer: {self.statement(self.answer())}. {self.explain()}")

    def check(self, answer: Any) -> Feedback:
        """Compare ``answer`` with the rules' answer. Never raises: unreadable input gets a readable message."""
        value = self.read(answer)
        if isinstance(value, Feedback):
            return value
        truth = self.answer()
        if value == truth:
            return Feedback(True, f"Right: {self.statement(truth)}. {self.explain()}")
        hint = f" Hint: {self.hint}" if self.hint else ""
        return Feedback(False, f"Not quite: you said {self.say(value)}, but {self.correction(truth)}. "
                               f"{self.explain()}{hint}")

    # ------------------------------------------------------------------ on screen
    def figure(self) -> Any:
        """A widget or HTML text shown under the question (the position asked about), or ``None``."""
        return None

    def question_html(self) -> str:
        hint = f"<details><summary>Hint</summary>{html.escape(self.hint)}</details>" if self.hint else ""
        return (f"<div class='bg-ex-question'><b>{html.escape(self.title)}</b><br>{html.escape(self.question)}"
                f"{hint}</div>")

    def show(self) -> ExerciseBox:
        """The exercise as a widget (a new box per call)."""
        return ExerciseBox(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.question}>"


class KernelWatch(anywidget.AnyWidget):
    """An empty line under an exercise box until its kernel is gone; then it shows :data:`LOST_KERNEL` (on a page
    without code, :data:`LOST_KERNEL_PAGE`) and disables the box's controls, which would otherwise ignore clicks
    without a word (``shared/static/kernel_watch.js``)."""

    _esm = esm("shared/static/kernel_watch.js")
    _css = css()  # the runtime's styles, the lost-kernel line's among them, as every view ships them
    lost_text = traitlets.Unicode(LOST_KERNEL).tag(sync=True)
    lost_text_page = traitlets.Unicode(LOST_KERNEL_PAGE).tag(sync=True)


class ExerciseBox(ipywidgets.VBox):
    """One exercise on screen: the question, the position it asks about (the exercise's :meth:`~Exercise.figure`,
    read-only), ``.answer`` (a text box, empty at first), ``.check_button``, ``.show_button`` (Show answer),
    ``.feedback`` (HTML) and ``.kernel_watch`` (says so when the kernel is gone). Check gives the hint before the
    answer (:meth:`Exercise.attempt`)."""

    def __init__(self, exercise: Exercise, **kwargs: Any) -> None:
        self.exercise = exercise
        self.answer = ipywidgets.Text(value="", description=exercise.noun, placeholder=exercise.unit,
                                      layout={"width": "260px"})
        self.check_button = ipywidgets.Button(description="Check", icon="check", button_style="primary")
        self.show_button = ipywidgets.Button(description="Show answer", icon="eye",
                                             tooltip="The answer and why (try first: a wrong answer gets a hint)")
        self.feedback = ipywidgets.HTML("")
        self.check_button.on_click(self._on_check)
        self.show_button.on_click(self._on_show)
        parts: list[Any] = [ipywidgets.HTML(exercise.question_html())]
        figure = exercise.figure()
        if figure is not None:
            parts.append(ipywidgets.HTML(figure) if isinstance(figure, str) else figure)
        self.kernel_watch = KernelWatch()
        parts += [ipywidgets.HBox([self.answer, self.check_button, self.show_button]), self.feedback,
                  self.kernel_watch]
        super().__init__(parts, **kwargs)
        self.add_class("bg-ex")  # the kernel watch finds its box by this class

    def _on_check(self, _button: Any = None) -> None:
        self._answer(lambda: self.exercise.attempt(self.answer.value))

    def _on_show(self, _button: Any = None) -> None:
        self._answer(self.exercise.reveal)

    def _answer(self, verdict: Any) -> None:
        try:
            self.feedback.value = feedback_html(verdict())
        except Exception as err:  # an exception in a click handler would vanish into the log console
            self.feedback.value = feedback_html(Feedback(False, f"Something went wrong in the exercise: "
                                                                f"{type(err).__name__}: {err}"))


def feedback_html(feedback: Feedback) -> str:
    shown = feedback.text.startswith("The answer: ")
    colour, mark = ("#15803d", "✓") if feedback.correct else ("#1f3d5c", "→") if shown else ("#b91c1c", "✗")
    kind = "right" if feedback.correct else "answer" if shown else "wrong"
    return (f"<div class='bg-ex-feedback bg-ex-feedback--{kind}' role='status' "
            f"style='border-left: 4px solid {colour}; padding: 4px 8px'>{mark} {html.escape(feedback.text)}</div>")


def read_whole(answer: Any, unit: str, minimum: int = 0, noun: str = "answer",
               below: Any = None) -> int | Feedback:
    """``answer`` as a whole number of ``unit`` (at least ``minimum``), or a :class:`Feedback` saying what is wrong.
    ``below(value)`` words the message for a number under ``minimum``."""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return Feedback(False, f"Type your {noun} first: a whole number of {unit}, e.g. 3.")
    value = whole_number(answer)
    if value is None:
        if isinstance(answer, str):
            return Feedback(False, f"{answer.strip()[:37]!r} is not a number: type a whole number of {unit}, e.g. 3.")
        if isinstance(answer, float):
            return Feedback(False, f"{unit.capitalize()} are whole numbers: type a whole number of {unit}, "
                                   f"not {answer}.")
        what = answer if isinstance(answer, bool) else f"a {type(answer).__name__}"
        return Feedback(False, f"Type a whole number of {unit}, e.g. 3, not {what}.")
    if value < minimum:
        return Feedback(False, below(value) if below else f"The answer is at least {minimum}, not {value}.")
    return value
