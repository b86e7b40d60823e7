"""What a game waits for and how it ended, in the words every prompt, log line and view uses: :class:`Decision`
(the pending decision), :class:`Outcome` (a finished game) and :func:`seat_label` (seat 0 is "Player 1")."""

from __future__ import annotations

import html
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now, and what: ``Decision(0, "turn", "Player 1: choose an action")``.

    ``player`` may differ from the player whose turn it is (out-of-turn choices are ordinary decisions).
    """

    player: int
    kind: str
    prompt: str

    def words(self) -> str:
        """The prompt, led by the seat that decides unless the prompt names it first already."""
        seat = seat_label(self.player)
        return self.prompt if self.prompt.startswith(seat) else f"{seat} decides: {self.prompt}"

    def _repr_html_(self) -> str:
        """A notebook shows the decision as a sentence (a lesson page hides the code: no dataclass repr there)."""
        return f"<p>{html.escape(self.words())}</p>"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winning seats (several when tied), why, and the final scores."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...]

    def words(self) -> str:
        """The outcome as a sentence: ``Player 2 wins with 13 points (...); Player 1 10, Player 2 13.``"""
        names = " and ".join(seat_label(p) for p in self.winners)
        verb = "share the win" if len(self.winners) > 1 else "wins"
        best = self.scores[self.winners[0]] if self.winners else 0
        return (f"{names} {verb} with {best} points ({self.reason}); "
                f"{', '.join(f'{seat_label(p)} {s}' for p, s in enumerate(self.scores))}.")

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(self.words())}</p>"


#: The labels of the seats any game has, made once: most events of every game name a seat (``capital=False``: the
#: label inside a sentence that writes it so).
_LABELS = {True: tuple(f"Player {player + 1}" for player in range(8)),
           False: tuple(f"player {player + 1}" for player in range(8))}


def seat_label(player: int, capital: bool = True) -> str:
    """How every prompt, log line and view names seat ``player``: seat 0 is ``Player 1`` (``player 1`` inside a
    sentence that writes it so, ``capital=False``). The one place a seat's name is made."""
    if type(player) is int and 0 <= player < 8:
        return _LABELS[capital][player]
    return f"Player {player + 1}" if capital else f"player {player + 1}"
