"""A seat's action row with its activation row below it: the data its one renderer (``static/rows.js``) draws, for
the table and for :class:`RowsView`, the rows of one seat on their own (read-only: a picture for a lesson or an
exercise)::

    RowsView(position, 1)                        # Player 2's rows as everyone sees them
    RowsView(position, 1, marks=False)           # the same without the gold frames and the ★ (for a question)

A column whose two cards share a colour is framed in gold; the card the engine activated in the last reveal
(:meth:`ChartresGame.activated`) is marked ★. Drawn from the public view: during the secret setup the rows are
hidden.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import traitlets

from games.chartres import BANNER, ChartresGame
from games.chartres.components import Components
from widgets.shared.frontend import css, esm
from widgets.shared.text import seat_label, short
from widgets.shared.view import View

from .colours import CARD_COLOURS, RESOURCE_MARKS
from .positions import checked_game, checked_seat


def card_entries(parts: Components, ids: Sequence[str] | None = None) -> dict[str, list[Any]]:
    """What the renderers need of each card (all, or ``ids``): ``{id: [colour, resources, main, bonus]}``."""
    cards = parts.cards
    return {cid: [cards[cid].colour, list(cards[cid].resources), cards[cid].main.words(),
                  cards[cid].bonus.words() if cards[cid].bonus is not None else ""]
            for cid in (cards if ids is None else ids)}


def marks_catalog() -> dict[str, Any]:
    """The resource badges and card colours every card renderer uses."""
    return {"resources": [[r, mark] for r, mark in RESOURCE_MARKS.items()], "colours": dict(CARD_COLOURS)}


def lit_columns(parts: Components, row: Sequence[str] | None, act: Sequence[str] | None) -> list[int]:
    """The positions (1 = leftmost) whose action-row card and activation card share a colour (framed in gold)."""
    if row is None or act is None:
        return []
    cards = parts.cards
    return [k + 1 for k, (top, under) in enumerate(zip(row, act, strict=True))
            if under and cards[top].colour == cards[under].colour]


def seat_rows(game: ChartresGame, seen: Mapping[str, Any], marks: bool = True) -> dict[str, Any]:
    """A seat's rows as ``rows.js`` draws them, from its entry in ``game.observe(...)["seats"]``: ``row``, ``act``
    (``None`` while secret), ``lit``, ``activated`` (``marks=False``: neither), the face-down plays
    (``committed``, and ``commit`` for the seat's own eyes) and ``resources``."""
    row = seen["row"]
    return {"row": row, "act": seen["act"], "lit": lit_columns(game.parts, row, seen["act"]) if marks else [],
            "activated": seen["activated"] if marks and row is not None else "",
            "committed": seen["committed"], "commit": seen["commit"], "resources": seen["resources"]}


class RowsView(View):
    """``seat``'s action row above its activation row, read-only: ``RowsView(game, seat, caption="",
    marks=True)``. Synced: ``seat`` (:func:`seat_rows`), ``catalog`` (the cards shown), ``caption``, ``banner``,
    ``index`` (the seat). It takes no intents: anything sent is answered with a message."""

    _esm = esm("chartres/static/rows_view.js")
    _css = css("chartres/static/cards.css")

    catalog = traitlets.Dict().tag(sync=True)
    seat = traitlets.Dict().tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    marks = traitlets.Bool(True).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    banner = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game: ChartresGame, seat: int, caption: str = "", marks: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.show(game, seat, caption, marks)

    def show(self, game: ChartresGame, seat: int, caption: str = "", marks: bool = True) -> None:
        """Draw ``seat``'s rows in ``game`` (as everyone sees them)."""
        game = checked_game(game)
        seat = checked_seat(game, seat)
        rows = seat_rows(game, game.observe(None)["seats"][seat], marks)
        shown = [c for c in (rows["row"] or []) + (rows["act"] or []) if c]
        with self.hold_sync():
            self.catalog = {**marks_catalog(), "cards": card_entries(game.parts, shown),
                            "seat_label": seat_label(seat)}
            self.seat = rows
            self.index = seat
            self.marks = marks
            self.caption = caption or f"{seat_label(seat)}: action row above, activation row below"
            self.banner = "" if game.parts.is_printed else f"{BANNER} ({game.parts.source} components)"

    def intent_problem(self, intent: Any) -> str | None:
        return f"this picture of {seat_label(self.index)}'s rows is read-only: it takes no clicks, not {short(intent)}."


__all__ = ["RowsView", "card_entries", "lit_columns", "seat_rows"]
