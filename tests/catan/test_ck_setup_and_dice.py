"""Cities & Knights: components, the settlement + city set-up, the three dice with the event die first, the robber
locked until the first attack."""

import pytest

from games.catan.cities_knights import CK_RULES, new_game
from games.catan.cities_knights.state import KIND_TRACK, TRACKS
from games.catan.data import ck_rulebook
from games.catan.state import Pending
from games.core import Rng
from tests.checks import assert_refused

from .ck_scenario import ck_position, force_dice, hand, path, play, rules_of

rule = pytest.mark.rule


@rule("ck.components")
def test_no_development_cards_or_largest_army_and_the_new_components():
    game = new_game(players=3, seed=1)
    s = game.state
    assert s.deck == [] and s.devs == [0] * len(s.devs) and s.army == -1
    assert game.cards == ("brick", "grain", "lumber", "ore", "wool", "cloth", "coin", "paper")
    assert game.card_totals == (19,) * 5 + (12,) * 3 and s.bank == [19] * 5 + [12] * 3
    assert "ck.components" in rules_of(game.log) and "setup.deck" not in rules_of(game.log)
    view = game.observe(0)
    assert "deck" not in view and "largest_army" not in view and view["barbarian"] == 0
    assert view["defender_cards_left"] == 6 and view["decks"] == {"politics": 18, "science": 18, "trade": 18}


@rule("ck.setup-decks")
def test_the_progress_cards_are_three_shuffled_decks_of_eighteen():
    s = new_game(seed=2).state
    assert [len(d) for d in s.decks] == [18, 18, 18]
    assert all(KIND_TRACK[k] == t for t, deck in enumerate(s.decks) for k in deck)
    assert new_game(seed=3).state.decks != s.decks  # shuffled from the seed


@rule("ck.setup-city")
def test_set_up_is_a_settlement_clockwise_then_a_city_in_reverse_order():
    game = new_game(players=3, seed=0, layout="beginner", start_player=0)
    kinds = []
    for v, e in ((13, (13, 8)), (29, (29, 34)), (31, (31, 36)), (40, (40, 44)), (20, (20, 26)), (17, (17, 12))):
        kinds.append((game.pending().player, game.pending().kind))
        verb = "settle" if game.pending().kind == "setup-settlement" else "city"
        play(game, f"{verb} {v}", f"road {path(*e)[0]}")
    assert kinds == [(0, "setup-settlement"), (1, "setup-settlement"), (2, "setup-settlement"),
                     (2, "setup-city"), (1, "setup-city"), (0, "setup-city")]
    s = game.state
    assert s.cities == [1 << 17, 1 << 20, 1 << 40] and s.points == [3, 3, 3]
    assert game.pending().kind == "roll" and game.pending().player == 0
    assert_refused(game, "city 3", "roll the three dice", "roll")


@rule("ck.setup-city")
def test_the_road_after_a_set_up_city_is_asked_and_refused_next_to_the_city():
    game = new_game(players=3, seed=0, layout="beginner", start_player=0)
    for v, w in ((13, 8), (29, 34), (31, 36)):
        assert game.pending().prompt.endswith("place a settlement (set-up, round 1)")
        play(game, f"settle {v}")
        assert game.pending().prompt.endswith(f": place a road next to the settlement at {v}")
        assert_refused(game, "road 0", "in the set-up the road goes next to the settlement just placed "
                       f"\\(at intersection {v}\\)", "setup-road")
        play(game, f"road {path(v, w)[0]}")
    play(game, "city 20")
    assert game.pending().prompt == "Player 3: place a road next to the city at 20"
    refusal = assert_refused(game, "road 0", "in the set-up the road goes next to the city just placed "
                             "\\(at intersection 20\\)", "setup-road")
    assert "settlement" not in refusal and "settlement" not in game.pending().prompt


@rule("ck.setup-income")
def test_the_city_takes_one_resource_per_hex_and_no_commodity():
    game = new_game(players=3, seed=0, layout="beginner", start_player=0)
    for v, w in ((13, 8), (29, 34), (31, 36)):
        play(game, f"settle {v}", f"road {path(v, w)[0]}")
    events = play(game, "city 20")  # hills 10, mountains 8: brick + ore, no coin
    assert hand(game, 2) == {"brick": 1, "ore": 1}
    assert "ck.setup-income" in rules_of(events) and "resources only" in events[-1].text
    play(game, f"road {path(20, 26)[0]}", "city 17")  # fields, hills, forest: grain, brick, lumber, no paper
    assert hand(game, 1) == {"brick": 1, "grain": 1, "lumber": 1}


@rule("dice.three")
def test_three_dice_are_rolled_and_red_plus_yellow_produces():
    game = ck_position(settlements={0: [13]}, cities={1: [31]}, phase="roll")
    force_dice(game, "ship", 1, 3)  # 4: pasture hex 5 (node 13)
    events = play(game, "roll")
    first = events[0]
    assert first.rule == "dice.three" and first.data == {"player": 0, "event": "ship", "red": 1, "yellow": 3}
    assert hand(game, 0) == {"wool": 1} and game.state.dice == 4 and game.pending().kind == "main"
    force_dice(game, "science", 2, 3)
    s = game.state
    s.stack, s.rolled = [Pending("roll", s.player)], False
    events = play(game, "roll")  # 5: pasture hex 15 next to the city at 31: wool + cloth
    assert hand(game, 1) == {"cloth": 1, "wool": 1}


@rule("dice.three")
def test_the_event_die_is_resolved_before_production():
    game = ck_position(settlements={0: [13]}, cities={1: [31]}, knights_={1: {36: "basic active"}},
                       roads={1: path(31, 36)}, phase="roll", barbarian=6)
    force_dice(game, "ship", 2, 2)
    events = play(game, "roll")
    order = rules_of(events)
    assert order.index("barbarians.attack") < order.index("barbarians.defence") < order.index("production.yield")


@rule("dice.event-die")
def test_the_event_die_has_three_ships_and_a_gate_per_track():
    assert ck_rulebook.EVENT_FACES.value.count("ship") == 3
    assert sorted(f for f in ck_rulebook.EVENT_FACES.value if f != "ship") == sorted(TRACKS)
    seen = set()
    for seed in range(60):
        game = ck_position(phase="roll", seed=seed)
        game.rng = Rng(seed)
        play(game, "roll")
        seen.add(game.observe()["event"])
    assert seen == {"ship", *TRACKS}
    game = ck_position(phase="roll", levels={0: {"trade": 1}})
    force_dice(game, "trade", 2, 5)
    events = play(game, "roll")
    assert "dice.event-die" in rules_of(events) and "improve.draw" in rules_of(events)


@rule("ck-robber.locked")
def test_before_the_first_attack_a_seven_makes_players_discard_but_the_robber_stays():
    game = ck_position(hands={1: "ore " * 4 + "coin " * 4}, phase="roll")
    force_dice(game, "science", 3, 4)
    play(game, "roll")
    assert game.pending().kind == "discard" and game.pending().player == 1
    assert sorted(game.legal_actions().texts()) == ["discard coin", "discard ore"]  # commodities count and go
    play(game, "discard coin", "discard coin", "discard ore", "discard ore")
    assert game.pending().kind == "main" and game.state.robber == 9
    assert "ck-robber.locked" in rules_of(game.log)
    assert_refused(game, "chase 36", "robber stays on the desert", "main")


@rule("ck-robber.after")
def test_after_the_first_attack_a_seven_moves_the_robber():
    game = ck_position(settlements={1: [13]}, hands={1: "wool"}, phase="roll", attacks=1)
    force_dice(game, "politics", 3, 4)
    play(game, "roll")
    assert game.pending().kind == "robber"
    play(game, "robber 5")
    assert hand(game, 0) == {"wool": 1} and game.pending().kind == "main"
    game = ck_position(cities={1: [31]}, roads={1: path(31, 36)}, knights_={1: {36: "basic active"}}, phase="roll",
                       barbarian=6)
    force_dice(game, "ship", 3, 4)  # the attack first, then the 7 already moves the robber
    play(game, "roll")
    assert game.state.attacks == 1 and game.pending().kind == "robber"
    assert "ck-robber.after" in rules_of(game.log)


@rule("turn.order")
def test_turns_go_clockwise_and_end_resets_the_turn():
    game = ck_position(hands={0: "brick"})
    play(game, "end")
    assert game.pending().player == 1 and game.pending().kind == "roll" and game.state.turn == 2


@rule("setup.start-player")
def test_the_start_player_is_drawn_from_the_seed():
    assert {new_game(seed=s).state.start for s in range(12)} == {0, 1, 2, 3}


def test_the_rule_book_holds_the_base_rules_still_used_and_the_expansions():
    assert "build.road" in CK_RULES and "knights.place" in CK_RULES
    assert "dev.buy" not in CK_RULES and "army.largest" not in CK_RULES
    assert len(CK_RULES) > 150
