"""Cities & Knights' designable parameters: each changes the game as its rule says (the sentences with the variant's
number), defaults and sources are the data modules', bad changes are refused naming the parameter, random variants
play to the end and save, load and replay, and the design lab's hooks read a played game."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catan.cities_knights import CK_RULES, CKGame, barbarians, flow, new_game, politics, progress
from games.catan.cities_knights.state import CARDS, KIND_TRACK, KINDS, TRACKS
from games.catan.data import ck_rulebook, rulebook
from games.catan.state import waiting
from games.core import Changes, ConfigError, ParameterError
from games.core.parameters import thaw
from tests.checks import random_moves

from .ck_scenario import ck_position, force_dice, give, hand, legal, path, play, progress_of, rules_of, sound, stack
from .test_ck_barbarians import LOSS, attack, with_metropolises
from .test_parameters import action_kinds_seen, lab_series, play_variant, texts, variant_strategy

PARAMETERS = {p.name: p for p in CKGame.parameters()}


def changed(**changes) -> Changes:
    return Changes.of(changes, "test")


def verbs(game, verb):
    return [a for a in legal(game) if a.split()[0] == verb]


# ---------------------------------------------------------------- the list itself
def test_every_parameter_names_rules_of_the_game_and_has_words():
    assert len(PARAMETERS) >= 40
    for p in PARAMETERS.values():
        assert p.rules and set(p.rules) <= set(CK_RULES.section_of), p.name
        assert p.words and p.allowed()
        json.dumps(p.describe())
    assert not {"development_cards", "largest_army_min", "year_of_plenty_cards"} & set(PARAMETERS)


def test_defaults_are_the_data_modules_printed_values_and_tags():
    pairs = {"points_to_win": ck_rulebook.POINTS_TO_WIN, "commodity_cards": ck_rulebook.COMMODITY_CARDS,
             "guild_rate": ck_rulebook.GUILD_RATE, "merchant_rate": ck_rulebook.MERCHANT_RATE,
             "fleet_rate": ck_rulebook.FLEET_RATE, "city_yield": ck_rulebook.CITY_YIELD,
             "barbarian_steps": ck_rulebook.BARBARIAN_STEPS, "event_die": ck_rulebook.EVENT_FACES,
             "progress_cards": ck_rulebook.PROGRESS_CARDS, "hand_limit": ck_rulebook.HAND_LIMIT,
             "card_numbers": ck_rulebook.CARD_NUMBERS, "level_costs": ck_rulebook.LEVEL_COST,
             "draw_red_die": ck_rulebook.LEVEL_RED_DIE, "walls": ck_rulebook.WALLS,
             "wall_safe_cards": ck_rulebook.WALL_SAFE_CARDS, "knights_per_level": ck_rulebook.KNIGHTS_PER_LEVEL,
             "knight_strength": ck_rulebook.KNIGHT_STRENGTH, "metropolis_points": ck_rulebook.METROPOLIS_POINTS,
             "defender_points": ck_rulebook.DEFENDER_POINTS, "merchant_points": ck_rulebook.MERCHANT_POINTS,
             "progress_card_points": ck_rulebook.VP_CARD_POINTS, "resource_cards": rulebook.RESOURCE_CARDS,
             "pieces": rulebook.PIECES, "longest_road_min": rulebook.LONGEST_ROAD_MIN}
    for name, sourced in pairs.items():
        p = PARAMETERS[name]
        assert thaw(p.default) == thaw(sourced.value), name
        assert p.source == sourced.source and p.note, name
    costs = PARAMETERS["costs"].default
    printed = {**rulebook.COSTS.value, **ck_rulebook.COSTS.value}
    assert {k: {r: n for r, n in v.items() if n} for k, v in costs.items()} == printed
    assert PARAMETERS["commodity_rates"].default == {"bank": 4, "harbour": 3}
    assert PARAMETERS["improvement_levels"].default == {"ability": 3, "metropolis": 4, "takeover": 5}
    assert PARAMETERS["points"].default == {"settlement": 1, "city": 2}
    assert {r: n for r, n in PARAMETERS["medicine_cost"].default.items() if n} == ck_rulebook.MEDICINE_COST.value
    switches = {p.name: p for p in PARAMETERS.values() if p.field}
    assert {"saboteur", "fifth_card", "barbarian_loss", "bishop_before_attack", "meanies"} <= set(switches)
    assert all(switches[s].source == "decision" for s in ("saboteur", "fifth_card", "barbarian_loss",
                                                          "bishop_before_attack"))
    config = CKGame.Config()
    assert all(getattr(config, p.field) == p.default for p in switches.values())


def test_the_printed_game_reads_exactly_the_printed_numbers():
    d = new_game().design
    assert (d.wall_cost, d.knight_cost, d.promote_cost, d.activate_cost) == (
        ((0, 2),), ((3, 1), (4, 1)), ((3, 1), (4, 1)), ((1, 1),))
    assert d.development_cost == ((1, 1), (3, 1), (4, 1))  # a knight and its activation, where a card was
    assert (d.steps, d.hand_limit, d.level_costs, d.ability, d.metropolis_level, d.takeover) == (
        7, 4, (1, 2, 3, 4, 5), 3, 4, 5)
    assert d.card_totals == (19,) * 5 + (12,) * 3 and len(d.all_progress) == 54 and d.two_to_one == 2


# ---------------------------------------------------------------- the switches (each has its own scenario tests too)
def test_points_to_win():
    game = ck_position(cities={0: [17, 31]}, phase="roll", points_to_win=4)
    force_dice(game, "ship", 1, 2)
    play(game, "roll")
    assert game.is_terminal() and "reached 4 points" in game.outcome().reason


def test_saboteur_switch():
    for value, victims in (("as-many-or-more", [1, 2]), ("more", [2])):
        game = ck_position(settlements={0: [17], 1: [13], 2: [40, 31]}, saboteur=value)
        assert politics.saboteur_victims(game, 0) == victims


def test_fifth_card_switch():
    for value, phase in (("bottom", "main"), ("choose", "hand-limit")):
        game = ck_position(progress={1: "spy spy bishop bishop"}, fifth_card=value)
        stack(game, "wedding")
        progress.draw(game, 1, TRACKS.index("politics"))
        game.touched()
        assert game.pending().kind == phase and len(game.state.progress[1]) == (4 if value == "bottom" else 5)


def test_barbarian_loss_switch():
    for value, loser in (("strength", 2), ("count", 1)):
        game = ck_position(**LOSS, phase="roll", barbarian_loss=value)
        with_metropolises(game, (0, 17), (0, 40), (3, 24))
        events = attack(game)
        lost = next(e for e in events if e.rule == "barbarians.pillage")
        assert lost.data["players"] == [loser]


def test_bishop_before_attack_switch():
    assert "play bishop" not in legal(ck_position(settlements={1: [13]}, progress={0: "bishop"}))
    assert "play bishop" in legal(ck_position(settlements={1: [13]}, progress={0: "bishop"},
                                              bishop_before_attack=True))


def test_meanies_switch():
    for meanies, kind in ((False, "main"), (True, "commit")):
        game = ck_position(cities={0: [17]}, knights_={0: {22: "basic active"}}, phase="roll", meanies=meanies)
        attack(game)
        assert game.pending().kind == kind


# ---------------------------------------------------------------- component numbers
def test_costs_of_walls_knights_promotions_and_activation():
    v = changed(**{"costs.wall.brick": 1, "costs.knight.grain": 1, "costs.promote.ore": 2, "costs.activate.wool": 2})
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22)}, hands={0: "brick ore wool"}, variant=v)
    assert verbs(game, "wall") == ["wall 17"] and not verbs(game, "knight")
    with pytest.raises(Exception, match="a knight costs 1 grain \\+ 1 ore \\+ 1 wool"):
        game.apply("knight 22")
    events = play(game, "wall 17")
    assert "walls.build" in rules_of(events) and hand(game, 0) == {"ore": 1, "wool": 1}
    game = ck_position(cities={0: [17]}, knights_={0: {22: "basic"}}, hands={0: "ore wool grain"}, variant=v)
    assert not verbs(game, "promote") and not verbs(game, "activate")
    with pytest.raises(Exception, match="a promotion costs 2 ore \\+ 1 wool"):
        game.apply("promote 22")
    with pytest.raises(Exception, match="activating a knight costs 1 grain \\+ 2 wool"):
        game.apply("activate 22")
    give(game, 0, "ore wool")
    assert verbs(game, "promote") == ["promote 22"] and verbs(game, "activate") == ["activate 22"]
    game = ck_position(cities={0: [17]}, hands={0: "brick"})
    with pytest.raises(Exception, match="a wall costs 2 brick"):
        game.apply("wall 17")


def test_medicine_cost():
    v = changed(**{"medicine_cost.ore": 1, "medicine_cost.wool": 1})
    game = ck_position(settlements={0: [17]}, progress={0: "medicine"}, hands={0: "ore grain wool"}, variant=v)
    play(game, "play medicine")
    assert "for 1 grain + 1 ore + 1 wool (Medicine)" in game.pending().prompt
    events = play(game, "city 17")
    assert hand(game, 0) == {} and "for 1 grain + 1 ore + 1 wool." in texts(events)
    game = ck_position(settlements={0: [17]}, progress={0: "medicine"}, hands={0: "ore grain"}, variant=v)
    with pytest.raises(Exception, match="and 1 grain \\+ 1 ore \\+ 1 wool"):
        game.apply("play medicine")


def test_resource_and_commodity_cards():
    game = new_game(variant=changed(resource_cards=10, commodity_cards=6))
    assert game.state.bank == [10] * 5 + [6] * 3
    assert "6 cards of each commodity" in texts(game.log)


def test_pieces_and_points():
    v = changed(**{"pieces.city": 1, "points.city": 3})
    game = ck_position(cities={0: [17]}, settlements={0: [31]}, hands={0: "grain grain ore ore ore"}, variant=v)
    assert game.state.points[0] == 4 and game.state.cities_left[0] == 0
    assert not verbs(game, "city")
    with pytest.raises(ConfigError, match="pieces: the set-up places 1 city per player"):
        new_game(variant=changed(**{"pieces.city": 0}))


def test_commodity_rates_guild_merchant_and_fleet():
    game = ck_position(hands={0: "coin coin coin"}, variant=changed(**{"commodity_rates.bank": 3}))
    assert "trade coin ore" in legal(game)
    assert "trades 3 coin for 1 ore" in texts(play(game, "trade coin ore"))
    game = ck_position(settlements={0: [0]}, variant=changed(**{"commodity_rates.harbour": 2}))
    assert game.state.rates[:8] == [3] * 5 + [2] * 3
    assert "any resource 3:1 and any commodity 2:1" in texts(game.log)
    game = ck_position(cities={0: [17]}, levels={0: {"trade": 3}}, hands={0: "coin"}, variant=changed(guild_rate=3))
    assert game.state.rates[CARDS.index("coin")] == 3
    v = changed(**{"rates.generic": 4, "merchant_rate": 3, "fleet_rate": 3, "rates.special": 3})
    game = ck_position(settlements={0: [17]}, progress={0: "merchant"}, variant=v)
    play(game, "play merchant", "merchant 4")
    assert "they trade brick 3:1" in texts(game.log) and game.state.rates[0] == 3
    game = ck_position(progress={0: "merchant-fleet"}, hands={0: "wool wool wool"}, variant=v)
    play(game, "play merchant-fleet")
    assert "to trade 3:1 this turn" in game.pending().prompt
    play(game, "name wool")
    assert game.state.rates[CARDS.index("wool")] == 3 and "trade wool coin" in legal(game)


def test_robber_roll():
    game = ck_position(hands={1: "ore " * 8 + "coin"}, attacks=1, phase="roll", variant=changed(robber_roll=9))
    force_dice(game, "science", 4, 5)
    events = play(game, "roll")
    assert "Commodities count with the resources for the 9." in texts(events)
    assert game.pending().kind == "discard" and "for the 9" in game.pending().prompt


def test_city_yield():
    game = ck_position(cities={0: [31]}, phase="roll", variant=changed(**{"city_yield.forest.paper": 2}))
    force_dice(game, "ship", 1, 2)
    play(game, "roll")
    assert hand(game, 0) == {"lumber": 1, "paper": 2}
    assert new_game(variant=changed(**{"city_yield.hills.brick": 3})).yield_of(
        rulebook.TERRAINS.index("hills"), 1, 1) == ((0, 4),)


def test_barbarian_steps_and_event_die():
    game = ck_position(cities={0: [17]}, phase="roll", variant=changed(barbarian_steps=3))
    force_dice(game, "ship", 2, 3)
    assert "advances: 1 of 3 spaces" in texts(play(game, "roll"))
    assert game.observe()["barbarian_track"] == 3
    game.state.barbarian = 2
    play(game, "end")
    game.state.player = 0
    game.state.stack[-1] = waiting(game.state.stack[-1].kind, 0)
    force_dice(game, "ship", 2, 3)
    events = play(game, "roll")
    assert "completes its 3 spaces" in texts(events) and game.state.attacks == 1 and sound(game)
    game = ck_position(phase="roll", variant=changed(event_die=["ship"] * 6))
    for _ in range(3):
        play(game, "roll", "end")
        game.state.player = 0
        game.state.stack[-1] = waiting(game.state.stack[-1].kind, 0)
    assert game.state.barbarian == 3


def test_progress_cards():
    cards = {t: {k: 0 for k in ck_rulebook.PROGRESS_CARDS.value[t]} for t in TRACKS}
    cards["science"]["smith"], cards["trade"]["merchant"], cards["politics"]["spy"] = 5, 2, 1
    game = new_game(variant=changed(progress_cards=cards))
    assert [len(d) for d in game.state.decks] == [1, 5, 2]
    assert "The 8 progress cards are shuffled into three decks: politics 1, science 5, trade 2." in texts(game.log)
    assert game.invariant_breaks() == []
    with pytest.raises(ParameterError, match="progress_cards: science.printer: the Printer is a single card"):
        new_game(variant=changed(**{"progress_cards.science.printer": 2}))


def test_hand_limit():
    game = ck_position(levels={1: {"politics": 1}}, progress={1: "spy bishop"}, phase="roll",
                       variant=changed(hand_limit=2))
    stack(game, "wedding")
    force_dice(game, "politics", 1, 1)
    events = play(game, "roll")
    assert "cannot play a 3rd progress card now" in texts(events) and len(game.state.progress[1]) == 2
    game = ck_position(progress={0: "spy bishop"}, variant=changed(hand_limit=2))
    stack(game, "wedding")
    progress.draw(game, 0, TRACKS.index("politics"))
    flow.back_to_main(game)
    game.touched()
    assert "holds 3 progress cards" in texts(game.log)
    assert "play your 3rd progress card" in game.pending().prompt and game.invariant_breaks() == []


def test_card_numbers():
    game = ck_position(cities={0: [17]}, progress={0: "irrigation"}, variant=changed(**{"card_numbers.irrigation": 3}))
    assert "3 for each of the 1 fields hexes" in texts(play(game, "play irrigation"))
    assert hand(game, 0) == {"grain": 3}
    game = ck_position(cities={0: [17]}, progress={0: "crane"}, hands={0: "paper"}, levels={0: {"science": 2}},
                       variant=changed(**{"card_numbers.crane": 2}))
    events = play(game, "play crane")
    assert "costs 2 commodities less" in texts(events)
    events = play(game, "improve science")
    assert "saves Player 1 2 paper" in texts(events) and hand(game, 0) == {}
    game = ck_position(settlements={0: [40], 1: [13, 17]}, hands={1: "ore wool brick"}, progress={0: "wedding"},
                       variant=changed(**{"card_numbers.wedding": 3}))
    events = play(game, "play wedding")
    assert "gives them 3 resources" in texts(events) and game.state.count == 3


def test_level_costs_and_draw_red_die():
    v = changed(**{"level_costs.0": 2, "draw_red_die.0": 6})
    game = ck_position(cities={0: [17]}, hands={0: "paper"}, variant=v)
    assert "improve science" not in legal(game)
    with pytest.raises(Exception, match="level 1 costs 2 paper"):
        game.apply("improve science")
    give(game, 0, "paper")
    play(game, "improve science")
    assert game.state.levels[1] == 1 and hand(game, 0) == {}
    game = ck_position(levels={0: {"science": 1}}, phase="roll", variant=v)
    stack(game, "smith")
    force_dice(game, "science", 6, 1)
    play(game, "roll")
    assert progress_of(game, 0) == ["smith"]


def test_improvement_levels():
    v = changed(**{"improvement_levels.ability": 2, "improvement_levels.metropolis": 3,
                   "improvement_levels.takeover": 4})
    game = ck_position(cities={0: [17]}, levels={0: {"trade": 1}}, hands={0: "cloth cloth cloth cloth cloth"},
                       variant=v)
    events = play(game, "improve trade")
    assert "improve.ability" in rules_of(events) and game.state.rates[CARDS.index("coin")] == 2
    events = play(game, "improve trade")
    assert "metropolis.first" in rules_of(events) and "level 3 of trade" in texts(events)
    assert game.state.metro_owner[TRACKS.index("trade")] == 0 and sound(game)
    game = ck_position(cities={0: [17]}, levels={0: {"politics": 1}}, knights_={0: {22: "strong"}},
                       hands={0: "ore wool"}, variant=v)
    with pytest.raises(Exception, match="politics level 2"):
        game.apply("promote 22")


def test_walls_and_wall_safe_cards():
    game = ck_position(cities={0: [17, 31]}, hands={0: "brick " * 4}, variant=changed(walls=1, wall_safe_cards=5))
    events = play(game, "wall 17")
    assert "they may hold 12 cards on a 7" in texts(events) and game.safe_hand(0) == 12
    assert verbs(game, "wall") == []
    with pytest.raises(Exception, match="all 1 walls"):
        game.apply("wall 31")


def test_the_engineer_refusal_names_the_variants_walls():
    game = ck_position(settlements={0: [17]}, progress={0: "engineer"}, variant=changed(walls=1))
    with pytest.raises(Exception, match="fewer than 1 walls"):
        game.apply("play engineer")


def test_knights_per_level_and_strength():
    v = changed(knights_per_level=3, knight_strength=[2, 4, 6])
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 16)},
                       knights_={0: {22: "basic active", 28: "basic"}}, hands={0: "ore wool"}, variant=v)
    assert barbarians.knight_strength(game, 0, game.state.active[0]) == 2
    assert verbs(game, "knight")  # a third basic knight
    game = ck_position(cities={0: [17]}, knights_={0: {22: "basic", 28: "basic"}}, hands={0: "ore wool"})
    with pytest.raises(Exception, match="both your basic knights"):
        game.apply("knight 16")
    game = ck_position(cities={0: [17]}, knights_={0: {22: "basic", 28: "basic", 16: "basic"}},
                       hands={0: "ore wool"}, variant=v)
    with pytest.raises(Exception, match="all 3 of your basic knights"):
        game.apply("knight 23")


def test_victory_points_of_metropolises_defenders_the_merchant_and_the_vp_cards():
    v = changed(metropolis_points=3, defender_points=2, merchant_points=2, progress_card_points=2)
    game = ck_position(cities={0: [17]}, levels={0: {"trade": 3}}, hands={0: "cloth " * 4}, variant=v)
    events = play(game, "improve trade")
    assert "it is worth 5 points (+3)" in texts(events) and game.state.points[0] == 5
    game = ck_position(cities={0: [17], 1: [31]}, knights_={0: {22: "strong active"}, 1: {36: "basic active"}},
                       phase="roll", variant=v)
    events = attack(game)
    assert "takes a Defender of Catan card, 2 points" in texts(events) and game.state.points[0] == 4
    game = ck_position(settlements={0: [17]}, progress={0: "merchant"}, variant=v)
    events = play(game, "play merchant", "merchant 4")
    assert "(+2 points)" in texts(events) and "counts 2 points" in texts(events) and game.state.points[0] == 3
    game = ck_position(levels={1: {"science": 1}}, phase="roll", variant=v)
    stack(game, "printer")
    force_dice(game, "science", 1, 1)
    events = play(game, "roll")
    assert "shows it at once: 2 points" in texts(events) and game.state.points[1] == 2 and sound(game)
    game = ck_position(variant=v)
    with pytest.raises(Exception, match="is shown when drawn and scores 2 points"):
        game.apply("play printer")


# ---------------------------------------------------------------- refusals
@pytest.mark.parametrize(("changes", "words"), [
    ({"costs.wall.coin": 1}, 'costs has no cell "coin"'),
    ({"costs.development.ore": 1}, 'costs has no cell "development"'),
    ({"barbarian_steps": 0}, "barbarian_steps is at least 1"),
    ({"event_die.0": "storm"}, "event_die.0 is one of ship, politics, science, trade"),
    ({"event_die": ["ship"] * 5}, "event_die has 6 entries, not 5"),
    ({"hand_limit": 0}, "hand_limit is at least 1"),
    ({"card_numbers.crane": 0}, "card_numbers.crane is at least 1"),
    ({"progress_cards.politics.constitution": 3}, "progress_cards: politics.constitution: the Constitution is a "
                                                  "single card"),
    ({"improvement_levels.metropolis": 5}, "improvement_levels: a metropolis is taken over at a higher level"),
    ({"commodity_rates.harbour": 5}, "commodity_rates: a harbour never trades worse than the bank"),
    ({"level_costs": [1, 2, 3]}, "level_costs has 5 entries, not 3"),
    ({"knight_strength.1": 0}, "knight_strength.1 is at least 1"),
    ({"pieces.settlement": 0}, "pieces: the set-up places 1 settlement per player"),
    ({"saboteur": "more"}, "saboteur is the option saboteur of the config"),
])
def test_bad_changes_are_refused_naming_the_parameter(changes, words):
    with pytest.raises(ParameterError) as err:
        new_game(variant=Changes.of(changes))
    assert words in str(err.value)


@pytest.mark.parametrize(("options", "changes", "words"), [
    ({}, {"level_costs.4": 9, "commodity_cards": 8}, "level_costs.4: level 5 costs 9, more than the 8 cards"),
    ({}, {"medicine_cost.ore": 9, "resource_cards": 6}, "medicine_cost.ore: 9 is more than the 6 ore cards"),
    ({}, {"merchant_rate": 3}, "merchant_rate: 3 must be below the generic harbour's 3"),
    ({}, {"fleet_rate": 4}, "fleet_rate: 4 must be below the generic harbour's 3"),
    ({}, {"rates.special": 3}, "rates.special: 3 must be below the generic harbour's 3"),
    ({"points_to_win": 30}, {"defender_points": 0}, "points_to_win: 30 points cannot be reached"),
    ({"saboteur": "less"}, {}, "option saboteur is one of as-many-or-more, more"),
    ({"meanies": 1}, {}, "meanies"),
])
def test_parameters_together_and_config_options_are_refused_naming_them(options, changes, words):
    with pytest.raises(ConfigError) as err:
        new_game(variant=Changes.of(changes), **options)
    assert words in str(err.value)


def test_an_unreachable_target_is_allowed_while_defender_cards_score():
    assert new_game(points_to_win=30).params["points_to_win"] == 30


# ---------------------------------------------------------------- random variants play to the end
@pytest.mark.slow
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_strategy(CKGame.parameters()), st.integers(0, 1000), st.integers(3, 4))
def test_random_variants_play_to_the_end_and_save_load_and_replay(changes, seed, players):
    play_variant(CKGame, changes, seed, players)


# ---------------------------------------------------------------- the design lab's hooks
@pytest.mark.slow
def test_the_lab_hooks_on_played_games():
    for seed, players in ((1, 3), (2, 4)):
        game = new_game(seed=seed, players=players)
        rounds, ships = [], []
        for _ in random_moves(game, seed):
            rounds.append(game.round_number())
            series = lab_series(game, players)
            ships.append(series["barbarian_ship"])
        assert rounds == sorted(rounds) and rounds[-1] >= 1
        assert max(ships) >= 1 and game.series()["barbarian_attacks"] == game.state.attacks
        assert game.standings() == tuple(float(x) for x in game.scores())
    assert {"points", "resource_cards", "commodity_cards", "barbarian_ship", "barbarian_attacks"} <= set(series)


@pytest.mark.slow
def test_every_action_kind_matches_legal_actions_of_random_games():
    seen = action_kinds_seen(lambda seed: new_game(seed=seed), range(6))
    for prefix in CKGame.action_kinds:
        assert any(a == prefix or a.startswith(prefix + " ") for a in seen), prefix
    assert {"wall", "trade", "propose", "knight"} <= set(CKGame.action_kinds)


def test_progress_kinds_stay_by_track():
    assert all(TRACKS[KIND_TRACK[KINDS.index(card)]] == t for t in TRACKS
               for card in ck_rulebook.PROGRESS_CARDS.value[t])
