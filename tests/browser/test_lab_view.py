"""The design lab's fixture notebook (tests/browser/fixtures/lab_demo.ipynb) in JupyterLab.

The notebook builds a lab of Kardinal & König with one variant and runs a tiny experiment, so the results exist.
The test clicks: an edit the variant takes (the diff beside the table shows it, and Python has it: the printing
cell), an edit it refuses (the message line says why, the diff and the variant are unchanged), Run and then Stop
(the progress label counts games, the stop is said, the finished games are kept), and the game picker's "open in
table" (the game's own table appears, its time travel at the round picked). Console errors fail the test (the
page guard). Keep ``CELL_LAB``, ``CELL_PRINT`` and the printed format in step with the fixture notebook.
"""

from __future__ import annotations

import re

import pytest

from . import support
from .test_fixture_notebook import ERROR, run_in_lab

pytestmark = pytest.mark.browser

NOTEBOOK = support.rel(support.LAB_FIXTURE_NOTEBOOK)
CELL_LAB = 1  # cell indexes count markdown cells too
CELL_PRINT = 2


def printed(page):
    return support.cell_output_text(page, CELL_PRINT)


def test_lab_fixture_edit_refuse_run_stop_and_open_a_game_in_jupyterlab(lab_page):
    from playwright.sync_api import expect

    page, editor = run_in_lab(lab_page, NOTEBOOK, CELL_LAB, "lab-ed-root", "the variant editor")
    cell = support.cell(page, CELL_LAB)
    expect(printed(page)).to_have_text("changes=road_minimum=3 games=6 stopped=False running=False kind=info")
    expect(cell.locator(".lab-message")).to_contain_text("Done: 6 games per arm")
    wins = cell.locator(".lab-chart-wins .js-plotly-plot")
    expect(wins).to_be_visible(timeout=support.SLOW_MS)
    # every chart reached the browser with its traces (a figure whose data went missing draws empty axes)
    drawn = "nodes => nodes.map(n => (n.data || []).length)"
    page.wait_for_function(f"() => ({drawn})([...document.querySelectorAll('.lab-chart-wins .js-plotly-plot')])[0] > 0",
                           timeout=support.SLOW_MS)
    assert wins.evaluate_all(drawn) == [4]
    assert cell.locator(".lab-chart-fan.js-plotly-plot, .lab-chart-fan .js-plotly-plot").evaluate_all(drawn) == [10]
    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    cell.locator(".lab-charts").scroll_into_view_if_needed()
    cell.locator(".lab-charts").screenshot(path=str(support.SCREENSHOTS / "lab-fixture-charts.png"))
    message = editor.get_by_test_id("lab-ed-message")
    diff = editor.get_by_test_id("lab-ed-diff")
    expect(diff.locator("li")).to_have_count(1)
    expect(editor.get_by_test_id("lab-ed-diff-road_minimum")).to_contain_text("3")

    # an edit the variant takes: the diff shows it, Python has it
    support.type_and_wait(editor, editor.get_by_test_id("lab-ed-input-crest_limit"), "3")
    expect(message).not_to_have_class(ERROR)
    expect(message).to_have_text(re.compile(r"^crest_limit: 2 → 3 \(printed 2\)\."))
    expect(diff.locator("li")).to_have_count(2)
    expect(editor.get_by_test_id("lab-ed-diff-crest_limit")).to_contain_text("crest_limit")
    expect(editor.get_by_test_id("lab-ed-row-crest_limit")).to_have_attribute("data-changed", "true")
    support.run_cell(page, CELL_PRINT)
    expect(printed(page)).to_have_text(
        "changes=crest_limit=3,road_minimum=3 games=6 stopped=False running=False kind=info")
    digest = editor.get_by_test_id("lab-ed-hash").inner_text()

    # an edit it refuses: the message line says why, nothing else changes
    support.type_and_wait(editor, editor.get_by_test_id("lab-ed-input-road_minimum"), "99")
    expect(message).to_have_class(ERROR)
    expect(message).to_have_text(re.compile(r"^Not allowed: .*road_minimum is at most \d+, not 99"))
    expect(diff.locator("li")).to_have_count(2)
    expect(editor.get_by_test_id("lab-ed-diff-road_minimum")).to_contain_text("3")
    expect(editor.get_by_test_id("lab-ed-input-road_minimum")).to_have_value("3")
    expect(editor.get_by_test_id("lab-ed-hash")).to_have_text(digest)
    support.type_and_wait(editor, editor.get_by_test_id("lab-ed-input-road_minimum"), "three")
    expect(message).to_have_text(re.compile(r"^Not understood: road_minimum is a whole number, not 'three'"))
    support.run_cell(page, CELL_PRINT)
    expect(printed(page)).to_have_text(
        "changes=crest_limit=3,road_minimum=3 games=6 stopped=False running=False kind=error")
    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    editor.screenshot(path=str(support.SCREENSHOTS / "lab-fixture-editor.png"))

    # Run, then Stop: the progress label counts games; the stop is said and the games kept
    games = cell.locator(".lab-games input")
    games.fill("3000")
    games.press("Enter")
    label = cell.locator(".lab-progress-label")
    cell.locator("button.lab-run").click()
    expect(label).to_contain_text(re.compile(r"^Running… [1-9][\d,]* of 6,000 games, [\d.]+ games/s"),
                                  timeout=support.SLOW_MS)
    cell.locator("button.lab-run").click()  # a second run while one plays: refused in words
    expect(cell.locator(".lab-message")).to_contain_text("A run is going on")
    cell.locator("button.lab-stop").click()
    expect(cell.locator(".lab-message")).to_contain_text("Stopped: every finished game is kept in the store",
                                                         timeout=support.SLOW_MS)
    expect(label).to_contain_text("(stopped)")
    support.wait_idle(page)
    support.run_cell(page, CELL_PRINT)
    expect(printed(page)).to_contain_text(re.compile(r"games=\d+ stopped=True running=False"))
    cell.screenshot(path=str(support.SCREENSHOTS / "lab-fixture-after-stop.png"))

    # the game picker: a round of a game opens in its own table, the time travel there
    rounds = cell.locator(".lab-pick-round select")
    expect(rounds.locator("option").nth(3)).to_be_attached(timeout=support.REPLY_MS)
    option = rounds.locator("option").nth(3).get_attribute("value")  # ipywidgets: the label, plain spaces
    step = int(re.search(r"^round 4 \(step (\d+)\)$", option).group(1))
    rounds.select_option(value=option)
    cell.locator("button.lab-open-table").click()
    table = cell.locator(".lab-table-box").get_by_test_id("kk-root")
    lab_page.wait_for(table, what="the opened game's table")
    expect(table.get_by_test_id("kk-step-label")).to_have_text(re.compile(rf"^step {step} of \d+$"))
    expect(table.get_by_test_id("kk-past")).to_be_visible()
    expect(cell.locator(".lab-message")).to_contain_text(f"at step {step} of")
    table.screenshot(path=str(support.SCREENSHOTS / "lab-fixture-opened-table.png"))

    # a click on the fan chart: the game of that arm nearest the point opens in the table, at that round
    cell.locator(".lm-TabBar-tab").filter(has_text="over the game").click()
    point = cell.locator(".lab-chart-fan .scatterlayer .trace").nth(9).locator(".points path").nth(3)
    expect(point).to_be_visible(timeout=support.REPLY_MS)
    box = point.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(cell.locator(".lab-message")).to_contain_text("was the nearest to", timeout=support.REPLY_MS)
    expect(cell.locator(".lab-message")).to_contain_text("of the games of short roads")
    table = cell.locator(".lab-table-box").get_by_test_id("kk-root")
    lab_page.wait_for(table, what="the table of the game nearest the click")
    expect(cell.locator(".lab-table-box")).to_contain_text("the start of round 4")
    cell.locator(".lab-charts").screenshot(path=str(support.SCREENSHOTS / "lab-fixture-fan.png"))

    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()


LONG_VARIANT = "tests/browser/fixtures/lab_long_variant.ipynb"
IN_VIEW = """(node) => { const box = node.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0; }"""


def test_a_long_variant_folds_and_run_stays_in_view(lab_page):
    """Issue 37: a 125-cell variant's diff repeated every rule per cell and pushed Run 39,000 px down."""
    from playwright.sync_api import expect

    page, editor = run_in_lab(lab_page, LONG_VARIANT, 1, "lab-ed-root", "the variant editor")
    cell = support.cell(page, 1)
    fold = editor.get_by_test_id("lab-ed-fold-prices")
    expect(fold).to_contain_text("125 cells changed")
    expect(editor.get_by_test_id("lab-ed-diff").locator("li.lab-ed-change")).to_have_count(1)
    assert fold.evaluate("node => node.open") is False  # folded until asked
    height = editor.evaluate("node => node.getBoundingClientRect().height")
    assert height < 4000, f"the editor is {height:.0f} px tall"
    run = cell.locator("button.lab-run")
    cell.locator(".lab-run-row").evaluate("node => node.scrollIntoView({block: 'start'})")
    assert run.evaluate(IN_VIEW), "Run is not in view at the top of the lab"
    editor.evaluate("node => node.scrollIntoView({block: 'start'})")  # down at the parameter table
    in_view = run.evaluate(IN_VIEW)
    top = run.evaluate("node => node.getBoundingClientRect().top")
    assert in_view, f"Run left the view while the editor is read (its top at {top:.0f} px)"
    covering = run.evaluate("""node => { const b = node.getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return hit === node || node.contains(hit); }""")
    assert covering, "Run is in view but something is drawn over it"
    # an edit far down the table is answered in the lab's message line, which stays in view with Run
    field = editor.get_by_test_id("lab-ed-input-noble_rounds")
    field.fill("99")
    field.press("Enter")
    expect(cell.locator(".lab-run-row .lab-message")).to_contain_text("noble_rounds", timeout=support.REPLY_MS)
    assert cell.locator(".lab-run-row .lab-message").evaluate(IN_VIEW)
    fold.locator("summary").click()
    expect(fold.locator(".lab-ed-changeline")).to_have_count(12)
    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    cell.screenshot(path=str(support.SCREENSHOTS / "lab-long-variant.png"))
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
