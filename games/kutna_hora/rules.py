"""Every Kutná Hora rule the engine implements, by id, with its rulebook section (JA headings).

Events in the log name one of these ids; tests carry ``@pytest.mark.rule(id)`` so a coverage test can show that
each rule sentence of the price sections is exercised. ``decision.*`` rules are our readings of unclear text
(``docs/rules_notes/kutna_hora.md``); ``sandbox.*`` rules belong to the price sandbox, not to the game.
"""

from games.core import DECISION, INFERRED, RULEBOOK, SANDBOX, Rule, RuleBook

from .rules_game import GAME_RULES

PRICES = "価格 (Prices)"
ECONOMY = "活動的な経済 (Active economy)"
ADJUST = "経済的調整 (Economic adjustments)"
CAPS = "上限 (Caps)"
SETUP = "ゲームの準備 (Setup)"
RIGHTS = "独占権アクション (Rights action)"
BUILD = "建物アクション (Build action)"
GUILDS = "ギルド建物 (Guild buildings)"
INCOME = "収入アクション (Income action)"
NOTES = "docs/rules_notes/kutna_hora.md"
SANDBOX_SECTION = "Price sandbox (a teaching convention, not a rule)"

RULES = RuleBook("kutna_hora", [
    Rule("prices.goods", PRICES, "There are six goods, valued in Prague groschen: ore, silver, wood, permits, "
         "food and beer.", RULEBOOK, "フトナー・ホラには6種類の商品があります。"),
    Rule("prices.pay", PRICES, "Told to pay N wood or N permits, pay N times the current price in groschen.",
         RULEBOOK, "特定の数の木材か許可証を支払わなければならないと指示されたとき、プレイヤーはその現在価格を確認して、"
         "その値に等しい数のグロシュを支払います。"),
    Rule("prices.advance", PRICES, "Advancing a deck moves its top card to the back, without turning it.",
         RULEBOOK, "何らかの効果が人口デッキか鉱石デッキを進めたときには常に、その一番上のカードを引き抜いて、"
         "他のすべてのカードの後ろに（裏返すことなく）差しこみます。"),
    Rule("prices.population-up", ECONOMY, "As the population grows, the prices of wood, food and beer rise.",
         RULEBOOK, "人口が増えるにつれて……価格も上がります。"),
    Rule("prices.ore-up", ECONOMY, "As ore output grows, the ore price falls while silver and permits get dearer.",
         RULEBOOK, "鉱石の産出が増えるにつれて……鉱石価格は下がりますが、……銀の価格と許可証の費用は上がります。"),
    Rule("prices.guild-building", ECONOMY, "Building a guild building moves its good's slider one notch right, "
         "lowering that price.", RULEBOOK, "ギルド建物を建設したとき、そのスライダーを右に動かして価格を下げます。"),
    Rule("prices.silver-building", ECONOMY, "A silver building lowers the silver price but raises the ore price "
         "(one slider for both).", RULEBOOK, "銀建物は銀の価格を下げますが、鉱石の価格を上げます。"),
    Rule("prices.miners-building", GUILDS, "Miners' buildings move no slider: they raise ore production and "
         "advance the ore deck by the same amount.", RULEBOOK,
         "鉱夫ギルドの建物は鉱石の生産力を高めます。また、鉱石デッキを同じ値だけ進めます。"),
    Rule("prices.star", ADJUST, "A star beside a number means it has just changed (information only; derived "
         "from the previous card).", RULEBOOK, "数字の横にある星は、その数字が今変わったことを示しています。"),
    Rule("prices.town-builds", ADJUST, "Town builds: move the slider one notch right, discard the top tile of "
         "that good's stack on the town hall and move the stack to the end of its row.", RULEBOOK,
         "このアイコンが現れたとき、即座にスライダーを刻み目1つ分だけ右に動かします。また、市役所ボード上で対応する山を"
         "探し、その山の一番上のタイルを捨て札にします。"),
    Rule("prices.town-builds-empty", ADJUST, "If that stack has run out, discard nothing but still move the "
         "slider.", RULEBOOK, "何も捨て札にしません、依然としてスライダーは動かさなければなりません"),
    Rule("prices.no-demand", ADJUST, "A red ✗: no demand; nobody may build buildings of that good until demand "
         "rises.", RULEBOOK, "需要が増えない限り、誰もその種類の建物を建設することはできません"),
    Rule("prices.no-demand-rights", ADJUST, "Under a red ✗ the rights to those buildings can still be bought.",
         RULEBOOK, "依然として、それらの建物の独占権を購入することはできます"),
    Rule("prices.flip", ADJUST, "The flip icon marks the middle of the deck: turn the whole deck over and go on; "
         "population runs 19 → 20, ore 14 → 15.", RULEBOOK,
         "人口デッキは19から20へと、鉱石デッキは14から15へと途切れなく続く"),
    Rule("caps.deck-end", CAPS, "Once a deck reaches its last card, effects that would advance it are ignored.",
         RULEBOOK, "人口/鉱石デッキが最後のカードに到達した場合、それ以降はそのデッキを進めようとする効果は無視します。"),
    Rule("setup.card-stands", SETUP, "Every slider starts at the far left; the decks are in order, card 0 on top "
         "and the flip card at the bottom.", RULEBOOK, "各スライダーを左側に寄せ、一番左の列にある数字だけが見えるようにします。"),
    Rule("setup.town-hall", SETUP, "The six marked guild tiles are shuffled onto the two left columns; each guild's "
         "other three tiles are shuffled on top of its marked tile.", RULEBOOK,
         "目印付きのタイル6枚をよく混ぜ、左端の2列にある6スペースに1枚ずつランダムに置きます。"),
    Rule("setup.public-stacks", SETUP, "Green, silver and yellow public buildings form one shuffled stack per "
         "colour in the third column.", RULEBOOK, "緑、銀、黄の貴族建物を色ごとに3つの山に分けます。"),
    Rule("setup.groschen", SETUP, "Starting groschen: 40 for the start player, then 41, 42, 43.", RULEBOOK,
         "スタートプレイヤー: 40グロシュ"),
    Rule("rights.cost", RIGHTS, "Rights to a tile in the leftmost column cost 1 groschen; the other columns cost "
         "1, 2 or 3 permits at the current permit price.", RULEBOOK,
         "一番左の列にある建物のコストは1グロシュだけです。他の列にある建物コストは、ボード上に示されているように許可証1/2/3枚になります。"),
    Rule("rights.stack-to-end", RIGHTS, "The stack a tile was taken from moves to the end of its row; the others "
         "shift left.", RULEBOOK, "そのタイルがあった山をその段の終端に移動させます。"),
    Rule("rights.slots", RIGHTS, "The tile goes into one of the 3 slots on your board; with all 3 full you "
         "cannot take Rights.", RULEBOOK, "すべてのスロットがすでに埋まっている場合、「独占権」アクションを実行することはできません。"),
    Rule("build.pay-wood", BUILD, "A building costs its wood count at the current wood price.", RULEBOOK,
         "コストは木材なので、必要な数の木材の現在価格を支払います。"),
    Rule("build.production", GUILDS, "A guild building raises its good's production on the player board.",
         RULEBOOK, "ギルド建物を建設すると、関連している商品の生産量が増えます。"),
    Rule("build.population", GUILDS, "A building's population icon advances the population deck.", RULEBOOK,
         "人口デッキを示されている枚数だけ進める。"),
    Rule("income.sum", INCOME, "Income: gain the sum of production × current price over your goods.", RULEBOOK,
         "単に自分の商品生産力を合計し、その分のグロシユを得ます。"),
    Rule("income.ore-same-good", INCOME, "Ore from buildings and ore from mines are tracked apart but are the "
         "same good.", RULEBOOK, "建物による鉱石と鉱山による鉱石を個別に記録します（しかし、この2つはまったく同じ商品です）"),
    Rule("decision.town-builds-on-appearance", NOTES, "A town-builds icon acts when its card becomes the top card "
         "(each card of a multi-card advance in turn), read at the notch showing then; it acts once.", DECISION),
    Rule("decision.slider-at-end", NOTES, "A slider already at the far right stays there; the move is ignored.",
         DECISION),
    Rule("decision.empty-stack", NOTES, "A stack that runs out leaves its row; the stacks to its right shift left.",
         INFERRED),
    Rule("sandbox.turns", SANDBOX_SECTION, "Each turn a player takes one action; after the agreed number of turns "
         "each, the most groschen wins (ties share).", SANDBOX),
    Rule("sandbox.advance", SANDBOX_SECTION, "A player may advance either deck by 1 to 3 cards, standing in for "
         "mines, buildings and events that do so in the game.", SANDBOX),
    Rule("sandbox.start-position", SANDBOX_SECTION, "A sandbox may start from stands arranged by hand (deck cards "
         "and slider notches); setting them is not playing, so no icon on the way acts.", SANDBOX),
    Rule("sandbox.build", SANDBOX_SECTION, "Build builds a tile you hold for that good, or else takes the top tile "
         "of the guild's stack and builds it at once (Rights and Build paid together). Any guild may be built; "
         "plots are not needed; the tile's tax and St. Barbara icons are not used.", SANDBOX),
    *GAME_RULES,
])
