"""Properties of the scoring functions over generated card counts, crest tallies and displays (hypothesis)."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.bots import RandomBot, play_out
from games.kardinal_koenig import country_points, crest_points, new_game, road_points, score_chart
from games.kardinal_koenig.data import approx, rulebook

from .scenario import DECK

rule = pytest.mark.rule


@st.composite
def country_counts(draw):
    """(counts per player, country total): each card of one country is held by one of 3–5 players or by nobody."""
    total = draw(st.sampled_from(sorted(set(rulebook.COUNTRY_CARDS.value.values()))))
    players = draw(st.integers(3, 5))
    owners = draw(st.lists(st.integers(-1, players - 1), min_size=total, max_size=total))
    return [owners.count(p) for p in range(players)], total


crest_tallies = st.lists(st.dictionaries(st.sampled_from(approx.CREST_KINDS.value), st.integers(0, 8)), min_size=3,
                         max_size=5).map(lambda ts: [Counter(t) for t in ts])


@st.composite
def tables(draw):
    """Displays of 3–5 players holding any part of the designed deck, −2 chips per player, and their chart."""
    players = draw(st.integers(3, 5))
    owners = draw(st.lists(st.integers(-1, players - 1), min_size=len(DECK.cards), max_size=len(DECK.cards)))
    displays = [[c for c, o in zip(DECK.cards, owners, strict=True) if o == p] for p in range(players)]
    minus = draw(st.lists(st.integers(0, 2), min_size=players, max_size=players))
    return displays, minus, score_chart(displays, minus)


@rule("score.country-first")
@given(country_counts())
def test_the_most_cards_always_score_the_country_total(case):
    counts, total = case
    points = country_points(counts, total)
    top = max(counts)
    assert all(p == total for c, p in zip(counts, points, strict=True) if c == top and top > 0)
    assert max(points) <= total


@rule("score.country-next")
@given(country_counts())
def test_nobody_without_cards_scores_and_every_other_player_scores_the_next_bigger_count(case):
    counts, total = case
    points = country_points(counts, total)
    for c, p in zip(counts, points, strict=True):
        if c == 0:
            assert p == 0
        elif c < max(counts):
            assert p == min(x for x in counts if x > c) and p > c


@rule("score.country-next")
@given(country_counts(), st.data())
def test_country_points_never_drop_when_a_player_holds_more_cards(case, data):
    counts, total = case
    points = country_points(counts, total)
    for i, ci in enumerate(counts):
        for j, cj in enumerate(counts):
            if ci >= cj:
                assert points[i] >= points[j]
    # one more card for one player (others unchanged) never lowers that player's points
    who = data.draw(st.integers(0, len(counts) - 1))
    more = list(counts)
    more[who] += 1
    assert country_points(more, total + 1)[who] >= points[who]


@rule("score.country-ties")
@given(country_counts(), st.randoms(use_true_random=False))
def test_country_points_depend_on_the_count_only_not_on_the_seat(case, rnd):
    counts, total = case
    points = dict(zip(range(len(counts)), country_points(counts, total), strict=True))
    order = list(range(len(counts)))
    rnd.shuffle(order)
    shuffled = country_points([counts[i] for i in order], total)
    assert shuffled == [points[i] for i in order]
    by_count = {}
    for c, p in zip(counts, points.values(), strict=True):
        assert by_count.setdefault(c, p) == p


@rule("score.crests")
@given(crest_tallies)
def test_crest_points_go_only_to_the_players_reaching_the_biggest_single_kind(tallies):
    points = crest_points(tallies)
    best = [max(t.values(), default=0) for t in tallies]
    top = max(best)
    for b, p in zip(best, points, strict=True):
        assert p == (top if b == top and top > 0 else 0)
    assert sum(points) == top * sum(b == top for b in best) * (top > 0)


@rule("score.roads")
@given(st.integers(0, 9), st.integers(0, 9))
def test_road_points_count_each_route_from_five_on(ships, carriages):
    points = road_points(ships, carriages)
    assert points == (ships if ships >= 5 else 0) + (carriages if carriages >= 5 else 0)
    assert road_points(ships + 1, carriages) >= points and road_points(ships, carriages + 1) >= points


@rule("score.chart-order")
@settings(max_examples=40, deadline=None)
@given(tables())
def test_the_chart_total_is_subtotal_plus_roads_plus_minus_chips(case):
    displays, minus, chart = case
    n = len(displays)
    for p in range(n):
        rows = sum(land[p] + crest[p] for land, crest in chart.rows.values())
        assert chart.subtotal[p] == rows
        assert chart.total[p] == chart.subtotal[p] + chart.roads[p] + chart.minus[p]
        assert chart.minus[p] == -2 * minus[p] and chart.cards[p] == len(displays[p])
        ships = sum(c.route == "ship" for c in displays[p])
        carriages = sum(c.route == "carriage" for c in displays[p])
        assert chart.roads[p] == road_points(ships, carriages)


@rule("score.winner")
@settings(max_examples=40, deadline=None)
@given(tables())
def test_the_winners_have_the_most_points_and_among_them_the_most_cards(case):
    displays, minus, chart = case
    winners = chart.winners()
    best = max(chart.total)
    most = max(chart.cards[p] for p in range(len(displays)) if chart.total[p] == best)
    assert winners == tuple(p for p in range(len(displays)) if chart.total[p] == best and chart.cards[p] == most)


@rule("score.winner")
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 5))
def test_a_finished_game_is_scored_by_its_chart_and_won_by_the_charts_winners(seed, players):
    game = play_out(new_game(seed=seed, players=players), [RandomBot(seed + p) for p in range(players)])
    minus = [chips.count("minus2") for chips in game.state.chips]
    chart = score_chart(game.displays(), minus)
    assert game.scores() == chart.total and game.outcome().winners == chart.winners()
    assert sorted(c.id for d in game.displays() for c in d) == sorted(c.id for c in DECK.cards)
