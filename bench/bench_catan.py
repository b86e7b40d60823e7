"""Catan side by side: our ``catan.base`` against catanatron 3.2.1, random play of 4-player base Catan, in ONE run.

Run:  python bench/bench_catan.py [--rounds 7] [--games 20]

catanatron (GPL-3.0) is run, never imported into this project: it lives in its own virtual environment,
``bench/.catanatron-venv`` (git-ignored), which this script creates on first use with
``python -m venv bench/.catanatron-venv && bench/.catanatron-venv/bin/pip install catanatron==3.2.1`` (or pass
``--catanatron-python PATH`` for an interpreter that has it). It runs in a worker subprocess that plays when told to.

Each round plays ``--games`` seeded random games with every engine, interleaved (ours unchecked, ours checked, ours
without player trades, catanatron, ...), and each process measures its own CPU time (``time.process_time``). The
table shows medians over the rounds: µs per decision (legal actions + the bot's pick + apply), ms per game,
decisions per game, clone µs (a copy of a mid-game position) and the ratio ours / catanatron. The machine's load
average is printed before and after.

Rows: ``ENGINES`` lists our rows as (label, game id, options, checked): base Catan (with and without trades between
players) and Cities & Knights, unchecked and checked. catanatron implements only the base game, so every ratio is
against its base-game figure. Targets: base Catan unchecked <= 1/3 of catanatron's µs per decision, checked <= 1/2;
Cities & Knights unchecked <= 1/2; clone < 10 µs.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from games import game_class  # noqa: E402
from games.core import Rng  # noqa: E402

VENV = HERE / ".catanatron-venv"
CATANATRON = "catanatron==3.2.1"

#: Our rows: (label, game id, config options, checked path).
ENGINES: list[tuple[str, str, dict, bool]] = [
    ("catan.base 4p unchecked", "catan.base", {}, False),
    ("catan.base 4p checked", "catan.base", {}, True),
    ("catan.base 4p no player trades, unchecked", "catan.base", {"offers_per_turn": 0}, False),
    ("catan.base 4p no player trades, checked", "catan.base", {"offers_per_turn": 0}, True),
    ("catan.cities_knights 4p unchecked", "catan.cities_knights", {}, False),
    ("catan.cities_knights 4p checked", "catan.cities_knights", {}, True),
    ("catan.cities_knights 4p no player trades, unchecked", "catan.cities_knights", {"offers_per_turn": 0}, False),
]
#: Targets against catanatron's µs per decision, by row label (ratio must be at most this).
TARGETS = {"catan.base 4p unchecked": 1 / 3, "catan.base 4p checked": 1 / 2,
           "catan.base 4p no player trades, unchecked": 1 / 3, "catan.base 4p no player trades, checked": 1 / 2,
           "catan.cities_knights 4p unchecked": 1 / 2}

WORKER = r"""
import json, random, sys, time
from catanatron import Color, Game, RandomPlayer
COLORS = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
for line in sys.stdin:
    cmd = json.loads(line)
    if cmd["do"] == "play":
        decisions = 0
        start = time.process_time()
        for seed in range(cmd["first"], cmd["first"] + cmd["games"]):
            game = Game([RandomPlayer(c) for c in COLORS], seed=seed + 1)
            game.play()
            decisions += len(game.state.actions)
        took = time.process_time() - start
        print(json.dumps({"cpu": took, "decisions": decisions, "games": cmd["games"]}), flush=True)
    elif cmd["do"] == "clone":
        game = Game([RandomPlayer(c) for c in COLORS], seed=7)
        for _ in range(cmd["at"]):
            if game.winning_color() is not None:
                break
            game.play_tick()
        start = time.process_time()
        for _ in range(cmd["times"]):
            game.copy()
        print(json.dumps({"clone_us": (time.process_time() - start) / cmd["times"] * 1e6}), flush=True)
"""


def ensure_catanatron(python: str | None) -> str:
    if python:
        return python
    exe = VENV / "bin" / "python"
    if not exe.exists():
        print(f"creating {VENV} with {CATANATRON} (once)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(exe), "-m", "pip", "install", "-q", CATANATRON], check=True)
    return str(exe)


def play(cls, players: int, seeds: range, checked: bool, **options) -> tuple[float, int]:
    """CPU seconds and decisions of random games with ``seeds`` (setup included, as catanatron's figure has it)."""
    decisions = 0
    start = time.process_time()
    for seed in seeds:
        game, pick = cls(None, seed, players=players, **options), Rng(seed)
        while not game.is_terminal():
            legal = game.legal_actions()
            action = legal[pick.below(len(legal))]
            if checked:
                game.apply(action)
            else:
                game.apply_unchecked(action)
        decisions += len(game.history)
    return time.process_time() - start, decisions


def clone_us(cls, players: int, at: int, times: int = 2000, **options) -> float:
    """µs per ``clone()`` of the position after ``at`` random decisions of seed 7."""
    game, pick = cls(None, 7, players=players, **options), Rng(7)
    for _ in range(at):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        game.apply_unchecked(legal[pick.below(len(legal))])
    start = time.process_time()
    for _ in range(times):
        game.clone()
    return (time.process_time() - start) / times * 1e6


class Worker:
    """catanatron in its worker subprocess: ``ask`` sends one command (``play`` or ``clone``) and reads the answer."""

    def __init__(self, python: str | None) -> None:
        self.process = subprocess.Popen([ensure_catanatron(python), "-c", WORKER], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def ask(self, cmd: dict) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(cmd) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()  # type: ignore[union-attr]
        self.process.wait()


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=20, help="games per engine per round")
    parser.add_argument("--clone-at", type=int, default=300, help="decisions played before timing clone")
    parser.add_argument("--catanatron-python", help="an interpreter with catanatron 3.2.1 installed")
    args = parser.parse_args()
    worker = Worker(args.catanatron_python)
    print(f"load average before: {load()}  ({args.rounds} rounds x {args.games} games per engine, process time)")
    rows: dict[str, list[tuple[float, float, float]]] = {label: [] for label, *_ in ENGINES}
    rows["catanatron 3.2.1 4p"] = []
    for rnd in range(args.rounds):
        first = 1000 * rnd
        for label, game_id, options, checked in ENGINES:
            cpu, decisions = play(game_class(game_id), 4, range(first, first + args.games), checked, **options)
            rows[label].append((cpu / decisions * 1e6, cpu / args.games * 1e3, decisions / args.games))
        got = worker.ask({"do": "play", "first": first, "games": args.games})
        rows["catanatron 3.2.1 4p"].append((got["cpu"] / got["decisions"] * 1e6, got["cpu"] / got["games"] * 1e3,
                                            got["decisions"] / got["games"]))
        print(f"  round {rnd + 1}: " + ", ".join(f"{label.split(' 4p')[0] + label.split('4p')[-1]}: "
                                                 f"{vals[-1][0]:.1f}" for label, vals in rows.items()), flush=True)
    clones = {label: clone_us(game_class(game_id), 4, args.clone_at, 5000, **options)
              for label, game_id, options, _ in ENGINES}
    clones["catanatron 3.2.1 4p"] = worker.ask({"do": "clone", "at": args.clone_at, "times": 2000})["clone_us"]
    worker.close()
    ref = statistics.median(v[0] for v in rows["catanatron 3.2.1 4p"])
    print(f"\n{'engine':44} {'µs/decision':>11} {'ms/game':>8} {'decisions':>9} {'clone µs':>8} {'ratio':>6} target")
    for label, vals in rows.items():
        per, game_ms, decisions = (statistics.median(v[i] for v in vals) for i in range(3))
        ratio = per / ref
        target = TARGETS.get(label)
        verdict = "" if target is None else f"<= {target:.2f} {'met' if ratio <= target else 'MISSED'}"
        print(f"{label:44} {per:11.1f} {game_ms:8.1f} {decisions:9.0f} {clones[label]:8.1f} {ratio:6.2f} {verdict}")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
