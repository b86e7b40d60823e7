"""A Kutná Hora town (クトナー・ホラ) as a learner writes it: :class:`TownPosition`, checked the way the board
checks it, and the sentences that say why a building or a plot marker cannot go somewhere.

Nothing here decides a price: :meth:`TownPosition.costs` is :func:`games.kutna_hora.town.plot_costs` (then the
reputation discount the game applies). Plots are numbered as in :mod:`games.kutna_hora.town`: row by row from the
top left, counted from 0, so plot ``row * size + column``. Public buildings have no owner (``-1``)::

    pos = TownPosition.build(5, {5: ("builders-1", 0), 0: "red-1", 6: ("grocers-1", 1), 10: ("tavern-1", 1)})
    pos.costs()                     # {1: 5, 7: 3, 11: 3, 15: 3}
    pos.snapshot()                  # what a TownView draws (town.snapshot)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from games.kutna_hora import town
from games.kutna_hora.data.approx import TOWN_SIZE
from games.kutna_hora.data.components import TILES
from games.kutna_hora.data.rulebook import CHEAP_PLOT, PLOT_MARKERS
from widgets.shared.text import is_whole, seat_label, short, whole_number

SIZES: tuple[int, ...] = tuple(sorted(set(TOWN_SIZE.value.values())))
#: Seats that can play on each board side: the 5 × 5 side is the 2-player side, the 6 × 6 side for 3-4 players.
SEATS_BY_SIZE = {size: max(p for p, s in TOWN_SIZE.value.items() if s == size) for size in SIZES}


def owner_label(seat: int) -> str:
    """``Player 1`` for seat 0; ``public`` for -1 (public buildings and empty plots have no owner)."""
    return "public" if seat < 0 else seat_label(seat)


def tile_label(tile_id: str) -> str:
    """``builders 1`` for a guild tile, ``green noble 1`` for a public one (as the view labels them)."""
    t = TILES[tile_id]
    number = tile_id.rsplit("-", 1)[1]
    return f"{t.colour} noble {number}" if t.guild == "public" else f"{t.guild} {number}"


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
                             f"{short(size)}.")
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
                                 f"its tile id, not {short(what)}")
            problem = placement_problem(buildings, marks, size, index, tile, owner)
            if problem:
                raise ValueError(problem)
            buildings[index], owners[index] = tile, owner
        for index, seat in (markers or {}).items():
            problem = marker_problem(buildings, marks, size, index, seat, check_price=False)
            if problem:
                raise ValueError(problem)
            marks[index] = seat
        return cls(tuple(buildings), tuple(owners), tuple(marks), size)

    @classmethod
    def from_snapshot(cls, snapshot: Mapping[str, Any]) -> TownPosition:
        """The position a :func:`games.kutna_hora.town.snapshot` dict shows."""
        check_snapshot(snapshot)
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


def position_of(town_: TownPosition | Mapping[str, Any]) -> TownPosition:
    if isinstance(town_, TownPosition):
        return town_
    if isinstance(town_, Mapping):
        return TownPosition.from_snapshot(town_)
    raise ValueError(f"a town is a TownPosition or a town.snapshot(...) dict, not {type(town_).__name__}")


def plot_problem(size: int, index: Any) -> str | None:
    if not is_whole(index):
        return f"Plots are numbered 0 to {size * size - 1} (row × {size} + column), not {short(index)}."
    if not 0 <= index < size * size:
        return f"There is no plot {index}: this {size} × {size} town has plots 0 to {size * size - 1}."
    return None


def seat_problem(seat: Any, seats: int = 4) -> str | None:
    if not is_whole(seat) or not 0 <= seat < seats:
        return f"Players are seats 0 to {seats - 1} (Player 1 to Player {seats}), not {short(seat)}."
    return None


def placement_problem(buildings: Sequence[str], markers: Sequence[int], size: int, index: Any, tile: Any,
                       owner: Any, seats: int = 4) -> str | None:
    """Why ``tile`` cannot go on plot ``index`` for ``owner``, as a sentence; ``None`` if it can. A building may
    stand on a plot carrying its builder's plot marker (the marker goes home, JA 建物アクション 1), and any
    player may put a public building on their own plot."""
    problem = plot_problem(size, index)
    if problem:
        return problem
    if not isinstance(tile, str) or tile not in TILES:
        return f"There is no building tile {short(tile)}: tiles are named like 'builders-1' or 'green-2'."
    if tile in buildings:
        return f"{tile} is already on plot {list(buildings).index(tile)}: there is only one of each tile."
    if buildings[index]:
        return f"Plot {index} is taken: {buildings[index]} stands there. Remove it first."
    public = TILES[tile].guild == "public"
    if public and owner != -1:
        return (f"{tile} is a public building: nobody owns it and nobody puts a house on it, so its owner is "
                f"public (-1), not {short(owner)}.")
    if not public:
        problem = seat_problem(owner, seats)
        if problem:
            return f"A guild building belongs to the player who builds it. {problem}"
    if markers[index] >= 0 and not public and markers[index] != owner:
        return (f"Plot {index} carries {owner_label(markers[index])}'s plot marker: only they may build there.")
    return None


def marker_problem(buildings: Sequence[str], markers: Sequence[int], size: int, index: Any, seat: Any,
                    seats: int = 4, check_price: bool = True) -> str | None:
    problem = plot_problem(size, index) or seat_problem(seat, seats)
    if problem:
        return problem
    if buildings[index]:
        return f"Plot {index} is taken: {buildings[index]} stands there."
    if markers[index] >= 0:
        return f"Plot {index} is taken: {owner_label(markers[index])}'s plot marker stands there."
    if sum(1 for m in markers if m == seat) >= PLOT_MARKERS.value:
        return (f"{owner_label(seat)} has all {PLOT_MARKERS.value} plot markers in town already: nobody holds more "
                f"than {PLOT_MARKERS.value} plots at a time. Build on one first (its marker goes home).")
    if check_price:
        prices = town.plot_costs(buildings, markers, size)
        if index not in prices:
            where = ", ".join(map(str, sorted(prices)))
            return (f"Plot {index} cannot be taken now: while a plot next to a building is free, only plots next to "
                    f"a building may be taken ({where}).")
    return None


def check_snapshot(snapshot: Any) -> None:
    """``ValueError`` unless ``snapshot`` has the shape :func:`games.kutna_hora.town.snapshot` gives."""
    if not isinstance(snapshot, Mapping) or not {"size", "plots", "edges"} <= set(snapshot):
        raise ValueError("a town is drawn from a town.snapshot(...) dict with size, plots and edges")
    size, plots = snapshot["size"], snapshot["plots"]
    if not is_whole(size) or not 1 <= size <= 12:
        raise ValueError(f"a town's size is a whole number of plots per side, not {short(size)}")
    if not isinstance(plots, Sequence) or len(plots) != size * size:
        raise ValueError(f"a {size} × {size} town has {size * size} plots, not {len(plots)}")
    for i, p in enumerate(plots):
        if not isinstance(p, Mapping) or not isinstance(p.get("building"), str) or not is_whole(
                p.get("owner")) or not is_whole(p.get("marker")):
            raise ValueError(f"plot {i} must have building (str), owner and marker (int), not {short(p)}")
        if p["building"] and p["building"] not in TILES:
            raise ValueError(f"plot {i}: there is no building tile {short(p['building'])}")


def offer_labels(offers: Mapping[Any, Any] | None, size: int) -> dict[str, str]:
    """Offers as the browser gets them: string keys (JSON objects have no int keys), labels as text; a number is
    a price in groschen."""
    out: dict[str, str] = {}
    for key, label in (offers or {}).items():
        number = whole_number(key) if isinstance(key, str) else None
        index = key if number is None else number
        problem = plot_problem(size, index)
        if problem:
            raise ValueError(f"offers: {problem}")
        out[str(index)] = f"{label} groschen" if is_whole(label) else str(label)
    return out


def snapshot_of(snapshot: Mapping[str, Any] | TownPosition | None, size: int) -> dict[str, Any]:
    """A plain copy of the town a view draws: ``snapshot`` (checked), a position's, or an empty town of ``size``."""
    if snapshot is None:
        return TownPosition.empty(size).snapshot()
    if isinstance(snapshot, TownPosition):
        return snapshot.snapshot()
    check_snapshot(snapshot)
    return {"size": snapshot["size"], "plots": [dict(p) for p in snapshot["plots"]],
            "edges": [list(e) for e in snapshot["edges"]]}


__all__ = ["SEATS_BY_SIZE", "SIZES", "TownPosition", "check_snapshot", "marker_problem", "offer_labels",
           "owner_label", "placement_problem", "plot_problem", "position_of", "seat_problem", "snapshot_of",
           "tile_label"]
