"""Kardinal & König card game numbers designed by us (``approx``): the rule text shows them only on the card sheet
and in the setup figure (recipe and reasons: ``docs/rules_notes/kardinal_koenig.md``, "Designed components").

The per-card crests and routes live in ``deck_approx_v1.json`` and can be replaced by a transcription of the real
sheet (:func:`games.kardinal_koenig.deck.register_deck`) without code changes.
"""

from __future__ import annotations

from games.core import APPROX, Sourced

#: How many chips of each kind: the text says 8 chips of 4 kinds, not the split.
LAW_CHIP_SPLIT = Sourced({"return": 2, "three": 2, "colours": 2, "minus2": 2}, APPROX,
                         "2 of each kind (docs/rules_notes/kardinal_koenig.md, Designed components)")

#: Cards marked X in the setup figure, as (row, column), 1-based: the picture is not in the text.
LAW_CHIP_POSITIONS = Sourced(((1, 2), (1, 13), (2, 3), (2, 12), (3, 4), (3, 11), (4, 5), (4, 10)), APPROX,
                             "second card in on row 1, third on row 2, ... from both ends "
                             "(docs/rules_notes/kardinal_koenig.md, Designed components)")

#: Crest kinds of the designed deck (the text's examples name the cross and the fan in France).
CREST_KINDS = Sourced(("cross", "fan", "tower", "lily"), APPROX,
                      "cross and fan are named in the text (docs/rules_notes/kardinal_koenig.md, Designed components)")
