"""Final scoring (ゲーム終了時の得点計算): every worked example of the rule text, the chart and the winner."""

from collections import Counter
from itertools import count

import pytest

from games.kardinal_koenig import Card, country_points, crest_points, road_points, score_chart
from games.kardinal_koenig.data import rulebook

from .scenario import play, rules_of, table

rule = pytest.mark.rule

_ids = count(1)


def fake(country: str, *crests: str, route: str = "") -> Card:
    """A made-up card (any crests, any route) for the rule text's examples."""
    return Card(f"{country}-x{next(_ids)}", country, tuple(sorted(crests)), route)


def many(n: int, country: str, *crests: str, route: str = "") -> list[Card]:
    return [fake(country, *crests, route=route) for _ in range(n)]


# ---------------------------------------------------------------------------------------------------- country points
@rule("score.country-first")
def test_example_1_france_five_two_and_one_cards_score_eight_five_and_two():
    assert country_points([5, 2, 1], 8) == [8, 5, 2]
    chart = score_chart([many(5, "france"), many(2, "france"), many(1, "france")])
    assert chart.rows["france"][0] == (8, 5, 2)


@rule("score.country-first")
def test_the_most_cards_score_the_number_printed_on_the_country_cards():
    for country, total in (("france", 8), ("saxony", 7), ("hungary", 6), ("england", 5), ("denmark", 4)):
        assert score_chart([many(1, country), []]).rows[country][0] == (total, 0)


@rule("score.country-next")
def test_each_next_player_scores_the_card_count_of_the_player_ranked_just_above():
    assert country_points([4, 3, 2, 1, 0], 8) == [8, 4, 3, 2, 0]
    assert country_points([1, 3, 2], 7) == [2, 7, 3]


@rule("score.country-next")
def test_a_player_without_cards_of_a_country_scores_nothing_there():
    assert country_points([0, 0, 0], 4) == [0, 0, 0]
    chart = score_chart([many(3, "saxony"), [], many(1, "italy")])
    assert chart.rows["saxony"][0] == (7, 0, 0) and chart.rows["italy"][0] == (0, 0, 6)


@rule("score.country-ties")
def test_example_2_two_players_with_two_danish_cards_each_both_score_four():
    assert country_points([2, 2], 4) == [4, 4]
    assert score_chart([many(2, "denmark"), many(2, "denmark"), []]).rows["denmark"][0] == (4, 4, 0)


@rule("score.country-ties")
def test_tied_players_score_alike_and_the_next_one_scores_their_count():
    assert country_points([3, 3, 1], 8) == [8, 8, 3]
    assert country_points([5, 2, 2, 1], 8) == [8, 5, 5, 2]


# ---------------------------------------------------------------------------------------------------- crest points
@rule("score.crests")
def test_crest_example_1_four_crosses_beat_three_fans_four_to_nothing():
    assert crest_points([Counter(cross=4), Counter(fan=3)]) == [4, 0]
    chart = score_chart([many(4, "france", "cross"), many(3, "france", "fan")])
    assert chart.rows["france"][1] == (4, 0)


@rule("score.crests")
def test_crest_example_2_two_fans_and_two_crosses_each_all_score_two():
    assert crest_points([Counter(fan=2), Counter(cross=2), Counter(cross=2)]) == [2, 2, 2]
    chart = score_chart([many(2, "france", "fan"), many(2, "france", "cross"), [fake("france", "cross", "cross")]])
    assert chart.rows["france"][1] == (2, 2, 2)


@rule("score.crests")
def test_leading_in_several_crest_kinds_scores_only_once():
    assert crest_points([Counter(cross=2, fan=2), Counter(lily=2)]) == [2, 2]
    chart = score_chart([[fake("france", "cross", "fan"), fake("france", "cross", "fan")], many(2, "france", "lily")])
    assert chart.rows["france"][1] == (2, 2)


@rule("score.crests")
def test_crests_are_counted_per_kind_not_in_total_and_per_country():
    # three crests of three kinds lose to two of one kind; Saxony's crests do not help in France
    chart = score_chart([[fake("france", "cross", "fan"), fake("france", "lily")] + many(3, "saxony", "cross"),
                         many(2, "france", "tower")])
    assert chart.rows["france"][1] == (0, 2) and chart.rows["saxony"][1] == (3, 0)
    assert crest_points([Counter(), Counter()]) == [0, 0]


# ---------------------------------------------------------------------------------------------------- roads
@rule("score.roads")
def test_road_example_three_ships_and_four_carriages_score_nothing_seven_ships_seven_five_and_five_ten():
    assert [road_points(3, 4), road_points(7, 0), road_points(5, 5)] == [0, 7, 10]
    a = many(3, "italy", route="ship") + many(4, "hungary", route="carriage")
    b = many(7, "castile", route="ship")
    c = many(5, "england", route="ship") + many(5, "saxony", route="carriage")
    assert score_chart([a, b, c]).roads == (0, 7, 10)


@rule("score.roads")
def test_four_ships_score_nothing_and_five_score_five():
    assert [road_points(n, 0) for n in range(4, 7)] == [0, 5, 6]
    assert [road_points(0, n) for n in range(4, 7)] == [0, 5, 6]


# ---------------------------------------------------------------------------------------------------- the chart
@rule("score.chart-order")
def test_the_chart_scores_country_by_country_from_france_in_the_rule_texts_order():
    chart = score_chart([[], [], []])
    assert list(chart.rows) == list(rulebook.COUNTRIES) == ["france", "saxony", "hungary", "castile", "franconia",
                                                            "bavaria", "italy", "england", "denmark"]
    chart_rows_ja = ["フランス", "ザクセン", "ハンガリー", "カスティリア", "フランク", "バイエルン", "イタリア",
                     "イングランド", "デンマーク"]  # 決算チャート, top to bottom
    assert [rulebook.COUNTRY_NAMES[c][0] for c in rulebook.COUNTRIES] == chart_rows_ja


@rule("score.chart-order")
def test_the_subtotal_adds_country_and_crest_points_and_the_total_adds_roads_and_minus_chips():
    a = many(5, "france", "cross", route="ship") + many(2, "denmark", "fan")
    b = many(2, "france", "fan") + many(2, "denmark", "fan")
    chart = score_chart([a, b], minus_chips=[1, 0])
    assert chart.rows["france"] == ((8, 5), (5, 0)) and chart.rows["denmark"] == ((4, 4), (2, 2))
    assert chart.subtotal == (8 + 5 + 4 + 2, 5 + 0 + 4 + 2)
    assert chart.roads == (5, 0) and chart.minus == (-2, 0)
    assert chart.total == (19 + 5 - 2, 11) and chart.cards == (7, 4)


@rule("score.chart-order")
def test_the_end_of_the_game_writes_the_chart_totals_to_the_log():
    game = table([["france-3", "france-4"]])
    events = play(game, "take 1 1", "take 1 2")
    chart_event = next(e for e in events if e.rule == "score.chart-order")
    assert chart_event.data["totals"] == [9, 0, 0] == list(game.scores())


@rule("score.winner")
def test_most_points_win_then_more_country_cards_then_a_draw():
    chart = score_chart([many(1, "france"), many(1, "saxony") + [fake("saxony", "cross")], many(1, "england")])
    assert chart.total == (8, 8, 5) and chart.cards == (1, 2, 1) and chart.winners() == (1,)
    chart = score_chart([many(1, "saxony"), many(1, "castile"), many(1, "england")])
    assert chart.total == (7, 7, 5) and chart.winners() == (0, 1)
    chart = score_chart([many(1, "saxony"), many(1, "england"), many(1, "italy")])
    assert chart.winners() == (0,)


@rule("score.winner")
def test_a_game_tied_on_points_goes_to_the_player_with_more_country_cards():
    game = table([["france-1"], ["saxony-1", "saxony-3"], ["england-1"]])
    play(game, "take 1 1", "skip", "take 2 1", "take 2 2", "skip")
    events = play(game, "take 3 1")
    assert game.scores() == (8, 8, 5)
    assert game.outcome().winners == (1,)
    winner = next(e for e in events if e.rule == "score.winner")
    assert winner.data["winners"] == [1] and "decided by country cards" in winner.text


@rule("score.winner")
def test_a_game_tied_on_points_and_cards_is_a_draw():
    game = table([["saxony-1"], ["castile-1"], ["england-1"]])
    events = play(game, "take 1 1", "skip", "take 2 1", "skip", "take 3 1")
    assert game.scores() == (7, 7, 5) and game.outcome().winners == (0, 1)
    winner = next(e for e in events if e.rule == "score.winner")
    assert winner.text == "Draw between player 1, player 2." and rules_of(events)[-1] == "score.winner"
