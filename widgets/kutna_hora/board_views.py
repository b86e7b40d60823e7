"""Boards of a Kutná Hora game on their own, read-only, for lessons: :class:`TownHallView`, :class:`BarbaraView` and
:class:`PlayerBoardView`. Each draws its board with the same renderer as :class:`~widgets.kutna_hora.KHTable`
(``static/town_hall.js``, ``barbara.js``, ``player_board.js``, through one entry module ``board_view.js``), from
the public view of the game::

    TownHallView(game)                 # the three rows of stacks, the column costs, the nobles
    PlayerBoardView(game, player=0)    # guild rows, houses, production, miners, held tiles, reputation, cards
    view.update(game)                  # redraw after the game moved on
"""

from __future__ import annotations

from typing import Any

import traitlets

from games.kutna_hora.game import KutnaHoraGame
from widgets.shared.frontend import css, esm
from widgets.shared.palette import seat_colours, seat_names
from widgets.shared.text import short
from widgets.shared.view import View

from .boards import board_rules, boards, catalog, checked_game, checked_seat
from .table import SHEETS


class BoardView(View):
    """One board of a game, read-only (see the module docstring): ``board_kind`` (which board the one entry module,
    ``static/board_view.js``, draws), ``catalog`` and ``board`` (the round, prices, nobles, ...:
    :func:`.boards.boards`) and the board's own traits. It takes no clicks: anything sent is answered with a
    message."""

    _esm = esm("kutna_hora/static/board_view.js")
    _css = css(*SHEETS)
    what = "this board"
    kind = ""

    board_kind = traitlets.Unicode("").tag(sync=True)
    catalog = traitlets.Dict().tag(sync=True)
    board = traitlets.Dict().tag(sync=True)

    def __init__(self, game: KutnaHoraGame, **kwargs: Any) -> None:
        super().__init__(board_kind=self.kind, **kwargs)
        self.update(game)

    def update(self, game: KutnaHoraGame) -> None:
        """Redraw from ``game`` (the public view: nothing hidden is sent)."""
        game = checked_game(game)
        self.check(game)
        state = boards(game, None, "")
        with self.hold_sync():
            self.catalog = {**catalog(game), "players": game.players, "seat_colours": seat_colours(game.players),
                            "seat_names": seat_names(game.players), **board_rules(game)}
            self.board = state["board"]
            self.draw(state)

    def check(self, game: KutnaHoraGame) -> None:
        """Raise for a game this view cannot show."""

    def draw(self, state: dict[str, Any]) -> None:  # pragma: no cover - every board view draws
        raise NotImplementedError

    def intent_problem(self, intent: Any) -> str | None:
        return f"{self.what} is a picture (read-only): it takes no clicks, not {short(intent)}."


class TownHallView(BoardView):
    """The town hall of a game: three rows of stacks with their top tiles, the column costs (1 groschen, 1/2/3
    permits at the current permit price), and the noble bank, pool and council. ``TownHallView(game)``;
    ``view.update(game)`` redraws."""

    what, kind = "the town hall", "hall"

    hall = traitlets.Dict().tag(sync=True)

    def draw(self, state: dict[str, Any]) -> None:
        self.hall = state["hall"]


class BarbaraView(BoardView):
    """The St. Barbara cathedral of a game: 11 tiles (1–5 at the bottom, 6–10 above, 11 on top), the done ones
    turned, the current one highlighted, each with its effect and tax icon. ``BarbaraView(game)``;
    ``view.update(game)`` redraws."""

    what, kind = "St. Barbara", "barbara"

    def draw(self, state: dict[str, Any]) -> None:
        pass  # the tiles done are in ``board``


class PlayerBoardView(BoardView):
    """One player's board: guild rows with the houses left and what each space shows, production, miners, the 3
    slots, pelicans, the reputation track, the action cards still in hand. ``PlayerBoardView(game, player=0)``;
    ``view.update(game)`` redraws."""

    what, kind = "this player board", "player"

    player = traitlets.Int(0).tag(sync=True)
    seat = traitlets.Dict().tag(sync=True)

    def __init__(self, game: KutnaHoraGame, player: int = 0, **kwargs: Any) -> None:
        checked_seat(checked_game(game), player)
        super().__init__(game, player=player, **kwargs)

    def check(self, game: KutnaHoraGame) -> None:
        checked_seat(game, self.player)

    def draw(self, state: dict[str, Any]) -> None:
        self.seat = state["seats"][self.player]


__all__ = ["BarbaraView", "BoardView", "PlayerBoardView", "TownHallView"]
