"""Kardinal & König – Das Kartenspiel as a table a learner plays by clicking, against bots.

:class:`KKTable` draws the 4 × 14 card layout as cards (country colour and name, crests, ship or carriage, claim
stones in their player's colour, face-down law chips as chip backs), every player's display grouped by country, the
scoring chart (決算チャート) and the decision the game waits for. Only what the human seat may do now is clickable:
the end cards it may take, the free cards to place a claim stone on, its own stones to lift or discard, and buttons
for ``stop``, ``pass``, ``skip`` and ``play three|colours|return``. The rules stay in :mod:`games.kardinal_koenig`;
undo, time travel, bots and messages come from the shared driver (:class:`widgets.shared.table.GameTable`)::

    from widgets.kardinal_koenig import KKTable
    table = KKTable(players=4, seed=1)     # the human is player 1 (seat 0), greedy bots play the rest
    table.act("take 2 14")                 # True; then the bots move until it is player 1's decision again
    table.act("take 3 3")                  # False when the rules refuse: table.message says why
    table.undo()                           # back to the human's previous decision (the bots' moves go too)
    table.chart_frame()                    # the scoring chart as a pandas DataFrame
    KKTable(human=None, bots="random")     # watch mode: every seat is a bot ("next" / "play to end")

What the browser receives is built from ``game.observe(human)``: the kinds of law chips lying face down on the
layout or held by other players never leave Python (only the human's own chips, and every chip once the game is
over, as the rules reveal them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import traitlets

from games import kardinal_koenig
from games.kardinal_koenig import CardGame
from games.kardinal_koenig.data.rulebook import COUNTRIES, LAW_CHIP_KINDS
from widgets.shared.choices import Choice, Choices
from widgets.shared.frontend import css, esm
from widgets.shared.redraw import Redraw
from widgets.shared.table import GameTable
from widgets.shared.text import seat_label

from .chart import chart_data, chart_frame, countries_catalog
from .colours import CREST_SYMBOLS, ROUTE_SYMBOLS

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd


def _board(view: dict[str, Any], columns: int = 14) -> list[list[Any]]:
    """4 rows × 14 columns (a variant's own frame: ``columns``): ``[card id, stone owner or -1, 1 if a face-down chip
    lies on it]``, ``None`` where the card is gone. Positions keep their original columns, as actions name them."""
    rows: list[list[Any]] = [[None] * columns for _ in view["rows"]]
    for r, row in enumerate(view["rows"]):
        for cell in row:
            stone = cell["stone"]
            rows[r][cell["column"] - 1] = [cell["card"], -1 if stone is None else stone, int(bool(cell["chip"]))]
    return rows


def _seats(game: CardGame, view: dict[str, Any], human: int | None, bots: str) -> list[dict[str, Any]]:
    """Each display grouped by country in chart order: ``[country, cards, {crest kind: n}, ships, carriages]``."""
    out = []
    for p, seen in enumerate(view["players"]):
        groups: dict[str, list[Any]] = {}
        for cid in seen["display"]:
            card = game.cards[cid]
            g = groups.setdefault(card.country, [card.country, 0, {}, 0, 0])
            g[1] += 1
            for kind in card.crests:
                g[2][kind] = g[2].get(kind, 0) + 1
            g[3] += "ship" in card.routes
            g[4] += "carriage" in card.routes
        out.append({
            "label": seat_label(p), "you": p == human, "bot": None if p == human else bots,
            "cards": len(seen["display"]), "groups": [groups[c] for c in COUNTRIES if c in groups],
            "ships": sum(g[3] for g in groups.values()), "carriages": sum(g[4] for g in groups.values()),
            "hand": seen["hand"], "placed": seen["placed"], "lost": seen["lost"], "chips": seen["chips"],
            # The observation hides other players' kinds (None) until the game is over.
            "chip_kinds": seen["chip_kinds"], "played": list(seen["played"]),
        })
    return out


class KKTable(GameTable):
    """A Kardinal & König card game in progress: the human seat plays by clicking, bots play the rest.

    ``KKTable(game=None, *, players=4, seed=0, human=0, bots="greedy")`` (see
    :class:`~widgets.shared.table.GameTable`). Its own synced state: ``board`` (the layout), ``seats`` (displays,
    stones, chips), ``chart`` (the running chart: −2 chips face down until the end) and, in ``status["game"]``, the turn
    in progress (``phase``, ``cards_left``, ``turn``).
    """

    _esm = esm("kardinal_koenig/static/table.js")
    _css = css("kardinal_koenig/static/kardinal_koenig.css")

    game_class = CardGame
    default_players = 4
    click_hint = "Click a highlighted card or a button to decide."
    action_example = "'take 2 14'"

    board = traitlets.List().tag(sync=True)
    seats = traitlets.List().tag(sync=True)
    chart = traitlets.Dict().tag(sync=True)

    def make_catalog(self, game: CardGame) -> dict[str, Any]:
        return {
            "cards": {cid: [c.country, list(c.crests), list(c.routes)] for cid, c in game.cards.items()},
            # the game's own numbers: a variant may change the chart's points and the card counts
            "countries": countries_catalog(game.params["chart_points"], game.params["country_cards"]),
            "crests": dict(CREST_SYMBOLS), "routes": dict(ROUTE_SYMBOLS), "limit_with_chip": game.limit_with_chip,
            "chip_names": {k: names[1] for k, names in LAW_CHIP_KINDS.value.items()},
            "banner": kardinal_koenig.BANNER if game.deck.source == "approx" else "",
        }

    def state_of(self, now: Redraw) -> dict[str, Any]:
        game = now.game
        view = now.observe(self._human)
        outcome = now.outcome
        return {
            "board": _board(view, game.geometry.columns),
            "seats": _seats(game, view, self._human, self._bot_kind),
            # −2 chips stay face down until the end (decision.hidden-score)
            "chart": chart_data(game.chart(), final=now.over, winners=outcome.winners if outcome else (),
                                hide_minus=not now.over),
            "status": {"phase": view["phase"], "start": view["start"], "cards_left": view["cards_left"],
                       "turn": {"country": view["country"], "crests": view["crests"], "limit": view["crest_limit"],
                                "colours": view["colours"], "three": game.state.turn.three,
                                "taken": list(view["taken"])}},
        }

    def choices_of(self, now: Redraw) -> Choices:
        """Each legal action with its words: a card of the layout names ``take``, ``place``, ``lift`` and
        ``discard`` (place ``card:R-C``), the rest are buttons. A card that names no legal action but is one the
        decision's verb could name (a middle card to take, a card with another's stone) still sends that action, so
        the rules say why not."""
        each = []
        for action in now.legal:
            verb, *args = action.split()
            if verb in CARD_WORDS:
                each.append(Choice(action, CARD_WORDS[verb], (f"card:{args[0]}-{args[1]}",), look=verb))
            else:
                label, title = button_words([action], now.game)[action]
                each.append(Choice(action, label, title=title))
        named = {c.places[0] for c in each if c.places}
        tries = {}
        board = _board(now.observe(self._human), now.game.geometry.columns)
        for r, row in enumerate(board, 1):
            for c, cell in enumerate(row, 1):
                place = f"card:{r}-{c}"
                verb = _card_verb(now.forms, cell, self._human) if cell else None
                if verb and place not in named:
                    tries[place] = f"{verb} {r} {c}"
        return Choices(each=each, tries=tries, looks=dict(CARD_WORDS))

    def coach_words(self, game: CardGame, actions: Sequence[str]) -> dict[str, str]:
        """A card's choice names its card ("take the France card at the left end of row 2"): on the board a card's
        tooltip is enough, in a hint's list it must say which card."""
        words = super().coach_words(game, actions)
        rows = _board(game.observe(self._human), game.geometry.columns)
        names = {row[0]: row[1] for row in countries_catalog(game.params["chart_points"], game.params["country_cards"])}
        for action in actions:
            verb, *args = action.split()
            if verb not in CARD_WORDS or len(args) != 2 or not all(a.isdigit() for a in args):
                continue
            r, c = int(args[0]), int(args[1])
            row = rows[r - 1] if 1 <= r <= len(rows) else []
            cell = row[c - 1] if 1 <= c <= len(row) else None
            if cell is None:
                continue
            present = [k + 1 for k, x in enumerate(row) if x is not None]
            end = " at the left end of" if c == present[0] else " at the right end of" if c == present[-1] else " in"
            country = game.cards[cell[0]].country
            words[action] = COACH_WORDS[verb].format(card=f"the {names.get(country, country)} card{end} row {r}")
        return words

    def chart_frame(self) -> pd.DataFrame:
        """The scoring chart of the position shown, laid out as on paper (:func:`.chart.chart_frame`). The −2 chips
        are 0 until the game is over: they lie face down (``decision.hidden-score``)."""
        chart = self._shown().chart()
        return chart_frame(chart, [seat_label(p) for p in range(len(chart.total))])


#: What a click on a card of the layout does, by the verb it names.
CARD_WORDS = {"take": "take this card", "place": "put a claim stone on this card",
              "lift": "lift your claim stone to move it", "discard": "discard this claim stone of yours for good"}


#: A card's choice in a hint or a review, where the card is named.
COACH_WORDS = {"take": "take {card}", "place": "put a claim stone on {card}",
               "lift": "lift your claim stone from {card} to move it",
               "discard": "discard your claim stone on {card} for good"}


def _card_verb(forms: dict[str, str], cell: list[Any], human: int | None) -> str | None:
    """The verb a card names in the decision now, legal or not: take it; place a claim stone on it (or lift one's
    own); discard one's stone from it."""
    if "take" in forms:
        return "take"
    if "place" in forms:
        return "lift" if cell[1] == human and "lift" in forms else "place"
    return "discard" if "discard" in forms else None


#: The bar's buttons in words: action -> (label, tooltip); ``{limit}``: the crest limit with the law chip.
BUTTON_WORDS = {
    "stop": ("stop taking", "Stop taking cards (then the claim stone step)"),
    "pass": ("pass", "No card can be taken: pass"),
    "skip": ("skip the claim stone", "Leave the claim stone step out"),
    "play three": ("law chip: up to {limit} crests", "Play '3 Symbole erlaubt': up to {limit} crests this turn"),
    "play colours": ("law chip: any colours", "Play 'Verschiedene Farben möglich': cards of different countries "
                     "this turn"),
    "play return": ("law chip: a claim stone back", "Play 'Anrechtsstein zurücknehmen': a discarded claim stone "
                    "returns to your hand"),
}


def button_words(legal: list[str], game: CardGame) -> dict[str, list[str]]:
    """The bar's buttons (the legal actions that name no card of the layout) as a learner reads them: action ->
    [label, tooltip]."""
    limit = game.limit_with_chip
    out = {}
    for action in legal:
        if action.split()[0] in ("take", "place", "lift", "discard"):
            continue
        label, title = BUTTON_WORDS.get(action, (action, action))
        out[action] = [label.format(limit=limit), title.format(limit=limit)]
    return out


__all__ = ["BUTTON_WORDS", "KKTable", "button_words"]
