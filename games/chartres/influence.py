"""Influence points (影響力), the score of Chartres: every gain of IP is logged with the rule that gave it and how
many, so the final IP are the sum of the logged gains (an invariant the game checks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import seat_label

if TYPE_CHECKING:
    from .game import ChartresGame


def gain_ip(game: ChartresGame, p: int, n: int, rule: str, why: str) -> None:
    """``p`` scores ``n`` IP under ``rule`` (``why`` says what for); nothing happens for 0."""
    if n:
        game.state.ip[p] += n
        game.emit(rule, f"{seat_label(p)}: +{n} IP ({why}).", player=p, ip=n)
