"""Every rule the Kutná Hora engine registers is exercised by at least one test marked with its id."""

import pathlib
import re

from games.kutna_hora import RULES

HERE = pathlib.Path(__file__).parent


def marked_rules() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(HERE.glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r'@rule\("([^"]+)"\)(?:\n@[^\n]+)*\ndef (test_\w+)', text):
            found.setdefault(m.group(1), []).append(f"{path.name}::{m.group(2)}")
    return found


def test_every_registered_rule_has_a_named_test():
    covered = marked_rules()
    missing = [rule_id for rule_id in RULES if rule_id not in covered]
    assert missing == [], f"rules without a test: {missing}"


def test_markers_name_only_registered_rules():
    unknown = sorted(set(marked_rules()) - set(RULES))
    assert unknown == []


def test_every_price_section_rule_quotes_the_rulebook():
    for r in RULES.in_section("prices.") + RULES.in_section("caps."):
        assert r.source == "rulebook" and r.quote, r.id
