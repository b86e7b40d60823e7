"""One store shared by many runs, and no game wasted once the stop rule has decided.

* **The store's guarantee** (docs/lab.md): runs of one experiment on one file share its seeds (each seed of an arm
  claimed by one run), every game is kept exactly once, and a run killed at any moment loses only the games it was
  playing: its claims expire and another run plays those seeds. 30 processes at once; kills in the middle.
* **Cancellation on every runner**: this process, a process pool and a Dask ``LocalCluster``. Once every arm is
  decided, nothing new starts, every task not started is cancelled, at most one task per worker is played past the
  decision, and the results say how many games the stop saved.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import time

import pytest

from games.lab import Arm, Experiment, Store, Variant
from games.lab.experiment import drive

SANDBOX = "kutna_hora.economy"  # the fastest game: a random game in a few milliseconds


def rows(results):
    return [{k: v for k, v in row.items() if k != "cpu"} for row in results.game_rows()]


def sandbox_experiment(games: int = 90) -> Experiment:
    printed = Variant(SANDBOX)
    return Experiment(printed, [Arm(printed, salt=1)], bots=["random"] * 3, games=games)


def _share(path: str, barrier, played, lease: float) -> None:
    barrier.wait()
    experiment = sandbox_experiment()
    run = experiment.start(store=path, lease=lease)
    for _ in run.steps():
        pass
    played.put(run.new)


def _count(path) -> int:
    with sqlite3.connect(path, timeout=30) as db:
        return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


@pytest.mark.slow
def test_thirty_runs_on_one_store_play_every_game_exactly_once(tmp_path):
    path = str(tmp_path / "class.sqlite")
    context = multiprocessing.get_context("spawn")
    writers = 30
    barrier, played = context.Barrier(writers), context.Queue()
    processes = [context.Process(target=_share, args=(path, barrier, played, 120.0)) for _ in range(writers)]
    for p in processes:
        p.start()
    for p in processes:
        p.join(timeout=600)
    assert [p.exitcode for p in processes] == [0] * writers
    counts = [played.get(timeout=5) for _ in range(writers)]
    total = sandbox_experiment().games * 2
    assert sum(counts) == total, f"the runs played {sum(counts)} games for {total}: a seed was claimed twice"
    assert sum(c > 0 for c in counts) >= 2  # the work was shared, not done by the first alone
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == total
        assert db.execute("SELECT COUNT(*) FROM claims").fetchone()[0] == 0  # every claim given up
        (authors, runs), = db.execute("SELECT authors, runs FROM experiments").fetchall()
        assert runs == writers
    alone = sandbox_experiment().run()
    assert rows(sandbox_experiment().run(store=path)) == rows(alone)


@pytest.mark.slow
def test_runs_killed_midway_lose_nothing_and_their_seeds_go_to_another(tmp_path):
    path = str(tmp_path / "killed.sqlite")
    context = multiprocessing.get_context("spawn")
    barrier, played = context.Barrier(4), context.Queue()
    lease = 2.0
    doomed = [context.Process(target=_share, args=(path, barrier, played, lease)) for _ in range(3)]
    survivor = context.Process(target=_share, args=(path, barrier, played, lease))
    for p in [*doomed, survivor]:
        p.start()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if os.path.exists(path) and _count(path) >= 20:
                break
        except sqlite3.OperationalError:
            pass
        time.sleep(0.02)
    for p in doomed:
        os.kill(p.pid, signal.SIGKILL)
    for p in doomed:
        p.join()
    killed_at = _count(path)
    total = sandbox_experiment().games * 2
    assert 20 <= killed_at < total, "the runs should have been killed part-way"
    survivor.join(timeout=600)
    assert survivor.exitcode == 0
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == total
        status = db.execute("SELECT status FROM experiments").fetchone()[0]
    assert status == "done"
    assert rows(sandbox_experiment().run(store=path)) == rows(sandbox_experiment().run())


def test_a_second_run_on_the_same_store_waits_for_seeds_another_holds():
    """A claim another run holds is left to it; once it expires, this run plays the seed itself."""
    store = Store()
    experiment = sandbox_experiment(games=6)
    first = experiment.arms[0].key
    store.add_arm(first, experiment.baseline.variant.to_dict(), 0)
    claimed, _ = store.claim(experiment.lineup_key, [(first, 0)], "someone else", 3, 1, lease=0.6)
    assert claimed == [(first, 0)]
    started = time.monotonic()
    results = experiment.run(store=store)
    assert time.monotonic() - started >= 0.5 and results.games == 6  # waited for the claim to expire, then played
    assert store.claims() == {}


# ------------------------------------------------------------------------------------------------ no wasted games
def strong_experiment() -> Experiment:
    printed = Variant("kardinal_koenig.cards")
    short = Variant("kardinal_koenig.cards", {"country_cards.france": 4}, name="4 French cards")
    return Experiment(printed, [short], bots=["random"] * 3, games=600, stop="turns")


def _check_stop(results, run, workers: int) -> None:
    assert results.decided and results.decisions["4 French cards"]["decision"] == "different"
    assert results.saved > 0 and results.saved == run.planned - len(run.records)
    assert run.late_tasks <= workers, f"{run.late_tasks} tasks played past the decision on {workers} workers"
    assert results.games < 600 and "games not needed" in results.report()


@pytest.mark.slow
def test_in_this_process_nothing_is_played_past_the_decision():
    experiment = strong_experiment()
    run = experiment.start()
    for _ in run.steps():
        pass
    results = run.results()
    _check_stop(results, run, 1)
    assert run.past_decision == 0 and len(run.records) == 2 * results.games


@pytest.mark.slow
def test_on_local_processes_outstanding_work_is_cancelled_once_decided():
    experiment = strong_experiment()
    run = experiment.start(jobs=2, chunk=3)
    _check_stop(drive(run, progress=None), run, 2)


@pytest.mark.slow
def test_on_a_dask_cluster_outstanding_work_is_cancelled_once_decided():
    pytest.importorskip("distributed", reason="Dask (distributed) is not installed: pip install -e \".[lab]\"")
    experiment = strong_experiment()
    run = experiment.start(jobs=2, dask="local", chunk=3)
    _check_stop(drive(run, progress=None), run, 2)
