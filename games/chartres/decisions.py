"""What every Chartres decision shares: its actions as shared objects, the refusal sentences for an action that
belongs to another decision, and the turn order of a round's steps.

Actions are immutable values, so the engine makes one object per text and every legal-action list reuses it: a
game lists thousands of them, and building them again would be most of the cost of a decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from games.core import Action, Step

from .components import Components

if TYPE_CHECKING:
    from .game import ChartresGame

_ACTIONS: dict[tuple, Action] = {}
_CARD_ACTIONS: dict[tuple[tuple[str, ...], int], tuple[dict[str, Action], list[dict[str, Action]]]] = {}


def action(verb: str, *args: Any) -> Action:
    """The one shared :class:`Action` written ``verb args...``."""
    found = _ACTIONS.get((verb, args))
    if found is None:
        found = _ACTIONS[(verb, args)] = Action(verb, args)
    return found


DRAW, STOP, PASS = action("draw"), action("stop"), action("pass")
#: The verbs whose last word names a card of the decider's hand.
CARD_VERBS = ("row", "activate", "discard")


def card_actions(parts: Components, row_full: int) -> tuple[dict[str, Action], list[dict[str, Action]]]:
    """``row CARD`` by card, and ``activate SLOT CARD`` by slot then card (an action row of ``row_full`` cards at
    most), built once per set of card ids: a variant that changes what the cards do names the same actions."""
    key = (tuple(parts.cards), row_full)
    tables = _CARD_ACTIONS.get(key)
    if tables is None:
        cards = parts.cards
        tables = _CARD_ACTIONS[key] = (
            {c: action("row", c) for c in cards},
            [{c: action("activate", k, c) for c in cards} for k in range(row_full + 2)])
    return tables


def name(p: int) -> str:
    """How prompts and the log name seat ``p``."""
    return f"Player {p + 1}"


class ChartresStep(Step):
    """A Chartres decision. Every step lists its options in sort order (hands are kept sorted)."""

    presorted = True
    #: The question in words, after the decider's name (a step whose prompt says more overrides :meth:`prompt`).
    asks: ClassVar[str] = ""

    def seat(self, at: Any) -> int:
        """The seat that decides, from the step's record ``at``."""
        raise NotImplementedError

    def prompt(self, game: ChartresGame, at: Any) -> str:
        return f"{name(self.seat(at))}: {self.asks}"

    def spelling(self, game: ChartresGame, at: Any, action: Action) -> str | None:
        """Chartres words a misfit action its own way: an action naming a card says first when that card is not in
        the decider's hand, whatever the step; a verb of another step names this step's verbs. ``stop`` and the
        number of words are left to the step (a wrong count gets the sentence that lists the legal actions)."""
        verb, args = action.verb, action.args
        if verb in CARD_VERBS and args and str(args[-1]) not in game.state.hand[self.seat(at)]:
            return f"{args[-1]} is not a card in your hand"
        if verb not in self.forms and verb != "stop":
            expected = " or ".join(v for v in self.forms if v != "stop")
            return f"now is the {self.kind} step: the actions are '{expected}'"
        return None


class Turns(Protocol):
    """A step of the round that the seats of ``state.queue`` take one after the other."""

    def settle(self, game: ChartresGame, seat: int) -> bool:
        """Settle ``seat``'s turn without a question when there is nothing to ask (then ``True``)."""

    def done(self, game: ChartresGame) -> None:
        """Every seat has had its turn: move on to the next step."""


class TurnStep(ChartresStep):
    """A decision the seats of ``state.queue`` take in turn; its record ``at`` is the deciding seat."""

    def seat(self, at: int) -> int:
        return at

    def prompt(self, game: ChartresGame, p: int) -> str:
        return f"{name(p)}: {self.asks}"  # as the base class words it, without asking seat() (a hot path)

    def settle(self, game: ChartresGame, seat: int) -> bool:
        return False

    def done(self, game: ChartresGame) -> None:
        raise NotImplementedError


class RowCard(TurnStep):
    """A decision that lays a card of the hand at the right end of the action row (``row CARD``)."""

    forms = {"row": "row CARD"}

    def options(self, game: ChartresGame, p: int) -> list[Action]:
        row = game.row_actions
        return [row[c] for c in game.state.hand[p]]
