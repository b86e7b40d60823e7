"""Dealing again what a seat cannot see (``Game.redeal``), for search bots' samples and hidden-information twins.

A seat sees its own cards and every count: how many resources and how many commodities each player holds, how many
progress cards of each track, the decks' sizes, the face-up Printer and Constitution. :func:`redeal` deals again
what it cannot see: the other players' resources among themselves and their commodities among themselves
(:func:`games.catan.hidden._resources`, each group apart), their progress cards of each track together with that
track's deck (victory point cards only ever into a deck: they are face up once drawn), the decks' order and the
stream. While the seat's own Master Merchant or Spy looks at a hand, that hand stays. A pending 5th card of another
player is one of their cards of its track. Like the base game's, the deal is a simple sample: consistent with the
seat's observation, not with everything the seat could infer from the log (which cards went under which deck).
Pools are dealt from their sorted order, as in the base game, so twins of one position deal alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.catan.hidden import _resources
from games.core import Rng

from .state import KIND_TRACK, MASTER_MERCHANT, SPY, TAKE, VP_KINDS

if TYPE_CHECKING:
    from .game import CKGame


def redeal(game: CKGame, viewer: int | None, rng: Rng) -> CKGame:
    twin = game.clone()
    s = twin.state
    others = [] if viewer is None else [p for p in range(game.players) if p != viewer]
    peeking = s.phase == TAKE and viewer == s.player
    _resources(twin, [p for p in others if not (peeking and s.card == MASTER_MERCHANT and p == s.target)], rng)
    holders = [p for p in others if not (peeking and s.card == SPY and p == s.target)]
    fifth_track = KIND_TRACK[s.fifth] if s.fifth >= 0 and s.player in holders else -1
    for t in range(3):
        counts = {p: sum(1 for k in s.progress[p] if KIND_TRACK[k] == t) for p in holders}
        pool = [k for k in s.decks[t] if k not in VP_KINDS]
        for p in holders:
            pool += [k for k in s.progress[p] if KIND_TRACK[k] == t]
        pool.sort()
        rng.shuffle(pool)
        for p in holders:
            keep = [k for k in s.progress[p] if KIND_TRACK[k] != t]
            dealt, pool = pool[:counts[p]], pool[counts[p]:]
            s.progress[p] = sorted(keep + dealt)
        deck = sorted(pool + [k for k in s.decks[t] if k in VP_KINDS])
        rng.shuffle(deck)
        s.decks[t] = deck
    if fifth_track >= 0:
        mine = [k for k in s.progress[s.player] if KIND_TRACK[k] == fifth_track]
        s.fifth = mine[rng.below(len(mine))]
    twin.rng.state = rng.next_u64()
    return twin
