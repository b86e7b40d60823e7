"""ゲームの流れ (Turn order and end): whose turn comes next, and the end of the game.

A turn is over when its last step pushes nothing (:mod:`.taking`, :mod:`.claim_stones`); the kernel then asks for
the next turn (:meth:`~.game.CardGame._next_steps`, which is :func:`next_turn`). Turns go clockwise; a player who can
take no card misses the turn unless they hold law chips (asking them keeps the chips' kinds secret:
decision.public-steps). The game ends with the last card (flow.end), or after a whole round of turns without a card
taken (decision.stalled-end); then the −2 chips are revealed and the chart is scored (:func:`end_game`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import seat_label

from . import law_chips, scoring
from .state import Pending, Turn
from .taking import Take, takeable

if TYPE_CHECKING:
    from .game import CardGame


def next_turn(game: CardGame) -> bool:
    """Nothing is pending: clockwise to the next player who can take a card or holds law chips, whose taking step
    is pushed (``True``); the others miss their turn. ``False``: the game is over.

    A whole round of turns without a card taken ends the game (``decision.stalled-end``). With cards of at most the
    crest limit that never happens (the owner of a stone on an end card, or anybody for a free one, can take it);
    only a deck breaking that inference (``inferred.crests-per-card``) can leave cards nobody may take."""
    s = game.state
    if s.cards_left == 0:
        end_game(game)
        return False
    n = game.players
    s.idle = 0 if s.turn.taken else s.idle + 1
    turn = s.turn = Turn(s.turn.player)
    while s.idle < n:
        turn.player = player = (turn.player + 1) % n
        if takeable(game, first=True) or law_chips.must_ask(game):
            game.emit("flow.clockwise", f"{seat_label(player)}'s turn.", player=player)
            game.push(Pending(Take.kind, player))
            return True
        game.emit("take.skip", f"{seat_label(player)} cannot take any card and misses the turn.", player=player)
        s.idle += 1
    game.emit("decision.stalled-end", f"No card has been taken for a whole round of {n} turns: nobody can take "
              f"the {s.cards_left} card(s) left, so the game ends.", cards_left=s.cards_left)
    end_game(game)
    return False


def end_game(game: CardGame) -> None:
    """The game is over (the last card is taken, or a whole round passed without one): reveal the −2 chips and score
    the chart."""
    s = game.state
    s.turn.taken = []
    if s.cards_left == 0:
        game.emit("flow.end", "The last country card is taken: the game ends and is scored.")
    totals = game.totals(reveal=True)  # the chart's totals, without building the chart (scoring.chart_totals)
    worth = game.design.chart.minus_chip
    for p in range(game.players):
        minus = s.chips[p].count("minus2")
        if minus:
            game.emit("score.minus-chips", f"{seat_label(p)} reveals {minus} −2 law chip(s): {worth * minus} "
                      "points.", player=p)
    game.emit("score.chart-order", "Scoring chart: " + ", ".join(
        f"{seat_label(p, capital=False)} {t}" for p, t in enumerate(totals)) + ".", totals=list(totals))
    winners = scoring.winners(totals, [len(d) for d in s.displays])
    tied_on_points = totals.count(max(totals)) > 1
    game.emit("score.winner", ("Draw between " if len(winners) > 1 else "Winner: ") +
              ", ".join(f"{seat_label(w, capital=False)}" for w in winners) +
              (" (tied on points, decided by country cards)" if tied_on_points and len(winners) == 1 else "") +
              ".", winners=list(winners))
