"""The search space of a target: the designable parameters a search may change, each with the values it may try.

    "space": {"points_to_win": {"from": 6, "to": 14},            # a range (whole numbers; "step" for another step)
              "costs.city.ore": [2, 3, 4],                      # a list (a cell of a table, or any parameter)
              "safe_hand": "6..9",                              # the sweep's text form: A..B, A..B:STEP, a,b,c
              "costs.city": {"scale": [0.75, 1, 1.25]},         # a whole table (or part of it) by a rule
              "prices.ore.*.ore.*": {"shift": "-1..1"},         # cells picked by a pattern (* is any key)
              "ore prices": {"options": {"printed": {}, "cheap": {"prices.ore.0.ore.0": "1"}}}}

**Dimensions.** A parameter or one cell with its values; or a **rule over a table** (``scale``: every number cell
times a factor, rounded to a whole number where the cell is one; ``shift``: every number cell plus an amount), applied
to the cells its path picks (a table, a part of it, or a pattern whose ``*`` stands for any one key), each result
kept within the parameter's allowed range. A text cell that starts with a whole number (a price printed with its
marks, ``"4x"``) has that number changed and its marks kept. Or **options**: named sets of changes, any the game
takes (what ``kutna_hora.prices.price_changes`` makes for a rule written in Python).

**Checked like a variant.** Every value of every dimension, applied alone to the baseline, must make a variant the
game takes; else the space is refused in one sentence naming the dimension and the value. Two values of one
dimension that make the same game are kept once (a note says so), and two dimensions that change the same cell are
refused. A **combination** of values that breaks the game (each value fine alone) is not refused: the search skips
it and counts its reason (:meth:`Space.variant`).
"""

from __future__ import annotations

import fnmatch
import itertools
import json
import math
import re
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

from games.core import Rng
from games.core.parameters import ParameterError, cells_of, quoted, resolve

from .folder import MAX_SWEEP, parse_sweep
from .variants import Variant, VariantError

#: Most dimensions a space has.
MAX_DIMENSIONS = 10
#: Rules a table dimension may follow.
RULES = ("scale", "shift")
#: A text cell that starts with a whole number (a price with its marks, ``4x``).
_LEADING = re.compile(r"^(-?\d+)(.*)$", re.S)


class SpaceError(VariantError):
    """A search space the lab refuses, with the sentence why."""


@dataclass(frozen=True)
class Dimension:
    """One designable thing a search changes: ``name`` (the parameter, cell, pattern or label), ``kind`` (``values``,
    ``scale``, ``shift``, ``options``), the ``values`` as given (option names for options) and, per value, the
    ``changes`` it makes on top of the baseline."""

    name: str
    kind: str
    values: tuple[Any, ...]
    changes: tuple[Mapping[str, Any], ...]

    def __len__(self) -> int:
        return len(self.values)

    def value_text(self, index: int) -> str:
        value = self.values[index]
        if self.kind == "scale":
            return f"×{_plain(value)}"
        if self.kind == "shift":
            return f"{value:+g}" if isinstance(value, (int, float)) else str(value)
        if self.kind == "options":
            return str(value)
        return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value

    def label(self, index: int) -> str:
        """``points_to_win=11``, ``costs.city ×1.25``, ``ore prices: cheap``."""
        sep = "=" if self.kind == "values" else ": " if self.kind == "options" else " "
        return f"{self.name}{sep}{self.value_text(index)}"

    def to_dict(self) -> Any:
        if self.kind == "values":
            return list(self.values)
        if self.kind == "options":
            return {"options": {str(v): dict(c) for v, c in zip(self.values, self.changes, strict=True)}}
        return {self.kind: list(self.values)}

    def paths(self) -> set[str]:
        """The parameters and cells its values change (a whole table: its name)."""
        return {path for changes in self.changes for path in changes}


def _plain(x: Any) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def _overlap(a: set[str], b: set[str]) -> str | None:
    for x in sorted(a):
        for y in sorted(b):
            if x == y or x.startswith(y + ".") or y.startswith(x + "."):
                return x if len(x) >= len(y) else y
    return None


class Space:
    """The candidates of a search (module docstring): one value per dimension, on top of ``baseline``. A point is a
    tuple of value positions, one per dimension."""

    def __init__(self, baseline: Variant, dimensions: Sequence[Dimension], notes: Sequence[str] = ()) -> None:
        if not dimensions:
            raise SpaceError("a search space varies at least one parameter: {\"points_to_win\": \"6..14\"}")
        if len(dimensions) > MAX_DIMENSIONS:
            raise SpaceError(f"a search space varies at most {MAX_DIMENSIONS} parameters, not {len(dimensions)}")
        self.baseline = baseline
        self.dimensions = tuple(dimensions)
        self.notes = list(notes)
        for i, a in enumerate(self.dimensions):
            for b in self.dimensions[:i]:
                if a.name == b.name:
                    raise SpaceError(f"the space varies {a.name} twice: give it once")
                both = _overlap(a.paths(), b.paths())
                if both:
                    raise SpaceError(f"the space's {b.name} and {a.name} both change {both}: vary it in one of them")
        self._variants: dict[tuple[int, ...], Variant | str] = {}

    @property
    def game_id(self) -> str:
        return self.baseline.game_id

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(len(d) for d in self.dimensions)

    @property
    def size(self) -> int:
        """How many candidates (combinations of values) the space holds."""
        return math.prod(self.sizes)

    def check(self, point: Sequence[int]) -> tuple[int, ...]:
        point = tuple(point)
        if len(point) != len(self.dimensions) or not all(
                isinstance(i, int) and 0 <= i < n for i, n in zip(point, self.sizes, strict=False)):
            raise SpaceError(f"a candidate is one value position per dimension ({', '.join(map(str, self.sizes))} "
                             f"values), not {quoted(list(point))}")
        return point

    def describe(self, point: Sequence[int]) -> str:
        """The candidate in words: ``points_to_win=11, costs.city.ore=3``."""
        return ", ".join(d.label(i) for d, i in zip(self.dimensions, self.check(point), strict=True))

    def values(self, point: Sequence[int]) -> dict[str, Any]:
        """Each dimension's value at ``point``, as the target gave it (the CSV's columns)."""
        return {d.name: d.values[i] for d, i in zip(self.dimensions, self.check(point), strict=True)}

    def changes(self, point: Sequence[int]) -> dict[str, Any]:
        out = dict(self.baseline.changes)
        for d, i in zip(self.dimensions, self.check(point), strict=True):
            for path in list(out):  # a dimension's changes replace the baseline's there
                if any(path == p or path.startswith(p + ".") for p in d.paths()):
                    del out[path]
            out.update(d.changes[i])
        return out

    def variant(self, point: Sequence[int]) -> Variant:
        """The candidate's variant, checked (cached). A combination the game refuses raises :class:`VariantError`
        with the game's reason (each value alone is fine: the space was checked)."""
        point = self.check(point)
        found = self._variants.get(point)
        if found is None:
            name = self.describe(point)
            if len(name) > 200:
                name = name[:199] + "…"
            try:
                found = Variant(self.game_id, self.changes(point), name=name)
            except VariantError as err:
                found = str(err)
            self._variants[point] = found
        if isinstance(found, str):
            raise VariantError(found)
        return found

    def broken(self, point: Sequence[int]) -> str | None:
        """Why the game refuses this combination, or ``None`` when it takes it."""
        try:
            self.variant(point)
        except VariantError as err:
            return str(err)
        return None

    def points(self) -> Iterator[tuple[int, ...]]:
        """Every candidate, in order (the first dimension's values change slowest)."""
        return itertools.product(*(range(n) for n in self.sizes))

    def random_point(self, rng: Rng) -> tuple[int, ...]:
        return tuple(rng.below(n) for n in self.sizes)

    def neighbours(self, point: Sequence[int], rng: Rng, count: int) -> list[tuple[int, ...]]:
        """Up to ``count`` different candidates near ``point`` (NTBEA's neighbourhood): each dimension that has
        another value changes with chance 1/d, at least one, each to another of its values at random."""
        point = self.check(point)
        free = [k for k, n in enumerate(self.sizes) if n > 1]
        if not free:
            return []
        out: dict[tuple[int, ...], None] = {}
        for _ in range(count * 3):
            if len(out) >= count:
                break
            chosen = [k for k in free if rng.below(len(free)) == 0] or [free[rng.below(len(free))]]
            new = list(point)
            for k in chosen:
                other = rng.below(self.sizes[k] - 1)
                new[k] = other if other < point[k] else other + 1
            out.setdefault(tuple(new), None)
        return list(out)

    def to_dict(self) -> dict[str, Any]:
        return {d.name: d.to_dict() for d in self.dimensions}

    def __repr__(self) -> str:
        return f"<Space {self.game_id}: {', '.join(f'{d.name} ({len(d)})' for d in self.dimensions)}>"


# ---------------------------------------------------------------------------------------------- reading a space
def _sweep_values(name: str, text: str) -> list[Any]:
    """The sweep's text form read for a space (its refusal said of the space's values, not of a sweep's arms)."""
    try:
        return parse_sweep(f"{name}={text}")[1]
    except VariantError as err:
        said = str(err).replace("a sweep makes at most", "it tries at most").replace(" arms", " values")
        said = said.replace("a sweep's ", "its ").replace("a sweep names", "it names")
        raise SpaceError(f"the space's {name}: {said}") from None


def _numbers(name: str, spec: Any) -> list[Any]:
    """Values given as a list, ``{"from", "to", "step"}`` or the sweep's text (``6..14``, ``6..14:2``, ``a,b,c``)."""
    if isinstance(spec, list):
        if not spec:
            raise SpaceError(f"the space's {name} lists no value to try")
        if len(spec) > MAX_SWEEP:
            raise SpaceError(f"the space's {name} tries at most {MAX_SWEEP} values, not {len(spec)}")
        return list(spec)
    if isinstance(spec, str):
        return _sweep_values(name, spec)
    if isinstance(spec, Mapping) and {"from", "to"} <= set(spec) and set(spec) <= {"from", "to", "step"}:
        parts = [spec["from"], spec["to"], spec.get("step", 1)]
        for part in parts:
            if isinstance(part, bool) or not isinstance(part, (int, float)):
                raise SpaceError(f"the space's {name} runs from a number to a number by a step, not {quoted(spec)}")
        return _sweep_values(name, f"{parts[0]}..{parts[1]}:{parts[2]}")
    raise SpaceError(f"the space's {name} gives its values as a list, {{\"from\": A, \"to\": B}} (with \"step\") or "
                     f"text like \"6..14\", not {quoted(spec)}")


def _matches(pattern: list[str], path: list[str]) -> bool:
    return len(path) >= len(pattern) and all(fnmatch.fnmatchcase(p, q) for p, q in zip(path, pattern, strict=False))


def _rule_changes(baseline: Variant, name: str, rule: str, amount: float) -> dict[str, Any]:
    """The cells ``rule`` (scale or shift by ``amount``) makes of the cells ``name`` picks (module docstring)."""
    params = {p.name: p for p in baseline.parameters()}
    head, *pattern = name.split(".")
    parameter = params.get(head)
    if parameter is None:
        raise SpaceError(f"{baseline.game_class.title} has no parameter {quoted(head)} for the space's {name}")
    if parameter.kind != "table":
        raise SpaceError(f"the space's {name}: {rule} is a rule over a table; {head} is one value: list its values")
    try:
        values = resolve(baseline.parameters(), baseline.changes, game=baseline.game_class.title)
    except ParameterError as err:
        raise SpaceError(str(err)) from None
    out: dict[str, Any] = {}
    for path, cell in cells_of(values[head]):
        if not _matches(pattern, path.split(".")):
            continue
        new = _ruled(cell, rule, amount, parameter.low, parameter.high)
        if new is not None and new != cell:
            out[f"{head}.{path}"] = new
    return out


def _ruled(cell: Any, rule: str, amount: float, low: float | None, high: float | None) -> Any:
    """A cell after the rule (``None``: not a number cell, left as it is)."""
    if isinstance(cell, bool):
        return None
    if isinstance(cell, (int, float)):
        x = cell * amount if rule == "scale" else cell + amount
        if low is not None:
            x = max(low, x)
        if high is not None:
            x = min(high, x)
        return math.floor(x + 0.5) if isinstance(cell, int) else round(x, 6)
    if isinstance(cell, str):
        found = _LEADING.match(cell)
        if not found:
            return None
        number = int(found[1])
        x = number * amount if rule == "scale" else number + amount
        return f"{math.floor(x + 0.5)}{found[2]}"
    return None


def _number_cells(baseline: Variant, name: str) -> int:
    params = {p.name: p for p in baseline.parameters()}
    head, *pattern = name.split(".")
    return sum(1 for path, cell in cells_of(params[head].default)
               if _matches(pattern, path.split(".")) and _ruled(cell, "shift", 0, None, None) is not None)


def parse_dimension(name: Any, spec: Any, baseline: Variant) -> tuple[Dimension, list[str]]:
    """One dimension of a space from its file form (module docstring), each value checked alone on the baseline;
    returns it with notes (values that made the same game, kept once)."""
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise SpaceError(f"a space names each parameter it varies, not {quoted(name)}")
    name = name.strip()
    if isinstance(spec, Mapping) and len(spec) == 1 and next(iter(spec)) in (*RULES, "options"):
        (kind, given), = spec.items()
    else:
        kind, given = "values", spec
    if kind == "options":
        if not isinstance(given, Mapping) or not given or not all(isinstance(v, Mapping) for v in given.values()):
            raise SpaceError(f"the space's {name}: options name sets of changes, {{\"printed\": {{}}, \"cheap\": "
                             f"{{PARAMETER: VALUE}}}}, not {quoted(given)}")
        if len(given) > MAX_SWEEP:
            raise SpaceError(f"the space's {name} tries at most {MAX_SWEEP} options, not {len(given)}")
        values, changes = list(given), [dict(c) for c in given.values()]
    elif kind in RULES:
        if "*" not in name and name.split(".")[0] not in {p.name for p in baseline.parameters()}:
            raise SpaceError(f"{baseline.game_class.title} has no parameter {quoted(name.split('.')[0])} for the "
                             f"space's {name}")
        values = _numbers(f"{name} {kind}", given)
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values):
            raise SpaceError(f"the space's {name}: {kind} takes numbers, not {quoted(values)}")
        if kind == "scale" and any(v <= 0 for v in values):
            raise SpaceError(f"the space's {name}: a scale is a factor above 0, not {quoted(min(values))}")
        changes = [_rule_changes(baseline, name, kind, v) for v in values]
        if not _number_cells(baseline, name):
            raise SpaceError(f"the space's {name} picks no number cell of {name.split('.')[0]} for its {kind}")
    else:
        if "*" in name:
            raise SpaceError(f"the space's {name}: a pattern takes a rule, {{\"scale\": [...]}} or {{\"shift\": "
                             "[...]}}, not a list of values")
        values = _numbers(name, given)
        changes = [{name: v} for v in values]
    notes: list[str] = []
    kept_values, kept_changes, games = [], [], {}
    for value, change in zip(values, changes, strict=True):
        text = Dimension(name, kind, (value,), (change,)).label(0)
        try:
            made = Variant(baseline.game_id, {**baseline.changes, **change})
        except VariantError as err:
            raise SpaceError(f"the space's {text} is refused: {err}") from None
        if made.hash in games:
            notes.append(f"{text} makes the same game as {games[made.hash]}: tried once")
            continue
        games[made.hash] = text
        kept_values.append(value)
        kept_changes.append(change)
    return Dimension(name, kind, tuple(kept_values), tuple(kept_changes)), notes


def parse_space(data: Any, baseline: Variant) -> Space:
    """A space from its file form, ``{PARAMETER: VALUES, ...}`` (module docstring), over ``baseline``."""
    if isinstance(data, Space):
        return data
    if not isinstance(data, Mapping) or not data:
        raise SpaceError("a target's space names the parameters to vary and their values: {\"points_to_win\": "
                         "\"6..14\"}")
    dimensions, notes = [], []
    for name, spec in data.items():
        dimension, said = parse_dimension(name, spec, baseline)
        dimensions.append(dimension)
        notes += said
    return Space(baseline, dimensions, notes)


def options(name: str, choices: Mapping[str, Mapping[str, Any]], baseline: Variant) -> Dimension:
    """A dimension of named sets of changes made in Python (a rule over a table written as a function:
    ``options("ore prices", {"printed": {}, "faster": price_changes("ore", ...)}, baseline)``)."""
    return parse_dimension(name, {"options": dict(choices)}, baseline)[0]


__all__ = ["MAX_DIMENSIONS", "RULES", "Dimension", "Space", "SpaceError", "options", "parse_dimension",
           "parse_space"]
