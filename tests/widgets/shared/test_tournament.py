"""Bot tournaments: seeded, seats rotate, the same frame whatever the number of worker processes, intervals as
computed by hand, a progress bar only under a kernel, and bad requests named."""

import subprocess
import sys

import pandas as pd
import pytest

from widgets.shared import tournament as tm
from widgets.shared.tournament import TIMINGS, head_to_head, speed, tournament, wilson, win_rates


@pytest.mark.slow
def test_every_game_has_its_seats_and_the_wins_add_up_to_one_per_game():
    df = tournament("kardinal_koenig.cards", ["greedy", "random", "random"], games=6)
    assert len(df) == 18
    assert df.groupby("game")["win"].sum().round(9).eq(1).all()
    assert sorted(df.groupby("bot")["seat"].size().items()) == [("greedy", 6), ("random", 12)]
    assert sorted(df[df.bot == "greedy"].seat) == [0, 0, 1, 1, 2, 2]  # every seat equally often
    assert list(df[df.seat == 0].bot) == ["greedy", "random", "random"] * 2  # the list shifts left by one a game
    winners = df[df.win > 0]
    assert winners.place.eq(1).all() and df[df.win == 0].place.gt(1).all()
    assert (df.moves.groupby(df.game).sum() == df.groupby("game").decisions.first()).all()
    assert (df.choices <= df.moves).all() and df.playouts.eq(0).all()


def test_the_same_call_gives_the_same_table_and_another_seed_another():
    a = tournament("kardinal_koenig.cards", ["random"] * 3, games=3, seed=5)
    b = tournament("kardinal_koenig.cards", ["random"] * 3, games=3, seed=5)
    assert a.drop(columns=list(TIMINGS)).equals(b.drop(columns=list(TIMINGS)))
    c = tournament("kardinal_koenig.cards", ["random"] * 3, games=3, seed=6)
    assert not a.drop(columns=list(TIMINGS)).equals(c.drop(columns=list(TIMINGS)))


@pytest.mark.slow
def test_two_worker_processes_give_the_frame_of_one():
    bots = ["mcts:12", "greedy", "random"]
    one = tournament("chartres.game", bots, games=4, seed=3, jobs=1)
    two = tournament("chartres.game", bots, games=4, seed=3, jobs=2)
    assert list(one.columns) == list(two.columns)
    assert one.drop(columns=list(TIMINGS)).equals(two.drop(columns=list(TIMINGS)))
    searched = one[one.bot == "mcts:12"]
    assert (searched.playouts == 12 * searched.choices).all() and searched.choices.gt(0).all()
    assert (two.seconds >= two.max_seconds).all() and two.wall.gt(0).all()


@pytest.mark.slow
def test_greedy_wins_more_often_than_random():
    rates = win_rates(tournament("kardinal_koenig.cards", ["greedy", "random", "random", "random"], games=12))
    assert rates.loc["greedy", "win_rate"] > rates.loc["random", "win_rate"]
    assert rates.loc["greedy", "seats"] == 12 and rates.index[0] == "greedy"


# ---------------------------------------------------------------------------------------------------- intervals
def test_wilson_intervals_match_hand_computed_values():
    # 8 of 10: p = 0.8, z² = 3.8415; centre (0.8 + 0.19207) / 1.38415 = 0.71674, half 1.41600 * 0.16001 = 0.22657
    assert wilson(8, 10) == pytest.approx((0.49016, 0.94331), abs=1e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)  # z² / (n + z²) = 3.8415 / 13.8415
    assert wilson(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-5)
    assert wilson(50, 100) == pytest.approx((0.40383, 0.59617), abs=1e-5)
    with pytest.raises(ValueError, match="at least one trial"):
        wilson(0, 0)
    with pytest.raises(ValueError, match="between 0 and"):
        wilson(11, 10)


def frame(rows):
    return pd.DataFrame(rows, columns=["game", "bot", "score", "win", "place"])


def test_win_rates_count_shared_wins_as_fractions_with_their_interval():
    rows = []
    for g in range(10):  # A wins 7 games alone, shares 2 with B, B wins 1 alone: A 8 wins, B 2
        won = "A" if g < 7 else "both" if g < 9 else "B"
        share = {"A": 1.0 if won == "A" else 0.5 if won == "both" else 0.0}
        share["B"] = 1.0 - share["A"]
        for bot in ("A", "B"):
            rows.append((g, bot, 10 if share[bot] else 5, share[bot], 1 if share[bot] else 2))
    rates = win_rates(frame(rows))
    assert list(rates.index) == ["A", "B"]
    assert rates.loc["A", "wins"] == 8 and rates.loc["A", "win_rate"] == 0.8 and rates.loc["A", "seats"] == 10
    assert (rates.loc["A", "win_low"], rates.loc["A", "win_high"]) == pytest.approx((0.49016, 0.94331), abs=1e-5)
    assert (rates.loc["B", "win_low"], rates.loc["B", "win_high"]) == pytest.approx((0.05669, 0.50984), abs=1e-5)
    assert rates.loc["A", "mean_score"] == 9.5 and rates.loc["B", "mean_place"] == 1.7


def test_head_to_head_counts_one_trial_per_game_and_ties_half():
    rows = []
    for g in range(10):  # A ahead of B in 6 games, level in 2, behind in 2
        a, b = (1, 2) if g < 6 else (1, 1) if g < 8 else (2, 1)
        rows += [(g, "A", 0, 0.0, a), (g, "B", 0, 0.0, b), (g, "C", 0, 0.0, 3)]
    df = frame(rows)
    h = head_to_head(df, "A", "B")
    assert list(h.index) == ["A vs B"]
    row = h.iloc[0]
    assert (row.games, row.ahead, row.level, row.behind, row.rate) == (10, 6, 2, 2, 0.7)
    assert (row.low, row.high) == pytest.approx(wilson(7, 10))
    assert (row.low, row.high) == pytest.approx((0.39677, 0.89221), abs=1e-5)
    assert head_to_head(df, "B", "A").iloc[0].rate == pytest.approx(0.3)
    assert head_to_head(df, "A", "C").iloc[0].rate == 1.0


def test_head_to_head_against_two_seats_of_one_kind_shares_the_game():
    df = frame([(0, "A", 0, 1.0, 1), (0, "R", 0, 0.0, 2), (0, "R", 0, 0.0, 1),
                (1, "A", 0, 0.0, 3), (1, "R", 0, 0.0, 1), (1, "R", 0, 0.0, 2)])
    row = head_to_head(df, "A", "R").iloc[0]
    assert (row.games, row.ahead, row.level, row.behind) == (2, 0.5, 0.5, 1.0)
    assert row.rate == pytest.approx(0.375)


def test_speed_reports_seconds_and_playouts_per_bot():
    df = pd.DataFrame({"bot": ["m", "m", "g"], "choices": [10, 30, 20], "seconds": [1.0, 3.0, 0.5],
                       "max_seconds": [0.2, 0.3, 0.05], "playouts": [1000, 3000, 0]})
    out = speed(df)
    assert out.loc["m", "seconds_per_choice"] == 0.1 and out.loc["m", "max_seconds"] == 0.3
    assert out.loc["m", "playouts_per_second"] == 1000 and out.loc["g", "playouts_per_second"] == 0
    assert out.loc["m", "playouts_per_choice"] == 100


# ---------------------------------------------------------------------------------------------------- progress
def test_a_progress_bar_counts_the_games_under_a_kernel(monkeypatch):
    shown = []
    monkeypatch.setattr(tm, "_under_kernel", lambda: True)
    monkeypatch.setattr("IPython.display.display", shown.append)
    tournament("kardinal_koenig.cards", ["random"] * 3, games=3)
    (box,) = shown
    bar, label = box.children
    assert (bar.value, bar.max, bar.bar_style) == (3, 3, "success")
    assert label.value.startswith("kardinal_koenig.cards: random · random · random: 3 of 3 games")
    shown.clear()
    tournament("kardinal_koenig.cards", ["random"] * 3, games=1, progress=False)
    assert shown == []


def test_nothing_is_printed_outside_a_kernel(capsys):
    tournament("kardinal_koenig.cards", ["random"] * 3, games=1)
    assert capsys.readouterr() == ("", "")


@pytest.mark.slow
def test_importing_widgets_does_not_import_pandas():
    code = "import sys, widgets, widgets.shared.tournament; print('pandas' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


# ---------------------------------------------------------------------------------------------------- refusals
@pytest.mark.parametrize("bots, options, message", [
    (["random", "random"], {}, "3 to 5 players, not 2"),
    (["smart", "random", "random"], {}, "unknown bot 'smart'"),
    (["mcts:lots", "random", "random"], {}, "whole number of playouts"),
    (["greedy:5", "random", "random"], {}, "only mcts takes a budget"),
    ("random", {}, "list of bot kinds"),
    (["random"] * 3, {"games": 0}, "games must be a whole number, at least 1, not 0"),
    (["random"] * 3, {"jobs": 0}, "jobs must be a whole number of worker processes, at least 1, not 0"),
    (["random"] * 3, {"jobs": 1.5}, "jobs must be"),
    (["random"] * 3, {"players": 4}, "players is the number of bots"),
])
def test_bad_requests_are_named(bots, options, message):
    with pytest.raises(ValueError, match=message):
        tournament("kardinal_koenig.cards", bots, **{"games": 1, **options})


def test_bad_summaries_are_named():
    df = frame([(0, "A", 0, 1.0, 1), (0, "B", 0, 0.0, 2)])
    with pytest.raises(ValueError, match="'C' did not play in this tournament; bots: A, B"):
        head_to_head(df, "A", "C")
    with pytest.raises(ValueError, match="two different bots"):
        head_to_head(df, "A", "A")
    with pytest.raises(ValueError, match="never sat in the same game"):
        head_to_head(frame([(0, "A", 0, 1.0, 1), (1, "B", 0, 1.0, 1)]), "A", "B")
    with pytest.raises(ValueError, match="lacks the column"):
        win_rates(pd.DataFrame({"bot": ["A"]}))
