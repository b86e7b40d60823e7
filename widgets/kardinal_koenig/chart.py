"""The scoring chart (決算チャート) of Kardinal & König: as a table (pandas, or the table of
:mod:`widgets.shared.frames` where pandas is missing), as the data its one front-end renderer (``static/chart.js``)
draws, and as a view of its own (:class:`ChartView`) for lessons and the sandbox.

Nothing here decides a point: every number comes from :mod:`games.kardinal_koenig.scoring`.

**The chart as a table** (:func:`chart_frame`): one row per country in the chart's order, then ``subtotal``
(中間集計), ``roads & −2`` (道路・−2) and ``total`` (合計). Every player has two columns, ``country`` (国, the
left half of a country's box) and ``crests`` (紋章, the right half). On the bottom rows a player's box is not split:
``subtotal`` and ``total`` stand in the ``country`` column with the ``crests`` column empty (``<NA>``), and the
``roads & −2`` row holds the road points in ``country`` and the −2 chips in ``crests``. So every row's cells add up
across a player's two columns: subtotal = sum of the country rows, total = subtotal + roads + −2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

import traitlets

from games.kardinal_koenig import Chart
from games.kardinal_koenig.data.rulebook import COUNTRIES, COUNTRY_CARDS, COUNTRY_NAMES
from widgets.shared.frontend import css, esm
from widgets.shared.text import seat_label
from widgets.shared.view import View

from .colours import COUNTRY_COLOURS, COUNTRY_SHORT

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd

#: The two columns of a player on the chart: 国 and 紋章.
CHART_COLUMNS = ("country", "crests")
ROW_SUBTOTAL, ROW_ROADS, ROW_TOTAL = "subtotal", "roads & −2", "total"


def country_label(country: str) -> str:
    """The English name of a country id (``"france"`` → ``"France"``), as the game's log writes it."""
    return COUNTRY_NAMES[country][1]


def player_names(names: Sequence[str] | None, n: int) -> list[str]:
    """``names`` checked (``n`` different ones), or ``Player 1`` … as in the game's log."""
    out = [seat_label(p) for p in range(n)] if names is None else [str(x) for x in names]
    if len(out) != n or len(set(out)) != n:
        raise ValueError(f"give {n} different player names, not {list(out)!r}")
    return out


def chart_frame(chart: Chart, names: Sequence[str] | None = None) -> pd.DataFrame:
    """The scoring chart as a pandas table, laid out as on paper (see the module docstring).

    ``names`` label the players (default ``Player 1`` …). Read a cell with ``df.loc["France", ("Player 2",
    "country")]``. Values are nullable integers (``Int64``); the empty half of the ``subtotal`` and ``total``
    boxes is ``<NA>``. Where pandas is missing, the same table as a :class:`widgets.shared.frames.Table` (columns
    ``(player, column)``, empty boxes ``None``).
    """
    from widgets.shared.frames import Table, pandas_module

    n = len(chart.total)
    names = player_names(names, n)
    rows = []
    for country in COUNTRIES:
        land, crest = chart.rows[country]
        rows.append([v for p in range(n) for v in (land[p], crest[p])])
    rows.append([v for p in range(n) for v in (chart.subtotal[p], None)])
    rows.append([v for p in range(n) for v in (chart.roads[p], chart.minus[p])])
    rows.append([v for p in range(n) for v in (chart.total[p], None)])
    labels = [country_label(c) for c in COUNTRIES] + [ROW_SUBTOTAL, ROW_ROADS, ROW_TOTAL]
    pd = pandas_module()
    if pd is None:
        return Table(rows, [(name, column) for name in names for column in CHART_COLUMNS], labels, "row")
    index = pd.Index(labels, name="row")
    columns = pd.MultiIndex.from_product([names, CHART_COLUMNS], names=["player", "column"])
    return pd.DataFrame(rows, index=index, columns=columns, dtype="Int64")


def countries_catalog(points: Mapping[str, int] | None = None, cards: Mapping[str, int] | None = None
                      ) -> list[list[Any]]:
    """What the renderers need of each country: ``[id, English name, Japanese name, short name, colour, the number on
    its cards, its card count]``. ``points`` and ``cards`` are a game's own (a variant's ``chart_points`` and
    ``country_cards``); by default the printed ones, which are the same number."""
    points = COUNTRY_CARDS.value if points is None else points
    cards = COUNTRY_CARDS.value if cards is None else cards
    return [[c, COUNTRY_NAMES[c][1], COUNTRY_NAMES[c][0], COUNTRY_SHORT[c], COUNTRY_COLOURS[c], points[c], cards[c]]
            for c in COUNTRIES]


def chart_data(chart: Chart, *, final: bool, winners: Sequence[int] = (), hide_minus: bool = False) -> dict[str, Any]:
    """The chart as ``static/chart.js`` draws it. ``hide_minus``: the −2 chips still lie face down (during a
    game, ``decision.hidden-score``)."""
    return {
        "rows": [[c, list(land), list(crest)] for c, (land, crest) in chart.rows.items()],
        "subtotal": list(chart.subtotal), "roads": list(chart.roads),
        "minus": None if hide_minus else list(chart.minus), "total": list(chart.total),
        "final": final, "winners": list(winners),
    }


class ChartView(View):
    """The scoring chart drawn as on paper, on its own: ``ChartView(chart, names=None, highlight=None)``.
    ``highlight`` tints one country's row (the one being explained); the winners' totals are starred.
    ``view.update(chart, highlight=...)`` redraws. Display only: it sends no intents."""

    _esm = esm("kardinal_koenig/static/chart_view.js")
    _css = css("kardinal_koenig/static/kardinal_koenig.css")

    catalog = traitlets.Dict().tag(sync=True)
    chart = traitlets.Dict().tag(sync=True)
    names = traitlets.List().tag(sync=True)
    highlight = traitlets.Unicode("").tag(sync=True)

    def __init__(self, chart: Chart, names: Sequence[str] | None = None, highlight: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.catalog = {"countries": countries_catalog()}
        self.update(chart, names, highlight)

    def update(self, chart: Chart, names: Sequence[str] | None = None, highlight: str | None = None) -> None:
        """Draw ``chart`` (the winners starred), with ``names`` for the players and ``highlight`` a country id."""
        if highlight is not None and highlight not in COUNTRIES:
            raise ValueError(f"highlight a country of {', '.join(COUNTRIES)}, not {highlight!r}")
        with self.hold_sync():
            self.names = player_names(names, len(chart.total))
            self.chart = chart_data(chart, final=True, winners=chart.winners())
            self.highlight = highlight or ""
