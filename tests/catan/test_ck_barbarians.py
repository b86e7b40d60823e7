"""Cities & Knights: the barbarian ship, the attack, the Defender of Catan, pillaged cities, the meanies variant."""

import pytest

from games.catan.cities_knights import barbarians
from games.catan.cities_knights.commodities import refresh_rates
from games.catan.cities_knights.state import TRACKS
from games.catan.state import waiting
from tests.checks import assert_refused

from .ck_scenario import ck_position, force_dice, knight_at, legal, play, progress_of, rules_of, sound

rule = pytest.mark.rule


def attack(game, red=1, yellow=1):
    """Roll a ship with the barbarians one space from Catan."""
    game.state.barbarian = 6
    force_dice(game, "ship", red, yellow)
    return play(game, "roll")


def with_metropolises(game, *where):
    """Metropolis cities (player, node) on tracks politics, science, trade in that order."""
    s = game.state
    for t, (p, v) in enumerate(where):
        s.metropolis[t], s.metro_owner[t] = v, p
        s.levels[p * 3 + t] = 4
        s.points[p] += 2
        refresh_rates(game, p)
    assert game.invariant_breaks() == []


@rule("barbarians.advance")
def test_a_ship_moves_the_barbarians_one_space():
    game = ck_position(phase="roll")
    force_dice(game, "ship", 2, 3)
    events = play(game, "roll")
    assert game.state.barbarian == 1 and "barbarians.advance" in rules_of(events)
    assert game.observe(2)["barbarian"] == 1


@rule("barbarians.attack")
def test_the_seventh_advance_lands_the_barbarians_before_production():
    game = ck_position(cities={0: [17]}, knights_={0: {22: "basic active"}}, phase="roll")
    for _ in range(6):
        force_dice(game, "ship", 6, 6)
        play(game, "roll", "end")
        game.state.player = 0
        game.state.stack[-1] = waiting(game.state.stack[-1].kind, 0)
    assert game.state.barbarian == 6 and game.state.attacks == 0
    events = attack(game, 6, 6)
    assert "barbarians.attack" in rules_of(events) and game.state.attacks == 1 and game.state.barbarian == 0


@rule("barbarians.strength")
def test_the_strength_is_the_number_of_cities_a_metropolis_counted_once():
    game = ck_position(cities={0: [17, 31], 1: [13]}, settlements={2: [40]})
    assert barbarians.strength(game) == 3
    with_metropolises(game, (0, 17))
    assert barbarians.strength(game) == 3


@rule("barbarians.defence")
def test_the_defence_is_the_strength_of_the_active_knights_only():
    game = ck_position(cities={0: [17]}, knights_={0: {22: "strong active", 28: "mighty"}}, phase="roll")
    events = attack(game)
    defence = next(e for e in events if e.rule == "barbarians.defence")
    assert defence.data["defence"] == 2 and defence.data["knights"] == [2, 0, 0, 0]


@rule("barbarians.defender")
def test_the_single_largest_contributor_takes_a_defender_of_catan_card():
    game = ck_position(cities={0: [17], 1: [31]}, knights_={0: {22: "strong active"}, 1: {36: "basic active"}},
                       phase="roll")
    events = attack(game)
    assert "barbarians.defender" in rules_of(events)
    assert game.state.defenders == [1, 0, 0, 0] and game.state.points[0] == 3
    assert game.point_sources(0)["Defender of Catan"] == 1 and game.observe()["defender_cards_left"] == 5


@rule("barbarians.tie")
def test_tied_largest_contributors_each_draw_a_progress_card_of_their_choice():
    game = ck_position(cities={0: [17], 1: [31]}, knights_={0: {22: "basic active"}, 2: {36: "basic active"}},
                       phase="roll")
    events = attack(game)
    assert "barbarians.tie" in rules_of(events) and game.state.defenders == [0, 0, 0, 0]
    assert game.pending().kind == "defender-draw" and game.pending().player == 0
    assert legal(game) == [f"draw {t}" for t in TRACKS]
    assert_refused(game, "draw magic", "the decks are", "defender-draw")
    play(game, "draw science")
    assert game.pending().player == 2
    play(game, "draw trade")
    assert len(game.state.progress[0]) + (game.state.printer == 0) == 1 and game.pending().kind == "main"
    sound(game)


@rule("decision.ck-defender-needs-knights")
def test_catan_holding_without_any_knight_rewards_nobody():
    game = ck_position(settlements={0: [17]}, phase="roll")
    events = attack(game)
    assert "decision.ck-defender-needs-knights" in rules_of(events) and game.pending().kind == "main"


LOSS = dict(cities={0: [17, 40], 1: [31, 2], 2: [13], 3: [24]},
            knights_={1: {36: "mighty active"}, 2: {8: "basic active", 18: "basic active"}})


@rule("barbarians.pillage")
def test_the_lowest_strength_of_active_knights_loses_a_city_by_default():
    game = ck_position(**LOSS, phase="roll")
    with_metropolises(game, (0, 17), (0, 40), (3, 24))
    events = attack(game)  # 6 cities against 3 + 2: the barbarians win; player 3 (strength 2) loses
    assert "barbarians.pillage" in rules_of(events) and "barbarians.reduce" in rules_of(events)
    assert game.state.cities[2] == 0 and game.state.settlements[2] == 1 << 13
    assert game.pending().kind == "aqueduct"  # player 1 took nothing from the 2 and has the science level 4


@rule("decision.ck-loss-criterion")
def test_with_barbarian_loss_count_the_fewest_active_knights_lose():
    game = ck_position(**LOSS, phase="roll", barbarian_loss="count")
    with_metropolises(game, (0, 17), (0, 40), (3, 24))
    events = attack(game)  # player 2 has 1 knight, player 3 has 2
    assert "decision.ck-loss-criterion" in rules_of(events)
    assert game.pending().kind == "pillage" and game.pending().player == 1
    assert legal(game) == ["pillage 2", "pillage 31"]
    play(game, "pillage 31")
    assert game.state.cities[1] == 1 << 2 and game.state.cities[2] == 1 << 13


@rule("barbarians.pillage-ties")
def test_every_player_tied_for_the_lowest_contribution_loses_a_city():
    game = ck_position(cities={0: [17], 1: [31], 2: [13]}, knights_={0: {22: "basic active"}}, phase="roll")
    events = attack(game)
    assert "barbarians.pillage-ties" in rules_of(events)
    assert game.state.cities == [1 << 17, 0, 0, 0]


@rule("barbarians.immune")
def test_players_with_only_settlements_or_metropolis_cities_are_skipped():
    game = ck_position(cities={0: [17], 1: [31]}, settlements={2: [13]}, phase="roll")
    with_metropolises(game, (0, 17))
    events = attack(game)
    assert "barbarians.immune" in rules_of(events)
    assert game.state.cities == [1 << 17, 0, 0, 0] and game.state.settlements[2] == 1 << 13


@rule("barbarians.reduce")
def test_a_pillaged_player_chooses_which_city_becomes_a_settlement():
    game = ck_position(cities={1: [31, 13]}, phase="roll")
    attack(game)
    assert game.pending().kind == "pillage" and legal(game) == ["pillage 13", "pillage 31"]
    assert_refused(game, "pillage 17", "not one of your cities", "pillage")
    play(game, "pillage 13")
    s = game.state
    assert s.cities[1] == 1 << 31 and s.settlements[1] == 1 << 13 and s.points[1] == 3
    assert s.settlements_left[1] == 4 and s.cities_left[1] == 3


@rule("barbarians.no-piece")
def test_without_a_settlement_piece_the_city_is_laid_on_its_side_and_stands_up_again_at_the_usual_cost():
    game = ck_position(cities={1: [31]}, settlements={1: [0, 2, 7, 13, 20]}, phase="roll")
    attack(game)
    s = game.state
    assert s.reduced[1] == 1 << 31 and s.settlements_left[1] == 0 and s.points[1] == 6
    assert "barbarians.no-piece" in rules_of(game.log)
    sound(game)
    s.player = 1
    s.stack[-1] = waiting(s.stack[-1].kind, 1)
    for card in "grain grain ore ore ore".split():
        from .ck_scenario import give

        give(game, 1, card)
    game.touched()
    assert "city 31" in legal(game)
    play(game, "city 31")
    assert s.reduced[1] == 0 and s.cities[1] == 1 << 31 and s.cities_left[1] == 3 and s.points[1] == 7
    sound(game)


@rule("barbarians.after")
def test_after_the_attack_all_knights_are_inactive_and_the_ship_is_back_at_the_start():
    game = ck_position(cities={0: [17]}, knights_={0: {22: "basic active"}, 1: {36: "strong active"}}, phase="roll")
    events = attack(game)
    assert "barbarians.after" in rules_of(events)
    assert game.state.active == [0, 0, 0, 0] and game.state.barbarian == 0
    assert knight_at(game, 36) == (1, "strong", False)


@rule("barbarians.meanies")
def test_meanies_each_player_chooses_which_active_knights_fight():
    game = ck_position(cities={0: [17], 1: [31]}, knights_={0: {22: "strong active"}, 1: {36: "basic active",
                       42: "basic active"}}, phase="roll", meanies=True)
    events = attack(game)
    assert "barbarians.meanies" in rules_of(events)
    assert game.pending().kind == "commit" and game.pending().player == 0
    assert legal(game) == ["commit 22", "done"]
    play(game, "done")  # player 1 withholds the strong knight
    assert game.pending().player == 1 and legal(game) == ["commit 36", "commit 42", "done"]
    play(game, "commit 36", "done")
    s = game.state
    assert s.cities[0] == 0 and s.cities[1] == 1 << 31  # 1 against 2 cities: player 1 fought with nothing
    assert knight_at(game, 22) == (0, "strong", True) and knight_at(game, 36) == (1, "basic", False)
    assert knight_at(game, 42) == (1, "basic", True)


@rule("decision.ck-commit")
def test_committing_all_ones_knights_ends_ones_turn_to_commit():
    game = ck_position(cities={0: [17]}, knights_={0: {22: "basic active"}}, phase="roll", meanies=True)
    attack(game)
    events = play(game, "commit 22")
    assert "decision.ck-commit" in rules_of(events) and game.pending().kind == "main"
    assert game.state.defenders == [1, 0, 0, 0]
    assert progress_of(game, 0) == []
