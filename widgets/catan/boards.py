"""What the Catan views draw, as plain JSON: the island's geometry (sent once per game) and the pieces, dice, hands,
tracks and points of one position (sent per step), read from the engine's own tables and functions.

* :func:`geometry`: every hex centre, intersection and path end in SVG units, the harbours outside their coast edge
  with their rates, the terrain and the viewBox; computed from :mod:`games.catan.board` (never re-derived).
* :func:`board_state`: number tokens (the Inventor swaps them), robber, merchant and every seat's pieces: settlements,
  cities, metropolises, walls, roads and knights (level, active).
* :func:`seats_state`: per seat what the viewer may see (``game.observe``): its own hand and progress cards, the
  others' as counts (victory point cards face up), improvements and the points by source (the engine's
  ``point_sources``; face-down victory point cards of others are left out until the game is over).
* :func:`panels_state`: the dice (red, yellow and the event die's face) and the barbarian track with the next
  attack's strength against the current defence, as the engine computes them.

``viewers`` (a list of seats) makes a teacher's picture: each seat's hidden cards are read from that seat's own
observation, never from the state record directly.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable, Sequence

from games.catan import board
from games.catan.data import rulebook
from games.catan.game import CatanGame

from .places import PlaceWords

#: SVG units per hex side (a hex is SQRT3 * SIDE wide).
SIDE = 40.0
_X = SIDE * math.sqrt(3) / 2  # one step of board.NODE_XY's x (half a hex width)
_Y = SIDE / 2  # one step of its y (half a side)
#: How far beyond the coast a harbour sits, in sides.
HARBOUR_OUT = 0.55


def is_ck(game: CatanGame) -> bool:
    """Whether ``game`` is Cities & Knights (the engine's own game id)."""
    return game.game_id == "catan.cities_knights"


def _xy(x: float, y: float) -> list[float]:
    return [round(x * _X, 1), round(y * _Y, 1)]


def _harbours(game: CatanGame) -> list[dict[str, Any]]:
    out = []
    generic, special = game.design.generic_rate, game.design.special_rate  # the game's (a variant's) rates
    for edge, kind in zip(board.HARBOUR_EDGES, game.layout.harbours, strict=True):
        a, b = board.EDGE_NODES[edge]
        (ax, ay), (bx, by) = board.NODE_XY[a], board.NODE_XY[b]
        hexes = [h for h in range(board.N_HEXES) if edge in board.HEX_EDGES[h]]
        hx, hy = board.HEX_XY[hexes[0]]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        # outwards from the land hex, in SVG units (x and y steps differ)
        dx, dy = (mx - hx) * _X, (my - hy) * _Y
        norm = math.hypot(dx, dy) or 1.0
        px, py = mx * _X + dx / norm * SIDE * HARBOUR_OUT, my * _Y + dy / norm * SIDE * HARBOUR_OUT
        rate = generic if kind == board.GENERIC else special
        out.append({"edge": edge, "nodes": [a, b], "at": [round(px, 1), round(py, 1)],
                    "kind": "generic" if kind == board.GENERIC else rulebook.RESOURCES[kind],
                    "label": board.harbour_name(kind, generic, special), "rate": rate})
    return out


def geometry(game: CatanGame) -> dict[str, Any]:
    """The island of ``game`` in SVG units: ``hexes`` ([x, y] centres), ``terrain`` (names), ``nodes`` ([x, y]),
    ``edges`` ([node, node]), ``harbours`` (at, kind, label, rate, the two nodes served), ``side``, ``viewbox``,
    ``words``: every hex, intersection and path in words (:class:`.places.PlaceWords`), and ``numbers``: the number
    tokens those words name (the state's now; :func:`board_state` sends other words where they differ)."""
    nodes = [_xy(x, y) for x, y in board.NODE_XY]
    hexes = [_xy(x, y) for x, y in board.HEX_XY]
    harbours = _harbours(game)
    xs = [p[0] for p in nodes] + [h["at"][0] for h in harbours]
    ys = [p[1] for p in nodes] + [h["at"][1] for h in harbours]
    pad = SIDE * 0.45
    box = [min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad]
    return {"hexes": hexes, "nodes": nodes, "edges": [list(e) for e in board.EDGE_NODES],
            "terrain": [rulebook.TERRAINS[t] for t in game.layout.terrain], "harbours": harbours,
            "side": SIDE, "viewbox": [round(v, 1) for v in box], "resources": list(rulebook.RESOURCES),
            "pips": {str(n): p for n, p in rulebook.PIPS.value.items()}, "red": list(rulebook.RED_NUMBERS.value),
            "words": PlaceWords.of(game).all, "numbers": list(game.state.numbers)}


def board_state(game: CatanGame, view: dict[str, Any] | None = None,
                worded: Sequence[int] | None = None) -> dict[str, Any]:
    """The pieces of one position: ``numbers`` per hex, ``robber`` (hex), ``merchant`` ({hex, holder} or None),
    ``words`` (every hex, intersection and path in words; ``None`` when the geometry's words already name these
    numbers: ``worded`` is the geometry's ``numbers``, and without it the words always come) and ``pieces`` per
    seat (``s``
    settlements, ``c`` cities, ``m`` metropolis nodes, ``w`` walls, ``x`` reduced cities, ``r`` roads, ``k``
    knights as [node, strength 1-3, active 0/1])."""
    view = game.observe(None) if view is None else view
    metros: dict[int, list[int]] = {}
    for info in (view.get("metropolises") or {}).values():
        if info["node"] >= 0 and info["holder"] >= 0:
            metros.setdefault(info["holder"], []).append(info["node"])
    levels = ("basic", "strong", "mighty")
    pieces = []
    for p, seen in enumerate(view["players"]):
        pieces.append({
            "s": seen["settlements"], "c": seen["cities"], "r": seen["roads"], "m": sorted(metros.get(p, [])),
            "w": seen.get("walls", []), "x": seen.get("reduced_cities", []),
            "k": [[k["node"], levels.index(k["level"]) + 1, int(k["active"])] for k in seen["knights"]]
            if isinstance(seen.get("knights"), list) else [],  # the base game's "knights" counts knight cards
        })
    merchant = view.get("merchant")
    numbers = view["board"]["numbers"]
    # The places' words come with the geometry; after the Inventor swapped two numbers (or at a step before a swap
    # the geometry was worded after), with the position. Compared with what the geometry's words name, never with
    # the engine's layout: that is a cache the engine refreshes when it likes (after an undo it is stale).
    same = worded is not None and list(worded) == list(numbers)
    return {"numbers": numbers, "robber": view["board"]["robber"], "pieces": pieces,
            "merchant": merchant if merchant and merchant["hex"] >= 0 else None,
            "words": None if same else PlaceWords.of(game).all}


def _hand(seen: dict[str, Any], ck: bool) -> dict[str, Any]:
    """One seat's hand as a viewer sees it: ``cards`` (name -> count) when seen, else counts only."""
    if ck:
        out = {"resources": seen["resources"], "commodities": seen["commodities"],
               "progress_counts": seen["progress_cards"], "progress": seen["progress"],
               "vp_cards": seen["vp_cards"]}
    else:
        out = {"development_count": seen["development_cards"], "development": seen["development"],
               "new_development": seen["new_development"], "vp_cards": seen["victory_point_cards"],
               "knights_played": seen["knights"]}
    out["total"] = seen["cards"]
    out["cards"] = {k: v for k, v in seen["hand"].items() if v} if seen["hand"] is not None else None
    return out


def seats_state(game: CatanGame, viewers: Iterable[int | None],
                observe: Callable[[int | None], dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Per seat: ``points`` (the public total), ``sources`` (the engine's points by source, face-down victory point
    cards only when ``seat`` is among ``viewers`` or the game is over), ``hand``, ``pieces_left``, ``road_length``,
    ``rates`` (card -> maritime rate, only the better-than-bank ones), and in C&K ``levels`` per track,
    ``defenders``. ``observe``: how a seat's view is asked (a table's redraw asks each once), ``game.observe``
    without it."""
    ck = is_ck(game)
    viewers = list(viewers)
    observe = observe or game.observe
    public = observe(None)
    seen_by = {v: observe(v) for v in viewers if v is not None}
    over = game.is_terminal()
    # better than the bank's rate for that card (the game's: a variant may change them)
    bank = dict(zip(game.cards, game.design.start_rates, strict=True))
    out = []
    for p in range(game.players):
        seen = (seen_by[p] if p in seen_by else public)["players"][p]
        sources = dict(game.point_sources(p))
        if not ck and not over and p not in seen_by:
            sources.pop("victory point cards", None)  # face down (decision.hidden-points)
        entry = {"points": seen["points"], "sources": {k: v for k, v in sources.items() if v},
                 "hand": _hand(seen, ck), "pieces_left": seen["pieces_left"], "road_length": seen["road_length"],
                 "rates": {k: v for k, v in seen["rates"].items() if v < bank[k]}}
        if ck:
            entry["levels"] = seen["improvements"]
            entry["defenders"] = seen["defenders"]
            entry["metropolises"] = seen["metropolises"]
        out.append(entry)
    return out


def panels_state(game: CatanGame, view: dict[str, Any]) -> dict[str, Any]:
    """The dice and, in C&K, the barbarian track: ``position`` of ``steps`` spaces, ``strength`` (the cities on the
    island) against ``defence`` (the active knights' strength, per seat too) as the engine counts them, the attacks
    so far, whether the robber is still locked, the decks' sizes and the metropolises' holders."""
    out: dict[str, Any] = {"turn": view["turn"], "phase": view["phase"], "player": view["player"],
                           "dice": view["dice"], "rolled": view["rolled"], "bank": view["bank"]}
    if not is_ck(game):
        out["deck"] = view["deck"]
        out["longest_road"], out["largest_army"] = view["longest_road"], view["largest_army"]
        return out
    from games.catan.cities_knights import barbarians

    s = game.state
    per_seat = [barbarians.knight_strength(game, q, s.active[q]) for q in range(game.players)]
    out.update({
        "red": view["red"], "yellow": view["yellow"], "event": view["event"], "longest_road": view["longest_road"],
        "barbarian": {"position": view["barbarian"], "steps": view["barbarian_track"], "attacks": view["attacks"],
                      "strength": barbarians.strength(game), "defence": sum(per_seat), "per_seat": per_seat,
                      "robber_locked": view["robber_locked"]},
        "decks": view["decks"], "defender_cards_left": view["defender_cards_left"],
        "metropolises": {t: info["holder"] for t, info in view["metropolises"].items()},
        "card": view["card"], "peek": view["peek"],
    })
    return out


def ck_catalog(game: CatanGame | None = None) -> dict[str, Any]:
    """The development board (sent once): tracks, their commodity, building names, level costs, the red die faces
    each level draws on, the ability level and words, the metropolis levels, the event die and the hand limit: the
    numbers of ``game`` (a variant's), the printed ones without a game."""
    from games.catan.cities_knights import improvements
    from games.catan.data import ck_rulebook

    design = game.design if game is not None else None
    abilities = improvements.ABILITIES if game is None else improvements.ability_words(game.robber_roll,
                                                                                         game.design.guild_rate)
    return {"tracks": list(ck_rulebook.TRACKS), "track_card": dict(ck_rulebook.TRACK_COMMODITY.value),
            "buildings": {t: list(b) for t, b in ck_rulebook.BUILDINGS.items()},
            "level_cost": list(design.level_costs if design else ck_rulebook.LEVEL_COST.value),
            "red_faces": [list(range(1, top + 1))
                          for top in (design.red_die if design else ck_rulebook.LEVEL_RED_DIE.value)],
            "ability_level": design.ability if design else ck_rulebook.ABILITY_LEVEL.value,
            "abilities": {ck_rulebook.TRACKS[t]: words for t, words in abilities.items()},
            "metropolis_level": design.metropolis_level if design else ck_rulebook.METROPOLIS_LEVEL.value,
            "takeover_level": design.takeover if design else ck_rulebook.TAKEOVER_LEVEL.value,
            "track_colours": dict(ck_rulebook.TRACK_COLOURS),
            "event_faces": list(design.faces if design else ck_rulebook.EVENT_FACES.value),
            "hand_limit": design.hand_limit if design else ck_rulebook.HAND_LIMIT.value}


__all__ = ["SIDE", "board_state", "ck_catalog", "geometry", "is_ck", "panels_state", "seats_state"]
