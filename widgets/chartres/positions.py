"""Positions for the lessons, found in a played game or built as a scenario: no lesson invents a position by hand.

:func:`find_position` replays a game to the first position that passes a test; :func:`location_rounds` gives the
start of every Phase A; :func:`reveal_position` the position right after a reveal that matched (or did not);
:func:`hand_limit_position` builds a scenario for the hand limit. :func:`last_reveal` reads a seat's last reveal
from the log.
"""

from __future__ import annotations

from typing import Any, Callable

from games.chartres import ChartresGame
from widgets.shared.text import seat_label, short

#: The placeholder location that draws 2 cards (approx_v1's scriptorium): the one the hand-limit scenario uses.
DRAW_TWO = "l17"


def checked_game(game: Any) -> ChartresGame:
    if not isinstance(game, ChartresGame):
        raise TypeError(f"this view shows a Chartres game (chartres.new_game(players=3)), not {short(game)}")
    return game


def checked_seat(game: ChartresGame, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ValueError(f"seat must be 0 to {game.players - 1}, not {short(seat)}")
    return seat


def find_position(game: ChartresGame, test: Callable[[ChartresGame], bool], start: int = 0) -> ChartresGame | None:
    """Replay ``game``'s decisions and return the first position (a new game, from ``start`` decisions on) for
    which ``test(position)`` is true; ``None`` if none is. Cheap: one replay, one clone."""
    replay = type(game)(game.config, game.seed)
    for k, action in enumerate([None, *game.history]):
        if action is not None:
            replay.apply(action)
        if k >= start and test(replay):
            return replay.clone()
    return None


def location_rounds(game: ChartresGame) -> list[ChartresGame]:
    """The position at the start of every Phase A of ``game`` (the first location decision of each round), in
    order: 12 for a whole game. One replay."""
    replay = type(game)(game.config, game.seed)
    out = []
    for action in game.history:
        events = replay.apply(action)
        if any(e.rule == "location.order" for e in events):  # logged when Phase A begins
            out.append(replay.clone())
    return out


def last_reveal(game: ChartresGame, seat: int) -> dict[str, Any] | None:
    """The data of ``seat``'s last Phase D reveal in the log (``row``, ``act`` cards and activation ``slot``)."""
    for event in reversed(game.log):
        if event.rule == "play.reveal" and event.data.get("player") == seat:
            return dict(event.data)
    return None


def reveal_position(game: ChartresGame, seat: int, matched: bool = True, nth: int = 1,
                    older: bool | None = None) -> ChartresGame:
    """The position right after the ``nth`` reveal (rounds 1–3 of an era) in which ``seat``'s activation card
    matched the colour of the card above it (``matched=False``: did not); with ``older=True`` (``False``) only
    reveals that activated an older card (the card just played). Raises ``ValueError`` if there is none."""
    checked_seat(game, seat)
    seen = 0

    def test(position: ChartresGame) -> bool:
        nonlocal seen
        step = len(position.history) - 1
        if step < 0 or position.state.round >= position.numbers.rounds_per_era or position.is_terminal():
            return False
        events = [e for e in position.log[-60:] if e.step == step and e.data.get("player") == seat]
        if not any(e.rule == "play.reveal" and e.data.get("act") for e in events):
            return False
        card = position.activated(seat)
        if bool(card) != matched:
            return False
        reveal = next(e.data for e in events if e.rule == "play.reveal")
        if older is not None and card and (card != reveal.get("row")) != older:
            return False
        seen += 1
        return seen == nth

    found = find_position(game, test)
    if found is None:
        kind = "matching" if matched else "non-matching"
        which = "" if older is None else " of an older card" if older else " of the card just played"
        raise ValueError(f"{seat_label(seat)} has no {kind} reveal{which} number {nth} in rounds 1–3 of this game")
    return found


def hand_limit_position(hand: int, shield: int = 1, seed: int = 0, players: int = 3) -> ChartresGame:
    """A scenario for the hand limit: a game at its first location decision, where the player to decide holds
    ``hand`` cards with the shield on status level ``shield`` and the scriptorium (draw 2 cards) is revealed.

    Built by playing the setup with the first legal choices, then moving cards between that player's hand and the
    deck, the shield marker and the revealed locations (every piece stays conserved: checked with
    ``invariant_breaks``). The engine has no public scenario builder, so this edits ``game.state``."""
    game = ChartresGame(None, seed, players=players)
    while game.pending() is not None and game.pending().kind != "location":
        game.apply(game.legal_actions()[0])
    decision = game.pending()
    assert decision is not None
    p, s = decision.player, game.state
    if not 1 <= shield <= game.parts.status_levels:
        raise ValueError(f"the status board has levels 1 to {game.parts.status_levels}, not {shield}")
    if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand <= 9:
        raise ValueError(f"hand must be a number of cards from 0 to 9, not {short(hand)}")
    s.shield[p] = shield
    while len(s.hand[p]) > hand:
        s.deck.insert(0, s.hand[p].pop())
    while len(s.hand[p]) < hand:
        s.hand[p].append(s.deck.pop(0))
    s.hand[p].sort()
    if DRAW_TWO not in s.loc_shown:
        pile = s.loc_deck if DRAW_TWO in s.loc_deck else s.loc_discard
        swap = next(x for x in s.loc_shown if not game.parts.locations[x].city_gate)
        pile[pile.index(DRAW_TWO)] = swap
        s.loc_shown[s.loc_shown.index(swap)] = DRAW_TWO
    broken = game.invariant_breaks()
    assert not broken, broken
    return game


__all__ = ["DRAW_TWO", "find_position", "hand_limit_position", "last_reveal", "location_rounds", "reveal_position"]
