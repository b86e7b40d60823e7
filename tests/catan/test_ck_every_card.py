"""Cities & Knights: all 54 progress cards, by kind and count, each played to its end or refused (issue 13)."""

import re
from collections import Counter
from pathlib import Path

import pytest

from games.catan.cities_knights.rules import CK_RULES
from games.catan.cities_knights.state import KIND_TRACK, KINDS, TRACKS
from tests.checks import assert_refused

from .ck_scenario import ck_position, legal, path, play, progress_of, sound

NOTES = Path(__file__).resolve().parents[2] / "docs" / "rules_notes" / "catan.md"


def published_counts() -> dict[str, dict[str, int]]:
    """The counts as the rules notes write them (Sources §2.8: "science Alchemist 2, Crane 2, ...; trade ..."), read
    from the text so that the data and the documented published counts are checked against each other."""
    notes = " ".join(NOTES.read_text(encoding="utf-8").split())
    listed = re.search(r"Counts: (science .*?) \(18 per deck\)", notes).group(1)
    counts = {}
    for part in listed.split("; "):
        track, _, cards = part.partition(" ")
        counts[track] = {re.sub(r" (\d+)$", "", c).lower().replace(" ", "-"): int(c.split()[-1])
                         for c in cards.split(", ")}
    return counts


#: Shown when drawn, never played from the hand.
SHOWN = ("constitution", "printer")


def test_the_decks_deal_fifty_four_cards_by_kind_and_count():
    counts = published_counts()
    assert sorted(counts) == sorted(TRACKS) and sum(n for c in counts.values() for n in c.values()) == 54
    game = ck_position()
    for t, track in enumerate(TRACKS):
        dealt = Counter(KINDS[k] for k in game.state.decks[t])
        assert dealt == Counter(counts[track]), track
        assert all(TRACKS[KIND_TRACK[KINDS.index(kind)]] == track for kind in dealt)
    assert sum(map(len, game.state.decks)) == 54 and sorted(KINDS) == sorted(k for c in counts.values() for k in c)


def test_every_kind_has_its_own_rule():
    assert {f"progress.{kind}" for kind in KINDS} <= set(CK_RULES)


def rich_position(card: str, phase: str = "main"):
    """Seat 0 holds ``card`` in a position where every playable card has its effect: cities and a settlement with
    roads, a promotable inactive knight, cards of every kind; seat 1 has more points, cards, a progress card and a
    knight on seat 0's roads; the barbarians have attacked once (the robber moves)."""
    hand = "brick lumber ore ore grain grain wool cloth coin paper"
    return ck_position(
        settlements={0: [28]}, cities={0: [17], 1: [31, 42]}, roads={0: path(17, 22, 28, 33), 1: path(31, 36)},
        hands={0: hand, 1: "brick ore wool cloth coin paper"}, progress={0: card, 1: "warlord"},
        knights_={0: {22: "basic"}, 1: {33: "basic"}}, attacks=1, phase=phase)


def finish(game, limit: int = 60) -> None:
    """Answer every decision the card asks for with its first legal choice, until seat 0 is back in its main part of
    the turn."""
    for _ in range(limit):
        if game.pending().kind == "main" and game.state.card < 0:
            return
        game.apply(game.legal_actions()[0])
    raise AssertionError(f"the card is still in play: {game.pending()}")


@pytest.mark.parametrize("card", KINDS)
def test_every_kind_is_played_to_its_end_under_its_deck_or_refused(card):
    k = KINDS.index(card)
    deck = KIND_TRACK[k]
    if card in SHOWN:  # a victory point card is never in a hand (progress.vp-reveal)
        game = rich_position("crane")
        assert_refused(game, f"play {card}", "never played", "main")
        return
    game = rich_position(card, phase="roll" if card == "alchemist" else "main")
    assert f"play {card}" in legal(game), legal(game)
    before = len(game.state.decks[deck])
    play(game, f"play {card}")
    if card == "alchemist":
        play(game, "dice 3 4")
        if game.pending().kind != "main":
            finish(game)
    finish(game)
    assert card not in progress_of(game, 0)
    assert len(game.state.decks[deck]) == before + 1 and game.state.decks[deck][0] == k  # under its deck
    sound(game)
