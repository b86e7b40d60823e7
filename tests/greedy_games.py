"""Greedy games recorded action by action, for every game id and player count: the guard of speed work on the bots
that must keep their choices exactly (``python -m tests.greedy_games --write`` records them in
``tests/data/greedy_games.json``; :mod:`tests.test_greedy_games` compares against that file).

Every seat is a :class:`~games.core.bots.GreedyBot` seeded from the game's seed and its
seat. Per game the file keeps the number of decisions, a digest of every action taken with the seat that
took it, the final scores, and a checkpoint digest every :data:`CHECK_EVERY` decisions, so that a failure names the
first stretch of the game where a choice changed. The recording was made with the greedy bots before the speed work
of issue 33 (one-step look-ahead by clone and apply for every legal action); a faster bot must choose the same.

``python -m tests.greedy_games`` compares without writing and prints the first stretch that differs; ``--seeds N``
checks the first N seeds only (the quick look while working).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from games import game_class
from games.core.bots import GreedyBot
from tests import seeded_games
from tests.seeded_games import key

FILE = Path(__file__).parent / "data" / "greedy_games.json"
SEEDS = tuple(range(16))
CHECK_EVERY = 25
MAX_DECISIONS = 20_000


def configs(seeds: tuple[int, ...] = SEEDS) -> list[tuple[str, int, int]]:
    """(game id, players, seed) for every registered game id, player count and seed."""
    return seeded_games.configs(seeds)


def play(game_id: str, players: int, seed: int) -> dict:
    """One greedy game's record: decisions, the digest of its actions, checkpoints and the final scores."""
    game = game_class(game_id)(None, seed, players=players)
    bots = [GreedyBot(seed * 100 + seat) for seat in range(players)]
    digest = hashlib.sha256()
    checkpoints: list[str] = []
    decisions = 0
    while decisions < MAX_DECISIONS:
        decision = game.pending()
        if decision is None:
            break
        action = bots[decision.player].choose(game)
        digest.update(f"{decision.player}>{action}\n".encode())
        game.apply(action)
        decisions += 1
        if decisions % CHECK_EVERY == 0:
            checkpoints.append(digest.hexdigest()[:8])
    return {"decisions": decisions, "actions": digest.hexdigest()[:20], "scores": list(game.scores()),
            "checkpoints": checkpoints}


def first_difference(recorded: dict, found: dict) -> str:
    """Where two records of one game part: the first checkpoint stretch that differs, in words."""
    for i, (was, now) in enumerate(zip(recorded["checkpoints"], found["checkpoints"], strict=False)):
        if was != now:
            return f"a choice differs between decisions {i * CHECK_EVERY + 1} and {(i + 1) * CHECK_EVERY}"
    shorter = min(len(recorded["checkpoints"]), len(found["checkpoints"]))
    return f"a choice differs after decision {shorter * CHECK_EVERY}" + (
        f" ({recorded['decisions']} decisions recorded, {found['decisions']} now)"
        if recorded["decisions"] != found["decisions"] else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the games (only with the bots to keep)")
    parser.add_argument("--seeds", type=int, default=len(SEEDS), help="check the first N seeds only")
    parser.add_argument("--game", help="only this game id")
    args = parser.parse_args(argv)
    chosen = [c for c in configs(SEEDS[:args.seeds]) if args.game in (None, c[0])]
    recorded = {} if args.write else json.loads(FILE.read_text())
    found, differ = {}, 0
    for config in chosen:
        started = time.perf_counter()
        found[key(*config)] = record = play(*config)
        wall = time.perf_counter() - started
        if not args.write and recorded.get(key(*config)) != record:
            differ += 1
            print(f"{key(*config)}: {first_difference(recorded[key(*config)], record)}", flush=True)
        elif args.write:
            print(f"{key(*config)}: {record['decisions']} decisions in {wall:.2f} s", flush=True)
    if args.write:  # a part written (one game id, fewer seeds) replaces only its own records
        partial = args.game is not None or args.seeds < len(SEEDS)
        kept = {**json.loads(FILE.read_text()), **found} if partial and FILE.exists() else found
        FILE.write_text(json.dumps(kept, indent=0, sort_keys=True) + "\n")
        print(f"wrote {len(found)} greedy games to {FILE} ({len(kept)} in all)")
        return 0
    print(f"{len(found) - differ} of {len(found)} greedy games as recorded")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
