"""Longest road: the longest trail through a player's roads, kept incrementally, and who holds the card.

A road is a trail (no path used twice) through one player's roads; it may end at, but not pass through, a node
that breaks it (``road.broken``: an opponent's settlement or city; in Cities & Knights also an opponent's knight, so
the breaking nodes are an argument). Only the player who built a road, or whose road a new piece broke, is
recomputed, and only the network part around the change (:func:`longest_after_road`); ``invariant_breaks``
compares every value with :func:`longest_road` from scratch.

Speed: a maximal trail can always be extended at an end node with an unused road, so it starts and ends at nodes of
odd degree (a breaking node counts as a dead end of each road that reaches it), or it is closed; the search starts
only there. Results are cached per (network part, breaking nodes): look-ahead clones and replays meet the same
shapes again.
"""

from __future__ import annotations

import functools

from .board import EDGE_BIT, EDGE_NODES, NODE_BIT, NODE_EDGE_MASK, NODE_STEPS, bits


def longest_road(edges: int, blocked: int) -> int:
    """Length of the longest road in the network ``edges`` (mask) that does not pass through ``blocked`` nodes."""
    best = 0
    for part in parts(edges, blocked):
        if part.bit_count() > best:
            best = max(best, _longest_part(part, blocked & _nodes_of(part)))
    return best


def longest_after_road(edges: int, blocked: int, edge: int, before: int) -> int:
    """The longest road after ``edge`` was added to ``edges`` when it was ``before``: only the part that holds the
    new road can have grown."""
    part = _part_of(edges, blocked, edge)
    if part.bit_count() <= before:
        return before
    return max(before, _longest_part(part, blocked & _nodes_of(part)))


def parts(edges: int, blocked: int) -> list[int]:
    """The connected parts of a network (masks of edges), connected through nodes that are not ``blocked``."""
    out = []
    rest = edges
    while rest:
        low = rest & -rest
        part = _part_of(edges, blocked, low.bit_length() - 1)
        out.append(part)
        rest &= ~part
    return out


def _part_of(edges: int, blocked: int, edge: int) -> int:
    part = EDGE_BIT[edge]
    todo = [v for v in EDGE_NODES[edge] if not NODE_BIT[v] & blocked]
    seen = 0
    while todo:
        v = todo.pop()
        if seen & NODE_BIT[v]:
            continue
        seen |= NODE_BIT[v]
        new = NODE_EDGE_MASK[v] & edges & ~part
        part |= new
        for e in bits(new):
            for w in EDGE_NODES[e]:
                if not (seen | blocked) & NODE_BIT[w]:
                    todo.append(w)
    return part


def _nodes_of(part: int) -> int:
    nodes = 0
    for e in bits(part):
        a, b = EDGE_NODES[e]
        nodes |= NODE_BIT[a] | NODE_BIT[b]
    return nodes


@functools.lru_cache(maxsize=1 << 16)
def _longest_part(part: int, blocked: int) -> int:
    """Longest trail in one connected part."""
    size = part.bit_count()
    nodes = _nodes_of(part)
    odd = []
    for v in bits(nodes & ~blocked):
        if (NODE_EDGE_MASK[v] & part).bit_count() % 2:
            odd.append(v)
    best = 0
    for v in bits(nodes & blocked):  # dead ends: walk in from the breaking node
        for e, w in NODE_STEPS[v]:
            bit = EDGE_BIT[e]
            if part & bit:
                length = 1 if NODE_BIT[w] & blocked else 1 + _walk(w, bit, part, blocked)
                best = max(best, length)
    starts = odd or [v for v in bits(nodes & ~blocked)][:1]
    for v in starts:
        if best == size:
            break
        best = max(best, _walk(v, 0, part, blocked))
    return best


def _walk(v: int, used: int, part: int, blocked: int) -> int:
    best = 0
    for e, w in NODE_STEPS[v]:
        bit = EDGE_BIT[e]
        if part & bit and not used & bit:
            length = 1 if NODE_BIT[w] & blocked else 1 + _walk(w, used | bit, part, blocked)
            if length > best:
                best = length
    return best


def holder_after(lengths: list[int], holder: int, minimum: int) -> int:
    """Who holds the longest road after the lengths changed (-1: nobody, the card is set aside).

    The holder keeps it while nobody is strictly longer and their road is at least ``minimum`` long
    (``road.tie-keeps``); otherwise a single longest road of at least ``minimum`` takes it, and a tie for the lead or
    no road long enough sets it aside (``road.set-aside``).
    """
    top = max(lengths)
    if top < minimum:
        return -1
    if holder >= 0 and lengths[holder] == top:
        return holder
    leaders = [p for p, n in enumerate(lengths) if n == top]
    return leaders[0] if len(leaders) == 1 else -1
