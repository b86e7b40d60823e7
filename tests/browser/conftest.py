"""Real-browser tests: the notebooks and widgets in JupyterLab, Notebook 7 and Voila, driven by headless Chromium.

Recipe: docs/jupyter.md §5. Playwright drives the **system** Chromium (``apt-get install -y chromium``; never
``playwright install``). Every test here carries the ``browser`` marker and is skipped, with the reason, when
Playwright or Chromium is missing. Set ``BROWSER_TESTS_REQUIRED=1`` (``scripts/browser-tests`` does) to make a
missing browser an error instead of a skip. ``CHROMIUM=/path/to/chromium`` picks another browser binary.

Fixtures:

- ``lab`` / ``notebook7`` / ``voila_fixture`` / ``voila_lessons`` (Voila on ``notebooks/``): one server each per
  test session, all launched side by side as soon as the first browser test starts (only those some selected test
  needs; a worker of the parallel run starts each when a test first asks for it, and names its log
  ``<server>-<worker>.log``), each on a free 127.0.0.1 port. The Jupyter
  servers run on the repo with a token, autosave off, news/update checks off, windowing off, checkpoints and
  settings/workspace/runtime/config/IPython dirs in a temp dir; Voila serves the fixture notebook at ``/``. Logs go
  to ``test-artifacts/logs/``; their tail is attached to every failing test that used the server. At the end the
  session fails if a server saved a file.
- ``guarded``: a fresh browser context and page that only reaches 127.0.0.1 (``data:`` and ``blob:`` pass; blob is
  how anywidget loads its ES module) and records console errors; ``guarded.check()`` fails on either (see the
  documented allow-lists in pages.py). A failing test leaves a full-page screenshot
  ``test-artifacts/screenshots/FAILED-<test>.png`` and a "browser console" report section.
- ``lab_page``: the same guard on one JupyterLab page shared by the session (the app boots once); each test opens
  its notebook in it, and afterwards the notebook is closed unsaved and its kernel shut down.
- ``notebook7_page``: ``guarded`` for Notebook 7, with its kernels shut down afterwards.
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import shutil
import sys
from pathlib import Path

import pytest

from . import pages, servers, support

# The fixture notebooks are driven through the browser; keep nbval (`--nbval` in addopts) from collecting them too.
collect_ignore_glob = ["fixtures/*"]

# The marker `browser` is registered in pyproject.toml with the suite's other marks (tests/README.md).


def find_chromium() -> tuple[str | None, str]:
    """The Chromium binary to launch, or None and the reason there is none."""
    chosen = os.environ.get("CHROMIUM")
    if chosen:
        return (chosen, "") if os.path.exists(chosen) else (None, f"CHROMIUM={chosen} does not exist")
    for candidate in ("/usr/lib/chromium/chromium", shutil.which("chromium")):
        if candidate and os.path.exists(candidate):
            return candidate, ""
    return None, "no system Chromium found (apt-get install -y chromium, or set CHROMIUM=/path/to/chromium)"


def missing_browser() -> str | None:
    try:
        found = importlib.util.find_spec("playwright.sync_api") is not None
    except (ImportError, ValueError):  # a missing parent package, or a module blocked in sys.modules
        found = False
    if not found:
        return "playwright is not installed (pip install playwright==1.65.2; no `playwright install` needed)"
    exe, why = find_chromium()
    return None if exe else why


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    browser_items = [item for item in items if item.get_closest_marker("browser")]
    if not browser_items:
        return
    reason = missing_browser()
    if reason is None:
        return
    if os.environ.get("BROWSER_TESTS_REQUIRED") == "1":
        raise pytest.UsageError(f"BROWSER_TESTS_REQUIRED=1 but the browser tests cannot run: {reason}")
    skip = pytest.mark.skip(reason=f"browser test skipped: {reason}")
    for item in browser_items:
        item.add_marker(skip)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    setattr(item, f"_browser_rep_{report.when}", report)
    if report.failed and item.get_closest_marker("browser"):
        funcargs = getattr(item, "funcargs", {})
        for name in ("lab", "notebook7", "voila_fixture", "voila_lessons"):
            server = funcargs.get(name)
            if isinstance(server, servers.Server):
                report.sections.append((f"{server.name} log", server.log_tail()))
        for name in ("lab_page", "notebook7_page", "guarded"):
            page = funcargs.get(name)
            if isinstance(page, pages.GuardedPage) and (page.console_errors or page.outside or page.ignored):
                report.sections.append(("browser console", page.summary()))
                break
    return report


REDRAW_TITLE = "click to redraw (message line), per table"


def _worker() -> str:
    """The pytest-xdist worker running this process (``gw0``...), or ``""`` without workers."""
    return os.environ.get("PYTEST_XDIST_WORKER", "")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In a worker of the parallel run, the click-to-redraw medians go back to the controller, which prints them
    (the root conftest.py prints every worker's report sections); the numbers go to test-artifacts/redraw-ms*.json."""
    from .tables import redraw_report

    lines = redraw_report()
    if not lines:
        return
    support.ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = f"redraw-ms-{_worker()}.json" if _worker() else "redraw-ms.json"
    (support.ARTIFACTS / name).write_text(json.dumps(support.REDRAW_MS, indent=1), encoding="utf-8")
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["report_sections"] = json.dumps([[f"{REDRAW_TITLE} ({_worker()})", lines]])


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """The click-to-redraw medians per table (from the click to the redraw of the message line), in a run without
    workers (with workers the controller prints what each sent back)."""
    from .tables import redraw_report

    lines = redraw_report()
    if not lines or _worker():
        return
    terminalreporter.section(REDRAW_TITLE)
    for line in lines:
        terminalreporter.write_line(line)


# ---------------------------------------------------------------------------------------------- browser
@pytest.fixture(scope="session")
def chromium():
    exe, why = find_chromium()
    if exe is None:
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=["--no-proxy-server"])
        yield browser
        browser.close()


def _new_page(chromium) -> pages.GuardedPage:
    # A normal laptop screen: the screenshots show what a learner sees at 1280 × 800.
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    page = pages.GuardedPage(context)
    page.page.set_default_timeout(support.SLOW_MS)
    return page


def _after_test(page: pages.GuardedPage, request: pytest.FixtureRequest) -> None:
    """Failure screenshot; and a passing test that forgot ``check()`` still gets the loopback/console verdict."""
    call = getattr(request.node, "_browser_rep_call", None)
    if call is not None and call.failed:
        support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        try:
            page.page.screenshot(path=str(support.SCREENSHOTS / f"FAILED-{support.slug(request.node.name)}.png"),
                                 full_page=True)
        except Exception as err:  # the page may be gone; the failure itself matters more
            print(f"no failure screenshot: {err}")
    if call is not None and call.passed and not page.checked:
        page.check()


@pytest.fixture
def guarded(chromium, request):
    """A fresh loopback-only page (own browser context) for one test."""
    page = _new_page(chromium)
    yield page
    try:
        _after_test(page, request)
    finally:
        page.context.close()


# ---------------------------------------------------------------------------------------------- servers
def _log_name(name: str) -> str:
    """A server's log file: one per worker of the parallel run (``lab-gw1.log``), so two never write one file."""
    return f"{Path(name).stem}-{_worker()}{Path(name).suffix}" if _worker() else name


def _jupyter_server(app: str, name: str, tmp_path_factory) -> servers.Server:
    tmp = tmp_path_factory.mktemp(app)
    servers.write_overrides(tmp)
    port = servers.free_port()
    token = secrets.token_hex(16)
    return servers.Server(name=name, argv=servers.jupyter_argv(app, port, token, tmp),
                          env=servers.isolated_env(tmp), port=port, token=token, ready_path="/api/status",
                          log_path=support.LOGS / _log_name(f"{app}.log"))


def _voila_server(tmp_path_factory, name: str, target: str, log: str) -> servers.Server:
    """Voila on ``target``: a notebook (served at ``/``) or a folder (``/voila/render/<notebook>.ipynb``, a
    classroom "play" page)."""
    tmp = tmp_path_factory.mktemp("voila")
    port = servers.free_port()
    argv = [sys.executable, "-m", "voila", target, "--no-browser",
            "--Voila.ip=127.0.0.1", f"--Voila.port={port}", "--Voila.port_retries=0",
            "--VoilaConfiguration.show_tracebacks=True"]
    return servers.Server(name=name, argv=argv, env=servers.isolated_env(tmp), port=port,
                          ready_path="/voila/static/voila.js", log_path=support.LOGS / _log_name(log))


SERVER_FIXTURES = {
    "lab": lambda f: _jupyter_server("lab", "JupyterLab", f),
    "notebook7": lambda f: _jupyter_server("notebook", "Notebook 7", f),
    "voila_fixture": lambda f: _voila_server(f, "Voila", support.rel(support.FIXTURE_NOTEBOOK), "voila.log"),
    "voila_lessons": lambda f: _voila_server(f, "Voila (lessons)", "notebooks", "voila-lessons.log"),
}


@pytest.fixture(scope="session")
def _server_pool(request, tmp_path_factory):
    """Launch, side by side, every server some selected test needs; each fixture then waits for its own."""
    needed: set[str] = set()
    # A worker of the parallel run collects every test but runs only its groups' (conftest.py): its servers start
    # when a test first asks for one. The controller empties test-artifacts/screenshots at the start (conftest.py).
    for item in () if _worker() else request.session.items:
        if not item.get_closest_marker("skip"):
            needed.update(getattr(item, "fixturenames", ()))
    pool = {name: make(tmp_path_factory).launch() for name, make in SERVER_FIXTURES.items() if name in needed}
    yield pool
    for server in pool.values():
        server.stop()
    saved = [line for server in pool.values() if server.token for line in server.saved_files()]
    assert not saved, "a Jupyter server wrote into the repo during the browser tests:\n" + "\n".join(saved)


def _from_pool(pool: dict[str, servers.Server], name: str, tmp_path_factory) -> servers.Server:
    if name not in pool:  # requested dynamically: launch now
        pool[name] = SERVER_FIXTURES[name](tmp_path_factory).launch()
    return pool[name].wait_ready()


def _server_fixture(name: str, doc: str):
    """The session fixture ``name``: its server of ``SERVER_FIXTURES``, launched by the pool (or now), once ready."""
    def server(_server_pool, tmp_path_factory):
        return _from_pool(_server_pool, name, tmp_path_factory)

    server.__doc__ = doc
    return pytest.fixture(scope="session", name=name)(server)


lab = _server_fixture("lab", "JupyterLab on the repo (one per session).")
notebook7 = _server_fixture("notebook7", "Notebook 7 on the repo (one per session).")
voila_fixture = _server_fixture("voila_fixture", "Voila serving the fixture notebook at ``/``.")
voila_lessons = _server_fixture("voila_lessons", "Voila serving the lessons folder.")


# ---------------------------------------------------------------------------------------------- Jupyter pages
@pytest.fixture(scope="session")
def _lab_app(_server_pool, chromium, lab):
    """One loaded JupyterLab page for the session: tests open their notebooks in it (saves the app's boot)."""
    page = _new_page(chromium)
    page.page.goto(f"{lab.url}/lab?token={lab.token}&reset")
    page.page.wait_for_function(support.APP_READY, timeout=support.SLOW_MS)
    yield page
    page.context.close()


@pytest.fixture
def lab_page(lab, _lab_app, request):
    """The shared JupyterLab page, with this test's console/loopback record. Afterwards every notebook is closed
    unsaved and every kernel shut down, so the next test starts fresh."""
    lab.wait_for_cleanups()
    _lab_app.reset()
    yield _lab_app
    try:
        _after_test(_lab_app, request)
    finally:
        _lab_app.page.evaluate(support.CLOSE_ALL)
        lab.shutdown_sessions()


@pytest.fixture
def notebook7_page(notebook7, guarded):
    notebook7.wait_for_cleanups()
    yield guarded
    notebook7.shutdown_sessions()
