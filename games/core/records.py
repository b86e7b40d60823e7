"""Plain-data state pieces that save to JSON, load back with validation, and copy cheaply.

A game's state is built from :class:`Record` dataclasses whose fields are ints, strs, bools, lists, tuples,
``dict[str, ...]`` and other records. ``to_dict`` / ``from_dict`` round-trip through JSON; ``from_dict`` checks
every key and type against the annotations, so a malformed save file fails with the path of the bad value
instead of producing a half-valid game.

Clones, saves and the checks copy, dump and load whole states all the time, so ``copy``, ``to_dict`` and the
loading of a well-formed save are functions written out per class from its field annotations (built on first use,
from field names only); a save that is not exactly well formed goes the long way, which names the bad value.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any, Mapping, TypeVar, Union

from .errors import SaveFileError, excerpt

R = TypeVar("R", bound="Record")


class Record:
    """Mixin for ``@dataclass(slots=True)`` state classes."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        cls = type(self)
        dumper = _dumper(cls)
        if cls.__dict__.get("to_dict") is None:  # installed like ``copy`` (saves and checks dump whole states)
            cls.to_dict = dumper  # type: ignore[method-assign]
        return dumper(self)

    @classmethod
    def from_dict(cls: type[R], data: Any, where: str = "") -> R:
        # A save written by this package loads through a check written out for the class (a value of exactly the
        # annotated type, field by field); anything else goes the long way, which names the first bad value.
        loaded = _fast_loader(cls)(data)
        if loaded is not None:
            return loaded
        return cls._load_checked(data, where)

    @classmethod
    def _load_checked(cls: type[R], data: Any, where: str = "") -> R:
        where = where or cls.__name__
        if not isinstance(data, Mapping):
            raise SaveFileError(f"{where}: expected an object, found {type(data).__name__}")
        hints = _hints(cls)
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise SaveFileError(f"{where}: unknown field(s) {', '.join(excerpt(str(k), 40) for k in unknown[:5])}")
        missing = [n for n in names if n not in data]
        if missing:
            raise SaveFileError(f"{where}: missing field(s) {', '.join(missing)}")
        return cls(**{n: _load(hints[n], data[n], f"{where}.{n}") for n in names})

    def copy(self: R) -> R:
        cls = type(self)
        copier = _copier(cls)
        # The generated function becomes the class's own ``copy``: later copies (a clone copies every record of the
        # state) call it directly. Installed on first use because ``@dataclass(slots=True)`` builds the final class
        # after ``Record`` sees it.
        if cls.__dict__.get("copy") is None:
            cls.copy = copier  # type: ignore[method-assign]
        return copier(self)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


_FLAT = (int, str, bool)


@functools.cache
def _copy_plan(cls: type) -> tuple[tuple[str, str], ...]:
    """How to copy each field fast: share immutables, shallow-copy flat containers, recurse otherwise."""
    plan = []
    for name, tp in _hints(cls).items():
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if tp in _FLAT or (origin is tuple and all(a in _FLAT or a is Ellipsis for a in args)):
            kind = "share"
        elif origin is list and args and args[0] in _FLAT:
            kind = "flat-list"
        elif origin is list and args and typing.get_origin(args[0]) is list and typing.get_args(args[0])[0] in _FLAT:
            kind = "list-of-flat-lists"
        elif origin is dict and args and args[1] in _FLAT:
            kind = "flat-dict"
        elif isinstance(tp, type) and issubclass(tp, Record):
            kind = "record"
        elif origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args \
                and any(map(_is_record, args)):
            kind = "optional-record"  # a record or None (a step in progress)
        elif origin is list and args and _is_record(args[0]):
            kind = "record-list"
        elif origin is list and args and typing.get_origin(args[0]) is list and _is_record(typing.get_args(args[0])[0]):
            kind = "record-rows"
        else:
            kind = "deep"
        plan.append((name, kind))
    return tuple(plan)


_COPY_EXPR = {
    "share": "s.{n}",
    "flat-list": "[*s.{n}]",  # [*x]: a new list, without looking up and calling list()
    "list-of-flat-lists": "[[*v] for v in s.{n}]",
    "flat-dict": "{{**s.{n}}}",
    "record": "s.{n}.copy()",
    "optional-record": "None if s.{n} is None else s.{n}.copy()",
    "record-list": "[v.copy() for v in s.{n}]",
    "record-rows": "[[v.copy() for v in row] for row in s.{n}]",
    "deep": "_copy(s.{n})",
}


#: Record kinds whose copy can call the field type's own copier directly (``{c}``: that copier).
_DIRECT_COPY = {
    "record": "{c}(s.{n})",
    "optional-record": "None if s.{n} is None else {c}(s.{n})",
    "record-list": "[{c}(v) for v in s.{n}]",
    "record-rows": "[[{c}(v) for v in row] for row in s.{n}]",
}
_GENERATING: set[type] = set()


def _record_type(tp: Any) -> type | None:
    """The record class a field annotated ``tp`` holds (alone, optional, in a list or in rows of lists)."""
    while True:
        if _is_record(tp):
            return tp
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) != 1:
            return None
        tp = args[0]


@functools.cache
def _copier(cls: type) -> Any:
    """A copy function written out for ``cls`` from its copy plan: copying state is the hottest path of checked
    play (every apply keeps a rollback copy), and a loop over fields costs twice as much. Record fields are copied
    by their class's own copier, called directly. The source is built only from the class's own field names, never
    from data."""
    frozen = getattr(getattr(cls, "__dataclass_params__", None), "frozen", False)
    # A subclass that inherits this class's installed ``copy`` is handed to its own copier.
    lines = ["def copy(s):", "    if type(s) is not cls:", "        return _copier(type(s))(s)", "    t = new(cls)"]
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls, "setattr_": object.__setattr__, "_copy": _copy,
                             "_copier": _copier}
    hints = _hints(cls)
    _GENERATING.add(cls)
    try:
        for name, kind in _copy_plan(cls):
            target = _record_type(hints[name]) if kind in _DIRECT_COPY else None
            own = None if target is None else target.__dict__.get("copy")
            if own is not None and not getattr(own, "generated", False):
                target = None  # a record class with a copy of its own is copied by it
            if target is not None and target not in _GENERATING:  # (a record that holds its own kind: .copy())
                scope[f"_c_{name}"] = _copier(target)
                value = _DIRECT_COPY[kind].format(c=f"_c_{name}", n=name)
            else:
                value = _COPY_EXPR[kind].format(n=name)
            lines.append(f"    setattr_(t, {name!r}, {value})" if frozen else f"    t.{name} = {value}")
    finally:
        _GENERATING.discard(cls)
    lines.append("    return t")
    exec("\n".join(lines), scope)  # noqa: S102 - generated from field names only
    scope["copy"].generated = True
    return scope["copy"]


_DUMP_EXPR = {
    "share": "s.{n}",
    "flat-list": "list(s.{n})",
    "list-of-flat-lists": "[list(v) for v in s.{n}]",
    "flat-dict": "dict(s.{n})",
    "record": "s.{n}.to_dict()",
    "optional-record": "None if s.{n} is None else s.{n}.to_dict()",
    "record-list": "[v.to_dict() for v in s.{n}]",
    "record-rows": "[[v.to_dict() for v in row] for row in s.{n}]",
    "deep": "_dump(s.{n})",
}


@functools.cache
def _dumper(cls: type) -> Any:
    """A ``to_dict`` written out for ``cls`` from its copy plan, giving what :func:`_dump` gives field by field (in
    the dataclass's field order): tuples become lists, containers are new, records dump themselves."""
    plan = dict(_copy_plan(cls))
    hints = _hints(cls)
    items = []
    for f in dataclasses.fields(cls):
        kind = plan[f.name]
        if kind == "share" and typing.get_origin(hints[f.name]) is tuple:
            kind = "flat-list"  # a tuple of plain values saves as a list
        items.append(f"{f.name!r}: {_DUMP_EXPR[kind].format(n=f.name)}")
    lines = ["def to_dict(s):", "    if type(s) is not cls:", "        return _dumper(type(s))(s)",
             "    return {" + ", ".join(items) + "}"]
    scope: dict[str, Any] = {"cls": cls, "_dump": _dump, "_dumper": _dumper}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from field names only
    return scope["to_dict"]


class _Mismatch(Exception):
    """A value the fast loader does not take as it is (the checked loader then says what is wrong, if anything)."""


def _exactly(tp: type) -> Any:
    def take(v: Any) -> Any:
        if type(v) is tp:
            return v
        raise _Mismatch

    return take


def _sequence_of(tp: type, make: type) -> Any:
    """A JSON list of ``tp`` values only, taken as a ``make`` (a list or a tuple)."""
    def take(v: Any) -> Any:
        if type(v) is list and (not v or set(map(type, v)) == {tp}):
            return make(v)
        raise _Mismatch

    return take


def _lists_of(tp: type) -> Any:
    def take(v: Any) -> list:
        if type(v) is list and all(type(row) is list and (not row or set(map(type, row)) == {tp}) for row in v):
            return [list(row) for row in v]
        raise _Mismatch

    return take


def _dict_of(tp: type) -> Any:
    def take(v: Any) -> dict:
        if type(v) is dict and (not v or (set(map(type, v)) == {str} and set(map(type, v.values())) == {tp})):
            return dict(v)
        raise _Mismatch

    return take


def _record(tp: type) -> Any:
    def take(v: Any) -> Any:
        loaded = _fast_loader(tp)(v)
        if loaded is None:
            raise _Mismatch
        return loaded

    return take


def _optional(take_record: Any) -> Any:
    def take(v: Any) -> Any:
        return None if v is None else take_record(v)

    return take


def _records(take_record: Any) -> Any:
    def take(v: Any) -> list:
        if type(v) is list:
            return [take_record(x) for x in v]
        raise _Mismatch

    return take


def _record_rows(take_record: Any) -> Any:
    def take(v: Any) -> list:
        if type(v) is list and all(type(row) is list for row in v):
            return [[take_record(x) for x in row] for row in v]
        raise _Mismatch

    return take


def _field_taker(tp: Any) -> Any:
    """How the fast loader takes one field annotated ``tp`` (``None``: it leaves such fields to the checked loader)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp in _FLAT:
        return _exactly(tp)
    if origin is list and len(args) == 1 and args[0] in _FLAT:
        return _sequence_of(args[0], list)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] in _FLAT:
        return _sequence_of(args[0], tuple)
    if origin is list and len(args) == 1 and typing.get_origin(args[0]) is list \
            and typing.get_args(args[0])[0] in _FLAT:
        return _lists_of(typing.get_args(args[0])[0])
    if origin is dict and len(args) == 2 and args[0] is str and args[1] in _FLAT:
        return _dict_of(args[1])
    target = _record_type(tp)
    if target is None or getattr(target.from_dict, "__func__", None) is not Record.from_dict.__func__:
        return None  # not a record field, or a record that loads itself its own way
    if _is_record(tp):
        return _record(tp)
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return _optional(_record(target))
    if origin is list and len(args) == 1 and _is_record(args[0]):
        return _records(_record(args[0]))
    if origin is list and len(args) == 1 and typing.get_origin(args[0]) is list \
            and _is_record(typing.get_args(args[0])[0]):
        return _record_rows(_record(typing.get_args(args[0])[0]))
    return None


@functools.cache
def _fast_loader(cls: type) -> Any:
    """``data -> record`` for a well-formed save of ``cls`` (exactly its fields, each of exactly its annotated type),
    giving what the checked loader gives; ``None`` for anything else."""
    hints = _hints(cls)
    fields = [f for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    takers = [_field_taker(hints[f.name]) for f in fields]
    names = {f.name for f in fields}
    if None in takers or not all(f.init for f in fields):
        return lambda data: None
    plan = tuple(zip([f.name for f in fields], takers, strict=True))

    def load(data: Any) -> Any:
        if type(data) is not dict or data.keys() != names:
            return None
        try:
            return cls(*[take(data[name]) for name, take in plan])
        except _Mismatch:
            return None

    return load


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Record)


def _dump(value: Any) -> Any:
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, Record):
        return value.copy()
    return value  # ints, strs, bools and tuples of them are immutable


def _load(tp: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (Union, types.UnionType):
        for option in args:
            try:
                return _load(option, value, where)
            except SaveFileError:
                continue
        raise SaveFileError(f"{where}: {excerpt(value)} matches none of {tp}")
    if tp is type(None):
        if value is None:
            return None
        raise SaveFileError(f"{where}: expected null, found {excerpt(value)}")
    if isinstance(tp, type) and issubclass(tp, Record):
        return tp.from_dict(value, where)
    if tp is bool:
        if isinstance(value, bool):
            return value
        raise SaveFileError(f"{where}: expected true or false, found {excerpt(value)}")
    if tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise SaveFileError(f"{where}: expected a whole number, found {excerpt(value)}")
    if tp is str:
        if isinstance(value, str):
            return value
        raise SaveFileError(f"{where}: expected a text, found {excerpt(value)}")
    if origin in (list, tuple):
        if not isinstance(value, list):
            raise SaveFileError(f"{where}: expected a list, found {type(value).__name__}")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(value) != len(args):
                raise SaveFileError(f"{where}: expected {len(args)} items, found {len(value)}")
            return tuple(_load(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True)))
        item = args[0]
        loaded = [_load(item, v, f"{where}[{i}]") for i, v in enumerate(value)]
        return loaded if origin is list else tuple(loaded)
    if origin is dict:
        if not isinstance(value, dict):
            raise SaveFileError(f"{where}: expected an object, found {type(value).__name__}")
        key_tp, val_tp = args
        if key_tp is not str:
            raise TypeError("records only support dict[str, ...]")
        return {str(k): _load(val_tp, v, f"{where}.{excerpt(str(k), 40)}") for k, v in value.items()}
    raise TypeError(f"{where}: unsupported field type {tp!r} in a Record")
