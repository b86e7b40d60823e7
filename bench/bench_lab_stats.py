"""Proof by simulation that the lab's verdicts hold at every number of games: A/A false "different" rates on
simulated streams and on real games, power and games to a decision on known shifts against the old rule and a
fixed-n test, and the family-wise error of several variants.

    python bench/bench_lab_stats.py [--part aa|power|family|games] [--runs 400] [--quick]

* **aa**: per metric family, ``--runs`` A/A streams (both arms from one distribution, paired per block of 3 seat
  rotations, as the lab pairs them) up to 200 blocks: how often the stop rule ever calls "different" by each block
  (a time-uniform guarantee bounds every stopping time at once: the rate at 200 blocks bounds the rate at any
  stopping time before it), for the new sequences and the old rule, with the Wilson 95 % upper bound. Families:
  Bernoulli (a win), bounded skewed (a share mostly near 0), heavy tails within bounds (a share with a
  Pareto tail cut at 1), and for the unbounded t-sequence: a count with a skewed tail (turns), a tied count (most
  block differences exactly 0) and a lognormal count (heavy tail).
* **power**: the same families with a known shift: the share of runs called "different", and the mean games per
  arm to any decision, for the new rule, the old one, and a fixed-n paired t-test with as many games as the new
  rule used on average (and with all 600).
* **family**: 3 and 5 variants against one baseline, all with no difference (and one with a clear one among
  nulls): the chance that any null variant is called "different", with Holm (the default) and a split alpha.
* **games**: ``--games-runs`` A/A experiments of real games (Chartres, 3 random bots, the issue's seeds: 10,000
  (r + 1), the variant's bots salted r + 1), 20 blocks each (60 games per arm) played once, then read block by
  block by the new rule and the old one on turns, first_player_win, spread_last and drama.

Everything is pure Python and seeded; a full run takes a few minutes (``--quick``: a smoke run, not figures).

Figures (2026-12-07, the shared 2-core machine, load average 9 to 16 while other work ran; pure counting, so the
load changes only the times):

    == aa: 400 A/A streams per family, up to 200 blocks of 3 games, alpha 0.05: false "different" by block t, %
           (Wilson 95 % upper bound); "new" is the stop rule (it stops at its first call), "sequence" the new sequence
           watched to block 200 without stopping, "old" the rule before (it may call from block 5)
           family (metric, sequence)          rule       t=2         t=5         t=20        t=50        t=200
           Bernoulli (first_player_win,       new        0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   1.0 (2.5)
             betting)                         sequence   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   1.0 (2.5)
                                              old        0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.2 (1.4)
           skewed share (drama, betting)      new        0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.2 (1.4)
                                              old        0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)
           heavy tail in [0, 1] (decided_at)  new        0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)
                                              old        0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)
           skewed count (turns, t)            new        0.0 (1.0)   0.0 (1.0)   0.5 (1.8)   1.2 (2.9)   3.2 (5.5)
                                              old        0.0 (1.0)  17.5 (21.5) 19.2 (23.4) 20.0 (24.2) 20.8 (25.0)
           tied count (turns, t)              new        0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)
                                              sequence   0.0 (1.0)   0.0 (1.0)   0.2 (1.4)   1.5 (3.2)   2.8 (4.9)
                                              old        0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)   0.0 (1.0)
           lognormal count (spread_last, t)   new        0.0 (1.0)   0.0 (1.0)   0.2 (1.4)   1.2 (2.9)   2.5 (4.5)
                                              old        0.0 (1.0)  19.8 (23.9) 20.8 (25.0) 21.0 (25.3) 21.2 (25.5)
    == power: known shifts, 200 runs per family, at most 600 games per arm: called different, mean games per arm to any
           decision; a fixed-n paired t-test with the new rule's mean games, and with all 600
           family                           shift        new rule            old rule            fixed-n (same)  600
           Bernoulli (a win)                +15 points   99.0 % in 223 g     99.5 % in 264 g     89.0 % (222 g)  100 %
           skewed share                     +0.08        98.0 % in 331 g     94.0 % in 410 g     99.0 % (330 g)  99.5 %
           heavy tail in [0, 1]             +0.08        100 % in 304 g      100 % in 358 g      100 % (303 g)   100 %
           skewed count (turns)             +4 turns     100 % in 120 g      96.5 % in 95 g      89.5 % (120 g)  100 %
           tied count                       +2.4 turns   100 % in 28 g       100 % in 16 g       100 % (27 g)    100 %
           lognormal count                  +6 points    83.5 % in 319 g     72.0 % in 312 g     81.0 % (318 g)  98.0 %
    == family: several variants, 400 runs each, up to 200 blocks: any variant with no difference called different
           first_player_win, 3 null variants: holm 1.2 % (2.9 %), split 1.0 % (2.5 %)
           first_player_win, 5 null variants: holm 0.5 % (1.8 %), split 0.5 % (1.8 %)
           first_player_win, 4 null + 1 clear: holm 0.8 % (2.2 %), split 0.8 % (2.2 %); the clear one found in 100 %
           turns, 3 null variants: holm 1.8 % (3.6 %), split 1.8 % (3.6 %)
           turns, 5 null variants: holm 1.5 % (3.2 %), split 1.5 % (3.2 %)
           turns, 4 null + 1 clear: holm 2.5 % (4.5 %), split 2.0 % (3.9 %); the clear one found in 100 %
    == games: 100 A/A experiments of chartres.game (3 random bots; seeds 10,000 (r + 1), bots salted r + 1), 60 games
           per arm each (12,000 games in 628 s on 2 processes), read block by block
           turns             (t):       new rule 0 of 100 (0.0 %, upper 3.7 %); old rule 16 of 100, 15 at 15 games
           first_player_win  (betting): new rule 0 of 100 (0.0 %, upper 3.7 %); old rule 0 of 100
           spread_last       (t):       new rule 2 of 100 (2.0 %, upper 7.0 %), none at the earliest block;
                                        old rule 22 of 100, 21 of them at 15 games
           drama             (betting): new rule 0 of 100 (0.0 %, upper 3.7 %); old rule 0 of 100

Every false-"different" rate is at most 5 % with its upper 95 % bound at most 7.5 %, at every block from the first
possible call (block 2) to the last, so at every stopping time. The old rule trusted a variance read from its first
blocks and was wrong in a fifth of skewed A/A experiments at its earliest call (15 games); the issue's two Chartres
runs are replayed in tests/lab/test_sequences.py. The price of validity at every n: a bounded metric whose spread is
small next to its range (a share that moves a little) needs more games than a t-test would (the betting sequence
guards against a game at either bound); on wins, the new rule decides sooner than the old one.
"""

from __future__ import annotations

import argparse
import random  # noqa: TID251 - simulated streams of a statistics benchmark, seeded per family, no game
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.lab.sequences import AsymptoticSequence  # noqa: E402
from games.lab.stats import paired_interval, wilson  # noqa: E402
from games.lab.verdicts import DIFFERENT, SAME, UNDECIDED, StopRule  # noqa: E402

ALPHA = 0.05
ROTATIONS = 3
HORIZON = 200
CHECKPOINTS = (2, 5, 10, 20, 50, 100, 200)


# ---------------------------------------------------------------------------------------------- families
def _bernoulli(p: float) -> Callable[[random.Random], float]:
    return lambda rng: float(rng.random() < p)


def _skewed(shift: float = 0.0) -> Callable[[random.Random], float]:
    return lambda rng: min(1.0, rng.random() ** 4 + shift)


def _pareto_share(shift: float = 0.0) -> Callable[[random.Random], float]:
    return lambda rng: min(1.0, 0.02 * rng.paretovariate(1.1) + shift)


def _turns(shift: float = 0.0) -> Callable[[random.Random], float]:
    return lambda rng: float(round(60 + 8 * rng.gauss(0, 1) + rng.expovariate(1 / 6) + shift))


def _tied(shift: float = 0.0) -> Callable[[random.Random], float]:
    return lambda rng: float(36 + (rng.random() < 0.1) * rng.choice([-1, 1]) + 3 * (rng.random() < shift))


def _lognormal(shift: float = 0.0) -> Callable[[random.Random], float]:
    return lambda rng: float(round(20 * rng.lognormvariate(0, 0.8) + shift))


#: name -> (the metric whose sequence and margin it gets, the null draw, the shifted draw, the shift in words)
FAMILIES = {
    "Bernoulli (a win)": ("first_player_win", _bernoulli(1 / 3), _bernoulli(1 / 3 + 0.15), "+15 points"),
    "bounded skewed (a share near 0)": ("drama", _skewed(), _skewed(0.08), "+0.08"),
    "heavy tail within bounds": ("decided_at", _pareto_share(), _pareto_share(0.08), "+0.08"),
    "count with a skewed tail (turns)": ("turns", _turns(), _turns(4), "+4 turns"),
    "tied count (mostly equal)": ("turns", _tied(), _tied(0.8), "+2.4 turns"),
    "lognormal count (heavy tail)": ("spread_last", _lognormal(), _lognormal(6), "+6 points"),
}


def block(rng: random.Random, draw: Callable[[random.Random], float]) -> float:
    return sum(draw(rng) for _ in range(ROTATIONS)) / ROTATIONS


def _rule(metric: str, arms: list[str], blocks: int = HORIZON, correction: str = "holm") -> StopRule:
    return StopRule(metric, arms, players=3, rotations=ROTATIONS, alpha=ALPHA, correction=correction,
                    t_star=max(10.0, blocks / 4))


def _old(blocks: int = HORIZON) -> AsymptoticSequence:
    return AsymptoticSequence(ALPHA, t_star=max(10, blocks / 2))


def _old_call(old: AsymptoticSequence, margin: float, n: int, burn_in: int = 5) -> str:
    if n < burn_in:
        return UNDECIDED
    if old.low > 0 or old.high < 0:
        return DIFFERENT
    if -margin < old.low and old.high < margin:
        return SAME
    return UNDECIDED


def _upper(k: int, n: int) -> float:
    return wilson(k, n)[1]


# ---------------------------------------------------------------------------------------------- A/A on streams
def aa_family(name: str, runs: int, seed: int) -> dict:
    """False "different" by each checkpoint: the stop rule (stops at its first call, as a run does), the sequence
    alone (ever excludes 0, never stopping), and the old rule (stops at its first call)."""
    metric, null, _, _ = FAMILIES[name]
    rng = random.Random(seed)
    rule_first: list[int | None] = []
    seq_first: list[int | None] = []
    old_first: list[int | None] = []
    kind = ""
    for _ in range(runs):
        rule = _rule(metric, ["v"])
        kind = rule.method
        old = _old()
        rule_at = seq_at = old_at = None
        old_done = False
        for t in range(1, HORIZON + 1):
            d = block(rng, null) - block(rng, null)
            rule.add({"v": d})
            old.add(d)
            if seq_at is None and rule.sequences["v"].evidence(0.0) >= 1 / ALPHA:
                seq_at = t
            if rule_at is None and rule.call("v") == DIFFERENT:
                rule_at = t
            if not old_done:
                call = _old_call(old, rule.margin, t)
                if call != UNDECIDED:
                    old_done = True
                    old_at = t if call == DIFFERENT else None
        rule_first.append(rule_at)
        seq_first.append(seq_at)
        old_first.append(old_at)
    return {"kind": kind, "rule": rule_first, "sequence": seq_first, "old": old_first}


def _by(firsts: list[int | None], t: int) -> int:
    return sum(1 for f in firsts if f is not None and f <= t)


def part_aa(runs: int, quick: bool) -> None:
    print(f"== aa: A/A streams, {runs} runs per family, up to {HORIZON} blocks of {ROTATIONS} games, alpha {ALPHA}; "
          "false 'different' by block t, as % (Wilson 95 % upper bound)")
    head = "".join(f"{'t=' + str(t):>17}" for t in CHECKPOINTS)
    for name in FAMILIES:
        started = time.perf_counter()
        found = aa_family(name, runs, seed=hash(name) & 0xFFFF)
        print(f"   {name} ({FAMILIES[name][0]}, {found['kind']} sequence); {time.perf_counter() - started:.0f} s")
        print(f"      {'':<26}{head}")
        for label, key in (("new stop rule", "rule"), ("new sequence, never stopping", "sequence"),
                           ("old rule", "old")):
            cells = "".join(f"{100 * _by(found[key], t) / runs:>7.1f} ({100 * _upper(_by(found[key], t), runs):>5.1f})"
                            "   " for t in CHECKPOINTS)
            print(f"      {label:<26}{cells}")


# ---------------------------------------------------------------------------------------------- power
def part_power(runs: int, quick: bool) -> None:
    games_cap = 600
    blocks = games_cap // ROTATIONS
    print(f"== power: known shifts, {runs} runs per family, at most {games_cap} games per arm ({blocks} blocks); "
          "called different (%), mean games per arm to any decision")
    print(f"   {'family':<34} {'shift':>10}  {'new rule':>22}  {'old rule':>22}  {'fixed-n, new mean n':>20}  "
          f"{'fixed-n, 600':>13}")
    for name, (metric, null, shifted, words) in FAMILIES.items():
        rng = random.Random(hash(name) & 0xFFF)
        new_calls = old_calls = fixed_same = fixed_all = 0
        new_games: list[int] = []
        old_games: list[int] = []
        streams = []
        for _ in range(runs):
            rule, old = _rule(metric, ["v"], blocks), _old(blocks)
            diffs = []
            new_at = old_at = None
            for t in range(1, blocks + 1):
                d = block(rng, shifted) - block(rng, null)
                diffs.append(d)
                if new_at is None:
                    rule.add({"v": d})
                    if rule.call("v") != UNDECIDED:
                        new_at = t
                        new_calls += rule.call("v") == DIFFERENT
                if old_at is None:
                    old.add(d)
                    call = _old_call(old, rule.margin, t)
                    if call != UNDECIDED:
                        old_at = t
                        old_calls += call == DIFFERENT
                if new_at is not None and old_at is not None:
                    diffs.extend(block(rng, shifted) - block(rng, null) for _ in range(blocks - t))
                    break
            new_games.append(ROTATIONS * (new_at or blocks))
            old_games.append(ROTATIONS * (old_at or blocks))
            streams.append(diffs)
        mean_new = statistics.mean(new_games)
        n_same = max(2, round(mean_new / ROTATIONS))
        for diffs in streams:
            est = paired_interval([0.0] * n_same, diffs[:n_same])
            fixed_same += est.low > 0 or est.high < 0
            est = paired_interval([0.0] * len(diffs), diffs)
            fixed_all += est.low > 0 or est.high < 0
        print(f"   {name:<34} {words:>10}  {100 * new_calls / runs:>7.1f} % in {mean_new:>6.0f} g  "
              f"{100 * old_calls / runs:>7.1f} % in {statistics.mean(old_games):>6.0f} g  "
              f"{100 * fixed_same / runs:>13.1f} % ({n_same * ROTATIONS} g)  {100 * fixed_all / runs:>9.1f} %")


# ---------------------------------------------------------------------------------------------- several variants
def part_family(runs: int, quick: bool) -> None:
    print(f"== family: several variants against one baseline, {runs} runs each, up to {HORIZON} blocks; the chance "
          "that any variant with no difference is called different (Wilson 95 % upper bound)")
    for metric, null, shifted in (("first_player_win", _bernoulli(1 / 3), _bernoulli(0.55)),
                                  ("turns", _turns(), _turns(8))):
        for k, strong in ((3, 0), (5, 0), (5, 1)):
            for correction in ("holm", "split"):
                rng = random.Random(k * 100 + strong + len(metric))
                wrong = found = 0
                for _ in range(runs):
                    arms = [f"v{i}" for i in range(k)]
                    rule = _rule(metric, arms, correction=correction)
                    for _ in range(HORIZON):
                        base = block(rng, null)
                        rule.add({a: block(rng, shifted if i < strong else null) - base
                                  for i, a in enumerate(arms)})
                        if rule.decided:
                            break
                    wrong += any(rule.call(a) == DIFFERENT for a in arms[strong:])
                    found += all(rule.call(a) == DIFFERENT for a in arms[:strong])
                extra = f"; the clear one found in {100 * found / runs:.0f} %" if strong else ""
                print(f"   {metric:<17} {k} variants ({strong} clear) {correction:<6}: {100 * wrong / runs:5.1f} % "
                      f"({100 * _upper(wrong, runs):.1f} %){extra}")


# ---------------------------------------------------------------------------------------------- real games
GAME_METRICS = ("turns", "first_player_win", "spread_last", "drama")


def _aa_blocks(r: int, blocks: int) -> dict[str, list[float]]:
    from games.lab import Arm, Experiment, Variant

    printed = Variant("chartres.game")
    experiment = Experiment(printed, [Arm(printed, salt=r + 1)], bots=["random"] * 3, games=blocks * ROTATIONS,
                            seed=10_000 * (r + 1))
    results = experiment.run()
    base, other = experiment.arms
    return {m: [v - b for b, v in zip(results._blocks(base, m), results._blocks(other, m), strict=True)]
            for m in GAME_METRICS}


def part_games(runs: int, quick: bool, jobs: int = 2) -> None:
    blocks = 10 if quick else 20
    print(f"== games: {runs} A/A experiments of chartres.game (3 random bots; seeds 10,000 (r + 1), the variant's "
          f"bots salted r + 1), {blocks} blocks ({blocks * ROTATIONS} games per arm) each, read block by block")
    started = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        found = list(pool.map(_aa_blocks, range(runs), [blocks] * runs))
    print(f"   played {2 * runs * blocks * ROTATIONS:,} games in {time.perf_counter() - started:.0f} s on {jobs} "
          "processes")
    for metric in GAME_METRICS:
        new = old = 0
        earliest_new = earliest_old = 0
        new_first: list[int] = []
        old_first: list[int] = []
        for run in found:
            rule, seq_old = _rule(metric, ["v"], blocks), _old(blocks)
            new_at = old_at = None
            for t, d in enumerate(run[metric], start=1):
                rule.add({"v": d})
                seq_old.add(d)
                if new_at is None and rule.call("v") != UNDECIDED:
                    new_at = t
                    if rule.call("v") == DIFFERENT:
                        new += 1
                        new_first.append(t)
                        earliest_new += t == rule.burn_in
                if old_at is None:
                    call = _old_call(seq_old, rule.margin, t)
                    if call != UNDECIDED:
                        old_at = t
                        if call == DIFFERENT:
                            old += 1
                            old_first.append(t)
                            earliest_old += t == 5
        method = _rule(metric, ["v"]).method
        print(f"   {metric:<17} ({method:>7}): new rule {new} of {runs} ({100 * new / runs:.1f} %, upper "
              f"{100 * _upper(new, runs):.1f} %; at its earliest block {earliest_new}); old rule {old} of {runs} "
              f"({100 * old / runs:.1f} %; at its earliest block, 15 games, {earliest_old})"
              + (f"; old calls at blocks {sorted(old_first)}" if old_first else ""))


PARTS = {"aa": part_aa, "power": part_power, "family": part_family, "games": part_games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=sorted(PARTS), action="append", help="run only this part (repeatable)")
    parser.add_argument("--runs", type=int, default=400, help="runs per family (default 400)")
    parser.add_argument("--games-runs", type=int, default=100, help="A/A experiments of real games (default 100)")
    parser.add_argument("--quick", action="store_true", help="few runs: a smoke run, not figures")
    args = parser.parse_args()
    runs = 40 if args.quick else args.runs
    for name in args.part or list(PARTS):
        started = time.perf_counter()
        if name == "games":
            part_games(10 if args.quick else args.games_runs, args.quick)
        else:
            PARTS[name](runs if name != "power" else max(20, runs // 2), args.quick)
        print(f"   ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
