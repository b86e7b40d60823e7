"""How Kutná Hora's pieces look in the views (our choice: the rule text names no colours). Seats take the one palette
every game uses (:mod:`widgets.shared.palette`); these are the colours of everything else."""

from __future__ import annotations

from typing import Any

#: The matching icons (red, yellow, green, blue) and the noble colours (the same four, and silver).
ICON_COLOURS = {"red": "#c62828", "yellow": "#f2c230", "green": "#2e7d32", "blue": "#1e5aa8", "silver": "#9aa3ad"}
#: Guild tile backgrounds: light, and distinct from the seat colours drawn on top.
GUILD_TILES = {"builders": "#e3cfb0", "grocers": "#d8e8c4", "tavern": "#f1dca7", "scribes": "#d3dcea",
               "metallurgists": "#dedede", "miners": "#cfc6bd"}
#: Public building tiles take a light shade of their noble's colour.
NOBLE_TILES = {"green": "#9fd3a6", "silver": "#c9ced6", "yellow": "#f6e08a", "red": "#efa39b"}


def board_colours() -> dict[str, Any]:
    """What every Kutná Hora renderer needs besides the seat colours (sent once per view)."""
    return {"icons": dict(ICON_COLOURS), "guilds": dict(GUILD_TILES), "nobles": dict(NOBLE_TILES)}
