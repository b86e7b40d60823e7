"""Catan (Klaus Teuber, 1995): the board and the base game ``catan.base``, for 3–4 players (2 as a learning variant).

``new_game(players=4, seed=1)`` starts a game. Decisions are written as short actions: ``settle 17``, ``road 40``,
``roll``, ``city 17``, ``trade brick ore``, ``propose`` / ``give wool`` / ``want ore`` / ``ask all``, ``buy``,
``play knight``, ``robber 9``, ``steal 3``, ``discard grain``, ``end``. Hexes are numbered 0–18, intersections 0–53
and paths 0–71 in reading order (:mod:`.board`).

Everything is built so that Cities & Knights layers on it (``docs/rules_notes/catan.md``, "How Cities & Knights plugs
in"). Every number is printed by the publisher (``data/rulebook.py``): nothing is designed by us. A designer changes
them through the designable parameters (``parameters.py``; a game's config option ``variant``), which the rules read
from the game's prepared numbers (``design.py``), never from the data module.
"""

from __future__ import annotations

from typing import Any

from .game import CatanConfig, CatanGame, CatanState
from .rules import RULES

BANNER = ""


def new_game(players: int = 4, seed: int = 0, **options: Any) -> CatanGame:
    """A new base game: ``new_game(players=4, seed=1, layout="beginner")``; options are :class:`CatanConfig` fields."""
    return CatanGame(None, seed, players=players, **options)


__all__ = ["BANNER", "CatanConfig", "CatanGame", "CatanState", "RULES", "new_game"]
