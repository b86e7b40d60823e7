"""The main part of a Cities & Knights turn (step ``main``): the rule text's a) to g) in any order, until ``end``.

a) ``trade`` (maritime, commodities too: :mod:`.commodities`) and ``propose`` (between players, commodities like
resources); b) ``road``, ``settle``, ``city`` (the base game's building; a settlement never under a knight);
c) ``wall``; d) ``knight``, ``activate``, ``promote``; e) ``improve``; f) ``play`` progress cards, and ``harbor``
while a Commercial Harbor is in play; g) knight actions ``move``, ``displace``, ``chase``. The verbs are listed in
alphabetical order, each mechanic's options already sorted, so the options come out sorted in one pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from games.catan import building, pieces, trade
from games.catan.board import N_NODES, NODE_BIT, bits
from games.catan.choice import place_of
from games.catan.pieces import name
from games.catan.turn import Main, _end_options
from games.core import Action

from . import flow, improvements, knights, progress, trade_cards, walls
from .state import CARDS, K, W

if TYPE_CHECKING:
    from .game import CKGame

CITY = tuple(Action("city", (v,)) for v in range(N_NODES))
Section = tuple[Callable[..., list[Action]], Callable[..., None], Callable[..., str]]


def upgradable(game: CKGame, p: int) -> int:
    s = game.state
    return s.settlements[p] if s.cities_left[p] else s.settlements[p] & s.reduced[p]


def upgrade(game: CKGame, p: int, v: int) -> None:
    """``p``'s settlement at ``v`` becomes a city (a city laid on its side stands up again)."""
    s = game.state
    bit = NODE_BIT[v]
    if s.reduced[p] & bit:
        s.reduced[p] &= ~bit
        s.settlements[p] &= ~bit
        s.cities[p] |= bit
        s.points[p] += 1
        game.emit("barbarians.no-piece", f"{name(p)}'s city at {v} stands up again.", player=p, node=v)
        return
    pieces.place_city(game, p, v)


def city_options(game: CKGame, p: int, hand: list[int]) -> list[Action]:
    if not game.design.can_city(hand):
        return []
    return [CITY[v] for v in bits(upgradable(game, p))]


def city_effect(game: CKGame, p: int, action: Action) -> None:
    v = place_of(action)
    pieces.pay(game, p, game.design.city_cost)
    game.emit("build.city", f"{name(p)} builds a city at {v}.", player=p, node=v)
    upgrade(game, p, v)


def trade_effect(game: CKGame, p: int, action: Action) -> None:
    give, get = str(action.args[0]), str(action.args[1])
    rate = game.state.rates[p * W + CARDS.index(give)]
    trade.maritime(game, p, give, get)
    if CARDS.index(give) < K <= CARDS.index(get):
        game.emit("decision.ck-commodity-trades", f"A {rate}:1 trade of {give} may take a commodity "
                  "(commodities.special-harbour).", player=p)
        game.emit("commodities.special-harbour", f"{name(p)} takes the commodity {get} for {rate} {give}.",
                  player=p)


def end_effect(game: CKGame, p: int, action: Action) -> None:
    flow.end_turn(game)


class CKMain(Main):
    """The main part of the turn: the base game's building and trading with the verbs of Cities & Knights."""

    forms = {"activate": "activate NODE", "chase": "chase NODE", "city": "city NODE",
             "displace": "displace NODE NODE", "end": "end", "harbor": "harbor PLAYER RESOURCE",
             "improve": "improve TRACK", "knight": "knight NODE", "move": "move NODE NODE", "play": "play CARD",
             "promote": "promote NODE", "propose": "propose", "road": "road EDGE", "settle": "settle NODE",
             "trade": "trade GIVE GET", "wall": "wall NODE"}
    sections: dict[str, Section] = {  # type: ignore[assignment]
        "activate": (knights.activate_options, knights.activate_effect, knights.activate_refusal),
        "chase": (knights.chase_options, knights.chase_effect, knights.chase_refusal),
        "city": (city_options, city_effect, lambda g, p, a: building.city_refusal(g, p, a.args[0])),
        "displace": (knights.displace_options, knights.displace_effect, knights.displace_refusal),
        "end": (_end_options, end_effect, lambda g, p, a: ""),
        "harbor": (trade_cards.harbor_options, trade_cards.harbor_effect, trade_cards.harbor_refusal),
        "improve": (improvements.improve_options, improvements.improve_effect, improvements.improve_refusal),
        "knight": (knights.knight_options, knights.knight_effect, knights.knight_refusal),
        "move": (knights.move_options, knights.move_effect, knights.move_refusal),
        "play": (progress.play_options, lambda g, p, a: progress.play_card(g, p, progress.KINDS.index(str(a.args[0]))),
                 lambda g, p, a: progress.play_refusal(g, p, a.args[0])),
        "promote": (knights.promote_options, knights.promote_effect, knights.promote_refusal),
        "propose": Main.sections["propose"],
        "road": Main.sections["road"],
        "settle": (building.settle_options, Main.sections["settle"][1],
                   lambda g, p, a: _settle_refusal(g, p, a)),
        "trade": (trade.maritime_options, trade_effect,
                  lambda g, p, a: trade.maritime_refusal(g, p, a.args[0], a.args[1])),
        "wall": (walls.wall_options, walls.wall_effect, walls.wall_refusal),
    }

    #: Verbs that need a knight of the player's on the board.
    knight_verbs = ("activate", "chase", "displace", "move", "promote")

    def __init__(self) -> None:
        super().__init__()
        self._no_knights = tuple(make for verb, (make, _, _) in self.sections.items() if verb not in self.knight_verbs)

    def prompt(self, game: CKGame, at: Any) -> str:
        return (f"{name(at.decider)}: trade, build, place or use knights, improve cities, play progress cards, or end "
                f"the turn (rolled {at.dice})")

    def options(self, game: CKGame, at: Any) -> list[Action]:  # type: ignore[override]
        p = at.decider
        hand = at.hands[p * W:p * W + W]
        k = at.knights_at
        makers = self._makers if k[p * 3] | k[p * 3 + 1] | k[p * 3 + 2] else self._no_knights
        out: list[Action] = []
        for make in makers:
            out += make(game, p, hand)
        return out


def _settle_refusal(game: CKGame, p: int, action: Action) -> str:
    v = action.args[0]
    if isinstance(v, int) and 0 <= v < N_NODES and game.state.knight_nodes & NODE_BIT[v]:
        return (f"a knight stands at {v}: no settlement is built there until it moves "
                "(knights.settlement-blocked).")
    return building.settle_refusal(game, p, v)
