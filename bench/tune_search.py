"""Tune a game's search evaluation by self-play: a (1+1)-evolution strategy whose fitness is a paired match of the
candidate weights against the current ones.

Run (one process, at low priority; see docs/bots.md for the runs behind the weights in each game's ``search.py``):

    nice python bench/tune_search.py GAME_ID [--generations 24] [--blocks 8] [--iterations 100] [--sigma 0.3]
        [--confirm 40] [--seed 0]

Each generation draws a candidate: every weight but the first (the points, which the others are counted against) moved
by a normal step of ``sigma`` times its own size (the size of its starting value, or the game's floor for a weight
that starts near 0). The candidate's search then plays the current weights' search on ``--blocks`` fresh seeds (a
block is one seed in every seat rotation: 2 games in a 2-player game; in a game of 3 or more players the candidate
plays two searches of the current weights, 3 games a block), both at ``--iterations`` per decision. The candidate
replaces the current weights when it wins more than its fair share (a shared win counts as a fraction), and
``sigma`` follows the one-fifth success rule (grows after a success, shrinks after a failure, steady at one success
in five). Seeds never repeat between generations, so a lucky set of deals cannot be kept.

At the end (the winner's curse: the last accepted candidate was partly lucky) the tuned weights play the starting
weights on ``--confirm`` blocks of seeds the tuning never used, and the script prints the before and after weights,
that match's win share with its 95 % Wilson interval, and the line to paste into the game's ``search.py``.

Everything is seeded (the seeds, the mutations, the bots), so a run replays.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pathlib
import sys
import time
from typing import Any, Callable, Sequence

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from games import game_class  # noqa: E402
from games.core import Rng  # noqa: E402
from games.core.mcts import MCTSBot  # noqa: E402
from games.core.search_settings import SearchSettings  # noqa: E402
from games.lab.stats import wilson  # noqa: E402

#: Where each game id's evaluation lives (module, its ``values`` function, its weights, a weight's smallest step),
#: and the player count tuned for (2 where the game takes 2, else 3). The first weight (points; the price sandbox's
#: groschen, its score) stays as it is: the others are counted against it (the settings' ``scale`` says how big a lead
#: is clear).
TARGETS: dict[str, tuple[str, str, str, float, int]] = {
    "catan.base": ("games.catan.search", "values", "WEIGHTS", 0.05, 2),
    "catan.cities_knights": ("games.catan.cities_knights.search", "values", "WEIGHTS", 0.05, 3),
    "chartres.game": ("games.chartres.search", "values", "WEIGHTS", 0.1, 2),
    "kardinal_koenig.cards": ("games.kardinal_koenig.search", "values", "WEIGHTS", 0.05, 3),
    "kutna_hora.economy": ("games.kutna_hora.search", "economy_values", "ECONOMY_WEIGHTS", 0.5, 2),
    "kutna_hora.game": ("games.kutna_hora.search", "values", "WEIGHTS", 0.1, 2),
}
#: Seeds of the confirmation match: far from the tuning's (which start at ``--seed`` and count up).
CONFIRM_SEED = 900_000


def gauss(rng: Rng) -> float:
    """A standard normal draw from the project's own stream (Box-Muller)."""
    u = (rng.next_u64() + 1) / 2 ** 64
    v = rng.next_u64() / 2 ** 64
    return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * v)


def settings_with(game_id: str, weights: Sequence[float]) -> SearchSettings:
    """The game's search settings with its evaluation's weights replaced."""
    import functools
    import importlib

    module, function, _, _, _ = TARGETS[game_id]
    values = getattr(importlib.import_module(module), function)
    base = game_class(game_id).search_settings
    return dataclasses.replace(base, evaluation=functools.partial(values, weights=tuple(weights)))


def starting_weights(game_id: str) -> tuple[float, ...]:
    import importlib

    module, _, name, _, _ = TARGETS[game_id]
    return tuple(getattr(importlib.import_module(module), name).value)


def match(game_id: str, players: int, candidate: SearchSettings, current: SearchSettings, seeds: Sequence[int],
          iterations: int) -> tuple[float, int]:
    """The candidate's wins (shared wins as fractions) and games against the current settings: each seed in every
    seat rotation, the candidate in one seat and the current settings in the others."""
    cls = game_class(game_id)
    wins, games = 0.0, 0
    for seed in seeds:
        for rotation in range(players):
            game = cls(None, seed, players=players)
            bots = [MCTSBot(seed * 7 + seat, playouts=iterations, settings=candidate if seat == rotation else current)
                    for seat in range(players)]
            while (decision := game.pending()) is not None:
                game.apply(bots[decision.player].choose(game))
            outcome = game.outcome()
            assert outcome is not None
            if rotation in outcome.winners:
                wins += 1 / len(outcome.winners)
            games += 1
    return wins, games


def tune(game_id: str, generations: int, blocks: int, iterations: int, sigma: float, seed: int,
         say: Callable[[str], Any] = print) -> tuple[tuple[float, ...], list[dict[str, Any]]]:
    """The (1+1)-ES of the module docstring: the tuned weights and one record per generation."""
    _, _, _, floor, players = TARGETS[game_id]
    start = starting_weights(game_id)
    sizes = [max(abs(w), floor) for w in start]
    current = list(start)
    rng = Rng(seed)
    fair = 1 / players
    log = []
    for generation in range(generations):
        moved = [w + sigma * size * gauss(rng) for w, size in zip(current[1:], sizes[1:], strict=True)]
        candidate = current[:1] + moved
        seeds = range(seed + generation * blocks, seed + (generation + 1) * blocks)
        began = time.process_time()
        wins, games = match(game_id, players, settings_with(game_id, candidate), settings_with(game_id, current),
                            seeds, iterations)
        share = wins / games
        accepted = share > fair
        if accepted:
            current = candidate
        sigma *= math.exp(1 / 3) if accepted else math.exp(-1 / 12)
        record = {"generation": generation, "share": share, "games": games, "accepted": accepted, "sigma": sigma,
                  "weights": [round(w, 4) for w in current], "cpu": time.process_time() - began}
        log.append(record)
        say(f"gen {generation:2d}: candidate {[round(w, 3) for w in candidate]} {wins:4.1f}/{games} = {share:.2f} "
            f"({'kept' if accepted else 'dropped'}), sigma {sigma:.3f}, {record['cpu']:.0f} s cpu")
    return tuple(current), log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game_id", choices=sorted(TARGETS))
    parser.add_argument("--generations", type=int, default=24)
    parser.add_argument("--blocks", type=int, default=8, help="seeds per generation (each in every seat rotation)")
    parser.add_argument("--iterations", type=int, default=100, help="search iterations per decision while tuning")
    parser.add_argument("--sigma", type=float, default=0.3, help="the first step, in each weight's own size")
    parser.add_argument("--confirm", type=int, default=40, help="blocks of the confirmation match on fresh seeds")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"tuning {args.game_id}: {args.generations} generations of {args.blocks} blocks at {args.iterations} "
          f"iterations per decision, sigma {args.sigma}, seed {args.seed}", flush=True)
    before = starting_weights(args.game_id)
    after, _ = tune(args.game_id, args.generations, args.blocks, args.iterations, args.sigma, args.seed,
                    say=lambda line: print(line, flush=True))
    players = TARGETS[args.game_id][4]
    seeds = range(CONFIRM_SEED, CONFIRM_SEED + args.confirm)
    wins, games = match(args.game_id, players, settings_with(args.game_id, after), settings_with(args.game_id, before),
                        seeds, args.iterations)
    low, high = wilson(wins, games)
    print(f"before: {list(before)}\nafter:  {[round(w, 4) for w in after]}")
    print(f"confirmation on fresh seeds: tuned {wins:.1f}/{games} = {wins / games:.3f} [{low:.3f}, {high:.3f}] "
          f"against the starting weights (fair share {1 / players:.2f})")


if __name__ == "__main__":
    main()
