"""How Chartres' pieces look in the views (our choice: the rule text names no drawing colours). Seat colours are the
shared palette's (:mod:`widgets.shared.palette`); wine and card colours are styled in ``static/*.css``."""

from __future__ import annotations

#: Card and window glass colours (the windows a seat has built are drawn in the glass colour).
CARD_COLOURS = {"yellow": "#e9c43b", "red": "#c8423a", "purple": "#7b4fa0", "white": "#f4f4ee"}
#: Resource badges: one letter each (emoji are missing from many fonts), with the word as a tooltip.
RESOURCE_MARKS = {"torch": "T", "horse": "H", "cart": "C", "white": "W", "red": "R"}
