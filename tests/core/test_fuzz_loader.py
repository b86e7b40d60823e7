"""The save loader of every game id (each class's ``from_json`` and ``from_dict``, and ``games.load``, the loader the
README documents) and the design lab's variant files under mutated input: whatever a file holds, it loads (and then
is the game its log replays to, or with ``trust_snapshot=True`` a game whose invariants hold) or it is refused with
:class:`SaveFileError` (:class:`VariantError` for a variant) and one short sentence that prints, quickly."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import hypothesis
import pytest
from hypothesis import strategies as st

import games
from games import GAMES, game_class
from games.core import SaveFileError
from games.core.errors import MAX_SENTENCE
from games.lab.variants import Variant, VariantError

#: Mutated saves per game id in CI (each loaded both ways, replayed and trusted).
SAVES_PER_GAME = 150
#: A refusal that takes longer than this is a hang, not a slow machine.
HANG = 2.0


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = [None, True, -1, 0, 10 ** 4000, -(10 ** 30), 1.5, "", "x" * 1_000_000, "9" * 5000, [], {}, [None],
           {"a": 1}, _nested(5000), "take 1 " + "9" * 4400, "\u202e💥", "\ud800", {"\ud800": 1}]


def _a_save(game_id: str, rng: random.Random) -> Any:
    cls = game_class(game_id)
    game = cls(None, rng.randrange(1000), players=rng.randint(cls.min_players, cls.max_players))
    for _ in range(rng.randrange(40)):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(legal[rng.randrange(len(legal))])
    return game


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if len(path) > 12:  # a value nested by an earlier mutation
        return out
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:8]):
            out += _paths(v, (*path, i))
    return out


def _replace(data: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return data


def mutated(text: str, rng: random.Random) -> str | bytes | Any:
    """One malformed or tampered save: cut, bytes flipped, a value replaced by a hostile one, nesting, huge numbers."""
    how = rng.randrange(7)
    if how == 0:
        return text[: rng.randrange(len(text))]
    if how == 1:
        raw = bytearray(text.encode())
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if how == 2:
        return "[" * rng.choice([100, 10_000, 200_000]) + "]" * rng.choice([0, 5])
    if how == 3:
        return text.replace('"seed": ', '"seed": ' + "1" * rng.choice([20, 4301, 9000]) + "0", 1)
    data = json.loads(text)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(_paths(data))
        if how == 4 and path and isinstance(path[-1], str):
            continue
        data = _replace(data, path, rng.choice(HOSTILE))
    if how == 6:
        return data  # handed to from_dict as it is (deep nesting and huge ints included)
    try:
        return json.dumps(data)
    except (ValueError, RecursionError):  # an int over the digits Python writes, deep nesting: the object itself
        return data


def _load(cls: type, given: Any, trust: bool) -> Any:
    return cls.from_dict(given, trust) if not isinstance(given, (str, bytes)) else cls.from_json(given, trust)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_malformed_save_gets_one_sentence_and_every_loaded_one_is_sound(game_id):
    rng = random.Random(game_id)
    cls = game_class(game_id)
    loaded = refused = 0
    for n in range(SAVES_PER_GAME):
        game = _a_save(game_id, rng)
        given = mutated(game.to_json(), rng)
        for trust in (False, True):
            start = time.perf_counter()
            try:
                back = _load(cls, given, trust)
            except SaveFileError as err:
                refused += 1
                assert_one_sentence(err, n)
                if isinstance(given, (str, bytes)):  # the README's loader refuses it too, with SaveFileError alone
                    with pytest.raises(SaveFileError):
                        games.load(given, trust)
            else:
                if isinstance(given, (str, bytes)):
                    assert games.load(given, trust).to_json() == back.to_json()
                loaded += 1
                assert back.invariant_breaks() == []
                if not trust:
                    again = cls.replay(back.config, back.seed, back.history)
                    assert again.to_json() == back.to_json()
            assert time.perf_counter() - start < HANG, (n, trust)
    assert refused > SAVES_PER_GAME // 2 and loaded > 0, (refused, loaded)


def assert_one_sentence(err: Exception, where: Any = "") -> None:
    """A refusal is one line of at most MAX_SENTENCE characters that prints (no raw lone surrogate)."""
    said = str(err)
    assert 0 < len(said) <= MAX_SENTENCE and "\n" not in said, (where, said[:400])
    said.encode("utf-8")  # print() and Jupyter send UTF-8: a raw surrogate would raise here


def test_the_readme_loader_refuses_what_the_held_out_fuzz_found_with_save_file_error_alone():
    """Issue 36: ``games.load`` let out RecursionError, ValueError and UnicodeDecodeError where every class's
    ``from_json`` raised SaveFileError."""
    text = _a_save("catan.base", random.Random(2)).to_json()
    cases = {"[" * 200_000: "nests", text.replace('"seed": ', '"seed": ' + "7" * 5000, 1): "number too long",
             b"\xff": "not UTF-8", text.encode()[:40] + b"\xff" + text.encode()[40:]: "not UTF-8",
             "{" * 10 + "}": "not JSON", "[1]": "JSON object", '{"game": "chess"}': "unknown game 'chess'",
             '{"game": ' + "[" * 500 + "]" * 500 + "}": "unknown game", None: "JSON text, not NoneType",
             '{"game": "\\ud800"}': "unknown game '\\\\ud800'"}
    for given, says in cases.items():
        for trust in (False, True):
            with pytest.raises(SaveFileError, match=says) as err:
                games.load(given, trust)  # type: ignore[arg-type]
            assert_one_sentence(err.value, says)


@pytest.mark.slow
@hypothesis.settings(max_examples=150, deadline=None)
@hypothesis.given(st.one_of(st.text(), st.binary(),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                              lambda inner: st.lists(inner, max_size=4)
                              | st.dictionaries(st.sampled_from(["game", "format", "version", "seed", "config",
                                                                 "actions", "snapshot", "\ud800"]), inner, max_size=5),
                              max_leaves=12).map(lambda v: json.dumps(v, ensure_ascii=False))))
def test_the_readme_loader_raises_only_save_file_error_on_any_text(text):
    try:
        games.load(text)
    except SaveFileError as err:
        assert_one_sentence(err)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_config_that_is_not_an_object_is_refused_and_a_missing_one_is_the_default(game_id):
    """Issue 36: ``"config": []`` or ``0`` loaded as the default config (``data.get("config") or {}``)."""
    game = _a_save(game_id, random.Random(4))
    data = json.loads(game.to_json(snapshot=False))
    for bad in ([], 0, "", None, [["players", 3]], False):
        with pytest.raises(SaveFileError, match="'config' must be an object of options"):
            games.load(json.dumps({**data, "config": bad}))
    default = game_class(game_id)(None, game.seed)
    without = {k: v for k, v in json.loads(default.to_json()).items() if k != "config"}
    assert games.load(json.dumps(without)).to_json() == default.to_json()


def test_a_config_error_quotes_a_surrogate_key_so_that_it_prints():
    """Issue 36: the unknown option's key was quoted raw; a lone surrogate then made printing the error fail."""
    data = json.loads(_a_save("kardinal_koenig.cards", random.Random(5)).to_json())
    data["config"]["\ud800"] = 1
    with pytest.raises(SaveFileError, match=r"unknown option\(s\) '\\ud800'") as err:
        games.load(json.dumps(data))
    assert_one_sentence(err.value)
    data["config"] = {"deck": "\udfff"}  # a text option's value too
    with pytest.raises(SaveFileError) as err:
        games.load(json.dumps(data))
    assert_one_sentence(err.value)


@pytest.mark.slow
def test_the_loader_names_each_kind_of_nonsense_in_one_sentence():
    cls = game_class("kardinal_koenig.cards")
    text = _a_save("kardinal_koenig.cards", random.Random(1)).to_json()
    cases = {b"{\"format\": \"\xff\"}": "not UTF-8", "[" * 100_000: "nests", "{" * 10 + "}": "not JSON",
             text.replace('"seed": ', '"seed": ' + "7" * 5000, 1): "number too long", "null": "JSON object"}
    for given, says in cases.items():
        with pytest.raises(SaveFileError, match=says):
            cls.from_json(given)
    data = json.loads(text)
    for trust in (False, True):  # nesting anywhere in the snapshot: compared, or loaded as a state
        with pytest.raises(SaveFileError):
            cls.from_dict({**data, "snapshot": {**data["snapshot"], "log": _nested(50_000)}}, trust)
    with pytest.raises(SaveFileError) as err:
        cls.from_dict({**json.loads(text), "game": "x" * 789_000})
    assert len(str(err.value)) < 200


def test_a_trusted_snapshot_still_gets_the_cheap_checks():
    game = _a_save("kardinal_koenig.cards", random.Random(3))
    data = json.loads(game.to_json())
    assert game_class("kardinal_koenig.cards").from_dict(data, trust_snapshot=True).to_json() == game.to_json()
    data["snapshot"]["state"] = {"not": "a state"}
    with pytest.raises(SaveFileError, match="snapshot.state"):
        game_class("kardinal_koenig.cards").from_dict(data, trust_snapshot=True)


def test_every_malformed_variant_file_gets_one_sentence():
    rng = random.Random(5)
    good = Variant("catan.base", {"points_to_win": 12}, name="long game").to_json()
    refused = 0
    for _ in range(300):
        given = mutated(good, rng)
        start = time.perf_counter()
        try:
            Variant.from_json(given) if isinstance(given, (str, bytes)) else Variant.from_dict(given)
        except VariantError as err:
            refused += 1
            assert 0 < len(str(err)) <= MAX_SENTENCE, str(err)[:400]
        assert time.perf_counter() - start < HANG
    assert refused > 100
