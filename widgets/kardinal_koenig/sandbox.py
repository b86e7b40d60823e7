"""Kardinal & König's scoring sandbox: edit the displays of a table as counts and watch the scoring chart fill in,
rule by rule.

    from widgets.kardinal_koenig import ScoringSandbox
    sandbox = ScoringSandbox(players=3)  # edit cards, crests, ships and carriages; the chart follows live
    sandbox.set_cards("A", "france", 5); sandbox.set_cards("B", "france", 2)
    sandbox.explain("france")            # ['A: 5 cards → 8 points = the card count of France …', …]

**A display as counts** (:class:`Holding`): scoring only needs, per player, the number of cards and the crests of
each kind in every country, the ships and carriages, and the −2 chips. The sandbox edits these counts; to score
them it deals matching stand-in cards (:func:`stand_in_displays`) and calls
:func:`~games.kardinal_koenig.scoring.score_chart`. Counts that no table of cards could show (more cards than a
country has, more crests than the cards carry, more ships and carriages than cards) are reported by
:func:`problems` as sentences, never as exceptions.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

import ipywidgets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from games.kardinal_koenig import Card, Chart, score_chart
from games.kardinal_koenig.data import inferred
from games.kardinal_koenig.data.approx import CREST_KINDS, LAW_CHIP_SPLIT
from games.kardinal_koenig.data.rulebook import COUNTRIES, COUNTRY_CARDS, COUNTRY_NAMES, MINUS_CHIP_POINTS
from widgets.shared.text import plural

from .chart import ChartView, chart_frame, country_label, player_names
from .colours import COUNTRY_COLOURS, CREST_SYMBOLS, CREST_WORDS, ROUTE_SYMBOLS
from .words import explain_country, explain_crests, explain_roads

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd

#: Player names in the sandbox and the exercises, as in the rule text's examples (Aさん, Bさん, …).
LETTERS = "ABCDE"
MIN_PLAYERS, MAX_PLAYERS = 3, 5
#: A card shows at most 2 crests: our inference from the rule text (``games.kardinal_koenig.data.inferred``).
MAX_CRESTS_PER_CARD = inferred.CRESTS_PER_CARD.value


# ------------------------------------------------------------------ displays as counts
def _zero_crests() -> dict[str, dict[str, int]]:
    return {c: {k: 0 for k in CREST_KINDS.value} for c in COUNTRIES}


@dataclass
class Holding:
    """What scoring reads from one player's display: ``cards[country]``, ``crests[country][kind]``, ``ships``,
    ``carriages`` and ``minus`` (−2 law chips)."""

    cards: dict[str, int] = field(default_factory=lambda: {c: 0 for c in COUNTRIES})
    crests: dict[str, dict[str, int]] = field(default_factory=_zero_crests)
    ships: int = 0
    carriages: int = 0
    minus: int = 0

    @classmethod
    def of(cls, display: Iterable[Card], minus: int = 0) -> Holding:
        """The counts of a real display (a list of :class:`~games.kardinal_koenig.Card`)."""
        h = cls(minus=minus)
        for card in display:
            h.cards[card.country] += 1
            for kind in card.crests:
                h.crests[card.country][kind] = h.crests[card.country].get(kind, 0) + 1
            h.ships += "ship" in card.routes
            h.carriages += "carriage" in card.routes
        return h

    def total_cards(self) -> int:
        return sum(self.cards.values())


def problems(holdings: Sequence[Holding], names: Sequence[str] | None = None) -> list[str]:
    """Why these counts cannot be a table of displays, as sentences; ``[]`` when they can."""
    names = list(LETTERS[:len(holdings)]) if names is None else player_names(names, len(holdings))
    out = []
    if not MIN_PLAYERS <= len(holdings) <= MAX_PLAYERS:
        out.append(f"The game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(holdings)}.")
    for p, h in enumerate(holdings):
        nm = names[p]
        for country in COUNTRIES:
            land = country_label(country)
            if h.cards[country] < 0:
                out.append(f"{nm} cannot hold {h.cards[country]} {land} cards: type 0 or more.")
            for kind, v in h.crests[country].items():
                if v < 0:
                    out.append(f"{nm} cannot hold {v} {CREST_WORDS.get(kind, (kind, kind))[1]} in {land}: "
                               f"type 0 or more.")
            shown = sum(v for v in h.crests[country].values() if v > 0)
            cards = max(h.cards[country], 0)
            room = MAX_CRESTS_PER_CARD * cards
            if shown > room:
                out.append(f"{nm} has {plural(shown, 'crest')} in {land} on {plural(cards, 'card')}, but we take a "
                           f"card to show at most {MAX_CRESTS_PER_CARD} crests (our inference from the rule text), so "
                           f"at most {room}: add {land} cards or remove crests.")
        for what, v in (("ships", h.ships), ("carriages", h.carriages), ("−2 chips", h.minus)):
            if v < 0:
                out.append(f"{nm} cannot hold {v} {what}: type 0 or more.")
        routes, cards = max(h.ships, 0) + max(h.carriages, 0), max(h.total_cards(), 0)
        if routes > cards:
            out.append(f"{nm} has {plural(max(h.ships, 0), 'ship')} and {plural(max(h.carriages, 0), 'carriage')} "
                       f"but only {plural(cards, 'card')}: we take a card to show a ship or a carriage, never both "
                       f"(our inference from the rule text), so add "
                       f"cards or remove routes.")
    for country in COUNTRIES:
        held = [max(h.cards[country], 0) for h in holdings]
        total = COUNTRY_CARDS.value[country]
        if sum(held) > total:
            who = ", ".join(f"{names[p]} {c}" for p, c in enumerate(held) if c)
            out.append(f"{country_label(country)} has only {total} cards, but the players hold {sum(held)} together "
                       f"({who}): lower a count.")
    chips = sum(max(h.minus, 0) for h in holdings)
    chips_in_game = LAW_CHIP_SPLIT.value["minus2"]
    if chips > chips_in_game:
        out.append(f"There are {chips_in_game} −2 law chips in the game (our designed split), but the players hold "
                   f"{chips}: lower a count.")
    return out


def stand_in_displays(holdings: Sequence[Holding]) -> list[list[Card]]:
    """Cards that match the counts: per country that many cards, the crests dealt two to a card, ships then
    carriages on the player's first cards. Raises ``ValueError`` (the :func:`problems`) if no cards can match."""
    trouble = problems(holdings)
    if trouble:
        raise ValueError(" ".join(trouble))
    displays = []
    for p, h in enumerate(holdings):
        routes = ["ship"] * h.ships + ["carriage"] * h.carriages
        cards = []
        for country in COUNTRIES:
            crests = [k for k, v in h.crests[country].items() for _ in range(v)]
            for i in range(h.cards[country]):
                route = routes[len(cards)] if len(cards) < len(routes) else ""
                part = tuple(sorted(crests[MAX_CRESTS_PER_CARD * i:MAX_CRESTS_PER_CARD * (i + 1)]))
                cards.append(Card(f"{LETTERS[p]}-{country}-{i + 1}", country, part, route))
        displays.append(cards)
    return displays


def score_holdings(holdings: Sequence[Holding]) -> Chart:
    """The engine's chart for the counts (through :func:`stand_in_displays`); ``ValueError`` if impossible."""
    return score_chart(stand_in_displays(holdings), [h.minus for h in holdings])


# ------------------------------------------------------------------ the sandbox
_BOX = {"width": "58px"}
_FIELDS = ("cards", *CREST_KINDS.value)
_ROAD_FIELDS = ("ships", "carriages", "minus")
_COLUMNS = f"24px repeat({len(_FIELDS)}, 64px)"
_ROAD_COLUMNS = f"24px repeat({len(_ROAD_FIELDS)}, 84px)"
_ROAD_HEADS = {"ships": f"{ROUTE_SYMBOLS['ship']} ships", "carriages": f"{ROUTE_SYMBOLS['carriage']} carriages",
               "minus": "−2 chips"}


def _header_row(heads: Sequence[str], columns: str) -> str:
    """Column headings as one label laid out on the grid's own columns (one widget instead of one per column)."""
    return (f"<div style='display:grid;grid-template-columns:{columns};column-gap:4px'>"
            + "".join(f"<b>{html.escape(h)}</b>" for h in heads) + "</div>")


def _int_or_message(value: Any, what: str) -> int | str:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{what} must be a whole number, not {value!r}."
    return value


class ScoringSandbox(ipywidgets.VBox):
    """Edit the displays of a 3–5 player table and watch the scoring chart fill in, rule by rule.

    Pick a country, then type each player's cards and crests of each kind there; ships, carriages and −2 chips
    count for the whole display. The chart (:class:`~.chart.ChartView`) and the explanation of the chosen country
    (:meth:`explain`) follow every edit. Counts no table could show leave the chart as it was and say why in
    ``message`` (:func:`problems`).

    The same from code (players by letter ``"A"`` or index ``0``, countries by id or name)::

        sandbox = ScoringSandbox(players=3)
        sandbox.set_cards("A", "france", 5); sandbox.set_crests("A", "france", cross=4)
        sandbox.set_roads("B", ships=7)
        sandbox.chart, sandbox.message, sandbox.frame(), sandbox.explain("france")
        ScoringSandbox.from_game(game)      # the displays of a game (−2 chips once it is over)
    """

    def __init__(self, players: int = 3, *, country: str = "france", **kwargs: Any) -> None:
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
        self.holdings = [Holding() for _ in range(players)]
        self._country = self._country_id(country)
        self._syncing = False
        self._last_chart: Chart = score_holdings(self.holdings)
        self.chart: Chart | None = self._last_chart
        self.message = ""
        self.player_picker = ipywidgets.ToggleButtons(options=[("3 players", 3), ("4 players", 4),
                                                               ("5 players", 5)], value=players,
                                                      style={"button_width": "80px"})
        self.country_picker = ipywidgets.ToggleButtons(
            options=[(country_label(c), c) for c in COUNTRIES], value=self._country,
            style={"button_width": "82px"}, tooltips=[f"{COUNTRY_NAMES[c][0]}: {COUNTRY_CARDS.value[c]} cards"
                                                      for c in COUNTRIES])
        # Every widget object is a message to the front end and a sandbox has dozens of boxes, so the boxes share
        # one layout and style, and so do the labels.
        self._box_layout, self._box_style = ipywidgets.Layout(**_BOX), DescriptionStyle()
        self._label_layout, self._label_style = ipywidgets.Layout(), HTMLStyle()
        self._span = ipywidgets.Layout(grid_column="1 / -1")  # a header across the whole grid
        self.country_heading = self._label("")
        self.country_grid = ipywidgets.GridBox(layout={"grid_template_columns": _COLUMNS, "grid_gap": "2px 4px"})
        self.road_grid = ipywidgets.GridBox(layout={"grid_template_columns": _ROAD_COLUMNS, "grid_gap": "2px 4px"})
        self.message_html = self._label("")
        self.chart_view = ChartView(self._last_chart, self.names, self._country,
                                    layout={"margin": "0 16px 8px 0"})
        self.explanation = ipywidgets.HTML(layout={"max_width": "440px"}, style=self._label_style)
        self.inputs: dict[tuple[int, str], ipywidgets.IntText] = {}
        self.player_picker.observe(self._on_players, names="value")
        self.country_picker.observe(self._on_country, names="value")
        self._build_grids()
        edit = ipywidgets.HBox([ipywidgets.VBox([self.country_heading, self.country_grid],
                                                layout={"margin": "0 24px 8px 0"}),
                                ipywidgets.VBox([self._label("<b>Whole display</b>: roads and −2 chips"),
                                                 self.road_grid], layout=self._label_layout)],
                               layout={"flex_flow": "row wrap"})
        super().__init__([self.player_picker, self.country_picker, edit, self.message_html,
                          ipywidgets.HBox([self.chart_view, self.explanation], layout={"flex_flow": "row wrap"})],
                         **kwargs)
        self._update()

    # ------------------------------------------------------------------ names
    @property
    def names(self) -> list[str]:
        return list(LETTERS[: len(self.holdings)])

    def _player(self, player: int | str) -> int:
        if isinstance(player, str) and player.strip().upper() in self.names:
            return self.names.index(player.strip().upper())
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(self.holdings):
            return player
        raise ValueError(f"no player {player!r}: this sandbox has players {', '.join(self.names)} "
                         f"(or 0 to {len(self.holdings) - 1})")

    @staticmethod
    def _country_id(country: str) -> str:
        key = str(country).strip()
        for c, (ja, en) in COUNTRY_NAMES.items():
            if key.lower() in (c, en.lower()) or key == ja:
                return c
        raise ValueError(f"no country {country!r}; the countries are {', '.join(COUNTRIES)}")

    # ------------------------------------------------------------------ the verbs
    @property
    def players(self) -> int:
        return len(self.holdings)

    @players.setter
    def players(self, n: int) -> None:
        self.player_picker.value = n  # observed: keeps the first players' counts, adds empty displays

    @property
    def country(self) -> str:
        """The country being edited and explained; assign an id or a name to switch."""
        return self._country

    @country.setter
    def country(self, country: str) -> None:
        self.country_picker.value = self._country_id(country)

    def set_cards(self, player: int | str, country: str, cards: int) -> bool:
        """``player`` holds ``cards`` cards of ``country``. False (and ``message``) if the table became
        impossible."""
        p, c = self._player(player), self._country_id(country)
        self.holdings[p].cards[c] = cards
        return self._edited(c)

    def set_crests(self, player: int | str, country: str, crests: Mapping[str, int] | None = None,
                   **kinds: int) -> bool:
        """``set_crests("A", "france", cross=4)``: the crests of the kinds named (the others stay)."""
        p, c = self._player(player), self._country_id(country)
        given = {**(crests or {}), **kinds}
        unknown = sorted(set(given) - set(CREST_KINDS.value))
        if unknown:
            raise ValueError(f"no crest kind {', '.join(unknown)}; the kinds are {', '.join(CREST_KINDS.value)}")
        self.holdings[p].crests[c].update(given)
        return self._edited(c)

    def set_roads(self, player: int | str, ships: int | None = None, carriages: int | None = None) -> bool:
        """The ships and carriages in ``player``'s whole display (``None`` leaves one as it is)."""
        h = self.holdings[self._player(player)]
        h.ships = h.ships if ships is None else ships
        h.carriages = h.carriages if carriages is None else carriages
        return self._edited(None)

    def set_minus(self, player: int | str, chips: int) -> bool:
        """How many −2 law chips ``player`` reveals at the end."""
        self.holdings[self._player(player)].minus = chips
        return self._edited(None)

    def clear(self) -> None:
        """Every display empty."""
        self.holdings = [Holding() for _ in self.holdings]
        self._edited(None)

    def load(self, displays: Sequence[Sequence[Card]], minus_chips: Sequence[int] | None = None) -> bool:
        """Show real displays (lists of cards), e.g. ``game.displays()``; the player count follows them."""
        minus = list(minus_chips) if minus_chips is not None else [0] * len(displays)
        if not MIN_PLAYERS <= len(displays) <= MAX_PLAYERS or len(minus) != len(displays):
            raise ValueError(f"give {MIN_PLAYERS} to {MAX_PLAYERS} displays and one −2 chip count per display")
        holdings = [Holding.of(d, m) for d, m in zip(displays, minus, strict=True)]
        rebuild = len(holdings) != len(self.holdings)
        self._syncing = True
        try:
            self.holdings = holdings
            self.player_picker.value = len(holdings)
        finally:
            self._syncing = False
        if rebuild:
            self._build_grids()
        return self._edited(None)

    @classmethod
    def from_game(cls, game: Any, **kwargs: Any) -> ScoringSandbox:
        """A sandbox holding a card game's displays (its −2 chips count once the game is over)."""
        sandbox = cls(players=game.players, **kwargs)
        over = game.is_terminal()
        sandbox.load(game.displays(), [chips.count("minus2") if over else 0 for chips in game.state.chips])
        return sandbox

    # ------------------------------------------------------------------ reading it
    def frame(self) -> pd.DataFrame:
        """The chart of the current counts as :func:`chart_frame` (the last possible one while ``message``
        says the counts are impossible)."""
        return chart_frame(self._last_chart, self.names)

    def explain(self, country: str | None = None) -> list[str]:
        """Why each player scores what they do in ``country`` (default: the one being edited): country points,
        then crest points. Empty while the counts are impossible."""
        if self.chart is None:
            return []
        c = self._country_id(country) if country is not None else self._country
        counts = [h.cards[c] for h in self.holdings]
        crests = [{k: v for k, v in h.crests[c].items() if v} for h in self.holdings]
        return explain_country(c, counts, self.names) + explain_crests(c, crests, self.names)

    def explain_roads(self) -> list[str]:
        """Road points and −2 chips, one sentence per player."""
        out = [explain_roads(h.ships, h.carriages, nm) for h, nm in zip(self.holdings, self.names, strict=True)]
        for h, nm in zip(self.holdings, self.names, strict=True):
            if h.minus > 0:
                out.append(f"{nm}: {plural(h.minus, '−2 law chip')} → {MINUS_CHIP_POINTS.value * h.minus} "
                           f"[score.minus-chips].")
        return out

    # ------------------------------------------------------------------ the widgets
    def _label(self, text: str, layout: ipywidgets.Layout | None = None) -> ipywidgets.HTML:
        return ipywidgets.HTML(text, layout=layout or self._label_layout, style=self._label_style)

    def _build_grids(self) -> None:
        for old in (*self.country_grid.children, *self.road_grid.children):
            old.close()  # a new player count: the old boxes go (the shared layouts and styles stay)
        self.inputs = {}
        heads = ["", "cards", *(f"{CREST_SYMBOLS[k]} {k}" for k in CREST_KINDS.value)]
        road_heads = ["", *(_ROAD_HEADS[f] for f in _ROAD_FIELDS)]
        cells: list[ipywidgets.Widget] = [self._label(_header_row(heads, _COLUMNS), self._span)]
        road_cells: list[ipywidgets.Widget] = [self._label(_header_row(road_heads, _ROAD_COLUMNS), self._span)]
        for p, nm in enumerate(self.names):
            cells.append(self._label(f"<b>{nm}</b>"))
            road_cells.append(self._label(f"<b>{nm}</b>"))
            for name in (*_FIELDS, *_ROAD_FIELDS):
                box = ipywidgets.IntText(value=0, layout=self._box_layout, style=self._box_style,
                                         continuous_update=True)
                box.observe(self._on_input(p, name), names="value")
                self.inputs[(p, name)] = box
                (road_cells if name in _ROAD_FIELDS else cells).append(box)
        self.country_grid.children = cells
        self.road_grid.children = road_cells
        self._fill_inputs()

    def _fill_inputs(self) -> None:
        """Show the stored counts in the boxes (the chosen country's cards and crests, the roads)."""
        self._syncing = True
        try:
            for (p, name), box in self.inputs.items():
                box.value = self._stored(p, name)
        finally:
            self._syncing = False

    def _stored(self, p: int, name: str) -> int:
        h = self.holdings[p]
        if name == "cards":
            return h.cards[self._country]
        if name in _ROAD_FIELDS:
            return getattr(h, name)
        return h.crests[self._country][name]

    def _on_input(self, p: int, name: str) -> Callable[[dict[str, Any]], None]:
        def changed(change: dict[str, Any]) -> None:
            if self._syncing:
                return
            try:
                value = _int_or_message(change["new"], name)
                if isinstance(value, str):
                    self._say(value)
                    return
                h = self.holdings[p]
                if name == "cards":
                    h.cards[self._country] = value
                elif name in _ROAD_FIELDS:
                    setattr(h, name, value)
                else:
                    h.crests[self._country][name] = value
                self._update()
            except Exception as err:  # an exception in an observer would vanish into the log console
                self._say(f"Something went wrong in the sandbox: {type(err).__name__}: {err}")
        return changed

    def _on_players(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        n = change["new"]
        if n is None:  # the buttons left with no selection: the player count stays
            self.player_picker.value = len(self.holdings)
            return
        self.holdings = self.holdings[:n] + [Holding() for _ in range(n - len(self.holdings))]
        self._build_grids()
        self._update()

    def _on_country(self, change: dict[str, Any]) -> None:
        if change["new"] is None:  # no country selected: the one edited stays
            self.country_picker.value = self._country
            return
        self._country = change["new"]
        self._fill_inputs()
        self._update()

    def _edited(self, country: str | None) -> bool:
        """After an edit from code: show it in the boxes (switching to its country) and rescore."""
        if country is not None and country != self._country:
            self.country_picker.value = country  # observed: refills the boxes and rescores
        else:
            self._fill_inputs()
            self._update()
        return self.chart is not None

    def _say(self, text: str) -> None:
        self.message = text
        self.message_html.value = (f"<div class='kks-message' role='alert' style='border-left:4px solid #b91c1c;"
                                   f"padding:4px 8px;color:#7f1d1d'>✗ {html.escape(text)}</div>" if text else "")

    def _update(self) -> None:
        """Rescore: a new chart and explanation, or the reasons the counts are impossible."""
        trouble = problems(self.holdings, self.names)
        c = self._country
        self.country_heading.value = (f"<b style='border-left:8px solid {COUNTRY_COLOURS[c]};padding-left:4px'>"
                                      f"{country_label(c)}</b> ({COUNTRY_NAMES[c][0]}, {COUNTRY_CARDS.value[c]} "
                                      f"cards): cards and crests by kind")
        if trouble:
            self.chart = None
            if len(self._last_chart.total) != len(self.holdings):  # the last possible table had other players
                self._last_chart = score_holdings([Holding() for _ in self.holdings])
            self._say(" ".join(trouble) + " (The chart still shows the last possible table.)")
            self.explanation.value = ""
        else:
            self.chart = self._last_chart = score_holdings(self.holdings)
            self._say("")
            self.explanation.value = self._explanation_html()
        self.chart_view.update(self._last_chart, self.names, highlight=c)

    def _explanation_html(self) -> str:
        c = self._country
        counts = [h.cards[c] for h in self.holdings]
        crests = [{k: v for k, v in h.crests[c].items() if v} for h in self.holdings]

        def items(lines: list[str]) -> str:
            return "<ul style='margin:2px 0 6px 0;padding-left:18px'>" + "".join(
                f"<li>{html.escape(x)}</li>" for x in lines) + "</ul>"

        return (f"<div class='kks-explain' style='font-size:13px'><b>{country_label(c)}, country points</b>"
                f"{items(explain_country(c, counts, self.names))}<b>{country_label(c)}, crest points</b>"
                f"{items(explain_crests(c, crests, self.names))}<b>Roads and −2 chips</b>"
                f"{items(self.explain_roads())}</div>")
