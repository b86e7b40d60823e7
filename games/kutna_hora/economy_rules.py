"""The rules of the price sandbox (``kutna_hora.economy``): the rulebook's price rules it follows and its own
``sandbox.*`` teaching conventions, by id. They are data (``data/economy_rules.json``); the rulebook rules there
read word for word as in the full game's book, :data:`games.kutna_hora.RULES` (a test checks it).
"""

from games.core import RuleBook

ECONOMY_RULES = RuleBook.load("games.kutna_hora.data", "economy_rules.json")
