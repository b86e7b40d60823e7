"""The numbers a Cities & Knights game plays with, prepared once per variant from its parameters
(:mod:`.parameters`): the base game's record (:class:`games.catan.design.Design`) with the expansion's costs,
knights, barbarians, improvements, progress decks, points, city yields and maritime trades.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.catan.data import ck_rulebook, rulebook
from games.catan.design import Cost, Design, Test, affordable, base_fields, cost_of

from .state import CARD_KINDS, CARD_ORDER, CARDS, KINDS, RESOURCE_KINDS, TRACKS

Yields = tuple[tuple[tuple[tuple[tuple[int, int], ...], ...], ...], ...]


@dataclass(frozen=True, slots=True)
class CKDesign(Design):
    """Everything a Cities & Knights game reads of its parameters, prepared. ``development_cost`` (the base game's
    development card) stands for a knight and its activation, what random play and the greedy bot weigh in its place.
    """

    wall_cost: Cost
    knight_cost: Cost
    promote_cost: Cost
    activate_cost: Cost
    medicine_cost: Cost
    can_wall: Test
    can_knight: Test
    can_promote: Test
    can_activate: Test
    walls: int
    wall_safe: int
    per_level: int
    strength: tuple[int, ...]
    steps: int
    faces: tuple[str, ...]
    hand_limit: int
    level_costs: tuple[int, ...]
    red_die: tuple[int, ...]
    ability: int
    metropolis_level: int
    takeover: int
    metropolis_points: int
    defender_points: int
    merchant_points: int
    progress_card_points: int
    #: The numbers printed on the progress cards, by card name (``card_numbers``).
    card_numbers: Mapping[str, int]
    #: terrain -> settlements -> cities -> ((card, count), ...): what the buildings next to one producing hex take.
    yields: Yields
    #: give -> rate -> the cards a maritime trade may take (``decision.ck-commodity-trades``).
    targets: tuple[tuple[tuple[int, ...], ...], ...]
    #: The dearest rate at which a resource trade may take a commodity (special harbour, merchant, Merchant Fleet).
    two_to_one: int
    guild_rate: int
    merchant_rate: int
    fleet_rate: int
    #: Per track: the progress cards (kind indices) before the shuffle; every card of the game, sorted.
    decks: tuple[tuple[int, ...], ...]
    all_progress: tuple[int, ...]


def medicine_text(cost: Cost) -> str:
    """The Medicine's cost in words as the card prints it, the largest part first (``2 ore + 1 grain``)."""
    return " + ".join(f"{n} {CARDS[c]}" for c, n in sorted(cost, key=lambda part: -part[1])) or "nothing"


def _yields(table: Mapping[str, Mapping[str, int]]) -> Yields:
    """terrain -> settlements -> cities -> ((card, count), ...) for up to 3 of each next to one hex."""
    city = tuple({CARDS.index(card): n for card, n in table[rulebook.TERRAINS[t]].items()}
                 for t in range(RESOURCE_KINDS))
    out = []
    for t in range(RESOURCE_KINDS):
        rows = []
        for towns in range(4):
            row = []
            for bigs in range(4):
                due: dict[int, int] = {t: towns} if towns else {}
                for card, n in city[t].items():
                    due[card] = due.get(card, 0) + n * bigs
                row.append(tuple((c, n) for c, n in sorted(due.items()) if n))
            rows.append(tuple(row))
        out.append(tuple(rows))
    return tuple(out)


def _targets(two_to_one: int, top: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """give -> rate -> cards it may take, alphabetical: commodities take anything; a resource takes a commodity only
    at a 2:1 rate (``two_to_one`` or less), else another resource."""
    out = []
    for g in range(CARD_KINDS):
        by_rate = []
        for rate in range(top + 1):
            if g >= RESOURCE_KINDS or rate <= two_to_one:
                by_rate.append(tuple(r for r in CARD_ORDER if r != g))
            else:
                by_rate.append(tuple(r for r in CARD_ORDER if r != g and r < RESOURCE_KINDS))
        out.append(tuple(by_rate))
    return tuple(out)


def ck_design(params: Mapping[str, Any]) -> CKDesign:
    """The prepared numbers of a Cities & Knights game."""
    costs = params["costs"]
    wall, knight, promote, activate = (cost_of(costs[k], CARDS) for k in ("wall", "knight", "promote", "activate"))
    active_knight = {r: costs["knight"][r] + costs["activate"][r] for r in rulebook.RESOURCES}
    rates, commodity = params["rates"], params["commodity_rates"]
    guild, merchant, fleet = params["guild_rate"], params["merchant_rate"], params["fleet_rate"]
    numbers = dict(params["card_numbers"])
    two_to_one = max(rates["special"], merchant, fleet)
    top = max(*rates.values(), *commodity.values(), guild, merchant, fleet)
    copies = params["progress_cards"]
    decks = tuple(tuple(KINDS.index(card) for card in ck_rulebook.PROGRESS_CARDS.value[t]
                        for _ in range(copies[t][card])) for t in TRACKS)
    levels = params["improvement_levels"]
    fields = base_fields(
        params, active_knight, CARDS,
        (rates["bank"],) * RESOURCE_KINDS + (commodity["bank"],) * (CARD_KINDS - RESOURCE_KINDS),
        (rates["generic"],) * RESOURCE_KINDS + (commodity["harbour"],) * (CARD_KINDS - RESOURCE_KINDS),
        (params["resource_cards"],) * RESOURCE_KINDS + (params["commodity_cards"],) * (CARD_KINDS - RESOURCE_KINDS),
        (), 0, (0, 0),
        (0, numbers["road-building"]))
    return CKDesign(
        **fields, wall_cost=wall, knight_cost=knight, promote_cost=promote, activate_cost=activate,
        medicine_cost=cost_of(params["medicine_cost"], CARDS), can_wall=affordable(wall),
        can_knight=affordable(knight), can_promote=affordable(promote), can_activate=affordable(activate),
        walls=params["walls"], wall_safe=params["wall_safe_cards"], per_level=params["knights_per_level"],
        strength=tuple(params["knight_strength"]), steps=params["barbarian_steps"], faces=tuple(params["event_die"]),
        hand_limit=params["hand_limit"], level_costs=tuple(params["level_costs"]),
        red_die=tuple(params["draw_red_die"]), ability=levels["ability"], metropolis_level=levels["metropolis"],
        takeover=levels["takeover"], metropolis_points=params["metropolis_points"],
        defender_points=params["defender_points"], merchant_points=params["merchant_points"],
        progress_card_points=params["progress_card_points"], card_numbers=numbers,
        yields=_yields(params["city_yield"]), targets=_targets(two_to_one, top), two_to_one=two_to_one,
        guild_rate=guild, merchant_rate=merchant, fleet_rate=fleet, decks=decks,
        all_progress=tuple(sorted(k for deck in decks for k in deck)))
