"""Names a package offers from its sub-modules, each imported on first use, so that importing the package stays quick
and a lesson loads only its own game's views (``widgets`` and ``widgets.lab``)."""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable


def lazy_names(package: str, homes: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of ``package`` whose names ``homes`` maps to the modules that
    define them."""

    def __getattr__(name: str) -> Any:
        if name in homes:
            return getattr(importlib.import_module(homes[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted([*vars(sys.modules[package]), *homes])

    return __getattr__, __dir__
