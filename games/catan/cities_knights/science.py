"""Science progress cards (green, paper; how many of each: parameter ``progress_cards``; the numbers they print:
``card_numbers``) (``progress.<card>``).

Alchemist (before the roll: choose both production dice), Crane (the next improvement this turn costs fewer
commodities), Engineer (a free city wall), Inventor (swap two number tokens, never the ones in
``ck_rulebook.INVENTOR_FIXED``), Irrigation (grain per fields hex next to your buildings), Medicine (a city for
``medicine_cost``), Mining (ore per mountains hex next to your buildings), Printer (``progress_card_points``, shown at
once), Road Building (free roads), Smith (promote knights free, :class:`.knights.Promote` without its cost; mighty
still needs the Fortress).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.catan import pieces
from games.catan.board import HEX_CORNER_MASK, N_HEXES, N_NODES
from games.catan.choice import CatanStep, PlaceChoice, place_of
from games.catan.data import ck_rulebook, rulebook
from games.catan.development import RoadBuilding
from games.catan.pieces import name
from games.catan.state import waiting
from games.core import Action

from . import knights, walls
from .cards import Card, always, never
from .cities import upgradable, upgrade
from .design import medicine_text
from .progress import register
from .state import (
    ALCHEMIST,
    CARD_KINDS,
    CARDS,
    CRANE,
    ENGINEER,
    GRAIN,
    INVENTOR,
    IRRIGATION,
    MEDICINE,
    MINING,
    ORE,
    PRINTER,
    ROAD_BUILDING,
    SMITH,
)

if TYPE_CHECKING:
    from .game import CKGame

FIXED = ck_rulebook.INVENTOR_FIXED.value
FIELDS, MOUNTAINS = rulebook.TERRAINS.index("fields"), rulebook.TERRAINS.index("mountains")
SWAP = {(a, b): Action("swap", (a, b)) for a in range(N_HEXES) for b in range(a + 1, N_HEXES)}
CITY = tuple(Action("city", (v,)) for v in range(N_NODES))
DONE = Action("done")


# ---------------------------------------------------------------- Alchemist (played before the roll: dice.py)
def _alchemist(game: CKGame, p: int) -> None:
    game.push(waiting("alchemist", p))


# ---------------------------------------------------------------- Crane
def _crane_ok(game: CKGame, p: int) -> bool:
    return not game.state.crane


def _crane(game: CKGame, p: int) -> None:
    game.state.crane = True
    saves = game.design.card_numbers["crane"]
    game.emit("progress.crane", f"Crane: {name(p)}'s next city improvement this turn costs {saves} "
              f"commodit{'y' if saves == 1 else 'ies'} less.",
              player=p)
    game.push(waiting("card-done", game.state.player))


# ---------------------------------------------------------------- Engineer
def _engineer_ok(game: CKGame, p: int) -> bool:
    return bool(walls.sites(game, p))


def _engineer(game: CKGame, p: int) -> None:
    game.push(waiting("engineer", p))


class EngineerWall(PlaceChoice):
    kind = "engineer"
    forms = {"wall": "wall NODE"}
    actions = walls.WALL
    ask = "build a city wall free (Engineer)"
    refused = "{place} is not one of your cities without a wall (walls.build, progress.engineer)."

    def places(self, game: CKGame, at: Any) -> int:
        return walls.sites(game, at.player)

    def choose(self, game: CKGame, p: int, v: int) -> None:
        game.emit("progress.engineer", f"Engineer: {name(p)} builds a wall free.", player=p)
        walls.build(game, p, v, free=True)
        game.push(waiting("card-done", game.state.player))


# ---------------------------------------------------------------- Inventor
def swappable(game: CKGame) -> list[int]:
    numbers = game.state.numbers
    return [h for h in range(N_HEXES) if numbers[h] and numbers[h] not in FIXED]


def _inventor(game: CKGame, p: int) -> None:
    game.push(waiting("inventor", p))


def fixed_words(conjunction: str) -> str:
    """The numbers the Inventor never moves, in words: ``2, 6, 8 or 12``."""
    *most, last = map(str, FIXED)
    return f"{', '.join(most)} {conjunction} {last}" if most else last


class InventorSwap(CatanStep):
    kind = "inventor"
    forms = {"swap": "swap HEX HEX"}
    ask = f"swap two number tokens, never {fixed_words('or')} (Inventor)"

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        hexes = swappable(game)
        return [SWAP[(a, b)] for i, a in enumerate(hexes) for b in hexes[i + 1:]]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        a, b = action.args
        for h in (a, b):  # the hex that may not be swapped, named (the table says it in place words)
            if not 0 <= h < N_HEXES:
                return f"there is no hex {h}."
            number = game.state.numbers[h]
            if not number or number in FIXED:
                held = f"carries a {number}" if number else "has no number token"
                return f"hex {h} {held}: the Inventor never moves {fixed_words('or')} (progress.inventor)."
        if a == b:
            return "the Inventor swaps the numbers of two different hexes (progress.inventor)."
        return f"write the lower hex first: swap {min(a, b)} {max(a, b)} (progress.inventor)."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s = game.state
        a, b = place_of(action), place_of(action, 1)
        numbers = list(s.numbers)
        numbers[a], numbers[b] = numbers[b], numbers[a]
        s.numbers = tuple(numbers)
        game.emit("progress.inventor", f"Inventor: {name(at.player)} swaps the number tokens of hex {a} (now "
                  f"{numbers[a]}) and hex {b} (now {numbers[b]}).", player=at.player, hexes=[a, b])
        game.push(waiting("card-done", game.state.player))


# ---------------------------------------------------------------- Irrigation, Mining
#: The harvest cards: progress card -> (the terrain it harvests, the card it takes, its rule).
HARVESTS = {IRRIGATION: (FIELDS, GRAIN, "progress.irrigation"), MINING: (MOUNTAINS, ORE, "progress.mining")}


def harvest(game: CKGame, p: int, kind: int) -> tuple[int, int, int, int]:
    """What the harvest card ``kind`` gives ``p``: (card, cards taken, cards due, hexes counted): so many for each
    hex of its terrain next to their buildings, while the bank has them."""
    s = game.state
    terrain, card, rule = HARVESTS[kind]
    mine = s.settlements[p] | s.cities[p]
    hexes = [h for h in range(N_HEXES) if s.terrain[h] == terrain and mine & HEX_CORNER_MASK[h]]
    each = game.design.card_numbers[rule.split(".")[1]]
    due = each * len(hexes)
    return card, min(due, s.bank[card]), due, len(hexes)


def _harvest(game: CKGame, p: int, kind: int) -> None:
    s = game.state
    terrain, card, rule = HARVESTS[kind]
    card, got, due, hexes = harvest(game, p, kind)
    each = game.design.card_numbers[rule.split(".")[1]]
    s.bank[card] -= got
    s.hands[p * CARD_KINDS + card] += got
    short = f" (the bank has only {got})" if got < due else ""
    game.emit(rule, f"{name(p)} takes {got} {CARDS[card]}: {each} for each of the "
              f"{hexes} {rulebook.TERRAINS[terrain]} hexes next to their buildings{short}.", player=p, taken=got)
    game.push(waiting("card-done", game.state.player))


def _irrigation(game: CKGame, p: int) -> None:
    _harvest(game, p, IRRIGATION)


def _mining(game: CKGame, p: int) -> None:
    _harvest(game, p, MINING)


# ---------------------------------------------------------------- Medicine
def _medicine_ok(game: CKGame, p: int) -> bool:
    return pieces.can_pay(game, p, game.design.medicine_cost) and bool(upgradable(game, p))


def _medicine(game: CKGame, p: int) -> None:
    game.push(waiting("medicine", p))


class MedicineCity(PlaceChoice):
    kind = "medicine"
    forms = {"city": "city NODE"}
    actions = CITY
    def prompt(self, game: CKGame, at: Any) -> str:
        return (f"{name(at.player)}: upgrade a settlement to a city for "
                f"{medicine_text(game.design.medicine_cost)} (Medicine)")

    refused = "{place} is not one of your settlements that can become a city (progress.medicine)."

    def places(self, game: CKGame, at: Any) -> int:
        return upgradable(game, at.player)

    def choose(self, game: CKGame, p: int, v: int) -> None:
        pieces.pay(game, p, game.design.medicine_cost)
        cost = medicine_text(game.design.medicine_cost)
        game.emit("progress.medicine", f"Medicine: {name(p)} builds a city at {v} for {cost}.", player=p, node=v)
        upgrade(game, p, v)
        game.push(waiting("card-done", game.state.player))


# ---------------------------------------------------------------- Road Building
def _roads_ok(game: CKGame, p: int) -> bool:
    s = game.state
    return bool(s.roads_left[p] and s.road_ok[p])


def _road_building(game: CKGame, p: int) -> None:
    s = game.state
    s.free_roads = min(game.design.free_roads, s.roads_left[p])
    if s.free_roads < game.design.free_roads:
        game.emit("decision.road-building", f"{name(p)} has only {s.free_roads} road piece left to place.", player=p)
    game.push(waiting("road-building", p))


class CKRoadBuilding(RoadBuilding):
    """Road Building, the progress card: the base game's free roads, then the card is done."""

    rule = "progress.road-building"
    after = "card-done"


# ---------------------------------------------------------------- Smith
def _smith_ok(game: CKGame, p: int) -> bool:
    return bool(SmithPromote.promotion.candidates(game, p))


def _smith(game: CKGame, p: int) -> None:
    s = game.state
    s.count = game.design.card_numbers["smith"]
    game.push(waiting("smith", p))


class SmithPromote(PlaceChoice):
    """The Smith's free promotions: the promotion's own rules (:class:`knights.Promote`), without its cost."""

    kind = "smith"
    forms = {"promote": "promote NODE", "done": "done"}
    actions = knights.PROMOTE
    stop = DONE
    ask = "promote a knight free (Smith, {state.count} left), or done"
    promotion = knights.Promote()

    def places(self, game: CKGame, at: Any) -> int:
        return self.promotion.candidates(game, at.player)

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        return (self.promotion.obstacle(game, at.player, action.args[0])
                or "that knight cannot be promoted (knights.promote).")

    def choose(self, game: CKGame, p: int, v: int) -> None:
        s = game.state
        game.emit("progress.smith", f"Smith: {name(p)} promotes a knight free.", player=p)
        self.promotion.promote(game, p, v, free=True)
        s.count -= 1
        if not (s.count and self.promotion.candidates(game, p)):
            self.stopped(game, p)

    def stopped(self, game: CKGame, p: int) -> None:
        game.push(waiting("card-done", game.state.player))


EFFECTS = register({
    ALCHEMIST: Card(ALCHEMIST, never, _alchemist, "the Alchemist is played before the roll only "
                    "(progress.alchemist)."),
    CRANE: Card(CRANE, _crane_ok, _crane, "a Crane is waiting for your next improvement already; two never stack "
                "(progress.crane)."),
    ENGINEER: Card(ENGINEER, _engineer_ok, _engineer, lambda game: "the Engineer needs a city without a wall and "
                   f"fewer than {game.design.walls} walls (progress.engineer, decision.ck-card-needs-effect)."),
    INVENTOR: Card(INVENTOR, always, _inventor, ""),
    IRRIGATION: Card(IRRIGATION, always, _irrigation, ""),
    MEDICINE: Card(MEDICINE, _medicine_ok, _medicine, lambda game: "Medicine needs a settlement that can become a "
                   f"city and {medicine_text(game.design.medicine_cost)} (progress.medicine, "
                   "decision.ck-card-needs-effect)."),
    MINING: Card(MINING, always, _mining, ""),
    PRINTER: Card(PRINTER, never, _alchemist, "the Printer is shown when drawn (progress.vp-reveal)."),
    ROAD_BUILDING: Card(ROAD_BUILDING, _roads_ok, _road_building, "Road Building needs a road piece and a path "
                        "where you may build (progress.road-building, decision.ck-card-needs-effect)."),
    SMITH: Card(SMITH, _smith_ok, _smith, "the Smith needs a knight that can be promoted (progress.smith, "
                "decision.ck-card-needs-effect)."),
})
