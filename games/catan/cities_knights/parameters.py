"""The designable parameters of Cities & Knights (``catan.cities_knights``): the base game's that still apply (the
development cards and the largest army do not) and the expansion's own, each with its printed value, source, range and
rules (``games.core.parameters``).

Defaults come from the data modules' ``Sourced`` values (``data/rulebook.py``, ``data/ck_rulebook.py``). The open
points of the rules (``docs/rules_notes/catan.md``, Sources §6) are config switches, tagged ``decision``; the meanies
variant is the rule text's own optional rule. The engine reads every other parameter from the game's prepared numbers
(:mod:`.design`), never from the data modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.catan import parameters as base
from games.catan.data import ck_rulebook, rulebook
from games.core import Parameter

TRACKS = ck_rulebook.TRACKS
#: The progress cards that are shown when drawn and score: one holder each.
SINGLE_CARDS = ck_rulebook.VP_CARDS
#: What a progress card's number may be: a card that gives, takes, promotes or places nothing would be a dead card.
CARD_NUMBER_RANGE = (1, 5)


def _progress_check(value: Mapping[str, Mapping[str, int]]) -> str | None:
    for track, cards in value.items():
        for card in SINGLE_CARDS:
            if card in cards and cards[card] > 1:
                return f"{track}.{card}: the {card.capitalize()} is a single card (0 or 1), not {cards[card]}"
    return None


def _levels_check(value: Mapping[str, int]) -> str | None:
    if not value["metropolis"] < value["takeover"]:
        return (f"a metropolis is taken over at a higher level than it is won: metropolis {value['metropolis']} < "
                f"takeover {value['takeover']}")
    return None


def _commodity_rates_check(value: Mapping[str, int]) -> str | None:
    if value["bank"] < value["harbour"]:
        return f"a harbour never trades worse than the bank: bank {value['bank']} >= harbour {value['harbour']}"
    return None


def _pieces() -> Parameter:
    return base.pieces_parameter({"settlement": 1, "city": 1, "road": 2}, ("build.pieces", "ck.setup-city"))


def switch(name: str, default: Any, source: str, words: str, rules: tuple[str, ...], **kw: Any) -> Parameter:
    """A rule switch that is the config option of the same name."""
    return base.field(name, default, source, words, rules, **kw)


def points(name: str, value: Any, words: str, rules: tuple[str, ...], note: str = "") -> Parameter:
    """A number of victory points (0 to 5)."""
    return Parameter(name, value.value, value.source, words, rules=rules, low=0, high=5, note=note or value.note)


CK_COSTS = ck_rulebook.COSTS.value
COSTS = Parameter(
    "costs", {**{k: base.full_cost(v) for k, v in rulebook.COSTS.value.items()},
              **{k: base.full_cost(CK_COSTS[k]) for k in ("wall", "knight", "promote", "activate")}},
    ck_rulebook.COSTS.source, "What a road, a settlement, a city, a city wall, a basic knight, a promotion and a "
    "knight's activation cost, by resource.",
    rules=("build.road", "build.settlement", "build.city", "walls.build", "knights.place", "knights.promote",
           "knights.activate"), low=0, high=9,
    note="rule text: 街道 木材1+レンガ1; 開拓地 木材1+レンガ1+小麦1+羊毛1; 都市 小麦2+鉱石3; "
         "城壁 レンガ2枚; 小騎士 鉱石1枚+羊毛1枚; 強化 鉱石1枚+羊毛1枚; 活動 小麦1枚")

PARAMETERS: tuple[Parameter, ...] = (
    switch("points_to_win", ck_rulebook.POINTS_TO_WIN.value, ck_rulebook.POINTS_TO_WIN.source,
           "Points that win, declared on the owner's own turn.", ("victory.declare", "ck-victory.points"),
           low=3, high=30, note="rule text: 13点以上の勝利点を獲得するとゲームは終了します"),
    base.SAFE_HAND, base.LAYOUT, base.NUMBERS, base.OFFERS, base.TURN_LIMIT,
    switch("saboteur", "as-many-or-more", "decision", "Who discards half to the Saboteur: every player with as many "
           "points as its player or more, or only those with more.", ("progress.saboteur", "decision.ck-saboteur"),
           choices=("as-many-or-more", "more"), note="public implementations differ (Sources §6)"),
    switch("fifth_card", "bottom", "decision", "A 5th progress card that cannot be played at once goes straight "
           "under its deck (the rule text), or its holder puts one of the five, their choice, under its deck.",
           ("progress.fifth", "progress.limit", "decision.ck-fifth-card"), choices=("bottom", "choose"),
           note="rule text: 5枚目を獲得し使用することができない場合、即座に山札の底に戻さなくてはいけません"),
    switch("barbarian_loss", "strength", "decision", "Who loses a city when the barbarians win: the lowest total "
           "strength of knights that fought (the published rule) or the fewest active knights (the rule text's "
           "words).", ("barbarians.pillage", "decision.ck-loss-criterion"), choices=("strength", "count"),
           note="rule text: 活動状態の騎士の数が最も少なかったプレイヤー"),
    switch("bishop_before_attack", False, "decision", "Whether the Bishop may move the robber before the barbarians' "
           "first attack (the robber is locked until then).", ("progress.bishop", "decision.ck-bishop-locked"),
           note="not stated in our sources (Sources §6)"),
    switch("meanies", False, "rulebook", "The optional rule 意地悪ペーター: when the barbarians land each player "
           "chooses which active knights fight.", ("barbarians.meanies", "decision.ck-commit"),
           note="the rule text's optional rule"),
    COSTS,
    Parameter("medicine_cost", base.full_cost(ck_rulebook.MEDICINE_COST.value), ck_rulebook.MEDICINE_COST.source,
              "What the Medicine card's city costs, by resource.", rules=("progress.medicine",), low=0, high=9,
              note=ck_rulebook.MEDICINE_COST.note),
    base.RESOURCE_CARDS,
    Parameter("commodity_cards", ck_rulebook.COMMODITY_CARDS.value, ck_rulebook.COMMODITY_CARDS.source,
              "Cards of each commodity in the game (bank and hands together).",
              rules=("commodities.supply", "commodities.city-yield"), low=5, high=40,
              note=ck_rulebook.COMMODITY_CARDS.note),
    _pieces(),
    Parameter("points", {k: rulebook.POINTS.value[k] for k in ("settlement", "city")}, rulebook.POINTS.source,
              "Points of a settlement and a city.", rules=("ck-victory.points",), low=0, high=5,
              note=rulebook.POINTS.note),
    base.RATES,
    Parameter("commodity_rates", {"bank": ck_rulebook.COMMODITY_BANK_RATE.value,
                                  "harbour": ck_rulebook.COMMODITY_HARBOUR_RATE.value},
              ck_rulebook.COMMODITY_BANK_RATE.source, "Commodities of one kind given for 1 card with the bank and at "
              "a generic harbour.", rules=("commodities.trade-bank", "commodities.trade-harbour"), low=2, high=8,
              check=_commodity_rates_check, note="rule text: 同じ種類の交易品4枚で / 3:1の港"),
    Parameter("guild_rate", ck_rulebook.GUILD_RATE.value, ck_rulebook.GUILD_RATE.source,
              "Commodities of one kind given for 1 card with the Merchant Guild (trade level 3).",
              rules=("improve.guild",), low=2, high=8, note="rule text: ギルド 2:1"),
    Parameter("merchant_rate", ck_rulebook.MERCHANT_RATE.value, ck_rulebook.MERCHANT_RATE.source,
              "Cards of the merchant's hex's resource given for 1 card by the merchant's holder.",
              rules=("merchant.rate",), low=2, high=8, note="rule text: 商人 2:1"),
    Parameter("fleet_rate", ck_rulebook.FLEET_RATE.value, ck_rulebook.FLEET_RATE.source,
              "Cards of the named kind given for 1 card this turn with the Merchant Fleet.",
              rules=("progress.merchant-fleet",), low=2, high=8, note=ck_rulebook.FLEET_RATE.note),
    base.LONGEST_ROAD_MIN, base.LONGEST_ROAD_POINTS, base.ROBBER_ROLL,
    base.TERRAIN_COUNTS, base.NUMBER_TOKENS, base.HARBOUR_COUNTS,
    Parameter("city_yield", {t: dict(v) for t, v in ck_rulebook.CITY_YIELD.value.items()},
              ck_rulebook.CITY_YIELD.source, "What a city takes from one producing hex, by terrain.",
              rules=("commodities.city-yield", "production.yield"), low=0, high=3,
              note="rule text: 丘陵:レンガ2枚 畑:小麦2枚 山地:鉱石1枚+貨幣1枚 森林:木材1枚+紙1枚 牧草地:羊毛1枚+布1枚"),
    Parameter("barbarian_steps", ck_rulebook.BARBARIAN_STEPS.value, ck_rulebook.BARBARIAN_STEPS.source,
              "Ship advances until the barbarians land (the last one attacks).",
              rules=("barbarians.advance", "barbarians.attack"), low=1, high=20,
              note=ck_rulebook.BARBARIAN_STEPS.note),
    Parameter("event_die", list(ck_rulebook.EVENT_FACES.value), ck_rulebook.EVENT_FACES.source,
              "The event die's six faces: the ship or a track's gate.", rules=("dice.three", "dice.event-die"),
              choices=("ship", *TRACKS), note=ck_rulebook.EVENT_FACES.note),
    Parameter("progress_cards", {t: dict(ck_rulebook.PROGRESS_CARDS.value[t]) for t in TRACKS},
              ck_rulebook.PROGRESS_CARDS.source, "The three progress decks: copies of each card, by track.",
              rules=("progress.deck", "ck.setup-decks"), low=0, high=10, check=_progress_check,
              note=ck_rulebook.PROGRESS_CARDS.note),
    Parameter("hand_limit", ck_rulebook.HAND_LIMIT.value, ck_rulebook.HAND_LIMIT.source,
              "Progress cards a player may hold; one more must be played at once or go under its deck.",
              rules=("progress.limit", "progress.fifth"), low=1, high=10,
              note="rule text: 一度に持てる戦略カードは4枚までです"),
    Parameter("card_numbers", dict(ck_rulebook.CARD_NUMBERS.value), ck_rulebook.CARD_NUMBERS.source,
              "The numbers printed on the progress cards: cards taken or given, knights promoted, roads placed, "
              "commodities the Crane saves.",
              rules=("progress.irrigation", "progress.mining", "progress.road-building", "progress.smith",
                     "progress.resource-monopoly", "progress.trade-monopoly", "progress.master-merchant",
                     "progress.wedding", "progress.crane"), low=CARD_NUMBER_RANGE[0], high=CARD_NUMBER_RANGE[1],
              note=ck_rulebook.CARD_NUMBERS.note),
    Parameter("level_costs", list(ck_rulebook.LEVEL_COST.value), ck_rulebook.LEVEL_COST.source,
              "Commodities each improvement level 1 to 5 costs.", rules=("improve.build",), low=0, high=9,
              note=ck_rulebook.LEVEL_COST.note),
    Parameter("draw_red_die", list(ck_rulebook.LEVEL_RED_DIE.value), ck_rulebook.LEVEL_RED_DIE.source,
              "For improvement levels 1 to 5: the highest red die that draws a progress card at the track's gate.",
              rules=("improve.draw",), low=1, high=6, note=ck_rulebook.LEVEL_RED_DIE.note),
    Parameter("improvement_levels", {"ability": ck_rulebook.ABILITY_LEVEL.value,
                                     "metropolis": ck_rulebook.METROPOLIS_LEVEL.value,
                                     "takeover": ck_rulebook.TAKEOVER_LEVEL.value},
              ck_rulebook.ABILITY_LEVEL.source, "The improvement levels that bring a track's ability (Fortress, "
              "Aqueduct, Merchant Guild), its metropolis, and the metropolis taken over.",
              rules=("improve.ability", "metropolis.first", "metropolis.takeover"), low=1, high=5,
              check=_levels_check, note="rule text: 第3段階 / 第4段階 / 第5段階"),
    Parameter("walls", ck_rulebook.WALLS.value, ck_rulebook.WALLS.source, "City walls each player has.",
              rules=("walls.limit",), low=0, high=6, note="rule text: 城壁×3"),
    Parameter("wall_safe_cards", ck_rulebook.WALL_SAFE_CARDS.value, ck_rulebook.WALL_SAFE_CARDS.source,
              "Cards each city wall adds to the safe hand on a 7.", rules=("walls.safe-hand",), low=0, high=10,
              note="rule text: 城壁1つにつき安全な手札が2枚増えます"),
    Parameter("knights_per_level", ck_rulebook.KNIGHTS_PER_LEVEL.value, ck_rulebook.KNIGHTS_PER_LEVEL.source,
              "Knight pieces each player has of each level (basic, strong, mighty).",
              rules=("knights.pieces",), low=1, high=4, note=ck_rulebook.KNIGHTS_PER_LEVEL.note),
    Parameter("knight_strength", list(ck_rulebook.KNIGHT_STRENGTH.value), ck_rulebook.KNIGHT_STRENGTH.source,
              "Strength of a basic, a strong and a mighty knight against the barbarians.",
              rules=("knights.strength", "barbarians.defence"), low=1, high=9,
              note="rule text: 旗の三角の数 1つ:小騎士、2つ:中騎士、3つ:大騎士"),
    points("metropolis_points", ck_rulebook.METROPOLIS_POINTS, "Points a metropolis adds to its city.",
           ("metropolis.points",), "rule text: メトロポリスは都市の勝利点を2増やします"),
    points("defender_points", ck_rulebook.DEFENDER_POINTS, "Points of a Defender of Catan card.",
           ("barbarians.defender",)),
    points("merchant_points", ck_rulebook.MERCHANT_POINTS, "Points the merchant's holder counts.",
           ("merchant.point",), "rule text: 商人コマは1勝利点になります"),
    points("progress_card_points", ck_rulebook.VP_CARD_POINTS, "Points of the Printer and of the Constitution.",
           ("progress.printer", "progress.constitution", "progress.vp-reveal")),
)


def most_points(params: Mapping[str, Any]) -> int | None:
    """The most points a player can hold with these numbers, or ``None`` when Defender of Catan cards score (one
    comes with every successful defence: no bound)."""
    if params["defender_points"]:
        return None
    pieces, worth = params["pieces"], params["points"]
    single = sum(params["progress_cards"][t].get(card, 0) for t in TRACKS for card in SINGLE_CARDS)
    return (pieces["settlement"] * worth["settlement"] + pieces["city"] * worth["city"]
            + ck_rulebook.METROPOLISES.value * params["metropolis_points"] + params["longest_road_points"]
            + params["merchant_points"] + single * params["progress_card_points"])


def cross_check(params: Mapping[str, Any]) -> str | None:
    """What several parameters together make impossible: a cost the bank cannot pay, a level the commodities cannot
    pay, a 2:1 trade no cheaper than the generic harbour (the rate tells which trades may take a commodity), a
    victory target nobody can reach."""
    reason = base.cross_check(params, most_points(params))
    if reason:
        return reason
    resources, commodities = params["resource_cards"], params["commodity_cards"]
    for r, n in params["medicine_cost"].items():
        if n > resources:
            return f"medicine_cost.{r}: {n} is more than the {resources} {r} cards of the game (resource_cards)"
    for level, n in enumerate(params["level_costs"], 1):
        if n > commodities:
            return (f"level_costs.{level - 1}: level {level} costs {n}, more than the {commodities} cards of each "
                    "commodity (commodity_cards)")
    generic = params["rates"]["generic"]
    for name, rate in (("rates.special", params["rates"]["special"]), ("merchant_rate", params["merchant_rate"]),
                       ("fleet_rate", params["fleet_rate"])):
        if rate >= generic:
            return (f"{name}: {rate} must be below the generic harbour's {generic} (rates.generic): only these "
                    "cheaper trades of a resource may take a commodity (decision.ck-commodity-trades)")
    return None
