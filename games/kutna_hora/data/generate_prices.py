"""Generate the approximate Kutná Hora price cards, ``prices_approx_v1.json``.

The rule text shows the price cards only in pictures, so this script designs a stand-in from the formulas in
``docs/rules_notes/kutna_hora.md`` ("Designed components", price cards). It was run once; the engine reads the
committed JSON, never this script, and a transcription of the real cards in the same schema replaces the file
without code changes.

Run:  python -m games.kutna_hora.data.generate_prices   (rewrites the JSON beside this file)

Formulas (P = population card 0..40, O = ore card 0..30, n = the slider's notch 0..5; values clamped to 1..12):

    wood    2 + P//8 - n        food   2 + P//7 - n        beer   3 + P//8 - n
    permits 2 + O//6 - n        silver 3 + O//6 - n        ore    4 - O//10 + n   (ore reads the silver slider)

Red no-demand mark: n > 1 + P//8 for wood, food and beer; n > 1 + O//6 for permits and silver; never on ore.
Town-builds marks, in every notch of the good: population 12 wood, 18 food, 24 beer, 32 wood; ore 10 permits,
20 silver. Cells are written as printed: ``"4"``, ``"4x"`` (red ✗), ``"4t"`` (town builds).
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

NOTCHES = 6
OUT = pathlib.Path(__file__).with_name("prices_approx_v1.json")

TOWN_BUILDS = {"population": {12: "wood", 18: "food", 24: "beer", 32: "wood"}, "ore": {10: "permits", 20: "silver"}}


def _clamp(v: int) -> int:
    return max(1, min(12, v))


def _price(good: str, pos: int, n: int) -> int:
    return _clamp({
        "wood": 2 + pos // 8 - n, "food": 2 + pos // 7 - n, "beer": 3 + pos // 8 - n,
        "permits": 2 + pos // 6 - n, "silver": 3 + pos // 6 - n, "ore": 4 - pos // 10 + n,
    }[good])


def _no_demand(good: str, pos: int, n: int) -> bool:
    if good in ("wood", "food", "beer"):
        return n > 1 + pos // 8
    if good in ("permits", "silver"):
        return n > 1 + pos // 6
    return False


def _cell(deck: str, good: str, pos: int, n: int) -> str:
    mark = "x" if _no_demand(good, pos, n) else ""
    if TOWN_BUILDS[deck].get(pos) == good:
        mark += "t"
    return f"{_price(good, pos, n)}{mark}"


def build_table() -> dict[str, Any]:
    decks = {
        "population": {"last": 40, "flip": 20, "sliders": {"wood": ["wood"], "food": ["food"], "beer": ["beer"]}},
        "ore": {"last": 30, "flip": 15, "sliders": {"permits": ["permits"], "silver": ["silver", "ore"]}},
    }
    for name, deck in decks.items():
        goods = [g for gs in deck["sliders"].values() for g in gs]
        deck["notches"] = {slider: NOTCHES for slider in deck["sliders"]}
        deck["cards"] = [
            {good: [_cell(name, good, pos, n) for n in range(NOTCHES)] for good in goods}
            for pos in range(deck["last"] + 1)
        ]
    return {
        "schema": "kutna_hora/price-table/1",
        "name": "approx_v1",
        "source": "approx",
        "description": "Designed stand-in for the printed population and ore cards (not the published numbers).",
        "decks": decks,
    }


def dumps(table: dict[str, Any]) -> str:
    """JSON with one card per line, so a diff against a transcription reads card by card."""
    head = {k: v for k, v in table.items() if k != "decks"}
    parts = [json.dumps(head, ensure_ascii=False, indent=1)[:-2] + ",\n \"decks\": {"]
    for i, (name, deck) in enumerate(table["decks"].items()):
        meta = {k: v for k, v in deck.items() if k != "cards"}
        body = ",\n".join("   " + json.dumps(card, ensure_ascii=False) for card in deck["cards"])
        sep = "," if i < len(table["decks"]) - 1 else ""
        parts.append(f"\n  {json.dumps(name)}: {json.dumps(meta)[:-1]}, \"cards\": [\n{body}\n  ]}}{sep}")
    parts.append("\n }\n}\n")
    return "".join(parts)


def main() -> None:
    OUT.write_text(dumps(build_table()), encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
