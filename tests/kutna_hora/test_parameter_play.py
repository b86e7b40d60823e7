"""Kutná Hora's designed games played: every parameter at either end of its range and random variants of both game
ids play to the end and save, load and replay, a designed game undoes and travels in time with its numbers, and the
design lab's hooks read played games (the parameters themselves: test_parameters.py)."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.core import Changes, ParameterError, Rng
from games.core.bots import RandomBot
from games.core.conformance import check_random_game
from games.core.parameters import cells_of
from games.kutna_hora import EconomyGame, KutnaHoraGame
from games.kutna_hora import parameters as kh_parameters

from .economy_scenario import sandbox
from .scenario import new_game
from .test_parameters import ECONOMY, GAME, variant


# ---------------------------------------------------------------------------------------------------- every value plays
def _extremes(params: dict) -> list[dict]:
    """Each parameter alone at the low and the high end of its range (every cell of a table at once)."""
    out = []
    for name, p in params.items():
        if p.field or p.low is None:
            continue
        for end in (p.low, p.high):
            if p.kind == "table":
                out.append({f"{name}.{path}": int(end) for path, _ in cells_of(p.default)})
            else:
                out.append({name: int(end)})
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["kutna_hora.game", "kutna_hora.economy"])
def test_every_parameter_at_either_end_of_its_range_plays_to_the_end(game_id):
    cls = KutnaHoraGame if game_id == "kutna_hora.game" else EconomyGame
    params = GAME if cls is KutnaHoraGame else ECONOMY
    played = refused = 0
    for k, changes in enumerate(_extremes(params)):
        try:
            make = lambda seed, c=changes, n=2 + k % 3: cls(None, seed, players=n, variant=Changes.of(c))  # noqa: E731
            make(0)
        except ParameterError as err:  # a table whose every cell at the low end breaks a tile rule
            assert str(err).split(":")[0] in params, err
            refused += 1
            continue
        game = check_random_game(make, k, deep_every=40)
        assert game.is_terminal()
        played += 1
    assert played > refused


#: Tile cells the tile rules keep at 1 or more (a guild building's production, a public building's noble, a plot
#: value); a miners' building's ore deck advance follows its production.
_AT_LEAST_1 = ("plot_value", "production", "noble")


def _cell_change(params: dict):
    """A strategy: one change of a component parameter (a whole number in its range, or a price cell with its
    printed marks), drawn so that the tile rules mostly hold: ``{path: value}``."""
    names = sorted(n for n, p in params.items() if not p.field)

    @st.composite
    def change(draw):
        p = params[draw(st.sampled_from(names))]
        if p.kind != "table":
            return {p.name: draw(st.integers(int(p.low), int(p.high)))}
        path, printed = draw(st.sampled_from(list(cells_of(p.default))))
        if isinstance(printed, str):
            return {f"{p.name}.{path}": f"{draw(st.integers(1, 12))}{printed.lstrip('0123456789')}"}
        field = path.split(".")[-1]
        low = 1 if p.name in ("buildings", "silver_noble") and field in (*_AT_LEAST_1, "pelicans") else int(p.low)
        value = draw(st.integers(low, int(p.high)))
        out = {f"{p.name}.{path}": value}
        if p.name == "buildings" and path.startswith("miners-") and field in ("production", "ore-deck"):
            tile = path.split(".")[0]
            out = {f"buildings.{tile}.production": value, f"buildings.{tile}.ore-deck": value}
        return out
    return change()


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=st.lists(_cell_change(GAME), min_size=1, max_size=5), players=st.integers(2, 4),
       switches=st.fixed_dictionaries({"events": st.booleans(), "top_up": st.booleans(),
                                        "red_round_event": st.sampled_from(["A", "B"])}),
       seed=st.integers(0, 10_000))
def test_random_variants_of_the_full_game_play_to_the_end_and_save_load_and_replay(changes, players, switches, seed):
    variant_ = Changes.of({k: v for change in changes for k, v in change.items()}, "random")
    try:
        KutnaHoraGame(None, seed, players=players, variant=variant_, **switches)
    except ParameterError:
        assume(False)  # a tile rule refuses the drawn amounts (the refusals have their own test)
    game = check_random_game(lambda s: KutnaHoraGame(None, s, players=players, variant=variant_, **switches),
                             seed, deep_every=30)
    loaded = KutnaHoraGame.from_json(game.to_json())
    assert loaded.state == game.state and loaded.config.variant == variant_ and loaded.design == game.design
    replayed = KutnaHoraGame.replay(game.config, game.seed, list(game.history))
    assert replayed.state == game.state and replayed.scores() == game.scores()


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=st.lists(_cell_change(ECONOMY), min_size=1, max_size=5), players=st.integers(1, 4),
       turns=st.integers(1, 30), seed=st.integers(0, 10_000))
def test_random_variants_of_the_sandbox_play_to_the_end_and_save_load_and_replay(changes, players, turns, seed):
    variant_ = Changes.of({k: v for change in changes for k, v in change.items()}, "random")
    try:
        EconomyGame(None, seed, players=players, turns=turns, variant=variant_)
    except ParameterError:
        assume(False)
    game = check_random_game(lambda s: EconomyGame(None, s, players=players, turns=turns, variant=variant_), seed,
                             deep_every=5)
    assert EconomyGame.from_json(game.to_json()).state == game.state
    assert EconomyGame.replay(game.config, game.seed, list(game.history)).state == game.state


def test_a_designed_game_undoes_and_travels_in_time_with_its_numbers():
    game = KutnaHoraGame(None, 4, players=2, variant=variant(council_cost=3, cells={"rounds.2": 2}))
    pick = Rng(4)
    for _ in range(40):
        if game.is_terminal():
            break
        options = game.legal_actions()
        game.apply(options[pick.below(len(options))])
    before = game.to_json()
    earlier = game.at(10)
    assert earlier.design.council_cost == 3 and earlier.rounds == 2
    game.undo()
    assert game.design.council_cost == 3 and game.clone().design is game.design
    assert json.loads(before)["config"]["variant"]["changes"] == {"council_cost": 3, "rounds.2": 2}


# ---------------------------------------------------------------------------------------------------- the lab's hooks
def _random_games(cls, players_list, games: int, **options):
    for k in range(games):
        players = players_list[k % len(players_list)]
        game, pick = cls(None, k, players=players, **options), Rng(k)
        yield game, pick


@pytest.mark.slow
def test_the_lab_hooks_on_played_full_games():
    seen: set[str] = set()
    for game, pick in _random_games(KutnaHoraGame, (2, 3, 4), 24):
        rounds = []
        while not game.is_terminal():
            standings, series = game.standings(), game.series()
            assert len(standings) == game.players and all(isinstance(v, float) for v in standings)
            assert set(series) == {"price.wood", "price.food", "price.beer", "price.permits", "price.silver",
                                   "price.ore", "groschen", "income", "points"}
            for name, value in series.items():
                if name.startswith("price."):
                    assert isinstance(value, float) and value >= 1
                else:
                    assert isinstance(value, tuple) and len(value) == game.players
                    assert all(isinstance(v, float) for v in value)
            rounds.append(game.round_number())
            options = game.legal_actions()
            seen.update(str(a) for a in options)
            game.apply(options[pick.below(len(options))])
        assert rounds == sorted(rounds) and rounds[0] == 1 and game.round_number() == game.rounds
        assert game.series()["groschen"] == tuple(float(s.groschen) for s in game.state.seats)
        assert game.standings()[0] == pytest.approx(game.heuristic(0) + max(game.standings()[1:]))
    for prefix in KutnaHoraGame.action_kinds:
        assert any(text == prefix or text.startswith(prefix + " ") for text in seen), prefix


def test_standings_are_the_seats_values_in_the_greedy_evaluation():
    game = new_game(3)
    game.state.seats[1].score = 5
    values = game.standings()
    for p in range(3):
        others = [v for q, v in enumerate(values) if q != p]
        assert game.heuristic(p) == pytest.approx(values[p] - max(others))


def test_the_lab_hooks_on_played_sandbox_games():
    seen: set[str] = set()
    for game, pick in _random_games(EconomyGame, (1, 2, 3, 4), 16, turns=10):
        rounds = []
        while not game.is_terminal():
            assert game.standings() == tuple(float(s) for s in game.scores())
            series = game.series()
            assert len(series["income"]) == len(series["points"]) == game.players
            assert all(isinstance(series[f"price.{g}"], float) for g in game.table.goods)
            rounds.append(game.round_number())
            options = game.legal_actions()
            seen.update(str(a) for a in options)
            game.apply(options[pick.below(len(options))])
        assert rounds == sorted(rounds) and rounds[0] == 1 and game.round_number() == 10
    for prefix in EconomyGame.action_kinds:
        assert any(text == prefix or text.startswith(prefix + " ") for text in seen), prefix


def test_a_restricted_bot_never_buys_permits_or_builds():
    for never in (("miners",), ("build",), ("play 4 income", "play 6 income", "joker 2 income")):
        game = KutnaHoraGame(None, 11, players=2)
        def allow(action, kinds=never):
            return not any(str(action) == k or str(action).startswith(k + " ") for k in kinds)
        bots = [RandomBot(1, allow), RandomBot(2)]
        while not game.is_terminal():
            game.apply(bots[game.current_player].choose(game))
        mine = [e for e in game.log if e.data.get("player") == 0]
        if never == ("miners",):
            assert not [e for e in mine if e.rule == "mine.permit"]
        elif never == ("build",):
            assert not [e for e in mine if e.rule == "build.pay-wood"]
        else:
            assert not [e for e in mine if e.rule == "income.sum"]


def test_sandbox_scenario_helper_still_builds_printed_games():
    game = sandbox(population=8)
    assert game.design is kh_parameters.PRINTED and game.price("wood") == 3
    digest = hashlib.sha256(game.to_json().encode()).hexdigest()
    assert digest == hashlib.sha256(sandbox(population=8).to_json().encode()).hexdigest()
