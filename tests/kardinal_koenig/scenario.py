"""Hand-made Kardinal & König positions for scenario tests: lay out a few rows, put chips on cards, play actions.

``table(rows=[["france-1", "france-2"], ["denmark-4"]], chips={"1,2": "three"})`` lays the named cards of the
designed deck in rows (1-based columns as the actions write them); every other card is out of the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from games.core import IllegalAction
from games.kardinal_koenig import CardGame, layout, load_deck
from games.kardinal_koenig.data import rulebook
from games.kardinal_koenig.deck import Card

DECK = load_deck()
CARDS: dict[str, Card] = DECK.by_id()


def table(rows: Sequence[Sequence[str]], chips: dict[str, str] | None = None, players: int = 3,
          start_player: int = 0, seed: int = 0, **options: Any) -> CardGame:
    """A hand-made position; player ``start_player`` (0-based seat) is to take cards. ``options`` are further
    config fields (``deck=...``, ``crestless_after_limit=False``)."""
    return CardGame(None, seed, players=players, start_player=start_player, rows=[list(r) for r in rows],
                    chips=dict(chips or {}), **options)


def card(card_id: str) -> Card:
    return CARDS[card_id]


def cards(*card_ids: str) -> list[Card]:
    return [CARDS[c] for c in card_ids]


def of_country(country: str, crests: int | None = None, route: str | None = None) -> list[str]:
    """Ids of the designed deck's cards of ``country`` (optionally with that many crests / that route)."""
    return [c.id for c in DECK.cards if c.country == country and (crests is None or len(c.crests) == crests)
            and (route is None or c.route == route)]


def play(game: CardGame, *actions: str) -> list:
    """Apply the actions in order; return every event they caused."""
    events = []
    for action in actions:
        events += game.apply(action)
    return events


def refused(game: CardGame, action: str) -> str:
    """The reason the game gives for refusing ``action``; the refusal leaves the game as it was."""
    before = game.to_dict()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert game.to_dict() == before
    return err.value.reason


def rules_of(events: Iterable) -> list[str]:
    return [e.rule for e in events]


def legal(game: CardGame) -> list[str]:
    return game.legal_actions().texts()


def step(game: CardGame) -> str:
    """The kind of the step waiting on top of the stack (``take``, ``claim``, ``pay``), ``over`` once the game is
    over."""
    stack = game.state.stack
    return stack[-1].kind if stack else "over"


def display(game: CardGame, player: int) -> list[str]:
    return list(game.state.displays[player])


def cell(where: str) -> int:
    """The 0-based cell of ``"row,column"`` (1-based, as actions and config chips write it)."""
    row, column = (int(x) for x in where.split(","))
    return layout.cell_of(row, column)


def put_stone(game: CardGame, player: int, *where: str) -> None:
    """Move claim stones of ``player`` from their hand onto the given cards (a position reached earlier in play)."""
    s = game.state
    for w in where:
        assert s.stone[cell(w)] < 0 and s.hand[player] > 0, f"cannot put player {player + 1}'s stone on {w}"
        s.stone[cell(w)] = player
        s.hand[player] -= 1
        s.placed[player] += 1


def lose_stones(game: CardGame, player: int, count: int = 1) -> None:
    """Discard ``count`` claim stones of ``player`` from their hand for good (as paying for claimed cards does)."""
    s = game.state
    assert s.hand[player] >= count
    s.hand[player] -= count
    s.lost[player] += count


def hand_over(game: CardGame, player: int, *where: str) -> None:
    """Give ``player`` the face-down law chips lying on the given cards (as if taken with an earlier card)."""
    s = game.state
    for w in where:
        kind = s.chip[cell(w)]
        assert kind, f"no law chip on {w}"
        s.chip[cell(w)] = ""
        s.chips[player].append(kind)


def sound(game: CardGame) -> CardGame:
    """Assert the engine's own invariants hold; return the game."""
    assert game.invariant_breaks() == []
    return game


def no_stones_table(*held: str) -> CardGame:
    """Player 1 has lost all three stones and holds the law chips ``held``; every end card carries player 2's
    stone. Player 3 is to move: after taking the card under their own stone (``take 3 1``) and skipping the claim
    step, player 1 has nothing to take."""
    chips = {f"1,{i + 2}": kind for i, kind in enumerate(held)}  # on the middle cards of row 1
    game = table([["saxony-1", "saxony-3", "saxony-5", "saxony-4"], ["italy-1"], ["england-1"]], chips=chips,
                 start_player=2)
    put_stone(game, 1, "1,1", "1,4", "2,1")
    put_stone(game, 2, "3,1")
    lose_stones(game, 0, 3)
    hand_over(game, 0, *chips)
    return game


def last_stone_on_layout(rows: Sequence[Sequence[str]] = (("saxony-1", "saxony-3"), ("italy-1",))) -> CardGame:
    """Player 1 (to move) has lost two claim stones and has the last one on card 2,1, none in hand; player 2's
    stone claims card 1,1."""
    game = table(rows)
    put_stone(game, 1, "1,1")
    put_stone(game, 0, "2,1")
    lose_stones(game, 0, 2)
    return game


KINDS = tuple(rulebook.LAW_CHIP_KINDS.value)


def other_kind(kind: str) -> str:
    return KINDS[(KINDS.index(kind) + 1) % len(KINDS)]


def hidden_twin(game: CardGame, viewer: int | None) -> CardGame:
    """The same game with every law-chip kind ``viewer`` cannot see changed to another kind: the face-down chips on
    the layout and the chips held by the other players (``viewer=None``: by every player)."""
    twin = game.clone()
    s = twin.state
    s.chip = [other_kind(k) if k else "" for k in s.chip]
    for p in range(twin.players):
        if p != viewer:
            s.chips[p] = [other_kind(k) for k in s.chips[p]]
    return twin


def has_hidden_chips(game: CardGame, viewer: int | None) -> bool:
    s = game.state
    return any(s.chip) or any(chips for p, chips in enumerate(s.chips) if p != viewer)
