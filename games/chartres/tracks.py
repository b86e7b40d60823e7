"""Moving on the status board, the cellar and the cross tower (ステータスボード、地下室、十字架の塔での前進).

A marker that passes or reaches a space with a printed bonus gains it at once, and that gain may move another
marker (a chain reaction, resolved depth first in printed order: ``decision.chain-order``): each move returns the
bonus it reached, which :mod:`.effects` gains at once. A step a marker would take past the end of its track scores IP
instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import seat_label

from .influence import gain_ip

if TYPE_CHECKING:
    from .game import ChartresGame


#: A printed bonus a marker reached: its gain atom and the rule it is gained under.
Bonus = tuple[str, str]


def shield(game: ChartresGame, p: int) -> Bonus | None:
    """The shield up one status level: the hand limit and the reputation multiplier rise with it."""
    s, parts = game.state, game.parts
    if s.shield[p] >= parts.status_levels:
        gain_ip(game, p, game.numbers.shield_overflow, "track.status-top", "shield past the top")
        return None
    s.shield[p] += 1
    level = s.shield[p]
    game.emit("track.hand-limit", f"{seat_label(p)}'s shield reaches status level {level}: hand limit "
              f"{game.hand_limit(p)}, reputation ×{parts.multiplier[level - 1]}.", player=p)
    bonus = parts.status_bonuses.get(level)
    if not bonus:
        return None
    return bonus, "decision.stairs" if bonus == "cross" else "track.status"


def cross(game: ChartresGame, p: int) -> Bonus | None:
    """The cross one level up the tower (no space of the tower has a bonus)."""
    s = game.state
    if s.cross[p] >= game.parts.cross_levels:
        gain_ip(game, p, game.numbers.cross_overflow, "track.cross", "cross past the top of the tower")
        return None
    s.cross[p] += 1
    game.emit("track.cross", f"{seat_label(p)}'s cross climbs to tower level {s.cross[p]}.", player=p)
    return None


def barrel(game: ChartresGame, p: int) -> Bonus | None:
    """The barrel marker one space right on ``p``'s cellar."""
    s = game.state
    cellar = game.parts.cellars[s.cellar[p]]
    if s.barrel[p] >= len(cellar.values) - 1:
        gain_ip(game, p, game.numbers.cellar_overflow, "track.cellar-end", "barrel marker past the last cellar space")
        return None
    s.barrel[p] += 1
    game.emit("track.cellar", f"{seat_label(p)}'s barrel marker moves to cellar space {s.barrel[p] + 1}.", player=p)
    bonus = cellar.bonuses.get(s.barrel[p])
    return (bonus, "track.cellar") if bonus else None
