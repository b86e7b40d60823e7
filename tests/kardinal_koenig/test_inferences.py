"""Our inferences about the card sheet (国カード) are tagged as inferences: a deck that breaks one loads with a
warning naming the card and the inference, and the engine plays its cards as given (issue 15, "Tags")."""

import copy
import json
import warnings
from importlib import resources

import pytest

from games.core import Rng, Sourced
from games.core.conformance import check_random_game
from games.kardinal_koenig import CardGame, register_deck, score_chart
from games.kardinal_koenig.data import inferred, rulebook
from games.kardinal_koenig.deck import DeckWarning, parse_deck

from . import scenario

rule = pytest.mark.rule

DECK_DATA = json.loads(resources.files("games.kardinal_koenig.data").joinpath("deck_approx_v1.json").read_text("utf-8"))


def deck_with(**changes: dict) -> dict:
    """The designed deck with some cards changed: ``deck_with(**{"france-1": {"crests": [...]}})``."""
    data = copy.deepcopy(DECK_DATA)
    for card in data["cards"]:
        card.update(changes.get(card["id"], {}))
    return data


def registered(name: str, **changes: dict) -> str:
    """Register the changed deck under ``name`` (its warnings are expected) and return the name."""
    with pytest.warns(DeckWarning):
        register_deck(name, deck_with(**changes))
    return name


# ---------------------------------------------------------------------------------------------------- the tags
@rule("inferred.crests-per-card")
@rule("inferred.one-route")
def test_both_inferences_are_tagged_inferred_not_printed_with_the_texts_grounds():
    for value in (inferred.CRESTS_PER_CARD, inferred.ROUTES_PER_CARD):
        assert isinstance(value, Sourced) and value.source == "inferred" and value.note and not value.is_printed
    assert (inferred.CRESTS_PER_CARD.value, inferred.ROUTES_PER_CARD.value) == (2, 1)


@rule("inferred.crests-per-card")
@rule("inferred.one-route")
def test_the_designed_deck_keeps_both_inferences_and_loads_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        deck = parse_deck(DECK_DATA, "designed")
    assert max(len(c.crests) for c in deck.cards) == 2
    assert all(len(c.routes) <= 1 for c in deck.cards)


# ---------------------------------------------------------------------------------------------------- crests
@rule("inferred.crests-per-card")
def test_a_card_with_three_crests_loads_with_a_warning_naming_the_card_and_the_inference():
    data = deck_with(**{"france-1": {"crests": ["fan", "cross", "cross"]}})
    with pytest.warns(DeckWarning, match=r"deck 'sheet' card 1 \(france-1\) shows 3 crests: this breaks our "
                                         r"inference 'at most 2 crests per card'") as caught:
        deck = parse_deck(data, "sheet")
    assert len(caught) == 1 and "No turn can take it" not in str(caught[0].message)
    assert deck.by_id()["france-1"].crests == ("cross", "cross", "fan")


@rule("inferred.crests-per-card")
def test_a_card_with_more_crests_than_any_turn_allows_is_accepted_and_the_warning_says_it_cannot_be_taken():
    data = deck_with(**{"denmark-4": {"crests": ["fan"] * 4}})
    with pytest.warns(DeckWarning, match=r"\(denmark-4\) shows 4 crests.*No turn can take it \(the crest limit is "
                                         r"3 even with the '3 crests allowed' chip\)"):
        parse_deck(data, "sheet")


@rule("inferred.crests-per-card")
def test_a_three_crest_card_is_taken_only_with_the_three_crests_chip():
    deck = registered("test-three-crest-card", **{"france-1": {"crests": ["cross", "fan", "lily"]}})
    game = scenario.table([["france-1"], ["denmark-1"]], chips={"1,1": "three"}, deck=deck)
    scenario.hand_over(game, 0, "1,1")  # player 1 holds the chip that lay on the card
    assert scenario.legal(game) == ["play three", "take 2 1"]
    assert "shows 3 crest(s)" in scenario.refused(game, "take 1 1")
    events = scenario.play(game, "play three", "take 1 1")
    assert scenario.rules_of(events)[:3] == ["chips.three", "decision.three-crests", "take.ends"]
    assert game.state.turn.crests == 3 and game.state.displays[0] == ["france-1"]
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- routes
@rule("inferred.one-route")
def test_a_card_with_a_ship_and_a_carriage_loads_with_a_warning_naming_the_card_and_the_inference():
    data = deck_with(**{"italy-1": {"route": ["carriage", "ship"]}, "italy-3": {"route": ["ship"]}})
    with pytest.warns(DeckWarning, match=r"card 42 \(italy-1\) shows both a ship and a carriage: this breaks our "
                                         r"inference 'a card shows a ship or a carriage, never both'") as caught:
        cards = parse_deck(data, "sheet").by_id()
    assert len(caught) == 1  # a list of one route is just that route
    assert cards["italy-1"].route == "ship+carriage" and cards["italy-1"].routes == ("ship", "carriage")
    assert cards["italy-3"].route == "ship" and cards["italy-3"].routes == ("ship",)
    assert cards["italy-2"].routes == ("ship",) and cards["italy-5"].routes == ()


@rule("inferred.one-route")
@rule("score.roads")
def test_a_card_with_both_routes_counts_for_both_roads_and_is_logged_with_both():
    deck = registered("test-two-route-cards", **{f"saxony-{i}": {"route": ["ship", "carriage"]} for i in range(1, 8)})
    game = CardGame(None, 0, deck=deck)
    saxony = [game.cards[f"saxony-{i}"] for i in range(1, 8)]
    assert score_chart([saxony[:5], saxony[5:], []]).roads == (10, 0, 0)  # 5 ships and 5 carriages
    assert score_chart([saxony[:4], [], []]).roads == (0, 0, 0)
    game = scenario.table([["saxony-2"], ["denmark-1"]], deck=deck)
    events = scenario.play(game, "take 1 1")
    assert events[0].text.endswith("(1 crest, a ship and a carriage).")


# ---------------------------------------------------------------------------------------------------- stalling
@rule("decision.stalled-end")
def test_a_card_nobody_may_take_ends_the_game_after_a_whole_round_without_a_card_taken():
    deck = registered("test-four-crest-card", **{"france-1": {"crests": ["cross"] * 4}})
    game = scenario.table([["france-1", "france-3"]], deck=deck)
    events = scenario.play(game, "take 1 2", "skip")  # player 1 takes the only card anybody may take
    assert [(e.rule, e.data.get("player")) for e in events][3:] == [
        ("take.skip", 1), ("take.skip", 2), ("take.skip", 0),  # a whole round: nobody can take France 1
        ("decision.stalled-end", None), ("score.chart-order", None), ("score.winner", None)]
    assert "nobody can take the 1 card(s) left" in events[6].text
    assert game.is_terminal() and game.state.cards_left == 1 and scenario.step(game) == "over"
    assert game.legal_actions() == () and game.scores() == (9, 0, 0)  # France 8 + 1 fan
    assert "flow.end" not in scenario.rules_of(game.log)  # not every card is taken
    scenario.sound(game)


@rule("decision.stalled-end")
def test_players_holding_chips_are_asked_and_pass_and_the_round_still_ends_the_game():
    deck = registered("test-four-crest-card-2", **{"france-1": {"crests": ["fan"] * 4}})
    game = scenario.table([["france-1", "france-3"]], chips={"1,1": "minus2"}, deck=deck)
    scenario.hand_over(game, 1, "1,1")  # player 2 holds a chip: they are asked (decision.public-steps)
    scenario.play(game, "take 1 2", "skip")
    assert game.pending().player == 1 and scenario.legal(game) == ["pass"]
    events = scenario.play(game, "pass")
    assert scenario.rules_of(events)[:5] == ["take.skip", "take.skip", "take.skip", "decision.stalled-end",
                                    "score.minus-chips"]
    assert game.is_terminal() and game.scores() == (9, -2, 0)  # the chip is revealed at the end
    scenario.sound(game)


@rule("decision.stalled-end")
def test_the_three_crest_chip_holder_may_still_take_the_card_before_the_round_is_over():
    deck = registered("test-three-crest-card-2", **{"france-1": {"crests": ["fan"] * 3}})
    game = scenario.table([["france-1", "france-3"]], chips={"1,1": "three"}, deck=deck)
    scenario.hand_over(game, 2, "1,1")
    scenario.play(game, "take 1 2", "skip")  # player 2 cannot take and misses the turn; player 3 holds the chip
    assert game.pending().player == 2 and scenario.legal(game) == ["pass", "play three"]
    scenario.play(game, "play three", "take 1 1")
    assert game.is_terminal() and "flow.end" in scenario.rules_of(game.log)
    assert "decision.stalled-end" not in scenario.rules_of(game.log)


@rule("decision.stalled-end")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_with_the_designed_cards_every_game_ends_with_the_last_card_taken(players):
    for seed in range(6):
        game, pick = CardGame(None, seed, players=players), Rng(seed)
        while not game.is_terminal():
            legal_now = game.legal_actions()
            game.apply(legal_now[pick.below(len(legal_now))])
            assert game.state.idle < players
        assert game.state.cards_left == 0 and "flow.end" in scenario.rules_of(game.log)
        assert "decision.stalled-end" not in scenario.rules_of(game.log)
    # Why: every card fits the crest limit, so the owner of a stone on an end card (anybody, for a free one) can
    # always take it.
    assert rulebook.CREST_LIMIT.value >= inferred.CRESTS_PER_CARD.value


OFF_SHEET = {
    **{f"france-{i}": {"crests": ["cross", "fan", "lily"]} for i in (6, 7)},  # takeable only with the chip
    "saxony-7": {"crests": ["cross"] * 4}, "castile-7": {"crests": ["tower"] * 5},  # never takeable
    **{f"italy-{i}": {"route": ["ship", "carriage"]} for i in range(1, 7)},
}


@pytest.fixture(scope="module")
def off_sheet_deck() -> str:
    return registered("test-off-sheet", **OFF_SHEET)


@pytest.mark.slow
@rule("inferred.crests-per-card")
@rule("inferred.one-route")
@rule("decision.stalled-end")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_with_an_off_sheet_deck_keep_every_invariant_and_end(players, off_sheet_deck):
    for seed in range(3):
        game = check_random_game(lambda s: CardGame(None, s, players=players, deck=off_sheet_deck), seed)
        assert game.is_terminal() and game.state.cards_left >= 2  # the two cards over 3 crests stay
        assert "decision.stalled-end" in scenario.rules_of(game.log) and "flow.end" not in scenario.rules_of(game.log)
