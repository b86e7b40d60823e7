"""Phase E: actions (フェーズE:アクション), and the end of a round.

In initiative order, each player's action-row card with this round's activation card directly below it is
activated when both have the same colour, and its ability is resolved (:mod:`.resolution`); otherwise nothing
happens. Then a new round begins, or after the 4th round the era ends with Phase F.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Automatic, seat_label

from . import locations, resolution
from .state import ACT, NOBODY, PHASE_F, Pending

if TYPE_CHECKING:
    from .game import ChartresGame


def activated(game: ChartresGame, p: int) -> str:
    """The action-row card ``p`` activated this round ("" for none): the card above this round's activation card,
    when both have the same colour."""
    s, cards = game.state, game.parts.cards
    k = s.act_slot[p]
    if k < 0:
        return ""
    return s.row[p][k] if cards[s.row[p][k]].colour == cards[s.act[p][k]].colour else ""


def activate(game: ChartresGame, p: int) -> None:
    """``p``'s turn of Phase E: activate the card above this round's activation card if the colours match."""
    s, cards = game.state, game.parts.cards
    k = s.act_slot[p]
    if k < 0:
        s.turn += 1
        return
    above, below = s.row[p][k], s.act[p][k]
    if cards[above].colour != cards[below].colour:
        game.emit("act.match", f"{seat_label(p)}: {below} ({cards[below].colour}) under {above} "
                  f"({cards[above].colour}): colours differ, nothing is activated.", player=p)
        s.turn += 1
        return
    game.emit("act.match", f"{seat_label(p)} activates {above} ({cards[above].colour}) with {below}.", player=p,
              card=above)
    resolution.start(game, p, above)


class Activation(Automatic):
    """Phase E as a step of the round, a seat's turn at a time: it asks nothing itself (an activated ability may)."""

    kind = ACT

    def run(self, game: ChartresGame, at: Pending) -> None:
        activate(game, at.player)

    def done(self, game: ChartresGame) -> None:
        end_round(game)


def end_round(game: ChartresGame) -> None:
    """Fewer rounds played than an era has: a new round with fresh locations; else the era ends with Phase F."""
    s = game.state
    if s.round < game.numbers.rounds_per_era:
        game.emit("era.end-check", f"Action rows hold {', '.join(str(len(r)) for r in s.row)} cards: a new round.")
        s.round += 1
        s.loc_discard.extend(s.loc_shown)
        s.loc_shown = []
        locations.reveal(game)
        locations.start(game)
        return
    game.emit("era.end-check", f"The action rows hold {game.numbers.row_full} cards: era {s.era} ends with "
              "Phase F.")
    game.push(Pending(kind=PHASE_F, player=NOBODY))
