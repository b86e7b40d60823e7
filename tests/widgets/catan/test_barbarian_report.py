"""The game reports its last barbarian attack itself (``CKGame.last_barbarian_attack``, kept by the flow): the same
texts, in the same order, as the table's scan of the log (``CatanTable.last_attack``), at every decision of seeded
random games (attacks held, won and tied, meanies variant too)."""

from __future__ import annotations

import random

import pytest

from games.catan.cities_knights import CKGame
from widgets.catan import CatanTable


@pytest.mark.parametrize("seed, meanies", [(1, False), (2, False), (3, True)])
def test_the_game_reports_the_attack_the_log_shows(seed: int, meanies: bool) -> None:
    game = CKGame(None, seed, players=3, meanies=meanies)
    rng = random.Random(seed)
    for _ in range(3000):
        if game.is_terminal() or game.state.attacks >= 2:
            break
        legal = game.legal_actions()
        game.apply(rng.choices(list(legal), weights=game.random_weights(legal))[0])
        reported = game.last_barbarian_attack()
        assert reported == CatanTable.last_attack(game)
    assert game.state.attacks >= 1 and game.last_barbarian_attack()[0].startswith("The barbarians' strength is")


def test_no_attack_no_report() -> None:
    game = CKGame(None, 0, players=3)
    assert game.last_barbarian_attack() == [] == CatanTable.last_attack(game)
