"""The kernel's designable parameters: checking changes, their config form, and games made with them."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core import NO_CHANGES, Changes, ConfigError, Parameter, ParameterError, SaveFileError
from games.core.parameters import canonical, cells_of, freeze, normalise, resolve, thaw

from .toy import ToyConfig, ToyGame

COSTS = Parameter("costs", {"road": {"brick": 1, "lumber": 1}, "city": {"grain": 2, "ore": 3}}, "rulebook",
                  "What each piece costs.", rules=("building.costs",), low=0, high=9)
TARGET = Parameter("target", 10, "published", "Points to win.", rules=("end.win",), low=3, high=30)
TRACK = Parameter("track", [1, 2, 3], "approx", "A track.", low=1, high=9,
                  check=lambda v: None if list(v) == sorted(v) else "the track never falls")
SHARE = Parameter("share", 0.5, "inferred", "A share.", low=0.0, high=1.0, note="from the example")
MODE = Parameter("mode", "a", "decision", "A reading.", choices=("a", "b"))
FLAG = Parameter("flag", False, "rulebook", "An option.")
ALL = (COSTS, TARGET, TRACK, SHARE, MODE, FLAG)


def test_kinds_and_allowed_values_in_words():
    assert [p.kind for p in ALL] == ["table", "int", "table", "float", "choice", "bool"]
    assert TARGET.allowed() == "whole number 3..30"
    assert COSTS.allowed() == "table of whole numbers 0..9"
    assert MODE.allowed() == "one of a, b" and FLAG.allowed() == "true or false"
    row = COSTS.describe()
    assert row["parameter"] == "costs" and row["rules"] == ["building.costs"] and row["source"] == "rulebook"
    json.dumps(row)


def test_a_parameter_refuses_a_default_it_would_refuse_and_an_unknown_source():
    with pytest.raises(ValueError, match="source"):
        Parameter("x", 1, "guessed", "x")
    with pytest.raises(ValueError, match="default"):
        Parameter("x", 40, "rulebook", "x", low=0, high=9)
    with pytest.raises(ValueError, match="JSON"):
        Parameter("x", {2: 6}, "rulebook", "x")
    with pytest.raises(ValueError, match="name"):
        Parameter("a.b", 1, "rulebook", "x")


def test_resolve_applies_whole_values_and_cells():
    values = resolve(ALL, {"target": 12, "costs.city.ore": 2, "track": [1, 1, 4], "mode": "b", "flag": True})
    assert values["target"] == 12 and values["costs"]["city"] == {"grain": 2, "ore": 2}
    assert values["costs"]["road"] == {"brick": 1, "lumber": 1} and values["track"] == [1, 1, 4]
    assert COSTS.default["city"]["ore"] == 3  # the printed value is untouched
    assert resolve(ALL, {"track.2": 7})["track"] == [1, 2, 7]


@pytest.mark.parametrize(("changes", "words"), [
    ({"gold": 1}, "the game has no parameter \"gold\""),
    ({"target": 2}, "target is at least 3, not 2"),
    ({"target": 31}, "target is at most 30"),
    ({"target": 10.5}, "target is a whole number"),
    ({"target": True}, "target is a whole number"),
    ({"target": "12"}, "target is a whole number"),
    ({"costs.city.gold": 1}, "costs has no cell \"gold\""),
    ({"costs.city.ore": -1}, "costs.city.ore is at least 0"),
    ({"costs.city": {"ore": 1}}, "costs.city lacks grain"),
    ({"costs": {"road": {"brick": 1, "lumber": 1}}}, "costs lacks city"),
    ({"costs": [1, 2]}, "costs is a table of road, city"),
    ({"track": [1, 2]}, "track has 3 entries, not 2"),
    ({"track.5": 1}, "positions 0..2"),
    ({"track": [3, 2, 1]}, "track: the track never falls"),
    ({"target.x": 1}, "target is a single value"),
    ({"costs": COSTS.default, "costs.city.ore": 1}, "the whole costs and one of its cells"),
    ({"share": float("nan")}, "finite"),
    ({"mode": "c"}, "mode is one of a, b"),
    ({"flag": 1}, "flag is true or false"),
])
def test_resolve_refuses_each_bad_change_with_a_sentence_naming_it(changes, words):
    with pytest.raises(ParameterError) as err:
        resolve(ALL, changes)
    assert words in str(err.value)
    assert len(str(err.value)) < 300


def test_a_refusal_quotes_a_huge_value_short():
    with pytest.raises(ParameterError) as err:
        resolve(ALL, {"target": "x" * 100_000})
    assert len(str(err.value)) < 200


def test_normalise_splits_tables_into_changed_cells_and_drops_what_changes_nothing():
    city = {"grain": 2, "ore": 2}
    assert normalise(ALL, {"costs.city": city, "target": 10}) == {"costs.city.ore": 2}
    assert normalise(ALL, {"track": [1, 2, 3]}) == {}
    assert normalise(ALL, {"mode": "b"}) == {"mode": "b"}


@given(st.dictionaries(st.sampled_from(["road.brick", "road.lumber", "city.grain", "city.ore"]),
                       st.integers(0, 9)))
def test_cell_changes_resolve_to_a_table_with_exactly_those_cells_changed(cells):
    values = resolve(ALL, {f"costs.{path}": v for path, v in cells.items()})
    got = dict(cells_of(values["costs"]))
    assert got == {**dict(cells_of(COSTS.default)), **cells}
    again = normalise(ALL, {"costs": values["costs"]})
    assert again == {f"costs.{p}": v for p, v in cells.items() if dict(cells_of(COSTS.default))[p] != v}


def test_changes_compare_and_hash_by_content_and_round_trip_their_config_form():
    a = Changes.of({"b": [1, 2], "a": {"y": 1, "x": 2}}, "mine")
    b = Changes.of({"a": {"x": 2, "y": 1}, "b": [1, 2]}, "mine")
    assert a == b and hash(a) == hash(b) and bool(a) and not NO_CHANGES
    assert Changes.from_config(json.loads(json.dumps(a.to_config()))) == a
    for bad in ([], {"name": 3}, {"changes": []}, {"changes": {"a": 1}, "other": 1}):
        with pytest.raises(ConfigError):
            Changes.from_config(bad)


def test_freeze_and_thaw():
    frozen = freeze({"a": [1, {"b": 2}]})
    with pytest.raises(TypeError):
        frozen["a"] = 1  # type: ignore[index]
    assert thaw(frozen) == {"a": [1, {"b": 2}]} and canonical(frozen) == '{"a":[1,{"b":2}]}'


# ------------------------------------------------------------------------------------------ a game with parameters
@dataclass(frozen=True)
class DesignableConfig(ToyConfig):
    variant: Changes = NO_CHANGES


class DesignableToy(ToyGame):
    """The toy game with a designable pile size and its take limit as a config option."""

    game_id = "toy.designable"
    Config = DesignableConfig
    calls = 0

    @classmethod
    def parameters(cls):
        return (Parameter("pile_base", 10, "approx", "Stones at least.", low=1, high=50),
                Parameter("max_take", 3, "rulebook", "Most stones a turn.", low=1, high=5, field="max_take"))

    def _setup(self):
        state = super()._setup()
        state.pile += self.params["pile_base"] - 10
        return state


def test_a_game_reads_its_changed_parameters_and_saves_loads_and_replays_them():
    game = DesignableToy(None, 3, variant=Changes.of({"pile_base": 30}, "big pile"))
    assert game.params["pile_base"] == 30 and game.params["max_take"] == 3
    assert game.state.pile >= 30
    printed = DesignableToy(None, 3)
    assert printed.state.pile == game.state.pile - 20
    game.apply("take 2")
    saved = json.loads(game.to_json())
    assert saved["config"]["variant"] == {"name": "big pile", "changes": {"pile_base": 30}}
    loaded = DesignableToy.from_json(game.to_json())
    assert loaded.config == game.config and loaded.state == game.state
    assert game.at(0).state.pile == DesignableToy(None, 3, variant=game.config.variant).state.pile
    game.undo()
    assert game.state.pile >= 30


def test_a_game_refuses_a_bad_variant_and_a_config_option_out_of_its_parameter_range():
    with pytest.raises(ParameterError, match="pile_base is at most 50"):
        DesignableToy(None, 0, variant=Changes.of({"pile_base": 99}))
    with pytest.raises(ParameterError, match="option max_take is at most 5"):
        DesignableToy(None, 0, max_take=9)
    with pytest.raises(ParameterError, match="set it there"):
        DesignableToy(None, 0, variant=Changes.of({"max_take": 2}))
    for variant in ({"changes": 3}, {"changes": {"pile_base": 99}}):
        with pytest.raises(SaveFileError, match="bad config: .*(changes|pile_base)"):
            DesignableToy.from_dict({**DesignableToy(None, 0).to_dict(), "config": {"variant": variant}})
