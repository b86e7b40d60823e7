"""End-of-game scoring (ゲーム終了時の得点計算): country, crest and road points, filled in as on the chart.

Pure functions over card counts, so the notebooks can score any hand-made display. :func:`score_chart` fills the
whole scoring chart (決算チャート) for a table of displays.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from .data import rulebook
from .deck import Card

#: How the other players with cards of a country score (``runner_up_points``): the printed rule, the card count of
#: the player ranked just above (``"above"``); a variant's own count (``"own"``) or nothing (``"none"``).
RUNNER_UP_RULES = ("above", "own", "none")


def country_points(counts: Sequence[int], country_total: int, runner_up: str = "above") -> list[int]:
    """Country points per player from their card counts in one country.

    The most cards score ``country_total`` (the number printed on the country's cards: its card count); every other
    player with cards scores the count of the player ranked just above (the smallest count bigger than theirs);
    tied players score alike; no cards, no points. ``runner_up`` is a variant's other rule for the players below the
    most (:data:`RUNNER_UP_RULES`).
    """
    top = max(counts, default=0)
    above = sorted(set(counts))
    points = []
    for c in counts:
        if c == 0:
            points.append(0)
        elif c == top:
            points.append(country_total)
        elif runner_up == "above":
            points.append(above[above.index(c) + 1])
        else:
            points.append(c if runner_up == "own" else 0)
    return points


def crest_points(crests: Sequence[Mapping[str, int]], per_crest: int = 1) -> list[int]:
    """Crest points per player in one country from each player's crests by kind.

    The largest number of crests of one kind held by anyone scores that number (times ``per_crest``, 1 in the
    printed game) for every player who reaches it (in any kind, scored once); everybody else scores nothing.
    """
    best = [max(tally.values(), default=0) for tally in crests]
    top = max(best, default=0)
    return [top * per_crest if top > 0 and b == top else 0 for b in best]


def road_points(ships: int, carriages: int, minimum: int | None = None, per_card: int = 1) -> int:
    """5 (``minimum``) or more ships score their number (times ``per_card``); likewise carriages."""
    floor = rulebook.ROAD_MINIMUM.value if minimum is None else minimum
    return ((ships if ships >= floor else 0) + (carriages if carriages >= floor else 0)) * per_card


@dataclass(frozen=True, slots=True)
class ChartRules:
    """The numbers the scoring chart uses: ``points`` per country (what the most cards score), the rule for the
    players below (``runner_up``), points per crest of the top kind, the road minimum and points per road card, and
    what a −2 chip counts. :data:`PRINTED_CHART` is the rule text's; a variant's come from ``parameters.py``."""

    points: Mapping[str, int]
    runner_up: str = "above"
    per_crest: int = 1
    road_minimum: int = 5
    per_road_card: int = 1
    minus_chip: int = -2


PRINTED_CHART = ChartRules(dict(rulebook.COUNTRY_POINTS.value), rulebook.RUNNER_UP.value, rulebook.CREST_POINT.value,
                           rulebook.ROAD_MINIMUM.value, rulebook.ROAD_POINT.value, rulebook.MINUS_CHIP_POINTS.value)


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
        return winners(self.total, self.cards)


def winners(totals: Sequence[int], cards: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points (``totals``); a tie goes to more country cards (``cards``); still tied, all
    share the win (:meth:`Chart.winners`)."""
    keys = [(t, c) for t, c in zip(totals, cards, strict=True)]
    best = max(keys)
    return tuple(p for p, k in enumerate(keys) if k == best)


def score_chart(displays: Sequence[Sequence[Card]], minus_chips: Sequence[int] | None = None,
                rules: ChartRules = PRINTED_CHART) -> Chart:
    """Score every player's display country by country in the chart's order, then roads and −2 chips, with the
    chart's numbers ``rules`` (the printed ones unless a variant changes them)."""
    n = len(displays)
    minus_chips = list(minus_chips) if minus_chips is not None else [0] * n
    rows: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    subtotal = [0] * n
    points, runner_up, per_crest = rules.points, rules.runner_up, rules.per_crest
    for country in rulebook.COUNTRIES:
        mine = [[c for c in d if c.country == country] for d in displays]
        land = country_points([len(m) for m in mine], points[country], runner_up)
        crest = crest_points([Counter(k for c in m for k in c.crests) for m in mine], per_crest)
        rows[country] = (tuple(land), tuple(crest))
        for p in range(n):
            subtotal[p] += land[p] + crest[p]
    # A card's route is "", "ship", "carriage" or "ship+carriage" (deck.Card.routes): a text search is the fast test.
    floor, per_card = rules.road_minimum, rules.per_road_card
    roads = [road_points(sum("ship" in c.route for c in d), sum("carriage" in c.route for c in d), floor, per_card)
             for d in displays]
    minus = [rules.minus_chip * k for k in minus_chips]
    total = [s + r + m for s, r, m in zip(subtotal, roads, minus, strict=True)]
    return Chart(rows, tuple(subtotal), tuple(roads), tuple(minus), tuple(total), tuple(len(d) for d in displays))


@dataclass(frozen=True, slots=True)
class Tally:
    """What the chart reads of one display: per country, in the chart's order, its cards and its most crests of one
    kind; its ships and carriages. :func:`chart_totals` scores a table from these alone."""

    counts: tuple[int, ...]
    crests: tuple[int, ...]
    ships: int
    carriages: int


def tally(display: Iterable[Card]) -> Tally:
    """The :class:`Tally` of one display (its cards in any order)."""
    counts = dict.fromkeys(rulebook.COUNTRIES, 0)
    # crests of each kind by country, counted in plain dicts (a Counter's update is a Python call per card)
    kinds: dict[str, dict[str, int]] = {country: {} for country in rulebook.COUNTRIES}
    ships = carriages = 0
    for card in display:
        counts[card.country] += 1
        crests = kinds[card.country]
        for kind in card.crests:
            crests[kind] = crests.get(kind, 0) + 1
        ships += "ship" in card.route
        carriages += "carriage" in card.route
    return Tally(tuple(counts.values()), tuple(max(kinds[c].values(), default=0) for c in rulebook.COUNTRIES),
                 ships, carriages)


def chart_totals(tallies: Sequence[Tally], minus_chips: Sequence[int] | None = None,
                 rules: ChartRules = PRINTED_CHART) -> tuple[int, ...]:
    """``score_chart(displays, minus_chips, rules).total`` from the displays' tallies: the same whole numbers by the
    same rules (country and crest points country by country, roads, −2 chips), without building the chart. The bots
    rate every action by it, and a tally of a display nobody changed is kept (``CardGame.totals``)."""
    n = len(tallies)
    totals = [0] * n
    points, runner_up, per_crest = rules.points, rules.runner_up, rules.per_crest
    for i, country in enumerate(rulebook.COUNTRIES):
        land = country_points([t.counts[i] for t in tallies], points[country], runner_up)
        best = [t.crests[i] for t in tallies]
        top = max(best)
        for p in range(n):
            totals[p] += land[p] + (top * per_crest if top > 0 and best[p] == top else 0)
    floor, per_card = rules.road_minimum, rules.per_road_card
    for p, t in enumerate(tallies):
        totals[p] += road_points(t.ships, t.carriages, floor, per_card)
    if minus_chips is not None:
        for p, k in enumerate(minus_chips):
            totals[p] += rules.minus_chip * k
    return tuple(totals)
