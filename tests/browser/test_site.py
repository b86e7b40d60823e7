"""The offline classroom site (scripts/build-site) in headless Chromium, served on 127.0.0.1 with every other host
blocked (the ``guarded`` pages abort any request that leaves loopback and fail the test on it, and on any console
error):

- the root lists every play page and every lesson (its student view and its notebook);
- every lesson tagged ``full`` runs, every code cell in order, as its student view in the browser's Python
  (Pyodide) and fails on any cell that raises or any error output. The lessons share one page and one Python
  (a Pyodide start is the expensive part), each in a namespace of its own (``widgets.shared.student_view``);
- a play page, opened at its own address, shows its rules and its table and no code, and answers a click; the
  other games' play pages answer a click in the shared console;
- one table of each game answers a click in the notebook editor (JupyterLab), each fits the notebook's width, and
  the greedy bots' games per second and a hint's time in the browser's Python are printed;
- a student's work saved under an older build is carried into ``earlier work/`` of the new one, once.

The site is built once per set of inputs and reused (its build is cached by a hash of the package, the lessons and
the pins). This is also our run on the browser's Python (3.14 in Pyodide, where CI runs 3.11): the test prints the
versions it met. What differed is in docs/classroom.md.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from widgets.shared.play import PAGES

from . import lite
from .pages import GuardedPage
from .servers import http_get
from .support import PANEL, SCREENSHOTS, click_and_wait, kernel_exec, kernel_json, notebook_problems
from .tables import ERROR, TABLE_KINDS, probe_tables

pytestmark = pytest.mark.browser

PREFIX = {"kutna_hora.game": "kh-tb", "kardinal_koenig.cards": "kk", "chartres.game": "ch", "catan.base": "ct",
          "catan.cities_knights": "ck"}
CODE = re.compile(r"play_page|student_view|\bimport\b|Shift\+Enter")
#: Greedy games per second and a hint's time, in the browser's Python; printed, never asserted (the bots change).
SPEED = """
import time, json
from games import game_class
from games.core.bots import GreedyBot, play_out
from widgets.shared.coach import hints
def _speed(budget=6.0):
    rows = {}
    for game_id, players in [("kutna_hora.economy", 2), ("kardinal_koenig.cards", 3), ("chartres.game", 3),
                             ("kutna_hora.game", 3), ("catan.base", 3), ("catan.cities_knights", 3)]:
        cls, played, started = game_class(game_id), 0, time.perf_counter()
        while played < 1 or time.perf_counter() - started < budget:
            game = cls(None, played, players=players)
            play_out(game, [GreedyBot(seat) for seat in range(players)])
            played += 1
        seconds = time.perf_counter() - started
        game = cls(None, 99, players=players)
        hint_started = time.perf_counter()
        hints(game, game.pending().player)
        rows[game_id] = [played, round(seconds, 1), round(time.perf_counter() - hint_started, 2)]
    print(json.dumps(rows))
_speed()
"""


@pytest.fixture(scope="module")
def site() -> tuple[Path, str]:
    """The site's folder (built once here, or reused) and its URL on 127.0.0.1."""
    folder: Path = lite.build_site()
    with lite.serve(folder) as url:
        yield folder, url


@pytest.fixture(scope="module")
def site_url(site) -> str:
    return site[1]


def _student_page(chromium) -> GuardedPage:
    """A fresh loopback-only page as a student's browser has it (service workers on: JupyterLite's file system uses
    one)."""
    return GuardedPage(chromium.new_context(viewport={"width": 1280, "height": 800}))


@pytest.fixture
def lesson_page(chromium):
    """A page of its own for one test; its Python (a whole Pyodide) goes with it."""
    page = _student_page(chromium)
    yield page
    page.context.close()


@pytest.fixture(scope="module")
def _console_page(chromium, site_url):
    page = _student_page(chromium)
    seconds = lite.open_console(page.page, site_url)
    print(f"site: console app open, kernel idle after {seconds:.0f} s", flush=True)
    yield page
    page.context.close()


@pytest.fixture
def console(_console_page):
    """One page of the site's console app and its Python, shared by the module's lessons and play pages (Pyodide
    starts once); each page shown there runs in a namespace of its own, and each test reads the browser's console
    and requests from its own start."""
    _console_page.reset()
    return _console_page


def test_the_site_names_its_storage_after_its_build(site) -> None:
    """A student who comes back after a new build gets a new browser storage, so the new lessons (a copy kept from
    an older site would otherwise win); the carrying script reads the same name."""
    folder, url = site
    build_id = (folder / "build-id.txt").read_text().strip()
    status, body = http_get(f"{url}/jupyter-lite.json")
    config = json.loads(body)["jupyter-config-data"]
    assert status == 200 and build_id
    assert config["contentsStorageName"] == lite.site_pages_module().STORAGE_PREFIX + build_id, config
    assert build_id in config["workspacesStorageName"], config
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True and "boardgame-notebooks" in kernel["loadPyodideOptions"]["packages"]
    assert kernel["pyodideUrl"].startswith("./"), kernel  # Pyodide from the site itself, not a CDN
    for app in lite.site_pages_module().EDITOR_APPS:
        assert "earlier-work.js" in (folder / app / "index.html").read_text(encoding="utf-8"), app


def test_the_root_lists_every_play_page_and_every_lesson(site_url, lesson_page) -> None:
    page = lesson_page.page
    page.goto(f"{site_url}/")
    for spec in PAGES:
        link = page.get_by_test_id(f"play-{spec.name}")
        assert spec.title in link.inner_text()
        status, body = http_get(f"{site_url}/{link.get_attribute('href')}")
        assert status == 200 and b"repl/index.html" in body and spec.name.encode() in body
    for stem in lite.site_lessons("full"):
        row = page.get_by_test_id(f"lesson-{Path(stem).stem}")
        read, code = row.get_by_role("link", name="read and try"), row.get_by_role("link", name="code")
        assert http_get(f"{site_url}/{read.get_attribute('href')}")[0] == 200
        assert code.get_attribute("href") == f"notebooks/index.html?path={stem}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "site-root.png"), full_page=True)
    lesson_page.check()


@pytest.mark.slow
@pytest.mark.parametrize("name", lite.site_lessons("full"))
def test_a_lesson_runs_every_cell_in_its_student_view(console, name: str) -> None:
    stem = Path(name).stem
    page = console.page
    started = time.perf_counter()
    lite.console_run(page, f'from widgets.shared.student_view import lesson_page\nlesson_page("{stem}")')
    report = lite.page_report(page)
    assert report["notebook"] == stem and not report["failed"], report["failed"]
    assert sorted(map(int, report["seconds"])) == lite.code_cells(stem), "a code cell did not run"
    problems = notebook_problems(page.locator(".jp-CodeConsole"))
    assert not problems, f"{stem} in the site's Python:\n  " + "\n  ".join(problems)
    shown = page.locator(".jp-CodeConsole-content")
    assert shown.locator(".bg-site-page-code").count() == len(report["seconds"])  # each cell's code on demand
    assert not page.locator(".jp-CodeConsole-promptCell").is_visible()  # nothing to type code into
    cells = " ".join(f"{index}:{seconds}s" for index, seconds in report["seconds"].items())
    print(f"site: {stem} student view in {time.perf_counter() - started:.0f} s; cells (index:seconds) {cells}",
          flush=True)
    console.check()


def _click_a_choice(view, prefix: str, what: str) -> str:
    """Click a legal choice of the table ``view`` (a highlighted place after its selection, or the bar's first
    button); the message line answers, not as an error."""
    from playwright.sync_api import expect

    legal = view.locator('[data-intent="act"][data-legal="true"]')
    if not legal.count() and view.locator("[data-select]").count():
        view.locator("[data-select]").first.click()
        legal.first.wait_for(timeout=lite.CELL_MS)
    target = legal.first if legal.count() else view.locator('.bg-bar [data-intent="act"]').first
    action = target.get_attribute("data-action")
    ms = click_and_wait(view, target, f'[data-testid="{prefix}-message"]', what, timing=what)
    expect(view.locator(f'[data-testid="{prefix}-message"]')).not_to_have_class(ERROR)
    return f"'{action}' in {ms:.0f} ms"


def test_a_play_page_opens_at_its_address_with_rules_a_table_and_no_code(site_url, lesson_page) -> None:
    from playwright.sync_api import expect

    page = lesson_page.page
    started = time.perf_counter()
    page.goto(f"{site_url}/play/kutna_hora.html")
    view = page.locator('[data-testid="kh-tb-root"]')
    view.wait_for(timeout=lite.KERNEL_START_MS)
    print(f"site: play page kutna_hora, table shown after {time.perf_counter() - started:.0f} s", flush=True)
    body = page.locator(".jp-CodeConsole-content").inner_text()
    assert "Play Kutná Hora" in body and "How this page works" in body, body[:300]
    assert re.search(r"game \d+: you are Player 1 against 1 bot\.", body), body[:400]
    assert not CODE.search(body), CODE.search(body)
    assert not page.locator(".jp-CodeConsole-promptCell").is_visible()
    assert page.locator(".bg-site-page-code").count() == 0  # a play page has no code to open
    expect(view.get_by_test_id("kh-tb-hint")).to_be_visible()  # the coach is on the page
    home = page.get_by_test_id("bg-site-nav").first.get_by_role("link", name="All lessons and games")
    assert home.get_attribute("href") == f"{site_url}/index.html"
    print(f"site: play page kutna_hora, a click {_click_a_choice(view, 'kh-tb', 'KHTable (site play page)')}")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "site-play-kutna_hora-1280x800.png"))
    lesson_page.check()


@pytest.mark.parametrize("name", [spec.name for spec in PAGES if spec.name != "kutna_hora"])
def test_every_play_page_answers_a_click_in_the_site(console, name: str) -> None:
    page = console.page
    spec = next(p for p in PAGES if p.name == name)
    prefix = PREFIX[spec.game_id]
    lite.console_run(page, f'from widgets.shared.student_view import play_page_in_site\nplay_page_in_site("{name}")')
    view = page.locator(f'[data-testid="{prefix}-root"]').first
    view.wait_for(timeout=lite.CELL_MS)
    body = page.locator(".jp-CodeConsole-content").inner_text()
    assert f"Play {spec.title}" in body and not CODE.search(body), body[:300]
    print(f"site: play page {name}, a click {_click_a_choice(view, prefix, f'{spec.name} (site play page)')}")
    console.check()


def _click_and_check(page, cls: str, prefix: str, cut: list[str]) -> str:
    """Put a table of the game into the notebook, note in ``cut`` where it is wider than the notebook, click its
    first legal choice and check that the kernel's game took exactly that action."""
    index = lite.append_cell(page, lite.GAME_TABLES[cls])
    lite.run_cell(page, index)
    view = lite.cell_locator(page, index).locator(f'[data-testid="{prefix}-root"]')
    view.wait_for(timeout=lite.CELL_MS)
    page.wait_for_timeout(500)  # the board's own layout settles after its first draw
    widths = view.evaluate("""root => {
      const area = root.closest('.jp-OutputArea-output');
      const wide = [root, ...root.querySelectorAll('*')].filter((n) => n.getBoundingClientRect().right
        > area.getBoundingClientRect().right + 0.5 && getComputedStyle(n).position !== 'fixed');
      return {area: area.clientWidth, root: root.scrollWidth, wide: wide.slice(0, 3).map((n) =>
        `${n.tagName}.${n.className.baseVal ?? n.className} ${Math.round(n.getBoundingClientRect().right
        - area.getBoundingClientRect().right)} px`)};
    }""")
    if widths["root"] > widths["area"] or widths["wide"]:
        cut.append(f"{cls} is cut at the right edge: {widths}")
    legal = view.locator('[data-intent="act"][data-legal="true"]')
    if not legal.count() and view.locator("[data-select]").count():
        view.locator("[data-select]").first.click()  # a two-part choice: select first, then the legal target
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
    return f"{cls}: '{action}' in {ms:.0f} ms, {widths['root']} of {widths['area']} px wide"


@pytest.mark.slow
def test_every_game_answers_a_click_in_the_notebook_editor(site_url, lesson_page) -> None:
    page = lesson_page.page
    seconds = lite.open_lesson(page, site_url, "00_start_here.ipynb")
    versions = kernel_exec(page, "import sys, sqlite3; print(sys.version.split()[0], sys.platform, "
                                 "sqlite3.sqlite_version)")
    assert "emscripten" in versions and "KERNEL-ERROR" not in versions, versions
    print(f"site: kernel idle after {seconds:.0f} s; the site's Python: {versions.strip()}", flush=True)
    cut: list[str] = []
    for kind in TABLE_KINDS:
        print(f"site: {_click_and_check(page, kind.cls, kind.prefix, cut)}", flush=True)
    assert not cut, "\n".join(cut)
    for game_id, (played, secs, hint) in kernel_json(page, SPEED).items():
        print(f"site: greedy {game_id}: {played / secs:.2f} games/s ({played} games in {secs} s); "
              f"a hint {hint:.2f} s", flush=True)
    page.evaluate(f"() => {{ {PANEL}.context.model.dirty = false; }}")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "site-tables.png"), full_page=True)
    lesson_page.check()


OLD_STORAGE = """async ([name, path, note]) => {
  const notebook = {nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [
    {cell_type: 'markdown', id: 'a1', metadata: {}, source: note}]};
  const file = {name: path.split('/').pop(), path, type: 'notebook', format: 'json', mimetype: 'application/json',
    content: notebook, created: '2025-03-04T10:00:00Z', last_modified: '2025-03-04T10:30:00Z', writable: true};
  await new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('files');
    request.onsuccess = () => {
      const tx = request.result.transaction('files', 'readwrite');
      tx.objectStore('files').put(file, path);
      tx.oncomplete = () => { request.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
    request.onerror = () => reject(request.error);
  });
}"""

CARRIED = """async (path) => {
  const contents = window.jupyterapp.serviceManager.contents;
  const model = await contents.get(path, {content: true});
  const folder = await contents.get('earlier work', {content: true});
  return {source: model.content.cells[0].source, folders: folder.content.map((item) => item.name)};
}"""


def test_a_rebuild_carries_a_students_earlier_work_into_the_new_site(site_url, lesson_page) -> None:
    """A notebook the student saved under an older build (its browser storage, as JupyterLite writes it) appears in
    the new build's ``earlier work/<date> build <id>/`` once the editor opens, and is copied only once."""
    page = lesson_page.page
    page.goto(f"{site_url}/")
    old_id = "0123456789abcdef"
    name = lite.site_pages_module().STORAGE_PREFIX + old_id
    page.evaluate(OLD_STORAGE, [name, "my/07_kutna_hora_full_game.ipynb", "my own notes on the council"])
    page.goto(f"{site_url}/tree/index.html")
    page.wait_for_function("() => document.body.dataset.earlierWork === '1'", timeout=lite.KERNEL_START_MS)
    carried = f"earlier work/2025-03-04 build {old_id[:8]}/my/07_kutna_hora_full_game.ipynb"
    found = page.evaluate(CARRIED, carried)
    assert found == {"source": "my own notes on the council", "folders": [f"2025-03-04 build {old_id[:8]}"]}, found
    page.reload()
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager", timeout=lite.CELL_MS)
    page.wait_for_timeout(3000)
    assert page.evaluate("() => document.body.dataset.earlierWork") is None  # nothing carried twice
    assert page.evaluate(CARRIED, carried) == found
    lesson_page.check()
