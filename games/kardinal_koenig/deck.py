"""The 56 country cards: which crests and which route each carries, read from a deck file.

The designed deck ``approx_v1`` ships with the package; a transcription of the published card sheet can be
registered under another name (:func:`register_deck`) and chosen with ``deck=...`` in the game config.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping

from games.core import DataError

from .data import approx, rulebook


@dataclass(frozen=True, slots=True)
class Card:
    """One country card: ``crests`` lists the kind of each crest (a kind may repeat); ``route`` is
    ``"ship"``, ``"carriage"`` or ``""``. Ships and carriages are not crests."""

    id: str
    country: str
    crests: tuple[str, ...]
    route: str

    @property
    def crest_count(self) -> int:
        return len(self.crests)


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    source: str  # "approx" (designed) or "rulebook"/"transcribed"
    note: str
    cards: tuple[Card, ...]

    def by_id(self) -> dict[str, Card]:
        return {c.id: c for c in self.cards}


def country_name(country: str) -> str:
    """The country's English name, as prompts and the log write it (``"france"`` -> ``"France"``)."""
    return rulebook.COUNTRY_NAMES[country][1]


_REGISTERED: dict[str, Deck] = {}


def register_deck(name: str, data: Mapping[str, Any]) -> Deck:
    """Check a deck description (same shape as ``deck_approx_v1.json``) and make it available by ``name``."""
    deck = parse_deck(data, name)
    _REGISTERED[name] = deck
    return deck


def load_deck(name: str = "approx_v1") -> Deck:
    if name not in _REGISTERED:
        if name != "approx_v1":
            raise DataError(f"unknown deck {name!r}; known decks: {', '.join(sorted({'approx_v1', *_REGISTERED}))}")
        text = resources.files("games.kardinal_koenig.data").joinpath("deck_approx_v1.json").read_text("utf-8")
        _REGISTERED[name] = parse_deck(json.loads(text), name)
    return _REGISTERED[name]


def parse_deck(data: Any, name: str) -> Deck:
    if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
        raise DataError(f"deck {name!r}: expected an object with a 'cards' list")
    cards = []
    seen: set[str] = set()
    for i, raw in enumerate(data["cards"]):
        where = f"deck {name!r} card {i + 1}"
        if not isinstance(raw, Mapping) or set(raw) != {"id", "country", "crests", "route"}:
            raise DataError(f"{where}: expected exactly id, country, crests and route")
        cid, country, crests, route = raw["id"], raw["country"], raw["crests"], raw["route"]
        if not isinstance(cid, str) or not cid or cid in seen:
            raise DataError(f"{where}: id must be a unique non-empty text, not {cid!r}")
        if country not in rulebook.COUNTRIES:
            raise DataError(f"{where} ({cid}): unknown country {country!r}; countries: {', '.join(rulebook.COUNTRIES)}")
        kinds = approx.CREST_KINDS.value
        if not isinstance(crests, list) or len(crests) > 2 or any(k not in kinds for k in crests):
            raise DataError(f"{where} ({cid}): crests must be a list of at most 2 of {', '.join(kinds)}")
        if route not in ("", *rulebook.ROUTES):
            raise DataError(f"{where} ({cid}): route must be 'ship', 'carriage' or '', not {route!r}")
        seen.add(cid)
        cards.append(Card(cid, country, tuple(sorted(crests)), route))
    for country, count in rulebook.COUNTRY_CARDS.value.items():
        found = sum(c.country == country for c in cards)
        if found != count:
            raise DataError(f"deck {name!r}: {country} needs {count} cards (rule text), found {found}")
    return Deck(name, str(data.get("source", "transcribed")), str(data.get("note", "")), tuple(cards))
