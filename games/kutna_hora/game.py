"""Kutná Hora for 2-4 players: every rule of the rulebook as one state machine (``kutna_hora.game``).

Play goes round by round (:mod:`.rounds`). Each player takes 3 turns (2 action cards in each of the first two, 1 in
the last); each card is played for one of its two actions (:mod:`.cards`), and every choice inside an action (which
tile, which space, which noble) is its own pending decision: a :class:`~games.core.Step` of the action's module
(:mod:`.mine_action`, :mod:`.rights_action`, :mod:`.plot_action`, :mod:`.build_action`, :mod:`.income_action`,
:mod:`.barbara_action`; the setup choices in :mod:`.guild_setup`, tax in :mod:`.tax`). Steps wait on a stack of
:class:`~.state.Pending` records; steps that need no choice are kernel :class:`~games.core.Automatic` steps, run by the
kernel as soon as they are on top. All of them are listed once, in :attr:`KutnaHoraGame.steps`; the kernel owns the
flow, and this module only asks :mod:`.rounds` for the next card when nothing is pending.
Ids of the rules each effect follows are in :mod:`.rules`; where the text is silent the ``decision.*`` rules say
what we chose.

Actions, as written: ``guilds 2``, ``rows miners builders tavern``, ``play 4 rights``, ``joker 2 build``,
``idle 3`` (a card played for no effect), ``miners 2``, ``mine ii-3 7`` / ``discard``, ``rights builders-2``,
``plot 14``, ``build grocers-1 14``, ``tech 9`` / ``tech-remove``, ``council green``, ``house tavern``,
``noble red``, ``score 14``, ``tax pay`` / ``tax refuse``, ``pass`` (ignore the rest of an effect).
"""

from __future__ import annotations

from typing import Any, Sequence

from games.core import Action, LegalActions, Rng, StepGame, Steps, seat_label

from . import (
    barbara_action,
    build_action,
    cards,
    evaluation,
    event_cards,
    guild_setup,
    income_action,
    lookahead,
    mine_action,
    mines,
    plot_action,
    rights_action,
    rounds,
    scoring,
    search,
    tax,
    town,
    town_hall,
)
from .data import approx, rulebook
from .data.components import HELD_SLOTS, PUBLIC_BUILDINGS, TILES
from .income import income
from .parameters import PARAMETERS, design_of, played_prices
from .prices import KeptPrices, StandsGame, new_stands, stand_snapshot, table_for_config
from .rules import RULES
from .state import HOUSES_PER_ROW, KutnaHoraConfig, KutnaHoraState, Seat


class KutnaHoraGame(StandsGame, StepGame):
    """The complete game (see the module docstring)."""

    game_id = "kutna_hora.game"
    title = "Kutná Hora"
    rules = RULES
    Config = KutnaHoraConfig
    min_players, max_players = rulebook.PLAYERS.value
    hidden_information = True
    #: Every step of the game, decisions and automatic steps, each in its mechanic's module.
    steps = Steps(
        cards.Play(), guild_setup.GuildSet(), guild_setup.GuildRows(), tax.Tax(), mine_action.Miners(),
        mine_action.KeepMine(), mine_action.Tech(), rights_action.Rights(), plot_action.Plot(), build_action.Build(),
        income_action.Council(), barbara_action.House(), barbara_action.Noble(), barbara_action.Score(),
        build_action.RemoveHouse(),
        mine_action.MineDraw(), income_action.Income(), barbara_action.Barbara(), barbara_action.BarbaraTurn(),
        build_action.HouseIcon(), build_action.HousePlace(), rounds.RoundEnd())
    #: How the search bot searches Kutná Hora (:mod:`.search`: its budget and the pull towards the greedy rating; it
    #: rates leaves by the greedy evaluation); its playouts finish a seat's follow-up choices by the one-step rating
    #: (:meth:`playout_action`).
    search_settings = search.SETTINGS

    #: Kinds of action a restricted bot of the design lab may be forbidden (by action-text prefix; the lab takes
    #: several, "greedy never play 4 income, play 6 income, joker 2 income"). Income and St. Barbara start as their
    #: card is played, so they are forbidden by the card plays: never takes Income is play 4 income, play 6 income
    #: and joker 2 income together.
    action_kinds = {
        "miners": "never buys permits (the Mine action's miners 1 and miners 2; with the top_up option also never "
                  "miners 0, so it passes up a Mine action it could have topped up)",
        "miners 1": "never buys a permit for 1 miner",
        "miners 2": "never buys a permit for 2 miners",
        "mine": "never builds a mine (it may still play a Mine card, then discards what it draws)",
        "rights": "never takes Rights to a building tile",
        "plot": "never buys a plot",
        "build": "never builds a building (it may still play a Build card, then passes)",
        "council": "never pays to put a noble in the council",
        "tax pay": "never pays tax: it always loses reputation instead",
        "tax refuse": "never refuses tax it can pay",
        "joker": "never plays the joker",
        "idle": "never plays a card for no effect",
        **{f"play {card} {half}": f"never plays card {card} for {half}"
           for card, halves in enumerate(approx.ACTION_CARDS.value, 1) for half in halves if half != "joker"},
        **{f"joker {card} {action}": f"never plays the joker (card {card}) as {action}"
           for card, halves in enumerate(approx.ACTION_CARDS.value, 1) if "joker" in halves
           for action in cards.ACTIONS},
    }

    designable = PARAMETERS
    state: KutnaHoraState


    # ------------------------------------------------------------------ setup
    def _check_config(self, config: KutnaHoraConfig) -> None:
        self._check_players(config, "Kutná Hora")
        table_for_config(config.price_table)
        # red_round_event is checked with the parameters (one of A, B), before this.

    def _prepare(self) -> None:
        variant, n = self.config.variant, self.config.players
        self.table, self.params = played_prices(self.config.price_table, self.params, variant)
        self.prices_kept = KeptPrices()  # prices by the stands' positions, shared with clones (StandsGame.prices_now)
        #: The designable numbers this game plays with (the printed ones unless its variant changes them).
        self.design = design_of(self.params, variant)
        #: The building tiles with their designed numbers (wood, plot value, effects), by id.
        self.tiles = self.design.tiles
        self.rounds = self.design.rounds[n]
        #: The round at whose end the red public buildings enter.
        self.red_round = self.design.red_nobles_round[n]
        self.size = approx.TOWN_SIZE.value[n]
        #: The final scoring's town and mine points per seat by the boards' contents (``evaluation._board_points``),
        #: shared with every clone: the bots' look-aheads rate thousands of copies of a few boards.
        self.board_points_kept = evaluation.BoardPoints()
        #: The evaluation's weights of money and income by round, turn and phase (``evaluation._weights``).
        self.weights_kept: dict[tuple[int, int, str], tuple[float, float]] = {}
        #: The look-ahead's ratings of this position's actions (``lookahead.lookaheads``): set on the instance from
        #: the start, as every attribute is, so that none is added later (an attribute added to a made object slows
        #: every attribute read of it).
        self.lookahead_memo: tuple[tuple, dict[tuple, float]] | None = None
        #: What a card decision's look-ahead already rated of the choice its card opens (``lookahead._rated_before``).
        self.lookahead_next: tuple | None = None

    def _setup(self) -> KutnaHoraState:
        n, rng = self.config.players, self.rng
        self.emit("setup.round-track", f"{self.rounds} rounds ({'4 players' if n == 4 else '2-3 players'}); the "
                  "round marker on round 1 and the tax marker on 0.", rounds=self.rounds)
        red = [t.id for t in PUBLIC_BUILDINGS if t.colour == "red"]
        self.emit("setup.red-nobles", f"The {len(red)} red public buildings wait on round {self.red_round} of the "
                  "round track.")
        hall = town_hall.new_town_hall(rng)
        self.emit("setup.town-hall", "Marked guild tiles are shuffled onto the two left columns of the town hall, "
                  "each under the other three of its guild.")
        self.emit("setup.public-stacks", "Green, silver and yellow public buildings, each stack shuffled.")
        layout = rng.below(len(approx.MINE_SETUP.value))
        rocks = list(mines.ROCKS)
        rng.shuffle(rocks)
        cells = [""] * (mines.ROWS * mines.COLUMNS)
        for (r, c), rock in zip(approx.MINE_SETUP.value[layout], rocks, strict=True):
            cells[mines.space(r, c)] = rock
        self.emit("setup.mine-board", f"Mine setup card {layout + 1}: rocks with "
                  f"{', '.join(str(mines.ROCKS[x]) for x in rocks)} stars.", card=layout + 1)
        stands = new_stands(self.table)
        self.emit("setup.card-stands", "Both decks start at card 0 with every slider at the far left.")
        last = rulebook.ST_BARBARA_TILES.value  # the board holds them in rows of 5, 5 and the last on top
        self.emit("setup.st-barbara", f"St. Barbara tiles 1-5 in the bottom row, 6-10 in the middle, {last} on top.")
        self.emit("setup.bank", f"The bank: groschen, exactly {rulebook.NOBLES_PER_COLOUR.value} nobles per colour, "
                  "pelicans.")
        stack: list[str] = []
        for back in ("III", "II", "I"):  # I on top: the list's end is the top
            pile = [t.id for t in approx.MINE_TILES if t.back == back]
            rng.shuffle(pile)
            stack += pile
        tech = [t.id for t in reversed(approx.TECH_TILES)]
        self.emit("setup.mine-stack", "Technology tiles face down with I on top; mine tiles shuffled by back and "
                  "stacked I over II over III.")
        design = self.design
        seats = [Seat(groschen=design.starting_groschen[p], score=0, reputation=design.reputation_start, pelicans=0,
                      used_pelicans=0, production={}, mine_ore=0, held=[], guilds=[], houses_taken=[0, 0, 0],
                      houses_removed=0, pool=rulebook.START_POOL.value,
                      reserve=rulebook.MINERS.value - rulebook.START_POOL.value,
                      cards=list(range(1, rulebook.ACTION_CARDS.value + 1)))
                 for p in range(n)]
        self.emit("setup.players", "Each player: score 0, one miner in the pool, groschen "
                  + ", ".join(f"{seat_label(p)} {s.groschen}" for p, s in enumerate(seats)) + ".")
        colours = rulebook.NOBLE_COLOURS
        size = self.size
        self.state = KutnaHoraState(
            phase="setup", round=1, start=0, turn=0, plays_left=rulebook.CARDS_PER_TURN.value[0], seats=seats,
            stands=stands, hall=hall, red_track=red, tax=0, mine=cells, mine_owner=[-1] * len(cells),
            mine_stack=stack, mine_discard=[], mine_drawn=[], tech_stack=tech, tech_removed=[],
            town=[""] * size * size, town_owner=[-1] * size * size, markers=[-1] * size * size, barbara=0,
            bank={c: rulebook.NOBLES_PER_COLOUR.value for c in colours}, pool={c: 0 for c in colours},
            council={c: 0 for c in colours}, events=[""] * self.rounds, guild_card=0, guild_sets=[], stack=[])
        event_cards.deal(self)
        guild_setup.deal(self)  # the kernel then runs the flow up to the first decision
        return self.state

    # ------------------------------------------------------------------ the flow
    def _next_steps(self) -> bool:
        """Nothing is pending: the next card of this turn, the next turn or the end of the round (:mod:`.rounds`);
        ``False`` once the last round has ended."""
        if self.state.phase == "over":
            return False
        rounds.next_card(self)
        return True

    def scores(self) -> tuple[int, ...]:
        return tuple(seat.score for seat in self.state.seats)

    def _tiebreak(self, player: int) -> tuple:
        return (self.state.seats[player].groschen,)

    # ------------------------------------------------------------------ what views and bots ask
    def income_of(self, p: int) -> int:
        seat = self.state.seats[p]
        return income(seat.production, self.prices(), seat.mine_ore)

    def tax_due(self, p: int) -> int:
        """This round's tax plus plot tax (by plot markers in town)."""
        return tax.tax_due(self, p)

    def joker_cost(self, p: int) -> int:
        return cards.joker_cost(self, p)

    def rights_options(self, p: int, free: bool, public_only: bool) -> dict[str, tuple[int, int, int]]:
        """Tile id -> (row, column, groschen) for every top tile ``p`` may take now."""
        return rights_action.rights_options(self, p, free, public_only)

    def plot_options(self, p: int, free: bool, anywhere: bool) -> dict[int, int]:
        """Plot -> groschen for every plot ``p`` may buy now."""
        return plot_action.plot_options(self, p, free, anywhere)

    def build_blocker(self, p: int, tile_id: str) -> str | None:
        """Why ``p`` cannot build ``tile_id`` now regardless of money, or ``None``."""
        return build_action.build_blocker(self, p, tile_id)

    def build_options(self, p: int, free: bool) -> list[tuple[str, int, int]]:
        """(tile, plot, groschen) for every building ``p`` may build now."""
        return build_action.build_options(self, p, free)

    def mine_options(self, p: int, free: bool) -> dict[int, int]:
        """Space -> groschen for every space a mine may go on now."""
        return mine_action.mine_options(self, p, free)

    def noble_values(self, p: int) -> dict[str, int]:
        """What one noble of each colour scores for ``p`` now."""
        return scoring.noble_values(self, p)

    def final_breakdown(self, p: int) -> dict[str, int]:
        """The final scoring categories for ``p`` if the game ended now."""
        return scoring.final_breakdowns(self)[p]

    def final_breakdowns(self) -> list[dict[str, int]]:
        """Every player's final scoring categories if the game ended now (one pass over the boards)."""
        return scoring.final_breakdowns(self)

    def heuristic(self, player: int) -> float:
        return evaluation.heuristic(self, player)

    # ------------------------------------------------------------------ what the design lab follows
    def round_number(self) -> int | None:
        """The round being played (1 during the setup choices; the last round once the game is over)."""
        return self.state.round

    def standings(self) -> tuple[float, ...]:
        """Each seat's own value in the greedy evaluation (points so far, what the final scoring would give now,
        money and income as the game's progress weighs them): most points come at the end."""
        return tuple(evaluation.seat_values(self))

    def series(self) -> dict[str, Any]:
        """The six prices now (``price.wood`` ... ``price.ore``), and per seat groschen, income (what an Income
        action would bring now) and points so far."""
        now = self.prices()
        seats = self.state.seats
        out: dict[str, Any] = {f"price.{good}": float(now[good]) for good in self.table.goods}
        out["groschen"] = tuple(float(seat.groschen) for seat in seats)
        out["income"] = tuple(float(income(seat.production, now, seat.mine_ore)) for seat in seats)
        out["points"] = tuple(float(seat.score) for seat in seats)
        return out

    def lookahead(self, action: Action, player: int) -> float:
        return lookahead.lookahead(self, action, player)

    def lookaheads(self, actions: Sequence[Action], player: int) -> list[float]:
        return lookahead.lookaheads(self, actions, player)

    def terms(self, player: int) -> dict[str, float]:
        return evaluation.terms(self, player)

    def playout_action(self, legal: LegalActions, rng: Rng) -> Action:
        return evaluation.playout_action(self, legal, rng)

    def redeal(self, viewer: int | None, rng: Rng) -> KutnaHoraGame:
        return evaluation.redeal(self, viewer, rng)

    # ------------------------------------------------------------------ what each seat sees
    def _observe(self, player: int | None) -> dict[str, Any]:
        s = self.state
        seats = []
        for p, seat in enumerate(s.seats):
            d = seat.to_dict()
            d["income"] = self.income_of(p)
            d["plots"] = plot_action.plots_in_town(s, p)
            d["tax_due"] = self.tax_due(p)
            seats.append(d)
        decision = self.pending()
        stack_top = s.mine_stack[-1] if s.mine_stack else ""
        return {
            "round": s.round, "rounds": self.rounds, "phase": s.phase, "start": s.start, "turn": s.turn,
            "plays_left": s.plays_left, "tax": s.tax, "seats": seats,
            "pending": None if decision is None else {"player": decision.player, "kind": decision.kind,
                                                      "prompt": decision.prompt},
            "stands": stand_snapshot(self.table, s.stands), "prices": self.prices(),
            # Only the top tile of each stack shows; the tiles under it are hidden.
            "town_hall": {"rows": [[{"kind": st.kind, "name": st.name, "tiles": list(st.tiles[-1:]),
                                     "count": len(st.tiles)} for st in row] for row in s.hall.rows],
                          "discards": list(s.hall.discards)},
            "red_track": len(s.red_track),
            "mine": mines.snapshot(s.mine, s.mine_owner),
            "technology": mine_action.technology_level(self),
            "tech_left": len(s.tech_stack), "mine_stack": len(s.mine_stack),
            "mine_stack_back": mines.TILES[stack_top].back if stack_top else "",
            "mine_discard": len(s.mine_discard),
            # Drawn tiles are seen by the player who drew them; others only see how many.
            "mine_drawn": list(s.mine_drawn) if s.stack and player == s.stack[-1].player else len(s.mine_drawn),
            "town": town.snapshot(s.town, s.town_owner, s.markers, self.size, self.tiles),
            "barbara": s.barbara, "bank": dict(s.bank), "pool": dict(s.pool), "council": dict(s.council),
            # Round 1's event is revealed when round 1 begins, after the guild choices of the setup.
            "events": [e if r < s.round or (r == s.round and s.phase != "setup") else ("face down" if e else "")
                       for r, e in enumerate(s.events, 1)],
            "guild_card": s.guild_card + 1,
            "guild_sets": [list(approx.GUILD_SETUP.value[s.guild_card][i]) for i in s.guild_sets],
            "scores": list(self.scores()),
        }

    def invariant_breaks(self) -> list[str]:
        s, n = self.state, self.config.players
        broken = []
        if (s.phase == "over") != (not s.stack):  # the kernel's end of the game is the rules' end of the last round
            broken.append(f"phase {s.phase} with {len(s.stack)} step(s) pending")
        fewest_cards = rulebook.ACTION_CARDS.value - sum(rulebook.CARDS_PER_TURN.value)
        for p, seat in enumerate(s.seats):
            who = seat_label(p)
            mines_owned = s.mine_owner.count(p)
            if seat.groschen < 0 or seat.pelicans < 0:
                broken.append(f"{who}: negative groschen or pelicans")
            if seat.pool + seat.reserve + mines_owned != rulebook.MINERS.value or \
                    not 0 <= seat.pool <= rulebook.POOL_MAX.value:
                broken.append(f"{who}: miners not conserved or pool over 2")
            # A guild building in town takes its house once the tile's own decisions are done (step 5 waits).
            built = s.town_owner.count(p) - sum(1 for f in s.stack if f.kind == "house-place" and f.player == p)
            if sum(seat.houses_taken) != built + seat.houses_removed or max(seat.houses_taken) > HOUSES_PER_ROW:
                broken.append(f"{who}: houses not conserved")
            if s.markers.count(p) > rulebook.PLOT_MARKERS.value or len(seat.held) > HELD_SLOTS.value:
                broken.append(f"{who}: more than 3 plots or held tiles")
            if not 0 <= seat.reputation < len(self.design.reputation_points):
                broken.append(f"{who}: reputation off the track")
            if s.phase != "setup" and len(seat.cards) < fewest_cards:
                broken.append(f"{who}: too many cards played")
        tiles = [t for row in s.hall.rows for st in row for t in st.tiles] + s.hall.discards + s.red_track \
            + [t for seat in s.seats for t in seat.held] + [t for t in s.town if t]
        if sorted(tiles) != sorted(TILES):
            broken.append(f"building tiles not conserved ({len(tiles)} found)")
        mine_tiles = [t for t in s.mine if t and t not in mines.ROCKS] + s.mine_stack + s.mine_discard + s.mine_drawn \
            + s.tech_stack + s.tech_removed + [f.tile for f in s.stack if f.kind == "tech"]
        if sorted(mine_tiles) != sorted(mines.TILES):
            broken.append(f"mine tiles not conserved ({len(mine_tiles)} found)")
        if sorted(t for t in s.mine if t in mines.ROCKS) != sorted(mines.ROCKS):
            broken.append("rocks moved")
        for c in rulebook.NOBLE_COLOURS:
            nobles = s.bank[c] + s.pool[c] + s.council[c]
            if nobles != rulebook.NOBLES_PER_COLOUR.value or min(s.bank[c], s.pool[c]) < 0:
                broken.append(f"{c} nobles not conserved")
        if not 0 <= s.tax <= self.design.tax_cap:
            broken.append(f"tax {s.tax} outside 0-{self.design.tax_cap}")
        if not 0 <= s.barbara <= rulebook.ST_BARBARA_TILES.value:
            broken.append("St. Barbara counter off")
        if s.phase == "over":
            logged = [0] * n
            for e in self.log:
                if "points" in e.data:
                    logged[e.data["player"]] += e.data["points"]
            if logged != [seat.score for seat in s.seats]:
                broken.append(f"scores {self.scores()} differ from the logged scoring events {logged}")
        return broken
