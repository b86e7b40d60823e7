"""Lesson 12's set-up cells run again after the learner has played on, as its text invites: the first one starts
the table over (its undo brings the game back), the next ones play their steps again, and none raises. The cells
are run from the notebook itself, in order, with a stand-in for IPython's ``display``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # every test here takes seconds (tests/README.md)

LESSON = Path(__file__).resolve().parents[3] / "notebooks" / "12_catan_play_cities_knights.ipynb"


def code_cells() -> list[str]:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def test_the_set_up_runs_again_after_playing_on():
    cells = code_cells()
    start = next(i for i, src in enumerate(cells) if "table.reset()" in src)   # the first set-up cell
    end = next(i for i, src in enumerate(cells) if 'table.act("end")' in src)  # the first turn's end
    shown: list = []
    scope: dict = {"display": shown.append}
    for src in cells[:end + 1]:
        exec(compile(src, str(LESSON), "exec"), scope)  # noqa: S102 - the lesson's own cells
    table = scope["table"]
    first_turn = len(table.game.history)
    for _ in range(8):  # the learner plays on
        assert table.act(table.game.legal_actions().texts()[0])
    played = len(table.game.history)
    assert played > first_turn
    for src in reversed(cells[start + 1:end + 1]):  # out of order: each step plays only at its own decision
        exec(compile(src, str(LESSON), "exec"), scope)  # noqa: S102
    assert len(table.game.history) == played, "a step cell run out of order changes nothing"
    for src in cells[start:end + 1]:
        exec(compile(src, str(LESSON), "exec"), scope)  # noqa: S102
    assert len(table.game.history) == first_turn, "the set-up played again, to the end of the first turn"
    assert table.game.state.turn > 1 and table.game.pending().player == 0
