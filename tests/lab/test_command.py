"""The lab's command: the parameter table, a run that writes CSV and keeps its games, resume after a killed run, and
one clear line with status 2 for every bad input."""

from __future__ import annotations

import csv
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games import GAMES
from games.lab.__main__ import main

GAME = "kardinal_koenig.cards"
ROOT = Path(__file__).resolve().parents[2]


def lab(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """The command, run in ``cwd`` (its lab folder, lab-results/, is made there)."""
    return subprocess.run([sys.executable, "-m", "games.lab", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT), **env})


def variant_file(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / f"{name}.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8") as f:
        return [{k: v for k, v in row.items() if k != "cpu"} for row in csv.DictReader(f)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_parameters_lists_every_parameter_of_every_game(game, capsys):
    assert main(["parameters", game]) == 0
    table = capsys.readouterr().out
    assert table.strip()
    assert main(["parameters", game, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    for row in rows:
        assert row["parameter"] in table and row["source"] in ("rulebook", "published", "inferred", "approx",
                                                               "decision")


@pytest.mark.slow
def test_a_run_writes_the_games_seats_summary_and_store(tmp_path):
    printed = variant_file(tmp_path, "printed", {"game": GAME, "name": "as printed", "changes": {}})
    out = tmp_path / "results.csv"
    done = lab(tmp_path, "run", str(printed), "--games", "3", "--bots", "greedy", "random", "random", "--out", str(out))
    assert done.returncode == 0, done.stderr
    games = read_csv(out)
    assert len(games) == 3 and {g["rotation"] for g in games} == {"0", "1", "2"}
    assert len(read_csv(tmp_path / "results.seats.csv")) == 9
    assert "first_player_advantage" in (tmp_path / "results.summary.csv").read_text()
    assert "first_player_advantage" in done.stdout and "3 of 3 games" in done.stderr
    assert "win rate (95 % Wilson interval)" in done.stdout and "by turn position: 1st to play" in done.stdout
    assert {row["by"] for row in read_csv(tmp_path / "results.wins.csv")} == {"seat", "position", "bot"}
    with sqlite3.connect(tmp_path / "lab-results" / "lab.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
    again = lab(tmp_path, "run", str(printed), "--games", "3", "--bots", "greedy", "random", "random", "--out",
                str(tmp_path / "again.csv"))
    assert again.returncode == 0 and read_csv(tmp_path / "again.csv") == games  # nothing played twice


@pytest.mark.slow
def test_a_killed_run_resumes_to_the_same_games_as_an_uncut_run(tmp_path):
    printed = variant_file(tmp_path, "printed", {"game": GAME, "changes": {}})
    bots = ["--bots", "greedy", "random", "random", "--games", "24"]
    uncut = tmp_path / "uncut.csv"
    assert lab(tmp_path, "run", str(printed), *bots, "--out", str(uncut)).returncode == 0
    cut = tmp_path / "cut.csv"
    store = tmp_path / "cut" / "lab.sqlite"
    process = subprocess.Popen([sys.executable, "-m", "games.lab", "run", str(printed), *bots, "--out", str(cut),
                                "--lab", str(store.parent)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 120
    kept = 0
    while time.monotonic() < deadline and process.poll() is None:
        if store.exists():
            try:
                with sqlite3.connect(store, timeout=5) as db:
                    kept = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            except sqlite3.OperationalError:
                kept = 0
            if kept >= 6:
                break
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert 6 <= kept < 24, "the run should have been killed part-way"
    assert lab(tmp_path, "list", str(store.parent)).stdout.count("running") == 1  # the index says it never ended
    resumed = lab(tmp_path, "run", str(printed), *bots, "--out", str(cut), "--lab", str(store.parent))
    assert resumed.returncode == 0, resumed.stderr
    assert read_csv(cut) == read_csv(uncut)


@pytest.mark.slow
@pytest.mark.parametrize(("content", "words"), [
    ("{not json", "is JSON text"),
    ("[1, 2]", "holds a JSON object"),
    ({"changes": {}}, "names its game"),
    ({"game": "chess", "changes": {}}, "unknown game \"chess\""),
    ({"game": GAME, "changes": {"gold": 1}}, "no parameter \"gold\""),
    ({"game": GAME, "changes": [1]}, "map parameter names to values"),
    ({"game": GAME, "changes": {}, "extra": 1}, "no key \"extra\""),
    ("[" * 100_000 + "]" * 100_000, "is JSON text"),
    ("\udcff", None),
])
def test_a_bad_variant_file_is_one_line_and_status_2(tmp_path, content, words):
    if content == "\udcff":
        path = tmp_path / "bytes.json"
        path.write_bytes(b"\xff\xfe\x00{")
    else:
        path = variant_file(tmp_path, "bad", content)
    done = lab(tmp_path, "run", str(path), "--games", "3", "--bots", "greedy", "random", "random", "--out",
               str(tmp_path / "x.csv"))
    assert done.returncode == 2 and done.stderr.startswith("error: ") and done.stderr.count("\n") == 1
    assert len(done.stderr) < 400
    if words:
        assert words in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ["parameters", "chess"],
    ["run", "{v}", "--games", "3", "--bots", "expert", "random", "random", "--out", "{o}"],
    ["run", "{v}", "--games", "3", "--bots", "greedy", "--out", "{o}"],
    ["run", "{v}", "--games", "x", "--bots", "greedy", "random", "random", "--out", "{o}"],
    ["run", "{v}", "--games", "3", "--bots", "greedy", "random", "random", "--out", "{o}", "--stop", "fun"],
    ["run", "{v}", "--games", "3", "--bots", "greedy", "random", "random", "--out", "{o}", "--dask", "tcp://127.0.0.1:1"],
    ["run", "{v}", "--games", "3", "--bots", "greedy", "random", "random", "--out", "{o}", "--jobs", "0"],
    ["run", "{v}", "--games", "3", "--bots", "greedy never fly", "random", "random", "--out", "{o}"],
    ["frobnicate"],
    [],
])
def test_bad_arguments_are_one_line_and_status_2(tmp_path, args):
    printed = variant_file(tmp_path, "printed", {"game": GAME, "changes": {}})
    argv = [a.replace("{v}", str(printed)).replace("{o}", str(tmp_path / "o.csv")) for a in args]
    done = lab(tmp_path, *argv)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr


@pytest.mark.slow
def test_an_aa_run_names_its_stop_and_a_metric_that_never_varies_is_warned_of(tmp_path):
    """The price sandbox's game lasts 36 turns whatever happens: a stop rule on turns says so."""
    done = lab(tmp_path, "run", "--game", "kutna_hora.economy", "--aa", "--bots", "random", "random", "random",
               "--games", "60", "--stop", "turns")
    assert done.returncode == 0, done.stderr
    assert "warning: turns was 36 in every game so far: it does not vary" in done.stderr
    assert "printed game (A/A: bots reseeded)" in done.stdout
    if "no difference" in done.stdout.split("in words")[0]:
        assert "the stop rule ended the run: every variant is decided after" in done.stderr
        assert "games were not needed" in done.stderr


@pytest.mark.slow
def test_a_sweep_makes_one_arm_per_value_and_the_stop_rule_says_when_it_ends_the_run(tmp_path):
    done = lab(tmp_path, "run", "--game", GAME, "--sweep", "country_cards.france=4,8", "--bots", "random", "random",
               "random", "--games", "300", "--stop", "turns", "--out", str(tmp_path / "sweep.csv"))
    assert done.returncode == 0, done.stderr
    assert "note: country_cards.france=8 is the baseline itself" in done.stderr
    assert "country_cards.france=4: different" in done.stdout
    assert "the stop rule ended the run: every variant is decided after" in done.stderr
    assert re.search(r"(\d[\d,]*) games were not needed", done.stderr)
    arms = {row["arm"] for row in read_csv(tmp_path / "sweep.csv")}
    assert arms == {"printed game", "country_cards.france=4"}
    assert "the variant shortens the game by" in done.stdout


@pytest.mark.slow
def test_list_show_merge_and_who_ran_it(tmp_path):
    one, two = tmp_path / "alice", tmp_path / "bob"
    bots = ["--bots", "random", "random", "random", "--games", "6"]
    assert lab(tmp_path, "run", "--game", GAME, "--aa", *bots, "--lab", str(one), LAB_AUTHOR="alice").returncode == 0
    assert lab(tmp_path, "run", "--game", GAME, "--sweep", "crest_limit=3", *bots, "--lab", str(two),
               LAB_AUTHOR="bob").returncode == 0
    listed = lab(tmp_path, "list", str(one))
    assert listed.returncode == 0 and "alice" in listed.stdout and "done" in listed.stdout
    merged = lab(tmp_path, "merge", str(tmp_path / "class"), str(one), str(two))
    assert merged.returncode == 0, merged.stderr
    assert "12 new games, 1 new experiments" in merged.stdout
    everything = lab(tmp_path, "list", "--lab", str(tmp_path / "class")).stdout
    assert "alice" in everything and "bob" in everything and "crest_limit=3" in everything
    again = lab(tmp_path, "merge", str(tmp_path / "class"), str(one))
    assert "0 new games, 0 new experiments" in again.stdout
    experiment = everything.splitlines()[1].split()[0]
    shown = lab(tmp_path, "show", experiment[:6], "--lab", str(tmp_path / "class"))
    assert shown.returncode == 0 and "games per arm" in shown.stdout and "run by" in shown.stdout
    missing = lab(tmp_path, "show", "zzzz", "--lab", str(tmp_path / "class"))
    assert missing.returncode == 2 and "holds no experiment \"zzzz\"" in missing.stderr
    assert lab(tmp_path, "list", str(tmp_path / "nothing")).stdout.endswith("no experiments yet\n")
