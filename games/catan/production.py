"""Rolling the dice and producing resources (``turn.roll``, ``production.yield``, ``production.robber``,
``production.shortage``).

The two dice come from the game's ``Rng`` (:func:`roll_dice` draws them, first die then second; the scenario helper
``tests/catan/scenario.py`` uses the same function to find a stream state that rolls a wanted total). Production
reads the layout's table of hexes per number, cached once per layout.

Cities & Knights hook: :meth:`CatanGame.yield_of` says what one building of a level produces on one terrain (the
base game's yields by level; a C&K city's from its ``city_yield`` table, a commodity on some terrains).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Rng

from .choice import bank_gives
from .data import rulebook
from .pieces import RESOURCE_KINDS, name

if TYPE_CHECKING:
    from .game import CatanGame


def roll_dice(rng: Rng) -> tuple[int, int]:
    """Two six-sided dice from the game's stream."""
    return rng.below(6) + 1, rng.below(6) + 1


def produce(game: CatanGame, total: int) -> int:
    """Every building next to a hex with number ``total`` (and without the robber) takes its yield from the bank,
    card by card, unless the bank is short (``production.shortage``). Returns the mask of players who took cards."""
    s = game.state
    n = game.players
    settlements, cities, built, robber = s.settlements, s.cities, s.built, s.robber
    owed: dict[int, list[int]] = {}  # card -> amount per player
    robbed = False
    yield_of = game.yield_of
    for h, terrain, corners in game.tables.by_number[total]:
        if not built & corners:
            continue
        if h == robber:
            robbed = True
            continue
        for p in range(n):
            if (settlements[p] | cities[p]) & corners:
                for card, count in yield_of(terrain, (settlements[p] & corners).bit_count(),
                                            (cities[p] & corners).bit_count()):
                    due = owed.get(card)
                    if due is None:
                        due = owed[card] = [0] * n
                    due[p] += count
    if robbed:
        game.emit("production.robber", f"The robber on hex {robber} keeps it from producing.", hex=robber)
    if not owed:
        return 0
    paid = []
    hands, bank = s.hands, s.bank
    w = game.width
    card_name = game.cards.__getitem__
    for r in sorted(owed):
        due = owed[r]
        need = sum(due)
        if need > bank[r]:
            takers = [p for p in range(n) if due[p]]
            if len(takers) > 1:
                game.emit("production.shortage", f"The bank has {bank[r]} {card_name(r)} but owes {need} to "
                          f"{len(takers)} players: nobody takes {card_name(r)}.", card=r, bank=bank[r], owed=need)
                continue
            p = takers[0]
            due[p] = bank[r]
            game.emit("production.shortage", f"The bank has only {bank[r]} {card_name(r)} left of the {need} owed "
                      f"to {name(p)}, who takes them all.", card=r, bank=bank[r], owed=need, player=p)
        for p in range(n):
            if due[p]:
                hands[p * w + r] += due[p]
                bank[r] -= due[p]
                paid.append((p, r, due[p]))
    takers = 0
    if paid:
        paid.sort()
        words, data = [], []  # plain loops: a roll produces on most turns of every game
        for p, r, k in paid:
            words.append(f"{name(p)} takes {k} {card_name(r)}")
            data.append([p, r, k])
            takers |= 1 << p
        game.emit("production.yield", f"Roll {total}: {'; '.join(words)}.", roll=total, paid=data)
    return takers


def income_next_to(game: CatanGame, p: int, v: int) -> list[str]:
    """``p`` takes one resource from the bank for each land hex next to intersection ``v`` (while the bank has it);
    the names of the cards taken. The set-up's income (``setup.income``, C&K's ``ck.setup-income``)."""
    from .board import NODE_HEXES

    s = game.state
    taken = []
    for h in NODE_HEXES[v]:
        r = s.terrain[h]
        if r < RESOURCE_KINDS and s.bank[r] > 0:
            bank_gives(game, p, r)
            taken.append(rulebook.RESOURCES[r])
    return taken


def second_settlement_income(game: CatanGame, p: int, v: int) -> None:
    """In the set-up, the second settlement takes one resource from each land hex next to it (``setup.income``)."""
    taken = income_next_to(game, p, v)
    game.emit("setup.income", f"{name(p)}'s second settlement at {v} takes " +
              (", ".join(taken) if taken else "nothing (desert)") + ".", player=p, node=v, cards=len(taken))
