"""The save loader of every game id and the design lab's variant files under mutated input: whatever a file holds,
it loads (and then is the game its log replays to, or with ``trust_snapshot=True`` a game whose invariants hold) or
it is refused with :class:`SaveFileError` (:class:`VariantError` for a variant) and one short sentence, quickly."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

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
           {"a": 1}, _nested(5000), "take 1 " + "9" * 4400, "\u202e💥"]


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
                said = str(err)
                assert 0 < len(said) <= MAX_SENTENCE and "\n" not in said, (n, said[:400])
            else:
                loaded += 1
                assert back.invariant_breaks() == []
                if not trust:
                    again = cls.replay(back.config, back.seed, back.history)
                    assert again.to_json() == back.to_json()
            assert time.perf_counter() - start < HANG, (n, trust)
    assert refused > SAVES_PER_GAME // 2 and loaded > 0, (refused, loaded)


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
