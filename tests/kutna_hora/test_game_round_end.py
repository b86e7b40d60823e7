"""The round and its end in the full game (``kutna_hora.game``): turn order, tax and plot tax, the red nobles, noble
scoring in the last 3 rounds, event cards and the decks' last card, each from a hand-made position."""

import pytest

from games.kutna_hora import town_hall
from games.kutna_hora.state import Pending

from . import scenario

rule = pytest.mark.rule



def quiet_game(players: int = 3, tax: int | None = None, plots: dict[int, tuple[int, ...]] | None = None):
    """A first game without event cards (3-4 players play without them unless asked), with ``tax`` on the tax track
    if given and ``plots={player: (plot, ...)}``: those players' plot markers in town."""
    game = scenario.new_game(players=players)
    if tax is not None:
        game.state.tax = tax
    for player, where in (plots or {}).items():
        for plot in where:
            scenario.put_marker(game, player, plot)
    return game


# ---------------------------------------------------------------------------------------------------- the round
@rule("round.start")
@rule("flow.cards-per-turn")
@rule("round.end")
def test_a_round_is_3_turns_each_clockwise_from_the_start_player_with_2_2_and_1_cards():
    game = quiet_game(3)
    deciders, ended_after = [], None
    for card in range(15):
        p = game.pending().player
        deciders.append(p)
        events = scenario.play(game, f"idle {game.state.seats[p].cards[0]}")
        if "round.end" in scenario.rules_of(events):
            ended_after = card + 1
            assert scenario.of_rule(events, "round.end")[0].data["round"] == 1
    assert deciders == [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 1, 2]
    assert ended_after == 15 and game.state.round == 2
    scenario.sound(game)


@rule("round.end")
def test_the_round_does_not_end_before_the_last_player_has_taken_the_third_turn():
    game = quiet_game(2)
    game.state.turn, game.state.plays_left = 4, 1  # turn 5 of 6: player 1's third turn
    game.state.stack = [Pending("play", 0)]
    events = scenario.play(game, "idle 1")
    assert "round.end" not in scenario.rules_of(events) and game.pending().player == 1 and game.state.round == 1
    events = scenario.play(game, "idle 1")
    assert "round.end" in scenario.rules_of(events) and game.state.round == 2


@rule("round.next")
def test_after_the_round_everyone_takes_the_cards_back_and_the_start_player_marker_passes_left():
    game = quiet_game(3)
    events = scenario.end_round(game)
    (nxt,) = scenario.of_rule(events, "round.next")
    assert nxt.data["start"] == 1 and game.state.start == 1
    assert all(seat.cards == [1, 2, 3, 4, 5, 6] for seat in game.state.seats)
    assert game.pending().player == 1 and game.state.plays_left == 2
    assert scenario.of_rule(events, "round.start")[0].data["round"] == 2


@rule("flow.card")
def test_a_card_played_for_one_action_loses_its_other_action_for_the_round():
    game = quiet_game(2)
    scenario.turn(game, 0, plays=2)
    events = scenario.play(game, "play 1 plot", "pass")
    assert scenario.of_rule(events, "flow.card")[0].data == {"player": 0, "card": 1, "action": "plot"}
    legal = scenario.legal(game)
    assert "play 1 mine" not in legal and "idle 1" not in legal and "play 2 mine" in legal


# ---------------------------------------------------------------------------------------------------- tax
@rule("tax.pay")
def test_each_player_pays_the_tax_plus_3_with_2_plots_or_8_with_3():
    game = quiet_game(3, tax=4, plots={0: (0, 1), 1: (2,), 2: (3, 4, 5)})
    assert [game.tax_due(p) for p in range(3)] == [7, 4, 12]
    scenario.end_round(game)
    paid = []
    while game.pending().kind == "tax":
        p = game.pending().player
        assert scenario.legal(game) == ["tax pay", "tax refuse"]
        (event,) = scenario.of_rule(scenario.play(game, "tax pay"), "tax.pay")
        paid.append((p, event.data["groschen"]))
    assert paid == [(0, 7), (1, 4), (2, 12)]  # the start player first, then clockwise
    assert [seat.groschen for seat in game.state.seats] == [40 - 7, 41 - 4, 42 - 12]
    assert game.state.round == 2
    scenario.sound(game)


@rule("tax.reputation")
def test_refusing_the_tax_costs_the_rounds_reputation_and_skips_the_plot_tax():
    game = quiet_game(3, tax=4, plots={0: (0, 1, 2)})
    scenario.end_round(game)
    events = scenario.play(game, "tax refuse")
    (loss,) = scenario.of_rule(events, "tax.reputation")
    assert loss.data["reputation"] == -1
    seat = game.state.seats[0]
    assert seat.reputation == 1 and seat.groschen == 40  # neither the 4 nor the 8 plot tax is paid


@rule("tax.reputation")
@pytest.mark.parametrize(("round_no", "loss"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_the_reputation_lost_for_refusing_grows_with_the_round(round_no, loss):
    game = quiet_game(3, tax=2)
    game.state.seats[0].reputation = 5
    scenario.end_round(game, round_no)
    scenario.play(game, "tax refuse")
    assert game.state.seats[0].reputation == 5 - loss


@rule("tax.reputation")
def test_a_player_who_cannot_pay_loses_reputation_without_being_asked_and_pays_nothing():
    game = quiet_game(3, tax=4, plots={0: (0, 1)})
    s = game.state
    s.seats[0].groschen, s.seats[1].groschen = 6, 4  # owe 7 and 4
    events = scenario.end_round(game)
    assert [e.data["player"] for e in scenario.of_rule(events, "tax.reputation")] == [0]
    assert s.seats[0].groschen == 6 and s.seats[0].reputation == 1
    assert game.pending().kind == "tax" and game.pending().player == 1  # 4 of 4: may pay
    scenario.play(game, "tax pay")
    assert s.seats[1].groschen == 0


@rule("decision.zero-tax")
def test_a_player_who_owes_nothing_is_not_asked():
    game = quiet_game(3, plots={0: (0,)})  # one plot: no plot tax
    events = scenario.end_round(game)
    taxes = scenario.of_rule(events, "tax.pay")
    assert [(e.data["player"], e.data["groschen"]) for e in taxes] == [(0, 0), (1, 0), (2, 0)]
    assert game.pending().kind == "play" and game.state.round == 2
    game = quiet_game(3, plots={2: (0, 1)})  # tax 0 but plot tax 3
    scenario.end_round(game)
    assert game.pending().kind == "tax" and game.pending().player == 2


@rule("caps.tax")
def test_the_tax_never_goes_above_25():
    game = scenario.new_game(2)
    game.state.tax = 24
    game.state.events[1] = "B3"  # tax +2 when revealed
    events = scenario.end_round(game)
    while game.pending().kind == "tax":
        events += scenario.play(game, "tax pay")
    assert game.state.tax == 25 and "caps.tax" in scenario.rules_of(events)
    assert scenario.of_rule(events, "events.tax")[0].data["tax"] == 25


@rule("caps.tax")
def test_a_building_tax_icon_at_25_leaves_the_tax_at_25():
    from .scenario import give_tile

    game = quiet_game(2)
    game.state.tax = 25
    give_tile(game, 1, "tavern-3")  # tax +1
    scenario.put_marker(game, 1, 12)
    scenario.turn(game, 1)
    events = scenario.play(game, "play 3 build", "build tavern-3 12")
    assert game.state.tax == 25 and "caps.tax" in scenario.rules_of(events)


# ---------------------------------------------------------------------------------------------------- red nobles
def red_stacks(game) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(game.state.hall.rows) for c, st in enumerate(row) if st.name == "red"]


@rule("round.red-nobles")
@pytest.mark.parametrize(("players", "red_round"), [(2, 3), (3, 3), (4, 2)])
def test_the_red_public_buildings_enter_at_the_end_of_round_3_or_round_2_with_4_players(players, red_round):
    game = quiet_game(players)
    events = scenario.end_round(game, red_round - 1)
    while game.pending().kind == "tax":
        events += scenario.play(game, "tax pay")
    assert "round.red-nobles" not in scenario.rules_of(events) and red_stacks(game) == []
    assert len(game.state.red_track) == 3
    events = scenario.end_round(game)
    while game.pending().kind == "tax":
        events += scenario.play(game, "tax pay")
    assert "round.red-nobles" in scenario.rules_of(events) and game.state.red_track == []
    # one at the right end of each row, alone: the 3-permit column
    assert red_stacks(game) == [(0, 3), (1, 3), (2, 3)]
    assert all(len(row[-1].tiles) == 1 for row in game.state.hall.rows)
    assert town_hall.rights_cost(3) == ("permits", 3)
    red = game.state.hall.rows[0][3].tiles[0]
    assert game.rights_options(0, False, False)[red] == (0, 3, 3 * game.price("permits"))
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- nobles
def seat_nobles(game, **council: int) -> None:
    for colour, n in council.items():
        game.state.bank[colour] -= n
        game.state.council[colour] += n


@rule("nobles.scoring")
@pytest.mark.parametrize(("players", "first"), [(3, 4), (4, 3)])
def test_nobles_score_only_at_the_end_of_the_last_3_rounds(players, first):
    game = quiet_game(players)
    seat_nobles(game, silver=1)
    game.state.seats[0].used_pelicans = 2  # 3 points per silver noble
    scored = []
    for round_no in range(first - 1, game.rounds + 1):
        events = scenario.end_round(game, round_no)
        if scenario.of_rule(events, "nobles.scoring"):
            scored.append(round_no)
    assert scored == list(range(first, game.rounds + 1))
    assert game.state.seats[0].score == 3 * 3  # three noble scorings; final scoring gives nothing here
    assert game.is_terminal()


@rule("nobles.scoring")
def test_noble_scoring_comes_after_tax_and_scores_every_player():
    game = quiet_game(3, tax=1)
    seat_nobles(game, silver=1)
    for p, used in enumerate((2, 4, 1)):
        game.state.seats[p].used_pelicans = used
    events = scenario.end_round(game, 4)
    assert not scenario.of_rule(events, "nobles.scoring")  # waits for the tax decisions
    while game.pending().kind == "tax":
        events += scenario.play(game, "tax pay")
    order = scenario.rules_of(events)
    assert order.index("tax.pay") < order.index("nobles.scoring") < order.index("round.next")
    assert [seat.score for seat in game.state.seats] == [3, 6, 0]


@rule("nobles.scoring")
def test_an_empty_council_scores_nothing():
    game = quiet_game(3)
    game.state.seats[0].used_pelicans = 4
    events = scenario.end_round(game, 4)
    assert "council is empty" in scenario.of_rule(events, "nobles.scoring")[0].text
    assert [seat.score for seat in game.state.seats] == [0, 0, 0]


@rule("nobles.green")
def test_a_green_noble_scores_1_per_public_building_next_to_each_of_your_buildings():
    game = quiet_game(3)
    scenario.put_building(game, 0, "builders-1", 7)
    scenario.put_building(game, 0, "miners-1", 14)
    scenario.put_building(game, -1, "green-1", 1)  # above 7
    scenario.put_building(game, -1, "silver-1", 8)  # right of 7 and above 14
    scenario.put_building(game, 1, "tavern-1", 0)  # player 2's, beside green-1
    seat_nobles(game, green=2)
    assert [game.noble_values(p)["green"] for p in range(3)] == [3, 1, 0]
    events = scenario.end_round(game, 4)
    assert [e.data["points"] for e in scenario.of_rule(events, "nobles.green")] == [6, 2]
    assert [seat.score for seat in game.state.seats] == [6, 2, 0]


@rule("nobles.silver")
@pytest.mark.parametrize(("used", "per_noble"), [(0, 0), (1, 0), (2, 3), (3, 3), (5, 6), (8, 12)])
def test_a_silver_noble_scores_3_per_2_used_pelicans(used, per_noble):
    game = quiet_game(3)
    game.state.seats[0].used_pelicans = used
    game.state.seats[0].pelicans = 3  # unused pelicans do not count
    seat_nobles(game, silver=3)
    scenario.end_round(game, 4)
    assert game.state.seats[0].score == 3 * per_noble


def mines_in_rows(game, player: int, per_row: list[int]) -> None:
    s = game.state
    for row, n in enumerate(per_row):
        spaces = [i for i in range(row * 6, row * 6 + 6) if not s.mine[i]][:n]
        for space in spaces:
            scenario.put_mine(game, player, s.mine_stack[-1], space)


@rule("nobles.yellow")
@pytest.mark.parametrize(("per_row", "points"), [
    ([1, 1, 1, 0], 0), ([1, 1, 1, 1], 2), ([2, 1, 2, 2], 2), ([2, 2, 2, 2], 4), ([2, 3, 2, 2], 4)])
def test_a_yellow_noble_scores_2_with_a_mine_in_every_row_and_4_with_2_never_6(per_row, points):
    game = quiet_game(3)
    mines_in_rows(game, 0, per_row)
    seat_nobles(game, yellow=2)
    assert game.noble_values(0)["yellow"] == points
    scenario.end_round(game, 4)
    assert game.state.seats[0].score == 2 * points
    scenario.sound(game)


@rule("nobles.red")
@pytest.mark.parametrize(("taken", "per_noble"), [([0, 0, 0], 0), ([2, 3, 1], 3), ([2, 2, 4], 6), ([4, 4, 4], 12)])
def test_a_red_noble_scores_3_per_board_column_emptied_of_houses(taken, per_noble):
    game = quiet_game(3)
    seat = game.state.seats[0]
    seat.houses_taken, seat.houses_removed = list(taken), sum(taken)  # removed by St. Barbara 3
    seat_nobles(game, red=1)
    scenario.end_round(game, 4)
    assert seat.score == per_noble


@rule("nobles.green")
@rule("nobles.silver")
@rule("nobles.yellow")
@rule("nobles.red")
def test_each_colour_scores_its_formula_times_its_nobles_in_the_council():
    game = quiet_game(3)
    scenario.put_building(game, 0, "builders-1", 7)
    scenario.put_building(game, -1, "green-1", 8)  # green: 1
    game.state.seats[0].used_pelicans = 4  # silver: 6
    mines_in_rows(game, 0, [1, 1, 1, 1])  # yellow: 2
    seat = game.state.seats[0]
    seat.houses_taken, seat.houses_removed = [2, 1, 2], 4  # red: 3 (builders' row: 1 built + 1 removed)
    seat_nobles(game, green=1, silver=2, yellow=3, red=2)
    assert game.noble_values(0) == {"green": 1, "silver": 6, "yellow": 2, "red": 3}
    events = scenario.end_round(game, 5)
    points = {e.rule: e.data["points"] for e in events if e.rule.startswith("nobles.") and "points" in e.data}
    assert points == {"nobles.green": 1, "nobles.silver": 12, "nobles.yellow": 6, "nobles.red": 6}
    assert seat.score == 25
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- events
@rule("events.round-end")
def test_an_event_that_advances_a_deck_acts_at_round_end_before_tax_and_nobles():
    game = scenario.new_game(2)
    game.state.events[3] = "A1"  # population +2
    game.state.tax = 3
    seat_nobles(game, silver=1)
    game.state.seats[0].used_pelicans = 2
    events = scenario.end_round(game, 4)
    assert game.state.stands.population == 2
    while game.pending().kind == "tax":
        events += scenario.play(game, "tax pay")
    order = scenario.rules_of(events)
    assert order.index("events.round-end") < order.index("prices.advance") < order.index("tax.pay") \
        < order.index("nobles.scoring")


@rule("events.round-end")
@pytest.mark.parametrize(("event", "population", "ore"), [("A1", 2, 0), ("A2", 0, 2), ("A5", 1, 1), ("B1", 3, 0),
                                                          ("B2", 0, 3), ("B5", 0, 2)])
def test_event_decks_advance_by_the_cards_printed(event, population, ore):
    game = scenario.new_game(2)
    game.state.events[0] = event
    scenario.end_round(game)
    assert (game.state.stands.population, game.state.stands.ore) == (population, ore)


@rule("events.round-end")
def test_a_town_builds_event_moves_the_slider_and_discards_the_top_tile_at_round_end():
    game = scenario.new_game(2)
    game.state.events[0] = "A4"  # the town builds wood
    top = next(st.tiles[-1] for row in game.state.hall.rows for st in row if st.name == "builders")
    events = scenario.end_round(game)
    assert game.state.stands.sliders["wood"] == 1 and game.state.hall.discards == [top]
    assert scenario.of_rule(events, "prices.town-builds")[0].data["discarded"] == top
    scenario.sound(game)


@rule("events.reveal")
def test_the_next_rounds_event_is_revealed_when_the_round_is_prepared():
    game = scenario.new_game(2)
    game.state.events[:3] = ["A1", "A2", "A5"]
    assert game.observe(0)["events"][1:3] == ["face down", "face down"]
    events = scenario.end_round(game)
    (reveal,) = scenario.of_rule(events, "events.reveal")
    assert reveal.data["event"] == "A2"
    assert scenario.rules_of(events).index("round.start") < scenario.rules_of(events).index("events.reveal")
    assert game.observe(1)["events"][0] == "A1" and game.observe(1)["events"][2] == "face down"


@rule("events.reveal")
def test_the_current_rounds_revealed_event_is_seen_by_everyone():
    game = scenario.new_game(2)
    game.state.events[:3] = ["A1", "A2", "A5"]
    assert game.observe(None)["events"][:3] == ["A1", "face down", "face down"]
    scenario.end_round(game)
    assert game.observe(None)["events"][:3] == ["A1", "A2", "face down"]


@rule("events.tax")
def test_an_event_that_raises_the_tax_does_so_when_revealed():
    game = scenario.new_game(2)
    game.state.events[:2] = ["A1", "A3"]  # A3: tax +1
    events = scenario.end_round(game)
    assert scenario.of_rule(events, "tax.pay")[0].data["groschen"] == 0  # round 1's tax was still 0
    assert scenario.of_rule(events, "events.tax")[0].data["tax"] == 1 and game.state.tax == 1
    assert game.pending().kind == "play" and game.state.round == 2


@rule("events.tax")
def test_a_revealed_tax_event_is_paid_at_the_end_of_its_round():
    game = scenario.new_game(2)
    game.state.events[:2] = ["A1", "B3"]  # B3: tax +2
    scenario.end_round(game)
    scenario.end_round(game)
    assert game.pending().kind == "tax" and game.tax_due(game.pending().player) == 2


@rule("decision.events-red-round")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_events_reach_the_round_that_brings_the_red_nobles_b_events_follow_none_in_the_last(players):
    for seed in range(4):
        game = scenario.new_game(players, seed=seed, events=True)
        red = 2 if players == 4 else 3
        letters = [e[:1] for e in game.state.events]
        assert letters == ["A"] * red + ["B"] * (game.rounds - 1 - red) + [""]
        assert len(set(game.state.events[:-1])) == game.rounds - 1


# ---------------------------------------------------------------------------------------------------- deck end
@rule("caps.deck-end")
def test_an_event_advance_at_the_last_card_of_a_deck_is_ignored():
    game = scenario.new_game(2)
    game.state.events[0] = "A1"
    game.state.stands.population = game.table.decks["population"].last - 1
    events = scenario.end_round(game)
    assert game.state.stands.population == 40
    (capped,) = scenario.of_rule(events, "caps.deck-end")
    assert capped.data == {"deck": "population", "position": 40}
    assert len(scenario.of_rule(events, "prices.advance")) == 1


@rule("caps.deck-end")
def test_a_mine_at_the_last_ore_card_still_raises_ore_production_but_not_the_deck():
    from .scenario import stack_mine_tiles

    game = quiet_game(2)
    game.state.stands.ore = game.table.decks["ore"].last
    stack_mine_tiles(game, "i-2")
    scenario.turn(game, 0)
    events = scenario.play(game, "play 1 mine", "mine i-2 1")
    assert game.state.seats[0].mine_ore == 1 and game.state.stands.ore == 30
    assert "caps.deck-end" in scenario.rules_of(events) and "prices.advance" not in scenario.rules_of(events)
