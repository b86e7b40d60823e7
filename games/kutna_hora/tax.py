"""Tax (税金): the tax track, what each player owes at the end of a round, and paying or refusing it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action, seat_label

from .choice import Choice, act
from .effects import pay, reputation
from .state import Pending

if TYPE_CHECKING:
    from .game import KutnaHoraGame

_PAY_OR_REFUSE = [act("tax", "pay"), act("tax", "refuse")]


def raise_tax(game: KutnaHoraGame, n: int, rule: str, why: str) -> None:
    """Move the tax marker ``n`` steps up; it stops at the cap (25)."""
    s = game.state
    cap = game.design.tax_cap
    new = min(s.tax + n, cap)
    game.emit(rule, f"Tax +{n} ({why}): {s.tax} → {new}." + (f" The tax never exceeds {cap}." if s.tax + n > new
                                                              else ""), tax=new)
    if s.tax + n > new:
        game.emit("caps.tax", f"The tax marker stops at {cap}.")
    s.tax = new


def tax_due(game: KutnaHoraGame, p: int) -> int:
    """This round's tax plus plot tax (by plot markers in town: ``design.plot_tax``, the rulebook's PLOT_TAX)."""
    return game.state.tax + game.design.plot_tax.get(game.state.markers.count(p), 0)


def lose_reputation(game: KutnaHoraGame, p: int, why: str) -> None:
    """The reputation an unpaid tax costs in this round."""
    loss = game.design.tax_reputation[game.state.round - 1]
    reputation(game, p, -loss, "tax.reputation", f"tax not paid: {why}")


def collect(game: KutnaHoraGame) -> None:
    """The end of a round: from the start player clockwise, whoever owes nothing or cannot pay is settled at once;
    the others decide, the start player first (their decisions go on the stack in that order)."""
    s, n = game.state, game.config.players
    waiting = []
    for k in range(n):
        p = (s.start + k) % n
        amount = tax_due(game, p)
        if amount == 0:
            game.emit("tax.pay", f"{seat_label(p)} owes no tax this round.", player=p, groschen=0)
        elif s.seats[p].groschen < amount:
            lose_reputation(game, p, f"cannot pay {amount} groschen")
        else:
            waiting.append(Pending("tax", p, amount=amount))
    s.stack += reversed(waiting)


class Tax(Choice):
    """Pay the tax owed, or refuse and lose reputation."""

    kind = "tax"
    forms = {"tax": "tax pay|refuse"}
    written = "tax pay or tax refuse"
    presorted = True
    refusal_repeats_prompt = False

    def prompt(self, game: KutnaHoraGame, at: Pending) -> str:
        return (f"{seat_label(at.player)}: pay {at.amount} groschen tax, or refuse and lose "
                f"{game.design.tax_reputation[game.state.round - 1]} reputation")

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        return _PAY_OR_REFUSE

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        p = at.player
        if action.args[0] == "pay":
            pay(game, p, at.amount)
            game.emit("tax.pay", f"{seat_label(p)} pays {at.amount} groschen tax.", player=p, groschen=at.amount)
        else:
            lose_reputation(game, p, "refused")
