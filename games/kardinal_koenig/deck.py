"""The 56 country cards: which crests and which route each carries, read from a deck file.

The designed deck ``approx_v1`` ships with the package; a transcription of the published card sheet can be
registered under another name (:func:`register_deck`) and chosen with ``deck=...`` in the game config.

The loader refuses what no card can be (an unknown country or crest kind, a wrong card count per country: the rule
text prints the counts) and only warns (:class:`DeckWarning`) where a card breaks one of our inferences about the
sheet (:mod:`.data.inferred`: at most 2 crests a card, never both a ship and a carriage): such a card is played as
given.
"""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping

from games.core import DataError
from games.core.registry import Registry

from .data import approx, inferred, rulebook

#: How :attr:`Card.route` writes a card that shows both a ship and a carriage (possible only in a deck that breaks
#: the inference :data:`.data.inferred.ROUTES_PER_CARD`).
ROUTE_JOIN = "+"


class DeckWarning(UserWarning):
    """A deck card breaks one of our inferences about the card sheet (:mod:`.data.inferred`); it is played as
    given."""


@dataclass(frozen=True, slots=True)
class Card:
    """One country card: ``crests`` lists the kind of each crest (a kind may repeat); ``route`` is
    ``"ship"``, ``"carriage"`` or ``""`` (``"ship+carriage"`` for a card that shows both, which only a deck breaking
    our inference can hold). Ships and carriages are not crests."""

    id: str
    country: str
    crests: tuple[str, ...]
    route: str

    @property
    def routes(self) -> tuple[str, ...]:
        """The route symbols the card shows: ``()``, ``("ship",)``, ``("carriage",)`` or both."""
        return tuple(self.route.split(ROUTE_JOIN)) if self.route else ()


def route_words(card: Card) -> str:
    """``"a ship"``, ``"a carriage"``, ``"a ship and a carriage"`` or ``""``, as the log writes them."""
    return " and ".join(f"a {r}" for r in card.routes)


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


def register_deck(name: str, data: Mapping[str, Any]) -> Deck:
    """Check a deck description (same shape as ``deck_approx_v1.json``) and make it available by ``name``."""
    return _DECKS.register(name, parse_deck(data, name))


def load_deck(name: str = "approx_v1") -> Deck:
    return _DECKS.get(name)


def _approx_v1(name: str) -> Deck:
    text = resources.files("games.kardinal_koenig.data").joinpath("deck_approx_v1.json").read_text("utf-8")
    return parse_deck(json.loads(text), name)


_DECKS: Registry[Deck] = Registry("deck", "decks", "approx_v1", _approx_v1)


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
        if not isinstance(crests, list) or any(k not in kinds for k in crests):
            raise DataError(f"{where} ({cid}): crests must be a list of {', '.join(kinds)} (a kind may repeat)")
        _check_crest_inference(where, cid, len(crests))
        routes = _routes(where, cid, route)
        seen.add(cid)
        cards.append(Card(cid, country, tuple(sorted(crests)), ROUTE_JOIN.join(routes)))
    for country, count in rulebook.COUNTRY_CARDS.value.items():
        found = sum(c.country == country for c in cards)
        if found != count:
            raise DataError(f"deck {name!r}: {country} needs {count} cards (rule text), found {found}")
    return Deck(name, str(data.get("source", "transcribed")), str(data.get("note", "")), tuple(cards))


def _check_crest_inference(where: str, cid: str, count: int) -> None:
    """Warn when a card shows more crests than our inference allows; say so too when no turn could take it."""
    most = inferred.CRESTS_PER_CARD.value
    if count <= most:
        return
    limit = rulebook.CREST_LIMIT_WITH_CHIP.value
    untakeable = (f" No turn can take it (the crest limit is {limit} even with the '3 crests allowed' chip): a game "
                  "with it ends when a whole round passes without a card taken." if count > limit else "")
    warnings.warn(f"{where} ({cid}) shows {count} crests: this breaks our inference 'at most {most} crests per "
                  f"card' (data/inferred.py CRESTS_PER_CARD); the card is played as given.{untakeable}",
                  DeckWarning, stacklevel=3)


def _routes(where: str, cid: str, route: Any) -> list[str]:
    """The card's route symbols from ``""``, ``"ship"``, ``"carriage"`` or a list of them; warns when a card shows
    more than our inference allows (never both a ship and a carriage)."""
    listed = route if isinstance(route, list) else [route] if route else []
    if not isinstance(route, (str, list)) or any(r not in rulebook.ROUTES for r in listed) or \
            len(set(listed)) != len(listed):
        raise DataError(f"{where} ({cid}): route must be 'ship', 'carriage', '' or a list of different ones, "
                        f"not {route!r}")
    most = inferred.ROUTES_PER_CARD.value
    if len(listed) > most:
        warnings.warn(f"{where} ({cid}) shows both a ship and a carriage: this breaks our inference 'a card shows "
                      "a ship or a carriage, never both' (data/inferred.py ROUTES_PER_CARD); the card counts for "
                      "both roads.", DeckWarning, stacklevel=3)
    return [r for r in rulebook.ROUTES if r in listed]


# ------------------------------------------------------------------------------------------------ variants
#: How the ``cards`` parameter writes several crests or both routes on one card: ``"cross+fan"``, ``"ship+carriage"``.
CELL_JOIN = "+"


def card_table(deck: Deck) -> dict[str, dict[str, str]]:
    """The deck as the ``cards`` parameter writes it: card id -> ``{"crests": "cross+fan", "route": "ship"}``."""
    return {c.id: {"crests": CELL_JOIN.join(c.crests), "route": c.route} for c in deck.cards}


def card_from_cell(cid: str, country: str, cell: Mapping[str, str]) -> Card | str:
    """The card a ``cards`` cell describes, or why it cannot be one (a sentence naming the card)."""
    crests_text, route_text = cell["crests"], cell["route"]
    kinds = approx.CREST_KINDS.value
    crests = [k for k in crests_text.split(CELL_JOIN)] if crests_text else []
    unknown = [k for k in crests if k not in kinds]
    if unknown:
        return (f"card {cid} shows the crest {unknown[0]!r}, which is no crest kind; write its crests as kinds joined "
                f"by '+' ({', '.join(kinds)}; a kind may repeat), or '' for none")
    routes = route_text.split(CELL_JOIN) if route_text else []
    if any(r not in rulebook.ROUTES for r in routes) or len(set(routes)) != len(routes):
        return f"card {cid}: its route is '', 'ship', 'carriage' or 'ship+carriage', not {route_text!r}"
    return Card(cid, country, tuple(sorted(crests)), ROUTE_JOIN.join(r for r in rulebook.ROUTES if r in routes))


def varied_deck(base: Deck, counts: Mapping[str, int], cells: Mapping[str, Mapping[str, str]] | None) -> Deck:
    """``base`` with a variant's cards: ``cells`` (the ``cards`` parameter, ``None`` to keep the base's) gives each
    card's crests and route; ``counts`` each country's card count. A country with fewer cards leaves its last cards
    out; one with more gets copies of its own cards, from its first card on (``france-9`` is a copy of ``france-1``).
    The cards keep the base deck's order, each country's added cards after its own."""
    by_country: dict[str, list[Card]] = {country: [] for country in rulebook.COUNTRIES}
    for card in base.cards:
        if cells is not None:
            made = card_from_cell(card.id, card.country, cells[card.id])
            assert isinstance(made, Card), made  # the parameter's check refused every cell that is no card
            card = made
        by_country[card.country].append(card)
    taken = {card.id for card in base.cards}
    out: list[Card] = []
    for country in dict.fromkeys(card.country for card in base.cards):
        own, wanted = by_country[country], counts[country]
        out += own[:wanted]
        for extra in range(wanted - len(own)):
            model = own[extra % len(own)]
            cid = f"{country}-{len(own) + extra + 1}"
            while cid in taken:  # a transcribed deck may name its cards otherwise: never two cards with one id
                cid += "+"
            taken.add(cid)
            out.append(Card(cid, country, model.crests, model.route))
    return Deck(base.name, base.source, base.note, tuple(out))
