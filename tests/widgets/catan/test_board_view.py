"""The Catan island (widgets.catan.BoardView and its one renderer, static/board.js): the geometry Python sends, what
the renderer draws, a picture that takes no clicks and a live board whose offered places call the sandbox."""

from __future__ import annotations

import json

import pytest

from games.catan import board, new_game
from games.catan.cities_knights import new_game as new_ck_game
from games.catan.data import rulebook
from tests.widgets.messages import click, spy
from tests.widgets.render import draw
from widgets.catan import BoardView
from widgets.catan.boards import board_state, geometry


def test_the_geometry_is_the_engines_island_in_svg_units():
    game = new_game(players=3, seed=1)
    geo = geometry(game)
    assert len(geo["hexes"]) == board.N_HEXES == 19 and len(geo["nodes"]) == board.N_NODES == 54
    assert geo["edges"] == [list(e) for e in board.EDGE_NODES] and len(geo["edges"]) == 72
    assert geo["terrain"] == [rulebook.TERRAINS[t] for t in game.layout.terrain]
    assert [h["edge"] for h in geo["harbours"]] == list(board.HARBOUR_EDGES)
    assert sorted(h["rate"] for h in geo["harbours"]).count(3) == list(game.layout.harbours).count(board.GENERIC)
    x, y, w, h = geo["viewbox"]
    assert all(x < px < x + w and y < py < y + h for px, py in geo["nodes"] + [hb["at"] for hb in geo["harbours"]])
    # a hex's corners are one side from its centre
    for hx, hy in (geo["hexes"][k] for k in (0, 9)):
        corners = board.HEX_CORNERS[geo["hexes"].index([hx, hy])]
        for v in corners:
            nx, ny = geo["nodes"][v]
            assert abs(((nx - hx) ** 2 + (ny - hy) ** 2) ** 0.5 - geo["side"]) < 0.2


@pytest.mark.slow
def test_a_picture_draws_tokens_with_pips_red_six_and_eight_harbours_and_the_robber():
    game = new_game(players=3, seed=1)
    view = BoardView(game)
    page = draw(view)
    tokens = [n for n in page.walk() if n.data.get("testid", "").startswith("ct-view-board-token-")]
    assert len(tokens) == 18, "every hex but the desert has a token"
    for node in tokens:
        h = int(node.data["testid"].rsplit("-", 1)[1])
        number = game.layout.numbers[h]
        text = next(n for n in node.walk() if n.tag == "text")
        assert text.text == str(number)
        assert ("ct-number--red" in text.attrs["class"].split()) == (number in (6, 8))
        assert sum(1 for n in node.walk() if n.tag == "circle") - 1 == rulebook.PIPS.value[number]
    assert len(page.ids("ct-view-board-harbour-")) == 9
    assert page.by_id("ct-view-board-robber").data["hex"] == str(game.state.robber)
    assert not [n for n in page.walk() if "intent" in n.data], "a picture has nothing to click"


@pytest.mark.slow
def test_the_pieces_are_drawn_in_seat_colours_with_knights_by_strength():
    game = new_ck_game(players=3, seed=4)
    while len(game.history) < 400 and not game.is_terminal():
        game.apply(game.legal_actions().texts()[-1])
    state = board_state(game)
    page = draw(BoardView(game))
    for seat, pieces in enumerate(state["pieces"]):
        for v in pieces["s"]:
            assert page.by_id(f"ct-view-board-settlement-{v}").data["seat"] == str(seat)
        for e in pieces["r"]:
            assert page.by_id(f"ct-view-board-road-{e}").data["seat"] == str(seat)
        for v, strength, active in pieces["k"]:
            knight = page.by_id(f"ct-view-board-knight-{v}")
            assert knight.data["strength"] == str(strength) and knight.data["active"] == ("true" if active else "false")


def test_a_picture_keeps_its_position_and_refuses_clicks(monkeypatch, no_callback_errors):
    game = new_game(players=3, seed=1)
    view = spy(BoardView.picture(game, caption="the start"), monkeypatch)
    game.apply(game.legal_actions().texts()[0])
    assert view.game is not game and not view.game.history and view.caption == "the start"
    click(view, {"intent": "pick", "kind": "node", "index": 3})
    assert view.message_kind == "error" and "picture (read-only)" in view.message
    with pytest.raises(ValueError, match="live board"):
        BoardView(game, offers={"node:3": "here"})


@pytest.mark.slow
def test_a_live_board_sends_offered_places_to_the_sandbox(monkeypatch, no_callback_errors):
    game = new_game(players=3, seed=1)
    placed: list[int] = []

    def on_pick(kind, index):
        if index in placed:
            raise ValueError(f"a city stands at {index} already")
        placed.append(index)
        view.update(game, pieces=[{"c": list(placed)}])
        return f"a city at {index}"

    view = spy(BoardView(game, interactive=True, on_pick=on_pick, offers={"node:17": "city", "node:20": "city"},
                         marks={"node": [5]}), monkeypatch)
    page = draw(view)
    sent = {n.data["testid"]: json.loads(n.data["args"]) for n in page.walk() if n.data.get("intent") == "pick"}
    assert sent == {"ct-view-board-node-17": {"kind": "node", "index": 17},
                    "ct-view-board-node-20": {"kind": "node", "index": 20}}
    assert "ct-mark" in page.by_id("ct-view-board-node-5").classes
    click(view, {"intent": "pick", "kind": "node", "index": 17})
    assert placed == [17] and view.message == "a city at 17" and view.board["pieces"][0]["c"] == [17]
    click(view, {"intent": "pick", "kind": "node", "index": 17})
    assert view.message_kind == "error" and "already" in view.message and placed == [17]
    for nonsense in ({"intent": "pick", "kind": "node", "index": 3}, {"intent": "pick", "kind": "corner", "index": 1},
                     {"intent": "pick", "kind": "node", "index": "17"}, {"intent": "pick"}, {"intent": "dance"}):
        click(view, nonsense)
        assert view.message_kind == "error" and view.message.startswith(("Not allowed", "Not understood"))
    assert placed == [17]


def test_a_board_view_shows_only_catan():
    with pytest.raises(TypeError, match="Catan game"):
        BoardView("a game")
