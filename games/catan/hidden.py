"""Dealing again what a seat cannot see (``Game.redeal``): for search bots' samples and hidden-information twins.

A seat sees its own hand and development cards, every count, the bank and the log. It does not see the other hands
(which resource cards, which development cards, which of the active player's cards were bought this turn), the
deck's order or the random stream. :func:`redeal` deals those again at random: the other players' resource cards
are pooled and dealt back in the same hand sizes (so the bank and every count stay as they are), their unplayed
development cards and the deck are pooled and dealt back in the same numbers (old and new cards apart), and the
stream is replaced. Once the game is over, victory point cards are face up and development cards stay. The deal
does not count cards from the log (who got what from production and trades): it is the simple sample, consistent
with everything the seat's observation shows (a pending offer's cards stay with the proposer and the acceptors),
not with everything it could have inferred.

Every pool is dealt from its sorted order: the deal then depends only on what the seat sees (how many of each card the
others hold between them) and the random stream, never on who holds what now, so twins of one position deal alike
and a search bot that samples with ``redeal`` chooses the same in every twin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Rng

from .development import DEV_KINDS
from .state import ACCEPTED, ANSWER, CONFIRM, OFFER

if TYPE_CHECKING:
    from .game import CatanGame


def redeal(game: CatanGame, viewer: int | None, rng: Rng) -> CatanGame:
    twin = game.clone()
    s = twin.state
    others = [] if viewer is None else [p for p in range(game.players) if p != viewer]
    _resources(twin, others, rng)
    if game.is_terminal():  # victory point cards are face up now: the development cards stay as they are
        others = []
    for _ in range(20):  # a deal that would already have won for the player to move is not a consistent one
        _developments(twin, others, rng)
        p = s.player
        if p == viewer or s.points[p] + twin.hidden_points(p) < game.config.points_to_win:
            break
    twin.rng.state = rng.next_u64()
    return twin


def _resources(game: CatanGame, others: list[int], rng: Rng) -> None:
    """The cards of ``others`` pooled and dealt back in the same numbers per hand, each group of card kinds whose
    counts are public (:attr:`CatanGame.card_groups`) apart; cards the viewer is known to see stay."""
    s = game.state
    w = game.width
    shown = _shown(game)
    for group in game.card_groups:
        sizes = [sum(s.hands[p * w + r] - shown[p][r] for r in group) for p in others]
        pool = [r for r in group for p in others for _ in range(s.hands[p * w + r] - shown[p][r])]
        rng.shuffle(pool)  # built in card order: the same list for every deal of the same counts
        for p, size in zip(others, sizes, strict=True):
            dealt, pool = pool[:size], pool[size:]
            for r in group:
                s.hands[p * w + r] = dealt.count(r) + shown[p][r]


def _shown(game: CatanGame) -> list[list[int]]:
    """Cards a player is known to hold: what the proposer of a pending trade offer gives, and what each player who
    accepted it was asked for."""
    s = game.state
    shown = [[0] * game.width for _ in range(game.players)]
    if s.phase in (OFFER, ANSWER, CONFIRM):
        shown[s.player] = list(s.offer_give)
        for q in range(game.players):
            if s.answers[q] == ACCEPTED:
                shown[q] = list(s.offer_want)
    return shown


def _developments(game: CatanGame, others: list[int], rng: Rng) -> None:
    s = game.state
    new = {p: sum(s.devs_new) if p == s.player else 0 for p in others}
    old = {p: sum(s.devs[p * DEV_KINDS:p * DEV_KINDS + DEV_KINDS]) - new[p] for p in others}
    pool = list(s.deck)
    for p in others:
        pool += [k for k in range(DEV_KINDS) for _ in range(s.devs[p * DEV_KINDS + k])]
    pool.sort()
    rng.shuffle(pool)
    for p in others:
        dealt, pool = pool[:old[p] + new[p]], pool[old[p] + new[p]:]
        s.devs[p * DEV_KINDS:p * DEV_KINDS + DEV_KINDS] = [dealt.count(k) for k in range(DEV_KINDS)]
        if new[p]:
            s.devs_new = [dealt[old[p]:].count(k) for k in range(DEV_KINDS)]
    s.deck = pool
