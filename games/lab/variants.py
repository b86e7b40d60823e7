"""Variants: a game id plus named changes to its designable parameters, checked when made.

    from games.lab import Variant
    printed = Variant("catan.base")                                    # no changes: the printed game
    cheap = Variant("catan.base", {"costs.city.ore": 2}, name="cheap cities")
    cheap.hash                       # 'c41f0a9e2b': short, stable, the same for the same game whatever the name
    cheap.diff()                     # [{'change': 'costs.city.ore', 'printed': 3, 'value': 2, 'rules': [...], ...}]
    game = cheap.new_game(players=3, seed=7)   # an ordinary game: save, load, replay; its save records the variant
    Variant.of_game(game) == cheap   # True
    cheap.to_json()                  # '{"game": "catan.base", "name": "cheap cities", "changes": {...}}'

A change is refused when it is made (:class:`VariantError`, a sentence naming the parameter and the reason): an
unknown parameter or cell, a wrong type, a value out of range, a table of another shape, a value the game's own
check refuses, or a game that cannot be set up with it at some player count. Changes are kept in their normal form
(one per changed cell; a change equal to the printed value is dropped), so two variants that make the same game
are equal and share a hash, and the printed game's hash is that of an empty change list.

A change to a parameter that is a config option (Catan's ``points_to_win``) becomes that option; every other change
travels in the config's ``variant`` option (:class:`games.core.Changes`). Either way the config, and so every save,
holds the whole variant, and :meth:`Variant.of_game` reads it back.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

from games import GAMES, game_class
from games.core import Changes, ConfigError, Game, GameError, Parameter, ParameterError, config_from_dict
from games.core.parameters import canonical, normalise, quoted, thaw

#: The keys of a variant's JSON form.
_KEYS = ("game", "name", "changes")
#: What a file is read into (a variant, a target).
Loaded = TypeVar("Loaded")
#: Most characters of a variant file the lab reads (a real one is a few kilobytes).
MAX_FILE = 2_000_000


class VariantError(ParameterError):
    """A variant the lab refuses (a bad change, an unknown game, a malformed file), with the sentence why."""


def read_file(path: str | Path, parse: Callable[[bytes], Loaded], error: type[VariantError]) -> Loaded:
    """``parse`` of the bytes of the file at ``path``; a file that cannot be read or parsed is refused by ``error``,
    with the file named (the one reading of a variant file and of a target file)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise error(f"{path}: cannot be read ({err.strerror or err})") from None
    try:
        return parse(data)
    except VariantError as err:
        raise error(f"{path.name}: {err}") from None


def _cls(game: Any) -> type[Game]:
    if not isinstance(game, str) or game not in GAMES:
        raise VariantError(f"unknown game {quoted(game)}; games: {', '.join(sorted(GAMES))}")
    return game_class(game)


class Variant:
    """A game id plus named changes to its parameters (module docstring)."""

    def __init__(self, game: str, changes: Mapping[str, Any] | None = None, name: str = "") -> None:
        cls = _cls(game)
        if changes is None:
            changes = {}
        if not isinstance(changes, Mapping) or not all(isinstance(k, str) for k in changes):
            raise VariantError(f"a variant's changes map parameter names to values, not {quoted(changes)}")
        if not isinstance(name, str) or len(name) > 200:
            raise VariantError(f"a variant's name is a text of at most 200 characters, not {quoted(name)}")
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            raise VariantError(f"a variant's name is text, not {quoted(name)} (a lone surrogate)") from None
        self.game_id = game
        self.name = name.strip()
        parameters = cls.parameters()
        try:
            self.changes: dict[str, Any] = normalise(parameters, changes, game=cls.title)
        except ParameterError as err:
            raise VariantError(str(err) if str(err).startswith(cls.title) else f"{cls.title}: {err}") from None
        fields = {p.name: p.field for p in parameters if p.field}
        self._options = {fields[path]: value for path, value in self.changes.items() if path in fields}
        self._components = {path: value for path, value in self.changes.items() if path not in fields}
        self.hash = hashlib.sha256(canonical({"game": game, "changes": self.changes}).encode()).hexdigest()[:10]
        for players in range(cls.min_players, cls.max_players + 1):
            try:
                cls(self.config(players), 0)
            except GameError as err:
                raise VariantError(f"{cls.title} with {self.label}: a {players}-player game cannot be set up: "
                                   f"{err}") from None

    # ------------------------------------------------------------------ reading
    @property
    def game_class(self) -> type[Game]:
        return game_class(self.game_id)

    @property
    def is_printed(self) -> bool:
        """Whether the variant changes nothing (the printed game)."""
        return not self.changes

    @property
    def label(self) -> str:
        """How tables and charts name it: its name, else ``printed game`` or its hash."""
        return self.name or ("printed game" if self.is_printed else f"variant {self.hash}")

    def parameters(self) -> tuple[Parameter, ...]:
        return self.game_class.parameters()

    def diff(self) -> list[dict[str, Any]]:
        """Each change against the printed game: ``change`` (the parameter or cell), ``parameter``, ``printed``,
        ``value``, ``source`` (of the printed value), ``rules`` (ids) and ``rule_words`` (what those rules say)."""
        cls = self.game_class
        by_name = {p.name: p for p in cls.parameters()}
        out = []
        for path, value in self.changes.items():
            parameter = by_name[path.split(".")[0]]
            printed: Any = thaw(parameter.default)
            for key in path.split(".")[1:]:
                printed = printed[int(key)] if isinstance(printed, list) else printed[key]
            out.append({"change": path, "parameter": parameter.name, "printed": printed, "value": value,
                        "source": parameter.source, "rules": list(parameter.rules),
                        "rule_words": [cls.rules[r].text for r in parameter.rules if r in cls.rules.section_of]})
        return out

    def diff_groups(self, shown: int = 12) -> list[dict[str, Any]]:
        """:meth:`diff` folded by parameter, what a long diff shows (a 125-cell price rule is one line per table,
        not 125): per changed parameter its ``count`` of changed cells, ``source``, ``rules`` with their plain
        ``rule_words`` and the rule text's own words (``rule_quotes``), and its first ``shown`` ``changes``."""
        cls = self.game_class
        groups: dict[str, dict[str, Any]] = {}
        for change in self.diff():
            group = groups.setdefault(change["parameter"], {
                "parameter": change["parameter"], "count": 0, "source": change["source"], "rules": change["rules"],
                "rule_words": change["rule_words"],
                "rule_quotes": [cls.rules[r].quote for r in change["rules"] if r in cls.rules.section_of],
                "changes": []})
            group["count"] += 1
            if len(group["changes"]) < shown:
                group["changes"].append({k: change[k] for k in ("change", "printed", "value")})
        return list(groups.values())

    # ------------------------------------------------------------------ making games
    def config(self, players: int | None = None, **options: Any) -> Any:
        """The game's config with this variant (``players`` and other options as for a new game)."""
        cls = self.game_class
        if players is not None:
            options["players"] = players
        clash = sorted(set(options) & set(self._options))
        if clash:
            raise VariantError(f"option {clash[0]} is set by the variant; leave it out")
        try:
            base = config_from_dict(cls.Config, {}, **options, **self._options)
        except ConfigError as err:
            raise VariantError(f"{cls.title}: {err}") from None
        return dataclasses.replace(base, variant=Changes.of(self._components, self.name))

    def new_game(self, players: int | None = None, seed: int = 0, **options: Any) -> Game:
        """A new game of this variant: an ordinary game (its save records the variant)."""
        return self.game_class(self.config(players, **options), seed)

    @classmethod
    def printed(cls, game: str) -> Variant:
        return cls(game)

    @classmethod
    def of_config(cls, game: str, config: Any) -> Variant:
        """The variant a config was made with: its ``variant`` changes and its options that are parameters."""
        parameters = _cls(game).parameters()
        changes = dict(config.variant.as_dict()) if hasattr(config, "variant") else {}
        changes.update({p.name: thaw(getattr(config, p.field)) for p in parameters if p.field})
        name = config.variant.name if hasattr(config, "variant") else ""
        return cls(game, changes, name)

    @classmethod
    def of_game(cls, game: Game) -> Variant:
        return cls.of_config(game.game_id, game.config)

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game_id, "name": self.name, "changes": dict(self.changes)}

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> Variant:
        """A variant from its JSON form ``{"game": ID, "name": ..., "changes": {PARAMETER: VALUE}}``."""
        if not isinstance(data, Mapping):
            raise VariantError("a variant file holds a JSON object: {\"game\": ..., \"name\": ..., \"changes\": {}}")
        unknown = [k for k in data if k not in _KEYS]
        if unknown:
            raise VariantError(f"a variant file has no key {quoted(str(unknown[0]))} (its keys: game, name, changes)")
        if "game" not in data:
            raise VariantError("a variant file names its game: {\"game\": ID, ...}")
        return cls(data["game"], data.get("changes", {}), data.get("name", ""))

    @classmethod
    def from_json(cls, text: str | bytes) -> Variant:
        try:
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            if len(text) > MAX_FILE:
                raise VariantError(f"a variant file is at most {MAX_FILE:,} characters, not {len(text):,}")
            data = json.loads(text)
        except (UnicodeDecodeError, ValueError, RecursionError) as err:
            if isinstance(err, VariantError):
                raise
            raise VariantError(f"a variant file is JSON text: {str(err)[:120]}") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> Variant:
        """Read a variant file (refused by :class:`VariantError` with the file named)."""
        return read_file(path, cls.from_json, VariantError)

    # ------------------------------------------------------------------ comparing
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and (self.game_id, self.changes) == (other.game_id, other.changes)

    def __hash__(self) -> int:
        return hash((self.game_id, self.hash))

    def __repr__(self) -> str:
        changes = ", ".join(f"{k}={quoted(v)}" for k, v in list(self.changes.items())[:4])
        more = ", …" if len(self.changes) > 4 else ""
        return f"<Variant {self.game_id} {self.label!r} ({self.hash}): {changes or 'no changes'}{more}>"

