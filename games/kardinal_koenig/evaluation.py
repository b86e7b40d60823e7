"""What the bots know about the card game: the greedy evaluation.

It reads only what the seat may know: every display (public), the seat's own stones and how many law chips it
holds (the count is public), never a chip's kind. So drawing a face-down chip in the greedy bot's one step of
look-ahead (the kernel's :meth:`~games.core.Game.lookahead`: play the action on a clone, rate the result) cannot
steer it. Search bots sample the chips a seat cannot see with :func:`redeal`.

Why it is fast, and still the same numbers: the chart total is read from :meth:`CardGame.totals`, which scores each
display from its :class:`~.scoring.Tally` (per country its cards and its most crests of one kind, ships, carriages)
instead of building the whole chart, and keeps the tallies and the totals by the displays' cards in tables shared
with the game's clones. A look-ahead's clone changes at most the taker's display, so every other display's tally,
and for claims, chips and stops the whole table's totals, are found, not scored again. The totals are whole numbers
added by the chart's own rules (``tests/kardinal_koenig/test_fast_ratings.py`` checks them against
:func:`~.scoring.score_chart` on generated tables and the ratings against the full chart on random positions), and
the floats after them are added in the same order as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Rng

if TYPE_CHECKING:
    from .game import CardGame

#: A claim stone still owned: it can claim a card later or pay for a claimed one.
STONE_VALUE = 0.5
#: A law chip held: most are useful (6 of the 8), and its kind may not be read.
CHIP_VALUE = 0.3


def heuristic(game: CardGame, player: int) -> float:
    """The chart total of every display as if the game ended now (−2 chips left out, so a chip's kind never steers
    the bot), as the lead over the best other player, plus :data:`STONE_VALUE` per claim stone still owned and
    :data:`CHIP_VALUE` per law chip held."""
    s = game.state
    totals = game.totals(reveal=False)
    lead = totals[player] - max(t for p, t in enumerate(totals) if p != player)
    return lead + STONE_VALUE * (s.hand[player] + s.placed[player]) + CHIP_VALUE * len(s.chips[player])


def terms(game: CardGame, player: int) -> dict[str, float]:
    """The parts of ``player``'s own value by name: the chart total now (−2 chips left out), claim stones still owned
    and law chips held, as :func:`heuristic` weighs them."""
    s = game.state
    return {"points": float(game.totals(reveal=False)[player]),
            "claim stones": STONE_VALUE * (s.hand[player] + s.placed[player]),
            "law chips": CHIP_VALUE * len(s.chips[player])}


def redeal(game: CardGame, viewer: int | None, rng: Rng) -> CardGame:
    """A copy with the law-chip kinds ``viewer`` cannot see dealt again from ``rng`` (``Game.redeal``): the chips
    face down on the layout and the chips every other seat holds (all of them revealed once the game is over)."""
    twin = game.clone()
    s = twin.state
    spots: list[tuple[list, int]] = [(s.chip, i) for i, kind in enumerate(s.chip) if kind]
    if not twin.is_terminal():
        spots += [(s.chips[p], i) for p in range(game.players) if p != viewer for i in range(len(s.chips[p]))]
    kinds = sorted(pile[i] for pile, i in spots)
    rng.shuffle(kinds)
    for (pile, i), kind in zip(spots, kinds, strict=True):
        pile[i] = kind
    return twin
