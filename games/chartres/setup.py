"""Setup (セットアップ): the supply, the decks, the boards, the initiative order, the first citizens, the deal, and
the starting action rows.

Each player is dealt 6 cards and secretly lays 3 of them as the starting action row (``row CARD`` three times; the
engine asks in initiative order and shows no row until every player has chosen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action, seat_label

from . import effects, locations, scoring
from .data import rulebook
from .decisions import RowCard
from .state import SETUP_ROW, ChartresState, Pending

if TYPE_CHECKING:
    from .game import ChartresGame


def set_up(game: ChartresGame) -> ChartresState:
    """The starting state, logged step by step as the rule text lists the setup."""
    n, parts, rng, numbers = game.players, game.parts, game.rng, game.numbers
    initiative = list(game.config.initiative) or list(range(n))
    if not game.config.initiative:
        rng.shuffle(initiative)
    cellars = list(parts.cellars)
    if game.config.cellars:
        mine = list(game.config.cellars)
    else:
        rng.shuffle(cellars)
        mine = cellars[:n]
    deck = sorted(parts.cards)
    rng.shuffle(deck)
    locs = sorted(parts.locations)
    rng.shuffle(locs)
    tiles = sorted(parts.tiles)
    rng.shuffle(tiles)
    start = numbers.start_citizens
    s = ChartresState(
        era=1, round=1, phase=SETUP_ROW, initiative=initiative, queue=list(initiative), turn=0,
        ip=[0] * n, reputation=[0] * n, shield=[1] * n, cross=[1] * n, barrel=[0] * n, cellar=mine,
        cellar_pool=[c for c in sorted(parts.cellars) if c not in mine],
        personal=[start] * n, common=[parts.citizens_per_colour - start] * n,
        paths=[[-1] * parts.path_spaces for _ in rulebook.PATHS], windows=[[] for _ in range(n)],
        hand=[[] for _ in range(n)], row=[[] for _ in range(n)], act=[[] for _ in range(n)],
        commit_row=[""] * n, commit_act=[""] * n, commit_slot=[0] * n, act_slot=[-1] * n, deck=deck, discard=[],
        loc_deck=locs, loc_discard=[], loc_shown=[], taverns=[[] for _ in range(n)], tiles_stack=tiles,
        tiles_shown=[], tiles_gone=[], ability=None, final=[], stack=[])
    game.state = s
    game.emit("setup.supply", f"Common supply: {len(tiles)} bonus tiles face down, "
              f"{parts.citizens_per_colour} citizens per colour.")
    game.emit("setup.assistant-deck", f"{len(deck)} assistant cards shuffled into a face-down deck.")
    locations.reveal(game)
    scoring.reveal_tiles(game)
    game.emit("setup.boards", "Cellars dealt: " + ", ".join(f"{seat_label(p)} {mine[p]}" for p in range(n)),
              cellars=mine)
    game.emit("setup.initiative", "Initiative order: " + ", ".join(seat_label(p) for p in initiative),
              initiative=initiative)
    game.emit("setup.markers", "Influence 0; shield on status level 1; cross on tower level 1; barrel marker on the "
              "first cellar space.")
    game.emit("setup.citizens", f"Each player takes {start} citizens.")
    for p in reversed(initiative):
        effects.place_citizen(game, p, 0, "setup.warehouse")
    for p in initiative:
        effects.draw(game, p, numbers.deal, "setup.deal", limit=False)
    game.emit("setup.deal", f"Each player is dealt {numbers.deal} cards and secretly picks "
              f"{numbers.row_start} for the action row.")
    return s


class StartingRow(RowCard):
    """Choose a card of the deal for the starting action row (three times)."""

    kind = SETUP_ROW

    def prompt(self, game: ChartresGame, at: Pending) -> str:
        p = at.player
        return (f"{seat_label(p)}: choose card {len(game.state.row[p]) + 1} of {game.numbers.row_start} "
                f"for your starting "
                "action row (secretly)")

    def apply(self, game: ChartresGame, at: Pending, action: Action) -> None:
        s, p = game.state, at.player
        cid = str(action.args[0])
        s.hand[p].remove(cid)
        s.row[p].append(cid)
        s.act[p].append("")
        if len(s.row[p]) >= game.numbers.row_start:
            s.turn += 1

    def done(self, game: ChartresGame) -> None:
        s = game.state
        game.emit("setup.deal", "Action rows revealed: " + "; ".join(
            f"{seat_label(p)} {' '.join(s.row[p])}" for p in s.initiative))
        locations.start(game)
