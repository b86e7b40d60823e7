"""The two Kutná Hora card stands as a notebook view of the price sandbox.

:class:`PriceStand` draws the population and ore stands like the physical card stands (its one renderer,
``static/stands.js``, also draws the stands in :class:`~widgets.kutna_hora.KHTable`): the visible card of each deck,
every good's row of printed numbers with its slider, the red ✗, the town-builds icon and the ``4*`` stars, and it
highlights what the last step changed. It owns a price-sandbox game; clicking a deck's card advances it by one card,
clicking a good's row builds that good. The rules stay in :mod:`games.kutna_hora`: the browser only draws and sends
intents, and a refused intent becomes a message in the view, never a traceback::

    from widgets import PriceStand
    stand = PriceStand()          # a free-exploration sandbox (1 player, 200 turns)
    stand.build("beer")           # True; the beer slider moves one notch right
    stand.build("beer"); stand.build("beer")   # False: the price shows a red ✗, so stand.message says why
    stand
    stand.game = economy_at(ore=29)   # a hand-made position: the ore deck at card 29
    stand.picture()               # a read-only copy as it is now: a lesson's tour shows each step in its own

:class:`~widgets.kutna_hora.price_app.PriceStandApp` adds ipywidgets controls and a live price chart
(:mod:`.price_charts`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import traitlets

from games import kutna_hora
from games.core import Action, GameError, IllegalAction, seat_label
from games.kutna_hora.economy import EconomyGame
from games.kutna_hora.prices import DECKS, stand_snapshot
from widgets.shared.frontend import css, esm
from widgets.shared.table_words import rules_catalog
from widgets.shared.text import notebook_name, plural, short
from widgets.shared.view import View

#: How many events of the last step the view lists (the rest are counted, not sent).
MAX_EVENTS = 10
#: A free-exploration sandbox: one player and the longest game the sandbox allows.
FREE_PLAY = {"players": 1, "turns": 200, "seed": 0}


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


def changes(before: dict[str, Any], after: dict[str, Any]) -> tuple[list[str], list[str]]:
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


class PriceStand(View):
    """Both card stands of a price-sandbox game, drawn like the printed cards (see the module docstring).

    Synced state (Python → browser): ``stand`` (:func:`~games.kutna_hora.prices.stand_snapshot`), ``changed``
    (tokens of what the last step changed: ``deck:ore``, ``flip:ore``, ``slider:beer``, ``price:beer``),
    ``events`` (the last step's events, ``[step, text, rule id]``), ``status`` (step, whose turn, money, the prompt,
    which goods can be built now), ``catalog`` (the rules' words, sent once) and the message line.

    Intents (browser → Python): ``{"intent": "advance", "deck": "ore", "cards": 1}``,
    ``{"intent": "build", "good": "beer"}``, ``{"intent": "income"}``, ``{"intent": "undo"}``,
    ``{"intent": "reset"}``.
    """

    _esm = esm("kutna_hora/static/stand_view.js")
    _css = css("kutna_hora/static/stands.css")

    INTENTS = {"advance": {"deck": "ore", "cards": 1}, "build": {"good": "beer"}, "income": {}, "undo": {},
               "reset": {}}

    stand = traitlets.Dict().tag(sync=True)
    changed = traitlets.List(traitlets.Unicode()).tag(sync=True)
    events = traitlets.List().tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    catalog = traitlets.Dict().tag(sync=True)
    #: A picture: nothing in it is clickable, and any intent is answered with a message.
    read_only = traitlets.Bool(False).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game: EconomyGame | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._game = self._checked(game) if game is not None else kutna_hora.new_economy(**FREE_PLAY)
        #: The game before the last reset: undo brings it back while nothing is decided since (as on a table).
        self._before_reset: EconomyGame | None = None
        self.catalog = rules_catalog(self._game.rules.values())
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

    def picture(self, caption: str = "") -> PriceStand:
        """A read-only copy of this view as it is now (the stands, what the last step changed, its events and
        message): a lesson that drives one sandbox through a tour shows each step in a picture that keeps it,
        whatever the sandbox does next (a notebook run top to bottom then shows every step, not only the last)."""
        copy = PriceStand(self._game.clone(), read_only=True, caption=caption)
        with copy.hold_sync():
            copy.stand, copy.changed, copy.events, copy.status = self.stand, self.changed, self.events, self.status
            copy.say(self.message, self.message_kind)
        return copy

    def intent_problem(self, intent: Any) -> str | None:
        if self.read_only:
            return f"this is a picture of the stands (read-only): it takes no clicks, not {short(intent)}."
        return super().intent_problem(intent)

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
        """Take back the last action; right after a reset, the reset (the game before it comes back)."""
        def take_back() -> str:
            if not self._game.history and self._before_reset is not None:
                self._game, self._before_reset = self._before_reset, None
                return f"Took back the reset: your game is back, at step {len(self._game.history)}"
            if not self._game.history:
                raise IllegalAction("undo", "there is nothing to undo yet: no action has been taken.")
            last = self._game.history[-1]
            self._game.undo()
            return f"Took back '{last}'"
        return self._run(take_back)

    def reset(self) -> bool:
        """Start the same sandbox again (same config and seed, no actions). Undo, before anything new is done, brings
        back the game as it was before the reset."""
        def start_again() -> str:
            if self._game.history or self._before_reset is None:  # a second reset in a row keeps the first one's
                self._before_reset = self._game
            self._game = type(self._game)(self._game.config, self._game.seed)
            return ("New game: both decks at card 0, every slider at the far left (undo brings back the game you "
                    "left)")
        return self._run(start_again)

    def _run(self, step: Callable[[], Any]) -> bool:
        """The one handler every verb goes through: refusals become a message, never an exception."""
        before = _snapshot(self._game)
        try:
            result = step()
        except IllegalAction as err:
            return self.refuse(f"Not allowed: {err.reason}")
        except GameError as err:  # InvalidNotation and the other rules-package errors
            return self.refuse(f"Not understood: {err}")
        after = _snapshot(self._game)
        tokens, phrases = changes(before, after)
        head = result if isinstance(result, str) else f"Step {len(self._game.history)}: {self._game.history[-1]}"
        if phrases:
            text = f"{head}: {', '.join(phrases)}."
        elif self._game.log and isinstance(result, list) and result:
            text = f"{head}: {result[-1].text}"
        else:
            text = f"{head}."
        if self._game.is_terminal():
            money = ", ".join(f"{seat_label(p, capital=False)} {s}" for p, s in enumerate(self._game.scores()))
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
            "over": game.is_terminal(), "your_turn": not game.is_terminal(),
            "buildable": [str(a.args[0]) for a in legal if a.verb == "build"],
            "max_cards": game.max_advance,
        }

    def _last_events(self) -> list[list[Any]]:
        step = len(self._game.history) - 1
        log = self._game.log
        first = len(log)
        while first and log[first - 1].step == step:  # the last step's events sit at the end of the log
            first -= 1
        mine = log[first:]
        shown = [[e.step, e.text, e.rule] for e in mine[:MAX_EVENTS]]
        if len(mine) > MAX_EVENTS:
            where = notebook_name(self, "stand", ("stand",))  # a PriceStandApp's stand: app.stand
            shown.append([step, f"… and {plural(len(mine) - MAX_EVENTS, 'more event')} (see {where}.game.log)", ""])
        return shown

    def _show(self, snap: dict[str, Any], message: str, kind: str, tokens: list[str] | None = None) -> None:
        with self.hold_sync():  # one sync message per step
            self.stand = snap
            if tokens is not None:
                self.changed = tokens
            self.events = self._last_events()
            self.status = self._status()
            self.say(message, kind)

    # ------------------------------------------------------------------ intents from the browser
    def intent_advance(self, deck: Any, cards: Any = 1) -> bool:
        if not isinstance(deck, str):
            return self.refuse(f"Not understood: 'advance' needs a deck ({' or '.join(DECKS)}), got {short(deck)}.")
        if isinstance(cards, bool) or not isinstance(cards, int):
            return self.refuse(f"Not understood: 'advance' needs a whole number of cards, got {short(cards)}.")
        return self.advance(deck, cards)

    def intent_build(self, good: Any) -> bool:
        if not isinstance(good, str):
            return self.refuse(f"Not understood: 'build' needs a good (e.g. 'beer'), got {short(good)}.")
        return self.build(good)

    def intent_income(self) -> bool:
        return self.income()

    def intent_undo(self) -> bool:
        return self.undo()

    def intent_reset(self) -> bool:
        return self.reset()


__all__ = ["FREE_PLAY", "MAX_EVENTS", "PriceStand", "changes", "economy_at"]
