"""Kutná Hora's mine scoring in words and as a table: what the rule text says about a row, a space's cost and a row's
stars, with every number from :mod:`games.kutna_hora.mines` (``score_rows``, ``open_spaces``, ``row_stars``)::

    explain_row(mines.score_rows(cells, owners, 4)[1], ["Purple", "Blue", "Green", "Orange"])
    # 'Row 2: 6 stars, worth 3/2/1. Purple (2 stars) and Blue (2 stars) tie for 1st: 3 points each; ...'
    row_score_frame(cells, owners, 4)   # table: stars, row values, each player's stars and points per row

pandas (where installed; else the table of :mod:`widgets.shared.frames`) is imported only when a table is made, so
``import widgets`` stays quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.kutna_hora import mines
from games.kutna_hora.data.rulebook import ENTRANCE_WOOD
from widgets.shared.text import plural

from .mine_layout import COLUMNS, ROWS, player_count, player_names, where

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd

ORDINALS = ("1st", "2nd", "3rd")


def score_dicts(scores: Sequence[mines.RowScore]) -> list[dict[str, Any]]:
    """:func:`~games.kutna_hora.mines.score_rows` as JSON-ready dicts (what the view draws)."""
    return [{"row": s.row, "stars": s.stars, "values": list(s.values), "player_stars": list(s.player_stars),
             "points": list(s.points)} for s in scores]


def explain_row(score: mines.RowScore, names: Sequence[str]) -> str:
    """One row's mine scoring in words: its stars and value, then who ranks where and scores what.

    The points are the engine's (``score.points``); the words only say which rank each player holds."""
    first = f"Row {score.row + 1}: {plural(score.stars, 'star')}, worth {'/'.join(map(str, score.values))}"
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
        people = " and ".join(f"{names[p]} ({plural(score.player_stars[p], 'star')})" for p in who)
        pts = score.points[who[0]]
        verb = " tie for" if len(who) > 1 else " is"
        each = " each" if len(who) > 1 else ""
        beyond = " (only three ranks score)" if rank >= len(ORDINALS) else ""
        parts.append(f"{people}{verb} {label}: {plural(pts, 'point')}{each}{beyond}")
    zero = [names[p] for p, mine in enumerate(score.player_stars) if mine == 0]
    if zero:
        parts.append(f"{' and '.join(zero)}: no stars, no points")
    return f"{first}. " + "; ".join(parts) + "."


def row_score_frame(cells: Sequence[str], owners: Sequence[int], players: int,
                    names: Sequence[str] | None = None) -> pd.DataFrame:
    """Final mine scoring as a table: one line per row (``row 1`` is the top), then ``total``.

    Columns: ``stars`` (all stars in the row, rocks included), ``1st`` / ``2nd`` / ``3rd`` (the row's value), then
    per player ``<name> ★`` (stars on their own mines there) and ``<name> points``. The ``total`` line holds each
    player's points summed and ``<NA>`` elsewhere (``None`` where pandas is missing: a
    :class:`widgets.shared.frames.Table`). Every number is :func:`~games.kutna_hora.mines.score_rows`."""
    from widgets.shared.frames import Table, pandas_module

    pd = pandas_module()
    missing = None if pd is None else pd.NA

    players = player_count(players)
    labels = player_names(names, players)
    scores = mines.score_rows(cells, owners, players)
    columns = ["stars", *ORDINALS] + [f"{n} {k}" for n in labels for k in ("★", "points")]
    data = []
    for s in scores:
        line = [s.stars, *s.values]
        for p in range(players):
            line += [s.player_stars[p], s.points[p]]
        data.append(line)
    total: list[Any] = [missing] * 4
    for p in range(players):
        total += [missing, sum(s.points[p] for s in scores)]
    index = [f"row {s.row + 1}" for s in scores] + ["total"]
    if pd is None:
        return Table(data + [total], columns, index, "row")
    frame = pd.DataFrame(data + [total], columns=columns, index=index)
    frame.index.name = "row"
    return frame.astype("Int64")



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


__all__ = ["ORDINALS", "explain_cost", "explain_row", "explain_stars", "row_score_frame", "score_dicts"]
