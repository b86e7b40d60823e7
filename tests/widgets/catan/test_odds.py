"""The lessons' exact numbers (widgets.catan.odds): against the printed data, the engine's functions and the engine's
own dice and random play."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catan import cities_knights, new_game
from games.catan.data import ck_rulebook, rulebook
from games.catan.production import roll_dice
from games.core import Rng
from widgets.catan import odds

STEPS = ck_rulebook.BARBARIAN_STEPS.value


# ---------------------------------------------------------------- two dice
def test_two_dice_make_36_rolls_and_the_ways_are_the_printed_pips():
    assert sum(odds.dice_ways().values()) == odds.rolls() == 36
    for total, ways in odds.dice_ways().items():
        if total != rulebook.ROBBER_ROLL.value:
            assert ways == rulebook.PIPS.value[total] == odds.pips(total)
    assert odds.roll_chance(7) == Fraction(1, 6) and odds.roll_chance(13) == 0 and odds.pips(0) == 0


@pytest.mark.slow
def test_the_chances_match_the_engines_dice_within_a_tolerance():
    rng, n = Rng(7), 36_000
    seen: dict[int, int] = {}
    for _ in range(n):
        a, b = roll_dice(rng)
        seen[a + b] = seen.get(a + b, 0) + 1
    for total in range(2, 13):
        assert abs(seen[total] / n - float(odds.roll_chance(total))) < 0.01


def test_the_dice_table_marks_the_red_tokens_and_the_robber():
    rows = {row["total"]: row for row in odds.dice_table()}
    assert {t for t, row in rows.items() if row["red token"]} == set(rulebook.RED_NUMBERS.value)
    assert rows[7]["robber"] and rows[7]["pips"] == 0 and sum(row["chance"] for row in rows.values()) == 1


# ---------------------------------------------------------------- production
def test_a_city_takes_twice_a_settlement_in_the_base_game():
    game = new_game(players=3, seed=1, layout="beginner")
    for node in (17, 28, 31):
        town, city = odds.node_yield(game, node), odds.node_yield(game, node, "city", robber=False)
        assert odds.node_yield(game, node, robber=False) == town or game.state.robber in odds.NODE_HEXES[node]
        assert {k: 2 * v for k, v in odds.node_yield(game, node, robber=False).items()} == city


def test_a_cities_and_knights_city_takes_commodities_on_forest_pasture_and_mountains():
    game = cities_knights.new_game(players=3, seed=1, layout="beginner")
    hexes = {row["terrain"]: row for row in odds.node_hexes(game, 17)}
    assert set(hexes) == {"fields", "hills", "forest"}
    city = odds.node_yield(game, 17, "city")
    forest = odds.roll_chance(hexes["forest"]["number"])
    assert city["lumber"] == city["paper"] == forest
    assert city["brick"] == 2 * odds.roll_chance(hexes["hills"]["number"])
    assert odds.commodity_share(game, 17) == forest / odds.cards_per_roll(city)


def test_cards_per_36_rolls_is_pips_times_cards():
    game = cities_knights.new_game(players=3, seed=1, layout="beginner")
    for node in range(54):
        expected = sum(row["pips"] for row in odds.node_hexes(game, node)
                       if row["terrain"] != "desert" and not row["robber"])
        assert odds.cards_per_36(game, node) == expected
        assert odds.cards_per_36(game, node, "city") == 2 * expected


def test_the_robber_stops_its_hex():
    game = new_game(players=3, seed=1, layout="beginner")
    game.state.robber = odds.node_hexes(game, 17)[1]["hex"]
    assert odds.cards_per_roll(odds.node_yield(game, 17)) < odds.cards_per_roll(odds.node_yield(game, 17,
                                                                                              robber=False))


def test_no_building_but_a_settlement_or_a_city():
    with pytest.raises(ValueError, match="settlement or a city"):
        odds.node_yield(new_game(players=3, seed=1), 17, "castle")


def test_the_best_nodes_are_sorted():
    rated = odds.best_nodes(new_game(players=3, seed=1, layout="beginner"), top=8)
    assert [v for _, v in rated] == sorted((v for _, v in rated), reverse=True)


# ---------------------------------------------------------------- the barbarian ship
def test_three_ship_faces_of_six():
    assert odds.ship_chance() == Fraction(ck_rulebook.EVENT_FACES.value.count("ship"), 6) == Fraction(1, 2)


@pytest.mark.slow
@given(st.integers(0, STEPS - 1), st.integers(0, 60))
@settings(max_examples=60, deadline=None)
def test_arrival_chances_grow_to_one_and_add_up(position, n):
    need = odds.ships_needed(position)
    assert odds.arrival_within(n, position) == (0 if n < need else odds.arrival_within(n, position))
    assert 0 <= odds.arrival_within(n, position) <= odds.arrival_within(n + 1, position) <= 1
    assert sum(odds.arrival_on(k, position) for k in range(n + 1)) == odds.arrival_within(n, position)
    if n >= need:
        # the last ship lands exactly on roll n: n-1 rolls with need-1 ships, then a ship
        from math import comb
        p = odds.ship_chance()
        assert odds.arrival_on(n, position) == comb(n - 1, need - 1) * p ** need * (1 - p) ** (n - need)


@pytest.mark.slow
@settings(deadline=None)  # exact sums over many rolls: a loaded machine makes it slow, never wrong
@given(st.integers(0, STEPS - 1))
def test_expected_rolls_is_two_per_missing_ship(position):
    assert odds.expected_rolls_to_attack(position) == (STEPS - position) * 2
    # the mean of the exact distribution, summed far enough, agrees
    mean = sum(k * odds.arrival_on(k, position) for k in range(1, 120))
    assert abs(float(mean) - float(odds.expected_rolls_to_attack(position))) < 1e-6


def test_the_ship_stands_on_a_space_of_the_track():
    with pytest.raises(ValueError, match="from 0 to 6"):
        odds.ships_needed(STEPS)


@pytest.mark.slow
def test_the_exact_numbers_match_the_engines_random_play():
    seen = odds.observed_attacks(games=6, players=3, seed=11)
    assert seen["rolls"] > 2000
    assert abs(float(seen["ship share"]) - 0.5) < 0.03
    for gate in ck_rulebook.TRACKS:
        assert abs(seen["faces"][gate] / seen["rolls"] - 1 / 6) < 0.025
    gaps = seen["gaps"]
    assert len(gaps) > 100 and min(gaps) >= STEPS
    assert abs(float(seen["mean gap"]) - float(odds.expected_rolls_to_attack(0))) < 1.2
    within = sum(g <= 14 for g in gaps) / len(gaps)
    assert abs(within - float(odds.arrival_within(14))) < 0.1


# ---------------------------------------------------------------- the attack
def test_defence_at_least_strength_makes_the_single_best_knight_the_defender():
    game = odds.position(cities={0: [17], 1: [31], 2: [40]}, knights_={0: {22: "strong active"},
                                                                       1: {36: "basic active"}})
    attack = odds.attack_outcome(game)
    assert (attack.strength, attack.defence, attack.holds, attack.defender) == (3, 3, True, 0)
    assert odds.strength(game) == 3 and odds.defence(game) == (2, 1, 0, 0)
    assert game.state.barbarian == 0 and game.state.defenders == [0, 0, 0, 0]  # the lesson's game is unchanged
    assert "Defender of Catan" in attack.verdict


def test_tied_best_defenders_each_draw_a_card():
    game = odds.position(cities={0: [17], 1: [31]}, knights_={0: {22: "basic active"}, 1: {36: "basic active"}})
    attack = odds.attack_outcome(game)
    assert attack.holds and attack.defender is None and attack.tied == (0, 1)


def test_inactive_knights_do_not_fight_and_the_weakest_lose_a_city_ties_included():
    game = odds.position(cities={0: [17], 1: [31], 2: [40]}, knights_={0: {22: "basic active"},
                                                                       1: {36: "mighty"}})
    attack = odds.attack_outcome(game)
    assert not attack.holds and attack.pillaged == (1, 2) and attack.immune == (3,)
    assert "lose a city" in attack.verdict


def test_a_metropolis_city_is_never_pillaged():
    game = odds.position(players=3, cities={0: [17], 1: [31], 2: [40]}, metropolises={"science": (1, 31)})
    attack = odds.attack_outcome(game)
    assert attack.strength == 3 and attack.pillaged == (0, 2) and 1 in attack.immune


# ---------------------------------------------------------------- improvements and progress cards
def test_level_costs_are_the_printed_ones_and_the_crane_saves_one():
    assert [odds.level_cost(n) for n in range(1, 6)] == list(ck_rulebook.LEVEL_COST.value)
    assert odds.level_cost(3, crane=True) == ck_rulebook.LEVEL_COST.value[2] - 1
    assert odds.cost_to_reach(5) == sum(ck_rulebook.LEVEL_COST.value)


@given(st.sampled_from(ck_rulebook.TRACKS), st.integers(0, 5))
@settings(max_examples=18, deadline=None)
def test_the_chance_of_a_card_is_the_gate_times_the_red_faces(track, level):
    faces = odds.red_faces(level)
    assert odds.draw_chance(track, level) == Fraction(len(faces), 36)
    assert faces == tuple(range(1, ck_rulebook.LEVEL_RED_DIE.value[level - 1] + 1) if level else ())


def test_the_improvement_table_names_the_ability_and_the_metropolis():
    rows = odds.improvement_table("trade")
    assert [r["building"] for r in rows] == list(ck_rulebook.BUILDINGS["trade"])
    assert "Guild" in rows[2]["brings"] and "metropolis" in rows[3]["brings"] and rows[4]["total cost"] == 15


def test_level_five_takes_the_metropolis_over_from_a_holder_below_it():
    game = odds.position(players=3, cities={0: [17], 1: [40]})
    lines = odds.improve_events(game, [(0, "politics")] * 4 + [(1, "politics")] * 5)
    assert any(line.startswith("metropolis.first") for line in lines)
    assert any(line.startswith("metropolis.takeover") for line in lines)
    assert game.state.metro_owner[0] == 1


def test_the_progress_hand_limit_is_four():
    assert odds.hand_limit() == ck_rulebook.HAND_LIMIT.value == 4


def test_a_fifth_progress_card_out_of_turn_goes_under_its_deck():
    game = odds.position(players=3, cities={1: [31]}, progress_={1: "spy warlord bishop wedding"})
    lines = odds.draw_events(game, 1, "trade")
    assert lines[-1].startswith("progress.fifth") and len(game.state.progress[1]) == odds.hand_limit()
    assert odds.draw_events(game, 0, "trade")[0].startswith("progress.draw") and len(game.state.progress[0]) == 1
