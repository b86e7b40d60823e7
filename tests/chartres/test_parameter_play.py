"""Chartres's designed games played: random variants play to their end with every check and save, load and replay
equal, and the design lab's hooks read played games (the parameters themselves: test_parameters.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.chartres import ChartresGame
from games.core import Changes
from games.core.bots import RandomBot, play_out
from games.core.conformance import check_random_game
from games.core.parameters import thaw

from .scenario import of_rule
from .test_parameters import BY_NAME

# ------------------------------------------------------------------------------------------------ random variants
RULE_NUMBERS = ("eras", "phase_b_draw", "hand_limit_ip", "locations_extra", "location_draw", "shield_overflow",
                "cellar_overflow", "cross_overflow", "leftover_ip", "path_spaces", "tavern_torches")


def _ints(name: str):
    p = BY_NAME[name]
    return st.integers(int(p.low), int(p.high))


@st.composite
def variants(draw) -> dict[str, Any]:
    """A variant drawn from the allowed ranges, its related parameters kept in step as the rule text relates them."""
    changes: dict[str, Any] = {}
    for name in draw(st.sets(st.sampled_from(RULE_NUMBERS), max_size=5)):
        changes[name] = draw(_ints(name))
    if draw(st.booleans()):
        rounds, start = draw(st.integers(1, 6)), draw(st.integers(1, 5))
        changes.update(rounds_per_era=rounds, row_start=start, row_full=rounds + start,
                       deal=draw(st.integers(start, 12)))
    if draw(st.booleans()):
        full = draw(st.integers(2, 8))
        changes.update(full_barrel=full, half_barrel=draw(st.integers(1, full - 1)))
    if draw(st.booleans()):
        cpc = draw(st.integers(1, 40))
        changes.update(citizens_per_colour=cpc, start_citizens=draw(st.integers(1, min(cpc, 10))))
    if draw(st.booleans()):
        limits = sorted(draw(st.lists(st.integers(1, 12), min_size=9, max_size=9)))
        changes.update({"status.hand_limit": limits, "hand_limit_start": limits[0], "hand_limit_max": limits[-1]})
    cells = {"cellars.A.values.0": st.integers(0, 30), "cellars.D.bonuses.6": st.sampled_from(["", "shield", "barrel"]),
             "status.bonuses.1": st.sampled_from(["", "shield", "draw:3", "window:any", "barrel"]),
             "windows.bonuses.0": st.sampled_from(["window:any", "shield", "ip:9"]),
             "windows.final.8": st.integers(0, 60), "cross.cards.3": st.integers(0, 30),
             "citizen_influence.3.2.barrel": st.integers(0, 10), "attract_set.horse": st.integers(1, 6),
             "cards.a05.times": st.integers(1, 9), "cards.a05.colour": st.sampled_from(["yellow", "red", "purple"]),
             "cards.a30.bonus": st.sampled_from(["", "draw:9", "place_citizen", "window:any"]),
             "locations.l14.times": st.integers(1, 9), "locations.l11.tavern": st.booleans(),
             "locations.l04.city_gate": st.booleans(), "window_overflow.white": st.integers(0, 20)}
    for path in draw(st.sets(st.sampled_from(sorted(cells)), max_size=6)):
        changes[path] = draw(cells[path])
    return changes


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=variants(), players=st.integers(2, 4), seed=st.integers(0, 10_000),
       main_optional=st.booleans())
def test_random_variants_play_to_the_end_with_every_check_and_save_load_and_replay_equal(changes, players, seed,
                                                                                         main_optional):
    variant = Changes.of(changes, "random")

    def make(s: int) -> ChartresGame:
        return ChartresGame(None, s, players=players, variant=variant, main_optional=main_optional)

    game = check_random_game(make, seed, deep_every=40)
    assert game.is_terminal() and game.invariant_breaks() == []
    assert game.state.era == game.numbers.eras
    again = ChartresGame.from_json(game.to_json())
    assert again.to_dict() == game.to_dict() and again.params == game.params
    assert ChartresGame.replay(game.config, game.seed, game.history).to_dict() == game.to_dict()
    assert thaw(game.config.variant.as_dict()) == thaw(changes)


# ------------------------------------------------------------------------------------------------ the lab's hooks
@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_lab_hooks_on_played_games(players):
    seen_prefixes: set[str] = set()
    for seed in range(6):
        game = ChartresGame(None, seed, players=players)
        bots = [RandomBot(seed * 10 + k) for k in range(players)]
        rounds = []
        while not game.is_terminal():
            legal_now = [str(a) for a in game.legal_actions()]
            for prefix in ChartresGame.action_kinds:
                if any(text == prefix or text.startswith(prefix + " ") for text in legal_now):
                    seen_prefixes.add(prefix)
            rounds.append(game.round_number())
            standings = game.standings()
            assert len(standings) == players and all(isinstance(x, float) for x in standings)
            series = game.series()
            for key, value in series.items():
                if isinstance(value, tuple):
                    assert len(value) == players and all(isinstance(x, float) for x in value), key
                else:
                    assert isinstance(value, float), key
            game.apply(bots[game.pending().player].choose(game))
        assert rounds == sorted(rounds) and rounds[0] == 1 and game.round_number() == 12
        assert game.standings() == tuple(float(x) for x in game.scores())
        assert set(game.series()) >= {"ip", "barrel", "citizens", "hand", "era"}
    assert seen_prefixes == set(ChartresGame.action_kinds)


def test_a_restricted_bot_never_takes_a_location_and_still_finishes():
    game = ChartresGame(None, 2, players=3)
    allow = lambda action: not str(action).startswith("location")  # noqa: E731
    play_out(game, [RandomBot(1, allow), RandomBot(2), RandomBot(3)])
    assert game.is_terminal()
    assert not [e for e in of_rule(game.log, "location.take") if e.data["player"] == 0]
