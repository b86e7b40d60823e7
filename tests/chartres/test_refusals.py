"""Illegal actions in every kind of decision are refused with a sentence a learner can read, and the game is left
exactly as it was (its save text, snapshot included, does not change)."""

import pytest

from games.chartres.game import ChartresGame
from games.core import IllegalAction
from tests.checks import assert_not_notation, assert_refused, refusal_cases

from . import scenario
from .scenario import PURPLE, RED, YELLOW

rule = pytest.mark.rule



def setup_row():
    return ChartresGame(None, 0, players=2, initiative=(0, 1))


def location_step():
    game = scenario.new_game(2)
    scenario.show_locations(game, [scenario.location("glaziers' yellow workshop"), scenario.location("market"),
                                   scenario.location("scriptorium")])
    scenario.give_hand(game, 0, RED[:2])
    return game


def commit_row():
    game = scenario.new_game(2)
    scenario.give_hand(game, 0, RED[:3])
    return scenario.start_phase(game, "commit-row")


def commit_act():
    game = commit_row()
    game.state.act[0][0] = PURPLE[0]  # position 1 already has a card below it
    game.state.deck.remove(PURPLE[0])
    scenario.play(game, f"row {RED[0]}")
    return game


def discard_step():
    game = scenario.new_game(2)
    kiln_card = scenario.card(colour="red", main=("discard:any", "discard:any", "window:white"))
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, kiln_card, hand=[YELLOW[-1], PURPLE[-1]]))
    scenario.play(game, f"discard {YELLOW[-1]}")  # one of the two cards paid
    return game


def location_discard_step():
    game = scenario.new_game(2)
    shop = scenario.location("glaziers' yellow workshop")
    scenario.show_locations(game, [shop])
    scenario.give_hand(game, 0, [YELLOW[0], RED[0]])
    scenario.play(game, f"location {shop}")
    return game


def resolve_step():
    game = scenario.new_game(2)
    citizen_twice = scenario.card(colour="yellow", main=("gain_citizen",), times=2)
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, citizen_twice))
    return game


def path_step():
    game = scenario.new_game(2)
    gate = scenario.location(city_gate=True)
    scenario.show_locations(game, [gate])
    scenario.set_paths(game, warehouse=[1, 0])
    scenario.play(game, f"location {gate}")
    return game


def bonus_step():
    game = scenario.new_game(2)
    scenario.show_tiles(game, [scenario.tile("reputation:1"), scenario.tile("reputation:3")])
    scenario.set_personal(game, 0, 2)
    scenario.set_personal(game, 1, 0)
    scenario.to_phase_f(game, {0: scenario.row_for(torch=1), 1: scenario.row_for(cart=1, horse=1)})
    return game


def pour_step():
    game = scenario.new_game(2, cellars=("A", "B"))
    scenario.set_personal(game, 0, 0)
    scenario.set_personal(game, 1, 0)
    scenario.to_phase_f(game, {0: scenario.row_for(white=3, red=3), 1: scenario.row_for(torch=1)})
    return game


def game_over():
    game = scenario.new_game(2, seed=3)
    scenario.finish(game)
    return game


CASES = [
    ("setup-row", setup_row, "row a99", "a99 is not a card in your hand"),
    ("setup-row", setup_row, "draw", "now is the setup-row step: the actions are 'row'"),
    ("location", location_step, "location l06", r"you cannot carry out the main ability of l06 \(discard a yellow "
                                                r"card, build a yellow window\), so you may not choose it"),
    ("location", location_step, "location l99", "'location l99' is not an action you can take now. Legal now: draw"),
    ("location", location_step, f"row {RED[0]}", "now is the location step: the actions are 'location or draw'"),
    ("location", location_step, "pour white", "now is the location step"),
    ("commit-row", commit_row, f"row {PURPLE[0]}", f"{PURPLE[0]} is not a card in your hand"),
    ("commit-row", commit_row, f"activate 1 {RED[1]}", "now is the commit-row step: the actions are 'row'"),
    ("commit-act", commit_act, f"activate 1 {RED[1]}", "position 1 of your activation row is taken: a card lies face "
                                                       "down under it already"),
    ("commit-act", commit_act, f"activate 9 {RED[1]}", "your activation row has positions 1 to 4; there is no "
                                                       "position 9"),
    ("commit-act", commit_act, f"activate 2 {RED[0]}", f"{RED[0]} is not a card in your hand"),
    ("commit-act", commit_act, f"row {RED[1]}", "now is the commit-act step: the actions are 'activate'"),
    ("discard", discard_step, "stop", "stop is possible only before the first discard of a repetition"),
    ("discard", discard_step, f"discard {YELLOW[-1]}", f"{YELLOW[-1]} is not a card in your hand"),
    ("discard", discard_step, "pass", "now is the discard step: the actions are 'discard'"),
    ("discard", location_discard_step, "stop", r"you took l06: its main ability is carried out \(a location whose "
                                               r"main ability you cannot carry out cannot be chosen\)"),
    ("resolve", resolve_step, "pass", "now is the resolve step: the actions are 'resolve'"),
    ("resolve", resolve_step, "resolve now", "'resolve now' is not an action you can take now. Legal now: resolve, "
                                             "stop"),
    ("path", path_step, "path market", "'path market' is not an action you can take now. Legal now: path townhall, "
                                       "path warehouse"),
    ("path", path_step, "draw", "now is the path step: the actions are 'path'"),
    ("bonus", bonus_step, f"bonus {scenario.tile('reputation:3')}",
     "b10 costs 4 citizens and you have 2 in your personal "
                                                          "supply"),
    ("bonus", bonus_step, "bonus b99", "'bonus b99' is not an action you can take now"),
    ("bonus", bonus_step, "pour red", "now is the bonus step: the actions are 'bonus or pass'"),
    ("pour", pour_step, "pour rose", "'pour rose' is not an action you can take now. Legal now: pour red, pour white"),
    ("pour", pour_step, "pass", "now is the pour step: the actions are 'pour'"),
    ("over", game_over, "draw", "the game is over; no more actions can be taken."),
]


@refusal_cases(CASES)
def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing(kind, make, action, reason):
    assert_refused(make(), action, reason, kind)


def test_every_kind_of_decision_is_probed():
    assert {kind for kind, *_ in CASES} == {*(step.kind for step in ChartresGame.steps.decisions()), "over"}


@pytest.mark.parametrize("text", ["", "   ", "row a01!", "ROW A0#1", "activate 1 a01?"])
def test_text_that_is_not_an_action_is_refused_as_notation_and_changes_nothing(text):
    assert_not_notation(commit_row(), text)


@rule("location.must-perform")
def test_a_refused_location_leaves_the_next_choice_to_the_same_player():
    game = location_step()
    with pytest.raises(IllegalAction):
        game.apply("location l06")
    assert game.pending().player == 0 and game.pending().kind == "location"
    scenario.play(game, f"location {scenario.location('market')}")
    assert game.pending().player == 1
