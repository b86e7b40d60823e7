"""The main part of a Cities & Knights turn (step ``main``): the rule text's a) to g) in any order, until ``end``.

a) ``trade`` (maritime, commodities too: :mod:`.commodities`) and ``propose`` (between players, commodities like
resources); b) ``road``, ``settle``, ``city`` (the base game's building; a settlement never under a knight);
c) ``wall``; d) ``knight``, ``activate``, ``promote``; e) ``improve``; f) ``play`` progress cards, and ``harbor``
while a Commercial Harbor is in play; g) knight actions ``move``, ``displace``, ``chase``. The knight verbs of d) and g)
are the units of :mod:`.knights`. The verbs are listed in alphabetical order, each mechanic's options already sorted,
so the options come out sorted in one pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from games.catan import pieces, trade
from games.catan.board import N_NODES, NODE_BIT, bits
from games.catan.building import Road, city_refusal
from games.catan.choice import MainStep, TurnVerb, place_of
from games.catan.pieces import name
from games.catan.settlement import Settle, settle_refusal
from games.catan.trade import PROPOSE, Propose
from games.catan.turn import End
from games.core import Action

from . import flow, knights
from .cities import upgradable, upgrade
from .improvements import Improve
from .progress import PlayProgress
from .state import CARD_KINDS, CARDS, RESOURCE_KINDS
from .trade_cards import Harbor
from .walls import Wall

if TYPE_CHECKING:
    from .game import CKGame

CITY = tuple(Action("city", (v,)) for v in range(N_NODES))


class CKCity(TurnVerb):
    """``city NODE``: a settlement becomes a city (a city laid on its side by the barbarians stands up again)."""

    verb = "city"
    form = "city NODE"

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        if not game.design.can_city(hand):
            return []
        return [CITY[v] for v in bits(upgradable(game, at.player))]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        return city_refusal(game, at.player, action.args[0])

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        p, v = at.player, place_of(action)
        pieces.pay(game, p, game.design.city_cost)
        game.emit("build.city", f"{name(p)} builds a city at {v}.", player=p, node=v)
        upgrade(game, p, v)


class CKSettle(Settle):
    """``settle NODE``: as in the base game, never where a knight stands."""

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        v = action.args[0]
        if isinstance(v, int) and 0 <= v < N_NODES and game.state.knight_nodes & NODE_BIT[v]:
            return (f"a knight stands at {v}: no settlement is built there until it moves "
                    "(knights.settlement-blocked).")
        return settle_refusal(game, at.player, v)


class CKTrade(TurnVerb):
    """``trade GIVE GET``: maritime trade, commodities too; a commodity may be taken at a special rate."""

    verb = "trade"
    form = "trade GIVE GET"

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        return trade.maritime_options_of(game, at.player, hand, game.design.targets)

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        return trade.maritime_refusal(game, at.player, action.args[0], action.args[1])

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        p = at.player
        give, get = str(action.args[0]), str(action.args[1])
        rate = game.state.rates[p * CARD_KINDS + CARDS.index(give)]
        trade.maritime(game, p, give, get)
        if CARDS.index(give) < RESOURCE_KINDS <= CARDS.index(get):
            game.emit("decision.ck-commodity-trades", f"A {rate}:1 trade of {give} may take a commodity "
                      "(commodities.special-harbour).", player=p)
            game.emit("commodities.special-harbour", f"{name(p)} takes the commodity {get} for {rate} {give}.",
                      player=p)


class CKEnd(End):
    """``end``: the per-turn effects of Cities & Knights lapse, then the turn ends as in the base game."""

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        flow.end_turn(game)


class CKMain(MainStep):
    """The main part of the turn: the base game's building and trading with the verbs of Cities & Knights."""

    kind = "main"
    #: Alphabetical, each giving its options ascending: the options come out sorted.
    verbs = (
        knights.Activate(),
        knights.Chase(),
        CKCity(),
        knights.Displace(),
        CKEnd(),
        Harbor(),
        Improve(),
        knights.PlaceKnight(),
        knights.Move(),
        PlayProgress(),
        knights.Promote(),
        Propose(),
        Road(),
        CKSettle(),
        CKTrade(),
        Wall(),
    )
    #: What each verb needs beyond the cards, as flags of :meth:`options` (a verb not named needs none of them): a
    #: verb whose need is not met offers nothing, so it is not asked. Knights on the board, knights that may act
    #: (active since before this turn, ``knights.action``, ``knights.fresh``), a strong or mighty one among them (who
    #: displaces), the robber unlocked (who is chased after the first attack), a city (improvements, walls), a
    #: progress card in hand, the Commercial Harbor in play.
    needs: ClassVar[dict[str, int]] = {
        "activate": 1, "promote": 1, "move": 2, "chase": 2 | 8, "displace": 4, "improve": 16, "wall": 16, "play": 32,
        "harbor": 64}

    def __init__(self) -> None:
        #: The verbs asked, by the flags a position meets (filled as met: a few dozen at most).
        self._units: dict[int, tuple[TurnVerb, ...]] = {}

    def prompt(self, game: CKGame, at: Any) -> str:
        return (f"{name(at.player)}: trade, build, place or use knights, improve cities, play progress cards, or end "
                f"the turn (rolled {game.state.dice})")

    def options(self, game: CKGame, at: Any) -> list[Action]:  # type: ignore[override]
        p = at.player
        s = game.state
        kept = game.main_listed
        if kept is not None and kept[0] is s and kept[2] + 1 == s.offers_made and kept[1] == p \
                and offer_only(game.history[kept[3]:]):
            out = kept[4].copy()  # a trade offer came to nothing since: the same options, a proposal fewer perhaps
            if s.offers_made >= game.config.offers_per_turn and PROPOSE in out:
                out.remove(PROPOSE)
        else:
            out = self.listed(game, at)
        game.main_listed = (s, p, s.offers_made, len(game.history), out)
        return out.copy()

    def listed(self, game: CKGame, at: Any) -> list[Action]:
        """The options worked out: only the verbs that may offer something are asked."""
        s, p = game.state, at.player
        hand = s.hands[p * CARD_KINDS:p * CARD_KINDS + CARD_KINDS]
        k = s.knights_at
        flags = (16 if s.cities[p] else 0) | (32 if s.progress[p] else 0) | (64 if s.harbor else 0)
        if k[p * 3] | k[p * 3 + 1] | k[p * 3 + 2]:
            ready = s.active[p] & ~s.fresh
            flags |= (1 | (2 if ready else 0) | (4 if ready & ~k[p * 3] else 0) | (8 if s.attacks else 0))
        units = self._units.get(flags)
        if units is None:
            needs = self.needs
            units = self._units[flags] = tuple(unit for unit in self.verbs
                                               if needs.get(unit.verb, 0) & flags == needs.get(unit.verb, 0))
        out: list[Action] = []
        for unit in units:
            out += unit.options(game, at, hand)
        return out


#: The actions of a trade offer between players that moves no card: its proposal, its composition, the answers and a
#: withdrawal (a confirmed trade moves cards).
OFFER_ONLY = frozenset({"propose", "give", "want", "ask", "accept", "decline", "withdraw"})


def offer_only(actions: list[Action]) -> bool:
    """Whether ``actions`` (taken since the main options were listed last) are one trade offer that came to nothing:
    a proposal, then only its composition, answers and withdrawal. The main options are then what they were, but
    the proposal, of which one fewer is left this turn (``decision.offer-limit``)."""
    if not actions or actions[0].verb != "propose":
        return False
    for action in actions:
        if action.verb not in OFFER_ONLY:
            return False
    return True
