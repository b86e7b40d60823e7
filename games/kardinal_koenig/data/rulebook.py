"""Kardinal & König card game numbers the rule text prints (``shared/seeds/kardinal_koenig_kartenspiel_rules_ja.txt``),
each tagged ``rulebook``.

What only the card sheet shows (the crest kinds, the law-chip positions and split) is designed ``approx`` data in
:mod:`games.kardinal_koenig.data.approx`; the per-card crests and routes live in ``deck_approx_v1.json``.
"""

from __future__ import annotations

from games.core import Sourced

RULEBOOK = "rulebook"

#: Countries in the scoring chart's order (決算チャート) with their card counts (ゲームの用具).
COUNTRY_CARDS = Sourced(
    {"france": 8, "saxony": 7, "hungary": 6, "castile": 7, "franconia": 7, "bavaria": 6, "italy": 6,
     "england": 5, "denmark": 4},
    RULEBOOK,
)
COUNTRIES: tuple[str, ...] = tuple(COUNTRY_CARDS.value)

#: Names as printed in the Japanese rule text (and the German/English names for the views).
COUNTRY_NAMES = {
    "france": ("フランス", "France"), "saxony": ("ザクセン", "Saxony"), "hungary": ("ハンガリー", "Hungary"),
    "castile": ("カスティリア", "Castile"), "franconia": ("フランク", "Franconia"),
    "bavaria": ("バイエルン", "Bavaria"), "italy": ("イタリア", "Italy"), "england": ("イングランド", "England"),
    "denmark": ("デンマーク", "Denmark"),
}

ROWS = Sourced(4, RULEBOOK)
COLUMNS = Sourced(14, RULEBOOK)
STONES_PER_PLAYER = Sourced(3, RULEBOOK)
#: Claim stones a player may have on the layout at once, by player count (権利証を置く).
PLACEABLE_STONES = Sourced({3: 3, 4: 2, 5: 2}, RULEBOOK)
CREST_LIMIT = Sourced(2, RULEBOOK)
#: Crest limit in a turn where the "3 crests allowed" law chip is played (3 Symbole erlaubt).
CREST_LIMIT_WITH_CHIP = Sourced(3, RULEBOOK)
ROAD_MINIMUM = Sourced(5, RULEBOOK)
MINUS_CHIP_POINTS = Sourced(-2, RULEBOOK)
LAW_CHIPS = Sourced(8, RULEBOOK)

#: The four law-chip kinds (法律チップ): id -> (Japanese name, German name).
LAW_CHIP_KINDS = Sourced(
    {"return": ("権利証を戻す", "Anrechtsstein zurücknehmen"), "three": ("紋章3つまで可", "3 Symbole erlaubt"),
     "colours": ("異なる色でも可", "Verschiedene Farben möglich"), "minus2": ("−2勝利ポイント", "-2 Siegpunkte")},
    RULEBOOK,
)
#: Chips that are played on the owner's turn and then discarded (the −2 chip is only revealed at the end).
PLAYABLE_CHIPS: tuple[str, ...] = ("colours", "return", "three")

#: The two routes a card may show (船 and 馬車); they are not crests.
ROUTES = ("ship", "carriage")
