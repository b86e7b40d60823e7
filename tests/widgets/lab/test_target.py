"""The lab's Target tab through its intents: goals, the parameters to vary and the budget (each refusal one sentence,
nothing half-applied), a search run to its end (the live chart's points, the candidates with intervals, the
confirmation in words), stopped and resumed, its best made a variant of the lab, its report; and what the browser
draws."""

from __future__ import annotations

import json
import threading

import pytest

from tests.widgets.messages import click
from tests.widgets.render import draw
from widgets.lab.lab import DesignLab
from widgets.lab.target import TargetPanel

GAME = "kutna_hora.economy"  # the fastest game: a random game in a few milliseconds
pytestmark = pytest.mark.slow  # a panel checks every value it is given as a variant: a fifth of a second a test


@pytest.fixture
def lab(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the reports folder
    made = DesignLab(GAME)
    made.bots = ["random"] * 3
    return made


def ready(panel: TargetPanel, budget: int = 60) -> TargetPanel:
    click(panel, {"intent": "goal", "text": "spread_last in 15..20"})
    click(panel, {"intent": "vary", "parameter": "turns", "values": "8..16:2"})
    click(panel, {"intent": "budget", "games": budget})
    click(panel, {"intent": "confirm", "games": 15})
    return panel


def snapshot(panel: TargetPanel) -> str:
    return json.dumps([panel.goals, panel.space, panel.budget_games, panel.confirm_games, panel.method],
                      sort_keys=True)


def test_the_lab_has_a_target_tab_that_shares_its_bots(lab):
    assert lab.page.options == ("Experiment", "Target") and lab.target.layout.display == "none"
    lab.show_target()
    assert lab.target.layout.display is None and lab.editor.layout.display == "none"
    assert lab.target.state["bots"] == "random | random | random"
    lab.show_experiment()
    assert lab.editor.layout.display is None


def test_goals_and_parameters_are_added_and_read_back_in_words(lab):
    panel = ready(lab.target)
    assert [g["text"] for g in panel.state["goals"]] == ["spread_last in 15..20"]
    assert panel.state["space"] == [{"parameter": "turns", "values": "8..16:2"}] and panel.state["size"] == 5
    click(panel, {"intent": "goal", "text": "first_player_advantage within ±5 %"})
    click(panel, {"intent": "weight", "index": 1, "weight": 2.0})
    assert panel.state["goals"][1]["text"] == "first_player_advantage within ±5 % weight 2"
    click(panel, {"intent": "goal", "text": "spread_last in 10..30"})  # a second goal on one metric replaces it
    assert [g["text"] for g in panel.state["goals"]] == ["first_player_advantage within ±5 % weight 2",
                                                         "spread_last in 10..30"]
    assert panel.message == "The goal on spread_last is now spread_last in 10..30."
    click(panel, {"intent": "vary", "parameter": "starting_groschen", "values": "scale 0.5, 1, 1.5"})
    assert panel.state["size"] == 15
    target = json.loads(panel.state["json"])
    assert target["space"]["starting_groschen"] == {"scale": [0.5, 1, 1.5]} and target["game"] == GAME
    click(panel, {"intent": "unvary", "parameter": "starting_groschen"})
    click(panel, {"intent": "remove_goal", "index": 0})
    assert panel.state["size"] == 5 and len(panel.goals) == 1


@pytest.mark.parametrize(("intent", "said"), [
    ({"intent": "goal", "text": "drama in 2..3"}, "Not added: drama lies in 0 %..100 %"),
    ({"intent": "goal", "text": "barbarian attacks per game in 3..5"}, "the game's series: price.wood"),
    ({"intent": "goal", "text": "skill_gap >= 0.2"}, "make them different bots"),
    ({"intent": "goal", "text": "turns about 40"}, "a goal reads like"),
    ({"intent": "goal", "text": ""}, "a goal is a text"),
    ({"intent": "vary", "parameter": "turns", "values": "0..4"}, "Not varied: the space's turns=0 is refused"),
    ({"intent": "vary", "parameter": "colour", "values": "1..3"}, "has no parameter \"colour\""),
    ({"intent": "vary", "parameter": "prices.ore.*.ore.*", "values": "2, 3"}, "a pattern takes a rule"),
    ({"intent": "vary", "parameter": "max_advance", "values": "scale 2"}, "max_advance is one value"),
    ({"intent": "vary", "parameter": "starting_groschen", "values": "scale 0.5, 2"},
     "both change starting_groschen.1"),
    ({"intent": "unvary", "parameter": "max_advance"}, "the search varies turns, starting_groschen.1"),
    ({"intent": "remove_goal", "index": 5}, "there are goals 0 to 0"),
    ({"intent": "weight", "index": 0, "weight": -1}, "a weight is above 0"),
    ({"intent": "budget", "games": 0}, "a budget is 1 to 100,000 games"),
    ({"intent": "confirm", "games": 10**7}, "the confirmation plays 1 to 100,000 games"),
    ({"intent": "method", "name": "grid"}, "a search is ntbea, halving, random"),
    ({"intent": "load", "text": "{\"game\": \"catan.base\"}"}, "Not loaded: a target file names its bots"),
    ({"intent": "load", "text": "not json"}, "Not loaded: a target file is not JSON"),
    ({"intent": "use_best"}, "No search has found a candidate yet"),
    ({"intent": "report"}, "No confirmed search yet"),
    ({"intent": "stop"}, "Nothing is running"),
    ({"intent": "goal"}, "'goal' needs text"),
    ({"intent": "vary", "parameter": ["turns"], "values": "1"}, "takes parameter as a text"),
    ({"intent": "fly"}, "unknown intent"),
])
def test_a_refusal_is_one_sentence_and_changes_nothing(intent, said):
    panel = ready(TargetPanel(game_id=GAME, bots=["random"] * 3))
    click(panel, {"intent": "vary", "parameter": "starting_groschen.1", "values": "30, 40"})
    before, state = snapshot(panel), dict(panel.state)
    click(panel, intent)
    assert panel.message_kind == "error" and said in panel.message, panel.message
    assert "\n" not in panel.message and "Traceback" not in panel.message
    assert snapshot(panel) == before
    assert {k: v for k, v in panel.state.items()} == state


def test_run_refuses_a_target_without_goals_or_parameters(lab):
    panel = lab.target
    click(panel, {"intent": "run"})
    assert panel.message == "Not run: Write a goal first, like \"turns in 55..65\"." and not panel.running
    click(panel, {"intent": "goal", "text": "spread_last in 15..20"})
    click(panel, {"intent": "run"})
    assert panel.message.startswith("Not run: Choose a parameter to vary first")


def test_a_search_run_to_its_end_shows_its_way_its_candidates_and_the_confirmation(lab):
    panel = ready(lab.target)
    results = panel.run(wait=True)
    assert results is not None and not panel.running and results.used == 60
    chart = panel.chart
    assert chart["goals"][0]["low"] == 15 and chart["goals"][0]["high"] == 20
    assert chart["steps"][-1]["games"] == 60 and chart["candidates"] == 5
    assert all("spread_last" in p["values"] for p in chart["tried"])
    rows = panel.rows
    assert rows[0]["rank"] == 1 and rows[0]["candidate"] == panel.state["best"]
    assert {g["call"] for row in rows for g in row["goals"]} <= {"meets", "misses", "not clear"}
    confirmation = panel.state["confirmation"]
    assert confirmation["games"] == 15 and panel.message == confirmation["words"]
    assert confirmation["words"].split(" on 15 fresh games")[0] in ("Confirmed", "Not confirmed", "Not clear yet")


def test_the_best_becomes_a_variant_of_the_lab_and_the_confirmation_a_report(lab):
    panel = ready(lab.target)
    click(panel, {"intent": "vary", "parameter": "max_advance", "values": "1, 2"})  # the best is not the printed
    panel.run(wait=True)
    best = panel.results.best
    click(panel, {"intent": "use_best"})
    if best == lab.baseline:
        assert "makes the baseline's own game" in panel.message and lab.variants == [lab.baseline]
    else:
        assert lab.variants[-1] == best and lab.editor.variant == best and lab.page.value == "Experiment"
        assert panel.message.endswith("Run compares it with the baseline.")
    click(panel, {"intent": "report"})
    assert panel.message.startswith("Report written: lab-results/reports/target-") and panel.state["report"]
    assert (lab.lab_folder / "reports").is_dir()


def test_a_stopped_search_goes_on_from_its_games_and_ends_as_if_never_stopped(lab, monkeypatch):
    alone = ready(TargetPanel(game_id=GAME, bots=["random"] * 3), budget=90).run(wait=True)
    panel = ready(lab.target, budget=90)
    started = threading.Event()

    def halfway(run, step, original=TargetPanel._step):
        original(panel, run, step)
        if step.games >= 30:
            started.set()
            panel.stop()

    monkeypatch.setattr(panel, "_step", halfway)
    stopped = panel.run(wait=True)
    assert started.is_set() and stopped.stopped and panel.state["stopped"]
    assert panel.message.startswith("Stopped after ") and "Run goes on from them" in panel.message
    monkeypatch.undo()
    again = panel.run(wait=True)
    assert again.rows() == alone.rows() and again.trajectory == alone.trajectory
    assert again.kept >= stopped.played > 0


def test_a_run_in_a_thread_refuses_a_second_run_and_changes_while_it_plays(lab):
    panel = ready(lab.target, budget=300)
    click(panel, {"intent": "run"})
    try:
        assert panel.running
        click(panel, {"intent": "run"})
        assert panel.message == "A search is running: wait for it, or press Stop first."
        click(panel, {"intent": "goal", "text": "drama up"})
        assert panel.message.startswith("A search is running") and len(panel.goals) == 1
    finally:
        panel.stop()
        panel.wait(60)
    assert not panel.running


def test_a_target_file_loads_its_goals_space_budget_and_bots(lab):
    panel = lab.target
    text = json.dumps({"game": GAME, "name": "close", "bots": ["greedy", "random", "random"],
                       "goals": ["spread_last in 15..20", "skill_gap >= 0.6"], "space": {"turns": [8, 10]},
                       "budget_games": 90, "method": "halving"})
    click(panel, {"intent": "load", "text": text})
    assert panel.message.startswith("Loaded 'close': 2 goals, 2 candidates")
    assert lab.bots == ["greedy", "random", "random"] and panel.budget_games == 90 and panel.method == "halving"
    assert json.loads(panel.state["json"])["goals"][1] == {"metric": "skill_gap", ">=": 0.6}


def test_the_browser_draws_the_tab_and_its_buttons_send_intents(lab):
    panel = ready(lab.target)
    page = draw(panel)
    assert page.by_id("lab-tg-goal-0").all_text.startswith("spread_last in 15..20")
    assert page.by_id("lab-tg-run").data["intent"] == "run"
    assert page.by_id("lab-tg-remove-goal-0").data["intent"] == "remove_goal"
    assert page.by_id("lab-tg-unvary-turns").data["intent"] == "unvary"
    assert not page.has_id("lab-tg-charts") and not page.has_id("lab-tg-table")
    panel.run(wait=True)
    page = draw(panel)
    assert page.has_id("lab-tg-chart-spread_last") and page.by_id("lab-tg-row-1")
    assert page.by_id("lab-tg-confirmation-words").all_text == panel.state["confirmation"]["words"]
    assert page.by_id("lab-tg-use-best").data["intent"] == "use_best"
