"""What each seat may see (:func:`observe`) and the invariants random play checks after every decision.

Hidden information: the resource cards and development cards in a hand are seen by their owner only (everyone sees
how many); the development deck's order by nobody. The bank's piles are open, so everybody sees how many of each
resource the bank holds (``decision.bank-open``). Victory point cards show once the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import pieces
from .board import EDGE_BIT, EDGE_NODES, HARBOUR_EDGES, N_EDGES, N_NODES, NODE_BIT, NODE_CLOSE, NODE_EDGE_MASK, bits
from .data import rulebook
from .development import KINDS, VICTORY_POINT, D
from .pieces import K, hand_size
from .roads import holder_after, longest_road
from .state import ANSWER, CONFIRM, DISCARD, OFFER, OVER, PHASE_NAMES

if TYPE_CHECKING:
    from .game import CatanGame


def observe(game: CatanGame, viewer: int | None) -> dict[str, Any]:
    s = game.state
    over = s.phase == OVER
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
            "hand": dict(zip(rulebook.RESOURCES, s.hands[p * K:p * K + K], strict=True)) if mine else None,
            "development": dict(zip(KINDS, devs, strict=True)) if mine else None,
            "new_development": dict(zip(KINDS, s.devs_new, strict=True)) if mine and p == s.player else None,
            "victory_point_cards": devs[VICTORY_POINT] if over or mine else None,
            "rates": dict(zip(rulebook.RESOURCES, s.rates[p * K:p * K + K], strict=True)),
        })
    trading = s.phase in (OFFER, ANSWER, CONFIRM)
    return {
        "board": {"terrain": [rulebook.TERRAINS[t] for t in s.terrain], "numbers": list(s.numbers),
                  "harbours": [{"edge": e, "kind": "generic" if k == 5 else rulebook.RESOURCES[k]}
                               for e, k in zip(HARBOUR_EDGES, s.harbours, strict=True)],
                  "robber": s.robber},
        "bank": dict(zip(rulebook.RESOURCES, s.bank, strict=True)), "deck": len(s.deck),
        "players": players, "longest_road": s.longest, "largest_army": s.army,
        "player": None if over else s.player, "decider": None if over else s.decider,
        "phase": PHASE_NAMES[s.phase], "turn": s.turn, "dice": s.dice, "rolled": s.rolled,
        "dev_played": s.dev_played, "played": dict(zip(KINDS, s.played, strict=True)),
        "discard_left": list(s.discard_left), "free_roads": s.free_roads,
        "plenty_left": s.plenty_left, "offers_made": s.offers_made,
        "offer": {"give": list(s.offer_give), "want": list(s.offer_want), "answers": list(s.answers)}
        if trading else None,
        "scores": list(game.scores()),
    }


def invariant_breaks(game: CatanGame) -> list[str]:
    s = game.state
    n = game.players
    out = []
    for r in range(K):
        held = sum(s.hands[r:n * K:K]) + s.bank[r]  # resource r of every hand
        if held != rulebook.RESOURCE_CARDS.value or s.bank[r] < 0:
            out.append(f"{rulebook.RESOURCES[r]}: {held} cards in hands and bank, not 19")
    if min(s.hands) < 0:
        out.append("a hand holds a negative number of cards")
    devs = sum(s.devs) + len(s.deck) + sum(s.played)
    if sum(s.knights) != s.played[0]:
        out.append("knights played differ from the knight cards played")
    if devs != sum(rulebook.DEVELOPMENT_CARDS.value.values()):
        out.append(f"development cards not conserved: {devs}")
    pieces_ = rulebook.PIECES.value
    built = 0
    for p in range(n):
        towns, cities = s.settlements[p].bit_count(), s.cities[p].bit_count()
        if towns + s.settlements_left[p] != pieces_["settlement"] or s.settlements_left[p] < 0:
            out.append(f"player {p + 1}: settlements not conserved")
        if cities + s.cities_left[p] != pieces_["city"] or s.cities_left[p] < 0:
            out.append(f"player {p + 1}: cities not conserved")
        if s.roads[p].bit_count() + s.roads_left[p] != pieces_["road"] or s.roads_left[p] < 0:
            out.append(f"player {p + 1}: roads not conserved")
        mine = s.settlements[p] | s.cities[p]
        if s.settlements[p] & s.cities[p] or built & mine:
            out.append(f"player {p + 1}: two buildings on one intersection")
        built |= mine
        if any(s.roads[p] & s.roads[q] for q in range(p)):
            out.append(f"player {p + 1}: two roads on one path")
        reach, connected, road_ok, rates, length = _from_scratch(game, p)
        if reach != s.reach[p]:
            out.append(f"player {p + 1}: reach differs from the roads")
        if s.turn and not connected:
            out.append(f"player {p + 1}: a road is not connected to their network")
        if road_ok != s.road_ok[p]:
            out.append(f"player {p + 1}: buildable roads differ from a computation from scratch")
        if rates != s.rates[p * K:p * K + K]:
            out.append(f"player {p + 1}: harbour rates differ from a computation from scratch")
        if length != s.road_length[p]:
            out.append(f"player {p + 1}: longest road {s.road_length[p]}, from scratch {length}")
        sources = game.point_sources(p)
        if s.points[p] + game.hidden_points(p) != sum(sources.values()):
            out.append(f"player {p + 1}: points {s.points[p]} + hidden differ from their sources {sources}")
    if built != s.built:
        out.append("the built mask differs from the buildings")
    crowded, free = _intersections(game, built)
    out += [f"distance rule broken at intersection {v}" for v in crowded]
    if free != s.free:
        out.append("the free intersections differ from a computation from scratch")
    roads = 0
    for p in range(n):
        roads |= s.roads[p]
    if roads | s.open_edges != (1 << N_EDGES) - 1 or roads & s.open_edges:
        out.append("open paths differ from the roads")
    if s.turn and holder_after(s.road_length, s.longest, rulebook.LONGEST_ROAD_MIN.value) != s.longest:
        out.append(f"longest road holder {s.longest} is not the one the lengths {s.road_length} give")
    if s.army >= 0 and (s.knights[s.army] < rulebook.LARGEST_ARMY_MIN.value
                        or any(k > s.knights[s.army] for k in s.knights)):
        out.append("the largest army holder does not lead")
    if not 0 <= s.robber < len(s.terrain):
        out.append("the robber is not on exactly one hex")
    if s.phase != OVER and s.turn and s.phase not in (ANSWER, DISCARD) and s.decider != s.player:
        out.append("somebody other than the player whose turn it is decides outside discards and answers")
    return out


def _intersections(game: CatanGame, built: int) -> tuple[list[int], int]:
    """For the buildings ``built``: the intersections where the distance rule is broken, and the mask of the free
    intersections (none of them or their neighbours built). A pure function of the mask, kept like
    :func:`_from_scratch`'s results."""
    memo = _memo(game)
    found = memo.get(built)
    if found is None:
        crowded = [v for v in range(N_NODES) if built & NODE_BIT[v] and (built & NODE_CLOSE[v]) != NODE_BIT[v]]
        free = 0
        for v in range(N_NODES):
            if not built & NODE_CLOSE[v]:
                free |= NODE_BIT[v]
        found = memo[built] = (crowded, free)
    return found


def _memo(game: CatanGame) -> dict:
    """The from-scratch results of this game's board (shared with its clones; another board starts afresh)."""
    tables, memo = game.__dict__.get("_from_scratch_memo") or (None, {})
    if tables is not game.tables:
        memo = {}
        game.__dict__["_from_scratch_memo"] = (game.tables, memo)
    return memo


def _from_scratch(game: CatanGame, p: int) -> tuple[int, bool, int, list[int], int]:
    """What ``p``'s pieces make of their reach, network, buildable roads, harbour rates and longest road, computed
    from the pieces alone. A pure function of the masks in its key (the board is the game's own): each distinct set
    of pieces is computed once per game and its clones, and every check compares with it again."""
    s = game.state
    breakers = game.breakers(p)
    key = (s.roads[p], s.settlements[p], s.cities[p], s.reach[p], breakers, s.open_edges)
    memo = _memo(game)
    found = memo.get(key)
    if found is None:
        reach = 0
        for e in bits(s.roads[p]):
            a, b = _ends(e)
            reach |= NODE_BIT[a] | NODE_BIT[b]
        found = memo[key] = (reach, _connected(game, p), pieces.road_ok_from_scratch(game, p),
                             pieces.rates_from_scratch(game, p), longest_road(s.roads[p], breakers))
    return found


def _ends(e: int) -> tuple[int, int]:
    return EDGE_NODES[e]


def _connected(game: CatanGame, p: int) -> bool:
    """Every road of ``p`` is reachable from one of their buildings through their own roads (``build.road``)."""
    s = game.state
    start = s.settlements[p] | s.cities[p]
    reached = 0
    frontier = start
    while frontier:
        v = (frontier & -frontier).bit_length() - 1
        frontier &= frontier - 1
        new = NODE_EDGE_MASK[v] & s.roads[p] & ~reached
        reached |= new
        for e in bits(new):
            for w in _ends(e):
                if w != v and not (start >> w) & 1:
                    start |= NODE_BIT[w]
                    frontier |= NODE_BIT[w]
    return reached == s.roads[p] and all(EDGE_BIT[e] for e in bits(reached))
