"""Kutná Hora's designable parameters (:mod:`games.core.parameters`): the numbers, tables and switches a designer may
change in the full game (:data:`PARAMETERS`, ``kutna_hora.game``) and in the price sandbox
(:data:`ECONOMY_PARAMETERS`, ``kutna_hora.economy``), their checks, and what a game is played with once its variant
is applied (:class:`Design`: built once per variant, shared by every game and clone made with it).

A change names a parameter (``"council_cost": 12``) or one cell of a table, keys and list positions joined by dots
(lists count from 0):

* ``prices.<deck>.<card>.<good>.<notch>``: one printed price cell, written as printed: ``"4"``, ``"4x"`` (the red ✗:
  no demand), ``"4t"`` (the town builds), ``"4xt"``. ``"prices.ore.12.ore.0": "2"`` prints 2 as the ore price of ore
  card 12 at the far-left notch. Cards: population 0-40, ore 0-30; notches 0 (far left) to 5. A whole good at once:
  ``prices.price_changes("ore", lambda card, notch, cell: max(1, cell.value - card // 10))`` gives the changes that
  make the ore price fall twice as fast along the ore deck.
* ``buildings.<tile>.<field>``: ``buildings.green-1.wood`` (wood to build it), ``buildings.miners-3.plot_value``, or
  one of its printed effects by kind: ``buildings.red-2.points``, ``buildings.builders-3.tax``,
  ``buildings.miners-3.production`` (0 takes the effect off the tile; the tile rules still hold).
* ``house_effects.<row>.<space>.<kind>``: ``house_effects.0.2.points`` is row 1, space 3's points.
* By player count ``rounds.4``, ``red_nobles_round.2``; by seat ``starting_groschen.1`` (the start player); by plots
  in town ``plot_tax.3``; by position ``reputation_points.8``, ``tax_reputation.0`` (round 1), ``st_barbara_tax.10``
  (tile 11), ``tech_draws.0``, ``rights_costs.0`` (the town hall's first column).

The config option ``price_table`` still names the table a game reads (``approx_v1`` or a registered transcription).
The ``prices`` parameter describes ``approx_v1``, the table printed with the package: its default is that table's
cells. A variant's ``prices`` changes apply to the table the config names, cell by cell, and are refused, naming
the cell, when that table has another shape or the changed table does not load. Without ``prices`` changes a game
reads the named table exactly as before. One path (:func:`played_prices`): a changed table is checked once, where it
is read; the rules read the result as ``game.table``, and ``game.params["prices"]`` holds that same table's cells.

Switches that are config options (``events``, ``first_game``, ``top_up``, ``red_round_event``; the sandbox's
``turns``) are parameters with ``field`` set: set them in the config, as before.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Mapping

from games.core import Changes, Parameter, ParameterError, Params, Sourced
from games.core.parameters import canonical, freeze, loader_check, resolve, thaw

from .data import approx, rulebook
from .data.components import (
    BUILDINGS,
    BUILDINGS_DATA,
    RIGHTS_COSTS,
    STARTING_GROSCHEN,
    TILES,
    BuildingTile,
    Effect,
    house_grid,
    load_buildings,
)
from .prices import PriceTable, load_price_table, table_cells, table_for_config, table_with

#: The table the ``prices`` parameter describes (its default cells).
PRINTED_TABLE = "approx_v1"


def _note(value: Sourced, fallback: str) -> str:
    return value.note or fallback


def _by_count(table: Mapping[int, int]) -> dict[str, int]:
    """A table keyed by a whole number (player count, plots) as a parameter holds it: keys as texts."""
    return {str(k): v for k, v in table.items()}


# ---------------------------------------------------------------- the price table
_PRICES_TABLE = load_price_table(PRINTED_TABLE)
_PRICE_CELLS = table_cells(_PRICES_TABLE)

#: Each table read from changed cells, by its base and the cells' canonical text (with the base, so that it is the
#: same base): a table is checked once, where it is read, and the game made with those cells plays that very table.
_READ: dict[tuple[int, str], tuple[PriceTable, PriceTable]] = {}


def _table_read(base: PriceTable, cells: Any) -> PriceTable:
    """``base`` with ``cells`` (:func:`~.prices.table_with`: a cell its loader refuses is a :class:`DataError`)."""
    key = (id(base), canonical(cells))
    found = _READ.get(key)
    if found is not None and found[0] is base:
        return found[1]
    table = table_with(base, cells)
    if len(_READ) >= 64:
        _READ.clear()
    _READ[key] = (base, table)
    return table


def _prices_parameter(rules: tuple[str, ...]) -> Parameter:
    return Parameter(
        "prices", _PRICE_CELLS, _PRICES_TABLE.source,
        "The printed price cards: per deck (population, ore), per card, per good, one cell per slider notch, "
        "written as printed (4, 4x for the red ✗ of no demand, 4t for the town-builds icon).",
        rules=rules, check=loader_check(lambda cells: _table_read(_PRICES_TABLE, cells)),
        note=f"data/prices_{PRINTED_TABLE}.json (written once by data/generate_prices.py); checked by "
             "PriceTable.from_dict. Cells of the table the config's price_table names.")


#: One parameter for both game ids (checking its 1,296 cells when it is made is most of this module's import time).
_PRICES = _prices_parameter(("prices.goods", "prices.pay", "prices.no-demand", "prices.town-builds", "prices.star"))

#: The table each (price_table, variant) plays: (the named table, the table played, its cells as params hold them).
_PLAYED: dict[tuple[str, Changes], tuple[PriceTable, PriceTable, Any]] = {}


def played_prices(name: str, params: Params, variant: Changes) -> tuple[PriceTable, Params]:
    """The price table a game made with ``price_table=name`` and ``variant`` plays (the rules read it as
    ``game.table``), and its ``params`` (:func:`~games.core.parameters.params_of`) with ``prices`` holding that
    table's cells, so that the two never disagree.

    The printed table with changed cells is the table the ``prices`` parameter's check read from
    ``params["prices"]`` (no second check). Another table the config names takes the variant's ``prices`` changes on
    its own cells, read once here: a change its shape or loader refuses is a :class:`ParameterError` naming it."""
    base = table_for_config(name)
    found = _PLAYED.get((name, variant))  # looked up first: games are made by the thousand
    if found is None or found[0] is not base:  # a table registered again under the name is read again
        found = _PLAYED[(name, variant)] = (base, *_table_played(name, base, params, variant))
        if len(_PLAYED) >= 256:
            _PLAYED.clear()
    _, table, cells = found
    return table, (params if cells is None else Params(MappingProxyType({**params.values, "prices": cells})))


def _table_played(name: str, base: PriceTable, params: Params, variant: Changes) -> tuple[PriceTable, Any]:
    """The table played and, when params do not hold its cells already (another table than the printed one), its
    cells as params hold them."""
    changes = {path: value for path, value in variant.as_dict().items() if path.split(".")[0] == "prices"}
    if base is _PRICES_TABLE:
        return (_table_read(base, params["prices"]) if changes else base), None
    table = base
    if changes:
        own = Parameter("prices", table_cells(base), base.source, "the price cards",
                        check=loader_check(lambda cells: _table_read(base, cells)))
        try:
            table = _table_read(base, resolve((own,), changes, game=f"the price table {name!r}")["prices"])
        except ParameterError as err:
            raise ParameterError(f"{err} (in the price table {name!r} the config names)") from err
    return table, freeze(table_cells(table))


# ---------------------------------------------------------------- building tiles
def _effect_keys(effects: tuple[Effect, ...]) -> list[str]:
    """The cell name of each printed effect: its kind (``points``); a kind shown twice on one tile: ``points-2``."""
    seen: dict[str, int] = {}
    keys = []
    for effect in effects:
        seen[effect.kind] = seen.get(effect.kind, 0) + 1
        keys.append(effect.kind if seen[effect.kind] == 1 else f"{effect.kind}-{seen[effect.kind]}")
    return keys


def building_cells(tiles: Mapping[str, BuildingTile]) -> dict[str, dict[str, int]]:
    """The ``buildings`` parameter's value for ``tiles``: per tile its wood, plot value and printed effect amounts."""
    out = {}
    for tile in tiles.values():
        cells = {"wood": tile.wood, "plot_value": tile.plot_value}
        cells.update(zip(_effect_keys(tile.effects), (e.amount for e in tile.effects), strict=True))
        out[tile.id] = cells
    return out


def tiles_from_cells(cells: Mapping[str, Mapping[str, int]]) -> dict[str, BuildingTile]:
    """The building tiles with ``cells``' numbers (an effect of amount 0 is taken off its tile), checked by the tile
    loader (:func:`~.data.components.load_buildings`): :class:`DataError` names the tile and the field it refuses."""
    data = copy.deepcopy(thaw(BUILDINGS_DATA))
    for raw in data["tiles"]:
        mine = cells[raw["id"]]
        raw["wood"], raw["plot_value"] = mine["wood"], mine["plot_value"]
        keys = _effect_keys(TILES[raw["id"]].effects)
        effects = []
        for key, effect in zip(keys, raw["effects"], strict=True):
            if mine[key]:
                effects.append({**effect, "amount": mine[key]})
        raw["effects"] = effects
    loaded = load_buildings(data)
    return {t.id: t for t in loaded.guild_tiles + loaded.public_tiles}


def _buildings(rules: tuple[str, ...]) -> Parameter:
    return Parameter(
        "buildings", building_cells(TILES), BUILDINGS.source,
        "Each building tile's wood cost, plot value and printed effect amounts (production, slider notches, deck "
        "advances, points, reputation, pelicans, tax, nobles, St. Barbara flips, technology tiles); 0 takes an "
        "effect off the tile.",
        rules=rules, low=0, high=12, check=loader_check(tiles_from_cells),
        note="data/buildings.json (designed tiles); checked by the tile loader: a guild building keeps its "
             "production, a public building its noble, a miners' building advances the ore deck as far as its ore "
             "production rises, plot values are at least 1.")


# ---------------------------------------------------------------- the player board
def _house_cells(grid: tuple[tuple[tuple[Effect, ...], ...], ...]) -> list[list[dict[str, int]]]:
    return [[{e.kind: e.amount for e in space} for space in row] for row in grid]


def houses_from_cells(cells: Any) -> tuple[tuple[tuple[Effect, ...], ...], ...]:
    """The house grid with ``cells``' amounts (0 takes an effect off its space), each space's effects in their
    printed order (a change's JSON sorts the kinds), checked by :func:`~.data.components.house_grid`
    (:class:`DataError` names the row and space)."""
    rows = [[[(e.kind, space[e.kind]) for e in printed if space[e.kind]]
             for space, printed in zip(row, printed_row, strict=True)]
            for row, printed_row in zip(cells, approx.HOUSE_EFFECTS.value, strict=True)]
    return house_grid(rows, rows=len(rows), spaces=len(rows[0]) if rows else 0)


def _silver_problem(value: Any) -> str | None:
    return None if value["pelicans"] >= 1 else "a silver noble scores per at least 1 used pelican, not 0"


# ---------------------------------------------------------------- the parameters
def _switches() -> tuple[Parameter, ...]:
    return (
        Parameter("events", False, "rulebook", "Play a 3-4 player game with the event cards (2 players always do).",
                  rules=("setup.events",), field="events",
                  note="3/4人ゲームでイベントカードを使うこともできますが、必須ではありません"),
        Parameter("first_game", False, "rulebook", "Deal guild setup card 1 in its printed sets and rows instead of "
                  "letting the players choose.", rules=("setup.first-game",), field="first_game",
                  note="最初のゲームでは、左図に示されているギルド準備カード1を使います。"),
        Parameter("top_up", False, "decision", "A Mine action may buy a permit while the miner pool still holds one "
                  "miner (filling it to 2).", rules=("decision.pool-top-up",), field="top_up",
                  note="鉱夫プールの鉱夫駒は、「鉱山」アクションの最初のステップとして鉱山を置く前にのみ補充できる"
                       ": the text leaves open whether a pool holding a miner may be filled (docs/rules_notes, audit)"),
        Parameter("red_round_event", "A", "decision", "Which event pile serves the round at whose end the red "
                  "public buildings enter.", rules=("decision.events-red-round",), choices=("A", "B"),
                  field="red_round_event",
                  note="赤い貴族建物タイルの山より前のラウンドにはイベントA、それよりあとのラウンドにはイベントB"
                       ": that round is neither before nor after the pile"),
    )


def _starting_groschen(rules: tuple[str, ...]) -> Parameter:
    return Parameter("starting_groschen", {str(seat): g for seat, g in enumerate(STARTING_GROSCHEN.value, 1)},
                     STARTING_GROSCHEN.source, "Groschen each seat starts with (seat 1 is the start player).",
                     rules=rules, low=0, high=200, note=_note(STARTING_GROSCHEN, "JA 初期グロシュ: 40, 41, 42, 43"))


def _rights_costs(rules: tuple[str, ...]) -> Parameter:
    return Parameter("rights_costs", [amount for _, amount in RIGHTS_COSTS.value], RIGHTS_COSTS.source,
                     "Rights by town hall column: groschen in the first column, permits (at the permit price) in "
                     "the others.", rules=rules, low=0, high=10,
                     note=_note(RIGHTS_COSTS, "JA 独占権アクション step 2: 1グロシュ, 許可証1/2/3枚"))


PARAMETERS: tuple[Parameter, ...] = (
    *_switches(),
    _PRICES,
    _buildings(("build.pay-wood", "plot.cost", "build.production", "build.population", "build.bonus",
                "public.bonus", "build.tax", "build.noble", "build.flip-barbara", "guild.technology-take")),
    _starting_groschen(("setup.players",)),
    Parameter("rounds", _by_count(rulebook.ROUNDS.value), rulebook.ROUNDS.source,
              "Rounds by player count.", rules=("setup.round-track", "end.game-over"), low=1, high=6,
              note=rulebook.ROUNDS.note + " (at most 6: the round track and the tax-reputation row print 6 rounds)"),
    Parameter("red_nobles_round", _by_count(rulebook.RED_NOBLES_ROUND.value), rulebook.RED_NOBLES_ROUND.source,
              "The round at whose end the red public buildings enter, by player count (after the last round: never).",
              rules=("setup.red-nobles", "round.red-nobles", "setup.events"), low=1, high=6,
              note=rulebook.RED_NOBLES_ROUND.note),
    Parameter("noble_rounds", rulebook.NOBLE_ROUNDS.value, rulebook.NOBLE_ROUNDS.source,
              "Nobles in the council score at the end of each of the last this many rounds.",
              rules=("nobles.scoring",), low=0, high=6, note=rulebook.NOBLE_ROUNDS.note),
    _rights_costs(("rights.cost",)),
    Parameter("plot_cost", rulebook.PLOT_BASE_COST.value, rulebook.PLOT_BASE_COST.source,
              "What any plot costs while no plot next to a building is free.",
              rules=("plot.first", "plot.all-taken"), low=0, high=30, note=rulebook.PLOT_BASE_COST.note),
    Parameter("cheap_plot_reputation", rulebook.CHEAP_PLOT.value[0], rulebook.CHEAP_PLOT.source,
              "Reputation from which a plot costs only the cheap plot cost (9: never).",
              rules=("plot.reputation",), low=0, high=9, note=rulebook.CHEAP_PLOT.note),
    Parameter("cheap_plot_cost", rulebook.CHEAP_PLOT.value[1], rulebook.CHEAP_PLOT.source,
              "What a plot costs from that reputation.", rules=("plot.reputation",), low=0, high=30,
              note=rulebook.CHEAP_PLOT.note),
    Parameter("council_cost", rulebook.COUNCIL_COST.value, rulebook.COUNCIL_COST.source,
              "Groschen to move a noble from the pool to the council after income.", rules=("income.council",),
              low=0, high=60, note=rulebook.COUNCIL_COST.note),
    Parameter("plot_tax", _by_count(rulebook.PLOT_TAX.value), rulebook.PLOT_TAX.source,
              "Plot tax at the end of a round, by plot markers in town (none with fewer than 2).", rules=("tax.pay",),
              low=0, high=30, note=rulebook.PLOT_TAX.note),
    Parameter("tax_cap", rulebook.TAX_CAP.value, rulebook.TAX_CAP.source, "The tax track's top: tax never exceeds it.",
              rules=("caps.tax",), low=0, high=60, note=rulebook.TAX_CAP.note),
    Parameter("tax_reputation", list(approx.TAX_REPUTATION.value), approx.TAX_REPUTATION.source,
              "Reputation lost instead of paying tax, by round (round 1 first).", rules=("tax.reputation",),
              low=0, high=8, note=_note(approx.TAX_REPUTATION, "designed: data/approx.py TAX_REPUTATION")),
    Parameter("st_barbara_tax", list(approx.ST_BARBARA_TAX.value), approx.ST_BARBARA_TAX.source,
              "The tax icon on each St. Barbara tile (tile 1 first), added when a building turns it.",
              rules=("barbara.flip-tax",), low=0, high=10,
              note=_note(approx.ST_BARBARA_TAX, "designed: data/approx.py ST_BARBARA_TAX")),
    Parameter("income_divisor", rulebook.INCOME_DIVISOR.value, rulebook.INCOME_DIVISOR.source,
              "Final scoring: one point per this many groschen of income (rounded down).", rules=("end.income",),
              low=1, high=50, note=rulebook.INCOME_DIVISOR.note),
    Parameter("leftover_point", rulebook.LEFTOVER_POINT.value, rulebook.LEFTOVER_POINT.source,
              "Final scoring: points for each held tile, empty plot and unused pelican.", rules=("end.leftovers",),
              low=0, high=5, note=rulebook.LEFTOVER_POINT.note),
    Parameter("reputation_points", list(approx.REPUTATION_POINTS.value), approx.REPUTATION_POINTS.source,
              "Final points for each position of the reputation track (0 to 8).", rules=("end.reputation",),
              low=-20, high=30, note=_note(approx.REPUTATION_POINTS, "designed: data/approx.py REPUTATION_POINTS")),
    Parameter("reputation_start", approx.REPUTATION_START.value, approx.REPUTATION_START.source,
              "Where every reputation marker starts (0 to 8).", rules=("setup.players",), low=0, high=8,
              note=_note(approx.REPUTATION_START, "designed: data/approx.py REPUTATION_START")),
    Parameter("reputation_beyond", rulebook.REPUTATION_BEYOND.value, rulebook.REPUTATION_BEYOND.source,
              "Points gained (or lost) per step the reputation marker would move past the top (or bottom) of its "
              "track.", rules=("reputation.beyond",), low=0, high=10, note=rulebook.REPUTATION_BEYOND.note),
    Parameter("joker_cost", rulebook.JOKER_COST.value, rulebook.JOKER_COST.source,
              "Reputation a joker costs.", rules=("joker.cost",), low=0, high=8, note=rulebook.JOKER_COST.note),
    Parameter("free_joker", rulebook.FREE_JOKER.value, rulebook.FREE_JOKER.source,
              "Reputation from which the joker costs nothing (9: never).", rules=("joker.free",), low=0, high=9,
              note=rulebook.FREE_JOKER.note),
    Parameter("house_effects", _house_cells(approx.HOUSE_EFFECTS.value), approx.HOUSE_EFFECTS.source,
              "What taking each house gives: 3 rows of 4 spaces, left to right, each space's effects (points, "
              "reputation, pelicans, free public Rights) with their amounts; 0 takes an effect off its space.",
              rules=("build.house", "build.house-rights"), low=0, high=9, check=loader_check(houses_from_cells),
              note=_note(approx.HOUSE_EFFECTS, "designed: data/approx.py HOUSE_EFFECTS; every space keeps at least "
                         "one effect (建物アクション step 5)")),
    Parameter("tech_draws", list(approx.TECH_DRAWS.value), approx.TECH_DRAWS.source,
              "Mine tiles a Mine action draws with 0, 1, 2, 3, 4 technology tiles taken.", rules=("mine.draw",),
              low=1, high=9, note=_note(approx.TECH_DRAWS, "designed: data/approx.py TECH_DRAWS")),
    Parameter("silver_noble", {"pelicans": rulebook.SILVER_NOBLE.value[0], "points": rulebook.SILVER_NOBLE.value[1]},
              rulebook.SILVER_NOBLE.source, "A silver noble scores these points per so many used pelicans.",
              rules=("nobles.silver",), low=0, high=20, check=_silver_problem, note=rulebook.SILVER_NOBLE.note),
    Parameter("yellow_noble", [{"mines": need, "points": pts} for need, pts in rulebook.YELLOW_NOBLE.value],
              rulebook.YELLOW_NOBLE.source, "A yellow noble scores the points of the last step whose mines the player "
              "has in every mine row.", rules=("nobles.yellow",), low=0, high=20, note=rulebook.YELLOW_NOBLE.note),
    Parameter("red_noble", rulebook.RED_NOBLE.value, rulebook.RED_NOBLE.source,
              "A red noble scores this per column of the player board emptied of houses.", rules=("nobles.red",),
              low=0, high=20, note=rulebook.RED_NOBLE.note),
)

#: The price sandbox's share of a player's moves: one deck advance moves a deck this many cards at most (designed for
#: the sandbox, where it stands in for mines, buildings and events).
SANDBOX_MAX_ADVANCE = Sourced(3, "approx", "the sandbox's own rule (sandbox.advance), designed")

ECONOMY_PARAMETERS: tuple[Parameter, ...] = (
    Parameter("turns", 12, "approx", "Turns each player takes; then the most groschen wins.", rules=("sandbox.turns",),
              low=1, high=200, field="turns", note="the sandbox's own rule (sandbox.turns), designed"),
    _PRICES,
    _buildings(("build.pay-wood", "build.production", "build.population", "build.ore-deck",
                "prices.guild-building")),
    _starting_groschen(("setup.groschen",)),
    _rights_costs(("rights.cost",)),
    Parameter("max_advance", SANDBOX_MAX_ADVANCE.value, SANDBOX_MAX_ADVANCE.source,
              "Most cards one advance moves a deck.", rules=("sandbox.advance",), low=1, high=10,
              note=SANDBOX_MAX_ADVANCE.note),
)


# ---------------------------------------------------------------- what a game is played with
@dataclass(frozen=True)
class Design:
    """The designable numbers a game is played with, in the forms the rules code reads (tuples, int-keyed tables,
    checked tiles): :data:`PRINTED` for the printed game, :func:`design_of` for a variant. Read once per game in
    ``_prepare`` and shared by its clones."""

    tiles: Mapping[str, BuildingTile]
    starting_groschen: tuple[int, ...]  # by seat
    rounds: Mapping[int, int]  # by player count
    red_nobles_round: Mapping[int, int]  # by player count
    noble_rounds: int
    rights_costs: tuple[tuple[str, int], ...]  # by town hall column: ("groschen", 1), ("permits", 1), ...
    plot_cost: int
    cheap_plot: tuple[int, int]  # (from reputation, cost)
    council_cost: int
    plot_tax: Mapping[int, int]  # by plot markers in town
    tax_cap: int
    tax_reputation: tuple[int, ...]  # by round
    st_barbara_tax: tuple[int, ...]  # by tile
    income_divisor: int
    leftover_point: int
    reputation_points: tuple[int, ...]
    reputation_start: int
    reputation_beyond: int
    joker_cost: int
    free_joker: int
    house_effects: tuple[tuple[tuple[Effect, ...], ...], ...]
    tech_draws: tuple[int, ...]
    silver_noble: tuple[int, int]  # (used pelicans, points)
    yellow_noble: tuple[tuple[int, int], ...]  # (mines in every row, points)
    red_noble: int
    max_advance: int  # the price sandbox's


#: The printed game's numbers, read from the data modules (so the printed game reads exactly what it always did). Its
#: tiles are a read-only view of the one ``components.TILES`` mapping (a test that prints a tile differently there,
#: ``tests/kutna_hora/scenario.print_tile``, is seen by every game).
PRINTED = Design(
    tiles=MappingProxyType(TILES), starting_groschen=tuple(STARTING_GROSCHEN.value),
    rounds=MappingProxyType(dict(rulebook.ROUNDS.value)),
    red_nobles_round=MappingProxyType(dict(rulebook.RED_NOBLES_ROUND.value)),
    noble_rounds=rulebook.NOBLE_ROUNDS.value, rights_costs=tuple(RIGHTS_COSTS.value),
    plot_cost=rulebook.PLOT_BASE_COST.value, cheap_plot=tuple(rulebook.CHEAP_PLOT.value),  # type: ignore[arg-type]
    council_cost=rulebook.COUNCIL_COST.value, plot_tax=MappingProxyType(dict(rulebook.PLOT_TAX.value)),
    tax_cap=rulebook.TAX_CAP.value, tax_reputation=tuple(approx.TAX_REPUTATION.value),
    st_barbara_tax=tuple(approx.ST_BARBARA_TAX.value), income_divisor=rulebook.INCOME_DIVISOR.value,
    leftover_point=rulebook.LEFTOVER_POINT.value, reputation_points=tuple(approx.REPUTATION_POINTS.value),
    reputation_start=approx.REPUTATION_START.value, reputation_beyond=rulebook.REPUTATION_BEYOND.value,
    joker_cost=rulebook.JOKER_COST.value, free_joker=rulebook.FREE_JOKER.value,
    house_effects=approx.HOUSE_EFFECTS.value, tech_draws=tuple(approx.TECH_DRAWS.value),
    silver_noble=tuple(rulebook.SILVER_NOBLE.value),  # type: ignore[arg-type]
    yellow_noble=tuple(tuple(step) for step in rulebook.YELLOW_NOBLE.value),  # type: ignore[misc]
    red_noble=rulebook.RED_NOBLE.value, max_advance=SANDBOX_MAX_ADVANCE.value,
)


def _int_keys(value: Mapping[str, int]) -> Mapping[int, int]:
    return MappingProxyType({int(k): v for k, v in value.items()})


#: How each parameter's value becomes the field of :class:`Design` it feeds (a parameter not listed is a config
#: option, read from the config).
_FIELDS: dict[str, Any] = {
    "buildings": lambda v: ("tiles", MappingProxyType(tiles_from_cells(v))),
    "starting_groschen": lambda v: ("starting_groschen", tuple(v[str(seat)] for seat in range(1, len(v) + 1))),
    "rounds": lambda v: ("rounds", _int_keys(v)),
    "red_nobles_round": lambda v: ("red_nobles_round", _int_keys(v)),
    "rights_costs": lambda v: ("rights_costs", tuple((kind, amount) for (kind, _), amount
                                                     in zip(RIGHTS_COSTS.value, v, strict=True))),
    "plot_tax": lambda v: ("plot_tax", _int_keys(v)),
    "house_effects": lambda v: ("house_effects", houses_from_cells(v)),
    "silver_noble": lambda v: ("silver_noble", (v["pelicans"], v["points"])),
    "yellow_noble": lambda v: ("yellow_noble", tuple((step["mines"], step["points"]) for step in v)),
    **{name: (lambda field: lambda v: (field, tuple(v)))(name)
       for name in ("tax_reputation", "st_barbara_tax", "reputation_points", "tech_draws")},
    **{name: (lambda field: lambda v: (field, v))(name)
       for name in ("noble_rounds", "plot_cost", "council_cost", "tax_cap", "income_divisor", "leftover_point",
                    "reputation_start", "reputation_beyond", "joker_cost", "free_joker", "red_noble",
                    "max_advance")},
}

_DESIGNS: dict[Changes, Design] = {}


def design_of(params: Mapping[str, Any], variant: Changes) -> Design:
    """The numbers a game with these parameter values plays with: :data:`PRINTED` when ``variant`` changes nothing,
    else the printed numbers with every changed parameter read from ``params`` (cached per variant: the values of a
    variant never differ between games, and a variant both ids take changes only parameters both have, with the same
    printed values, so either id's design of it is the same)."""
    if not variant:
        return PRINTED
    found = _DESIGNS.get(variant)
    if found is not None:
        return found
    fields = dict(_FIELDS[name](value) for name, value in params.items() if name in _FIELDS)
    cheap = (params["cheap_plot_reputation"], params["cheap_plot_cost"]) if "cheap_plot_cost" in params \
        else PRINTED.cheap_plot
    design = replace(PRINTED, **fields, cheap_plot=cheap)
    if len(_DESIGNS) >= 256:
        _DESIGNS.clear()
    _DESIGNS[variant] = design
    return design


__all__ = ["ECONOMY_PARAMETERS", "PARAMETERS", "PRINTED", "SANDBOX_MAX_ADVANCE", "Design", "building_cells",
           "design_of", "houses_from_cells", "played_prices", "tiles_from_cells"]
