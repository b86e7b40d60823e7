"""The class gallery: every experiment of a lab folder in one table, its intents (sort by verdict and metric, choose
the metric, open a report, open the games, refresh), and what the browser draws."""

from __future__ import annotations

import pytest

from games.lab import Arm, Experiment, Variant
from tests.widgets.messages import click
from tests.widgets.render import draw
from widgets.lab.gallery import Gallery, gallery_rows, sort_rows
from widgets.lab.lab import DesignLab

GAME = "kardinal_koenig.cards"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A class's lab folder: an A/A test by alice and a strong change by bob, both with a stop rule on turns."""
    import os

    path = tmp_path_factory.mktemp("class") / "lab-results"
    path.mkdir()
    printed = Variant(GAME)
    store = path / "lab.sqlite"
    os.environ["LAB_AUTHOR"] = "alice"
    try:
        Experiment(printed, [Arm(printed, salt=1)], bots=["random"] * 3, games=30, stop="turns").run(store=store)
        os.environ["LAB_AUTHOR"] = "bob"
        fewer = Variant(GAME, {"country_cards.france": 4}, name="4 French cards")
        Experiment(printed, [fewer], bots=["random"] * 3, games=300, stop="turns").run(store=store)
    finally:
        os.environ.pop("LAB_AUTHOR", None)
    return path


@pytest.mark.slow
def test_every_experiment_is_one_row_per_variant_with_its_verdict(folder):
    gallery = Gallery(folder)
    rows = gallery.table.rows
    assert len(rows) == 2 and {r["who"] for r in rows} == {"alice", "bob"}
    by_variant = {r["variant"]: r for r in rows}
    strong = by_variant["4 French cards"]
    assert strong["call"] == "different" and strong["metric"] == "turns" and strong["difference"] < 0
    assert strong["words"].startswith("the variant shortens the game by")
    assert strong["games"] < 300 and strong["status"] == "decided"
    assert gallery.table.message.startswith("2 experiments in ")


@pytest.mark.slow
def test_sorting_by_verdict_and_by_difference_and_choosing_a_metric(folder):
    gallery = Gallery(folder)
    click(gallery.table, {"intent": "sort", "column": "verdict"})
    assert gallery.table.rows[0]["call"] == "different" and gallery.table.message == "Sorted by verdict."
    click(gallery.table, {"intent": "sort", "column": "verdict"})
    assert gallery.table.rows[-1]["call"] == "different"  # the other way
    click(gallery.table, {"intent": "sort", "column": "difference"})
    differences = [r["difference"] for r in gallery.table.rows]
    assert differences == sorted(differences)
    click(gallery.table, {"intent": "metric", "name": "first_player_win"})
    assert {r["metric"] for r in gallery.table.rows} == {"first_player_win"}
    assert all(r["words"] for r in gallery.table.rows)  # every metric's verdict is kept in the index
    click(gallery.table, {"intent": "metric", "name": ""})
    assert {r["metric"] for r in gallery.table.rows} == {"turns"}
    for bad in ({"intent": "sort", "column": "colour"}, {"intent": "metric", "name": "fun"},
                {"intent": "report", "id": "nope"}, {"intent": "games", "id": 3}):
        click(gallery.table, bad)
        assert gallery.table.message_kind == "error" and len(gallery.table.message) < 200


@pytest.mark.slow
def test_a_row_opens_its_report_and_its_games(folder):
    gallery = Gallery(folder)
    strong = next(r for r in gallery.table.rows if r["variant"] == "4 French cards")
    click(gallery.table, {"intent": "report", "id": strong["id"]})
    report = folder / "reports" / f"{strong['id']}.html"
    assert report.is_file() and "4 French cards" in report.read_text(encoding="utf-8")
    assert gallery.table.state["report"].endswith(f"{strong['id']}.html") and gallery.table.message_kind == "info"
    click(gallery.table, {"intent": "games", "id": strong["id"]})
    lab = gallery.lab
    assert isinstance(lab, DesignLab) and gallery.opened.children == (lab,)
    assert lab.results.experiment.id == strong["id"] and lab.results.decided
    assert "The stop rule on <b>turns</b> ended the run" in lab.decisions.value
    view = lab.open_game("4 French cards", lab.results.experiment.seed, 1, round=2)
    assert view is not None and lab.message.startswith("Opened 4 French cards")


def test_a_new_run_appears_after_refresh_and_the_browser_draws_the_table(folder):
    gallery = Gallery(folder)
    before = len(gallery.table.rows)
    printed = Variant(GAME)
    Experiment(printed, [Variant(GAME, {"crest_limit": 3}, name="crest 3")], bots=["random"] * 3,
               games=3).run(store=folder / "lab.sqlite")
    click(gallery.table, {"intent": "refresh"})
    assert len(gallery.table.rows) == before + 1
    page = draw(gallery.table)
    assert page.by_id("lab-gallery-table") and page.by_id("lab-gallery-sort-verdict")
    assert page.by_id("lab-gallery-report-0").data["intent"] == "report"
    assert page.by_id("lab-gallery-games-0").data["intent"] == "games"


def test_rows_and_sorting_work_on_plain_data():
    index = [{"id": "a1", "game": GAME, "definition": {"arms": [{"key": "x", "variant": {"name": ""}},
                                                                {"key": "y", "variant": {"name": "v", "changes": {}}}],
                                                       "lineup": ["random"] * 3, "stop": "turns"},
              "authors": ["c"], "updated": 2.0, "status": "done", "games": 9,
              "verdicts": [{"arm": "v", "metric": "turns", "call": "undecided", "estimate": 1.0, "low": -2.0,
                            "high": 4.0, "words": "w"}]}]
    (row,) = gallery_rows(index)
    assert row["text"] == "+1 (-2 to +4)" and row["call"] == "undecided"
    assert sort_rows([row, {**row, "call": "different", "difference": -3.0}], "verdict")[0]["call"] == "different"
