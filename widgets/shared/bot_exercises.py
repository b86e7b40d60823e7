"""Exercises about bots, for any game: which of two choices the search prefers, and whether a tournament's result
could be chance.

    PreferenceExercise("Two openings", game, "take 1 1", "take 4 14").show()
    IntervalExercise("Ten seats", wins=7, seats=10).show()

No exercise holds its answer: the search (from the deciding seat's view, :mod:`.coach`) and the Wilson interval
(:func:`games.lab.stats.wilson`) work it out.
"""

from __future__ import annotations

from typing import Any

from games.core import Game, Rng, as_action, seat_label
from games.lab.stats import wilson

from .coach import chance_after, move_words
from .exercises import Exercise, Feedback


class PreferenceExercise(Exercise):
    """"Which of ``first`` and ``second`` does the search prefer for the seat to decide?" Both are rated on equal
    terms (the same deals of what the seat cannot see, the same plays). ``figure`` is shown beside the question (a
    read-only view of the position)."""

    noun = "choice"

    def __init__(self, title: str, game: Game, first: str, second: str, hint: str = "", figure: Any = None) -> None:
        decision = game.pending()
        if decision is None:
            raise ValueError(f"exercise {title!r}: the game is over; there is no choice to compare")
        legal = game.legal_actions()
        for text in (first, second):
            if as_action(text) not in legal:
                raise ValueError(f"exercise {title!r}: {text!r} is not a legal choice here")
        self.title, self.hint, self._figure = title, hint, figure
        self.game, self.seat = game.clone(), decision.player
        self.first, self.second = as_action(first), as_action(second)
        self._chances = {a: chance_after(self.game, self.seat, a, Rng(17), plays=120)
                         for a in (self.first, self.second)}

    @property
    def question(self) -> str:
        return (f"{self.game.pending().prompt}. Which does the search prefer for {seat_label(self.seat)}: "
                f"'{self.first}' or '{self.second}'?")

    def answer(self) -> str:
        return str(max((self.first, self.second), key=lambda a: self._chances[a]))

    def explain(self) -> str:
        best = as_action(self.answer())
        other = self.second if best == self.first else self.first
        # The coach's words for each move (what it changes on the seat's board), so exercise and hint agree.
        return (f"'{best}' leaves {seat_label(self.seat)} about {self._chances[best]:.0%} of a win, '{other}' about "
                f"{self._chances[other]:.0%} (the same deals of the hidden cards and plays after each). "
                f"'{best}': {move_words(self.game, self.seat, best, 3)}; "
                f"'{other}': {move_words(self.game, self.seat, other, 3)}.")

    def read(self, answer: Any) -> Any:
        text = str(answer or "").strip().lower()
        if not text:
            return Feedback(False, f"Type your choice first: '{self.first}' or '{self.second}'.")
        for option in (self.first, self.second):
            if text == str(option):
                return str(option)
        return Feedback(False, f"Type one of the two choices: '{self.first}' or '{self.second}', not {text!r}.")

    def statement(self, truth: Any) -> str:
        return f"the search prefers '{truth}'"

    def correction(self, truth: Any) -> str:
        return self.statement(truth)

    def say(self, value: Any) -> str:
        return f"'{value}'"

    def figure(self) -> Any:
        return self._figure


class IntervalExercise(Exercise):
    """"A bot won ``wins`` of ``seats`` seats: is a 50 % win rate inside its 95 % interval?" (yes or no)."""

    noun = "answer"

    def __init__(self, title: str, wins: float, seats: int, rate: float = 0.5, hint: str = "") -> None:
        if seats < 1 or not 0 <= wins <= seats or not 0 < rate < 1:
            raise ValueError(f"exercise {title!r}: wins must lie between 0 and seats (at least 1), rate in (0, 1)")
        self.title, self.hint, self.wins, self.seats, self.rate = title, hint, wins, seats, rate
        self.low, self.high = wilson(wins, seats)

    @property
    def question(self) -> str:
        return (f"A bot won {self.wins:g} of {self.seats} seats ({self.wins / self.seats:.0%}). Is a win rate of "
                f"{self.rate:.0%} inside the 95 % interval of that result (yes or no)?")

    def answer(self) -> str:
        return "yes" if self.low <= self.rate <= self.high else "no"

    def explain(self) -> str:
        inside = self.answer() == "yes"
        verdict = "inside: the result could be chance" if inside else "outside: chance alone would rarely give it"
        return (f"The 95 % (Wilson) interval of {self.wins:g} of {self.seats} is {self.low:.0%} to {self.high:.0%}, "
                f"so {self.rate:.0%} is {verdict}.")

    def read(self, answer: Any) -> Any:
        text = str(answer or "").strip().lower()
        if text in ("yes", "no"):
            return text
        return Feedback(False, "Type yes or no." if not text else f"Type yes or no, not {text!r}.")

    def say(self, value: Any) -> str:
        return str(value)


__all__ = ["IntervalExercise", "PreferenceExercise"]
