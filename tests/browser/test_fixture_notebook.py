"""The fixture notebook (tests/browser/fixtures/price_stand_demo.ipynb) as a deterministic target.

JupyterLab: clicks in the PriceStand view change the Python object, read back by re-running the notebook's own
printing cell. Notebook 7 and Voila: the view renders and one click comes back from Python.
Keep ``CELL_STAND``, ``CELL_PRINT`` and the printed format in step with the fixture notebook. ``CELL_PRINT``,
``ERROR``, :func:`printed` and :func:`run_in_lab` serve the KKTable fixture notebook's test too.
"""

from __future__ import annotations

import re

import pytest

from . import kutna_hora_views, support

pytestmark = pytest.mark.browser

NOTEBOOK = support.rel(support.FIXTURE_NOTEBOOK)
CELL_STAND = 1  # cell indexes count markdown cells too
CELL_PRINT = 2
ERROR = re.compile(r"\bbg-message--error\b")


def printed(page):
    return support.cell_output_text(page, CELL_PRINT)


def run_in_lab(lab_page, notebook: str, cell: int, test_id: str, what: str):
    """Open ``notebook`` in the session's JupyterLab page, run all its cells and wait for the view ``test_id`` in
    cell ``cell``; returns the page and the view."""
    page = lab_page.page
    support.open_in_app(page, notebook)
    support.run_all(page)
    view = support.cell(page, cell).get_by_test_id(test_id)
    lab_page.wait_for(view, what=what)
    return page, view


def test_fixture_clicks_change_the_python_objects_in_jupyterlab(lab_page):
    from playwright.sync_api import expect

    page, view = run_in_lab(lab_page, NOTEBOOK, CELL_STAND, "kh-ps-root", "the PriceStand view")
    expect(printed(page)).to_have_text("ore=0 population=2 permits_notch=2 step=2 kind=info")
    expect(view.get_by_test_id("kh-ps-position-ore")).to_have_text("0")
    expect(view.get_by_test_id("kh-ps-nodemand-permits")).to_be_visible()  # set up by the cell: permits under ✗

    # legal: advance the ore deck by one card
    kutna_hora_views.click_and_wait_for_redraw(view, view.get_by_test_id("kh-ps-deck-ore"))
    expect(view.get_by_test_id("kh-ps-position-ore")).to_have_text("1")
    expect(view.get_by_test_id("kh-ps-message")).not_to_have_class(ERROR)
    support.run_cell(page, CELL_PRINT)
    expect(printed(page)).to_have_text("ore=1 population=2 permits_notch=2 step=3 kind=info")

    # refused: build permits while its price shows a red ✗
    kutna_hora_views.click_and_wait_for_redraw(view, view.get_by_test_id("kh-ps-good-permits"))
    message = view.get_by_test_id("kh-ps-message")
    expect(message).to_have_class(ERROR)
    expect(message).to_have_text(re.compile(r"^Not allowed: .*permits.*no demand", re.S))
    support.run_cell(page, CELL_PRINT)
    expect(printed(page)).to_have_text("ore=1 population=2 permits_notch=2 step=3 kind=error")

    # a legal build moves its slider one notch right, and the view's price is the game's price
    kutna_hora_views.click_and_wait_for_redraw(view, view.get_by_test_id("kh-ps-good-beer"))
    expect(view.get_by_test_id("kh-ps-cell-beer-1")).to_have_class(re.compile(r"\bkh-ps-cell--now\b"))
    support.run_cell(page, CELL_PRINT)
    expect(printed(page)).to_have_text("ore=1 population=3 permits_notch=2 step=4 kind=info")
    state = next(s for s in kutna_hora_views.probe_stands(page).values() if s["sliders"]["permits"] == 2)  # `stand`
    assert state["sliders"]["beer"] == 1
    expect(view.get_by_test_id("kh-ps-price-beer")).to_have_text(str(state["prices"]["beer"]))

    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    view.screenshot(path=str(support.SCREENSHOTS / "fixture-lab-after-clicks.png"))

    # the generic checks every lesson notebook gets, on a notebook where each path is known to be taken
    log = support.check_notebook_views(lab_page, support.FIXTURE_NOTEBOOK, "lab")
    assert any("under ✗ refused" in line for line in log), log
    assert any("chart redrew" in line for line in log), log
    lab_page.check()
    print("\n" + "\n".join(log))


def test_fixture_renders_and_answers_a_click_in_notebook7(notebook7, notebook7_page):
    from playwright.sync_api import expect

    page = notebook7_page.page
    support.open_notebook(page, f"{notebook7.url}/notebooks/{NOTEBOOK}?token={notebook7.token}")
    support.run_all(page)
    view = page.get_by_test_id("kh-ps-root").first
    notebook7_page.wait_for(view, what="the PriceStand view")
    position = view.get_by_test_id("kh-ps-position-ore")
    expect(position).to_have_text("0")
    kutna_hora_views.click_and_wait_for_redraw(view, view.get_by_test_id("kh-ps-deck-ore"))
    expect(position).to_have_text("1")
    support.run_cell(page, CELL_PRINT)
    expect(printed(page)).to_have_text("ore=1 population=2 permits_notch=2 step=3 kind=info")
    support.assert_no_errors(page, page.locator("body"))
    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    view.screenshot(path=str(support.SCREENSHOTS / "fixture-notebook7-view0.png"))
    notebook7_page.check()


def test_fixture_renders_and_answers_a_click_in_voila(voila_fixture, guarded):
    from playwright.sync_api import expect

    page = guarded.page
    page.goto(voila_fixture.url + "/")
    view = page.get_by_test_id("kh-ps-root").first
    guarded.wait_for(view, what="the PriceStand view")
    expect(page.get_by_text("ore=0 population=2 permits_notch=2 step=2 kind=info")).to_be_visible()
    position = view.get_by_test_id("kh-ps-position-ore")
    expect(position).to_have_text("0")
    kutna_hora_views.click_and_wait_for_redraw(view, view.get_by_test_id("kh-ps-deck-ore"))
    expect(position).to_have_text("1")
    kutna_hora_views.click_and_wait_for_redraw(view, view.get_by_test_id("kh-ps-good-permits"))
    expect(view.get_by_test_id("kh-ps-message")).to_have_class(ERROR)
    expect(page.locator(".js-plotly-plot")).to_have_count(1, timeout=support.SLOW_MS)
    support.assert_no_errors(page, page.locator("body"), model=False)
    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    view.screenshot(path=str(support.SCREENSHOTS / "fixture-voila-view0.png"))
    guarded.check()
