"""Commodities: what cities produce, and how commodities and resources trade with the bank (``commodities.*``).

* A city next to hills or fields takes 2 of the resource; next to mountains, forest or pasture 1 resource and 1
  commodity: coin, paper, cloth (``commodities.city-yield``). Commodities are cards in the hand: they count for the 7
  and trade between players like resources (``commodities.hand``, ``commodities.domestic``).
* With the bank: 4 identical commodities (3 at a generic harbour, 2 with the Merchant Guild) for 1 resource or
  commodity (``commodities.trade-bank``, ``commodities.trade-harbour``, ``improve.guild``); a special 2:1 harbour
  also takes 2 of its resource for 1 commodity (``commodities.special-harbour``). Resources traded 4:1 or 3:1 take a
  resource; every 2:1 trade (special harbour, merchant, Merchant Fleet) may take a commodity
  (``decision.ck-commodity-trades``).

The maintained ``rates`` per (player, card) are the lowest of: the bank (4), harbours (3 for every card at a generic
one, 2 for its resource at a special one), the Merchant Guild (2 for commodities), the merchant (2 for its hex's
resource) and the Merchant Fleet (2 for the named card, this turn). :func:`refresh_rates` sets them from scratch
whenever one of these changes upwards; harbours only ever lower them (the base engine's ``pieces._harbour``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.catan import pieces
from games.catan.board import DESERT, NODE_BIT
from games.catan.data import ck_rulebook, rulebook

from .state import CARD_ORDER, CARDS, COMMODITY, TRACK_CARD, TRADE, K, W

if TYPE_CHECKING:
    from .game import CKGame

BANK = rulebook.BANK_RATE.value
GUILD = ck_rulebook.GUILD_RATE.value
MERCHANT = ck_rulebook.MERCHANT_RATE.value
FLEET = ck_rulebook.FLEET_RATE.value
ABILITY = ck_rulebook.ABILITY_LEVEL.value


def _yields() -> tuple[dict[str, int], ...]:
    table = ck_rulebook.CITY_YIELD.value
    return tuple({CARDS.index(card): n for card, n in table[rulebook.TERRAINS[t]].items()} for t in range(K))


_CITY = _yields()


def _yield_table() -> tuple[tuple[tuple[tuple[tuple[int, int], ...], ...], ...], ...]:
    """terrain -> settlements -> cities -> ((card, count), ...): what the buildings next to one producing hex take."""
    out = []
    for t in range(K):
        rows = []
        for towns in range(4):
            row = []
            for bigs in range(4):
                due: dict[int, int] = {t: towns} if towns else {}
                for card, n in _CITY[t].items():
                    due[card] = due.get(card, 0) + n * bigs
                row.append(tuple((c, n) for c, n in sorted(due.items()) if n))
            rows.append(tuple(row))
        out.append(tuple(rows))
    return tuple(out)


YIELD = _yield_table()


def city_yield(terrain: int, settlements: int, cities: int) -> tuple[tuple[int, int], ...]:
    """Cards the buildings next to one producing hex take (``commodities.city-yield``)."""
    return YIELD[terrain][settlements][cities]


# ---------------------------------------------------------------- maritime trade
def _targets() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """give -> rate -> cards it may take, alphabetical (``decision.ck-commodity-trades``)."""
    out = []
    for g in range(W):
        by_rate = []
        for rate in range(BANK + 1):
            if g >= K or rate <= GUILD:
                by_rate.append(tuple(r for r in CARD_ORDER if r != g))
            else:
                by_rate.append(tuple(r for r in CARD_ORDER if r != g and r < K))
        out.append(tuple(by_rate))
    return tuple(out)


TARGETS = _targets()


def rates_from_scratch(game: CKGame, p: int) -> list[int]:
    s = game.state
    rates = pieces.rates_from_scratch(game, p)
    if s.levels[p * 3 + TRADE] >= ABILITY:
        for c in COMMODITY:
            rates[c] = min(rates[c], GUILD)
    if s.merchant_owner == p and s.terrain[s.merchant] != DESERT:
        r = s.terrain[s.merchant]
        rates[r] = min(rates[r], MERCHANT)
    fleet = s.fleet if p == s.player else 0  # the Merchant Fleet serves the player whose turn it is
    for c in range(W):
        if fleet >> c & 1:
            rates[c] = min(rates[c], FLEET)
    return rates


def refresh_rates(game: CKGame, p: int) -> None:
    game.state.rates[p * W:p * W + W] = rates_from_scratch(game, p)


def special_harbour(game: CKGame, p: int, r: int) -> bool:
    """Whether ``p`` has the special 2:1 harbour of resource ``r``."""
    s = game.state
    mine = s.settlements[p] | s.cities[p]
    node_harbour = game.tables.node_harbour
    return any(node_harbour[v] == r and mine & NODE_BIT[v] for v in range(len(node_harbour)))


def trade_rule(game: CKGame, p: int, give: int, rate: int) -> str:
    """The rule a maritime trade at ``rate`` follows: the cheapest source of that rate."""
    s = game.state
    if rate == FLEET and s.fleet >> give & 1 and s.player == p:
        if give >= K or not special_harbour(game, p, give):
            return "progress.merchant-fleet"
    if give >= K:
        if rate == GUILD and s.levels[p * 3 + TRADE] >= ABILITY:
            return "improve.guild"
        return "commodities.trade-bank" if rate == BANK else "commodities.trade-harbour"
    if rate == MERCHANT and s.merchant_owner == p and s.terrain[s.merchant] == give \
            and not special_harbour(game, p, give):
        return "merchant.rate"
    return "trade.maritime" if rate == BANK else "trade.harbour"


def track_card(track: int) -> int:
    return TRACK_CARD[track]
