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

**How the ratings are fast, and why they are the same** (as in the base game, :mod:`games.catan.evaluation`):
:func:`heuristic` is :func:`rated` of :func:`parts`, added up always in the same order, so
:mod:`.ratings` (``CKGame.lookaheads``) works out a decision's parts once and rates an action that changes only some
of them (the cards after a trade or a cost, a knight's strength, a road, a building, production after the Inventor's
swap) by replacing those: the very float a full evaluation after the action gives. The cards' value is looked up per
(hand, safe hand, improvement levels) in the game design's :class:`~games.catan.evaluation.HandMemo`; the active
knights' strengths are counted once per position. What it does not follow is played on a clone (:func:`lookahead`);
``tests/catan/test_ratings.py`` compares both ways float for float.
"""

from __future__ import annotations

from operator import lt
from typing import TYPE_CHECKING

from games.catan.evaluation import HandMemo, final_value, hand_memo, production_of, sites_from
from games.catan.state import ANSWER, CONFIRM, OFFER
from games.core import Action

from . import barbarians, knights
from .state import CARD_KINDS, CLOTH, COIN, PAPER, RESOURCE_KINDS, TRACK_CARD

if TYPE_CHECKING:
    from .game import CKGame

CARD_VALUE = 0.5
CHANCE = ("roll", "dice", "robber", "steal", "draw")


def production(game: CKGame, p: int) -> float:
    """Expected cards per roll for ``p`` (pips / 36; a city's commodity counts like a resource), the robber's hex
    left out: the base game's count (:func:`games.catan.evaluation.production_of`)."""
    s = game.state
    return production_of(game.tables, s.settlements[p], s.cities[p], s.robber)


def threat(game: CKGame, p: int) -> float:
    """How likely ``p`` is to lose a city to the next attack, times how close it is (0 to 1)."""
    return threat_of(game, p, active_strengths(game), game.state.cities)


def active_strengths(game: CKGame) -> list[int]:
    """Every player's active knights' strength (:func:`.barbarians.knight_strength` of their active knights)."""
    s = game.state
    strength = game.design.strength
    one, two, three = strength[0], strength[1], strength[2]
    at, active = s.knights_at, s.active
    return [one * (at[q * 3] & active[q]).bit_count() + two * (at[q * 3 + 1] & active[q]).bit_count()
            + three * (at[q * 3 + 2] & active[q]).bit_count() for q in range(game.players)]


def threat_of(game: CKGame, p: int, actives: list[int], cities: list[int]) -> float:
    """:func:`threat` when each player's active knights have the strengths ``actives`` and their cities are
    ``cities`` (masks; the barbarians' strength counts them all, :func:`.barbarians.strength`)."""
    s = game.state
    exposed = cities[p].bit_count() - s.metro_owner.count(p)
    if exposed <= 0:
        return 0.0
    attack = 0
    for c in cities:
        attack += c.bit_count()
    if sum(actives) >= attack:  # the island's defence holds
        return 0.0
    mine = actives[p]
    lowest = True  # no other player's active knights are weaker (a plain loop: asked at every decision)
    for q in range(game.players):
        if q != p and actives[q] < mine:
            lowest = False
            break
    return (s.barbarian + 1) / game.design.steps * (1.0 if lowest else 0.3)


def heuristic(game: CKGame, p: int) -> float:
    final = final_value(game, p)
    if final is not None:
        return final
    return rated(*parts(game, p, hand_memo(game)))


#: The places of :func:`parts`' list (what a look-ahead replaces when an action changes that part).
OWN, OTHER, PRODUCTION, CARDS, LEVELS, ABILITIES, PROGRESS, STRENGTH, ACTIVE, THREAT, ROAD, HARBOURS, SPOTS, \
    AHEAD = range(14)


def parts(game: CKGame, p: int, memo: HandMemo, actives: list[int] | None = None) -> list[float]:
    """The parts :func:`rated` adds up, for ``p`` in a game that goes on: their points, the best other player's,
    production, the cards' value (:func:`cards_value`), improvement levels and those at an ability, progress cards
    held, knights' strength and that of the active ones, the barbarians' threat, road length, harbours, reachable
    free sites (at most 3) and sites ahead."""
    s = game.state
    return parts_of(game, p, memo, s.hands[p * CARD_KINDS:p * CARD_KINDS + CARD_KINDS], s.levels[p * 3:p * 3 + 3],
                    game.safe_hand(p), active_strengths(game) if actives is None else actives)


def parts_of(game: CKGame, p: int, memo: HandMemo, hand: list[int], levels: list[int], safe: int,
             actives: list[int]) -> list[float]:
    """:func:`parts` from ``p``'s cards, improvement levels, safe hand and every player's active strength (a caller
    that has them passes them)."""
    s = game.state
    reach = s.reach[p]
    points = s.points
    strength = game.design.strength
    at = s.knights_at
    base = p * CARD_KINDS
    free = s.free
    level0, level1, level2 = levels
    return [points[p], max(points[:p] + points[p + 1:]),
            production_of(game.tables, s.settlements[p], s.cities[p], s.robber),
            cards_value(memo, hand, safe, levels), level0 + level1 + level2,
            (level0 >= 3) + (level1 >= 3) + (level2 >= 3), len(s.progress[p]),
            strength[0] * at[p * 3].bit_count() + strength[1] * at[p * 3 + 1].bit_count()
            + strength[2] * at[p * 3 + 2].bit_count(), actives[p], threat_of(game, p, actives, s.cities),
            s.road_length[p], sum(map(lt, s.rates[base:base + CARD_KINDS], game.design.start_rates)),
            min((free & reach).bit_count(), 3), sites_from(reach, s.open_edges, free)]


def rated(own: float, other: float, production: float, cards: float, levels: float, abilities: float,
          progress: float, strength: float, active: float, threat: float, road: float, harbours: float, spots: float,
          ahead: float) -> float:
    """The evaluation from its parts (:func:`parts`), always added up in this order: a look-ahead that replaces a part
    gets the very float a full evaluation of the position after the action gives."""
    return (1.0 * own - 0.6 * other + 2.4 * production + cards + 0.45 * levels + 0.3 * abilities
            + CARD_VALUE * progress + 0.12 * strength + 0.1 * active - 1.6 * threat + 0.06 * road + 0.1 * harbours
            + 0.25 * spots + ahead)


def cards_value(memo: HandMemo, hand: list[int], safe: int, levels: list[int]) -> float:
    """What ``p``'s cards are worth: the resources' hand value (the 7's limit less the commodities held; looked up in
    ``memo``), each commodity towards its track's next improvement (:data:`TOWARDS`), and a little for every
    commodity."""
    commodities = hand[CLOTH] + hand[COIN] + hand[PAPER]
    # memo.value written out (its key, its table): the cards' value is asked for several actions of each decision
    value = memo.values.get((hand[0], hand[1], hand[2], hand[3], hand[4], safe - commodities))
    if value is None:
        value = memo.value(hand[:RESOURCE_KINDS], safe - commodities)
    for t in range(3):
        level = levels[t]
        if level < 5:
            need = level + 1
            held = hand[TRACK_CARD[t]]
            value += TOWARDS[level][held if held < need else need]
    value += 0.08 * commodities
    return value


#: ``TOWARDS[level][held]``: what ``held`` commodities (at most the ``level + 1`` the next improvement takes) of a
#: track at ``level`` add, ``0.25 * held / (level + 1)`` worked out as the cards' value always did (the same float).
TOWARDS: tuple[tuple[float, ...], ...] = tuple(tuple(0.25 * held / (level + 1) for held in range(level + 2))
                                               for level in range(5))


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
