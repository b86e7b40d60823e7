"""Hidden information: law chips on the layout are face down for everyone, a held chip is seen by its owner only,
−2 chips stay out of the running score (decision.hidden-score); the teacher's view shows everything."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Rng
from games.kardinal_koenig import new_game, score_chart
from tests.checks import random_positions, twins_seen_alike

from .scenario import has_hidden_chips, hidden_twin, lose_stones, play, table

rule = pytest.mark.rule


def positions(seed: int, players: int, every: int):
    """Every ``every``-th position of a seeded random game, and the finished game last."""
    return random_positions(lambda: new_game(seed=seed, players=players), seed, every)

@pytest.mark.slow
@rule("chips.take")
@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 5), st.integers(8, 16))
def test_no_observation_shows_a_chip_kind_its_viewer_may_not_know(seed, players, every):
    hidden_seen = 0
    for game in positions(seed, players, every):
        if game.is_terminal():
            break
        for viewer, twin in twins_seen_alike(game, hidden_twin, seed):
            if viewer is None and has_hidden_chips(game, viewer):
                hidden_seen += 1
                assert twin.teacher_view() != game.teacher_view()  # the teacher sees every kind
        for p in range(players):
            assert game.observe(p)["players"][p]["chip_kinds"] == sorted(game.state.chips[p])
    assert hidden_seen > 0


@rule("chips.minus2")
@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 5))
def test_at_the_end_every_held_chip_is_face_up_for_everybody(seed, players):
    *_, game = positions(seed, players, every=1_000)
    assert game.is_terminal()
    for viewer in [None, *range(players)]:
        seen = game.observe(viewer)["players"]
        assert [p["chip_kinds"] for p in seen] == [sorted(c) for c in game.state.chips]
        if has_hidden_chips(game, viewer):  # another player's chip: its kind is face up now, so a change shows
            assert hidden_twin(game, viewer).observe(viewer) != game.observe(viewer)


@rule("decision.hidden-score")
@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 5))
def test_the_running_score_leaves_out_minus_two_chips_until_the_end(seed, players):
    for game in positions(seed, players, every=5):
        without = score_chart(game.displays()).total
        minus = [c.count("minus2") for c in game.state.chips]
        with_minus = score_chart(game.displays(), minus).total
        expected = with_minus if game.is_terminal() else without
        assert game.scores() == expected and game.observe(None)["scores"] == list(expected)
        assert game.chart(reveal=True).total == with_minus


@rule("decision.hidden-score")
def test_a_minus_two_chip_taken_counts_only_once_the_game_is_over():
    game = table([["france-3"], ["france-4"], ["denmark-1"]], chips={"1,1": "minus2"})
    play(game, "take 1 1", "stop", "skip")
    assert game.scores() == (9, 0, 0) and game.observe(1)["scores"] == [9, 0, 0]
    assert game.chart(reveal=True).total == (7, 0, 0)
    play(game, "take 2 1", "skip", "take 3 1")
    assert game.is_terminal() and game.scores() == (7, 9, 5)


# ---------------------------------------------------------------------------------------------------- engine leaks
@rule("decision.stop")
@pytest.mark.parametrize("kind", ["colours", "three", "return"])
def test_what_others_see_after_a_take_does_not_depend_on_the_kind_of_the_chip_taken_with_it(kind):
    views = []
    for chip in (kind, "minus2"):
        game = table([["france-6", "denmark-1"], ["saxony-3", "saxony-4"]], chips={"1,1": chip})
        if kind == "return":
            lose_stones(game, 0, 1)  # in both games: a stone lost earlier, so a return chip would be useful
        play(game, "take 1 1")
        views.append(game.observe(1))
    assert views[0] == views[1]


@pytest.mark.slow
def test_in_random_games_the_same_action_never_shows_others_a_difference_in_hidden_chips():
    leaks = []
    for seed in range(3):
        game, pick = new_game(seed=seed, players=4), Rng(seed)
        while not game.is_terminal():
            legal = game.legal_actions()
            mover = game.pending().player
            viewer = (mover + 1) % 4
            if game.state.chips[mover] or any(game.state.chip):
                twin = hidden_twin(game, viewer)
                for action in [a for a in legal if a.verb == "take" and a in twin.legal_actions()]:
                    here, there = game.clone(), twin.clone()
                    here.apply(action)
                    there.apply(action)
                    if here.is_terminal():
                        continue  # the end reveals every chip by the rules
                    if here.observe(viewer) != there.observe(viewer):
                        leaks.append((seed, len(game.history), str(action)))
            game.apply(legal[pick.below(len(legal))])
    assert leaks == []
