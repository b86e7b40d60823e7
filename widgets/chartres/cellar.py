"""Chartres wine making (ワイン作り): the cellar board as a view.

Nothing here decides an IP: every barrel, fill and number comes from :func:`games.chartres.wine.pour`. The view
lays the result out like the cellar board (barrel track, printed barrel values, the barrel marker, wine poured into
full and half barrels; the board is drawn by ``static/cellar.js``, the one cellar renderer, which the table uses too)
and turns the browser's clicks into validated calls::

    from widgets.chartres import CellarView

    view = CellarView(cellar="A", marker=2, white=7, red=3)   # the rule text's example: 4 + 3 + 1 = 8 IP
    view.ip, view.barrels, view.explanation                   # what the engine computed
    view.set(marker=4)                 # True; False (and view.message says why) for a space that does not exist
    view.handle_intent({"intent": "add", "colour": "red", "delta": 1})   # what the view's + button sends
    CellarView("A", 2, 7, 3, pouring=wrong, caption="halves first")      # a read-only picture of a given pouring

Spaces are counted from 0 in code (``marker=2`` is the third barrel), as in :func:`~games.chartres.wine.pour`;
the explanations count barrels from 1, as a player does. The cellar values are the designed ``approx`` boards
(``games/chartres/data/approx_v1.json``), so every view carries :data:`games.chartres.BANNER`.
"""

from __future__ import annotations

from typing import Any, Mapping

import traitlets

from games.chartres import BANNER, Pouring, has_order_choice, load_components, pour
from games.chartres.abilities import atom_words
from games.chartres.components import Cellar, Components
from games.chartres.wine import GRAPES
from widgets.shared.frontend import css, esm
from widgets.shared.text import is_whole, short
from widgets.shared.view import View

#: The most grapes of one colour the view and the sandbox take: an action row ends an era with 7 cards, and a card
#: of the designed set shows at most 2 resources, so no row shows more than 14 grapes of a colour.
MAX_GRAPES = 16
#: The parts of a cellar position, in the order :func:`checked_position` takes them.
POSITION = ("cellar", "marker", "white", "red", "first")


def component_set(components: str | Components) -> Components:
    return components if isinstance(components, Components) else load_components(components)


def cellar_board(comps: Components, cellar: Any) -> Cellar:
    """The cellar board ``cellar`` (its id, any case), or ``ValueError`` naming the cellars there are."""
    if not isinstance(cellar, str) or cellar.strip().upper() not in comps.cellars:
        raise ValueError(f"there is no cellar {short(cellar)}; the cellars are {', '.join(comps.cellars)}")
    return comps.cellars[cellar.strip().upper()]


def bonus_rows(cellar: Cellar) -> list[dict[str, Any]]:
    """The track bonuses of a cellar board, in space order: ``{"space": 1, "atom": "draw:2", "words": "draw 2
    cards"}`` (gained when the barrel marker passes or reaches the space)."""
    return [{"space": s, "atom": a, "words": atom_words(a)} for s, a in sorted(cellar.bonuses.items())]


def barrel_rows(pouring: Pouring) -> list[dict[str, Any]]:
    """The filled barrels of a pouring as plain dicts: space, printed value, colour, fill and IP."""
    return [{"space": b.space, "value": b.value, "colour": b.colour, "fill": b.fill, "ip": b.ip}
            for b in pouring.barrels]


# ====================================================================== checking inputs
def input_problem(comps: Components, changes: Mapping[str, Any], current: Mapping[str, Any]) -> str | None:
    """Why ``changes`` to a cellar position (``cellar``, ``marker``, ``white``, ``red``, ``first``) cannot be made,
    as a sentence for the learner; ``None`` if they can. ``current`` holds the position before the change."""
    for name in changes:
        if name not in POSITION:
            return f"A cellar position has cellar, marker, white, red and first, not {name!r}."
    if "cellar" in changes:
        cellar = changes["cellar"]
        if not isinstance(cellar, str) or cellar.strip().upper() not in comps.cellars:
            return f"There is no cellar {short(cellar)}: the cellars are {', '.join(comps.cellars)}."
    for colour in GRAPES:
        if colour in changes:
            n = changes[colour]
            if not is_whole(n):
                return (f"Grapes are counted in whole numbers: {colour} grapes can be 0 to {MAX_GRAPES}, "
                        f"not {short(n)}.")
            if n < 0:
                return f"There cannot be {n} {colour} grapes: the fewest is 0."
            if n > MAX_GRAPES:
                return (f"{n} {colour} grapes is more than an action row of 7 cards can show: this cellar takes 0 "
                        f"to {MAX_GRAPES}.")
    if "first" in changes and changes["first"] not in GRAPES:
        return f"Only white or red grapes can pour first, not {short(changes['first'])}."
    cellar_id = str(changes.get("cellar", current["cellar"])).strip().upper()
    last = len(comps.cellars[cellar_id].values) - 1
    marker = changes.get("marker", current["marker"])
    if not is_whole(marker):
        return f"The barrel marker stands on a space numbered 0 to {last}, not {short(marker)}."
    if not 0 <= marker <= last:
        return (f"There is no space {marker}: cellar {cellar_id} has spaces 0 to {last} (barrels 1 to "
                f"{last + 1}).")
    return None


def checked_position(comps: Components, cellar: Any, marker: Any, white: Any, red: Any, first: Any
                     ) -> dict[str, Any]:
    """The position as keywords for :func:`pour`, or ``ValueError`` with the learner's sentence (for code)."""
    given = {"cellar": cellar, "marker": marker, "white": white, "red": red, "first": first}
    problem = input_problem(comps, given, given)
    if problem:
        raise ValueError(problem)
    return {**given, "cellar": cellar.strip().upper()}


# ====================================================================== the view
class CellarView(View):
    """One cellar board with the barrel marker and the grapes of an action row, poured by the rules.

    ``CellarView(cellar="A", marker=0, white=0, red=0, first="white", *, components="approx_v1", caption="",
    read_only=False, pouring=None)``. ``read_only``: a picture that takes no clicks (an exercise's figure);
    ``pouring``: a read-only picture of that pouring instead of the rule's (:func:`.sandbox.pour_half_first`).

    Synced state (Python → browser). The position: ``cellar`` (board id), ``marker`` (space index), ``white`` and
    ``red`` (grapes in the action row) and ``first`` (the colour that pours first, the player's choice). What the
    engine made of it (:func:`~games.chartres.wine.pour`): ``barrels`` (``{space, value, colour, fill, ip}``),
    ``unused`` (grapes per colour that score nothing), ``ip``, ``explanation`` (``Pouring.explain()``) and
    ``order_choice`` (:func:`~games.chartres.wine.has_order_choice`). The board: ``values`` (printed barrel IP),
    ``bonuses`` (``{space, atom, words}``), ``cellars`` (the board ids), ``max_grapes``. And ``banner``,
    ``source``, ``caption``, ``read_only`` and the message line.

    Intents (browser → Python, each carrying all its data): ``{"intent": "marker", "space": 3}``,
    ``{"intent": "add", "colour": "white", "delta": 1}``, ``{"intent": "grapes", "colour": "red", "count": 3}``,
    ``{"intent": "first", "colour": "red"}`` and ``{"intent": "cellar", "cellar": "B"}``. Nonsense gets a sentence
    in ``message`` and changes nothing.

    From code, :meth:`set` (and the verbs :meth:`move_marker`, :meth:`add_grapes`, :meth:`set_grapes`,
    :meth:`pour_first`, :meth:`use_cellar`) answer ``False`` with a message in the same way; assigning a trait
    directly (``view.marker = 3``, as ``ipywidgets.link`` does) is checked too and raises ``TraitError``.
    """

    _esm = esm("chartres/static/cellar_view.js")
    _css = css("chartres/static/cellar.css")

    INTENTS = {"marker": {"space": 3}, "add": {"colour": "white", "delta": 1},
               "grapes": {"colour": "red", "count": 3}, "first": {"colour": "red"}, "cellar": {"cellar": "B"}}

    cellar = traitlets.Unicode("A").tag(sync=True)
    marker = traitlets.Int(0).tag(sync=True)
    white = traitlets.Int(0).tag(sync=True)
    red = traitlets.Int(0).tag(sync=True)
    first = traitlets.Unicode("white").tag(sync=True)

    cellars = traitlets.List(traitlets.Unicode()).tag(sync=True)
    values = traitlets.List(traitlets.Int()).tag(sync=True)
    bonuses = traitlets.List(traitlets.Dict()).tag(sync=True)
    max_grapes = traitlets.Int(MAX_GRAPES).tag(sync=True)
    barrels = traitlets.List(traitlets.Dict()).tag(sync=True)
    unused = traitlets.Dict().tag(sync=True)
    ip = traitlets.Int(0).tag(sync=True)
    explanation = traitlets.List(traitlets.Unicode()).tag(sync=True)
    order_choice = traitlets.Bool(False).tag(sync=True)
    banner = traitlets.Unicode("").tag(sync=True)
    source = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    read_only = traitlets.Bool(False).tag(sync=True)

    def __init__(self, cellar: str = "A", marker: int = 0, white: int = 0, red: int = 0, first: str = "white", *,
                 components: str | Components = "approx_v1", caption: str = "", read_only: bool = False,
                 pouring: Pouring | None = None, **kwargs: Any) -> None:
        comps = component_set(components)
        if pouring is not None:
            if not isinstance(pouring, Pouring):
                raise ValueError(f"pouring must be a games.chartres.Pouring, not {short(pouring)}")
            marker, read_only = pouring.marker, True
        pos = checked_position(comps, cellar, marker, white, red, first)
        self._comps = comps
        self._given: Pouring | None = None
        self._quiet = True  # no summary message while the verbs (or __init__) write their own
        super().__init__(**pos, cellars=list(comps.cellars), max_grapes=MAX_GRAPES, caption=caption,
                         read_only=read_only, banner=BANNER if not comps.is_printed else "", source=comps.source,
                         **kwargs)
        self._given = pouring
        self._recompute()
        self._quiet = False
        if not read_only:
            self.say("Click a barrel space to move the marker; add grapes with + and −; choose which colour pours "
                     f"first. {self._summary()}")

    # ------------------------------------------------------------------ reading it
    @property
    def components(self) -> Components:
        """The component set the cellar boards come from."""
        return self._comps

    @property
    def position(self) -> dict[str, Any]:
        """The position as keywords: ``{"cellar": "A", "marker": 2, "white": 7, "red": 3, "first": "white"}``."""
        return {"cellar": self.cellar, "marker": self.marker, "white": self.white, "red": self.red,
                "first": self.first}

    @property
    def pouring(self) -> Pouring:
        """The engine's :class:`~games.chartres.wine.Pouring` of the position shown (or the pouring given)."""
        if self._given is not None:
            return self._given
        return pour(self._comps.cellars[self.cellar].values, self.marker, self.white, self.red, self.first)

    def picture(self, caption: str = "") -> CellarView:
        """A read-only copy of this cellar as it is now: a lesson that fills one cellar step by step shows each step
        in a picture that keeps it (a notebook run top to bottom then shows every step, not only the last)."""
        return CellarView(**self.position, components=self._comps, caption=caption, read_only=True,
                          pouring=self._given)

    # ------------------------------------------------------------------ the verbs
    def set(self, *, cellar: str | None = None, marker: int | None = None, white: int | None = None,
            red: int | None = None, first: str | None = None) -> bool:
        """Change any part of the position at once (``None`` keeps a part). False, with :attr:`message` saying why,
        if any part is impossible; then nothing changes."""
        given = {"cellar": cellar, "marker": marker, "white": white, "red": red, "first": first}
        return self._change({k: v for k, v in given.items() if v is not None}, "")

    def move_marker(self, space: int) -> bool:
        """Put the barrel marker on ``space`` (0 = the leftmost barrel)."""
        if is_whole(space) and space == self.marker:
            return self._change({}, f"The marker is on space {space} already.")
        return self._change({"marker": space}, f"The marker moves to space {short(space)}.")

    def set_grapes(self, colour: str, count: int) -> bool:
        """``count`` grapes of ``colour`` (``"white"`` / ``"red"``) in the action row."""
        if colour not in GRAPES:
            return self.refuse(f"Grapes are white or red, not {short(colour)}.")
        return self._change({colour: count}, f"{short(count)} {colour} grapes.")

    def add_grapes(self, colour: str, delta: int = 1) -> bool:
        """``delta`` more (or, negative, fewer) grapes of ``colour``: the view's + and − buttons."""
        if colour not in GRAPES:
            return self.refuse(f"Grapes are white or red, not {short(colour)}.")
        if not is_whole(delta):
            return self.refuse(f"Grapes are added one by one (a whole number like 1 or -1), not {short(delta)}.")
        now = getattr(self, colour)
        if now + delta < 0:
            return self.refuse(f"There are no {colour} grapes to take away: the fewest is 0."
                               if now == 0 else f"There are only {now} {colour} grapes: you cannot take "
                                                f"away {-delta}.")
        word = "one more" if delta == 1 else "one fewer" if delta == -1 else f"{delta:+d}"
        return self._change({colour: now + delta}, f"{word.capitalize()} {colour} grape{'s' * (abs(delta) != 1)}.")

    def pour_first(self, colour: str) -> bool:
        """Which colour pours first (the player's choice). It decides which colour sits in which barrel, never the
        IP."""
        if colour not in GRAPES:
            return self.refuse(f"Only white or red grapes can pour first, not {short(colour)}.")
        note = ("" if has_order_choice(self.white, self.red)
                else " With these grapes the two colours never fill the same kind of barrel, so it changes nothing.")
        return self._change({"first": colour}, f"{colour.capitalize()} pours first.{note}")

    def use_cellar(self, cellar: str) -> bool:
        """Show another cellar board; the marker keeps its space (our reading when cellars are passed on)."""
        if not isinstance(cellar, str) or cellar.strip().upper() not in self._comps.cellars:
            return self.refuse(f"There is no cellar {short(cellar)}: the cellars are "
                               f"{', '.join(self._comps.cellars)}.")
        board = cellar.strip().upper()
        return self._change({"cellar": board}, f"Cellar {board}: the marker keeps its space, the printed values "
                                                "change.")

    def _change(self, changes: dict[str, Any], lead: str) -> bool:
        """The one path every verb goes through: check everything, then change everything (or nothing)."""
        problem = input_problem(self._comps, changes, self.position)
        if problem:
            return self.refuse(problem)
        if "cellar" in changes:
            changes["cellar"] = changes["cellar"].strip().upper()
        was = self.ip
        with self.hold_sync():  # one sync message per answer
            self._quiet = True
            try:
                with self.hold_trait_notifications():
                    for name, value in changes.items():
                        setattr(self, name, value)
            finally:
                self._quiet = False
            moved = f" (was {was})" if self.ip != was else ""
            self.say(f"{lead} {self._summary()}{moved}.".strip())
        return True

    # ------------------------------------------------------------------ computing (by the engine) and syncing
    def _summary(self) -> str:
        return (f"Now {self.white} white and {self.red} red grapes, marker on space {self.marker} of cellar "
                f"{self.cellar}: {self.ip} IP")

    @traitlets.validate(*POSITION)
    def _valid_input(self, proposal: Any) -> Any:
        name, value = proposal["trait"].name, proposal["value"]
        comps = getattr(self, "_comps", None)
        if comps is not None:
            problem = input_problem(comps, {name: value}, self.position)
            if problem:
                raise traitlets.TraitError(problem)
        return value.strip().upper() if name == "cellar" else value

    @traitlets.observe(*POSITION)
    def _input_changed(self, _change: Any) -> None:
        if getattr(self, "_comps", None) is None:
            return  # still in __init__
        self._given = None  # the position changed: the rule pours it again
        self._recompute()
        if not self._quiet:  # a direct assignment (a linked slider): say what it gives
            self.say(f"{self._summary()}.")

    def _recompute(self) -> None:
        board = self._comps.cellars[self.cellar]
        result = self.pouring
        with self.hold_sync():
            self.values = list(board.values)
            self.bonuses = bonus_rows(board)
            self.barrels = barrel_rows(result)
            self.unused = dict(result.unused)
            self.ip = result.ip
            self.explanation = result.explain()
            self.order_choice = has_order_choice(self.white, self.red)

    # ------------------------------------------------------------------ intents from the browser
    def intent_problem(self, intent: Any) -> str | None:
        if self.read_only:
            return f"this cellar is a picture (read-only): it takes no clicks, not {short(intent)}."
        return super().intent_problem(intent)

    def intent_marker(self, space: Any) -> bool:
        return self.move_marker(space)

    def intent_add(self, colour: Any, delta: Any = 1) -> bool:
        return self.add_grapes(colour, delta)

    def intent_grapes(self, colour: Any, count: Any) -> bool:
        return self.set_grapes(colour, count)

    def intent_first(self, colour: Any) -> bool:
        return self.pour_first(colour)

    def intent_cellar(self, cellar: Any) -> bool:
        return self.use_cellar(cellar)


__all__ = ["MAX_GRAPES", "CellarView", "barrel_rows", "bonus_rows", "cellar_board", "checked_position",
           "component_set", "input_problem"]
