"""Tables (:func:`widgets.shared.frames.table`: pandas, or its fallback where pandas is missing) and charts (plotly)
for the Catan lessons: every number is :mod:`widgets.catan.odds` or the engine's own (its log, its
``point_sources``, its history replayed); nothing is decided here.

* Dice and production: :func:`dice_frame`, :func:`dice_chart`, :func:`node_frame`, :func:`yield_frame`.
* The barbarians: :func:`arrival_frame`, :func:`arrival_chart`, :func:`simulation_frame`, :func:`attack_frame`.
* Improvements: :func:`improvement_frame`, :func:`draw_chance_frame`.
* A game: :func:`points_frame` (victory points by source), :func:`game_history` and :func:`history_chart`
  (victory points and the barbarian ship over the game, read by replaying the game's own history, the way time
  travel does).

pandas (where installed) and plotly are imported only when a table or chart is made, so ``import widgets`` stays
quick.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from games.catan.data import ck_rulebook
from widgets.shared.palette import seat_colour
from widgets.shared.text import seat_label

from . import odds

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

    from games.catan import CatanGame
    from games.catan.cities_knights import CKGame

#: Token colours of the lessons' charts: the red numbers as printed, the others dark.
RED_TOKEN, TOKEN = "#c62828", "#3b3b3b"


def fraction_text(value: Fraction) -> str:
    """``5/36``, ``0``, ``1``: a chance as a fraction."""
    return str(Fraction(value))


def percent(value: Fraction, digits: int = 1) -> str:
    """``13.9 %``."""
    return f"{float(value) * 100:.{digits}f} %"


def rules_frame(ids: Iterable[str], rules: Any = None) -> pd.DataFrame:
    """The engine's rules ``ids`` (rule id, in plain words, rulebook section), from the Cities & Knights rule book
    unless ``rules`` is given."""
    from widgets.shared.frames import table

    if rules is None:
        from games.catan.cities_knights import CK_RULES as rules
    return table([(i, rules[i].text, rules[i].section) for i in ids],
                 ["rule id", "in plain words", "rulebook section"], index="rule id")


# ---------------------------------------------------------------- dice and production
def dice_frame() -> pd.DataFrame:
    """Totals 2-12 of two dice: ways, chance (exact and in %), pips on the token, red token, robber."""
    from widgets.shared.frames import table

    rows = [{"total": r["total"], "ways (of 36)": r["ways"], "chance": fraction_text(r["chance"]),
             "%": round(float(r["chance"]) * 100, 1), "pips on the token": r["pips"] or "",
             "note": "red token" if r["red token"] else "robber" if r["robber"] else ""}
            for r in odds.dice_table()]
    return table(rows, index="total")


def dice_chart() -> go.Figure:
    """The 36 rolls of two dice by total: a bar per total, the red tokens red, the robber's 7 grey."""
    import plotly.graph_objects as go

    rows = odds.dice_table()
    colours = [RED_TOKEN if r["red token"] else "#9e9e9e" if r["robber"] else TOKEN for r in rows]
    fig = go.Figure(go.Bar(x=[r["total"] for r in rows], y=[r["ways"] for r in rows], marker_color=colours,
                           text=[fraction_text(r["chance"]) for r in rows], textposition="outside",
                           hovertemplate="total %{x}: %{y} ways of 36<extra></extra>"))
    fig.update_layout(title="Two dice: ways to roll each total (of 36)", xaxis={"title": {"text": "total"},
                      "dtick": 1}, yaxis={"title": {"text": "ways (= pips on the token)"}}, height=360,
                      margin={"l": 50, "r": 20, "t": 60, "b": 40}, template="plotly_white")
    return fig


def node_frame(game: CatanGame, node: int) -> pd.DataFrame:
    """The hexes around ``node``: terrain, number, pips, the robber, and what a settlement and a city there take per
    36 rolls from each (the engine's ``yield_of``)."""
    from widgets.shared.frames import table

    rows = []
    for row in odds.node_hexes(game, node):
        produces = row["number"] and row["terrain"] != "desert" and not row["robber"]
        towns = _cards_text(game, row, 1, 0) if produces else "nothing"
        bigs = _cards_text(game, row, 0, 1) if produces else "nothing"
        rows.append({"hex": row["hex"], "terrain": row["terrain"], "number": row["number"] or "",
                     "pips": row["pips"], "robber": "yes" if row["robber"] else "",
                     "settlement takes": towns, "city takes": bigs})
    return table(rows, index="hex")


def _cards_text(game: CatanGame, row: dict[str, Any], towns: int, bigs: int) -> str:
    from games.catan.data import rulebook

    terrain = rulebook.TERRAINS.index(row["terrain"])
    return " + ".join(f"{n} {game.cards[c]}" for c, n in game.yield_of(terrain, towns, bigs))


def yield_frame(game: CatanGame, nodes: Iterable[int]) -> pd.DataFrame:
    """Per intersection: pips around it, and cards per roll (exact, and per 36 rolls) for a settlement and a city;
    in Cities & Knights the city's commodities too."""
    from widgets.shared.frames import table

    rows = []
    for v in nodes:
        town, city = odds.node_yield(game, v), odds.node_yield(game, v, "city")
        commodities = sum((n for c, n in city.items() if c in ck_rulebook.COMMODITIES), Fraction(0))
        rows.append({"intersection": v,
                     "hexes": ", ".join(f"{r['terrain']} {r['number'] or '-'}" for r in odds.node_hexes(game, v)),
                     "settlement: cards per roll": fraction_text(odds.cards_per_roll(town)),
                     "settlement: per 36 rolls": int(odds.cards_per_roll(town) * odds.rolls()),
                     "city: cards per roll": fraction_text(odds.cards_per_roll(city)),
                     "city: per 36 rolls": int(odds.cards_per_roll(city) * odds.rolls()),
                     "city: commodities per 36 rolls": int(commodities * odds.rolls())})
    return table(rows, index="intersection")


# ---------------------------------------------------------------- the barbarians
def arrival_frame(positions: Sequence[int] = (0, 3, 5), rolls: Sequence[int] = (7, 10, 14, 20, 30)) -> pd.DataFrame:
    """The chance the barbarians land within N rolls, one row per ship position, one column per N; with the
    expected rolls to the attack."""
    from widgets.shared.frames import table

    rows = []
    for k in positions:
        row: dict[str, Any] = {"ship on space": k, "ships needed": odds.ships_needed(k),
                               "expected rolls": fraction_text(odds.expected_rolls_to_attack(k))}
        for n in rolls:
            row[f"within {n}"] = percent(odds.arrival_within(n, k))
        rows.append(row)
    return table(rows, index="ship on space")


def arrival_chart(positions: Sequence[int] = (0, 3, 5), most: int = 40) -> go.Figure:
    """The chance the barbarians have landed within N rolls, a line per ship position (exact)."""
    import plotly.graph_objects as go

    fig = go.Figure()
    for k in positions:
        xs = list(range(most + 1))
        fig.add_trace(go.Scatter(x=xs, y=[float(odds.arrival_within(n, k)) for n in xs], mode="lines",
                                 name=f"ship on space {k}", line_shape="hv",
                                 hovertemplate="within %{x} rolls: %{y:.1%}<extra></extra>"))
    fig.add_hline(y=0.5, line_dash="dot", line_color="#8c7d62")
    fig.update_layout(title="The barbarians land within N rolls (exact)", xaxis={"title": {"text": "rolls (turns)"}},
                      yaxis={"title": {"text": "chance"}, "tickformat": ".0%", "range": [0, 1.02]}, height=380,
                      margin={"l": 50, "r": 20, "t": 60, "b": 40}, template="plotly_white",
                      legend={"title": {"text": ""}})
    return fig


def simulation_frame(observed: dict[str, Any], within: Sequence[int] = (10, 14, 20)) -> pd.DataFrame:
    """Exact numbers next to what the engine's random play showed (:func:`odds.observed_attacks`)."""
    from widgets.shared.frames import table

    gaps = observed["gaps"]
    rows = [{"what": "share of ship faces", "exact": percent(odds.ship_chance()),
             "random play": percent(observed["ship share"])},
            {"what": "rolls from one attack to the next (mean)",
             "exact": f"{float(odds.expected_rolls_to_attack()):.2f}",
             "random play": f"{float(observed['mean gap']):.2f}"}]
    for n in within:
        rows.append({"what": f"attack within {n} rolls", "exact": percent(odds.arrival_within(n)),
                     "random play": percent(Fraction(sum(g <= n for g in gaps), len(gaps)))})
    frame = table(rows, index="what")
    frame.attrs["rolls"], frame.attrs["attacks"] = observed["rolls"], len(gaps)
    return frame


def attack_frame(game: CKGame, attack: odds.Attack | None = None) -> pd.DataFrame:
    """Per seat: cities (metropolis cities), active knights' strength and what the attack does to them."""
    from games.catan.cities_knights import metropolis
    from widgets.shared.frames import table

    attack = attack or odds.attack_outcome(game)
    s = game.state
    rows = []
    for q in range(game.players):
        fate = ""
        if attack.defender == q:
            fate = "Defender of Catan (+1 point)"
        elif q in attack.tied:
            fate = "tied best: draws a progress card"
        elif q in attack.pillaged:
            fate = "loses a city"
        elif q in attack.immune:
            fate = "cannot be pillaged"
        rows.append({"player": seat_label(q), "cities": s.cities[q].bit_count(),
                     "metropolis cities": (s.cities[q] & ~metropolis.free_cities(game, q)).bit_count(),
                     "active knights' strength": attack.knights[q], "attack": fate})
    frame = table(rows, index="player")
    frame.attrs["verdict"] = attack.verdict
    return frame


# ---------------------------------------------------------------- improvements
def improvement_frame(track: str = "science") -> pd.DataFrame:
    """One row per level of ``track``: building, cost, total cost, red faces, chance per roll of a card, what it
    brings."""
    from widgets.shared.frames import table

    rows = []
    for r in odds.improvement_table(track):
        rows.append({"level": r["level"], "building": r["building"], f"cost ({r['commodity']})": r["cost"],
                     "total so far": r["total cost"], "red die draws on": " ".join(map(str, r["red faces"])),
                     "card chance per roll": fraction_text(r["chance per roll"]),
                     "cards per 36 rolls": int(r["chance per roll"] * odds.rolls()), "brings": r["brings"]})
    return table(rows, index="level")


def draw_chance_frame() -> pd.DataFrame:
    """The chance per roll of a progress card, by track (rows) and level (columns), from the engine's gate queue."""
    from widgets.shared.frames import table

    data = {track: {f"level {n}": fraction_text(odds.draw_chance(track, n)) for n in range(odds.LEVELS + 1)}
            for track in ck_rulebook.TRACKS}
    return table(data).T


# ---------------------------------------------------------------- a game
def points_frame(game: CatanGame) -> pd.DataFrame:
    """Victory points by source (the engine's ``point_sources``), one column per seat, and the total."""
    from widgets.shared.frames import Table, table

    data = {seat_label(p): game.point_sources(p) for p in range(game.players)}
    frame = table(data)
    if isinstance(frame, Table):  # no pandas here: the total row added as a row
        return Table([*frame.data, list(frame.sum())], frame.columns, [*frame.index, "total"])
    frame.loc["total"] = frame.sum()
    return frame


def game_history(game: CatanGame) -> pd.DataFrame:
    """Per decision of ``game`` (its own history, replayed from the seed the way time travel does): each seat's
    victory points, the barbarian ship's position (C&K) and whether the barbarians attacked at that step."""
    from widgets.shared.frames import table

    replay = type(game)(game.config, game.seed)
    has_ship = hasattr(replay.state, "barbarian")
    rows = []

    def record(step: int, attacked: bool) -> None:
        row: dict[str, Any] = {"step": step, "turn": replay.state.turn}
        for p in range(replay.players):
            row[seat_label(p)] = sum(replay.point_sources(p).values())
        if has_ship:
            row["barbarians"] = replay.state.barbarian
            row["attack"] = attacked
        rows.append(row)

    record(0, False)
    for step, action in enumerate(game.history, start=1):
        events = replay.apply(action)
        record(step, any(e.rule == "barbarians.attack" for e in events))
    return table(rows, index="step")


def history_chart(game: CatanGame, history: pd.DataFrame | None = None) -> go.Figure:
    """Victory points of every seat (left axis, seat colours) and the barbarian ship (right axis, grey) over the game;
    a dotted line at each attack."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    history = game_history(game) if history is None else history
    steps = list(history.index)
    fig = make_subplots(specs=[[{"secondary_y": True}]])
    for p in range(game.players):
        name = seat_label(p)
        fig.add_trace(go.Scatter(x=steps, y=list(history[name]), name=name, mode="lines", line_shape="hv",
                                 line={"color": seat_colour(p), "width": 2.5}), secondary_y=False)
    if "barbarians" in history:
        fig.add_trace(go.Scatter(x=steps, y=list(history["barbarians"]), name="barbarian ship", mode="lines",
                                 line_shape="hv", line={"color": "#7d7d7d", "width": 1}, opacity=0.7),
                      secondary_y=True)
        for step in [s for s, attacked in zip(history.index, history["attack"], strict=True) if attacked]:
            fig.add_vline(x=step, line_dash="dot", line_color="#b0a58f", line_width=1)
    goal = getattr(game.config, "points_to_win", None)
    fig.update_layout(title="Victory points and the barbarian ship over the game", height=420,
                      xaxis={"title": {"text": "step (decisions)"}}, template="plotly_white",
                      margin={"l": 50, "r": 50, "t": 60, "b": 40}, legend={"title": {"text": ""}})
    fig.update_yaxes(title_text="victory points", secondary_y=False, range=[0, (goal or 10) + 1])
    if "barbarians" in history:
        fig.update_yaxes(title_text="ship (spaces moved)", secondary_y=True, range=[0, odds.STEPS + 0.5],
                         dtick=1, showgrid=False)
    return fig


__all__ = ["arrival_chart", "arrival_frame", "attack_frame", "dice_chart", "dice_frame", "draw_chance_frame",
           "fraction_text", "game_history", "history_chart", "improvement_frame", "node_frame", "percent",
           "points_frame", "rules_frame", "simulation_frame", "yield_frame"]
