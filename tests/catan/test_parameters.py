"""Base Catan's designable parameters: each changes the game as its rule says (and the sentences use the variant's
number), defaults and sources are the data module's, bad changes are refused naming the parameter, random variants
play to the end and save, load and replay, and the design lab's hooks read a played game."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catan import RULES, CatanGame, board, new_game
from games.catan import parameters as catan_parameters
from games.catan.data import rulebook
from games.catan.development import KINDS
from games.core import Changes, ConfigError, ParameterError
from games.core.conformance import check_random_game
from games.core.parameters import cells_of, thaw
from tests.checks import random_moves

from .scenario import force_roll, give, hand, legal, path, play, position, rules_of, to_main

PARAMETERS = {p.name: p for p in CatanGame.parameters()}
ZIGZAG = path(21, 16, 22, 17, 23, 18, 24)


def changed(**changes) -> Changes:
    """A variant's changes (cells by dotted path: ``changed(**{"costs.city.ore": 1})``)."""
    return Changes.of(changes, "test")


def texts(events) -> str:
    return "\n".join(e.text for e in events)


# ---------------------------------------------------------------- the list itself
def test_every_parameter_names_rules_of_the_game_and_has_words():
    assert len(PARAMETERS) == len(CatanGame.parameters()) >= 20
    for p in PARAMETERS.values():
        assert p.rules and set(p.rules) <= set(RULES.section_of), p.name
        assert p.words and p.allowed()
        json.dumps(p.describe())


def test_defaults_are_the_data_modules_printed_values_and_tags():
    pairs = {"points_to_win": rulebook.POINTS_TO_WIN, "safe_hand": rulebook.SAFE_HAND,
             "resource_cards": rulebook.RESOURCE_CARDS, "pieces": rulebook.PIECES, "points": rulebook.POINTS,
             "development_cards": rulebook.DEVELOPMENT_CARDS, "longest_road_min": rulebook.LONGEST_ROAD_MIN,
             "longest_road_points": rulebook.LONGEST_ROAD_POINTS, "largest_army_min": rulebook.LARGEST_ARMY_MIN,
             "largest_army_points": rulebook.LARGEST_ARMY_POINTS, "year_of_plenty_cards": rulebook.YEAR_OF_PLENTY_CARDS,
             "road_building_roads": rulebook.ROAD_BUILDING_ROADS, "robber_roll": rulebook.ROBBER_ROLL,
             "terrain_counts": rulebook.TERRAIN_COUNTS, "number_tokens": rulebook.SPIRAL_TOKENS,
             "harbour_counts": rulebook.HARBOUR_COUNTS}
    for name, sourced in pairs.items():
        p = PARAMETERS[name]
        assert thaw(p.default) == thaw(sourced.value), name
        assert p.source == sourced.source, name
        assert p.note, name
    rates = PARAMETERS["rates"]
    assert rates.default == {"bank": 4, "generic": 3, "special": 2} and rates.source == rulebook.BANK_RATE.source
    costs = PARAMETERS["costs"].default
    for what in ("road", "settlement", "city"):
        assert {r: n for r, n in costs[what].items() if n} == rulebook.COSTS.value[what]
    assert {r: n for r, n in costs["development"].items() if n} == rulebook.DEVELOPMENT_COST.value
    assert PARAMETERS["costs"].source == rulebook.COSTS.source
    switches = {p.name: p for p in PARAMETERS.values() if p.field}
    assert set(switches) == {"points_to_win", "safe_hand", "layout", "numbers", "offers_per_turn", "turn_limit"}
    assert switches["offers_per_turn"].source == switches["turn_limit"].source == "decision"
    config = CatanGame.Config()
    assert all(getattr(config, p.field) == p.default for p in switches.values())
    assert not any(p.source in ("approx", "inferred") for p in PARAMETERS.values())


def test_the_printed_game_reads_exactly_the_printed_numbers():
    d = new_game().design
    assert (d.road_cost, d.settlement_cost, d.city_cost, d.development_cost) == (
        ((0, 1), (2, 1)), ((0, 1), (1, 1), (2, 1), (4, 1)), ((1, 2), (3, 3)), ((1, 1), (3, 1), (4, 1)))
    assert (d.settlements, d.cities, d.roads, d.deck) == (5, 4, 15, (14, 2, 2, 5, 2))
    assert (d.bank_rate, d.generic_rate, d.special_rate, d.robber_roll, d.most_hidden) == (4, 3, 2, 7, 5)
    assert new_game().design is new_game(seed=5, players=3).design  # prepared once per variant, shared


# ---------------------------------------------------------------- each parameter changes the game
def test_points_to_win():
    game = position(settlements={0: [17, 21, 29]}, phase="roll", points_to_win=3)
    events = play(game, "roll")
    assert game.is_terminal() and "reached 3 points" in game.outcome().reason
    assert "victory.declare" in rules_of(events)
    assert not position(settlements={0: [17, 21, 29]}, phase="roll").is_terminal()


def test_safe_hand():
    game = position(hands={0: "ore ore ore ore"}, phase="roll", safe_hand=3)
    force_roll(game, 7)
    events = play(game, "roll")
    assert "holds 4 cards, more than 3: they discard 2" in texts(events) and game.state.discard_left[0] == 2


def test_layout_and_numbers():
    assert new_game(seed=1, layout="beginner").state.terrain == board.beginner().terrain
    assert new_game(seed=1).state.terrain != board.beginner().terrain
    spiral, shuffled = new_game(seed=2), new_game(seed=2, numbers="random")
    assert any(e.rule == "setup.numbers-spiral" for e in spiral.log)
    assert any(e.rule == "setup.numbers-random" for e in shuffled.log)


def test_offers_per_turn():
    game = position(hands={0: "brick brick brick", 1: "ore"}, offers_per_turn=3)
    for _ in range(3):
        assert "propose" in legal(game)
        play(game, "propose", "withdraw")
    assert "propose" not in legal(game) and "(1 of 3 this turn)" in texts(game.log)
    assert "propose" not in legal(position(hands={0: "brick", 1: "ore"}, offers_per_turn=0))


def test_turn_limit():
    game = position(settlements={0: [21], 1: [0, 2]}, turn_limit=1)
    play(game, "end")
    assert game.is_terminal() and "turn limit (1)" in game.outcome().reason


def test_costs_change_what_a_build_takes_and_the_refusals_say_so():
    game = position(settlements={0: [17]}, hands={0: "grain grain ore"}, variant=changed(**{"costs.city.ore": 1}))
    assert "city 17" in legal(game)
    play(game, "city 17")
    assert hand(game, 0) == {} and game.state.cities[0]
    game = position(settlements={0: [17]}, hands={0: "grain grain ore"}, variant=changed(**{"costs.city.ore": 2}))
    assert "city 17" not in legal(game)
    with pytest.raises(Exception, match="a city costs 2 grain \\+ 2 ore"):
        game.apply("city 17")
    # a resource the printed cost does not ask for: a road that also takes wool
    game = position(settlements={0: [17]}, roads={0: path(17, 22)}, hands={0: "brick lumber"},
                    variant=changed(**{"costs.road.wool": 1}))
    assert not [a for a in legal(game) if a.startswith("road")]
    with pytest.raises(Exception, match="a road costs 1 brick \\+ 1 lumber \\+ 1 wool"):
        game.apply(f"road {path(22, 16)[0]}")
    give(game, 0, "wool")
    assert [a for a in legal(game) if a.startswith("road")]
    # a free settlement, and a development card for grain alone
    game = position(settlements={0: [21]}, roads={0: path(21, 16, 22)},
                    variant=changed(**{"costs.settlement": {"brick": 0, "grain": 0, "lumber": 0, "ore": 0,
                                                            "wool": 0}}))
    assert "settle 22" in legal(game)
    game = position(hands={0: "grain"}, variant=changed(**{"costs.development.ore": 0, "costs.development.wool": 0}))
    assert "buy" in legal(game)
    game = position(hands={0: "wool"}, variant=changed(**{"costs.development.ore": 0}))
    with pytest.raises(Exception, match="buying a development card needs 1 grain \\+ 1 wool"):
        game.apply("buy")


def test_resource_cards():
    game = new_game(variant=changed(resource_cards=12))
    assert game.state.bank == [12] * 5 and game.card_totals == (12,) * 5
    assert sum(game.observe(None)["bank"].values()) == 60
    game = position(settlements={0: [17], 1: [13]}, phase="roll", variant=changed(resource_cards=12))
    game.state.bank[0] = 1
    game.state.hands[2 * 5] += 11
    assert game.invariant_breaks() == []
    force_roll(game, 6)
    assert "nobody takes brick" in texts(play(game, "roll"))


def test_pieces():
    game = position(settlements={0: [21, 40]}, roads={0: path(21, 16, 22, 17, 23, 18)},
                    hands={0: "brick grain lumber wool"}, variant=changed(**{"pieces.settlement": 3}))
    assert game.state.settlements_left == [1, 3, 3, 3]
    events = play(game, "settle 22")
    assert "has placed all 3 settlements" in texts(events)
    give(game, 0, "brick grain lumber wool")
    with pytest.raises(Exception, match="no settlement pieces left \\(3 each"):
        game.apply("settle 18")
    game = position(variant=changed(**{"pieces.road": 20}))
    assert game.state.roads_left == [20] * 4


def test_points():
    game = position(settlements={0: [17]}, hands={0: "grain grain ore ore ore"},
                    variant=changed(**{"points.city": 3, "points.settlement": 2}))
    assert game.state.points[0] == 2
    play(game, "city 17")
    assert game.state.points[0] == 3 and game.point_sources(0)["cities"] == 3
    game = position(devs={0: "victory-point"}, variant=changed(**{"points.victory-point": 2}))
    assert game.total_points()[0] == 2 and game.point_sources(0)["victory point cards"] == 2


def test_development_cards():
    game = new_game(seed=3, variant=changed(development_cards={"knight": 0, "monopoly": 3, "road-building": 0,
                                                               "victory-point": 1, "year-of-plenty": 0}))
    assert sorted(game.state.deck) == [KINDS.index("monopoly")] * 3 + [KINDS.index("victory-point")]
    assert "The 4 development cards are shuffled" in texts(game.log)
    assert game._most_hidden == 1


def test_rates():
    game = position(hands={0: "ore ore ore"}, variant=changed(**{"rates.bank": 3}))
    events = play(game, "trade ore wool")
    assert "trades 3 ore for 1 wool" in events[0].text
    game = position(settlements={0: [0]}, hands={0: "wool wool"},
                    variant=changed(**{"rates.generic": 2}))
    assert game.state.rates[:5] == [2] * 5 and "now trades any resource 2:1 (generic harbour)" in texts(game.log)
    game = position(settlements={0: [10]}, variant=changed(**{"rates.special": 3, "rates.generic": 3}))
    assert game.state.rates[:5] == [4, 4, 4, 3, 4] and "now trades ore 3:1 (special harbour)" in texts(game.log)
    harbours = next(e.text for e in new_game(variant=changed(**{"rates.special": 3})).log if e.rule == "setup.harbours")
    assert "3:1 brick at path" in harbours and "2:1" not in harbours


def test_longest_road_min_and_points():
    v = changed(longest_road_min=3, longest_road_points=4)
    game = position(settlements={0: [21]}, roads={0: ZIGZAG[:2]}, hands={0: "brick lumber"}, variant=v)
    events = play(game, f"road {ZIGZAG[2]}")
    assert game.state.longest == 0 and game.state.points[0] == 5
    assert "takes the longest road with 3 roads (+4 points)" in texts(events)
    assert game.invariant_breaks() == []


def test_largest_army_min_and_points():
    game = position(devs={0: "knight"}, phase="roll", variant=changed(largest_army_min=1, largest_army_points=3))
    events = play(game, "play knight")
    assert game.state.army == 0 and game.state.points[0] == 3
    assert "takes the largest army with 1 knights (+3 points)" in texts(events)
    game = position(devs={0: "knight"}, phase="roll")
    play(game, "play knight")
    assert game.state.army == -1


def test_year_of_plenty_cards():
    game = position(devs={0: "year-of-plenty"}, variant=changed(year_of_plenty_cards=3))
    play(game, "play year-of-plenty")
    assert "(Year of Plenty, 3 left)" in game.pending().prompt
    play(game, "take ore", "take ore", "take wool")
    assert hand(game, 0) == {"ore": 2, "wool": 1} and game.pending().kind == "main"


def test_road_building_roads():
    game = position(devs={0: "road-building"}, settlements={0: [17]}, variant=changed(road_building_roads=3))
    play(game, "play road-building")
    assert "3 left" in game.pending().prompt
    play(game, *[f"road {e}" for e in path(17, 22, 16, 21)])
    assert game.state.roads_left[0] == 12 and game.pending().kind == "main"
    game = position(devs={0: "road-building"}, settlements={0: [17]}, variant=changed(road_building_roads=1))
    play(game, "play road-building", f"road {path(17, 22)[0]}")
    assert game.pending().kind == "main"


def test_robber_roll():
    v = changed(robber_roll=8)
    game = position(settlements={0: [17]}, hands={1: "ore " * 9}, phase="roll", variant=v)
    force_roll(game, 8)
    events = play(game, "roll")
    assert "robber.discard" in rules_of(events) and "discard a card for the 8" in game.pending().prompt
    game = position(settlements={0: [17]}, phase="roll", variant=v)
    force_roll(game, 7)
    events = play(game, "roll")
    assert game.pending().kind == "main" and "robber.discard" not in rules_of(events)


def test_terrain_counts_number_tokens_and_harbour_counts():
    terrain = {"hills": 5, "fields": 3, "forest": 3, "mountains": 3, "pasture": 4, "desert": 1}
    tokens = [6, 8] + [5] * 16
    harbours = {"generic": 9, "brick": 0, "grain": 0, "lumber": 0, "ore": 0, "wool": 0}
    for seed in range(3):
        game = new_game(seed=seed, variant=changed(terrain_counts=terrain, number_tokens=tokens,
                                                   harbour_counts=harbours))
        s = game.state
        assert [s.terrain.count(rulebook.TERRAINS.index(t)) for t in terrain] == list(terrain.values())
        assert sorted(n for n in s.numbers if n) == sorted(tokens)
        assert s.harbours == (board.GENERIC,) * 9
        corner = next(e.data["corner"] for e in game.log if e.rule == "setup.numbers-spiral")
        order = [h for h in board.spiral(board.CORNER_HEXES.index(corner)) if s.numbers[h]]
        assert [s.numbers[h] for h in order] == tokens
        shuffled = new_game(seed=seed, numbers="random", variant=changed(number_tokens=tokens))
        assert board.red_neighbours(shuffled.state.numbers) == []
    # the beginner map is a picture: the set-up's numbers do not change it
    assert new_game(layout="beginner", variant=changed(terrain_counts=terrain)).state.terrain == \
        board.beginner().terrain


# ---------------------------------------------------------------- refusals
@pytest.mark.parametrize(("changes", "words"), [
    ({"gold": 1}, 'has no parameter "gold"'),
    ({"costs.city.gold": 1}, 'costs has no cell "gold"'),
    ({"costs.city.ore": 10}, "costs.city.ore is at most 9"),
    ({"costs.city.ore": -1}, "costs.city.ore is at least 0"),
    ({"costs.city.ore": 1.5}, "costs.city.ore is a whole number"),
    ({"costs.city": {"ore": 1}}, "costs.city lacks"),
    ({"costs": [1, 2]}, "costs is a table"),
    ({"resource_cards": "19"}, "resource_cards is a whole number"),
    ({"resource_cards": 4}, "resource_cards is at least 5"),
    ({"pieces.settlement": 1}, "pieces: the set-up places 2 settlements per player"),
    ({"pieces.road": 1}, "pieces: the set-up places 2 roads per player"),
    ({"rates.generic": 5}, "rates: a harbour never trades worse than the bank"),
    ({"rates.special": 4}, "rates: a harbour never trades worse than the bank"),
    ({"rates.bank": 1}, "rates.bank is at least 2"),
    ({"robber_roll": 13}, "robber_roll is at most 12"),
    ({"terrain_counts.desert": 2, "terrain_counts.hills": 2}, "terrain_counts: the island has one desert"),
    ({"terrain_counts.hills": 4}, "terrain_counts: the island has 19 hexes, not 20"),
    ({"terrain_counts.hills": 0, "terrain_counts.fields": 7}, "terrain_counts: every resource needs a terrain"),
    ({"number_tokens.0": 7}, "number_tokens.0 is one of 2, 3, 4, 5, 6, 8, 9, 10, 11, 12"),
    ({"number_tokens": [6] * 18}, "number_tokens: at most 6 red tokens"),
    ({"number_tokens": [5] * 17}, "number_tokens has 18 entries, not 17"),
    ({"harbour_counts.generic": 5}, "harbour_counts: the frame has 9 harbour places, not 10"),
    ({"points_to_win": 12}, "points_to_win is the option points_to_win of the config"),
    ({"development_cards.knight": 31}, "development_cards.knight is at most 30"),
    ({"year_of_plenty_cards": 0}, "year_of_plenty_cards is at least 1"),
    ({"longest_road_min": 0}, "longest_road_min is at least 1"),
])
def test_bad_changes_are_refused_naming_the_parameter(changes, words):
    with pytest.raises(ParameterError) as err:
        new_game(variant=Changes.of(changes))
    assert words in str(err.value) and len(str(err.value)) < 500


@pytest.mark.parametrize(("options", "changes", "words"), [
    ({}, {"costs.city.ore": 9, "resource_cards": 8}, "costs.city.ore: 9 is more than the 8 ore cards"),
    ({"points_to_win": 23}, {}, "points_to_win: 23 points cannot be reached; with these pieces and points a player "
                                "holds at most 22"),
    ({}, {"pieces.city": 0, "development_cards.victory-point": 0, "largest_army_points": 0}, "points_to_win: 10"),
    ({"points_to_win": 2}, {}, "option points_to_win is at least 3"),
    ({"safe_hand": -1}, {}, "option safe_hand is at least 0"),
    ({"offers_per_turn": 11}, {}, "option offers_per_turn is at most 10"),
    ({"layout": "seafarers"}, {}, "option layout is one of variable, beginner"),
])
def test_parameters_together_and_config_options_are_refused_naming_them(options, changes, words):
    with pytest.raises(ConfigError) as err:
        new_game(variant=Changes.of(changes), **options)
    assert words in str(err.value)


def test_a_save_with_a_bad_variant_is_refused_by_name():
    saved = new_game(seed=1, variant=changed(**{"costs.city.ore": 2})).to_dict()
    saved["config"]["variant"]["changes"] = {"costs.city.ore": 99}
    with pytest.raises(Exception, match="costs.city.ore is at most 9"):
        CatanGame.from_dict(saved)


# ---------------------------------------------------------------- random variants play to the end
def _cell_strategy(parameter):
    """Changes of one parameter drawn from its allowed range (a whole table stays the printed one but one cell)."""
    if parameter.kind == "bool":
        return st.just({parameter.name: not parameter.default})
    if parameter.choices and parameter.kind != "table":
        return st.sampled_from(parameter.choices).map(lambda v: {parameter.name: v})
    if parameter.kind == "int":
        return st.integers(int(parameter.low), int(parameter.high)).map(lambda v: {parameter.name: v})
    cells = [path for path, v in cells_of(parameter.default)]
    values = (st.sampled_from(parameter.choices) if parameter.choices
              else st.integers(int(parameter.low), int(parameter.high)))
    return st.tuples(st.sampled_from(cells), values).map(lambda c: {f"{parameter.name}.{c[0]}": c[1]})


def variant_strategy(parameters):
    components = [p for p in parameters if not p.field]
    return st.lists(st.sampled_from(components).flatmap(_cell_strategy), min_size=1, max_size=4).map(
        lambda parts: {k: v for part in parts for k, v in part.items()})


def play_variant(cls, changes, seed, players, **options):
    try:
        variant = Changes.of(changes, "random")
        cls(None, 0, players=players, variant=variant, **options)
    except ConfigError:  # a combination the game refuses (a check or a cross-check) is not a game
        return None
    game = check_random_game(lambda s: cls(None, s, players=players, variant=variant, turn_limit=150, **options),
                             seed, deep_every=50, policy="game")
    assert game.is_terminal() and game.outcome() is not None
    again = cls.from_json(game.to_json())
    assert again.to_json() == game.to_json() and again.config.variant == variant
    assert cls.replay(game.config, game.seed, game.history).state == game.state
    return game


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_strategy(CatanGame.parameters()), st.integers(0, 1000), st.integers(2, 4))
def test_random_variants_play_to_the_end_and_save_load_and_replay(changes, seed, players):
    play_variant(CatanGame, changes, seed, players)


# ---------------------------------------------------------------- the design lab's hooks
def lab_series(game, players) -> dict:
    """The design lab's hooks at a position: a number per seat in the standings, and every series a number or a
    number per seat; returns the series."""
    standings, series = game.standings(), game.series()
    assert len(standings) == players and all(isinstance(x, float) for x in standings)
    for value in series.values():
        assert isinstance(value, float) or (len(value) == players and all(isinstance(x, float) for x in value))
    return series


def action_kinds_seen(make, seeds) -> set[str]:
    """Every legal action met in random games from ``make(seed)``, one game per seed."""
    seen: set[str] = set()
    for seed in seeds:
        for legal_ in random_moves(make(seed), seed):
            seen.update(str(a) for a in legal_)
    return seen


@pytest.mark.slow
def test_the_lab_hooks_on_played_games():
    for seed, players in ((1, 3), (2, 4)):
        game = new_game(seed=seed, players=players)
        rounds = []
        for _ in random_moves(game, seed):
            rounds.append(game.round_number())
            lab_series(game, players)
        assert rounds == sorted(rounds) and rounds[0] == 0 and rounds[-1] >= 1
        assert game.standings() == tuple(float(x) for x in game.scores())
        last = game.state.turn
        assert game.round_number() == (last - 1) // players + 1
    assert set(game.series()) >= {"points", "resource_cards"}


@pytest.mark.slow
def test_every_action_kind_matches_legal_actions_of_random_games():
    seen = action_kinds_seen(lambda seed: new_game(seed=seed), range(4))
    for prefix in CatanGame.action_kinds:
        assert any(a == prefix or a.startswith(prefix + " ") for a in seen), prefix
    assert {"trade", "propose", "buy"} <= set(CatanGame.action_kinds)


def test_round_number_counts_every_seat_s_turn():
    game = position(players=3)
    assert game.round_number() == 1
    for expected in (1, 1, 2, 2, 2, 3):
        play(game, "end")
        to_main(game)
        assert game.round_number() == expected


def test_the_parameter_module_documents_its_limits():
    assert catan_parameters.MOST_RED_TOKENS == 6 and catan_parameters.LAND_HEXES == 19
