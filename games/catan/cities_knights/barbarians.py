"""The barbarians (``barbarians.*``): the ship's track, the attack, the Defender of Catan and pillaged cities.

* A ship on the event die moves the barbarians one space; the 7th advance lands them (``barbarians.advance``,
  ``barbarians.attack``). The attack is resolved at once, before production.
* Strength: every city on the island, a metropolis city counted once (``barbarians.strength``). Defence: the
  strength of every active knight (``barbarians.defence``); in the meanies variant (config ``meanies``) each player,
  clockwise from the roller, chooses which active knights fight (``commit NODE`` ... ``done``,
  ``barbarians.meanies``, ``decision.ck-commit``).
* Defence at least the strength: the single largest contributor takes a Defender of Catan card, 1 point
  (``barbarians.defender``); tied contributors each draw a progress card from a deck of their choice
  (``barbarians.tie``: ``draw TRACK``); nobody who fought with no knight is rewarded
  (``decision.ck-defender-needs-knights``).
* Otherwise the players with a city without a metropolis who contributed least (by strength, or by the number of
  knights with config ``barbarian_loss="count"``) each reduce one city to a settlement, their choice
  (``barbarians.pillage``, ``barbarians.pillage-ties``, ``barbarians.immune``, ``barbarians.reduce``:
  ``pillage NODE``); its wall goes (``walls.lost``); without a settlement piece the city piece is laid on its side
  (``barbarians.no-piece``).
* Afterwards the knights that fought become inactive and the ship returns to the start (``barbarians.after``);
  from the first attack on the robber moves on a 7 (``ck-robber.after``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.catan.board import N_NODES, NODE_BIT
from games.catan.choice import NameChoice, PlaceChoice
from games.catan.data import ck_rulebook
from games.catan.pieces import name
from games.catan.state import waiting
from games.core import Action

from . import progress
from .rounds import next_in_queue
from .state import COMMITTING, DRAWS, LOSSES, NO_BATTLE, TRACKS

if TYPE_CHECKING:
    from .game import CKGame

COMMIT = tuple(Action("commit", (v,)) for v in range(N_NODES))
DONE_ACTION = Action("done")
PILLAGE = tuple(Action("pillage", (v,)) for v in range(N_NODES))
DRAW = tuple(Action("draw", (t,)) for t in TRACKS)


def advance(game: CKGame) -> bool:
    """The ship moves one space; returns whether the barbarians land (and starts the attack)."""
    s = game.state
    s.barbarian += 1
    steps = game.design.steps
    if s.barbarian < steps:
        game.emit("barbarians.advance", f"The barbarian ship advances: {s.barbarian} of {steps} spaces.",
                  position=s.barbarian)
        return False
    game.emit("barbarians.attack", f"The barbarian ship completes its {steps} spaces: the barbarians land.",
              position=s.barbarian)
    s.committed = 0
    s.battle = COMMITTING
    if game.config.meanies:
        s.queue = sum(1 << q for q in range(game.players) if s.active[q])
        game.emit("barbarians.meanies", "Meanies variant: clockwise from the roller, each player chooses which "
                  "active knights fight.")
    else:
        s.queue = 0
        for q in range(game.players):
            s.committed |= s.active[q]
    return True


def strength(game: CKGame) -> int:
    """The barbarians' strength: every city on the island (a metropolis city is one city)."""
    s = game.state
    return sum(c.bit_count() for c in s.cities)


def knight_strength(game: CKGame, p: int, nodes: int) -> int:
    s = game.state
    strength = game.design.strength
    return sum(strength[level] * (s.knights_at[p * 3 + level] & nodes).bit_count() for level in range(3))


def continue_attack(game: CKGame) -> bool:
    """Go on with the attack; ``True`` once it is over, ``False`` when a player must decide."""
    s = game.state
    if s.battle == COMMITTING:
        q = next_in_queue(game)
        if q >= 0:
            game.push(waiting("commit", q))
            return False
        _resolve(game)
    while s.battle in (DRAWS, LOSSES):
        q = next_in_queue(game)
        if q < 0:
            s.battle = NO_BATTLE
            break
        if s.battle == DRAWS:
            if any(s.decks):
                game.push(waiting("defender-draw", q))
                return False
            game.emit("barbarians.tie", f"Every progress deck is empty: {name(q)} draws nothing.", player=q)
            continue
        exposed = _exposed(game, q)
        if exposed & (exposed - 1):
            game.push(waiting("pillage", q))
            return False
        reduce(game, q, exposed.bit_length() - 1)
    return s.battle == NO_BATTLE


def _exposed(game: CKGame, q: int) -> int:
    """``q``'s cities without a metropolis."""
    s = game.state
    metros = 0
    for v in s.metropolis:
        if v >= 0:
            metros |= NODE_BIT[v]
    return s.cities[q] & ~metros


def _resolve(game: CKGame) -> None:
    s = game.state
    n = game.players
    attack = strength(game)
    fought = [knight_strength(game, q, s.committed) for q in range(n)]
    counted = [(s.committed & (s.knights_at[q * 3] | s.knights_at[q * 3 + 1] | s.knights_at[q * 3 + 2])).bit_count()
               for q in range(n)]
    defence = sum(fought)
    for q in range(n):
        s.active[q] &= ~s.committed
    s.committed = 0
    s.barbarian = 0
    s.attacks += 1
    game.emit("barbarians.strength", f"The barbarians' strength is {attack}: the cities on the island.",
              strength=attack)
    game.emit("barbarians.defence", f"Catan's defence is {defence}: " + ", ".join(
        f"{name(q)} {fought[q]}" for q in range(n)) + ".", defence=defence, knights=fought)
    game.emit("barbarians.after", "The knights that fought become inactive and the ship returns to the start.")
    if s.attacks == 1:
        game.emit("ck-robber.after", f"After this first attack the robber moves on a {game.robber_roll} and knights "
                  "may chase it.")
    s.battle = NO_BATTLE
    if defence >= attack:
        best = max(fought)
        if best == 0:
            game.emit("decision.ck-defender-needs-knights", "Catan holds, but no knight fought: nobody is rewarded.")
            return
        leaders = [q for q in range(n) if fought[q] == best]
        if len(leaders) == 1:
            q = leaders[0]
            s.defenders[q] += 1
            worth = game.design.defender_points
            s.points[q] += worth
            cards = ck_rulebook.DEFENDER_CARDS.value
            extra = "" if cards - sum(s.defenders) >= 0 else f" (the {cards} cards are gone: a marker counts it)"
            game.emit("barbarians.defender", f"Catan holds ({defence} against {attack}): {name(q)} contributed most "
                      f"({best}) and takes a Defender of Catan card, {worth} point{'' if worth == 1 else 's'}"
                      f"{extra}.", player=q)
            return
        game.emit("barbarians.tie", f"Catan holds ({defence} against {attack}); " + ", ".join(map(name, leaders))
                  + f" tie with {best}: each draws a progress card from a deck of their choice, and nobody takes "
                  "the Defender of Catan.", players=leaders)
        s.queue = sum(1 << q for q in leaders)
        s.battle = DRAWS
        return
    eligible = [q for q in range(n) if _exposed(game, q)]
    if not eligible:
        game.emit("barbarians.immune", f"The barbarians win ({attack} against {defence}), but nobody has a city "
                  "without a metropolis.")
        return
    measure = counted if game.config.barbarian_loss == "count" else fought
    low = min(measure[q] for q in eligible)
    losers = [q for q in eligible if measure[q] == low]
    how = "knights" if game.config.barbarian_loss == "count" else "strength of knights"
    skipped = [q for q in range(n) if q not in eligible]
    game.emit("barbarians.pillage", f"The barbarians win ({attack} against {defence}): " + ", ".join(
        map(name, losers)) + f" contributed least ({low} {how}) among the players with a city without a "
        "metropolis and lose a city.", players=losers, measure=how)
    if skipped:
        game.emit("barbarians.immune", ", ".join(map(name, skipped)) + " cannot be pillaged: no city without a "
                  "metropolis.", players=skipped)
    if game.config.barbarian_loss == "count":
        game.emit("decision.ck-loss-criterion", "Config barbarian_loss='count': the fewest active knights lose, as "
                  "the rule text words it.")
    if len(losers) > 1:
        game.emit("barbarians.pillage-ties", "Every player tied for the lowest contribution loses a city.")
    s.queue = sum(1 << q for q in losers)
    s.battle = LOSSES


def reduce(game: CKGame, q: int, v: int) -> None:
    """``q``'s city at ``v`` becomes a settlement; its wall goes."""
    s = game.state
    bit = NODE_BIT[v]
    s.cities[q] &= ~bit
    s.settlements[q] |= bit
    s.points[q] -= game.design.city_points - game.design.settlement_points
    if s.settlements_left[q]:
        s.settlements_left[q] -= 1
        s.cities_left[q] += 1
        game.emit("barbarians.reduce", f"The barbarians pillage {name(q)}'s city at {v}: it is a settlement again.",
                  player=q, node=v)
    else:
        s.reduced[q] |= bit
        game.emit("barbarians.no-piece", f"The barbarians pillage {name(q)}'s city at {v}; with no settlement piece "
                  "left the city piece is laid on its side.", player=q, node=v)
    if s.walls[q] & bit:
        s.walls[q] &= ~bit
        game.emit("walls.lost", f"{name(q)}'s wall at {v} is lost with the city.", player=q, node=v)
    if not s.cities[q] and any(s.levels[q * 3:q * 3 + 3]):
        game.emit("improve.kept", f"{name(q)} has no city left but keeps their improvements.", player=q)


class Commit(PlaceChoice):
    """Meanies variant: choose the active knights that fight the barbarians, one at a time."""

    kind = "commit"
    forms = {"commit": "commit NODE", "done": "done"}
    actions = COMMIT
    stop = DONE_ACTION
    ask = "choose which of your active knights fight the barbarians, then done"
    refused = "there is no active knight of yours at intersection {place} still to commit (barbarians.meanies)."

    def places(self, game: CKGame, at: Any) -> int:
        return game.state.active[at.player] & ~game.state.committed

    def choose(self, game: CKGame, q: int, v: int) -> None:
        s = game.state
        s.committed |= NODE_BIT[v]
        game.emit("decision.ck-commit", f"{name(q)} sends the knight at {v} against the barbarians.", player=q, node=v)
        if not s.active[q] & ~s.committed:
            self.stopped(game, q)

    def stopped(self, game: CKGame, q: int) -> None:
        game.push(waiting("roll-on", game.state.player))


class Pillage(PlaceChoice):
    """A player who loses a city to the barbarians chooses which."""

    kind = "pillage"
    forms = {"pillage": "pillage NODE"}
    actions = PILLAGE
    ask = "choose the city the barbarians reduce to a settlement"
    refused = "{place} is not one of your cities without a metropolis (barbarians.immune)."

    def places(self, game: CKGame, at: Any) -> int:
        return _exposed(game, at.player)

    def choose(self, game: CKGame, p: int, v: int) -> None:
        reduce(game, p, v)
        game.push(waiting("roll-on", game.state.player))


class DefenderDraw(NameChoice):
    """A tied defender draws a progress card from the deck of their choice."""

    kind = "defender-draw"
    forms = {"draw": "draw TRACK"}
    names = TRACKS
    ask = "you tied as Catan's best defender: draw a progress card from a deck of your choice"
    unknown = "the decks are {names}."
    refused = "the {place} deck is empty."

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        return [DRAW[t] for t in range(3) if game.state.decks[t]]

    def choose(self, game: CKGame, q: int, t: int) -> None:
        s = game.state
        game.emit("barbarians.tie", f"{name(q)} chooses the {TRACKS[t]} deck.", player=q, track=TRACKS[t])
        progress.draw(game, q, t)
        if not s.stack:  # no hand limit to settle first
            game.push(waiting("roll-on", game.state.player))
