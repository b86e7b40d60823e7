"""Every Chartres rule the engine implements, by id, with its section of the rule text and the text's own words.

They are data (``data/rules.json``). Events in the log name one of these ids; tests carry
``@pytest.mark.rule(id)`` and a coverage test checks every rule is exercised. ``decision.*`` rules are our readings
where the text is silent or unclear (``docs/rules_notes/chartres.md``).
"""

from games.core import RuleBook

RULES = RuleBook.load("games.chartres.data")
