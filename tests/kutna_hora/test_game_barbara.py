"""The St. Barbara action and its 11 tiles, and tiles flipped by guild buildings, in the full game
(``kutna_hora.game``), each from a hand-made position."""

import pytest

from games.kutna_hora import town

from . import scenario

rule = pytest.mark.rule



# ---------------------------------------------------------------------------------------------------- the action
@rule("barbara.pelican")
def test_the_st_barbara_action_spends_one_unused_pelican():
    game = scenario.barbara(1, pelicans=2)
    events = scenario.play(game, "play 6 barbara")
    seat = game.state.seats[0]
    assert "barbara.pelican" in scenario.rules_of(events) and (seat.pelicans, seat.used_pelicans) == (1, 1)
    scenario.sound(game)


@rule("barbara.pelican")
def test_without_an_unused_pelican_the_st_barbara_action_cannot_be_taken():
    game = scenario.barbara(1, pelicans=0)
    game.state.seats[0].used_pelicans = 3  # spent pelicans do not count
    assert "joker 2 barbara" not in scenario.legal(game)
    scenario.refuses(game, "play 6 barbara", "you have no unused pelican")


@rule("barbara.current")
def test_tiles_are_resolved_in_number_order_and_their_tax_icon_is_ignored():
    game = scenario.barbara(1, pelicans=2)
    game.state.turn, game.state.plays_left = 0, 2
    events = scenario.play(game, "play 6 barbara")
    assert scenario.of_rule(events, "barbara.current")[0].data["tile"] == 1 and game.state.barbara == 1
    assert game.state.seats[0].reputation == 4  # tile 1
    events = scenario.play(game, "joker 2 barbara")
    assert scenario.of_rule(events, "barbara.current")[0].data["tile"] == 2
    assert game.state.barbara == 1 and game.pending().kind == "rights"  # tile 2 is current while it is resolved
    events += scenario.play(game, "pass")
    assert game.state.barbara == 2 and scenario.of_rule(events, "barbara.current")[-1].data == {"player": 0, "tile": 2,
                                                                                        "turned": True}
    assert game.state.tax == 0  # tiles 1 and 2 show a tax icon of 1 each: ignored by the action
    assert "barbara.flip-tax" not in scenario.rules_of(events)


# ---------------------------------------------------------------------------------------------------- tiles 1-11
@rule("barbara.1")
def test_tile_1_gives_2_reputation():
    game = scenario.barbara(1)
    events = scenario.play(game, "play 6 barbara")
    assert scenario.of_rule(events, "barbara.1")[0].data["reputation"] == 2
    assert game.state.seats[0].reputation == 4 and game.pending().player == 1


@rule("barbara.2")
def test_tile_2_gives_1_reputation_and_a_free_rights_action():
    game = scenario.barbara(2)
    tile = scenario.top_of(game, "yellow")  # in the third column: 2 permits normally
    scenario.play(game, "play 6 barbara")
    seat = game.state.seats[0]
    assert seat.reputation == 3 and game.pending().kind == "rights"
    legal = scenario.legal(game)
    assert f"rights {tile}" in legal and "rights " + scenario.top_of(game, "scribes") not in legal
    events = scenario.play(game, f"rights {tile}")
    assert scenario.of_rule(events, "rights.cost")[0].data["groschen"] == 0
    assert seat.held == [tile] and seat.groschen == 40
    scenario.sound(game)


@rule("barbara.2")
def test_tile_2_with_full_slots_gives_only_the_reputation():
    game = scenario.barbara(2)
    for colour in ("green", "silver", "yellow"):
        scenario.give_tile(game, 0, f"public-{colour}")
    scenario.play(game, "play 6 barbara")
    assert game.state.seats[0].reputation == 3 and game.pending().player == 1


@rule("barbara.3")
def test_tile_3_loses_1_reputation_and_removes_the_leftmost_house_of_a_row_for_production_2():
    game = scenario.barbara(3)
    scenario.play(game, "play 6 barbara")
    seat = game.state.seats[0]
    assert seat.reputation == 1 and game.pending().kind == "house"
    assert scenario.legal(game) == ["house builders", "house metallurgists", "house miners", "pass"]
    events = scenario.play(game, "house metallurgists")
    assert scenario.rules_of(events) == ["barbara.3", "barbara.current"]  # then the tile is turned face down
    assert seat.houses_taken == [1, 0, 0] and seat.houses_removed == 1
    assert seat.production == {"silver": 2}
    assert seat.reputation == 1 and seat.score == 0 and seat.pelicans == 0  # the house effect is not gained
    scenario.sound(game)


@rule("barbara.3")
@rule("ignore.effect")
def test_tile_3s_reputation_loss_is_mandatory_but_removing_a_house_is_not():
    game = scenario.barbara(3)
    events = scenario.play(game, "play 6 barbara", "pass")
    seat = game.state.seats[0]
    assert "ignore.effect" in scenario.rules_of(events)
    assert seat.reputation == 1 and seat.houses_taken == [0, 0, 0] and seat.production == {}


@rule("barbara.3")
def test_tile_3_offers_only_rows_that_still_have_a_house():
    game = scenario.barbara(3)
    seat = game.state.seats[0]
    seat.houses_taken, seat.houses_removed = [4, 0, 4], 8
    scenario.play(game, "play 6 barbara")
    assert scenario.legal(game) == ["house miners", "pass"]


@rule("decision.barbara-3-no-deck")
def test_tile_3s_production_moves_no_slider_and_advances_no_deck():
    game = scenario.barbara(3)
    stands = game.state.stands.to_dict()
    events = scenario.play(game, "play 6 barbara", "house miners")  # ore production +2
    assert game.state.seats[0].production == {"ore": 2}
    assert game.state.stands.to_dict() == stands
    assert not [r for r in scenario.rules_of(events) if r.startswith("prices.")]


@rule("barbara.4")
def test_tile_4_gives_1_reputation_and_a_free_plot_anywhere():
    game = scenario.barbara(4)
    scenario.put_building(game, -1, "green-1", 12)  # normally only plots next to it could be bought, for 5
    assert sorted(game.plot_options(0, False, False)) == [7, 11, 13, 17]
    scenario.play(game, "play 6 barbara")
    assert game.state.seats[0].reputation == 3
    assert set(scenario.legal(game)) == {"pass"} | {f"plot {i}" for i in range(25) if i != 12}
    events = scenario.play(game, "plot 0")
    (bought,) = scenario.of_rule(events, "barbara.4")
    assert bought.data == {"player": 0, "plot": 0, "groschen": 0}
    assert game.state.markers[0] == 0 and game.state.seats[0].groschen == 40
    scenario.sound(game)


@rule("barbara.4")
def test_tile_4_without_a_plot_marker_gives_only_the_reputation():
    game = scenario.barbara(4)
    for plot in (0, 1, 2):
        scenario.put_marker(game, 0, plot)
    scenario.play(game, "play 6 barbara")
    assert game.state.seats[0].reputation == 3 and game.pending().player == 1


@rule("barbara.5")
def test_tile_5_loses_2_reputation_then_gives_2_incomes_each_with_a_council_chance():
    game = scenario.barbara(5)
    seat = game.state.seats[0]
    seat.production = {"silver": 3}  # 9 per income
    game.state.bank["green"], game.state.pool["green"] = 1, 2
    events = scenario.play(game, "play 6 barbara")
    assert seat.reputation == 0 and scenario.of_rule(events, "barbara.5")[0].data["reputation"] == -2
    assert len(scenario.of_rule(events, "income.sum")) == 1 and game.pending().kind == "council"
    events = scenario.play(game, "council green")
    assert len(scenario.of_rule(events, "income.sum")) == 1 and game.pending().kind == "council"
    scenario.play(game, "council green")
    assert seat.groschen == 40 + 9 - 10 + 9 - 10 and game.state.council["green"] == 2
    assert game.pending().player == 1
    scenario.sound(game)


@rule("barbara.6")
def test_tile_6_gives_2_points_and_a_noble_from_the_bank_to_the_council():
    game = scenario.barbara(6)
    s = game.state
    s.bank["silver"], s.pool["silver"] = 2, 1
    events = scenario.play(game, "play 6 barbara")
    assert scenario.of_rule(events, "barbara.6")[0].data["points"] == 2 and s.seats[0].score == 2
    assert scenario.legal(game) == ["noble green", "noble red", "noble silver", "noble yellow", "pass"]
    scenario.play(game, "noble silver")
    assert (s.bank["silver"], s.pool["silver"], s.council["silver"]) == (1, 1, 1)  # the pool keeps its noble
    scenario.sound(game)


@rule("barbara.6")
def test_tile_6_never_takes_a_noble_from_the_pool():
    game = scenario.barbara(6)
    s = game.state
    s.bank["red"], s.pool["red"] = 0, 3
    scenario.play(game, "play 6 barbara")
    assert scenario.legal(game) == ["noble green", "noble silver", "noble yellow", "pass"]  # no noble red


@rule("barbara.6")
@rule("ignore.effect")
def test_tile_6s_noble_may_be_ignored_and_the_2_points_kept():
    game = scenario.barbara(6)
    events = scenario.play(game, "play 6 barbara", "pass")
    assert "ignore.effect" in scenario.rules_of(events)
    assert game.state.seats[0].score == 2 and sum(game.state.council.values()) == 0


@rule("barbara.7")
def test_tile_7_gives_1_reputation_per_public_building_next_to_each_of_your_buildings():
    game = scenario.barbara(7)
    scenario.put_building(game, 0, "builders-1", 6)
    scenario.put_building(game, 0, "miners-1", 12)
    scenario.put_building(game, -1, "green-1", 1)  # above plot 6
    scenario.put_building(game, -1, "silver-1", 7)  # right of 6 and above 12: counts for both
    scenario.put_building(game, 1, "tavern-1", 2)  # next to green-1, but another player's
    events = scenario.play(game, "play 6 barbara")
    assert scenario.of_rule(events, "barbara.7")[0].data["reputation"] == 3
    assert game.state.seats[0].reputation == 5
    scenario.sound(game)


@rule("barbara.7")
def test_tile_7_without_a_building_next_to_a_public_building_gives_nothing():
    game = scenario.barbara(7)
    scenario.put_building(game, 0, "builders-1", 0)
    scenario.put_building(game, -1, "green-1", 12)
    events = scenario.play(game, "play 6 barbara")
    assert game.state.seats[0].reputation == 2
    assert "no building next to a public building" in scenario.of_rule(events, "barbara.7")[0].text


@rule("barbara.8")
def test_tile_8_gives_1_point_and_a_build_without_paying_wood():
    game = scenario.barbara(8)
    scenario.give_tile(game, 0, "metallurgists-1")
    scenario.put_marker(game, 0, 12)
    scenario.play(game, "play 6 barbara")
    seat = game.state.seats[0]
    assert seat.score == 1 and scenario.legal(game) == ["build metallurgists-1 12", "pass"]
    events = scenario.play(game, "build metallurgists-1 12")
    assert scenario.of_rule(events, "barbara.8")[0].data["groschen"] == 0
    assert seat.groschen == 40 and game.state.town[12] == "metallurgists-1" and seat.production == {"silver": 1}
    assert seat.reputation == 3  # the house effect still comes (metallurgists' row, first house: reputation 1)
    scenario.sound(game)


@rule("barbara.8")
def test_tile_8_without_a_held_tile_or_a_plot_gives_only_the_point():
    game = scenario.barbara(8)
    scenario.give_tile(game, 0, "metallurgists-1")
    scenario.play(game, "play 6 barbara")
    assert game.state.seats[0].score == 1 and game.pending().player == 1


@rule("barbara.turn-after")
def test_the_tile_is_turned_after_its_effect_and_the_next_tile_becomes_current():
    game = scenario.barbara(2)
    events = scenario.play(game, "play 6 barbara")
    assert game.pending().kind == "rights" and game.state.barbara == 1  # tile 2 is still current
    assert not [e for e in events if e.data.get("turned")]
    events = scenario.play(game, "pass")
    (turned,) = [e for e in scenario.of_rule(events, "barbara.current") if e.data.get("turned")]
    assert turned.data["tile"] == 2 and "tile 3 is now current" in turned.text and game.state.barbara == 2


@rule("barbara.turn-after")
@rule("decision.barbara-flip-during-effect")
@rule("barbara.8")
def test_a_building_flip_during_tile_8s_free_build_turns_tile_8_and_tile_9_stays_for_the_next_action():
    # 「効果を解決したあと、そのタイルを裏向きにします」: tile 8 is still current while its free build is resolved,
    # so the marked tile's flip turns tile 8 (its tax icon counts); tile 9 is not lost.
    game = scenario.barbara(8, pelicans=2)
    game.state.turn, game.state.plays_left = 0, 2
    scenario.give_tile(game, 0, "builders-4")  # the marked builders' tile flips St. Barbara
    scenario.put_marker(game, 0, 12)
    events = scenario.play(game, "play 6 barbara", "build builders-4 12")
    (flip,) = scenario.of_rule(events, "build.flip-barbara")
    assert flip.data["tile"] == 8 and game.state.barbara == 8
    assert game.state.tax == 2  # tile 8's tax icon (2), added by the building's flip
    assert "decision.barbara-flip-during-effect" in scenario.rules_of(events)
    assert not scenario.of_rule(events, "barbara.9")
    scenario.sound(game)
    events = scenario.play(game, "joker 2 barbara")  # the next St. Barbara action resolves tile 9
    assert scenario.of_rule(events, "barbara.current")[0].data["tile"] == 9 and "barbara.9" in scenario.rules_of(events)
    assert game.state.tax == 2  # the action ignores tile 9's tax icon


@rule("barbara.9")
def test_tile_9_builds_two_mines_without_paying_with_miners_from_the_reserve():
    game = scenario.barbara(9)
    scenario.stack_mine_tiles(game, "i-2", "i-4")
    events = scenario.play(game, "play 6 barbara")
    assert game.pending().kind == "mine" and game.state.mine_drawn == ["i-2"]
    assert "mine i-2 1" in scenario.legal(game) and "mine i-2 4" in scenario.legal(game)
    events += scenario.play(game, "mine i-2 1")
    assert game.state.mine_drawn == ["i-4"]
    legal = scenario.legal(game)
    nxt = next(int(a.split()[2]) for a in legal if a.startswith("mine") and a.split()[2] not in ("1", "4"))
    events += scenario.play(game, f"mine i-4 {nxt}")  # beside or below the first: 2 wood normally
    seat = game.state.seats[0]
    assert seat.groschen == 40 and (seat.pool, seat.reserve) == (1, 6)
    assert len(scenario.of_rule(events, "barbara.9")) == 3  # the tile, then each mine built without wood
    assert not scenario.of_rule(events, "mine.entrance") and not scenario.of_rule(events, "mine.neighbour-cost")
    assert game.state.mine[1] == "i-2" and game.state.mine[nxt] == "i-4"
    scenario.sound(game)


@rule("barbara.9")
def test_tile_9_uses_the_pool_only_once_the_reserve_is_empty():
    game = scenario.barbara(9)
    empty = [i for i, cell in enumerate(game.state.mine) if not cell and i not in (1, 4)]
    for space in empty[:7]:
        scenario.put_mine(game, 0, game.state.mine_stack[0], space)  # from the bottom of the stack (III tiles)
    seat = game.state.seats[0]
    assert (seat.pool, seat.reserve) == (1, 1)
    scenario.play(game, "play 6 barbara")
    scenario.play(game, f"mine {game.state.mine_drawn[0]} 1")
    assert (seat.pool, seat.reserve) == (1, 0)
    scenario.play(game, f"mine {game.state.mine_drawn[0]} 4")
    assert (seat.pool, seat.reserve) == (0, 0) and seat.groschen == 40
    scenario.sound(game)


@rule("barbara.10")
def test_tile_10_scores_one_of_your_buildings_as_final_scoring_would():
    game = scenario.barbara(10)
    scenario.put_building(game, 0, "builders-1", 12)  # red, yellow
    scenario.put_building(game, -1, "yellow-1", 7)  # yellow, yellow, red: 3
    scenario.put_building(game, 1, "grocers-1", 13)  # green, yellow: 1
    scenario.put_building(game, 0, "miners-1", 17)  # blue, green: 0
    scenario.play(game, "play 6 barbara")
    assert scenario.legal(game) == ["pass", "score 12", "score 17"]
    events = scenario.play(game, "score 12")
    assert scenario.of_rule(events, "barbara.10")[0].data["points"] == 4 == town.matching(12, game.state.town, 5).points
    assert game.state.seats[0].score == 4
    scenario.sound(game)


@rule("barbara.10")
def test_tile_10_without_a_building_of_your_own_gives_nothing():
    game = scenario.barbara(10)
    scenario.put_building(game, 1, "grocers-1", 13)
    scenario.play(game, "play 6 barbara")
    assert game.state.seats[0].score == 0 and game.pending().player == 1


@rule("barbara.11")
def test_tile_11_gives_5_points_and_is_turned_over():
    game = scenario.barbara(11)
    events = scenario.play(game, "play 6 barbara")
    assert scenario.of_rule(events, "barbara.11")[0].data["points"] == 5
    assert game.state.seats[0].score == 5 and game.state.barbara == 11 and game.state.tax == 0


@rule("barbara.after-11")
def test_after_tile_11_the_st_barbara_action_gives_2_reputation():
    game = scenario.barbara(12, pelicans=2)
    assert game.state.barbara == 11
    events = scenario.play(game, "play 6 barbara")
    assert scenario.rules_of(events) == ["flow.card", "barbara.pelican", "barbara.after-11"]
    seat = game.state.seats[0]
    assert seat.reputation == 4 and seat.score == 0 and game.state.barbara == 11
    assert (seat.pelicans, seat.used_pelicans) == (1, 1)


@rule("barbara.after-11")
@rule("barbara.11")
def test_the_action_that_resolves_tile_11_is_followed_by_reputation_actions():
    game = scenario.barbara(11, pelicans=2)
    game.state.turn, game.state.plays_left = 0, 2
    scenario.play(game, "play 6 barbara", "joker 2 barbara")
    seat = game.state.seats[0]
    assert seat.score == 5 and seat.reputation == 2 - 1 + 2  # the joker's 1, then +2


# ------------------------------------------------------------------------------------------ flipped by a building
@rule("barbara.flip-tax")
def test_a_building_that_flips_the_current_tile_raises_the_tax_by_its_icon_and_nobody_gets_its_effect():
    game = scenario.new_game()
    game.state.barbara = 5  # tile 6 is current: its tax icon is 2
    scenario.give_tile(game, 0, "builders-4")
    scenario.put_marker(game, 0, 12)
    scenario.turn(game, 0)
    events = scenario.play(game, "play 3 build", "build builders-4 12")
    assert scenario.of_rule(events, "barbara.flip-tax")[0].data["tax"] == 2
    assert game.state.tax == 2 and game.state.barbara == 6
    assert game.state.council == dict.fromkeys(game.state.council, 0) and not scenario.of_rule(events, "barbara.6")


@rule("barbara.flip-none")
def test_with_all_11_tiles_done_a_flip_has_no_effect():
    game = scenario.new_game()
    game.state.barbara = 11
    scenario.give_tile(game, 0, "builders-4")
    scenario.put_marker(game, 0, 12)
    scenario.turn(game, 0)
    events = scenario.play(game, "play 3 build", "build builders-4 12")
    assert "barbara.flip-none" in scenario.rules_of(events) and "barbara.flip-tax" not in scenario.rules_of(events)
    assert game.state.tax == 0 and game.state.barbara == 11
