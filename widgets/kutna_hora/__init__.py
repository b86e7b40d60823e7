"""Kutná Hora: The City of Silver in the notebooks.

* :class:`KHTable` (:mod:`.table`) - the whole game played by clicking against bots; :class:`TownHallView`,
  :class:`BarbaraView`, :class:`PlayerBoardView` (:mod:`.board_views`) - its boards on their own, read-only;
  :func:`score_frame`, :func:`score_history`, :func:`score_chart` (:mod:`.scores`) - points by category and over
  time; what the browser receives in :mod:`.boards` and :mod:`.actions`.
* :class:`PriceStand` (:mod:`.price_stand`) - the two card stands of the price sandbox, clicked to advance a deck
  or build a good; :func:`economy_at` - a hand-made price position; :class:`PriceStandApp` (:mod:`.price_app`) -
  the stands with buttons and a live chart; :func:`price_chart`, :func:`price_table_frame` (:mod:`.price_charts`).
* :class:`MineBoardView` (:mod:`.mine_board`) - the mine board, clicked space by space; :class:`MineSandbox`
  (:mod:`.mine_sandbox`) - build mines for any player and watch the row scoring; :func:`setup_board`,
  :func:`build_board` (:mod:`.mine_layout`) - boards as lists; :func:`explain_row`, :func:`explain_cost`,
  :func:`explain_stars`, :func:`row_score_frame` (:mod:`.mine_words`) - the scoring in words and as a table.
* :class:`TownView` (:mod:`.town_board`) - the town board, clicked plot by plot; :class:`TownPosition`
  (:mod:`.town_position`) - a town as lists, checked as the board checks it; :class:`TownSandbox`
  (:mod:`.town_sandbox`) - build, take plots and remove with live costs, matching and nobles;
  :func:`matching_frame`, :func:`noble_frame`, :func:`cost_reason`, :func:`plot_case` (:mod:`.town_words`).
* :class:`PricePrediction`, :class:`MineExercise`, :class:`TownExercise`, :class:`PositionExercise`
  (:mod:`.exercises`) - self-checking exercises.

Colours of the pieces are in :mod:`.colours` (seats use the shared palette). The front end is in ``static/``: one
renderer per board (``stands.js``, ``mine_board.js``, ``town_board.js``, ``round_track.js``, ``town_hall.js``,
``barbara.js``, ``player_board.js``; the pieces in ``pieces.js``) and one entry module per view (``table.js``,
``stand_view.js``, ``mine_view.js``, ``town_view.js``, and ``board_view.js`` for the three read-only boards).
"""

from .actions import group_actions, ungroup_actions
from .board_views import BarbaraView, PlayerBoardView, TownHallView
from .boards import boards
from .exercises import MineExercise, PositionExercise, PricePrediction, TownExercise
from .mine_board import MineBoardView
from .mine_layout import build_board, setup_board, tile_id
from .mine_sandbox import MineSandbox, Placement
from .mine_words import explain_cost, explain_row, explain_stars, row_score_frame, score_dicts
from .price_app import PriceStandApp
from .price_charts import price_chart, price_table_frame, update_price_chart
from .price_stand import PriceStand, economy_at
from .scores import score_category, score_chart, score_frame, score_history, score_table
from .table import KHTable
from .town_board import TownView
from .town_position import TownPosition
from .town_sandbox import TownSandbox
from .town_words import (
    NobleInputs,
    cost_reason,
    matching_frame,
    matching_rows,
    matching_totals,
    noble_frame,
    noble_rows,
    plot_case,
    plot_words,
)

__all__ = ["BarbaraView", "KHTable", "MineBoardView", "MineExercise", "MineSandbox", "NobleInputs", "Placement",
           "PlayerBoardView", "PositionExercise", "PricePrediction", "PriceStand", "PriceStandApp", "TownExercise",
           "TownHallView", "TownPosition", "TownSandbox", "TownView", "boards", "build_board", "cost_reason",
           "economy_at", "explain_cost", "explain_row", "explain_stars", "group_actions", "matching_frame",
           "matching_rows", "matching_totals", "noble_frame", "noble_rows", "plot_case", "plot_words", "price_chart",
           "price_table_frame", "row_score_frame", "score_category", "score_chart", "score_dicts", "score_frame",
           "score_history", "score_table", "setup_board", "tile_id", "ungroup_actions", "update_price_chart"]
