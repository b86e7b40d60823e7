"""Generate the designed card sheet ``deck_approx_v1.json`` (``python -m games.kardinal_koenig.data.generate_deck``).

The published cards' crests and routes are only on the card-sheet picture, so this script designs a frozen
stand-in from the per-country quotas of ``docs/rules_notes/kardinal_koenig.md``, "Designed components", with a
fixed seed. A test checks the committed file equals this script's output, so the file cannot drift from its recipe.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from games.core import Rng

from . import approx, rulebook

SEED = 20011
OUT = Path(__file__).with_name("deck_approx_v1.json")

#: country: (crest kinds, cards with 0 / 1 / 2 crests, ships, carriages): "Designed components".
QUOTAS = {
    "france": (("cross", "fan", "lily"), (1, 4, 3), 1, 1),
    "saxony": (("tower", "lily", "cross"), (1, 4, 2), 0, 2),
    "hungary": (("fan", "tower"), (1, 3, 2), 0, 2),
    "castile": (("tower", "cross", "fan"), (1, 4, 2), 2, 0),
    "franconia": (("lily", "fan", "tower"), (1, 4, 2), 0, 2),
    "bavaria": (("lily", "cross"), (1, 3, 2), 0, 2),
    "italy": (("cross", "lily"), (1, 3, 2), 2, 0),
    "england": (("lily", "tower"), (1, 2, 2), 2, 0),
    "denmark": (("fan", "cross"), (0, 3, 1), 1, 0),
}


def generate() -> dict:
    rng = Rng(SEED)
    cards = []
    for country, count in rulebook.COUNTRY_CARDS.value.items():
        kinds, (zero, one, two), ships, carriages = QUOTAS[country]
        assert zero + one + two == count and set(kinds) <= set(approx.CREST_KINDS.value)
        crest_counts = [0] * zero + [1] * one + [2] * two
        routes = ["ship"] * ships + ["carriage"] * carriages + [""] * (count - ships - carriages)
        rng.shuffle(routes)
        for i, n in enumerate(crest_counts):
            # The first crest of each card cycles through the kinds so every kind appears; the second is random.
            crests = [kinds[(i + len(cards)) % len(kinds)] for _ in range(min(n, 1))]
            if n == 2:
                crests.append(rng.choice(kinds))
            cards.append({"id": f"{country}-{i + 1}", "country": country, "crests": sorted(crests),
                          "route": routes[i]})
    return {"name": "approx_v1", "source": "approx",
            "note": "Designed stand-in for the card sheet (docs/rules_notes/kardinal_koenig.md, Designed components); "
                    "card symbols differ from the published cards.",
            "cards": cards}


def render() -> str:
    return json.dumps(generate(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    sys.stdout.write(f"wrote {OUT}\n")
