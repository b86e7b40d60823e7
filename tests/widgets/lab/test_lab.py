"""The design lab (widgets.lab.DesignLab): a blocking run fills the summary and the charts; Run and Stop in a
thread keep what finished; a second run is refused in words; errors are sentences; a picked game (or a click on the
fan chart) opens in its table at that round."""

from __future__ import annotations

import html
import json
import sys
import time

import pytest
from plotly.callbacks import Points

from games import GAMES
from games.lab import Results, Store, Variant
from tests.checks import run_in_own_loop
from widgets.kardinal_koenig import KKTable
from widgets.lab import DesignLab
from widgets.lab.lab import bot_options
from widgets.lab.results_view import series_for

from .conftest import BOTS, GAME, changed_variant


@pytest.fixture
def lab():
    return DesignLab(GAME, variants=[changed_variant()])


@pytest.fixture(scope="module")
def ran():
    import comm

    comm.create_comm, before = comm.DummyComm, comm.create_comm
    try:
        lab = DesignLab(GAME, variants=[changed_variant()])
        results = lab.run(games=6, bots=BOTS, stop="turns", wait=True)
    finally:
        comm.create_comm = before
    return lab, results


@pytest.mark.slow
def test_a_blocking_run_returns_the_results_and_fills_the_views(ran):
    lab, results = ran
    assert isinstance(results, Results) and lab.results is results and results.games == 6
    assert lab.message == "Done: 6 games per arm on this process." and lab.message_kind == "info"
    assert lab.progress.value == lab.progress.max == 12 and lab.progress.bar_style == "success"
    assert lab.progress_label.value.startswith("12 of 12 games, ") and "(done)" in lab.progress_label.value
    assert "6 games per arm" in lab.decisions.value and "has not decided every variant" in lab.decisions.value
    assert "<b>short roads</b> against printed game" in lab.decisions.value
    assert "turns (stop rule): the game&#x27;s length: not clear yet" in lab.decisions.value
    assert "<table class='lab-sum'>" in lab.summary.value and "short roads − printed game" in lab.summary.value
    assert [lab.tabs.get_title(i) for i in range(4)] == ["win rates", "differences", "over the game", "lengths"]
    decisions, reporting, summary, tabs, picker = lab.result_box.children
    assert (decisions, summary, tabs, picker) == (lab.decisions, lab.summary, lab.tabs, lab.picker)
    assert lab.report_button in reporting.children
    names = results.series_names()
    assert lab.fan is not None and len(lab.fan.data) == 10 and lab.series.value == series_for(names, ["road_minimum"])
    wins, differences, _, lengths = lab.tabs.children
    for chart, traces in ((wins, 4), (differences, 1), (lengths, 4)):  # plain plotly output, no widget of plotly.js
        (output,) = chart.outputs
        figure = output["data"]["application/vnd.plotly.v1+json"]
        assert len(figure["data"]) == traces and figure["layout"]["title"]["text"]
    assert "NaN" not in json.dumps(differences.outputs)
    assert lab.bots == BOTS and lab.games.value == 6 and lab.stop_metric.value == "turns"
    assert lab.margin.value == 2.0 and not lab.margin.disabled
    assert not lab.running and lab.stop_button.disabled
    assert lab.summary_frame().shape[0] == len(results.summary_rows())


@pytest.mark.slow
def test_the_picked_game_opens_in_its_table_at_that_round(ran):
    lab, results = ran
    lab.pick_arm.value = "short roads"
    lab.pick_seed.value = 1
    lab.pick_rotation.value = 2
    key = results.key("short roads", 1, 2)
    starts = results.round_starts(key)
    labels = [label for label, _ in lab.pick_round.options]
    assert labels[0].startswith("round 1") and labels[-1] == "the end"
    lab.pick_round.value = starts[3]
    lab.open_button.click()
    view = lab.last_view
    assert isinstance(view, KKTable) and view.human is None and lab.table_box.children[1] is view
    assert view.status["view"] == starts[3] and not view.status["live"]
    assert [str(a) for a in view.game.history] == [str(a) for a in results.game(key).history]
    assert "rotation 2" in lab.table_box.children[0].value and lab.message.startswith("Opened short roads, seed 1")
    assert lab.open_game("short roads", 1, 2, round=4).status["view"] == starts[4]
    assert lab.open_game("printed game", 0).status["live"]  # no round: the end of the game
    assert lab.open_game("short roads", 1, 2, round=99) is None and "not 99" in lab.message
    assert lab.open_game("nobody", 0) is None and lab.message_kind == "error" and "no arm 'nobody'" in lab.message


@pytest.mark.slow
def test_a_click_on_the_fan_chart_opens_the_nearest_game_at_that_round(ran):
    lab, results = ran
    series = lab.series.value
    median = next(t for t in lab.fan.data if t.name == "short roads: median")
    i = 2
    x, y = median.x[i], median.y[i]
    view = lab.fan_clicked(median, Points(point_inds=[i], xs=[x], ys=[y], trace_name=median.name, trace_index=9))
    key = results.nearest_game("short roads", series, x, y)
    assert isinstance(view, KKTable) and view.status["view"] == results.round_starts(key)[x]
    assert (lab.pick_arm.value, lab.pick_seed.value, lab.pick_rotation.value) == ("short roads", key.seed,
                                                                                 key.rotation)
    assert "was the nearest to" in lab.message
    assert lab.fan_clicked(median, Points(point_inds=[], xs=[], ys=[], trace_name="", trace_index=0)) is None
    lab.fan_by.value = "turn"  # by turn: the click opens the game at the start of that turn
    median = next(t for t in lab.fan.data if t.name == "short roads: median")
    view = lab.fan_clicked(median, Points(point_inds=[4], xs=[median.x[4]], ys=[median.y[4]], trace_name="",
                                          trace_index=9))
    key = results.nearest_game("short roads", series, median.x[4], median.y[4], by="turn")
    assert view.status["view"] == results.turn_starts(key)[median.x[4]]
    lab.fan_by.value = "round"


@pytest.mark.slow
def test_run_and_stop_in_a_thread_keep_the_finished_games(lab):
    lab.bots = ["random", "random", "random"]  # quick games; 120 per arm would take a minute
    assert lab.start() is None  # the Run button: a background thread
    started = time.monotonic()
    assert lab.running and not lab.stop_button.disabled
    lab.run_button.click()  # a second run while one plays: refused in words
    assert lab.message_kind == "error" and lab.message.startswith("A run is going on")
    while lab.store.count() < 8 and time.monotonic() - started < 60:
        time.sleep(0.05)
    assert lab.running, "the run was to take minutes"
    lab.stop_button.click()
    assert lab.message.startswith("Stopping")
    results = lab.wait(60)
    assert not lab.running and results is lab.results and results.stopped
    assert lab.store.count() >= 8, "every finished game is kept in the store"
    assert results.games * 2 <= lab.store.count() < 2 * lab.experiment.games
    assert lab.message.startswith("Stopped: every finished game is kept in the store")
    assert "(stopped)" in lab.progress_label.value and lab.progress.bar_style == "warning"
    assert not lab.stop() and lab.message == "Nothing is running: press Run first."


@pytest.mark.slow
def test_a_second_run_plays_only_what_the_store_lacks(lab):
    store = Store()
    lab = DesignLab(GAME, variants=lab.variants, store=store)
    first = lab.run(games=3, bots=BOTS)
    assert store.count() == 6
    again = lab.run(games=3, bots=BOTS)
    assert store.count() == 6 and again.game_rows() and len(again.game_rows()) == len(first.game_rows())


def test_refusals_and_errors_are_sentences(lab, monkeypatch):
    assert lab.run(games=0) is None and lab.message == "Not run: games is a whole number, at least 1, not 0"
    assert lab.run(bots=["greedy", "clever", "random"]) is None and lab.message.startswith("Not run: ")
    assert lab.run(stop="speed") is None and "the stop rule tests a metric" in lab.message
    lab.bots = ["random", "random", "random"]
    assert lab.run(stop="skill_gap", games=3) is None and "make them different bots" in lab.message
    assert lab.message_kind == "error" and "Traceback" not in lab.message

    def broken(*_args, **_kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr("games.lab.Experiment.run", broken)
    lab.stop_metric.value = None
    assert lab.run(games=3) is None
    assert lab.message == "The run stopped: RuntimeError: the disk is full (the 0 games finished are kept)."
    assert not lab.running and lab.progress.bar_style == "danger"
    assert not lab._open_picked() and lab.message == "No results yet: press Run first."


@pytest.mark.slow
def test_when_the_stop_rule_decides_the_lab_says_so_in_words():
    from games.lab import parameters

    if "stones_per_player" not in {r["parameter"] for r in parameters(GAME)}:
        pytest.skip(f"{GAME} does not list stones_per_player yet")
    lab = DesignLab(GAME, variants=[Variant(GAME, {"stones_per_player": 0}, name="no stones")])
    results = lab.run(games=60, bots=["random"] * 3, stop="decisions")
    assert results.decisions["no stones"]["decision"] == "different" and results.games < 60
    assert lab.message == f"Done: the stop rule decided after {results.games} games per arm (of at most 60) on this " \
                          f"process; {results.saved} games were not needed."
    assert "The stop rule on <b>decisions</b> ended the run" in lab.decisions.value
    assert f"{results.saved} games were not needed" in lab.decisions.value
    verdict = results.verdict(results.arm("no stones"), "decisions")
    assert f"decisions (stop rule): {verdict.words}" in lab.decisions.value
    assert verdict.words.startswith("the variant lowers the decisions a game takes by ")


@pytest.mark.slow
def test_a_variant_like_the_baseline_is_an_a_a_test(lab):
    lab.variants = [Variant(GAME)]
    experiment = lab.make_experiment()
    assert [a.salt for a in experiment.arms] == [0, 1]
    results = lab.run(games=3, bots=BOTS)
    assert results is not None and "an A/A test" not in lab.message  # said when the run starts
    assert results.arms[1].name == "printed game (bots reseeded 1)"


def test_arms_bots_and_the_editor_stay_in_step(lab):
    assert lab.editor.variant == lab.variants[0] and lab.arm_picker.value == 1
    assert lab.editor.edit("road_minimum", "4")
    assert lab.variants[0].changes == {"road_minimum": 4} and "1 change" in lab.arm_picker.label
    lab.arm_picker.value = 0
    assert lab.editor.variant == lab.baseline and lab.remove_button.disabled
    assert not lab.remove_variant() and lab.message_kind == "error"
    added = lab.add_variant()
    assert lab.editor.variant is added and len(lab.variants) == 2 and lab.arm_picker.value == 2
    assert lab.remove_variant() and len(lab.variants) == 1
    lab.baseline = Variant(GAME, {"road_minimum": 6})
    assert lab.baseline.changes == {"road_minimum": 6}
    with pytest.raises(ValueError, match="this lab plays kardinal_koenig.cards"):
        lab.variants = [Variant("catan.base")]
    lab.players.value = 4
    assert len(lab.bots) == 4
    lab.bots = ["mcts:300", "greedy never take", "random"]
    assert lab.players.value == 3 and lab.bots == ["mcts:300", "greedy never take", "random"]
    assert lab.seats.children[1].label == f"greedy that {lab.game.action_kinds['take']}"


@pytest.mark.slow
def test_the_fan_chart_is_one_widget_redrawn_in_place_whose_first_message_holds_the_figure(ran, monkeypatch):
    import comm
    import plotly.graph_objects as go

    from widgets.lab.lab import figure_widget

    lab, results = ran
    fan = lab.fan
    lab.fan_seat.value = 1
    assert lab.fan is fan and "Player 2" in fan.layout.yaxis.title.text and len(fan.data) == 10
    lab.fan_seat.value = "all"
    opened = []
    monkeypatch.setattr(comm, "create_comm", lambda **kw: opened.append(kw) or comm.DummyComm(**kw))
    widget = figure_widget(go.Figure(go.Scatter(x=[1, 2], y=[3, 4]), layout={"title": {"text": "first"}}))
    (message,) = opened
    state = message["data"]["state"]
    assert state["_widget_data"][0]["y"] == [3, 4] and state["_widget_layout"]["title"] == {"text": "first"}
    assert widget.comm is not None


def test_the_seat_menus_offer_restricted_bots_of_the_games_kinds():
    from games import game_class

    options = dict((text, label) for label, text in bot_options(game_class(GAME)))
    assert {"greedy", "random", "mcts:50", "mcts:200", "mcts"} <= set(options)
    assert options["random never play three"] == f"random that {game_class(GAME).action_kinds['play three']}"


@pytest.mark.slow
def test_where_there_are_no_threads_run_plays_on_the_event_loop(lab, monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    lab.games.value = 3

    async def play():
        assert lab.start() is None and lab.running and lab._task is not None
        return await lab._task

    results = run_in_own_loop(play)
    assert isinstance(results, Results) and lab.results is results and not lab.running


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_plays_a_block_in_the_lab_and_opens_a_game_at_a_round(game):
    from widgets.shared.tables import table_class

    lab = DesignLab(game)
    n = lab.players.value
    results = lab.run(games=n, bots=["random"] * n)
    assert results is not None and results.games == n, lab.message
    key = results.key(results.arms[1].name, 0, n - 1)
    rounds = results.round_starts(key)
    second = sorted(rounds)[1]
    view = lab.open_game(results.arms[1].name, 0, n - 1, round=second)
    assert isinstance(view, table_class(game)), lab.message
    shown = view.stand.status["step"] if hasattr(view, "stand") else view.status["view"]
    assert shown == rounds[second]


@pytest.mark.slow
def test_issue_37_the_lab_view_says_what_a_run_does_and_opens_the_fan_on_the_changed_series():
    # the fan chart opens on the series the variant changes (lesson 13: the ore price, not wood)
    assert series_for(["price.wood", "price.ore", "income"], ["prices.ore.12.ore.0", "prices.ore.13.ore.1"]) == \
        "price.ore"
    assert series_for(["points", "income"], ["crest_limit"]) == "points"  # nothing in common: the first
    lab = DesignLab(GAME, variants=[changed_variant()], series="points")
    # a refusal typed before a run does not stay through it
    lab.editor.edit("road_minimum", "99")
    assert lab.editor.message_kind == "error" and lab.message_kind == "error"
    lab.run(games=6, bots=["random"] * 3, wait=False)
    assert lab.editor.message_kind == "info" and lab.message.startswith("Running up to")
    assert lab.progress_label.value.startswith("Running…")
    results = lab.wait(120)
    assert results is not None and not lab.running
    assert "Running" not in lab.message and "Running" not in lab.progress_label.value
    assert lab.series.value == "points"  # the lesson's choice
    # 200 games asked with 3 seat orders per seed: 201 are played, and the lab says so
    lab.run(games=200, bots=["random"] * 3, stop="turns", margin=50.0, wait=False)
    assert "200 asked: whole blocks of 3 seat orders make 201, 67 seeds" in lab.message
    lab.stop()
    lab.wait(120)
    assert not lab.running


@pytest.mark.slow
def test_the_report_button_writes_one_page_and_a_lab_folder_keeps_the_run(tmp_path):
    from games.lab.folder import LabFolder

    lab = DesignLab(GAME, variants=[changed_variant()], store=tmp_path / "lab-results")
    assert lab.make_report() is None and lab.message_kind == "error"  # nothing to report yet
    results = lab.run(games=3, bots=["random"] * 3, stop="turns")
    path = lab.make_report()
    assert path == tmp_path / "lab-results" / "reports" / f"{results.experiment.id}.html" and path.is_file()
    page = path.read_text(encoding="utf-8")
    assert "short roads" in page and html.escape(results.verdict(results.arm("short roads"), "turns").words) in page
    assert "open the report" in lab.report_link.value and lab.message.startswith("Report written: ")
    (row,) = LabFolder(tmp_path / "lab-results").index()
    assert row["id"] == results.experiment.id and row["games"] == 3 and row["status"] == "done"
