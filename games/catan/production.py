"""Rolling the dice and producing resources (``turn.roll``, ``production.yield``, ``production.robber``,
``production.shortage``).

The two dice come from the game's ``Rng`` (:func:`roll_dice` draws them, first die then second; the scenario helper
``tests/catan/scenario.py`` uses the same function to find a stream state that rolls a wanted total). Production
reads the layout's table of hexes per number, cached once per layout.

Cities & Knights hook: :meth:`CatanGame.yield_of` says what one building of a level produces on one terrain (a base
settlement 1 of the hex's resource, a city 2; a C&K city on mountains 1 ore + 1 coin).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Rng

from .data import rulebook
from .pieces import K, name

if TYPE_CHECKING:
    from .game import CatanGame


def roll_dice(rng: Rng) -> tuple[int, int]:
    """Two six-sided dice from the game's stream."""
    return rng.below(6) + 1, rng.below(6) + 1


def produce(game: CatanGame, total: int) -> None:
    """Every building next to a hex with number ``total`` (and without the robber) takes its yield from the bank,
    resource by resource, unless the bank is short (``production.shortage``)."""
    s = game.state
    n = game.players
    kinds = len(s.bank)
    owed = [0] * (n * kinds)
    robbed = False
    for h, terrain, corners in game.tables.by_number[total]:
        if h == s.robber:
            robbed = robbed or any((s.settlements[p] | s.cities[p]) & corners for p in range(n))
            continue
        for p in range(n):
            towns = (s.settlements[p] & corners).bit_count()
            cities = (s.cities[p] & corners).bit_count()
            if towns or cities:
                for card, count in game.yield_of(terrain, towns, cities):
                    owed[p * kinds + card] += count
    if robbed:
        game.emit("production.robber", f"The robber on hex {s.robber} keeps it from producing.", hex=s.robber)
    paid = []
    for r in range(kinds):
        due = [owed[p * kinds + r] for p in range(n)]
        need = sum(due)
        if not need:
            continue
        if need > s.bank[r]:
            takers = [p for p in range(n) if due[p]]
            if len(takers) > 1:
                game.emit("production.shortage", f"The bank has {s.bank[r]} {card_name(r)} but owes {need} to "
                          f"{len(takers)} players: nobody takes {card_name(r)}.", card=r, bank=s.bank[r], owed=need)
                continue
            p = takers[0]
            due[p] = s.bank[r]
            game.emit("production.shortage", f"The bank has only {s.bank[r]} {card_name(r)} left of the {need} owed "
                      f"to {name(p)}, who takes them all.", card=r, bank=s.bank[r], owed=need, player=p)
        for p in range(n):
            if due[p]:
                s.hands[p * kinds + r] += due[p]
                s.bank[r] -= due[p]
                paid.append((p, r, due[p]))
    if paid:
        paid.sort()
        game.emit("production.yield", f"Roll {total}: " + "; ".join(
            f"{name(p)} takes {k} {card_name(r)}" for p, r, k in paid) + ".",
            roll=total, paid=[[p, r, k] for p, r, k in paid])


def card_name(card: int) -> str:
    return rulebook.RESOURCES[card] if card < K else f"card {card}"


def second_settlement_income(game: CatanGame, p: int, v: int) -> None:
    """In the set-up, the second settlement takes one resource from each land hex next to it (``setup.income``)."""
    from .board import NODE_HEXES

    s = game.state
    taken = []
    for h in NODE_HEXES[v]:
        r = s.terrain[h]
        if r < K and s.bank[r] > 0:
            s.hands[p * K + r] += 1
            s.bank[r] -= 1
            taken.append(rulebook.RESOURCES[r])
    game.emit("setup.income", f"{name(p)}'s second settlement at {v} takes " +
              (", ".join(taken) if taken else "nothing (desert)") + ".", player=p, node=v, cards=len(taken))
