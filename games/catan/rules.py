"""Every Catan rule the engine implements, by id, loaded from ``data/rules.json``.

Log events name one of these ids; tests carry ``@pytest.mark.rule(id)`` and a coverage test checks every rule is
exercised. Sources: ``rulebook`` with ``quote`` where our rule text (the Japanese Cities & Knights summary) says it;
``rulebook`` without a quote for base-game rules of the published rules, whose text names the public source and
its place in the "Sources" of ``docs/rules_notes/catan.md`` (§1); ``decision`` for our readings (the same page).
"""

from games.core import RuleBook

RULES = RuleBook.load("games.catan.data")
