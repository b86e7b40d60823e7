"""Helpers for the real-browser tests: the lessons under test, driving a notebook page (open, run, ask its kernel),
its errors, a click that waits for the redraw, and the check of every view a notebook shows. The servers are in
servers.py, the loopback-only page in pages.py, the views' own checks in kutna_hora_views.py, chartres_views.py,
catan.py and tables.py.

Nothing here imports Playwright at module level, so collecting (or deselecting) the browser tests stays cheap.
See docs in ``tests/browser/conftest.py`` and the verified recipe in docs/jupyter.md §5.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # pages.py imports this module
    from .pages import GuardedPage

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
LOGS = ARTIFACTS / "logs"
FIXTURE_NOTEBOOK = Path(__file__).resolve().parent / "fixtures" / "price_stand_demo.ipynb"
KK_FIXTURE_NOTEBOOK = Path(__file__).resolve().parent / "fixtures" / "kk_table_demo.ipynb"

#: First render of a notebook (kernel start, widget JS, plotly) gets generous time (docs/jupyter.md §5.5).
SLOW_MS = 60_000
#: A Python round trip after a click.
REPLY_MS = 20_000

# ---------------------------------------------------------------------------------------------- notebooks
def notebooks_under_test() -> list[Path]:
    """Every lesson notebook in notebooks/ (recursively) plus the permanent fixture notebook."""
    lessons = sorted(p for p in (REPO / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    return [*lessons, FIXTURE_NOTEBOOK]


def rel(path: Path) -> str:
    return path.resolve().relative_to(REPO).as_posix()


def code_sources(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            src = cell.get("source", "")
            out.append("".join(src) if isinstance(src, list) else src)
    return out


def displays_price_stand(path: Path) -> bool:
    """Whether the notebook's source visibly displays a PriceStand (or PriceStandApp), read without running it.

    True when a code cell ends with ``PriceStand(...)``, with a name assigned from one, or with ``display(name)``.
    It cross-checks the kernel's view inventory, so a broken inventory cannot silently skip the view checks.
    """
    return _displays(path, r"PriceStand(?:App)?")


def _displays(path: Path, cls: str) -> bool:
    sources = code_sources(path)
    names = set()
    for src in sources:
        names.update(re.findall(rf"^\s*(\w+)\s*=\s*{cls}\(", src, flags=re.M))
    for src in sources:
        lines = [ln.split("#")[0].strip() for ln in src.splitlines()]
        lines = [ln for ln in lines if ln]
        last = lines[-1] if lines else ""
        if re.match(rf"^{cls}\(", last) or last in names:
            return True
        if any(re.search(rf"\bdisplay\(\s*{re.escape(n)}\b", src) for n in names):
            return True
    return False


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")


# ---------------------------------------------------------------------------------------------- Jupyter pages
# JupyterLab and Notebook 7 both expose the application as window.jupyterapp (expose_app_in_browser=True).
PANEL = "window.jupyterapp.shell.currentWidget"

KERNEL_IDLE = ("() => { const p = window.jupyterapp?.shell?.currentWidget; const s = p && p.sessionContext;"
               " return !!(s && s.session && s.session.kernel && s.kernelDisplayStatus === 'idle'); }")

RUN_ALL = f"""async () => {{
  const panel = {PANEL};
  await panel.context.ready;
  await panel.sessionContext.ready;
  return await window.jupyterapp.commands.execute('notebook:run-all-cells');
}}"""

RUN_CELL = f"""async (i) => {{
  const panel = {PANEL};
  panel.content.activeCellIndex = i;
  return await window.jupyterapp.commands.execute('notebook:run-cell');
}}"""

# Every problem the notebook model holds: error outputs and tracebacks written to stderr, per code cell.
MODEL_ERRORS = f"""() => {{
  const problems = [];
  {PANEL}.content.widgets.forEach((cell, i) => {{
    if (cell.model.type !== 'code') return;
    const outputs = cell.model.outputs;
    for (let j = 0; j < outputs.length; j++) {{
      const o = outputs.get(j).toJSON();
      if (o.output_type === 'error') problems.push(`cell ${{i}}: ${{o.ename}}: ${{o.evalue}}`);
      const text = Array.isArray(o.text) ? o.text.join('') : (o.text || '');
      if (o.output_type === 'stream' && o.name === 'stderr' && /Traceback/.test(text))
        problems.push(`cell ${{i}}: traceback on stderr: ${{text.slice(0, 400)}}`);
    }}
  }});
  return problems;
}}"""

# Runs Python in the notebook's kernel without touching the document; returns what it printed.
KERNEL_EXEC = f"""async (code) => {{
  const kernel = {PANEL}.sessionContext.session.kernel;
  const future = kernel.requestExecute({{code, silent: false, store_history: false, allow_stdin: false}});
  let out = '';
  future.onIOPub = (msg) => {{
    const c = msg.content;
    if (msg.header.msg_type === 'stream') out += c.text;
    if (msg.header.msg_type === 'error') out += `KERNEL-ERROR ${{c.ename}}: ${{c.evalue}}`;
  }};
  await future.done;
  return out;
}}"""

ERROR_TEXT = re.compile(r"Traceback|Error displaying widget|Failed to load model class")


APP_READY = "() => !!(window.jupyterapp && window.jupyterapp.shell && document.querySelector('#jp-main-dock-panel'))"

OPEN_IN_APP = """async (path) => {
  const app = window.jupyterapp;
  await app.restored;
  const panel = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  app.shell.activateById(panel.id);
  await panel.context.ready;
  return panel.id;
}"""

# Close every open notebook without saving (autosave is off; the dirty flag would otherwise ask).
CLOSE_ALL = """() => {
  const app = window.jupyterapp;
  for (const w of Array.from(app.shell.widgets('main'))) {
    if (w.context && w.context.model) w.context.model.dirty = false;
    w.dispose();
  }
}"""


def open_in_app(page: Any, path: str) -> None:
    """Open a notebook in an already loaded JupyterLab page and wait until its kernel is idle."""
    panel_id = page.evaluate(OPEN_IN_APP, path)
    page.wait_for_function(f"id => window.jupyterapp.shell.currentWidget?.id === id && ({KERNEL_IDLE})()",
                           arg=panel_id, timeout=SLOW_MS)


def open_notebook(page: Any, url: str) -> None:
    """Open a notebook page (JupyterLab or Notebook 7) and wait until its kernel is idle."""
    page.goto(url)
    page.wait_for_function(KERNEL_IDLE, timeout=SLOW_MS)


def wait_idle(page: Any) -> None:
    page.wait_for_function(KERNEL_IDLE, timeout=SLOW_MS)


def run_all(page: Any) -> None:
    ok = page.evaluate(RUN_ALL)
    wait_idle(page)
    if ok is False:
        problems = page.evaluate(MODEL_ERRORS)
        raise AssertionError("run all stopped at a failing cell:\n  " + "\n  ".join(problems or ["(no error output)"]))


def run_cell(page: Any, index: int) -> None:
    page.evaluate(RUN_CELL, index)
    wait_idle(page)


def kernel_exec(page: Any, code: str) -> str:
    return page.evaluate(KERNEL_EXEC, code)


def kernel_json(page: Any, code: str) -> Any:
    """What ``code`` run in the notebook's kernel printed last, read as JSON (a kernel error fails the test with
    everything it printed)."""
    out = kernel_exec(page, code)
    assert "KERNEL-ERROR" not in out, out
    return json.loads(out.strip().splitlines()[-1])


def notebook_problems(scope: Any) -> list[str]:
    """Tracebacks or widget-render failures shown in the notebook DOM under ``scope`` (read in one round trip)."""
    texts = scope.locator(".jp-OutputArea-output, .jp-RenderedText").evaluate_all(
        "nodes => nodes.map(n => [n.getAttribute('data-mime-type') || '', n.innerText])")
    problems = []
    for mime, text in texts:
        if mime == "application/vnd.jupyter.stderr" and "Traceback" in text:
            problems.append(f"stderr output: {text[:600]}")
        elif ERROR_TEXT.search(text):
            problems.append(f"output: {text[:600]}")
    return sorted(set(problems))


def assert_no_errors(page: Any, scope: Any, model: bool = True) -> None:
    """No cell raised (notebook model, Lab/Notebook 7 only) and no traceback or widget error shows in ``scope``."""
    problems = (page.evaluate(MODEL_ERRORS) if model else []) + notebook_problems(scope)
    assert not problems, "the notebook shows errors:\n  " + "\n  ".join(problems)


def cell(page: Any, index: int) -> Any:
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell").nth(index)


def cell_output_text(page: Any, index: int) -> Any:
    return cell(page, index).locator(".jp-OutputArea-output")


def lesson_params() -> list[Any]:
    """The notebooks in notebooks/ as pytest params (the fixture notebook has its own tests)."""
    return [pytest.param(p, id=rel(p)) for p in notebooks_under_test() if p != FIXTURE_NOTEBOOK]


# ---------------------------------------------------------------------------------------------- view inventory
# The widget-view outputs the notebook model holds (top-level model ids), for Lab and Notebook 7.
WIDGET_OUTPUT_IDS = f"""() => {{
  const ids = [];
  {PANEL}.content.widgets.forEach((cell) => {{
    if (cell.model.type !== 'code') return;
    const outputs = cell.model.outputs;
    for (let j = 0; j < outputs.length; j++) {{
      const view = outputs.get(j).data['application/vnd.jupyter.widget-view+json'];
      if (view && view.model_id) ids.push(view.model_id);
    }}
  }});
  return ids;
}}"""

# How many PriceStand, KKTable and FigureWidget views the displayed widgets contain (walking container children).
INVENTORY = """
def _kh_browser_inventory(ids):
    import json
    from ipywidgets.widgets.widget import _instances
    from widgets.kutna_hora import BarbaraView, MineBoardView, PlayerBoardView, PriceStand, TownHallView, TownView
    from widgets.shared.table import GameTable
    try:
        from widgets.kardinal_koenig import ChartView as KKChartView
    except ImportError:
        KKChartView = ()
    try:
        from widgets.chartres import CellarView, RowsView
    except ImportError:
        CellarView = RowsView = ()
    try:
        from plotly.basewidget import BaseFigureWidget
    except ImportError:
        BaseFigureWidget = ()
    try:
        from widgets.catan import BoardView as CatanBoardView
    except ImportError:
        CatanBoardView = ()
    counts = {"price_stand": 0, "cellar": 0, "ch_rows": 0, "chart": 0, "kh_mine": 0,
              "kh_town": 0, "kh_board": 0, "kk_chart": 0, "ct_board": 0}
    def walk(w):
        counts["price_stand"] += isinstance(w, PriceStand)
        if isinstance(w, GameTable):
            counts[type(w).__name__] = counts.get(type(w).__name__, 0) + 1
        counts["kk_chart"] += isinstance(w, KKChartView)
        counts["cellar"] += isinstance(w, CellarView)
        counts["ch_rows"] += isinstance(w, RowsView)
        counts["chart"] += isinstance(w, BaseFigureWidget)
        counts["kh_mine"] += isinstance(w, MineBoardView)
        counts["kh_town"] += isinstance(w, TownView)
        counts["kh_board"] += isinstance(w, (TownHallView, BarbaraView, PlayerBoardView))
        counts["ct_board"] += isinstance(w, CatanBoardView)
        for child in getattr(w, "children", ()) or ():
            walk(child)
    for key in ids:
        if key in _instances:
            walk(_instances[key])
    print(json.dumps(counts))
_kh_browser_inventory(%s)
del _kh_browser_inventory
"""


def view_inventory(page: Any) -> dict[str, int]:
    """How many views of each kind the notebook's widget outputs should render, asked of the kernel."""
    ids = page.evaluate(WIDGET_OUTPUT_IDS)
    return kernel_json(page, INVENTORY % json.dumps(ids))


# ---------------------------------------------------------------------------------------------- what views say
READABLE = re.compile(r"^(Not allowed|Not understood): \S")
PYTHONISH = re.compile(r"Traceback|File \"|line \d+, in ")


# ---------------------------------------------------------------------------------------------- every game table
# The game tables' checks live in tables.py (it imports this module; imported here where they are used).
#: Click-to-redraw times (ms) of the clicks timed in this session, by what was clicked (a table's class, a view).
REDRAW_MS: dict[str, list[float]] = {}

# Marks the moment of the click (capture phase, before the view's own handler) and the moment the view's message
# line is drawn again (a node without the stale mark): their difference is the click-to-redraw time.
_TIME_CLICK = """([root, message]) => {
  root.querySelector(message)?.setAttribute('data-stale', '');
  const t = {start: 0, end: 0};
  root.__bgTiming = t;
  root.addEventListener('click', () => { t.start = performance.now(); }, {capture: true, once: true});
  const seen = new MutationObserver(() => {
    if (t.start && root.querySelector(`${message}:not([data-stale])`)) { t.end = performance.now(); seen.disconnect(); }
  });
  seen.observe(root, {childList: true, subtree: true});
}"""


def wait_quiet(view: Any, message: str, ms: int = 250, tries: int = 40) -> None:
    """Wait until the view has stopped redrawing (its ``message`` node, replaced at every redraw, survives ``ms``):
    a click on a place that a late redraw replaces between the press and the release reaches no handler and sends
    nothing, and a redraw after a first click drops the choice it began."""
    for _ in range(tries):
        view.evaluate(f"r => r.querySelector('{message}')?.setAttribute('data-quiet', '')")
        view.page.wait_for_timeout(ms)
        if view.locator(f"{message}[data-quiet]").count() == 1:
            return
    raise AssertionError(f"the view kept redrawing for {tries * ms / 1000:.0f} s")


def click_and_wait(view: Any, target: Any, message: str = '[data-testid="kk-message"]', what: str = "KKTable",
                   timing: str | None = None, timeout_ms: int = REPLY_MS) -> float:
    """Click ``target`` in a view and wait until the view redrew from Python's answer (the ``message`` node is
    replaced on every redraw, so once marked stale, even an identical message proves the answer came back). Returns
    the click-to-redraw time in ms (kept under ``timing`` in :data:`REDRAW_MS`)."""
    from playwright.sync_api import expect

    view.evaluate(f"(root) => ({_TIME_CLICK})([root, {json.dumps(message)}])")
    target.click()
    expect(view.locator(f"{message}:not([data-stale])"),
           f"the {what} view did not redraw within {timeout_ms // 1000} s of a click on {target}").to_have_count(
        1, timeout=timeout_ms)
    ms = view.evaluate("r => r.__bgTiming.end ? r.__bgTiming.end - r.__bgTiming.start : -1")
    if timing and ms >= 0:
        REDRAW_MS.setdefault(timing, []).append(ms)
    return ms


# ---------------------------------------------------------------------------------------------- whole notebook
ACTIVE_PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def check_notebook_views(guard: GuardedPage, notebook: Path, frontend: str = "lab") -> list[str]:
    """After "run all" in JupyterLab or Notebook 7: no errors, every expected view rendered, every PriceStand view
    answers clicks (check_price_stand_view: the full check once per model, a click in every further view of the
    same model), every game table view answers a click (check_table_view). Returns a log of what was checked.

    Which views to expect comes from the kernel (how many PriceStand / KKTable / FigureWidget views the displayed
    widgets contain), cross-checked with the source (a notebook that displays either view must render at least one).
    """
    from playwright.sync_api import expect

    # The views' checks import this module, so they are imported here, where they are used.
    from .chartres_views import check_cellar_view, check_rows_view
    from .kutna_hora_views import (
        KH_BOARD_ROOTS,
        check_kh_board_view,
        check_kh_mine_view,
        check_kh_town_view,
        check_price_stand_view,
    )

    page = guard.page
    panel = page.locator(ACTIVE_PANEL)
    assert_no_errors(page, panel)

    wanted = view_inventory(page)
    if displays_price_stand(notebook):
        assert wanted["price_stand"] >= 1, "the code displays a PriceStand, but no displayed widget contains one"
    views = panel.get_by_test_id("kh-ps-root")
    guard.wait_for(views, wanted["price_stand"], what="the PriceStand views")
    from .tables import TABLE_KINDS, check_table_view

    table_views = {}
    for kind in TABLE_KINDS:
        if _displays(notebook, kind.cls):
            assert wanted.get(kind.cls, 0) >= 1, f"the code displays a {kind.cls}, but no displayed widget has one"
        table_views[kind.cls] = panel.locator(kind.root)
        guard.wait_for(table_views[kind.cls], wanted.get(kind.cls, 0), what=f"the {kind.cls} views")
    guard.wait_for(panel.get_by_test_id("kk-chart-view-root"), wanted["kk_chart"], what="the ChartView views")
    cellar_views = panel.get_by_test_id("cellar-root")
    guard.wait_for(cellar_views, wanted["cellar"], what="the CellarView views")
    rows_views = panel.get_by_test_id("ch-rows-root")
    guard.wait_for(rows_views, wanted["ch_rows"], what="the RowsView views")
    mine_views = panel.get_by_test_id("kh-mine-root")
    guard.wait_for(mine_views, wanted["kh_mine"], what="the MineBoardView views")
    town_views = panel.get_by_test_id("kh-town-root")
    guard.wait_for(town_views, wanted["kh_town"], what="the TownView views")
    board_views = panel.locator(KH_BOARD_ROOTS)
    guard.wait_for(board_views, wanted["kh_board"], what="the Kutná Hora board views")
    from .catan import ROOT as CT_BOARD_ROOT
    from .catan import check_catan_board_view
    ct_boards = panel.locator(CT_BOARD_ROOT)
    guard.wait_for(ct_boards, wanted.get("ct_board", 0), what="the Catan BoardViews")
    if wanted["chart"]:  # FigureWidgets; static plotly figures render as .js-plotly-plot too, hence "at least"
        expect(panel.locator(".js-plotly-plot").nth(wanted["chart"] - 1)).to_be_visible(timeout=SLOW_MS)
    log = [f"views expected by the kernel: {wanted}"]

    checked: set[int] = set()  # views whose model already had the full check
    for i in range(wanted["price_stand"]):
        full = i not in checked
        # Every view of one model shows the same live state, so one screenshot per model says it all.
        shot = SCREENSHOTS / f"{slug(notebook.stem)}-{frontend}-view{i}.png" if full else None
        done, same_model = check_price_stand_view(page, views, i, shot, full=full)
        if full:
            checked |= same_model | {i}
        log.append(f"view {i} ({'full' if full else 'click'}): " + "; ".join(done))
    for kind in TABLE_KINDS:
        for i in range(wanted.get(kind.cls, 0)):
            shot = SCREENSHOTS / f"{slug(notebook.stem)}-{frontend}-{kind.prefix}{i}.png"
            checked = check_table_view(page, table_views[kind.cls].nth(i), kind, shot)
            log.append(f"{kind.cls} {i}: " + "; ".join(checked))
    boards = [  # (what the kernel counted, the views, their check, the screenshot's name, the log's label)
        ("cellar", cellar_views, check_cellar_view, "cellar", "CellarView"),
        ("ch_rows", rows_views, check_rows_view, "rows", "RowsView"),
        ("kh_mine", mine_views, check_kh_mine_view, "mine", "MineBoardView"),
        ("kh_town", town_views, check_kh_town_view, "kh-town", "TownView"),
        ("kh_board", board_views, check_kh_board_view, "kh-board", "board view"),
        ("ct_board", ct_boards, check_catan_board_view, "ct-board", "Catan BoardView"),
    ]
    for key, found, check, name, label in boards:
        for i in range(wanted.get(key, 0)):
            shot = SCREENSHOTS / f"{slug(notebook.stem)}-{frontend}-{name}{i}.png"
            log.append(f"{label} {i}: " + "; ".join(check(page, found.nth(i), shot)))

    assert_no_errors(page, panel)
    return log


# ---------------------------------------------------------------------------------------------- design lab
LAB_FIXTURE_NOTEBOOK = Path(__file__).resolve().parent / "fixtures" / "lab_demo.ipynb"


def type_and_wait(view: Any, field: Any, text: str, message: str = '[data-testid="lab-ed-message"]',
                  what: str = "VariantEditor") -> None:
    """Type ``text`` into a text field of an anywidget view, commit it with Enter (what sends its intent) and wait
    until the view redrew from Python's answer (the marked ``message`` node is replaced on every redraw)."""
    from playwright.sync_api import expect

    view.evaluate(f"(root) => root.querySelector({json.dumps(message)})?.setAttribute('data-stale', '')")
    field.fill(text)
    field.press("Enter")
    expect(view.locator(f"{message}:not([data-stale])"),
           f"the {what} view did not redraw within {REPLY_MS // 1000} s of typing {text!r} into {field}").to_have_count(
        1, timeout=REPLY_MS)
