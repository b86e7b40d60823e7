"""Notebook views of the games: one sub-package per game on one shared part.

* :mod:`widgets.shared` - the table driver every game's table runs on, the view base (one intent protocol,
  messages), exercises, the seat palette, the front-end runtime and its composer, tournaments.
* :mod:`widgets.kutna_hora` - price stands, the mine board, the town, the full-game table and its boards.
* :mod:`widgets.kardinal_koenig` - the card table, the scoring chart, sandbox and exercises.
* :mod:`widgets.chartres` - the cellar, the full-game table and its rows, exercises.
* :mod:`widgets.catan` - the Catan island (a picture or a sandbox's live board) and the table of the base game and
  Cities & Knights.
* :mod:`widgets.lab` - the design lab: the variant editor, Run / Stop with progress, the charts of an experiment, and
  any of its games opened in that game's table (:mod:`widgets.shared.tables`).

The common names are importable from here too (``from widgets import KKTable``); each is loaded on first use, so
``import widgets`` stays quick and a lesson loads only its own game's views.
"""

from __future__ import annotations

from widgets.shared.lazy_names import lazy_names

#: Public name -> the sub-package that defines it.
_HOMES = {
    **dict.fromkeys(["BoardView", "CKTable", "CatanTable"], "widgets.catan"),
    **dict.fromkeys(["ActivationExercise", "CellarView", "ChartresTable", "FirstChooserExercise", "HandLimitExercise",
                     "RowsView", "WineExercise", "WineSandbox", "ip_chart", "pour_half_first"], "widgets.chartres"),
    **dict.fromkeys(["ChartView", "CountryExercise", "CrestExercise", "KKTable", "RoadExercise", "ScoringSandbox",
                     "chart_frame"], "widgets.kardinal_koenig"),
    **dict.fromkeys(["DesignLab", "VariantEditor", "fan_figure", "forest_figure", "length_figure", "win_rate_figure"],
                    "widgets.lab"),
    **dict.fromkeys(["BarbaraView", "KHTable", "MineBoardView", "MineExercise", "MineSandbox", "PlayerBoardView",
                     "PositionExercise", "PricePrediction", "PriceStand", "PriceStandApp", "TownExercise",
                     "TownHallView", "TownPosition", "TownSandbox", "TownView", "economy_at", "price_chart",
                     "price_table_frame"], "widgets.kutna_hora"),
}

__all__ = sorted(_HOMES)

__getattr__, __dir__ = lazy_names(__name__, _HOMES)
