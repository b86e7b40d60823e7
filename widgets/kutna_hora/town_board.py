"""Kutná Hora's town board (クトナー・ホラ) as a view of its own: :class:`TownView`.

Its one renderer, ``static/town_board.js``, also draws the town in :class:`~widgets.kutna_hora.KHTable`: plots in a
grid, buildings with their icons, plot value and owner's house colour, plot markers in seat colours, the icons on
the board edge, and optional price labels and badges on plots. Nothing here decides a price or a point::

    from widgets.kutna_hora import TownPosition, TownView
    pos = TownPosition.build(5, {5: ("builders-1", 0), 0: "red-1"})
    view = TownView(pos.snapshot(), offers=pos.costs())       # any town.snapshot(...) dict; prices as labels
    view.on_plot = lambda index: f"you clicked plot {index}"   # a str is shown; a ValueError becomes a refusal
    view.handle_intent({"intent": "plot", "index": 11})        # what a click on plot 11 sends
    view.update(pos.snapshot(), offers={})                     # a redraw
    TownView(pos, interactive=False)                           # a read-only picture for a lesson or a question

Tiles, icons and edge icons are the designed ``approx`` components, so the view carries
:data:`games.kutna_hora.BANNER`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import traitlets

from games.kutna_hora import BANNER
from games.kutna_hora.data.approx import SOURCE
from widgets.shared.frontend import css, esm
from widgets.shared.palette import seat_colours, seat_names
from widgets.shared.text import is_whole
from widgets.shared.view import View

from .colours import board_colours
from .town_position import TownPosition, offer_labels, plot_problem, snapshot_of
from .town_words import plot_words


def palette() -> dict[str, Any]:
    """Colours the town's renderer needs (sent once): seats (the shared palette), icons, guilds and nobles."""
    return {"seats": seat_colours(4), "seat_names": seat_names(4), **board_colours()}


def _cap(text: str) -> str:
    """``text`` with its first letter capitalised (str.capitalize would lower "Player 2")."""
    return text[:1].upper() + text[1:]


class TownView(View):
    """The town board: plots in a grid, buildings with their icons, plot value and owner's house colour, plot
    markers in seat colours, the icons on the board edge, and optional price labels on the plots to be had.

    ``TownView(snapshot=None, offers=None, badges=None, *, size=5, caption="", only_offers=False,
    interactive=True, on_plot=None)`` where ``snapshot`` is a :func:`games.kutna_hora.town.snapshot` dict or a
    :class:`~widgets.kutna_hora.TownPosition` (an empty town of ``size`` if ``None``), ``offers`` maps plots to a
    price (a number, in groschen) or a label, ``badges`` maps plots to a short note.

    Synced state (Python → browser): ``town`` (the snapshot), ``offers`` and ``badges`` (string keys, as JSON
    has them), ``only_offers`` (only offered plots are clickable), ``interactive`` (plots are clickable at all),
    ``selected`` (a plot to outline, -1 for none), ``caption``, ``palette`` (seat, icon, guild and noble colours),
    ``banner``, ``source`` and the message line.

    The one intent (browser → Python): ``{"intent": "plot", "index": 7}``, checked (a whole number, a plot of this
    town, an offered plot when ``only_offers``), then ``on_plot(index)`` is called if set: a ``str`` it returns is
    shown; a ``ValueError`` it raises (``IllegalAction`` is one) is shown as a refusal, and the callback must then
    have changed nothing. Without a callback the view says what is on the plot.
    """

    _esm = esm("kutna_hora/static/town_view.js")
    _css = css("kutna_hora/static/town_board.css")

    INTENTS = {"plot": {"index": 7}}

    town = traitlets.Dict().tag(sync=True)
    offers = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    badges = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    only_offers = traitlets.Bool(False).tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    selected = traitlets.Int(-1).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    palette = traitlets.Dict().tag(sync=True)
    banner = traitlets.Unicode("").tag(sync=True)
    source = traitlets.Unicode("").tag(sync=True)

    def __init__(self, snapshot: Mapping[str, Any] | TownPosition | None = None,
                 offers: Mapping[Any, Any] | None = None, badges: Mapping[Any, Any] | None = None, *,
                 size: int = 5, caption: str = "", only_offers: bool = False, interactive: bool = True,
                 on_plot: Callable[[int], Any] | None = None, **kwargs: Any) -> None:
        snap = snapshot_of(snapshot, size)
        super().__init__(town=snap, offers=offer_labels(offers, snap["size"]),
                         badges=offer_labels(badges, snap["size"]), caption=caption, only_offers=only_offers,
                         interactive=interactive, palette=palette(), banner=BANNER, source=SOURCE, **kwargs)
        self.on_plot = on_plot
        self.say("The town." if not interactive else
                 "Click a plot." if on_plot or only_offers else "Click a plot to see what is on it.")

    @property
    def size(self) -> int:
        return self.town["size"]

    @property
    def position(self) -> TownPosition:
        """The town shown, as lists for the rules functions."""
        return TownPosition.from_snapshot(self.town)

    def update(self, snapshot: Mapping[str, Any] | TownPosition, offers: Mapping[Any, Any] | None = None,
               badges: Mapping[Any, Any] | None = None, *, selected: int = -1, message: str | None = None) -> None:
        """Show another town (and its offers and badges; ``None`` clears them) in one sync message. A snapshot
        of the wrong shape raises ``ValueError`` and changes nothing."""
        snap = snapshot_of(snapshot, 5)
        offered, badge = offer_labels(offers, snap["size"]), offer_labels(badges, snap["size"])
        with self.hold_sync():
            self.town, self.offers, self.badges = snap, offered, badge
            self.selected = selected if is_whole(selected) and 0 <= selected < snap["size"] ** 2 else -1
            if message is not None:
                self.say(message)

    # ------------------------------------------------------------------ the intent from the browser
    def intent_plot(self, index: Any = None) -> bool:
        """A click on plot ``index`` (see the class docstring)."""
        if not self.interactive:
            return self.refuse("Not allowed: this town is only for looking at; nothing can be done here now.")
        problem = plot_problem(self.size, index)
        if problem:
            return self.refuse(f"Not understood: {problem}")
        if self.only_offers and str(index) not in self.offers:
            where = ", ".join(sorted(self.offers, key=int)) or "none"
            return self.refuse(f"Not allowed: plot {index} cannot be chosen now; the plots you may choose are "
                               f"{where}.")
        if self.on_plot is None:
            self.say(_cap(plot_words(self.town, index, self.offers)) + ".")
            return True
        with self.hold_sync():  # the callback's redraw and the answer travel as one sync message
            try:
                answer = self.on_plot(index)
            except ValueError as err:  # IllegalAction is a ValueError: the rules said no, nothing changed
                return self.refuse(f"Not allowed: {getattr(err, 'reason', err)}")
            self.say(answer if isinstance(answer, str) and answer else _cap(plot_words(self.town, index)) + ".")
        return True


__all__ = ["TownView", "palette"]
