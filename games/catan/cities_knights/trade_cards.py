"""Trade progress cards (yellow, cloth; how many of each: parameter ``progress_cards``; the numbers they print:
``card_numbers``) (``progress.<card>``).

Commercial Harbor (this turn, once per opponent: ``harbor PLAYER RESOURCE`` offers a resource, and they give a
commodity of their choice in return), Master Merchant (look at the resources and commodities of a player with more
points and take some), Merchant (place the merchant, :mod:`.merchant`), Merchant Fleet (this turn, trade one named
resource or commodity at ``fleet_rate``:1), Resource Monopoly (each opponent gives up to a number of a named
resource), Trade Monopoly (each opponent gives up to a number of a named commodity).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.catan.board import bits
from games.catan.choice import CatanStep, TurnVerb
from games.catan.pieces import card_actions, name
from games.catan.state import waiting
from games.core import Action

from . import merchant
from .cards import Card, always, target_mask
from .commodities import refresh_rates
from .progress import register
from .state import (
    CARD_KINDS,
    CARD_ORDER,
    CARDS,
    COMMERCIAL_HARBOR,
    COMMODITY_ORDER,
    KINDS,
    MASTER_MERCHANT,
    MERCHANT,
    MERCHANT_FLEET,
    RESOURCE_KINDS,
    RESOURCE_MONOPOLY,
    RESOURCE_ORDER,
    TRADE_MONOPOLY,
)

if TYPE_CHECKING:
    from .game import CKGame

NAMES = card_actions("name", CARDS)
HARBOR = {(q, r): Action("harbor", (q + 1, CARDS[r])) for q in range(8) for r in range(RESOURCE_KINDS)}


def commodity_holders(game: CKGame) -> int:
    s = game.state
    return sum(1 << q for q in range(game.players)
               if any(s.hands[q * CARD_KINDS + RESOURCE_KINDS:(q + 1) * CARD_KINDS]))


# ---------------------------------------------------------------- Commercial Harbor
def _harbor_ok(game: CKGame, p: int) -> bool:
    s = game.state
    others = ((1 << game.players) - 1) & ~(1 << p)
    return (not s.harbor and bool(others & ~s.harbor_used)
            and any(s.hands[p * CARD_KINDS:p * CARD_KINDS + RESOURCE_KINDS]))


def _harbor(game: CKGame, p: int) -> None:
    s = game.state
    s.harbor = sum(1 << q for q in range(game.players) if q != p) & ~s.harbor_used
    game.emit("progress.commercial-harbor", f"Commercial Harbor: this turn {name(p)} may offer each opponent a "
              "resource, once each; they must give a commodity of their choice in return.", player=p)
    game.push(waiting("card-done", game.state.player))


class Harbor(TurnVerb):
    """``harbor PLAYER RESOURCE`` while a Commercial Harbor is in play: offer an opponent who holds a commodity one
    resource; they give a commodity of their choice back (``progress.commercial-harbor``)."""

    verb = "harbor"
    form = "harbor PLAYER RESOURCE"

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        s = game.state
        if not s.harbor:
            return []
        askable = s.harbor & commodity_holders(game)
        out = []
        for q in bits(askable):
            for r in RESOURCE_ORDER:
                if hand[r]:
                    out.append(HARBOR[(q, r)])
        return out

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        s = game.state
        if not s.harbor:
            return "no Commercial Harbor is in play for you this turn (progress.commercial-harbor)."
        q, r = action.args
        if r not in CARDS[:RESOURCE_KINDS]:
            return f"the Commercial Harbor offers a resource, not {r} (progress.commercial-harbor)."
        if not isinstance(q, int) or not 1 <= q <= game.players or not s.harbor >> (q - 1) & 1:
            return f"{q} is not an opponent you may still offer a trade this turn (progress.commercial-harbor)."
        if not commodity_holders(game) >> (q - 1) & 1:
            return f"{name(q - 1)} holds no commodity: there is no trade (progress.commercial-harbor)."
        return f"you hold no {r}."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s, p = game.state, at.player
        q = int(action.args[0]) - 1  # type: ignore[arg-type]
        r = CARDS.index(str(action.args[1]))
        s.hands[p * CARD_KINDS + r] -= 1
        s.hands[q * CARD_KINDS + r] += 1
        s.harbor &= ~(1 << q)
        s.harbor_used |= 1 << q
        game.emit("progress.commercial-harbor", f"{name(p)} gives {name(q)} 1 {CARDS[r]} (Commercial Harbor).",
                  player=p, to=q, card=r)
        s.card, s.target, s.count = COMMERCIAL_HARBOR, q, 1
        game.push(waiting("give", q))


# ---------------------------------------------------------------- Master Merchant
def _master_ok(game: CKGame, p: int) -> bool:
    return bool(target_mask(game, p, MASTER_MERCHANT))


def _to_target(game: CKGame, p: int) -> None:
    game.push(waiting("target", p))


# ---------------------------------------------------------------- Merchant
def _merchant_ok(game: CKGame, p: int) -> bool:
    return bool(merchant.sites(game, p))


def _merchant(game: CKGame, p: int) -> None:
    game.push(waiting("merchant", p))


# ---------------------------------------------------------------- Merchant Fleet, the monopolies
def _name(game: CKGame, p: int) -> None:
    game.push(waiting("name", p))


class NameCard(CatanStep):
    """Name a card kind: the Merchant Fleet's 2:1 card, the Resource Monopoly's resource, the Trade Monopoly's
    commodity."""

    kind = "name"
    forms = {"name": "name CARD"}

    def prompt(self, game: CKGame, at: Any) -> str:
        what = {MERCHANT_FLEET: f"a resource or commodity to trade {game.design.fleet_rate}:1 this turn",
                RESOURCE_MONOPOLY: "a resource", TRADE_MONOPOLY: "a commodity"}[game.state.card]
        return f"{name(at.player)}: name {what} ({KINDS[game.state.card]})"

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        order = {MERCHANT_FLEET: CARD_ORDER, RESOURCE_MONOPOLY: RESOURCE_ORDER,
                 TRADE_MONOPOLY: COMMODITY_ORDER}[game.state.card]
        return [NAMES[c] for c in order]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        what = {MERCHANT_FLEET: "a resource or commodity", RESOURCE_MONOPOLY: "a resource",
                TRADE_MONOPOLY: "a commodity"}[game.state.card]
        return f"the {KINDS[game.state.card]} names {what}, not {action.args[0]} (progress.{KINDS[game.state.card]})."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s = game.state
        p = at.player
        c = CARDS.index(str(action.args[0]))
        if s.card == MERCHANT_FLEET:
            s.fleet |= 1 << c
            refresh_rates(game, p)
            game.emit("progress.merchant-fleet", f"Merchant Fleet: this turn {name(p)} trades {CARDS[c]} "
                      f"{game.design.fleet_rate}:1 with "
                      "the bank.", player=p, card=c)
        else:
            most = game.design.card_numbers["resource-monopoly" if s.card == RESOURCE_MONOPOLY else "trade-monopoly"]
            taken = []
            for i in range(1, game.players):
                q = (p + i) % game.players
                k = min(most, s.hands[q * CARD_KINDS + c])
                if k:
                    s.hands[q * CARD_KINDS + c] -= k
                    s.hands[p * CARD_KINDS + c] += k
                    taken.append(f"{k} from {name(q)}")
            rule = "progress.resource-monopoly" if s.card == RESOURCE_MONOPOLY else "progress.trade-monopoly"
            game.emit(rule, f"{KINDS[s.card].replace('-', ' ').capitalize()} on {CARDS[c]}: "
                      f"each opponent gives {name(p)} up to {most}" + (f" ({', '.join(taken)})." if taken else
                                                                       " (nobody holds any)."),
                      player=p, card=c)
        game.push(waiting("card-done", game.state.player))


EFFECTS = register({
    COMMERCIAL_HARBOR: Card(COMMERCIAL_HARBOR, _harbor_ok, _harbor,
                            "the Commercial Harbor needs a resource in your hand and an opponent you have not traded "
                            "with this way this turn (progress.commercial-harbor, decision.ck-card-needs-effect)."),
    MASTER_MERCHANT: Card(MASTER_MERCHANT, _master_ok, _to_target,
                          "the Master Merchant needs an opponent with more points than you who holds a card "
                          "(progress.master-merchant)."),
    MERCHANT: Card(MERCHANT, _merchant_ok, _merchant, "the merchant goes next to your settlement or city "
                   "(merchant.place)."),
    MERCHANT_FLEET: Card(MERCHANT_FLEET, always, _name, ""),
    RESOURCE_MONOPOLY: Card(RESOURCE_MONOPOLY, always, _name, ""),
    TRADE_MONOPOLY: Card(TRADE_MONOPOLY, always, _name, ""),
})
