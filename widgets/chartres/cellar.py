"""Chartres wine making (ワイン作り) for the notebooks: the cellar board as a view, a sandbox, a chart, exercises.

Nothing here decides an IP: every barrel, fill and number comes from :func:`games.chartres.wine.pour`. This module
lays the result out like the cellar board (barrel track, printed barrel values, the barrel marker, wine poured into
full and half barrels) and turns the browser's clicks into validated calls::

    from widgets.chartres_cellar import CellarView, WineSandbox, WineExercise, cellar_html, ip_chart

    view = CellarView(cellar="A", marker=2, white=7, red=3)   # the rule text's example: 4 + 3 + 1 = 8 IP
    view.ip, view.barrels, view.explanation                   # what the engine computed
    view.set(marker=4)                 # True; False (and view.message says why) for a space that does not exist
    view.handle_intent({"type": "add", "colour": "red", "delta": 1})   # what the view's + button sends
    WineSandbox(cellar="A")            # sliders for grapes and the marker, a cellar dropdown, the live view
    ip_chart("A")                      # plotly: IP against grapes of one colour, one line per marker space
    WineExercise("Anne's wine", white=7, red=3, marker=2).show()

Spaces are counted from 0 in code (``marker=2`` is the third barrel), as in :func:`~games.chartres.wine.pour`;
the explanations count barrels from 1, as a player does. The cellar values are the designed ``approx`` boards
(``shared/notes/chartres.md`` §4.1), so every view carries :data:`games.chartres.BANNER`.

pandas and plotly are imported only when a chart or table is made, so ``import widgets`` stays quick.
"""

from __future__ import annotations

import html
import pathlib
import re
from typing import TYPE_CHECKING, Any, Mapping

import anywidget
import ipywidgets
import traitlets

from games.chartres import BANNER, SOURCE, Barrel, Pouring, fills, has_order_choice, load_components, pour
from games.chartres.abilities import atom_words
from games.chartres.components import Cellar, Components
from games.chartres.data.rulebook import FULL_BARREL, HALF_BARREL
from games.chartres.wine import GRAPES, ip_by_grapes

from .exercises import Feedback, feedback_html

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import plotly.graph_objects as go

_STATIC = pathlib.Path(__file__).parent / "static"

#: The most grapes of one colour the view and the sandbox take: an action row ends an era with 7 cards, and a card
#: of the designed set shows at most 2 resources, so no row shows more than 14 grapes of a colour.
MAX_GRAPES = 16
INTENTS = ("marker", "add", "grapes", "first", "cellar")
#: Wine colours for the drawings (white wine is golden, as in the glass).
WINE_COLOURS = {"white": "#e8cf5a", "red": "#8e1b2c"}
_WHOLE = re.compile(r"[+-]?[0-9]+\Z")


def _short(value: Any) -> str:
    """A value as a learner may see it in a message: its repr, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _components(components: str | Components) -> Components:
    return components if isinstance(components, Components) else load_components(components)


def _cellar(comps: Components, cellar: Any) -> Cellar:
    if not isinstance(cellar, str) or cellar.strip().upper() not in comps.cellars:
        raise ValueError(f"there is no cellar {_short(cellar)}; the cellars are {', '.join(comps.cellars)}")
    return comps.cellars[cellar.strip().upper()]


def bonus_rows(cellar: Cellar) -> list[dict[str, Any]]:
    """The track bonuses of a cellar board, in space order: ``{"space": 1, "atom": "draw:2", "words": "draw 2
    cards"}`` (gained when the barrel marker passes or reaches the space)."""
    return [{"space": s, "atom": a, "words": atom_words(a)} for s, a in sorted(cellar.bonuses.items())]


def barrel_rows(pouring: Pouring) -> list[dict[str, Any]]:
    """The filled barrels of a pouring as plain dicts: space, printed value, colour, fill and IP."""
    return [{"space": b.space, "value": b.value, "colour": b.colour, "fill": b.fill, "ip": b.ip}
            for b in pouring.barrels]


def pour_half_first(values: list[int] | tuple[int, ...], marker: int, white: int, red: int,
                    first: str = "white") -> Pouring:
    """**Not the rule**: what a learner who pours the half barrels before the full ones would get.

    The barrels each colour fills are the engine's (:func:`~games.chartres.wine.fills`), and each barrel scores as
    the engine scores it (:class:`~games.chartres.wine.Barrel`); only the order on the track is the mistaken one.
    The notebook sets it beside :func:`~games.chartres.wine.pour` to show why the order matters.
    """
    pour(values, marker, white, red, first)  # the same checks of the arguments as the rule
    counts = {"white": white, "red": red}
    order = (first, "red" if first == "white" else "white")
    planned = {c: fills(counts[c]) for c in GRAPES}
    kinds = [(c, "half") for c in order for _ in range(planned[c][1])]
    kinds += [(c, "full") for c in order for _ in range(planned[c][0])]
    spaces = range(marker, len(values))
    placed = tuple(Barrel(s, values[s], c, f) for s, (c, f) in zip(spaces, kinds, strict=False))
    size = {"full": FULL_BARREL.value, "half": HALF_BARREL.value}
    in_barrels = {c: sum(size[b.fill] for b in placed if b.colour == c) for c in GRAPES}
    return Pouring(placed, {c: counts[c] - in_barrels[c] for c in GRAPES}, marker)


# ====================================================================== checking inputs
def _input_problem(comps: Components, changes: Mapping[str, Any], current: Mapping[str, Any]) -> str | None:
    """Why ``changes`` to a cellar position (``cellar``, ``marker``, ``white``, ``red``, ``first``) cannot be made,
    as a sentence for the learner; ``None`` if they can. ``current`` holds the position before the change."""
    for name in changes:
        if name not in ("cellar", "marker", "white", "red", "first"):
            return f"A cellar position has cellar, marker, white, red and first, not {name!r}."
    if "cellar" in changes:
        cellar = changes["cellar"]
        if not isinstance(cellar, str) or cellar.strip().upper() not in comps.cellars:
            return f"There is no cellar {_short(cellar)}: the cellars are {', '.join(comps.cellars)}."
    for colour in GRAPES:
        if colour in changes:
            n = changes[colour]
            if not _is_whole(n):
                return (f"Grapes are counted in whole numbers: {colour} grapes can be 0 to {MAX_GRAPES}, "
                        f"not {_short(n)}.")
            if n < 0:
                return f"There cannot be {n} {colour} grapes: the fewest is 0."
            if n > MAX_GRAPES:
                return (f"{n} {colour} grapes is more than an action row of 7 cards can show: this cellar takes 0 "
                        f"to {MAX_GRAPES}.")
    if "first" in changes and changes["first"] not in GRAPES:
        return f"Only white or red grapes can pour first, not {_short(changes['first'])}."
    cellar_id = str(changes.get("cellar", current["cellar"])).strip().upper()
    last = len(comps.cellars[cellar_id].values) - 1
    marker = changes.get("marker", current["marker"])
    if not _is_whole(marker):
        return f"The barrel marker stands on a space numbered 0 to {last}, not {_short(marker)}."
    if not 0 <= marker <= last:
        return (f"There is no space {marker}: cellar {cellar_id} has spaces 0 to {last} (barrels 1 to "
                f"{last + 1}).")
    return None


def _checked_position(comps: Components, cellar: Any, marker: Any, white: Any, red: Any, first: Any
                      ) -> dict[str, Any]:
    """The position as keywords for :func:`pour`, or ``ValueError`` with the learner's sentence (for code)."""
    given = {"cellar": cellar, "marker": marker, "white": white, "red": red, "first": first}
    problem = _input_problem(comps, given, given)
    if problem:
        raise ValueError(problem)
    return {**given, "cellar": cellar.strip().upper()}


# ====================================================================== the static drawing
def cellar_html(cellar: str = "A", marker: int = 0, white: int = 0, red: int = 0, first: str = "white", *,
                pouring: Pouring | None = None, caption: str = "",
                components: str | Components = "approx_v1") -> str:
    """The cellar board as plain HTML (no widget, no JavaScript): printed barrel values, track bonuses, the
    marker, and the wine the engine pours (or ``pouring``, e.g. :func:`pour_half_first`, drawn as given).

    Styles are inline, so the drawing survives static exports; its test ids start with ``cellar-static`` so they
    never clash with a live :class:`CellarView` on the same page. Raises ``ValueError`` for a position that does not
    exist (a space off the board, negative grapes, ...).
    """
    comps = _components(components)
    pos = _checked_position(comps, cellar, marker, white, red, first)
    board = comps.cellars[pos["cellar"]]
    if pouring is None:
        pouring = pour(board.values, pos["marker"], pos["white"], pos["red"], pos["first"])
    elif not isinstance(pouring, Pouring):
        raise ValueError(f"pouring must be a games.chartres.Pouring, not {_short(pouring)}")
    by_space = {b.space: b for b in pouring.barrels}
    bonuses = {row["space"]: row["words"] for row in bonus_rows(board)}
    cells = []
    for space, value in enumerate(board.values):
        here = space == pouring.marker
        barrel = by_space.get(space)
        box = ("height:38px;display:flex;align-items:center;justify-content:center;border-radius:6px;"
               "font-size:11px;line-height:1.15")
        if barrel is None:
            wine = f"<div style='{box};color:#9a9080'>empty</div>"
        else:
            level = "100%" if barrel.fill == "full" else "50%"
            colour = WINE_COLOURS[barrel.colour]
            label = "full" if barrel.fill == "full" else "½"
            wine = (f"<div data-testid='cellar-static-barrel-{space}' style='{box};border:1px solid #6b4a2b;"
                    f"background:linear-gradient(to top,{colour} {level},#f4ede0 {level})'><span style='background:"
                    f"rgba(255,255,255,0.85);border-radius:3px;padding:0 3px;font-weight:700'>{label} "
                    f"{barrel.colour} → {barrel.ip}</span></div>")
        mark = "▼ marker" if here else "&nbsp;"
        bonus = html.escape(bonuses.get(space, ""))
        cells.append(
            f"<td data-testid='cellar-static-space-{space}' style='border:1px solid #c8b68c;padding:4px 6px;"
            f"text-align:center;vertical-align:top;width:84px;background:{'#fff0b3' if here else '#fbf7ee'};"
            f"opacity:{'0.55' if space < pouring.marker else '1'}'>"
            f"<div style='font-size:11px;color:#b3261e;font-weight:700'>{mark}</div>"
            f"<div style='font-size:11px;color:#6b6357'>space {space}</div>"
            f"<div style='font-weight:800;font-size:15px'>{value} IP</div>{wine}"
            f"<div style='font-size:11px;color:#6b6357;min-height:14px'>{bonus}</div></td>")
    unused = [f"{n} {c}" for c, n in pouring.unused.items() if n]
    rest = f"; grapes that score nothing: {', '.join(unused)}" if unused else ""
    banner = (f"<div data-testid='cellar-static-banner' style='display:inline-block;background:#fff4d6;"
              f"border:1px dashed #b7862a;color:#6b4a0c;font-size:12px;padding:2px 8px;border-radius:4px'>⚠️ "
              f"{html.escape(BANNER)} ({html.escape(SOURCE)})</div>" if not comps.is_printed else "")
    head = html.escape(caption) if caption else (f"Cellar {pos['cellar']}: {white} white and {red} red grapes, "
                                                  f"marker on space {pouring.marker}")
    return (f"<div class='ch-cl-static' data-testid='cellar-static' style='font-family:system-ui,sans-serif;"
            f"font-size:13px;color:#22201c;margin:4px 0'>{banner}<div style='font-weight:700;margin:4px 0'>{head}"
            f"</div><table style='border-collapse:collapse;table-layout:fixed'><tr>{''.join(cells)}</tr></table>"
            f"<div data-testid='cellar-static-ip' style='margin-top:4px'><b>{pouring.ip} IP</b>"
            f"{html.escape(rest)}</div></div>")


# ====================================================================== the live view
class CellarView(anywidget.AnyWidget):
    """One cellar board with the barrel marker and the grapes of an action row, poured by the rules.

    ``CellarView(cellar="A", marker=0, white=0, red=0, first="white", components="approx_v1")``.

    Synced state (Python → browser). The position: ``cellar`` (board id), ``marker`` (space index), ``white`` and
    ``red`` (grapes in the action row) and ``first`` (the colour that pours first, the player's choice). What the
    engine made of it (:func:`~games.chartres.wine.pour`): ``barrels`` (``{space, value, colour, fill, ip}``),
    ``unused`` (grapes per colour that score nothing), ``ip``, ``explanation`` (``Pouring.explain()``) and
    ``order_choice`` (:func:`~games.chartres.wine.has_order_choice`). The board: ``values`` (printed barrel IP),
    ``bonuses`` (``{space, atom, words}``), ``cellars`` (the board ids), ``max_grapes``. And ``banner``,
    ``source``, ``message``, ``message_kind`` (``"info"`` / ``"error"``) and ``message_seq`` (counts answers).

    Intents (browser → Python, each carrying all its data), all through :meth:`handle_intent`:
    ``{"type": "marker", "space": 3}``, ``{"type": "add", "colour": "white", "delta": 1}``,
    ``{"type": "grapes", "colour": "red", "count": 3}``, ``{"type": "first", "colour": "red"}`` and
    ``{"type": "cellar", "cellar": "B"}``. Nonsense gets a sentence in ``message`` and changes nothing.

    From code, :meth:`set` (and the verbs :meth:`move_marker`, :meth:`add_grapes`, :meth:`set_grapes`,
    :meth:`pour_first`, :meth:`use_cellar`) answer ``False`` with a message in the same way; assigning a trait
    directly (``view.marker = 3``, as ``ipywidgets.link`` does) is checked too and raises ``TraitError``.
    """

    _esm = _STATIC / "chartres_cellar.js"
    _css = _STATIC / "chartres_cellar.css"

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
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    #: Counts the answers; it makes a repeated message (the same refusal twice) still reach and flash the view.
    message_seq = traitlets.Int(0).tag(sync=True)

    def __init__(self, cellar: str = "A", marker: int = 0, white: int = 0, red: int = 0, first: str = "white", *,
                 components: str | Components = "approx_v1", **kwargs: Any) -> None:
        comps = _components(components)
        pos = _checked_position(comps, cellar, marker, white, red, first)
        self._comps = comps
        self._quiet = True  # no summary message while the verbs (or __init__) write their own
        super().__init__(**pos, cellars=list(comps.cellars), max_grapes=MAX_GRAPES,
                         banner=BANNER if not comps.is_printed else "", source=comps.source, **kwargs)
        self._recompute()
        self._quiet = False
        self.on_msg(self._on_browser_msg)
        self._say("Click a barrel space to move the marker; add grapes with + and −; choose which colour pours "
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
        """The engine's :class:`~games.chartres.wine.Pouring` of the position shown."""
        return pour(self._comps.cellars[self.cellar].values, self.marker, self.white, self.red, self.first)

    def _repr_html_(self) -> str:
        """A static drawing for places without a widget manager (exports, GitHub)."""
        return cellar_html(**self.position, components=self._comps)

    # ------------------------------------------------------------------ the verbs
    def set(self, *, cellar: str | None = None, marker: int | None = None, white: int | None = None,
            red: int | None = None, first: str | None = None) -> bool:
        """Change any part of the position at once (``None`` keeps a part). False, with :attr:`message` saying why,
        if any part is impossible; then nothing changes."""
        given = {"cellar": cellar, "marker": marker, "white": white, "red": red, "first": first}
        return self._change({k: v for k, v in given.items() if v is not None}, "")

    def move_marker(self, space: int) -> bool:
        """Put the barrel marker on ``space`` (0 = the leftmost barrel)."""
        if _is_whole(space) and space == self.marker:
            return self._change({}, f"The marker is on space {space} already.")
        return self._change({"marker": space}, f"The marker moves to space {_short(space)}.")

    def set_grapes(self, colour: str, count: int) -> bool:
        """``count`` grapes of ``colour`` (``"white"`` / ``"red"``) in the action row."""
        if colour not in GRAPES:
            return self._refuse(f"Grapes are white or red, not {_short(colour)}.")
        return self._change({colour: count}, f"{_short(count)} {colour} grapes.")

    def add_grapes(self, colour: str, delta: int = 1) -> bool:
        """``delta`` more (or, negative, fewer) grapes of ``colour``: the view's + and − buttons."""
        if colour not in GRAPES:
            return self._refuse(f"Grapes are white or red, not {_short(colour)}.")
        if not _is_whole(delta):
            return self._refuse(f"Grapes are added one by one (a whole number like 1 or -1), not {_short(delta)}.")
        now = getattr(self, colour)
        if now + delta < 0:
            return self._refuse(f"There are no {colour} grapes to take away: the fewest is 0."
                                if now == 0 else f"There are only {now} {colour} grapes: you cannot take "
                                                 f"away {-delta}.")
        word = "one more" if delta == 1 else "one fewer" if delta == -1 else f"{delta:+d}"
        return self._change({colour: now + delta}, f"{word.capitalize()} {colour} grape{'s' * (abs(delta) != 1)}.")

    def pour_first(self, colour: str) -> bool:
        """Which colour pours first (the player's choice). It decides which colour sits in which barrel, never the
        IP."""
        if colour not in GRAPES:
            return self._refuse(f"Only white or red grapes can pour first, not {_short(colour)}.")
        note = ("" if has_order_choice(self.white, self.red)
                else " With these grapes the two colours never fill the same kind of barrel, so it changes nothing.")
        return self._change({"first": colour}, f"{colour.capitalize()} pours first.{note}")

    def use_cellar(self, cellar: str) -> bool:
        """Show another cellar board; the marker keeps its space (our reading when cellars are passed on)."""
        if not isinstance(cellar, str) or cellar.strip().upper() not in self._comps.cellars:
            return self._refuse(f"There is no cellar {_short(cellar)}: the cellars are "
                                f"{', '.join(self._comps.cellars)}.")
        board = cellar.strip().upper()
        return self._change({"cellar": board}, f"Cellar {board}: the marker keeps its space, the printed values "
                                                "change.")

    def _refuse(self, text: str) -> bool:
        self._say(text, "error")
        return False

    def _change(self, changes: dict[str, Any], lead: str) -> bool:
        """The one path every verb goes through: check everything, then change everything (or nothing)."""
        problem = _input_problem(self._comps, changes, self.position)
        if problem:
            return self._refuse(problem)
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
            self._say(f"{lead} {self._summary()}{moved}.".strip())
        return True

    # ------------------------------------------------------------------ computing (by the engine) and syncing
    def _summary(self) -> str:
        return (f"Now {self.white} white and {self.red} red grapes, marker on space {self.marker} of cellar "
                f"{self.cellar}: {self.ip} IP")

    def _say(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.message = text
            self.message_kind = kind
            self.message_seq += 1

    @traitlets.validate("cellar", "marker", "white", "red", "first")
    def _valid_input(self, proposal: Any) -> Any:
        name, value = proposal["trait"].name, proposal["value"]
        comps = getattr(self, "_comps", None)
        if comps is not None:
            problem = _input_problem(comps, {name: value}, self.position)
            if problem:
                raise traitlets.TraitError(problem)
        return value.strip().upper() if name == "cellar" else value

    @traitlets.observe("cellar", "marker", "white", "red", "first")
    def _input_changed(self, _change: Any) -> None:
        if getattr(self, "_comps", None) is None:
            return  # still in __init__
        self._recompute()
        if not self._quiet:  # a direct assignment (a linked slider): say what it gives
            self._say(f"{self._summary()}.")

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
    def _on_browser_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_intent(content)
        except Exception as err:  # a bug must not vanish into the JupyterLab log console
            self._say(f"Something went wrong in the cellar view: {type(err).__name__}: {err}", "error")

    def handle_intent(self, intent: Any) -> bool:
        """Carry out one intent as the browser sends it (see the class docstring). Anything malformed or impossible
        becomes a sentence in :attr:`message` and leaves the position exactly as it was."""
        if not isinstance(intent, dict):
            return self._refuse(f"Not understood: an intent is an object like {{'type': 'marker', 'space': 2}}, "
                                f"not {type(intent).__name__}.")
        kind = intent.get("type")
        if kind not in INTENTS:
            return self._refuse(f"Not understood: unknown intent {_short(kind)}; the intents are "
                                f"{', '.join(INTENTS)}.")
        if kind == "marker":
            return self.move_marker(intent.get("space"))  # type: ignore[arg-type]  # checked in _change
        if kind == "add":
            return self.add_grapes(intent.get("colour"), intent.get("delta", 1))  # type: ignore[arg-type]
        if kind == "grapes":
            return self.set_grapes(intent.get("colour"), intent.get("count"))  # type: ignore[arg-type]
        if kind == "first":
            return self.pour_first(intent.get("colour"))  # type: ignore[arg-type]
        return self.use_cellar(intent.get("cellar"))  # type: ignore[arg-type]


# ====================================================================== the sandbox
class WineSandbox(ipywidgets.VBox):
    """Drag the grapes and the marker, pick a cellar and the colour that pours first; the live cellar and the IP
    follow. The sliders and the view are linked both ways: a click in the view moves the sliders too.

    ``sandbox.view`` is the :class:`CellarView`; ``sandbox.white_slider``, ``.red_slider``, ``.marker_slider``,
    ``.cellar_picker`` (Dropdown), ``.first_picker`` (ToggleButtons) and ``.readout`` (HTML) are the controls;
    ``sandbox.ip`` and ``sandbox.pouring`` read the engine's result.
    """

    def __init__(self, cellar: str = "A", marker: int = 0, white: int = 0, red: int = 0, first: str = "white", *,
                 components: str | Components = "approx_v1", **kwargs: Any) -> None:
        self.view = CellarView(cellar, marker, white, red, first, components=components)
        v = self.view
        wide = {"width": "420px"}
        style = {"description_width": "110px"}
        self.white_slider = ipywidgets.IntSlider(value=v.white, min=0, max=MAX_GRAPES, description="white grapes",
                                          layout=wide, style=style)
        self.red_slider = ipywidgets.IntSlider(value=v.red, min=0, max=MAX_GRAPES, description="red grapes",
                                        layout=wide, style=style)
        self.marker_slider = ipywidgets.IntSlider(value=v.marker, min=0, max=len(v.values) - 1,
                                           description="marker space", layout=wide, style=style)
        self.cellar_picker = ipywidgets.Dropdown(options=list(v.cellars), value=v.cellar, description="cellar",
                                                 layout={"width": "200px"}, style=style)
        self.first_picker = ipywidgets.ToggleButtons(options=[("white first", "white"), ("red first", "red")],
                                                     value=v.first, description="pours first", style=style)
        self.readout = ipywidgets.HTML()
        # Both ways: a slider sets the view's trait (checked by the view), a click in the view moves the slider.
        self.links = [ipywidgets.link((control, "value"), (v, name)) for control, name in (
            (self.white_slider, "white"), (self.red_slider, "red"), (self.cellar_picker, "cellar"),
            (self.first_picker, "first"), (self.marker_slider, "marker"))]
        v.observe(self._on_board, names="values")
        v.observe(self._on_result, names=["ip", "explanation"])
        self._on_result()
        super().__init__([ipywidgets.HBox([ipywidgets.VBox([self.white_slider, self.red_slider, self.marker_slider]),
                                           ipywidgets.VBox([self.cellar_picker, self.first_picker])],
                                          layout={"flex_flow": "row wrap"}),
                          v, self.readout], **kwargs)

    @property
    def ip(self) -> int:
        return self.view.ip

    @property
    def pouring(self) -> Pouring:
        return self.view.pouring

    def _on_board(self, _change: Any = None) -> None:
        self.marker_slider.max = len(self.view.values) - 1

    def _on_result(self, _change: Any = None) -> None:
        v = self.view
        self.readout.value = (f"<div class='ch-cl-readout' style='font-size:14px'><span style='font-size:22px;"
                              f"font-weight:800'>{v.ip} IP</span> from {v.white} white and {v.red} red grapes, "
                              f"marker on space {v.marker} of cellar {html.escape(v.cellar)}</div>")


# ====================================================================== the chart
def ip_chart(cellar: str = "A", most: int = 16, *, components: str | Components = "approx_v1") -> go.Figure:
    """IP against grapes of one colour (0 to ``most``), one line per marker space, for one cellar board.

    Every point is :func:`games.chartres.wine.ip_by_grapes`. The steps show the rule: nothing for 1–2 grapes, half
    a barrel at 3, a full barrel at 4, and flat lines where the grapes run past the last barrel.
    """
    import plotly.graph_objects as go

    comps = _components(components)
    board = _cellar(comps, cellar)
    if not _is_whole(most) or not 0 <= most <= 4 * len(board.values) + 8:
        raise ValueError(f"most must be a whole number of grapes 0 to {4 * len(board.values) + 8}, not {most!r}")
    xs = list(range(most + 1))
    fig = go.Figure()
    for marker, value in enumerate(board.values):
        fig.add_trace(go.Scatter(
            x=xs, y=ip_by_grapes(board.values, marker, most), mode="lines+markers", line_shape="hv",
            name=f"space {marker} ({value} IP)",
            hovertemplate=f"marker on space {marker}: %{{x}} grapes → %{{y}} IP<extra></extra>"))
    banner = f" · {BANNER}" if not comps.is_printed else ""
    fig.update_layout(
        title=f"Cellar {board.id}: IP from grapes of one colour, by marker space{banner}",
        xaxis={"title": {"text": "grapes of one colour"}, "dtick": 1},
        yaxis={"title": {"text": "IP"}}, legend={"title": {"text": "marker on"}},
        height=440, margin={"l": 50, "r": 20, "t": 60, "b": 40})
    return fig


# ====================================================================== exercises
class WineExercise:
    """"How many IP does this wine make?" The rules package works the answer out (:func:`pour`), and the
    feedback explains it barrel by barrel (:meth:`Pouring.explain <games.chartres.wine.Pouring.explain>`).

    ``WineExercise("Anne's wine", white=7, red=3, marker=2, cellar="A")``. A position that does not exist raises
    ``ValueError`` when the exercise is made, so a broken exercise fails when its notebook runs.
    """

    def __init__(self, title: str, white: int, red: int, marker: int, cellar: str = "A", first: str = "white",
                 hint: str = "", *, components: str | Components = "approx_v1") -> None:
        self.title, self.hint = title, hint
        self._comps = _components(components)
        try:
            pos = _checked_position(self._comps, cellar, marker, white, red, first)
        except ValueError as err:
            raise ValueError(f"exercise {title!r}: {err}") from None
        self.cellar, self.marker, self.white, self.red, self.first = (pos["cellar"], pos["marker"], pos["white"],
                                                                      pos["red"], pos["first"])
        self.values = self._comps.cellars[self.cellar].values

    def pouring(self) -> Pouring:
        return pour(self.values, self.marker, self.white, self.red, self.first)

    def answer(self) -> int:
        """The IP the rules give."""
        return self.pouring().ip

    def explain(self) -> str:
        return "; ".join(self.pouring().explain()) + "."

    @property
    def question(self) -> str:
        printed = ", ".join(map(str, self.values))
        return (f"{self.title}. Cellar {self.cellar} has barrels printed {printed} (spaces 0 to "
                f"{len(self.values) - 1}). The barrel marker is on space {self.marker}. The action row shows "
                f"{_plural(self.white, 'white grape')} and {_plural(self.red, 'red grape')}. How many IP does "
                f"the wine make?")

    def question_html(self) -> str:
        hint = f"<details><summary>Hint</summary>{html.escape(self.hint)}</details>" if self.hint else ""
        board = cellar_html(self.cellar, self.marker, 0, 0, components=self._comps,
                            caption=f"Cellar {self.cellar}, marker on space {self.marker} (no wine poured yet)")
        return (f"<div class='ch-cl-ex-question'><b>{html.escape(self.title)}</b><br>"
                f"{html.escape(self.question.split('. ', 1)[1])}{board}{hint}</div>")

    def check(self, answer: Any) -> Feedback:
        """Compare ``answer`` with the rules' IP. Never raises: unreadable input gets a readable message."""
        value = _ip(answer)
        if isinstance(value, str):
            return Feedback(False, value)
        truth = self.answer()
        if value == truth:
            return Feedback(True, f"Right: {truth} IP. {self.explain()}")
        hint = f" Hint: {self.hint}" if self.hint else ""
        return Feedback(False, f"Not quite: you said {value}, but the wine makes {truth} IP. {self.explain()}{hint}")

    def show(self) -> WineExerciseBox:
        """The exercise as a widget: question, answer box, Check button and feedback (a new box per call)."""
        return WineExerciseBox(self)

    def __repr__(self) -> str:
        return f"<WineExercise: {self.question}>"


class WineExerciseBox(ipywidgets.VBox):
    """One exercise on screen: ``.answer`` (Text), ``.check_button`` and ``.feedback`` (HTML)."""

    def __init__(self, exercise: WineExercise, **kwargs: Any) -> None:
        self.exercise = exercise
        self.answer = ipywidgets.Text(value="", placeholder="IP", description="IP", layout={"width": "180px"})
        self.check_button = ipywidgets.Button(description="Check", icon="check", button_style="primary")
        self.feedback = ipywidgets.HTML("")
        self.check_button.on_click(self._on_check)
        super().__init__([ipywidgets.HTML(exercise.question_html()),
                          ipywidgets.HBox([self.answer, self.check_button]), self.feedback], **kwargs)

    def _on_check(self, _button: Any = None) -> None:
        try:
            self.feedback.value = feedback_html(self.exercise.check(self.answer.value))
        except Exception as err:  # an exception in a click handler would vanish into the log console
            self.feedback.value = feedback_html(Feedback(False, f"Something went wrong in the exercise: "
                                                                f"{type(err).__name__}: {err}"))


def _ip(answer: Any) -> int | str:
    """The answer as a whole number of IP, or a sentence saying what is wrong with it."""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return "Type your answer first: a whole number of IP, e.g. 5."
    if isinstance(answer, bool):
        return f"Type a whole number of IP, e.g. 5, not {answer}."
    if isinstance(answer, float):
        if not answer.is_integer():
            return f"IP are whole numbers (a half barrel rounds down), not {answer}."
        answer = int(answer)
    if isinstance(answer, str):
        if not _WHOLE.match(answer.strip()):
            return f"{_short(answer.strip())} is not a number: type a whole number of IP, e.g. 5."
        answer = int(answer.strip())
    if not isinstance(answer, int):
        return f"Type a whole number of IP, e.g. 5, not a {type(answer).__name__}."
    if answer < 0:
        return f"Wine never costs IP, so {answer} cannot be right. Try again."
    return answer


__all__ = ["MAX_GRAPES", "CellarView", "WineExercise", "WineExerciseBox", "WineSandbox", "barrel_rows", "bonus_rows",
           "cellar_html", "ip_chart", "pour_half_first"]
