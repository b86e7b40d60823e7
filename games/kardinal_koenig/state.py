"""The card game's config and state records.

The state is the table (the layout of cards with the stones and chips lying on them, each player's display, stones
and chips), :class:`Turn`, the turn in progress (whose it is, what has been taken so far, the chips in effect), and
the stack of pending steps (:class:`Pending`, the kernel's flow: ``games.core.steps``). Every step of a turn reads
and changes the one :class:`Turn`; a frame only says which step waits and who decides it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import NO_CHANGES, Changes, Record


@dataclass(frozen=True)
class CardGameConfig:
    """``players`` 3–5, the ``deck`` to read, the ``start_player`` (-1: drawn from the seed).

    A hand-made position (for lessons and tests): ``rows`` lists up to 4 rows of card ids (the cards not listed
    are out of the game) and ``chips`` maps ``"row,column"`` to a law-chip kind. With ``rows`` empty the cards are
    shuffled into 4 × 14 and the 8 chips onto the X positions (a ``variant`` may change the card counts, the rows
    and the chips: ``parameters.py``).

    ``crestless_after_limit`` settles what the rule text leaves open (``decision.crestless-after-limit``): may a card
    without crests still be taken once the turn's crests reach the limit? ``True`` (the default) follows the rule
    sentence 「同色ならば、何枚でも取ることができます。ただし、取るカードに描かれた紋章は2つ以下でなければなりません」:
    a card without crests adds nothing to the total. ``False`` follows the text's examples literally
    (「2つの紋章が描かれたカードを取りました。そのためこれ以上カードを取ることはできません」): once the crests reach the
    limit, taking is over for the turn.
    """

    players: int = 3
    deck: str = "approx_v1"
    start_player: int = -1
    rows: tuple[tuple[str, ...], ...] = ()
    chips: dict[str, str] = field(default_factory=dict)
    crestless_after_limit: bool = True
    #: Changes to the designable parameters (``parameters.py``; the design lab's variants): none in the printed game.
    variant: Changes = NO_CHANGES


@dataclass(slots=True)
class Turn(Record):
    """The turn in progress. Taking, claiming and paying all read and change this one record. ``Turn(player)`` is a
    fresh turn: nothing taken, no chip in effect, no stone lifted."""

    player: int  # whose turn it is
    taken: list[int] = field(default_factory=list)  # cells taken this turn, in order
    crests: int = 0  # crests on the cards taken this turn
    country: str = ""  # country of this turn's cards ("" before the first)
    three: bool = False  # "3 crests allowed" played this turn
    colours: bool = False  # "different colours allowed" played this turn
    lifted: int = -1  # claim step: the cell a moving stone was lifted from (it must be put down elsewhere), -1: none
    # The player's last placeable stone left their hand this turn (paying for a claimed card): moving is allowed
    # from the next turn on (「次の手番からは」, claim.move).
    hand_spent: bool = False


@dataclass(slots=True)
class Pending(Record):
    """A step waiting on the stack (``state.stack``): its kind (``take``, ``claim``, ``pay``, or the automatic
    ``card-taken``) and the seat that decides it. The turn's details are in :class:`Turn`."""

    kind: str
    player: int


@dataclass(slots=True)
class CardGameState(Record):
    # Card id per cell (row-major, 4 × 14; "" where no card was laid). Fixed at setup: cards leave the layout
    # through ``lo``/``hi`` and keep their cell, so copies of the state share this tuple.
    layout: tuple[str, ...]
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
    # Turns in a row that ended without a card taken (passed or missed). With the printed cards someone can always
    # take a card; a deck breaking the crest inference can stall, and the game ends after a whole idle round
    # (decision.stalled-end).
    idle: int
    turn: Turn
    stack: list[Pending]  # the steps pending, the top last (the kernel's flow); empty once the game is over
