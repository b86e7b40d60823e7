"""Chartres (2025) in the notebooks.

* :class:`ChartresTable` (:mod:`.table`) - the whole game played by clicking against bots.
* :class:`CellarView` (:mod:`.cellar`) - a cellar board with the barrel marker and the grapes of an action row,
  poured by the rules; :class:`WineSandbox`, :func:`pour_half_first` (:mod:`.sandbox`) - trying wine out.
* :class:`RowsView` (:mod:`.rows`) - one seat's action row above its activation row, read-only.
* :func:`score_frame`, :func:`score_history`, :func:`score_chart`, :func:`torch_order_frame`, :func:`ip_chart`
  (:mod:`.charts`) - tables and charts; :func:`find_position`, :func:`location_rounds`, :func:`reveal_position`,
  :func:`hand_limit_position` (:mod:`.positions`) - positions for the lessons; :func:`explain_activation`
  (:mod:`.words`).
* :class:`WineExercise`, :class:`ActivationExercise`, :class:`FirstChooserExercise`, :class:`HandLimitExercise`
  (:mod:`.exercises`).

The front end is in ``static/``: ``cellar.js`` draws a cellar board, ``rows.js`` the action and activation rows,
``cards.js`` the cards, ``main_board.js`` and ``player_board.js`` the table's other boards; ``table.js``,
``cellar_view.js`` and ``rows_view.js`` are the views.
"""

from .cellar import MAX_GRAPES, CellarView
from .charts import ip_chart, score_chart, score_frame, score_history, torch_order_frame
from .exercises import ActivationExercise, FirstChooserExercise, HandLimitExercise, WineExercise
from .positions import find_position, hand_limit_position, location_rounds, reveal_position
from .rows import RowsView
from .sandbox import WineSandbox, pour_half_first
from .table import ChartresTable
from .words import explain_activation

__all__ = ["MAX_GRAPES", "ActivationExercise", "CellarView", "ChartresTable", "FirstChooserExercise",
           "HandLimitExercise", "RowsView", "WineExercise", "WineSandbox", "explain_activation", "find_position",
           "hand_limit_position", "ip_chart", "location_rounds", "pour_half_first", "reveal_position", "score_chart",
           "score_frame", "score_history", "torch_order_frame"]
