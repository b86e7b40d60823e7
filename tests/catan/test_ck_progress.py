"""Cities & Knights: the progress decks, drawing, the hand limit and the 5th card (both config readings), victory point
cards, when cards are played, what a seat sees of them."""

import pytest

from games.catan.cities_knights.state import KIND_TRACK, KINDS, TRACKS
from games.catan.data import ck_rulebook
from tests.checks import assert_refused

from .ck_scenario import ck_position, force_dice, legal, path, play, progress_of, rules_of, sound, stack

rule = pytest.mark.rule


def gate(game, track="science", red=1, yellow=1):
    force_dice(game, track, red, yellow)
    return play(game, "roll")


@rule("progress.deck")
def test_fifty_four_cards_eighteen_per_track_with_the_published_counts():
    cards = ck_rulebook.PROGRESS_CARDS.value
    assert {t: sum(c.values()) for t, c in cards.items()} == {"science": 18, "trade": 18, "politics": 18}
    assert len(KINDS) == 25 and cards["trade"]["merchant"] == 6 and cards["politics"]["spy"] == 3
    assert cards["science"]["road-building"] == 2 and cards["science"]["printer"] == 1
    game = ck_position()
    assert sorted(len(d) for d in game.state.decks) == [18, 18, 18]


@rule("progress.draw")
def test_a_draw_takes_the_top_card_and_an_empty_deck_gives_nothing():
    game = ck_position(levels={0: {"science": 1}}, phase="roll")
    stack(game, "smith")
    events = gate(game)
    assert progress_of(game, 0) == ["smith"] and "progress.draw" in rules_of(events)
    assert "smith" not in str([e.to_dict() for e in events])  # the log names the deck, not the card
    game = ck_position(levels={0: {"science": 1}}, phase="roll")
    game.state.decks[1] = []
    events = gate(game)
    assert any(e.rule == "progress.draw" and "empty" in e.text for e in events) and not game.state.progress[0]


@rule("progress.vp-reveal")
def test_the_printer_and_the_constitution_are_shown_at_once_and_score():
    game = ck_position(levels={1: {"science": 1}}, progress={1: "smith smith crane crane"}, phase="roll")
    stack(game, "printer")
    events = gate(game)
    s = game.state
    assert s.printer == 1 and s.points[1] == 1 and len(s.progress[1]) == 4
    assert any(e.rule == "progress.vp-reveal" and "printer" in e.text for e in events)
    assert game.observe(0)["players"][1]["vp_cards"] == ["printer"] and game.point_sources(1)["Printer"] == 1


@rule("progress.limit")
def test_at_most_four_progress_cards_victory_point_cards_not_counted():
    game = ck_position(levels={1: {"politics": 1}}, progress={1: "spy spy bishop bishop"}, phase="roll")
    s = game.state
    s.constitution = 1
    s.decks[0].remove(KINDS.index("constitution"))
    s.points[1] += 1
    stack(game, "warlord")
    gate(game, "politics")
    assert progress_of(game, 1) == ["bishop", "bishop", "spy", "spy"]
    sound(game)


@rule("progress.fifth")
def test_a_fifth_card_another_player_draws_goes_straight_under_its_deck():
    game = ck_position(levels={1: {"politics": 1}}, progress={1: "spy spy bishop bishop"}, phase="roll")
    stack(game, "warlord")
    events = gate(game, "politics")
    assert progress_of(game, 1) == ["bishop", "bishop", "spy", "spy"]
    assert game.state.decks[0][0] == KINDS.index("warlord") and "progress.fifth" in rules_of(events)
    assert game.pending().kind == "main"


@rule("decision.ck-fifth-card")
def test_the_player_whose_turn_it_is_may_play_the_fifth_card_at_once_or_it_goes_under():
    game = ck_position(cities={0: [17]}, knights_={0: {22: "basic"}}, roads={0: path(17, 22)},
                       levels={0: {"politics": 1}}, progress={0: "spy spy bishop bishop"}, phase="roll")
    stack(game, "warlord")
    gate(game, "politics")
    assert game.pending().kind == "fifth-card" and legal(game) == ["bottom", "play warlord"]
    assert_refused(game, "play spy", "only the 5th card itself", "fifth-card")
    play(game, "play warlord")
    assert game.state.active[0] == 1 << 22 and progress_of(game, 0) == ["bishop", "bishop", "spy", "spy"]
    assert game.pending().kind == "main"
    game = ck_position(levels={0: {"politics": 1}}, progress={0: "spy spy bishop bishop"}, phase="roll")
    stack(game, "warlord")
    gate(game, "politics")
    assert legal(game) == ["bottom"]  # no knight: the Warlord's effect cannot take place
    events = play(game, "bottom")
    assert "progress.fifth" in rules_of(events) and game.state.decks[0][0] == KINDS.index("warlord")
    assert game.pending().kind == "main"


@rule("progress.limit")
def test_with_fifth_card_choose_the_holder_puts_one_of_five_under_its_deck():
    game = ck_position(levels={1: {"politics": 1}}, progress={1: "spy spy bishop bishop"}, phase="roll",
                       fifth_card="choose")
    stack(game, "warlord")
    gate(game, "politics")
    assert game.pending().kind == "hand-limit" and game.pending().player == 1
    assert legal(game) == ["bottom bishop", "bottom spy", "bottom warlord"]
    play(game, "bottom spy")
    assert progress_of(game, 1) == ["bishop", "bishop", "spy", "warlord"] and game.pending().kind == "main"
    assert game.state.decks[0][0] == KINDS.index("spy")


@rule("progress.play")
def test_any_number_of_cards_may_be_played_in_a_turn():
    game = ck_position(cities={0: [17]}, progress={0: "crane irrigation mining"})
    play(game, "play irrigation", "play mining", "play crane")
    assert progress_of(game, 0) == [] and game.pending().kind == "main"


@rule("progress.after-roll")
def test_only_the_alchemist_is_played_before_the_roll():
    game = ck_position(progress={0: "alchemist irrigation"}, phase="roll")
    assert legal(game) == ["play alchemist", "roll"]
    assert_refused(game, "play irrigation", "only the Alchemist", "roll")
    force_dice(game, "ship", 2, 2)
    play(game, "roll")
    assert "play alchemist" not in legal(game) and "play irrigation" in legal(game)
    assert_refused(game, "play alchemist", "before the roll only", "main")


@rule("progress.same-turn")
def test_a_card_drawn_this_turn_may_be_played_this_turn():
    game = ck_position(cities={0: [17]}, levels={0: {"science": 1}}, phase="roll")
    stack(game, "irrigation")
    gate(game)
    assert "play irrigation" in legal(game)
    play(game, "play irrigation")


@rule("progress.bottom")
def test_a_played_card_goes_under_its_deck():
    game = ck_position(cities={0: [17]}, progress={0: "mining"})
    events = play(game, "play mining")
    assert game.state.decks[1][0] == KINDS.index("mining") and rules_of(events)[0] == "progress.bottom"


@rule("decision.ck-card-needs-effect")
def test_a_card_is_offered_only_when_its_effect_can_take_place():
    game = ck_position(cities={0: [17]}, progress={0: "warlord engineer irrigation"})
    assert [a for a in legal(game) if a.startswith("play")] == ["play engineer", "play irrigation"]
    assert_refused(game, "play warlord", "needs an inactive knight", "main")
    assert_refused(game, "play spy", "you hold no spy", "main")
    assert_refused(game, "play printer", "never played", "main")


@rule("decision.ck-open-counts")
def test_a_seat_sees_counts_by_track_and_by_card_group_never_the_cards():
    game = ck_position(hands={1: "ore coin coin"}, progress={1: "spy mining merchant merchant"})
    seen = game.observe(0)["players"][1]
    assert seen["progress"] is None and seen["hand"] is None
    assert seen["progress_cards"] == {"politics": 1, "science": 1, "trade": 2}
    assert (seen["resources"], seen["commodities"], seen["cards"]) == (1, 2, 3)
    mine = game.observe(1)["players"][1]
    assert mine["progress"] == ["merchant", "merchant", "mining", "spy"] and mine["hand"]["coin"] == 2
    assert KIND_TRACK[KINDS.index("spy")] == TRACKS.index("politics")


@pytest.mark.parametrize("card", KINDS)
def test_every_kind_is_refused_when_not_held_and_victory_point_cards_are_never_played(card):
    game = ck_position(cities={0: [17]})
    if card in ("printer", "constitution"):
        assert_refused(game, f"play {card}", "never played", "main")
    else:
        assert_refused(game, f"play {card}", f"you hold no {card}", "main")


def test_the_named_card_must_fit_the_card_in_play():
    game = ck_position(progress={0: "trade-monopoly merchant-fleet"})
    play(game, "play trade-monopoly")
    assert_refused(game, "name brick", "names a commodity, not brick", "name")
    play(game, "name coin", "play merchant-fleet")
    assert_refused(game, "name gold", "names a resource or commodity", "name")


def test_every_kind_of_progress_card_is_registered_once_by_its_track_module():
    from games.catan.cities_knights import politics, progress, science, trade_cards

    modules = {"science": science, "trade": trade_cards, "politics": politics}
    assert sorted(progress.CARDS_BY_KIND) == list(range(len(KINDS)))
    for kind, card in progress.CARDS_BY_KIND.items():
        assert card.kind == kind and modules[TRACKS[KIND_TRACK[kind]]].EFFECTS[kind] is card
