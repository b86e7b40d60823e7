"""The front end of every view, composed at import time: no JavaScript build step for users.

The browser side of a view is written as small ES modules under ``widgets/*/static/``: the shared runtime
(``shared/static/runtime.js``: elements, buttons, intents, redraw loop, focus, cleanup; ``view_parts.js``: message
line, action bar, time travel, event log; ``choices.js``: the turn's choices on the board), one renderer per board
(``kutna_hora/static/mine_board.js`` draws the mine board wherever it appears) and one entry module per view
that imports what it draws and ends with ``export default { render }``.

anywidget loads one module per view, so :func:`esm` inlines an entry module's relative imports
(``import { make, mount } from "../../shared/static/runtime.js";``) into one text, each module once and before the
modules that use it, and drops their ``export`` keywords. It refuses a module that two imports reach under
different names, an imported name its module does not export, and two modules that declare the same top-level
name, so a clash is a Python error at import time instead of a blank view. :func:`css` does the same for styles:
the runtime's sheet first, then the boards'.
"""

from __future__ import annotations

import functools
import pathlib
import re

#: The folder module paths are relative to (the ``widgets`` package).
ROOT = pathlib.Path(__file__).resolve().parent.parent
RUNTIME_CSS = "shared/static/runtime.css"

_IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"(\.{1,2}/[^"]+)";[ \t]*\n', re.M)
_ANY_IMPORT = re.compile(r"^\s*import\b", re.M)
_EXPORT = re.compile(r"^export (?=(?:async\s+)?(?:function|const|let|class)\b)", re.M)
_DEFAULT = re.compile(r"^export default\b", re.M)
_DECLARED = re.compile(r"^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)", re.M)
_EXPORTED = re.compile(r"^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)", re.M)


class FrontendError(ValueError):
    """A view's modules cannot be composed (a missing file, an unknown import, a name declared twice)."""


def _resolve(base: pathlib.Path, spec: str) -> pathlib.Path:
    return (base.parent / spec).resolve()


def _name(path: pathlib.Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _read(path: pathlib.Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as err:
        raise FrontendError(f"front-end module {path} cannot be read: {err}") from err


def _order(entry: pathlib.Path) -> list[pathlib.Path]:
    """The modules ``entry`` needs, each once, dependencies first; checks each imported name is exported."""
    done: list[pathlib.Path] = []
    visiting: list[pathlib.Path] = []

    def visit(path: pathlib.Path) -> None:
        if path in done:
            return
        if path in visiting:
            raise FrontendError(f"front-end modules import each other in a circle: {_name(path)}")
        visiting.append(path)
        text = _read(path)
        for names, spec in _IMPORT.findall(text):
            dependency = _resolve(path, spec)
            visit(dependency)
            exported = set(_EXPORTED.findall(_read(dependency)))
            for name in (n.strip() for n in names.split(",") if n.strip()):
                if " as " in name:
                    raise FrontendError(f"{_name(path)}: renamed imports ('{name}') are not supported")
                if name not in exported:
                    raise FrontendError(f"{_name(path)} imports {name!r}, which {_name(dependency)} does not export")
        visiting.pop()
        done.append(path)

    visit(entry)
    return done


@functools.cache
def esm(entry: str) -> str:
    """The view module ``entry`` (a path relative to ``widgets/``) with its imports inlined (module docstring)."""
    entry_path = (ROOT / entry).resolve()
    modules = _order(entry_path)
    owners: dict[str, str] = {}
    parts = [f"// composed by widgets/shared/frontend.py from: {', '.join(_name(m) for m in modules)}\n"]
    for path in modules:
        text = _IMPORT.sub("", _read(path))
        if _ANY_IMPORT.search(text):
            raise FrontendError(f"{_name(path)}: only relative imports of the form "
                                "'import {{ a, b }} from \"./x.js\";' can be composed")
        if path != entry_path and _DEFAULT.search(text):
            raise FrontendError(f"{_name(path)} has a default export but is imported by another module")
        if path == entry_path and not _DEFAULT.search(text):
            raise FrontendError(f"{_name(path)} is a view's entry module and needs 'export default {{ render }}'")
        for name in _DECLARED.findall(text):
            if name in owners:
                raise FrontendError(f"{name!r} is declared by both {owners[name]} and {_name(path)}")
            owners[name] = _name(path)
        body = _EXPORT.sub("", text) if path != entry_path else text
        parts.append(f"// ---- {_name(path)}\n{body}")
    return "\n".join(parts)


@functools.cache
def css(*sheets: str) -> str:
    """The runtime's styles followed by ``sheets`` (paths relative to ``widgets/``)."""
    paths = [ROOT / RUNTIME_CSS, *(ROOT / s for s in sheets)]
    return "\n".join(f"/* ---- {_name(p.resolve())} */\n{_read(p)}" for p in dict.fromkeys(paths))
