"""Catan (the base game or Cities & Knights) as a table a learner plays by clicking, against bots.

:class:`CatanTable` draws the island by its one renderer (``static/board.js``: terrain, tokens with pips, harbours,
settlements, cities, metropolises, walls, roads, knights, robber, merchant), the dice (red, yellow and the event
die in C&K), the barbarian track with the next attack's strength against the current defence, every seat's hand,
points by source and development board (``static/panels.js``), the decision the game waits for and the event log
(each entry names its rule; hovering shows the rule text). Intersections, paths and hexes name the actions of the
pending decision (a settlement, a road, a knight, the robber, a wall ...); a knight's move or the Inventor's swap
is two clicks (the first selects); every other choice (roll, end, trade, buy, offers to the bots, progress cards,
discards, targets) is a button of the action bar. The rules stay in :mod:`games.catan`; undo, time travel, bots and
messages come from the shared driver (:class:`widgets.shared.table.GameTable`)::

    from widgets.catan import CatanTable
    table = CatanTable(players=3, seed=1)                        # the base game; the human is Player 1 (red)
    table = CatanTable(game_id="catan.cities_knights", seed=1)   # Cities & Knights (or CKTable(seed=1))
    table.act("settle 17")        # True; the bots move whenever it is their decision
    table.act("settle 99")        # False: table.message says why
    table.undo(); table.show_step(5); table.play_to_end()
    table.teacher = True          # the teacher's switch: every seat's hand is shown (off: only the human's)

A barbarian attack is announced in the message line with its arithmetic (strength against defence, who is
rewarded or pillaged), as the engine logs it. What the browser receives is built from ``game.observe(human)``:
another seat's resources, commodities, progress and development cards arrive as counts only (victory point cards
of Cities & Knights face up), unless the teacher's switch is on.
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from games.catan import BANNER
from games.catan.cities_knights import CKGame
from games.catan.game import CatanGame
from widgets.shared.choices import Choices
from widgets.shared.frontend import css, esm
from widgets.shared.redraw import Redraw
from widgets.shared.table import GameTable

from . import choices
from .board_view import SHEETS
from .boards import board_state, ck_catalog, geometry, is_ck, panels_state, seats_state
from .places import PlaceWords

#: The games a table plays, by the engine's game id.
GAMES: dict[str, type[CatanGame]] = {"catan.base": CatanGame, "catan.cities_knights": CKGame}
#: How many bot decisions the message names one by one (the log has them all).
MAX_SUMMARY = 12


class CatanTable(GameTable):
    """A Catan game in progress: the human seat plays by clicking, bots play the rest.

    ``CatanTable(game=None, *, game_id="catan.base", players=4, seed=0, human=0, bots="greedy", teacher=False,
    **config)`` (see :class:`~widgets.shared.table.GameTable`; ``config``: the game's config fields, such as
    ``layout="beginner"``). Its own synced state: ``board`` (numbers, robber, merchant, every seat's pieces),
    ``seats`` (points by source, hand, pieces left, rates, improvements), ``panels`` (dice, barbarians, decks) and
    in ``status["game"]`` ``kind_words``, ``attack`` (the last barbarian attack's events), ``teacher`` and
    ``robber_words``.
    """

    _esm = esm("catan/static/table.js")
    _css = css(*SHEETS)

    game_class: ClassVar[type[CatanGame]] = CatanGame
    #: Four seats, the usual game (greedy 4-seat games end by points in 600-2,000 decisions, within the driver's cap).
    default_players = 4
    click_hint = "Click a highlighted corner, path, hex or button to decide (its tooltip says what a click does)."
    action_example = "'roll'"
    max_summary: ClassVar[int | None] = MAX_SUMMARY
    coach_opens = True  # a trade's hint says what it is for: the build it makes possible
    #: An offer the learner holds none of the cards for leaves them only "decline": the table declines for them (the
    #: message says so) instead of stopping the game for a button with no choice.
    forced_kinds = ("answer",)

    board = traitlets.Dict().tag(sync=True)
    seats = traitlets.List().tag(sync=True)
    panels = traitlets.Dict().tag(sync=True)

    def __init__(self, game: CatanGame | None = None, *, game_id: str | None = None, players: int | None = None,
                 seed: int = 0, teacher: bool = False, **kwargs: Any) -> None:
        config = {k: kwargs.pop(k) for k in list(kwargs) if k in _config_fields()}
        self._teacher = bool(teacher)
        if game is None:
            cls = self._game_class_of(game_id)
            # The driver makes the new game (and lets the bots open) with this, for this table only.
            self.game_class = (lambda config_, seed_, **more: cls(config_, seed_, **more, **config)) \
                if config else cls  # type: ignore[misc]
        elif config or (game_id is not None and game.game_id != game_id):
            raise ValueError("a game passed in brings its own game id and config")
        try:
            super().__init__(game, players=players, seed=seed, **kwargs)
        finally:
            self.__dict__.pop("game_class", None)

    @classmethod
    def _game_class_of(cls, game_id: str | None) -> type[CatanGame]:
        if game_id is None:
            return cls.game_class
        if game_id not in GAMES:
            raise ValueError(f"game_id must be one of {', '.join(GAMES)}, not {game_id!r}")
        return GAMES[game_id]

    # ------------------------------------------------------------------ the teacher's switch
    @property
    def teacher(self) -> bool:
        """Whether every seat's hand is shown (a teacher's view); off, only the human seat's own cards are."""
        return self._teacher

    @teacher.setter
    def teacher(self, on: bool) -> None:
        self._teacher = bool(on)
        self.refresh("Teacher's view: every seat's hand is shown." if on else
                     "Every other seat's hand is shown as counts again.")

    # ------------------------------------------------------------------ what the table draws
    def make_catalog(self, game: CatanGame) -> dict[str, Any]:
        return {"geometry": geometry(game), "ck": ck_catalog(game) if is_ck(game) else {}, "banner": BANNER,
                "game_id": game.game_id, "title": game.title}

    def state_of(self, now: Redraw) -> dict[str, Any]:
        game, kind = now.game, now.kind
        view = now.observe(self._human)
        viewers = range(game.players) if self._teacher else [self._human]
        status: dict[str, Any] = {
            "kind_words": kind.replace("-", " "), "attack": barbarian_attack(game), "teacher": self._teacher,
            "robber_words": PlaceWords.of(game).hex(view["board"]["robber"])
            if view["board"]["robber"] is not None else ""}
        worded = self._catalog()["geometry"]["numbers"]  # the numbers the catalog's place words name
        return {"board": board_state(game, view, worded), "seats": seats_state(game, viewers, now.observe),
                "panels": panels_state(game, view), "status": status}

    def prompt_of(self, now: Redraw) -> str:
        """The decision in words with places named as the board shows them; the main phase lists what can be done."""
        if now.yours and now.kind == "main":
            return choices.main_prompt(now.decision.prompt, now.legal)
        return PlaceWords.of(now.game).sentence(now.decision.prompt)

    def choices_of(self, now: Redraw) -> Choices:
        """Each legal action with its words and the places of the island it names (:mod:`.choices`)."""
        rates = now.observe(self._human)["players"][self._human]["rates"] if now.yours else {}
        return choices.plan(now.legal, now.forms, PlaceWords.of(now.game), rates)

    # ------------------------------------------------------------------ what the message line says
    told_rules = ("production.yield", "production.robber", "robber.move", "robber.steal", "merchant.place",
                  "knights.chase")

    def action_words(self, game: CatanGame, action: str) -> str | None:
        rates = game.observe(self._human)["players"][self._human]["rates"] if self._human is not None else {}
        return PlaceWords.of(game).action(action, self.forms_of(game), rates)

    def public_action(self, kind: str, action: str) -> str:
        game = self._game
        steps = getattr(game, "steps", {})
        forms = dict(steps[kind].forms) if kind in steps else {}
        return PlaceWords.of(game).action(action, forms)

    def event_text(self, game: CatanGame, event: Any) -> str:
        return PlaceWords.of(game).sentence(event.text, event.data)

    def refusal_words(self, game: CatanGame, reason: str) -> str:
        return PlaceWords.of(game).sentence(reason)

    def coach_reason(self, game: CatanGame, action: str, reason: str) -> str:
        said = PlaceWords.of(game).sentence(reason)  # a reason told from the log or a prompt names places by index
        verb, *cards = action.split()
        if verb == "trade" and len(cards) == 2 and self._human is not None:
            nearer = trade_aims(game, self._human, cards[0], cards[1])
            said += f"; {nearer}" if nearer else ""
        return said

    def secret_of(self, game: CatanGame) -> Any:
        seen = game.observe(self._human)["players"][self._human]["hand"] if self._human is not None else None
        return dict(seen) if seen else None

    def private_note(self, game: CatanGame, before: Any, events: list[Any]) -> str:
        """The card the human stole, said to them alone (the log says only "takes a card from")."""
        if not any(e.rule == "robber.steal" and e.data.get("player") == self._human for e in events):
            return ""
        after = self.secret_of(game) or {}
        gained = [card for card, n in after.items() if n > before.get(card, 0)]
        return f"You took {' and '.join(gained)} (only you see which card)." if gained else ""

    def _show(self, message: str, kind: str = "info") -> None:
        # A barbarian attack in the steps just played is announced with its arithmetic.
        game = self._shown()
        if kind == "info" and self._view is None and any(
                e.rule == "barbarians.strength" and e.step >= self._events_from for e in game.log[-200:]):
            message += " Barbarian attack! " + " ".join(PlaceWords.of(game).sentence(t) for t in barbarian_attack(game))
        super()._show(message, kind)


#: What each cost of the game pays for, in words.
COST_WORDS = {"road": "a road", "settlement": "a settlement", "city": "a city", "development": "a development card",
              "wall": "a city wall", "knight": "a knight", "promote": "a knight's promotion",
              "activate": "a knight's activation"}


def trade_aims(game: CatanGame, seat: int, give: str, get: str) -> str:
    """What a trade with the bank brings ``seat`` nearer to, by the game's costs and the seat's own hand: "a city is
    then 1 card away (2 before)"; ``""`` when it brings nothing nearer, or pays for something at once (the coach then
    names what it makes possible: "then you can build a road on ...")."""
    player = game.observe(seat)["players"][seat]
    hand, rate = dict(player["hand"]), player["rates"].get(give)
    if rate is None or hand.get(give, 0) < rate:
        return ""
    after = {**hand, give: hand[give] - rate, get: hand.get(get, 0) + 1}

    def short(cost: Any, cards: dict[str, int]) -> int:
        return sum(max(0, n - cards.get(card, 0)) for card, n in cost.items())

    nearer = sorted((short(cost, after), short(cost, hand), kind) for kind, cost in game.params["costs"].items()
                    if short(cost, after) < short(cost, hand))
    if not nearer:
        return ""
    missing, was, kind = nearer[0]
    if not missing:
        return ""
    return f"{COST_WORDS.get(kind, kind)} is then {missing} card{'s' if missing > 1 else ''} away ({was} before)"


def barbarian_attack(game: CatanGame) -> list[str]:
    """The last barbarian attack's event texts in log order (strength, defence, the outcome), as the engine reports
    it (``CKGame.last_barbarian_attack``); empty before the first and in base Catan."""
    return game.last_barbarian_attack() if isinstance(game, CKGame) else []


class CKTable(CatanTable):
    """:class:`CatanTable` of Cities & Knights: ``CKTable(players=4, seed=1)`` is
    ``CatanTable(game_id="catan.cities_knights", players=4, seed=1)``."""

    _esm = esm("catan/static/ck_table.js")  # its own test ids ("ck-"), so a notebook's two tables tell apart

    game_class = CKGame
    click_hint = (CatanTable.click_hint[:-1] + "; to move a knight or chase the robber with it, click the knight (⚔) "
                  "first.")


def _config_fields() -> set[str]:
    from dataclasses import fields

    from games.catan.cities_knights import CKConfig

    return {f.name for f in fields(CKConfig)} - {"players"}


__all__ = ["CKTable", "CatanTable", "GAMES", "barbarian_attack"]
