"""Kardinal & König – Das Kartenspiel (Michael Schacht, 2001) for 3–5 players.

A turn is a short series of decisions by one player, each a step of its own module, pending on ``state.stack``
(the kernel's flow, ``games.core.steps``):

1. **take** (:mod:`.taking`) – take end cards of one country under the crest limit, play law chips
   (:mod:`.law_chips`), ``stop``;
2. **claim** (:mod:`.claim_stones`) – place or move a claim stone, or ``skip``;
3. **pay** (:mod:`.claimed_cards`) – choose which stone on the layout pays for a card under another player's stone.

Each step pushes what comes next; forced steps are not asked, so taking ends by itself when no further card or chip
could be used (``decision.stop``) and a claim step with nothing to choose is left out, unless asking is what keeps a
player's chips secret (``decision.public-steps``). When a turn is over the next one comes from :mod:`.flow`
(ゲームの流れ: clockwise, skipping players who cannot take; the end of the game). This module sets the table up,
scores, observes and checks invariants.
"""

from __future__ import annotations

from typing import Any

from games.core import ConfigError, DataError, Rng, StepGame, Steps, seat_label

from . import evaluation, flow, search, taking
from .claim_stones import Claim
from .claimed_cards import Pay
from .data import rulebook
from .deck import Card, load_deck
from .design import Design, design_of
from .parameters import PARAMETERS
from .rules import RULES
from .scoring import Chart, Tally, chart_totals, score_chart, tally
from .state import CardGameConfig, CardGameState, Pending, Turn
from .taking import CardTaken, Take

STEPS = Steps(Take(), Claim(), Pay(), CardTaken())


class CardGame(StepGame):
    """Kardinal & König card game (see the module docstring for the decisions)."""

    game_id = "kardinal_koenig.cards"
    title = "Kardinal & König – the card game"
    rules = RULES
    Config = CardGameConfig
    min_players = 3
    max_players = 5
    hidden_information = True
    steps = STEPS
    #: How the search bot searches the card game (:mod:`.search`: its budget and evaluation).
    search_settings = search.SETTINGS

    #: What a restricted bot of the design lab may be forbidden (action-text prefixes, ``Game.action_kinds``).
    action_kinds = {
        "take": "never takes a card it need not take: one card a turn, then stops",
        "stop": "never stops taking early: takes cards while any may be taken",
        "place": "never places a claim stone (nor moves one)",
        "lift": "never moves a claim stone",
        "skip": "never leaves the claim step out: places or moves a stone whenever it may",
        "play": "never plays a law chip",
        "play three": "never plays '3 crests allowed'",
        "play colours": "never plays 'different colours allowed'",
        "play return": "never plays 'return claim stone'",
    }

    designable = PARAMETERS
    state: CardGameState
    design: Design


    # ------------------------------------------------------------------ setup
    def _check_config(self, config: CardGameConfig) -> None:
        self._check_players(config, "the card game")
        if not -1 <= config.start_player < config.players:
            raise ConfigError(f"start_player must be -1 (random) or a seat 0 to {config.players - 1}, "
                              f"not {config.start_player}")
        try:
            load_deck(config.deck)
        except DataError as err:
            raise ConfigError(str(err)) from err
        design = design_of(config, self.params)  # a ParameterError names parameters that disagree
        known, frame = design.cards, design.geometry
        rows = config.rows
        if len(rows) > frame.rows:
            raise ConfigError(f"rows: the layout has at most {frame.rows} rows, not {len(rows)}")
        seen: set[str] = set()
        for r, row in enumerate(rows, 1):
            if not isinstance(row, (list, tuple)) or len(row) > frame.columns:
                raise ConfigError(f"rows: row {r} must be a list of at most {frame.columns} card ids")
            for cid in row:
                if cid not in known:
                    raise ConfigError(f"rows: row {r} names {cid!r}, which is not a card of deck {config.deck!r}")
                if cid in seen:
                    raise ConfigError(f"rows: card {cid!r} is laid out twice")
                seen.add(cid)
        if rows and not seen:
            raise ConfigError("rows: a hand-made layout needs at least one card")
        for key, kind in config.chips.items():
            if kind not in rulebook.LAW_CHIP_KINDS.value:
                raise ConfigError(f"chips: {kind!r} is not a law chip; kinds: "
                                  f"{', '.join(rulebook.LAW_CHIP_KINDS.value)}")
            cell = frame.parse_cell(key)
            if cell is None or not rows:
                raise ConfigError(f"chips: {key!r} must be 'row,column' of a card of the hand-made rows")
            r, c = frame.position(cell)
            if r > len(rows) or c > len(rows[r - 1]):
                raise ConfigError(f"chips: there is no card at row {r} column {c} in the hand-made rows")

    def _prepare(self) -> None:
        # The design is shared by every game of this deck and variant (and their clones); the hot paths read the
        # numbers copied here, never the data modules.
        design = self.design = design_of(self.config, self.params)
        self.deck = design.deck
        self.cards: dict[str, Card] = design.cards  # type: ignore[assignment]  # shared, never changed
        self.geometry = design.geometry
        self.limit, self.limit_with_chip = design.crest_limit, design.crest_limit_with_chip
        self.placeable = design.placeable[self.config.players]
        #: Each display's :class:`~.scoring.Tally` by its cards, and the chart totals (−2 chips aside) by every
        #: display's cards, shared with clones (:meth:`totals`): a display only grows, and in the bots' look-aheads
        #: all displays but the taker's are as they were.
        self._tallies: dict[tuple[str, ...], Tally] = {}
        self._totals: dict[tuple[tuple[str, ...], ...], tuple[int, ...]] = {}
        #: The layout's cards' countries and crest counts per cell (:meth:`cell_cards`), made on first use.
        self._cell_cards: tuple[tuple[str, ...], list[str], list[int]] | None = None
        #: The most crests a card of that layout shows, set with :meth:`cell_cards` (taking.takeable's shortcut).
        self.most_crests = 0

    def _setup(self) -> CardGameState:
        c, n, design = self.config, self.config.players, self.design
        frame = self.geometry
        rows, columns = frame.rows, frame.columns
        start = c.start_player if c.start_player >= 0 else self.rng.below(n)
        self.emit("setup.start-player", f"{seat_label(start)} is the start player.", player=start)
        grid = [""] * frame.size
        chip = [""] * frame.size
        lo, hi = [0] * rows, [0] * rows
        if c.rows:
            for r, row in enumerate(c.rows):
                grid[r * columns:r * columns + len(row)] = list(row)
                hi[r] = len(row)
            for key, kind in c.chips.items():
                chip[frame.parse_cell(key)] = kind  # type: ignore[index]
            self.emit("setup.layout", "The cards are laid out by hand: " +
                      ", ".join(f"row {r + 1} has {len(row)}" for r, row in enumerate(c.rows)) + ".")
        else:
            ids = [card.id for card in self.deck.cards]
            self.rng.shuffle(ids)
            lengths = design.lengths
            if len(ids) == frame.size:  # every row full (the printed 4 × 14): the shuffled cards are the grid
                grid = ids
            else:
                for r, (length, first) in enumerate(zip(lengths, _starts(lengths), strict=True)):
                    grid[r * columns:r * columns + length] = ids[first:first + length]
            hi = list(lengths)
            shape = f"of {columns}" if len(set(lengths)) == 1 else \
                "of " + ", ".join(map(str, lengths[:-1])) + f" and {lengths[-1]} cards"
            self.emit("setup.layout", f"The {len(ids)} country cards are shuffled into {rows} "
                      f"row{'s' if rows != 1 else ''} {shape}, face up.")
            kinds = list(design.chip_kinds)
            self.rng.shuffle(kinds)
            for (row, column), kind in zip(design.chip_places, kinds, strict=True):
                chip[frame.cell_of(row, column)] = kind
            places = ", ".join(f"{r}-{col}" for r, col in design.chip_places)
            if len(kinds) > 1:
                self.emit("setup.law-chips", f"The {len(kinds)} law chips are shuffled and put face down on the "
                          f"marked cards: {places}.")
            elif kinds:
                self.emit("setup.law-chips", f"The one law chip is put face down on the marked card {places}.")
            else:
                self.emit("setup.law-chips", "There are no law chips at this table.")
        stones = design.stones
        self.emit("setup.stones", f"Each player takes {stones} claim stone{'s' if stones != 1 else ''} "
                  f"(at most {self.placeable} on the layout at once with {n} players).")
        return CardGameState(
            layout=tuple(grid), lo=lo, hi=hi, stone=[-1] * frame.size, chip=chip, displays=[[] for _ in range(n)],
            hand=[stones] * n, placed=[0] * n, lost=[0] * n, chips=[[] for _ in range(n)],
            played=[[] for _ in range(n)], cards_left=sum(1 for x in grid if x), start=start, idle=0,
            turn=Turn(start), stack=[Pending(Take.kind, start)])

    # ------------------------------------------------------------------ the flow
    def _next_steps(self) -> bool:
        return flow.next_turn(self)

    @property
    def crest_limit(self) -> int:
        return taking.crest_limit(self, self.state.turn)

    # ------------------------------------------------------------------ scores
    def cell_cards(self) -> tuple[list[str], list[int]]:
        """Per cell of the layout, its card's country and crest count ("" and 0 where no card was laid): read for
        every end card at every decision to take. The layout is fixed at setup and shared by copies of the state, so
        they are worked out once per layout (kept with it, and shared with clones)."""
        layout = self.state.layout
        kept = self._cell_cards
        if kept is None or kept[0] is not layout:
            cards = self.cards
            kept = self._cell_cards = (layout, [cards[c].country if c else "" for c in layout],
                                       [len(cards[c].crests) if c else 0 for c in layout])
            self.most_crests = max(kept[2], default=0)
        return kept[1], kept[2]

    def displays(self) -> list[list[Card]]:
        return [[self.cards[c] for c in d] for d in self.state.displays]

    def chart(self, reveal: bool | None = None) -> Chart:
        """The scoring chart for the displays as they are. −2 chips count once the game is over (or with
        ``reveal=True``, for a teacher): until then they are face down (``decision.hidden-score``)."""
        reveal = self.is_terminal() if reveal is None else reveal
        minus = [chips.count("minus2") for chips in self.state.chips] if reveal else None
        return score_chart(self.displays(), minus, self.design.chart)

    def totals(self, reveal: bool | None = None) -> tuple[int, ...]:
        """``chart(reveal).total`` without building the chart (:func:`~.scoring.chart_totals`, the same whole
        numbers): what the scores, the standings and the bots' evaluation read. Kept by the displays' cards, shared
        with clones: the bots' look-aheads rate every action's table, and most actions (a claim stone, a law chip,
        stopping) leave every display as it was."""
        reveal = self.is_terminal() if reveal is None else reveal
        key = tuple(map(tuple, self.state.displays))
        found = self._totals.get(key)
        if found is None:
            if len(self._totals) >= 4096:  # a bound for long runs of one game and its clones; cheap to refill
                self._totals.clear()
            found = self._totals[key] = chart_totals([self._tally(d) for d in key], None, self.design.chart)
        if not reveal:
            return found
        minus = self.design.chart.minus_chip
        return tuple(t + minus * chips.count("minus2") for t, chips in zip(found, self.state.chips, strict=True))

    def _tally(self, display: tuple[str, ...]) -> Tally:
        found = self._tallies.get(display)
        if found is None:
            if len(self._tallies) >= 4096:
                self._tallies.clear()
            cards = self.cards
            found = self._tallies[display] = tally(cards[c] for c in display)
        return found

    def scores(self) -> tuple[int, ...]:
        return self.totals()

    def terms(self, player: int) -> dict[str, float]:
        return evaluation.terms(self, player)

    def redeal(self, viewer: int | None, rng: Rng) -> CardGame:
        return evaluation.redeal(self, viewer, rng)

    def heuristic(self, player: int) -> float:
        return evaluation.heuristic(self, player)

    def _tiebreak(self, player: int) -> tuple:
        return (len(self.state.displays[player]),)

    # ------------------------------------------------------------------ the design lab's hooks
    def round_number(self) -> None:
        """``None``: the rule text has no rounds of its own (turns go clockwise until the cards run out), so the lab
        counts one each time the turn comes back to the start player."""
        return None

    def standings(self) -> tuple[float, ...]:
        """The chart as if the game ended now (−2 chips face down until the end, ``decision.hidden-score``): every
        point of the game is on the chart, and a display can be scored at any time, so the running total is who
        leads."""
        return tuple(float(t) for t in self.scores())

    def series(self) -> dict[str, Any]:
        """Per seat: the running chart total, the cards taken, the claim stones on the layout and those lost for
        good, the law chips held; and the cards left in the layout."""
        s = self.state
        return {"points": self.standings(), "cards": tuple(float(len(d)) for d in s.displays),
                "stones placed": tuple(float(x) for x in s.placed), "stones lost": tuple(float(x) for x in s.lost),
                "law chips held": tuple(float(len(c)) for c in s.chips), "cards left": float(s.cards_left)}

    # ------------------------------------------------------------------ invariants
    def invariant_breaks(self) -> list[str]:
        s = self.state
        turn = s.turn
        out = []
        frame = self.geometry
        on_layout = frame.cells(s.lo, s.hi)
        laid = {c for c in range(frame.size) if s.layout[c]}
        taken = [cid for d in s.displays for cid in d]
        in_rows = [s.layout[c] for c in on_layout]
        if sorted(taken + in_rows) != sorted(s.layout[c] for c in laid) or s.cards_left != len(in_rows):
            out.append("cards are not conserved (layout + displays != cards laid out)")
        if any(s.stone[c] >= 0 or s.chip[c] for c in set(range(frame.size)) - set(on_layout)):
            out.append("a claim stone or law chip lies on a card that is no longer in the layout")
        for p in range(self.players):
            on = sum(1 for c in on_layout if s.stone[c] == p)
            if on != s.placed[p]:
                out.append(f"{seat_label(p)}: {on} stones on the layout but {s.placed[p]} counted")
            in_the_air = 1 if turn.lifted >= 0 and p == turn.player else 0  # lifted, about to be put down
            if min(s.hand[p], s.placed[p], s.lost[p]) < 0 or s.hand[p] + s.placed[p] + s.lost[p] + in_the_air != \
                    self.design.stones:
                out.append(f"{seat_label(p)}: claim stones not conserved")
            if s.placed[p] > self.placeable:
                out.append(f"{seat_label(p)}: more than {self.placeable} stones on the layout")
        chips = sum(map(bool, s.chip)) + sum(map(len, s.chips)) + sum(map(len, s.played))
        expected = len(self.config.chips) if self.config.rows else len(self.design.chip_kinds)
        if chips != expected:
            out.append(f"law chips not conserved: {chips} instead of {expected}")
        if turn.crests > self.crest_limit:
            out.append(f"{turn.crests} crests taken this turn, over the limit {self.crest_limit}")
        countries = {self.cards[s.layout[c]].country for c in turn.taken}
        if len(countries) > 1 and not turn.colours:
            out.append("cards of several countries taken without the 'different colours' chip")
        for waiting in s.stack:
            if waiting.kind not in self.steps:
                out.append(f"the stack holds a step {waiting.kind!r} the card game does not have")
            elif waiting.player != turn.player:
                out.append(f"a {waiting.kind} step of {seat_label(waiting.player, capital=False)} waits in "
                           f"{seat_label(turn.player, capital=False)}'s turn")
        top = s.stack[-1].kind if s.stack else ""
        if top in self.steps and self.steps[top].automatic:
            out.append(f"the automatic step {top} waits on top of the stack instead of having run")
        if turn.lifted >= 0 and top != Claim.kind:
            out.append("a lifted claim stone outside the claim step")
        if not 0 <= s.idle <= self.players:
            out.append(f"{s.idle} idle turns in a row, outside 0 to {self.players}")
        if s.cards_left == 0 and s.stack:
            out.append("the game must end when the last card is taken")
        if not s.stack and s.cards_left > 0 and s.idle < self.players:
            out.append("the game ended with cards left although a card was taken within the last round")
        return out

    # ------------------------------------------------------------------ views
    def _observe(self, player: int | None) -> dict[str, Any]:
        s = self.state
        turn = s.turn
        over = not s.stack
        rows = []
        columns = self.geometry.columns
        for r in range(self.geometry.rows):
            cells = []
            for c in range(r * columns + s.lo[r], r * columns + s.hi[r]):
                cells.append({"row": r + 1, "column": c % columns + 1, "card": s.layout[c],
                              "stone": s.stone[c] if s.stone[c] >= 0 else None, "chip": bool(s.chip[c])})
            rows.append(cells)
        players = []
        for p in range(self.players):
            seen = over or p == player
            players.append({"display": list(s.displays[p]), "hand": s.hand[p], "placed": s.placed[p],
                            "lost": s.lost[p], "chips": len(s.chips[p]),
                            "chip_kinds": sorted(s.chips[p]) if seen else None, "played": list(s.played[p])})
        # "place": the claim step's second half, a lifted stone to put down (the views name it apart).
        phase = "place" if turn.lifted >= 0 else "over" if over else s.stack[-1].kind
        return {"rows": rows, "players": players, "player": None if over else turn.player, "phase": phase,
                "taken": [s.layout[c] for c in turn.taken], "crests": turn.crests, "crest_limit": self.crest_limit,
                "country": turn.country, "colours": turn.colours, "start": s.start, "cards_left": s.cards_left,
                "scores": list(self.scores())}


def _starts(lengths: tuple[int, ...]) -> list[int]:
    """Where each row's cards begin in the shuffled pile: the running total of the row lengths before it."""
    out, at = [], 0
    for length in lengths:
        out.append(at)
        at += length
    return out


__all__ = ["STEPS", "CardGame"]
