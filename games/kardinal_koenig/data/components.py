"""Kardinal & König card game component numbers, each tagged with its source.

``rulebook``: printed in the rule text (``shared/seeds/kardinal_koenig_kartenspiel_rules_ja.txt``).
``approx``: designed by us because only the card sheet shows it (``shared/notes/kardinal_koenig.md`` §6); the
per-card crests and routes live in ``deck_approx_v1.json`` and can be replaced by a transcription of the real sheet
(:func:`games.kardinal_koenig.deck.register_deck`) without code changes.
"""

from __future__ import annotations

from games.core import APPROX, Sourced

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

#: How many chips of each kind: the text says 8 chips of 4 kinds, not the split.
LAW_CHIP_SPLIT = Sourced({"return": 2, "three": 2, "colours": 2, "minus2": 2}, APPROX,
                         "2 of each kind (notes §6.3)")

#: Cards marked X in the setup figure, as (row, column), 1-based: the picture is not in the text.
LAW_CHIP_POSITIONS = Sourced(((1, 2), (1, 13), (2, 3), (2, 12), (3, 4), (3, 11), (4, 5), (4, 10)), APPROX,
                             "second card in on row 1, third on row 2, ... from both ends (notes §6.2)")

#: Crest kinds of the designed deck (the text's examples name the cross and the fan in France).
CREST_KINDS = Sourced(("cross", "fan", "tower", "lily"), APPROX, "cross and fan are named in the text (notes §6.1)")
ROUTES = ("ship", "carriage")
