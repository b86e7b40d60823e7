"""What the bots know about Chartres: the greedy heuristic and its one-step look-ahead.

The heuristic estimates a player's final IP from what that player may know. Other hands, the decks and the other
players' face-down plays are never read, and neither is which cards the player would draw (only how many).

Fast, and the same numbers: the greedy bots and the design lab's standings rate thousands of positions a game, and
most of an evaluation's time went to pouring the wine. The wine's IP is kept by cellar, barrel marker and grapes
(``game.wine_kept``, shared with clones: the same whole number :func:`~.wine.pour` gives), a row's grapes come from
the game's kept row resources, and the citizens on the paths are counted once; every float is then added by the
same expression in the same order as before, so the ratings are equal, not close (``tests/chartres/
test_fast_ratings.py`` checks them against the evaluation poured afresh on random and greedy positions). The
look-ahead is the kernel's one step (a copy, the action, the evaluation), a face-down play rated before the reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from games.core import Action, Rng

from . import citizens, play
from .state import COMMIT_ACT, COMMIT_ROW
from .windows import rightmost_value
from .wine import pour

if TYPE_CHECKING:
    from .game import ChartresGame


def heuristic(game: ChartresGame, player: int) -> float:
    """An estimate of ``player``'s final IP: IP so far, the final scoring as things stand (windows, reputation ×
    multiplier, citizens, hand size), progress on the tracks, this era's wine and citizens, and the card this player
    activated. (The parts are added in the order :func:`terms` lists them; the wine and a row's grapes are kept in
    tables shared with the game's clones, the same whole numbers.)"""
    s, parts, p = game.state, game.parts, player
    white, red, torch, horse, cart = _grapes(game, p)
    numbers = game.numbers
    on_paths = game.on_paths(p)
    value = float(s.ip[p])
    value += rightmost_value(parts.window_final, len(s.windows[p]))
    reputation = (s.reputation[p] + numbers.cross_reputation[s.cross[p] - 1] + 1.5 * min(on_paths, 2))
    value += reputation * parts.multiplier[s.shield[p] - 1] + 0.5 * reputation
    value += s.personal[p] * 1.2 + len(s.hand[p]) * 0.9
    value += 1.5 * s.shield[p] + 1.0 * s.cross[p] + 0.6 * s.barrel[p]
    value += 0.6 * _wine_ip(game, s.cellar[p], s.barrel[p], white, red)
    value += (1.0 * on_paths + 0.4 * torch + 0.3 * citizens.attracted(horse, cart, numbers.attract_set))
    if s.commit_act[p]:
        value += commit_estimate(game, p)
    return value


def _grapes(game: ChartresGame, p: int) -> tuple[int, int, int, int, int]:
    """(white, red, torches, horses, carts) in ``p``'s action row, its face-down card to the row counted in (it
    will join it): :meth:`ChartresGame.resources` with that card's icons added."""
    grapes = game.resources(p)
    row_card = game.state.commit_row[p]
    if row_card:
        for r in game.parts.cards[row_card].resources:
            grapes[r] += 1
    return grapes["white"], grapes["red"], grapes["torch"], grapes["horse"], grapes["cart"]


def _wine_ip(game: ChartresGame, cellar: str, barrel: int, white: int, red: int) -> int:
    """The IP of the wine ``white`` and ``red`` grapes would make in ``cellar`` from the barrel marker ``barrel``
    (:func:`.wine.pour`, white first: the IP do not depend on the order), kept in a table shared with clones."""
    key = (cellar, barrel, white, red)
    kept = game.wine_kept
    found = kept.get(key)
    if found is None:
        numbers = game.numbers
        found = kept[key] = pour(game.parts.cellars[cellar].values, barrel, white, red, "white", numbers.full_barrel,
                                 numbers.half_barrel).ip
    return found


def terms(game: ChartresGame, player: int) -> dict[str, float]:
    """The parts of :func:`heuristic` by name (its value is their sum)."""
    s, parts, p = game.state, game.parts, player
    cellar = parts.cellars[s.cellar[p]]
    grapes = game.resources(p)
    if s.commit_row[p]:
        for r in parts.cards[s.commit_row[p]].resources:
            grapes[r] += 1
    numbers = game.numbers
    reputation = (s.reputation[p] + numbers.cross_reputation[s.cross[p] - 1] + 1.5 * min(game.on_paths(p), 2))
    return {
        "IP": float(s.ip[p]), "windows": float(rightmost_value(parts.window_final, len(s.windows[p]))),
        "reputation": reputation * parts.multiplier[s.shield[p] - 1] + 0.5 * reputation,
        "citizens and cards": s.personal[p] * 1.2 + len(s.hand[p]) * 0.9,
        "tracks": 1.5 * s.shield[p] + 1.0 * s.cross[p] + 0.6 * s.barrel[p],
        "wine": 0.6 * pour(cellar.values, s.barrel[p], grapes["white"], grapes["red"], "white", numbers.full_barrel,
                           numbers.half_barrel).ip,
        "paths and resources": 1.0 * game.on_paths(p) + 0.4 * grapes["torch"]
        + 0.3 * citizens.attracted(grapes["horse"], grapes["cart"], numbers.attract_set),
        "this round's play": commit_estimate(game, p) if s.commit_act[p] else 0.0,
    }


def commit_estimate(game: ChartresGame, p: int) -> float:
    """Rough worth of this round's face-down plays for ``p`` (known only to ``p``)."""
    s, cards = game.state, game.parts.cards
    k = s.commit_slot[p] - 1
    row = s.row[p] + [s.commit_row[p]]
    above = row[k] if 0 <= k < len(row) else ""
    if not above or cards[above].colour != cards[s.commit_act[p]].colour:
        return 0.0
    main = cards[above].main
    return 2.0 * len(main.gains) * max(1, main.times) - 0.9 * len(main.costs)


def lookahead(game: ChartresGame, action: Action, player: int,
              rate: Callable[[ChartresGame, int], float] = heuristic) -> float:
    """The heuristic (or ``rate``) after ``action``. A face-down play is rated before the reveal: the last play of
    Phase C reveals everyone's cards and runs Phase E in the same step, and rating that would read the other players'
    face-down cards."""
    twin = game.clone()
    if game.state.phase in (COMMIT_ROW, COMMIT_ACT):
        play.face_down(twin, action)
    else:
        twin.apply_unchecked(action)
    return rate(twin, player)


def redeal(game: ChartresGame, viewer: int | None, rng: Rng) -> ChartresGame:
    """A copy with the cards ``viewer`` cannot see dealt again from ``rng`` (``Game.redeal``): the deck's order,
    every other seat's hand, their face-down plays of Phase C and, while starting rows are chosen in secret, their
    rows. Hands stay sorted, as the engine keeps them."""
    twin = game.clone()
    s = twin.state
    spots: list[tuple[list, int]] = [(s.deck, i) for i in range(len(s.deck))]
    for p in range(game.players):
        if p == viewer:
            continue
        spots += [(s.hand[p], i) for i in range(len(s.hand[p]))]
        if s.phase == "setup-row":
            spots += [(s.row[p], i) for i in range(len(s.row[p]))]
        spots += [(pile, p) for pile in (s.commit_row, s.commit_act) if pile[p]]
    cards = sorted(pile[i] for pile, i in spots)
    rng.shuffle(cards)
    for (pile, i), card in zip(spots, cards, strict=True):
        pile[i] = card
    for hand in s.hand:
        hand.sort()
    return twin
