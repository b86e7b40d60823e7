"""Every lesson says whether it runs in the offline classroom site (metadata ``site.tag``: ``full`` or ``online``),
an ``online`` lesson says why, and a ``full`` lesson imports nothing the site does not have (the standard library
and the modules of ``scripts/build_site.py``'s ``OFFLINE_MODULES``). The browser suite runs the ``full`` lessons in
the site itself (tests/browser/test_site.py), and tests/widgets/shared/test_frames.py runs them under nbval with pandas
blocked (the site has no pandas; their tables come from ``widgets.shared.frames``)."""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LESSONS = sorted((REPO / "notebooks").glob("*.ipynb"))


def build_site_module():
    spec = importlib.util.spec_from_file_location("build_site", REPO / "scripts" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


OFFLINE = build_site_module().OFFLINE_MODULES


def site_tag(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))["metadata"].get("site", {})


def imported_roots(path: Path) -> set[str]:
    """The top-level modules a notebook's code cells import (IPython magics and shell lines skipped)."""
    roots: set[str] = set()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(line for line in cell["source"] if not line.lstrip().startswith(("%", "!")))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                roots.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                roots.add(node.module.split(".")[0])
    return roots


def test_there_are_lessons_and_some_run_offline() -> None:
    assert LESSONS
    assert any(site_tag(p).get("tag") == "full" for p in LESSONS), "no lesson runs in the offline site"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_has_a_site_tag(path: Path) -> None:
    tag = site_tag(path)
    assert tag.get("tag") in ("full", "online"), f"{path.name}: metadata.site.tag must be 'full' or 'online': {tag}"
    if tag["tag"] == "online":
        assert len(tag.get("why", "")) > 20, f"{path.name}: an online lesson says why in metadata.site.why"
    else:  # a reason to need the internet stays only on lessons that still need it
        assert not {"why", "needs"} & set(tag), f"{path.name} is tagged full but still says why it needs more: {tag}"


@pytest.mark.parametrize("path", [p for p in LESSONS if site_tag(p).get("tag") == "full"], ids=lambda p: p.stem)
def test_full_lessons_import_only_what_the_site_has(path: Path) -> None:
    missing = sorted(m for m in imported_roots(path) - OFFLINE if m not in sys.stdlib_module_names)
    assert not missing, f"{path.name} is tagged full but imports {missing}, which the offline site does not have"


def test_the_import_check_sees_pandas(tmp_path: Path) -> None:
    """The check above finds an import in any form (a guard against a check that cannot fail)."""
    nb = {"cells": [{"cell_type": "code", "source": ["%matplotlib inline\n", "import os, pandas.api as p\n"]},
                    {"cell_type": "code", "source": ["from numpy import array\n", "from . import x\n"]}],
          "metadata": {}}
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps(nb))
    assert imported_roots(path) == {"os", "pandas", "numpy"}
