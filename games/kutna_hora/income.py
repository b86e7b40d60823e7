"""The Income action: the sum of production × current price over your goods (JA 収入アクション).

Ore from mines and ore from buildings are tracked apart on the player board but are the same good.
"""

from __future__ import annotations

from typing import Mapping


def income_lines(production: Mapping[str, int], prices: Mapping[str, int],
                 mine_ore: int = 0) -> list[tuple[str, int, int, int]]:
    """Per good: (good, production, price, groschen), ore from buildings and mines added together."""
    totals = dict(production)
    if mine_ore:
        totals["ore"] = totals.get("ore", 0) + mine_ore
    return [(good, n, prices[good], n * prices[good]) for good, n in totals.items() if n]


def income(production: Mapping[str, int], prices: Mapping[str, int], mine_ore: int = 0) -> int:
    """Groschen earned by one Income action.

    >>> income({"silver": 3, "ore": 2}, {"silver": 3, "ore": 4}, mine_ore=4)   # the rulebook's example
    33
    """
    # The sum of income_lines' groschen without building the lines (bots rate every position by it): ore from
    # buildings and from mines at one price, (a + b) x price = a x price + b x price in whole numbers.
    total = mine_ore * prices["ore"] if mine_ore else 0
    for good, n in production.items():
        if n:
            total += n * prices[good]
    return total


def take_income(production: Mapping[str, int], prices: Mapping[str, int], mine_ore: int = 0) -> tuple[int, str]:
    """One Income action: the groschen earned, and the working as the log writes it (``silver 3×3 + ore 6×4``)."""
    lines = income_lines(production, prices, mine_ore)
    detail = " + ".join(f"{good} {n}×{price}" for good, n, price, _ in lines) or "no production yet"
    return sum(line[3] for line in lines), detail
