"""Cities & Knights: all 54 progress cards, by kind and count, each played to its end or refused (issue 13)."""

from collections import Counter

import pytest

from games.catan.cities_knights.rules import CK_RULES
from games.catan.cities_knights.state import KIND_TRACK, KINDS, TRACKS
from tests.checks import assert_refused

from .ck_scenario import ck_position, legal, path, play, progress_of, sound

#: The published counts (docs/rules_notes/catan.md, Sources §2.8), written out here so that a change of the data
#: fails this test.
COUNTS = {
    "science": {"alchemist": 2, "crane": 2, "engineer": 1, "inventor": 2, "irrigation": 2, "medicine": 2,
                "mining": 2, "printer": 1, "road-building": 2, "smith": 2},
    "trade": {"commercial-harbor": 2, "master-merchant": 2, "merchant": 6, "merchant-fleet": 2,
              "resource-monopoly": 4, "trade-monopoly": 2},
    "politics": {"bishop": 2, "constitution": 1, "deserter": 2, "diplomat": 2, "intrigue": 2, "saboteur": 2,
                 "spy": 3, "warlord": 2, "wedding": 2},
}
#: Shown when drawn, never played from the hand.
SHOWN = ("constitution", "printer")


def test_the_decks_deal_fifty_four_cards_by_kind_and_count():
    game = ck_position()
    for t, track in enumerate(TRACKS):
        dealt = Counter(KINDS[k] for k in game.state.decks[t])
        assert dealt == Counter(COUNTS[track]), track
        assert all(TRACKS[KIND_TRACK[KINDS.index(kind)]] == track for kind in dealt)
    assert sum(map(len, game.state.decks)) == 54 and sorted(KINDS) == sorted(k for c in COUNTS.values() for k in c)


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
