"""Kutná Hora component numbers the rule text shows only in pictures, designed by us.

Every value here is tagged ``approx``: the mine board and its tiles, the town board, the player board's houses and
reputation track, St. Barbara's tax icons, the events, the action cards and the guild setup cards; what we chose
and why is in ``docs/rules_notes/kutna_hora.md``, "Designed components" (each comment line below names its part). A
transcription of the printed components replaces this module's values without touching rules code. Views and
notebooks say these numbers are illustrative.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import APPROX, Sourced

from .components import house_grid
from .rulebook import HOUSES

SOURCE = "approx (designed from the rule text; the printed components are not public)"
ICON_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")

# --------------------------------------------------- the mine board (Designed components: mine board and mine tiles)
#: Rows × columns of mine spaces (the same grid on both board sides).
MINE_GRID = Sourced((4, 6), APPROX, "4 rows x 6 columns")
#: The two printed entrances, (row, column), in the top row.
ENTRANCES = Sourced(((0, 1), (0, 4)), APPROX, "columns 2 and 5 of the top row")
#: Stars on the four rock tiles (shuffled face down onto a setup card's spaces).
ROCK_STARS = Sourced((1, 1, 2, 2), APPROX)
#: 15 mine setup cards: where the 4 rocks go, one per row, never on an entrance (generated once, seed 1308).
MINE_SETUP = Sourced((
    ((0, 3), (1, 1), (2, 0), (3, 1)), ((0, 3), (1, 2), (2, 3), (3, 3)), ((0, 5), (1, 2), (2, 1), (3, 5)),
    ((0, 0), (1, 1), (2, 1), (3, 4)), ((0, 0), (1, 5), (2, 5), (3, 5)), ((0, 0), (1, 2), (2, 1), (3, 4)),
    ((0, 0), (1, 3), (2, 1), (3, 3)), ((0, 2), (1, 1), (2, 1), (3, 1)), ((0, 2), (1, 2), (2, 3), (3, 2)),
    ((0, 2), (1, 1), (2, 5), (3, 3)), ((0, 5), (1, 0), (2, 3), (3, 5)), ((0, 2), (1, 1), (2, 2), (3, 2)),
    ((0, 3), (1, 3), (2, 5), (3, 4)), ((0, 5), (1, 1), (2, 4), (3, 4)), ((0, 5), (1, 3), (2, 0), (3, 1)),
), APPROX)


def row_values(stars: int) -> tuple[int, int, int]:
    """Points for 1st / 2nd / 3rd in a mine row with ``stars`` stars (approx; reproduces the rulebook's 6 → 3/2/1)."""
    return (stars // 2, stars // 3, stars // 6)


ROW_VALUES = Sourced(row_values, APPROX, "(s//2, s//3, s//6)")


@dataclass(frozen=True, slots=True)
class MineTile:
    """A mine tile: ``cost`` is the wood paid to build left of, right of or below it."""

    id: str
    back: str  # "I", "II", "III", or "tech"
    cost: int
    ore: int  # ore production +N, and the ore deck advances N
    population: int
    points: int
    stars: int
    source: str = APPROX


_MINE_ROWS = {  # back: (cost, ore, population, points, stars) for tiles 1..9 (see "Designed components")
    "I": ((2, 1, 0, 0, 0), (2, 1, 0, 0, 1), (2, 1, 1, 0, 0), (2, 1, 0, 0, 1), (3, 1, 0, 0, 0), (3, 1, 1, 0, 1),
          (3, 1, 0, 0, 1), (2, 1, 1, 0, 1), (3, 1, 0, 0, 0)),
    "II": ((3, 1, 0, 0, 1), (3, 1, 1, 0, 1), (3, 2, 0, 0, 1), (3, 2, 0, 1, 1), (4, 1, 0, 1, 1), (4, 2, 1, 0, 1),
           (4, 1, 0, 1, 1), (4, 2, 0, 0, 1), (3, 1, 1, 1, 1)),
    "III": ((4, 2, 0, 1, 1), (4, 2, 1, 1, 2), (4, 3, 0, 1, 1), (4, 3, 0, 2, 1), (5, 2, 0, 2, 2), (5, 3, 1, 1, 1),
            (5, 2, 0, 2, 1), (5, 3, 0, 1, 2), (4, 2, 1, 2, 1)),
}
MINE_TILES: tuple[MineTile, ...] = tuple(
    MineTile(f"{back.lower()}-{i}", back, *numbers)
    for back, rows in _MINE_ROWS.items() for i, numbers in enumerate(rows, 1))
#: The mining technology tiles, played as free mines by miners' guild buildings.
TECH_TILES: tuple[MineTile, ...] = tuple(MineTile(f"t-{i}", "tech", 3, 1, 0, 0, 1) for i in range(1, 5))
#: Tiles drawn by a Mine action: 1 + technology tiles taken so far.
TECH_DRAWS = Sourced((1, 2, 3, 4, 5), APPROX)

# ---------------------------------------------------- the town board (Designed components: town board and town hall)
#: Plots per side of the town: 6 × 6 for 3-4 players, 5 × 5 for 2 players.
TOWN_SIZE = Sourced({2: 5, 3: 6, 4: 6}, APPROX)


def edge_icons(size: int) -> dict[tuple[int, int, str], str]:
    """Icons printed on the town board's edge, keyed by (row, column, side) of the plot they touch.

    Every second edge segment carries one icon; the colours cycle red, yellow, green, blue clockwise from the
    top-left corner (approx, ``docs/rules_notes/kutna_hora.md``, "Designed components")."""
    segments = ([(0, c, "n") for c in range(size)] + [(r, size - 1, "e") for r in range(size)]
                + [(size - 1, c, "s") for c in reversed(range(size))] + [(r, 0, "w") for r in reversed(range(size))])
    return {seg: ICON_COLOURS[(i // 2) % 4] for i, seg in enumerate(segments) if i % 2 == 0}


# -------------------------------------------------------------- building tiles (Designed components: building tiles)
# The 36 building tiles (wood, plot value, icons, effects) are data: ``data/buildings.json``, loaded and checked by
# :mod:`.components`. Guild tiles show 2 icons, public tiles 3; ``builders-1`` (red, yellow) under ``red-1`` (red,
# red, yellow) rebuilds the rulebook's 6-point sawmill.

# ---------------------------------------------- the player board (Designed components: player board and round track)
#: What taking each house gives, per board row, left to right: each space shows one or more effects. The spaces
#: with a free public building also show points: the text says a player who ignores that Rights "still gets the
#: points that house brings" (その家駒がもたらす点は依然として得ます).
HOUSE_EFFECTS = Sourced(house_grid((
    ((("reputation", 1),), (("pelicans", 1),), (("points", 2),), (("public-rights", 1), ("points", 1))),
    ((("pelicans", 1),), (("points", 1),), (("public-rights", 1), ("points", 1)), (("reputation", 2),)),
    ((("points", 1),), (("reputation", 1),), (("pelicans", 1),), (("points", 3),)),
), rows=3, spaces=HOUSES.value // 3), APPROX)
#: Reputation track 0..8, the marker starts on 2; final points per position.
REPUTATION_START = Sourced(2, APPROX)
REPUTATION_POINTS = Sourced((-3, -1, 0, 1, 2, 3, 5, 7, 9), APPROX)

# ---------------------- round track, St. Barbara, events (Designed components: player board and round track; events)
#: Reputation lost instead of paying tax, by round.
TAX_REPUTATION = Sourced((1, 1, 2, 2, 3, 3), APPROX)
#: The tax icon printed on each St. Barbara tile (1..11), added when a guild building flips it.
ST_BARBARA_TAX = Sourced((1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3), APPROX)


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    tax: int  # tax +N when revealed
    population: int  # round end: population deck +N
    ore: int  # round end: ore deck +N
    town_builds: str  # round end: the town builds this good ("" for none)
    source: str = APPROX


EVENTS: tuple[EventCard, ...] = (
    EventCard("A1", 0, 2, 0, ""), EventCard("A2", 0, 0, 2, ""), EventCard("A3", 1, 1, 0, ""),
    EventCard("A4", 0, 0, 0, "wood"), EventCard("A5", 0, 1, 1, ""),
    EventCard("B1", 0, 3, 0, ""), EventCard("B2", 0, 0, 3, ""), EventCard("B3", 2, 0, 0, ""),
    EventCard("B4", 0, 0, 0, "food"), EventCard("B5", 1, 0, 2, ""),
)

# ------------------------------- action cards and guild setup (Designed components: guild setup cards; action cards)
#: Each player's 6 action cards, two halves each (the rule text's example fixes Plot/Mine and Mine/Joker).
ACTION_CARDS = Sourced((("plot", "mine"), ("mine", "joker"), ("plot", "build"), ("rights", "income"),
                        ("rights", "build"), ("income", "barbara")), APPROX)
_CARD_1 = (("metallurgists", "miners", "builders"), ("scribes", "tavern", "grocers"),
           ("metallurgists", "scribes", "grocers"), ("miners", "builders", "tavern"))
_GUILDS = ("builders", "grocers", "tavern", "scribes", "metallurgists", "miners")


def _relabel(card: int, guild: str) -> str:
    # card k maps guild i to (a*i + k) mod 6 with a = 1 for cards 1-6 and 5 for cards 7-9: nine distinct cards
    a = 1 if card < 6 else 5
    return _GUILDS[(a * _GUILDS.index(guild) + card) % 6]


#: Cards 2..9 relabel card 1's guilds by a fixed permutation, so every card keeps its counting properties.
GUILD_SETUP = Sourced(tuple(
    tuple(tuple(_relabel(k, g) for g in guild_set) for guild_set in _CARD_1)
    for k in range(9)), APPROX, "card 1 designed by us; cards 2-9 permute the guild names")
