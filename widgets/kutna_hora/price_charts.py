"""Every price of the Kutná Hora card stands at a glance: a plotly chart along the decks and the printed numbers of
one good as a pandas table, for static use and for :class:`~widgets.kutna_hora.price_app.PriceStandApp`::

    price_chart(game.table, game.stands)                       # the prices along both decks
    price_table_frame(game.table, "population", "beer")         # beer's printed numbers, position × notch

plotly and pandas are imported only when a chart or table is made, so ``import widgets`` stays quick.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from games.kutna_hora.prices import DECKS, PriceTable, Stands

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd
    import plotly.graph_objects as go


def _deck_series(table: PriceTable, stands: Stands, deck: str, good: str) -> tuple[list[int], list[int], list[str]]:
    spec = table.decks[deck]
    notch = stands.sliders[table.slider_of[good]]
    xs = list(range(spec.last + 1))
    cells = [spec.cards[pos][good][notch] for pos in xs]
    return xs, [c.value for c in cells], ["x" if c.no_demand else "circle" for c in cells]


def _chart_data(table: PriceTable, stands: Stands) -> dict[str, Any]:
    """Trace data and marker shapes for :func:`price_chart`, in trace order."""
    traces = []
    shapes = []
    for row, deck in enumerate(DECKS, start=1):
        pos = stands.position(deck)
        now_y = []
        for good in table.decks[deck].cards[0]:
            xs, ys, symbols = _deck_series(table, stands, deck, good)
            traces.append({"x": xs, "y": ys, "symbols": symbols, "good": good, "row": row})
            now_y.append(ys[pos])
        traces.append({"x": [pos] * len(now_y), "y": now_y, "good": None, "row": row})
        axis = "" if row == 1 else str(row)
        shapes.append({"type": "line", "xref": f"x{axis}", "yref": f"y{axis} domain", "x0": pos, "x1": pos,
                       "y0": 0, "y1": 1, "line": {"color": "#b91c1c", "width": 2}})
        flip = table.decks[deck].flip
        shapes.append({"type": "line", "xref": f"x{axis}", "yref": f"y{axis} domain", "x0": flip, "x1": flip,
                       "y0": 0, "y1": 1, "line": {"color": "#888", "width": 1, "dash": "dot"}})
    return {"traces": traces, "shapes": shapes}


def price_chart(table: PriceTable, stands: Stands) -> go.Figure:
    """Every price along the decks: x is the deck position, one line per good read at its slider's current notch.

    Population goods on top, ore-stand goods below; ✗ markers are cells with no demand, the red line is the card
    on top now and the dotted line the flip card. ``price_chart(game.table, game.stands)``.
    """
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    data = _chart_data(table, stands)
    fig = make_subplots(rows=2, cols=1, vertical_spacing=0.14,
                        subplot_titles=[f"{deck} deck" for deck in DECKS])
    for t in data["traces"]:
        if t["good"] is None:
            fig.add_trace(go.Scatter(x=t["x"], y=t["y"], mode="markers", name="now", showlegend=t["row"] == 1,
                                     legendgroup="now", marker={"size": 11, "color": "#b91c1c",
                                                                "symbol": "circle-open", "line": {"width": 2}},
                                     hoverinfo="skip"), row=t["row"], col=1)
        else:
            fig.add_trace(go.Scatter(x=t["x"], y=t["y"], mode="lines+markers", name=t["good"], line_shape="hv",
                                     marker={"symbol": t["symbols"], "size": 6},
                                     hovertemplate=f"{t['good']}: card %{{x}}, %{{y}} groschen<extra></extra>"),
                          row=t["row"], col=1)
    fig.update_layout(shapes=data["shapes"], height=520, margin={"l": 50, "r": 20, "t": 50, "b": 40},
                      title=f"Prices along the decks ({table.source} prices, at the current slider notches)")
    fig.update_xaxes(title_text="deck position (card)", row=2, col=1)
    fig.update_yaxes(title_text="groschen")
    return fig


def update_price_chart(fig: go.Figure, table: PriceTable, stands: Stands) -> None:
    """Bring a figure made by :func:`price_chart` up to date in place (one batch for a ``FigureWidget``)."""
    data = _chart_data(table, stands)
    batch = fig.batch_update() if hasattr(fig, "batch_update") else contextlib.nullcontext()
    with batch:
        for trace, t in zip(fig.data, data["traces"], strict=True):
            trace.x = t["x"]
            trace.y = t["y"]
            if t["good"] is not None:
                trace.marker.symbol = t["symbols"]
        fig.layout.shapes = data["shapes"]


def price_table_frame(table: PriceTable, deck: str, good: str) -> pd.DataFrame:
    """One good's printed numbers on every card of a deck: rows are positions, columns notches.

    Cells read as printed: ``"3"``, ``"4*"`` (changed from the previous card), ``"3✗"`` (no demand),
    ``"3⌂"`` (the town builds). ``price_table_frame(game.table, "population", "beer")``.
    """
    from widgets.shared.frames import Table, pandas_module

    if deck not in table.decks:
        raise ValueError(f"no deck {deck!r}; the decks are {', '.join(table.decks)}")
    spec = table.decks[deck]
    goods = list(spec.cards[0])
    if good not in goods:
        raise ValueError(f"the {deck} deck shows {', '.join(goods)}, not {good!r}")
    notches = spec.notches[table.slider_of[good]]
    rows = []
    for pos, card in enumerate(spec.cards):
        rows.append([f"{c.value}{'*' if table.starred(good, pos, n) else ''}{'✗' if c.no_demand else ''}"
                     f"{'⌂' if c.town_builds else ''}" for n, c in enumerate(card[good])])
    pd = pandas_module()
    if pd is None:
        return Table(rows, list(range(notches)), None, "position", "notch")
    frame = pd.DataFrame(rows, columns=pd.Index(range(notches), name="notch"))
    frame.index.name = "position"
    return frame


__all__ = ["price_chart", "price_table_frame", "update_price_chart"]
