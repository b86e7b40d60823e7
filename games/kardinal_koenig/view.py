"""A plain HTML picture of a game for notebooks without widgets (``_repr_html_``): rows, displays, chart."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .data.components import COUNTRIES

if TYPE_CHECKING:
    from .game import CardGame

#: Country colours for the views (our choice; the published cards' colours are not in the text).
COUNTRY_COLOURS = {
    "france": "#3b5ba9", "saxony": "#2e8b57", "hungary": "#c0392b", "castile": "#d4a017", "franconia": "#8e44ad",
    "bavaria": "#5dade2", "italy": "#e67e22", "england": "#7f8c8d", "denmark": "#e84393",
}
CREST_SYMBOLS = {"cross": "✚", "fan": "◗", "tower": "♜", "lily": "⚜"}
ROUTE_SYMBOLS = {"ship": "⛵", "carriage": "🛒", "": ""}


def card_label(card) -> str:
    return "".join(CREST_SYMBOLS[k] for k in card.crests) + ROUTE_SYMBOLS[card.route]


def game_html(game: CardGame) -> str:
    s = game.state
    view = game.observe(None)
    rows = []
    for row in view["rows"]:
        tds = []
        for cell in row:
            card = game.cards[cell["card"]]
            stone = f" ●{cell['stone'] + 1}" if cell["stone"] is not None else ""
            chip = " ▣" if cell["chip"] else ""
            tds.append(f"<td style='background:{COUNTRY_COLOURS[card.country]};color:white;padding:2px 4px'>"
                       f"{escape(card_label(card))}{stone}{chip}</td>")
        rows.append(f"<tr>{''.join(tds)}</tr>")
    counts = []
    for p, display in enumerate(s.displays):
        per = {c: 0 for c in COUNTRIES}
        for cid in display:
            per[game.cards[cid].country] += 1
        shown = ", ".join(f"{c} {n}" for c, n in per.items() if n) or "no cards"
        counts.append(f"<li>Player {p + 1}: {escape(shown)}</li>")
    decision = game.pending()
    return (f"<div><b>{escape(game.title)}</b><table>{''.join(rows)}</table><ul>{''.join(counts)}</ul>"
            f"<i>{escape(decision.prompt if decision else 'game over')}</i></div>")
