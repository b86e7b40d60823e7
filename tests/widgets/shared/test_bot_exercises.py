"""Exercises about bots: the search's preference between two choices, and whether a result lies in its interval."""

from __future__ import annotations

import pytest

from games import kardinal_koenig
from widgets.shared.bot_exercises import IntervalExercise, PreferenceExercise
from widgets.shared.tournament import wilson


@pytest.mark.parametrize("wins, seats, inside", [(8, 12, "yes"), (130, 200, "no"), (20, 20, "no"), (10, 20, "yes")])
def test_the_interval_exercise_is_answered_by_the_wilson_interval(wins, seats, inside):
    ex = IntervalExercise("x", wins=wins, seats=seats)
    low, high = wilson(wins, seats)
    assert ex.answer() == inside == ("yes" if low <= 0.5 <= high else "no")
    assert ex.check(inside).correct and ex.check(inside.upper()).correct
    assert not ex.check("yes" if inside == "no" else "no").correct
    assert "Type yes or no" in ex.check("").text and "not 'maybe'" in ex.check("maybe").text
    with pytest.raises(ValueError):
        IntervalExercise("bad", wins=5, seats=4)


@pytest.mark.slow
def test_the_preference_exercise_is_answered_by_the_search_on_equal_terms():
    game = kardinal_koenig.new_game(players=3, seed=11, start_player=0)
    legal = [str(a) for a in game.legal_actions()]
    ex = PreferenceExercise("two", game, legal[0], legal[-1])
    truth = ex.answer()
    assert truth in (legal[0], legal[-1]) and ex._chances[ex.first] != ex._chances[ex.second]
    assert ex.check(truth).correct and "of a win" in ex.check(truth).text
    other = legal[-1] if truth == legal[0] else legal[0]
    assert not ex.check(other).correct
    why = ex.explain()
    assert f"'{truth}': " in why and f"'{other}': " in why, "each choice is explained in the coach's words"
    assert "Type one of the two choices" in ex.check("take 9 9").text
    assert ex.game is not game and not game.history, "the exercise keeps its own copy of the position"
    with pytest.raises(ValueError, match="not a legal choice"):
        PreferenceExercise("bad", game, "take 1 7", legal[0])
