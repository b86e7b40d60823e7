"""One tiny experiment the chart and lab tests share: Kardinal & König (the quickest game with a table), the printed
game against a variant, random bots, two seeds of three rotations."""

from __future__ import annotations

import comm
import pytest

from games.lab import Experiment, Variant, parameters

GAME = "kardinal_koenig.cards"
BOTS = ["greedy", "random", "random"]


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)


def changed_variant() -> Variant:
    """A variant that changes one number (skipped, with the reason, while the game lists none to change)."""
    rows = [r for r in parameters(GAME) if r["kind"] == "int" and r["parameter"] == "road_minimum"]
    if not rows:
        pytest.skip(f"{GAME} does not list road_minimum yet")
    return Variant(GAME, {"road_minimum": rows[0]["value"] - 2}, name="short roads")


@pytest.fixture(scope="session")
def results():
    variant = changed_variant()
    return Experiment(Variant(GAME), [variant], bots=BOTS, games=6, stop="turns").run()
