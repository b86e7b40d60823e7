"""The search lesson 15 reads: kept in the repository with its target inside, replayed from the kept games without
playing one (the same choices: the same answers), its games still played the same by today's bots; and the lesson's
exercises on it (setting a target, reading a confirmation)."""

from __future__ import annotations

import pytest

from games.lab import Store, Variant
from games.lab.lineup import BotSpec
from games.lab.playing import GameKey, play
from games.lab.tuned import CONFIRM_OFFSET
from widgets.lab.exercises import ConfirmationExercise, TargetExercise
from widgets.lab.kept import RESULTS, kept_search, searches

NAME = "lab_15_price_economy"
pytestmark = pytest.mark.slow  # the search is replayed from its 4,000 kept games


@pytest.fixture(scope="module")
def found():
    return kept_search(NAME)


def test_the_kept_search_replays_without_playing_and_is_confirmed_on_fresh_seeds(found):
    assert NAME in searches()
    assert found.played == 0 and found.kept >= found.used and not found.stopped
    assert found.used == found.budget == found.target.budget_games
    assert found.confirmation is not None and found.confirmation.games == found.target.confirm_games
    assert found.confirmation.seeds[0] == found.target.seed + CONFIRM_OFFSET
    assert not any(p.name.endswith(("-wal", "-shm")) for p in RESULTS.iterdir())


def test_the_kept_games_play_the_same_with_todays_bots(found):
    best = found.best_point
    variant = found.target.space.variant(best)
    bots = list(found.target.lineup)
    with Store(RESULTS / f"{NAME}.sqlite", read_only=True) as store:
        for seed, rotation in ((found.target.seed, 0), (found.target.seed + CONFIRM_OFFSET, len(bots) - 1)):
            key = GameKey(variant.hash, found.target.lineup_key, seed, rotation)
            assert play(variant, bots, seed, rotation)["history"] == store.history(key), \
                f"{NAME}: {variant.label} seed {seed} rotation {rotation} plays otherwise"


def test_a_missing_kept_search_says_how_to_make_it():
    with pytest.raises(FileNotFoundError, match="bench_tune.py --part lessons"):
        kept_search("lab_99_nothing")


@pytest.fixture(scope="module")
def length():
    return TargetExercise("Set a target", "kutna_hora.economy", "turns", list(range(6, 25)), 14, "turns",
                          ["random"] * 3)


@pytest.mark.parametrize(("goal", "right"), [
    ("turns in 40..44", True), ("turns within ±2 of 42", True), ("turns >= 41 weight 2", False),
    ("turns in 30..50", False), ("turns in 43..44", False), ("turns <= 42", False),
])
def test_setting_a_target_is_checked_on_each_candidates_game(length, goal, right):
    assert length.measured[14] == 42 and length.measured[13] == 39
    feedback = length.check(goal)
    assert feedback.correct is right, feedback.text
    if not right:
        assert "only turns=14 should" in feedback.text


@pytest.mark.parametrize(("goal", "said"), [
    ("", "Type a goal first"), ("spread_last in 1..2", "asks for a goal on turns"), ("turns up", "A direction picks"),
    ("turns in 9..8", "runs from low to high"), ("turns about 42", "a goal reads like"),
])
def test_a_goal_that_is_no_answer_is_told_so_and_is_no_try(length, goal, said):
    feedback = length.attempt(goal)
    assert not feedback.correct and said in feedback.text
    assert length.wrong_tries == 0


def test_reading_a_confirmation(found):
    exercise = ConfirmationExercise("Confirmed?", found)
    assert exercise.answer() == found.confirmation.call
    assert exercise.check(found.confirmation.call).correct
    wrong = next(o for o in exercise.options if o != found.confirmation.call)
    assert not exercise.check(wrong).correct
    assert "fresh interval is" in exercise.question


def test_the_kept_search_variant_is_an_ordinary_variant(found, tmp_path):
    path = found.write_best(tmp_path / "best.json")
    made = Variant.load(path)
    assert made == found.best and made.name.startswith(found.target.name)
    assert all(BotSpec.parse(str(s)) == s for s in found.target.lineup)
