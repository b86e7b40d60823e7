"""The config, the state and the constants of a Cities & Knights game.

The state extends the base record (:class:`~games.catan.state.CatanState`) with flat fields: knights as bit masks per
player and level, improvement levels as a flat list, progress hands as short sorted lists of card kinds, the decks as
three lists (index 0 is the bottom, cards are drawn from the end). The pending decision waits on ``stack`` (the base
state's); what its step reads is in named fields (``card``: the progress card in play, ``target``, ``count``,
``node``, ``queue``: the players still to decide in a round, ``stage``: where the roll's resolution stands).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from games.catan.data import ck_rulebook, rulebook
from games.catan.state import OVER, PHASE_NAMES, CatanConfig, CatanState

# ---------------------------------------------------------------- cards in hand: resources 0-4, commodities 5-7
RESOURCES = rulebook.RESOURCES
RESOURCE_KINDS = len(RESOURCES)
CARDS: tuple[str, ...] = RESOURCES + ck_rulebook.COMMODITIES
CARD_KINDS = len(CARDS)
CLOTH, COIN, PAPER = RESOURCE_KINDS, RESOURCE_KINDS + 1, RESOURCE_KINDS + 2
COMMODITY = range(RESOURCE_KINDS, CARD_KINDS)
#: Card indices in alphabetical order of their names.
CARD_ORDER: tuple[int, ...] = tuple(sorted(range(CARD_KINDS), key=lambda c: CARDS[c]))
RESOURCE_ORDER: tuple[int, ...] = tuple(range(RESOURCE_KINDS))
COMMODITY_ORDER: tuple[int, ...] = (CLOTH, COIN, PAPER)
BRICK, GRAIN, LUMBER, ORE, WOOL = range(RESOURCE_KINDS)

# ---------------------------------------------------------------- tracks
TRACKS = ck_rulebook.TRACKS
POLITICS, SCIENCE, TRADE = range(3)
#: Track -> the commodity that builds it.
TRACK_CARD: tuple[int, ...] = tuple(CARDS.index(ck_rulebook.TRACK_COMMODITY.value[t]) for t in TRACKS)

# ---------------------------------------------------------------- progress cards: kinds in alphabetical order
_BY_TRACK = ck_rulebook.PROGRESS_CARDS.value
KINDS: tuple[str, ...] = tuple(sorted(name for cards in _BY_TRACK.values() for name in cards))
KIND = {name: k for k, name in enumerate(KINDS)}
#: Kind -> its track.
KIND_TRACK: tuple[int, ...] = tuple(next(TRACKS.index(t) for t, cards in _BY_TRACK.items() if name in cards)
                                    for name in KINDS)
VP_KINDS = frozenset(KIND[n] for n in ck_rulebook.VP_CARDS)
(ALCHEMIST, BISHOP, COMMERCIAL_HARBOR, CONSTITUTION, CRANE, DESERTER, DIPLOMAT, ENGINEER, INTRIGUE, INVENTOR,
 IRRIGATION, MASTER_MERCHANT, MEDICINE, MERCHANT, MERCHANT_FLEET, MINING, PRINTER, RESOURCE_MONOPOLY, ROAD_BUILDING,
 SABOTEUR, SMITH, SPY, TRADE_MONOPOLY, WARLORD, WEDDING) = range(len(KINDS))
assert KINDS[WEDDING] == "wedding" and KINDS[ROAD_BUILDING] == "road-building"

# ---------------------------------------------------------------- phases after the base game's
(SETUP_CITY, ALCHEMY, COMMIT, PILLAGE, CHOOSE_DRAW, AQUEDUCT, FIFTH, LIMIT, METROPOLIS, RETREAT, INVENT, WALL_FREE,
 MEDICINE_CITY, SMITH_PROMOTE, TARGET, GIVE, TAKE, PLACE_MERCHANT, NAME, DESERT, DESERT_PLACE, DIPLOMAT_REMOVE,
 DIPLOMAT_ROAD, INTRIGUE_PICK) = range(OVER + 1, OVER + 25)
CK_PHASE_NAMES = PHASE_NAMES + (
    "setup-city", "alchemist", "commit", "pillage", "defender-draw", "aqueduct", "fifth-card", "hand-limit",
    "metropolis", "retreat", "inventor", "engineer", "medicine", "smith", "target", "give", "take", "merchant",
    "name", "deserter", "deserter-place", "diplomat", "diplomat-road", "intrigue")

# ---------------------------------------------------------------- where the roll's resolution stands (state.stage)
DONE, ATTACK, GATE, PRODUCE, SEVEN, AQUEDUCT_STAGE = range(6)
# battle (state.battle): no attack, knights being committed, tied defenders choosing a deck, cities being lost
NO_BATTLE, COMMITTING, DRAWS, LOSSES = range(4)


@dataclass(frozen=True)
class CKConfig(CatanConfig):
    """Options of a Cities & Knights game (the base options, 13 points to win, and the open points of
    ``docs/rules_notes/catan.md``, Sources §6).

    * ``saboteur``: ``"as-many-or-more"`` (every player with as many points as the Saboteur's player or more
      discards half) or ``"more"`` (only those with more).
    * ``fifth_card``: ``"bottom"`` (the rule text: a 5th progress card that cannot be played at once goes straight
      to the bottom of its deck) or ``"choose"`` (the holder puts one of the five, their choice, under its deck).
    * ``barbarian_loss``: ``"strength"`` (the published rule: the lowest total strength of active knights loses a
      city) or ``"count"`` (the rule text's words: the fewest active knights).
    * ``bishop_before_attack``: ``False`` (the robber is locked until the first attack, so the Bishop cannot be
      played) or ``True``.
    * ``meanies``: the variant 意地悪ペーター: when the barbarians land, each player chooses which active knights
      fight.
    """

    players: int = 4
    points_to_win: int = ck_rulebook.POINTS_TO_WIN.value
    saboteur: str = "as-many-or-more"
    fifth_card: str = "bottom"
    barbarian_loss: str = "strength"
    bishop_before_attack: bool = False
    meanies: bool = False


@dataclass(slots=True)
class CKState(CatanState):
    # ------------------------------------------------------------ improvements, metropolises, walls
    levels: list[int]  # flat: levels[player * 3 + track], 0-5
    metropolis: list[int]  # per track: the node of its metropolis, -1 none
    metro_owner: list[int]  # per track: its holder, -1 none
    walls: list[int]  # per player: mask of their cities with a wall
    reduced: list[int]  # per player: mask of settlements that are city pieces laid on their side
    # ------------------------------------------------------------ knights
    knights_at: list[int]  # flat: knights_at[player * 3 + level] = mask of nodes with that player's knights
    active: list[int]  # per player: mask of their active knights
    knight_nodes: int  # every knight on the board
    fresh: int  # knights activated (or placed active) this turn: they cannot act this turn
    promoted: int  # knights promoted this turn
    # ------------------------------------------------------------ barbarians
    barbarian: int  # spaces the ship has moved (0-6); the 7th advance attacks
    attacks: int  # attacks so far (the robber moves after the first)
    battle: int  # NO_BATTLE, COMMITTING, DRAWS, LOSSES
    committed: int  # nodes of the knights that fight (all active knights unless the meanies variant)
    defenders: list[int]  # per player: Defender of Catan cards
    # ------------------------------------------------------------ progress cards
    decks: list[list[int]]  # per track: card kinds, index 0 = bottom, drawn from the end
    progress: list[list[int]]  # per player: card kinds in hand, sorted (hidden from the other players)
    printer: int  # holder of the Printer, -1
    constitution: int  # holder of the Constitution, -1
    fifth: int  # a 5th card its holder may still play at once (kind), -1
    # ------------------------------------------------------------ merchant and per-turn effects
    merchant: int  # hex, -1
    merchant_owner: int
    crane: bool  # the next improvement this turn costs 1 commodity less
    fleet: int  # mask of card kinds traded 2:1 this turn (Merchant Fleet)
    harbor: int  # mask of opponents the Commercial Harbor may still trade with this turn
    harbor_used: int  # opponents who made the Commercial Harbor trade this turn
    # ------------------------------------------------------------ the roll and the pending decision
    event: int  # last event die face (index of ck_rulebook.EVENT_FACES), -1
    red: int
    yellow: int
    alchemy: bool  # the production dice were chosen with the Alchemist
    stage: int  # where the roll's resolution stands
    queue: int  # mask of players still to decide (or draw) in the current round
    card: int  # the progress card being resolved, -1
    target: int  # a player the card aims at, or the owner of a displaced knight
    count: int  # how many of something are left (cards to give or take, promotions, ...)
    node: int  # a node in the resolution (where a displaced knight stands)
    track: int  # the track whose metropolis is being placed, or whose cards are being drawn
    knight: int  # a knight off the board (displaced or deserted): level + 3 if it was active, -1 none
    last_attack: tuple[str, ...]  # the last barbarian attack's report: its events' texts in log order (none yet: ())

    #: Step kind -> phase number (``CK_PHASE_NAMES``).
    phases = MappingProxyType({kind: phase for phase, kind in enumerate(CK_PHASE_NAMES)})  # not a field: no annotation
