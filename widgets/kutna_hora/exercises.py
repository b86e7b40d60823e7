"""Self-checking exercises for the lesson notebooks: predict a price, then check the prediction against the rules.

    from widgets.exercises import PricePrediction
    ex = PricePrediction("A tavern opens", setup={"population": 0}, actions=["build beer"], good="beer",
                         hint="A guild building moves its good's slider one notch right.")
    ex.question        # the position, the actions and what to predict
    ex.show()          # the question, an answer box, a Check button and the feedback
    ex.check(2)        # Feedback(correct=True, text='Right: 2. Beer cost 3 before. What happened: ...')

No exercise holds its answer. The rules package works it out: the position is built in a fresh price sandbox
(:func:`widgets.price_stand.economy_at`), the actions are applied, and the good's price is read from the table.
The explanation is the game's own log of what moved the price, each line with the id of the rule behind it, so a
learner can follow it to ``games.kutna_hora.RULES``.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import ipywidgets

from games.core import Event, GameError
from games.kutna_hora.economy import EconomyGame

from .price_stand import economy_at

#: What a setup may hold (the arguments of :func:`economy_at`).
SETUP_KEYS = ("population", "ore", "sliders")
#: Log events that explain a price: the stands (``prices.*``), caps, our readings, and buildings drawing people.
PRICE_RULES = ("prices.", "caps.", "decision.", "build.population")

_WHOLE = re.compile(r"[+-]?[0-9]+\Z")


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on one answer: ``correct``, and a ``text`` that says why."""

    correct: bool
    text: str


class PricePrediction:
    """"What does ``good`` cost after ``actions``, starting from the position ``setup``?" (module docstring).

    ``setup`` may hold ``population`` and ``ore`` (deck positions, default 0) and ``sliders`` (``{"beer": 1}``;
    the other sliders at the far left). ``actions`` are price-sandbox action texts (``"advance ore 2"``,
    ``"build beer"``, ``"rights food"``, ``"income"``). A setup or action that cannot be played raises
    ``ValueError`` at once, so a broken exercise fails when its notebook runs, not when a learner answers.
    """

    def __init__(self, title: str, setup: Mapping[str, Any] | None = None, actions: Sequence[str] = (),
                 good: str = "", hint: str = "") -> None:
        self.title = title
        self.setup = dict(setup or {})
        self.actions = [actions] if isinstance(actions, str) else list(actions)
        self.good = good
        self.hint = hint
        self._start, self._end, self._events = self._play()

    def _play(self) -> tuple[EconomyGame, EconomyGame, list[Event]]:
        """Build the position in a fresh sandbox and apply the actions; the rules give the answer."""
        unknown = sorted(set(self.setup) - set(SETUP_KEYS))
        if unknown:
            raise ValueError(f"exercise {self.title!r}: a setup holds {', '.join(SETUP_KEYS)}, "
                             f"not {', '.join(map(str, unknown))}")
        try:
            start = economy_at(**self.setup)
        except ValueError as err:
            raise ValueError(f"exercise {self.title!r}: {err}") from None
        if self.good not in start.table.goods:
            raise ValueError(f"exercise {self.title!r}: {self.good!r} is not a good; the goods are "
                             f"{', '.join(start.table.goods)}")
        end = start.clone()
        events: list[Event] = []
        for text in self.actions:
            try:
                events += end.apply(text)
            except GameError as err:
                reason = getattr(err, "reason", err)
                raise ValueError(f"exercise {self.title!r}: {text!r} cannot be played here: {reason}") from None
        return start, end, events

    # ------------------------------------------------------------------ the question and the answer
    @property
    def question(self) -> str:
        """The exercise in plain text: position, price now, actions, what to predict."""
        return (f"{self.title}. {self._position()}. Now {self.good} costs {self._start.price(self.good)} "
                f"groschen. Then: {self._steps()}. What does {self.good} cost after that?")

    def _position(self) -> str:
        stands = self._start.stands
        moved = [f"the {s} slider is at notch {n}" for s, n in stands.sliders.items() if n]
        sliders = " and every other slider at the far left" if moved else "; every slider is at the far left"
        return (f"The population deck shows card {stands.population} and the ore deck card {stands.ore}"
                + (f"; {', '.join(moved)}" if moved else "") + sliders)

    def _steps(self) -> str:
        return ", then ".join(self.actions) if self.actions else "nothing happens"

    def answer(self) -> int:
        """The price the rules give after the actions."""
        return self._end.price(self.good)

    def explain(self) -> str:
        """Why the price is what it is: the price before, the logged events that moved it, and where it is read."""
        before = self._start.price(self.good)
        moved = [e for e in self._events if e.rule.startswith(PRICE_RULES)]
        what = ("What happened: " + " ".join(f"{e.text.rstrip('.')} [{e.rule}]." for e in moved) + " "
                if moved else "Nothing that moves prices happened. ")
        table, stands = self._end.table, self._end.stands
        deck, slider = table.deck_of[self.good], table.slider_of[self.good]
        cell = self._end.cell(self.good)
        no_demand = f", with a red ✗: nobody may build a {self.good} building now" if cell.no_demand else ""
        return (f"{self.good.capitalize()} cost {before} before. {what}Now {self.good} is read on {deck} card "
                f"{stands.position(deck)} at notch {stands.sliders[slider]} of the {slider} slider: {cell.value} "
                f"groschen{no_demand} ({table.source} table).")

    def check(self, answer: Any) -> Feedback:
        """Compare ``answer`` with the rules' price. Never raises: unreadable input gets a readable message."""
        value = _whole_number(answer)
        if isinstance(value, str):
            return Feedback(False, value)
        truth = self.answer()
        if value == truth:
            return Feedback(True, f"Right: {truth}. {self.explain()}")
        hint = f" Hint: {self.hint}" if self.hint else ""
        return Feedback(False, f"Not quite: you said {value}, but {self.good} costs {truth}. {self.explain()}{hint}")

    # ------------------------------------------------------------------ the widget
    def show(self) -> ExerciseBox:
        """The exercise as a widget: question, answer box, Check button and feedback (a new box per call)."""
        return ExerciseBox(self)

    def question_html(self) -> str:
        actions = ", then ".join(f"<code>{html.escape(a)}</code>" for a in self.actions) or "nothing happens"
        hint = (f"<details><summary>Hint</summary>{html.escape(self.hint)}</details>" if self.hint else "")
        return (f"<div class='kh-ex-question'><b>{html.escape(self.title)}</b><br>{html.escape(self._position())}."
                f" Now {self.good} costs <b>{self._start.price(self.good)}</b> groschen.<br>Then: {actions}.<br>"
                f"What does <b>{html.escape(self.good)}</b> cost after that?{hint}</div>")

    def __repr__(self) -> str:
        return f"<PricePrediction: {self.question}>"


class ExerciseBox(ipywidgets.VBox):
    """One exercise on screen: ``.answer`` (IntText), ``.check_button`` and ``.feedback`` (HTML)."""

    def __init__(self, exercise: PricePrediction, **kwargs: Any) -> None:
        self.exercise = exercise
        self.answer = ipywidgets.IntText(value=0, description="groschen", layout={"width": "180px"})
        self.check_button = ipywidgets.Button(description="Check", icon="check", button_style="primary")
        self.feedback = ipywidgets.HTML("")
        self.check_button.on_click(self._on_check)
        super().__init__([ipywidgets.HTML(exercise.question_html()),
                          ipywidgets.HBox([self.answer, self.check_button]), self.feedback], **kwargs)

    def _on_check(self, _button: Any = None) -> None:
        try:
            self.feedback.value = feedback_html(self.exercise.check(self.answer.value))
        except Exception as err:  # an exception in a click handler would vanish into the log console
            self.feedback.value = feedback_html(Feedback(False, f"Something went wrong in the exercise: "
                                                                f"{type(err).__name__}: {err}"))


def feedback_html(feedback: Feedback) -> str:
    colour, mark = ("#15803d", "✓") if feedback.correct else ("#b91c1c", "✗")
    kind = "right" if feedback.correct else "wrong"
    return (f"<div class='kh-ex-feedback kh-ex-feedback--{kind}' role='status' "
            f"style='border-left: 4px solid {colour}; padding: 4px 8px'>{mark} {html.escape(feedback.text)}</div>")


def _whole_number(answer: Any) -> int | str:
    """The answer as a whole number of groschen, or a sentence saying what is wrong with it."""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return "Type your prediction first: a whole number of groschen, e.g. 3."
    if isinstance(answer, bool):
        return f"Type a whole number of groschen, e.g. 3, not {answer}."
    if isinstance(answer, float):
        if not answer.is_integer():
            return f"A price is a whole number of groschen, not {answer}."
        answer = int(answer)
    if isinstance(answer, str):
        if not _WHOLE.match(answer.strip()):
            return f"{answer.strip()!r} is not a number: type a whole number of groschen, e.g. 3."
        answer = int(answer.strip())
    if not isinstance(answer, int):
        return f"Type a whole number of groschen, e.g. 3, not a {type(answer).__name__}."
    if answer < 1:
        return f"Every price on the cards is at least 1 groschen, so {answer} cannot be right. Try again."
    return answer
