"""The README, Binder files and packaging agree with each other and with the code."""

import importlib.metadata
import pathlib
import re
import tomllib

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

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


def test_the_full_run_uses_both_cores_keeps_notebooks_whole_and_prints_the_slowest_tests():
    from conftest import unit_of

    assert unit_of("notebooks/07_x.ipynb::Cell 3") == unit_of("notebooks/07_x.ipynb::Cell 9") != unit_of("a.py::t")
    assert unit_of("tests/browser/test_lab_notebooks.py::t[a]") == unit_of("tests/browser/test_every_kind.py::t")
    assert unit_of("tests/browser/test_play_pages.py::t") == unit_of("tests/browser/test_voila_lessons.py::t[b]")
    assert unit_of("tests/core/test_rng.py::t[1]") != unit_of("tests/core/test_rng.py::t[2]")
    opts = PYPROJECT["tool"]["pytest"]["ini_options"]["addopts"].split()
    assert opts[opts.index("-n") + 1] == "2" and "--no-loadscope-reorder" in opts
    assert "--durations=25" in opts and "no:cacheprovider" not in opts, "--lf, --ff and --sw need the cache"
    pins = [Requirement(r) for r in PYPROJECT["project"]["optional-dependencies"]["test"]]
    assert any(r.name == "pytest-xdist" and str(r.specifier).startswith("==") for r in pins)


def test_the_readme_gives_the_quick_lane_below_the_two_commands_and_tests_readme_its_marks():
    below = README[README.index("<!-- /commands -->"):]
    lane = re.search(r"^\.venv/bin/python -m pytest -m quick\b", below, re.M)
    assert lane and lane.start() < below.index("\n## "), "the quick lane is the third command, before any section"
    guide = (ROOT / "tests" / "README.md").read_text(encoding="utf-8")
    marks = [m.split(":")[0].split("(")[0] for m in PYPROJECT["tool"]["pytest"]["ini_options"]["markers"]]
    assert marks and all(f"`{mark}" in guide for mark in marks), "every registered mark is explained"


#: Python minor versions a claim may name (3.0 to 3.29: far beyond any release of the pins' lifetime).
MINORS = [f"3.{minor}" for minor in range(30)]


def floor_of(spec: str) -> str:
    """The lowest Python 3 minor version a ``Requires-Python`` specifier admits (``">=3.10"`` -> ``"3.10"``)."""
    admitted = [v for v in MINORS if SpecifierSet(spec).contains(f"{v}.0")]
    assert admitted, f"no Python 3 release satisfies {spec!r}"
    return admitted[0]


def pinned(extras: list[str]) -> list[Requirement]:
    """The pinned (``==``) requirements of ``extras``, as written in pyproject.toml."""
    reqs = [Requirement(text) for extra in extras for text in PYPROJECT["project"]["optional-dependencies"][extra]]
    return [r for r in reqs if any(s.operator == "==" for s in r.specifier)]


def test_the_python_claim_is_the_highest_floor_of_the_pins():
    """requires-python claims exactly what every pin installs on: the highest of the pins' own Requires-Python
    floors (read from the installed distributions; the test extra installs the notebook and lab extras), and every
    pin admits that Python (no upper bound below it)."""
    claim = PYPROJECT["project"]["requires-python"]
    assert re.fullmatch(r">=3\.\d+", claim), claim
    floors = {}
    for req in pinned(["notebook", "lab", "test"]):
        meta = importlib.metadata.metadata(req.name)
        assert req.specifier.contains(meta["Version"]), f"{req.name} {meta['Version']} is installed, not {req}"
        floors[req.name] = floor_of(meta.get("Requires-Python") or ">=3.0")
        assert SpecifierSet(meta.get("Requires-Python") or "").contains(f"{claim[2:]}.0"), (req.name, claim)
    highest = max(floors.values(), key=lambda v: tuple(map(int, v.split("."))))
    assert claim == f">={highest}", f"the pins need Python {highest}: " + ", ".join(
        f"{name} {v}" for name, v in sorted(floors.items()) if v == highest)
    assert PYPROJECT["tool"]["ruff"]["target-version"] == "py" + highest.replace(".", "")


def test_ci_runs_the_readme_commands_on_the_claimed_floor():
    run = (ROOT / ".ci/run").read_text(encoding="utf-8")
    assert "requires-python" in run and 'python$floor' in run  # reads the claim and runs on that Python


def test_binder_files_install_what_pyproject_pins_on_a_python_the_package_claims():
    lines = [ln for ln in (ROOT / "binder/requirements.txt").read_text().splitlines() if ln and ln[0] != "#"]
    extra = PYPROJECT["project"]["optional-dependencies"]["notebook"]
    assert sorted(ln for ln in lines if ln != "-e .") == sorted(extra)
    assert "-e ." in lines  # the package itself, editable (repo2docker copies the repository first)
    runtime = (ROOT / "binder/runtime.txt").read_text().strip()
    version = re.fullmatch(r"python-(3\.\d+)", runtime)
    assert version, runtime
    assert SpecifierSet(PYPROJECT["project"]["requires-python"]).contains(f"{version.group(1)}.0")
    for req in pinned(["notebook"]):
        needs = importlib.metadata.metadata(req.name).get("Requires-Python") or ""
        assert SpecifierSet(needs).contains(f"{version.group(1)}.0"), (req.name, needs, runtime)


def test_the_readme_says_how_to_launch_the_lessons_on_binder_from_your_own_copy():
    assert not re.search(r"mybinder\.org/v2/gh/boardgame-notebooks/", README), "a badge to a placeholder repository"
    binder = README[README.index("## Binder"):]
    assert "fork" in binder.lower()
    links = re.findall(r"https://mybinder\.org/v2/gh/YOUR-GITHUB-NAME/([\w.-]+)/HEAD\?urlpath=([^\s)`]+)", binder)
    assert links, "no launch link pattern"
    for _repo, path in links:
        target = re.fullmatch(r"(?:lab/tree|voila/render)/(notebooks/[\w/.]+\.ipynb)", path)
        assert target and (ROOT / target.group(1)).is_file(), path
    assert any(path.startswith("voila/render/notebooks/play/") for _repo, path in links)


def test_the_readme_says_what_to_do_as_root():
    below = README[README.index("<!-- /commands -->"):]
    assert "Running as root is not recommended" in below and "--allow-root" in below


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


@pytest.mark.slow  # an experiment of the design lab, cut small
def test_the_readme_design_lab_example_runs_as_written_on_a_smaller_budget():
    code = re.search(r"## The design lab\n.*?```python\n(.*?)```", README, re.S).group(1)
    small = code.replace("games=300", "games=3").replace(".run(jobs=2)", ".run()").replace('"greedy"', '"random"')
    assert small != code
    scope: dict = {}
    exec(compile(small, "README.md (the design lab)", "exec"), scope)
    assert scope["cheap"].changes == {"costs.city.ore": 2} and scope["results"].games == 3


def test_every_variant_and_target_file_example_in_the_docs_reads():
    from games.lab import Variant
    from games.lab.targets import Target

    examples = [example for text in (README, (ROOT / "docs" / "lab.md").read_text(encoding="utf-8"))
                for example in re.findall(r"`(\{\"game\": \"[^`]+\})`", text)]
    targets = [example for example in examples if '"goals"' in example]
    assert targets and len(targets) < len(examples)  # both kinds of file are shown
    for example in examples:
        (Target if example in targets else Variant).from_json(example)
