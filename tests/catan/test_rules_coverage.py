"""Catan's own rules checks, beside the shared ones of ``tests/test_rules_coverage.py`` (every rule has a passing
test, quotes are the rule text's, the generated table ``docs/rules_notes/catan_coverage.md`` is current: write it
with ``python -m tests.rules_coverage``): each rule's source is one of ours, and each rule names itself in a log
event or a refusal sentence."""

import inspect
import pathlib

import games.catan as package
from games.catan import RULES


def test_every_rule_quotes_the_rule_text_names_its_public_source_or_is_a_decision():
    for r in RULES.values():
        if r.id.startswith("decision.") or r.id == "setup.start-player":
            assert r.source == "decision" and not r.quote, r.id
        else:
            assert r.source == "rulebook", r.id
            assert r.quote or "(published base rules" in r.text, r.id


def test_every_rule_names_itself_in_a_log_event_or_a_refusal():
    root = pathlib.Path(package.__file__).parent
    source = "".join(p.read_text(encoding="utf-8") for p in root.glob("*.py"))
    source += inspect.getsource(package)
    silent = [r for r in RULES if f'"{r}"' not in source and f"({r}" not in source and f"{r})" not in source]
    assert silent == ["decision.no-counter", "decision.hidden-points", "decision.bank-open"]  # views, an absence
