"""The price table is data: generated once, validated on load, replaceable without code changes."""

import copy
import json
from importlib import resources

import pytest

from games.core import DataError
from games.kutna_hora import new_economy, prices
from games.kutna_hora.data import generate_prices


def committed() -> dict:
    path = resources.files("games.kutna_hora.data") / "prices_approx_v1.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_committed_table_is_exactly_what_the_documented_script_generates():
    assert committed() == generate_prices.build_table()
    path = resources.files("games.kutna_hora.data") / "prices_approx_v1.json"
    assert path.read_text(encoding="utf-8") == generate_prices.dumps(generate_prices.build_table())


def test_the_approx_table_is_tagged_approx_and_sized_from_data():
    t = prices.load_price_table("approx_v1")
    assert t.source == "approx"
    assert (t.decks["population"].last, t.decks["ore"].last) == (40, 30)
    assert set(t.decks["population"].notches.values()) == {6}


def test_no_town_builds_mark_in_the_ore_column():
    t = prices.load_price_table()
    assert not any(c.town_builds for card in t.decks["ore"].cards for c in card["ore"])


@pytest.mark.parametrize("mangle, message", [
    (lambda d: d.update(schema="x"), "schema"),
    (lambda d: d.update(source="printed?"), "source"),
    (lambda d: d["decks"].pop("ore"), "exactly the decks"),
    (lambda d: d["decks"]["ore"]["cards"].pop(), "positions 0..30"),
    (lambda d: d["decks"]["population"]["cards"][5]["wood"].pop(), "population card 5, wood: needs 6 cells"),
    (lambda d: d["decks"]["population"]["cards"][7]["beer"].__setitem__(2, "3y"),
     "population card 7, beer, notch 2: '3y' is not a price cell"),
    (lambda d: d["decks"]["ore"]["cards"][3]["permits"].__setitem__(0, "0"), "notch 0: '0'"),
    (lambda d: d["decks"]["ore"]["cards"][3]["ore"].__setitem__(0, "4t"), "only a slider's own good"),
    (lambda d: d["decks"]["ore"].pop("last"), "ore deck: missing or malformed"),
])
def test_a_malformed_table_is_refused_naming_the_card_good_and_notch(mangle, message):
    data = copy.deepcopy(committed())
    mangle(data)
    with pytest.raises(DataError, match=message):
        prices.PriceTable.from_dict(data)


def test_a_transcription_replaces_the_table_through_the_config_alone():
    data = copy.deepcopy(committed())
    data.update(name="test_transcription", source="rulebook")
    for card in data["decks"]["population"]["cards"]:
        card["beer"] = [str(int(c.rstrip("xt")) + 10) + c[len(c.rstrip("xt")):] for c in card["beer"]]
    prices.register_price_table("test_transcription", prices.PriceTable.from_dict(data))
    g = new_economy(price_table="test_transcription")
    assert g.price("beer") == 13 and g.table.source == "rulebook"
    assert new_economy().price("beer") == 3


def test_cells_are_written_as_printed():
    assert [str(prices.Cell(4)), str(prices.Cell(4, True)), str(prices.Cell(4, False, True))] == ["4", "4x", "4t"]


def test_stand_snapshot_is_small_and_json_ready():
    g = new_economy()
    snap = prices.stand_snapshot(g.table, g.stands)
    assert snap["decks"]["ore"]["goods"]["ore"]["slider"] == "silver"
    assert snap["decks"]["population"]["goods"]["wood"]["price"] == 2
    assert len(json.dumps(snap)) < 4000
