"""The card layout (ゲームの準備): 4 rows of 14 cards, taken only from the row ends.

Because cards leave only from the ends, each row is a contiguous run of its original columns ``lo .. hi-1``; a
cell keeps its original (row, column) for its whole life, which is how actions and views name cards.
"""

from __future__ import annotations

from games.core import Action

from .data import rulebook

N_ROWS = rulebook.ROWS.value
N_COLUMNS = rulebook.COLUMNS.value
CELLS = N_ROWS * N_COLUMNS


def cell_of(row: int, column: int) -> int:
    """0-based cell index from 1-based row and column (as actions write them)."""
    return (row - 1) * N_COLUMNS + (column - 1)


def position(cell: int) -> tuple[int, int]:
    """1-based (row, column) of a cell."""
    return cell // N_COLUMNS + 1, cell % N_COLUMNS + 1


def where(cell: int) -> str:
    row, column = position(cell)
    return f"row {row} column {column}"


def ends(lo: list[int], hi: list[int]) -> list[int]:
    """Cells at an end of a row now (one per row when a single card is left)."""
    out = []
    for r in range(N_ROWS):
        if lo[r] < hi[r]:
            base = r * N_COLUMNS
            out.append(base + lo[r])
            if hi[r] - 1 != lo[r]:
                out.append(base + hi[r] - 1)
    return out


def in_layout(cell: int, lo: list[int], hi: list[int]) -> bool:
    r, c = divmod(cell, N_COLUMNS)
    return lo[r] <= c < hi[r]


def remove(cell: int, lo: list[int], hi: list[int]) -> None:
    """Take an end card out of its row."""
    r, c = divmod(cell, N_COLUMNS)
    if c == lo[r]:
        lo[r] += 1
    elif c == hi[r] - 1:
        hi[r] -= 1
    else:  # pragma: no cover - callers only remove end cards
        raise ValueError(f"{where(cell)} is not at an end of its row")


def cells(lo: list[int], hi: list[int]) -> list[int]:
    """Every cell still holding a card, row by row."""
    out: list[int] = []
    for r in range(N_ROWS):
        base = r * N_COLUMNS
        out.extend(range(base + lo[r], base + hi[r]))
    return out


def parse_cell(key: str) -> int | None:
    """The cell of ``"row,column"`` (1-based, as the config's ``chips`` write it), ``None`` when there is none."""
    parts = str(key).replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return None
    row, column = int(parts[0]), int(parts[1])
    if not (1 <= row <= N_ROWS and 1 <= column <= N_COLUMNS):
        return None
    return cell_of(row, column)


def cell_actions(verb: str) -> tuple[Action, ...]:
    """``verb R C`` for every cell, by cell: built once, since actions are immutable values every position shares."""
    return tuple(Action(verb, position(c)) for c in range(CELLS))


def misnamed(verb: str, args: tuple, lo: list[int], hi: list[int]) -> str | None:
    """Why ``verb`` with ``args`` does not name a card of the layout now (``None`` when it does)."""
    if len(args) != 2 or not all(isinstance(a, int) for a in args):
        return f"write {verb}, a row (1-{N_ROWS}) and a column (1-{N_COLUMNS}), e.g. '{verb} 2 14'."
    row, column = int(args[0]), int(args[1])
    if not (1 <= row <= N_ROWS and 1 <= column <= N_COLUMNS):
        return f"there is no row {row} column {column}: rows are 1-{N_ROWS}, columns 1-{N_COLUMNS}."
    if not in_layout(cell_of(row, column), lo, hi):
        return f"row {row} column {column} holds no card any more."
    return None
