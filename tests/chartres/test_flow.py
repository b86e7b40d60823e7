"""The decision flow is the kernel's: what is pending waits on ``state.stack``, the steps nobody decides never wait
there, and an ability in progress waits on the stack only while it is being resolved."""

import pytest

from games.chartres.game import ChartresGame
from games.chartres.locations import DrawInstead, TakeLocation
from games.core import Rng

ABILITY_DECISIONS = ("discard", "resolve", "path")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_pending_decision_is_the_top_of_the_stack_until_the_game_is_over(players):
    game, pick = ChartresGame(None, players, players=players), Rng(players)
    seen = set()
    while not game.is_terminal():
        decision, stack = game.pending(), game.state.stack
        top = stack[-1]
        assert (top.kind, top.player) == (decision.kind, decision.player)
        assert not ChartresGame.steps[top.kind].automatic, f"the automatic step {top.kind} waits on the stack"
        ability = game.state.ability
        if top.kind in ABILITY_DECISIONS:
            assert ability is not None and ability.player == top.player
        else:
            assert ability is None and top.kind == game.state.phase
        seen.add(top.kind)
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    assert game.state.stack == [] and game.state.phase == "over" and game.pending() is None
    assert {"setup-row", "location", "commit-row", "commit-act", "bonus"} <= seen


def test_every_step_nobody_decides_is_registered_with_the_decisions():
    automatic = {step.kind for step in ChartresGame.steps.automatic()}
    assert automatic == {"phase-b", "act", "phase-f", "wine", "era-end"}
    decisions = {step.kind for step in ChartresGame.steps.decisions()}
    assert decisions == {"setup-row", "location", "commit-row", "commit-act", "bonus", "pour", "discard", "resolve",
                         "path"}


def test_a_location_is_answered_by_the_locations_module_one_unit_per_verb():
    step = ChartresGame.steps["location"]
    assert step.forms == {"location": "location ID", "draw": "draw"}
    assert [type(unit) for unit in step.verbs] == [TakeLocation, DrawInstead]
    assert type(step).__module__ == TakeLocation.__module__ == "games.chartres.locations"
