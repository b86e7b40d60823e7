"""Chartres (2025), 2–4 players: rebuilding the cathedral after the fire of 1194.

The rules are coded as the rule text states them; the component numbers (cellars, status board, tower, windows,
cards, bonus tiles) are designed placeholders, so every view shows :data:`BANNER`.

A game is :class:`ChartresGame` (``new_game(players=3, seed=0)``); :mod:`.game` names the module of each decision,
one per phase of the rule text (Phase A :mod:`.locations`, Phases B–D :mod:`.play`,
Phase E :mod:`.actions` and :mod:`.resolution`, Phase F :mod:`.scoring` and :mod:`.wine_making`, the end of an era
:mod:`.era_end`, :mod:`.final_scoring`). The formulas a view can call without a game are pure modules:
:mod:`.wine` (barrels), :mod:`.windows`, :mod:`.citizens` (torch order, paths), :mod:`.abilities` (the glossary).
"""

from __future__ import annotations

from typing import Any

from .components import Components, load_components, register_components
from .data.approx import SOURCE
from .game import ChartresGame
from .rules import RULES
from .state import ChartresConfig
from .wine import Barrel, Pouring, fills, has_order_choice, ip_by_grapes, pour

BANNER = "Values differ from the published game."


def new_game(players: int = 3, seed: int = 0, **options: Any) -> ChartresGame:
    """A new game of Chartres (``options``: the fields of :class:`ChartresConfig`). Three players by default, the
    count the lessons teach with; a bare :class:`ChartresConfig` (a save, the registry) keeps its own default of two."""
    return ChartresGame(None, seed, players=players, **options)


__all__ = ["BANNER", "Barrel", "ChartresConfig", "ChartresGame", "Components", "Pouring", "RULES", "SOURCE", "fills",
           "has_order_choice", "ip_by_grapes", "load_components", "new_game", "pour", "register_components"]
