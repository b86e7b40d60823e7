"""2.権利証を置く (Place a claim stone): the step after taking.

``place R C`` puts a stone from the hand on a free card (at most 3 on the layout with 3 players, 2 with 4–5);
once no stone may be placed, ``lift R C`` picks one of yours up to move it and ``place R C`` puts it down on
another free card (decision.move); ``skip`` places nothing. A "return claim stone" chip may still be played here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from games.core import Action

from . import law_chips
from .decisions import CardStep, cell_of
from .deck import country_name
from .state import Turn

if TYPE_CHECKING:
    from .game import CardGame

SKIP = Action("skip")


def own_stones(game: CardGame, player: int) -> list[int]:
    """Cells carrying ``player``'s claim stones, row by row."""
    s = game.state
    return [c for c in game.geometry.cells(s.lo, s.hi) if s.stone[c] == player] if s.placed[player] else []


def has_free_card(game: CardGame) -> bool:
    """Whether a card in the layout carries no claim stone (not the one a moving stone was just lifted from).
    Asked after every turn's taking, so it stops at the first free card rather than listing them."""
    s = game.state
    stone, lifted = s.stone, s.turn.lifted
    frame = game.geometry
    columns = frame.columns
    for r in range(frame.rows):
        base = r * columns
        for c in range(base + s.lo[r], base + s.hi[r]):
            if stone[c] < 0 and c != lifted:
                return True
    return False


def place_actions(game: CardGame) -> list[Action]:
    """``place`` on every free card, in order (the hot spot of random play: up to 56 actions)."""
    s = game.state
    frame = game.geometry
    places, stone, out = frame.place_actions, s.stone, []
    columns = frame.columns
    for r in range(frame.rows):
        a, b = r * columns + s.lo[r], r * columns + s.hi[r]
        out += [act for act, owner in zip(places[a:b], stone[a:b], strict=True) if owner < 0]
    if s.turn.lifted >= 0:
        out.remove(places[s.turn.lifted])
    return out


def may_place(game: CardGame) -> bool:
    s = game.state
    p = s.turn.player
    return s.hand[p] > 0 and s.placed[p] < game.placeable


def may_move(game: CardGame) -> bool:
    """A stone of yours on the layout may be moved once no stone may be placed, from the turn after that came
    about (「権利証を全部…置いたら、次の手番からは…移動することができます」): not in the turn your last placeable stone
    in hand paid for a claimed card (``Turn.hand_spent``)."""
    s = game.state
    return s.placed[s.turn.player] > 0 and not may_place(game) and not s.turn.hand_spent


def has_choice(game: CardGame) -> bool:
    """Whether a stone could be placed or moved now (public information only)."""
    return (may_place(game) or may_move(game)) and has_free_card(game)


class Claim(CardStep):
    """The claim step, and its second half while a lifted stone is in the air (``at.lifted``)."""

    kind = "claim"
    forms = {"place": "place R C", "lift": "lift R C", "play": "play CHIP", "skip": "skip"}

    def prompt(self, game: CardGame, at: Turn) -> str:
        if at.lifted >= 0:
            return f"Player {at.player + 1}: put the lifted claim stone on another card"
        return f"Player {at.player + 1}: place or move a claim stone, or skip"

    def options(self, game: CardGame, at: Turn) -> Sequence[Action]:
        if at.lifted >= 0:
            return place_actions(game)
        if may_place(game):
            acts = place_actions(game)
        elif may_move(game) and has_free_card(game):
            lifts = game.geometry.lift_actions
            acts = [lifts[c] for c in own_stones(game, at.player)]
        else:
            acts = []
        acts += law_chips.playable(game, claiming=True)
        acts.append(SKIP)
        return acts

    def refusal(self, game: CardGame, at: Turn, action: Action) -> str | None:
        verb = action.verb
        if verb == "play":
            return law_chips.refusal(game, action)
        if verb == "skip" or at.lifted >= 0 and verb == "lift":
            return self.elsewhere(game, action, self.asks(game, at))
        s = game.state
        cell = cell_of(game, action)
        owner = s.stone[cell]
        if verb == "lift":
            if owner != at.player:
                return f"{game.geometry.where(cell)} has no claim stone of yours."
            if at.hand_spent and not may_place(game):
                return ("your last claim stone in hand paid for a claimed card this turn; stones are moved from the "
                        "next turn on.")
            return "you may place a stone from your hand; moving is allowed once all your placeable stones are out."
        if owner >= 0:
            return f"{game.geometry.where(cell)} already carries player {owner + 1}'s claim stone."
        if at.lifted >= 0:
            return "the stone must move to a different card."
        if s.hand[at.player] == 0:
            return "you have no claim stone in hand; move one of yours on the layout with 'lift' instead."
        return (f"with {game.players} players at most {game.placeable} of your claim stones may be on the layout; "
                "lift one to move it instead.")

    def apply(self, game: CardGame, at: Turn, action: Action) -> None:
        verb = action.verb
        if verb == "place":
            place(game, at, cell_of(game, action))
        elif verb == "lift":
            lift(game, at, cell_of(game, action))
        elif verb == "play":
            law_chips.play(game, at, str(action.args[0]))
            if not has_choice(game) and not game.must_ask():
                game.end_turn()
        else:  # skip
            game.emit("claim.place", f"Player {at.player + 1} places no claim stone.", player=at.player)
            game.end_turn()

    def asks(self, game: CardGame, at: Turn) -> str:
        return "put the lifted claim stone on a free card" if at.lifted >= 0 else \
            "you may now place or move a claim stone"

    def elsewhere(self, game: CardGame, action: Action, asks: str) -> str:
        verb = action.verb
        if verb == "place":
            return f"claim stones are placed after taking; {asks}."
        if verb == "lift":
            return f"stones are moved in the claim step; {asks}."
        if verb == "play":
            return law_chips.refusal(game, action)
        return f"'skip' leaves the claim stone step out; {asks}."


def place(game: CardGame, turn: Turn, cell: int) -> None:
    """Put a stone on a free card: the lifted one (a move) or one from the hand. The turn ends."""
    s = game.state
    p = turn.player
    s.stone[cell] = p
    s.placed[p] += 1
    card = game.cards[s.layout[cell]]
    where = game.geometry.where
    if turn.lifted >= 0:
        game.emit("claim.move", f"Player {p + 1} moves a claim stone from {where(turn.lifted)} to "
                  f"{where(cell)} ({country_name(card.country)}).", player=p, cell=cell, origin=turn.lifted)
    else:
        s.hand[p] -= 1
        game.emit("claim.place", f"Player {p + 1} puts a claim stone on {where(cell)} "
                  f"({country_name(card.country)}).", player=p, cell=cell)
        if s.placed[p] == game.placeable:
            limit = "claim.limit-3" if game.players == 3 else "claim.limit-45"
            game.emit(limit, f"All {game.placeable} placeable claim stones of player {p + 1} are out; from now on "
                      "one may be moved instead.", player=p)
    game.end_turn()


def lift(game: CardGame, turn: Turn, cell: int) -> None:
    """Pick one of your stones up to move it: the claim step now waits for it to be put down elsewhere."""
    s = game.state
    s.stone[cell] = -1
    s.placed[turn.player] -= 1
    turn.lifted = cell
    game.emit("decision.move", f"Player {turn.player + 1} lifts their claim stone from {game.geometry.where(cell)} to "
              "move it.")
