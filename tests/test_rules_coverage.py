"""Every rule of every game is exercised by a passing test marked with its id, quotes are the rule text's own words,
our readings are explained in the rules notes, and the generated coverage tables are current
(``python -m tests.rules_coverage`` writes them)."""

from __future__ import annotations

import pytest

from tests.rules_coverage import PUBLIC_SOURCE, Package, coverage_table, headings, packages, quoted_parts

PACKAGES = {package.name: package for package in packages()}


@pytest.fixture(params=sorted(PACKAGES))
def package(request) -> Package:
    return PACKAGES[request.param]


@pytest.mark.slow
def test_every_registered_rule_has_a_named_passing_test(package):
    covered = package.marked()  # a test expected to fail does not count as covering its rule
    missing = [rule_id for rule_id in package.rules if rule_id not in covered]
    assert missing == [], f"rules without a test: {missing}"


@pytest.mark.slow
def test_markers_name_only_registered_rules(package):
    assert sorted(set(package.marked(include_xfail=True)) - set(package.rules)) == []


@pytest.mark.slow
def test_the_marker_scan_finds_tests_in_the_packages_folder(package):
    found = package.marked()
    assert sum(map(len, found.values())) >= len(package.rules) > 10
    assert all("::test_" in name for names in found.values() for name in names)


def test_rules_from_the_rule_text_quote_it_and_our_readings_do_not(package):
    for rule in package.rules.values():
        if rule.source == "rulebook":
            assert rule.quote or PUBLIC_SOURCE in rule.text, f"{rule.id}: a rulebook rule quotes its text"
        else:
            assert not rule.quote, f"{rule.id}: only the rule text's own rules quote it"
        if rule.id.startswith("decision."):
            assert rule.source in ("decision", "inferred"), rule.id


def test_every_quote_and_section_heading_is_found_in_the_rule_text(package):
    if not package.rule_text.exists():
        pytest.skip(f"the rule text {package.rule_text} is not on this machine")
    text = package.rule_text.read_text(encoding="utf-8")
    for rule in package.rules.values():
        assert all(part in text for part in quoted_parts(rule.quote)), f"{rule.id}: quote not in the rule text"
        if rule.quote:
            assert all(h in text for h in headings(rule.section)), f"{rule.id}: {rule.section!r} not in the text"


def test_every_decision_is_explained_in_the_rules_notes(package):
    text = package.notes.read_text(encoding="utf-8")
    missing = [r.id for r in package.rules.values() if r.source == "decision" and f"`{r.id}`" not in text]
    assert missing == []


@pytest.mark.slow
def test_the_coverage_table_in_docs_is_up_to_date(package):
    assert package.table.exists() and package.table.read_text(encoding="utf-8") == coverage_table(package), \
        "run: python -m tests.rules_coverage"


def test_a_quote_with_an_elision_is_checked_piece_by_piece():
    assert quoted_parts("鉱石の産出が増えるにつれて……銀の価格は上がります。許可証も。") == [
        "鉱石の産出が増えるにつれて", "銀の価格は上がります", "許可証も"]
    assert headings("1.カードを取る (Take cards)") == ["カードを取る"]
    assert headings("アシスタントカード / ロケーションカード (Cards)") == ["アシスタントカード", "ロケーションカード"]


def test_every_game_package_with_rules_is_checked():
    assert {"kutna_hora", "kardinal_koenig", "chartres"} <= set(PACKAGES)
    assert [name for name, _ in PACKAGES["kutna_hora"].books] == ["economy", "game"]
