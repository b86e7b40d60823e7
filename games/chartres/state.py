"""The Chartres config and the state records a game saves.

What is pending waits on ``stack`` (the kernel's flow, :mod:`games.core.steps`): :class:`Pending` records, each a
step kind and the seat it concerns. Three fields say where the round stands, each with one meaning:

* ``phase`` / ``queue`` / ``turn`` - the step of the round (``setup-row``, ``location``, ``commit-row``,
  ``commit-act``, ``act``, ``bonus``, ``pour``, ``over``) and the seats that take it in turn: when the stack runs
  empty, the next seat's turn of that step is pushed (:func:`.decisions.next_turn`);
* ``ability`` - the ability being resolved (a location's in Phase A, an activated card's in Phase E), or ``None``:
  how far it has got. While it is set, the stack holds the decision it waits for (a ``discard``, a ``resolve`` or a
  ``path``), and the round's step goes on once it is over.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import NO_CHANGES, Changes, Record

# The steps of a round, as ``state.phase`` (and ``pending().kind`` for those that ask a question) names them.
SETUP_ROW, LOCATION, COMMIT_ROW, COMMIT_ACT, ACT, BONUS, POUR, OVER = (
    "setup-row", "location", "commit-row", "commit-act", "act", "bonus", "pour", "over")
# The decisions an ability in progress may wait for.
DISCARD, PATH, RESOLVE = "discard", "path", "resolve"
# The steps nobody decides: what follows the last turn of a step of the round.
PHASE_B, PHASE_F, WINE, ERA_END = "phase-b", "phase-f", "wine", "era-end"
#: The seat of a step that concerns no one seat (the end of a phase).
NOBODY = -1


@dataclass(frozen=True)
class ChartresConfig:
    """``players`` 2–4; ``components`` the component set (``approx_v1`` ships with the package); ``initiative``
    the seats in initiative order (empty: drawn from the seed); ``cellars`` one cellar id per seat (empty: dealt
    at random).

    ``main_optional`` is a reading the rule text cannot settle (``decision.main-once``): ``False`` (the default)
    carries out an activated card's main ability once by itself when that costs no cards (「可能であれば…効果を
    解決します」); ``True`` lets the player decline that first time too (``stop``; the text's 「解決できる回数」).
    Further repetitions and bonus abilities are the player's choice either way."""

    players: int = 2
    components: str = "approx_v1"
    initiative: tuple[int, ...] = ()
    cellars: tuple[str, ...] = ()
    main_optional: bool = False
    #: Changes to the designable parameters (``parameters.py``; the design lab's variants): none in the printed game.
    variant: Changes = NO_CHANGES


@dataclass(frozen=True, slots=True)
class Pending(Record):
    """A step on the stack: its kind and the seat that decides (or that an automatic step concerns; else
    :data:`NOBODY`). Immutable, so one record per kind and seat serves every game (``game.waiting``)."""

    kind: str
    player: int

    def copy(self) -> Pending:
        return self  # immutable: a copied state shares it, as it shares its strings


@dataclass(slots=True)
class Resolving(Record):
    """The ability a player is resolving: which part of which card or location, and how far it has got."""

    player: int
    source: str  # the card or location id
    bonus: bool  # False: the main ability; True: its bonus (only after the main one was resolved fully)
    done: int  # repetitions carried out
    times: int  # repetitions offered ("N×", or the count of a "condition ▶")
    atom: int  # the next atom of the current repetition
    left: int  # cards still to discard for the current atom (0: its first card is not paid yet)
    colour: str  # the colour a "discard N of one colour" holds to once its first card is paid ("" before)
    started: bool  # the current repetition is under way (chosen, paid for, or one that must be carried out)


@dataclass(slots=True)
class ChartresState(Record):
    era: int
    round: int
    phase: str  # the step of the round (see the module docstring)
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
    hand: list[list[str]]  # kept sorted, so the actions that name a card come out sorted
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
    ability: Resolving | None  # the ability being resolved, if any
    final: list[list[int]]  # per seat at the end: windows, reputation IP, leftovers (and tokens by source)
    stack: list[Pending]  # the steps pending, the top at the end (see the module docstring)
