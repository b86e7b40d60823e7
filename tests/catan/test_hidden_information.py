"""Hidden information: hands and development cards of others, the deck order and the stream never show in another
seat's observation, in prompts or in the log; twins that differ only in such things look the same to a seat."""

import json

import pytest

from games.catan import new_game
from games.catan.data import rulebook
from games.catan.development import DEV_KINDS, KINDS
from games.core import Rng

from .scenario import force_roll, play, position

rule = pytest.mark.rule
RESOURCE_KINDS = 5


def positions(seed, players=4, every=9):
    game, pick = new_game(players=players, seed=seed), Rng(seed)
    step = 0
    while not game.is_terminal():
        if step % every == 0 and game.state.turn:
            yield game
        legal = game.legal_actions()
        game.apply_unchecked(legal[pick.below(len(legal))])
        step += 1


def hidden_twin(game, viewer):
    """The same game with hidden things changed: one card swapped between two other hands, one old development
    card of another player swapped with a deck card of another kind, the deck reversed, the stream moved.
    Returns the twin and whether anything but the deck and stream changed."""
    twin = game.clone()
    s = twin.state
    n = twin.players
    others = [p for p in range(n) if p != viewer]
    changed = False
    for a in others:
        for b in others:
            if changed or a >= b:
                continue
            xs = [r for r in range(RESOURCE_KINDS) if s.hands[a * RESOURCE_KINDS + r]]
            ys = [r for r in range(RESOURCE_KINDS) if s.hands[b * RESOURCE_KINDS + r]]
            pairs = [(x, y) for x in xs for y in ys if x != y]
            if pairs:
                x, y = pairs[0]
                s.hands[a * RESOURCE_KINDS + x] -= 1
                s.hands[a * RESOURCE_KINDS + y] += 1
                s.hands[b * RESOURCE_KINDS + y] -= 1
                s.hands[b * RESOURCE_KINDS + x] += 1
                changed = True
    for q in others:
        new = s.devs_new if q == s.player else [0] * DEV_KINDS
        old = [k for k in range(DEV_KINDS) if s.devs[q * DEV_KINDS + k] - new[k] > 0]
        swap = [(k, i) for k in old for i, c in enumerate(s.deck) if c != k]
        if swap:
            k, i = swap[0]
            s.devs[q * DEV_KINDS + k] -= 1
            s.devs[q * DEV_KINDS + s.deck[i]] += 1
            s.deck[i] = k
            changed = True
            break
    s.deck.reverse()
    twin.rng.state ^= 0x9E3779B97F4A7C15
    return twin, changed


@pytest.mark.slow
@rule("decision.bank-open")
@pytest.mark.parametrize("seed", range(4))
def test_twins_that_differ_in_hidden_cards_look_the_same_to_every_other_seat(seed):
    differing = 0
    for game in positions(seed, players=4 if seed % 2 else 3):
        for viewer in [None, *range(game.players)]:
            twin, changed = hidden_twin(game, viewer)
            differing += changed
            assert twin.observe(viewer) == game.observe(viewer), f"seed {seed} step {len(game.history)} {viewer}"
            assert twin.pending() == game.pending()
            assert twin.scores() == game.scores()
            decision = game.pending()
            if viewer is not None and decision.player == viewer:
                legal = game.legal_actions(viewer)
                assert twin.legal_actions(viewer) == legal
                action = legal[len(game.history) % len(legal)]
                a, b = game.clone(), twin.clone()
                events_a, events_b = a.apply(action), b.apply(action)
                assert [(e.rule, e.text, dict(e.data)) for e in events_a if not e.rule.startswith("turn.roll")
                        and e.rule != "production.yield"] == \
                    [(e.rule, e.text, dict(e.data)) for e in events_b if not e.rule.startswith("turn.roll")
                     and e.rule != "production.yield"] or action.verb in ("roll", "end", "name")
    assert differing > 20


@pytest.mark.slow
@rule("robber.steal")
def test_the_log_names_the_thief_and_the_victim_never_the_card():
    for seed in range(6):
        game, pick = new_game(seed=seed), Rng(seed)
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply_unchecked(legal[pick.below(len(legal))])
        for event in game.log:
            if event.rule in ("robber.steal", "dev.buy"):
                words = json.dumps([event.text, dict(event.data)])
                assert not any(r in words for r in rulebook.RESOURCES), event
                assert not any(k in words for k in KINDS), event


@rule("dev.buy")
def test_a_bought_card_shows_to_its_owner_only():
    game = position(hands={0: "grain ore wool"})
    play(game, "buy")
    mine = game.observe(0)["players"][0]
    assert sum(mine["development"].values()) == 1 and sum(mine["new_development"].values()) == 1
    for viewer in (None, 1, 2, 3):
        seen = game.observe(viewer)["players"][0]
        assert seen["development"] is None and seen["development_cards"] == 1 and seen["hand"] is None


@rule("decision.bank-open")
def test_everybody_sees_the_bank_and_how_many_cards_each_player_holds():
    game = position(hands={0: "ore ore", 1: "wool"})
    for viewer in (None, 0, 1, 2):
        seen = game.observe(viewer)
        assert seen["bank"]["ore"] == 17 and [p["cards"] for p in seen["players"]] == [2, 1, 0, 0]
    assert game.observe(1)["players"][0]["hand"] is None and game.observe(0)["players"][0]["hand"]["ore"] == 2


@rule("turn.roll")
def test_the_roll_is_asked_of_a_player_with_or_without_a_knight():
    with_knight = position(devs={0: "knight"}, phase="roll")
    without = position(phase="roll")
    assert with_knight.pending() == without.pending()
    force_roll(with_knight, 5)
    assert with_knight.observe(1)["players"][0]["development_cards"] == 1


@rule("decision.bank-open")
def test_a_redeal_changes_only_what_the_seat_cannot_see_and_keeps_a_pending_offers_cards():
    game = position(hands={0: "brick ore", 1: "wool grain lumber", 2: "ore ore", 3: "grain"})
    play(game, "propose", "give brick", "want ore", "ask all", "decline", "accept")
    assert game.pending().player == 3
    seen = {game.redeal(3, Rng(k)).state.hands[5:15].__str__() for k in range(30)}
    assert len(seen) > 1  # players 2 and 3's cards are dealt again
    for k in range(30):
        twin = game.redeal(3, Rng(k))
        assert twin.observe(3) == game.observe(3) and twin.invariant_breaks() == []
        assert twin.state.hands[0] >= 1 and twin.state.hands[2 * 5 + 3] >= 1  # the offer's brick, the acceptor's ore
    assert game.redeal(None, Rng(1)).state.hands == game.state.hands
