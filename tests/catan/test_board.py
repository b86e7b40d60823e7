"""The island: 19 hexes, 54 intersections, 72 paths, tokens (spiral and random), harbours, the beginner map."""

import pytest

from games.catan import board, new_game
from games.catan.data import rulebook

rule = pytest.mark.rule


@rule("setup.board")
def test_the_island_has_19_hexes_54_intersections_and_72_paths():
    assert (board.N_HEXES, board.N_NODES, board.N_EDGES) == (19, 54, 72)
    assert [len(board.HEX_COORDS[i:j]) for i, j in ((0, 3), (3, 7), (7, 12), (12, 16), (16, 19))] == [3, 4, 5, 4, 3]
    assert all(len(set(c)) == 6 for c in board.HEX_CORNERS)
    assert sorted(len(n) for n in board.NODE_NEIGHBOURS).count(2) == 18  # the coastal corners of one hex
    assert all(1 <= len(h) <= 3 for h in board.NODE_HEXES) and len(board.COAST_EDGES) == 30
    assert all(len(set(board.EDGE_NODES[e]) & set(board.HEX_CORNERS[h])) == 2
               for h in range(19) for e in board.HEX_EDGES[h])


@rule("setup.board")
def test_a_variable_island_shuffles_the_printed_terrain_counts():
    seen = set()
    for seed in range(20):
        game = new_game(seed=seed)
        terrain = [rulebook.TERRAINS[t] for t in game.state.terrain]
        assert {t: terrain.count(t) for t in set(terrain)} == rulebook.TERRAIN_COUNTS.value
        seen.add(game.state.terrain)
        assert game.log[0].rule == "setup.board"
    assert len(seen) == 20


@rule("setup.numbers-spiral")
def test_spiral_tokens_follow_a_to_r_counterclockwise_from_a_corner_skipping_the_desert():
    for seed in range(30):
        game = new_game(seed=seed)
        event = next(e for e in game.log if e.rule == "setup.numbers-spiral")
        corner = board.CORNER_HEXES.index(event.data["corner"])
        order = [h for h in board.spiral(corner) if game.state.numbers[h]]
        assert [game.state.numbers[h] for h in order] == list(rulebook.SPIRAL_TOKENS.value)
        assert game.state.numbers[game.state.terrain.index(board.DESERT)] == 0
    assert board.spiral(0) == (0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1, 4, 8, 13, 14, 10, 5, 9)
    assert all(set(board.spiral(c)) == set(range(19)) for c in range(6))


@rule("setup.numbers-random")
def test_random_tokens_never_put_a_6_or_8_next_to_another():
    for seed in range(40):
        game = new_game(seed=seed, numbers="random")
        assert board.red_neighbours(game.state.numbers) == []
        assert sorted(n for n in game.state.numbers if n) == sorted(rulebook.SPIRAL_TOKENS.value)
        assert any(e.rule == "setup.numbers-random" for e in game.log)


@rule("setup.harbours")
def test_nine_harbours_four_generic_five_special_on_places_spaced_along_the_coast():
    places = sorted(board.COAST_EDGES.index(e) for e in board.HARBOUR_EDGES)
    gaps = [(b - a) % 30 for a, b in zip(places, places[1:] + places[:1], strict=True)]
    assert len(places) == 9 and sorted(gaps) == [3] * 6 + [4] * 3
    for seed in range(10):
        kinds = new_game(seed=seed).state.harbours
        assert sorted(kinds) == [0, 1, 2, 3, 4, 5, 5, 5, 5]
    assert any(e.rule == "setup.harbours" for e in new_game(seed=1).log)


@rule("decision.beginner-harbours")
def test_the_beginner_map_is_the_transcribed_starting_map():
    game = new_game(layout="beginner")
    assert [rulebook.TERRAINS[t] for t in game.state.terrain] == list(rulebook.BEGINNER_TERRAIN.value)
    assert list(game.state.numbers) == list(rulebook.BEGINNER_NUMBERS.value)
    assert rulebook.BEGINNER_HARBOURS.source == "published" and "not verified" in rulebook.BEGINNER_HARBOURS.note
    assert board.red_neighbours(game.state.numbers) == []
    assert game.state.robber == 9 and game.log[0].text.startswith("The island is laid out as the starting map")
    assert game.log[1].rule == "decision.beginner-harbours"
