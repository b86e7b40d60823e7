"""Save files and configs refuse malformed input by name; the designed deck follows its recipe and quotas; every
component number says where it comes from."""

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from games.core import ConfigError, DataError, Sourced
from games.kardinal_koenig import CardGame, load_deck, new_game, register_deck
from games.kardinal_koenig.data import approx, generate_deck, inferred, rulebook
from games.kardinal_koenig.deck import parse_deck
from tests.checks import assert_bad_config_refused, assert_save_refused, loads_back, save_loader

from .scenario import play, table

DECK_TEXT = resources.files("games.kardinal_koenig.data").joinpath("deck_approx_v1.json").read_text("utf-8")
DECK_DATA = json.loads(DECK_TEXT)


def saved_table() -> dict:
    game = table([["france-3", "france-4", "france-6"], ["denmark-1", "italy-1"]], chips={"1,2": "three"})
    play(game, "take 1 1", "take 1 2", "stop", "place 2 2")
    return game.to_dict()


load = save_loader(CardGame)


# ---------------------------------------------------------------------------------------------------- saves
def test_a_hand_made_table_saves_and_loads_back_to_the_same_game():
    assert [again.state.chips[0] for again in loads_back(CardGame, saved_table())] == [["three"], ["three"]]


def test_a_tampered_snapshot_is_refused():
    data = saved_table()
    data["snapshot"]["state"]["chips"][0] = ["colours"]  # a different law chip than the log gives
    assert_save_refused(load, data, "the snapshot disagrees with the game its action log replays to")
    data = saved_table()
    data["snapshot"]["state"]["hand"] = "three"
    assert_save_refused(load, data, r"snapshot\.state\.hand", trust_snapshot=True)


def test_an_action_log_with_an_illegal_action_names_the_action():
    data = saved_table()
    data["actions"][0] = "take 1 2"
    del data["snapshot"]
    assert_save_refused(load, data, r"action 1 \(take 1 2\) cannot be replayed: .*not at an end of its row")


@pytest.mark.parametrize("change, message", [
    ({"rows": [["france-1", "atlantis-1"]]}, "bad config: rows: row 1 names 'atlantis-1', which is not a card"),
    ({"chips": {"1,1": "plus5"}}, "bad config: chips: 'plus5' is not a law chip"),
    ({"chips": {"3,1": "three"}}, "bad config: chips: there is no card at row 3 column 1"),
    ({"chips": {"first": "three"}}, "bad config: chips: 'first' must be 'row,column'"),
    ({"players": 6}, "bad config: the card game takes 3 to 5 players, not 6"),
    ({"players": 2}, "bad config: the card game takes 3 to 5 players, not 2"),
    ({"start_player": 3}, "bad config: start_player must be -1 .* or a seat 0 to 2, not 3"),
    ({"deck": "sheet-nobody-registered"}, "bad config: unknown deck 'sheet-nobody-registered'"),
    ({"colour": "red"}, "bad config: unknown option"),
])
def test_a_save_with_a_bad_config_names_what_is_wrong(change, message):
    assert_bad_config_refused(load, saved_table(), change, message)


@pytest.mark.parametrize("options, message", [
    ({"players": 6}, "3 to 5 players, not 6"),
    ({"rows": [["france-1"], ["france-1"]]}, "card 'france-1' is laid out twice"),
    ({"rows": [[], []]}, "a hand-made layout needs at least one card"),
    ({"rows": [["france-1"]] * 5}, "at most 4 rows, not 5"),
    ({"rows": [["france-1"] + [f"saxony-{i}" for i in range(1, 8)] + [f"italy-{i}" for i in range(1, 7)] +
               ["denmark-1"]]}, "row 1 must be a list of at most 14 card ids"),
    ({"chips": {"1,1": "three"}}, "must be 'row,column' of a card of the hand-made rows"),
])
def test_a_bad_config_raises_config_error_naming_the_option(options, message):
    with pytest.raises(ConfigError, match=message):
        new_game(seed=0, **options)


# ---------------------------------------------------------------------------------------------------- the deck
def test_a_deck_with_a_wrong_number_of_cards_in_a_country_names_the_country():
    data = copy.deepcopy(DECK_DATA)
    data["cards"] = [c for c in data["cards"] if c["id"] != "england-3"]
    with pytest.raises(DataError, match=r"england needs 5 cards \(rule text\), found 4"):
        parse_deck(data, "broken")
    data = copy.deepcopy(DECK_DATA)
    next(c for c in data["cards"] if c["id"] == "denmark-2")["country"] = "saxony"
    with pytest.raises(DataError, match="saxony needs 7 cards .*found 8"):
        parse_deck(data, "broken")


@pytest.mark.parametrize("field, value, message", [
    ("country", "atlantis", "card 1 \\(france-1\\): unknown country 'atlantis'"),
    ("crests", ["crown"], "card 1 \\(france-1\\): crests must be a list of cross, fan, tower, lily"),
    ("crests", "cross", "card 1 \\(france-1\\): crests must be a list"),
    ("route", "train", "card 1 \\(france-1\\): route must be 'ship', 'carriage', '' or a list of different ones, "
                       "not 'train'"),
    ("route", ["ship", "ship"], "card 1 \\(france-1\\): route must be .*not \\['ship', 'ship'\\]"),
    ("route", None, "card 1 \\(france-1\\): route must be"),
])
def test_a_deck_with_a_bad_card_names_the_card_and_the_field(field, value, message):
    data = copy.deepcopy(DECK_DATA)
    data["cards"][0][field] = value
    with pytest.raises(DataError, match=message):
        parse_deck(data, "broken")


def test_a_deck_card_with_a_repeated_id_or_a_missing_field_is_named():
    data = copy.deepcopy(DECK_DATA)
    data["cards"][1]["id"] = "france-1"
    with pytest.raises(DataError, match="card 2: id must be a unique non-empty text, not 'france-1'"):
        parse_deck(data, "broken")
    data["cards"][1] = {"id": "france-2", "country": "france", "crests": []}
    with pytest.raises(DataError, match="card 2: expected exactly id, country, crests and route"):
        parse_deck(data, "broken")


def test_a_transcribed_deck_can_be_registered_and_played_without_code_changes():
    data = copy.deepcopy(DECK_DATA)
    for c in data["cards"]:
        c["crests"], c["route"] = [], ""  # a (silly) sheet without symbols
    register_deck("test-blank-sheet", data)
    game = new_game(seed=2, deck="test-blank-sheet")
    assert all(card.crests == () for card in game.cards.values())
    assert load_deck("test-blank-sheet").source == "approx"


def test_the_committed_deck_file_is_exactly_the_generators_output():
    assert DECK_TEXT == generate_deck.render()


# the designed quotas (docs/rules_notes/kardinal_koenig.md, Designed components):
# country -> (crest kinds, cards with 0 / 1 / 2 crests, crests in all, ships, carriages)
QUOTAS = {
    "denmark": (2, (0, 3, 1), 5, 1, 0), "england": (2, (1, 2, 2), 6, 2, 0), "italy": (2, (1, 3, 2), 7, 2, 0),
    "bavaria": (2, (1, 3, 2), 7, 0, 2), "hungary": (2, (1, 3, 2), 7, 0, 2), "castile": (3, (1, 4, 2), 8, 2, 0),
    "franconia": (3, (1, 4, 2), 8, 0, 2), "saxony": (3, (1, 4, 2), 8, 0, 2), "france": (3, (1, 4, 3), 10, 1, 1),
}


@pytest.mark.parametrize("country", sorted(QUOTAS))
def test_the_designed_deck_meets_the_quotas_of_the_notes(country):
    kinds, by_crests, crests, ships, carriages = QUOTAS[country]
    cards = [c for c in load_deck().cards if c.country == country]
    assert len(cards) == rulebook.COUNTRY_CARDS.value[country] == sum(by_crests)
    assert len({k for c in cards for k in c.crests}) == kinds
    assert tuple(sum(len(c.crests) == n for c in cards) for n in range(3)) == by_crests
    assert sum(len(c.crests) for c in cards) == crests
    assert Counter(c.route for c in cards if c.route) == Counter({"ship": ships, "carriage": carriages}) - Counter()


def test_the_designed_deck_in_all_and_frances_crests_named_in_the_text():
    cards = load_deck().cards
    assert len(cards) == 56 and len({c.id for c in cards}) == 56
    assert Counter(len(c.crests) for c in cards) == {0: 8, 1: 30, 2: 18}
    assert Counter(c.route for c in cards if c.route) == {"ship": 8, "carriage": 9}
    assert {"cross", "fan"} <= {k for c in cards if c.country == "france" for k in c.crests}
    assert {k for c in cards for k in c.crests} <= set(approx.CREST_KINDS.value)


# ---------------------------------------------------------------------------------------------------- provenance
def _holds_a_number(value) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    if isinstance(value, dict):
        return any(_holds_a_number(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_holds_a_number(v) for v in value)
    return False


def tagged_numbers(module) -> dict:
    """The upper-case names of a data module that hold numbers, each asserted to carry its source tag."""
    names = [n for n in vars(module) if n.isupper()]
    untagged = [n for n in names if not isinstance(getattr(module, n), Sourced) and _holds_a_number(getattr(module, n))]
    assert untagged == []
    return {n: getattr(module, n) for n in names if isinstance(getattr(module, n), Sourced)}


def test_every_component_number_is_tagged_rulebook_inferred_or_approx_as_the_notes_say():
    designed, printed, derived = tagged_numbers(approx), tagged_numbers(rulebook), tagged_numbers(inferred)
    # designed by us (docs/rules_notes/kardinal_koenig.md)
    assert sorted(designed) == ["CREST_KINDS", "LAW_CHIP_POSITIONS", "LAW_CHIP_SPLIT"]
    assert all(v.source == "approx" and v.note for v in designed.values())
    assert sorted(derived) == ["CRESTS_PER_CARD", "ROUTES_PER_CARD"]  # our inferences from the text's words
    assert all(v.source == "inferred" and v.note and not v.is_printed for v in derived.values())
    assert all(v.source == "rulebook" for v in printed.values())  # each module holds numbers of one source
    assert set(printed) >= {
        "COUNTRY_CARDS", "ROWS", "COLUMNS", "STONES_PER_PLAYER", "PLACEABLE_STONES", "CREST_LIMIT", "ROAD_MINIMUM",
        "MINUS_CHIP_POINTS", "LAW_CHIPS", "LAW_CHIP_KINDS"}


def test_the_rulebook_numbers_are_those_of_the_rule_text():
    assert sum(rulebook.COUNTRY_CARDS.value.values()) == 56 and (rulebook.ROWS.value, rulebook.COLUMNS.value) == (4, 14)
    assert rulebook.STONES_PER_PLAYER.value == 3 and rulebook.PLACEABLE_STONES.value == {3: 3, 4: 2, 5: 2}
    assert (rulebook.CREST_LIMIT.value, rulebook.CREST_LIMIT_WITH_CHIP.value, rulebook.ROAD_MINIMUM.value) == (2, 3, 5)
    assert rulebook.MINUS_CHIP_POINTS.value == -2
    assert rulebook.LAW_CHIPS.value == 8 == sum(approx.LAW_CHIP_SPLIT.value.values())
    assert len(rulebook.LAW_CHIP_KINDS.value) == 4 and len(approx.LAW_CHIP_POSITIONS.value) == 8
