"""Sandboxes of the Catan lessons, each a live :class:`~widgets.catan.BoardView` (the one island renderer) with its
numbers following every click. What a place allows, produces or does is the engine's (through :mod:`.odds`)::

    PlacementSandbox(seed=1)              # click an intersection: what a settlement or a city there takes per roll
    AttackSandbox(players=3)              # place cities and knights (active or not); the attack's outcome follows
    DevelopmentSandbox(players=3)         # build improvements seat by seat: levels, card chances, metropolises

Every sandbox works from code as well as by clicking (``sandbox.pick(17)``, ``sandbox.place(17)``,
``sandbox.improve(0, "science")``); a place or step the rules refuse is answered in the message line and changes
nothing.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets

from games.catan import pieces
from games.catan.board import N_NODES, NODE_BIT
from games.catan.cities_knights import CKGame, improvements, knights, metropolis
from games.catan.data import ck_rulebook
from widgets.shared.text import seat_label

from . import lessons, odds
from .board_view import BoardView

BUILDINGS = ("settlement", "city")


def _html(frame: Any) -> str:
    return frame.to_html(escape=True)


def _message(text: str, kind: str = "info") -> str:
    colour = "#b91c1c" if kind == "error" else "#1f3d5c"
    return f"<div class='bg-sandbox-message' style='color:{colour}'>{html.escape(text)}</div>"


def _seat_menu(players: int) -> ipywidgets.Dropdown:
    return ipywidgets.Dropdown(options=[(seat_label(q), q) for q in range(players)], value=0, description="seat")


class _Steps:
    """What the attack and development sandboxes share: the steps taken since the start (``_moves``), Undo and
    Reset (buttons and methods), and ``_rebuild``, which each sandbox defines: the start position with the steps
    left replayed on it."""

    _moves: list

    def _undo_and_reset_buttons(self) -> None:
        self.undo_button = ipywidgets.Button(description="Undo", icon="undo")
        self.reset_button = ipywidgets.Button(description="Reset", icon="refresh")
        self.undo_button.on_click(lambda _b: self.undo())
        self.reset_button.on_click(lambda _b: self.reset())

    def undo(self) -> None:
        if self._moves:
            self._moves.pop()
            self._rebuild()

    def reset(self) -> None:
        self._moves = []
        self._rebuild()

    def _rebuild(self) -> None:
        raise NotImplementedError


# ---------------------------------------------------------------- placement and yield
class PlacementSandbox(ipywidgets.VBox):
    """Click an intersection of the island: the hexes around it and what a settlement or a city there takes per roll
    (``building`` toggles). ``PlacementSandbox(game=None, seed=1, cities_knights=True)``; ``.pick(17)`` from code;
    ``.picked`` the intersections picked so far, compared in ``.frame()``."""

    def __init__(self, game: Any = None, *, seed: int = 1, cities_knights: bool = True) -> None:
        if game is None:
            from games.catan import cities_knights as ck
            from games.catan import new_game

            game = (ck.new_game if cities_knights else new_game)(players=3, seed=seed, layout="beginner")
        self.game = game
        self.picked: list[int] = []
        offers = {f"node:{v}": f"what a building at {v} takes" for v in range(N_NODES)}
        self.board = BoardView(game, interactive=True, offers=offers, on_pick=self._on_pick,
                               caption="Click an intersection")
        self.building = ipywidgets.ToggleButtons(options=BUILDINGS, value="settlement", description="building")
        self.building.observe(self._on_building, names="value")
        self.clear_button = ipywidgets.Button(description="Clear", icon="eraser")
        self.clear_button.on_click(lambda _b: self.clear())
        self.detail = ipywidgets.HTML("<i>Click an intersection to see what it takes.</i>")
        self.compare = ipywidgets.HTML("")
        super().__init__([self.board, ipywidgets.HBox([self.building, self.clear_button]), self.detail,
                          self.compare])

    def _on_pick(self, kind: str, index: int) -> str:
        return self.pick(index)

    def pick(self, node: int) -> str:
        """Pick intersection ``node``: its hexes and yield are shown; returns the sentence the board says."""
        if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < N_NODES:
            raise ValueError(f"the intersections are numbered 0 to {N_NODES - 1}, not {node!r}")
        said = self.sentence(node)  # first: a pick refused on the way changes nothing
        if node in self.picked:
            self.picked.remove(node)
        self.picked.append(node)
        self._refresh()
        return said

    def _on_building(self, change: dict[str, Any]) -> None:
        if change["new"] is None:  # the buttons left with no selection: the building shown stays
            self.building.value = change["old"]
            return
        self._refresh()

    def clear(self) -> None:
        self.picked = []
        self._refresh()

    def sentence(self, node: int) -> str:
        building = self.building.value
        per_roll = odds.cards_per_roll(odds.node_yield(self.game, node, building))
        return (f"A {building} at {node} takes {lessons.fraction_text(per_roll)} cards per roll: "
                f"{odds.cards_per_36(self.game, node, building)} in 36 rolls.")

    def frame(self) -> Any:
        """The picked intersections side by side (:func:`lessons.yield_frame`)."""
        return lessons.yield_frame(self.game, self.picked)

    def _refresh(self) -> None:
        self.board.marks = {"node": list(self.picked)}
        if not self.picked:
            self.detail.value, self.compare.value = "<i>Click an intersection to see what it takes.</i>", ""
            return
        node = self.picked[-1]
        self.detail.value = (f"<b>Intersection {node}</b>: {html.escape(self.sentence(node))}"
                             + _html(lessons.node_frame(self.game, node)))
        self.compare.value = "<b>Picked so far</b>" + _html(self.frame())


# ---------------------------------------------------------------- the barbarians' attack
PIECES = ("city", "basic knight", "strong knight", "mighty knight", "activate", "remove")


class AttackSandbox(_Steps, ipywidgets.VBox):
    """Place cities and knights for any seat; the barbarians' attack on the position follows every click
    (:func:`odds.attack_outcome`: the engine resolves it on a copy). ``AttackSandbox(players=3)``; from code
    ``.place(17, "city", seat=1)``, ``.place(22, "strong knight", seat=0)``, ``.place(22, "activate")``,
    ``.place(22, "remove")``, ``.outcome()``, ``.undo()``, ``.reset()``."""

    def __init__(self, players: int = 3, *, cities: dict[int, list[int]] | None = None,
                 knights_: dict[int, dict[int, str]] | None = None) -> None:
        self.players = players
        self._start = {"cities": dict(cities or {}), "knights_": dict(knights_ or {})}
        self._moves: list[tuple[int, str, int]] = []
        self.game = odds.position(players=players, **self._start)
        self.board = BoardView(self.game, interactive=True, on_pick=self._on_pick, offers=self._offers(),
                               caption="Place cities and knights")
        self.seat = _seat_menu(players)
        self.piece = ipywidgets.Dropdown(options=PIECES, value="city", description="click puts")
        self.seat.observe(lambda _change: self._reoffer(), names="value")
        self.piece.observe(lambda _change: self._reoffer(), names="value")
        self._undo_and_reset_buttons()
        self.result = ipywidgets.HTML("")
        self.status = ipywidgets.HTML("")
        super().__init__([self.board, ipywidgets.HBox([self.seat, self.piece, self.undo_button, self.reset_button]),
                          self.status, self.result])
        self._refresh()

    def _offers(self) -> dict[str, str]:
        """The intersections where the chosen piece may go for the chosen seat now (only those are live)."""
        seat = self.seat.value if hasattr(self, "seat") else 0
        piece = self.piece.value if hasattr(self, "piece") else "city"
        return {f"node:{v}": f"{piece} at {v}" for v in range(N_NODES) if self.problem(v, piece, seat) is None}

    def _on_pick(self, kind: str, index: int) -> str:
        return self._apply(index, self.piece.value, self.seat.value)

    def place(self, node: int, piece: str = "city", seat: int = 0) -> bool:
        """Put ``piece`` (one of :data:`PIECES`) for ``seat`` at ``node``; ``False`` (and the reason in
        ``.status``) when the position forbids it."""
        try:
            self._apply(node, piece, seat)
        except ValueError as err:
            self.status.value = _message(f"Not allowed: {err}", "error")
            return False
        return True

    def _apply(self, node: Any, piece: Any, seat: Any) -> str:
        problem = self.problem(node, piece, seat)
        if problem:
            raise ValueError(problem)
        self._moves.append((node, piece, seat))
        self._do(self.game, node, piece, seat)
        self._refresh()
        said = f"{seat_label(seat)}: {piece} at {node}. {self.outcome().verdict}"
        self.status.value = _message(said)
        return said

    def problem(self, node: Any, piece: Any, seat: Any) -> str | None:
        """Why ``piece`` cannot go at ``node`` for ``seat`` now (``None``: it can)."""
        s = self.game.state
        if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < N_NODES:
            return f"the intersections are numbered 0 to {N_NODES - 1}, not {node!r}."
        if piece not in PIECES:
            return f"a click puts one of {', '.join(PIECES)}, not {piece!r}."
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            return f"the seats are 0 to {self.players - 1}, not {seat!r}."
        bit = NODE_BIT[node]
        owner = knights.owner_at(self.game, node)
        if piece in ("activate", "remove"):
            if owner < 0:
                return f"there is no knight at {node} (Undo takes back a city)."
            if piece == "activate" and s.active[owner] & bit:
                return f"the knight at {node} is active already."
            return None
        if piece == "city":
            if not s.free & bit:
                return f"no city may go at {node}: it is taken or next to a building (the distance rule)."
            if not s.cities_left[seat]:
                return f"{seat_label(seat)} has no city piece left."
            return None
        level = knights.LEVELS.index(piece.split()[0])
        if (s.built | s.knight_nodes) & bit:
            return f"{node} is taken: a knight needs an empty intersection."
        if not knights.piece_left(self.game, seat, level):
            n = self.game.design.per_level  # the game's pieces per level (2 printed)
            every = "both" if n == 2 else f"all {n}"
            return f"{every} of {seat_label(seat)}'s {knights.LEVELS[level]} knights are on the board."
        return None

    @staticmethod
    def _do(game: CKGame, node: int, piece: str, seat: int) -> None:
        bit = NODE_BIT[node]
        if piece == "city":
            pieces.place_position(game, cities={seat: [node]})
        elif piece == "activate":
            knights.Activate().activate(game, knights.owner_at(game, node), node, free=True)
        elif piece == "remove":
            knights.lift(game, knights.owner_at(game, node), node)
            knights.knights_changed(game, bit)
        else:
            words = piece.split()
            knights.place(game, seat, node, knights.LEVELS.index(words[0]), active=False)
        game.touched()

    def _rebuild(self) -> None:
        self.game = odds.position(players=self.players, **self._start)
        for move in self._moves:
            self._do(self.game, *move)
        self._refresh()

    def outcome(self) -> odds.Attack:
        """What the barbarians would do if they landed now."""
        return odds.attack_outcome(self.game)

    def frame(self) -> Any:
        return lessons.attack_frame(self.game)

    def _reoffer(self) -> None:
        self.board.offers = self._offers()

    def _refresh(self) -> None:
        self.board.update(self.game)
        self._reoffer()
        attack = self.outcome()
        colour = "#15803d" if attack.holds else "#b91c1c"
        self.result.value = (f"<div style='border-left:4px solid {colour};padding:4px 8px'><b>If the barbarians "
                             f"landed now:</b> {html.escape(attack.verdict)}</div>"
                             + _html(lessons.attack_frame(self.game, attack)))


# ---------------------------------------------------------------- the development board
class DevelopmentSandbox(_Steps, ipywidgets.VBox):
    """Build city improvements seat by seat: each seat's levels, its chance per roll of a progress card in each
    track, the metropolises and the engine's log of each step. ``DevelopmentSandbox(players=3, cities=None)``
    (default: one city per seat and a second for seat 0); ``.improve(0, "science")``, ``.undo()``, ``.reset()``.
    Costs are not paid (a "what if"): the table says what each level costs."""

    def __init__(self, players: int = 3, *, cities: dict[int, list[int]] | None = None) -> None:
        self.players = players
        self._cities = cities or {0: [17, 31], 1: [40], 2: [13]}
        self._moves: list[tuple[int, str]] = []
        self.lines: list[str] = []
        self.game = odds.position(players=players, cities=self._cities)
        self.board = BoardView.picture(self.game, caption="The seats' cities (metropolises drawn on them)")
        self.seat = _seat_menu(players)
        self.buttons = []
        for track in ck_rulebook.TRACKS:
            button = ipywidgets.Button(description=f"improve {track}", tooltip=f"build the next {track} level")
            button.on_click(lambda _b, t=track: self.improve(self.seat.value, t))
            self.buttons.append(button)
        self._undo_and_reset_buttons()
        self.status = ipywidgets.HTML("")
        self.levels = ipywidgets.HTML("")
        self.journal = ipywidgets.HTML("")
        super().__init__([ipywidgets.HBox([self.seat, *self.buttons]),
                          ipywidgets.HBox([self.undo_button, self.reset_button]), self.status, self.levels,
                          self.board, self.journal])
        self._refresh()

    def problem(self, seat: Any, track: Any) -> str | None:
        """Why ``seat`` cannot build the next level of ``track`` now (the engine's sentence), or ``None``."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            return f"the seats are 0 to {self.players - 1}, not {seat!r}."
        if track not in ck_rulebook.TRACKS:
            return f"the tracks are {', '.join(ck_rulebook.TRACKS)}, not {track!r}."
        s = self.game.state
        t = ck_rulebook.TRACKS.index(track)
        level = s.levels[seat * 3 + t]
        # The engine's own conditions (a sandbox seat pays nothing, so the cost is not one of them).
        if level == odds.LEVELS or not s.cities[seat] or metropolis.waits_for_city(self.game, seat, t, level + 1):
            from games.core import Action

            return improvements.improve_refusal(self.game, seat, Action("improve", (track,)))
        return None

    def improve(self, seat: int, track: str) -> bool:
        """Build ``seat``'s next level of ``track``; ``False`` (the reason in ``.status``) when refused."""
        problem = self.problem(seat, track)
        if problem:
            self.status.value = _message(f"Not allowed: {problem}", "error")
            return False
        self._moves.append((seat, track))
        new = odds.improve_events(self.game, [(seat, track)])
        self.lines += new
        self._refresh()
        self.status.value = _message(" ".join(line.split(": ", 1)[1] for line in new))
        return True

    def _rebuild(self) -> None:
        self.game = odds.position(players=self.players, cities=self._cities)
        self.lines = odds.improve_events(self.game, self._moves)
        self.status.value = ""
        self._refresh()

    def frame(self) -> Any:
        """One row per seat: each track's level (and its chance per roll of a card), metropolises, points."""
        from widgets.shared.frames import table

        s = self.game.state
        rows = []
        for q in range(self.players):
            row: dict[str, Any] = {"seat": seat_label(q)}
            for t, track in enumerate(ck_rulebook.TRACKS):
                level = s.levels[q * 3 + t]
                nxt = f"; next costs {odds.level_cost(level + 1)}" if level < odds.LEVELS else ""
                row[track] = f"{level} (card {lessons.fraction_text(odds.draw_chance(track, level))}/roll{nxt})"
            row["metropolises"] = ", ".join(ck_rulebook.TRACKS[t] for t in range(3) if s.metro_owner[t] == q)
            row["points"] = s.points[q]
            rows.append(row)
        return table(rows, index="seat")

    def _refresh(self) -> None:
        self.board.update(self.game)
        self.levels.value = _html(self.frame())
        shown = self.lines[-8:]
        self.journal.value = "<b>The engine's log</b><br>" + ("<br>".join(html.escape(line) for line in shown)
                                                         if shown else "<i>nothing built yet</i>")


__all__ = ["AttackSandbox", "DevelopmentSandbox", "PIECES", "PlacementSandbox"]
