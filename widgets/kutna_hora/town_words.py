"""What Kutná Hora's town and nobles score, in words and as tables: a plot's price and why, each building's
matching points and where they come from, and the noble scoring per player. Every number is the engine's
(:func:`games.kutna_hora.town.plot_costs`, :func:`~games.kutna_hora.town.matching`, :mod:`games.kutna_hora.nobles`)::

    matching_frame(pos)                 # table: each building's matching points and where they come from
    noble_frame(pos, {"green": 2}, {0: {"used_pelicans": 4}})   # table: nobles.per_noble × council, per player

pandas (where installed; else the table of :mod:`widgets.shared.frames`) is imported only when a table is made, so
``import widgets`` stays quick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from games.kutna_hora import nobles, town
from games.kutna_hora.data.approx import MINE_GRID, edge_icons
from games.kutna_hora.data.components import TILES
from games.kutna_hora.data.rulebook import CHEAP_PLOT, HOUSES, NOBLE_COLOURS, NOBLES_PER_COLOUR, PLOT_BASE_COST
from widgets.shared.text import is_whole, short

from .town_position import TownPosition, owner_label, position_of, seat_problem

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd

#: Mine rows (yellow nobles) and house rows (red nobles) on the player board; a row holds HOUSES / 3 houses.
MINE_ROWS = MINE_GRID.value[0]
MINES_PER_ROW_MAX = MINE_GRID.value[1]
HOUSE_ROWS = 3
HOUSES_PER_ROW = HOUSES.value // HOUSE_ROWS
SIDES = {"n": "top", "e": "right", "s": "bottom", "w": "left"}


def cost_reason(pos: TownPosition, index: int, reputation: bool = False) -> str:
    """Why plot ``index`` costs what :meth:`TownPosition.costs` says, in words (the plot must be on offer)."""
    prices = town.plot_costs(pos.buildings, pos.markers, pos.size)
    near = [(pos.buildings[j], TILES[pos.buildings[j]].plot_value) for j in town.neighbours(index, pos.size)
            if pos.buildings[j]]
    if len(near) > 1:
        named = [f"{b} (plot value {v})" for b, v in near]
        values = ", ".join(named[:-1]) + " and " + named[-1]
        why = f"next to {values}; the highest value counts, not the sum"
    elif near:
        why = f"next to {near[0][0]}, whose plot value is {near[0][1]}"
    elif any(pos.buildings):
        why = f"every plot next to a building is taken, so any empty plot costs {PLOT_BASE_COST.value} again"
    else:
        why = f"the town is empty, so any plot costs {PLOT_BASE_COST.value}"
    if reputation:
        return f"{CHEAP_PLOT.value[1]} groschen at reputation {CHEAP_PLOT.value[0]} or more (else {why})"
    return f"{prices[index]} groschen: {why}"


def plot_case(pos: TownPosition) -> str:
    """Which of the rulebook's three cases (区画アクション) the town is in, as a sentence."""
    prices = town.plot_costs(pos.buildings, pos.markers, pos.size)
    if not any(pos.buildings):
        return f"The town is empty: any free plot costs {PLOT_BASE_COST.value} groschen."
    if not prices:
        return "Every plot is taken: no plot can be had."
    adjacent = any(pos.buildings[j] for i in prices for j in town.neighbours(i, pos.size))
    if adjacent:
        return ("Only plots next to a building may be taken, each for the highest plot value among the buildings "
                "next to it (not the sum).")
    return (f"Every plot next to a building is taken: any free plot costs {PLOT_BASE_COST.value} groschen "
            "again.")


def _direction(pos: TownPosition, index: int, tile: str) -> str:
    j = pos.buildings.index(tile)
    r, c = divmod(index, pos.size)
    rj, cj = divmod(j, pos.size)
    return {(-1, 0): "above", (1, 0): "below", (0, -1): "left", (0, 1): "right"}.get((rj - r, cj - c), "next")


def _edge_words(pos: TownPosition, index: int) -> str:
    r, c = divmod(index, pos.size)
    return ", ".join(f"{colour} on the {SIDES[side]} edge" for (er, ec, side), colour in
                     edge_icons(pos.size).items() if (er, ec) == (r, c))


def matching_rows(town_: TownPosition | Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per building: plot, tile, who scores it, its icons, where its matching points come from (each
    neighbour or the board edge, from :func:`~games.kutna_hora.town.matching`) and the points."""
    pos = position_of(town_)
    rows = []
    for i in pos.built():
        m = town.matching(i, pos.buildings, pos.size)
        parts = []
        for source, n in m.sources:
            where = f"board edge ({_edge_words(pos, i)})" if source == "edge" else \
                f"{source} {_direction(pos, i, source)}"
            parts.append(f"{where}: {n}")
        tile = TILES[pos.buildings[i]]
        rows.append({"plot": i, "building": pos.buildings[i], "scores for": owner_label(pos.owners[i])
                     if pos.owners[i] >= 0 else "nobody (public)", "icons": ", ".join(tile.icons),
                     "from": "; ".join(parts) or "no matching icon next to it", "points": m.points})
    return rows


def matching_frame(town_: TownPosition | Mapping[str, Any]) -> pd.DataFrame:
    """Final town scoring (最終得点計算 クトナー・ホラ) as a table, one row per building, indexed by plot.
    A public building's icons match too, but nobody owns it, so nobody scores them."""
    from widgets.shared.frames import table

    columns = ["building", "scores for", "icons", "from", "points"]
    return table(matching_rows(town_), ["plot", *columns], index="plot")


def matching_totals(town_: TownPosition | Mapping[str, Any]) -> dict[int, int]:
    """Final town points per seat (owned buildings only)."""
    pos = position_of(town_)
    totals: dict[int, int] = {}
    for i in pos.built():
        if pos.owners[i] >= 0:
            totals[pos.owners[i]] = totals.get(pos.owners[i], 0) + town.matching(i, pos.buildings, pos.size).points
    return totals


@dataclass(frozen=True)
class NobleInputs:
    """What a player brings to noble scoring besides the town: used pelicans (silver), mines per mine row
    (yellow) and houses taken per house row of the player board (red)."""

    used_pelicans: int = 0
    mines_per_row: tuple[int, ...] = (0,) * MINE_ROWS
    houses_taken_per_row: tuple[int, ...] = (0,) * HOUSE_ROWS

    @classmethod
    def of(cls, value: NobleInputs | Mapping[str, Any] | None) -> NobleInputs:
        if value is None:
            return cls()
        if isinstance(value, NobleInputs):
            return value
        if not isinstance(value, Mapping):
            raise ValueError(f"a player's noble inputs are a dict with used_pelicans, mines_per_row and "
                             f"houses_taken_per_row, not {short(value)}")
        unknown = set(value) - {"used_pelicans", "mines_per_row", "houses_taken_per_row"}
        if unknown:
            raise ValueError(f"noble inputs are used_pelicans, mines_per_row and houses_taken_per_row, not "
                             f"{', '.join(sorted(map(str, unknown)))}")
        out = cls(value.get("used_pelicans", 0), tuple(value.get("mines_per_row", (0,) * MINE_ROWS)),
                  tuple(value.get("houses_taken_per_row", (0,) * HOUSE_ROWS)))
        out.check()
        return out

    def check(self) -> None:
        if not is_whole(self.used_pelicans) or self.used_pelicans < 0:
            raise ValueError(f"used pelicans are a whole number 0 or more, not {short(self.used_pelicans)}")
        if len(self.mines_per_row) != MINE_ROWS or not all(is_whole(n) and n >= 0 for n in self.mines_per_row):
            raise ValueError(f"mines_per_row has one whole number per mine row ({MINE_ROWS} rows), not "
                             f"{short(self.mines_per_row)}")
        if len(self.houses_taken_per_row) != HOUSE_ROWS or not all(
                is_whole(n) and 0 <= n <= HOUSES_PER_ROW for n in self.houses_taken_per_row):
            raise ValueError(f"houses_taken_per_row has one number 0 to {HOUSES_PER_ROW} per house row "
                             f"({HOUSE_ROWS} rows), not {short(self.houses_taken_per_row)}")


def council_counts(council: Mapping[str, int] | None) -> dict[str, int]:
    council = dict(council or {})
    for colour, n in council.items():
        if colour not in NOBLE_COLOURS:
            raise ValueError(f"nobles are {', '.join(NOBLE_COLOURS)}, not {short(colour)}")
        if not is_whole(n) or not 0 <= n <= NOBLES_PER_COLOUR.value:
            raise ValueError(f"the council holds 0 to {NOBLES_PER_COLOUR.value} {colour} nobles, not {short(n)}")
    return {c: council.get(c, 0) for c in NOBLE_COLOURS}


def noble_rows(town_: TownPosition | Mapping[str, Any], council: Mapping[str, int] | None,
               players: Mapping[int, NobleInputs | Mapping[str, Any] | None]) -> list[dict[str, Any]]:
    """One row per player: what one noble of each colour gives them (:func:`~games.kutna_hora.nobles.per_noble`),
    the working, and the total (:func:`~games.kutna_hora.nobles.total`)."""
    pos = position_of(town_)
    council_ = council_counts(council)
    rows = []
    for seat, given in players.items():
        problem = seat_problem(seat)
        if problem:
            raise ValueError(problem)
        inputs = NobleInputs.of(given)
        inputs.check()
        per = nobles.per_noble(pos.buildings, pos.owners, pos.size, seat, inputs.used_pelicans,
                               inputs.mines_per_row, inputs.houses_taken_per_row)
        total = nobles.total(per, council_)
        working = " + ".join(f"{c} {per[c]}×{council_[c]}" for c in NOBLE_COLOURS) + f" = {total}"
        rows.append({"player": owner_label(seat), **per, "working": working, "total": total})
    return rows


def noble_frame(town_: TownPosition | Mapping[str, Any], council: Mapping[str, int] | None,
                players: Mapping[int, NobleInputs | Mapping[str, Any] | None]) -> pd.DataFrame:
    """Noble scoring (貴族の得点計算) as a table indexed by player: one column per noble colour (what one noble of
    that colour gives), the working (per noble × nobles in the council) and the total.

    ``council`` counts the nobles of each colour in the council (``{"green": 2}``, 0 to 3 each); ``players`` maps
    a seat to its :class:`NobleInputs` (or the same as a dict; missing values are 0)."""
    from widgets.shared.frames import table

    columns = ["player", *NOBLE_COLOURS, "working", "total"]
    return table(noble_rows(town_, council, players), columns, index="player")


def plot_words(snapshot: Mapping[str, Any], index: int, offers: Mapping[str, str] | None = None) -> str:
    """One plot of a snapshot in words: ``plot 7 (row 1, column 2): builders-1 of Player 1, plot value 3``."""
    size = snapshot["size"]
    p = snapshot["plots"][index]
    r, c = divmod(index, size)
    if p["building"]:
        t = TILES[p["building"]]
        who = "public, no owner" if t.guild == "public" else f"of {owner_label(p['owner'])}"
        what = f"{p['building']} ({who}), icons {', '.join(t.icons)}, plot value {t.plot_value}"
    elif p["marker"] >= 0:
        what = f"{owner_label(p['marker'])}'s plot marker"
    else:
        what = "empty"
        if offers and str(index) in offers:
            what += f", to be had for {offers[str(index)]}"
    return f"plot {index} (row {r}, column {c}): {what}"


__all__ = ["HOUSE_ROWS", "HOUSES_PER_ROW", "MINE_ROWS", "MINES_PER_ROW_MAX", "NobleInputs", "cost_reason",
           "council_counts", "matching_frame", "matching_rows", "matching_totals", "noble_frame", "noble_rows",
           "plot_case", "plot_words"]
