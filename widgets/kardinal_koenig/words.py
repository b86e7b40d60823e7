"""Kardinal & König's scoring rules in words: which rule gave each number of the chart, for the sandbox and the
exercises. Every number comes from :mod:`games.kardinal_koenig.scoring`; the ``[rule id]`` at the end of each
sentence points to ``games.kardinal_koenig.RULES``."""

from __future__ import annotations

from typing import Mapping, Sequence

from games.kardinal_koenig import country_points, crest_points, road_points
from games.kardinal_koenig.data.rulebook import COUNTRY_CARDS, ROAD_MINIMUM
from widgets.shared.text import plural

from .chart import country_label
from .colours import CREST_SYMBOLS, CREST_WORDS, ROUTE_SYMBOLS


def crest_words(kind: str, n: int) -> str:
    """``3 ✚ crosses``."""
    one, many = CREST_WORDS.get(kind, (kind, kind + "s"))
    return f"{n} {CREST_SYMBOLS.get(kind, '')} {one if n == 1 else many}".replace("  ", " ")


def join_names(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def explain_country(country: str, counts: Sequence[int], names: Sequence[str]) -> list[str]:
    """One sentence per player: the country points :func:`country_points` gives, and the rule behind them."""
    total = COUNTRY_CARDS.value[country]
    points = country_points(list(counts), total)
    top = max(counts, default=0)
    land = country_label(country)
    out = []
    for p, c in enumerate(counts):
        tied = [names[q] for q, d in enumerate(counts) if q != p and d == c]
        tie = f" (tied with {join_names(tied)}: tied players score alike [score.country-ties])" if tied and c else ""
        if c == 0:
            out.append(f"{names[p]}: no {land} cards → {points[p]} points: no cards, no points "
                       f"[score.country-next].")
        elif c == top:
            out.append(f"{names[p]}: {plural(c, 'card')}, the most{tie} → {points[p]} points = the card count of "
                       f"{land} ({total}) [score.country-first].")
        else:
            above = min(d for d in counts if d > c)
            holders = [names[q] for q, d in enumerate(counts) if d == above]
            out.append(f"{names[p]}: {plural(c, 'card')}{tie} → {points[p]} points = {join_names(holders)}'s count "
                       f"({above}), the rank just above [score.country-next].")
    return out


def explain_crests(country: str, crests: Sequence[Mapping[str, int]], names: Sequence[str]) -> list[str]:
    """One sentence per player: the crest points :func:`crest_points` gives, and why."""
    points = crest_points([dict(t) for t in crests])
    best = [max(t.values(), default=0) for t in crests]
    top = max(best, default=0)
    land = country_label(country)
    if top == 0:
        return [f"Nobody has a crest in {land}: no crest points [score.crests]."]
    out = []
    for p, tally in enumerate(crests):
        b = best[p]
        kinds = [k for k, v in tally.items() if v == b and b > 0]
        if b == 0:
            out.append(f"{names[p]}: no crests in {land} → {points[p]} [score.crests].")
        elif b == top:
            shared = [names[q] for q in range(len(crests)) if q != p and best[q] == top]
            tie = f", shared with {join_names(shared)} (a shared top scores alike)" if shared else ""
            once = (f"; top in {len(kinds)} kinds ({' and '.join(CREST_WORDS.get(k, (k,))[0] for k in kinds)}), "
                    f"scored once" if len(kinds) > 1 else "")
            out.append(f"{names[p]}: {crest_words(kinds[0], b)}, the most of one kind{tie}{once} → {points[p]} "
                       f"points [score.crests].")
        else:
            out.append(f"{names[p]}: best {crest_words(kinds[0], b)}, fewer than {top} → {points[p]}: "
                       f"only the most of one kind scores [score.crests].")
    return out


def explain_roads(ships: int, carriages: int, name: str) -> str:
    """The road points :func:`road_points` gives one player, and why."""
    floor = ROAD_MINIMUM.value

    def part(n: int, what: str) -> str:
        if n == 0:
            return f"no {what}s"
        if n >= floor:
            return f"{plural(n, what)} {ROUTE_SYMBOLS[what]} score {n}"
        return f"{plural(n, what)} {ROUTE_SYMBOLS[what]} score 0 (fewer than {floor})"

    return (f"{name}: {part(ships, 'ship')}; {part(carriages, 'carriage')} → {road_points(ships, carriages)} "
            f"road points [score.roads].")
