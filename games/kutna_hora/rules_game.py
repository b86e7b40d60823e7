"""The rules of the full Kutná Hora game (``kutna_hora.game``), by id, with the rulebook's own words.

They join the price rules in :data:`games.kutna_hora.rules.RULES`. ``decision.*`` rules are our readings where the
text is silent (``docs/rules_notes/kutna_hora.md``); ``approx`` numbers live in :mod:`.data.approx`.
"""

from games.core import DECISION, RULEBOOK, Rule

SETUP = "ゲームの準備 (Setup)"
PLAYERS = "プレイヤーの準備 (Player setup)"
GUILD_SETUP = "ギルドの準備 (Guild setup)"
EVENT_SETUP = "2人ゲーム—イベントカードの準備 (Event cards)"
FLOW = "ゲームの進行 (Playing the game)"
MINE = "鉱山アクション (Mine action)"
RIGHTS = "独占権アクション (Rights action)"
PLOT = "区画アクション (Plot action)"
BUILD = "建物アクション (Build action)"
GUILDS = "ギルド建物 (Guild buildings)"
PUBLIC = "公共建物 (Public buildings)"
INCOME = "収入アクション (Income action)"
COUNCIL = "市議会への貴族の追加 (Nobles to the council)"
BARBARA = "聖バルボラアクション (St. Barbara action)"
BARBARA_TILES = "聖バルボラ (St. Barbara tiles)"
JOKER = "ジョーカー (Joker)"
REPUTATION = "名声 (Reputation)"
ROUND_END = "ラウンドの終了 (End of the round)"
TAX = "税金 (Tax)"
RED = "赤い貴族建物 (Red public buildings)"
NOBLES = "貴族の得点計算 (Noble scoring)"
EVENTS = "イベントカード (Event cards)"
END = "ゲームの終了 (End of the game)"
FINAL = "最終得点計算 (Final scoring)"
FORGET = "忘れやすいルール (Easily forgotten rules)"
PIECES = "駒類の枯渇 (Running out of pieces)"
IGNORE = "アクションと聖バルボラ効果の無視 (Ignoring effects)"
MINING = "採掘規則 (Mining rules)"
CAPS = "上限 (Caps)"
EFFECTS = "鉱山と建物の効果 (Mine and building effects)"
NOTES = "docs/rules_notes/kutna_hora.md"

GAME_RULES = [
    # ---------------------------------------------------------------- setup
    Rule("setup.round-track", SETUP, "5 rounds with 4 players, 6 with 2-3; round marker on round 1, tax on 0.",
         RULEBOOK, "4人ゲームでは5ラウンドの面を使います。"),
    Rule("setup.red-nobles", SETUP, "The 3 red public buildings wait on the round-track space where they enter.",
         RULEBOOK,
         "赤い貴族建物タイル3枚の山を、"
         "ラウンドトラック上の対応するゲームに登場するラウンドのスペースに置きます。"),
    Rule("setup.mine-board", SETUP, "A random mine setup card shows where the 4 rocks go, shuffled face down then "
         "turned up.", RULEBOOK, "鉱山準備カードをランダムに1枚選びます。"),
    Rule("setup.st-barbara", SETUP, "St. Barbara tiles 1-5 bottom row, 6-10 middle, 11 on top.", RULEBOOK,
         "1~5が下段、6~10が中段、11が上段になるようにして聖バルボラタイル11枚を並べて置き"),
    Rule("setup.bank", SETUP, "The bank holds coins, pelicans and exactly 3 nobles per colour.", RULEBOOK,
         "各色の貴族トークンはちょうど3枚だけ使います。"),
    Rule("setup.mine-stack", SETUP, "Technology tiles face down with I on top; mine tiles shuffled per back and "
         "stacked I over II over III.", RULEBOOK, "採掘技術タイル4枚を裏向きで順番に"),
    Rule("setup.players", PLAYERS, "Score 0, one miner in the pool, 40 / 41 / 42 / 43 groschen by seat.",
         RULEBOOK, "スタートプレイヤー: 40グロシュ"),
    Rule("setup.guild-card", GUILD_SETUP, "A random guild setup card; its row for the player count lists the "
         "guild sets.", RULEBOOK, "ギルド準備カードをランダムに1枚選び、プレイ人数に対応している段を参照します。"),
    Rule("setup.guild-sets", GUILD_SETUP, "From the last player counterclockwise each player picks a guild set; "
         "the start player gets the one left.", RULEBOOK,
         "最後番手プレイヤーから反時計回り順に、各プレイヤーはギルドのセットを1つ選びます"),
    Rule("setup.guild-rows", GUILD_SETUP, "Clockwise from the start player, each player decides which board row "
         "each guild tile goes in.", RULEBOOK, "この選択はスタートプレイヤーから時計回り順に行います。"),
    Rule("setup.first-game", GUILD_SETUP, "First game: guild setup card 1 and its printed order.", RULEBOOK,
         "最初のゲームでは、左図に示されているギルド準備カード1を使います。"),
    Rule("setup.events", EVENT_SETUP, "2 players (optional with 3-4): A events above the rounds before the red "
         "nobles, B after, none in the last round; round 1's card is revealed.", RULEBOOK,
         "赤い貴族建物タイルの山より前のラウンドにはイベントA、それよりあとのラウンドにはイベントBを割り当てます。"),
    Rule("decision.events-red-round", NOTES, "The round whose end brings the red nobles takes an A event (its "
         "event acts before they enter).", DECISION),
    # ---------------------------------------------------------------- the round
    Rule("round.start", FLOW, "The start player takes the first turn, then clockwise until everyone has taken "
         "3 turns.", RULEBOOK, "各プレイヤーが3手番を実行するまで時計回り順に続けます。"),
    Rule("flow.cards-per-turn", FLOW, "2 action cards in each of the first 2 turns, 1 in the last.", RULEBOOK,
         "自分の最初の2手番では、**手番ごとに2枚のカード**をプレイします。"),
    Rule("flow.card", FLOW, "A played card gives one of its two actions; the other is lost for the round.",
         RULEBOOK, "そのカードに示されているもう一方のアクションを放棄することになります。"),
    Rule("decision.action-cards", NOTES, "The 6 action cards: Plot/Mine, Mine/Joker, Plot/Build, Rights/Income, "
         "Rights/Build, Income/St. Barbara (approx; the text's example fixes the first two).", DECISION),
    Rule("round.end", ROUND_END, "The round ends when every player has taken 3 turns.", RULEBOOK,
         "全プレイヤーが3回目の手番を実行したら、そのラウンドは終了します。"),
    Rule("round.next", FLOW, "Cards return to hand and the start player marker passes left.", RULEBOOK,
         "スタートプレイヤーマーカーを左隣のプレイヤーに渡し、"
         "そのプレイヤーが新たなラウンドのスタートプレイヤーとなります。"),
    # ---------------------------------------------------------------- Mine
    Rule("mine.permit", MINE, "An empty miner pool: buy 1 permit at its current price for up to 2 miners.",
         RULEBOOK,
         "示されている額のグロッシュを支払って、"
         "右側にあるエリアから鉱夫プールへと鉱夫駒を2個まで移動させます"),
    Rule("mine.pool-max", MINE, "The miner pool never holds more than 2 miners.", RULEBOOK,
         "鉱夫プールに鉱夫駒を3個以上置くことはできません"),
    Rule("decision.no-top-up", NOTES, "A pool with a miner in it is not topped up (the text refills an empty "
         "pool only).", DECISION),
    Rule("mine.draw", MINE, "Draw as many tiles as the technology level, keep one, discard the rest.", RULEBOOK,
         "何枚引くかは現在の採掘技術レベルによって決まります。"),
    Rule("mine.reshuffle", MINE, "An empty stack: shuffle the discards into a new stack (I, II, III mixed).",
         RULEBOOK, "鉱山タイルの山が尽きた場合、捨て札をよく混ぜて新たな山を作ります"),
    Rule("mine.entrance", MINE, "The 2 printed entrances cost 2 wood.", RULEBOOK,
         "2つの入り口はボード上に印刷されており、建設コストは木材2つです。"),
    Rule("mine.neighbour-cost", MINE, "Other spaces: beside or below an existing mine, at the highest neighbouring "
         "cost, not the sum.", RULEBOOK, "すべてのコストの合計ではなく、最も高いコストを支払います。"),
    Rule("mine.not-above", FORGET, "A mine neither opens nor prices the space above it.", RULEBOOK,
         "鉱山タイルはその上側のスペースのコストに影響を与えることも、そのスペースを利用可能にすることもない。"),
    Rule("mine.no-rocks", MINE, "Never on rocks or existing mine tiles.", RULEBOOK,
         "岩石タイル上や既存の鉱山タイル上で建設することはできません。"),
    Rule("mine.place", MINE, "Place the tile and a miner from the pool on it.", RULEBOOK,
         "そのスペースに鉱山タイルを置き、その上にプールから取った鉱夫駒を1個置いて"),
    Rule("mine.ore", MINE, "Ore production +N, and the ore deck advances the same N.", RULEBOOK,
         "鉱石の生産力を高める何かを建設したときには常に、それと同じ数だけ鉱石デッキも進みます"),
    Rule("mine.population", MINE, "Some mines advance the population deck.", RULEBOOK,
         "一部の鉱山はさらなる人々を町に惹きつけます。"),
    Rule("mine.points", MINE, "Some mines give points at once.", RULEBOOK, "一部の鉱山は即時点をもたらします。"),
    Rule("mine.discard-all", MINING, "After looking, you may discard every drawn tile and build no mine.",
         RULEBOOK, "引いた鉱山タイルを見たあと、プレイヤーはそのすべてを捨て札にして鉱山を建設しないことができます。"),
    Rule("mine.one-miner", MINING, "You may pay the full permit and move only 1 miner.", RULEBOOK,
         "プレイヤーはコストを満額支払って、鉱夫プールに鉱夫駒を1個しか追加しないことができます。"),
    Rule("mine.tech-remove", MINING, "A technology tile may be removed from the game instead of placed.",
         RULEBOOK,
         "採掘技術タイルを鉱山として置くと、"
         "プレイヤーは代わりにそのタイルをゲームから除外することができます。"),
    # ---------------------------------------------------------------- Rights, Plot, Build
    Rule("rights.top-only", RIGHTS, "Only the top tile of each stack is available.", RULEBOOK,
         "各山の一番上のタイルだけが利用可能です。"),
    Rule("rights.own-guilds", FORGET, "No guild building of a guild you do not belong to.", RULEBOOK,
         "自分が属していないギルドのギルド建物タイルを得ることはできない。"),
    Rule("rights.public-open", RIGHTS, "Public buildings may be taken by anyone.", RULEBOOK,
         "プレイヤーは公共建物を選ぶこともできますが"),
    Rule("rights.red-column", RIGHTS, "Stacks shift left, so the 3-permit column stays empty until the red "
         "nobles arrive.", RULEBOOK, "赤い貴族建物タイルが登場するまでは許可証3枚の列は使われません。"),
    Rule("plot.first", PLOT, "With no building in town any empty plot costs 5.", RULEBOOK,
         "町に建物が一つもない場合、町で空いている任意の区画を5グロシュで得ることができます。"),
    Rule("plot.cost", PLOT, "Otherwise only plots next to a building, at the highest adjacent plot value.",
         RULEBOOK, "いずれかの建物に隣接している区画だけを得ることができます。"),
    Rule("plot.all-taken", PLOT, "When every plot next to a building is taken, any empty plot costs 5 again.",
         RULEBOOK,
         "建物に隣接しているすべての区画が獲得されている場合、"
         "再び任意の空き区画を5グロシュで得られるようになります。"),
    Rule("plot.reputation", PLOT, "At reputation 3 or more a plot costs 1.", RULEBOOK,
         "自分の名声が3以上の場合、区画を得るためのコストは1グロシュだけになります！"),
    Rule("plot.max", PLOT, "At most 3 plots at a time.", RULEBOOK,
         "各プレイヤーは自分の区画を同時に3つまでしか持てないことに注意してください。"),
    Rule("build.marker", BUILD, "Choose one of your plots; its marker returns to your board.", RULEBOOK,
         "クトナー・ホラ内の自分の区画を1つ選びます。"),
    Rule("build.house", BUILD, "A guild building takes the leftmost house of its guild's row; resolve the effect "
         "to the right of that space.", RULEBOOK,
         "その段にある左端の家駒を取って建物タイル上に置き、"
         "その家駒があったスペースの右側に示されている効果を解決します。"),
    Rule("build.house-rights", FORGET, "A house's free Rights takes public buildings only.", RULEBOOK,
         "建物タイルを無料で得られる家効果では公共建物のみ得ることができる。"),
    Rule("build.tax", EFFECTS, "A tax icon raises the tax by its amount.", RULEBOOK,
         "示されている額だ"
         "け税金を増やす。"),
    Rule("build.flip-barbara", GUILDS, "The St. Barbara icon turns the current tile face down; nobody gets its "
         "effect.", RULEBOOK, "プレイヤーは現在の聖バルボラタイルを裏向きにします。"),
    Rule("barbara.flip-tax", GUILDS, "Flipped by a building, the tile raises the tax by its printed amount.",
         RULEBOOK, "そのタイルの下段に示されている額だけ税金を増やします。"),
    Rule("barbara.flip-none", EFFECTS, "With all 11 tiles done, flipping has no effect.", RULEBOOK,
         "11枚のタイルすべてがすでに建設されている場合、何の効果もない"),
    Rule("guild.technology", GUILDS, "Miners' buildings take the top technology tile and play it as a free mine "
         "with a miner from the reserve (the pool only if the reserve is empty).", RULEBOOK,
         "このエリアに鉱夫駒がない場合のみ、プールにある鉱夫駒を使います"),
    Rule("guild.technology-take", GUILDS, "A technology tile raises everyone's mining technology.", RULEBOOK,
         "誰かが技術タイルを得ると全プレイヤーの採掘技術が向上し"),
    Rule("guild.technology-none", FORGET, "The technology level rises only through miners' buildings.", RULEBOOK,
         "採掘技術レベルは、誰かが鉱夫ギルド建物を建設したときのみ上がる。"),
    Rule("guild.production-over-10", FORGET, "Production may exceed 10.", RULEBOOK, "生産力は10を超えてもよい。"),
    Rule("public.no-house", PUBLIC, "No house, no owner, no production, no house effect.", RULEBOOK,
         "公共建物を建設した場合には家効果を得ません。"),
    Rule("public.noble", PUBLIC, "Every public building adds a noble of its colour from the bank to the pool.",
         RULEBOOK, "すべての公共建物は貴族プールに貴族を追加します。"),
    Rule("public.bonus", PUBLIC, "Strong immediate effects by noble colour (approx: green 3 points, silver 2 "
         "pelicans, yellow 2 reputation, red 4 points).", RULEBOOK,
         "公共建物は名声、ペリカントークン、即時点をもたらす強力な即時効果を持っています。"),
    # ---------------------------------------------------------------- Income, council, St. Barbara, Joker
    Rule("income.council", COUNCIL, "After income, pay 10 groschen to move one pool noble to the council (never "
         "more than one).", RULEBOOK, "さらなるグロシユを支払って2枚以上移動させることはできません"),
    Rule("barbara.pelican", BARBARA, "Spend an unused pelican; without one you cannot take the action.", RULEBOOK,
         "未使用のペリカントークンを1枚も持っていない場合、「聖バルボラ」アクションを実行することはできません。"),
    Rule("barbara.current", BARBARA, "Resolve the current tile, then turn it face down; tiles go in number order. "
         "Its tax icon is ignored.", RULEBOOK,
         "「聖バルボラ」アクションを実行したときには、"
         "タイル上にある税金の増加アイコンを無視します。"),
    Rule("barbara.1", BARBARA_TILES, "Reputation +2.", RULEBOOK, "名声を2得る。"),
    Rule("barbara.2", BARBARA_TILES, "Reputation +1 and a free Rights action.", RULEBOOK,
         "名声を1得る。何も支払わずに「独占権」アクションを1回実行する。"),
    Rule("barbara.3", BARBARA_TILES, "Reputation -1; remove the leftmost house of a guild row, that good's "
         "production +2.", RULEBOOK, "そのギルドの段にある左端の家駒を1個取り除いて、その商品の生産力を2上げる"),
    Rule("barbara.4", BARBARA_TILES, "Reputation +1 and a free Plot anywhere.", RULEBOOK,
         "獲得するスペースが他の建物に隣接している必要はない。"),
    Rule("barbara.5", BARBARA_TILES, "Reputation -2, then 2 Income actions.", RULEBOOK,
         "名声を2失う。そのあと「収入」アクションを2回実行する"),
    Rule("barbara.6", BARBARA_TILES, "2 points; a noble from the bank (not the pool) to the council.", RULEBOOK,
         "銀行から（ボードからではなく）任意の貴族トークンを1枚取って市議会に置く。"),
    Rule("barbara.7", BARBARA_TILES, "Reputation +1 per public building next to each of your buildings.", RULEBOOK,
         "自分の各建物から、その建物に隣接している公共建物1つごとに名声を1得る。"),
    Rule("barbara.8", BARBARA_TILES, "1 point and a Build action without paying.", RULEBOOK,
         "1点を得る。何も支払わずに「建物」アクションを1回実行する。"),
    Rule("barbara.9", BARBARA_TILES, "2 Mine actions without paying, miners from the reserve.", RULEBOOK,
         "何も支払わずに「鉱山」アクションを2回実行する。"),
    Rule("barbara.10", BARBARA_TILES, "Score one of your buildings as in final town scoring.", RULEBOOK,
         "自分の建物を1つ選ぶ。"),
    Rule("barbara.11", BARBARA_TILES, "5 points; the tile is turned over.", RULEBOOK,
         "5点を得る。そのあとこのタイルを裏返す。"),
    Rule("barbara.after-11", BARBARA_TILES, "After tile 11, the St. Barbara action gives reputation +2.", RULEBOOK,
         "これ以降、「聖バルボラ」アクションを実行したプレイヤーは名声を2得る。"),
    Rule("decision.barbara-next", NOTES, "The tile being resolved is already turned, so a building flip during "
         "its effect (tile 8's free build) turns the next tile.", DECISION),
    Rule("decision.barbara-3-no-deck", NOTES, "Tile 3's production +2 advances no deck: it builds nothing.",
         DECISION),
    Rule("joker.any", JOKER, "The Joker takes any other action.", RULEBOOK,
         "「ジョーカー」アクションによって、プレイヤーは他の任意のアクションを実行することができます。"),
    Rule("joker.cost", JOKER, "It costs 1 reputation.", RULEBOOK, "これを使うためには名声を1失わなければなりません。"),
    Rule("joker.free", REPUTATION, "At reputation 6 or more the Joker is free.", RULEBOOK,
         "名声が6以上のとき、ジョーカーを使っても名声コストはかからなくなります。"),
    Rule("reputation.beyond", REPUTATION, "Each step past either end of the track: +2 or -2 points at once.",
         RULEBOOK, "マーカーがトラックのこの端より先に進むはずの1ステップごとに、代わりに即座に2点を得ます。"),
    # ---------------------------------------------------------------- round end
    Rule("tax.pay", TAX, "Pay the tax marker's amount plus plot tax (3 with 2 plots, 8 with 3).", RULEBOOK,
         "各プレイヤーは税金マーカーが示している額の税金を支払うか"),
    Rule("tax.reputation", TAX, "Or lose the round's reputation instead (forced without the money); declining "
         "also skips plot tax.", RULEBOOK, "税金を支払わないことにした場合、この区画税も支払いません。"),
    Rule("decision.zero-tax", NOTES, "A player who owes 0 groschen pays it without being asked.", DECISION),
    Rule("round.red-nobles", RED, "The red buildings enter at the end of round 2 (4 players) or 3, shuffled, one "
         "at the right end of each row.", RULEBOOK,
         "市役所ボード上にある各段の右端のスペースに1枚ずつ置きま"
         "す（他のタイルとは異なり、これらを1つの山にはしません）。"),
    Rule("nobles.scoring", NOBLES, "At the end of each of the last 3 rounds, after tax, council nobles score for "
         "every player.", RULEBOOK,
         "最後の3回の各ラウンド終了時、税金フェイズのあと、"
         "市議会にいる貴族は全プレイヤーに得点をもたらします。"),
    Rule("nobles.green", NOBLES, "Green: per building of yours, 1 point per adjacent public building.",
         RULEBOOK, "自分の建物1つごとに、その建物に隣接している公共建物の数に等しい点数を得ます"),
    Rule("nobles.silver", NOBLES, "Silver: 3 points per 2 used pelicans.", RULEBOOK,
         "自分の使用済みのペリカントークン2枚ごとに3点を得ます"),
    Rule("nobles.yellow", NOBLES, "Yellow: 2 points with a mine in every row, 4 with 2 in every row.", RULEBOOK,
         "各段に最低1つの鉱山を持っている場合、2点を得ます。各段に最低2つの鉱山を持っている場合、4点を得ます！"),
    Rule("nobles.red", NOBLES, "Red: 3 points per board column emptied of houses.", RULEBOOK,
         "自分のプレイヤーボード上ですべての家駒が取り除かれている各列ごとに3点を得ます"),
    Rule("events.round-end", EVENTS, "Events that advance a deck do so at round end, before tax and nobles.",
         RULEBOOK, "これはラウンド終了時、税金フェイズと貴族の得点計算フェイズの前に発生します。"),
    Rule("events.reveal", EVENTS, "The next round's event is revealed when preparing it.", RULEBOOK,
         "次ラウンドの準備をするとき、新たなイベントカードを表向きにします。"),
    Rule("events.tax", EVENTS, "An event that raises the tax does so when revealed.", RULEBOOK,
         "そのカードを表向きにしたときに税金マーカーを進めます。"),
    # ---------------------------------------------------------------- end
    Rule("end.game-over", END, "The game ends after round 5 (4 players) or 6.", RULEBOOK,
         "4人ゲームではラウンド5のあと、2/3人ゲームではラウンド6のあとでゲームは終了します。"),
    Rule("end.final-scoring", FINAL, "Final scoring: town, mines, income, reputation, leftovers.", RULEBOOK,
         "今こそ長期的戦略の結果を評価するときです。"),
    Rule("end.town", FINAL, "Each building's owner scores 1 per matching icon on adjacent buildings and board "
         "edges.", RULEBOOK,
         "各建物の所有者は、その建物に隣接している建物上やボードの辺上にある、"
         "その建物と同じアイコン1つごとに1点を得ます"),
    Rule("end.mines", FINAL, "Each mine row: value by its stars, rank points by own stars; ties all take the rank, "
         "no stars scores nothing.", RULEBOOK,
         "星を持っていないプレイヤーは、"
         "その段に自分の鉱山があったとしても得点を得ません。"),
    Rule("end.mine-ties", FINAL, "Tied players take the rank in full and the next rank is skipped.", RULEBOOK,
         "ある順位のプレイヤーが複数いる場合、その全員がその順位の得点を満額得ます。"),
    Rule("end.income", FINAL, "Income ÷ 10, rounded down.", RULEBOOK, "この値を10で割り（端数切り捨て）"),
    Rule("end.reputation", FINAL, "Points for the reputation marker's position.", RULEBOOK,
         "名声トラック上のマーカーの位置に基づいて、各プレイヤーは得点を獲得/喪失することがあります。"),
    Rule("end.leftovers", FINAL, "1 point per held tile, unbuilt plot and unused pelican.", RULEBOOK,
         "使わなかった各ペリカントークンごとにそれぞれ1点を得ます。"),
    Rule("end.winner", FINAL, "Most points wins; ties go to most groschen, then shared.", RULEBOOK,
         "同点の場合、その中で最も多くのグロシュを持っているプレイヤーが勝利します。"),
    # ---------------------------------------------------------------- special cases
    Rule("pieces.out", PIECES, "An action needing a plot marker, house or miner you lack has no effect.",
         RULEBOOK, "そのアクション全体が何の効果もなしに実行されます。"),
    Rule("pieces.nobles", PIECES, "Only 3 nobles per colour; a part needing an unavailable noble is ignored.",
         RULEBOOK, "その効果のその部分を無視します。"),
    Rule("pieces.unlimited", PIECES, "Pelicans and groschen are unlimited.", RULEBOOK,
         "ペリカントークンとグロシュは無限にあるものとします。"),
    Rule("ignore.action", IGNORE, "Any card may be played for no effect.", RULEBOOK,
         "プレイヤーはアクションとしてカードを1枚プレイし、これは何の効果も持たないと宣言することができます。"),
    Rule("ignore.effect", IGNORE, "Parts of an effect may be ignored (a house's public Rights, a St. Barbara "
         "tile's centre; tile 3's reputation loss is not optional).", RULEBOOK,
         "プレイヤーは家駒による公共建物の「独占権」アクションを無視することができます"),
    Rule("caps.tax", CAPS, "The tax never exceeds 25.", RULEBOOK, "税金が26グロシュ以上になることはありません。"),
]
