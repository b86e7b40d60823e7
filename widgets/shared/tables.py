"""Where each game is shown: game id -> its own view, by lazy import strings (as ``games.GAMES`` names the rules),
so the shared layer names no game in its imports and a lesson loads only the views it opens.

    from widgets.shared.tables import open_game
    table = open_game(game, step=40)      # the game's own table in watch mode, looking back at step 40
    table.status["view"]                  # 40: the time-travel slider stands there

A game with a table (:class:`~widgets.shared.table.GameTable`) opens in it with ``human=None`` (watch mode: every
seat a bot, nothing clickable but the tools) and looks at ``step`` through the table's time travel
(:meth:`~widgets.shared.table.GameTable.show_step`); the slider moves from there over the whole game. The price
sandbox (``kutna_hora.economy``) has no table: its card stands with their price chart (``PriceStandApp``) open on
the game as it was after ``step`` actions (a copy: playing on in it leaves the game given alone).
"""

from __future__ import annotations

import importlib
from typing import Any

from games.core import Game

from .text import short

#: Game id -> ``"module:Class"`` of the view a game opens in.
TABLES = {
    "catan.base": "widgets.catan.table:CatanTable",
    "catan.cities_knights": "widgets.catan.table:CKTable",
    "chartres.game": "widgets.chartres.table:ChartresTable",
    "kardinal_koenig.cards": "widgets.kardinal_koenig.table:KKTable",
    "kutna_hora.game": "widgets.kutna_hora.table:KHTable",
    "kutna_hora.economy": "widgets.kutna_hora.price_app:PriceStandApp",
}
#: Game ids whose view is no :class:`GameTable` and is opened on ``game.at(step)`` instead of time travel.
AT_STEP = frozenset({"kutna_hora.economy"})


def table_class(game_id: str) -> type:
    """The view class a game id opens in (imported now); ``KeyError`` with the known ids for another."""
    if game_id not in TABLES:
        raise KeyError(f"no view opens {short(game_id)}; games with one: {', '.join(sorted(TABLES))}")
    module, name = TABLES[game_id].split(":")
    return getattr(importlib.import_module(module), name)


def open_game(game: Game, step: int | None = None, bots: str | None = None) -> Any:
    """``game`` in its own view, in watch mode, showing it as it was after ``step`` actions (``None``: as it is
    now); ``bots``: the kind of bot a table names at its seats and lets play on (``"random"``, ``"greedy"``,
    ``"mcts"``; the table's own default when ``None``). ``ValueError`` for a step the game does not have;
    ``TypeError`` for something that is no game."""
    if not isinstance(game, Game):
        raise TypeError(f"open_game opens a game (games.core.Game), not {short(game)}")
    steps = len(game.history)
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= steps):
        raise ValueError(f"the game has steps 0 to {steps}, not {short(step)}")
    cls = table_class(game.game_id)
    if game.game_id in AT_STEP:
        return cls(game if step is None or step == steps else game.at(step))
    table = cls(game, human=None, **({"bots": bots} if bots is not None else {}))
    if step is not None and step != steps:
        table.show_step(step)
        table.say(f"Looking back at step {step} of {steps} (read-only): move the time-travel slider to see the rest "
                  "of the game, or click 'back to the present' for its end.")
    return table


__all__ = ["AT_STEP", "TABLES", "open_game", "table_class"]
