"""The Income action (収入アクション, 市議会への貴族の追加): gain production × price over your goods; then, with a noble
in the pool and 10 groschen, you may pay to move one noble into the council."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action, Automatic, seat_label

from .choice import PASS, Passable, act
from .data import rulebook
from .effects import pay
from .income import take_income
from .state import Pending

if TYPE_CHECKING:
    from .game import KutnaHoraGame

#: The noble colours by name: the order a listing is sorted in.
_COLOURS_SORTED = tuple(sorted(rulebook.NOBLE_COLOURS))


class Income(Automatic):
    """Take income; the council decision follows when a noble could be bought."""

    kind = "income"

    def run(self, game: KutnaHoraGame, at: Pending) -> None:
        s, p = game.state, at.player
        seat = s.seats[p]
        total, detail = take_income(seat.production, game.prices(), seat.mine_ore)
        seat.groschen += total
        game.emit("income.sum", f"{seat_label(p)} takes income: {detail} = {total} groschen.", player=p, income=total)
        if any(s.pool.values()) and seat.groschen >= game.design.council_cost:
            game.push(Pending("council", p))


class Council(Passable):
    """Pay the council cost (``design.council_cost`` groschen) to move a noble from the pool to the council, or
    pass."""

    form = "council COLOUR"
    presorted = True  # the colours by name, then pass: the kernel's sort of every listing is skipped

    def prompt(self, game: KutnaHoraGame, at: Pending) -> str:
        return (f"{seat_label(at.player)}: pay {game.design.council_cost} groschen to move a noble from "
                f"the pool to the "
                "council, or pass")

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        s = game.state
        out = []
        if s.seats[at.player].groschen >= game.design.council_cost:
            out += [act("council", c) for c in _COLOURS_SORTED if s.pool[c]]
        out.append(PASS)
        return out

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        s, cost = game.state, game.design.council_cost
        if s.seats[at.player].groschen < cost:
            return f"a noble costs {cost} groschen and you have {s.seats[at.player].groschen}."
        return f"there is no {action.args[0]} noble in the pool."

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        if action.verb == "pass":
            return self.passed(game, at)
        s, p, colour = game.state, at.player, str(action.args[0])
        cost = game.design.council_cost
        pay(game, p, cost)
        s.pool[colour] -= 1
        s.council[colour] += 1
        game.emit("income.council", f"{seat_label(p)} pays {cost} groschen to move a {colour} noble from "
                                    f"the pool to the "
                  "council.", player=p, colour=colour)
