"""The card layout (ゲームの準備): 4 rows of 14 cards, taken only from the row ends.

Because cards leave only from the ends, each row is a contiguous run of its original columns ``lo .. hi-1``; a
cell keeps its original (row, column) for its whole life, which is how actions and views name cards.
"""

from __future__ import annotations

from .data.components import COLUMNS, ROWS

N_ROWS = ROWS.value
N_COLUMNS = COLUMNS.value
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
