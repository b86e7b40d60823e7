"""権利証が置かれた国カードを取る場合 (Taking a claimed card): what a claim stone on a taken card costs.

Your own stone comes back to your hand. Another player's stone goes back to its owner and costs you one of yours
for good: from the hand when there is one (decision.pay-from-hand), else from the layout; with several there, the
pay step asks which (``discard R C``, decision.pay-choice). The pay step waits above the taking's own
``card-taken`` step (:class:`.taking.CardTaken`), so once the card is paid for, taking goes on by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from games.core import Action, seat_label

from .claim_stones import own_stones
from .decisions import CardStep, cell_of
from .state import Pending, Turn

if TYPE_CHECKING:
    from .game import CardGame


def settle(game: CardGame, turn: Turn, cell: int) -> bool:
    """Settle the claim stone on a card just taken; ``False`` when the pay step must ask which stone on the layout
    pays."""
    s = game.state
    p = turn.player
    owner = s.stone[cell]
    s.stone[cell] = -1
    s.placed[owner] -= 1
    s.hand[owner] += 1
    if owner == p:
        game.emit("claimed.own", f"{seat_label(p)}'s own claim stone returns to their hand.", player=p)
        return True
    game.emit("claimed.other", f"The card carried {seat_label(owner, capital=False)}'s claim stone: it returns to "
              f"{seat_label(owner, capital=False)}, and {seat_label(p, capital=False)} must discard one of their own "
              "stones.", player=p, owner=owner)
    if s.hand[p] > 0:
        s.hand[p] -= 1
        s.lost[p] += 1
        if s.hand[p] == 0 and s.placed[p] < game.placeable:  # the last stone that could have been placed
            turn.hand_spent = True  # claim.move: moving starts with the next turn
        game.emit("decision.pay-from-hand", f"{seat_label(p)} discards a claim stone from their hand for good.",
                  player=p)
        return True
    mine = own_stones(game, p)
    if len(mine) > 1:
        return False
    pay_from_layout(game, turn, mine[0])
    return True


def pay_from_layout(game: CardGame, turn: Turn, cell: int) -> None:
    s = game.state
    p = turn.player
    s.stone[cell] = -1
    s.placed[p] -= 1
    s.lost[p] += 1
    game.emit("claimed.pay-from-layout", f"{seat_label(p)} has no stone in hand and discards the one on "
              f"{game.geometry.where(cell)} for good.", player=p, cell=cell)


class Pay(CardStep):
    """Which of your stones on the layout pays for a card under another player's stone (decision.pay-choice)."""

    kind = "pay"
    forms = {"discard": "discard R C"}
    asks = "discard one of your claim stones from the layout"

    def options(self, game: CardGame, at: Pending) -> Sequence[Action]:
        discards = game.geometry.discard_actions
        return [discards[c] for c in own_stones(game, at.player)]

    def refusal(self, game: CardGame, at: Pending, action: Action) -> str | None:
        return f"{game.geometry.where(cell_of(game, action))} has no claim stone of yours."

    def apply(self, game: CardGame, at: Pending, action: Action) -> None:
        pay_from_layout(game, game.state.turn, cell_of(game, action))  # the card is paid for: taking goes on

    def reminder(self, game: CardGame, at: Pending) -> str:
        return "discard one of your stones first"

    def elsewhere(self, game: CardGame, at: Pending, action: Action, reminder: str) -> str:
        return "you only discard a stone when paying for a card under another player's stone."
