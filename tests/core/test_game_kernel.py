"""The kernel's promises, checked on a toy game so they hold for any game built on it."""

import json

import pytest

from games.core import ConfigError, IllegalAction, InvalidNotation, SaveFileError
from games.core.conformance import check_random_game
from games.core.shared_list import CHUNK

from .toy import ToyGame


def fingerprint(game):
    return json.dumps(game.to_dict(), sort_keys=True)


@pytest.fixture
def game():
    return ToyGame(seed=3)


def test_config_comes_from_keywords_and_unknown_options_are_named():
    assert ToyGame(players=3).config.players == 3
    with pytest.raises(ConfigError, match="colour_count"):
        ToyGame(colour_count=2)
    with pytest.raises(ConfigError, match="2 or 3"):
        ToyGame(players=5)
    with pytest.raises(ConfigError, match="whole number"):
        ToyGame(players="two")


def test_seed_decides_the_setup_and_seed_zero_is_a_seed():
    piles = {ToyGame(seed=s).state.pile for s in range(20)}
    assert len(piles) > 1
    assert ToyGame(seed=0).state.pile == ToyGame(seed=0).state.pile


def test_pending_decision_names_the_player_and_the_question(game):
    d = game.pending()
    assert (d.player, d.kind) == (0, "turn")
    game.apply("take 3")
    d = game.pending()
    assert (d.player, d.kind) == (0, "colour") and game.current_player == 0


def test_legal_actions_are_empty_for_players_who_do_not_decide(game):
    assert game.legal_actions(0) and not game.legal_actions(1)


def test_illegal_action_raises_with_reason_and_changes_nothing(game):
    game.apply("take 3")
    before = fingerprint(game)
    with pytest.raises(IllegalAction) as err:
        game.apply("take 1")
    assert err.value.reason == "name a colour first."
    assert fingerprint(game) == before


def test_generic_refusal_lists_what_is_legal(game):
    with pytest.raises(IllegalAction, match="Legal now: take 1, take 2, take 3"):
        game.apply("take 9")


def test_unreadable_text_raises_invalid_notation_and_changes_nothing(game):
    before = fingerprint(game)
    with pytest.raises(InvalidNotation):
        game.apply("take (1)")
    assert fingerprint(game) == before


def test_an_error_inside_apply_rolls_everything_back(game, monkeypatch):
    before = fingerprint(game)

    def broken(action):
        game.state.pile = -99
        game.emit("take", "half done")
        raise RuntimeError("bug")

    monkeypatch.setattr(game, "_apply", broken)
    with pytest.raises(RuntimeError):
        game.apply("take 1")
    assert fingerprint(game) == before


def test_every_event_names_a_registered_rule_and_its_section(game):
    game.apply("take 2")
    event = game.log[-1]
    assert event.rule == "take" and event.section == "Taking" and event.step == 0
    assert str(event).endswith("[take · Taking]")
    with pytest.raises(KeyError, match="no rule"):
        game.emit("no-such-rule", "x")


def test_clone_is_independent(game):
    twin = game.clone()
    twin.apply("take 1")
    assert game.history == [] and twin.history != []
    assert game.state.pile == twin.state.pile + 1


def noisy_apply(game, then_fail=False):
    """An ``_apply`` that logs more events than a shared list keeps unshared, clones the game half-way (which
    freezes the log's newest events into a shared chunk) and logs two more."""
    def apply(action):
        for k in range(CHUNK + 8):
            game.emit("take", f"event {k}")
        game.clone()
        game.emit("take", "after the clone")
        if then_fail:
            raise RuntimeError("bug")
        game.emit("last", "done")
    return apply


def test_an_action_returns_all_its_events_even_when_the_game_is_cloned_while_it_is_applied(game, monkeypatch):
    game.apply("take 1")
    before = len(game.log)
    monkeypatch.setattr(game, "_apply", noisy_apply(game))
    events = game.apply("take 2")
    assert len(events) == CHUNK + 10 and events == game.log[before:] and len(game.log) == before + CHUNK + 10
    assert [e.step for e in events] == [1] * len(events) and list(map(str, game.history)) == ["take 1", "take 2"]


@pytest.mark.parametrize("trusted", [False, True])
def test_a_failing_action_cloned_half_way_still_rolls_back(game, monkeypatch, trusted):
    if trusted:  # a trusted snapshot rolls back to a copy, not through a replay (so its log may be made up)
        monkeypatch.setattr(game, "_apply", noisy_apply(game))
        game.apply("take 1")
        monkeypatch.undo()
        game = ToyGame.from_json(game.to_json(), trust_snapshot=True)
    else:
        game.apply("take 1")
    game.clone()  # the older events are shared from now on
    before = fingerprint(game)
    monkeypatch.setattr(game, "_apply", noisy_apply(game, then_fail=True))
    with pytest.raises(RuntimeError):
        game.apply("take 2")
    monkeypatch.undo()
    assert fingerprint(game) == before
    game.apply("take 2")
    assert game.log[-1].step == 1 and len(game.history) == 2


def test_undo_and_time_travel_replay_the_log(game):
    start = fingerprint(game)
    game.apply("take 2")
    middle = fingerprint(game)
    game.apply("take 3")
    game.apply("colour red")
    assert fingerprint(game.at(1)) == middle
    game.undo(2)
    assert fingerprint(game) == middle
    game.undo()
    assert fingerprint(game) == start
    with pytest.raises(IndexError):
        game.undo()


def test_json_round_trip_with_and_without_trusting_the_snapshot(game):
    for a in ("take 3", "colour blue", "take 1"):
        game.apply(a)
    text = game.to_json()
    assert fingerprint(ToyGame.from_json(text)) == fingerprint(game)
    assert fingerprint(ToyGame.from_json(text, trust_snapshot=True)) == fingerprint(game)
    assert fingerprint(ToyGame.from_json(game.to_json(snapshot=False))) == fingerprint(game)


@pytest.mark.parametrize("mangle, message", [
    (lambda d: "not json{", "not JSON"),
    (lambda d: json.dumps([1, 2]), "JSON object"),
    (lambda d: json.dumps({**d, "format": "x"}), "not a save file"),
    (lambda d: json.dumps({**d, "version": 99}), "version"),
    (lambda d: json.dumps({**d, "game": "chess"}), "'chess' game"),
    (lambda d: json.dumps({**d, "seed": "1"}), "seed"),
    (lambda d: json.dumps({**d, "actions": ["take (1)"]}), "unreadable action"),
    (lambda d: json.dumps({**d, "actions": ["take 9"]}), "action 1 .take 9. cannot be replayed"),
    (lambda d: json.dumps({**d, "config": {"players": 9}}), "bad config"),
    (lambda d: json.dumps({**d, "snapshot": {**d["snapshot"], "rng": 1}}), "snapshot disagrees"),
])
def test_malformed_saves_fail_with_a_clear_error(game, mangle, message):
    game.apply("take 1")
    with pytest.raises(SaveFileError, match=message):
        ToyGame.from_json(mangle(game.to_dict()))


@pytest.mark.parametrize("bad_state, message", [
    ({"pile": "5"}, r"ToyState.pile|snapshot.state.pile: expected a whole number"),
    ({"colours": [1]}, r"colours\[0\]: expected a text"),
    ({"extra": 1}, "unknown field"),
])
def test_a_trusted_snapshot_is_still_validated_field_by_field(game, bad_state, message):
    data = game.to_dict()
    data["snapshot"]["state"].update(bad_state)
    with pytest.raises(SaveFileError, match=message):
        ToyGame.from_dict(data, trust_snapshot=True)


def test_outcome_names_winners_only_at_the_end(game):
    assert game.outcome() is None
    finished = check_random_game(lambda s: ToyGame(seed=s), seed=1)
    outcome = finished.outcome()
    assert outcome.scores == finished.scores() and sum(outcome.scores) == 1
    assert outcome.winners == (outcome.scores.index(1),)


@pytest.mark.slow
def test_random_play_conformance_on_the_toy_game():
    for seed in range(100):
        check_random_game(lambda s: ToyGame(seed=s, players=2 + s % 2), seed, deep_every=3)


def test_a_bug_inside_apply_on_a_trusted_snapshot_rolls_back_to_the_snapshot(game, monkeypatch):
    game.apply("take 1")
    loaded = type(game).from_json(game.to_json(), trust_snapshot=True)
    loaded.state.pile += 1  # a position its action log does not replay to
    before = fingerprint(loaded)

    def broken(action):
        loaded.state.pile = -99
        raise RuntimeError("bug")

    monkeypatch.setattr(loaded, "_apply", broken)
    with pytest.raises(RuntimeError):
        loaded.apply("take 1")
    assert fingerprint(loaded) == before
