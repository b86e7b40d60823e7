"""The price sandbox's turn (``kutna_hora.economy``, rule ``sandbox.turns``): the player to move advances a deck, takes
the Rights to a guild building, builds one (a held tile, or Rights and Build in one step) or takes Income; then the
next player's turn follows, until every player has had the agreed number of turns.

The turn is one kernel step of four verbs, each a :class:`~games.core.Verb` holding its form, options, refusal and
effect: :class:`Advance`, :class:`Build`, :class:`Income`, :class:`Rights`. What Rights and Build cost now is read in
one place, :func:`rights_plan` and :func:`build_plan` (the refusals and the effects read it); the turn's listing reads
the same rules for every good at once (:meth:`Turn.options`), and Build's and Rights' options are their part of it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from games.core import Action, Record, Verb, VerbStep, seat_label

from . import prices, town_hall
from .data.components import GOOD_GUILD, HELD_SLOTS, TILES
from .income import take_income

if TYPE_CHECKING:
    from .economy import EconomyGame, Purse

# Built once: actions are immutable values, so every position can share them.
_INCOME_ACTION = Action("income")
_BUILD_ACTIONS = {good: Action("build", (good,)) for good in GOOD_GUILD}
_RIGHTS_ACTIONS = {good: Action("rights", (good,)) for good in GOOD_GUILD}
_SLOTS = HELD_SLOTS.value
_SLOTS_FULL = f"all {HELD_SLOTS.value} slots on your board are full; build a held tile first."


@dataclass(slots=True)
class Pending(Record):
    """The turn waiting on the stack: ``player`` decides (kind ``turn``)."""

    kind: str
    player: int


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


# ---------------------------------------------------------------------------------------------- what things cost now
def held_tiles(purse: Purse) -> dict[str, str]:
    """Guild -> the first of its tiles in the player's slots (built before new Rights are bought)."""
    first: dict[str, str] = {}
    for tile in purse.held:
        first.setdefault(TILES[tile].guild, tile)  # a tile's guild is never designed: the printed tiles say it
    return first


def rights_groschen(game: EconomyGame, permit_price: int) -> list[int]:
    """What Rights to a tile cost in groschen at this permit price, by town hall column (kept by the price in
    ``game.rights_kept``, shared with clones: read at every listing). Read it, never change it."""
    found = game.rights_kept.get(permit_price)
    if found is None:
        found = game.rights_kept[permit_price] = [amount if kind == "groschen" else amount * permit_price
                                                  for kind, amount in game.design.rights_costs]
    return found


def rights_plan(game: EconomyGame, player: int, good: str) -> RightsPlan | str:
    """The tile Rights for ``good`` would take for ``player`` now and its cost, or why Rights cannot be taken."""
    guild = GOOD_GUILD.get(good)
    if guild is None:
        return _plans(game, player, good)[0]
    return _rights_of(game, game.state.players[player], guild)  # _plans(...)[0] without the Build's plan


def build_plan(game: EconomyGame, player: int, good: str) -> BuildPlan | str:
    """What building ``good`` would take and cost ``player`` now, or why it cannot be built (ignoring money)."""
    # _plans(game, player, good)[1], with the Rights read only when the tile is not held already: every Build reads
    # its plan, and most build a held tile or nothing (the same plan and the same sentences, in the same order).
    guild = GOOD_GUILD.get(good)
    if guild is None:
        return _plans(game, player, good)[1]
    cells = game.cells()
    cell = cells[good]
    if cell.no_demand:
        return (f"no demand: the {good} price shows a red ✗ ({cell.value} groschen), so nobody may "
                f"build a {good} building until demand rises. Buying its rights is still allowed.")
    purse = game.state.players[player]
    held = held_tiles(purse).get(guild) if purse.held else None
    if held is None:
        return _plans(game, player, good)[1]
    tile, wood = game.tiles[held], cells["wood"].value
    return BuildPlan(tile=tile.id, rights=None, wood=tile.wood, wood_groschen=tile.wood * wood, wood_price=wood)


def _plans(game: EconomyGame, player: int, good: str) -> tuple[RightsPlan | str, BuildPlan | str]:
    if good not in GOOD_GUILD:
        unknown = f"there is no guild building producing {good!r}; the goods are {', '.join(game.table.goods)}."
        return unknown, unknown
    guild = GOOD_GUILD[good]
    purse = game.state.players[player]
    rights = _rights_of(game, purse, guild)
    cells = game.cells()
    cell = cells[good]
    if cell.no_demand:
        return rights, (f"no demand: the {good} price shows a red ✗ ({cell.value} groschen), so nobody may "
                        f"build a {good} building until demand rises. Buying its rights is still allowed.")
    held = held_tiles(purse).get(guild)
    if held is not None:
        tile, via = game.tiles[held], None
    elif isinstance(rights, str):
        return rights, rights
    else:
        tile, via = game.tiles[rights.tile], rights
    wood = cells["wood"].value
    return rights, BuildPlan(tile=tile.id, rights=via, wood=tile.wood, wood_groschen=tile.wood * wood,
                             wood_price=wood)  # N wood at the price


def _rights_of(game: EconomyGame, purse: Purse, guild: str) -> RightsPlan | str:
    """The Rights part of :func:`_plans`: the tile Rights to ``guild`` would take for ``purse`` and its cost now, or
    why Rights cannot be taken."""
    if len(purse.held) >= _SLOTS:
        return _SLOTS_FULL
    # The stack town_hall.find gives and its cost, read from the offers the turn's listing has just kept.
    permits = game.cells()["permits"].value
    offer = _offers(game, permits).get(guild)
    where = _rights_source(guild, purse, None if offer is None else (offer[2], offer[3]))
    if isinstance(where, str):
        return where
    row, column = where
    kind, amount = town_hall.rights_cost(column, game.design.rights_costs)
    return RightsPlan(tile=offer[4], row=row, column=column, kind=kind, amount=amount,  # type: ignore[index]
                      groschen=offer[0], permit_price=permits)  # type: ignore[index]


def _rights_source(guild: str, purse: Purse, where: tuple[int, int] | None) -> tuple[int, int] | str:
    """The (row, column) of the stack Rights to ``guild`` would take from (``where`` its stack is, ``None`` when it has
    run out), or why Rights cannot be taken."""
    if len(purse.held) >= HELD_SLOTS.value:
        return _SLOTS_FULL
    if where is None:
        return f"the town hall has no {guild} building left (its stack has run out)."
    return where


# ---------------------------------------------------------------------------------------------- the four verbs
class SandboxVerb(Verb):
    """A verb of the sandbox turn."""

    #: How the verb is written, as the refusal of a wrong number of words after it says it.
    spelt: ClassVar[str]

    def options(self, game: EconomyGame, at: Pending, given: Any = None) -> list[Action]:
        """This verb's actions out of the turn's one listing (the turn lists its verbs in one pass, for speed)."""
        return [action for action in TURN.options(game, at) if action.verb == self.verb]


@functools.cache
def advances(most: int) -> tuple[Action, ...]:
    """Every deck advance of 1 to ``most`` cards, in sort order (one tuple per length, shared by every game)."""
    return tuple(sorted((Action("advance", (d, n)) for d in prices.DECKS for n in range(1, most + 1)),
                        key=lambda a: a.sort_key))


class Advance(SandboxVerb):
    """Advance the population or ore deck by 1 to ``max_advance`` cards (``sandbox.advance``)."""

    verb = "advance"
    form = "advance DECK CARDS"
    spelt = "write advance, a deck (population or ore) and a number of cards, e.g. 'advance ore 2'."

    def options(self, game: EconomyGame, at: Pending, given: Any = None) -> list[Action]:
        return list(game.advance_actions)

    def refusal(self, game: EconomyGame, at: Pending, action: Action) -> str:
        if action.args[0] not in prices.DECKS:
            return self.spelt
        return f"in this sandbox a deck advances 1 to {game.max_advance} cards at a time."

    def apply(self, game: EconomyGame, at: Pending, action: Action) -> None:
        deck, n = str(action.args[0]), int(action.args[1])
        game.emit("sandbox.advance", f"{seat_label(at.player)} advances the {deck} deck by {n}.", deck=deck, n=n)
        prices.advance(game, deck, n)


class Build(SandboxVerb):
    """Build a good's guild building: a held tile of its guild, or Rights to its stack's top tile and the build in one
    step; the wood is paid at the wood price now, and the building's production and price icons take effect
    (``build.pay-wood``, ``build.production``, ``sandbox.build``). Not while the good shows the red ✗ of no demand."""

    verb = "build"
    form = "build GOOD"
    spelt = "write build and one good, e.g. 'build beer'."

    def refusal(self, game: EconomyGame, at: Pending, action: Action) -> str:
        good = str(action.args[0])
        plan = build_plan(game, at.player, good)
        if isinstance(plan, str):
            return f"You cannot build a {good} building: {plan}"
        rights = f"rights {plan.rights.groschen} + " if plan.rights else ""
        return (f"Building {plan.tile} costs {plan.total} groschen now ({rights}{plan.wood} wood × "
                f"{plan.wood_price}) and you have {game.state.players[at.player].groschen}.")

    def apply(self, game: EconomyGame, at: Pending, action: Action) -> None:
        player, good = at.player, str(action.args[0])
        plan = build_plan(game, player, good)
        assert isinstance(plan, BuildPlan)
        purse = game.state.players[at.player]
        if plan.rights is not None:
            game.emit("sandbox.build", f"{seat_label(player)} takes the rights to {plan.tile} and builds it at once.")
            take_rights(game, player, plan.rights)
        tile = game.tiles[plan.tile]
        purse.held.remove(tile.id)
        purse.groschen -= plan.wood_groschen
        each = plan.wood_price  # not the groschen divided by the wood: a designed tile may need 0 wood
        game.emit("build.pay-wood", f"{seat_label(player)} builds {tile.id}: {plan.wood} wood at {each} each, "
                  f"{plan.wood_groschen} groschen.", groschen=plan.wood_groschen)
        purse.buildings.append(tile.id)
        purse.production[good] = purse.production.get(good, 0) + tile.production
        game.emit("build.production", f"{seat_label(player)}'s {good} production rises by {tile.production} to "
                  f"{purse.production[good]}.", good=good, production=purse.production[good])
        for effect in tile.effects:
            if effect.kind in prices.STAND_EFFECTS:
                prices.stand_effect(game, good, effect.kind, effect.amount)


class Income(SandboxVerb):
    """Take income: production × the price now, over every good (``income.sum``)."""

    verb = "income"
    form = "income"
    spelt = "income takes no arguments."

    def options(self, game: EconomyGame, at: Pending, given: Any = None) -> list[Action]:
        return [_INCOME_ACTION]  # always possible, even with nothing to earn yet

    def apply(self, game: EconomyGame, at: Pending, action: Action) -> None:
        purse = game.state.players[at.player]
        total, detail = take_income(purse.production, game.prices_now(), purse.mine_ore)
        purse.groschen += total
        game.emit("income.sum", f"{seat_label(at.player)} takes income: {detail} = {total} groschen.", groschen=total)


class Rights(SandboxVerb):
    """Take the Rights to the top tile of a guild's stack into a free slot, paying its column's cost now
    (``rights.cost``, ``rights.stack-to-end``, ``rights.slots``), without building it yet."""

    verb = "rights"
    form = "rights GOOD"
    spelt = "write rights and one good, e.g. 'rights beer'."

    def refusal(self, game: EconomyGame, at: Pending, action: Action) -> str:
        good = str(action.args[0])
        plan = rights_plan(game, at.player, good)
        if isinstance(plan, str):
            return f"You cannot take the rights to a {good} building: {plan}"
        money = game.state.players[at.player].groschen
        return f"Rights to {plan.tile} cost {plan.groschen} groschen now and you have {money}."

    def apply(self, game: EconomyGame, at: Pending, action: Action) -> None:
        plan = rights_plan(game, at.player, str(action.args[0]))
        assert isinstance(plan, RightsPlan)
        take_rights(game, at.player, plan)


def take_rights(game: EconomyGame, player: int, plan: RightsPlan) -> None:
    """Pay for Rights as planned, take the tile into a slot and move its stack to the end of its row."""
    purse = game.state.players[player]
    purse.groschen -= plan.groschen
    guild = game.tiles[plan.tile].guild
    if plan.kind == "groschen":
        cost = f"{plan.groschen} groschen"
    else:  # the price, not the groschen divided by the permits: a designed column may cost 0 permits
        cost = (f"{plan.amount} permit{'s' if plan.amount != 1 else ''} at {plan.permit_price}, {plan.groschen} "
                "groschen")
    game.emit("rights.cost", f"{seat_label(player)} takes the rights to {plan.tile} in column {plan.column + 1}: "
              f"{cost}.", tile=plan.tile, groschen=plan.groschen)
    town_hall.take_top(game.hall, plan.row, plan.column)
    purse.held.append(plan.tile)
    game.emit("rights.stack-to-end", f"The {guild} stack moves to the end of row {plan.row + 1}.")


# ---------------------------------------------------------------------------------------------- the turn
class Turn(VerbStep):
    """A sandbox turn: one of the four verbs, then the next player's turn (``sandbox.turns``)."""

    kind = "turn"
    verbs = (Advance(), Build(), Income(), Rights())
    _of_verb: ClassVar[dict[str, SandboxVerb]]  # type: ignore[assignment]
    presorted = True  # the verbs alphabetically, each listing its actions in sort order

    def prompt(self, game: EconomyGame, at: Pending) -> str:
        left = game.config.turns - game.state.turn // game.config.players
        return f"{seat_label(at.player)}: advance a deck, build or take income ({left} turns left)"

    def spelling(self, game: EconomyGame, at: Pending, action: Action) -> str | None:
        unit = self._of_verb.get(action.verb)
        if unit is None:
            return f"'{action.verb}' is not an action here; the actions are advance, rights, build and income."
        return unit.spelt if len(action.args) != self.arity(action.verb) else None

    def options(self, game: EconomyGame, at: Pending) -> list[Action]:
        """Every action of the turn in sort order (advance, build, income, rights; goods alphabetically). The builds
        and the Rights the player can pay for follow the rules of :func:`build_plan` and :func:`rights_plan`, read for
        every good at once: one pass over the town hall, each price once (the verbs' own options are these)."""
        purse, cells = game.state.players[at.player], game.cells()
        money, wood = purse.groschen, cells["wood"].value
        # guild -> what Rights cost now and the wood its tile needs (Rights need a free slot)
        offers = _offers(game, cells["permits"].value) if len(purse.held) < _SLOTS else _NO_OFFERS
        held = held_tiles(purse) if purse.held else _NO_HELD
        tiles = game.tiles
        builds, rights = [], []
        for good, guild, rights_action, build_action in game.guild_actions:
            offer = offers.get(guild)
            if offer is not None and offer[0] <= money:
                rights.append(rights_action)
            if cells[good].no_demand:
                continue
            if guild in held:  # a held tile is built for its wood alone
                cost = tiles[held[guild]].wood * wood
            elif offer is not None:  # Rights and Build in one step
                cost = offer[0] + offer[1] * wood
            else:
                continue
            if cost <= money:
                builds.append(build_action)
        return [*game.advance_actions, *builds, _INCOME_ACTION, *rights]

    def apply(self, game: EconomyGame, at: Pending, action: Action) -> None:
        self._of_verb[action.verb].apply(game, at, action)
        s, players = game.state, game.config.players
        s.turn += 1
        if s.turn < game.config.turns * players:  # the same decision goes on, for the next player
            at.player = s.turn % players
            game.push(at)


#: A guild's Rights offer in the turn's listing (``_offers``): groschen, its tile's wood, row, column, tile.
Offer = tuple[int, int, int, int, str]
_NO_OFFERS: dict[str, Offer] = {}
_NO_HELD: dict[str, str] = {}


@functools.cache  # once per table's goods, not once per game
def guild_actions(guild_goods: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str, Action, Action], ...]:
    """(good, its guild, its Rights action, its Build action) for a table's guild goods (``game.guild_actions``)."""
    return tuple((good, guild, _RIGHTS_ACTIONS[good], _BUILD_ACTIONS[good]) for good, guild in guild_goods)


def _offers(game: EconomyGame, permit_price: int) -> dict[str, Offer]:
    """Guild -> what Rights to the top tile of its first stack cost now (at ``permit_price``), the wood that tile
    needs, the stack's row and column (``town_hall.find``) and the tile: one pass over the town hall. Kept for the
    last town hall and permit price asked about (``game.offers_kept``): the town hall changes only at a Rights or a
    town build, and every turn is listed, then its Rights or Build read it again. The rows are compared by their
    stacks, which never change (``town_hall.Stack``). Read it, never change it."""
    rows = game.state.hall.rows
    kept = game.offers_kept
    if kept is not None and kept[0] == permit_price and kept[1] == rows:
        return kept[2]
    costs, tiles = rights_groschen(game, permit_price), game.tiles
    offers: dict[str, Offer] = {}
    for number, row in enumerate(rows):
        for column, stack in enumerate(row):
            if stack.name not in offers:
                top = stack.tiles[-1]
                offers[stack.name] = (costs[column], tiles[top].wood, number, column, top)
    game.offers_kept = (permit_price, [[*row] for row in rows], offers)
    return offers


#: The sandbox's one step (stateless, like every step).
TURN = Turn()
