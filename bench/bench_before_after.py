"""Two versions of the engines side by side in ONE run: µs per decision of this tree and of another checkout
(``--before PATH``, e.g. a ``git worktree`` of main before a refactor), interleaved, with catanatron's random play
as the common yardstick.

Run:  python bench/bench_before_after.py --before PATH [--rounds 7] [--decisions 10000] [--game ID ...]
      [--no-catanatron]

Each version runs in a worker subprocess of its own that imports ``games`` from its tree only; every round asks
both workers in turn (alternating which goes first) for the same seeded random games of every engine, unchecked
(``apply_unchecked``, the bots' path) and checked (``apply``), and catanatron for its 4-player games. Each process
measures its own CPU time. The table shows medians over rounds and the median of the paired per-round ratios
after / before: the figure a refactor that must keep speed "within 5 %" is judged by (<= 1.05).

Figures, Kutná Hora and its price sandbox (2026-12-08, the engine speed-up of both ids beside the commit
before it; 7 rounds of ~10,000 decisions per engine, mode and round; load average 10.3 at the start, 15.5 at the
end, on the 2 shared cores; catanatron 3.2.1 4p 48.3 µs per decision; "/cat" is a median over catanatron's)::

    engine                 unchecked b/a µs  a/b   /cat b/a     checked b/a µs  a/b   /cat b/a
    kutna_hora.game 2p          19.0/18.6  0.974  0.39/0.39          19.6/20.3  1.012  0.41/0.42
    kutna_hora.game 3p          18.5/17.9  0.981  0.38/0.37          19.3/19.1  0.999  0.40/0.40
    kutna_hora.game 4p          18.1/17.4  1.002  0.37/0.36          19.5/19.5  0.990  0.40/0.40
    kutna_hora.economy 1p       26.9/26.3  0.980  0.56/0.55          27.2/27.7  1.016  0.56/0.57
    kutna_hora.economy 2p       24.4/25.0  1.031  0.51/0.52          27.0/26.5  1.010  0.56/0.55
    kutna_hora.economy 3p       23.7/24.1  1.011  0.49/0.50          26.0/25.7  0.992  0.54/0.53
    kutna_hora.economy 4p       23.1/23.6  1.014  0.48/0.49          23.7/25.3  0.997  0.49/0.52

Neither id reaches the 0.33x target. On this load the wall-clock ratios scatter more than the change; counted in
instructions per decision (``bench_instructions.py``, the same commits), the full game went from 112.7k-108.8k to
107.8k-101.8k (0.935-0.957) and the sandbox from 148.5k-142.0k to 137.2k-127.0k (0.891-0.924).

Figures, Chartres and the card game (2026-12-08, issue 33's engine target of at most 0.33x catanatron's µs per
decision; this tree beside the commit before the engine work on them, 7 rounds, ``--game chartres.game --game
kardinal_koenig.cards``; the machine was shared and heavily loaded: load average 20.2 at the start, 19.0 at the end;
catanatron 50.7 µs per decision). Both ids are faster, neither has reached the target everywhere:

    engine                     before µs  after µs after/before  checked b/a µs  chk a/b before/cat after/cat
    chartres.game 2p                28.3      26.6        0.897    28.7/27.7       0.938       0.56      0.52
    chartres.game 3p                26.9      23.3        0.878    27.8/24.6       0.888       0.53      0.46
    chartres.game 4p                24.6      22.7        0.921    25.1/22.6       0.897       0.49      0.45
    kardinal_koenig.cards 3p        17.0      16.6        0.973    17.5/17.1       1.031       0.34      0.33
    kardinal_koenig.cards 4p        17.9      17.2        0.960    17.8/18.0       0.987       0.35      0.34
    kardinal_koenig.cards 5p        18.0      17.2        0.985    18.8/18.0       0.961       0.36      0.34

Counted in instructions (``bench_instructions.py``, which the load does not move), after / before per decision:
Chartres 0.942 (2p), 0.912 (3p), 0.905 (4p); the card game 0.952, 0.946, 0.948. A quieter run the same evening
(load 0.4-1.3, 3 rounds, before the changes) put catanatron at 35.2 µs and Chartres at 0.46-0.50x, the card game at
0.36-0.39x: the ratios to catanatron move with the load, the instruction ratios do not. What is left in Chartres is
flat (no function above 8 % of a decision): the event log (3.3 events a decision, each a call with keywords), the
kernel's flow (a turn pushed after nearly every decision) and the setup's shuffles, which must stay as they are.
Changes were judged in instructions, not in Python opcodes: builtin pipelines (``map``, ``itertools.compress``) run
fewer opcodes than a short comprehension but cost more instructions, and were taken back.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import statistics
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_catan import Worker, load  # noqa: E402

#: The worker: imports ``games`` from the tree given as argv[1], answers one JSON command per line.
ENGINE_WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from games import game_class
from games.core import Rng

def play(cls, players, seeds, checked):
    decisions = 0
    start = time.process_time()
    for seed in seeds:
        game, pick = cls(None, seed, players=players), Rng(seed)
        while not game.is_terminal():
            legal = game.legal_actions()
            action = legal[pick.below(len(legal))]
            (game.apply if checked else game.apply_unchecked)(action)
        decisions += len(game.history)
    return time.process_time() - start, decisions

for line in sys.stdin:
    cmd = json.loads(line)
    cls = game_class(cmd["game"])
    cpu, decisions = play(cls, cmd["players"], range(cmd["first"], cmd["first"] + cmd["games"]), cmd["checked"])
    print(json.dumps({"cpu": cpu, "decisions": decisions}), flush=True)
"""


class EngineWorker:
    """A worker subprocess running ``script`` (by default the engine worker above) with ``games`` imported from the
    tree ``root``: ``ask`` sends one JSON command and reads its JSON answer."""

    def __init__(self, root: pathlib.Path, script: str = ENGINE_WORKER) -> None:
        self.root = root
        self.process = subprocess.Popen([sys.executable, "-c", script, str(root)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, cwd=str(root))

    def ask(self, cmd: dict) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(cmd) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine worker of {self.root} stopped")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()  # type: ignore[union-attr]
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, type=pathlib.Path, help="the other checkout's root")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--decisions", type=int, default=10000, help="decisions per engine, mode and round")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--no-catanatron", action="store_true", help="leave out the catanatron yardstick")
    parser.add_argument("--catanatron-python", help="an interpreter with catanatron 3.2.1 installed")
    parser.add_argument("--catanatron-games", type=int, default=20, help="catanatron games per round")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent))
    from games import GAMES, game_class

    versions = {"before": EngineWorker(args.before.resolve()), "after": EngineWorker(HERE.parent)}
    reference = None if args.no_catanatron else Worker(args.catanatron_python)
    engines = []  # (label, game id, players, games per round)
    for game_id in args.game or sorted(GAMES):
        cls = game_class(game_id)
        for players in range(cls.min_players, cls.max_players + 1):
            sized = versions["after"].ask({"game": game_id, "players": players, "first": 10_000, "games": 3,
                                           "checked": False})
            engines.append((f"{game_id} {players}p", game_id, players,
                            max(2, math.ceil(args.decisions / (sized["decisions"] / 3)))))
    print(f"load average before: {load()}  ({args.rounds} rounds, ~{args.decisions} decisions per engine, mode and "
          "round, process time, medians)", flush=True)
    rows: dict[str, dict[str, list[float]]] = {label: {} for label, *_ in engines}
    yardstick: list[float] = []
    for rnd in range(args.rounds):
        order = ["before", "after"] if rnd % 2 == 0 else ["after", "before"]
        for label, game_id, players, games in engines:
            for checked in (False, True):
                for version in order:
                    got = versions[version].ask({"game": game_id, "players": players, "first": 1000 * rnd,
                                                 "games": games, "checked": checked})
                    key = f"{version} {'checked' if checked else 'unchecked'}"
                    rows[label].setdefault(key, []).append(got["cpu"] / got["decisions"] * 1e6)
        if reference is not None:
            got = reference.ask({"do": "play", "first": 1000 * rnd, "games": args.catanatron_games})
            yardstick.append(got["cpu"] / got["decisions"] * 1e6)
        print(f"  round {rnd + 1} done", flush=True)
    for worker in versions.values():
        worker.close()
    if reference is not None:
        reference.close()
    ref = statistics.median(yardstick) if yardstick else None
    print(f"\n{'engine':26} {'before µs':>9} {'after µs':>9} {'after/before':>12} {'checked b/a µs':>15} "
          f"{'chk a/b':>8} {'before/cat':>10} {'after/cat':>9}")
    for label, vals in rows.items():
        bu, au = vals["before unchecked"], vals["after unchecked"]
        bc, ac = vals["before checked"], vals["after checked"]
        paired = statistics.median(a / b for a, b in zip(au, bu, strict=True))
        paired_checked = statistics.median(a / b for a, b in zip(ac, bc, strict=True))
        b, a = statistics.median(bu), statistics.median(au)
        cat = f"{b / ref:10.2f} {a / ref:9.2f}" if ref else ""
        print(f"{label:26} {b:9.1f} {a:9.1f} {paired:12.3f} {statistics.median(bc):7.1f}/{statistics.median(ac):<7.1f}"
              f" {paired_checked:8.3f} {cat}")
    if ref:
        print(f"{'catanatron 3.2.1 4p':26} {ref:9.1f}")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
