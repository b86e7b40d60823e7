"""Kutná Hora's mine board (鉱山アクション, 最終得点計算 鉱山) as a view of its own: :class:`MineBoardView`.

Its one renderer, ``static/mine_board.js``, also draws the mine in :class:`~widgets.kutna_hora.KHTable`. Nothing
here decides where a mine may go, what it costs or what a row scores: the open spaces and their wood come with the
snapshot (:func:`games.kutna_hora.mines.snapshot`), the scores from :func:`~games.kutna_hora.mines.score_rows`::

    from games.kutna_hora import mines
    from widgets.kutna_hora import MineBoardView, build_board

    cells, owners = build_board(setup=1, placements=[(1, "i-1", 3), (4, "i-2", 1)])  # (space, tile, player)
    view = MineBoardView(mines.snapshot(cells, owners), players=["Purple", "Blue", "Green", "Orange"])
    view.on_space = lambda index: f"you chose space {index}"   # called for an accepted click
    view.handle_intent({"intent": "space", "index": 10})        # what a click sends; True if accepted
    view.update(mines.snapshot(cells, owners), technology=2)    # a redraw
    MineBoardView(snapshot, interactive=False, show_open=False, mark=15)   # a read-only picture for a question

The mine tiles, rocks, setup cards, board size and row values are the designed ``approx`` components, so the view
carries :data:`games.kutna_hora.BANNER`.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Mapping, Sequence

import traitlets

from games.kutna_hora import BANNER, mines
from games.kutna_hora.data.approx import SOURCE, TECH_DRAWS
from widgets.shared.frontend import css, esm
from widgets.shared.palette import seat_colours
from widgets.shared.text import is_whole, short
from widgets.shared.view import View

from .mine_layout import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SPACES,
    board_lists,
    board_problem,
    player_count,
    player_names,
    setup_board,
    space_problem,
    where,
)
from .mine_words import score_dicts

#: A CSS colour a caller may give a player: ``#7b3fa0``, ``#fff`` or a colour name.
_COLOUR = re.compile(r"#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?|[a-zA-Z]{3,20}")


def _drawn_players(board: Any, players: Sequence[str] | None) -> int:
    """How many players a drawing shows: as many as named, else enough for every owner on the board (at least 2)."""
    if players is not None:
        return len(players)
    cells = board.get("cells", ()) if isinstance(board, Mapping) else ()
    owners = [c.get("owner", -1) for c in cells if isinstance(c, Mapping)]
    highest = max((o for o in owners if is_whole(o)), default=-1)
    return min(MAX_PLAYERS, max(MIN_PLAYERS, highest + 1))


def _colours(colours: Sequence[str] | None, players: int) -> list[str]:
    if colours is None:
        return seat_colours(players)
    out = [str(c) for c in colours]
    if len(out) != players or not all(_COLOUR.fullmatch(c) for c in out):
        raise ValueError(f"give {players} CSS colours (like '#7b3fa0' or 'purple'), not {short(colours)}")
    return out


class MineBoardView(View):
    """The mine board as the engine sees it: entrances, rocks, mine tiles in their owners' colours, open spaces
    with their wood cost, stars and value per row, and (``show_scores``) the final mine scoring per row.

    ``MineBoardView(board=mines.snapshot(cells, owners), players=["Purple", "Blue"], colours=None, technology=1,
    show_scores=True, on_space=None)``. With no ``board``, an empty board without rocks; players are named and
    coloured as the shared palette's seats unless given.

    Synced state (Python → browser): ``board`` (the snapshot, drawn as given), ``players`` and ``colours``,
    ``technology`` (tiles drawn per Mine action, 1 to 5), ``show_scores`` and ``scores`` (one dict per row from
    :func:`~games.kutna_hora.mines.score_rows`: ``row``, ``stars``, ``values``, ``player_stars``, ``points``),
    ``totals`` (mine points per player), ``last`` (the space built last, -1 for none, outlined), ``caption``,
    ``interactive`` (cells are clickable), ``any_space`` (empty spaces that are not open are accepted too),
    ``show_open`` and ``show_rows`` (the open spaces' costs and each row's stars and value; a question hides
    them), ``mark`` (a space outlined with a "?", -1 for none), ``banner``, ``source`` and the message line.

    One intent (browser → Python): ``{"intent": "space", "index": 10}``, a click on a cell, checked against the
    snapshot (a whole number on the board, not a rock, not a mine, an open space unless ``any_space``); anything
    else becomes a sentence in ``message`` and changes nothing. An accepted click calls ``on_space(index)`` if set:
    it may return a sentence for ``message``, or raise ``ValueError(sentence)`` to refuse. Without ``on_space`` the
    view only says what a mine there would cost.
    """

    _esm = esm("kutna_hora/static/mine_view.js")
    _css = css("kutna_hora/static/mine_board.css")

    INTENTS = {"space": {"index": 10}}

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
    show_open = traitlets.Bool(True).tag(sync=True)
    show_rows = traitlets.Bool(True).tag(sync=True)
    mark = traitlets.Int(-1).tag(sync=True)
    banner = traitlets.Unicode(BANNER).tag(sync=True)
    source = traitlets.Unicode(SOURCE).tag(sync=True)

    def __init__(self, board: Mapping[str, Any] | None = None, *, players: Sequence[str] | None = None,
                 colours: Sequence[str] | None = None, technology: int = 1, show_scores: bool = True,
                 last: int = -1, caption: str = "", interactive: bool = True, any_space: bool = False,
                 show_open: bool = True, show_rows: bool = True, mark: int = -1,
                 on_space: Callable[[int], Any] | None = None, **kwargs: Any) -> None:
        if board is None:
            board = mines.snapshot(*setup_board(None))
        names = player_names(players, _drawn_players(board, players)) if players is None else list(players)
        state = self._checked(board, names, colours, technology, last)
        if not is_whole(mark) or not -1 <= mark < SPACES:
            raise ValueError(f"mark is a space 0 to {SPACES - 1} (or -1 for none), not {short(mark)}")
        self.on_space = on_space
        super().__init__(**state, show_scores=show_scores, caption=caption, interactive=interactive,
                         any_space=any_space, show_open=show_open, show_rows=show_rows, mark=mark, **kwargs)
        self.say("The mine board." if not interactive else
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

    def open_spaces(self) -> dict[int, int]:
        """The open spaces the snapshot shows, with their wood cost."""
        return {i: c["cost_here"] for i, c in enumerate(self.board["cells"]) if c["open"]}

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
                self.say(str(message), "error" if kind == "error" else "info")

    @staticmethod
    def _checked(board: Any, names: list[str], colours: Sequence[str] | None, technology: Any,
                 last: Any) -> dict[str, Any]:
        """Everything the view draws, checked; ``ValueError`` (with the learner's sentence) if something does not
        fit. The scores follow from the board by :meth:`_rescore`."""
        players = player_count(len(names))
        names = player_names(names, players)
        problem = board_problem(board, players)
        if problem:
            raise ValueError(problem)
        if not is_whole(technology) or technology not in TECH_DRAWS.value:
            raise ValueError(f"the technology level is the number of tiles a Mine action draws, "
                             f"{TECH_DRAWS.value[0]} to {TECH_DRAWS.value[-1]}, not {short(technology)}")
        if not is_whole(last) or not -1 <= last < SPACES:
            raise ValueError(f"last is a space 0 to {SPACES - 1} (or -1 for none), not {short(last)}")
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
            player_names(names, player_count(len(names)))
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

    # ------------------------------------------------------------------ the intent from the browser
    def intent_space(self, index: Any = None) -> bool:
        """A click on space ``index`` (see the class docstring); ``True`` if accepted."""
        if not self.interactive:
            return self.refuse("Not allowed: this board is only for looking at; nothing can be built here now.")
        problem = space_problem(self.board, index, any_space=self.any_space, names=self.players)
        if problem:
            return self.refuse(problem)
        cell = self.board["cells"][index]
        place = where(index).capitalize()
        cost = (f"{place} is open: a mine there costs {cell['cost_here']} wood"
                + (" (an entrance)." if cell["entrance"] else ".") if cell["open"]
                else f"{place} is not open in the game; 'any space' lets it through.")
        if self.on_space is None:
            self.say(cost)
            return True
        with self.hold_sync():  # the callback's redraw and the answer reach the browser as one message
            try:
                said = self.on_space(index)
            except ValueError as err:
                return self.refuse(str(err))
            if said is False:  # the callback refused and has said why itself (through say())
                return False
            self.say(said if isinstance(said, str) and said else cost)
        return True


__all__ = ["MineBoardView"]
