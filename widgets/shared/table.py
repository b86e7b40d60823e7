"""The table driver: everything a game table does besides drawing its game, written once for every game.

A table is a view of one game in progress that a learner plays by clicking: the human seat decides, bots play the
other seats (seeded, so a table replays), refusals become messages, and there are undo, reset, time travel over
the log, watch mode, "bots move", "play to end" and (for games with rounds) "play a round". A game's table is
only its state and its intents::

    class KKTable(GameTable):
        game_class = CardGame
        board = traitlets.List().tag(sync=True)      # the traits its front end draws
        ...
        def state_of(self, now): ...                 # those traits (and its extra status) for the position shown
        def make_catalog(self, game): ...            # what never changes while one game is shown

Synced to the browser: ``catalog`` (sent once per game; the driver adds ``sections`` and ``rules``: id -> [index of
its section, words], ``human``,
``bots``, ``players``, seat colours and names), ``status`` (the same shape for every table: ``step``, ``prompt``,
``kind``, ``to_move``, ``your_turn``, ``bot_to_move``, ``over``, ``winners``, ``steps``, ``view``, ``live``,
``legal``: the human's legal action texts now, ``forms``: the verbs the pending decision takes and how each is
written, when it is the human's; ``choices``: each legal action with its words and the board places it names, and
the places whose action the rules refuse now (:mod:`widgets.shared.choices`: a board draws them and sends the named
action back); ``undo``: what undo would take back, ``"move"``, ``"reset"`` or ``None``; and ``game``: the table's own
fields), ``events`` (``[step, text, rule id]`` since the human's last
decision) and the message line. Intents: ``act`` (``action``), ``undo``, ``reset``, ``view_step`` (``step``,
``None``: the present), ``next``, ``play_to_end`` and, where the game has rounds, ``play_rounds`` (``rounds``).

Reset is one click and can be taken back: the game before it is kept, and undo, once there is nothing newer to take
back, brings it back (a learner who hits reset by mistake loses nothing, and no dialog stands between a learner who
meant it and a new game).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Mapping

import traitlets

from games.core import Game, GameError, IllegalAction
from games.core.bots import Bot, make_bot

from .choices import Choices
from .coach import Coaching
from .palette import seat_colours, seat_name, seat_names
from .redraw import Redraw
from .table_words import TableWords, rules_catalog
from .text import plural, seat_label, short
from .view import View

BOT_KINDS = ("greedy", "random", "mcts")
#: A bot that never reaches the human's decision is a bug; stop instead of hanging the kernel.
MAX_BOT_STEPS = 5_000


class GameTable(TableWords, Coaching, View):
    """A game in progress on the table (module docstring). ``Table(game=None, *, players=..., seed=0, human=0,
    bots="greedy")``: without ``game`` a new game starts and the bots play until it is the human's decision; a
    ``game`` you pass in (or assign to ``.game``) is shown as it is. ``human`` is the seat the clicks play for
    (``None``: watch mode, every seat a bot)."""

    #: The game class this table shows.
    game_class: ClassVar[type[Game]]
    #: Players when no game is given.
    default_players: ClassVar[int] = 3
    #: What a learner clicks, for the opening message.
    click_hint: ClassVar[str] = "Click a highlighted place or a button to decide."
    #: An action text as the intent check shows it.
    action_example: ClassVar[str] = "'pass'"
    #: The most rounds ``play_rounds`` takes (0: the game has no rounds to play through).
    max_rounds: ClassVar[int] = 0

    catalog = traitlets.Dict().tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    events = traitlets.List().tag(sync=True)

    # ------------------------------------------------------------------ what each game's table writes
    def state_of(self, now: Redraw) -> dict[str, Any]:  # pragma: no cover - every table draws
        """The table's own synced traits for the position ``now`` shows as the human seat sees it (built from
        ``now.observe(seat)``, never asking the game again for its decision, legal actions or views), and under
        ``"status"`` its own status fields (synced as ``status["game"]``: every table's status has the driver's fields
        and this one sub-object). ``now.live`` false is a look into the past: nothing is offered."""
        raise NotImplementedError

    def prompt_of(self, now: Redraw) -> str:
        """The pending decision in words for the prompt line (a table that names places in words rewrites it)."""
        return now.decision.prompt

    def choices_of(self, now: Redraw) -> Choices:
        """The human's choices ``now`` as the boards draw them (:mod:`widgets.shared.choices`): each legal action
        with its words and the board places it names. By default every action is a button showing its text."""
        return Choices.buttons(now.legal)

    def redraw_of(self, game: Any, live: bool) -> Redraw:
        """What one redraw of ``game`` needs from it, asked once (:class:`~widgets.shared.redraw.Redraw`)."""
        return Redraw.of(game, live, self._human)

    def table_state(self, game: Any, live: bool) -> dict[str, Any]:
        """:meth:`state_of` for ``game`` (for notebooks and tests; a redraw builds its record once)."""
        return self.state_of(self.redraw_of(game, live))

    def make_catalog(self, game: Any) -> dict[str, Any]:
        """What never changes while one game is shown (card texts, printed boards, colours)."""
        return {}

    def round_of(self, game: Any) -> int:  # pragma: no cover - tables with max_rounds say it
        """How many rounds have begun (for ``play_rounds``)."""
        raise NotImplementedError

    def where_now(self, game: Any) -> str:
        """Where the game stands, for the "play a round" message."""
        return f"now step {len(game.history)}"

    # ------------------------------------------------------------------ the table
    def __init__(self, game: Any = None, *, players: int | None = None, seed: int = 0, human: int | None = 0,
                 bots: str = "greedy", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if bots not in BOT_KINDS:
            raise ValueError(f"bots must be one of {', '.join(BOT_KINDS)}, not {short(bots)}")
        self._bot_kind = bots
        fresh = game is None
        if game is None:
            game = self.game_class(None, seed, players=self.default_players if players is None else players)
        game = self._checked_game(game)
        self._human = self._checked_seat(game, human)
        self._game = game
        self._view: int | None = None  # the step looked at; None: the present
        self._past: tuple[tuple[int, tuple[str, ...]], Any] | None = None
        self._catalog_key: tuple[Any, ...] | None = None
        self._events_from = len(game.history) - 1
        # The game (and its bots) before the last reset, and how many decisions the reset game began with.
        self._before_reset: tuple[Any, dict[int, Bot], list[tuple[int, str]]] | None = None
        self._reset_len = 0
        # The learner's clicks that changed the game, (step it began at, "act" | "play_rounds" | "play_to_end"):
        # which decisions were the learner's own (review, undo), and what undo takes back.
        self._clicks: list[tuple[int, str]] = []
        self._new_bots()
        moved = self._bots_play() if fresh and self._human is not None else []
        if moved:
            self._events_from = 0  # the log shows the bots' opening, the message names it
        self._show(self._hello(moved))

    @classmethod
    def _checked_game(cls, game: Any) -> Any:
        if not isinstance(game, cls.game_class):
            raise TypeError(f"{cls.__name__} shows {cls.game_class.title} ({cls.game_class.__name__}), not "
                            f"{short(game)}")
        return game

    @staticmethod
    def _checked_seat(game: Any, human: Any) -> int | None:
        if human is None:
            return None
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < game.players:
            raise ValueError(f"human must be a seat 0 to {game.players - 1} or None (watch mode), not {short(human)}")
        return human

    def _new_bots(self) -> None:
        # One bot per seat, the human's too (play_to_end, play_rounds); seeded so the same table plays again.
        self._bots: dict[int, Bot] = {p: make_bot(self._bot_kind, self._game.seed * 16 + p)
                                      for p in range(self._game.players)}

    @property
    def game(self) -> Any:
        """The game this view shows and drives. Assigning another game redraws the view (bots do not move)."""
        return self._game

    @game.setter
    def game(self, game: Any) -> None:
        game = self._checked_game(game)
        self._checked_seat(game, self._human)
        self._game = game
        self._view, self._past = None, None
        self._events_from = len(game.history) - 1
        self._before_reset = None
        self._clicks = []
        stopped = self.stop_review()
        self._new_bots()
        self._show("Showing another game." + stopped)

    @property
    def human(self) -> int | None:
        """The seat the clicks play for (``None``: watch mode). Assigning another seat redraws the table from that
        seat's side (what it may see, its decisions clickable); the bots do not move."""
        return self._human

    @human.setter
    def human(self, seat: int | None) -> None:
        self._human = self._checked_seat(self._game, seat)
        self._catalog_key = None
        self._show(self._hello([]))

    def _shown(self) -> Any:
        """The live game, or the one replayed to the step looked at."""
        if self._view is None:
            return self._game
        # Keyed by the actions up to that step too: after an undo and new moves, "step 5" is another position.
        key = (self._view, tuple(map(str, self._game.history[:self._view])))
        if self._past is None or self._past[0] != key:
            self._past = (key, self._game.at(self._view))
        return self._past[1]

    def _hello(self, moved: list[tuple[int, str, str]]) -> str:
        if self._human is None:
            return "Watch mode: every seat is a bot. Click 'next' for one decision or 'play to end'."
        text = f"You are {seat_label(self._human)} ({seat_name(self._human)}). "
        if moved:
            text += f"The bots opened: {self._summary(moved)}. "
        decision = self._game.pending()
        if decision is not None and decision.player != self._human:
            return text + "A bot is to move: click 'bots move'."
        return text + self.click_hint

    # ------------------------------------------------------------------ the verbs
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

    def act(self, action: str) -> bool:
        """Apply the human seat's ``action`` (its text), then let the bots move until it is the human's decision
        again or the game is over. ``False``, with :attr:`message` saying why, when it is refused (nothing
        changes then)."""
        def step() -> str:
            refusal = self._why_not_act()
            if refusal:
                raise IllegalAction(action, refusal)
            start = len(self._game.history)
            said = self.action_words(self._game, action)  # the places as the learner saw them when clicking
            before = self.secret_of(self._game)
            self._game.apply(action)
            self._clicks.append((start, "act"))
            done = str(self._game.history[-1])
            mine = self.told(self._game, start, None, before)
            moved_from = len(self._game.history)
            moved = self._bots_play()
            self._events_from = start
            if said is None:
                text = f"Step {start + 1}: you played '{done}'." + (f" {mine}" if mine else "")
            else:  # the events say what the decision did, in words; without any, the decision itself
                text = f"Step {start + 1} (you): {mine}" if mine else f"Step {start + 1}: you chose to {said}."
            if moved:
                theirs = self.told(self._game, moved_from, self.told_rules, None)
                text += f" Then {self._summary(moved)}." + (f" {theirs}" if theirs else "")
            return text
        return self._run(step)

    def undo(self) -> bool:
        """Back to the human seat's previous decision (the bots' decisions since go too); in watch mode one
        decision. Returns the view to the present."""
        def step() -> str:
            history = self._game.history
            if self._resettable():
                self._view = None
                return self._undo_reset()
            if not history:
                raise IllegalAction("undo", "there is nothing to undo yet: no decision has been made.")
            if self._human is None:
                target, click = len(history) - 1, "next"
            else:
                clicks = self._live_clicks()
                if not clicks:
                    raise IllegalAction("undo", "there is nothing to undo: you have not decided anything yet (the "
                                        "bots' opening decisions stay; reset starts again).")
                target, click = clicks[-1]
            self._view = None  # only now: a refused undo leaves the slider where it was
            taken = [str(a) for a in history[target:]]
            self._game.undo(len(history) - target)
            self._clicks = [c for c in self._clicks if c[0] < target]
            self._events_from = target - 1
            stopped = self.stop_review()
            if self._human is None:
                return f"Took back decision {target + 1} ('{taken[0]}')." + stopped
            if click != "act":
                verb = "play a round" if click == "play_rounds" else "play to end"
                return (f"Took back '{verb}': the bots' {plural(len(taken), 'decision')}, your seat's included: "
                        "your decision again." + stopped)
            others = len(taken) - 1
            return (f"Took back your '{taken[0]}'" + (f" and the {plural(others, 'bot decision')} after it"
                                                      if others else "") + ": your decision again." + stopped)
        return self._run(step)

    def _live_clicks(self) -> list[tuple[int, str]]:
        """The learner's clicks still in the game's history (a history cut back from code drops the later ones)."""
        n = len(self._game.history)
        return [c for c in self._clicks if c[0] < n]

    def _my_steps(self) -> list[int]:
        """The steps whose decision the learner made (a click or ``act``): not the bots' decisions for the human's
        seat in 'play a round' or 'play to end'."""
        return [step for step, click in self._live_clicks() if click == "act"]

    def _deciders(self) -> list[int]:
        """Who decided each action of the history (one replay: the history does not record it)."""
        replay = type(self._game)(self._game.config, self._game.seed)
        out = []
        for action in self._game.history:
            decision = replay.pending()
            assert decision is not None
            out.append(decision.player)
            replay.apply_unchecked(action)  # a played history is legal
        return out

    def _resettable(self) -> bool:
        """Whether undo now takes back the last reset: nothing has been decided in the new game since."""
        return self._before_reset is not None and len(self._game.history) <= self._reset_len

    def _undo_reset(self) -> str:
        game, bots, clicks = self._before_reset  # type: ignore[misc]
        self._game, self._bots, self._clicks, self._before_reset = game, bots, clicks, None
        self._past = None
        self._events_from = len(game.history) - 1
        return f"Took back the reset: your game is back, at step {len(game.history)}."

    def reset(self) -> bool:
        """Start the same game again (same config and seed); the bots play until the human's decision. Undo, before
        anything new is decided, brings back the game as it was before the reset."""
        def step() -> str:
            if not self._resettable():  # a second reset in a row keeps the game before the first one
                self._before_reset = (self._game, self._bots, self._clicks)
            stopped = self.stop_review()
            self._clicks = []
            self._game = type(self._game)(self._game.config, self._game.seed)
            self._view, self._past = None, None
            self._new_bots()
            moved = self._bots_play() if self._human is not None else []
            self._reset_len = len(self._game.history)
            self._events_from = 0 if moved else -1
            steps = len(self._before_reset[0].history)  # type: ignore[index]
            return (f"New game. {self._hello(moved)} (Undo brings back the game you left, at step {steps}.)"
                    + stopped)
        return self._run(step)

    def show_step(self, step: int | None) -> bool:
        """Look at the game as it was after ``step`` decisions (read-only); ``None`` or the last step: the present."""
        def look() -> str:
            n = len(self._game.history)
            if step is None or step == n:
                self._view = None
                self._events_from = n - 1
                return f"Back to the present: step {n}."
            if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < n:
                raise IllegalAction("view_step", f"there are steps 0 to {n}, not {short(step)}.")
            self._view = step
            return f"Looking back at step {step} of {n} (read-only): move the slider to the end to play on."
        return self._run(look)

    def bots_move(self) -> bool:
        """Let the bots decide: in watch mode one decision; otherwise until the human's decision."""
        def step() -> str:
            self._live_only("next")
            decision = self._game.pending()
            if decision is None:
                raise IllegalAction("next", "the game is over; undo or reset to play again.")
            if decision.player == self._human:
                raise IllegalAction("next", "it is your decision: click a highlighted choice or a button.")
            start = len(self._game.history)
            moved = self._bots_play(one=self._human is None)
            self._events_from = start
            return f"{self._summary(moved)}."
        return self._run(step)

    def play_to_end(self) -> bool:
        """Bots play every seat, the human's included, until the game is over (for notebooks and tests)."""
        def step() -> str:
            self._live_only("play_to_end")
            if self._game.is_terminal():
                raise IllegalAction("play_to_end", "the game is over already.")
            start = len(self._game.history)
            moved = self._bots_play(stop_at=None)
            if self._human is not None and moved:
                self._clicks.append((start, "play_to_end"))
            self._events_from = start
            return f"The bots played {plural(len(moved), 'decision')} to the end."
        return self._run(step)

    def play_rounds(self, rounds: int = 1) -> bool:
        """Bots play every seat, the human's included, until ``rounds`` more rounds have begun (or the game is
        over), and then on to the human's next decision: a quick way through a game in a notebook."""
        def step() -> str:
            if not self.max_rounds:
                raise IllegalAction("play_rounds", f"{self.game_class.title} is not played in rounds.")
            self._live_only("play_rounds")
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= self.max_rounds:
                raise IllegalAction("play_rounds", f"rounds must be a whole number from 1 to {self.max_rounds}, "
                                    f"not {short(rounds)}.")
            if self._game.is_terminal():
                raise IllegalAction("play_rounds", "the game is over already.")
            start = len(self._game.history)
            target = self.round_of(self._game) + rounds
            moved = 0
            for _ in range(MAX_BOT_STEPS):
                decision = self._game.pending()
                if decision is None:
                    break
                if self.round_of(self._game) >= target and (self._human is None or decision.player == self._human):
                    break
                self._game.apply(self._bots[decision.player].choose(self._game))
                moved += 1
            if self._human is not None and moved:
                self._clicks.append((start, "play_rounds"))
            self._events_from = start
            where = "the game is over" if self._game.is_terminal() else self.where_now(self._game)
            return f"The bots played {plural(moved, 'decision')}, yours included; {where}."
        return self._run(step)

    def _live_only(self, verb: str) -> None:
        if self._view is not None:
            raise IllegalAction(verb, "you are looking back (read-only); move the slider to the end first.")

    def _bots_play(self, stop_at: Any = "human", one: bool = False) -> list[tuple[int, str, str]]:
        """Bots decide until it is ``stop_at``'s decision (default: the human seat) or the game is over.
        Returns ``(seat, decision kind, action)`` per decision."""
        stop = self._human if stop_at == "human" else stop_at
        moved = []
        for _ in range(MAX_BOT_STEPS):
            decision = self._game.pending()
            if decision is None:
                break
            if decision.player == stop:  # the human's decision, unless the rules leave one choice the table plays
                action = self._forced(decision)
                if action is None:
                    break
            else:
                action = self._bots[decision.player].choose(self._game)
            self._game.apply(action)
            moved.append((decision.player, decision.kind, str(action)))
            if one:
                break
        return moved

    #: Kinds of the human's decision the table plays for them when the rules leave one choice (Catan: the answer to an
    #: offer they hold none of the cards for: only "decline"); the message says so.
    forced_kinds: ClassVar[tuple[str, ...]] = ()

    def _forced(self, decision: Any) -> Any:
        """The one legal action of a decision of :attr:`forced_kinds`, else ``None`` (the human decides)."""
        if decision.kind not in self.forced_kinds:
            return None
        legal = self._game.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def refusal_words(self, game: Any, reason: str) -> str:
        """The rules' reason for a refusal as the table words it (a table that names places in words rewrites it)."""
        return reason

    def _run(self, step: Callable[[], str]) -> bool:
        """The one handler every verb goes through: refusals become a message, never an exception."""
        try:
            text = step()
        except IllegalAction as err:
            self._show(f"Not allowed: {self.refusal_words(self._game, err.reason)}", "error")
            return False
        except GameError as err:  # InvalidNotation: a text that is not an action
            self._show(f"Not understood: {err}", "error")
            return False
        if self._view is None and self._game.is_terminal():
            text += f" {self.final_prompt(self._game)}"
        self._show(text)
        return True

    def refresh(self, message: str = "") -> None:
        """Redraw from the game (after changing ``.game`` from Python directly)."""
        self._past = None
        self._show(message)

    # ------------------------------------------------------------------ syncing
    def status_of(self, game: Any, live: bool) -> dict[str, Any]:
        """The status every table shows (the module docstring lists its fields)."""
        return self.driver_status(self.redraw_of(game, live))

    def driver_status(self, now: Redraw) -> dict[str, Any]:
        """:meth:`status_of` from one redraw's record."""
        decision, outcome = now.decision, now.outcome
        to_move = decision.player if decision else None
        return {
            "step": len(now.game.history), "prompt": self.final_prompt(now.game, outcome) if outcome else
            self.prompt_of(now) if decision else "", "kind": now.kind,
            "to_move": to_move, "your_turn": now.yours, "bot_to_move": to_move is not None and to_move != self._human,
            "over": now.over, "winners": list(outcome.winners) if outcome else [],
            "steps": len(self._game.history), "view": len(now.game.history), "live": now.live,
            "legal": now.legal, "forms": now.forms,
            "choices": (self.choices_of(now) if now.yours else Choices()).to_json(),
            "undo": "reset" if self._resettable() else "move" if self._game.history else None,
        }

    @staticmethod
    def forms_of(game: Any) -> dict[str, str]:
        """The verbs the pending decision takes and how each is written (``{"take": "take R C", "stop": "stop"}``),
        from the game's step table; ``{}`` for a game without one."""
        decision = game.pending()
        steps = getattr(game, "steps", None)
        if decision is None or steps is None or decision.kind not in steps:
            return {}
        return dict(steps[decision.kind].forms)

    def _catalog(self) -> dict[str, Any]:
        key = (id(self._game), self._human, self._bot_kind)
        if self._catalog_key != key:
            game = self._game
            self._catalog_key = key
            self._catalog_value = {
                **self.make_catalog(game), "players": game.players, "human": self._human, "bots": self._bot_kind,
                "seat_colours": seat_colours(game.players), "seat_names": seat_names(game.players),
                **rules_catalog(game.rules.values()),
            }
        return self._catalog_value

    def _show(self, message: str, kind: str = "info") -> None:
        game = self._shown()
        now = self.redraw_of(game, self._view is None)  # the decision, legal actions and views, asked once
        state = self.state_of(now)
        status = {**self.driver_status(now), "game": state.pop("status", {})}  # one shape for every table
        with self.hold_sync():  # one sync message per step; unchanged traits are not sent again
            self.catalog = self._catalog()
            for name, value in state.items():
                setattr(self, name, value)
            self.status = status
            self.events = self._events(game)
            self.say(message, kind)

    # ------------------------------------------------------------------ intents from the browser
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        intents: dict[str, Mapping[str, Any]] = {
            "act": {"action": cls.action_example.strip("'")}, "undo": {}, "reset": {}, "view_step": {"step": 3},
            "next": {}, "play_to_end": {}, "hint": {}, "review": {}, "coach_close": {},
            "coach_cancel": {}}
        intents["why"] = {"what": "space"}  # a click on a part of a board that does nothing now: say why
        if cls.max_rounds:
            intents["play_rounds"] = {"rounds": 1}
        cls.INTENTS = intents

    def refuse(self, text: str) -> bool:
        self._show(text, "error")
        return False

    def intent_act(self, action: Any = None) -> bool:
        if not isinstance(action, str) or not action.strip():
            return self.refuse(f"Not understood: 'act' needs an action text like {self.action_example}, got "
                               f"{short(action)}.")
        return self.act(action.strip())

    def idle_reason(self, game: Any, what: str) -> str | None:
        """Why a click on ``what`` (a part of a board that names no action now: "mine-space", "hand-card") does
        nothing, in one sentence; ``None``: not a part this table names."""
        return None

    def intent_why(self, what: Any = None) -> bool:
        """A click on a part of a board that does nothing now: the message line says why (nothing changes)."""
        reason = self.idle_reason(self._shown(), what) if isinstance(what, str) else None
        if reason is None:
            return self.refuse(f"Not understood: 'why' names a part of this table's boards, not {short(what)}.")
        return self.refuse(f"Nothing happens there now: {self._why_not_act() or reason}")

    def intent_undo(self) -> bool:
        return self.undo()

    def intent_reset(self) -> bool:
        return self.reset()

    def intent_view_step(self, step: Any = None) -> bool:
        if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
            return self.refuse("Not understood: 'view_step' needs a whole step number (or null for the present), "
                               f"got {short(step)}.")
        return self.show_step(step)

    def intent_next(self) -> bool:
        return self.bots_move()

    def intent_play_to_end(self) -> bool:
        return self.play_to_end()

    def intent_play_rounds(self, rounds: Any = 1) -> bool:
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= self.max_rounds:
            return self.refuse(f"Not understood: 'play_rounds' needs a number of rounds from 1 to {self.max_rounds}, "
                               f"got {short(rounds)}.")
        return self.play_rounds(rounds)
