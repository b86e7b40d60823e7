"""Every Kardinal & König card-game rule the engine implements, by id, with its section of the rule text.

Events in the log name one of these ids; tests carry ``@pytest.mark.rule(id)`` and a coverage test checks every
rule is exercised. ``decision.*`` rules are our readings where the text is silent or unclear
(``docs/rules_notes/kardinal_koenig.md``).
"""

from games.core import DECISION, RULEBOOK, Rule, RuleBook

SETUP = "ゲームの準備 (Setup)"
TAKE = "1.カードを取る (Take cards)"
CLAIM = "2.権利証を置く (Place a claim stone)"
CLAIMED = "権利証が置かれた国カードを取る場合 (Taking a claimed card)"
CHIPS = "法律チップが置かれた国カードを取る場合 (Law chips)"
FLOW = "ゲームの流れ (Turn order and end)"
SCORING = "ゲーム終了時の得点計算 (Final scoring)"
NOTES = "docs/rules_notes/kardinal_koenig.md"

RULES = RuleBook("kardinal_koenig", [
    # ---------------------------------------------------------------- setup
    Rule("setup.start-player", SETUP, "Choose a start player.", RULEBOOK, "スタートプレイヤーを決めます。"),
    Rule("setup.layout", SETUP, "Shuffle the 56 country cards and lay them face up in 4 rows of 14.", RULEBOOK,
         "国カードをよく混ぜ、14枚ずつ4列に並べます。"),
    Rule("setup.law-chips", SETUP, "Shuffle the 8 law chips and put them face down on the cards marked X, leaving "
         "the top of those cards (their crests) visible.", RULEBOOK,
         "法律チップをよく混ぜ、裏にして図のX印の国カードの上に置きます。国カードの上の部分は隠れないようにします。"),
    Rule("setup.stones", SETUP, "Each player takes the 3 claim stones of their colour.", RULEBOOK,
         "各プレイヤーは色を選び、その色の権利証3枚をもちます。"),
    # ---------------------------------------------------------------- turn
    Rule("flow.clockwise", FLOW, "Starting with the start player, turns go clockwise.", RULEBOOK,
         "スタートプレイヤーから始め、時計回りに手番を行います。"),
    Rule("take.ends", TAKE, "Take cards from the left or right end of the rows and lay them face up in front of "
         "you, sorted by colour.", RULEBOOK,
         "手番になったらカードの列の左端または右端(図の濃い灰色)からカードを取り、色ごとに自分の手元に表にして並べます。"),
    Rule("take.one-country", TAKE, "Any number of cards may be taken if they are all of one colour (country).",
         RULEBOOK, "同色ならば、何枚でも取ることができます。"),
    Rule("take.crest-limit", TAKE, "The cards taken in a turn may show at most 2 crests in total.", RULEBOOK,
         "ただし、取るカードに描かれた紋章は2つ以下でなければなりません。"),
    Rule("take.routes-not-crests", TAKE, "Ships and carriages do not count as crests.", RULEBOOK,
         "注意:船と馬車は紋章に数えません。"),
    Rule("take.at-least-one", TAKE, "At least one card must be taken.", RULEBOOK, "最低1枚は取らなければなりません。"),
    Rule("take.skip", CLAIMED, "A player who cannot take any card misses the turn.", RULEBOOK,
         "この結果カードを取れなくなり手番を飛ばされることもあります。"),
    # ---------------------------------------------------------------- claim stones
    Rule("claim.place", CLAIM, "After taking cards you may put one of your claim stones on any country card that "
         "has no claim stone and is not in a player's display.", RULEBOOK,
         "カードを取ったら、自分の権利証を1枚表にして好きな国カードの上に置くことができます。"
         "ただしすでに権利証が置かれているカードや、他のプレイヤーの手元にあるカードには置くことができません。"),
    Rule("claim.limit-3", CLAIM, "With 3 players all three claim stones may be on the layout.", RULEBOOK,
         "3人プレイ時には権利証を3枚とも置くことができます。"),
    Rule("claim.limit-45", CLAIM, "With 4-5 players at most two claim stones may be on the layout; the third stays "
         "in hand.", RULEBOOK, "4〜5人プレイ時には権利証を2枚までしか置くことができません。残りの1枚は手元に置いておきます。"),
    Rule("claim.move", CLAIM, "Once all your placeable stones (3 or 2) are out, you may move one of them instead.",
         RULEBOOK, "権利証を全部(3枚か2枚)置いたら、次の手番からはすでに置かれた自分の権利証を移動することができます。"),
    Rule("claimed.own", CLAIMED, "Taking a card under your own claim stone returns the stone to your hand.",
         RULEBOOK, "自分の権利証が置かれた国カードを取ったら、その権利証は手元に戻ります。"),
    Rule("claimed.other", CLAIMED, "Taking a card under another player's stone costs you one of your own stones "
         "for good; their stone returns to its owner.", RULEBOOK,
         "他プレイヤーの権利証が置かれた国カードを取ったら、自分の権利証を1枚捨てなければなりません。"
         "この権利証はこれ以降使うことができなくなります。権利証は持ち主の手元に戻ります。"),
    Rule("claimed.pay-from-layout", CLAIMED, "With no stone in hand, the stone paid is one of yours on the layout.",
         RULEBOOK, "手元にはありません。そのため国カードの上に置かれた権利証を捨てなければなりません。"),
    Rule("claimed.no-stones", CLAIMED, "A player with no claim stones left cannot take cards under another "
         "player's stone.", RULEBOOK,
         "権利証がなくなったら、他プレイヤーの権利証が置かれた国カードを取ることはできなくなります。"),
    # ---------------------------------------------------------------- law chips
    Rule("chips.take", CHIPS, "Taking a card with a law chip gives you the chip, face down; only you may look at "
         "it.", RULEBOOK, "法律チップが置かれた国カードを取ったら、その法律チップを手元に裏にして置いておきます。"
         "もちろん内容は自分だけ見ることができます。"),
    Rule("chips.return", CHIPS, "Return claim stone: played on your turn, one of your discarded stones comes back "
         "to your hand; then the chip is discarded.", RULEBOOK,
         "手番にこのチップをプレイすると、捨てた権利証を1枚手元に戻すことができます。プレイしたらこのチップは捨てられます。"),
    Rule("chips.three", CHIPS, "3 crests allowed: played on your turn, the cards taken may show up to 3 crests; "
         "then the chip is discarded.", RULEBOOK,
         "手番にこのチップをプレイすると、例外的に紋章を3種類まで取ることができます。プレイしたらこのチップは捨てられます。"),
    Rule("chips.colours", CHIPS, "Different colours allowed: played on your turn, the cards taken need not be of "
         "one colour; then the chip is discarded.", RULEBOOK,
         "手番にこのチップをプレイすると、例外的に同じ色でないカードを取ることができます。プレイしたらこのチップは捨てられます。"),
    Rule("chips.minus2", CHIPS, "−2 points: revealed at the end of the game, it costs 2 points.", RULEBOOK,
         "ゲーム終了時に表にし、−2点になります。"),
    # ---------------------------------------------------------------- end and scoring
    Rule("flow.end", FLOW, "When no country cards are left the game ends and is scored.", RULEBOOK,
         "国カードが全部なくなったら、ゲームが終了し得点計算になります。"),
    Rule("score.chart-order", SCORING, "Score country by country in the chart's order, starting with France.",
         RULEBOOK, "決算チャートを見ながら国ごとに得点を計算していきます。フランスから始めます。"),
    Rule("score.country-first", SCORING, "The player with the most cards of a country scores the number printed on "
         "its cards (its card count).", RULEBOOK,
         "手元にあるフランスのカードの枚数が最も多いプレイヤーはカードに書かれた数字(8点)だけ得点します。"),
    Rule("score.country-next", SCORING, "Each next player scores the number of cards of the player ranked just "
         "above; no cards, no points.", RULEBOOK,
         "以下同様に1つ上位のプレイヤーが集めたカード枚数分だけ得点します。ただし1枚もなければ得点しません。"),
    Rule("score.country-ties", SCORING, "Players with equal card counts score the same.", RULEBOOK,
         "カード枚数が同じプレイヤーが複数いる場合でも、得点は変わりません。"),
    Rule("score.crests", SCORING, "In each country the largest number of crests of one kind scores that number for "
         "everyone who reaches it (once per player); the others score nothing.", RULEBOOK,
         "1位のプレイヤーはその数だけ得点します。2位以下は得点しません。1位のプレイヤーが複数いる場合でも、得点は変わりません。"
         "1人のプレイヤーが何種類かで1位でも、1種類分の点数しか得点しません。"),
    Rule("score.roads", SCORING, "5 or more ships score their number; likewise 5 or more carriages.", RULEBOOK,
         "船を5枚以上集めていたら、その枚数分だけ得点になります。同じく馬車を5枚以上集めていたら、その枚数分だけ得点になります。"),
    Rule("score.minus-chips", SCORING, "Each −2 law chip costs its holder 2 points.", RULEBOOK,
         "−2点の法律チップを持っているプレイヤーは減点します。"),
    Rule("score.winner", SCORING, "Most points wins; a tie goes to more country cards; still tied, a draw.",
         RULEBOOK, "最もたくさんの点数を獲得したプレイヤーの勝ちです。トップタイの場合には、国カードを多くもっている方が勝ちです。"
         "国カードも同数の場合は引き分けになります。"),
    # ---------------------------------------------------------------- our readings
    Rule("decision.one-at-a-time", NOTES, "Cards are taken one at a time; each must be at an end of some row when "
         "it is taken, so taking an end card can free the card behind it.", DECISION),
    Rule("decision.three-crests", NOTES, "'3 crests allowed' raises the crest total of the turn to 3 (the German "
         "name, '3 Symbole'); the JA text's '3 kinds' is read the same way.", DECISION),
    Rule("decision.chip-timing", NOTES, "Law chips may be played at any point of your turn before you stop taking "
         "(return-stone also while placing); a chip whose effect would change nothing cannot be played; several "
         "chips may be played in one turn.", DECISION),
    Rule("decision.pay-choice", NOTES, "Paying with a stone from the layout: with several there, you choose which.",
         DECISION),
    Rule("decision.move", NOTES, "Moving a stone: lift one of yours from the layout and put it on another free "
         "card in the same turn.", DECISION),
    Rule("decision.stop", NOTES, "Taking ends when you say stop or when no further card may be taken and no chip "
         "could change that.", DECISION),
    Rule("decision.hidden-score", NOTES, "Until the end, the running score leaves out −2 chips: they are face down.",
         DECISION),
    Rule("decision.public-steps", NOTES, "A step is skipped without asking only when that reveals nothing hidden: a "
         "player holding law chips is always asked (stop, skip or pass), whatever the chips' kinds.", DECISION),
    Rule("decision.pay-from-hand", NOTES, "A claimed card is paid with a stone from the hand when there is one; only "
         "with none in hand does a stone on the layout go.", DECISION),
])
