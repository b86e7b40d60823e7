"""Chartres (2025), 2–4 players: rebuilding the cathedral after the fire of 1194.

The rules are coded as the rule text states them; the component numbers (cellars, status board, tower, windows,
cards, bonus tiles) are designed placeholders, so every view shows :data:`BANNER`.
"""

from __future__ import annotations

from .components import Components, load_components, register_components
from .data.approx import SOURCE
from .wine import Barrel, Pouring, fills, has_order_choice, ip_by_grapes, pour

BANNER = "Values differ from the published game."

__all__ = ["BANNER", "Barrel", "Components", "Pouring", "SOURCE", "fills", "has_order_choice", "ip_by_grapes",
           "load_components", "pour", "register_components"]
