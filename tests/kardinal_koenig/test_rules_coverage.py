"""Every rule the Kardinal & König card-game engine registers is exercised by at least one test marked with its id."""

import ast
import pathlib

import pytest

from games.kardinal_koenig import RULES

HERE = pathlib.Path(__file__).parent
RULE_TEXT_FILE = pathlib.Path("/work/shared/seeds/kardinal_koenig_kartenspiel_rules_ja.txt")


def _marks(func: ast.FunctionDef) -> tuple[list[str], bool]:
    """The ids of ``@rule("...")`` on a test, and whether it is marked xfail."""
    ids, xfail = [], False
    for deco in func.decorator_list:
        call = deco if isinstance(deco, ast.Call) else None
        target = call.func if call else deco
        name = target.id if isinstance(target, ast.Name) else target.attr if isinstance(target, ast.Attribute) else ""
        if name == "rule" and call and call.args and isinstance(call.args[0], ast.Constant):
            ids.append(call.args[0].value)
        xfail |= name == "xfail"
    return ids, xfail


def marked_rules(include_xfail: bool = False) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                ids, xfail = _marks(node)
                for rule_id in ids:
                    if include_xfail or not xfail:
                        found.setdefault(rule_id, []).append(f"{path.name}::{node.name}")
    return found


def test_every_registered_rule_has_a_named_passing_test():
    covered = marked_rules()  # a test expected to fail does not count as covering its rule
    missing = [rule_id for rule_id in RULES if rule_id not in covered]
    assert missing == [], f"rules without a test: {missing}"


def test_markers_name_only_registered_rules():
    unknown = sorted(set(marked_rules(include_xfail=True)) - set(RULES))
    assert unknown == []


def test_the_marker_scan_finds_the_tests_of_this_directory():
    found = marked_rules()
    assert "test_setup_and_taking.py::test_only_the_left_or_right_end_card_of_a_row_can_be_taken" in found["take.ends"]
    assert sum(map(len, found.values())) > 80


def test_every_rule_from_the_rule_text_quotes_it():
    decisions = RULES.in_section("decision.")
    for r in RULES.values():
        if r not in decisions:
            assert r.source == "rulebook" and r.quote, r.id
    assert decisions and all(r.source in ("decision", "inferred") and not r.quote for r in decisions)


def test_every_quote_and_section_heading_is_found_in_the_rule_text():
    if not RULE_TEXT_FILE.exists():
        pytest.skip(f"the rule text {RULE_TEXT_FILE} is not on this machine")
    text = RULE_TEXT_FILE.read_text(encoding="utf-8")
    for r in RULES.values():
        sentences = [part for part in r.quote.split("。") if part]
        assert all(part in text for part in sentences), f"{r.id}: quote not in the rule text"
        if not r.id.startswith("decision."):
            heading = r.section.split(" (")[0].split(".", 1)[-1]
            assert heading in text, f"{r.id}: section {r.section!r} not in the rule text"
