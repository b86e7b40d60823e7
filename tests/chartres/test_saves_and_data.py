"""Save files and configs refuse malformed input by name; component sets are checked against the shapes the rule text
fixes; the designed cards follow their recipe; every designed number says it is designed."""

import copy
import json
from collections import Counter
from importlib import resources

import pytest

import games.chartres as chartres
from games.chartres import BANNER, SOURCE, load_components, register_components
from games.chartres.components import parse_components
from games.chartres.data import approx, generate_cards, rulebook
from games.chartres.data.approx import APPROX_V1, assistant_cards
from games.chartres.game import ChartresGame
from games.core import ConfigError, DataError, Rng, SaveFileError, Sourced
from games.core.bots import RandomBot, play_out
from games.core.conformance import check_random_game
from tests.checks import assert_bad_config_refused, assert_save_refused, loads_back, save_loader

from .scenario import finish, new_game, play, set_personal

CARDS_TEXT = resources.files("games.chartres.data").joinpath("assistant_cards_approx_v1.json").read_text("utf-8")


def component_data() -> dict:
    return {**copy.deepcopy(APPROX_V1), "assistant_cards": assistant_cards()}


def saved_game() -> dict:
    game = ChartresGame(None, 5, players=3)
    for _ in range(25):
        game.apply(game.legal_actions()[0])
    return game.to_dict()


load = save_loader(ChartresGame)


# ---------------------------------------------------------------------------------------------------- saves
def test_a_game_saves_and_loads_back_to_the_same_game():
    assert len(loads_back(ChartresGame, saved_game())) == 2


def test_a_finished_game_saves_and_loads_back():
    game = new_game(4, seed=2)
    finish(game)
    again = ChartresGame.from_json(game.to_json())
    assert again.to_dict() == game.to_dict() and again.is_terminal() and again.scores() == game.scores()


def test_a_hand_made_position_loads_from_its_trusted_snapshot_but_not_by_replaying_its_actions():
    game = new_game(2)
    set_personal(game, 0, 0)
    play(game, "draw")
    again = ChartresGame.from_json(game.to_json(), trust_snapshot=True)
    assert again.to_dict() == game.to_dict() and again.state.personal[0] == 0
    with pytest.raises(SaveFileError, match="the snapshot disagrees with the game its action log replays to"):
        ChartresGame.from_json(game.to_json())


def test_a_game_saved_while_an_ability_waits_for_a_discard_loads_back_and_plays_on_alike():
    game, pick = ChartresGame(None, 2, players=3), Rng(2)
    while game.pending().kind != "discard":
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    ability = game.to_dict()["snapshot"]["state"]["ability"]
    assert ability["player"] == game.pending().player and ability["source"] in game.pending().prompt
    for trust in (False, True):
        again = ChartresGame.from_json(game.to_json(), trust_snapshot=trust)
        assert again.to_dict() == game.to_dict() and again.pending() == game.pending()
        for action in ("stop", game.legal_actions()[0]):
            if action in game.legal_actions():
                assert again.clone().apply(action) == game.clone().apply(action)


def test_a_tampered_snapshot_is_refused():
    data = saved_game()
    data["snapshot"]["state"]["ip"][0] += 5
    assert_save_refused(load, data, "the snapshot disagrees with the game its action log replays to")
    data = saved_game()
    data["snapshot"]["state"]["hand"] = "a01"
    assert_save_refused(load, data, r"snapshot\.state\.hand: expected a list", trust_snapshot=True)
    data = saved_game()
    del data["snapshot"]["state"]["cellar"]
    assert_save_refused(load, data, r"missing field\(s\) cellar", trust_snapshot=True)


def test_an_action_log_with_an_illegal_action_names_the_action():
    data = saved_game()
    data["actions"][0] = "row a99"
    del data["snapshot"]
    assert_save_refused(load, data, r"action 1 \(row a99\) cannot be replayed: .*a99 is not a card in your")
    data["actions"][0] = "row a01 !"
    assert_save_refused(load, data, "unreadable action in the log")


@pytest.mark.parametrize("change, message", [
    ({"players": 5}, "bad config: Chartres takes 2 to 4 players, not 5"),
    ({"players": 1}, "bad config: Chartres takes 2 to 4 players, not 1"),
    ({"components": "published-v9"}, "bad config: unknown component set 'published-v9'; known sets: .*approx_v1"),
    ({"initiative": [0, 0, 1]}, r"bad config: initiative must list each seat 0–2 once, not \[0, 0, 1\]"),
    ({"cellars": ["A", "A", "B"]}, "bad config: cellars must name 3 different cellars, one per seat"),
    ({"cellars": ["A", "B", "Z"]}, "bad config: cellars: unknown cellar"),
    ({"colour": "blue"}, "bad config: unknown option"),
    ({"players": "three"}, "bad config: option players must be a whole number"),
])
def test_a_save_with_a_bad_config_names_what_is_wrong(change, message):
    assert_bad_config_refused(load, saved_game(), change, message)


@pytest.mark.parametrize("options, message", [
    ({"players": 5}, "2 to 4 players, not 5"),
    ({"players": 2, "initiative": (0, 2)}, "initiative must list each seat 0–1 once"),
    ({"players": 2, "cellars": ("A",)}, "cellars must name 2 different cellars"),
    ({"components": "nope"}, "unknown component set 'nope'"),
])
def test_a_bad_config_raises_config_error_naming_the_option(options, message):
    with pytest.raises(ConfigError, match=message):
        ChartresGame(None, 0, **options)


# ---------------------------------------------------------------------------------------------------- component sets
def broken(change) -> dict:
    data = component_data()
    change(data)
    return data


BROKEN = [
    ("not an object", lambda d: d.clear(), "missing assistant_cards, bonus_tiles, cellars"),
    ("a missing section", lambda d: d.pop("cross"), "missing cross"),
    ("a card with an extra field", lambda d: d["assistant_cards"][0].update(cost=2),
     "card 1: expected exactly id, colour, resources, main and bonus"),
    ("a repeated card id", lambda d: d["assistant_cards"][1].update(id="a01"),
     "card 2: id must be a unique text, not 'a01'"),
    ("a green card", lambda d: d["assistant_cards"][0].update(colour="green"),
     r"card 1 \(a01\): colour must be one of yellow, red, purple"),
    ("a gold resource", lambda d: d["assistant_cards"][0].update(resources=["gold"]),
     r"card 1 \(a01\): resources must be a list of torch, horse, cart, white, red"),
    ("an unknown effect", lambda d: d["assistant_cards"][0]["main"].update(do=["fly"]),
     r"card 1 main: do must be a non-empty list of glossary atoms, not \['fly'\]"),
    ("zero times", lambda d: d["assistant_cards"][0]["main"].update(times=0),
     "card 1 main: times must be a whole number 1–9, not 0"),
    ("a counted ability repeated", lambda d: d["assistant_cards"][0]["main"].update(times=2, per="cart"),
     "an ability counted per cart has times 1"),
    ("a discard after its effect", lambda d: d["assistant_cards"][0]["main"].update(do=["cross", "discard:any"]),
     "discards come before the effects they pay for"),
    ("too few cards", lambda d: d.update(assistant_cards=d["assistant_cards"][:19]),
     "19 assistant cards are too few for a game"),
    ("too few locations", lambda d: d.update(locations=d["locations"][:9]), "too few locations"),
    ("a location named like a card", lambda d: d["locations"][0].update(id="a01"),
     "location 1: id must be a unique text, not 'a01'"),
    ("a tile costing 5", lambda d: d["bonus_tiles"][0].update(cost=5),
     r"bonus tile 1: cost must be 1–4 citizens \(rule text\), not 5"),
    ("a tile paid with cards", lambda d: d["bonus_tiles"][0].update(do=["discard:any", "draw:2"]),
     "a bonus tile is paid with citizens, not discards"),
    ("eleven tiles", lambda d: d["bonus_tiles"].pop(), "the rule text has 12 bonus tiles, found 11"),
    ("a two-barrel cellar", lambda d: d["cellars"]["A"].update(values=[2, 3]), "cellar A: a cellar needs at least 3"),
    ("a negative barrel", lambda d: d["cellars"]["B"].update(values=[3, -1, 4]),
     r"cellar B\.values: expected a list of whole numbers ≥ 0, found \[3, -1, 4\]"),
    ("a bonus past the cellar", lambda d: d["cellars"]["C"].update(bonuses={"9": "shield"}),
     "cellar C.bonuses: '9' is not a space 0–7"),
    ("three cellars", lambda d: d["cellars"].pop("D"), "at least 4 are needed, found 3"),
    ("a hand limit of 8", lambda d: d["status"].update(hand_limit=[3, 3, 4, 4, 5, 5, 6, 6, 8]),
     r"the hand limit rises from 3 to 7 \(rule text\)"),
    ("a multiplier up to 9", lambda d: d["status"].update(multiplier=[0, 1, 2, 3, 4, 5, 6, 7, 9]),
     r"the reputation multiplier runs from 0 to 8 \(rule text\)"),
    ("a three-level tower", lambda d: d["cross"].update(ip=[1, 3, 6]), "cross.ip: expected a list of 4 whole numbers"),
    ("eight window spaces", lambda d: d["windows"].update(colours=["red"] * 8), "windows.colours must name 9 spaces"),
    ("a blue window space", lambda d: d["windows"]["colours"].__setitem__(0, "blue"),
     "windows.colours must name 9 spaces of yellow, red, purple"),
    ("an unknown window bonus", lambda d: d["windows"]["bonuses"].__setitem__(2, "fly"),
     r"windows\.bonuses\[2\]: do must be a non-empty list of glossary atoms"),
    ("no path space", lambda d: d.update(path_spaces=0), "path_spaces must be a whole number ≥ 1, not 0"),
    ("true citizens", lambda d: d.update(citizens_per_colour=True), "citizens_per_colour must be a whole number"),
]


@pytest.mark.parametrize("what, change, message", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_malformed_component_set_is_refused_naming_the_problem(what, change, message):
    with pytest.raises(DataError, match=message):
        parse_components(broken(change), "broken")


@pytest.mark.parametrize("section, value", [("status", []), ("cross", [1, 3, 6, 10]), ("windows", None),
                                            ("cellars", ["A", "B", "C", "D"]), ("assistant_cards", 60),
                                            ("locations", None)])
def test_a_component_section_of_the_wrong_type_is_refused_naming_the_section(section, value):
    with pytest.raises(DataError, match=section):
        parse_components(broken(lambda d: d.update({section: value})), "broken")


def test_a_repeated_bonus_tile_id_is_named():
    with pytest.raises(DataError, match="b01"):
        parse_components(broken(lambda d: d["bonus_tiles"][1].update(id="b01")), "broken")


def test_a_location_flag_that_is_not_true_or_false_is_refused():
    with pytest.raises(DataError, match="city_gate"):
        parse_components(broken(lambda d: d["locations"][5].update(city_gate="no")), "broken")


@pytest.mark.slow
def test_a_transcribed_component_set_registers_and_plays_to_the_end_without_code_changes():
    data = component_data()
    data.update(source="transcribed", note="a test sheet")
    data["cellars"]["A"]["values"] = [9, 1, 9, 1, 9, 1, 9, 1, 9]
    data["cellars"]["A"]["bonuses"] = {"8": "reputation:1"}
    data["windows"]["final"] = [0, 0, 0, 0, 0, 0, 0, 0, 100]
    for raw in data["assistant_cards"]:
        raw["bonus"] = None  # a (silly) sheet without bonus abilities
    parts = register_components("test-transcribed-sheet", data)
    assert parts.is_printed and parts.source == "transcribed" and load_components("test-transcribed-sheet") is parts
    game = ChartresGame(None, 3, players=2, components="test-transcribed-sheet", cellars=("A", "B"))
    assert game.parts.cellars["A"].values == (9, 1, 9, 1, 9, 1, 9, 1, 9) and game.parts.window_final[-1] == 100
    assert all(c.bonus is None for c in game.parts.cards.values())
    play_out(game, [RandomBot(1), RandomBot(2)])
    assert game.is_terminal() and game.invariant_breaks() == []
    assert game.observe(0)["components"] == "test-transcribed-sheet"
    check_random_game(lambda s: ChartresGame(None, s, players=3, components="test-transcribed-sheet"), 4,
                      deep_every=11)
    again = ChartresGame.from_json(game.to_json())
    assert again.to_dict() == game.to_dict()


# ---------------------------------------------------------------------------------------------------- designed data
def test_the_committed_assistant_card_file_is_exactly_the_generators_output():
    assert CARDS_TEXT == generate_cards.render()


def test_the_designed_cards_follow_the_recipe_of_the_notes():
    cards = json.loads(CARDS_TEXT)["cards"]
    assert len(cards) == 60 and len({c["id"] for c in cards}) == 60
    assert Counter(c["colour"] for c in cards) == {"yellow": 20, "red": 20, "purple": 20}
    assert all(1 <= len(c["resources"]) <= 2 for c in cards)
    assert Counter(r for c in cards for r in c["resources"]) == generate_cards.ICONS
    assert 15 <= sum(c["bonus"] is not None for c in cards) <= 25  # about a third


def test_every_designed_table_is_marked_approx_and_the_banner_exists():
    assert BANNER == "Values differ from the published game." and chartres.BANNER is BANNER
    assert SOURCE == approx.SOURCE and "approx" in SOURCE
    assert APPROX_V1["source"] == "approx" and SOURCE in APPROX_V1["note"]
    assert json.loads(CARDS_TEXT)["source"] == "approx"
    parts = load_components()
    assert parts.source == "approx" and not parts.is_printed and SOURCE in parts.note
    designed = {"cellars", "status", "cross", "windows", "bonus_tiles", "locations", "path_spaces",
                "citizens_per_colour", "tavern_torches"}
    assert designed <= set(APPROX_V1)  # every table of the shipped set lives in the module tagged approx


def test_every_number_of_the_rulebook_module_is_tagged_rulebook():
    numbers = {n: v for n, v in vars(rulebook).items() if n.isupper() and not isinstance(v, (str, tuple))}
    assert numbers and all(isinstance(v, Sourced) and v.source == "rulebook" and v.note for v in numbers.values())
    assert {"ERAS", "ROUNDS_PER_ERA", "ROW_FULL", "DEAL", "FULL_BARREL", "HALF_BARREL", "CITIZEN_INFLUENCE",
            "PATH_REPUTATION", "CROSS_REPUTATION", "WINDOW_OVERFLOW"} <= set(numbers)
    printed = {"ERAS": 3, "ROUNDS_PER_ERA": 4, "ROW_START": 3, "ROW_FULL": 7, "DEAL": 6, "FULL_BARREL": 4,
               "HALF_BARREL": 3, "BONUS_TILES": 12, "WINDOW_SPACES": 9, "SHIELD_OVERFLOW": 2, "CELLAR_OVERFLOW": 2,
               "CROSS_OVERFLOW": 3, "WINDOW_OVERFLOW": {"coloured": 6, "white": 4}, "CROSS_REPUTATION": {3: 1, 4: 2}}
    assert {name: numbers[name].value for name in printed} == printed


@pytest.mark.parametrize("name", ["approx_v1"])
def test_the_shipped_set_matches_the_placeholder_tables_of_the_notes(name):
    parts = load_components(name)
    # the worked example's cellar (docs/rules_notes/chartres.md, Designed components)
    assert parts.cellars["A"].values == (2, 3, 4, 6, 2, 7, 8, 10)
    assert parts.hand_limit == (3, 3, 4, 4, 5, 5, 6, 6, 7) and parts.multiplier == tuple(range(9))
    assert parts.cross_ip == (1, 3, 6, 10) and parts.cross_cards == (0, 1, 1, 2)
    assert sorted(t.cost for t in parts.tiles.values()) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert sum(loc.city_gate for loc in parts.locations.values()) == 3
    assert sum(loc.tavern for loc in parts.locations.values()) == 2 and len(parts.locations) == 18
