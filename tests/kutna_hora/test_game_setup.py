"""Setup (ゲームの準備, プレイヤーの準備, ギルドの準備, 2人ゲーム—イベントカードの準備) and the shape of a round
(ゲームの進行) in the full game, for 2, 3 and 4 players."""

from collections import Counter

import pytest

from games.kutna_hora import mines
from games.kutna_hora.data import approx
from games.kutna_hora.data.components import GUILD_BUILDINGS, PUBLIC_BUILDINGS, TILES
from games.kutna_hora.game import KutnaHoraGame

from . import scenario

rule = pytest.mark.rule

COUNTS = (2, 3, 4)


def fresh(players: int, seed: int = 0, **options) -> KutnaHoraGame:
    """A game straight after setup, guild choices still to make (unless ``first_game``)."""
    return KutnaHoraGame(players=players, seed=seed, **options)


def of_rule(game: KutnaHoraGame, rule_id: str):
    return [e for e in game.log if e.rule == rule_id]


def idle_turn(game: KutnaHoraGame) -> int:
    """The player to move plays their lowest card for no effect; returns who played."""
    d = game.pending()
    assert d.kind == "play"
    game.apply(f"idle {min(game.state.seats[d.player].cards)}")
    return d.player


def finish_round(game: KutnaHoraGame) -> list[int]:
    """Idle every card of the current round (paying any tax); returns who played each card, in order."""
    start = game.state.round
    order = []
    while not game.is_terminal() and game.state.round == start:
        d = game.pending()
        if d.kind == "play":
            order.append(idle_turn(game))
        elif d.kind == "tax":
            game.apply("tax pay")
        else:
            game.apply("pass")
    return order


# ---------------------------------------------------------------- the boards


@rule("setup.round-track")
def test_the_round_track_has_six_rounds_for_two_or_three_players_and_five_for_four():
    for players, rounds in zip(COUNTS, (6, 6, 5), strict=True):
        game = scenario.new_game(players)
        assert game.rounds == rounds and game.observe()["rounds"] == rounds
        assert (game.state.round, game.state.tax) == (1, 0)
        assert of_rule(game, "setup.round-track")[0].data["rounds"] == rounds
        assert len(game.state.events) == rounds


@rule("setup.red-nobles")
def test_the_three_red_public_buildings_wait_on_round_three_or_on_round_two_with_four_players():
    for players, red_round in zip(COUNTS, (3, 3, 2), strict=True):
        game = scenario.new_game(players)
        assert sorted(game.state.red_track) == ["red-1", "red-2", "red-3"]
        assert not any(st.name == "red" for row in game.state.hall.rows for st in row)
        assert f"wait on round {red_round} " in of_rule(game, "setup.red-nobles")[0].text
        assert game.observe()["red_track"] == 3


@rule("setup.red-nobles")
def test_with_four_players_the_red_buildings_stay_on_the_track_through_round_one_and_enter_after_round_two():
    game = scenario.new_game(4)
    finish_round(game)
    assert game.state.round == 2 and len(game.state.red_track) == 3
    finish_round(game)
    assert game.state.round == 3 and game.state.red_track == []
    assert sorted(row[-1].tiles[0] for row in game.state.hall.rows) == ["red-1", "red-2", "red-3"]
    scenario.sound(game)


@rule("setup.town-hall")
def test_each_guild_stack_in_the_two_left_columns_has_its_marked_tile_at_the_bottom():
    for players in COUNTS:
        for seed in range(3):
            hall = scenario.new_game(players, seed).state.hall
            assert [len(row) for row in hall.rows] == [3, 3, 3]
            guild_stacks = [st for row in hall.rows for st in row[:2]]
            assert sorted(st.name for st in guild_stacks) == sorted({t.guild for t in GUILD_BUILDINGS})
            for st in guild_stacks:
                assert st.kind == "guild" and len(st.tiles) == 4
                assert TILES[st.tiles[0]].marked and st.tiles[0] == f"{st.name}-4"
                assert sorted(st.tiles[1:]) == [f"{st.name}-{i}" for i in (1, 2, 3)]
    layouts = {tuple(st.name for row in scenario.new_game(2, seed).state.hall.rows for st in row) for seed in range(10)}
    assert len(layouts) > 3


@rule("setup.public-stacks")
def test_green_silver_and_yellow_public_buildings_are_three_shuffled_stacks_in_the_third_column():
    game = scenario.new_game(3)
    hall = game.state.hall
    assert [row[2].name for row in hall.rows] == ["green", "silver", "yellow"]
    for row in hall.rows:
        st = row[2]
        assert st.kind == "public"
        assert sorted(st.tiles) == sorted(t.id for t in PUBLIC_BUILDINGS if t.colour == st.name)
    orders = {tuple(scenario.new_game(2, seed).state.hall.rows[0][2].tiles) for seed in range(12)}
    assert len(orders) > 2


@rule("setup.mine-board")
def test_a_random_mine_setup_card_puts_the_four_rocks_face_up_on_its_spaces():
    cards = set()
    for seed in range(12):
        game = scenario.new_game(2, seed)
        card = of_rule(game, "setup.mine-board")[0].data["card"]
        cards.add(card)
        spaces = {mines.space(r, c) for r, c in approx.MINE_SETUP.value[card - 1]}
        rocks = {i: cell for i, cell in enumerate(game.state.mine) if cell}
        assert set(rocks) == spaces
        assert sorted(mines.ROCKS[cell] for cell in rocks.values()) == [1, 1, 2, 2]
        assert not spaces & mines.ENTRANCE_SPACES
        assert all(o == -1 for o in game.state.mine_owner)
    assert len(cards) > 4


@rule("setup.card-stands")
def test_both_decks_start_at_card_zero_with_every_slider_at_the_far_left():
    game = scenario.new_game(2)
    assert (game.stands.population, game.stands.ore) == (0, 0)
    assert set(game.stands.sliders.values()) == {0} and len(game.stands.sliders) == 5
    assert game.prices() == {"wood": 2, "food": 2, "beer": 3, "permits": 2, "silver": 3, "ore": 4}
    assert scenario.rules_of(game.log).count("setup.card-stands") == 1


@rule("setup.st-barbara")
def test_st_barbara_starts_with_tile_one_current():
    game = scenario.new_game(4)
    assert game.state.barbara == 0 and game.observe()["barbara"] == 0
    assert "1-5 in the bottom row, 6-10 in the middle, 11 on top" in of_rule(game, "setup.st-barbara")[0].text


@rule("setup.bank")
def test_the_bank_holds_exactly_three_nobles_of_each_colour_and_the_pool_and_council_are_empty():
    game = scenario.new_game(3)
    s = game.state
    assert s.bank == {"green": 3, "silver": 3, "yellow": 3, "red": 3}
    assert set(s.pool.values()) == {0} and set(s.council.values()) == {0}


@rule("setup.mine-stack")
def test_mine_tiles_are_stacked_i_over_ii_over_iii_and_technology_tiles_with_i_on_top():
    for seed in range(3):
        game = scenario.new_game(2, seed)
        s = game.state
        backs = [mines.TILES[t].back for t in reversed(s.mine_stack)]  # top first
        assert backs == ["I"] * 9 + ["II"] * 9 + ["III"] * 9
        assert s.tech_stack[-1] == "t-1" and list(reversed(s.tech_stack)) == ["t-1", "t-2", "t-3", "t-4"]
        assert s.mine_discard == [] and s.mine_drawn == [] and s.tech_removed == []
        view = game.observe()
        assert (view["mine_stack"], view["mine_stack_back"], view["technology"], view["tech_left"]) == (27, "I", 1, 4)
    tops = {scenario.new_game(2, seed).state.mine_stack[-1] for seed in range(10)}
    assert len(tops) > 2  # each back is shuffled


@rule("setup.players")
def test_each_player_starts_with_score_zero_one_miner_in_the_pool_and_no_tiles():
    for players in COUNTS:
        game = scenario.new_game(players)
        for p, seat in enumerate(game.state.seats):
            assert (seat.score, seat.pool, seat.reserve, seat.reputation) == (0, 1, 8, 2)
            assert (seat.pelicans, seat.used_pelicans, seat.held, seat.production) == (0, 0, [], {})
            assert seat.houses_taken == [0, 0, 0] and seat.cards == [1, 2, 3, 4, 5, 6]
            assert seat.groschen == 40 + p
        assert game.scores() == (0,) * players
        scenario.sound(game)


@rule("setup.groschen")
def test_starting_groschen_are_40_41_42_43_from_the_start_player():
    assert [s.groschen for s in scenario.new_game(4).state.seats] == [40, 41, 42, 43]
    assert [s.groschen for s in scenario.new_game(3).state.seats] == [40, 41, 42]
    assert [s.groschen for s in scenario.new_game(2).state.seats] == [40, 41]
    text = of_rule(scenario.new_game(4), "setup.players")[0].text
    assert "Player 1 40, Player 2 41, Player 3 42, Player 4 43" in text


# ---------------------------------------------------------------- guilds


@rule("setup.guild-card")
def test_a_random_guild_setup_card_offers_one_set_per_player_from_its_row():
    seen = set()
    for seed in range(10):
        for players in COUNTS:
            game = fresh(players, seed)
            card = game.state.guild_card
            seen.add(card)
            assert of_rule(game, "setup.guild-card")[0].data["card"] == card + 1
            view = game.observe()
            assert view["guild_card"] == card + 1
            assert view["guild_sets"] == [list(gs) for gs in approx.GUILD_SETUP.value[card][:players]]
    assert len(seen) > 4


@rule("setup.guild-sets")
def test_guild_sets_are_chosen_from_the_last_player_counterclockwise_and_the_start_player_gets_the_last():
    for players in COUNTS:
        game = fresh(players, seed=7)
        sets = approx.GUILD_SETUP.value[game.state.guild_card]
        choosers = []
        while game.pending().kind == "guilds":
            p = game.pending().player
            choosers.append(p)
            assert len(scenario.legal(game)) == players - len(choosers) + 1
            game.apply(scenario.legal(game)[-1])  # the highest set still open
        assert choosers == list(range(players - 1, 0, -1))
        # each chooser took the highest open set, so seat p holds set p and the start player set 1
        assert [s.guilds for s in game.state.seats] == [list(sets[p]) for p in range(players)]
        assert game.state.guild_sets == []
        last = of_rule(game, "setup.guild-sets")[-1]
        assert "(start player) takes the set left" in last.text and last.data["player"] == 0


@rule("setup.guild-sets")
def test_with_two_players_only_the_second_player_chooses():
    game = fresh(2, seed=4)
    assert game.pending().player == 1 and scenario.legal(game) == ["guilds 1", "guilds 2"]
    scenario.play(game, "guilds 1")
    sets = approx.GUILD_SETUP.value[game.state.guild_card]
    assert game.state.seats[1].guilds == list(sets[0]) and game.state.seats[0].guilds == list(sets[1])
    assert game.pending().kind == "rows" and game.pending().player == 0


@rule("setup.guild-rows")
def test_rows_are_chosen_clockwise_from_the_start_player_in_any_order_of_the_three_guilds():
    for players in COUNTS:
        game = fresh(players, seed=2)
        while game.pending().kind == "guilds":
            game.apply(scenario.legal(game)[0])
        order = []
        while game.pending().kind == "rows":
            p = game.pending().player
            order.append(p)
            guilds = game.state.seats[p].guilds
            options = scenario.legal(game)
            assert len(options) == 6 and all(sorted(o.split()[1:]) == sorted(guilds) for o in options)
            chosen = [guilds[2], guilds[0], guilds[1]]
            game.apply("rows " + " ".join(chosen))
            assert game.state.seats[p].guilds == chosen
        assert order == list(range(players))
        assert game.pending().kind == "play" and game.pending().player == 0
        scenario.sound(game)


@rule("setup.guild-rows")
def test_the_row_order_decides_which_row_a_guild_building_takes_its_house_from():
    game = fresh(2, seed=4)
    scenario.play(game, "guilds 1")
    guilds = game.state.seats[0].guilds
    last = guilds[2]
    scenario.play(game, f"rows {last} {guilds[0]} {guilds[1]}", "rows " + " ".join(game.state.seats[1].guilds))
    assert game.state.seats[0].guilds[0] == last
    tile = scenario.give_tile(game, 0, f"{last}-1")
    scenario.put_marker(game, 0, 12)
    events = scenario.play(game, "play 3 build", f"build {tile} 12")
    assert game.state.seats[0].houses_taken == [1, 0, 0]  # the top row, where the player put that guild
    assert [e.data for e in events if e.rule == "build.house"][0] == {"player": 0, "row": 0, "column": 0}
    scenario.sound(game)


@rule("setup.first-game")
def test_the_first_game_uses_guild_card_one_with_its_printed_sets_and_rows_and_asks_nothing():
    for players in COUNTS:
        game = scenario.new_game(players)  # first_game=True
        assert game.state.guild_card == 0 and game.observe()["guild_card"] == 1
        assert [s.guilds for s in game.state.seats] == [list(gs) for gs in approx.GUILD_SETUP.value[0][:players]]
        assert game.state.seats[0].guilds == ["metallurgists", "miners", "builders"]
        assert game.pending().kind == "play" and game.pending().player == 0
        rules = scenario.rules_of(game.log)
        assert "setup.first-game" in rules and "setup.guild-card" not in rules


# ---------------------------------------------------------------- events


@rule("setup.events")
def test_two_players_get_an_event_above_every_round_but_the_last():
    for seed in range(6):
        events = scenario.new_game(2, seed).state.events
        assert [e[0] for e in events[:3]] == ["A", "A", "A"] and [e[0] for e in events[3:5]] == ["B", "B"]
        assert events[5] == "" and len(set(events[:5])) == 5


@rule("setup.events")
def test_three_and_four_players_play_without_events_unless_asked():
    for players in (3, 4):
        game = scenario.new_game(players)
        assert set(game.state.events) == {""} and "setup.events" not in scenario.rules_of(game.log)
        with_events = scenario.new_game(players, events=True)
        assert with_events.state.events[-1] == "" and all(with_events.state.events[:-1])
        assert "setup.events" in scenario.rules_of(with_events.log)
    assert [e[0] for e in scenario.new_game(3, events=True).state.events[:5]] == list("AAABB")
    assert [e[0] for e in scenario.new_game(4, events=True).state.events[:4]] == list("AABB")


@rule("setup.events")
def test_round_ones_event_is_revealed_before_play_and_its_tax_icon_acts_at_once():
    game = scenario.new_game(2)
    first = game.state.events[0]
    assert [e.data["event"] for e in of_rule(game, "events.reveal")] == [first]
    view = game.observe()
    assert set(view["events"][1:5]) == {"face down"} and view["events"][5] == ""
    seed = next(s for s in range(60) if scenario.new_game(2, s).state.events[0] == "A3")  # A3: tax +1
    taxed = scenario.new_game(2, seed)
    assert taxed.state.tax == approx.EVENTS[2].tax == 1


@rule("setup.events")
def test_the_revealed_event_of_the_current_round_is_shown_face_up():
    game = scenario.new_game(2)
    assert game.observe()["events"][0] == game.state.events[0]  # revealed at setup (events.reveal)


@rule("decision.events-red-round")
def test_the_round_that_brings_the_red_nobles_takes_an_a_event():
    for players, red_round in ((2, 3), (3, 3), (4, 2)):
        for seed in range(4):
            events = scenario.new_game(players, seed, events=True).state.events
            assert events[red_round - 1].startswith("A")
            assert events[red_round].startswith("B")


# ---------------------------------------------------------------- the round


@rule("round.start")
def test_the_start_player_takes_the_first_turn_of_round_one():
    for players in COUNTS:
        game = scenario.new_game(players)
        d = game.pending()
        assert (d.player, d.kind, game.state.plays_left) == (0, "play", 2)
        start = of_rule(game, "round.start")
        assert len(start) == 1 and start[0].text.startswith(f"Round 1 of {game.rounds}: Player 1 starts")


@rule("round.start")
@rule("flow.cards-per-turn")
def test_turns_go_clockwise_with_two_cards_in_each_of_the_first_two_turns_and_one_in_the_last():
    expected = {
        2: [0, 0, 1, 1, 0, 0, 1, 1, 0, 1],
        3: [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 1, 2],
        4: [0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 2, 2, 3, 3, 0, 1, 2, 3],
    }
    for players in COUNTS:
        game = scenario.new_game(players)
        order = finish_round(game)
        assert order == expected[players]
        assert Counter(order) == {p: 5 for p in range(players)}
        assert game.state.round == 2


@rule("flow.cards-per-turn")
def test_the_prompt_counts_the_cards_left_in_the_turn():
    game = scenario.new_game(2)
    assert "2 to play this turn" in game.pending().prompt
    scenario.play(game, "idle 1")
    assert game.pending().player == 0 and "1 to play this turn" in game.pending().prompt
    scenario.play(game, "idle 2")
    assert game.pending().player == 1 and "turn 1" in game.pending().prompt
    for _ in range(6):
        idle_turn(game)
    assert game.pending().player == 0 and "turn 3" in game.pending().prompt
    assert game.state.plays_left == 1 and game.state.seats[0].cards == [5, 6]


@rule("flow.card")
def test_a_card_played_for_one_action_loses_its_other_half_for_the_round():
    game = scenario.new_game(2)
    events = scenario.play(game, "play 1 mine")
    card = [e for e in events if e.rule == "flow.card"][0]
    assert card.data == {"player": 0, "card": 1, "action": "mine"} and "(plot) is lost this round" in card.text
    assert game.state.seats[0].cards == [2, 3, 4, 5, 6]
    scenario.play(game, "discard")
    assert not scenario.has(game, "play 1 plot") and not scenario.has(game, "play 1 mine")
    assert scenario.has(game, "play 3 plot")


@rule("decision.action-cards")
def test_the_six_action_cards_show_the_designed_pairs_of_actions():
    assert approx.ACTION_CARDS.value == (("plot", "mine"), ("mine", "joker"), ("plot", "build"), ("rights", "income"),
                                    ("rights", "build"), ("income", "barbara"))
    game = scenario.new_game(2)
    # build needs a held tile and a plot, St. Barbara a pelican: those halves are not offered yet
    assert [a for a in scenario.legal(game) if a.startswith("play")] == [
        "play 1 mine", "play 1 plot", "play 2 mine", "play 3 plot", "play 4 income", "play 4 rights",
        "play 5 rights", "play 6 income"]
    assert [a for a in scenario.legal(game) if a.startswith("joker")] == [
        "joker 2 income", "joker 2 mine", "joker 2 plot", "joker 2 rights"]
    assert [a for a in scenario.legal(game) if a.startswith("idle")] == [f"idle {c}" for c in range(1, 7)]


@rule("round.next")
def test_after_a_round_cards_return_and_the_start_player_marker_passes_left():
    game = scenario.new_game(3)
    finish_round(game)
    nxt = of_rule(game, "round.next")
    assert len(nxt) == 1 and nxt[0].data["start"] == 1
    assert game.state.start == 1 and game.state.round == 2
    assert all(seat.cards == [1, 2, 3, 4, 5, 6] for seat in game.state.seats)
    assert game.pending().player == 1 and of_rule(game, "round.start")[-1].text.startswith("Round 2 of 6: Player 2")
    assert finish_round(game)[:6] == [1, 1, 2, 2, 0, 0]
    assert game.state.start == 2
    finish_round(game)
    assert game.state.start == 0 and game.pending().player == 0 and game.state.round == 4
    scenario.sound(game)
