"""Kardinal & König – Das Kartenspiel as a table a learner plays by clicking, against bots.

:class:`KKTable` draws the 4 × 14 card layout as cards (country colour and name, crests, ship or carriage, claim
stones in their player's colour, face-down law chips as chip backs), every player's display grouped by country, the
scoring chart (決算チャート) and the decision the game waits for. Only what the human seat may do now is clickable:
the end cards it may take, the free cards to place a claim stone on, its own stones to lift or discard, and buttons
for ``stop``, ``pass``, ``skip`` and ``play three|colours|return``. After every human decision the bots play the
other seats until it is the human's turn again. The rules stay in :mod:`games.kardinal_koenig`: the browser only
draws and sends intents, and a refused intent becomes a message in the view, never a traceback::

    from widgets import KKTable
    table = KKTable(players=4, seed=1)     # the human is player 1 (seat 0), greedy bots play the rest
    table.act("take 2 14")                 # True; then the bots move until it is player 1's decision again
    table.act("take 3 3")                  # False when the rules refuse: table.message says why
    table.undo()                           # back to the human's previous decision (the bots' moves go too)
    table.chart_frame()                    # the scoring chart as a pandas DataFrame
    table                                  # the view

    KKTable(human=None, bots="random")     # watch mode: every seat is a bot ("next" / "play to end")

What the browser receives is built from ``game.observe(human)``: the kinds of law chips lying face down on the
layout or held by other players never leave Python (only the human's own chips, and every chip once the game is
over, as the rules reveal them).
"""

from __future__ import annotations

import pathlib
from typing import TYPE_CHECKING, Any, Callable

import anywidget
import traitlets

from games import kardinal_koenig
from games.core import GameError, IllegalAction
from games.core.bots import Bot, make_bot
from games.kardinal_koenig import CardGame
from games.kardinal_koenig.data.components import COUNTRIES, COUNTRY_CARDS, COUNTRY_NAMES, LAW_CHIP_KINDS
from games.kardinal_koenig.view import COUNTRY_COLOURS, CREST_SYMBOLS, ROUTE_SYMBOLS

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd

_STATIC = pathlib.Path(__file__).parent / "static"

INTENTS = ("act", "undo", "reset", "view_step", "next", "play_to_end")
BOT_KINDS = ("greedy", "random")
#: How many events the log sends (older ones are counted, not sent): a round of 5 players fits.
MAX_EVENTS = 40
#: A bot that never reaches the human's turn is a bug; stop instead of hanging the kernel.
MAX_BOT_STEPS = 5_000

#: Claim-stone colours per seat (our choice: distinct from each other and readable on every country colour).
STONE_COLOURS = ("#d62828", "#1d3557", "#f4d35e", "#2a9d8f", "#f5f5f5")
#: Country short names for the cards (France and Franconia need more than their first three letters).
COUNTRY_SHORT = {"france": "Fra", "saxony": "Sax", "hungary": "Hun", "castile": "Cas", "franconia": "Frk",
                 "bavaria": "Bav", "italy": "Ita", "england": "Eng", "denmark": "Den"}
#: Rows of the chart after the countries, as :meth:`KKTable.chart_frame` labels them.


def seat_label(seat: int) -> str:
    return f"Player {seat + 1}"


def _catalog(game: CardGame, human: int | None, bots: str) -> dict[str, Any]:
    """What never changes while one game is shown: sent once, so every step only carries card ids."""
    return {
        "cards": {cid: [c.country, list(c.crests), c.route] for cid, c in game.cards.items()},
        "countries": [[c, COUNTRY_NAMES[c][1], COUNTRY_NAMES[c][0], COUNTRY_SHORT[c], COUNTRY_COLOURS[c],
                       COUNTRY_CARDS.value[c]] for c in COUNTRIES],
        "crests": dict(CREST_SYMBOLS),
        "routes": {k: v for k, v in ROUTE_SYMBOLS.items() if k},
        "chip_names": {k: names[1] for k, names in LAW_CHIP_KINDS.value.items()},
        "stone_colours": list(STONE_COLOURS[:game.players]),
        "players": game.players,
        "human": human,
        "bots": bots,
        "banner": kardinal_koenig.BANNER if game.deck.source == "approx" else "",
    }


def _board(view: dict[str, Any]) -> list[list[Any]]:
    """4 rows × 14 columns: ``[card id, stone owner or -1, 1 if a face-down chip lies on it]``, ``None`` where the
    card is gone. Positions keep their original columns, as actions name them."""
    rows: list[list[Any]] = [[None] * 14 for _ in view["rows"]]
    for r, row in enumerate(view["rows"]):
        for cell in row:
            stone = cell["stone"]
            rows[r][cell["column"] - 1] = [cell["card"], -1 if stone is None else stone, int(bool(cell["chip"]))]
    return rows


def _seats(game: CardGame, view: dict[str, Any], human: int | None, bots: str) -> list[dict[str, Any]]:
    """Each display grouped by country in chart order: ``[country, cards, {crest kind: n}, ships, carriages]``."""
    out = []
    for p, seen in enumerate(view["players"]):
        groups: dict[str, list[Any]] = {}
        for cid in seen["display"]:
            card = game.cards[cid]
            g = groups.setdefault(card.country, [card.country, 0, {}, 0, 0])
            g[1] += 1
            for kind in card.crests:
                g[2][kind] = g[2].get(kind, 0) + 1
            g[3] += card.route == "ship"
            g[4] += card.route == "carriage"
        out.append({
            "label": seat_label(p), "you": p == human, "bot": None if p == human else bots,
            "cards": len(seen["display"]), "groups": [groups[c] for c in COUNTRIES if c in groups],
            "ships": sum(g[3] for g in groups.values()), "carriages": sum(g[4] for g in groups.values()),
            "hand": seen["hand"], "placed": seen["placed"], "lost": seen["lost"], "chips": seen["chips"],
            # The observation hides other players' kinds (None) until the game is over.
            "chip_kinds": seen["chip_kinds"], "played": list(seen["played"]),
        })
    return out


def _chart(game: CardGame) -> dict[str, Any]:
    chart = game.chart()  # −2 chips stay hidden until the end (decision.hidden-score)
    over = game.is_terminal()
    outcome = game.outcome()
    return {
        "rows": [[c, list(land), list(crest)] for c, (land, crest) in chart.rows.items()],
        "subtotal": list(chart.subtotal), "roads": list(chart.roads),
        "minus": list(chart.minus) if over else None, "total": list(chart.total),
        "final": over, "winners": list(outcome.winners) if outcome else [],
    }


def table_state(game: CardGame, human: int | None = 0, *, live: bool = True, bots: str = "greedy"
                ) -> dict[str, Any]:
    """The synced ``board``, ``seats``, ``chart`` and ``status`` of ``game`` as seat ``human`` sees it (``None``:
    the public view). The position comes from ``game.observe(human)``; the rest is public or the human's own (the
    human's legal actions, the chart with −2 chips left out until the end, whether '3 crests' was played this turn),
    so it carries no hidden law-chip kind. ``live=False`` (a look into the past) offers no actions."""
    view = game.observe(human)
    decision = game.pending()
    to_move = decision.player if decision else None
    yours = live and human is not None and to_move == human
    outcome = game.outcome()
    if outcome:
        names = " and ".join(seat_label(w) for w in outcome.winners)
        best = max(outcome.scores)
        prompt = f"The game is over: {names} {'win' if len(outcome.winners) > 1 else 'wins'} with {best} points."
    else:
        prompt = decision.prompt if decision else ""
    s = game.state
    return {
        "board": _board(view),
        "seats": _seats(game, view, human, bots),
        "chart": _chart(game),
        "status": {
            "step": len(game.history), "prompt": prompt, "to_move": to_move, "over": game.is_terminal(),
            "your_turn": yours, "bot_to_move": to_move is not None and to_move != human,
            "actions": game.legal_actions().texts() if yours else [],
            "phase": view["phase"], "start": view["start"], "cards_left": view["cards_left"],
            "turn": {"country": view["country"], "crests": view["crests"], "limit": view["crest_limit"],
                     "colours": view["colours"], "three": s.three, "taken": list(view["taken"])},
        },
    }


def _event(e: Any) -> list[Any]:
    return [e.step, e.text, e.rule, e.section]


def _problem(intent: Any) -> str | None:
    """Why ``intent`` is not a well-formed intent (``None`` if it is). Rules questions are left to the game."""
    if not isinstance(intent, dict):
        return f"an intent is an object like {{'intent': 'undo'}}, not {type(intent).__name__}."
    kind = intent.get("intent")
    if kind not in INTENTS:
        return f"unknown intent {kind!r}; the intents are {', '.join(INTENTS)}."
    if kind == "act":
        action = intent.get("action")
        if not isinstance(action, str) or not action.strip():
            return f"'act' needs an action text like 'take 2 14', got {action!r}."
    if kind == "view_step":
        step = intent.get("step")
        if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
            return f"'view_step' needs a whole step number (or null for the present), got {step!r}."
    return None


class KKTable(anywidget.AnyWidget):
    """A Kardinal & König card game in progress: the human seat plays by clicking, bots play the rest.

    ``KKTable(game=None, *, players=4, seed=0, human=0, bots="greedy")``: without ``game`` a new game
    (``kardinal_koenig.new_game(seed, players=players)``) is started and the bots play until it is the human's
    turn. A ``game`` you pass in (or assign to ``.game``) is shown as it is: if a bot is to move, the view offers
    "bots move". ``human`` is the seat clicked for (``None``: every seat is a bot, watch mode with "next" and "play
    to end"); ``bots`` is ``"greedy"`` or ``"random"``, seeded from the game's seed and the seat, so a table replays.

    Synced state (Python → browser): ``catalog`` (the cards, countries, symbols and colours: sent once per game),
    ``board``, ``seats``, ``chart``, ``status`` (see :func:`table_state`; plus ``steps`` = actions so far, ``view`` =
    the step shown and ``live``), ``events`` (``[step, text, rule id, section]`` since the human's last decision),
    ``message``, ``message_kind`` (``"info"`` or ``"error"``) and ``message_seq`` (counts answers).

    Intents (browser → Python, each carrying all its data): ``{"intent": "act", "action": "take 2 14"}``,
    ``{"intent": "undo"}``, ``{"intent": "reset"}``, ``{"intent": "view_step", "step": 3}`` (``step`` ``None`` or
    the last step: back to the present), ``{"intent": "next"}`` (watch mode: one bot decision; otherwise the bots
    play until the human's turn) and ``{"intent": "play_to_end"}``.
    """

    _esm = _STATIC / "kk_table.js"
    _css = _STATIC / "kk_table.css"

    catalog = traitlets.Dict().tag(sync=True)
    board = traitlets.List().tag(sync=True)
    seats = traitlets.List().tag(sync=True)
    chart = traitlets.Dict().tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    events = traitlets.List().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    #: Counts the answers; it makes a repeated message (the same refusal twice) still reach and flash the view.
    message_seq = traitlets.Int(0).tag(sync=True)

    def __init__(self, game: CardGame | None = None, *, players: int = 4, seed: int = 0, human: int | None = 0,
                 bots: str = "greedy", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if bots not in BOT_KINDS:
            raise ValueError(f"bots must be one of {', '.join(BOT_KINDS)}, not {bots!r}")
        self._bot_kind = bots
        fresh = game is None
        game = kardinal_koenig.new_game(seed=seed, players=players) if game is None else self._checked(game)
        self._human = self._checked_seat(human, game)
        self._game = game
        self._view: int | None = None  # the step shown when looking back; None: the present
        self._past: tuple[tuple[int, tuple[str, ...]], CardGame] | None = None
        self._events_from = len(game.history) - 1
        self._new_bots()
        self.on_msg(self._on_browser_msg)
        moved = self._bots_play() if fresh and self._human is not None else []
        if moved:
            self._events_from = 0
        self._show(self._hello(moved))

    # ------------------------------------------------------------------ the game
    @staticmethod
    def _checked(game: Any) -> CardGame:
        if not isinstance(game, CardGame):
            raise TypeError(f"KKTable shows a Kardinal & König card game (kardinal_koenig.new_game()), not {game!r}")
        return game

    @staticmethod
    def _checked_seat(human: Any, game: CardGame) -> int | None:
        if human is None:
            return None
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < game.players:
            raise ValueError(f"human must be a seat 0 to {game.players - 1} or None (watch mode), not {human!r}")
        return human

    def _new_bots(self) -> None:
        # One bot per seat, the human's too (play_to_end); seeded so the same table plays the same game again.
        self._bots: dict[int, Bot] = {p: make_bot(self._bot_kind, self._game.seed * 16 + p)
                                      for p in range(self._game.players)}

    @property
    def game(self) -> CardGame:
        """The game this view shows and drives. Assigning another game redraws the view (bots do not move)."""
        return self._game

    @game.setter
    def game(self, game: CardGame) -> None:
        game = self._checked(game)
        self._checked_seat(self._human, game)
        self._game = game
        self._view, self._past = None, None
        self._events_from = len(game.history) - 1
        self._new_bots()
        self._show("Showing another game.")

    @property
    def human(self) -> int | None:
        """The seat the clicks play for (``None``: watch mode)."""
        return self._human

    def _shown(self) -> CardGame:
        """The game as the view shows it: the live game, or the one replayed to the step looked at."""
        if self._view is None:
            return self._game
        # Keyed by the actions up to that step too: after an undo and new moves, "step 5" is another position.
        key = (self._view, tuple(map(str, self._game.history[:self._view])))
        if self._past is None or self._past[0] != key:
            self._past = (key, self._game.at(self._view))
        return self._past[1]

    def _hello(self, moved: list[tuple[int, str]]) -> str:
        if self._human is None:
            return "Watch mode: every seat is a bot. Click 'next' for one decision or 'play to end'."
        text = f"You are {seat_label(self._human)}. "
        if moved:
            text += f"The bots opened: {_summary(moved)}. "
        decision = self._game.pending()
        if decision is not None and decision.player != self._human:
            return text + "A bot is to move: click 'bots move'."
        return text + "Click a highlighted card or a button to decide."

    # ------------------------------------------------------------------ the verbs
    def act(self, action: str) -> bool:
        """Apply the human seat's ``action`` (text such as ``"take 2 14"``), then let the bots move until it is the
        human's decision again or the game is over. False, with :attr:`message` saying why, when it is refused."""
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
            if moved:
                text += f" Then {_summary(moved)}."
            return text
        return self._run(step)

    def _why_not_act(self) -> str | None:
        if self._view is not None:
            return (f"you are looking back at step {self._view} of {len(self._game.history)} (read-only); move the "
                    "slider to the end to play on.")
        if self._human is None:
            return "watch mode: every seat is a bot; use 'next' or 'play to end'."
        if self._game.is_terminal():
            return "the game is over; undo or reset to play again."
        decision = self._game.pending()
        if decision is not None and decision.player != self._human:
            return f"it is {seat_label(decision.player)}'s decision (a bot); click 'bots move' first."
        return None

    def undo(self) -> bool:
        """Take the game back to the human seat's previous decision (the bots' moves since go too); in watch mode
        one decision. Returns the view to the present."""
        def step() -> str:
            self._view = None
            history = self._game.history
            if not history:
                raise IllegalAction("undo", "there is nothing to undo yet: no decision has been made.")
            if self._human is None:
                target = len(history) - 1
            else:
                mine = [k for k, p in enumerate(self._deciders()) if p == self._human]
                if not mine:
                    raise IllegalAction("undo", "there is nothing to undo: you have not decided anything yet (the "
                                        "bots' opening moves stay; reset starts again).")
                target = mine[-1]
            taken = [str(a) for a in history[target:]]
            self._game.undo(len(history) - target)
            self._events_from = target - 1
            if self._human is None:
                return f"Took back '{taken[0]}'."
            others = len(taken) - 1
            return (f"Took back your '{taken[0]}'" + (f" and the {others} bot decision{'s' * (others != 1)} after "
                                                      "it" if others else "") + ": your decision again.")
        return self._run(step)

    def _deciders(self) -> list[int]:
        """Who decided each action of the history (one replay: the history does not record it)."""
        replay = type(self._game)(self._game.config, self._game.seed)
        out = []
        for action in self._game.history:
            out.append(replay.pending().player)  # type: ignore[union-attr]
            replay.apply(action)
        return out

    def reset(self) -> bool:
        """Start the same game again (same config and seed, no actions); the bots play until the human's turn."""
        def step() -> str:
            self._game = type(self._game)(self._game.config, self._game.seed)
            self._view, self._past = None, None
            self._new_bots()
            moved = self._bots_play() if self._human is not None else []
            self._events_from = 0 if moved else -1
            return "New game. " + self._hello(moved)
        return self._run(step)

    def show_step(self, step: int | None) -> bool:
        """Look at the game as it was after ``step`` actions (read-only); ``None`` or the last step: the present."""
        def look() -> str:
            n = len(self._game.history)
            if step is None or step == n:
                self._view = None
                self._events_from = n - 1
                return f"Back to the present: step {n}."
            if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < n:
                raise IllegalAction("view_step", f"there are steps 0 to {n}, not {step!r}.")
            self._view = step
            return f"Looking back at step {step} of {n} (read-only): move the slider to the end to play on."
        return self._run(look)

    def bots_move(self) -> bool:
        """Let a bot decide: in watch mode one decision; otherwise the bots play until the human's turn."""
        def step() -> str:
            if self._view is not None:
                raise IllegalAction("next", "you are looking back (read-only); move the slider to the end first.")
            decision = self._game.pending()
            if decision is None:
                raise IllegalAction("next", "the game is over; undo or reset to play again.")
            if decision.player == self._human:
                raise IllegalAction("next", "it is your decision: click a highlighted card or a button.")
            start = len(self._game.history)
            moved = self._bots_play(one=self._human is None)
            self._events_from = start
            return f"{_summary(moved)}."
        return self._run(step)

    def play_to_end(self) -> bool:
        """Bots play every seat, the human's included, until the game is over (for notebooks and tests)."""
        def step() -> str:
            if self._view is not None:
                raise IllegalAction("play_to_end", "you are looking back (read-only); move the slider to the end "
                                    "first.")
            if self._game.is_terminal():
                raise IllegalAction("play_to_end", "the game is over already.")
            start = len(self._game.history)
            moved = self._bots_play(stop_at=None)
            self._events_from = start
            return f"The bots played {len(moved)} decisions to the end."
        return self._run(step)

    def _bots_play(self, stop_at: Any = "human", one: bool = False) -> list[tuple[int, str]]:
        """Bots decide until it is ``stop_at``'s decision (default: the human seat) or the game ends."""
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

    def _run(self, step: Callable[[], str]) -> bool:
        """The one handler every verb goes through: refusals become a message, never an exception."""
        try:
            text = step()
        except IllegalAction as err:
            self._show(f"Not allowed: {err.reason}", "error")
            return False
        except GameError as err:  # InvalidNotation: a text that is not an action
            self._show(f"Not understood: {err}", "error")
            return False
        if self._view is None and self._game.is_terminal():
            text += f" {table_state(self._game, self._human)['status']['prompt']}"
        self._show(text)
        return True

    # ------------------------------------------------------------------ the chart as a table
    def chart_frame(self) -> pd.DataFrame:
        """The scoring chart of the position shown, laid out as on paper: :func:`widgets.kk_scoring.chart_frame`
        (rows France … Denmark, ``subtotal``, ``roads & −2``, ``total``; columns (``"Player n"``, ``"country"`` |
        ``"crests"``)). The −2 chips are 0 until the game is over: they lie face down (``decision.hidden-score``).
        """
        from .kk_scoring import chart_frame

        chart = self._shown().chart()
        return chart_frame(chart, [seat_label(p) for p in range(len(chart.total))])

    # ------------------------------------------------------------------ syncing
    def _events(self, game: CardGame) -> list[list[Any]]:
        first_step = self._events_from if self._view is None else self._view - 1
        log = game.log
        first = len(log)
        while first and log[first - 1].step >= first_step:  # the newest events sit at the end of the log
            first -= 1
        mine = log[first:]
        if len(mine) <= MAX_EVENTS:
            return [_event(e) for e in mine]
        # The newest events matter most (after "play to end": the scoring), so the oldest are left out.
        skipped = len(mine) - MAX_EVENTS
        return [[mine[0].step, f"… {skipped} earlier events (see game.log)", "", ""],
                *(_event(e) for e in mine[skipped:])]

    def _show(self, message: str, kind: str = "info") -> None:
        game = self._shown()
        state = table_state(game, self._human, live=self._view is None, bots=self._bot_kind)
        state["status"].update(steps=len(self._game.history), view=len(game.history), live=self._view is None)
        with self.hold_sync():  # one sync message per step; unchanged traits are not sent again
            self.catalog = _catalog(self._game, self._human, self._bot_kind)
            self.board = state["board"]
            self.seats = state["seats"]
            self.chart = state["chart"]
            self.status = state["status"]
            self.events = self._events(game)
            self.message = message
            self.message_kind = kind
            self.message_seq += 1

    def refresh(self, message: str = "") -> None:
        """Redraw from the game (after changing ``.game`` from Python directly)."""
        self._past = None
        self._show(message)

    # ------------------------------------------------------------------ intents from the browser
    def _on_browser_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_intent(content)
        except Exception as err:  # a bug must not vanish into the JupyterLab log console
            self._show(f"Something went wrong in the widget: {type(err).__name__}: {err}", "error")

    def handle_intent(self, intent: Any) -> bool:
        """Carry out one intent dict as the browser sends it; a malformed one becomes an error message."""
        problem = _problem(intent)
        if problem:
            self._show(f"Not understood: {problem}", "error")
            return False
        kind = intent["intent"]
        if kind == "act":
            return self.act(intent["action"])
        if kind == "view_step":
            return self.show_step(intent.get("step"))
        return {"undo": self.undo, "reset": self.reset, "next": self.bots_move,
                "play_to_end": self.play_to_end}[kind]()


def _summary(moved: list[tuple[int, str]]) -> str:
    """``Player 2 (bot): take 1 1, stop; Player 3 (bot): ...``: the bots' decisions, grouped by seat in turn."""
    parts: list[tuple[int, list[str]]] = []
    for seat, action in moved:
        if parts and parts[-1][0] == seat:
            parts[-1][1].append(action)
        else:
            parts.append((seat, [action]))
    return "; ".join(f"{seat_label(seat)} (bot): {', '.join(actions)}" for seat, actions in parts)


__all__ = ["KKTable", "table_state"]
