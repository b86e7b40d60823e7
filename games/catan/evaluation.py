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
between players follows a plan: the best one-for-one swap of the hand, offered to everyone, accepted when it
improves the answering player's hand, confirmed with the acceptor who has the fewest points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action

from .board import NODE_BIT, NODE_HEXES, NODE_STEPS, bits
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
    pips = game.tables.pips
    total = 0
    for v in bits(s.settlements[p] | s.cities[p]):
        amount = 2 if s.cities[p] >> v & 1 else 1
        for h in NODE_HEXES[v]:
            if h != s.robber:
                total += pips[h] * amount
    return total / 36


def hand_value(hand: list[int], safe: int, bonuses: tuple[tuple[Cost, float], ...]) -> float:
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
    s = game.state
    own = s.points[p] + game.hidden_points(p)
    best_other = max(s.points[q] for q in range(game.players) if q != p)
    hand = s.hands[p * RESOURCE_KINDS:p * RESOURCE_KINDS + RESOURCE_KINDS]
    knights = s.devs[p * DEV_KINDS + KNIGHT]
    devs = sum(s.devs[p * DEV_KINDS:p * DEV_KINDS + DEV_KINDS]) - s.devs[p * DEV_KINDS + VICTORY_POINT] - knights
    bank = game.design.bank_rate
    harbours = sum(1 for r in range(RESOURCE_KINDS) if s.rates[p * RESOURCE_KINDS + r] < bank)
    spots = min((s.free & s.reach[p]).bit_count(), 3)
    return (1.0 * own - 0.6 * best_other + 2.2 * production(game, p)
            + hand_value(hand, game.safe_hand(p), game.design.build_bonus)
            + DEV_VALUE * devs + KNIGHT_HELD * knights + KNIGHT_PLAYED * s.knights[p] + 0.06 * s.road_length[p]
            + 0.1 * harbours + 0.25 * spots + sites_ahead(game, p))


def terms(game: CatanGame, p: int) -> dict[str, float]:
    """The parts of :func:`heuristic` by name, as a learner counts them on the island (the coach's reasons): points
    (their own face-down cards included), resource cards a roll brings on average, road length, harbours better
    than the bank, free intersections the roads reach and those one road beyond."""
    s = game.state
    bank = game.design.bank_rate
    reach = s.reach[p]
    beyond = _one_path_beyond(reach, s.open_edges) & ~reach
    return {"points": float(s.points[p] + game.hidden_points(p)), "cards per roll": round(production(game, p), 2),
            "road length": float(s.road_length[p]),
            "harbour rates": float(sum(1 for r in range(RESOURCE_KINDS) if s.rates[p * RESOURCE_KINDS + r] < bank)),
            "free spots your roads reach": float((s.free & reach).bit_count()),
            "free spots one road beyond": float((s.free & beyond).bit_count())}


def sites_ahead(game: CatanGame, p: int) -> float:
    """Free intersections one and two roads beyond ``p``'s network over open paths (opponents' buildings that
    would cut a road are ignored: a rough guide for a one-step bot), at most two of each."""
    s = game.state
    reach = s.reach[p]
    one = _one_path_beyond(reach, s.open_edges) & ~reach
    two = _one_path_beyond(one, s.open_edges) & ~(reach | one)
    return NEXT_SITE * min((s.free & one).bit_count(), 2) + SITE_AFTER * min((s.free & two).bit_count(), 2)


def _one_path_beyond(nodes: int, open_edges: int) -> int:
    """The nodes an open path leads to from the nodes of the mask ``nodes``."""
    out = 0
    for v in bits(nodes):
        for e, w in NODE_STEPS[v]:
            if open_edges >> e & 1:
                out |= NODE_BIT[w]
    return out


def best_swap(game: CatanGame, p: int) -> tuple[int, int, float]:
    """The one-for-one swap (give, want, gain) that most improves ``p``'s hand value; gain 0 if none helps."""
    s = game.state
    from .trade import others_holding

    hand = s.hands[p * RESOURCE_KINDS:p * RESOURCE_KINDS + RESOURCE_KINDS]
    safe = game.safe_hand(p)
    bonuses = game.design.build_bonus
    now = hand_value(hand, safe, bonuses)
    best = (-1, -1, 0.0)
    for g in range(RESOURCE_KINDS):
        if not hand[g]:
            continue
        for w in range(RESOURCE_KINDS):
            if w == g or not others_holding(game, p, w):
                continue
            hand[g] -= 1
            hand[w] += 1
            gain = hand_value(hand, safe, bonuses) - now
            hand[g] += 1
            hand[w] -= 1
            if gain > best[2] + 1e-9:
                best = (g, w, gain)
    return best


def _exchange_gain(game: CatanGame, q: int, gets: list[int], gives: list[int]) -> float:
    s = game.state
    hand = s.hands[q * RESOURCE_KINDS:q * RESOURCE_KINDS + RESOURCE_KINDS]
    bonuses = game.design.build_bonus
    before = hand_value(hand, game.safe_hand(q), bonuses)
    after = [hand[r] + gets[r] - gives[r] for r in range(RESOURCE_KINDS)]
    return hand_value(after, game.safe_hand(q), bonuses) - before


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
        from .robber import victims_at

        victims = victims_at(game, twin.state.robber, p)
        return heuristic(twin, p) + (0.15 if victims else 0.0) + 0.05 * max(
            [s.points[q] for q in bits(victims)] or [0])
    if verb == "steal":
        return heuristic(game, p) + 0.05 * s.points[int(action.args[0]) - 1]  # type: ignore[arg-type]
    if s.phase in (OFFER, ANSWER, CONFIRM) or verb == "propose":
        return _trade_rating(game, action, p)
    twin = game.clone()
    twin.apply_unchecked(action)
    return heuristic(twin, p)


def _trade_rating(game: CatanGame, action: Action, p: int) -> float:
    s = game.state
    now = heuristic(game, p)
    verb = action.verb
    if verb == "propose":
        give, want, gain = best_swap(game, p)
        return now + gain - 0.05 if gain > 0.1 else now - 1.0
    if s.phase == OFFER:
        give, want, gain = best_swap(game, p)
        draft = [give == r for r in range(RESOURCE_KINDS)], [want == r for r in range(RESOURCE_KINDS)]
        planned = gain > 0.1 and [bool(n) for n in s.offer_give] == draft[0] \
            and [bool(n) for n in s.offer_want] == draft[1] and sum(s.offer_give) == 1 and sum(s.offer_want) == 1
        if verb == "ask":
            return now + (2.0 if planned and action.args[0] == "all" else -1.0)
        if verb == "give":
            ok = gain > 0.1 and not any(s.offer_give) and action.args[0] == rulebook.RESOURCES[give]
            return now + (1.0 if ok else -1.0)
        if verb == "want":
            ok = gain > 0.1 and not any(s.offer_want) and action.args[0] == rulebook.RESOURCES[want]
            return now + (1.0 if ok else -1.0)
        return now  # withdraw
    if s.phase == ANSWER:
        if verb == "decline":
            return now
        gain = _exchange_gain(game, p, s.offer_give, s.offer_want)
        leader = s.points[s.player] >= max(s.points) and s.points[s.player] >= game.config.points_to_win - 3
        return now + gain - (0.3 if leader else 0.0) - 0.02
    if verb == "withdraw":
        return now
    q = int(action.args[0]) - 1  # type: ignore[arg-type]
    return now + _exchange_gain(game, p, s.offer_want, s.offer_give) - 0.01 * s.points[q] + 0.05
