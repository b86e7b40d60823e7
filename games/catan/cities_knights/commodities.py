"""Commodities: what cities produce, and how commodities and resources trade with the bank (``commodities.*``).

* A city takes what its terrain's row of ``city_yield`` says: more of the resource next to hills or fields; a resource
  and a commodity (coin, paper, cloth) next to mountains, forest or pasture (``commodities.city-yield``). Commodities
  are cards in the hand: they count for the 7 and trade between players like resources (``commodities.hand``,
  ``commodities.domestic``).
* With the bank: identical commodities at ``commodity_rates`` (the bank's, a generic harbour's) or ``guild_rate`` with
  the Merchant Guild, for one resource or commodity (``commodities.trade-bank``, ``commodities.trade-harbour``,
  ``improve.guild``); a special harbour also takes its resource for a commodity at its rate
  (``commodities.special-harbour``). Resources traded at the bank's or a generic harbour's rate take a resource; every
  trade at a special harbour's, the merchant's or the Merchant Fleet's rate may take a commodity
  (``decision.ck-commodity-trades``).

The maintained ``rates`` per (player, card) are the lowest of: the bank, harbours (a generic one for every card, a
special one for its resource), the Merchant Guild (for commodities), the merchant (for its hex's resource) and the
Merchant Fleet (for the named card, this turn). :func:`refresh_rates` sets them from scratch whenever one of these
changes upwards; harbours only ever lower them (the base engine's ``pieces._harbour``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.catan import pieces
from games.catan.board import DESERT, NODE_BIT

from .state import CARD_KINDS, COMMODITY, RESOURCE_KINDS, TRACK_CARD, TRADE

if TYPE_CHECKING:
    from .game import CKGame

def rates_from_scratch(game: CKGame, p: int) -> list[int]:
    s = game.state
    design = game.design
    rates = pieces.rates_from_scratch(game, p)
    if s.levels[p * 3 + TRADE] >= design.ability:
        for c in COMMODITY:
            rates[c] = min(rates[c], design.guild_rate)
    if s.merchant_owner == p and s.terrain[s.merchant] != DESERT:
        r = s.terrain[s.merchant]
        rates[r] = min(rates[r], design.merchant_rate)
    fleet = s.fleet if p == s.player else 0  # the Merchant Fleet serves the player whose turn it is
    for c in range(CARD_KINDS):
        if fleet >> c & 1:
            rates[c] = min(rates[c], design.fleet_rate)
    return rates


def refresh_rates(game: CKGame, p: int) -> None:
    game.state.rates[p * CARD_KINDS:p * CARD_KINDS + CARD_KINDS] = rates_from_scratch(game, p)


def special_harbour(game: CKGame, p: int, r: int) -> bool:
    """Whether ``p`` has the special 2:1 harbour of resource ``r``."""
    s = game.state
    mine = s.settlements[p] | s.cities[p]
    node_harbour = game.tables.node_harbour
    return any(node_harbour[v] == r and mine & NODE_BIT[v] for v in range(len(node_harbour)))


def trade_rule(game: CKGame, p: int, give: int, rate: int) -> str:
    """The rule a maritime trade at ``rate`` follows: the cheapest source of that rate."""
    s = game.state
    design = game.design
    if rate == design.fleet_rate and s.fleet >> give & 1 and s.player == p:
        if give >= RESOURCE_KINDS or not special_harbour(game, p, give):
            return "progress.merchant-fleet"
    if give >= RESOURCE_KINDS:
        if rate == design.guild_rate and s.levels[p * 3 + TRADE] >= design.ability:
            return "improve.guild"
        return "commodities.trade-bank" if rate == design.start_rates[give] else "commodities.trade-harbour"
    if rate == design.merchant_rate and s.merchant_owner == p and s.terrain[s.merchant] == give \
            and not special_harbour(game, p, give):
        return "merchant.rate"
    return "trade.maritime" if rate == design.bank_rate else "trade.harbour"


def track_card(track: int) -> int:
    return TRACK_CARD[track]
