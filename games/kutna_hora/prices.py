"""Prices and the two card stands (JA 価格, 活動的な経済, 経済的調整, 上限).

The population stand shows wood, food and beer; the ore stand shows permits, silver and ore. Each good is read
at its slider's notch on the deck's top card. Prices come from an explicit table shaped like the printed cards
(:class:`PriceTable`, loaded from ``data/prices_<name>.json``); nothing here computes a price.

Decks advance one card at a time (top card to the back). A card that becomes the top card may carry a
town-builds icon (the town builds: slider right, the guild's stack loses its top tile) or be the flip card (the
deck is turned over; numbering runs on, 19 → 20 and 14 → 15). At the last card further advances are ignored.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Callable, Mapping, Protocol

from games.core import ConfigError, DataError, Event, Record

from . import town_hall
from .data.components import GOOD_GUILD
from .town_hall import TownHall

DECKS = ("population", "ore")
SCHEMA = "kutna_hora/price-table/1"
_CELL = re.compile(r"([0-9]+)(x?)(t?)\Z")


@dataclass(frozen=True, slots=True)
class Cell:
    """One printed number: its value, the red ✗ (no demand) and the town-builds icon."""

    value: int
    no_demand: bool = False
    town_builds: bool = False

    def __str__(self) -> str:
        return f"{self.value}{'x' if self.no_demand else ''}{'t' if self.town_builds else ''}"


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    last: int  # the last position (the back of the flip card)
    flip: int  # the position shown right after the deck is turned over
    sliders: dict[str, tuple[str, ...]]  # slider -> goods read through it
    notches: dict[str, int]
    cards: tuple[dict[str, tuple[Cell, ...]], ...]  # per position: good -> cells by notch
    #: Derived from ``cards``: per position, slider -> the notches at which one of its goods shows town-builds.
    town_builds: tuple[dict[str, frozenset[int]], ...] = ()

    def __post_init__(self) -> None:
        marks = tuple({slider: frozenset(n for g in goods for n, c in enumerate(card[g]) if c.town_builds)
                       for slider, goods in self.sliders.items()} for card in self.cards)
        object.__setattr__(self, "town_builds", tuple({k: v for k, v in m.items() if v} for m in marks))


class PriceTable:
    """The printed price cards of both stands, with their source tag (``approx`` or ``rulebook``)."""

    def __init__(self, name: str, source: str, description: str, decks: dict[str, Deck]) -> None:
        self.name, self.source, self.description, self.decks = name, source, description, decks
        self.slider_of: dict[str, str] = {}  # good -> slider
        self.deck_of: dict[str, str] = {}  # good or slider -> deck
        for deck in decks.values():
            for slider, goods in deck.sliders.items():
                self.deck_of[slider] = deck.name
                for good in goods:
                    self.slider_of[good] = slider
                    self.deck_of[good] = deck.name
        self.goods: tuple[str, ...] = tuple(self.slider_of)
        self.goods_sorted: tuple[str, ...] = tuple(sorted(self.goods))
        #: (good, its guild) for every good some guild produces, the goods in alphabetical order.
        self.guild_goods: tuple[tuple[str, str], ...] = tuple((g, GOOD_GUILD[g]) for g in self.goods_sorted
                                                              if g in GOOD_GUILD)
        #: (good, its deck, its slider) for every good: how to read all prices off the stands in one pass.
        self.readings: tuple[tuple[str, str, str], ...] = tuple(
            (good, self.deck_of[good], slider) for good, slider in self.slider_of.items())
        self.sliders: tuple[str, ...] = tuple(s for d in decks.values() for s in d.sliders)

    def cell(self, good: str, position: int, notch: int) -> Cell:
        return self.decks[self.deck_of[good]].cards[position][good][notch]

    def starred(self, good: str, position: int, notch: int) -> bool:
        """The ``4*`` star: the number differs from the same good and notch on the previous card (derived)."""
        if position == 0:
            return False
        return self.cell(good, position, notch).value != self.cell(good, position - 1, notch).value

    @classmethod
    def from_dict(cls, data: Any) -> "PriceTable":
        """Validate and load a table; :class:`DataError` names the card, good and notch of any bad cell."""
        if not isinstance(data, Mapping) or data.get("schema") != SCHEMA:
            raise DataError(f"a price table must be an object with schema {SCHEMA!r}")
        if data.get("source") not in ("approx", "rulebook"):
            raise DataError("a price table's source must be 'approx' or 'rulebook'")
        raw_decks = data.get("decks")
        if not isinstance(raw_decks, Mapping) or sorted(raw_decks) != sorted(DECKS):
            raise DataError(f"a price table needs exactly the decks {DECKS}")
        decks = {name: _load_deck(name, raw_decks[name]) for name in DECKS}
        return cls(str(data.get("name", "")), data["source"], str(data.get("description", "")), decks)


def _load_deck(name: str, raw: Any) -> Deck:
    try:
        last, flip = int(raw["last"]), int(raw["flip"])
        sliders = {str(s): tuple(map(str, goods)) for s, goods in raw["sliders"].items()}
        notches = {str(s): int(n) for s, n in raw["notches"].items()}
        cards_raw = raw["cards"]
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise DataError(f"{name} deck: missing or malformed field ({err})") from err
    if sorted(notches) != sorted(sliders) or any(n < 1 for n in notches.values()):
        raise DataError(f"{name} deck: every slider needs a notch count of at least 1")
    if not 0 < flip <= last or len(cards_raw) != last + 1:
        raise DataError(f"{name} deck: needs cards for positions 0..{last} and a flip inside them")
    cards = []
    for pos, card in enumerate(cards_raw):
        row = {}
        for slider, goods in sliders.items():
            for good in goods:
                texts = card.get(good) if isinstance(card, Mapping) else None
                if not isinstance(texts, list) or len(texts) != notches[slider]:
                    raise DataError(f"{name} card {pos}, {good}: needs {notches[slider]} cells, one per notch")
                row[good] = tuple(_parse_cell(name, pos, good, n, t) for n, t in enumerate(texts))
                if good != slider and any(c.town_builds for c in row[good]):
                    raise DataError(f"{name} card {pos}, {good}: only a slider's own good can carry town-builds")
        cards.append(row)
    return Deck(name=name, last=last, flip=flip, sliders=sliders, notches=notches, cards=tuple(cards))


def _parse_cell(deck: str, pos: int, good: str, notch: int, text: Any) -> Cell:
    m = _CELL.match(text) if isinstance(text, str) else None
    if not m or int(m.group(1)) < 1:
        raise DataError(f"{deck} card {pos}, {good}, notch {notch}: {text!r} is not a price cell "
                        "(write a number of at least 1, then x for the red ✗ and/or t for town builds)")
    return Cell(int(m.group(1)), bool(m.group(2)), bool(m.group(3)))


_REGISTERED: dict[str, PriceTable] = {}


def register_price_table(name: str, table: PriceTable) -> None:
    """Make ``table`` available as ``price_table=name`` (e.g. a transcription loaded from your own file)."""
    if not re.fullmatch(r"[a-z0-9_]+", name):
        raise DataError(f"{name!r} is not a price table name (lower-case letters, digits, _)")
    _REGISTERED[name] = table


def load_price_table(name: str = "approx_v1") -> PriceTable:
    """The table registered as ``name``, else ``data/prices_<name>.json`` shipped with the package."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    return _load_packaged(name)


@functools.cache
def _load_packaged(name: str) -> PriceTable:
    if not re.fullmatch(r"[a-z0-9_]+", name):
        raise DataError(f"{name!r} is not a price table name")
    path = resources.files("games.kutna_hora.data") / f"prices_{name}.json"
    if not path.is_file():
        raise DataError(f"no price table named {name!r} (looked for {path.name})")
    return PriceTable.from_dict(json.loads(path.read_text(encoding="utf-8")))


def table_for_config(name: str) -> PriceTable:
    """The price table a game's config names; :class:`ConfigError` (a bad setting) when there is none."""
    try:
        return load_price_table(name)
    except DataError as err:
        raise ConfigError(str(err)) from err


# ---------------------------------------------------------------- the table as a designable parameter
def table_cells(table: PriceTable) -> dict[str, list[dict[str, list[str]]]]:
    """Every printed cell of ``table`` as the ``prices`` parameter holds it: deck -> cards by position -> good ->
    cell texts by notch (``{"ore": [{"permits": ["2", "1", "1x", ...], "silver": [...], "ore": [...]}, ...]}``), so a
    cell is named ``prices.ore.3.silver.0`` (deck, card, good, notch)."""
    return {name: [{good: [str(cell) for cell in cells] for good, cells in card.items()} for card in deck.cards]
            for name, deck in table.decks.items()}


def table_with(base: PriceTable, cells: Mapping[str, Any]) -> PriceTable:
    """``base`` with its cells replaced by ``cells`` (shaped as :func:`table_cells` gives them), checked by
    :meth:`PriceTable.from_dict`: a cell it refuses raises :class:`DataError` with its sentence."""
    decks = {name: {"last": deck.last, "flip": deck.flip, "notches": dict(deck.notches),
                    "sliders": {slider: list(goods) for slider, goods in deck.sliders.items()},
                    "cards": [{good: list(texts) for good, texts in card.items()} for card in cells[name]]}
             for name, deck in base.decks.items()}
    return PriceTable.from_dict({"schema": SCHEMA, "name": base.name, "source": base.source,
                                 "description": base.description, "decks": decks})


def price_changes(good: str, price: Callable[[int, int, Cell], int], table: PriceTable | None = None) \
        -> dict[str, str]:
    """The variant changes that reprint every cell of ``good`` (``"wood"`` ... ``"ore"``) by a rule of yours:
    ``price(card, notch, cell)`` gives the new number for the cell printed on deck position ``card`` at slider notch
    ``notch`` (``cell.value`` is the printed number); its red ✗ and town-builds marks stay. Only the cells that change
    are returned, as ``{"prices.ore.12.ore.0": "2", ...}``, ready for ``Changes.of(...)``. ``table`` is the table
    the changes are read from (by default ``approx_v1``, the one the ``prices`` parameter describes).

    Ore prices that fall twice as fast along the ore deck (the printed ore price loses 1 every 10 cards)::

        price_changes("ore", lambda card, notch, cell: max(1, cell.value - card // 10))
    """
    table = table or load_price_table("approx_v1")
    if good not in table.deck_of:
        raise DataError(f"no good {good!r} on the price cards (the goods: {', '.join(table.goods)})")
    deck = table.decks[table.deck_of[good]]
    out = {}
    for position, card in enumerate(deck.cards):
        for notch, cell in enumerate(card[good]):
            value = price(position, notch, cell)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise DataError(f"{deck.name} card {position}, {good}, notch {notch}: the new price {value!r} is "
                                "not a whole number of at least 1")
            text = str(Cell(value, cell.no_demand, cell.town_builds))
            if text != str(cell):
                out[f"prices.{deck.name}.{position}.{good}.{notch}"] = text
    return out


@dataclass(slots=True)
class Stands(Record):
    """The two card stands: each deck's position and each slider's notch (0 = far left)."""

    population: int
    ore: int
    sliders: dict[str, int]

    def position(self, deck: str) -> int:
        return self.population if deck == "population" else self.ore


def new_stands(table: PriceTable) -> Stands:
    """Setup: decks in order with card 0 on top, every slider at the far left (JA ゲームの準備 8)."""
    return Stands(population=0, ore=0, sliders={slider: 0 for slider in table.sliders})


def cell_now(table: PriceTable, stands: Stands, good: str) -> Cell:
    return table.cell(good, stands.position(table.deck_of[good]), stands.sliders[table.slider_of[good]])


def cost_of(table: PriceTable, stands: Stands, good: str, amount: int) -> int:
    """Paying N wood or N permits means paying N times the current price (JA 価格)."""
    return amount * cell_now(table, stands, good).value


class KeptPrices:
    """Prices by the stands' positions for a game and its clones (:meth:`StandsGame.prices_now`): the last stands
    asked about, and a table of the others."""

    __slots__ = ("last", "table", "cells_last")

    def __init__(self) -> None:
        self.last: tuple[int, int, dict[str, int], dict[str, int]] | None = None
        self.table: dict[tuple, dict[str, int]] = {}
        #: The cells of the last stands :meth:`StandsGame.cells` read (every listing of the sandbox reads them).
        self.cells_last: tuple[int, int, dict[str, int], dict[str, Cell]] | None = None


class StandsGame:
    """Mixin for a game played on the two card stands and the town hall (its state holds ``stands`` and ``hall``;
    ``_prepare`` sets ``table`` and ``prices_kept = KeptPrices()``): what the price mechanics need
    (:class:`Economy`), and prices read now."""

    table: PriceTable
    state: Any
    prices_kept: KeptPrices

    @property
    def stands(self) -> Stands:
        return self.state.stands

    @property
    def hall(self) -> TownHall:
        return self.state.hall

    def price(self, good: str) -> int:
        """The current price of ``good`` in groschen."""
        return self.cells()[good].value  # cell_now(...).value, read from the kept cells of these stands

    def prices(self) -> dict[str, int]:
        """Every good's current price."""
        return {good: cell.value for good, cell in self.cells().items()}

    def prices_now(self) -> Mapping[str, int]:
        """:meth:`prices`, kept by the stands' positions (``prices_kept``, which the game's ``_prepare`` makes and its
        clones share): the bots rate thousands of positions on a few stands. Read it, never change it."""
        stands = self.state.stands
        kept = self.prices_kept
        last = kept.last
        if last is not None and last[0] == stands.population and last[1] == stands.ore and last[2] == stands.sliders:
            return last[3]
        key = (stands.population, stands.ore, *stands.sliders.items())
        found = kept.table.get(key)
        if found is None:
            if len(kept.table) >= 4096:  # a bound for long runs; cheap to refill
                kept.table.clear()
            found = kept.table[key] = self.prices()
        kept.last = (stands.population, stands.ore, dict(stands.sliders), found)
        return found

    def cells(self) -> dict[str, Cell]:
        """Every good's current cell (price, ✗, town-builds icon): :func:`cell_now` for all goods at once. Kept for
        the last stands asked about (``prices_kept``, shared with clones): the sandbox reads them at every listing and
        every Rights or Build, and the stands move on only some turns. Read it, never change it."""
        table, stands = self.table, self.state.stands
        kept = self.prices_kept
        last = kept.cells_last
        notch = stands.sliders
        if last is not None and last[0] == stands.population and last[1] == stands.ore and last[2] == notch:
            return last[3]
        cards = {"population": table.decks["population"].cards[stands.population],
                 "ore": table.decks["ore"].cards[stands.ore]}
        found = {good: cards[deck][good][notch[slider]] for good, deck, slider in table.readings}
        kept.cells_last = (stands.population, stands.ore, dict(notch), found)
        return found


class Economy(Protocol):
    """What the price mechanics need from a game: the table, the stands, the town hall and the event log."""

    table: PriceTable

    @property
    def stands(self) -> Stands: ...

    @property
    def hall(self) -> TownHall: ...

    def emit(self, rule: str, text: str, **data: Any) -> Event: ...


def advance(game: Economy, deck: str, cards: int) -> int:
    """Advance ``deck`` by ``cards`` cards, one at a time; return how many actually moved (JA 価格, 上限)."""
    spec = game.table.decks[deck]
    stands = game.stands
    moved = 0
    population = deck == "population"
    for _ in range(cards):
        pos = stands.population if population else stands.ore  # stands.position(deck), without a call per card
        if pos >= spec.last:
            game.emit("caps.deck-end", f"The {deck} deck is at its last card ({pos}); the advance is ignored.",
                      deck=deck, position=pos)
            break
        pos += 1
        if population:
            stands.population = pos
        else:
            stands.ore = pos
        moved += 1
        if pos == spec.flip:
            game.emit("prices.flip", f"The flip card: the {deck} deck is turned over and goes on at {pos}.",
                      deck=deck, position=pos)
        game.emit("prices.advance", f"The {deck} deck advances to card {pos}.", deck=deck, position=pos)
        if spec.town_builds[pos]:
            _town_builds_on_card(game, spec, pos)
    return moved


def _town_builds_on_card(game: Economy, spec: Deck, pos: int) -> None:
    # The icons are read as the card appears, before any slider moves (docs/rules_notes: town builds once).
    sliders = game.stands.sliders
    due = [slider for slider, notches in spec.town_builds[pos].items() if sliders[slider] in notches]
    for slider in due:
        town_builds(game, slider)


def town_builds(game: Economy, slider: str) -> None:
    """The town builds: slider one notch right, discard the top tile of the guild's stack, stack to row end."""
    guild = GOOD_GUILD[slider]
    tile = town_hall.discard_top(game.hall, guild)
    where = f"the top {guild} tile ({tile}) is discarded" if tile else f"no {guild} tile is left to discard"
    game.emit("prices.town-builds", f"Demand for {slider} is so high that the town builds: {where}.",
              slider=slider, guild=guild, discarded=tile)
    move_slider(game, slider, "prices.town-builds")


def move_slider(game: Economy, slider: str, rule: str) -> bool:
    """Move ``slider`` one notch right (prices of its goods fall; for silver, ore rises). False at the end."""
    notch = game.stands.sliders[slider]
    last = game.table.decks[game.table.deck_of[slider]].notches[slider] - 1
    if notch >= last:
        game.emit("decision.slider-at-end", f"The {slider} slider is already at the far right and stays there.",
                  slider=slider, notch=notch)
        return False
    game.stands.sliders[slider] = notch + 1
    game.emit(rule, f"The {slider} slider moves one notch right (notch {notch} → {notch + 1}).",
              slider=slider, notch=notch + 1)
    return True


def stand_snapshot(table: PriceTable, stands: Stands) -> dict[str, Any]:
    """Both stands as a view draws them: each deck's visible card and, per good, every notch's printed cell
    with the current one marked, the ✗ and town-builds icons and the derived stars. JSON-ready."""
    out: dict[str, Any] = {"table": table.name, "source": table.source, "decks": {}}
    for name, deck in table.decks.items():
        pos = stands.position(name)
        goods = {}
        for slider, slider_goods in deck.sliders.items():
            notch = stands.sliders[slider]
            for good in slider_goods:
                cells = deck.cards[pos][good]
                goods[good] = {
                    "slider": slider, "notch": notch, "price": cells[notch].value,
                    "cells": [[c.value, c.no_demand, c.town_builds, table.starred(good, pos, n)]
                              for n, c in enumerate(cells)],
                }
        out["decks"][name] = {"position": pos, "last": deck.last, "flip": deck.flip,
                              "flipped": pos >= deck.flip, "goods": goods}
    return out


#: The building effects that move the card stands (the price sandbox resolves only these).
STAND_EFFECTS = ("slider", "ore-deck", "population")


def stand_effect(game: Economy, good: str, kind: str, amount: int) -> None:
    """One effect of a new building on the stands (``good`` is the building's, "" for a public building):

    * ``slider``: its good's slider moves ``amount`` notches right (one slider serves silver and ore);
    * ``ore-deck``: the ore deck advances ``amount`` (a miners' building: as far as its ore production rose);
    * ``population``: the population deck advances ``amount``."""
    if kind == "slider":
        rule = "prices.silver-building" if good == "silver" else "prices.guild-building"
        for _ in range(amount):
            move_slider(game, game.table.slider_of[good], rule)
    elif kind == "ore-deck":
        if good == "ore":
            game.emit("prices.miners-building", f"A miners' building moves no slider; the ore deck advances "
                      f"{amount}.")
        else:
            game.emit("build.ore-deck", f"The building's ore deck icon: the ore deck advances {amount}.")
        advance(game, "ore", amount)
    elif kind == "population":
        draws_people(game, amount, "build.population", "building")


def draws_people(game: Economy, population: int, rule: str, what: str) -> None:
    """A population icon on a new building or mine (``what``): the population deck advances by it."""
    if population:
        game.emit(rule, f"The {what} draws people: population +{population}.")
        advance(game, "population", population)
