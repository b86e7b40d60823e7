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
        if s.commit_row[p]:
            s.row[p].append(s.commit_row[p])
            s.act[p].append("")
        s.act_slot[p] = s.commit_slot[p] - 1 if s.commit_act[p] else -1
        if s.commit_act[p]:
            s.act[p][s.act_slot[p]] = s.commit_act[p]
        played = [c for c in (s.commit_row[p], s.commit_act[p]) if c]
        game.emit("play.reveal", f"{seat_label(p)} reveals " + (" and ".join(
            f"{c} ({cards[c].colour})" for c in played) or "nothing") + (
            f", activation card under position {s.commit_slot[p]}" if s.commit_act[p] else "") + ".",
            player=p, row=s.commit_row[p], act=s.commit_act[p], slot=s.commit_slot[p])
    for p in range(game.players):
        s.commit_row[p], s.commit_act[p], s.commit_slot[p] = "", "", 0
    begin_turns(game, ACT)
