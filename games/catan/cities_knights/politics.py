"""Politics progress cards (blue, coin; how many of each: parameter ``progress_cards``; the numbers they print:
``card_numbers``) (``progress.<card>``).

Bishop (move the robber and rob every player with a building on its new hex; not before the first attack unless
config ``bishop_before_attack``), Constitution (``progress_card_points``, shown at once), Deserter (an opponent
removes a knight of their choice; you may place one of yours of the same strength, or the strongest weaker one you
have, with the same state), Diplomat (remove an open road; your own you may rebuild free), Intrigue (displace an
opponent's knight on your roads without a knight), Saboteur (every player with as many points as you or more, config
``saboteur``, discards half their resources and commodities), Spy (take a progress card of an opponent's), Warlord
(activate all your knights free, :class:`.knights.Activate` without its cost), Wedding (each player with more points
gives you resources or commodities of their choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Sequence

from games.catan import pieces
from games.catan.board import EDGE_BIT, EDGE_NODES, N_EDGES, N_NODES, NODE_BIT, NODE_EDGE_MASK, bits
from games.catan.choice import CatanStep, PlaceChoice, place_of
from games.catan.pieces import hand_size, name
from games.catan.roads import longest_road
from games.catan.robber import MoveRobber, _next_discarder, resume, steal, victims_at
from games.catan.setup import ROAD
from games.catan.state import waiting
from games.core import Action

from . import knights
from .cards import Card, always, holders, never, richer, target_mask
from .progress import next_wedding_giver, register
from .state import (
    BISHOP,
    CONSTITUTION,
    DESERTER,
    DIPLOMAT,
    INTRIGUE,
    SABOTEUR,
    SPY,
    WARLORD,
    WEDDING,
)

if TYPE_CHECKING:
    from .game import CKGame

REMOVE_KNIGHT = tuple(Action("remove", (v,)) for v in range(N_NODES))
REMOVE_ROAD = tuple(Action("remove", (e,)) for e in range(N_EDGES))
DISPLACE = tuple(Action("displace", (v,)) for v in range(N_NODES))
PASS = Action("pass")


def _to_target(game: CKGame, p: int) -> None:
    game.push(waiting("target", p))


# ---------------------------------------------------------------- Bishop
def _bishop_ok(game: CKGame, p: int) -> bool:
    return bool(game.state.attacks) or game.config.bishop_before_attack


def _bishop(game: CKGame, p: int) -> None:
    s = game.state
    if not s.attacks:
        game.emit("decision.ck-bishop-locked", "The Bishop moves the robber before the first attack "
                  "(bishop_before_attack).", player=p)
    game.push(waiting("robber", p))


class CKMoveRobber(MoveRobber):
    """The robber's move: as in the base game (a 7, a knight chasing it), or the Bishop's, which robs everybody on
    the new hex."""

    def apply(self, game: CKGame, at: Any, action: Action) -> None:  # type: ignore[override]
        s = game.state
        if s.card != BISHOP:
            super().apply(game, at, action)
            return
        p, h = at.player, place_of(action)
        s.robber = h
        game.emit("robber.move", f"{name(p)} moves the robber to hex {h} (Bishop).", player=p, hex=h)
        victims = victims_at(game, h, p)
        for q in bits(victims):
            steal(game, p, q)
        game.emit("progress.bishop", f"Bishop: {name(p)} robs every player with a settlement or city there "
                  f"({len(bits(victims))}).", player=p, victims=bits(victims))
        resume(game)


# ---------------------------------------------------------------- Deserter
def _deserter_ok(game: CKGame, p: int) -> bool:
    return bool(target_mask(game, p, DESERTER))


def deserter_level(game: CKGame, p: int, level: int) -> int:
    """The strongest knight of ``p``'s supply not stronger than ``level`` (-1: none)."""
    for lower in range(level, -1, -1):
        if knights.piece_left(game, p, lower):
            return lower
    return -1


def _deserter_sites(game: CKGame, p: int) -> int:
    s = game.state
    if deserter_level(game, p, s.knight % 3) < 0:
        return 0
    return s.reach[p] & ~(s.built | s.knight_nodes)


class Desert(PlaceChoice):
    """The Deserter's opponent removes one of their knights."""

    kind = "deserter"
    forms = {"remove": "remove NODE"}
    actions = REMOVE_KNIGHT
    refused = "you have no knight at {place} (progress.deserter)."

    def prompt(self, game: CKGame, at: Any) -> str:
        return f"{name(at.player)}: remove one of your knights ({name(game.state.player)}'s Deserter)"

    def places(self, game: CKGame, at: Any) -> int:
        return knights.own(game.state, at.player)

    def choose(self, game: CKGame, q: int, v: int) -> None:
        s = game.state
        level, active = knights.lift(game, q, v)
        knights.knights_changed(game, NODE_BIT[v])
        s.knight = level + (3 if active else 0)
        game.emit("progress.deserter", f"{name(q)} removes their {knights.LEVELS[level]} knight at {v}.", player=q,
                  node=v)
        if _deserter_sites(game, s.player):
            game.push(waiting("deserter-place", s.player))
            return
        game.emit("progress.deserter", f"{name(s.player)} has no knight to place or no place for it.",
                  player=s.player)
        s.knight = -1
        game.push(waiting("card-done", game.state.player))


class DesertPlace(PlaceChoice):
    """The Deserter's player may place a knight of the removed one's strength (or the strongest weaker one)."""

    kind = "deserter-place"
    forms = {"knight": "knight NODE", "pass": "pass"}
    actions = knights.KNIGHT
    stop = PASS
    refused = "{place} is not an empty intersection along your roads (knights.where)."

    def prompt(self, game: CKGame, at: Any) -> str:
        level = deserter_level(game, at.player, game.state.knight % 3)
        return f"{name(at.player)}: place a {knights.LEVELS[level]} knight along your roads (Deserter), or pass"

    def places(self, game: CKGame, at: Any) -> int:
        return _deserter_sites(game, at.player)

    def choose(self, game: CKGame, p: int, v: int) -> None:
        s = game.state
        level = deserter_level(game, p, s.knight % 3)
        active = s.knight >= 3
        knights.place(game, p, v, level, active)
        if active:
            s.fresh |= NODE_BIT[v]
        game.emit("progress.deserter", f"{name(p)} places a {'n active' if active else 'n inactive'} "
                  f"{knights.LEVELS[level]} knight at {v} (Deserter).", player=p, node=v)
        self.stopped(game, p)

    def stopped(self, game: CKGame, p: int) -> None:
        game.state.knight = -1
        game.push(waiting("card-done", game.state.player))


# ---------------------------------------------------------------- Diplomat
def _each_open_road(game: CKGame) -> Iterator[tuple[int, int]]:
    """(edge, owner) of every open road, by owner: one end has no other road, building or knight of its owner
    (``decision.ck-diplomat-open``)."""
    s = game.state
    for q in range(game.players):
        held = s.settlements[q] | s.cities[q] | knights.own(s, q)
        roads = s.roads[q]
        for e in bits(roads):
            for x in EDGE_NODES[e]:
                if not (roads & NODE_EDGE_MASK[x] & ~EDGE_BIT[e]) and not held & NODE_BIT[x]:
                    yield e, q
                    break


def any_open_road(game: CKGame) -> bool:
    return next(_each_open_road(game), None) is not None


def open_roads(game: CKGame) -> list[tuple[int, int]]:
    """(edge, owner) of every open road, by edge."""
    return sorted(_each_open_road(game))


def _diplomat_ok(game: CKGame, p: int) -> bool:
    return any_open_road(game)


def _diplomat(game: CKGame, p: int) -> None:
    game.push(waiting("diplomat", p))


def remove_road(game: CKGame, q: int, e: int) -> None:
    s = game.state
    bit = EDGE_BIT[e]
    s.roads[q] &= ~bit
    s.open_edges |= bit
    s.roads_left[q] += 1
    reach = 0
    for f in bits(s.roads[q]):
        a, b = EDGE_NODES[f]
        reach |= NODE_BIT[a] | NODE_BIT[b]
    s.reach[q] = reach
    for x in EDGE_NODES[e]:
        for r in range(game.players):
            pieces.refresh_road_ok(game, r, x)
    length = longest_road(s.roads[q], game.breakers(q))
    if length != s.road_length[q]:
        s.road_length[q] = length
        pieces.award_longest(game)


class DiplomatRemove(CatanStep):
    kind = "diplomat"
    forms = {"remove": "remove EDGE"}
    ask = "remove an open road (Diplomat)"

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        return [REMOVE_ROAD[e] for e, _ in open_roads(game)]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        return (f"path {action.args[0]} holds no open road: one end of it must have no other road, building or "
                "knight of its owner (progress.diplomat, decision.ck-diplomat-open).")

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s = game.state
        p, e = at.player, place_of(action)
        q = next(owner for edge, owner in open_roads(game) if edge == e)
        remove_road(game, q, e)
        game.emit("progress.diplomat", f"Diplomat: {name(p)} removes {name(q)}'s open road at {e}.", player=p,
                  owner=q, edge=e)
        if q == p and s.road_ok[p]:
            game.push(waiting("diplomat-road", p))
            return
        game.push(waiting("card-done", game.state.player))


class DiplomatRoad(PlaceChoice):
    kind = "diplomat-road"
    forms = {"road": "road EDGE", "pass": "pass"}
    actions = ROAD
    stop = PASS
    ask = "rebuild your removed road elsewhere free (Diplomat), or pass"
    refused = "you may not build a road at {place} (build.road)."

    def places(self, game: CKGame, at: Any) -> int:
        return game.state.road_ok[at.player]

    def choose(self, game: CKGame, p: int, e: int) -> None:
        game.emit("progress.diplomat", f"{name(p)} rebuilds the road at {e} free.", player=p, edge=e)
        pieces.place_road(game, p, e)
        self.stopped(game, p)

    def stopped(self, game: CKGame, p: int) -> None:
        game.push(waiting("card-done", game.state.player))


# ---------------------------------------------------------------- Intrigue
def intrigue_prey(game: CKGame, p: int) -> int:
    """Opponents' knights on an intersection ``p``'s roads touch."""
    s = game.state
    return s.knight_nodes & ~knights.own(s, p) & s.reach[p]


def _intrigue_ok(game: CKGame, p: int) -> bool:
    return bool(intrigue_prey(game, p))


def _intrigue(game: CKGame, p: int) -> None:
    game.push(waiting("intrigue", p))


class IntriguePick(PlaceChoice):
    kind = "intrigue"
    forms = {"displace": "displace NODE"}
    actions = DISPLACE
    ask = "displace an opponent's knight on your roads (Intrigue)"
    refused = "there is no opponent's knight at {place} on your roads (progress.intrigue)."

    def places(self, game: CKGame, at: Any) -> int:
        return intrigue_prey(game, at.player)

    def choose(self, game: CKGame, p: int, v: int) -> None:
        q = knights.owner_at(game, v)
        level, active = knights.lift(game, q, v)
        knights.knights_changed(game, NODE_BIT[v])
        game.emit("progress.intrigue", f"Intrigue: {name(p)} displaces {name(q)}'s {knights.LEVELS[level]} knight at "
                  f"{v}.", player=p, victim=q, node=v)
        knights.send_away(game, q, v, level, active)


# ---------------------------------------------------------------- Saboteur
def saboteur_victims(game: CKGame, p: int) -> list[int]:
    s = game.state
    strict = game.config.saboteur == "more"
    return [q for q in range(game.players)
            if q != p and (s.points[q] > s.points[p] if strict else s.points[q] >= s.points[p])]


def _saboteur(game: CKGame, p: int) -> None:
    s = game.state
    hit = []
    for q in saboteur_victims(game, p):
        half = hand_size(game, q) // 2
        if half:
            s.discard_left[q] = half
            hit.append(f"{name(q)} {half}")
    how = "more points than" if game.config.saboteur == "more" else "as many points as or more than"
    game.emit("progress.saboteur", f"Saboteur: every player with {how} {name(p)} discards half of their resources "
              "and commodities" + (f": {', '.join(hit)}." if hit else ": nobody holds cards to discard."), player=p)
    if game.config.saboteur == "more":
        game.emit("decision.ck-saboteur", "Config saboteur='more': only players with more points discard.")
    _next_discarder(game)


# ---------------------------------------------------------------- Spy, Warlord, Wedding
def _spy_ok(game: CKGame, p: int) -> bool:
    return bool(target_mask(game, p, SPY))


#: The activation's own rules (:class:`.knights.Activate`); the Warlord uses them without the cost.
ACTIVATION = knights.Activate()


def _warlord_ok(game: CKGame, p: int) -> bool:
    s = game.state
    return bool(knights.own(s, p) & ~s.active[p])


def _warlord(game: CKGame, p: int) -> None:
    s = game.state
    woken = knights.own(s, p) & ~s.active[p]
    for v in bits(woken):
        ACTIVATION.activate(game, p, v, free=True)
    game.emit("progress.warlord", f"Warlord: {name(p)} activates {len(bits(woken))} knight(s) free.", player=p)
    game.push(waiting("card-done", game.state.player))


def _wedding_ok(game: CKGame, p: int) -> bool:
    rich = richer(game, p)
    return bool(rich and rich & holders(game, p))


def _wedding(game: CKGame, p: int) -> None:
    s = game.state
    s.queue = richer(game, p) & holders(game, p)
    game.emit("progress.wedding", f"Wedding: every player with more points than {name(p)} gives them "
              f"{game.design.card_numbers['wedding']} resources or commodities of their choice.", player=p)
    next_wedding_giver(game)


EFFECTS = register({
    BISHOP: Card(BISHOP, _bishop_ok, _bishop, "the robber stays on the desert until the first attack: the Bishop "
                 "cannot move it yet (ck-robber.locked, decision.ck-bishop-locked)."),
    CONSTITUTION: Card(CONSTITUTION, never, _bishop, "the Constitution is shown when drawn (progress.vp-reveal)."),
    DESERTER: Card(DESERTER, _deserter_ok, _to_target, "the Deserter needs an opponent with a knight "
                   "(progress.deserter)."),
    DIPLOMAT: Card(DIPLOMAT, _diplomat_ok, _diplomat, "the Diplomat needs an open road on the island "
                   "(progress.diplomat, decision.ck-card-needs-effect)."),
    INTRIGUE: Card(INTRIGUE, _intrigue_ok, _intrigue, "the Intrigue needs an opponent's knight on an "
                   "intersection your roads touch (progress.intrigue)."),
    SABOTEUR: Card(SABOTEUR, always, _saboteur, ""),
    SPY: Card(SPY, _spy_ok, _to_target, "the Spy needs an opponent with a progress card (progress.spy)."),
    WARLORD: Card(WARLORD, _warlord_ok, _warlord, "the Warlord needs an inactive knight of yours "
                  "(progress.warlord, decision.ck-card-needs-effect)."),
    WEDDING: Card(WEDDING, _wedding_ok, _wedding, "the Wedding needs a player with more points than you "
                  "who holds a card (progress.wedding, decision.ck-card-needs-effect)."),
})
