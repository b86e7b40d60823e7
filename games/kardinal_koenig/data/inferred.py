"""Kardinal & König card game numbers that we infer from the rule text (``inferred``): the text does not print
them, but its wording points to them (``docs/rules_notes/kardinal_koenig.md``, "Inferences about the cards").

They describe the card sheet, which only the picture shows, so a transcription of the real sheet may break them:
the deck loader (:func:`games.kardinal_koenig.deck.parse_deck`) then accepts the card with a
:class:`~games.kardinal_koenig.deck.DeckWarning` naming the card and the inference, and the engine plays it.
"""

from __future__ import annotations

from games.core import Sourced

#: The tag (``games.core.provenance`` accepts it): written out, so this module does not depend on the constant's name.
INFERRED = "inferred"

#: Crests one card shows at most: 「たいていのカードには上に円形のマークが描かれています」 and
#: 「これゆえたいていの場合、2つの紋章が描かれたカード1枚か、または同色で紋章が1つのカード2枚を取ることになります」 name
#: cards with 1 and 2 crests and none with more (public reviews say 1–2 crests a card).
CRESTS_PER_CARD = Sourced(2, INFERRED, "cards with 1 and 2 crests are named, none with more (国カード, 1.カードを取る)")

#: Route symbols one card shows at most: 「カードの中には右上に船や馬車が描かれているものもあります」 (some cards show
#: a ship or a carriage at the top right). The text does not say a card never shows both; we read it so.
ROUTES_PER_CARD = Sourced(1, INFERRED, "a ship or a carriage at the top right (国カード); 'never both' is our reading")
