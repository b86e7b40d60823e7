"""The order of a Cities & Knights turn: the roll's resolution, and where play resumes after every sub-decision.

A roll (:mod:`.dice`) is resolved in stages (``state.stage``), each of which may stop for decisions of any player
and resume where it stopped (``dice.three``):

1. the event die: a ship advances the barbarians and may start an attack (:mod:`.barbarians`: knights committed,
   tied defenders choosing a deck, cities lost), a gate lets the players whose improvements show the red die's value
   draw a progress card, clockwise from the roller (``improve.draw``);
2. production from red + yellow (``production.yield``), or on a 7 the discards and, after the first attack, the
   robber (``ck-robber.locked``, ``ck-robber.after``);
3. the Aqueduct: players who took nothing choose a resource, clockwise from the roller, while the bank holds one
   (``improve.aqueduct``, ``decision.ck-aqueduct-bank``).

Every decision that interrupts the turn ends with :func:`proceed`: back into the roll's resolution if it is under
way, else to the main part of the turn, where a 5th progress card the roller may still play comes first
(``progress.fifth``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.catan import production, robber
from games.catan.pieces import name
from games.catan.state import MAIN, OVER, TURN_LIMIT
from games.catan.turn import end_turn as base_end_turn

from .state import AQUEDUCT, AQUEDUCT_STAGE, ATTACK, DONE, FIFTH, GATE, PRODUCE, SCIENCE, SEVEN, K, W

if TYPE_CHECKING:
    from .game import CKGame


def proceed(game: CKGame) -> None:
    """A decision is over: go on with the roll's resolution, or back to the main part of the turn."""
    s = game.state
    if s.phase == OVER:
        return
    if s.stage != DONE:
        continue_roll(game)
    else:
        back_to_main(game)


def back_to_main(game: CKGame) -> None:
    s = game.state
    s.phase = FIFTH if s.fifth >= 0 else MAIN
    s.decider = s.player


def finish_card(game: CKGame) -> None:
    """The progress card in play is resolved."""
    s = game.state
    s.card = s.target = -1
    s.count = 0
    proceed(game)


def next_in_queue(game: CKGame) -> int:
    """The first player of ``state.queue`` clockwise from the player whose turn it is (taken out of it), or -1."""
    s = game.state
    queue = s.queue
    if not queue:
        return -1
    n = game.players
    for i in range(n):
        q = (s.player + i) % n
        if queue >> q & 1:
            s.queue = queue & ~(1 << q)
            return q
    return -1


def continue_roll(game: CKGame) -> None:
    """Resolve the roll's stages until one needs a decision (or the roll is done)."""
    from . import barbarians, progress

    s = game.state
    while True:
        stage = s.stage
        if stage == ATTACK:
            if not barbarians.continue_attack(game):
                return
            s.stage = PRODUCE
        elif stage == GATE:
            if not progress.continue_draws(game):
                return
            s.stage = PRODUCE
        elif stage == PRODUCE:
            total = s.red + s.yellow
            if total == game.robber_roll:
                s.stage = SEVEN
                if any(s.hands[q * W + c] for q in range(game.players) for c in range(K, W)):
                    game.emit("commodities.hand", f"Commodities count with the resources for the {total}.")
                robber.seven(game)  # discards; then discards_done() goes on
                return
            before = s.bank[K:]
            takers = production.produce(game, total)
            if s.bank[K:] != before:
                game.emit("commodities.city-yield", "Cities next to mountains, forest or pasture take a commodity "
                          "with their resource.", roll=total)
            s.stage = AQUEDUCT_STAGE
            s.queue = _aqueduct_queue(game, takers)
        elif stage == AQUEDUCT_STAGE:
            q = next_in_queue(game)
            if q < 0:
                s.stage = DONE
                continue
            if not any(s.bank[:K]):  # the players before took the last ones: nothing to choose from
                game.emit("decision.ck-aqueduct-bank", f"The bank holds no resource: {name(q)} takes nothing from "
                          "the Aqueduct.", player=q)
                continue
            s.phase, s.decider = AQUEDUCT, q
            return
        elif stage == SEVEN:
            s.stage = DONE
        else:
            back_to_main(game)
            return


def _aqueduct_queue(game: CKGame, takers: int) -> int:
    """Players with the Aqueduct who took nothing from this roll (and a resource left in the bank to take)."""
    s = game.state
    if not any(s.bank[:K]):
        return 0
    queue = 0
    ability = game.design.ability
    for q in range(game.players):
        if s.levels[q * 3 + SCIENCE] >= ability and not takers >> q & 1:
            queue |= 1 << q
    return queue


def end_turn(game: CKGame) -> None:
    """``end``: the per-turn effects lapse (Crane, Merchant Fleet, Commercial Harbor, knights activated or promoted
    this turn) and the next player's turn begins (``turn.order``)."""
    from .commodities import refresh_rates

    s = game.state
    p = s.player
    s.crane = False
    s.harbor = s.harbor_used = 0
    s.fresh = s.promoted = 0
    s.alchemy = False
    if s.fleet:
        s.fleet = 0
        refresh_rates(game, p)
    base_end_turn(game)
    if s.ended == TURN_LIMIT:
        return
    s.event = -1
    s.red = s.yellow = 0

