"""Chartres in tables and charts for the notebooks: the score breakdown, IP over a game, the torch order, and the
IP that grapes make on a cellar. Every number is the engine's (its log, ``observe``, :func:`games.chartres.pour`).

pandas and plotly are imported only when a table or chart is made, so ``import widgets`` stays quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.chartres import BANNER, ChartresGame, ip_by_grapes
from games.chartres.citizens import torch_order
from games.chartres.components import Components
from widgets.shared.palette import seat_colour
from widgets.shared.text import is_whole, seat_label

from .cellar import cellar_board, component_set

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd
    import plotly.graph_objects as go

#: Final-score columns of :func:`score_frame`, in the order of ``game.state.final`` (paths added up).
SCORE_COLUMNS = ("in play", "windows", "cross rep", "paths rep", "reputation", "reputation IP", "leftovers", "total")


def score_frame(game: ChartresGame) -> pd.DataFrame:
    """One row per seat (``Player n``): ``in play`` (IP scored before the final scoring), ``windows``,
    ``cross rep`` and ``paths rep`` (reputation tokens from the cross and the two paths), ``reputation`` (all
    tokens), ``reputation IP`` (tokens × multiplier), ``leftovers`` and ``total``, read from ``game.state.final``.
    During the game only ``in play`` and ``total`` are filled (the running IP); the rest is ``<NA>`` (``None``
    where pandas is missing: a :class:`widgets.shared.frames.Table`)."""
    from widgets.shared.frames import Table, pandas_module

    final = game.observe(None)["final"]
    rows = []
    for p in range(game.players):
        ip = game.scores()[p]
        if final:
            windows, cross, warehouse, townhall, tokens, rep_ip, left, total = final[p]
            rows.append([total - windows - rep_ip - left, windows, cross, warehouse + townhall, tokens, rep_ip, left,
                         total])
        else:
            rows.append([ip, None, None, None, None, None, None, ip])
    index = [seat_label(p) for p in range(game.players)]
    pd = pandas_module()
    if pd is None:
        return Table(rows, list(SCORE_COLUMNS), index, "player")
    frame = pd.DataFrame(rows, columns=list(SCORE_COLUMNS), index=index)
    frame.index.name = "player"
    return frame.astype("Int64")


def score_history(game: ChartresGame) -> pd.DataFrame:
    """Each seat's IP after every step (index ``step`` 0 … number of decisions; columns ``Player n``), rebuilt
    from the log: every event that scores carries ``ip`` and ``player`` in its data (setup events count for step
    0). The last row equals ``game.scores()``."""
    from widgets.shared.frames import table

    steps = len(game.history)
    gained = [[0] * game.players for _ in range(steps + 1)]
    for event in game.log:
        if "ip" in event.data and "player" in event.data:
            gained[min(event.step + 1, steps)][event.data["player"]] += event.data["ip"]
    running = [0] * game.players
    rows = []
    for step_gains in gained:
        running = [a + b for a, b in zip(running, step_gains, strict=True)]
        rows.append(running)
    return table(rows, [seat_label(p) for p in range(game.players)], index_name="step")


def score_chart(game: ChartresGame) -> go.Figure:
    """IP over the game, one line per seat in its colour, a dotted line where each era ends (plotly)."""
    import plotly.graph_objects as go

    history = score_history(game)
    steps = list(history.index)
    traces = [go.Scatter(x=steps, y=list(history[name]), name=name, mode="lines", line_shape="hv",
                         line={"color": seat_colour(p), "width": 2.5})
              for p, name in enumerate(history.columns)]
    shapes, notes = [], []
    for event in game.log:
        if event.rule in ("era.marker", "final.winner"):
            x = event.step + 0.5
            label = f"era {event.text.split()[-1].rstrip('.')}" if event.rule == "era.marker" else "final scoring"
            shapes.append({"type": "line", "x0": x, "x1": x, "yref": "paper", "y0": 0, "y1": 1,
                           "line": {"dash": "dot", "color": "#8c7d62"}})
            notes.append({"x": x, "yref": "paper", "y": 1, "text": label, "showarrow": False, "xanchor": "right",
                          "yanchor": "bottom", "font": {"size": 11, "color": "#6b6357"}})
    fig = go.Figure(traces)
    fig.update_layout(title=f"Influence points over the game · {BANNER}", xaxis_title="step (decisions)",
                      yaxis_title="IP", shapes=shapes, annotations=notes, height=380, legend_title_text="",
                      margin={"l": 50, "r": 20, "t": 70, "b": 40}, template="plotly_white")
    return fig


def torch_order_frame(game: ChartresGame) -> pd.DataFrame:
    """Who chooses a location first (Phase A) and who ranks first in Phase F: one row per seat in that order, with
    ``seat``, ``torches`` (in the action row, plus tavern torches), ``initiative place`` (1 = first) and ``order``.
    The order is the engine's (:func:`games.chartres.citizens.torch_order`) on the public view; during the secret
    setup the rows (and so the torches) are hidden, which raises ``ValueError``."""
    from widgets.shared.frames import table

    view = game.observe(None)
    seats = view["seats"]
    if any(s["resources"] is None for s in seats):
        raise ValueError("the action rows are secret until every player has chosen the starting row")
    initiative = view["initiative"]
    torches = [s["resources"]["torch"] for s in seats]
    order = torch_order(torches, initiative)
    return table([{"player": seat_label(p), "seat": p, "torches": torches[p],
                   "initiative place": initiative.index(p) + 1, "order": k + 1} for k, p in enumerate(order)],
                 index="player")


def ip_chart(cellar: str = "A", most: int = 16, *, components: str | Components = "approx_v1") -> go.Figure:
    """IP against grapes of one colour (0 to ``most``), one line per marker space, for one cellar board.

    Every point is :func:`games.chartres.wine.ip_by_grapes`. The steps show the rule: nothing for 1–2 grapes, half
    a barrel at 3, a full barrel at 4, and flat lines where the grapes run past the last barrel.
    """
    import plotly.graph_objects as go

    comps = component_set(components)
    board = cellar_board(comps, cellar)
    if not is_whole(most) or not 0 <= most <= 4 * len(board.values) + 8:
        raise ValueError(f"most must be a whole number of grapes 0 to {4 * len(board.values) + 8}, not {most!r}")
    xs = list(range(most + 1))
    fig = go.Figure()
    for marker, value in enumerate(board.values):
        fig.add_trace(go.Scatter(
            x=xs, y=ip_by_grapes(board.values, marker, most), mode="lines+markers", line_shape="hv",
            name=f"space {marker} ({value} IP)",
            hovertemplate=f"marker on space {marker}: %{{x}} grapes → %{{y}} IP<extra></extra>"))
    banner = f" · {BANNER}" if not comps.is_printed else ""
    fig.update_layout(
        title=f"Cellar {board.id}: IP from grapes of one colour, by marker space{banner}",
        xaxis={"title": {"text": "grapes of one colour"}, "dtick": 1},
        yaxis={"title": {"text": "IP"}}, legend={"title": {"text": "marker on"}},
        height=440, margin={"l": 50, "r": 20, "t": 60, "b": 40})
    return fig


__all__ = ["SCORE_COLUMNS", "ip_chart", "score_chart", "score_frame", "score_history", "torch_order_frame"]
