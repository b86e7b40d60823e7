"""Greedy games per second per core for every game id and player count, this tree beside another checkout, in ONE
run (interleaved rounds, process time, medians and paired ratios).

Run:  python bench/bench_bots.py [--before PATH] [--rounds 5] [--seconds 4] [--game ID ...] [--bot greedy] [--lab]

Each version runs in a worker subprocess of its own that imports ``games`` from its tree only (``--before``: e.g. a
``git worktree`` of the commit before a speed change; without it only this tree is measured). A round asks both
workers in turn (alternating which goes first) to play the same seeded games of every id and player count, every
seat the same bot kind (``--bot``, default ``greedy``, seeded per seat), for about ``--seconds`` of CPU each, as a
teacher's "3 greedy bots in one process" does; with ``--lab`` each game is the design lab's (its metrics and series
followed turn by turn, bots seeded as the lab seeds them), the route of a teacher's experiment. Each process
measures its own CPU time. The table shows median games
per second over the rounds, the median of the paired per-round ratios after / before, and the targets of issue 33
(greedy: at least 5x the commit before for catan.base, catan.cities_knights and kutna_hora.game; at least 9 games
per second per core for every id).

The figures of 2026-12-07 (base Catan, Cities & Knights and the other ids, each beside the commit before its speed
work) are in docs/bots.md, "Greedy games per second".
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_before_after import EngineWorker  # noqa: E402
from bench_catan import load  # noqa: E402

#: The worker: imports ``games`` from the tree given as argv[1]; plays bot games for one JSON command per line.
BOT_WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from games import game_class
from games.core.bots import make_bot
from games.lab import Variant
from games.lab.lineup import BotSpec
from games.lab.playing import play

for line in sys.stdin:
    cmd = json.loads(line)
    cls = game_class(cmd["game"])
    start, games, decisions, seed = time.process_time(), 0, 0, cmd["first"]
    lineup = [BotSpec.parse(cmd["bot"], cls)] * cmd["players"]
    variant = Variant(cmd["game"]) if cmd["lab"] else None  # made once, as the lab's workers keep theirs
    while games < cmd["min_games"] or time.process_time() - start < cmd["seconds"]:
        if variant is not None:  # the lab's own game: the same bots, the metrics and series followed turn by turn
            decisions += play(variant, lineup, seed, keep=True)["decisions"]
        else:
            game = cls(None, seed, players=cmd["players"])
            bots = [make_bot(cmd["bot"], seed * 100 + seat) for seat in range(cmd["players"])]
            while (decision := game.pending()) is not None:
                game.apply(bots[decision.player].choose(game))
            decisions += len(game.history)
        games, seed = games + 1, seed + 1
    print(json.dumps({"cpu": time.process_time() - start, "games": games, "decisions": decisions}), flush=True)
"""

#: Ids whose greedy games must run at least five times as fast as before (issue 33).
FIVEFOLD = ("catan.base", "catan.cities_knights", "kutna_hora.game")
AT_LEAST = 9.0  # greedy games per second per core, every id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=pathlib.Path, help="the other checkout's root")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per id, version and round")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--bot", default="greedy", help="the bot kind in every seat (default greedy)")
    parser.add_argument("--lab", action="store_true",
                        help="play through the design lab (games.lab.playing.play: metrics and series every turn), "
                             "as a teacher's experiment does")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent))
    from games import GAMES, game_class

    versions = {"after": EngineWorker(HERE.parent, BOT_WORKER)}
    if args.before:
        versions["before"] = EngineWorker(args.before.resolve(), BOT_WORKER)
    engines = [(f"{game_id} {players}p", game_id, players) for game_id in args.game or sorted(GAMES)
               for players in range(game_class(game_id).min_players, game_class(game_id).max_players + 1)]
    print(f"load average before: {load()}  ({args.rounds} rounds, ~{args.seconds:g} CPU s per id, version and "
          f"round, bot {args.bot}{', through the lab' if args.lab else ''}, process time, medians)", flush=True)
    rates: dict[str, dict[str, list[float]]] = {label: {v: [] for v in versions} for label, *_ in engines}
    for rnd in range(args.rounds):
        order = list(versions) if rnd % 2 == 0 else list(reversed(versions))
        for label, game_id, players in engines:
            for version in order:
                got = versions[version].ask({"game": game_id, "players": players, "first": 1000 * rnd,
                                             "seconds": args.seconds, "min_games": 2, "bot": args.bot,
                                             "lab": args.lab})
                rates[label][version].append(got["games"] / got["cpu"])
        print(f"  round {rnd + 1} done (load {load()})", flush=True)
    for worker in versions.values():
        worker.close()
    before = "before" in versions
    print(f"\n{'id':26} {'before g/s':>10} {'after g/s':>10} {'after/before':>12}  target")
    for label, game_id, _ in engines:
        after = statistics.median(rates[label]["after"])
        ratio = statistics.median(a / b for a, b in zip(rates[label]["after"], rates[label]["before"], strict=True)) \
            if before else None
        wanted = [f">= {AT_LEAST:g} g/s"] + (["5x before"] if game_id in FIVEFOLD else [])
        met = after >= AT_LEAST and (ratio is None or game_id not in FIVEFOLD or ratio >= 5)
        was = f"{statistics.median(rates[label]['before']):10.1f}" if before else f"{'-':>10}"
        shown = f"{ratio:12.2f}" if ratio is not None else f"{'-':>12}"
        print(f"{label:26} {was} {after:10.1f} {shown}  {', '.join(wanted)}: {'met' if met else 'MISSED'}")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
