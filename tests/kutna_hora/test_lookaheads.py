"""The fast ratings give exactly the slow ones (hypothesis over seeds, player counts and options): on positions of
random and of greedy play, ``lookaheads`` of every legal action equals ``lookahead`` of each, and both equal the plain
look-ahead kept in ``slow_ratings.py`` (a copy per action, its follow-up choices one copy each, the final scoring
from ``final_breakdowns``); the evaluation, its paired form and the seat values equal the plain ones; the kept
prices and board points equal those read afresh."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Rng
from games.core.bots import GreedyBot
from games.kutna_hora import evaluation
from games.kutna_hora.game import KutnaHoraGame
from tests.checks import random_positions

from .slow_ratings import slow_heuristic, slow_lookahead, slow_seat_values

configs = st.fixed_dictionaries({"players": st.integers(2, 4), "events": st.booleans(), "top_up": st.booleans()})


def greedy_positions(game: KutnaHoraGame, seed: int, every: int):
    """Every ``every``-th position of a game the greedy bots play (the game itself, moving on), and every position
    right after a card played for Plot, Rights, Build, Income or Mine (where the game reads what its look-ahead
    rated)."""
    bots = [GreedyBot(seed + seat) for seat in range(game.players)]
    step = 0
    while (decision := game.pending()) is not None:
        last = game.history[-1] if game.history else None
        if step % every == 0 or (last is not None and last.verb in ("play", "joker")
                                 and last.args[-1] in ("plot", "rights", "build", "income", "mine")):
            yield game
        game.apply(bots[decision.player].choose(game))
        step += 1


def check_position(game: KutnaHoraGame) -> None:
    decision = game.pending()
    assert decision is not None
    legal = game.legal_actions()
    fast = game.clone().lookaheads(legal, decision.player)
    assert fast == [game.clone().lookahead(action, decision.player) for action in legal]
    assert fast == [slow_lookahead(game, action, decision.player) for action in legal]
    # the game itself, which may read what the card decision before it rated of this choice
    assert game.lookaheads(legal, decision.player) == fast
    assert evaluation.seat_values(game) == slow_seat_values(game)
    for player in range(game.players):
        assert game.heuristic(player) == slow_heuristic(game, player)
    seat = game.state.seats[decision.player]
    moved = game.clone()
    moved.state.seats[decision.player].score -= 3
    moved.state.seats[decision.player].reputation = max(seat.reputation - 1, 0)
    assert evaluation.heuristic_pair(game, decision.player, seat.score - 3, max(seat.reputation - 1, 0)) == \
        (slow_heuristic(game, decision.player), slow_heuristic(moved, decision.player))
    assert game.prices_now() == game.prices()


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), configs)
def test_on_positions_of_random_play_the_fast_ratings_are_the_slow_ones(seed, options):
    checked = 0
    for game in random_positions(lambda: KutnaHoraGame(None, seed, **options), seed, every=9, final=False):
        check_position(game)
        checked += 1
    assert checked >= 8


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), configs, st.integers(0, 10))
def test_on_positions_of_greedy_play_the_fast_ratings_are_the_slow_ones(seed, options, offset):
    checked = 0
    for game in greedy_positions(KutnaHoraGame(None, seed, **options), seed, every=7 + offset):
        check_position(game)
        checked += 1
    assert checked >= 6  # a 2-player game has about 100 decisions


def test_a_redealt_copy_rates_alike_and_leaves_the_original_as_it_was():
    game = KutnaHoraGame(None, 5, players=3)
    for position in greedy_positions(game, 5, every=23):
        before = position.state.to_dict()
        twin = position.redeal(position.pending().player, Rng(7))
        legal = twin.legal_actions()
        assert twin.lookaheads(legal, twin.pending().player) == [
            slow_lookahead(twin, action, twin.pending().player) for action in legal]
        assert position.state.to_dict() == before
