"""Notebook views of the games: anywidget views with their JS/CSS in ``static/``, plus ipywidgets apps.

* :class:`PriceStand` - Kutná Hora's two card stands (click a card to advance, a good to build).
* :class:`PriceStandApp` - the stands with controls and a live price chart.
* :func:`price_chart`, :func:`price_table_frame` - the same prices as a plotly figure and a pandas table.
* :class:`KKTable` - a Kardinal & König card game played by clicking against bots, with its scoring chart.
* :func:`chart_frame`, :func:`chart_html` - Kardinal & König's scoring chart (決算チャート) as a pandas table and
  as the paper chart; :class:`ScoringSandbox` - edit the displays and watch the chart fill in, rule by rule;
  :class:`CountryExercise`, :class:`CrestExercise`, :class:`RoadExercise` - self-checking scoring questions.

* :class:`CellarView` - a Chartres cellar board (click the marker, add grapes); :class:`WineSandbox`,
  :func:`ip_chart`, :class:`WineExercise` - wine making.

* :class:`ChartresTable` - a Chartres game played by clicking against bots; :func:`row_html`,
  :func:`torch_order_frame`, :func:`score_history`, :func:`score_chart` - its rows, turn order and scores.

* :class:`MineBoardView` - Kutná Hora's mine board (click an open space); :class:`MineSandbox`, :func:`mine_html`,
  :func:`row_score_frame`, :class:`MineExercise` - mine placement and star scoring.

* :class:`TownView` - Kutná Hora's town board (click a plot); :class:`TownSandbox`, :class:`TownPosition`,
  :func:`town_html`, :func:`matching_frame`, :func:`noble_frame`, :class:`TownExercise` - plots, matching, nobles.

* :class:`KHTable` - a full Kutná Hora game played by clicking against bots; :class:`TownHallView`,
  :class:`BarbaraView`, :class:`PlayerBoardView` - its boards on their own (score_frame / score_history /
  score_chart: ``widgets.kh_table``).

pandas and plotly are imported only when a chart or table is made, so ``import widgets`` stays quick.
"""

from .chartres_cellar import CellarView, WineExercise, WineSandbox, cellar_html, ip_chart
from .chartres_table import ChartresTable, row_html, score_chart, score_frame, score_history, torch_order_frame
from .kh_mine import MineBoardView, MineExercise, MineSandbox, mine_html, row_score_frame
from .kh_table import BarbaraView, KHTable, PlayerBoardView, TownHallView
from .kh_town import TownExercise, TownPosition, TownSandbox, TownView, matching_frame, noble_frame, town_html
from .kk_scoring import CountryExercise, CrestExercise, RoadExercise, ScoringSandbox, chart_frame, chart_html
from .kk_table import KKTable
from .price_stand import PriceStand, PriceStandApp, price_chart, price_table_frame, update_price_chart

__all__ = ["PriceStand", "PriceStandApp", "price_chart", "price_table_frame", "update_price_chart"]
__all__ += ["CountryExercise", "CrestExercise", "RoadExercise", "ScoringSandbox", "chart_frame", "chart_html"]
__all__ += ["KKTable"]
__all__ += ["CellarView", "WineExercise", "WineSandbox", "cellar_html", "ip_chart"]
__all__ += ["ChartresTable", "row_html", "score_chart", "score_frame", "score_history", "torch_order_frame"]
__all__ += ["MineBoardView", "MineExercise", "MineSandbox", "mine_html", "row_score_frame"]
__all__ += ["TownExercise", "TownPosition", "TownSandbox", "TownView", "matching_frame", "noble_frame", "town_html"]
__all__ += ["KHTable", "TownHallView", "BarbaraView", "PlayerBoardView"]
