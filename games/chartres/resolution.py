"""Resolving an ability: a location's in Phase A, an activated card's in Phase E (アシスタントカード / ロケーション
カード).

An ability is "N×" its atoms (up to N times) or once per resource icon in the action row ("condition ▶ effect").
Its repetitions run one after the other; the bonus ability follows only when every repetition of the main one was
carried out (``decision.full-resolution``). Gains happen at once (``decision.gains-automatic``); the player is asked
only to pay a discard (``discard CARD``, or ``stop`` before the first discard of a repetition) and to choose a path
when a citizen could go on either (``path warehouse|townhall``). The ability in progress is the state's
:class:`~.state.Resolving` record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action

from . import effects
from .abilities import COSTS, Ability, can_pay
from .data import rulebook
from .decisions import STOP, ChartresStep, action, name
from .state import DISCARD, PATH, Resolving

if TYPE_CHECKING:
    from .game import ChartresGame

_PATH_ACTIONS = {p: action("path", p) for p in rulebook.PATHS}


def part(game: ChartresGame, source: str, bonus: bool) -> Ability | None:
    """The main ability (or the bonus, ``None`` when there is none) of a card or location."""
    item = game.parts.cards.get(source) or game.parts.locations[source]
    return item.bonus if bonus else item.main


def resolving(game: ChartresGame, ab: Resolving) -> Ability:
    """The ability ``ab`` resolves."""
    ability = part(game, ab.source, ab.bonus)
    assert ability is not None  # a bonus part starts only when there is one
    return ability


def repetitions(game: ChartresGame, p: int, ability: Ability) -> int:
    return game.resources(p)[ability.per] if ability.per else ability.times


def feasible(game: ChartresGame, p: int, ability: Ability) -> bool:
    """Whether one more repetition of ``ability`` can be carried out completely now."""
    s = game.state
    cards = game.parts.cards
    if not can_pay(ability.costs, [cards[c].colour for c in s.hand[p]]):
        return False
    places = ability.do.count("place_citizen")
    if places and (s.personal[p] < places or not effects.path_options(game, p)):
        return False
    takes = ability.do.count("gain_citizen")
    return not takes or s.common[p] >= takes


def can_perform(game: ChartresGame, p: int, source: str) -> bool:
    """Whether ``p`` could carry out the main ability of a card or location now (location.must-perform)."""
    main = part(game, source, False)
    return main is not None and repetitions(game, p, main) > 0 and feasible(game, p, main)


def start(game: ChartresGame, p: int, source: str) -> None:
    """``p`` starts resolving the main ability of ``source``; :func:`carry_on` takes it forward."""
    main = part(game, source, False)
    assert main is not None
    times = repetitions(game, p, main)
    game.state.ability = Resolving(player=p, source=source, bonus=False, done=0, times=times, atom=0, left=0, colour="")
    game.emit("ability.per" if main.per else "ability.times" if main.times > 1 else "ability.main-bonus",
              f"{name(p)} resolves {source}: {main.words()} ({times} time{'s' if times != 1 else ''} at most).",
              player=p, source=source)


def carry_on(game: ChartresGame) -> bool:
    """Carry the ability in progress forward: ``True`` when it waits for a decision, ``False`` once it is over
    (then the round's step passes to the next seat)."""
    ab = game.state.ability
    p = ab.player
    while True:
        ability = resolving(game, ab)
        if ab.atom == 0 and ab.left == 0:  # the start of a repetition
            if ab.done >= ab.times or not feasible(game, p, ability):
                if not _next_part(game, ab):
                    return False
                continue
            if ability.costs:
                return True  # discard to do it, or stop
        if ab.atom >= len(ability.do):
            ab.done += 1
            ab.atom = 0
            continue
        atom = ability.do[ab.atom]
        kind = atom.partition(":")[0]
        if kind in COSTS:
            if ab.left == 0:
                ab.left = int(atom.partition(":")[2]) if kind == "discard_same" else 1
                ab.colour = ""
            return True
        if kind == "place_citizen" and len(effects.path_options(game, p)) > 1:
            return True
        effects.gain(game, p, atom, effects.FROM_ABILITY)
        ab.atom += 1


def _next_part(game: ChartresGame, ab: Resolving) -> bool:
    """The current part is over: go on to the bonus if the main one was resolved fully. ``False``: all done."""
    p = ab.player
    full = ab.times > 0 and ab.done >= ab.times  # a main ability done 0 times was not resolved
    if not ab.bonus:
        bonus = part(game, ab.source, True)
        if not full:
            game.emit("decision.full-resolution", f"{name(p)} resolved {ab.source}'s main ability {ab.done} of "
                      f"{ab.times} times" + (": no bonus." if bonus else "."), player=p)
        if bonus is not None and full:
            ab.bonus, ab.done, ab.times, ab.atom, ab.left = True, 0, repetitions(game, p, bonus), 0, 0
            game.emit("act.bonus", f"{name(p)} resolved the main ability fully: bonus {bonus.words()}.", player=p)
            return True
    _finish(game)
    return False


def _finish(game: ChartresGame) -> None:
    game.state.ability = None
    game.state.turn += 1


def waiting(game: ChartresGame, ab: Resolving) -> ChartresStep:
    """The decision the ability in progress waits for: a discard (costs come first in an ability) or a path."""
    atom = resolving(game, ab).do[ab.atom]
    return DISCARD_STEP if atom.partition(":")[0] in COSTS else PATH_STEP


class Discard(ChartresStep):
    """Pay a discard of the ability in progress, or stop it before the first discard of a repetition."""

    kind = DISCARD
    forms = {"discard": "discard CARD", "stop": "stop"}

    def seat(self, at: Resolving) -> int:
        return at.player

    def prompt(self, game: ChartresGame, ab: Resolving) -> str:
        start = ab.atom == 0 and ab.left == 0
        return (f"{name(ab.player)}: {ab.source} ({resolving(game, ab).words()}) – discard to resolve it"
                + (f" (time {ab.done + 1} of {ab.times}), or stop" if start else ""))

    def options(self, game: ChartresGame, ab: Resolving) -> list[Action]:
        options = _discard_options(game, ab)
        if ab.atom == 0 and ab.left == 0:
            options.append(STOP)
        return options

    def refusal(self, game: ChartresGame, ab: Resolving, action: Action) -> str | None:
        if action.verb == "stop":
            return "stop is possible only before the first discard of a repetition"
        return None

    def apply(self, game: ChartresGame, ab: Resolving, action: Action) -> None:
        if action.verb == "stop":
            game.emit("decision.gains-automatic", f"{name(ab.player)} stops {ab.source} after {ab.done} of "
                      f"{ab.times} time{'s' if ab.times != 1 else ''}.", player=ab.player)
            _stop(game, ab)
        else:
            _pay(game, ab, str(action.args[0]))


def _discard_options(game: ChartresGame, ab: Resolving) -> list[Action]:
    """The cards that pay the current discard and still leave the rest of this repetition payable."""
    hand = game.state.hand[ab.player]
    ability = resolving(game, ab)
    kind, _, arg = ability.do[ab.atom].partition(":")
    cards = game.parts.cards
    rest = ability.do[ab.atom + 1:]
    options = []
    for cid in hand:
        colour = cards[cid].colour
        if kind == "discard" and arg not in ("any", colour):
            continue
        if kind == "discard_same" and ab.colour and colour != ab.colour:
            continue
        left = list(hand)
        left.remove(cid)
        need = ab.left or (int(arg) if kind == "discard_same" else 1)
        remaining = [f"discard:{colour}"] * (need - 1) + list(rest)
        costs = tuple(a for a in remaining if a.partition(":")[0] in COSTS)
        if can_pay(costs, [cards[c].colour for c in left]):
            options.append(action("discard", cid))
    return options


def _pay(game: ChartresGame, ab: Resolving, cid: str) -> None:
    s = game.state
    atom = resolving(game, ab).do[ab.atom]
    kind = atom.partition(":")[0]
    if ab.left == 0:
        ab.left = int(atom.partition(":")[2]) if kind == "discard_same" else 1
    colour = game.parts.cards[cid].colour
    s.hand[ab.player].remove(cid)
    s.discard.append(cid)
    ab.left -= 1
    if kind == "discard_same":
        ab.colour = colour
    game.emit("effect.discard-same" if kind == "discard_same" else "effect.discard",
              f"{name(ab.player)} discards {cid} ({colour}).", player=ab.player, card=cid)
    if ab.left == 0:
        ab.atom += 1
        ab.colour = ""


def _stop(game: ChartresGame, ab: Resolving) -> None:
    """The player stops the ability at the start of a repetition: the part ends, not fully."""
    if not ab.bonus and ab.done < ab.times and part(game, ab.source, True) is not None:
        game.emit("decision.full-resolution", f"{name(ab.player)} did not resolve the main ability fully: no "
                  "bonus.", player=ab.player)
    _finish(game)


class Path(ChartresStep):
    """Choose the path for a citizen of the ability in progress, when both have room."""

    kind = PATH
    forms = {"path": "path warehouse|townhall"}
    asks = "put the citizen on the warehouse or the town hall path"

    def seat(self, at: Resolving) -> int:
        return at.player

    def options(self, game: ChartresGame, ab: Resolving) -> list[Action]:
        return sorted((_PATH_ACTIONS[rulebook.PATHS[k]] for k in effects.path_options(game, ab.player)), key=str)

    def apply(self, game: ChartresGame, ab: Resolving, action: Action) -> None:
        effects.place_citizen(game, ab.player, rulebook.PATHS.index(str(action.args[0])), "effect.place-citizen")
        ab.atom += 1


DISCARD_STEP, PATH_STEP = Discard(), Path()
