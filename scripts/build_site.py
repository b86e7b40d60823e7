"""Build the classroom site: a static JupyterLite folder that runs every `full` lesson with nothing fetched at run time.

    python scripts/build_site.py [--out build/site] [--force]      (scripts/build-site runs this)

What the folder holds: JupyterLab and Notebook 7 (their labextensions come from this environment: the `site`
extra), the Pyodide kernel, Pyodide itself (the npm package's core) with every wheel the kernel and the lessons
import (pure wheels from PyPI at the exact versions below, this project's wheel built from the working tree), a
``pyodide-lock.json`` that lists exactly those wheels, and the lessons. ``jupyter-lite.json`` preloads the
project and its views, turns off the PyPI fallback and names the browser storage after this build, so a student
who comes back sees the lessons of the current site instead of a copy the browser kept (see docs/classroom.md).

After ``jupyter lite build``, scripts/site_pages.py writes the site's own pages: the root listing the play pages
and the lessons, the short addresses of the play pages and the lessons' student views, and the script that carries
a student's work over from an older build (docs/classroom.md).

Build time needs PyPI and the npm registry; the tools (npm Pyodide, the wheels) are cached under
``build/site-tools/<hash of the pins>``. The site is cached by content: ``<out>/build-id.txt`` holds a hash of
every input (package files, lessons and play pages, pins, the build scripts); a build whose inputs hash the same
returns at once. One build runs at a time (a lock beside ``<out>``), in a temporary work folder, and the new site
replaces ``<out>`` whole at the end.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from email.parser import Parser
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; a build there is one process anyway
    fcntl = None

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / "build" / "site"
TOOLS = REPO / "build" / "site-tools"
#: The labextensions of this environment: the site's JupyterLab extensions and the kernel's own wheels come from here.
LABEXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "labextensions"

#: The Pyodide distribution: the npm package is the core (runtime, standard library, lock), without wheels.
PYODIDE_NPM = "pyodide@314.0.7"
#: The Python of that Pyodide (the lock says 3.14.2); the wheels below are chosen for it.
BROWSER_PYTHON = "3.14"
#: Pure wheels for the browser's Python, pinned exactly. The kernel's own needs take the versions of Pyodide's lock
#: (micropip prefers the lock's pin over a newer wheel), the lessons' needs our notebook pins, and jsonschema stays
#: below 4.18 (later versions need rpds-py, which has no WebAssembly wheel on PyPI).
BROWSER_WHEELS = [
    # the kernel (ipython and its dependencies at the versions of Pyodide's lock)
    "micropip==0.11.1", "packaging==26.1", "ipython==9.12.0", "ipython-pygments-lexers==1.1.1", "jedi==0.19.2",
    "parso==0.8.6", "prompt-toolkit==3.0.52", "traitlets==5.14.3", "pygments==2.20.0", "decorator==5.2.1",
    "matplotlib-inline==0.2.1", "wcwidth==0.6.0", "asttokens==3.0.1", "executing==2.2.1", "pure-eval==0.2.3",
    "stack-data==0.6.3", "six==1.17.0", "typing-extensions==4.15.0", "comm==0.2.3",
    # the views and charts
    "anywidget==0.11.0", "psygnal==0.16.1", "ipywidgets==8.1.9", "jupyterlab-widgets==3.0.17", "plotly==7.1.0",
    "narwhals==2.29.0", "nbformat==5.11.1", "fastjsonschema==2.22.3", "jsonschema==4.17.3", "attrs==26.1.0",
    "pyrsistent==0.20.0", "jupyter-core==5.9.1", "platformdirs==4.14.8",
]
#: What the kernel loads before the first cell, so no lesson needs a %pip cell.
PRELOAD = ["boardgame-notebooks", "anywidget", "ipywidgets", "plotly", "nbformat"]
#: The top-level modules a `full` lesson may import besides the standard library (tests/test_site_tags.py).
OFFLINE_MODULES = {"games", "widgets", "IPython", "ipywidgets", "anywidget", "plotly", "traitlets", "nbformat",
                   "psygnal", "comm", "micropip"}
#: The project's files that go into its wheel (and so into the content hash).
PACKAGE_GLOBS = ["games/**/*.py", "games/**/*.json", "widgets/**/*.py", "widgets/**/*.js", "widgets/**/*.css",
                 "pyproject.toml", "README.md"]
LESSONS = REPO / "notebooks"
#: The site's own pages (the root's list of games and lessons, the pages that open a play page or a lesson's student
#: view, the script that carries a student's work over from an older build), written by scripts/site_pages.py.
PAGES_SCRIPT = REPO / "scripts" / "site_pages.py"


def kept_results() -> list[Path]:
    """The kept stores the lessons read (sqlite3 works in Pyodide): the design lab's experiments and searches
    (``lab_*``, lessons 13 to 15) and the bots' skill ladder (``ladder_*``, lesson 08)."""
    kept = REPO / "bench" / "results"
    return sorted([*kept.glob("lab_*.sqlite"), *kept.glob("ladder_*.sqlite")])


def log(text: str) -> None:
    print(f"[build-site] {text}", flush=True)


def run(argv: list[str], **kwargs) -> None:
    subprocess.run(argv, check=True, **kwargs)


def tools_key() -> str:
    """A hash of the pins alone: the cached tools are good for every build with the same pins."""
    return hashlib.sha256(json.dumps([PYODIDE_NPM, BROWSER_PYTHON, BROWSER_WHEELS]).encode()).hexdigest()[:16]


def input_files() -> list[Path]:
    files = {p for pattern in PACKAGE_GLOBS for p in REPO.glob(pattern) if "__pycache__" not in p.parts}
    files.update(LESSONS.glob("*.ipynb"))
    files.update(LESSONS.glob("play/*.ipynb"))
    files.update(kept_results())
    files.add(Path(__file__).resolve())
    files.add(PAGES_SCRIPT)
    return sorted(files)


def content_hash() -> str:
    """A hash of every input of the site: package files, lessons, this build (and so its pins), the lite tools."""
    digest = hashlib.sha256()
    for path in input_files():
        digest.update(path.relative_to(REPO).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    import jupyterlite_core
    import jupyterlite_pyodide_kernel
    digest.update(f"{jupyterlite_core.__version__} {jupyterlite_pyodide_kernel.__version__}".encode())
    return digest.hexdigest()[:16]


def fetch_tools() -> Path:
    """The npm Pyodide core and the pinned pure wheels, downloaded once per set of pins."""
    folder = TOOLS / tools_key()
    if (folder / "ready").is_file():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    log(f"fetching {PYODIDE_NPM} (npm) and {len(BROWSER_WHEELS)} pure wheels (PyPI) into {folder}")
    (folder / "package.json").write_text('{"private": true}\n')
    run(["npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix", str(folder), PYODIDE_NPM])
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "--platform", "any",
         "--python-version", BROWSER_PYTHON, "--implementation", "py", "--abi", "none",
         "-d", str(folder / "wheels"), *BROWSER_WHEELS])
    (folder / "ready").write_text("ok\n")
    return folder


def project_wheel(dest: Path, build_id: str) -> Path:
    """This project's wheel from the working tree (copied, so nothing is written into the checkout). Its file name
    carries the build id as a build tag, so a browser never reuses a cached wheel of an older site."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        for path in input_files():
            if path.suffix not in (".ipynb", ".sqlite") and path.parent != Path(__file__).resolve().parent:
                target = src / path.relative_to(REPO)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)
        run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(src), "-w", str(Path(tmp) / "out")])
        (built,) = (Path(tmp) / "out").glob("*.whl")
        name, version, *tags = built.stem.split("-")
        tagged = dest / f"{name}-{version}-1{build_id}-{'-'.join(tags[-3:])}.whl"
        dest.mkdir(parents=True, exist_ok=True)
        add_kept_results(built, tagged)
        return tagged


def add_kept_results(wheel: Path, out: Path) -> None:
    """``wheel`` with the kept stores (:func:`kept_results`, read by lessons 08 and 13 to 15) at
    ``bench/results/`` and the notebooks (lessons and play pages, read by the student view and the play pages of
    the site, ``widgets.shared.student_view``) at ``notebooks/`` beside the packages: both modules look two folders
    above themselves, which in the browser is site-packages. Listed in RECORD like every other file of the wheel."""
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        record_name = next(n for n in source.namelist() if n.endswith(".dist-info/RECORD"))
        record = source.read(record_name).decode()
        for item in source.infolist():
            if item.filename != record_name:
                target.writestr(item, source.read(item.filename))
        notebooks = sorted([*LESSONS.glob("*.ipynb"), *LESSONS.glob("play/*.ipynb")])
        for store in [*kept_results(), *notebooks]:
            data = store.read_bytes()
            arcname = store.relative_to(REPO).as_posix()
            target.writestr(arcname, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record += f"{arcname},sha256={digest},{len(data)}\n"
        target.writestr(record_name, record)


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def assemble_pyodide(npm: Path, out: Path, wheels: list[Path]) -> None:
    """Pyodide's core files plus ``wheels``, with a lock listing exactly those wheels (hashes from the files: Pyodide
    rebuilds pure wheels, so the lock's own hashes differ from PyPI's). Entries without a wheel are dropped, so
    nothing falls back to a CDN; a dependency no wheel provides stops the build."""
    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    out.mkdir(parents=True)
    for name in ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json"]:
        shutil.copy2(npm / name, out / name)
    lock = json.loads((npm / "pyodide-lock.json").read_text())
    python = lock["info"]["python"]
    env = {**default_environment(), "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
           "platform_machine": "wasm32", "implementation_name": "cpython", "platform_python_implementation": "CPython",
           "python_version": ".".join(python.split(".")[:2]), "python_full_version": python, "extra": ""}
    core = {_norm(k): v for k, v in lock["packages"].items()}
    entries: dict[str, dict] = {}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
            meta = Parser().parsestr(archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode())
        name = _norm(meta["Name"])
        if name in entries:  # the first wheel of a project wins (the kernel's widgetsnbextension stand-in)
            continue
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in names
                       if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)})
        depends = sorted({_norm(Requirement(raw).name) for raw in meta.get_all("Requires-Dist") or []
                          if Requirement(raw).marker is None or Requirement(raw).marker.evaluate(env)})
        entry = dict(core.get(name, {}))
        entry.update(name=entry.get("name", name), version=meta["Version"], file_name=wheel.name,
                     sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(), install_dir="site",
                     package_type="package", depends=depends, imports=entry.get("imports") or tops,
                     unvendored_tests=False)
        entry.setdefault("tool", {})
        entries[name] = entry
        shutil.copy2(wheel, out / wheel.name)
    missing = sorted({d for e in entries.values() for d in e["depends"] if d not in entries})
    if missing:
        raise SystemExit(f"no wheel for these dependencies in the browser (add them to BROWSER_WHEELS): {missing}")
    lock["packages"] = {_norm(e["name"]): e for e in entries.values()}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))


def lite_config(build_id: str) -> dict:
    storage = f"JupyterLite Storage - boardgame-notebooks {build_id}"
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Board-game lessons",
        "exposeAppInBrowser": True,  # window.jupyterapp: the browser test drives the lessons through it
        # Voila's preview button needs a Voila server, which a static site has not
        "disabledExtensions": ["@voila-dashboards/jupyterlab-preview"],
        # a new build opens a new browser storage: the lessons of this site, never a copy kept from an older one
        "contentsStorageName": storage,
        "workspacesStorageName": storage,
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": PRELOAD},
        }},
    }}


@contextmanager
def build_lock(out: Path) -> Iterator[None]:
    """One build of ``out`` at a time: parallel test workers that all want the site wait for the first build and
    then find it current. (Where there is no ``fcntl``, as on Windows, builds are not serialised.)"""
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.parent / f".{out.name}.lock", "w") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_UN)


def is_current(out: Path, build_id: str) -> bool:
    stamp = out / "build-id.txt"
    return stamp.is_file() and stamp.read_text().strip() == build_id


def build(out: Path, force: bool = False) -> Path:
    build_id = content_hash()
    if not force and is_current(out, build_id):
        log(f"{out} is current (build {build_id})")
        return out
    with build_lock(out):
        if not force and is_current(out, build_id):  # another process built it while this one waited
            log(f"{out} is current (build {build_id})")
            return out
        started = time.perf_counter()
        tools = fetch_tools()
        # a fresh work folder per build (with it the doit database: a stale one silently skips steps), and the site
        # built beside ``out`` and moved in at the end, so a reader never sees half a site
        with tempfile.TemporaryDirectory(prefix="site-work-", dir=out.parent) as tmp:
            work = Path(tmp)
            staged = work / "site"
            lite, contents = work / "lite", work / "contents"
            contents.mkdir(parents=True)
            for lesson in sorted(LESSONS.glob("*.ipynb")):
                shutil.copy2(lesson, contents / lesson.name)
            kernel_wheels = sorted((LABEXTENSIONS / "@jupyterlite/pyodide-kernel-extension/static/pypi").glob("*.whl"))
            stand_in = [w for w in kernel_wheels if w.name.startswith("widgetsnbextension-4.")]
            wheels = [project_wheel(work / "project", build_id), *stand_in, *sorted((tools / "wheels").glob("*.whl"))]
            assemble_pyodide(tools / "node_modules" / "pyodide", lite / "static" / "pyodide", wheels)
            (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(build_id), indent=1))
            log("jupyter lite build")
            run([sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite), "--contents",
                 str(contents), "--output-dir", str(staged), "--no-sourcemaps"], cwd=work)
            site_pages_module().write_pages(staged, LESSONS, build_id)
            (staged / "build-id.txt").write_text(build_id + "\n")
            old = work / "old"
            if out.exists():
                out.rename(old)
            staged.rename(out)
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        log(f"built {out} (build {build_id}): {size / 2**20:.1f} MiB in {time.perf_counter() - started:.0f} s")
        return out


def site_pages_module() -> Any:
    """scripts/site_pages.py (a script beside this one, not a package)."""
    spec = importlib.util.spec_from_file_location("site_pages", PAGES_SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the site folder (default: build/site)")
    parser.add_argument("--force", action="store_true", help="build even when the inputs hash as the last build")
    args = parser.parse_args(argv)
    build(args.out.resolve(), force=args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
