"""Reading a composed front end in tests: one module's own part of the ES module, the classes a view's sheets
style."""

from __future__ import annotations

import re


def own_js(js: str, module: str) -> str:
    """The composed module from ``module`` (``"chartres/static/cellar.js"``) on: what the runtime is not."""
    return js.split(f"// ---- {module}")[1]


def own_classes(css: str, sheet: str) -> list[str]:
    """Every selector part of the composed styles from ``sheet`` on (comments left out)."""
    text = re.sub(r"/\*.*?\*/", "", css[css.index(f"/* ---- {sheet} */"):], flags=re.S)
    return [part for sel in re.findall(r"(?m)^\s*([^@{}\s][^{}]*)\{", text)
            for part in re.split(r"\s*[, >]\s*", sel.strip()) if part]
