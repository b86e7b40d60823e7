"""Board-game rules as plain Python (standard library only, so it also runs in JupyterLite / Pyodide).

Every game shares the kernel in :mod:`games.core`: created from a config and a seed; ``pending()`` says who must
decide what; ``legal_actions()`` in a stable sorted order; ``apply(action)`` refuses illegal actions with a readable
:class:`~games.core.IllegalAction` and leaves the game untouched; ``clone()``, ``undo()``, ``at(step)``,
``to_json()`` / ``from_json()``, replay from config + seed + action log; ``log`` of events naming their rules;
``is_terminal()``, ``scores()``, ``outcome()``, ``observe(player)``.

Games: :mod:`games.kutna_hora` (the full game and its price sandbox), :mod:`games.kardinal_koenig` (the card game),
:mod:`games.chartres` (the full game), :mod:`games.catan` (base Catan, and Cities & Knights in
:mod:`games.catan.cities_knights`). :mod:`games.lab` plays variants of them against each other (the design lab).
"""

from __future__ import annotations

import importlib
from typing import Any

from .core import Game, SaveFileError
from .core.errors import excerpt, read_json

#: Save-file game ids and the class that loads them (imported on demand).
GAMES = {
    "catan.base": "games.catan.game:CatanGame",
    "catan.cities_knights": "games.catan.cities_knights.game:CKGame",
    "chartres.game": "games.chartres.game:ChartresGame",
    "kardinal_koenig.cards": "games.kardinal_koenig.game:CardGame",
    "kutna_hora.economy": "games.kutna_hora.economy:EconomyGame",
    "kutna_hora.game": "games.kutna_hora.game:KutnaHoraGame",
}


def game_class(game_id: str) -> type[Game]:
    """The class that loads saves of ``game_id`` (:data:`GAMES`); :class:`SaveFileError` for an unknown id."""
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise SaveFileError(f"unknown game {excerpt(game_id)}; known games: {', '.join(sorted(GAMES))}")
    module, name = GAMES[game_id].split(":")
    return getattr(importlib.import_module(module), name)


def load(text: str | bytes, trust_snapshot: bool = False) -> Game:
    """Load any saved game from its JSON text or UTF-8 bytes (the save names its game). Whatever the text holds, the
    only error is :class:`SaveFileError` with one sentence (see :meth:`Game.from_dict` for what is checked)."""
    data: Any = read_json(text, SaveFileError, "a save")
    if not isinstance(data, dict):
        raise SaveFileError("a save file holds a JSON object")
    return game_class(data.get("game")).from_dict(data, trust_snapshot)
