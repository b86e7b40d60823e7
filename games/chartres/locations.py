"""Phase A: locations (フェーズA: ロケーション) - how a location works, in one place: the decision of a seat's turn
(:class:`ChooseLocation`: its prompt), ``location ID`` (:class:`TakeLocation`: its form, options, refusal and effect,
:func:`take`) and ``draw`` instead (:class:`DrawInstead`).

Players + 1 locations are revealed (only one city gate may show). In order of torches in the action rows (ties:
the earlier initiative) each player takes one and resolves its main ability, or draws a card instead. A location
whose main ability cannot be carried out cannot be chosen. A tavern stays beside the action row until the end of
the era; the others are discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core import Action, Verb, seat_label

from . import effects, resolution
from .decisions import DRAW, TurnVerbs, action, begin_turns
from .state import LOCATION, NOBODY, PHASE_B, SETUP_ROW, Pending

if TYPE_CHECKING:
    from .game import ChartresGame


def reveal(game: ChartresGame) -> None:
    """Reveal players + 1 locations (``locations_extra``); a second city gate is discarded and replaced."""
    s, locs = game.state, game.parts.locations
    shown = s.loc_shown
    gate_showing = any(locs[x].city_gate for x in shown)  # kept up to date below: only this loop adds to shown
    for _ in range(game.players + game.numbers.locations_extra):
        while True:
            if not s.loc_deck and not effects.refill(game, "loc_deck", "loc_discard", "location.reshuffle"):
                return
            deck = s.loc_deck  # (refill replaces the deck)
            lid = deck[-1]
            gate = locs[lid].city_gate
            # Only a city gate on top can find every card left a city gate: checked then only.
            if gate and gate_showing and all(locs[x].city_gate for x in deck + s.loc_discard):
                return  # only city gates are left to reveal (possible with a custom component set)
            deck.pop()
            if gate and gate_showing:
                s.loc_discard.append(lid)
                game.emit("location.city-gate", f"A second city gate ({lid}) is discarded and replaced.")
                continue
            shown.append(lid)
            gate_showing = gate_showing or gate
            break
    rule = "setup.locations" if s.phase == SETUP_ROW else "location.reveal"
    game.emit(rule, "Locations revealed: " + ", ".join(f"{x} {locs[x].name}" for x in s.loc_shown),
              shown=list(s.loc_shown))


def start(game: ChartresGame) -> None:
    """Phase A begins: the seats choose in torch order."""
    s = game.state
    begin_turns(game, LOCATION, game.torch_order())
    game.emit("location.order", f"Era {s.era}, round {s.round}: locations are chosen in the order " + ", ".join(
        f"{seat_label(p)} ({game.resource(p, 'torch')} torches)" for p in s.queue), order=list(s.queue))


#: ``location ID`` by location id (a listing names each shown location by its shared action).
_TAKE_ACTIONS: dict[str, Action] = {}


def _take_action(lid: str) -> Action:
    found = _TAKE_ACTIONS[lid] = action("location", lid)
    return found


class TakeLocation(Verb):
    """``location ID``: take a revealed location and carry out its main ability; one whose main ability cannot be
    carried out cannot be chosen (``location.must-perform``)."""

    verb = "location"
    form = "location ID"

    def options(self, game: ChartresGame, at: Pending, given: Any = None) -> list[Action]:
        p, can_perform, named = at.player, resolution.can_perform, _TAKE_ACTIONS
        return [named.get(x) or _take_action(x) for x in sorted(game.state.loc_shown) if can_perform(game, p, x)]

    def refusal(self, game: ChartresGame, at: Pending, action: Action) -> str | None:
        args = action.args
        if args and args[0] in game.state.loc_shown:
            return (f"you cannot carry out the main ability of {args[0]} "
                    f"({game.parts.locations[str(args[0])].main.words()}), so you may not choose it")
        return None

    def apply(self, game: ChartresGame, at: Pending, action: Action) -> None:
        take(game, at.player, str(action.args[0]))


class DrawInstead(Verb):
    """``draw``: take no location and draw cards instead (``location.draw-instead``)."""

    verb = "draw"
    form = "draw"

    def options(self, game: ChartresGame, at: Pending, given: Any = None) -> list[Action]:
        return [DRAW]

    def apply(self, game: ChartresGame, at: Pending, action: Action) -> None:
        p, n = at.player, game.numbers.location_draw
        game.emit("location.draw-instead", f"{seat_label(p)} takes no location and draws "
                  + ("a card." if n == 1 else f"{n} cards."), player=p)
        effects.draw(game, p, n, "location.draw-instead")
        game.state.turn += 1


class ChooseLocation(TurnVerbs):
    """Phase A, a seat's turn: ``location ID`` (:class:`TakeLocation`) or ``draw`` (:class:`DrawInstead`)."""

    kind = LOCATION
    verbs = (TakeLocation(), DrawInstead())

    def prompt(self, game: ChartresGame, at: Pending) -> str:
        n = game.numbers.location_draw
        instead = "a card" if n == 1 else f"{n} cards"
        return f"{seat_label(at.player)}: take a revealed location, or draw {instead} instead"

    def done(self, game: ChartresGame) -> None:
        game.push(Pending(kind=PHASE_B, player=NOBODY))


def take(game: ChartresGame, p: int, lid: str) -> None:
    """``p`` takes location ``lid`` and starts resolving it."""
    s = game.state
    loc = game.parts.locations[lid]
    s.loc_shown.remove(lid)
    game.emit("location.take", f"{seat_label(p)} takes {lid} ({loc.name}).", player=p, location=lid)
    if loc.tavern:
        s.taverns[p].append(lid)
        torches = game.parts.tavern_torches
        game.emit("location.tavern", f"The tavern stays beside {seat_label(p)}'s action row until the end of the era "
                  f"(+{torches} torch{'es' if torches != 1 else ''}).", player=p)
    else:
        s.loc_discard.append(lid)
    resolution.start(game, p, lid)
