"""Small effects every mechanic uses: points, reputation (with its track ends), paying, the bonuses of houses and
public buildings. Each logs the rule that caused it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import seat_label

if TYPE_CHECKING:
    from .game import KutnaHoraGame
    from .parameters import Design


def points(game: KutnaHoraGame, p: int, n: int, rule: str, why: str) -> None:
    """``p`` scores ``n`` points (loses them when negative); nothing is logged for 0."""
    if n:
        game.state.seats[p].score += n
        game.emit(rule, f"{seat_label(p)} {'scores' if n > 0 else 'loses'} {abs(n)} point{'s' if abs(n) != 1 else ''}"
                  f" ({why}).", player=p, points=n)


def reputation(game: KutnaHoraGame, p: int, delta: int, rule: str, why: str) -> None:
    """Move ``p``'s reputation marker; each step it cannot move past either end of the track scores (or costs)
    points instead."""
    if not delta:
        return
    seat = game.state.seats[p]
    game.emit(rule, f"{seat_label(p)}: reputation {'+' if delta > 0 else ''}{delta} ({why}).", player=p,
              reputation=delta)
    seat.reputation, beyond = moved_reputation(game.design, seat.reputation, delta)
    if beyond:
        points(game, p, game.design.reputation_beyond * beyond, "reputation.beyond",
               f"{abs(beyond)} step{'s' if abs(beyond) > 1 else ''} past the "
               f"{'top' if beyond > 0 else 'bottom'} of the reputation track")


def moved_reputation(design: Design, reputation: int, delta: int) -> tuple[int, int]:
    """Where a reputation marker at ``reputation`` ends after ``delta`` steps, and how many steps went past either end
    of the track (positive past the top, negative past the bottom): what :func:`reputation` does to a seat."""
    top = len(design.reputation_points) - 1
    new = reputation + delta
    return min(max(new, 0), top), new - top if new > top else new if new < 0 else 0


def pay(game: KutnaHoraGame, p: int, groschen: int) -> None:
    game.state.seats[p].groschen -= groschen


def gain(game: KutnaHoraGame, p: int, kind: str, n: int, rule: str, why: str) -> None:
    """A printed bonus: ``points``, ``reputation`` or ``pelicans``."""
    if kind == "points":
        points(game, p, n, rule, why)
    elif kind == "reputation":
        reputation(game, p, n, rule, why)
    elif kind == "pelicans":
        game.state.seats[p].pelicans += n
        game.emit(rule, f"{seat_label(p)} gains {n} pelican{'s' if n > 1 else ''} ({why}).", player=p)

