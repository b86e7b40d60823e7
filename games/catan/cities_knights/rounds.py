"""A round of decisions or draws among some players (``state.queue``, a mask of seats): clockwise from the player whose
turn it is (the Aqueduct, the barbarians' committed knights, tied defenders and pillaged cities, the gate's draws, the
Wedding's givers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import CKGame


def next_in_queue(game: CKGame) -> int:
    """The first player of ``state.queue`` clockwise from the player whose turn it is (taken out of it), or -1."""
    s = game.state
    queue = s.queue
    if not queue:
        return -1
    n = game.players
    for i in range(n):
        q = (s.player + i) % n
        if queue >> q & 1:
            s.queue = queue & ~(1 << q)
            return q
    return -1
