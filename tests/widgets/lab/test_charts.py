"""The design lab's figures (widgets.lab.charts) from a tiny experiment: their traces, error bars inside 0..1,
the fan chart's bands in order, one colour per arm, units named."""

from __future__ import annotations

import math

import pytest

from games.lab import Experiment, Variant
from widgets.lab.charts import (
    ARM_COLOURS,
    fan_figure,
    forest_figure,
    forest_rows,
    in_units,
    length_figure,
    metric_spread,
    win_rate_figure,
)
from widgets.shared.palette import SEATS

from .conftest import BOTS, GAME


def test_arms_take_the_palette_colours_baseline_blue_then_orange():
    assert ARM_COLOURS[:2] == (SEATS[1][1], SEATS[2][1]) and set(ARM_COLOURS) == {c for _, c in SEATS}


@pytest.mark.slow
def test_win_rates_by_seat_and_position_with_error_bars_inside_0_and_1(results):
    fig = win_rate_figure(results)
    bars = [t for t in fig.data if t.type == "bar"]
    assert len(bars) == 2 * len(results.arms)  # by seat and by position, per arm
    assert {t.name for t in bars} == {a.name for a in results.arms}
    for bar in bars:
        assert len(bar.x) == results.experiment.players
        for y, up, down in zip(bar.y, bar.error_y.array, bar.error_y.arrayminus, strict=True):
            assert 0 <= y - down <= y <= y + up <= 1 + 1e-12
    assert bars[0].x[0] == "Player 1" and bars[len(results.arms)].x[0] == "1st to play"
    assert tuple(fig.layout.yaxis.range) == (0, 1)
    rows = results.win_rows("seat")
    first = next(r for r in rows if r["arm"] == results.arms[0].name and r["seat"] == 0)
    assert bars[0].y[0] == pytest.approx(first["win_rate"])
    assert bars[0].error_y.arrayminus[0] == pytest.approx(first["win_rate"] - first["low"])


@pytest.mark.slow
def test_the_forest_plot_has_one_panel_per_variant_standardised_and_labelled_in_units(results):
    fig = forest_figure(results)
    (points,) = fig.data
    rows = [r for r in forest_rows(results) if math.isfinite(r["scaled"])]
    assert len(points.x) == len(rows) and len(rows) >= 10
    for r in rows:
        assert r["scaled"] == pytest.approx(r["difference"] / r["spread"]) and r["spread"] > 0
        assert r["scaled_low"] <= r["scaled"] <= r["scaled_high"] or math.isnan(r["scaled_low"])
    assert "spread" in fig.layout.xaxis.title.text and "(stop rule)" in "".join(fig.layout.yaxis.categoryarray)
    texts = set(points.text)
    assert any(t.endswith(" pp") for t in texts) and any(t.endswith(" turns") for t in texts)
    assert fig.layout.annotations[0].text == f"{results.arms[1].name} − {results.arms[0].name}"


def test_metric_units_and_spreads():
    assert in_units("first_player_win", 0.031) == "+3.1 pp" and in_units("turns", -2) == "-2 turns"
    assert in_units("rounds", math.nan) == "n/a"


@pytest.mark.slow
def test_the_spread_is_the_baselines_standard_deviation_or_falls_back(results, monkeypatch):
    import statistics

    base = results.arms[0].name
    turns = [r["turns"] for r in results.game_rows() if r["arm"] == base]
    assert metric_spread(results, "turns") == pytest.approx(statistics.stdev(turns))
    flat = [{**r, "turns": 5.0} for r in results.game_rows()]
    monkeypatch.setattr(type(results), "game_rows", lambda self: flat)
    assert metric_spread(results, "turns") == 1.0  # no game varies: the raw difference


@pytest.mark.parametrize("by", ["round", "turn"])
def test_fan_charts_have_ordered_bands_and_a_median_per_arm(results, by):
    series = results.series_names()[0]
    fig = fan_figure(results, series, by=by)
    assert len(fig.data) == 5 * len(results.arms)
    colours = {a.name: ARM_COLOURS[i] for i, a in enumerate(results.arms)}
    for k, arm in enumerate(results.arms):
        q05, q95, q25, q75, q50 = fig.data[5 * k:5 * k + 5]
        assert {t.meta for t in (q05, q95, q25, q75, q50)} == {arm.name}
        assert q95.fill == q75.fill == "tonexty" and q05.fill is None and q25.fill is None
        assert q50.line.color == colours[arm.name] and q50.mode == "lines+markers"
        for values in zip(q05.y, q25.y, q50.y, q75.y, q95.y, strict=True):
            assert list(values) == sorted(values)
        assert list(q50.x) == sorted(q50.x) and all(c[0] == arm.name for c in q50.customdata)
    assert fig.layout.xaxis.title.text == by and "every seat pooled" in fig.layout.yaxis.title.text
    one = fan_figure(results, series, seat=1)
    assert "Player 2" in one.layout.yaxis.title.text


def test_a_series_the_game_does_not_record_is_a_sentence(results):
    fig = fan_figure(results, "gold bars")
    assert not fig.data and "no series 'gold bars'" in fig.layout.annotations[0].text


def test_game_lengths_per_arm_in_rounds_and_turns(results):
    fig = length_figure(results)
    hists = [t for t in fig.data if t.type == "histogram"]
    assert len(hists) == 2 * len(results.arms)
    rows = results.game_rows()
    base = results.arms[0].name
    assert sorted(hists[0].x) == sorted(r["rounds"] for r in rows if r["arm"] == base)
    assert fig.layout.xaxis.title.text == "rounds" and fig.layout.xaxis2.title.text == "turns"
    assert len(fig.layout.shapes) == 2 * len(results.arms)  # each arm's mean, dashed


@pytest.mark.slow
def test_without_a_variant_the_forest_plot_says_so():
    alone = Experiment(Variant(GAME), [], bots=BOTS, games=3).run()
    fig = forest_figure(alone)
    assert not fig.data and "No variant" in fig.layout.annotations[0].text
    assert len(win_rate_figure(alone).data) == 2
