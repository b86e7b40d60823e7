"""The one palette of seat colours every view uses: seat 0 is red in every game, seat 1 blue, and so on.

Game pieces of other kinds (countries, card colours, terrain) keep their colours in their game's views.
"""

from __future__ import annotations

#: (name, hex) per seat, in seat order: distinct for colour-blind readers in pairs that matter (red/green apart).
SEATS = (("red", "#c62828"), ("blue", "#1f5fbf"), ("orange", "#e07b1a"), ("green", "#2f8f46"), ("purple", "#7b3fa0"),
         ("brown", "#7a5230"))


def seat_colour(seat: int) -> str:
    """The hex colour of ``seat`` (0-based)."""
    return SEATS[seat % len(SEATS)][1]


def seat_name(seat: int) -> str:
    """The colour word of ``seat`` (``"red"``)."""
    return SEATS[seat % len(SEATS)][0]


def seat_colours(players: int) -> list[str]:
    """Hex colours of seats ``0 .. players - 1``."""
    return [seat_colour(p) for p in range(players)]


def seat_names(players: int) -> list[str]:
    """Colour words of seats ``0 .. players - 1``."""
    return [seat_name(p) for p in range(players)]
