"""Checks every registered game must pass: random play with invariants, and the same game in two processes."""

import json
import os
import subprocess
import sys

import pytest

from games import GAMES, game_class, load
from games.core import SaveFileError
from games.core.conformance import check_random_game

GAMES_PER_COUNT = int(os.environ.get("RANDOM_GAMES", "60"))
#: Games whose CI random play differs from the default: (games per player count, deep checks every n-th decision).
#: Chartres games are long (100-200 decisions) and its saves large, so more games with sparser deep checks keep
#: "a few hundred games in CI" within budget; the fuzz command runs thousands with any spacing.
PLANS = {"chartres.game": (100, 25), "kutna_hora.game": (100, 25), "catan.base": (25, 100)}

CASES = [(gid, p) for gid in sorted(GAMES) for p in range(game_class(gid).min_players, game_class(gid).max_players + 1)]


@pytest.mark.parametrize("game_id, players", CASES)
def test_random_play_keeps_every_invariant(game_id, players):
    cls = game_class(game_id)
    games, deep_every = PLANS.get(game_id, (GAMES_PER_COUNT, 7))
    if "RANDOM_GAMES" in os.environ:
        games = GAMES_PER_COUNT
    for seed in range(games):
        check_random_game(lambda s: cls(None, s, players=players), seed, deep_every=deep_every)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_any_save_loads_through_the_package_loader(game_id):
    game = check_random_game(lambda s: game_class(game_id)(None, s), seed=3)
    assert load(game.to_json()).to_dict() == game.to_dict()
    with pytest.raises(SaveFileError, match="unknown game"):
        load(json.dumps({**game.to_dict(), "game": "nope"}))


PLAY = """
import json, random, sys
from games import game_class
from games.core import Rng
cls = game_class(sys.argv[1])
out = []
for seed in range(8):
    g, pick = cls(None, seed), Rng(seed)
    random.seed(seed * 7919)          # the engine must never read the global random stream
    while not g.is_terminal():
        legal = g.legal_actions()
        g.apply(legal[pick.below(len(legal))])
        random.random()
    out.append(g.to_dict())
print(json.dumps(out, sort_keys=True))
"""


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_seeded_games_are_identical_in_two_processes(game_id):
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", PLAY, game_id], capture_output=True, text=True, env=env,
                              check=True)
        runs.append(done.stdout)
    assert runs[0] == runs[1] and len(runs[0]) > 1000
