"""A game's skill ladder (Ludii calls it the *skill trace*): bots of rising strength, each step played against the one
below it by the lab, with the share of games the stronger finishes ahead (the ``skill_gap`` metric) and its interval.

The rungs are ``random``, ``greedy``, the search bot at two smaller budgets and at the game's own (the coach's):
``mcts:B/20``, ``mcts:B/4`` and ``mcts`` for a budget of ``B`` iterations (:func:`rungs`). Each step is an
:class:`~games.lab.Experiment` of the printed game with the stronger bot first and the weaker in the other seats
(:func:`step_bots`), seats rotated and seeds paired, so ``skill_gap`` is the share of seat pairs in which the stronger
finished ahead (ties half), with its Wilson interval. A designer reads from it whether skill matters in a game or a
variant: a ladder whose steps stay near ½ is a game of luck at those strengths.

    from games.lab import ladder
    steps = ladder.experiments("kutna_hora.economy", blocks=20)     # one experiment per step, weakest first
    ladder.play("kutna_hora.economy", blocks=20, store="ladder.sqlite")  # in rounds (bench/bench_ladder.py)
    ladder.read("ladder.sqlite")                                     # one row per step, from the kept games
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games import game_class

from .experiment import Experiment
from .store import Store
from .variants import Variant

#: The search rungs below the game's own budget: that budget divided by these.
SEARCH_SHARES = (20, 4)


def players_for(game_id: str) -> int:
    """The players a ladder of ``game_id`` seats: 2 where the game takes 2, else its fewest."""
    cls = game_class(game_id)
    return max(2, cls.min_players)


def rungs(game_id: str) -> list[str]:
    """The bots of the ladder, weakest first: random, greedy, the search at 1/20 and 1/4 of the game's budget, and
    the search at its budget (the coach's)."""
    budget = game_class(game_id).search_settings.iterations
    smaller = [f"mcts:{max(1, budget // share)}" for share in SEARCH_SHARES]
    return ["random", "greedy", *smaller, "mcts"]


def step_bots(stronger: str, weaker: str, players: int) -> list[str]:
    """One step's line-up: the stronger bot first, the weaker in every other seat (``skill_gap`` compares the first
    bot with the last)."""
    return [stronger] + [weaker] * (players - 1)


def experiments(game_id: str, blocks: int = 20, seed: int = 0, players: int | None = None) -> list[Experiment]:
    """One experiment per step of the ladder, weakest step first: ``blocks`` seeds each, every seed in every seat
    rotation."""
    players = players or players_for(game_id)
    ladder = rungs(game_id)
    return [Experiment(Variant(game_id), bots=step_bots(stronger, weaker, players), games=blocks * players,
                       seed=seed)
            for weaker, stronger in zip(ladder, ladder[1:], strict=False)]


def play(game_id: str, blocks: int, store: Store | str | Path, seed: int = 0, jobs: int = 1, stop_event: Any = None,
         report: Callable[[int, list[float]], None] | None = None, steps: int | None = None) -> None:
    """Play the ladder into ``store`` in rounds: every step gets its next seed (in every seat rotation) before any step
    gets the seed after, so a run stopped early (``stop_event``, anything with ``is_set()``, checked between seeds)
    leaves every step about as many games, and a run that goes on plays only what the store lacks. ``report`` hears
    after each round its number and the seconds each step has taken so far. ``steps``: only the lowest so many
    steps (the cheap ones, to more seeds than the search steps can afford)."""
    steps = len(rungs(game_id)) - 1 if steps is None else steps
    spent = [0.0] * steps
    for played in range(1, blocks + 1):
        # the steps of the first ``played`` seeds: the store keeps those of the earlier rounds, so only the new seed
        for k, step in enumerate(experiments(game_id, played, seed)[:steps]):
            if stop_event is not None and stop_event.is_set():
                return
            started = time.perf_counter()
            step.run(jobs=jobs, store=store, stop_event=stop_event)
            spent[k] += time.perf_counter() - started
        if report is not None:
            report(played, spent)


def read(store: Store | str | Path) -> list[dict[str, Any]]:
    """The steps a store keeps (a ladder a bench played, opened read-only), weakest first: ``stronger``, ``weaker``,
    ``games``, ``skill_gap`` (the share of games the stronger finished ahead, ties half) with ``low`` .. ``high``
    (95 % Wilson), and the stronger bot's ``win_rate``."""
    kept = store if isinstance(store, Store) else Store(store, read_only=True)
    rows = []
    for lineup in kept.lineups():
        experiment = Experiment.from_store(kept, lineup=lineup)
        results = experiment.load(kept)
        bots = lineup.split(" | ")
        gap = results.estimate(experiment.baseline, "skill_gap")
        wins = {row["bot"]: row for row in results.win_rows("bot")}
        rows.append({"game": experiment.game_id, "stronger": bots[0], "weaker": bots[-1], "games": gap.n,
                     "skill_gap": gap.value, "low": gap.low, "high": gap.high,
                     "win_rate": wins[bots[0]]["win_rate"]})
    order = {bot: k for k, bot in enumerate(rungs(rows[0]["game"]))} if rows else {}
    return sorted(rows, key=lambda row: order.get(row["stronger"], len(order)))
