"""Cities & Knights component numbers, each tagged with its source.

``rulebook``: printed in our rule text (``shared/seeds/catan_cities_knights_rules_ja.txt``; the comment after a value
quotes its words). ``published``: printed in the published Cities & Knights rules but not in our rule text; the note
names the public source and the section of ``docs/rules_notes/catan.md`` "Sources" that says what it gives
(ultraboardgames.com, catan.com's FAQ, catan-guide.kelvsyc.com, liquisearch.com, colonist.io, catan.fandom.com).
Nothing here is designed by us.

Everything is keyed by **track** (``politics``, ``science``, ``trade``), never by colour: the colours and the card
names are those of the English 5th edition (our rule text's colours: politics blue, science green, trade yellow);
:data:`EDITION_6_NAMES` maps the renames our sources name.
"""

from __future__ import annotations

from games.core import Sourced
from games.core.provenance import PUBLISHED

RULEBOOK = "rulebook"
SOURCES_21 = "published C&K rules, Sources §2.1 (ultraboardgames.com component list; wikisum.wiki)"
SOURCES_26 = "published C&K rules, Sources §2.6 (catan.fandom.com City_Calendar; colonist.io)"
SOURCES_28 = ("published C&K rules, Sources §2.8 (ultraboardgames.com science/trade/politics cards; "
              "catan-guide.kelvsyc.com)")
SOURCES_29 = "published C&K rules, Sources §2.9 (liquisearch.com knights; catan.com FAQ 4885)"
SOURCES_211 = "published C&K rules, Sources §2.11 (catan.com FAQ; liquisearch.com; Catan Universe forum)"
SOURCES_214 = "published C&K rules, Sources §2.14 (ultraboardgames.com; catan.com FAQ)"

#: The commodities, alphabetical; card index 5 + position (after the five resources).
COMMODITIES: tuple[str, ...] = ("cloth", "coin", "paper")
#: The three improvement tracks, alphabetical (their index everywhere), and the commodity each is built with
#: (rule text 都市の開発: 貨幣:政治力(青)、紙:科学力(緑)、布:経済力(黄)).
TRACKS: tuple[str, ...] = ("politics", "science", "trade")
TRACK_COMMODITY = Sourced({"politics": "coin", "science": "paper", "trade": "cloth"}, RULEBOOK)
#: Rule text colours of the tracks (presentation only; the 6th edition recoloured the card backs).
TRACK_COLOURS = {"politics": "blue", "science": "green", "trade": "yellow"}

COMMODITY_CARDS = Sourced(12, PUBLISHED, SOURCES_21)  # 12 paper, 12 cloth, 12 coin (36)
#: What a city takes from one producing hex, by terrain (rule text: 丘陵:レンガ2枚 畑:小麦2枚 山地:鉱石1枚+貨幣1枚
#: 森林:木材1枚+紙1枚 牧草地:羊毛1枚+布1枚).
CITY_YIELD = Sourced({"hills": {"brick": 2}, "fields": {"grain": 2}, "mountains": {"ore": 1, "coin": 1},
                      "forest": {"lumber": 1, "paper": 1}, "pasture": {"wool": 1, "cloth": 1}}, RULEBOOK)

#: Trade rates (rule text: 同じ種類の交易品4枚で / 3:1の港 / 資源2枚と交易品1枚 / ギルド 2:1 / 商人 2:1).
COMMODITY_BANK_RATE = Sourced(4, RULEBOOK)
COMMODITY_HARBOUR_RATE = Sourced(3, RULEBOOK)
SPECIAL_HARBOUR_COMMODITY_RATE = Sourced(2, RULEBOOK)
GUILD_RATE = Sourced(2, RULEBOOK)
MERCHANT_RATE = Sourced(2, RULEBOOK)
FLEET_RATE = Sourced(2, PUBLISHED, SOURCES_28)

#: Costs in cards (rule text: 城壁 レンガ2枚; 小騎士 鉱石1枚+羊毛1枚; 強化 鉱石1枚+羊毛1枚; 活動 小麦1枚).
COSTS = Sourced({"wall": {"brick": 2}, "knight": {"ore": 1, "wool": 1}, "promote": {"ore": 1, "wool": 1},
                 "activate": {"grain": 1}}, RULEBOOK)
WALLS = Sourced(3, RULEBOOK)  # 城壁×3
WALL_SAFE_CARDS = Sourced(2, RULEBOOK)  # 城壁1つにつき安全な手札が2枚増えます
#: Knight pieces per player and level (rule text 騎士×6; 小騎士は2体しかいない; 2 strong and 2 mighty: Sources §2.1).
KNIGHTS_PER_LEVEL = Sourced(2, PUBLISHED, SOURCES_21)
KNIGHT_LEVELS: tuple[str, ...] = ("basic", "strong", "mighty")
#: Strength by level (rule text: 旗の三角の数 1つ:小騎士、2つ:中騎士、3つ:大騎士).
KNIGHT_STRENGTH = Sourced((1, 2, 3), RULEBOOK)

#: Improvements: 5 levels per track (rule text 1〜5までの5段階); level n costs n commodities and draws on red 1..n+1.
LEVELS = Sourced(5, RULEBOOK)
LEVEL_COST = Sourced((1, 2, 3, 4, 5), PUBLISHED, SOURCES_26)
LEVEL_RED_DIE = Sourced((2, 3, 4, 5, 6), PUBLISHED, SOURCES_26)  # highest red die that draws at level n
ABILITY_LEVEL = Sourced(3, RULEBOOK)  # 第3段階
METROPOLIS_LEVEL = Sourced(4, RULEBOOK)  # 第4段階
TAKEOVER_LEVEL = Sourced(5, RULEBOOK)  # 第5段階
METROPOLIS_POINTS = Sourced(2, RULEBOOK)  # メトロポリスは都市の勝利点を2増やします
METROPOLISES = Sourced(3, RULEBOOK)  # 全体で3つの都市しかなく
#: Building names (flavour, 5th edition), by track and level.
BUILDINGS = {"politics": ("Town Hall", "Church", "Fortress", "Cathedral", "High Assembly"),
             "science": ("Abbey", "Library", "Aqueduct", "Theater", "University"),
             "trade": ("Market", "Trading House", "Merchant Guild", "Bank", "Great Exchange")}

#: Event die: 3 ship faces and one gate per track (Sources §2.1: "3 ship faces; 3 gate faces").
EVENT_FACES = Sourced(("ship", "ship", "ship", "politics", "science", "trade"), PUBLISHED, SOURCES_21)
BARBARIAN_STEPS = Sourced(7, PUBLISHED, SOURCES_211)  # the 7th advance attacks
DEFENDER_CARDS = Sourced(6, PUBLISHED, SOURCES_21)
DEFENDER_POINTS = Sourced(1, PUBLISHED, SOURCES_214)
MERCHANT_POINTS = Sourced(1, RULEBOOK)  # 商人コマは1勝利点になります
VP_CARD_POINTS = Sourced(1, PUBLISHED, SOURCES_28)  # Printer, Constitution
POINTS_TO_WIN = Sourced(13, RULEBOOK)  # 13点以上
HAND_LIMIT = Sourced(4, RULEBOOK)  # 一度に持てる戦略カードは4枚までです

#: The 54 progress cards by track: name -> copies (Sources §2.8; each deck sums to 18).
PROGRESS_CARDS = Sourced({
    "science": {"alchemist": 2, "crane": 2, "engineer": 1, "inventor": 2, "irrigation": 2, "medicine": 2,
                "mining": 2, "printer": 1, "road-building": 2, "smith": 2},
    "trade": {"commercial-harbor": 2, "master-merchant": 2, "merchant": 6, "merchant-fleet": 2,
              "resource-monopoly": 4, "trade-monopoly": 2},
    "politics": {"bishop": 2, "constitution": 1, "deserter": 2, "diplomat": 2, "intrigue": 2, "saboteur": 2,
                 "spy": 3, "warlord": 2, "wedding": 2},
}, PUBLISHED, SOURCES_28)
VP_CARDS: tuple[str, ...] = ("constitution", "printer")
#: Numbers printed on the cards (Sources §2.8).
CARD_NUMBERS = Sourced({"irrigation": 2, "mining": 2, "road-building": 2, "smith": 2, "resource-monopoly": 2,
                        "trade-monopoly": 1, "master-merchant": 2, "wedding": 2, "crane": 1},
                       PUBLISHED, SOURCES_28)
MEDICINE_COST = Sourced({"grain": 1, "ore": 2}, PUBLISHED, SOURCES_28)
INVENTOR_FIXED = Sourced((2, 6, 8, 12), PUBLISHED, SOURCES_28)  # tokens the Inventor never moves

#: English 6th edition renames our sources name (presentation only; data stays keyed by these names).
EDITION_6_NAMES = {"alchemist": "Alchemy"}
