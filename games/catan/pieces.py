"""Putting pieces on the board and keeping what follows from them up to date: the free intersections, where each
player may build roads, maritime rates, longest road and victory points.

Every function here changes ``game.state`` in place and logs what a player can see. The maintained values:

* ``free``: empty nodes with no building next to them (``build.distance``);
* ``reach[p]``: nodes touched by p's roads; ``road_ok[p]``: open edges that touch p's building, or p's road at a node
  that no opponent occupies (``build.road``, ``build.road-blocked``);
* ``rates``, ``road_length``, ``longest``, ``points``.

Cities & Knights hooks: :meth:`CatanGame.breakers` (nodes that break a player's road and block their road building,
where C&K adds knights) and :func:`cut_at` (call it when any such piece lands on a node).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Callable

from games.core import Action, seat_label

from .board import EDGE_BIT, EDGE_NODES, GENERIC, NODE_BIT, NODE_CLOSE, NODE_EDGE_MASK, NODE_EDGES, bits
from .data import rulebook
from .roads import holder_after, longest_after_road, longest_road

if TYPE_CHECKING:
    from .game import CatanGame

RESOURCE_KINDS = len(rulebook.RESOURCES)


class _Names(dict):
    """Seat -> its name in the log, ``Player N`` (N = the seat + 1), written once per seat: nearly every event names
    a player, and a dictionary's look-up costs less than a call that formats the text each time."""

    def __missing__(self, player: int) -> str:
        text = self[player] = seat_label(player)
        return text


#: A player's name in the log and the views: ``name(0) == "Player 1"``.
name: Callable[[int], str] = _Names().__getitem__


def place_settlement(game: CatanGame, p: int, v: int) -> None:
    s = game.state
    bit = NODE_BIT[v]
    s.settlements[p] |= bit
    s.built |= bit
    closed = s.free & NODE_CLOSE[v] & ~bit
    s.free &= ~NODE_CLOSE[v]
    if closed:
        game.emit("build.distance", f"The distance rule closes intersection(s) {', '.join(map(str, bits(closed)))} "
                  f"next to {v}.", node=v, closed=bits(closed))
    s.settlements_left[p] -= 1
    if not s.settlements_left[p]:
        game.emit("build.pieces", f"{name(p)} has placed all {game.design.settlements} settlements.", player=p)
    s.points[p] += game.design.settlement_points
    refresh_road_ok(game, p, v)
    kind = game.tables.node_harbour[v]
    if kind >= 0:
        _harbour(game, p, kind)
    cut_at(game, v, p)


def place_city(game: CatanGame, p: int, v: int) -> None:
    s = game.state
    bit = NODE_BIT[v]
    s.settlements[p] &= ~bit
    s.cities[p] |= bit
    s.settlements_left[p] += 1
    s.cities_left[p] -= 1
    if not s.cities_left[p]:
        game.emit("build.pieces", f"{name(p)} has placed all {game.design.cities} cities.", player=p)
    s.points[p] += game.design.city_points - game.design.settlement_points


def place_road(game: CatanGame, p: int, e: int) -> None:
    s = game.state
    bit = EDGE_BIT[e]
    s.roads[p] |= bit
    s.open_edges &= ~bit
    for q in range(game.players):
        s.road_ok[q] &= ~bit
    s.roads_left[p] -= 1
    if not s.roads_left[p]:
        game.emit("build.pieces", f"{name(p)} has placed all {game.design.roads} roads.", player=p)
    a, b = EDGE_NODES[e]
    s.reach[p] |= NODE_BIT[a] | NODE_BIT[b]
    refresh_road_ok(game, p, a)
    refresh_road_ok(game, p, b)
    before = s.road_length[p]
    after = longest_after_road(s.roads[p], game.breakers(p), e, before)
    if after != before:
        s.road_length[p] = after
        award_longest(game)


def place_position(game: CatanGame, settlements: Mapping[int, Iterable[int]] | None = None,
                   cities: Mapping[int, Iterable[int]] | None = None,
                   roads: Mapping[int, Iterable[int]] | None = None) -> None:
    """Put pieces straight on the board for a hand-made position (a test's or a lesson's), seat -> places, through
    the placement functions above, so every derived field (free intersections, reach, rates, points) follows."""
    for p, nodes in (settlements or {}).items():
        for v in nodes:
            place_settlement(game, p, v)
    for p, nodes in (cities or {}).items():
        for v in nodes:
            place_settlement(game, p, v)
            place_city(game, p, v)
    for p, edges in (roads or {}).items():
        for e in edges:
            place_road(game, p, e)


def refresh_road_ok(game: CatanGame, p: int, v: int) -> None:
    """Recompute whether ``p`` may build each open edge at node ``v`` (after a piece changed at or next to it)."""
    s = game.state
    ok = s.road_ok[p]
    ends = extension_nodes(game, p)
    for e in NODE_EDGES[v]:
        bit = EDGE_BIT[e]
        a, b = EDGE_NODES[e]
        if s.open_edges & bit and ends & (NODE_BIT[a] | NODE_BIT[b]):
            ok |= bit
        else:
            ok &= ~bit
    s.road_ok[p] = ok


def extension_nodes(game: CatanGame, p: int) -> int:
    """Nodes a new road of ``p`` may start from: their own buildings, and nodes their roads touch that no opponent's
    piece occupies."""
    s = game.state
    return s.settlements[p] | s.cities[p] | (s.reach[p] & ~game.breakers(p))


def roads_buildable(ends: int, open_edges: int) -> int:
    """The open paths (``open_edges``) with an end among the nodes ``ends`` (a road may extend from there)."""
    ok = 0
    for e, (a, b) in enumerate(EDGE_NODES):
        if open_edges & EDGE_BIT[e] and ends & (NODE_BIT[a] | NODE_BIT[b]):
            ok |= EDGE_BIT[e]
    return ok


def cut_at(game: CatanGame, v: int, owner: int) -> None:
    """A piece of ``owner`` landed on node ``v``: every other player whose roads pass through ``v`` loses the road
    building through it and may have a shorter longest road (``road.broken``)."""
    s = game.state
    changed = False
    for q in range(game.players):
        if q == owner or not s.reach[q] & NODE_BIT[v]:
            continue
        before = s.road_ok[q]
        refresh_road_ok(game, q, v)
        if before & ~s.road_ok[q]:
            game.emit("build.road-blocked", f"{name(q)} can no longer build roads through {v}.", player=q, node=v)
        if (s.roads[q] & NODE_EDGE_MASK[v]).bit_count() >= 2:
            length = longest_road(s.roads[q], game.breakers(q))
            if length != s.road_length[q]:
                game.emit("road.broken", f"{name(owner)}'s piece at {v} breaks {name(q)}'s road: their longest "
                          f"road is now {length} (was {s.road_length[q]}).", player=q, node=v, length=length)
                s.road_length[q] = length
                changed = True
    if changed:
        award_longest(game)


def award_longest(game: CatanGame) -> None:
    """Give the longest road card to whoever holds it after the road lengths changed, and log why."""
    s = game.state
    minimum = game.design.longest_min
    before = s.longest
    after = holder_after(s.road_length, before, minimum)
    if after == before:
        if before >= 0 and s.road_length.count(s.road_length[before]) > 1:
            game.emit("road.tie-keeps", f"{name(before)} keeps the longest road: tied at {s.road_length[before]}, "
                      "nobody is longer.", player=before, length=s.road_length[before])
        return
    worth = game.design.longest_points
    if before >= 0:
        s.points[before] -= worth
    s.longest = after
    if after >= 0:
        s.points[after] += worth
        took = f" from {name(before)}" if before >= 0 else ""
        game.emit("road.longest", f"{name(after)} takes the longest road{took} with {s.road_length[after]} roads "
                  f"(+{worth} points).", player=after, length=s.road_length[after], previous=before)
    else:
        top = max(s.road_length)
        why = f"nobody has {minimum} or more" if top < minimum else f"several players tie at {top}"
        game.emit("road.set-aside", f"{name(before)} loses the longest road and it is set aside: {why}.",
                  player=before, length=top)


def _harbour(game: CatanGame, p: int, kind: int) -> None:
    s = game.state
    rates = s.rates
    w = game.width
    design = game.design
    if kind == GENERIC:
        generic = design.generic_rates
        for r in range(w):
            if rates[p * w + r] > generic[r]:
                rates[p * w + r] = generic[r]
        if len(set(generic)) == 1:
            kind = "resource" if w == RESOURCE_KINDS else "card"
            text = f"{name(p)} now trades any {kind} {generic[0]}:1 (generic harbour)."
        else:  # Cities & Knights with commodities at a rate of their own
            text = (f"{name(p)} now trades any resource {generic[0]}:1 and any commodity "
                    f"{generic[RESOURCE_KINDS]}:1 (generic "
                    "harbour).")
    else:
        special = design.special_rate
        if rates[p * w + kind] > special:
            rates[p * w + kind] = special
        text = f"{name(p)} now trades {rulebook.RESOURCES[kind]} {special}:1 (special harbour)."
    game.emit("trade.harbour", text, player=p, harbour=kind)


def rates_from_scratch(game: CatanGame, p: int) -> list[int]:
    """``p``'s maritime rate per card from their harbours (a generic harbour serves every card kind)."""
    s = game.state
    design = game.design
    rates = list(design.start_rates)
    node_harbour = game.tables.node_harbour
    for v in bits(s.settlements[p] | s.cities[p]):
        kind = node_harbour[v]
        if kind >= 0:
            for r in range(game.width):
                if kind == GENERIC or kind == r:
                    rate = design.generic_rates[r] if kind == GENERIC else design.special_rate
                    rates[r] = min(rates[r], rate)
    return rates


def pay(game: CatanGame, p: int, cost: tuple[tuple[int, int], ...]) -> None:
    s = game.state
    base = p * game.width
    for r, n in cost:
        s.hands[base + r] -= n
        s.bank[r] += n


def can_pay(game: CatanGame, p: int, cost: tuple[tuple[int, int], ...]) -> bool:
    hands = game.state.hands
    base = p * game.width
    for r, n in cost:
        if hands[base + r] < n:
            return False
    return True


def hand_size(game: CatanGame, p: int) -> int:
    w = game.width
    return sum(game.state.hands[p * w:p * w + w])


def cards_of_others(game: CatanGame, p: int) -> int:
    """Cards held by the players other than ``p`` (all cards not in the bank or p's hand)."""
    s = game.state
    return sum(game.card_totals) - sum(s.bank) - hand_size(game, p)


@functools.cache
def card_actions(verb: str, cards: tuple[str, ...]) -> tuple[Action, ...]:
    """``verb CARD`` for every card kind, by card index (made once per card set)."""
    return tuple(Action(verb, (c,)) for c in cards)


@functools.cache
def trade_actions(cards: tuple[str, ...]) -> tuple[tuple[Action, ...], ...]:
    """``trade GIVE GET`` by (give, get) card index (made once per card set)."""
    return tuple(tuple(Action("trade", (g, r)) for r in cards) for g in cards)
