"""The lab's command: the parameter table, a run that writes CSV and keeps its games, resume after a killed run, and
one clear line with status 2 for every bad input."""

from __future__ import annotations

import csv
import json
import os
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


def lab(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "games.lab", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600)


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
    done = lab("run", str(printed), "--games", "3", "--bots", "greedy", "random", "random", "--out", str(out))
    assert done.returncode == 0, done.stderr
    games = read_csv(out)
    assert len(games) == 3 and {g["rotation"] for g in games} == {"0", "1", "2"}
    assert len(read_csv(tmp_path / "results.seats.csv")) == 9
    assert "first_player_advantage" in (tmp_path / "results.summary.csv").read_text()
    assert "first_player_advantage" in done.stdout and "3 of 3 games" in done.stderr
    with sqlite3.connect(tmp_path / "results.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
    again = lab("run", str(printed), "--games", "3", "--bots", "greedy", "random", "random", "--out", str(out))
    assert again.returncode == 2 and "--resume" in again.stderr and again.stderr.count("\n") == 1


@pytest.mark.slow
def test_a_killed_run_resumes_to_the_same_games_as_an_uncut_run(tmp_path):
    printed = variant_file(tmp_path, "printed", {"game": GAME, "changes": {}})
    bots = ["--bots", "greedy", "random", "random", "--games", "24"]
    uncut = tmp_path / "uncut.csv"
    assert lab("run", str(printed), *bots, "--out", str(uncut)).returncode == 0
    cut = tmp_path / "cut.csv"
    store = tmp_path / "cut.sqlite"
    process = subprocess.Popen([sys.executable, "-m", "games.lab", "run", str(printed), *bots, "--out", str(cut)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
    resumed = lab("run", str(printed), *bots, "--out", str(cut), "--resume")
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
    done = lab("run", str(path), "--games", "3", "--bots", "greedy", "random", "random", "--out",
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
    done = lab(*argv)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
