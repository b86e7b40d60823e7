"""The layers of docs/architecture.md hold: each module imports only what its layer may.

* ``games/core``: the standard library only (and the registry ``games.GAMES``, read by the fuzz command).
* ``games/lab``: like the kernel, it knows no game by name: the standard library, ``games.core``, the registry
  ``games`` and its own package.
* ``games/<game>``: the standard library, ``games.core`` and its own package (never another game, never views).
* ``widgets/shared``: ``games`` (the kernel, the registry and the lab), the notebook libraries, ``widgets.shared``;
  no game.
* ``widgets/<game>``: the above, ``games.<game>`` and its own package; never another game's rules or views.
"""

from __future__ import annotations

import ast
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOK_LIBRARIES = {"anywidget", "ipywidgets", "traitlets", "pandas", "plotly", "IPython", "numpy"}
#: Packages of ``games/`` that know no game by name (the kernel and the design lab).
GENERIC = ("core", "lab")
GAME_PACKAGES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists()
                       and p.name not in GENERIC)


def imports(path: pathlib.Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, as an absolute dotted name (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.relative_to(ROOT).parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.append((node.lineno, name))
    return out


def allowed(layer: str, game: str | None, name: str) -> bool:
    top = name.split(".")[0]
    if top in sys.stdlib_module_names or top == "__future__":
        return True
    own = f"{layer}.{game}" if game else f"{layer}.shared"
    if name == own or name.startswith(own + "."):
        return True
    if layer == "games":
        # the kernel's commands (the fuzz command) and the lab may read the registry, games.GAMES: it names no game
        return name == "games.core" or name.startswith("games.core.") or (game in (None, "lab") and name == "games")
    # widgets
    if top in NOTEBOOK_LIBRARIES:
        return True
    if name == "games" or name.startswith("games.core") or name == "games.lab" or name.startswith("games.lab."):
        return True
    if name == "widgets.shared" or name.startswith("widgets.shared."):
        return True
    return game is not None and (name == f"games.{game}" or name.startswith(f"games.{game}."))


def modules(layer: str) -> list[tuple[pathlib.Path, str | None]]:
    out = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        parts = path.relative_to(ROOT / layer).parts
        if len(parts) == 1:  # the layer's own __init__ (the registry, the lazy names): checked below
            continue
        game = None if parts[0] in ("core", "shared") else parts[0]
        out.append((path, game))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("layer", ["games", "widgets"])
def test_every_module_imports_only_what_its_layer_may(layer):
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {name}"
             for path, game in modules(layer) for line, name in imports(path) if not allowed(layer, game, name)]
    assert wrong == []


def test_the_package_roots_import_nothing_of_a_game_at_import_time():
    for init in (ROOT / "games" / "__init__.py", ROOT / "widgets" / "__init__.py"):
        names = [name for _, name in imports(init)]
        assert not [n for n in names if any(n.startswith(f"{top}.{g}") for top in ("games", "widgets")
                                            for g in GAME_PACKAGES)], init


def test_the_check_itself_refuses_what_the_layers_forbid():
    assert not allowed("games", "chartres", "games.kutna_hora.mines")
    assert not allowed("games", "chartres", "widgets.chartres")
    assert not allowed("games", None, "games.chartres")
    assert not allowed("widgets", "chartres", "widgets.kutna_hora.table")
    assert not allowed("widgets", None, "games.chartres")
    assert not allowed("widgets", None, "widgets.chartres")
    assert allowed("widgets", "chartres", "games.chartres.wine") and allowed("widgets", "chartres", "pandas")
    assert allowed("games", "chartres", "games.core") and allowed("games", "chartres", "games.chartres.data.approx")
    assert allowed("games", "lab", "games") and not allowed("games", "lab", "games.catan.game")
    assert not allowed("games", "chartres", "games.lab")
