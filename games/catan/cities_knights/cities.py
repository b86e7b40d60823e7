"""A settlement becomes a city in Cities & Knights (the ``city`` verb and the Medicine): as in the base game, except
that a city the barbarians laid on its side (no settlement piece was left, ``barbarians.no-piece``) stands up again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.catan import pieces
from games.catan.board import NODE_BIT
from games.catan.pieces import name

if TYPE_CHECKING:
    from .game import CKGame


def upgradable(game: CKGame, p: int) -> int:
    """``p``'s settlements that may become a city: all while a city piece is left, else the reduced cities."""
    s = game.state
    return s.settlements[p] if s.cities_left[p] else s.settlements[p] & s.reduced[p]


def upgrade(game: CKGame, p: int, v: int) -> None:
    """``p``'s settlement at ``v`` becomes a city (a city laid on its side stands up again)."""
    s = game.state
    bit = NODE_BIT[v]
    if s.reduced[p] & bit:
        s.reduced[p] &= ~bit
        s.settlements[p] &= ~bit
        s.cities[p] |= bit
        s.points[p] += 1
        game.emit("barbarians.no-piece", f"{name(p)}'s city at {v} stands up again.", player=p, node=v)
        return
    pieces.place_city(game, p, v)
