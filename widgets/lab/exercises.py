"""Self-checking exercises of the design-lab lessons. Each asks about an experiment's results (or about the stop
rule's interval) and works its answer out from them when checked, never from a stored answer.

* :class:`DirectionExercise` - does a variant make a metric larger, smaller, or is there no clear difference? (the
  paired 95 % interval of the difference: above 0, below 0, or across it)
* :class:`StopRuleExercise` - given the stop rule's interval and margin, what does it call? (different, no
  difference, go on)
* :class:`FirstPlayerExercise` - is the seat that plays first clearly favoured? (the Wilson interval of its win
  share against a fair share)
* :class:`BandExercise` - read a fan chart: the median of a series at a round, to the nearest whole number.
* :class:`TargetExercise` - set a target: write a goal that one value of a parameter meets and every other misses
  (the goal is read as the lab reads it, and checked on the value each candidate's game gives).
* :class:`ConfirmationExercise` - is a search's best confirmed on its fresh games? (each goal's fresh interval
  against its band: all inside, one wholly outside, or not clear yet)
"""

from __future__ import annotations

from typing import Any

from games.lab import Results, Variant, VariantError
from games.lab.lineup import parse_lineup
from games.lab.metrics import METRICS
from games.lab.playing import play
from games.lab.targets import measures, parse_goal
from games.lab.tuned import span
from widgets.shared.exercises import Exercise, Feedback

LARGER, SMALLER, UNCLEAR = "larger", "smaller", "no clear difference"
DIFFERENT, SAME, GO_ON = "different", "no difference", "go on"


def read_choice(answer: Any, options: tuple[str, ...]) -> str | Feedback:
    """The option an answer names (its first letters are enough when only one option starts so: "lar"), or the
    :class:`Feedback` that says what to type."""
    text = " ".join(str(answer or "").lower().split())
    listed = ", ".join(f"'{o}'" for o in options)
    if not text:
        return Feedback(False, f"Type your answer first: {listed}.")
    found = [o for o in options if o == text] or [o for o in options if o.startswith(text)]
    if len(found) == 1:
        return found[0]
    return Feedback(False, f"Type one of {listed}, not {text[:40]!r}.")


class _ChoiceExercise(Exercise):
    """An exercise whose answer is one of a few words."""

    options: tuple[str, ...] = ()

    def read(self, answer: Any) -> Any:
        return read_choice(answer, self.options)

    def say(self, value: Any) -> str:
        return f"'{value}'"

    def statement(self, truth: Any) -> str:
        return f"The answer is '{truth}'."

    def correction(self, truth: Any) -> str:
        return f"It is '{truth}'."


class DirectionExercise(_ChoiceExercise):
    """Does ``arm`` make ``metric`` larger or smaller than the baseline, or is there no clear difference?"""

    options = (LARGER, SMALLER, UNCLEAR)

    def __init__(self, title: str, results: Results, metric: str, arm: str, hint: str = "") -> None:
        self.title, self.results, self.metric, self.arm = title, results, metric, results.arm(arm)
        if metric not in results.metrics():
            raise ValueError(f"no metric {metric!r} in these results; metrics: {', '.join(results.metrics())}")
        self.hint = hint or "Look at the difference's 95 % interval: which side of 0 is it on?"

    @property
    def question(self) -> str:
        words = METRICS[self.metric].words if self.metric in METRICS else self.metric
        return (f"Compared with {self.results.experiment.baseline.name}, does '{self.arm.name}' make {words} "
                f"({self.metric}) larger, smaller, or is there no clear difference? Type larger, smaller or "
                "no clear difference.")

    def _difference(self) -> Any:
        return self.results.difference(self.arm, self.metric)

    def answer(self) -> str:
        diff = self._difference()
        if diff.low > 0:
            return LARGER
        if diff.high < 0:
            return SMALLER
        return UNCLEAR

    def explain(self) -> str:
        diff = self._difference()
        return (f"The paired difference ({self.arm.name} minus the baseline, seed by seed over {diff.n} seeds) is "
                f"{diff.value:+.3g} with a 95 % interval of [{diff.low:+.3g}, {diff.high:+.3g}]: "
                + ("all of it above 0." if diff.low > 0 else "all of it below 0." if diff.high < 0 else
                   "it reaches across 0, so these games cannot tell."))


class StopRuleExercise(_ChoiceExercise):
    """The stop rule's interval after some blocks and its margin: what does it call?"""

    options = (DIFFERENT, SAME, GO_ON)

    def __init__(self, title: str, low: float, high: float, margin: float, unit: str = "", hint: str = "") -> None:
        if not low <= high:
            raise ValueError(f"an interval's low end comes first: {low} > {high}")
        self.title, self.low, self.high, self.margin, self.what = title, low, high, margin, unit
        self.hint = hint or "Is 0 outside the interval? Is the whole interval inside ±margin?"

    @property
    def question(self) -> str:
        unit = f" {self.what}" if self.what else ""
        return (f"After some seeds, the stop rule's interval for the difference is [{self.low:g}, {self.high:g}]"
                f"{unit}, and the margin of no difference is {self.margin:g}{unit}. What does it call? Type "
                "different, no difference or go on.")

    def answer(self) -> str:
        if self.low > 0 or self.high < 0:
            return DIFFERENT
        if -self.margin < self.low and self.high < self.margin:
            return SAME
        return GO_ON

    def explain(self) -> str:
        truth = self.answer()
        if truth == DIFFERENT:
            return "0 lies outside the interval: the difference is clearly there, and the experiment stops."
        if truth == SAME:
            return (f"The whole interval lies inside ±{self.margin:g}: any difference is smaller than the margin, "
                    "and the experiment stops.")
        return ("The interval holds 0 and reaches beyond the margin: the games so far cannot tell, so the experiment "
                "plays more seeds.")


class FirstPlayerExercise(_ChoiceExercise):
    """Is the seat that plays first clearly favoured in ``arm``? (yes, no: clearly disfavoured, can't tell)"""

    options = ("yes", "no", "cannot tell")

    def __init__(self, title: str, results: Results, arm: str, hint: str = "") -> None:
        self.title, self.results, self.arm = title, results, results.arm(arm)
        self.hint = hint or "Compare the interval of the first player's win share with a fair share, 1/players."

    @property
    def question(self) -> str:
        n = self.results.experiment.players
        return (f"In '{self.arm.name}' ({n} players), does the seat that plays first win clearly more often than a "
                f"fair share (1/{n})? Type yes, no (clearly less often) or cannot tell.")

    def answer(self) -> str:
        est = self.results.estimate(self.arm, "first_player_win")
        fair = 1 / self.results.experiment.players
        if est.low > fair:
            return "yes"
        if est.high < fair:
            return "no"
        return "cannot tell"

    def explain(self) -> str:
        est = self.results.estimate(self.arm, "first_player_win")
        fair = 1 / self.results.experiment.players
        return (f"The first player won {est.value:.0%} of {est.n} games, 95 % interval [{est.low:.0%}, "
                f"{est.high:.0%}], against a fair share of {fair:.0%}.")


class BandExercise(Exercise):
    """The median of ``series`` at the end of ``round`` in ``arm`` (over the games, every seat's value for a series
    kept per seat), to the nearest whole number: reading a fan chart."""

    def __init__(self, title: str, results: Results, series: str, arm: str, round: int, unit: str = "",
                 hint: str = "") -> None:
        self.title, self.results, self.series, self.arm, self.round = title, results, series, results.arm(arm), round
        self.unit = unit
        self.noun = "median"
        self.minimum = -10**9
        rows = [r for r in results.fan(series, arms=[self.arm.name]) if r["round"] == round]
        if not rows:
            raise ValueError(f"no game of {self.arm.name} reaches round {round}")
        self._row = rows[0]
        self.hint = hint or "Hover over the fan chart's middle line at that round."

    @property
    def question(self) -> str:
        return (f"In '{self.arm.name}', what is the median of {self.series} at the end of round {self.round}? Give "
                "the nearest whole number.")

    def answer(self) -> int:
        return round(self._row["q50"])

    def explain(self) -> str:
        r = self._row
        return (f"Over {r['games']} values at the end of round {self.round} the median is {r['q50']:g}; half of them "
                f"lie between {r['q25']:g} and {r['q75']:g}, nine in ten between {r['q05']:g} and {r['q95']:g}.")


class TargetExercise(Exercise):
    """Write a goal on ``metric`` that the game with ``parameter`` = ``wanted`` meets and every other value of
    ``values`` misses. Each candidate's measure comes from one game of it played here (``bots``, seed 0: the metric
    should be one a single game settles, like the sandbox's length); the typed goal is read as a target file's
    (:func:`games.lab.targets.parse_goal`), and what it picks is compared with ``{wanted}``."""

    noun = "goal"

    def __init__(self, title: str, game: str, parameter: str, values: list[Any], wanted: Any, metric: str,
                 bots: list[str], hint: str = "") -> None:
        self.title, self.game, self.parameter, self.metric = title, game, parameter, metric
        self.values, self.wanted = list(values), wanted
        if wanted not in self.values:
            raise ValueError(f"{wanted!r} is not among the values {self.values}")
        self.lineup = parse_lineup(bots, Variant(game).game_class, None)
        self.known = measures(game, len(self.lineup))
        if metric not in self.known:
            raise ValueError(f"no metric {metric!r} for {game}")
        measure = self.known[metric]
        self.measured = {v: measure.value(play(Variant(game, {parameter: v}), self.lineup, 0, keep=False),
                                          len(self.lineup)) for v in self.values}
        self.hint = hint or (f"Find the {metric} of {parameter}={wanted} and of its neighbours, then write a band "
                             f"around it: {metric} in A..B.")

    @property
    def question(self) -> str:
        shown = f"{self.values[0]} to {self.values[-1]}"
        return (f"Write a goal on {self.metric} ({self.known[self.metric].words}) that the game with "
                f"{self.parameter}={self.wanted} meets and every other {self.parameter} from {shown} misses, as you "
                f"would in a target file (e.g. {self.metric} in A..B).")

    def read(self, answer: Any) -> Any:
        text = " ".join(str(answer or "").split())
        if not text:
            return Feedback(False, f"Type a goal first, like '{self.metric} in A..B'.")
        try:
            goal = parse_goal(text, self.known, self.lineup)
        except VariantError as err:
            return Feedback(False, f"The lab does not take that goal: {err}. Try again.")
        if goal.metric != self.metric:
            return Feedback(False, f"This exercise asks for a goal on {self.metric}, not on {goal.metric}.")
        if goal.kind in ("up", "down"):
            return Feedback(False, "A direction picks no game by itself: write a band (in A..B) or a bound (>=, <=).")
        return frozenset(v for v, x in self.measured.items() if goal.call(x, x) == "meets")

    def answer(self) -> frozenset[Any]:
        return frozenset({self.wanted})

    def say(self, value: Any) -> str:
        chosen = sorted(value)
        if not chosen:
            return "a goal that no game meets"
        return f"a goal met by {self.parameter} {', '.join(map(str, chosen))}"

    def statement(self, truth: Any) -> str:
        return f"only {self.parameter}={self.wanted} meets your goal"

    def correction(self, truth: Any) -> str:
        return f"only {self.parameter}={self.wanted} should"

    def explain(self) -> str:
        near = [v for v in self.values if abs(self.values.index(v) - self.values.index(self.wanted)) <= 1]
        said = ", ".join(f"{self.parameter}={v}: {self.measured[v]:g}" for v in near)
        return f"Each game's {self.metric}: {said}; a band that holds the middle one and neither neighbour works."


class ConfirmationExercise(_ChoiceExercise):
    """Is the search's best confirmed on its fresh games: confirmed, not confirmed, or not clear yet? (Every goal's
    fresh interval inside its band; one wholly outside; otherwise not clear.)"""

    options = ("confirmed", "not confirmed", "not clear yet")

    def __init__(self, title: str, found: Any, hint: str = "") -> None:
        if found.confirmation is None:
            raise ValueError("this search has no confirmation")
        self.title, self.found = title, found
        self.hint = hint or ("Compare each goal's interval on the fresh games with the goal's band: all inside, one "
                             "wholly outside, or one across an edge?")

    @property
    def question(self) -> str:
        checks = "; ".join(f"{c.goal.text()}: the fresh interval is {span(c.goal.measure, c.low, c.high)}"
                           for c in self.found.confirmation.checks)
        return (f"The best candidate on fresh games: {checks}. Is it confirmed, not confirmed, or not clear yet? "
                "Type confirmed, not confirmed or not clear yet.")

    def answer(self) -> str:
        return self.found.confirmation.call

    def explain(self) -> str:
        return self.found.confirmation.words
