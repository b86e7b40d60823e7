"""What every game table widget does besides drawing its game: the human seat and its bots, undo, reset, time
travel over the log, playing to the end, and turning every refusal into a message instead of an exception.

:class:`TableDriver` is mixed into an anywidget table (``ChartresTable``, ``KHTable``). The table keeps
``self._game``, ``self._human`` (``None``: watch mode), ``self._view`` (the step looked at, ``None``: the present),
``self._bot_kind`` and ``self._events_from``, and provides ``act``, ``reset``, ``bots_move``, ``play_rounds``,
``_bots_play``, ``_show`` and :meth:`TableDriver._final_prompt`.
"""

from __future__ import annotations

from typing import Any, Callable

from games.core import GameError, IllegalAction
from games.core.bots import Bot, make_bot

from .kk_table import seat_label

INTENTS = ("act", "undo", "reset", "view_step", "next", "play_to_end", "play_rounds")
BOT_KINDS = ("greedy", "random")
#: A bot that never reaches the human's decision is a bug; stop instead of hanging the kernel.
MAX_BOT_STEPS = 5_000


def short(value: Any) -> str:
    """A value as a message quotes it: its repr, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def intent_problem(intent: Any, example: str, max_rounds: int) -> str | None:
    """Why ``intent`` is not a well-formed intent (``None`` if it is). Rules questions are left to the game."""
    if not isinstance(intent, dict):
        return f"an intent is an object like {{'intent': 'undo'}}, not {type(intent).__name__}."
    kind = intent.get("intent")
    if kind not in INTENTS:
        return f"unknown intent {short(kind)}; the intents are {', '.join(INTENTS)}."
    if kind == "act":
        action = intent.get("action")
        if not isinstance(action, str) or not action.strip():
            return f"'act' needs an action text like {example}, got {short(action)}."
    if kind == "view_step":
        step = intent.get("step")
        if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
            return f"'view_step' needs a whole step number (or null for the present), got {short(step)}."
    if kind == "play_rounds":
        rounds = intent.get("rounds", 1)
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= max_rounds:
            return f"'play_rounds' needs a number of rounds from 1 to {max_rounds}, got {short(rounds)}."
    return None


class TableDriver:
    """The shared verbs of a game table (see the module docstring)."""

    #: How the table's intent check shows an action text, and the most rounds ``play_rounds`` takes.
    _ACTION_EXAMPLE = "'pass'"
    _MAX_ROUNDS = 6

    _game: Any
    _human: int | None
    _view: int | None
    _bot_kind: str
    _events_from: int

    def _final_prompt(self) -> str:  # pragma: no cover - every table says how its game ended
        raise NotImplementedError

    def _new_bots(self) -> None:
        # One bot per seat, the human's too (play_to_end, play_rounds); seeded so a table replays.
        self._bots: dict[int, Bot] = {p: make_bot(self._bot_kind, self._game.seed * 16 + p)
                                      for p in range(self._game.players)}

    @property
    def human(self) -> int | None:
        """The seat the clicks play for (``None``: watch mode)."""
        return self._human

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
        """Back to the human seat's previous decision (the bots' decisions since go too); in watch mode one
        decision. Returns the view to the present."""
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
                                        "bots' opening decisions stay; reset starts again).")
                target = mine[-1]
            taken = [str(a) for a in history[target:]]
            self._game.undo(len(history) - target)
            self._events_from = target - 1
            if self._human is None:
                return f"Took back decision {target + 1}."
            others = len(taken) - 1
            return (f"Took back your '{taken[0]}'" + (f" and the {others} bot decision{'s' * (others != 1)} after "
                                                      "it" if others else "") + ": your decision again.")
        return self._run(step)

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

    def play_to_end(self) -> bool:
        """Bots play every seat, the human's included, until the game is over (for notebooks and tests)."""
        def step() -> str:
            self._live_only("play_to_end")
            if self._game.is_terminal():
                raise IllegalAction("play_to_end", "the game is over already.")
            start = len(self._game.history)
            moved = self._bots_play(stop_at=None)
            self._events_from = start
            return f"The bots played {plural(len(moved), 'decision')} to the end."
        return self._run(step)

    def _live_only(self, verb: str) -> None:
        if self._view is not None:
            raise IllegalAction(verb, "you are looking back (read-only); move the slider to the end first.")

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
            text += f" {self._final_prompt()}"
        self._show(text)
        return True

    def refresh(self, message: str = "") -> None:
        """Redraw from the game (after changing ``.game`` from Python directly)."""
        self._past = None
        self._show(message)

    def _on_browser_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_intent(content)
        except Exception as err:  # a bug must not vanish into the JupyterLab log console
            self._show(f"Something went wrong in the widget: {type(err).__name__}: {err}", "error")

    def handle_intent(self, intent: Any) -> bool:
        """Carry out one intent dict as the browser sends it; a malformed one becomes an error message."""
        problem = intent_problem(intent, self._ACTION_EXAMPLE, self._MAX_ROUNDS)
        if problem:
            self._show(f"Not understood: {problem}", "error")
            return False
        kind = intent["intent"]
        if kind == "act":
            return self.act(intent["action"].strip())
        if kind == "view_step":
            return self.show_step(intent.get("step"))
        if kind == "play_rounds":
            return self.play_rounds(intent.get("rounds", 1))
        return {"undo": self.undo, "reset": self.reset, "next": self.bots_move,
                "play_to_end": self.play_to_end}[kind]()
