"""Plotly figures of a design-lab experiment (:class:`games.lab.Results`): what a change did, with its uncertainty.

    from widgets.lab.charts import fan_figure, forest_figure, length_figure, win_rate_figure
    win_rate_figure(results)             # win rate by seat and by turn position, per arm, 95 % Wilson intervals
    forest_figure(results)               # each metric's difference to the baseline with its 95 % interval
    fan_figure(results, "points")        # a series over the game: median, 50 % and 90 % of games, per arm
    length_figure(results)               # how long the games were (rounds and turns), per arm

Every builder reads the results' rows (``win_rows``, ``summary_rows``, ``fan``, ``game_rows``) and returns a
``plotly.graph_objects.Figure`` (wrap it in ``go.FigureWidget`` to click it). Each arm keeps one colour in every
chart, from the project's palette (:mod:`widgets.shared.palette`): the baseline blue, the first variant orange.

The forest plot puts metrics of very different units on one axis by standardising: each difference (and its
interval) is divided by the spread (standard deviation) of that metric over the baseline's games, so "0.3" means
a third of a typical game-to-game difference whatever the unit; the label beside each point gives the difference in
the metric's own units (percentage points for shares, turns for turns).
"""

from __future__ import annotations

import math
import statistics
from typing import TYPE_CHECKING, Any, Sequence

from games.lab.results import SUMMARY
from games.lab.verdicts import plain
from widgets.shared.palette import SEATS
from widgets.shared.text import seat_label

if TYPE_CHECKING:  # plotly is imported when a figure is made, so `import widgets.lab` stays quick
    import plotly.graph_objects as go

    from games.lab import Results

#: Arm colours in arm order: the palette's seat colours, the baseline blue and the first variant orange.
ARM_COLOURS = tuple(colour for _, colour in (*SEATS[1:], SEATS[0]))
#: Each summary metric's unit and whether it is a share (shown in percentage points).
UNITS: dict[str, tuple[str, bool]] = {
    "first_player_advantage": ("win share", True), "first_player_win": ("win share", True),
    "skill_gap": ("share of games", True), "draw": ("share of games", True), "spread_second": ("points", False),
    "spread_last": ("points", False), "rounds": ("rounds", False), "turns": ("turns", False),
    "decisions": ("decisions", False), "lead_changes": ("lead changes", False),
    "drama": ("share of the game", True), "winner_worst_place": ("places", False),
    "decided_at": ("share of the game", True),
}
#: How the charts name the summary metrics.
LABELS = {
    "first_player_advantage": "first player's advantage", "first_player_win": "first player wins",
    "skill_gap": "first bot ahead of last", "draw": "shared wins", "spread_second": "winner's lead on 2nd",
    "spread_last": "winner's lead on last", "rounds": "rounds", "turns": "turns", "decisions": "decisions",
    "lead_changes": "lead changes", "drama": "winner behind (share)", "winner_worst_place": "winner's worst place",
    "decided_at": "decided at (share)",
}
FONT = {"family": "system-ui, sans-serif", "size": 12}


def arm_colour(index: int) -> str:
    return ARM_COLOURS[index % len(ARM_COLOURS)]


def arm_colours(results: Results) -> dict[str, str]:
    """Arm name -> its colour, in arm order."""
    return {arm.name: arm_colour(i) for i, arm in enumerate(results.arms)}


def rgba(colour: str, alpha: float) -> str:
    """``"#1f5fbf"`` with an alpha as ``rgba(...)`` (the bands of a fan chart)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r}, {g}, {b}, {alpha})"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _finite(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _layout(fig: go.Figure, title: str, height: int, note: str = "") -> go.Figure:
    """The lab's look: a title with a smaller line of what to read in it under it, white, the legend below."""
    text = f"{title}<br><span style='font-size:11px;color:#6b6357'>{note}</span>" if note else title
    fig.update_layout(title={"text": text, "x": 0.01, "font": {"size": 14}}, height=height, font=FONT,
                      template="plotly_white", margin={"l": 60, "r": 20, "t": 95 if note else 60, "b": 50},
                      legend={"orientation": "h", "y": -0.18, "x": 0})
    return fig


def _empty(title: str, why: str, height: int = 260) -> go.Figure:
    import plotly.graph_objects as go

    fig = go.Figure()
    fig.add_annotation(text=why, showarrow=False, x=0.5, y=0.5, xref="paper", yref="paper", font={"size": 13})
    fig.update_xaxes(visible=False)
    fig.update_yaxes(visible=False)
    return _layout(fig, title, height)


# ------------------------------------------------------------------------------------------------ win rates
def win_rate_figure(results: Results) -> go.Figure:
    """Each arm's win rate by seat (left) and by turn position (right: who played first, second...), with the 95 %
    Wilson interval of each as error bars; the dotted line is a fair share (1 / players)."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    if not results.games:
        return _empty("Win rate by seat", "No complete games yet.")
    n = results.experiment.players
    colours = arm_colours(results)
    fig = make_subplots(rows=1, cols=2, shared_yaxes=True, horizontal_spacing=0.06,
                        subplot_titles=["by seat", "by turn position (who played first, second, …)"])
    for col, by in ((1, "seat"), (2, "position")):
        rows = results.win_rows(by)
        for arm in results.arms:
            mine = sorted((r for r in rows if r["arm"] == arm.name), key=lambda r: r[by])
            names = [seat_label(r[by]) if by == "seat" else f"{ordinal(r[by] + 1)} to play" for r in mine]
            rate = [r["win_rate"] for r in mine]
            fig.add_trace(go.Bar(
                x=names, y=rate, name=arm.name, legendgroup=arm.name, showlegend=col == 1,
                marker={"color": colours[arm.name]}, offsetgroup=arm.name,
                error_y={"type": "data", "symmetric": False, "array": [r["high"] - r["win_rate"] for r in mine],
                         "arrayminus": [r["win_rate"] - r["low"] for r in mine], "color": "#444", "thickness": 1.2},
                customdata=[[r["low"], r["high"], r["games"]] for r in mine],
                hovertemplate=(f"{arm.name}<br>%{{x}}: %{{y:.0%}} of games won<br>95 % interval "
                               "%{customdata[0]:.0%} to %{customdata[1]:.0%} (%{customdata[2]} games)<extra></extra>"),
            ), row=1, col=col)
        fig.add_hline(y=1 / n, line={"dash": "dot", "color": "#777", "width": 1}, row=1, col=col)
    fig.update_yaxes(range=[0, 1], tickformat=".0%", title_text="games won (95 % interval)", row=1, col=1)
    fig.update_layout(barmode="group", bargap=0.25)
    return _layout(fig, "Win rate by seat and by turn position", 400,
                   f"{results.games} games per arm · bars: 95 % intervals · dotted: a fair share (1/{n})")


# ------------------------------------------------------------------------------------------------ differences
def metric_spread(results: Results, metric: str) -> float:
    """The standard deviation of ``metric`` over the baseline's games (over every arm's when the baseline's games
    do not vary; 1 when none do): the unit the forest plot measures a difference in."""
    rows = results.game_rows()
    base = results.experiment.baseline.name
    for chosen in ([r for r in rows if r["arm"] == base], rows):
        values = [float(r[metric]) for r in chosen if _finite(r.get(metric))]
        if len(values) > 1:
            sd = statistics.stdev(values)
            if sd > 0:
                return sd
    return 1.0


def in_units(metric: str, value: float, signed: bool = True) -> str:
    """A difference of ``metric`` in its own units: ``+3.1 pp`` for shares, ``+0.42 turns`` for counts."""
    if not _finite(value):
        return "n/a"
    unit, share = UNITS.get(metric, ("", False))
    value = round(value, 9) + 0.0  # a paired mean of equal games is 0, not -7e-16 (and never -0)
    if share:
        return f"{plain(value * 100, signed=signed)} pp"
    return f"{plain(value, signed=signed)} {unit}".strip()


def forest_rows(results: Results) -> list[dict[str, Any]]:
    """Per variant and metric: the difference to the baseline and its 95 % interval, raw and divided by the
    metric's spread (:func:`metric_spread`), with the metric's label and unit (what :func:`forest_figure` draws)."""
    spread = {m: metric_spread(results, m) for m in results.metrics()}
    out = []
    for row in results.summary_rows():
        if "difference" not in row:
            continue
        metric, scale = row["metric"], spread[row["metric"]]
        out.append({"arm": row["arm"], "metric": metric, "label": LABELS.get(metric, metric),
                    "unit": UNITS.get(metric, ("", False))[0], "difference": row["difference"],
                    "low": row["diff_low"], "high": row["diff_high"], "spread": scale,
                    "scaled": row["difference"] / scale, "scaled_low": row["diff_low"] / scale,
                    "scaled_high": row["diff_high"] / scale,
                    "clear": _finite(row["diff_low"]) and (row["diff_low"] > 0 or row["diff_high"] < 0)})
    return out


def forest_figure(results: Results) -> go.Figure:
    """Each summary metric's difference to the baseline (variant minus baseline, paired by seed) with its 95 %
    interval: one panel per variant, every metric on one axis in units of its spread over the baseline's games
    (module docstring); the label beside a point gives the difference in the metric's own units. A filled point's
    interval leaves out 0."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    title = "Differences to the baseline (95 % intervals)"
    variants = results.experiment.variants
    if not variants:
        return _empty(title, "No variant to compare with the baseline: add one in the editor.")
    if not results.games:
        return _empty(title, "No complete games yet.")
    rows = forest_rows(results)
    colours = arm_colours(results)
    metrics = [m for m in SUMMARY if m in results.metrics()]
    labels = {m: LABELS.get(m, m) for m in metrics}
    stop = results.experiment.stop
    if stop in labels:
        labels[stop] = f"<b>{labels[stop]}</b> (stop rule)"
    order = [labels[m] for m in reversed(metrics)]
    fig = make_subplots(rows=1, cols=len(variants), shared_yaxes=True, horizontal_spacing=0.04,
                        subplot_titles=[f"{arm.name} − {results.experiment.baseline.name}" for arm in variants])
    reach = 0.5
    for col, arm in enumerate(variants, start=1):
        mine = {r["metric"]: r for r in rows if r["arm"] == arm.name}
        shown = [mine[m] for m in metrics if m in mine and _finite(mine[m]["scaled"])]
        for r in shown:
            for x in (r["scaled_low"], r["scaled_high"], r["scaled"]):
                if _finite(x):
                    reach = max(reach, abs(x))
        colour = colours[arm.name]
        fig.add_trace(go.Scatter(
            x=[r["scaled"] for r in shown], y=[labels[r["metric"]] for r in shown], mode="markers+text",
            name=arm.name, showlegend=False,
            marker={"color": [colour if r["clear"] else "white" for r in shown], "size": 10,
                    "line": {"color": colour, "width": 2}},
            error_x={"type": "data", "symmetric": False, "color": colour, "thickness": 1.5,
                     "array": [r["scaled_high"] - r["scaled"] if _finite(r["scaled_high"]) else 0 for r in shown],
                     "arrayminus": [r["scaled"] - r["scaled_low"] if _finite(r["scaled_low"]) else 0 for r in shown]},
            text=[in_units(r["metric"], r["difference"]) for r in shown], textposition="top center",
            textfont={"size": 10, "color": "#444"},
            customdata=[[in_units(r["metric"], r["low"]), in_units(r["metric"], r["high"]), r["unit"],
                         in_units(r["metric"], r["spread"], signed=False)] for r in shown],
            hovertemplate=("%{y}: %{text} (95 % interval %{customdata[0]} to %{customdata[1]})<br>"
                           "%{x:+.2f} × its spread over the baseline's games (%{customdata[3]})<extra>"
                           f"{arm.name}</extra>"),
        ), row=1, col=col)
        fig.add_vline(x=0, line={"color": "#555", "width": 1}, row=1, col=col)
    fig.update_yaxes(categoryorder="array", categoryarray=order, type="category")
    fig.update_xaxes(range=[-reach * 1.25, reach * 1.25], zeroline=False,
                     title_text="difference ÷ the metric's spread (standard deviation over the baseline's games)")
    return _layout(fig, title, 140 + 30 * len(metrics),
                   f"variant minus baseline, {results.games} paired games per arm · labels in each metric's units "
                   "(pp: percentage points) · filled: the interval leaves out 0")


# ------------------------------------------------------------------------------------------------ fan charts
def fan_figure(results: Results, series: str, by: str = "round", seat: Any = "all",
               arms: Sequence[str] | None = None) -> go.Figure:
    """The fan chart of ``series`` over the game, per arm: the median (line), the middle 50 % of games (dark band)
    and 90 % (light band) at each ``by`` (``round``: the value at the end of each round; ``turn``: at the start of
    every turn). ``seat``: ``"all"`` pools every seat's value, a seat number takes that seat's. Every point carries
    its arm (``customdata``), so a click can open the game nearest it."""
    import plotly.graph_objects as go

    title = f"{series} by {by}"
    try:
        rows = results.fan(series, by=by, seat=seat, arms=arms)
    except KeyError as err:
        return _empty(title, str(err).strip("'\""))
    if not rows:
        return _empty(title, "No complete games yet.")
    colours = arm_colours(results)
    fig = go.Figure()
    who = "every seat pooled" if seat == "all" else seat_label(int(seat))
    for arm in results.arms:
        mine = [r for r in rows if r["arm"] == arm.name]
        if not mine:
            continue
        xs = [r[by] for r in mine]
        colour = colours[arm.name]
        games = [r["games"] for r in mine]
        common = {"x": xs, "legendgroup": arm.name, "customdata": [[arm.name, g] for g in games], "meta": arm.name}
        for band, low, high, alpha in (("90 %", "q05", "q95", 0.16), ("50 %", "q25", "q75", 0.34)):
            fig.add_trace(go.Scatter(
                y=[r[low] for r in mine], mode="lines", line={"width": 0.5, "color": rgba(colour, 0.5)},
                showlegend=False, name=f"{arm.name} {low}", **common,
                hovertemplate=f"{arm.name}: {low[1:]} % of values below %{{y:.4g}} at {by} %{{x}}<extra></extra>"))
            fig.add_trace(go.Scatter(
                y=[r[high] for r in mine], mode="lines", line={"width": 0.5, "color": rgba(colour, 0.5)},
                fill="tonexty", fillcolor=rgba(colour, alpha), name=f"{arm.name}: {band} of games",
                showlegend=band == "90 %", **common,
                hovertemplate=f"{arm.name}: {high[1:]} % of values below %{{y:.4g}} at {by} %{{x}}<extra></extra>"))
        fig.add_trace(go.Scatter(
            y=[r["q50"] for r in mine], mode="lines+markers", line={"color": colour, "width": 2.5},
            marker={"size": 6, "color": colour}, name=f"{arm.name}: median", **common,
            hovertemplate=(f"{arm.name}: median %{{y:.4g}} at {by} %{{x}} (%{{customdata[1]}} values)<br>"
                           "click: open the game nearest this point<extra></extra>")))
    fig.update_xaxes(title_text=by, dtick=1 if max(r[by] for r in rows) <= 30 else None)
    fig.update_yaxes(title_text=f"{series} ({who})")
    fig.update_layout(hovermode="closest", clickmode="event")
    return _layout(fig, f"{series} by {by}: median, middle 50 % and 90 % of games", 440,
                   f"{who} · click a point: the game of that arm nearest it opens at that {by}")


# ------------------------------------------------------------------------------------------------ lengths
def length_figure(results: Results) -> go.Figure:
    """How long the games were, per arm: rounds (left) and turns (right) as overlaid histograms, the mean of each
    arm as a dashed line."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    if not results.games:
        return _empty("Game lengths", "No complete games yet.")
    rows = results.game_rows()
    colours = arm_colours(results)
    fig = make_subplots(rows=1, cols=2, subplot_titles=["rounds per game", "turns per game"],
                        horizontal_spacing=0.08)
    for col, what in ((1, "rounds"), (2, "turns")):
        values = [float(r[what]) for r in rows if _finite(r.get(what))]
        if not values:
            continue
        span = max(values) - min(values)
        size = 1 if span <= 40 else math.ceil(span / 40)
        for arm in results.arms:
            mine = [float(r[what]) for r in rows if r["arm"] == arm.name and _finite(r.get(what))]
            if not mine:
                continue
            fig.add_trace(go.Histogram(
                x=mine, name=arm.name, legendgroup=arm.name, showlegend=col == 1, opacity=0.55,
                marker={"color": colours[arm.name]}, xbins={"size": size, "start": min(values) - size / 2},
                hovertemplate=f"{arm.name}: %{{y}} games of %{{x}} {what}<extra></extra>"), row=1, col=col)
            fig.add_vline(x=statistics.fmean(mine), line={"color": colours[arm.name], "dash": "dash", "width": 1.5},
                          row=1, col=col)
        fig.update_xaxes(title_text=what, row=1, col=col)
    fig.update_yaxes(title_text="games", row=1, col=1)
    fig.update_layout(barmode="overlay")
    return _layout(fig, "Game lengths per arm", 380, f"{results.games} games per arm · dashed: each arm's mean")


__all__ = ["ARM_COLOURS", "LABELS", "UNITS", "arm_colour", "arm_colours", "fan_figure", "forest_figure",
           "forest_rows", "in_units", "length_figure", "metric_spread", "win_rate_figure"]
