"""Fingerprints of seeded random games, for every game id and player count: the guard of refactors that must keep
behaviour exactly (``python -m tests.seeded_games --write`` records them in ``tests/data/seeded_games.json``; the
test :mod:`tests.test_seeded_games` compares against that file).

Each game is played by a uniform random player drawing from its own :class:`~games.core.Rng` (not the game's), so the
fingerprint depends only on what the game offers and does. Three digests per game, so a failure says what changed:

* ``play`` - at every decision the pending decision (seat, kind, prompt) and the legal actions in order, then the
  actions taken and the final scores: the same legal actions, action texts and games from config, seed and choices;
* ``events`` - every event's rule id and text, in order;
* ``save`` - the final position's save without its snapshot (config, seed, actions): what a saved game replays from.
  The snapshot (the state's own shape) may change in a refactor; a save must still load and replay the same.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from games import GAMES, game_class
from games.core import Rng

FILE = Path(__file__).parent / "data" / "seeded_games.json"
SEEDS = (0, 1, 2, 3)
#: Random games of Catan can run long; a cap keeps the check quick and still covers every phase played that far.
MAX_DECISIONS = 5000


def configs(seeds: tuple[int, ...] = SEEDS) -> list[tuple[str, int, int]]:
    """(game id, players, seed) for every registered game id, player count and seed (also the greedy games')."""
    out = []
    for game_id in sorted(GAMES):
        cls = game_class(game_id)
        for players in range(cls.min_players, cls.max_players + 1):
            out += [(game_id, players, seed) for seed in seeds]
    return out


def fingerprint(game_id: str, players: int, seed: int) -> dict[str, str]:
    cls = game_class(game_id)
    game = cls(None, seed, players=players)
    chooser = Rng(10_000 + seed)
    play, events = hashlib.sha256(), hashlib.sha256()
    decisions = 0
    while not game.is_terminal() and decisions < MAX_DECISIONS:
        decision = game.pending()
        legal = game.legal_actions()
        play.update(f"{decision.player}|{decision.kind}|{decision.prompt}\n".encode())
        play.update(("\x1f".join(map(str, legal)) + "\n").encode())
        action = legal[chooser.below(len(legal))]
        play.update(f"> {action}\n".encode())
        game.apply(action)
        decisions += 1
    play.update(f"scores {game.scores()} terminal {game.is_terminal()}\n".encode())
    for event in game.log:
        events.update(f"{event.rule}|{event.text}\n".encode())
    save = {k: v for k, v in json.loads(game.to_json()).items() if k != "snapshot"}
    saved = hashlib.sha256(json.dumps(save, sort_keys=True).encode())
    return {"play": play.hexdigest()[:20], "events": events.hexdigest()[:20], "save": saved.hexdigest()[:20],
            "decisions": str(decisions)}


def key(game_id: str, players: int, seed: int) -> str:
    return f"{game_id} {players}p seed {seed}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the fingerprints (only before a refactor)")
    args = parser.parse_args(argv)
    found = {key(*c): fingerprint(*c) for c in configs()}
    if args.write:
        FILE.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(found)} fingerprints to {FILE}")
        return 0
    recorded = json.loads(FILE.read_text())
    differ = [k for k in found if recorded.get(k) != found[k]]
    for k in differ:
        print(f"{k}: recorded {recorded.get(k)}, now {found[k]}")
    print(f"{len(found) - len(differ)} of {len(found)} fingerprints as recorded")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
