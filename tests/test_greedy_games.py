"""The greedy bots choose exactly as recorded (``tests/data/greedy_games.json``, made by ``tests/greedy_games.py``
before their speed work): every game id and player count, 16 seeded games each, every action compared through a
digest with checkpoints. And the design lab's kept experiments, which lessons 13 and 14 read, replay action by
action: a game of each arm played again from its key takes the actions the store kept."""

from __future__ import annotations

import json

import pytest

from games.lab import Store
from games.lab.lineup import BotSpec
from games.lab.playing import GameKey, play
from games.lab.variants import Variant
from tests.greedy_games import FILE, SEEDS, configs, first_difference, key
from tests.greedy_games import play as play_greedy
from widgets.lab.kept import RESULTS

RECORDED = json.loads(FILE.read_text())
GROUPS = sorted({(game_id, players) for game_id, players, _ in configs()})


def test_every_game_id_and_player_count_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(key(*c) for c in configs())


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", GROUPS, ids=[f"{g} {p}p" for g, p in GROUPS])
def test_greedy_games_choose_as_recorded(game_id: str, players: int) -> None:
    differ = []
    for seed in SEEDS:
        found, recorded = play_greedy(game_id, players, seed), RECORDED[key(game_id, players, seed)]
        if found != recorded:
            differ.append(f"seed {seed}: {first_difference(recorded, found)}")
    assert not differ, "; ".join(differ)


KEPT = sorted(p.stem for p in RESULTS.glob("lab_1[34]_*.sqlite"))


@pytest.mark.slow
@pytest.mark.parametrize("name", KEPT)
def test_kept_lesson_experiments_replay_action_by_action(name: str) -> None:
    with Store(RESULTS / f"{name}.sqlite", read_only=True) as store:
        arms = store.arms()
        for lineup, found in store.lineups().items():
            for arm in found["arms"]:
                variant_data, salt = arms[arm]
                variant = Variant.from_dict(variant_data)
                bots = [BotSpec.parse(text, variant.game_class) for text in lineup.split(" | ")]
                for seed, rotation in ((found["seeds"][0], 0), (found["seeds"][-1], len(bots) - 1)):
                    kept = store.history(GameKey(arm, lineup, seed, rotation))
                    again = play(variant, bots, seed, rotation, salt)["history"]
                    assert again == kept, f"{name}: arm {arm} seed {seed} rotation {rotation} plays otherwise"
