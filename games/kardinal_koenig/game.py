"""Kardinal & König – Das Kartenspiel (Michael Schacht, 2001) for 3–5 players.

A turn is a short series of decisions by one player:

1. **take** – ``take R C`` takes the end card at row R, column C (1-based, original columns); repeat while the
   cards stay in one country and under the crest limit, ``play three|colours|return`` plays a law chip, ``stop``
   ends the taking (``pass`` when no card can be taken but a chip could still be played);
2. **claim** – ``place R C`` puts a claim stone on a free card, ``lift R C`` picks up one of yours to move it
   (then ``place R C``), or ``skip``;
3. **pay** – ``discard R C`` when a claimed card must be paid for with one of your stones on the layout.

Forced steps are not asked: a turn with nothing to take is skipped, and taking ends by itself when no further
card or chip could be used (``decision.stop``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import Action, ConfigError, DataError, Decision, Game, Record

from . import layout as L
from .data.components import (
    COUNTRIES,
    COUNTRY_NAMES,
    CREST_LIMIT,
    CREST_LIMIT_WITH_CHIP,
    LAW_CHIP_KINDS,
    LAW_CHIP_POSITIONS,
    LAW_CHIP_SPLIT,
    PLACEABLE_STONES,
    PLAYABLE_CHIPS,
    STONES_PER_PLAYER,
)
from .deck import Card, load_deck
from .rules import RULES
from .scoring import Chart, score_chart

# Built once: actions are immutable values shared by every position.
_TAKE = tuple(Action("take", L.position(c)) for c in range(L.CELLS))
_PLACE = tuple(Action("place", L.position(c)) for c in range(L.CELLS))
_LIFT = tuple(Action("lift", L.position(c)) for c in range(L.CELLS))
_DISCARD = tuple(Action("discard", L.position(c)) for c in range(L.CELLS))
_PLAY = {kind: Action("play", (kind,)) for kind in PLAYABLE_CHIPS}
_STOP, _PASS, _SKIP = Action("stop"), Action("pass"), Action("skip")
_CELL_ACTIONS = ("take", "place", "lift", "discard")

TAKE, CLAIM, PLACE, PAY, OVER = "take", "claim", "place", "pay", "over"


def country_name(country: str) -> str:
    return COUNTRY_NAMES[country][1]


@dataclass(frozen=True)
class CardGameConfig:
    """``players`` 3–5, the ``deck`` to read, the ``start_player`` (-1: drawn from the seed).

    A hand-made position (for lessons and tests): ``rows`` lists up to 4 rows of card ids (the cards not listed
    are out of the game) and ``chips`` maps ``"row,column"`` to a law-chip kind. With ``rows`` empty the cards are
    shuffled into 4 × 14 and the 8 chips onto the X positions.
    """

    players: int = 3
    deck: str = "approx_v1"
    start_player: int = -1
    rows: tuple[tuple[str, ...], ...] = ()
    chips: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class CardGameState(Record):
    layout: list[str]  # card id per cell (row-major, 4 × 14); "" where no card was laid
    lo: list[int]  # per row: first column still in the layout
    hi: list[int]  # per row: one past the last column still in the layout
    stone: list[int]  # per cell: owner of the claim stone on it, -1 for none
    chip: list[str]  # per cell: face-down law chip kind, "" for none
    displays: list[list[str]]  # per player: cards taken, in taking order (shown sorted by country)
    hand: list[int]  # per player: claim stones in hand
    placed: list[int]  # per player: claim stones on the layout
    lost: list[int]  # per player: claim stones discarded for good
    chips: list[list[str]]  # per player: law chips held face down
    played: list[list[str]]  # per player: law chips played (face up, discarded)
    cards_left: int
    start: int
    player: int  # whose turn it is
    phase: str  # take / claim / place / pay / over
    taken: list[int]  # cells taken this turn
    crests: int  # crests on the cards taken this turn
    country: str  # country of this turn's cards ("" before the first)
    three: bool  # "3 crests allowed" played this turn
    colours: bool  # "different colours allowed" played this turn
    lifted: int  # cell a moving stone was lifted from, -1


class CardGame(Game):
    """Kardinal & König card game (see the module docstring for the decisions)."""

    game_id = "kardinal_koenig.cards"
    title = "Kardinal & König – the card game"
    rules = RULES
    Config = CardGameConfig
    min_players = 3
    max_players = 5

    state: CardGameState

    # ------------------------------------------------------------------ setup
    def _check_config(self, config: CardGameConfig) -> None:
        if not self.min_players <= config.players <= self.max_players:
            raise ConfigError(f"the card game takes 3 to 5 players, not {config.players}")
        if not -1 <= config.start_player < config.players:
            raise ConfigError(f"start_player must be -1 (random) or a seat 0 to {config.players - 1}, "
                              f"not {config.start_player}")
        try:
            deck = load_deck(config.deck)
        except DataError as err:
            raise ConfigError(str(err)) from err
        known = deck.by_id()
        rows = config.rows
        if len(rows) > L.N_ROWS:
            raise ConfigError(f"rows: the layout has at most {L.N_ROWS} rows, not {len(rows)}")
        seen: set[str] = set()
        for r, row in enumerate(rows, 1):
            if not isinstance(row, (list, tuple)) or len(row) > L.N_COLUMNS:
                raise ConfigError(f"rows: row {r} must be a list of at most {L.N_COLUMNS} card ids")
            for cid in row:
                if cid not in known:
                    raise ConfigError(f"rows: row {r} names {cid!r}, which is not a card of deck {config.deck!r}")
                if cid in seen:
                    raise ConfigError(f"rows: card {cid!r} is laid out twice")
                seen.add(cid)
        if rows and not seen:
            raise ConfigError("rows: a hand-made layout needs at least one card")
        for key, kind in config.chips.items():
            if kind not in LAW_CHIP_KINDS.value:
                raise ConfigError(f"chips: {kind!r} is not a law chip; kinds: {', '.join(LAW_CHIP_KINDS.value)}")
            cell = _parse_cell(key)
            if cell is None or not rows:
                raise ConfigError(f"chips: {key!r} must be 'row,column' of a card of the hand-made rows")
            r, c = L.position(cell)
            if r > len(rows) or c > len(rows[r - 1]):
                raise ConfigError(f"chips: there is no card at row {r} column {c} in the hand-made rows")

    def _prepare(self) -> None:
        deck = load_deck(self.config.deck)
        self.deck = deck
        self.cards: dict[str, Card] = deck.by_id()
        self.placeable = min(PLACEABLE_STONES.value[self.config.players], STONES_PER_PLAYER.value)

    def _setup(self) -> CardGameState:
        c, n = self.config, self.config.players
        start = c.start_player if c.start_player >= 0 else self.rng.below(n)
        self.emit("setup.start-player", f"Player {start + 1} is the start player.", player=start)
        grid = [""] * L.CELLS
        chip = [""] * L.CELLS
        lo, hi = [0] * L.N_ROWS, [0] * L.N_ROWS
        if c.rows:
            for r, row in enumerate(c.rows):
                grid[r * L.N_COLUMNS:r * L.N_COLUMNS + len(row)] = list(row)
                hi[r] = len(row)
            for key, kind in c.chips.items():
                chip[_parse_cell(key)] = kind  # type: ignore[index]
            self.emit("setup.layout", "The cards are laid out by hand: " +
                      ", ".join(f"row {r + 1} has {len(row)}" for r, row in enumerate(c.rows)) + ".")
        else:
            ids = [card.id for card in self.deck.cards]
            self.rng.shuffle(ids)
            grid = ids
            hi = [L.N_COLUMNS] * L.N_ROWS
            self.emit("setup.layout", f"The {len(ids)} country cards are shuffled into {L.N_ROWS} rows of "
                      f"{L.N_COLUMNS}, face up.")
            kinds = [k for k, count in LAW_CHIP_SPLIT.value.items() for _ in range(count)]
            self.rng.shuffle(kinds)
            for (row, column), kind in zip(LAW_CHIP_POSITIONS.value, kinds, strict=True):
                chip[L.cell_of(row, column)] = kind
            self.emit("setup.law-chips", "The 8 law chips are shuffled and put face down on the marked cards: " +
                      ", ".join(f"{r}-{col}" for r, col in LAW_CHIP_POSITIONS.value) + ".")
        stones = STONES_PER_PLAYER.value
        self.emit("setup.stones", f"Each player takes {stones} claim stones "
                  f"(at most {self.placeable} on the layout at once with {n} players).")
        return CardGameState(
            layout=grid, lo=lo, hi=hi, stone=[-1] * L.CELLS, chip=chip, displays=[[] for _ in range(n)],
            hand=[stones] * n, placed=[0] * n, lost=[0] * n, chips=[[] for _ in range(n)],
            played=[[] for _ in range(n)], cards_left=sum(1 for x in grid if x), start=start, player=start,
            phase=TAKE, taken=[], crests=0, country="", three=False, colours=False, lifted=-1)

    # ------------------------------------------------------------------ whose decision
    @property
    def current_player(self) -> int | None:
        return None if self.state.phase == OVER else self.state.player

    def is_terminal(self) -> bool:
        return self.state.phase == OVER

    def pending(self) -> Decision | None:
        s = self.state
        p = s.player
        if s.phase == TAKE:
            if s.taken:
                what = f"take another {country_name(s.country)} card or stop" if not s.colours else \
                    "take another card or stop"
                return Decision(p, "take", f"Player {p + 1}: {what} ({s.crests} of {self.crest_limit} crests used)")
            return Decision(p, "take", f"Player {p + 1}: take cards from the end of a row")
        if s.phase == CLAIM:
            return Decision(p, "claim", f"Player {p + 1}: place or move a claim stone, or skip")
        if s.phase == PLACE:
            return Decision(p, "claim", f"Player {p + 1}: put the lifted claim stone on another card")
        if s.phase == PAY:
            return Decision(p, "pay", f"Player {p + 1}: discard one of your claim stones from the layout")
        return None

    @property
    def crest_limit(self) -> int:
        return CREST_LIMIT_WITH_CHIP.value if self.state.three else CREST_LIMIT.value

    # ------------------------------------------------------------------ legal actions
    def _takes(self) -> list[int]:
        """End cards the player may take now, in (row, column) order."""
        s = self.state
        cards, layout, stone, p = self.cards, s.layout, s.stone, s.player
        country = s.country if s.taken and not s.colours else ""
        room = self.crest_limit - s.crests
        may_pay = s.hand[p] + s.placed[p] > 0
        out = []
        for cell in L.ends(s.lo, s.hi):
            card = cards[layout[cell]]
            if (country and card.country != country) or len(card.crests) > room:
                continue
            owner = stone[cell]
            if owner < 0 or owner == p or may_pay:
                out.append(cell)
        return out

    def _chips_playable(self, claiming: bool = False) -> list[Action]:
        """Law chips whose effect would change something now, in sorted order (colours, return, three).

        "three" and "colours" only widen what may be taken, so they are offered only while some end card is not
        blocked by a claim stone the player cannot pay for."""
        s = self.state
        held = s.chips[s.player]
        if not held:
            return []
        widen = not claiming and ("colours" in held or "three" in held) and self._some_end_unblocked()
        out = []
        if widen and "colours" in held and not s.colours:
            out.append(_PLAY["colours"])
        if "return" in held and s.lost[s.player] > 0:
            out.append(_PLAY["return"])
        if widen and "three" in held and not s.three:
            out.append(_PLAY["three"])
        return out

    def _some_end_unblocked(self) -> bool:
        s = self.state
        p = s.player
        if s.hand[p] + s.placed[p] > 0:
            return bool(L.ends(s.lo, s.hi))
        return any(s.stone[c] < 0 or s.stone[c] == p for c in L.ends(s.lo, s.hi))

    def _claim_has_choice(self) -> bool:
        """Whether a stone could be placed or moved now (public information only)."""
        if self._may_place():
            return bool(self._free_cells())
        return self._may_move() and bool(self._free_cells())

    def _may_ask(self) -> bool:
        """Steps are skipped automatically only when that reveals nothing: a player holding law chips is always
        asked (``stop`` / ``skip`` / ``pass``), whatever the chips' kinds, because others see only the count."""
        return bool(self.state.chips[self.state.player])

    def _free_cells(self) -> list[int]:
        """Cards in the layout without a claim stone (not the one a moving stone was just lifted from)."""
        return [c for c in L.cells(self.state.lo, self.state.hi) if self.state.stone[c] < 0 and c != self.state.lifted]

    def _place_actions(self) -> list[Action]:
        """``place`` on every free card, in order (the hot spot of random play: up to 56 actions)."""
        s = self.state
        stone, out = s.stone, []
        for r in range(L.N_ROWS):
            a, b = r * L.N_COLUMNS + s.lo[r], r * L.N_COLUMNS + s.hi[r]
            out += [act for act, owner in zip(_PLACE[a:b], stone[a:b], strict=True) if owner < 0]
        if s.lifted >= 0:
            out.remove(_PLACE[s.lifted])
        return out

    def _own_stones(self) -> list[int]:
        s = self.state
        p = s.player
        return [c for c in L.cells(s.lo, s.hi) if s.stone[c] == p] if s.placed[p] else []

    def _may_place(self) -> bool:
        s = self.state
        return s.hand[s.player] > 0 and s.placed[s.player] < self.placeable

    def _may_move(self) -> bool:
        s = self.state
        return s.placed[s.player] > 0 and not self._may_place()

    legal_is_sorted = True  # every branch below lists its actions in sort order (verbs alphabetically)

    def _legal(self) -> list[Action]:
        s = self.state
        phase = s.phase
        if phase == TAKE:
            takes = self._takes()
            acts = [_PASS] if not takes and not s.taken else []
            acts += self._chips_playable()
            if s.taken:
                acts.append(_STOP)
            acts += [_TAKE[c] for c in takes]
            return acts
        if phase == CLAIM:
            if self._may_place():
                acts = self._place_actions()
            elif self._may_move() and self._free_cells():
                acts = [_LIFT[c] for c in self._own_stones()]
            else:
                acts = []
            acts += self._chips_playable(claiming=True)
            acts.append(_SKIP)
            return acts
        if phase == PLACE:
            return self._place_actions()
        if phase == PAY:
            return [_DISCARD[c] for c in self._own_stones()]
        return []

    # ------------------------------------------------------------------ refusals
    def _why_illegal(self, action: Action) -> str | None:
        s = self.state
        verb, args = action.verb, action.args
        if verb in _CELL_ACTIONS:
            if len(args) != 2 or not all(isinstance(a, int) for a in args):
                return f"write {verb}, a row (1-{L.N_ROWS}) and a column (1-{L.N_COLUMNS}), e.g. '{verb} 2 14'."
            row, column = int(args[0]), int(args[1])
            if not (1 <= row <= L.N_ROWS and 1 <= column <= L.N_COLUMNS):
                return f"there is no row {row} column {column}: rows are 1-{L.N_ROWS}, columns 1-{L.N_COLUMNS}."
            cell = L.cell_of(row, column)
            if not L.in_layout(cell, s.lo, s.hi):
                return f"row {row} column {column} holds no card any more."
        phase_says = {TAKE: "you are taking cards", CLAIM: "you may now place or move a claim stone",
                      PLACE: "put the lifted claim stone on a free card", PAY: "discard one of your stones first"}
        if verb == "take":
            if s.phase != TAKE:
                return f"taking is over for this turn: {phase_says[s.phase]}."
            return self._why_not_take(cell)
        if verb == "play":
            return self._why_not_play(str(args[0]) if len(args) == 1 else "")
        if verb == "stop":
            return "take at least one card before you stop." if s.phase == TAKE else \
                f"'stop' ends taking; {phase_says[s.phase]}."
        if verb == "pass":
            return "you can take a card, and at least one must be taken." if s.phase == TAKE else \
                f"'pass' is only for a turn with nothing to take; {phase_says[s.phase]}."
        if verb == "skip":
            return f"'skip' leaves the claim stone step out; {phase_says[s.phase]}."
        if verb == "place":
            if s.phase not in (CLAIM, PLACE):
                return f"claim stones are placed after taking; {phase_says[s.phase]}."
            if s.stone[cell] >= 0:
                return f"row {row} column {column} already carries player {s.stone[cell] + 1}'s claim stone."
            if s.phase == PLACE:
                return "the stone must move to a different card."
            if s.hand[s.player] == 0:
                return "you have no claim stone in hand; move one of yours on the layout with 'lift' instead."
            return (f"with {self.players} players at most {self.placeable} of your claim stones may be on the layout; "
                    "lift one to move it instead.")
        if verb == "lift":
            if s.phase != CLAIM:
                return f"stones are moved in the claim step; {phase_says[s.phase]}."
            if s.stone[cell] != s.player:
                return f"row {row} column {column} has no claim stone of yours."
            return "you may place a stone from your hand; moving is allowed once all your placeable stones are out."
        if verb == "discard":
            if s.phase != PAY:
                return "you only discard a stone when paying for a card under another player's stone."
            return f"row {row} column {column} has no claim stone of yours."
        return (f"'{verb}' is not an action here; the actions are take, play, stop, pass, place, lift, skip and "
                "discard.")

    def _why_not_take(self, cell: int) -> str | None:
        s = self.state
        if cell not in L.ends(s.lo, s.hi):
            r = cell // L.N_COLUMNS
            return (f"{L.where(cell)} is not at an end of its row; the ends of row {r + 1} are columns "
                    f"{s.lo[r] + 1} and {s.hi[r]}.")
        card = self.cards[s.layout[cell]]
        if s.taken and not s.colours and card.country != s.country:
            return (f"this turn you are taking {country_name(s.country)}; {country_name(card.country)} needs the "
                    "'different colours allowed' law chip.")
        if s.crests + len(card.crests) > self.crest_limit:
            return (f"that card shows {len(card.crests)} crest(s) and you have taken {s.crests} of "
                    f"{self.crest_limit} this turn (ships and carriages do not count).")
        owner = s.stone[cell]
        if owner >= 0 and owner != s.player:
            return f"the card carries player {owner + 1}'s claim stone and you have no claim stone left to pay with."
        return None

    def _why_not_play(self, kind: str) -> str:
        s = self.state
        if kind not in LAW_CHIP_KINDS.value:
            return f"law chips are played by kind: {', '.join(PLAYABLE_CHIPS)}."
        if kind == "minus2":
            return "the −2 chip is not played; it is revealed at the end of the game."
        if kind not in s.chips[s.player]:
            return f"you hold no '{kind}' law chip."
        if kind == "return":
            return "none of your claim stones has been discarded, so there is nothing to return."
        if s.phase != TAKE:
            return f"'{kind}' changes what you may take; taking is over for this turn."
        return f"'{kind}' is already in effect this turn."

    # ------------------------------------------------------------------ effects
    def _apply(self, action: Action) -> None:
        verb = action.verb
        if verb == "take":
            self._take(L.cell_of(*action.args))  # type: ignore[arg-type]
        elif verb == "play":
            self._play(str(action.args[0]))
        elif verb == "stop":
            self.emit("decision.stop", f"Player {self.state.player + 1} stops taking.")
            self._to_claim()
        elif verb == "pass":
            self.emit("take.skip", f"Player {self.state.player + 1} cannot take any card and passes.")
            self._end_turn()
        elif verb == "place":
            self._place(L.cell_of(*action.args))  # type: ignore[arg-type]
        elif verb == "lift":
            self._lift(L.cell_of(*action.args))  # type: ignore[arg-type]
        elif verb == "discard":
            self._discard(L.cell_of(*action.args))  # type: ignore[arg-type]
        else:  # skip
            self.emit("claim.place", f"Player {self.state.player + 1} places no claim stone.", player=self.state.player)
            self._end_turn()

    def _take(self, cell: int) -> None:
        s = self.state
        p = s.player
        cid = s.layout[cell]
        card = self.cards[cid]
        L.remove(cell, s.lo, s.hi)
        s.cards_left -= 1
        s.displays[p].append(cid)
        s.taken.append(cell)
        s.crests += len(card.crests)
        if not s.country:
            s.country = card.country
        route = f", a {card.route}" if card.route else ""
        self.emit("take.ends", f"Player {p + 1} takes {country_name(card.country)} from {L.where(cell)} "
                  f"({len(card.crests)} crest{'' if len(card.crests) == 1 else 's'}{route}).",
                  player=p, card=cid, cell=cell)
        kind = s.chip[cell]
        if kind:
            s.chip[cell] = ""
            s.chips[p].append(kind)
            self.emit("chips.take", f"Player {p + 1} takes the face-down law chip lying on it.", player=p)
        owner = s.stone[cell]
        if owner >= 0:
            s.stone[cell] = -1
            s.placed[owner] -= 1
            s.hand[owner] += 1
            if owner == p:
                self.emit("claimed.own", f"Player {p + 1}'s own claim stone returns to their hand.", player=p)
            else:
                self.emit("claimed.other", f"The card carried player {owner + 1}'s claim stone: it returns to "
                          f"player {owner + 1}, and player {p + 1} must discard one of their own stones.",
                          player=p, owner=owner)
                if s.hand[p] > 0:
                    s.hand[p] -= 1
                    s.lost[p] += 1
                    self.emit("decision.pay-from-hand", f"Player {p + 1} discards a claim stone from their hand "
                              "for good.", player=p)
                else:
                    mine = self._own_stones()
                    if len(mine) > 1:
                        s.phase = PAY
                        return
                    self._discard(mine[0])
                    return
        self._after_take()

    def _after_take(self) -> None:
        s = self.state
        if s.cards_left == 0:
            self._finish()
            return
        s.phase = TAKE
        if not self._takes():
            if self._may_ask():
                self.emit("decision.public-steps", f"No further card can be taken now; player {s.player + 1} holds "
                          "law chips and decides whether to play one or stop.", player=s.player)
            else:
                self._to_claim(auto=True)

    def _play(self, kind: str) -> None:
        s = self.state
        p = s.player
        s.chips[p].remove(kind)
        s.played[p].append(kind)
        name = LAW_CHIP_KINDS.value[kind][1]
        if kind == "return":
            s.lost[p] -= 1
            s.hand[p] += 1
            self.emit("chips.return", f"Player {p + 1} plays '{name}': a discarded claim stone returns to their "
                      "hand.", player=p)
        elif kind == "three":
            s.three = True
            self.emit("chips.three", f"Player {p + 1} plays '{name}': up to {CREST_LIMIT_WITH_CHIP.value} crests "
                      "this turn.", player=p)
            self.emit("decision.three-crests", "The chip raises the crest total, not the number of crest kinds.")
        else:
            s.colours = True
            self.emit("chips.colours", f"Player {p + 1} plays '{name}': the cards need not be of one country "
                      "this turn.", player=p)
        if s.phase == TAKE and not self._takes() and not self._may_ask():
            if s.taken:
                self._to_claim(auto=True)
            else:
                self.emit("take.skip", f"Player {p + 1} still cannot take any card and misses the turn.", player=p)
                self._end_turn()
        elif s.phase == CLAIM and not self._claim_has_choice() and not self._may_ask():
            self._end_turn()

    def _to_claim(self, auto: bool = False) -> None:
        s = self.state
        if auto:
            self.emit("decision.stop", f"No further card can be taken: player {s.player + 1}'s taking ends.")
        s.phase = CLAIM
        if not self._claim_has_choice() and not self._may_ask():
            self._end_turn()

    def _place(self, cell: int) -> None:
        s = self.state
        p = s.player
        s.stone[cell] = p
        card = self.cards[s.layout[cell]]
        if s.phase == PLACE:
            s.placed[p] += 1
            self.emit("claim.move", f"Player {p + 1} moves a claim stone from {L.where(s.lifted)} to "
                      f"{L.where(cell)} ({country_name(card.country)}).", player=p, cell=cell, origin=s.lifted)
        else:
            s.hand[p] -= 1
            s.placed[p] += 1
            limit = "claim.limit-3" if self.players == 3 else "claim.limit-45"
            self.emit("claim.place", f"Player {p + 1} puts a claim stone on {L.where(cell)} "
                      f"({country_name(card.country)}).", player=p, cell=cell)
            if s.placed[p] == self.placeable:
                self.emit(limit, f"All {self.placeable} placeable claim stones of player {p + 1} are out; from now "
                          "on one may be moved instead.", player=p)
        self._end_turn()

    def _lift(self, cell: int) -> None:
        s = self.state
        s.stone[cell] = -1
        s.placed[s.player] -= 1
        s.lifted = cell
        s.phase = PLACE
        self.emit("decision.move", f"Player {s.player + 1} lifts their claim stone from {L.where(cell)} to move it.")

    def _discard(self, cell: int) -> None:
        s = self.state
        p = s.player
        s.stone[cell] = -1
        s.placed[p] -= 1
        s.lost[p] += 1
        self.emit("claimed.pay-from-layout", f"Player {p + 1} has no stone in hand and discards the one on "
                  f"{L.where(cell)} for good.", player=p, cell=cell)
        self._after_take()

    def _end_turn(self) -> None:
        s = self.state
        n = self.players
        s.taken = []
        s.crests, s.country, s.three, s.colours, s.lifted = 0, "", False, False, -1
        for _ in range(n):
            s.player = (s.player + 1) % n
            s.phase = TAKE
            if self._takes() or self._may_ask():
                self.emit("flow.clockwise", f"Player {s.player + 1}'s turn.", player=s.player)
                return
            self.emit("take.skip", f"Player {s.player + 1} cannot take any card and misses the turn.",
                      player=s.player)
        raise AssertionError("no player can take a card")  # pragma: no cover - an owner can always take

    def _finish(self) -> None:
        s = self.state
        s.phase = OVER
        s.taken = []
        self.emit("flow.end", "The last country card is taken: the game ends and is scored.")
        chart = self.chart()
        for p in range(self.players):
            minus = s.chips[p].count("minus2")
            if minus:
                self.emit("score.minus-chips", f"Player {p + 1} reveals {minus} −2 law chip(s): {-2 * minus} points.",
                          player=p)
        self.emit("score.chart-order", "Scoring chart: " + ", ".join(
            f"player {p + 1} {t}" for p, t in enumerate(chart.total)) + ".", totals=list(chart.total))
        winners = chart.winners()
        tied_on_points = chart.total.count(max(chart.total)) > 1
        self.emit("score.winner", ("Draw between " if len(winners) > 1 else "Winner: ") +
                  ", ".join(f"player {w + 1}" for w in winners) +
                  (" (tied on points, decided by country cards)" if tied_on_points and len(winners) == 1 else "") +
                  ".", winners=list(winners))

    # ------------------------------------------------------------------ scores
    def displays(self) -> list[list[Card]]:
        return [[self.cards[c] for c in d] for d in self.state.displays]

    def chart(self, reveal: bool | None = None) -> Chart:
        """The scoring chart for the displays as they are. −2 chips count once the game is over (or with
        ``reveal=True``, for a teacher): until then they are face down (``decision.hidden-score``)."""
        reveal = self.is_terminal() if reveal is None else reveal
        minus = [chips.count("minus2") for chips in self.state.chips] if reveal else None
        return score_chart(self.displays(), minus)

    def scores(self) -> tuple[int, ...]:
        return self.chart().total

    def heuristic(self, player: int) -> float:
        """The greedy bot's evaluation, from public information only: the chart total of every display as if the
        game ended now (−2 chips left out, so a chip's kind never steers it), the lead over the best other player,
        plus 0.5 per claim stone still owned and 0.3 per law chip held (mostly useful: 6 of the 8)."""
        s = self.state
        totals = score_chart(self.displays()).total
        lead = totals[player] - max(t for p, t in enumerate(totals) if p != player)
        return lead + 0.5 * (s.hand[player] + s.placed[player]) + 0.3 * len(s.chips[player])

    def _tiebreak(self, player: int) -> tuple:
        return (len(self.state.displays[player]),)

    # ------------------------------------------------------------------ invariants
    def invariant_breaks(self) -> list[str]:
        s = self.state
        out = []
        on_layout = L.cells(s.lo, s.hi)
        laid = {c for c in range(L.CELLS) if s.layout[c]}
        taken = [cid for d in s.displays for cid in d]
        in_rows = [s.layout[c] for c in on_layout]
        if sorted(taken + in_rows) != sorted(s.layout[c] for c in laid) or s.cards_left != len(in_rows):
            out.append("cards are not conserved (layout + displays != cards laid out)")
        if any(s.stone[c] >= 0 or s.chip[c] for c in set(range(L.CELLS)) - set(on_layout)):
            out.append("a claim stone or law chip lies on a card that is no longer in the layout")
        for p in range(self.players):
            on = sum(1 for c in on_layout if s.stone[c] == p)
            if on != s.placed[p]:
                out.append(f"player {p + 1}: {on} stones on the layout but {s.placed[p]} counted")
            in_the_air = 1 if s.phase == PLACE and p == s.player else 0  # lifted, about to be put down
            if min(s.hand[p], s.placed[p], s.lost[p]) < 0 or s.hand[p] + s.placed[p] + s.lost[p] + in_the_air != \
                    STONES_PER_PLAYER.value:
                out.append(f"player {p + 1}: claim stones not conserved")
            if s.placed[p] > self.placeable:
                out.append(f"player {p + 1}: more than {self.placeable} stones on the layout")
        chips = sum(map(bool, s.chip)) + sum(map(len, s.chips)) + sum(map(len, s.played))
        expected = len(self.config.chips) if self.config.rows else sum(LAW_CHIP_SPLIT.value.values())
        if chips != expected:
            out.append(f"law chips not conserved: {chips} instead of {expected}")
        if s.crests > self.crest_limit:
            out.append(f"{s.crests} crests taken this turn, over the limit {self.crest_limit}")
        countries = {self.cards[s.layout[c]].country for c in s.taken}
        if len(countries) > 1 and not s.colours:
            out.append("cards of several countries taken without the 'different colours' chip")
        if (s.phase == OVER) != (s.cards_left == 0):
            out.append("the game must end exactly when the last card is taken")
        return out

    # ------------------------------------------------------------------ views
    def _observe(self, player: int | None) -> dict[str, Any]:
        s = self.state
        over = s.phase == OVER
        rows = []
        for r in range(L.N_ROWS):
            cells = []
            for c in range(r * L.N_COLUMNS + s.lo[r], r * L.N_COLUMNS + s.hi[r]):
                cells.append({"row": r + 1, "column": c % L.N_COLUMNS + 1, "card": s.layout[c],
                              "stone": s.stone[c] if s.stone[c] >= 0 else None, "chip": bool(s.chip[c])})
            rows.append(cells)
        players = []
        for p in range(self.players):
            seen = over or p == player
            players.append({"display": list(s.displays[p]), "hand": s.hand[p], "placed": s.placed[p],
                            "lost": s.lost[p], "chips": len(s.chips[p]),
                            "chip_kinds": sorted(s.chips[p]) if seen else None, "played": list(s.played[p])})
        return {"rows": rows, "players": players, "player": None if over else s.player, "phase": s.phase,
                "taken": [s.layout[c] for c in s.taken], "crests": s.crests, "crest_limit": self.crest_limit,
                "country": s.country, "colours": s.colours, "start": s.start, "cards_left": s.cards_left,
                "scores": list(self.scores())}

    def _repr_html_(self) -> str:
        from .view import game_html

        return game_html(self)


def _parse_cell(key: str) -> int | None:
    parts = str(key).replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return None
    row, column = int(parts[0]), int(parts[1])
    if not (1 <= row <= L.N_ROWS and 1 <= column <= L.N_COLUMNS):
        return None
    return L.cell_of(row, column)


__all__ = ["COUNTRIES", "CardGame", "CardGameConfig", "CardGameState", "country_name"]
