"""Perft-style exact counts of legal actions in fixed positions, counted by hand on the beginner map."""

import pytest

from games.catan import new_game

from .scenario import edge, legal, path, play, position

rule = pytest.mark.rule


@rule("setup.snake")
def test_opening_counts_along_the_first_placements():
    game = new_game(layout="beginner", start_player=0)
    counts = [len(legal(game))]
    for v, w in ((17, 12), (0, 3), (42, 37)):
        play(game, f"settle {v}")
        counts.append(len(legal(game)))  # roads next to the new settlement
        play(game, f"road {edge(v, w)}")
        counts.append(len(legal(game)))
    # 54; 3 roads at 17; 54-4; 2 roads at 0; 50-3; 2 roads at 42 (a coastal corner); 47-3
    assert counts == [54, 3, 50, 2, 47, 2, 44]


@rule("build.road")
def test_main_turn_counts_in_a_fixed_position():
    game = position(settlements={0: [17]}, roads={0: path(17, 22, 16)}, hands={0: "brick lumber"})
    # end; roads from 17 (2 open: to 12, 23), from 22 (to 28), from 16 (to 11, 21) = 5; no settlement (no wool/grain)
    assert legal(game) == ["end"] + sorted((f"road {e}" for e in (edge(17, 12), edge(17, 23), edge(22, 28),
                                                                   edge(16, 11), edge(16, 21))),
                                           key=lambda a: int(a.split()[1]))
    game = position(settlements={0: [17]}, roads={0: path(17, 22, 16)}, hands={0: "brick lumber wool grain"})
    assert [a for a in legal(game) if a.startswith("settle")] == ["settle 16"]  # 22 is next to 17
    game = position(hands={0: "ore " * 8})
    assert len(legal(game)) == 1 + 4  # end and ore for each other resource


@rule("robber.move")
def test_robber_and_discard_counts():
    game = position(phase="robber")
    assert len(legal(game)) == 18
    game = position(hands={0: "brick grain lumber ore wool " * 2}, phase="discard")
    game.state.discard_left[0] = 5
    assert len(legal(game)) == 5


@rule("trade.domestic")
def test_offer_counts_grow_with_the_draft():
    game = position(hands={0: "brick brick wool", 1: "ore grain", 2: "lumber", 3: "ore"})
    play(game, "propose")
    assert len(legal(game)) == 2 + 3 + 1  # give brick/wool; want grain/lumber/ore (what the others hold); withdraw
    play(game, "give brick", "want ore")
    assert len(legal(game)) == 4 + 2 + 3 + 1  # ask 2/3/4/all; give brick/wool; want grain/lumber/ore; withdraw
