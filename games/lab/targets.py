"""Design targets: what a teacher wants a game to be, as goals over the lab's per-game numbers, and the file a teacher
writes to ask the lab for it.

    {"game": "catan.base", "name": "an hour, no first-player edge", "bots": ["greedy", "greedy", "greedy"],
     "goals": ["turns in 55..65", {"metric": "first_player_advantage", "within": 0.03}],
     "space": {"points_to_win": {"from": 6, "to": 14}, "costs.city.ore": [2, 3, 4]}}

**Goals.** Each is about one **measure**: a metric of the lab's summary (``turns``, ``first_player_advantage``,
``skill_gap``, ``spread_last``... :data:`games.lab.results.SUMMARY`) or a series the game follows, read at the game's
end (``barbarian_attacks``; a series with one number per seat is the seats' mean: ``points``). A goal is a band
(``turns in 55..65``; ``first_player_advantage within ±0.03``, a band around 0, or ``within ±5 of 60``), a bound
(``skill_gap >= 0.15``, ``spread_last <= 8``) or a direction (``drama up``), with a weight (default 1). As text or as
an object (``{"metric": ..., "in": [a, b]}``, ``"within"`` with ``"around"``, ``">="``, ``"<="``, ``"direction"``,
``"weight"``, ``"scale"``). A goal is refused in one sentence when its measure does not exist for the game (the
sentence lists what does), when ``skill_gap`` has no two different bots to compare, or when a bound lies outside
what the measure can be (a share above 1, a place beyond the players) or makes the goal always or never met.

**How far a candidate is from the target** (:meth:`Target.loss`): each goal's distance in its own **unit**: for a band
half its width (``turns in 55..65``: 5 turns), else the metric's margin of no difference (2 turns, 5 percentage
points, 1 point...; a series: 1), or the goal's ``scale``. A band costs how many units the value lies outside it,
plus a pull towards its middle (:data:`CENTRE_PULL` of a unit at the edge, none at the middle) so that the best
candidate does not barely scrape in; a bound costs the units it is missed by; a direction adds minus (up) or plus
(down) its value in units. The loss is the goals' weighted sum: 0 is every band met at its middle.

The **space** (``"space"``) is read by :mod:`games.lab.spaces`; the search by :mod:`games.lab.tune`.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from games.core.errors import read_json
from games.core.parameters import quoted

from .lineup import BotSpec, parse_lineup
from .metrics import metric as metric_named
from .results import SUMMARY
from .variants import MAX_FILE, Variant, VariantError, read_file

#: A band's pull towards its middle: the loss at its edge, in the goal's units (none at the middle).
CENTRE_PULL = 0.1
#: The keys of a target file.
KEYS = ("game", "name", "bots", "goals", "space", "baseline", "seed", "rotate", "method", "batch", "alpha",
        "budget_games", "confirm_games")
#: The ways of searching: the N-tuple bandit evolutionary algorithm, successive halving, random search.
METHODS = ("ntbea", "halving", "random")
#: Most goals a target holds.
MAX_GOALS = 8
#: Most a goal's weight may be.
MAX_WEIGHT = 100.0


class TargetError(VariantError):
    """A target the lab refuses (a goal, a bound, a space, a setting), with the sentence why."""


# ---------------------------------------------------------------------------------------------- measures
@dataclass(frozen=True)
class Measure:
    """A per-game number a goal may be about: ``name``, its ``words``, ``low`` / ``high`` (its bounds in one game;
    infinite where it has none), ``step`` (the least change one game's value makes), ``unit``, whether it is a
    ``share`` (said in per cent), its ``margin`` (the lab's difference that counts as none: a goal's default unit),
    ``series`` (read from a series at the game's end, rather than the summary's metrics) and ``per_seat``."""

    name: str
    words: str
    low: float
    high: float
    step: float
    unit: str
    share: bool
    margin: float
    series: bool = False
    per_seat: bool = False

    @property
    def bounded(self) -> bool:
        return math.isfinite(self.low) and math.isfinite(self.high)

    def value(self, record: Mapping[str, Any], players: int) -> float | None:
        """This measure in one game's record (``None`` when the record does not hold it)."""
        if self.series:
            ends = record.get("ends")
            if not isinstance(ends, Mapping) or self.name not in ends:
                return None
            found = ends[self.name]
            if isinstance(found, list):
                return sum(float(v) for v in found) / len(found) if found else None
            return float(found)
        if self.name == "first_player_advantage":
            return float(record["first_player_win"]) - 1 / players
        found = record.get(self.name)
        return None if found is None else float(found)

    def number(self, x: float, signed: bool = False) -> str:
        """A value as the goal's sentences write it: a share in per cent, else plainly with the unit."""
        from .verdicts import plain

        if self.share:
            return f"{plain(100 * x, signed=signed)} %"
        return f"{plain(x, signed=signed)}{' ' + self.unit if self.unit else ''}"


_SERIES_NAMES: dict[tuple[str, int], dict[str, bool]] = {}


def series_names(game: str, players: int) -> dict[str, bool]:
    """The series a game follows (``Game.series``) at a player count: name -> whether it has one number per seat."""
    key = (game, players)
    if key not in _SERIES_NAMES:
        found = Variant(game).new_game(players=players, seed=0).series()
        _SERIES_NAMES[key] = {name: isinstance(v, (list, tuple)) for name, v in found.items()}
    return _SERIES_NAMES[key]


def measures(game: str, players: int) -> dict[str, Measure]:
    """Every measure a goal may name for a game id at a player count: the summary's metrics, then its series."""
    out: dict[str, Measure] = {}
    for name in SUMMARY:
        m = metric_named(name)
        low, high = m.bounds(players)
        out[name] = Measure(name, m.words, low, high, m.step, m.unit, m.share, m.margin)
    for name, per_seat in series_names(game, players).items():
        if name in out:
            continue
        words = f"{name} at the game's end" + (" (the seats' mean)" if per_seat else "")
        out[name] = Measure(name, words, -math.inf, math.inf, 1.0, "", False, 1.0, series=True, per_seat=per_seat)
    return out


def measure_name(text: str) -> str:
    """A measure's name as a teacher may write it: ``barbarian attacks per game`` -> ``barbarian_attacks``."""
    name = re.sub(r"\s+", " ", str(text).strip().lower())
    name = re.sub(r"[ _](per|a|each)[ _]game$", "", name)
    return name.replace(" ", "_")


# ---------------------------------------------------------------------------------------------- goals
@dataclass(frozen=True)
class Goal:
    """One goal (module docstring): ``metric`` (a measure's name), ``kind`` (``in``, ``at_least``, ``at_most``,
    ``up``, ``down``), the band or bound ``low`` / ``high`` (``None`` where it has none), ``weight`` and ``unit`` (its
    distance's unit, in the measure's own units)."""

    metric: str
    kind: str
    low: float | None
    high: float | None
    weight: float
    unit: float
    measure: Measure = field(compare=False, repr=False)
    #: how the teacher gave the unit (``None``: the default), kept for the file form
    scale: float | None = None

    @property
    def centre(self) -> float | None:
        return None if self.low is None or self.high is None else (self.low + self.high) / 2

    def text(self) -> str:
        """The goal as a teacher writes it: ``turns in 55..65``, ``first_player_advantage within ±3 %``."""
        m, name = self.measure, self.metric
        weight = f" weight {_number(self.weight)}" if self.weight != 1 else ""
        if self.kind == "in":
            assert self.low is not None and self.high is not None
            half = (self.high - self.low) / 2
            centre = (self.high + self.low) / 2
            if abs(centre) < 1e-12 and half > 0:
                body = f"within ±{_value(m, half)}"
            else:
                body = f"in {_value(m, self.low)}..{_value(m, self.high)}"
        elif self.kind == "at_least":
            body = f">= {_value(m, self.low)}"
        elif self.kind == "at_most":
            body = f"<= {_value(m, self.high)}"
        else:
            body = self.kind
        return f"{name} {body}{weight}"

    def to_dict(self) -> dict[str, Any]:
        """The goal as a target file holds it."""
        out: dict[str, Any] = {"metric": self.metric}
        if self.kind == "in":
            out["in"] = [self.low, self.high]
        elif self.kind == "at_least":
            out[">="] = self.low
        elif self.kind == "at_most":
            out["<="] = self.high
        else:
            out["direction"] = self.kind
        if self.weight != 1:
            out["weight"] = self.weight
        if self.scale is not None:
            out["scale"] = self.scale
        return out

    def loss(self, value: float) -> float:
        """How far ``value`` (the measure's mean) is from this goal, in units, times the weight."""
        if value is None or math.isnan(value):
            return math.inf
        u = self.unit
        if self.kind == "in":
            assert self.low is not None and self.high is not None
            outside = max(0.0, self.low - value, value - self.high)
            half = (self.high - self.low) / 2
            pull = CENTRE_PULL * min(1.0, abs(value - (self.low + half)) / half) if half > 0 else 0.0
            return self.weight * (outside / u + pull)
        if self.kind == "at_least":
            return self.weight * max(0.0, self.low - value) / u  # type: ignore[operator]
        if self.kind == "at_most":
            return self.weight * max(0.0, value - self.high) / u  # type: ignore[operator]
        return self.weight * (-value if self.kind == "up" else value) / u

    def call(self, low: float, high: float) -> str:
        """Whether an interval ``low .. high`` of the measure's mean meets this goal: ``meets`` (all of it does),
        ``misses`` (none of it does) or ``not clear``; a direction has no call (``""``)."""
        if self.kind in ("up", "down"):
            return ""
        lo = -math.inf if self.low is None else self.low
        hi = math.inf if self.high is None else self.high
        if lo <= low and high <= hi:
            return "meets"
        if high < lo or low > hi:
            return "misses"
        return "not clear"


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _value(m: Measure, x: float | None) -> str:
    if x is None:
        return "–"
    return f"{_number(round(100 * x, 10))} %" if m.share else _number(x)


_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_PATTERNS = [
    ("in", re.compile(rf"^(?P<m>.+?)\s+in\s+(?P<a>{_NUMBER})\s*(?P<pa>%)?\s*(?:\.\.|to)\s*"
                      rf"(?P<b>{_NUMBER})\s*(?P<pb>%)?$")),
    ("within", re.compile(rf"^(?P<m>.+?)\s+within\s+(?:±|\+-|\+/-)?\s*(?P<a>{_NUMBER})\s*(?P<pa>%)?"
                          rf"(?:\s+of\s+(?P<b>{_NUMBER})\s*(?P<pb>%)?)?$")),
    ("at_least", re.compile(rf"^(?P<m>.+?)\s*(?:>=|≥|\s+at\s+least)\s*(?P<a>{_NUMBER})\s*(?P<pa>%)?$")),
    ("at_most", re.compile(rf"^(?P<m>.+?)\s*(?:<=|≤|\s+at\s+most)\s*(?P<a>{_NUMBER})\s*(?P<pa>%)?$")),
    ("direction", re.compile(r"^(?P<m>.+?)\s+(?P<a>up|down|higher|lower|max|min)$")),
]
_DIRECTIONS = {"up": "up", "higher": "up", "max": "up", "down": "down", "lower": "down", "min": "down"}


def _read_text(text: str) -> dict[str, Any]:
    """A goal written as text (``turns in 55..65 weight 2``) in its object form."""
    raw = re.sub(r"\s+", " ", text.strip())
    weight = None
    found = re.search(rf"\s+weight\s+(?P<w>{_NUMBER})$", raw)
    if found:
        weight, raw = float(found["w"]), raw[:found.start()]
    for kind, pattern in _PATTERNS:
        match = pattern.match(raw)
        if not match:
            continue
        out: dict[str, Any] = {"metric": match["m"].strip()}
        percent = {k: bool(match.groupdict().get(f"p{k}")) for k in ("a", "b")}
        if kind == "direction":
            out["direction"] = _DIRECTIONS[match["a"]]
        elif kind == "in":
            out["in"] = [float(match["a"]), float(match["b"])]
        elif kind == "within":
            out["within"] = float(match["a"])
            if match["b"] is not None:
                out["around"] = float(match["b"])
        else:
            out[">=" if kind == "at_least" else "<="] = float(match["a"])
        if weight is not None:
            out["weight"] = weight
        if any(percent.values()):
            out["percent"] = True
        return out
    raise TargetError(f"a goal reads like 'turns in 55..65', 'first_player_advantage within ±0.03', "
                      f"'skill_gap >= 0.15', 'spread_last <= 8' or 'drama up', not {quoted(text)}")


_GOAL_KEYS = ("metric", "in", "within", "around", ">=", "<=", "at_least", "at_most", "direction", "weight", "scale",
              "percent")


def _float(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TargetError(f"{what} is a number, not {quoted(value)}")
    return float(value)


def parse_goal(data: Any, known: Mapping[str, Measure], lineup: Sequence[BotSpec] = ()) -> Goal:
    """A goal from its text or object form, checked against the measures ``known`` for the game (and, for
    ``skill_gap``, the line-up); a :class:`TargetError` says in one sentence what is wrong."""
    if isinstance(data, str):
        data = _read_text(data)
    if not isinstance(data, Mapping):
        raise TargetError(f"a goal is a text like 'turns in 55..65' or an object like {{\"metric\": \"turns\", "
                          f"\"in\": [55, 65]}}, not {quoted(data)}")
    unknown = [k for k in data if k not in _GOAL_KEYS]
    if unknown:
        raise TargetError(f"a goal has no key {quoted(str(unknown[0]))} (its keys: metric, in, within, around, >=, "
                          "<=, direction, weight, scale)")
    if "metric" not in data or not isinstance(data["metric"], str) or not data["metric"].strip():
        raise TargetError(f"a goal names its metric: {{\"metric\": \"turns\", ...}}, not {quoted(dict(data))}")
    name = measure_name(data["metric"])
    if name not in known:
        metrics = ", ".join(n for n, m in known.items() if not m.series)
        series = ", ".join(n for n, m in known.items() if m.series) or "none"
        raise TargetError(f"there is no metric or series {quoted(data['metric'])} here; the metrics: {metrics}; the "
                          f"game's series: {series}")
    m = known[name]
    if name == "skill_gap" and lineup and str(lineup[0]) == str(lineup[-1]):
        raise TargetError("skill_gap compares the line-up's first and last bot: make them different bots")
    kinds = [k for k in ("in", "within", ">=", "<=", "at_least", "at_most", "direction") if k in data]
    if len(kinds) != 1:
        raise TargetError(f"the goal on {name} says one of in, within, >=, <= or direction, not "
                          f"{' and '.join(kinds) or 'none of them'}")
    if "around" in data and kinds[0] != "within":
        raise TargetError(f"the goal on {name}: around goes with within (within ±5 of 60)")
    scale = 0.01 if data.get("percent") else 1.0
    if data.get("percent") and not m.share:
        raise TargetError(f"{name} is not a share: write its bounds as numbers, without %")
    kind = kinds[0]
    low = high = None
    if kind == "in":
        band = data["in"]
        if not isinstance(band, (list, tuple)) or len(band) != 2:
            raise TargetError(f"the goal on {name}: in is a band of two numbers, [low, high], not {quoted(band)}")
        low, high = (_float(x, f"the goal on {name}: a bound") * scale for x in band)
        if low > high:
            raise TargetError(f"the goal on {name}: its band runs from low to high, not "
                              f"{_number(low)}..{_number(high)}")
        kind = "in"
    elif kind == "within":
        half = _float(data["within"], f"the goal on {name}: within") * scale
        if half <= 0:
            raise TargetError(f"the goal on {name}: within is a distance above 0, not {quoted(data['within'])}")
        if "around" not in data and not m.low < 0 < m.high:
            raise TargetError(f"{name} is never below 0: within ±{_number(half)} is a band around 0; write "
                              f"{name} in A..B, or within ±{_number(half)} of a value")
        centre = _float(data["around"], f"the goal on {name}: around") * scale if "around" in data else 0.0
        low, high, kind = centre - half, centre + half, "in"
    elif kind in (">=", "at_least"):
        low, kind = _float(data[kind], f"the goal on {name}: its bound") * scale, "at_least"
    elif kind in ("<=", "at_most"):
        high, kind = _float(data[kind], f"the goal on {name}: its bound") * scale, "at_most"
    else:
        direction = data["direction"]
        if direction not in _DIRECTIONS:
            raise TargetError(f"the goal on {name}: its direction is up or down, not {quoted(direction)}")
        kind = _DIRECTIONS[direction]
    _check_bounds(m, kind, low, high)
    weight = _float(data.get("weight", 1.0), f"the goal on {name}: its weight")
    if not 0 < weight <= MAX_WEIGHT:
        raise TargetError(f"the goal on {name}: its weight is above 0 and at most {_number(MAX_WEIGHT)}, not "
                          f"{quoted(data.get('weight'))}")
    given = data.get("scale")
    if given is not None:
        unit = _float(given, f"the goal on {name}: its scale")
        if unit <= 0:
            raise TargetError(f"the goal on {name}: its scale is above 0, not {quoted(given)}")
    elif kind == "in" and high > low:  # type: ignore[operator]
        unit = (high - low) / 2  # type: ignore[operator]
    else:
        unit = m.margin
    return Goal(name, kind, low, high, weight, unit, m, None if given is None else float(given))


def _check_bounds(m: Measure, kind: str, low: float | None, high: float | None) -> None:
    """Refuse a bound outside what the measure can be, and a goal always or never met."""
    where = f"{m.name} lies in {_value(m, m.low)}..{_value(m, m.high)}" if m.bounded else \
        f"{m.name} is at least {_value(m, m.low)}" if math.isfinite(m.low) else ""
    for bound in (low, high):
        if bound is not None and (bound < m.low - 1e-12 or bound > m.high + 1e-12):
            raise TargetError(f"{where}: a bound of {_value(m, bound)} makes no sense for it")
    if kind == "at_least" and low is not None and low <= m.low:
        raise TargetError(f"{m.name} >= {_value(m, low)} always holds ({where}): choose a bound above it")
    if kind == "at_most" and high is not None and high >= m.high:
        raise TargetError(f"{m.name} <= {_value(m, high)} always holds ({where}): choose a bound below it")
    if kind == "in" and low is not None and high is not None and low <= m.low and high >= m.high:
        raise TargetError(f"{m.name} in {_value(m, low)}..{_value(m, high)} always holds ({where}): narrow the band")


# ---------------------------------------------------------------------------------------------- the target
class Target:
    """A target (module docstring): the game, its ``name``, the ``bots`` (one text per seat), the ``goals``, the
    search ``space`` (:class:`games.lab.spaces.Space`) over a ``baseline`` variant (the printed game unless given),
    the first ``seed``, whether seats ``rotate``, the search ``method`` (ntbea, halving, random), the ``batch`` of
    candidates it plays at once (the same on every runner), ``alpha`` for the intervals, and the default
    ``budget_games`` and ``confirm_games`` (the command's options override them)."""

    def __init__(self, game: str, goals: Sequence[Any], space: Any, bots: Sequence[str] | str, name: str = "",
                 players: int | None = None, baseline: Variant | Mapping[str, Any] | None = None, seed: int = 0,
                 rotate: bool = True, method: str = "ntbea", batch: int = 4, alpha: float = 0.05,
                 budget_games: int = 600, confirm_games: int | None = None) -> None:
        from .spaces import Space, parse_space

        if isinstance(baseline, Variant):
            if baseline.game_id != game:
                raise TargetError(f"the baseline plays {baseline.game_id}, not {game}")
            base = baseline
        else:
            base = Variant(game, dict(baseline or {}), name="baseline" if baseline else "")
        self.game_id = game
        self.baseline = base
        if not isinstance(name, str) or len(name) > 200:
            raise TargetError(f"a target's name is a text of at most 200 characters, not {quoted(name)}")
        self.name = name.strip()
        self.lineup: tuple[BotSpec, ...] = parse_lineup(bots, base.game_class, players)
        self.players = len(self.lineup)
        self.measures = measures(game, self.players)
        if isinstance(goals, (str, Mapping)) or not isinstance(goals, Sequence) or not goals:
            raise TargetError("a target has goals: a list like [\"turns in 55..65\"]")
        if len(goals) > MAX_GOALS:
            raise TargetError(f"a target has at most {MAX_GOALS} goals, not {len(goals)}")
        self.goals: tuple[Goal, ...] = tuple(g if isinstance(g, Goal) else parse_goal(g, self.measures, self.lineup)
                                             for g in goals)
        named = [g.metric for g in self.goals]
        twice = sorted({n for n in named if named.count(n) > 1})
        if twice:
            raise TargetError(f"the goals name {twice[0]} twice: give one goal per metric")
        self.space: Space = space if isinstance(space, Space) else parse_space(space, base)
        if method not in METHODS:
            raise TargetError(f"a search's method is {', '.join(METHODS)}, not {quoted(method)}")
        self.method = method
        for what, value, least in (("seed", seed, 0), ("batch", batch, 1), ("budget_games", budget_games, 1)):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise TargetError(f"a target's {what} is a whole number, at least {least}, not {quoted(value)}")
        if batch > 64:
            raise TargetError(f"a target's batch is at most 64 candidates at once, not {batch}")
        self.seed, self.batch, self.budget_games = seed, batch, budget_games
        if confirm_games is not None and (isinstance(confirm_games, bool) or not isinstance(confirm_games, int)
                                          or confirm_games < 1):
            raise TargetError(f"a target's confirm_games is a whole number, at least 1, not {quoted(confirm_games)}")
        self.confirm_games = confirm_games
        if not isinstance(rotate, bool):
            raise TargetError(f"a target's rotate is true or false, not {quoted(rotate)}")
        self.rotations = self.players if rotate else 1
        if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 0.5:
            raise TargetError(f"a target's alpha is an error rate between 0 and 0.5, not {quoted(alpha)}")
        self.alpha = float(alpha)

    # ------------------------------------------------------------------ reading
    @property
    def lineup_key(self) -> str:
        return " | ".join(map(str, self.lineup))

    @property
    def id(self) -> str:
        """The first 10 hex digits of SHA-256 over the target's file form: the same target, the same id."""
        return hashlib.sha256(json.dumps(self.to_dict(), sort_keys=True).encode()).hexdigest()[:10]

    @property
    def label(self) -> str:
        return self.name or "; ".join(g.text() for g in self.goals)

    def loss(self, means: Mapping[str, float]) -> float:
        """How far a candidate whose measures' means are ``means`` is from the target (module docstring)."""
        return sum(goal.loss(means.get(goal.metric, math.nan)) for goal in self.goals)

    def confirmation_games(self, budget_games: int) -> int:
        """The games the best candidate gets on fresh seeds: ``confirm_games``, else a quarter of the search's
        budget, at least ten blocks of seats."""
        if self.confirm_games is not None:
            return self.confirm_games
        return max(10 * self.rotations, budget_games // 4)

    def __repr__(self) -> str:
        return (f"<Target {self.game_id} {self.label!r}: {len(self.goals)} goals, {self.space.size:,} candidates, "
                f"bots {self.lineup_key}>")

    # ------------------------------------------------------------------ the file
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game_id, "name": self.name, "bots": [str(s) for s in self.lineup],
                               "goals": [g.to_dict() for g in self.goals], "space": self.space.to_dict()}
        if self.baseline.changes:
            out["baseline"] = dict(self.baseline.changes)
        out.update({"seed": self.seed, "rotate": self.rotations > 1, "method": self.method, "batch": self.batch,
                    "alpha": self.alpha, "budget_games": self.budget_games})
        if self.confirm_games is not None:
            out["confirm_games"] = self.confirm_games
        return out

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> Target:
        """A target from its file form (module docstring); a :class:`TargetError` names what is wrong."""
        if not isinstance(data, Mapping):
            raise TargetError("a target file holds a JSON object: {\"game\": ..., \"bots\": [...], \"goals\": [...], "
                              "\"space\": {...}}")
        unknown = [k for k in data if k not in KEYS]
        if unknown:
            raise TargetError(f"a target file has no key {quoted(str(unknown[0]))} (its keys: {', '.join(KEYS)})")
        for key in ("game", "bots", "goals", "space"):
            if key not in data:
                raise TargetError(f"a target file names its {key}: {{\"{key}\": ..., ...}}")
        if not isinstance(data["game"], str):
            raise TargetError(f"a target's game is a game id, not {quoted(data['game'])}")
        optional = {k: data[k] for k in ("seed", "rotate", "method", "batch", "alpha", "budget_games",
                                          "confirm_games") if k in data}
        return cls(data["game"], data["goals"], data["space"], data["bots"], name=data.get("name", ""),
                   baseline=data.get("baseline"), **optional)

    @classmethod
    def from_json(cls, text: str | bytes) -> Target:
        """A target from its file's text (refused by :class:`TargetError`: not JSON, too long, a wrong key...)."""
        if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_FILE:
            raise TargetError(f"a target file is at most {MAX_FILE:,} characters, not {len(text):,}")
        return cls.from_dict(read_json(text, TargetError, "a target file"))

    @classmethod
    def load(cls, path: str | Path) -> Target:
        """Read a target file (refused by :class:`TargetError` with the file named)."""
        return read_file(path, cls.from_json, TargetError)


__all__ = ["CENTRE_PULL", "METHODS", "Goal", "Measure", "Target", "TargetError", "measure_name", "measures",
           "parse_goal", "series_names"]

