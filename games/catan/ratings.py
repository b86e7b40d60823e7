"""The greedy bot's ratings of one decision, all actions at once (``CatanGame.lookaheads``): the very values
:func:`.evaluation.lookahead` gives action by action, without a clone for the actions that are asked most.

:func:`.evaluation.heuristic` is a sum of parts (:func:`.evaluation.parts`, added up by :func:`.evaluation.rated`
always in the same order). The parts of the position are worked out once per decision; an action that changes only
some of them is rated by replacing those parts and adding up again, which gives the very float the full evaluation
of the position after the action gives (the same numbers added in the same order):

* ``trade GIVE GET`` (maritime), ``discard CARD``, ``buy``: the hand changes, nothing else the evaluation reads;
* ``road EDGE`` after the roll: the hand pays, the road length, the reached nodes and the open paths change; when the
  new length would move the longest road card (points change, a win may follow) the action is played on a clone;
* ``robber HEX``: production changes (the robbed card is not drawn, as :func:`.evaluation.lookahead` says);
* a set-up settlement: a point, production, the second one's income, a harbour and the free sites change; when it
  cuts another player's road (their lengths may change) it is played on a clone;
* ``end``: nothing the evaluation reads changes, unless the turn limit ends the game or the next player would
  declare a win at once (then the clone);
* ``roll``, ``steal``, and the trade between players (:func:`.evaluation.trade_ratings`: the best swap and the
  exchange's gain once per decision) are rated from the position's own value.

Every other action (building a settlement or a city after the roll, playing a card, a set-up road) is played on a
clone as :func:`.evaluation.lookahead` does. So is everything when the seat rated is not the one deciding, or when the
player whose turn it is holds the points to win already (a position made by hand: any decision would end the game).
``tests/catan/test_ratings.py`` compares both ways on random positions of both games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from games.core import Action

from .board import EDGE_BIT, EDGE_END_MASK, GENERIC, NODE_BIT, NODE_CLOSE, NODE_HEXES
from .evaluation import (
    AHEAD,
    DEV_VALUE,
    HAND,
    HARBOURS,
    MEMO_LIMIT,
    OWN,
    PRODUCTION,
    ROAD,
    SPOTS,
    HandMemo,
    free_sites,
    hand_memo,
    lookahead,
    parts,
    production_of,
    rated,
    robbing,
    sites_from,
    trade_ratings,
)
from .pieces import RESOURCE_KINDS
from .roads import holder_after, longest_after_road
from .state import ANSWER, CONFIRM, MAIN, OFFER, SETUP_SETTLEMENT

if TYPE_CHECKING:
    from .game import CatanGame


def lookaheads(game: CatanGame, actions: Sequence[Action], p: int) -> list[float]:
    """:func:`.evaluation.lookahead` of each of ``actions`` (legal now) for ``p``, in their order."""
    s = game.state
    if not s.stack or s.stack[-1].player != p or may_declare(game):
        return [lookahead(game, action, p) for action in actions]
    memo = hand_memo(game)
    now_parts = parts(game, p, memo)
    now = rated(*now_parts)
    phase = s.phase
    if phase in (OFFER, ANSWER, CONFIRM):
        return trade_ratings(game, actions, p, now)
    w = game.width
    hand = s.hands[p * w:p * w + w]
    index = game.card_index
    out = []
    for action in actions:
        verb = action.verb
        value = None
        if verb == "trade":
            g, r = index[action.args[0]], index[action.args[1]]  # type: ignore[index]
            value = _with_hand(now_parts, memo, hand, game.safe_hand(p), ((g, -s.rates[p * w + g]), (r, 1)))
        elif verb == "settle" and phase == SETUP_SETTLEMENT:
            value = _setup_settlement(game, p, action.args[0], now_parts, memo, hand)  # type: ignore[arg-type]
        elif verb == "road" and phase == MAIN:
            value = _road(game, p, action.args[0], now_parts, memo, hand)  # type: ignore[arg-type]
        elif verb == "discard":
            value = _with_hand(now_parts, memo, hand, game.safe_hand(p), ((index[action.args[0]], -1),))  # type: ignore[index]
        elif verb == "robber":
            changed = now_parts.copy()
            h: int = action.args[0]  # type: ignore[assignment]
            changed[PRODUCTION] = production_of(game.tables, s.settlements[p], s.cities[p], h)
            value = rated(*changed) + robbing(game, h, p)
        elif verb == "roll":
            value = now
        elif verb == "end" and end_goes_on(game):
            value = now
        elif verb == "buy":
            cost = tuple((r, -n) for r, n in game.design.development_cost)
            value = _with_hand(now_parts, memo, hand, game.safe_hand(p), cost) + DEV_VALUE
        elif verb == "steal":
            value = now + 0.05 * s.points[action.args[0] - 1]  # type: ignore[operator]
        elif verb == "propose":
            value = trade_ratings(game, (action,), p, now)[0]
        out.append(lookahead(game, action, p) if value is None else value)
    return out


def may_declare(game: CatanGame) -> bool:
    """Whether the player whose turn it is holds the points to win already: after any decision they would declare
    it (a position set by hand; play declares a win as soon as it happens)."""
    s = game.state
    return bool(s.turn) and s.points[s.player] + game.hidden_points(s.player) >= game.config.points_to_win


def _with_hand(now_parts: list[float], memo: HandMemo, hand: list[int], safe: int,
               changes: tuple[tuple[int, int], ...]) -> float:
    """The rating after the hand changes by ``changes`` ((card, +/- count), ...) and nothing else does."""
    after = hand.copy()
    for card, n in changes:
        after[card] += n
    changed = now_parts.copy()
    changed[HAND] = memo.value(after, safe)
    return rated(*changed)


def _road(game: CatanGame, p: int, e: int, now_parts: list[float], memo: HandMemo, hand: list[int]) -> float | None:
    """The rating after ``road e`` after the roll (paid for), or ``None`` when it moves the longest road card."""
    s = game.state
    length, spots, ahead = road_parts(s.roads[p], game.breakers(p), s.reach[p], s.open_edges, s.free,
                                      s.road_length[p], e)
    if length != s.road_length[p] and moves_longest(game, p, length):
        return None
    after = hand.copy()
    for r, n in game.design.road_cost:
        after[r] -= n
    changed = now_parts.copy()
    changed[HAND] = memo.value(after, game.safe_hand(p))
    changed[ROAD] = length
    changed[SPOTS] = spots
    changed[AHEAD] = ahead
    return rated(*changed)


def road_parts(roads: int, blocked: int, reach: int, open_edges: int, free: int, before: int,
               e: int) -> tuple[int, int, float]:
    """What a new road at ``e`` makes of a network (``roads``, touching ``reach``, longest road ``before``; the
    breaking nodes ``blocked``, the open paths and free nodes of the island): its longest road, the free sites it
    reaches (at most 3) and the sites ahead (:func:`.evaluation.sites_from`). Looked up: the same road options are
    rated at every decision of a turn and of the turns after, until a piece is placed."""
    key = (roads, blocked, reach, open_edges, free, before, e)
    found = _ROADS.get(key)
    if found is None:
        bit = EDGE_BIT[e]
        after = reach | EDGE_END_MASK[e]
        found = (road_length_after(roads | bit, blocked, e, before), min((free & after).bit_count(), 3),
                 sites_from(after, open_edges & ~bit, free))
        if len(_ROADS) >= MEMO_LIMIT:
            _ROADS.clear()
        _ROADS[key] = found
    return found


_ROADS: dict[tuple[int, ...], tuple[int, int, float]] = {}


def moves_longest(game: CatanGame, p: int, length: int) -> bool:
    """Whether ``p``'s longest road becoming ``length`` gives the longest road card to another holder (points
    change: a look-ahead plays it on a clone)."""
    s = game.state
    lengths = s.road_length.copy()
    lengths[p] = length
    return holder_after(lengths, s.longest, game.design.longest_min) != s.longest


def road_length_after(edges: int, blocked: int, edge: int, before: int) -> int:
    """:func:`.roads.longest_after_road`, looked up: the same road options are rated at every decision of a turn and
    of the turns after, until a road is built."""
    key = (edges, blocked, edge, before)
    found = _LENGTHS.get(key)
    if found is None:
        if len(_LENGTHS) >= MEMO_LIMIT:
            _LENGTHS.clear()
        found = _LENGTHS[key] = longest_after_road(edges, blocked, edge, before)
    return found


_LENGTHS: dict[tuple[int, int, int, int], int] = {}


def _setup_settlement(game: CatanGame, p: int, v: int, now_parts: list[float], memo: HandMemo,
                      hand: list[int]) -> float | None:
    """The rating after a set-up settlement at ``v``: a point, production, the second one's income, a harbour, the
    free sites; ``None`` when it cuts another player's road (lengths and the longest road card may change)."""
    s = game.state
    bit = NODE_BIT[v]
    if any(s.reach[q] & bit for q in range(game.players) if q != p):
        return None
    changed = now_parts.copy()
    changed[OWN] += game.design.settlement_points
    changed[PRODUCTION] = production_of(game.tables, s.settlements[p] | bit, s.cities[p], s.robber)
    if s.setup_step >= game.players:  # the second settlement takes a card of each land hex next to it
        after = hand.copy()
        for r, n in setup_income(game, v):
            after[r] += n
        changed[HAND] = memo.value(after, game.safe_hand(p))
    kind = game.tables.node_harbour[v]
    if kind >= 0:
        changed[HARBOURS] = harbours_after(game, p, kind)
    free = s.free & ~NODE_CLOSE[v]
    changed[SPOTS], changed[AHEAD] = free_sites(game, p, free)
    return rated(*changed)


def setup_income(game: CatanGame, v: int) -> tuple[tuple[int, int], ...]:
    """The cards ((resource, 1), ...) a set-up piece at ``v`` takes: one of each land hex next to it while the bank
    has one (:func:`.production.income_next_to`)."""
    s = game.state
    bank = s.bank.copy()
    out = []
    for h in NODE_HEXES[v]:
        r = s.terrain[h]
        if r < RESOURCE_KINDS and bank[r] > 0:
            bank[r] -= 1
            out.append((r, 1))
    return tuple(out)


def harbours_after(game: CatanGame, p: int, kind: int) -> int:
    """How many cards ``p`` trades better than at the start once they have a harbour of ``kind`` too (the rates a
    harbour lowers, :func:`.pieces._harbour`)."""
    design = game.design
    w = game.width
    rates = game.state.rates[p * w:p * w + w]
    for r in range(w):
        if kind == GENERIC:
            rates[r] = min(rates[r], design.generic_rates[r])
        elif kind == r:
            rates[r] = min(rates[r], design.special_rate)
    start = design.start_rates
    return sum(1 for r in range(w) if rates[r] < start[r])


def end_goes_on(game: CatanGame) -> bool:
    """Whether ``end`` leaves everything the evaluation reads as it is: the game goes on (not the last turn) and the
    next player does not declare a win at once."""
    s = game.state
    limit = game.config.turn_limit
    if limit and s.turn >= limit:
        return False
    q = (s.player + 1) % game.players
    return s.points[q] + game.hidden_points(q) < game.config.points_to_win
