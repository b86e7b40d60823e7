"""State records: every field kind copies independently (the generated copy functions), and saves load back only
when every key and type is right."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core import Record, SaveFileError


@dataclass(slots=True)
class Piece(Record):
    where: int
    tags: list[str]


@dataclass(slots=True)
class Board(Record):
    size: int
    name: str
    cells: list[int]
    rows: list[list[int]]
    counts: dict[str, int]
    pair: tuple[int, int]
    piece: Piece
    held: Piece | None
    pieces: list[Piece]
    grid: list[list[Piece]]
    nested: dict[str, list[int]]


pieces = st.builds(Piece, st.integers(-5, 5), st.lists(st.sampled_from("abc"), max_size=3))
boards = st.builds(Board, st.integers(0, 9), st.text("xyz", max_size=3), st.lists(st.integers(), max_size=4),
                   st.lists(st.lists(st.integers(), max_size=3), max_size=3),
                   st.dictionaries(st.sampled_from("pq"), st.integers()), st.tuples(st.integers(), st.integers()),
                   pieces, st.none() | pieces, st.lists(pieces, max_size=3), st.lists(st.lists(pieces, max_size=2),
                                                                                      max_size=2),
                   st.dictionaries(st.sampled_from("uv"), st.lists(st.integers(), max_size=2)))


def mutate(board: Board) -> None:
    board.cells.append(1)
    for row in board.rows:
        row.append(1)
    board.counts["new"] = 1
    board.piece.tags.append("z")
    if board.held is not None:
        board.held.where += 1
    for piece in board.pieces:
        piece.tags.append("z")
    for row in board.grid:
        for piece in row:
            piece.where += 1
    for values in board.nested.values():
        values.append(1)


@given(boards)
def test_a_copy_is_equal_and_independent_at_every_depth(board):
    twin = board.copy()
    assert twin == board and twin is not board
    before = Board.from_dict(board.to_dict())
    mutate(twin)
    assert board == before


@given(boards)
def test_a_record_round_trips_through_its_dict(board):
    assert Board.from_dict(board.to_dict()) == board


@pytest.mark.parametrize("change, says", [
    (lambda d: d.pop("size"), "missing field"), (lambda d: d.update(extra=1), "unknown field"),
    (lambda d: d.update(size="9"), "Board.size: expected a whole number"),
    (lambda d: d.update(size=True), "expected a whole number, found True"),
    (lambda d: d.update(pair=[1]), "expected 2 items"), (lambda d: d["piece"].update(where=[]), "Board.piece.where"),
    (lambda d: d.update(held=3), "matches none of"), (lambda d: d.update(cells={}), "expected a list"),
])
def test_a_malformed_save_names_the_bad_value(change, says):
    data = Board(1, "x", [], [], {}, (1, 2), Piece(0, []), None, [], [], {}).to_dict()
    change(data)
    with pytest.raises(SaveFileError, match=says):
        Board.from_dict(data)
