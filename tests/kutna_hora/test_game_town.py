"""Rights, Plot and Build in the full game (独占権アクション, 区画アクション, 建物アクション), guild and public
buildings (ギルド建物, 公共建物), and the price rules as buildings and decks move them inside a game.

Positions are first games for 2 players: player 1 belongs to the metallurgists, miners and builders (rows 1-3 of
the board), player 2 to the scribes, tavern and grocers. At the start wood costs 2, a permit 2, silver 3, ore 4;
the town is 5 × 5 plots, numbered row by row from 0.
"""

import pytest

from games.core import IllegalAction
from games.kutna_hora import mines, town_hall
from games.kutna_hora.plot_action import plot_refusal
from games.kutna_hora.town_hall import Stack

from . import scenario

rule = pytest.mark.rule



def red_nobles_arrive(game) -> None:
    """The red public buildings enter as at the end of the red round: one at the right end of each row."""
    s = game.state
    for row, tile in zip(s.hall.rows, sorted(s.red_track), strict=True):
        row.append(Stack("public", "red", (tile,)))
    s.red_track = []


# ---------------------------------------------------------------- Rights


@rule("rights.top-only")
@rule("rights.own-guilds")
@rule("rights.public-open")
def test_rights_offer_the_top_tile_of_each_own_guild_stack_and_of_every_public_stack():
    game = scenario.new_game(2)
    tops = {name: scenario.top_of(game, name) for name in ("metallurgists", "miners", "builders", "green", "silver",
                                                  "yellow", "scribes", "tavern", "grocers")}
    scenario.play(game, "play 4 rights")
    own = sorted(f"rights {tops[n]}" for n in ("metallurgists", "miners", "builders", "green", "silver", "yellow"))
    assert scenario.legal(game) == ["pass", *own]
    scenario.turn(game, 1)
    scenario.play(game, "play 4 rights")
    theirs = sorted(f"rights {tops[n]}" for n in ("scribes", "tavern", "grocers", "green", "silver", "yellow"))
    assert scenario.legal(game) == ["pass", *theirs]


@rule("rights.top-only")
def test_a_tile_under_the_top_of_its_stack_cannot_be_taken():
    game = scenario.new_game(2)
    builders = game.state.hall.rows[2][0]
    assert builders.name == "builders"
    under = builders.tiles[-2]
    scenario.play(game, "play 4 rights")
    scenario.refuses(game, f"rights {under}",
                     f"{under} is not the top tile of a stack in the town hall: only top tiles may be "
            "taken.")
    scenario.play(game, f"rights {builders.tiles[-1]}")
    scenario.turn(game, 0)
    scenario.play(game, "play 5 rights")
    assert scenario.has(game, f"rights {under}")  # now it is on top


@rule("rights.own-guilds")
def test_no_rights_to_a_guild_building_of_a_guild_you_do_not_belong_to():
    game = scenario.new_game(2)
    scribes = scenario.top_of(game, "scribes")  # column 1 of row 1, the cheapest tile on the board
    scenario.play(game, "play 4 rights")
    scenario.refuses(game, f"rights {scribes}",
                     f"{scribes} is a scribes building, and you do not belong to the scribes guild.")


@rule("rights.public-open")
def test_both_players_may_take_public_buildings():
    game = scenario.new_game(2)
    green = scenario.top_of(game, "green")
    scenario.play(game, "play 4 rights", f"rights {green}")
    assert game.state.seats[0].held == [green]
    second_green = scenario.top_of(game, "green")
    scenario.turn(game, 1)
    scenario.play(game, "play 4 rights", f"rights {second_green}")
    assert game.state.seats[1].held == [second_green]


@rule("rights.cost")
def test_rights_cost_one_groschen_in_the_first_column_and_one_two_or_three_permits_after():
    game = scenario.new_game(2)
    game.stands.ore = 12  # a permit costs 4
    red_nobles_arrive(game)
    hall = game.state.hall
    assert [st.name for st in hall.rows[2]] == ["builders", "grocers", "yellow", "red"]
    scenario.play(game, "play 4 rights")
    options = game.rights_options(0, False, False)
    assert options[scenario.top_of(game, "builders")][1:] == (0, 1)  # column 1: 1 groschen, not a permit
    assert options[scenario.top_of(game, "metallurgists")][1:] == (1, 4)  # 1 permit
    assert options[scenario.top_of(game, "silver")][1:] == (2, 8)  # 2 permits
    assert {options[hall.rows[r][3].tiles[0]][1:] for r in range(3)} == {(3, 12)}  # 3 permits
    red = hall.rows[0][3].tiles[0]
    events = scenario.play(game, f"rights {red}")
    cost = scenario.of_rule(events, "rights.cost")[0]
    assert cost.data == {"player": 0, "tile": red, "groschen": 12}
    assert "3 permits at 4 = 12 groschen" in cost.text
    assert game.state.seats[0].groschen == 28
    scenario.sound(game)


@rule("rights.cost")
def test_a_tile_in_the_first_column_costs_one_groschen():
    game = scenario.new_game(2)
    builders = scenario.top_of(game, "builders")
    events = scenario.play(game, "play 4 rights", f"rights {builders}")
    assert scenario.of_rule(events, "rights.cost")[0].data["groschen"] == 1
    assert game.state.seats[0].groschen == 39 and game.state.seats[0].held == [builders]


@rule("rights.cost")
def test_rights_too_dear_for_the_purse_are_not_offered():
    game = scenario.new_game(2)
    game.state.seats[0].groschen = 3  # enough for 1 groschen or 1 permit (2), not 2 permits (4)
    scenario.play(game, "play 4 rights")
    assert scenario.legal(game) == ["pass", f"rights {scenario.top_of(game, 'builders')}",
                                    f"rights {scenario.top_of(game, 'metallurgists')}",
                           f"rights {scenario.top_of(game, 'miners')}"]


@rule("rights.stack-to-end")
def test_the_stack_a_tile_was_taken_from_moves_to_the_end_of_its_row():
    game = scenario.new_game(2)
    row = game.state.hall.rows[2]
    assert [st.name for st in row] == ["builders", "grocers", "yellow"]
    events = scenario.play(game, "play 4 rights", f"rights {scenario.top_of(game, 'builders')}")
    assert [st.name for st in game.state.hall.rows[2]] == ["grocers", "yellow", "builders"]
    assert "The builders stack moves to the end of row 3" in scenario.of_rule(events, "rights.stack-to-end")[0].text
    # the grocers and yellow stacks each moved one column left, so their prices fell
    scenario.turn(game, 1)
    scenario.play(game, "play 4 rights")
    assert game.rights_options(1, False, False)[scenario.top_of(game, "grocers")][2] == 1


@rule("rights.red-column")
def test_stacks_shift_left_so_the_three_permit_column_stays_empty_until_the_red_nobles_arrive():
    game = scenario.new_game(2)
    for p, card, name in ((0, 4, "builders"), (1, 4, "grocers"), (0, 5, "metallurgists"), (1, 5, "silver")):
        scenario.turn(game, p)
        scenario.play(game, f"play {card} rights", f"rights {scenario.top_of(game, name)}")
        assert town_hall.find(game.state.hall, name)[1] == 2  # moved to the end, the others shifted left
        assert [len(row) for row in game.state.hall.rows] == [3, 3, 3]
    for p in (0, 1):
        assert {c for _, c, _ in game.rights_options(p, False, False).values()} <= {0, 1, 2}
    red_nobles_arrive(game)
    red = {t: (c, cost) for t, (_, c, cost) in game.rights_options(1, False, False).items() if t.startswith("red")}
    assert red == {"red-1": (3, 6), "red-2": (3, 6), "red-3": (3, 6)}  # 3 permits at 2


@rule("rights.slots")
def test_a_taken_tile_goes_into_a_free_slot_and_with_three_held_rights_cannot_be_taken():
    game = scenario.new_game(2)
    scenario.give_tile(game, 0, "public-green")
    scenario.give_tile(game, 0, "public-silver")
    scenario.play(game, "play 4 rights", f"rights {scenario.top_of(game, 'builders')}")
    assert len(game.state.seats[0].held) == 3
    assert not scenario.has(game, "joker 2 rights")
    scenario.refuses(game, "play 5 rights", "all 3 slots on your board are full")
    assert game.rights_options(0, True, False) == {}


# ---------------------------------------------------------------- Plot


@rule("plot.first")
def test_with_no_building_in_town_any_empty_plot_costs_five():
    game = scenario.new_game(2)
    scenario.play(game, "play 1 plot")
    assert scenario.legal(game) == ["pass"] + [f"plot {i}" for i in range(25)]
    assert set(game.plot_options(0, False, False).values()) == {5}
    events = scenario.play(game, "plot 18")
    assert scenario.of_rule(events, "plot.cost")[0].data == {"player": 0, "plot": 18, "groschen": 5}
    assert game.state.seats[0].groschen == 35 and game.state.markers[18] == 0
    scenario.sound(game)


@rule("plot.cost")
def test_otherwise_only_plots_next_to_a_building_are_sold_at_the_highest_adjacent_plot_value():
    game = scenario.new_game(2)
    scenario.put_building(game, 1, "scribes-1", 12)  # plot value 3
    scenario.put_building(game, -1, "green-1", 14)  # plot value 5
    scenario.play(game, "play 1 plot")
    assert game.plot_options(0, False, False) == {7: 3, 11: 3, 17: 3, 13: 5, 9: 5, 19: 5}
    scenario.refuses(game, "plot 0", "plot 0 is not next to a building")
    events = scenario.play(game, "plot 13")  # next to both: 5, not 3 + 5
    assert scenario.of_rule(events, "plot.cost")[0].data["groschen"] == 5
    assert game.state.seats[0].groschen == 35


@rule("plot.cost")
def test_a_plot_next_to_a_cheap_building_costs_its_plot_value():
    game = scenario.new_game(2)
    scenario.put_building(game, 1, "scribes-1", 12)
    scenario.play(game, "play 1 plot", "plot 7")
    assert game.state.seats[0].groschen == 37


@rule("plot.cost")
@rule("plot.max")
def test_a_refused_plot_names_the_one_reason_it_is_not_for_sale():
    game = scenario.new_game(2)
    scenario.put_building(game, 1, "scribes-1", 12)  # plot value 3: plots 7, 11, 13 and 17 are for sale
    scenario.put_marker(game, 1, 7)
    game.state.seats[0].groschen = 2
    scenario.play(game, "play 1 plot")
    assert game.plot_options(0, False, False) == {}
    said = {space: game.explain(f"plot {space}") for space in (7, 12, 0, 11, 25)}
    assert said == {7: "plot 7 is taken: Player 2's plot marker stands on it.",
                    12: "plot 12 is taken: the building scribes-1 stands on it.",
                    0: "plot 0 is not next to a building: while an empty plot next to a building is left, only those "
                       "may be bought.",
                    11: "plot 11 costs 3 groschen and you have 2.",
                    25: "there is no plot 25; the town's plots are numbered 0 to 24."}
    assert not any(", or " in sentence for sentence in said.values())
    scenario.refuses(game, "plot 7", "Player 2's plot marker")
    game = scenario.new_game(2)
    for plot in (0, 1, 2):
        scenario.put_marker(game, 0, plot)
    assert plot_refusal(game, 0, True, True, 10) == ("all your 3 plot markers are in town: build on one of your plots "
                                                      "first.")


@rule("plot.all-taken")
def test_when_every_plot_next_to_a_building_is_taken_any_empty_plot_costs_five_again():
    game = scenario.new_game(2)
    scenario.put_building(game, 1, "scribes-1", 0)  # a corner: neighbours 1 and 5
    scenario.put_marker(game, 1, 1)
    scenario.put_marker(game, 1, 5)
    scenario.play(game, "play 1 plot")
    options = game.plot_options(0, False, False)
    assert len(options) == 22 and set(options.values()) == {5}
    scenario.play(game, "plot 24")
    assert game.state.seats[0].groschen == 35


@rule("plot.reputation")
def test_at_reputation_three_or_more_a_plot_costs_one_groschen():
    game = scenario.new_game(2)
    scenario.put_building(game, -1, "green-1", 12)
    game.state.seats[0].reputation = 3
    scenario.play(game, "play 1 plot")
    assert set(game.plot_options(0, False, False).values()) == {1}
    events = scenario.play(game, "plot 13")
    assert scenario.of_rule(events, "plot.reputation")[0].data == {"player": 0, "plot": 13, "groschen": 1}
    assert game.state.seats[0].groschen == 39
    game.state.seats[1].reputation = 2
    scenario.turn(game, 1)
    scenario.play(game, "play 1 plot")
    assert game.plot_options(1, False, False)[11] == 5


@rule("plot.max")
def test_a_player_has_at_most_three_plots_at_a_time():
    game = scenario.new_game(2)
    for plot in (0, 1):
        scenario.put_marker(game, 0, plot)
    scenario.play(game, "play 1 plot", "plot 2")
    assert game.state.markers.count(0) == 3
    assert not scenario.has(game, "joker 2 plot")
    scenario.refuses(game, "play 3 plot", "all 3 of your plot markers are in town")
    assert game.plot_options(0, True, True) == {}


# ---------------------------------------------------------------- Build


@rule("build.pay-wood")
def test_a_building_costs_its_wood_at_the_current_wood_price():
    game, tile = scenario.ready_to_build("builders-1")  # 2 wood
    scenario.play(game, "play 3 build")
    assert scenario.legal(game) == ["build builders-1 12", "pass"]
    events = scenario.play(game, "build builders-1 12")
    assert scenario.of_rule(events, "build.pay-wood")[0].data == {"player": 0, "tile": "builders-1", "plot": 12,
                                                        "groschen": 4}
    assert game.state.seats[0].groschen == 36
    dear, _ = scenario.ready_to_build("metallurgists-3")  # 3 wood at 4 each
    dear.stands.population = 16
    scenario.build(dear, "metallurgists-3")
    assert dear.state.seats[0].groschen == 40 - 12


@rule("build.pay-wood")
def test_a_building_the_purse_cannot_pay_for_is_not_offered():
    game, _ = scenario.ready_to_build("builders-4")  # 4 wood = 8 groschen
    game.state.seats[0].groschen = 7
    scenario.play(game, "play 3 build")
    assert scenario.legal(game) == ["pass"]
    scenario.refuses(game, "build builders-4 12", "builders-4 costs 4 wood × 2; you have 7")


@rule("build.marker")
def test_the_plot_marker_returns_and_the_building_stands_on_the_plot():
    game, _ = scenario.ready_to_build("builders-1", plot=6)
    scenario.put_marker(game, 0, 20)
    events = scenario.build(game, "builders-1", 6)
    assert scenario.of_rule(events, "build.marker")[0].text == "Player 1's plot marker on plot 6 returns to the board."
    s = game.state
    assert (s.markers[6], s.town[6], s.town_owner[6]) == (-1, "builders-1", 0)
    assert s.markers.count(0) == 1 and s.seats[0].held == []
    with pytest.raises(IllegalAction):
        game.apply("build builders-1 20")
    scenario.sound(game)


@rule("build.tax")
def test_a_tax_icon_raises_the_tax_by_its_amount():
    game, _ = scenario.ready_to_build("metallurgists-3")  # tax +1
    events = scenario.build(game, "metallurgists-3")
    assert scenario.of_rule(events, "build.tax")[0].data == {"tax": 1} and game.state.tax == 1
    game, _ = scenario.ready_to_build("metallurgists-1")
    assert "build.tax" not in scenario.rules_of(scenario.build(game, "metallurgists-1")) and game.state.tax == 0


@rule("build.flip-barbara")
@rule("barbara.flip-tax")
def test_the_st_barbara_icon_turns_the_current_tile_and_raises_the_tax_by_its_icon():
    game, _ = scenario.ready_to_build("builders-4")
    events = scenario.build(game, "builders-4")
    assert scenario.of_rule(events, "build.flip-barbara")[0].data == {"tile": 1}
    assert scenario.of_rule(events, "barbara.flip-tax")[0].data == {"tax": 1}
    s = game.state
    assert (s.barbara, s.tax) == (1, 1) and s.seats[0].reputation == 2 and game.scores() == (1, 0)  # house only


@rule("barbara.flip-tax")
def test_a_flipped_tile_from_the_middle_row_raises_the_tax_by_two():
    game, _ = scenario.ready_to_build("builders-4")
    game.state.barbara, game.state.tax = 5, 4
    events = scenario.build(game, "builders-4")
    assert scenario.of_rule(events, "build.flip-barbara")[0].data == {"tile": 6}
    assert "Tax +2 (the tax icon on tile 6): 4 → 6." in [e.text for e in events]
    assert game.state.tax == 6


@rule("barbara.flip-none")
def test_with_all_eleven_tiles_done_flipping_has_no_effect():
    game, _ = scenario.ready_to_build("builders-4")
    game.state.barbara, game.state.tax = 11, 7
    events = scenario.build(game, "builders-4")
    assert "barbara.flip-none" in scenario.rules_of(events) and "barbara.flip-tax" not in scenario.rules_of(events)
    assert (game.state.barbara, game.state.tax) == (11, 7)


@rule("build.production")
def test_a_guild_building_raises_its_goods_production():
    game, _ = scenario.ready_to_build("metallurgists-3")  # silver +2
    events = scenario.build(game, "metallurgists-3")
    assert "silver production rises by 2 to 2" in scenario.of_rule(events, "build.production")[0].text
    assert game.state.seats[0].production == {"silver": 2}
    assert game.income_of(0) == 2 * game.price("silver") == 4


@rule("build.population")
def test_a_buildings_population_icon_advances_the_population_deck():
    game, _ = scenario.ready_to_build("builders-1")  # population +1
    events = scenario.build(game, "builders-1")
    assert "build.population" in scenario.rules_of(events) and game.stands.population == 1
    game, green = scenario.ready_to_build("public-green")  # population +2
    scenario.build(game, green)
    assert game.stands.population == 2


@rule("guild.production-over-10")
def test_production_may_exceed_ten():
    game, _ = scenario.ready_to_build("metallurgists-3")
    game.state.seats[0].production["silver"] = 10
    scenario.build(game, "metallurgists-3")
    assert game.state.seats[0].production == {"silver": 12}
    scenario.turn(game, 0)
    events = scenario.play(game, "play 4 income")
    assert scenario.of_rule(events, "income.sum")[0].data["income"] == 12 * 2
    assert game.state.seats[0].groschen == 40 - 6 + 24


# ---------------------------------------------------------------- technology


@rule("guild.technology")
def test_a_miners_building_plays_the_top_technology_tile_as_a_free_mine_with_a_reserve_miner():
    game, _ = scenario.ready_to_build("miners-1")
    scenario.build(game, "miners-1")
    d = game.pending()
    assert (d.kind, d.player) == ("tech", 0)
    assert scenario.legal(game) == ["tech 1", "tech 4", "tech-remove"]  # an empty board: the two entrances
    events = scenario.play(game, "tech 4")
    assert scenario.of_rule(events, "guild.technology")[0].text == "Player 1 plays technology tile t-1 as a free mine."
    s = game.state
    assert (s.mine[4], s.mine_owner[4]) == ("t-1", 0)
    assert (s.seats[0].pool, s.seats[0].reserve) == (1, 7)  # from the reserve, the pool untouched
    assert s.seats[0].groschen == 40 - 4  # the building's wood only
    assert s.seats[0].mine_ore == 1 and game.stands.ore == 2  # building +1 and tile +1
    scenario.sound(game)


@rule("guild.technology")
def test_the_technology_tile_takes_the_pool_miner_only_when_the_reserve_is_empty():
    game, _ = scenario.ready_to_build("miners-1")
    spaces = [i for i, cell in enumerate(game.state.mine) if not cell and i not in mines.ENTRANCE_SPACES][:8]
    for space, tile in zip(spaces, game.state.mine_stack[-8:], strict=True):
        scenario.put_mine(game, 0, tile, space)
    assert (game.state.seats[0].pool, game.state.seats[0].reserve) == (1, 0)
    scenario.build(game, "miners-1")
    open_now = mines.open_spaces(game.state.mine)
    # wherever a mine may go
    assert sorted(scenario.legal(game)) == sorted(["tech-remove"] + [f"tech {i}" for i in open_now])
    assert len(open_now) > 2
    scenario.play(game, "tech 1")
    assert game.state.seats[0].pool == 0 and game.state.mine[1] == "t-1"


@rule("guild.technology-take")
def test_taking_a_technology_tile_raises_everyones_mining_technology():
    game, _ = scenario.ready_to_build("miners-1")
    events = scenario.build(game, "miners-1")
    assert "everyone now draws 2 mine tiles" in scenario.of_rule(events, "guild.technology-take")[0].text
    scenario.play(game, "tech 1")
    assert game.observe()["technology"] == 2
    scenario.turn(game, 1)
    scenario.play(game, "play 1 mine")
    assert len(game.state.mine_drawn) == 2  # the other player draws 2 as well


@rule("guild.technology-none")
def test_with_no_technology_tile_left_the_icon_has_no_effect():
    game, _ = scenario.ready_to_build("miners-1")
    s = game.state
    s.tech_removed, s.tech_stack = list(reversed(s.tech_stack)), []
    events = scenario.build(game, "miners-1")
    assert "guild.technology-none" in scenario.rules_of(events)
    assert game.pending().kind == "play" and game.observe()["technology"] == 5


@rule("guild.technology-none")
def test_only_miners_buildings_raise_the_technology_level():
    game, _ = scenario.ready_to_build("metallurgists-4")
    scenario.build(game, "metallurgists-4")
    assert game.observe()["technology"] == 1 and len(game.state.tech_stack) == 4


# ---------------------------------------------------------------- public buildings


@rule("public.no-house")
def test_a_public_building_takes_no_house_has_no_owner_and_produces_nothing():
    game, green = scenario.ready_to_build("public-green")
    events = scenario.build(game, green)
    assert "public.no-house" in scenario.rules_of(events) and "build.house" not in scenario.rules_of(events)
    s = game.state
    assert s.town[12] == green and s.town_owner[12] == -1 and s.markers[12] == -1
    assert s.seats[0].houses_taken == [0, 0, 0] and s.seats[0].production == {}
    assert game.stands.sliders == {"wood": 0, "food": 0, "beer": 0, "permits": 0, "silver": 0}
    scenario.sound(game)


@rule("public.noble")
def test_every_public_building_adds_a_noble_of_its_colour_from_the_bank_to_the_pool():
    game, silver = scenario.ready_to_build("public-silver")
    events = scenario.build(game, silver)
    assert scenario.of_rule(events, "public.noble")[0].data == {"colour": "silver"}
    s = game.state
    assert (s.bank["silver"], s.pool["silver"], s.council["silver"]) == (2, 1, 0)
    assert s.bank["green"] == 3


@rule("public.bonus")
def test_public_buildings_give_a_strong_bonus_by_colour():
    game, green = scenario.ready_to_build("public-green")
    scenario.build(game, green)
    assert game.scores() == (3, 0)
    game, silver = scenario.ready_to_build("public-silver")
    scenario.build(game, silver)
    assert game.state.seats[0].pelicans == 2
    game, yellow = scenario.ready_to_build("public-yellow")
    scenario.build(game, yellow)
    assert game.state.seats[0].reputation == 4
    game = scenario.new_game(2)
    game.state.seats[0].held.append(scenario.take_tile(game, "red-2"))
    scenario.put_marker(game, 0, 12)
    events = scenario.build(game, "red-2")
    assert scenario.of_rule(events, "public.bonus")[0].data == {"player": 0, "points": 4}
    assert game.scores() == (4, 0) and game.state.pool["red"] == 1 and game.state.seats[0].groschen == 40 - 5 * 2


# ---------------------------------------------------------------- prices moved inside the game


@rule("prices.guild-building")
def test_a_guild_building_moves_its_goods_slider_one_notch_right_after_it_is_paid():
    game, _ = scenario.ready_to_build("builders-1")
    events = scenario.build(game, "builders-1")
    assert scenario.of_rule(events, "prices.guild-building")[0].data == {"slider": "wood", "notch": 1}
    assert game.state.seats[0].groschen == 36  # paid at wood 2
    assert game.price("wood") == 1
    game, _ = scenario.ready_to_build("tavern-1", player=1)
    scenario.build(game, "tavern-1")
    assert game.stands.sliders["beer"] == 1 and game.price("beer") == 2


@rule("prices.silver-building")
def test_a_silver_building_lowers_silver_and_raises_ore_in_the_game():
    game, _ = scenario.ready_to_build("metallurgists-1")
    events = scenario.build(game, "metallurgists-1")
    assert "prices.silver-building" in scenario.rules_of(events)
    assert (game.price("silver"), game.price("ore")) == (2, 5)


@rule("prices.miners-building")
def test_a_miners_building_moves_no_slider_and_advances_the_ore_deck_by_its_production():
    game, _ = scenario.ready_to_build("miners-3")  # ore +2
    events = scenario.build(game, "miners-3")
    assert "prices.miners-building" in scenario.rules_of(events)
    assert set(game.stands.sliders.values()) == {0}
    assert game.stands.ore == 2 and game.state.seats[0].production == {"ore": 2}


@rule("prices.no-demand")
def test_no_demand_forbids_building_that_goods_buildings_in_the_game():
    game, _ = scenario.ready_to_build("builders-1")
    game.stands.sliders["wood"] = 2  # wood shows 1x on card 0
    scenario.play(game, "play 3 build")
    assert scenario.legal(game) == ["pass"]
    scenario.refuses(game, "build builders-1 12", "no demand: the wood price shows a red ✗")
    game.stands.population = 8  # demand rises: card 8 prices wood at notch 2
    assert game.build_blocker(0, "builders-1") is None


@rule("prices.no-demand-rights")
def test_no_demand_still_lets_players_buy_the_rights_in_the_game():
    game = scenario.new_game(2)
    game.stands.sliders["wood"] = 2
    builders = scenario.top_of(game, "builders")
    scenario.play(game, "play 4 rights", f"rights {builders}")
    assert game.state.seats[0].held == [builders]


@rule("prices.town-builds")
def test_a_population_advance_in_the_game_reaching_a_town_builds_icon_makes_the_town_build():
    game, _ = scenario.ready_to_build("metallurgists-1")  # population +1
    game.stands.population = 11
    builders = game.state.hall.rows[2][0]
    top = builders.tiles[-1]
    events = scenario.build(game, "metallurgists-1")
    assert game.stands.population == 12
    built = scenario.of_rule(events, "prices.town-builds")
    assert built[0].data == {"slider": "wood", "guild": "builders", "discarded": top}
    assert game.state.hall.discards == [top] and game.stands.sliders["wood"] == 1
    assert [st.name for st in game.state.hall.rows[2]] == ["grocers", "yellow", "builders"]
    scenario.sound(game)


@rule("prices.town-builds")
def test_a_mine_advancing_the_ore_deck_onto_a_town_builds_icon_discards_a_scribes_tile():
    game = scenario.new_game(2)
    game.stands.ore = 9
    scribes = scenario.top_of(game, "scribes")
    tile = next(t for t in game.state.mine_stack if mines.TILES[t].ore == 1)
    game.state.mine_stack.remove(tile)
    game.state.mine_stack.append(tile)
    scenario.play(game, "play 1 mine", f"mine {tile} 1")
    assert game.stands.ore == 10 and game.state.hall.discards == [scribes]
    assert game.stands.sliders["permits"] == 1
    assert town_hall.find(game.state.hall, "scribes") == (0, 2)
