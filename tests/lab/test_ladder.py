"""The skill ladder: its rungs and steps, a ladder played (in rounds, stopped and gone on) and read back, and what
every kept ladder (bench/results/ladder_ID.sqlite, made by bench/bench_ladder.py, read by lesson 08 and shipped in
the classroom site) shows, step by step."""

from __future__ import annotations

import importlib.util
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from games import game_class
from games.lab import Store, ladder
from widgets.lab.kept import RESULTS
from widgets.lab.ladder import kept_ladder, kept_ladders, ladder_figure, ladder_table

#: What each kept ladder shows, step by step from the bottom (greedy over random first): ``up`` the stronger bot
#: finished ahead clearly (its interval's low end above ½), ``level`` no step shown (the interval holds ½), ``down``
#: the stronger-looking bot finished behind (the interval's high end below ½), ``unplayed`` a step the kept store
#: lacks (too slow for the time the run had). docs/bots.md and lesson 08 say the same.
SHOWN = {
    # the price sandbox (played again after the search's fix): greedy over random and the search at 5 iterations
    # over greedy clearly; above that level (25 over 5: 45 %, the coach's 100 over 25: 56 %, intervals across ½)
    "kutna_hora.economy": ("up", "up", "level", "level"),
    # base Catan, 4 to 6 games a search step (a shared machine's hour): only greedy over random shows; the search
    # steps are level (50 iterations ahead of greedy in 2 of 6, the coach's 1,000 ahead of 250 in 1 of 4)
    "catan.base": ("up", "level", "level", "level"),
    # Cities & Knights, 18 games a lower search step, 3 (one seed) the coach's: only greedy over random shows
    "catan.cities_knights": ("up", "level", "level", "level"),
    # the full Kutná Hora, 34 to 36 games a step: greedy over random clearly, then the search at 15 iterations
    # *behind* greedy (12 of 36), and the two steps above level (75 over 15: 23 of 36; 300 over 75: 20 of 34)
    "kutna_hora.game": ("up", "down", "level", "level"),
}

#: A kept store ships in the classroom site (one download per lesson 08 visitor): it stays small.
MOST_BYTES = 600_000


def reading(step: dict) -> str:
    return "up" if step["low"] > 0.5 else "down" if step["high"] < 0.5 else "level"


def test_the_rungs_rise_from_random_to_the_coachs_budget():
    budget = game_class("catan.base").search_settings.iterations
    rungs = ladder.rungs("catan.base")
    assert rungs[:2] == ["random", "greedy"] and rungs[-1] == "mcts"
    smaller = [int(r.split(":")[1]) for r in rungs[2:-1]]
    assert len(smaller) == 2 and smaller == sorted(smaller) and smaller[-1] < budget
    assert ladder.players_for("catan.base") == 2 and ladder.players_for("kardinal_koenig.cards") == 3
    steps = ladder.experiments("kardinal_koenig.cards", blocks=2)
    assert [step.lineup_key for step in steps][0] == "greedy | random | random"
    assert [str(step.lineup[0]) for step in steps] == ladder.rungs("kardinal_koenig.cards")[1:]
    assert all(step.games == 6 for step in steps)


def test_a_ladder_played_into_a_store_reads_back_step_by_step(tmp_path):
    path = tmp_path / "ladder.sqlite"
    for step in ladder.experiments("kutna_hora.economy", blocks=1)[:2]:
        step.run(store=path)
    steps = ladder.read(path)
    assert [(s["stronger"], s["weaker"]) for s in steps] == [("greedy", "random"), ("mcts:5", "greedy")]
    assert all(s["games"] == 2 and 0 <= s["low"] <= s["skill_gap"] <= s["high"] <= 1 for s in steps)
    assert steps[0]["skill_gap"] == 1.0, "greedy finishes ahead of random in every game of the price sandbox"


class StopAfterSteps:
    """A stop event set once the store holds games of ``steps`` line-ups (a run stopped part way up the ladder)."""

    def __init__(self, path: Path, steps: int) -> None:
        self.path, self.steps = path, steps

    def is_set(self) -> bool:
        if not self.path.exists():
            return False
        with closing(sqlite3.connect(self.path)) as db:
            return db.execute("SELECT count(DISTINCT lineup) FROM games").fetchone()[0] >= self.steps


def test_a_ladder_stopped_part_way_keeps_its_finished_steps_and_goes_on_without_replaying(tmp_path):
    path = tmp_path / "ladder.sqlite"
    rounds = []
    ladder.play("kutna_hora.economy", blocks=1, store=path, stop_event=StopAfterSteps(path, 2),
                report=lambda played, spent: rounds.append(played))
    assert rounds == [], "stopped inside the first round"
    with closing(sqlite3.connect(path)) as db:
        kept = db.execute("SELECT lineup, seed, rotation FROM games ORDER BY lineup, rotation").fetchall()
    assert kept == [("greedy | random", 0, 0), ("greedy | random", 0, 1), ("mcts:5 | greedy", 0, 0),
                    ("mcts:5 | greedy", 0, 1)], "the first seed of the first two steps, no more"
    assert [s["games"] for s in ladder.read(path)] == [2, 2]
    ladder.play("kutna_hora.economy", blocks=1, store=path, stop_event=StopAfterSteps(path, 2))
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 4, "going on replays no kept game"


def test_the_cheap_steps_alone_go_to_more_seeds(tmp_path):
    path = tmp_path / "ladder.sqlite"
    rounds = []
    ladder.play("kutna_hora.economy", blocks=3, store=path, steps=1, report=lambda played, spent: rounds.append(
        (played, len(spent))))
    assert rounds == [(1, 1), (2, 1), (3, 1)], "one report a round, one time a step"
    steps = ladder.read(path)
    assert [(s["stronger"], s["weaker"], s["games"]) for s in steps] == [("greedy", "random", 6)]


def test_every_kept_ladder_is_listed_and_says_what_it_shows():
    kept = kept_ladders()
    assert "kutna_hora.economy" in kept
    assert kept == sorted(p.name[len("ladder_"):-len(".sqlite")] for p in RESULTS.glob("ladder_*.sqlite"))
    assert set(kept) == set(SHOWN), "a kept ladder without its reading here, or a reading without its store"


@pytest.mark.parametrize("game_id", kept_ladders())
def test_the_kept_ladder_climbs_where_it_says_and_no_further(game_id):
    """Each kept ladder, as lesson 08 and docs/bots.md read it: every step from greedy over random to the coach's
    budget over a quarter of it, each read from its interval (:data:`SHOWN`), so the test holds the words to the
    kept games, a step that does not climb included."""
    steps = kept_ladder(game_id)
    rungs = ladder.rungs(game_id)
    played = [k for k, said in enumerate(SHOWN[game_id]) if said != "unplayed"]
    assert len(SHOWN[game_id]) == len(rungs) - 1
    assert [(s["stronger"], s["weaker"]) for s in steps] == [(rungs[k + 1], rungs[k]) for k in played]
    with Store(RESULTS / f"ladder_{game_id}.sqlite", read_only=True) as store:
        assert len(store.lineups()) == len(steps)
    shown = [reading(s) for s in steps]
    found = [(s["stronger"], s["games"], round(s["low"], 3), round(s["high"], 3)) for s in steps]
    assert shown == [SHOWN[game_id][k] for k in played], found
    assert steps[0]["low"] > 0.5, "greedy clearly ahead of random in every kept ladder"
    assert ladder_table(steps).shape[0] == len(steps) and len(ladder_figure(steps).data) == 1


@pytest.mark.parametrize("game_id", kept_ladders())
def test_the_kept_ladder_is_one_small_self_contained_file_the_site_ships(game_id):
    """A kept store is committed as one file: its write-ahead log folded in (bench_ladder.py packs it), so a lesson
    opening it read-only finds every game and leaves nothing beside it; small, as the site ships it."""
    path = RESULTS / f"ladder_{game_id}.sqlite"
    assert not any(path.with_name(path.name + tail).exists() for tail in ("-wal", "-shm", "-journal"))
    assert path.stat().st_size <= MOST_BYTES, f"{path.name}: {path.stat().st_size} bytes"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] > 0
    assert path.resolve() in [p.resolve() for p in build_site().kept_results()], "the site does not ship it"


def build_site():
    spec = importlib.util.spec_from_file_location("build_site", RESULTS.parents[1] / "scripts" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_missing_ladder_says_how_to_make_it_and_which_are_kept():
    with pytest.raises(FileNotFoundError, match=r"kept: .*kutna_hora\.economy.*bench_ladder.py --game no.such_game"):
        kept_ladder("no.such_game")
