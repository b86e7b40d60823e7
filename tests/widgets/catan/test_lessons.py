"""The lessons' tables and charts (widgets.catan.lessons) agree with the odds and the engine."""

import pytest

from games.catan import cities_knights
from games.catan.data import ck_rulebook
from games.core.bots import GreedyBot, play_out
from widgets.catan import lessons, odds


def finished_game(seed=1):
    game = cities_knights.new_game(players=3, seed=seed, layout="beginner")
    return play_out(game, [GreedyBot(q) for q in range(3)])


@pytest.mark.slow
def test_the_dice_table_and_chart_show_the_36_rolls():
    frame = lessons.dice_frame()
    assert frame["ways (of 36)"].sum() == 36 and frame.loc[8, "chance"] == "5/36" and frame.loc[7, "note"] == "robber"
    fig = lessons.dice_chart()
    assert list(fig.data[0].y) == list(odds.dice_ways().values())


def test_a_nodes_table_says_what_each_building_takes():
    game = cities_knights.new_game(players=3, seed=1, layout="beginner")
    frame = lessons.node_frame(game, 17)
    assert set(frame["terrain"]) == {"fields", "hills", "forest"}
    assert "paper" in frame.loc[frame["terrain"] == "forest", "city takes"].iloc[0]
    yields = lessons.yield_frame(game, [17, 31])
    assert yields.loc[17, "city: per 36 rolls"] == odds.cards_per_36(game, 17, "city")
    assert yields.loc[31, "settlement: per 36 rolls"] == odds.cards_per_36(game, 31)


@pytest.mark.slow
def test_the_arrival_table_and_chart_are_exact():
    frame = lessons.arrival_frame(positions=(0, 4), rolls=(7, 14))
    assert frame.loc[0, "expected rolls"] == "14" and frame.loc[4, "ships needed"] == 3
    assert frame.loc[0, "within 7"] == lessons.percent(odds.arrival_within(7))
    fig = lessons.arrival_chart(positions=(2,), most=10)
    assert fig.data[0].y[10] == float(odds.arrival_within(10, 2))


@pytest.mark.slow
def test_the_simulation_table_sets_random_play_beside_the_exact_numbers():
    frame = lessons.simulation_frame(odds.observed_attacks(games=2, seed=3))
    assert frame.loc["share of ship faces", "exact"] == "50.0 %" and frame.attrs["attacks"] > 10


def test_the_attack_table_names_each_seats_fate():
    game = odds.position(cities={0: [17], 1: [31], 2: [40]}, knights_={0: {22: "basic active"}})
    frame = lessons.attack_frame(game)
    assert list(frame["attack"]) == ["", "loses a city", "loses a city", "cannot be pillaged"]
    assert "lose a city" in frame.attrs["verdict"]


def test_the_improvement_tables():
    frame = lessons.improvement_frame("politics")
    assert list(frame["cost (coin)"]) == list(ck_rulebook.LEVEL_COST.value)
    assert list(frame["cards per 36 rolls"]) == [2, 3, 4, 5, 6]
    assert lessons.draw_chance_frame().loc["trade", "level 0"] == "0"


@pytest.mark.slow
def test_the_points_history_and_chart_come_from_the_games_own_history():
    game = finished_game()
    points = lessons.points_frame(game)
    assert list(points.loc["total"]) == list(game.scores())
    history = lessons.game_history(game)
    assert len(history) == len(game.history) + 1
    last = history.iloc[-1]
    assert [last[f"Player {p + 1}"] for p in range(3)] == list(game.scores())
    assert history["attack"].sum() == game.state.attacks
    assert history["barbarians"].max() < odds.STEPS
    fig = lessons.history_chart(game, history)
    assert len(fig.data) == 4
