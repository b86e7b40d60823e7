"""Questions the rule text leaves open, as config switches tested both ways (``top_up``, ``red_round_event``), and
order words of the text the engine follows (the joker's reputation comes first: ZH 你必须先失去1点声望).

First games for 2 players unless said: wood and a permit cost 2 at the start; player 1 starts with 40 groschen and
1 miner in the pool.
"""

import pytest

from games.core import ConfigError

from . import scenario

rule = pytest.mark.rule


def one_miner_pool(**options):
    """Player 1 is to play card 1 (Plot / Mine) with 1 miner in the pool and 8 beside it."""
    game = scenario.new_game(2, **options)
    assert (game.state.seats[0].pool, game.state.seats[0].reserve) == (1, 8)
    return game


# ---------------------------------------------------------------------------------------------------- top_up
@rule("decision.pool-top-up")
def test_by_default_a_pool_holding_a_miner_is_not_filled_by_a_permit():
    game = one_miner_pool()
    events = scenario.play(game, "play 1 mine")
    assert game.pending().kind == "mine" and "mine.permit" not in scenario.rules_of(events)
    assert not [a for a in scenario.legal(game) if a.startswith("miners")] and game.state.seats[0].groschen == 40


@rule("decision.pool-top-up")
@rule("mine.pool-max")
def test_with_top_up_a_permit_may_fill_a_pool_holding_one_miner_to_two():
    game = one_miner_pool(top_up=True)
    scenario.play(game, "play 1 mine")
    d = game.pending()
    assert d.kind == "miners" and "holds 1 miner" in d.prompt
    assert scenario.legal(game) == ["miners 0", "miners 1", "pass"]  # never a third miner in the pool
    scenario.refuses(game, "miners 2", "a permit costs 2")
    events = scenario.play(game, "miners 1")
    seat = game.state.seats[0]
    assert scenario.of_rule(events, "mine.permit")[0].data["groschen"] == 2 and (seat.pool, seat.reserve) == (2, 7)
    assert game.pending().kind == "mine" and seat.groschen == 38  # then the tiles are drawn
    scenario.sound(game)


@rule("decision.pool-top-up")
def test_with_top_up_the_player_may_go_on_without_a_permit():
    game = one_miner_pool(top_up=True)
    events = scenario.play(game, "play 1 mine", "miners 0")
    seat = game.state.seats[0]
    assert "decision.pool-top-up" in scenario.rules_of(events) and "mine.permit" not in scenario.rules_of(events)
    assert game.pending().kind == "mine" and (seat.pool, seat.groschen) == (1, 40)


@rule("decision.pool-top-up")
def test_with_top_up_the_pool_is_never_refilled_after_the_mine_is_placed():
    # 「鉱山を置く前にのみ補充できる（置いたあとでは不可）」: the permit comes before the draw or not at all.
    game = one_miner_pool(top_up=True)
    scenario.play(game, "play 1 mine", "miners 0")
    space = next(a for a in scenario.legal(game) if a.startswith("mine "))
    scenario.play(game, space)
    assert game.pending().kind == "play" and game.state.seats[0].pool == 0


@rule("decision.pool-top-up")
def test_with_top_up_nothing_is_asked_when_no_permit_can_be_bought():
    game = one_miner_pool(top_up=True)
    game.state.seats[0].groschen = 1
    scenario.play(game, "play 1 mine")
    assert game.pending().kind == "mine"


# ---------------------------------------------------------------------------------------------------- red_round_event
@rule("decision.events-red-round")
@pytest.mark.parametrize("players, red_round", [(2, 3), (3, 3), (4, 2)])
def test_the_red_round_takes_an_a_event_by_default_and_a_b_event_with_the_switch(players, red_round):
    for seed in range(3):
        events = scenario.new_game(players, seed, events=True).state.events
        assert events[red_round - 1][0] == "A" and events[red_round][0] == "B"
        switched = scenario.new_game(players, seed, events=True, red_round_event="B")
        letters = [e[:1] for e in switched.state.events]
        assert letters == ["A"] * (red_round - 1) + ["B"] * (switched.rounds - red_round) + [""]
        assert "A up to round " + str(red_round - 1) in scenario.of_rule(switched.log, "setup.events")[0].text


@rule("decision.events-red-round")
def test_red_round_event_is_a_or_b():
    with pytest.raises(ConfigError, match='red_round_event is one of A, B, not "C"'):
        scenario.new_game(2, red_round_event="C")


# ---------------------------------------------------------------------------------------------------- order words
@rule("joker.cost")
def test_the_jokers_reputation_is_lost_first_so_a_plot_bought_by_it_no_longer_costs_1():
    # JA これを使うためには名声を1失わなければなりません; ZH 要想使用小丑行动，你必须先失去1点声望.
    game = scenario.new_game(2)
    game.state.seats[0].reputation = 3  # plots cost 1 from reputation 3
    scenario.turn(game, 0)
    events = scenario.play(game, "joker 2 plot")
    assert scenario.rules_of(events)[:2] == ["joker.any", "joker.cost"] and game.state.seats[0].reputation == 2
    assert game.plot_options(0, False, False)[24] == 5  # no building in town yet: 5, not 1
    events = scenario.play(game, "plot 24")
    assert scenario.of_rule(events, "plot.cost")[0].data["groschen"] == 5 and game.state.seats[0].groschen == 35
    scenario.sound(game)
