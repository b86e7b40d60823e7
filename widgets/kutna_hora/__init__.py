"""Kutná Hora: The City of Silver in the notebooks.

* :class:`PriceStand` (:mod:`.price_stand`) - the two card stands of the price sandbox, clicked to advance a deck
  or build a good; :func:`economy_at` - a hand-made price position; :class:`PriceStandApp` (:mod:`.price_app`) -
  the stands with buttons and a live chart; :func:`price_chart`, :func:`price_table_frame` (:mod:`.price_charts`).
* :class:`MineBoardView` (:mod:`.mine_board`) - the mine board, clicked space by space; :class:`MineSandbox`
  (:mod:`.mine_sandbox`) - build mines for any player and watch the row scoring; :func:`setup_board`,
  :func:`build_board` (:mod:`.mine_layout`) - boards as lists; :func:`explain_row`, :func:`explain_cost`,
  :func:`explain_stars`, :func:`row_score_frame` (:mod:`.mine_words`) - the scoring in words and as a table.
* :class:`PricePrediction`, :class:`MineExercise` (:mod:`.exercises`) - self-checking exercises.

Colours of the pieces are in :mod:`.colours` (seats use the shared palette). The front end is in ``static/``: one
renderer per board (``stands.js``, ``mine_board.js``) and one entry module per view (``stand_view.js``,
``mine_view.js``).
"""

from .exercises import MineExercise, PricePrediction
from .mine_board import MineBoardView
from .mine_layout import build_board, setup_board, tile_id
from .mine_sandbox import MineSandbox, Placement
from .mine_words import explain_cost, explain_row, explain_stars, row_score_frame, score_dicts
from .price_app import PriceStandApp
from .price_charts import price_chart, price_table_frame, update_price_chart
from .price_stand import PriceStand, economy_at

__all__ = ["MineBoardView", "MineExercise", "MineSandbox", "Placement", "PricePrediction", "PriceStand",
           "PriceStandApp", "build_board", "economy_at", "explain_cost", "explain_row", "explain_stars",
           "price_chart", "price_table_frame", "row_score_frame", "score_dicts", "setup_board", "tile_id",
           "update_price_chart"]
