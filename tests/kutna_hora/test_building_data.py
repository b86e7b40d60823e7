"""Kutná Hora's component data: the building tiles and house spaces as checked data (a transcription of the real
tiles drops in as ``data/buildings.json``), and the source tag of every number (``rulebook``, ``inferred`` from the
text's words, ``approx`` designed by us)."""

import copy
import json
from importlib import resources

import pytest

from games.core import DataError, Sourced
from games.core.provenance import EXACT_SOURCES, INFERRED
from games.kutna_hora.data import approx, components, rulebook
from games.kutna_hora.data.components import (
    GUILD_GOOD,
    TILE_EFFECTS,
    TILES,
    TOWN_HALL_ROWS,
    Effect,
    house_grid,
    load_buildings,
)
from games.kutna_hora.prices import load_price_table

rule = pytest.mark.rule


def packaged() -> dict:
    path = resources.files("games.kutna_hora.data") / "buildings.json"
    return json.loads(path.read_text(encoding="utf-8"))


def tile_of(data: dict, tile_id: str) -> dict:
    return next(t for t in data["tiles"] if t["id"] == tile_id)


# ---------------------------------------------------------------------------------------------------- tile data
@rule("build.production")
def test_the_packaged_tiles_load_from_data_with_their_effects_in_printed_order():
    data = packaged()
    tiles = load_buildings(data)
    assert tiles.source == "approx" and len(tiles.guild_tiles) == 24 and len(tiles.public_tiles) == 12
    assert {t.id: t for t in tiles.guild_tiles + tiles.public_tiles} == TILES
    assert [e.to_dict() for e in TILES["builders-3"].effects] == tile_of(data, "builders-3")["effects"] == [
        {"kind": "production", "amount": 2}, {"kind": "slider"}, {"kind": "population"},
        {"kind": "tax"}]
    assert [e.words() for e in TILES["miners-4"].effects] == [
        "production +2", "ore-deck +2", "population +1", "st-barbara +1", "technology +1"]
    assert TILES["miners-4"].production == 2 and TILES["miners-4"].technology and TILES["green-1"].population == 2


@rule("build.tax")
def test_any_combination_of_the_printed_effects_loads_with_its_amounts():
    data = packaged()
    tile_of(data, "builders-1")["effects"] += [
        {"kind": "tax", "amount": 2}, {"kind": "remove-house"}, {"kind": "noble", "colour": "red", "amount": 2},
        {"kind": "points", "amount": 3}, {"kind": "st-barbara", "amount": 2}, {"kind": "technology"}]
    tile = next(t for t in load_buildings(data).guild_tiles if t.id == "builders-1")
    assert tile.effects[3:] == (Effect("tax", 2), Effect("remove-house"), Effect("noble", 2, "red"),
                                Effect("points", 3), Effect("st-barbara", 2), Effect("technology"))
    assert set(TILE_EFFECTS) == {"production", "slider", "technology", "ore-deck", "population", "points",
                                 "reputation", "pelicans", "tax", "noble", "remove-house", "st-barbara"}


BAD_TILES = [
    ("an unknown effect", "builders-1", lambda t: t["effects"].append({"kind": "taxes"}),
     r"building tile 'builders-1', field 'effects\[3\]': unknown effect 'taxes'"),
    ("an amount of 0", "builders-2", lambda t: t["effects"].append({"kind": "tax", "amount": 0}),
     r"'builders-2', field 'effects\[3\]'.amount: 0 is not a whole number of at least 1"),
    ("a noble without its colour", "grocers-1", lambda t: t["effects"].append({"kind": "noble"}),
     r"'grocers-1', field 'effects\[3\]'.colour: a noble effect names one of"),
    ("a colour on a tax icon", "grocers-1", lambda t: t["effects"].append({"kind": "tax", "colour": "red"}),
     r"'grocers-1', field 'effects\[3\]'.colour: only a noble effect has a colour"),
    ("a public building with production", "green-1", lambda t: t["effects"].append({"kind": "production"}),
     r"'green-1', field 'effects': a public building shows no production"),
    ("a public building without its noble", "silver-2", lambda t: t["effects"].pop(0),
     r"'silver-2', field 'effects': every public building adds its silver noble"),
    ("a miners' building with a slider", "miners-1", lambda t: t["effects"].append({"kind": "slider"}),
     r"'miners-1', field 'effects': a miners' building moves no slider"),
    ("ore production without the ore deck", "miners-2", lambda t: t["effects"].pop(1),
     r"'miners-2', field 'effects': ore production \+1 advances the ore deck by the same 1, not 0"),
    ("a guild building without production", "tavern-1", lambda t: t["effects"].pop(0),
     r"'tavern-1', field 'effects': a guild building raises its good's production"),
    ("an unknown field", "tavern-2", lambda t: t.update(extra="tax+1"), r"'tavern-2': unknown field 'extra'"),
    ("a wood cost in words", "tavern-3", lambda t: t.update(wood="three"), r"'tavern-3', field 'wood': 'three'"),
    ("an unknown guild", "tavern-4", lambda t: t.update(guild="bakers"), r"'tavern-4', field 'guild': 'bakers'"),
    ("a marked public building", "red-1", lambda t: t.update(marked=True), r"'red-1', field 'marked'"),
    ("icons not in a list", "red-2", lambda t: t.update(icons="red"), r"'red-2', field 'icons'"),
]


@rule("public.no-house")
@rule("prices.miners-building")
@pytest.mark.parametrize("what, tile, change, message", BAD_TILES, ids=[b[0] for b in BAD_TILES])
def test_a_mistake_in_the_tile_data_is_refused_naming_the_tile_and_the_field(what, tile, change, message):
    data = packaged()
    change(tile_of(data, tile))
    with pytest.raises(DataError, match=message):
        load_buildings(data)


@rule("setup.town-hall")
def test_the_tile_set_as_a_whole_follows_the_counts_of_the_text():
    data = packaged()
    tile_of(data, "builders-2")["marked"] = True
    with pytest.raises(DataError, match="the builders tiles: 4 tiles with exactly one marked, not 4 tiles with 2"):
        load_buildings(data)
    data = packaged()
    data["tiles"].pop()
    with pytest.raises(DataError, match="24 guild and 12 public tiles, not 24 and 11"):
        load_buildings(data)
    data = packaged()
    data["tiles"].append(copy.deepcopy(data["tiles"][0]))
    with pytest.raises(DataError, match="building tile 'builders-1': the id is used twice"):
        load_buildings(data)
    data = packaged()
    tile_of(data, "red-3").update(colour="green", effects=[{"kind": "noble", "colour": "green"}])
    with pytest.raises(DataError, match="3 red public buildings"):
        load_buildings(data)
    for bad in ({**packaged(), "schema": "kutna_hora/buildings/0"}, {**packaged(), "source": "guess"}, []):
        with pytest.raises(DataError, match="schema|source"):
            load_buildings(bad)


@rule("build.house")
def test_the_house_grid_holds_several_effects_per_space_and_names_the_space_of_a_mistake():
    grid = approx.HOUSE_EFFECTS.value
    assert len(grid) == 3 and all(len(row) == 4 for row in grid)
    assert grid[1][2] == (Effect("public-rights"), Effect("points"))
    one = (("points", 1),)
    bad = ((one,) * 4, ((("points", 1), ("tax", 1)),) + (one,) * 3, (one,) * 4)
    with pytest.raises(DataError, match="house row 2, space 1, effect 2: unknown effect 'tax'"):
        house_grid(bad, rows=3, spaces=4)
    with pytest.raises(DataError, match="house row 1, space 2: a house space shows at least one effect"):
        house_grid(((one, (), one, one),), rows=1, spaces=4)
    with pytest.raises(DataError, match="3 rows of 4 spaces"):
        house_grid(((one,) * 4,), rows=3, spaces=4)


# ---------------------------------------------------------------------------------------------------- source tags
@rule("decision.deck-length")
def test_the_deck_lengths_are_inferred_from_the_card_counts_and_the_price_table_follows_them():
    assert rulebook.DECK_LAST.source == INFERRED and rulebook.DECK_LAST.value == {"population": 40, "ore": 30}
    assert rulebook.DECK_FLIP.source == "rulebook"
    assert (rulebook.POPULATION_CARDS.value, rulebook.ORE_CARDS.value) == (21, 16)
    for deck, spec in load_price_table("approx_v1").decks.items():
        assert (spec.last, spec.flip) == (rulebook.DECK_LAST.value[deck], rulebook.DECK_FLIP.value[deck])
        # both sides of every card but the flip card's front: 2 × cards - 1 positions
        assert spec.last + 1 == 2 * {"population": 21, "ore": 16}[deck] - 1


@rule("decision.guild-goods")
def test_the_good_of_each_guild_is_tagged_inferred():
    assert GUILD_GOOD.source == INFERRED and "elimination" in GUILD_GOOD.note
    assert GUILD_GOOD.value["scribes"] == "permits" and not GUILD_GOOD.is_printed


@rule("decision.town-hall-rows")
def test_the_three_town_hall_rows_are_tagged_inferred_from_six_spaces_in_two_columns():
    assert TOWN_HALL_ROWS.source == INFERRED and TOWN_HALL_ROWS.value * components.GUILD_COLUMNS.value == 6
    assert "左端の2列にある6スペース" in TOWN_HALL_ROWS.note


def test_the_kernel_accepts_inferred_values_that_name_their_words():
    value = Sourced(3, "inferred", "6 spaces in 2 columns")
    assert value.source == INFERRED and not value.is_printed and INFERRED not in EXACT_SOURCES
    with pytest.raises(ValueError, match="names the words it follows from"):
        Sourced(3, "inferred")
    with pytest.raises(ValueError, match="'rulebook', 'published', 'inferred' or 'approx'"):
        Sourced(3, "guessed")


def test_every_number_of_the_data_modules_is_tagged_and_rulebook_numbers_quote_the_text():
    for module in (rulebook, components, approx):
        for name, value in vars(module).items():
            if isinstance(value, Sourced):
                assert value.source in ("rulebook", "inferred", "approx"), name
                if module is rulebook:
                    assert value.note, name
