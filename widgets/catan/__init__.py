"""Views of Catan and Catan: Cities & Knights (:mod:`games.catan`, :mod:`games.catan.cities_knights`).

* :class:`CatanTable` (:class:`CKTable` for Cities & Knights): the whole game played by clicking against bots, on the
  shared table driver.
* :class:`BoardView`: the island on its own, a read-only picture (``BoardView(game)``) or a live board whose
  places a sandbox offers (``BoardView(game, interactive=True, offers=..., on_pick=...)``).
* :mod:`.boards`: the geometry and per-step state both draw, as plain JSON.

One renderer draws the island wherever it appears (``static/board.js``); the panels (dice, barbarians, hands,
development boards, points) are ``static/panels.js``.
"""

from __future__ import annotations

from .board_view import BoardView
from .table import CatanTable, CKTable

__all__ = ["BoardView", "CKTable", "CatanTable"]
