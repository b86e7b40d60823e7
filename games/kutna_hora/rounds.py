"""The round (ゲームの進行, ラウンドの終了): each player takes 3 turns from the start player clockwise, playing 2
action cards in each of the first two and 1 in the last; then the round ends: its event acts, tax is due, the red
nobles arrive in their round, nobles score in the last three rounds, and the start player marker passes on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Automatic, seat_label

from . import event_cards, scoring, tax
from .data import rulebook
from .state import Pending
from .town_hall import Stack

if TYPE_CHECKING:
    from .game import KutnaHoraGame


def begin(game: KutnaHoraGame) -> None:
    s = game.state
    s.phase, s.turn = "play", 0
    s.plays_left = rulebook.CARDS_PER_TURN.value[0]
    game.emit("round.start", f"Round {s.round} of {game.rounds}: {seat_label(s.start)} starts.", round=s.round)
    event_cards.reveal(game)


def turn_player(game: KutnaHoraGame) -> int:
    s = game.state
    return (s.start + s.turn) % game.config.players


def next_card(game: KutnaHoraGame) -> None:
    """Nothing is waiting: the next card of this turn, the next turn, or the end of the round."""
    s = game.state
    if s.phase == "setup":
        begin(game)
    n = game.config.players
    if s.plays_left > 0:
        game.push(Pending("play", (s.start + s.turn) % n))  # turn_player, written out: every card's end
        return
    s.turn += 1
    if s.turn < rulebook.TURNS_PER_ROUND.value * n:
        s.plays_left = rulebook.CARDS_PER_TURN.value[s.turn // n]
        game.push(Pending("play", (s.start + s.turn) % n))
        return
    end(game)


def end(game: KutnaHoraGame) -> None:
    """Every player has taken 3 turns: the event acts and tax is due; the rest of the round's end waits until
    everyone has decided on their tax (:class:`RoundEnd`)."""
    s = game.state
    game.emit("round.end", f"Round {s.round} ends.", round=s.round)
    event_cards.act(game)
    game.push(Pending("round-end", -1))
    tax.collect(game)


class RoundEnd(Automatic):
    """After tax: the red nobles enter, nobles score, and the game ends or the next round begins."""

    kind = "round-end"

    def run(self, game: KutnaHoraGame, at: Pending) -> None:
        s, n = game.state, game.config.players
        if s.round == game.red_round:
            red = list(s.red_track)
            game.rng.shuffle(red)
            for row, tile in zip(s.hall.rows, red, strict=False):
                row.append(Stack("public", "red", (tile,)))
            s.red_track = []
            game.emit("round.red-nobles", "The red public buildings enter: one at the right end of each town hall "
                      "row, not stacked.")
        if s.round > game.rounds - game.design.noble_rounds:
            scoring.score_nobles(game)
        if s.round == game.rounds:
            scoring.score_final(game)
            s.phase = "over"
            game.emit("end.game-over", f"The game ends after round {s.round}.")
            return
        s.start = (s.start + 1) % n
        for seat in s.seats:
            seat.cards = list(range(1, rulebook.ACTION_CARDS.value + 1))
        game.emit("round.next", f"Everyone takes their action cards back; the start player marker passes left to "
                  f"{seat_label(s.start)}.", start=s.start)
        s.round += 1
        begin(game)
