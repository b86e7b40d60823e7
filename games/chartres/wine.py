"""Wine making (ワイン作り), scored in Phase F of every era.

Count the white and the red grapes in your action row; colours never mix. 4 grapes of one colour fill a barrel,
3 fill half a barrel. Barrels are filled left to right starting with the barrel under your barrel marker: all full
barrels first, then the half barrels. A full barrel scores its printed IP, a half barrel half of it rounded down.

Which colour pours first is the player's choice (``first``); it changes which colour sits in which barrel, never
the IP, because a barrel's IP depends only on its position and fill (a property test checks this).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .data import rulebook

GRAPES = ("white", "red")


@dataclass(frozen=True, slots=True)
class Barrel:
    space: int  # cellar space index (0 = leftmost)
    value: int  # printed IP
    colour: str  # "white" / "red"
    fill: str  # "full" / "half"

    @property
    def ip(self) -> int:
        return self.value if self.fill == "full" else self.value // 2


@dataclass(frozen=True, slots=True)
class Pouring:
    """The result of wine making: the barrels filled in order, grapes that scored nothing, and the IP."""

    barrels: tuple[Barrel, ...]
    unused: dict[str, int]  # per colour: grapes left over (fewer than 3) or with no barrel left to fill
    marker: int

    @property
    def ip(self) -> int:
        return sum(b.ip for b in self.barrels)

    def explain(self) -> list[str]:
        lines = [f"barrel {b.space + 1} ({b.value} IP printed): {b.fill} of {b.colour} → {b.ip} IP"
                 for b in self.barrels]
        lines += [f"{n} {c} grape{'s' if n != 1 else ''} score nothing" for c, n in self.unused.items() if n]
        return lines + [f"total {self.ip} IP"]


#: Grapes of one colour for a full and for a half barrel, as the rule text prints them (a game passes its own).
FULL, HALF = rulebook.FULL_BARREL.value, rulebook.HALF_BARREL.value


def fills(grapes: int, full: int = FULL, half: int = HALF) -> tuple[int, int]:
    """(full barrels, half barrels) that ``grapes`` of one colour fill: ``full`` (4) a barrel, then ``half`` (3) a
    half barrel."""
    if grapes < 0:
        raise ValueError(f"grapes cannot be negative, not {grapes}")
    barrels, rest = divmod(grapes, full)
    return barrels, int(rest >= half)


def has_order_choice(white: int, red: int, full: int = FULL, half: int = HALF) -> bool:
    """Both colours fill a barrel of the same kind, so the player chooses which colour goes first."""
    (wf, wh), (rf, rh) = fills(white, full, half), fills(red, full, half)
    return bool((wf and rf) or (wh and rh))


def pour(values: Sequence[int], marker: int, white: int, red: int, first: str = "white", full: int = FULL,
         half: int = HALF) -> Pouring:
    """Fill the barrels from ``marker`` rightwards with ``white`` and ``red`` grapes; ``first`` pours first;
    ``full`` and ``half`` grapes of one colour fill a barrel and half a barrel."""
    if not 0 <= marker < len(values):
        raise ValueError(f"the barrel marker must be on a space 0–{len(values) - 1}, not {marker}")
    if first not in GRAPES:
        raise ValueError(f"first must be 'white' or 'red', not {first!r}")
    order = (first, "red" if first == "white" else "white")
    counts = {"white": white, "red": red}
    planned = {c: fills(counts[c], full, half) for c in GRAPES}
    unused = {c: counts[c] - full * planned[c][0] - half * planned[c][1] for c in GRAPES}
    barrels: list[Barrel] = []
    space = marker
    for fill, index, grapes in (("full", 0, full), ("half", 1, half)):
        for colour in order:
            for _ in range(planned[colour][index]):
                if space < len(values):
                    barrels.append(Barrel(space=space, value=values[space], colour=colour, fill=fill))
                    space += 1
                else:  # no barrel left: these grapes are lost
                    unused[colour] += grapes
    return Pouring(barrels=tuple(barrels), unused=unused, marker=marker)


def ip_by_grapes(values: Sequence[int], marker: int, most: int = 16) -> list[int]:
    """IP for 0..``most`` grapes of one colour with the marker on ``marker`` (for charts)."""
    return [pour(values, marker, g, 0).ip for g in range(most + 1)]
