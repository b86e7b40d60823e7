"""Kardinal & König – Das Kartenspiel (Michael Schacht, Spiele aus Timbuktu 2001), 3–5 players.

``new_game(players=4, seed=1)`` starts a game. A turn's decisions are steps, one module per mechanic of the rule
text: :mod:`.taking` (take cards), :mod:`.law_chips` (played while taking), :mod:`.claim_stones` (place or move a
claim stone), :mod:`.claimed_cards` (paying for a card under another player's stone), each pushing the step that
comes next on ``state.stack``; :mod:`.flow` is the turn order and the end of the game; :mod:`.game` sets the table up
and scores. :mod:`.scoring` is the scoring chart, :mod:`.evaluation` the greedy bot's view.
:mod:`.parameters` lists the designable numbers (the design lab's variants) and :mod:`.design` prepares them for a
game.
The per-card crests and routes are a designed stand-in (``approx``) for the card sheet; two facts about the sheet
are our inferences from the text (``inferred``, :mod:`.data.inferred`: at most 2 crests a card, never both a ship and
a carriage), which a transcribed deck may break (it loads with a warning).
"""

from __future__ import annotations

from typing import Any

from .deck import Card, Deck, DeckWarning, load_deck, register_deck
from .game import CardGame
from .rules import RULES
from .scoring import Chart, country_points, crest_points, road_points, score_chart
from .state import CardGameConfig

BANNER = "Card symbols and law-tile positions are illustrative; they differ from the published card sheet."


def new_game(players: int = 3, seed: int = 0, **options: Any) -> CardGame:
    """A new card game: ``new_game(players=4, seed=1)``; options are :class:`CardGameConfig` fields."""
    return CardGame(None, seed, players=players, **options)


__all__ = ["BANNER", "Card", "CardGame", "CardGameConfig", "Chart", "Deck", "DeckWarning", "RULES", "country_points",
           "crest_points", "load_deck", "new_game", "register_deck", "road_points", "score_chart"]
