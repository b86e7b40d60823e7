"""Kutná Hora for 2-4 players: every rule of the rulebook as one state machine (``kutna_hora.game``).

Play goes round by round. Each player takes 3 turns (2 action cards in each of the first two, 1 in the last);
each card is played for one of its two actions, and every choice inside an action (which tile, which space, which
noble) is its own pending decision. Steps that need no choice resolve inside ``apply``. Ids of the rules each effect
follows are in :mod:`.rules`; where the text is silent the ``decision.*`` rules say what we chose.

Actions, as written: ``guilds 2``, ``rows miners builders tavern``, ``play 4 rights``, ``joker 2 build``,
``idle 3`` (a card played for no effect), ``miners 2``, ``mine ii-3 7`` / ``discard``, ``rights builders-2``,
``plot 14``, ``build grocers-1 14``, ``tech 9`` / ``tech-remove``, ``council green``, ``house tavern``,
``noble red``, ``score 14``, ``tax pay`` / ``tax refuse``, ``pass`` (ignore the rest of an effect).
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

from games.core import Action, ConfigError, DataError, Decision, Game

from . import mines, nobles, town, town_hall
from . import prices as P
from .data import approx as A
from .data import rulebook as R
from .data.components import GUILD_GOOD, HELD_SLOTS, PUBLIC_BUILDINGS, STARTING_GROSCHEN, TILES
from .income import income as income_sum
from .income import income_lines
from .rules import RULES
from .state import Frame, KutnaHoraConfig, KutnaHoraState, Seat
from .town_hall import Stack, TownHall

ACTIONS = ("mine", "rights", "plot", "build", "income", "barbara")
_SORTED_HALVES = tuple(tuple(sorted(halves)) for halves in A.ACTION_CARDS.value)
HOUSES_PER_ROW = R.HOUSES.value // 3
EVENTS = {e.id: e for e in A.EVENTS}
_PASS = Action("pass")


def _sort_key(action: Action) -> tuple:
    return action.sort_key


@functools.cache
def _act(verb: str, *args: str | int) -> Action:
    """Actions are immutable values: one object per distinct action, shared by every game (building them is the
    engine's hottest path otherwise)."""
    return Action(verb, args)


#: How many words follow each verb, and how it is written (for refusals of malformed actions).
_FORMS = {"play": "play CARD ACTION", "joker": "joker CARD ACTION", "idle": "idle CARD", "guilds": "guilds SET",
          "rows": "rows GUILD GUILD GUILD", "tax": "tax pay|refuse", "miners": "miners 1|2", "mine": "mine TILE SPACE",
          "discard": "discard", "rights": "rights TILE", "plot": "plot SPACE", "build": "build TILE PLOT",
          "tech": "tech SPACE", "tech-remove": "tech-remove", "council": "council COLOUR", "house": "house GUILD",
          "noble": "noble COLOUR", "score": "score PLOT", "pass": "pass"}
_ARITY = {verb: len(form.split()) - 1 for verb, form in _FORMS.items()}
#: Decisions that end a player's own chain of choices for the greedy look-ahead.
_OWN_STEP_ENDS = {"play", "tax", "guilds", "rows"}
#: Frames that need no player's choice: they run inside apply.
_AUTO = {"mine-draw", "income", "round-end", "barbara"}


def _name(p: int) -> str:
    return f"Player {p + 1}"


class KutnaHoraGame(Game):
    """The complete game (see the module docstring)."""

    game_id = "kutna_hora.game"
    title = "Kutná Hora"
    rules = RULES
    Config = KutnaHoraConfig
    min_players = 2
    max_players = 4
    legal_is_sorted = True

    state: KutnaHoraState
    table: P.PriceTable

    # ------------------------------------------------------------------ setup
    def _check_config(self, config: KutnaHoraConfig) -> None:
        low, high = R.PLAYERS.value
        if not low <= config.players <= high:
            raise ConfigError(f"Kutná Hora takes {low} to {high} players, not {config.players}")
        try:
            P.load_price_table(config.price_table)
        except DataError as err:
            raise ConfigError(str(err)) from err

    def _prepare(self) -> None:
        self.table = P.load_price_table(self.config.price_table)
        self.rounds = R.ROUNDS.value[self.config.players]
        self.size = A.TOWN_SIZE.value[self.config.players]

    @property
    def stands(self) -> P.Stands:
        return self.state.stands

    @property
    def hall(self) -> TownHall:
        return self.state.hall

    def _setup(self) -> KutnaHoraState:
        n, rng = self.config.players, self.rng
        self.emit("setup.round-track", f"{self.rounds} rounds ({'4 players' if n == 4 else '2-3 players'}); the "
                  "round marker on round 1 and the tax marker on 0.", rounds=self.rounds)
        red = [t.id for t in PUBLIC_BUILDINGS if t.colour == "red"]
        red_round = R.RED_NOBLES_ROUND.value[n]
        self.emit("setup.red-nobles", f"The 3 red public buildings wait on round {red_round} of the round track.")
        hall = town_hall.new_town_hall(rng)
        self.emit("setup.town-hall", "Marked guild tiles are shuffled onto the two left columns of the town hall, "
                  "each under the other three of its guild.")
        self.emit("setup.public-stacks", "Green, silver and yellow public buildings, each stack shuffled.")
        layout = rng.below(len(A.MINE_SETUP.value))
        rocks = list(mines.ROCKS)
        rng.shuffle(rocks)
        cells = [""] * (mines.ROWS * mines.COLUMNS)
        for (r, c), rock in zip(A.MINE_SETUP.value[layout], rocks, strict=True):
            cells[mines.space(r, c)] = rock
        self.emit("setup.mine-board", f"Mine setup card {layout + 1}: rocks with "
                  f"{', '.join(str(mines.ROCKS[x]) for x in rocks)} stars.", card=layout + 1)
        stands = P.new_stands(self.table)
        self.emit("setup.card-stands", "Both decks start at card 0 with every slider at the far left.")
        self.emit("setup.st-barbara", "St. Barbara tiles 1-5 in the bottom row, 6-10 in the middle, 11 on top.")
        self.emit("setup.bank", "The bank: groschen, exactly 3 nobles per colour, pelicans.")
        stack: list[str] = []
        for back in ("III", "II", "I"):  # I on top: the list's end is the top
            pile = [t.id for t in A.MINE_TILES if t.back == back]
            rng.shuffle(pile)
            stack += pile
        tech = [t.id for t in reversed(A.TECH_TILES)]
        self.emit("setup.mine-stack", "Technology tiles face down with I on top; mine tiles shuffled by back and "
                  "stacked I over II over III.")
        seats = [Seat(STARTING_GROSCHEN.value[p], 0, A.REPUTATION_START.value, 0, 0, {}, 0, [], [], [0, 0, 0], 0,
                      R.START_POOL.value, R.MINERS.value - R.START_POOL.value, list(range(1, 7))) for p in range(n)]
        self.emit("setup.players", "Each player: score 0, one miner in the pool, groschen "
                  + ", ".join(f"{_name(p)} {s.groschen}" for p, s in enumerate(seats)) + ".")
        colours = R.NOBLE_COLOURS
        size = self.size
        state = KutnaHoraState(
            "setup", 1, 0, 0, R.CARDS_PER_TURN.value[0], seats, stands, hall, red, 0, cells,
            [-1] * len(cells), stack, [], [], tech, [], [""] * size * size, [-1] * size * size, [-1] * size * size,
            0, {c: R.NOBLES_PER_COLOUR.value for c in colours}, {c: 0 for c in colours}, {c: 0 for c in colours},
            [""] * self.rounds, 0, [], [])
        self.state = state
        self._deal_events()
        card = 0 if self.config.first_game else rng.below(len(A.GUILD_SETUP.value))
        state.guild_card = card
        state.guild_sets = list(range(n))  # sets 1-n of the card's row for this player count
        if self.config.first_game:
            for p in range(n):
                self._take_guilds(p, p)
            self.emit("setup.first-game", "First game: guild setup card 1, each player the set and rows printed.")
        else:
            self.emit("setup.guild-card", f"Guild setup card {card + 1}: players choose guild sets from the last "
                      "player counterclockwise; the start player takes the set left.", card=card + 1)
            state.stack = [Frame("rows", p, [], []) for p in reversed(range(n))]
            state.stack += [Frame("guilds", p, [], []) for p in range(1, n)]
        self._settle()
        return state

    def _deal_events(self) -> None:
        s, n = self.state, self.config.players
        if n > 2 and not self.config.events:
            return
        red_round = R.RED_NOBLES_ROUND.value[n]
        piles = {letter: [e.id for e in A.EVENTS if e.id[0] == letter] for letter in "AB"}
        for pile in piles.values():
            self.rng.shuffle(pile)
        for r in range(1, self.rounds):  # none in the last round
            s.events[r - 1] = piles["A" if r <= red_round else "B"].pop()
        self.emit("setup.events", f"Event cards face down above rounds 1-{self.rounds - 1}: A up to round "
                  f"{red_round}, B after it, none in the last round.")

    def _take_guilds(self, p: int, set_no: int) -> None:
        self.state.guild_sets.remove(set_no)
        self.state.seats[p].guilds = list(A.GUILD_SETUP.value[self.state.guild_card][set_no])

    # ------------------------------------------------------------------ small effects
    def _points(self, p: int, n: int, rule: str, why: str) -> None:
        if n:
            self.state.seats[p].score += n
            self.emit(rule, f"{_name(p)} {'scores' if n > 0 else 'loses'} {abs(n)} point{'s' if abs(n) != 1 else ''}"
                      f" ({why}).", player=p, points=n)

    def _reputation(self, p: int, delta: int, rule: str, why: str) -> None:
        if not delta:
            return
        seat = self.state.seats[p]
        top = len(A.REPUTATION_POINTS.value) - 1
        new = seat.reputation + delta
        self.emit(rule, f"{_name(p)}: reputation {'+' if delta > 0 else ''}{delta} ({why}).", player=p,
                  reputation=delta)
        beyond = new - top if new > top else new if new < 0 else 0
        seat.reputation = min(max(new, 0), top)
        if beyond:
            self._points(p, R.REPUTATION_BEYOND.value * beyond, "reputation.beyond",
                         f"{abs(beyond)} step{'s' if abs(beyond) > 1 else ''} past the "
                         f"{'top' if beyond > 0 else 'bottom'} of the reputation track")

    def _pay(self, p: int, groschen: int) -> None:
        self.state.seats[p].groschen -= groschen

    def _raise_tax(self, n: int, rule: str, why: str) -> None:
        s = self.state
        new = min(s.tax + n, R.TAX_CAP.value)
        self.emit(rule, f"Tax +{n} ({why}): {s.tax} → {new}." + (" The tax never exceeds 25." if s.tax + n > new
                                                                     else ""), tax=new)
        if s.tax + n > new:
            self.emit("caps.tax", "The tax marker stops at 25.")
        s.tax = new

    def _flip_barbara(self, rule: str) -> None:
        s = self.state
        if s.barbara >= R.ST_BARBARA_TILES.value:
            self.emit("barbara.flip-none", "All 11 St. Barbara tiles are done: flipping has no effect.")
            return
        tile = s.barbara + 1
        s.barbara = tile
        self.emit(rule, f"St. Barbara tile {tile} is turned face down; nobody gets its effect.", tile=tile)
        self._raise_tax(A.ST_BARBARA_TAX.value[tile - 1], "barbara.flip-tax", f"the tax icon on tile {tile}")

    def _advance(self, deck: str, n: int) -> None:
        if n:
            P.advance(self, deck, n)

    def _plots_in_town(self, p: int) -> list[int]:
        return [i for i, m in enumerate(self.state.markers) if m == p]

    def price(self, good: str) -> int:
        return P.price(self.table, self.stands, good)

    def prices(self) -> dict[str, int]:
        return P.prices(self.table, self.stands)

    def income_of(self, p: int) -> int:
        seat = self.state.seats[p]
        return income_sum(seat.production, self.prices(), seat.mine_ore)

    def _guild_row(self, p: int, guild: str) -> int:
        return self.state.seats[p].guilds.index(guild)

    # ------------------------------------------------------------------ the round
    def _begin_round(self) -> None:
        s = self.state
        s.phase, s.turn = "play", 0
        s.plays_left = R.CARDS_PER_TURN.value[0]
        self.emit("round.start", f"Round {s.round} of {self.rounds}: {_name(s.start)} starts.", round=s.round)
        event = s.events[s.round - 1]
        if event:
            card = EVENTS[event]
            self.emit("events.reveal", f"Event {event} is revealed for round {s.round}.", event=event)
            if card.tax:
                self._raise_tax(card.tax, "events.tax", f"the tax icon on event {event}")

    def _turn_player(self) -> int:
        s = self.state
        return (s.start + s.turn) % self.config.players

    def _next_step(self) -> None:
        """The stack is empty: the next card, turn or round end."""
        s = self.state
        if s.phase == "setup":
            self._begin_round()
        if s.plays_left > 0:
            s.stack.append(Frame("play", self._turn_player(), [], []))
            return
        n = self.config.players
        s.turn += 1
        if s.turn < R.TURNS_PER_ROUND.value * n:
            s.plays_left = R.CARDS_PER_TURN.value[s.turn // n]
            s.stack.append(Frame("play", self._turn_player(), [], []))
            return
        self._end_round()

    def _end_round(self) -> None:
        s, n = self.state, self.config.players
        self.emit("round.end", f"Round {s.round} ends.", round=s.round)
        event = s.events[s.round - 1]
        if event:
            card = EVENTS[event]
            if card.population or card.ore or card.town_builds:
                self.emit("events.round-end", f"Event {event} acts before tax and noble scoring.", event=event)
            self._advance("population", card.population)
            self._advance("ore", card.ore)
            if card.town_builds:
                P.town_builds(self, card.town_builds)
        frames = [Frame("round-end", -1, [], [])]
        for k in range(n):
            p = (s.start + k) % n
            amount = self.tax_due(p)
            if amount == 0:
                self.emit("tax.pay", f"{_name(p)} owes no tax this round.", player=p, groschen=0)
            elif s.seats[p].groschen < amount:
                self._lose_tax_reputation(p, f"cannot pay {amount} groschen")
            else:
                frames.insert(1, Frame("tax", p, [amount], []))
        s.stack += frames  # the start player's tax decision on top

    def tax_due(self, p: int) -> int:
        """This round's tax plus plot tax (3 with 2 plots in town, 8 with 3)."""
        return self.state.tax + R.PLOT_TAX.value.get(self.state.markers.count(p), 0)

    def _lose_tax_reputation(self, p: int, why: str) -> None:
        loss = A.TAX_REPUTATION.value[self.state.round - 1]
        self._reputation(p, -loss, "tax.reputation", f"tax not paid: {why}")

    def _finish_round(self) -> None:
        s, n = self.state, self.config.players
        if s.round == R.RED_NOBLES_ROUND.value[n]:
            red = list(s.red_track)
            self.rng.shuffle(red)
            for row, tile in zip(s.hall.rows, red, strict=False):
                row.append(Stack("public", "red", [tile]))
            s.red_track = []
            self.emit("round.red-nobles", "The red public buildings enter: one at the right end of each town hall "
                      "row, not stacked.")
        if s.round > self.rounds - R.NOBLE_ROUNDS.value:
            self._noble_scoring()
        if s.round == self.rounds:
            self._final_scoring()
            s.phase = "over"
            self.emit("end.game-over", f"The game ends after round {s.round}.")
            return
        s.start = (s.start + 1) % n
        for seat in s.seats:
            seat.cards = list(range(1, R.ACTION_CARDS.value + 1))
        self.emit("round.next", f"Everyone takes their action cards back; the start player marker passes left to "
                  f"{_name(s.start)}.", start=s.start)
        s.round += 1
        self._begin_round()

    def _noble_scoring(self) -> None:
        s = self.state
        if not any(s.council.values()):
            self.emit("nobles.scoring", "Noble scoring: the council is empty, nobody scores.")
            return
        self.emit("nobles.scoring", "Noble scoring: " + ", ".join(f"{c} × {k}" for c, k in s.council.items() if k)
                  + " in the council.")
        for p in range(self.config.players):
            per = self.noble_values(p)
            for colour in R.NOBLE_COLOURS:
                k = s.council[colour]
                if k and per[colour]:
                    self._points(p, per[colour] * k, f"nobles.{colour}", f"{colour} noble: {per[colour]} × {k}")

    def noble_values(self, p: int) -> dict[str, int]:
        """What one noble of each colour scores for ``p`` now."""
        s = self.state
        seat = s.seats[p]
        return nobles.per_noble(s.town, s.town_owner, self.size, p, seat.used_pelicans,
                                mines.mines_per_row(s.mine_owner, p), seat.houses_taken)

    def final_breakdown(self, p: int) -> dict[str, int]:
        """The final scoring categories for ``p`` if the game ended now."""
        return self.final_breakdowns()[p]

    def final_breakdowns(self) -> list[dict[str, int]]:
        """Every player's final scoring categories if the game ended now (one pass over the boards)."""
        s, n = self.state, self.config.players
        rows = mines.score_rows(s.mine, s.mine_owner, n)
        town_pts = [0] * n
        for i, owner in enumerate(s.town_owner):
            if owner >= 0:
                town_pts[owner] += town.matching(i, s.town, self.size).points
        now = self.prices()
        out = []
        for p, seat in enumerate(s.seats):
            income = income_sum(seat.production, now, seat.mine_ore)
            leftovers = len(seat.held) + s.markers.count(p) + seat.pelicans
            out.append({"town": town_pts[p], "mines": sum(row.points[p] for row in rows),
                        "income": income // R.INCOME_DIVISOR.value,
                        "reputation": A.REPUTATION_POINTS.value[seat.reputation],
                        "leftovers": leftovers * R.LEFTOVER_POINT.value})
        return out

    def _final_scoring(self) -> None:
        s, n = self.state, self.config.players
        self.emit("end.final-scoring", "Final scoring: town, mines, income, reputation, leftovers.")
        for i, tile in enumerate(s.town):
            owner = s.town_owner[i]
            if owner >= 0:
                match = town.matching(i, s.town, self.size)
                detail = ", ".join(f"{src} {k}" for src, k in match.sources) or "no match"
                self._points(owner, match.points, "end.town", f"{tile} on plot {i}: {detail}")
        for row in mines.score_rows(s.mine, s.mine_owner, n):
            for p in range(n):
                self._points(p, row.points[p], "end.mines", f"mine row {row.row + 1}: {row.player_stars[p]} of "
                             f"{row.stars} stars, row worth {'/'.join(map(str, row.values))}")
        for p in range(n):
            seat = s.seats[p]
            income = self.income_of(p)
            self._points(p, income // R.INCOME_DIVISOR.value, "end.income", f"income {income} ÷ 10")
            self._points(p, A.REPUTATION_POINTS.value[seat.reputation], "end.reputation",
                         f"reputation {seat.reputation}")
            left = len(seat.held) + self.state.markers.count(p) + seat.pelicans
            self._points(p, left * R.LEFTOVER_POINT.value, "end.leftovers",
                         f"{len(seat.held)} held tiles, {self.state.markers.count(p)} empty plots, "
                         f"{seat.pelicans} unused pelicans")

    # ------------------------------------------------------------------ what is possible
    def _can(self, p: int, action: str) -> bool:
        """Whether ``action`` can be taken at all (its effect may still be ignored later)."""
        s = self.state
        seat = s.seats[p]
        if action == "mine":
            return seat.pool + seat.reserve > 0
        if action == "rights":
            return len(seat.held) < HELD_SLOTS.value
        if action == "plot":
            return self.state.markers.count(p) < R.PLOT_MARKERS.value
        if action == "build":
            return bool(seat.held) and (p in self.state.markers)
        if action == "barbara":
            return seat.pelicans > 0
        return action == "income"

    def joker_cost(self, p: int) -> int:
        return 0 if self.state.seats[p].reputation >= R.FREE_JOKER.value else R.JOKER_COST.value

    def _play_options(self, p: int) -> list[Action]:
        """Already in sort order (idle, joker, play; then by card and action name): the play decision is most of
        the game's decisions, so it skips the kernel's sort."""
        seat = self.state.seats[p]
        possible = sorted(a for a in ACTIONS if self._can(p, a))
        idle, joker, play = [], [], []
        for card in seat.cards:
            idle.append(_act("idle", card))
            for half in _SORTED_HALVES[card - 1]:
                if half == "joker":
                    joker += [_act("joker", card, a) for a in possible]
                elif half in possible:
                    play.append(_act("play", card, half))
        return idle + joker + play

    def rights_options(self, p: int, free: bool, public_only: bool) -> dict[str, tuple[int, int, int]]:
        """Tile id -> (row, column, groschen) for every top tile ``p`` may take now."""
        seat = self.state.seats[p]
        if len(seat.held) >= HELD_SLOTS.value:
            return {}
        out = {}
        for r, row in enumerate(self.hall.rows):
            for c, stack in enumerate(row):
                tile = TILES[stack.tiles[-1]]
                if tile.guild == "public" or (not public_only and tile.guild in seat.guilds):
                    kind, amount = town_hall.rights_cost(c)
                    cost = 0 if free else amount if kind == "groschen" else P.cost_of(self.table, self.stands,
                                                                                      "permits", amount)
                    if cost <= seat.groschen:
                        out[tile.id] = (r, c, cost)
        return out

    def plot_options(self, p: int, free: bool, anywhere: bool) -> dict[int, int]:
        """Plot -> groschen for every plot ``p`` may buy now."""
        s = self.state
        if self.state.markers.count(p) >= R.PLOT_MARKERS.value:
            return {}
        costs = town.plot_costs(s.town, s.markers, self.size, anywhere)
        cheap_at, cheap = R.CHEAP_PLOT.value
        seat = s.seats[p]
        if free:
            return dict.fromkeys(costs, 0)
        if seat.reputation >= cheap_at:
            costs = dict.fromkeys(costs, cheap)
        return {i: c for i, c in costs.items() if c <= seat.groschen}

    def build_blocker(self, p: int, tile_id: str) -> str | None:
        """Why ``p`` cannot build ``tile_id`` now regardless of money, or ``None``."""
        tile = TILES[tile_id]
        if tile.guild == "public":
            return None
        good = GUILD_GOOD.value[tile.guild]
        if P.cell_now(self.table, self.stands, good).no_demand:
            return f"no demand: the {good} price shows a red ✗, so nobody may build {good} buildings now"
        if self.state.seats[p].houses_taken[self._guild_row(p, tile.guild)] >= HOUSES_PER_ROW:
            return f"no house is left in your {tile.guild} row"
        return None

    def build_options(self, p: int, free: bool) -> list[tuple[str, int, int]]:
        """(tile, plot, groschen) for every building ``p`` may build now."""
        seat = self.state.seats[p]
        plots = self._plots_in_town(p)
        wood = self.price("wood")
        out = []
        for tile_id in seat.held:
            if self.build_blocker(p, tile_id) is None:
                cost = 0 if free else TILES[tile_id].wood * wood
                if cost <= seat.groschen:
                    out += [(tile_id, i, cost) for i in plots]
        return out

    def mine_options(self, p: int, free: bool) -> dict[int, int]:
        """Space -> groschen for every space a mine may go on now."""
        wood = self.price("wood")
        money = self.state.seats[p].groschen
        spaces = mines.open_spaces(self.state.mine)
        if free:
            return dict.fromkeys(spaces, 0)
        return {i: w * wood for i, w in spaces.items() if w * wood <= money}

    # ------------------------------------------------------------------ pending decisions
    def _settle(self) -> None:
        """Resolve automatic steps until a player must decide or the game is over."""
        s = self.state
        while s.phase != "over":
            if not s.stack:
                self._next_step()
                continue
            top = s.stack[-1]
            if top.kind not in _AUTO:
                return
            s.stack.pop()
            self._run_auto(top)

    def _run_auto(self, f: Frame) -> None:
        if f.kind == "mine-draw":
            self._mine_draw(f.player, bool(f.ints[0]), bool(f.ints[1]))
        elif f.kind == "income":
            self._income(f.player)
        elif f.kind == "barbara":
            self._barbara_tile(f.player, f.ints[0])
        elif f.kind == "round-end":
            self._finish_round()

    def _top(self) -> Frame | None:
        return self.state.stack[-1] if self.state.stack else None

    def pending(self) -> Decision | None:
        f = self._top()
        if f is None or self.state.phase == "over":
            return None
        return Decision(f.player, f.kind, self._prompt(f))

    def _prompt(self, f: Frame) -> str:
        s, k = self.state, f.kind
        who = _name(f.player)
        free = " for free" if f.ints and f.ints[0] else ""
        if k == "play":
            return (f"{who}, round {s.round}, turn {s.turn // self.config.players + 1}: play an action card "
                    f"({s.plays_left} to play this turn)")
        if k == "guilds":
            return f"{who}: choose a guild set on setup card {s.guild_card + 1}"
        if k == "rows":
            return f"{who}: put your guild tiles in the rows of your board ({', '.join(s.seats[f.player].guilds)})"
        if k == "miners":
            return (f"{who}: your miner pool is empty - buy a permit ({self.price('permits')} groschen) for 1 or 2 "
                    "miners, or pass")
        if k == "mine":
            # The prompt is public: it says how many tiles were drawn, never which (observe shows the drawer).
            n = len(s.mine_drawn)
            return f"{who}: keep one of {n} drawn mine tile{'s' if n > 1 else ''} and choose its space, or discard all"
        if k == "rights":
            only = " (public buildings only)" if f.ints[1] else ""
            return f"{who}: take the top tile of a stack{only}{free}, or pass"
        if k == "plot":
            return f"{who}: buy a plot{free}, or pass"
        if k == "build":
            return f"{who}: build a held tile on one of your plots{' without paying wood' if free else ''}, or pass"
        if k == "tax":
            return (f"{who}: pay {f.ints[0]} groschen tax, or refuse and lose "
                    f"{A.TAX_REPUTATION.value[s.round - 1]} reputation")
        return {
            "tech": f"{who}: place the technology tile as a free mine, or remove it from the game",
            "council": f"{who}: pay 10 groschen to move a noble from the pool to the council, or pass",
            "house": f"{who}: St. Barbara 3 - remove the leftmost house of a guild row (production +2), or pass",
            "noble": f"{who}: St. Barbara 6 - put a noble from the bank in the council, or pass",
            "score": f"{who}: St. Barbara 10 - score one of your buildings, or pass",
        }[k]

    @property
    def current_player(self) -> int | None:
        f = self._top()
        return None if f is None or self.state.phase == "over" else f.player

    def is_terminal(self) -> bool:
        return self.state.phase == "over"

    def scores(self) -> tuple[int, ...]:
        return tuple(seat.score for seat in self.state.seats)

    def _tiebreak(self, player: int) -> tuple:
        return (self.state.seats[player].groschen,)

    def _legal(self) -> list[Action]:
        f = self._top()
        if f is not None and f.kind == "play" and self.state.phase != "over":
            return self._play_options(f.player)
        return sorted(self._other_options(), key=_sort_key)

    def _other_options(self) -> list[Action]:
        f = self._top()
        if f is None or self.state.phase == "over":
            return []
        p, s = f.player, self.state
        k = f.kind
        if k == "play":
            return self._play_options(p)
        if k == "guilds":
            return [_act("guilds", i + 1) for i in s.guild_sets]
        if k == "rows":
            return [_act("rows", *perm) for perm in itertools.permutations(s.seats[p].guilds)]
        if k == "tax":
            return [_act("tax", "pay"), _act("tax", "refuse")]
        out = [] if k == "tech" else [_PASS]
        if k == "miners":
            seat = s.seats[p]
            if self.price("permits") <= seat.groschen:
                out += [_act("miners", m) for m in range(1, min(seat.reserve, R.MINERS_PER_PERMIT.value) + 1)]
        elif k == "mine":
            out = [_act("discard")]
            spaces = self.mine_options(p, bool(f.ints[0]))
            out += [_act("mine", t, i) for t in s.mine_drawn for i in spaces]
        elif k == "rights":
            out += [_act("rights", t) for t in self.rights_options(p, bool(f.ints[0]), bool(f.ints[1]))]
        elif k == "plot":
            out += [_act("plot", i) for i in self.plot_options(p, bool(f.ints[0]), bool(f.ints[1]))]
        elif k == "build":
            out += [_act("build", t, i) for t, i, _ in self.build_options(p, bool(f.ints[0]))]
        elif k == "tech":
            out = [_act("tech-remove")]
            seat = s.seats[p]
            if seat.pool + seat.reserve:
                out += [_act("tech", i) for i in mines.open_spaces(s.mine)]
        elif k == "council":
            if s.seats[p].groschen >= R.COUNCIL_COST.value:
                out += [_act("council", c) for c in R.NOBLE_COLOURS if s.pool[c]]
        elif k == "house":
            seat = s.seats[p]
            out += [_act("house", g) for r, g in enumerate(seat.guilds) if seat.houses_taken[r] < HOUSES_PER_ROW]
        elif k == "noble":
            out += [_act("noble", c) for c in R.NOBLE_COLOURS if s.bank[c]]
        elif k == "score":
            out += [_act("score", i) for i, o in enumerate(s.town_owner) if o == p]
        return out

    def _why_illegal(self, action: Action) -> str | None:
        f = self._top()
        if f is None or self.state.phase == "over":
            return "the game is over."
        expected = {"play": "play, joker or idle", "guilds": "guilds", "rows": "rows", "tax": "tax pay or tax refuse",
                    "miners": "miners 1, miners 2 or pass", "mine": "mine TILE SPACE or discard",
                    "rights": "rights TILE or pass", "plot": "plot SPACE or pass", "build": "build TILE PLOT or pass",
                    "tech": "tech SPACE or tech-remove", "council": "council COLOUR or pass",
                    "house": "house GUILD or pass", "noble": "noble COLOUR or pass", "score": "score PLOT or pass"}
        verbs = {"play": ("play", "joker", "idle")}.get(f.kind, (f.kind,))
        if f.kind == "mine":
            verbs = ("mine", "discard")
        if f.kind == "tech":
            verbs = ("tech", "tech-remove")
        if action.verb not in verbs and action.verb != "pass":
            return f"now: {self._prompt(f)}. Write {expected[f.kind]}."
        words = _ARITY.get(action.verb)
        if words is not None and len(action.args) != words:
            form = _FORMS[action.verb]
            return f"'{action}' has {len(action.args)} word(s) after '{action.verb}'; write it as '{form}'."
        if action.verb == "pass":
            return f"this step cannot be passed: {self._prompt(f)}."
        return self._explain_refusal(f, action)

    def _explain_refusal(self, f: Frame, action: Action) -> str:
        p, s = f.player, self.state
        seat = s.seats[p]
        a = action.args
        if action.verb in ("play", "joker", "idle"):
            if not a or not isinstance(a[0], int) or a[0] not in range(1, 7):
                return "name an action card 1-6, e.g. 'play 4 rights'."
            if a[0] not in seat.cards:
                return f"card {a[0]} was already played this round; your cards are {seat.cards}."
            halves = A.ACTION_CARDS.value[a[0] - 1]
            if action.verb == "play" and (len(a) != 2 or a[1] not in halves or a[1] == "joker"):
                return f"card {a[0]} shows {' / '.join(halves)}; write 'play {a[0]} {halves[0]}'."
            if action.verb == "joker" and "joker" not in halves:
                return f"card {a[0]} has no joker; it shows {' / '.join(halves)}."
            if action.verb == "joker" and (len(a) != 2 or a[1] not in ACTIONS):
                return f"a joker takes another action: {', '.join(ACTIONS)}."
            return self._cannot(p, str(a[1])) if len(a) == 2 else "write 'idle CARD'."
        if action.verb == "mine":
            if len(a) != 2 or a[0] not in s.mine_drawn:
                return f"keep one of the drawn tiles {s.mine_drawn}: 'mine TILE SPACE'."
            spaces = mines.open_spaces(s.mine)
            if a[1] not in spaces:
                return f"no mine may go on space {a[1]}: it is a rock, taken, or not next to (or below) a mine."
            return f"space {a[1]} costs {spaces[a[1]]} wood × {self.price('wood')} and you have {seat.groschen}."
        if action.verb == "rights":
            return (f"{a[0] if a else '?'} is not a top tile you may take now (own guilds only"
                    f"{', public only here' if f.ints[1] else ''}, {HELD_SLOTS.value} slots, money {seat.groschen}).")
        if action.verb == "plot":
            return f"plot {a[0] if a else '?'} is not for sale to you now (taken, not next to a building, or too dear)."
        if action.verb == "build":
            if len(a) == 2 and a[0] in seat.held:
                why = self.build_blocker(p, str(a[0]))
                if why:
                    return f"you cannot build {a[0]}: {why}."
                if a[1] not in self._plots_in_town(p):
                    return f"plot {a[1]} does not carry your plot marker."
                return f"{a[0]} costs {TILES[str(a[0])].wood} wood × {self.price('wood')}; you have {seat.groschen}."
            return f"build one of your held tiles {seat.held} on one of your plots {self._plots_in_town(p)}."
        if action.verb == "miners":
            return (f"a permit costs {self.price('permits')} (you have {seat.groschen}); 1 or 2 miners, "
                    f"reserve {seat.reserve}.")
        if action.verb in ("council", "noble", "house", "score", "tech"):
            return f"{action} is not possible now: {self._prompt(f)}."
        return f"{action} is not possible now."

    def _cannot(self, p: int, action: str) -> str:
        seat = self.state.seats[p]
        reasons = {"mine": "you have no miners left", "rights": "all 3 slots on your board are full",
                   "plot": "all 3 of your plot markers are in town", "build": "you need a held tile and a plot",
                   "barbara": "you have no unused pelican"}
        return f"you cannot take {action} now: {reasons.get(action, 'not possible')} (groschen {seat.groschen})."

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        s = self.state
        f = s.stack.pop()
        p, verb, a = f.player, action.verb, action.args
        if verb == "guilds":
            self._take_guilds(p, int(a[0]) - 1)
            self.emit("setup.guild-sets", f"{_name(p)} takes guild set {a[0]}: {', '.join(s.seats[p].guilds)}.",
                      player=p)
            if len(s.guild_sets) == 1 and p == 1:
                self._take_guilds(0, s.guild_sets[0])
                self.emit("setup.guild-sets", f"{_name(0)} (start player) takes the set left: "
                          f"{', '.join(s.seats[0].guilds)}.", player=0)
        elif verb == "rows":
            s.seats[p].guilds = [str(g) for g in a]
            self.emit("setup.guild-rows", f"{_name(p)} puts guild tiles in rows: {', '.join(s.seats[p].guilds)}.",
                      player=p)
        elif verb in ("play", "joker", "idle"):
            self._play(p, action)
        elif verb == "pass":
            self.emit("ignore.effect", f"{_name(p)} ignores the rest of this effect ({f.kind}).", player=p)
        elif verb == "miners":
            self._buy_miners(p, int(a[0]), f)
        elif verb in ("mine", "discard"):
            self._place_mine(p, f, action)
        elif verb == "rights":
            self._rights(p, str(a[0]), bool(f.ints[0]), bool(f.ints[1]))
        elif verb == "plot":
            self._plot(p, int(a[0]), bool(f.ints[0]), bool(f.ints[1]))
        elif verb == "build":
            self._build(p, str(a[0]), int(a[1]), bool(f.ints[0]))
        elif verb in ("tech", "tech-remove"):
            self._place_tech(p, f, int(a[0]) if a else -1)
        elif verb == "council":
            self._council(p, str(a[0]))
        elif verb == "house":
            self._barbara_house(p, str(a[0]))
        elif verb == "noble":
            s.bank[str(a[0])] -= 1
            s.council[str(a[0])] += 1
            self.emit("barbara.6", f"{_name(p)} puts a {a[0]} noble from the bank into the council.", player=p)
        elif verb == "score":
            match = town.matching(int(a[0]), s.town, self.size)
            self._points(p, match.points, "barbara.10", f"{s.town[int(a[0])]} scored as at game end")
        elif verb == "tax":
            if a[0] == "pay":
                self._pay(p, f.ints[0])
                self.emit("tax.pay", f"{_name(p)} pays {f.ints[0]} groschen tax.", player=p, groschen=f.ints[0])
            else:
                self._lose_tax_reputation(p, "refused")
        self._settle()

    def _play(self, p: int, action: Action) -> None:
        s = self.state
        card = int(action.args[0])
        seat = s.seats[p]
        seat.cards.remove(card)
        s.plays_left -= 1
        halves = " / ".join(A.ACTION_CARDS.value[card - 1])
        if action.verb == "idle":
            self.emit("ignore.action", f"{_name(p)} plays card {card} ({halves}) for no effect.", player=p, card=card)
            return
        what = str(action.args[1])
        if action.verb == "joker":
            cost = self.joker_cost(p)
            self.emit("joker.any", f"{_name(p)} plays the joker on card {card} as {what}.", player=p, card=card)
            if cost:
                self._reputation(p, -cost, "joker.cost", "the joker")
            else:
                self.emit("joker.free", f"{_name(p)}'s reputation is 6 or more: the joker costs nothing.", player=p)
        else:
            other = [h for h in A.ACTION_CARDS.value[card - 1] if h != what]
            self.emit("flow.card", f"{_name(p)} plays card {card} for {what}; its other half "
                      f"({other[0] if other else what}) is lost this round.", player=p, card=card, action=what)
        self._start_action(p, what)

    def _start_action(self, p: int, what: str) -> None:
        s = self.state
        seat = s.seats[p]
        if what == "mine":
            if seat.pool == 0:
                s.stack.append(Frame("miners", p, [], []))
            else:
                s.stack.append(Frame("mine-draw", p, [0, 0], []))
        elif what == "rights":
            s.stack.append(Frame("rights", p, [0, 0], []))
        elif what == "plot":
            s.stack.append(Frame("plot", p, [0, 0], []))
        elif what == "build":
            s.stack.append(Frame("build", p, [0], []))
        elif what == "income":
            s.stack.append(Frame("income", p, [], []))
        elif what == "barbara":
            seat.pelicans -= 1
            seat.used_pelicans += 1
            self.emit("barbara.pelican", f"{_name(p)} spends a pelican (turned to its silver side).", player=p)
            if s.barbara >= R.ST_BARBARA_TILES.value:
                self._reputation(p, R.TILE_11_REPUTATION.value, "barbara.after-11",
                                 "St. Barbara after tile 11 was turned over")
            else:
                s.barbara += 1
                self.emit("barbara.current", f"St. Barbara tile {s.barbara} is resolved, its tax icon ignored, and "
                          "turned face down.", player=p, tile=s.barbara)
                s.stack.append(Frame("barbara", p, [s.barbara], []))

    # ------------------------------------------------------------------ Mine
    def _buy_miners(self, p: int, n: int, f: Frame) -> None:
        seat = self.state.seats[p]
        cost = self.price("permits")
        self._pay(p, cost)
        seat.reserve -= n
        seat.pool += n
        self.emit("mine.permit", f"{_name(p)} buys a permit for {cost} groschen and moves {n} miner"
                  f"{'s' if n > 1 else ''} into the pool.", player=p, groschen=cost)
        self.state.stack.append(Frame("mine-draw", p, [0, 0], []))

    def _mine_draw(self, p: int, free: bool, reserve_first: bool) -> None:
        s = self.state
        seat = s.seats[p]
        if (seat.pool == 0 and not reserve_first) or seat.pool + seat.reserve == 0:
            self.emit("pieces.out", f"{_name(p)} has no miner to place: the Mine action has no effect.", player=p)
            return
        want = A.TECH_DRAWS.value[R.TECHNOLOGY_TILES.value - len(s.tech_stack)]
        drawn = []
        for _ in range(want):
            if not s.mine_stack:
                if not s.mine_discard:
                    break
                s.mine_stack = list(s.mine_discard)
                s.mine_discard = []
                self.rng.shuffle(s.mine_stack)
                self.emit("mine.reshuffle", "The mine tile stack is empty: the discards are shuffled into a new "
                          "stack (I, II and III now mixed).")
            drawn.append(s.mine_stack.pop())
        if not drawn:
            self.emit("pieces.out", "No mine tile is left to draw: the Mine action has no effect.", player=p)
            return
        s.mine_drawn = drawn
        self.emit("mine.draw", f"{_name(p)} draws {len(drawn)} mine tile{'s' if len(drawn) > 1 else ''} "
                  f"(technology level {want}).", player=p, tiles=len(drawn))
        s.stack.append(Frame("mine", p, [int(free), int(reserve_first)], []))

    def _place_mine(self, p: int, f: Frame, action: Action) -> None:
        s = self.state
        drawn, s.mine_drawn = s.mine_drawn, []
        if action.verb == "discard":
            s.mine_discard += drawn
            self.emit("mine.discard-all", f"{_name(p)} discards every drawn tile and builds no mine.", player=p)
            return
        tile_id, where = str(action.args[0]), int(action.args[1])
        drawn.remove(tile_id)
        s.mine_discard += drawn
        wood = mines.open_spaces(s.mine)[where]
        if f.ints[0]:
            self.emit("barbara.9", f"{_name(p)} builds the mine without paying wood.", player=p)
        else:
            cost = wood * self.price("wood")
            self._pay(p, cost)
            rule = "mine.entrance" if where in mines.ENTRANCE_SPACES else "mine.neighbour-cost"
            self.emit(rule, f"{_name(p)} pays {wood} wood × {self.price('wood')} = {cost} groschen for space "
                      f"{where}.", player=p, groschen=cost)
        self._put_mine(p, tile_id, where, reserve_first=bool(f.ints[1]))

    def _put_mine(self, p: int, tile_id: str, where: int, reserve_first: bool) -> None:
        s = self.state
        seat = s.seats[p]
        if reserve_first and seat.reserve:
            seat.reserve -= 1
        elif seat.pool:
            seat.pool -= 1
        else:
            seat.reserve -= 1
        s.mine[where], s.mine_owner[where] = tile_id, p
        tile = mines.TILES[tile_id]
        r, c = mines.row_col(where)
        self.emit("mine.place", f"{_name(p)} puts mine {tile_id} on row {r + 1}, column {c + 1} with a miner.",
                  player=p, tile=tile_id, space=where)
        if tile.ore:
            seat.mine_ore += tile.ore
            self.emit("mine.ore", f"{_name(p)}'s ore production from mines rises by {tile.ore} to {seat.mine_ore}; "
                      f"the ore deck advances {tile.ore}.", player=p)
            self._advance("ore", tile.ore)
        if tile.population:
            self.emit("mine.population", f"The mine draws people: population +{tile.population}.")
            self._advance("population", tile.population)
        self._points(p, tile.points, "mine.points", f"mine {tile_id}")

    def _place_tech(self, p: int, f: Frame, where: int) -> None:
        s = self.state
        tile = f.strs[0]
        if where < 0:
            s.tech_removed.append(tile)
            self.emit("mine.tech-remove", f"{_name(p)} removes technology tile {tile} from the game.", player=p)
            return
        self.emit("guild.technology", f"{_name(p)} plays technology tile {tile} as a free mine.", player=p)
        self._put_mine(p, tile, where, reserve_first=True)

    # ------------------------------------------------------------------ Rights, Plot, Build
    def _rights(self, p: int, tile_id: str, free: bool, public_only: bool) -> None:
        r, c, cost = self.rights_options(p, free, public_only)[tile_id]
        kind, amount = town_hall.rights_cost(c)
        self._pay(p, cost)
        price = "free" if free else f"{cost} groschen" if kind == "groschen" else \
            f"{amount} permit{'s' if amount > 1 else ''} at {self.price('permits')} = {cost} groschen"
        self.emit("rights.cost", f"{_name(p)} takes the rights to {tile_id} in column {c + 1} ({price}).",
                  player=p, tile=tile_id, groschen=cost)
        guild = self.hall.rows[r][c].name
        town_hall.take_top(self.hall, r, c)
        self.state.seats[p].held.append(tile_id)
        self.emit("rights.stack-to-end", f"The {guild} stack moves to the end of row {r + 1}; the others shift left.")

    def _plot(self, p: int, where: int, free: bool, anywhere: bool) -> None:
        s = self.state
        cost = self.plot_options(p, free, anywhere)[where]
        self._pay(p, cost)
        s.markers[where] = p
        cheap = not free and s.seats[p].reputation >= R.CHEAP_PLOT.value[0]
        rule = "barbara.4" if free else "plot.reputation" if cheap else "plot.cost"
        self.emit(rule, f"{_name(p)} buys plot {where} for {cost} groschen and puts a plot marker on it.",
                  player=p, plot=where, groschen=cost)

    def _build(self, p: int, tile_id: str, where: int, free: bool) -> None:
        s = self.state
        seat = s.seats[p]
        tile = TILES[tile_id]
        cost = 0 if free else tile.wood * self.price("wood")
        s.markers[where] = -1
        self.emit("build.marker", f"{_name(p)}'s plot marker on plot {where} returns to the board.", player=p)
        seat.held.remove(tile_id)
        self._pay(p, cost)
        s.town[where] = tile_id
        self.emit("barbara.8" if free else "build.pay-wood",
                  f"{_name(p)} builds {tile_id} on plot {where}" + (" without paying wood." if free else
                                                                    f": {tile.wood} wood, {cost} groschen."),
                  player=p, tile=tile_id, plot=where, groschen=cost)
        if tile.guild == "public":
            self._build_public(p, tile_id)
        else:
            s.town_owner[where] = p
            self._build_guild(p, tile_id)

    def _build_guild(self, p: int, tile_id: str) -> None:
        s = self.state
        seat = s.seats[p]
        tile = TILES[tile_id]
        good = GUILD_GOOD.value[tile.guild]
        seat.production[good] = seat.production.get(good, 0) + tile.production
        self.emit("build.production", f"{_name(p)}'s {good} production rises by {tile.production} to "
                  f"{seat.production[good]}.", player=p, good=good)
        if good == "ore":
            self.emit("prices.miners-building", f"A miners' building moves no slider; the ore deck advances "
                      f"{tile.production}.")
            self._advance("ore", tile.production)
        else:
            rule = "prices.silver-building" if good == "silver" else "prices.guild-building"
            P.move_slider(self, self.table.slider_of[good], rule)
        if tile.population:
            self.emit("build.population", f"The building draws people: population +{tile.population}.")
            self._advance("population", tile.population)
        if tile.extra == "tax+1":
            self._raise_tax(1, "build.tax", f"the tax icon on {tile_id}")
        elif tile.extra == "st-barbara":
            self._flip_barbara("build.flip-barbara")
        row = self._guild_row(p, tile.guild)
        col = seat.houses_taken[row]
        seat.houses_taken[row] += 1
        kind, n = A.HOUSE_EFFECTS.value[row][col]
        self.emit("build.house", f"{_name(p)} puts the leftmost house of the {tile.guild} row on {tile_id}; the "
                  f"space it left shows {kind} +{n}.", player=p, row=row, column=col)
        # Resolved in this order: the technology tile (a tile effect) before the house's free public Rights.
        if kind == "public-rights":
            s.stack.append(Frame("rights", p, [1, 1], []))
        else:
            self._gain(p, kind, n, "build.house", "house effect")
        if tile.technology:
            if s.tech_stack:
                s.stack.append(Frame("tech", p, [], [s.tech_stack.pop()]))
                self.emit("guild.technology-take", f"{_name(p)} takes the top technology tile: everyone now draws "
                          f"{A.TECH_DRAWS.value[R.TECHNOLOGY_TILES.value - len(s.tech_stack)]} mine tiles.", player=p)
            else:
                self.emit("guild.technology-none", "No technology tile is left; the icon has no effect.")

    def _gain(self, p: int, kind: str, n: int, rule: str, why: str) -> None:
        seat = self.state.seats[p]
        if kind == "points":
            self._points(p, n, rule, why)
        elif kind == "reputation":
            self._reputation(p, n, rule, why)
        elif kind == "pelicans":
            seat.pelicans += n
            self.emit(rule, f"{_name(p)} gains {n} pelican{'s' if n > 1 else ''} ({why}).", player=p)

    def _build_public(self, p: int, tile_id: str) -> None:
        s = self.state
        tile = TILES[tile_id]
        self.emit("public.no-house", f"{tile_id} is a public building: no house, no owner, no production.")
        if s.bank[tile.colour]:
            s.bank[tile.colour] -= 1
            s.pool[tile.colour] += 1
            self.emit("public.noble", f"A {tile.colour} noble moves from the bank to the noble pool.",
                      colour=tile.colour)
        else:
            self.emit("pieces.nobles", f"No {tile.colour} noble is left in the bank; that part is ignored.")
        kind, n = tile.bonus
        self._gain(p, kind, n, "public.bonus", f"{tile.colour} public building")
        if tile.population:
            self.emit("build.population", f"The building draws people: population +{tile.population}.")
            self._advance("population", tile.population)

    # ------------------------------------------------------------------ Income, council, St. Barbara
    def _income(self, p: int) -> None:
        s = self.state
        seat = s.seats[p]
        lines = income_lines(seat.production, self.prices(), seat.mine_ore)
        total = sum(line[3] for line in lines)
        seat.groschen += total
        detail = " + ".join(f"{good} {n}×{price}" for good, n, price, _ in lines) or "no production yet"
        self.emit("income.sum", f"{_name(p)} takes income: {detail} = {total} groschen.", player=p, income=total)
        if any(s.pool.values()) and seat.groschen >= R.COUNCIL_COST.value:
            s.stack.append(Frame("council", p, [], []))

    def _council(self, p: int, colour: str) -> None:
        s = self.state
        self._pay(p, R.COUNCIL_COST.value)
        s.pool[colour] -= 1
        s.council[colour] += 1
        self.emit("income.council", f"{_name(p)} pays 10 groschen to move a {colour} noble from the pool to the "
                  "council.", player=p, colour=colour)

    def _barbara_tile(self, p: int, tile: int) -> None:
        s = self.state
        seat = s.seats[p]
        rule = f"barbara.{tile}"
        if tile == 1:
            self._reputation(p, 2, rule, "St. Barbara 1")
        elif tile == 2:
            self._reputation(p, 1, rule, "St. Barbara 2")
            if self._can(p, "rights"):
                s.stack.append(Frame("rights", p, [1, 0], []))
        elif tile == 3:
            self._reputation(p, -1, rule, "St. Barbara 3")
            if any(t < HOUSES_PER_ROW for t in seat.houses_taken):
                s.stack.append(Frame("house", p, [], []))
        elif tile == 4:
            self._reputation(p, 1, rule, "St. Barbara 4")
            if self._can(p, "plot"):
                s.stack.append(Frame("plot", p, [1, 1], []))
        elif tile == 5:
            self._reputation(p, -2, rule, "St. Barbara 5")
            s.stack += [Frame("income", p, [], []), Frame("income", p, [], [])]
        elif tile == 6:
            self._points(p, 2, rule, "St. Barbara 6")
            if any(s.bank.values()):
                s.stack.append(Frame("noble", p, [], []))
        elif tile == 7:
            n = nobles.green(s.town, s.town_owner, self.size, p)
            self._reputation(p, n, rule, f"{n} public building{'s' if n != 1 else ''} next to your buildings")
            if not n:
                self.emit(rule, f"{_name(p)} has no building next to a public building: no reputation.", player=p)
        elif tile == 8:
            self._points(p, 1, rule, "St. Barbara 8")
            if self._can(p, "build"):
                s.stack.append(Frame("build", p, [1], []))
        elif tile == 9:
            self.emit(rule, f"{_name(p)} takes 2 Mine actions without paying wood, with miners from the reserve.",
                      player=p)
            s.stack += [Frame("mine-draw", p, [1, 1], []), Frame("mine-draw", p, [1, 1], [])]
        elif tile == 10:
            if p in s.town_owner:
                s.stack.append(Frame("score", p, [], []))
        elif tile == 11:
            self._points(p, 5, rule, "St. Barbara 11; the tile is turned over")

    def _barbara_house(self, p: int, guild: str) -> None:
        seat = self.state.seats[p]
        row = self._guild_row(p, guild)
        seat.houses_taken[row] += 1
        seat.houses_removed += 1
        good = GUILD_GOOD.value[guild]
        seat.production[good] = seat.production.get(good, 0) + 2
        self.emit("barbara.3", f"{_name(p)} removes the leftmost {guild} house (no house effect); {good} production "
                  f"+2 to {seat.production[good]}.", player=p)

    # ------------------------------------------------------------------ views and bots
    def _observe(self, player: int | None) -> dict[str, Any]:
        s = self.state
        f = self._top()
        seats = []
        for p, seat in enumerate(s.seats):
            d = seat.to_dict()
            d["income"] = self.income_of(p)
            d["plots"] = self._plots_in_town(p)
            d["tax_due"] = self.tax_due(p)
            seats.append(d)
        stack_top = s.mine_stack[-1] if s.mine_stack else ""
        return {
            "round": s.round, "rounds": self.rounds, "phase": s.phase, "start": s.start, "turn": s.turn,
            "plays_left": s.plays_left, "tax": s.tax, "seats": seats,
            "pending": None if f is None or s.phase == "over" else {"player": f.player, "kind": f.kind,
                                                                    "prompt": self._prompt(f)},
            "stands": P.stand_snapshot(self.table, s.stands), "prices": self.prices(),
            # Only the top tile of each stack shows; the tiles under it are hidden.
            "town_hall": {"rows": [[{"kind": st.kind, "name": st.name, "tiles": st.tiles[-1:], "count": len(st.tiles)}
                                    for st in row] for row in s.hall.rows], "discards": list(s.hall.discards)},
            "red_track": len(s.red_track),
            "mine": mines.snapshot(s.mine, s.mine_owner),
            "technology": A.TECH_DRAWS.value[R.TECHNOLOGY_TILES.value - len(s.tech_stack)],
            "tech_left": len(s.tech_stack), "mine_stack": len(s.mine_stack),
            "mine_stack_back": mines.TILES[stack_top].back if stack_top else "",
            "mine_discard": len(s.mine_discard),
            # Drawn tiles are seen by the player who drew them; others only see how many.
            "mine_drawn": list(s.mine_drawn) if f is not None and player == f.player else len(s.mine_drawn),
            "town": town.snapshot(s.town, s.town_owner, s.markers, self.size),
            "barbara": s.barbara, "bank": dict(s.bank), "pool": dict(s.pool), "council": dict(s.council),
            # Round 1's event is revealed when round 1 begins, after the guild choices of the setup.
            "events": [e if r < s.round or (r == s.round and s.phase != "setup") else ("face down" if e else "")
                       for r, e in enumerate(s.events, 1)],
            "guild_card": s.guild_card + 1,
            "guild_sets": [list(A.GUILD_SETUP.value[s.guild_card][i]) for i in s.guild_sets],
            "scores": list(self.scores()),
        }

    def heuristic(self, player: int) -> float:
        """Documented evaluation for greedy bots (public information only), minus the same for the best other
        player: points so far; what the final scoring would give now (leftovers weighted by how far the game is,
        since a held tile or an empty plot is worth more built); money at 0.2 points per groschen early, falling
        towards 0 as the game ends (it only breaks ties then); income as the money it will still bring, about 1.5
        Income actions per round left."""
        s = self.state
        n = self.config.players
        left = 0.0 if s.phase == "over" else self.rounds - s.round + 1 - s.turn / (R.TURNS_PER_ROUND.value * n)
        progress = 1.0 - left / self.rounds
        money = 0.2 * (1.0 - progress) + 0.005
        per_income = money * 1.5 * left

        finals = self.final_breakdowns()
        now = self.prices()

        def value(p: int) -> float:
            seat, final = s.seats[p], finals[p]
            income = income_sum(seat.production, now, seat.mine_ore)
            return (seat.score + final["town"] + final["mines"] + final["income"] + final["reputation"]
                    + final["leftovers"] * progress + seat.groschen * money + income * per_income)
        mine = value(player)
        return mine - max(value(p) for p in range(n) if p != player)

    def lookahead(self, action: Action, player: int) -> float:
        """Rate ``action`` for greedy bots without peeking, and with its own follow-up choices.

        The copy reshuffles the face-down mine tiles (by back) and the face-down events, so the next draw or
        reveal is not the real one. Playing a card only opens its action's choices, so the rating is the best
        position reachable by ``player``'s own next choices (two levels: e.g. ``play 3 build`` → ``build T 7``).
        Cards offering the same action share one rating."""
        what = "" if action.verb == "idle" else action.args[-1] if action.verb in ("play", "joker") else str(action)
        # The memo belongs to one position: it keeps that state object alive (so its identity cannot be reused)
        # and is dropped as soon as the game holds another state or has moved on.
        where = (self.state, len(self.history), len(self.log))
        memo = self.__dict__.get("_lookahead_memo")
        if memo is None or memo[0][0] is not where[0] or memo[0][1:] != where[1:]:
            memo = (where, {})
            self.__dict__["_lookahead_memo"] = memo
        key = (action.verb, what, player)
        if key in memo[1]:
            return memo[1][key]
        twin = self.clone()
        twin.__dict__.pop("_lookahead_memo", None)
        twin._shuffle_hidden()
        twin.apply_unchecked(action)
        value = twin._best_value(player, 2)
        memo[1][key] = value
        return value

    def _best_value(self, player: int, depth: int) -> float:
        f = self._top()
        if depth == 0 or f is None or self.state.phase == "over" or f.player != player or f.kind in _OWN_STEP_ENDS:
            return self.heuristic(player)
        best = float("-inf")
        for a in self.legal_actions():
            twin = self.clone()
            twin.apply_unchecked(a)
            best = max(best, twin._best_value(player, depth - 1))
        return best

    def _shuffle_hidden(self) -> None:
        """Replace the face-down order by a fresh shuffle. Sorting first makes the result independent of the real
        order: only which tiles (by back) and which events are still hidden is used."""
        s = self.state
        for back in ("III", "II", "I"):
            idx = [i for i, t in enumerate(s.mine_stack) if mines.TILES[t].back == back]
            tiles = sorted(s.mine_stack[i] for i in idx)
            self.rng.shuffle(tiles)
            for i, t in zip(idx, tiles, strict=True):
                s.mine_stack[i] = t
        hidden = [r for r in range(s.round, len(s.events)) if s.events[r]]
        for letter in "AB":
            rounds = [r for r in hidden if s.events[r][0] == letter]
            cards = sorted(s.events[r] for r in rounds)
            self.rng.shuffle(cards)
            for r, e in zip(rounds, cards, strict=True):
                s.events[r] = e

    def invariant_breaks(self) -> list[str]:
        s, n = self.state, self.config.players
        broken = []
        for p, seat in enumerate(s.seats):
            who = _name(p)
            mines_owned = sum(1 for o in s.mine_owner if o == p)
            if seat.groschen < 0 or seat.pelicans < 0:
                broken.append(f"{who}: negative groschen or pelicans")
            if seat.pool + seat.reserve + mines_owned != R.MINERS.value or not 0 <= seat.pool <= R.POOL_MAX.value:
                broken.append(f"{who}: miners not conserved or pool over 2")
            built = sum(1 for o in s.town_owner if o == p)
            if sum(seat.houses_taken) != built + seat.houses_removed or max(seat.houses_taken) > HOUSES_PER_ROW:
                broken.append(f"{who}: houses not conserved")
            if self.state.markers.count(p) > R.PLOT_MARKERS.value or len(seat.held) > HELD_SLOTS.value:
                broken.append(f"{who}: more than 3 plots or held tiles")
            if not 0 <= seat.reputation < len(A.REPUTATION_POINTS.value):
                broken.append(f"{who}: reputation off the track")
            if s.phase != "setup" and len(seat.cards) < R.ACTION_CARDS.value - sum(R.CARDS_PER_TURN.value):
                broken.append(f"{who}: too many cards played")
        tiles = [t for row in s.hall.rows for st in row for t in st.tiles] + s.hall.discards + s.red_track \
            + [t for seat in s.seats for t in seat.held] + [t for t in s.town if t]
        if sorted(tiles) != sorted(TILES):
            broken.append(f"building tiles not conserved ({len(tiles)} found)")
        mine_tiles = [t for t in s.mine if t and t not in mines.ROCKS] + s.mine_stack + s.mine_discard + s.mine_drawn \
            + s.tech_stack + s.tech_removed + [f.strs[0] for f in s.stack if f.kind == "tech"]
        if sorted(mine_tiles) != sorted(mines.TILES):
            broken.append(f"mine tiles not conserved ({len(mine_tiles)} found)")
        if sorted(t for t in s.mine if t in mines.ROCKS) != sorted(mines.ROCKS):
            broken.append("rocks moved")
        for c in R.NOBLE_COLOURS:
            if s.bank[c] + s.pool[c] + s.council[c] != R.NOBLES_PER_COLOUR.value or min(s.bank[c], s.pool[c]) < 0:
                broken.append(f"{c} nobles not conserved")
        if not 0 <= s.tax <= R.TAX_CAP.value:
            broken.append(f"tax {s.tax} outside 0-25")
        if not 0 <= s.barbara <= R.ST_BARBARA_TILES.value:
            broken.append("St. Barbara counter off")
        if s.phase == "over":
            logged = [0] * n
            for e in self.log:
                if "points" in e.data:
                    logged[e.data["player"]] += e.data["points"]
            if logged != [seat.score for seat in s.seats]:
                broken.append(f"scores {self.scores()} differ from the logged scoring events {logged}")
        return broken
