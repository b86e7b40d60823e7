"""Phases B–D: draw 2 cards, play 2 cards face down, reveal (フェーズB / C / D).

Every player draws 2 cards, beyond the hand limit. Then, at the same time and face down, each plays one card to the
right end of the action row (``row CARD``) and one under an empty position of the activation row (``activate SLOT
CARD``, 1 = leftmost). The engine asks the seats one after the other in initiative order, and shows nobody a
face-down card until Phase D turns every play face up together. A player with fewer than 2 cards plays what they
have, action row first (``decision.short-hand``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action, Automatic, seat_label

from . import effects
from .decisions import RowCard, TurnStep, begin_turns
from .state import ACT, COMMIT_ACT, COMMIT_ROW, PHASE_B, Pending

if TYPE_CHECKING:
    from .game import ChartresGame


def phase_b(game: ChartresGame) -> None:
    """Every player draws 2 cards (the hand limit does not count them); then Phase C."""
    s = game.state
    for p in s.initiative:
        effects.draw(game, p, game.numbers.phase_b_draw, "draw.phase-b", limit=False)
    begin_turns(game, COMMIT_ROW)


class PhaseB(Automatic):
    """Phase B, after the last seat's turn of Phase A: every player draws (:func:`phase_b`)."""

    kind = PHASE_B

    def run(self, game: ChartresGame, at: Pending) -> None:
        phase_b(game)


class CommitRow(RowCard):
    """Play a card face down to the right end of the action row."""

    kind = COMMIT_ROW
    asks = "play a card face down to the right end of your action row"

    def apply(self, game: ChartresGame, at: Pending, action: Action) -> None:
        s, p = game.state, at.player
        cid = str(action.args[0])
        s.hand[p].remove(cid)
        s.commit_row[p] = cid
        game.emit("play.commit", f"{seat_label(p)} plays a card face down to the action row.", player=p)
        s.phase = COMMIT_ACT

    def settle(self, game: ChartresGame, p: int) -> bool:
        if game.state.hand[p]:
            return False
        game.emit("decision.short-hand", f"{seat_label(p)} has no card to play.", player=p)
        game.state.turn += 1
        return True

    def done(self, game: ChartresGame) -> None:
        reveal(game)


class CommitAct(TurnStep):
    """Play a card face down under an empty position of the activation row (or under the card just played)."""

    kind = COMMIT_ACT
    forms = {"activate": "activate SLOT CARD"}
    asks = "play a card face down under an empty position of your activation row"

    def options(self, game: ChartresGame, at: Pending) -> list[Action]:
        s, p = game.state, at.player
        free = [k + 1 for k, c in enumerate(s.act[p]) if not c] + [len(s.row[p]) + 1]
        table, hand = game.activate_actions, s.hand[p]
        return [table[k][c] for k in free for c in hand]

    def refusal(self, game: ChartresGame, at: Pending, action: Action) -> str | None:
        args, p = action.args, at.player
        if action.verb == "activate" and args and isinstance(args[0], int):
            slot, acts = args[0], game.state.act[p]
            last = len(game.state.row[p]) + 1  # one past the action row's end: a new position
            if not 1 <= slot <= last:
                return f"your activation row has positions 1 to {last}; there is no position {slot}"
            if slot <= len(acts) and acts[slot - 1]:
                return f"position {slot} of your activation row is taken: a card lies face down under it already"
        return None

    def apply(self, game: ChartresGame, at: Pending, action: Action) -> None:
        s, p = game.state, at.player
        slot, cid = int(action.args[0]), str(action.args[1])
        s.hand[p].remove(cid)
        s.commit_act[p], s.commit_slot[p] = cid, slot
        game.emit("play.commit", f"{seat_label(p)} plays a card face down to the activation row.", player=p)
        s.phase = COMMIT_ROW
        s.turn += 1

    def settle(self, game: ChartresGame, p: int) -> bool:
        s = game.state
        if s.hand[p]:
            return False
        s.phase, s.turn = COMMIT_ROW, s.turn + 1
        game.emit("decision.short-hand", f"{seat_label(p)} has no second card to play.", player=p)
        return True

    def done(self, game: ChartresGame) -> None:
        reveal(game)


COMMIT_ROW_STEP, COMMIT_ACT_STEP = CommitRow(), CommitAct()


def face_down(game: ChartresGame, action: Action) -> None:
    """Play ``action``, the pending face-down play, and nothing more: no reveal, even after the last play (the bots'
    look-ahead rates a face-down play before the reveal, which would show the others' cards)."""
    at = game.state.stack.pop()
    (COMMIT_ROW_STEP if at.kind == COMMIT_ROW else COMMIT_ACT_STEP).apply(game, at, action)


def reveal(game: ChartresGame) -> None:
    """Phase D: every face-down play turns face up together; then Phase E, in initiative order."""
    s, cards = game.state, game.parts.cards
    for p in s.initiative:
        row_card, act_card, slot = s.commit_row[p], s.commit_act[p], s.commit_slot[p]
        if row_card:
            s.row[p].append(row_card)
            s.act[p].append("")
        if act_card:
            s.act_slot[p] = slot - 1
            s.act[p][slot - 1] = act_card
            played = f"{row_card} ({cards[row_card].colour}) and " if row_card else ""
            played += f"{act_card} ({cards[act_card].colour}), activation card under position {slot}"
        else:
            s.act_slot[p] = -1
            played = f"{row_card} ({cards[row_card].colour})" if row_card else "nothing"
        game.emit("play.reveal", f"{seat_label(p)} reveals {played}.", player=p, row=row_card, act=act_card,
                  slot=slot)
    n = len(s.commit_row)  # every seat's face-down plays are cleared, in place
    s.commit_row[:], s.commit_act[:], s.commit_slot[:] = [""] * n, [""] * n, [0] * n
    begin_turns(game, ACT)
