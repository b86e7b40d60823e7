"""The rule book of Cities & Knights (``catan.cities_knights``): the base game's rules that still hold, and the
expansion's own (``data/ck_rules.json``), by id.

The base rules of development cards and the largest army are left out (the expansion removes them), and so are the
base set-up's second settlement and its income; every other base rule keeps its id and words (where Cities & Knights
changes a number, the base rule's words name both, e.g. ``robber.discard``).
"""

from games.catan.rules import RULES
from games.core import RuleBook

#: Base rules Cities & Knights does not use.
BASE_ONLY = ("setup.deck", "setup.income", "turn.roll", "dev.buy", "dev.one-per-turn", "dev.knight",
             "dev.road-building", "dev.year-of-plenty", "dev.monopoly", "dev.victory-point", "army.largest",
             "victory.points", "decision.two-players", "decision.year-of-plenty", "decision.hidden-points")
OWN = RuleBook.load("games.catan.data", "ck_rules.json")
CK_RULES = RuleBook("catan.cities_knights", [*(r for r in RULES.values() if r.id not in BASE_ONLY), *OWN.values()])
