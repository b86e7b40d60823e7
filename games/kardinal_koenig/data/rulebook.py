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
    "「国カード:56(デンマーク4、イングランド5、イタリア6、バイエルン6、ハンガリー6、カスティリア7、フランク7、ザクセン7、"
    "フランス8)」",
)
COUNTRIES: tuple[str, ...] = tuple(COUNTRY_CARDS.value)

#: What the most cards of a country score: the number printed on its cards, which is its card count (決算チャート,
#: 「カードに書かれた数字(8点)だけ得点します」).
COUNTRY_POINTS = Sourced(dict(COUNTRY_CARDS.value), RULEBOOK,
                         "the number printed on the country's cards, its card count: "
                         "「カードに書かれた数字(8点)だけ得点します」 (France)")
#: What every other player with cards of the country scores: the card count of the player ranked just above
#: (「1つ上位のプレイヤーが集めたカード枚数分だけ得点します」).
RUNNER_UP = Sourced("above", RULEBOOK, "「以下同様に1つ上位のプレイヤーが集めたカード枚数分だけ得点します」")
#: Points per crest of the top kind in a country (「1位のプレイヤーはその数だけ得点します」: that number of points).
CREST_POINT = Sourced(1, RULEBOOK, "「1位のプレイヤーはその数だけ得点します」")
#: Points per ship (or carriage) of a road that scores (「その枚数分だけ得点になります」).
ROAD_POINT = Sourced(1, RULEBOOK, "「船を5枚以上集めていたら、その枚数分だけ得点になります」")

#: Names as printed in the Japanese rule text (and the German/English names for the views).
COUNTRY_NAMES = {
    "france": ("フランス", "France"), "saxony": ("ザクセン", "Saxony"), "hungary": ("ハンガリー", "Hungary"),
    "castile": ("カスティリア", "Castile"), "franconia": ("フランク", "Franconia"),
    "bavaria": ("バイエルン", "Bavaria"), "italy": ("イタリア", "Italy"), "england": ("イングランド", "England"),
    "denmark": ("デンマーク", "Denmark"),
}

ROWS = Sourced(4, RULEBOOK, "「国カードをよく混ぜ、14枚ずつ4列に並べます」")
COLUMNS = Sourced(14, RULEBOOK, "「国カードをよく混ぜ、14枚ずつ4列に並べます」")
STONES_PER_PLAYER = Sourced(3, RULEBOOK, "「その色の権利証3枚をもちます」")
#: Claim stones a player may have on the layout at once, by player count (権利証を置く).
PLACEABLE_STONES = Sourced({3: 3, 4: 2, 5: 2}, RULEBOOK,
                           "「3人プレイ時には権利証を3枚とも置くことができます。」「4〜5人プレイ時には権利証を2枚までしか置くことができません。」")
CREST_LIMIT = Sourced(2, RULEBOOK, "「取るカードに描かれた紋章は2つ以下でなければなりません」")
#: Crest limit in a turn where the "3 crests allowed" law chip is played (3 Symbole erlaubt).
CREST_LIMIT_WITH_CHIP = Sourced(3, RULEBOOK, "the chip's name 「紋章3つまで可」, 「3 Symbole erlaubt」")
ROAD_MINIMUM = Sourced(5, RULEBOOK, "「船を5枚以上集めていたら、その枚数分だけ得点になります」")
MINUS_CHIP_POINTS = Sourced(-2, RULEBOOK, "「ゲーム終了時に表にし、−2点になります」")
LAW_CHIPS = Sourced(8, RULEBOOK, "「法律チップ:8」")

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
