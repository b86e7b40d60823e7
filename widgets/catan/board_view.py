"""The Catan island on its own: a read-only picture for lessons, or a live board whose places a sandbox offers.

Drawn by the same renderer as :class:`~widgets.catan.CatanTable` (``static/board.js``)::

    from widgets.catan import BoardView
    BoardView(game)                                  # a picture of the island (read-only, takes no clicks)
    BoardView.picture(game, caption="after step 5")  # the same, named as the other games' pictures are

    # a live board: the places a sandbox offers are highlighted; a click calls on_pick(kind, index)
    def place_city(kind, index):                     # kind "node" | "edge" | "hex"
        if index in taken:
            raise ValueError("a city stands there already")  # the view's message line shows the reason
        taken.add(index)
        view.update(game, pieces=[{"c": sorted(taken)}])      # redraw with the learner's pieces
        return f"city at {index}"                             # shown in the message line
    view = BoardView(game, interactive=True, on_pick=place_city,
                     offers={f"node:{v}": f"place a city at {v}" for v in range(54)})
    view.marks = {"node": [17, 22]}                  # places drawn highlighted without a click

``pieces`` (a list per seat of ``{"s": settlements, "c": cities, "m": metropolises, "w": walls, "r": roads, "k":
[[node, strength 1-3, active 0/1]], "x": reduced cities}``) replaces the game's pieces in the picture (a sandbox's
own position); without it the game's own pieces are drawn. What is drawn comes from ``game.observe(None)``: nothing
hidden. A click is ``{"intent": "pick", "kind": "node", "index": 17}``; a place not offered is answered with a
message, as is anything sent to a picture.
"""

from __future__ import annotations

from typing import Any, Callable

import traitlets

from games.catan.game import CatanGame
from widgets.shared.frontend import css, esm
from widgets.shared.palette import seat_colours
from widgets.shared.text import short
from widgets.shared.view import View

from .boards import board_state, geometry
from .places import PlaceWords

SHEETS = ("catan/static/catan.css",)
KINDS = ("node", "edge", "hex")


class BoardView(View):
    """The island of a Catan game (module docstring): ``BoardView(game, *, interactive=False, offers=None,
    marks=None, caption="", on_pick=None, pieces=None)``."""

    _esm = esm("catan/static/board_view.js")
    _css = css(*SHEETS)
    INTENTS = {"pick": {"kind": "node", "index": 17}}

    geometry = traitlets.Dict().tag(sync=True)
    board = traitlets.Dict().tag(sync=True)
    #: "node:17" -> what a click there does (only in a live board).
    offers = traitlets.Dict().tag(sync=True)
    #: {"node": [..], "hex": [..]}: places drawn highlighted, not clickable.
    marks = traitlets.Dict().tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    seat_colours = traitlets.List().tag(sync=True)

    def __init__(self, game: CatanGame, *, interactive: bool = False, offers: dict[str, str] | None = None,
                 marks: dict[str, list[int]] | None = None, caption: str = "",
                 on_pick: Callable[[str, int], str | None] | None = None,
                 pieces: list[dict[str, Any]] | None = None, **kwargs: Any) -> None:
        if offers and not interactive:
            raise ValueError("offers need a live board: BoardView(game, interactive=True, offers=...)")
        super().__init__(caption=caption, **kwargs)
        self.interactive = interactive
        self.on_pick = on_pick
        self.update(game, pieces=pieces)
        with self.hold_sync():
            self.offers = dict(offers or {})
            self.marks = dict(marks or {})

    @classmethod
    def picture(cls, game: CatanGame, caption: str = "", **kwargs: Any) -> BoardView:
        """A read-only picture of ``game`` as it is now (it keeps this position when the game moves on)."""
        return cls(game.clone(), caption=caption, **kwargs)

    def update(self, game: CatanGame, pieces: list[dict[str, Any]] | None = None) -> None:
        """Redraw from ``game`` (its public view), with ``pieces`` instead of the game's own if given."""
        if not isinstance(game, CatanGame):
            raise TypeError(f"BoardView shows a Catan game, not {short(game)}")
        drawn = geometry(game)
        state = board_state(game, worded=drawn["numbers"])
        if pieces is not None:
            empty = {"s": [], "c": [], "m": [], "w": [], "x": [], "r": [], "k": []}
            state["pieces"] = [{**empty, **seat} for seat in pieces]
        with self.hold_sync():
            self.geometry = drawn
            self.seat_colours = seat_colours(max(game.players, len(state["pieces"])))
            self.board = state
        self.game = game

    # ------------------------------------------------------------------ clicks
    def intent_problem(self, intent: Any) -> str | None:
        if not self.interactive:
            return f"this board is a picture (read-only): it takes no clicks, not {short(intent)}."
        return super().intent_problem(intent)

    def intent_pick(self, kind: Any = None, index: Any = None) -> bool:
        if kind not in KINDS or isinstance(index, bool) or not isinstance(index, int):
            return self.refuse(f"Not understood: 'pick' needs a kind ({', '.join(KINDS)}) and a whole index, got "
                               f"{short(kind)} {short(index)}.")
        key = f"{kind}:{index}"
        where = PlaceWords.of(self.game).place(kind, index)  # as the learner sees it, not by its index
        if key not in self.offers:
            return self.refuse(f"Not allowed: {where} is not offered here.")
        if self.on_pick is None:
            self.say(f"You picked {where}: {self.offers[key]}.")
            return True
        try:
            said = self.on_pick(kind, index)
        except ValueError as err:
            return self.refuse(f"Not allowed: {err}")
        self.say(said or f"You picked {where}.")
        return True


__all__ = ["BoardView"]
