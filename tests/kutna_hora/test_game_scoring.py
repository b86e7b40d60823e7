"""The end of the game and final scoring (最終得点計算) in the full game (``kutna_hora.game``): town icon matching,
mine rows, income, reputation, leftovers and the winner; and every point of a finished game is in the log."""

import pytest

from games.core import Rng
from games.kutna_hora import mines
from games.kutna_hora.data import approx, rulebook
from games.kutna_hora.game import KutnaHoraGame
from games.kutna_hora.state import Pending

from . import scenario

rule = pytest.mark.rule



def points_by_player(events, rule_id: str, players: int) -> list[int]:
    out = [0] * players
    for e in scenario.of_rule(events, rule_id):
        out[e.data["player"]] += e.data["points"]
    return out


def finish(game) -> list:
    """Jump to the last round's last card, play it for no effect, pay any tax; return the events to the end."""
    events = scenario.end_round(game, game.rounds)
    while not game.is_terminal():
        events += scenario.play(game, "tax pay")
    scenario.sound(game)
    return events


def row_with_rock(game, stars: int) -> int:
    """A mine row whose rock has ``stars`` stars."""
    return next(r for r in range(mines.ROWS) for c in range(mines.COLUMNS)
                if mines.ROCKS.get(game.state.mine[mines.space(r, c)]) == stars)


def fill_row(game, row: int, owned: list[tuple[int, str]]) -> None:
    """Put each (player, mine tile) on the row's empty spaces, left to right."""
    spaces = [mines.space(row, c) for c in range(mines.COLUMNS) if not game.state.mine[mines.space(row, c)]]
    for (player, tile), space in zip(owned, spaces, strict=False):
        scenario.put_mine(game, player, tile, space)


# ---------------------------------------------------------------------------------------------------- the end
@rule("end.game-over")
@pytest.mark.parametrize(("players", "rounds"), [(2, 6), (3, 6), (4, 5)])
def test_the_game_ends_after_round_6_or_round_5_with_4_players(players, rounds):
    game = scenario.new_game(players)
    assert game.rounds == rounds
    events = finish(game)
    assert scenario.of_rule(events, "end.game-over")[0].text == f"The game ends after round {rounds}."
    assert game.is_terminal() and game.pending() is None and len(game.legal_actions()) == 0
    assert game.outcome() is not None
    assert game.state.phase == "over" and game.state.stack == [] and game.current_player is None


def test_a_game_marked_over_with_a_step_still_pending_breaks_an_invariant():
    game = scenario.new_game(2)
    game.state.phase = "over"
    assert game.invariant_breaks()[0] == "phase over with 1 step(s) pending"


@rule("end.game-over")
def test_the_round_before_the_last_does_not_end_the_game():
    game = scenario.new_game(4)
    s = game.state
    s.round, s.turn, s.plays_left = 4, 11, 1
    s.stack = [Pending("play", 3)]
    events = scenario.play(game, "idle 1")
    assert not scenario.of_rule(events, "end.game-over") and game.state.round == 5 and not game.is_terminal()


@rule("end.final-scoring")
def test_final_scoring_gives_each_category_of_the_breakdown_shown_before_it():
    game = scenario.new_game(2)
    scenario.put_building(game, 0, "builders-1", 5)
    scenario.put_building(game, -1, "yellow-1", 0)
    scenario.put_building(game, 1, "grocers-1", 6)
    fill_row(game, row_with_rock(game, 1), [(0, "iii-2"), (1, "ii-1")])
    seat = game.state.seats[0]
    seat.production, seat.reputation, seat.pelicans = {"silver": 4}, 6, 2
    scenario.give_tile(game, 1, "public-green")
    before = [game.final_breakdown(p) for p in range(2)]
    events = finish(game)
    categories = ("town", "mines", "income", "reputation", "leftovers")
    for p in range(2):
        logged = {c: points_by_player(events, f"end.{c}", 2)[p] for c in categories}
        assert logged == before[p]
    assert before[0] == {"town": 5, "mines": 2, "income": 1, "reputation": 5, "leftovers": 2}
    assert before[1] == {"town": 1, "mines": 1, "income": 0, "reputation": 0, "leftovers": 1}
    assert [seat.score for seat in game.state.seats] == [15, 3]
    assert scenario.of_rule(events, "end.final-scoring")


# ---------------------------------------------------------------------------------------------------- town
@rule("end.town")
def test_the_rulebook_sawmill_scores_6_from_a_public_building_two_neighbours_and_the_board_edge():
    # 青の製材所 (red + yellow icons): 3 from the public building above, 1 right, 1 below, 1 from the edge village
    game = scenario.new_game(2)
    scenario.put_building(game, 0, "builders-1", 5)  # red, yellow; row 2 column 1 of the 5 × 5 town: a yellow edge icon
    scenario.put_building(game, -1, "yellow-1", 0)  # above: yellow, yellow, red
    scenario.put_building(game, 1, "grocers-1", 6)  # right: green, yellow
    scenario.put_building(game, 1, "tavern-1", 10)  # below: blue, red
    events = finish(game)
    town = scenario.of_rule(events, "end.town")
    assert [(e.data["player"], e.data["points"]) for e in town] == [(0, 6), (1, 1), (1, 1)]
    assert "yellow-1 3, grocers-1 1, tavern-1 1, edge 1" in town[0].text


@rule("end.town")
def test_public_buildings_score_for_nobody_and_unmatched_buildings_score_nothing():
    game = scenario.new_game(2)
    scenario.put_building(game, 0, "builders-2", 12)  # green, blue
    scenario.put_building(game, -1, "red-1", 7)  # red, red, yellow: no match
    scenario.put_building(game, 1, "scribes-1", 13)  # yellow, green: 1 for each
    events = finish(game)
    assert points_by_player(events, "end.town", 2) == [1, 1]
    assert len(scenario.of_rule(events, "end.town")) == 2


@rule("end.town")
def test_a_building_on_an_edge_without_an_icon_gets_nothing_from_the_edge():
    game = scenario.new_game(2)
    scenario.put_building(game, 0, "builders-1", 10)  # red, yellow; row 3 column 1: that edge segment has no icon
    scenario.put_building(game, 0, "metallurgists-1", 0)  # red, blue; row 1 column 1: a red icon on the top edge
    events = finish(game)
    (scored,) = scenario.of_rule(events, "end.town")
    assert scored.data["points"] == 1 and "metallurgists-1 on plot 0: edge 1" in scored.text


# ---------------------------------------------------------------------------------------------------- mines
@rule("end.mines")
def test_the_rulebook_six_star_row_scores_3_3_1_and_nothing_for_the_player_without_stars():
    # 紫 and 青 2 stars each share 1st (3 each), nobody is 2nd, 緑 1 star is 3rd (1), 橙 has a mine but no star
    game = scenario.new_game(4)
    row = row_with_rock(game, 1)
    fill_row(game, row, [(0, "iii-2"), (1, "iii-5"), (2, "ii-1"), (3, "i-1")])
    assert mines.row_stars(game.state.mine, row) == 6
    assert approx.row_values(6) == rulebook.SIX_STAR_ROW.value == (3, 2, 1)
    events = finish(game)
    assert points_by_player(events, "end.mines", 4) == [3, 3, 1, 0]
    assert [e.data["player"] for e in scenario.of_rule(events, "end.mines")] == [0, 1, 2]


@rule("end.mines")
def test_a_mine_without_stars_scores_nothing_even_alone_in_its_row():
    game = scenario.new_game(2)
    row = row_with_rock(game, 2)
    fill_row(game, row, [(1, "i-1"), (1, "i-3")])  # no stars: the row is worth 1 / 0 / 0 from its rock alone
    events = finish(game)
    assert points_by_player(events, "end.mines", 2) == [0, 0]


@rule("end.mines")
def test_each_row_is_scored_on_its_own_by_the_stars_in_it():
    game = scenario.new_game(2)
    one, two = row_with_rock(game, 1), row_with_rock(game, 2)
    fill_row(game, one, [(0, "ii-1"), (1, "iii-2"), (1, "iii-5")])  # 1 + 4 + rock 1 = 6 stars: 3 / 2 / 1
    fill_row(game, two, [(0, "iii-8"), (1, "ii-2")])  # 2 + 1 + rock 2 = 5 stars: 2 / 1 / 0
    events = finish(game)
    by_row = [(e.data["player"], e.data["points"]) for e in scenario.of_rule(events, "end.mines")]
    expected = {one: [(0, 2), (1, 3)], two: [(0, 2), (1, 1)]}
    assert by_row == expected[min(one, two)] + expected[max(one, two)]


@rule("end.mine-ties")
def test_players_tied_for_2nd_both_score_2nd_in_full_and_nobody_scores_3rd():
    game = scenario.new_game(4)
    row = row_with_rock(game, 1)
    fill_row(game, row, [(0, "iii-2"), (0, "ii-1"), (1, "ii-2"), (2, "ii-3")])  # 3, 1, 1 stars + rock 1 = 6
    events = finish(game)
    assert points_by_player(events, "end.mines", 4) == [3, 2, 2, 0]


@rule("end.mine-ties")
def test_three_players_tied_for_1st_all_score_1st():
    game = scenario.new_game(4)
    row = row_with_rock(game, 2)
    fill_row(game, row, [(0, "ii-1"), (1, "ii-2"), (2, "ii-3"), (3, "i-1")])  # 1, 1, 1, 0 + rock 2 = 5: 2 / 1 / 0
    events = finish(game)
    assert points_by_player(events, "end.mines", 4) == [2, 2, 2, 0]


# ------------------------------------------------------------------------------ income, reputation, leftovers
@rule("end.income")
def test_final_income_divided_by_10_rounded_down_is_scored():
    game = scenario.new_game(2)
    game.state.seats[0].production = {"ore": 12}  # 12 × 4 = 48: the rulebook's example, 4 points
    game.state.seats[1].production = {"food": 3, "beer": 3}  # 6 + 9 = 15: 1 point
    assert [game.income_of(p) for p in range(2)] == [48, 15]
    events = finish(game)
    assert points_by_player(events, "end.income", 2) == [4, 1]
    assert "income 48 ÷ 10" in scenario.of_rule(events, "end.income")[0].text


@rule("end.income")
def test_income_under_10_scores_nothing():
    game = scenario.new_game(2)
    game.state.seats[0].production = {"silver": 3}  # 9
    events = finish(game)
    assert points_by_player(events, "end.income", 2) == [0, 0]


@rule("end.reputation")
@pytest.mark.parametrize(("reputation", "points"), [(0, -3), (1, -1), (2, 0), (3, 1), (5, 3), (6, 5), (8, 9)])
def test_the_reputation_marker_scores_or_loses_the_points_printed_at_its_space(reputation, points):
    game = scenario.new_game(2)
    game.state.seats[1].reputation = reputation
    events = finish(game)
    assert points_by_player(events, "end.reputation", 2) == [0, points]
    assert game.state.seats[1].score == points


@rule("end.leftovers")
def test_each_held_tile_unbuilt_plot_and_unused_pelican_is_1_point():
    game = scenario.new_game(2)
    scenario.give_tile(game, 0, "builders-1")
    scenario.give_tile(game, 0, "public-green")
    scenario.put_marker(game, 0, 3)
    seat = game.state.seats[0]
    seat.pelicans, seat.used_pelicans = 3, 4  # used pelicans are not leftovers
    events = finish(game)
    assert points_by_player(events, "end.leftovers", 2) == [6, 0]
    assert "2 held tiles, 1 empty plots, 3 unused pelicans" in scenario.of_rule(events, "end.leftovers")[0].text


# ---------------------------------------------------------------------------------------------------- winner
@rule("end.winner")
def test_most_points_wins_even_with_fewer_groschen():
    game = scenario.new_game(2)
    game.state.seats[0].pelicans = 1  # 1 leftover point; player 2 has 41 groschen to 40
    finish(game)
    assert game.outcome().winners == (0,) and game.outcome().scores == (1, 0)


@rule("end.winner")
def test_tied_points_go_to_the_player_with_more_groschen():
    game = scenario.new_game(2)
    finish(game)
    assert game.scores() == (0, 0) and [s.groschen for s in game.state.seats] == [40, 41]
    assert game.outcome().winners == (1,)


@rule("end.winner")
def test_tied_points_and_groschen_share_the_win():
    game = scenario.new_game(3)
    for seat in game.state.seats:
        seat.groschen = 25
    finish(game)
    assert game.outcome().winners == (0, 1, 2)


# ---------------------------------------------------------------------------------------------------- the log
@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_the_end_of_random_games_each_score_is_the_sum_of_the_logged_points(players):
    for seed in range(3):
        game, pick = KutnaHoraGame(players=players, seed=seed, events=seed % 2 == 1), Rng(seed)
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply(legal[pick.below(len(legal))])
        logged = [0] * players
        for e in game.log:
            if "points" in e.data:
                logged[e.data["player"]] += e.data["points"]
        assert logged == list(game.scores()), (players, seed)
        assert game.invariant_breaks() == []
        assert {e.rule for e in game.log if "points" in e.data} >= {"end.reputation"}
