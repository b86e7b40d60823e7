"""Kutná Hora: The City of Silver (CGE, 2023) - rules modules, one per mechanic.

* :mod:`.prices` - the population and ore card stands, sliders, ✗, town builds, flip, caps.
* :mod:`.town_hall` - stacks of building tiles and the cost of Rights.
* :mod:`.income` - production × price.
* :mod:`.economy` - the price sandbox game built from them (:func:`new_economy`).
* :mod:`.rules` - every rule by id with its rulebook section; :mod:`.data` - component numbers, tagged.

Prices, tiles and boards come from the ``approx_v1`` data set: illustrative, not the printed components.
"""

from typing import Any

from .economy import EconomyConfig, EconomyGame
from .rules import RULES

#: Shown by every view and notebook that uses the designed (approx) components.
BANNER = "Prices, tiles and boards are illustrative. They are not the printed components."


def new_economy(seed: int = 0, **options: Any) -> EconomyGame:
    """A new price sandbox: ``new_economy(players=2, turns=10, seed=1)``."""
    return EconomyGame(None, seed, **options)


__all__ = ["BANNER", "EconomyConfig", "EconomyGame", "RULES", "new_economy"]
