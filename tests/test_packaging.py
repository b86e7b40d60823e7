"""The README, Binder files and packaging agree with each other and with the code."""

import pathlib
import re

import pytest
import tomllib

from games.core import IllegalAction

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_readme_starts_with_exactly_two_commands_install_and_open_then_install_and_test():
    block = re.search(r"<!-- commands -->\n```bash\n(.*?)```\n<!-- /commands -->", README, re.S)
    assert block and README.index("<!-- commands -->") < 100
    open_cmd, test_cmd = block.group(1).strip().splitlines()
    assert 'pip install -e ".[notebook]"' in open_cmd and "jupyter lab notebooks/00_start_here.ipynb" in open_cmd
    assert 'pip install -e ".[test]"' in test_cmd and test_cmd.endswith("-m pytest")


def test_pytest_runs_tests_and_notebooks_under_nbval():
    opts = PYPROJECT["tool"]["pytest"]["ini_options"]
    assert opts["testpaths"] == ["tests", "notebooks"] and "--nbval" in opts["addopts"]
    assert (ROOT / "nbval_sanitize.cfg").is_file()


def test_binder_pins_match_the_notebook_extra_and_install_the_package():
    lines = [ln for ln in (ROOT / "binder/requirements.txt").read_text().splitlines() if ln and ln[0] != "#"]
    extra = PYPROJECT["project"]["optional-dependencies"]["notebook"]
    assert sorted(ln for ln in lines if ln != "-e .") == sorted(extra)
    assert "-e ." in lines
    badge = re.search(r"mybinder\.org/v2/gh/[^)]*urlpath=lab/tree/(notebooks/[\w.]+\.ipynb)", README)
    assert badge and (ROOT / badge.group(1)).is_file()


def test_every_notebook_is_listed_in_the_readme():
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"`{nb.name}`" in README, nb.name


def test_games_depends_on_nothing():
    assert PYPROJECT["project"]["dependencies"] == []


def test_the_readme_api_example_runs_as_written():
    code = re.search(r"## The rules API\n\n```python\n(.*?)```", README, re.S).group(1)
    scope: dict = {}
    for line in code.splitlines():
        statement = line.split("  #")[0].strip()
        if "IllegalAction" in line:
            with pytest.raises(IllegalAction, match="no guild building producing 'gold'"):
                exec(statement, scope)
        elif statement:
            exec(statement, scope)
    again = scope["kutna_hora"].new_economy(players=2, seed=1)
    again.apply("build beer")
    assert str(again.log[-1]) == "The population deck advances to card 1.  [prices.advance · 価格 (Prices)]"
    assert "19 legal actions" in repr(scope["kutna_hora"].new_economy(players=2, seed=1).legal_actions())


def test_the_readme_bot_example_runs_as_written():
    code = re.search(r"evaluation that reads only what that player may know\):\n\n```python\n(.*?)```", README,
                     re.S).group(1)
    scope: dict = {}
    for line in code.splitlines():
        statement = line.split("  #")[0].strip()
        if statement:
            exec(statement, scope)
    game = scope["game"]
    assert game.is_terminal() and game.outcome().winners
    assert game.chart().total == game.scores()
    fresh = scope["kardinal_koenig"].new_game(players=3, seed=7)
    assert repr(fresh.legal_actions()).startswith("<8 legal actions: take 1 1, take 1 14")


def test_every_front_end_file_and_data_file_ships_in_the_wheel():
    """Each static JS/CSS file of a view and each data file of a game matches a package-data pattern of the package
    it lies in (setuptools reads the patterns relative to that package's folder)."""
    import fnmatch

    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]
    needed = [*ROOT.glob("widgets/**/static/*.js"), *ROOT.glob("widgets/**/static/*.css"),
              *ROOT.glob("games/**/*.json")]
    assert needed
    for path in needed:
        rel = path.relative_to(ROOT)
        owners = [(pkg, rel.relative_to(pathlib.Path(*pkg.split(".")))) for pkg in patterns
                  if rel.is_relative_to(pathlib.Path(*pkg.split(".")))]
        assert any(fnmatch.fnmatch(str(inner), pattern) for pkg, inner in owners for pattern in patterns[pkg]), rel


def test_the_readme_design_lab_example_runs_as_written_on_a_smaller_budget():
    code = re.search(r"## The design lab\n.*?```python\n(.*?)```", README, re.S).group(1)
    small = code.replace("games=300", "games=3").replace(".run(jobs=2)", ".run()").replace('"greedy"', '"random"')
    assert small != code
    scope: dict = {}
    exec(compile(small, "README.md (the design lab)", "exec"), scope)
    assert scope["cheap"].changes == {"costs.city.ore": 2} and scope["results"].games == 3


def test_every_variant_file_example_in_the_docs_is_a_variant():
    from games.lab import Variant

    examples = [example for text in (README, (ROOT / "docs" / "lab.md").read_text(encoding="utf-8"))
                for example in re.findall(r"`(\{\"game\": \"[^`]+\})`", text)]
    assert examples
    for example in examples:
        Variant.from_json(example)
