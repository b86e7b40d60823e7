"""The numbers a game plays with, prepared once per variant from its parameters (:mod:`.parameters`).

Rules code reads ``game.design`` (a frozen record shared by every clone and every game of the same class and variant),
never the data module: costs as ``((card, count), ...)`` tuples and the affordability tests legal-move generation asks
on every decision (one small function per cost, written out for its numbers), piece counts, points, rates, the
development deck and the set-up's pools. The printed game's record holds exactly the printed numbers, so its games
are the ones they always were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Callable

from .affordability import affordable
from .data import rulebook

Cost = tuple[tuple[int, int], ...]
Test = Callable[[Any], bool]

RESOURCES = rulebook.RESOURCES
DEVELOPMENT_KINDS = rulebook.DEVELOPMENT_KINDS
#: Harbour kind of a generic 3:1 harbour (``board.GENERIC``; kinds 0-4 are the special harbour of that resource).
GENERIC_KIND = len(RESOURCES)
#: How much completing each build adds to a hand's value for the greedy bot (:func:`.evaluation.hand_value`), in the
#: order it tries them; the costs are the game's.
BUILD_BONUSES = (("city", 0.9), ("settlement", 0.8), ("development", 0.3), ("road", 0.25))


def cost_of(table: Mapping[str, int], cards: tuple[str, ...] = RESOURCES) -> Cost:
    """A cost as ((card index, count), ...) in card order, without the cards it does not ask for."""
    return tuple((i, int(table[c])) for i, c in enumerate(cards) if table.get(c))


def cost_text(cost: Cost, cards: tuple[str, ...] = RESOURCES) -> str:
    """``1 brick + 1 lumber``; ``nothing`` for a free build."""
    return " + ".join(f"{n} {cards[r]}" for r, n in cost) or "nothing"


@dataclass(frozen=True, slots=True)
class Design:
    """Everything a game's rules read of its parameters, prepared (module docstring)."""

    road_cost: Cost
    settlement_cost: Cost
    city_cost: Cost
    #: A development card (in Cities & Knights: a knight and its activation, what random play and the greedy bot
    #: weigh in its place).
    development_cost: Cost
    can_road: Test
    can_settle: Test
    can_city: Test
    can_buy: Test
    #: The builds random play's trades aim at (settlement, city, development card).
    goals: tuple[Test, ...]
    #: (cost, bonus) of each build the greedy bot's hand value counts, in the order it tries them.
    build_bonus: tuple[tuple[Cost, float], ...]
    settlements: int
    cities: int
    roads: int
    #: Development cards per kind (kind index order); none in Cities & Knights.
    deck: tuple[int, ...]
    settlement_points: int
    city_points: int
    card_points: int
    longest_min: int
    longest_points: int
    army_min: int
    army_points: int
    plenty_cards: int
    free_roads: int
    bank_rate: int
    generic_rate: int
    special_rate: int
    #: Per card kind: the rate without a harbour, and at a generic harbour.
    start_rates: tuple[int, ...]
    generic_rates: tuple[int, ...]
    #: Per card kind: how many the game has (bank and hands).
    card_totals: tuple[int, ...]
    robber_roll: int
    #: The variable set-up's terrain (terrain index per hex, before the shuffle), tokens (spiral order) and harbour
    #: kinds (before the shuffle).
    terrain_pool: tuple[int, ...]
    tokens: tuple[int, ...]
    harbour_pool: tuple[int, ...]
    #: The most points a player may hold face down (every victory point card): the cheap test before declaring.
    most_hidden: int


def base_fields(params: Mapping[str, Any], development: Mapping[str, int], cards: tuple[str, ...],
                start_rates: tuple[int, ...], generic_rates: tuple[int, ...], card_totals: tuple[int, ...],
                deck: tuple[int, ...], card_points: int, army: tuple[int, int], plenty: tuple[int, int]
                ) -> dict[str, Any]:
    """The fields of :class:`Design` both games share, from their parameters; ``development`` is the cost that
    stands for a development card, ``army`` (minimum, points) and ``plenty`` (Year of Plenty cards, Road Building
    roads) what the game has of the development cards' rules."""
    costs = params["costs"]
    road, settlement, city = (cost_of(costs[k], cards) for k in ("road", "settlement", "city"))
    dev = cost_of(development, cards)
    by_name = {"road": road, "settlement": settlement, "city": city, "development": dev}
    pieces, points, rates = params["pieces"], params["points"], params["rates"]
    terrains = params["terrain_counts"]
    harbours = params["harbour_counts"]
    return dict(
        road_cost=road, settlement_cost=settlement, city_cost=city, development_cost=dev,
        can_road=affordable(road), can_settle=affordable(settlement), can_city=affordable(city),
        can_buy=affordable(dev), goals=(affordable(settlement), affordable(city), affordable(dev)),
        build_bonus=tuple((by_name[k], bonus) for k, bonus in BUILD_BONUSES),
        settlements=pieces["settlement"], cities=pieces["city"], roads=pieces["road"], deck=deck,
        settlement_points=points["settlement"], city_points=points["city"], card_points=card_points,
        longest_min=params["longest_road_min"], longest_points=params["longest_road_points"],
        army_min=army[0], army_points=army[1], plenty_cards=plenty[0], free_roads=plenty[1],
        bank_rate=rates["bank"], generic_rate=rates["generic"], special_rate=rates["special"],
        start_rates=start_rates, generic_rates=generic_rates, card_totals=card_totals,
        robber_roll=params["robber_roll"],
        # pools in the printed tables' order (a variant's table may list its cells in any order): the same shuffle
        terrain_pool=tuple(rulebook.TERRAINS.index(t) for t in rulebook.TERRAIN_COUNTS.value
                           for _ in range(terrains[t])),
        tokens=tuple(params["number_tokens"]),
        harbour_pool=tuple(GENERIC_KIND if k == "generic" else RESOURCES.index(k)
                           for k in rulebook.HARBOUR_COUNTS.value for _ in range(harbours[k])),
        most_hidden=deck[DEVELOPMENT_KINDS.index("victory-point")] * card_points if deck else 0)


def base_design(params: Mapping[str, Any]) -> Design:
    """The prepared numbers of a base Catan game."""
    rates = params["rates"]
    k = len(RESOURCES)
    deck = tuple(params["development_cards"][kind] for kind in DEVELOPMENT_KINDS)
    return Design(**base_fields(
        params, params["costs"]["development"], RESOURCES, (rates["bank"],) * k, (rates["generic"],) * k,
        (params["resource_cards"],) * k, deck, params["points"]["victory-point"],
        (params["largest_army_min"], params["largest_army_points"]),
        (params["year_of_plenty_cards"], params["road_building_roads"])))


_DESIGNS: dict[tuple[Any, ...], Any] = {}


def design_for(key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
    """The design cached under ``key`` (a game class and its variant), made once by ``make``."""
    found = _DESIGNS.get(key)
    if found is None:
        if len(_DESIGNS) >= 256:
            _DESIGNS.clear()
        found = _DESIGNS[key] = make()
    return found
