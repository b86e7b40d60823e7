"""The offline classroom site (scripts/build-site) in headless Chromium, served on 127.0.0.1 with every other host
blocked (the ``guarded`` page aborts any request that leaves loopback and fails the test on it, and on any console
error): each lesson tagged ``full`` runs cell by cell in the browser's Python (Pyodide) and fails on any error
output, and one table of each game answers a click in that kernel. The site is built once per set of inputs and
reused (its build is cached by a hash of the package, the lessons and the pins).

This is also our run on the browser's Python (3.14 in Pyodide, where CI runs 3.11): the test prints the versions it
met. What differed is in docs/classroom.md.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from . import lite
from .support import MODEL_ERRORS, PANEL, SCREENSHOTS, click_and_wait, http_get, kernel_exec, notebook_problems
from .tables import TABLE_KINDS, probe_tables

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site() -> tuple[Path, str]:
    """The site's folder (built once here, or reused) and its URL on 127.0.0.1."""
    folder: Path = lite.build_site()
    with lite.serve(folder) as url:
        yield folder, url


@pytest.fixture(scope="module")
def site_url(site) -> str:
    return site[1]


def _run_cell_by_cell(page, name: str) -> list[str]:
    """Run every code cell of the open lesson in order; stop at the first one with an error output."""
    ran = []
    for index in range(lite.cell_count(page)):
        if lite.cell_type(page, index) != "code":
            continue
        started = time.perf_counter()
        lite.run_cell(page, index)
        problems = page.evaluate(MODEL_ERRORS) + notebook_problems(lite.cell_locator(page, index))
        assert not problems, f"{name}, cell {index}, in the site's Python:\n  " + "\n  ".join(problems)
        ran.append(f"{index}:{time.perf_counter() - started:.1f}s")
    print(f"site: {name} cells (index:seconds) " + " ".join(ran), flush=True)
    return ran


def _click_a_choice(page, cls: str, prefix: str) -> str:
    """Put a table of the game into the notebook, click its first legal choice and check that the kernel's game
    took exactly that action."""
    index = lite.append_cell(page, lite.GAME_TABLES[cls])
    lite.run_cell(page, index)
    view = lite.cell_locator(page, index).locator(f'[data-testid="{prefix}-root"]')
    view.wait_for(timeout=lite.CELL_MS)
    legal = view.locator('[data-intent="act"][data-legal="true"]')
    selections = view.locator("[data-select]")
    if not legal.count() and selections.count():
        selections.first.click()  # a two-part choice: select first (in the browser only), then the legal target
        legal.first.wait_for(timeout=lite.CELL_MS)
    target = legal.first if legal.count() else view.locator('.bg-bar [data-intent="act"]').first
    action = target.get_attribute("data-action")
    before = probe_tables(page, cls)
    ms = click_and_wait(view, target, f'[data-testid="{prefix}-message"]', cls)
    after = probe_tables(page, cls)
    grown = [k for k in after if k in before and len(after[k]["history"]) > len(before[k]["history"])]
    assert len(grown) == 1, f"{cls}: the click moved no game in the kernel: {before} -> {after}"
    was, now = before[grown[0]]["history"], after[grown[0]]["history"]
    assert now[:len(was)] == was, "the click rewrote earlier history"
    if action is not None:  # the learner's action first; the bots may have answered after it
        assert now[len(was)] == action, (now, action)
    assert after[grown[0]]["kind"] == "info", after[grown[0]]["message"]
    return f"{cls}: '{action}' in {ms:.0f} ms"


def test_the_site_names_its_storage_after_its_build(site) -> None:
    """A student who comes back after a new build gets a new browser storage, so the new lessons (a copy kept from
    an older site would otherwise win)."""
    folder, url = site
    build_id = (folder / "build-id.txt").read_text().strip()
    status, body = http_get(f"{url}/jupyter-lite.json")
    config = json.loads(body)["jupyter-config-data"]
    assert status == 200 and build_id
    assert build_id in config["contentsStorageName"] and build_id in config["workspacesStorageName"], config
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True and "boardgame-notebooks" in kernel["loadPyodideOptions"]["packages"]
    assert kernel["pyodideUrl"].startswith("./"), kernel  # Pyodide from the site itself, not a CDN


@pytest.fixture
def lesson_page(chromium):
    """A fresh loopback-only page as a student's browser has it (service workers on: JupyterLite's file system uses
    one); each lesson is a page load of its own, so its kernel (a whole Pyodide) goes with the page."""
    from .support import GuardedPage

    page = GuardedPage(chromium.new_context(viewport={"width": 1280, "height": 800}))
    yield page
    page.context.close()


@pytest.mark.parametrize("name", lite.site_lessons("full"))
def test_full_lesson_runs_cell_by_cell_in_the_site(site_url, lesson_page, name: str) -> None:
    page = lesson_page.page
    seconds = lite.open_lesson(page, site_url, name)
    print(f"site: {name} open, kernel idle after {seconds:.0f} s", flush=True)
    _run_cell_by_cell(page, name)
    page.evaluate(f"() => {{ {PANEL}.context.model.dirty = false; }}")  # nothing of the test is kept
    lesson_page.check()


def test_every_game_answers_a_click_in_the_site(site_url, lesson_page) -> None:
    page = lesson_page.page
    seconds = lite.open_lesson(page, site_url, "00_start_here.ipynb")
    versions = kernel_exec(page, "import sys, sqlite3; print(sys.version.split()[0], sys.platform, "
                                 "sqlite3.sqlite_version)")
    assert "emscripten" in versions and "KERNEL-ERROR" not in versions, versions
    print(f"site: kernel idle after {seconds:.0f} s; the site's Python: {versions.strip()}", flush=True)
    for kind in TABLE_KINDS:
        print(f"site: {_click_a_choice(page, kind.cls, kind.prefix)}", flush=True)
    page.evaluate(f"() => {{ {PANEL}.context.model.dirty = false; }}")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "site-tables.png"), full_page=True)
    lesson_page.check()
