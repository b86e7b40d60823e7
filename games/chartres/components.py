"""The component set a game is played with: cards, locations, bonus tiles, cellars, status board, tower, windows.

``approx_v1`` (designed, :mod:`.data.approx`) ships with the package. A transcription of the published components
is a mapping of the same shape registered with :func:`register_components` and chosen with
``components=...`` in the game config: no code changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from games.core import DataError
from games.core.registry import Registry

from .abilities import COSTS, Ability, parse_ability
from .data import rulebook


@dataclass(frozen=True, slots=True)
class AssistantCard:
    id: str
    colour: str
    resources: tuple[str, ...]
    main: Ability
    bonus: Ability | None


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    name: str
    main: Ability
    bonus: Ability | None
    city_gate: bool
    tavern: bool


@dataclass(frozen=True, slots=True)
class BonusTile:
    id: str
    cost: int
    do: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Cellar:
    id: str
    values: tuple[int, ...]
    bonuses: Mapping[int, str]  # space index -> atom gained when the marker passes or reaches it


@dataclass(frozen=True)
class Components:
    name: str
    source: str
    note: str
    cards: Mapping[str, AssistantCard]
    locations: Mapping[str, Location]
    tiles: Mapping[str, BonusTile]
    cellars: Mapping[str, Cellar]
    hand_limit: tuple[int, ...]  # by status level 1..9 (index 0..8)
    multiplier: tuple[int, ...]
    status_bonuses: Mapping[int, str]  # status level -> atom
    cross_ip: tuple[int, ...]  # by cross level 1..4
    cross_cards: tuple[int, ...]
    window_colours: tuple[str, ...]
    window_bonuses: tuple[str, ...]
    window_final: tuple[int, ...]
    path_spaces: int
    citizens_per_colour: int
    tavern_torches: int

    @property
    def status_levels(self) -> int:
        return len(self.hand_limit)

    @property
    def cross_levels(self) -> int:
        return len(self.cross_ip)

    @property
    def is_printed(self) -> bool:
        return self.source != "approx"


def register_components(name: str, data: Mapping[str, Any]) -> Components:
    """Check a component description (the shape of ``APPROX_V1`` plus ``assistant_cards``) and make it available
    as ``components=name``."""
    return _SETS.register(name, parse_components(data, name))


def load_components(name: str = "approx_v1") -> Components:
    return _SETS.get(name)


def _approx_v1(name: str) -> Components:
    from .data.approx import APPROX_V1, assistant_cards

    return parse_components({**APPROX_V1, "assistant_cards": assistant_cards()}, name)


_SETS: Registry[Components] = Registry("component set", "sets", "approx_v1", _approx_v1)


@dataclass(frozen=True, slots=True)
class Bounds:
    """The numbers of the rule text a component set is held to: the hand limit's first and highest value, the
    reputation multiplier's first and last value, and the citizens a bonus tile may cost. The printed ones
    (:data:`PRINTED`) unless a variant of the design lab changes them (``games.chartres.parameters``)."""

    hand_limit: tuple[int, int]
    multiplier: tuple[int, int]
    bonus_cost: tuple[int, int]


PRINTED = Bounds((rulebook.HAND_LIMIT_START.value, rulebook.HAND_LIMIT_MAX.value), rulebook.MULTIPLIER_RANGE.value,
                 rulebook.BONUS_COST.value)


def _ints(value: Any, n: int | None, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or (n is not None and len(value) != n) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
        size = f"{n} " if n is not None else ""
        raise DataError(f"{where}: expected a list of {size}whole numbers ≥ 0, found {value!r}")
    return tuple(value)


def bonus_atom(atom: Any, where: str) -> str:
    """A printed bonus (a track space, a window space): one gain of the glossary, never a discard."""
    gained = parse_ability({"times": 1, "per": "", "do": [atom]}, where).do[0]
    if gained.partition(":")[0] in COSTS:
        raise DataError(f"{where}: a printed bonus is a gain, not a discard ({gained})")
    return gained


def _bonuses(value: Any, top: int, where: str) -> dict[int, str]:
    if not isinstance(value, Mapping):
        raise DataError(f"{where}: expected an object of space -> atom")
    out = {}
    for key, atom in value.items():
        if not str(key).isdigit() or not 0 <= int(key) <= top:
            raise DataError(f"{where}: {key!r} is not a space 0–{top}")
        out[int(key)] = bonus_atom(atom, f"{where}.{key}")
    return out


def check_colour(colour: Any, where: str) -> None:
    if colour not in rulebook.WINDOW_COLOURS:
        raise DataError(f"{where}: colour must be one of {', '.join(rulebook.WINDOW_COLOURS)}")


def check_resources(resources: Any, where: str) -> None:
    if not isinstance(resources, list) or not all(r in rulebook.RESOURCES for r in resources):
        raise DataError(f"{where}: resources must be a list of {', '.join(rulebook.RESOURCES)}")


def check_locations(city_gates: Sequence[bool], where: str) -> None:
    """Enough locations to reveal 5 a round, with at most one city gate among them (``city_gates``: each
    location's flag)."""
    if len(city_gates) < 10 or sum(not gate for gate in city_gates) < 5:
        raise DataError(f"{where}: too few locations (or too few that are not city gates) to reveal 5 a round")


def tile_cost(cost: Any, where: str, bounds: Bounds = PRINTED) -> int:
    lo, hi = bounds.bonus_cost
    if isinstance(cost, bool) or not isinstance(cost, int) or not lo <= cost <= hi:
        raise DataError(f"{where}: cost must be {lo}–{hi} citizens (rule text), not {cost!r}")
    return cost


def tile_ability(do: Any, where: str) -> Ability:
    ability = parse_ability({"times": 1, "per": "", "do": do}, where)
    if ability.costs:
        raise DataError(f"{where}: a bonus tile is paid with citizens, not discards")
    return ability


def check_hand_limit(hand: tuple[int, ...], where: str, bounds: Bounds = PRINTED) -> None:
    """The hand limit rises (never falls) from the rule text's first value to its highest."""
    first, top = bounds.hand_limit
    if hand[0] != first or max(hand) != top or list(hand) != sorted(hand):
        raise DataError(f"{where}: the hand limit rises from {first} to {top} (rule text), found {list(hand)}")


def check_multiplier(multiplier: tuple[int, ...], where: str, bounds: Bounds = PRINTED) -> None:
    """The reputation multiplier runs from the rule text's first value to its last."""
    low, high = bounds.multiplier
    if multiplier[0] != low or multiplier[-1] != high:
        raise DataError(f"{where}: the reputation multiplier runs from {low} to {high} (rule text), found "
                        f"{list(multiplier)}")


def check_window_colours(colours: Any, where: str) -> tuple[str, ...]:
    colours = tuple(colours) if isinstance(colours, list) else ()
    if len(colours) != rulebook.WINDOW_SPACES.value or any(c not in rulebook.WINDOW_COLOURS for c in colours):
        raise DataError(f"{where}: windows.colours must name 9 spaces of {', '.join(rulebook.WINDOW_COLOURS)}")
    return colours


def parse_components(data: Any, name: str, bounds: Bounds = PRINTED) -> Components:
    """Check a component description and build its :class:`Components`; ``bounds`` are the rule text's numbers
    it is held to (a variant's, or the printed ones)."""
    where = f"components {name!r}"
    if not isinstance(data, Mapping):
        raise DataError(f"{where}: expected an object")
    need = {"cellars", "status", "cross", "windows", "bonus_tiles", "locations", "path_spaces",
            "citizens_per_colour", "tavern_torches", "assistant_cards"}
    missing = sorted(need - set(data))
    if missing:
        raise DataError(f"{where}: missing {', '.join(missing)}")
    for section in ("cellars", "status", "cross", "windows"):
        if not isinstance(data[section], Mapping):
            raise DataError(f"{where}: {section} must be an object, not {type(data[section]).__name__}")
    for section in ("assistant_cards", "locations", "bonus_tiles"):
        if not isinstance(data[section], list):
            raise DataError(f"{where}: {section} must be a list, not {type(data[section]).__name__}")
    cards = {}
    for i, raw in enumerate(data["assistant_cards"]):
        w = f"{where} card {i + 1}"
        if not isinstance(raw, Mapping) or set(raw) != {"id", "colour", "resources", "main", "bonus"}:
            raise DataError(f"{w}: expected exactly id, colour, resources, main and bonus")
        if not isinstance(raw["id"], str) or raw["id"] in cards:
            raise DataError(f"{w}: id must be a unique text, not {raw['id']!r}")
        check_colour(raw["colour"], f"{w} ({raw['id']})")
        res = raw["resources"]
        check_resources(res, f"{w} ({raw['id']})")
        bonus = None if raw["bonus"] is None else parse_ability(raw["bonus"], f"{w} bonus")
        cards[raw["id"]] = AssistantCard(id=raw["id"], colour=raw["colour"], resources=tuple(res),
                                         main=parse_ability(raw["main"], f"{w} main"), bonus=bonus)
    if len(cards) < 20:
        raise DataError(f"{where}: {len(cards)} assistant cards are too few for a game")
    locations = {}
    for i, raw in enumerate(data["locations"]):
        w = f"{where} location {i + 1}"
        if not isinstance(raw, Mapping) or set(raw) != {"id", "name", "main", "bonus", "city_gate", "tavern"}:
            raise DataError(f"{w}: expected exactly id, name, main, bonus, city_gate and tavern")
        if not isinstance(raw["id"], str) or raw["id"] in locations or raw["id"] in cards:
            raise DataError(f"{w}: id must be a unique text, not {raw['id']!r}")
        for flag in ("city_gate", "tavern"):
            if not isinstance(raw[flag], bool):
                raise DataError(f"{w} ({raw['id']}): {flag} must be true or false, not {raw[flag]!r}")
        bonus = None if raw["bonus"] is None else parse_ability(raw["bonus"], f"{w} bonus")
        main = parse_ability(raw["main"], f"{w} main")
        locations[raw["id"]] = Location(id=raw["id"], name=str(raw["name"]), main=main, bonus=bonus,
                                        city_gate=raw["city_gate"], tavern=raw["tavern"])
    check_locations([loc.city_gate for loc in locations.values()], where)
    tiles = {}
    for i, raw in enumerate(data["bonus_tiles"]):
        w = f"{where} bonus tile {i + 1}"
        if not isinstance(raw, Mapping) or set(raw) != {"id", "cost", "do"}:
            raise DataError(f"{w}: expected exactly id, cost and do")
        if not isinstance(raw["id"], str) or not raw["id"] or raw["id"] in tiles:
            raise DataError(f"{w}: id must be a unique text, not {raw['id']!r} (named twice or empty)")
        cost = tile_cost(raw["cost"], w, bounds)
        tiles[str(raw["id"])] = BonusTile(str(raw["id"]), cost, tile_ability(raw["do"], w).do)
    if len(tiles) != rulebook.BONUS_TILES.value:
        raise DataError(f"{where}: the rule text has {rulebook.BONUS_TILES.value} bonus tiles, found {len(tiles)}")
    cellars = {}
    for cid, raw in data["cellars"].items():
        w = f"{where} cellar {cid}"
        if not isinstance(raw, Mapping) or set(raw) != {"values", "bonuses"}:
            raise DataError(f"{w}: expected exactly values and bonuses")
        values = _ints(raw["values"], None, f"{w}.values")
        if len(values) < 3:
            raise DataError(f"{w}: a cellar needs at least 3 barrels")
        cellars[str(cid)] = Cellar(str(cid), values, _bonuses(raw["bonuses"], len(values) - 1, f"{w}.bonuses"))
    if len(cellars) < 4:
        raise DataError(f"{where}: 4 players each hold a cellar, so at least 4 are needed, found {len(cellars)}")
    status = data["status"]
    hand = _ints(status.get("hand_limit"), None, f"{where} status.hand_limit")
    multiplier = _ints(status.get("multiplier"), len(hand), f"{where} status.multiplier")
    check_hand_limit(hand, where, bounds)
    check_multiplier(multiplier, where, bounds)
    cross = data["cross"]
    cross_ip = _ints(cross.get("ip"), 4, f"{where} cross.ip")
    windows = data["windows"]
    colours = check_window_colours(windows.get("colours"), where)
    window_bonuses = windows.get("bonuses")
    if not isinstance(window_bonuses, list) or len(window_bonuses) != rulebook.WINDOW_SPACES.value:
        raise DataError(f"{where}: windows.bonuses must list 9 atoms")
    for k, atom in enumerate(window_bonuses):
        bonus_atom(atom, f"{where} windows.bonuses[{k}]")
    for key in ("path_spaces", "citizens_per_colour", "tavern_torches"):
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise DataError(f"{where}: {key} must be a whole number ≥ 1, not {value!r}")
    return Components(
        name=name, source=str(data.get("source", "transcribed")), note=str(data.get("note", "")), cards=cards,
        locations=locations, tiles=tiles, cellars=cellars, hand_limit=hand, multiplier=multiplier,
        status_bonuses=_bonuses(status.get("bonuses", {}), len(hand), f"{where} status.bonuses"),
        cross_ip=cross_ip, cross_cards=_ints(cross.get("cards"), 4, f"{where} cross.cards"), window_colours=colours,
        window_bonuses=tuple(window_bonuses), window_final=_ints(windows.get("final"), 9, f"{where} windows.final"),
        path_spaces=data["path_spaces"], citizens_per_colour=data["citizens_per_colour"],
        tavern_torches=data["tavern_torches"])
