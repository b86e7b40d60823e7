"""Kutná Hora as a table a learner plays by clicking, against bots; its boards as small views; score tables.

:class:`KHTable` draws the whole game: the round track (round, tax, the red public buildings waiting, the event
cards face down or revealed), the two card stands (each good's prices on the visible card, ✗ where nobody may build,
the town-builds marks), the town hall (three rows of stacks: the top tile with its guild or colour, wood, production,
plot value and icons, the column costs of 1 groschen and 1/2/3 permits; the noble bank, pool and council), the
St. Barbara cathedral (11 tiles, the done ones turned, the current one highlighted, each with its effect), the mine
board (entrances, rocks, mines with cost, ore and stars, miners by colour, the technology level, each row's stars
and values), the town (plots, buildings with their icons and plot value, owners, plot markers, the icons on the
board edge), every player board (guild rows with the houses left, production, miner pool and reserve, the 3 slots
for held tiles, pelicans, the reputation track 0–8, the action cards still in hand with both halves), the decision
the game waits for, and the event log (each entry names its rule; hovering shows the rule text). Only the human
seat's legal actions are clickable: a card half (``play``/``joker``/``idle``), an open mine space, a plot, a stack
top, a noble, a held tile; a choice with two parts (``mine TILE SPACE``, ``build TILE PLOT``) takes the tile first,
then the space. A row of buttons lists every legal action as text besides. The rules stay in
:mod:`games.kutna_hora.game`: the browser draws and sends intents, and a refused intent becomes a message, never a
traceback::

    from widgets.kh_table import KHTable
    table = KHTable(players=2, seed=1)   # the human is Player 1 (seat 0); a greedy bot plays the other seat
    table.act("play 2 mine")             # True; the bots move whenever it is their decision
    table.act("plot 99")                 # False: table.message says why
    table.undo(); table.show_step(5); table.play_rounds(1); table.play_to_end()
    table.score_frame()                  # points so far by category (mines, town, nobles, ...)

The boards on their own, drawn by the same front end (display only): ``TownHallView(game)``,
``BarbaraView(game)``, ``PlayerBoardView(game, player=0)``, each with ``update(game)``.

For notebooks: :func:`score_frame` (each player's points by category, from the logged scoring events),
:func:`score_history` (score and groschen after every step, one replay), :func:`score_chart` (both over the game,
plotly), :func:`table_state` (what the browser receives) and :class:`PositionExercise` (self-checking questions
answered by the engine: income, a plot's price, mine points, tax).

What the browser receives is built from ``game.observe(human)``: the tiles drawn in another player's Mine action,
the face-down events and the tiles under each town hall stack top never leave Python. The tiles, boards, events and
action cards are the designed ``approx`` components, so every view shows :data:`games.kutna_hora.BANNER`.

pandas and plotly are imported only when a table or chart is made, so ``import widgets`` stays quick.
"""

from __future__ import annotations

import pathlib
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from games.core import IllegalAction
from games.kutna_hora import BANNER, mines, town
from games.kutna_hora.data import approx as A
from games.kutna_hora.data import rulebook as R
from games.kutna_hora.data.components import GUILD_GOOD, RIGHTS_COSTS, TILES
from games.kutna_hora.game import KutnaHoraGame

from .exercises import ExerciseBox, Feedback
from .game_table import BOT_KINDS, MAX_BOT_STEPS, TableDriver
from .game_table import plural as _plural
from .game_table import short as _short
from .kk_table import seat_label

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd
    import plotly.graph_objects as go

_STATIC = pathlib.Path(__file__).parent / "static"

#: Parts of the board the front end can draw alone (``part`` trait); "table" is everything, and clickable.
PARTS = ("table", "hall", "barbara", "player")
#: How many events one sync carries (older ones are counted, not sent): a 4-player round of bot turns fits mostly,
#: and the cap keeps one sync under ~12 KB.
MAX_EVENTS = 40
#: How many bot decisions the message names one by one (the log has them all).
MAX_SUMMARY = 14

#: Player colours (ours): the four colours of the rule text's mine scoring example (紫, 青, 緑, 橙).
SEAT_HEX = ("#7b3fa0", "#2563b8", "#2f8f46", "#e07b1a")
SEAT_NAMES = ("purple", "blue", "green", "orange")
#: Drawing colours of the icon colours and the noble colours.
COLOUR_HEX = {"red": "#c8423a", "yellow": "#e3b52b", "green": "#3c9a4a", "blue": "#2f6fd0", "silver": "#9aa3ad"}
#: Score categories of :func:`score_frame`, in column order.
SCORE_CATEGORIES = ("mines", "mine tiles", "town", "income", "reputation", "leftovers", "nobles", "St. Barbara",
                    "buildings & houses", "beyond track")
_CATEGORY_OF = {"end.mines": "mines", "mine.points": "mine tiles", "end.town": "town", "end.income": "income",
                "end.reputation": "reputation", "end.leftovers": "leftovers", "reputation.beyond": "beyond track",
                "build.house": "buildings & houses", "public.bonus": "buildings & houses"}
#: Decision kinds in words, for the turn line.
KIND_WORDS = {"guilds": "setup: choose a guild set", "rows": "setup: order your guild rows",
              "play": "play an action card", "miners": "Mine: buy miners", "mine": "Mine: keep a tile, choose a space",
              "rights": "Rights: take a stack top", "plot": "Plot: buy a plot", "build": "Build: tile and plot",
              "tech": "technology tile", "council": "after Income: the council", "tax": "round end: tax",
              "house": "St. Barbara 3: remove a house", "noble": "St. Barbara 6: a noble to the council",
              "score": "St. Barbara 10: score a building", "over": "game over"}
#: Verbs whose one argument the view makes clickable on a board (the rest become buttons).
_ONE_ARG = ("rights", "plot", "council", "noble", "house", "score", "tech", "guilds")


# ====================================================================== small helpers


def _checked_game(game: Any) -> KutnaHoraGame:
    if not isinstance(game, KutnaHoraGame):
        raise TypeError(f"this view shows a Kutná Hora game (KutnaHoraGame(None, seed, players=2)), not "
                        f"{_short(game)}")
    return game


def _checked_seat(game: KutnaHoraGame, seat: Any, allow_none: bool = False) -> int | None:
    if seat is None and allow_none:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        extra = " or None (watch mode)" if allow_none else ""
        raise ValueError(f"seat must be 0 to {game.players - 1}{extra}, not {_short(seat)}")
    return seat


def _int(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def group_actions(texts: list[str]) -> dict[str, Any]:
    """Legal action texts grouped by what the view makes clickable.

    ``play`` (``{card: [halves]}``), ``joker`` (``{card: [actions]}``), ``idle`` (cards), ``mine`` (``{tile:
    [spaces]}``), ``build`` (``{tile: [plots]}``), one list per verb of one argument (``rights`` tiles, ``plot``
    and ``score`` plots, ``tech`` spaces, ``council`` and ``noble`` colours, ``house`` guilds, ``guilds`` set
    numbers), and ``buttons`` for the rest (``pass``, ``discard``, ``tech-remove``, ``tax pay``, ``miners 2``,
    ``rows ...``). :func:`ungroup_actions` turns it back into the texts."""
    groups: dict[str, Any] = {"play": {}, "joker": {}, "idle": [], "mine": {}, "build": {}, "buttons": []}
    groups.update({verb: [] for verb in _ONE_ARG})
    for text in texts:
        verb, *args = text.split()
        if verb in ("play", "joker") and len(args) == 2:
            groups[verb].setdefault(args[0], []).append(args[1])
        elif verb in ("mine", "build") and len(args) == 2:
            groups[verb].setdefault(args[0], []).append(_int(args[1]))
        elif verb == "idle" and len(args) == 1:
            groups["idle"].append(_int(args[0]))
        elif verb in _ONE_ARG and len(args) == 1:
            groups[verb].append(_int(args[0]))
        else:
            groups["buttons"].append(text)
    return groups


def ungroup_actions(groups: dict[str, Any]) -> list[str]:
    """The action texts of :func:`group_actions`, sorted as text."""
    texts = [f"{verb} {key} {arg}" for verb in ("play", "joker", "mine", "build")
             for key, args in groups.get(verb, {}).items() for arg in args]
    texts += [f"{verb} {arg}" for verb in ("idle", *_ONE_ARG) for arg in groups.get(verb, [])]
    return sorted(texts + list(groups.get("buttons", [])))


def _costs(game: KutnaHoraGame, texts: list[str]) -> dict[str, int]:
    """Groschen each costly legal action costs now (tooltips and labels), from the engine's own option tables."""
    decision = game.pending()
    if decision is None or not texts:
        return {}
    p, kind = decision.player, decision.kind
    # The free / public-only / anywhere flags of the step being decided live on the engine's stack (read only).
    flags = [bool(x) for x in game.state.stack[-1].ints] + [False, False]
    out: dict[str, int] = {}
    if kind == "rights":
        out = {f"rights {t}": cost for t, (_r, _c, cost) in game.rights_options(p, flags[0], flags[1]).items()}
    elif kind == "plot":
        out = {f"plot {i}": cost for i, cost in game.plot_options(p, flags[0], flags[1]).items()}
    elif kind == "build":
        out = {f"build {t} {i}": cost for t, i, cost in game.build_options(p, flags[0])}
    elif kind == "mine":
        spaces = game.mine_options(p, flags[0])
        out = {text: spaces[int(text.split()[2])] for text in texts if text.startswith("mine ")}
    elif kind == "miners":
        out = {text: game.price("permits") for text in texts if text.startswith("miners ")}
    elif kind == "council":
        out = {text: R.COUNCIL_COST.value for text in texts if text.startswith("council ")}
    elif kind == "tax":
        out = {"tax pay": game.state.stack[-1].ints[0]}  # the amount owed is fixed when the round ends
    legal = set(texts)
    return {k: v for k, v in out.items() if k in legal}


# ====================================================================== scores
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
    import pandas as pd

    rows = score_table(game)
    columns = [*SCORE_CATEGORIES, *(["other"] if any(r["other"] for r in rows) else []), "total"]
    frame = pd.DataFrame([[r[c] for c in columns] for r in rows], columns=columns,
                         index=[seat_label(p) for p in range(game.players)])
    frame.index.name = "player"
    return frame


def score_history(game: KutnaHoraGame) -> pd.DataFrame:
    """Score and groschen of every player after every step: index ``step`` 0 … number of decisions, columns
    ``("score", "Player n")`` and ``("groschen", "Player n")`` (``history["score"]`` is one column per player).

    The score is added up from the log's scoring events (each names its ``player`` and ``points``; setup events
    count for step 0); the groschen are read from one replay of the game, a snapshot after every step. The last
    row equals ``game.scores()`` and the players' groschen now."""
    import pandas as pd

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
        name, colour = seat_label(p), SEAT_HEX[p]
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


# ====================================================================== what the browser receives
def _catalog(game: KutnaHoraGame, human: int | None, bots: str, rules: bool = True) -> dict[str, Any]:
    """What never changes while one game is shown: sent once per game, so every step only carries ids. ``rules``
    adds every rule's text (for the event log's tooltips; the standalone views leave it out)."""
    n, size = game.players, game.size
    edges = town.snapshot([""] * size * size, [-1] * size * size, [-1] * size * size, size)["edges"]
    out: dict[str, Any] = {
        "players": n, "human": human, "bots": bots, "banner": BANNER, "source": A.SOURCE,
        "seat_colours": list(SEAT_HEX[:n]), "seat_names": list(SEAT_NAMES[:n]), "colours": dict(COLOUR_HEX),
        # building tiles: guild, colour, wood, production, plot value, icons, extra, technology, bonus, population
        "tiles": {t.id: [t.guild, t.colour, t.wood, t.production, t.plot_value, list(t.icons), t.extra,
                         int(t.technology), f"{t.bonus[0]} +{t.bonus[1]}" if t.bonus[0] else "", t.population]
                  for t in TILES.values()},
        "guild_good": dict(GUILD_GOOD.value),
        # mine tiles: back, wood cost, ore, population, points, stars
        "mine_tiles": {t.id: [t.back, t.cost, t.ore, t.population, t.points, t.stars] for t in mines.TILES.values()},
        "rocks": dict(mines.ROCKS), "mine_rows": mines.ROWS, "mine_columns": mines.COLUMNS,
        "entrances": sorted(mines.ENTRANCE_SPACES), "entrance_wood": R.ENTRANCE_WOOD.value,
        "town_size": size, "edges": edges,
        "cards": [list(halves) for halves in A.ACTION_CARDS.value],
        "houses": [[list(effect) for effect in row] for row in A.HOUSE_EFFECTS.value],
        "reputation": list(A.REPUTATION_POINTS.value),
        "barbara": [[game.rules[f"barbara.{k}"].text, A.ST_BARBARA_TAX.value[k - 1]]
                    for k in range(1, R.ST_BARBARA_TILES.value + 1)],
        "events": {e.id: [e.tax, e.population, e.ore, e.town_builds] for e in A.EVENTS},
        "rights_costs": [list(c) for c in RIGHTS_COSTS.value],
        "tax_reputation": list(A.TAX_REPUTATION.value[:game.rounds]), "tax_cap": R.TAX_CAP.value,
        "rounds": game.rounds, "red_round": R.RED_NOBLES_ROUND.value[n],
        "noble_from": game.rounds - R.NOBLE_ROUNDS.value + 1,
        "nobles": {c: game.rules[f"nobles.{c}"].text for c in R.NOBLE_COLOURS},
        "tech_draws": list(A.TECH_DRAWS.value), "council_cost": R.COUNCIL_COST.value,
        "plot_markers": R.PLOT_MARKERS.value, "held_slots": 3, "houses_per_row": R.HOUSES.value // 3,
    }
    if rules:
        sections = list(dict.fromkeys(rule.section for rule in game.rules.values()))
        out["sections"] = sections
        out["rules"] = {rule_id: [sections.index(rule.section), rule.text] for rule_id, rule in game.rules.items()}
    return out


def _stands(view: dict[str, Any]) -> dict[str, Any]:
    """The visible card of each deck: per good its slider, notch, price and the card's cells ``[price, ✗,
    town builds]`` (0/1 flags keep the message small)."""
    out = {}
    for name, deck in view["stands"]["decks"].items():
        goods = {good: [g["slider"], g["notch"], g["price"], [[c[0], int(c[1]), int(c[2])] for c in g["cells"]]]
                 for good, g in deck["goods"].items()}
        out[name] = {"position": deck["position"], "last": deck["last"], "flip": deck["flip"],
                     "flipped": deck["flipped"], "goods": goods}
    return out


def _events_shown(game: KutnaHoraGame) -> list[str]:
    """The event card above each round: its id once revealed, ``"face down"`` before, ``""`` for none.

    An event is revealed when its round begins (``events.reveal``), so during the setup even round 1's card is
    still face down; read from the state by that rule, whatever ``observe()`` shows."""
    s = game.state
    shown = s.round if s.phase != "setup" else 0
    return [e if r <= shown else ("face down" if e else "") for r, e in enumerate(s.events, 1)]


def table_state(game: KutnaHoraGame, human: int | None = 0, *, live: bool = True, bots: str = "greedy"
                ) -> dict[str, Any]:
    """What the browser holds of ``game`` as seat ``human`` sees it (``None``: the public view), one dict per
    synced trait: ``board`` (round track, tax, events, St. Barbara, nobles, prices, scores), ``stands``, ``hall``
    (each stack as ``[kind, name, top tile, tiles in it]``), ``mine`` (cells ``[tile, owner, open, cost in wood]``,
    rows ``[stars, values]``, the stack and the drawn tiles if they are the human's), ``town`` (plots ``[building,
    owner, marker]``), ``seats`` and ``status`` (the prompt, the human's legal actions as texts and grouped
    (:func:`group_actions`), their groschen costs). Built from ``game.observe(human)``; ``live=False`` (a look
    into the past) offers no actions."""
    view = game.observe(human)
    decision = game.pending()
    to_move = decision.player if decision else None
    yours = live and human is not None and to_move == human
    s = game.state
    board = {
        "round": view["round"], "rounds": view["rounds"], "phase": view["phase"], "start": view["start"],
        "turn": view["turn"], "plays_left": view["plays_left"], "tax": view["tax"], "red_track": view["red_track"],
        "events": _events_shown(game), "barbara": view["barbara"], "bank": view["bank"], "pool": view["pool"],
        "council": view["council"], "prices": view["prices"], "scores": view["scores"],
        "guild_card": view["guild_card"],
        "guild_sets": [[k + 1, list(A.GUILD_SETUP.value[s.guild_card][k])] for k in s.guild_sets],
        "joker_cost": [game.joker_cost(p) for p in range(game.players)],
    }
    mine = view["mine"]
    drawn = view["mine_drawn"]  # the tiles for the player who drew them; for everyone else only how many
    mine_part = {
        "cells": [[c["tile"], c["owner"], int(c["open"]), c["cost_here"]] for c in mine["cells"]],
        "rows": [[r["stars"], r["values"]] for r in mine["row_info"]],
        "technology": view["technology"], "tech_left": view["tech_left"], "stack": view["mine_stack"],
        "back": view["mine_stack_back"], "discard": view["mine_discard"],
        "drawn": drawn if isinstance(drawn, list) else [],
        "drawn_count": len(drawn) if isinstance(drawn, list) else drawn,
    }
    # Only each stack's top tile is open to everybody; the tiles under it stay in Python (and the message small).
    hall = {"rows": [[[st["kind"], st["name"], st["tiles"][-1], st.get("count", len(st["tiles"]))] for st in row]
                     for row in view["town_hall"]["rows"]], "discards": len(view["town_hall"]["discards"])}
    town_part = {"size": view["town"]["size"],
                 "plots": [[pl["building"], pl["owner"], pl["marker"]] for pl in view["town"]["plots"]]}
    seats = []
    for p, seen in enumerate(view["seats"]):
        seat = {k: seen[k] for k in ("groschen", "score", "reputation", "pelicans", "used_pelicans", "production",
                                     "mine_ore", "held", "guilds", "houses_taken", "houses_removed", "pool",
                                     "reserve", "cards", "income", "plots", "tax_due")}
        seat.update(nobles=game.noble_values(p), final=game.final_breakdown(p), you=p == human,
                    bot=None if p == human else bots)
        seats.append(seat)
    outcome = game.outcome()
    if outcome:
        names = " and ".join(seat_label(w) for w in outcome.winners)
        prompt = (f"The game is over: {names} {'win' if len(outcome.winners) > 1 else 'wins'} with "
                  f"{max(outcome.scores)} points.")
    else:
        prompt = decision.prompt if decision else ""
    kind = decision.kind if decision else "over"
    legal = game.legal_actions().texts() if yours else []
    status = {
        "step": len(game.history), "prompt": prompt, "kind": kind, "kind_words": KIND_WORDS.get(kind, kind),
        "to_move": to_move, "your_turn": yours, "bot_to_move": to_move is not None and to_move != human,
        "over": game.is_terminal(), "winners": list(outcome.winners) if outcome else [],
        "legal": legal, "actions": group_actions(legal), "costs": _costs(game, legal),
        "score_table": score_table(game) if game.is_terminal() else [],
    }
    return {"board": board, "stands": _stands(view), "hall": hall, "mine": mine_part, "town": town_part,
            "seats": seats, "status": status}



def _summary(moved: list[tuple[int, str]]) -> str:
    """``Player 2 (bot): play 4 rights, rights builders-2; ...``: the bots' decisions grouped by seat in turn, the
    first :data:`MAX_SUMMARY` named (the log has every one)."""
    parts: list[tuple[int, list[str]]] = []
    for seat, action in moved[:MAX_SUMMARY]:
        if parts and parts[-1][0] == seat:
            parts[-1][1].append(action)
        else:
            parts.append((seat, [action]))
    text = "; ".join(f"{seat_label(seat)} (bot): {', '.join(actions)}" for seat, actions in parts)
    more = len(moved) - MAX_SUMMARY
    return text + (f"; … {_plural(more, 'more bot decision')} (see the event log)" if more > 0 else "")


# ====================================================================== the views
class _KHView(anywidget.AnyWidget):
    """The synced traits every Kutná Hora view shares; ``part`` says what the front end draws."""

    _esm = _STATIC / "kh_table.js"
    _css = _STATIC / "kh_table.css"

    part = traitlets.Unicode("table").tag(sync=True)
    #: The seat a :class:`PlayerBoardView` draws (-1: every seat).
    player = traitlets.Int(-1).tag(sync=True)
    catalog = traitlets.Dict().tag(sync=True)
    board = traitlets.Dict().tag(sync=True)
    stands = traitlets.Dict().tag(sync=True)
    hall = traitlets.Dict().tag(sync=True)
    mine = traitlets.Dict().tag(sync=True)
    town = traitlets.Dict().tag(sync=True)
    seats = traitlets.List().tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    events = traitlets.List().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    #: Counts the answers, so the same refusal twice still reaches (and flashes in) the view.
    message_seq = traitlets.Int(0).tag(sync=True)


class KHTable(TableDriver, _KHView):
    """A Kutná Hora game in progress: the human seat plays by clicking, bots play the rest.

    ``KHTable(game=None, *, players=2, seed=0, human=0, bots="greedy")``: without ``game`` a new game
    (``KutnaHoraGame(None, seed, players=players)``) is started and the bots play until it is the human's
    decision. A ``game`` you pass in (or assign to ``.game``) is shown as it is; if a bot is to move, the view
    offers "bots move". ``human`` is the seat clicked for (``None``: every seat is a bot, watch mode); ``bots`` is
    ``"greedy"`` or ``"random"``, seeded from the game's seed and the seat, so a table replays.

    Synced state (Python → browser): ``catalog`` (tiles, cards, boards, colours and rule texts: sent once per
    game), ``board``, ``stands``, ``hall``, ``mine``, ``town``, ``seats``, ``status`` (:func:`table_state`; one
    trait per board, so a step only sends the boards that changed; ``status`` adds ``steps``, ``view`` and
    ``live``), ``events`` (``[step, text, rule id]`` since the human's last decision), ``message``,
    ``message_kind`` (``"info"`` / ``"error"``) and ``message_seq`` (counts answers).

    Intents (browser → Python, each carrying all its data): ``{"intent": "act", "action": "mine ii-3 7"}``,
    ``{"intent": "undo"}``, ``{"intent": "reset"}``, ``{"intent": "view_step", "step": 3}`` (``None`` or the last
    step: the present), ``{"intent": "next"}`` (bots move), ``{"intent": "play_to_end"}`` and
    ``{"intent": "play_rounds", "rounds": 1}`` (a bot plays the human's seat too, for that many rounds).
    """

    _ACTION_EXAMPLE = "'play 4 rights' or 'plot 14'"
    _MAX_ROUNDS = 6

    def __init__(self, game: KutnaHoraGame | None = None, *, players: int = 2, seed: int = 0,
                 human: int | None = 0, bots: str = "greedy", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if bots not in BOT_KINDS:
            raise ValueError(f"bots must be one of {', '.join(BOT_KINDS)}, not {_short(bots)}")
        self._bot_kind = bots
        fresh = game is None
        game = KutnaHoraGame(None, seed, players=players) if game is None else _checked_game(game)
        self._human = _checked_seat(game, human, allow_none=True)
        self._game = game
        self._view: int | None = None  # the step looked at; None: the present
        self._past: tuple[tuple[int, tuple[str, ...]], KutnaHoraGame] | None = None
        self._events_from = len(game.history) - 1
        self._new_bots()
        self.on_msg(self._on_browser_msg)
        moved = self._bots_play() if fresh and self._human is not None else []
        if moved:
            self._events_from = -1
        self._show(self._hello(moved))

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> KutnaHoraGame:
        """The game this view shows and drives. Assigning another game redraws the view (bots do not move)."""
        return self._game

    @game.setter
    def game(self, game: KutnaHoraGame) -> None:
        game = _checked_game(game)
        if self._human is not None:
            _checked_seat(game, self._human)
        self._game = game
        self._view, self._past = None, None
        self._events_from = len(game.history) - 1
        self._new_bots()
        self._show("Showing another game.")

    def _shown(self) -> KutnaHoraGame:
        """The live game, or the one replayed to the step looked at."""
        if self._view is None:
            return self._game
        key = (self._view, tuple(map(str, self._game.history[:self._view])))
        if self._past is None or self._past[0] != key:
            self._past = (key, self._game.at(self._view))
        return self._past[1]

    def _hello(self, moved: list[tuple[int, str]]) -> str:
        if self._human is None:
            return "Watch mode: every seat is a bot. Click 'next' for one decision or 'play to end'."
        text = f"You are {seat_label(self._human)} ({SEAT_NAMES[self._human]}). "
        if moved:
            text += f"The bots opened: {_summary(moved)}. "
        decision = self._game.pending()
        if decision is not None and decision.player != self._human:
            return text + "A bot is to move: click 'bots move'."
        return text + "Click a highlighted card half, space, plot, tile or button to decide."

    # ------------------------------------------------------------------ the verbs
    def act(self, action: str) -> bool:
        """Apply the human seat's ``action`` (``"play 4 rights"``, ``"mine ii-3 7"``, ``"plot 14"``, ``"pass"``,
        ...), then let the bots move until it is the human's decision again or the game is over. ``False``, with
        :attr:`message` saying why, when it is refused (nothing changes then)."""
        def step() -> str:
            refusal = self._why_not_act()
            if refusal:
                raise IllegalAction(action, refusal)
            start = len(self._game.history)
            self._game.apply(action)
            done = str(self._game.history[-1])
            moved = self._bots_play()
            self._events_from = start
            text = f"Step {start + 1}: you played '{done}'."
            return text + (f" Then {_summary(moved)}." if moved else "")
        return self._run(step)

    def reset(self) -> bool:
        """Start the same game again (same config and seed); the bots play until the human's decision."""
        def step() -> str:
            self._game = type(self._game)(self._game.config, self._game.seed)
            self._view, self._past = None, None
            self._new_bots()
            moved = self._bots_play() if self._human is not None else []
            self._events_from = -1
            return "New game. " + self._hello(moved)
        return self._run(step)

    def bots_move(self) -> bool:
        """Let the bots decide: in watch mode one decision; otherwise until the human's decision."""
        def step() -> str:
            self._live_only("next")
            decision = self._game.pending()
            if decision is None:
                raise IllegalAction("next", "the game is over; undo or reset to play again.")
            if decision.player == self._human:
                raise IllegalAction("next", "it is your decision: click a highlighted card, space or button.")
            start = len(self._game.history)
            moved = self._bots_play(one=self._human is None)
            self._events_from = start
            return f"{_summary(moved)}."
        return self._run(step)

    def play_rounds(self, rounds: int = 1) -> bool:
        """Bots play every seat, the human's included, until ``rounds`` more rounds have begun (or the game is
        over), and then on to the human's next decision: a quick way through a game in a notebook."""
        def step() -> str:
            self._live_only("play_rounds")
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 6:
                raise IllegalAction("play_rounds", f"rounds must be a whole number from 1 to 6, not "
                                    f"{_short(rounds)}.")
            if self._game.is_terminal():
                raise IllegalAction("play_rounds", "the game is over already.")
            start = len(self._game.history)
            target = self._game.state.round + rounds
            moved = 0
            for _ in range(MAX_BOT_STEPS):
                decision = self._game.pending()
                if decision is None:
                    break
                if self._game.state.round >= target and (self._human is None or decision.player == self._human):
                    break
                self._game.apply(self._bots[decision.player].choose(self._game))
                moved += 1
            self._events_from = start
            s = self._game.state
            where = "the game is over" if self._game.is_terminal() else f"now round {s.round} of {self._game.rounds}"
            return f"The bots played {_plural(moved, 'decision')}, yours included; {where}."
        return self._run(step)

    def _final_prompt(self) -> str:
        return str(table_state(self._game, self._human)["status"]["prompt"])

    def _bots_play(self, stop_at: Any = "human", one: bool = False) -> list[tuple[int, str]]:
        """Bots decide until it is ``stop_at``'s decision (default: the human seat) or the game is over.
        Returns ``(seat, action)`` per decision."""
        stop = self._human if stop_at == "human" else stop_at
        moved = []
        for _ in range(MAX_BOT_STEPS):
            decision = self._game.pending()
            if decision is None or decision.player == stop:
                break
            action = self._bots[decision.player].choose(self._game)
            self._game.apply(action)
            moved.append((decision.player, str(action)))
            if one:
                break
        return moved

    # ------------------------------------------------------------------ tables
    def score_frame(self) -> pd.DataFrame:
        """:func:`score_frame` of the position shown."""
        return score_frame(self._shown())

    # ------------------------------------------------------------------ syncing
    def _events(self, game: KutnaHoraGame) -> list[list[Any]]:
        first_step = self._events_from if self._view is None else self._view - 1
        log = game.log
        first = len(log)
        while first and log[first - 1].step >= first_step:  # the newest events sit at the end of the log
            first -= 1
        mine = log[first:]
        if len(mine) <= MAX_EVENTS:
            return [[e.step, e.text, e.rule] for e in mine]
        # The newest events matter most (after "play to end": the scoring), so the oldest are left out.
        skipped = len(mine) - MAX_EVENTS
        return [[mine[0].step, f"… {skipped} earlier events (see game.log)", ""],
                *([e.step, e.text, e.rule] for e in mine[skipped:])]

    def _show(self, message: str, kind: str = "info") -> None:
        game = self._shown()
        state = table_state(game, self._human, live=self._view is None, bots=self._bot_kind)
        state["status"].update(steps=len(self._game.history), view=len(game.history), live=self._view is None)
        key = (id(self._game), self._human, self._bot_kind)
        if getattr(self, "_catalog_key", None) != key:
            self._catalog_key, self._catalog_value = key, _catalog(self._game, self._human, self._bot_kind)
        with self.hold_sync():  # one sync message per step; unchanged traits are not sent again
            self.catalog = self._catalog_value
            for name, value in state.items():
                setattr(self, name, value)
            self.events = self._events(game)
            self.message = message
            self.message_kind = kind
            self.message_seq += 1

    # ------------------------------------------------------------------ intents from the browser

class _PartView(_KHView):
    """One board of a game on its own, display only: the same front end as :class:`KHTable`, drawing ``part``."""

    _part = "table"
    #: The synced traits this part draws (the others stay empty).
    _uses: tuple[str, ...] = ()

    def __init__(self, game: KutnaHoraGame, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.part = self._part
        self.update(game)

    def update(self, game: KutnaHoraGame) -> None:
        """Redraw from ``game`` (the public view: nothing hidden is sent)."""
        game = _checked_game(game)
        self._check(game)
        state = table_state(game, None, live=False, bots="")
        with self.hold_sync():
            self.catalog = _catalog(game, None, "", rules=False)
            for name in self._uses:
                setattr(self, name, state[name])
            self.status = {"step": state["status"]["step"], "prompt": state["status"]["prompt"], "live": False,
                           "actions": group_actions([]), "legal": [], "costs": {}}

    def _check(self, game: KutnaHoraGame) -> None:
        """Raise for a game this view cannot show."""


class TownHallView(_PartView):
    """The town hall of a game: three rows of stacks with their top tiles, the column costs (1 groschen, 1/2/3
    permits at the current permit price), and the noble bank, pool and council. ``TownHallView(game)``;
    ``view.update(game)`` redraws."""

    _part = "hall"
    _uses = ("board", "hall")


class BarbaraView(_PartView):
    """The St. Barbara cathedral of a game: 11 tiles (1–5 at the bottom, 6–10 above, 11 on top), the done ones
    turned, the current one highlighted, each with its effect and tax icon. ``BarbaraView(game)``;
    ``view.update(game)`` redraws."""

    _part = "barbara"
    _uses = ("board",)


class PlayerBoardView(_PartView):
    """One player's board: guild rows with the houses left and what each space shows, production, miners, the 3
    slots, pelicans, the reputation track, the action cards still in hand. ``PlayerBoardView(game, player=0)``;
    ``view.update(game)`` redraws."""

    _part = "player"
    _uses = ("board", "seats")

    def __init__(self, game: KutnaHoraGame, player: int = 0, **kwargs: Any) -> None:
        _checked_seat(_checked_game(game), player)
        super().__init__(game, player=player, **kwargs)

    def _check(self, game: KutnaHoraGame) -> None:
        _checked_seat(game, self.player)


# ====================================================================== exercises
#: What a :class:`PositionExercise` may ask, with the unit of its answer.
ASKS = {"income": "groschen", "plot": "groschen", "mines": "points", "tax": "groschen"}


class PositionExercise:
    """"Predict a number at this position", answered by the engine, never stored.

    ``ask`` is ``"income"`` (what an Income action gives ``player`` now: production × price, :meth:`income_of`),
    ``"plot"`` (what buying plot ``plot`` costs ``player`` now, :meth:`plot_options`), ``"mines"`` (the points
    ``player``'s mines would score in the final mine scoring now, :meth:`final_breakdown`) or ``"tax"`` (what
    ``player`` owes at the end of this round: tax plus plot tax, :meth:`tax_due`). ``question``, ``answer()``,
    ``explain()``, ``check(answer) -> Feedback`` (never raises) and ``show()`` (question, answer box, Check,
    feedback). A question that cannot be asked at the position raises ``ValueError`` at once, so a broken
    exercise fails when its notebook runs."""

    def __init__(self, title: str, game: KutnaHoraGame, ask: str, player: int = 0, plot: int | None = None,
                 hint: str = "") -> None:
        self.title, self.hint = title, hint
        self.game = _checked_game(game).clone()  # a snapshot: the exercise never moves with a live game
        self.player = _checked_seat(self.game, player)
        if ask not in ASKS:
            raise ValueError(f"exercise {title!r}: ask one of {', '.join(ASKS)}, not {_short(ask)}")
        self.ask, self.unit = ask, ASKS[ask]
        self.plot = plot
        if ask == "plot" and (plot is None or plot not in self._plot_costs()):
            buyable = sorted(self._plot_costs())
            raise ValueError(f"exercise {title!r}: plot {_short(plot)} is not for sale to "
                             f"{seat_label(player)} now; these are: {buyable}")

    def _plot_costs(self) -> dict[int, int]:
        # A position's prices before money is checked: every plot the player could buy with enough groschen.
        twin = self.game.clone()
        twin.state.seats[self.player].groschen = 10_000
        return twin.plot_options(self.player, False, False)

    @property
    def question(self) -> str:
        who = seat_label(self.player)
        return {
            "income": f"{who} takes an Income action now. How many groschen does it give?",
            "plot": f"{who} buys plot {self.plot} now. How many groschen does it cost?",
            "mines": f"If the game ended now, how many points would {who} score in the final mine scoring?",
            "tax": f"How many groschen does {who} owe at the end of this round (tax plus plot tax)?",
        }[self.ask]

    def answer(self) -> int:
        g, p = self.game, self.player
        if self.ask == "income":
            return g.income_of(p)
        if self.ask == "plot":
            return self._plot_costs()[int(self.plot)]  # type: ignore[arg-type]
        if self.ask == "mines":
            return g.final_breakdown(p)["mines"]
        return g.tax_due(p)

    def explain(self) -> str:
        g, p = self.game, self.player
        seat = g.state.seats[p]
        if self.ask == "income":
            from games.kutna_hora.income import income_lines

            lines = income_lines(seat.production, g.prices(), seat.mine_ore)
            said = " + ".join(f"{good} {n} × {price}" for good, n, price, _ in lines) or "no production yet"
            return f"Income is production × the current price, good by good: {said} = {g.income_of(p)} [income.sum]."
        if self.ask == "plot":
            near = [TILES[g.state.town[j]].plot_value for j in town.neighbours(int(self.plot), g.size)  # type: ignore
                    if g.state.town[j]]
            if seat.reputation >= R.CHEAP_PLOT.value[0]:
                why = f"with reputation {seat.reputation} (3 or more) every plot costs 1 [plot.reputation]"
            elif near:
                why = (f"the plot is next to buildings with plot values {near}: it costs the highest, not the sum "
                       "[plot.cost]")
            else:
                why = ("no building is next to it and none is in town (or every plot next to one is taken): 5 "
                       "[plot.first]")
            return f"Plot {self.plot}: {why}."
        if self.ask == "mines":
            rows = mines.score_rows(g.state.mine, g.state.mine_owner, g.players)
            said = "; ".join(f"row {r.row + 1}: {r.stars} stars (worth {'/'.join(map(str, r.values))}), yours "
                             f"{r.player_stars[p]} → {r.points[p]}" for r in rows)
            return f"Each row is worth points by its stars; the players rank by their own stars [end.mines]. {said}."
        plots = g.state.markers.count(p)
        extra = R.PLOT_TAX.value.get(plots, 0)
        return (f"The tax marker shows {g.state.tax}; with {_plural(plots, 'plot marker')} in town the plot tax is "
                f"{extra} [tax.pay]: {g.state.tax} + {extra} = {g.tax_due(p)}.")

    def check(self, answer: Any) -> Feedback:
        """Compare ``answer`` with the engine's number. Never raises: unreadable input gets a readable message."""
        value = _whole(answer, self.unit)
        if isinstance(value, str):
            return Feedback(False, value)
        truth = self.answer()
        if value == truth:
            return Feedback(True, f"Right: {truth} {self.unit}. {self.explain()}")
        hint = f" Hint: {self.hint}" if self.hint else ""
        return Feedback(False, f"Not quite: you said {value}, but it is {truth} {self.unit}. {self.explain()}{hint}")

    def question_html(self) -> str:
        import html

        hint = f"<details><summary>Hint</summary>{html.escape(self.hint)}</details>" if self.hint else ""
        return (f"<div class='kh-ex-question'><b>{html.escape(self.title)}</b><br>{html.escape(self.question)}"
                f"{hint}</div>")

    def show(self) -> ExerciseBox:
        """The exercise as a widget: question, a whole-number box, Check and feedback (a new box per call)."""
        box = ExerciseBox(self)  # type: ignore[arg-type]  # the box only needs question_html() and check()
        box.answer.description = self.unit
        return box

    def __repr__(self) -> str:
        return f"<PositionExercise: {self.question}>"


def _whole(answer: Any, unit: str) -> int | str:
    """The answer as a whole number (points may be 0 or negative), or a sentence saying what is wrong with it."""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return f"Type your answer first: a whole number of {unit}, e.g. 3."
    if isinstance(answer, bool):
        return f"Type a whole number of {unit}, not {answer}."
    if isinstance(answer, float):
        if not answer.is_integer():
            return f"The answer is a whole number of {unit}, not {answer}."
        answer = int(answer)
    if isinstance(answer, str):
        text = answer.strip().lower().removesuffix(unit).strip()
        if not text.lstrip("+-").isdigit():
            return f"{answer.strip()!r} is not a number: type a whole number of {unit}, e.g. 3."
        answer = int(text)
    if not isinstance(answer, int):
        return f"Type a whole number of {unit}, not a {type(answer).__name__}."
    return answer


__all__ = ["BarbaraView", "KHTable", "PlayerBoardView", "PositionExercise", "TownHallView", "group_actions",
           "score_category", "score_chart", "score_frame", "score_history", "score_table", "table_state",
           "ungroup_actions"]
