"""Set-up: start player, robber on the desert, the development deck, snake order and the second settlement's income."""

import pytest

from games.catan import new_game
from games.catan.data import rulebook

from .scenario import edge, hand, legal, play, rules_of

rule = pytest.mark.rule


@rule("setup.robber")
def test_the_robber_starts_on_the_desert():
    for seed in range(5):
        game = new_game(seed=seed)
        assert game.state.terrain[game.state.robber] == 5
        assert any(e.rule == "setup.robber" for e in game.log)


@rule("setup.deck")
def test_the_25_development_cards_are_shuffled_face_down():
    game = new_game(seed=2)
    deck = game.state.deck
    assert sorted(deck) == sorted(k for k, n in enumerate(rulebook.DEVELOPMENT_CARDS.value.values())
                                  for _ in range(n))
    assert deck != new_game(seed=3).state.deck and game.observe(0)["deck"] == 25
    assert "deck" in [e.rule.split(".")[1] for e in game.log]


@rule("setup.start-player")
def test_the_start_player_is_configured_or_drawn_from_the_seed():
    assert new_game(start_player=2).pending().player == 2
    drawn = {new_game(seed=s).state.start for s in range(20)}
    assert drawn == {0, 1, 2, 3}
    assert new_game(seed=4).log[-1].rule == "setup.start-player"


def snake(players, start):
    return [(start + i) % players for i in range(players)] + [(start - 1 - i) % players for i in range(players)]


@rule("setup.snake")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_settlements_and_roads_go_clockwise_then_back(players):
    game = new_game(players=players, start_player=1, layout="beginner")
    order = []
    while game.state.turn == 0:
        order.append(game.pending().player)
        assert game.pending().kind == "setup-settlement"
        play(game, legal(game)[-1])
        assert game.pending().kind == "setup-road" and game.pending().player == order[-1]
        play(game, legal(game)[0])
    assert order == snake(players, 1)
    assert game.pending().kind == "roll" and game.pending().player == 1


@rule("setup.snake")
@rule("build.distance")
def test_opening_placement_counts_54_then_54_minus_the_node_and_its_neighbours():
    game = new_game(layout="beginner", start_player=0)
    assert len(legal(game)) == 54
    play(game, "settle 17")  # three neighbours: 12, 22, 23
    assert legal(game) == [f"road {e}" for e in sorted((edge(17, 12), edge(17, 22), edge(17, 23)))]
    play(game, f"road {edge(17, 12)}")
    assert len(legal(game)) == 54 - 4 and "settle 22" not in legal(game)
    play(game, "settle 0")  # a coastal corner with two neighbours
    assert len(legal(game)) == 2
    play(game, f"road {edge(0, 3)}")
    assert len(legal(game)) == 54 - 4 - 3


@rule("setup.snake")
def test_a_set_up_road_must_touch_the_settlement_just_placed():
    game = new_game(layout="beginner", start_player=0)
    play(game, "settle 17")
    with pytest.raises(Exception, match="next to the settlement just placed"):
        game.apply("road 0")


@rule("setup.income")
def test_the_second_settlement_takes_one_resource_per_land_hex_and_the_first_none():
    game = new_game(players=3, layout="beginner", start_player=0)
    for v, w in ((17, 12), (1, 4), (42, 37)):
        play(game, f"settle {v}", f"road {edge(v, w)}")
    assert [hand(game, p) for p in range(3)] == [{}, {}, {}]
    events = play(game, "settle 50")  # player 3's second: hex 18, pasture
    assert "setup.income" in rules_of(events) and hand(game, 2) == {"wool": 1}
    play(game, f"road {edge(50, 53)}", "settle 13", f"road {edge(13, 18)}")  # hexes 1, 4, 5: wool, brick, wool
    assert hand(game, 1) == {"brick": 1, "wool": 2}
    play(game, "settle 21")  # player 1: hex 7 only (fields)
    assert hand(game, 0) == {"grain": 1}


@rule("turn.order")
def test_turns_go_clockwise_and_end_passes_the_dice():
    from .scenario import force_roll, position

    game = position(players=3, phase="roll", player=2)
    force_roll(game, 5)
    events = play(game, "roll", "end")
    assert events[-1].rule == "turn.order" and game.pending().player == 0 and game.pending().kind == "roll"
    assert game.state.turn == 2 and legal(game) == ["roll"]
