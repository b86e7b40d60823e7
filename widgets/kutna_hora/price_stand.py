"""The two Kutná Hora card stands as a notebook view, and a small app around them.

:class:`PriceStand` draws the population and ore stands like the physical card stands: the visible card of each
deck, every good's row of printed numbers with its slider, the red ✗, the town-builds icon and the ``4*`` stars,
and it highlights what the last step changed. It owns a price-sandbox game; clicking a deck's card advances it by
one card, clicking a good's row builds that good. The rules stay in :mod:`games.kutna_hora`: the browser only draws
and sends intents, and a refused intent becomes a message in the view, never a traceback::

    from widgets import PriceStand
    stand = PriceStand()          # a free-exploration sandbox (1 player, 200 turns)
    stand.build("beer")           # True; the beer slider moves one notch right
    stand.build("beer"); stand.build("beer")   # False: the price shows a red ✗, so stand.message says why
    stand
    stand.game = economy_at(ore=29)   # a hand-made position: the ore deck at card 29

:class:`PriceStandApp` adds ipywidgets controls and a live plotly chart of every price along the decks;
:func:`price_chart` and :func:`price_table_frame` are the same views for static use.
"""

from __future__ import annotations

import contextlib
import pathlib
from typing import TYPE_CHECKING, Any, Callable, Mapping

import anywidget
import ipywidgets
import traitlets

from games import kutna_hora
from games.core import Action, GameError, IllegalAction
from games.kutna_hora.economy import MAX_ADVANCE, EconomyGame
from games.kutna_hora.prices import DECKS, PriceTable, Stands, stand_snapshot

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd
    import plotly.graph_objects as go

_STATIC = pathlib.Path(__file__).parent / "static"

#: How many events of the last step the view lists (the rest are counted, not sent).
MAX_EVENTS = 10
#: A free-exploration sandbox: one player and the longest game the sandbox allows.
FREE_PLAY = {"players": 1, "turns": 200, "seed": 0}

INTENTS = ("advance", "build", "income", "undo", "reset")


def economy_at(population: int = 0, ore: int = 0, sliders: Mapping[str, int] | None = None,
               **config: Any) -> EconomyGame:
    """A fresh price sandbox at a hand-made position, as a teacher would arrange the card stands.

    ``economy_at(population=11, sliders={"beer": 1})``: the decks show those cards, the named sliders sit at those
    notches and every other slider is at the far left. ``config`` as for ``new_economy`` (default: free play).
    The position is set, not played: no card "appears", so no town-builds icon acts on the way there. It is part
    of the game's config, so undo, reset, replay and saves keep it. Raises ``ConfigError`` (a ``ValueError``)
    naming the bad part of a position that does not exist.
    """
    return kutna_hora.new_economy(**{**FREE_PLAY, **config, "start_population": population, "start_ore": ore,
                                     "start_sliders": dict(sliders or {})})


def _snapshot(game: EconomyGame) -> dict[str, Any]:
    return stand_snapshot(game.table, game.stands)


def _changes(before: dict[str, Any], after: dict[str, Any]) -> tuple[list[str], list[str]]:
    """What differs between two stand snapshots: tokens for the view and phrases for the message.

    Tokens: ``deck:<deck>`` (the visible card changed), ``flip:<deck>`` (the deck was turned over or back),
    ``slider:<good>`` (the good's slider moved) and ``price:<good>`` (the good's price differs).
    """
    tokens: list[str] = []
    phrases: list[str] = []
    for deck, new in after["decks"].items():
        old = before["decks"][deck]
        if old["position"] != new["position"]:
            tokens.append(f"deck:{deck}")
            phrases.append(f"{deck} card {old['position']} → {new['position']}")
        if old["flipped"] != new["flipped"]:
            tokens.append(f"flip:{deck}")
        sliders_said = set()
        for good, g in new["goods"].items():
            was = old["goods"][good]
            if was["notch"] != g["notch"]:
                tokens.append(f"slider:{good}")
                if g["slider"] not in sliders_said:
                    sliders_said.add(g["slider"])
                    phrases.append(f"{g['slider']} slider notch {was['notch']} → {g['notch']}")
            if was["price"] != g["price"]:
                tokens.append(f"price:{good}")
                phrases.append(f"{good} {was['price']} → {g['price']}")
    return tokens, phrases


def _word(text: Any) -> Any:
    """Forgive case and spaces in deck and good names (``" Beer"`` is ``beer``); other values pass through."""
    return text.strip().lower() if isinstance(text, str) else text


def _short(event: Any) -> str:
    return f"{event.text} [{event.rule}]"


class PriceStand(anywidget.AnyWidget):
    """Both card stands of a price-sandbox game, drawn like the printed cards (see the module docstring).

    Synced state (Python → browser): ``stand`` (:func:`~games.kutna_hora.prices.stand_snapshot`), ``changed``
    (tokens of what the last step changed: ``deck:ore``, ``flip:ore``, ``slider:beer``, ``price:beer``),
    ``message`` and ``message_kind`` (``"info"`` or ``"error"``), ``message_seq`` (counts answers), ``events``
    (the last step's events, each ``"text [rule id]"``) and ``status`` (step, whose turn, money, turns left,
    which goods can be built now).

    Intents (browser → Python, each carrying all its data): ``{"type": "advance", "deck": "ore", "cards": 1}``,
    ``{"type": "build", "good": "beer"}``, ``{"type": "income"}``, ``{"type": "undo"}``, ``{"type": "reset"}``.
    """

    _esm = _STATIC / "price_stand.js"
    _css = _STATIC / "price_stand.css"

    stand = traitlets.Dict().tag(sync=True)
    changed = traitlets.List(traitlets.Unicode()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    events = traitlets.List(traitlets.Unicode()).tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    #: Counts the answers; it makes a repeated message (the same refusal twice) still reach and flash the view.
    message_seq = traitlets.Int(0).tag(sync=True)

    def __init__(self, game: EconomyGame | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._game = self._checked(game) if game is not None else kutna_hora.new_economy(**FREE_PLAY)
        self.on_msg(self._on_browser_msg)
        self.refresh("Price sandbox ready: click a deck's card to advance it by one card, or a good's row to "
                     "build it.")

    # ------------------------------------------------------------------ the game
    @staticmethod
    def _checked(game: Any) -> EconomyGame:
        if not (hasattr(game, "table") and hasattr(game, "stands") and hasattr(game, "apply")):
            raise TypeError(f"PriceStand shows a price-sandbox game (kutna_hora.new_economy()), not {game!r}")
        return game

    @property
    def game(self) -> EconomyGame:
        """The game this view shows and drives. Assigning another game redraws the view."""
        return self._game

    @game.setter
    def game(self, game: EconomyGame) -> None:
        self._game = self._checked(game)
        self.refresh("Showing another game.")

    def refresh(self, message: str = "") -> None:
        """Redraw from the game (after changing ``.game`` from Python directly), with no change highlighted."""
        self._show(_snapshot(self._game), message, "info", tokens=[])

    # ------------------------------------------------------------------ the verbs (all through _run)
    def apply(self, action: Action | str) -> bool:
        """Carry out an action given as text or :class:`Action`; False (and a message) if it is refused."""
        return self._run(lambda: self._game.apply(action))

    def advance(self, deck: str, cards: int = 1) -> bool:
        """Advance ``deck`` (``"population"`` or ``"ore"``) by ``cards`` cards."""
        return self._run(lambda: self._game.apply(Action("advance", (_word(deck), cards))))

    def build(self, good: str) -> bool:
        """Build the guild building that produces ``good`` (its slider moves one notch right)."""
        return self._run(lambda: self._game.apply(Action("build", (_word(good),))))

    def income(self) -> bool:
        """Take income: production × current price."""
        return self._run(lambda: self._game.apply(Action("income")))

    def undo(self) -> bool:
        """Take back the last action."""
        def take_back() -> str:
            if not self._game.history:
                raise IllegalAction("undo", "there is nothing to undo yet: no action has been taken.")
            last = self._game.history[-1]
            self._game.undo()
            return f"Took back '{last}'"
        return self._run(take_back)

    def reset(self) -> bool:
        """Start the same sandbox again (same config and seed, no actions)."""
        def start_again() -> str:
            self._game = type(self._game)(self._game.config, self._game.seed)
            return "New game: both decks at card 0, every slider at the far left"
        return self._run(start_again)

    def _run(self, step: Callable[[], Any]) -> bool:
        """The one handler every verb goes through: refusals become a message, never an exception."""
        before = _snapshot(self._game)
        try:
            result = step()
        except IllegalAction as err:
            self._show(before, f"Not allowed: {err.reason}", "error")
            return False
        except GameError as err:  # InvalidNotation and the other rules-package errors
            self._show(before, f"Not understood: {err}", "error")
            return False
        after = _snapshot(self._game)
        tokens, phrases = _changes(before, after)
        head = result if isinstance(result, str) else f"Step {len(self._game.history)}: {self._game.history[-1]}"
        if phrases:
            text = f"{head}: {', '.join(phrases)}."
        elif self._game.log and isinstance(result, list) and result:
            text = f"{head}: {result[-1].text}"
        else:
            text = f"{head}."
        if self._game.is_terminal():
            money = ", ".join(f"player {p + 1} {s}" for p, s in enumerate(self._game.scores()))
            text += f" The game is over; groschen: {money}."
        self._show(after, text, "info", tokens)
        return True

    # ------------------------------------------------------------------ syncing
    def _status(self) -> dict[str, Any]:
        game = self._game
        decision = game.pending()
        legal = game.legal_actions()
        return {
            "step": len(game.history),
            "player": None if game.current_player is None else game.current_player + 1,
            "groschen": list(game.scores()),
            "prompt": decision.prompt if decision else "The game is over.",
            "over": game.is_terminal(),
            "buildable": [str(a.args[0]) for a in legal if a.verb == "build"],
            "max_cards": MAX_ADVANCE,
        }

    def _last_events(self) -> list[str]:
        step = len(self._game.history) - 1
        log = self._game.log
        first = len(log)
        while first and log[first - 1].step == step:  # the last step's events sit at the end of the log
            first -= 1
        mine = log[first:]
        shown = [_short(e) for e in mine[:MAX_EVENTS]]
        if len(mine) > MAX_EVENTS:
            shown.append(f"… and {len(mine) - MAX_EVENTS} more events (see game.log)")
        return shown

    def _show(self, snap: dict[str, Any], message: str, kind: str, tokens: list[str] | None = None) -> None:
        with self.hold_sync():  # one sync message per step
            self.stand = snap
            if tokens is not None:
                self.changed = tokens
            self.message = message
            self.message_kind = kind
            self.message_seq += 1
            self.events = self._last_events()
            self.status = self._status()

    # ------------------------------------------------------------------ intents from the browser
    def _on_browser_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_intent(content)
        except Exception as err:  # a bug must not vanish into the JupyterLab log console
            self._show(_snapshot(self._game), f"Something went wrong in the widget: {type(err).__name__}: {err}",
                       "error")

    def handle_intent(self, intent: Any) -> bool:
        """Carry out one intent dict as the browser sends it; a malformed one becomes an error message."""
        problem = _intent_problem(intent)
        if problem:
            self._show(_snapshot(self._game), f"Not understood: {problem}", "error")
            return False
        kind = intent["type"]
        if kind == "advance":
            return self.advance(intent["deck"], intent.get("cards", 1))
        if kind == "build":
            return self.build(intent["good"])
        return {"income": self.income, "undo": self.undo, "reset": self.reset}[kind]()


def _intent_problem(intent: Any) -> str | None:
    """Why ``intent`` is not a well-formed intent (``None`` if it is). Rules questions are left to the game."""
    if not isinstance(intent, dict):
        return f"an intent is an object like {{'type': 'income'}}, not {type(intent).__name__}."
    kind = intent.get("type")
    if kind not in INTENTS:
        return f"unknown intent type {kind!r}; the intents are {', '.join(INTENTS)}."
    if kind == "advance":
        deck, cards = intent.get("deck"), intent.get("cards", 1)
        if not isinstance(deck, str):
            return f"'advance' needs a deck ({' or '.join(DECKS)}), got {deck!r}."
        if isinstance(cards, bool) or not isinstance(cards, int):
            return f"'advance' needs a whole number of cards, got {cards!r}."
    if kind == "build" and not isinstance(intent.get("good"), str):
        return f"'build' needs a good (e.g. 'beer'), got {intent.get('good')!r}."
    return None


# ---------------------------------------------------------------------- static views: chart and table
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
    import pandas as pd

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
    frame = pd.DataFrame(rows, columns=pd.Index(range(notches), name="notch"))
    frame.index.name = "position"
    return frame


# ---------------------------------------------------------------------- the app
class PriceStandApp(ipywidgets.VBox):
    """The card stands, ipywidgets controls (advance, build, income, undo, reset) and a live price chart.

    ``app = PriceStandApp(); app`` - then ``app.stand`` is the :class:`PriceStand`, ``app.game`` its game and
    ``app.chart`` the plotly ``FigureWidget`` (updated after every step).
    """

    def __init__(self, game: EconomyGame | None = None, chart: bool = True, **kwargs: Any) -> None:
        self.stand = PriceStand(game)
        table = self.stand.game.table
        self.deck = ipywidgets.Dropdown(options=list(DECKS), value=DECKS[0], description="deck",
                                        layout={"width": "200px"})
        self.cards = ipywidgets.BoundedIntText(value=1, min=1, max=MAX_ADVANCE, description="cards",
                                               layout={"width": "140px"})
        self.advance_button = ipywidgets.Button(description="Advance", icon="forward",
                                                tooltip="advance the deck by this many cards")
        self.good = ipywidgets.Dropdown(options=list(table.goods), value=table.goods[0], description="good",
                                        layout={"width": "200px"})
        self.build_button = ipywidgets.Button(description="Build", icon="home",
                                              tooltip="build the guild building that produces this good")
        self.income_button = ipywidgets.Button(description="Income", icon="money",
                                               tooltip="production × current price")
        self.undo_button = ipywidgets.Button(description="Undo", icon="undo")
        self.reset_button = ipywidgets.Button(description="Reset", icon="refresh", button_style="warning")

        self.advance_button.on_click(lambda _b: self.stand.advance(self.deck.value, int(self.cards.value)))
        self.build_button.on_click(lambda _b: self.stand.build(self.good.value))
        self.income_button.on_click(lambda _b: self.stand.income())
        self.undo_button.on_click(lambda _b: self.stand.undo())
        self.reset_button.on_click(lambda _b: self.stand.reset())

        controls = ipywidgets.VBox([
            ipywidgets.HBox([self.deck, self.cards, self.advance_button]),
            ipywidgets.HBox([self.good, self.build_button, self.income_button, self.undo_button,
                             self.reset_button]),
        ])
        children: list[ipywidgets.Widget] = [self.stand, controls]
        self.chart = None
        if chart:
            import plotly.graph_objects as go

            self.chart = go.FigureWidget(price_chart(table, self.stand.game.stands))
            children.append(self.chart)
            self.stand.observe(self._redraw_chart, names="stand")
        super().__init__(children=children, **kwargs)

    @property
    def game(self) -> EconomyGame:
        return self.stand.game

    def _redraw_chart(self, _change: dict[str, Any]) -> None:
        if self.chart is not None:
            update_price_chart(self.chart, self.stand.game.table, self.stand.game.stands)
