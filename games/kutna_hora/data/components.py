"""Kutná Hora component numbers used by the price economy and the buildings, each tagged with its source.

``rulebook``: printed in the rule text (``shared/seeds/kutna_hora_rules_ja.txt``). ``inferred``: follows from the
text's words (the note says which). ``approx``: designed by us (``docs/rules_notes/kutna_hora.md``, "Designed
components"), to be replaced by a transcription.

The 36 building tiles are data, ``data/buildings.json`` (schema ``kutna_hora/buildings/1``): each tile lists its
printed effects in the words of the rule text's effect list (鉱山と建物の効果), with amounts, so a transcription of
the real tiles replaces that file without code changes. :func:`load_buildings` checks a file and names the tile
and the field of any mistake.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Mapping, Sequence

from games.core import APPROX, DataError, Sourced
from games.core.provenance import INFERRED, PUBLISHED

from .rulebook import GUILD_BUILDING_TILES, NOBLE_COLOURS, PUBLIC_BUILDING_TILES, RED_BUILDINGS

RULEBOOK = "rulebook"

#: The six guilds and the good each produces. The text ties miners to ore, metallurgists to silver, builders to
#: wood, the tavern to beer and grocers to food in its words; the scribes' permits follow by elimination.
GUILD_GOOD = Sourced(
    {"builders": "wood", "grocers": "food", "tavern": "beer", "scribes": "permits", "metallurgists": "silver",
     "miners": "ore"},
    INFERRED,
    "鉱夫ギルドの建物は鉱石の生産力を高めます; 銀建物 (冶金師); このゲームの木材 (建築業者); 「ビール」 (酒場); "
    "食料雑貨商; the scribes' permits by elimination",
)
#: The guild whose buildings produce each good.
GOOD_GUILD = {good: guild for guild, good in GUILD_GOOD.value.items()}

#: Starting groschen by seat: start player 40, then 41, 42, 43 (JA 初期グロシュ).
STARTING_GROSCHEN = Sourced((40, 41, 42, 43), RULEBOOK)

#: Rights cost by town hall column: 1 groschen, then 1 / 2 / 3 permits (JA 独占権アクション step 2).
RIGHTS_COSTS = Sourced((("groschen", 1), ("permits", 1), ("permits", 2), ("permits", 3)), RULEBOOK)

#: Slots for held building tiles on a player board (JA 独占権アクション step 3).
HELD_SLOTS = Sourced(3, RULEBOOK)

#: Town hall layout: the 6 marked guild tiles fill the 6 spaces of the two left columns, so there are 3 rows (each
#: with its public stack third, ZH 每行第3个).
TOWN_HALL_ROWS = Sourced(3, INFERRED, "目印付きのタイル6枚を…左端の2列にある6スペースに1枚ずつ: 6 spaces / 2 columns")
GUILD_COLUMNS = Sourced(2, RULEBOOK)

#: Public building stacks, one per row in the third column (row order approx: the board shows it).
PUBLIC_STACK_ROWS = Sourced(("green", "silver", "yellow"), APPROX)

# ---------------------------------------------------------------- effects (鉱山と建物の効果)
#: Every effect a building tile can show, as the rule text's effect list names them. ``amount`` is the number
#: printed (production, deck cards, points, reputation, pelicans, tax) or how many times the icon acts (slider
#: notches, technology tiles, nobles, houses removed, St. Barbara tiles turned).
TILE_EFFECTS: dict[str, str] = {
    "production": "示されている商品の生産力を、示されている値だけ上げる (the building's own good)",
    "slider": "示されている商品のスライダーを、刻み目1つ分だけ右に動かす (the building's own good)",
    "technology": "一番上の採掘技術タイルを得て、無料の鉱山であるかのように…プレイ",
    "ore-deck": "鉱石デッキを示されている枚数だけ進める",
    "population": "人口デッキを示されている枚数だけ進める",
    "points": "示されている値の点数を即座に得る",
    "reputation": "示されている値の名声を得る",
    "pelicans": "示されている枚数のペリカントークンを得る",
    "tax": "示されている額だけ税金を増やす",
    "noble": "示されている貴族トークンを銀行から貴族プールに移動させる (needs a colour)",
    "remove-house": "自分のプレイヤーボードから家駒を1個取り除く",
    "st-barbara": "現在の聖バルボラタイルを裏向きにする",
}
#: What the space a house leaves can show (建物アクション step 5): a public building for free, pelicans,
#: reputation, points. One space may show several (a free public building and points: アクションと聖バルボラ効果の無視).
HOUSE_EFFECT_KINDS: dict[str, str] = {
    "public-rights": "公共建物タイルを1枚得ます",
    "pelicans": "ベリカントークンを1枚得て",
    "reputation": "示されている値の名声を得ます",
    "points": "示されている値の点数を即座に得ます",
}
#: Effects a public building cannot show: it raises no production (プレイヤーはその建物によって生産力を高めません) and
#: has no good whose slider could move.
_NOT_PUBLIC = ("production", "slider")


@dataclass(frozen=True, slots=True)
class Effect:
    """One printed effect: ``Effect("tax", 2)``, ``Effect("noble", 1, "green")``, ``Effect("slider")``."""

    kind: str
    amount: int = 1
    colour: str = ""  # the noble's colour (``noble`` only)

    def words(self) -> str:
        """``tax +2``, ``noble green``, ``st-barbara +1``: how logs and views write it."""
        if self.kind == "noble":
            return f"noble {self.colour}" + (f" ×{self.amount}" if self.amount > 1 else "")
        return f"{self.kind} +{self.amount}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.amount != 1:
            out["amount"] = self.amount
        if self.colour:
            out["colour"] = self.colour
        return out


@dataclass(frozen=True, slots=True)
class BuildingTile:
    """A building tile as printed: wood cost, plot value, matching icons and its effects in printed order."""

    id: str
    guild: str  # guild name, or "public"
    colour: str  # noble colour for public buildings, "" for guild buildings
    wood: int
    plot_value: int
    marked: bool  # the marked bottom-right corner: always the last tile of its guild stack
    icons: tuple[str, ...]  # matching icons, top-left corner (final town scoring, St. Barbara tile 10)
    effects: tuple[Effect, ...]  # what building it does, in printed order (鉱山と建物の効果)
    source: str = APPROX
    #: Derived from ``effects`` once: the total amount printed of each kind.
    _amounts: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        amounts: dict[str, int] = {}
        for e in self.effects:
            amounts[e.kind] = amounts.get(e.kind, 0) + e.amount
        object.__setattr__(self, "_amounts", amounts)

    def amount(self, kind: str) -> int:
        """The total printed amount of one kind of effect (0 when the tile does not show it)."""
        return self._amounts.get(kind, 0)

    @property
    def production(self) -> int:
        """Production of the guild's good the tile adds (0 for public buildings)."""
        return self.amount("production")

    @property
    def population(self) -> int:
        """Cards the population deck advances when the tile is built."""
        return self.amount("population")

    @property
    def technology(self) -> bool:
        """Whether the tile shows the mining technology icon."""
        return self.amount("technology") > 0


# ---------------------------------------------------------------- loading and checking tile data
SCHEMA = "kutna_hora/buildings/1"
_ID = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
_TILE_FIELDS = {"id", "guild", "colour", "wood", "plot_value", "marked", "icons", "effects"}


@dataclass(frozen=True, slots=True)
class BuildingSet:
    """A checked set of building tiles (``data/buildings.json`` or a transcription)."""

    name: str
    source: str
    description: str
    guild_tiles: tuple[BuildingTile, ...]
    public_tiles: tuple[BuildingTile, ...]


def _count(value: Any, where: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise DataError(f"{where}: {value!r} is not a whole number of at least {least}")
    return value


def load_effect(raw: Any, where: str, kinds: Mapping[str, str]) -> Effect:
    """One effect, written ``{"kind": "tax", "amount": 2}`` (amount 1 may be left out; a noble names its colour)."""
    if not isinstance(raw, Mapping) or "kind" not in raw or set(raw) - {"kind", "amount", "colour"}:
        raise DataError(f"{where}: an effect is an object with kind, and optionally amount and colour")
    kind = raw["kind"]
    if kind not in kinds:
        raise DataError(f"{where}: unknown effect {kind!r} (one of {', '.join(kinds)})")
    amount = _count(raw.get("amount", 1), f"{where}.amount", 1)
    colour = raw.get("colour", "")
    if kind == "noble" and colour not in NOBLE_COLOURS:
        raise DataError(f"{where}.colour: a noble effect names one of {', '.join(NOBLE_COLOURS)}, not {colour!r}")
    if kind != "noble" and colour:
        raise DataError(f"{where}.colour: only a noble effect has a colour")
    return Effect(str(kind), amount, str(colour))


def load_tile(raw: Any, source: str, k: int) -> BuildingTile:
    """One tile, checked field by field; :class:`DataError` names the tile and the field."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("id"), str) or not _ID.match(raw["id"]):
        raise DataError(f"tiles[{k}]: a tile is an object whose id is lower-case letters, digits and '-'")
    tile = f"building tile {raw['id']!r}"
    unknown = sorted(set(raw) - _TILE_FIELDS)
    if unknown:
        raise DataError(f"{tile}: unknown field {unknown[0]!r} (fields: {', '.join(sorted(_TILE_FIELDS))})")
    guild = raw.get("guild")
    if guild != "public" and guild not in GUILD_GOOD.value:
        raise DataError(f"{tile}, field 'guild': {guild!r} is not a guild ({', '.join(GUILD_GOOD.value)}) or 'public'")
    colour = raw.get("colour", "")
    if guild == "public" and colour not in NOBLE_COLOURS:
        raise DataError(f"{tile}, field 'colour': a public building shows a noble: {', '.join(NOBLE_COLOURS)}")
    if guild != "public" and colour:
        raise DataError(f"{tile}, field 'colour': only public buildings have a noble colour")
    wood = _count(raw.get("wood"), f"{tile}, field 'wood'", 0)
    plot_value = _count(raw.get("plot_value"), f"{tile}, field 'plot_value'", 1)
    marked = raw.get("marked", False)
    if not isinstance(marked, bool) or (marked and guild == "public"):
        raise DataError(f"{tile}, field 'marked': true or false, and only guild tiles are marked")
    icons = raw.get("icons")
    if not isinstance(icons, list) or not all(isinstance(i, str) and _ID.match(i) for i in icons):
        raise DataError(f"{tile}, field 'icons': a list of icon names (lower-case words)")
    effects_raw = raw.get("effects")
    if not isinstance(effects_raw, list):
        raise DataError(f"{tile}, field 'effects': a list of effects")
    effects = tuple(load_effect(e, f"{tile}, field 'effects[{i}]'", TILE_EFFECTS) for i, e in enumerate(effects_raw))
    _check_effects(tile, str(guild), str(colour), effects)
    return BuildingTile(raw["id"], str(guild), str(colour), wood, plot_value, marked, tuple(icons), effects, source)


def _check_effects(tile: str, guild: str, colour: str, effects: Sequence[Effect]) -> None:
    """The rules a tile's effects must follow (each with the rule text's words)."""
    kinds = [e.kind for e in effects]
    if guild == "public":
        bad = [k for k in kinds if k in _NOT_PUBLIC]
        if bad:
            raise DataError(f"{tile}, field 'effects': a public building shows no {bad[0]} "
                            "(プレイヤーはその建物によって生産力を高めません)")
        if not any(e.kind == "noble" and e.colour == colour for e in effects):
            raise DataError(f"{tile}, field 'effects': every public building adds its {colour} noble to the pool "
                            "(すべての公共建物は貴族プールに貴族を追加します): add {\"kind\": \"noble\", \"colour\": "
                            f"\"{colour}\"}}")
        return
    if "production" not in kinds:
        raise DataError(f"{tile}, field 'effects': a guild building raises its good's production "
                        "(ギルド建物を建設すると、関連している商品の生産量が増えます)")
    if guild == "miners":
        if "slider" in kinds:
            raise DataError(f"{tile}, field 'effects': a miners' building moves no slider "
                            "(鉱夫ギルドの建物は唯一の例外です)")
        ore = sum(e.amount for e in effects if e.kind == "production")
        deck = sum(e.amount for e in effects if e.kind == "ore-deck")
        if deck != ore:
            raise DataError(f"{tile}, field 'effects': ore production +{ore} advances the ore deck by the same "
                            f"{ore}, not {deck} (鉱石デッキを同じ値だけ進めます)")


def load_buildings(data: Any) -> BuildingSet:
    """Check and load a building set (the parsed JSON of ``data/buildings.json`` or a transcription).

    Beyond each tile's fields: tile ids are unique; there are 24 guild tiles, 4 of each guild with exactly one
    marked (ゲームの準備 4), and 12 public tiles, 3 of them red and the rest green, silver or yellow."""
    if not isinstance(data, Mapping) or data.get("schema") != SCHEMA:
        raise DataError(f"a building set must be an object with schema {SCHEMA!r}")
    if data.get("source") not in (APPROX, RULEBOOK, PUBLISHED):
        raise DataError("a building set's source must be 'approx', 'rulebook' or 'published'")
    raw_tiles = data.get("tiles")
    if not isinstance(raw_tiles, list):
        raise DataError("a building set's 'tiles' is a list of tiles")
    tiles = [load_tile(raw, str(data["source"]), k) for k, raw in enumerate(raw_tiles)]
    seen: set[str] = set()
    for t in tiles:
        if t.id in seen:
            raise DataError(f"building tile {t.id!r}: the id is used twice")
        seen.add(t.id)
    guild_tiles = tuple(t for t in tiles if t.guild != "public")
    public_tiles = tuple(t for t in tiles if t.guild == "public")
    if len(guild_tiles) != GUILD_BUILDING_TILES.value or len(public_tiles) != PUBLIC_BUILDING_TILES.value:
        raise DataError(f"a building set has {GUILD_BUILDING_TILES.value} guild and {PUBLIC_BUILDING_TILES.value} "
                        f"public tiles, not {len(guild_tiles)} and {len(public_tiles)}")
    per_guild = GUILD_BUILDING_TILES.value // len(GUILD_GOOD.value)
    for guild in GUILD_GOOD.value:
        mine = [t for t in guild_tiles if t.guild == guild]
        if len(mine) != per_guild or sum(t.marked for t in mine) != 1:
            raise DataError(f"the {guild} tiles: {per_guild} tiles with exactly one marked, not {len(mine)} tiles "
                            f"with {sum(t.marked for t in mine)} marked")
    if sum(t.colour == "red" for t in public_tiles) != RED_BUILDINGS.value:
        raise DataError(f"a building set has {RED_BUILDINGS.value} red public buildings")
    return BuildingSet(str(data.get("name", "")), str(data["source"]), str(data.get("description", "")),
                       guild_tiles, public_tiles)


def house_grid(raw: Sequence[Sequence[Sequence[tuple[str, int]]]], rows: int, spaces: int) \
        -> tuple[tuple[tuple[Effect, ...], ...], ...]:
    """The player board's house spaces: ``rows`` rows of ``spaces`` spaces, each a tuple of ``(kind, amount)`` pairs
    (the effects shown right of the house, 建物アクション step 5); :class:`DataError` names the row and space."""
    if len(raw) != rows or any(len(row) != spaces for row in raw):
        raise DataError(f"the house grid has {rows} rows of {spaces} spaces")
    out = []
    for r, row in enumerate(raw, 1):
        cells = []
        for c, space in enumerate(row, 1):
            where = f"house row {r}, space {c}"
            if not space:
                raise DataError(f"{where}: a house space shows at least one effect")
            cells.append(tuple(load_effect({"kind": kind, "amount": n}, f"{where}, effect {i}", HOUSE_EFFECT_KINDS)
                               for i, (kind, n) in enumerate(space, 1)))
        out.append(tuple(cells))
    return tuple(out)


def _packaged_data() -> dict[str, Any]:
    path = resources.files("games.kutna_hora.data") / "buildings.json"
    return json.loads(path.read_text(encoding="utf-8"))


#: The parsed ``data/buildings.json`` as written (the designable ``buildings`` parameter changes a copy of it).
BUILDINGS_DATA: Mapping[str, Any] = _packaged_data()
BUILDINGS: BuildingSet = load_buildings(BUILDINGS_DATA)
GUILD_BUILDINGS: tuple[BuildingTile, ...] = BUILDINGS.guild_tiles
PUBLIC_BUILDINGS: tuple[BuildingTile, ...] = BUILDINGS.public_tiles
TILES: dict[str, BuildingTile] = {t.id: t for t in GUILD_BUILDINGS + PUBLIC_BUILDINGS}
