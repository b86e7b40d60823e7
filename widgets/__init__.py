"""Notebook views of the games: anywidget views with their JS/CSS in ``static/``, plus ipywidgets apps.

* :class:`PriceStand` - Kutná Hora's two card stands (click a card to advance, a good to build).
* :class:`PriceStandApp` - the stands with controls and a live price chart.
* :func:`price_chart`, :func:`price_table_frame` - the same prices as a plotly figure and a pandas table.

pandas and plotly are imported only when a chart or table is made, so ``import widgets`` stays quick.
"""

from .price_stand import PriceStand, PriceStandApp, price_chart, price_table_frame, update_price_chart

__all__ = ["PriceStand", "PriceStandApp", "price_chart", "price_table_frame", "update_price_chart"]
