"""A game's skill ladder as a chart and a table: how often each bot finished ahead of the one below it
(:mod:`games.lab.ladder`), read from a kept store so a lesson plays nothing.

    from widgets.lab.ladder import kept_ladder, kept_ladders, ladder_figure, ladder_table
    kept_ladders()                               # the game ids whose ladder is kept, e.g. ["catan.base", ...]
    steps = kept_ladder("catan.base")            # bench/results/ladder_catan.base.sqlite, read-only
    ladder_figure(steps)                         # one bar per step, its 95 % interval, a line at ½
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.lab import ladder
from widgets.lab.charts import FONT, _layout
from widgets.lab.kept import RESULTS
from widgets.shared import frames

if TYPE_CHECKING:
    import plotly.graph_objects as go


def kept_ladders() -> list[str]:
    """The game ids whose ladder ``bench/bench_ladder.py`` kept in ``bench/results`` (``ladder_ID.sqlite``), sorted."""
    return sorted(path.name.removeprefix("ladder_").removesuffix(".sqlite") for path in RESULTS.glob("ladder_*.sqlite"))


def kept_ladder(game_id: str) -> list[dict[str, Any]]:
    """The steps of the ladder ``bench/bench_ladder.py`` kept for ``game_id`` (``bench/results/ladder_ID.sqlite``),
    weakest first; a missing file is a ``FileNotFoundError`` that says how to make it."""
    path = RESULTS / f"ladder_{game_id}.sqlite"
    if not path.is_file():
        kept = ", ".join(kept_ladders()) or "none"
        raise FileNotFoundError(f"{path.name} is not kept in bench/results (kept: {kept}); python "
                                f"bench/bench_ladder.py --game {game_id} makes it")
    return ladder.read(path)


def step_name(step: dict[str, Any]) -> str:
    return f"{step['stronger']} over {step['weaker']}"


def ladder_table(steps: list[dict[str, Any]]) -> Any:
    """The steps as a table: games, the share the stronger finished ahead and its 95 % interval, its win rate."""
    rows = [(step_name(s), s["games"], round(s["skill_gap"], 3), round(s["low"], 3), round(s["high"], 3),
             round(s["win_rate"], 3)) for s in steps]
    return frames.table(rows, ["step", "games", "ahead", "low", "high", "stronger's win rate"], index="step")


def ladder_figure(steps: list[dict[str, Any]]) -> go.Figure:
    """One bar per step of the ladder, weakest first: the share of games in which the stronger bot finished ahead of
    the weaker (ties half), with its 95 % Wilson interval; the dotted line at ½ is no difference in skill."""
    import plotly.graph_objects as go

    fig = go.Figure(go.Bar(
        x=[step_name(s) for s in steps], y=[s["skill_gap"] for s in steps], marker={"color": "#1f5fbf"},
        error_y={"type": "data", "symmetric": False, "array": [s["high"] - s["skill_gap"] for s in steps],
                 "arrayminus": [s["skill_gap"] - s["low"] for s in steps], "color": "#444", "thickness": 1.2},
        customdata=[[s["low"], s["high"], s["games"]] for s in steps],
        hovertemplate=("%{x}: ahead in %{y:.0%} of games<br>95 % interval %{customdata[0]:.0%} to "
                       "%{customdata[1]:.0%} (%{customdata[2]} games)<extra></extra>")))
    fig.add_hline(y=0.5, line={"dash": "dot", "color": "#777", "width": 1})
    fig.update_yaxes(range=[0, 1], tickformat=".0%", title_text="stronger ahead (95 % interval)")
    fig.update_layout(font=FONT)
    game = steps[0]["game"] if steps else "?"
    return _layout(fig, f"The skill ladder of {game}", 380, "each step: the stronger bot against the one below it, "
                   "seats rotated · dotted: ½, no difference")
