"""Random-play fuzzing of every game: ``python -m games.core.fuzz [--games N] [--game ID] [--players P] [--jobs J]
[--policy game|uniform]``.

Plays N seeded random games per game and player count through :func:`check_random_game` (every invariant at every
decision; clone, JSON and illegal-action probes every ``--deep-every`` decisions) and prints games per second. Any
broken invariant stops with the seed that reproduces it: ``check_random_game(make, seed, policy=...)``. The random
players follow the game's own weights by default (``--policy game``, :meth:`Game.random_weights`; uniform for every
game that gives none); ``--policy uniform`` plays the uniform games of before. The policy changes which positions
are visited, never which checks run (see :mod:`games.core.conformance`).

Figures (2026-11-24, the shared 2-core machine under other people's load, load average 5-6, so wall figures are
low; "CPU" is games per CPU-second of the worker processes, which two free cores would double):
``python -m games.core.fuzz --games 300 --game ID --players P --jobs 2`` (100 games for the uniform runs), before
(uniform, the checks as they were) and after, side by side in one interleaved run:

=====================  ===========================  ====================  ===================================
config                 before: g/s wall, CPU, dec.  after, uniform        after, ``--policy game``
=====================  ===========================  ====================  ===================================
catan.base 2p          2.3, 3.50, 1,709             2.7, 3.98             8.0, 12.0, 512 decisions a game
catan.base 3p          1.9, 2.82, 2,093             2.1, 3.12             7.1, 10.7, 518
catan.base 4p          1.4, 2.28, 2,371             1.6, 2.47             5.9, 8.9, 560
C&K 3p                 1.0, 1.52, 2,486             1.1, 1.70             3.6, 5.4, 689
=====================  ===========================  ====================  ===================================

Measured: ``python -m games.core.fuzz --games 10000 --game catan.cities_knights --players 4 --jobs 2`` (the slowest
config) played 10,000 games, 8,094,641 decisions, all invariants held, in 1,223 s wall (20.4 min, 8.2 games/s; a
tournament at low priority shared the cores). Extrapolated from the CPU figures above on two free cores: catan.base
2p/3p/4p about 7/8/9 min, Cities & Knights 3p about 15 min; the other games were not measured again here (before:
33-39 games/s on one core, the price sandbox 160, so about 2.5 min per config on two cores, the sandbox under 1 min):
about 90 min for every id and player count. The policy is most of the gain (3.5-4x fewer decisions a game); the
checks cost per decision 7-12 % less than before (the uniform columns), every check still at least as often.
"""

from __future__ import annotations

import argparse
import sys
import time

from games import GAMES, game_class

from .conformance import POLICIES, check_random_game


def run_chunk(game_id: str, players: int, seeds: range, deep_every: int, policy: str = "game") -> int:
    """Play the seeds of one chunk; return the decisions made (raises AssertionError on a broken invariant)."""
    cls = game_class(game_id)
    decisions = 0
    for seed in seeds:
        game = check_random_game(lambda s: cls(None, s, players=players), seed, deep_every=deep_every, policy=policy)
        decisions += len(game.history)
    return decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per game id and player count")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game id (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--deep-every", type=int, default=7, help="clone/JSON/illegal checks every n-th decision")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--policy", choices=POLICIES, default="game",
                        help="random play: the game's weights (Game.random_weights) or uniform")
    args = parser.parse_args(argv)
    whole, played = time.perf_counter(), 0
    for game_id in args.game or sorted(GAMES):
        cls = game_class(game_id)
        for players in args.players or range(cls.min_players, cls.max_players + 1):
            if not cls.min_players <= players <= cls.max_players:
                continue
            start = time.perf_counter()
            seeds = range(args.seed, args.seed + args.games)
            chunks = [seeds[i::args.jobs] for i in range(args.jobs)]
            if args.jobs == 1:
                decisions = run_chunk(game_id, players, seeds, args.deep_every, args.policy)
            else:
                # Imported here: multiprocessing registers '__mp_main__', and games must import only the stdlib's
                # plain modules when it is used in a notebook or in Pyodide.
                from concurrent.futures import ProcessPoolExecutor

                with ProcessPoolExecutor(args.jobs) as pool:
                    decisions = sum(pool.map(run_chunk, [game_id] * args.jobs, [players] * args.jobs, chunks,
                                             [args.deep_every] * args.jobs, [args.policy] * args.jobs))
            took = time.perf_counter() - start
            played += args.games
            print(f"{game_id} {players}p: {args.games} games (seeds {seeds.start}-{seeds.stop - 1}), "
                  f"{decisions} decisions, all invariants held ({args.games / took:.1f} games/s with checks, "
                  f"{took:.0f} s)", flush=True)
    print(f"whole run: {played} games in {time.perf_counter() - whole:.0f} s wall with {args.jobs} job(s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
