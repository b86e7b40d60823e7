"""The KKTable fixture notebook (tests/browser/fixtures/kk_table_demo.ipynb) as a deterministic target.

JupyterLab: a click on a highlighted card plays that card in Python (read back by re-running the notebook's own
printing cell), a click on a card the rules do not let the player take (the middle of a row) brings Python's reason
into the message line and changes nothing, undo takes the game back, and reset can be taken back too; then the
generic view checks every lesson notebook gets (support.check_notebook_views) run on the same page.
Keep ``CELL_TABLE``, ``CELL_PRINT`` (the printing cell, shared with the PriceStand fixture notebook:
test_fixture_notebook.py) and the printed format in step with the fixture notebook.
"""

from __future__ import annotations

import re

import pytest

from . import support, tables
from .test_fixture_notebook import CELL_PRINT, ERROR, printed, run_in_lab

pytestmark = pytest.mark.browser

NOTEBOOK = support.rel(support.KK_FIXTURE_NOTEBOOK)
CELL_TABLE = 1  # cell indexes count markdown cells too


def test_kk_fixture_clicks_play_cards_in_python_in_jupyterlab(lab_page):
    from playwright.sync_api import expect

    page, view = run_in_lab(lab_page, NOTEBOOK, CELL_TABLE, "kk-root", "the KKTable view")
    expect(printed(page)).to_have_text("steps=7 your_turn=True kind=info")
    expect(view.get_by_test_id("kk-prompt")).to_have_text("Player 1: take cards from the end of a row")
    expect(view.get_by_test_id("kk-banner")).to_be_visible()

    # a card in the middle of a row is not highlighted, but it names "take 1 7": the rules refuse it and say why
    middle = view.get_by_test_id("kk-card-1-7")
    expect(middle).to_have_attribute("data-legal", "false")
    expect(middle).to_have_attribute("data-action", "take 1 7")
    support.click_and_wait(view, middle)
    expect(view.get_by_test_id("kk-message")).to_have_class(ERROR)
    expect(view.get_by_test_id("kk-message")).to_have_text(re.compile(r"^Not allowed: .*not at an end of its row"))
    support.run_cell(page, CELL_PRINT)
    expect(printed(page)).to_have_text("steps=7 your_turn=True kind=error")

    # a clickable end card: the human takes it, then the game goes on in Python
    card = view.locator('[data-testid^="kk-card-"][data-clickable="true"]').first
    action = card.get_attribute("data-action")
    testid = card.get_attribute("data-testid")
    assert action and action.startswith("take ") and testid == "kk-card-" + "-".join(action.split()[1:])
    support.click_and_wait(view, card)
    expect(view.get_by_test_id("kk-message")).not_to_have_class(ERROR)
    expect(view.get_by_test_id("kk-message")).to_contain_text(f"you played '{action}'")
    expect(view.get_by_test_id(testid)).to_have_count(0)  # the card left the layout
    state = next(s for s in tables.probe_kk_tables(page).values() if len(s["history"]) > 7)
    assert state["history"][7] == action

    # undo: back to the human's decision, the card is back
    support.click_and_wait(view, view.get_by_test_id("kk-undo"))
    expect(view.get_by_test_id(testid)).to_have_attribute("data-clickable", "true")
    support.run_cell(page, CELL_PRINT)
    expect(printed(page)).to_have_text("steps=7 your_turn=True kind=info")

    # time travel: step 0 is the dealt layout, read-only
    support.click_and_wait(view, view.get_by_test_id("kk-undo"))  # nothing to undo: a readable refusal
    expect(view.get_by_test_id("kk-message")).to_have_class(ERROR)
    expect(view.get_by_test_id("kk-message")).to_have_text(re.compile(r"^Not allowed: there is nothing to undo"))
    view.get_by_test_id("kk-slider").fill("0")
    expect(view.get_by_test_id("kk-past")).to_be_visible(timeout=support.REPLY_MS)
    expect(view.locator('[data-clickable="true"]')).to_have_count(0)
    support.click_and_wait(view, view.get_by_test_id("kk-live"))
    expect(view.get_by_test_id("kk-past")).to_be_hidden()

    # reset is one click, and undo brings the game back
    support.click_and_wait(view, view.get_by_test_id("kk-reset"))
    expect(view.get_by_test_id("kk-undo")).to_have_text("undo reset")
    support.click_and_wait(view, view.get_by_test_id("kk-undo"))
    expect(view.get_by_test_id("kk-message")).to_have_text(re.compile(r"^Took back the reset"))
    support.run_cell(page, CELL_PRINT)
    expect(printed(page)).to_have_text("steps=7 your_turn=True kind=info")

    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    view.screenshot(path=str(support.SCREENSHOTS / "kk-fixture-lab-after-clicks.png"))

    # the generic checks every lesson notebook gets: both tables (one by a card, the watch table by "next")
    log = support.check_notebook_views(lab_page, support.KK_FIXTURE_NOTEBOOK, "lab")
    assert any("nonsense action refused; refused 'take" in line and "clicked 'take" in line for line in log), log
    assert any("'next' (bot to move)" in line for line in log), log
    lab_page.check()
    print("\n" + "\n".join(log))
