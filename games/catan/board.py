"""The island: geometry as small integer tables, computed once at import, and one layout per game.

Numbering (shown in every action and view):

* **hexes** 0–18 in reading order, rows of 3-4-5-4-3 (hex 0 is the top-left corner of the island, 9 the centre);
* **intersections** (nodes) 0–53 in reading order of their position, top to bottom, left to right;
* **paths** (edges) 0–71 in reading order of their midpoints.

Hexes are pointy-topped. A hex's corners are listed top, upper-right, lower-right, bottom, lower-left, upper-left.
Sets of nodes, edges and players are ``int`` bit masks (bit ``i`` = element ``i``): they copy for free and combine
with one operation, which is what makes legal-move generation cheap.

The layout of one game (:class:`Layout`: terrain, number tokens, harbour types) is derived from the config and the
seed once; its production table is cached per layout, never recomputed per decision.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from games.core import Rng

from .data import rulebook

#: Axial coordinates (q, r) of the 19 land hexes, reading order.
HEX_COORDS: tuple[tuple[int, int], ...] = tuple(
    (q, r) for r in range(-2, 3) for q in range(-2, 3) if abs(q + r) <= 2)
_CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
_CENTRES = tuple((2 * q + r, 3 * r) for q, r in HEX_COORDS)  # doubled x, tripled y: corners land on integers
_POINTS = sorted({(x + dx, y + dy) for x, y in _CENTRES for dx, dy in _CORNER_OFFSETS}, key=lambda p: (p[1], p[0]))
_INDEX = {p: i for i, p in enumerate(_POINTS)}

#: Node position (x, y) in the doubled grid (x: half hex widths, y: quarter sides), for views.
NODE_XY: tuple[tuple[int, int], ...] = tuple(_POINTS)
HEX_XY: tuple[tuple[int, int], ...] = _CENTRES
N_HEXES, N_NODES = len(HEX_COORDS), len(_POINTS)
#: Hex -> its 6 corner nodes (top, upper-right, lower-right, bottom, lower-left, upper-left).
HEX_CORNERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX[(x + dx, y + dy)] for dx, dy in _CORNER_OFFSETS) for x, y in _CENTRES)


def _edges() -> tuple[tuple[int, int], ...]:
    found = {tuple(sorted((c[i], c[(i + 1) % 6]))) for c in HEX_CORNERS for i in range(6)}
    def middle(e: tuple[int, int]) -> tuple[int, int]:
        (ax, ay), (bx, by) = _POINTS[e[0]], _POINTS[e[1]]
        return (ay + by, ax + bx)
    return tuple(sorted(found, key=middle))  # type: ignore[arg-type]


#: Edge -> its two end nodes (smaller first).
EDGE_NODES: tuple[tuple[int, int], ...] = _edges()
N_EDGES = len(EDGE_NODES)
_EDGE_INDEX = {e: i for i, e in enumerate(EDGE_NODES)}
#: Hex -> its 6 side edges, in corner order (top→upper-right first).
HEX_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_EDGE_INDEX[tuple(sorted((c[i], c[(i + 1) % 6])))] for i in range(6)) for c in HEX_CORNERS)
#: Node -> the edges that end at it, ascending.
NODE_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(e for e, ends in enumerate(EDGE_NODES) if v in ends) for v in range(N_NODES))
#: Node -> the nodes one edge away, ascending.
NODE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(EDGE_NODES[e][0] + EDGE_NODES[e][1] - v for e in NODE_EDGES[v])) for v in range(N_NODES))
#: Node -> the land hexes it touches (1 to 3), ascending.
NODE_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in range(N_HEXES) if v in HEX_CORNERS[h]) for v in range(N_NODES))
#: Node -> ((edge, other end), ...): the walk table of road searches.
NODE_STEPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((e, EDGE_NODES[e][0] + EDGE_NODES[e][1] - v) for e in NODE_EDGES[v]) for v in range(N_NODES))
#: Hex -> the land hexes sharing a side with it.
HEX_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(N_HEXES) if k != h and len(set(HEX_CORNERS[h]) & set(HEX_CORNERS[k])) == 2)
    for h in range(N_HEXES))

# ---------------------------------------------------------------- the same tables as bit masks
NODE_BIT: tuple[int, ...] = tuple(1 << v for v in range(N_NODES))
EDGE_BIT: tuple[int, ...] = tuple(1 << e for e in range(N_EDGES))
ALL_NODES = (1 << N_NODES) - 1
ALL_EDGES = (1 << N_EDGES) - 1
#: Node -> mask of the node itself and its neighbours (what a settlement there takes out of the free nodes).
NODE_CLOSE: tuple[int, ...] = tuple(
    NODE_BIT[v] | sum(NODE_BIT[w] for w in NODE_NEIGHBOURS[v]) for v in range(N_NODES))
#: Node -> mask of its edges.
NODE_EDGE_MASK: tuple[int, ...] = tuple(sum(EDGE_BIT[e] for e in NODE_EDGES[v]) for v in range(N_NODES))
#: Edge -> mask of its two end nodes.
EDGE_END_MASK: tuple[int, ...] = tuple(NODE_BIT[a] | NODE_BIT[b] for a, b in EDGE_NODES)
#: Hex -> mask of its 6 corners.
HEX_CORNER_MASK: tuple[int, ...] = tuple(sum(NODE_BIT[v] for v in c) for c in HEX_CORNERS)

#: Outer ring counterclockwise from hex 0 (the top-left corner), then the inner ring from hex 4, then the centre:
#: the spiral of the lettered tokens (Sources §1.1). Corner hexes sit at even places of the outer ring.
_OUTER = (0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1)
_INNER = (4, 8, 13, 14, 10, 5)
CORNER_HEXES: tuple[int, ...] = _OUTER[::2]


def spiral(corner: int) -> tuple[int, ...]:
    """The 19 hexes in the token spiral that starts at corner hex number ``corner`` (0–5, counterclockwise from
    the top-left one): the outer ring counterclockwise, then the inner ring, then the centre."""
    outer = _OUTER[2 * corner:] + _OUTER[:2 * corner]
    inner = _INNER[corner:] + _INNER[:corner]
    return outer + inner + (9,)


def _coast() -> tuple[int, ...]:
    """The 30 coastal edges clockwise from the top of hex 0 (edges of only one land hex)."""
    sides: dict[int, int] = {}
    for edges in HEX_EDGES:
        for e in edges:
            sides[e] = sides.get(e, 0) + 1
    coast = [e for e in range(N_EDGES) if sides[e] == 1]
    cx = sum(x for x, _ in NODE_XY) / N_NODES
    cy = sum(y for _, y in NODE_XY) / N_NODES

    def angle(e: int) -> float:
        (ax, ay), (bx, by) = NODE_XY[EDGE_NODES[e][0]], NODE_XY[EDGE_NODES[e][1]]
        return math.atan2((ax + bx) / 2 - cx, -((ay + by) / 2 - cy)) % (2 * math.pi)
    return tuple(sorted(coast, key=angle))


COAST_EDGES: tuple[int, ...] = _coast()
#: The 9 harbour places on the frame, each the coastal edge whose 2 nodes it serves (rulebook.HARBOUR_SLOTS).
HARBOUR_EDGES: tuple[int, ...] = tuple(
    _EDGE_INDEX[tuple(sorted((HEX_CORNERS[h][i], HEX_CORNERS[h][(i + 1) % 6])))]  # type: ignore[index]
    for h, i in rulebook.HARBOUR_SLOTS.value)

GENERIC = 5  # harbour kind 3:1; kinds 0-4 are the 2:1 harbour of that resource
DESERT = 5  # terrain index of the desert; terrains 0-4 produce the resource of the same index


@dataclass(frozen=True, slots=True)
class Layout:
    """One island: terrain per hex, number token per hex (0 on the desert), harbour kind per harbour place."""

    terrain: tuple[int, ...]
    numbers: tuple[int, ...]
    harbours: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tables:
    """What one layout implies, computed once per layout and shared by every position of every game on it."""

    #: Roll -> ((hex, resource, corner mask), ...) of the hexes that carry that number.
    by_number: tuple[tuple[tuple[int, int, int], ...], ...]
    #: Node -> harbour kind at that node (-1: none).
    node_harbour: tuple[int, ...]
    #: Hex -> pips (ways to roll its number with two dice; 0 for the desert).
    pips: tuple[int, ...]
    #: Node -> the pips of the hexes it touches, added up (what a settlement there brings per 36 rolls).
    node_pips: tuple[int, ...]


@functools.lru_cache(maxsize=256)
def tables(layout: Layout) -> Tables:
    by_number: list[list[tuple[int, int, int]]] = [[] for _ in range(13)]
    for h in range(N_HEXES):
        if layout.numbers[h]:
            by_number[layout.numbers[h]].append((h, layout.terrain[h], HEX_CORNER_MASK[h]))
    node_harbour = [-1] * N_NODES
    for edge, kind in zip(HARBOUR_EDGES, layout.harbours, strict=True):
        for v in EDGE_NODES[edge]:
            node_harbour[v] = kind
    pips = tuple(rulebook.PIPS.value.get(n, 0) for n in layout.numbers)
    node_pips = tuple(sum(pips[h] for h in NODE_HEXES[v]) for v in range(N_NODES))
    return Tables(tuple(map(tuple, by_number)), tuple(node_harbour), pips, node_pips)


# ---------------------------------------------------------------- building a layout
def beginner() -> Layout:
    """The starting set-up for beginners (rulebook.BEGINNER_*; see the tags there for how sure it is)."""
    terrain = tuple(rulebook.TERRAINS.index(t) for t in rulebook.BEGINNER_TERRAIN.value)
    harbours = tuple(_harbour_kind(k) for k in rulebook.BEGINNER_HARBOURS.value)
    return Layout(terrain, tuple(rulebook.BEGINNER_NUMBERS.value), harbours)


def variable(rng: Rng, numbers: str, terrain_pool: tuple[int, ...], tokens: tuple[int, ...],
             harbour_pool: tuple[int, ...]) -> tuple[Layout, int]:
    """A variable set-up from the game's stream and its numbers (``game.design``: the terrain per hex and the harbour
    kinds before the shuffle, the tokens in spiral order): shuffled terrain and harbours; tokens by the spiral from a
    corner drawn from the seed (``numbers="spiral"``, returns that corner) or shuffled with 6 and 8 never on
    neighbouring hexes (``"random"``, returns -1)."""
    terrain = list(terrain_pool)
    rng.shuffle(terrain)
    kinds = list(harbour_pool)
    rng.shuffle(kinds)
    if numbers == "spiral":
        corner = rng.below(len(CORNER_HEXES))
        placed = [0] * N_HEXES
        spiral_tokens = iter(tokens)
        for h in spiral(corner):
            if terrain[h] != DESERT:
                placed[h] = next(spiral_tokens)
        return Layout(tuple(terrain), tuple(placed), tuple(kinds)), corner
    return Layout(tuple(terrain), _random_tokens(rng, terrain, tokens), tuple(kinds)), -1


def _random_tokens(rng: Rng, terrain: list[int], tokens: tuple[int, ...]) -> tuple[int, ...]:
    land = [h for h in range(N_HEXES) if terrain[h] != DESERT]
    while True:  # rejection sampling: every arrangement without neighbouring red numbers is equally likely
        shuffled = list(tokens)
        rng.shuffle(shuffled)
        placed = [0] * N_HEXES
        for h, n in zip(land, shuffled, strict=True):
            placed[h] = n
        if not red_neighbours(placed):
            return tuple(placed)


def red_neighbours(numbers: list[int] | tuple[int, ...]) -> list[tuple[int, int]]:
    """Pairs of neighbouring hexes that both carry a red number (6 or 8)."""
    red = rulebook.RED_NUMBERS.value
    return [(h, k) for h in range(N_HEXES) for k in HEX_NEIGHBOURS[h]
            if h < k and numbers[h] in red and numbers[k] in red]


def _harbour_kind(name: str) -> int:
    return GENERIC if name == "generic" else rulebook.RESOURCES.index(name)


def harbour_name(kind: int, generic: int = rulebook.GENERIC_RATE.value, special: int = rulebook.SPECIAL_RATE.value
                 ) -> str:
    """``3:1`` or ``2:1 brick``, at the game's rates (``game.design``; the printed ones by default, for views)."""
    return f"{generic}:1" if kind == GENERIC else f"{special}:1 {rulebook.RESOURCES[kind]}"


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
