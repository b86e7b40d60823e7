"""Plotly figures as the lab's views hold them: a chart that never changes as plain output (no 5 MB widget of
plotly.js per chart), and the one clickable fan chart as a ``FigureWidget`` whose first message carries the whole
figure."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import ipywidgets


def static_chart(figure: Any, css: str = "") -> ipywidgets.Output:
    """A figure as plain output (what a chart that never changes in place should be: no 5 MB widget of plotly.js per
    chart) in an Output widget, which a box or a tab can hold. Its JSON goes through plotly's encoder (NaN as
    null), and no renderer of the kernel is asked (none is needed outside a notebook)."""
    import plotly.io as pio

    data = json.loads(pio.to_json(figure, validate=False))
    out = ipywidgets.Output()
    out.outputs = ({"output_type": "display_data", "metadata": {},
                    "data": {"application/vnd.plotly.v1+json": data,
                             "text/plain": f"<plotly figure: {figure.layout.title.text or 'a chart'}>"}},)
    if css:
        out.add_class(css)
    return out


@functools.cache
def _figure_widget_class() -> type:
    import plotly.graph_objects as go

    class LabFigure(go.FigureWidget):
        """A FigureWidget whose comm opens once its figure is in it, so the browser gets data and layout in the
        first message. (A plain FigureWidget opens its comm first and sends its figure right after, and the browser
        loses that update now and then: the chart stays empty.)"""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self._lab_deferred = True
            super().__init__(*args, **kwargs)
            self._lab_deferred = False
            self._widget_layout = copy.deepcopy(self._layout_obj._props)
            self._widget_data = copy.deepcopy(self._data)
            self.open()

        def open(self) -> None:
            if getattr(self, "_lab_deferred", False):
                return
            super().open()

    return LabFigure


def figure_widget(figure: Any) -> Any:
    """A clickable ``FigureWidget`` of ``figure`` whose first message to the browser carries the whole figure."""
    return _figure_widget_class()(figure)


__all__ = ["figure_widget", "static_chart"]
