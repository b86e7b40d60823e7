"""Rules and the event log.

Every rule a game implements is registered once as a :class:`Rule` (id, rulebook section, what it says).
Every change the engine makes is logged as an :class:`Event` that names the rule that caused it, so a learner
can follow the "why" from the log to the rule text and to the code.
"""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, Iterable, Mapping

from .errors import DataError, read_json

#: Where a rule comes from.
RULEBOOK = "rulebook"  # stated in the rule text
INFERRED = "inferred"  # follows from the rule text or its examples, not spelled out
DECISION = "decision"  # the text is unclear; we decided (written down in docs/rules_notes)
SANDBOX = "sandbox"  # a teaching convention of ours, not a rule of the game
RULE_SOURCES = (RULEBOOK, INFERRED, DECISION, SANDBOX)


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: ``id`` like ``prices.flip``, the rulebook ``section`` heading and the rule in plain words."""

    id: str
    section: str
    text: str
    source: str = RULEBOOK
    quote: str = ""  # the rulebook's own sentence, in the rulebook's language

    def __post_init__(self) -> None:
        if self.source not in RULE_SOURCES:
            raise ValueError(f"rule {self.id}: source must be one of {RULE_SOURCES}, not {self.source!r}")


class RuleBook(Mapping[str, Rule]):
    """The rules of one game, by id, in the order they were registered."""

    def __init__(self, game: str, rules: Iterable[Rule]) -> None:
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"{game}: rule id {rule.id!r} registered twice")
            self._rules[rule.id] = rule
        #: Rule id -> its section heading (what every logged event carries).
        self.section_of: dict[str, str] = {rule.id: rule.section for rule in self._rules.values()}

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise KeyError(f"{self.game} has no rule {rule_id!r}") from None

    def __iter__(self):
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def in_section(self, prefix: str) -> list[Rule]:
        """Rules whose id starts with ``prefix`` (``"prices."``)."""
        return [r for r in self._rules.values() if r.id.startswith(prefix)]

    @classmethod
    def from_json(cls, text: str, where: str = "rules") -> RuleBook:
        """A rule book from its data file: ``{"game": ..., "sections": {key: heading}, "rules": [{"id", "section"
        (a key of sections), "text", "source" (optional, default rulebook), "quote" (optional)}]}``."""
        data = read_json(text, DataError, where)
        if not isinstance(data, dict) or set(data) != {"game", "sections", "rules"}:
            raise DataError(f"{where}: a rule book holds exactly game, sections and rules")
        sections, rules = data["sections"], data["rules"]
        if not isinstance(sections, dict) or not isinstance(rules, list):
            raise DataError(f"{where}: sections is an object and rules a list")
        out = []
        for i, entry in enumerate(rules):
            here = f"{where}: rule {i + 1}"
            if not isinstance(entry, dict) or not {"id", "section", "text"} <= set(entry) <= _RULE_KEYS:
                raise DataError(f"{here}: a rule holds id, section, text and optionally source and quote")
            if entry["section"] not in sections:
                raise DataError(f"{here} ({entry['id']}): unknown section {entry['section']!r}")
            try:
                out.append(Rule(str(entry["id"]), str(sections[entry["section"]]), str(entry["text"]),
                                str(entry.get("source", RULEBOOK)), str(entry.get("quote", ""))))
            except ValueError as err:
                raise DataError(f"{here}: {err}") from err
        try:
            return cls(str(data["game"]), out)
        except ValueError as err:
            raise DataError(f"{where}: {err}") from err

    @classmethod
    def load(cls, package: str, name: str = "rules.json") -> RuleBook:
        """The rule book stored as ``name`` in ``package`` (``RuleBook.load("games.chartres.data")``)."""
        text = importlib.resources.files(package).joinpath(name).read_text(encoding="utf-8")
        return cls.from_json(text, f"{package}/{name}")


_RULE_KEYS = {"id", "section", "text", "source", "quote"}


class Event(tuple):
    """Something that happened: ``text`` in plain words, caused by ``rule`` (an id) of ``section``.

    ``step`` is the index in the action history of the action that caused it (-1 for setup).
    ``data`` holds the numbers behind the text, JSON-ready.

    An immutable value (clones share their logs' events). It is a tuple underneath because the engines log several
    events per decision and a tuple is the cheapest immutable record Python builds; read it by field name.
    """

    __slots__ = ()
    _fields = ("step", "rule", "section", "text", "data")

    def __new__(cls, step: int, rule: str, section: str, text: str, data: Mapping[str, Any] | None = None) -> Event:
        return tuple.__new__(cls, (step, rule, section, text, {} if data is None else data))

    step: int = property(itemgetter(0))  # type: ignore[assignment]
    rule: str = property(itemgetter(1))  # type: ignore[assignment]
    section: str = property(itemgetter(2))  # type: ignore[assignment]
    text: str = property(itemgetter(3))  # type: ignore[assignment]
    data: Mapping[str, Any] = property(itemgetter(4))  # type: ignore[assignment]

    def __getnewargs__(self) -> tuple:  # pickling and copying rebuild it through __new__
        return tuple(self)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return (f"Event(step={self.step!r}, rule={self.rule!r}, section={self.section!r}, text={self.text!r}, "
                f"data={self.data!r})")

    def __str__(self) -> str:
        return f"{self.text}  [{self.rule} · {self.section}]"

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "rule": self.rule, "section": self.section, "text": self.text,
                "data": dict(self.data)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Event":
        return cls(int(d["step"]), str(d["rule"]), str(d["section"]), str(d["text"]), dict(d.get("data", {})))
