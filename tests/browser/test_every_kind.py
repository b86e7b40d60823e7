"""Every decision kind of every game's table, clicked in JupyterLab, and a table whose kernel is gone.

``fixtures/every_kind.ipynb`` shows one table per game; for every decision kind of its game the table is put at a
position of that kind (``tests/widgets/positions.py``, the positions of the every-choice check) and a choice is
clicked as a learner would: the Python game must play it (``tables.click_every_kind``). Every click is timed from the
click to the redraw of the message line. Then, on the card-game fixture, the kernel is restarted: each table must
say in its message line that it lost its kernel and what to do, its tools must be disabled, and a click must neither
send anything nor raise an error in the browser console ("Cannot send").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import support, tables

pytestmark = pytest.mark.browser

NOTEBOOK = support.rel(Path(__file__).resolve().parent / "fixtures" / "every_kind.ipynb")
CELLS = {"KKTable": (2, "kk"), "ChartresTable": (3, "ch"), "KHTable": (4, "kh")}  # cell index, notebook name
#: Tables clicked kind by kind in their own fixture test (the Catan tables: test_catan_table_fixture.py).
OWN_FIXTURE = {"CatanTable", "CKTable"}


def _fixture_tables(lab_page: Any) -> Iterator[tuple[tables.TableKind, str, Any]]:
    """The fixture notebook opened and run in JupyterLab, then each of its tables once drawn (not those with a fixture
    of their own): (table kind, its name in the notebook, its view)."""
    page = lab_page.page
    support.open_in_app(page, NOTEBOOK)
    support.run_all(page)
    for kind in tables.TABLE_KINDS:
        if kind.cls in OWN_FIXTURE:
            continue
        index, name = CELLS[kind.cls]
        view = support.cell(page, index).locator(kind.root)
        lab_page.wait_for(view, what=f"the {kind.cls} view")
        yield kind, name, view

def test_every_decision_kind_of_every_table_is_clicked_in_jupyterlab(lab_page):
    page = lab_page.page
    log = []
    for kind, name, view in _fixture_tables(lab_page):
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


# Plays the Chartres table `ch` (first legal choice) on to a face-down play under the activation row while a position
# of it holds a card already; prints the prompt.
CHARTRES_TAKEN = """
def _chartres_taken():
    import json
    table = ch
    table.human = None
    table.game = type(table.game)(None, 3, players=3)
    table.human = 0
    for _ in range(300):
        game = table.game
        if game.pending().kind == "commit-act" and any(game.state.act[0]):
            break
        table.act(table.status["legal"][-1]) if table.status["your_turn"] else table.bots_move()
    print(json.dumps({"prompt": table.status["prompt"], "kind": table.status["kind"]}))
_chartres_taken()
del _chartres_taken
"""


def _explained(page, view, kind, target, log, what):
    """Click a board place that sends an action the rules refuse: the message line says why, in words, and the game
    is unchanged."""
    from playwright.sync_api import expect

    support.wait_quiet(view, kind.message)
    action = target.get_attribute("data-action")
    before = tables.probe_tables(page, kind.cls)
    support.click_and_wait(view, target, kind.message, kind.cls, timing=None)
    message = view.locator(kind.message)
    expect(message).to_have_class(tables.ERROR)
    text = message.inner_text()
    assert text.startswith("Not allowed: ") and not support.PYTHONISH.search(text), (what, action, text)
    after = tables.probe_tables(page, kind.cls)
    assert {k: v["history"] for k, v in after.items()} == {k: v["history"] for k, v in before.items()}
    log.append(f"{kind.cls} {what}: '{action}' → {text[:90]!r}")


def _refused(view):
    return view.locator('[data-intent="act"][data-legal="false"]:not([data-list] *):not(.bg-bar *)')


def test_every_refusable_click_says_why_in_jupyterlab(lab_page):
    """For every decision kind of every table: a board place whose action the rules refuse now says why when clicked,
    and so does, once a place that starts a choice of two clicks is picked, a second place the rules refuse there
    (Chartres: a taken position of the activation row with a card picked; Kutná Hora: a mine space or a plot the
    picked tile may not go on)."""
    from playwright.sync_api import expect

    page = lab_page.page
    log: list[str] = []
    for kind, name, view in _fixture_tables(lab_page):
        kinds = json.loads(support.kernel_exec(page, tables.KINDS % kind.game).strip().splitlines()[-1])
        for decision, verbs in kinds.items():
            at = max(range(len(verbs)), key=lambda i: len(verbs[i]))
            out = support.kernel_exec(page, tables.SET_POSITION % (name, kind.game, decision, at))
            state = json.loads(out.strip().splitlines()[-1])
            expect(view.get_by_test_id(f"{kind.prefix}-prompt")).to_have_text(state["prompt"],
                                                                              timeout=support.REPLY_MS)
            if _refused(view).count():
                _explained(page, view, kind, _refused(view).first, log, f"{decision}, first click")
            firsts = view.locator("[data-select]:not(.bg-selected)")
            if firsts.count():
                firsts.first.click()
                if _refused(view).count():
                    _explained(page, view, kind, _refused(view).first, log, f"{decision}, after a first click")
    kind = next(k for k in tables.TABLE_KINDS if k.cls == "ChartresTable")
    view = support.cell(page, CELLS[kind.cls][0]).locator(kind.root)
    state = json.loads(support.kernel_exec(page, CHARTRES_TAKEN).strip().splitlines()[-1])
    assert state["kind"] == "commit-act", state
    expect(view.get_by_test_id("ch-prompt")).to_have_text(state["prompt"], timeout=support.REPLY_MS)
    view.locator('[data-testid="ch-hand"] [data-select]').first.click()
    taken = view.locator('[data-testid^="ch-act-0-"][data-legal="false"]')
    assert taken.count(), "a taken position sends nothing once a card is picked"
    _explained(page, view, kind, taken.first, log, "commit-act, a taken position after a card")
    assert "is taken" in log[-1], log[-1]
    assert sum("after a first click" in line for line in log) >= 2, log
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
    print("\n" + "\n".join(log))
