"""Catan component numbers, each tagged with its source.

``rulebook``: printed in our rule text (``shared/seeds/catan_cities_knights_rules_ja.txt``, the Cities & Knights
summary, which restates a few base-game numbers). ``published``: printed in the published base-game rules but not in
our rule text; the note names the public source and the section of ``docs/rules_notes/catan.md`` "Sources" that says
what it gives. Nothing here is designed by us.
"""

from __future__ import annotations

from games.core import Sourced
from games.core.provenance import PUBLISHED

RULEBOOK = "rulebook"
SOURCES_11 = "published base rules, Sources §1.1 (catanboard.com almanac: set-up, variable)"
SOURCES_12 = "published base rules, Sources §1.2"
SOURCES_13 = "published base rules, Sources §1.3 (catanboard.com almanac; catan.com FAQ)"
BASE_RULES = ("published base rules, Sources §1.4 (catanboard.com almanac: development cards, largest army, victory "
              "points)")
STARTING_MAP = "starting set-up picture, Sources §1.5"

#: Resources in alphabetical order: the index of a resource everywhere (hands, bank, actions sort the same way).
RESOURCES: tuple[str, ...] = ("brick", "grain", "lumber", "ore", "wool")
#: Terrains by the resource they produce (same index), then the desert.
TERRAINS: tuple[str, ...] = ("hills", "fields", "forest", "mountains", "pasture", "desert")

TERRAIN_COUNTS = Sourced({"hills": 3, "fields": 4, "forest": 4, "mountains": 3, "pasture": 4, "desert": 1},
                         PUBLISHED, SOURCES_11)
#: The lettered tokens A–R in alphabetical order (the spiral of the variable set-up).
SPIRAL_TOKENS = Sourced((5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11), PUBLISHED, SOURCES_11)
RED_NUMBERS = Sourced((6, 8), PUBLISHED, SOURCES_11)
#: Ways to roll each number with two dice (the dots under the number on a token).
PIPS = Sourced({2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}, PUBLISHED, SOURCES_11)
HARBOUR_COUNTS = Sourced({"generic": 4, "brick": 1, "grain": 1, "lumber": 1, "ore": 1, "wool": 1},
                         PUBLISHED, SOURCES_11)
#: The 9 harbour places of the frame as (hex, side): the side from corner ``side`` to the next corner (corners
#: top, upper-right, lower-right, bottom, lower-left, upper-left). The frame is a picture; these places follow one
#: public implementation of the starting map (see BEGINNER_HARBOURS) and are spaced 2-3 coastal paths apart.
HARBOUR_SLOTS = Sourced(((0, 5), (1, 0), (6, 0), (11, 1), (15, 2), (17, 2), (16, 3), (12, 4), (3, 4)),
                        PUBLISHED, f"{STARTING_MAP}: places as in one public starting-map implementation, not "
                        "checked against the printed frame")

#: Starting set-up for beginners, hexes in reading order (rows 3-4-5-4-3). A picture in the rulebook; transcribed
#: from five public implementations that agree hex by hex (terrain and numbers).
BEGINNER_TERRAIN = Sourced(
    ("mountains", "pasture", "forest",
     "fields", "hills", "pasture", "hills",
     "fields", "forest", "desert", "forest", "mountains",
     "forest", "mountains", "fields", "pasture",
     "hills", "fields", "pasture"),
    PUBLISHED, f"{STARTING_MAP}: transcribed by several public implementations that agree")
BEGINNER_NUMBERS = Sourced(
    (10, 2, 9,
     12, 6, 4, 10,
     9, 11, 0, 3, 8,
     8, 3, 4, 5,
     5, 6, 11),
    PUBLISHED, f"{STARTING_MAP}: transcribed by several public implementations that agree")
#: Harbour kinds at HARBOUR_SLOTS for the starting map: found in ONE public implementation only; not verified
#: against the printed picture (docs/rules_notes/catan.md says so).
BEGINNER_HARBOURS = Sourced(("generic", "grain", "ore", "generic", "wool", "generic", "generic", "brick", "lumber"),
                            PUBLISHED, f"{STARTING_MAP}: one public implementation of the starting map; not "
                            "verified against the printed picture")

RESOURCE_CARDS = Sourced(19, PUBLISHED, SOURCES_12)
PIECES = Sourced({"settlement": 5, "city": 4, "road": 15}, RULEBOOK)  # プレイヤーコマ: 開拓地×5、都市×4、街道×15
#: Building costs by resource (rule text: 街道 木材1+レンガ1; 開拓地 木材1+レンガ1+小麦1+羊毛1; 都市 小麦2+鉱石3).
COSTS = Sourced({"road": {"brick": 1, "lumber": 1},
                 "settlement": {"brick": 1, "grain": 1, "lumber": 1, "wool": 1},
                 "city": {"grain": 2, "ore": 3}}, RULEBOOK)
DEVELOPMENT_COST = Sourced({"grain": 1, "ore": 1, "wool": 1}, PUBLISHED, BASE_RULES)
#: Development cards by kind (names sort alphabetically, which is their index).
DEVELOPMENT_CARDS = Sourced({"knight": 14, "monopoly": 2, "road-building": 2, "victory-point": 5,
                             "year-of-plenty": 2}, PUBLISHED, BASE_RULES)
DEVELOPMENT_KINDS: tuple[str, ...] = tuple(DEVELOPMENT_CARDS.value)
#: Maritime trade: the bank, a generic harbour, a special harbour (cards given for 1).
BANK_RATE = Sourced(4, PUBLISHED, SOURCES_13)
GENERIC_RATE = Sourced(3, PUBLISHED, SOURCES_13)
SPECIAL_RATE = Sourced(2, PUBLISHED, SOURCES_13)
#: A 7 makes every player holding more than this many cards discard half (rule text: 8枚以上あると半分).
SAFE_HAND = Sourced(7, RULEBOOK)
ROBBER_ROLL = Sourced(7, RULEBOOK)
LONGEST_ROAD_MIN = Sourced(5, PUBLISHED, SOURCES_13)
LONGEST_ROAD_POINTS = Sourced(2, PUBLISHED, SOURCES_13)
LARGEST_ARMY_MIN = Sourced(3, PUBLISHED, BASE_RULES)
LARGEST_ARMY_POINTS = Sourced(2, PUBLISHED, BASE_RULES)
POINTS = Sourced({"settlement": 1, "city": 2, "victory-point": 1}, PUBLISHED, BASE_RULES)
POINTS_TO_WIN = Sourced(10, PUBLISHED, BASE_RULES)
YEAR_OF_PLENTY_CARDS = Sourced(2, PUBLISHED, BASE_RULES)
ROAD_BUILDING_ROADS = Sourced(2, PUBLISHED, BASE_RULES)
