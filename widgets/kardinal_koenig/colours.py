"""How Kardinal & König's pieces look in the views (our choice: the rule text names no colours or symbols)."""

from __future__ import annotations

#: Country colours of the cards.
COUNTRY_COLOURS = {
    "france": "#3b5ba9", "saxony": "#2e8b57", "hungary": "#c0392b", "castile": "#d4a017", "franconia": "#8e44ad",
    "bavaria": "#5dade2", "italy": "#e67e22", "england": "#7f8c8d", "denmark": "#e84393",
}
#: Country short names for the cards (France and Franconia need more than their first three letters).
COUNTRY_SHORT = {"france": "Fra", "saxony": "Sax", "hungary": "Hun", "castile": "Cas", "franconia": "Frk",
                 "bavaria": "Bav", "italy": "Ita", "england": "Eng", "denmark": "Den"}
CREST_SYMBOLS = {"cross": "✚", "fan": "◗", "tower": "♜", "lily": "⚜"}
ROUTE_SYMBOLS = {"ship": "⛵", "carriage": "🛒"}
#: Crest kinds in words: singular, plural.
CREST_WORDS = {"cross": ("cross", "crosses"), "fan": ("fan", "fans"), "tower": ("tower", "towers"),
               "lily": ("lily", "lilies")}
