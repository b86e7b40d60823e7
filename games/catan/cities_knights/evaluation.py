"""What the greedy bot knows and wants in Cities & Knights: an evaluation from one seat's point of view and its
one-step look-ahead.

:func:`heuristic` reads only what ``player`` may know (the board, public counts, their own cards). It adds

* victory points against the best other player's (all points are public in Cities & Knights);
* expected production per roll in pips (a city's commodity counts like a resource), the robber's hex left out;
* a hand value: cards count until a 7 would cost half of them (walls raise the limit), more when they complete a
  build; commodities when they pay the next improvement;
* improvement levels (their draws and abilities), progress cards held (by number, never by kind, so a look-ahead
  gains nothing from a draw), knights' strength and activity;
* barbarian safety: the ship's distance, and whether the island's defence covers the cities; a seat whose exposed
  cities would be pillaged loses value as the ship nears.

:func:`lookahead` applies deterministic actions on a clone and rates chance actions (``roll``, the Alchemist's
``dice``, ``robber``, ``steal``, a tied defender's ``draw``) without drawing them. Trading between players is left to
the bank: the greedy bot neither proposes nor accepts offers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.catan.board import NODE_HEXES, bits
from games.catan.evaluation import final_value, hand_value, sites_ahead
from games.catan.state import ANSWER, CONFIRM, OFFER
from games.core import Action

from . import barbarians, knights
from .state import CARD_KINDS, RESOURCE_KINDS, TRACK_CARD

if TYPE_CHECKING:
    from .game import CKGame

CARD_VALUE = 0.5
CHANCE = ("roll", "dice", "robber", "steal", "draw")


def production(game: CKGame, p: int) -> float:
    s = game.state
    pips = game.tables.pips
    total = 0
    cities = s.cities[p]
    for v in bits(s.settlements[p] | cities):
        amount = 2 if cities >> v & 1 else 1
        for h in NODE_HEXES[v]:
            if h != s.robber:
                total += pips[h] * amount
    return total / 36


def threat(game: CKGame, p: int) -> float:
    """How likely ``p`` is to lose a city to the next attack, times how close it is (0 to 1)."""
    s = game.state
    exposed = s.cities[p].bit_count() - sum(1 for owner in s.metro_owner if owner == p)
    if exposed <= 0:
        return 0.0
    attack = barbarians.strength(game)
    defence = sum(barbarians.knight_strength(game, q, s.active[q]) for q in range(game.players))
    if defence >= attack:
        return 0.0
    mine = barbarians.knight_strength(game, p, s.active[p])
    others = [barbarians.knight_strength(game, q, s.active[q]) for q in range(game.players) if q != p]
    lowest = mine <= min(others, default=0)
    return (s.barbarian + 1) / game.design.steps * (1.0 if lowest else 0.3)


def heuristic(game: CKGame, p: int) -> float:
    final = final_value(game, p)
    if final is not None:
        return final
    s = game.state
    own = s.points[p]
    best_other = max(s.points[q] for q in range(game.players) if q != p)
    hand = s.hands[p * CARD_KINDS:p * CARD_KINDS + CARD_KINDS]
    design = game.design
    value = hand_value(hand[:RESOURCE_KINDS], game.safe_hand(p) - sum(hand[RESOURCE_KINDS:]), design.build_bonus)
    levels = s.levels[p * 3:p * 3 + 3]
    for t in range(3):
        need = levels[t] + 1
        if levels[t] < 5:
            value += 0.25 * min(hand[TRACK_CARD[t]], need) / need
    value += 0.08 * sum(hand[RESOURCE_KINDS:])
    strength = barbarians.knight_strength(game, p, knights.own(s, p))
    active = barbarians.knight_strength(game, p, s.active[p])
    start = design.start_rates
    harbours = sum(1 for r in range(CARD_KINDS) if s.rates[p * CARD_KINDS + r] < start[r])
    spots = min((s.free & s.reach[p]).bit_count(), 3)
    return (1.0 * own - 0.6 * best_other + 2.4 * production(game, p) + value
            + 0.45 * sum(levels) + 0.3 * sum(1 for level in levels if level >= 3)
            + CARD_VALUE * len(s.progress[p]) + 0.12 * strength + 0.1 * active
            - 1.6 * threat(game, p) + 0.06 * s.road_length[p] + 0.1 * harbours + 0.25 * spots
            + sites_ahead(game, p))


def terms(game: CKGame, p: int) -> dict[str, float]:
    """The parts of :func:`heuristic` by name, as a learner counts them on the island and the development boards
    (the coach's reasons): points, cards a roll brings on average, city improvement levels, knight strength (and
    the active part), road length, free intersections the roads reach."""
    s = game.state
    return {"points": float(s.points[p]), "cards per roll": round(production(game, p), 2),
            "improvement levels": float(sum(s.levels[p * 3:p * 3 + 3])),
            "knight strength": float(barbarians.knight_strength(game, p, knights.own(s, p))),
            "active knights' strength": float(barbarians.knight_strength(game, p, s.active[p])),
            "road length": float(s.road_length[p]),
            "free spots your roads reach": float((s.free & s.reach[p]).bit_count())}


def lookahead(game: CKGame, action: Action, p: int) -> float:
    s = game.state
    verb = action.verb
    if verb in CHANCE:
        return heuristic(game, p) + (0.1 if verb in ("robber", "steal", "draw") else 0.0)
    if s.phase in (OFFER, ANSWER, CONFIRM) or verb == "propose":
        now = heuristic(game, p)
        return now + (0.5 if verb in ("withdraw", "decline") else -1.0)
    twin = game.clone()
    twin.apply_unchecked(action)
    return heuristic(twin, p)
