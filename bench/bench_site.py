"""The classroom site's figures: its size, its first load, and a click's round trip in it against the same click in a
local kernel (JupyterLab on this machine).

* size: the folder on disk (what a USB stick holds) and what a first visit downloads (the bytes the page fetched
  until its kernel was idle);
* first load: from opening a lesson's address to its Pyodide kernel idle, in a new browser profile (cold: nothing
  cached) and again in the same profile (warm: the browser's cache, as a student's second visit);
* click round trip: a Kardinal & König table (3 players, seed 7, the learner against two greedy bots) made in both
  kernels; each round clicks the first legal choice in the site, then the same in the local JupyterLab (interleaved,
  so machine load falls on both alike), from the click to the redraw of the table's message line (Python applied the
  action, the bots answered, the view redrew). Medians and the spread are printed side by side.

Figures (2 shared cores, load about 5-7 from other work, Chromium 156, 8 interleaved clicks): site 55.7 MiB on disk
(build with cached tools 29 s), a first visit fetches 60.4 MiB (some files twice); first load cold 47.1 s, warm
62.6 s (the kernel's start is Pyodide compiling and unpacking, not the download, so the cache barely helps); click
round trip median 216 ms in the site (min 123, max 486) against 225 ms in a local kernel (min 147, max 308): 1.0x.

``--sequence``: a student opens lessons 00, 01, 03, 07 and 13 one after another in one browser profile (its
storage kept, as on a school laptop), three ways: JupyterLab (``lab/?path=``, which restores its workspace: every
lesson opened before reopens with a kernel of its own), the site's "code" links (Notebook 7, one lesson a tab) and
its "read and try" links (the student view). For each lesson: the seconds from opening its address to its kernel
idle (for the student view: to the whole lesson shown) and the kernels then running in the tab.

Figures of ``--sequence`` (load average 17-21, the benchmark at normal priority, the other work at nice 10)::

    JupyterLab  : 00 28 s (1 kernel), 01 39 s (2 kernels), 03 53 s (3 kernels), 07 89 s (4 kernels), 13 97 s (5 kernels)
    Notebook 7  : 00 36 s (1 kernel), 01 36 s (1 kernel), 03 36 s (1 kernel), 07 32 s (1 kernel), 13 36 s (1 kernel)
    student view: 00 30 s, 01 84 s, 03 61 s, 07 63 s, 13 71 s (1 kernel each; to the whole lesson run and shown)

Run: ``python bench/bench_site.py [clicks]`` or ``python bench/bench_site.py --sequence`` (builds the site first
when its inputs changed; needs Chromium and the test extra, like the browser tests).
"""

from __future__ import annotations

import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser import lite, servers, support  # noqa: E402 - the repository root must be importable first

TABLE = lite.GAME_TABLES["KKTable"]
STARTER = "00_start_here.ipynb"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def first_load(browser, base: str) -> tuple[float, float, int]:
    """Seconds to an idle kernel, cold then warm (same profile), and the bytes the cold visit fetched."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    fetched = []
    context.on("response", lambda r: fetched.append(r))
    page = context.new_page()
    cold = lite.open_lesson(page, base, STARTER)
    sizes = 0
    for response in fetched:
        try:
            sizes += len(response.body())
        except Exception:  # a redirect or an aborted response has no body
            pass
    page.close()
    page = context.new_page()
    warm = lite.open_lesson(page, base, STARTER)
    context.close()
    return cold, warm, sizes


def table_page(browser, url: str, open_lesson) -> tuple[object, object]:
    """A page with the Kardinal & König table in its notebook, and the table's view."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    open_lesson(page, url)
    index = lite.append_cell(page, TABLE)
    lite.run_cell(page, index)
    view = lite.cell_locator(page, index).locator('[data-testid="kk-root"]')
    view.wait_for(timeout=lite.CELL_MS)
    return page, view


def click_once(view) -> float:
    legal = view.locator('[data-intent="act"][data-legal="true"]')
    target = legal.first if legal.count() else view.get_by_test_id("kk-next")
    return support.click_and_wait(view, target, '[data-testid="kk-message"]', "KKTable")


SEQUENCE = ["00_start_here", "01_kutna_hora_dynamic_prices", "03_chartres_wine_barrels", "07_kutna_hora_full_game",
            "13_design_lab_price_economy"]
#: Kernels running in the tab (JupyterLab and Notebook 7 list them; a console page has one).
KERNELS = "() => [...window.jupyterapp.serviceManager.kernels.running()].length"


def open_in(page, base: str, how: str, stem: str) -> float:
    """Open lesson ``stem`` the way ``how`` says; the seconds to its kernel idle (student view: the lesson shown)."""
    started = time.perf_counter()
    if how == "JupyterLab":
        page.goto(f"{base}/lab/index.html?path={stem}.ipynb")
        page.wait_for_function(lite.KERNEL_IDLE, timeout=lite.KERNEL_START_MS * 2, polling=500)
    elif how == "Notebook 7":
        page.goto(f"{base}/notebooks/index.html?path={stem}.ipynb")
        page.wait_for_function(lite.KERNEL_IDLE, timeout=lite.KERNEL_START_MS, polling=500)
    else:
        page.goto(f"{base}/read/{stem}.html")
        page.wait_for_selector('[data-testid="bg-site-nav"]', timeout=lite.KERNEL_START_MS)
        top = time.perf_counter() - started
        page.wait_for_selector('[data-testid="bg-site-nav"] >> nth=1', timeout=lite.KERNEL_START_MS * 2)
        print(f"  student view {stem[:2]}: the lesson's top shown after {top:.0f} s", flush=True)
    return time.perf_counter() - started


def sequence(browser, base: str) -> None:
    for how in ("JupyterLab", "Notebook 7", "student view"):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        rows = []
        for stem in SEQUENCE:
            seconds = open_in(page, base, how, stem)
            kernels = page.evaluate(KERNELS) if how != "student view" else 1
            rows.append(f"{stem[:2]} {seconds:.0f} s ({kernels} kernel{'s' if kernels > 1 else ''})")
            if how != "student view":  # leave nothing unsaved behind, as a student who closes the tab
                page.evaluate(f"() => {{ const p = {support.PANEL}; if (p?.context) p.context.model.dirty = false; }}")
        print(f"{how:12}: " + ", ".join(rows) + f"   (load average {os.getloadavg()[0]:.1f})", flush=True)
        context.close()


def main(clicks: int = 15) -> None:
    started = time.perf_counter()
    folder = lite.build_site()
    print(f"site: {folder} ({folder_size(folder) / 2**20:.1f} MiB on disk); build or reuse took "
          f"{time.perf_counter() - started:.0f} s")
    exe = os.environ.get("CHROMIUM") or "/usr/lib/chromium/chromium"  # the system browser, as in the tests
    with tempfile.TemporaryDirectory() as tmp, lite.serve(folder) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe)
        cold, warm, fetched = first_load(browser, base)
        print(f"first load (lesson opened to kernel idle): cold {cold:.1f} s, warm {warm:.1f} s; "
              f"a first visit downloads {fetched / 2**20:.1f} MiB")

        tmp_path = Path(tmp)
        servers.write_overrides(tmp_path)
        port, token = servers.free_port(), secrets.token_hex(16)
        server = servers.Server(name="JupyterLab", argv=servers.jupyter_argv("lab", port, token, tmp_path),
                                env=servers.isolated_env(tmp_path), port=port, token=token,
                                ready_path="/api/status", log_path=tmp_path / "lab.log").launch().wait_ready()
        try:
            site_page, site_view = table_page(browser, base, lambda pg, url: lite.open_lesson(pg, url, STARTER))
            local_page, local_view = table_page(
                browser, server.url,
                lambda pg, url: support.open_notebook(pg, f"{url}/lab/tree/notebooks/{STARTER}?token={token}&reset"))
            site_ms, local_ms = [], []
            for _ in range(clicks):  # interleaved: a round is one click in each
                site_ms.append(click_once(site_view))
                local_ms.append(click_once(local_view))
            for name, values in (("site (Pyodide)", site_ms), ("local kernel", local_ms)):
                print(f"click round trip, {name:15}: median {statistics.median(values):6.0f} ms, "
                      f"min {min(values):6.0f}, max {max(values):6.0f} ({len(values)} clicks)")
            print(f"site / local, medians: {statistics.median(site_ms) / statistics.median(local_ms):.1f}x")
            for page in (site_page, local_page):
                page.evaluate(f"() => {{ {support.PANEL}.context.model.dirty = false; }}")
        finally:
            server.stop()
        browser.close()


def main_sequence() -> None:
    folder = lite.build_site()
    exe = os.environ.get("CHROMIUM") or "/usr/lib/chromium/chromium"
    with lite.serve(folder) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe)
        print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
        sequence(browser, base)
        browser.close()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--sequence"]:
        main_sequence()
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
