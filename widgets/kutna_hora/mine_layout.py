"""Kutná Hora's mine board as lists a learner lays out: setup cards, mines placed one by one, and why a mine may not
go somewhere, in a sentence.

Nothing here decides where a mine may go or what it costs: every open space and wood cost comes from
:func:`games.kutna_hora.mines.open_spaces` (through :func:`~games.kutna_hora.mines.snapshot`), the technology level
from :func:`~games.kutna_hora.mines.technology_level`. This module checks what a learner writes against them::

    cells, owners = build_board(setup=1, placements=[(1, "i-1", 3), (4, "i-2", 1)])   # (space, tile, player)
    place_problem(cells, owners, 7, "ii-2", 0, players=4)   # 'Not allowed: space 7 (row 2, column 2) holds a rock ...'

Spaces are numbered from 0, row by row from the top (``space = row * 6 + column``), and so are rows, as in
:mod:`games.kutna_hora.mines`; the sentences count rows and columns from 1, as a player does. The mine tiles, rocks,
setup cards, board size and row values are the designed ``approx`` components (``games/kutna_hora/data/approx.py``);
the 2-wood entrances are the rule text's.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.kutna_hora import mines
from games.kutna_hora.data.approx import MINE_SETUP, TECH_TILES
from games.kutna_hora.data.rulebook import ENTRANCE_WOOD, PLAYERS
from widgets.shared.palette import seat_name
from widgets.shared.text import is_whole, plural, short

ROWS, COLUMNS = mines.ROWS, mines.COLUMNS
SPACES = ROWS * COLUMNS
MIN_PLAYERS, MAX_PLAYERS = PLAYERS.value
#: Setup cards by number (1..15), each a tuple of (row, column) for rock-1 .. rock-4.
SETUP_CARDS = {n: spaces for n, spaces in enumerate(MINE_SETUP.value, 1)}
#: The technology tiles in the order the game stacks them (``t-1`` on top: ``KutnaHoraGame`` deals them so).
TECH_IDS: tuple[str, ...] = tuple(t.id for t in TECH_TILES)
_TILE_IDS = {t.lower(): t for t in mines.TILES}


def where(index: int) -> str:
    """A space as a player says it: ``"space 8 (row 2, column 3)"`` (rows and columns counted from 1)."""
    r, c = mines.row_col(index)
    return f"space {index} (row {r + 1}, column {c + 1})"


def tile_words(tile: str) -> str:
    """What a mine tile shows, in words: ``"iii-2: 2 stars, ore +2, population +1, 1 point; building beside or
    below it costs 4 wood"``."""
    t = mines.TILES[tile]
    parts = [plural(t.stars, "star"), f"ore +{t.ore}"]
    if t.population:
        parts.append(f"population +{t.population}")
    if t.points:
        parts.append(plural(t.points, "point"))
    kind = "technology tile " if t.back == "tech" else ""
    return f"{kind}{tile}: {', '.join(parts)}; building beside or below it costs {t.cost} wood"


def tile_id(text: Any) -> str | None:
    """The engine's id of a mine or technology tile, whatever its case (``"III-2"`` → ``"iii-2"``); ``None`` if there
    is no such tile."""
    if not isinstance(text, str):
        return None
    return _TILE_IDS.get(text.strip().lower())


def player_count(players: Any) -> int:
    """``players`` checked: Kutná Hora is for 2 to 4 players."""
    if not is_whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Kutná Hora is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {short(players)}")
    return players


def player_names(names: Sequence[str] | None, players: int) -> list[str]:
    """``names`` checked (``players`` different, non-empty ones), or the seats' colour words (``Red``, ``Blue``, ...:
    the shared palette's)."""
    if names is None:
        return [seat_name(p).capitalize() for p in range(players)]
    out = [str(n) for n in names]
    if len(out) != players or len(set(out)) != players or not all(n.strip() for n in out):
        raise ValueError(f"give {players} different, non-empty player names, not {short(names)}")
    return out


# ====================================================================== boards as lists
def setup_board(card: int | None = 1) -> tuple[list[str], list[int]]:
    """An empty mine board with the rocks of setup card ``card`` (1 to 15): ``(cells, owners)``.

    The rocks go on the card's spaces in the order ``rock-1`` .. ``rock-4`` (1, 1, 2, 2 stars); in the game they are
    shuffled face down first (JA 準備 7), so any order can happen. ``card=None`` gives a board without rocks, for
    experiments."""
    cells, owners = [""] * SPACES, [-1] * SPACES
    if card is None:
        return cells, owners
    if not is_whole(card) or card not in SETUP_CARDS:
        raise ValueError(f"there is no mine setup card {short(card)}: the cards are 1 to {len(SETUP_CARDS)}")
    for n, (r, c) in enumerate(SETUP_CARDS[card], 1):
        cells[mines.space(r, c)] = f"rock-{n}"
    return cells, owners


def board_lists(board: Mapping[str, Any]) -> tuple[list[str], list[int]]:
    """``(cells, owners)`` back from a :func:`~games.kutna_hora.mines.snapshot` dict."""
    return [c["tile"] for c in board["cells"]], [c["owner"] for c in board["cells"]]


def board_problem(board: Any, players: int | None = None) -> str | None:
    """Why ``board`` is not a mine board snapshot a view can draw and score, as a sentence; ``None`` if it is."""
    if not isinstance(board, Mapping):
        return f"A mine board is a dict made by games.kutna_hora.mines.snapshot(cells, owners), not {short(board)}."
    for key in ("rows", "columns", "cells", "row_info"):
        if key not in board:
            return f"A mine board snapshot has rows, columns, cells and row_info; {key!r} is missing."
    if (board["rows"], board["columns"]) != (ROWS, COLUMNS):
        return f"The mine board has {ROWS} rows and {COLUMNS} columns, not {board['rows']!r} × {board['columns']!r}."
    cells = board["cells"]
    if not isinstance(cells, Sequence) or len(cells) != SPACES:
        return f"A mine board snapshot has {SPACES} cells, not {len(cells) if isinstance(cells, Sequence) else 0}."
    for i, cell in enumerate(cells):
        if not isinstance(cell, Mapping) or not {"tile", "owner", "open", "kind"} <= set(cell):
            return f"Cell {i} of the snapshot is not a mine board cell (tile, owner, open, kind, ...)."
        tile, owner = cell["tile"], cell["owner"]
        if tile and tile not in mines.TILES and tile not in mines.ROCKS:
            return f"Cell {i} holds {short(tile)}, which is neither a mine tile nor a rock."
        if not is_whole(owner) or owner < -1 or (players is not None and owner >= players):
            return (f"Cell {i} belongs to player {short(owner)}, but the players are 0 to "
                    f"{(players or MAX_PLAYERS) - 1} (-1 for nobody).")
        if owner >= 0 and not mines.is_mine(tile):
            return f"Cell {i} has an owner but no mine."
    return None


def space_problem(board: Mapping[str, Any], index: Any, *, any_space: bool = False,
                  names: Sequence[str] = ()) -> str | None:
    """Why no mine may go on space ``index`` of ``board`` (a snapshot), as a sentence for the learner; ``None`` if
    one may. The snapshot's ``open`` flags are the truth (they come from
    :func:`~games.kutna_hora.mines.open_spaces`); ``any_space`` also lets through empty spaces that are not open
    (a teacher's shortcut), never rocks or mines."""
    if not is_whole(index):
        return f"Not understood: a space is a whole number 0 to {SPACES - 1}, not {short(index)}."
    if not 0 <= index < SPACES:
        return (f"Not understood: there is no space {index}; the mine board has spaces 0 to {SPACES - 1} "
                f"({ROWS} rows × {COLUMNS} columns).")
    cell = board["cells"][index]
    if cell["kind"] == "rock":
        return (f"Not allowed: {where(index)} holds a rock with {plural(cell['stars'], 'star')}; nobody may build a "
                "mine on a rock.")
    if cell["tile"]:
        owner = cell["owner"]
        whose = f", {names[owner]}'s" if 0 <= owner < len(names) else ""
        return f"Not allowed: {where(index)} already holds mine {cell['tile']}{whose}; a mine never goes on a mine."
    if cell["open"] or any_space:
        return None
    return f"Not allowed: {where(index)} is not open. {_why_closed(board, index)}"


def _why_closed(board: Mapping[str, Any], index: int) -> str:
    r = mines.row_col(index)[0]
    text = (f"A mine goes on an entrance ({ENTRANCE_WOOD.value} wood), or on an empty space beside a mine (left or "
            "right) or below one.")
    below = board["cells"][index + COLUMNS] if r < ROWS - 1 else None
    if below is not None and below["kind"] in ("mine", "tech"):  # the learner's likely mistake: say so
        text += f" The mine below it ({below['tile']}) does not help: a mine never opens the space above it."
    return text


def tech_taken(cells: Sequence[str]) -> int:
    """How many technology tiles have left their stack on a board of its own: those on it."""
    return sum(1 for c in cells if c in TECH_IDS)


def next_tech_tile(cells: Sequence[str]) -> str | None:
    """The technology tile on top of the stack (the stack is in order, ``t-1`` on top); ``None`` when all are
    taken."""
    taken = tech_taken(cells)
    return TECH_IDS[taken] if taken < len(TECH_IDS) else None


def technology_level(cells: Sequence[str]) -> int:
    """Mine tiles drawn per Mine action with the technology tiles on ``cells``: the engine's
    :func:`~games.kutna_hora.mines.technology_level`."""
    return mines.technology_level(tech_taken(cells))


def place_problem(cells: Sequence[str], owners: Sequence[int], index: Any, tile: Any, player: Any, players: int, *,
                  any_space: bool = False, names: Sequence[str] = ()) -> str | None:
    """Why ``player`` may not put ``tile`` on space ``index``, as a sentence; ``None`` if they may."""
    problem = space_problem(mines.snapshot(cells, owners), index, any_space=any_space, names=names)
    if problem:
        return problem
    if tile_id(tile) is None:
        mine_ids = [t.id for t in mines.TILES.values() if t.back != "tech"]
        return (f"Not understood: {short(tile)} is not a mine tile; the tiles are {mine_ids[0]} .. {mine_ids[-1]} "
                f"and the technology tiles {TECH_IDS[0]} .. {TECH_IDS[-1]}.")
    tile = tile_id(tile)
    if tile in cells:
        return f"Not allowed: {tile} is on the board already, at {where(list(cells).index(tile))}."
    if mines.TILES[tile].back == "tech" and tile != next_tech_tile(cells):
        return (f"Not allowed: the technology tiles come off their stack in order (t-1 on top), so the next one is "
                f"{next_tech_tile(cells) or 'none: all are taken'}, not {tile}.")
    if not is_whole(player) or not 0 <= player < players:
        return f"Not understood: there is no player {short(player)}; the players are 0 to {players - 1}."
    return None


def build_board(setup: int | None = 1, placements: Sequence[Sequence[Any]] = (), *, players: int = MAX_PLAYERS,
                any_space: bool = False) -> tuple[list[str], list[int]]:
    """The board after ``placements`` on setup card ``setup``: ``(cells, owners)``.

    ``placements`` are ``(space, tile, player)`` in the order they are built; each must be legal when it is made
    (an open space, a tile not yet on the board), as in the game, unless ``any_space``. A placement that is not
    raises ``ValueError`` with the learner's sentence, so a broken example fails when its notebook runs."""
    cells, owners = setup_board(setup)
    for n, move in enumerate(placements, 1):
        if not isinstance(move, Sequence) or isinstance(move, str) or len(move) != 3:
            raise ValueError(f"placement {n} must be (space, tile, player), not {short(move)}")
        index, tile, player = move
        problem = place_problem(cells, owners, index, tile, player, players, any_space=any_space)
        if problem:
            raise ValueError(f"placement {n} {short(tuple(move))}: {problem}")
        cells[index], owners[index] = tile_id(tile), player
    return cells, owners


__all__ = ["COLUMNS", "MAX_PLAYERS", "MIN_PLAYERS", "ROWS", "SETUP_CARDS", "SPACES", "TECH_IDS", "board_lists",
           "board_problem", "build_board", "next_tech_tile", "place_problem", "player_count", "player_names",
           "setup_board", "space_problem", "technology_level", "tile_id", "tile_words", "where"]
