"""The base game's piece and board invariants each report their break (the random-play checks rely on them), also
when the position was checked just before (their computations from scratch are cached by the pieces' masks)."""

import pytest

from games.catan.board import EDGE_BIT, NODE_BIT

from .scenario import path, position


def checked_position():
    game = position(settlements={0: [17], 1: [31]}, roads={0: path(17, 22, 28, 33), 1: path(31, 36)},
                    hands={0: "brick lumber"})
    assert game.invariant_breaks() == []  # computed once: the cached values are there
    return game


@pytest.mark.parametrize("change, says", [
    (lambda s: s.road_ok.__setitem__(0, s.road_ok[0] ^ EDGE_BIT[0]), "buildable roads differ"),
    (lambda s: s.road_length.__setitem__(0, 5), "longest road 5, from scratch 3"),
    (lambda s: s.reach.__setitem__(1, s.reach[1] | NODE_BIT[0]), "reach differs from the roads"),
    (lambda s: s.roads.__setitem__(0, s.roads[0] | EDGE_BIT[70]), "not connected to their network"),
    (lambda s: s.rates.__setitem__(0, 3), "maritime rates differ"),
    (lambda s: s.roads_left.__setitem__(1, 3), "roads not conserved"),
    (lambda s: s.cities.__setitem__(1, NODE_BIT[31]), "two buildings on one intersection"),
    (lambda s: setattr(s, "free", s.free | NODE_BIT[17]), "the free intersections differ"),
])
def test_each_piece_invariant_reports_its_break(change, says):
    game = checked_position()
    change(game.state)
    broken = game.invariant_breaks()
    assert any(says in b for b in broken), broken
