"""The end of an era (時代の終わり): discards, the tavern, passing cellars, the era marker, and the new bonus tiles
of the next era (プレイの方法)."""

import pytest

from . import scenario

rule = pytest.mark.rule


def simple_rows(players: int) -> dict[int, list[str]]:
    used: set[str] = set()
    rows = {}
    for p in range(players):
        rows[p] = scenario.row_for(torch=1 if p == 0 else 0, cart=1, avoid=used)
        used |= set(rows[p])
    return rows


def end_era(players: int, era: int, cellars=None, seed: int = 0):
    """Play Phase F of ``era`` quietly up to the first location choice of the next era (or the end)."""
    game = scenario.new_game(players, seed=seed, cellars=cellars)
    for p in range(players):
        scenario.set_personal(game, p, 0)
    events = scenario.to_phase_f(game, simple_rows(players), era=era)
    if era < 3:
        events += scenario.run_to(game, "location", era=era + 1)
    else:
        events += scenario.finish(game)
    return game, events


@rule("era.discard")
def test_the_four_covered_action_row_cards_and_the_activation_row_are_discarded_three_cards_stay():
    game = scenario.new_game(2)
    yellows, reds, purples = (scenario.cards_of(colour=c) for c in ("yellow", "red", "purple"))
    row = yellows[:6]
    under = [reds[0], reds[1], "", reds[2], "", ""]
    scenario.set_row(game, 0, row, under)
    scenario.set_row(game, 1, purples[:6], [yellows[6], "", yellows[7], "", yellows[8], ""])
    scenario.give_hand(game, 0, [yellows[9], purples[6]])
    scenario.give_hand(game, 1, [reds[3], reds[4]])
    scenario.start_phase(game, "commit-row", round=4)
    scenario.play(game, f"row {yellows[9]}", f"activate 6 {purples[6]}", f"row {reds[3]}", f"activate 7 {reds[4]}")
    assert scenario.colour_of(purples[6]) != scenario.colour_of(row[5])  # nothing was activated
    discard_before = list(game.state.discard)
    events = scenario.run_to(game, "location", era=2)
    assert game.state.row[0] == [row[2], row[4], yellows[9]]
    assert game.state.row[1] == [purples[1], purples[3], purples[5]]
    assert game.state.act == [["", "", ""], ["", "", ""]]
    gone = set(game.state.discard) - set(discard_before)
    assert {row[0], row[1], row[3], row[5], reds[0], reds[1], reds[2], purples[6]} <= gone
    assert scenario.of_rule(events, "era.discard")[0].text.endswith("rows keep 3, 3 cards.")
    scenario.sound(game)


@rule("location.tavern")
def test_a_tavern_beside_the_action_row_is_discarded_at_the_end_of_the_era():
    game = scenario.new_game(2)
    tavern = scenario.location("tavern")
    for pile in (game.state.loc_deck, game.state.loc_shown, game.state.loc_discard):
        if tavern in pile:
            pile.remove(tavern)
    game.state.taverns[0] = [tavern]  # taken earlier in the era
    for p in range(2):
        scenario.set_personal(game, p, 0)
    assert game.resources(0)["torch"] == 1
    events = scenario.to_phase_f(game, simple_rows(2))
    events += scenario.run_to(game, "location", era=2)
    assert game.state.taverns[0] == [] and tavern in game.state.loc_discard + game.state.loc_shown
    assert scenario.of_rule(events, "location.tavern")[0].text == "Player 1 discards the tavern."
    scenario.sound(game)


@rule("era.cellars")
@pytest.mark.parametrize("players", [3, 4])
def test_each_player_passes_their_cellar_to_the_player_on_the_left(players):
    cellars = "DACB"[:players]
    game, events = end_era(players, 1, cellars=cellars)
    assert game.state.cellar == [cellars[(p - 1) % players] for p in range(players)]
    assert scenario.of_rule(events, "era.cellars")[0].data["cellars"] == game.state.cellar


@rule("era.cellars-2p")
def test_with_two_players_the_cellars_are_swapped_for_era_two():
    game, events = end_era(2, 1, cellars="CA")
    assert game.state.cellar == ["A", "C"] and sorted(game.state.cellar_pool) == ["B", "D"]
    assert scenario.of_rule(events, "era.cellars-2p")


@rule("era.cellars-2p")
def test_with_two_players_each_draws_a_new_cellar_at_random_from_the_two_unused_ones_for_era_three():
    drawn = set()
    for seed in range(12):
        game, events = end_era(2, 2, cellars="AB", seed=seed)
        assert sorted(game.state.cellar) == ["C", "D"] and game.state.cellar_pool == ["A", "B"]
        assert scenario.of_rule(events, "era.cellars-2p")[0].data["cellars"] == game.state.cellar
        drawn.add(tuple(game.state.cellar))
    assert drawn == {("C", "D"), ("D", "C")}


@rule("decision.barrel-start")
def test_the_barrel_marker_keeps_its_space_when_cellars_are_passed():
    game = scenario.new_game(3, cellars="ABC")
    game.state.barrel[:] = [2, 4, 6]
    for p in range(3):
        scenario.set_personal(game, p, 0)
    scenario.to_phase_f(game, simple_rows(3))
    scenario.run_to(game, "location", era=2)
    # seat 0 had the most torches: its marker moved one space in Phase F (2 -> 3); the others kept theirs
    assert game.state.barrel == [3, 4, 6] and game.state.cellar == ["C", "A", "B"]


@rule("era.marker")
def test_the_era_marker_moves_on_and_the_game_ends_after_the_third_era():
    game, events = end_era(2, 1)
    assert game.state.era == 2 and game.state.round == 1
    assert [e.text for e in scenario.of_rule(events, "era.marker")] == ["The era marker moves to era 2."]
    game, events = end_era(2, 3)
    assert game.is_terminal() and game.state.era == 3
    assert not scenario.of_rule(events, "era.marker") and scenario.of_rule(events, "final.winner")


@rule("flow.bonus-refresh")
def test_at_the_start_of_an_era_the_bonus_tiles_left_over_leave_the_game_and_new_ones_are_revealed():
    for players in (2, 4):
        game = scenario.new_game(players)
        left = list(game.state.tiles_shown)
        for p in range(players):
            scenario.set_personal(game, p, 0)  # nobody can buy one
        events = scenario.to_phase_f(game, simple_rows(players))
        events += scenario.run_to(game, "location", era=2)
        s = game.state
        assert s.tiles_gone == left and len(s.tiles_shown) == players and not set(s.tiles_shown) & set(left)
        assert scenario.of_rule(events, "flow.bonus-refresh")[0].data["shown"] == s.tiles_shown
        assert len(s.tiles_stack) == 12 - 2 * players


@rule("era.discard")
@rule("decision.short-hand")
def test_after_a_round_with_a_short_hand_the_next_era_still_holds_at_most_seven_cards_in_a_row():
    game = scenario.new_game(4)
    s = game.state
    pool = sorted(c for c in s.deck + [c for h in s.hand for c in h] + [c for r in s.row for c in r])
    for p in range(4):  # round 4 of era 1: six cards in each row, three of them covered
        cards, pool = pool[:9], pool[9:]
        scenario.set_row(game, p, cards[:6], [cards[6], "", cards[7], "", cards[8], ""])
        s.shield[p] = 9  # hand limit 7
    scenario.give_hand(game, 0, pool[:1])
    for i, p in enumerate((1, 2, 3)):  # the others hold every other card: 8, 8 and 7
        scenario.give_hand(game, p, pool[1 + i::3])
    assert (len(s.deck), len(s.discard), [len(h) for h in s.hand]) == (0, 0, [1, 8, 8, 7])
    scenario.start_phase(game, "commit-row", round=4)
    breaks = []
    while not game.is_terminal() and not breaks:
        game.apply(scenario.quiet(game))
        breaks = game.invariant_breaks()
    assert breaks == []
