"""Development cards and the largest army (base game only: Cities & Knights replaces them with progress cards).

* ``buy``: the development card's cost (parameter ``costs``) draws the top card of the face-down deck
  (``dev.buy``). Which card it is stays hidden: the log says only that a card was bought.
* ``play CARD``: at most one development card per turn, never one bought this turn (``dev.one-per-turn``); a knight
  may be played before the roll. Knight: move the robber and steal (``dev.knight``); Road Building: free roads
  (``road_building_roads``, ``dev.road-building``); Year of Plenty: take resources from the bank
  (``year_of_plenty_cards``, ``dev.year-of-plenty``); Monopoly: every
  other player gives you all their cards of the resource you name (``dev.monopoly``).
* Victory point cards are never played: they stay hidden and count when their owner wins (``dev.victory-point``).
* Largest army: the first to play ``largest_army_min`` knights takes the card (``largest_army_points``); another
  player needs strictly more
  (``army.largest``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.core import Action

from . import building, pieces
from .board import bits
from .choice import CatanStep, NameChoice, TurnVerb, bank_gives
from .data import rulebook
from .design import cost_text
from .pieces import RESOURCE_KINDS, name
from .setup import ROAD, edge_arg
from .state import MAIN, ROLL, waiting

if TYPE_CHECKING:
    from .game import CatanGame

KINDS = rulebook.DEVELOPMENT_KINDS
KNIGHT, MONOPOLY_CARD, ROAD_BUILDING_CARD, VICTORY_POINT, PLENTY_CARD = range(len(KINDS))
PLAYABLE = (KNIGHT, MONOPOLY_CARD, ROAD_BUILDING_CARD, PLENTY_CARD)
BUY = Action("buy")
PLAY = {k: Action("play", (KINDS[k],)) for k in PLAYABLE}
TAKE = tuple(Action("take", (r,)) for r in rulebook.RESOURCES)
NAME = tuple(Action("name", (r,)) for r in rulebook.RESOURCES)
DEV_KINDS = len(KINDS)


def playable(game: CatanGame, p: int, kind: int) -> bool:
    """``p`` holds a card of ``kind`` bought before this turn and has played no development card this turn."""
    s = game.state
    return not s.dev_played and s.devs[p * DEV_KINDS + kind] - s.devs_new[kind] > 0


def buy_refusal(game: CatanGame, p: int) -> str:
    """Why ``p`` may not buy a development card now: the deck is empty, or the cost is not in hand."""
    if not game.state.deck:
        return "the development card deck is empty: every card has been bought (dev.buy)."
    return f"buying a development card needs {cost_text(game.design.development_cost)} (dev.buy)."


def play_options(game: CatanGame, p: int, hand: list[int] | None = None, before_roll: bool = False) -> list[Action]:
    s = game.state
    if s.dev_played or not any(s.devs[p * DEV_KINDS:p * DEV_KINDS + DEV_KINDS]):
        return []
    out = []
    for kind in (KNIGHT,) if before_roll else PLAYABLE:
        if s.devs[p * DEV_KINDS + kind] - s.devs_new[kind] <= 0:
            continue
        if kind == ROAD_BUILDING_CARD and not (s.roads_left[p] and s.road_ok[p]):
            continue
        if kind == PLENTY_CARD and not any(s.bank):
            continue
        out.append(PLAY[kind])
    return out


def buy(game: CatanGame, p: int) -> None:
    s = game.state
    pieces.pay(game, p, game.design.development_cost)
    kind = s.deck.pop()
    s.devs[p * DEV_KINDS + kind] += 1
    s.devs_new[kind] += 1
    game.emit("dev.buy", f"{name(p)} buys a development card ({len(s.deck)} left in the deck).", player=p,
              deck=len(s.deck))


def play(game: CatanGame, p: int, card: str) -> None:
    s = game.state
    kind = KINDS.index(card)
    s.devs[p * DEV_KINDS + kind] -= 1
    s.played[kind] += 1
    s.dev_played = True
    game.emit("dev.one-per-turn", f"{name(p)} plays {card.replace('-', ' ')} (one development card per turn).",
              player=p, card=card)
    if kind == KNIGHT:
        s.knights[p] += 1
        game.emit("dev.knight", f"{name(p)}'s knight moves the robber ({s.knights[p]} knights played).", player=p,
                  knights=s.knights[p])
        _largest_army(game, p)
        s.after_robber = MAIN if s.rolled else ROLL
        game.push(waiting("robber", p))
    elif kind == ROAD_BUILDING_CARD:
        s.free_roads = min(game.design.free_roads, s.roads_left[p])
        if s.free_roads < game.design.free_roads:
            game.emit("decision.road-building", f"{name(p)} has only {s.free_roads} road piece left to place.",
                      player=p)
        game.push(waiting("road-building", p))
    elif kind == PLENTY_CARD:
        s.plenty_left = game.design.plenty_cards
        game.push(waiting("year-of-plenty", p))
    else:
        game.push(waiting("monopoly", p))


def play_refusal(game: CatanGame, p: int, card: object, before_roll: bool = False) -> str:
    s = game.state
    if card not in KINDS:
        return f"there is no development card '{card}'; the cards are {', '.join(KINDS)}."
    kind = KINDS.index(str(card))
    if kind == VICTORY_POINT:
        return "victory point cards are not played: they count when you win (dev.victory-point)."
    if s.dev_played:
        return "you have already played a development card this turn (dev.one-per-turn)."
    if s.devs[p * DEV_KINDS + kind] <= 0:
        return f"you hold no {card} card."
    if s.devs[p * DEV_KINDS + kind] - s.devs_new[kind] <= 0:
        return "a development card cannot be played on the turn it was bought (dev.one-per-turn)."
    if before_roll:
        return "before the roll only a knight may be played (dev.knight)."
    if kind == ROAD_BUILDING_CARD:
        return "Road Building needs a road piece and a path where you may build (decision.road-building)."
    return "the bank has no resource card left to take (decision.year-of-plenty)."


def _largest_army(game: CatanGame, p: int) -> None:
    s = game.state
    holder = s.army
    if holder == p or s.knights[p] < game.design.army_min:
        return
    if holder >= 0 and s.knights[p] <= s.knights[holder]:
        return
    worth = game.design.army_points
    if holder >= 0:
        s.points[holder] -= worth
    s.points[p] += worth
    s.army = p
    took = f" from {name(holder)}" if holder >= 0 else ""
    game.emit("army.largest", f"{name(p)} takes the largest army{took} with {s.knights[p]} knights (+{worth} "
              "points).", player=p, knights=s.knights[p], previous=holder)


class RoadBuilding(CatanStep):
    """Road Building: place the free roads one at a time (``dev.road-building``)."""

    kind = "road-building"
    forms = {"road": "road EDGE"}
    #: The rule each free road follows (the C&K progress card of the same name has its own).
    rule = "dev.road-building"
    #: Where play resumes once the roads are placed (a step kind).
    after = "main"
    ask = "place a free road (Road Building, {state.free_roads} left)"

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        return [ROAD[e] for e in bits(game.state.road_ok[at.player])]

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return building.road_refusal(game, at.player, action.args[0], free=True)

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        s = game.state
        p = at.player
        e = edge_arg(action)
        assert e is not None
        game.emit(self.rule, f"Road Building: {name(p)} places a free road at {e}.", player=p, edge=e)
        building.build_road(game, p, e, free=True)
        s.free_roads -= 1
        if s.free_roads and not (s.roads_left[p] and s.road_ok[p]):
            left = "the second free road" if game.design.free_roads == 2 else f"{s.free_roads} more free road(s)"
            game.emit("decision.road-building", f"{name(p)} has nowhere left to place {left}.", player=p)
            s.free_roads = 0
        if not s.free_roads:  # else the next free road
            game.push(waiting(self.after, p))


class ResourceChoice(NameChoice):
    """A card that names a resource (Year of Plenty, Monopoly)."""

    names = rulebook.RESOURCES
    unknown = "'{place}' is not a resource; the resources are {names}."


class YearOfPlenty(ResourceChoice):
    """Year of Plenty: take resources from the bank one at a time (``dev.year-of-plenty``)."""

    kind = "year-of-plenty"
    forms = {"take": "take RESOURCE"}
    ask = "take a resource from the bank (Year of Plenty, {state.plenty_left} left)"
    refused = "the bank has no {place} left."

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        return [TAKE[r] for r in range(RESOURCE_KINDS) if game.state.bank[r]]

    def choose(self, game: CatanGame, p: int, r: int) -> None:
        s = game.state
        bank_gives(game, p, r)
        s.plenty_left -= 1
        game.emit("dev.year-of-plenty", f"Year of Plenty: {name(p)} takes 1 {rulebook.RESOURCES[r]} from the bank.",
                  player=p, card=r)
        if s.plenty_left and not any(s.bank):
            game.emit("decision.year-of-plenty", "The bank is empty: Year of Plenty ends early.", player=p)
            s.plenty_left = 0
        game.push(waiting("year-of-plenty" if s.plenty_left else "main", p))


class Monopoly(ResourceChoice):
    """Monopoly: name a resource; every other player gives you all their cards of it (``dev.monopoly``)."""

    kind = "monopoly"
    forms = {"name": "name RESOURCE"}
    ask = "name a resource (Monopoly)"

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        return NAME

    def choose(self, game: CatanGame, p: int, r: int) -> None:
        s = game.state
        given = []
        for q in range(game.players):
            n = s.hands[q * RESOURCE_KINDS + r]
            if q != p and n:
                s.hands[q * RESOURCE_KINDS + r] = 0
                s.hands[p * RESOURCE_KINDS + r] += n
                given.append(f"{n} from {name(q)}")
        total = sum(int(g.split()[0]) for g in given)
        game.emit("dev.monopoly", f"Monopoly on {rulebook.RESOURCES[r]}: {name(p)} takes {total}" +
                  (f" ({', '.join(given)})." if given else "."), player=p, card=r, taken=total)
        game.push(waiting("main", p))


class Buy(TurnVerb):
    """``buy`` after the roll: the top development card, for its cost (``dev.buy``)."""

    verb = "buy"
    form = "buy"

    def options(self, game: CatanGame, at: Any, hand: list[int]) -> list[Action]:
        return [BUY] if game.design.can_buy(hand) and game.state.deck else []

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return buy_refusal(game, at.player)

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        buy(game, at.player)


class Play(TurnVerb):
    """``play CARD`` after the roll: a development card bought before this turn, one per turn; its step comes next."""

    verb = "play"
    form = "play CARD"

    def options(self, game: CatanGame, at: Any, hand: list[int]) -> list[Action]:
        return play_options(game, at.player)

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return play_refusal(game, at.player, action.args[0])

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        play(game, at.player, str(action.args[0]))
