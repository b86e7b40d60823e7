"""The design lab's figures: games per second per game id and bot, one process against two and a two-worker Dask
LocalCluster, the stop rule's false calls on null variants and the games it needs on a strong change, and the
memory of a 10,000-game result set.

Run (about an hour on the shared 2-core machine; each part alone with --part):

    python bench/bench_lab.py [--part speed|runners|null|strong|memory] [--quick]

* **speed**: per game id, an experiment of one arm with ``random``, ``greedy`` and ``mcts:50`` line-ups (every seat
  the same bot) in this process; games per second and decisions per second (medians of 3 repeats; one for mcts).
* **runners**: one experiment (Kardinal & König, greedy line-up, 144 games) played in this process, on 2 local
  processes (started by the run, as ``jobs=2`` does) and on a 2-worker ``LocalCluster`` (started once before the
  timings, as a cluster a user gives is), interleaved, 3 times; the median wall time of each and the ratios (targets:
  2 processes at least 1.8x one, the cluster at least 1.6x), and the results compared (they must be equal).
* **null**: 40 A/A experiments at alpha 0.05, the printed game against itself with the bots reseeded (each with its
  own seeds), stop rule on ``turns`` and on ``first_player_win``: how often "different" is called (target: at most
  5 %, within noise: with 40 runs, a binomial 95 % interval). The figures below are those of the rule before the
  verdicts that hold at every number of games; ``bench/bench_lab_stats.py`` proves the rule of today (400 streams per
  kind of metric, 100 A/A experiments of real games).
* **strong**: changes whose effect is known to be large (Catan's victory target 10 -> 7 and Cities & Knights' 13 ->
  10, stop on ``turns``; Kardinal & König with 4 French cards instead of 8): how many games the stop rule needed,
  10 seed ranges each.
* **memory**: a 10,000-game result set (the price sandbox, random bots, played on 2 processes): the Python memory of
  its records (tracemalloc) and the store's size on disk.
* **lessons**: the experiments lessons 13 and 14 read (``widgets.lab.kept``), each kept in
  ``bench/results/lab_*.sqlite`` (read only by the lessons: ``Experiment.load``), with their reports; a run cut
  short goes on from the kept file.

Figures are printed; the block below keeps the last full run.

Figures (2026-11-27, the shared 2-core machine; ``--part runners`` again on a quiet machine after the chunk size
changed to a dozen tasks per worker, the others while other work ran beside them):

    == runners: kardinal_koenig.cards, greedy x3, 144 games; 3 interleaved repeats, median wall seconds
       (a 2-worker LocalCluster started in 1.3 s, before the timings; dask="local" in a run starts one itself)
       this process                  50.3 s    2.86 games/s  1.00x one process  (runs: 55.1, 50.3, 49.8)
       2 local processes             27.3 s    5.28 games/s  1.84x one process  (runs: 28.4, 25.3, 27.3)
       LocalCluster, 2 workers       26.9 s    5.36 games/s  1.87x one process  (runs: 25.2, 26.9, 29.8)
       every runner played the same games (rows equal but for cpu time); the local processes' times include
       starting them
    == null: 40 A/A experiments, kardinal_koenig.cards, the printed game against itself with reseeded bots (random
       x3), alpha 0.05, up to 300 games per arm
       stop on turns: called different 2 of 40 (5.0%, 95 % interval [1.4%, 16.5%]); no difference 38, undecided 0;
       games per arm: median 36 (min 15, max 105); 134 s
       stop on first_player_win: called different 0 of 40 (0.0%, 95 % interval [0.0%, 8.8%]); no difference 0,
       undecided 40; games per arm: median 300 (min 300, max 300); 436 s
    == strong: games per arm the stop rule needed, 10 seed ranges each, alpha 0.05 (15 is the least: 5 blocks of 3)
       catan.base {'points_to_win': 7}, stop on turns: 10 of 10 called different; games per arm median 15 (min 15,
       max 15); difference median -38.83
       catan.cities_knights {'points_to_win': 10}, stop on turns: 10 of 10 called different; games per arm median 15
       (min 15, max 21); difference median -28.27
       kardinal_koenig.cards {'country_cards.france': 4}, stop on turns: 10 of 10 called different; games per arm
       median 15 (min 15, max 21); difference median -4.27
    == memory: 10,002 games of kutna_hora.economy (random x3; played in 28 s on 2 processes, 362 games/s): result set
       31.2 MiB in Python (3,271 bytes a game); the store 13.6 MiB on disk
       a fan chart of price.wood over them: 12 steps in 2.2 s
    == speed: games per second in this process (medians of 3 repeats, 1 for mcts:50)
       game id                bots     games  games/s  decisions/s  decisions/game
       catan.base             random      12    12.73       21,224           1,667
       catan.base             greedy       6     1.24        1,029             830
       catan.base             mcts:50      3     0.08           51             671
       catan.cities_knights   random      12     7.42       21,115           2,845
       catan.cities_knights   greedy       6     1.45          836             576
       catan.cities_knights   mcts:50      3     0.05           34             742
       chartres.game          random      12    59.86        9,263             155
       chartres.game          greedy       6    14.06        2,303             164
       chartres.game          mcts:50      3     0.27           47             171
       kardinal_koenig.cards  random      12    26.73        3,890             146
       kardinal_koenig.cards  greedy       6     2.80          411             147
       kardinal_koenig.cards  mcts:50      3     0.17           23             132
       kutna_hora.economy     random      12   144.47        5,201              36
       kutna_hora.economy     greedy       6    22.96          827              36
       kutna_hora.economy     mcts:50      3     1.60           58              36
       kutna_hora.game        random      12    75.99       11,721             154
       kutna_hora.game        greedy       6     1.19          242             204
       kutna_hora.game        mcts:50      3     0.04            9             203

The A/A runs on ``first_player_win`` show what a margin of 5 points of win share costs: no run came near calling
"no difference" within 300 games per arm (a shared win's spread needs thousands), and none called a difference.
A search bot at 50 playouts spends most of its time on the one-step rating of every root action (Catan) or on its
greedy follow-ups (Kutna Hora), so its decisions per second are far below its playouts per second.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import GAMES  # noqa: E402
from games.lab import Arm, Experiment, Store, Variant  # noqa: E402
from games.lab.stats import wilson  # noqa: E402
from widgets.lab.kept import RESULTS  # noqa: E402


def _players(game_id: str) -> int:
    cls = Variant(game_id).game_class
    return 3 if cls.min_players <= 3 <= cls.max_players else cls.min_players


def _rows(results) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "cpu"} for r in results.game_rows()]


def speed(quick: bool) -> None:
    print("== speed: games per second in this process (medians of 3 repeats, 1 for mcts:50)")
    print(f"   {'game id':<22} {'bots':<8} {'games':>5} {'games/s':>8} {'decisions/s':>12} {'decisions/game':>15}")
    lineups = {"random": (12, 3), "greedy": (6, 3), "mcts:50": (3, 1)}  # bot: (games, repeats)
    if quick:
        lineups = {"random": (6, 1), "greedy": (3, 1)}
    for game_id in sorted(GAMES):
        players = _players(game_id)
        printed = Variant(game_id)
        for bot, (games, repeats) in lineups.items():
            times, decisions = [], 0
            for _ in range(repeats):
                experiment = Experiment(printed, bots=[bot] * players, games=games, rotate=False)
                started = time.perf_counter()
                results = experiment.run()
                times.append(time.perf_counter() - started)
                decisions = sum(r["decisions"] for r in results.records[printed.hash])
            wall = statistics.median(times)
            print(f"   {game_id:<22} {bot:<8} {games:>5} {games / wall:>8.2f} {decisions / wall:>12,.0f} "
                  f"{decisions / games:>15,.0f}")


def runners(quick: bool) -> None:
    games = 24 if quick else 144
    printed = Variant("kardinal_koenig.cards")
    experiment = Experiment(printed, bots=["greedy"] * 3, games=games)
    print(f"== runners: {printed.game_id}, greedy x3, {games} games; 3 interleaved repeats, median wall seconds")
    import distributed

    started = time.perf_counter()
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=40)
    client = distributed.Client(cluster)
    client.run(lambda: __import__("games.lab.playing"))  # the workers import the lab once, as a warm cluster has
    print(f"   (a 2-worker LocalCluster started in {time.perf_counter() - started:.1f} s, before the timings; "
          "dask=\"local\" in a run starts one itself)")
    walls: dict[str, list[float]] = {"this process": [], "2 local processes": [], "LocalCluster, 2 workers": []}
    reference = None
    try:
        for _ in range(3):
            for name, kwargs in (("this process", {}), ("2 local processes", {"jobs": 2}),
                                 ("LocalCluster, 2 workers", {"jobs": 2, "dask": client})):
                started = time.perf_counter()
                results = experiment.run(**kwargs)
                walls[name].append(time.perf_counter() - started)
                rows = _rows(results)
                reference = reference or rows
                assert rows == reference, f"{name} played other games"
    finally:
        client.close()
        cluster.close()
    one = statistics.median(walls["this process"])
    for name, times in walls.items():
        wall = statistics.median(times)
        print(f"   {name:<26} {wall:7.1f} s  {games / wall:6.2f} games/s  {one / wall:4.2f}x one process  "
              f"(runs: {', '.join(f'{t:.1f}' for t in times)})")
    print("   every runner played the same games (rows equal but for cpu time); the local processes' times include "
          "starting them")


def null(quick: bool) -> None:
    runs = 10 if quick else 40
    game_id = "kardinal_koenig.cards"
    printed = Variant(game_id)
    print(f"== null: {runs} A/A experiments, {game_id}, the printed game against itself with reseeded bots "
          "(random x3), alpha 0.05, up to 300 games per arm")
    for metric in ("turns", "first_player_win"):
        calls = {"different": 0, "no difference": 0, "undecided": 0}
        used = []
        started = time.perf_counter()
        for r in range(runs):
            experiment = Experiment(printed, [Arm(printed, salt=r + 1)], bots=["random"] * 3,
                                    games=300, seed=10_000 * (r + 1), stop=metric)
            results = experiment.run(jobs=2)
            decision = next(iter(results.decisions.values()))
            calls[decision["decision"]] += 1
            used.append(decision["games"])
        low, high = wilson(calls["different"], runs)
        print(f"   stop on {metric}: called different {calls['different']} of {runs} "
              f"({calls['different'] / runs:.1%}, 95 % interval [{low:.1%}, {high:.1%}]); no difference "
              f"{calls['no difference']}, undecided {calls['undecided']}; games per arm: median "
              f"{statistics.median(used):.0f} (min {min(used)}, max {max(used)}); "
              f"{time.perf_counter() - started:.0f} s")


STRONG = (
    ("catan.base", {"points_to_win": 7}, "turns", ["greedy", "greedy", "greedy"]),
    ("catan.cities_knights", {"points_to_win": 10}, "turns", ["greedy", "greedy", "greedy"]),
    ("kardinal_koenig.cards", {"country_cards.france": 4}, "turns", ["greedy", "greedy", "random"]),
)


def strong(quick: bool) -> None:
    repeats = 3 if quick else 10
    print(f"== strong: a change with a large known effect; games per arm the stop rule needed, {repeats} seed "
          "ranges each, alpha 0.05")
    for game_id, changes, metric, bots in STRONG:
        try:
            variant = Variant(game_id, changes, name="strong change")
        except Exception as err:  # a parameter this game does not (yet) have: say so, go on
            print(f"   {game_id} {changes}: not run ({err})")
            continue
        used, answers, effect = [], [], []
        for r in range(repeats):
            experiment = Experiment(Variant(game_id), [variant], bots=bots, games=600, seed=1_000 * r, stop=metric)
            results = experiment.run(jobs=2)
            decision = results.decisions["strong change"]
            used.append(decision["games"])
            answers.append(decision["decision"])
            effect.append(decision["difference"])
        print(f"   {game_id} {changes}, stop on {metric}: {answers.count('different')} of {repeats} called "
              f"different; games per arm median {statistics.median(used):.0f} (min {min(used)}, max {max(used)}); "
              f"difference median {statistics.median(effect):+.2f}")


def memory(quick: bool) -> None:
    games = 1_000 if quick else 10_000
    game_id = "kutna_hora.economy"
    printed = Variant(game_id)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.sqlite"
        experiment = Experiment(printed, bots=["random"] * 3, games=games)
        started = time.perf_counter()
        experiment.run(jobs=2, store=path)
        wall = time.perf_counter() - started
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        results = experiment.run(store=path)  # every game is in the store: this reads them into a result set
        gc.collect()
        after = tracemalloc.take_snapshot()
        used = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
        tracemalloc.stop()
        size = path.stat().st_size + sum(p.stat().st_size for p in Path(folder).glob("memory.sqlite-*"))
        print(f"== memory: {results.games:,} games of {game_id} (random x3; played in {wall:.0f} s on 2 processes, "
              f"{results.games / wall:.0f} games/s): result set {used / 2**20:.1f} MiB in Python "
              f"({used / results.games:,.0f} bytes a game); the store {size / 2**20:.1f} MiB on disk")
        names = results.series_names()
        started = time.perf_counter()
        bands = results.fan(names[0]) if names else []
        print(f"   a fan chart of {names[0] if names else '-'} over them: {len(bands)} steps in "
              f"{time.perf_counter() - started:.1f} s")


def lesson_experiments() -> dict[str, Experiment]:
    """The experiments lessons 13 and 14 read (``widgets.lab.kept``), by the name of their kept file."""
    from games.kutna_hora.prices import price_changes

    ore = price_changes("ore", lambda card, notch, cell: max(1, cell.value - card // 10))
    return {
        "lab_13_price_economy": Experiment(
            Variant("kutna_hora.game"), [Variant("kutna_hora.game", ore, name="ore falls faster")],
            bots=["greedy", "greedy never mine", "greedy never build"], games=150),
        "lab_14_catan_first_player": Experiment(
            Variant("catan.base"), [Variant("catan.base", {"points_to_win": 8}, name="8 points win")],
            bots=["greedy", "greedy", "greedy"], games=150),
        "lab_14_barbarians": Experiment(
            Variant("catan.cities_knights"),
            [Variant("catan.cities_knights", {"barbarian_steps": 4}, name="barbarians 4 steps away")],
            bots=["greedy", "greedy", "greedy never wall"], games=150),
    }


def lessons(quick: bool) -> None:
    print("== lessons: the experiments lessons 13 and 14 read, kept in bench/results/ (2 processes)")
    for name, experiment in lesson_experiments().items():
        path = RESULTS / f"{name}.sqlite"
        started = time.perf_counter()
        with Store(path) as store:
            results = experiment.run(jobs=2, store=store, progress=True)
            store.pack()
        print(f"   {name}: {results.games} games per arm in {time.perf_counter() - started:.0f} s; "
              f"{path.stat().st_size / 2**20:.1f} MiB")
        print("   " + results.report().replace("\n", "\n   "))
        print("   win rate by bot: " + "; ".join(f"{w['arm']}: {w['bot']} {w['win_rate']:.0%} "
                                                   f"[{w['low']:.0%}, {w['high']:.0%}]"
                                                   for w in results.win_rows("bot")))


PARTS = {"speed": speed, "runners": runners, "null": null, "strong": strong, "memory": memory, "lessons": lessons}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=sorted(PARTS), action="append", help="run only this part (repeatable)")
    parser.add_argument("--quick", action="store_true", help="fewer games: a smoke run, not figures")
    args = parser.parse_args()
    for name in args.part or list(PARTS):
        PARTS[name](args.quick)


if __name__ == "__main__":
    main()
