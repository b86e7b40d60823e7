"""The designable parameters of base Catan (``catan.base``): what a designer may change, with its printed value, its
source, its range and the rules it feeds (``games.core.parameters``).

Every default is built from the data module's ``Sourced`` value (``data/rulebook.py``): its value, its source tag and
its note. The switches that already were config options are parameters with ``field`` (the victory target, the safe
hand, the set-up's layout and numbers, and our two guards of random play, tagged ``decision``). The engine reads
every other parameter from the game's prepared numbers (:mod:`.design`, built once per variant), never from the data
module.

Ranges are chosen so that every allowed value gives a game that still plays to its end; what a range cannot say
alone is a ``check`` (one table) or :func:`cross_check` (several parameters together: a cost the bank cannot pay,
a victory target no player can reach), each refusal a sentence naming the parameter and the reason
(``docs/rules_notes/catan.md``, "Designable parameters").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Parameter

from .data import rulebook

RESOURCES = rulebook.RESOURCES
#: Tokens a number may show: 2 to 12 without the 7 (the robber's roll).
TOKEN_NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
#: Most red tokens (6 and 8) the random set-up places: it keeps them apart by drawing again, and with more than 6
#: a placement without neighbouring reds takes thousands of draws (5: 1 in 40, 6: 1 in 500, 7: 1 in 20,000).
MOST_RED_TOKENS = 6
LAND_HEXES = sum(rulebook.TERRAIN_COUNTS.value.values())
HARBOUR_PLACES = len(rulebook.HARBOUR_SLOTS.value)
#: Pieces the set-up places per player (two settlements, two roads): fewer would stop the set-up.
SETUP_PIECES = {"settlement": 2, "city": 0, "road": 2}


def full_cost(cost: Mapping[str, int]) -> dict[str, int]:
    """A cost as a cell for every resource (0 where the printed cost has none), so a variant may add a resource."""
    return {r: int(cost.get(r, 0)) for r in RESOURCES}


def _setup_pieces(least: Mapping[str, int]) -> Any:
    def check(value: Mapping[str, int]) -> str | None:
        short = [f"{least[k]} {k}{'s' if least[k] > 1 else ''}" for k in least if value[k] < least[k]]
        return f"the set-up places {' and '.join(short)} per player" if short else None
    return check


def _rates_check(value: Mapping[str, int]) -> str | None:
    if not value["bank"] >= value["generic"] >= value["special"]:
        return (f"a harbour never trades worse than the bank: bank {value['bank']} >= generic {value['generic']} "
                f">= special {value['special']}")
    return None


def _terrain_check(value: Mapping[str, int]) -> str | None:
    if value["desert"] != 1:
        return "the island has one desert (the robber starts there; the 18 number tokens go on the other hexes)"
    if sum(value.values()) != LAND_HEXES:
        return f"the island has {LAND_HEXES} hexes, not {sum(value.values())}"
    barren = [t for t, n in value.items() if t != "desert" and not n]
    if barren:
        return f"every resource needs a terrain that produces it ({', '.join(barren)}: 0)"
    return None


def _tokens_check(value: tuple[int, ...]) -> str | None:
    red = sum(1 for n in value if n in rulebook.RED_NUMBERS.value)
    if red > MOST_RED_TOKENS:
        return (f"at most {MOST_RED_TOKENS} red tokens (6 and 8), not {red}: the random set-up keeps them apart and "
                "with more finds no placement in reasonable time")
    return None


def _harbours_check(value: Mapping[str, int]) -> str | None:
    total = sum(value.values())
    return None if total == HARBOUR_PLACES else f"the frame has {HARBOUR_PLACES} harbour places, not {total}"


def field(name: str, default: Any, source: str, words: str, rules: tuple[str, ...], **kw: Any) -> Parameter:
    """A parameter that is the config option of the same name."""
    return Parameter(name, default, source, words, rules=rules, field=name, **kw)


# ---------------------------------------------------------------- shared by both games (C&K adds its own)
SAFE_HAND = field("safe_hand", rulebook.SAFE_HAND.value, rulebook.SAFE_HAND.source,
                  "On a 7, every player holding more cards than this discards half of them, rounded down.",
                  ("robber.discard",), low=0, high=50, note="rule text: 8枚以上あるプレイヤーは手札を半分捨てます")
LAYOUT = field("layout", "variable", "published", "The island: the variable set-up (terrain, numbers and harbours "
               "shuffled from the seed) or the starting map for beginners.", ("setup.board",),
               choices=("variable", "beginner"), note=rulebook.SOURCES_11)
NUMBERS = field("numbers", "spiral", "published", "How the variable set-up lays the number tokens: the spiral A to R "
                "from a corner, or shuffled with no 6 or 8 next to another.",
                ("setup.numbers-spiral", "setup.numbers-random"), choices=("spiral", "random"),
                note=rulebook.SOURCES_11)
OFFERS = field("offers_per_turn", 2, "decision", "Trade offers a player may start per turn (0: no trading between "
               "players). Ours: it keeps random play finite.", ("decision.offer-limit", "trade.domestic"),
               low=0, high=10)
TURN_LIMIT = field("turn_limit", 1000, "decision", "The game ends after this many turns, the most points winning. "
                   "Ours: random play and designed variants always end.", ("decision.turn-limit",),
                   low=1, high=10_000)
RESOURCE_CARDS = Parameter("resource_cards", rulebook.RESOURCE_CARDS.value, rulebook.RESOURCE_CARDS.source,
                           "Cards of each resource in the game (bank and hands together).",
                           rules=("production.yield", "production.shortage"), low=5, high=40,
                           note=rulebook.RESOURCE_CARDS.note)
RATES = Parameter("rates", {"bank": rulebook.BANK_RATE.value, "generic": rulebook.GENERIC_RATE.value,
                            "special": rulebook.SPECIAL_RATE.value}, rulebook.BANK_RATE.source,
                  "Maritime trade: cards of one kind given for 1 card with the bank, at a generic (3:1) harbour and "
                  "at the special (2:1) harbour of that resource.", rules=("trade.maritime", "trade.harbour"),
                  low=2, high=8, check=_rates_check, note=rulebook.BANK_RATE.note)
LONGEST_ROAD_MIN = Parameter("longest_road_min", rulebook.LONGEST_ROAD_MIN.value, rulebook.LONGEST_ROAD_MIN.source,
                             "Roads in one trail the longest road needs.",
                             rules=("road.longest", "road.set-aside"), low=1, high=15,
                             note=rulebook.LONGEST_ROAD_MIN.note)
LONGEST_ROAD_POINTS = Parameter("longest_road_points", rulebook.LONGEST_ROAD_POINTS.value,
                                rulebook.LONGEST_ROAD_POINTS.source, "Points the longest road is worth.",
                                rules=("road.longest",), low=0, high=5, note=rulebook.LONGEST_ROAD_POINTS.note)
ROBBER_ROLL = Parameter("robber_roll", rulebook.ROBBER_ROLL.value, rulebook.ROBBER_ROLL.source,
                        "The roll that produces nothing and brings the discards and the robber.",
                        rules=("robber.discard", "robber.move"), low=2, high=12,
                        note="rule text: ダイスの合計値が7の場合、盗賊が移動します")
TERRAIN_COUNTS = Parameter("terrain_counts", dict(rulebook.TERRAIN_COUNTS.value), rulebook.TERRAIN_COUNTS.source,
                           "Hexes of each terrain in the variable set-up (the starting map is a fixed picture).",
                           rules=("setup.board",), low=0, high=15, check=_terrain_check,
                           note=rulebook.TERRAIN_COUNTS.note)
NUMBER_TOKENS = Parameter("number_tokens", list(rulebook.SPIRAL_TOKENS.value), rulebook.SPIRAL_TOKENS.source,
                          "The 18 number tokens A to R, in the order the spiral lays them (the random set-up "
                          "shuffles them; the starting map has its own).",
                          rules=("setup.numbers-spiral", "setup.numbers-random"), low=2, high=12,
                          choices=TOKEN_NUMBERS,
                          check=_tokens_check, note=rulebook.SPIRAL_TOKENS.note)
HARBOUR_COUNTS = Parameter("harbour_counts", dict(rulebook.HARBOUR_COUNTS.value), rulebook.HARBOUR_COUNTS.source,
                           "Harbours of each kind on the frame's 9 places in the variable set-up: generic (3:1) "
                           "and one special (2:1) per resource.", rules=("setup.harbours",), low=0, high=9,
                           check=_harbours_check, note=rulebook.HARBOUR_COUNTS.note)


def pieces_parameter(least: Mapping[str, int], rules: tuple[str, ...]) -> Parameter:
    return Parameter("pieces", dict(rulebook.PIECES.value), rulebook.PIECES.source,
                     "Pieces each player has: settlements, cities, roads; nothing more is built once they are placed.",
                     rules=rules, low=0, high=30, check=_setup_pieces(least),
                     note="rule text: 開拓地×5、都市×4、街道×15")


# ---------------------------------------------------------------- base Catan
COSTS = Parameter("costs", {**{k: full_cost(v) for k, v in rulebook.COSTS.value.items()},
                            "development": full_cost(rulebook.DEVELOPMENT_COST.value)},
                  rulebook.COSTS.source, "What a road, a settlement, a city and a development card cost, by resource.",
                  rules=("build.road", "build.settlement", "build.city", "dev.buy"), low=0, high=9,
                  note="rule text: 街道 木材1+レンガ1; 開拓地 木材1+レンガ1+小麦1+羊毛1; 都市 小麦2+鉱石3; "
                       f"the development card's cost is {rulebook.DEVELOPMENT_COST.source} "
                       f"({rulebook.DEVELOPMENT_COST.note})")
POINTS = Parameter("points", dict(rulebook.POINTS.value), rulebook.POINTS.source,
                   "Points of a settlement, a city and a victory point card.",
                   rules=("victory.points", "dev.victory-point"), low=0, high=5, note=rulebook.POINTS.note)
DEVELOPMENT_CARDS = Parameter("development_cards", dict(rulebook.DEVELOPMENT_CARDS.value),
                              rulebook.DEVELOPMENT_CARDS.source, "The development deck: cards of each kind.",
                              rules=("setup.deck", "dev.buy"), low=0, high=30, note=rulebook.DEVELOPMENT_CARDS.note)
LARGEST_ARMY_MIN = Parameter("largest_army_min", rulebook.LARGEST_ARMY_MIN.value, rulebook.LARGEST_ARMY_MIN.source,
                             "Knights played the largest army needs.", rules=("army.largest",), low=1, high=14,
                             note=rulebook.LARGEST_ARMY_MIN.note)
LARGEST_ARMY_POINTS = Parameter("largest_army_points", rulebook.LARGEST_ARMY_POINTS.value,
                                rulebook.LARGEST_ARMY_POINTS.source, "Points the largest army is worth.",
                                rules=("army.largest",), low=0, high=5, note=rulebook.LARGEST_ARMY_POINTS.note)
YEAR_OF_PLENTY_CARDS = Parameter("year_of_plenty_cards", rulebook.YEAR_OF_PLENTY_CARDS.value,
                                 rulebook.YEAR_OF_PLENTY_CARDS.source, "Resources Year of Plenty takes from the bank.",
                                 rules=("dev.year-of-plenty",), low=1, high=5, note=rulebook.YEAR_OF_PLENTY_CARDS.note)
ROAD_BUILDING_ROADS = Parameter("road_building_roads", rulebook.ROAD_BUILDING_ROADS.value,
                                rulebook.ROAD_BUILDING_ROADS.source, "Free roads Road Building places.",
                                rules=("dev.road-building",), low=1, high=5, note=rulebook.ROAD_BUILDING_ROADS.note)

PARAMETERS: tuple[Parameter, ...] = (
    field("points_to_win", rulebook.POINTS_TO_WIN.value, rulebook.POINTS_TO_WIN.source,
          "Points that win, declared on the owner's own turn.", ("victory.declare",), low=3, high=30,
          note=rulebook.POINTS_TO_WIN.note),
    SAFE_HAND, LAYOUT, NUMBERS, OFFERS, TURN_LIMIT, COSTS, RESOURCE_CARDS,
    pieces_parameter(SETUP_PIECES, ("build.pieces", "setup.snake")), POINTS, DEVELOPMENT_CARDS, RATES,
    LONGEST_ROAD_MIN, LONGEST_ROAD_POINTS, LARGEST_ARMY_MIN, LARGEST_ARMY_POINTS, YEAR_OF_PLENTY_CARDS,
    ROAD_BUILDING_ROADS, ROBBER_ROLL, TERRAIN_COUNTS, NUMBER_TOKENS, HARBOUR_COUNTS,
)


def most_points(params: Mapping[str, Any]) -> int:
    """The most points a player can hold in base Catan with these numbers: every settlement and city piece on the
    board, the longest road, the largest army and every victory point card."""
    pieces, worth = params["pieces"], params["points"]
    return (pieces["settlement"] * worth["settlement"] + pieces["city"] * worth["city"]
            + params["longest_road_points"] + params["largest_army_points"]
            + params["development_cards"]["victory-point"] * worth["victory-point"])


def cross_check(params: Mapping[str, Any], most: int | None) -> str | None:
    """What several parameters together make impossible (``None`` when sound): a cost cell the bank cannot pay, or a
    victory target above ``most``, the points a player can reach (``None``: no bound)."""
    cards = params["resource_cards"]
    for what, cost in params["costs"].items():
        for r, n in cost.items():
            if n > cards:
                return f"costs.{what}.{r}: {n} is more than the {cards} {r} cards of the game (resource_cards)"
    target = params["points_to_win"]
    if most is not None and target > most:
        return (f"points_to_win: {target} points cannot be reached; with these pieces and points a player holds at "
                f"most {most}")
    return None
