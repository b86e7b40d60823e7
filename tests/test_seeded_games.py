"""Every game id and player count plays the same seeded random games as recorded (``tests/data/seeded_games.json``):
the same pending decisions, legal actions in the same order, actions, scores and events, and the same save.

Recorded before the refactor of issue 27 (one shape for every game package), which had to keep behaviour exactly;
a change of rules that is meant to change play records them again with ``python -m tests.seeded_games --write`` and
says so in its commit."""

from __future__ import annotations

import json

import pytest

from tests.seeded_games import FILE, configs, fingerprint, key

RECORDED = json.loads(FILE.read_text())


def test_every_game_id_and_player_count_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(key(*c) for c in configs())


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players, seed", configs(), ids=[key(*c) for c in configs()])
def test_seeded_random_game_is_as_recorded(game_id: str, players: int, seed: int) -> None:
    found, recorded = fingerprint(game_id, players, seed), RECORDED[key(game_id, players, seed)]
    assert found["decisions"] == recorded["decisions"], "a different number of decisions"
    assert found["play"] == recorded["play"], "different decisions, legal actions, actions or scores"
    assert found["events"] == recorded["events"], "different events (rule ids or texts)"
    assert found["save"] == recorded["save"], "a different save (config, seed or actions)"
