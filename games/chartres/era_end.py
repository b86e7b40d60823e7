"""The end of an era (時代の終わり).

The 4 action-row cards with a card below them and the whole activation row are discarded (3 cards stay), taverns
too; cellars pass to the left (2 players: swapped for era 2, drawn at random from the unused ones for era 3); the
era marker moves on, the bonus tiles left over leave the game and new ones and new locations are revealed. After
era 3 comes the final scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Automatic, seat_label

from . import final_scoring, locations, scoring
from .state import ERA_END, Pending

if TYPE_CHECKING:
    from .game import ChartresGame


class EraEnd(Automatic):
    """The end of an era, after the last seat's wine (:func:`end_era`)."""

    kind = ERA_END

    def run(self, game: ChartresGame, at: Pending) -> None:
        end_era(game)


def end_era(game: ChartresGame) -> None:
    """Clear the rows, pass the cellars, reveal new tiles and locations and start the next era; after the last era,
    the final scoring."""
    s = game.state
    if s.era >= game.numbers.eras:
        final_scoring.score(game)
        return
    for p in range(game.players):
        _clear_rows(game, p)
    s.act_slot = [-1] * game.players  # the activation cards are gone with the era
    game.emit("era.discard", "Covered action-row cards and the activation rows are discarded; rows keep "
              + ", ".join(str(len(r)) for r in s.row) + " cards.")
    _pass_cellars(game)
    s.era += 1
    s.round = 1
    game.emit("era.marker", f"The era marker moves to era {s.era}.")
    s.tiles_gone.extend(s.tiles_shown)
    s.tiles_shown = []
    scoring.reveal_tiles(game)
    s.loc_discard.extend(s.loc_shown)
    s.loc_shown = []
    locations.reveal(game)
    locations.start(game)


def _clear_rows(game: ChartresGame, p: int) -> None:
    """Discard ``p``'s covered action-row cards, the activation row and the tavern; ``row_start`` cards stay."""
    s = game.state
    covered = [c for c, under in zip(s.row[p], s.act[p], strict=True) if under]
    s.discard.extend(covered)
    s.discard.extend(c for c in s.act[p] if c)
    s.row[p] = [c for c, under in zip(s.row[p], s.act[p], strict=True) if not under]
    keep = game.numbers.row_start
    extra = len(s.row[p]) - keep
    if extra > 0:  # fewer cards were covered than rounds played (a short hand): the oldest uncovered cards go too
        s.discard.extend(s.row[p][:extra])
        game.emit("decision.short-hand", f"{seat_label(p)} covered fewer than {game.numbers.rounds_per_era} "
                                         f"cards this era: "
                  f"the {extra} leftmost "
                  f"uncovered card{'s are' if extra != 1 else ' is'} discarded too, so {keep} "
                  "stay.", player=p)
        s.row[p] = s.row[p][extra:]
    s.act[p] = [""] * len(s.row[p])
    if s.taverns[p]:
        s.loc_discard.extend(s.taverns[p])
        game.emit("location.tavern", f"{seat_label(p)} discards the tavern.", player=p)
        s.taverns[p] = []


def _pass_cellars(game: ChartresGame) -> None:
    s, n = game.state, game.players
    if n == 2 and s.era == 2:
        old = list(s.cellar)
        s.cellar_pool.sort()
        fresh = []
        for _ in range(n):
            fresh.append(s.cellar_pool.pop(game.rng.below(len(s.cellar_pool))))
        s.cellar = fresh
        s.cellar_pool = sorted(s.cellar_pool + old)
        game.emit("era.cellars-2p", "Each player draws a new cellar at random from the unused ones: "
                  + ", ".join(f"{seat_label(p)} {fresh[p]}" for p in range(n)), cellars=fresh)
        return
    s.cellar = [s.cellar[(p - 1) % n] for p in range(n)]
    game.emit("era.cellars-2p" if n == 2 else "era.cellars", "Cellars are passed to the left: " + ", ".join(
        f"{seat_label(p)} now has {s.cellar[p]}" for p in range(n)) + " (barrel markers keep their spaces).",
        cellars=list(s.cellar))
