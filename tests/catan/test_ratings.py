"""The fast ratings of a decision (``Game.lookaheads``: parts replaced, families rated together) equal the look-ahead
action by action (``Game.lookahead``: a clone, the action applied, the position rated) exactly, float for float, on
many random positions of both games: the greedy bot's choices and the order of its rated list rest on it. The
contenders (``Game.contenders``, what the greedy bot chooses from) are those ratings, or ``None`` only for an action
rated more than the tie below the best.

Positions come from seeded games in which each decision is greedy or random (the game's own random policy, or
uniform, which composes many trade offers); some games run with a near turn limit or few points to win, and now and
then the position is changed by hand (points added, so a decision would declare a win at once), so the cases where
the fast ratings must fall back to the clone are met too. Every position is rated for the deciding seat and for
another one."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import game_class
from games.core import Rng
from games.core.bots import GreedyBot
from games.core.conformance import pick
from games.core.game import TIE

GAMES = {"catan.base": (2, 4), "catan.cities_knights": (3, 4)}


def compare_along(game_id: str, players: int, seed: int, greedy_share: int, policy: str, options: dict,
                  decisions: int, tamper_every: int, left_out: list[int] | None = None) -> int:
    """Play ``decisions`` decisions of one game, comparing both ratings at each, and the contenders (``None`` only
    for an action rated more than TIE below the best; ``left_out[0]`` counts them; ``left_out[1]`` counts the
    decisions rated from the parts kept after the action before); returns how many actions were compared."""
    left_out = [0, 0] if left_out is None else left_out
    game = game_class(game_id)(None, seed, players=players, **options)
    stream, bot = Rng(seed), GreedyBot(seed)
    compared = 0
    for step in range(decisions):
        decision = game.pending()
        if decision is None:
            break
        if tamper_every and step % tamper_every == tamper_every - 1:
            game.state.points[game.state.player] += 3  # by hand: the player to move may now hold the points to win
            game.touched()
        legal = game.legal_actions()
        kept = getattr(game, "rated_after", None)  # C&K: the parts after the action just taken, kept by the rating
        if kept is not None and kept[0] is game.state and kept[1] == decision.player \
                and len(game.history) == kept[2] + 1 and id(game.history[-1]) in kept[3]:
            left_out[1] += 1  # this decision's ratings start from them
        for seat in {decision.player, (decision.player + 1) % players}:
            fast = game.lookaheads(legal, seat)
            slow = [game.lookahead(action, seat) for action in legal]
            assert fast == slow, (f"{game_id} {players}p seed {seed} decision {step} ({decision.kind}) seat {seat}: "
                                  + "; ".join(f"{a}: {f!r} != {s!r}" for a, f, s in zip(legal, fast, slow,
                                                                                          strict=True) if f != s))
            compared += len(legal)
            best, kept = max(slow), game.contenders(legal, seat)
            assert all(k == v if k is not None else v < best - TIE for k, v in zip(kept, slow, strict=True)), (
                f"{game_id} {players}p seed {seed} decision {step}: contenders {kept} for ratings {slow}")
            left_out[0] += kept.count(None)
        if stream.below(100) < greedy_share:
            action = bot.choose(game)
        else:
            action = pick(game, legal, stream, policy)
        game.apply(action)
    return compared


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), players=st.integers(2, 4),
       greedy_share=st.sampled_from([0, 50, 90]), policy=st.sampled_from(["game", "uniform"]),
       options=st.sampled_from([{}, {"turn_limit": 12}, {"points_to_win": 6}]),
       tamper_every=st.sampled_from([0, 0, 37]))
def test_fast_ratings_equal_the_look_ahead_action_by_action(game_id, seed, players, greedy_share, policy, options,
                                                             tamper_every):
    low, high = GAMES[game_id]
    players = min(max(players, low), high)
    assert compare_along(game_id, players, seed, greedy_share, policy, options, 250, tamper_every) > 0


@pytest.mark.slow
def test_whole_greedy_games_rate_alike_for_both_games():
    """Longer stretches of greedy play (longest road races, the barbarians' attacks, progress cards) compared at
    every decision."""
    left_out = [0, 0]
    for game_id, (low, high) in GAMES.items():
        for players in range(low, high + 1):
            assert compare_along(game_id, players, 7 + players, 85, "game", {}, 1200, 0, left_out) > 1000
    assert left_out[0] > 500  # Cities & Knights leaves out most roads after the roll
    assert left_out[1] > 300  # ... and starts from the parts kept when the same seat decides again


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.integers(0, 12), min_size=5, max_size=5), safe=st.integers(-6, 14),
       game_id=st.sampled_from(sorted(GAMES)))
def test_the_prepared_hand_value_is_the_hand_value(hand, safe, game_id):
    """The look-ups' hand value (prepared numbers, plain loops) is :func:`hand_value`'s float exactly."""
    from games.catan.evaluation import HandMemo, hand_value

    bonuses = game_class(game_id)(None, 0, players=3).design.build_bonus
    assert HandMemo(bonuses).computed(hand, safe) == hand_value(hand, safe, bonuses)
