"""Kutná Hora's mine sandbox: build mines for any player on a real setup card and watch the row scoring follow.

    sandbox = MineSandbox(players=4, setup=1)       # pick a player and a tile, click an open space
    sandbox.place(10, "iii-2", 0); sandbox.undo(); sandbox.scores(); sandbox.frame()

Where a mine may go and what it costs are the engine's (:mod:`games.kutna_hora.mines`, checked through
:mod:`.mine_layout`); the board is a :class:`~widgets.kutna_hora.mine_board.MineBoardView`.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import ipywidgets

from games.kutna_hora import mines

from .mine_board import MineBoardView
from .mine_layout import (
    SETUP_CARDS,
    next_tech_tile,
    place_problem,
    player_count,
    player_names,
    setup_board,
    technology_level,
    tile_id,
    tile_words,
    where,
)
from .mine_words import explain_row, row_score_frame

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd


@dataclass(frozen=True, slots=True)
class Placement:
    """One mine built in the sandbox: where, which tile, whose, and the wood it cost (``None``: not open)."""

    index: int
    tile: str
    player: int
    wood: int | None


class MineSandbox(ipywidgets.VBox):
    """Build mines for any player on a real setup card and watch the row scoring follow.

    Pick a player and a tile (the tiles not on the board yet; technology tiles come in order and cost no wood),
    then click an open space in the view, or call :meth:`place`. Only open spaces are accepted, as in the game;
    the "any empty space" box lets a teacher put a mine anywhere empty (never on a rock or a mine). Undo takes
    back the last mine, reset clears the board, the setup picker lays out one of the 15 setup cards.

    ``sandbox.view`` is the :class:`MineBoardView` (with the live scoring table per row); ``.player_picker``
    (ToggleButtons), ``.tile_picker`` and ``.setup_picker`` (Dropdowns), ``.any_space_box`` (Checkbox),
    ``.undo_button``, ``.reset_button`` and ``.readout`` (HTML: wood paid, each row's scoring in words) are the
    controls.
    ``sandbox.cells``, ``.owners``, ``.placements``, ``.scores()`` and ``.frame()`` read the position.
    """

    def __init__(self, players: int = 4, *, names: Sequence[str] | None = None, colours: Sequence[str] | None = None,
                 setup: int | None = 1, any_space: bool = False, **kwargs: Any) -> None:
        self.players = player_count(players)
        self.names = player_names(names, self.players)
        self._setup = setup
        self._cells, self._owners = setup_board(setup)
        self.placements: list[Placement] = []
        self.view = MineBoardView(mines.snapshot(self._cells, self._owners), players=self.names, colours=colours,
                                  caption=self._caption(), any_space=any_space, on_space=self._on_space)
        self.player_picker = ipywidgets.ToggleButtons(options=[(n, p) for p, n in enumerate(self.names)], value=0,
                                                      description="player", style={"button_width": "80px"})
        self.tile_picker = ipywidgets.Dropdown(description="tile", layout={"width": "420px"})
        self.setup_picker = ipywidgets.Dropdown(
            options=[("none (no rocks)", 0)] + [(f"card {n}", n) for n in SETUP_CARDS],
            value=setup or 0, description="setup card", layout={"width": "220px"})
        self.any_space_box = ipywidgets.Checkbox(value=any_space, description="any empty space (teacher)",
                                                 indent=False)
        self.undo_button = ipywidgets.Button(description="Undo", icon="undo")
        self.reset_button = ipywidgets.Button(description="Reset", icon="refresh")
        self.readout = ipywidgets.HTML()
        self.undo_button.on_click(lambda _b: self.undo())
        self.reset_button.on_click(lambda _b: self.reset())
        self.setup_picker.observe(self._on_setup, names="value")
        self.any_space_box.observe(self._on_any_space, names="value")
        self._fill_tiles()
        self._refresh()
        super().__init__([
            ipywidgets.HBox([self.player_picker], layout={"flex_flow": "row wrap"}),
            ipywidgets.HBox([self.tile_picker, self.setup_picker], layout={"flex_flow": "row wrap"}),
            ipywidgets.HBox([self.undo_button, self.reset_button, self.any_space_box]),
            self.view, self.readout], **kwargs)

    # ------------------------------------------------------------------ reading it
    @property
    def cells(self) -> list[str]:
        return list(self._cells)

    @property
    def owners(self) -> list[int]:
        return list(self._owners)

    @property
    def setup(self) -> int | None:
        return self._setup

    @property
    def technology(self) -> int:
        return technology_level(self._cells)

    def scores(self) -> list[mines.RowScore]:
        """:func:`~games.kutna_hora.mines.score_rows` of the board."""
        return mines.score_rows(self._cells, self._owners, self.players)

    def frame(self) -> pd.DataFrame:
        """The scoring table as :func:`row_score_frame`."""
        return row_score_frame(self._cells, self._owners, self.players, self.names)

    def explain(self) -> list[str]:
        """Each row's scoring in words (:func:`explain_row`)."""
        return [explain_row(s, self.names) for s in self.scores()]

    def available_tiles(self) -> list[str]:
        """Tiles that may still be placed: the mine tiles not on the board, then the next technology tile."""
        free = [t.id for t in mines.TILES.values() if t.back != "tech" and t.id not in self._cells]
        nxt = next_tech_tile(self._cells)
        return free + ([nxt] if nxt else [])

    def wood_paid(self) -> list[int]:
        """Wood each player paid for the mines on the board (technology tiles and teacher placements: 0)."""
        out = [0] * self.players
        for p in self.placements:
            out[p.player] += p.wood or 0
        return out

    # ------------------------------------------------------------------ the verbs
    def place(self, index: int, tile: str | None = None, player: int | None = None) -> bool:
        """Build ``tile`` (default: the tile picked) for ``player`` (default: the player picked) on space ``index``.
        False, with the view's message saying why, if it may not go there; then nothing changes."""
        try:
            said = self._place(index, tile, player)
        except ValueError as err:
            self.view.say(str(err), "error")
            return False
        self.view.say(said)
        return True

    def undo(self) -> bool:
        """Take back the last mine built. False (with a message) if there is none."""
        if not self.placements:
            self.view.say("Not allowed: there is no mine to take back.", "error")
            return False
        last = self.placements.pop()
        self._cells[last.index], self._owners[last.index] = "", -1
        self._refresh(f"Took back {last.tile} from {where(last.index)}.")
        return True

    def reset(self, setup: int | None | str = "same") -> None:
        """An empty board with the rocks of setup card ``setup`` (default: the card in use; ``None``: no rocks)."""
        card = self._setup if setup == "same" else setup
        cells, owners = setup_board(card)  # raises ValueError before anything changes
        self._setup, self._cells, self._owners = card, cells, owners
        self.placements = []
        if self.setup_picker.value != (card or 0):
            self.setup_picker.value = card or 0  # observed: calls reset again with the same card, harmlessly
        self._refresh(f"A new board: {self._caption().lower()}.")

    def _place(self, index: Any, tile: Any, player: Any) -> str:
        tile = self.tile_picker.value if tile is None else tile
        player = self.player_picker.value if player is None else player
        problem = place_problem(self._cells, self._owners, index, tile, player, self.players,
                                any_space=self.view.any_space, names=self.names)
        if problem:
            raise ValueError(problem)
        tile = tile_id(tile)
        costs = mines.open_spaces(self._cells)
        is_tech = mines.TILES[tile].back == "tech"
        wood = 0 if is_tech else costs.get(index)
        self._cells[index], self._owners[index] = tile, player
        self.placements.append(Placement(index, tile, player, wood))
        if is_tech:
            paid = "free: a technology tile costs no wood (everyone now draws one more tile per Mine action)"
        elif wood is None:
            paid = "not open in the game (placed with 'any empty space')"
        else:
            paid = f"{wood} wood" + (" (an entrance)" if index in mines.ENTRANCE_SPACES else "")
        text = f"{self.names[player]} builds {tile} on {where(index)}: {paid}. ({tile_words(tile)}.)"
        self._refresh()
        return text

    def _on_space(self, index: int) -> str:
        return self._place(index, None, None)

    # ------------------------------------------------------------------ the widgets
    def _caption(self) -> str:
        return f"Setup card {self._setup}" if self._setup else "No setup card (no rocks)"

    def _on_setup(self, change: dict[str, Any]) -> None:
        card = change["new"] or None
        if card != self._setup:
            self.reset(card)

    def _on_any_space(self, change: dict[str, Any]) -> None:
        self.view.any_space = bool(change["new"])
        self.view.say("Any empty space accepts a mine now (not the game's rule)." if change["new"]
                      else "Only open spaces accept a mine, as in the game.")

    def _fill_tiles(self) -> None:
        keep = self.tile_picker.value
        options = [(tile_words(t), t) for t in self.available_tiles()]
        self.tile_picker.options = options
        self.tile_picker.value = keep if keep in [tile for _, tile in options] else options[0][1]

    def _refresh(self, message: str | None = None) -> None:
        last = self.placements[-1].index if self.placements else -1
        self.view.update(mines.snapshot(self._cells, self._owners), technology=self.technology, last=last,
                         caption=self._caption(), message=message)
        self._fill_tiles()
        wood = ", ".join(f"{n} {w}" for n, w in zip(self.names, self.wood_paid(), strict=True))
        rows = "".join(f"<li>{html.escape(line)}</li>" for line in self.explain())
        self.readout.value = (f"<div class='kh-mn-readout' style='font-size:13px'><b>Wood paid:</b> "
                              f"{html.escape(wood)}<ul style='margin:2px 0'>{rows}</ul></div>")


__all__ = ["MineSandbox", "Placement"]
