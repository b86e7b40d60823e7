"""Chartres numbers the rule text states (``shared/seeds/chartres_rules_ja.txt``), each tagged ``rulebook``.

Everything the text shows only in pictures (cellar values, the status board, windows, cards, tiles) is designed
``approx`` data in :mod:`games.chartres.data.approx`.
"""

from __future__ import annotations

from games.core import Sourced

RULEBOOK = "rulebook"

PLAYERS = Sourced((2, 4), RULEBOOK, "2人~4人")
ERAS = Sourced(3, RULEBOOK, "3つの時代")
ROUNDS_PER_ERA = Sourced(4, RULEBOOK, "各時代は4ラウンド")
#: Cards in the action row at the start of an era, and when the era ends.
ROW_START = Sourced(3, RULEBOOK, "3枚を選び…アクション行")
ROW_FULL = Sourced(7, RULEBOOK, "アクション行に7枚のカードがプレイされると、時代は終了")
DEAL = Sourced(6, RULEBOOK, "6枚のアシスタントカード")
PHASE_B_DRAW = Sourced(2, RULEBOOK, "フェーズB:カードを2枚引く")
HAND_LIMIT_START = Sourced(3, RULEBOOK, "ゲーム開始時の手札制限は3枚")
HAND_LIMIT_MAX = Sourced(7, RULEBOOK, "最大で7枚まで")
#: IP per card a draw would take beyond the hand limit.
HAND_LIMIT_IP = Sourced(1, RULEBOOK, "引くはずだった手札の制限を超えるカードごとに1影響ポイントを獲得します")
#: Locations revealed each round beyond one per player.
LOCATIONS_EXTRA = Sourced(1, RULEBOOK, "プレイヤーの数+1枚だけロケーションカードを公開し")
#: Cards drawn by a player who takes no location in Phase A.
LOCATION_DRAW = Sourced(1, RULEBOOK, "代わりにアシスタントカード1枚を引きます")
START_CITIZENS = Sourced(3, RULEBOOK, "市民コマを3つ取り")
BONUS_TILES = Sourced(12, RULEBOOK, "裏向きの12枚のボーナスタイル")
BONUS_COST = Sourced((1, 4), RULEBOOK, "1〜4つの市民")
WINDOW_SPACES = Sourced(9, RULEBOOK, "9つのステンドグラスの窓")
#: IP per window built after all 9 spaces are filled.
WINDOW_OVERFLOW = Sourced({"coloured": 6, "white": 4}, RULEBOOK, "追加の色付きの窓ごとに6…白の窓ごとに4")
WINDOW_COLOURS: tuple[str, ...] = ("yellow", "red", "purple")
#: IP per step a marker would have moved past the end of its track.
SHIELD_OVERFLOW = Sourced(2, RULEBOOK, "盾が進むはずだったスペースごとに2影響ポイント")
CELLAR_OVERFLOW = Sourced(2, RULEBOOK, "樽が進むはずだった追加のスペースごとに2影響ポイント")
CROSS_OVERFLOW = Sourced(3, RULEBOOK, "追加で進むはずだったスペースごとに3影響ポイント")
MULTIPLIER_RANGE = Sourced((0, 8), RULEBOOK, "0(開始時)から8(最後のスペース)")
#: Reputation tokens for the cross at level 3 / 4 in the final scoring.
CROSS_REPUTATION = Sourced({3: 1, 4: 2}, RULEBOOK, "レベル3の場合、評判トークンを1つ…レベル4の場合…2つ")
#: Wine: grapes of one colour for a full / half barrel.
FULL_BARREL = Sourced(4, RULEBOOK, "同じ色のブドウ4つで1つの樽を満杯")
HALF_BARREL = Sourced(3, RULEBOOK, "同じ色のブドウ3つで樽の半分")
#: Influence from citizens: (IP per citizen, barrel steps, extra IP) by torch rank, per player count.
CITIZEN_INFLUENCE = Sourced(
    {2: ((2, 1, 0), (1, 0, 0)),
     3: ((2, 1, 0), (2, 0, 0), (1, 0, 1)),
     4: ((2, 1, 0), (2, 0, 0), (1, 0, 1), (1, 0, 0))},
    RULEBOOK, "1位 市民x2ポイント+地下室1 / 2位 市民x2ポイント / 3位 市民x1ポイント+1ポイント / 4位 市民x1ポイント")
#: Attract citizens: one per set of this many horses and carts.
ATTRACT_SET = Sourced({"horse": 2, "cart": 1}, RULEBOOK, "馬2つと荷車1つごとに…市民を1つ")
#: Path majority reputation: most citizens 2; the others by player count.
PATH_REPUTATION = Sourced({2: (2, 1), 3: (2, 1), 4: (2, 1, 1)}, RULEBOOK,
                          "最も多く…2つの評判トークン / 2人用…少ないプレイヤーは1つ / 3人用…2番目 / 4人用…2番目と3番目")
LEFTOVER_IP = Sourced(1, RULEBOOK,
                      "個人サプライに残っている市民ごとに、そして手札に残っているカードごとに1影響ポイント")
RESOURCES: tuple[str, ...] = ("torch", "horse", "cart", "white", "red")
PATHS: tuple[str, ...] = ("warehouse", "townhall")
