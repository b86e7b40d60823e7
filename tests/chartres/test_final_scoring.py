"""Final scoring (最終スコアリング) after the third era: windows, the cross, the path majorities, reputation × the
multiplier, leftovers, and the winner."""

import pytest

from games.chartres import citizens

from . import scenario
from .scenario import PARTS

rule = pytest.mark.rule


def final_scoring(game) -> list:
    """Empty the action rows (no wine), go to the bonus step of era 3's Phase F and play on, buying nothing, to
    the end of the game. Returns the events."""
    for p in range(game.players):
        scenario.set_row(game, p, [])
    scenario.start_phase(game, "bonus", era=3, round=4)
    events = scenario.finish(game)
    assert game.is_terminal()
    scenario.sound(game)
    return events


def ip_of(events, rule_id: str, players: int) -> list[int]:
    out = [0] * players
    for e in scenario.of_rule(events, rule_id):
        out[e.data["player"]] += e.data.get("ip", 0)
    return out


@rule("final.windows")
def test_each_player_scores_the_number_under_their_rightmost_built_window():
    game = scenario.new_game(3)
    for p, built in enumerate((0, 4, 9)):
        game.state.windows[p] = ["white"] * built
    events = final_scoring(game)
    assert ip_of(events, "final.windows", 3) == [0, PARTS.window_final[3], PARTS.window_final[8]] == [0, 6, 25]
    assert [row[0] for row in game.state.final] == [0, 6, 25]


@rule("final.cross")
def test_a_cross_on_level_three_earns_one_reputation_token_and_on_level_four_two():
    game = scenario.new_game(4)
    game.state.cross[:] = [1, 2, 3, 4]
    events = final_scoring(game)
    assert [e.data["player"] for e in scenario.of_rule(events, "final.cross")] == [2, 3]
    assert [row[1] for row in game.state.final] == [0, 0, 1, 2]


def path_reputation(players: int, warehouse, townhall=()):
    game = scenario.new_game(players)
    scenario.set_paths(game, warehouse=warehouse, townhall=townhall)
    final_scoring(game)
    return [row[2] for row in game.state.final], [row[3] for row in game.state.final]


@rule("final.paths")
def test_with_two_players_the_most_citizens_on_a_path_earn_two_reputation_and_the_other_player_one():
    assert path_reputation(2, warehouse=[0, 1, 0], townhall=[1, 1, 0]) == ([2, 1], [1, 2])


@rule("final.paths")
def test_with_three_players_first_place_earns_two_and_second_place_one():
    assert path_reputation(3, warehouse=[0, 1, 0, 2, 1, 0]) == ([2, 1, 0], [0, 0, 0])


@rule("final.paths")
def test_with_four_players_first_place_earns_two_and_second_and_third_place_one_each():
    assert path_reputation(4, warehouse=[3, 1, 0, 3, 1, 3, 2, 2], townhall=[2, 0]) == ([0, 1, 1, 2], [1, 0, 2, 0])


@rule("final.path-tiebreak")
def test_ties_on_a_path_go_to_the_player_whose_citizen_is_closest_to_the_building():
    # two citizens each: seat 2 holds space 1 (nearest the building), seat 0 space 2, seat 1 space 3
    assert path_reputation(3, warehouse=[2, 0, 1, 0, 1, 2]) == ([1, 0, 2], [0, 0, 0])
    assert citizens.path_ranking([2, 0, 1, 0, 1, 2], 3) == [2, 0, 1]
    assert path_reputation(2, warehouse=[-1, 1, 0]) == ([1, 2], [0, 0])


@rule("decision.empty-path")
def test_a_player_with_no_citizen_on_a_path_gets_no_reputation_for_it():
    assert path_reputation(2, warehouse=[0, 0], townhall=[]) == ([2, 0], [0, 0])
    assert path_reputation(4, warehouse=[0, 1], townhall=[3]) == ([2, 1, 0, 0], [0, 0, 0, 2])


@rule("final.reputation")
def test_reputation_tokens_are_multiplied_by_the_multiplier_at_the_shield():
    game = scenario.new_game(2)
    scenario.set_paths(game)  # nobody on a path
    game.state.reputation[:] = [3, 3]
    game.state.shield[:] = [5, 9]
    game.state.cross[:] = [3, 1]  # +1 token for seat 0
    events = final_scoring(game)
    assert PARTS.multiplier[4] == 4 and PARTS.multiplier[8] == 8
    assert ip_of(events, "final.reputation", 2) == [4 * 4, 3 * 8]
    assert [row[4:6] for row in game.state.final] == [[4, 16], [3, 24]]


@rule("final.leftovers")
def test_each_citizen_left_in_the_personal_supply_and_each_card_in_hand_scores_one_ip():
    game = scenario.new_game(2)
    scenario.set_personal(game, 0, 4)
    scenario.set_personal(game, 1, 0)
    scenario.give_hand(game, 0, scenario.cards_of(colour="red")[:2])
    scenario.give_hand(game, 1, scenario.cards_of(colour="purple")[:5])
    events = final_scoring(game)
    assert ip_of(events, "final.leftovers", 2) == [6, 5]
    assert [row[6] for row in game.state.final] == [6, 5]


def leftovers_only(personal: tuple[int, int], hand: tuple[int, int]):
    """A final scoring where nothing but the leftovers scores: no windows, nobody on a path, shield on level 1."""
    game = scenario.new_game(2)
    scenario.set_paths(game)
    for p in range(2):
        scenario.set_personal(game, p, personal[p])
        scenario.give_hand(game, p, scenario.cards_of(colour="yellow")[5 * p:5 * p + hand[p]])
    events = final_scoring(game)
    return game, events


@rule("final.winner")
def test_the_most_ip_wins():
    game, events = leftovers_only((1, 0), (3, 2))
    assert game.scores() == (4, 2) and game.outcome().winners == (0,)
    assert scenario.of_rule(events, "final.winner")[0].text == "Game over. Player 1 wins with 4 IP."


@rule("final.winner")
def test_a_tie_on_ip_goes_to_the_most_citizens_in_the_personal_supply_else_the_victory_is_shared():
    game, _ = leftovers_only((1, 3), (3, 1))
    assert game.scores() == (4, 4) and game.outcome().winners == (1,)
    game, events = leftovers_only((2, 2), (2, 2))
    assert game.scores() == (4, 4) and game.outcome().winners == (0, 1)
    assert scenario.of_rule(events, "final.winner")[0].text == "Game over. Player 1 and Player 2 win with 4 IP."


@rule("final.windows")
@rule("final.reputation")
@rule("final.leftovers")
def test_the_final_table_adds_up_to_the_score():
    game = scenario.new_game(2)
    game.state.windows[0] = ["white"] * 3
    game.state.shield[1] = 3
    events = final_scoring(game)
    for p in range(2):
        windows, cross, warehouse, townhall, tokens, rep_ip, left, total = game.state.final[p]
        assert tokens == cross + warehouse + townhall and total == game.state.ip[p]
        assert rep_ip == tokens * PARTS.multiplier[game.state.shield[p] - 1]
    assert sum(e.data.get("ip", 0) for e in events if e.rule.startswith("final.")) == sum(game.state.ip)
