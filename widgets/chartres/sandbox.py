"""Trying wine making out: :class:`WineSandbox` (sliders and pickers linked both ways to a live
:class:`~.cellar.CellarView`) and :func:`pour_half_first`, the mistake a lesson sets beside the rule::

    WineSandbox(cellar="A")            # sliders for grapes and the marker, a cellar dropdown, the live view
    pour_half_first(values, 2, 7, 3)   # NOT the rule: the half barrels poured before the full ones
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets

from games.chartres import Barrel, Pouring, fills, pour
from games.chartres.components import Components
from games.chartres.data.rulebook import FULL_BARREL, HALF_BARREL
from games.chartres.wine import GRAPES

from .cellar import MAX_GRAPES, CellarView


def pour_half_first(values: Sequence[int], marker: int, white: int, red: int, first: str = "white") -> Pouring:
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


class WineSandbox(ipywidgets.VBox):
    """Drag the grapes and the marker, pick a cellar and the colour that pours first; the live cellar and the IP
    follow. The sliders and the view are linked both ways: a click in the view moves the sliders too.

    ``sandbox.view`` is the :class:`~.cellar.CellarView`; ``sandbox.white_slider``, ``.red_slider``,
    ``.marker_slider``, ``.cellar_picker`` (Dropdown), ``.first_picker`` (ToggleButtons) and ``.readout`` (HTML)
    are the controls; ``sandbox.ip`` and ``sandbox.pouring`` read the engine's result.
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
            (self.white_slider, "white"), (self.red_slider, "red"), (self.marker_slider, "marker"))]
        for picker, name in ((self.cellar_picker, "cellar"), (self.first_picker, "first")):
            self.links.append(ipywidgets.dlink((v, name), (picker, "value")))
            picker.observe(self._picked(picker, name), names="value")
        v.observe(self._on_board, names="values")
        v.observe(self._on_result, names=["ip", "explanation"])
        self._on_result()
        super().__init__([ipywidgets.HBox([ipywidgets.VBox([self.white_slider, self.red_slider, self.marker_slider]),
                                           ipywidgets.VBox([self.cellar_picker, self.first_picker])],
                                          layout={"flex_flow": "row wrap"}),
                          v, self.readout], **kwargs)

    ip = property(lambda self: self.view.ip, doc="The IP the engine pours from what the controls set.")
    pouring = property(lambda self: self.view.pouring,
                       doc="The engine's Pouring of what the controls set (``.explain()`` says it in words).")

    def _picked(self, picker: ipywidgets.Widget, name: str) -> Any:
        """A choice goes to the view; a picker left with no selection shows the view's choice again."""
        def changed(change: dict[str, Any]) -> None:
            if change["new"] is None:
                picker.value = getattr(self.view, name)
            else:
                setattr(self.view, name, change["new"])
        return changed

    def _on_board(self, _change: Any = None) -> None:
        self.marker_slider.max = len(self.view.values) - 1

    def _on_result(self, _change: Any = None) -> None:
        v = self.view
        self.readout.value = (f"<div class='ch-readout' style='font-size:14px'><span style='font-size:22px;"
                              f"font-weight:800'>{v.ip} IP</span> from {v.white} white and {v.red} red grapes, "
                              f"marker on space {v.marker} of cellar {html.escape(v.cellar)}</div>")


__all__ = ["WineSandbox", "pour_half_first"]
