"""The greedy bot's ratings of one Cities & Knights decision, all actions at once (``CKGame.lookaheads``): the very
values :func:`.evaluation.lookahead` gives action by action, without a clone for the actions that are asked most.

As in the base game (:mod:`games.catan.ratings`), the evaluation is a sum of parts (:func:`.evaluation.parts`,
added up by :func:`.evaluation.rated` always in the same order): the parts of the position are worked out once per
decision, and an action that changes only some of them is rated by replacing those and adding up again, the very
float the full evaluation after the action gives.

* ``trade GIVE GET`` (maritime), ``discard CARD``, the Aqueduct's ``take CARD``: the cards change, nothing else the
  evaluation reads; ``wall NODE``: the cards pay and the safe hand grows;
* ``road EDGE`` (after the roll, paid; the set-up's and Road Building's, free): the road length, the reached nodes and
  the open paths change (on a clone when the new length would move the longest road card, and for the set-up's last
  road, after which the first turn starts);
* a settlement or a city, in the set-up (with the second round's income) or after the roll (paid): points,
  production, the threat (a city), a harbour, the free sites; on a clone when a settlement cuts another player's road
  or the points would win;
* the Inventor's ``swap HEX HEX``: production, from the swapped pips;
* ``knight NODE``: the cards pay, the knights' strength grows, the node is no longer free; ``activate NODE``: the
  cards pay, the active strength and the barbarians' threat change; ``promote NODE``: the cards pay, the strength (and
  the active strength, if the knight is active) and the threat change; ``move FROM TO``: the knight becomes inactive
  (the active strength, the threat) and the free nodes at both ends follow. A knight placed or moved where another
  player's road passes may cut it (or join it again): when their new lengths move the longest road card, that action
  is played on a clone;
* ``end``: nothing the evaluation reads changes, unless the Merchant Fleet lapses (the rates), the turn limit ends
  the game or the next player would declare a win at once (then the clone);
* ``play irrigation``, ``play mining``: one card fewer in hand, the harvest's cards in hand; ``play warlord``: one
  card fewer, every knight active;
* ``play CARD`` of a card that asks its player a decision first or sets a flag of the turn (:data:`ASKING`), and
  ``bottom`` for a fifth card: one card fewer in hand; a card's effect comes with the decision after;
* chance (``roll``, the Alchemist's ``dice``, ``robber``, ``steal``, a tied defender's ``draw``) and the trade
  between players are rated from the position's own value, as :func:`.evaluation.lookahead` rates them.

Every other action (improvements, the other progress cards and the decisions the cards ask for, chasing the robber,
displacing a knight, the barbarians' pillage, ...) is played on a clone as :func:`.evaluation.lookahead` does; so is
everything when the seat rated is not the one deciding, or when the player whose turn it is holds the points to win
already (a position made by hand).

**What the greedy bot needs** (``CKGame.contenders``, :meth:`games.core.Game.contenders`): only the actions it may
choose, those rated within :data:`~games.core.game.TIE` of the best. After the roll a player has many roads to build
and rarely builds one (in greedy games nine roads in ten rate below the best other action), and a road's exact
rating is the dearest (its longest road and the sites ahead of the new network). So the other actions are rated
first, and each road is bounded (:meth:`Position.road_bound`: the exact cards and free sites, its length at most one
more, the sites ahead at their most); a road whose bound is below the best so far by more than the tie is left out,
the others are rated exactly. ``tests/catan/test_ratings.py`` checks that every rating left in is the rating and every
one left out is below the best by more than the tie; the choice is then the very same (``tests/core``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable, Sequence

from games.catan.board import EDGE_BIT, EDGE_END_MASK, NODE_BIT, NODE_CLOSE, NODE_EDGE_MASK, bits
from games.catan.evaluation import (
    NEXT_SITE,
    SITE_AFTER,
    HandMemo,
    hand_memo,
    production_by_hex,
    production_of,
    sites_from,
)
from games.catan.ratings import (
    end_goes_on,
    harbours_after,
    may_declare,
    moves_longest,
    road_length_after,
    road_parts,
    setup_income,
)
from games.catan.roads import holder_after, longest_road
from games.catan.state import ANSWER, CONFIRM, MAIN, OFFER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from games.catan.state import ROAD_BUILDING as ROAD_BUILDING_PHASE
from games.core import Action
from games.core.game import TIE

from .evaluation import (
    ACTIVE,
    AHEAD,
    CARDS,
    CHANCE,
    HARBOURS,
    OWN,
    PRODUCTION,
    PROGRESS,
    ROAD,
    SPOTS,
    STRENGTH,
    THREAT,
    active_strengths,
    cards_value,
    lookahead,
    parts_of,
    rated,
    threat_of,
)
from .science import HARVESTS, harvest
from .state import (
    ALCHEMIST,
    AQUEDUCT,
    BISHOP,
    CARD_KINDS,
    COMMERCIAL_HARBOR,
    CRANE,
    DESERTER,
    DIPLOMAT,
    ENGINEER,
    FIFTH,
    INTRIGUE,
    INVENTOR,
    KIND,
    MASTER_MERCHANT,
    MEDICINE,
    MERCHANT,
    MERCHANT_FLEET,
    RESOURCE_MONOPOLY,
    ROAD_BUILDING,
    SABOTEUR,
    SETUP_CITY,
    SMITH,
    SPY,
    TRADE_MONOPOLY,
    WARLORD,
    WEDDING,
)

if TYPE_CHECKING:
    from .game import CKGame

ROBBING = ("robber", "steal", "draw")
#: The most the sites ahead (:func:`games.catan.evaluation.sites_from`) are worth: two of each kind.
AHEAD_MOST = NEXT_SITE * 2 + SITE_AFTER * 2
#: Progress cards whose play changes nothing the evaluation reads but the number of cards in hand: each asks its
#: player a decision first (a target, a place, a name, the dice, the robber's hex, roads to place), asks the players
#: it aims at (the Wedding's gifts, the Saboteur's discards) or sets a flag of the turn (the Crane, the Commercial
#: Harbor). Their effect comes with the decisions after, rated then.
ASKING = frozenset({ALCHEMIST, BISHOP, COMMERCIAL_HARBOR, CRANE, DESERTER, DIPLOMAT, ENGINEER, INTRIGUE, INVENTOR,
                    MASTER_MERCHANT, MEDICINE, MERCHANT, MERCHANT_FLEET, RESOURCE_MONOPOLY, ROAD_BUILDING, SABOTEUR,
                    SMITH, SPY, TRADE_MONOPOLY, WEDDING})


def lookaheads(game: CKGame, actions: Sequence[Action], p: int) -> list[float]:
    """:func:`.evaluation.lookahead` of each of ``actions`` (legal now) for ``p``, in their order."""
    return _rated(game, actions, p, False)  # type: ignore[return-value]


def contenders(game: CKGame, actions: Sequence[Action], p: int) -> list[float | None]:
    """:func:`lookaheads`, leaving out (``None``) the roads after the roll whose rating is bounded more than
    :data:`~games.core.game.TIE` below the best (``CKGame.contenders``, what the greedy bot chooses from; module
    docstring)."""
    return _rated(game, actions, p, True)


def _rated(game: CKGame, actions: Sequence[Action], p: int, prune: bool) -> list[float | None]:
    s = game.state
    stack = s.stack
    if not stack or stack[-1].player != p or may_declare(game):
        return [lookahead(game, action, p) for action in actions]
    phase = s.phase
    if phase == MAIN:
        return _main(Position(game, p), actions, prune)
    position = Position(game, p)
    now = position.now
    trading = phase in (OFFER, ANSWER, CONFIRM)
    setup = phase in (SETUP_SETTLEMENT, SETUP_CITY)
    out: list[float | None] = []
    for action in actions:
        verb = action.verb
        value = None
        if verb in CHANCE:
            value = now + (0.1 if verb in ROBBING else 0.0)
        elif trading or verb == "propose":
            value = now + (0.5 if verb in ("withdraw", "decline") else -1.0)
        elif verb == "discard":
            value = position.with_cards(((game.card_index[action.args[0]], -1),))  # type: ignore[index]
        elif verb == "play" and phase in (ROLL, FIFTH) and KIND[action.args[0]] in ASKING:  # type: ignore[index]
            value = position.without_card()
        elif setup and verb in ("settle", "city"):
            value = position.setup(action.args[0], verb == "city")  # type: ignore[arg-type]
        elif verb == "road" and (phase == ROAD_BUILDING_PHASE or phase == SETUP_ROAD and not position.last_placement):
            value = position.road(action.args[0], free=True)  # type: ignore[arg-type]
        elif verb == "take" and phase == AQUEDUCT:
            value = position.with_cards(((game.card_index[action.args[0]], 1),))  # type: ignore[index]
        elif verb == "swap":
            value = position.swap(action.args[0], action.args[1])  # type: ignore[arg-type]
        elif verb == "bottom" and phase == FIFTH:
            value = position.without_card()
        out.append(lookahead(game, action, p) if value is None else value)
    return out


def _main(position: Position, actions: Sequence[Action], prune: bool) -> list[float | None]:
    """The ratings of a decision after the roll; with ``prune``, each road is first bounded
    (:meth:`Position.road_bound`) against the best rating so far, the roads rated last."""
    game, p = position.game, position.p
    raters = MAIN_RATERS
    out: list[float | None] = []
    roads = []
    for i, action in enumerate(actions):
        verb = action.verb
        if prune and verb == "road":
            roads.append(i)
            out.append(None)
            continue
        rater = raters.get(verb)
        value = None if rater is None else rater(position, action)
        out.append(lookahead(game, action, p) if value is None else value)
    if roads:
        position.rate_roads(actions, roads, out)
    return out


def _play(position: Position, action: Action) -> float | None:
    """``play CARD`` after the roll: a card of :data:`ASKING`, a harvest or the Warlord, else on a clone."""
    kind = KIND[action.args[0]]  # type: ignore[index]
    if kind in ASKING:
        return position.without_card()
    if kind in HARVESTS:
        return position.harvest(kind)
    if kind == WARLORD:
        return position.warlord()
    return None


class Position:
    """The position's parts for the seat deciding, and the ratings of actions that change some of them."""

    __slots__ = ("game", "p", "memo", "actives", "parts", "now", "paid", "hand", "levels", "safe", "_breakers")

    def __init__(self, game: CKGame, p: int) -> None:
        self.game, self.p = game, p
        s = game.state
        self.memo: HandMemo = hand_memo(game)
        self.actives = active_strengths(game)
        self.hand = s.hands[p * CARD_KINDS:p * CARD_KINDS + CARD_KINDS]
        self.levels = s.levels[p * 3:p * 3 + 3]
        self.safe = game.safe_hand(p)
        self.parts = parts_of(game, p, self.memo, self.hand, self.levels, self.safe, self.actives)
        self.now = rated(*self.parts)
        #: The cards' value after paying a cost, by cost (roads, knights, activations: the same for every place).
        self.paid: dict[int, float] = {}
        self._breakers = -1  # worked out when first asked (a roll or a discard needs none)

    @property
    def breakers(self) -> int:
        if self._breakers < 0:
            self._breakers = self.game.breakers(self.p)
        return self._breakers

    @property
    def last_placement(self) -> bool:
        """Whether a set-up road now is the last placement of the set-up (the first turn starts: on a clone)."""
        return self.game.state.setup_step + 1 >= 2 * self.game.players

    def paying(self, cost: tuple[tuple[int, int], ...]) -> float:
        """The cards' value after paying ``cost`` (worked out once per decision)."""
        found = self.paid.get(id(cost))  # by identity: the design's costs live as long as the game
        if found is None:
            found = self.paid[id(cost)] = self.cards_after(tuple((r, -n) for r, n in cost))
        return found

    def trade(self, action: Action) -> float:
        """``trade GIVE GET``: the cards change (written out: a decision after the roll rates several)."""
        index = self.game.card_index
        give, get = action.args
        g = index[give]  # type: ignore[index]
        after = self.hand.copy()
        after[g] -= self.game.state.rates[self.p * CARD_KINDS + g]
        after[index[get]] += 1  # type: ignore[index]
        changed = self.parts.copy()
        changed[CARDS] = cards_value(self.memo, after, self.safe, self.levels)
        return rated(*changed)

    def road_paid(self, action: Action) -> float | None:
        return self.road(action.args[0])  # type: ignore[arg-type]

    def knight_placed(self, action: Action) -> float | None:
        return self.knight(action.args[0])  # type: ignore[arg-type]

    def activate(self, action: Action) -> float:
        """``activate NODE``: paid; the knight there becomes active."""
        s, p = self.game.state, self.p
        v: int = action.args[0]  # type: ignore[assignment]
        return self.knights(self.game.design.activate_cost, s.knights_at[p * 3:p * 3 + 3], s.active[p] | NODE_BIT[v])

    def promote(self, action: Action) -> float:
        """``promote NODE``: paid; the knight there goes up a level, active or not as it was."""
        s, p = self.game.state, self.p
        v: int = action.args[0]  # type: ignore[assignment]
        at = s.knights_at[p * 3:p * 3 + 3]
        level = next(level for level in range(3) if at[level] & NODE_BIT[v])
        at[level] &= ~NODE_BIT[v]
        at[level + 1] |= NODE_BIT[v]
        return self.knights(self.game.design.promote_cost, at, s.active[p])

    def moved(self, action: Action) -> float | None:
        return self.move(action.args[0], action.args[1])  # type: ignore[arg-type]

    def end(self, action: Action) -> float | None:
        """``end``: nothing changes, unless the Merchant Fleet lapses or the game or turn order does (a clone)."""
        game = self.game
        return self.now if not game.state.fleet and end_goes_on(game) else None

    def wall(self, action: Action) -> float:
        """``wall NODE``: paid; the safe hand grows."""
        game = self.game
        changed = self.parts.copy()
        after = self.hand.copy()
        for r, n in game.design.wall_cost:
            after[r] -= n
        changed[CARDS] = cards_value(self.memo, after, self.safe + game.design.wall_safe, self.levels)
        return rated(*changed)

    def settle(self, action: Action) -> float | None:
        return self.build(action.args[0], False)  # type: ignore[arg-type]

    def city(self, action: Action) -> float | None:
        return self.build(action.args[0], True)  # type: ignore[arg-type]

    def propose(self, action: Action) -> float:
        return self.now + -1.0  # as a trade offer is rated (evaluation.lookahead)

    def setup(self, v: int, city: bool) -> float | None:
        """A set-up settlement (first round) or city (second round, with its income) at ``v``: points, production,
        the cards, the barbarians' threat (a city), a harbour, the free sites; ``None`` when it cuts another
        player's road."""
        game, p = self.game, self.p
        s = game.state
        design = game.design
        bit = NODE_BIT[v]
        if self.cuts(bit):
            return None
        changed = self.parts.copy()
        changed[OWN] += design.city_points if city else design.settlement_points
        settlements, cities = s.settlements[p], s.cities[p]
        if city:
            cities |= bit
            changed[CARDS] = self.cards_after(setup_income(game, v))
            changed[THREAT] = self.threat_with(cities)
        else:
            settlements |= bit
        changed[PRODUCTION] = production_of(game.tables, settlements, cities, s.robber)
        kind = game.tables.node_harbour[v]
        if kind >= 0:
            changed[HARBOURS] = harbours_after(game, p, kind)
        free = s.free & ~NODE_CLOSE[v]
        reach = s.reach[p]
        changed[SPOTS] = min((free & reach).bit_count(), 3)
        changed[AHEAD] = sites_from(reach, s.open_edges, free)
        return rated(*changed)

    def build(self, v: int, city: bool) -> float | None:
        """A settlement at ``v`` after the roll (paid, a point, production, a harbour, the free sites), or a city
        replacing the settlement there (paid, points, production, the threat); ``None`` when the points would win
        (the game would end) or a new settlement cuts another player's road."""
        game, p = self.game, self.p
        s = game.state
        design = game.design
        bit = NODE_BIT[v]
        gain = (1 if s.reduced[p] & bit else design.city_points - design.settlement_points) if city \
            else design.settlement_points
        if s.points[p] + gain >= game.config.points_to_win or not city and self.cuts(bit):
            return None
        changed = self.parts.copy()
        changed[OWN] += gain
        changed[CARDS] = self.paying(design.city_cost if city else design.settlement_cost)
        settlements, cities = s.settlements[p], s.cities[p]
        if city:
            settlements &= ~bit
            cities |= bit
            changed[THREAT] = self.threat_with(cities)
        else:
            settlements |= bit
            kind = game.tables.node_harbour[v]
            if kind >= 0:
                changed[HARBOURS] = harbours_after(game, p, kind)
            free = s.free & ~NODE_CLOSE[v]
            reach = s.reach[p]
            changed[SPOTS] = min((free & reach).bit_count(), 3)
            changed[AHEAD] = sites_from(reach, s.open_edges, free)
        changed[PRODUCTION] = production_of(game.tables, settlements, cities, s.robber)
        return rated(*changed)

    def threat_with(self, cities: int) -> float:
        """The barbarians' threat once ``p``'s cities are ``cities``."""
        after = self.game.state.cities.copy()
        after[self.p] = cities
        return threat_of(self.game, self.p, self.actives, after)

    def swap(self, a: int, b: int) -> float:
        """The Inventor swaps the number tokens of hexes ``a`` and ``b``: production changes."""
        s = self.game.state
        pips = list(self.game.tables.pips)
        pips[a], pips[b] = pips[b], pips[a]
        changed = self.parts.copy()
        changed[PRODUCTION] = production_by_hex(pips, s.settlements[self.p], s.cities[self.p], s.robber)
        return rated(*changed)

    def without_card(self) -> float:
        """The rating after playing a progress card of :data:`ASKING`: one card fewer in hand, nothing else yet."""
        changed = self.parts.copy()
        changed[PROGRESS] -= 1
        return rated(*changed)

    def warlord(self) -> float:
        """The Warlord played: one progress card fewer, every knight of ``p``'s active."""
        s = self.game.state
        at = s.knights_at[self.p * 3:self.p * 3 + 3]
        changed = self.parts.copy()
        changed[PROGRESS] -= 1
        self.set_strengths(changed, at, at[0] | at[1] | at[2])
        return rated(*changed)

    def harvest(self, kind: int) -> float:
        """Irrigation or Mining played: one progress card fewer, the harvest's cards in hand."""
        card, got, _, _ = harvest(self.game, self.p, kind)
        changed = self.parts.copy()
        changed[PROGRESS] -= 1
        changed[CARDS] = self.cards_after(((card, got),))
        return rated(*changed)

    def with_cards(self, changes: tuple[tuple[int, int], ...]) -> float:
        """The rating after the hand changes by ``changes`` ((card, +/- count), ...) and nothing else does."""
        changed = self.parts.copy()
        changed[CARDS] = self.cards_after(changes)
        return rated(*changed)

    def cards_after(self, changes: tuple[tuple[int, int], ...]) -> float:
        after = self.hand.copy()
        for card, n in changes:
            after[card] += n
        return cards_value(self.memo, after, self.safe, self.levels)

    def road(self, e: int, free: bool = False) -> float | None:
        """A road at ``e``, paid for unless ``free`` (the set-up's, Road Building's); ``None`` when its length would
        move the longest road card."""
        game, p = self.game, self.p
        s = game.state
        before = s.road_length[p]
        length, spots, ahead = road_parts(s.roads[p], self.breakers, s.reach[p], s.open_edges, s.free, before, e)
        if length != before and moves_longest(game, p, length):
            return None
        changed = self.parts.copy()
        if not free:
            changed[CARDS] = self.paying(game.design.road_cost)
        changed[ROAD] = length
        changed[SPOTS] = spots
        changed[AHEAD] = ahead
        return rated(*changed)

    def rate_roads(self, actions: Sequence[Action], roads: list[int], out: list[float | None]) -> None:
        """Rate the roads after the roll (``actions[i]`` for ``i`` in ``roads``) that may be among the best: ``out``
        holds the other actions' ratings, and a road whose bound (:meth:`road_bound`) is below the best so far by more
        than the tie stays ``None``."""
        best = max([value for value in out if value is not None], default=-math.inf)
        bounds: dict[int, float | None] = {}  # by length and free sites reached: few differ
        for i in roads:
            e: int = actions[i].args[0]  # type: ignore[assignment]
            length, spots = self.road_reach(e)
            key = length * 4 + spots
            bound = bounds.get(key, math.inf)
            if bound == math.inf:
                bound = bounds[key] = self.road_bound(length, spots)
            if bound is not None and bound < best - TIE:
                continue  # left out: rated below the best by more than the tie
            value = self.road(e)
            out[i] = value = lookahead(self.game, actions[i], self.p) if value is None else value
            if value > best:
                best = value

    def road_reach(self, e: int) -> tuple[int, int]:
        """For ``road e`` after the roll: a bound of the longest road after it (one more than now when an end of the
        new road touches none of ``p``'s roads, so that a trail through it ends there; worked out, looked up, when it
        joins two of them) and the free sites the network then reaches (at most 3), exact."""
        s, p = self.game.state, self.p
        ends = EDGE_END_MASK[e]
        reach = s.reach[p]
        before = s.road_length[p]
        if ends & ~reach:
            length = before + 1
        else:
            length = road_length_after(s.roads[p] | EDGE_BIT[e], self.breakers, e, before)
        return length, min((s.free & (reach | ends)).bit_count(), 3)

    def road_bound(self, length: int, spots: int) -> float | None:
        """An upper bound of the rating of a road after the roll (paid) with a longest road of at most ``length`` and
        ``spots`` free sites reached (:meth:`road_reach`), the sites ahead at their most; ``None`` when the longest
        road card might move (then only the rating itself tells: the card moves at no shorter length if it does not
        move at this one). Every part raised has a positive weight, and a rounded sum never falls when a term grows:
        the bound holds for the very floats."""
        game, p = self.game, self.p
        if length != game.state.road_length[p] and moves_longest(game, p, length):
            return None
        changed = self.parts.copy()
        changed[CARDS] = self.paying(game.design.road_cost)
        changed[ROAD] = length
        changed[SPOTS] = spots
        changed[AHEAD] = AHEAD_MOST
        return rated(*changed)

    def knight(self, v: int) -> float | None:
        """A new inactive basic knight at ``v``: paid, stronger, ``v`` no longer free."""
        game, p = self.game, self.p
        s = game.state
        bit = NODE_BIT[v]
        if self.cuts(bit) and self.knights_move_card(0, bit):
            return None
        at = s.knights_at[p * 3:p * 3 + 3]
        at[0] |= bit
        changed = self.parts.copy()
        changed[CARDS] = self.paying(game.design.knight_cost)
        changed[STRENGTH] = self.strength(at, ~0)
        free = s.free & ~bit
        reach = s.reach[p]
        changed[SPOTS] = min((free & reach).bit_count(), 3)
        changed[AHEAD] = sites_from(reach, s.open_edges, free)
        return rated(*changed)

    def knights(self, cost: tuple[tuple[int, int], ...], at: list[int], active: int) -> float:
        """Paid ``cost``; ``p``'s knights are now ``at`` (a mask per level) with ``active`` of them active."""
        changed = self.parts.copy()
        changed[CARDS] = self.paying(cost)
        self.set_strengths(changed, at, active)
        return rated(*changed)

    def move(self, a: int, b: int) -> float | None:
        """The knight at ``a`` goes to ``b`` and becomes inactive; the free nodes at both ends follow."""
        game, p = self.game, self.p
        s = game.state
        if self.cuts(NODE_BIT[a] | NODE_BIT[b]) and self.knights_move_card(NODE_BIT[a], NODE_BIT[b]):
            return None
        at = s.knights_at[p * 3:p * 3 + 3]
        level = next(level for level in range(3) if at[level] & NODE_BIT[a])
        at[level] = at[level] & ~NODE_BIT[a] | NODE_BIT[b]
        changed = self.parts.copy()
        self.set_strengths(changed, at, s.active[p] & ~NODE_BIT[a])
        free = s.free & ~NODE_BIT[b]
        if not s.built & NODE_CLOSE[a]:  # the knight's node is free again unless a building stands next to it
            free |= NODE_BIT[a]
        reach = s.reach[p]
        changed[SPOTS] = min((free & reach).bit_count(), 3)
        changed[AHEAD] = sites_from(reach, s.open_edges, free)
        return rated(*changed)

    def cuts(self, nodes: int) -> bool:
        """Whether a piece arriving at or leaving ``nodes`` touches another player's roads (their lengths)."""
        s = self.game.state
        return any(s.reach[q] & nodes for q in range(self.game.players) if q != self.p)

    def knights_move_card(self, left: int, arrived: int) -> bool:
        """Whether ``p``'s knights leaving the nodes ``left`` and arriving at ``arrived`` change another player's
        longest road so that the longest road card moves (points change): the lengths as
        :func:`.knights.knights_changed` works them out."""
        game, p = self.game, self.p
        s = game.state
        nodes = left | arrived
        lengths = s.road_length.copy()
        for q in range(game.players):
            touched = s.reach[q] & nodes
            if q != p and touched and any((s.roads[q] & NODE_EDGE_MASK[v]).bit_count() >= 2 for v in bits(touched)):
                lengths[q] = longest_road(s.roads[q], game.breakers(q) & ~left | arrived)
        return lengths != s.road_length and holder_after(lengths, s.longest, game.design.longest_min) != s.longest

    def strength(self, at: list[int], nodes: int) -> int:
        """The strength of ``p``'s knights ``at`` (a mask per level) that stand on ``nodes``
        (:func:`.barbarians.knight_strength` of a changed position)."""
        strength = self.game.design.strength
        return sum(strength[level] * (at[level] & nodes).bit_count() for level in range(3))

    def set_strengths(self, changed: list[float], at: list[int], active: int) -> None:
        """Set the strength, active strength and threat parts for ``p``'s knights ``at`` with ``active`` active."""
        game, p = self.game, self.p
        s = game.state
        actives = self.actives.copy()
        actives[p] = self.strength(at, active)
        changed[STRENGTH] = self.strength(at, ~0)
        changed[ACTIVE] = actives[p]
        changed[THREAT] = threat_of(game, p, actives, s.cities)


#: The rating of each verb after the roll rated without a clone (``None``: that action goes to the clone); the others
#: (improvements, chasing the robber, displacing a knight, the Commercial Harbor's trade) are played on a clone.
MAIN_RATERS: dict[str, Callable[[Position, Action], float | None]] = {
    "trade": Position.trade, "road": Position.road_paid, "knight": Position.knight_placed,
    "activate": Position.activate, "promote": Position.promote, "move": Position.moved, "end": Position.end,
    "wall": Position.wall, "settle": Position.settle, "city": Position.city, "play": _play,
    "propose": Position.propose}
