"""Hand-made Cities & Knights positions for scenario tests, in a few lines (the base game's ``scenario`` for C&K).

``ck_position(cities={0: [17]}, roads={0: path(17, 22, 16)}, hands={0: "ore wool coin"}, progress={0: "spy"},
knights={0: {22: "strong active"}}, levels={0: {"politics": 3}})`` starts a game on the beginner map, skips the
set-up and puts everything in through the engine's own functions (so every maintained value is what play would
give): pieces, cards from the bank, progress cards out of their decks, knights, improvement levels (with their
metropolises and guild rates through the engine), walls. Player 1 (seat 0) is to move after the roll unless told
otherwise.

Forced dice: :func:`force_dice` sets the stream to a state whose next draws are the wanted event die, red and yellow
dice (``force_dice(game, "ship", 3, 4)``; ``None`` leaves a die free), searching from the current state.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.catan import pieces
from games.catan.board import NODE_BIT
from games.catan.cities_knights import CKGame, knights
from games.catan.cities_knights.commodities import refresh_rates
from games.catan.cities_knights.state import KIND_TRACK, KINDS, TRACKS
from games.catan.data import ck_rulebook
from games.catan.production import roll_dice
from games.catan.state import MAIN, ROLL
from games.core import Rng

# edge, empty_hand, give, hand, legal, path, play and rules_of are re-exported for the C&K tests
from .scenario import (  # noqa: F401
    begin_turn,
    edge,
    empty_hand,
    give,
    hand,
    legal,
    path,
    play,
    rules_of,
)

FACES = ck_rulebook.EVENT_FACES.value


def ck_position(players: int = 4, settlements: dict[int, Iterable[int]] | None = None,
                cities: dict[int, Iterable[int]] | None = None, roads: dict[int, Iterable[int]] | None = None,
                hands: dict[int, str] | None = None, progress: dict[int, str] | None = None,
                knights_: dict[int, dict[int, str]] | None = None, levels: dict[int, dict[str, int]] | None = None,
                walls: dict[int, Iterable[int]] | None = None, robber: int | None = None, player: int = 0,
                phase: str = "main", attacks: int = 0, barbarian: int = 0, seed: int = 0,
                **options) -> CKGame:
    """A C&K game on the beginner map with these pieces and cards; ``player`` (a seat) to move in ``phase``.
    ``knights_={0: {22: "strong active"}}`` places knights (level basic/strong/mighty, ``active`` or not)."""
    game = CKGame(None, seed, players=players, layout="beginner", start_player=player, **options)
    s = game.state
    pieces.place_position(game, settlements, cities, roads)
    for p, spec in (knights_ or {}).items():
        for v, words in spec.items():
            level = next((i for i, name in enumerate(knights.LEVELS) if name in words.split()), 0)
            knights.place(game, p, v, level, "active" in words.split())
    for p, text in (hands or {}).items():
        give(game, p, text)
    for p, text in (progress or {}).items():
        for card in text.split():
            deal_progress(game, p, card)
    for p, tracks in (levels or {}).items():
        for track, level in tracks.items():
            s.levels[p * 3 + TRACKS.index(track)] = level
        refresh_rates(game, p)
    for p, nodes in (walls or {}).items():
        for v in nodes:
            s.walls[p] |= NODE_BIT[v]
    if robber is not None:
        s.robber = robber
    s.attacks, s.barbarian = attacks, barbarian
    begin_turn(game, player, {"main": MAIN, "roll": ROLL}[phase])
    return game


def deal_progress(game: CKGame, p: int, card: str) -> None:
    """Move a progress card from its deck into ``p``'s hand."""
    s = game.state
    k = KINDS.index(card)
    s.decks[KIND_TRACK[k]].remove(k)
    s.progress[p] = sorted([*s.progress[p], k])


def stack(game: CKGame, *cards: str) -> None:
    """Put these progress cards on top of their decks (the last named is drawn first from its deck)."""
    s = game.state
    for card in cards:
        k = KINDS.index(card)
        deck = s.decks[KIND_TRACK[k]]
        deck.remove(k)
        deck.append(k)


def progress_of(game: CKGame, p: int) -> list[str]:
    return [KINDS[k] for k in game.state.progress[p]]


def force_dice(game: CKGame, event: str | None = None, red: int | None = None, yellow: int | None = None,
               alchemy: bool = False) -> None:
    """Make the next roll show this event face (``ship`` or a track's gate) and these dice (``alchemy``: only the
    event die is drawn)."""
    mask = (1 << 64) - 1
    for k in range(200_000):
        probe = Rng(0)
        probe.state = (game.rng.state + k) & mask
        face = FACES[probe.below(len(FACES))]
        if event is not None and face != event:
            continue
        if not alchemy:
            r, y = roll_dice(probe)
            if (red is not None and r != red) or (yellow is not None and y != yellow):
                continue
        game.rng.state = (game.rng.state + k) & mask
        return
    raise AssertionError(f"no stream state rolls {event} {red} {yellow}")


def knight_at(game: CKGame, v: int) -> tuple[int, str, bool] | None:
    """(owner, level, active) of the knight at ``v``."""
    s = game.state
    q = knights.owner_at(game, v)
    if q < 0:
        return None
    return q, knights.LEVELS[knights.level_at(s, q, v)], bool(s.active[q] & NODE_BIT[v])


def sound(game: CKGame) -> CKGame:
    assert game.invariant_breaks() == [], game.invariant_breaks()
    return game
