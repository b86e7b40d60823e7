"""Every Kardinal & König card-game rule the engine implements, by id, with its section of the rule text.

The rules are data (``data/rules.json``: id, section, plain words, source and the rule text's own sentence). Events
in the log name one of these ids; tests carry ``@pytest.mark.rule(id)`` and a coverage test checks every rule is
exercised. ``decision.*`` rules are our readings where the text is silent or unclear
(``docs/rules_notes/kardinal_koenig.md``).
"""

from games.core import RuleBook

RULES = RuleBook.load("games.kardinal_koenig.data")
