"""How long the coach takes: a whole game's review and each hint, per game id, with another revision's coach side by
side; and how many search iterations each reviewed decision got.

Each seed plays a whole game with greedy bots at every seat (seat 0 stands for the learner, who clicked every
decision of that seat); then it times ``review(game, 0)`` over the whole game and ``hints`` at up to
``--hints`` of seat 0's positions spread over the game (those with more than one choice). With ``--against REV``
the coach of that revision (``git show REV:widgets/shared/coach.py``) runs the same games, interleaved with this
one (seed by seed, the order alternating), so both see the same load. Prints medians (and the slowest hint) in
seconds against the targets: a review within 10 s, every hint within 2 s. For this revision's coach it also prints the
review's CPU seconds (one core, whatever else the machine runs), the learner's decisions it screened and left
unchecked, and the least iterations a screened decision got (at least 100: ``coach.REVIEW_PLAYOUTS``).

Run: ``python bench/bench_coach.py [--seeds 3] [--hints 5] [--against HEAD~1] [--games kutna_hora.game ...]``.

Figures (2026-12-07, after the search work was merged; greedy games of 3 players, seat 0 reviewed; load average 2.8
to 2.9 on the 2 shared cores, two low-priority benchmark processes beside it). Review: median (max) seconds of wall
time, the learner's decisions screened per game (none left unchecked in any game, each at least 100 iterations);
hints: median (max) seconds:

    id                      seeds  review s      decisions screened  hint s
    catan.cities_knights        3  5.7 (9.2)     114, 240, 70        0.33 (0.44)
    catan.base                  3  3.5 (5.3)     189, 177, 195       0.21 (0.28)
    kutna_hora.game             2  2.8 (2.9)     65, 69              0.13 (0.19)
    kardinal_koenig.cards       2  2.3 (3.3)     47, 40              0.12 (0.15)
    chartres.game               2  0.8 (0.9)     54, 53              0.07 (0.09)

Every review within 10 s and every hint within 2 s. On a loaded machine (load 4.5, two seeds) a Cities & Knights
review took 13-20 s of wall time for 5.3-5.6 s of CPU, and the 20 s cap (``coach.REVIEW_SECONDS``) left 118 of 240
decisions unchecked in one game, which the review says.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import game_class  # noqa: E402
from games.core.bots import GreedyBot, play_out  # noqa: E402
from widgets.shared import coach as coach_now  # noqa: E402

GAME_IDS = ("kardinal_koenig.cards", "chartres.game", "kutna_hora.game", "catan.base", "catan.cities_knights")
REVIEW_TARGET, HINT_TARGET = 10.0, 2.0


def coach_of(revision: str) -> ModuleType:
    """The coach module as it was at ``revision`` (loaded from git, beside this one)."""
    text = subprocess.run(["git", "show", f"{revision}:widgets/shared/coach.py"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "coach_before.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("coach_before", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def whole_game(game_id: str, seed: int, players: int = 3):
    game = game_class(game_id)(None, seed, players=players)
    return play_out(game, {p: GreedyBot(seed * 16 + p) for p in range(players)})


def hint_positions(game, seat: int, count: int) -> list:
    """Up to ``count`` positions of ``seat``'s decisions with a choice, spread over the game."""
    replay = type(game)(game.config, game.seed)
    found = []
    for action in game.history:
        decision = replay.pending()
        if decision.player == seat and len(replay.legal_actions()) > 1:
            found.append(replay.clone())
        replay.apply_unchecked(action)
    if len(found) <= count:
        return found
    return [found[round(k * (len(found) - 1) / (count - 1))] for k in range(count)]


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--hints", type=int, default=5)
    parser.add_argument("--against", default=None, help="a git revision whose coach runs side by side")
    parser.add_argument("--games", nargs="*", default=list(GAME_IDS))
    args = parser.parse_args()
    coaches = {"now": coach_now}
    if args.against:
        coaches = {args.against: coach_of(args.against), "now": coach_now}
    print(f"coach timings in seconds, {args.seeds} seeds, greedy games of 3 players, seat 0 reviewed "
          f"(targets: review {REVIEW_TARGET:.0f} s, hint {HINT_TARGET:.0f} s)")
    for game_id in args.games:
        reviews: dict[str, list[float]] = {name: [] for name in coaches}
        hints: dict[str, list[float]] = {name: [] for name in coaches}
        decisions = []
        cpu: dict[str, list[float]] = {name: [] for name in coaches}
        screened: dict[str, list[tuple[int, int]]] = {name: [] for name in coaches}
        for seed in range(args.seeds):
            game = whole_game(game_id, seed)
            positions = hint_positions(game, 0, args.hints)
            decisions.append(sum(1 for _ in hint_positions(game, 0, 10_000)))
            order = list(coaches.items())
            if seed % 2:
                order.reverse()  # interleaved: neither coach always runs first
            for name, module in order:
                if module is coach_now:
                    began, started = time.process_time(), time.perf_counter()
                    report = coach_now.review_report(game, 0)
                    cpu[name].append(time.process_time() - began)
                    reviews[name].append(time.perf_counter() - started)
                    screened[name].append((report.reviewed, report.unchecked))
                else:
                    reviews[name].append(timed(functools.partial(module.review, game, 0)))
                for position in positions:
                    ask = functools.partial(module.hints, position, 0, seed=len(position.history))
                    hints[name].append(timed(ask))
        print(f"{game_id}: {statistics.median(decisions):.0f} decisions of seat 0 with a choice (median), "
              f"{len(game.history)} decisions in the last game")
        for name in coaches:
            print(f"  {name:>10}: review median {statistics.median(reviews[name]):5.1f} "
                  f"(max {max(reviews[name]):5.1f}); hint median {statistics.median(hints[name]):4.2f} "
                  f"(max {max(hints[name]):4.2f}, {len(hints[name])} hints)")
            if cpu[name]:
                cls = game_class(game_id)
                least = min(coach_now.REVIEW_PLAYOUTS, cls.search_settings.iterations)
                print(f"  {'':>10}  review CPU median {statistics.median(cpu[name]):5.1f} s "
                      f"(max {max(cpu[name]):5.1f}), "
                      f"decisions reviewed / left unchecked per game {screened[name]}, {least} iterations each at "
                      f"least; {os.getloadavg()[0]:.1f} load")


if __name__ == "__main__":
    main()
