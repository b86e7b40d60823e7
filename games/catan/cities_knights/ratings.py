"""The greedy bot's ratings of one Cities & Knights decision, all actions at once (``CKGame.lookaheads``): the very
values :func:`.evaluation.lookahead` gives action by action, without a clone for the actions that are asked most.

As in the base game (:mod:`games.catan.ratings`), the evaluation is a sum of parts (:func:`.evaluation.parts`,
added up by :func:`.evaluation.rated` always in the same order): the parts of the position are worked out once per
decision, and an action that changes only some of them is rated by replacing those and adding up again, the very
float the full evaluation after the action gives.

* ``trade GIVE GET`` (maritime), ``discard CARD``, the Aqueduct's ``take CARD``: the cards change, nothing else the
  evaluation reads; ``wall NODE``: the cards pay and the safe hand grows;
* ``road EDGE`` (after the roll, paid; the set-up's and Road Building's, free): the road length, the reached nodes and
  the open paths change (on a clone when the new length would move the longest road card, and for the set-up's last
  road, after which the first turn starts);
* a settlement or a city, in the set-up (with the second round's income) or after the roll (paid): points,
  production, the threat (a city), a harbour, the free sites; on a clone when a settlement cuts another player's road
  or the points would win;
* the Inventor's ``swap HEX HEX``: production, from the swapped pips;
* ``knight NODE``: the cards pay, the knights' strength grows, the node is no longer free; ``activate NODE``: the
  cards pay, the active strength and the barbarians' threat change; ``promote NODE``: the cards pay, the strength (and
  the active strength, if the knight is active) and the threat change; ``move FROM TO``: the knight becomes inactive
  (the active strength, the threat) and the free nodes at both ends follow. A knight placed or moved where another
  player's road passes may cut it (or join it again): when their new lengths move the longest road card, that action
  is played on a clone;
* ``end``: nothing the evaluation reads changes, unless the Merchant Fleet lapses (the rates), the turn limit ends
  the game or the next player would declare a win at once (then the clone);
* ``play irrigation``, ``play mining``: one card fewer in hand, the harvest's cards in hand; ``play warlord``: one
  card fewer, every knight active;
* ``play CARD`` of a card that asks its player a decision first or sets a flag of the turn (:data:`ASKING`), and
  ``bottom`` for a fifth card: one card fewer in hand; a card's effect comes with the decision after;
* ``improve TRACK``: the commodities pay, the level (and an ability) goes up; on a clone from the metropolis level
  on (points may move) and for the Merchant Guild (the rates change);
* ``chase NODE``: the knight becomes inactive (the robber moves with the decision after);
* ``name CARD`` for a monopoly: each opponent's cards of that kind, up to the card's number, come into the hand; for
  the Merchant Fleet: that card's rate (the harbours part);
* chance (``roll``, the Alchemist's ``dice``, ``robber``, ``steal``, a tied defender's ``draw``) and the trade
  between players are rated from the position's own value, as :func:`.evaluation.lookahead` rates them.

Every other action (the other progress cards and the decisions the cards ask for, displacing a knight, placing the
merchant, the barbarians' pillage, ...) is played on a clone as :func:`.evaluation.lookahead` does; so is everything
when the seat rated is not the one deciding, or when the player whose turn it is holds the points to win already (a
position made by hand). The ratings of the position's parts are :class:`.position.Position`'s.

**What the greedy bot needs** (``CKGame.contenders``, :meth:`games.core.Game.contenders`): only the actions it may
choose, those rated within :data:`~games.core.game.TIE` of the best. After the roll a player has many roads to build
and rarely builds one (in greedy games nine roads in ten rate below the best other action), and a road's exact
rating is the dearest (its longest road and the sites ahead of the new network). So the other actions are rated
first, and each road is bounded (:meth:`Position.road_bound`: the exact cards and free sites, its length at most one
more, the sites ahead at their most); a road whose bound is below the best so far by more than the tie is left out,
the others are rated exactly. ``tests/catan/test_ratings.py`` checks that every rating left in is the rating and every
one left out is below the best by more than the tie; the choice is then the very same (``tests/core``).

**Parts kept from one decision to the next.** An action rated from parts has them already: they are the parts of
the position after it. When the same seat decides right after (the main part of a turn goes on, a discard follows a
discard: half the decisions of a greedy game), its position starts from them instead of working them out again
(:class:`.position.Position`, ``CKGame.rated_after``: kept only for the very state object, the seat and the one
action taken since; never over a change by hand, ``touched``). ``tests/catan/test_ratings.py`` meets that path
hundreds of times and compares its ratings with the clone's too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from games.catan.ratings import may_declare
from games.catan.state import ANSWER, CONFIRM, MAIN, OFFER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from games.catan.state import ROAD_BUILDING as ROAD_BUILDING_PHASE
from games.core import Action

from .evaluation import CHANCE, lookahead
from .position import Position
from .science import HARVESTS
from .state import (
    ALCHEMIST,
    AQUEDUCT,
    BISHOP,
    COMMERCIAL_HARBOR,
    CRANE,
    DESERTER,
    DIPLOMAT,
    ENGINEER,
    FIFTH,
    INTRIGUE,
    INVENTOR,
    KIND,
    MASTER_MERCHANT,
    MEDICINE,
    MERCHANT,
    MERCHANT_FLEET,
    NAME,
    RESOURCE_MONOPOLY,
    ROAD_BUILDING,
    SABOTEUR,
    SETUP_CITY,
    SMITH,
    SPY,
    TRADE_MONOPOLY,
    WARLORD,
    WEDDING,
)

if TYPE_CHECKING:
    from .game import CKGame

ROBBING = ("robber", "steal", "draw")
#: Progress cards whose play changes nothing the evaluation reads but the number of cards in hand: each asks its
#: player a decision first (a target, a place, a name, the dice, the robber's hex, roads to place), asks the players
#: it aims at (the Wedding's gifts, the Saboteur's discards) or sets a flag of the turn (the Crane, the Commercial
#: Harbor). Their effect comes with the decisions after, rated then.
ASKING = frozenset({ALCHEMIST, BISHOP, COMMERCIAL_HARBOR, CRANE, DESERTER, DIPLOMAT, ENGINEER, INTRIGUE, INVENTOR,
                    MASTER_MERCHANT, MEDICINE, MERCHANT, MERCHANT_FLEET, RESOURCE_MONOPOLY, ROAD_BUILDING, SABOTEUR,
                    SMITH, SPY, TRADE_MONOPOLY, WEDDING})


def lookaheads(game: CKGame, actions: Sequence[Action], p: int) -> list[float]:
    """:func:`.evaluation.lookahead` of each of ``actions`` (legal now) for ``p``, in their order."""
    return _rated(game, actions, p, False)  # type: ignore[return-value]


def contenders(game: CKGame, actions: Sequence[Action], p: int) -> list[float | None]:
    """:func:`lookaheads`, leaving out (``None``) the roads after the roll whose rating is bounded more than
    :data:`~games.core.game.TIE` below the best (``CKGame.contenders``, what the greedy bot chooses from; module
    docstring)."""
    return _rated(game, actions, p, True)


def _rated(game: CKGame, actions: Sequence[Action], p: int, prune: bool) -> list[float | None]:
    s = game.state
    stack = s.stack
    if not stack or stack[-1].player != p or may_declare(game):
        return [lookahead(game, action, p) for action in actions]
    phase = s.phase
    if phase == MAIN:
        return _main(Position(game, p), actions, prune)
    position = Position(game, p)
    now = position.now
    trading = phase in (OFFER, ANSWER, CONFIRM)
    setup = phase in (SETUP_SETTLEMENT, SETUP_CITY)
    out: list[float | None] = []
    for action in actions:
        verb = action.verb
        value = None
        position.action = action
        if verb in CHANCE:
            value = now + (0.1 if verb in ROBBING else 0.0)
        elif trading or verb == "propose":
            value = now + (0.5 if verb in ("withdraw", "decline") else -1.0)
        elif verb == "discard":
            value = position.with_cards(((game.card_index[action.args[0]], -1),))  # type: ignore[index]
        elif verb == "play" and phase in (ROLL, FIFTH) and KIND[action.args[0]] in ASKING:  # type: ignore[index]
            value = position.without_card()
        elif setup and verb in ("settle", "city"):
            value = position.setup(action.args[0], verb == "city")  # type: ignore[arg-type]
        elif verb == "road" and (phase == ROAD_BUILDING_PHASE or phase == SETUP_ROAD and not position.last_placement):
            value = position.road(action.args[0], free=True)  # type: ignore[arg-type]
        elif verb == "take" and phase == AQUEDUCT:
            value = position.with_cards(((game.card_index[action.args[0]], 1),))  # type: ignore[index]
        elif verb == "swap":
            value = position.swap(action.args[0], action.args[1])  # type: ignore[arg-type]
        elif verb == "bottom" and phase == FIFTH:
            value = position.without_card()
        elif verb == "name" and phase == NAME:
            value = position.named(action)
        out.append(lookahead(game, action, p) if value is None else value)
    position.keep()
    return out


def _main(position: Position, actions: Sequence[Action], prune: bool) -> list[float | None]:
    """The ratings of a decision after the roll; with ``prune``, each road is first bounded
    (:meth:`Position.road_bound`) against the best rating so far, the roads rated last."""
    game, p = position.game, position.p
    raters = MAIN_RATERS
    out: list[float | None] = []
    roads = []
    for i, action in enumerate(actions):
        verb = action.verb
        if prune and verb == "road":
            roads.append(i)
            out.append(None)
            continue
        rater = raters.get(verb)
        position.action = action
        value = None if rater is None else rater(position, action)
        out.append(lookahead(game, action, p) if value is None else value)
    if roads:
        position.rate_roads(actions, roads, out)
    position.keep()
    return out


def _play(position: Position, action: Action) -> float | None:
    """``play CARD`` after the roll: a card of :data:`ASKING`, a harvest or the Warlord, else on a clone."""
    kind = KIND[action.args[0]]  # type: ignore[index]
    if kind in ASKING:
        return position.without_card()
    if kind in HARVESTS:
        return position.harvest(kind)
    if kind == WARLORD:
        return position.warlord()
    return None


#: The rating of each verb after the roll rated without a clone (``None``: that action goes to the clone); the others
#: (displacing a knight, the Commercial Harbor's trade) are played on a clone.
MAIN_RATERS: dict[str, Callable[[Position, Action], float | None]] = {
    "trade": Position.trade, "road": Position.road_paid, "knight": Position.knight_placed,
    "activate": Position.activate, "promote": Position.promote, "move": Position.moved, "end": Position.end,
    "wall": Position.wall, "settle": Position.settle, "city": Position.city, "play": _play,
    "propose": Position.propose, "improve": Position.improve, "chase": Position.chase}
