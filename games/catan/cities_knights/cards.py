"""What a progress card is (:class:`Card`: when it may be played, why not, its effect) and the players a card may
aim at. The cards of each track (:mod:`.science`, :mod:`.trade_cards`, :mod:`.politics`) are written with these and
registered with :func:`.progress.register`, and :mod:`.progress` plays them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .state import CARD_KINDS, DESERTER, MASTER_MERCHANT, SPY

if TYPE_CHECKING:
    from .game import CKGame


@dataclass(frozen=True)
class Card:
    """One kind of progress card: when it may be played, why not, and its effect (which ends with
    the automatic step ``card-done``, at once or after the decisions it asks for)."""

    kind: int
    playable: Callable[[CKGame, int], bool]
    play: Callable[[CKGame, int], None]
    #: Why the card cannot be played now; a sentence that names the game's numbers is made from the game.
    why_not: str | Callable[[CKGame], str]


def always(game: CKGame, p: int) -> bool:
    """``Card.playable`` of a card that can always be played (its effect needs no choice)."""
    return True


def never(game: CKGame, p: int) -> bool:
    """``Card.playable`` of a card never played from the hand (shown when drawn, or played before the roll)."""
    return False


def richer(game: CKGame, p: int) -> int:
    """Mask of the players with more points than ``p``."""
    points = game.state.points
    mine = points[p]
    out = 0
    for q in range(game.players):
        if points[q] > mine:
            out |= 1 << q
    return out


def holders(game: CKGame, p: int) -> int:
    """Mask of the other players holding at least one resource or commodity."""
    hands = game.state.hands
    out = 0
    for q in range(game.players):
        if q != p and any(hands[q * CARD_KINDS:q * CARD_KINDS + CARD_KINDS]):
            out |= 1 << q
    return out


def target_mask(game: CKGame, p: int, kind: int) -> int:
    """The players ``kind`` may aim at."""
    s = game.state
    if kind == MASTER_MERCHANT:
        rich = richer(game, p)
        return rich & holders(game, p) if rich else 0
    out = 0
    if kind == SPY:
        for q in range(game.players):
            if q != p and s.progress[q]:
                out |= 1 << q
    elif kind == DESERTER:
        if s.knight_nodes & ~(s.knights_at[p * 3] | s.knights_at[p * 3 + 1] | s.knights_at[p * 3 + 2]):
            k = s.knights_at
            for q in range(game.players):
                if q != p and k[q * 3] | k[q * 3 + 1] | k[q * 3 + 2]:
                    out |= 1 << q
    return out
