"""Variants of every game: checked when made, a JSON form, a stable hash, a diff, and ordinary games whose saves
record them. Every parameter at the ends of its range gives a game that random bots play to its end."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import GAMES, game_class, load
from games.core.bots import RandomBot, play_out
from games.core.parameters import cells_of
from games.lab import Variant, VariantError

IDS = sorted(GAMES)


def players_of(cls) -> int:
    return 3 if cls.min_players <= 3 <= cls.max_players else cls.min_players


def extremes(parameter) -> list:
    """Changed values at the ends of the parameter's range: its other choices, the ends of a number's range, and for
    a table its first and last number cells at their ends."""
    kind = parameter.kind
    if kind == "bool":
        return [{parameter.name: not parameter.default}]
    if parameter.choices:
        return [{parameter.name: c} for c in parameter.choices if c != parameter.default]
    if kind in ("int", "float"):
        return [{parameter.name: v} for v in (parameter.low, parameter.high)
                if v is not None and v != parameter.default and (kind == "float" or float(v).is_integer())
                for v in [int(v) if kind == "int" else v]]
    if kind == "table":
        numbers = [(path, v) for path, v in cells_of(parameter.default)
                   if isinstance(v, (int, float)) and not isinstance(v, bool)]
        out = []
        for path, v in numbers[:1] + numbers[-1:]:
            for end in (parameter.low, parameter.high):
                if end is not None and end != v:
                    out.append({f"{parameter.name}.{path}": int(end) if isinstance(v, int) else end})
        return out
    return []


def cases():
    for game_id in IDS:
        for parameter in game_class(game_id).parameters():
            for change in extremes(parameter):
                yield pytest.param(game_id, change, id=f"{game_id}:{json.dumps(change)[:60]}")


@pytest.mark.slow
def test_the_printed_game_is_a_variant_without_changes():
    for game_id in IDS:
        printed = Variant(game_id)
        assert printed.is_printed and printed.changes == {} and printed.diff() == []
        assert printed == Variant.from_json(printed.to_json()) and len(printed.hash) == 10
        assert Variant.of_game(game_class(game_id)(None, 3)) == printed


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "change"), list(cases()))
def test_every_parameter_at_the_ends_of_its_range_gives_a_game_that_plays_to_its_end(game_id, change):
    try:
        variant = Variant(game_id, change, name="extreme")
    except VariantError as err:  # a game's own check may refuse an end of the range: then it says which
        assert next(iter(change)).split(".")[0] in str(err)
        return
    cls = variant.game_class
    game = variant.new_game(players=players_of(cls), seed=11)
    play_out(game, [RandomBot(s) for s in range(game.players)], max_steps=200_000)
    assert game.is_terminal() and game.outcome() is not None
    assert not game.invariant_breaks()
    saved = game.to_json()
    again = load(saved)
    assert again.state == game.state and Variant.of_game(again) == variant
    assert json.loads(saved)["config"]["variant"]["name"] == "extreme" or variant._components == {}


@pytest.mark.slow
def test_changes_are_kept_in_normal_form_and_hash_by_content():
    for game_id in IDS:
        parameters = [p for p in game_class(game_id).parameters() if extremes(p)]
        if not parameters:
            continue
        change = extremes(parameters[0])[0]
        try:
            a = Variant(game_id, change, name="one")
        except VariantError:
            continue
        b = Variant(game_id, {**change}, name="another name")
        assert a == b and a.hash == b.hash and a.hash != Variant(game_id).hash
        path, value = next(iter(a.changes.items()))
        row = a.diff()[0]
        assert row["change"] == path and row["value"] == value and row["printed"] != value
        assert row["source"] in ("rulebook", "published", "inferred", "approx", "decision")
        assert set(row["rules"]) <= set(game_class(game_id).rules.section_of)
        same_as_printed = {path: row["printed"]}
        assert Variant(game_id, same_as_printed).is_printed


@pytest.mark.slow
def test_refusals_name_the_parameter():
    for game_id in IDS:
        cls = game_class(game_id)
        with pytest.raises(VariantError, match="no parameter \"gold\""):
            Variant(game_id, {"gold": 1})
        for parameter in cls.parameters():
            with pytest.raises(VariantError, match=parameter.name):
                Variant(game_id, {parameter.name: {"not": "this"} if parameter.kind != "table" else 3})
    with pytest.raises(VariantError, match="unknown game"):
        Variant("chess")
    with pytest.raises(VariantError, match="name"):
        Variant(IDS[0], name="x" * 500)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                                  max_size=4), max_leaves=12)


@pytest.mark.slow
@settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(IDS), st.dictionaries(st.text(max_size=30), JSON, max_size=4), JSON)
def test_any_json_is_a_variant_or_one_sentence(game_id, changes, name):
    names = [p.name for p in game_class(game_id).parameters()]
    for raw in (changes, {names[0] if names else "x": changes.get(next(iter(changes), ""), 1)} if changes else {}):
        text = json.dumps({"game": game_id, "name": name, "changes": raw})
        try:
            Variant.from_json(text)
        except VariantError as err:
            assert 0 < len(str(err)) < 400 and "\n" not in str(err)


def test_malformed_variant_texts_are_refused_in_one_sentence():
    for text in ("", "nul", "[", "[" * 5000 + "]" * 5000, "1" * 5000, json.dumps({"game": IDS[0], "changes": 3}),
                 json.dumps({"game": 3}), b"\xff\xfe", json.dumps({"game": IDS[0], "changes": {"a": 1e400}})):
        with pytest.raises(VariantError) as err:
            Variant.from_json(text)
        assert len(str(err.value)) < 400
