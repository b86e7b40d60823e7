"""Targets and search spaces: goals read from text or objects and refused in one sentence when they make no sense
for the game; spaces read as ranges, lists, rules over tables and named options, checked like variants; a
combination that breaks the game is skipped with its reason counted."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Rng
from games.lab import Variant
from games.lab.search import NTBEA
from games.lab.spaces import Space, SpaceError, options, parse_dimension, parse_space
from games.lab.targets import CENTRE_PULL, Target, TargetError, measures, parse_goal

CATAN = "catan.base"
SANDBOX = "kutna_hora.economy"
BOTS = ["random", "random", "random"]


def catan_target(goals, space=None, bots=BOTS, **kw) -> Target:
    return Target(CATAN, goals, space or {"points_to_win": "6..8"}, bots, **kw)


# ---------------------------------------------------------------------------------------------- goals
@pytest.mark.parametrize(("text", "kind", "low", "high"), [
    ("turns in 55..65", "in", 55, 65),
    ("turns in 55 to 65", "in", 55, 65),
    ("first_player_advantage within ±0.03", "in", -0.03, 0.03),
    ("first_player_advantage within +-3 %", "in", -0.03, 0.03),
    ("turns within ±5 of 60", "in", 55, 65),
    ("skill_gap >= 0.15", "at_least", 0.15, None),
    ("skill_gap at least 15 %", "at_least", 0.15, None),
    ("spread_last <= 8", "at_most", None, 8),
    ("drama up", "up", None, None),
    ("lead_changes down", "down", None, None),
])
def test_a_goal_reads_as_a_teacher_writes_it(text, kind, low, high):
    goal = catan_target([text], bots=["greedy", "random", "random"]).goals[0]
    assert goal.kind == kind
    assert (goal.low is None) == (low is None) and (goal.high is None) == (high is None)
    if low is not None:
        assert goal.low == pytest.approx(low)
    if high is not None:
        assert goal.high == pytest.approx(high)
    again = parse_goal(goal.text(), measures(CATAN, 3))  # its own words read back as the same goal
    assert again.kind == goal.kind
    for ours, theirs in ((again.low, goal.low), (again.high, goal.high)):
        assert (ours is None and theirs is None) or ours == pytest.approx(theirs)


def test_a_goal_as_an_object_and_a_series_metric_named_in_words():
    target = Target("catan.cities_knights", [{"metric": "barbarian attacks per game", "in": [3, 5], "weight": 2},
                                             {"metric": "turns", "<=": 200, "scale": 10}],
                    {"barbarian_steps": [5, 7, 9]}, BOTS)
    attacks, turns = target.goals
    assert attacks.metric == "barbarian_attacks" and attacks.measure.series and attacks.weight == 2
    assert attacks.unit == 1.0  # half its band
    assert turns.unit == 10 and turns.kind == "at_most"
    assert attacks.measure.value({"ends": {"barbarian_attacks": 4.0}}, 3) == 4.0
    points = measures("catan.cities_knights", 3)["points"]
    assert points.per_seat and points.value({"ends": {"points": [10.0, 7.0, 7.0]}}, 3) == 8.0
    assert Target.from_dict(json.loads(target.to_json())).to_dict() == target.to_dict()


@pytest.mark.parametrize(("goal", "said"), [
    ("barbarian attacks per game in 3..5", "the game's series: points"),   # Catan base has no barbarians
    ("drama in 0.5..1.4", "a bound of 140 % makes no sense"),
    ("winner_worst_place >= 5", "a bound of 5 makes no sense"),           # 3 players: places 1..3
    ("first_player_advantage within ±0.5", "makes no sense"),            # -1/3 is the least edge
    ("turns within ±5", "is a band around 0"),
    ("turns >= 0", "always holds"),
    ("drama <= 1", "always holds"),
    ("decided_at in 0..1", "always holds"),
    ("turns in 65..55", "runs from low to high"),
    ("turns in 55..65 weight 0", "its weight is above 0"),
    ("turns in 55..65 weight 1000", "at most 100"),
    ("turns in 55..65 %", "not a share"),
    ("skill_gap >= 0.1", "make them different bots"),
    ("turns about 60", "a goal reads like"),
    ({"metric": "turns", "in": [1, 2], "<=": 3}, "not in and <="),
    ({"metric": "turns", "around": 60, "in": [55, 65]}, "around goes with within"),
    ({"metric": "turns", "in": [55]}, "a band of two numbers"),
    ({"metric": "turns", "in": [55, "x"]}, "a bound is a number"),
    ({"metric": "turns", "over": 3}, "has no key"),
    ({"in": [1, 2]}, "names its metric"),
    (["turns"], "a goal is a text"),
])
def test_a_goal_that_makes_no_sense_is_refused_in_one_sentence(goal, said):
    with pytest.raises(TargetError) as refused:
        catan_target([goal])
    message = str(refused.value)
    assert said in message, message
    assert "\n" not in message and message.count(". ") <= 1


@pytest.mark.parametrize(("data", "said"), [
    ({"game": CATAN, "bots": BOTS, "goals": ["turns in 1..2"]}, "names its space"),
    ({"game": CATAN, "bots": BOTS, "goals": [], "space": {"points_to_win": [8]}}, "a target has goals"),
    ({"game": CATAN, "bots": BOTS, "goals": ["turns in 1..2", "turns <= 3"], "space": {"points_to_win": [8]}},
     "name turns twice"),
    ({"game": CATAN, "bots": BOTS, "goals": ["turns in 1..2"], "space": {"points_to_win": [8]}, "colour": 1},
     "has no key"),
    ({"game": "chess", "bots": BOTS, "goals": ["turns in 1..2"], "space": {}}, "unknown game"),
    ({"game": CATAN, "bots": BOTS, "goals": ["turns in 1..2"], "space": {"points_to_win": [8]}, "method": "grid"},
     "ntbea, halving, random"),
    ({"game": CATAN, "bots": BOTS, "goals": ["turns in 1..2"], "space": {"points_to_win": [8]}, "batch": 0},
     "at least 1"),
    ({"game": CATAN, "bots": BOTS, "goals": ["turns in 1..2"], "space": {"points_to_win": [8]}, "alpha": 0.7},
     "between 0 and 0.5"),
    ({"game": CATAN, "bots": ["random", "sharp"], "goals": ["turns in 1..2"], "space": {"points_to_win": [8]}},
     "sharp"),
])
def test_a_target_file_that_is_wrong_is_refused_in_one_sentence(data, said):
    with pytest.raises(Exception) as refused:
        Target.from_dict(data)
    assert isinstance(refused.value, ValueError)
    assert said in str(refused.value), str(refused.value)


def test_a_target_file_that_is_not_json_names_the_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{\"game\": ", encoding="utf-8")
    with pytest.raises(TargetError, match="broken.json: a target file is not JSON"):
        Target.load(path)
    for text, said in ((b"{\"game\": \"\xff\"}", "not UTF-8 text"), ("[" * 100_000, "nests lists or objects deeper"),
                       ("1" * 5_000, "a number too long"), (None, "is JSON text, not NoneType"),
                       (" " * 2_000_001, "at most 2,000,000 characters")):
        with pytest.raises(TargetError, match=said):
            Target.from_json(text)
    with pytest.raises(TargetError, match="cannot be read"):
        Target.load(tmp_path / "missing.json")


def test_the_loss_counts_units_outside_a_band_and_pulls_towards_its_middle():
    target = catan_target(["turns in 50..60", "first_player_advantage within ±0.05 weight 2", "drama up"],
                          bots=["greedy", "random", "random"])
    band, edge, drama = target.goals
    assert band.loss(55) == 0 and band.loss(60) == pytest.approx(CENTRE_PULL)
    assert band.loss(65) == pytest.approx(1 + CENTRE_PULL)  # one half-band (5 turns) outside, and the edge's pull
    assert edge.loss(0.15) == pytest.approx(2 * (2 + CENTRE_PULL))
    assert drama.loss(0.2) < drama.loss(0.1)
    assert math.isinf(band.loss(math.nan))
    assert band.call(52, 58) == "meets" and band.call(61, 70) == "misses" and band.call(45, 55) == "not clear"
    assert drama.call(0, 1) == ""


CATAN_MEASURES = measures(CATAN, 3)


@settings(max_examples=40, deadline=None)
@given(st.floats(0, 400), st.floats(0.5, 200), st.floats(-500, 900))
def test_a_band_costs_nothing_only_at_its_middle_and_more_the_further_out(low, width, value):
    goal = parse_goal(f"turns in {low:.3f}..{low + width:.3f}", CATAN_MEASURES)
    inside = goal.low <= value <= goal.high
    assert goal.loss(value) >= 0
    assert (goal.loss(value) <= CENTRE_PULL + 1e-9) == inside or abs(value - goal.low) < 1e-6 or \
        abs(value - goal.high) < 1e-6
    further = value + (1 if value > goal.centre else -1)
    assert goal.loss(further) >= goal.loss(value) - 1e-12


# ---------------------------------------------------------------------------------------------- spaces
def test_values_as_a_range_a_list_text_and_from_to_step():
    space = parse_space({"points_to_win": {"from": 6, "to": 12, "step": 3}, "costs.city.ore": [2, 3, 4],
                         "safe_hand": "6..8", "robber_roll": "6,7,8"}, Variant(CATAN))
    assert [d.values for d in space.dimensions] == [(6, 9, 12), (2, 3, 4), (6, 7, 8), (6, 7, 8)]
    assert space.size == 81
    point = (2, 0, 1, 1)
    assert space.describe(point) == "points_to_win=12, costs.city.ore=2, safe_hand=7, robber_roll=7"
    made = space.variant(point)
    assert made.changes == {"costs.city.ore": 2, "points_to_win": 12}  # printed values drop out, as in any variant
    assert space.values(point) == {"points_to_win": 12, "costs.city.ore": 2, "safe_hand": 7, "robber_roll": 7}


def test_a_rule_over_a_table_scales_or_shifts_its_number_cells_within_their_range():
    base = Variant(CATAN)
    scaled, _ = parse_dimension("costs.city", {"scale": [0.5, 2]}, base)
    assert dict(scaled.changes[0]) == {"costs.city.grain": 1, "costs.city.ore": 2}  # 2 -> 1, 3 -> 1.5 -> 2
    assert dict(scaled.changes[1]) == {"costs.city.grain": 4, "costs.city.ore": 6}
    shifted, _ = parse_dimension("costs.*.ore", {"shift": [-5, 1]}, base)
    assert all(v >= 0 for v in shifted.changes[0].values())  # held within 0..9
    assert shifted.changes[1]["costs.city.ore"] == 4
    assert shifted.label(1) == "costs.*.ore +1"


@pytest.mark.slow
def test_a_rule_over_a_price_table_keeps_each_cells_marks():
    base = Variant(SANDBOX)
    dimension, _ = parse_dimension("prices.ore.*.ore.*", {"shift": [1]}, base)
    changes = dimension.changes[0]
    assert len(changes) > 100 and all(path.split(".")[3] == "ore" for path in changes)
    printed = dict(Variant(SANDBOX).parameters()[1].describe()["value"]["ore"][0])
    first = printed["ore"][0]
    assert changes["prices.ore.0.ore.0"] == f"{int(''.join(c for c in first if c.isdigit())) + 1}" + \
        "".join(c for c in first if not c.isdigit())


@pytest.mark.slow
def test_named_options_carry_changes_made_in_python():
    from games.kutna_hora.prices import price_changes

    base = Variant(SANDBOX)
    faster = price_changes("ore", lambda card, notch, cell: max(1, cell.value - card // 10))
    dimension = options("ore prices", {"printed": {}, "faster": faster}, base)
    space = Space(base, [dimension, parse_dimension("turns", [10, 12], base)[0]])
    assert space.describe((1, 0)) == "ore prices: faster, turns=10"
    assert space.variant((1, 0)).changes == {**faster, "turns": 10}


@pytest.mark.parametrize(("space", "said"), [
    ({}, "names the parameters to vary"),
    ({"points": [1, 2]}, "the space's points=1 is refused"),
    ({"points_to_win": [8, 40]}, "points_to_win=40 is refused: Catan: points_to_win is at most 30"),
    ({"costs.city.ore": [2, 12]}, "costs.city.ore is at most 9"),
    ({"points_to_win": []}, "lists no value"),
    ({"points_to_win": "6..80"}, "tries at most 40 values"),
    ({"points_to_win": {"from": 6}}, "gives its values as a list"),
    ({"costs": {"scale": [0.5, 1]}, "costs.city.ore": [1, 2]}, "both change costs.city.ore"),
    ({"costs.*.ore": [1, 2]}, "a pattern takes a rule"),
    ({"costs": {"scale": [0, 1]}}, "a factor above 0"),
    ({"points_to_win": {"scale": [2]}}, "points_to_win is one value"),
    ({"layout": {"shift": [1]}}, "layout is one value"),
    ({"costs.nothing": {"shift": [1]}}, "picks no number cell"),
    ({"rates.bank": [2]}, "a harbour never trades worse than the bank"),
    ({"ore": {"options": {"cheap": 3}}}, "options name sets of changes"),
])
def test_a_space_that_is_wrong_is_refused_in_one_sentence(space, said):
    with pytest.raises(SpaceError) as refused:
        parse_space(space, Variant(CATAN))
    assert said in str(refused.value), str(refused.value)
    assert "\n" not in str(refused.value)


def test_two_values_that_make_the_same_game_are_tried_once_with_a_note():
    space = parse_space({"costs.city": {"scale": [1, 1.1, 2]}}, Variant(CATAN))
    assert space.dimensions[0].values == (1, 2)
    assert space.notes == ["costs.city ×1.1 makes the same game as costs.city ×1: tried once"]


def test_a_combination_that_breaks_the_game_is_skipped_with_its_reason_counted():
    # each alone is fine (bank 3 >= generic 3; generic 4 <= bank 4), together the bank trades better than a harbour
    target = catan_target(["turns in 100..200"], {"rates.bank": [3, 4], "rates.generic": [3, 4]})
    space = target.space
    assert space.broken((0, 1)).startswith("Catan: rates: a harbour never trades worse than the bank")
    assert space.broken((0, 0)) is None
    search = NTBEA(space, target, budget=40, seed=0)
    for _ in range(5):
        asked = search.ask()
        assert (0, 1) not in asked
        search.tell([(p, {"turns": 150.0}) for p in asked])
    assert list(search.skipped.values()) == [1]  # counted once, with its reason
    assert "harbour" in next(iter(search.skipped))


def test_neighbours_differ_from_the_point_and_stay_in_the_space():
    space = parse_space({"points_to_win": "6..14", "robber_roll": "5..9", "safe_hand": "5..9"}, Variant(CATAN))
    rng = Rng(3)
    for _ in range(20):
        point = space.random_point(rng)
        near = space.neighbours(point, rng, 30)
        assert near and len(set(near)) == len(near) and point not in near
        assert all(0 <= i < n for p in near for i, n in zip(p, space.sizes, strict=True))
    with pytest.raises(SpaceError, match="one value position per dimension"):
        space.describe((1, 2))
