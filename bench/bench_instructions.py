"""Instructions per decision, this tree against another checkout: the figure that does not move with the machine's
load (valgrind's cachegrind counts every instruction the interpreter runs).

Run:  python bench/bench_instructions.py --before PATH [--game ID ...] [--games 4]

For every game id and player count, each version plays the same seeded random games (the bots' unchecked path, as
``bench_before_after.py`` does) under ``valgrind --tool=cachegrind --cache-sim=no``, once with the games and once
with none, with ``PYTHONHASHSEED=0``; both runs first play one more game (seed 10**6), so that start-up, imports and
what a process makes once (parameters resolved, price tables read: the first game's) are in both and cancel out;
the difference over the decisions played is the cost of one decision, as a long benchmark run sees it. A
wall-clock ratio on a shared 2-core machine scatters by +-10 % between runs; this one by well under 1 %, so it is
how a refactor that must stay "within 5 %" is judged when the machine is busy. Needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent

PLAY = r"""
import sys
sys.path.insert(0, sys.argv[1])
from games import game_class
from games.core import Rng
cls, players, games = game_class(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
decisions = 0
for seed in [10**6, *range(games)]:  # a first game in both runs: what a process makes once is not counted
    game, pick = cls(None, seed, players=players), Rng(seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply_unchecked(legal[pick.below(len(legal))])
    if seed < 10**6:
        decisions += len(game.history)
print(decisions)
"""


def instructions(root: pathlib.Path, game_id: str, players: int, games: int) -> tuple[int, int]:
    """(instructions, decisions) of playing ``games`` seeded games with the engines of ``root``."""
    with tempfile.TemporaryDirectory() as scratch:
        out = pathlib.Path(scratch) / "cachegrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
             sys.executable, "-c", PLAY, str(root), game_id, str(players), str(games)],
            capture_output=True, text=True, check=True, cwd=str(root), env={**os.environ, "PYTHONHASHSEED": "0"})
        refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        assert refs, done.stderr[-500:]
        return int(refs.group(1).replace(",", "")), int(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, type=pathlib.Path)
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--games", type=int, default=4, help="seeded games per game id and player count")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent))
    from games import GAMES, game_class

    versions = {"before": args.before.resolve(), "after": HERE.parent}
    print(f"{'engine':26} {'before':>10} {'after':>10} {'after/before':>12}   instructions per decision")
    for game_id in args.game or sorted(GAMES):
        cls = game_class(game_id)
        for players in range(cls.min_players, cls.max_players + 1):
            per: dict[str, float] = {}
            for name, root in versions.items():
                idle, _ = instructions(root, game_id, players, 0)
                total, decisions = instructions(root, game_id, players, args.games)
                per[name] = (total - idle) / decisions
            print(f"{game_id + f' {players}p':26} {per['before']:10,.0f} {per['after']:10,.0f} "
                  f"{per['after'] / per['before']:12.3f}", flush=True)


if __name__ == "__main__":
    main()
