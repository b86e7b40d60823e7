"""Kutná Hora numbers the rule text states (``shared/seeds/kutna_hora_rules_ja.txt``), each tagged ``rulebook``
with the Japanese words it comes from, or ``inferred`` when the text does not print the number but its words fix it
(the note names them).

Everything the text shows only in pictures (mine tiles, boards, house effects, events, action cards) is designed
``approx`` data in :mod:`games.kutna_hora.data.approx`.
"""

from __future__ import annotations

from games.core import Sourced
from games.core.provenance import INFERRED

RULEBOOK = "rulebook"

PLAYERS = Sourced((2, 4), RULEBOOK, "2/3人ゲーム … 4人ゲーム")
#: Rounds by player count: 6 for 2-3 players, 5 for 4 players.
ROUNDS = Sourced({2: 6, 3: 6, 4: 5}, RULEBOOK, "4人ゲームでは5ラウンドの面を使います。2/3人ゲームでは6ラウンドの面")
#: The round at whose end the three red public buildings enter.
RED_NOBLES_ROUND = Sourced({2: 3, 3: 3, 4: 2}, RULEBOOK, "4人ゲームでは、これらはラウンド2の終了時に登場し、"
                           "2/3人ゲームではラウンド3の終了時")
TURNS_PER_ROUND = Sourced(3, RULEBOOK, "各プレイヤーが3手番を実行するまで")
#: Action cards played in a player's 1st, 2nd and 3rd turn of a round.
CARDS_PER_TURN = Sourced((2, 2, 1), RULEBOOK, "最初の2手番では、手番ごとに2枚のカード … 最後の手番では … 1枚だけ")
ACTION_CARDS = Sourced(6, RULEBOOK, "アクションカード (プレイヤーごとに6枚)")
MINERS = Sourced(9, RULEBOOK, "鉱夫駒 9個")
HOUSES = Sourced(12, RULEBOOK, "家駒 12個")
PLOT_MARKERS = Sourced(3, RULEBOOK, "区画マーカー 3個")
START_POOL = Sourced(1, RULEBOOK, "プールに鉱夫駒を1個置いてゲームを始める")
POOL_MAX = Sourced(2, RULEBOOK, "鉱夫プールに鉱夫駒を3個以上置くことはできません")
MINERS_PER_PERMIT = Sourced(2, RULEBOOK, "鉱夫駒を2個まで移動させます")
ENTRANCE_WOOD = Sourced(2, RULEBOOK, "2つの入り口はボード上に印刷されており、建設コストは木材2つです")
START_TECHNOLOGY = Sourced(1, RULEBOOK, "ゲーム開始時のレベルは1なので、タイルを1枚だけ引きます")
TECHNOLOGY_TILES = Sourced(4, RULEBOOK, "採掘技術タイル 4枚")
MINE_TILES = Sourced(27, RULEBOOK, "鉱山タイル 27枚")
ROCKS = Sourced(4, RULEBOOK, "岩石タイル 4枚")
MINE_SETUP_CARDS = Sourced(15, RULEBOOK, "鉱山準備カード 15枚")
GUILD_SETUP_CARDS = Sourced(9, RULEBOOK, "ギルド準備カード 9枚")
ST_BARBARA_TILES = Sourced(11, RULEBOOK, "聖バルボラタイル 11枚")
GUILD_BUILDING_TILES = Sourced(24, RULEBOOK, "ギルド建物タイル 24枚")
PUBLIC_BUILDING_TILES = Sourced(12, RULEBOOK, "公共建物タイル 12枚")
RED_BUILDINGS = Sourced(3, RULEBOOK, "赤い貴族建物タイル3枚")
POPULATION_CARDS = Sourced(21, RULEBOOK, "人口カード 21枚")
ORE_CARDS = Sourced(16, RULEBOOK, "鉱石カード 16枚")
#: The position shown right after a deck is turned over (the flip card's icon, 経済的調整).
DECK_FLIP = Sourced({"population": 20, "ore": 15}, RULEBOOK,
                    "人口デッキは19から20へと、鉱石デッキは14から15へと途切れなく続く")
#: The last position of each deck: the numbered cards (0~19, 0~14) run on over their backs after the flip, up to
#: the back of the flip card (21 and 16 cards, each printed on both sides). Read from the counts, not printed.
DECK_LAST = Sourced({"population": 40, "ore": 30}, INFERRED,
                    "人口カード 21枚 / 鉱石カード 16枚; 0~19番 / 0~14番 and the flip card; 19から20へ, 14から15へ")
NOBLES_PER_COLOUR = Sourced(3, RULEBOOK, "各色の貴族トークンはちょうど3枚だけ使います")
NOBLE_COLOURS: tuple[str, ...] = ("green", "silver", "yellow", "red")
COUNCIL_COST = Sourced(10, RULEBOOK, "10グロシユを支払って貴族トークン1枚を市議会に置く")
PLOT_BASE_COST = Sourced(5, RULEBOOK, "町で空いている任意の区画を5グロシュで得る")
CHEAP_PLOT = Sourced((3, 1), RULEBOOK, "自分の名声が3以上の場合、区画を得るためのコストは1グロシュだけ")
FREE_JOKER = Sourced(6, RULEBOOK, "名声が6以上の場合、このペナルティは適用されません")
JOKER_COST = Sourced(1, RULEBOOK, "名声を1失わなければなりません")
#: Plot tax by plot markers in town: 3 with 2 plots, 8 (3 + 5) with 3.
PLOT_TAX = Sourced({2: 3, 3: 8}, RULEBOOK, "区画税は3グロシュで、3個すべて置いている場合は8グロシュ (3+5)")
TAX_CAP = Sourced(25, RULEBOOK, "税金が26グロシュ以上になることはありません")
#: Points per reputation step the marker would move past either end of its track.
REPUTATION_BEYOND = Sourced(2, RULEBOOK, "1ステップごとに、代わりに即座に2点を得ます")
TILE_11_REPUTATION = Sourced(2, RULEBOOK, "「聖バルボラ」アクションを実行したプレイヤーは名声を2得る")
INCOME_DIVISOR = Sourced(10, RULEBOOK, "この値を10で割り（端数切り捨て）")
LEFTOVER_POINT = Sourced(1, RULEBOOK, "使わなかった各ペリカントークンごとにそれぞれ1点")
#: The worked example of final mine scoring: a row with 6 stars is worth 3 / 2 / 1.
SIX_STAR_ROW = Sourced((3, 2, 1), RULEBOOK, "星6つの段の価値は3/2/1点です")
#: Noble scoring happens at the end of each of the last 3 rounds.
NOBLE_ROUNDS = Sourced(3, RULEBOOK, "最後の3回の各ラウンド終了時")
#: Noble scoring: green 1 per adjacent public building, silver 3 per 2 used pelicans, yellow 2 or 4, red 3.
SILVER_NOBLE = Sourced((2, 3), RULEBOOK, "自分の使用済みのペリカントークン2枚ごとに3点")
YELLOW_NOBLE = Sourced(((1, 2), (2, 4)), RULEBOOK, "各段に最低1つの鉱山を持っている場合、2点 … 最低2つ … 4点")
RED_NOBLE = Sourced(3, RULEBOOK, "すべての家駒が取り除かれている各列ごとに3点")
