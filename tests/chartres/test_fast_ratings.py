"""The greedy evaluation with its kept wine gives exactly what it gave when it poured the wine afresh (hypothesis over
seeds and player counts): on positions of random and of greedy play every seat's evaluation, the lab's standings and
every legal action's look-ahead (``lookaheads`` and ``lookahead`` alike) equal those worked out the plain way."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.chartres.evaluation import lookahead, terms
from games.chartres.game import ChartresGame
from games.chartres.state import OVER
from games.core.bots import GreedyBot
from tests.checks import random_positions


def plain_heuristic(game: ChartresGame, player: int) -> float:
    """The evaluation the plain way: the sum of its named terms (:func:`~games.chartres.evaluation.terms`, which pour
    the wine afresh and count the paths twice), added in the heuristic's order."""
    return sum(terms(game, player).values())


def plain_lookahead(game: ChartresGame, action, player: int) -> float:
    return lookahead(game, action, player, rate=plain_heuristic)


def check_position(game: ChartresGame) -> None:
    for p in range(game.players):
        assert game.heuristic(p) == plain_heuristic(game, p)
    if game.state.phase != OVER:
        assert game.standings() == tuple(plain_heuristic(game, p) for p in range(game.players))
    decision = game.pending()
    if decision is None:
        return
    legal = game.legal_actions()
    fast = game.clone().lookaheads(legal, decision.player)
    assert fast == [game.clone().lookahead(action, decision.player) for action in legal]
    assert fast == [plain_lookahead(game, action, decision.player) for action in legal]


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_on_positions_of_random_play_the_ratings_are_the_plain_ones(seed, players):
    checked = 0
    for game in random_positions(lambda: ChartresGame(None, seed, players=players), seed, every=7):
        check_position(game)
        checked += 1
    assert checked >= 10


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_on_positions_of_greedy_play_the_ratings_are_the_plain_ones(seed, players):
    game = ChartresGame(None, seed, players=players)
    bots = [GreedyBot(seed + seat) for seat in range(players)]
    checked = step = 0
    while (decision := game.pending()) is not None:
        if step % 5 == 0:
            check_position(game)
            checked += 1
        game.apply(bots[decision.player].choose(game))
        step += 1
    check_position(game)
    assert checked >= 10
