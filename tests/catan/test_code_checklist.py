"""The code checklist of issue 13 for the Catan packages: modules of at most 600 lines, type hints on every public
function, ruff clean, each game's ``evaluation_scale`` written in the rules notes."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from games.catan import CatanGame
from games.catan.cities_knights import CKGame

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "games" / "catan"
MODULES = sorted(PACKAGE.rglob("*.py"))
MOST_LINES = 600


def test_every_module_has_at_most_600_lines():
    long = {str(m.relative_to(ROOT)): n for m in MODULES if (n := len(m.read_text(encoding="utf-8").splitlines())) >
            MOST_LINES}
    assert long == {} and len(MODULES) > 30


def unannotated(tree: ast.Module) -> list[str]:
    """Public functions and methods (of public classes) with a parameter or the return not annotated."""
    out = []

    def visit(node: ast.AST, owner: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef) and not child.name.startswith("_"):
                visit(child, child.name)
            elif isinstance(child, ast.FunctionDef):
                dunder = child.name.startswith("__") and child.name.endswith("__")
                if child.name.startswith("_") and not dunder:
                    continue
                args = [*child.args.posonlyargs, *child.args.args, *child.args.kwonlyargs]
                if owner and args and args[0].arg in ("self", "cls"):
                    args = args[1:]
                args += [a for a in (child.args.vararg, child.args.kwarg) if a is not None]
                if any(a.annotation is None for a in args) or (child.returns is None and child.name != "__init__"):
                    out.append(f"{owner + '.' if owner else ''}{child.name}")

    visit(tree, "")
    return out


@pytest.mark.slow
def test_every_public_function_has_type_hints():
    missing = {str(m.relative_to(ROOT)): names for m in MODULES
               if (names := unannotated(ast.parse(m.read_text(encoding="utf-8"))))}
    assert missing == {}


def test_the_hint_check_finds_a_function_without_hints():
    assert unannotated(ast.parse("def f(x): ...\nclass A:\n    def g(self, y: int) -> int: ...\n")) == ["f"]


@pytest.mark.skipif(shutil.which("ruff", path=str(Path(sys.executable).parent)) is None, reason="ruff not installed")
def test_ruff_finds_nothing_in_the_catan_code_and_tests():
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    done = subprocess.run([ruff, "check", "games/catan", "tests/catan"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("cls", [CatanGame, CKGame], ids=lambda c: c.game_id)
def test_the_evaluation_scale_is_written_in_the_rules_notes(cls):
    notes = (ROOT / "docs" / "rules_notes" / "catan.md").read_text(encoding="utf-8")
    assert f"`evaluation_scale = {cls.evaluation_scale}`" in notes
