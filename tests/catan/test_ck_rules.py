"""The Cities & Knights rule book: the base rules it keeps, its own rules' sources, and every rule named in a log
event or a refusal sentence (the shared checks of ``tests/test_rules_coverage.py`` cover tests, quotes and the
generated table ``docs/rules_notes/catan_coverage.md``)."""

import pathlib

import games.catan as package
from games.catan import RULES
from games.catan.cities_knights import CK_RULES
from games.catan.cities_knights.rules import BASE_ONLY, OWN


def test_the_book_is_the_base_rules_still_used_and_the_expansions_own():
    assert set(CK_RULES) == (set(RULES) - set(BASE_ONLY)) | set(OWN)
    assert all(CK_RULES[r] is RULES[r] for r in RULES if r not in BASE_ONLY)  # the same words, one id
    assert not set(OWN) & set(RULES)


def test_every_own_rule_quotes_the_rule_text_names_its_public_source_or_is_a_decision():
    for r in OWN.values():
        if r.id.startswith("decision."):
            assert r.source == "decision" and not r.quote, r.id
        else:
            assert r.source == "rulebook" and (r.quote or "(published C&K rules" in r.text), r.id


def test_every_rule_names_itself_in_a_log_event_or_a_refusal():
    root = pathlib.Path(package.__file__).parent
    source = "".join(p.read_text(encoding="utf-8") for p in root.rglob("*.py"))
    silent = [r for r in CK_RULES if f'"{r}"' not in source and f"({r}" not in source and f"{r})" not in source]
    # views and absences: no counter-offers, the open bank and counts, commodities in offers, no restriction on cards
    # drawn this turn, no trading of progress cards, gifts named in the log
    assert silent == ["decision.no-counter", "decision.bank-open", "commodities.domestic", "progress.same-turn",
                      "progress.no-trade", "decision.ck-open-counts", "decision.ck-open-gifts"]
