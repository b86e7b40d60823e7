"""Random and greedy bots play catan.base to the end; random play keeps every invariant; the greedy evaluation
reads only what its seat may know."""

import pytest

from games.catan import CatanGame, evaluation, new_game
from games.core import Rng
from games.core.bots import GreedyBot, RandomBot, play_out
from games.core.conformance import check_random_game

from .test_hidden_information import hidden_twin, positions

pytestmark = pytest.mark.slow  # every test here takes seconds (tests/README.md)

rule = pytest.mark.rule


@rule("decision.two-players")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_keeps_every_invariant(players):
    for seed in range(2):
        game = check_random_game(lambda s: CatanGame(None, s, players=players), seed, deep_every=40)
        assert game.outcome().winners


@rule("decision.turn-limit")
def test_random_games_end_and_rarely_need_the_turn_limit():
    capped = 0
    for seed in range(20):
        game, pick = new_game(seed=seed), Rng(seed)
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply_unchecked(legal[pick.below(len(legal))])
        capped += game.state.ended == 2
    assert capped <= 1


@rule("victory.declare")
def test_greedy_bots_play_to_the_end_and_beat_random_bots():
    wins = 0
    for seed in range(3):
        game = new_game(players=3, seed=seed)
        bots = [GreedyBot(seed), RandomBot(seed), RandomBot(seed + 1)]
        play_out(game, bots, max_steps=40_000)
        assert game.is_terminal() and game.state.ended == 1
        wins += game.outcome().winners == (0,)
    assert wins >= 2


@rule("decision.offer")
def test_greedy_bots_trade_with_each_other():
    game = new_game(players=4, seed=5)
    play_out(game, [GreedyBot(s) for s in range(4)], max_steps=40_000)
    assert game.is_terminal()
    assert any(e.rule == "trade.confirm" and "trade:" in e.text for e in game.log)


@rule("decision.bank-open")
def test_the_greedy_evaluation_is_the_same_in_twins_that_differ_only_in_what_the_seat_cannot_see():
    bot = GreedyBot(0)
    compared = 0
    for game in positions(seed=11, players=4, every=17):
        me = game.pending().player
        twin, _ = hidden_twin(game, me)
        assert evaluation.heuristic(twin, me) == pytest.approx(evaluation.heuristic(game, me))
        assert [(str(a), round(v, 9)) for a, v in bot.ratings(twin)] == \
            [(str(a), round(v, 9)) for a, v in bot.ratings(game)]
        compared += 1
    assert compared > 20


@pytest.mark.parametrize("game_id, players", [("catan.base", 4), ("catan.cities_knights", 4)])
def test_random_play_by_the_games_weights_ends_by_points_in_a_few_hundred_decisions(game_id, players):
    """The fuzz's policy (``CatanGame.random_weights``): building, buying and playing cards weigh more than composing
    trades and ending the turn, so random games end by points, several times shorter than uniform ones."""
    from games import game_class
    from games.catan.state import WON
    from games.core.conformance import pick

    cls = game_class(game_id)
    lengths, kinds = [], set()
    for seed in range(12):
        game, stream = cls(None, seed, players=players), Rng(seed ^ 0x5EED)
        while not game.is_terminal():
            legal = game.legal_actions()
            weights = game.random_weights(legal)
            assert len(weights) == len(legal) and min(weights) > 0
            kinds.add(game.pending().kind)
            game.apply(pick(game, legal, stream, "game"))
        assert game.state.ended == WON
        lengths.append(len(game.history))
    assert sorted(lengths)[len(lengths) // 2] < 1000
    assert {"offer", "answer", "confirm", "discard", "robber", "steal"} <= kinds  # trades and the robber still come
