"""Game configurations: frozen dataclasses that save to JSON and refuse unknown options by name."""

from __future__ import annotations

import dataclasses
import functools
import typing
from typing import Any, Mapping, TypeVar

from .errors import ConfigError, excerpt

C = TypeVar("C")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def config_to_dict(config: Any) -> dict[str, Any]:
    out = {}
    for f in dataclasses.fields(config):
        value = getattr(config, f.name)
        if hasattr(value, "to_config"):  # an option with a JSON form of its own (a variant's changes)
            out[f.name] = value.to_config()
            continue
        out[f.name] = list(value) if isinstance(value, tuple) else dict(value) if isinstance(value, dict) else value
    return out


def config_from_dict(cls: type[C], data: Mapping[str, Any] | None = None, **overrides: Any) -> C:
    """Build ``cls`` from a mapping plus keyword overrides, naming any unknown or mistyped option."""
    values = {**(data or {}), **overrides}
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(values) - names)
    if unknown:
        # each quoted by its repr: a key may be anything a save holds (a lone surrogate cannot be printed raw)
        raise ConfigError(f"unknown option(s) {', '.join(excerpt(k) for k in unknown[:5])}; the options are: "
                          f"{', '.join(sorted(names))}")
    hints = _hints(cls)
    clean = {}
    for name, value in values.items():
        tp = hints[name]
        if isinstance(tp, type) and hasattr(tp, "from_config"):  # read back from its JSON form (ConfigError if bad)
            clean[name] = tp.from_config(value)
            continue
        origin = typing.get_origin(tp)
        if origin is tuple and isinstance(value, list):
            value = tuple(value)
        ok_type = origin or tp
        if ok_type is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ConfigError(f"option {name} must be a whole number, not {excerpt(value)}")
        if isinstance(ok_type, type) and ok_type is not int and not isinstance(value, ok_type):
            raise ConfigError(f"option {name} must be {ok_type.__name__}, not {excerpt(value)}")
        clean[name] = value
    return cls(**clean)
