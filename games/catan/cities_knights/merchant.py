"""The merchant (``merchant.*``): placed by a Merchant progress card on a land hex next to the player's settlement or
city; while it stands there, its controller trades that hex's resource at ``merchant_rate``:1 (the robber does not stop
it) and counts ``merchant_points``. It moves only when another Merchant card is played, and a new player takes it over
with the points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.catan.board import DESERT, HEX_CORNER_MASK, N_HEXES
from games.catan.choice import CatanStep, place_of
from games.catan.data import rulebook
from games.catan.pieces import name
from games.catan.state import waiting
from games.core import Action

from .commodities import refresh_rates

if TYPE_CHECKING:
    from .game import CKGame

PLACE = tuple(Action("merchant", (h,)) for h in range(N_HEXES))


def sites(game: CKGame, p: int) -> list[int]:
    """Land hexes next to ``p``'s settlements or cities (the desert produces nothing: not a site,
    ``decision.ck-desert-merchant``)."""
    s = game.state
    mine = s.settlements[p] | s.cities[p]
    return [h for h in range(N_HEXES) if s.terrain[h] != DESERT and mine & HEX_CORNER_MASK[h]]


def place(game: CKGame, p: int, h: int) -> None:
    s = game.state
    worth = game.design.merchant_points
    before = s.merchant_owner
    if before >= 0:
        s.points[before] -= worth
    s.merchant, s.merchant_owner = h, p
    s.points[p] += worth
    if before >= 0 and before != p:
        refresh_rates(game, before)
        game.emit("merchant.stays", f"The merchant leaves {name(before)} (-{_points(worth)}).", player=before)
    refresh_rates(game, p)
    resource = rulebook.RESOURCES[s.terrain[h]]
    game.emit("merchant.place", f"{name(p)} places the merchant on hex {h} ({rulebook.TERRAINS[s.terrain[h]]}): "
              f"they trade {resource} {game.design.merchant_rate}:1 while it stays (+{_points(worth)}).", player=p,
              hex=h)
    if s.robber == h:
        game.emit("merchant.robber", "The robber on the same hex does not stop the merchant's trade.", hex=h)


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


class PlaceMerchant(CatanStep):
    kind = "merchant"
    forms = {"merchant": "merchant HEX"}
    ask = "place the merchant on a land hex next to one of your settlements or cities"

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        return [PLACE[h] for h in sites(game, at.player)]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        h = action.args[0]
        if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h < N_HEXES:
            return f"there is no hex {h}; the land hexes are numbered 0 to {N_HEXES - 1}."
        if game.state.terrain[h] == DESERT:
            return f"hex {h} is the desert: it has no resource to trade (decision.ck-desert-merchant)."
        return f"hex {h} is not next to your settlements or cities (merchant.place)."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        h = place_of(action)
        game.emit("progress.merchant", f"Merchant: {name(at.player)} takes control of the merchant.",
                  player=at.player)
        place(game, at.player, h)
        game.emit("merchant.point", f"The merchant counts {_points(game.design.merchant_points)} for "
                  f"{name(at.player)}.",
                  player=at.player)
        game.push(waiting("card-done", game.state.player))
