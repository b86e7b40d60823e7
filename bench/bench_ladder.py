"""A game's skill ladder through the design lab: random < greedy < the search at two smaller budgets < the search at
the coach's budget, each step with the share of games the stronger bot finishes ahead (``skill_gap``) and its 95 %
Wilson interval (:mod:`games.lab.ladder`).

Run (at low priority):

    nice python bench/bench_ladder.py --game catan.base [--blocks 20] [--seed 0] [--jobs 1] [--until 00:30]
        [--steps N] [--store bench/results/ladder_catan.base.sqlite]
    python bench/bench_ladder.py --read bench/results/ladder_catan.base.sqlite   # a kept ladder's table
    python bench/bench_ladder.py --pack STORE         # fold a hard-killed run's write-ahead log into the file

Each step is one experiment of the printed game: the stronger bot in the first seat of the line-up and the weaker in
the others (2 players where the game takes 2, else 3), ``--blocks`` seeds each in every seat rotation. The steps are
played in rounds (``ladder.play``): every step gets its next seed before any step gets the one after, so a run cut
short leaves every step with about as many seeds; ``--steps N`` plays only the lowest N steps (the cheap ones, to
more seeds than the search steps can afford). Every finished game is kept in the store, and a rerun goes on
where it stopped. ``--until HH:MM`` (UTC) or SIGTERM stop it once the seed being played is finished (the lab plays
a seed's seat rotations as one task and keeps them together), Ctrl-C at once (the seed being played is lost);
however it ends, the store is packed into one file (the write-ahead log folded in), as a kept store must be, and the
table printed. A run killed hard (SIGKILL) loses the seed being played and leaves the log beside the store:
``--pack`` folds it in.

The kept ladders (``bench/results/ladder_ID.sqlite``) are read by lesson 08 (``widgets.lab.ladder``) and shipped in
the classroom site; their commands, tables and load averages are in docs/bots.md, "The skill ladder", and
``tests/lab/test_ladder.py`` checks what each shows, step by step.
"""

from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import signal
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


def report(played: int, spent: list[float]) -> None:
    print(f"   round {played} done: minutes per step so far {', '.join(f'{s / 60:.1f}' for s in spent)}", flush=True)


def stop_time(text: str) -> float:
    """``HH:MM`` (UTC, today or, when that has passed, tomorrow) as seconds since the epoch."""
    try:
        hours, minutes = (int(part) for part in text.split(":"))
        now = datetime.datetime.now(datetime.UTC)
        when = now.replace(hour=hours, minute=minutes, second=0, microsecond=0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--until is a time of day HH:MM (UTC), not {text!r}") from None
    if when <= now:
        when += datetime.timedelta(days=1)
    return when.timestamp()


class Deadline:
    """A stop event for the lab's runs: set at a time (``--until``) or by SIGTERM; a run checks it between seeds."""

    def __init__(self, until: float | None) -> None:
        self.until, self.stopped = until, False

    def is_set(self) -> bool:
        return self.stopped or (self.until is not None and time.time() >= self.until)

    def set(self, *_: object) -> None:
        self.stopped = True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="kutna_hora.economy")
    parser.add_argument("--blocks", type=int, default=20, help="seeds per step, each in every seat rotation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--steps", type=int, help="only the lowest STEPS steps (the cheap ones, to more seeds "
                        "than the search steps can afford)")
    parser.add_argument("--until", type=stop_time, help="HH:MM (UTC): start no seed after it; the store keeps "
                        "what was played and is packed")
    parser.add_argument("--store", type=pathlib.Path, help="where the games are kept (default bench/results/"
                        "ladder_GAME.sqlite)")
    parser.add_argument("--read", type=pathlib.Path, help="only print the ladder a store keeps")
    parser.add_argument("--pack", type=pathlib.Path, help="only pack a store (a run killed hard leaves its "
                        "write-ahead log beside it)")
    args = parser.parse_args()
    if args.read is not None:
        table(ladder.read(args.read))
        return
    if args.pack is not None:
        with Store(args.pack) as kept:
            kept.pack()
        return
    store = args.store or HERE / "results" / f"ladder_{args.game}.sqlite"
    deadline = Deadline(args.until)
    signal.signal(signal.SIGTERM, deadline.set)  # kill PID: no new seed starts; the finished ones are packed
    one, five, fifteen = os.getloadavg()
    print(f"{args.game}: ladder {' < '.join(ladder.rungs(args.game))}, {args.blocks} seeds per step from "
          f"{args.seed}, store {store}; load average {one:.1f} / {five:.1f} / {fifteen:.1f}", flush=True)
    with Store(store) as kept:
        try:
            ladder.play(args.game, args.blocks, kept, args.seed, args.jobs, deadline, report, args.steps)
        except KeyboardInterrupt:  # Ctrl-C: the finished games are kept; the store is still packed
            print("   stopped (Ctrl-C)", flush=True)
        if deadline.is_set():
            print("   stopped (the stop time or SIGTERM): the finished games are kept", flush=True)
        # a kept store is one self-contained file (no write-ahead log beside it), as lessons open it read-only
        kept.pack()
    one, five, fifteen = os.getloadavg()
    print(f"load average at the end {one:.1f} / {five:.1f} / {fifteen:.1f}")
    table(ladder.read(store))


if __name__ == "__main__":
    main()
