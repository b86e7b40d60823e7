"""Scoring (貴族の得点計算, 最終得点計算): the nobles in the council at the end of each of the last three rounds, and
the final scoring (town, mines, income, reputation, leftovers). The formulas are the pure modules'
(:mod:`.nobles`, :mod:`.town`, :mod:`.mines`); this module applies them to a game and logs every point."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import mines, nobles, town
from .data import rulebook
from .effects import points
from .income import income

if TYPE_CHECKING:
    from .game import KutnaHoraGame


def noble_values(game: KutnaHoraGame, p: int) -> dict[str, int]:
    """What one noble of each colour scores for ``p`` now."""
    s = game.state
    seat = s.seats[p]
    return nobles.per_noble(s.town, s.town_owner, game.size, p, seat.used_pelicans,
                            mines.mines_per_row(s.mine_owner, p), seat.houses_taken, game.design)


def score_nobles(game: KutnaHoraGame) -> None:
    """Every noble in the council scores its formula for every player."""
    s = game.state
    if not any(s.council.values()):
        game.emit("nobles.scoring", "Noble scoring: the council is empty, nobody scores.")
        return
    game.emit("nobles.scoring", "Noble scoring: " + ", ".join(f"{c} × {k}" for c, k in s.council.items() if k)
              + " in the council.")
    for p in range(game.config.players):
        per = noble_values(game, p)
        for colour in rulebook.NOBLE_COLOURS:
            k = s.council[colour]
            if k and per[colour]:
                points(game, p, per[colour] * k, f"nobles.{colour}", f"{colour} noble: {per[colour]} × {k}")


def leftovers(game: KutnaHoraGame, p: int) -> int:
    """Held tiles, empty plots and unused pelicans: 1 point each at the end."""
    seat = game.state.seats[p]
    return len(seat.held) + game.state.markers.count(p) + seat.pelicans


def final_breakdowns(game: KutnaHoraGame) -> list[dict[str, int]]:
    """Every player's final scoring categories if the game ended now (one pass over the boards)."""
    s, n = game.state, game.config.players
    rows = mines.score_rows(s.mine, s.mine_owner, n)
    town_pts = [0] * n
    for i, owner in enumerate(s.town_owner):
        if owner >= 0:
            town_pts[owner] += town.matching(i, s.town, game.size).points
    now = game.prices()
    design = game.design
    out = []
    for p, seat in enumerate(s.seats):
        earned = income(seat.production, now, seat.mine_ore)
        out.append({"town": town_pts[p], "mines": sum(row.points[p] for row in rows),
                    "income": earned // design.income_divisor,
                    "reputation": design.reputation_points[seat.reputation],
                    "leftovers": leftovers(game, p) * design.leftover_point})
    return out


def score_final(game: KutnaHoraGame) -> None:
    """The end of the game: town, mines, income, reputation and leftovers, each point logged with its reason."""
    s, n = game.state, game.config.players
    game.emit("end.final-scoring", "Final scoring: town, mines, income, reputation, leftovers.")
    for i, tile in enumerate(s.town):
        owner = s.town_owner[i]
        if owner >= 0:
            match = town.matching(i, s.town, game.size)
            detail = ", ".join(f"{src} {k}" for src, k in match.sources) or "no match"
            points(game, owner, match.points, "end.town", f"{tile} on plot {i}: {detail}")
    for row in mines.score_rows(s.mine, s.mine_owner, n):
        for p in range(n):
            points(game, p, row.points[p], "end.mines", f"mine row {row.row + 1}: {row.player_stars[p]} of "
                   f"{row.stars} stars, row worth {'/'.join(map(str, row.values))}")
    design = game.design
    for p in range(n):
        seat = s.seats[p]
        earned = game.income_of(p)
        points(game, p, earned // design.income_divisor, "end.income", f"income {earned} ÷ {design.income_divisor}")
        points(game, p, design.reputation_points[seat.reputation], "end.reputation",
               f"reputation {seat.reputation}")
        points(game, p, leftovers(game, p) * design.leftover_point, "end.leftovers",
               f"{len(seat.held)} held tiles, {s.markers.count(p)} empty plots, {seat.pelicans} unused pelicans")
