"""Every Chartres rule the engine implements, by id, with its section of the rule text and the text's own words.

Events in the log name one of these ids; tests carry ``@pytest.mark.rule(id)`` and a coverage test checks every
rule is exercised. ``decision.*`` rules are our readings where the text is silent or unclear
(``docs/rules_notes/chartres.md``).
"""

from games.core import DECISION, INFERRED, RULEBOOK, Rule, RuleBook

SETUP = "セットアップ (Setup)"
CARDS = "アシスタントカード / ロケーションカード (Cards)"
FLOW = "プレイの方法 (How to play)"
PHASE_A = "フェーズA: ロケーション (Phase A: locations)"
WINDOWS = "大聖堂のステンドグラスの窓を構築 (Building windows)"
PHASE_B = "フェーズB:カードを2枚引く (Phase B: draw 2)"
PHASE_C = "フェーズC:カードを2枚プレイする (Phase C: play 2 cards)"
PHASE_D = "フェーズD:公開 (Phase D: reveal)"
PHASE_E = "フェーズE:アクション (Phase E: actions)"
TRACKS = "ステータスボード、地下室、十字架の塔での前進 (Tracks)"
PHASE_F = "フェーズF:スコアリング (Phase F: scoring)"
WINE = "ワイン作り (Wine making)"
ERA_END = "時代の終わり (End of an era)"
FINAL = "最終スコアリング (Final scoring)"
NOTES = "docs/rules_notes/chartres.md"

RULES = RuleBook("chartres", [
    # ---------------------------------------------------------------- setup
    Rule("setup.supply", SETUP, "The common supply: reputation tokens, windows, 12 face-down bonus tiles, citizens.",
         RULEBOOK, "裏向きの12枚のボーナスタイル"),
    Rule("setup.locations", SETUP, "Shuffle the location cards and reveal players + 1 of them; a second city gate "
         "is discarded and replaced.", RULEBOOK, "プレイヤーの数+1枚だけロケーションカードを公開し"),
    Rule("setup.assistant-deck", SETUP, "Shuffle the assistant cards into a face-down deck.", RULEBOOK,
         "アシスタントカード(以下、単に「カード」と呼びます)をシャッフルし、裏向きにして"),
    Rule("setup.bonus-tiles", SETUP, "Reveal one bonus tile per player onto the cathedral.", RULEBOOK,
         "プレイヤーの数だけボーナスタイルを公開し"),
    Rule("setup.boards", SETUP, "Each player gets a cathedral board and a random cellar board.", RULEBOOK,
         "各プレイヤーに大聖堂ボードを1つ配り、ランダムに地下室ボードを1つ配ります。"),
    Rule("setup.initiative", SETUP, "Decide the initiative order (here: drawn from the seed unless configured).",
         RULEBOOK, "全員が合意した適当な方法でイニシアチブの順序を決定し"),
    Rule("setup.markers", SETUP, "Influence 0, shield on status level 1, cross on tower level 1, barrel marker on "
         "the first cellar space.", RULEBOOK, "ステータスボードのレベル1に盾マーカー"),
    Rule("setup.citizens", SETUP, "Each player takes 3 citizens as their personal supply.", RULEBOOK,
         "市民コマを3つ取り、プレイエリアの隣に置き、個人サプライとします。"),
    Rule("setup.warehouse", SETUP, "In reverse initiative order each player puts 1 citizen on the path to the "
         "warehouse, on the first empty space counting from the building.", RULEBOOK,
         "イニシアチブの逆順で、各プレイヤーは自分の個人サプライから1つの市民を倉庫に通じる道の"),
    Rule("setup.deal", SETUP, "Deal 6 assistant cards; at the same time each player lays 3 of them face up as the "
         "action row and keeps 3 in hand.", RULEBOOK, "これらのカードから3枚を選び、それらを表向きにしてプレイエリアに配置し"),
    # ---------------------------------------------------------------- structure
    Rule("flow.eras", FLOW, "3 eras of 4 rounds; an era ends when the action row holds 7 cards.", RULEBOOK,
         "シャルトルは3つの時代(Decade)にわたってプレイされます。各時代は4ラウンドで構成されています。"),
    Rule("flow.bonus-refresh", FLOW, "At the start of eras 2 and 3, the bonus tiles left over leave the game and "
         "new ones are revealed.", RULEBOOK, "前の時代から残ったボーナスタイルはゲームから除外され、新しいタイルと交換されます。"),
    Rule("ability.main-bonus", CARDS, "The lower ability is a bonus, available only if the upper one was "
         "resolved.", RULEBOOK, "下部の能力は、上部の能力の効果が解決された場合にのみ得られるボーナスを表します。"),
    Rule("ability.times", CARDS, "\"N×\": the effect may be resolved up to N times.", RULEBOOK,
         "その数字によってその効果を解決できる回数が決まります。"),
    Rule("ability.per", CARDS, "\"condition ▶ effect\": resolve the effect once per time the condition is met.",
         RULEBOOK, "▶の左側の条件が満たされた回数だけ効果を解決できます。"),
    # ---------------------------------------------------------------- phase A
    Rule("location.reveal", PHASE_A, "From the second round on, remove last round's locations and reveal "
         "players + 1.", RULEBOOK, "前のラウンドで公開されたロケーションカードを取り除きます"),
    Rule("location.city-gate", PHASE_A, "Only one city gate may show; further city gates are discarded and "
         "replaced.", RULEBOOK, "公開できる城門カードは1枚のみであり"),
    Rule("location.order", PHASE_A, "Players choose in order of torches in their action rows; ties go to the "
         "earlier initiative.", RULEBOOK, "燈火の数が最も多いプレイヤーから順に"),
    Rule("location.take", PHASE_A, "Take one revealed location, resolve it and discard it.", RULEBOOK,
         "各プレイヤーは公開されたロケーションカードの中から1枚を選び、その効果を実行し"),
    Rule("location.must-perform", PHASE_A, "A location whose main ability you cannot carry out cannot be chosen.",
         RULEBOOK, "そのメイン能力を実行できないロケーションカードを選ぶことはできません。"),
    Rule("location.draw-instead", PHASE_A, "Instead of a location, draw 1 assistant card.", RULEBOOK,
         "代わりにアシスタントカード1枚を引きます。"),
    Rule("location.reshuffle", PHASE_A, "An empty location deck is rebuilt from its shuffled discards.", RULEBOOK,
         "捨てられたロケーションカードをシャッフルして新しいデッキを作成します。"),
    Rule("location.tavern", ERA_END, "A tavern stays beside the action row until the end of the era, then it is "
         "discarded (placeholder effect: +1 torch meanwhile).", RULEBOOK,
         "このカードに示されている通りに酒場を捨てます。"),
    Rule("hand.limit", PHASE_A, "A draw beyond the hand limit gives 1 IP per card not drawn.", RULEBOOK,
         "引くはずだった手札の制限を超えるカードごとに1影響ポイントを獲得します。"),
    Rule("deck.reshuffle", WINDOWS, "An empty assistant deck is rebuilt from its shuffled discards.", RULEBOOK,
         "捨て札をシャッフルして新しいデッキとして使用します。"),
    # ---------------------------------------------------------------- windows
    Rule("window.left-to-right", WINDOWS, "Windows fill the cathedral's spaces left to right, in the leftmost "
         "empty space.", RULEBOOK, "大聖堂の窓は左から右に構築します。"),
    Rule("window.colour", WINDOWS, "A coloured window may only go on a space of its colour.", RULEBOOK,
         "色付きの窓は、スペースの色と一致する場合にのみ構築できます。"),
    Rule("window.white", WINDOWS, "A white window may always be built, whatever the space's colour, and earns no "
         "bonus.", RULEBOOK, "構築する窓がスペースの色と一致しない場合でも常に白の窓を構築できます。"),
    Rule("window.bonus", WINDOWS, "A window on a space of its colour earns the printed bonus.", RULEBOOK,
         "スペースと一致する色の窓を構築すると、印刷されたボーナスを受け取ります。"),
    Rule("window.full", WINDOWS, "Once all 9 windows are built, each further coloured window scores 6 IP and each "
         "white one 4 IP.", RULEBOOK, "追加の色付きの窓ごとに6影響ポイントを獲得し、白の窓ごとに4影響ポイントを獲得します。"),
    Rule("effect.discard", WINDOWS, "Discard 1 card (of the shown colour, if coloured).", RULEBOOK,
         "カード1枚を捨てます(色が付いている場合、その色のカードを捨てる必要があります)。"),
    Rule("effect.discard-same", WINDOWS, "Discard the shown number of cards of one colour.", RULEBOOK,
         "同じ色のカードを指定された枚数捨てます。"),
    Rule("effect.citizen", WINDOWS, "Take a citizen from the common supply into your personal supply.", RULEBOOK,
         "共通サプライにある市民"),
    Rule("effect.place-citizen", WINDOWS, "Put a citizen of your personal supply on a path of the main board, on "
         "the first empty space from the building.", RULEBOOK, "メインボード上の道の1つに配置された市民"),
    Rule("effect.score-windows", WINDOWS, "Score your windows: the number under your rightmost built window.",
         RULEBOOK, "ステンドグラスの窓のスコアを獲得します"),
    Rule("effect.score-cross", WINDOWS, "Score your cross height: gain the IP and draw the cards of your level.",
         RULEBOOK, "到達したレベルに示されているように、影響ポイントを獲得し、カードを引きます。"),
    Rule("effect.draw", WINDOWS, "Draw assistant cards (within your hand limit).", RULEBOOK,
         "彼の手札制限が許す限り"),
    Rule("effect.reputation", FINAL, "Gain reputation tokens.", RULEBOOK, "評判トークンを1つ獲得します。"),
    # ---------------------------------------------------------------- phases B-E
    Rule("draw.phase-b", PHASE_B, "Every player draws 2 assistant cards; these ignore the hand limit.", RULEBOOK,
         "これらのカードは手札制限にはカウントされません"),
    Rule("play.commit", PHASE_C, "At the same time and face down, each player plays one card to the right end of the "
         "action row and one to an empty position of the activation row.", RULEBOOK,
         "他のカードが置かれていない位置にプレイする必要があります。"),
    Rule("play.reveal", PHASE_D, "The played cards are turned face up together.", RULEBOOK,
         "各プレイヤーは同時に、プレイした2枚のカードを表向きにします。"),
    Rule("act.match", PHASE_E, "An action-row card is activated by a card of the same colour directly below it; "
         "otherwise nothing is activated.", RULEBOOK,
         "アクション行のカードを発動するには、真下の発動行のカードが同じ色である必要があります。"),
    Rule("act.order", PHASE_E, "Players resolve their activated cards in initiative order.", RULEBOOK,
         "イニシアチブの順番で、各プレイヤーは"),
    Rule("act.bonus", PHASE_E, "The bonus ability may be resolved only if the main ability was resolved fully; "
         "it is optional.", RULEBOOK, "ボーナス能力効果は必須ではありません。"),
    Rule("era.end-check", PHASE_E, "Fewer than 7 cards in the action row: a new round; 7: the era ends with "
         "Phase F.", RULEBOOK, "カードが7枚ある場合、時代は終了し、追加のフェーズが発生します。"),
    # ---------------------------------------------------------------- tracks
    Rule("track.status", TRACKS, "Passing or reaching a status space with a citizen, stairs or draw-2 symbol gives "
         "that bonus at once.", RULEBOOK, "ただちに示されたボーナスが得られます。"),
    Rule("track.hand-limit", TRACKS, "The hand limit rises with the shield, from 3 up to 7.", RULEBOOK,
         "盾マーカーがステータスボードで上に進むと、手札制限が増え、最大で7枚まで増加します。"),
    Rule("track.status-top", TRACKS, "Each step past the top status space scores 2 IP.", RULEBOOK,
         "盾が進むはずだったスペースごとに2影響ポイントを獲得します。"),
    Rule("track.cellar", TRACKS, "Passing or reaching a cellar space gives its bonus.", RULEBOOK,
         "地下室では、通過または到達したスペースからボーナスを得ることができます"),
    Rule("track.cellar-end", TRACKS, "Each step past the last cellar space scores 2 IP.", RULEBOOK,
         "樽が進むはずだった追加のスペースごとに2影響ポイントを獲得します。"),
    Rule("track.cross", TRACKS, "The cross climbs the tower; each step past the top scores 3 IP.", RULEBOOK,
         "追加で進むはずだったスペースごとに3影響ポイントを獲得します。"),
    Rule("track.chain", TRACKS, "Track bonuses can set off further bonuses (chain reactions).", RULEBOOK,
         "得られるボーナスのおかげで「連鎖反応」を引き起こす可能性があります。"),
    # ---------------------------------------------------------------- phase F
    Rule("score.citizens", PHASE_F, "Influence from citizens by torch rank (ties by initiative): 2 players 2 IP "
         "per citizen + barrel 1 / 1 IP per citizen; 3–4 players 2 + barrel 1 / 2 / 1 + 1 IP / 1.", RULEBOOK,
         "メインボード上の自分の色の市民ごとに2影響ポイントを獲得し、樽マーカーを地下室の右に1スペース移動します。"),
    Rule("score.attract", PHASE_F, "Take one citizen from the common supply per 2 horses and 1 cart in your action "
         "row.", RULEBOOK, "アクション行にある馬2つと荷車1つごとに、共通サプライから自分の色の市民を1つ受け取り"),
    Rule("score.bonus-tile", PHASE_F, "In initiative order each player may take one cathedral bonus tile, returning "
         "its 1–4 citizens to the common supply; taken tiles leave the game.", RULEBOOK,
         "ボーナスタイルを選択したら、ゲームから取り除いてボックスに戻します。"),
    Rule("wine.grapes", WINE, "Grapes of one colour: 4 fill a barrel, 3 fill half a barrel.", RULEBOOK,
         "同じ色のブドウ4つで1つの樽を満杯にし、同じ色のブドウ3つで樽の半分を満たすことができます。"),
    Rule("wine.order", WINE, "Barrels fill left to right, full barrels first, then half barrels.", RULEBOOK,
         "まず、満杯の樽をスコアリングします。"),
    Rule("wine.score", WINE, "A full barrel scores its printed IP, a half barrel half of it rounded down.",
         RULEBOOK, "半分の樽は、印刷されたポイントの半分(端数切り捨て)を付与します。"),
    Rule("era.discard", ERA_END, "Discard the 4 action-row cards with a card below them and the whole activation "
         "row; 3 cards stay.", RULEBOOK, "アクション行からその真下にカードがある4枚のカードを捨て"),
    Rule("era.cellars", ERA_END, "Pass your cellar to the player on your left.", RULEBOOK,
         "地下室を左側のプレイヤーに渡し"),
    Rule("era.cellars-2p", ERA_END, "With 2 players: swap cellars for era 2; for era 3 each draws a new cellar at "
         "random from the 2 unused ones.", RULEBOOK, "第3の時代では、各プレイヤーは未使用の2つの地下室から新しい地下室をランダムに引きます。"),
    Rule("era.marker", ERA_END, "Move the era marker; the game ends after era 3.", RULEBOOK,
         "ゲームは3時代の後に終了し、その後、最終スコアリングフェーズが続きます"),
    # ---------------------------------------------------------------- final scoring
    Rule("final.windows", FINAL, "IP equal to the number under your rightmost built window.", RULEBOOK,
         "大聖堂ボードに建てられた右端のステンドグラスの窓の下に表示されている数字に基づいて影響ポイントを獲得します。"),
    Rule("final.cross", FINAL, "Cross at level 3: 1 reputation token; level 4: 2.", RULEBOOK,
         "レベル3の場合、評判トークンを1つ獲得します。"),
    Rule("final.paths", FINAL, "Warehouse and town hall paths: most citizens 2 reputation; 2 players: the other 1; "
         "3 players: 2nd 1; 4 players: 2nd and 3rd 1.", RULEBOOK,
         "最も多くの市民を配置したプレイヤーは、2つの評判トークンを受け取ります。"),
    Rule("final.path-tiebreak", FINAL, "Ties on a path: the player with the citizen closest to the building ranks "
         "higher.", RULEBOOK, "同数の場合、それぞれの建物に最も近い市民を持つプレイヤーが上の順位になります。"),
    Rule("final.reputation", FINAL, "Reputation tokens × the multiplier at your shield's position = IP.", RULEBOOK,
         "獲得した評判トークンの合計数に、ステータスボード上の盾マーカーの位置(0から8の範囲)に対応する数字を掛けます。"),
    Rule("final.leftovers", FINAL, "1 IP per citizen in your personal supply and per card in hand.", RULEBOOK,
         "あなたの個人サプライに残っている市民ごとに、そして手札に残っているカードごとに1影響ポイントを獲得します。"),
    Rule("final.winner", FINAL, "Most IP wins; ties: most citizens in the personal supply, else shared.", RULEBOOK,
         "個人サプライに最も多くの市民がいるプレイヤーが勝ちます。"),
    # ---------------------------------------------------------------- inferred
    Rule("inferred.per-colour-citizens", SETUP, "Citizens come in each player's colour; the common supply holds "
         "the rest of a colour (15 per colour, approx); when none is left, taking one does nothing.", INFERRED),
    Rule("inferred.hidden", PHASE_C, "Hands, the decks and the face-down plays of Phase C are hidden; action rows, "
         "personal supplies and reputation are public.", INFERRED),
    # ---------------------------------------------------------------- decisions
    Rule("decision.window-fallback", NOTES, "A coloured window whose space does not match is built white, with no "
         "bonus (the text: a white window can always be built).", DECISION),
    Rule("decision.window-any", NOTES, "\"A window of any colour\" is built in the colour of the space it goes "
         "on.", DECISION),
    Rule("decision.full-resolution", NOTES, "A main ability counts as fully resolved when every repetition it "
         "offers was carried out; stopping early forfeits the bonus.", DECISION),
    Rule("decision.gains-automatic", NOTES, "Repetitions without a discard are carried out at once; a repetition "
         "that costs cards is offered (discard to do it, or stop).", DECISION),
    Rule("decision.tile-free", NOTES, "Windows from bonus tiles and track bonuses cost no cards (the tile is paid "
         "with citizens); citizens for a tile come from the personal supply.", DECISION),
    Rule("decision.barrel-start", NOTES, "Wine fills from the barrel under the marker rightwards; grapes beyond the "
         "last barrel are lost; the marker keeps its space when cellars are passed.", DECISION),
    Rule("decision.wine-first", NOTES, "When both colours fill a barrel of the same kind, the player chooses which "
         "colour pours first (it never changes the IP).", DECISION),
    Rule("decision.chain-order", NOTES, "Track bonuses resolve at once, depth first, in printed order.", DECISION),
    Rule("decision.stairs", NOTES, "The status board's stairs symbol (not described by the text) moves the cross up "
         "1 (placeholder).", DECISION),
    Rule("decision.short-hand", NOTES, "A player with fewer than 2 cards in Phase C plays what they have, action "
         "row first; an era always ends after its 4th round, and a row with fewer than 4 covered cards also discards "
         "its leftmost uncovered cards so that 3 stay.", DECISION),
    Rule("decision.empty-path", NOTES, "A player with no citizen on a path gets no reputation for it.", DECISION),
])
