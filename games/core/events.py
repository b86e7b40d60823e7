"""Rules and the event log.

Every rule a game implements is registered once as a :class:`Rule` (id, rulebook section, what it says).
Every change the engine makes is logged as an :class:`Event` that names the rule that caused it, so a learner
can follow the "why" from the log to the rule text and to the code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

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


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: ``text`` in plain words, caused by ``rule`` (an id) of ``section``.

    ``step`` is the index in the action history of the action that caused it (-1 for setup).
    ``data`` holds the numbers behind the text, JSON-ready.
    """

    step: int
    rule: str
    section: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.text}  [{self.rule} · {self.section}]"

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "rule": self.rule, "section": self.section, "text": self.text,
                "data": dict(self.data)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Event":
        return cls(int(d["step"]), str(d["rule"]), str(d["section"]), str(d["text"]), dict(d.get("data", {})))
