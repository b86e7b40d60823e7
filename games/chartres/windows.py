"""Building stained-glass windows (大聖堂のステンドグラスの窓を構築).

Windows fill the cathedral's 9 spaces left to right. A coloured window goes only on a space of its colour and then
earns the space's printed bonus; a white window goes anywhere and earns nothing. Once all 9 are built, each further
coloured window scores 6 IP and each white one 4 IP.

Our readings (``decision.window-fallback``, ``decision.window-any``): an ability's coloured window whose space does
not match is built white (the text: "a white window can always be built"); "any colour" takes the space's colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .data import rulebook


@dataclass(frozen=True, slots=True)
class WindowBuild:
    space: int  # index of the space built on, -1 when all 9 were already built
    glass: str  # "yellow" / "red" / "purple" / "white"
    bonus: str  # the printed bonus atom earned, "" for none
    ip: int  # IP for a window beyond the 9th
    rule: str


def build_window(space_colours: Sequence[str], bonuses: Sequence[str], built: int, wanted: str,
                 overflow: Mapping[str, int] = rulebook.WINDOW_OVERFLOW.value) -> WindowBuild:
    """Build a ``wanted`` window (a colour, ``white`` or ``any``) on a cathedral with ``built`` windows; past the
    last space it scores ``overflow`` IP ("coloured" or "white")."""
    if built >= len(space_colours):
        glass = "white" if wanted == "white" else "coloured"
        return WindowBuild(space=-1, glass="white" if wanted == "white" else wanted, bonus="", ip=overflow[glass],
                           rule="window.full")
    colour = space_colours[built]
    if wanted in (colour, "any"):
        return WindowBuild(space=built, glass=colour, bonus=bonuses[built], ip=0,
                           rule="window.bonus" if wanted == colour else "decision.window-any")
    if wanted == "white":
        return WindowBuild(space=built, glass="white", bonus="", ip=0, rule="window.white")
    return WindowBuild(space=built, glass="white", bonus="", ip=0, rule="decision.window-fallback")


def rightmost_value(final_values: Sequence[int], built: int) -> int:
    """The number printed under the rightmost built window (0 with none)."""
    return final_values[min(built, len(final_values)) - 1] if built else 0
