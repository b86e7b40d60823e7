"""The Plot action (区画アクション): put one of your 3 plot markers on an empty plot next to a building, paying the
highest plot value among those buildings (5 for any plot while none is next to a building; 1 from reputation 3).
St. Barbara tile 4 gives a free plot anywhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action

from . import town
from .choice import PASS, Passable, act, name
from .data import rulebook
from .effects import pay
from .state import Frame, KutnaHoraState

if TYPE_CHECKING:
    from .game import KutnaHoraGame


def plots_in_town(state: KutnaHoraState, p: int) -> list[int]:
    """The plots carrying ``p``'s plot markers."""
    return [i for i, m in enumerate(state.markers) if m == p]


def plot_options(game: KutnaHoraGame, p: int, free: bool, anywhere: bool) -> dict[int, int]:
    """Plot -> groschen for every plot ``p`` may buy now."""
    s = game.state
    if s.markers.count(p) >= rulebook.PLOT_MARKERS.value:
        return {}
    costs = town.plot_costs(s.town, s.markers, game.size, anywhere, game.tiles, game.design.plot_cost)
    cheap_at, cheap = game.design.cheap_plot
    seat = s.seats[p]
    if free:
        return dict.fromkeys(costs, 0)
    if seat.reputation >= cheap_at:
        costs = dict.fromkeys(costs, cheap)
    return {i: c for i, c in costs.items() if c <= seat.groschen}


class Plot(Passable):
    """Buy a plot, or pass."""

    form = "plot SPACE"
    presorted = True  # pass, then the plots by number

    def prompt(self, game: KutnaHoraGame, at: Frame) -> str:
        return f"{name(at.player)}: buy a plot{' for free' if at.free else ''}, or pass"

    def options(self, game: KutnaHoraGame, at: Frame) -> list[Action]:
        return [PASS] + [act("plot", i) for i in plot_options(game, at.player, at.free, at.anywhere)]

    def refusal(self, game: KutnaHoraGame, at: Frame, action: Action) -> str:
        a = action.args
        return f"plot {a[0] if a else '?'} is not for sale to you now (taken, not next to a building, or too dear)."

    def take(self, game: KutnaHoraGame, at: Frame, action: Action) -> None:
        s, p, where = game.state, at.player, int(action.args[0])
        cost = plot_options(game, p, at.free, at.anywhere)[where]
        pay(game, p, cost)
        s.markers[where] = p
        cheap = not at.free and s.seats[p].reputation >= game.design.cheap_plot[0]
        rule = "barbara.4" if at.free else "plot.reputation" if cheap else "plot.cost"
        game.emit(rule, f"{name(p)} buys plot {where} for {cost} groschen and puts a plot marker on it.",
                  player=p, plot=where, groschen=cost)
