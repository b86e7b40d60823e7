"""The game reports its last barbarian attack itself (``CKGame.last_barbarian_attack``, kept by the flow): the same
texts, in the same order, as a scan of the log finds (what the table did before the game reported it), at every
decision of seeded random games (attacks held, won and tied, meanies variant too); the table announces that report."""

from __future__ import annotations

import random

import pytest

from games.catan.cities_knights import CKGame
from widgets.catan.table import barbarian_attack

#: The rules whose events make up a barbarian attack's report, in the order the engine logs them.
ATTACK_RULES = ("barbarians.strength", "barbarians.defence", "barbarians.defender", "barbarians.tie",
                "barbarians.pillage", "barbarians.immune", "decision.ck-defender-needs-knights")


def scanned(game: CKGame) -> list[str]:
    """The last attack as the log shows it: the events of its rules logged by the decision of the last strength."""
    log = game.log
    k = len(log)
    while k and log[k - 1].rule != "barbarians.strength":
        k -= 1
    if not k:
        return []
    step = log[k - 1].step
    return [e.text for e in log[k - 1:] if e.step == step and e.rule in ATTACK_RULES]


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
        assert reported == scanned(game) == barbarian_attack(game)
    assert game.state.attacks >= 1 and game.last_barbarian_attack()[0].startswith("The barbarians' strength is")


def test_no_attack_no_report() -> None:
    game = CKGame(None, 0, players=3)
    assert game.last_barbarian_attack() == [] == scanned(game) == barbarian_attack(game)
