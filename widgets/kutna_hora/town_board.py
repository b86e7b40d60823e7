"""Kutná Hora's town (クトナー・ホラ) for the notebooks: the town board as a view, an editable sandbox, tables and
exercises.

Nothing here decides a price or a point: what a plot costs comes from :func:`games.kutna_hora.town.plot_costs`,
what a building scores at the end from :func:`~games.kutna_hora.town.matching`, and what the nobles give from
:mod:`games.kutna_hora.nobles`. This module lays the town out like the board (plots, buildings with their icons and
plot value, houses and plot markers in player colours, the icons printed on the board edge) and turns the
browser's clicks into validated calls::

    from games.kutna_hora import town
    from widgets.kh_town import TownView, TownSandbox, TownPosition, town_html, matching_frame, noble_frame

    pos = TownPosition.build(5, {5: ("builders-1", 0), 0: "red-1", 6: ("grocers-1", 1), 10: ("tavern-1", 1)})
    view = TownView(pos.snapshot(), offers={1: 5, 11: 3})   # any town.snapshot(...) dict; prices as labels
    view.on_plot = lambda index: f"you clicked plot {index}"  # a str is shown; a ValueError becomes a refusal
    view.handle_intent({"type": "plot", "index": 11})        # what a click on plot 11 sends
    view.update(pos.snapshot(), offers={})                   # a full-game table redraws the same way
    matching_frame(pos)                 # pandas: each building's matching points and where they come from
    noble_frame(pos, {"green": 2}, {0: {"used_pelicans": 4}})   # pandas: nobles.per_noble × council, per player
    TownSandbox(size=5)                 # place tiles, plot markers, remove; live costs, matching and nobles

Plots are numbered as in :mod:`games.kutna_hora.town`: row by row from the top left, counted from 0, so plot
``row * size + column``; rows and columns are counted from 0 too. Public buildings have no owner (``-1``). Tiles,
icons and edge icons are the designed ``approx`` components (``shared/notes/kutna_hora.md`` §7, §13), so every
view carries :data:`games.kutna_hora.BANNER`.

pandas is imported only when a table is made, so ``import widgets`` stays quick.
"""

from __future__ import annotations

import html
import pathlib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

import anywidget
import ipywidgets
import traitlets

from games.kutna_hora import BANNER, nobles, town
from games.kutna_hora.data.approx import MINE_GRID, SOURCE, TOWN_SIZE, edge_icons
from games.kutna_hora.data.components import TILES
from games.kutna_hora.data.rulebook import (
    CHEAP_PLOT,
    HOUSES,
    NOBLE_COLOURS,
    NOBLES_PER_COLOUR,
    PLOT_BASE_COST,
    PLOT_MARKERS,
    PLOT_TAX,
)

from .exercises import ExerciseBox, Feedback

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd

_STATIC = pathlib.Path(__file__).parent / "static"

INTENTS = ("plot",)
SIZES: tuple[int, ...] = tuple(sorted(set(TOWN_SIZE.value.values())))
#: Seats that can play on each board side: the 5 × 5 side is the 2-player side, the 6 × 6 side for 3-4 players.
SEATS_BY_SIZE = {size: max(p for p, s in TOWN_SIZE.value.items() if s == size) for size in SIZES}
#: Player colours by seat, as in the rulebook's examples (紫, 青, 緑, 橙).
SEAT_NAMES = ("purple", "blue", "green", "orange")
SEAT_COLOURS = ("#7b3fa0", "#2f6fb5", "#2f8a4c", "#e07b1a")
#: The four matching icon colours (approx shapes: plain dots).
ICON_HEX = {"red": "#c62828", "yellow": "#f2c230", "green": "#2e7d32", "blue": "#1e5aa8"}
#: Guild tile backgrounds (our choice: light, and distinct from the player colours drawn on top).
GUILD_HEX = {"builders": "#e3cfb0", "grocers": "#d8e8c4", "tavern": "#f1dca7", "scribes": "#d3dcea",
             "metallurgists": "#dedede", "miners": "#cfc6bd"}
#: Public buildings take their noble's colour.
NOBLE_HEX = {"green": "#9fd3a6", "silver": "#c9ced6", "yellow": "#f6e08a", "red": "#efa39b"}
#: Mine rows (yellow nobles) and house rows (red nobles) on the player board; a row holds HOUSES / 3 houses.
MINE_ROWS = MINE_GRID.value[0]
MINES_PER_ROW_MAX = MINE_GRID.value[1]
HOUSE_ROWS = 3
HOUSES_PER_ROW = HOUSES.value // HOUSE_ROWS
MAX_PELICANS = 30
SIDES = {"n": "top", "e": "right", "s": "bottom", "w": "left"}
_WHOLE = re.compile(r"[+-]?[0-9]+\Z")


def _short(value: Any) -> str:
    """A value as a learner may see it in a message: its repr, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _cap(text: str) -> str:
    """``text`` with its first letter capitalised (str.capitalize would lower "Player 2")."""
    return text[:1].upper() + text[1:]


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_label(seat: int) -> str:
    """``Player 1`` for seat 0; ``public`` for -1 (public buildings and empty plots have no owner)."""
    return "public" if seat < 0 else f"Player {seat + 1}"


def tile_label(tile_id: str) -> str:
    """``builders 1`` for a guild tile, ``green noble 1`` for a public one (as the view labels them)."""
    t = TILES[tile_id]
    number = tile_id.rsplit("-", 1)[1]
    return f"{t.colour} noble {number}" if t.guild == "public" else f"{t.guild} {number}"


def palette() -> dict[str, Any]:
    """Colours the view and the static drawing share (sent once to the browser)."""
    return {"seats": list(SEAT_COLOURS), "seat_names": list(SEAT_NAMES), "icons": dict(ICON_HEX),
            "guilds": dict(GUILD_HEX), "nobles": dict(NOBLE_HEX)}


# ====================================================================== a town position
@dataclass(frozen=True)
class TownPosition:
    """A town as :mod:`games.kutna_hora.town` stores it: flat lists, row by row, and the board size.

    ``buildings[i]`` is a tile id or ``""``, ``owners[i]`` the builder's seat (-1 for public buildings and empty
    plots), ``markers[i]`` the seat whose plot marker stands there (-1 for none). :meth:`build` checks a position
    the way a learner writes it; the rules functions take the lists (``town.matching(i, pos.buildings,
    pos.size)``)."""

    buildings: tuple[str, ...]
    owners: tuple[int, ...]
    markers: tuple[int, ...]
    size: int

    @classmethod
    def empty(cls, size: int = 5) -> TownPosition:
        if size not in SIZES:
            raise ValueError(f"The town board has {' or '.join(f'{s} × {s}' for s in SIZES)} plots, not "
                             f"{_short(size)}.")
        n = size * size
        return cls(("",) * n, (-1,) * n, (-1,) * n, size)

    @classmethod
    def build(cls, size: int, placed: Mapping[int, str | tuple[str, int]] | None = None,
              markers: Mapping[int, int] | None = None) -> TownPosition:
        """``TownPosition.build(5, {5: ("builders-1", 0), 0: "red-1"}, markers={7: 1})``: a guild building with
        its owner's seat, a public building as its bare tile id (public buildings have no owner). ``ValueError``
        with a sentence for anything the board cannot hold."""
        pos = cls.empty(size)
        buildings, owners, marks = list(pos.buildings), list(pos.owners), list(pos.markers)
        for index, what in (placed or {}).items():
            if isinstance(what, str):
                tile, owner = what, -1
            elif isinstance(what, (tuple, list)) and len(what) == 2:
                tile, owner = what
            else:
                raise ValueError(f"plot {index}: give a guild building as (tile, seat) and a public building as "
                                 f"its tile id, not {_short(what)}")
            problem = _placement_problem(buildings, marks, size, index, tile, owner)
            if problem:
                raise ValueError(problem)
            buildings[index], owners[index] = tile, owner
        for index, seat in (markers or {}).items():
            problem = _marker_problem(buildings, marks, size, index, seat, check_price=False)
            if problem:
                raise ValueError(problem)
            marks[index] = seat
        return cls(tuple(buildings), tuple(owners), tuple(marks), size)

    @classmethod
    def from_snapshot(cls, snapshot: Mapping[str, Any]) -> TownPosition:
        """The position a :func:`games.kutna_hora.town.snapshot` dict shows."""
        _check_snapshot(snapshot)
        plots = snapshot["plots"]
        return cls(tuple(p["building"] for p in plots), tuple(p["owner"] for p in plots),
                   tuple(p["marker"] for p in plots), snapshot["size"])

    def snapshot(self) -> dict[str, Any]:
        return town.snapshot(self.buildings, self.owners, self.markers, self.size)

    def costs(self, reputation: bool = False) -> dict[int, int]:
        """Every plot that may be taken now and its price: :func:`~games.kutna_hora.town.plot_costs`, then the
        reputation discount the game applies (at reputation 3 or more every plot costs 1)."""
        prices = town.plot_costs(self.buildings, self.markers, self.size)
        return {i: CHEAP_PLOT.value[1] for i in prices} if reputation else prices

    def built(self) -> list[int]:
        """Plots with a building, in plot order."""
        return [i for i, b in enumerate(self.buildings) if b]

    def markers_of(self, seat: int) -> int:
        return sum(1 for m in self.markers if m == seat)


def _position(town_: TownPosition | Mapping[str, Any]) -> TownPosition:
    if isinstance(town_, TownPosition):
        return town_
    if isinstance(town_, Mapping):
        return TownPosition.from_snapshot(town_)
    raise ValueError(f"a town is a TownPosition or a town.snapshot(...) dict, not {type(town_).__name__}")


def _plot_problem(size: int, index: Any) -> str | None:
    if not _is_whole(index):
        return f"Plots are numbered 0 to {size * size - 1} (row × {size} + column), not {_short(index)}."
    if not 0 <= index < size * size:
        return f"There is no plot {index}: this {size} × {size} town has plots 0 to {size * size - 1}."
    return None


def _seat_problem(seat: Any, seats: int = 4) -> str | None:
    if not _is_whole(seat) or not 0 <= seat < seats:
        return f"Players are seats 0 to {seats - 1} (Player 1 to Player {seats}), not {_short(seat)}."
    return None


def _placement_problem(buildings: Sequence[str], markers: Sequence[int], size: int, index: Any, tile: Any,
                       owner: Any, seats: int = 4) -> str | None:
    """Why ``tile`` cannot go on plot ``index`` for ``owner``, as a sentence; ``None`` if it can. A building may
    stand on a plot carrying its builder's plot marker (the marker goes home, JA 建物アクション 1), and any
    player may put a public building on their own plot."""
    problem = _plot_problem(size, index)
    if problem:
        return problem
    if not isinstance(tile, str) or tile not in TILES:
        return f"There is no building tile {_short(tile)}: tiles are named like 'builders-1' or 'green-2'."
    if tile in buildings:
        return f"{tile} is already on plot {list(buildings).index(tile)}: there is only one of each tile."
    if buildings[index]:
        return f"Plot {index} is taken: {buildings[index]} stands there. Remove it first."
    public = TILES[tile].guild == "public"
    if public and owner != -1:
        return (f"{tile} is a public building: nobody owns it and nobody puts a house on it, so its owner is "
                f"public (-1), not {_short(owner)}.")
    if not public:
        problem = _seat_problem(owner, seats)
        if problem:
            return f"A guild building belongs to the player who builds it. {problem}"
    if markers[index] >= 0 and not public and markers[index] != owner:
        return (f"Plot {index} carries {seat_label(markers[index])}'s plot marker: only they may build there.")
    return None


def _marker_problem(buildings: Sequence[str], markers: Sequence[int], size: int, index: Any, seat: Any,
                    seats: int = 4, check_price: bool = True) -> str | None:
    problem = _plot_problem(size, index) or _seat_problem(seat, seats)
    if problem:
        return problem
    if buildings[index]:
        return f"Plot {index} is taken: {buildings[index]} stands there."
    if markers[index] >= 0:
        return f"Plot {index} is taken: {seat_label(markers[index])}'s plot marker stands there."
    if sum(1 for m in markers if m == seat) >= PLOT_MARKERS.value:
        return (f"{seat_label(seat)} has all {PLOT_MARKERS.value} plot markers in town already: nobody holds more "
                f"than {PLOT_MARKERS.value} plots at a time. Build on one first (its marker goes home).")
    if check_price:
        prices = town.plot_costs(buildings, markers, size)
        if index not in prices:
            where = ", ".join(map(str, sorted(prices)))
            return (f"Plot {index} cannot be taken now: while a plot next to a building is free, only plots next to "
                    f"a building may be taken ({where}).")
    return None


# ====================================================================== what the panels and tables say
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
    pos = _position(town_)
    rows = []
    for i in pos.built():
        m = town.matching(i, pos.buildings, pos.size)
        parts = []
        for source, n in m.sources:
            where = f"board edge ({_edge_words(pos, i)})" if source == "edge" else \
                f"{source} {_direction(pos, i, source)}"
            parts.append(f"{where}: {n}")
        tile = TILES[pos.buildings[i]]
        rows.append({"plot": i, "building": pos.buildings[i], "scores for": seat_label(pos.owners[i])
                     if pos.owners[i] >= 0 else "nobody (public)", "icons": ", ".join(tile.icons),
                     "from": "; ".join(parts) or "no matching icon next to it", "points": m.points})
    return rows


def matching_frame(town_: TownPosition | Mapping[str, Any]) -> pd.DataFrame:
    """Final town scoring (最終得点計算 クトナー・ホラ) as a table, one row per building, indexed by plot.
    A public building's icons match too, but nobody owns it, so nobody scores them."""
    import pandas as pd

    columns = ["building", "scores for", "icons", "from", "points"]
    return pd.DataFrame(matching_rows(town_), columns=["plot", *columns]).set_index("plot")


def matching_totals(town_: TownPosition | Mapping[str, Any]) -> dict[int, int]:
    """Final town points per seat (owned buildings only)."""
    pos = _position(town_)
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
                             f"houses_taken_per_row, not {_short(value)}")
        unknown = set(value) - {"used_pelicans", "mines_per_row", "houses_taken_per_row"}
        if unknown:
            raise ValueError(f"noble inputs are used_pelicans, mines_per_row and houses_taken_per_row, not "
                             f"{', '.join(sorted(map(str, unknown)))}")
        out = cls(value.get("used_pelicans", 0), tuple(value.get("mines_per_row", (0,) * MINE_ROWS)),
                  tuple(value.get("houses_taken_per_row", (0,) * HOUSE_ROWS)))
        out.check()
        return out

    def check(self) -> None:
        if not _is_whole(self.used_pelicans) or self.used_pelicans < 0:
            raise ValueError(f"used pelicans are a whole number 0 or more, not {_short(self.used_pelicans)}")
        if len(self.mines_per_row) != MINE_ROWS or not all(_is_whole(n) and n >= 0 for n in self.mines_per_row):
            raise ValueError(f"mines_per_row has one whole number per mine row ({MINE_ROWS} rows), not "
                             f"{_short(self.mines_per_row)}")
        if len(self.houses_taken_per_row) != HOUSE_ROWS or not all(
                _is_whole(n) and 0 <= n <= HOUSES_PER_ROW for n in self.houses_taken_per_row):
            raise ValueError(f"houses_taken_per_row has one number 0 to {HOUSES_PER_ROW} per house row "
                             f"({HOUSE_ROWS} rows), not {_short(self.houses_taken_per_row)}")


def _council(council: Mapping[str, int] | None) -> dict[str, int]:
    council = dict(council or {})
    for colour, n in council.items():
        if colour not in NOBLE_COLOURS:
            raise ValueError(f"nobles are {', '.join(NOBLE_COLOURS)}, not {_short(colour)}")
        if not _is_whole(n) or not 0 <= n <= NOBLES_PER_COLOUR.value:
            raise ValueError(f"the council holds 0 to {NOBLES_PER_COLOUR.value} {colour} nobles, not {_short(n)}")
    return {c: council.get(c, 0) for c in NOBLE_COLOURS}


def noble_rows(town_: TownPosition | Mapping[str, Any], council: Mapping[str, int] | None,
               players: Mapping[int, NobleInputs | Mapping[str, Any] | None]) -> list[dict[str, Any]]:
    """One row per player: what one noble of each colour gives them (:func:`~games.kutna_hora.nobles.per_noble`),
    the working, and the total (:func:`~games.kutna_hora.nobles.total`)."""
    pos = _position(town_)
    council_ = _council(council)
    rows = []
    for seat, given in players.items():
        problem = _seat_problem(seat)
        if problem:
            raise ValueError(problem)
        inputs = NobleInputs.of(given)
        inputs.check()
        per = nobles.per_noble(pos.buildings, pos.owners, pos.size, seat, inputs.used_pelicans,
                               inputs.mines_per_row, inputs.houses_taken_per_row)
        total = nobles.total(per, council_)
        working = " + ".join(f"{c} {per[c]}×{council_[c]}" for c in NOBLE_COLOURS) + f" = {total}"
        rows.append({"player": seat_label(seat), **per, "working": working, "total": total})
    return rows


def noble_frame(town_: TownPosition | Mapping[str, Any], council: Mapping[str, int] | None,
                players: Mapping[int, NobleInputs | Mapping[str, Any] | None]) -> pd.DataFrame:
    """Noble scoring (貴族の得点計算) as a table indexed by player: one column per noble colour (what one noble of
    that colour gives), the working (per noble × nobles in the council) and the total.

    ``council`` counts the nobles of each colour in the council (``{"green": 2}``, 0 to 3 each); ``players`` maps
    a seat to its :class:`NobleInputs` (or the same as a dict; missing values are 0)."""
    import pandas as pd

    columns = ["player", *NOBLE_COLOURS, "working", "total"]
    return pd.DataFrame(noble_rows(town_, council, players), columns=columns).set_index("player")


# ====================================================================== the static drawing
def _check_snapshot(snapshot: Any) -> None:
    """``ValueError`` unless ``snapshot`` has the shape :func:`games.kutna_hora.town.snapshot` gives."""
    if not isinstance(snapshot, Mapping) or not {"size", "plots", "edges"} <= set(snapshot):
        raise ValueError("a town is drawn from a town.snapshot(...) dict with size, plots and edges")
    size, plots = snapshot["size"], snapshot["plots"]
    if not _is_whole(size) or not 1 <= size <= 12:
        raise ValueError(f"a town's size is a whole number of plots per side, not {_short(size)}")
    if not isinstance(plots, Sequence) or len(plots) != size * size:
        raise ValueError(f"a {size} × {size} town has {size * size} plots, not {len(plots)}")
    for i, p in enumerate(plots):
        if not isinstance(p, Mapping) or not isinstance(p.get("building"), str) or not _is_whole(
                p.get("owner")) or not _is_whole(p.get("marker")):
            raise ValueError(f"plot {i} must have building (str), owner and marker (int), not {_short(p)}")
        if p["building"] and p["building"] not in TILES:
            raise ValueError(f"plot {i}: there is no building tile {_short(p['building'])}")


def _offers(offers: Mapping[Any, Any] | None, size: int) -> dict[str, str]:
    """Offers as the browser gets them: string keys (JSON objects have no int keys), labels as text; a number is
    a price in groschen."""
    out: dict[str, str] = {}
    for key, label in (offers or {}).items():
        index = int(key) if isinstance(key, str) and _WHOLE.match(key) else key
        problem = _plot_problem(size, index)
        if problem:
            raise ValueError(f"offers: {problem}")
        out[str(index)] = f"{label} groschen" if _is_whole(label) else str(label)
    return out


def plot_words(snapshot: Mapping[str, Any], index: int, offers: Mapping[str, str] | None = None) -> str:
    """One plot of a snapshot in words: ``plot 7 (row 1, column 2): builders-1 of Player 1, plot value 3``."""
    size = snapshot["size"]
    p = snapshot["plots"][index]
    r, c = divmod(index, size)
    if p["building"]:
        t = TILES[p["building"]]
        who = "public, no owner" if t.guild == "public" else f"of {seat_label(p['owner'])}"
        what = f"{p['building']} ({who}), icons {', '.join(t.icons)}, plot value {t.plot_value}"
    elif p["marker"] >= 0:
        what = f"{seat_label(p['marker'])}'s plot marker"
    else:
        what = "empty"
        if offers and str(index) in offers:
            what += f", to be had for {offers[str(index)]}"
    return f"plot {index} (row {r}, column {c}): {what}"


def town_html(snapshot: Mapping[str, Any] | TownPosition, offers: Mapping[Any, Any] | None = None,
              badges: Mapping[Any, Any] | None = None, *, caption: str = "") -> str:
    """The town as plain HTML (no widget, no JavaScript): plots with building, icons, plot value, house and plot
    marker colours, the board edge icons, and optional ``offers`` (``{plot: price or label}``) and ``badges``
    (``{plot: text}``, e.g. matching points).

    Styles are inline, so the drawing survives static exports; its test ids start with ``kh-town-static`` so they
    never clash with a live :class:`TownView` on the same page."""
    if isinstance(snapshot, TownPosition):
        snapshot = snapshot.snapshot()
    _check_snapshot(snapshot)
    size = snapshot["size"]
    offered = _offers(offers, size)
    badge = _offers(badges, size)
    edges = {(r, c, side): colour for r, c, side, colour in snapshot["edges"]}

    def edge_cell(r: int, c: int, side: str) -> str:
        colour = edges.get((r, c, side))
        dot = (f"<span data-testid='kh-town-static-edge-{r}-{c}-{side}' title='board edge icon: {colour}' "
               f"style='display:inline-block;width:12px;height:12px;border-radius:50%;border:1px solid #333;"
               f"background:{ICON_HEX[colour]}'></span>" if colour else "")
        return f"<td style='text-align:center;vertical-align:middle;padding:1px;background:#8a7a5c'>{dot}</td>"

    def plot_cell(i: int) -> str:
        p = snapshot["plots"][i]
        style = ("width:86px;height:74px;vertical-align:top;padding:3px;border:1px solid #8a7a5c;font-size:11px;"
                 "line-height:1.2;")
        inner = f"<div style='color:#777;font-size:10px'>plot {i}</div>"
        if p["building"]:
            t = TILES[p["building"]]
            bg = NOBLE_HEX[t.colour] if t.guild == "public" else GUILD_HEX[t.guild]
            dots = "".join(f"<span style='display:inline-block;width:10px;height:10px;border-radius:50%;"
                           f"border:1px solid #333;margin-right:2px;background:{ICON_HEX[ic]}'></span>"
                           for ic in t.icons)
            if t.guild == "public":
                who = "<span style='color:#555' title='nobody owns it, nobody puts a house on it'>public</span>"
            else:
                colour = SEAT_COLOURS[p["owner"]] if 0 <= p["owner"] < len(SEAT_COLOURS) else "#555"
                who = f"<span style='color:{colour};font-weight:700'>⌂ {seat_label(p['owner'])}</span>"
            inner = (f"<div style='display:flex;justify-content:space-between'><span>{dots}</span>"
                     f"<b title='plot value'>{t.plot_value}</b></div><div style='font-weight:700'>"
                     f"{html.escape(tile_label(p['building']))}</div><div>{who}</div>"
                     f"<div style='color:#777;font-size:10px'>plot {i}</div>")
            style += f"background:{bg};"
        elif p["marker"] >= 0:
            colour = SEAT_COLOURS[p["marker"]] if p["marker"] < len(SEAT_COLOURS) else "#555"
            inner += (f"<div style='color:{colour};font-weight:700'>▲ plot marker</div>"
                      f"<div style='color:{colour}'>{seat_label(p['marker'])}</div>")
            style += "background:#f4efe3;"
        else:
            style += "background:#f4efe3;"
        if str(i) in offered:
            inner += (f"<div style='margin-top:2px;font-weight:700;color:#135e3a'>"
                      f"{html.escape(offered[str(i)])}</div>")
            style += "outline:2px dashed #2f7a4c;outline-offset:-3px;"
        if str(i) in badge:
            inner += f"<div style='color:#7a2e00;font-weight:700'>{html.escape(badge[str(i)])}</div>"
        return f"<td data-testid='kh-town-static-plot-{i}' style='{style}'>{inner}</td>"

    corner = "<td style='background:#8a7a5c;width:16px;height:16px'></td>"
    rows = ["<tr>" + corner + "".join(edge_cell(0, c, "n") for c in range(size)) + corner + "</tr>"]
    for r in range(size):
        rows.append("<tr>" + edge_cell(r, 0, "w") + "".join(plot_cell(r * size + c) for c in range(size))
                    + edge_cell(r, size - 1, "e") + "</tr>")
    rows.append("<tr>" + corner + "".join(edge_cell(size - 1, c, "s") for c in range(size)) + corner + "</tr>")
    banner = (f"<div data-testid='kh-town-static-banner' style='display:inline-block;background:#fff4d6;"
              f"border:1px dashed #b7862a;color:#6b4a0c;font-size:12px;padding:2px 8px;border-radius:4px'>⚠️ "
              f"{html.escape(BANNER)} ({html.escape(SOURCE)})</div>")
    head = f"<div style='font-weight:700;margin:4px 0'>{html.escape(caption)}</div>" if caption else ""
    return (f"<div class='kh-town-static' data-testid='kh-town-static' style='font-family:system-ui,sans-serif;"
            f"font-size:13px;color:#22201c;margin:4px 0'>{banner}{head}<table style='border-collapse:collapse;"
            f"table-layout:fixed'>{''.join(rows)}</table></div>")


# ====================================================================== the live view
class TownView(anywidget.AnyWidget):
    """The town board: plots in a grid, buildings with their icons, plot value and owner's house colour, plot
    markers in player colours, the icons on the board edge, and optional price labels on the plots to be had.

    ``TownView(snapshot=None, offers=None, badges=None, *, size=5, caption="", only_offers=False, on_plot=None)``
    where ``snapshot`` is a :func:`games.kutna_hora.town.snapshot` dict (an empty town of ``size`` if ``None``),
    ``offers`` maps plots to a price (a number, in groschen) or a label, ``badges`` maps plots to a short note.

    Synced state (Python → browser): ``town`` (the snapshot), ``offers`` and ``badges`` (string keys, as JSON
    has them), ``only_offers`` (only offered plots are clickable), ``selected`` (a plot to outline, -1 for none),
    ``caption``, ``palette`` (seat, icon, guild and noble colours), ``banner``, ``source``, ``message``,
    ``message_kind`` (``"info"`` / ``"error"``) and ``message_seq`` (counts answers).

    The one intent (browser → Python): ``{"type": "plot", "index": 7}``. :meth:`handle_intent` checks it (a whole
    number, a plot of this town, an offered plot when ``only_offers``), then calls ``on_plot(index)`` if set: a
    ``str`` it returns is shown; a ``ValueError`` it raises (``IllegalAction`` is one) is shown as a refusal, and
    the callback must then have changed nothing. Without a callback the view says what is on the plot. Nonsense
    gets a sentence in ``message`` and changes nothing; never a traceback.
    """

    _esm = _STATIC / "kh_town.js"
    _css = _STATIC / "kh_town.css"

    town = traitlets.Dict().tag(sync=True)
    offers = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    badges = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    only_offers = traitlets.Bool(False).tag(sync=True)
    selected = traitlets.Int(-1).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    palette = traitlets.Dict().tag(sync=True)
    banner = traitlets.Unicode("").tag(sync=True)
    source = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    # Counts answers, so the same message twice still reaches the view (and tests can wait for a reply).
    message_seq = traitlets.Int(0).tag(sync=True)

    def __init__(self, snapshot: Mapping[str, Any] | TownPosition | None = None,
                 offers: Mapping[Any, Any] | None = None, badges: Mapping[Any, Any] | None = None, *,
                 size: int = 5, caption: str = "", only_offers: bool = False,
                 on_plot: Callable[[int], Any] | None = None, **kwargs: Any) -> None:
        snap = _snapshot_of(snapshot, size)
        super().__init__(town=snap, offers=_offers(offers, snap["size"]), badges=_offers(badges, snap["size"]),
                         caption=caption, only_offers=only_offers, palette=palette(), banner=BANNER,
                         source=SOURCE, **kwargs)
        self.on_plot = on_plot
        self.on_msg(self._on_browser_msg)
        self._say("Click a plot." if on_plot or only_offers else "Click a plot to see what is on it.")

    @property
    def size(self) -> int:
        return self.town["size"]

    @property
    def position(self) -> TownPosition:
        """The town shown, as lists for the rules functions."""
        return TownPosition.from_snapshot(self.town)

    def update(self, snapshot: Mapping[str, Any] | TownPosition, offers: Mapping[Any, Any] | None = None,
               badges: Mapping[Any, Any] | None = None, *, selected: int = -1, message: str | None = None) -> None:
        """Show another town (and its offers and badges; ``None`` clears them) in one sync message. A snapshot
        of the wrong shape raises ``ValueError`` and changes nothing."""
        snap = _snapshot_of(snapshot, 5)
        offered, badge = _offers(offers, snap["size"]), _offers(badges, snap["size"])
        with self.hold_sync():
            self.town, self.offers, self.badges = snap, offered, badge
            self.selected = selected if _is_whole(selected) and 0 <= selected < snap["size"] ** 2 else -1
            if message is not None:
                self._say(message)

    def _repr_html_(self) -> str:
        """A static drawing for places without a widget manager (exports, GitHub)."""
        return town_html(self.town, self.offers, self.badges, caption=self.caption)

    # ------------------------------------------------------------------ intents from the browser
    def _on_browser_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_intent(content)
        except Exception as err:  # a bug must not vanish into the JupyterLab log console
            self._say(f"Something went wrong in the town view: {type(err).__name__}: {err}", "error")

    def handle_intent(self, intent: Any) -> bool:
        """Carry out one intent as the browser sends it (see the class docstring). Anything malformed or impossible
        becomes a sentence in :attr:`message` and leaves everything as it was."""
        if not isinstance(intent, dict):
            return self.refuse(f"Not understood: an intent is an object like {{'type': 'plot', 'index': 7}}, "
                               f"not {type(intent).__name__}.")
        kind = intent.get("type")
        if kind not in INTENTS:
            return self.refuse(f"Not understood: unknown intent {_short(kind)}; the intent is "
                               f"{', '.join(INTENTS)}.")
        index = intent.get("index")
        problem = _plot_problem(self.size, index)
        if problem:
            return self.refuse(f"Not understood: {problem}")
        if self.only_offers and str(index) not in self.offers:
            where = ", ".join(sorted(self.offers, key=int)) or "none"
            return self.refuse(f"Not allowed: plot {index} cannot be chosen now; the plots you may choose are "
                               f"{where}.")
        if self.on_plot is None:
            self._say(_cap(plot_words(self.town, index, self.offers)) + ".")
            return True
        with self.hold_sync():  # the callback's redraw and the answer travel as one sync message
            try:
                answer = self.on_plot(index)
            except ValueError as err:  # IllegalAction is a ValueError: the rules said no, nothing changed
                return self.refuse(f"Not allowed: {getattr(err, 'reason', err)}")
            self._say(answer if isinstance(answer, str) and answer
                      else _cap(plot_words(self.town, index)) + ".")
        return True

    def refuse(self, text: str) -> bool:
        """Show ``text`` as a refusal; answers ``False`` (for callers that return it)."""
        self._say(text, "error")
        return False

    def say(self, text: str) -> None:
        self._say(text)

    def _say(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.message = text
            self.message_kind = kind
            self.message_seq += 1


def _snapshot_of(snapshot: Mapping[str, Any] | TownPosition | None, size: int) -> dict[str, Any]:
    if snapshot is None:
        return TownPosition.empty(size).snapshot()
    if isinstance(snapshot, TownPosition):
        return snapshot.snapshot()
    _check_snapshot(snapshot)
    return {"size": snapshot["size"], "plots": [dict(p) for p in snapshot["plots"]],
            "edges": [list(e) for e in snapshot["edges"]]}


# ====================================================================== the sandbox
MODES = (("build", "build"), ("plot marker", "marker"), ("remove", "remove"))


class TownSandbox(ipywidgets.VBox):
    """An editable town: pick a building tile and an owner, click a plot to build; take plots with plot markers
    (at the price the rules ask, only where the rules allow); remove; reset; switch the board side (5 × 5 or
    6 × 6). Live panels: what each free plot costs now (with a "reputation ≥ 3" checkbox), each building's matching
    points with their sources, and the noble scoring per player for the council you set.

    ``sandbox.view`` is the :class:`TownView`. Controls: ``.mode_picker`` (ToggleButtons: build, marker, remove),
    ``.tile_picker`` and ``.owner_picker`` (Dropdowns), ``.size_picker``, ``.reputation_box`` (Checkbox),
    ``.reset_button``, ``.council`` (colour → BoundedIntText) and ``.player_inputs`` (seat → ``{"used_pelicans":
    w, "mines_per_row": [w, ...], "houses_taken_per_row": [w, ...]}``). Panels (HTML): ``.costs_panel``,
    ``.matching_panel``, ``.nobles_panel``.

    From code: :meth:`place`, :meth:`mark`, :meth:`remove`, :meth:`reset`, :meth:`resize`, :meth:`load` answer
    ``False`` with a sentence in ``sandbox.view.message`` when the board cannot do it (then nothing changes);
    :attr:`position`, :meth:`costs`, :meth:`matching` and :meth:`noble_rows` read what the rules make of it.
    """

    def __init__(self, size: int = 5, *, position: TownPosition | None = None, reputation: bool = False,
                 council: Mapping[str, int] | None = None, **kwargs: Any) -> None:
        self._pos = position if position is not None else TownPosition.empty(size)
        size = self._pos.size
        style = {"description_width": "90px"}
        self.mode_picker = ipywidgets.ToggleButtons(options=MODES, value="build", description="click to",
                                                    style=style)
        self.tile_picker = ipywidgets.Dropdown(options=_tile_options(), value="builders-1", description="tile",
                                               layout={"width": "360px"}, style=style)
        self.owner_picker = ipywidgets.Dropdown(options=_owner_options(SEATS_BY_SIZE[size]), value=0,
                                                description="player", layout={"width": "220px"}, style=style)
        self.size_picker = ipywidgets.ToggleButtons(options=[(f"{s} × {s} ({_players_words(s)})", s)
                                                             for s in SIZES], value=size, description="board",
                                                    style=style)
        self.reputation_box = ipywidgets.Checkbox(value=reputation, description="reputation ≥ 3 (plots cost 1)",
                                                  indent=False)
        self.reset_button = ipywidgets.Button(description="reset", icon="undo", tooltip="empty the town")
        council_ = _council(council if council is not None else {"green": 1})
        self.council = {c: ipywidgets.BoundedIntText(value=council_[c], min=0, max=NOBLES_PER_COLOUR.value,
                                                     description=f"{c}", layout={"width": "130px"},
                                                     style={"description_width": "50px"})
                        for c in NOBLE_COLOURS}
        self.player_inputs: dict[int, dict[str, Any]] = {}
        self.inputs_box = ipywidgets.VBox()
        self.costs_panel = ipywidgets.HTML()
        self.matching_panel = ipywidgets.HTML()
        self.nobles_panel = ipywidgets.HTML()
        self.view = TownView(self._pos, size=size, on_plot=self._on_plot,
                             caption="Click a plot: the mode below says what a click does.")
        self._make_player_inputs(SEATS_BY_SIZE[size])

        self.tile_picker.observe(self._on_tile, names="value")
        self.size_picker.observe(self._on_size, names="value")
        self.mode_picker.observe(self._refresh, names="value")
        self.reputation_box.observe(self._refresh, names="value")
        self.reset_button.on_click(lambda _b: self.reset())
        for w in self.council.values():
            w.observe(self._refresh_nobles, names="value")
        self._refresh()
        controls = ipywidgets.VBox([
            self.size_picker, self.mode_picker,
            ipywidgets.HBox([self.tile_picker, self.owner_picker], layout={"flex_flow": "row wrap"}),
            ipywidgets.HBox([self.reputation_box, self.reset_button])])
        noble_box = ipywidgets.VBox([
            ipywidgets.HTML("<b>Nobles in the council</b> (0 to 3 of each colour)"),
            ipywidgets.HBox(list(self.council.values()), layout={"flex_flow": "row wrap"}),
            ipywidgets.HTML("<b>Per player</b>: used pelicans · mines in mine rows 1-4 · houses taken from "
                            "house rows 1-3"),
            self.inputs_box, self.nobles_panel])
        super().__init__([controls, ipywidgets.HBox([self.view, ipywidgets.VBox(
            [self.costs_panel, self.matching_panel], layout={"max_width": "520px"})],
            layout={"flex_flow": "row wrap"}), noble_box], **kwargs)

    # ------------------------------------------------------------------ reading it
    @property
    def position(self) -> TownPosition:
        return self._pos

    @property
    def size(self) -> int:
        return self._pos.size

    @property
    def seats(self) -> int:
        """How many players the board side is for (2 on the 5 × 5 side, up to 4 on the 6 × 6 side)."""
        return SEATS_BY_SIZE[self.size]

    def costs(self) -> dict[int, int]:
        """What each plot to be had costs now, with the reputation discount if the box is ticked."""
        return self._pos.costs(self.reputation_box.value)

    def matching(self) -> dict[int, town.Match]:
        """:func:`~games.kutna_hora.town.matching` for every building, by plot."""
        return {i: town.matching(i, self._pos.buildings, self.size) for i in self._pos.built()}

    def noble_inputs(self) -> dict[int, NobleInputs]:
        return {seat: NobleInputs(w["used_pelicans"].value, tuple(x.value for x in w["mines_per_row"]),
                                  tuple(x.value for x in w["houses_taken_per_row"]))
                for seat, w in self.player_inputs.items()}

    def council_counts(self) -> dict[str, int]:
        return {c: w.value for c, w in self.council.items()}

    def noble_rows(self) -> list[dict[str, Any]]:
        return noble_rows(self._pos, self.council_counts(), self.noble_inputs())

    # ------------------------------------------------------------------ the verbs
    def click(self, index: Any) -> bool:
        """What a click on plot ``index`` does in the current mode (the same path as the browser's click)."""
        return self.view.handle_intent({"type": "plot", "index": index})

    def place(self, index: int, tile: str, owner: int | None = None) -> bool:
        """Build ``tile`` on plot ``index`` for ``owner`` (a seat; public buildings have none)."""
        return self._do(self._place, index, tile, owner)

    def mark(self, index: int, seat: int) -> bool:
        """Put ``seat``'s plot marker on plot ``index``: only a plot the rules offer now, at most 3 per player."""
        return self._do(self._mark, index, seat)

    def remove(self, index: int) -> bool:
        """Take the building or plot marker off plot ``index``."""
        return self._do(self._remove, index)

    def load(self, position: TownPosition) -> bool:
        """Show ``position`` (its board side too)."""
        if not isinstance(position, TownPosition):
            return self.view.refuse(f"Not understood: load takes a TownPosition, not {type(position).__name__}.")
        if position.size != self.size:
            self.size_picker.value = position.size  # rebuilds the player inputs for the other side
        self._set(position, -1, f"Loaded a {position.size} × {position.size} town with "
                                f"{len(position.built())} buildings.")
        return True

    def reset(self) -> None:
        self._set(TownPosition.empty(self.size), -1, "The town is empty again.")

    def resize(self, size: int) -> bool:
        """Turn the board to the other side (the town is emptied: the plots are not the same)."""
        if size not in SIZES:
            return self.view.refuse(f"Not allowed: the town board has a {' and a '.join(f'{s} × {s}' for s in SIZES)}"
                                    f" side, not {_short(size)}.")
        self.size_picker.value = size
        return True

    # ------------------------------------------------------------------ doing it
    def _do(self, verb: Callable[..., str], *args: Any) -> bool:
        try:
            self.view.say(verb(*args))
        except ValueError as err:
            return self.view.refuse(f"Not allowed: {err}")
        return True

    def _on_plot(self, index: int) -> str:
        """The view's callback: raises ValueError with the sentence (the view shows it as a refusal)."""
        mode = self.mode_picker.value
        if mode == "remove":
            return self._remove(index)
        if mode == "marker":
            return self._mark(index, self.owner_picker.value)
        tile = self.tile_picker.value
        owner = -1 if TILES[tile].guild == "public" else self.owner_picker.value
        return self._place(index, tile, owner)

    def _place(self, index: Any, tile: Any, owner: Any) -> str:
        if owner is None and isinstance(tile, str) and tile in TILES and TILES[tile].guild == "public":
            owner = -1
        b, o, m = list(self._pos.buildings), list(self._pos.owners), list(self._pos.markers)
        problem = _placement_problem(b, m, self.size, index, tile, owner, self.seats)
        if problem:
            raise ValueError(problem)
        home = f" {seat_label(m[index])}'s plot marker goes home." if m[index] >= 0 else ""
        b[index], o[index], m[index] = tile, owner, -1
        self._set(TownPosition(tuple(b), tuple(o), tuple(m), self.size), index, "")
        t = TILES[tile]
        if t.guild == "public":
            what = (f"{tile} (public) on plot {index}: no owner, no house, no production; a {t.colour} noble goes "
                    f"to the pool and the builder gets {t.bonus[1]} {t.bonus[0]} at once.")
        else:
            what = f"{tile} of {seat_label(owner)} on plot {index}."
        return f"{what}{home} It scores {town.matching(index, b, self.size).points} by matching now."

    def _mark(self, index: Any, seat: Any) -> str:
        b, m = list(self._pos.buildings), list(self._pos.markers)
        problem = _marker_problem(b, m, self.size, index, seat, self.seats)
        if problem:
            raise ValueError(problem)
        reason = cost_reason(self._pos, index, self.reputation_box.value)
        m[index] = seat
        self._set(TownPosition(self._pos.buildings, self._pos.owners, tuple(m), self.size), index, "")
        n = sum(1 for x in m if x == seat)
        tax = f" With {n} plots in town, plot tax {PLOT_TAX.value[n]} at round end." if n in PLOT_TAX.value else ""
        return f"{seat_label(seat)} takes plot {index} for {reason}.{tax}"

    def _remove(self, index: Any) -> str:
        problem = _plot_problem(self.size, index)
        if problem:
            raise ValueError(problem)
        b, o, m = list(self._pos.buildings), list(self._pos.owners), list(self._pos.markers)
        if b[index]:
            what = f"{b[index]} leaves plot {index}."
            b[index], o[index] = "", -1
        elif m[index] >= 0:
            what = f"{seat_label(m[index])}'s plot marker leaves plot {index}."
            m[index] = -1
        else:
            raise ValueError(f"plot {index} is empty already: there is nothing to remove.")
        self._set(TownPosition(tuple(b), tuple(o), tuple(m), self.size), index, "")
        return what

    def _set(self, pos: TownPosition, selected: int, message: str) -> None:
        self._pos = pos
        if self.tile_picker.value in pos.buildings:
            # There is one of each tile: move the picker on, so the next click builds instead of being refused.
            self.tile_picker.value = _next_free_tile(self.tile_picker.value, pos.buildings)
        self._refresh(selected=selected, message=message or None)

    # ------------------------------------------------------------------ controls and panels
    def _on_tile(self, change: Any) -> None:
        # Public buildings have no owner: the owner picker is only for guild buildings and plot markers.
        public = TILES[change["new"]].guild == "public"
        self.owner_picker.description = "player" if not public else "player (for markers)"

    def _on_size(self, change: Any) -> None:
        size = change["new"]
        self._pos = TownPosition.empty(size)
        seats = SEATS_BY_SIZE[size]
        self.owner_picker.options = _owner_options(seats)
        self.owner_picker.value = 0
        self._make_player_inputs(seats)
        self._refresh(message=f"The {size} × {size} side ({_players_words(size)}): an empty town.")

    def _make_player_inputs(self, seats: int) -> None:
        def box(maximum: int, label: str) -> ipywidgets.BoundedIntText:
            return ipywidgets.BoundedIntText(value=0, min=0, max=maximum, layout={"width": "52px"},
                                             tooltip=label)

        rows = []
        self.player_inputs = {}
        for seat in range(seats):
            w = {"used_pelicans": box(MAX_PELICANS, "used pelicans"),
                 "mines_per_row": [box(MINES_PER_ROW_MAX, f"mines in mine row {r + 1}") for r in range(MINE_ROWS)],
                 "houses_taken_per_row": [box(HOUSES_PER_ROW, f"houses taken from row {r + 1}")
                                          for r in range(HOUSE_ROWS)]}
            for x in [w["used_pelicans"], *w["mines_per_row"], *w["houses_taken_per_row"]]:
                x.observe(self._refresh_nobles, names="value")
            self.player_inputs[seat] = w
            label = ipywidgets.HTML(f"<span style='color:{SEAT_COLOURS[seat]};font-weight:700'>"
                                    f"{seat_label(seat)}</span>", layout={"width": "70px"})
            rows.append(ipywidgets.HBox([label, ipywidgets.HTML("pelicans"), w["used_pelicans"],
                                         ipywidgets.HTML("mines"), *w["mines_per_row"],
                                         ipywidgets.HTML("houses"), *w["houses_taken_per_row"]],
                                        layout={"flex_flow": "row wrap", "align_items": "center"}))
        self.inputs_box.children = rows

    def _refresh(self, _change: Any = None, *, selected: int = -1, message: str | None = None) -> None:
        pos, reputation = self._pos, self.reputation_box.value
        prices = self.costs()
        marking = self.mode_picker.value == "marker"
        matches = self.matching()
        badges = {i: f"+{m.points}" + ("" if pos.owners[i] >= 0 else " (nobody)") for i, m in matches.items()}
        with self.view.hold_sync():
            self.view.only_offers = marking
            self.view.update(pos, prices, badges, selected=selected, message=message)
        self.costs_panel.value = _costs_html(pos, prices, reputation, self.seats)
        self.matching_panel.value = _rows_html(
            "Matching at the end (each building's owner scores it)", matching_rows(pos),
            ["plot", "building", "scores for", "from", "points"], "No buildings yet.")
        self._refresh_nobles()

    def _refresh_nobles(self, _change: Any = None) -> None:
        try:
            rows = self.noble_rows()
        except ValueError as err:  # a box holding a value out of range while being typed
            self.nobles_panel.value = f"<div class='kh-town-panel' style='color:#b3261e'>{html.escape(str(err))}</div>"
            return
        self.nobles_panel.value = _rows_html(
            "Noble scoring at the end of each of the last 3 rounds (per noble × nobles in the council)", rows,
            ["player", *NOBLE_COLOURS, "working", "total"], "")


def _players_words(size: int) -> str:
    players = sorted(p for p, s in TOWN_SIZE.value.items() if s == size)
    return f"{players[0]} players" if len(players) == 1 else f"{players[0]}-{players[-1]} players"


def _next_free_tile(tile: str, buildings: Sequence[str]) -> str:
    """The next tile after ``tile`` that is not in town: of the same guild (or noble colour) first."""
    ids = list(TILES)
    order = ids[ids.index(tile) + 1:] + ids[:ids.index(tile)]
    same = [t for t in order if (TILES[t].guild, TILES[t].colour) == (TILES[tile].guild, TILES[tile].colour)]
    return next((t for t in same + order if t not in buildings), tile)


def _tile_options() -> list[tuple[str, str]]:
    out = []
    for tid, t in TILES.items():
        kind = f"public, {t.colour} noble" if t.guild == "public" else t.guild
        out.append((f"{tid} · {kind} · icons {'/'.join(t.icons)} · plot value {t.plot_value}", tid))
    return out


def _owner_options(seats: int) -> list[tuple[str, int]]:
    return [(f"{seat_label(s)} ({SEAT_NAMES[s]})", s) for s in range(seats)]


def _costs_html(pos: TownPosition, prices: Mapping[int, int], reputation: bool, seats: int) -> str:
    lines = "".join(f"<li>plot {i}: <b>{html.escape(cost_reason(pos, i, reputation))}</b></li>"
                    for i in sorted(prices))
    tax = []
    for seat in range(seats):
        n = pos.markers_of(seat)
        if n:
            due = PLOT_TAX.value.get(n, 0)
            tax.append(f"{seat_label(seat)}: {n} of {PLOT_MARKERS.value} plot markers in town, plot tax {due}")
    taxes = ("<div>" + "; ".join(tax) + ".</div>") if tax else ""
    return (f"<div class='kh-town-panel' data-testid='kh-town-costs'><b>Plots to be had now</b>"
            f"<div>{html.escape(plot_case(pos))}</div><ul style='margin:2px 0;max-height:180px;overflow:auto'>"
            f"{lines or '<li>none</li>'}</ul>{taxes}</div>")


def _rows_html(title: str, rows: Iterable[Mapping[str, Any]], columns: Sequence[str], empty: str) -> str:
    rows = list(rows)
    head = "".join(f"<th style='text-align:left;padding:1px 6px'>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td style='padding:1px 6px'>{html.escape(str(r[c]))}</td>" for c in columns)
                   + "</tr>" for r in rows)
    table = f"<table style='border-collapse:collapse'><tr>{head}</tr>{body}</table>" if rows else html.escape(empty)
    return f"<div class='kh-town-panel'><b>{html.escape(title)}</b>{table}</div>"


# ====================================================================== exercises
class TownExercise:
    """A self-checking question about one town position; the rules package works the answer out.

    Make one with :meth:`plot_cost`, :meth:`matching_points` or :meth:`noble_points`. A position or question
    that does not exist raises ``ValueError`` when the exercise is made, so a broken exercise fails when its
    notebook runs. ``show()`` gives the question, an answer box, a Check button and the feedback
    (:class:`widgets.exercises.ExerciseBox`)."""

    def __init__(self, title: str, position: TownPosition, text: str, unit: str,
                 solve: Callable[[], tuple[int, str]], hint: str = "", offers: Mapping[int, Any] | None = None,
                 extra_html: str = "") -> None:
        self.title, self.position, self.text, self.unit, self.hint = title, position, text, unit, hint
        self._solve, self._offers, self._extra = solve, dict(offers or {}), extra_html
        try:
            solve()
        except (ValueError, KeyError) as err:
            raise ValueError(f"exercise {title!r}: {err}") from None

    @classmethod
    def plot_cost(cls, title: str, position: TownPosition, plot: int, reputation: bool = False,
                  hint: str = "") -> TownExercise:
        """"What does plot ``plot`` cost?" (``town.plot_costs``, then the reputation discount)."""
        if plot not in position.costs():
            raise ValueError(f"exercise {title!r}: plot {plot} cannot be taken in this town")
        rep = f" The player's reputation is {CHEAP_PLOT.value[0]}." if reputation else ""

        def solve() -> tuple[int, str]:
            return position.costs(reputation)[plot], _cap(cost_reason(position, plot, reputation)) + "."

        return cls(title, position, f"What does plot {plot} cost?{rep}", "groschen", solve, hint)

    @classmethod
    def matching_points(cls, title: str, position: TownPosition, plot: int, hint: str = "") -> TownExercise:
        """"How many points does the building on plot ``plot`` score at the end?" (``town.matching``)."""
        if not (_is_whole(plot) and 0 <= plot < len(position.buildings) and position.buildings[plot]):
            raise ValueError(f"exercise {title!r}: there is no building on plot {plot}")

        def solve() -> tuple[int, str]:
            row = next(r for r in matching_rows(position) if r["plot"] == plot)
            return row["points"], f"{row['building']} (icons {row['icons']}): {row['from']}."

        b = position.buildings[plot]
        return cls(title, position, f"How many points does {b} on plot {plot} score in the final town scoring?",
                   "points", solve, hint)

    @classmethod
    def noble_points(cls, title: str, position: TownPosition, seat: int, council: Mapping[str, int],
                     inputs: NobleInputs | Mapping[str, Any] | None = None, hint: str = "") -> TownExercise:
        """"How many points does ``seat`` score from the nobles in the council?" (``nobles.per_noble`` and
        ``nobles.total``)."""
        given = NobleInputs.of(inputs)
        council_ = _council(council)

        def solve() -> tuple[int, str]:
            row = noble_rows(position, council_, {seat: given})[0]
            return row["total"], f"Per noble × nobles in the council: {row['working']}."

        nobles_text = ", ".join(f"{n} {c}" for c, n in council_.items() if n) or "no nobles"
        text = (f"The council holds {nobles_text}. {seat_label(seat)} has used {given.used_pelicans} pelicans, has "
                f"{'/'.join(map(str, given.mines_per_row))} mines in the {MINE_ROWS} mine rows and has taken "
                f"{'/'.join(map(str, given.houses_taken_per_row))} houses from the {HOUSE_ROWS} house rows. How "
                f"many points does {seat_label(seat)} score from the nobles this round?")
        return cls(title, position, text, "points", solve, hint)

    def answer(self) -> int:
        return self._solve()[0]

    def explain(self) -> str:
        return self._solve()[1]

    @property
    def question(self) -> str:
        return f"{self.title}. {self.text}"

    def question_html(self) -> str:
        hint = f"<details><summary>Hint</summary>{html.escape(self.hint)}</details>" if self.hint else ""
        board = town_html(self.position, self._offers)
        return (f"<div class='kh-town-ex-question'><b>{html.escape(self.title)}</b><br>{html.escape(self.text)}"
                f"{board}{self._extra}{hint}</div>")

    def check(self, answer: Any) -> Feedback:
        """Compare ``answer`` with the rules' answer. Never raises: unreadable input gets a readable message."""
        value = _whole(answer, self.unit)
        if isinstance(value, str):
            return Feedback(False, value)
        truth, why = self._solve()
        if value == truth:
            return Feedback(True, f"Right: {truth} {self.unit}. {why}")
        hint = f" Hint: {self.hint}" if self.hint else ""
        return Feedback(False, f"Not quite: you said {value}, but it is {truth} {self.unit}. {why}{hint}")

    def show(self) -> ExerciseBox:
        box = ExerciseBox(self)  # type: ignore[arg-type]  # duck-typed: question_html() and check()
        box.answer.description = self.unit
        return box

    def __repr__(self) -> str:
        return f"<TownExercise: {self.question}>"


def _whole(answer: Any, unit: str) -> int | str:
    """The answer as a whole number, or a sentence saying what is wrong with it."""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return f"Type your answer first: a whole number of {unit}, e.g. 3."
    if isinstance(answer, bool):
        return f"Type a whole number of {unit}, e.g. 3, not {answer}."
    if isinstance(answer, float):
        if not answer.is_integer():
            return f"{_cap(unit)} are whole numbers, not {answer}."
        answer = int(answer)
    if isinstance(answer, str):
        if not _WHOLE.match(answer.strip()):
            return f"{_short(answer.strip())} is not a number: type a whole number of {unit}, e.g. 3."
        answer = int(answer.strip())
    if not isinstance(answer, int):
        return f"Type a whole number of {unit}, e.g. 3, not a {type(answer).__name__}."
    if answer < 0:
        return f"There are no negative {unit} here, so {answer} cannot be right. Try again."
    return answer


__all__ = ["SEAT_COLOURS", "NobleInputs", "TownExercise", "TownPosition", "TownSandbox", "TownView", "cost_reason",
           "matching_frame", "matching_rows", "matching_totals", "noble_frame", "noble_rows", "plot_case",
           "plot_words", "town_html"]
