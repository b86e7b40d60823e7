"""Generate the designed assistant cards ``assistant_cards_approx_v1.json``
(``python -m games.chartres.data.generate_cards``).

The published cards are not public, so this script designs a frozen stand-in to the recipe in
``docs/rules_notes/chartres.md``, "Designed components" (assistant cards): 3 colours × 20 cards, 1–2 resource icons
each (torch ≈ 25 %, horse ≈ 20 %, cart ≈ 15 %, white and red grapes ≈ 20 % each), abilities built only from the rule
text's glossary, about a third with a bonus. A test checks the committed file equals this script's output, so the
file cannot drift from its recipe.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from games.core import Rng

from . import rulebook

SEED = 1194
OUT = Path(__file__).with_name("assistant_cards_approx_v1.json")
PER_COLOUR = 20
#: Resource icons over the 60 cards (90 icons: 1–2 per card).
ICONS = {"torch": 22, "horse": 18, "cart": 14, "white": 18, "red": 18}


def _main_abilities(colour: str) -> list[dict]:
    """The 20 main abilities of one colour: window builds (with the discard the text shows), tracks, citizens,
    scoring, draws, with "N×" and "condition ▶" multipliers."""
    once = lambda *do: {"times": 1, "per": "", "do": list(do)}  # noqa: E731
    return [
        once(f"discard:{colour}", f"window:{colour}"),
        once(f"discard:{colour}", f"window:{colour}"),
        once("discard:any", "discard:any", "window:white"),
        once("discard_same:2", "window:any"),
        {"times": 2, "per": "", "do": [f"discard:{colour}", f"window:{colour}"]},
        {"times": 1, "per": "cart", "do": ["draw:2"]},
        {"times": 1, "per": "horse", "do": ["draw:1"]},
        once("gain_citizen"),
        {"times": 2, "per": "", "do": ["gain_citizen"]},
        once("place_citizen"),
        {"times": 2, "per": "", "do": ["place_citizen"]},
        once("shield"),
        once("discard:any", "shield", "shield"),
        once("cross"),
        once("discard:any", "cross", "cross"),
        once("barrel"),
        {"times": 1, "per": "white", "do": ["barrel"]},
        once("score_windows"),
        once("score_cross"),
        once("discard:any", "draw:3"),
    ]


BONUSES = [
    {"times": 1, "per": "", "do": ["draw:1"]},
    {"times": 1, "per": "", "do": ["gain_citizen"]},
    {"times": 1, "per": "", "do": ["barrel"]},
    {"times": 1, "per": "", "do": ["shield"]},
    {"times": 1, "per": "", "do": ["cross"]},
    {"times": 1, "per": "", "do": ["place_citizen"]},
]


def generate() -> dict:
    rng = Rng(SEED)
    n = PER_COLOUR * len(rulebook.WINDOW_COLOURS)
    icons = [r for r, k in ICONS.items() for _ in range(k)]
    rng.shuffle(icons)
    # every card gets one icon, the remaining 30 go to 30 distinct cards
    resources = [[icons[i]] for i in range(n)]
    doubles = list(range(n))
    rng.shuffle(doubles)
    for card, icon in zip(doubles, icons[n:], strict=False):
        resources[card].append(icon)
    cards = []
    for c, colour in enumerate(rulebook.WINDOW_COLOURS):
        mains = _main_abilities(colour)
        rng.shuffle(mains)
        with_bonus = set(list(range(PER_COLOUR))[:: 3])  # about a third
        for k, main in enumerate(mains):
            i = c * PER_COLOUR + k
            bonus = BONUSES[rng.below(len(BONUSES))] if k in with_bonus else None
            cards.append({"id": f"a{i + 1:02d}", "colour": colour, "resources": sorted(resources[i]),
                          "main": main, "bonus": bonus})
    return {"name": "approx_v1", "source": "approx",
            "note": "designed stand-in for the assistant cards (docs/rules_notes/chartres.md, Designed components); "
                    "not the published cards", "cards": cards}


def render() -> str:
    return json.dumps(generate(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    sys.stdout.write(f"wrote {OUT}\n")
