"""Kutná Hora's mine board (鉱山アクション, 最終得点計算 鉱山) for the notebooks: a view, a sandbox, tables, exercises.

Nothing here decides where a mine may go, what it costs or what a row scores: every open space and wood cost comes
from :func:`games.kutna_hora.mines.open_spaces` (through :func:`~games.kutna_hora.mines.snapshot`), every star
total, row value and rank point from :func:`~games.kutna_hora.mines.score_rows`. This module lays the board out
(entrances, rocks, tiles, owners, open spaces with their cost, stars per row) and turns the browser's clicks into
validated calls::

    from games.kutna_hora import mines
    from widgets.kh_mine import MineBoardView, MineSandbox, MineExercise, build_board, mine_html, row_score_frame

    cells, owners = build_board(setup=1, placements=[(1, "i-1", 3), (4, "i-2", 1)])  # (space, tile, player)
    view = MineBoardView(board=mines.snapshot(cells, owners), players=["Purple", "Blue", "Green", "Orange"])
    view.on_space = lambda index: f"you chose space {index}"   # called for an accepted click
    view.handle_intent({"type": "space", "index": 10})          # what the view sends; True if accepted
    view.update(mines.snapshot(cells, owners), technology=2)    # a later full-game table redraws through this
    sandbox = MineSandbox(players=4, setup=1)                   # pick a player and a tile, click an open space
    sandbox.place(10, "iii-2", 0); sandbox.undo(); sandbox.scores(); sandbox.frame()
    row_score_frame(cells, owners, 4)                           # pandas: stars, row values, stars and points
    MineExercise("Tied first", placements=[...], ask="points", row=1, player=2).show()

Spaces are numbered from 0 in code, row by row from the top (``space = row * 6 + column``), and so are rows
(``row=1`` is the second row), as in :mod:`games.kutna_hora.mines`; the views and the explanations count rows and
columns from 1, as a player does, and show each space's number in its corner. The mine tiles, rocks, setup cards,
board size and row values are the designed ``approx`` components (``shared/notes/kutna_hora.md`` §6), so every view
carries :data:`games.kutna_hora.BANNER`; the 2-wood entrances and the 6-star row's 3/2/1 are the rule text's.

pandas is imported only when a table is made, so ``import widgets`` stays quick.
"""

from __future__ import annotations

import html
import json
import pathlib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import anywidget
import ipywidgets
import traitlets

from games.kutna_hora import BANNER, mines
from games.kutna_hora.data.approx import MINE_SETUP, SOURCE, TECH_DRAWS, TECH_TILES
from games.kutna_hora.data.rulebook import ENTRANCE_WOOD, PLAYERS

from .exercises import Feedback, feedback_html

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd

_STATIC = pathlib.Path(__file__).parent / "static"

ROWS, COLUMNS = mines.ROWS, mines.COLUMNS
SPACES = ROWS * COLUMNS
MIN_PLAYERS, MAX_PLAYERS = PLAYERS.value
INTENTS = ("space",)
#: Default player names and colours: the four colours of the rule text's mine scoring example (紫, 青, 緑, 橙).
PLAYER_NAMES = ("Purple", "Blue", "Green", "Orange")
PLAYER_COLOURS = ("#7b3fa0", "#2563b8", "#2f8f46", "#e07b1a")
ORDINALS = ("1st", "2nd", "3rd")
#: Setup cards by number (1..15), each a tuple of (row, column) for rock-1 .. rock-4.
SETUP_CARDS = {n: spaces for n, spaces in enumerate(MINE_SETUP.value, 1)}
#: The technology tiles in stack order (I on top).
TECH_IDS: tuple[str, ...] = tuple(t.id for t in TECH_TILES)
_TILE_IDS = {t.lower(): t for t in mines.TILES}
_WHOLE = re.compile(r"[+-]?[0-9]+\Z")
_COLOUR = re.compile(r"#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?\Z|[a-zA-Z]{3,20}\Z")


# ====================================================================== small words
def _short(value: Any) -> str:
    """A value as a learner may see it in a message: its repr, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _stars(n: int) -> str:
    return _plural(n, "star")


def where(index: int) -> str:
    """A space as a player says it: ``"space 8 (row 2, column 3)"`` (rows and columns counted from 1)."""
    r, c = mines.row_col(index)
    return f"space {index} (row {r + 1}, column {c + 1})"


def tile_words(tile: str) -> str:
    """What a mine tile shows, in words: ``"iii-2: 2 stars, ore +2, population +1, 1 point; building beside or
    below it costs 4 wood"``."""
    t = mines.TILES[tile]
    parts = [_stars(t.stars), f"ore +{t.ore}"]
    if t.population:
        parts.append(f"population +{t.population}")
    if t.points:
        parts.append(_plural(t.points, "point"))
    kind = "technology tile " if t.back == "tech" else ""
    return f"{kind}{tile}: {', '.join(parts)}; building beside or below it costs {t.cost} wood"


def tile_id(text: Any) -> str | None:
    """The engine's id of a mine or technology tile, whatever its case (``"III-2"`` → ``"iii-2"``); ``None`` if there
    is no such tile."""
    if not isinstance(text, str):
        return None
    return _TILE_IDS.get(text.strip().lower())


def _names(names: Sequence[str] | None, players: int) -> list[str]:
    if names is None:
        return list(PLAYER_NAMES[:players])
    out = [str(n) for n in names]
    if len(out) != players or len(set(out)) != players or not all(n.strip() for n in out):
        raise ValueError(f"give {players} different, non-empty player names, not {_short(names)}")
    return out


def _player_count(board: Any, players: Sequence[str] | None) -> int:
    """How many players a drawing shows: as many as named, else enough for every owner on the board (at least 2)."""
    if players is not None:
        return len(players)
    cells = board.get("cells", ()) if isinstance(board, Mapping) else ()
    owners = [c.get("owner", -1) for c in cells if isinstance(c, Mapping)]
    highest = max((o for o in owners if _is_whole(o)), default=-1)
    return min(MAX_PLAYERS, max(MIN_PLAYERS, highest + 1))


def _players(players: Any) -> int:
    if not _is_whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Kutná Hora is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {_short(players)}")
    return players


# ====================================================================== boards as lists
def setup_board(card: int | None = 1) -> tuple[list[str], list[int]]:
    """An empty mine board with the rocks of setup card ``card`` (1 to 15): ``(cells, owners)``.

    The rocks go on the card's spaces in the order ``rock-1`` .. ``rock-4`` (1, 1, 2, 2 stars); in the game they are
    shuffled face down first (JA 準備 7), so any order can happen. ``card=None`` gives a board without rocks, for
    experiments."""
    cells, owners = [""] * SPACES, [-1] * SPACES
    if card is None:
        return cells, owners
    if not _is_whole(card) or card not in SETUP_CARDS:
        raise ValueError(f"there is no mine setup card {_short(card)}: the cards are 1 to {len(SETUP_CARDS)}")
    for n, (r, c) in enumerate(SETUP_CARDS[card], 1):
        cells[mines.space(r, c)] = f"rock-{n}"
    return cells, owners


def board_lists(board: Mapping[str, Any]) -> tuple[list[str], list[int]]:
    """``(cells, owners)`` back from a :func:`~games.kutna_hora.mines.snapshot` dict."""
    return [c["tile"] for c in board["cells"]], [c["owner"] for c in board["cells"]]


def board_problem(board: Any, players: int | None = None) -> str | None:
    """Why ``board`` is not a mine board snapshot a view can draw and score, as a sentence; ``None`` if it is."""
    if not isinstance(board, Mapping):
        return f"A mine board is a dict made by games.kutna_hora.mines.snapshot(cells, owners), not {_short(board)}."
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
            return f"Cell {i} holds {_short(tile)}, which is neither a mine tile nor a rock."
        if not _is_whole(owner) or owner < -1 or (players is not None and owner >= players):
            return (f"Cell {i} belongs to player {_short(owner)}, but the players are 0 to "
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
    if not _is_whole(index):
        return f"Not understood: a space is a whole number 0 to {SPACES - 1}, not {_short(index)}."
    if not 0 <= index < SPACES:
        return (f"Not understood: there is no space {index}; the mine board has spaces 0 to {SPACES - 1} "
                f"({ROWS} rows × {COLUMNS} columns).")
    cell = board["cells"][index]
    if cell["kind"] == "rock":
        return (f"Not allowed: {where(index)} holds a rock with {_stars(cell['stars'])}; nobody may build a mine on "
                "a rock.")
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


def place_problem(cells: Sequence[str], owners: Sequence[int], index: Any, tile: Any, player: Any, players: int, *,
                  any_space: bool = False, names: Sequence[str] = ()) -> str | None:
    """Why ``player`` may not put ``tile`` on space ``index``, as a sentence; ``None`` if they may."""
    problem = space_problem(mines.snapshot(cells, owners), index, any_space=any_space, names=names)
    if problem:
        return problem
    if tile_id(tile) is None:
        mine_ids = [t.id for t in mines.TILES.values() if t.back != "tech"]
        return (f"Not understood: {_short(tile)} is not a mine tile; the tiles are {mine_ids[0]} .. {mine_ids[-1]} "
                f"and the technology tiles {TECH_IDS[0]} .. {TECH_IDS[-1]}.")
    tile = tile_id(tile)
    if tile in cells:
        return f"Not allowed: {tile} is on the board already, at {where(list(cells).index(tile))}."
    if mines.TILES[tile].back == "tech" and tile != next_tech_tile(cells):
        return (f"Not allowed: the technology tiles come off their stack in order (I on top), so the next one is "
                f"{next_tech_tile(cells) or 'none: all are taken'}, not {tile}.")
    if not _is_whole(player) or not 0 <= player < players:
        return f"Not understood: there is no player {_short(player)}; the players are 0 to {players - 1}."
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
            raise ValueError(f"placement {n} must be (space, tile, player), not {_short(move)}")
        index, tile, player = move
        problem = place_problem(cells, owners, index, tile, player, players, any_space=any_space)
        if problem:
            raise ValueError(f"placement {n} {_short(tuple(move))}: {problem}")
        cells[index], owners[index] = tile_id(tile), player
    return cells, owners


def technology_level(cells: Sequence[str]) -> int:
    """Tiles drawn per Mine action with the technology tiles on the board: 1 at the start, +1 per tile (approx)."""
    return TECH_DRAWS.value[sum(1 for c in cells if c in TECH_IDS)]


def next_tech_tile(cells: Sequence[str]) -> str | None:
    """The technology tile on top of the stack (the stack is in order, I on top); ``None`` when all are taken."""
    taken = sum(1 for c in cells if c in TECH_IDS)
    return TECH_IDS[taken] if taken < len(TECH_IDS) else None


# ====================================================================== scoring in words and tables
def score_dicts(scores: Sequence[mines.RowScore]) -> list[dict[str, Any]]:
    """:func:`~games.kutna_hora.mines.score_rows` as JSON-ready dicts (what the view draws)."""
    return [{"row": s.row, "stars": s.stars, "values": list(s.values), "player_stars": list(s.player_stars),
             "points": list(s.points)} for s in scores]


def explain_row(score: mines.RowScore, names: Sequence[str]) -> str:
    """One row's mine scoring in words: its stars and value, then who ranks where and scores what.

    The points are the engine's (``score.points``); the words only say which rank each player holds."""
    first = f"Row {score.row + 1}: {_stars(score.stars)}, worth {'/'.join(map(str, score.values))}"
    if not any(score.player_stars):
        return f"{first}. Nobody has a star here, so nobody scores."
    groups: dict[int, list[int]] = {}
    for p, mine in enumerate(score.player_stars):
        if mine > 0:
            rank = sum(1 for other in score.player_stars if other > mine)
            groups.setdefault(rank, []).append(p)
    parts = []
    for rank in range(max(groups) + 1):
        label = ORDINALS[rank] if rank < len(ORDINALS) else f"{rank + 1}th"
        who = groups.get(rank)
        if who is None:  # skipped: players tied above took this rank's place
            if rank < len(ORDINALS):
                parts.append(f"nobody scores {label} (the tied players above take their rank in full)")
            continue
        people = " and ".join(f"{names[p]} ({_stars(score.player_stars[p])})" for p in who)
        pts = score.points[who[0]]
        verb = " tie for" if len(who) > 1 else " is"
        each = " each" if len(who) > 1 else ""
        beyond = " (only three ranks score)" if rank >= len(ORDINALS) else ""
        parts.append(f"{people}{verb} {label}: {_plural(pts, 'point')}{each}{beyond}")
    zero = [names[p] for p, mine in enumerate(score.player_stars) if mine == 0]
    if zero:
        parts.append(f"{' and '.join(zero)}: no stars, no points")
    return f"{first}. " + "; ".join(parts) + "."


def row_score_frame(cells: Sequence[str], owners: Sequence[int], players: int,
                    names: Sequence[str] | None = None) -> pd.DataFrame:
    """Final mine scoring as a table: one line per row (``row 1`` is the top), then ``total``.

    Columns: ``stars`` (all stars in the row, rocks included), ``1st`` / ``2nd`` / ``3rd`` (the row's value), then
    per player ``<name> ★`` (stars on their own mines there) and ``<name> points``. The ``total`` line holds each
    player's points summed and ``<NA>`` elsewhere. Every number is :func:`~games.kutna_hora.mines.score_rows`."""
    import pandas as pd

    players = _players(players)
    labels = _names(names, players)
    scores = mines.score_rows(cells, owners, players)
    columns = ["stars", *ORDINALS] + [f"{n} {k}" for n in labels for k in ("★", "points")]
    data = []
    for s in scores:
        line = [s.stars, *s.values]
        for p in range(players):
            line += [s.player_stars[p], s.points[p]]
        data.append(line)
    total: list[Any] = [pd.NA] * 4
    for p in range(players):
        total += [pd.NA, sum(s.points[p] for s in scores)]
    frame = pd.DataFrame(data + [total], columns=columns, index=[f"row {s.row + 1}" for s in scores] + ["total"])
    frame.index.name = "row"
    return frame.astype("Int64")


# ====================================================================== the static drawing
def _cell_lines(cell: Mapping[str, Any]) -> tuple[str, list[str]]:
    """The big label of a cell and its small lines (the same words the JS view shows)."""
    if cell["kind"] == "rock":
        return "rock", ["★" * cell["stars"]]
    if cell["tile"]:
        lines = [f"cost {cell['cost']}", f"ore +{cell['ore']}"]
        if cell.get("population"):
            lines.append(f"pop +{cell['population']}")
        if cell.get("points"):
            lines.append(f"+{cell['points']} pt")
        lines.append("★" * cell["stars"] if cell["stars"] else "no star")
        return cell["tile"], lines
    return "", []


def mine_html(board: Mapping[str, Any], *, players: Sequence[str] | None = None,
              colours: Sequence[str] | None = None, technology: int | None = None, show_scores: bool = True,
              show_open: bool = True, show_rows: bool = True, mark: int | None = None, caption: str = "") -> str:
    """The mine board as plain HTML (no widget, no JavaScript), from a :func:`~games.kutna_hora.mines.snapshot`.

    Entrances, rocks with their stars, tiles with cost / ore / stars (population and points when not zero) in their
    owner's colour, open spaces with their wood cost (``show_open``), each row's stars and value (``show_rows``) and
    the scoring table (``show_scores``). ``mark`` outlines one space with a "?" (exercises hide the answer with
    ``show_open=False`` / ``show_scores=False``). Styles are inline, so the drawing survives static exports; test ids
    start with ``kh-mine-static``. Raises ``ValueError`` for something that is not a board snapshot."""
    count = _player_count(board, players)
    problem = board_problem(board, count)
    if problem:
        raise ValueError(problem)
    names = _names(players, count)
    paint = _colours(colours, count)
    cells = board["cells"]
    head = ["<th style='width:46px'></th>"] + [
        f"<th style='font-size:11px;color:#e9e1d0;font-weight:400'>column {c + 1}</th>" for c in range(COLUMNS)]
    if show_rows:
        head.append("<th style='font-size:11px;color:#e9e1d0;font-weight:400;text-align:left'>row stars → "
                    "1st/2nd/3rd</th>")
    lines = ["<tr>" + "".join(head) + "</tr>"]
    for r in range(ROWS):
        tds = [f"<td style='font-size:11px;color:#e9e1d0;text-align:right;padding-right:4px'>row {r + 1}</td>"]
        for c in range(COLUMNS):
            i = mines.space(r, c)
            tds.append(_static_cell(i, cells[i], names, paint, show_open, mark == i))
        if show_rows:
            info = board["row_info"][r]
            value = "/".join(map(str, info["values"]))
            tds.append(f"<td data-testid='kh-mine-static-row-{r}' style='padding-left:8px;font-size:12px;"
                       f"color:#fff4d6;white-space:nowrap'><b>{info['stars']} ★</b> → {value}</td>")
        lines.append("<tr>" + "".join(tds) + "</tr>")
    banner = (f"<div data-testid='kh-mine-static-banner' style='display:inline-block;background:#fff4d6;"
              f"border:1px dashed #b7862a;color:#6b4a0c;font-size:12px;padding:2px 8px;border-radius:4px'>⚠️ "
              f"{html.escape(BANNER)} (mine tiles, rocks, setup cards and row values: {html.escape(SOURCE)})</div>")
    title = html.escape(caption) if caption else "Mine board"
    tech = (f" · mining technology: draw {_plural(technology, 'tile')} per Mine action"
            if technology is not None else "")
    legend = " ".join(f"<span style='background:{paint[p]};color:#fff;border-radius:3px;padding:0 5px;"
                      f"font-size:12px'>{html.escape(n)}</span>" for p, n in enumerate(names))
    out = (f"<div class='kh-mn-static' data-testid='kh-mine-static' style='font-family:system-ui,sans-serif;"
           f"font-size:13px;color:#22201c;margin:4px 0'>{banner}<div style='margin:4px 0'><b>{title}</b>"
           f"{html.escape(tech)} {legend}</div><table style='border-collapse:separate;border-spacing:3px;"
           f"background:#4a3b30;border-radius:8px;padding:4px'>{''.join(lines)}</table>")
    if show_scores:
        cells_list, owners = board_lists(board)
        out += _scores_html(score_dicts(mines.score_rows(cells_list, owners, count)), names, paint)
    return out + "</div>"


def _static_cell(i: int, cell: Mapping[str, Any], names: Sequence[str], paint: Sequence[str], show_open: bool,
                 marked: bool) -> str:
    big, small = _cell_lines(cell)
    style = ("width:74px;height:74px;vertical-align:top;text-align:center;border-radius:6px;font-size:11px;"
             "line-height:1.2;padding:2px;box-sizing:border-box;")
    owner = cell["owner"]
    if cell["kind"] == "rock":
        style += "background:#8d8172;color:#fff;"
    elif cell["tile"]:
        style += f"background:#f4ede0;border:3px solid {paint[owner] if owner >= 0 else '#6b6357'};"
    elif cell["open"] and show_open:
        style += "background:#fff0b3;border:2px dashed #b7862a;"
    else:
        style += "background:#6b5a4c;color:#e9e1d0;"
    if marked:  # the space a question asks about: light, so the red "?" stands out on the dark board
        style += "outline:3px solid #b3261e;background:#fff0b3;color:#22201c;"
    parts = [f"<div style='text-align:left;font-size:10px;opacity:0.7'>#{i}</div>"]
    if cell.get("entrance"):
        parts.append("<div style='font-size:10px;font-weight:700'>entrance · 2 wood</div>")
    if big:
        parts.append(f"<div style='font-weight:800;font-size:13px'>{html.escape(big)}</div>")
    parts += [f"<div>{html.escape(s)}</div>" for s in small]
    if cell["tile"] and owner >= 0:
        parts.append(f"<div style='color:#fff;background:{paint[owner]};border-radius:3px'>"
                     f"{html.escape(names[owner])}</div>")
    if cell["open"] and show_open and not cell["tile"]:
        parts.append(f"<div style='font-weight:700;color:#6b4a0c'>open: {cell['cost_here']} wood</div>")
    if marked:
        parts.append("<div style='font-weight:800;color:#b3261e;font-size:15px'>?</div>")
    return f"<td data-testid='kh-mine-static-cell-{i}' style='{style}'>{''.join(parts)}</td>"


def _scores_html(scores: Sequence[Mapping[str, Any]], names: Sequence[str], paint: Sequence[str]) -> str:
    th = "style='padding:2px 6px;border-bottom:1px solid #c8b68c'"
    head = (f"<tr><th {th}>row</th><th {th}>stars</th><th {th}>1st/2nd/3rd</th>"
            + "".join(f"<th {th}><span style='color:{paint[p]}'>■</span> {html.escape(n)}</th>"
                      for p, n in enumerate(names)) + "</tr>")
    body = []
    for s in scores:
        who = "".join(f"<td style='padding:2px 6px;text-align:center'>{s['player_stars'][p]} ★ → "
                      f"<b>{s['points'][p]}</b></td>" for p in range(len(names)))
        body.append(f"<tr data-testid='kh-mine-static-score-{s['row']}'><td style='padding:2px 6px'>row "
                    f"{s['row'] + 1}</td><td style='text-align:center'>{s['stars']}</td><td style='text-align:"
                    f"center'>{'/'.join(map(str, s['values']))}</td>{who}</tr>")
    totals = "".join(f"<td style='padding:2px 6px;text-align:center'><b>{sum(s['points'][p] for s in scores)}</b>"
                     f"</td>" for p in range(len(names)))
    body.append(f"<tr><td style='padding:2px 6px' colspan='3'><b>mine points</b></td>{totals}</tr>")
    return (f"<table data-testid='kh-mine-static-scores' style='border-collapse:collapse;margin-top:6px;"
            f"font-size:12px'>{head}{''.join(body)}</table>")


def _colours(colours: Sequence[str] | None, players: int) -> list[str]:
    if colours is None:
        return list(PLAYER_COLOURS[:players])
    out = [str(c) for c in colours]
    if len(out) != players or not all(_COLOUR.match(c) for c in out):
        raise ValueError(f"give {players} CSS colours (like '#7b3fa0' or 'purple'), not {_short(colours)}")
    return out


# ====================================================================== the live view
class MineBoardView(anywidget.AnyWidget):
    """The mine board as the engine sees it: entrances, rocks, mine tiles in their owners' colours, open spaces
    with their wood cost, stars and value per row, and (``show_scores``) the final mine scoring per row.

    ``MineBoardView(board=mines.snapshot(cells, owners), players=["Purple", "Blue"], colours=None, technology=1,
    show_scores=True, on_space=None)``. With no ``board``, an empty board without rocks.

    Synced state (Python → browser): ``board`` (the snapshot, drawn as given), ``players`` and ``colours``,
    ``technology`` (tiles drawn per Mine action, 1 to 5), ``show_scores`` and ``scores`` (one dict per row from
    :func:`~games.kutna_hora.mines.score_rows`: ``row``, ``stars``, ``values``, ``player_stars``, ``points``),
    ``totals`` (mine points per player), ``last`` (the space built last, -1 for none, outlined), ``caption``,
    ``interactive`` (cells are buttons), ``any_space`` (empty spaces that are not open are accepted too), and
    ``banner``, ``source``, ``message``, ``message_kind`` (``"info"`` / ``"error"``), ``message_seq``.

    One intent (browser → Python): ``{"type": "space", "index": 10}``, a click on a cell. :meth:`handle_intent`
    checks it against the snapshot (a whole number on the board, not a rock, not a mine, an open space unless
    ``any_space``); anything else becomes a sentence in ``message`` and changes nothing. An accepted click calls
    ``on_space(index)`` if set: it may return a sentence for ``message``, or raise ``ValueError(sentence)`` to refuse.
    Without ``on_space`` the view only says what a mine there would cost.

    A full-game table builds one view and redraws it with :meth:`update` after every action.
    """

    _esm = _STATIC / "kh_mine.js"
    _css = _STATIC / "kh_mine.css"

    board = traitlets.Dict().tag(sync=True)
    players = traitlets.List(traitlets.Unicode()).tag(sync=True)
    colours = traitlets.List(traitlets.Unicode()).tag(sync=True)
    technology = traitlets.Int(1).tag(sync=True)
    show_scores = traitlets.Bool(True).tag(sync=True)
    scores = traitlets.List(traitlets.Dict()).tag(sync=True)
    totals = traitlets.List(traitlets.Int()).tag(sync=True)
    last = traitlets.Int(-1).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    any_space = traitlets.Bool(False).tag(sync=True)
    banner = traitlets.Unicode(BANNER).tag(sync=True)
    source = traitlets.Unicode(SOURCE).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    #: Counts the answers; it makes a repeated message (the same refusal twice) still reach and flash the view.
    message_seq = traitlets.Int(0).tag(sync=True)

    def __init__(self, board: Mapping[str, Any] | None = None, *, players: Sequence[str] | None = None,
                 colours: Sequence[str] | None = None, technology: int = 1, show_scores: bool = True,
                 last: int = -1, caption: str = "", interactive: bool = True, any_space: bool = False,
                 on_space: Callable[[int], Any] | None = None, **kwargs: Any) -> None:
        if board is None:
            board = mines.snapshot(*setup_board(None))
        names = _names(players, _player_count(board, players)) if players is None else list(players)
        state = self._checked(board, names, colours, technology, last)
        self.on_space = on_space
        super().__init__(**state, show_scores=show_scores, caption=caption, interactive=interactive,
                         any_space=any_space, **kwargs)
        self.on_msg(self._on_browser_msg)
        self._say("The mine board." if not interactive else
                  "Click an open space (highlighted, with its wood cost) to build a mine there." if on_space else
                  "Click a space: an open one (highlighted) says what a mine there costs, any other why no mine may "
                  "go there.")

    # ------------------------------------------------------------------ reading it
    @property
    def cells(self) -> list[str]:
        """The tiles as :mod:`games.kutna_hora.mines` keeps them (``""``, ``"rock-N"``, ``"ii-3"``)."""
        return board_lists(self.board)[0]

    @property
    def owners(self) -> list[int]:
        return board_lists(self.board)[1]

    def row_scores(self) -> list[mines.RowScore]:
        """:func:`~games.kutna_hora.mines.score_rows` of the board shown."""
        return mines.score_rows(self.cells, self.owners, len(self.players))

    def open_spaces(self) -> dict[int, int]:
        """The open spaces the snapshot shows, with their wood cost."""
        return {i: c["cost_here"] for i, c in enumerate(self.board["cells"]) if c["open"]}

    def _repr_html_(self) -> str:
        """A static drawing for places without a widget manager (exports, GitHub)."""
        return mine_html(self.board, players=self.players, colours=self.colours, technology=self.technology,
                         show_scores=self.show_scores, caption=self.caption)

    # ------------------------------------------------------------------ changing it from Python
    def update(self, board: Mapping[str, Any] | None = None, *, players: Sequence[str] | None = None,
               colours: Sequence[str] | None = None, technology: int | None = None, last: int | None = None,
               caption: str | None = None, message: str | None = None, kind: str = "info") -> None:
        """Redraw with a new snapshot (and, if given, new players, colours, technology level, last space, caption
        and message), in one sync message. Raises ``ValueError`` for a board or setting that does not fit, and then
        changes nothing."""
        names = list(players) if players is not None else list(self.players)
        paint = colours if colours is not None else (self.colours if len(self.colours) == len(names) else None)
        state = self._checked(board if board is not None else self.board, names, paint,
                              technology if technology is not None else self.technology,
                              last if last is not None else self.last)
        with self.hold_sync():
            with self.hold_trait_notifications():  # board and players are checked together, not one by one
                for name, value in state.items():
                    setattr(self, name, value)
            if caption is not None:
                self.caption = caption
            if message is not None:
                self._say(message, kind)

    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` on the message line (``kind`` ``"info"`` or ``"error"``)."""
        self._say(str(text), "error" if kind == "error" else "info")

    @staticmethod
    def _checked(board: Any, names: list[str], colours: Sequence[str] | None, technology: Any,
                 last: Any) -> dict[str, Any]:
        """Everything the view draws, checked; ``ValueError`` (with the learner's sentence) if something does not
        fit. The scores follow from the board by :meth:`_rescore`."""
        players = _players(len(names))
        names = _names(names, players)
        problem = board_problem(board, players)
        if problem:
            raise ValueError(problem)
        if not _is_whole(technology) or technology not in TECH_DRAWS.value:
            raise ValueError(f"the technology level is the number of tiles a Mine action draws, "
                             f"{TECH_DRAWS.value[0]} to {TECH_DRAWS.value[-1]}, not {_short(technology)}")
        if not _is_whole(last) or not -1 <= last < SPACES:
            raise ValueError(f"last is a space 0 to {SPACES - 1} (or -1 for none), not {_short(last)}")
        try:  # a copy of plain JSON: a snapshot the caller mutates later cannot change (or silence) this view
            board = json.loads(json.dumps(board))
        except (TypeError, ValueError) as err:
            problem = f"a mine board snapshot holds only JSON values (text, numbers, lists, dicts): {err}"
            raise ValueError(problem) from None
        return {"board": board, "players": names, "colours": _colours(colours, players),
                "technology": technology, "last": last}

    # A direct assignment (``view.board = snapshot``, as a link would make) is checked and rescored too.
    @traitlets.validate("board")
    def _valid_board(self, proposal: Any) -> Any:
        problem = board_problem(proposal["value"], len(self.players) or None)
        if problem:
            raise traitlets.TraitError(problem)
        return proposal["value"]

    @traitlets.validate("players")
    def _valid_players(self, proposal: Any) -> Any:
        names = proposal["value"]
        try:
            _names(names, _players(len(names)))
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from None
        problem = board_problem(self.board, len(names)) if self.board else None
        if problem:
            raise traitlets.TraitError(problem)
        return names

    @traitlets.observe("board", "players")
    def _rescore(self, _change: Any) -> None:
        if not self.board or not self.players:
            return  # still in __init__
        cells, owners = board_lists(self.board)
        scores = mines.score_rows(cells, owners, len(self.players))
        with self.hold_sync():
            self.scores = score_dicts(scores)
            self.totals = [sum(s.points[p] for s in scores) for p in range(len(self.players))]

    def _say(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.message = text
            self.message_kind = kind
            self.message_seq += 1

    def _refuse(self, text: str) -> bool:
        self._say(text, "error")
        return False

    # ------------------------------------------------------------------ intents from the browser
    def _on_browser_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_intent(content)
        except Exception as err:  # a bug must not vanish into the JupyterLab log console
            self._say(f"Something went wrong in the mine board: {type(err).__name__}: {err}", "error")

    def handle_intent(self, intent: Any) -> bool:
        """Carry out one intent as the browser sends it (see the class docstring). Anything malformed or impossible
        becomes a sentence in :attr:`message` and leaves the board exactly as it was; True if accepted."""
        if not isinstance(intent, dict):
            return self._refuse(f"Not understood: an intent is an object like {{'type': 'space', 'index': 1}}, "
                                f"not {type(intent).__name__}.")
        kind = intent.get("type")
        if kind not in INTENTS:
            return self._refuse(f"Not understood: unknown intent {_short(kind)}; the view sends "
                                f"{', '.join(INTENTS)}.")
        if not self.interactive:
            return self._refuse("Not allowed: this board is only for looking at; nothing can be built here now.")
        index = intent.get("index")
        problem = space_problem(self.board, index, any_space=self.any_space, names=self.players)
        if problem:
            return self._refuse(problem)
        cell = self.board["cells"][index]
        place = where(index).capitalize()
        cost = (f"{place} is open: a mine there costs {cell['cost_here']} wood"
                + (" (an entrance)." if cell["entrance"] else ".") if cell["open"]
                else f"{place} is not open in the game; 'any space' lets it through.")
        if self.on_space is None:
            self._say(cost)
            return True
        with self.hold_sync():  # the callback's redraw and the answer reach the browser as one message
            try:
                said = self.on_space(index)
            except ValueError as err:
                return self._refuse(str(err))
            if said is False:  # the callback refused and has said why itself (through say())
                return False
            self._say(said if isinstance(said, str) and said else cost)
        return True


# ====================================================================== the sandbox
@dataclass(frozen=True, slots=True)
class Placement:
    """One mine built in the sandbox: where, which tile, whose, and the wood it cost (``None``: not open)."""

    index: int
    tile: str
    player: int
    wood: int | None


class MineSandbox(ipywidgets.VBox):
    """Build mines for any player on a real setup card and watch the row scoring follow.

    Pick a player and a tile (the tiles not on the board yet; technology tiles come in order and cost no wood),
    then click an open space in the view, or call :meth:`place`. Only open spaces are accepted, as in the game;
    the "any empty space" box lets a teacher put a mine anywhere empty (never on a rock or a mine). Undo takes
    back the last mine, reset clears the board, the setup picker lays out one of the 15 setup cards.

    ``sandbox.view`` is the :class:`MineBoardView` (with the live scoring table per row); ``.player_picker``
    (ToggleButtons), ``.tile_picker`` and ``.setup_picker`` (Dropdowns), ``.any_space_box`` (Checkbox),
    ``.undo_button``, ``.reset_button`` and ``.readout`` (HTML: wood paid, each row's scoring in words) are the
    controls.
    ``sandbox.cells``, ``.owners``, ``.placements``, ``.scores()`` and ``.frame()`` read the position.
    """

    def __init__(self, players: int = 4, *, names: Sequence[str] | None = None, colours: Sequence[str] | None = None,
                 setup: int | None = 1, any_space: bool = False, **kwargs: Any) -> None:
        self.players = _players(players)
        self.names = _names(names, self.players)
        self._setup = setup
        self._cells, self._owners = setup_board(setup)
        self.placements: list[Placement] = []
        self.view = MineBoardView(mines.snapshot(self._cells, self._owners), players=self.names, colours=colours,
                                  caption=self._caption(), any_space=any_space, on_space=self._on_space)
        self.player_picker = ipywidgets.ToggleButtons(options=[(n, p) for p, n in enumerate(self.names)], value=0,
                                                      description="player", style={"button_width": "80px"})
        self.tile_picker = ipywidgets.Dropdown(description="tile", layout={"width": "420px"})
        self.setup_picker = ipywidgets.Dropdown(
            options=[("none (no rocks)", 0)] + [(f"card {n}", n) for n in SETUP_CARDS],
            value=setup or 0, description="setup card", layout={"width": "220px"})
        self.any_space_box = ipywidgets.Checkbox(value=any_space, description="any empty space (teacher)",
                                                 indent=False)
        self.undo_button = ipywidgets.Button(description="Undo", icon="undo")
        self.reset_button = ipywidgets.Button(description="Reset", icon="refresh")
        self.readout = ipywidgets.HTML()
        self.undo_button.on_click(lambda _b: self.undo())
        self.reset_button.on_click(lambda _b: self.reset())
        self.setup_picker.observe(self._on_setup, names="value")
        self.any_space_box.observe(self._on_any_space, names="value")
        self._fill_tiles()
        self._refresh()
        super().__init__([
            ipywidgets.HBox([self.player_picker], layout={"flex_flow": "row wrap"}),
            ipywidgets.HBox([self.tile_picker, self.setup_picker], layout={"flex_flow": "row wrap"}),
            ipywidgets.HBox([self.undo_button, self.reset_button, self.any_space_box]),
            self.view, self.readout], **kwargs)

    # ------------------------------------------------------------------ reading it
    @property
    def cells(self) -> list[str]:
        return list(self._cells)

    @property
    def owners(self) -> list[int]:
        return list(self._owners)

    @property
    def setup(self) -> int | None:
        return self._setup

    @property
    def technology(self) -> int:
        return technology_level(self._cells)

    def scores(self) -> list[mines.RowScore]:
        """:func:`~games.kutna_hora.mines.score_rows` of the board."""
        return mines.score_rows(self._cells, self._owners, self.players)

    def frame(self) -> pd.DataFrame:
        """The scoring table as :func:`row_score_frame`."""
        return row_score_frame(self._cells, self._owners, self.players, self.names)

    def explain(self) -> list[str]:
        """Each row's scoring in words (:func:`explain_row`)."""
        return [explain_row(s, self.names) for s in self.scores()]

    def available_tiles(self) -> list[str]:
        """Tiles that may still be placed: the mine tiles not on the board, then the next technology tile."""
        free = [t.id for t in mines.TILES.values() if t.back != "tech" and t.id not in self._cells]
        nxt = next_tech_tile(self._cells)
        return free + ([nxt] if nxt else [])

    def wood_paid(self) -> list[int]:
        """Wood each player paid for the mines on the board (technology tiles and teacher placements: 0)."""
        out = [0] * self.players
        for p in self.placements:
            out[p.player] += p.wood or 0
        return out

    # ------------------------------------------------------------------ the verbs
    def place(self, index: int, tile: str | None = None, player: int | None = None) -> bool:
        """Build ``tile`` (default: the tile picked) for ``player`` (default: the player picked) on space ``index``.
        False, with the view's message saying why, if it may not go there; then nothing changes."""
        try:
            said = self._place(index, tile, player)
        except ValueError as err:
            self.view.say(str(err), "error")
            return False
        self.view.say(said)
        return True

    def undo(self) -> bool:
        """Take back the last mine built. False (with a message) if there is none."""
        if not self.placements:
            self.view.say("Not allowed: there is no mine to take back.", "error")
            return False
        last = self.placements.pop()
        self._cells[last.index], self._owners[last.index] = "", -1
        self._refresh(f"Took back {last.tile} from {where(last.index)}.")
        return True

    def reset(self, setup: int | None | str = "same") -> None:
        """An empty board with the rocks of setup card ``setup`` (default: the card in use; ``None``: no rocks)."""
        card = self._setup if setup == "same" else setup
        cells, owners = setup_board(card)  # raises ValueError before anything changes
        self._setup, self._cells, self._owners = card, cells, owners
        self.placements = []
        if self.setup_picker.value != (card or 0):
            self.setup_picker.value = card or 0  # observed: calls reset again with the same card, harmlessly
        self._refresh(f"A new board: {self._caption().lower()}.")

    def use_setup(self, card: int | None) -> None:
        """Reset to setup card ``card`` (1 to 15, or ``None`` for no rocks)."""
        self.reset(card)

    def _place(self, index: Any, tile: Any, player: Any) -> str:
        tile = self.tile_picker.value if tile is None else tile
        player = self.player_picker.value if player is None else player
        problem = place_problem(self._cells, self._owners, index, tile, player, self.players,
                                any_space=self.view.any_space, names=self.names)
        if problem:
            raise ValueError(problem)
        tile = tile_id(tile)
        costs = mines.open_spaces(self._cells)
        is_tech = mines.TILES[tile].back == "tech"
        wood = 0 if is_tech else costs.get(index)
        self._cells[index], self._owners[index] = tile, player
        self.placements.append(Placement(index, tile, player, wood))
        if is_tech:
            paid = "free: a technology tile costs no wood (everyone now draws one more tile per Mine action)"
        elif wood is None:
            paid = "not open in the game (placed with 'any empty space')"
        else:
            paid = f"{wood} wood" + (" (an entrance)" if index in mines.ENTRANCE_SPACES else "")
        text = f"{self.names[player]} builds {tile} on {where(index)}: {paid}. ({tile_words(tile)}.)"
        self._refresh()
        return text

    def _on_space(self, index: int) -> str:
        return self._place(index, None, None)

    # ------------------------------------------------------------------ the widgets
    def _caption(self) -> str:
        return f"Setup card {self._setup}" if self._setup else "No setup card (no rocks)"

    def _on_setup(self, change: dict[str, Any]) -> None:
        card = change["new"] or None
        if card != self._setup:
            self.reset(card)

    def _on_any_space(self, change: dict[str, Any]) -> None:
        self.view.any_space = bool(change["new"])
        self.view.say("Any empty space accepts a mine now (not the game's rule)." if change["new"]
                      else "Only open spaces accept a mine, as in the game.")

    def _fill_tiles(self) -> None:
        keep = self.tile_picker.value
        options = [(tile_words(t), t) for t in self.available_tiles()]
        self.tile_picker.options = options
        self.tile_picker.value = keep if keep in [tile for _, tile in options] else options[0][1]

    def _refresh(self, message: str | None = None) -> None:
        last = self.placements[-1].index if self.placements else -1
        self.view.update(mines.snapshot(self._cells, self._owners), technology=self.technology, last=last,
                         caption=self._caption(), message=message)
        self._fill_tiles()
        wood = ", ".join(f"{n} {w}" for n, w in zip(self.names, self.wood_paid(), strict=True))
        rows = "".join(f"<li>{html.escape(line)}</li>" for line in self.explain())
        self.readout.value = (f"<div class='kh-mn-readout' style='font-size:13px'><b>Wood paid:</b> "
                              f"{html.escape(wood)}<ul style='margin:2px 0'>{rows}</ul></div>")


# ====================================================================== exercises
ASKS = ("cost", "stars", "points", "total")


class MineExercise:
    """A question about a mine board whose answer the rules package works out.

    ``ask`` is one of ``"cost"`` (wood for a mine on ``space``, from
    :func:`~games.kutna_hora.mines.open_spaces`), ``"stars"`` (all stars in ``row``), ``"points"`` (what
    ``player`` scores in ``row``) or ``"total"`` (``player``'s mine points over all rows), the last three from
    :func:`~games.kutna_hora.mines.score_rows`. The board is ``placements`` (``(space, tile, player)``) built on
    setup card ``setup`` by :func:`build_board`. A question that does not fit its board raises ``ValueError`` when
    the exercise is made, so a broken exercise fails when its notebook runs.
    """

    def __init__(self, title: str, *, placements: Sequence[Sequence[Any]] = (), setup: int | None = 1,
                 ask: str = "points", space: int | None = None, row: int | None = None, player: int | None = None,
                 players: int = MAX_PLAYERS, names: Sequence[str] | None = None, hint: str = "") -> None:
        self.title, self.hint, self.ask = title, hint, ask
        try:
            self.players = _players(players)
            self.names = _names(names, self.players)
            self.cells, self.owners = build_board(setup, placements, players=self.players)
            self.setup = setup
            if ask not in ASKS:
                raise ValueError(f"ask is one of {', '.join(ASKS)}, not {_short(ask)}")
            if ask == "cost":
                costs = mines.open_spaces(self.cells)
                if not _is_whole(space) or space not in costs:
                    raise ValueError(f"space {_short(space)} is not open on this board; open: {sorted(costs)}")
            if ask in ("stars", "points") and (not _is_whole(row) or not 0 <= row < ROWS):
                raise ValueError(f"row is 0 to {ROWS - 1} (0 is the top row), not {_short(row)}")
            if ask in ("points", "total") and (not _is_whole(player) or not 0 <= player < self.players):
                raise ValueError(f"player is 0 to {self.players - 1}, not {_short(player)}")
        except ValueError as err:
            raise ValueError(f"exercise {title!r}: {err}") from None
        self.space, self.row, self.player = space, row, player

    def _unit(self) -> str:
        return {"cost": "wood", "stars": "stars"}.get(self.ask, "points")

    def answer(self) -> int:
        """The rules' answer."""
        if self.ask == "cost":
            return mines.open_spaces(self.cells)[self.space]  # type: ignore[index]  # checked in __init__
        scores = mines.score_rows(self.cells, self.owners, self.players)
        if self.ask == "stars":
            return scores[self.row].stars  # type: ignore[index]
        if self.ask == "points":
            return scores[self.row].points[self.player]  # type: ignore[index]
        return sum(s.points[self.player] for s in scores)  # type: ignore[index]

    def explain(self) -> str:
        """Why the answer is what it is, in the rule's words."""
        scores = mines.score_rows(self.cells, self.owners, self.players)
        if self.ask == "cost":
            return explain_cost(self.cells, self.space)  # type: ignore[arg-type]
        if self.ask == "stars":
            return explain_stars(self.cells, self.row) + " " + explain_row(scores[self.row], self.names)
        if self.ask == "points":
            return explain_row(scores[self.row], self.names)  # type: ignore[index]
        return " ".join(explain_row(s, self.names) for s in scores)

    @property
    def question(self) -> str:
        if self.ask == "cost":
            return f"{self.title}. How much wood does a mine on {where(self.space)} cost?"  # type: ignore[arg-type]
        if self.ask == "stars":
            return f"{self.title}. How many stars does row {self.row + 1} have in all?"  # type: ignore[operator]
        if self.ask == "points":
            return (f"{self.title}. How many mine points does {self.names[self.player]} "  # type: ignore[index]
                    f"score in row {self.row + 1}?")  # type: ignore[operator]
        return f"{self.title}. How many mine points does {self.names[self.player]} score in all?"  # type: ignore

    def question_html(self) -> str:
        hint = f"<details><summary>Hint</summary>{html.escape(self.hint)}</details>" if self.hint else ""
        board = mine_html(mines.snapshot(self.cells, self.owners), players=self.names, show_scores=False,
                          show_open=self.ask != "cost", show_rows=self.ask not in ("stars", "points", "total"),
                          mark=self.space if self.ask == "cost" else None,
                          caption=f"Setup card {self.setup}" if self.setup else "No rocks")
        return (f"<div class='kh-mn-ex-question'><b>{html.escape(self.title)}</b><br>"
                f"{html.escape(self.question.split('. ', 1)[1])}{board}{hint}</div>")

    def check(self, answer: Any) -> Feedback:
        """Compare ``answer`` with the rules' answer. Never raises: unreadable input gets a readable message."""
        value = _whole_answer(answer, self._unit())
        if isinstance(value, str):
            return Feedback(False, value)
        truth = self.answer()
        if value == truth:
            return Feedback(True, f"Right: {truth} {self._unit()}. {self.explain()}")
        hint = f" Hint: {self.hint}" if self.hint else ""
        return Feedback(False, f"Not quite: you said {value}, but the answer is {truth} {self._unit()}. "
                               f"{self.explain()}{hint}")

    def show(self) -> MineExerciseBox:
        """The exercise as a widget: question, answer box, Check button and feedback (a new box per call)."""
        return MineExerciseBox(self)

    def __repr__(self) -> str:
        return f"<MineExercise: {self.question}>"


def explain_cost(cells: Sequence[str], index: int) -> str:
    """Why a mine on space ``index`` costs what :func:`~games.kutna_hora.mines.open_spaces` says, in words."""
    costs = mines.open_spaces(cells)
    if index not in costs:
        return f"{where(index).capitalize()} is not open: no mine can go there now."
    if index in mines.ENTRANCE_SPACES:
        return f"{where(index).capitalize()} is an entrance: {ENTRANCE_WOOD.value} wood, printed on the board."
    r, c = mines.row_col(index)
    seen = []
    for dr, dc, side in ((0, -1, "left"), (0, 1, "right"), (-1, 0, "above")):
        rr, cc = r + dr, c + dc
        if 0 <= rr < ROWS and 0 <= cc < COLUMNS and mines.is_mine(cells[mines.space(rr, cc)]):
            tile = cells[mines.space(rr, cc)]
            seen.append(f"{tile} {side} (cost {mines.TILES[tile].cost})")
    below = mines.space(r + 1, c) if r + 1 < ROWS else None
    note = (" The mine below does not count: a mine never opens or prices the space above it."
            if below is not None and mines.is_mine(cells[below]) else "")
    return (f"The mines that open {where(index)}: {', '.join(seen)}. You pay the highest of their costs, not the "
            f"sum: {costs[index]} wood.{note}")


def explain_stars(cells: Sequence[str], row: int) -> str:
    """Where the stars of a row come from (mine tiles and rocks), in words."""
    parts = []
    for c in range(COLUMNS):
        cell = cells[mines.space(row, c)]
        if cell and mines.stars(cell):
            parts.append(f"{'a rock' if cell in mines.ROCKS else cell} ({mines.stars(cell)})")
    total = mines.row_stars(cells, row)
    return f"Row {row + 1} counts every star in it, rocks included: {' + '.join(parts) or 'none'} = {total}."


class MineExerciseBox(ipywidgets.VBox):
    """One exercise on screen: ``.answer`` (Text), ``.check_button`` and ``.feedback`` (HTML)."""

    def __init__(self, exercise: MineExercise, **kwargs: Any) -> None:
        self.exercise = exercise
        unit = exercise._unit()
        self.answer = ipywidgets.Text(value="", placeholder=unit, description=unit, layout={"width": "180px"})
        self.check_button = ipywidgets.Button(description="Check", icon="check", button_style="primary")
        self.feedback = ipywidgets.HTML("")
        self.check_button.on_click(self._on_check)
        super().__init__([ipywidgets.HTML(exercise.question_html()),
                          ipywidgets.HBox([self.answer, self.check_button]), self.feedback], **kwargs)

    def _on_check(self, _button: Any = None) -> None:
        try:
            self.feedback.value = feedback_html(self.exercise.check(self.answer.value))
        except Exception as err:  # an exception in a click handler would vanish into the log console
            self.feedback.value = feedback_html(Feedback(False, f"Something went wrong in the exercise: "
                                                                f"{type(err).__name__}: {err}"))


def _whole_answer(answer: Any, unit: str) -> int | str:
    """The answer as a whole number, or a sentence saying what is wrong with it."""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return f"Type your answer first: a whole number of {unit}, e.g. 3."
    if isinstance(answer, bool):
        return f"Type a whole number of {unit}, e.g. 3, not {answer}."
    if isinstance(answer, float):
        if not answer.is_integer():
            return f"The answer is a whole number of {unit}, not {answer}."
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


__all__ = ["PLAYER_COLOURS", "PLAYER_NAMES", "SETUP_CARDS", "MineBoardView", "MineExercise", "MineExerciseBox",
           "MineSandbox", "Placement", "board_lists", "board_problem", "build_board", "explain_cost", "explain_row",
           "explain_stars", "mine_html", "place_problem", "row_score_frame", "score_dicts", "setup_board",
           "next_tech_tile", "space_problem", "technology_level", "tile_id", "tile_words", "where"]
