"""Action cards (ゲームの進行, ジョーカー, アクションと聖バルボラ効果の無視): each of a player's 6 cards shows two
actions; a played card gives one of them and the other is lost for the round. The joker half takes any action for
1 reputation (free from reputation 6), and any card may be played for no effect."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from games.core import Action, seat_label

from . import barbara_action, mine_action
from .choice import Choice, act
from .data import approx
from .effects import reputation
from .pieces import cannot, takeable
from .state import Pending

if TYPE_CHECKING:
    from .game import KutnaHoraGame

ACTIONS = ("mine", "rights", "plot", "build", "income", "barbara")
_SORTED_HALVES = tuple(tuple(sorted(halves)) for halves in approx.ACTION_CARDS.value)
#: Each card's halves as the log names them ("mine / rights"), and the half lost when a card is played for one.
_HALVES_TEXT = tuple(" / ".join(halves) for halves in approx.ACTION_CARDS.value)
_LOST_HALF = {(card, what): next((h for h in halves if h != what), what)
              for card, halves in enumerate(approx.ACTION_CARDS.value, 1) for what in halves}


def joker_cost(game: KutnaHoraGame, p: int) -> int:
    """Reputation a joker costs ``p`` now."""
    design = game.design
    return 0 if game.state.seats[p].reputation >= design.free_joker else design.joker_cost


def start(game: KutnaHoraGame, p: int, what: str) -> None:
    """Begin the chosen action: Mine and St. Barbara start at once; the others wait for their first choice."""
    if what == "mine":
        mine_action.start(game, p)
    elif what == "barbara":
        barbara_action.start(game, p)
    else:
        game.push(Pending(what, p))


@functools.cache
def _card_options(cards: tuple[int, ...], possible: tuple[str, ...]) -> tuple[Action, ...]:
    """The plays of a hand of ``cards`` when the actions ``possible`` (in name order) can be taken: every card idle,
    every joker as each possible action, every half that is possible. Already in sort order (idle, joker, play; then
    by card and action name), so the kernel skips its sort; the play decision is most of the game's decisions, and
    only a few thousand hands and action sets exist, so each is listed once per process."""
    idle, joker, play = [], [], []
    for card in cards:
        idle.append(act("idle", card))
        for half in _SORTED_HALVES[card - 1]:
            if half == "joker":
                joker += [act("joker", card, a) for a in possible]
            elif half in possible:
                play.append(act("play", card, half))
    return (*idle, *joker, *play)


class Play(Choice):
    """Play an action card for one of its halves, as a joker, or for no effect."""

    kind = "play"
    forms = {"play": "play CARD ACTION", "joker": "joker CARD ACTION", "idle": "idle CARD"}
    written = "play, joker or idle"
    presorted = True

    def prompt(self, game: KutnaHoraGame, at: Pending) -> str:
        s = game.state
        return (f"{seat_label(at.player)}, round {s.round}, turn {s.turn // game.config.players + 1}: play "
                f"an action card "
                f"({s.plays_left} to play this turn)")

    def options(self, game: KutnaHoraGame, at: Pending) -> tuple[Action, ...]:
        return _card_options(tuple(game.state.seats[at.player].cards), takeable(game, at.player))

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        p, a = at.player, action.args
        seat = game.state.seats[p]
        if not a or not isinstance(a[0], int) or a[0] not in range(1, 7):
            return "name an action card 1-6, e.g. 'play 4 rights'."
        if a[0] not in seat.cards:
            return f"card {a[0]} was already played this round; your cards are {seat.cards}."
        halves = approx.ACTION_CARDS.value[a[0] - 1]
        if action.verb == "play" and (len(a) != 2 or a[1] not in halves or a[1] == "joker"):
            return f"card {a[0]} shows {' / '.join(halves)}; write 'play {a[0]} {halves[0]}'."
        if action.verb == "joker" and "joker" not in halves:
            return f"card {a[0]} has no joker; it shows {' / '.join(halves)}."
        if action.verb == "joker" and (len(a) != 2 or a[1] not in ACTIONS):
            return f"a joker takes another action: {', '.join(ACTIONS)}."
        return cannot(game, p, str(a[1])) if len(a) == 2 else "write 'idle CARD'."

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        s, p = game.state, at.player
        card = int(action.args[0])
        s.seats[p].cards.remove(card)
        s.plays_left -= 1
        if action.verb == "idle":
            halves = _HALVES_TEXT[card - 1]
            game.emit("ignore.action", f"{seat_label(p)} plays card {card} "
                                       f"({halves}) for no effect.", player=p, card=card)
            return
        what = str(action.args[1])
        if action.verb == "joker":
            cost = joker_cost(game, p)
            game.emit("joker.any", f"{seat_label(p)} plays the joker on card {card} as {what}.", player=p, card=card)
            if cost:
                reputation(game, p, -cost, "joker.cost", "the joker")
            else:
                game.emit("joker.free", f"{seat_label(p)}'s reputation is {game.design.free_joker} or more: the joker "
                          "costs nothing.", player=p)
        else:
            game.emit("flow.card", f"{seat_label(p)} plays card {card} for {what}; its other half "
                      f"({_LOST_HALF[card, what]}) is lost this round.", player=p, card=card, action=what)
        start(game, p, what)
