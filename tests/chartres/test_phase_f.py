"""Phase F (フェーズF:スコアリング) after the 4th round of an era: influence from citizens, attracting citizens, the
cathedral bonus tiles and wine making (ワイン作り), the worked example included."""

import pytest

from games.chartres import citizens, pour
from games.chartres.data import rulebook

from . import scenario
from .scenario import CELLAR_A

rule = pytest.mark.rule



def rows_by(**needs: dict) -> dict[int, list[str]]:
    """Disjoint rows: ``rows_by(p0={"torch": 1}, p1={...})``."""
    used: set[str] = set()
    rows = {}
    for key in sorted(needs):
        row = scenario.row_for(**needs[key], avoid=used)
        used |= set(row)
        rows[int(key[1:])] = row
    return rows


def citizens_scores(players: int, torches: list[int], on_paths: list[int], initiative=None):
    game = scenario.new_game(players, initiative=initiative)
    owners = [p for p in range(players) for _ in range(on_paths[p])]
    scenario.set_paths(game, warehouse=owners[:8], townhall=owners[8:])
    events = scenario.to_phase_f(game, rows_by(**{f"p{p}": {"torch": torches[p]} for p in range(players)}))
    ip = [0] * players
    for e in scenario.of_rule(events, "score.citizens"):
        ip[e.data["player"]] += e.data["ip"]
    barrels = [p for p in range(players) if game.state.barrel[p] > 0]
    return game, ip, barrels


# ---------------------------------------------------------------------------------------------------- citizens
@rule("score.citizens")
def test_with_two_players_the_most_torches_score_two_ip_per_citizen_and_a_barrel_step_the_other_one_ip_each():
    game, ip, barrels = citizens_scores(2, torches=[1, 2], on_paths=[3, 2])
    assert ip == [3 * 1, 2 * 2] and barrels == [1]
    assert rulebook.CITIZEN_INFLUENCE.value[2] == ((2, 1, 0), (1, 0, 0))
    scenario.sound(game)


@rule("score.citizens")
def test_with_three_players_the_third_in_torches_scores_one_ip_per_citizen_plus_one():
    _, ip, barrels = citizens_scores(3, torches=[0, 2, 1], on_paths=[2, 3, 4])
    assert ip == [2 * 1 + 1, 3 * 2, 4 * 2] and barrels == [1]


@rule("score.citizens")
def test_with_four_players_the_ranks_score_two_two_one_plus_one_and_one_ip_per_citizen():
    _, ip, barrels = citizens_scores(4, torches=[3, 0, 2, 1], on_paths=[1, 2, 3, 4])
    assert ip == [1 * 2, 2 * 1, 3 * 2, 4 * 1 + 1] and barrels == [0]


@rule("score.citizens")
def test_a_torch_tie_in_phase_f_goes_to_the_earlier_initiative():
    _, ip, barrels = citizens_scores(2, torches=[1, 1], on_paths=[2, 2], initiative=(1, 0))
    assert ip == [2, 4] and barrels == [1]
    assert citizens.influence_from_citizens(3, 2, 0) == (1, 0)  # third place with nobody on the paths still gets 1


# ---------------------------------------------------------------------------------------------------- attract
@rule("score.attract")
def test_each_set_of_two_horses_and_one_cart_attracts_a_citizen_four_horses_and_two_carts_two():
    game = scenario.new_game(2)
    scenario.set_personal(game, 0, 0)
    scenario.set_personal(game, 1, 0)
    rows = rows_by(p0={"horse": 4, "cart": 2}, p1={"horse": 3, "cart": 2})
    events = scenario.to_phase_f(game, rows)
    assert [e.data["player"] for e in scenario.of_rule(events, "score.attract")] == [0, 0, 0, 1, 1]
    assert game.state.personal == [2, 1]
    assert [citizens.attracted(h, c) for h, c in ((4, 2), (3, 2), (4, 1), (1, 5), (0, 0))] == [2, 1, 1, 0, 0]
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- bonus tiles
@rule("score.bonus-tile")
def test_in_initiative_order_each_player_may_buy_one_bonus_tile_with_citizens_which_then_leaves_the_game():
    game = scenario.new_game(2, initiative=(1, 0))
    cheap, dear = scenario.tile("reputation:1"), scenario.tile("reputation:3")
    scenario.show_tiles(game, [cheap, dear])
    scenario.set_personal(game, 0, 4)
    scenario.set_personal(game, 1, 2)
    scenario.to_phase_f(game, rows_by(p0={"torch": 1}, p1={"cart": 1}))
    assert game.pending().player == 1 and scenario.legal(game) == [f"bonus {cheap}", "pass"]  # 4 citizens: too dear
    common = list(game.state.common)
    events = scenario.play(game, f"bonus {cheap}")
    assert game.state.personal[1] == 1 and game.state.common[1] == common[1] + 1
    assert game.state.tiles_shown == [dear] and game.state.tiles_gone == [cheap]
    assert game.pending().player == 0 and scenario.legal(game) == [f"bonus {dear}", "pass"]
    events += scenario.play(game, f"bonus {dear}")
    assert game.state.reputation == [3, 1] and game.state.personal[0] == 0
    bonus_tiles = scenario.of_rule(events, "score.bonus-tile")
    assert [e.data.get("tile") for e in bonus_tiles if "tile" in e.data] == [cheap, dear]
    assert game.pending().kind == "location" and game.state.era == 2  # one tile each, then the era ends
    assert cheap not in game.state.tiles_shown + game.state.tiles_stack
    scenario.sound(game)


@rule("score.bonus-tile")
def test_a_player_who_cannot_return_enough_citizens_is_not_asked():
    game = scenario.new_game(2)
    scenario.show_tiles(game, [scenario.tile("reputation:3"), scenario.tile("shield", "shield")])
    scenario.set_personal(game, 0, 3)
    scenario.set_personal(game, 1, 0)
    events = scenario.to_phase_f(game, rows_by(p0={"torch": 1}, p1={"cart": 1}))
    assert game.pending() is not None and game.pending().kind == "location" and game.state.era == 2
    assert not scenario.of_rule(events, "score.bonus-tile")


@rule("decision.tile-free")
def test_a_window_from_a_bonus_tile_costs_no_cards_and_the_citizens_come_from_the_personal_supply():
    game = scenario.new_game(2)
    white = scenario.tile("window:white")
    scenario.show_tiles(game, [white, scenario.tile("window:any", "window:any")])
    scenario.set_personal(game, 0, 1)
    scenario.set_personal(game, 1, 0)
    scenario.to_phase_f(game, rows_by(p0={"torch": 1}, p1={"cart": 1}))
    hand, common = list(game.state.hand[0]), game.state.common[0]
    events = scenario.play(game, f"bonus {white}")
    assert scenario.of_rule(events, "window.white")[0].data["glass"] == "white"
    assert game.state.windows[0] == ["white"] and game.state.hand[0] == hand
    assert game.state.personal[0] == 0 and game.state.common[0] == common + 1


@rule("decision.tile-free")
def test_a_window_from_a_bonus_tile_is_logged_under_the_tile_free_decision():
    game = scenario.new_game(2)
    scenario.show_tiles(game, [scenario.tile("window:white")])
    scenario.set_personal(game, 0, 1)
    scenario.set_personal(game, 1, 0)
    scenario.to_phase_f(game, rows_by(p0={"torch": 1}, p1={"cart": 1}))
    events = scenario.play(game, f"bonus {scenario.tile('window:white')}")
    assert "decision.tile-free" in scenario.rules_of(events)


# ---------------------------------------------------------------------------------------------------- wine
@rule("wine.grapes")
@rule("wine.order")
@rule("wine.score")
def test_the_worked_example_7_white_and_3_red_grapes_from_cellar_a_space_index_2_make_4_plus_3_plus_1_ip():
    result = pour(CELLAR_A, 2, white=7, red=3)
    assert [(b.space, b.value, b.colour, b.fill, b.ip) for b in result.barrels] == [
        (2, 4, "white", "full", 4), (3, 6, "white", "half", 3), (4, 2, "red", "half", 1)]
    assert result.ip == 4 + 3 + 1 == 8 and result.unused == {"white": 0, "red": 0}
    assert result.explain()[-1] == "total 8 IP"


def worked_example_in_a_game(first: str | None):
    """Era 1 ends with seat 0 holding 7 white and 3 red grapes, cellar A, barrel marker on space index 2; seat 1
    has the only torch, so seat 0's marker does not move in Phase F."""
    game = scenario.new_game(2, cellars=("A", "B"))
    game.state.barrel[0] = 2
    scenario.set_personal(game, 0, 0)
    scenario.set_personal(game, 1, 0)
    events = scenario.to_phase_f(game, rows_by(p0={"white": 7, "red": 3}, p1={"torch": 1}))
    assert game.resources(0)["white"] == 7 and game.resources(0)["red"] == 3 and game.state.barrel[0] == 2
    assert game.pending().kind == "pour" and game.pending().player == 0
    assert scenario.legal(game) == ["pour red", "pour white"]
    events += scenario.play(game, f"pour {first}")
    return game, events


@rule("wine.order")
@rule("wine.score")
@rule("decision.wine-first")
@pytest.mark.parametrize("first", ["white", "red"])
def test_the_worked_example_scores_8_ip_through_the_games_phase_f_whichever_colour_pours_first(first):
    game, events = worked_example_in_a_game(first)
    (made,) = [e for e in scenario.of_rule(events, "wine.order") if e.data["player"] == 0]
    other = "red" if first == "white" else "white"
    assert made.data["barrels"] == [[2, 4, "white", "full", 4], [3, 6, first, "half", 3], [4, 2, other, "half", 1]]
    assert made.data["cellar"] == "A" and made.data["marker"] == 2
    assert [e.data["ip"] for e in scenario.of_rule(events, "wine.score") if e.data["player"] == 0] == [8]
    assert scenario.of_rule(events, "decision.wine-first")[0].text == f"Player 1 pours {first} grapes first."
    assert game.state.barrel[0] == 2  # making wine does not move the marker
    scenario.sound(game)


@rule("decision.wine-first")
def test_the_pour_choice_appears_only_when_both_colours_fill_a_barrel_of_the_same_kind():
    cases = [  # (white, red) -> asked?
        ((7, 3), True), ((4, 4), True), ((3, 3), True), ((4, 3), False), ((3, 4), False), ((8, 0), False),
        ((6, 2), False), ((5, 5), True), ((2, 2), False)]
    for (white, red), asked in cases:
        game = scenario.new_game(2, cellars=("A", "B"))
        scenario.set_personal(game, 0, 0)
        scenario.set_personal(game, 1, 0)
        events = scenario.to_phase_f(game, rows_by(p0={"white": white, "red": red, "torch": 1}, p1={"cart": 1}))
        kind = game.pending().kind
        assert (kind == "pour") == asked, (white, red, kind)
        if asked:
            ip = {}
            for first in ("white", "red"):
                twin = game.clone()
                ip[first] = [e.data["ip"] for e in scenario.of_rule(scenario.play(twin, f"pour {first}"), "wine.score")
                             if e.data["player"] == 0]
            assert ip["white"] == ip["red"]
        else:
            assert [e.data["player"] for e in scenario.of_rule(events, "wine.order")] == [0, 1]


@rule("decision.barrel-start")
def test_wine_fills_from_the_barrel_under_the_marker_rightwards_and_grapes_past_the_last_barrel_are_lost():
    assert [b.space for b in pour(CELLAR_A, 5, white=8, red=4).barrels] == [5, 6, 7]
    near_end = pour(CELLAR_A, 6, white=8, red=3)
    assert [(b.space, b.fill) for b in near_end.barrels] == [(6, "full"), (7, "full")]
    assert near_end.unused == {"white": 0, "red": 3} and near_end.ip == 8 + 10
    assert pour(CELLAR_A, 0, white=4, red=0).ip == CELLAR_A[0]


@rule("wine.grapes")
def test_grapes_of_different_colours_never_mix_two_and_two_score_nothing():
    result = pour(CELLAR_A, 0, white=2, red=2)
    assert result.barrels == () and result.ip == 0 and result.unused == {"white": 2, "red": 2}
    game = scenario.new_game(2, cellars=("A", "B"))
    scenario.set_personal(game, 0, 0)
    scenario.set_personal(game, 1, 0)
    events = scenario.to_phase_f(game, rows_by(p0={"white": 2, "red": 2, "torch": 1}, p1={"cart": 1}))
    assert "wine.score" not in [e.rule for e in events if e.data.get("player") == 0]
    assert "2 white grapes score nothing" in scenario.of_rule(events, "wine.order")[0].text


@rule("score.citizens")
@rule("score.attract")
@rule("wine.order")
def test_phase_f_resolves_citizens_attraction_bonus_tiles_and_wine_in_this_order():
    game = scenario.new_game(2)
    scenario.show_tiles(game, [scenario.tile("reputation:1"), scenario.tile("draw:2")])
    scenario.set_personal(game, 1, 0)
    events = scenario.to_phase_f(game, rows_by(p0={"horse": 2, "cart": 1, "white": 4, "torch": 1}, p1={"red": 4}))
    assert game.pending().kind == "bonus"
    events += scenario.play(game, "pass")
    order = [r for r in scenario.rules_of(events) if r in ("score.citizens", "score.attract", "score.bonus-tile",
                                                   "wine.order")]
    firsts = sorted(set(order), key=order.index)
    assert firsts == ["score.citizens", "score.attract", "score.bonus-tile", "wine.order"]
