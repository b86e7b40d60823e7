"""Resolving an ability: a location's in Phase A, an activated card's in Phase E (アシスタントカード / ロケーション
カード).

An ability is "N×" its atoms (up to N times) or once per resource icon in the action row ("condition ▶ effect").
Its repetitions run one after the other; the bonus ability follows only when every repetition of the main one was
carried out (``decision.full-resolution``). What the player is asked (the readings are in the rules notes):

* a location's main ability is carried out once it is taken (``location.take``: 「1枚を選び、その効果を実行し」);
  an activated card's main ability is carried out once by itself when that costs no cards
  (``decision.main-once``: 「可能であれば…効果を解決します」; the config's ``main_optional`` makes it a choice);
* every further repetition (「解決できる回数」) and the bonus (「ボーナス能力効果は必須ではありません」) is the
  player's choice: ``resolve`` or ``stop`` (step ``resolve``) when it costs nothing, ``discard CARD`` or ``stop``
  (step ``discard``) when it costs cards;
* a repetition that costs cards is put to the player whenever the hand holds enough cards *by number*, whatever
  their colours, and ``stop`` is then always open (``decision.public-steps``): whether the hand can pay is known to
  its owner only, so neither the question nor the answer tells the others what the hand holds;
* ``path warehouse|townhall`` when a citizen could go on either path.

Gains inside a repetition happen at once. The ability in progress is the state's :class:`~.state.Resolving`
record; while it lasts, the stack holds the decision it waits for: starting an ability and each of its decisions
carry it forward (:func:`carry_on`) and push the next decision it waits for, if any.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from games.core import Action, seat_label

from . import effects
from .abilities import COSTS, Ability, can_pay
from .data import rulebook
from .decisions import STOP, ChartresStep, action
from .state import DISCARD, PATH, RESOLVE, Pending, Resolving

if TYPE_CHECKING:
    from .game import ChartresGame

_PATH_ACTIONS = {p: action("path", p) for p in rulebook.PATHS}
RESOLVE_ACTION = action("resolve")


def part(game: ChartresGame, source: str, bonus: bool) -> Ability | None:
    """The main ability (or the bonus, ``None`` when there is none) of a card or location."""
    return game.abilities[source][bonus]  # (main, bonus): a bool indexes it


def resolving(game: ChartresGame, ab: Resolving) -> Ability:
    """The ability ``ab`` resolves."""
    ability = game.abilities[ab.source][ab.bonus]  # part() written out: this runs at every step of an ability
    assert ability is not None  # a bonus part starts only when there is one
    return ability


def repetitions(game: ChartresGame, p: int, ability: Ability) -> int:
    return game.resource(p, ability.per) if ability.per else ability.times


@functools.cache
def cards_needed(costs: tuple[str, ...]) -> int:
    """How many cards one repetition with these discards takes from the hand."""
    return sum(int(arg) if kind == "discard_same" else 1 for kind, _, arg in (a.partition(":") for a in costs))


def _public_ok(game: ChartresGame, p: int, ability: Ability) -> bool:
    """What everyone can check of one more repetition: citizens in the supplies, room on the paths."""
    s = game.state
    places = ability.places
    if places and (s.personal[p] < places or not effects.path_options(game, p)):
        return False
    takes = ability.takes
    return not takes or s.common[p] >= takes


def feasible(game: ChartresGame, p: int, ability: Ability) -> bool:
    """Whether one more repetition of ``ability`` can be carried out completely now (the hand's colours too)."""
    if not _public_ok(game, p, ability):
        return False
    if not ability.costs:
        return True
    cards = game.parts.cards
    return can_pay(ability.costs, [cards[c].colour for c in game.state.hand[p]])


def offered(game: ChartresGame, p: int, ability: Ability) -> bool:
    """Whether one more repetition is put to ``p``: decided on what everyone sees, the hand by its size only
    (``decision.public-steps``)."""
    return _public_ok(game, p, ability) and len(game.state.hand[p]) >= ability.cards


def can_perform(game: ChartresGame, p: int, source: str) -> bool:
    """Whether ``p`` could carry out the main ability of a card or location now (location.must-perform)."""
    main = game.abilities[source][0]
    return (game.resource(p, main.per) if main.per else main.times) > 0 and feasible(game, p, main)


def mandatory(game: ChartresGame, ab: Resolving) -> bool:
    """Whether the coming repetition must be carried out: the first of a location's main ability (the player took
    it), or the first of an activated card's main ability when it costs no cards (``decision.main-once``)."""
    if ab.bonus or ab.done:
        return False
    if ab.source in game.parts.locations:
        return True
    return not resolving(game, ab).costs and not game.config.main_optional


def start(game: ChartresGame, p: int, source: str) -> None:
    """``p`` starts resolving the main ability of ``source`` and carries it forward (:func:`carry_on`)."""
    main = game.abilities[source][0]
    assert main is not None
    times = game.resource(p, main.per) if main.per else main.times
    game.state.ability = Resolving(player=p, source=source, bonus=False, done=0, times=times, atom=0, left=0, colour="",
                                   started=False)
    game.emit("ability.per" if main.per else "ability.times" if main.times > 1 else "ability.main-bonus",
              f"{seat_label(p)} resolves {source}: {main.words()} ({times} time{'s' if times != 1 else ''} at most).",
              player=p, source=source)
    carry_on(game)


def carry_on(game: ChartresGame) -> None:
    """Carry the ability in progress forward, unless it is over, and push the decision it waits for (none once it is
    over: the round's step passes to the next seat)."""
    ab = game.state.ability
    if ab is not None:
        waits = _next_decision(game)
        if waits:
            game.push(game.waiting[waits][ab.player])


def _next_decision(game: ChartresGame) -> str:
    """Carry the ability in progress forward: the kind of the decision it waits for, or ``""`` once it is over."""
    ab = game.state.ability
    p = ab.player
    abilities = game.abilities
    while True:
        ability = abilities[ab.source][ab.bonus]  # resolving() written out: the loop runs at every step
        if not ab.started:  # the start of a repetition
            if ab.done >= ab.times or not offered(game, p, ability):
                if not _next_part(game, ab):
                    return ""
                continue
            if ability.costs:
                return DISCARD  # discard to do it (or stop)
            if not mandatory(game, ab):
                return RESOLVE  # resolve or stop
            ab.started = True
        if ab.atom >= len(ability.do):
            ab.done += 1
            ab.atom, ab.started = 0, False
            continue
        atom = ability.do[ab.atom]
        kind = atom.partition(":")[0]
        if kind in COSTS:
            if ab.left == 0:
                ab.left = int(atom.partition(":")[2]) if kind == "discard_same" else 1
                ab.colour = ""
            return DISCARD
        if kind == "place_citizen" and len(effects.path_options(game, p)) > 1:
            return PATH
        effects.gain(game, p, atom, effects.FROM_ABILITY)
        ab.atom += 1


def _next_part(game: ChartresGame, ab: Resolving) -> bool:
    """The current part is over: go on to the bonus if the main one was resolved fully. ``False``: all done."""
    p = ab.player
    full = ab.times > 0 and ab.done >= ab.times  # a main ability done 0 times was not resolved
    if not ab.bonus:
        bonus = part(game, ab.source, True)
        if not full:
            game.emit("decision.full-resolution", f"{seat_label(p)} resolved {ab.source}'s main ability {ab.done} of "
                      f"{ab.times} times" + (": no bonus." if bonus else "."), player=p)
        elif bonus is not None:
            ab.bonus, ab.done, ab.times, ab.atom, ab.left, ab.started = (
                True, 0, repetitions(game, p, bonus), 0, 0, False)
            game.emit("act.bonus", f"{seat_label(p)} resolved the main ability fully: bonus "
                                   f"{bonus.words()} (optional).",
                      player=p)
            return True
    _finish(game)
    return False


def _finish(game: ChartresGame) -> None:
    game.state.ability = None
    game.state.turn += 1


def _what(ab: Resolving) -> str:
    return f"{ab.source}'s bonus" if ab.bonus else ab.source


def _time(ab: Resolving) -> str:
    return f"time {ab.done + 1} of {ab.times}"


def _choice_rule(game: ChartresGame, ab: Resolving) -> str:
    """The rule that leaves the coming repetition to the player."""
    if ab.bonus:
        return "act.bonus"
    if ab.done:
        return "ability.per" if resolving(game, ab).per else "ability.times"
    return "decision.public-steps" if resolving(game, ab).costs else "decision.main-once"


def _stop(game: ChartresGame, ab: Resolving) -> None:
    """The player stops the ability at the start of a repetition: the part ends, not fully."""
    game.emit(_choice_rule(game, ab), f"{seat_label(ab.player)} stops {_what(ab)} after {ab.done} of {ab.times} "
              f"time{'s' if ab.times != 1 else ''}.", player=ab.player)
    if not ab.bonus and part(game, ab.source, True) is not None:
        game.emit("decision.full-resolution", f"{seat_label(ab.player)} did not resolve the main ability fully: no "
                  "bonus.", player=ab.player)
    _finish(game)


class Discard(ChartresStep):
    """Pay a discard of the ability in progress, or stop it before the first discard of a repetition (not the first
    time of a location's main ability: taking it means carrying it out)."""

    kind = DISCARD
    forms = {"discard": "discard CARD", "stop": "stop"}

    def prompt(self, game: ChartresGame, at: Pending) -> str:
        ab = game.state.ability
        text = f"{seat_label(ab.player)}: {_what(ab)} ({resolving(game, ab).words()}) – discard to resolve it"
        if ab.started:
            return text
        return text + f" ({_time(ab)})" + ("" if mandatory(game, ab) else ", or stop")

    def options(self, game: ChartresGame, at: Pending) -> list[Action]:
        ab = game.state.ability
        options = _discard_options(game, ab)
        if not ab.started and (not options or not mandatory(game, ab)):
            options.append(STOP)  # (a location's first time with nothing to pay happens only in a redealt twin)
        return options

    def refusal(self, game: ChartresGame, at: Pending, action: Action) -> str | None:
        ab = game.state.ability
        if action.verb == "stop":
            if not ab.started:
                return (f"you took {ab.source}: its main ability is carried out (a location whose main ability you "
                        "cannot carry out cannot be chosen)")
            return "stop is possible only before the first discard of a repetition"
        return None

    def apply(self, game: ChartresGame, at: Pending, action: Action) -> None:
        ab = game.state.ability
        if action.verb == "stop":
            _stop(game, ab)
        else:
            _pay(game, ab, str(action.args[0]))
        carry_on(game)


class Resolve(ChartresStep):
    """Carry out the next repetition of an ability that costs no cards (a further "N×" or "▶" time, or the bonus),
    or stop: the text leaves it to the player."""

    kind = RESOLVE
    forms = {"resolve": "resolve", "stop": "stop"}

    def prompt(self, game: ChartresGame, at: Pending) -> str:
        ab = game.state.ability
        return (f"{seat_label(ab.player)}: {_what(ab)} ({resolving(game, ab).words()}) – resolve it ({_time(ab)}), "
                "or stop")

    def options(self, game: ChartresGame, at: Pending) -> list[Action]:
        return [RESOLVE_ACTION, STOP]

    def apply(self, game: ChartresGame, at: Pending, action: Action) -> None:
        ab = game.state.ability
        if action.verb == "stop":
            _stop(game, ab)
        else:
            game.emit(_choice_rule(game, ab), f"{seat_label(ab.player)} resolves {_what(ab)} ({_time(ab)}).",
                      player=ab.player)
            ab.started = True
        carry_on(game)


def _discard_options(game: ChartresGame, ab: Resolving) -> list[Action]:
    """The cards that pay the current discard and still leave the rest of this repetition payable."""
    hand = game.state.hand[ab.player]
    ability = resolving(game, ab)
    kind, _, arg = ability.do[ab.atom].partition(":")
    cards = game.parts.cards
    rest = ability.do[ab.atom + 1:]
    colours = [cards[cid].colour for cid in hand]
    payable: dict[str, bool] = {}  # what the hand can still pay depends only on the colour discarded
    options = []
    for cid, colour in zip(hand, colours, strict=True):
        if kind == "discard" and arg not in ("any", colour):
            continue
        if kind == "discard_same" and ab.colour and colour != ab.colour:
            continue
        if colour not in payable:
            left = list(colours)
            left.remove(colour)
            need = ab.left or (int(arg) if kind == "discard_same" else 1)
            remaining = [f"discard:{colour}"] * (need - 1) + list(rest)
            payable[colour] = can_pay(tuple(a for a in remaining if a.partition(":")[0] in COSTS), left)
        if payable[colour]:
            options.append(action("discard", cid))
    return options


def _pay(game: ChartresGame, ab: Resolving, cid: str) -> None:
    s = game.state
    atom = resolving(game, ab).do[ab.atom]
    kind = atom.partition(":")[0]
    ab.started = True
    if ab.left == 0:
        ab.left = int(atom.partition(":")[2]) if kind == "discard_same" else 1
    colour = game.parts.cards[cid].colour
    s.hand[ab.player].remove(cid)
    s.discard.append(cid)
    ab.left -= 1
    if kind == "discard_same":
        ab.colour = colour
    game.emit("effect.discard-same" if kind == "discard_same" else "effect.discard",
              f"{seat_label(ab.player)} discards {cid} ({colour}).", player=ab.player, card=cid)
    if ab.left == 0:
        ab.atom += 1
        ab.colour = ""


class Path(ChartresStep):
    """Choose the path for a citizen of the ability in progress, when both have room."""

    kind = PATH
    forms = {"path": "path warehouse|townhall"}
    asks = "put the citizen on the warehouse or the town hall path"

    def options(self, game: ChartresGame, at: Pending) -> list[Action]:
        return sorted((_PATH_ACTIONS[rulebook.PATHS[k]] for k in effects.path_options(game, at.player)), key=str)

    def apply(self, game: ChartresGame, at: Pending, action: Action) -> None:
        ab = game.state.ability
        effects.place_citizen(game, ab.player, rulebook.PATHS.index(str(action.args[0])), "effect.place-citizen")
        ab.atom += 1
        carry_on(game)


