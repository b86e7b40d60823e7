"""Knights (``knights.*``): placing, promoting, activating, and the actions of active knights.

Each verb of the main part of the turn is one unit (a :class:`games.core.Verb`, listed in the main step
``main.CKMain``): its form, options, refusal and effect, and its cost as the game's data sets it
(``ck_rulebook.COSTS``, prepared in ``game.design``):

* :class:`PlaceKnight`, ``knight NODE``: an inactive basic knight on an empty intersection your roads touch; no
  distance rule (``knights.place``, ``knights.where``). ``knights_per_level`` pieces per level: with all basic knights
  out, promote one to place more (``knights.pieces``).
* :class:`Promote`, ``promote NODE``: basic to strong; strong to mighty only with the Fortress (the politics ability
  level); each knight once per turn, on the turn it was placed too, keeping its state (``knights.promote``,
  ``knights.fortress``, ``knights.promote-once``). The Smith uses it without the cost.
* :class:`Activate`, ``activate NODE``: a knight activated this turn cannot act this turn (``knights.activate``,
  ``knights.fresh``). The Warlord uses it without the cost.
* Actions of a knight active since before this turn, after which it is inactive (``knights.action``):
  :class:`Move`, ``move FROM TO`` along your own roads to an empty intersection, never through another player's knight
  or building (``knights.move``, ``knights.one-per-node``, ``decision.ck-knight-paths``); :class:`Displace`,
  ``displace FROM TO`` onto a weaker opponent knight, whose owner moves it along their roads (``retreat NODE``, the
  step :class:`Retreat`) or, with nowhere to go, removes it (``knights.displace``, ``knights.retreat``,
  ``knights.removed``); :class:`Chase`, ``chase FROM`` the robber from a hex next to the knight, after the first
  attack (``knights.chase``).
* A knight blocks other players' road building through its intersection and breaks their roads there
  (``knights.block``); no settlement is built under a knight (``knights.settlement-blocked``).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

from games.catan import pieces
from games.catan.board import HEX_CORNER_MASK, N_NODES, NODE_BIT, NODE_CLOSE, NODE_EDGE_MASK, NODE_STEPS, bits
from games.catan.choice import PlaceChoice, TurnVerb, place_of
from games.catan.data import ck_rulebook
from games.catan.design import Cost, cost_text
from games.catan.pieces import name
from games.catan.roads import longest_road
from games.catan.state import waiting
from games.core import Action

from .state import CARD_KINDS, CARDS, INTRIGUE, POLITICS

if TYPE_CHECKING:
    from .game import CKGame

LEVELS = ck_rulebook.KNIGHT_LEVELS
KNIGHT = tuple(Action("knight", (v,)) for v in range(N_NODES))
PROMOTE = tuple(Action("promote", (v,)) for v in range(N_NODES))
ACTIVATE = tuple(Action("activate", (v,)) for v in range(N_NODES))
CHASE = tuple(Action("chase", (v,)) for v in range(N_NODES))
RETREAT_TO = tuple(Action("retreat", (v,)) for v in range(N_NODES))


@functools.cache
def pair(verb: str, a: int, b: int) -> Action:
    return Action(verb, (a, b))


def _all_your(game: CKGame) -> str:
    """"both your" with two pieces of a level (the printed game), "all N of your" with more, "your" with one."""
    n = game.design.per_level
    return "both your" if n == 2 else "your" if n == 1 else f"all {n} of your"


def own(s: Any, p: int) -> int:
    k = s.knights_at
    return k[p * 3] | k[p * 3 + 1] | k[p * 3 + 2]


def level_at(s: Any, p: int, v: int) -> int:
    bit = NODE_BIT[v]
    for level in range(3):
        if s.knights_at[p * 3 + level] & bit:
            return level
    return -1


def owner_at(game: CKGame, v: int) -> int:
    s = game.state
    bit = NODE_BIT[v]
    for q in range(game.players):
        if own(s, q) & bit:
            return q
    return -1


def can_act(s: Any, p: int) -> int:
    """``p``'s knights active since before this turn."""
    return s.active[p] & ~s.fresh


def fortress(game: CKGame, p: int) -> bool:
    return game.state.levels[p * 3 + POLITICS] >= game.design.ability


@functools.lru_cache(maxsize=1 << 16)
def reachable(v: int, roads: int, stop: int) -> int:
    """Nodes reachable from ``v`` along the edges ``roads``; a node of ``stop`` is reached but not passed."""
    seen = NODE_BIT[v]
    todo = [v]
    while todo:
        u = todo.pop()
        if not roads & NODE_EDGE_MASK[u]:
            continue
        for e, w in NODE_STEPS[u]:
            bit = NODE_BIT[w]
            if roads >> e & 1 and not seen & bit:
                seen |= bit
                if not stop & bit:
                    todo.append(w)
    return seen & ~NODE_BIT[v]


def destinations(game: CKGame, p: int, v: int) -> int:
    """Nodes a knight of ``p`` at ``v`` can reach along ``p``'s roads (other players' pieces stop it)."""
    s = game.state
    return reachable(v, s.roads[p], game.breakers(p))


def weaker_than(game: CKGame, p: int, level: int) -> int:
    """Other players' knights weaker than ``level``."""
    s = game.state
    out = 0
    for q in range(game.players):
        if q != p:
            for lower in range(level):
                out |= s.knights_at[q * 3 + lower]
    return out


# ---------------------------------------------------------------- changing the board
def knights_changed(game: CKGame, nodes: int, mover: int = -1) -> None:
    """Knights arrived at or left ``nodes``: the free intersections, every player's buildable roads there and the
    road lengths of players whose roads pass there follow (``knights.block``). ``mover``: the player whose own knight
    alone came to or left ``nodes`` (onto empty intersections): their own knights break none of their roads
    (``CKGame.breakers``), so their buildable roads and road length stay and are not worked out again (a moved
    knight stands on its owner's roads: that was most of a move's cost)."""
    s = game.state
    for v in bits(nodes):
        bit = NODE_BIT[v]
        if s.knight_nodes & bit or s.built & NODE_CLOSE[v]:
            s.free &= ~bit
        else:
            s.free |= bit
    changed = False
    for q in range(game.players):
        touched = s.reach[q] & nodes
        if not touched or q == mover:
            continue
        for v in bits(touched):
            pieces.refresh_road_ok(game, q, v)
        if any((s.roads[q] & NODE_EDGE_MASK[v]).bit_count() >= 2 for v in bits(touched)):
            length = longest_road(s.roads[q], game.breakers(q))
            if length != s.road_length[q]:
                game.emit("knights.block", f"Knights at {', '.join(map(str, bits(touched)))} change {name(q)}'s "
                          f"longest road to {length} (was {s.road_length[q]}).", player=q, length=length)
                s.road_length[q] = length
                changed = True
    if changed:
        pieces.award_longest(game)


def put(game: CKGame, p: int, v: int, level: int, active: bool) -> None:
    s = game.state
    bit = NODE_BIT[v]
    s.knights_at[p * 3 + level] |= bit
    s.knight_nodes |= bit
    if active:
        s.active[p] |= bit


def lift(game: CKGame, p: int, v: int) -> tuple[int, bool]:
    """Take ``p``'s knight off ``v``; returns its level and whether it was active."""
    s = game.state
    bit = NODE_BIT[v]
    level = level_at(s, p, v)
    s.knights_at[p * 3 + level] &= ~bit
    s.knight_nodes &= ~bit
    active = bool(s.active[p] & bit)
    s.active[p] &= ~bit
    s.fresh &= ~bit
    s.promoted &= ~bit
    return level, active


def place(game: CKGame, p: int, v: int, level: int = 0, active: bool = False) -> None:
    """``p``'s knight of ``level`` is put on the empty intersection ``v`` (a knight stands only on one)."""
    put(game, p, v, level, active)
    knights_changed(game, NODE_BIT[v], p)


def piece_left(game: CKGame, p: int, level: int) -> bool:
    return game.state.knights_at[p * 3 + level].bit_count() < game.design.per_level


def _no_knight(s: Any, p: int, v: object) -> str | None:
    """"you have no knight at v" when ``v`` (as written) is not an intersection with a knight of ``p``'s."""
    if not isinstance(v, int) or not 0 <= v < N_NODES or not own(s, p) & NODE_BIT[v]:
        return f"you have no knight at {v}."
    return None


# ---------------------------------------------------------------- the knight verbs of the main part of the turn
class KnightVerb(TurnVerb):
    """A knight verb of the main part of the turn (its options read the deciding player's hand, given by the step)."""


class PlaceKnight(KnightVerb):
    """``knight NODE``: pay the knight's cost for an inactive basic knight on an empty intersection your roads touch,
    with a basic knight piece left (``knights.place``, ``knights.where``, ``knights.pieces``)."""

    verb = "knight"
    form = "knight NODE"

    def cost(self, game: CKGame) -> Cost:
        return game.design.knight_cost

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        p = at.player
        s = game.state
        if not game.design.can_knight(hand) or not piece_left(game, p, 0):
            return []
        return [KNIGHT[v] for v in bits(s.reach[p] & ~s.built & ~s.knight_nodes)]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        p = at.player
        s = game.state
        v = action.args[0]
        if not isinstance(v, int) or not 0 <= v < N_NODES:
            return f"there is no intersection {v}."
        if not piece_left(game, p, 0):
            return (f"{_all_your(game)} basic knights are on the board: promote one to place another "
                    "(knights.pieces).")
        if (s.built | s.knight_nodes) & NODE_BIT[v]:
            return f"intersection {v} is not empty (knights.one-per-node)."
        if not s.reach[p] & NODE_BIT[v]:
            return f"a knight goes on an intersection along your roads, and {v} is not (knights.where)."
        return f"a knight costs {cost_text(self.cost(game), CARDS)} (knights.place)."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        p = at.player
        v = place_of(action)
        pieces.pay(game, p, self.cost(game))
        game.emit("knights.place", f"{name(p)} places an inactive basic knight at {v}.", player=p, node=v)
        place(game, p, v)


class Promote(KnightVerb):
    """``promote NODE``: pay the promotion's cost and a basic knight becomes strong, a strong one mighty only with the
    Fortress; each knight once per turn, the turn it was placed too, keeping its state (``knights.promote``,
    ``knights.fortress``, ``knights.promote-once``, ``knights.pieces``). The Smith promotes with ``free=True``."""

    verb = "promote"
    form = "promote NODE"

    def cost(self, game: CKGame) -> Cost:
        return game.design.promote_cost

    def candidates(self, game: CKGame, p: int) -> int:
        """``p``'s knights that may be promoted now, cost aside (pieces, the Fortress, once per turn)."""
        s = game.state
        out = 0
        if piece_left(game, p, 1):
            out |= s.knights_at[p * 3]
        if piece_left(game, p, 2) and fortress(game, p):
            out |= s.knights_at[p * 3 + 1]
        return out & ~s.promoted

    def obstacle(self, game: CKGame, p: int, v: Any) -> str | None:
        """Why ``p``'s knight at ``v`` (as written) cannot be promoted now, cost aside; ``None`` when it can."""
        s = game.state
        if missing := _no_knight(s, p, v):
            return missing
        if s.promoted & NODE_BIT[v]:
            return "each knight is promoted at most once per turn (knights.promote-once)."
        level = level_at(s, p, v)
        if level == 2:
            return "a mighty knight is the strongest (knights.promote)."
        if level == 1 and not fortress(game, p):
            return (f"a strong knight becomes mighty only with the Fortress, politics level {game.design.ability} "
                    "(knights.fortress).")
        if not piece_left(game, p, level + 1):
            return f"{_all_your(game)} {LEVELS[level + 1]} knights are on the board (knights.pieces)."
        return None

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        p = at.player
        if not game.design.can_promote(hand):
            return []
        return [PROMOTE[v] for v in bits(self.candidates(game, p))]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        p = at.player
        return (self.obstacle(game, p, action.args[0])
                or f"a promotion costs {cost_text(self.cost(game), CARDS)} (knights.promote).")

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        p = at.player
        self.promote(game, p, place_of(action))

    def promote(self, game: CKGame, p: int, v: int, free: bool = False) -> None:
        """``p``'s knight at ``v`` goes up a level, paid for unless ``free``."""
        s = game.state
        if not free:
            pieces.pay(game, p, self.cost(game))
        bit = NODE_BIT[v]
        level = level_at(s, p, v)
        s.knights_at[p * 3 + level] &= ~bit
        s.knights_at[p * 3 + level + 1] |= bit
        s.promoted |= bit
        rule = "knights.fortress" if level == 1 else "knights.promote"
        game.emit(rule, f"{name(p)} promotes the knight at {v} to {LEVELS[level + 1]}" + (" (free)." if free else "."),
                  player=p, node=v, level=LEVELS[level + 1])


class Activate(KnightVerb):
    """``activate NODE``: pay the activation's cost; a knight activated this turn cannot act this turn
    (``knights.activate``, ``knights.fresh``). The Warlord activates with ``free=True``."""

    verb = "activate"
    form = "activate NODE"

    def cost(self, game: CKGame) -> Cost:
        return game.design.activate_cost

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        p = at.player
        s = game.state
        if not game.design.can_activate(hand):
            return []
        return [ACTIVATE[v] for v in bits(own(s, p) & ~s.active[p])]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        p = at.player
        s = game.state
        v = action.args[0]
        if missing := _no_knight(s, p, v):
            return missing
        if s.active[p] & NODE_BIT[v]:
            return f"the knight at {v} is active already."
        return f"activating a knight costs {cost_text(self.cost(game), CARDS)} (knights.activate)."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        p = at.player
        v = place_of(action)
        self.activate(game, p, v)
        game.emit("knights.activate", f"{name(p)} activates the knight at {v}; it can act from their next turn "
                  "(knights.fresh).", player=p, node=v)

    def activate(self, game: CKGame, p: int, v: int, free: bool = False) -> None:
        """``p``'s knight at ``v`` becomes active (fresh: it acts from their next turn), paid for unless ``free``."""
        s = game.state
        if not free:
            pieces.pay(game, p, self.cost(game))
        s.active[p] |= NODE_BIT[v]
        s.fresh |= NODE_BIT[v]


# ---------------------------------------------------------------- actions of an active knight (``knights.action``)
def _act_refusal(game: CKGame, p: int, v: object) -> str | None:
    """Why ``p``'s knight at ``v`` (as written) cannot act now, or ``None`` when it can."""
    s = game.state
    if isinstance(v, int) and 0 <= v < N_NODES and can_act(s, p) & NODE_BIT[v]:
        return None
    if missing := _no_knight(s, p, v):
        return missing
    if not s.active[p] & NODE_BIT[v]:
        return f"the knight at {v} is not active (knights.action)."
    return f"the knight at {v} was activated this turn and acts from your next turn (knights.fresh)."


def _advance(game: CKGame, p: int, a: int, b: int) -> int:
    """``p``'s knight goes from ``a`` to the empty ``b`` and is inactive after acting (``knights.action``); a
    promotion this turn goes with it (``knights.promote-once``). Returns its level."""
    s = game.state
    promoted = s.promoted & NODE_BIT[a]
    level, _ = lift(game, p, a)
    put(game, p, b, level, False)
    if promoted:
        s.promoted |= NODE_BIT[b]
    return level


class KnightJourney(KnightVerb):
    """A verb ``VERB FROM TO`` of an active knight going along its owner's roads (``move``, ``displace``): refused
    for the knight (:func:`_act_refusal`) or, that being fine, for the destination (:attr:`unreached`)."""

    #: Why the destination is refused: ``{a}`` is the knight's intersection, ``{b}`` the destination, as written.
    unreached: ClassVar[str]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        a, b = action.args
        return _act_refusal(game, at.player, a) or self.unreached.format(a=a, b=b)


class Move(KnightJourney):
    """``move FROM TO``: a knight active since before this turn goes along your own roads to an empty intersection,
    never through another player's knight or building, and becomes inactive (``knights.move``, ``knights.action``,
    ``knights.one-per-node``, ``decision.ck-knight-paths``)."""

    verb = "move"
    form = "move NODE NODE"
    unreached = ("intersection {b} is not an empty intersection your knight at {a} reaches along your roads without "
                 "passing another player's piece (knights.move, decision.ck-knight-paths).")

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        p = at.player
        s = game.state
        ready = can_act(s, p)
        if not ready:
            return []
        empty = ~(s.built | s.knight_nodes)
        roads, stop = s.roads[p], game.breakers(p)  # destinations() of each knight, with what they share read once
        out = []
        for v in bits(ready):
            for w in bits(reachable(v, roads, stop) & empty):
                out.append(pair("move", v, w))
        return out

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        p = at.player
        a, b = place_of(action), place_of(action, 1)
        level = _advance(game, p, a, b)
        game.emit("knights.move", f"{name(p)}'s {LEVELS[level]} knight moves from {a} to {b} and becomes inactive "
                  "(knights.action).", player=p, start=a, end=b)
        knights_changed(game, NODE_BIT[a] | NODE_BIT[b], p)  # from its node to an empty one


class Displace(KnightJourney):
    """``displace FROM TO``: a strong or mighty knight active since before this turn goes along your roads onto a
    weaker opponent knight and becomes inactive; its owner moves theirs along their roads (``retreat NODE``) or, with
    nowhere to go, removes it (``knights.displace``, ``knights.strength``, ``knights.retreat``, ``knights.removed``).
    """

    verb = "displace"
    form = "displace NODE NODE"
    unreached = ("there is no weaker opponent knight at {b} that your knight at {a} reaches along your roads "
                 "(knights.displace, knights.strength).")

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        p = at.player
        s = game.state
        ready = can_act(s, p) & ~s.knights_at[p * 3]  # a basic knight displaces nobody
        out = []
        for v in bits(ready):
            prey = weaker_than(game, p, level_at(s, p, v))
            if prey:
                for w in bits(reachable(v, s.roads[p], game.breakers(p)) & prey):  # destinations()
                    out.append(pair("displace", v, w))
        return out

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        p = at.player
        a, b = place_of(action), place_of(action, 1)
        q = owner_at(game, b)
        theirs, was_active = lift(game, q, b)
        level = _advance(game, p, a, b)
        game.emit("knights.displace", f"{name(p)}'s {LEVELS[level]} knight moves from {a} onto {name(q)}'s weaker "
                  f"{LEVELS[theirs]} knight at {b} and becomes inactive.", player=p, start=a, end=b, victim=q)
        knights_changed(game, NODE_BIT[a] | NODE_BIT[b])
        send_away(game, q, b, theirs, was_active)


def send_away(game: CKGame, q: int, v: int, level: int, active: bool) -> None:
    """``q``'s knight, taken off ``v``, retreats along ``q``'s roads (their choice) or leaves the board."""
    s = game.state
    if retreat_nodes(game, q, v):
        game.push(waiting("retreat", q))
        s.node, s.target, s.knight = v, q, level + (3 if active else 0)
        return
    game.emit("knights.removed", f"{name(q)}'s {LEVELS[level]} knight has no empty intersection to retreat to along "
              "their roads: it leaves the board.", player=q, node=v)
    _after_displacement(game)


def retreat_nodes(game: CKGame, q: int, v: int) -> int:
    s = game.state
    return reachable(v, s.roads[q], game.breakers(q)) & ~(s.built | s.knight_nodes)


def _after_displacement(game: CKGame) -> None:
    s = game.state
    s.node = s.knight = -1
    if s.card == INTRIGUE:
        game.push(waiting("card-done", game.state.player))
    else:
        s.target = -1
        game.push(waiting("resume", game.state.player))


class Chase(KnightVerb):
    """``chase FROM``: a knight active since before this turn, next to the robber's hex, chases the robber (after the
    first attack) and becomes inactive; the robber then moves as after a 7 (``knights.chase``, ``ck-robber.locked``).
    """

    verb = "chase"
    form = "chase NODE"

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        p = at.player
        s = game.state
        if not s.attacks:
            return []
        return [CHASE[v] for v in bits(can_act(s, p) & HEX_CORNER_MASK[s.robber])]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        p = at.player
        s = game.state
        v = action.args[0]
        if not s.attacks:
            return "the robber stays on the desert until the barbarians' first attack (ck-robber.locked)."
        return (_act_refusal(game, p, v)
                or f"the knight at {v} is not next to the robber's hex {s.robber} (knights.chase).")

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        p = at.player
        v = place_of(action)
        s = game.state
        s.active[p] &= ~NODE_BIT[v]
        game.emit("knights.chase", f"{name(p)}'s knight at {v} chases the robber from hex {s.robber} and becomes "
                  "inactive.", player=p, node=v, hex=s.robber)
        game.push(waiting("robber", p))


class Retreat(PlaceChoice):
    """The owner of a displaced knight moves it along their roads to an empty intersection."""

    kind = "retreat"
    forms = {"retreat": "retreat NODE"}
    actions = RETREAT_TO

    def prompt(self, game: CKGame, at: Any) -> str:
        node = game.state.node
        return (f"{name(at.player)}: move your displaced knight from {node} to an empty intersection along your "
                "roads")

    def places(self, game: CKGame, at: Any) -> int:
        return retreat_nodes(game, at.player, game.state.node)

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        node = game.state.node
        return (f"intersection {action.args[0]} is not an empty intersection your knight reaches from intersection "
                f"{node} along your roads (knights.retreat).")

    def choose(self, game: CKGame, q: int, w: int) -> None:
        s = game.state
        level, active = s.knight % 3, s.knight >= 3
        place(game, q, w, level, active)
        game.emit("knights.retreat", f"{name(q)} moves the displaced {LEVELS[level]} knight from {s.node} to {w}; it "
                  f"stays {'active' if active else 'inactive'}.", player=q, start=s.node, end=w)
        _after_displacement(game)


__all__ = ["CARD_KINDS"]
