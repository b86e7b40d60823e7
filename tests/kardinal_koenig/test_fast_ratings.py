"""The fast chart totals and the bots' ratings built on them give exactly what the chart and the slow path give:
``chart_totals`` of the displays' tallies is ``score_chart(...).total`` (printed and varied chart rules), the game's
scores are its chart's totals, and on random positions the evaluation and every action's look-ahead equal those
computed from the full chart on a fresh copy (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Changes
from games.kardinal_koenig import CardGame, new_game, score_chart
from games.kardinal_koenig.evaluation import CHIP_VALUE, STONE_VALUE
from games.kardinal_koenig.scoring import PRINTED_CHART, RUNNER_UP_RULES, ChartRules, chart_totals, tally
from tests.checks import random_positions

from .scenario import DECK

chart_rules = st.builds(
    ChartRules, points=st.fixed_dictionaries({c: st.integers(0, 12) for c in PRINTED_CHART.points}),
    runner_up=st.sampled_from(RUNNER_UP_RULES), per_crest=st.integers(0, 3), road_minimum=st.integers(1, 9),
    per_road_card=st.integers(0, 3), minus_chip=st.integers(-4, 0))


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 5), st.data(), st.one_of(st.just(PRINTED_CHART), chart_rules))
def test_chart_totals_of_the_tallies_are_the_charts_totals(players, data, rules):
    owners = data.draw(st.lists(st.integers(-1, players - 1), min_size=len(DECK.cards), max_size=len(DECK.cards)))
    displays = [[c for c, o in zip(DECK.cards, owners, strict=True) if o == p] for p in range(players)]
    minus = data.draw(st.none() | st.lists(st.integers(0, 2), min_size=players, max_size=players))
    assert chart_totals([tally(d) for d in displays], minus, rules) == score_chart(displays, minus, rules).total


def slow_heuristic(game: CardGame, player: int) -> float:
    """The evaluation as it was written before the fast totals: the full chart of every display."""
    s = game.state
    totals = score_chart(game.displays(), None, game.design.chart).total
    lead = totals[player] - max(t for p, t in enumerate(totals) if p != player)
    return lead + STONE_VALUE * (s.hand[player] + s.placed[player]) + CHIP_VALUE * len(s.chips[player])


def slow_lookahead(game: CardGame, action, player: int) -> float:
    twin = game.clone()
    twin.apply_unchecked(action)
    return slow_heuristic(twin, player)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 5))
def test_on_random_positions_the_ratings_equal_the_slow_ones_exactly(seed, players):
    checked = 0
    for game in random_positions(lambda: new_game(seed=seed, players=players), seed, every=3):
        assert game.scores() == game.chart().total
        if game.is_terminal():
            continue
        player = game.pending().player
        legal = game.legal_actions()
        assert [game.heuristic(p) for p in range(players)] == [slow_heuristic(game, p) for p in range(players)]
        fast = game.clone().lookaheads(legal, player)
        assert fast == [game.clone().lookahead(a, player) for a in legal]
        assert fast == [slow_lookahead(game, a, player) for a in legal]
        checked += 1
    assert checked >= 10


def test_a_variant_chart_is_scored_alike_by_the_fast_totals():
    variant = Changes.of({"runner_up_points": "own", "minus_chip_points": -3})
    checked = 0
    for game in random_positions(lambda: new_game(seed=3, players=4, variant=variant), 3, every=5):
        assert game.design.chart.minus_chip == -3 and game.scores() == game.chart().total
        checked += 1
    assert game.is_terminal() and checked >= 10
