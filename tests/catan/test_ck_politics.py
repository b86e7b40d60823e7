"""Cities & Knights politics cards (18 cards, 9 kinds): each effect and its refusals, and the config switches of the
Saboteur and the Bishop."""

import pytest

from games.catan.cities_knights.state import KINDS
from tests.checks import assert_refused

from .ck_scenario import ck_position, hand, knight_at, legal, path, play, progress_of, rules_of, sound, stack

rule = pytest.mark.rule


@rule("progress.bishop")
def test_the_bishop_robs_every_player_on_the_robbers_new_hex():
    game = ck_position(settlements={1: [13], 2: [23]}, hands={1: "ore", 2: "wool"}, progress={0: "bishop"},
                       attacks=1)
    play(game, "play bishop")
    assert game.pending().kind == "robber"
    events = play(game, "robber 4")  # hex 4: nodes 13 and 23
    assert hand(game, 0) == {"ore": 1, "wool": 1} and "progress.bishop" in rules_of(events)
    assert game.pending().kind == "main" and game.state.card == -1


@rule("decision.ck-bishop-locked")
def test_the_bishop_waits_for_the_first_attack_unless_the_config_says_otherwise():
    game = ck_position(settlements={1: [13]}, hands={1: "ore"}, progress={0: "bishop"})
    assert "play bishop" not in legal(game)
    assert_refused(game, "play bishop", "until the first attack", "main")
    game = ck_position(settlements={1: [13]}, hands={1: "ore"}, progress={0: "bishop"}, bishop_before_attack=True)
    events = play(game, "play bishop", "robber 4")
    assert "decision.ck-bishop-locked" in rules_of(events) and hand(game, 0) == {"ore": 1}


@rule("progress.constitution")
def test_the_constitution_is_a_point_shown_at_once():
    game = ck_position(levels={2: {"politics": 1}}, phase="roll")
    stack(game, "constitution")
    from .ck_scenario import force_dice

    force_dice(game, "politics", 1, 1)
    play(game, "roll")
    assert game.state.constitution == 2 and game.state.points[2] == 1 and game.state.progress[2] == []
    assert_refused(game, "play constitution", "never played", "main")


@rule("progress.deserter")
def test_the_deserter_removes_an_opponents_knight_and_places_one_of_the_same_strength():
    game = ck_position(cities={0: [17], 1: [31]}, roads={0: path(17, 22), 1: path(31, 36)},
                       knights_={1: {36: "strong active"}}, progress={0: "deserter"})
    play(game, "play deserter")
    assert legal(game) == ["target 2"]
    play(game, "target 2")
    assert game.pending().kind == "deserter" and game.pending().player == 1 and legal(game) == ["remove 36"]
    play(game, "remove 36")
    assert game.pending().kind == "deserter-place" and legal(game) == ["knight 22", "pass"]
    play(game, "knight 22")
    assert knight_at(game, 22) == (0, "strong", True) and knight_at(game, 36) is None
    assert "move 22 17" not in legal(game)  # placed this turn: it acts from the next turn
    sound(game)


@rule("progress.deserter")
def test_the_deserter_places_a_weaker_knight_when_none_of_that_strength_is_left_and_a_mighty_one_freely():
    game = ck_position(cities={0: [17], 1: [31]}, roads={0: path(17, 22, 28, 34), 1: path(31, 36)},
                       knights_={0: {28: "strong", 34: "strong"}, 1: {36: "strong"}}, progress={0: "deserter"})
    play(game, "play deserter", "target 2", "remove 36", "knight 22")
    assert knight_at(game, 22) == (0, "basic", False)
    game = ck_position(cities={0: [17], 1: [31]}, roads={0: path(17, 22), 1: path(31, 36)},
                       knights_={1: {36: "mighty"}}, progress={0: "deserter"})
    play(game, "play deserter", "target 2", "remove 36", "knight 22")
    assert knight_at(game, 22) == (0, "mighty", False)  # without the Fortress
    game = ck_position(cities={0: [17], 1: [31]}, roads={1: path(31, 36)}, knights_={1: {36: "basic"}},
                       progress={0: "deserter"})
    events = play(game, "play deserter", "target 2", "remove 36")
    assert "no knight to place or no place" in events[-1].text and game.pending().kind == "main"
    game = ck_position(cities={0: [17]}, progress={0: "deserter"})
    assert_refused(game, "play deserter", "an opponent with a knight", "main")


@rule("progress.diplomat")
def test_the_diplomat_removes_an_open_road_and_ones_own_may_be_rebuilt_free():
    game = ck_position(cities={0: [17], 1: [31]}, roads={0: path(17, 22, 28), 1: path(31, 36)},
                       progress={0: "diplomat diplomat"})
    play(game, "play diplomat")
    opened = legal(game)
    assert f"remove {path(22, 28)[0]}" in opened and f"remove {path(31, 36)[0]}" in opened
    assert f"remove {path(17, 22)[0]}" not in opened  # 22 has another road of its owner
    events = play(game, f"remove {path(31, 36)[0]}")
    assert "progress.diplomat" in rules_of(events) and game.state.roads[1] == 0 and game.pending().kind == "main"
    play(game, "play diplomat", f"remove {path(22, 28)[0]}")
    assert game.pending().kind == "diplomat-road" and "pass" in legal(game)
    play(game, f"road {path(17, 23)[0]}")
    assert game.state.roads_left[0] == 13 and game.pending().kind == "main"
    sound(game)


@rule("decision.ck-diplomat-open")
def test_a_road_ending_at_its_owners_knight_or_building_is_not_open():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22)}, knights_={0: {22: "basic"}},
                       progress={0: "diplomat"})
    assert "play diplomat" not in legal(game)
    assert_refused(game, "play diplomat", "needs an open road", "main")


@rule("progress.intrigue")
def test_the_intrigue_displaces_an_opponents_knight_on_ones_roads_without_a_knight():
    game = ck_position(cities={0: [17], 1: [38]}, roads={0: path(17, 22, 28), 1: path(38, 33, 28)},
                       knights_={1: {28: "mighty active"}}, progress={0: "intrigue"})
    play(game, "play intrigue")
    assert legal(game) == ["displace 28"]
    play(game, "displace 28")
    assert game.pending().kind == "retreat" and legal(game) == ["retreat 33"]
    play(game, "retreat 33")
    assert knight_at(game, 33) == (1, "mighty", True) and knight_at(game, 28) is None
    assert game.pending().kind == "main" and game.state.card == -1
    game = ck_position(cities={0: [17]}, progress={0: "intrigue"})
    assert_refused(game, "play intrigue", "on an intersection your roads touch", "main")


@rule("progress.saboteur")
def test_the_saboteur_halves_the_hands_of_players_with_as_many_points_or_more():
    game = ck_position(settlements={0: [17], 1: [13], 2: [40, 31]}, hands={1: "ore " * 5, 2: "coin " * 3, 3: "wool"},
                       progress={0: "saboteur"})
    play(game, "play saboteur")
    assert game.state.discard_left == [0, 2, 1, 0]  # player 4 has fewer points
    play(game, "discard ore", "discard ore", "discard coin")
    assert game.pending().kind == "main" and game.state.card == -1 and hand(game, 1) == {"ore": 3}


@rule("decision.ck-saboteur")
def test_with_saboteur_more_only_players_with_more_points_discard():
    game = ck_position(settlements={0: [17], 1: [13], 2: [40, 31]}, hands={1: "ore " * 5, 2: "coin " * 3},
                       progress={0: "saboteur"}, saboteur="more")
    events = play(game, "play saboteur")
    assert game.state.discard_left == [0, 0, 1, 0] and "decision.ck-saboteur" in rules_of(events)


@rule("progress.spy")
def test_the_spy_looks_at_an_opponents_progress_cards_and_takes_one():
    game = ck_position(progress={0: "spy", 2: "smith crane"})
    game.state.printer = 2
    game.state.decks[1].remove(KINDS.index("printer"))
    game.state.points[2] += 1
    play(game, "play spy")
    assert legal(game) == ["target 3"]
    play(game, "target 3")
    assert game.observe(0)["peek"] == ["crane", "smith"] and game.observe(1)["peek"] is None
    assert legal(game) == ["take crane", "take smith"]  # the face-up Printer is never taken
    events = play(game, "take smith")
    assert progress_of(game, 0) == ["smith"] and progress_of(game, 2) == ["crane"]
    assert "smith" not in events[0].text and game.pending().kind == "main"


@rule("progress.spy")
def test_the_spy_needs_an_opponent_with_a_progress_card():
    game = ck_position(progress={0: "spy smith smith crane"})
    assert_refused(game, "play spy", "an opponent with a progress card", "main")


@rule("progress.warlord")
def test_the_warlord_activates_all_ones_knights_free():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28)}, knights_={0: {22: "basic", 28: "strong"}},
                       progress={0: "warlord"})
    events = play(game, "play warlord")
    assert game.state.active[0] == (1 << 22) | (1 << 28) and "progress.warlord" in rules_of(events)
    assert [a for a in legal(game) if a.startswith("move")] == []  # activated this turn


@rule("progress.wedding")
def test_each_richer_player_gives_two_cards_of_their_choice():
    game = ck_position(settlements={0: [17], 1: [13, 40], 2: [31, 20], 3: [2]},
                       hands={1: "ore coin wool", 2: "brick", 3: "grain"}, progress={0: "wedding"})
    play(game, "play wedding")
    assert game.pending().kind == "give" and game.pending().player == 1
    assert legal(game) == ["give coin", "give ore", "give wool"]
    play(game, "give coin", "give wool")
    assert game.pending().player == 2 and legal(game) == ["give brick"]
    play(game, "give brick")  # all they have
    assert game.pending().kind == "main"
    assert hand(game, 0) == {"brick": 1, "coin": 1, "wool": 1} and hand(game, 3) == {"grain": 1}
    game = ck_position(settlements={0: [17, 40]}, hands={1: "ore"}, progress={0: "wedding"})
    assert_refused(game, "play wedding", "more points than you", "main")
