"""Shapes of decision that many Catan steps share, written once.

* :func:`place_of` - the number (intersection, path, hex, seat) a legal action names.
* :class:`CatanStep` - the :class:`~games.core.Step` every Catan decision is: options listed in order (presorted), a
  prompt that names the deciding player before the question (:attr:`~CatanStep.ask`), a refusal sentence that
  may be a fixed text (:attr:`~CatanStep.refused`), and an ``apply`` that pushes what comes next, or nothing when the
  same decision goes on (:attr:`~games.core.Unit.goes_on`: the kernel puts its record back on the stack).
* :class:`PlaceChoice` - a step that picks one place out of a set of places (a bit mask): a
  set-up settlement, the city a pillage reduces, the knight a Deserter removes, the wall an Engineer builds... Each
  subclass says its verb's actions, its question, its refusal and two methods: which places (``places``) and what
  choosing one does (``choose``).
* :class:`NameChoice` - a step that picks a kind by its name (a resource from the bank, the Monopoly's resource, the
  deck a tied defender draws from): the word is checked against the names, ``choose`` gets the name's index.
* :class:`TurnVerb` and :class:`MainStep` - the main part of a turn: one :class:`~games.core.Verb` unit per verb
  (settle, city, road, buy, play, trade, propose, end), whose options are made from the player's hand, cut once per
  decision (:meth:`MainStep.given`); the turn goes on after every verb but ``end``.
* :func:`no_intersection` - the refusal for an intersection that does not exist.
* :func:`bank_gives` - one card from the bank to a player (Year of Plenty, the Aqueduct, set-up income).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from games.core import Action, Step, Verb, VerbStep

from .board import N_NODES, bits
from .pieces import name

if TYPE_CHECKING:
    from .game import CatanGame


def place_of(action: Action, word: int = 0) -> int:
    """The number ``action`` names as its ``word``-th argument; every legal action of a place or seat names one."""
    value = action.args[word]
    assert isinstance(value, int), f"'{action}' names no number as word {word + 1}"
    return value


def no_intersection(v: object) -> str | None:
    """The refusal for an intersection number that does not exist (``v`` as written), or ``None``."""
    if isinstance(v, int) and 0 <= v < N_NODES:
        return None
    return f"there is no intersection {v}; intersections are numbered 0 to {N_NODES - 1}."


def bank_gives(game: CatanGame, p: int, card: int) -> None:
    """Player ``p`` takes one ``card`` (an index of ``game.cards``) from the bank; the caller checked there is one."""
    s = game.state
    s.bank[card] -= 1
    s.hands[p * game.width + card] += 1


class CatanStep(Step):
    """A Catan decision. Its options come in ``Action.sort_key`` order (presorted); its prompt is the deciding
    player's name and :attr:`ask`; a fixed refusal sentence is :attr:`refused`. A step whose prompt or refusal needs
    more says so in its own ``prompt`` or ``refusal``."""

    presorted = True
    #: An effect that pushes nothing leaves the same decision pending (another card to discard, ...).
    goes_on = True
    #: The question after the deciding player's name; ``{state.field}`` writes in a field of the state.
    ask: ClassVar[str] = ""
    #: Why an action is refused; ``{place}`` stands for its first word as written, ``{state.field}`` as in :attr:`ask`.
    refused: ClassVar[str] = ""

    def prompt(self, game: Any, at: Any) -> str:
        return f"{name(at.player)}: {self.ask.format(state=game.state)}"

    def refusal(self, game: Any, at: Any, action: Action) -> str | None:
        if not self.refused:
            return None
        return self.refused.format(place=action.args[0] if action.args else "", state=game.state)


class NameChoice(CatanStep):
    """Pick one kind by its name: ``refusal`` is :attr:`unknown` for a word that is none of :attr:`names` and
    :attr:`refused` for a name not available now; ``apply`` calls ``choose`` with the name's index."""

    #: The names to choose from, by index.
    names: ClassVar[Sequence[str]]
    #: Why a word that is not one of the names is refused; ``{place}`` is the word, ``{names}`` the names.
    unknown: ClassVar[str]

    def choose(self, game: Any, p: int, index: int) -> None:
        """The effect of player ``p`` choosing ``names[index]`` (legal)."""
        raise NotImplementedError

    def refusal(self, game: Any, at: Any, action: Action) -> str | None:
        word = action.args[0]
        if word not in self.names:
            return self.unknown.format(place=word, names=", ".join(self.names))
        return super().refusal(game, at, action)

    def apply(self, game: Any, at: Any, action: Action) -> None:
        self.choose(game, at.player, self.names.index(str(action.args[0])))


class PlaceChoice(CatanStep):
    """Pick one place from a set: ``options`` lists ``actions[v]`` for every ``v`` in ``places`` (ascending, so
    presorted) and the :attr:`stop` action if there is one; ``apply`` calls ``choose`` or ``stopped``."""

    #: The step's actions by place number (``CITY[v]`` is ``city v``).
    actions: ClassVar[Sequence[Action]]
    #: An action that ends the decision without a place (``pass``, ``done``), always offered; ``None``: none.
    stop: ClassVar[Action | None] = None

    def places(self, game: Any, at: Any) -> int:
        """The places that may be chosen now, as a bit mask."""
        raise NotImplementedError

    def choose(self, game: Any, p: int, v: int) -> None:
        """The effect of player ``p`` choosing place ``v`` (legal)."""
        raise NotImplementedError

    def stopped(self, game: Any, p: int) -> None:
        """The effect of the :attr:`stop` action (a ``choose`` that ends the decision calls it too)."""
        raise NotImplementedError

    def options(self, game: Any, at: Any) -> Sequence[Action]:
        actions = self.actions
        out = [actions[v] for v in bits(self.places(game, at))]
        stop = self.stop
        if stop is not None:
            if stop.verb < actions[0].verb:
                out.insert(0, stop)
            else:
                out.append(stop)
        return out

    def apply(self, game: Any, at: Any, action: Action) -> None:
        stop = self.stop
        if stop is not None and action.verb == stop.verb:
            self.stopped(game, at.player)
        else:
            self.choose(game, at.player, place_of(action))


class TurnVerb(Verb):
    """A verb of the main part of a turn (:class:`MainStep`): its options read the deciding player's hand, given by
    the step (cut once for all its verbs: options are asked on every decision); the turn goes on after its effect
    unless the effect pushed another step."""

    goes_on = True

    def options(self, game: Any, at: Any, hand: list[int]) -> list[Action]:  # type: ignore[override]
        """This verb's legal actions for ``at.player`` holding ``hand`` (their card counts), ascending."""
        raise NotImplementedError


class MainStep(VerbStep, CatanStep):
    """The main part of a turn: its :attr:`verbs` are :class:`TurnVerb` units in alphabetical order, each offering its
    options ascending, so the options come out sorted (presorted)."""

    verbs: ClassVar[tuple[TurnVerb, ...]]

    def given(self, game: Any, at: Any) -> list[int]:
        """The deciding player's hand (their card counts), which every verb's options read."""
        p, w = at.player, game.width
        return game.state.hands[p * w:p * w + w]
