"""What a game table says in words, besides its board: the bots' decisions by seat, the events of a decision for
the message line (public, like the event log, and the human's private note), the event log sent to the browser,
how a game ended, and the rules' sections as a learner reads them. A mixin of the table driver
(:class:`widgets.shared.table.GameTable`), which a game's table overrides where its game words things itself (Catan
names places in words, Chartres hides a secret play)."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Iterable

from games.core import Rule

from .text import notebook_name, plural, seat_label

#: How many events one sync carries (older ones are counted, not sent): a round of 5 players fits.
MAX_EVENTS = 40


def rules_catalog(rules: Iterable[Rule]) -> dict[str, Any]:
    """Rules as a front end shows them: ``sections`` (each named once: they are the rule text's long headings) and
    ``rules``: id -> [index of its section, its words]."""
    rules = list(rules)
    sections = list(dict.fromkeys(section_words(rule.section) for rule in rules))
    return {"sections": sections,
            "rules": {rule.id: [sections.index(section_words(rule.section)), rule.text] for rule in rules}}


def section_words(section: str) -> str:
    """A rule's section as a learner reads it: a rule the project reads into the rule text cites its notes file
    (``docs/rules_notes/catan.md (Cities & Knights)``); the views call it by what it is, not by a file path."""
    match = _NOTES_FILE.match(section)
    if not match:
        return section
    rest = section[match.end():].strip()
    return "How this project reads the rules" + (f" {rest}" if rest else "")


_NOTES_FILE = re.compile(r"^docs/rules_notes/[\w.-]+\.md\b")


class TableWords:
    """The words of the table driver (module docstring); it reads the driver's ``_game``, ``_view``,
    ``_events_from`` and ``_human``."""

    _human: int | None

    #: What the winner's score counts, for the final prompt ("points", "IP").
    score_unit: ClassVar[str] = "points"
    #: How many bot decisions a message names at most (``None``: all; the event log has every one).
    max_summary: ClassVar[int | None] = None

    def public_action(self, kind: str, action: str) -> str:
        """A bot's decision as every seat may hear it (a secret play is only "a card face down")."""
        return action

    def _summary(self, moved: list[tuple[int, str, str]]) -> str:
        """``Player 2 (bot): take 1 1, stop; Player 3 (bot): ...``: the bots' decisions by seat, as heard (the first
        :attr:`max_summary` of them)."""
        more = 0 if self.max_summary is None else len(moved) - self.max_summary
        if more > 0:
            moved = moved[:self.max_summary]
        parts: list[tuple[int, list[str]]] = []
        for seat, kind, action in moved:
            said = self.public_action(kind, action)
            if parts and parts[-1][0] == seat:
                parts[-1][1].append(said)
            else:
                parts.append((seat, [said]))
        # the human's seat moves among the bots only where the rules left one choice (GameTable.forced_kinds)
        text = "; ".join(f"{seat_label(seat)} ({'you, the only choice' if seat == self._human else 'bot'}): "
                         f"{', '.join(actions)}" for seat, actions in parts)
        return text + (f"; … {plural(more, 'more bot decision')} (see the event log)" if more > 0 else "")

    #: Rules whose events, caused by the bots' decisions, the message line repeats (a roll's production ...).
    told_rules: ClassVar[tuple[str, ...]] = ()
    #: How many events of one decision the message line tells (the event log has every one).
    max_told: ClassVar[int] = 4

    def action_words(self, game: Any, action: str) -> str | None:
        """The human's decision in words for the message line (``None``: the action text in quotes)."""
        return None

    def event_text(self, game: Any, event: Any) -> str:
        """An event's sentence as the views show it (a table that names places in words rewrites it here)."""
        return event.text

    def secret_of(self, game: Any) -> Any:
        """What only the human seat knows now and a decision may change (a Catan hand), for :meth:`private_note`."""
        return None

    def private_note(self, game: Any, before: Any, events: list[Any]) -> str:
        """What the human's own decision told only them (the card they stole), from :meth:`secret_of` before it."""
        return ""

    def told(self, game: Any, first: int, rules: tuple[str, ...] | None, before: Any) -> str:
        """What happened at steps ``first`` onwards, from the game's log (public, like the event log): every event
        (``rules`` ``None``) or those of ``rules``, at most :attr:`max_told`; ``before`` (the human's secret before
        their decision): their private note too."""
        log = game.log
        k = len(log)
        while k and log[k - 1].step >= first:
            k -= 1
        events = [e for e in log[k:] if rules is None or e.rule in rules]
        texts = [self.event_text(game, e) for e in events[:self.max_told]]
        if len(events) > self.max_told:
            texts.append(f"(+{len(events) - self.max_told} more in the event log)")
        if before is not None:
            note = self.private_note(game, before, events)
            texts += [note] if note else []
        return " ".join(texts)

    def final_prompt(self, game: Any, outcome: Any = None) -> str:
        """How the game ended, in words (``outcome``: the game's, when the caller has it already)."""
        outcome = outcome or game.outcome()
        names = " and ".join(seat_label(w) for w in outcome.winners)
        verb = "win" if len(outcome.winners) > 1 else "wins"
        return f"The game is over: {names} {verb} with {max(outcome.scores)} {self.score_unit}."

    def _events(self, game: Any) -> list[list[Any]]:
        first_step = self._events_from if self._view is None else self._view - 1
        log = game.log
        first = len(log)
        while first and log[first - 1].step >= first_step:  # the newest events sit at the end of the log
            first -= 1
        mine = log[first:]
        if len(mine) <= MAX_EVENTS:
            return [[e.step, self.event_text(game, e), e.rule] for e in mine]
        # The newest events matter most (after "play to end": the scoring), so the oldest are left out.
        skipped = len(mine) - MAX_EVENTS
        return [[mine[0].step, f"… {skipped} earlier events (see {notebook_name(self, 'table')}.game.log)", ""],
                *([e.step, self.event_text(game, e), e.rule] for e in mine[skipped:])]


__all__ = ["MAX_EVENTS", "TableWords", "rules_catalog", "section_words"]
