"""The town of Kutná Hora: plots, what a plot costs, and icon matching (JA 区画アクション, 最終得点計算 クトナー・ホラ,
聖バルボラ 7 and 10).

The town is a square grid of plots stored as flat lists, row by row: ``buildings[i]`` is a building tile id or
``""``, ``owners[i]`` the builder's seat (-1 for public buildings and empty plots), ``markers[i]`` the seat whose
plot marker stands there (-1 for none). Adjacency is orthogonal (the rulebook's sawmill example counts the
buildings above, right and below).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Mapping, Sequence

from .data.approx import edge_icons
from .data.components import TILES, BuildingTile
from .data.rulebook import PLOT_BASE_COST


@functools.cache
def neighbours(index: int, size: int) -> tuple[int, ...]:
    """Orthogonal neighbours of plot ``index``: above, right, below, left (cached: the grid never changes)."""
    r, c = divmod(index, size)
    out = []
    if r > 0:
        out.append(index - size)
    if c < size - 1:
        out.append(index + 1)
    if r < size - 1:
        out.append(index + size)
    if c > 0:
        out.append(index - 1)
    return tuple(out)


@functools.cache
def _neighbour_table(size: int) -> tuple[tuple[int, ...], ...]:
    """:func:`neighbours` of every plot of a ``size`` x ``size`` town."""
    return tuple(neighbours(i, size) for i in range(size * size))


def plot_costs(buildings: Sequence[str], markers: Sequence[int], size: int, anywhere: bool = False,
               tiles: Mapping[str, BuildingTile] = TILES, base: int = PLOT_BASE_COST.value) -> dict[int, int]:
    """Every plot that may be bought now with its price before any reputation discount, by plot number.

    With no building in town, or when every plot next to a building is taken, any empty plot costs 5 (``base``).
    Otherwise only plots next to a building may be bought, for the highest plot value among those buildings (not
    the sum). ``anywhere`` (St. Barbara tile 4): any empty plot, at the usual price where one applies. ``tiles``: the
    building tiles whose plot values count (a game's designed tiles; the printed ones by default)."""
    around = _neighbour_table(size)
    priced: dict[int, int] = {}
    for j, building in enumerate(buildings):  # each building prices the empty plots around it
        if building:
            value = tiles[building].plot_value
            for i in around[j]:
                if not buildings[i] and markers[i] < 0 and priced.get(i, value) <= value:
                    priced[i] = value
    if priced and not anywhere:
        return dict(sorted(priced.items()))
    return {i: priced.get(i, base) for i in range(size * size) if not buildings[i] and markers[i] < 0}


def plot_cost(buildings: Sequence[str], size: int, index: int, tiles: Mapping[str, BuildingTile] = TILES,
              base: int = PLOT_BASE_COST.value) -> int:
    """What :func:`plot_costs` asks for plot ``index``, one of the plots it lists: the highest plot value among the
    buildings next to it, or ``base`` for a plot next to none (a plot's own price, without pricing every plot)."""
    values = [tiles[building].plot_value for j in _neighbour_table(size)[index] if (building := buildings[j])]
    return max(values) if values else base


def edge_icons_at(index: int, size: int) -> list[str]:
    """Icons on the board edge touching plot ``index`` (a corner plot can touch two)."""
    r, c = divmod(index, size)
    edges = _edges(size)
    return [edges[(r, c, side)] for side in "nesw" if (r, c, side) in edges]


_EDGE_CACHE: dict[int, dict[tuple[int, int, str], str]] = {}


def _edges(size: int) -> dict[tuple[int, int, str], str]:
    if size not in _EDGE_CACHE:
        _EDGE_CACHE[size] = edge_icons(size)
    return _EDGE_CACHE[size]


@dataclass(frozen=True, slots=True)
class Match:
    """One building's icon matching: which neighbour or edge gave how many points."""

    index: int
    points: int
    sources: tuple[tuple[str, int], ...]  # (neighbour tile id or "edge", matching icons)


def matching(index: int, buildings: Sequence[str], size: int) -> Match:
    """Points for the building on plot ``index``: one per icon on an adjacent building or board edge that matches
    one of its own icons. A neighbour with two matching icons gives two points."""
    own = set(TILES[buildings[index]].icons)
    sources = []
    for j in neighbours(index, size):
        if buildings[j]:
            n = sum(1 for icon in TILES[buildings[j]].icons if icon in own)
            if n:
                sources.append((buildings[j], n))
    edge = sum(1 for icon in edge_icons_at(index, size) if icon in own)
    if edge:
        sources.append(("edge", edge))
    return Match(index, sum(n for _, n in sources), tuple(sources))


def adjacent_public(index: int, buildings: Sequence[str], size: int) -> int:
    """Public buildings next to plot ``index`` (green nobles and St. Barbara tile 7 count them)."""
    return sum(1 for j in neighbours(index, size) if buildings[j] and TILES[buildings[j]].guild == "public")


def snapshot(buildings: Sequence[str], owners: Sequence[int], markers: Sequence[int], size: int,
             tiles: Mapping[str, BuildingTile] = TILES) -> dict:
    """The town as views draw it: plots with their building, icons, plot value, owner and marker; edge icons
    (``tiles``: the building tiles whose plot values show, a game's designed tiles or the printed ones)."""
    plots = []
    for i in range(size * size):
        entry: dict = {"building": buildings[i], "owner": owners[i], "marker": markers[i]}
        if buildings[i]:
            t = tiles[buildings[i]]
            entry.update(guild=t.guild, colour=t.colour, icons=list(t.icons), plot_value=t.plot_value,
                         public=t.guild == "public")
        plots.append(entry)
    edges = [[r, c, side, colour] for (r, c, side), colour in _edges(size).items()]
    return {"size": size, "plots": plots, "edges": edges}
