"""The classroom site (scripts/build_site.py) in a real browser: build it (or reuse the build its inputs hash to),
serve the folder on 127.0.0.1 as a school server would, open a lesson and wait for the Pyodide kernel, put a game's
table into the open notebook, show pages in the site's console app (a play page, a lesson's student view). Used by
tests/browser/test_site.py and bench/bench_site.py.

Safe beside other test processes: the server takes a free port, the build is serialised by a lock and moved into
place whole (scripts/build_site.py), and nothing here writes outside the build folder and the test's own pages."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .support import KERNEL_IDLE, PANEL, REPO

#: Pyodide starts in the page (WebAssembly compile, 30-odd wheels unpacked): minutes on a loaded 2-core machine.
KERNEL_START_MS = 400_000
#: One lesson cell in the browser's Python (a bot game is a few seconds; on a loaded machine, several times that).
CELL_MS = 240_000

#: A table of each game as a learner makes it (the constructors the lessons use), by the table's class.
GAME_TABLES = {
    "KKTable": "from widgets.kardinal_koenig import KKTable\nKKTable(players=3, seed=7, human=0)",
    "ChartresTable": "from widgets.chartres import ChartresTable\nChartresTable(players=3, seed=3)",
    "KHTable": "from widgets.kutna_hora import KHTable\nKHTable(players=2, seed=1)",
    "CatanTable": "from widgets.catan import CatanTable\nCatanTable(players=3, seed=1)",
    "CKTable": "from widgets.catan import CKTable\nCKTable(players=3, seed=1)",
}


def build_site_module() -> Any:
    spec = importlib.util.spec_from_file_location("build_site", REPO / "scripts" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_site() -> Path:
    """The site folder, built now or reused: the build returns at once when its inputs hash as the last build's."""
    module = build_site_module()
    return module.build(module.DEFAULT_OUT)


def site_pages_module() -> Any:
    return build_site_module().site_pages_module()


def site_lessons(tag: str) -> list[str]:
    """The lessons with ``metadata.site.tag == tag``, by file name."""
    return [p.name for p in sorted((REPO / "notebooks").glob("*.ipynb"))
            if json.loads(p.read_text(encoding="utf-8"))["metadata"].get("site", {}).get("tag") == tag]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the standard library's signature
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``python -m http.server`` on ``folder``, in this process, on a free 127.0.0.1 port; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def open_lesson(page: Any, base: str, name: str) -> float:
    """Open lesson ``name`` in the site's JupyterLab and wait until its kernel is idle; returns the seconds taken."""
    started = time.perf_counter()
    page.goto(f"{base}/lab/index.html?path={name}")
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_START_MS, polling=500)
    return time.perf_counter() - started


def wait_idle(page: Any, timeout_ms: int = CELL_MS) -> None:
    page.wait_for_function(KERNEL_IDLE, timeout=timeout_ms, polling=200)


def cell_count(page: Any) -> int:
    return page.evaluate(f"() => {PANEL}.content.widgets.length")


def cell_type(page: Any, index: int) -> str:
    return page.evaluate(f"i => {PANEL}.content.widgets[i].model.type", index)


def run_cell(page: Any, index: int, timeout_ms: int = CELL_MS) -> None:
    page.evaluate(f"""async (i) => {{
      const panel = {PANEL};
      panel.content.activeCellIndex = i;
      await window.jupyterapp.commands.execute('notebook:run-cell');
    }}""", index)
    wait_idle(page, timeout_ms)


def append_cell(page: Any, source: str) -> int:
    """Add a code cell with ``source`` at the end of the open notebook; returns its index."""
    return page.evaluate(f"""(source) => {{
      const model = {PANEL}.content.model;
      const n = model.sharedModel.cells.length;
      model.sharedModel.insertCell(n, {{cell_type: 'code', source}});
      return n;
    }}""", source)


def cell_locator(page: Any, index: int) -> Any:
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").nth(index)


# ---------------------------------------------------------------------------------------------- the console app
#: The console app's state: its kernel is idle (the page's code has run).
CONSOLE_IDLE = ("() => { const p = window.jupyterapp?.shell?.currentWidget; const s = p && p.sessionContext;"
                " return !!(s && s.session && s.session.kernel && s.kernelDisplayStatus === 'idle'"
                " && !p.console.promptCell?.model.sharedModel.getSource()); }")


def open_console(page: Any, base: str, code: str | None = None) -> float:
    """Open the site's console app with the pages' options (and ``code`` to run, as a page's address does); wait
    until its kernel is idle. Returns the seconds taken."""
    module = site_pages_module()
    started = time.perf_counter()
    page.goto(f"{base}/{module.console_url(code)}")
    page.wait_for_function(CONSOLE_IDLE, timeout=KERNEL_START_MS, polling=500)
    return time.perf_counter() - started


def console_run(page: Any, code: str, timeout_ms: int = CELL_MS * 4, clear: bool = True) -> None:
    """Run ``code`` in the open console as a new cell (outputs shown, input hidden), after clearing the console's
    earlier cells when ``clear``; wait until the kernel is idle again."""
    page.evaluate("""([code, clear]) => {
      const console = window.jupyterapp.shell.currentWidget.console;
      if (clear) console.clear();
      console.inject(code);
    }""", [code, clear])
    page.wait_for_timeout(300)
    page.wait_for_function(CONSOLE_IDLE, timeout=timeout_ms, polling=300)


def page_report(page: Any) -> dict[str, Any]:
    """The last page's report in the console's Python (``widgets.shared.student_view.last_report``)."""
    out = page.evaluate(CONSOLE_EXEC, "from widgets.shared.student_view import last_report\n"
                                      "print(last_report().as_json())")
    assert "KERNEL-ERROR" not in out, out
    return json.loads(out.strip().splitlines()[-1])


#: Runs Python in the console's kernel without adding a cell; returns what it printed.
CONSOLE_EXEC = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false, allow_stdin: false});
  let out = '';
  future.onIOPub = (msg) => {
    const c = msg.content;
    if (msg.header.msg_type === 'stream') out += c.text;
    if (msg.header.msg_type === 'error') out += `KERNEL-ERROR ${c.ename}: ${c.evalue}`;
  };
  await future.done;
  return out;
}"""


def code_cells(stem: str) -> list[int]:
    """The indices of a notebook's non-empty code cells (what a page runs)."""
    cells = json.loads((REPO / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    return [i for i, cell in enumerate(cells)
            if cell["cell_type"] == "code" and "".join(cell["source"]).strip()]
