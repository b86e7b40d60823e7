"""Kutná Hora: The City of Silver (CGE, 2023) - rules modules, one per mechanic.

* :mod:`.game` - the complete game for 2-4 players (:func:`new_game`): its state in :mod:`.state`, its decisions
  as steps in one module per rulebook action (:mod:`.cards`, :mod:`.mine_action`, :mod:`.rights_action`,
  :mod:`.plot_action`, :mod:`.build_action`, :mod:`.income_action`, :mod:`.barbara_action`), the setup choices
  (:mod:`.guild_setup`), the round and its end (:mod:`.rounds`, :mod:`.event_cards`, :mod:`.tax`,
  :mod:`.scoring`), and what the bots know (:mod:`.evaluation`).
* :mod:`.prices` - the population and ore card stands, sliders, ✗, town builds, flip, caps.
* :mod:`.town_hall` - stacks of building tiles and the cost of Rights; :mod:`.income` - production × price.
* :mod:`.mines`, :mod:`.town`, :mod:`.nobles` - the mine board, the town and noble scoring as pure functions.
* :mod:`.economy` - the price sandbox game built from the price modules (:func:`new_economy`); its turn, one step of
  four verbs (advance, build, income, rights), in :mod:`.economy_turn`.
* :mod:`.parameters` - what a designer may change in both games (the price cells, the building tiles' numbers, the
  rule text's numbers, the rule switches) and what a game reads once its variant is applied (``game.design``).
* :mod:`.rules` - the full game's rules by id (:data:`RULES`); :mod:`.economy_rules` - the price sandbox's
  (:data:`ECONOMY_RULES`); :mod:`.data` - component numbers, tagged with their source.

Prices, tiles and boards come from the ``approx_v1`` data set: illustrative, not the printed components.
"""

from typing import Any

from .economy import EconomyConfig, EconomyGame
from .economy_rules import ECONOMY_RULES
from .game import KutnaHoraGame
from .rules import RULES
from .state import KutnaHoraConfig

#: Shown by every view and notebook that uses the designed (approx) components.
BANNER = "Prices, tiles and boards are illustrative. They are not the printed components."


def new_game(players: int = 2, seed: int = 0, **options: Any) -> KutnaHoraGame:
    """A new full game: ``new_game(players=3, seed=5)``; options ``events``, ``first_game``, ``price_table``,
    ``top_up``, ``red_round_event`` and ``variant`` (``Changes.of({"council_cost": 12})``: :mod:`.parameters`)."""
    return KutnaHoraGame(None, seed, players=players, **options)


def new_economy(seed: int = 0, **options: Any) -> EconomyGame:
    """A new price sandbox: ``new_economy(players=2, turns=10, seed=1)``."""
    return EconomyGame(None, seed, **options)


__all__ = ["BANNER", "ECONOMY_RULES", "EconomyConfig", "EconomyGame", "KutnaHoraConfig", "KutnaHoraGame", "RULES",
           "new_economy", "new_game"]
