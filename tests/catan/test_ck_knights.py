"""Cities & Knights: knights placed, promoted, activated; their actions (move, displace, chase); blocking roads."""

import pytest

from games.catan.choice import MainStep
from games.catan.cities_knights import barbarians, knights
from games.catan.cities_knights.main import CKMain
from games.catan.state import Pending
from games.core import Action
from tests.checks import assert_refused

from .ck_scenario import ck_position, hand, knight_at, legal, path, play, rules_of, sound

rule = pytest.mark.rule


def verbs(game, verb):
    return [a for a in legal(game) if a.split()[0] == verb]


def next_turn_of(game, p):
    """End turns (rolling nothing) until it is ``p``'s main part of the turn again."""
    s = game.state
    play(game, "end")
    while s.player != p:
        s.stack, s.rolled = [Pending("main", s.player)], True
        play(game, "end")
    s.stack, s.rolled = [Pending("main", s.player)], True
    game.touched()


def assert_offered_only_next_turn(game, action, why):
    """``action`` is not offered now (refused with ``why``) and is offered on its player's next turn."""
    verb = action.split()[0]
    assert verbs(game, verb) == []
    assert_refused(game, action, why, "main")
    next_turn_of(game, game.state.player)
    assert verbs(game, verb) == [action]

@rule("knights.place")
def test_a_basic_knight_costs_ore_and_wool_and_arrives_inactive():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28)}, hands={0: "ore wool ore"})
    assert verbs(game, "knight") == ["knight 22", "knight 28"]
    events = play(game, "knight 22")
    assert knight_at(game, 22) == (0, "basic", False) and hand(game, 0) == {"ore": 1}
    assert rules_of(events)[0] == "knights.place"
    assert_refused(game, "knight 28", "costs 1 ore \\+ 1 wool", "main")


@rule("knights.where")
def test_a_knight_goes_on_an_empty_intersection_along_ones_roads_without_the_distance_rule():
    game = ck_position(cities={0: [17]}, settlements={1: [29]}, roads={0: path(17, 23)}, hands={0: "ore wool"})
    assert verbs(game, "knight") == ["knight 23"]  # 23 is next to both 17 and 29: no distance rule for knights
    assert_refused(game, "knight 34", "along your roads", "main")
    assert_refused(game, "knight 17", "not empty", "main")


@rule("knights.pieces")
def test_two_knights_per_level_so_with_both_basic_knights_out_one_is_promoted_first():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28, 34)},
                       knights_={0: {22: "basic", 28: "basic"}}, hands={0: "ore wool ore wool"})
    assert verbs(game, "knight") == []
    assert_refused(game, "knight 34", "both your basic knights", "main")
    play(game, "promote 22")
    assert verbs(game, "knight") == ["knight 34"]


@rule("knights.promote")
def test_a_promotion_costs_ore_and_wool_keeps_the_state_and_works_on_a_knight_placed_this_turn():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28)}, knights_={0: {28: "basic active"}},
                       hands={0: "ore wool " * 3})
    play(game, "knight 22", "promote 22", "promote 28")
    assert knight_at(game, 22) == (0, "strong", False) and knight_at(game, 28) == (0, "strong", True)
    assert hand(game, 0) == {}
    sound(game)


@rule("knights.fortress")
def test_a_strong_knight_becomes_mighty_only_with_the_fortress():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22)}, knights_={0: {22: "strong"}},
                       hands={0: "ore wool"})
    assert_refused(game, "promote 22", "only with the Fortress", "main")
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22)}, knights_={0: {22: "strong"}},
                       hands={0: "ore wool"}, levels={0: {"politics": 3}})
    events = play(game, "promote 22")
    assert knight_at(game, 22)[1] == "mighty" and rules_of(events) == ["knights.fortress"]


@rule("knights.promote-once")
def test_each_knight_is_promoted_once_per_turn():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22)}, knights_={0: {22: "basic"}},
                       hands={0: "ore wool ore wool"}, levels={0: {"politics": 3}})
    play(game, "promote 22")
    assert_offered_only_next_turn(game, "promote 22", "once per turn")


@rule("knights.activate")
def test_activating_costs_a_grain_even_for_a_knight_placed_this_turn():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22)}, hands={0: "ore wool grain"})
    play(game, "knight 22")
    assert verbs(game, "activate") == ["activate 22"]
    events = play(game, "activate 22")
    assert knight_at(game, 22) == (0, "basic", True) and hand(game, 0) == {}
    assert rules_of(events) == ["knights.activate"]
    assert_refused(game, "activate 22", "active already", "main")


@rule("knights.fresh")
def test_a_knight_activated_this_turn_acts_only_from_the_next_turn():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28)}, knights_={0: {22: "basic"}},
                       hands={0: "grain"})
    play(game, "activate 22")
    assert_offered_only_next_turn(game, "move 22 28", "acts from your next turn")


@rule("knights.action")
def test_a_knight_that_acted_is_inactive_and_may_be_activated_again():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28)}, knights_={0: {22: "basic active"}},
                       hands={0: "grain"})
    play(game, "move 22 28")
    assert knight_at(game, 28) == (0, "basic", False) and verbs(game, "move") == []
    play(game, "activate 28")
    assert knight_at(game, 28)[2] and verbs(game, "move") == []  # active again, but not this turn


@rule("knights.move")
def test_a_knight_moves_along_its_players_roads_never_through_another_players_knight():
    game = ck_position(cities={0: [17]}, settlements={1: [38]}, roads={0: path(17, 22, 28, 34), 1: path(38, 33, 28)},
                       knights_={0: {22: "basic active"}})
    assert verbs(game, "move") == ["move 22 28", "move 22 34"]
    game = ck_position(cities={0: [17]}, settlements={1: [38]}, roads={0: path(17, 22, 28, 34), 1: path(38, 33, 28)},
                       knights_={0: {22: "basic active"}, 1: {28: "basic"}})
    assert verbs(game, "move") == []
    assert_refused(game, "move 22 34", "without passing another player's piece", "main")


@rule("decision.ck-knight-paths")
def test_a_knight_passes_its_own_pieces_but_not_another_players_building():
    game = ck_position(cities={0: [17]}, roads={0: path(22, 17, 23)}, knights_={0: {22: "basic active"}})
    assert verbs(game, "move") == ["move 22 23"]  # through its own city at 17
    game = ck_position(cities={0: [17]}, settlements={1: [28]}, roads={0: path(17, 22, 28, 34)},
                       knights_={0: {22: "basic active"}})
    assert verbs(game, "move") == []  # another player's settlement at 28 cuts the road


@rule("knights.one-per-node")
def test_one_knight_per_intersection():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28)}, knights_={0: {22: "basic active", 28: "basic"}})
    assert verbs(game, "move") == []
    assert_refused(game, "move 22 28", "not an empty intersection", "main")


DUEL = dict(cities={0: [17]}, settlements={1: [38]}, roads={0: path(17, 22, 28), 1: path(38, 33, 28)})


@rule("knights.displace")
def test_a_knight_displaces_only_a_weaker_opponent_knight():
    game = ck_position(**DUEL, knights_={0: {22: "strong active"}, 1: {28: "basic active"}})
    assert verbs(game, "displace") == ["displace 22 28"]
    events = play(game, "displace 22 28")
    assert knight_at(game, 28) == (0, "strong", False) and "knights.displace" in rules_of(events)
    assert game.pending().kind == "retreat" and game.pending().player == 1
    game = ck_position(**DUEL, knights_={0: {22: "basic active"}, 1: {28: "basic active"}})
    assert verbs(game, "displace") == []
    assert_refused(game, "displace 22 28", "no weaker opponent knight", "main")


@rule("knights.retreat")
def test_the_owner_moves_the_displaced_knight_along_their_roads_keeping_its_state():
    game = ck_position(**DUEL, knights_={0: {22: "strong active"}, 1: {28: "basic active"}})
    play(game, "displace 22 28")
    assert legal(game) == ["retreat 33"]
    assert_refused(game, "retreat 38", "not an empty intersection", "retreat")
    events = play(game, "retreat 33")
    assert knight_at(game, 33) == (1, "basic", True) and rules_of(events)[0] == "knights.retreat"
    assert game.pending().kind == "main" and game.pending().player == 0


@rule("knights.removed")
def test_a_displaced_knight_with_nowhere_to_go_leaves_the_board():
    game = ck_position(cities={0: [17]}, settlements={1: [38]}, roads={0: path(17, 22, 28, 33), 1: path(38, 33)},
                       knights_={0: {28: "strong active"}, 1: {33: "basic"}})
    events = play(game, "displace 28 33")
    assert "knights.removed" in rules_of(events) and knight_at(game, 33)[0] == 0
    assert game.state.knights_at[3] == 0 and game.pending().kind == "main"


@rule("knights.chase")
def test_an_active_knight_next_to_the_robber_chases_it_after_the_first_attack():
    spec = dict(cities={0: [17]}, settlements={1: [13]}, roads={0: path(17, 22)}, robber=8, hands={1: "ore"},
                knights_={0: {22: "basic active"}})
    game = ck_position(**spec, attacks=0)
    assert verbs(game, "chase") == []
    assert_refused(game, "chase 22", "until the barbarians' first attack", "main")
    game = ck_position(**spec, attacks=1)
    assert verbs(game, "chase") == ["chase 22"]
    events = play(game, "chase 22")
    assert rules_of(events) == ["knights.chase"] and game.pending().kind == "robber"
    play(game, "robber 4")  # hex 4: player 2's settlement at 13
    assert hand(game, 0) == {"ore": 1} and knight_at(game, 22) == (0, "basic", False)
    assert game.pending().kind == "main"
    game = ck_position(**{**spec, "robber": 10}, attacks=1)
    assert_refused(game, "chase 22", "not next to the robber", "main")


@rule("knights.block")
def test_a_knight_blocks_other_players_roads_and_breaks_their_longest_road():
    p1 = path(38, 33, 28, 34, 29, 23)
    game = ck_position(cities={0: [17]}, settlements={1: [38]}, roads={0: path(17, 22), 1: p1},
                       hands={0: "ore wool brick lumber"})
    s = game.state
    assert s.road_length[1] == 5 and s.longest == 1
    play(game, f"road {path(22, 28)[0]}")
    events = play(game, "knight 28")
    assert "knights.block" in rules_of(events) and s.road_length[1] == 3 and s.longest == -1
    assert not s.road_ok[1] >> path(28, 22)[0] & 1
    sound(game)


@rule("road.broken")
def test_a_knight_leaving_makes_the_road_whole_again():
    p1 = path(38, 33, 28, 34, 29, 23)
    game = ck_position(cities={0: [17]}, settlements={1: [38]}, roads={0: path(17, 22, 28), 1: p1},
                       knights_={0: {28: "basic active"}})
    s = game.state
    assert s.road_length[1] == 3
    play(game, "move 28 22")
    assert s.road_length[1] == 5 and s.longest == 1
    sound(game)


@rule("knights.settlement-blocked")
def test_no_settlement_under_a_knight_until_it_moves():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28, 34)}, knights_={0: {28: "basic active"}},
                       hands={0: "brick lumber wool grain"})
    assert "settle 28" not in legal(game)
    assert_refused(game, "settle 28", "a knight stands at 28", "main")
    play(game, "move 28 34")
    assert "settle 28" in legal(game)


@rule("knights.strength")
def test_strength_is_one_two_three_by_level():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28, 34)},
                       knights_={0: {22: "basic active", 28: "strong", 34: "mighty active"}})
    assert barbarians.knight_strength(game, 0, game.state.active[0]) == 4
    assert barbarians.knight_strength(game, 0, game.state.knight_nodes) == 6
    assert game.observe(1)["players"][0]["knights"] == [
        {"node": 22, "level": "basic", "active": True}, {"node": 28, "level": "strong", "active": False},
        {"node": 34, "level": "mighty", "active": True}]


KNIGHT_UNITS = (knights.Activate(), knights.Chase(), knights.Displace(), knights.PlaceKnight(), knights.Move(),
                knights.Promote())


def test_each_knight_verb_is_one_unit_with_the_form_options_refusal_and_effect_of_its_verb():
    game = ck_position(cities={0: [17]}, settlements={1: [38]}, roads={0: path(17, 22, 28, 33) + path(28, 34),
                       1: path(38, 33)}, knights_={0: {22: "basic", 28: "strong active"}, 1: {33: "basic"}},
                       hands={0: "ore wool grain " * 2}, robber=8, attacks=1)
    at = game.state.stack[-1]  # the pending main part of player 1's turn
    assert at.kind == "main" and at.player == 0
    assert [unit.verb for unit in KNIGHT_UNITS] == sorted(unit.verb for unit in KNIGHT_UNITS)
    for unit in KNIGHT_UNITS:
        assert CKMain.forms[unit.verb] == unit.form
        assert type(CKMain._of_verb[unit.verb]) is type(unit)  # the main step lists the unit itself
        offered = [str(a) for a in unit.options(game, at, CKMain().given(game, at))]
        assert offered == verbs(game, unit.verb) and offered, unit.verb

    class KnightTurn(MainStep):  # the main step's knight verbs as the kernel's step of units lists them
        kind = "knight-turn"
        verbs = KNIGHT_UNITS

    step = KnightTurn()
    assert step.forms == {verb: form for verb, form in CKMain.forms.items() if verb in step.forms}
    assert [str(a) for a in step.options(game, at)] == [a for a in legal(game) if a.split()[0] in step.forms]
    assert step.refusal(game, at, Action("move", (22, 16))) == "the knight at 22 is not active (knights.action)."
    promote = knights.Promote()
    assert promote.refusal(game, at, Action("promote", (17,))) == "you have no knight at 17."
    empty = ck_position(cities={0: [17]}, roads={0: path(17, 22)}, knights_={0: {22: "basic"}})
    assert promote.refusal(empty, empty.state.stack[-1], Action("promote", (22,))) == \
        "a promotion costs 1 ore + 1 wool (knights.promote)."
    assert game.state.stack.pop() is at  # decided: the kernel pops the record, then the step applies the verb
    step.apply(game, at, Action("promote", (22,)))
    assert knight_at(game, 22)[1] == "strong" and hand(game, 0) == {"grain": 2, "ore": 1, "wool": 1}
    assert game.state.stack == [at] and game.pending().kind == "main"  # the main part of the turn goes on
