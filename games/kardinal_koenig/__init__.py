"""Kardinal & König – Das Kartenspiel (Michael Schacht, Spiele aus Timbuktu 2001), 3–5 players.

``new_game(players=4, seed=1)`` starts a game; see :mod:`.game` for the decisions of a turn and :mod:`.scoring`
for the scoring chart. The per-card crests and routes are a designed stand-in (``approx``) for the card sheet.
"""

from __future__ import annotations

from typing import Any

from .deck import Card, Deck, load_deck, register_deck
from .game import CardGame, CardGameConfig
from .rules import RULES
from .scoring import Chart, country_points, crest_points, road_points, score_chart

BANNER = "Card symbols and law-tile positions are illustrative; they differ from the published card sheet."


def new_game(seed: int = 0, **options: Any) -> CardGame:
    """A new card game: ``new_game(seed=1, players=4)``; options are :class:`CardGameConfig` fields."""
    return CardGame(None, seed, **options)


__all__ = ["BANNER", "Card", "CardGame", "CardGameConfig", "Chart", "Deck", "RULES", "country_points",
           "crest_points", "load_deck", "new_game", "register_deck", "road_points", "score_chart"]
