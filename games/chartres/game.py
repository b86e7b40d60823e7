"""Chartres for 2–4 players: 3 eras of 4 rounds, then final scoring.

Decisions, in the order a game asks them (``pending().kind``):

* ``setup-row`` – ``row CARD`` three times: the starting action row, chosen secretly from the 6 dealt cards;
* ``location`` (Phase A, by torches) – ``location ID`` takes a revealed location, ``draw`` draws a card instead;
* ``commit-row`` / ``commit-act`` (Phase C, secretly, in initiative order) – ``row CARD`` plays a card to the
  right end of the action row, then ``activate SLOT CARD`` plays one under position SLOT (1 = leftmost);
* ``discard`` (while an ability is resolved) – ``discard CARD`` pays a cost; at the start of a repetition that
  costs cards, ``stop`` ends the ability instead;
* ``path`` – ``path warehouse|townhall`` when a citizen could go on either path;
* ``bonus`` (Phase F) – ``bonus TILE`` buys a cathedral bonus tile with citizens, ``pass`` does not;
* ``pour`` (Phase F, wine) – ``pour white|red``: which colour pours first when both fill a barrel of one kind.

Everything else (Phase B draws, the reveal, gains without a cost, track bonuses and their chain reactions, the
scoring steps, the end of an era) happens by itself and is logged with the rule that caused it.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import Any

from games.core import Action, ConfigError, DataError, Decision, Game, Record

from . import citizens as C
from .abilities import Ability, can_pay
from .components import Components, load_components
from .data.rulebook import (
    CELLAR_OVERFLOW,
    CROSS_OVERFLOW,
    CROSS_REPUTATION,
    DEAL,
    ERAS,
    LEFTOVER_IP,
    PATHS,
    PHASE_B_DRAW,
    ROUNDS_PER_ERA,
    ROW_FULL,
    ROW_START,
    SHIELD_OVERFLOW,
    START_CITIZENS,
)
from .rules import RULES
from .windows import build_window, rightmost_value
from .wine import has_order_choice, pour

SEAT_COLOURS = ("blue", "orange", "green", "black")
SETUP_ROW, LOCATION, COMMIT_ROW, COMMIT_ACT, DISCARD, PATH, BONUS, POUR, OVER = (
    "setup-row", "location", "commit-row", "commit-act", "discard", "path", "bonus", "pour", "over")

_STOP, _DRAW, _PASS = Action("stop"), Action("draw"), Action("pass")
_POUR = {c: Action("pour", (c,)) for c in ("white", "red")}
_PATH = {p: Action("path", (p,)) for p in PATHS}
_ACTIONS: dict[tuple, Action] = {}
_CARD_ACTIONS: dict[str, tuple[Components, dict[str, Action], list[dict[str, Action]]]] = {}


@dataclass(frozen=True)
class ChartresConfig:
    """``players`` 2–4; ``components`` the component set (``approx_v1`` ships with the package); ``initiative``
    the seats in initiative order (empty: drawn from the seed); ``cellars`` one cellar id per seat (empty: dealt
    at random)."""

    players: int = 2
    components: str = "approx_v1"
    initiative: tuple[int, ...] = ()
    cellars: tuple[str, ...] = ()


@dataclass(slots=True)
class ChartresState(Record):
    era: int
    round: int
    phase: str
    initiative: list[int]  # seats, first to last
    queue: list[int]  # seats to decide in the current step, in order
    turn: int  # index into queue
    ip: list[int]
    reputation: list[int]
    shield: list[int]  # status level 1..9
    cross: list[int]  # tower level 1..4
    barrel: list[int]  # cellar space index
    cellar: list[str]
    cellar_pool: list[str]  # cellars nobody holds
    personal: list[int]  # citizens in each personal supply
    common: list[int]  # citizens of each seat's colour left in the common supply
    paths: list[list[int]]  # per path (warehouse, townhall): owner per space, space 0 nearest the building; -1 empty
    windows: list[list[str]]  # per seat: glass per built space, left to right
    hand: list[list[str]]
    row: list[list[str]]  # action rows
    act: list[list[str]]  # activation rows: card under each action-row position ("" for none)
    commit_row: list[str]  # face-down plays of Phase C ("" before)
    commit_act: list[str]
    commit_slot: list[int]
    act_slot: list[int]  # activation-row index played this round, -1 for none
    deck: list[str]
    discard: list[str]
    loc_deck: list[str]
    loc_discard: list[str]
    loc_shown: list[str]
    taverns: list[list[str]]
    tiles_stack: list[str]
    tiles_shown: list[str]
    tiles_gone: list[str]
    # the ability being resolved (ab_player -1: none)
    ab_player: int
    ab_source: str
    ab_part: int  # 0 main, 1 bonus
    ab_rep: int  # repetitions done
    ab_reps: int  # repetitions offered
    ab_atom: int  # next atom of the current repetition
    ab_colour: str  # colour chosen for a "discard N of one colour"
    ab_left: int  # cards still to discard for the current atom
    ab_then: str  # where play continues afterwards: "location" / "act"
    final: list[list[int]]  # per seat at the end: windows, reputation IP, leftovers (and tokens by source)


class ChartresGame(Game):
    """Chartres (see the module docstring for the decisions)."""

    game_id = "chartres.game"
    title = "Chartres"
    rules = RULES
    Config = ChartresConfig
    min_players = 2
    max_players = 4
    legal_is_sorted = True

    state: ChartresState
    parts: Components

    # ------------------------------------------------------------------ setup
    def _check_config(self, config: ChartresConfig) -> None:
        if not self.min_players <= config.players <= self.max_players:
            raise ConfigError(f"Chartres takes 2 to 4 players, not {config.players}")
        try:
            parts = load_components(config.components)
        except DataError as err:
            raise ConfigError(str(err)) from err
        if config.initiative and sorted(config.initiative) != list(range(config.players)):
            raise ConfigError(f"initiative must list each seat 0–{config.players - 1} once, not "
                              f"{list(config.initiative)}")
        if config.cellars:
            if len(config.cellars) != config.players or len(set(config.cellars)) != config.players:
                raise ConfigError(f"cellars must name {config.players} different cellars, one per seat")
            unknown = [c for c in config.cellars if c not in parts.cellars]
            if unknown:
                raise ConfigError(f"cellars: unknown cellar(s) {', '.join(unknown)}; cellars: "
                                  f"{', '.join(parts.cellars)}")

    def _prepare(self) -> None:
        self.parts = load_components(self.config.components)
        # the actions that name a card, built once per component set (legal-action lists share these objects)
        tables = _CARD_ACTIONS.get(self.parts.name)
        if tables is None or tables[0] is not self.parts:  # a set registered again under the same name
            cards = self.parts.cards
            tables = _CARD_ACTIONS[self.parts.name] = (
                self.parts, {c: self._act("row", c) for c in cards},
                [{c: self._act("activate", k, c) for c in cards} for k in range(ROW_FULL.value + 2)])
        _, self._row_actions, self._activate_actions = tables

    @staticmethod
    def _act(verb: str, *args: Any) -> Action:
        # actions are immutable values: one object per text, shared by every game
        action = _ACTIONS.get((verb, args))
        if action is None:
            action = _ACTIONS[(verb, args)] = Action(verb, args)
        return action

    def _setup(self) -> ChartresState:
        n, parts, rng = self.players, self.parts, self.rng
        initiative = list(self.config.initiative) or list(range(n))
        if not self.config.initiative:
            rng.shuffle(initiative)
        cellars = list(parts.cellars)
        if self.config.cellars:
            mine = list(self.config.cellars)
        else:
            rng.shuffle(cellars)
            mine = cellars[:n]
        deck = sorted(parts.cards)
        rng.shuffle(deck)
        locs = sorted(parts.locations)
        rng.shuffle(locs)
        tiles = sorted(parts.tiles)
        rng.shuffle(tiles)
        s = ChartresState(
            era=1, round=1, phase=SETUP_ROW, initiative=initiative, queue=list(initiative), turn=0,
            ip=[0] * n, reputation=[0] * n, shield=[1] * n, cross=[1] * n, barrel=[0] * n, cellar=mine,
            cellar_pool=[c for c in sorted(parts.cellars) if c not in mine],
            personal=[START_CITIZENS.value] * n, common=[parts.citizens_per_colour - START_CITIZENS.value] * n,
            paths=[[-1] * parts.path_spaces for _ in PATHS], windows=[[] for _ in range(n)],
            hand=[[] for _ in range(n)], row=[[] for _ in range(n)], act=[[] for _ in range(n)],
            commit_row=[""] * n, commit_act=[""] * n, commit_slot=[0] * n, act_slot=[-1] * n, deck=deck, discard=[],
            loc_deck=locs, loc_discard=[], loc_shown=[], taverns=[[] for _ in range(n)], tiles_stack=tiles,
            tiles_shown=[], tiles_gone=[], ab_player=-1, ab_source="", ab_part=0, ab_rep=0, ab_reps=0, ab_atom=0,
            ab_colour="", ab_left=0, ab_then="", final=[])
        self.state = s
        self.emit("setup.supply", f"Common supply: {len(tiles)} bonus tiles face down, "
                  f"{parts.citizens_per_colour} citizens per colour.")
        self.emit("setup.assistant-deck", f"{len(deck)} assistant cards shuffled into a face-down deck.")
        self._reveal_locations()
        self._reveal_tiles()
        self.emit("setup.boards", "Cellars dealt: " + ", ".join(f"{self._name(p)} {mine[p]}" for p in range(n)),
                  cellars=mine)
        self.emit("setup.initiative", "Initiative order: " + ", ".join(self._name(p) for p in initiative),
                  initiative=initiative)
        self.emit("setup.markers", "Influence 0; shield on status level 1; cross on tower level 1; barrel marker "
                  "on the first cellar space.")
        self.emit("setup.citizens", f"Each player takes {START_CITIZENS.value} citizens.")
        for p in reversed(initiative):
            self._place_citizen(p, 0, "setup.warehouse")
        for p in initiative:
            self._draw(p, DEAL.value, "setup.deal", limit=False)
        self.emit("setup.deal", f"Each player is dealt {DEAL.value} cards and secretly picks {ROW_START.value} for "
                  "the action row.")
        return s

    # ------------------------------------------------------------------ small helpers
    @staticmethod
    def _name(p: int) -> str:
        return f"Player {p + 1}"

    def hand_limit(self, p: int) -> int:
        return self.parts.hand_limit[self.state.shield[p] - 1]

    def resources(self, p: int) -> dict[str, int]:
        """Resource icons in ``p``'s action row (plus the placeholder tavern torches)."""
        counts = {"torch": 0, "horse": 0, "cart": 0, "white": 0, "red": 0}
        cards = self.parts.cards
        for cid in self.state.row[p]:
            for r in cards[cid].resources:
                counts[r] += 1
        counts["torch"] += self.parts.tavern_torches * len(self.state.taverns[p])
        return counts

    def torch_order(self) -> list[int]:
        return C.torch_order([self.resources(p)["torch"] for p in range(self.players)], self.state.initiative)

    def on_paths(self, p: int) -> int:
        return sum(owner == p for path in self.state.paths for owner in path)

    def _gain_ip(self, p: int, n: int, rule: str, why: str) -> None:
        if n:
            self.state.ip[p] += n
            self.emit(rule, f"{self._name(p)}: +{n} IP ({why}).", player=p, ip=n)

    def _refill(self, pile: str, discards: str, rule: str) -> bool:
        s = self.state
        if getattr(s, pile) or not getattr(s, discards):
            return bool(getattr(s, pile))
        fresh = getattr(s, discards)
        self.rng.shuffle(fresh)
        setattr(s, pile, fresh)
        setattr(s, discards, [])
        self.emit(rule, f"The deck ran out: {len(fresh)} discards shuffled into a new deck.")
        return True

    def _draw(self, p: int, n: int, rule: str, limit: bool = True) -> None:
        s = self.state
        drawn = over = 0
        for _ in range(n):
            if limit and len(s.hand[p]) >= self.hand_limit(p):
                over += 1
                continue
            if not self._refill("deck", "discard", "deck.reshuffle"):
                break
            insort(s.hand[p], s.deck.pop())  # hands are kept sorted, so legal actions come out sorted
            drawn += 1
        if drawn and rule != "setup.deal":
            self.emit(rule, f"{self._name(p)} draws {drawn} card{'s' if drawn != 1 else ''}.", player=p,
                      cards=drawn)
        self._gain_ip(p, over, "hand.limit", f"{over} card{'s' if over != 1 else ''} beyond the hand limit "
                      f"of {self.hand_limit(p)}")

    # ------------------------------------------------------------------ locations and tiles
    def _reveal_locations(self) -> None:
        s, locs = self.state, self.parts.locations
        for _ in range(self.players + 1):
            while True:
                if not self._refill("loc_deck", "loc_discard", "location.reshuffle"):
                    return
                gate_showing = any(locs[x].city_gate for x in s.loc_shown)
                if gate_showing and all(locs[x].city_gate for x in s.loc_deck + s.loc_discard):
                    return  # only city gates are left to reveal (possible with a custom component set)
                lid = s.loc_deck.pop()
                if locs[lid].city_gate and gate_showing:
                    s.loc_discard.append(lid)
                    self.emit("location.city-gate", f"A second city gate ({lid}) is discarded and replaced.")
                    continue
                s.loc_shown.append(lid)
                break
        rule = "setup.locations" if s.phase == SETUP_ROW else "location.reveal"
        self.emit(rule, "Locations revealed: " + ", ".join(f"{x} {locs[x].name}" for x in s.loc_shown),
                  shown=list(s.loc_shown))

    def _reveal_tiles(self) -> None:
        s = self.state
        for _ in range(self.players):
            if s.tiles_stack:
                s.tiles_shown.append(s.tiles_stack.pop())
        rule = "setup.bonus-tiles" if s.era == 1 else "flow.bonus-refresh"
        self.emit(rule, "Bonus tiles on the cathedral: " + ", ".join(
            f"{t} (costs {self.parts.tiles[t].cost})" for t in s.tiles_shown), shown=list(s.tiles_shown))

    # ------------------------------------------------------------------ citizens and tracks
    def _gain_citizen(self, p: int, rule: str) -> None:
        s = self.state
        if s.common[p] <= 0:
            self.emit("inferred.per-colour-citizens", f"{self._name(p)}: no citizen of their colour is left in the "
                      "common supply.", player=p)
            return
        s.common[p] -= 1
        s.personal[p] += 1
        self.emit(rule, f"{self._name(p)} takes a citizen from the common supply ({s.personal[p]} in the personal "
                  "supply).", player=p)

    def _path_options(self, p: int) -> list[int]:
        s = self.state
        if s.personal[p] <= 0:
            return []
        return [k for k, path in enumerate(s.paths) if -1 in path]

    def _place_citizen(self, p: int, path: int, rule: str) -> None:
        s = self.state
        space = s.paths[path].index(-1)
        s.paths[path][space] = p
        s.personal[p] -= 1
        self.emit(rule, f"{self._name(p)} puts a citizen on the {PATHS[path]} path, space {space + 1} from the "
                  "building.", player=p, path=PATHS[path], space=space)

    def _shield(self, p: int, steps: int = 1) -> None:
        s = self.state
        for _ in range(steps):
            if s.shield[p] >= self.parts.status_levels:
                self._gain_ip(p, SHIELD_OVERFLOW.value, "track.status-top", "shield past the top")
                continue
            s.shield[p] += 1
            level = s.shield[p]
            self.emit("track.hand-limit", f"{self._name(p)}'s shield reaches status level {level}: hand limit "
                      f"{self.hand_limit(p)}, reputation ×{self.parts.multiplier[level - 1]}.", player=p)
            bonus = self.parts.status_bonuses.get(level)
            if bonus:
                rule = "decision.stairs" if bonus == "cross" else "track.status"
                self._gain(p, bonus, rule)

    def _cross(self, p: int) -> None:
        s = self.state
        if s.cross[p] >= self.parts.cross_levels:
            self._gain_ip(p, CROSS_OVERFLOW.value, "track.cross", "cross past the top of the tower")
            return
        s.cross[p] += 1
        self.emit("track.cross", f"{self._name(p)}'s cross climbs to tower level {s.cross[p]}.", player=p)

    def _barrel(self, p: int) -> None:
        s = self.state
        values = self.parts.cellars[s.cellar[p]]
        if s.barrel[p] >= len(values.values) - 1:
            self._gain_ip(p, CELLAR_OVERFLOW.value, "track.cellar-end", "barrel marker past the last cellar space")
            return
        s.barrel[p] += 1
        self.emit("track.cellar", f"{self._name(p)}'s barrel marker moves to cellar space {s.barrel[p] + 1}.",
                  player=p)
        bonus = values.bonuses.get(s.barrel[p])
        if bonus:
            self._gain(p, bonus, "track.cellar")

    def _window(self, p: int, wanted: str) -> None:
        s, parts = self.state, self.parts
        built = build_window(parts.window_colours, parts.window_bonuses, len(s.windows[p]), wanted)
        if built.space < 0:
            self._gain_ip(p, built.ip, "window.full", f"a {built.glass} window after all 9 are built")
            return
        s.windows[p].append(built.glass)
        self.emit(built.rule, f"{self._name(p)} builds a {built.glass} window on space {built.space + 1} "
                  f"({parts.window_colours[built.space]}).", player=p, space=built.space, glass=built.glass)
        if built.bonus:
            self._gain(p, built.bonus, "window.bonus")

    def _gain(self, p: int, atom: str, rule: str) -> None:
        """Carry out one gain atom for ``p`` (track bonuses chain from here, depth first)."""
        kind, _, arg = atom.partition(":")
        if rule == "decision.stairs":
            self.emit(rule, f"{self._name(p)} reaches the stairs symbol: cross up 1 (placeholder).", player=p)
        elif rule == "decision.tile-free":
            self.emit(rule, f"{self._name(p)}: the bonus tile's window costs no cards.", player=p)
        if kind == "window":
            self._window(p, arg)
        elif kind == "gain_citizen":
            self._gain_citizen(p, "effect.citizen" if rule.startswith("ability") else rule)
        elif kind == "place_citizen":
            options = self._path_options(p)
            if options:
                self._place_citizen(p, options[0], "effect.place-citizen")
        elif kind == "shield":
            self._shield(p)
        elif kind == "cross":
            self._cross(p)
        elif kind == "barrel":
            self._barrel(p)
        elif kind == "score_windows":
            built = len(self.state.windows[p])
            self._gain_ip(p, rightmost_value(self.parts.window_final, built), "effect.score-windows",
                          f"windows scored, {built} built")
        elif kind == "score_cross":
            level = self.state.cross[p]
            self._gain_ip(p, self.parts.cross_ip[level - 1], "effect.score-cross", f"cross at level {level}")
            self._draw(p, self.parts.cross_cards[level - 1], "effect.score-cross")
        elif kind == "draw":
            self._draw(p, int(arg), "effect.draw" if rule.startswith("ability") else rule)
        elif kind == "reputation":
            self.state.reputation[p] += int(arg)
            self.emit("effect.reputation" if rule.startswith("ability") else rule,
                      f"{self._name(p)} gains {arg} reputation token{'s' if arg != '1' else ''}.", player=p)
        elif kind == "ip":
            self._gain_ip(p, int(arg), rule, "printed bonus")
        # "tavern" is handled by the location step

    # ------------------------------------------------------------------ abilities
    def _ability(self, source: str, part: int) -> Ability | None:
        item = self.parts.cards.get(source) or self.parts.locations[source]
        return item.main if part == 0 else item.bonus

    def _repetitions(self, p: int, ability: Ability) -> int:
        return self.resources(p)[ability.per] if ability.per else ability.times

    def _feasible(self, p: int, ability: Ability) -> bool:
        """Whether one more repetition of ``ability`` can be carried out completely now."""
        s = self.state
        hand_colours = [self.parts.cards[c].colour for c in s.hand[p]]
        if not can_pay(ability.costs, hand_colours):
            return False
        places = ability.do.count("place_citizen")
        if places and (s.personal[p] < places or not self._path_options(p)):
            return False
        takes = ability.do.count("gain_citizen")
        return not takes or s.common[p] >= takes

    def can_perform(self, p: int, source: str) -> bool:
        """Whether ``p`` could carry out the main ability of a card or location now (location.must-perform)."""
        main = self._ability(source, 0)
        return main is not None and self._repetitions(p, main) > 0 and self._feasible(p, main)

    def _start_ability(self, p: int, source: str, then: str) -> None:
        s = self.state
        s.ab_player, s.ab_source, s.ab_part, s.ab_then = p, source, 0, then
        main = self._ability(source, 0)
        assert main is not None
        s.ab_rep, s.ab_reps, s.ab_atom, s.ab_left, s.ab_colour = 0, self._repetitions(p, main), 0, 0, ""
        self.emit("ability.per" if main.per else "ability.times" if main.times > 1 else "ability.main-bonus",
                  f"{self._name(p)} resolves {source}: {main.words()} ({s.ab_reps} time"
                  f"{'s' if s.ab_reps != 1 else ''} at most).", player=p, source=source)

    def _run_ability(self) -> bool:
        """Carry the current ability forward; ``True`` when it waits for a decision."""
        s = self.state
        p = s.ab_player
        while True:
            ability = self._ability(s.ab_source, s.ab_part)
            assert ability is not None
            if s.ab_atom == 0 and s.ab_left == 0:  # the start of a repetition
                if s.ab_rep >= s.ab_reps or not self._feasible(p, ability):
                    if not self._next_part(ability):
                        return False
                    continue
                if ability.costs:
                    s.phase = DISCARD
                    return True
            if s.ab_atom >= len(ability.do):
                s.ab_rep += 1
                s.ab_atom = 0
                continue
            atom = ability.do[s.ab_atom]
            kind = atom.partition(":")[0]
            if kind in ("discard", "discard_same"):
                if s.ab_left == 0:
                    s.ab_left = int(atom.partition(":")[2]) if kind == "discard_same" else 1
                    s.ab_colour = ""
                s.phase = DISCARD
                return True
            if kind == "place_citizen" and len(self._path_options(p)) > 1:
                s.phase = PATH
                return True
            self._gain(p, atom, "ability")
            s.ab_atom += 1

    def _next_part(self, ability: Ability) -> bool:
        """The current part is over: go on to the bonus if the main one was resolved fully. ``False``: all done."""
        s = self.state
        p = s.ab_player
        full = s.ab_reps > 0 and s.ab_rep >= s.ab_reps  # a main ability done 0 times was not resolved
        if s.ab_part == 0:
            bonus = self._ability(s.ab_source, 1)
            if not full:
                self.emit("decision.full-resolution", f"{self._name(p)} resolved {s.ab_source}'s main ability "
                          f"{s.ab_rep} of {s.ab_reps} times" + (": no bonus." if bonus else "."), player=p)
            if bonus is not None and full:
                s.ab_part, s.ab_rep, s.ab_reps, s.ab_atom, s.ab_left = 1, 0, self._repetitions(p, bonus), 0, 0
                self.emit("act.bonus", f"{self._name(p)} resolved the main ability fully: bonus {bonus.words()}.",
                          player=p)
                return True
        s.ab_player, s.ab_source = -1, ""
        return False

    def _discard_options(self) -> list[Action]:
        s = self.state
        p = s.ab_player
        ability = self._ability(s.ab_source, s.ab_part)
        assert ability is not None
        atom = ability.do[s.ab_atom]
        kind, _, arg = atom.partition(":")
        cards = self.parts.cards
        rest = ability.do[s.ab_atom + 1:]
        options = []
        for cid in s.hand[p]:
            colour = cards[cid].colour
            if kind == "discard" and arg not in ("any", colour):
                continue
            if kind == "discard_same" and s.ab_colour and colour != s.ab_colour:
                continue
            # the remaining costs of this repetition must still be payable after this card
            left = list(s.hand[p])
            left.remove(cid)
            remaining = list(rest)
            need = s.ab_left or (int(arg) if kind == "discard_same" else 1)
            remaining = [f"discard:{colour}"] * (need - 1) + remaining
            costs = tuple(a for a in remaining if a.partition(":")[0] in ("discard", "discard_same"))
            if can_pay(costs, [cards[c].colour for c in left]):
                options.append(self._act("discard", cid))
        return options

    # ------------------------------------------------------------------ the flow
    def _advance(self) -> None:
        """Run everything that needs no decision until a decision is due or the game is over."""
        s = self.state
        while True:
            if s.ab_player >= 0:
                if self._run_ability():
                    return
                self._after_ability()
                continue
            phase = s.phase
            if phase == SETUP_ROW:
                if s.turn < len(s.queue):
                    return
                self.emit("setup.deal", "Action rows revealed: " + "; ".join(
                    f"{self._name(p)} {' '.join(s.row[p])}" for p in s.initiative))
                self._start_locations()
            elif phase == LOCATION:
                if s.turn < len(s.queue):
                    return
                self._phase_b()
            elif phase in (COMMIT_ROW, COMMIT_ACT):
                if s.turn < len(s.queue):
                    p = s.queue[s.turn]
                    if phase == COMMIT_ROW and not s.hand[p]:
                        self.emit("decision.short-hand", f"{self._name(p)} has no card to play.", player=p)
                        s.turn += 1
                        continue
                    if phase == COMMIT_ACT and not s.hand[p]:
                        s.phase, s.turn = COMMIT_ROW, s.turn + 1
                        self.emit("decision.short-hand", f"{self._name(p)} has no second card to play.", player=p)
                        continue
                    return
                self._reveal()
                s.phase, s.queue, s.turn = "act", list(s.initiative), 0
            elif phase == "act":
                if s.turn < len(s.queue):
                    self._activate(s.queue[s.turn])
                    continue
                self._end_round()
            elif phase == BONUS:
                while s.turn < len(s.queue) and not self._tile_options(s.queue[s.turn]):
                    s.turn += 1
                if s.turn < len(s.queue):
                    return
                self._start_wine()
            elif phase == POUR:
                while s.turn < len(s.queue):
                    p = s.queue[s.turn]
                    grapes = self.resources(p)
                    if has_order_choice(grapes["white"], grapes["red"]):
                        return
                    self._make_wine(p, "white")
                    s.turn += 1
                self._end_era()
            else:
                return

    def _after_ability(self) -> None:
        s = self.state
        then = s.ab_then
        s.ab_then = ""
        s.phase = LOCATION if then == LOCATION else "act"
        s.turn += 1

    def _start_locations(self) -> None:
        s = self.state
        s.phase, s.queue, s.turn = LOCATION, self.torch_order(), 0
        self.emit("location.order", f"Era {s.era}, round {s.round}: locations are chosen in the order " + ", ".join(
            f"{self._name(p)} ({self.resources(p)['torch']} torches)" for p in s.queue), order=list(s.queue))

    def _phase_b(self) -> None:
        s = self.state
        for p in s.initiative:
            self._draw(p, PHASE_B_DRAW.value, "draw.phase-b", limit=False)
        s.phase, s.queue, s.turn = COMMIT_ROW, list(s.initiative), 0

    def _reveal(self) -> None:
        s, cards = self.state, self.parts.cards
        for p in s.initiative:
            if s.commit_row[p]:
                s.row[p].append(s.commit_row[p])
                s.act[p].append("")
            s.act_slot[p] = s.commit_slot[p] - 1 if s.commit_act[p] else -1
            if s.commit_act[p]:
                s.act[p][s.act_slot[p]] = s.commit_act[p]
            played = [c for c in (s.commit_row[p], s.commit_act[p]) if c]
            self.emit("play.reveal", f"{self._name(p)} reveals " + (" and ".join(
                f"{c} ({cards[c].colour})" for c in played) or "nothing") + (
                f", activation card under position {s.commit_slot[p]}" if s.commit_act[p] else "") + ".",
                player=p, row=s.commit_row[p], act=s.commit_act[p], slot=s.commit_slot[p])
        for p in range(self.players):
            s.commit_row[p], s.commit_act[p], s.commit_slot[p] = "", "", 0

    def activated(self, p: int) -> str:
        """The action-row card ``p`` activated this round ("" for none): the card above this round's activation
        card, when both have the same colour."""
        s, cards = self.state, self.parts.cards
        k = s.act_slot[p]
        if k < 0:
            return ""
        return s.row[p][k] if cards[s.row[p][k]].colour == cards[s.act[p][k]].colour else ""

    def _activate(self, p: int) -> None:
        s, cards = self.state, self.parts.cards
        k = s.act_slot[p]
        if k < 0:
            s.turn += 1
            return
        above, below = s.row[p][k], s.act[p][k]
        if cards[above].colour != cards[below].colour:
            self.emit("act.match", f"{self._name(p)}: {below} ({cards[below].colour}) under {above} "
                      f"({cards[above].colour}): colours differ, nothing is activated.", player=p)
            s.turn += 1
            return
        self.emit("act.match", f"{self._name(p)} activates {above} ({cards[above].colour}) with {below}.",
                  player=p, card=above)
        self._start_ability(p, above, "act")

    def _end_round(self) -> None:
        s = self.state
        if s.round < ROUNDS_PER_ERA.value:
            self.emit("era.end-check", f"Action rows hold {', '.join(str(len(r)) for r in s.row)} cards: a new "
                      "round.")
            s.round += 1
            s.loc_discard.extend(s.loc_shown)
            s.loc_shown = []
            self._reveal_locations()
            self._start_locations()
            return
        self.emit("era.end-check", f"The action rows hold {ROW_FULL.value} cards: era {s.era} ends with Phase F.")
        self._score_citizens()
        self._attract()
        s.phase, s.queue, s.turn = BONUS, list(s.initiative), 0

    def _score_citizens(self) -> None:
        for rank, p in enumerate(self.torch_order()):
            ip, barrel = C.influence_from_citizens(self.players, rank, self.on_paths(p))
            self._gain_ip(p, ip, "score.citizens", f"torch rank {rank + 1}, {self.on_paths(p)} citizens on the paths")
            for _ in range(barrel):
                self._barrel(p)

    def _attract(self) -> None:
        for p in self.state.initiative:
            r = self.resources(p)
            n = C.attracted(r["horse"], r["cart"])
            if n:
                self.emit("score.attract", f"{self._name(p)}: {r['horse']} horses and {r['cart']} carts attract "
                          f"{n} citizen{'s' if n != 1 else ''}.", player=p)
            for _ in range(n):
                self._gain_citizen(p, "score.attract")

    def _tile_options(self, p: int) -> list[Action]:
        s = self.state
        return [self._act("bonus", t) for t in s.tiles_shown if self.parts.tiles[t].cost <= s.personal[p]]

    def _start_wine(self) -> None:
        s = self.state
        s.phase, s.queue, s.turn = POUR, list(s.initiative), 0

    def _make_wine(self, p: int, first: str) -> None:
        s = self.state
        grapes = self.resources(p)
        cellar = self.parts.cellars[s.cellar[p]]
        result = pour(cellar.values, s.barrel[p], grapes["white"], grapes["red"], first)
        barrels = [[b.space, b.value, b.colour, b.fill, b.ip] for b in result.barrels]
        self.emit("wine.order", f"{self._name(p)} makes wine from {grapes['white']} white and {grapes['red']} red "
                  f"grapes, marker on barrel {s.barrel[p] + 1} of cellar {cellar.id}: "
                  + ("; ".join(result.explain())), player=p, barrels=barrels, white=grapes["white"],
                  red=grapes["red"], marker=s.barrel[p], cellar=cellar.id)
        self._gain_ip(p, result.ip, "wine.score", "wine")

    def _end_era(self) -> None:
        s = self.state
        if s.era >= ERAS.value:
            self._final_scoring()
            return
        for p in range(self.players):
            covered = [c for c, under in zip(s.row[p], s.act[p], strict=True) if under]
            s.discard.extend(covered)
            s.discard.extend(c for c in s.act[p] if c)
            s.row[p] = [c for c, under in zip(s.row[p], s.act[p], strict=True) if not under]
            extra = len(s.row[p]) - ROW_START.value
            if extra > 0:  # fewer than 4 cards were covered (a short hand): the oldest uncovered cards go too
                s.discard.extend(s.row[p][:extra])
                self.emit("decision.short-hand", f"{self._name(p)} covered fewer than 4 cards this era: the "
                          f"{extra} leftmost uncovered card{'s are' if extra != 1 else ' is'} discarded too, so "
                          f"{ROW_START.value} stay.", player=p)
                s.row[p] = s.row[p][extra:]
            s.act[p] = [""] * len(s.row[p])
            if s.taverns[p]:
                s.loc_discard.extend(s.taverns[p])
                self.emit("location.tavern", f"{self._name(p)} discards the tavern.", player=p)
                s.taverns[p] = []
        s.act_slot = [-1] * self.players  # the activation cards are gone with the era
        self.emit("era.discard", "Covered action-row cards and the activation rows are discarded; rows keep "
                  + ", ".join(str(len(r)) for r in s.row) + " cards.")
        self._pass_cellars()
        s.era += 1
        s.round = 1
        self.emit("era.marker", f"The era marker moves to era {s.era}.")
        s.tiles_gone.extend(s.tiles_shown)
        s.tiles_shown = []
        self._reveal_tiles()
        s.loc_discard.extend(s.loc_shown)
        s.loc_shown = []
        self._reveal_locations()
        self._start_locations()

    def _pass_cellars(self) -> None:
        s, n = self.state, self.players
        if n == 2 and s.era == 2:
            old = list(s.cellar)
            s.cellar_pool.sort()
            fresh = []
            for _ in range(n):
                fresh.append(s.cellar_pool.pop(self.rng.below(len(s.cellar_pool))))
            s.cellar = fresh
            s.cellar_pool = sorted(s.cellar_pool + old)
            self.emit("era.cellars-2p", "Each player draws a new cellar at random from the unused ones: "
                      + ", ".join(f"{self._name(p)} {fresh[p]}" for p in range(n)), cellars=fresh)
            return
        s.cellar = [s.cellar[(p - 1) % n] for p in range(n)]
        self.emit("era.cellars-2p" if n == 2 else "era.cellars", "Cellars are passed to the left: " + ", ".join(
            f"{self._name(p)} now has {s.cellar[p]}" for p in range(n)) + " (barrel markers keep their spaces).",
            cellars=list(s.cellar))

    def _final_scoring(self) -> None:
        s, parts, n = self.state, self.parts, self.players
        rows = []
        for p in range(n):
            built = len(s.windows[p])
            window_ip = rightmost_value(parts.window_final, built)
            self._gain_ip(p, window_ip, "final.windows", f"rightmost of {built} windows")
            cross_rep = CROSS_REPUTATION.value.get(s.cross[p], 0)
            if cross_rep:
                s.reputation[p] += cross_rep
                self.emit("final.cross", f"{self._name(p)}: cross at level {s.cross[p]}, +{cross_rep} reputation.",
                          player=p)
            rows.append([window_ip, cross_rep])
        for k, path in enumerate(s.paths):
            awards = C.path_reputation(path, n)
            ranking = C.path_ranking(path, n)
            for p in range(n):
                if awards[p]:
                    s.reputation[p] += awards[p]
                    self.emit("final.paths", f"{self._name(p)}: place {ranking.index(p) + 1} on the {PATHS[k]} path, "
                              f"+{awards[p]} reputation.", player=p, path=PATHS[k])
                rows[p].append(awards[p])
        for p in range(n):
            multiplier = parts.multiplier[s.shield[p] - 1]
            rep_ip = s.reputation[p] * multiplier
            self._gain_ip(p, rep_ip, "final.reputation", f"{s.reputation[p]} reputation × {multiplier}")
            left = (s.personal[p] + len(s.hand[p])) * LEFTOVER_IP.value
            self._gain_ip(p, left, "final.leftovers", f"{s.personal[p]} citizens and {len(s.hand[p])} cards left")
            rows[p] += [s.reputation[p], rep_ip, left, s.ip[p]]
        s.final = rows
        s.phase, s.queue, s.turn = OVER, [], 0
        outcome = self.outcome()
        assert outcome is not None
        self.emit("final.winner", "Game over. " + " and ".join(self._name(p) for p in outcome.winners)
                  + (" win" if len(outcome.winners) > 1 else " wins") + f" with {max(s.ip)} IP.",
                  winners=list(outcome.winners), scores=list(s.ip))

    # ------------------------------------------------------------------ the Game hooks
    def _decider(self) -> int:
        """The seat that decides now: the one resolving an ability, else the next in this step's queue."""
        s = self.state
        return s.ab_player if s.ab_player >= 0 else s.queue[s.turn]

    def pending(self) -> Decision | None:
        if self.state.phase == OVER:
            return None
        p = self._decider()
        return Decision(p, self.state.phase, self._prompt(p))

    def _prompt(self, p: int) -> str:
        s, who = self.state, self._name(p)
        if s.phase == SETUP_ROW:
            return f"{who}: choose card {len(s.row[p]) + 1} of 3 for your starting action row (secretly)"
        if s.phase == LOCATION:
            return f"{who}: take a revealed location, or draw a card instead"
        if s.phase == COMMIT_ROW:
            return f"{who}: play a card face down to the right end of your action row"
        if s.phase == COMMIT_ACT:
            return f"{who}: play a card face down under an empty position of your activation row"
        if s.phase == DISCARD:
            ability = self._ability(s.ab_source, s.ab_part)
            assert ability is not None
            start = s.ab_atom == 0 and s.ab_left == 0
            what = ability.words()
            return (f"{who}: {s.ab_source} ({what}) – discard to resolve it"
                    + (f" (time {s.ab_rep + 1} of {s.ab_reps}), or stop" if start else ""))
        if s.phase == PATH:
            return f"{who}: put the citizen on the warehouse or the town hall path"
        if s.phase == BONUS:
            return f"{who}: buy a cathedral bonus tile with citizens, or pass"
        if s.phase == POUR:
            return f"{who}: which grapes pour first into the barrels (the IP is the same either way)"
        return who

    @property
    def current_player(self) -> int | None:
        decision = self.pending()
        return None if decision is None else decision.player

    def is_terminal(self) -> bool:
        return self.state.phase == OVER

    def scores(self) -> tuple[int, ...]:
        return tuple(self.state.ip)

    def _tiebreak(self, player: int) -> tuple:
        return (self.state.personal[player],)

    def _legal(self) -> list[Action]:
        s = self.state
        phase = s.phase
        if phase == OVER:
            return []
        p = self._decider()
        if phase == SETUP_ROW or phase == COMMIT_ROW:
            row = self._row_actions
            return [row[c] for c in s.hand[p]]
        if phase == COMMIT_ACT:
            free = [k + 1 for k, c in enumerate(s.act[p]) if not c] + [len(s.row[p]) + 1]
            table, hand = self._activate_actions, s.hand[p]
            return [table[k][c] for k in free for c in hand]
        if phase == LOCATION:
            return [_DRAW] + [self._act("location", x) for x in sorted(s.loc_shown) if self.can_perform(p, x)]
        if phase == DISCARD:
            options = self._discard_options()
            if s.ab_atom == 0 and s.ab_left == 0:
                options.append(_STOP)
            return options
        if phase == PATH:
            return sorted((_PATH[PATHS[k]] for k in self._path_options(p)), key=str)
        if phase == BONUS:
            return sorted(self._tile_options(p), key=str) + [_PASS]
        if phase == POUR:
            return [_POUR["red"], _POUR["white"]]
        return []

    def _why_illegal(self, action: Action) -> str | None:
        s = self.state
        p = self._decider() if s.queue or s.ab_player >= 0 else 0
        verb, args = action.verb, action.args
        if verb == "location" and s.phase == LOCATION and args and args[0] in s.loc_shown:
            return (f"you cannot carry out the main ability of {args[0]} "
                    f"({self.parts.locations[str(args[0])].main.words()}), so you may not choose it")
        if verb in ("row", "activate", "discard") and args and str(args[-1]) not in s.hand[p]:
            return f"{args[-1]} is not a card in your hand"
        if verb == "activate" and s.phase == COMMIT_ACT and args and isinstance(args[0], int):
            return f"position {args[0]} of your activation row is taken or does not exist"
        if verb == "bonus" and s.phase == BONUS and args and args[0] in s.tiles_shown:
            tile = self.parts.tiles[str(args[0])]
            return f"{tile.id} costs {tile.cost} citizens and you have {s.personal[p]} in your personal supply"
        if verb == "stop" and s.phase == DISCARD:
            return "stop is possible only before the first discard of a repetition"
        expected = {SETUP_ROW: "row", COMMIT_ROW: "row", COMMIT_ACT: "activate", LOCATION: "location or draw",
                    DISCARD: "discard", PATH: "path", BONUS: "bonus or pass", POUR: "pour"}.get(s.phase)
        if expected and verb not in expected.split(" or ") + ["stop"]:
            return f"now is the {s.phase} step: the actions are '{expected}'"
        return None

    def _apply(self, action: Action) -> None:
        s = self.state
        p = self._decider()
        verb, args = action.verb, action.args
        if s.phase == SETUP_ROW:
            cid = str(args[0])
            s.hand[p].remove(cid)
            s.row[p].append(cid)
            s.act[p].append("")
            if len(s.row[p]) >= ROW_START.value:
                s.turn += 1
        elif s.phase == LOCATION:
            if verb == "draw":
                self.emit("location.draw-instead", f"{self._name(p)} takes no location and draws a card.",
                          player=p)
                self._draw(p, 1, "location.draw-instead")
                s.turn += 1
            else:
                self._take_location(p, str(args[0]))
        elif s.phase in (COMMIT_ROW, COMMIT_ACT):
            self._commit_face_down(p, action)
        elif s.phase == DISCARD:
            if verb == "stop":
                ability = self._ability(s.ab_source, s.ab_part)
                assert ability is not None
                self.emit("decision.gains-automatic", f"{self._name(p)} stops {s.ab_source} after {s.ab_rep} "
                          f"of {s.ab_reps} time{'s' if s.ab_reps != 1 else ''}.", player=p)
                self._stop_part()
            else:
                self._pay(p, str(args[0]))
        elif s.phase == PATH:
            self._place_citizen(p, PATHS.index(str(args[0])), "effect.place-citizen")
            s.ab_atom += 1
        elif s.phase == BONUS:
            if verb == "pass":
                self.emit("score.bonus-tile", f"{self._name(p)} takes no bonus tile.", player=p)
            else:
                self._buy_tile(p, str(args[0]))
            s.turn += 1
        elif s.phase == POUR:
            self.emit("decision.wine-first", f"{self._name(p)} pours {args[0]} grapes first.", player=p)
            self._make_wine(p, str(args[0]))
            s.turn += 1
        self._advance()

    def _commit_face_down(self, p: int, action: Action) -> None:
        s = self.state
        if s.phase == COMMIT_ROW:
            cid = str(action.args[0])
            s.hand[p].remove(cid)
            s.commit_row[p] = cid
            self.emit("play.commit", f"{self._name(p)} plays a card face down to the action row.", player=p)
            s.phase = COMMIT_ACT
        else:
            slot, cid = int(action.args[0]), str(action.args[1])
            s.hand[p].remove(cid)
            s.commit_act[p], s.commit_slot[p] = cid, slot
            self.emit("play.commit", f"{self._name(p)} plays a card face down to the activation row.", player=p)
            s.phase = COMMIT_ROW
            s.turn += 1

    def lookahead(self, action: Action, player: int) -> float:
        """The heuristic after ``action``. A face-down play is rated before the reveal: the last play of Phase C
        reveals everyone's cards and runs Phase E in the same step, and rating that would read the other players'
        face-down cards."""
        if self.state.phase in (COMMIT_ROW, COMMIT_ACT):
            twin = self.clone()
            twin._commit_face_down(player, action)
            return twin.heuristic(player)
        return super().lookahead(action, player)

    def _stop_part(self) -> None:
        """The player stops the current ability at the start of a repetition: the part ends, not fully."""
        s = self.state
        if s.ab_part == 0:
            bonus = self._ability(s.ab_source, 1)
            if s.ab_rep < s.ab_reps and bonus is not None:
                self.emit("decision.full-resolution", f"{self._name(s.ab_player)} did not resolve the main ability "
                          "fully: no bonus.", player=s.ab_player)
        s.ab_player, s.ab_source = -1, ""
        self._after_ability()

    def _pay(self, p: int, cid: str) -> None:
        s = self.state
        ability = self._ability(s.ab_source, s.ab_part)
        assert ability is not None
        atom = ability.do[s.ab_atom]
        kind = atom.partition(":")[0]
        if s.ab_left == 0:
            s.ab_left = int(atom.partition(":")[2]) if kind == "discard_same" else 1
        colour = self.parts.cards[cid].colour
        s.hand[p].remove(cid)
        s.discard.append(cid)
        s.ab_left -= 1
        if kind == "discard_same":
            s.ab_colour = colour
        self.emit("effect.discard-same" if kind == "discard_same" else "effect.discard",
                  f"{self._name(p)} discards {cid} ({colour}).", player=p, card=cid)
        if s.ab_left == 0:
            s.ab_atom += 1
            s.ab_colour = ""

    def _take_location(self, p: int, lid: str) -> None:
        s = self.state
        loc = self.parts.locations[lid]
        s.loc_shown.remove(lid)
        self.emit("location.take", f"{self._name(p)} takes {lid} ({loc.name}).", player=p, location=lid)
        if loc.tavern:
            s.taverns[p].append(lid)
            self.emit("location.tavern", f"The tavern stays beside {self._name(p)}'s action row until the end of "
                      f"the era (+{self.parts.tavern_torches} torch).", player=p)
        else:
            s.loc_discard.append(lid)
        self._start_ability(p, lid, LOCATION)

    def _buy_tile(self, p: int, tid: str) -> None:
        s = self.state
        tile = self.parts.tiles[tid]
        s.personal[p] -= tile.cost
        s.common[p] += tile.cost
        s.tiles_shown.remove(tid)
        s.tiles_gone.append(tid)
        self.emit("score.bonus-tile", f"{self._name(p)} returns {tile.cost} citizen{'s' if tile.cost != 1 else ''} "
                  f"and takes bonus tile {tid}.", player=p, tile=tid)
        for atom in tile.do:
            self._gain(p, atom, "decision.tile-free" if atom.startswith("window") else "score.bonus-tile")

    # ------------------------------------------------------------------ what players see
    def _observe(self, player: int | None) -> dict[str, Any]:
        s, n = self.state, self.players
        secret_rows = s.phase == SETUP_ROW
        seats = []
        for p in range(n):
            mine = player == p
            seats.append({
                "seat": p, "colour": SEAT_COLOURS[p], "ip": s.ip[p], "reputation": s.reputation[p],
                "shield": s.shield[p], "hand_limit": self.hand_limit(p),
                "multiplier": self.parts.multiplier[s.shield[p] - 1], "cross": s.cross[p], "barrel": s.barrel[p],
                "cellar": s.cellar[p], "personal": s.personal[p], "common": s.common[p],
                "windows": list(s.windows[p]), "hand_size": len(s.hand[p]),
                "hand": list(s.hand[p]) if mine else None,
                "row": list(s.row[p]) if mine or not secret_rows else None,
                "act": list(s.act[p]) if mine or not secret_rows else None,
                "committed": [bool(s.commit_row[p]), bool(s.commit_act[p])],
                "commit": [s.commit_row[p], s.commit_act[p], s.commit_slot[p]] if mine else None,
                "taverns": list(s.taverns[p]), "resources": self.resources(p) if not secret_rows else None,
                "activated": self.activated(p),
            })
        return {
            "game": self.game_id, "players": n, "era": s.era, "round": s.round, "phase": s.phase,
            "initiative": list(s.initiative), "paths": {PATHS[k]: list(path) for k, path in enumerate(s.paths)},
            "locations": list(s.loc_shown), "location_deck": len(s.loc_deck), "location_discard": len(s.loc_discard),
            "deck": len(s.deck), "discard": list(s.discard), "tiles": list(s.tiles_shown),
            "tiles_left": len(s.tiles_stack), "seats": seats, "final": [list(r) for r in s.final],
            "components": self.parts.name, "pending": None if s.phase == OVER else self._decider(),
        }

    # ------------------------------------------------------------------ bots and checks
    def heuristic(self, player: int) -> float:
        """An estimate of ``player``'s final IP from what they know: IP so far, the final scoring as things stand
        (windows, reputation × multiplier, citizens, hand size), progress on the tracks, this era's wine and
        citizens, and the card this player activated. Other hands, the decks and other players' face-down plays
        are not read, and neither is which cards this player would draw (only how many)."""
        s, parts, p = self.state, self.parts, player
        cellar = parts.cellars[s.cellar[p]]
        grapes = self.resources(p)
        if s.commit_row[p]:  # this player's own face-down card will join the row
            for r in parts.cards[s.commit_row[p]].resources:
                grapes[r] += 1
        value = float(s.ip[p])
        value += rightmost_value(parts.window_final, len(s.windows[p]))
        reputation = s.reputation[p] + CROSS_REPUTATION.value.get(s.cross[p], 0) + 1.5 * min(self.on_paths(p), 2)
        value += reputation * parts.multiplier[s.shield[p] - 1] + 0.5 * reputation
        value += s.personal[p] * 1.2 + len(s.hand[p]) * 0.9
        value += 1.5 * s.shield[p] + 1.0 * s.cross[p] + 0.6 * s.barrel[p]
        value += 0.6 * pour(cellar.values, s.barrel[p], grapes["white"], grapes["red"]).ip
        value += 1.0 * self.on_paths(p) + 0.4 * grapes["torch"] + 0.3 * C.attracted(grapes["horse"], grapes["cart"])
        if s.commit_act[p]:
            value += self._commit_estimate(p)
        return value

    def _commit_estimate(self, p: int) -> float:
        """Rough worth of this round's face-down plays for ``p`` (known only to ``p``)."""
        s, cards = self.state, self.parts.cards
        k = s.commit_slot[p] - 1
        row = s.row[p] + [s.commit_row[p]]
        above = row[k] if 0 <= k < len(row) else ""
        if not above or cards[above].colour != cards[s.commit_act[p]].colour:
            return 0.0
        main = cards[above].main
        return 2.0 * len(main.gains) * max(1, main.times) - 0.9 * len(main.costs)

    def invariant_breaks(self) -> list[str]:
        s, parts, n = self.state, self.parts, self.players
        broken = []
        cards = s.deck + s.discard + [c for h in s.hand for c in h] + [c for r in s.row for c in r] \
            + [c for a in s.act for c in a if c] + [c for c in s.commit_row + s.commit_act if c]
        if sorted(cards) != sorted(parts.cards):
            broken.append(f"assistant cards not conserved ({len(cards)} found, {len(set(cards))} distinct)")
        locs = s.loc_deck + s.loc_discard + s.loc_shown + [x for t in s.taverns for x in t]
        if sorted(locs) != sorted(parts.locations):
            broken.append("location cards not conserved")
        if sum(parts.locations[x].city_gate for x in s.loc_shown) > 1:
            broken.append("more than one city gate showing")
        tiles = s.tiles_stack + s.tiles_shown + s.tiles_gone
        if sorted(tiles) != sorted(parts.tiles):
            broken.append("bonus tiles not conserved")
        if len(s.tiles_shown) > n:
            broken.append("more bonus tiles shown than players")
        for p in range(n):
            who = self._name(p)
            if s.common[p] + s.personal[p] + self.on_paths(p) != parts.citizens_per_colour:
                broken.append(f"{who}: citizens not conserved")
            if min(s.common[p], s.personal[p], s.ip[p], s.reputation[p]) < 0:
                broken.append(f"{who}: a negative count")
            if not 1 <= s.shield[p] <= parts.status_levels or not 1 <= s.cross[p] <= parts.cross_levels:
                broken.append(f"{who}: a marker off its track")
            if not 0 <= s.barrel[p] < len(parts.cellars[s.cellar[p]].values):
                broken.append(f"{who}: barrel marker off the cellar")
            if len(s.windows[p]) > len(parts.window_colours):
                broken.append(f"{who}: more than 9 windows")
            for k, glass in enumerate(s.windows[p]):
                if glass not in ("white", parts.window_colours[k]):
                    broken.append(f"{who}: a {glass} window on a {parts.window_colours[k]} space")
            if len(s.act[p]) != len(s.row[p]):
                broken.append(f"{who}: activation row and action row differ in length")
            if s.phase not in (SETUP_ROW, OVER) and len(s.row[p]) > ROW_FULL.value:
                broken.append(f"{who}: more than 7 cards in the action row")
        if len(set(s.cellar)) != n or set(s.cellar) & set(s.cellar_pool):
            broken.append("a cellar is held twice")
        if s.phase == OVER:
            logged = [0] * n
            for e in self.log:
                if "ip" in e.data:
                    logged[e.data["player"]] += e.data["ip"]
            if logged != s.ip:
                broken.append(f"IP {s.ip} differ from the sum of logged scoring events {logged}")
        return broken
