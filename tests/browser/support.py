"""Helpers for the real-browser tests: Jupyter servers, loopback-only pages and notebook/view checks.

Nothing here imports Playwright at module level, so collecting (or deselecting) the browser tests stays cheap.
See docs in ``tests/browser/conftest.py`` and the verified recipe in docs/jupyter.md §5.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

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

#: Console errors and uncaught page errors known to be harmless. Each entry: (regex, why it is benign). The regex
#: is searched in "<message>\n<location or stack>". Keep this list short, scoped (match the bundle that raises) and
#: explained; anything not matched here fails the test.
CONSOLE_ALLOW_LIST: list[tuple[str, str]] = [
    (r"Could not restore the debugger state: Canceled future for debug_request[\s\S]*/static/lab/jlab_core\.",
     "JupyterLab 4.6's debugger extension asks the kernel for its debug state when a session starts; a kernel "
     "restart right after (the lost-kernel test restarts it on purpose) cancels that request, and the extension "
     "logs the cancellation. Nothing of ours is involved, and the debugger is not used."),
    (r"reading 'schema'\)[\s\S]*/static/notebook/notebook_core\.",
     "Notebook 7.6 shortcuts plugin race at start-up (jupyter/notebook#7862): an uncaught TypeError in "
     "notebook_core when a lazily loaded plugin's settings arrive; the page works normally afterwards."),
    (r"r\.setData is not a function[\s\S]*/voila/labextensions/jupyterlab-plotly/static/",
     "jupyterlab-plotly 7.1's mime renderer, once it has drawn a static figure (go.Figure / px output), caches a PNG "
     "of it in the notebook by calling the output model's setData, an API of JupyterLab's output models that "
     "Voila 0.5's do not have. The figure is drawn before the call (the Voila lesson tests check it is on the page); "
     "only the cached PNG is lost, which a Voila page never saves. Not ours: our code only displays the figure."),
    (r"RUNTIME-012[\s\S]*@jupyterlab/docregistry[\s\S]*/voila/labextensions/@jupyter-notebook/lab-extension/",
     "Voila 0.5.13 also loads Notebook 7's own lab extension, whose shared @jupyterlab/docregistry module Voila does "
     "not provide; that extension (Notebook 7 menus and toolbar buttons) has nothing to do in Voila."),
    (r"status of 404 \(File not found\)\n[^\n]*/api/contents/earlier(%20| )work/[^\n]*all\.json",
     "JupyterLite lists a folder that exists only in the browser's storage (here the site's 'earlier work', a "
     "student's work carried over from an older build) by first asking the static server for its listing, which "
     "has none; JupyterLite then lists the folder from the browser's storage (its own log says nothing is broken)."),
    (r"^Loading the stylesheet 'https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@[^']+/css/"
     r"(all|v4-shims)\.min\.css' violates the following Content Security Policy directive",
     "Voila 0.5.13's lab template (templates/lab/index.html.j2) links Font Awesome 5 from jsdelivr on every page; "
     "its own bundle already carries Font Awesome 5.15.4, so icons render offline. The project's voila.json sends "
     "a Content-Security-Policy that allows styles and fonts from the page's own server only, so the browser never "
     "asks the CDN, and says so in the console: that line is this entry."),
    (r"status of 404 \(File not found\)\n[^\n]*/api/contents/refused:/all\.json",
     "Lesson 01 in the site's console app (its student view): while the lesson runs, the kernel's file system "
     "(JupyterLite's DriveFS: processDriveRequest -> lookup, seen in the browser's async stacks) looks up a path "
     "'refused:' in the site's folder, a word of the lesson's code ('# refused: returns False'); the static server "
     "has no such listing, and JupyterLite answers from the browser's storage. Nothing on the page is missing, no "
     "Python open/listdir names it (an audit hook saw none), and the same cell run alone does not do it: traced no "
     "further yet (docs/classroom.md)."),
    (r"Shared module @jupyterlite/services doesn't exist[\s\S]*/extensions/@jupyterlite/pyodide-kernel-extension/",
     "The test extra installs the classroom site's build tools, and with them JupyterLite's kernel extension, which "
     "only the site uses. JupyterLab skips it as disabled (isolated_env's page_config), but Notebook 7.6 still loads "
     "its remote entry, which then misses JupyterLite's own services and stops there; Notebook 7 works normally."),
]

#: Outside URLs that third-party page templates request on every load, answered locally with an empty stub instead
#: of failing the test: (regex, content type, why). Nothing here ever leaves the machine.
OUTSIDE_STUBS: list[tuple[str, str, str]] = []  # none: voila.json keeps Voila's pages from asking (below)

# JupyterLab user settings that keep a test session quiet, deterministic and read-only (docs/jupyter.md §5.2).
LAB_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}


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


# ---------------------------------------------------------------------------------------------- servers
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def http_get(url: str, token: str | None = None, timeout: float = 5) -> tuple[int, bytes]:
    req = urllib.request.Request(url, headers={"Authorization": f"token {token}"} if token else {})
    try:
        with _NO_PROXY.open(req, timeout=timeout) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def http_delete(url: str, token: str) -> int:
    req = urllib.request.Request(url, method="DELETE", headers={"Authorization": f"token {token}"})
    try:
        with _NO_PROXY.open(req, timeout=10) as resp:
            return resp.status
    except urllib.error.HTTPError as err:
        return err.code


#: JupyterLite's front-end extensions, which the site build installs and a Jupyter server must not load.
LITE_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyterlite/server-extension")


def isolated_env(tmp: Path) -> dict[str, str]:
    """The caller's environment with every per-user Jupyter/IPython location moved into ``tmp``."""
    env = dict(os.environ)
    for var, sub in [("JUPYTERLAB_SETTINGS_DIR", "lab-user-settings"), ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTER_CONFIG_DIR", "config"), ("IPYTHONDIR", "ipython")]:
        (tmp / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(tmp / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"  # silences the path-migration warning in the server log
    # The test extra installs the classroom site's build tools, whose JupyterLite kernel extension would load into
    # this JupyterLab / Notebook 7 and fail there (it needs JupyterLite's own services): only the site uses it.
    labconfig = tmp / "config" / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    disabled = {"disabledExtensions": dict.fromkeys(LITE_EXTENSIONS, True)}
    (labconfig / "page_config.json").write_text(json.dumps(disabled))
    env.pop("ANYWIDGET_HMR", None)  # hot reload would watch files and re-render views mid-test
    return env


@dataclass
class Server:
    """One Jupyter server process (JupyterLab, Notebook 7 or Voila) on a free loopback port, logging to a file."""

    name: str
    argv: list[str]
    env: dict[str, str]
    port: int
    token: str = ""
    ready_path: str = "/"
    log_path: Path = field(default_factory=Path)
    proc: subprocess.Popen | None = None
    startup_s: float = 0.0
    _t0: float = 0.0
    _cleanups: list[threading.Thread] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def launch(self) -> Server:
        """Start the process and return at once (several servers can boot side by side)."""
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(self.argv, cwd=REPO, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL)
        self._t0 = time.monotonic()
        return self

    def wait_ready(self) -> Server:
        """Poll until the server answers 200; fail with its log if it exits or takes longer than SLOW_MS."""
        if self.startup_s:
            return self
        assert self.proc is not None, "launch() first"
        deadline = self._t0 + SLOW_MS / 1000
        while True:
            if self.proc.poll() is not None:
                pytest.fail(f"{self.name} exited with code {self.proc.returncode} before answering.\n"
                            f"{self.log_tail()}", pytrace=False)
            try:
                status, _ = http_get(self.url + self.ready_path, self.token or None, timeout=2)
                if status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"{self.name} did not answer within {SLOW_MS // 1000} s.\n{self.log_tail()}",
                            pytrace=False)
            time.sleep(0.25)  # no Playwright call is in flight here, so sleeping is safe (docs/jupyter.md §5.5)
        self.startup_s = time.monotonic() - self._t0
        return self

    def wait_for_cleanups(self) -> None:
        """Wait for kernel shutdowns still running, so a notebook reopened now cannot attach to a dying kernel."""
        while self._cleanups:
            self._cleanups.pop().join(timeout=15)

    def stop(self) -> None:
        self.wait_for_cleanups()
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return f"(no log at {self.log_path})"
        return f"--- last {min(lines, len(text))} lines of {self.log_path} ---\n" + "\n".join(text[-lines:])

    def shutdown_sessions(self) -> None:
        """Shut every kernel session down, so the next test opening the same notebook gets a fresh kernel.

        The DELETE requests run in a background thread while pytest moves on; the next test using the server calls
        :meth:`wait_for_cleanups` before it opens anything.
        """
        status, body = http_get(f"{self.url}/api/sessions", self.token)
        if status != 200:
            return
        ids = [session["id"] for session in json.loads(body)]

        def delete_all() -> None:
            for sid in ids:
                with contextlib.suppress(OSError):
                    http_delete(f"{self.url}/api/sessions/{sid}", self.token)

        thread = threading.Thread(target=delete_all, daemon=True)
        thread.start()
        self._cleanups.append(thread)

    def saved_files(self) -> list[str]:
        """Log lines of files the server wrote (autosave is off and tests never save, so this should be empty)."""
        log = self.log_path.read_text(encoding="utf-8", errors="replace")
        return [line for line in log.splitlines() if "Saving file at" in line]


def jupyter_argv(app: str, port: int, token: str, tmp: Path) -> list[str]:
    """Command line for ``python -m jupyterlab`` (app="lab") or ``python -m notebook`` (app="notebook")."""
    cls = "LabApp" if app == "lab" else "JupyterNotebookApp"
    module = "jupyterlab" if app == "lab" else "notebook"
    argv = [sys.executable, "-m", module, "--no-browser",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={REPO}",
            "--ServerApp.terminals_enabled=False",
            # JupyterLab makes a checkpoint of every notebook it opens: keep those out of the repo (an absolute
            # checkpoint_dir replaces the per-folder .ipynb_checkpoints).
            f"--FileCheckpoints.checkpoint_dir={tmp / 'checkpoints'}",
            f"--{cls}.app_settings_dir={tmp / 'app'}",
            f"--{cls}.user_settings_dir={tmp / 'user-settings'}",
            f"--{cls}.workspaces_dir={tmp / 'workspaces'}",
            f"--{cls}.expose_app_in_browser=True"]
    if app == "lab":
        argv += ["--LabApp.news_url=", "--LabApp.extension_manager=readonly",
                 "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate"]
    if os.geteuid() == 0:
        argv.append("--allow-root")
    return argv


def write_overrides(tmp: Path) -> None:
    (tmp / "app").mkdir(parents=True, exist_ok=True)
    (tmp / "app" / "overrides.json").write_text(json.dumps(LAB_OVERRIDES, indent=2), encoding="utf-8")


# ---------------------------------------------------------------------------------------------- pages
class GuardedPage:
    """A Playwright page whose context only reaches 127.0.0.1, and which records console errors.

    ``check()`` fails the test on any request that left loopback and on any console error or uncaught page error
    not in :data:`CONSOLE_ALLOW_LIST`.
    """

    def __init__(self, context: Any) -> None:
        self.context = context
        self.outside: list[str] = []
        self.stubbed: list[str] = []
        self.console_errors: list[str] = []
        self.ignored: list[str] = []
        self.checked = False
        context.route("**/*", self._loopback_only)
        self.page = context.new_page()
        self.page.on("console", self._on_console)
        self.page.on("pageerror", self._on_pageerror)
        self.page.on("websocket", self._on_websocket)

    def _loopback_only(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            route.continue_()
            return
        for pattern, content_type, _why in OUTSIDE_STUBS:
            if re.search(pattern, url):
                self.stubbed.append(url)
                route.fulfill(status=200, content_type=content_type, body="")
                return
        self.outside.append(url)
        route.abort()

    def _on_websocket(self, ws: Any) -> None:
        if not ws.url.startswith("ws://127.0.0.1:"):
            self.outside.append(ws.url)

    def _record(self, text: str, where: str) -> None:
        for pattern, _why in CONSOLE_ALLOW_LIST:
            if re.search(pattern, f"{text}\n{where}"):
                self.ignored.append(text)
                return
        self.console_errors.append(f"{text}\n    at {where}")

    def _on_console(self, msg: Any) -> None:
        if msg.type == "error":
            loc = msg.location or {}
            self._record(msg.text, f"{loc.get('url', '?')}:{loc.get('lineNumber', '?')}")

    def _on_pageerror(self, err: Any) -> None:
        self._record(f"uncaught {err.name}: {err.message}", (err.stack or "?")[:1500])

    def wait_for(self, locator: Any, count: int | None = None, timeout_ms: int = SLOW_MS, what: str = "") -> None:
        """Wait until ``locator`` matches ``count`` elements (or, without ``count``, one is visible).

        Fails at once, with the console errors, if the browser reports an error meanwhile: a view that will never
        render (its JS failed to load) then fails in a second instead of after the whole timeout.
        """
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            n = locator.count()
            if (n == count) if count is not None else (n > 0 and locator.first.is_visible()):
                return
            if self.console_errors or time.monotonic() > deadline:
                want = f"{count} element(s)" if count is not None else "a visible element"
                raise AssertionError(
                    f"waiting for {what or locator} ({want}, found {n}) "
                    + ("stopped: the browser console reported errors:\n  " + "\n  ".join(self.console_errors)
                       if self.console_errors else f"timed out after {timeout_ms // 1000} s"))
            self.page.wait_for_timeout(200)  # not time.sleep: Playwright's event handlers run only inside its calls

    def summary(self) -> str:
        parts = [("console errors", self.console_errors), ("outside requests (aborted)", self.outside),
                 ("allow-listed console errors", self.ignored), ("stubbed outside requests", self.stubbed)]
        return "\n".join(f"{title}:\n  " + "\n  ".join(items) for title, items in parts if items)

    def reset(self) -> None:
        """Start a new test on a page that stays open (the shared JupyterLab page)."""
        for record in (self.outside, self.console_errors, self.ignored, self.stubbed):
            record.clear()
        self.checked = False

    def check(self) -> None:
        self.checked = True
        problems = []
        if self.outside:
            problems.append("requests outside 127.0.0.1 (aborted):\n  " + "\n  ".join(self.outside))
        if self.console_errors:
            problems.append("browser console errors:\n  " + "\n  ".join(self.console_errors))
        assert not problems, "\n".join(problems)


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

# Every PriceStand alive in the kernel, by model id: deck positions, sliders, prices, step and message.
PROBE = """
def _kh_browser_probe():
    import json
    from ipywidgets.widgets.widget import _instances
    from widgets.kutna_hora import PriceStand
    print(json.dumps({key: {"population": w.game.stands.population, "ore": w.game.stands.ore, "picture": w.read_only,
                            "sliders": dict(w.game.stands.sliders), "prices": w.game.prices(),
                            "step": len(w.game.history), "kind": w.message_kind, "message": w.message}
                      for key, w in list(_instances.items()) if isinstance(w, PriceStand)}))
_kh_browser_probe()
del _kh_browser_probe
"""

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


def probe_stands(page: Any) -> dict[str, dict[str, Any]]:
    out = kernel_exec(page, PROBE)
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
    out = kernel_exec(page, INVENTORY % json.dumps(ids))
    assert "KERNEL-ERROR" not in out, out
    return json.loads(out.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------------- price stand view
DECKS = ("ore", "population")
READABLE = re.compile(r"^(Not allowed|Not understood): \S")
PYTHONISH = re.compile(r"Traceback|File \"|line \d+, in ")


def _int_text(locator: Any) -> int:
    return int(locator.inner_text().strip())


# What a view shows before a click, in one round trip; "shapes" are the x positions of the shapes of the plotly
# chart next to the view (a PriceStandApp), or null.
_READ_BEFORE = """root => {
  const q = (id) => root.querySelector(`[data-testid="${id}"]`);
  const box = root.closest('.widget-vbox');
  const gd = box && box.querySelector('.js-plotly-plot');
  const decks = ['ore', 'population'];
  return {
    over: (q('kh-ps-prompt')?.textContent || '').includes('The game is over'),
    last: Object.fromEntries(decks.map(d => [d, !!q(`kh-ps-last-${d}`)])),
    position: Object.fromEntries(decks.map(d => [d, q(`kh-ps-position-${d}`)?.textContent])),
    message: q('kh-ps-message')?.textContent,
    shapes: gd && gd.layout && gd.layout.shapes ? JSON.stringify(gd.layout.shapes.map(s => s.x0)) : null,
  };
}"""


_MESSAGE = '[data-testid="kh-ps-message"]'
_MARK_STALE = ("roots => roots.forEach(r => r.querySelector('[data-testid=\"kh-ps-message\"]')"
               "?.setAttribute('data-kh-stale', ''))")
_REDRAWN = ("roots => roots.map((r, i) => r.querySelector('[data-testid=\"kh-ps-message\"]:not([data-kh-stale])')"
            " ? i : -1).filter(i => i >= 0)")


_READ_VIEWS = """(roots, deck) => roots.map(r => {
  const q = (id) => r.querySelector(`[data-testid="${id}"]`);
  const card = q(`kh-ps-deck-${deck}`), message = q('kh-ps-message'), position = q(`kh-ps-position-${deck}`);
  return {position: position && position.textContent, highlighted: !!card && card.classList.contains('kh-ps-changed'),
          message: message && message.textContent,
          error: !!message && message.classList.contains('bg-message--error')};
})"""


def click_and_wait_for_redraw(view: Any, target: Any, views: Any = None) -> set[int]:
    """Click ``target`` inside a PriceStand view and wait until the view has redrawn from Python's answer.

    The view rebuilds all its children on every synced change, so a marked message node that disappears proves a
    redraw happened (a repeated, identical message would fool a text comparison). With ``views`` (a locator for
    all views on the page), returns the indexes of the views that redrew too: the views of the same model.
    """
    from playwright.sync_api import expect

    marked = views if views is not None else view
    marked.evaluate_all(_MARK_STALE) if views is not None else view.evaluate(f"r => ({_MARK_STALE})([r])")
    target.click()
    expect(view.locator(f"{_MESSAGE}:not([data-kh-stale])"),
           f"the view did not redraw within {REPLY_MS // 1000} s of a click on {target}: no answer from Python "
           "reached it (the click sent no intent, the kernel did not reply, or the view ignores model changes)"
           ).to_have_count(1, timeout=REPLY_MS)
    return set(views.evaluate_all(_REDRAWN)) if views is not None else set()


def check_price_stand_view(page: Any, views: Any, index: int, shot: Path | None, *, full: bool = True,
                           kernel: bool = True) -> tuple[list[str], set[int]]:
    """Check one PriceStand view (``views.nth(index)``); return what was done and the views of the same model.

    Always: the view rendered (screenshot to ``shot`` if given), and a legal click (advance a deck that is not on
    its last card) comes back from Python: the view redraws with the new position, the card highlighted and a new
    message; every other view of the same model redraws with it; a PriceStandApp's chart moves its "now" line.
    With ``full`` (once per model): with ``kernel``, exactly one PriceStand in the kernel moved that deck by one card
    and its prices are the ones the view shows; then a refused click (build a good whose price shows a red ✗, when
    there is one) and a nonsense intent (a build for a good that does not exist, sent by tampering with the
    arguments a row's click sends) must each give a readable error message in the view and leave the game alone.
    """
    from playwright.sync_api import expect

    view = views.nth(index)
    done: list[str] = []
    message = view.get_by_test_id("kh-ps-message")
    expect(message).not_to_be_empty()  # rendered, with Python's first message
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    if view.get_attribute("data-read-only") == "true":  # a lesson's picture of one step of a tour
        assert view.locator("[data-intent]").count() == 0, "a read-only picture offers no clicks"
        shown = {d: view.get_by_test_id(f"kh-ps-position-{d}").inner_text() for d in DECKS}
        before = probe_stands(page) if kernel else {}
        view.get_by_test_id("kh-ps-deck-ore").click()
        if kernel:
            after = probe_stands(page)
            assert after == before, "a click on a read-only picture reached the kernel"
            assert any({d: str(s[d]) for d in DECKS} == shown for s in after.values()), \
                f"no PriceStand in the kernel shows the decks at {shown}"
        return [f"read-only picture (decks at {shown}): a click sends nothing"], set()
    error = re.compile(r"\bbg-message--error\b")
    kernel = kernel and full

    def probe() -> dict[str, Any]:
        return probe_stands(page) if kernel else {}

    # -- legal: advance one card
    now = view.evaluate(_READ_BEFORE)
    deck = next((d for d in DECKS if not now["last"][d]), None)
    before = probe()
    if now["over"] or deck is None:
        group = click_and_wait_for_redraw(view, view.get_by_test_id("kh-ps-deck-ore"), views)
        expect(message).to_have_class(error)
        done.append("advance refused (game over / last cards)")
    else:
        card = view.get_by_test_id(f"kh-ps-deck-{deck}")
        old, old_message, old_shapes = int(now["position"][deck]), now["message"], now["shapes"]
        group = click_and_wait_for_redraw(view, card, views)
        # One round trip reads the redrawn state of every view (this one and its siblings of the same model).
        shown = views.evaluate_all(_READ_VIEWS, deck)
        this = shown[index]
        assert this["position"] == str(old + 1), this  # only Python's reply changes this text
        assert this["highlighted"] and not this["error"] and this["message"] != old_message, (this, old_message)
        assert {i: shown[i]["position"] for i in group} == {i: str(old + 1) for i in group}, shown
        done.append(f"advance {deck} {old}→{old + 1}" + (f" (views {sorted(group)} redrew)" if len(group) > 1
                                                           else ""))
        if kernel:
            after = probe()
            moved = [key for key in after if after[key] != before.get(key)]
            assert len(moved) == 1, f"expected one PriceStand to change in the kernel, got {moved}"
            state, was = after[moved[0]], before[moved[0]]
            assert (state[deck], state["step"]) == (old + 1, was["step"] + 1), (state, was)
            shown = {good: _int_text(view.get_by_test_id(f"kh-ps-price-{good}")) for good in state["prices"]}
            assert shown == state["prices"], "the view's prices differ from the game's"
            done.append("kernel state and prices match")
        if old_shapes is not None:
            page.wait_for_function("([root, old]) => { const gd = root.closest('.widget-vbox')"
                                   ".querySelector('.js-plotly-plot'); return JSON.stringify(gd.layout.shapes"
                                   ".map(s => s.x0)) !== old; }", arg=[view.element_handle(), old_shapes],
                                   timeout=REPLY_MS)
            done.append("chart redrew")
    if not full:
        return done, group

    # -- refused: build a good under a red ✗
    nodemand = view.locator('[data-testid^="kh-ps-nodemand-"]')
    if nodemand.count():
        good = nodemand.first.get_attribute("data-testid").removeprefix("kh-ps-nodemand-")
        before = probe()
        click_and_wait_for_redraw(view, view.get_by_test_id(f"kh-ps-good-{good}"))
        expect(message).to_have_class(error)
        expect(message).to_contain_text(good)
        text = message.inner_text()
        assert READABLE.search(text) and not PYTHONISH.search(text), f"unreadable refusal: {text!r}"
        if kernel:
            assert _only_message_changed(before, probe()), "a refused build changed the game"
        done.append(f"build {good} under ✗ refused")

    # -- nonsense: an intent for a good that does not exist (a tampered row sends it through the real path)
    row = view.locator('[data-testid^="kh-ps-good-"]').first
    row.evaluate("node => { node.dataset.args = JSON.stringify({good: 'unobtainium'}); }")
    before = probe()
    click_and_wait_for_redraw(view, row)
    expect(message).to_have_class(error)
    expect(message).to_contain_text("unobtainium")
    text = message.inner_text()
    assert READABLE.search(text) and not PYTHONISH.search(text), f"unreadable refusal: {text!r}"
    if kernel:
        assert _only_message_changed(before, probe()), "a refused intent changed the game"
    done.append("nonsense intent refused")
    return done, group


def _only_message_changed(before: dict[str, Any], after: dict[str, Any]) -> bool:
    def strip(states: dict[str, Any]) -> dict[str, Any]:
        return {k: {f: v for f, v in s.items() if f not in ("kind", "message")} for k, s in states.items()}
    return strip(before) == strip(after)


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
                   timing: str | None = None) -> float:
    """Click ``target`` in a view and wait until the view redrew from Python's answer (the ``message`` node is
    replaced on every redraw, so once marked stale, even an identical message proves the answer came back). Returns
    the click-to-redraw time in ms (kept under ``timing`` in :data:`REDRAW_MS`)."""
    from playwright.sync_api import expect

    view.evaluate(f"(root) => ({_TIME_CLICK})([root, {json.dumps(message)}])")
    target.click()
    expect(view.locator(f"{message}:not([data-stale])"),
           f"the {what} view did not redraw within {REPLY_MS // 1000} s of a click on {target}").to_have_count(
        1, timeout=REPLY_MS)
    ms = view.evaluate("r => r.__bgTiming.end ? r.__bgTiming.end - r.__bgTiming.start : -1")
    if timing and ms >= 0:
        REDRAW_MS.setdefault(timing, []).append(ms)
    return ms


# ---------------------------------------------------------------------------------------------- Chartres cellar view
# Every CellarView alive in the kernel, by model id: its position, the engine's barrels and IP, its answers.
CELLAR_PROBE = """
import json
from ipywidgets.widgets.widget import _instances
from widgets.chartres import CellarView
print(json.dumps({k: {"white": w.white, "red": w.red, "marker": w.marker, "ip": w.ip, "read_only": w.read_only,
                      "barrels": [[b["space"], b["fill"], b["colour"]] for b in w.barrels], "seq": w.message_seq,
                      "kind": w.message_kind, "message": w.message}
                  for k, w in list(_instances.items()) if isinstance(w, CellarView)}))
"""
_CELLAR_MESSAGE = '[data-testid="cellar-message"]'
# The barrels a cellar view draws: [space, fill, colour] of every barrel holding wine.
_DRAWN_BARRELS = """root => [...root.querySelectorAll('[data-testid^="cellar-barrel-"]')]
  .filter(n => n.dataset.fill !== 'empty')
  .map(n => [Number(n.dataset.testid.split('-').pop()), n.dataset.fill, n.dataset.colour])"""


def probe_cellars(page: Any) -> dict[str, dict[str, Any]]:
    out = kernel_exec(page, CELLAR_PROBE)
    assert "KERNEL-ERROR" not in out, out
    return json.loads(out.strip().splitlines()[-1])


def _only_one(before: dict[str, Any], after: dict[str, Any], what: str) -> str:
    changed = [k for k in after if k in before and after[k] != before[k]]
    assert len(changed) == 1, f"expected one {what} to change in the kernel, got {changed}"
    return changed[0]


def check_cellar_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one CellarView: it rendered with the banner and draws the barrels of a view in the kernel.

    A live view: a click on "+ white" (or "− white" at the top) comes back from Python: exactly one CellarView in
    the kernel changed its white grapes by one, and the IP and barrels the view shows are the kernel's; then a space
    tampered to a space that does not exist (the real click path) gets a readable refusal and changes no position.
    A read-only view (a lesson's picture, an exercise's figure): nothing in it sends an intent, and a click on a
    space reaches no CellarView in the kernel (the probe runs after anything the click sent)."""
    from playwright.sync_api import expect

    expect(view.get_by_test_id("cellar-banner")).to_contain_text("Values differ from the published game")
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    drawn = view.evaluate(_DRAWN_BARRELS)
    shown_ip = view.get_by_test_id("cellar-ip").inner_text()
    before = probe_cellars(page)
    assert any(c["barrels"] == drawn and f"{c['ip']} IP" == shown_ip for c in before.values()), \
        f"no CellarView in the kernel has the drawn barrels {drawn} and {shown_ip}"
    if view.get_attribute("data-read-only") == "true":
        assert view.locator("[data-intent]").count() == 0, "a read-only cellar offers no clicks"
        assert view.get_by_test_id("cellar-white-plus").count() == 0, "a read-only cellar has no grape buttons"
        view.get_by_test_id("cellar-space-0").click()
        assert probe_cellars(page) == before, "a click on a read-only cellar reached the kernel"
        return [f"read-only picture of {shown_ip} ({len(drawn)} barrels, the kernel's): a click sends nothing"]

    count = view.get_by_test_id("cellar-white")
    before_text = count.inner_text()
    plus, minus = view.get_by_test_id("cellar-white-plus"), view.get_by_test_id("cellar-white-minus")
    target, step = (plus, 1) if plus.is_enabled() else (minus, -1)
    target.click()
    expect(count).not_to_have_text(before_text, timeout=REPLY_MS)
    after = probe_cellars(page)
    key = _only_one(before, after, "CellarView")
    now, was = after[key], before[key]
    assert now["white"] == was["white"] + step and now["kind"] == "info", (was, now)
    expect(view.get_by_test_id("cellar-ip")).to_have_text(f"{now['ip']} IP", timeout=REPLY_MS)
    assert view.evaluate(_DRAWN_BARRELS) == now["barrels"], "the view draws other barrels than the kernel's"
    done = [f"white grapes {was['white']}→{now['white']} by a click; the view shows the kernel's {now['ip']} IP"]

    space = view.get_by_test_id("cellar-space-0")
    space.evaluate("node => { node.dataset.args = JSON.stringify({space: 99}); }")
    before = probe_cellars(page)
    click_and_wait(view, space, _CELLAR_MESSAGE, "CellarView")
    message = view.get_by_test_id("cellar-message")
    expect(message).to_have_class(re.compile(r"\bbg-message--error\b"))
    expect(message).to_contain_text("There is no space 99")
    assert not PYTHONISH.search(message.inner_text()), message.inner_text()
    after = probe_cellars(page)
    key = _only_one(before, after, "CellarView")
    strip = ("seq", "kind", "message")
    assert {f: v for f, v in after[key].items() if f not in strip} == \
        {f: v for f, v in before[key].items() if f not in strip}, "a refused click changed the position"
    return done + ["a space that does not exist refused"]


# ---------------------------------------------------------------------------------------------- Chartres rows view
ROWS_PROBE = """
import json
from ipywidgets.widgets.widget import _instances
from widgets.chartres import RowsView
print(json.dumps({k: {"seat": w.index, "row": w.seat["row"], "lit": w.seat["lit"], "activated": w.seat["activated"],
                      "seq": w.message_seq}
                  for k, w in list(_instances.items()) if isinstance(w, RowsView)}))
"""


def probe_rows(page: Any) -> dict[str, dict[str, Any]]:
    out = kernel_exec(page, ROWS_PROBE)
    assert "KERNEL-ERROR" not in out, out
    return json.loads(out.strip().splitlines()[-1])


def check_rows_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one RowsView (a seat's rows, read-only): it rendered with the banner and a caption, and draws the
    action row, the lit columns and the ★ of a RowsView in the kernel; nothing in it sends an intent, and a click on
    a card reaches no RowsView in the kernel (the probe runs after anything the click sent)."""
    from playwright.sync_api import expect

    expect(view.get_by_test_id("ch-rows-banner")).to_contain_text("Values differ from the published game")
    expect(view.get_by_test_id("ch-rows-caption")).not_to_be_empty()
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    row = view.locator('[data-testid^="ch-row-"][data-testid*="-card-"]').evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)")
    lit = view.locator(".ch-col--lit").count()
    marked = view.locator(".ch-card--activated").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    before = probe_rows(page)
    assert any(r["row"] == row and len(r["lit"]) == lit and marked == ([r["activated"]] if r["activated"] else [])
               for r in before.values()), f"no RowsView in the kernel has the drawn row {row} ({lit} lit, {marked})"
    assert view.locator("[data-intent]").count() == 0, "a read-only picture offers no clicks"
    view.locator('[data-testid^="ch-row-"][data-testid*="-card-"]').first.click()
    assert probe_rows(page) == before, "a click on a read-only picture reached the kernel"
    return [f"row {' '.join(row)} ({lit} lit, ★ {marked or 'none'}) as in the kernel: a click sends nothing"]


# ---------------------------------------------------------------------------------------------- Kutná Hora boards
# Every Kutná Hora board view alive in the kernel, by model id: its class, what it shows and how many answers it has
# sent (MineBoardView: the tiles and whether it takes clicks; TownView: the town and whether it takes clicks;
# TownHallView / BarbaraView / PlayerBoardView: the stack tops, the St. Barbara tiles done, the seat's score).
KH_BOARDS_PROBE = """
def _kh_boards_probe():
    import json
    from ipywidgets.widgets.widget import _instances
    from widgets.kutna_hora import BarbaraView, MineBoardView, PlayerBoardView, TownHallView, TownView
    out = {}
    for key, w in list(_instances.items()):
        if isinstance(w, MineBoardView):
            out[key] = {"cls": "MineBoardView", "cells": w.cells, "live": w.interactive}
        elif isinstance(w, TownView):
            out[key] = {"cls": "TownView", "town": [p["building"] for p in w.town["plots"]], "live": w.interactive}
        elif isinstance(w, (TownHallView, BarbaraView, PlayerBoardView)):
            out[key] = {"cls": type(w).__name__, "tops": sorted(st[2] for row in w.hall.get("rows", []) for st in row)
                        if isinstance(w, TownHallView) else [], "barbara": w.board["barbara"],
                        "score": w.seat["score"] if isinstance(w, PlayerBoardView) else None}
        else:
            continue
        out[key].update(seq=w.message_seq, kind=w.message_kind, message=w.message)
    print(json.dumps(out))
_kh_boards_probe()
del _kh_boards_probe
"""
_KH_MINE_MESSAGE = '[data-testid="kh-mine-message"]'
_KH_TOWN_MESSAGE = '[data-testid="kh-town-message"]'
_KH_ERROR = re.compile(r"\bbg-message--error\b")
_KH_BOARD_ROOTS = '[data-testid="kh-hall-root"], [data-testid="kh-barbara-root"], [data-testid="kh-player-root"]'


def probe_kh_boards(page: Any, cls: str) -> dict[str, dict[str, Any]]:
    out = kernel_exec(page, KH_BOARDS_PROBE)
    assert "KERNEL-ERROR" not in out, out
    return {k: v for k, v in json.loads(out.strip().splitlines()[-1]).items() if v["cls"] == cls}


def _one_answer(before: dict[str, Any], after: dict[str, Any], what: str) -> str:
    """The one view that answered a click (its message_seq moved on by exactly one)."""
    moved = [k for k in after if k in before and after[k]["seq"] != before[k]["seq"]]
    assert len(moved) == 1, f"expected one {what} to answer the click, got {moved}"
    assert after[moved[0]]["seq"] == before[moved[0]]["seq"] + 1, "Python answered more than one intent"
    return moved[0]


def _picture_sends_nothing(page: Any, view: Any, target: Any, cls: str) -> None:
    """A read-only picture: nothing in it sends an intent, and a click on ``target`` reaches no view in the kernel."""
    assert view.locator("[data-intent]").count() == 0, "a read-only picture offers no clicks"
    before = probe_kh_boards(page, cls)
    target.click()
    assert probe_kh_boards(page, cls) == before, f"a click on a read-only {cls} reached the kernel"


def _drawn_kind(cell: str) -> str:
    return "empty" if not cell else "rock" if cell.startswith("rock-") else "tech" if cell.startswith("t-") else "mine"


def check_kh_mine_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one MineBoardView: it rendered with the banner and Python's first message, and draws the board of a
    MineBoardView in the kernel (each cell a rock, a mine or empty as there). A live board: a click on a rock comes
    back as a readable "Not allowed" refusal and changes no board in the kernel; a click on an open space comes back
    as an info answer from exactly one MineBoardView, and if that view builds mines (a MineSandbox), the kernel's
    board holds a new mine on that space and the view draws it. A read-only picture (a lesson's figure, an
    exercise's board): nothing sends an intent, and a click reaches no view in the kernel."""
    from playwright.sync_api import expect

    expect(view.get_by_test_id("kh-mine-banner")).to_contain_text("illustrative")
    expect(view.get_by_test_id("kh-mine-message")).not_to_be_empty()
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    kinds = view.locator('[data-testid^="kh-mine-cell-"]').evaluate_all("nodes => nodes.map(n => n.dataset.kind)")
    boards = probe_kh_mines(page)
    assert any([_drawn_kind(c) for c in b["cells"]] == kinds for b in boards.values()), \
        f"no MineBoardView in the kernel has the drawn board {kinds}"
    if not view.locator("[data-intent]").count():
        _picture_sends_nothing(page, view, view.get_by_test_id("kh-mine-cell-0"), "MineBoardView")
        return ["read-only board as in the kernel: a click sends nothing"]
    done: list[str] = []
    message = view.get_by_test_id("kh-mine-message")
    rocks = view.locator('[data-kind="rock"][data-intent]')
    if rocks.count():
        before = probe_kh_mines(page)
        click_and_wait(view, rocks.first, _KH_MINE_MESSAGE, "MineBoardView")
        expect(message).to_have_class(_KH_ERROR)
        expect(message).to_contain_text("Not allowed: ")
        assert not PYTHONISH.search(message.inner_text()), message.inner_text()
        after = probe_kh_mines(page)
        _one_answer(before, after, "MineBoardView")
        assert all(after[k]["cells"] == before[k]["cells"] for k in before if k in after), "a refused click built"
        done.append(f"rock {rocks.first.get_attribute('data-testid')} refused")
    targets = view.locator('[data-open="true"][data-intent]')
    if not targets.count():
        return done + ["no open space to click"]
    target = targets.first
    index = int(target.get_attribute("data-index"))
    before = probe_kh_mines(page)
    click_and_wait(view, target, _KH_MINE_MESSAGE, "MineBoardView")
    after = probe_kh_mines(page)
    key = _one_answer(before, after, "MineBoardView")
    assert after[key]["kind"] == "info", after[key]["message"]
    if after[key]["cells"] != before[key]["cells"]:  # a sandbox: the click built a mine there
        assert before[key]["cells"][index] == "" and after[key]["cells"][index], (index, after[key]["cells"][index])
        expect(view.get_by_test_id(f"kh-mine-cell-{index}")).to_have_attribute("data-kind", "mine", timeout=REPLY_MS)
        done.append(f"open space {index} clicked: mine {after[key]['cells'][index]} built in the kernel")
    else:
        expect(message).to_contain_text(f"Space {index} ")
        done.append(f"open space {index} clicked: Python answered '{after[key]['message'][:60]}'")
    return done


def probe_kh_mines(page: Any) -> dict[str, dict[str, Any]]:
    return probe_kh_boards(page, "MineBoardView")


def probe_kh_towns(page: Any) -> dict[str, dict[str, Any]]:
    return probe_kh_boards(page, "TownView")


def check_kh_town_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one TownView: it rendered with the banner, a square of plots (5 × 5 or 6 × 6) and its edge icons, and
    draws the buildings of a TownView in the kernel. A live town: a click on a clickable plot comes back from exactly
    one TownView in the kernel, once, and the view shows the kernel's message; a plot whose click is tampered to a
    number that does not exist (the real click path) gets a readable refusal and changes no TownView's town. A
    read-only picture: nothing sends an intent, and a click reaches no view in the kernel."""
    from playwright.sync_api import expect

    expect(view.get_by_test_id("kh-town-banner")).to_contain_text("illustrative")
    expect(view.get_by_test_id("kh-town-message")).not_to_be_empty()
    plots = view.locator('[data-testid^="kh-town-plot-"]')
    n = plots.count()
    size = round(n ** 0.5)
    assert size in (5, 6) and size * size == n, f"a town of {n} plots"
    assert view.locator('[data-testid^="kh-town-edge-"]').count() == 2 * size, "every second edge segment has an icon"
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    built = plots.evaluate_all("nodes => nodes.map(n => n.dataset.building || '')")
    assert any(t["town"] == built for t in probe_kh_towns(page).values()), f"no TownView in the kernel has {built}"
    if not view.locator("[data-intent]").count():
        _picture_sends_nothing(page, view, plots.first, "TownView")
        return ["read-only town as in the kernel: a click sends nothing"]
    done = []
    target = view.locator('[data-testid^="kh-town-plot-"][data-clickable="true"]').first
    index = target.get_attribute("data-index")
    before = probe_kh_towns(page)
    click_and_wait(view, target, _KH_TOWN_MESSAGE, "TownView")
    after = probe_kh_towns(page)
    key = _one_answer(before, after, "TownView")
    expect(view.get_by_test_id("kh-town-message")).to_have_text(after[key]["message"])
    done.append(f"plot {index} clicked: {after[key]['kind']} {after[key]['message'][:60]!r}")
    plot = view.locator('[data-testid^="kh-town-plot-"][data-clickable="true"]').first
    plot.evaluate("node => { node.dataset.args = JSON.stringify({index: 999}); }")
    before = probe_kh_towns(page)
    click_and_wait(view, plot, _KH_TOWN_MESSAGE, "TownView")
    after = probe_kh_towns(page)
    expect(view.get_by_test_id("kh-town-message")).to_have_class(_KH_ERROR)
    expect(view.get_by_test_id("kh-town-message")).to_contain_text("There is no plot 999")
    text = view.get_by_test_id("kh-town-message").inner_text()
    assert READABLE.search(text) and not PYTHONISH.search(text), f"unreadable refusal: {text!r}"
    assert {k: v["town"] for k, v in after.items()} == {k: v["town"] for k, v in before.items()}, \
        "a refused click changed a town"
    done.append("nonsense plot refused")
    return done


def check_kh_board_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one read-only Kutná Hora board (TownHallView, BarbaraView, PlayerBoardView): it rendered with the
    banner, draws what a board view of its kind in the kernel shows (the stack tops, the St. Barbara tiles done, the
    seat's score), and a click on it sends nothing."""
    from playwright.sync_api import expect

    root = view.get_attribute("data-testid")
    kind = root.removeprefix("kh-").removesuffix("-root")
    cls = {"hall": "TownHallView", "barbara": "BarbaraView", "player": "PlayerBoardView"}[kind]
    expect(view.get_by_test_id(f"kh-{kind}-banner")).to_contain_text("illustrative")
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    boards = probe_kh_boards(page, cls).values()
    if kind == "hall":
        tops = sorted(t.removeprefix("kh-tb-top-") for t in view.locator('[data-testid^="kh-tb-top-"]').evaluate_all(
            "nodes => nodes.map(n => n.dataset.testid)"))
        assert any(b["tops"] == tops for b in boards), f"no TownHallView in the kernel has the stack tops {tops}"
        drawn = f"{len(tops)} stack tops"
    elif kind == "barbara":
        done = view.locator(".kh-tb-saint--done").count()
        assert any(b["barbara"] == done for b in boards), f"no BarbaraView in the kernel has {done} tiles done"
        drawn = f"{done} St. Barbara tiles done"
    else:
        score = view.locator('[data-testid^="kh-tb-score-"]').first.inner_text()
        assert any(f"{b['score']} pts" == score for b in boards), f"no PlayerBoardView in the kernel scores {score}"
        drawn = f"a player board at {score}"
    _picture_sends_nothing(page, view, view.locator(".kh-tb-panel, .kh-tb-seat").first, cls)
    return [f"{cls}: {drawn} as in the kernel; a click sends nothing"]


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
    board_views = panel.locator(_KH_BOARD_ROOTS)
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
