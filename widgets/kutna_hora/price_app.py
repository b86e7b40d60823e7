"""The price sandbox with buttons: :class:`PriceStandApp`, the card stands (:class:`.price_stand.PriceStand`),
ipywidgets controls and a live plotly chart of every price (:mod:`.price_charts`)."""

from __future__ import annotations

from typing import Any

import ipywidgets

from games.kutna_hora.economy import EconomyGame
from games.kutna_hora.prices import DECKS

from .price_charts import price_chart, update_price_chart
from .price_stand import PriceStand


class PriceStandApp(ipywidgets.VBox):
    """The card stands, ipywidgets controls (advance, build, income, undo, reset) and a live price chart.

    ``app = PriceStandApp(); app`` - then ``app.stand`` is the :class:`PriceStand`, ``app.game`` its game and
    ``app.chart`` the plotly ``FigureWidget`` (updated after every step).
    """

    def __init__(self, game: EconomyGame | None = None, chart: bool = True, **kwargs: Any) -> None:
        self.stand = PriceStand(game)
        table = self.stand.game.table
        self.deck = ipywidgets.Dropdown(options=list(DECKS), value=DECKS[0], description="deck",
                                        layout={"width": "200px"})
        self.cards = ipywidgets.BoundedIntText(value=1, min=1, max=self.stand.game.max_advance, description="cards",
                                               layout={"width": "140px"})
        self.advance_button = ipywidgets.Button(description="Advance", icon="forward",
                                                tooltip="advance the deck by this many cards")
        self.good = ipywidgets.Dropdown(options=list(table.goods), value=table.goods[0], description="good",
                                        layout={"width": "200px"})
        self.build_button = ipywidgets.Button(description="Build", icon="home",
                                              tooltip="build the guild building that produces this good")
        self.income_button = ipywidgets.Button(description="Income", icon="money",
                                               tooltip="production × current price")
        self.undo_button = ipywidgets.Button(description="Undo", icon="undo")
        self.reset_button = ipywidgets.Button(description="Reset", icon="refresh", button_style="warning")

        self.advance_button.on_click(lambda _b: self.stand.advance(self.deck.value, int(self.cards.value)))
        self.build_button.on_click(lambda _b: self.stand.build(self.good.value))
        self.income_button.on_click(lambda _b: self.stand.income())
        self.undo_button.on_click(lambda _b: self.stand.undo())
        self.reset_button.on_click(lambda _b: self.stand.reset())

        controls = ipywidgets.VBox([
            ipywidgets.HBox([self.deck, self.cards, self.advance_button]),
            ipywidgets.HBox([self.good, self.build_button, self.income_button, self.undo_button,
                             self.reset_button]),
        ])
        children: list[ipywidgets.Widget] = [self.stand, controls]
        self.chart = None
        if chart:
            import plotly.graph_objects as go

            self.chart = go.FigureWidget(price_chart(table, self.stand.game.stands))
            children.append(self.chart)
            self.stand.observe(self._redraw_chart, names="stand")
        super().__init__(children=children, **kwargs)

    @property
    def game(self) -> EconomyGame:
        return self.stand.game

    def _redraw_chart(self, _change: dict[str, Any]) -> None:
        if self.chart is not None:
            update_price_chart(self.chart, self.stand.game.table, self.stand.game.stands)


__all__ = ["PriceStandApp"]
