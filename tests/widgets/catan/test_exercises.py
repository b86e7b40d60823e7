"""The Catan lessons' exercises: the rules' answer is accepted, a wrong one gets the hint first, broken exercises
fail when made."""

import pytest

from games.catan import cities_knights
from games.core.bots import GreedyBot, play_out
from widgets.catan import exercises as ex
from widgets.catan import odds


def beginner():
    return cities_knights.new_game(players=3, seed=1, layout="beginner")


def attack_position():
    return odds.position(cities={0: [17], 1: [31], 2: [40]}, knights_={0: {22: "strong active"},
                                                                       1: {36: "basic"}})


def every_exercise():
    finished = play_out(beginner(), [GreedyBot(q) for q in range(3)])
    return [ex.PipsExercise("Eights", 8, hint="Count the pairs."),
            ex.YieldExercise("A settlement", beginner(), 17), ex.YieldExercise("A city", beginner(), 31, "city"),
            ex.YieldExercise("Commodities", beginner(), 31, "city", commodities=True),
            ex.ShipExercise("Halfway", 3), ex.AttackExercise("Strength", attack_position(), "strength"),
            ex.AttackExercise("Defence", attack_position(), "defence"),
            ex.AttackExercise("Pillaged", attack_position(), "pillaged"),
            ex.AttackExercise("Defender", attack_position(), "defender"),
            ex.CostExercise("Aqueduct", "science", 1, 3), ex.DrawExercise("Fortress", "politics", 3),
            ex.MetropolisExercise("Takeover", odds.position(players=3, cities={0: [17], 1: [40]}),
                                  [(0, "trade")] * 4 + [(1, "trade")] * 5, "trade"),
            ex.PointsExercise("Winner", finished, finished.outcome().winners[0])]


@pytest.mark.parametrize("exercise", every_exercise(), ids=lambda e: e.title)
def test_the_rules_answer_is_right_and_a_wrong_one_gets_the_hint_first(exercise):
    truth = exercise.answer()
    assert exercise.check(str(truth)).correct
    first = exercise.attempt(str(truth + 1))
    assert not first.correct and str(truth) not in first.text.split("Hint")[0].replace(str(truth + 1), "")
    assert not exercise.check("").correct and "first" in exercise.check("").text
    assert exercise.reveal().text.startswith("The answer: ")
    box = exercise.show()
    box.answer.value = str(truth)
    box._on_check()
    assert "✓" in box.feedback.value


def test_the_answers():
    assert ex.PipsExercise("Sevens", 7).answer() == 6
    assert ex.ShipExercise("Start", 0).answer() == 14
    assert ex.CostExercise("All", "trade", 0, 5).answer() == 15
    assert ex.DrawExercise("Top", "science", 5).answer() == 6
    position = attack_position()
    assert ex.AttackExercise("Who", position, "defender").answer() == 0  # 2 against 3: nobody defends
    held = odds.position(cities={0: [17], 1: [31]}, knights_={0: {22: "strong active"}, 1: {36: "basic active"}})
    assert ex.AttackExercise("Who", held, "defender").answer() == 1  # 3 against 2: Player 1 contributed most
    takeover = ex.MetropolisExercise("Takeover", odds.position(players=3, cities={0: [17], 1: [40]}),
                                     [(0, "trade")] * 4 + [(1, "trade")] * 5, "trade")
    assert takeover.answer() == 2 and "before Player 1" in takeover.explain()


def test_an_attack_lost_by_the_weakest():
    position = attack_position()
    attack = odds.attack_outcome(position)
    exercise = ex.AttackExercise("Lost", position, "pillaged")
    assert exercise.answer() == len(attack.pillaged)
    assert attack.strength == 3 and attack.defence == 2 and attack.pillaged == (1, 2)


@pytest.mark.parametrize("make", [
    lambda: ex.PipsExercise("x", 13), lambda: ex.YieldExercise("x", beginner(), 99),
    lambda: ex.YieldExercise("x", beginner(), 17, "settlement", commodities=True),
    lambda: ex.ShipExercise("x", 7), lambda: ex.AttackExercise("x", attack_position(), "colour"),
    lambda: ex.CostExercise("x", "science", 3, 3), lambda: ex.CostExercise("x", "magic", 0, 1),
    lambda: ex.DrawExercise("x", "trade", 6), lambda: ex.DrawExercise("x", "trade", 1, rolls=10),
    lambda: ex.PointsExercise("x", beginner(), 5)])
def test_a_broken_exercise_fails_when_made(make):
    with pytest.raises(ValueError):
        make()


def test_a_yield_or_attack_question_shows_its_position_on_the_island():
    from widgets.catan import BoardView

    box = ex.YieldExercise("A settlement", beginner(), 17).show()
    picture = box.children[1].children[0]
    assert isinstance(picture, BoardView) and picture.marks == {"node": [17]} and not picture.interactive
    attack = ex.AttackExercise("Strength", attack_position(), "strength").show()
    assert isinstance(attack.children[1].children[0], BoardView)
    assert ex.PipsExercise("Eights", 8).figure() is None


def test_a_position_exercise_stays_true_however_its_table_plays_on_or_is_reset():
    """The question, its picture and its answer are the position the exercise was made from: a learner who plays
    on in the table (or resets it) afterwards still gets the answer to what the exercise shows."""
    from widgets.catan import CKTable

    table = CKTable(players=3, seed=3, human=0, bots="greedy", layout="beginner", start_player=0)
    node = int(table.game.legal_actions().texts()[0].split()[1])
    assert table.act(f"settle {node}") and table.act(table.game.legal_actions().texts()[0])
    yield_ex = ex.YieldExercise("A settlement from the set-up", table.game, node)
    points_ex = ex.PointsExercise("Player 1's points", table.game, 0)
    asked, answers = yield_ex.question, (yield_ex.answer(), yield_ex.explain(), points_ex.answer())
    assert f"(number {node})" in asked and "marked on the island" in asked
    played = table.game
    while played.state.cities[0] == 0:  # the learner plays on: a city and a road (the bots answer)
        assert table.act(table.game.legal_actions().texts()[0])
    assert sum(played.point_sources(0).values()) > points_ex.answer()
    assert table.reset()
    assert (yield_ex.question, (yield_ex.answer(), yield_ex.explain(), points_ex.answer())) == (asked, answers)
    assert yield_ex.check(yield_ex.answer()).correct and points_ex.check(points_ex.answer()).correct
