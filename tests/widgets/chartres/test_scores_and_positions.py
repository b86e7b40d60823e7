"""Chartres' tables and charts for the notebooks (score breakdown, IP over a game, torch order) and the positions
the lessons find in a played game: every number is the engine's."""

from __future__ import annotations

import pytest

from games.chartres import BANNER, ChartresGame
from widgets.chartres import (
    ChartresTable,
    find_position,
    location_rounds,
    score_chart,
    score_frame,
    score_history,
    torch_order_frame,
)
from widgets.chartres.charts import SCORE_COLUMNS
from widgets.shared.palette import seat_colours


def test_score_frame_is_the_running_ip_during_the_game_and_the_breakdown_at_the_end(finished):
    table = ChartresTable(seed=3)
    table.play_rounds(4)
    frame = table.score_frame()
    assert list(frame.columns) == list(SCORE_COLUMNS)
    assert list(frame.index) == ["Player 1", "Player 2", "Player 3"]
    assert list(frame["total"]) == list(frame["in play"]) == list(table.game.scores())
    assert frame.drop(columns=["in play", "total"]).isna().all().all()
    frame = score_frame(finished)
    assert list(frame["total"]) == list(finished.scores())
    parts = frame["in play"] + frame["windows"] + frame["reputation IP"] + frame["leftovers"]
    assert list(parts) == list(frame["total"])
    for p, row in enumerate(finished.state.final):
        assert frame.iloc[p]["windows"] == row[0] and frame.iloc[p]["cross rep"] == row[1]
        assert frame.iloc[p]["paths rep"] == row[2] + row[3] and frame.iloc[p]["reputation IP"] == row[5]
    assert (frame["in play"] > 0).all(), "IP is scored during the game too (citizens, wine, the hand limit)"


def test_score_history_rebuilds_the_ip_from_the_log(finished):
    history = score_history(finished)
    assert len(history) == len(finished.history) + 1 and history.index.name == "step"
    assert list(history.iloc[0]) == [0, 0, 0]
    assert list(history.iloc[-1]) == list(finished.scores())
    assert (history.diff().fillna(0) >= 0).all().all(), "IP never goes down"
    for step in (40, 90):
        assert list(history.iloc[step]) == list(finished.at(step).scores())


def test_score_chart_draws_one_line_per_seat_in_its_colour_ending_at_the_scores(finished):
    fig = score_chart(finished)
    assert [t.name for t in fig.data] == ["Player 1", "Player 2", "Player 3"]
    assert [t.y[-1] for t in fig.data] == list(finished.scores())
    assert [t.line.color for t in fig.data] == seat_colours(3), "the shared palette's seat colours"
    assert BANNER in fig.layout.title.text
    assert len(fig.layout.shapes) == 3, "era 2, era 3 and the final scoring"


def test_torch_order_frame_sorts_by_torches_and_breaks_ties_by_initiative(varied):
    tie = find_position(varied, lambda g: g.pending() is not None and g.pending().kind == "location"
                        and g.state.turn == 0 and len({g.resources(p)["torch"] for p in range(3)}) < 3)
    assert tie is not None
    frame = torch_order_frame(tie)
    assert list(frame["seat"]) == tie.torch_order()
    assert list(frame["order"]) == [1, 2, 3]
    assert list(frame["torches"]) == sorted(frame["torches"], reverse=True)
    for (_, a), (_, b) in zip(frame.iloc[:-1].iterrows(), frame.iloc[1:].iterrows(), strict=True):
        if a["torches"] == b["torches"]:
            assert a["initiative place"] < b["initiative place"]
    assert tie.pending().player == frame["seat"].iloc[0], "the first in torch order chooses first"
    with pytest.raises(ValueError, match="secret"):
        torch_order_frame(ChartresGame(None, 0, players=3))


def test_find_position_replays_once_and_returns_the_first_match(finished):
    position = find_position(finished, lambda g: g.state.era == 2)
    assert position.state.era == 2 and position.at(len(position.history) - 1).state.era == 1
    assert position.history == finished.history[:len(position.history)]
    assert find_position(finished, lambda g: False) is None


def test_location_rounds_are_the_start_of_every_phase_a(finished):
    rounds = location_rounds(finished)
    assert len(rounds) == 12
    assert all(r.pending().kind == "location" and r.state.turn == 0 for r in rounds)
    assert [(r.state.era, r.state.round) for r in rounds] == [(e, k) for e in (1, 2, 3) for k in (1, 2, 3, 4)]


def test_activated_is_empty_for_everyone_after_an_era_ends(finished):
    position = find_position(finished, lambda g: g.state.era == 2 and g.pending() is not None)
    for p in range(3):
        assert position.activated(p) == ""
