"""The state of a full Kutná Hora game: plain records, so clone, save and load come from the kernel."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import NO_CHANGES, Changes, Record

from .data import rulebook
from .prices import Stands
from .town_hall import TownHall

#: Houses in each of the three rows of a player board.
HOUSES_PER_ROW = rulebook.HOUSES.value // 3


@dataclass(frozen=True)
class KutnaHoraConfig:
    """``players`` 2-4; ``events`` adds the event cards to a 3-4 player game (2 players always use them);
    ``first_game`` deals guild setup card 1 in its printed order instead of letting players choose;
    ``price_table`` names the price cards (``approx_v1`` or a registered transcription).

    Two questions the rule text leaves open (``docs/rules_notes/kutna_hora.md``, audit), each with our default:

    * ``top_up`` (default ``False``): may a Mine action buy a permit while the miner pool still holds a miner
      (filling it to 2)? Step 1 refills an empty pool (プールに鉱夫駒がない場合…許可証を1枚購入しなければなりません);
      the reminder says only that the pool is refilled before the mine is placed, not after
      (鉱山を置く前にのみ補充できる), and caps it at 2 (3個以上置くことはできません).
    * ``red_round_event`` (``"A"``, default, or ``"B"``): which event pile serves the round at whose end the red
      public buildings enter (赤い貴族建物タイルの山より前のラウンドにはイベントA、それよりあとのラウンドにはイベントB:
      that round is neither before nor after the pile)."""

    players: int = 2
    events: bool = False
    first_game: bool = False
    price_table: str = "approx_v1"
    top_up: bool = False
    red_round_event: str = "A"
    #: Changes to the designable parameters (``parameters.py``; the design lab's variants): none in the printed game.
    variant: Changes = NO_CHANGES


@dataclass(slots=True)
class Seat(Record):
    """One player's board and purse."""

    groschen: int
    score: int
    reputation: int
    pelicans: int  # unused (purple side up)
    used_pelicans: int  # spent on St. Barbara (silver side up)
    production: dict[str, int]  # from buildings, by good ("ore" is ore from buildings)
    mine_ore: int  # ore production from mines, tracked apart
    held: list[str]  # building tiles in the 3 slots
    guilds: list[str]  # the guild of each board row, top to bottom (empty until chosen)
    houses_taken: list[int]  # per row: houses gone from the left (built on or removed)
    houses_removed: int  # houses removed from the game (St. Barbara tile 3)
    pool: int  # miners in the miner pool
    reserve: int  # miners in the area beside it
    cards: list[int]  # action cards (1-6) still in hand this round


@dataclass(slots=True)
class Pending(Record):
    """One step waiting on the stack: a decision of ``player``, or an automatic step that runs as soon as it is on
    top. Each kind reads only the fields that concern it; the others keep their defaults."""

    kind: str  # a step kind: "play", "rights", "mine-draw", ...
    player: int
    free: bool = False  # Mine, Rights, Plot, Build: nothing to pay (St. Barbara 2, 4, 8, 9; a house's Rights)
    public_only: bool = False  # Rights: public buildings only (the house effect)
    anywhere: bool = False  # Plot: any empty plot, next to a building or not (St. Barbara 4)
    reserve_first: bool = False  # Mine: the miner comes from the reserve while it has one (St. Barbara 9)
    amount: int = 0  # Tax: the groschen owed, fixed when the round ends
    tile: str = ""  # Tech: the technology tile taken from its stack
    barbara: int = 0  # St. Barbara: the tile being resolved (1-11)


@dataclass(slots=True)
class KutnaHoraState(Record):
    phase: str  # "setup", "play", "over"
    round: int  # 1-based
    start: int  # the start player's seat
    turn: int  # turns taken this round (each player takes 3)
    plays_left: int  # cards still to play in the current turn
    seats: list[Seat]
    stands: Stands
    hall: TownHall
    red_track: list[str]  # red public buildings waiting on the round track
    tax: int
    mine: list[str]
    mine_owner: list[int]
    mine_stack: list[str]  # last = top
    mine_discard: list[str]
    mine_drawn: list[str]  # drawn by the Mine action being resolved
    tech_stack: list[str]  # last = top
    tech_removed: list[str]
    town: list[str]
    town_owner: list[int]
    markers: list[int]
    barbara: int  # St. Barbara tiles done (0-11); the current tile is barbara + 1
    bank: dict[str, int]
    pool: dict[str, int]
    council: dict[str, int]
    events: list[str]  # event card per round ("" for none), index = round - 1
    guild_card: int  # 0-based guild setup card
    guild_sets: list[int]  # sets still to choose (0-based)
    stack: list[Pending]  # last = the step to resolve next
