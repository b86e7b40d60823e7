"""Every decision kind of every game's table, clicked in JupyterLab, and a table whose kernel is gone.

``fixtures/every_kind.ipynb`` shows one table per game; for every decision kind of its game the table is put at a
position of that kind (``tests/widgets/positions.py``, the positions of the every-choice check) and a choice is
clicked as a learner would: the Python game must play it (``tables.click_every_kind``). Every click is timed from the
click to the redraw of the message line. Then, on the card-game fixture, the kernel is restarted: each table must
say in its message line that it lost its kernel and what to do, its tools must be disabled, and a click must neither
send anything nor raise an error in the browser console ("Cannot send").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from . import support, tables

pytestmark = pytest.mark.browser

NOTEBOOK = support.rel(Path(__file__).resolve().parent / "fixtures" / "every_kind.ipynb")
CELLS = {"KKTable": (2, "kk"), "ChartresTable": (3, "ch"), "KHTable": (4, "kh")}  # cell index, notebook name
#: Tables clicked kind by kind in their own fixture test (the Catan tables: test_catan_table_fixture.py).
OWN_FIXTURE = {"CatanTable", "CKTable"}


def test_every_decision_kind_of_every_table_is_clicked_in_jupyterlab(lab_page):
    page = lab_page.page
    support.open_in_app(page, NOTEBOOK)
    support.run_all(page)
    log = []
    for kind in tables.TABLE_KINDS:
        if kind.cls in OWN_FIXTURE:
            continue
        index, name = CELLS[kind.cls]
        view = support.cell(page, index).locator(kind.root)
        lab_page.wait_for(view, what=f"the {kind.cls} view")
        done = tables.click_every_kind(page, view, kind, name)
        log += [f"{kind.cls} {line}" for line in done]
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
    print("\n" + "\n".join(log))


def test_a_table_whose_kernel_restarted_says_so_and_takes_no_clicks_in_jupyterlab(lab_page):
    from playwright.sync_api import expect

    page = lab_page.page
    support.open_in_app(page, support.rel(support.KK_FIXTURE_NOTEBOOK))
    support.run_all(page)
    view = support.cell(page, 1).get_by_test_id("kk-root")
    lab_page.wait_for(view, what="the KKTable view")
    page.evaluate(f"async () => {{ await {support.PANEL}.sessionContext.session.kernel.restart(); }}")
    support.wait_idle(page)
    message = view.get_by_test_id("kk-message")
    expect(message).to_contain_text("lost its Python kernel", timeout=support.REPLY_MS)
    expect(message).to_contain_text("Run this cell again")
    expect(message).to_have_class(re.compile(r"\bbg-message--error\b"))
    for tool in ("kk-undo", "kk-reset", "kk-slider"):
        expect(view.get_by_test_id(tool)).to_be_disabled()
    card = view.locator('[data-intent="act"]').first
    card.click(force=True)  # nothing may happen, and no "Cannot send" may reach the console
    page.wait_for_timeout(500)
    expect(message).to_contain_text("lost its Python kernel")
    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    view.screenshot(path=str(support.SCREENSHOTS / "kk-fixture-lab-lost-kernel.png"))
    lab_page.check()
