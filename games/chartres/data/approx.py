"""The designed Chartres component set ``approx_v1``: every number the rule text shows only in pictures.

SOURCE says so, and every view and notebook that shows these numbers carries the banner
"Values differ from the published game." The shapes follow the rule text (9 window spaces, 4 cross levels, status
levels 1–9 with multipliers 0–8, 8-space cellars, 12 bonus tiles costing 1–4 citizens); the values are the
placeholders of ``shared/notes/chartres.md`` §4. A transcription of the real components is a mapping of the same
shape, registered with :func:`games.chartres.components.register_components`: no code changes.

Abilities are written ``{"times": N, "per": resource or "", "do": [atoms...]}`` with the rule text's glossary as
atoms (see :mod:`games.chartres.abilities`).
"""

from __future__ import annotations

import json
from importlib import resources

SOURCE = "approx (no public data)"


def _once(*do: str) -> dict:
    return {"times": 1, "per": "", "do": list(do)}


CELLAR_BONUSES = {"1": "draw:2", "3": "shield", "5": "gain_citizen", "7": "reputation:1"}

APPROX_V1 = {
    "name": "approx_v1",
    "source": "approx",
    "note": SOURCE + ": placeholder values from shared/notes/chartres.md §4",
    # notes §4.1: board A with the marker on space 2 reproduces the rule text's wine example (4 + 3 + 1 = 8 IP)
    "cellars": {
        "A": {"values": [2, 3, 4, 6, 2, 7, 8, 10], "bonuses": CELLAR_BONUSES},
        "B": {"values": [3, 3, 4, 5, 5, 6, 8, 9], "bonuses": CELLAR_BONUSES},
        "C": {"values": [2, 4, 4, 5, 6, 6, 7, 10], "bonuses": CELLAR_BONUSES},
        "D": {"values": [3, 3, 5, 4, 6, 7, 7, 9], "bonuses": CELLAR_BONUSES},
    },
    # notes §4.2: levels 1–9; "stairs" (level 5) is not explained by the text: placeholder cross +1
    "status": {
        "hand_limit": [3, 3, 4, 4, 5, 5, 6, 6, 7],
        "multiplier": [0, 1, 2, 3, 4, 5, 6, 7, 8],
        "bonuses": {"3": "gain_citizen", "5": "cross", "7": "draw:2"},
    },
    # notes §4.3: levels 1–4
    "cross": {"ip": [1, 3, 6, 10], "cards": [0, 1, 1, 2]},
    # notes §4.4: spaces 1–9
    "windows": {
        "colours": ["yellow", "red", "purple"] * 3,
        "bonuses": ["ip:1", "draw:1", "gain_citizen"] * 3,
        "final": [1, 2, 4, 6, 9, 12, 16, 20, 25],
    },
    # notes §4.5
    "bonus_tiles": [
        {"id": "b01", "cost": 1, "do": ["draw:2"]},
        {"id": "b02", "cost": 1, "do": ["reputation:1"]},
        {"id": "b03", "cost": 1, "do": ["window:white"]},
        {"id": "b04", "cost": 2, "do": ["window:any"]},
        {"id": "b05", "cost": 2, "do": ["shield"]},
        {"id": "b06", "cost": 2, "do": ["cross"]},
        {"id": "b07", "cost": 3, "do": ["reputation:2"]},
        {"id": "b08", "cost": 3, "do": ["window:any", "draw:1"]},
        {"id": "b09", "cost": 3, "do": ["barrel", "barrel"]},
        {"id": "b10", "cost": 4, "do": ["reputation:3"]},
        {"id": "b11", "cost": 4, "do": ["window:any", "window:any"]},
        {"id": "b12", "cost": 4, "do": ["shield", "shield"]},
    ],
    # notes §4.7: 3 city gates, 2 taverns, 13 others (one per glossary effect, a discard on the stronger ones)
    "locations": [
        {"id": "l01", "name": "city gate", "main": _once("place_citizen"), "bonus": None, "city_gate": True,
         "tavern": False},
        {"id": "l02", "name": "city gate", "main": _once("place_citizen"), "bonus": None, "city_gate": True,
         "tavern": False},
        {"id": "l03", "name": "city gate", "main": _once("place_citizen"), "bonus": None, "city_gate": True,
         "tavern": False},
        {"id": "l04", "name": "tavern", "main": _once("tavern"), "bonus": None, "city_gate": False, "tavern": True},
        {"id": "l05", "name": "tavern", "main": _once("tavern"), "bonus": None, "city_gate": False, "tavern": True},
        {"id": "l06", "name": "glaziers' yellow workshop", "main": _once("discard:yellow", "window:yellow"),
         "bonus": None, "city_gate": False, "tavern": False},
        {"id": "l07", "name": "glaziers' red workshop", "main": _once("discard:red", "window:red"), "bonus": None,
         "city_gate": False, "tavern": False},
        {"id": "l08", "name": "glaziers' purple workshop", "main": _once("discard:purple", "window:purple"),
         "bonus": None, "city_gate": False, "tavern": False},
        {"id": "l09", "name": "white glass kiln", "main": _once("discard:any", "discard:any", "window:white"),
         "bonus": None, "city_gate": False, "tavern": False},
        {"id": "l10", "name": "rose window lodge", "main": _once("discard_same:2", "window:any"), "bonus": None,
         "city_gate": False, "tavern": False},
        {"id": "l11", "name": "market", "main": _once("gain_citizen"), "bonus": None, "city_gate": False,
         "tavern": False},
        {"id": "l12", "name": "chapter house", "main": _once("shield"), "bonus": None, "city_gate": False,
         "tavern": False},
        {"id": "l13", "name": "stonemasons' lodge", "main": _once("discard:any", "cross"), "bonus": _once("cross"),
         "city_gate": False, "tavern": False},
        {"id": "l14", "name": "vineyard", "main": _once("barrel"), "bonus": None, "city_gate": False,
         "tavern": False},
        {"id": "l15", "name": "cathedral workshop", "main": _once("discard:any", "score_windows"), "bonus": None,
         "city_gate": False, "tavern": False},
        {"id": "l16", "name": "bell tower", "main": _once("score_cross"), "bonus": None, "city_gate": False,
         "tavern": False},
        {"id": "l17", "name": "scriptorium", "main": _once("draw:2"), "bonus": None, "city_gate": False,
         "tavern": False},
        {"id": "l18", "name": "guild hall", "main": _once("gain_citizen"), "bonus": _once("place_citizen"),
         "city_gate": False, "tavern": False},
    ],
    "path_spaces": 8,  # notes §4.8: warehouse and town hall paths
    "citizens_per_colour": 15,  # notes §4.8
    "tavern_torches": 1,  # notes §4.7: placeholder tavern effect
}


def assistant_cards() -> list:
    """The 60 designed assistant cards (generated by :mod:`.generate_cards`, committed as JSON)."""
    text = resources.files(__package__).joinpath("assistant_cards_approx_v1.json").read_text("utf-8")
    return json.loads(text)["cards"]
