"""What each seat may see of a Cities & Knights game, and the invariants random play checks after every decision.

Hidden: the resources and commodities in another player's hand (everybody sees how many of each group: the backs
differ), the progress cards in another player's hand (everybody sees how many of each track), the decks' order and
the stream. The Printer and the Constitution are face up. While a Master Merchant or a Spy looks at a hand, its
player sees that hand (``peek``).
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any

from games.catan.board import NODE_BIT, bits
from games.catan.checks import board_breaks, card_breaks, piece_breaks, turn_breaks
from games.catan.checks import observe as base_observe
from games.catan.data import ck_rulebook
from games.catan.state import OVER
from games.core import seat_label

from . import knights
from .state import (
    CARD_KINDS,
    CARDS,
    COMMITTING,
    FIFTH,
    KIND_TRACK,
    KINDS,
    LIMIT,
    MASTER_MERCHANT,
    METROPOLIS,
    RESOURCE_KINDS,
    SPY,
    TAKE,
    TRACKS,
    VP_KINDS,
)

if TYPE_CHECKING:
    from .game import CKGame

_BASE_ONLY_PLAYER = ("development_cards", "knights", "development", "new_development", "victory_point_cards")
_BASE_ONLY = ("deck", "largest_army", "dev_played", "played", "plenty_left")
LEVELS = ck_rulebook.KNIGHT_LEVELS


def observe(game: CKGame, viewer: int | None) -> dict[str, Any]:
    s = game.state
    out = base_observe(game, viewer)
    for key in _BASE_ONLY:
        out.pop(key)
    for p, seen in enumerate(out["players"]):
        for key in _BASE_ONLY_PLAYER:
            seen.pop(key)
        mine = p == viewer
        hand = s.hands[p * CARD_KINDS:p * CARD_KINDS + CARD_KINDS]
        seen["resources"], seen["commodities"] = sum(hand[:RESOURCE_KINDS]), sum(hand[RESOURCE_KINDS:])
        seen["progress_cards"] = {t: sum(1 for k in s.progress[p] if KIND_TRACK[k] == i) for i, t in enumerate(TRACKS)}
        seen["progress"] = [KINDS[k] for k in s.progress[p]] if mine else None
        seen["fifth_card"] = KINDS[s.fifth] if mine and p == s.player and s.fifth >= 0 else None
        seen["improvements"] = dict(zip(TRACKS, s.levels[p * 3:p * 3 + 3], strict=True))
        seen["knights"] = [{"node": v, "level": LEVELS[knights.level_at(s, p, v)],
                            "active": bool(s.active[p] & NODE_BIT[v])} for v in bits(knights.own(s, p))]
        seen["walls"] = bits(s.walls[p])
        seen["reduced_cities"] = bits(s.reduced[p])
        seen["defenders"] = s.defenders[p]
        seen["vp_cards"] = [c for c, holder in (("constitution", s.constitution), ("printer", s.printer))
                            if holder == p]
        seen["metropolises"] = [t for t, owner in zip(TRACKS, s.metro_owner, strict=True) if owner == p]
    peek = None
    if s.phase == TAKE and viewer == s.player:
        q = s.target
        peek = [KINDS[k] for k in s.progress[q]] if s.card == SPY else \
            dict(zip(CARDS, s.hands[q * CARD_KINDS:q * CARD_KINDS + CARD_KINDS], strict=True))
    out.update({
        "barbarian": s.barbarian, "barbarian_track": game.design.steps, "attacks": s.attacks,
        "robber_locked": not s.attacks, "event": game.design.faces[s.event] if s.event >= 0 else None,
        "red": s.red, "yellow": s.yellow, "decks": {t: len(d) for t, d in zip(TRACKS, s.decks, strict=True)},
        "metropolises": {t: {"node": v, "holder": h} for t, v, h in zip(TRACKS, s.metropolis, s.metro_owner,
                                                                       strict=True)},
        "merchant": {"hex": s.merchant, "holder": s.merchant_owner},
        "defender_cards_left": max(0, ck_rulebook.DEFENDER_CARDS.value - sum(s.defenders)),
        "crane": s.crane, "fleet": [CARDS[c] for c in range(CARD_KINDS) if s.fleet >> c & 1],
        "harbor": bits(s.harbor), "card": KINDS[s.card] if s.card >= 0 else None,
        "target": s.target if s.target >= 0 else None, "count": s.count, "committed": bits(s.committed),
        "fifth_pending": s.phase == FIFTH, "peek": peek,
    })
    return out


def invariant_breaks(game: CKGame) -> list[str]:
    return card_breaks(game) + piece_breaks(game) + board_breaks(game) + turn_breaks(game) + ck_breaks(game)


def ck_breaks(game: CKGame) -> list[str]:
    s = game.state
    n = game.players
    design = game.design
    out = []
    if s.deck or any(s.devs) or any(s.knights) or s.army >= 0:
        out.append("development cards or a largest army in Cities & Knights")
    # progress cards: 54, each deck holds its own track, VP cards never in a hand
    cards = list(chain(*s.decks, *s.progress))
    if s.printer >= 0:
        cards.append(_PRINTER)
    if s.constitution >= 0:
        cards.append(_CONSTITUTION)
    cards.sort()
    if cards != list(design.all_progress):
        out.append(f"progress cards not conserved: {len(cards)} of {len(design.all_progress)}")
    for t, deck in enumerate(s.decks):
        if not _TRACK_KINDS[t].issuperset(deck):
            out.append(f"the {TRACKS[t]} deck holds another track's card")
    limit = design.hand_limit
    for p in range(n):
        hand = s.progress[p]
        if hand != sorted(hand) or not VP_KINDS.isdisjoint(hand):
            out.append(f"{seat_label(p)}: progress hand unsorted or holding a victory point card")
        allowed = limit + (1 if (s.phase == LIMIT and s.decider == p) or (s.fifth >= 0 and p == s.player) else 0)
        if len(hand) > allowed:
            out.append(f"{seat_label(p)}: {len(hand)} progress cards, more than {allowed}")
    if s.fifth >= 0 and s.fifth not in s.progress[s.player]:
        out.append("the pending 5th card is not in its holder's hand")
    # knights
    seen = 0
    knights_at, levels = s.knights_at, s.levels
    for p in range(n):
        mine = 0
        for level in range(3):
            mask = knights_at[p * 3 + level]
            if mask.bit_count() > design.per_level:
                out.append(f"{seat_label(p)}: more than {design.per_level} {LEVELS[level]} knights")
            if mask & (seen | mine):
                out.append(f"{seat_label(p)}: two knights on one intersection")
            mine |= mask
        if s.active[p] & ~mine:
            out.append(f"{seat_label(p)}: an active knight that is not on the board")
        seen |= mine
        if s.walls[p].bit_count() > design.walls or s.walls[p] & ~s.cities[p]:
            out.append(f"{seat_label(p)}: more than {design.walls} walls or a wall without a city")
        if s.reduced[p] & ~s.settlements[p]:
            out.append(f"{seat_label(p)}: a city laid on its side that is not a settlement")
        mine_levels = levels[p * 3:p * 3 + 3]
        if min(mine_levels) < 0 or max(mine_levels) > _LEVELS:
            out.append(f"{seat_label(p)}: an improvement level outside 0-5")
    if seen != s.knight_nodes:
        out.append("the knight mask differs from the knights")
    if seen & s.built:
        out.append("a knight stands on a settlement or city")
    if (s.fresh | s.promoted | s.committed) & ~seen:
        out.append("a knight marked this turn is not on the board")
    landed = s.battle == COMMITTING and s.barbarian == design.steps
    if not 0 <= s.barbarian < design.steps and not landed:
        out.append(f"the barbarian ship is at {s.barbarian}, not 0-{design.steps - 1}")
    # metropolises: one per track, on a city of its holder (level 4 or more), one per city
    used = 0
    for t in range(3):
        v, holder = s.metropolis[t], s.metro_owner[t]
        if v < 0:
            if holder >= 0 and not (s.phase == METROPOLIS and s.track == t):
                out.append(f"the {TRACKS[t]} metropolis has a holder but no city")
            continue
        if holder < 0 or not s.cities[holder] & NODE_BIT[v] or used & NODE_BIT[v]:
            out.append(f"the {TRACKS[t]} metropolis is not on its own city of its holder")
        elif levels[holder * 3 + t] < design.metropolis_level:
            out.append(f"the {TRACKS[t]} metropolis holder has not reached level {design.metropolis_level}")
        used |= NODE_BIT[v]
    if (s.merchant < 0) != (s.merchant_owner < 0):
        out.append("the merchant has a hex without a holder or the other way round")
    if s.phase == TAKE and s.card not in (SPY, MASTER_MERCHANT):
        out.append("a take decision without a Spy or Master Merchant")
    if s.phase != OVER and s.turn and s.card < 0 and s.target >= 0 and s.knight < 0:
        out.append("a target without a card in play")
    return out


_PRINTER, _CONSTITUTION = KINDS.index("printer"), KINDS.index("constitution")
#: Track -> the progress card kinds of that track (what its deck may hold).
_TRACK_KINDS = tuple(frozenset(k for k in range(len(KINDS)) if KIND_TRACK[k] == t) for t in range(len(TRACKS)))
_LEVELS = ck_rulebook.LEVELS.value
