"""Running out of pieces (駒類の枯渇): an action needs a miner, a free slot, a plot marker, a held tile and a plot,
or an unused pelican; without it the action cannot be chosen (St. Barbara tiles skip the part that needs it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import rulebook
from .data.components import HELD_SLOTS

if TYPE_CHECKING:
    from .game import KutnaHoraGame

#: The actions as an action card names them.
_ACTION_NAMES = {"mine": "Mine", "rights": "Rights", "plot": "Plot", "build": "Build", "income": "Income",
                 "barbara": "St. Barbara"}
_LACKING = {"mine": "you have no miners left", "rights": "all 3 slots on your board are full",
            "plot": "all 3 of your plot markers are in town", "build": "you need a held tile and a plot",
            "barbara": "you have no unused pelican"}


def takeable(game: KutnaHoraGame, p: int) -> tuple[str, ...]:
    """The actions ``p`` can take at all now, in name order (their effects may still be ignored later)."""
    s = game.state
    seat = s.seats[p]
    plots = s.markers.count(p)  # one pass over the town (every card played asks)
    out = []
    if seat.pelicans > 0:
        out.append("barbara")
    if seat.held and plots:  # a held tile and a plot
        out.append("build")
    out.append("income")
    if seat.pool + seat.reserve > 0:
        out.append("mine")
    if plots < rulebook.PLOT_MARKERS.value:
        out.append("plot")
    if len(seat.held) < HELD_SLOTS.value:
        out.append("rights")
    return tuple(out)


def can_take(game: KutnaHoraGame, p: int, action: str) -> bool:
    """Whether ``action`` can be taken at all (its effect may still be ignored later)."""
    return action in takeable(game, p)


def cannot(game: KutnaHoraGame, p: int, action: str) -> str:
    """Why ``p`` cannot take ``action`` now, in a sentence (what the action lacks: never money, which it does not
    need to be taken)."""
    return f"you cannot take {_ACTION_NAMES.get(action, action)} now: {_LACKING.get(action, 'not possible')}."
