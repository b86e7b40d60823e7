"""The Jupyter servers of the browser tests (JupyterLab, Notebook 7, Voila), each on a free loopback port with
every per-user location in a temporary folder, and the plain HTTP calls the tests make to them."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from .support import REPO, SLOW_MS

# JupyterLab user settings that keep a test session quiet, deterministic and read-only (docs/jupyter.md §5.2).
LAB_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}


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
