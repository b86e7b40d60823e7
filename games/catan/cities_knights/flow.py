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

Every decision that interrupts the turn ends by pushing one of the automatic steps of this module, which the kernel
runs as soon as nothing else is pending: ``resume`` (:func:`proceed`: back into the roll's resolution if it is under
way, else to the main part of the turn, where a 5th progress card the roller may still play comes first,
``progress.fifth``), ``card-done`` (the progress card in play is resolved, then ``resume``) and ``roll-on`` (the roll's
resolution goes on). So the mechanics never call this module: they push a step, and it runs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.catan import production, robber
from games.catan.pieces import name
from games.catan.state import waiting
from games.catan.turn import end_turn as base_end_turn
from games.core import Automatic

from . import barbarians, progress
from .commodities import refresh_rates
from .rounds import next_in_queue
from .state import AQUEDUCT_STAGE, ATTACK, CARD_KINDS, COMMITTING, DONE, GATE, PRODUCE, RESOURCE_KINDS, SCIENCE, SEVEN

if TYPE_CHECKING:
    from .game import CKGame

#: The rules of a barbarian attack's report: its strength, the defence and the outcome.
ATTACK_RULES = ("barbarians.strength", "barbarians.defence", "barbarians.defender", "barbarians.tie",
                "barbarians.pillage", "barbarians.immune", "decision.ck-defender-needs-knights")


def proceed(game: CKGame) -> None:
    """A decision is over: go on with the roll's resolution, or back to the main part of the turn."""
    if game.state.stage != DONE:
        continue_roll(game)
    else:
        back_to_main(game)


def back_to_main(game: CKGame) -> None:
    s = game.state
    game.push(waiting("fifth-card" if s.fifth >= 0 else "main", s.player))


def finish_card(game: CKGame) -> None:
    """The progress card in play is resolved."""
    s = game.state
    s.card = s.target = -1
    s.count = 0
    proceed(game)


class Resume(Automatic):
    """A decision that interrupted the turn is over (:func:`proceed`)."""

    kind = "resume"

    def run(self, game: CKGame, at: Any) -> None:
        proceed(game)


class CardDone(Automatic):
    """The progress card in play is resolved (:func:`finish_card`)."""

    kind = "card-done"

    def run(self, game: CKGame, at: Any) -> None:
        finish_card(game)


class RollOn(Automatic):
    """The roll's resolution goes on after a decision it asked for (:func:`continue_roll`)."""

    kind = "roll-on"

    def run(self, game: CKGame, at: Any) -> None:
        continue_roll(game)


def continue_roll(game: CKGame) -> None:
    """Resolve the roll's stages until one needs a decision (pushed on the stack) or the roll is done."""
    s = game.state
    while True:
        stage = s.stage
        if stage == ATTACK:
            mark, resolving = len(game.log), s.battle == COMMITTING
            done = barbarians.continue_attack(game)
            if resolving and s.battle != COMMITTING:  # fought: its report (CKGame.last_barbarian_attack)
                s.last_attack = tuple(e.text for e in game.log[mark:] if e.rule in ATTACK_RULES)
            if not done:
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
                if any(s.hands[q * CARD_KINDS + c] for q in range(game.players)
                       for c in range(RESOURCE_KINDS, CARD_KINDS)):
                    game.emit("commodities.hand", f"Commodities count with the resources for the {total}.")
                robber.seven(game)  # discards; then discards_done() goes on
                return
            before = s.bank[RESOURCE_KINDS:]
            takers = production.produce(game, total)
            if s.bank[RESOURCE_KINDS:] != before:
                game.emit("commodities.city-yield", "Cities next to mountains, forest or pasture take a commodity "
                          "with their resource.", roll=total)
            s.stage = AQUEDUCT_STAGE
            s.queue = _aqueduct_queue(game, takers)
        elif stage == AQUEDUCT_STAGE:
            q = next_in_queue(game)
            if q < 0:
                s.stage = DONE
                continue
            if not any(s.bank[:RESOURCE_KINDS]):  # the players before took the last ones: nothing to choose from
                game.emit("decision.ck-aqueduct-bank", f"The bank holds no resource: {name(q)} takes nothing from "
                          "the Aqueduct.", player=q)
                continue
            game.push(waiting("aqueduct", q))
            return
        elif stage == SEVEN:
            s.stage = DONE
        else:
            back_to_main(game)
            return


def _aqueduct_queue(game: CKGame, takers: int) -> int:
    """Players with the Aqueduct who took nothing from this roll (and a resource left in the bank to take)."""
    s = game.state
    if not any(s.bank[:RESOURCE_KINDS]):
        return 0
    queue = 0
    ability = game.design.ability
    for q in range(game.players):
        if s.levels[q * 3 + SCIENCE] >= ability and not takers >> q & 1:
            queue |= 1 << q
    return queue


def end_turn(game: CKGame) -> None:
    """``end``: the per-turn effects lapse (Crane, Merchant Fleet, Commercial Harbor, knights activated or promoted
    this turn); the game ends if it was the last turn, else the next player's turn begins (:func:`next_turn`)."""
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


def next_turn(game: CKGame) -> None:
    """The dice of the turn before are put aside (the next turn's views show no roll yet)."""
    s = game.state
    s.event = -1
    s.red = s.yellow = 0
