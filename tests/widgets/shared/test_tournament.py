"""Bot tournaments: seeded, seats rotate, wins add up, and bad requests are named."""

import pytest

from widgets.shared.tournament import tournament, win_rates


def test_every_game_has_its_seats_and_the_wins_add_up_to_one_per_game():
    df = tournament("kardinal_koenig.cards", ["greedy", "random", "random"], games=6)
    assert len(df) == 18
    assert df.groupby("game")["win"].sum().round(9).eq(1).all()
    assert sorted(df.groupby("bot")["seat"].size().items()) == [("greedy", 6), ("random", 12)]
    assert set(df[df.bot == "greedy"].seat) == {0, 1, 2}  # the greedy bot sat in every seat


def test_the_same_call_gives_the_same_table():
    a = tournament("kardinal_koenig.cards", ["random"] * 3, games=3, seed=5)
    b = tournament("kardinal_koenig.cards", ["random"] * 3, games=3, seed=5)
    assert a.equals(b)
    assert not a.equals(tournament("kardinal_koenig.cards", ["random"] * 3, games=3, seed=6))


def test_greedy_wins_more_often_than_random():
    rates = win_rates(tournament("kardinal_koenig.cards", ["greedy", "random", "random", "random"], games=12))
    assert rates.loc["greedy", "win_rate"] > rates.loc["random", "win_rate"]
    assert rates.loc["greedy", "seats"] == 12


def test_bad_requests_are_named():
    with pytest.raises(ValueError, match="3 to 5 players, not 2"):
        tournament("kardinal_koenig.cards", ["random", "random"], games=1)
    with pytest.raises(ValueError, match="unknown bot 'smart'"):
        tournament("kardinal_koenig.cards", ["smart", "random", "random"], games=1)
    with pytest.raises(ValueError, match="at least 1"):
        tournament("kardinal_koenig.cards", ["random"] * 3, games=0)
