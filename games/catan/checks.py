"""What each seat may see (:func:`observe`) and the invariants random play checks after every decision.

Hidden information: the resource cards and development cards in a hand are seen by their owner only (everyone sees
how many); the development deck's order by nobody. The bank's piles are open, so everybody sees how many of each
resource the bank holds (``decision.bank-open``). Victory point cards show once the game is over.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

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
from .development import KINDS, VICTORY_POINT, D
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
        devs = s.devs[p * D:p * D + D]
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
    n, w = game.players, game.width
    out = []
    for r in range(w):
        held = sum(s.hands[p * w + r] for p in range(n)) + s.bank[r]
        if held != game.card_totals[r] or s.bank[r] < 0:
            out.append(f"{game.cards[r]}: {held} cards in hands and bank, not {game.card_totals[r]}")
    if min(s.hands) < 0:
        out.append("a hand holds a negative number of cards")
    return out


def development_breaks(game: CatanGame) -> list[str]:
    """Development cards are conserved and the largest army holder leads (base game only)."""
    s = game.state
    out = []
    devs = sum(s.devs) + len(s.deck) + sum(s.played)
    if sum(s.knights) != s.played[0]:
        out.append("knights played differ from the knight cards played")
    if devs != sum(rulebook.DEVELOPMENT_CARDS.value.values()):
        out.append(f"development cards not conserved: {devs}")
    if s.army >= 0 and (s.knights[s.army] < rulebook.LARGEST_ARMY_MIN.value
                        or any(k > s.knights[s.army] for k in s.knights)):
        out.append("the largest army holder does not lead")
    return out


def piece_breaks(game: CatanGame) -> list[str]:
    """Per player: pieces conserved, one building per intersection, one road per path, the maintained reach,
    buildable roads, rates and road lengths equal to a computation from scratch, points equal to their sources."""
    s = game.state
    out = []
    pieces_ = rulebook.PIECES.value
    built = 0
    w = game.width
    for p in range(game.players):
        towns, cities = s.settlements[p].bit_count(), s.cities[p].bit_count()
        if towns + s.settlements_left[p] != pieces_["settlement"] + game.reduced_cities(p) \
                or s.settlements_left[p] < 0:
            out.append(f"player {p + 1}: settlements not conserved")
        if cities + s.cities_left[p] + game.reduced_cities(p) != pieces_["city"] or s.cities_left[p] < 0:
            out.append(f"player {p + 1}: cities not conserved")
        if s.roads[p].bit_count() + s.roads_left[p] != pieces_["road"] or s.roads_left[p] < 0:
            out.append(f"player {p + 1}: roads not conserved")
        mine = s.settlements[p] | s.cities[p]
        if s.settlements[p] & s.cities[p] or built & mine:
            out.append(f"player {p + 1}: two buildings on one intersection")
        built |= mine
        if any(s.roads[p] & s.roads[q] for q in range(p)):
            out.append(f"player {p + 1}: two roads on one path")
        reach = 0
        for e in bits(s.roads[p]):
            reach |= EDGE_END_MASK[e]
        if reach != s.reach[p]:
            out.append(f"player {p + 1}: reach differs from the roads")
        if s.turn and not _connected(s.settlements[p] | s.cities[p], s.roads[p]):
            out.append(f"player {p + 1}: a road is not connected to their network")
        if _roads_buildable(pieces.extension_nodes(game, p), s.open_edges) != s.road_ok[p]:
            out.append(f"player {p + 1}: buildable roads differ from a computation from scratch")
        if game.rates_from_scratch(p) != s.rates[p * w:p * w + w]:
            out.append(f"player {p + 1}: maritime rates differ from a computation from scratch")
        length = _longest_road(s.roads[p], game.breakers(p))
        if length != s.road_length[p]:
            out.append(f"player {p + 1}: longest road {s.road_length[p]}, from scratch {length}")
        sources = game.point_sources(p)
        if s.points[p] + game.hidden_points(p) != sum(sources.values()):
            out.append(f"player {p + 1}: points {s.points[p]} + hidden differ from their sources {sources}")
    if built != s.built:
        out.append("the built mask differs from the buildings")
    return out


def board_breaks(game: CatanGame) -> list[str]:
    """The distance rule, the free intersections, the open paths, the longest road holder and the robber."""
    s = game.state
    out = []
    built = s.built
    for v in range(N_NODES):
        if built & NODE_BIT[v] and (built & NODE_CLOSE[v]) != NODE_BIT[v]:
            out.append(f"distance rule broken at intersection {v}")
    if game.free_from_scratch() != s.free:
        out.append("the free intersections differ from a computation from scratch")
    roads = 0
    for p in range(game.players):
        roads |= s.roads[p]
    if roads | s.open_edges != (1 << N_EDGES) - 1 or roads & s.open_edges:
        out.append("open paths differ from the roads")
    if s.turn and holder_after(s.road_length, s.longest, rulebook.LONGEST_ROAD_MIN.value) != s.longest:
        out.append(f"longest road holder {s.longest} is not the one the lengths {s.road_length} give")
    if not 0 <= s.robber < len(s.terrain):
        out.append("the robber is not on exactly one hex")
    return out


def turn_breaks(game: CatanGame) -> list[str]:
    s = game.state
    if s.phase != OVER and s.turn and s.phase not in game.out_of_turn and s.decider != s.player:
        return ["somebody other than the player whose turn it is decides outside the out-of-turn decisions"]
    return []


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
