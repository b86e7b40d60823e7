"""The lab folder and sweeps: PARAM=A..B and lists read (and refused in one sentence), one arm per value, the index
found by id, and the lessons' kept files (schema 1, no index) listed all the same."""

from __future__ import annotations

import pytest

from games.lab import Experiment, Variant, VariantError
from games.lab.folder import LabFolder, parse_sweep, sweep
from games.lab.store import Store, StoreError
from widgets.lab.kept import RESULTS

GAME = "kardinal_koenig.cards"


@pytest.mark.parametrize(("text", "parameter", "values"), [
    ("points_to_win=6..12", "points_to_win", [6, 7, 8, 9, 10, 11, 12]),
    (" points_to_win = 6..12:3 ", "points_to_win", [6, 9, 12]),
    ("rates.bank=0.5..1.5:0.5", "rates.bank", [0.5, 1.0, 1.5]),
    ("costs.city.ore=1,2,3", "costs.city.ore", [1, 2, 3]),
    ("layout=A,B", "layout", ["A", "B"]),
    ("first_game=true,false", "first_game", [True, False]),
])
def test_a_sweep_is_read_as_a_range_or_a_list(text, parameter, values):
    assert parse_sweep(text) == (parameter, values)


@pytest.mark.parametrize(("text", "words"), [
    ("points_to_win", "PARAM=A..B"), ("=1..3", "names a parameter"), ("x=", "names a parameter"),
    ("x=a..b", "A..B or A..B:STEP of numbers"), ("x=5..1", "runs up from A to B"), ("x=1..3:0", "step above 0"),
    ("x=1..1000", "at most 40 arms"), ("x=1,,2", "values between commas"), ("x=nan..3", "runs up from A to B"),
])
def test_a_bad_sweep_is_one_sentence(text, words):
    with pytest.raises(VariantError, match=words.replace("(", r"\(").replace(".", r"\.")):
        parse_sweep(text)


def test_a_sweep_makes_one_checked_variant_per_value_and_names_the_baseline():
    printed = Variant(GAME)
    made, notes = sweep(printed, "road_minimum", [4, 5, 6])
    assert [v.name for v in made] == ["road_minimum=4", "road_minimum=6"]
    assert notes == ["road_minimum=5 is the baseline itself: it is played once, as the baseline"]
    assert made[0].changes == {"road_minimum": 4}
    with pytest.raises(VariantError, match="road_minimum=99"):
        sweep(printed, "road_minimum", [3, 99])
    with pytest.raises(VariantError, match="no variant that differs"):
        sweep(printed, "road_minimum", [5])


@pytest.mark.slow
def test_the_folder_finds_an_experiment_by_the_first_letters_of_its_id(tmp_path):
    folder = LabFolder(tmp_path / "lab-results")
    assert folder.index() == []
    with pytest.raises(StoreError, match="no experiment yet"):
        folder.find()
    printed = Variant(GAME)
    for road in (3, 4):
        Experiment(printed, [Variant(GAME, {"road_minimum": road})], bots=["random"] * 3, games=3).run(
            store=folder.store())
    rows = folder.index()
    assert len(rows) == 2 and folder.find()["id"] == rows[0]["id"]  # the latest
    assert folder.find(rows[1]["id"][:6])["id"] == rows[1]["id"]
    with pytest.raises(StoreError, match="holds no experiment"):
        folder.find("zz")
    results = folder.results(rows[1]["id"])
    assert results.games == 3 and results.experiment.id == rows[1]["id"]
    assert LabFolder(folder.store_path).store_path == folder.store_path  # a store file names its folder


def test_a_kept_file_of_schema_1_is_listed_and_read_without_writing(tmp_path):
    path = RESULTS / "lab_13_price_economy.sqlite"
    stamp = path.stat().st_mtime_ns
    with Store(path, read_only=True) as store:
        assert store.schema == 1 and store.claims() == {}
        (row,) = store.experiments()
    assert row["status"] == "kept" and row["definition"]["lineup"] == ["greedy", "greedy never mine",
                                                                      "greedy never build"]
    results = LabFolder(path).results()
    assert results.games == 150 and [a.name for a in results.experiment.variants] == ["ore falls faster"]
    assert path.stat().st_mtime_ns == stamp
