"""The rules of the full Kutná Hora game (``kutna_hora.game``), by id, with their rulebook sections (JA headings).

They are data (``data/rules.json``). Events in the log name one of these ids; tests carry ``@pytest.mark.rule(id)``
so a coverage test can show that each rule is exercised. ``decision.*`` rules are our readings of unclear text
(``docs/rules_notes/kutna_hora.md``). The price sandbox has its own book, :mod:`.economy_rules`.
"""

from games.core import RuleBook

RULES = RuleBook.load("games.kutna_hora.data")
