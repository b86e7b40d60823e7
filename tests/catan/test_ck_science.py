"""Cities & Knights science cards (18 cards, 10 kinds): each effect and its refusals."""

import pytest

from games.catan.cities_knights.state import CARDS
from games.catan.state import Pending
from tests.checks import assert_refused

from .ck_scenario import (
    ck_position,
    empty_hand,
    force_dice,
    hand,
    knight_at,
    legal,
    path,
    play,
    progress_of,
    rules_of,
    sound,
    stack,
)

rule = pytest.mark.rule


@rule("progress.alchemist")
def test_the_alchemist_sets_both_production_dice_and_the_event_die_is_rolled():
    game = ck_position(cities={0: [17]}, progress={0: "alchemist"}, phase="roll")
    play(game, "play alchemist")
    assert game.pending().kind == "alchemist" and len(legal(game)) == 36
    assert_refused(game, "dice 7 1", "each die shows 1 to 6", "alchemist")
    force_dice(game, "ship", alchemy=True)
    events = play(game, "dice 6 6")  # 12: fields hex 3 next to the city at 17
    assert game.state.red == 6 and game.state.yellow == 6 and game.state.barbarian == 1
    assert "progress.alchemist" in rules_of(events) and hand(game, 0) == {"grain": 2}
    assert game.pending().kind == "main" and progress_of(game, 0) == []


@rule("progress.alchemist")
def test_the_alchemist_may_choose_a_seven():
    game = ck_position(progress={0: "alchemist"}, hands={1: "ore " * 8}, phase="roll")
    play(game, "play alchemist", "dice 3 4")
    assert game.pending().kind == "discard" and game.state.dice == 7


@rule("progress.crane")
def test_the_crane_makes_the_next_improvement_one_commodity_cheaper_and_never_stacks():
    game = ck_position(cities={0: [17]}, progress={0: "crane crane"}, hands={0: "paper"}, levels={0: {"science": 1}})
    assert "improve science" not in legal(game)
    play(game, "play crane")
    assert "play crane" not in legal(game)
    assert_refused(game, "play crane", "two never stack", "main")
    events = play(game, "improve science")
    assert "progress.crane" in rules_of(events) and hand(game, 0) == {} and game.state.levels[1] == 2
    assert not game.state.crane and "play crane" in legal(game)
    play(game, "play crane", "improve politics")  # level 1 for nothing
    assert game.state.levels[0] == 1


@rule("progress.engineer")
def test_the_engineer_builds_a_wall_free():
    game = ck_position(cities={0: [17, 31]}, walls={0: [31]}, progress={0: "engineer"})
    play(game, "play engineer")
    assert legal(game) == ["wall 17"]
    assert_refused(game, "wall 31", "without a wall", "engineer")
    events = play(game, "wall 17")
    assert "progress.engineer" in rules_of(events) and game.state.walls[0] == (1 << 17) | (1 << 31)
    game = ck_position(settlements={0: [17]}, progress={0: "engineer"})
    assert_refused(game, "play engineer", "needs a city without a wall", "main")


@rule("progress.inventor")
def test_the_inventor_swaps_two_number_tokens_but_never_2_6_8_or_12():
    game = ck_position(settlements={0: [29]}, progress={0: "inventor"}, phase="main")
    play(game, "play inventor")
    hexes = {int(h) for a in legal(game) for h in a.split()[1:]}
    numbers = game.state.numbers
    assert all(numbers[h] not in (0, 2, 6, 8, 12) for h in hexes) and len(hexes) == 12
    assert_refused(game, "swap 1 13", "hex 1 carries a 2: the Inventor never moves 2, 6, 8 or 12", "inventor")
    assert_refused(game, "swap 13 0", "write the lower hex first: swap 0 13", "inventor")
    play(game, "swap 0 13")  # mountains 10 and mountains 3
    assert game.state.numbers[0] == 3 and game.state.numbers[13] == 10
    s = game.state
    s.stack, s.rolled = [Pending("roll", s.player)], False
    force_dice(game, "ship", 5, 5)  # 10 now on hex 13, next to the settlement at 29
    play(game, "roll")
    assert hand(game, 0) == {"ore": 1}
    sound(game)


@rule("progress.irrigation")
def test_irrigation_gives_two_grain_per_fields_hex_next_to_ones_buildings():
    game = ck_position(cities={0: [17]}, settlements={0: [40]}, progress={0: "irrigation"})
    events = play(game, "play irrigation")  # fields: hex 3 (17), hexes 14 and 17 (40)
    assert hand(game, 0) == {"grain": 6} and "progress.irrigation" in rules_of(events)


@rule("progress.mining")
def test_mining_gives_two_ore_per_mountains_hex_next_to_ones_buildings():
    game = ck_position(settlements={0: [29, 20]}, progress={0: "mining"})
    play(game, "play mining")  # mountains: hex 13 (29), hex 11 (20)
    assert hand(game, 0) == {"ore": 4}
    game.state.bank[CARDS.index("ore")] = 1
    game.state.hands[CARDS.index("ore")] = 18
    game.state.progress[0] = [game.state.decks[1].pop(game.state.decks[1].index(15))]
    game.touched()
    events = play(game, "play mining")
    assert "only 1" in events[-1].text and hand(game, 0)["ore"] == 19


@rule("progress.medicine")
def test_medicine_upgrades_a_settlement_to_a_city_for_two_ore_and_a_grain():
    game = ck_position(settlements={0: [17, 31]}, progress={0: "medicine"}, hands={0: "ore ore grain"})
    play(game, "play medicine")
    assert legal(game) == ["city 17", "city 31"]
    events = play(game, "city 31")
    assert "progress.medicine" in rules_of(events) and game.state.cities[0] == 1 << 31 and hand(game, 0) == {}
    game = ck_position(settlements={0: [17]}, progress={0: "medicine"}, hands={0: "ore grain"})
    assert_refused(game, "play medicine", "2 ore \\+ 1 grain", "main")


@rule("progress.road-building")
def test_road_building_builds_two_roads_free():
    game = ck_position(cities={0: [17]}, progress={0: "road-building"})
    play(game, "play road-building")
    assert game.pending().kind == "road-building"
    events = play(game, f"road {path(17, 22)[0]}", f"road {path(22, 28)[0]}")
    assert rules_of(events).count("progress.road-building") == 2 and game.pending().kind == "main"
    assert game.state.roads_left[0] == 13 and game.state.card == -1
    game = ck_position(progress={0: "road-building"})
    assert_refused(game, "play road-building", "needs a road piece and a path", "main")


@rule("decision.road-building")
def test_road_building_ends_early_when_the_second_road_has_no_place():
    game = ck_position(cities={0: [0]}, settlements={1: [8], 2: [11]}, roads={1: path(8, 4, 0), 2: path(11, 7, 3)},
                       progress={0: "road-building"})
    play(game, "play road-building")
    assert legal(game) == [f"road {path(0, 3)[0]}"]
    events = play(game, f"road {path(0, 3)[0]}")
    assert "decision.road-building" in rules_of(events) and game.pending().kind == "main"
    sound(game)


@rule("progress.smith")
def test_the_smith_promotes_up_to_two_knights_free_mighty_still_needing_the_fortress():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28)}, progress={0: "smith"},
                       knights_={0: {22: "basic", 28: "strong active"}})
    play(game, "play smith")
    assert legal(game) == ["done", "promote 22"]  # the strong one needs the Fortress
    play(game, "promote 22")
    assert game.pending().kind == "main" and knight_at(game, 22) == (0, "strong", False)
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28)}, progress={0: "smith"},
                       knights_={0: {22: "basic", 28: "strong"}}, levels={0: {"politics": 3}})
    empty_hand(game, 0)
    play(game, "play smith", "promote 28", "promote 22")
    assert knight_at(game, 28)[1] == "mighty" and knight_at(game, 22)[1] == "strong" and hand(game, 0) == {}
    assert game.pending().kind == "main"
    game = ck_position(progress={0: "smith"})
    assert_refused(game, "play smith", "needs a knight that can be promoted", "main")
    stack(game, "smith")


@rule("progress.smith")
def test_the_smith_refuses_a_knight_for_the_promotions_own_reason_never_its_cost():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28, 33)}, progress={0: "smith"},
                       knights_={0: {22: "basic", 28: "strong", 33: "mighty"}})
    empty_hand(game, 0)
    play(game, "play smith")
    fortress = assert_refused(game, "promote 28", "only with the Fortress, politics level 3", "smith")
    mighty = assert_refused(game, "promote 33", "a mighty knight is the strongest", "smith")
    assert_refused(game, "promote 17", "you have no knight at 17", "smith")
    assert "costs" not in fortress + mighty
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28)}, progress={0: "smith"},
                       knights_={0: {22: "basic", 28: "strong"}}, levels={0: {"politics": 3}})
    empty_hand(game, 0)
    play(game, "play smith", "promote 22")
    assert_refused(game, "promote 22", "at most once per turn", "smith")


@rule("progress.inventor")
def test_the_inventor_prompt_names_the_numbers_it_never_moves():
    game = ck_position(settlements={0: [29]}, progress={0: "inventor"})
    play(game, "play inventor")
    assert game.pending().prompt.endswith("swap two number tokens, never 2, 6, 8 or 12 (Inventor)")
