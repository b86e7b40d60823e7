"""The front-end composer: a view's ES module is its entry module with the runtime and the boards' renderers
inlined, each once, and anything that would break in the browser is a Python error first."""

from __future__ import annotations

import importlib
import pathlib
import pkgutil
import shutil
import subprocess

import anywidget
import pytest

import widgets
from widgets.shared import frontend
from widgets.shared.frontend import FrontendError, css, esm


@pytest.fixture
def modules(tmp_path, monkeypatch):
    """A scratch ``widgets`` folder the composer reads from."""
    monkeypatch.setattr(frontend, "ROOT", tmp_path)
    esm.cache_clear()
    yield tmp_path
    esm.cache_clear()


def write(root: pathlib.Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_imports_are_inlined_once_dependencies_first_and_exports_dropped(modules):
    write(modules, "shared/static/runtime.js", "export function make() {}\nexport const A = 1;\n")
    write(modules, "g/static/board.js", 'import { make } from "../../shared/static/runtime.js";\n'
                                        "export function drawBoard() { return make(); }\n")
    write(modules, "g/static/view.js", 'import { make, A } from "../../shared/static/runtime.js";\n'
                                       'import { drawBoard } from "./board.js";\n'
                                       "function render() { drawBoard(); make(A); }\nexport default { render };\n")
    out = esm("g/static/view.js")
    assert out.index("// ---- shared/static/runtime.js") < out.index("// ---- g/static/board.js") \
        < out.index("// ---- g/static/view.js")
    assert out.count("function make()") == 1 and "import " not in out
    assert "export function" not in out and "export const" not in out and out.count("export default") == 1


@pytest.mark.parametrize("files, entry, says", [
    ({"v.js": 'import { nope } from "./r.js";\nexport default { render };\n', "r.js": "export function make() {}\n"},
     "v.js", "does not export"),
    ({"v.js": 'import { make } from "./missing.js";\nexport default { render };\n'}, "v.js", "cannot be read"),
    ({"v.js": 'import { a } from "./r.js";\nfunction a2() {}\nexport default { render };\n',
      "r.js": "export function a() {}\nfunction a2() {}\n"}, "v.js", "declared by both"),
    ({"v.js": 'import { a } from "./r.js";\nexport default { render };\n',
      "r.js": 'import { b } from "./v.js";\nexport function a() {}\n'}, "v.js", "circle"),
    ({"v.js": 'import { a } from "./r.js";\nexport default { render };\n',
      "r.js": "export function a() {}\nexport default { a };\n"}, "v.js", "default export"),
    ({"v.js": "function render() {}\n"}, "v.js", "needs 'export default"),
    ({"v.js": 'import x from "https://cdn.example/x.js";\nexport default { render };\n'}, "v.js", "only relative"),
    ({"v.js": 'import { a as b } from "./r.js";\nexport default { render };\n', "r.js": "export function a() {}\n"},
     "v.js", "renamed imports"),
])
def test_what_would_break_in_the_browser_is_a_python_error(modules, files, entry, says):
    for name, text in files.items():
        write(modules, name, text)
    with pytest.raises(FrontendError, match=says):
        esm(entry)


def test_styles_start_with_the_runtime_sheet():
    sheet = css("kardinal_koenig/static/kardinal_koenig.css")
    assert sheet.index("shared/static/runtime.css") < sheet.index("kardinal_koenig/static/kardinal_koenig.css")
    assert ".bg-root" in sheet and ".kk-card" in sheet


def all_views() -> list[type[anywidget.AnyWidget]]:
    """Every anywidget class the package defines (importing each module composes its front end)."""
    from widgets.shared.table import GameTable
    from widgets.shared.view import View

    found = []
    for info in pkgutil.walk_packages(widgets.__path__, "widgets."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, anywidget.AnyWidget) and value.__module__ == info.name \
                    and value not in (View, GameTable):  # the bases: every view class below them has a front end
                found.append(value)
    return found


def test_every_view_ships_a_composed_module_and_the_runtime_styles():
    views = all_views()
    assert len(views) >= 2
    for view in views:
        assert isinstance(view._esm, str) and "// composed by widgets/shared/frontend.py" in view._esm, view
        assert "export default { render }" in view._esm and ".bg-root" in view._css, view


@pytest.mark.slow
@pytest.mark.skipif(not shutil.which("node"), reason="Node.js is not installed: the syntax check needs it")
def test_every_composed_module_is_valid_javascript(tmp_path):
    for view in all_views():
        path = tmp_path / f"{view.__name__}.mjs"
        path.write_text(view._esm, encoding="utf-8")
        done = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, f"{view.__name__}: {done.stderr}"
