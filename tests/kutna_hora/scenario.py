"""Hand-made Kutná Hora positions for scenario tests of the full game.

A builder starts a seeded first-game (guild setup card 1 in its printed order, so player 1 holds metallurgists,
miners and builders and player 2 scribes, tavern and grocers) and then *moves* pieces between the piles of
``game.state``: building tiles out of the town hall into a player's slots or onto a plot, mine tiles out of the
stack onto the mine board with a miner from the reserve, plot markers into town. Nothing is invented or lost, so
``game.invariant_breaks()`` stays ``[]`` (:func:`sound` checks it).

    game = new_game(players=2)
    put_building(game, 0, "builders-1", 7)          # player 1's building on plot 7 (a house leaves the row)
    give_tile(game, 1, "public-green")              # the top green public building into player 2's slots
    turn(game, 1)                                   # player 2 is to play a card next
    events = play(game, "play 3 build", "build green-1 8")
    assert "public.noble" in rules_of(events)
"""

from __future__ import annotations

import dataclasses
from typing import Iterable

import pytest

from games.core import Action, Event, IllegalAction
from games.kutna_hora import mines
from games.kutna_hora.data.components import TILES, Effect
from games.kutna_hora.game import KutnaHoraGame
from games.kutna_hora.state import Pending
from games.kutna_hora.town_hall import Stack


def new_game(players: int = 2, seed: int = 0, **options) -> KutnaHoraGame:
    """A first game (printed guild sets and rows) at the start player's first card."""
    options.setdefault("first_game", True)
    return KutnaHoraGame(players=players, seed=seed, **options)


def sound(game: KutnaHoraGame) -> None:
    assert game.invariant_breaks() == []


def play(game: KutnaHoraGame, *actions: str) -> list[Event]:
    """Apply actions (checked) and return every event they logged."""
    events: list[Event] = []
    for a in actions:
        events += game.apply(a)
    return events


def rules_of(events: Iterable[Event]) -> list[str]:
    return [e.rule for e in events]


def of_rule(events: Iterable[Event], rule_id: str) -> list[Event]:
    """The events of one rule."""
    return [e for e in events if e.rule == rule_id]


def refuses(game: KutnaHoraGame, text: str, reason: str) -> None:
    """``text`` is not legal now: applying it is refused with a reason matching ``reason`` and changes nothing."""
    before = game.to_json()
    assert not has(game, text)
    with pytest.raises(IllegalAction, match=reason):
        game.apply(text)
    assert game.to_json() == before


def turn(game: KutnaHoraGame, player: int, plays: int = 1) -> None:
    """Make ``player`` the one to play a card now, with ``plays`` cards left in this turn (same round)."""
    s = game.state
    n = game.config.players
    s.stack = [Pending("play", player)]
    s.turn = (player - s.start) % n
    s.plays_left = plays


def end_round(game: KutnaHoraGame, round_no: int | None = None) -> list[Event]:
    """Play the round's last card (the last player's third turn; in round ``round_no`` if given) for no effect;
    return the events up to the first decision after it (tax decisions, or the next round's first card)."""
    s, n = game.state, game.players
    if round_no is not None:
        s.round = round_no
    s.turn, s.plays_left = 3 * n - 1, 1
    p = (s.start + s.turn) % n
    s.stack = [Pending("play", p)]
    return play(game, f"idle {s.seats[p].cards[0]}")


def barbara(tile: int, player: int = 0, pelicans: int = 1) -> KutnaHoraGame:
    """A first game where ``player`` (with ``pelicans`` unused pelicans) is to play card 6 (Income / St. Barbara)
    and St. Barbara tile ``tile`` is the current one."""
    game = new_game()
    game.state.barbara = tile - 1
    game.state.seats[player].pelicans = pelicans
    turn(game, player)
    return game


def take_tile(game: KutnaHoraGame, tile_id: str) -> str:
    """Remove a building tile from the town hall (any depth of any stack), the discards or the round track."""
    s = game.state
    for row in s.hall.rows:
        for c, stack in enumerate(row):
            if tile_id in stack.tiles:
                rest = tuple(t for t in stack.tiles if t != tile_id)
                if rest:
                    row[c] = Stack(stack.kind, stack.name, rest)  # stacks never change in place
                else:
                    del row[c]
                return tile_id
    for pile in (s.hall.discards, s.red_track):
        if tile_id in pile:
            pile.remove(tile_id)
            return tile_id
    raise AssertionError(f"{tile_id} is not in the town hall, the discards or on the round track")


def top_of(game: KutnaHoraGame, name: str) -> str:
    """The top tile of a guild's (or public colour's) stack, e.g. ``top_of(game, "green")``."""
    for row in game.state.hall.rows:
        for stack in row:
            if stack.name == name:
                return stack.tiles[-1]
    raise AssertionError(f"no {name} stack in the town hall")


def give_tile(game: KutnaHoraGame, player: int, tile_id: str) -> str:
    """Move a building tile into ``player``'s slots. ``public-<colour>`` names that stack's top tile."""
    if tile_id.startswith("public-"):
        tile_id = top_of(game, tile_id.split("-", 1)[1])
    game.state.seats[player].held.append(take_tile(game, tile_id))
    return tile_id


def put_building(game: KutnaHoraGame, owner: int, tile_id: str, plot: int) -> None:
    """Put a building on a plot as if built: a guild building takes its owner's leftmost house of that row;
    public buildings (``owner=-1`` or any) belong to nobody. No effect of the tile is resolved."""
    s = game.state
    take_tile(game, tile_id)
    tile = TILES[tile_id]
    s.town[plot] = tile_id
    if tile.guild != "public":
        seat = s.seats[owner]
        seat.houses_taken[seat.guilds.index(tile.guild)] += 1
        s.town_owner[plot] = owner


def put_marker(game: KutnaHoraGame, player: int, plot: int) -> None:
    game.state.markers[plot] = player


def put_mine(game: KutnaHoraGame, player: int, tile_id: str, space: int) -> None:
    """Move a mine tile from the stack or discards onto the board with a miner from ``player``'s reserve."""
    s = game.state
    for pile in (s.mine_stack, s.mine_discard, s.tech_stack):
        if tile_id in pile:
            pile.remove(tile_id)
            break
    else:
        raise AssertionError(f"{tile_id} is not in the mine stack or discards")
    assert not s.mine[space], f"space {space} holds {s.mine[space]}"
    s.mine[space], s.mine_owner[space] = tile_id, player
    seat = s.seats[player]
    if seat.reserve:
        seat.reserve -= 1
    else:
        seat.pool -= 1


def stack_mine_tiles(game: KutnaHoraGame, *tile_ids: str) -> None:
    """Put these mine tiles on top of the stack, the first named drawn first."""
    s = game.state
    for t in tile_ids:
        if t in s.mine_stack:
            s.mine_stack.remove(t)
        else:
            s.mine_discard.remove(t)
    s.mine_stack += list(reversed(tile_ids))


def draw_mine_tiles(game: KutnaHoraGame, *tile_ids: str) -> list[Event]:
    """The player to move plays card 1 for Mine and draws these tiles (put on top of the stack first)."""
    stack_mine_tiles(game, *tile_ids)
    return play(game, "play 1 mine")


def empty_space(game: KutnaHoraGame, *, entrance: bool | None = None) -> int:
    """The first empty (not rock) space, optionally only an entrance / a non-entrance."""
    for i, cell in enumerate(game.state.mine):
        if not cell and (entrance is None or (i in mines.ENTRANCE_SPACES) == entrance):
            return i
    raise AssertionError("no empty mine space")


def legal(game: KutnaHoraGame) -> list[str]:
    return game.legal_actions().texts()


def has(game: KutnaHoraGame, text: str) -> bool:
    return Action.parse(text) in game.legal_actions()


def ready_to_build(tile: str, plot: int = 12, player: int = 0, game=None, **options):
    """``player`` holds ``tile`` (``public-<colour>``: that stack's top) with a plot marker on ``plot``, and is to
    play a card. Returns (game, tile id)."""
    game = game or new_game(2, **options)
    tile = give_tile(game, player, tile)
    put_marker(game, player, plot)
    turn(game, player)
    return game, tile


def build(game: KutnaHoraGame, tile: str, plot: int = 12) -> list[Event]:
    """The player to move plays card 3 for Build and builds ``tile`` on ``plot``."""
    return play(game, "play 3 build", f"build {tile} {plot}")


def print_tile(monkeypatch: pytest.MonkeyPatch, tile_id: str, *effects: Effect, **fields) -> None:
    """For one test, tile ``tile_id`` shows ``effects`` (in printed order) instead of its designed ones, as a
    transcription of the real tiles might: ``print_tile(monkeypatch, "builders-1", Effect("production"),
    Effect("remove-house"))``. Every module reads the same ``TILES`` mapping."""
    monkeypatch.setitem(TILES, tile_id, dataclasses.replace(TILES[tile_id], effects=tuple(effects), **fields))
