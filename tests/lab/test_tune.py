"""Tuning towards a target: the same search on every runner, a search stopped or killed goes on from its store and
ends as if never interrupted, a kept search replays read-only, the known answer is found (a noiseless one with
games, a noisy one with the search alone), the confirmation never plays a search's seed, and the command."""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import re
import signal
import sqlite3
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Rng
from games.lab import Store, StoreError, Variant
from games.lab.__main__ import main
from games.lab.search import NTBEA, Halving, RandomSearch
from games.lab.tune import CONFIRM_OFFSET, MAX_BUDGET, Target, TargetError, Tuning, tune

SANDBOX = "kutna_hora.economy"  # the fastest game: a random game in a few milliseconds


def sandbox_target(**kw) -> Target:
    return Target(SANDBOX, ["spread_last in 15..20", "first_player_advantage within ±5 %"],
                  {"turns": "8..16:2", "max_advance": [1, 2, 3]}, ["random"] * 3, name="a close race", **kw)


def same(a, b) -> bool:
    """Two results of the same search: candidates, steps, each goal's confirmation."""
    checks = [[c.row() for c in r.confirmation.checks] if r.confirmation else None for r in (a, b)]
    return a.rows() == b.rows() and a.trajectory == b.trajectory and a.tried == b.tried and checks[0] == checks[1]


@pytest.fixture(scope="module")
def alone():
    return tune(sandbox_target(), budget_games=120, confirm_games=30)


@pytest.mark.slow
def test_a_search_reports_its_candidates_with_intervals_and_confirms_the_best(alone):
    assert alone.used == 120 and alone.played >= 120 and not alone.stopped
    rows = alone.rows()
    assert rows[0]["candidate"] == alone.target.space.describe(alone.best_point)
    assert sum(r["games"] for r in rows) == 120
    for row in rows:
        for metric in ("spread_last", "first_player_advantage"):
            assert row[f"{metric}_low"] <= row[metric] <= row[f"{metric}_high"]
    assert [r["step"] for r in alone.trajectory] == list(range(1, len(alone.trajectory) + 1))
    assert alone.trajectory[-1]["games"] == 120
    confirmation = alone.confirmation
    assert confirmation.call in ("confirmed", "not confirmed", "not clear yet")
    assert confirmation.games == 30 and len(confirmation.checks) == 2
    assert confirmation.words.startswith(("Confirmed on 30 fresh games", "Not confirmed on 30 fresh games",
                                          "Not clear yet on 30 fresh games"))
    for check in confirmation.checks:
        assert check.low <= check.estimate <= check.high and check.confidence == pytest.approx(0.975)
        assert check.agrees == (check.low <= check.search_estimate <= check.high)
    arms = confirmation.results.experiment.arms
    assert arms[0].variant == alone.target.baseline and arms[1].variant == alone.best
    assert "== the best on fresh seeds" in alone.report()


@pytest.mark.slow
def test_the_confirmation_never_plays_a_seed_the_search_played(alone):
    table = alone.search.table.blocks
    searched = {alone.target.seed + k for blocks in table.values() for k in range(len(blocks))}
    confirmed = {r["seed"] for records in alone.confirmation.results.records.values() for r in records}
    assert searched and confirmed and not searched & confirmed
    assert max(searched) < alone.target.seed + CONFIRM_OFFSET <= min(confirmed)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(1, MAX_BUDGET), st.booleans())
@pytest.mark.slow
def test_no_budget_reaches_the_confirmations_seeds(seed, budget, rotate):
    target = Target(SANDBOX, ["spread_last in 15..20"], {"turns": [8, 10]}, ["random"] * 3, seed=seed,
                    rotate=rotate)
    run = Tuning(target, budget_games=budget)
    try:
        # the search's last seed is seed + blocks - 1; a candidate never gets more blocks than the budget
        assert target.seed + run.search.budget - 1 < target.seed + CONFIRM_OFFSET
    finally:
        run.close()


@pytest.mark.slow
def test_the_same_search_on_the_event_loop(alone):
    from games.lab.tune import tune_async
    from tests.checks import run_in_own_loop  # the browser suite may leave a loop marked running in this thread

    steps = []
    found = run_in_own_loop(lambda: tune_async(sandbox_target(), budget_games=120, confirm_games=30,
                                               progress=steps.append))
    assert same(found, alone) and steps[-1].finished and steps[-1].phase == "done"
    assert {"searching", "comparing", "confirming"} <= {s.phase for s in steps}
    assert str(steps[-1]).startswith("done step ") and "(done)" in str(steps[-1])


@pytest.mark.slow
def test_the_same_search_on_every_runner(alone):
    on_processes = tune(sandbox_target(), budget_games=120, confirm_games=30, jobs=2)
    assert same(on_processes, alone)
    assert on_processes.runner == "2 local processes"
    pytest.importorskip("distributed")
    on_dask = tune(sandbox_target(), budget_games=120, confirm_games=30, jobs=2, dask="local")
    assert same(on_dask, alone)


@pytest.mark.slow
def test_a_stopped_search_keeps_its_games_and_a_rerun_ends_as_if_never_stopped(tmp_path, alone):
    path = tmp_path / "stopped.sqlite"
    stop = threading.Event()

    def halfway(step):
        if step.games >= 60:
            stop.set()

    stopped = tune(sandbox_target(), budget_games=120, confirm_games=30, store=path, progress=halfway,
                   stop_event=stop)
    assert stopped.stopped and stopped.confirmation is None and 0 < stopped.used < 120
    with Store(path) as store:
        kept = store.count()
    assert kept >= stopped.played > 0
    again = tune(sandbox_target(), budget_games=120, confirm_games=30, store=path)
    assert same(again, alone)
    assert again.kept >= stopped.played  # what the first run played was read back, not played again


def _killable(path: str) -> None:
    tune(sandbox_target(), budget_games=120, confirm_games=30, store=path)


@pytest.mark.slow
def test_a_search_killed_midway_loses_nothing_and_a_rerun_ends_as_if_never_killed(tmp_path, alone):
    path = str(tmp_path / "killed.sqlite")
    process = multiprocessing.get_context("spawn").Process(target=_killable, args=(path,))
    process.start()
    deadline = time.monotonic() + 300
    counted = 0
    while time.monotonic() < deadline and counted < 40:
        try:
            if os.path.exists(path):
                with sqlite3.connect(path, timeout=30) as db:
                    counted = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        except sqlite3.OperationalError:
            pass
        time.sleep(0.01)
    os.kill(process.pid, signal.SIGKILL)
    process.join()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        killed_at = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert 40 <= killed_at < 120 + 60, "the search should have been killed part-way"
    again = tune(sandbox_target(), budget_games=120, confirm_games=30, store=path)
    assert same(again, alone)
    assert again.kept >= 40


@pytest.mark.slow
def test_a_kept_search_replays_read_only_and_says_what_it_lacks(tmp_path, alone):
    path = tmp_path / "kept.sqlite"
    with Store(path) as store:
        tune(sandbox_target(), budget_games=120, confirm_games=30, store=store)
        store.pack()
    with Store(path, read_only=True) as kept:
        again = tune(sandbox_target(), budget_games=120, confirm_games=30, store=kept)
        assert again.played == 0 and same(again, alone)
        with pytest.raises(StoreError, match="lacks .* games this search needs"):
            tune(sandbox_target(), budget_games=240, store=kept)


@pytest.mark.slow
def test_a_budget_in_minutes_ends_the_search_and_says_the_games_that_repeat_it():
    target = sandbox_target()
    timed = tune(target, minutes=0.03, confirm=False)
    assert timed.confirmation is None and not timed.stopped
    (note,) = timed.notes
    used = int(note.split("--budget-games ")[1].split()[0])
    assert used == timed.used and timed.search.phase == "done"
    repeated = tune(target, budget_games=used, confirm=False)
    assert repeated.rows() == timed.rows() and repeated.trajectory == timed.trajectory
    with pytest.raises(TargetError, match="a budget in minutes is for ntbea"):
        Tuning(target, minutes=1, method="random")
    with pytest.raises(TargetError, match="in games or in minutes, not both"):
        Tuning(target, budget_games=10, minutes=1)


@pytest.mark.slow
def test_the_known_answer_of_a_noiseless_length_is_found():
    """The sandbox plays 3 turns a round per player count: turns in 50..58 is 17 to 19 rounds, 18 in the middle."""
    for seed in range(3):
        target = Target(SANDBOX, ["turns in 50..58"], {"turns": "10..24"}, ["random"] * 3, seed=seed)
        found = tune(target, budget_games=90, confirm_games=30)
        assert found.best.changes == {"turns": 18}
        assert found.confirmation.call == "confirmed"


def _normal(rng: Rng) -> float:
    u, v = (rng.below(2**53) + 1) / 2**53, rng.below(2**53) / 2**53
    return math.sqrt(-2 * math.log(u)) * math.cos(2 * math.pi * v)


def _noisy(search, answer_of, noise: float, rng: Rng) -> tuple[int, ...]:
    while True:
        asked = search.ask()
        if not asked:
            return search.best()
        search.tell([(p, {"turns": answer_of(p) + noise * _normal(rng)}) for p in asked])


@pytest.mark.slow
@pytest.mark.parametrize("method", [NTBEA, Halving])
def test_the_known_answer_of_a_noisy_length_is_found_in_nine_seeds_of_ten(method):
    """A stand-in for Catan's victory target: 30 turns a point, a block's noise of 45 turns; turns in 285..315 is
    10 points (300 turns); 9 and 11 points lie a band's half-width outside. 150 blocks for 12 candidates."""
    target = Target("catan.base", ["turns in 285..315"], {"points_to_win": "3..14"}, ["random"] * 3)
    found = 0
    for seed in range(10):
        search = method(target.space, target, budget=150, seed=seed)
        best = _noisy(search, lambda p: 30 * (3 + p[0]), 45.0, Rng(seed))
        found += target.space.values(best)["points_to_win"] == 10
    assert found >= 9


@pytest.mark.slow
def test_ntbea_beats_random_search_on_three_parameters_with_the_same_budget():
    """A known landscape over 3 parameters (a band's loss plus noise): NTBEA's pick is nearer the target than a
    random search's, paired over 10 seeds, most of the time."""
    target = Target("catan.base", ["turns in 285..315"], {"points_to_win": "3..14", "robber_roll": "4..10",
                                                           "safe_hand": "3..12"}, ["random"] * 3)

    def truth(p):
        return 30 * (3 + p[0]) + 6 * (p[1] - 3) ** 2 + 4 * abs(p[2] - 4)

    better = 0
    for seed in range(10):
        picks = []
        for method in (NTBEA, RandomSearch):
            best = _noisy(method(target.space, target, budget=200, seed=seed), truth, 30.0, Rng(100 + seed))
            picks.append(target.loss({"turns": truth(best)}))
        better += picks[0] <= picks[1]
    assert better >= 7


@pytest.mark.slow
def test_the_command_writes_the_candidates_and_the_best_as_a_variant_file(tmp_path, capsys):
    target = tmp_path / "close.json"
    target.write_text(sandbox_target().to_json(), encoding="utf-8")
    out, best = tmp_path / "found.csv", tmp_path / "best.json"
    code = main(["tune", str(target), "--budget-games", "60", "--confirm-games", "12", "--store",
                 str(tmp_path / "s.sqlite"), "--out", str(out), "--best", str(best)])
    assert code == 0
    printed = capsys.readouterr()
    assert "== the best candidates" in printed.out and "fresh games" in printed.out
    assert out.is_file() and (tmp_path / "found.progress.csv").is_file() and \
        (tmp_path / "found.confirmation.csv").is_file()
    made = Variant.load(best)
    assert made.game_id == SANDBOX and json.loads(best.read_text())["name"].startswith("a close race: ")
    with Store(tmp_path / "s.sqlite", read_only=True) as store:
        kept = store.count()
    again = tmp_path / "again.csv"
    code = main(["tune", str(target), "--budget-games", "60", "--confirm-games", "12", "--store",
                 str(tmp_path / "s.sqlite"), "--out", str(again)])
    assert code == 0 and again.read_text() == out.read_text()  # the same search, from the games kept
    with Store(tmp_path / "s.sqlite", read_only=True) as store:
        assert store.count() == kept


@pytest.mark.parametrize(("text", "said"), [
    ('{"game": "catan.base", "bots": ["random"], "goals": ["turns in 5..6"], "space": {"points_to_win": [8]}}',
     "takes 2 to 4 players"),
    ('{"game": "catan.base", "bots": ["random", "random"], "goals": ["drama in 0.5..1.4"], '
     '"space": {"points_to_win": [8]}}', "makes no sense"),
    ("not json", "a target file is not JSON"),
])
def test_bad_input_exits_with_status_2_and_one_line(tmp_path, capsys, text, said):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert main(["tune", str(path), "--budget-games", "30", "--store", str(tmp_path / "s.sqlite")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: bad.json: ") and said in err and err.count("\n") == 1


@pytest.mark.slow
def test_bad_options_exit_with_status_2(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text(sandbox_target().to_json(), encoding="utf-8")
    for args, said in ((["--budget-games", "0"], "a search's budget is a whole number of games"),
                       (["--budget-games", "30", "--minutes", "2"], "not allowed with"),
                       (["--minutes", "2", "--method", "halving"], "a budget in minutes is for ntbea"),
                       (["--budget-games", "30", "--confirm-games", "0"], "confirm_games is a whole number")):
        try:
            code = main(["tune", str(path), *args, "--store", str(tmp_path / "s.sqlite")])
        except SystemExit as exit_:  # argparse's own refusals
            code = exit_.code
        err = capsys.readouterr().err
        assert code == 2 and said in err and err.count("\n") == 1, err


@pytest.mark.slow
def test_the_command_stopped_by_ctrl_c_keeps_its_games_and_the_same_command_goes_on(tmp_path):
    import subprocess
    import sys

    target = tmp_path / "close.json"
    target.write_text(sandbox_target().to_json(), encoding="utf-8")
    store, out = tmp_path / "s.sqlite", tmp_path / "found.csv"
    command = [sys.executable, "-m", "games.lab", "tune", str(target), "--budget-games", "1200", "--confirm-games",
               "30", "--store", str(store), "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    # Ctrl-C as a terminal sends it: the command starts with SIGINT's default action (Python then raises
    # KeyboardInterrupt), whatever the test process inherited: where SIGINT is ignored (a CI runner can start the
    # suite so), a child would inherit that, ignore the Ctrl-C and play to the end.
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # Stopped once its progress line says 30 games are played, and those must be kept.
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(iter(lambda: process.stderr.read(1), "")), daemon=True)
    reader.start()
    deadline, played = time.monotonic() + 300, 0
    while time.monotonic() < deadline and played < 30 and process.poll() is None:
        counts = re.findall(r"(\d[\d,]*) of 1,200 games", "".join(said[-300:]))
        played = int(counts[-1].replace(",", "")) if counts else 0
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    process.wait(timeout=120)
    reader.join(timeout=30)
    err = "".join(said)
    assert process.returncode == 130, err
    with sqlite3.connect(store, timeout=30) as db:
        kept = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert 30 <= kept < 1200, f"{kept} games kept by a run stopped after 30 of 1,200"
    assert "stopped: " in err and "finished games are kept in" in err and "the same command goes on from them" in err
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    alone = tune(sandbox_target(), budget_games=1200, confirm_games=30)
    written = alone.to_csv(tmp_path / "alone.csv")
    assert out.read_text() == written[0].read_text()  # the candidates, as if never stopped
    assert (tmp_path / "found.progress.csv").read_text() == written[1].read_text()
    assert "== the best on fresh seeds" in done.stdout
