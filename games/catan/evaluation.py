"""What the greedy bot knows and wants: an evaluation from one seat's point of view, and its one-step look-ahead.

:func:`heuristic` reads only what ``player`` may know: the board, public counts, the bank (open piles), their own
hand and development cards. It adds

* victory points (their own face-down cards included: they know them) against the best other player's public points;
* expected production: pips of the hexes next to their buildings (cities twice), the robber's hex left out;
* a hand value: cards count until a 7 would cost half of them (not beyond), and more when they complete a build;
* development cards held (by number: a card's kind is not used, so a look-ahead never profits from a draw; a knight
  held counts less than one played, so a knight is played rather than hoarded), knights played, road length,
  harbours, the free intersections their roads reach and, for less, those one or two roads beyond (so a road
  towards the next site is worth building before the site is reached: without it, greedy players with no site left
  stopped building and games ran into the turn limit).

:func:`lookahead` applies deterministic actions on a clone. Actions whose outcome is hidden chance are rated
without drawing it: ``roll`` (the dice), ``buy`` (the card), ``robber``/``steal`` (the stolen card). Trading
between players follows a plan: the best one-for-one swap of the hand, offered to everyone (not again once
everyone declined it this turn), accepted when it improves the answering player's hand, confirmed with the acceptor
who has the fewest points.

**How the ratings are fast, and why they are the same.** The greedy bot rates every legal action of a decision, a
few thousand per game; this module and :mod:`.ratings` make that cheap without changing one value:

* :func:`heuristic` is :func:`rated` of :func:`parts`: the parts are worked out, then always added up in the same
  order. :mod:`.ratings` (``CatanGame.lookaheads``) works out a decision's parts once and rates an action that
  changes only some of them by replacing those: the same numbers added in the same order give the very float a
  full evaluation of the position after the action gives. Actions whose effect it does not follow are still played
  on a clone (:func:`lookahead`), and ``tests/catan/test_ratings.py`` compares both ways float for float.
* Production counts each node's pips (``Tables.node_pips``) less the robber's hex: whole numbers, so the total is
  exactly the sum hex by hex (:func:`production_by_hex`).
* Pure functions of a few small numbers are looked up instead of recomputed: a hand's value and its best swap per
  (hand, safe hand, the others' holdings) in a :class:`HandMemo` per game design (built from prepared numbers, the
  same float :func:`hand_value` gives), the nodes beyond a network per (reached nodes, open paths). A look-up
  returns what the function returned for those arguments, so it changes nothing; each table is bounded
  (:data:`MEMO_LIMIT` entries) and starts again empty when full.
* The trade between players is rated as a family (:func:`trade_ratings`): the position's value, its best swap and
  the exchange's gain once per decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from games.core import Action

from .board import HEX_CORNER_MASK, NODE_BIT, NODE_HEXES, NODE_STEPS, Tables, bits
from .data import rulebook
from .design import Cost
from .development import DEV_KINDS, KNIGHT, VICTORY_POINT
from .pieces import RESOURCE_KINDS
from .state import ANSWER, CONFIRM, OFFER

if TYPE_CHECKING:
    from .game import CatanGame

DEV_VALUE = 0.45
#: A knight card in hand, and one played (which also moved the robber and counts towards the largest army).
KNIGHT_HELD, KNIGHT_PLAYED = 0.25, 0.4
#: Free intersections one road and two roads beyond the network (at most two of each count).
NEXT_SITE, SITE_AFTER = 0.12, 0.06


def production(game: CatanGame, p: int) -> float:
    """Expected resource cards per roll for ``p`` (pips / 36), the robber's hex left out."""
    s = game.state
    return production_of(game.tables, s.settlements[p], s.cities[p], s.robber)


def production_of(tables: Tables, settlements: int, cities: int, robber: int) -> float:
    """Expected cards per roll of the buildings ``settlements`` and ``cities`` (masks) with the robber on ``robber``:
    each node's pips (``tables.node_pips``), cities twice, less the robber's hex's pips for each building on its
    corners. The pips add up as whole numbers, so the total is exactly the sum hex by hex."""
    node_pips = tables.node_pips
    total = 0
    for mask in (settlements | cities, cities):  # every building once, and cities a second time
        while mask:
            low = mask & -mask
            total += node_pips[low.bit_length() - 1]
            mask ^= low
    corners = HEX_CORNER_MASK[robber]
    blocked = ((settlements | cities) & corners).bit_count() + (cities & corners).bit_count()
    return (total - tables.pips[robber] * blocked) / 36


def production_by_hex(pips: Sequence[int], settlements: int, cities: int, robber: int) -> float:
    """:func:`production_of` hex by hex, for pips per hex that are not a layout's (the Inventor's swap)."""
    total = 0
    for v in bits(settlements | cities):
        amount = 2 if cities >> v & 1 else 1
        for h in NODE_HEXES[v]:
            if h != robber:
                total += pips[h] * amount
    return total / 36


class HandMemo:
    """Hand values (:func:`hand_value`) and best swaps (:func:`best_swap`) already worked out for one game's build
    bonuses: both are pure functions of a few small numbers, asked again and again (the same hand is rated for every
    action of a decision and for every decision of a trade offer), so each is computed once and looked up after.
    Bounded: a table that reaches :data:`MEMO_LIMIT` entries starts again empty."""

    __slots__ = ("bonuses", "plan", "values", "swaps")

    def __init__(self, bonuses: tuple[tuple[Cost, float], ...]) -> None:
        self.bonuses = bonuses
        #: Each build's cost, bonus, 0.4 of the bonus and the cost's card count: :func:`hand_value`'s numbers, the
        #: same floats and whole numbers it works out each time (so :meth:`computed` gives its very result).
        self.plan = tuple((cost, bonus, bonus * 0.4, sum(n for _, n in cost)) for cost, bonus in bonuses)
        self.values: dict[tuple[int, ...], float] = {}
        self.swaps: dict[tuple[int, ...], tuple[int, int, float]] = {}

    def value(self, hand: Sequence[int], safe: int) -> float:
        """``hand_value(hand, safe, bonuses)``, looked up."""
        key = (*hand, safe)
        found = self.values.get(key)
        if found is None:
            if len(self.values) >= MEMO_LIMIT:
                self.values.clear()
            found = self.values[key] = self.computed(hand, safe)
        return found

    def computed(self, hand: Sequence[int], safe: int) -> float:
        """:func:`hand_value` step by step with the prepared numbers: the same operations on the same numbers in the
        same order (``tests/catan/test_ratings.py`` compares them on random hands)."""
        total = 0
        for n in hand:
            total += n
        value = 0.12 * (total if total < safe else safe)
        for cost, bonus, share, size in self.plan:
            have, complete = 0, True
            for r, n in cost:
                held = hand[r]
                if held >= n:
                    have += n
                else:
                    have += held
                    complete = False
            if complete:
                value += bonus
                break
            value += share * have / size
        return value


#: Entries a memo table of this module holds before it starts again (a few MB at most).
MEMO_LIMIT = 1 << 14
#: HandMemo per set of build bonuses, by the bonuses' id; the entry holds the bonuses, so the id is never reused.
_HAND_MEMOS: dict[int, HandMemo] = {}


def hand_memo(game: CatanGame) -> HandMemo:
    """The :class:`HandMemo` of ``game``'s build bonuses (``game.design.build_bonus``)."""
    bonuses = game.design.build_bonus
    memo = _HAND_MEMOS.get(id(bonuses))
    if memo is None or memo.bonuses is not bonuses:
        if len(_HAND_MEMOS) >= 64:
            _HAND_MEMOS.clear()
        memo = _HAND_MEMOS[id(bonuses)] = HandMemo(bonuses)
    return memo


def hand_value(hand: Sequence[int], safe: int, bonuses: tuple[tuple[Cost, float], ...]) -> float:
    """Cards are worth 0.12 each up to the safe hand and nothing past it (a 7 would take half of them; valued, they
    kept greedy players from trading a surplus away at the bank: hoarded, then discarded); completing a build adds
    its bonus (``bonuses``: the game's ``design.build_bonus``, costs and bonuses in the order they are tried)."""
    value = 0.12 * min(sum(hand), safe)
    for cost, bonus in bonuses:
        if all(hand[r] >= n for r, n in cost):
            value += bonus
            break
        value += bonus * 0.4 * sum(min(hand[r], n) for r, n in cost) / sum(n for _, n in cost)
    return value


def final_value(game: CatanGame, p: int) -> float | None:
    """A finished game's value for ``p`` (100 for a winner, -100 otherwise); ``None`` while the game goes on."""
    if not game.is_terminal():
        return None
    outcome = game.outcome()
    assert outcome is not None
    return 100.0 if p in outcome.winners else -100.0


def heuristic(game: CatanGame, p: int) -> float:
    final = final_value(game, p)
    if final is not None:
        return final
    return rated(*parts(game, p, hand_memo(game)))


#: The places of :func:`parts`' list (what a look-ahead replaces when an action changes that part).
OWN, OTHER, PRODUCTION, HAND, DEVS, HELD, PLAYED, ROAD, HARBOURS, SPOTS, AHEAD = range(11)


def parts(game: CatanGame, p: int, memo: HandMemo) -> list[float]:
    """The parts :func:`rated` adds up, for ``p`` in a game that goes on: their points (face-down cards included),
    the best other player's public points, production, hand value, development cards (not knights or victory
    points), knights held and played, road length, harbours, reachable free sites (at most 3) and sites ahead."""
    s = game.state
    base = p * RESOURCE_KINDS
    kinds = p * DEV_KINDS
    devs = s.devs
    bank = game.design.bank_rate
    rates = s.rates
    reach = s.reach[p]
    knights = devs[kinds + KNIGHT]
    return [s.points[p] + game.hidden_points(p), max(s.points[q] for q in range(game.players) if q != p),
            production(game, p), memo.value(s.hands[base:base + RESOURCE_KINDS], game.safe_hand(p)),
            sum(devs[kinds:kinds + DEV_KINDS]) - devs[kinds + VICTORY_POINT] - knights, knights, s.knights[p],
            s.road_length[p], sum(1 for r in range(RESOURCE_KINDS) if rates[base + r] < bank),
            min((s.free & reach).bit_count(), 3), sites_from(reach, s.open_edges, s.free)]


def rated(own: float, other: float, production: float, hand: float, devs: float, held: float, played: float,
          road: float, harbours: float, spots: float, ahead: float) -> float:
    """The evaluation from its parts (:func:`parts`), always added up in this order: a look-ahead that replaces a part
    gets the very float a full evaluation of the position after the action gives."""
    return (1.0 * own - 0.6 * other + 2.2 * production + hand + DEV_VALUE * devs + KNIGHT_HELD * held
            + KNIGHT_PLAYED * played + 0.06 * road + 0.1 * harbours + 0.25 * spots + ahead)


def terms(game: CatanGame, p: int) -> dict[str, float]:
    """The parts of :func:`heuristic` by name, as a learner counts them on the island (the coach's reasons): points
    (their own face-down cards included), resource cards a roll brings on average, road length, harbours better
    than the bank, free intersections the roads reach and those one road beyond."""
    s = game.state
    bank = game.design.bank_rate
    reach = s.reach[p]
    beyond = beyond_network(reach, s.open_edges)[0]
    return {"points": float(s.points[p] + game.hidden_points(p)), "cards per roll": round(production(game, p), 2),
            "road length": float(s.road_length[p]),
            "harbour rates": float(sum(1 for r in range(RESOURCE_KINDS) if s.rates[p * RESOURCE_KINDS + r] < bank)),
            "free spots your roads reach": float((s.free & reach).bit_count()),
            "free spots one road beyond": float((s.free & beyond).bit_count())}


def sites_ahead(game: CatanGame, p: int) -> float:
    """Free intersections one and two roads beyond ``p``'s network over open paths (opponents' buildings that
    would cut a road are ignored: a rough guide for a one-step bot), at most two of each."""
    s = game.state
    return sites_from(s.reach[p], s.open_edges, s.free)


def sites_from(reach: int, open_edges: int, free: int) -> float:
    """:func:`sites_ahead` of a network that touches the nodes ``reach``, with these open paths and free nodes."""
    one, two = beyond_network(reach, open_edges)
    return NEXT_SITE * min((free & one).bit_count(), 2) + SITE_AFTER * min((free & two).bit_count(), 2)


def free_sites(game: CatanGame, p: int, free: int) -> tuple[int, float]:
    """The site terms of ``p``'s position once the free intersections are ``free`` (a settlement or a knight placed,
    a knight moved): the free sites their network touches (3 count at most) and the sites ahead (:func:`sites_from`)."""
    reach = game.state.reach[p]
    return min((free & reach).bit_count(), 3), sites_from(reach, game.state.open_edges, free)


def beyond_network(reach: int, open_edges: int) -> tuple[int, int]:
    """The nodes one open path beyond the nodes ``reach``, and those one more path beyond (masks). Looked up: a
    network and the open paths change only when a road is built, and every decision between asks again."""
    key = (reach, open_edges)
    found = _BEYOND.get(key)
    if found is None:
        one = _one_path_beyond(reach, open_edges) & ~reach
        two = _one_path_beyond(one, open_edges) & ~(reach | one)
        if len(_BEYOND) >= MEMO_LIMIT:
            _BEYOND.clear()
        found = _BEYOND[key] = (one, two)
    return found


_BEYOND: dict[tuple[int, int], tuple[int, int]] = {}


def _one_path_beyond(nodes: int, open_edges: int) -> int:
    """The nodes an open path leads to from the nodes of the mask ``nodes``."""
    out = 0
    for v in bits(nodes):
        for e, w in NODE_STEPS[v]:
            if open_edges >> e & 1:
                out |= NODE_BIT[w]
    return out


def holding_mask(game: CatanGame, p: int) -> int:
    """The resources (a mask) some player other than ``p`` holds: public, from the bank and one's own hand."""
    from .trade import others_holding

    mask = 0
    for r in range(RESOURCE_KINDS):
        if others_holding(game, p, r):
            mask |= 1 << r
    return mask


def best_swap(game: CatanGame, p: int) -> tuple[int, int, float]:
    """The one-for-one swap (give, want, gain) that most improves ``p``'s hand value; gain 0 if none helps."""
    s = game.state
    hand = s.hands[p * RESOURCE_KINDS:p * RESOURCE_KINDS + RESOURCE_KINDS]
    return swap_of(hand_memo(game), hand, game.safe_hand(p), holding_mask(game, p))


def swap_of(memo: HandMemo, hand: list[int], safe: int, holding: int) -> tuple[int, int, float]:
    """:func:`best_swap` of ``hand`` when the others hold the resources of the mask ``holding`` (looked up)."""
    key = (*hand, safe, holding)
    found = memo.swaps.get(key)
    if found is not None:
        return found
    now = memo.value(hand, safe)
    best = (-1, -1, 0.0)
    for g in range(RESOURCE_KINDS):
        if not hand[g]:
            continue
        for w in range(RESOURCE_KINDS):
            if w == g or not holding >> w & 1:
                continue
            hand[g] -= 1
            hand[w] += 1
            gain = memo.value(hand, safe) - now
            hand[g] += 1
            hand[w] -= 1
            if gain > best[2] + 1e-9:
                best = (g, w, gain)
    if len(memo.swaps) >= MEMO_LIMIT:
        memo.swaps.clear()
    memo.swaps[key] = best
    return best


def exchange_gain(game: CatanGame, q: int, gets: list[int], gives: list[int]) -> float:
    """How much ``q``'s hand value changes when they get ``gets`` and give ``gives`` (counts per resource)."""
    s = game.state
    hand = s.hands[q * RESOURCE_KINDS:q * RESOURCE_KINDS + RESOURCE_KINDS]
    memo = hand_memo(game)
    safe = game.safe_hand(q)
    before = memo.value(hand, safe)
    after = [hand[r] + gets[r] - gives[r] for r in range(RESOURCE_KINDS)]
    return memo.value(after, safe) - before


def lookahead(game: CatanGame, action: Action, p: int) -> float:
    s = game.state
    verb = action.verb
    if verb == "roll":
        return heuristic(game, p)
    if verb == "buy":
        twin = game.clone()
        for r, n in game.design.development_cost:
            twin.state.hands[p * RESOURCE_KINDS + r] -= n
        return heuristic(twin, p) + DEV_VALUE
    if verb == "robber":
        twin = game.clone()
        twin.state.robber = int(action.args[0])  # type: ignore[arg-type]
        return heuristic(twin, p) + robbing(game, twin.state.robber, p)
    if verb == "steal":
        return heuristic(game, p) + 0.05 * s.points[int(action.args[0]) - 1]  # type: ignore[arg-type]
    if s.phase in (OFFER, ANSWER, CONFIRM) or verb == "propose":
        return trade_ratings(game, (action,), p, heuristic(game, p))[0]
    twin = game.clone()
    twin.apply_unchecked(action)
    return heuristic(twin, p)


def robbing(game: CatanGame, h: int, p: int) -> float:
    """What moving the robber to hex ``h`` adds for ``p`` beyond the position: someone to rob there, the more points
    they have the better."""
    from .robber import victims_at

    victims = victims_at(game, h, p)
    return (0.15 if victims else 0.0) + 0.05 * max([game.state.points[q] for q in bits(victims)] or [0])


def trade_ratings(game: CatanGame, actions: Sequence[Action], p: int, now: float) -> list[float]:
    """The ratings of ``actions`` of a trade between players (``propose``, or a decision of the offer, the answer or
    the confirmation), ``now`` being the position's own: the trade follows the plan of the module docstring. What the
    actions share (the best swap, the exchange's gain) is worked out once."""
    s = game.state
    phase = s.phase
    out = []
    if phase == ANSWER:
        gain = None
        for action in actions:
            if action.verb == "decline":
                out.append(now)
                continue
            if gain is None:
                gain = exchange_gain(game, p, s.offer_give, s.offer_want)
            leader = s.points[s.player] >= max(s.points) and s.points[s.player] >= game.config.points_to_win - 3
            out.append(now + gain - (0.3 if leader else 0.0) - 0.02)
        return out
    if phase == CONFIRM:
        gain = None
        for action in actions:
            if action.verb == "withdraw":
                out.append(now)
                continue
            if gain is None:
                gain = exchange_gain(game, p, s.offer_want, s.offer_give)
            q = int(action.args[0]) - 1  # type: ignore[arg-type]
            out.append(now + gain - 0.01 * s.points[q] + 0.05)
        return out
    give, want, gain = best_swap(game, p)
    if phase != OFFER:  # propose: the best swap, unless everyone declined that very offer this turn
        from .trade import declined_this_turn

        again = gain > 0.1 and declined_this_turn(game, give, want)
        return [now + gain - 0.05 if gain > 0.1 and not again else now - 1.0 for _ in actions]
    draft = [give == r for r in range(RESOURCE_KINDS)], [want == r for r in range(RESOURCE_KINDS)]
    planned = gain > 0.1 and [bool(n) for n in s.offer_give] == draft[0] \
        and [bool(n) for n in s.offer_want] == draft[1] and sum(s.offer_give) == 1 and sum(s.offer_want) == 1
    for action in actions:
        verb = action.verb
        if verb == "ask":
            out.append(now + (2.0 if planned and action.args[0] == "all" else -1.0))
        elif verb == "give":
            ok = gain > 0.1 and not any(s.offer_give) and action.args[0] == rulebook.RESOURCES[give]
            out.append(now + (1.0 if ok else -1.0))
        elif verb == "want":
            ok = gain > 0.1 and not any(s.offer_want) and action.args[0] == rulebook.RESOURCES[want]
            out.append(now + (1.0 if ok else -1.0))
        else:
            out.append(now)  # withdraw
    return out
