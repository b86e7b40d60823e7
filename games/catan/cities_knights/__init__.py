"""Catan: Cities & Knights (Klaus Teuber, 1998), ``catan.cities_knights`` for 3–4 players: a layer over the base
game's engine (:mod:`games.catan`), not a copy.

``new_game(players=4, seed=1)`` starts a game. Besides the base game's actions (``settle``, ``road``, ``city``,
``trade``, ``propose`` ...), decisions are written ``roll``, ``play alchemist``, ``dice 3 4``, ``knight 17``,
``activate 17``, ``promote 17``, ``move 17 22``, ``displace 17 22``, ``chase 17``, ``wall 17``,
``improve science``, ``play spy``, ``target 2``, ``take wool``, ``give coin``, ``harbor 2 ore``, ``name brick``,
``commit 17``, ``pillage 17``, ``draw trade``, ``bottom`` ... (``docs/rules_notes/catan.md``, Cities & Knights).

Every number is printed by the publisher (``data/ck_rulebook.py``: the rule text or the published rules); nothing
is designed by us. The open points of the rules are config switches (:class:`CKConfig`). A designer changes the
numbers and switches through the designable parameters (``parameters.py``, read through ``design.py``).
"""

from __future__ import annotations

from typing import Any

from .game import CKGame
from .rules import CK_RULES
from .state import CKConfig, CKState

BANNER = ""


def new_game(players: int = 4, seed: int = 0, **options: Any) -> CKGame:
    """A new Cities & Knights game: ``new_game(players=3, seed=1, meanies=True)``; options are :class:`CKConfig`
    fields."""
    return CKGame(None, seed, players=players, **options)


__all__ = ["BANNER", "CKConfig", "CKGame", "CKState", "CK_RULES", "new_game"]
