"""The rules package must run anywhere Python runs (JupyterLite / Pyodide included): standard library only."""

import ast
import pathlib
import subprocess
import sys

import pytest

import games

pytestmark = pytest.mark.slow  # every test here takes seconds (tests/README.md)

ROOT = pathlib.Path(games.__file__).parent


def test_no_module_in_games_imports_a_third_party_package():
    bad = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "games":
                    bad.append(f"{path.relative_to(ROOT)}: {name}")
    assert bad == []


def test_no_engine_module_uses_the_global_random():
    users = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py")
             if any(isinstance(n, (ast.Import, ast.ImportFrom)) and "random" in
                    ([a.name for a in n.names] if isinstance(n, ast.Import) else [n.module or ""])
                    for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))))]
    assert users == []


def test_importing_and_playing_loads_no_third_party_module():
    code = ("import sys; before = set(sys.modules)\n"
            "import games, games.kutna_hora as k; g = k.new_economy(); g.apply('build beer'); g.to_json()\n"
            "import games.kardinal_koenig as kk, games.core.bots as b; b.play_out(kk.new_game(), [b.GreedyBot()] * 3)\n"
            "import games.core.fuzz\n"
            "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
            "print(sorted(m for m in new if m not in sys.stdlib_module_names and m != 'games'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
