"""The price sandbox: Kutná Hora's two card stands, the town hall and the players' production, on their own.

Not the full game: a short game for exploring the price economy. Each turn a player advances a deck, takes the
Rights to a guild building, builds one (a held tile, or Rights and Build in one step) or takes Income; after the
agreed number of turns the most groschen wins. Every price movement follows the rulebook; the ``sandbox.*`` rules
say where the sandbox simplifies.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from games.core import NO_CHANGES, Action, Changes, ConfigError, Decision, Game, Parameter, Record

from . import prices, town_hall
from .data.components import GOOD_GUILD, HELD_SLOTS, TILES
from .economy_rules import ECONOMY_RULES
from .income import income, take_income
from .parameters import ECONOMY_PARAMETERS, SANDBOX_MAX_ADVANCE, design_of, price_table_of
from .town_hall import TownHall

#: The printed sandbox's longest deck advance (the ``max_advance`` parameter's default).
MAX_ADVANCE = SANDBOX_MAX_ADVANCE.value
# Built once: actions are immutable values, so every position can share them.
_INCOME = Action("income")
_BUILD = {good: Action("build", (good,)) for good in GOOD_GUILD}
_RIGHTS = {good: Action("rights", (good,)) for good in GOOD_GUILD}
_SLOTS_FULL = f"all {HELD_SLOTS.value} slots on your board are full; build a held tile first."


@functools.cache
def _advances(most: int) -> tuple[Action, ...]:
    """Every deck advance of 1 to ``most`` cards, in sort order (one tuple per length, shared by every game)."""
    return tuple(sorted((Action("advance", (d, n)) for d in prices.DECKS for n in range(1, most + 1)),
                        key=lambda a: a.sort_key))


def _held_tiles(purse: Purse) -> dict[str, str]:
    """Guild -> the first of its tiles in the player's slots (built before new Rights are bought)."""
    first: dict[str, str] = {}
    for tile in purse.held:
        first.setdefault(TILES[tile].guild, tile)  # a tile's guild is never designed: the printed tiles say it
    return first


@dataclass(frozen=True)
class EconomyConfig:
    """``players`` 1-4, ``turns`` each, the price table to read (``approx_v1`` or a transcription) and an optional
    starting position. Everything here saves with the game, so undo and replay keep a hand-made position."""

    players: int = 1
    turns: int = 12
    price_table: str = "approx_v1"
    #: A hand-made starting position (a teacher arranging the stands): deck cards and slider notches.
    start_population: int = 0
    start_ore: int = 0
    start_sliders: dict[str, int] = field(default_factory=dict)
    #: Changes to the designable parameters (``parameters.py``; the design lab's variants): none in the printed game.
    variant: Changes = NO_CHANGES


@dataclass(slots=True)
class Purse(Record):
    """One player's money, production by good (ore from buildings), tiles held in slots and tiles built."""

    groschen: int
    production: dict[str, int]
    mine_ore: int
    held: list[str]
    buildings: list[str]


@dataclass(slots=True)
class EconomyState(Record):
    stands: prices.Stands
    hall: TownHall
    players: list[Purse]
    turn: int  # actions taken so far


@dataclass(frozen=True, slots=True)
class RightsPlan:
    """The top tile of a guild's stack and what Rights to it cost now."""

    tile: str
    row: int
    column: int
    kind: str  # "groschen" or "permits"
    amount: int
    groschen: int
    permit_price: int  # the permit price now (what each permit costs)


@dataclass(frozen=True, slots=True)
class BuildPlan:
    """What building a good's building costs now: Rights first unless the tile is already held."""

    tile: str
    rights: RightsPlan | None  # None: the tile is already in the player's slots
    wood: int
    wood_groschen: int
    wood_price: int  # the wood price now (what each wood costs)

    @property
    def total(self) -> int:
        return self.wood_groschen + (self.rights.groschen if self.rights else 0)


class EconomyGame(prices.StandsGame, Game):
    """Kutná Hora's price economy as a small game (see the module docstring)."""

    game_id = "kutna_hora.economy"
    title = "Kutná Hora price sandbox"
    rules = ECONOMY_RULES
    Config = EconomyConfig
    min_players = 1
    max_players = 4
    legal_is_sorted = True  # _legal lists its actions in sort order
    #: Kinds of action a restricted bot of the design lab may be forbidden (by action-text prefix).
    action_kinds = {
        "advance": "never advances a deck",
        "advance population": "never advances the population deck",
        "advance ore": "never advances the ore deck",
        "rights": "never takes Rights without building at once",
        "build": "never builds",
        "income": "never takes income",
    }

    state: EconomyState

    @classmethod
    def parameters(cls) -> tuple[Parameter, ...]:
        return ECONOMY_PARAMETERS

    def _check_config(self, config: EconomyConfig) -> None:
        if not self.min_players <= config.players <= self.max_players:
            raise ConfigError(f"the price sandbox takes 1 to 4 players, not {config.players}")
        # turns is checked with the parameters (a whole number 1..200), before this.
        table = prices.table_for_config(config.price_table)
        for deck, pos in (("population", config.start_population), ("ore", config.start_ore)):
            if not 0 <= pos <= table.decks[deck].last:
                raise ConfigError(f"the {deck} deck has cards 0 to {table.decks[deck].last}, not {pos!r}")
        for slider, notch in config.start_sliders.items():
            if slider not in table.sliders:
                raise ConfigError(f"there is no {slider!r} slider; the sliders are {', '.join(table.sliders)}")
            top = table.decks[table.deck_of[slider]].notches[slider] - 1
            if isinstance(notch, bool) or not isinstance(notch, int) or not 0 <= notch <= top:
                raise ConfigError(f"the {slider} slider has notches 0 to {top}, not {notch!r}")

    def _prepare(self) -> None:
        variant = self.config.variant
        self.table = price_table_of(self.config.price_table, variant)
        #: The designable numbers this sandbox plays with (the printed ones unless its variant changes them).
        self.design = design_of(self.params, variant)
        #: The building tiles with their designed numbers (wood, production, effects), by id.
        self.tiles = self.design.tiles
        self.max_advance = self.design.max_advance
        self._advance = _advances(self.max_advance)

    def _setup(self) -> EconomyState:
        stands = prices.new_stands(self.table)
        self.emit("setup.card-stands", "Both decks start at card 0 with every slider at the far left.")
        c = self.config
        if c.start_population or c.start_ore or any(c.start_sliders.values()):
            stands.population, stands.ore = c.start_population, c.start_ore
            stands.sliders.update(c.start_sliders)
            moved = ", ".join(f"{k} notch {v}" for k, v in c.start_sliders.items() if v) or "no slider moved"
            self.emit("sandbox.start-position", f"The stands are arranged by hand: population card "
                      f"{c.start_population}, ore card {c.start_ore}, {moved}.")
        hall = town_hall.new_town_hall(self.rng)
        self.emit("setup.town-hall", "Guild stacks are shuffled onto the two left columns of the town hall.")
        self.emit("setup.public-stacks", "Green, silver and yellow public stacks fill the third column.")
        purses = [Purse(self.design.starting_groschen[p], {}, 0, [], []) for p in range(self.config.players)]
        self.emit("setup.groschen", "Starting groschen: " +
                  ", ".join(f"player {p + 1} {x.groschen}" for p, x in enumerate(purses)) + ".")
        return EconomyState(stands, hall, purses, 0)

    # ------------------------------------------------------------------ turn order
    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.state.turn % self.config.players

    def is_terminal(self) -> bool:
        return self.state.turn >= self.config.turns * self.config.players

    def pending(self) -> Decision | None:
        p = self.current_player
        if p is None:
            return None
        left = self.config.turns - self.state.turn // self.config.players
        return Decision(p, "turn", f"Player {p + 1}: advance a deck, build or take income ({left} turns left)")

    def scores(self) -> tuple[int, ...]:
        return tuple(purse.groschen for purse in self.state.players)

    #: The share of a player's turns left that the bots expect to be Income actions (designed: one of the three kinds
    #: of turn). Without the income term a search bot saw a building only as money spent and lost to the greedy bot
    #: (30 % of 201 games, bench_strength); with it, 18 of 24.
    INCOME_SHARE = 1 / 3

    def heuristic(self, player: int) -> float:
        """Groschen now plus the income the player's production would bring in the turns left (at today's prices,
        ``INCOME_SHARE`` of them), as a lead over the best other player: all public."""
        left = max(0, self.config.turns - self.state.turn // self.config.players)
        now = self.prices()  # once for every seat (a search rates many positions)
        worth = [purse.groschen + income(purse.production, now, purse.mine_ore) * left * self.INCOME_SHARE
                 for purse in self.state.players]
        others = [w for p, w in enumerate(worth) if p != player]
        return float(worth[player] - max(others, default=0.0))

    # ------------------------------------------------------------------ what the design lab follows
    def round_number(self) -> int | None:
        """The round of turns being played: each player's first turn is round 1 (the last round once it is over)."""
        return min(self.state.turn // self.config.players + 1, self.config.turns)

    def standings(self) -> tuple[float, ...]:
        """The score so far: each player's groschen."""
        return tuple(float(purse.groschen) for purse in self.state.players)

    def series(self) -> dict[str, Any]:
        """The six prices now (``price.wood`` ... ``price.ore``), and per player groschen, income (what an Income
        action would bring now) and points (the groschen: the sandbox's score)."""
        now = self.prices()
        purses = self.state.players
        out: dict[str, Any] = {f"price.{good}": float(now[good]) for good in self.table.goods}
        out["groschen"] = tuple(float(purse.groschen) for purse in purses)
        out["income"] = tuple(float(income(purse.production, now, purse.mine_ore)) for purse in purses)
        out["points"] = out["groschen"]
        return out

    # ------------------------------------------------------------------ reading the economy
    def cell(self, good: str) -> prices.Cell:
        return prices.cell_now(self.table, self.stands, good)

    def income_of(self, player: int) -> int:
        purse = self.state.players[player]
        return income(purse.production, self.prices(), purse.mine_ore)

    def rights_plan(self, good: str) -> RightsPlan | str:
        """The tile Rights for ``good`` would take now and its cost, or why Rights cannot be taken."""
        return self._plans(good)[0]

    def build_plan(self, good: str) -> BuildPlan | str:
        """What building ``good`` would take and cost now, or why it cannot be built (ignoring money)."""
        return self._plans(good)[1]

    def _plans(self, good: str) -> tuple[RightsPlan | str, BuildPlan | str]:
        if good not in GOOD_GUILD:
            unknown = f"there is no guild building producing {good!r}; the goods are {', '.join(self.table.goods)}."
            return unknown, unknown
        guild = GOOD_GUILD[good]
        purse = self.state.players[self._seat]
        hall = self.state.hall
        cells = self.cells()
        where = self._rights_source(guild, purse, town_hall.find(hall, guild))
        if isinstance(where, str):
            rights: RightsPlan | str = where
        else:
            row, column = where
            kind, amount = town_hall.rights_cost(column, self.design.rights_costs)
            groschen = self._rights_groschen(cells["permits"].value)[column]
            rights = RightsPlan(hall.rows[row][column].tiles[-1], row, column, kind, amount, groschen,
                                cells["permits"].value)
        cell = cells[good]
        if cell.no_demand:
            return rights, (f"no demand: the {good} price shows a red ✗ ({cell.value} groschen), so nobody may "
                            f"build a {good} building until demand rises. Buying its rights is still allowed.")
        held = _held_tiles(purse).get(guild)
        if held is not None:
            tile, via = self.tiles[held], None
        elif isinstance(rights, str):
            return rights, rights
        else:
            tile, via = self.tiles[rights.tile], rights
        wood = cells["wood"].value
        return rights, BuildPlan(tile.id, via, tile.wood, tile.wood * wood, wood)  # N wood at the price

    def _rights_source(self, guild: str, purse: Purse, where: tuple[int, int] | None) -> tuple[int, int] | str:
        """The (row, column) of the stack Rights to ``guild`` would take from (``where`` its stack is, ``None`` when
        it has run out), or why Rights cannot be taken."""
        if len(purse.held) >= HELD_SLOTS.value:
            return _SLOTS_FULL
        if where is None:
            return f"the town hall has no {guild} building left (its stack has run out)."
        return where

    def _rights_groschen(self, permit_price: int) -> list[int]:
        """What Rights to a tile cost in groschen at this permit price, by town hall column."""
        return [amount if kind == "groschen" else amount * permit_price for kind, amount in self.design.rights_costs]

    @property
    def _seat(self) -> int:
        return self.state.turn % self.config.players

    def _decider(self) -> int | None:
        return self.current_player

    # ------------------------------------------------------------------ legal actions and refusals
    def _legal(self) -> list[Action]:
        # The rules of _plans, read once per position (the town hall in one pass, each price once) without building
        # the plans; listed in sort order: advance, build, income, rights (goods alphabetically).
        s = self.state
        purse = s.players[s.turn % self.config.players]
        money = purse.groschen
        cells = self.cells()
        wood = cells["wood"].value
        rights_groschen = self._rights_groschen(cells["permits"].value)
        offers: dict[str, tuple[int, str]] = {}  # guild -> what Rights cost now and the tile they take
        if len(purse.held) < HELD_SLOTS.value:  # Rights need a free slot
            for row in s.hall.rows:
                for column, stack in enumerate(row):
                    if stack.name not in offers:
                        offers[stack.name] = (rights_groschen[column], stack.tiles[-1])
        held = _held_tiles(purse)
        tiles = self.tiles
        builds, rights = [], []
        for good, guild in self.table.guild_goods:
            offer = offers.get(guild)
            if offer is not None and offer[0] <= money:
                rights.append(_RIGHTS[good])
            if cells[good].no_demand:
                continue
            if guild in held:
                cost = tiles[held[guild]].wood * wood
            elif offer is not None:
                cost = offer[0] + tiles[offer[1]].wood * wood
            else:
                continue
            if cost <= money:
                builds.append(_BUILD[good])
        return [*self._advance, *builds, _INCOME, *rights]

    def _why_illegal(self, action: Action) -> str | None:
        money = self.state.players[self._seat].groschen
        if action.verb in ("build", "rights"):
            if len(action.args) != 1:
                return f"write {action.verb} and one good, e.g. '{action.verb} beer'."
            good = str(action.args[0])
            plan = self.build_plan(good) if action.verb == "build" else self.rights_plan(good)
            if isinstance(plan, str):
                what = "build" if action.verb == "build" else "take the rights to"
                return f"You cannot {what} a {good} building: {plan}"
            if isinstance(plan, RightsPlan):
                return f"Rights to {plan.tile} cost {plan.groschen} groschen now and you have {money}."
            rights = f"rights {plan.rights.groschen} + " if plan.rights else ""
            return (f"Building {plan.tile} costs {plan.total} groschen now ({rights}{plan.wood} wood × "
                    f"{plan.wood_price}) and you have {money}.")
        if action.verb == "advance":
            if len(action.args) != 2 or action.args[0] not in prices.DECKS:
                return "write advance, a deck (population or ore) and a number of cards, e.g. 'advance ore 2'."
            return f"in this sandbox a deck advances 1 to {self.max_advance} cards at a time."
        if action.verb == "income" and action.args:
            return "income takes no arguments."
        if action.verb not in ("income", "advance", "build", "rights"):
            return f"'{action.verb}' is not an action here; the actions are advance, rights, build and income."
        return None

    # ------------------------------------------------------------------ effects
    def _apply(self, action: Action) -> None:
        player = self._seat
        if action.verb == "advance":
            deck, n = str(action.args[0]), int(action.args[1])
            self.emit("sandbox.advance", f"Player {player + 1} advances the {deck} deck by {n}.", deck=deck, n=n)
            prices.advance(self, deck, n)
        elif action.verb == "rights":
            plan = self.rights_plan(str(action.args[0]))
            assert isinstance(plan, RightsPlan)
            self._take_rights(player, plan)
        elif action.verb == "build":
            self._build(player, str(action.args[0]))
        else:
            self._income(player)
        self.state.turn += 1

    def _take_rights(self, player: int, plan: RightsPlan) -> None:
        purse = self.state.players[player]
        purse.groschen -= plan.groschen
        guild = self.tiles[plan.tile].guild
        if plan.kind == "groschen":
            cost = f"{plan.groschen} groschen"
        else:  # the price, not the groschen divided by the permits: a designed column may cost 0 permits
            cost = (f"{plan.amount} permit{'s' if plan.amount != 1 else ''} at {plan.permit_price}, {plan.groschen} "
                    "groschen")
        self.emit("rights.cost", f"Player {player + 1} takes the rights to {plan.tile} in column {plan.column + 1}: "
                  f"{cost}.", tile=plan.tile, groschen=plan.groschen)
        town_hall.take_top(self.hall, plan.row, plan.column)
        purse.held.append(plan.tile)
        self.emit("rights.stack-to-end", f"The {guild} stack moves to the end of row {plan.row + 1}.")

    def _build(self, player: int, good: str) -> None:
        plan = self.build_plan(good)
        assert isinstance(plan, BuildPlan)
        purse = self.state.players[player]
        if plan.rights is not None:
            self.emit("sandbox.build", f"Player {player + 1} takes the rights to {plan.tile} and builds it at once.")
            self._take_rights(player, plan.rights)
        tile = self.tiles[plan.tile]
        purse.held.remove(tile.id)
        purse.groschen -= plan.wood_groschen
        each = plan.wood_price  # not the groschen divided by the wood: a designed tile may need 0 wood
        self.emit("build.pay-wood", f"Player {player + 1} builds {tile.id}: {plan.wood} wood at {each} each, "
                  f"{plan.wood_groschen} groschen.", groschen=plan.wood_groschen)
        purse.buildings.append(tile.id)
        purse.production[good] = purse.production.get(good, 0) + tile.production
        self.emit("build.production", f"Player {player + 1}'s {good} production rises by {tile.production} to "
                  f"{purse.production[good]}.", good=good, production=purse.production[good])
        for effect in tile.effects:
            if effect.kind in prices.STAND_EFFECTS:
                prices.stand_effect(self, good, effect.kind, effect.amount)

    def _income(self, player: int) -> None:
        purse = self.state.players[player]
        total, detail = take_income(purse.production, self.prices(), purse.mine_ore)
        purse.groschen += total
        self.emit("income.sum", f"Player {player + 1} takes income: {detail} = {total} groschen.", groschen=total)

    # ------------------------------------------------------------------ views
    def _observe(self, player: int | None) -> dict[str, Any]:
        # Nothing is hidden in the price economy: every player sees the same.
        return {"stands": prices.stand_snapshot(self.table, self.stands), "town_hall": self.hall.to_dict(),
                "players": [p.to_dict() for p in self.state.players], "turn": self.state.turn,
                "current_player": self.current_player}

