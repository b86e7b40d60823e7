"""Saves, config checks, the data's source tags and the provenance tag for published numbers."""

import json

import pytest

from games import load
from games.catan import RULES, CatanGame, new_game
from games.catan.data import rulebook
from games.core import ConfigError, Sourced
from games.core.provenance import APPROX, EXACT_SOURCES, PUBLISHED

from .scenario import play, position

rule = pytest.mark.rule


def played(seed=3, steps=400):
    game = new_game(seed=seed)
    for _ in range(steps):
        legal = game.legal_actions()
        game.apply(legal[(len(game.history) * 7) % len(legal)])
    return game


@rule("setup.board")
def test_a_save_replays_to_the_same_game_and_the_snapshot_loads_directly():
    game = played()
    text = game.to_json()
    again = CatanGame.from_json(text)
    assert again.to_json() == text
    fast = load(text, trust_snapshot=True)
    assert fast.to_json() == text and fast.tables is not None and fast.legal_actions() == game.legal_actions()


@rule("setup.board")
def test_a_beginner_game_with_options_round_trips_its_config():
    game = new_game(players=3, seed=2, layout="beginner", offers_per_turn=1, turn_limit=50)
    data = json.loads(game.to_json())
    assert data["config"]["layout"] == "beginner" and data["config"]["turn_limit"] == 50
    assert CatanGame.from_json(game.to_json()).config == game.config


@pytest.mark.parametrize("options, match", [
    ({"players": 5}, "3 to 4 players"), ({"players": 1}, "3 to 4 players"), ({"layout": "seafarers"}, "layout"),
    ({"numbers": "sorted"}, "numbers"), ({"start_player": 4}, "start_player"),
    ({"turn_limit": -1}, "turn_limit is at least 1"), ({"turn_limit": 0}, "turn_limit"),
])
def test_impossible_configs_are_refused_by_name(options, match):
    with pytest.raises(ConfigError, match=match):
        new_game(**{"players": 4, **options})


@rule("decision.two-players")
def test_two_players_play_the_same_rules_with_one_trading_partner():
    game = position(players=2, hands={0: "brick", 1: "ore"})
    play(game, "propose", "give brick", "want ore")
    assert [a for a in game.legal_actions().texts() if a.startswith("ask")] == ["ask 2", "ask all"]


def test_every_number_is_tagged_printed_and_published_ones_name_their_source():
    values = [v for v in vars(rulebook).values() if isinstance(v, Sourced)]
    assert len(values) > 20 and all(v.is_printed for v in values)
    assert all(v.note for v in values if v.source == PUBLISHED)
    assert sum(rulebook.TERRAIN_COUNTS.value.values()) == 19 and len(rulebook.SPIRAL_TOKENS.value) == 18
    assert sum(rulebook.DEVELOPMENT_CARDS.value.values()) == 25 and sum(rulebook.HARBOUR_COUNTS.value.values()) == 9


def test_the_published_tag_is_exact_needs_a_source_and_approx_stays_designed():
    assert PUBLISHED in EXACT_SOURCES and APPROX not in EXACT_SOURCES
    assert Sourced(19, PUBLISHED, "base rules").is_printed and not Sourced(2, APPROX).is_printed
    with pytest.raises(ValueError, match="names its public source"):
        Sourced(19, PUBLISHED)
    with pytest.raises(ValueError, match="source must be"):
        Sourced(1, "guess")


def test_rules_load_from_json_with_sources_and_quotes():
    assert len(RULES) > 50 and RULES["robber.discard"].quote.startswith("全員の手札")
    assert {r.source for r in RULES.values()} == {"rulebook", "decision"}
