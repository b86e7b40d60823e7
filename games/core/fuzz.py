"""Random-play fuzzing of every game: ``python -m games.core.fuzz [--games N] [--game ID] [--seed S]``.

Plays N seeded random games per game and player count through :func:`check_random_game` and prints games per
second. Any broken invariant stops with the seed that reproduces it.
"""

from __future__ import annotations

import argparse
import sys
import time

from games import GAMES, game_class

from .conformance import check_random_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per game id and player count")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game id (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--deep-every", type=int, default=7, help="clone/JSON/illegal checks every n-th decision")
    args = parser.parse_args(argv)
    for game_id in args.game or sorted(GAMES):
        cls = game_class(game_id)
        for players in range(cls.min_players, cls.max_players + 1):
            start, decisions = time.perf_counter(), 0
            for seed in range(args.seed, args.seed + args.games):
                game = check_random_game(lambda s, c=cls, p=players: c(None, s, players=p), seed,
                                         deep_every=args.deep_every)
                decisions += len(game.history)
            took = time.perf_counter() - start
            print(f"{game_id} {players}p: {args.games} games, {decisions} decisions, all invariants held "
                  f"({args.games / took:.0f} games/s with checks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
