"""The card layout (ゲームの準備): 4 rows of 14 cards, taken only from the row ends.

Because cards leave only from the ends, each row is a contiguous run of its original columns ``lo .. hi-1``; a
cell keeps its original (row, column) for its whole life, which is how actions and views name cards.

A :class:`Geometry` is the frame the cells are numbered in: ``rows`` rows of at most ``columns`` cards, cell
``(row - 1) * columns + (column - 1)``. The printed game's frame is 4 × 14 (:data:`PRINTED`, and the module-level
functions below are its methods); a variant with other card counts or another number of rows (``parameters.py``)
deals its cards evenly over its rows (:func:`row_lengths`) in a frame of its own, made once and shared
(:func:`geometry`).
"""

from __future__ import annotations

from games.core import Action

from .data import rulebook

N_ROWS = rulebook.ROWS.value
N_COLUMNS = rulebook.COLUMNS.value
CELLS = N_ROWS * N_COLUMNS


class Geometry:
    """A frame of ``rows`` rows of up to ``columns`` cards (see the module docstring), with the actions that name
    its cells built once (actions are immutable values every position shares)."""

    __slots__ = ("rows", "columns", "size", "take_actions", "place_actions", "lift_actions",
                 "discard_actions", "_ends", "_row_ends")

    def __init__(self, rows: int, columns: int) -> None:
        self.rows = rows
        self.columns = columns
        self.size = rows * columns
        #: :meth:`ends` by the rows' bounds (a frame is shared by every game of its shape: layouts repeat their
        #: bounds all game long, and every decision to take asks for the ends more than once).
        self._ends: dict[tuple[int, ...], tuple[int, ...]] = {}
        #: The end cells of row r when it holds columns a..b-1, as ``_row_ends[r][a][b]``: what :meth:`ends` joins
        #: for bounds it has not seen (after every card taken).
        self._row_ends = tuple(tuple(tuple(self._ends_of_row(r, a, b) for b in range(columns + 1))
                                     for a in range(columns + 1)) for r in range(rows))
        self.take_actions = self.cell_actions("take")
        self.place_actions = self.cell_actions("place")
        self.lift_actions = self.cell_actions("lift")
        self.discard_actions = self.cell_actions("discard")

    def __repr__(self) -> str:
        return f"Geometry({self.rows} rows × {self.columns} columns)"

    def cell_of(self, row: int, column: int) -> int:
        """0-based cell index from 1-based row and column (as actions write them)."""
        return (row - 1) * self.columns + (column - 1)

    def position(self, cell: int) -> tuple[int, int]:
        """1-based (row, column) of a cell."""
        return cell // self.columns + 1, cell % self.columns + 1

    def where(self, cell: int) -> str:
        row, column = self.position(cell)
        return f"row {row} column {column}"

    def ends(self, lo: list[int], hi: list[int]) -> tuple[int, ...]:
        """Cells at an end of a row now (one per row when a single card is left), kept by the bounds."""
        key = (*lo, *hi)
        found = self._ends.get(key)
        if found is None:
            found = ()
            r = 0
            for row in self._row_ends:
                found += row[lo[r]][hi[r]]
                r += 1
            if len(self._ends) >= 4096:  # a bound for long runs; cheap to refill
                self._ends.clear()
            self._ends[key] = found
        return found

    def _ends_of_row(self, r: int, a: int, b: int) -> tuple[int, ...]:
        """The end cells of row ``r`` holding columns ``a``..``b - 1`` (one when a single card is left)."""
        if a >= b:
            return ()
        base = r * self.columns
        return (base + a,) if b - 1 == a else (base + a, base + b - 1)

    def in_layout(self, cell: int, lo: list[int], hi: list[int]) -> bool:
        r, c = divmod(cell, self.columns)
        return lo[r] <= c < hi[r]

    def remove(self, cell: int, lo: list[int], hi: list[int]) -> None:
        """Take an end card out of its row."""
        r, c = divmod(cell, self.columns)
        if c == lo[r]:
            lo[r] += 1
        elif c == hi[r] - 1:
            hi[r] -= 1
        else:  # pragma: no cover - callers only remove end cards
            raise ValueError(f"{self.where(cell)} is not at an end of its row")

    def cells(self, lo: list[int], hi: list[int]) -> list[int]:
        """Every cell still holding a card, row by row."""
        out: list[int] = []
        columns = self.columns
        for r in range(self.rows):
            base = r * columns
            out.extend(range(base + lo[r], base + hi[r]))
        return out

    def parse_cell(self, key: str) -> int | None:
        """The cell of ``"row,column"`` (1-based, as the config's ``chips`` write it), ``None`` when there is none."""
        parts = str(key).replace(" ", "").split(",")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            return None
        row, column = int(parts[0]), int(parts[1])
        if not (1 <= row <= self.rows and 1 <= column <= self.columns):
            return None
        return self.cell_of(row, column)

    def cell_actions(self, verb: str) -> tuple[Action, ...]:
        """``verb R C`` for every cell, by cell."""
        return tuple(Action(verb, self.position(c)) for c in range(self.size))

    def misnamed(self, verb: str, args: tuple, lo: list[int], hi: list[int]) -> str | None:
        """Why ``verb`` with ``args`` does not name a card of the layout now (``None`` when it does)."""
        rows, columns = self.rows, self.columns
        if len(args) != 2 or not all(isinstance(a, int) for a in args):
            return f"write {verb}, a row (1-{rows}) and a column (1-{columns}), e.g. '{verb} 2 {columns}'."
        row, column = int(args[0]), int(args[1])
        if not (1 <= row <= rows and 1 <= column <= columns):
            return f"there is no row {row} column {column}: rows are 1-{rows}, columns 1-{columns}."
        if not self.in_layout(self.cell_of(row, column), lo, hi):
            return f"row {row} column {column} holds no card any more."
        return None


_GEOMETRIES: dict[tuple[int, int], Geometry] = {}


def geometry(rows: int, columns: int) -> Geometry:
    """The frame of ``rows`` × ``columns``, made once (its action tables are shared by every game using it)."""
    found = _GEOMETRIES.get((rows, columns))
    if found is None:
        found = _GEOMETRIES[rows, columns] = Geometry(rows, columns)
    return found


#: The printed layout, 4 rows of 14 (「14枚ずつ4列に並べます」).
PRINTED = geometry(N_ROWS, N_COLUMNS)
cell_of = PRINTED.cell_of
position = PRINTED.position
where = PRINTED.where
ends = PRINTED.ends
in_layout = PRINTED.in_layout
remove = PRINTED.remove
cells = PRINTED.cells
parse_cell = PRINTED.parse_cell
cell_actions = PRINTED.cell_actions
misnamed = PRINTED.misnamed


def row_lengths(cards: int, rows: int) -> tuple[int, ...]:
    """How many of ``cards`` each of ``rows`` rows gets when they are dealt evenly, the longer rows first: 56 cards
    in 4 rows are 14 each (the printed layout), 57 are 15, 14, 14, 14."""
    whole, extra = divmod(cards, rows)
    return tuple(whole + (1 if r < extra else 0) for r in range(rows))


def chip_places(lengths: tuple[int, ...], count: int) -> list[tuple[int, int]] | None:
    """The cards marked X for ``count`` law chips in rows of ``lengths``, as 1-based (row, column), in the order the
    shuffled chips are laid: the designed pattern (``approx.LAW_CHIP_POSITIONS``) is row 1's 2nd card from each end,
    row 2's 3rd, row 3's 4th, row 4's 5th, and it goes on the same way (a row again every ``rows`` steps, one card
    deeper each step) for more chips. ``None`` when the rows are too short for ``count`` places."""
    places: list[tuple[int, int]] = []
    taken: set[tuple[int, int]] = set()
    rows = len(lengths)
    depth = 2
    longest = max(lengths, default=0)
    while len(places) < count:
        if depth > longest:
            return None
        row = (depth - 2) % rows
        length = lengths[row]
        if depth <= length:
            for column in (depth, length + 1 - depth):
                if (row + 1, column) not in taken and len(places) < count:
                    taken.add((row + 1, column))
                    places.append((row + 1, column))
        depth += 1
    return places
