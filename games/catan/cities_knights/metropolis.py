"""Metropolises (``metropolis.*``): one per track, each on a city of its holder (``metropolis_points`` more).

* The first player to build the metropolis level of a track (``improvement_levels.metropolis``) places its metropolis
  on one of their cities (``metropolis.first``, ``metropolis.points``); a player who reaches the takeover level
  (``improvement_levels.takeover``) before the holder takes it over, and a holder at that level keeps it for good
  (``metropolis.takeover``, ``metropolis.secure``). A player may hold several, a city carries one
  (``metropolis.limit``).
* The metropolis levels of a track whose metropolis a player does not hold need a city of theirs without one: with a
  single city that carries a metropolis, the other tracks stop below the metropolis level until another city is built,
  whether or not the level would bring a metropolis (``metropolis.one-city``, ``decision.ck-level-four``).
* With several cities to choose from, the holder chooses (``metropolis NODE``, ``decision.ck-metropolis-choice``).
* The barbarians never pillage a metropolis city (``barbarians.immune``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.catan.board import N_NODES, NODE_BIT
from games.catan.choice import PlaceChoice
from games.catan.pieces import name
from games.catan.state import waiting
from games.core import Action

from .state import TRACKS

if TYPE_CHECKING:
    from .game import CKGame

PLACE = tuple(Action("metropolis", (v,)) for v in range(N_NODES))


def nodes(game: CKGame) -> int:
    """Nodes carrying a metropolis."""
    out = 0
    for v in game.state.metropolis:
        if v >= 0:
            out |= NODE_BIT[v]
    return out


def free_cities(game: CKGame, p: int) -> int:
    """``p``'s cities without a metropolis."""
    return game.state.cities[p] & ~nodes(game)


def needs_city(game: CKGame, p: int, t: int, level: int) -> bool:
    """Whether reaching ``level`` in track ``t`` brings ``p`` its metropolis."""
    s = game.state
    holder = s.metro_owner[t]
    design = game.design
    if level == design.metropolis_level:
        return holder < 0
    if level == design.takeover:
        return holder >= 0 and holder != p and s.levels[holder * 3 + t] < design.takeover
    return False


def waits_for_city(game: CKGame, p: int, t: int, level: int) -> bool:
    """Whether ``p`` may not build ``level`` of track ``t`` yet: from the metropolis level on, a track whose
    metropolis ``p`` does not hold needs a city of ``p``'s without one (``metropolis.one-city``). This covers every
    level that would bring a metropolis (:func:`needs_city`: its holder is someone else or nobody)."""
    s = game.state
    return level >= game.design.metropolis_level and s.metro_owner[t] != p and not free_cities(game, p)


def after_improvement(game: CKGame, p: int, t: int, level: int) -> None:
    s = game.state
    holder = s.metro_owner[t]
    first, takeover = game.design.metropolis_level, game.design.takeover
    if level == takeover and holder == p:
        game.emit("metropolis.secure", f"{name(p)} reaches level {level} of {TRACKS[t]}: their metropolis is theirs "
                  "for good.", player=p, track=TRACKS[t])
        return
    if level == takeover and holder >= 0 and needs_city(game, p, t, level):
        v = s.metropolis[t]
        s.metropolis[t], s.metro_owner[t] = -1, -1
        s.points[holder] -= game.design.metropolis_points
        game.emit("metropolis.takeover", f"{name(p)} reaches level {level} of {TRACKS[t]} before {name(holder)}: the "
                  f"{TRACKS[t]} metropolis leaves {name(holder)}'s city at {v} for one of {name(p)}'s.", player=p,
                  previous=holder, track=TRACKS[t])
        _award(game, p, t)
        return
    if level == first and holder < 0:
        game.emit("metropolis.first", f"{name(p)} is the first to build level {level} of {TRACKS[t]}: they take the "
                  f"{TRACKS[t]} metropolis.", player=p, track=TRACKS[t])
        _award(game, p, t)


def _award(game: CKGame, p: int, t: int) -> None:
    s = game.state
    free = free_cities(game, p)
    if free & (free - 1):
        s.track = t
        game.push(waiting("metropolis", p))
        return
    place(game, p, t, free.bit_length() - 1)


def place(game: CKGame, p: int, t: int, v: int) -> None:
    s = game.state
    s.metropolis[t] = v
    s.metro_owner[t] = p
    worth = game.design.metropolis_points
    s.points[p] += worth
    held = sum(1 for owner in s.metro_owner if owner == p)
    game.emit("metropolis.points", f"The {TRACKS[t]} metropolis stands on {name(p)}'s city at {v}: it is worth "
              f"{game.design.city_points + worth} points (+{worth}).", player=p, node=v, track=TRACKS[t])
    if held > 1:
        game.emit("metropolis.limit", f"{name(p)} holds {held} metropolises, each on its own city.", player=p)


class PlaceMetropolis(PlaceChoice):
    """Choose the city that carries the metropolis just won."""

    kind = "metropolis"
    forms = {"metropolis": "metropolis NODE"}
    actions = PLACE
    refused = "{place} is not one of your cities without a metropolis (metropolis.limit)."

    def prompt(self, game: CKGame, at: Any) -> str:
        return f"{name(at.player)}: choose the city that carries the {TRACKS[game.state.track]} metropolis"

    def places(self, game: CKGame, at: Any) -> int:
        return free_cities(game, at.player)

    def choose(self, game: CKGame, p: int, v: int) -> None:
        s = game.state
        game.emit("decision.ck-metropolis-choice", f"{name(p)} chooses the city at {v}.", player=p)
        place(game, p, s.track, v)
        s.track = -1
        game.push(waiting("resume", game.state.player))
