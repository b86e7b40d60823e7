"""Long fuzz runs of the views: ``python -m tests.widgets.fuzz [--steps N] [--seed S] [--view NAME ...]
[--games G] [--minutes M] [--coach]``.

Runs N seeded random steps per target (every table, view and sandbox of :func:`.targets.all_targets`, or the
``--view`` ones) through :func:`.fuzz_target`, G fresh builds per target, and prints one line per target as it
finishes. A broken check stops the run with the target, seed and step that reproduce it. ``--minutes``
shares a time budget among the targets instead (each gets its share, weighted by its cost); Ctrl-C stops at once
and still prints what ran. The coach's intents (hint, review) are sent only with ``--coach`` (each is a search:
seconds a step).
"""

from __future__ import annotations

import argparse
import sys
import time

from . import COACH_INTENTS, FuzzFailure, Report, fuzz_target
from .targets import all_targets

COACH = frozenset(COACH_INTENTS)


def _line(report: Report, took: float) -> str:
    return (f"{report.target}: {report.steps} steps over {report.games} build(s) from seed {report.seed}, "
            f"{report.refused} refused, {report.undos_checked} undos and {report.redeals_checked} redeals checked, "
            f"largest sync {report.largest_sync:,} B, slowest step {report.slowest:.2f} s ({took:.0f} s)")


def main(argv: list[str] | None = None) -> int:
    targets = all_targets()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="steps per target")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--view", action="append", choices=sorted(targets), help="only this target (repeatable)")
    parser.add_argument("--games", type=int, default=10, help="fresh builds per target (the steps are shared)")
    parser.add_argument("--minutes", type=float, help="a time budget for the whole run instead of --steps")
    parser.add_argument("--coach", action="store_true", help="send the coach's intents too")
    args = parser.parse_args(argv)
    names = args.view or sorted(targets)
    weights = {n: 1 / targets[n].weight for n in names}
    whole, total, failed = time.monotonic(), 0, False
    skip = frozenset() if args.coach else COACH
    try:
        for name in names:
            start = time.monotonic()
            deadline = None
            steps = args.steps
            if args.minutes is not None:
                left = args.minutes * 60 - (start - whole)  # what the targets before left over, shared by weight
                deadline = start + left * weights[name] / sum(weights[n] for n in names[names.index(name):])
                steps = 10 ** 9
            try:
                report = fuzz_target(name, steps, args.seed, games=args.games, deadline=deadline, skip=skip)
            except FuzzFailure as err:
                print(f"FAILED {err}", flush=True)
                failed = True
                continue
            total += report.steps
            print(_line(report, time.monotonic() - start), flush=True)
    except KeyboardInterrupt:
        print("stopped (Ctrl-C)", flush=True)
    print(f"whole run: {total:,} steps in {time.monotonic() - whole:.0f} s, "
          f"{'a check failed' if failed else 'every check held'}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
