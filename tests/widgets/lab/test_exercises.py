"""The design-lab lessons' exercises (answers worked out from results, checked readings) and their kept results."""

from __future__ import annotations

import pytest

from games.lab import Arm, Experiment, Variant
from widgets.lab.exercises import (
    DIFFERENT,
    GO_ON,
    SAME,
    BandExercise,
    DirectionExercise,
    FirstPlayerExercise,
    StopRuleExercise,
    read_choice,
)
from widgets.lab.kept import RESULTS, kept, names
from widgets.shared.exercises import Feedback


@pytest.fixture(scope="module")
def results():
    printed = Variant("kardinal_koenig.cards")
    shorter = Variant("kardinal_koenig.cards", {"country_cards.france": 2, "country_cards.saxony": 2},
                      name="fewer cards")
    # enough blocks for intervals that hold at every number of games to see the 11 cards fewer
    return Experiment(printed, [shorter, Arm(printed, salt=1)], bots=["random", "random", "random"],
                      games=30).run()


def test_a_choice_is_read_by_its_words_or_its_first_letters():
    options = ("larger", "smaller", "no clear difference")
    assert read_choice("  Larger ", options) == "larger" and read_choice("no", options) == "no clear difference"
    for bad in ("", None, "bigger", "l" * 500):
        feedback = read_choice(bad, options)
        assert isinstance(feedback, Feedback) and not feedback.correct and len(feedback.text) < 200


@pytest.mark.parametrize(("low", "high", "margin", "call"), [
    (0.1, 2.0, 1.0, DIFFERENT), (-3.0, -0.2, 1.0, DIFFERENT), (-0.4, 0.6, 1.0, SAME), (-0.4, 2.6, 1.0, GO_ON),
    (-1.0, 0.5, 1.0, GO_ON),
])
def test_the_stop_rule_exercise_calls_as_the_stop_rule_does(low, high, margin, call):
    exercise = StopRuleExercise("t", low, high, margin, unit="turns")
    assert exercise.answer() == call
    assert exercise.check(call).correct and not exercise.check(next(o for o in exercise.options if o != call)).correct
    assert str(low) in exercise.question or f"{low:g}" in exercise.question
    with pytest.raises(ValueError):
        StopRuleExercise("t", 2.0, 1.0, 1.0)


@pytest.mark.slow
def test_the_direction_is_the_side_of_0_the_paired_interval_lies_on(results):
    for arm in ("fewer cards", "printed game (bots reseeded 1)"):
        for metric in ("turns", "spread_last", "first_player_win"):
            exercise = DirectionExercise("t", results, metric, arm)
            diff = results.difference(results.arm(arm), metric)
            expected = "larger" if diff.low > 0 else "smaller" if diff.high < 0 else "no clear difference"
            assert exercise.answer() == expected
            assert exercise.check(expected).correct and f"{diff.low:+.3g}" in exercise.explain()
    assert DirectionExercise("t", results, "turns", "fewer cards").answer() == "smaller"  # 45 cards, not 56
    with pytest.raises(ValueError):
        DirectionExercise("t", results, "fun", "fewer cards")


@pytest.mark.slow
def test_the_first_player_and_the_fan_are_read_from_the_results(results):
    exercise = FirstPlayerExercise("t", results, "printed game")
    est = results.estimate(results.arm("printed game"), "first_player_win")
    fair = 1 / 3
    assert exercise.answer() == ("yes" if est.low > fair else "no" if est.high < fair else "cannot tell")
    band = BandExercise("t", results, "points", "fewer cards", round=2)
    row = next(r for r in results.fan("points", arms=["fewer cards"]) if r["round"] == 2)
    assert band.answer() == round(row["q50"]) and band.check(str(round(row["q50"]))).correct
    assert not band.check("-999").correct and "nearest whole number" in band.question
    with pytest.raises(ValueError):
        BandExercise("t", results, "points", "fewer cards", round=999)


LESSONS = {"lab_13_price_economy": ("kutna_hora.game", "ore falls faster"),
           "lab_14_catan_first_player": ("catan.base", "8 points win"),
           "lab_14_barbarians": ("catan.cities_knights", "barbarians 4 steps away")}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(LESSONS))
def test_each_kept_lesson_experiment_is_in_the_repository_and_complete(name):
    assert name in names()
    found = kept(name)
    game, variant = LESSONS[name]
    assert found.games == found.experiment.games == 150 and found.experiment.game_id == game
    assert [a.name for a in found.arms] == ["printed game", variant] and found.arms[0].variant.is_printed
    assert not any(p.name.endswith(("-wal", "-shm")) for p in RESULTS.iterdir())
    assert kept(name, stop="turns").decisions[variant]["decision"] in ("different", "no difference", "undecided")


def test_a_missing_kept_experiment_says_how_to_make_it():
    with pytest.raises(FileNotFoundError, match="bench_lab.py --part lessons"):
        kept("lab_99")
