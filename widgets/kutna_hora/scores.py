"""A Kutná Hora game's points, by category and over time: :func:`score_frame` (each player's points so far by
category, from the logged scoring events), :func:`score_history` (score and groschen after every step, one replay)
and :func:`score_chart` (both over the game, plotly). Every point is one the engine logged (each scoring event names
its ``player`` and ``points``).

pandas and plotly are imported only when a table or chart is made, so ``import widgets`` stays quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.kutna_hora import BANNER
from games.kutna_hora.game import KutnaHoraGame
from widgets.shared.palette import seat_colour
from widgets.shared.text import seat_label

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd
    import plotly.graph_objects as go

#: Score categories of :func:`score_frame`, in column order.
SCORE_CATEGORIES = ("mines", "mine tiles", "town", "income", "reputation", "leftovers", "nobles", "St. Barbara",
                    "buildings & houses", "beyond track")
_CATEGORY_OF = {"end.mines": "mines", "mine.points": "mine tiles", "end.town": "town", "end.income": "income",
                "end.reputation": "reputation", "end.leftovers": "leftovers", "reputation.beyond": "beyond track",
                "build.house": "buildings & houses", "public.bonus": "buildings & houses",
                "build.bonus": "buildings & houses"}


def score_category(rule: str) -> str:
    """The :data:`SCORE_CATEGORIES` entry of a logged scoring event's rule id (``"other"`` for none)."""
    if rule in _CATEGORY_OF:
        return _CATEGORY_OF[rule]
    if rule.startswith("nobles."):
        return "nobles"
    if rule.startswith("barbara."):
        return "St. Barbara"
    return "other"


def score_table(game: KutnaHoraGame) -> list[dict[str, int]]:
    """Per player: points so far in every category of :data:`SCORE_CATEGORIES` (plus ``other`` and ``total``),
    added up from the logged events that carry ``points`` (every point the engine gives is logged that way)."""
    rows = [dict.fromkeys((*SCORE_CATEGORIES, "other", "total"), 0) for _ in range(game.players)]
    for event in game.log:
        if "points" in event.data and "player" in event.data:
            row = rows[event.data["player"]]
            row[score_category(event.rule)] += event.data["points"]
            row["total"] += event.data["points"]
    return rows


def score_frame(game: KutnaHoraGame) -> pd.DataFrame:
    """One row per player (``Player n``), one column per score category so far (:data:`SCORE_CATEGORIES`: final
    mine rows, points printed on mine tiles, town matching, income ÷ 10, reputation, leftovers, nobles, St. Barbara
    tiles, house effects and public buildings, steps beyond the reputation track) and ``total`` (=
    ``game.scores()``). Read from the log's scoring events, so it is right at every step; the final-scoring columns
    fill in at the end. An ``other`` column appears only if some rule outside these categories scored."""
    from widgets.shared.frames import table

    rows = score_table(game)
    columns = [*SCORE_CATEGORIES, *(["other"] if any(r["other"] for r in rows) else []), "total"]
    return table([[r[c] for c in columns] for r in rows], columns, index=[seat_label(p) for p in range(game.players)],
                 index_name="player")


def score_history(game: KutnaHoraGame) -> pd.DataFrame:
    """Score and groschen of every player after every step: index ``step`` 0 … number of decisions, columns
    ``("score", "Player n")`` and ``("groschen", "Player n")`` (``history["score"]`` is one column per player).

    The score is added up from the log's scoring events (each names its ``player`` and ``points``; setup events
    count for step 0); the groschen are read from one replay of the game, a snapshot after every step. The last
    row equals ``game.scores()`` and the players' groschen now."""
    from widgets.shared.frames import Table, pandas_module

    n, steps = game.players, len(game.history)
    gained = [[0] * n for _ in range(steps + 1)]
    for event in game.log:
        if "points" in event.data and "player" in event.data:
            gained[min(event.step + 1, steps)][event.data["player"]] += event.data["points"]
    replay = type(game)(game.config, game.seed)
    money = [[seat.groschen for seat in replay.state.seats]]
    for action in game.history:
        replay.apply_unchecked(action)  # the actions were checked when they were played
        money.append([seat.groschen for seat in replay.state.seats])
    running = [0] * n
    rows = []
    for step_gains, cash in zip(gained, money, strict=True):
        running = [a + b for a, b in zip(running, step_gains, strict=True)]
        rows.append([*running, *cash])
    names = [seat_label(p) for p in range(n)]
    pd = pandas_module()
    if pd is None:
        return Table(rows, [("score", x) for x in names] + [("groschen", x) for x in names], None, "step")
    columns = pd.MultiIndex.from_tuples([("score", x) for x in names] + [("groschen", x) for x in names])
    frame = pd.DataFrame(rows, columns=columns)
    frame.index.name = "step"
    return frame


def score_chart(game: KutnaHoraGame) -> go.Figure:
    """Score (top) and groschen (bottom) over the game, one line per player in its colour, a dotted line where
    each round begins (plotly)."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    history = score_history(game)
    steps = list(history.index)
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.08,
                        subplot_titles=("points", "groschen"))
    for p in range(game.players):
        name, colour = seat_label(p), seat_colour(p)
        fig.add_trace(go.Scatter(x=steps, y=list(history[("score", name)]), name=name, legendgroup=name,
                                 mode="lines", line_shape="hv", line={"color": colour, "width": 2.5}), row=1, col=1)
        fig.add_trace(go.Scatter(x=steps, y=list(history[("groschen", name)]), name=name, legendgroup=name,
                                 showlegend=False, mode="lines", line_shape="hv",
                                 line={"color": colour, "width": 2, "dash": "dot"}), row=2, col=1)
    shapes, notes = [], []
    for event in game.log:
        if event.rule in ("round.start", "end.final-scoring"):
            x = event.step + 0.5
            label = f"round {event.data['round']}" if event.rule == "round.start" else "final scoring"
            shapes.append({"type": "line", "xref": "x", "x0": x, "x1": x, "yref": "paper", "y0": 0, "y1": 1,
                           "line": {"dash": "dot", "color": "#8c7d62", "width": 1}})
            notes.append({"x": x, "xref": "x", "yref": "paper", "y": 1.0, "text": label, "showarrow": False,
                          "xanchor": "left", "yanchor": "bottom", "font": {"size": 10, "color": "#6b6357"}})
    fig.update_layout(title=f"Points and groschen over the game · {BANNER}", height=520, legend_title_text="",
                      shapes=shapes, annotations=list(fig.layout.annotations) + notes, template="plotly_white",
                      margin={"l": 50, "r": 20, "t": 90, "b": 40})
    fig.update_xaxes(title_text="step (decisions)", row=2, col=1)
    return fig


__all__ = ["SCORE_CATEGORIES", "score_category", "score_chart", "score_frame", "score_history", "score_table"]
