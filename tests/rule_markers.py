"""Find the tests marked ``@rule("<id>")`` in a directory (shared by every game's rules-coverage test)."""

from __future__ import annotations

import ast
import pathlib


def _marks(func: ast.FunctionDef) -> tuple[list[str], bool]:
    """The ids of ``@rule("...")`` on a test, and whether it is marked xfail."""
    ids, xfail = [], False
    for deco in func.decorator_list:
        call = deco if isinstance(deco, ast.Call) else None
        target = call.func if call else deco
        name = target.id if isinstance(target, ast.Name) else target.attr if isinstance(target, ast.Attribute) else ""
        if name == "rule" and call and call.args and isinstance(call.args[0], ast.Constant):
            ids.append(call.args[0].value)
        xfail |= name == "xfail"
    return ids, xfail


def marked_rules(directory: pathlib.Path, include_xfail: bool = False) -> dict[str, list[str]]:
    """Rule id -> ``file::test`` names of the tests in ``directory`` that carry it (xfail tests only on request:
    a test expected to fail does not cover its rule)."""
    found: dict[str, list[str]] = {}
    for path in sorted(directory.glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                ids, xfail = _marks(node)
                for rule_id in ids:
                    if include_xfail or not xfail:
                        found.setdefault(rule_id, []).append(f"{path.name}::{node.name}")
    return found
