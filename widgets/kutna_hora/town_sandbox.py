"""Kutná Hora's town sandbox: build, take plots and remove in a town of your own, with the costs, the matching
points and the noble scoring following live::

    sandbox = TownSandbox(size=5)        # place tiles, plot markers, remove; live costs, matching and nobles
    sandbox.place(12, "tavern-2", 1); sandbox.mark(7, 0); sandbox.costs(); sandbox.noble_rows()

What the board allows is checked by :mod:`.town_position`, what it costs and scores by the engine
(:mod:`.town_words`); the board is a :class:`~widgets.kutna_hora.town_board.TownView`.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Iterable, Mapping, Sequence

import ipywidgets

from games.kutna_hora import town
from games.kutna_hora.data.approx import TOWN_SIZE
from games.kutna_hora.data.components import TILES
from games.kutna_hora.data.rulebook import NOBLE_COLOURS, NOBLES_PER_COLOUR, PLOT_MARKERS, PLOT_TAX
from widgets.shared.palette import seat_colour, seat_name
from widgets.shared.text import short

from .town_board import TownView
from .town_position import (
    SEATS_BY_SIZE,
    SIZES,
    TownPosition,
    marker_problem,
    owner_label,
    placement_problem,
    plot_problem,
)
from .town_words import (
    HOUSE_ROWS,
    HOUSES_PER_ROW,
    MINE_ROWS,
    MINES_PER_ROW_MAX,
    NobleInputs,
    cost_reason,
    council_counts,
    matching_rows,
    noble_rows,
    plot_case,
)

MAX_PELICANS = 30
MODES = (("build", "build"), ("plot marker", "marker"), ("remove", "remove"))


class TownSandbox(ipywidgets.VBox):
    """An editable town: pick a building tile and an owner, click a plot to build; take plots with plot markers
    (at the price the rules ask, only where the rules allow); remove; reset; switch the board side (5 × 5 or
    6 × 6). Live panels: what each free plot costs now (with a "reputation ≥ 3" checkbox), each building's matching
    points with their sources, and the noble scoring per player for the council you set.

    ``sandbox.view`` is the :class:`TownView`. Controls: ``.mode_picker`` (ToggleButtons: build, marker, remove),
    ``.tile_picker`` and ``.owner_picker`` (Dropdowns), ``.size_picker``, ``.reputation_box`` (Checkbox),
    ``.reset_button``, ``.council`` (colour → BoundedIntText) and ``.player_inputs`` (seat → ``{"used_pelicans":
    w, "mines_per_row": [w, ...], "houses_taken_per_row": [w, ...]}``). Panels (HTML): ``.costs_panel``,
    ``.matching_panel``, ``.nobles_panel``.

    From code: :meth:`place`, :meth:`mark`, :meth:`remove`, :meth:`reset`, :meth:`resize`, :meth:`load` answer
    ``False`` with a sentence in ``sandbox.view.message`` when the board cannot do it (then nothing changes);
    :attr:`position`, :meth:`costs`, :meth:`matching` and :meth:`noble_rows` read what the rules make of it.
    """

    def __init__(self, size: int = 5, *, position: TownPosition | None = None, reputation: bool = False,
                 council: Mapping[str, int] | None = None, **kwargs: Any) -> None:
        self._pos = position if position is not None else TownPosition.empty(size)
        size = self._pos.size
        style = {"description_width": "90px"}
        self.mode_picker = ipywidgets.ToggleButtons(options=MODES, value="build", description="click to",
                                                    style=style)
        self.tile_picker = ipywidgets.Dropdown(options=_tile_options(), value="builders-1", description="tile",
                                               layout={"width": "360px"}, style=style)
        self.owner_picker = ipywidgets.Dropdown(options=_owner_options(SEATS_BY_SIZE[size]), value=0,
                                                description="player", layout={"width": "220px"}, style=style)
        self.size_picker = ipywidgets.ToggleButtons(options=[(f"{s} × {s} ({_players_words(s)})", s)
                                                             for s in SIZES], value=size, description="board",
                                                    style=style)
        self.reputation_box = ipywidgets.Checkbox(value=reputation, description="reputation ≥ 3 (plots cost 1)",
                                                  indent=False)
        self.reset_button = ipywidgets.Button(description="reset", icon="undo", tooltip="empty the town")
        council_ = council_counts(council if council is not None else {"green": 1})
        self.council = {c: ipywidgets.BoundedIntText(value=council_[c], min=0, max=NOBLES_PER_COLOUR.value,
                                                     description=f"{c}", layout={"width": "130px"},
                                                     style={"description_width": "50px"})
                        for c in NOBLE_COLOURS}
        self.player_inputs: dict[int, dict[str, Any]] = {}
        self.inputs_box = ipywidgets.VBox()
        self.costs_panel = ipywidgets.HTML()
        self.matching_panel = ipywidgets.HTML()
        self.nobles_panel = ipywidgets.HTML()
        self.view = TownView(self._pos, size=size, on_plot=self._on_plot,
                             caption="Click a plot: the mode below says what a click does.")
        self._make_player_inputs(SEATS_BY_SIZE[size])

        for picker in (self.tile_picker, self.owner_picker, self.size_picker, self.mode_picker):
            picker.observe(_keep_a_choice, names="value")  # first: the others then see the choice kept
        self.tile_picker.observe(self._on_tile, names="value")
        self.size_picker.observe(self._on_size, names="value")
        self.mode_picker.observe(self._refresh, names="value")
        self.reputation_box.observe(self._refresh, names="value")
        self.reset_button.on_click(lambda _b: self.reset())
        for w in self.council.values():
            w.observe(self._refresh_nobles, names="value")
        self._refresh()
        controls = ipywidgets.VBox([
            self.size_picker, self.mode_picker,
            ipywidgets.HBox([self.tile_picker, self.owner_picker], layout={"flex_flow": "row wrap"}),
            ipywidgets.HBox([self.reputation_box, self.reset_button])])
        noble_box = ipywidgets.VBox([
            ipywidgets.HTML("<b>Nobles in the council</b> (0 to 3 of each colour)"),
            ipywidgets.HBox(list(self.council.values()), layout={"flex_flow": "row wrap"}),
            ipywidgets.HTML("<b>Per player</b>: used pelicans · mines in mine rows 1-4 · houses taken from "
                            "house rows 1-3"),
            self.inputs_box, self.nobles_panel])
        super().__init__([controls, ipywidgets.HBox([self.view, ipywidgets.VBox(
            [self.costs_panel, self.matching_panel], layout={"max_width": "520px"})],
            layout={"flex_flow": "row wrap"}), noble_box], **kwargs)

    # ------------------------------------------------------------------ reading it
    @property
    def position(self) -> TownPosition:
        return self._pos

    @property
    def size(self) -> int:
        return self._pos.size

    @property
    def seats(self) -> int:
        """How many players the board side is for (2 on the 5 × 5 side, up to 4 on the 6 × 6 side)."""
        return SEATS_BY_SIZE[self.size]

    def costs(self) -> dict[int, int]:
        """What each plot to be had costs now, with the reputation discount if the box is ticked."""
        return self._pos.costs(self.reputation_box.value)

    def matching(self) -> dict[int, town.Match]:
        """:func:`~games.kutna_hora.town.matching` for every building, by plot."""
        return {i: town.matching(i, self._pos.buildings, self.size) for i in self._pos.built()}

    def noble_inputs(self) -> dict[int, NobleInputs]:
        return {seat: NobleInputs(w["used_pelicans"].value, tuple(x.value for x in w["mines_per_row"]),
                                  tuple(x.value for x in w["houses_taken_per_row"]))
                for seat, w in self.player_inputs.items()}

    def council_counts(self) -> dict[str, int]:
        return {c: w.value for c, w in self.council.items()}

    def noble_rows(self) -> list[dict[str, Any]]:
        return noble_rows(self._pos, self.council_counts(), self.noble_inputs())

    # ------------------------------------------------------------------ the verbs
    def click(self, index: Any) -> bool:
        """What a click on plot ``index`` does in the current mode (the same path as the browser's click)."""
        return self.view.handle_intent({"intent": "plot", "index": index})

    def place(self, index: int, tile: str, owner: int | None = None) -> bool:
        """Build ``tile`` on plot ``index`` for ``owner`` (a seat; public buildings have none)."""
        return self._do(self._place, index, tile, owner)

    def mark(self, index: int, seat: int) -> bool:
        """Put ``seat``'s plot marker on plot ``index``: only a plot the rules offer now, at most 3 per player."""
        return self._do(self._mark, index, seat)

    def remove(self, index: int) -> bool:
        """Take the building or plot marker off plot ``index``."""
        return self._do(self._remove, index)

    def load(self, position: TownPosition) -> bool:
        """Show ``position`` (its board side too)."""
        if not isinstance(position, TownPosition):
            return self.view.refuse(f"Not understood: load takes a TownPosition, not {type(position).__name__}.")
        if position.size != self.size:
            self.size_picker.value = position.size  # rebuilds the player inputs for the other side
        self._set(position, -1, f"Loaded a {position.size} × {position.size} town with "
                                f"{len(position.built())} buildings.")
        return True

    def reset(self) -> None:
        self._set(TownPosition.empty(self.size), -1, "The town is empty again.")

    def resize(self, size: int) -> bool:
        """Turn the board to the other side (the town is emptied: the plots are not the same)."""
        if size not in SIZES:
            return self.view.refuse(f"Not allowed: the town board has a {' and a '.join(f'{s} × {s}' for s in SIZES)}"
                                    f" side, not {short(size)}.")
        self.size_picker.value = size
        return True

    # ------------------------------------------------------------------ doing it
    def _do(self, verb: Callable[..., str], *args: Any) -> bool:
        try:
            self.view.say(verb(*args))
        except ValueError as err:
            return self.view.refuse(f"Not allowed: {err}")
        return True

    def _on_plot(self, index: int) -> str:
        """The view's callback: raises ValueError with the sentence (the view shows it as a refusal)."""
        mode = self.mode_picker.value
        if mode == "remove":
            return self._remove(index)
        if mode == "marker":
            return self._mark(index, self.owner_picker.value)
        tile = self.tile_picker.value
        owner = -1 if TILES[tile].guild == "public" else self.owner_picker.value
        return self._place(index, tile, owner)

    def _place(self, index: Any, tile: Any, owner: Any) -> str:
        if owner is None and isinstance(tile, str) and tile in TILES and TILES[tile].guild == "public":
            owner = -1
        b, o, m = list(self._pos.buildings), list(self._pos.owners), list(self._pos.markers)
        problem = placement_problem(b, m, self.size, index, tile, owner, self.seats)
        if problem:
            raise ValueError(problem)
        home = f" {owner_label(m[index])}'s plot marker goes home." if m[index] >= 0 else ""
        b[index], o[index], m[index] = tile, owner, -1
        self._set(TownPosition(tuple(b), tuple(o), tuple(m), self.size), index, "")
        t = TILES[tile]
        if t.guild == "public":
            what = (f"{tile} (public) on plot {index}: no owner, no house, no production; a {t.colour} noble goes "
                    f"to the pool and the builder gets {', '.join(e.words() for e in t.effects if e.kind != 'noble')} "
                    "at once.")
        else:
            what = f"{tile} of {owner_label(owner)} on plot {index}."
        return f"{what}{home} It scores {town.matching(index, b, self.size).points} by matching now."

    def _mark(self, index: Any, seat: Any) -> str:
        b, m = list(self._pos.buildings), list(self._pos.markers)
        problem = marker_problem(b, m, self.size, index, seat, self.seats)
        if problem:
            raise ValueError(problem)
        reason = cost_reason(self._pos, index, self.reputation_box.value)
        m[index] = seat
        self._set(TownPosition(self._pos.buildings, self._pos.owners, tuple(m), self.size), index, "")
        n = sum(1 for x in m if x == seat)
        tax = f" With {n} plots in town, plot tax {PLOT_TAX.value[n]} at round end." if n in PLOT_TAX.value else ""
        return f"{owner_label(seat)} takes plot {index} for {reason}.{tax}"

    def _remove(self, index: Any) -> str:
        problem = plot_problem(self.size, index)
        if problem:
            raise ValueError(problem)
        b, o, m = list(self._pos.buildings), list(self._pos.owners), list(self._pos.markers)
        if b[index]:
            what = f"{b[index]} leaves plot {index}."
            b[index], o[index] = "", -1
        elif m[index] >= 0:
            what = f"{owner_label(m[index])}'s plot marker leaves plot {index}."
            m[index] = -1
        else:
            raise ValueError(f"plot {index} is empty already: there is nothing to remove.")
        self._set(TownPosition(tuple(b), tuple(o), tuple(m), self.size), index, "")
        return what

    def _set(self, pos: TownPosition, selected: int, message: str) -> None:
        self._pos = pos
        if self.tile_picker.value in pos.buildings:
            # There is one of each tile: move the picker on, so the next click builds instead of being refused.
            self.tile_picker.value = _next_free_tile(self.tile_picker.value, pos.buildings)
        self._refresh(selected=selected, message=message or None)

    # ------------------------------------------------------------------ controls and panels
    def _on_tile(self, change: Any) -> None:
        if change["new"] is None:
            return
        # Public buildings have no owner: the owner picker is only for guild buildings and plot markers.
        public = TILES[change["new"]].guild == "public"
        self.owner_picker.description = "player" if not public else "player (for markers)"

    def _on_size(self, change: Any) -> None:
        size = change["new"]
        if size is None or change["old"] is None:  # no selection, and _keep_a_choice's restoring it: the town stays
            return
        self._pos = TownPosition.empty(size)
        seats = SEATS_BY_SIZE[size]
        self.owner_picker.options = _owner_options(seats)
        self.owner_picker.value = 0
        self._make_player_inputs(seats)
        self._refresh(message=f"The {size} × {size} side ({_players_words(size)}): an empty town.")

    def _make_player_inputs(self, seats: int) -> None:
        def box(maximum: int, label: str) -> ipywidgets.BoundedIntText:
            return ipywidgets.BoundedIntText(value=0, min=0, max=maximum, layout={"width": "52px"},
                                             tooltip=label)

        rows = []
        self.player_inputs = {}
        for seat in range(seats):
            w = {"used_pelicans": box(MAX_PELICANS, "used pelicans"),
                 "mines_per_row": [box(MINES_PER_ROW_MAX, f"mines in mine row {r + 1}") for r in range(MINE_ROWS)],
                 "houses_taken_per_row": [box(HOUSES_PER_ROW, f"houses taken from row {r + 1}")
                                          for r in range(HOUSE_ROWS)]}
            for x in [w["used_pelicans"], *w["mines_per_row"], *w["houses_taken_per_row"]]:
                x.observe(self._refresh_nobles, names="value")
            self.player_inputs[seat] = w
            label = ipywidgets.HTML(f"<span style='color:{seat_colour(seat)};font-weight:700'>"
                                    f"{owner_label(seat)}</span>", layout={"width": "70px"})
            rows.append(ipywidgets.HBox([label, ipywidgets.HTML("pelicans"), w["used_pelicans"],
                                         ipywidgets.HTML("mines"), *w["mines_per_row"],
                                         ipywidgets.HTML("houses"), *w["houses_taken_per_row"]],
                                        layout={"flex_flow": "row wrap", "align_items": "center"}))
        self.inputs_box.children = rows

    def _refresh(self, _change: Any = None, *, selected: int = -1, message: str | None = None) -> None:
        pos, reputation = self._pos, self.reputation_box.value
        prices = self.costs()
        marking = self.mode_picker.value == "marker"
        matches = self.matching()
        badges = {i: f"+{m.points}" + ("" if pos.owners[i] >= 0 else " (nobody)") for i, m in matches.items()}
        with self.view.hold_sync():
            self.view.only_offers = marking
            self.view.update(pos, prices, badges, selected=selected, message=message)
        self.costs_panel.value = _costs_html(pos, prices, reputation, self.seats)
        self.matching_panel.value = _rows_html(
            "Matching at the end (each building's owner scores it)", matching_rows(pos),
            ["plot", "building", "scores for", "from", "points"], "No buildings yet.")
        self._refresh_nobles()

    def _refresh_nobles(self, _change: Any = None) -> None:
        try:
            rows = self.noble_rows()
        except ValueError as err:  # a box holding a value out of range while being typed
            self.nobles_panel.value = f"<div class='kh-town-panel' style='color:#b3261e'>{html.escape(str(err))}</div>"
            return
        self.nobles_panel.value = _rows_html(
            "Noble scoring at the end of each of the last 3 rounds (per noble × nobles in the council)", rows,
            ["player", *NOBLE_COLOURS, "working", "total"], "")


def _keep_a_choice(change: Any) -> None:
    """A picker left with no selection (the browser can send that) shows its last choice again."""
    if change["new"] is None and change["old"] is not None:
        change["owner"].value = change["old"]


def _players_words(size: int) -> str:
    players = sorted(p for p, s in TOWN_SIZE.value.items() if s == size)
    return f"{players[0]} players" if len(players) == 1 else f"{players[0]}-{players[-1]} players"


def _next_free_tile(tile: str, buildings: Sequence[str]) -> str:
    """The next tile after ``tile`` that is not in town: of the same guild (or noble colour) first."""
    ids = list(TILES)
    order = ids[ids.index(tile) + 1:] + ids[:ids.index(tile)]
    same = [t for t in order if (TILES[t].guild, TILES[t].colour) == (TILES[tile].guild, TILES[tile].colour)]
    return next((t for t in same + order if t not in buildings), tile)


def _tile_options() -> list[tuple[str, str]]:
    out = []
    for tid, t in TILES.items():
        kind = f"public, {t.colour} noble" if t.guild == "public" else t.guild
        out.append((f"{tid} · {kind} · icons {'/'.join(t.icons)} · plot value {t.plot_value}", tid))
    return out


def _owner_options(seats: int) -> list[tuple[str, int]]:
    return [(f"{owner_label(s)} ({seat_name(s)})", s) for s in range(seats)]


def _costs_html(pos: TownPosition, prices: Mapping[int, int], reputation: bool, seats: int) -> str:
    lines = "".join(f"<li>plot {i}: <b>{html.escape(cost_reason(pos, i, reputation))}</b></li>"
                    for i in sorted(prices))
    tax = []
    for seat in range(seats):
        n = pos.markers_of(seat)
        if n:
            due = PLOT_TAX.value.get(n, 0)
            tax.append(f"{owner_label(seat)}: {n} of {PLOT_MARKERS.value} plot markers in town, plot tax {due}")
    taxes = ("<div>" + "; ".join(tax) + ".</div>") if tax else ""
    return (f"<div class='kh-town-panel' data-testid='kh-town-costs'><b>Plots to be had now</b>"
            f"<div>{html.escape(plot_case(pos))}</div><ul style='margin:2px 0;max-height:180px;overflow:auto'>"
            f"{lines or '<li>none</li>'}</ul>{taxes}</div>")


def _rows_html(title: str, rows: Iterable[Mapping[str, Any]], columns: Sequence[str], empty: str) -> str:
    rows = list(rows)
    head = "".join(f"<th style='text-align:left;padding:1px 6px'>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td style='padding:1px 6px'>{html.escape(str(r[c]))}</td>" for c in columns)
                   + "</tr>" for r in rows)
    table = f"<table style='border-collapse:collapse'><tr>{head}</tr>{body}</table>" if rows else html.escape(empty)
    return f"<div class='kh-town-panel'><b>{html.escape(title)}</b>{table}</div>"


__all__ = ["MODES", "TownSandbox"]
