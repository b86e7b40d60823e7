"""The Plot action (区画アクション): put one of your 3 plot markers on an empty plot next to a building, paying the
highest plot value among those buildings (5 for any plot while none is next to a building; 1 from reputation 3).
St. Barbara tile 4 gives a free plot anywhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action, seat_label

from . import town
from .choice import PASS, Passable, act
from .data import rulebook
from .effects import pay
from .state import KutnaHoraState, Pending

if TYPE_CHECKING:
    from .game import KutnaHoraGame


def plots_in_town(state: KutnaHoraState, p: int) -> list[int]:
    """The plots carrying ``p``'s plot markers."""
    return [i for i, m in enumerate(state.markers) if m == p]


def plot_prices(game: KutnaHoraGame, p: int, free: bool, anywhere: bool) -> dict[int, int]:
    """Plot -> groschen for every plot ``p`` could buy now with money enough (a free plot costs 0)."""
    s = game.state
    costs = town.plot_costs(s.town, s.markers, game.size, anywhere, game.tiles, game.design.plot_cost)
    cheap_at, cheap = game.design.cheap_plot
    if free:
        return dict.fromkeys(costs, 0)
    if s.seats[p].reputation >= cheap_at:
        return dict.fromkeys(costs, cheap)
    return costs


def plot_price(game: KutnaHoraGame, p: int, free: bool, where: int) -> int:
    """``plot_prices(...)[where]`` for a plot ``p`` may buy now: that plot's price alone."""
    if free:
        return 0
    cheap_at, cheap = game.design.cheap_plot
    if game.state.seats[p].reputation >= cheap_at:
        return cheap
    return town.plot_cost(game.state.town, game.size, where, game.tiles, game.design.plot_cost)


def plot_options(game: KutnaHoraGame, p: int, free: bool, anywhere: bool) -> dict[int, int]:
    """Plot -> groschen for every plot ``p`` may buy now."""
    s = game.state
    if s.markers.count(p) >= rulebook.PLOT_MARKERS.value:
        return {}
    money = s.seats[p].groschen
    return {i: c for i, c in plot_prices(game, p, free, anywhere).items() if c <= money}


def plot_refusal(game: KutnaHoraGame, p: int, free: bool, anywhere: bool, where: object) -> str:
    """Why ``p`` may not buy plot ``where`` (as written) now: the one reason that holds."""
    s = game.state
    plots = game.size * game.size
    if isinstance(where, bool) or not isinstance(where, int) or not 0 <= where < plots:
        return f"there is no plot {where}; the town's plots are numbered 0 to {plots - 1}."
    if s.town[where]:
        return f"plot {where} is taken: the building {s.town[where]} stands on it."
    if s.markers[where] >= 0:
        return f"plot {where} is taken: {seat_label(s.markers[where])}'s plot marker stands on it."
    if s.markers.count(p) >= rulebook.PLOT_MARKERS.value:
        return f"all your {rulebook.PLOT_MARKERS.value} plot markers are in town: build on one of your plots first."
    prices = plot_prices(game, p, free, anywhere)
    if where not in prices:
        return (f"plot {where} is not next to a building: while an empty plot next to a building is left, only those "
                "may be bought.")
    return f"plot {where} costs {prices[where]} groschen and you have {s.seats[p].groschen}."


class Plot(Passable):
    """Buy a plot, or pass."""

    form = "plot SPACE"
    presorted = True  # pass, then the plots by number

    def prompt(self, game: KutnaHoraGame, at: Pending) -> str:
        return f"{seat_label(at.player)}: buy a plot{' for free' if at.free else ''}, or pass"

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        return [PASS] + [act("plot", i) for i in plot_options(game, at.player, at.free, at.anywhere)]

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        return plot_refusal(game, at.player, at.free, at.anywhere, action.args[0])

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        if action.verb == "pass":
            return self.passed(game, at)
        s, p, where = game.state, at.player, int(action.args[0])
        cost = plot_price(game, p, at.free, where)
        pay(game, p, cost)
        s.markers[where] = p
        cheap = not at.free and s.seats[p].reputation >= game.design.cheap_plot[0]
        rule = "barbara.4" if at.free else "plot.reputation" if cheap else "plot.cost"
        game.emit(rule, f"{seat_label(p)} buys plot {where} for {cost} groschen and puts a plot marker on it.",
                  player=p, plot=where, groschen=cost)
