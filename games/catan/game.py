"""Base Catan (``catan.base``): config checks, set-up, which step is pending, scores, views and invariants.

The decisions are the :class:`~games.core.Step` units of the mechanic modules: :mod:`.settlement`, :mod:`.setup`,
:mod:`.turn`, :mod:`.robber`, :mod:`.trade`, :mod:`.development`; they wait on ``state.stack`` and the kernel runs
the flow (:mod:`games.core.steps`). This module declares them once, starts the next turn when nothing is pending
(``_next_steps``) and checks for a win after every decision (``_after_decision``).

Cities & Knights plugs in by subclassing :class:`CatanGame` (see ``docs/rules_notes/catan.md``, "How Cities & Knights
plugs in"): the hooks are the methods below marked *hook*; it declares its own steps (the base game's with its
own).
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence

from games.core import Action, ConfigError, Outcome, ParameterError, Rng, StepGame, Steps

from . import board, checks, evaluation, hidden, pieces, ratings, search
from .board import Layout, Tables
from .data import rulebook
from .design import Design, base_design, design_for
from .development import DEV_KINDS, VICTORY_POINT, Monopoly, RoadBuilding, YearOfPlenty
from .parameters import PARAMETERS, cross_check, most_points
from .pieces import name
from .robber import Discard, MoveRobber, Steal
from .rules import RULES
from .settlement import SetupSettlement
from .setup import SetupRoad
from .state import (
    ANSWER,
    DISCARD,
    MAIN,
    NOT_ASKED,
    PHASE_NAMES,
    PLAYING,
    SETUP_SETTLEMENT,
    TURN_LIMIT,
    CatanConfig,
    CatanState,
    waiting,
)
from .trade import Answer, Confirm, Offer
from .turn import Main, Production, Roll, declare_if_won, next_turn


class CatanGame(StepGame):
    """Base Catan for 3–4 players (2 as a learning variant)."""

    game_id = "catan.base"
    title = "Catan"
    rules = RULES
    Config = CatanConfig
    min_players = 2
    max_players = 4
    steps = Steps(SetupSettlement(), SetupRoad(), Roll(), Production(), Main(), Discard(), MoveRobber(), Steal(),
                  Offer(), Answer(), Confirm(), RoadBuilding(), YearOfPlenty(), Monopoly())
    hidden_information = True
    #: A lead of 3 (about a settlement and its production) is clear: with the kernel's 10 the search's rewards
    #: barely differed between actions and it played level with greedy (rules notes, "Bots").
    evaluation_scale = 3.0
    #: How the search bot searches Catan (:mod:`.search`: its budget, candidates and evaluation).
    search_settings = search.SETTINGS
    designable = PARAMETERS
    #: The roll that moves the robber: the printed one; a game reads its own (``robber_roll`` parameter), set in
    #: ``_prepare``.
    robber_roll: int = rulebook.ROBBER_ROLL.value
    #: Card kinds by index (hands, bank, rates, offers are flat lists ``[player * width + card]``): the resources,
    #: whose index is that of the terrain producing them; Cities & Knights adds its commodities after them.
    cards: ClassVar[tuple[str, ...]] = rulebook.RESOURCES
    width: ClassVar[int] = len(rulebook.RESOURCES)
    #: Card name -> its index.
    card_index: ClassVar[Mapping[str, int]] = {card: i for i, card in enumerate(rulebook.RESOURCES)}
    #: ``verb CARD`` by card index for the verbs of a decision that name one card (an offer's sides, a discard), and
    #: ``trade GIVE GET`` by (give, get): made once per card set, read whenever such a decision is listed.
    card_verbs: ClassVar[Mapping[str, tuple[Action, ...]]] = {
        verb: pieces.card_actions(verb, rulebook.RESOURCES) for verb in ("give", "want", "discard")}
    trade_table: ClassVar[tuple[tuple[Action, ...], ...]] = pieces.trade_actions(rulebook.RESOURCES)
    #: Card indices in alphabetical order of their names: actions naming a card are listed in this order (sorted).
    card_order: ClassVar[tuple[int, ...]] = tuple(range(len(rulebook.RESOURCES)))
    #: How many cards of each kind the game has (hands + bank): the printed numbers; a game reads its own
    #: (``resource_cards`` parameter), set in ``_prepare``.
    card_totals: tuple[int, ...] = (rulebook.RESOURCE_CARDS.value,) * len(rulebook.RESOURCES)
    #: Groups of card kinds whose counts per hand are public apart (C&K: resources and commodities have other
    #: backs); :mod:`.hidden` deals each group again on its own.
    card_groups: ClassVar[tuple[tuple[int, ...], ...]] = (tuple(range(len(rulebook.RESOURCES))),)
    #: The rule the final points by source are logged with.
    points_rule: ClassVar[str] = "victory.points"
    #: Phases in which somebody other than the player whose turn it is decides.
    out_of_turn: ClassVar[tuple[int, ...]] = (ANSWER, DISCARD)
    #: What a restricted bot of the design lab may be forbidden, by the action's first word(s).
    action_kinds: ClassVar[Mapping[str, str]] = {
        "trade": "never trades with the bank or a harbour (maritime trade)",
        "propose": "never offers a trade to the other players",
        "accept": "never accepts another player's trade offer",
        "buy": "never buys development cards",
        "play": "never plays a development card",
        "play knight": "never plays a knight",
        "city": "never builds a city",
        "settle": "never builds a settlement after the set-up",
        "road": "never builds a road after the set-up (it still places its set-up roads and Road Building's)",
    }

    state: CatanState
    layout: Layout
    tables: Tables
    #: The numbers this game plays with (:mod:`.design`), prepared once per variant from :attr:`params`.
    design: Design

    # ------------------------------------------------------------------ set-up
    def _check_config(self, config: CatanConfig) -> None:
        # the options that are parameters (layout, numbers, points_to_win, ...) were checked against their ranges
        if not self.min_players <= config.players <= self.max_players:
            raise ConfigError(f"Catan takes 3 to 4 players (2 as a learning variant), not {config.players}")
        if not -1 <= config.start_player < config.players:
            raise ConfigError(f"start_player must be -1 (drawn) or a seat 0 to {config.players - 1}")
        reason = self._cross_check()
        if reason:
            raise ParameterError(reason)

    def _cross_check(self) -> str | None:
        """*Hook*: what this game's parameters together make impossible (a cost the bank cannot pay, a target nobody
        can reach), or ``None``."""
        return cross_check(self.params, most_points(self.params))

    def _setup(self) -> CatanState:
        c, n = self.config, self.config.players
        d = self.design
        if n == 2:
            self.emit("decision.two-players", "Two players: the learning variant with the rules of 3-4 players.")
        if c.layout == "beginner":
            layout = board.beginner()
            self.emit("setup.board", "The island is laid out as the starting map for beginners.")
            self.emit("decision.beginner-harbours", "The starting map's harbour kinds come from one public "
                      "transcription, not verified against the printed picture.")
        else:
            layout, corner = board.variable(self.rng, c.numbers, d.terrain_pool, d.tokens, d.harbour_pool)
            self.emit("setup.board", "The 19 terrain hexes and the 9 harbours are shuffled onto the island.")
            if corner >= 0:
                self.emit("setup.numbers-spiral", f"The number tokens go A to R counterclockwise from the corner "
                          f"hex {board.CORNER_HEXES[corner]} to the centre, skipping the desert.",
                          corner=board.CORNER_HEXES[corner])
            else:
                self.emit("setup.numbers-random", "The number tokens are shuffled; no 6 or 8 lies next to another.")
        self._use_layout(layout)
        self.emit("setup.harbours", "Harbours: " + ", ".join(
            f"{board.harbour_name(k, d.generic_rate, d.special_rate)} at path {e}"
            for e, k in zip(board.HARBOUR_EDGES, layout.harbours, strict=True))
            + ".", harbours=list(layout.harbours))
        desert = layout.terrain.index(board.DESERT)
        self.emit("setup.robber", f"The robber starts on the desert (hex {desert}).", hex=desert)
        deck = self._development_deck()
        start = c.start_player if c.start_player >= 0 else self.rng.below(n)
        self.emit("setup.start-player", f"{name(start)} is the start player.", player=start)
        w = self.width
        return self._initial_state(dict(
            terrain=layout.terrain, numbers=layout.numbers, harbours=layout.harbours, robber=desert,
            settlements=[0] * n, cities=[0] * n, roads=[0] * n, built=0, free=board.ALL_NODES,
            open_edges=board.ALL_EDGES, reach=[0] * n, road_ok=[0] * n,
            hands=[0] * (n * w), bank=list(self.card_totals), deck=deck, devs=[0] * (n * DEV_KINDS),
            devs_new=[0] * DEV_KINDS, knights=[0] * n, played=[0] * DEV_KINDS, settlements_left=[d.settlements] * n,
            cities_left=[d.cities] * n, roads_left=[d.roads] * n,
            rates=list(d.start_rates) * n, road_length=[0] * n, longest=-1, army=-1, points=[0] * n,
            start=start, player=start, turn=0, stack=[waiting("setup-settlement", start)], setup_step=0,
            last_settlement=-1, rolled=False, dice=0, dev_played=False, after_robber=MAIN, discard_left=[0] * n,
            victims=0, free_roads=0, plenty_left=0, offers_made=0, offer_give=[0] * w, offer_want=[0] * w,
            answers=[NOT_ASKED] * n, ended=PLAYING, winner=-1))

    def _development_deck(self) -> list[int]:
        """*Hook*: the development cards shuffled face down (C&K has none: its progress decks are dealt in
        ``_initial_state``)."""
        deck = [k for k, count in enumerate(self.design.deck) for _ in range(count)]
        self.rng.shuffle(deck)
        self.emit("setup.deck", f"The {len(deck)} development cards are shuffled face down.")
        return deck

    def _initial_state(self, fields: dict[str, Any]) -> CatanState:
        """*Hook*: the starting state from the base fields (a layer adds its own fields to a state subclass)."""
        return CatanState(**fields)

    #: An upper bound of hidden_points (every victory point card): the printed game's; a game reads its own from its
    #: design (a layer with none has 0).
    _most_hidden: int = rulebook.DEVELOPMENT_CARDS.value["victory-point"] * rulebook.POINTS.value["victory-point"]

    #: The number of players, the config's: a plain attribute (set by ``_prepare``), not the kernel's property, since
    #: nearly every decision reads it.
    players: int = 0  # type: ignore[assignment]

    def _prepare(self) -> None:
        self.players = self._players = self.config.players
        design = self.design = design_for((type(self), self.config.variant), self._design)
        # read on every decision: plain attributes of the game (shared by clones), set only where the variant differs
        # from the class's printed value, so a printed game's clones copy no more than they did
        cls = type(self)
        for attribute, value in (("card_totals", design.card_totals), ("robber_roll", design.robber_roll),
                                 ("_most_hidden", design.most_hidden)):
            if getattr(cls, attribute) != value:
                setattr(self, attribute, value)
        #: The public points from which a player may have won (with every victory point card face down).
        self._may_win_at = self.config.points_to_win - self._most_hidden

    def _design(self) -> Design:
        """*Hook*: the numbers of this game, prepared from its parameters (C&K adds its own)."""
        return base_design(self.params)

    def _use_layout(self, layout: Layout) -> None:
        self.layout = layout
        self.tables = board.tables(layout)

    @classmethod
    def _from_snapshot(cls, config: Any, seed: int, actions: list[Action], snap: Any) -> CatanGame:
        game = super()._from_snapshot(config, seed, actions, snap)
        s = game.state
        game._use_layout(Layout(s.terrain, s.numbers, s.harbours))
        return game

    # ------------------------------------------------------------------ hooks (Cities & Knights overrides these)
    def breakers(self, p: int) -> int:
        """*Hook*: nodes that break ``p``'s roads and block their road building: opponents' settlements and cities
        (C&K adds opponents' knights)."""
        s = self.state
        return s.built & ~(s.settlements[p] | s.cities[p])

    def safe_hand(self, p: int) -> int:
        """*Hook*: the most cards ``p`` may hold on a 7 without discarding (C&K: + 2 per city wall)."""
        return self.config.safe_hand

    def yield_of(self, terrain: int, settlements: int, cities: int) -> tuple[tuple[int, int], ...]:
        """*Hook*: the cards ``settlements`` settlements and ``cities`` cities next to one producing hex of
        ``terrain`` take, as ((card, count), ...) (C&K: a city on mountains takes 1 ore + 1 coin)."""
        return ((terrain, settlements + 2 * cities),)

    def trade_targets(self, give: int, rate: int) -> tuple[int, ...]:
        """*Hook*: the cards a maritime trade of ``give`` at ``rate`` may take, in :attr:`card_order` (base: any
        other resource)."""
        return _OTHER_RESOURCES[give]

    def trade_rule(self, p: int, give: int, rate: int) -> str:
        """*Hook*: the rule a maritime trade follows (C&K adds its guild, merchant and fleet)."""
        return "trade.maritime" if rate == self.design.bank_rate else "trade.harbour"

    def rates_from_scratch(self, p: int) -> list[int]:
        """*Hook*: ``p``'s maritime rate per card, computed from the board (``invariant_breaks`` compares it with the
        maintained ``rates``; C&K adds the Merchant Guild, the merchant and the Merchant Fleet)."""
        return pieces.rates_from_scratch(self, p)

    def free_from_scratch(self) -> int:
        """*Hook*: nodes where a settlement may stand by the distance rule (C&K: and no knight stands)."""
        built = self.state.built
        return sum(board.NODE_BIT[v] for v in range(board.N_NODES) if not built & board.NODE_CLOSE[v])

    def discards_done(self) -> None:
        """*Hook*: every discard for a 7 is made: the roller moves the robber (C&K: not while it is locked, and a
        Saboteur's discards return to the turn)."""
        self.push(waiting("robber", self.state.player))

    def robber_done(self) -> None:
        """*Hook*: the robber has moved and stolen: play resumes at ``after_robber`` (C&K goes on with the roll's
        resolution or the turn)."""
        s = self.state
        self.push(waiting(PHASE_NAMES[s.after_robber], s.player))

    def next_setup_step(self) -> str:
        """*Hook*: the set-up placement that follows a road, a step kind (C&K: a city in the second round)."""
        return "setup-settlement"

    def reduced_cities(self, p: int) -> int:
        """*Hook*: ``p``'s cities reduced to settlements while no settlement piece was left (C&K's barbarians: the
        city piece is laid on its side), which the piece counts allow for."""
        return 0

    def phase_name(self, phase: int) -> str:
        """The name of a phase, for views."""
        return PHASE_NAMES[phase]

    def hidden_points(self, p: int) -> int:
        """*Hook*: points ``p`` holds face down (victory point cards; C&K has none)."""
        return self.state.devs[p * DEV_KINDS + VICTORY_POINT] * self.design.card_points

    def point_sources(self, p: int) -> dict[str, int]:
        """*Hook*: ``p``'s points by source (C&K adds metropolises, Defender of Catan, the merchant...)."""
        s = self.state
        d = self.design
        return {"settlements": d.settlement_points * s.settlements[p].bit_count(),
                "cities": d.city_points * s.cities[p].bit_count(),
                "longest road": d.longest_points if s.longest == p else 0,
                "largest army": d.army_points if s.army == p else 0,
                "victory point cards": self.hidden_points(p)}

    # ------------------------------------------------------------------ the flow's hooks
    def _next_steps(self) -> bool:
        """Nothing is pending after ``end``: the next turn begins, unless the game is over (turn limit)."""
        if self.state.ended:
            return False
        next_turn(self)
        return True

    def _after_decision(self) -> None:
        s = self.state
        # cheap test first: public points + at most every victory point card (victory.declare)
        if s.turn and s.points[s.player] >= self._may_win_at:
            declare_if_won(self)

    @property
    def current_player(self) -> int | None:
        """The player whose turn it is (who decides may be another: a discard, an answer to an offer)."""
        return self.state.player if self.state.stack else None

    # ------------------------------------------------------------------ scores
    def total_points(self) -> list[int]:
        """Every player's points, face-down ones included (the teacher's and the end's view)."""
        return [self.state.points[p] + self.hidden_points(p) for p in range(self.players)]

    def scores(self) -> tuple[int, ...]:
        """Points everybody can see; face-down victory point cards count only once the game is over
        (``decision.hidden-points``)."""
        if self.is_terminal():
            return tuple(self.total_points())
        return tuple(self.state.points)

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        s = self.state
        scores = tuple(self.total_points())
        if s.ended == TURN_LIMIT:
            best = max(scores)
            winners = tuple(p for p in range(self.players) if scores[p] == best)
            return Outcome(winners, f"the turn limit ({self.config.turn_limit}) was reached: most points wins",
                           scores)
        return Outcome((s.winner,), f"{name(s.winner)} reached {self.config.points_to_win} points on their turn",
                       scores)

    def heuristic(self, player: int) -> float:
        return evaluation.heuristic(self, player)

    def terms(self, player: int) -> dict[str, float]:
        return evaluation.terms(self, player)

    # ------------------------------------------------------------------ the design lab's views (reading the state)
    def round_number(self) -> int:
        """Rounds begun: 0 during the set-up, then one more each time every seat has had a turn (from the turn
        counter: turns 1 to ``players`` are round 1)."""
        turn = self.state.turn
        return (turn - 1) // self._players + 1 if turn else 0

    def standings(self) -> tuple[float, ...]:
        """Each seat's victory points so far, face-down victory point cards included (the lab sees the whole table;
        the points come all through the game, so the points are the standing)."""
        return tuple(float(x) for x in self.total_points())

    def series(self) -> dict[str, Any]:
        """Per seat: victory points (face-down cards included), resource cards in hand, the longest road's length,
        development cards held and knights played; the bank's cards."""
        s, n, w = self.state, self._players, self.width
        hands = s.hands
        return {"points": self.standings(),
                "resource_cards": tuple(float(sum(hands[p * w:p * w + w])) for p in range(n)),
                "road_length": tuple(float(x) for x in s.road_length),
                "development_cards": tuple(float(sum(s.devs[p * DEV_KINDS:(p + 1) * DEV_KINDS])) for p in range(n)),
                "knights": tuple(float(x) for x in s.knights),
                "bank": float(sum(s.bank))}

    def lookahead(self, action: Action, player: int) -> float:
        return evaluation.lookahead(self, action, player)

    def lookaheads(self, actions: Sequence[Action], player: int) -> list[float]:
        return ratings.lookaheads(self, actions, player)

    # ------------------------------------------------------------------ views and checks
    def _observe(self, player: int | None) -> dict[str, Any]:
        return checks.observe(self, player)

    def invariant_breaks(self) -> list[str]:
        return checks.invariant_breaks(self)

    #: Random play's weight per verb (:meth:`random_weights`; a verb not named weighs 1). Uniform random players
    #: spend half their decisions composing trade offers and end most turns before building: games of 2,000-2,900
    #: decisions that rarely end by points. Building, buying and playing cards weigh more than composing trades and
    #: ending the turn, so random games end by points in a few hundred decisions and every decision is still reached.
    random_play: ClassVar[dict[str, int]] = {
        "settle": 200, "city": 200, "road": 25, "buy": 100, "play": 100, "roll": 30, "trade": 3, "propose": 1,
        "end": 25, "give": 2, "want": 2, "ask": 6, "withdraw": 3}
    #: ... and the weights of a maritime trade and of ending the turn for a player holding more than a safe hand.
    random_play_full_hand: ClassVar[dict[str, int]] = {"trade": 36, "end": 3}
    #: ... and of a maritime trade after which a settlement, a city or a development card is affordable.
    random_play_useful_trade: ClassVar[int] = 200
    #: ... and of a road after the roll, as (one ending at a free site, another): while no free site is in the player's
    #: reach, then once one is.
    random_play_roads: ClassVar[tuple[tuple[int, int], ...]] = ((60, 10), (3, 3))

    def random_weights(self, legal: Sequence[Action]) -> list[int]:
        """Random play's weights (the fuzz's policy): by verb (:attr:`random_play`), set-up sites by their pips, roads
        towards free sites, and maritime trades that make a build affordable."""
        s = self.state
        if s.phase == SETUP_SETTLEMENT:  # a site's pips: the first two settlements decide how much comes in
            pips = self.tables.pips
            return [1 + sum(pips[h] for h in board.NODE_HEXES[int(a.args[0])]) for a in legal]
        weight = self.random_play
        if s.phase != MAIN:
            return [weight.get(a.verb, 1) for a in legal]
        p, w = s.player, self.width
        hand = s.hands[p * w:p * w + w]
        if sum(hand) > self.safe_hand(p):
            weight = {**weight, **self.random_play_full_hand}
        # a road towards a free site weighs more, any road less while a site is in reach already (save for it)
        toward, other = self.random_play_roads[bool(s.free & s.reach[p])]
        goals = [can for can in self.design.goals if not can(hand)]  # what the hand cannot pay for yet
        cards, rates = self.cards, s.rates
        out = []
        for a in legal:
            verb = a.verb
            if verb == "road":
                out.append(toward if board.EDGE_END_MASK[int(a.args[0])] & s.free else other)
                continue
            if verb == "trade" and goals:
                g, r = cards.index(str(a.args[0])), cards.index(str(a.args[1]))
                after = hand.copy()
                after[g] -= rates[p * w + g]
                after[r] += 1
                if any(can(after) for can in goals):
                    out.append(self.random_play_useful_trade)
                    continue
            out.append(weight.get(verb, 1))
        return out

    def redeal(self, viewer: int | None, rng: Rng) -> CatanGame:
        """Deal again what ``viewer`` cannot see (:mod:`.hidden`)."""
        return hidden.redeal(self, viewer, rng)


_N = len(rulebook.RESOURCES)
_OTHER_RESOURCES = tuple(tuple(r for r in range(_N) if r != g) for g in range(_N))

__all__ = ["CatanConfig", "CatanGame", "CatanState", "pieces"]
