"""Kardinal & König – Das Kartenspiel in the notebooks.

* :class:`KKTable` (:mod:`.table`) - the card game played by clicking against bots, with its scoring chart.
* :class:`ChartView`, :func:`chart_frame` (:mod:`.chart`) - the scoring chart (決算チャート) drawn as on paper and as
  a pandas table.
* :class:`ScoringSandbox` (:mod:`.sandbox`) - edit the displays and watch the chart fill in, rule by rule;
  :func:`explain_country`, :func:`explain_crests`, :func:`explain_roads` (:mod:`.words`) - the rules in words.
* :class:`CountryExercise`, :class:`CrestExercise`, :class:`RoadExercise` (:mod:`.exercises`).

Colours and symbols of the pieces are in :mod:`.colours`; the front end in ``static/`` (``cards.js`` draws the
layout, ``chart.js`` the chart, ``table.js`` and ``chart_view.js`` are the views).
"""

from .chart import ChartView, chart_frame
from .exercises import CountryExercise, CrestExercise, RoadExercise
from .sandbox import Holding, ScoringSandbox, problems, score_holdings, stand_in_displays
from .table import KKTable
from .words import explain_country, explain_crests, explain_roads

__all__ = ["ChartView", "CountryExercise", "CrestExercise", "Holding", "KKTable", "RoadExercise", "ScoringSandbox",
           "chart_frame", "explain_country", "explain_crests", "explain_roads", "problems", "score_holdings",
           "stand_in_displays"]
