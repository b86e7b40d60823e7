"""A turn: before the roll, the roll, then trading and building in any order until ``end`` (``turn.*``).

* Before the roll (step ``roll``): ``roll``, or ``play knight`` first (``dev.knight``). The roll is always asked, even
  of a player with no knight, so nobody learns from the flow of decisions what is in a hand.
* The roll's production (the automatic step ``production``): the hexes of the number produce, or the robber's roll.
* After the roll (step ``main``): one :class:`~games.core.Verb` unit per verb: ``settle`` (:mod:`.settlement`),
  ``road`` and ``city`` (:mod:`.building`), ``buy`` / ``play`` (:mod:`.development`), ``trade`` / ``propose``
  (:mod:`.trade`) and ``end``. The options of every verb are listed in one sorted pass: verbs in alphabetical order,
  each verb's options already ascending.
* The next turn: when nothing is pending after ``end``, the kernel asks the game for the next turn (:func:`next_turn`).
* Victory (``victory.declare``): a player who has the points to win on their own turn declares it at once
  (``decision.declare``); a game over the turn limit ends with the most points winning (``decision.turn-limit``).

Cities & Knights replaces the ``Roll`` step (the Alchemist replaces the knight before the roll) and the ``Main`` step
(its own verbs with the base game's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.core import Action, Automatic

from . import development, production, robber
from .building import City, Road
from .choice import CatanStep, MainStep, TurnVerb
from .development import Buy, Play
from .pieces import name
from .settlement import Settle
from .state import NOT_ASKED, TURN_LIMIT, WON, waiting
from .trade import Propose, Trade

if TYPE_CHECKING:
    from .game import CatanGame

ROLL_ACTION = Action("roll")
END = Action("end")


class Roll(CatanStep):
    kind = "roll"
    forms = {"roll": "roll", "play": "play CARD"}
    ask = "roll the dice (turn {state.turn})"

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        out = development.play_options(game, at.player, before_roll=True)
        out.append(ROLL_ACTION)
        return out

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return development.play_refusal(game, at.player, action.args[0], before_roll=True)

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        s = game.state
        p = at.player
        if action.verb == "play":  # a knight: the robber moves, then the roll is still to come (after_robber)
            development.play(game, p, str(action.args[0]))
            return
        one, two = production.roll_dice(game.rng)
        total = one + two
        s.dice, s.rolled = total, True
        game.emit("turn.roll", f"{name(p)} rolls {total} ({one} + {two}).", player=p, dice=[one, two])
        game.push(waiting("production", p))


class Production(Automatic):
    """After the roll: the hexes of the number produce, or on the robber's roll the discards and the robber; then the
    main part of the turn (``turn.*``)."""

    kind = "production"

    def run(self, game: CatanGame, at: Any) -> None:
        s = game.state
        if s.dice == game.robber_roll:
            robber.seven(game)  # discards, the robber, then the main part of the turn (after_robber)
        else:
            production.produce(game, s.dice)
            game.push(waiting("main", at.player))


class End(TurnVerb):
    """``end``: the turn is over; the next one starts (:func:`next_turn`) unless it was the last (turn limit)."""

    verb = "end"
    form = "end"

    goes_on = False  # the turn is over: the kernel starts the next one

    def options(self, game: CatanGame, at: Any, hand: list[int]) -> list[Action]:
        return [END]

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        end_turn(game)


class Main(MainStep):
    """After the roll: build, trade, buy or play a card in any order, then end the turn."""

    kind = "main"
    #: Alphabetical, each giving its options ascending: the options come out sorted.
    verbs = (Buy(), City(), End(), Play(), Propose(), Road(), Settle(), Trade())
    ask = "build, trade, buy or play a card, or end the turn (rolled {state.dice})"


def end_turn(game: CatanGame) -> None:
    """The turn ends: the game too if it was the last turn (``decision.turn-limit``); nothing is pending, so the kernel
    starts the next turn (:func:`next_turn`) or finds the game over."""
    s = game.state
    limit = game.config.turn_limit
    if limit and s.turn >= limit:
        s.ended = TURN_LIMIT
        best = max(game.total_points())
        game.emit("decision.turn-limit", f"Turn {s.turn} was the last (turn limit {limit}): the most points win "
                  f"({best}).", turn=s.turn)
        final_points(game)


def next_turn(game: CatanGame) -> None:
    """The next player clockwise begins their turn with the roll (``turn.order``)."""
    s = game.state
    p = s.player
    s.player = (p + 1) % game.players
    s.turn += 1
    s.rolled = s.dev_played = False
    s.dice = 0
    s.offers_made = 0
    s.offer_give, s.offer_want = [0] * game.width, [0] * game.width  # the last turn's offer is off the record
    s.answers = [NOT_ASKED] * game.players
    if any(s.devs_new):
        s.devs_new = [0] * len(s.devs_new)
    game.push(waiting("roll", s.player))
    game.emit("turn.order", f"{name(p)} ends the turn; {name(s.player)}'s turn {s.turn}.", player=s.player,
              turn=s.turn)


def declare_if_won(game: CatanGame) -> None:
    """The player whose turn it is wins as soon as they have the points (``victory.declare``)."""
    s = game.state
    p = s.player
    total = s.points[p] + game.hidden_points(p)
    if total < game.config.points_to_win or not s.stack:
        return
    s.stack.clear()
    s.ended, s.winner = WON, p
    game.emit("victory.declare", f"{name(p)} has {total} points on their own turn and wins.", player=p,
              points=total)
    game.emit("decision.declare", "The win is declared as soon as the player whose turn it is has the points.")
    kinds, card = development.DEV_KINDS, development.VICTORY_POINT
    held = [s.devs[q * kinds + card] for q in range(game.players)]  # cards, not points
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
