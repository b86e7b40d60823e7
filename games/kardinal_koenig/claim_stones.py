"""2.権利証を置く (Place a claim stone): the step after taking.

The claim step follows taking when it offers a choice (:func:`claim_step`). ``place R C`` puts a stone from the
hand on a free card (as many on the layout at once as the player count allows: ``claim.limit-*``); once no stone
may be placed, ``lift R C`` picks one of yours up to move it and ``place R C`` puts it down on another free card
(decision.move); ``skip`` places nothing. A "return claim stone" chip may still be played here. The turn ends with
the step: nothing more is pushed, and the kernel starts the next turn (:func:`.flow.next_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from games.core import Action, seat_label

from . import law_chips
from .data import rulebook
from .decisions import CardStep, cell_of
from .deck import country_name
from .state import Pending, Turn

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


def claim_step(game: CardGame, turn: Turn) -> None:
    """Taking is over: the claim step follows when it offers a choice, or when asking keeps the player's chips
    secret (decision.public-steps); else nothing is pending and the turn ends."""
    if has_choice(game) or law_chips.must_ask(game):
        game.push(Pending(Claim.kind, turn.player))


class Claim(CardStep):
    """The claim step, and its second half while a lifted stone is in the air (``turn.lifted``)."""

    kind = "claim"
    forms = {"place": "place R C", "lift": "lift R C", "play": "play CHIP", "skip": "skip"}

    def prompt(self, game: CardGame, at: Pending) -> str:
        if game.state.turn.lifted >= 0:
            return f"{seat_label(at.player)}: put the lifted claim stone on another card"
        return f"{seat_label(at.player)}: place or move a claim stone, or skip"

    def options(self, game: CardGame, at: Pending) -> Sequence[Action]:
        if game.state.turn.lifted >= 0:
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

    def refusal(self, game: CardGame, at: Pending, action: Action) -> str | None:
        verb = action.verb
        s = game.state
        turn = s.turn
        if verb == "play":
            return law_chips.refusal(game, action, taking=False)
        if verb == "skip" or turn.lifted >= 0 and verb == "lift":
            return self.elsewhere(game, at, action, self.reminder(game, at))
        cell = cell_of(game, action)
        owner = s.stone[cell]
        where = game.geometry.where(cell)
        if verb == "lift":
            if owner != turn.player:
                return f"{where} has no claim stone of yours."
            if may_place(game):
                return "you may place a stone from your hand; moving is allowed once all your placeable stones are out."
            if turn.hand_spent:
                return ("your last claim stone in hand paid for a claimed card this turn; stones are moved from the "
                        "next turn on.")
            return "every card in the layout carries a claim stone, so there is no free card to move yours to."
        if owner >= 0:
            return f"{where} already carries {seat_label(owner, capital=False)}'s claim stone."
        if turn.lifted >= 0:
            return "the stone must move to a different card."
        if s.hand[turn.player] == 0:
            instead = "; move one of yours on the layout with 'lift' instead" if may_move(game) else ""
            return f"you have no claim stone in hand{instead}."
        instead = "; lift one to move it instead" if may_move(game) else ""
        return (f"with {game.players} players at most {game.placeable} of your claim stones may be on the layout"
                f"{instead}.")

    def apply(self, game: CardGame, at: Pending, action: Action) -> None:
        verb = action.verb
        turn = game.state.turn
        if verb == "place":
            place(game, turn, cell_of(game, action))  # the turn ends
        elif verb == "lift":
            lift(game, turn, cell_of(game, action))
            game.push(at)  # the claim step waits for the stone to be put down
        elif verb == "play":
            law_chips.play(game, turn, str(action.args[0]))
            if has_choice(game) or law_chips.must_ask(game):
                game.push(at)
        else:  # skip: the turn ends
            game.emit("claim.place", f"{seat_label(at.player)} places no claim stone.", player=at.player)

    def reminder(self, game: CardGame, at: Pending) -> str:
        return "put the lifted claim stone on a free card" if game.state.turn.lifted >= 0 else \
            "you may now place or move a claim stone"

    def elsewhere(self, game: CardGame, at: Pending, action: Action, reminder: str) -> str:
        verb = action.verb
        if verb == "place":
            return f"claim stones are placed after taking; {reminder}."
        if verb == "lift":
            return f"stones are moved in the claim step; {reminder}."
        if verb == "play":  # (answered by the taking step, listed first, which plays chips too)
            return law_chips.refusal(game, action, taking=False)
        return f"'skip' leaves the claim stone step out; {reminder}."


def place(game: CardGame, turn: Turn, cell: int) -> None:
    """Put a stone on a free card: the lifted one (a move) or one from the hand."""
    s = game.state
    p = turn.player
    s.stone[cell] = p
    s.placed[p] += 1
    cid = s.layout[cell]
    card = game.cards[cid]
    where = game.geometry.where
    if turn.lifted >= 0:
        game.emit("claim.move", f"{seat_label(p)} moves a claim stone from {where(turn.lifted)} to "
                  f"{where(cell)} ({country_name(card.country)}).", player=p, cell=cell, origin=turn.lifted)
    else:
        s.hand[p] -= 1
        words = game.design.words
        said = words.get(("place", cell, cid))
        if said is None:  # what follows the seat depends only on the card and its cell: worded once per design
            said = words["place", cell, cid] = f"{where(cell)} ({country_name(card.country)})."
        game.emit("claim.place", f"{seat_label(p)} puts a claim stone on {said}", player=p, cell=cell)
        if s.placed[p] == game.placeable:
            # The rule of this player count: claim.limit-3 where the rule text lets every stone out, else limit-45.
            every_stone_out = rulebook.PLACEABLE_STONES.value[game.players] == rulebook.STONES_PER_PLAYER.value
            limit = "claim.limit-3" if every_stone_out else "claim.limit-45"
            game.emit(limit, f"All {game.placeable} placeable claim stones of {seat_label(p, capital=False)} are out; "
                      "from now on "
                      "one may be moved instead.", player=p)


def lift(game: CardGame, turn: Turn, cell: int) -> None:
    """Pick one of your stones up to move it: the claim step now waits for it to be put down elsewhere."""
    s = game.state
    s.stone[cell] = -1
    s.placed[turn.player] -= 1
    turn.lifted = cell
    game.emit("decision.move", f"{seat_label(turn.player)} lifts their claim stone from {game.geometry.where(cell)} to "
              "move it.")
