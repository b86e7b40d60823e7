"""Cities & Knights: city walls, city improvements with their draws and level-3 abilities, metropolises."""

import pytest

from games.catan.cities_knights import CKGame
from games.catan.cities_knights.state import CARDS
from games.catan.state import waiting
from games.core.conformance import decision_breaks
from tests.checks import assert_refused

from .ck_scenario import ck_position, force_dice, give, hand, legal, play, progress_of, rules_of, sound, stack

rule = pytest.mark.rule


def verbs(game, verb):
    return [a for a in legal(game) if a.split()[0] == verb]


# ---------------------------------------------------------------- walls
@rule("walls.build")
def test_a_wall_costs_two_brick_and_goes_under_one_of_ones_cities_once():
    game = ck_position(cities={0: [17, 31]}, settlements={0: [40]}, hands={0: "brick " * 4})
    assert verbs(game, "wall") == ["wall 17", "wall 31"]
    events = play(game, "wall 17")
    assert rules_of(events) == ["walls.build"] and game.state.walls[0] == 1 << 17 and hand(game, 0) == {"brick": 2}
    assert_refused(game, "wall 17", "has a wall already", "main")
    assert_refused(game, "wall 40", "goes under one of your cities", "main")


@rule("walls.limit")
def test_at_most_three_walls():
    game = ck_position(cities={0: [17, 31, 40, 13]}, walls={0: [17, 31, 40]}, hands={0: "brick brick"})
    assert verbs(game, "wall") == []
    assert_refused(game, "wall 13", "all 3 walls", "main")


@rule("walls.safe-hand")
def test_each_wall_lets_its_owner_hold_two_more_cards_on_a_seven():
    game = ck_position(cities={1: [17, 31]}, walls={1: [17, 31]}, hands={1: "ore " * 11, 2: "wool " * 8},
                       phase="roll")
    assert game.safe_hand(1) == 11 and game.safe_hand(2) == 7
    force_dice(game, "ship", 3, 4)
    play(game, "roll")
    assert game.state.discard_left == [0, 0, 4, 0]


@rule("walls.lost")
def test_a_pillaged_city_loses_its_wall():
    game = ck_position(cities={1: [17]}, walls={1: [17]}, phase="roll", barbarian=6)
    force_dice(game, "ship", 1, 1)
    events = play(game, "roll")
    assert "walls.lost" in rules_of(events) and game.state.walls[1] == 0 and game.state.settlements[1] == 1 << 17


# ---------------------------------------------------------------- improvements
@rule("improve.build")
def test_level_n_costs_n_commodities_of_its_track_built_in_order():
    game = ck_position(cities={0: [17]}, hands={0: "paper paper paper coin"})
    assert verbs(game, "improve") == ["improve politics", "improve science"]
    events = play(game, "improve science")
    assert rules_of(events) == ["improve.build"] and "Abbey" in events[0].text
    assert verbs(game, "improve") == ["improve politics", "improve science"]
    play(game, "improve science")
    assert game.state.levels[:3] == [0, 2, 0] and hand(game, 0) == {"coin": 1}
    assert_refused(game, "improve science", "costs 3 paper", "main")
    assert_refused(game, "improve trade", "costs 1 cloth", "main")


@rule("improve.needs-city")
def test_improvements_need_a_city():
    game = ck_position(settlements={0: [17]}, hands={0: "paper"})
    assert verbs(game, "improve") == []
    assert_refused(game, "improve science", "needs a city", "main")


@rule("improve.kept")
def test_improvements_stay_when_the_last_city_is_lost():
    game = ck_position(cities={1: [17]}, levels={1: {"science": 2}}, phase="roll", barbarian=6)
    force_dice(game, "ship", 1, 1)
    play(game, "roll")
    assert game.state.cities[1] == 0 and game.state.levels[3:6] == [0, 2, 0]
    assert game.observe(0)["players"][1]["improvements"]["science"] == 2


@rule("improve.draw")
def test_a_gate_draws_for_every_level_whose_red_die_values_show_clockwise_from_the_roller():
    game = ck_position(cities={0: [17]}, levels={0: {"trade": 1}, 1: {"trade": 2}, 2: {"trade": 3}}, player=1,
                       phase="roll")
    stack(game, "merchant", "spy")  # spy is a politics card: the trade deck's top is the merchant
    force_dice(game, "trade", 3, 2)  # red 3: level 2 (1-3) and level 3 (1-4) draw, level 1 (1-2) not
    events = play(game, "roll")
    drawn = [e.data["player"] for e in events if e.rule == "improve.draw"]
    assert drawn == [1, 2]
    assert progress_of(game, 1) == ["merchant"] and len(game.state.progress[2]) == 1 and not game.state.progress[0]


@rule("improve.ability")
def test_level_three_gives_the_tracks_ability():
    game = ck_position(cities={0: [17]}, levels={0: {"trade": 2}}, hands={0: "cloth cloth cloth coin coin"})
    events = play(game, "improve trade")
    assert "improve.ability" in rules_of(events) and "Merchant Guild" in events[-1].text
    assert game.state.rates[CARDS.index("coin")] == 2  # the guild's 2:1 for commodities


@rule("improve.guild")
def test_the_merchant_guild_trades_two_identical_commodities_for_any_card():
    game = ck_position(cities={0: [17]}, levels={0: {"trade": 3}}, hands={0: "coin coin"})
    assert "trade coin paper" in legal(game) and "trade coin ore" in legal(game)
    events = play(game, "trade coin paper")
    assert rules_of(events) == ["improve.guild"] and hand(game, 0) == {"paper": 1}


@rule("improve.aqueduct")
def test_the_aqueduct_gives_a_resource_of_choice_when_a_roll_other_than_seven_gives_nothing():
    game = ck_position(cities={0: [17]}, settlements={1: [13]}, levels={1: {"science": 3}, 2: {"science": 3}},
                       phase="roll")
    force_dice(game, "ship", 1, 1)  # 2: pasture hex 1, next to node 13 (player 2)
    play(game, "roll")
    assert game.pending().kind == "aqueduct" and game.pending().player == 2  # player 2 took wool: only player 3
    assert legal(game) == ["take brick", "take grain", "take lumber", "take ore", "take wool"]
    assert_refused(game, "take coin", "gives a resource", "aqueduct")
    events = play(game, "take ore")
    assert rules_of(events) == ["improve.aqueduct"] and hand(game, 2) == {"ore": 1}
    assert game.pending().kind == "main" and game.pending().player == 0
    game = ck_position(levels={1: {"science": 3}}, settlements={1: [13]}, robber=1, phase="roll")
    force_dice(game, "ship", 1, 1)  # the robber on hex 1: player 2 takes nothing and chooses
    play(game, "roll")
    assert game.pending().kind == "aqueduct" and game.pending().player == 1
    game = ck_position(levels={1: {"science": 3}}, phase="roll")
    force_dice(game, "ship", 3, 4)  # not on a 7
    play(game, "roll")
    assert game.pending().kind == "main"


@rule("improve.aqueduct")
@rule("decision.ck-aqueduct-bank")
def test_the_aqueduct_players_choose_clockwise_from_what_the_bank_holds_and_nothing_is_asked_of_an_empty_bank():
    game = ck_position(levels={1: {"science": 3}, 2: {"science": 3}}, phase="roll")
    s = game.state
    for r, count in enumerate(s.bank[:5]):  # player 1 holds every resource the bank had but one ore
        give(game, 0, " ".join([game.cards[r]] * (count - (game.cards[r] == "ore"))))
    assert s.bank[:5] == [int(card == "ore") for card in game.cards[:5]]
    force_dice(game, "ship", 1, 1)  # a 2: nobody has a building there, players 2 and 3 take nothing
    play(game, "roll")
    assert game.pending().kind == "aqueduct" and game.pending().player == 1
    assert legal(game) == ["take ore"]
    assert_refused(game, "take wool", "the bank has no wool left", "aqueduct")
    events = play(game, "take ore")
    assert rules_of(events) == ["improve.aqueduct", "decision.ck-aqueduct-bank"]
    assert events[-1].text == "The bank holds no resource: Player 3 takes nothing from the Aqueduct."
    assert hand(game, 1) == {"ore": 1} and hand(game, 2) == {} and s.bank[:5] == [0, 0, 0, 0, 0]
    assert game.pending().kind == "main" and game.pending().player == 0 and decision_breaks(game) == []


# ---------------------------------------------------------------- metropolises
@rule("metropolis.first")
def test_the_first_to_build_level_four_takes_the_metropolis():
    game = ck_position(cities={0: [17]}, levels={0: {"science": 3}}, hands={0: "paper " * 4})
    events = play(game, "improve science")
    assert "metropolis.first" in rules_of(events) and game.state.metropolis[1] == 17
    assert game.state.points[0] == 4 and game.state.metro_owner == [-1, 0, -1]


@rule("metropolis.points")
def test_a_metropolis_city_is_worth_four_points():
    game = ck_position(cities={0: [17, 31]}, levels={0: {"politics": 3}}, hands={0: "coin " * 4})
    play(game, "improve politics")
    assert game.pending().kind == "metropolis" and legal(game) == ["metropolis 17", "metropolis 31"]
    events = play(game, "metropolis 31")
    assert "metropolis.points" in rules_of(events) and game.state.points[0] == 6
    assert game.point_sources(0)["metropolises"] == 2 and game.pending().kind == "main"


@rule("decision.ck-metropolis-choice")
def test_with_several_cities_the_player_chooses_the_metropolis_city():
    game = ck_position(cities={0: [17, 31]}, levels={0: {"politics": 3}}, hands={0: "coin " * 4})
    play(game, "improve politics")
    assert_refused(game, "metropolis 13", "not one of your cities", "metropolis")
    events = play(game, "metropolis 17")
    assert "decision.ck-metropolis-choice" in rules_of(events)


def seat_0_reaches_trade_level_5(holder: int) -> tuple[CKGame, list[str]]:
    """Seats 0 and 1 at trade level 4 with one city each (17 and 31), the trade metropolis on ``holder``'s city; seat
    0 builds level 5. The game and the rules of the events."""
    game = ck_position(cities={0: [17], 1: [31]}, levels={0: {"trade": 4}, 1: {"trade": 4}},
                       hands={0: "cloth " * 5})
    s = game.state
    s.metropolis[2], s.metro_owner[2] = (17, 31)[holder], holder
    s.points[holder] += 2
    return game, rules_of(play(game, "improve trade"))


@rule("metropolis.takeover")
def test_reaching_level_five_before_the_holder_takes_the_metropolis():
    game, rules = seat_0_reaches_trade_level_5(holder=1)
    s = game.state
    assert "metropolis.takeover" in rules
    assert s.metropolis[2] == 17 and s.metro_owner[2] == 0 and s.points == [4, 2, 0, 0]
    sound(game)


@rule("metropolis.secure")
def test_a_holder_at_level_five_keeps_it_for_good():
    game, rules = seat_0_reaches_trade_level_5(holder=0)
    s = game.state
    assert "metropolis.secure" in rules
    s.player = 1
    s.stack[-1] = waiting(s.stack[-1].kind, 1)
    for _ in range(5):
        s.hands[1 * 8 + CARDS.index("cloth")] += 1
        s.bank[CARDS.index("cloth")] -= 1
    game.touched()
    play(game, "improve trade")
    assert s.metro_owner[2] == 0 and s.metropolis[2] == 17


@rule("metropolis.limit")
def test_a_player_may_hold_several_metropolises_one_per_city():
    game = ck_position(cities={0: [17, 31]}, levels={0: {"politics": 3, "science": 3}},
                       hands={0: "coin " * 4 + "paper " * 4})
    play(game, "improve politics", "metropolis 17")
    events = play(game, "improve science")
    assert game.state.metropolis[:2] == [17, 31] and "metropolis.limit" in rules_of(events)


@rule("metropolis.one-city")
def test_with_one_city_carrying_a_metropolis_the_other_tracks_stop_at_level_three():
    game = ck_position(cities={0: [17]}, levels={0: {"politics": 3, "science": 3}},
                       hands={0: "coin " * 4 + "paper " * 4})
    play(game, "improve politics")
    assert verbs(game, "improve") == []
    assert_refused(game, "improve science", "every city of yours carries one", "main")


def science_metropolis_held_by_player_2(**position):
    """Player 1 (one city at 17, politics and science at level 3, the coins and paper for level 4 of both) and player
    2 holding the science metropolis on their city at 31 (their science at level 4): level 4 of science brings player
    1 nothing."""
    levels = {0: {"politics": 3, "science": 3}, 1: {"science": 4}}
    game = ck_position(cities={0: [17], 1: [31]}, levels=levels, hands={0: "coin " * 4 + "paper " * 4}, **position)
    s = game.state
    s.metropolis[1], s.metro_owner[1] = 31, 1
    s.points[1] += game.design.metropolis_points
    game.touched()
    return game


@rule("metropolis.one-city")
@rule("decision.ck-level-four")
def test_an_only_city_carrying_a_metropolis_stops_the_other_tracks_at_level_three_even_without_a_metropolis_to_win():
    game = science_metropolis_held_by_player_2()
    s = game.state
    assert verbs(game, "improve") == ["improve politics", "improve science"]  # the city carries no metropolis yet
    play(game, "improve politics")
    assert s.metropolis[0] == 17 and verbs(game, "improve") == []
    refusal = assert_refused(game, "improve science", "your only city carries the politics metropolis: your other "
                             "tracks stop at level 3 until you have a city without one", "main")
    assert "would bring" not in refusal and s.levels[:3] == [4, 3, 0]
    give(game, 0, "coin " * 5)  # the politics track itself goes on to level 5: its metropolis is player 1's own
    assert verbs(game, "improve") == ["improve politics"]
    play(game, "improve politics")
    assert s.levels[:3] == [5, 3, 0] and verbs(game, "improve") == []


@rule("metropolis.one-city")
@rule("decision.ck-level-four")
def test_level_four_of_another_track_waits_for_a_city_without_a_metropolis_and_is_open_once_one_is_built():
    game = science_metropolis_held_by_player_2(settlements={0: [40]})
    s = game.state
    play(game, "improve politics")
    assert verbs(game, "improve") == []
    give(game, 0, "grain grain ore ore ore")
    play(game, "city 40")  # a second city, without a metropolis
    assert verbs(game, "improve") == ["improve science"]
    play(game, "improve science")
    assert s.levels[:3] == [4, 4, 0] and s.metro_owner == [0, 1, -1] and s.metropolis[:2] == [17, 31]
    # and a level 5 of a track whose metropolis another holds waits for a free city too, when every city carries one
    game = science_metropolis_held_by_player_2()
    s = game.state
    s.levels[1 * 3 + 1] = 5  # player 2 secured the science metropolis: level 5 brings player 1 nothing either
    s.levels[0 * 3 + 1] = 4
    game.touched()
    play(game, "improve politics")
    assert "improve science" not in verbs(game, "improve")
    assert_refused(game, "improve science", "stop at level 3 until you have a city without one", "main")
