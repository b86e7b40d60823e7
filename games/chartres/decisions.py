"""What every Chartres decision shares: its actions as shared objects, the refusal sentences for an action that
belongs to another decision, and the turn order of a round's steps (:func:`next_turn`).

Actions are immutable values, so the engine makes one object per text and every legal-action list reuses it: a
game lists thousands of them, and building them again would be most of the cost of a decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from games.core import Action, Step, VerbStep

from .abilities import Ability
from .components import Components
from .state import OVER, Pending

if TYPE_CHECKING:
    from .game import ChartresGame

_ACTIONS: dict[tuple, Action] = {}
_WAITING: dict[tuple[tuple[str, ...], int], dict[str, tuple[Pending, ...]]] = {}
_CARD_ACTIONS: dict[tuple[tuple[str, ...], int], tuple[dict[str, Action], list[dict[str, Action]]]] = {}
_ABILITIES: dict[int, tuple[Components, dict[str, tuple[Ability, Ability | None]]]] = {}


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


def ability_table(parts: Components) -> dict[str, tuple[Ability, Ability | None]]:
    """(main, bonus) of every card and location by id, a card first when a location has the same id, built once per
    component set (kept with the set it was built from, so a set made again is never read through a stale id)."""
    found = _ABILITIES.get(id(parts))
    if found is None or found[0] is not parts:
        table = {key: (x.main, x.bonus) for key, x in parts.locations.items()}
        table.update({key: (x.main, x.bonus) for key, x in parts.cards.items()})
        if len(_ABILITIES) >= 64:
            _ABILITIES.clear()
        found = _ABILITIES[id(parts)] = (parts, table)
    return found[1]



class ChartresStep(Step):
    """A Chartres decision, pending as a :class:`~.state.Pending` record ``at`` (``at.player`` decides). Every step
    lists its options in sort order (hands are kept sorted)."""

    presorted = True

    def spelling(self, game: ChartresGame, at: Pending, action: Action) -> str | None:
        """Chartres words a misfit action its own way: an action naming a card says first when that card is not in
        the decider's hand, whatever the step; a verb of another step names this step's verbs. ``stop`` and the
        number of words are left to the step (a wrong count gets the sentence that lists the legal actions)."""
        verb, args = action.verb, action.args
        if verb in CARD_VERBS and args and str(args[-1]) not in game.state.hand[at.player]:
            return f"{args[-1]} is not a card in your hand"
        if verb not in self.forms and verb != "stop":
            expected = " or ".join(v for v in self.forms if v != "stop")
            return f"now is the {self.kind} step: the actions are '{expected}'"
        return None


class TurnStep(ChartresStep):
    """A decision the seats of ``state.queue`` take in turn, one after the other (see :func:`next_turn`)."""

    def settle(self, game: ChartresGame, seat: int) -> bool:
        """Settle ``seat``'s turn without a question when there is nothing to ask (then ``True``)."""
        return False

    def done(self, game: ChartresGame) -> None:
        """Every seat has had its turn: move on to the next step of the round."""
        raise NotImplementedError


class TurnVerbs(TurnStep, VerbStep):
    """A turn step made of :class:`~games.core.Verb` units, one per verb, listed as the rule text names them (a
    refusal names the verbs in that order); the options come verb by verb in alphabetical order, so they come out
    sorted. A verb of no unit (``stop`` where it is not a choice) gets the sentence that lists the legal actions."""

    options_by_verb_name = True


class RowCard(TurnStep):
    """A decision that lays a card of the hand at the right end of the action row (``row CARD``)."""

    forms = {"row": "row CARD"}

    def options(self, game: ChartresGame, at: Pending) -> list[Action]:
        row = game.row_actions
        return [row[c] for c in game.state.hand[at.player]]


def waiting_table(kinds: Iterable[str], players: int) -> dict[str, tuple[Pending, ...]]:
    """The stack record of each step kind for each seat (``game.waiting[kind][seat]``): records are immutable, so a
    game pushes these instead of making one per turn, and games of one player count share them."""
    key = (tuple(kinds), players)
    table = _WAITING.get(key)
    if table is None:
        table = _WAITING[key] = {kind: tuple(Pending(kind=kind, player=p) for p in range(players)) for kind in key[0]}
    return table


def begin_turns(game: ChartresGame, phase: str, queue: list[int] | None = None) -> None:
    """The round's step ``phase`` begins: the seats of ``queue`` (the initiative order unless given) take their turns
    in it one after the other, from the first (:func:`next_turn`)."""
    s = game.state
    s.phase, s.queue, s.turn = phase, list(s.initiative) if queue is None else queue, 0

def next_turn(game: ChartresGame) -> bool:
    """Nothing is pending: push the next seat's turn of the round's step (``state.phase``), settled without a
    question when there is nothing to ask, or what follows the last turn; ``False`` once the game is over."""
    s = game.state
    phase = s.phase
    if phase == OVER:
        return False
    step = game.step_of(phase)
    if s.turn >= len(s.queue):
        step.done(game)
    else:
        seat = s.queue[s.turn]
        if step.automatic or not step.settle(game, seat):
            game.push(game.waiting[phase][seat])
    return True
