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
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Sequence

from games.catan.board import NODE_BIT, NODE_CLOSE, NODE_EDGE_MASK, bits
from games.catan.evaluation import HandMemo, hand_memo, production_by_hex, production_of, sites_from
from games.catan.ratings import end_goes_on, harbours_after, may_declare, moves_longest, road_parts, setup_income
from games.catan.roads import holder_after, longest_road
from games.catan.state import ANSWER, CONFIRM, MAIN, OFFER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from games.catan.state import ROAD_BUILDING as ROAD_BUILDING_PHASE
from games.core import Action

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
    parts,
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
#: Progress cards whose play changes nothing the evaluation reads but the number of cards in hand: each asks its
#: player a decision first (a target, a place, a name, the dice, the robber's hex, roads to place), asks the players
#: it aims at (the Wedding's gifts, the Saboteur's discards) or sets a flag of the turn (the Crane, the Commercial
#: Harbor). Their effect comes with the decisions after, rated then.
ASKING = frozenset({ALCHEMIST, BISHOP, COMMERCIAL_HARBOR, CRANE, DESERTER, DIPLOMAT, ENGINEER, INTRIGUE, INVENTOR,
                    MASTER_MERCHANT, MEDICINE, MERCHANT, MERCHANT_FLEET, RESOURCE_MONOPOLY, ROAD_BUILDING, SABOTEUR,
                    SMITH, SPY, TRADE_MONOPOLY, WEDDING})


def lookaheads(game: CKGame, actions: Sequence[Action], p: int) -> list[float]:
    """:func:`.evaluation.lookahead` of each of ``actions`` (legal now) for ``p``, in their order."""
    s = game.state
    if not s.stack or s.stack[-1].player != p or may_declare(game):
        return [lookahead(game, action, p) for action in actions]
    position = Position(game, p)
    now = position.now
    trading = s.phase in (OFFER, ANSWER, CONFIRM)
    phase = s.phase
    main = phase == MAIN
    setup = phase in (SETUP_SETTLEMENT, SETUP_CITY)
    out = []
    for action in actions:
        verb = action.verb
        value = None
        if verb in CHANCE:
            value = now + (0.1 if verb in ROBBING else 0.0)
        elif trading or verb == "propose":
            value = now + (0.5 if verb in ("withdraw", "decline") else -1.0)
        elif verb == "discard":
            value = position.with_cards(((game.card_index[action.args[0]], -1),))  # type: ignore[index]
        elif verb == "play" and phase in (MAIN, ROLL, FIFTH) and KIND[action.args[0]] in ASKING:  # type: ignore[index]
            value = position.without_card()
        elif verb == "play" and main and KIND[action.args[0]] in HARVESTS:  # type: ignore[index]
            value = position.harvest(KIND[action.args[0]])  # type: ignore[index]
        elif verb == "play" and main and KIND[action.args[0]] == WARLORD:  # type: ignore[index]
            value = position.warlord()
        elif main:
            value = position.main(action)
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


class Position:
    """The position's parts for the seat deciding, and the ratings of actions that change some of them."""

    def __init__(self, game: CKGame, p: int) -> None:
        self.game, self.p = game, p
        self.memo: HandMemo = hand_memo(game)
        self.actives = active_strengths(game)
        self.parts = parts(game, p, self.memo, self.actives)
        self.now = rated(*self.parts)
        #: The cards' value after paying a cost, by cost (roads, knights, activations: the same for every place).
        self.paid: dict[int, float] = {}

    # What only some actions read, worked out when first asked (a roll or a trade offer needs none of it).
    @cached_property
    def hand(self) -> list[int]:
        return self.game.state.hands[self.p * CARD_KINDS:self.p * CARD_KINDS + CARD_KINDS]

    @cached_property
    def levels(self) -> list[int]:
        return self.game.state.levels[self.p * 3:self.p * 3 + 3]

    @cached_property
    def safe(self) -> int:
        return self.game.safe_hand(self.p)

    @cached_property
    def breakers(self) -> int:
        return self.game.breakers(self.p)

    @cached_property
    def last_placement(self) -> bool:
        """Whether a set-up road now is the last placement of the set-up (the first turn starts: on a clone)."""
        return self.game.state.setup_step + 1 >= 2 * self.game.players

    def paying(self, cost: tuple[tuple[int, int], ...]) -> float:
        """The cards' value after paying ``cost`` (worked out once per decision)."""
        found = self.paid.get(id(cost))  # by identity: the design's costs live as long as the game
        if found is None:
            found = self.paid[id(cost)] = self.cards_after(tuple((r, -n) for r, n in cost))
        return found

    def main(self, action: Action) -> float | None:
        """The rating of an action after the roll, or ``None`` when it must be played on a clone."""
        game, p = self.game, self.p
        s = game.state
        verb = action.verb
        if verb == "trade":
            g, r = game.card_index[action.args[0]], game.card_index[action.args[1]]  # type: ignore[index]
            return self.with_cards(((g, -s.rates[p * CARD_KINDS + g]), (r, 1)))
        if verb == "road":
            return self.road(action.args[0])  # type: ignore[arg-type]
        if verb == "knight":
            return self.knight(action.args[0])  # type: ignore[arg-type]
        if verb == "activate":
            v: int = action.args[0]  # type: ignore[assignment]
            return self.knights(game.design.activate_cost, s.knights_at[p * 3:p * 3 + 3], s.active[p] | NODE_BIT[v])
        if verb == "promote":
            v = action.args[0]  # type: ignore[assignment]
            at = s.knights_at[p * 3:p * 3 + 3]
            level = next(level for level in range(3) if at[level] & NODE_BIT[v])
            at[level] &= ~NODE_BIT[v]
            at[level + 1] |= NODE_BIT[v]
            return self.knights(game.design.promote_cost, at, s.active[p])
        if verb == "move":
            return self.move(action.args[0], action.args[1])  # type: ignore[arg-type]
        if verb == "end" and not s.fleet and end_goes_on(game):
            return self.now
        if verb == "wall":  # paid; the safe hand grows
            changed = self.parts.copy()
            after = self.hand.copy()
            for r, n in game.design.wall_cost:
                after[r] -= n
            changed[CARDS] = cards_value(self.memo, after, self.safe + game.design.wall_safe, self.levels)
            return rated(*changed)
        if verb in ("settle", "city"):
            return self.build(action.args[0], verb == "city")  # type: ignore[arg-type]
        return None

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
