"""Hand-made positions for scenario tests: set the stands, money and town hall in a few lines."""

from __future__ import annotations

from games.kutna_hora import new_economy
from games.kutna_hora.economy import EconomyGame


def sandbox(population: int = 0, ore: int = 0, groschen: int | None = None, players: int = 1, turns: int = 50,
            seed: int = 0, **sliders: int) -> EconomyGame:
    """A price sandbox with the decks at ``population`` / ``ore`` and the given slider notches."""
    game = new_economy(players=players, turns=turns, seed=seed, start_population=population, start_ore=ore,
                       start_sliders=sliders)
    if groschen is not None:
        for purse in game.state.players:
            purse.groschen = groschen
    return game


def rules_of(events) -> list[str]:
    return [e.rule for e in events]
