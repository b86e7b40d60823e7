"""Hand-made Catan positions for scenario tests, in a few lines.

``position(settlements={0: [10, 20]}, roads={0: [14, 15]}, hands={0: "brick lumber"})`` starts a game on the
beginner map, skips the set-up and puts the pieces through the engine's own placement functions (so every
maintained value - free intersections, buildable roads, rates, road lengths, points - is what play would give), then
gives the hands from the bank. Player 1 (seat 0) is to move after the roll (``phase="main"``) unless told otherwise.

Forced dice: :func:`force_roll` sets the game's random stream to a state whose next two draws are the wanted dice.
It changes nothing else (the stream is part of the state, so a test that forces a roll plays on exactly as a game
with that stream would); it searches stream states from the current one, the same way every time.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.catan import CatanGame, pieces
from games.catan.board import EDGE_NODES, NODE_EDGES
from games.catan.data import rulebook
from games.catan.development import DEV_KINDS, KINDS
from games.catan.production import roll_dice
from games.catan.state import PHASE_NAMES, ROLL, Pending
from games.core import Rng

RES = rulebook.RESOURCES
RESOURCE_KINDS = len(RES)


def position(players: int = 4, settlements: dict[int, Iterable[int]] | None = None,
             cities: dict[int, Iterable[int]] | None = None, roads: dict[int, Iterable[int]] | None = None,
             hands: dict[int, str] | None = None, devs: dict[int, str] | None = None, robber: int | None = None,
             player: int = 0, phase: str = "main", seed: int = 0, **options) -> CatanGame:
    """A game on the beginner map with these pieces and cards; ``player`` (a seat) to move in ``phase``."""
    game = CatanGame(None, seed, players=players, layout="beginner", start_player=player, **options)
    s = game.state
    pieces.place_position(game, settlements, cities, roads)
    for p, text in (hands or {}).items():
        give(game, p, text)
    for p, text in (devs or {}).items():
        for card in text.split():
            k = KINDS.index(card)
            s.deck.remove(k)
            s.devs[p * DEV_KINDS + k] += 1
    if robber is not None:
        s.robber = robber
    return begin_turn(game, player, PHASE_NAMES.index(phase))


def begin_turn(game: CatanGame, player: int, phase: int) -> CatanGame:
    """Skip the set-up: turn 1 of ``player`` (a seat) in ``phase`` (rolled unless it is the roll); checks the
    position's invariants."""
    s = game.state
    s.setup_step = 2 * game.players
    s.turn = 1
    s.player = player
    s.stack = [Pending(PHASE_NAMES[phase], player)]
    s.rolled = phase != ROLL
    assert game.invariant_breaks() == [], game.invariant_breaks()
    return game


def give(game: CatanGame, p: int, text: str) -> None:
    """Move cards (of ``game.cards``: resources, in C&K commodities too) from the bank to ``p``:
    ``give(game, 0, "brick brick ore")``."""
    s = game.state
    for card in text.split():
        c = game.cards.index(card)
        assert s.bank[c] > 0, f"the bank has no {card} left"
        s.bank[c] -= 1
        s.hands[p * game.width + c] += 1


def hand(game: CatanGame, p: int) -> dict[str, int]:
    """``p``'s cards by name (those held)."""
    w = game.width
    return {c: n for c, n in zip(game.cards, game.state.hands[p * w:p * w + w], strict=True) if n}


def empty_hand(game: CatanGame, p: int) -> None:
    """Every card of ``p``'s back to the bank."""
    s = game.state
    w = game.width
    for c in range(w):
        s.bank[c] += s.hands[p * w + c]
        s.hands[p * w + c] = 0


def force_roll(game: CatanGame, total: int | tuple[int, int]) -> None:
    """Make the next roll come out as ``total`` (or as exactly the two dice given)."""
    mask = (1 << 64) - 1
    for k in range(100_000):
        probe = Rng(0)
        probe.state = (game.rng.state + k) & mask
        dice = roll_dice(probe)
        if dice == total or (isinstance(total, int) and sum(dice) == total):
            game.rng.state = (game.rng.state + k) & mask
            return
    raise AssertionError(f"no stream state rolls {total}")


def play(game: CatanGame, *actions: str) -> list:
    events = []
    for action in actions:
        events += game.apply(action)
    return events


def rules_of(events: Iterable) -> list[str]:
    return [e.rule for e in events]


def legal(game: CatanGame) -> list[str]:
    return game.legal_actions().texts()


def edge(a: int, b: int) -> int:
    """The path between intersections ``a`` and ``b``."""
    return EDGE_NODES.index((min(a, b), max(a, b)))


def path(*nodes: int) -> list[int]:
    """The paths along a walk of neighbouring intersections."""
    return [edge(a, b) for a, b in zip(nodes, nodes[1:], strict=False)]


def edges_at(v: int) -> tuple[int, ...]:
    return NODE_EDGES[v]


def to_main(game: CatanGame) -> None:
    """Skip to the main part of the turn (as if the roll produced nothing)."""
    game.state.stack, game.state.rolled = [Pending("main", game.state.player)], True


def sound(game: CatanGame) -> CatanGame:
    assert game.invariant_breaks() == [], game.invariant_breaks()
    return game
