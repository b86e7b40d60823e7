"""Moving on the status board, the cellar and the cross tower (ステータスボード、地下室、十字架の塔での前進), with their
bonuses, the IP past their ends and chain reactions."""

import pytest

from . import scenario
from .scenario import PARTS

rule = pytest.mark.rule

CHAPTER_HOUSE, VINEYARD = scenario.location("chapter house"), scenario.location("vineyard")
LODGE = scenario.location("stonemasons' lodge")
TWO_SHIELDS = scenario.card(colour="yellow", main=("discard:any", "shield", "shield"), bonus=("draw:1",))
BARREL_THEN_BARREL = scenario.card(colour="yellow", main=("barrel",), bonus=("barrel",))


def take(game, lid: str, *then: str):
    scenario.show_locations(game, [lid])
    return scenario.play(game, f"location {lid}", *then)


@rule("track.hand-limit")
def test_the_hand_limit_rises_with_the_shield_from_three_to_seven():
    game = scenario.new_game(2)
    limits = []
    for level in range(1, 10):
        game.state.shield[0] = level
        limits.append(game.hand_limit(0))
    assert limits == list(PARTS.hand_limit) and limits[0] == 3 and limits[-1] == 7 and limits == sorted(limits)
    game = scenario.new_game(2)
    game.state.shield[0] = 2
    events = take(game, CHAPTER_HOUSE)
    assert game.state.shield[0] == 3 and game.hand_limit(0) == 4
    assert "hand limit 4, reputation ×2" in scenario.of_rule(events, "track.hand-limit")[0].text


@rule("track.status")
def test_reaching_a_status_space_with_a_citizen_gives_the_citizen_at_once():
    game = scenario.new_game(2)
    game.state.shield[0] = 2
    events = take(game, CHAPTER_HOUSE)
    assert scenario.rules_of(events)[:4] == ["location.take", "ability.main-bonus", "track.hand-limit", "track.status"]
    assert game.state.personal[0] == 3


@rule("track.status")
def test_passing_a_status_space_gives_its_bonus_too():
    game = scenario.new_game(2)
    game.state.shield[0] = 6  # two steps pass level 7 (draw 2 cards) and reach 8
    scenario.give_hand(game, 0, [])
    plays = scenario.ready_to_activate(game, 0, TWO_SHIELDS, hand=scenario.cards_of(colour="purple")[:1])
    scenario.play_cards(game, plays)
    purple = scenario.cards_of(colour="purple")[0]
    events = scenario.play(game, f"discard {purple}", "resolve")  # the bonus is a choice (act.bonus)
    assert game.state.shield[0] == 8
    assert [e.data.get("cards") for e in scenario.of_rule(events, "track.status")] == [2]
    assert len(game.state.hand[0]) == 3  # 2 from level 7, 1 from the card's bonus


@rule("track.status-top")
def test_each_step_past_the_top_status_space_scores_two_ip():
    game = scenario.new_game(2)
    game.state.shield[0] = PARTS.status_levels
    events = take(game, CHAPTER_HOUSE)
    assert game.state.shield[0] == 9 and game.state.ip[0] == 2
    assert scenario.of_rule(events, "track.status-top")[0].data["ip"] == 2


@rule("track.cellar")
def test_passing_or_reaching_a_cellar_space_gives_its_bonus():
    game = scenario.new_game(2)
    scenario.give_hand(game, 0, [])
    events = take(game, VINEYARD)  # space 0 -> 1: draw 2 cards
    assert game.state.barrel[0] == 1 and len(game.state.hand[0]) == 2
    assert scenario.rules_of(events)[2:4] == ["track.cellar", "track.cellar"]
    game = scenario.new_game(2)
    game.state.barrel[0] = 6
    take(game, VINEYARD)  # 6 -> 7: a reputation token
    assert game.state.reputation[0] == 1
    game = scenario.new_game(2)
    game.state.barrel[0] = 4
    take(game, VINEYARD)  # 4 -> 5: a citizen
    assert game.state.personal[0] == 3
    scenario.sound(game)


@rule("track.cellar-end")
@rule("decision.barrel-start")
def test_each_step_past_the_last_cellar_space_scores_two_ip():
    game = scenario.new_game(2)
    last = len(PARTS.cellars["A"].values) - 1
    game.state.barrel[0] = last
    events = take(game, VINEYARD)
    assert game.state.barrel[0] == last and game.state.ip[0] == 2
    assert scenario.of_rule(events, "track.cellar-end")[0].data["ip"] == 2


@rule("track.cross")
def test_the_cross_climbs_the_tower_and_each_step_past_the_top_scores_three_ip():
    game = scenario.new_game(2)
    scenario.give_hand(game, 0, scenario.cards_of(colour="red")[:1])
    events = take(game, LODGE, f"discard {scenario.cards_of(colour='red')[0]}", "resolve")  # cross +1, bonus cross +1
    assert game.state.cross[0] == 3 and scenario.rules_of(events).count("track.cross") == 2
    game = scenario.new_game(2)
    game.state.cross[0] = PARTS.cross_levels - 1
    scenario.give_hand(game, 0, scenario.cards_of(colour="red")[:1])
    events = take(game, LODGE, f"discard {scenario.cards_of(colour='red')[0]}", "resolve")
    assert game.state.cross[0] == 4 and game.state.ip[0] == 3
    assert [e.data.get("ip") for e in scenario.of_rule(events, "track.cross")] == [None, 3]


@rule("decision.stairs")
def test_the_stairs_on_status_level_five_move_the_cross_up_one():
    game = scenario.new_game(2)
    game.state.shield[0] = 4
    events = take(game, CHAPTER_HOUSE)
    assert game.state.shield[0] == 5 and game.state.cross[0] == 2
    assert scenario.rules_of(events)[2:5] == ["track.hand-limit", "decision.stairs", "track.cross"]
    assert "status level 5" in events[2].text and "tower level 2" in events[4].text


@rule("decision.stairs")
def test_the_cross_step_from_the_stairs_is_logged_under_the_stairs_decision():
    game = scenario.new_game(2)
    game.state.shield[0] = 4
    events = take(game, CHAPTER_HOUSE)
    assert "decision.stairs" in scenario.rules_of(events)


@rule("track.chain")
@rule("decision.chain-order")
def test_a_cellar_bonus_moves_the_shield_whose_stairs_move_the_cross_depth_first_in_printed_order():
    game = scenario.new_game(2)
    game.state.barrel[0], game.state.shield[0] = 2, 4
    events = scenario.play_cards(game, scenario.ready_to_activate(game, 0, BARREL_THEN_BARREL))
    events += scenario.play(game, "resolve")  # the bonus is the player's choice (act.bonus)
    mine = [e.rule for e in events if e.data.get("player") == 0 and e.rule.startswith(("track", "decision", "act"))]
    # main: barrel to space 3 (shield up: level 5, stairs: cross up), and only then the bonus (offered, then
    # chosen): barrel to space 4
    assert mine == ["act.match", "track.cellar", "track.hand-limit", "decision.stairs", "track.cross", "act.bonus",
                    "act.bonus", "track.cellar"]
    assert [e.data.get("player") for e in events if e.rule == "track.cellar"][:1] == [0]
    assert (game.state.barrel[0], game.state.shield[0], game.state.cross[0]) == (4, 5, 2)
    scenario.sound(game)
