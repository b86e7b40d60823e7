"""A turn: before the roll, the roll, then trading and building in any order until ``end`` (``turn.*``).

* Before the roll (step ``roll``): ``roll``, or ``play knight`` first (``dev.knight``). The roll is always asked, even
  of a player with no knight, so nobody learns from the flow of decisions what is in a hand.
* After the roll (step ``main``): ``build`` verbs (:mod:`.building`), ``buy`` / ``play`` (:mod:`.development`),
  ``trade`` / ``propose`` (:mod:`.trade`) and ``end``. The options of every mechanic are listed in one sorted pass:
  verbs in alphabetical order, each mechanic's options already ascending.
* Victory (``victory.declare``): a player who has the points to win on their own turn declares it at once
  (``decision.declare``); a game over the turn limit ends with the most points winning (``decision.turn-limit``).

Cities & Knights hooks: the ``Roll`` step (its options are what may happen before the roll: the Alchemist replaces the
knight there) and ``Main.sections`` (the verb -> options/effect/refusal table a layer extends with its own verbs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from games.core import Action

from . import building, development, production, robber, trade
from .choice import CatanStep
from .pieces import name
from .state import MAIN, OVER, ROLL, TURN_LIMIT, WON

if TYPE_CHECKING:
    from .game import CatanGame

ROLL_ACTION = Action("roll")
END = Action("end")


class Roll(CatanStep):
    kind = "roll"
    forms = {"roll": "roll", "play": "play CARD"}
    ask = "roll the dice (turn {at.turn})"

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        out = development.play_options(game, at.decider, before_roll=True)
        out.append(ROLL_ACTION)
        return out

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return development.play_refusal(game, at.decider, action.args[0], before_roll=True)

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        s = game.state
        p = s.decider
        if action.verb == "play":
            development.play(game, p, str(action.args[0]))
            return
        one, two = production.roll_dice(game.rng)
        total = one + two
        s.dice, s.rolled = total, True
        game.emit("turn.roll", f"{name(p)} rolls {total} ({one} + {two}).", player=p, dice=[one, two])
        s.phase = MAIN
        if total == game.robber_roll:
            robber.seven(game)
        else:
            production.produce(game, total)


Options = Callable[["CatanGame", int, list[int]], list[Action]]
Effect = Callable[["CatanGame", int, Action], None]
Refusal = Callable[["CatanGame", int, Action], str]


def _end_options(game: CatanGame, p: int, hand: list[int]) -> list[Action]:
    return [END]


class Main(CatanStep):
    kind = "main"
    forms = {"buy": "buy", "city": "city NODE", "end": "end", "play": "play CARD", "propose": "propose",
             "road": "road EDGE", "settle": "settle NODE", "trade": "trade GIVE GET"}
    #: Verb -> (options, effect, refusal), in alphabetical order of the verbs: the options come out sorted.
    sections: dict[str, tuple[Options, Effect, Refusal]] = {
        "buy": (development.buy_options, lambda g, p, a: development.buy(g, p),
                lambda g, p, a: development.buy_refusal(g, p)),
        "city": (building.city_options, lambda g, p, a: building.build_city(g, p, a.args[0]),  # type: ignore[arg-type]
                 lambda g, p, a: building.city_refusal(g, p, a.args[0])),
        "end": (_end_options, lambda g, p, a: end_turn(g), lambda g, p, a: ""),
        "play": (development.play_options, lambda g, p, a: development.play(g, p, str(a.args[0])),
                 lambda g, p, a: development.play_refusal(g, p, a.args[0])),
        "propose": (trade.propose_options, lambda g, p, a: trade.propose(g, p),
                    lambda g, p, a: trade.propose_refusal(g, p)),
        "road": (building.road_options, lambda g, p, a: building.build_road(g, p, a.args[0]),  # type: ignore[arg-type]
                 lambda g, p, a: building.road_refusal(g, p, a.args[0])),
        "settle": (building.settle_options,
                   lambda g, p, a: building.build_settlement(g, p, a.args[0]),  # type: ignore[arg-type]
                   lambda g, p, a: building.settle_refusal(g, p, a.args[0])),
        "trade": (trade.maritime_options, lambda g, p, a: trade.maritime(g, p, str(a.args[0]), str(a.args[1])),
                  lambda g, p, a: trade.maritime_refusal(g, p, a.args[0], a.args[1])),
    }

    ask = "build, trade, buy or play a card, or end the turn (rolled {at.dice})"

    def __init__(self) -> None:
        self._makers = tuple(make for make, _, _ in self.sections.values())

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        p = at.decider
        w = game.width
        hand = at.hands[p * w:p * w + w]
        out: list[Action] = []
        for make in self._makers:
            out += make(game, p, hand)
        return out

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return self.sections[action.verb][2](game, at.decider, action) or None

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        self.sections[action.verb][1](game, game.state.decider, action)


def end_turn(game: CatanGame) -> None:
    s = game.state
    p = s.player
    limit = game.config.turn_limit
    if limit and s.turn >= limit:
        s.phase, s.ended, s.decider = OVER, TURN_LIMIT, -1
        best = max(game.total_points())
        game.emit("decision.turn-limit", f"Turn {s.turn} was the last (turn limit {limit}): the most points win "
                  f"({best}).", turn=s.turn)
        final_points(game)
        return
    s.player = s.decider = (p + 1) % game.players
    s.turn += 1
    s.rolled = s.dev_played = False
    s.dice = 0
    s.offers_made = 0
    if any(s.devs_new):
        s.devs_new = [0] * len(s.devs_new)
    s.phase = ROLL
    game.emit("turn.order", f"{name(p)} ends the turn; {name(s.player)}'s turn {s.turn}.", player=s.player,
              turn=s.turn)


def declare_if_won(game: CatanGame) -> None:
    """The player whose turn it is wins as soon as they have the points (``victory.declare``)."""
    s = game.state
    p = s.player
    total = s.points[p] + game.hidden_points(p)
    if total < game.config.points_to_win or s.phase == OVER:
        return
    s.phase, s.ended, s.winner, s.decider = OVER, WON, p, -1
    game.emit("victory.declare", f"{name(p)} has {total} points on their own turn and wins.", player=p,
              points=total)
    game.emit("decision.declare", "The win is declared as soon as the player whose turn it is has the points.")
    held = [s.devs[q * development.D + development.VICTORY_POINT] for q in range(game.players)]  # cards, not points
    hidden = [(q, k) for q, k in enumerate(held) if k]
    if hidden:
        game.emit("dev.victory-point", "Victory point cards are revealed: " + ", ".join(
            f"{name(q)} {k}" for q, k in hidden) + ".", cards=[[q, k] for q, k in hidden])
    final_points(game)


def final_points(game: CatanGame) -> None:
    """Log every player's points by source (``victory.points``)."""
    parts = []
    for q in range(game.players):
        sources = {k: v for k, v in game.point_sources(q).items() if v}
        parts.append(f"{name(q)} {sum(sources.values())} (" + ", ".join(f"{k} {v}" for k, v in sources.items()) + ")")
    game.emit(game.points_rule, "Final points: " + "; ".join(parts) + ".", points=game.total_points())
