"""Checks every registered game must pass: random play with invariants, and the same game in two processes."""

import functools
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GAMES, game_class, load
from games.core import IllegalAction, InvalidNotation, Rng, SaveFileError
from games.core.conformance import POLICIES, check_random_game, decision_breaks
from tests.checks import random_positions

GAMES_PER_COUNT = int(os.environ.get("RANDOM_GAMES", "60"))
#: Games whose CI random play differs from the default: (games per player count, deep checks every n-th decision).
#: Chartres games are long (100-200 decisions) and its saves large, so more games with sparser deep checks keep
#: "a few hundred games in CI" within budget; the fuzz command runs thousands with any spacing.
PLANS = {"chartres.game": (100, 25), "kutna_hora.game": (100, 25), "catan.base": (25, 100),
         "catan.cities_knights": (15, 150)}

CASES = [(gid, p) for gid in sorted(GAMES) for p in range(game_class(gid).min_players, game_class(gid).max_players + 1)]


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", CASES)
def test_random_play_keeps_every_invariant(game_id, players):
    """Half the games by the game's own random policy (``Game.random_weights``, the fuzz's default), half uniform:
    both kinds of random play stay covered (a game without weights plays uniformly under both)."""
    cls = game_class(game_id)
    games, deep_every = PLANS.get(game_id, (GAMES_PER_COUNT, 7))
    if "RANDOM_GAMES" in os.environ:
        games = GAMES_PER_COUNT
    for seed in range(games):
        check_random_game(lambda s: cls(None, s, players=players), seed, deep_every=deep_every,
                          policy=POLICIES[seed % 2])


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_any_save_loads_through_the_package_loader(game_id):
    game = check_random_game(lambda s: game_class(game_id)(None, s), seed=3)
    assert load(game.to_json()).to_dict() == game.to_dict()
    with pytest.raises(SaveFileError, match="unknown game"):
        load(json.dumps({**game.to_dict(), "game": "nope"}))


PLAY = """
import json, random, sys
from games import game_class
from games.core import Rng
from tests.checks import random_positions
cls = game_class(sys.argv[1])
out = []
for seed in range(8):
    g, pick = cls(None, seed), Rng(seed)
    random.seed(seed * 7919)          # the engine must never read the global random stream
    while not g.is_terminal():
        legal = g.legal_actions()
        g.apply(legal[pick.below(len(legal))])
        random.random()
    out.append(g.to_dict())
print(json.dumps(out, sort_keys=True))
"""


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_seeded_games_are_identical_in_two_processes(game_id):
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", PLAY, game_id], capture_output=True, text=True, env=env,
                              check=True)
        runs.append(done.stdout)
    assert runs[0] == runs[1] and len(runs[0]) > 1000


def positions(cls, seed: int, players: int, every: int):
    """Every ``every``-th position of a seeded random game (the game object itself, moving on), the end last."""
    return random_positions(lambda: cls(None, seed, players=players), seed ^ 0xB0B, every)

@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_redeal_of_what_a_seat_cannot_see_looks_the_same_to_it_and_plays_on(game_id):
    """Hidden-information twins, for every game: ``redeal(viewer, rng)`` deals again only what ``viewer`` cannot see,
    so the twin shows ``viewer`` the same observation, prompt and log, keeps every invariant, always has something to
    choose, and plays on; and in a game with hidden information the deal does change something (it is not a plain
    copy)."""
    cls = game_class(game_id)
    changed = 0
    for seed in range(3):
        players = cls.min_players + seed % (cls.max_players - cls.min_players + 1)
        for game in positions(cls, seed, players, 9):
            for viewer in [None, *range(players)]:
                twin = game.redeal(viewer, Rng(seed * 100 + len(game.history)))
                where = f"{game_id} seed {seed} step {len(game.history)} viewer {viewer}"
                assert twin.observe(viewer) == game.observe(viewer), where
                assert twin.pending() == game.pending() and twin.log == game.log, where
                assert twin.invariant_breaks() == [] == decision_breaks(twin), where
                decision = game.pending()
                if decision is not None and decision.player == viewer:
                    assert twin.legal_actions() == game.legal_actions(), where
                if viewer is not None:  # what a coach tells a seat reads only what that seat may see
                    assert twin.terms(viewer) == game.terms(viewer) and twin.terms(viewer), where
                changed += twin.teacher_view() != game.teacher_view()
                pick = Rng(seed)
                for _ in range(5):  # search plays on from a redealt position
                    if twin.is_terminal():
                        break
                    legal = twin.legal_actions()
                    twin.apply(legal[pick.below(len(legal))])
                assert twin.invariant_breaks() == [] == decision_breaks(twin), where
    assert (changed > 0) == cls.hidden_information, f"{game_id}: {changed} redeals changed the hidden state"


def _saved(game_id: str) -> dict:
    """A save of a game some decisions in (random, seeded)."""
    game, pick = game_class(game_id)(None, 4), Rng(4)
    for _ in range(12):
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    return game.to_dict()


def _bump_an_int(data):
    """Change one whole number somewhere in ``data`` (a state that no action log replays to)."""
    for key, value in (data.items() if isinstance(data, dict) else enumerate(data)):
        if isinstance(value, int) and not isinstance(value, bool):
            data[key] = value + 1
            return True
        if isinstance(value, (dict, list)) and _bump_an_int(value):
            return True
    return False


BAD_SAVES = [
    ("truncated", lambda d: None, "not JSON"),
    ("another game", lambda d: d.update(game="toy.other"), "this save is a 'toy.other' game, not"),
    ("tampered snapshot", lambda d: _bump_an_int(d["snapshot"]["state"]), "the snapshot disagrees with the game"),
    ("unknown action", lambda d: (d.pop("snapshot"), d["actions"].__setitem__(3, "fly 3")),
     r"action 4 \(fly 3\) cannot be replayed"),
    ("unreadable action", lambda d: d["actions"].__setitem__(2, "take !"), "unreadable action in the log"),
    ("unknown option", lambda d: d["config"].update(colour="red"), "bad config: unknown option"),
    ("too many players", lambda d: d["config"].update(players=9), "bad config: .*9"),
    ("seed", lambda d: d.update(seed="7"), "seed must be a whole number"),
]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("what, change, says", BAD_SAVES, ids=[case[0] for case in BAD_SAVES])
def test_a_malformed_save_of_any_game_is_refused_saying_what_is_wrong(game_id, what, change, says):
    data = _saved(game_id)
    text = json.dumps(data)
    if what == "truncated":
        text = text[: len(text) // 2]
    else:
        change(data)
        text = json.dumps(data)
    with pytest.raises(SaveFileError, match=says):
        game_class(game_id).from_json(text)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_trusted_snapshot_with_a_missing_field_is_refused_naming_it(game_id):
    data = _saved(game_id)
    field = sorted(data["snapshot"]["state"])[0]
    del data["snapshot"]["state"][field]
    with pytest.raises(SaveFileError, match=f"missing field.*{field}"):
        load(json.dumps(data), trust_snapshot=True)
    assert load(json.dumps(_saved(game_id)), trust_snapshot=True).to_dict() == _saved(game_id)


#: Texts a learner or a browser may send as an action: typos, hostile lengths and numbers, lone surrogates.
ACTION_TEXTS = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", " ", "\ud800", "take \udfff 1", "9" * 5000, "x" * 200_000, "roll " + "[" * 1000,
                     "settle -1", "settle 99999999999999999999", "\u202e💥", "pass\x00", "end\n", "a b c d e f g"]),
    st.builds(lambda verb, n: f"{verb} {n}", st.sampled_from(["take", "settle", "road", "play", "mine", "build"]),
              st.integers(-10 ** 30, 10 ** 30)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=60, deadline=None)
@given(text=ACTION_TEXTS)
def test_any_text_given_as_an_action_is_played_or_refused_in_one_line_and_changes_nothing(game_id, text):
    """Every public entry point that reads user text (issue 36): ``apply`` of any text plays a legal action or raises
    IllegalAction / InvalidNotation alone, with one printable line, and a refusal leaves the game as it was."""
    game = _started(game_id)
    before = game.to_json()
    try:
        game.apply(text)
    except (IllegalAction, InvalidNotation) as err:
        said = str(err)
        assert said and "\n" not in said.strip() and len(said) < 2_000, said[:300]
        said.encode("utf-8")  # printable: a raw lone surrogate would raise here
        assert game.to_json() == before
    else:
        assert str(game.history[-1]) in {str(a) for a in game_class(game_id).replay(
            game.config, game.seed, game.history[:-1]).legal_actions()}


@functools.cache
def _started_text(game_id: str) -> str:
    game = game_class(game_id)(None, 11)
    rng = Rng(5)
    for _ in range(12):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(legal[rng.below(len(legal))])
    return game.to_json()


def _started(game_id: str):
    return game_class(game_id).from_json(_started_text(game_id))
