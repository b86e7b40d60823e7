"""Kutná Hora's two rule books: the price sandbox (``ECONOMY_RULES``) holds the full game's rules on prices word for
word and keeps its own sandbox rules apart. (Coverage, quotes and the coverage table of every game:
``tests/test_rules_coverage.py``.)"""

from games.kutna_hora import ECONOMY_RULES, RULES


def test_the_price_sandbox_shares_the_full_game_s_rules_word_for_word_and_keeps_its_own_apart():
    own = [rule_id for rule_id in ECONOMY_RULES if rule_id.startswith("sandbox.")]
    assert own == ["sandbox.turns", "sandbox.advance", "sandbox.start-position", "sandbox.build"]
    assert not any(rule_id.startswith("sandbox.") for rule_id in RULES)
    assert all(ECONOMY_RULES[rule_id] == RULES[rule_id] for rule_id in ECONOMY_RULES if rule_id not in own)
    assert len(ECONOMY_RULES) == 35 and len({**ECONOMY_RULES, **RULES}) == 152


def test_our_readings_sit_in_the_rules_notes_and_sandbox_rules_are_ours():
    for rule in {**ECONOMY_RULES, **RULES}.values():
        if rule.id.startswith("decision."):
            assert rule.section == "docs/rules_notes/kutna_hora.md", rule.id
        if rule.id.startswith("sandbox."):
            assert rule.source == "sandbox", rule.id
