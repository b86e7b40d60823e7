"""The 7 and the robber (``robber.discard``, ``robber.move``, ``robber.steal``).

On a 7 every player holding more cards than the safe hand (``safe_hand``) discards half, rounded down, one card at a
time and each as their own decision, clockwise from the roller (``decision.discard``). Then the roller moves the robber
to another hex and steals one random card from a player with a settlement or city on it: the mover chooses whom when
there are several (``steal P``); with one the steal is automatic (``decision.steal``). The log says who took a card
from whom, never which card: that goes only into the hands.

Cities & Knights hooks: :meth:`CatanGame.safe_hand` (``safe_hand``, and ``wall_safe_cards`` more per city wall),
``after_robber`` (where play resumes: a knight before the roll, a 7, a C&K knight chasing the robber, the Bishop),
``victims`` (a mask of players, so a layer that steals from each can walk it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.core import Action

from .board import HEX_CORNER_MASK, N_HEXES, bits
from .choice import CatanStep, place_of
from .data import rulebook
from .pieces import hand_size, name
from .state import MAIN, waiting

if TYPE_CHECKING:
    from .game import CatanGame

ROBBER_ACTIONS = tuple(Action("robber", (h,)) for h in range(N_HEXES))
ROBBER_OPTIONS = tuple(tuple(a for k, a in enumerate(ROBBER_ACTIONS) if k != h) for h in range(N_HEXES))
STEAL_ACTIONS = tuple(Action("steal", (p + 1,)) for p in range(8))


def seven(game: CatanGame) -> None:
    """A 7 was rolled: discards (if any) then the roller moves the robber."""
    s = game.state
    n = game.players
    for q in range(n):
        size = hand_size(game, q)
        limit = game.safe_hand(q)
        if size > limit:
            s.discard_left[q] = size // 2
            game.emit("robber.discard", f"{name(q)} holds {size} cards, more than {limit}: they discard "
                      f"{size // 2}.", player=q, cards=size, discard=size // 2)
    s.after_robber = MAIN
    _next_discarder(game)


def _next_discarder(game: CatanGame) -> None:
    s = game.state
    n = game.players
    for i in range(n):
        q = (s.player + i) % n
        if s.discard_left[q]:
            game.push(waiting("discard", q))
            return
    game.discards_done()


def victims_at(game: CatanGame, h: int, mover: int) -> int:
    """Mask of the players other than ``mover`` with a building on hex ``h`` and at least one card."""
    s = game.state
    corners = HEX_CORNER_MASK[h]
    out = 0
    for q in range(game.players):
        if q != mover and (s.settlements[q] | s.cities[q]) & corners and hand_size(game, q):
            out |= 1 << q
    return out


def steal(game: CatanGame, thief: int, victim: int) -> None:
    """Move one random card of ``victim`` to ``thief``; the log does not say which."""
    s = game.state
    w = game.width
    pick = game.rng.below(hand_size(game, victim))
    for r in range(w):
        pick -= s.hands[victim * w + r]
        if pick < 0:
            s.hands[victim * w + r] -= 1
            s.hands[thief * w + r] += 1
            break
    game.emit("robber.steal", f"{name(thief)} takes a card from {name(victim)}.", player=thief, victim=victim)


def resume(game: CatanGame) -> None:
    game.state.victims = 0
    game.robber_done()


class Discard(CatanStep):
    kind = "discard"
    forms = {"discard": "discard RESOURCE"}

    def prompt(self, game: CatanGame, at: Any) -> str:
        left = game.state.discard_left[at.player]
        return f"{name(at.player)}: discard a card for the {game.robber_roll} ({left} to go)"

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        q = at.player
        hands = game.state.hands
        base = q * game.width
        acts = game.card_verbs["discard"]
        return [acts[r] for r in game.card_order if hands[base + r]]

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        if action.args[0] not in game.cards:
            kind = "resource" if game.cards == rulebook.RESOURCES else "card"
            return f"'{action.args[0]}' is not a {kind}; the {kind}s are {', '.join(sorted(game.cards))}."
        return f"you hold no {action.args[0]}."

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        s = game.state
        q = at.player
        r = game.cards.index(str(action.args[0]))
        s.hands[q * game.width + r] -= 1
        s.bank[r] += 1
        s.discard_left[q] -= 1
        game.emit("decision.discard", f"{name(q)} discards 1 {action.args[0]} ({s.discard_left[q]} to go).",
                  player=q, card=r)
        if not s.discard_left[q]:  # else the same player discards on
            _next_discarder(game)


class MoveRobber(CatanStep):
    kind = "robber"
    forms = {"robber": "robber HEX"}
    ask = "move the robber to another hex (it is on hex {state.robber})"

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        return ROBBER_OPTIONS[game.state.robber]

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        h = action.args[0]
        if not isinstance(h, int) or not 0 <= h < N_HEXES:
            return f"there is no hex {h}; hexes are numbered 0 to {N_HEXES - 1}."
        return f"the robber is on hex {h} already: it must move to another hex (robber.move)."

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        s = game.state
        p, h = at.player, place_of(action)
        s.robber = h
        game.emit("robber.move", f"{name(p)} moves the robber to hex {h}.", player=p, hex=h)
        victims = victims_at(game, h, p)
        if not victims:
            resume(game)
        elif victims & (victims - 1):  # several: the mover chooses
            s.victims = victims
            game.push(waiting("steal", p))
        else:
            steal(game, p, victims.bit_length() - 1)
            game.emit("decision.steal", f"Only {name(victims.bit_length() - 1)} can be robbed there.", player=p)
            resume(game)


class Steal(CatanStep):
    kind = "steal"
    forms = {"steal": "steal PLAYER"}

    def prompt(self, game: CatanGame, at: Any) -> str:
        who = " or ".join(name(q) for q in bits(game.state.victims))
        return f"{name(at.player)}: choose whom to rob: {who}"

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        return [STEAL_ACTIONS[q] for q in bits(game.state.victims)]

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        seat = action.args[0]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= game.players:
            return f"there is no player {seat}; the players are 1 to {game.players}."
        q = seat - 1
        if q == at.player:
            return "you cannot rob yourself (robber.steal)."
        if not (game.state.settlements[q] | game.state.cities[q]) & HEX_CORNER_MASK[game.state.robber]:
            return f"{name(q)} has no settlement or city on the robber's hex (robber.steal)."
        return f"{name(q)} holds no card to steal (robber.steal)."

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        victim = place_of(action)
        steal(game, at.player, victim - 1)
        resume(game)


__all__ = ["Discard", "MoveRobber", "Steal", "seven"]
