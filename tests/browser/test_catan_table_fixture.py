"""The Catan tables in JupyterLab (tests/browser/fixtures/catan_table_demo.ipynb): a base-game table and a Cities &
Knights table get the generic check every table view gets (support.check_notebook_views: a refused place says why,
a nonsense action is refused, a highlighted choice is played in Python, nothing moves, the coach answers, 1280 × 800
screenshots), then each is put at a position of every decision kind of its game and a choice of it is clicked as a
learner would (tables.click_every_kind): the Python game must play it. Keep ``CELLS`` in step with the notebook.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from . import support, tables

pytestmark = pytest.mark.browser

NOTEBOOK_PATH = Path(__file__).resolve().parent / "fixtures" / "catan_table_demo.ipynb"
NOTEBOOK = support.rel(NOTEBOOK_PATH)
CELLS = {"CatanTable": (2, "ct"), "CKTable": (3, "ck")}  # cell index (markdown counts), notebook name


def _kinds():
    return [k for k in tables.TABLE_KINDS if k.cls in CELLS]


def test_catan_tables_answer_clicks_in_jupyterlab(lab_page):
    page = lab_page.page
    support.open_in_app(page, NOTEBOOK)
    support.run_all(page)
    log = support.check_notebook_views(lab_page, NOTEBOOK_PATH, "lab")
    for kind in _kinds():
        assert any(line.startswith(f"{kind.cls} 0:") and "refused '" in line and "clicked '" in line
                   for line in log), log
    lab_page.check()
    print("\n" + "\n".join(log))


def test_every_decision_kind_of_both_catan_tables_is_clicked_in_jupyterlab(lab_page):
    page = lab_page.page
    support.open_in_app(page, NOTEBOOK)
    support.run_all(page)
    log = []
    for kind in _kinds():
        index, name = CELLS[kind.cls]
        view = support.cell(page, index).locator(kind.root)
        lab_page.wait_for(view, what=f"the {kind.cls} view")
        log += [f"{kind.cls} {line}" for line in tables.click_every_kind(page, view, kind, name)]
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
    print("\n" + "\n".join(log))


# Puts the C&K table at the first kept main-phase position where a knight may move; prints prompt and the knight.
KNIGHT_TO_MOVE = """
def _knight_to_move():
    import json
    from tests.widgets.positions import first_positions
    position = next(p for p in first_positions("catan_ck")["main"] if "move" in p.verbs)
    ck.human = None
    ck.game = position.game.clone()
    ck.human = position.seat
    knight = next(a.split()[1] for a in ck.status["legal"] if a.startswith("move "))
    print(json.dumps({"prompt": ck.status["prompt"], "knight": knight}))
_knight_to_move()
del _knight_to_move
"""


def test_a_knight_picked_then_a_corner_it_cannot_reach_says_why_in_place_words(lab_page):
    from playwright.sync_api import expect

    from .test_table_screens import RAW_ID

    page = lab_page.page
    support.open_in_app(page, NOTEBOOK)
    support.run_all(page)
    kind = next(k for k in tables.TABLE_KINDS if k.cls == "CKTable")
    view = support.cell(page, CELLS[kind.cls][0]).locator(kind.root)
    lab_page.wait_for(view, what="the CKTable view")
    state = json.loads(support.kernel_exec(page, KNIGHT_TO_MOVE).strip().splitlines()[-1])
    expect(view.get_by_test_id("ck-prompt")).to_have_text(state["prompt"], timeout=support.REPLY_MS)
    knight = view.locator(f'[data-testid="ct-board-node-{state["knight"]}"]')
    refused = view.locator(f'.ct-node[data-legal="false"][data-action^="move {state["knight"]} "]')
    # A late redraw from Python (the table was set from the kernel in three steps) can drop the picked knight, or
    # replace a corner between the press and the release so that the click sends nothing (support.wait_quiet): the
    # rehearsals of CI on the loaded machine met both. A refused click changes nothing in the game, so it is tried
    # again, at most three times, each after the view has stopped redrawing; what it must say is checked below.
    for attempt in range(3):
        support.wait_quiet(view, kind.message)
        if not refused.count():
            knight.click()
            support.wait_quiet(view, kind.message)
        assert refused.count(), "no corner refused once the knight is picked"
        action = refused.first.get_attribute("data-action")
        try:
            support.click_and_wait(view, refused.first, kind.message, kind.cls, timing=None,
                                   timeout_ms=support.REPLY_MS if attempt == 2 else 5_000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    text = view.locator(kind.message).inner_text()
    assert text.startswith("Not allowed: ") and "knight" in text and not RAW_ID.search(text), text
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
    print(f"\n'{action}' → {text!r}")
