"""Kutná Hora: The City of Silver in the notebooks.

* :class:`PriceStand` (:mod:`.price_stand`) - the two card stands of the price sandbox, clicked to advance a deck
  or build a good; :func:`economy_at` - a hand-made price position; :class:`PriceStandApp` (:mod:`.price_app`) -
  the stands with buttons and a live chart; :func:`price_chart`, :func:`price_table_frame` (:mod:`.price_charts`).
* :class:`PricePrediction` (:mod:`.exercises`) - self-checking exercises.

Colours of the pieces are in :mod:`.colours` (seats use the shared palette). The front end is in ``static/``: one
renderer per board (``stands.js``) and one entry module per view (``stand_view.js``).
"""

from .exercises import PricePrediction
from .price_app import PriceStandApp
from .price_charts import price_chart, price_table_frame, update_price_chart
from .price_stand import PriceStand, economy_at

__all__ = ["PricePrediction", "PriceStand", "PriceStandApp", "economy_at", "price_chart", "price_table_frame",
           "update_price_chart"]
