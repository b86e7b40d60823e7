"""The config and the state of a Catan game.

The state is ONE record of flat fields: sets of nodes and edges are ``int`` bit masks (immutable, so a copy shares
them), per-player numbers are short lists, cards are flat lists with one slot per (player, card kind). That keeps a
rollback copy or a clone to a few dozen field copies. Derived values (free intersections, where each player may
build a road, road lengths, points, harbour rates) are fields too, updated where the pieces change, never
recomputed per decision; ``invariant_breaks`` checks each against a computation from scratch.

What is pending waits on ``stack`` (the kernel's flow, :mod:`games.core.steps`): one :class:`Pending` record, the
step kind and the seat that decides, which the kernel pops when the decision is made and whose step pushes what comes
next. What a step reads lives in named fields (``discard_left``, ``free_roads``, ``offer_give`` ...), one meaning
each. ``phase`` and ``decider`` read the top of the stack, for views.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import MappingProxyType

from games.core import NO_CHANGES, Changes, Record

# Phases: which step is pending, numbered for views (``CatanState.phase``); each name is its step's kind.
SETUP_SETTLEMENT, SETUP_ROAD, ROLL, MAIN, DISCARD, ROBBER, STEAL, OFFER, ANSWER, CONFIRM, ROAD_BUILDING, \
    PLENTY, MONOPOLY, OVER = range(14)
PHASE_NAMES = ("setup-settlement", "setup-road", "roll", "main", "discard", "robber", "steal", "offer", "answer",
               "confirm", "road-building", "year-of-plenty", "monopoly", "over")

# Answers to a trade offer (state.answers, per player).
NOT_ASKED, WAITING, ACCEPTED, DECLINED = -1, 0, 1, 2

# Why the game ended (state.ended).
PLAYING, WON, TURN_LIMIT = 0, 1, 2


@dataclass(frozen=True)
class CatanConfig:
    """Options of a base Catan game.

    * ``players``: 3–4 as printed; 2 is a learning variant (the same rules with two players, ``decision.two-players``).
    * ``layout``: ``"variable"`` (terrain and harbours shuffled from the seed) or ``"beginner"`` (the starting map).
    * ``numbers``: in the variable set-up, ``"spiral"`` (tokens A–R from a corner drawn from the seed) or
      ``"random"`` (shuffled, 6 and 8 never on neighbouring hexes).
    * ``start_player``: a seat, or -1 to draw it from the seed.
    * ``points_to_win``, ``safe_hand``: the printed 10 and 7, changeable for "what if" lessons.
    * ``offers_per_turn``: trade proposals a player may start per turn (``decision.offer-limit``; keeps random play
      finite). ``turn_limit``: the game ends after this many turns with the most points winning
      (``decision.turn-limit``; 1 to 10,000: every game, every variant's too, ends).
    * ``variant``: changes to the designable parameters (``parameters.py``), none in the printed game.
    """

    players: int = 4
    layout: str = "variable"
    numbers: str = "spiral"
    start_player: int = -1
    points_to_win: int = 10
    safe_hand: int = 7
    offers_per_turn: int = 2
    turn_limit: int = 1000
    #: Changes to the designable parameters (``parameters.py``; the design lab's variants): none in the printed game.
    variant: Changes = NO_CHANGES


@dataclass(frozen=True, slots=True)
class Pending(Record):
    """A step waiting on ``state.stack``: its kind and the seat that decides (an automatic step's ``player`` is the
    player whose turn it is). Frozen: one record per kind and seat is shared (:func:`waiting`); a position made by
    hand puts a new record on the stack."""

    kind: str
    player: int


@functools.cache
def waiting(kind: str, player: int) -> Pending:
    """The record of a ``kind`` step pending for ``player``: one shared record per kind and seat. Records on the stack
    are never changed, and nearly every decision pushes one: building it anew cost 1 % of a base Catan decision
    (bench/bench_instructions.py)."""
    return Pending(kind, player)


@dataclass(slots=True)
class CatanState(Record):
    # ------------------------------------------------------------ the island (fixed after set-up)
    terrain: tuple[int, ...]  # per hex: resource index it produces, 5 = desert
    numbers: tuple[int, ...]  # per hex: number token, 0 = none
    harbours: tuple[int, ...]  # per harbour place: resource index of a 2:1 harbour, 5 = generic 3:1
    # ------------------------------------------------------------ pieces on the board (bit masks)
    robber: int  # hex
    settlements: list[int]  # per player: mask of nodes with their settlements
    cities: list[int]  # per player: mask of nodes with their cities
    roads: list[int]  # per player: mask of edges with their roads
    built: int  # nodes with any settlement or city
    free: int  # nodes where the distance rule allows a settlement (empty, no building next to it)
    open_edges: int  # edges without a road
    reach: list[int]  # per player: nodes touched by their roads
    road_ok: list[int]  # per player: edges where they may build a road now (connected, not through an opponent)
    # ------------------------------------------------------------ cards and supplies
    hands: list[int]  # resource cards, flat: hands[player * 5 + resource] (hidden from the other players)
    bank: list[int]  # resource cards per resource
    deck: list[int]  # development cards, drawn from the end (hidden from everyone)
    devs: list[int]  # development cards in hand, flat: devs[player * 5 + kind] (hidden from the other players)
    devs_new: list[int]  # per kind: cards the player to move bought this turn (not yet playable)
    knights: list[int]  # per player: knight cards played
    played: list[int]  # per kind: development cards played so far, face up
    settlements_left: list[int]
    cities_left: list[int]
    roads_left: list[int]
    rates: list[int]  # maritime rate per (player, resource), flat like hands
    # ------------------------------------------------------------ derived scores
    road_length: list[int]  # per player: longest road
    longest: int  # holder of the longest road, -1 none (or set aside)
    army: int  # holder of the largest army, -1 none
    points: list[int]  # per player: public victory points (buildings, longest road, largest army)
    # ------------------------------------------------------------ turn and pending decision
    start: int
    player: int  # whose turn it is
    turn: int  # turns played since set-up (the first turn is 1)
    stack: list[Pending]  # the pending step on top (last); empty once the game is over
    setup_step: int  # placements made in the set-up (0 .. 2 * players)
    last_settlement: int  # node of the settlement just placed in the set-up
    rolled: bool  # the dice were rolled this turn
    dice: int  # the last roll (0 before the first)
    dev_played: bool  # a development card was played this turn
    after_robber: int  # phase (step) to return to when the robber has moved (ROLL for a knight before the roll, MAIN)
    discard_left: list[int]  # per player: cards still to discard for this 7
    victims: int  # mask of players the robber's mover may steal from
    free_roads: int  # roads left to place with Road Building
    plenty_left: int  # cards left to take with Year of Plenty
    offers_made: int  # trade proposals started this turn
    offer_give: list[int]  # per resource: what the proposer gives
    offer_want: list[int]  # per resource: what the proposer asks for
    answers: list[int]  # per player: NOT_ASKED, WAITING, ACCEPTED, DECLINED
    ended: int  # PLAYING, WON, TURN_LIMIT
    winner: int  # the player who declared victory, -1

    #: Step kind -> phase number (``PHASE_NAMES``); a layer's state adds its own.
    phases = MappingProxyType({kind: phase for phase, kind in enumerate(PHASE_NAMES)})  # not a field: no annotation

    @property
    def phase(self) -> int:
        """The pending step as a phase number, ``OVER`` once nothing is pending (for views and checks)."""
        stack = self.stack
        return self.phases[stack[-1].kind] if stack else OVER

    @property
    def decider(self) -> int:
        """Who decides now, -1 once the game is over (differs from ``player`` for discards and answers to offers)."""
        stack = self.stack
        return stack[-1].player if stack else -1
