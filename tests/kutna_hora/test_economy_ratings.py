"""The price sandbox's ratings read the kept prices and give what the prices read afresh give (hypothesis over seeds
and player counts): on positions of random play the kept prices are the prices, every seat's evaluation equals the
one worked out from ``prices()``, and ``lookaheads`` equals ``lookahead`` of every legal action."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.kutna_hora import new_economy
from games.kutna_hora.economy import EconomyGame
from games.kutna_hora.income import income
from tests.checks import random_positions


def plain_heuristic(game: EconomyGame, player: int) -> float:
    left = max(0, game.config.turns - game.state.turn // game.config.players)
    now = game.prices()
    worth = [purse.groschen + income(purse.production, now, purse.mine_ore) * left * game.INCOME_SHARE
             for purse in game.state.players]
    others = [w for p, w in enumerate(worth) if p != player]
    return float(worth[player] - max(others, default=0.0))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 4))
def test_on_positions_of_random_play_the_ratings_read_the_prices_as_they_are(seed, players):
    checked = 0
    for game in random_positions(lambda: new_economy(seed=seed, players=players), seed, every=1):
        assert game.prices_now() == game.prices()
        assert [game.heuristic(p) for p in range(players)] == [plain_heuristic(game, p) for p in range(players)]
        if not game.is_terminal():
            legal = game.legal_actions()
            player = game.pending().player
            assert game.clone().lookaheads(legal, player) == [game.clone().lookahead(a, player) for a in legal]
        checked += 1
    assert checked >= 10
