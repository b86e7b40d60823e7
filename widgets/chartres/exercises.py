"""Chartres' self-checking exercises on the shared :class:`~widgets.shared.exercises.Exercise`: wine (how many IP?),
activation (which card works?), the first chooser (who picks a location first?) and the hand limit (how many IP
for drawing?). No exercise holds its answer: the rules package works it out from a position, and the feedback
explains it with the rule ids. The position asked about is shown as its board's view, read-only::

    WineExercise("Anne's wine", white=7, red=3, marker=2).show()
    ActivationExercise("Which card works?", reveal_position(game, 2), seat=2).show()

A broken exercise (a position that does not exist) raises ``ValueError`` when it is made, so it fails when its
notebook runs, not when a learner answers.
"""

from __future__ import annotations

import re
from typing import Any

from games.chartres import ChartresGame, Pouring, pour
from games.chartres.components import Components
from widgets.shared.exercises import Exercise, Feedback
from widgets.shared.text import plural, seat_label, short

from .cellar import CellarView, checked_position, component_set
from .charts import torch_order_frame
from .positions import DRAW_TWO, checked_game, checked_seat, hand_limit_position, last_reveal
from .rows import RowsView
from .words import explain_activation

_CARD_ID = re.compile(r"[a-z][0-9]+\Z")


def _unreadable(answer: Any, example: str, wanted: str) -> Feedback | None:
    """The feedback for an empty answer or a bool (``True`` is no card and no number), else ``None``."""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return Feedback(False, f"Type your answer first, e.g. {example}.")
    if isinstance(answer, bool):
        return Feedback(False, f"Type {wanted}, not {answer}.")
    return None


class WineExercise(Exercise):
    """"How many IP does this wine make?" The rules package works the answer out (:func:`pour`), and the
    feedback explains it barrel by barrel (:meth:`Pouring.explain <games.chartres.wine.Pouring.explain>`).

    ``WineExercise("Anne's wine", white=7, red=3, marker=2, cellar="A")``.
    """

    unit = "IP"

    def __init__(self, title: str, white: int, red: int, marker: int, cellar: str = "A", first: str = "white",
                 hint: str = "", *, components: str | Components = "approx_v1") -> None:
        self.title, self.hint = title, hint
        self._comps = component_set(components)
        try:
            pos = checked_position(self._comps, cellar, marker, white, red, first)
        except ValueError as err:
            raise ValueError(f"exercise {title!r}: {err}") from None
        self.cellar, self.marker, self.white, self.red, self.first = (pos["cellar"], pos["marker"], pos["white"],
                                                                      pos["red"], pos["first"])
        self.values = self._comps.cellars[self.cellar].values

    def pouring(self) -> Pouring:
        return pour(self.values, self.marker, self.white, self.red, self.first)

    def answer(self) -> int:
        """The IP the rules give."""
        return self.pouring().ip

    def explain(self) -> str:
        return "; ".join(self.pouring().explain()) + "."

    @property
    def question(self) -> str:
        printed = ", ".join(map(str, self.values))
        return (f"{self.title}. Cellar {self.cellar} has barrels printed {printed} (spaces 0 to "
                f"{len(self.values) - 1}). The barrel marker is on space {self.marker}. The action row shows "
                f"{plural(self.white, 'white grape')} and {plural(self.red, 'red grape')}. How many IP does "
                f"the wine make?")

    def figure(self) -> CellarView:
        """The cellar with its marker and no wine poured yet, read-only (the answer stays hidden)."""
        return CellarView(self.cellar, self.marker, 0, 0, components=self._comps, read_only=True,
                          caption=f"Cellar {self.cellar}, marker on space {self.marker} (no wine poured yet)")

    def read(self, answer: Any) -> Any:
        if isinstance(answer, float) and not answer.is_integer():
            return Feedback(False, f"IP are whole numbers (a half barrel rounds down), not {answer}.")
        return super().read(answer)

    def below_minimum(self, value: int) -> str:
        return f"Wine never costs IP, so {value} cannot be right. Try again."

    def correction(self, truth: Any) -> str:
        return f"the wine makes {self.say(truth)}"


class ActivationExercise(Exercise):
    """"Which card does ``seat`` activate?" at a position right after a reveal (see
    :func:`~.positions.reveal_position`): the answer is a card id, or ``none``."""

    unit = "a card id, or none"

    def __init__(self, title: str, game: ChartresGame, seat: int, hint: str = "") -> None:
        self.title, self.hint = title, hint
        self.game = checked_game(game)
        self.seat = checked_seat(game, seat)
        self.reveal = last_reveal(game, seat)
        if self.reveal is None or not self.reveal.get("act"):
            raise ValueError(f"exercise {title!r}: {seat_label(seat)} has revealed no activation card yet")
        if game.observe(None)["seats"][seat]["row"] is None:
            raise ValueError(f"exercise {title!r}: the action rows are still secret")

    @property
    def question(self) -> str:
        r, cards = self.reveal, self.game.parts.cards
        played = f"{r['row']} ({cards[r['row']].colour}) to the right end of the action row and " if r.get("row") \
            else ""
        return (f"{seat_label(self.seat)} has just revealed {played}{r['act']} ({cards[r['act']].colour}) under "
                f"position {r['slot']} of the action row. Which card is activated? (A card id, or 'none'.)")

    def figure(self) -> RowsView:
        """The rows after the reveal, without the gold frames and the ★ (they would give the answer away)."""
        return RowsView(self.game, self.seat, caption=f"{seat_label(self.seat)}'s rows after the reveal", marks=False)

    def answer(self) -> str:
        return self.game.activated(self.seat) or "none"

    def explain(self) -> str:
        return explain_activation(self.game, self.seat)

    def say(self, value: Any) -> str:
        return str(value)

    def read(self, answer: Any) -> Any:
        wanted = "a card id such as a12, or 'none'"
        unreadable = _unreadable(answer, "a12 or none", wanted)
        if unreadable:
            return unreadable
        if not isinstance(answer, str):
            return Feedback(False, f"Type {wanted}, not {short(answer)}.")
        text = answer.strip().lower()
        if text in ("none", "nothing", "no card", "no", "-"):
            return "none"
        if text.isdigit():
            text = f"a{int(text):02d}"
        if not _CARD_ID.match(text) or text not in self.game.parts.cards:
            return Feedback(False, f"{answer.strip()!r} is not a card id: type one such as a12, or 'none'.")
        row = self.game.observe(None)["seats"][self.seat]["row"]
        if text not in row:
            return Feedback(False, f"{text} is not in {seat_label(self.seat)}'s action row ({', '.join(row)}); "
                                   "only an action-row card can be activated.")
        return text


class FirstChooserExercise(Exercise):
    """"Who chooses a location first?" at a position (torches in each action row and the initiative order are
    given); the answer is a player number."""

    unit = "a player number, e.g. 2"

    def __init__(self, title: str, game: ChartresGame, hint: str = "") -> None:
        self.title, self.hint = title, hint
        self.game = checked_game(game)
        try:
            self.frame = torch_order_frame(game)
        except ValueError as err:
            raise ValueError(f"exercise {title!r}: {err}") from None

    @property
    def question(self) -> str:
        by_seat = self.frame.sort_values("seat")
        torches = "; ".join(f"{who} {int(n)} torch{'' if n == 1 else 'es'}" for who, n in by_seat["torches"].items())
        initiative = ", ".join(self.frame.sort_values("initiative place").index)
        return (f"Torches in the action rows: {torches}. Initiative order: {initiative}. Which player chooses a "
                "location first? (A player number.)")

    def answer(self) -> int:
        return self.game.torch_order()[0] + 1

    def say(self, value: Any) -> str:
        return f"Player {value}"

    def explain(self) -> str:
        rows = [f"{who} ({int(r['torches'])} torches, initiative place {int(r['initiative place'])})"
                for who, r in self.frame.iterrows()]
        return ("Most torches choose first; a tie goes to the earlier initiative place [location.order]. The order: "
                + ", then ".join(rows) + ".")

    def read(self, answer: Any) -> Any:
        wanted = f"a player number from 1 to {self.game.players}"
        unreadable = _unreadable(answer, "2", wanted)
        text = str(answer).strip().lower().removeprefix("player").removeprefix("p").strip()
        if unreadable is None and text.isdigit() and 1 <= int(text) <= self.game.players:
            return int(text)
        return unreadable or Feedback(False, f"Type {wanted}, not {short(answer)}.")


class HandLimitExercise(Exercise):
    """"How many IP for drawing?" A player holds ``hand`` cards with the shield on status level ``shield`` and
    draws ``draw`` cards (1: draws instead of taking a location; 2: takes the scriptorium). The engine answers:
    the position of :func:`~.positions.hand_limit_position`, the action applied, the ``hand.limit`` IP read from
    the log."""

    unit = "IP, e.g. 1"

    def __init__(self, title: str, hand: int, draw: int = 2, shield: int = 1, hint: str = "") -> None:
        self.title, self.hint = title, hint
        if draw not in (1, 2):
            raise ValueError(f"exercise {title!r}: draw 1 (instead of a location) or 2 (the scriptorium), not "
                             f"{short(draw)}")
        try:
            self.position = hand_limit_position(hand, shield)
        except ValueError as err:
            raise ValueError(f"exercise {title!r}: {err}") from None
        self.hand, self.draw, self.shield = hand, draw, shield
        self.seat = self.position.pending().player  # type: ignore[union-attr]
        self.action = "draw" if draw == 1 else f"location {DRAW_TWO}"
        after = self.position.clone()
        self.events = after.apply(self.action)

    @property
    def limit(self) -> int:
        return self.position.hand_limit(self.seat)

    @property
    def question(self) -> str:
        how = ("takes no location and draws 1 card instead" if self.draw == 1 else
               f"takes the {self.position.parts.locations[DRAW_TWO].name}, which draws 2 cards")
        return (f"The shield is on status level {self.shield}, so the hand limit is {self.limit}. A player holding "
                f"{plural(self.hand, 'card')} {how}. How many IP does the hand limit give?")

    def answer(self) -> int:
        return sum(e.data.get("ip", 0) for e in self.events if e.rule == "hand.limit")

    def say(self, value: Any) -> str:
        return f"{value} IP"

    def explain(self) -> str:
        said = " ".join(f"{e.text} [{e.rule}]" for e in self.events
                        if e.rule in ("hand.limit", "effect.draw", "location.draw-instead", "location.take")
                        or e.rule.startswith("effect."))
        return ("A draw never takes the hand past the limit: each card that would go beyond it is not drawn and "
                f"scores 1 IP instead (the 2 cards of Phase B ignore the limit). What happened: {said}")

    def read(self, answer: Any) -> Any:
        unreadable = _unreadable(answer, "1", "a whole number of IP")
        if unreadable:
            return unreadable
        if isinstance(answer, float) and answer.is_integer():
            answer = int(answer)
        text = str(answer).strip().lower().removesuffix("ip").strip()
        if not re.fullmatch(r"[0-9]+", text):
            return Feedback(False, f"{short(answer)} is not a whole number of IP.")
        return int(text)


__all__ = ["ActivationExercise", "FirstChooserExercise", "HandLimitExercise", "WineExercise"]
