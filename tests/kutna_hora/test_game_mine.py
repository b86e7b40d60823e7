"""The Mine action (鉱山アクション), the mining rules (採掘規則) and the mine lines of 忘れやすいルール (full game).

Every test starts from a first game (2 players unless said) with the rocks moved where the test needs them: wood
costs 2 groschen and a permit 2 at the start, so a 2-wood entrance costs 4.
"""

import pytest

from games.kutna_hora import mines

from . import scenario

rule = pytest.mark.rule

ENTRANCE_LEFT, ENTRANCE_RIGHT = sorted(mines.ENTRANCE_SPACES)  # spaces 1 and 4 (row 1, columns 2 and 5)


def rocks_at(game, *spaces: int) -> None:
    """Move the four rock tiles onto ``spaces`` (a hand-made mine setup card)."""
    s = game.state
    rocks = [cell for cell in s.mine if cell in mines.ROCKS]
    s.mine = ["" if cell in mines.ROCKS else cell for cell in s.mine]
    for where, rock in zip(spaces, rocks, strict=True):
        assert not s.mine[where]
        s.mine[where] = rock


def mine_game(players: int = 2, rocks=(17, 21, 22, 23), **options):
    """A first game with the rocks in the bottom right corner (out of the way) and player 1 about to play."""
    game = scenario.new_game(players, **options)
    rocks_at(game, *rocks)
    return game



def empty_pool(game, p: int = 0) -> None:
    """Player ``p``'s pool miner goes back to the reserve beside it (as if it had been placed and lost)."""
    seat = game.state.seats[p]
    seat.reserve += seat.pool
    seat.pool = 0


def tech_level(game, level: int) -> None:
    """Take technology tiles off the stack (out of the game) until ``level`` tiles are drawn per Mine action."""
    s = game.state
    while 5 - len(s.tech_stack) < level:
        s.tech_removed.append(s.tech_stack.pop())


# ---------------------------------------------------------------- the miner pool


@rule("mine.permit")
def test_an_empty_pool_buys_one_permit_at_its_current_price_for_two_miners():
    game = mine_game()
    empty_pool(game)
    game.stands.ore = 12  # permits cost 4 on ore card 12
    assert game.price("permits") == 4
    scenario.play(game, "play 1 mine")
    assert game.pending().kind == "miners"
    assert scenario.legal(game) == ["miners 1", "miners 2", "pass"]
    events = scenario.play(game, "miners 2")
    permit = scenario.of_rule(events, "mine.permit")
    assert permit[0].data == {"player": 0, "groschen": 4}
    seat = game.state.seats[0]
    assert (seat.groschen, seat.pool, seat.reserve) == (36, 2, 7)
    assert "mine.draw" in scenario.rules_of(events) and game.pending().kind == "mine"
    scenario.sound(game)


@rule("mine.permit")
def test_without_the_permit_price_the_mine_action_can_only_be_passed():
    game = mine_game()
    empty_pool(game)
    game.state.seats[0].groschen = 1
    scenario.play(game, "play 1 mine")
    assert scenario.legal(game) == ["pass"]
    scenario.refuses(game, "miners 1", "a permit costs 2 \\(you have 1\\)")
    events = scenario.play(game, "pass")
    assert scenario.rules_of(events)[0] == "ignore.effect" and game.state.seats[0].pool == 0


@rule("mine.one-miner")
def test_a_player_may_pay_the_full_permit_and_move_only_one_miner():
    game = mine_game()
    empty_pool(game)
    scenario.play(game, "play 1 mine", "miners 1")
    seat = game.state.seats[0]
    assert (seat.groschen, seat.pool, seat.reserve) == (38, 1, 8)


@rule("mine.pool-max")
def test_the_pool_never_holds_more_than_two_miners():
    game = mine_game()
    empty_pool(game)
    scenario.play(game, "play 1 mine")
    scenario.refuses(game, "miners 3", "1 or 2 miners")
    scenario.stack_mine_tiles(game, "i-1")
    scenario.play(game, "miners 2", f"mine i-1 {ENTRANCE_LEFT}")
    assert game.state.seats[0].pool == 1


@rule("mine.pool-max")
def test_with_one_miner_left_in_the_reserve_only_one_can_enter_the_pool():
    game = mine_game()
    for space, tile in zip((0, 1, 2, 3, 4, 5, 6, 7), game.state.mine_stack[-8:], strict=True):
        scenario.put_mine(game, 0, tile, space)
    empty_pool(game)
    assert game.state.seats[0].reserve == 1
    scenario.play(game, "play 1 mine")
    assert scenario.legal(game) == ["miners 1", "pass"]
    scenario.play(game, "miners 1")
    assert (game.state.seats[0].pool, game.state.seats[0].reserve) == (1, 0)
    scenario.sound(game)


@rule("decision.pool-top-up")
def test_a_pool_with_a_miner_in_it_is_not_topped_up():
    game = mine_game()
    events = scenario.play(game, "play 1 mine")
    assert "mine.permit" not in scenario.rules_of(events) and game.pending().kind == "mine"
    assert not any(a.startswith("miners") for a in scenario.legal(game))
    seat = game.state.seats[0]
    assert (seat.pool, seat.reserve, seat.groschen) == (1, 8, 40)


# ---------------------------------------------------------------- drawing


@rule("mine.draw")
def test_at_technology_level_one_a_single_tile_is_drawn_from_the_top():
    game = mine_game()
    top = game.state.mine_stack[-1]
    events = scenario.play(game, "play 1 mine")
    assert scenario.of_rule(events, "mine.draw")[0].data == {"player": 0, "tiles": 1}
    assert game.state.mine_drawn == [top] and len(game.state.mine_stack) == 26
    assert game.observe(0)["mine_drawn"] == [top] and game.observe(1)["mine_drawn"] == 1
    assert scenario.legal(game) == ["discard", f"mine {top} {ENTRANCE_LEFT}", f"mine {top} {ENTRANCE_RIGHT}"]


@rule("mine.draw")
def test_at_technology_level_three_three_tiles_are_drawn_one_kept_and_the_rest_discarded():
    game = mine_game()
    tech_level(game, 3)
    events = scenario.draw_mine_tiles(game, "i-1", "ii-4", "iii-2")
    assert "technology level 3" in scenario.of_rule(events, "mine.draw")[0].text
    assert sorted(game.state.mine_drawn) == ["i-1", "ii-4", "iii-2"]
    assert {a.split()[1] for a in scenario.legal(game) if a.startswith("mine")} == {"i-1", "ii-4", "iii-2"}
    scenario.play(game, f"mine ii-4 {ENTRANCE_LEFT}")
    assert sorted(game.state.mine_discard) == ["i-1", "iii-2"] and game.state.mine_drawn == []
    assert game.state.mine[ENTRANCE_LEFT] == "ii-4"
    scenario.sound(game)


@rule("mine.reshuffle")
def test_an_empty_stack_is_rebuilt_from_the_shuffled_discards_with_i_ii_and_iii_mixed():
    game = mine_game()
    tech_level(game, 3)
    s = game.state
    last = s.mine_stack[0]  # a III tile at the bottom
    s.mine_discard = s.mine_stack[1:]
    s.mine_stack = [last]
    events = scenario.play(game, "play 1 mine")
    assert scenario.rules_of(events).count("mine.reshuffle") == 1
    assert s.mine_drawn[0] == last and len(s.mine_drawn) == 3
    assert s.mine_discard == [] and len(s.mine_stack) == 26 - 2
    backs = [mines.TILES[t].back for t in s.mine_stack]
    assert backs != sorted(backs, key=["III", "II", "I"].index)  # no longer stacked by back
    scenario.sound(game)


@rule("mine.discard-all")
def test_after_looking_a_player_may_discard_every_drawn_tile_and_build_no_mine():
    game = mine_game()
    tech_level(game, 2)
    scenario.draw_mine_tiles(game, "i-2", "i-4")
    events = scenario.play(game, "discard")
    assert scenario.of_rule(events, "mine.discard-all")[0].data == {"player": 0}
    s = game.state
    assert sorted(s.mine_discard) == ["i-2", "i-4"] and not any(o >= 0 for o in s.mine_owner)
    assert (s.seats[0].groschen, s.seats[0].pool) == (40, 1)
    assert game.pending().kind == "play"


# ---------------------------------------------------------------- where and what a mine costs


@rule("mine.entrance")
def test_the_two_printed_entrances_cost_two_wood():
    game = mine_game()
    scenario.draw_mine_tiles(game, "i-1")
    assert game.mine_options(0, False) == {ENTRANCE_LEFT: 4, ENTRANCE_RIGHT: 4}
    events = scenario.play(game, f"mine i-1 {ENTRANCE_RIGHT}")
    assert scenario.of_rule(events, "mine.entrance")[0].data == {"player": 0, "groschen": 4}
    assert game.state.seats[0].groschen == 36


@rule("mine.entrance")
def test_an_entrance_costs_two_wood_at_the_current_wood_price():
    game = mine_game()
    game.stands.population = 16  # wood 4
    scenario.draw_mine_tiles(game, "i-1")
    events = scenario.play(game, f"mine i-1 {ENTRANCE_LEFT}")
    assert scenario.of_rule(events, "mine.entrance")[0].text.endswith("2 wood × 4 = 8 groschen for space 1.")
    assert game.state.seats[0].groschen == 32


@rule("mine.neighbour-cost")
def test_a_space_beside_two_mines_costs_the_highest_neighbouring_cost_not_the_sum():
    game = mine_game()
    scenario.put_mine(game, 1, "i-5", 1)  # cost 3
    scenario.put_mine(game, 1, "iii-1", 3)  # cost 4
    scenario.draw_mine_tiles(game, "i-1")
    options = game.mine_options(0, False)
    assert options[2] == 4 * 2  # between them: max(3, 4) wood, not 7
    assert options[7] == 3 * 2 and options[9] == 4 * 2  # below each of them
    assert options[ENTRANCE_RIGHT] == 2 * 2 and 0 in options and options[0] == 3 * 2
    events = scenario.play(game, "mine i-1 2")
    assert scenario.of_rule(events, "mine.neighbour-cost")[0].data == {"player": 0, "groschen": 8}
    assert game.state.seats[0].groschen == 32


@rule("mine.neighbour-cost")
def test_spaces_touching_no_mine_are_not_open():
    game = mine_game()
    scenario.put_mine(game, 1, "ii-5", 8)  # row 2, column 3, cost 4
    scenario.draw_mine_tiles(game, "i-1")
    assert game.mine_options(0, False) == {ENTRANCE_LEFT: 4, ENTRANCE_RIGHT: 4, 7: 8, 9: 8, 14: 8}
    scenario.refuses(game, "mine i-1 12", "no mine may go on space 12")


@rule("mine.not-above")
def test_a_mine_neither_opens_nor_prices_the_space_above_it():
    game = mine_game()
    scenario.put_mine(game, 1, "iii-5", 13)  # row 3, column 2, cost 5
    scenario.draw_mine_tiles(game, "i-1")
    options = game.mine_options(0, False)
    assert 7 not in options  # above it
    assert options[12] == options[14] == options[19] == 10  # left, right and below: 5 wood
    game2 = mine_game()
    scenario.put_mine(game2, 1, "iii-5", 13)
    scenario.put_mine(game2, 1, "i-1", 6)  # cost 2, left of space 7
    assert game2.mine_options(0, False)[7] == 2 * 2  # priced by its left neighbour only, not by the mine below


@rule("mine.no-rocks")
def test_mines_never_go_on_rocks_or_on_other_mines():
    game = mine_game(rocks=(2, 7, 20, 23))  # rocks right of and below the left entrance
    scenario.put_mine(game, 1, "i-5", ENTRANCE_LEFT)
    scenario.draw_mine_tiles(game, "i-1")
    assert sorted(game.mine_options(0, False)) == [0, ENTRANCE_RIGHT]
    scenario.refuses(game, "mine i-1 2", "no mine may go on space 2: space 2 is a rock: no mine goes on a rock.")
    scenario.refuses(game, f"mine i-1 {ENTRANCE_LEFT}",
                     "no mine may go on space 1: space 1 is taken: Player 2's mine i-5 is "
            "on it.")
    scenario.refuses(game, "mine i-1 22", "no mine may go on space 22: space 22 is not next to a mine")
    said = [game.explain(f"mine i-1 {space}") for space in (2, ENTRANCE_LEFT, 22)]
    assert len(set(said)) == 3 and not any(", or " in sentence for sentence in said)  # one reason each
    assert game.mine_options(0, True).keys() == {0, ENTRANCE_RIGHT}  # not even for free


# ---------------------------------------------------------------- what a mine does


@rule("mine.place")
def test_the_tile_goes_on_its_space_with_a_miner_from_the_pool():
    game = mine_game()
    scenario.stack_mine_tiles(game, "i-2")
    events = scenario.play(game, "play 1 mine", f"mine i-2 {ENTRANCE_LEFT}")
    place = scenario.of_rule(events, "mine.place")[0]
    assert place.data == {"player": 0, "tile": "i-2", "space": ENTRANCE_LEFT}
    assert "row 1, column 2" in place.text
    s = game.state
    assert (s.mine[ENTRANCE_LEFT], s.mine_owner[ENTRANCE_LEFT]) == ("i-2", 0)
    assert (s.seats[0].pool, s.seats[0].reserve) == (0, 8)
    scenario.sound(game)


@rule("mine.place")
def test_a_second_mine_action_with_an_empty_pool_needs_a_permit_first():
    game = mine_game()
    scenario.stack_mine_tiles(game, "i-2", "i-1")
    scenario.play(game, "play 1 mine", f"mine i-2 {ENTRANCE_LEFT}", "play 2 mine")
    assert game.pending().kind == "miners"
    scenario.play(game, "miners 2", f"mine i-1 {ENTRANCE_RIGHT}")
    seat = game.state.seats[0]
    assert (seat.groschen, seat.pool, seat.reserve) == (40 - 4 - 2 - 4, 1, 6)


@rule("mine.ore")
def test_a_mine_raises_ore_production_and_advances_the_ore_deck_the_same_amount():
    game = mine_game()
    scenario.stack_mine_tiles(game, "ii-3")  # ore 2
    events = scenario.play(game, "play 1 mine", f"mine ii-3 {ENTRANCE_LEFT}")
    assert game.state.seats[0].mine_ore == 2 and game.stands.ore == 2
    assert [e.data["position"] for e in events if e.rule == "prices.advance"] == [1, 2]
    assert "rises by 2 to 2; the ore deck advances 2" in scenario.of_rule(events, "mine.ore")[0].text
    assert game.income_of(0) == 2 * game.price("ore") == 8


@rule("mine.population")
def test_some_mines_draw_people_and_advance_the_population_deck():
    game = mine_game()
    scenario.stack_mine_tiles(game, "i-3", "i-1")  # i-3: population +1; i-1: none
    events = scenario.play(game, "play 1 mine", f"mine i-3 {ENTRANCE_LEFT}")
    assert "mine.population" in scenario.rules_of(events) and game.stands.population == 1
    events = scenario.play(game, "play 2 mine", "miners 1", f"mine i-1 {ENTRANCE_RIGHT}")
    assert "mine.population" not in scenario.rules_of(events) and game.stands.population == 1


@rule("mine.points")
def test_some_mines_give_points_at_once():
    game = mine_game()
    scenario.stack_mine_tiles(game, "iii-4", "i-1")  # iii-4: 2 points; i-1: none
    events = scenario.play(game, "play 1 mine", f"mine iii-4 {ENTRANCE_LEFT}")
    assert scenario.of_rule(events, "mine.points")[0].data == {"player": 0, "points": 2}
    assert game.scores() == (2, 0)
    events = scenario.play(game, "play 2 mine", "miners 1", f"mine i-1 {ENTRANCE_RIGHT}")
    assert "mine.points" not in scenario.rules_of(events) and game.scores() == (2, 0)


# ---------------------------------------------------------------- technology tiles


def miners_building_ready(game, p: int = 0, plot: int = 12) -> None:
    """Player ``p`` (metallurgists, miners, builders in a first game) holds miners-1 with a marker on ``plot``."""
    scenario.give_tile(game, p, "miners-1")
    scenario.put_marker(game, p, plot)
    scenario.turn(game, p)


@rule("mine.tech-remove")
def test_a_technology_tile_may_be_removed_from_the_game_instead_of_placed():
    game = mine_game()
    miners_building_ready(game)
    scenario.play(game, "play 3 build", "build miners-1 12")
    assert game.pending().kind == "tech"
    assert "tech-remove" in scenario.legal(game) and "pass" not in scenario.legal(game)
    events = scenario.play(game, "tech-remove")
    assert scenario.of_rule(events, "mine.tech-remove")[0].text == "Player 1 removes technology tile t-1 from the game."
    s = game.state
    assert s.tech_removed == ["t-1"] and "t-1" not in s.mine and s.tech_stack == ["t-4", "t-3", "t-2"]
    assert game.observe()["technology"] == 2  # taking it raised the level all the same
    assert (s.seats[0].pool, s.seats[0].reserve) == (1, 8)
    scenario.sound(game)


@rule("mine.tech-remove")
def test_without_any_miner_left_the_technology_tile_can_only_be_removed():
    game = mine_game()
    for space, tile in zip((0, 2, 3, 5, 6, 7, 8, 9), game.state.mine_stack[-8:], strict=True):
        scenario.put_mine(game, 0, tile, space)
    scenario.put_mine(game, 0, game.state.mine_stack[-1], 10)  # the reserve is empty: the pool miner goes
    assert game.state.seats[0].pool + game.state.seats[0].reserve == 0
    miners_building_ready(game)
    scenario.play(game, "play 3 build", "build miners-1 12")
    assert scenario.legal(game) == ["tech-remove"]
