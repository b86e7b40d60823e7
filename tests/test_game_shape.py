"""Every game package has one shape (issue 27): the kernel owns the decision flow, steps are declared once, and a
game package has no import cycle at run time.

* Every registered game id is a :class:`~games.core.StepGame` that overrides none of the kernel's flow (what is
  pending, who decides, the legal actions, the refusals, apply): its ``game.py`` never dispatches a verb.
* Its steps are one :class:`~games.core.Steps` table, every step defined in a mechanic's module (not in ``game.py``),
  pending on ``state.stack``.
* Inside a game package no module imports, directly or through others, a module that imports it back, counting imports
  inside functions (they run) and leaving out those under ``if TYPE_CHECKING:`` (annotations only).
"""

from __future__ import annotations

import ast
import importlib
import pathlib

import pytest

from games import GAMES, game_class
from games.core import Step, StepGame, Steps

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The kernel's flow, which no game overrides.
FLOW = ("_step_now", "_apply", "_legal", "_legal_of", "_decider", "pending", "_why_illegal", "_settle")
PACKAGES = ("games/kutna_hora", "games/kardinal_koenig", "games/chartres", "games/catan",
            "games/catan/cities_knights")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_kernel_owns_the_decision_flow(game_id: str) -> None:
    cls = game_class(game_id)
    assert issubclass(cls, StepGame), f"{game_id} is not a StepGame"
    overridden = [name for name in FLOW if getattr(cls, name) is not getattr(StepGame, name)]
    assert not overridden, f"{game_id} overrides the kernel's flow: {', '.join(overridden)}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_steps_are_declared_once_in_the_mechanics_and_wait_on_the_stack(game_id: str) -> None:
    cls = game_class(game_id)
    assert isinstance(cls.steps, Steps) and len(cls.steps.decisions()) >= 1
    for kind, step in cls.steps.items():
        assert isinstance(step, Step) and step.kind == kind
        module = type(step).__module__
        assert not module.endswith(".game"), f"step {kind} is defined in {module}: a game.py does not hold steps"
    game = cls(None, 0, players=cls.min_players)
    stack = game.state.stack
    assert isinstance(stack, list) and stack, "the first decision waits on state.stack"
    assert stack[-1].kind == game.pending().kind and stack[-1].player == game.pending().player
    assert all(frame.kind in cls.steps for frame in stack)


def _imports(path: pathlib.Path, package: str) -> set[str]:
    """The modules of ``package`` that ``path`` imports at run time (annotation-only imports left out)."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    module = package + "." + path.stem if path.stem != "__init__" else package

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, ast.ImportFrom) and child.level:
                parts = module.split(".")
                drop = child.level - (1 if path.stem == "__init__" else 0)
                base = ".".join(parts[:len(parts) - drop]) if drop else module
                target = f"{base}.{child.module}" if child.module else base
                for alias in child.names:
                    candidate = f"{target}.{alias.name}"
                    found.add(candidate if _is_module(candidate) else target)
            elif isinstance(child, ast.ImportFrom) and child.module:
                found.add(child.module)
            elif isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            walk(child)

    walk(tree)
    return {name for name in found if name.startswith(package + ".") and name.count(".") == package.count(".") + 1}


def _is_module(name: str) -> bool:
    path = ROOT / name.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


@pytest.mark.slow
@pytest.mark.parametrize("folder", PACKAGES)
def test_a_game_package_has_no_import_cycle_at_run_time(folder: str) -> None:
    package = folder.replace("/", ".")
    importlib.import_module(package)
    graph = {f"{package}.{path.stem}": _imports(path, package)
             for path in sorted((ROOT / folder).glob("*.py")) if path.stem != "__init__"}
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(name.rsplit(".", 1)[1] for name in cycle)


def test_the_cycle_finder_finds_a_cycle_and_passes_a_tree() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
