"""Chartres for 2–4 players: 3 eras of 4 rounds, then final scoring.

Decisions, in the order a game asks them (``pending().kind``), and the module that says how each works:

* ``setup-row`` (:mod:`.setup`) – ``row CARD`` three times: the starting action row, chosen secretly from the 6
  dealt cards;
* ``location`` (:mod:`.locations`, Phase A, by torches) – ``location ID`` takes a revealed location, ``draw``
  draws a card instead;
* ``commit-row`` / ``commit-act`` (:mod:`.play`, Phase C, secretly, in initiative order) – ``row CARD`` plays a
  card to the right end of the action row, then ``activate SLOT CARD`` plays one under position SLOT (1 =
  leftmost);
* ``discard`` / ``resolve`` / ``path`` (:mod:`.resolution`, while an ability is resolved) – ``discard CARD`` pays a
  cost (at the start of a repetition that costs cards, ``stop`` ends the ability instead, except the first time of a
  location's main ability); ``resolve`` carries out a repetition or a bonus that costs nothing and is the player's
  choice, ``stop`` ends the ability instead; ``path warehouse|townhall`` when a citizen could go on either path;
* ``bonus`` (:mod:`.scoring`, Phase F) – ``bonus TILE`` buys a cathedral bonus tile with citizens, ``pass`` does not;
* ``pour`` (:mod:`.wine_making`, Phase F) – ``pour white|red``: which colour pours first when both fill a barrel of
  one kind.

Everything else happens by itself and is logged with the rule that caused it: Phase B (:class:`.play.PhaseB`),
Phase E (:class:`.actions.Activation`), Phase F's scoring (:class:`.scoring.PhaseF`), the wine
(:class:`.wine_making.MakeWine`) and the end of an era (:class:`.era_end.EraEnd`) are automatic steps of their
modules; the reveal, the first time of a main ability that must be carried out, the gains inside a repetition and
track bonuses with their chain reactions are parts of the effects that lead to them.

The flow is the kernel's (:mod:`games.core.steps`): what is pending waits on ``state.stack``; when it runs empty
the next seat's turn of the round's step is pushed (:func:`.decisions.next_turn`). This module sets the game up,
scores it, shows it and checks it; it does not know how any decision works.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from games.core import Action, ConfigError, DataError, Rng, StepGame, Steps, seat_label

from . import (
    actions,
    citizens,
    decisions,
    era_end,
    evaluation,
    locations,
    parameters,
    play,
    resolution,
    scoring,
    search,
    setup,
    wine_making,
)
from .abilities import Ability
from .components import Components, load_components
from .data import rulebook
from .decisions import card_actions
from .parameters import Numbers
from .rules import RULES
from .state import OVER, SETUP_ROW, ChartresConfig, ChartresState, Pending

#: Every step of the game, by kind: the decisions of the round's steps, those of an ability, then the steps nobody
#: decides.
STEPS = Steps(setup.StartingRow(), locations.ChooseLocation(), play.COMMIT_ROW_STEP, play.COMMIT_ACT_STEP,
              scoring.BuyTile(), wine_making.PourFirst(), resolution.Discard(), resolution.Resolve(), resolution.Path(),
              play.PhaseB(), actions.Activation(), scoring.PhaseF(), wine_making.MakeWine(),
              era_end.EraEnd())


class ChartresGame(StepGame):
    """Chartres (see the module docstring for the decisions)."""

    game_id = "chartres.game"
    title = "Chartres"
    rules = RULES
    Config = ChartresConfig
    min_players = 2
    max_players = 4
    hidden_information = True
    steps = STEPS
    #: How the search bot searches Chartres (:mod:`.search`: its budget and evaluation).
    search_settings = search.SETTINGS

    #: What a restricted bot of the design lab may be forbidden, by action-text prefix. Windows, wine and the
    #: tracks come from abilities, not from verbs of their own: "discard" (every window of a card or a location is
    #: paid with cards) and "location" are the nearest.
    action_kinds: ClassVar[Mapping[str, str]] = {
        "location": "never takes a location in Phase A (always draws instead)",
        "draw": "never draws a card instead of taking a location",
        "discard": "never pays cards for an ability, so builds windows only from bonus tiles and printed bonuses",
        "resolve": "never carries out a repetition or bonus that is its choice and costs nothing",
        "stop": "never stops an ability it may go on with",
        "bonus": "never buys a cathedral bonus tile",
        "path townhall": "never puts a citizen on the town hall path when it may choose",
        "path warehouse": "never puts a citizen on the warehouse path when it may choose",
    }

    designable = parameters.PARAMETERS
    state: ChartresState
    parts: Components
    #: The rule-text numbers of this game (the variant's, for its player count).
    numbers: Numbers
    row_actions: dict[str, Action]  # ``row CARD`` by card
    activate_actions: list[dict[str, Action]]  # ``activate SLOT CARD`` by slot, then card
    waiting: dict[str, tuple[Pending, ...]]  # the stack record by step kind, then seat
    abilities: dict[str, tuple[Ability, Ability | None]]  # (main, bonus) by card or location id

    # ------------------------------------------------------------------ setup
    def _check_config(self, config: ChartresConfig) -> None:
        self._check_players(config, "Chartres")
        try:
            load_components(config.components)
            parts, _ = parameters.prepare(config.components, config.players, config.variant, self.params)
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
        config = self.config
        # the component set and the rule numbers, the variant's changes applied (cached, shared by clones)
        self.parts, self.numbers = parameters.prepare(config.components, config.players, config.variant, self.params)
        # the actions that name a card, shared by every game of this component set
        self.row_actions, self.activate_actions = card_actions(self.parts, self.numbers.row_full)
        #: (main ability, bonus ability or ``None``) of each card and location by id, a card's id first (what
        #: ``resolution.part`` reads at every step of an ability).
        self.abilities = decisions.ability_table(self.parts)
        #: The stack record of each step for each seat (see :func:`.decisions.waiting_table`).
        self.waiting = decisions.waiting_table(self.steps, config.players)
        #: An action row's resource icons by its cards (see :meth:`resources`).
        self._row_resources: dict[tuple[str, ...], dict[str, int]] = {}
        #: The wine's IP by cellar, barrel marker and grapes (``evaluation._wine_ip``), shared with clones.
        self.wine_kept: dict[tuple[str, int, int, int], int] = {}

    def _setup(self) -> ChartresState:
        return setup.set_up(self)

    #: Nothing is pending: the next seat's turn of the round's step, or what follows the last turn.
    _next_steps = decisions.next_turn

    def scores(self) -> tuple[int, ...]:
        return tuple(self.state.ip)

    def _tiebreak(self, player: int) -> tuple:
        return (self.state.personal[player],)

    # ------------------------------------------------------------------ the design lab's hooks
    def round_number(self) -> int:
        """Rounds begun, counted across the eras: era 2, round 1 is round ``rounds_per_era + 1``."""
        s = self.state
        return (s.era - 1) * self.numbers.rounds_per_era + s.round

    def standings(self) -> tuple[float, ...]:
        """Each seat's estimate of its final IP (:func:`.evaluation.heuristic`): most IP come at the end (windows,
        reputation × multiplier, leftovers), and the estimate names the final winner more often than the IP so far
        from the first era on (measured in the rules notes, "Designable parameters")."""
        if self.state.phase == OVER:
            return tuple(float(ip) for ip in self.state.ip)
        return tuple(evaluation.heuristic(self, p) for p in range(self.players))

    def series(self) -> dict[str, Any]:
        """IP per seat; the wine (the barrel marker's cellar space, 1 = leftmost), the citizens (personal supply,
        on the paths), the hand, the windows built, reputation, the shield's status level; the era."""
        s, seats = self.state, range(self.players)
        return {"ip": tuple(float(ip) for ip in s.ip), "barrel": tuple(float(b + 1) for b in s.barrel),
                "citizens": tuple(float(c) for c in s.personal),
                "on_paths": tuple(float(self.on_paths(p)) for p in seats),
                "hand": tuple(float(len(h)) for h in s.hand), "windows": tuple(float(len(w)) for w in s.windows),
                "reputation": tuple(float(r) for r in s.reputation), "shield": tuple(float(x) for x in s.shield),
                "era": float(s.era)}

    # ------------------------------------------------------------------ what the views and the steps ask
    def hand_limit(self, p: int) -> int:
        return self.parts.hand_limit[self.state.shield[p] - 1]

    def resources(self, p: int) -> dict[str, int]:
        """Resource icons in ``p``'s action row (plus the placeholder tavern torches)."""
        row = tuple(self.state.row[p])
        in_row = self._row_resources.get(row)
        if in_row is None:  # rows repeat all game long: each is counted once (the cache is shared with clones)
            cards = self.parts.cards
            # A row grows by one card a round: the row without its last card was most often counted already.
            known = self._row_resources.get(row[:-1]) if row else None
            if known is not None:
                in_row = dict(known)
                new = (row[-1],)
            else:
                in_row = {"torch": 0, "horse": 0, "cart": 0, "white": 0, "red": 0}
                new = row
            for cid in new:
                for r in cards[cid].resources:
                    in_row[r] += 1
            self._row_resources[row] = in_row
        counts = dict(in_row)
        counts["torch"] += self.parts.tavern_torches * len(self.state.taverns[p])
        return counts

    def resource(self, p: int, kind: str) -> int:
        """``resources(p)[kind]``, one count without the copy of the whole table."""
        in_row = self._row_resources.get(tuple(self.state.row[p]))
        if in_row is None:
            return self.resources(p)[kind]
        if kind == "torch":
            taverns = self.state.taverns[p]
            return in_row["torch"] + self.parts.tavern_torches * len(taverns) if taverns else in_row["torch"]
        return in_row[kind]

    def torch_order(self) -> list[int]:
        resource = self.resource
        return citizens.torch_order([resource(p, "torch") for p in range(len(self.state.ip))], self.state.initiative)

    def on_paths(self, p: int) -> int:
        return sum(path.count(p) for path in self.state.paths)

    def activated(self, p: int) -> str:
        """The action-row card ``p`` activated this round ("" for none)."""
        return actions.activated(self, p)

    def can_perform(self, p: int, source: str) -> bool:
        """Whether ``p`` could carry out the main ability of a card or location now (location.must-perform)."""
        return resolution.can_perform(self, p, source)

    # ------------------------------------------------------------------ what players see
    def _observe(self, player: int | None) -> dict[str, Any]:
        s, n = self.state, self.players
        secret_rows = s.phase == SETUP_ROW
        top = s.stack[-1] if s.stack else None
        seats = []
        for p in range(n):
            mine = player == p
            seats.append({
                "seat": p, "ip": s.ip[p], "reputation": s.reputation[p],
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
            # the phase shown is the pending decision's kind (while an ability waits: discard, resolve or path)
            "game": self.game_id, "players": n, "era": s.era, "round": s.round,
            "phase": s.phase if top is None else top.kind,
            "initiative": list(s.initiative),
            "paths": {rulebook.PATHS[k]: list(path) for k, path in enumerate(s.paths)},
            "locations": list(s.loc_shown), "location_deck": len(s.loc_deck), "location_discard": len(s.loc_discard),
            "deck": len(s.deck), "discard": list(s.discard), "tiles": list(s.tiles_shown),
            "tiles_left": len(s.tiles_stack), "seats": seats, "final": [list(r) for r in s.final],
            "components": self.parts.name, "pending": None if top is None else top.player,
        }

    # ------------------------------------------------------------------ bots and checks
    def heuristic(self, player: int) -> float:
        return evaluation.heuristic(self, player)

    def terms(self, player: int) -> dict[str, float]:
        return evaluation.terms(self, player)

    def redeal(self, viewer: int | None, rng: Rng) -> ChartresGame:
        return evaluation.redeal(self, viewer, rng)

    def lookahead(self, action: Action, player: int) -> float:
        return evaluation.lookahead(self, action, player)

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
            broken += self._seat_breaks(p)
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

    def _seat_breaks(self, p: int) -> list[str]:
        s, parts, who = self.state, self.parts, seat_label(p)
        broken = []
        if s.common[p] + s.personal[p] + self.on_paths(p) != parts.citizens_per_colour:
            broken.append(f"{who}: citizens not conserved")
        if min(s.common[p], s.personal[p], s.ip[p], s.reputation[p]) < 0:
            broken.append(f"{who}: a negative count")
        if not 1 <= s.shield[p] <= parts.status_levels or not 1 <= s.cross[p] <= parts.cross_levels:
            broken.append(f"{who}: a marker off its track")
        if not 0 <= s.barrel[p] < len(parts.cellars[s.cellar[p]].values):
            broken.append(f"{who}: barrel marker off the cellar")
        if len(s.windows[p]) > len(parts.window_colours):
            broken.append(f"{who}: more than {len(parts.window_colours)} windows")
        for k, glass in enumerate(s.windows[p]):
            if glass not in ("white", parts.window_colours[k]):
                broken.append(f"{who}: a {glass} window on a {parts.window_colours[k]} space")
        if len(s.act[p]) != len(s.row[p]):
            broken.append(f"{who}: activation row and action row differ in length")
        if s.phase not in (SETUP_ROW, OVER) and len(s.row[p]) > self.numbers.row_full:
            broken.append(f"{who}: more than {self.numbers.row_full} cards in the action row")
        return broken
