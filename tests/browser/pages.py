"""The browser page every test drives: its context reaches 127.0.0.1 only, and every console error not
allow-listed here (each entry says why it is harmless) fails the test."""

from __future__ import annotations

import re
import time
from typing import Any

from .support import SLOW_MS

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
