"""Hidden information (inferred.hidden): hands, the deck order and the face-down plays of Phase C are seen by
nobody else; action rows, personal supplies and reputation are public. The greedy bot decides from what its seat
may know."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.chartres.game import ChartresGame
from games.core import Rng
from games.core.bots import GreedyBot, RandomBot
from tests.checks import random_positions, twins_seen_alike

from . import scenario

rule = pytest.mark.rule


def positions(seed: int, players: int, every: int):
    """Every ``every``-th position of a seeded random game."""
    return random_positions(lambda: ChartresGame(None, seed, players=players), seed, every, final=False)

@rule("inferred.hidden")
@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4), st.integers(9, 15))
def test_no_observation_changes_when_only_cards_its_viewer_may_not_see_are_changed(seed, players, every):
    changed = 0
    for game in positions(seed, players, every):
        for _viewer, twin in twins_seen_alike(game, scenario.hidden_twin, seed):
            if twin.teacher_view() != game.teacher_view():
                changed += 1
    assert changed > 0


@rule("inferred.hidden")
def test_a_hand_is_seen_by_its_owner_only_and_the_deck_by_its_size_only():
    game = scenario.new_game(3)
    for viewer in range(3):
        seats = game.observe(viewer)["seats"]
        assert [s["hand"] for s in seats] == [game.state.hand[p] if p == viewer else None for p in range(3)]
        assert [s["hand_size"] for s in seats] == [len(h) for h in game.state.hand]
    public = game.observe(None)
    assert public["deck"] == len(game.state.deck) and all(s["hand"] is None for s in public["seats"])
    text = str(public)
    assert not any(c in text for c in game.state.deck)  # no deck card is named anywhere


@rule("inferred.hidden")
def test_two_games_that_differ_only_in_a_card_of_another_hand_look_the_same_to_the_other_seats():
    game = scenario.new_game(3)
    twin = game.clone()
    theirs, fresh = twin.state.hand[1][0], twin.state.deck[0]
    scenario.give_hand(twin, 1, [fresh, *twin.state.hand[1][1:]])
    assert theirs in twin.state.deck and scenario.sound(twin).state.hand[1] != game.state.hand[1]
    for viewer in (None, 0, 2):
        assert twin.observe(viewer) == game.observe(viewer)
    assert twin.observe(1) != game.observe(1)


@rule("inferred.hidden")
@rule("play.reveal")
def test_face_down_plays_are_not_seen_by_the_others_until_they_are_revealed():
    game = scenario.new_game(2)
    ready = scenario.ready_to_activate(game, 0, scenario.card(colour="red", main=("cross",), bonus=("gain_citizen",)))
    row, slot, act = ready[0]
    scenario.play(game, f"row {row}", f"activate {slot} {act}")
    seen = game.observe(1)
    assert seen["seats"][0]["committed"] == [True, True] and seen["seats"][0]["commit"] is None
    assert row not in str(seen) and act not in str(seen)
    assert scenario.hidden_cards(game, 1)[-2:] == [("commit_row", 0, 0), ("commit_act", 0, 0)]


@rule("inferred.hidden")
def test_action_rows_personal_supplies_and_reputation_are_public():
    game = scenario.new_game(4)
    game.state.reputation[2] = 3
    for viewer in (None, 0, 1, 2, 3):
        seats = game.observe(viewer)["seats"]
        assert [s["row"] for s in seats] == game.state.row
        assert [s["personal"] for s in seats] == game.state.personal
        assert [s["reputation"] for s in seats] == [0, 0, 3, 0]
        assert seats[1]["resources"] == game.resources(1)


# ---------------------------------------------------------------------------------------------------- the greedy bot
@pytest.mark.slow
def test_the_greedy_bot_rates_alike_in_games_that_differ_only_in_hidden_cards_when_its_action_reveals_nothing():
    compared = 0
    for seed in range(6):
        players = 2 + seed % 3
        game = ChartresGame(None, seed, players=players)
        seat = seed % players
        bots = [GreedyBot(seed) if p == seat else RandomBot(seed + p) for p in range(players)]
        step = 0
        while not game.is_terminal():
            decision, s = game.pending(), game.state
            reveals = decision.kind == "commit-act" and s.turn == len(s.queue) - 1  # the last face-down play
            if decision.player == seat and not reveals and step % 3 == 0:
                twin = scenario.hidden_twin(game, seat, shift=3)
                assert GreedyBot(step).ratings(twin) == GreedyBot(step).ratings(game), f"seed {seed} step {step}"
                compared += 1
            game.apply(bots[decision.player].choose(game))
            step += 1
    assert compared >= 40


def test_the_greedy_bot_rates_its_last_face_down_play_alike_whatever_the_others_played_face_down():
    game = scenario.new_game(2, initiative=(0, 1))
    citizen = scenario.card(colour="red", main=("gain_citizen",), times=1, bonus=None)
    draw_three = scenario.card(colour="yellow", main=("discard:any", "draw:3"), bonus=("barrel",))
    plays = scenario.ready_to_activate(game, 1, citizen)
    used = {c for r in game.state.row for c in r} | {c for h in game.state.hand for c in h}
    row0 = [draw_three, *[c for c in scenario.cards_of(resources=("cart",)) if c not in used][:2]]
    scenario.set_row(game, 0, row0)
    used |= set(row0)
    under = next(c for c in scenario.cards_of(colour="yellow") if c not in used)
    new0, extra = [c for c in scenario.cards_of(colour="purple") if c not in used][:2]
    scenario.give_hand(game, 0, [new0, under, extra])
    scenario.play(game, f"row {new0}", f"activate 1 {under}")  # seat 0 will have to choose a discard in Phase E
    scenario.play(game, f"row {plays[1][0]}")
    assert game.pending().player == 1 and game.pending().kind == "commit-act"
    twin = game.clone()  # the same, except that seat 0's face-down activation card does not match
    k = next(i for i, c in enumerate(twin.state.deck) if scenario.colour_of(c) != "yellow")
    twin.state.commit_act[0], twin.state.deck[k] = twin.state.deck[k], twin.state.commit_act[0]
    assert twin.observe(1) == game.observe(1) and scenario.sound(twin)
    assert GreedyBot(0).ratings(twin) == GreedyBot(0).ratings(game)


@rule("inferred.hidden")
def test_no_logged_event_names_a_card_that_is_still_hidden():
    """A card laid face up in the discard pile (before or during the step) was seen by all: when the deck runs out
    and the discards are shuffled back in, the events that named it stay fair."""
    card_id = re.compile(r"\ba[0-9]{2}\b")
    for seed in range(3):
        game, pick = ChartresGame(None, seed, players=2 + seed), Rng(seed)
        while not game.is_terminal():
            start, seen = len(game.log), set(game.state.discard)
            legal = game.legal_actions()
            game.apply(legal[pick.below(len(legal))])
            s = game.state
            hidden = set(s.deck) | {c for h in s.hand for c in h} | set(s.commit_row) | set(s.commit_act)
            if s.phase == "setup-row":
                hidden |= {c for r in s.row for c in r}
            if any(e.rule == "deck.reshuffle" for e in game.log[start:]):
                hidden -= seen | {e.data["card"] for e in game.log[start:] if e.rule.startswith("effect.discard")}
            for event in game.log[start:]:
                named = set(card_id.findall(event.text + " " + str(dict(event.data))))
                assert not named & hidden, (seed, event.rule, event.text)
