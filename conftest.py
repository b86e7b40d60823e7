"""How the whole suite is laid out for its lanes and its two processes (tests/README.md says it in full).

* Every lesson's cells under nbval carry the mark ``notebook``; a test whose call takes seconds carries ``slow``
  (written on the test); the real-browser tests carry ``browser`` (``tests/browser``).
* Every other test gets the mark ``quick``: ``pytest -m quick`` is the quick lane (unit, property and scenario
  tests of every package), about a minute on two cores.
* The full run uses two worker processes (pytest-xdist, ``-n 2`` in pyproject's ``addopts``), scheduled in units
  by :class:`SuiteScheduling`: a lesson's cells share one kernel and run in order, so each notebook is one unit; the
  browser tests that share a server (JupyterLab, Voila) are one unit per server, so each server and its page start
  once; any other browser test file is a unit of its own; every other test is a unit alone, run by whichever
  worker is free. Units start in the order they are collected (``--no-loadscope-reorder``): the long browser
  units first, so that no long unit starts last.
* The controller (the process a run starts) empties ``test-artifacts/screenshots`` once at the start and prints
  the report sections the workers send back (the browser suite's click-to-redraw medians).
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent
#: Marks that keep a test out of the quick lane.
NOT_QUICK = ("slow", "browser", "notebook")
#: The browser suite's session servers (tests/browser/conftest.py): a browser test file naming one of these fixtures
#: is scheduled with the other files that name it (the first found in this order).
SERVER_UNITS = {"lab_page": "browser-jupyterlab", "notebook7_page": "browser-jupyterlab",
                "voila_lessons": "browser-voila"}
ARTIFACTS = ROOT / "test-artifacts"

# Some machines set PYTHONDONTWRITEBYTECODE; pytest then rewrites the asserts of every test module again in every
# process of every run (about 10 s of CPU for this suite, twice with two workers: a sixth of the quick lane). The
# rewritten modules are cached in __pycache__ (ignored by git) whatever the variable says.
sys.dont_write_bytecode = False


def pytest_itemcollected(item: pytest.Item) -> None:
    """Each item's lane marks, as it is collected (before ``-m`` selects)."""
    if item.path.suffix == ".ipynb":  # a lesson's cell collected by nbval
        item.add_marker(pytest.mark.notebook)
    if not any(item.get_closest_marker(name) for name in NOT_QUICK):
        item.add_marker(pytest.mark.quick)


@functools.cache
def browser_unit(path: str) -> str:
    """The unit of a browser test file: the server it shares with other files, or the file itself."""
    try:
        text = (ROOT / path).read_text(encoding="utf-8")
    except OSError:
        return path
    return next((unit for fixture, unit in SERVER_UNITS.items() if fixture in text), path)


def unit_of(nodeid: str) -> str:
    """The scheduling unit of a test: its notebook, its browser server or file, or the test alone."""
    path = nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        return path
    if path.startswith("tests/browser/"):
        return browser_unit(path)
    return nodeid


@pytest.hookimpl(optionalhook=True, tryfirst=True)  # a pytest-xdist hook: how the controller hands out the tests
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    # pytest-xdist's own groups (--dist loadgroup, xdist_group) rename items by their nodeid, which pytest 9 no
    # longer reads: the units are told apart here instead, from the nodeids alone.
    from xdist.scheduler import LoadScopeScheduling

    class SuiteScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    return SuiteScheduling(config, log)


def is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_sessionstart(session: pytest.Session) -> None:
    if not is_worker(session.config):  # the artifacts describe this run only
        for old in (ARTIFACTS / "screenshots").glob("*.png"):
            old.unlink()


#: Report sections the workers sent back: (title, lines).
_SECTIONS: list[tuple[str, list[str]]] = []


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: called in the controller as each worker ends
def pytest_testnodedown(node, error) -> None:
    sent = getattr(node, "workeroutput", {}).get("report_sections")
    _SECTIONS.extend((title, lines) for title, lines in json.loads(sent or "[]"))


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    for title, lines in sorted(_SECTIONS):
        terminalreporter.section(title)
        for line in lines:
            terminalreporter.write_line(line)
