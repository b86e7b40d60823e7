"""End-of-game scoring (ゲーム終了時の得点計算): country, crest and road points, filled in as on the chart.

Pure functions over card counts, so the notebooks can score any hand-made display. :func:`score_chart` fills the
whole scoring chart (決算チャート) for a table of displays.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

from .data import rulebook
from .deck import Card


def country_points(counts: Sequence[int], country_total: int) -> list[int]:
    """Country points per player from their card counts in one country.

    The most cards score the country's card count; every other player with cards scores the count of the player
    ranked just above (the smallest count bigger than theirs); tied players score alike; no cards, no points.
    """
    top = max(counts, default=0)
    above = sorted(set(counts))
    points = []
    for c in counts:
        if c == 0:
            points.append(0)
        elif c == top:
            points.append(country_total)
        else:
            points.append(above[above.index(c) + 1])
    return points


def crest_points(crests: Sequence[Mapping[str, int]]) -> list[int]:
    """Crest points per player in one country from each player's crests by kind.

    The largest number of crests of one kind held by anyone scores that number for every player who reaches it
    (in any kind, scored once); everybody else scores nothing.
    """
    best = [max(tally.values(), default=0) for tally in crests]
    top = max(best, default=0)
    return [top if top > 0 and b == top else 0 for b in best]


def road_points(ships: int, carriages: int) -> int:
    """5 or more ships score their number; likewise carriages."""
    floor = rulebook.ROAD_MINIMUM.value
    return (ships if ships >= floor else 0) + (carriages if carriages >= floor else 0)


@dataclass(frozen=True, slots=True)
class Chart:
    """The filled-in scoring chart. ``rows[country] = (country points, crest points)``, one entry per player."""

    rows: dict[str, tuple[tuple[int, ...], tuple[int, ...]]]
    subtotal: tuple[int, ...]
    roads: tuple[int, ...]
    minus: tuple[int, ...]
    total: tuple[int, ...]
    cards: tuple[int, ...]  # country cards held: the tie-break

    def winners(self) -> tuple[int, ...]:
        """Most points; a tie goes to more country cards; still tied, all share the win."""
        keys = [(t, c) for t, c in zip(self.total, self.cards, strict=True)]
        best = max(keys)
        return tuple(p for p, k in enumerate(keys) if k == best)


def score_chart(displays: Sequence[Sequence[Card]], minus_chips: Sequence[int] | None = None) -> Chart:
    """Score every player's display country by country in the chart's order, then roads and −2 chips."""
    n = len(displays)
    minus_chips = list(minus_chips) if minus_chips is not None else [0] * n
    rows: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    subtotal = [0] * n
    for country in rulebook.COUNTRIES:
        mine = [[c for c in d if c.country == country] for d in displays]
        land = country_points([len(m) for m in mine], rulebook.COUNTRY_CARDS.value[country])
        crest = crest_points([Counter(k for c in m for k in c.crests) for m in mine])
        rows[country] = (tuple(land), tuple(crest))
        for p in range(n):
            subtotal[p] += land[p] + crest[p]
    # A card's route is "", "ship", "carriage" or "ship+carriage" (deck.Card.routes): a text search is the fast test.
    roads = [road_points(sum("ship" in c.route for c in d), sum("carriage" in c.route for c in d)) for d in displays]
    minus = [rulebook.MINUS_CHIP_POINTS.value * k for k in minus_chips]
    total = [s + r + m for s, r, m in zip(subtotal, roads, minus, strict=True)]
    return Chart(rows, tuple(subtotal), tuple(roads), tuple(minus), tuple(total), tuple(len(d) for d in displays))
