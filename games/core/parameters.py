"""Designable parameters: the numbers, tables and switches of a game that a designer may change, and a variant's
changes to them, checked before any game is made.

A game lists its parameters (:meth:`games.core.Game.parameters`)::

    Parameter("points_to_win", 10, "published", "Victory points that end the game on the owner's turn.",
              rules=("end.win",), low=3, high=30, field="points_to_win")
    Parameter("costs", {"road": {"brick": 1, "lumber": 1}, ...}, "rulebook", "What each piece costs.",
              rules=("building.costs",), low=0, high=9)

A parameter is a number (``int`` / ``float``), a switch (``bool``, or a text from ``choices``) or a **table**: a
nested JSON value (objects and lists) whose cells are numbers, switches or texts, each checked like a parameter of
its own. ``field`` names the config option a parameter is (the switches a game already had, its victory target);
any other parameter is a component number the game reads from ``game.params`` instead of its data module.

A change names a parameter (``"points_to_win": 12``, a whole table) or one cell of a table by its path
(``"costs.city.ore": 2``, ``"prices.ore.3.silver.0": "4x"``: keys and list positions joined by dots). Changes are
checked when made (:func:`resolve`): an unknown name or cell, a wrong type, a value out of range, a table of another
shape, or a value the parameter's own ``check`` refuses (an invariant of the game) is a :class:`ParameterError`
whose sentence names the parameter and the reason. The changes a game is made with travel in its config
(:class:`Changes`, the config option ``variant``), so saves, replays, undo and time travel keep them.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import math
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

from .errors import ConfigError, DataError
from .provenance import SOURCES

#: Where a parameter's printed value comes from: a component number's source (``games.core.provenance``), or
#: ``decision`` for a switch that settles a sentence the rule text leaves open (``docs/rules_notes``).
PARAMETER_SOURCES = (*SOURCES, "decision")
KINDS = ("int", "float", "bool", "choice", "table")
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
#: Longest text a refusal quotes of a value it was given.
_QUOTE = 60


class ParameterError(ConfigError):
    """A change a game cannot take: an unknown parameter or cell, a wrong type, a value out of range, a table of
    another shape, or a value that breaks an invariant of the game. Its sentence names the parameter."""


def quoted(value: Any) -> str:
    """A value as a refusal quotes it: JSON, cut to a few dozen characters."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= _QUOTE else text[: _QUOTE - 1] + "…"


@dataclass(frozen=True)
class Parameter:
    """One designable parameter (module docstring). ``default`` is the printed game's value (for a ``field``
    parameter, the config option's default); ``source`` where it comes from; ``words`` what it is; ``rules`` the
    rule ids it feeds; ``low`` / ``high`` the allowed range of the number (of every number cell of a table);
    ``choices`` the allowed texts of a switch (of every text cell); ``check(value)`` the game's own check of a changed
    value: ``None`` when sound, else the reason; ``note`` the rule text's words or where the number comes from."""

    name: str
    default: Any
    source: str
    words: str
    rules: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] = ()
    field: str | None = None
    check: Callable[[Any], str | None] | None = dataclasses.field(default=None, compare=False, repr=False)
    note: str = ""

    def __post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise ValueError(f"parameter name {self.name!r}: lower-case letters, digits and _ (no dots)")
        if self.source not in PARAMETER_SOURCES:
            raise ValueError(f"parameter {self.name}: source must be one of {', '.join(PARAMETER_SOURCES)}, "
                             f"not {self.source!r}")
        object.__setattr__(self, "rules", tuple(self.rules))
        object.__setattr__(self, "choices", tuple(self.choices))
        if json.loads(canonical(self.default)) != thaw(self.default):
            raise ValueError(f"parameter {self.name}: its default is not a JSON value (object keys are texts)")
        problem = _conform(self, self.default, self.default, self.name)
        if problem:
            raise ValueError(f"parameter {self.name}: its own default is refused: {problem}")

    @property
    def kind(self) -> str:
        """``int``, ``float``, ``bool``, ``choice`` or ``table``."""
        value = self.default
        if isinstance(value, (dict, list, tuple)):
            return "table"
        if isinstance(value, bool):
            return "bool"
        if self.choices or isinstance(value, str):
            return "choice"
        return "int" if isinstance(value, int) else "float"

    def allowed(self) -> str:
        """The allowed values in words: ``whole number 3..30``, ``true or false``, ``one of spiral, random``, and for
        a table its cells: ``table of whole numbers 0..9``."""
        if self.kind == "table":
            kinds = sorted({scalar_kind(v) for _, v in cells_of(self.default)})
            return "table of " + ", ".join(self._scalar_words(kind, plural=True) for kind in kinds)
        return self._scalar_words(self.kind)

    def _scalar_words(self, kind: str, plural: bool = False) -> str:
        if kind == "bool":
            return "true or false" if not plural else "switches (true or false)"
        if kind in ("choice", "str"):
            if self.choices:
                return "one of " + ", ".join(map(str, self.choices)) if not plural else \
                    "cells of " + ", ".join(map(str, self.choices))
            return "a text" if not plural else "texts"
        noun = ("whole number" if kind == "int" else "number") + ("s" if plural else "")
        if self.low is not None and self.high is not None:
            return f"{noun} {_num(self.low)}..{_num(self.high)}"
        if self.low is not None:
            return f"{noun} of at least {_num(self.low)}"
        if self.high is not None:
            return f"{noun} of at most {_num(self.high)}"
        return noun

    def describe(self) -> dict[str, Any]:
        """One row of a game's parameter table (JSON-ready)."""
        return {"parameter": self.name, "value": thaw(self.default), "source": self.source, "kind": self.kind,
                "allowed": self.allowed(), "rules": list(self.rules), "words": self.words,
                "config": self.field or "", "note": self.note}


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def scalar_kind(value: Any) -> str:
    """``bool``, ``int``, ``float`` or ``str``: the kind of a scalar value (a parameter's or a table cell's)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "str"


def _conform(parameter: Parameter, printed: Any, value: Any, where: str) -> str | None:
    """Why ``value`` cannot stand where the printed game has ``printed`` (same kind, same shape, in range), or
    ``None``. ``where`` names the parameter or cell for the sentence."""
    if isinstance(printed, Mapping):
        if not isinstance(value, Mapping):
            return f"{where} is a table of {', '.join(map(str, printed))}, not {quoted(value)}"
        missing = [k for k in printed if k not in value]
        extra = [k for k in value if k not in printed]
        if missing or extra:
            what = (f"lacks {', '.join(map(str, missing[:5]))}" if missing
                    else f"has no cell {quoted(str(extra[0]))}")
            return f"{where} {what} (its cells: {', '.join(map(str, printed))})"
        for key in printed:
            problem = _conform(parameter, printed[key], value[key], f"{where}.{key}")
            if problem:
                return problem
        return None
    if isinstance(printed, (list, tuple)):
        if not isinstance(value, (list, tuple)):
            return f"{where} is a list of {len(printed)}, not {quoted(value)}"
        if len(value) != len(printed):
            return f"{where} has {len(printed)} entries, not {len(value)}"
        for i, (p, v) in enumerate(zip(printed, value, strict=True)):
            problem = _conform(parameter, p, v, f"{where}.{i}")
            if problem:
                return problem
        return None
    kind = scalar_kind(printed)
    if kind == "bool":
        return None if isinstance(value, bool) else f"{where} is true or false, not {quoted(value)}"
    if kind == "str":
        if not isinstance(value, str):
            return f"{where} is a text, not {quoted(value)}"
        if parameter.choices and value not in parameter.choices:
            return f"{where} is one of {', '.join(map(str, parameter.choices))}, not {quoted(value)}"
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"{where} is a {'whole ' if kind == 'int' else ''}number, not {quoted(value)}"
    if kind == "int" and not isinstance(value, int):
        return f"{where} is a whole number, not {quoted(value)}"
    if not math.isfinite(value):
        return f"{where} is a finite number, not {quoted(value)}"
    if parameter.choices and value not in parameter.choices:
        return f"{where} is one of {', '.join(map(str, parameter.choices))}, not {quoted(value)}"
    if parameter.low is not None and value < parameter.low:
        return f"{where} is at least {_num(parameter.low)}, not {quoted(value)}"
    if parameter.high is not None and value > parameter.high:
        return f"{where} is at most {_num(parameter.high)}, not {quoted(value)}"
    return None


# ------------------------------------------------------------------------------------------------ JSON values
def freeze(value: Any) -> Any:
    """A JSON value that cannot be changed by accident: objects as read-only mappings, lists as tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The plain JSON form of a (frozen) value: dicts and lists."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


def cells_of(value: Any, path: str = "") -> Iterable[tuple[str, Any]]:
    """Every scalar cell of a JSON value with its dotted path (``("city.ore", 3)``), in order."""
    if isinstance(value, Mapping):
        for key, inner in value.items():
            yield from cells_of(inner, f"{path}.{key}" if path else str(key))
    elif isinstance(value, (list, tuple)):
        for i, inner in enumerate(value):
            yield from cells_of(inner, f"{path}.{i}" if path else str(i))
    else:
        yield path, value


def loader_check(read: Callable[[Any], Any]) -> Callable[[Any], str | None]:
    """A parameter's ``check`` made from a loader that raises :class:`DataError` on a value it refuses (the value is
    handed to it plain, thawed): the loader's sentence is the reason, ``None`` when it reads the value."""
    def reason(value: Any) -> str | None:
        try:
            read(thaw(value))
        except DataError as err:
            return str(err)
        return None
    return reason

def canonical(value: Any) -> str:
    """The one JSON text of a value (sorted keys, no spaces): what hashes and configs compare."""
    return json.dumps(thaw(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------------------------------------ changes
@dataclass(frozen=True)
class Changes:
    """The component changes a game is made with: the config option ``variant`` (empty for the printed game).
    ``name`` labels them; ``items`` are ``(path, canonical JSON of the value)``, sorted, so equal changes compare
    and hash equal. In a save it is written ``{"name": ..., "changes": {path: value}}``."""

    name: str = ""
    items: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, changes: Mapping[str, Any] | None = None, name: str = "") -> Changes:
        return cls(str(name), tuple(sorted((str(path), canonical(v)) for path, v in (changes or {}).items())))

    def as_dict(self) -> dict[str, Any]:
        return {path: json.loads(text) for path, text in self.items}

    def __bool__(self) -> bool:
        return bool(self.items)

    def to_config(self) -> dict[str, Any]:
        return {"name": self.name, "changes": self.as_dict()}

    @classmethod
    def from_config(cls, data: Any) -> Changes:
        """Read the config form back; a malformed one is a :class:`ConfigError` naming what is wrong."""
        if isinstance(data, Changes):
            return data
        if not isinstance(data, Mapping) or set(data) - {"name", "changes"}:
            raise ConfigError("option variant is an object with a name and its changes: {\"name\": ..., "
                              "\"changes\": {parameter: value}}")
        changes = data.get("changes", {})
        if not isinstance(changes, Mapping) or not all(isinstance(k, str) for k in changes):
            raise ConfigError("option variant: its changes map parameter names to values")
        name = data.get("name", "")
        if not isinstance(name, str):
            raise ConfigError(f"option variant: its name is a text, not {quoted(name)}")
        try:
            return cls.of(changes, name)
        except (TypeError, ValueError) as err:
            raise ConfigError(f"option variant: a change is not a JSON value ({err})") from err


NO_CHANGES = Changes()


def _split(path: str) -> tuple[str, list[str]]:
    name, *cells = path.split(".")
    return name, cells


def _step_into(table: Any, key: str, where: str, parameter: Parameter) -> tuple[Any, Any]:
    """The key a table is indexed with for ``key`` (list positions as whole numbers) and the cell there."""
    if isinstance(table, Mapping):
        if key not in table:
            raise ParameterError(f"{where}: {parameter.name} has no cell {quoted(key)} there (its cells: "
                                 f"{', '.join(map(str, list(table)[:12]))}{', …' if len(table) > 12 else ''})")
        return key, table[key]
    if isinstance(table, (list, tuple)):
        if not key.isdecimal() or int(key) >= len(table):
            raise ParameterError(f"{where}: {parameter.name} has positions 0..{len(table) - 1} there, not "
                                 f"{quoted(key)}")
        return int(key), table[int(key)]
    raise ParameterError(f"{where}: {parameter.name} has no cells below {quoted(table)}")


def _replaced(table: Any, keys: list[str], value: Any, where: str, parameter: Parameter) -> Any:
    """A copy of the plain table with the cell at ``keys`` replaced by ``value`` (checked against the printed cell).
    """
    key, inner = _step_into(table, keys[0], where, parameter)
    new = _replaced(inner, keys[1:], value, where, parameter) if len(keys) > 1 else value
    if len(keys) == 1:
        problem = _conform(parameter, inner, value, where)
        if problem:
            raise ParameterError(problem)
    copy = dict(table) if isinstance(table, Mapping) else list(table)
    copy[key] = new
    return copy


def _known(name: str, by_name: Mapping[str, Parameter], most: int = 10) -> str:
    """The parameters a refusal lists: the closest names to ``name`` first, at most ``most`` of them."""
    if not by_name:
        return "it has none"
    close = difflib.get_close_matches(name, list(by_name), n=3, cutoff=0.6)
    rest = [n for n in sorted(by_name) if n not in close]
    shown = close + rest[: max(0, most - len(close))]
    more = len(by_name) - len(shown)
    head = f"did you mean {' or '.join(close)}? " if close else ""
    return head + "its parameters: " + ", ".join(shown) + (f" and {more} more" if more else "")


def resolve(parameters: Iterable[Parameter], changes: Mapping[str, Any], base: Mapping[str, Any] | None = None,
            game: str = "the game") -> dict[str, Any]:
    """Every parameter's value once ``changes`` are applied to ``base`` (by default the printed values), checked
    (module docstring); a :class:`ParameterError` names the first change refused. Values are plain JSON."""
    by_name = {p.name: p for p in parameters}
    values = {name: thaw(p.default) for name, p in by_name.items()}
    if base:
        values.update({name: thaw(v) for name, v in base.items()})
    whole = {path for path in changes if "." not in path}
    for path in sorted(changes, key=lambda p: (p.count("."), p)):
        value = changes[path]
        if not isinstance(path, str) or not path:
            raise ParameterError(f"a change is named by a parameter, not {quoted(path)}")
        name, cells = _split(path)
        parameter = by_name.get(name)
        if parameter is None:
            raise ParameterError(f"{game} has no parameter {quoted(name)} ({_known(name, by_name)})")
        if cells and name in whole:
            raise ParameterError(f"{path}: the changes give the whole {name} and one of its cells; give one")
        if not cells:
            problem = _conform(parameter, parameter.default, value, name)
            if problem:
                raise ParameterError(problem)
            values[name] = thaw(value)
        else:
            if parameter.kind != "table":
                raise ParameterError(f"{path}: {name} is a single value ({parameter.allowed()}), not a table")
            values[name] = _replaced(values[name], cells, thaw(value), path, parameter)
    for name in {_split(path)[0] for path in changes}:
        parameter = by_name[name]
        if parameter.check is not None:
            reason = parameter.check(freeze(values[name]))
            if reason:
                raise ParameterError(f"{name}: {reason}")
    return values


def normalise(parameters: Iterable[Parameter], changes: Mapping[str, Any], game: str = "the game") -> dict[str, Any]:
    """The changes that change something, one per cell: a whole table given is split into the cells it changes, a
    change equal to the printed value is dropped. Equal games have equal normal forms (and hashes)."""
    by_name = {p.name: p for p in parameters}
    values = resolve(by_name.values(), changes, game=game)
    out: dict[str, Any] = {}
    for name, parameter in by_name.items():
        printed, now = thaw(parameter.default), values[name]
        if printed == now:
            continue
        if parameter.kind != "table":
            out[name] = now
            continue
        new_cells = dict(cells_of(now))
        for path, cell in cells_of(printed):
            if new_cells[path] != cell:
                out[f"{name}.{path}"] = new_cells[path]
    return dict(sorted(out.items()))


def field_values(parameters: Iterable[Parameter], config: Any) -> dict[str, Any]:
    """The values of the parameters that are config options, read from ``config``."""
    return {p.name: thaw(getattr(config, p.field)) for p in parameters if p.field}


def changes_in(parameters: Iterable[Parameter], path: str) -> Parameter:
    """The parameter a change path names (``"costs.city.ore"`` -> the ``costs`` parameter)."""
    name, _ = _split(path)
    for p in parameters:
        if p.name == name:
            return p
    raise ParameterError(f"no parameter {quoted(name)}")


@dataclass(frozen=True)
class Params(Mapping[str, Any]):
    """A game's parameter values (frozen JSON), read as ``game.params["costs"]["city"]``."""

    values: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        try:
            return self.values[name]
        except KeyError:
            raise KeyError(f"no parameter {name!r}; parameters: {', '.join(sorted(self.values))}") from None

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)


_PARAMS: dict[tuple[Any, ...], Params] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


def params_of(cls: Any, config: Any) -> Params:
    """The parameter values of a game of class ``cls`` made with ``config`` (cached: configs are frozen, and games
    are made by the thousand). The config's ``variant`` changes are checked here, so a game cannot be made with a
    change it refuses; config options that are parameters are checked against their range too."""
    variant = getattr(config, "variant", NO_CHANGES)
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = tuple(p.field for p in cls.parameters() if p.field)
    key: tuple[Any, ...] | None = (cls, variant, *(getattr(config, f) for f in fields))
    try:
        found = _PARAMS.get(key)  # type: ignore[arg-type]
    except TypeError:  # an option that cannot be hashed (a dict): worked out each time
        key, found = None, None
    if found is not None:
        return found
    parameters = cls.parameters()
    for path in variant.as_dict():
        named = next((p for p in parameters if p.name == _split(path)[0]), None)
        if named is not None and named.field:
            raise ParameterError(f"{named.name} is the option {named.field} of the config: set it there, not among "
                                 "the variant's changes")
    for p in parameters:
        if p.field:
            problem = _conform(p, p.default, thaw(getattr(config, p.field)), f"option {p.field}")
            if problem:
                raise ParameterError(problem)
    values = resolve(parameters, variant.as_dict(), field_values(parameters, config), game=cls.title)
    for p in parameters:
        if p.field and p.check is not None:
            reason = p.check(freeze(values[p.name]))
            if reason:
                raise ParameterError(f"{p.name}: {reason}")
    found = Params(MappingProxyType({name: freeze(v) for name, v in values.items()}))
    if key is not None:
        if len(_PARAMS) >= 256:
            _PARAMS.clear()
        _PARAMS[key] = found
    return found
