"""Kutná Hora as a table a learner plays by clicking, against bots.

:class:`KHTable` draws the whole game, each board by its one renderer: the round track (round, tax, the red public
buildings waiting, the event cards face down or revealed), the two card stands, the town hall with the nobles, the
St. Barbara cathedral, the mine board, the town and every player board; the decision the game waits for and the
event log (each entry names its rule; hovering shows the rule text). Only the human seat's legal actions are
clickable: a card half (``play``/``joker``/``idle``), an open mine space, a plot, a stack top, a noble, a held tile;
a choice with two parts (``mine TILE SPACE``, ``build TILE PLOT``, a joker's action) is selected in the browser
first, then sent whole. A list of buttons gives every legal action as text besides. The rules stay in
:mod:`games.kutna_hora`; undo, time travel, bots, rounds and messages come from the shared driver
(:class:`widgets.shared.table.GameTable`)::

    from widgets.kutna_hora import KHTable
    table = KHTable(players=2, seed=1)   # the human is Player 1 (seat 0); a greedy bot plays the other seat
    table.act("play 2 mine")             # True; the bots move whenever it is their decision
    table.act("plot 99")                 # False: table.message says why
    table.undo(); table.show_step(5); table.play_rounds(1); table.play_to_end()
    table.score_frame()                  # points so far by category (mines, town, nobles, ...)

What the browser receives is built from ``game.observe(human)`` (:func:`.boards.boards`): the tiles drawn in
another player's Mine action, the face-down events and the tiles under each town hall stack's top never leave
Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import traitlets

from games.kutna_hora.game import KutnaHoraGame
from widgets.shared.choices import Choices
from widgets.shared.frontend import css, esm
from widgets.shared.redraw import Redraw
from widgets.shared.table import GameTable

from .actions import KIND_WORDS, action_costs, choices
from .boards import boards, catalog
from .scores import score_frame, score_table

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd

#: How many bot decisions the message names one by one (the log has them all).
MAX_SUMMARY = 14
#: The style sheets of every Kutná Hora board: the table and the board views draw with them.
SHEETS = ("kutna_hora/static/stands.css", "kutna_hora/static/mine_board.css", "kutna_hora/static/town_board.css",
          "kutna_hora/static/table.css")


#: What a house space gives, in the words of the player board's tooltips.
HOUSE_WORDS = {"public-rights": "public Rights", "pelicans": "pelicans", "reputation": "reputation",
               "points": "points"}


class KHTable(GameTable):
    """A Kutná Hora game in progress: the human seat plays by clicking, bots play the rest.

    ``KHTable(game=None, *, players=2, seed=0, human=0, bots="greedy")`` (see
    :class:`~widgets.shared.table.GameTable`). Its own synced state, one trait per board so that a step only sends
    the boards that changed (:func:`.boards.boards`): ``board``, ``stands``, ``hall``, ``mine``, ``town`` and
    ``seats``; in ``status["game"]``: ``kind_words`` (the decision in words), ``costs`` (the groschen of the
    human's costly legal actions, for the list of legal actions) and, when the game is over, ``score_table``. The
    human's choices with their words and places: :func:`.actions.choices`. A click on a mine space that names no
    action says why (the driver's ``why`` intent).
    """

    _esm = esm("kutna_hora/static/table.js")
    _css = css(*SHEETS)

    game_class = KutnaHoraGame
    default_players = 2
    click_hint = "Click a highlighted card half, space, plot, tile or button to decide."
    action_example = "'play 4 rights'"
    max_rounds: ClassVar[int] = 6
    max_summary: ClassVar[int | None] = MAX_SUMMARY  # a round of Kutná Hora is many bot decisions

    board = traitlets.Dict().tag(sync=True)
    stands = traitlets.Dict().tag(sync=True)
    hall = traitlets.Dict().tag(sync=True)
    mine = traitlets.Dict().tag(sync=True)
    town = traitlets.Dict().tag(sync=True)
    seats = traitlets.List().tag(sync=True)

    def make_catalog(self, game: KutnaHoraGame) -> dict[str, Any]:
        return catalog(game)

    def state_of(self, now: Redraw) -> dict[str, Any]:
        game, legal, kind = now.game, now.legal, now.kind
        costs = action_costs(game, legal, now.decision)
        return {**boards(game, self._human, self._bot_kind, now.observe(self._human)),
                "status": {"kind_words": KIND_WORDS.get(kind, kind), "costs": costs,
                           "score_table": score_table(game) if now.over else []}}

    def choices_of(self, now: Redraw) -> Choices:
        return choices(now.game, now, self._human)

    def idle_reason(self, game: KutnaHoraGame, what: str) -> str | None:
        if what != "mine-space":
            return None
        decision = game.pending()
        if decision is not None and decision.kind == "mine" and decision.player == self._human:
            return "choose one of your drawn tiles first (click it), then an open space of the mine for it."
        asked = f" Now: {decision.prompt}." if decision is not None else ""
        return ("the mine takes a click only in your Mine action (a drawn tile you keep goes on an open space) or "
                f"when you place a technology tile.{asked}")

    def coach_reason(self, game: KutnaHoraGame, action: str, reason: str) -> str:
        """A row order says what it means: which guild's buildings take the houses of which row, and what those houses
        give (the order changes nothing else yet, so the coach's own words would only say the order again)."""
        verb, *guilds = action.split()
        if verb != "rows" or len(guilds) != len(game.design.house_effects):
            return reason
        rows = []
        for row, guild in enumerate(guilds):
            totals: dict[str, int] = {}
            for space in game.design.house_effects[row]:
                for effect in space:
                    name = HOUSE_WORDS.get(effect.kind, effect.kind)
                    totals[name] = totals.get(name, 0) + effect.amount
            rows.append(f"row {row + 1} ({guild}): " + ", ".join(f"{k} +{n}" for k, n in totals.items()))
        return "; ".join(rows) + " (a guild's buildings take the houses of its row, left to right)"

    def round_of(self, game: KutnaHoraGame) -> int:
        return game.state.round

    def where_now(self, game: KutnaHoraGame) -> str:
        return f"now round {game.state.round} of {game.rounds}"

    # ------------------------------------------------------------------ tables
    def score_frame(self) -> pd.DataFrame:
        """:func:`.scores.score_frame` of the position shown."""
        return score_frame(self._shown())


__all__ = ["KHTable", "MAX_SUMMARY", "SHEETS"]
