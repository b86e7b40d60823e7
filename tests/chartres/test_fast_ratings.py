"""The greedy evaluation with its kept wine gives exactly what it gave when it poured the wine afresh (hypothesis over
seeds and player counts): on positions of random and of greedy play every seat's evaluation, the lab's standings and
every legal action's look-ahead (``lookaheads`` and ``lookahead`` alike) equal those worked out the plain way."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.chartres import citizens, play
from games.chartres.evaluation import commit_estimate
from games.chartres.game import ChartresGame
from games.chartres.state import COMMIT_ACT, COMMIT_ROW, OVER
from games.chartres.windows import rightmost_value
from games.chartres.wine import pour
from games.core.bots import GreedyBot
from tests.checks import random_positions


def plain_heuristic(game: ChartresGame, player: int) -> float:
    """The evaluation as it was written before the kept wine (the wine poured afresh, the paths counted twice)."""
    s, parts, p = game.state, game.parts, player
    cellar = parts.cellars[s.cellar[p]]
    grapes = game.resources(p)
    if s.commit_row[p]:
        for r in parts.cards[s.commit_row[p]].resources:
            grapes[r] += 1
    numbers = game.numbers
    value = float(s.ip[p])
    value += rightmost_value(parts.window_final, len(s.windows[p]))
    reputation = (s.reputation[p] + numbers.cross_reputation[s.cross[p] - 1] + 1.5 * min(game.on_paths(p), 2))
    value += reputation * parts.multiplier[s.shield[p] - 1] + 0.5 * reputation
    value += s.personal[p] * 1.2 + len(s.hand[p]) * 0.9
    value += 1.5 * s.shield[p] + 1.0 * s.cross[p] + 0.6 * s.barrel[p]
    value += 0.6 * pour(cellar.values, s.barrel[p], grapes["white"], grapes["red"], "white", numbers.full_barrel,
                        numbers.half_barrel).ip
    value += (1.0 * game.on_paths(p) + 0.4 * grapes["torch"]
              + 0.3 * citizens.attracted(grapes["horse"], grapes["cart"], numbers.attract_set))
    if s.commit_act[p]:
        value += commit_estimate(game, p)
    return value


def plain_lookahead(game: ChartresGame, action, player: int) -> float:
    twin = game.clone()
    if game.state.phase in (COMMIT_ROW, COMMIT_ACT):
        play.face_down(twin, action)
    else:
        twin.apply_unchecked(action)
    return plain_heuristic(twin, player)


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
