"""Three dice, resolved event die first (``dice.three``, ``dice.event-die``); the Alchemist before the roll; the
Aqueduct after it.

* ``roll``: the event die, the red die and the yellow die come from the game's stream (event first). The event is
  resolved first (:mod:`.flow`), then production from red + yellow.
* ``play alchemist`` (the only progress card played before the roll, ``progress.alchemist``): ``dice RED YELLOW``
  sets both production dice (a 7 too); the event die is rolled as usual.
* ``take RESOURCE`` (Aqueduct, ``improve.aqueduct``): a player with the science improvement of level 3 who took
  nothing from a roll other than 7 takes 1 resource of their choice, clockwise from the roller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.catan.choice import CatanStep, NameChoice, bank_gives, place_of
from games.catan.pieces import card_actions, name
from games.catan.production import roll_dice
from games.catan.state import waiting
from games.catan.turn import ROLL_ACTION
from games.core import Action

from . import barbarians, flow, progress
from .state import ALCHEMIST, ATTACK, CARDS, GATE, KINDS, PRODUCE, RESOURCE_KINDS, RESOURCE_ORDER, TRACKS

if TYPE_CHECKING:
    from .game import CKGame

PLAY_ALCHEMIST = Action("play", (KINDS[ALCHEMIST],))
DICE = tuple(Action("dice", (r, y)) for r in range(1, 7) for y in range(1, 7))
TAKE = card_actions("take", CARDS)


def roll(game: CKGame) -> None:
    """Roll (or, after the Alchemist, only the event die) and resolve the roll."""
    s = game.state
    p = s.player
    faces = game.design.faces
    s.event = game.rng.below(len(faces))
    if not s.alchemy:
        s.red, s.yellow = roll_dice(game.rng)
    s.dice, s.rolled = s.red + s.yellow, True
    face = faces[s.event]
    how = " (chosen with the Alchemist)" if s.alchemy else ""
    game.emit("dice.three", f"{name(p)} rolls: event die {face}, red {s.red}, yellow {s.yellow}{how}; "
              f"production {s.dice}.", player=p, event=face, red=s.red, yellow=s.yellow)
    if face == "ship":
        if barbarians.advance(game):
            s.stage = ATTACK
        else:
            s.stage = PRODUCE
    else:
        s.track = TRACKS.index(face)
        s.queue = progress.gate_queue(game, s.track, s.red)
        game.emit("dice.event-die", f"The {face} gate: players whose {face} improvements show a red {s.red} draw a "
                  f"{face} card, clockwise from {name(p)}.", track=face, red=s.red)
        s.stage = GATE
    # The roll's resolution goes on at once (what the automatic step roll-on would do next: nothing comes between),
    # without a record pushed and settled (every turn rolls).
    flow.continue_roll(game)


class CKRoll(CatanStep):
    """Before the roll: ``roll``, or ``play alchemist`` (always asked, whatever the hand holds)."""

    kind = "roll"
    forms = {"roll": "roll", "play": "play CARD"}
    ask = "roll the three dice (turn {state.turn})"

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        if ALCHEMIST in game.state.progress[at.player]:
            return (PLAY_ALCHEMIST, ROLL_ACTION)
        return (ROLL_ACTION,)

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        card = action.args[0]
        if card not in KINDS:
            return f"there is no progress card '{card}'."
        if card != KINDS[ALCHEMIST]:
            return "before the roll only the Alchemist may be played (progress.after-roll)."
        return "you hold no Alchemist."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        if action.verb == "play":
            progress.play_card(game, at.player, ALCHEMIST)
        else:
            roll(game)


class Alchemy(CatanStep):
    """The Alchemist: choose the red and the yellow die."""

    kind = "alchemist"
    forms = {"dice": "dice RED YELLOW"}
    ask = "choose the red and the yellow die (Alchemist)"

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        return DICE

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        return "each die shows 1 to 6: write dice RED YELLOW (progress.alchemist)."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s = game.state
        red, yellow = place_of(action), place_of(action, 1)
        s.red, s.yellow, s.alchemy = red, yellow, True
        game.emit("progress.alchemist", f"Alchemist: {name(at.player)} sets the red die to {red} and the yellow "
                  f"die to {yellow}; the event die is rolled.", player=at.player, red=red, yellow=yellow)
        s.card = -1
        roll(game)


class Aqueduct(NameChoice):
    """The Aqueduct: a player who took nothing from the roll takes a resource of their choice."""

    kind = "aqueduct"
    forms = {"take": "take RESOURCE"}
    names = CARDS[:RESOURCE_KINDS]
    ask = "the Aqueduct gives you a resource of your choice (you took nothing this roll)"
    unknown = "the Aqueduct gives a resource ({names}), not {place} (improve.aqueduct)."
    refused = "the bank has no {place} left."

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        bank = game.state.bank
        return [TAKE[r] for r in RESOURCE_ORDER if bank[r]]

    def choose(self, game: CKGame, q: int, r: int) -> None:
        bank_gives(game, q, r)
        game.emit("improve.aqueduct", f"Aqueduct: {name(q)} took nothing from the roll and takes 1 {CARDS[r]}.",
                  player=q, card=r)
        game.push(waiting("resume", game.state.player))
