"""The Income action and the council, the Joker, the reputation track's ends, running out of pieces and ignoring
effects, in the full game (``kutna_hora.game``), each from a hand-made position."""

import pytest

from games.kutna_hora.data.components import TILES

from . import scenario

rule = pytest.mark.rule



def to_pool(game, colour: str, n: int = 1) -> None:
    """Move ``n`` nobles of ``colour`` from the bank to the noble pool (as public buildings do)."""
    game.state.bank[colour] -= n
    game.state.pool[colour] += n


def fill_mine_board(game, player: int, miners: int) -> None:
    """Put ``miners`` of ``player``'s miners on mines (first empty spaces), so few or none are left."""
    s = game.state
    spaces = [i for i, cell in enumerate(s.mine) if not cell][:miners]
    for space in spaces:
        scenario.put_mine(game, player, s.mine_stack[-1], space)


# ---------------------------------------------------------------------------------------------------- Income
@rule("income.sum")
def test_income_is_the_rulebook_example_33_groschen_at_the_starting_prices():
    # 紫: silver production 3 at price 3 (9), ore 2 from a miners' building + 4 from mines at price 4 (24) = 33
    game = scenario.new_game()
    seat = game.state.seats[0]
    seat.production, seat.mine_ore = {"silver": 3, "ore": 2}, 4
    assert (game.price("silver"), game.price("ore")) == (3, 4)
    scenario.turn(game, 0)
    events = scenario.play(game, "play 4 income")
    (income,) = scenario.of_rule(events, "income.sum")
    assert income.data == {"player": 0, "income": 33}
    assert "silver 3×3 + ore 6×4 = 33" in income.text
    assert seat.groschen == 40 + 33
    scenario.sound(game)


@rule("income.sum")
def test_income_sums_production_times_price_over_every_good():
    game = scenario.new_game()
    seat = game.state.seats[1]  # scribes (permits), tavern (beer), grocers (food)
    seat.production = {"permits": 1, "beer": 2, "food": 3}
    scenario.turn(game, 1)
    scenario.play(game, "play 6 income")
    assert seat.groschen == 41 + 1 * 2 + 2 * 3 + 3 * 2  # permits 2, beer 3, food 2


@rule("income.sum")
def test_income_is_read_at_the_current_prices():
    game = scenario.new_game()
    seat = game.state.seats[0]
    seat.production, seat.mine_ore = {"silver": 3, "ore": 2}, 4
    game.state.stands.sliders["silver"] = 1  # a silver building was built: silver 3 → 2, ore 4 → 5
    assert (game.price("silver"), game.price("ore")) == (2, 5)
    scenario.turn(game, 0)
    scenario.play(game, "play 4 income")
    assert seat.groschen == 40 + 3 * 2 + 6 * 5


@rule("income.sum")
def test_income_without_production_gives_nothing():
    game = scenario.new_game()
    scenario.turn(game, 0)
    events = scenario.play(game, "play 4 income")
    (income,) = scenario.of_rule(events, "income.sum")
    assert income.data["income"] == 0 and "no production yet" in income.text
    assert game.state.seats[0].groschen == 40


@rule("income.ore-same-good")
def test_ore_from_a_mine_and_ore_from_buildings_are_paid_as_one_good():
    game = scenario.new_game()
    seat = game.state.seats[0]
    seat.production = {"ore": 2}  # a miners' building
    scenario.stack_mine_tiles(game, "i-2")  # ore 1
    scenario.turn(game, 0, plays=2)
    scenario.play(game, "play 1 mine", "mine i-2 1")  # the entrance: 2 wood × 2 groschen
    assert seat.mine_ore == 1 and seat.production == {"ore": 2}  # tracked apart
    events = scenario.play(game, "play 4 income")
    (income,) = scenario.of_rule(events, "income.sum")
    assert "ore 3×4 = 12" in income.text and income.data["income"] == 12
    assert game.income_of(0) == 12
    assert seat.groschen == 40 - 4 + 12


# ---------------------------------------------------------------------------------------------------- council
@rule("income.council")
def test_after_income_a_player_may_pay_10_to_move_a_pool_noble_to_the_council():
    game = scenario.new_game()
    to_pool(game, "green")
    scenario.turn(game, 0)
    scenario.play(game, "play 4 income")
    assert game.pending().kind == "council" and scenario.legal(game) == ["council green", "pass"]
    events = scenario.play(game, "council green")
    assert scenario.rules_of(events) == ["income.council"]
    s = game.state
    assert s.seats[0].groschen == 30
    assert (s.bank["green"], s.pool["green"], s.council["green"]) == (2, 0, 1)
    scenario.sound(game)


@rule("income.council")
def test_only_one_noble_per_income_goes_to_the_council():
    game = scenario.new_game()
    to_pool(game, "green", 2)
    to_pool(game, "silver")
    scenario.turn(game, 0)
    scenario.play(game, "play 4 income")
    assert scenario.legal(game) == ["council green", "council silver", "pass"]
    scenario.play(game, "council green")
    assert game.pending().kind == "play" and game.pending().player == 1  # no second council step
    assert game.state.pool == {"green": 1, "silver": 1, "yellow": 0, "red": 0}
    assert game.state.council["green"] == 1 and game.state.seats[0].groschen == 30


@rule("income.council")
def test_only_nobles_in_the_pool_can_enter_the_council_not_those_in_the_bank():
    game = scenario.new_game()
    scenario.turn(game, 0)
    scenario.play(game, "play 4 income")  # 12 nobles in the bank, none in the pool
    assert game.pending().kind == "play" and game.state.council == dict.fromkeys(game.state.council, 0)
    game = scenario.new_game()
    to_pool(game, "yellow")
    scenario.turn(game, 0)
    scenario.play(game, "play 4 income")
    assert scenario.legal(game) == ["council yellow", "pass"]


@rule("income.council")
def test_a_player_with_less_than_10_groschen_after_income_cannot_add_a_noble():
    game = scenario.new_game()
    to_pool(game, "red")
    seat = game.state.seats[0]
    seat.groschen, seat.production = 5, {"silver": 1}  # 5 + 3 = 8 after income
    scenario.turn(game, 0)
    scenario.play(game, "play 4 income")
    assert seat.groschen == 8 and game.pending().kind == "play" and game.state.pool["red"] == 1
    seat.production = {"silver": 2}
    scenario.turn(game, 0)
    scenario.play(game, "play 6 income")  # 8 + 6 = 14: now it can
    assert scenario.legal(game) == ["council red", "pass"]


@rule("income.council")
@rule("ignore.effect")
def test_the_council_step_may_be_passed():
    game = scenario.new_game()
    to_pool(game, "green")
    scenario.turn(game, 0)
    events = scenario.play(game, "play 4 income", "pass")
    assert "ignore.effect" in scenario.rules_of(events)
    assert game.state.pool["green"] == 1 and game.state.seats[0].groschen == 40


# ---------------------------------------------------------------------------------------------------- Joker
@rule("joker.any")
def test_the_joker_takes_any_other_action_that_is_possible():
    game = scenario.new_game()
    seat = game.state.seats[0]
    seat.pelicans = 1
    scenario.give_tile(game, 0, "builders-1")
    scenario.put_marker(game, 0, 12)
    scenario.turn(game, 0)
    jokers = [a for a in scenario.legal(game) if a.startswith("joker")]
    assert jokers == ["joker 2 barbara", "joker 2 build", "joker 2 income", "joker 2 mine", "joker 2 plot",
                      "joker 2 rights"]
    scenario.refuses(game, "joker 2 joker", "a joker takes another action")


@rule("joker.any")
def test_the_joker_offers_only_actions_that_can_be_taken():
    game = scenario.new_game()  # no pelican, no held tile
    scenario.turn(game, 0)
    assert [a for a in scenario.legal(game) if a.startswith("joker")] == ["joker 2 income", "joker 2 mine",
                                                                  "joker 2 plot", "joker 2 rights"]


@rule("joker.any")
@rule("joker.cost")
def test_the_joker_played_as_income_gives_income_and_costs_1_reputation():
    game = scenario.new_game()
    seat = game.state.seats[0]
    seat.production = {"silver": 3}
    scenario.turn(game, 0)
    events = scenario.play(game, "joker 2 income")
    assert scenario.rules_of(events) == ["joker.any", "joker.cost", "income.sum"]
    assert seat.reputation == 1 and seat.groschen == 49 and 2 not in seat.cards
    assert scenario.of_rule(events, "joker.cost")[0].data["reputation"] == -1


def joker_at(reputation: int, action: str):
    """Player 1, at ``reputation``, plays card 2's joker as ``action`` and passes the action's choice; returns the game
    and the events."""
    game = scenario.new_game()
    game.state.seats[0].reputation = reputation
    scenario.turn(game, 0)
    return game, scenario.play(game, f"joker 2 {action}", "pass")


@rule("joker.cost")
def test_the_joker_costs_1_reputation_up_to_reputation_5():
    for start in (1, 5):
        game, _ = joker_at(start, "plot")
        assert game.state.seats[0].reputation == start - 1


@rule("joker.free")
def test_at_reputation_6_or_more_the_joker_is_free():
    for start in (6, 8):
        game, events = joker_at(start, "rights")
        assert "joker.free" in scenario.rules_of(events) and "joker.cost" not in scenario.rules_of(events)
        assert game.state.seats[0].reputation == start
    assert scenario.new_game().joker_cost(0) == 1


# ---------------------------------------------------------------------------------------------------- reputation
@rule("reputation.beyond")
def test_each_step_past_the_top_of_the_track_is_2_points_instead():
    game = scenario.new_game()
    seat = game.state.seats[0]
    seat.reputation, seat.pelicans = 8, 1  # the top; St. Barbara tile 1 gives +2
    scenario.turn(game, 0)
    events = scenario.play(game, "play 6 barbara")
    (beyond,) = scenario.of_rule(events, "reputation.beyond")
    assert beyond.data["points"] == 4 and seat.score == 4 and seat.reputation == 8
    game = scenario.new_game()
    seat = game.state.seats[0]
    seat.reputation, seat.pelicans = 7, 1  # one step fits, one is past the end
    scenario.turn(game, 0)
    scenario.play(game, "play 6 barbara")
    assert seat.reputation == 8 and seat.score == 2
    scenario.sound(game)


@rule("reputation.beyond")
def test_each_step_past_the_bottom_of_the_track_costs_2_points():
    game = scenario.new_game()
    seat = game.state.seats[0]
    seat.reputation = 0
    scenario.turn(game, 0)
    events = scenario.play(game, "joker 2 income")  # the joker's 1 reputation cannot be paid from 0
    (beyond,) = scenario.of_rule(events, "reputation.beyond")
    assert beyond.data == {"player": 0, "points": -2} and seat.score == -2 and seat.reputation == 0
    game = scenario.new_game()
    seat = game.state.seats[0]
    seat.reputation, seat.pelicans = 1, 1
    game.state.barbara = 4  # tile 5: reputation -2 from 1 is one step past the bottom
    scenario.turn(game, 0)
    scenario.play(game, "play 6 barbara")
    assert seat.reputation == 0 and seat.score == -2


# ---------------------------------------------------------------------------------------------------- pieces
@rule("pieces.out")
def test_without_a_miner_the_mine_action_cannot_be_taken_and_st_barbara_9_has_no_effect():
    game = scenario.new_game()
    fill_mine_board(game, 0, 9)  # all 9 miners on mines
    seat = game.state.seats[0]
    assert (seat.pool, seat.reserve) == (0, 0)
    scenario.turn(game, 0)
    assert "play 1 mine" not in scenario.legal(game) and "joker 2 mine" not in scenario.legal(game)
    assert "you have no miners left" in game.explain("play 1 mine")
    seat.pelicans = 1
    game.state.barbara = 8
    board = list(game.state.mine)
    events = scenario.play(game, "play 6 barbara")  # tile 9: two Mine actions
    assert scenario.rules_of(events).count("pieces.out") == 2 and game.state.mine == board and seat.groschen == 40
    assert game.pending().player == 1
    scenario.sound(game)


@rule("pieces.out")
def test_with_one_miner_left_st_barbara_9_builds_one_mine_and_the_second_has_no_effect():
    game = scenario.new_game()
    fill_mine_board(game, 0, 8)
    seat = game.state.seats[0]
    seat.pelicans, game.state.barbara = 1, 8
    scenario.turn(game, 0)
    scenario.play(game, "play 6 barbara")
    space = next(a for a in scenario.legal(game) if a.startswith("mine"))
    events = scenario.play(game, space)
    assert "pieces.out" in scenario.rules_of(events) and (seat.pool, seat.reserve) == (0, 0)
    assert sum(1 for o in game.state.mine_owner if o == 0) == 9


@rule("pieces.out")
def test_without_a_free_house_in_a_guild_row_that_guild_cannot_be_built():
    game = scenario.new_game()
    for tile, plot in (("builders-1", 0), ("builders-2", 2), ("builders-3", 4)):
        scenario.put_building(game, 0, tile, plot)
    seat = game.state.seats[0]
    seat.houses_taken[2] += 1  # the 4th builders' house was removed by St. Barbara 3
    seat.houses_removed += 1
    scenario.give_tile(game, 0, "builders-4")
    scenario.give_tile(game, 0, "metallurgists-1")
    scenario.put_marker(game, 0, 20)
    scenario.sound(game)
    scenario.turn(game, 0)
    scenario.play(game, "play 3 build")
    assert scenario.legal(game) == ["build metallurgists-1 20", "pass"]
    assert "no house is left in your builders row" in game.explain("build builders-4 20")


@rule("pieces.out")
def test_with_all_3_plot_markers_in_town_the_plot_action_cannot_be_taken():
    game = scenario.new_game()
    for plot in (0, 6, 12):
        scenario.put_marker(game, 0, plot)
    scenario.turn(game, 0)
    assert not [a for a in scenario.legal(game) if a.endswith(" plot")]
    assert "all 3 of your plot markers are in town" in game.explain("play 1 plot")


@rule("pieces.nobles")
def test_a_public_building_whose_colour_has_no_noble_left_in_the_bank_adds_none_but_keeps_its_bonus():
    game = scenario.new_game()
    to_pool(game, "green", 3)
    tile = scenario.give_tile(game, 0, "public-green")
    scenario.put_marker(game, 0, 12)
    scenario.turn(game, 0)
    events = scenario.play(game, "play 3 build", f"build {tile} 12")
    assert "pieces.nobles" in scenario.rules_of(events) and "public.noble" not in scenario.rules_of(events)
    assert game.state.pool["green"] == 3 and game.state.bank["green"] == 0
    assert scenario.of_rule(events, "public.bonus")[0].data["points"] == 3 and game.state.seats[0].score == 3
    scenario.sound(game)


@rule("pieces.nobles")
def test_st_barbara_6_with_an_empty_bank_gives_its_2_points_and_no_noble():
    game = scenario.new_game()
    for colour in ("green", "silver", "yellow", "red"):
        to_pool(game, colour, 3)
    seat = game.state.seats[0]
    seat.pelicans, game.state.barbara = 1, 5
    scenario.turn(game, 0)
    events = scenario.play(game, "play 6 barbara")
    assert seat.score == 2 and game.pending().player == 1 and "barbara.6" in scenario.rules_of(events)
    assert sum(game.state.council.values()) == 0


@rule("pieces.unlimited")
def test_pelicans_and_groschen_have_no_limit():
    game = scenario.new_game()
    seat = game.state.seats[0]
    seat.pelicans, seat.groschen = 40, 10_000
    seat.production = {"silver": 3, "ore": 2}
    seat.mine_ore = 4
    tile = scenario.give_tile(game, 0, "public-silver")  # bonus: 2 pelicans
    scenario.put_marker(game, 0, 12)
    scenario.turn(game, 0, plays=2)
    scenario.play(game, "play 3 build", f"build {tile} 12")
    assert seat.pelicans == 42
    scenario.play(game, "play 4 income")
    assert seat.groschen == 10_000 - TILES[tile].wood * 2 + 33
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- ignoring
@rule("ignore.action")
def test_any_card_may_be_played_for_no_effect():
    game = scenario.new_game()
    scenario.turn(game, 0, plays=2)
    before = game.state.seats[0].to_dict()
    events = scenario.play(game, "idle 4")
    assert scenario.rules_of(events) == ["ignore.action"] and events[0].data == {"player": 0, "card": 4}
    after = game.state.seats[0].to_dict()
    assert after.pop("cards") == [1, 2, 3, 5, 6]
    before.pop("cards")
    assert after == before and game.state.plays_left == 1 and game.pending().player == 0


@rule("ignore.action")
def test_a_card_may_be_played_idle_even_when_neither_of_its_actions_is_possible():
    game = scenario.new_game()
    scenario.turn(game, 0)
    assert "play 6 barbara" not in scenario.legal(game) and "idle 6" in scenario.legal(game)  # no pelican
    assert [a for a in scenario.legal(game) if a.startswith("idle")] == [f"idle {c}" for c in range(1, 7)]


@rule("ignore.effect")
def test_a_houses_free_public_rights_may_be_ignored_and_the_rest_of_the_build_still_happens():
    game = scenario.new_game()
    scenario.put_building(game, 1, "tavern-1", 0)
    scenario.put_building(game, 1, "tavern-2", 2)  # the next tavern house uncovers the free public Rights
    scenario.give_tile(game, 1, "tavern-3")
    scenario.put_marker(game, 1, 12)
    scenario.turn(game, 1)
    scenario.play(game, "play 3 build", "build tavern-3 12")
    assert game.pending().kind == "rights" and "pass" in scenario.legal(game)
    assert all(a == "pass" or a.split()[1].split("-")[0] in ("green", "silver", "yellow") for a in scenario.legal(game))
    events = scenario.play(game, "pass")
    assert scenario.rules_of(events) == ["ignore.effect"]
    seat = game.state.seats[1]
    assert seat.held == [] and seat.production == {"beer": 2} and game.state.tax == 1
    assert seat.houses_taken == [0, 3, 0]
    scenario.sound(game)
