"""A game's skill ladder through the design lab: random < greedy < the search at two smaller budgets < the search at
the coach's budget, each step with the share of games the stronger bot finishes ahead (``skill_gap``) and its 95 %
Wilson interval (:mod:`games.lab.ladder`).

Run (at low priority; every finished game is kept in the store, so a run cut short goes on where it stopped; a run
that ends packs the store into one file, the write-ahead log folded in, as a kept store must be):

    nice python bench/bench_ladder.py --game kutna_hora.economy [--blocks 20] [--seed 0] [--jobs 1]
        [--store bench/results/ladder_kutna_hora.economy.sqlite]
    python bench/bench_ladder.py --read bench/results/ladder_kutna_hora.economy.sqlite   # a kept ladder's table

Each step is one experiment of the printed game: the stronger bot in the first seat of the line-up and the weaker in
the others (2 players where the game takes 2, else 3), ``--blocks`` seeds each in every seat rotation. The kept
ladder lesson 08 reads is ``bench/results/ladder_kutna_hora.economy.sqlite`` (its command and figures are in
docs/bots.md, "The skill ladder"); ``tests/lab/test_ladder.py`` checks its order.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from games import GAMES  # noqa: E402
from games.lab import Store, ladder  # noqa: E402


def table(rows: list[dict]) -> None:
    print(f"   {'stronger':>10} over {'weaker':<10} {'games':>5}  {'ahead [95 % interval]':>24}  win rate")
    for row in rows:
        print(f"   {row['stronger']:>10} over {row['weaker']:<10} {row['games']:5d}  {row['skill_gap']:6.1%} "
              f"[{row['low']:5.1%}, {row['high']:5.1%}]  {row['win_rate']:7.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="kutna_hora.economy")
    parser.add_argument("--blocks", type=int, default=20, help="seeds per step, each in every seat rotation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--store", type=pathlib.Path, help="where the games are kept (default bench/results/"
                        "ladder_GAME.sqlite)")
    parser.add_argument("--read", type=pathlib.Path, help="only print the ladder a store keeps")
    args = parser.parse_args()
    if args.read is not None:
        table(ladder.read(args.read))
        return
    store = args.store or HERE / "results" / f"ladder_{args.game}.sqlite"
    one, five, fifteen = os.getloadavg()
    print(f"{args.game}: ladder {' < '.join(ladder.rungs(args.game))}, {args.blocks} seeds per step from "
          f"{args.seed}, store {store}; load average {one:.1f} / {five:.1f} / {fifteen:.1f}", flush=True)
    with Store(store) as kept:
        for experiment in ladder.experiments(args.game, args.blocks, args.seed):
            started = time.perf_counter()
            experiment.run(jobs=args.jobs, store=kept, progress=True)
            print(f"   {experiment.lineup_key}: {(time.perf_counter() - started) / 60:.1f} min", flush=True)
        # a kept store is one self-contained file (no write-ahead log beside it), as lessons open it read-only
        kept.pack()
    one, five, fifteen = os.getloadavg()
    print(f"load average at the end {one:.1f} / {five:.1f} / {fifteen:.1f}")
    table(ladder.read(store))


if __name__ == "__main__":
    main()
