"""The position of one Cities & Knights decision for the seat deciding: its parts (:func:`.evaluation.parts`) worked
out once, and the rating of each kind of action that changes only some of them (:mod:`.ratings` says which actions
go where, and why the ratings are the very floats :func:`.evaluation.lookahead` gives)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

from games.catan.board import EDGE_BIT, EDGE_END_MASK, NODE_BIT, NODE_CLOSE, NODE_EDGE_MASK, NODE_STEPS, bits
from games.catan.evaluation import (
    NEXT_SITE,
    SITE_AFTER,
    HandMemo,
    beyond_network,
    free_sites,
    hand_memo,
    production_by_hex,
    production_of,
)
from games.catan.ratings import (
    end_goes_on,
    harbours_after,
    moves_longest,
    road_length_after,
    road_parts,
    setup_income,
)
from games.catan.roads import holder_after, longest_road
from games.core import Action
from games.core.game import TIE

from .evaluation import (
    ABILITIES,
    ACTIVE,
    AHEAD,
    CARDS,
    HARBOURS,
    LEVELS,
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
from .improvements import cost as improvement_cost
from .science import harvest
from .state import (
    CARD_KINDS,
    DONE,
    MERCHANT_FLEET,
    RESOURCE_MONOPOLY,
    TRACK_CARD,
    TRACKS,
    TRADE,
)

if TYPE_CHECKING:
    from .game import CKGame

#: The most the sites ahead (:func:`games.catan.evaluation.sites_from`) are worth: two of each kind.
AHEAD_MOST = NEXT_SITE * 2 + SITE_AFTER * 2


class Position:
    """The position's parts for the seat deciding, and the ratings of actions that change some of them.

    Each action rated from parts keeps them (:attr:`after`, by action): they are the parts of the position after that
    action. When the same seat decides again right after it (the main part of a turn goes on, a discard follows a
    discard), the next position takes them instead of working them out (:attr:`CKGame.rated_after`)."""

    __slots__ = ("game", "p", "memo", "actives", "parts", "now", "paid", "hand", "levels", "safe", "_breakers",
                 "action", "after")

    def __init__(self, game: CKGame, p: int) -> None:
        self.game, self.p = game, p
        s = game.state
        self.memo: HandMemo = hand_memo(game)
        self.hand = s.hands[p * CARD_KINDS:p * CARD_KINDS + CARD_KINDS]
        self.levels = s.levels[p * 3:p * 3 + 3]
        self.safe = game.safe_hand(p)
        before = game.rated_after  # the parts after the action just taken, if rated by this seat from parts
        kept = None
        if before is not None and before[0] is s and before[1] == p and len(game.history) == before[2] + 1:
            last = game.history[-1]
            kept = before[3].get(id(last))  # by identity: a bot takes the very action object its listing holds
            if kept is not None and kept[0] is not last:
                kept = None
        if kept is None:
            self.actives = active_strengths(game)
            self.parts = parts_of(game, p, self.memo, self.hand, self.levels, self.safe, self.actives)
            self.now = rated(*self.parts)
        else:
            _, self.parts, self.actives, self.now = kept
        #: The cards' value after paying a cost, by cost (roads, knights, activations: the same for every place).
        self.paid: dict[int, float] = {}
        self._breakers = -1  # worked out when first asked (a roll or a discard needs none)
        #: The action being rated, and after each action rated from parts (by the action's identity): the action,
        #: the parts, every player's active strength and the rating.
        self.action: Action | None = None
        self.after: dict[int, tuple[Action, list[float], list[int], float]] = {}

    def rate(self, changed: list[float], actives: list[int] | None = None) -> float:
        """The rating of the position whose parts are ``changed`` (and the players' active strengths ``actives``, by
        default as now), kept as what :attr:`action` leads to."""
        value = rated(*changed)
        action = self.action
        if action is not None:
            self.after[id(action)] = (action, changed, self.actives if actives is None else actives, value)
        return value

    def keep(self) -> None:
        """Leave the parts after each action rated on the game (:attr:`CKGame.rated_after`): the position after the
        action taken starts from them if the same seat decides next."""
        game = self.game
        game.rated_after = (game.state, self.p, len(game.history), self.after)

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
        return self.rate(changed)

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
        return self.rate(changed)

    def settle(self, action: Action) -> float | None:
        return self.build(action.args[0], False)  # type: ignore[arg-type]

    def city(self, action: Action) -> float | None:
        return self.build(action.args[0], True)  # type: ignore[arg-type]

    def improve(self, action: Action) -> float | None:
        """``improve TRACK``: the commodities paid, the level (and an ability) up; ``None`` from the metropolis level
        on (points may move) and for the Merchant Guild (the rates change): those on a clone."""
        game = self.game
        design = game.design
        t = TRACKS.index(action.args[0])  # type: ignore[arg-type]
        levels = self.levels.copy()
        levels[t] += 1
        if levels[t] >= design.metropolis_level or levels[t] == design.ability and t == TRADE:
            return None
        after = self.hand.copy()
        after[TRACK_CARD[t]] -= improvement_cost(game, self.p, t)
        level0, level1, level2 = levels
        changed = self.parts.copy()
        changed[CARDS] = cards_value(self.memo, after, self.safe, levels)
        changed[LEVELS] = level0 + level1 + level2
        changed[ABILITIES] = (level0 >= 3) + (level1 >= 3) + (level2 >= 3)
        return self.rate(changed)

    def chase(self, action: Action) -> float:
        """``chase NODE``: the knight there becomes inactive (the robber's move is the decision after)."""
        s, p = self.game.state, self.p
        changed = self.parts.copy()
        actives = self.set_strengths(changed, s.knights_at[p * 3:p * 3 + 3], s.active[p] & ~NODE_BIT[action.args[0]])  # type: ignore[index]
        return self.rate(changed, actives)

    def named(self, action: Action) -> float | None:
        """``name CARD`` for a monopoly (each opponent gives up to the card's number of that card) or the Merchant
        Fleet (that card trades at the fleet's rate this turn: the harbours part); ``None`` while a roll is being
        resolved (on a clone)."""
        game, p = self.game, self.p
        s = game.state
        if s.stage != DONE:
            return None
        c = game.card_index[action.args[0]]  # type: ignore[index]
        changed = self.parts.copy()
        if s.card == MERCHANT_FLEET:
            was = s.rates[p * CARD_KINDS + c]
            start = game.design.start_rates[c]
            changed[HARBOURS] += (min(was, game.design.fleet_rate) < start) - (was < start)
            return self.rate(changed)
        most = game.design.card_numbers["resource-monopoly" if s.card == RESOURCE_MONOPOLY else "trade-monopoly"]
        hands, n = s.hands, game.players
        taken = 0
        for i in range(1, n):
            q = (p + i) % n
            held = hands[q * CARD_KINDS + c]
            taken += most if held > most else held
        changed[CARDS] = self.cards_after(((c, taken),))
        return self.rate(changed)

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
        changed[SPOTS], changed[AHEAD] = free_sites(game, p, free)
        return self.rate(changed)

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
            changed[SPOTS], changed[AHEAD] = free_sites(game, p, free)
        changed[PRODUCTION] = production_of(game.tables, settlements, cities, s.robber)
        return self.rate(changed)

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
        return self.rate(changed)

    def without_card(self) -> float:
        """The rating after playing a progress card that asks a decision first (:data:`.ratings.ASKING`): one card
        fewer in hand, nothing else yet."""
        changed = self.parts.copy()
        changed[PROGRESS] -= 1
        return self.rate(changed)

    def warlord(self) -> float:
        """The Warlord played: one progress card fewer, every knight of ``p``'s active."""
        s = self.game.state
        at = s.knights_at[self.p * 3:self.p * 3 + 3]
        changed = self.parts.copy()
        changed[PROGRESS] -= 1
        actives = self.set_strengths(changed, at, at[0] | at[1] | at[2])
        return self.rate(changed, actives)

    def harvest(self, kind: int) -> float:
        """Irrigation or Mining played: one progress card fewer, the harvest's cards in hand."""
        card, got, _, _ = harvest(self.game, self.p, kind)
        changed = self.parts.copy()
        changed[PROGRESS] -= 1
        changed[CARDS] = self.cards_after(((card, got),))
        return self.rate(changed)

    def with_cards(self, changes: tuple[tuple[int, int], ...]) -> float:
        """The rating after the hand changes by ``changes`` ((card, +/- count), ...) and nothing else does."""
        changed = self.parts.copy()
        changed[CARDS] = self.cards_after(changes)
        return self.rate(changed)

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
        return self.rate(changed)

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
            if bound is not None and self.road_bound(length, spots, self.ahead_bound(e)) < best - TIE:  # type: ignore[operator]
                continue  # the same with the sites ahead bounded closer
            self.action = actions[i]
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

    def ahead_bound(self, e: int) -> float:
        """A bound of the sites ahead (:func:`games.catan.evaluation.sites_from`) once ``road e`` is built: the new
        network's nodes one open path beyond are among those beyond the network now and those beyond the new road's
        new ends, and the nodes two paths beyond among those two beyond now and two beyond the new ends (a path the
        road closes only leads back into the network)."""
        s, p = self.game.state, self.p
        one, two = beyond_network(s.reach[p], s.open_edges)
        open_edges, free = s.open_edges, s.free
        one_new = 0  # one open path beyond the new ends (the paths open now: more than after the road)
        for v in bits(EDGE_END_MASK[e] & ~s.reach[p]):
            for edge, w in NODE_STEPS[v]:
                if open_edges >> edge & 1:
                    one_new |= NODE_BIT[w]
        two_new = 0
        for v in bits(one_new):
            for edge, w in NODE_STEPS[v]:
                if open_edges >> edge & 1:
                    two_new |= NODE_BIT[w]
        return NEXT_SITE * min((free & (one | one_new)).bit_count(), 2) \
            + SITE_AFTER * min((free & (two | two_new)).bit_count(), 2)

    def road_bound(self, length: int, spots: int, ahead: float = AHEAD_MOST) -> float | None:
        """An upper bound of the rating of a road after the roll (paid) with a longest road of at most ``length`` and
        ``spots`` free sites reached (:meth:`road_reach`), the sites ahead at most ``ahead`` (by default their most);
        ``None`` when the longest road card might move (then only the rating itself tells: the card moves at no
        shorter length if it does not move at this one). Every part raised has a positive weight, and a rounded sum
        never falls when a term grows: the bound holds for the very floats."""
        game, p = self.game, self.p
        if length != game.state.road_length[p] and moves_longest(game, p, length):
            return None
        changed = self.parts.copy()
        changed[CARDS] = self.paying(game.design.road_cost)
        changed[ROAD] = length
        changed[SPOTS] = spots
        changed[AHEAD] = ahead
        return rated(*changed)  # a bound, not a position's parts

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
        changed[SPOTS], changed[AHEAD] = free_sites(game, p, free)
        return self.rate(changed)

    def knights(self, cost: tuple[tuple[int, int], ...], at: list[int], active: int) -> float:
        """Paid ``cost``; ``p``'s knights are now ``at`` (a mask per level) with ``active`` of them active."""
        changed = self.parts.copy()
        changed[CARDS] = self.paying(cost)
        actives = self.set_strengths(changed, at, active)
        return self.rate(changed, actives)

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
        actives = self.set_strengths(changed, at, s.active[p] & ~NODE_BIT[a])
        free = s.free & ~NODE_BIT[b]
        if not s.built & NODE_CLOSE[a]:  # the knight's node is free again unless a building stands next to it
            free |= NODE_BIT[a]
        changed[SPOTS], changed[AHEAD] = free_sites(game, p, free)
        return self.rate(changed, actives)

    def cuts(self, nodes: int) -> bool:
        """Whether a piece arriving at or leaving ``nodes`` touches another player's roads (their lengths)."""
        reach, p = self.game.state.reach, self.p
        for q in range(self.game.players):  # a plain loop: asked for every knight placed or moved
            if q != p and reach[q] & nodes:
                return True
        return False

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
        return (strength[0] * (at[0] & nodes).bit_count() + strength[1] * (at[1] & nodes).bit_count()
                + strength[2] * (at[2] & nodes).bit_count())

    def set_strengths(self, changed: list[float], at: list[int], active: int) -> list[int]:
        """Set the strength, active strength and threat parts for ``p``'s knights ``at`` with ``active`` active;
        returns every player's active strength then."""
        game, p = self.game, self.p
        s = game.state
        actives = self.actives.copy()
        actives[p] = self.strength(at, active)
        changed[STRENGTH] = self.strength(at, ~0)
        changed[ACTIVE] = actives[p]
        changed[THREAT] = threat_of(game, p, actives, s.cities)
        return actives
