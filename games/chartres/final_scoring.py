"""Final scoring (最終スコアリング), after era 3.

Each player scores the number under the rightmost built window; gains reputation for the cross (level 3: 1,
level 4: 2) and for the majorities on the two paths; scores reputation × the multiplier at the shield; and 1 IP per
citizen in the personal supply and per card in hand. Most IP wins; ties go to the most citizens in the personal
supply, else the win is shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import seat_label

from . import citizens
from .data import rulebook
from .influence import gain_ip
from .state import OVER
from .windows import rightmost_value

if TYPE_CHECKING:
    from .game import ChartresGame


def score(game: ChartresGame) -> None:
    """Score the game and end it; ``state.final`` keeps each seat's breakdown."""
    s, parts, n, numbers = game.state, game.parts, game.players, game.numbers
    rows = []
    for p in range(n):
        built = len(s.windows[p])
        window_ip = rightmost_value(parts.window_final, built)
        gain_ip(game, p, window_ip, "final.windows", f"rightmost of {built} windows")
        cross_rep = numbers.cross_reputation[s.cross[p] - 1]
        if cross_rep:
            s.reputation[p] += cross_rep
            game.emit("final.cross", f"{seat_label(p)}: cross at level {s.cross[p]}, "
                                     f"+{cross_rep} reputation.", player=p)
        rows.append([window_ip, cross_rep])
    for k, path in enumerate(s.paths):
        awards = citizens.path_reputation(path, n, numbers.path_reputation)
        ranking = citizens.path_ranking(path, n)
        for p in range(n):
            if awards[p]:
                s.reputation[p] += awards[p]
                game.emit("final.paths", f"{seat_label(p)}: place {ranking.index(p) + 1} on the {rulebook.PATHS[k]} "
                          f"path, +{awards[p]} reputation.", player=p, path=rulebook.PATHS[k])
            rows[p].append(awards[p])
    for p in range(n):
        multiplier = parts.multiplier[s.shield[p] - 1]
        rep_ip = s.reputation[p] * multiplier
        gain_ip(game, p, rep_ip, "final.reputation", f"{s.reputation[p]} reputation × {multiplier}")
        left = (s.personal[p] + len(s.hand[p])) * numbers.leftover_ip
        gain_ip(game, p, left, "final.leftovers", f"{s.personal[p]} citizens and {len(s.hand[p])} cards left")
        rows[p] += [s.reputation[p], rep_ip, left, s.ip[p]]
    s.final = rows
    s.phase, s.queue, s.turn = OVER, [], 0
    outcome = game.outcome()
    assert outcome is not None
    game.emit("final.winner", "Game over. " + " and ".join(seat_label(p) for p in outcome.winners)
              + (" win" if len(outcome.winners) > 1 else " wins") + f" with {max(s.ip)} IP.",
              winners=list(outcome.winners), scores=list(s.ip))
