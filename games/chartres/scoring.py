"""Phase F: scoring (フェーズF:スコアリング), up to the wine (:mod:`.wine_making`).

In torch order, each player scores influence for their citizens on the main board's paths; each attracts citizens
with the horses and carts of the action row; then, in initiative order, each may buy one of the bonus tiles on the
cathedral with citizens of the personal supply (``bonus TILE`` or ``pass``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action, Automatic, seat_label

from . import citizens, effects
from .decisions import PASS, TurnStep, action, begin_turns
from .influence import gain_ip
from .state import BONUS, NOBODY, PHASE_F, WINE, Pending

if TYPE_CHECKING:
    from .game import ChartresGame


class PhaseF(Automatic):
    """Phase F, after the last round of an era: citizens score and are attracted; then the bonus tiles, in initiative
    order."""

    kind = PHASE_F

    def run(self, game: ChartresGame, at: Pending) -> None:
        _score_citizens(game)
        _attract(game)
        begin_turns(game, BONUS)


def _score_citizens(game: ChartresGame) -> None:
    for rank, p in enumerate(game.torch_order()):
        ip, barrel = citizens.influence_from_citizens(game.players, rank, game.on_paths(p),
                                                      game.numbers.citizen_influence)
        gain_ip(game, p, ip, "score.citizens",
                        f"torch rank {rank + 1}, {game.on_paths(p)} citizens on the paths")
        for _ in range(barrel):
            effects.gain(game, p, "barrel", "score.citizens")


def _attract(game: ChartresGame) -> None:
    for p in game.state.initiative:
        r = game.resources(p)
        n = citizens.attracted(r["horse"], r["cart"], game.numbers.attract_set)
        if n:
            game.emit("score.attract", f"{seat_label(p)}: {r['horse']} horses and {r['cart']} carts attract "
                      f"{n} citizen{'s' if n != 1 else ''}.", player=p)
        for _ in range(n):
            effects.gain_citizen(game, p, "score.attract")


def reveal_tiles(game: ChartresGame) -> None:
    """One bonus tile per player face up on the cathedral (at the setup and at the start of eras 2 and 3)."""
    s = game.state
    for _ in range(game.players):
        if s.tiles_stack:
            s.tiles_shown.append(s.tiles_stack.pop())
    rule = "setup.bonus-tiles" if s.era == 1 else "flow.bonus-refresh"
    game.emit(rule, "Bonus tiles on the cathedral: " + ", ".join(
        f"{t} (costs {game.parts.tiles[t].cost})" for t in s.tiles_shown), shown=list(s.tiles_shown))


def _tile_options(game: ChartresGame, p: int) -> list[Action]:
    s = game.state
    return [action("bonus", t) for t in s.tiles_shown if game.parts.tiles[t].cost <= s.personal[p]]


class BuyTile(TurnStep):
    """``bonus TILE`` buys a bonus tile with citizens of the personal supply; ``pass`` does not."""

    kind = BONUS
    forms = {"bonus": "bonus TILE", "pass": "pass"}
    asks = "buy a cathedral bonus tile with citizens, or pass"

    def options(self, game: ChartresGame, at: Pending) -> list[Action]:
        return sorted(_tile_options(game, at.player), key=str) + [PASS]

    def refusal(self, game: ChartresGame, at: Pending, action: Action) -> str | None:
        s, args, p = game.state, action.args, at.player
        if action.verb == "bonus" and args and args[0] in s.tiles_shown:
            tile = game.parts.tiles[str(args[0])]
            return f"{tile.id} costs {tile.cost} citizens and you have {s.personal[p]} in your personal supply"
        return None

    def apply(self, game: ChartresGame, at: Pending, action: Action) -> None:
        p = at.player
        if action.verb == "pass":
            game.emit("score.bonus-tile", f"{seat_label(p)} takes no bonus tile.", player=p)
        else:
            _buy(game, p, str(action.args[0]))
        game.state.turn += 1

    def settle(self, game: ChartresGame, p: int) -> bool:
        if _tile_options(game, p):
            return False
        game.state.turn += 1  # nothing affordable: no question
        return True

    def done(self, game: ChartresGame) -> None:
        game.push(Pending(kind=WINE, player=NOBODY))


def _buy(game: ChartresGame, p: int, tid: str) -> None:
    s = game.state
    tile = game.parts.tiles[tid]
    s.personal[p] -= tile.cost
    s.common[p] += tile.cost
    s.tiles_shown.remove(tid)
    s.tiles_gone.append(tid)
    game.emit("score.bonus-tile", f"{seat_label(p)} returns {tile.cost} citizen{'s' if tile.cost != 1 else ''} and "
              f"takes bonus tile {tid}.", player=p, tile=tid)
    for atom in tile.do:
        effects.gain(game, p, atom, "decision.tile-free" if atom.startswith("window") else "score.bonus-tile")
