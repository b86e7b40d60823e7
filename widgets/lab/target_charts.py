"""Plotly figures of a search towards a target (:class:`games.lab.tune.TuneResults`), for lessons and reports.

    from widgets.lab.target_charts import search_figure, confirmation_figure
    search_figure(found)         # per goal: every candidate tried (as estimated when played), the best so far, the band
    confirmation_figure(found)   # per goal: the search's estimate of the best, the fresh games' with its interval,
                                 # the baseline's on the same fresh seeds, and the band

The same picture as the Target tab's live chart (:mod:`.target_words` gives both their points), drawn by plotly.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .charts import ARM_COLOURS, FONT
from .target_words import chart_of

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from games.lab.tune import TuneResults

BAND = "rgba(29, 90, 49, 0.12)"


def _band(figure: Any, goal: dict[str, Any], row: int, col: int) -> None:
    if goal["kind"] in ("up", "down"):
        return
    low = goal["low"] if goal["low"] is not None else None
    high = goal["high"] if goal["high"] is not None else None
    if low is not None and high is not None:
        figure.add_hrect(y0=low, y1=high, fillcolor=BAND, line_width=0, row=row, col=col)
    for edge in (low, high):
        if edge is not None:
            figure.add_hline(y=edge, line={"color": "rgba(29, 90, 49, 0.6)", "width": 1, "dash": "dot"}, row=row,
                             col=col)


def search_figure(results: TuneResults) -> go.Figure:
    """Per goal: every candidate tried (grey dots, each as estimated after the step that played it), the best so far
    (a line) and the goal's band (shaded), against the games the search had played."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    chart = chart_of(results.target, results.trajectory, results.tried)
    goals = chart["goals"]
    figure = make_subplots(rows=1, cols=len(goals), subplot_titles=[g["text"] for g in goals],
                           horizontal_spacing=0.12)
    for i, goal in enumerate(goals, 1):
        metric = goal["metric"]
        tried = [p for p in chart["tried"] if p["values"][metric] is not None]
        figure.add_trace(go.Scatter(
            x=[p["games"] for p in tried], y=[p["values"][metric] for p in tried], mode="markers",
            marker={"size": 5, "color": "rgba(110, 102, 88, 0.45)"}, name="a candidate tried",
            text=[p["candidate"] for p in tried], hovertemplate="%{text}<br>%{y:.3g}<extra></extra>",
            showlegend=i == 1), row=1, col=i)
        steps = [s for s in chart["steps"] if s["values"][metric] is not None]
        figure.add_trace(go.Scatter(
            x=[s["games"] for s in steps], y=[s["values"][metric] for s in steps], mode="lines",
            line={"color": ARM_COLOURS[0], "width": 2.5}, name="the best so far",
            text=[s["best"] for s in steps], hovertemplate="%{text}<br>%{y:.3g}<extra></extra>",
            showlegend=i == 1), row=1, col=i)
        _band(figure, goal, 1, i)
        figure.update_xaxes(title_text="games played", row=1, col=i)
        figure.update_yaxes(title_text=goal["unit"] or metric, row=1, col=i)
    figure.update_layout(title=f"The search: {results.target.label}", font=FONT, height=360,
                         legend={"orientation": "h", "y": -0.25}, margin={"t": 70, "b": 40})
    return figure


def confirmation_figure(results: TuneResults) -> go.Figure:
    """Per goal: the search's estimate of the best (from the games that picked it), the fresh games' estimate with
    its interval, and the baseline on the same fresh seeds; the goal's band shaded. Where the first lies outside the
    second's interval, the search's pick was partly luck (the winner's curse)."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    found = results.confirmation
    if found is None:
        raise ValueError("this search has no confirmation yet (it was stopped, or run with confirm=False)")
    goals = chart_of(results.target, [], [])["goals"]
    figure = make_subplots(rows=1, cols=len(goals), subplot_titles=[g["text"] for g in goals],
                           horizontal_spacing=0.12)
    labels = ["the search's estimate", "fresh games", "the baseline, fresh games"]
    for i, (goal, check) in enumerate(zip(goals, found.checks, strict=True), 1):
        scale = goal["scale"]
        low = check.low * scale if math.isfinite(check.low) else None
        high = check.high * scale if math.isfinite(check.high) else None
        values = [check.search_estimate * scale, check.estimate * scale,
                  None if check.baseline is None else check.baseline * scale]
        errors = {"type": "data", "symmetric": False,
                  "array": [0, (high - values[1]) if high is not None else 0, 0],
                  "arrayminus": [0, (values[1] - low) if low is not None else 0, 0]}
        figure.add_trace(go.Scatter(
            x=labels, y=values, mode="markers", error_y=errors, showlegend=False,
            marker={"size": 11, "color": [ARM_COLOURS[1], ARM_COLOURS[1], ARM_COLOURS[0]],
                    "symbol": ["circle-open", "circle", "square"]},
            hovertemplate="%{x}: %{y:.3g}<extra></extra>"), row=1, col=i)
        _band(figure, goal, 1, i)
        figure.update_yaxes(title_text=goal["unit"] or goal["metric"], row=1, col=i)
    figure.update_layout(title=f"The best on {found.games} fresh games: {found.call}", font=FONT, height=360,
                         margin={"t": 70, "b": 40})
    return figure


__all__ = ["confirmation_figure", "search_figure"]
