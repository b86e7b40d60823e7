"""The designable parameters of Chartres: what a designer may change in a variant of the design lab
(``games.core.parameters``), each with its printed value, source, range and the rules it feeds.

Two kinds:

* **Rule-text numbers** (source ``rulebook``, from :mod:`.data.rulebook`): eras, rounds, the action row, the deal,
  the draws, the hand limit's ends, citizens, the overflow IP of the tracks and windows, the scoring tables of
  Phase F and the final scoring, the barrels' grapes; and the switch ``main_optional`` (source ``decision``), which
  is the config option of the same name.
* **The component tables of the set ``approx_v1``** (source ``approx``, from :mod:`.data.approx`): cellars, status
  board, cross tower, windows, bonus tiles, locations, assistant cards, and three single numbers (path spaces,
  citizens per colour, tavern torches). A table is written in a *designer form* with fixed cells, so a variant
  changes one cell by its path (``"cellars.A.values.3": 5``, ``"cards.a07.do.0": "discard:any"``): an ability has
  :data:`ABILITY_SLOTS` atom slots, a tile :data:`TILE_SLOTS`, a card :data:`RESOURCE_SLOTS` resource slots, and a
  track or bonus slot per space; ``""`` is an empty slot (no atom, no bonus, no icon). They change the cells of the
  set ``approx_v1`` only: a game that plays another registered set (config ``components``) refuses a variant that
  changes them (a transcription is changed by registering a changed copy).

Every changed value is checked by the component loader's own rules, in its words (:mod:`.components`), and by the
rules that keep a game finite and sound (:func:`prepare`): the ranges below, and the relations between parameters
the rule text states (one card joins the action row per round, so ``row_full`` is ``row_start`` +
``rounds_per_era``; the hand limit rises from ``hand_limit_start`` to ``hand_limit_max``; ...). The game reads the
values once per game from :func:`prepare`: ``game.parts`` (the component set, changed cells included) and
``game.numbers`` (:class:`Numbers`), both shared by clones and cached by the variant.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping

from games.core import DataError, Parameter, ParameterError
from games.core.parameters import Params, loader_check, thaw

from .abilities import parse_ability
from .components import (
    Bounds,
    Components,
    bonus_atom,
    check_colour,
    check_hand_limit,
    check_locations,
    check_multiplier,
    check_resources,
    check_window_colours,
    load_components,
    parse_components,
    tile_ability,
    tile_cost,
)
from .data import approx, rulebook

#: The component set the component parameters change.
BASE_SET = "approx_v1"
#: Atom slots of an ability (a card's or a location's main ability), of a bonus tile, resource slots of a card.
ABILITY_SLOTS, TILE_SLOTS, RESOURCE_SLOTS = 3, 2, 2
_APPROX_SOURCE = approx.APPROX_V1["source"]
_APPROX_NOTE = approx.APPROX_V1["note"]


# ------------------------------------------------------------------------------------------------ designer forms
def _slots(atoms: Any, n: int, where: str) -> list[str]:
    atoms = list(atoms)
    if len(atoms) > n:  # the printed set never has more: a guard for whoever edits the data
        raise ValueError(f"{where}: {len(atoms)} atoms do not fit the designer form's {n} slots")
    return atoms + [""] * (n - len(atoms))


def _one_atom(bonus: Any, where: str) -> str:
    """A printed bonus ability as one atom ("" for none): every printed bonus is one atom, once."""
    if bonus is None:
        return ""
    if bonus["times"] != 1 or bonus["per"] or len(bonus["do"]) != 1:
        raise ValueError(f"{where}: a bonus ability of more than one atom does not fit the designer form")
    return bonus["do"][0]


def _ability_form(main: Mapping[str, Any], bonus: Any, where: str) -> dict[str, Any]:
    return {"times": main["times"], "per": main["per"], "do": _slots(main["do"], ABILITY_SLOTS, where),
            "bonus": _one_atom(bonus, where)}


def designer_form(data: Mapping[str, Any], cards: list) -> dict[str, Any]:
    """The component tables of a set (the shape of ``APPROX_V1`` and its assistant cards) in the designer form."""
    status = data["status"]
    levels = len(status["hand_limit"])
    return {
        "cellars": {cid: {"values": list(c["values"]),
                          "bonuses": [c["bonuses"].get(str(k), "") for k in range(len(c["values"]))]}
                    for cid, c in data["cellars"].items()},
        "status": {"hand_limit": list(status["hand_limit"]), "multiplier": list(status["multiplier"]),
                   "bonuses": [status["bonuses"].get(str(level), "") for level in range(1, levels + 1)]},
        "cross": {"ip": list(data["cross"]["ip"]), "cards": list(data["cross"]["cards"])},
        "windows": {key: list(data["windows"][key]) for key in ("colours", "bonuses", "final")},
        "bonus_tiles": {t["id"]: {"cost": t["cost"], "do": _slots(t["do"], TILE_SLOTS, t["id"])}
                        for t in data["bonus_tiles"]},
        "locations": {loc["id"]: {**_ability_form(loc["main"], loc["bonus"], loc["id"]),
                                  "city_gate": loc["city_gate"], "tavern": loc["tavern"]}
                      for loc in data["locations"]},
        "cards": {c["id"]: {"colour": c["colour"], "resources": _slots(c["resources"], RESOURCE_SLOTS, c["id"]),
                            **_ability_form(c["main"], c["bonus"], c["id"])} for c in cards},
        "path_spaces": data["path_spaces"], "citizens_per_colour": data["citizens_per_colour"],
        "tavern_torches": data["tavern_torches"],
    }


def _filled(slots: Any) -> list[str]:
    return [atom for atom in slots if atom]


def _ability(form: Mapping[str, Any]) -> dict[str, Any]:
    return {"times": form["times"], "per": form["per"], "do": _filled(form["do"])}


def _bonus(atom: str) -> dict[str, Any] | None:
    return {"times": 1, "per": "", "do": [atom]} if atom else None


def component_data(values: Mapping[str, Any], base: Mapping[str, Any]) -> dict[str, Any]:
    """The loader's description of a set from the designer form's ``values`` (the names of ``base``, the set
    changed)."""
    names = {loc["id"]: loc["name"] for loc in base["locations"]}
    status = values["status"]
    return {
        "name": base["name"], "source": base["source"], "note": base["note"],
        "cellars": {cid: {"values": list(c["values"]),
                          "bonuses": {str(k): atom for k, atom in enumerate(c["bonuses"]) if atom}}
                    for cid, c in values["cellars"].items()},
        "status": {"hand_limit": list(status["hand_limit"]), "multiplier": list(status["multiplier"]),
                   "bonuses": {str(k + 1): atom for k, atom in enumerate(status["bonuses"]) if atom}},
        "cross": {"ip": list(values["cross"]["ip"]), "cards": list(values["cross"]["cards"])},
        "windows": {key: list(values["windows"][key]) for key in ("colours", "bonuses", "final")},
        "bonus_tiles": [{"id": tid, "cost": t["cost"], "do": _filled(t["do"])}
                        for tid, t in values["bonus_tiles"].items()],
        "locations": [{"id": lid, "name": names[lid], "main": _ability(loc), "bonus": _bonus(loc["bonus"]),
                       "city_gate": loc["city_gate"], "tavern": loc["tavern"]}
                      for lid, loc in values["locations"].items()],
        "assistant_cards": [{"id": cid, "colour": c["colour"], "resources": _filled(c["resources"]),
                             "main": _ability(c), "bonus": _bonus(c["bonus"])} for cid, c in values["cards"].items()],
        "path_spaces": values["path_spaces"], "citizens_per_colour": values["citizens_per_colour"],
        "tavern_torches": values["tavern_torches"],
    }


PRINTED_FORM = designer_form(approx.APPROX_V1, approx.assistant_cards())


# ------------------------------------------------------------------------------------------------ checks
def _check_ability(form: Mapping[str, Any], where: str) -> None:
    parse_ability(_ability(form), f"{where} main")
    if form["bonus"]:
        parse_ability({"times": 1, "per": "", "do": [form["bonus"]]}, f"{where} bonus")


@loader_check
def _check_cellars(cellars: dict) -> None:
    for cid, cellar in cellars.items():
        for k, atom in enumerate(cellar["bonuses"]):
            if atom:
                bonus_atom(atom, f"cellar {cid}.bonuses.{k}")


@loader_check
def _check_status(status: dict) -> None:
    for k, atom in enumerate(status["bonuses"]):
        if atom:
            bonus_atom(atom, f"status.bonuses.{k} (level {k + 1})")


@loader_check
def _check_windows(windows: dict) -> None:
    check_window_colours(windows["colours"], "the space colours")
    for k, atom in enumerate(windows["bonuses"]):
        bonus_atom(atom, f"windows.bonuses.{k}")


@loader_check
def _check_tiles(tiles: dict) -> None:
    for tid, tile in tiles.items():
        tile_ability(_filled(tile["do"]), f"bonus tile {tid}")


@loader_check
def _check_locations(locations: dict) -> None:
    for lid, loc in locations.items():
        _check_ability(loc, f"location {lid}")
    check_locations([loc["city_gate"] for loc in locations.values()], f"the {len(locations)} location cards")


@loader_check
def _check_cards(cards: dict) -> None:
    for cid, card in cards.items():
        check_colour(card["colour"], f"card {cid}")
        check_resources(_filled(card["resources"]), f"card {cid}")
        _check_ability(card, f"card {cid}")


def _check_bonus_cost(value: Mapping[str, int]) -> str | None:
    if value["least"] > value["most"]:
        return f"the least a tile may cost ({value['least']}) is more than the most ({value['most']})"
    return None


# ------------------------------------------------------------------------------------------------ the parameters
def _rule(name: str, sourced: Any, words: str, rules: tuple[str, ...], low: int, high: int,
          default: Any = None, check: Callable[[Any], str | None] | None = None) -> Parameter:
    """A rule-text number from its :class:`~games.core.Sourced` (``default``: its value in JSON form)."""
    return Parameter(name, sourced.value if default is None else default, sourced.source, words, rules=rules, low=low,
                     high=high, check=check, note=sourced.note)


def _part(name: str, words: str, rules: tuple[str, ...], low: int, high: int,
          check: Callable[[Any], str | None] | None = None) -> Parameter:
    """A table (or number) of the designed set ``approx_v1``, in the designer form."""
    return Parameter(name, PRINTED_FORM[name], _APPROX_SOURCE, words, rules=rules, low=low, high=high, check=check,
                     note=_APPROX_NOTE)


def _by_count(table: Mapping[int, Any], row: Callable[[Any], Any]) -> dict[str, Any]:
    return {str(players): row(value) for players, value in table.items()}


PARAMETERS: tuple[Parameter, ...] = (
    Parameter("main_optional", False, "decision",
              "An activated card's main ability that costs no cards: false, its first time is carried out by itself; "
              "true, the player may decline it too (resolve or stop).", rules=("decision.main-once",),
              field="main_optional", note="「可能であれば発動させた アクション行のカードの効果を解決します」 against "
              "「その数字によってその効果を解決できる回数が決まります」 (docs/rules_notes/chartres.md)"),
    # --- the flow of the game
    _rule("eras", rulebook.ERAS, "Eras in a game; the final scoring follows the last.", ("flow.eras", "era.marker"),
          1, 6),
    _rule("rounds_per_era", rulebook.ROUNDS_PER_ERA, "Rounds in an era (each adds one card to the action row).",
          ("flow.eras", "era.end-check"), 1, 8),
    _rule("row_start", rulebook.ROW_START, "Cards in the action row at the start of an era (chosen from the deal, "
          "kept at the era's end).", ("setup.deal", "era.discard"), 1, 6),
    _rule("row_full", rulebook.ROW_FULL, "Cards in the action row when the era ends: row_start + rounds_per_era.",
          ("flow.eras", "era.end-check"), 2, 14),
    _rule("deal", rulebook.DEAL, "Cards dealt at the setup (row_start of them start the action row).",
          ("setup.deal",), 1, 12),
    _rule("phase_b_draw", rulebook.PHASE_B_DRAW, "Cards every player draws in Phase B, beyond the hand limit.",
          ("draw.phase-b", "hand.keep-limit"), 0, 4),
    _rule("hand_limit_start", rulebook.HAND_LIMIT_START, "The hand limit at the start (status level 1): the "
          "status board's first hand limit.", ("track.hand-limit",), 1, 12),
    _rule("hand_limit_max", rulebook.HAND_LIMIT_MAX, "The highest hand limit of the status board.",
          ("track.hand-limit",), 1, 12),
    _rule("hand_limit_ip", rulebook.HAND_LIMIT_IP, "IP per card a draw would take beyond the hand limit.",
          ("hand.limit",), 0, 5),
    _rule("locations_extra", rulebook.LOCATIONS_EXTRA, "Locations revealed each round beyond one per player.",
          ("setup.locations", "location.reveal"), 0, 3),
    _rule("location_draw", rulebook.LOCATION_DRAW, "Cards drawn by a player who takes no location in Phase A.",
          ("location.draw-instead",), 1, 4),
    _rule("start_citizens", rulebook.START_CITIZENS, "Citizens each player takes at the setup (one goes on the "
          "warehouse path at once).", ("setup.citizens", "setup.warehouse"), 1, 10),
    # --- overflow and scoring
    _rule("window_overflow", rulebook.WINDOW_OVERFLOW, "IP per window built after all 9 spaces are filled.",
          ("window.full",), 0, 20),
    _rule("shield_overflow", rulebook.SHIELD_OVERFLOW, "IP per step the shield would move past the top status "
          "level.", ("track.status-top",), 0, 10),
    _rule("cellar_overflow", rulebook.CELLAR_OVERFLOW, "IP per step the barrel marker would move past the last "
          "cellar space.", ("track.cellar-end",), 0, 10),
    _rule("cross_overflow", rulebook.CROSS_OVERFLOW, "IP per step the cross would climb past the top of the tower.",
          ("track.cross",), 0, 10),
    _rule("multiplier_range", rulebook.MULTIPLIER_RANGE, "The reputation multiplier at the first and at the last "
          "status level: the status board's multipliers start and end there.", ("final.reputation",), 0, 20,
          default={"first": rulebook.MULTIPLIER_RANGE.value[0], "last": rulebook.MULTIPLIER_RANGE.value[1]}),
    _rule("cross_reputation", rulebook.CROSS_REPUTATION, "Reputation tokens for the cross in the final scoring, by "
          "tower level (the rule text: level 3 one, level 4 two; levels 1 and 2 none).", ("final.cross",), 0, 10,
          default={str(level): rulebook.CROSS_REPUTATION.value.get(level, 0) for level in range(1, 5)}),
    _rule("full_barrel", rulebook.FULL_BARREL, "Grapes of one colour that fill a barrel.", ("wine.grapes",), 2, 8),
    _rule("half_barrel", rulebook.HALF_BARREL, "Grapes of one colour that fill half a barrel (fewer than a full "
          "one).", ("wine.grapes", "wine.score"), 1, 7),
    _rule("citizen_influence", rulebook.CITIZEN_INFLUENCE, "Phase F influence from citizens, by player count and "
          "torch rank: IP per own citizen on the paths, barrel steps, extra IP.", ("score.citizens",), 0, 10,
          default=_by_count(rulebook.CITIZEN_INFLUENCE.value, lambda ranks: [
              {"ip_per_citizen": per, "barrel": barrel, "extra_ip": extra} for per, barrel, extra in ranks])),
    _rule("attract_set", rulebook.ATTRACT_SET, "Horses and carts in the action row that attract one citizen in "
          "Phase F.", ("score.attract",), 1, 6),
    _rule("path_reputation", rulebook.PATH_REPUTATION, "Reputation tokens on each path in the final scoring, by "
          "player count and place (most citizens first).", ("final.paths",), 0, 10,
          default=_by_count(rulebook.PATH_REPUTATION.value, list)),
    _rule("leftover_ip", rulebook.LEFTOVER_IP, "IP per citizen in the personal supply and per card in hand at the "
          "end.", ("final.leftovers",), 0, 5),
    _rule("bonus_cost", rulebook.BONUS_COST, "The least and the most citizens a bonus tile may cost.",
          ("score.bonus-tile",), 0, 9, check=_check_bonus_cost,
          default={"least": rulebook.BONUS_COST.value[0], "most": rulebook.BONUS_COST.value[1]}),
    # --- the component set approx_v1
    _part("cellars", "Cellar boards: the printed IP of each barrel (space 0 first) and the bonus on each space "
          "(\"\" none).", ("track.cellar", "wine.score", "decision.barrel-start"), 0, 30, _check_cellars),
    _part("status", "Status board by level 1-9: hand limit, reputation multiplier, the bonus on passing or "
          "reaching the level (\"\" none).", ("track.status", "track.hand-limit", "final.reputation",
                                              "decision.stairs"), 0, 20, _check_status),
    _part("cross", "Cross tower by level 1-4: the IP and the cards of scoring the cross there.",
          ("effect.score-cross",), 0, 30),
    _part("windows", "Cathedral window spaces 1-9: colour, printed bonus of a matching window, final-score number.",
          ("window.colour", "window.bonus", "final.windows", "effect.score-windows"), 0, 60, _check_windows),
    _part("bonus_tiles", "The 12 bonus tiles: cost in citizens and effects (\"\" an empty slot).",
          ("score.bonus-tile", "decision.tile-free"), 0, 9, _check_tiles),
    _part("locations", "Location cards: main ability (times, per resource, atoms; \"\" an empty slot), bonus atom, "
          "city gate and tavern flags.", ("location.take", "location.city-gate", "location.tavern", "ability.times",
                                          "ability.per"), 1, 9, _check_locations),
    _part("cards", "Assistant cards: colour, resource icons (\"\" none), main ability (times, per resource, atoms) "
          "and bonus atom.", ("act.match", "ability.main-bonus", "ability.times", "ability.per"), 1, 9,
          _check_cards),
    _part("path_spaces", "Spaces on each of the two paths (warehouse, town hall).",
          ("effect.place-citizen", "setup.warehouse"), 4, 20),
    _part("citizens_per_colour", "Citizens of each player's colour (personal supply + paths + common supply).",
          ("inferred.per-colour-citizens", "setup.supply"), 1, 40),
    _part("tavern_torches", "Torches a tavern kept beside the action row counts as.", ("location.tavern",
                                                                                          "location.order"), 1, 5),
)
#: The parameters that are component tables of ``approx_v1``.
COMPONENT_PARAMETERS = ("cellars", "status", "cross", "windows", "bonus_tiles", "locations", "cards", "path_spaces",
                        "citizens_per_colour", "tavern_torches")


# ------------------------------------------------------------------------------------------------ a game's values
@dataclass(frozen=True, slots=True)
class Numbers:
    """The rule-text numbers of one game (its variant's, for its player count), read by the rules code."""

    eras: int
    rounds_per_era: int
    row_start: int
    row_full: int
    deal: int
    phase_b_draw: int
    hand_limit_ip: int
    locations_extra: int
    location_draw: int
    start_citizens: int
    window_overflow: Mapping[str, int]  # "coloured" / "white"
    shield_overflow: int
    cellar_overflow: int
    cross_overflow: int
    cross_reputation: tuple[int, ...]  # by tower level 1..4 (index 0..3)
    full_barrel: int
    half_barrel: int
    citizen_influence: tuple[tuple[int, int, int], ...]  # this player count, by torch rank: IP each, barrel, extra
    attract_set: Mapping[str, int]  # "horse" / "cart"
    path_reputation: tuple[int, ...]  # this player count, by place
    leftover_ip: int


def numbers_of(params: Mapping[str, Any], players: int) -> Numbers:
    count = str(players)
    return Numbers(
        eras=params["eras"], rounds_per_era=params["rounds_per_era"], row_start=params["row_start"],
        row_full=params["row_full"], deal=params["deal"], phase_b_draw=params["phase_b_draw"],
        hand_limit_ip=params["hand_limit_ip"], locations_extra=params["locations_extra"],
        location_draw=params["location_draw"], start_citizens=params["start_citizens"],
        window_overflow=MappingProxyType(dict(params["window_overflow"])),
        shield_overflow=params["shield_overflow"], cellar_overflow=params["cellar_overflow"],
        cross_overflow=params["cross_overflow"],
        cross_reputation=tuple(params["cross_reputation"][str(level)] for level in range(1, 5)),
        full_barrel=params["full_barrel"], half_barrel=params["half_barrel"],
        citizen_influence=tuple((r["ip_per_citizen"], r["barrel"], r["extra_ip"])
                                for r in params["citizen_influence"][count]),
        attract_set=MappingProxyType(dict(params["attract_set"])),
        path_reputation=tuple(params["path_reputation"][count]), leftover_ip=params["leftover_ip"])


def _relations(params: Params) -> None:
    """The relations between parameters the rule text states, and what keeps a game sound: refused by name."""
    start, rounds, full = params["row_start"], params["rounds_per_era"], params["row_full"]
    if full != start + rounds:
        raise ParameterError(f"row_full: one card joins the action row each round, so an era of {rounds} rounds "
                             f"from {start} cards ends with row_full = {start + rounds} (row_start + rounds_per_era), "
                             f"not {full}")
    if params["deal"] < start:
        raise ParameterError(f"deal: the action row's {start} starting cards (row_start) are chosen from the deal, "
                             f"so deal is at least {start}, not {params['deal']}")
    if params["half_barrel"] >= params["full_barrel"]:
        raise ParameterError(f"half_barrel: half a barrel takes fewer grapes than a full one ({params['full_barrel']}"
                             f", full_barrel), not {params['half_barrel']}")
    if params["start_citizens"] > params["citizens_per_colour"]:
        raise ParameterError(f"start_citizens: each player takes {params['start_citizens']} of the "
                             f"{params['citizens_per_colour']} citizens of their colour (citizens_per_colour)")
    bounds = bounds_of(params)
    status = params["status"]
    try:
        check_hand_limit(tuple(status["hand_limit"]), "status.hand_limit", bounds)
    except DataError as err:
        raise ParameterError(f"{err}; hand_limit_start and hand_limit_max say where it starts and ends") from None
    try:
        check_multiplier(tuple(status["multiplier"]), "status.multiplier", bounds)
    except DataError as err:
        raise ParameterError(f"{err}; multiplier_range says where it starts and ends") from None
    for tid, tile in params["bonus_tiles"].items():
        try:
            tile_cost(tile["cost"], f"bonus_tiles.{tid}.cost", bounds)
        except DataError as err:
            raise ParameterError(f"{err}; bonus_cost says the least and the most") from None


def bounds_of(params: Mapping[str, Any]) -> Bounds:
    multiplier, cost = params["multiplier_range"], params["bonus_cost"]
    return Bounds((params["hand_limit_start"], params["hand_limit_max"]), (multiplier["first"], multiplier["last"]),
                  (cost["least"], cost["most"]))


_PREPARED: dict[tuple[Any, ...], tuple[Components, Numbers]] = {}


def prepare(components: str, players: int, variant: Any, params: Params) -> tuple[Components, Numbers]:
    """The component set and the rule numbers a game plays with (cached by the set's name, the player count and the
    variant; shared by every game and clone made so). A :class:`ParameterError` names what a variant breaks."""
    key = (components, players, variant)
    found = _PREPARED.get(key)
    if found is not None:
        return found
    changed: list[str] = []
    if variant:  # the printed game skips the checks and the comparison of its (printed) tables
        _relations(params)
        changed = [name for name in COMPONENT_PARAMETERS if thaw(params[name]) != PRINTED_FORM[name]]
    if not changed:
        parts = load_components(components)
    elif components != BASE_SET:
        raise ParameterError(f"{', '.join(changed)}: the component parameters change the cells of the set "
                             f"{BASE_SET}, and this game plays the set {components!r} (register a changed copy of "
                             "it instead)")
    else:
        data = component_data({name: thaw(params[name]) for name in COMPONENT_PARAMETERS}, approx.APPROX_V1)
        try:
            parts = parse_components(data, BASE_SET, bounds_of(params))
        except DataError as err:
            raise ParameterError(f"{', '.join(changed)}: {err}") from None
    found = (parts, numbers_of(params, players))
    if len(_PREPARED) >= 256:
        _PREPARED.clear()
    _PREPARED[key] = found
    return found
