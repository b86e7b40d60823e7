"""Experiments: the same games on every runner, paired seeds, resume after an interruption, a shared store, the stop
rule's place, progress and refusals."""

from __future__ import annotations

import math
import multiprocessing
import sqlite3
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.lab import Arm, Experiment, Store, StoreError, Variant, VariantError
from games.lab.lineup import BotSpec
from games.lab.playing import SERIES_DIGITS, _rounded, bot_seed, play, seated

GAME = "kardinal_koenig.cards"
BOTS = ["greedy", "random", "random"]


def rows(results):
    """The game rows without the one timing column."""
    return [{k: v for k, v in row.items() if k != "cpu"} for row in results.game_rows()]


@pytest.fixture(scope="module")
def printed():
    return Variant(GAME)


@pytest.fixture(scope="module")
def inline(printed):
    return Experiment(printed, [Arm(printed, salt=1)], bots=BOTS, games=6).run()


@pytest.mark.slow
def test_seeds_and_seats_pair_the_arms_and_rotate_every_bot_through_every_seat(inline):
    assert inline.games == 6  # 2 seeds x 3 rotations
    base, other = (inline.records[a.key] for a in inline.arms)
    assert [(r["seed"], r["rotation"]) for r in base] == [(s, r) for s in (0, 1) for r in range(3)]
    assert [(r["seed"], r["rotation"]) for r in other] == [(r["seed"], r["rotation"]) for r in base]
    for r in base:
        assert r["seats"] == [BOTS[i] for i in seated(BOTS, r["rotation"])]
    assert seated(BOTS, 1) == [1, 2, 0] and bot_seed(3, 1, 0) != bot_seed(3, 1, 1)


@given(st.one_of(st.floats(), st.integers(-10**6, 10**6).map(float), st.integers(-10**6, 10**6)))
def test_a_series_value_keeps_as_many_digits_as_the_text_round_trip_gives(value):
    """Whole numbers are kept as they are without the text (most values of every series): the very float."""
    found, text = _rounded(value), float(f"{float(value):.{SERIES_DIGITS}g}")
    if math.isnan(text):
        assert math.isnan(found)
    else:
        assert found == text and math.copysign(1, found) == math.copysign(1, text)
        assert _rounded((value, [value])) == [found, [found]]


@pytest.mark.slow
def test_one_game_is_a_pure_function_of_its_key(printed):
    lineup = [BotSpec.parse(b) for b in BOTS]
    a, b = play(printed, lineup, 5, 2), play(printed, lineup, 5, 2)
    a.pop("cpu"), b.pop("cpu")
    assert a == b and a["history"] and len(a["series"]["rounds"]) == a["turns"] + 1
    assert all(len(v) == a["turns"] + 1 for v in a["series"]["values"].values())


@pytest.mark.slow
def test_the_same_games_on_local_processes_and_on_a_dask_cluster(printed, inline):
    experiment = Experiment(printed, [Arm(printed, salt=1)], bots=BOTS, games=6)
    on_processes = experiment.run(jobs=2, chunk=2)
    assert rows(on_processes) == rows(inline)
    pytest.importorskip("distributed")
    on_dask = experiment.run(jobs=2, dask="local", chunk=2)
    assert rows(on_dask) == rows(inline)
    assert on_dask.runner == "a local Dask cluster of 2 workers"


@pytest.mark.slow
def test_the_same_games_on_a_given_executor_and_from_run_async(printed, inline):
    from concurrent.futures import ThreadPoolExecutor

    from tests.checks import run_in_own_loop

    experiment = Experiment(printed, [Arm(printed, salt=1)], bots=BOTS, games=6)
    with ThreadPoolExecutor(2) as pool:
        assert rows(experiment.run(executor=pool, jobs=2, chunk=1)) == rows(inline)
    assert rows(run_in_own_loop(experiment.run_async)) == rows(inline)


@pytest.mark.slow
def test_an_interrupted_run_keeps_what_finished_and_a_rerun_goes_on(tmp_path, printed, inline):
    path = tmp_path / "lab.sqlite"
    experiment = Experiment(printed, [Arm(printed, salt=1)], bots=BOTS, games=6)
    stop = threading.Event()
    seen = []

    def progress(step):
        seen.append(step.done)
        if step.done >= 5:
            stop.set()

    partial = experiment.run(store=path, progress=progress, stop_event=stop, chunk=1)
    assert partial.stopped and 5 <= Store(path).count() < 12
    assert partial.games <= 3  # only whole blocks are reported
    kept = Store(path).count()
    again = experiment.run(store=path)
    assert not again.stopped and Store(path).count() == 12
    assert rows(again) == rows(inline)
    progress_again = []
    experiment.run(store=path, progress=lambda s: progress_again.append((s.kept, s.done)))
    assert progress_again[-1] == (12, 12) and kept >= 5


def _write_into(path: str, barrier) -> None:
    printed = Variant(GAME)
    barrier.wait()
    Experiment(printed, [Arm(printed, salt=1)], bots=BOTS, games=6).run(store=path, chunk=1)


@pytest.mark.slow
def test_two_runs_writing_to_one_store_keep_every_game_once(tmp_path, inline):
    path = str(tmp_path / "shared.sqlite")
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    workers = [context.Process(target=_write_into, args=(path, barrier)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=300)
    assert [w.exitcode for w in workers] == [0, 0]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 12
    printed = Variant(GAME)
    assert rows(Experiment(printed, [Arm(printed, salt=1)], bots=BOTS, games=6).run(store=path)) == rows(inline)


@pytest.mark.slow
def test_the_stop_rule_stops_at_the_same_seed_on_every_runner(printed):
    experiment = Experiment(printed, [Arm(printed, salt=1)], bots=BOTS, games=30, stop="turns", margin=20.0,
                            burn_in=3)
    here = experiment.run()
    there = experiment.run(jobs=2, chunk=1)
    decision = here.decisions["printed game (bots reseeded 1)"]
    assert decision["decision"] == "no difference" and decision["games"] < 30
    assert here.games == decision["games"] and rows(here) == rows(there)
    low, high = decision["interval"]
    assert -20 < low <= decision["difference"] <= high < 20


def test_the_same_variant_and_salt_twice_is_refused_and_other_bad_settings_too(printed):
    with pytest.raises(VariantError, match="very same games"):
        Experiment(printed, [printed])
    bad = [dict(games=0), dict(games=True), dict(seed=-1), dict(stop="fun"), dict(alpha=0.7),
           dict(bots=["greedy"] * 9), dict(bots=["expert", "greedy", "greedy"]), dict(bots="greedy"),
           dict(bots=["greedy never fly", "random", "random"])]
    for kwargs in bad:
        with pytest.raises(VariantError):
            Experiment(printed, [Arm(printed, salt=1)], **{"bots": BOTS, **kwargs})
    with pytest.raises(VariantError, match="at least one variant"):
        Experiment(printed, bots=BOTS, stop="turns")
    with pytest.raises(VariantError, match="different bots"):
        Experiment(printed, [Arm(printed, salt=1)], bots=["greedy"] * 3, stop="skill_gap")


@pytest.mark.slow
def test_results_read_as_rows_summary_frames_and_csv(tmp_path, inline):
    summary = {(r["arm"], r["metric"]): r for r in inline.summary_rows()}
    fpa = summary[("printed game", "first_player_advantage")]
    assert fpa["low"] <= fpa["estimate"] <= fpa["high"] and fpa["games"] == 6
    turns = summary[("printed game (bots reseeded 1)", "turns")]
    assert not math.isnan(turns["difference"]) and turns["diff_low"] <= turns["difference"] <= turns["diff_high"]
    wins = inline.win_rows("bot")
    assert {w["bot"] for w in wins} == {"greedy", "random"}
    assert all(0 <= w["low"] <= w["win_rate"] <= w["high"] <= 1 for w in wins)
    frames = inline.frames()
    assert len(frames["seats"]) == 2 * 6 * 3 and set(frames["summary"]["metric"]) >= {"drama", "skill_gap"}
    written = inline.to_csv(tmp_path / "out.csv")
    assert [p.name for p in written] == ["out.csv", "out.seats.csv", "out.summary.csv", "out.wins.csv"]
    assert "first_player_advantage" in inline.report()


def test_fan_bands_a_picked_game_and_its_turns(inline):
    bands = inline.fan("points", by="round")
    first = [b for b in bands if b["arm"] == "printed game"]
    assert first and all(b["q05"] <= b["q25"] <= b["q50"] <= b["q75"] <= b["q95"] for b in first)
    assert [b["round"] for b in first] == sorted(b["round"] for b in first)
    step = first[-1]["round"]
    key = inline.nearest_game("printed game", "points", step, first[-1]["q50"])
    game = inline.game(key)
    assert game.is_terminal()
    starts = inline.turn_starts(key)
    record = next(r for r in inline.records[key.arm] if (r["seed"], r["rotation"]) == (key.seed, key.rotation))
    assert starts[0] == 0 and starts == sorted(starts) and len(starts) == record["turns"]
    assert starts == inline.replayed_turn_starts(key)
    rounds = inline.round_starts(key)
    assert rounds and min(rounds) == 1 and all(s in starts for s in rounds.values())
    with pytest.raises(KeyError):
        inline.fan("gold")


@pytest.mark.slow
def test_a_kept_store_is_read_without_playing_or_writing(tmp_path, printed, inline):
    path = tmp_path / "kept.sqlite"
    experiment = Experiment(printed, [Arm(printed, salt=1)], bots=BOTS, games=6)
    with Store(path) as store:
        experiment.run(store=store)
        store.pack()
    before = sorted(p.name for p in tmp_path.iterdir())
    stamp = path.stat().st_mtime_ns
    loaded = experiment.load(path)
    assert rows(loaded) == rows(inline) and loaded.fan("points")
    assert loaded.game(loaded.key("printed game", 1, 2)).is_terminal()
    assert sorted(p.name for p in tmp_path.iterdir()) == before and path.stat().st_mtime_ns == stamp
    with pytest.raises(StoreError, match="read-only"):
        Store(path, read_only=True).add_arm("x", {}, 0)
    again = Experiment.from_store(path)
    assert [a.key for a in again.arms] == [a.key for a in experiment.arms]
    assert again.lineup_key == "greedy | random | random"
    assert (again.games, again.rotations, again.seed) == (6, 3, 0) and rows(again.load(path)) == rows(inline)
    bigger = Experiment(printed, [Arm(printed, salt=1)], bots=BOTS, games=9)
    assert bigger.load(path).games == 6  # the blocks the store holds
    with pytest.raises(StoreError, match="no complete block"):
        Experiment(printed, [Arm(printed, salt=2)], bots=BOTS, games=6).load(path)
    Experiment(printed, [Arm(printed, salt=1)], bots=["random"] * 3, games=3).run(store=path)
    with pytest.raises(StoreError, match="several line-ups"):
        Experiment.from_store(path)
    assert Experiment.from_store(path, lineup="random | random | random").games == 3
    with pytest.raises(StoreError, match="no such lab store"):
        experiment.load(tmp_path / "missing.sqlite")
    (tmp_path / "junk.sqlite").write_text("not a database")
    with pytest.raises(StoreError, match="not a lab store"):
        experiment.load(tmp_path / "junk.sqlite")


def test_a_shares_interval_is_clipped_to_its_range_and_numbers_print_plainly(printed):
    """The issue's `drama [0.32, 1.02]`: three games' Student-t interval passes 1; a share's never does."""
    from games.lab import Results

    experiment = Experiment(printed, bots=BOTS, games=3)
    records = {printed.hash: [{"drama": x, "decisions": 1020.4 + x} for x in (1.0, 0.0, 1.0)]}
    results = Results(experiment, records, Store(), None, "this process")
    drama = results.estimate(experiment.baseline, "drama")
    assert (drama.low, drama.high) == (0.0, 1.0) and 0 < drama.value < 1
    assert str(results.estimate(experiment.baseline, "decisions")).startswith("1,021 [")
    assert "e+" not in str(results.estimate(experiment.baseline, "decisions"))
