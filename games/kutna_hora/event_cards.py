"""Event cards (イベントカード): dealt face down above the rounds, revealed as their round begins, acting at its end
before tax and noble scoring. Two players always play with them; three or four by choice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import prices
from .data import approx
from .tax import raise_tax

if TYPE_CHECKING:
    from .game import KutnaHoraGame

EVENTS = {e.id: e for e in approx.EVENTS}


def deal(game: KutnaHoraGame) -> None:
    """Setup: A events above the rounds before the red nobles' round, B events after it, none in the last. The red
    nobles' round itself takes the pile ``red_round_event`` names (A by default: ``decision.events-red-round``)."""
    s, n = game.state, game.config.players
    if n > 2 and not game.config.events:
        return
    red_round = game.red_round
    last_a = red_round if game.config.red_round_event == "A" else red_round - 1
    piles = {letter: [e.id for e in approx.EVENTS if e.id[0] == letter] for letter in "AB"}
    for pile in piles.values():
        game.rng.shuffle(pile)
    for r in range(1, game.rounds):  # none in the last round
        s.events[r - 1] = piles["A" if r <= last_a else "B"].pop()
    game.emit("setup.events", f"Event cards face down above rounds 1-{game.rounds - 1}: A up to round "
              f"{last_a}, B after it, none in the last round.")


def reveal(game: KutnaHoraGame) -> None:
    """A round begins: its event is turned face up, and its tax icon raises the tax at once."""
    s = game.state
    event = s.events[s.round - 1]
    if event:
        card = EVENTS[event]
        game.emit("events.reveal", f"Event {event} is revealed for round {s.round}.", event=event)
        if card.tax:
            raise_tax(game, card.tax, "events.tax", f"the tax icon on event {event}")


def act(game: KutnaHoraGame) -> None:
    """A round ends: its event advances the decks and makes the town build, before tax and noble scoring."""
    s = game.state
    event = s.events[s.round - 1]
    if event:
        card = EVENTS[event]
        if card.population or card.ore or card.town_builds:
            game.emit("events.round-end", f"Event {event} acts before tax and noble scoring.", event=event)
        prices.advance(game, "population", card.population)
        prices.advance(game, "ore", card.ore)
        if card.town_builds:
            prices.town_builds(game, card.town_builds)
