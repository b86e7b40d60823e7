"""The price sandbox: Kutná Hora's two card stands, the town hall and the players' production, on their own.

Not the full game: a short game for exploring the price economy. Each turn a player advances a deck, takes the
Rights to a guild building, builds one (a held tile, or Rights and Build in one step) or takes Income; after the
agreed number of turns the most groschen wins. Every price movement follows the rulebook; the ``sandbox.*`` rules
say where the sandbox simplifies.

The turn and its four verbs are the kernel step :class:`~.economy_turn.Turn` (the kernel owns the flow); this module
sets up, scores, and says what views and bots read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import NO_CHANGES, Changes, ConfigError, Record, StepGame, Steps, seat_label

from . import economy_turn, prices, search, town_hall
from .economy_rules import ECONOMY_RULES
from .economy_turn import BuildPlan, Pending, RightsPlan
from .income import income
from .parameters import ECONOMY_PARAMETERS, SANDBOX_MAX_ADVANCE, design_of, played_prices
from .town_hall import TownHall

#: The printed sandbox's longest deck advance (the ``max_advance`` parameter's default).
MAX_ADVANCE = SANDBOX_MAX_ADVANCE.value


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
    stack: list[Pending]  # the turn waiting (empty once every player has had every turn)


class EconomyGame(prices.StandsGame, StepGame):
    """Kutná Hora's price economy as a small game (see the module docstring)."""

    game_id = "kutna_hora.economy"
    title = "Kutná Hora price sandbox"
    rules = ECONOMY_RULES
    Config = EconomyConfig
    min_players = 1
    max_players = 4
    #: The one decision, a turn of four verbs (:mod:`.economy_turn`).
    steps = Steps(economy_turn.TURN)
    #: How the search bot searches the sandbox (:mod:`.search`: its budget and evaluation).
    search_settings = search.ECONOMY_SETTINGS
    #: Kinds of action a restricted bot of the design lab may be forbidden (by action-text prefix).
    action_kinds = {
        "advance": "never advances a deck",
        "advance population": "never advances the population deck",
        "advance ore": "never advances the ore deck",
        "rights": "never takes Rights without building at once",
        "build": "never builds",
        "income": "never takes income",
    }

    designable = ECONOMY_PARAMETERS
    state: EconomyState

    def _check_config(self, config: EconomyConfig) -> None:
        self._check_players(config, "the price sandbox")
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
        self.table, self.params = played_prices(self.config.price_table, self.params, variant)
        self.prices_kept = prices.KeptPrices()  # shared with clones (StandsGame.prices_now)
        #: The designable numbers this sandbox plays with (the printed ones unless its variant changes them).
        self.design = design_of(self.params, variant)
        #: The building tiles with their designed numbers (wood, production, effects), by id.
        self.tiles = self.design.tiles
        self.max_advance = self.design.max_advance
        #: Every deck advance of this game, in sort order (``economy_turn.advances``, shared).
        self.advance_actions = economy_turn.advances(self.max_advance)
        #: (good, guild, its Rights action, its Build action) for the table's guild goods, as every listing reads them.
        self.guild_actions = economy_turn.guild_actions(self.table.guild_goods)
        #: Rights costs in groschen by permit price (``economy_turn.rights_groschen``), shared with clones.
        self.rights_kept: dict[int, list[int]] = {}
        #: The listing's Rights offers for the last town hall and permit price (``economy_turn._offers``).
        self.offers_kept: tuple[int, list[list[town_hall.Stack]], dict[str, economy_turn.Offer]] | None = None

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
        purses = [Purse(groschen=self.design.starting_groschen[p], production={}, mine_ore=0, held=[], buildings=[])
                  for p in range(self.config.players)]
        self.emit("setup.groschen", "Starting groschen: " +
                  ", ".join(f"{seat_label(p, capital=False)} {x.groschen}" for p, x in enumerate(purses)) + ".")
        # Player 1 begins; each turn hands the next (economy_turn.Turn) until every player has had every turn.
        return EconomyState(stands=stands, hall=hall, players=purses, turn=0,
                            stack=[Pending(kind="turn", player=0)])

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
        now = self.prices_now()  # once for every seat (a search rates many positions)
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
        return economy_turn.rights_plan(self, self._seat, good)

    def build_plan(self, good: str) -> BuildPlan | str:
        """What building ``good`` would take and cost now, or why it cannot be built (ignoring money)."""
        return economy_turn.build_plan(self, self._seat, good)

    @property
    def _seat(self) -> int:
        """The seat whose turn it is (the seat after the last once the game is over)."""
        return self.state.turn % self.config.players

    def invariant_breaks(self) -> list[str]:
        s, players = self.state, self.config.players
        broken = []
        over = s.turn >= self.config.turns * players
        if over == bool(s.stack) or len(s.stack) > 1:
            broken.append(f"turn {s.turn} of {self.config.turns * players} with {len(s.stack)} turn(s) waiting")
        elif s.stack and s.stack[-1].player != s.turn % players:
            waiting, due = s.stack[-1].player, s.turn % players
            broken.append(f"turn {s.turn} waits on {seat_label(waiting)}, not {seat_label(due)}")
        if any(purse.groschen < 0 for purse in s.players):
            broken.append("negative groschen")
        return broken

    # ------------------------------------------------------------------ views
    def _observe(self, player: int | None) -> dict[str, Any]:
        # Nothing is hidden in the price economy: every player sees the same.
        return {"stands": prices.stand_snapshot(self.table, self.stands), "town_hall": self.hall.to_dict(),
                "players": [p.to_dict() for p in self.state.players], "turn": self.state.turn,
                "current_player": self.current_player}

