"""Cities & Knights (``catan.cities_knights``): the base game's engine with the hooks of ``docs/rules_notes/catan.md``
("How Cities & Knights plugs in") filled in, and the steps of the expansion's mechanics.

This module declares the steps (the base game's with the expansion's) and fills the base game's hooks; the rules
live in the mechanic modules:
:mod:`.setup`, :mod:`.dice`, :mod:`.flow`, :mod:`.barbarians`, :mod:`.knights`, :mod:`.walls`, :mod:`.commodities`,
:mod:`.improvements`, :mod:`.metropolis`, :mod:`.progress` with :mod:`.science`, :mod:`.trade_cards` and
:mod:`.politics`, :mod:`.merchant`, :mod:`.main`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence

from games.catan import board, pieces
from games.catan.data import ck_rulebook, rulebook
from games.catan.game import CatanGame
from games.catan.state import ANSWER, DISCARD, waiting
from games.core import Action, Rng, Steps

from . import checks, commodities, evaluation, flow, hidden, knights, ratings, search
from .barbarians import Commit, DefenderDraw, Pillage
from .design import CKDesign, ck_design
from .dice import Alchemy, Aqueduct, CKRoll
from .flow import CardDone, Resume, RollOn
from .main import CKMain
from .merchant import PlaceMerchant
from .metropolis import PlaceMetropolis
from .parameters import PARAMETERS, cross_check
from .politics import CKMoveRobber, Desert, DesertPlace, DiplomatRemove, DiplomatRoad, IntriguePick
from .progress import FifthCard, Give, HandLimit, Take, Target
from .rules import CK_RULES
from .science import CKRoadBuilding, EngineerWall, InventorSwap, MedicineCity, SmithPromote
from .setup import SetupCity
from .state import (
    AQUEDUCT,
    BISHOP,
    CARD_KINDS,
    CARD_ORDER,
    CARDS,
    CHOOSE_DRAW,
    CK_PHASE_NAMES,
    COMMIT,
    COMMODITY_ORDER,
    DESERT,
    DONE,
    GIVE,
    LIMIT,
    NO_BATTLE,
    PILLAGE,
    RESOURCE_KINDS,
    RESOURCE_ORDER,
    RETREAT,
    SABOTEUR,
    SEVEN,
    TRACKS,
    CKConfig,
    CKState,
)
from .trade_cards import NameCard

#: The base game's steps this game replaces (roll, main, robber, road building) or has not (production, the
#: development cards').
_REPLACED = ("roll", "production", "main", "robber", "road-building", "year-of-plenty", "monopoly")
STEPS = Steps(*(step for kind, step in CatanGame.steps.items() if kind not in _REPLACED),
              SetupCity(), CKRoll(), CKMain(), CKMoveRobber(), CKRoadBuilding(), Alchemy(), Commit(), Pillage(),
              DefenderDraw(), Aqueduct(), FifthCard(), HandLimit(), PlaceMetropolis(), knights.Retreat(),
              InventorSwap(), EngineerWall(), MedicineCity(), SmithPromote(), Target(), Give(), Take(),
              PlaceMerchant(), NameCard(), Desert(), DesertPlace(), DiplomatRemove(), DiplomatRoad(), IntriguePick(),
              Resume(), CardDone(), RollOn())


class CKGame(CatanGame):
    """Catan: Cities & Knights for 3–4 players."""

    game_id = "catan.cities_knights"
    title = "Catan: Cities & Knights"
    rules = CK_RULES
    Config = CKConfig
    min_players = 3
    max_players = 4
    steps = STEPS
    cards = CARDS
    width = CARD_KINDS
    card_order = CARD_ORDER
    card_index = {card: i for i, card in enumerate(CARDS)}
    card_verbs = {verb: pieces.card_actions(verb, CARDS) for verb in ("give", "want", "discard")}
    trade_table = pieces.trade_actions(CARDS)
    card_totals = (rulebook.RESOURCE_CARDS.value,) * len(rulebook.RESOURCES) + \
        (ck_rulebook.COMMODITY_CARDS.value,) * len(ck_rulebook.COMMODITIES)
    card_groups = (RESOURCE_ORDER, COMMODITY_ORDER)
    out_of_turn = (ANSWER, DISCARD, COMMIT, PILLAGE, CHOOSE_DRAW, AQUEDUCT, LIMIT, RETREAT, GIVE, DESERT)
    points_rule = "ck-victory.points"
    _most_hidden = 0
    #: What a restricted bot of the design lab may be forbidden, by the action's first word(s).
    action_kinds: ClassVar[Mapping[str, str]] = {
        "trade": "never trades with the bank or a harbour (maritime trade)",
        "propose": "never offers a trade to the other players",
        "accept": "never accepts another player's trade offer",
        "wall": "never builds a city wall (it may still place one with the Engineer)",
        "knight": "never builds a knight (it may still place one with the Deserter)",
        "activate": "never activates a knight (it may still play the Warlord)",
        "promote": "never promotes a knight (it may still play the Smith)",
        "improve": "never improves a city",
        "city": "never builds a city after the set-up",
        "play": "never plays a progress card",
        "chase": "never chases the robber with a knight",
        "displace": "never displaces another player's knight",
    }
    #: How many points make a clear lead for the search bot's rating (of 13 to win).
    evaluation_scale = 3.0
    #: How the search bot searches Cities & Knights (:mod:`.search`: its budget, candidates and evaluation).
    search_settings = search.SETTINGS
    designable = PARAMETERS
    #: The main options last listed (:meth:`.main.CKMain.options`): the state, the player, the offers made, the
    #: actions taken then, and the options. A trade offer that comes to nothing changes none of them but the
    #: proposal; in random play a quarter of the main decisions come back after one. Never kept by hand changes.
    main_listed: tuple[Any, ...] | None = None
    #: The parts after each action of the last decision rated from parts (:class:`.position.Position`): the state,
    #: the seat, the actions taken then, and the parts by action. Never kept by hand changes.
    rated_after: tuple[Any, ...] | None = None

    state: CKState
    design: CKDesign

    def _check_config(self, config: CKConfig) -> None:
        # the switches (saboteur, fifth_card, ...) are parameters: checked against their choices already; the
        # player count first, in this game's words (base Catan's sentence speaks of its 2-player learning variant)
        self._check_players(config, "Cities & Knights")
        super()._check_config(config)

    def _cross_check(self) -> str | None:
        return cross_check(self.params)

    def _design(self) -> CKDesign:
        return ck_design(self.params)

    # ------------------------------------------------------------------ set-up
    def _development_deck(self) -> list[int]:
        return []

    def _initial_state(self, fields: dict[str, Any]) -> CKState:
        n = self.players
        decks = []
        for pile in self.design.decks:
            deck = list(pile)
            self.rng.shuffle(deck)
            decks.append(deck)
        total, sizes = sum(map(len, decks)), {len(d) for d in decks}
        each = f" of {len(decks[0])}" if len(sizes) == 1 else ""
        self.emit("ck.setup-decks", f"The {total} progress cards are shuffled into three decks{each}: " + ", ".join(
            f"{t} {len(d)}" for t, d in zip(TRACKS, decks, strict=True)) + ".")
        sizes_text = (f"{len(decks[0])} cards each" if len(sizes) == 1 else
                      ", ".join(f"{t} {len(d)}" for t, d in zip(TRACKS, decks, strict=True)))
        self.emit("progress.deck", f"Science, trade and politics: {sizes_text}, {total} in all.")
        self.emit("ck.components", "No development cards and no largest army; commodities, knights, walls, "
                  "improvements, progress cards and the barbarians join the game.")
        self.emit("commodities.supply", f"{self.card_totals[RESOURCE_KINDS]} cards of each commodity: "
                  + ", ".join(ck_rulebook.COMMODITIES) + ".")
        return CKState(**fields, levels=[0] * (3 * n), metropolis=[-1] * 3, metro_owner=[-1] * 3, walls=[0] * n,
                       reduced=[0] * n, knights_at=[0] * (3 * n), active=[0] * n, knight_nodes=0, fresh=0,
                       promoted=0, barbarian=0, attacks=0, battle=NO_BATTLE, committed=0, defenders=[0] * n,
                       decks=decks, progress=[[] for _ in range(n)], printer=-1, constitution=-1, fifth=-1,
                       merchant=-1, merchant_owner=-1, crane=False, fleet=0, harbor=0, harbor_used=0, event=-1,
                       red=0, yellow=0, alchemy=False, stage=DONE, queue=0, card=-1, target=-1, count=0, node=-1,
                       track=-1, knight=-1, last_attack=())

    # ------------------------------------------------------------------ the island's number tokens can move
    @property  # type: ignore[override]
    def tables(self) -> board.Tables:
        """The layout's tables, rebuilt when the Inventor has moved number tokens (cached per layout)."""
        state = self.__dict__.get("state")
        if state is not None and state.numbers is not self._numbers:
            self.__dict__["layout"] = board.Layout(state.terrain, state.numbers, state.harbours)
            self._tables = board.tables(self.layout)
            self._numbers = state.numbers
        return self._tables

    @tables.setter
    def tables(self, value: board.Tables) -> None:
        self._tables = value
        state = self.__dict__.get("state")
        self._numbers = state.numbers if state is not None else None

    # ------------------------------------------------------------------ hooks of the base game
    def breakers(self, p: int) -> int:
        s = self.state
        k = s.knights_at
        mine = s.settlements[p] | s.cities[p] | k[p * 3] | k[p * 3 + 1] | k[p * 3 + 2]
        return (s.built | s.knight_nodes) & ~mine

    def safe_hand(self, p: int) -> int:
        return self.config.safe_hand + self.design.wall_safe * self.state.walls[p].bit_count()

    def yield_of(self, terrain: int, settlements: int, cities: int) -> tuple[tuple[int, int], ...]:
        return self.design.yields[terrain][settlements][cities]

    def hidden_points(self, p: int) -> int:
        return 0

    def point_sources(self, p: int) -> dict[str, int]:
        s = self.state
        d = self.design
        return {"settlements": d.settlement_points * s.settlements[p].bit_count(),
                "cities": d.city_points * s.cities[p].bit_count(),
                "metropolises": d.metropolis_points * s.metro_owner.count(p),
                "longest road": d.longest_points if s.longest == p else 0,
                "Defender of Catan": d.defender_points * s.defenders[p],
                "merchant": d.merchant_points if s.merchant_owner == p else 0,
                "Printer": d.progress_card_points if s.printer == p else 0,
                "Constitution": d.progress_card_points if s.constitution == p else 0}

    def trade_targets(self, give: int, rate: int) -> tuple[int, ...]:
        return self.design.targets[give][rate]

    def trade_rule(self, p: int, give: int, rate: int) -> str:
        return commodities.trade_rule(self, p, give, rate)

    def rates_from_scratch(self, p: int) -> list[int]:
        return commodities.rates_from_scratch(self, p)

    def free_from_scratch(self) -> int:
        return super().free_from_scratch() & ~self.state.knight_nodes

    def discards_done(self) -> None:
        s = self.state
        if s.card == SABOTEUR:
            flow.finish_card(self)
        elif s.attacks or s.stage != SEVEN:
            self.push(waiting("robber", s.player))
        else:
            self.emit("ck-robber.locked", "The robber stays on the desert until the barbarians' first attack.")
            flow.proceed(self)

    def robber_done(self) -> None:
        if self.state.card == BISHOP:
            flow.finish_card(self)
        else:
            flow.proceed(self)

    def next_setup_step(self) -> str:
        return "setup-city" if self.state.setup_step >= self.players else "setup-settlement"

    def _next_steps(self) -> bool:
        if not super()._next_steps():
            return False
        flow.next_turn(self)
        return True

    def reduced_cities(self, p: int) -> int:
        return self.state.reduced[p].bit_count()

    def phase_name(self, phase: int) -> str:
        return CK_PHASE_NAMES[phase]

    # ------------------------------------------------------------------ views, checks, bots
    def last_barbarian_attack(self) -> list[str]:
        """The last barbarian attack as the game logged it, in log order: the barbarians' strength, Catan's defence and
        the outcome (a Defender of Catan, a tie, the players who lose a city); empty before the first attack."""
        return list(self.state.last_attack)

    def touched(self) -> None:
        self.main_listed = self.rated_after = None  # the state changed by hand: listed and rated afresh
        super().touched()

    def _observe(self, player: int | None) -> dict[str, Any]:
        return checks.observe(self, player)

    def invariant_breaks(self) -> list[str]:
        return checks.invariant_breaks(self)

    #: Random play's weights (:meth:`CatanGame.random_weights`) with the verbs of Cities & Knights: improving cities
    #: (the metropolises' points) and raising, activating and promoting knights (the barbarians) weigh like
    #: building; moving knights about weighs less; passing (a Diplomat's road, a Deserter's knight) is kept in play.
    random_play = {**CatanGame.random_play, "improve": 200, "knight": 60, "activate": 60, "promote": 60, "wall": 60,
                   "move": 5, "chase": 10, "displace": 10, "harbor": 3, "pass": 10}

    def heuristic(self, player: int) -> float:
        return evaluation.heuristic(self, player)

    def terms(self, player: int) -> dict[str, float]:
        return evaluation.terms(self, player)

    def series(self) -> dict[str, Any]:
        """Per seat: victory points, resource cards and commodity cards in hand, improvement levels (the three tracks
        together) and the strength of the active knights; the barbarian ship's position and the attacks so far."""
        s, n = self.state, self._players
        hands, active, at, levels = s.hands, s.active, s.knights_at, s.levels
        one, two, three = self.design.strength
        resources, commodities, improvements, strengths = [], [], [], []
        for p in range(n):  # one plain loop: the design lab asks at every turn of every game
            base, track = p * CARD_KINDS, p * 3
            resources.append(float(sum(hands[base:base + RESOURCE_KINDS])))
            commodities.append(float(sum(hands[base + RESOURCE_KINDS:base + CARD_KINDS])))
            improvements.append(float(levels[track] + levels[track + 1] + levels[track + 2]))
            ready = active[p]
            strengths.append(float(one * (at[track] & ready).bit_count() + two * (at[track + 1] & ready).bit_count()
                                   + three * (at[track + 2] & ready).bit_count()))
        return {"points": tuple(map(float, s.points)), "resource_cards": tuple(resources),
                "commodity_cards": tuple(commodities), "improvements": tuple(improvements),
                "active_strength": tuple(strengths), "barbarian_ship": float(s.barbarian),
                "barbarian_attacks": float(s.attacks)}

    def total_points(self) -> list[int]:
        return self.state.points.copy()  # all points are public: no face-down cards

    def lookahead(self, action: Action, player: int) -> float:
        return evaluation.lookahead(self, action, player)

    def lookaheads(self, actions: Sequence[Action], player: int) -> list[float]:
        return ratings.lookaheads(self, actions, player)

    def contenders(self, actions: Sequence[Action], player: int) -> list[float | None]:
        return ratings.contenders(self, actions, player)

    def redeal(self, viewer: int | None, rng: Rng) -> CKGame:
        return hidden.redeal(self, viewer, rng)



__all__ = ["CKConfig", "CKGame", "CKState"]
