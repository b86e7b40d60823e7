"""The design lab's Target tab (tests/browser/fixtures/lab_target.ipynb) in JupyterLab.

The notebook loads a small target into the tab of a price-sandbox lab with random bots. The test types a goal the lab
refuses (the message line says why in one sentence, the goals are unchanged), adds a goal with the button, runs the
search (the chart of every goal draws the candidates tried and the best so far, the table its candidates, the
confirmation its verdict in words), and makes the best a variant (the lab shows its Experiment tab). Python has it
all: the printing cell. Console errors fail the test (the page guard). Keep ``CELL_LAB`` and ``CELL_PRINT`` in step
with the fixture notebook.
"""

from __future__ import annotations

import re

import pytest

from . import support
from .test_fixture_notebook import ERROR, run_in_lab

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/fixtures/lab_target.ipynb"
CELL_LAB = 1  # cell indexes count markdown cells too
CELL_PRINT = 2
MESSAGE = '[data-testid="lab-tg-message"]'


def test_the_target_tab_refuses_adds_runs_and_makes_the_best_a_variant(lab_page):
    from playwright.sync_api import expect

    page, tab = run_in_lab(lab_page, NOTEBOOK, CELL_LAB, "lab-target-root", "the Target tab")
    cell = support.cell(page, CELL_LAB)
    printed = support.cell_output_text(page, CELL_PRINT)
    message = tab.get_by_test_id("lab-tg-message")
    expect(tab.get_by_test_id("lab-tg-goal-0")).to_contain_text("spread_last in 15..20")
    expect(tab.get_by_test_id("lab-tg-size")).to_have_text("15 candidates")
    expect(cell.locator(".lab-editor-root, [data-testid='lab-ed-root']")).to_be_hidden()  # the other tab

    # a goal the lab refuses: one sentence, nothing added
    support.type_and_wait(tab, tab.get_by_test_id("lab-tg-goal-input"), "drama in 2..3", MESSAGE, "Target tab")
    expect(message).to_have_class(ERROR)
    expect(message).to_have_text(re.compile(r"^Not added: drama lies in 0 %\.\.100 %: a bound of 200 % makes no "))
    expect(tab.get_by_test_id("lab-tg-goals").locator("li")).to_have_count(1)

    # a goal added with the button beside the field
    tab.get_by_test_id("lab-tg-goal-input").fill("first_player_advantage within ±10 %")
    tab.get_by_test_id("lab-tg-add-goal").click()
    expect(message).to_have_text("Goal added: first_player_advantage within ±10 %.", timeout=support.REPLY_MS)
    expect(tab.get_by_test_id("lab-tg-goals").locator("li")).to_have_count(2)

    # Run: the chart of each goal, the candidates, the confirmation in words
    tab.get_by_test_id("lab-tg-run").click()
    expect(message).to_have_text(re.compile(r"^(Confirmed|Not confirmed|Not clear yet) on 30 fresh games"),
                                 timeout=support.SLOW_MS)
    for metric in ("spread_last", "first_player_advantage"):
        chart = tab.get_by_test_id(f"lab-tg-chart-{metric}")
        expect(chart.locator("polyline.lab-tg-best")).to_have_count(1)
        assert chart.locator("circle.lab-tg-tried").count() >= 10
    expect(tab.get_by_test_id("lab-tg-row-1")).to_be_visible()
    expect(tab.get_by_test_id("lab-tg-confirmation-words")).to_have_text(message.inner_text())
    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(support.SCREENSHOTS / "lab-target-tab.png"))
    support.wait_idle(page)
    support.run_cell(page, CELL_PRINT)
    expect(printed).to_have_text(re.compile(r"^goals=2 searched=90 confirmed=30 variants=1 page=Target "
                                            r"kind=info\s*$"))

    # the best as a variant: the lab's Experiment tab, its editor (or, when the best is the printed game, said so)
    tab.get_by_test_id("lab-tg-use-best").click()
    expect(message).to_have_text(re.compile(r"(is now a variant in the editor|makes the baseline's own game)"),
                                 timeout=support.REPLY_MS)
    support.wait_idle(page)
    support.run_cell(page, CELL_PRINT)
    expect(printed).to_have_text(re.compile(r"variants=(2 page=Experiment|1 page=Target) kind=info\s*$"))
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
