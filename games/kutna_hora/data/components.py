"""Kutná Hora component numbers used by the price economy, each tagged with its source.

``rulebook``: printed in the rule text (``shared/seeds/kutna_hora_rules_ja.txt``).
``approx``: designed by us (``shared/notes/kutna_hora.md`` §7, §14), to be replaced by a transcription.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import APPROX, Sourced

from .approx import GUILD_ICONS, PUBLIC_BONUS, PUBLIC_ICONS

RULEBOOK = "rulebook"

#: The six guilds and the good each produces (JA 内容物 / ギルド).
GUILD_GOOD = Sourced(
    {"builders": "wood", "grocers": "food", "tavern": "beer", "scribes": "permits", "metallurgists": "silver",
     "miners": "ore"},
    RULEBOOK,
)
#: The guild whose buildings produce each good.
GOOD_GUILD = {good: guild for guild, good in GUILD_GOOD.value.items()}

#: Starting groschen by seat: start player 40, then 41, 42, 43 (JA 初期グロシュ).
STARTING_GROSCHEN = Sourced((40, 41, 42, 43), RULEBOOK)

#: Rights cost by town hall column: 1 groschen, then 1 / 2 / 3 permits (JA 独占権アクション step 2).
RIGHTS_COSTS = Sourced((("groschen", 1), ("permits", 1), ("permits", 2), ("permits", 3)), RULEBOOK)

#: Slots for held building tiles on a player board (JA 独占権アクション step 3).
HELD_SLOTS = Sourced(3, RULEBOOK)

#: Town hall layout: 3 rows of stacks; guild stacks fill the two left columns (JA ゲームの準備 4).
TOWN_HALL_ROWS = Sourced(3, "approx", "3 rows x 4 columns is read from the board picture (notes §7.1)")
GUILD_COLUMNS = Sourced(2, RULEBOOK)

#: Public building stacks, one per row in the third column (row order approx: the board shows it).
PUBLIC_STACK_ROWS = Sourced(("green", "silver", "yellow"), APPROX)


@dataclass(frozen=True, slots=True)
class BuildingTile:
    """A building tile as printed: wood cost, production, plot value and icons (approx numbers, notes §7.3)."""

    id: str
    guild: str  # guild name, or "public"
    colour: str  # noble colour for public buildings, "" for guild buildings
    wood: int
    production: int
    plot_value: int
    population: int  # population deck +N when built
    marked: bool  # the marked bottom-right corner: always the last tile of its guild stack
    extra: str  # "", "tax+1" or "st-barbara" (icons the price sandbox does not resolve)
    icons: tuple[str, ...] = ()  # matching icons, top-left corner (final town scoring, St. Barbara tile 10)
    technology: bool = False  # the mining technology icon (every miners' building, approx)
    bonus: tuple[str, int] = ("", 0)  # a public building's immediate bonus besides its noble
    source: str = APPROX


def _guild_tiles() -> tuple[BuildingTile, ...]:
    # notes §7.3: T1, T2 (2 wood, +1), T3 (3 wood, +2, tax +1), T4 marked (4 wood, +2, flips St. Barbara)
    pattern = ((2, 1, 3, ""), (2, 1, 3, ""), (3, 2, 4, "tax+1"), (4, 2, 5, "st-barbara"))
    tiles = []
    for guild in GUILD_GOOD.value:
        for i, (wood, prod, plot, extra) in enumerate(pattern, start=1):
            tiles.append(BuildingTile(f"{guild}-{i}", guild, "", wood, prod, plot, 1, i == 4, extra,
                                      GUILD_ICONS.value[guild][i - 1], guild == "miners"))
    return tuple(tiles)


def _public_tiles() -> tuple[BuildingTile, ...]:
    # notes §7.4: wood 4 / 5 / 6, plot value 5 / 6 / 7, population +2, no production
    return tuple(
        BuildingTile(f"{colour}-{i}", "public", colour, 3 + i, 0, 4 + i, 2, False, "",
                     PUBLIC_ICONS.value[colour][i - 1], False, PUBLIC_BONUS.value[colour])
        for colour in ("green", "silver", "yellow", "red")
        for i in (1, 2, 3)
    )


GUILD_BUILDINGS: tuple[BuildingTile, ...] = _guild_tiles()
PUBLIC_BUILDINGS: tuple[BuildingTile, ...] = _public_tiles()
TILES: dict[str, BuildingTile] = {t.id: t for t in GUILD_BUILDINGS + PUBLIC_BUILDINGS}
