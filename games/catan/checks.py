"""What each seat may see (:func:`observe`) and the invariants random play checks after every decision.

Hidden information: the resource cards and development cards in a hand are seen by their owner only (everyone sees
how many); the development deck's order by nobody. The bank's piles are open, so everybody sees how many of each
resource the bank holds (``decision.bank-open``). Victory point cards show once the game is over.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from games.core import seat_label

from . import pieces
from .board import (
    EDGE_END_MASK,
    EDGE_NODES,
    HARBOUR_EDGES,
    N_EDGES,
    N_NODES,
    NODE_BIT,
    NODE_CLOSE,
    NODE_EDGE_MASK,
    bits,
)
from .data import rulebook
from .development import DEV_KINDS, KINDS, VICTORY_POINT
from .pieces import hand_size
from .roads import holder_after, longest_road
from .state import ANSWER, CONFIRM, OFFER, OVER

if TYPE_CHECKING:
    from .game import CatanGame


def observe(game: CatanGame, viewer: int | None) -> dict[str, Any]:
    s = game.state
    over = s.phase == OVER
    cards, w = game.cards, game.width
    players = []
    for p in range(game.players):
        mine = p == viewer
        devs = s.devs[p * DEV_KINDS:p * DEV_KINDS + DEV_KINDS]
        players.append({
            "settlements": bits(s.settlements[p]), "cities": bits(s.cities[p]), "roads": bits(s.roads[p]),
            "cards": hand_size(game, p), "development_cards": sum(devs), "knights": s.knights[p],
            "points": s.points[p] + (game.hidden_points(p) if over or mine else 0),
            "road_length": s.road_length[p], "pieces_left": {"settlements": s.settlements_left[p],
                                                             "cities": s.cities_left[p], "roads": s.roads_left[p]},
            "hand": dict(zip(cards, s.hands[p * w:p * w + w], strict=True)) if mine else None,
            "development": dict(zip(KINDS, devs, strict=True)) if mine else None,
            "new_development": dict(zip(KINDS, s.devs_new, strict=True)) if mine and p == s.player else None,
            "victory_point_cards": devs[VICTORY_POINT] if over or mine else None,
            "rates": dict(zip(cards, s.rates[p * w:p * w + w], strict=True)),
        })
    trading = s.phase in (OFFER, ANSWER, CONFIRM)
    return {
        "board": {"terrain": [rulebook.TERRAINS[t] for t in s.terrain], "numbers": list(s.numbers),
                  "harbours": [{"edge": e, "kind": "generic" if k == 5 else rulebook.RESOURCES[k]}
                               for e, k in zip(HARBOUR_EDGES, s.harbours, strict=True)],
                  "robber": s.robber},
        "bank": dict(zip(cards, s.bank, strict=True)), "deck": len(s.deck),
        "players": players, "longest_road": s.longest, "largest_army": s.army,
        "player": None if over else s.player, "decider": None if over else s.decider,
        "phase": game.phase_name(s.phase), "turn": s.turn, "dice": s.dice, "rolled": s.rolled,
        "dev_played": s.dev_played, "played": dict(zip(KINDS, s.played, strict=True)),
        "discard_left": list(s.discard_left), "free_roads": s.free_roads,
        "plenty_left": s.plenty_left, "offers_made": s.offers_made,
        "offer": {"give": list(s.offer_give), "want": list(s.offer_want), "answers": list(s.answers)}
        if trading else None,
        "scores": list(game.scores()),
    }


def invariant_breaks(game: CatanGame) -> list[str]:
    """Every invariant of the base game."""
    return card_breaks(game) + development_breaks(game) + piece_breaks(game) + board_breaks(game) + \
        turn_breaks(game)


def card_breaks(game: CatanGame) -> list[str]:
    """Cards are conserved kind by kind (hands + bank) and no count is negative."""
    s = game.state
    w = game.width
    hands, bank = s.hands, s.bank
    # one sum per kind over the flat hands (kind r of every player is hands[r::w]); the sentences only on a break
    if [sum(hands[r::w]) for r in range(w)] != [t - b for t, b in zip(game.card_totals, bank, strict=True)] \
            or min(bank) < 0:
        out = [f"{game.cards[r]}: {held} cards in hands and bank, not {game.card_totals[r]}"
               for r, held in enumerate(sum(hands[r::w]) + bank[r] for r in range(w))
               if held != game.card_totals[r] or bank[r] < 0]
    else:
        out = []
    if min(hands) < 0:
        out.append("a hand holds a negative number of cards")
    return out


def development_breaks(game: CatanGame) -> list[str]:
    """Development cards are conserved and the largest army holder leads (base game only)."""
    s = game.state
    out = []
    devs = sum(s.devs) + len(s.deck) + sum(s.played)
    if sum(s.knights) != s.played[0]:
        out.append("knights played differ from the knight cards played")
    if devs != sum(game.design.deck):
        out.append(f"development cards not conserved: {devs}")
    if s.army >= 0 and (s.knights[s.army] < game.design.army_min or max(s.knights) > s.knights[s.army]):
        out.append("the largest army holder does not lead")
    return out


def piece_breaks(game: CatanGame) -> list[str]:
    """Per player: pieces conserved, one building per intersection, one road per path, the maintained reach,
    buildable roads, rates and road lengths equal to a computation from scratch, points equal to their sources."""
    s = game.state
    out = []
    built = roads_before = 0
    w = game.width
    settlements, cities, roads = s.settlements, s.cities, s.roads
    design = game.design
    all_settlements, all_cities, all_roads = design.settlements, design.cities, design.roads
    for p in range(game.players):
        towns, mine_cities, mine_roads = settlements[p], cities[p], roads[p]
        reduced = game.reduced_cities(p)
        left = s.settlements_left[p]
        if towns.bit_count() + left != all_settlements + reduced or left < 0:
            out.append(f"{seat_label(p)}: settlements not conserved")
        left = s.cities_left[p]
        if mine_cities.bit_count() + left + reduced != all_cities or left < 0:
            out.append(f"{seat_label(p)}: cities not conserved")
        left = s.roads_left[p]
        if mine_roads.bit_count() + left != all_roads or left < 0:
            out.append(f"{seat_label(p)}: roads not conserved")
        mine = towns | mine_cities
        if towns & mine_cities or built & mine:
            out.append(f"{seat_label(p)}: two buildings on one intersection")
        built |= mine
        if mine_roads & roads_before:
            out.append(f"{seat_label(p)}: two roads on one path")
        roads_before |= mine_roads
        reach = spread(mine_roads, _EDGE_ENDS)
        if reach != s.reach[p]:
            out.append(f"{seat_label(p)}: reach differs from the roads")
        if s.turn and not _connected(mine, mine_roads):
            out.append(f"{seat_label(p)}: a road is not connected to their network")
        breakers = game.breakers(p)
        ends = mine | (s.reach[p] & ~breakers)  # pieces.extension_nodes
        if _roads_buildable(ends, s.open_edges) != s.road_ok[p]:
            out.append(f"{seat_label(p)}: buildable roads differ from a computation from scratch")
        if game.rates_from_scratch(p) != s.rates[p * w:p * w + w]:
            out.append(f"{seat_label(p)}: maritime rates differ from a computation from scratch")
        length = _longest_road(mine_roads, breakers)
        if length != s.road_length[p]:
            out.append(f"{seat_label(p)}: longest road {s.road_length[p]}, from scratch {length}")
        sources = game.point_sources(p)
        if s.points[p] + game.hidden_points(p) != sum(sources.values()):
            out.append(f"{seat_label(p)}: points {s.points[p]} + hidden differ from their sources {sources}")
    if built != s.built:
        out.append("the built mask differs from the buildings")
    return out


def board_breaks(game: CatanGame) -> list[str]:
    """The distance rule, the free intersections, the open paths, the longest road holder and the robber."""
    s = game.state
    out = []
    built = s.built
    if spread(built, _NEIGHBOURS) & built:  # a building next to another: name every intersection that breaks it
        for v in range(N_NODES):
            if built & NODE_BIT[v] and (built & NODE_CLOSE[v]) != NODE_BIT[v]:
                out.append(f"distance rule broken at intersection {v}")
    if game.free_from_scratch() != s.free:
        out.append("the free intersections differ from a computation from scratch")
    roads = 0
    for mask in s.roads:
        roads |= mask
    if roads | s.open_edges != _ALL_EDGES or roads & s.open_edges:
        out.append("open paths differ from the roads")
    if s.turn and holder_after(s.road_length, s.longest, game.design.longest_min) != s.longest:
        out.append(f"longest road holder {s.longest} is not the one the lengths {s.road_length} give")
    if not 0 <= s.robber < len(s.terrain):
        out.append("the robber is not on exactly one hex")
    return out


def turn_breaks(game: CatanGame) -> list[str]:
    s = game.state
    if s.phase != OVER and s.turn and s.phase not in game.out_of_turn and s.decider != s.player:
        return ["somebody other than the player whose turn it is decides outside the out-of-turn decisions"]
    return []


def byte_tables(size: int, image: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Tables for :func:`spread`: for each byte of a ``size``-bit mask, the union of ``image[i]`` over the bits ``i``
    set in each of the 256 values of that byte."""
    tables = []
    for base in range(0, size, 8):
        table = [0] * 256
        for byte in range(1, 256):
            i = base + (byte & -byte).bit_length() - 1
            table[byte] = table[byte & (byte - 1)] | (image[i] if i < size else 0)
        tables.append(tuple(table))
    return tuple(tables)


def spread(mask: int, tables: tuple[tuple[int, ...], ...]) -> int:
    """The union of ``image[i]`` over the bits ``i`` of ``mask`` (tables from :func:`byte_tables`): a byte at a time,
    not a bit at a time."""
    out = 0
    for table in tables:
        if not mask:
            break
        out |= table[mask & 255]
        mask >>= 8
    return out


_ALL_EDGES = (1 << N_EDGES) - 1
#: Roads -> the nodes they touch; buildings -> the nodes next to them.
_EDGE_ENDS = byte_tables(N_EDGES, EDGE_END_MASK)
_NEIGHBOURS = byte_tables(N_NODES, tuple(NODE_CLOSE[v] & ~NODE_BIT[v] for v in range(N_NODES)))


# The computations from scratch are pure functions of bit masks: cached, so a decision that moves no piece (a trade,
# a discard, an offer) is checked against the same from-scratch values without computing them again.
_longest_road = functools.lru_cache(maxsize=1 << 14)(longest_road)
_roads_buildable = functools.lru_cache(maxsize=1 << 14)(pieces.roads_buildable)


@functools.lru_cache(maxsize=1 << 14)
def _connected(buildings: int, roads: int) -> bool:
    """Every road in ``roads`` is reachable from one of ``buildings`` through those roads (``build.road``)."""
    start = buildings
    reached = 0
    frontier = start
    while frontier:
        v = (frontier & -frontier).bit_length() - 1
        frontier &= frontier - 1
        new = NODE_EDGE_MASK[v] & roads & ~reached
        reached |= new
        for e in bits(new):
            for w in EDGE_NODES[e]:
                if w != v and not (start >> w) & 1:
                    start |= NODE_BIT[w]
                    frontier |= NODE_BIT[w]
    return reached == roads
