"""Engine speed per game: random play without checks (bots' path) and with the checked path.

Run: python bench/bench_engines.py [--games N]
Prints µs per decision (apply + legal_actions), ms per game, clone and JSON round-trip costs, and each figure
normalised to an idle core ("idle µs" = measured × 10 µs / this machine's reference), because the CI machine is
shared and its speed varies 2-5×. Targets (engine_design.md): <= 50 µs per decision (Kardinal & König card game
and Chartres: <= 25 µs); clone <= 50 µs.

    python bench/bench_engines.py --games 200 --game chartres.game
"""

from __future__ import annotations

import argparse
import statistics
import time

from games import GAMES, game_class
from games.core import Rng


def play(cls, seed: int, players: int, checked: bool) -> int:
    game, pick = cls(None, seed, players=players), Rng(seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        action = legal[pick.below(len(legal))]
        game.apply(action) if checked else game.apply_unchecked(action)
    return len(game.history)


def timed(fn, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game id (repeatable)")
    args = parser.parse_args()
    reference = timed(lambda: sum(range(1000)), 20000) * 1e6
    print(f"machine reference: sum(range(1000)) takes {reference:.1f} µs here (about 10 µs on an idle modern core); "
          "compare figures across machines as multiples of it")
    scale = 10.0 / reference
    print(f"{'game':24} {'p':>2} {'mode':9} {'µs/decision':>12} {'idle µs':>8} {'ms/game':>8} {'decisions':>9}")
    for game_id in args.game or sorted(GAMES):
        cls = game_class(game_id)
        for players in range(cls.min_players, cls.max_players + 1):
            for checked in (False, True):
                runs = []
                decisions = 0
                # Re-measure the reference beside every row: a shared machine's speed drifts during the run.
                scale = 10.0 / (timed(lambda: sum(range(1000)), 5000) * 1e6)
                for seed in range(args.games):
                    start = time.process_time()
                    decisions += play(cls, seed, players, checked)
                    runs.append(time.process_time() - start)
                total = sum(runs)
                mode = "checked" if checked else "unchecked"
                per = total / decisions * 1e6
                print(f"{game_id:24} {players:>2} {mode:9} {per:12.1f} {per * scale:8.1f} "
                      f"{statistics.mean(runs) * 1e3:8.2f} {decisions / args.games:9.1f}")
        game = cls(None, 1, players=cls.max_players)
        for _ in range(10):
            game.apply(game.legal_actions()[0])
        clone_us = timed(game.clone, 2000) * 1e6
        text = game.to_json()
        save_us = timed(game.to_json, 500) * 1e6
        fast_us = timed(lambda c=cls, t=text: c.from_json(t, trust_snapshot=True), 200) * 1e6
        replay_us = timed(lambda c=cls, t=text: c.from_json(t), 100) * 1e6
        print(f"{game_id}: clone {clone_us:.1f} µs (idle {clone_us * scale:.1f}), to_json {save_us:.1f} µs, "
              f"load snapshot {fast_us:.0f} µs, "
              f"load by replay (10 actions) {replay_us:.0f} µs, save size {len(text)} bytes")


if __name__ == "__main__":
    main()
