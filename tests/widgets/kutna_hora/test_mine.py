"""The Kutná Hora mine board view, sandbox, tables and exercises without a browser: intents in, state out
(docs/jupyter.md §3), and what the one renderer (static/mine_board.js) draws.

Every open space, wood cost, star total and rank point must be the engine's (games.kutna_hora.mines); every refused
intent must leave the board exactly as it was and say why in a sentence.
"""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import pytest
import traitlets

from games.kutna_hora import BANNER, mines
from games.kutna_hora.data.approx import MINE_SETUP, ROCK_STARS, row_values
from games.kutna_hora.data.rulebook import ENTRANCE_WOOD, SIX_STAR_ROW
from tests.widgets.messages import click, spy, updates
from tests.widgets.render import draw, draw_composed, intents
from widgets.kutna_hora import (
    MineBoardView,
    MineExercise,
    MineSandbox,
    build_board,
    explain_row,
    row_score_frame,
    score_dicts,
    setup_board,
    tile_id,
)
from widgets.kutna_hora import mine_board as mine_board_module
from widgets.kutna_hora.mine_layout import SETUP_CARDS
from widgets.shared.exercises import Feedback
from widgets.shared.palette import seat_colours

from .controls import from_browser, refused_and_unchanged

PURPLE, BLUE, GREEN, ORANGE = range(4)
NAMES = ["Purple", "Blue", "Green", "Orange"]
#: The rule text's 6-star row (最終得点計算 鉱山), built legally on setup card 1, whose rock in row 2 has 1 star:
#: purple and blue 2 stars each, green 1, orange two mines and no star; 1 + 2 + 2 + 1 = 6 stars.
SIX_STAR_BUILD = [
    (1, "i-1", ORANGE),    # entrance, row 1 column 2
    (4, "i-2", BLUE),      # entrance, row 1 column 5
    (10, "iii-2", PURPLE),  # below blue's entrance mine: row 2 column 5, 2 stars
    (9, "iii-5", BLUE),    # left of it: 2 stars
    (8, "ii-1", GREEN),    # left again: 1 star (the rock of row 2 is at column 2)
    (11, "i-3", ORANGE),   # right end of row 2: no star
    (0, "i-4", GREEN),     # row 1 column 1, left of orange's entrance mine
    (6, "i-5", ORANGE),    # below it: row 2 column 1, no star
]
#: What the view draws and computes; a refused intent must not touch any of it.
STATE = ("board", "players", "colours", "technology", "scores", "totals", "last", "any_space", "interactive")


def board_state(view):
    return json.loads(json.dumps({name: getattr(view, name) for name in STATE}))


def six_star_board():
    return build_board(1, SIX_STAR_BUILD)


@pytest.fixture
def view(monkeypatch):
    cells, owners = six_star_board()
    return spy(MineBoardView(mines.snapshot(cells, owners), players=NAMES), monkeypatch)


# ---------------------------------------------------------------------- the rule text's example
def test_the_rulebook_six_star_row_scores_3_3_0_1_through_the_sandbox(no_callback_errors):
    sb = MineSandbox(players=4, setup=1, names=NAMES)
    for index, tile, player in SIX_STAR_BUILD:  # the learner's way: pick a player and a tile, click the space
        from_browser(sb.player_picker, index=player)
        sb.tile_picker.value = tile
        click(sb.view, {"intent": "space", "index": index})
        assert sb.view.message_kind == "info", sb.view.message
        assert sb.cells[index] == tile and sb.owners[index] == player
    row = sb.scores()[1]
    assert row.stars == 6 and row.values == SIX_STAR_ROW.value == (3, 2, 1)
    assert row.player_stars == (2, 2, 1, 0)
    assert row.points == (3, 3, 1, 0)  # tied first both take 3, nobody 2nd, green 3rd takes 1, orange nothing
    assert mines.mines_per_row(sb.owners, ORANGE)[1] == 2  # orange has mines in the row and still scores 0
    assert sb.view.scores[1] == {"row": 1, "stars": 6, "values": [3, 2, 1], "player_stars": [2, 2, 1, 0],
                                 "points": [3, 3, 1, 0]}
    assert explain_row(row, NAMES) == (
        "Row 2: 6 stars, worth 3/2/1. Purple (2 stars) and Blue (2 stars) tie for 1st: 3 points each; nobody "
        "scores 2nd (the tied players above take their rank in full); Green (1 star) is 3rd: 1 point; Orange: no "
        "stars, no points.")
    assert sb.frame().loc["row 2"].to_dict() == {
        "stars": 6, "1st": 3, "2nd": 2, "3rd": 1, "Purple ★": 2, "Purple points": 3, "Blue ★": 2,
        "Blue points": 3, "Green ★": 1, "Green points": 1, "Orange ★": 0, "Orange points": 0}


def test_the_sandbox_charges_the_wood_the_rules_say():
    sb = MineSandbox(players=4, setup=1, names=NAMES)
    paid, said = [], []
    for index, tile, player in SIX_STAR_BUILD:
        paid.append(mines.open_spaces(sb.cells)[index])
        assert sb.place(index, tile, player), sb.view.message
        said.append(sb.view.message)
    # entrances 2; below blue's i-2 (cost 2): 2; beside iii-2: 4; beside iii-5 (5) and the rock: 5; ...
    assert paid == [ENTRANCE_WOOD.value, ENTRANCE_WOOD.value, 2, 4, 5, 4, 2, 2]
    assert [p.wood for p in sb.placements] == paid
    assert sb.wood_paid() == [2, 2 + 4, 5 + 2, 2 + 4 + 2]
    assert said[0].startswith("Orange builds i-1 on space 1 (row 1, column 2): 2 wood (an entrance).")
    assert said[-1].startswith("Orange builds i-5 on space 6 (row 2, column 1): 2 wood.")


# ---------------------------------------------------------------------- intents in, state out
def test_a_click_on_an_open_space_calls_on_space_with_the_index(view, no_callback_errors):
    seen = []
    view.on_space = lambda index: seen.append(index) or f"chose {index}"
    open_now = mines.open_spaces(view.cells)
    assert view.open_spaces() == open_now and 16 in open_now
    view.outbox.clear()
    click(view, {"intent": "space", "index": 16})
    assert seen == [16] and view.message == "chose 16" and view.message_kind == "info"
    assert len(updates(view)) == 1, "one sync message per click"


def test_without_a_callback_the_view_says_what_a_mine_would_cost(view, no_callback_errors):
    click(view, {"intent": "space", "index": 15})
    assert view.message == "Space 15 (row 3, column 4) is open: a mine there costs 5 wood."  # below iii-5
    assert mines.open_spaces(view.cells)[15] == 5
    empty = MineBoardView(mines.snapshot(*setup_board(1)))
    assert empty.handle_intent({"intent": "space", "index": 4})
    assert empty.message == "Space 4 (row 1, column 5) is open: a mine there costs 2 wood (an entrance)."


def space(index):
    return {"intent": "space", "index": index}


@pytest.mark.parametrize(("intent", "says"), [
    *((space(index), says) for index, says in (
        (24, "there is no space 24; the mine board has spaces 0 to 23"), (-1, "there is no space -1"),
        ("16", "a space is a whole number 0 to 23, not '16'"), (16.0, "not 16.0"), (True, "not True"),
        ([16], "not [16]"), (7, "space 7 (row 2, column 2) holds a rock with 1 star; nobody may build"),
        (12, "space 12 (row 3, column 1) holds a rock with 2 stars"),
        (10, "space 10 (row 2, column 5) already holds mine iii-2, Purple's"),
        (1, "already holds mine i-1, Orange's"), (23, "space 23 (row 4, column 6) is not open"))),
    ({"intent": "space"}, "not None"), ({"intent": "teleport", "index": 16}, "unknown intent 'teleport'"),
    ({"index": 16}, "unknown intent None"), (["space", 16], "an intent is an object"),
    ("space 16", "an intent is an object"), (None, "an intent is an object"),
])
def test_nonsense_gets_a_sentence_and_changes_nothing(view, intent, says, no_callback_errors):
    refused_and_unchanged(view, intent, says, board_state, "on_space")


def test_a_mine_never_opens_the_space_above_it():
    # One mine in row 3 (a teacher's placement): beside and below it open, above it not.
    cells, owners = build_board(None, [(14, "ii-3", 0)], any_space=True)
    assert sorted(mines.open_spaces(cells)) == [1, 4, 13, 15, 20]  # the two entrances, left, right, below
    view = MineBoardView(mines.snapshot(cells, owners))
    assert not view.handle_intent({"intent": "space", "index": 8})
    assert "space 8 (row 2, column 3) is not open" in view.message
    assert "The mine below it (ii-3) does not help: a mine never opens the space above it." in view.message


def test_any_space_lets_empty_spaces_through_but_never_rocks_or_mines(view, no_callback_errors):
    seen = []
    view.on_space = seen.append
    view.any_space = True
    assert view.handle_intent({"intent": "space", "index": 23})  # empty, not open
    assert seen == [23] and "Space 23 (row 4, column 6) is not open in the game; 'any space' lets it" in view.message
    assert not view.handle_intent({"intent": "space", "index": 7}) and "rock" in view.message
    assert not view.handle_intent({"intent": "space", "index": 10}) and "already holds" in view.message
    assert seen == [23]


def test_a_callback_may_refuse_and_a_callback_bug_is_shown_not_raised(view, no_callback_errors):
    before = board_state(view)

    def refuse(index):
        raise ValueError(f"Not allowed: you have no wood for space {index}.")

    view.on_space = refuse
    assert not view.handle_intent({"intent": "space", "index": 16})
    assert view.message == "Not allowed: you have no wood for space 16." and view.message_kind == "error"

    def broken(index):
        raise KeyError(index)

    view.on_space = broken
    click(view, {"intent": "space", "index": 16})
    assert view.message_kind == "error" and view.message.startswith("Something went wrong in the view: KeyError")
    assert board_state(view) == before


def test_a_board_for_looking_at_refuses_every_click():
    v = MineBoardView(mines.snapshot(*six_star_board()), players=NAMES, interactive=False)
    assert not v.handle_intent({"intent": "space", "index": 16})
    assert "only for looking at" in v.message


# ---------------------------------------------------------------------- update and direct assignment
def test_update_redraws_from_a_new_snapshot_in_one_message(view):
    cells, owners = six_star_board()
    cells[16], owners[16] = "ii-2", GREEN
    view.outbox.clear()
    view.update(mines.snapshot(cells, owners), technology=3, last=16, caption="After green's mine",
                message="Green builds ii-2.")
    assert len(updates(view)) == 1
    assert view.cells == cells and view.owners == owners
    assert (view.technology, view.last, view.caption, view.message) == (3, 16, "After green's mine",
                                                                       "Green builds ii-2.")
    assert view.scores == score_dicts(mines.score_rows(cells, owners, 4))
    assert view.totals == [sum(s.points[p] for s in mines.score_rows(cells, owners, 4)) for p in range(4)]
    view.update(players=["A", "B", "C", "D"], colours=["red", "#00f", "green", "#123456"])
    assert view.players == ["A", "B", "C", "D"] and view.colours[1] == "#00f"


@pytest.mark.parametrize(("change", "says"), [
    ({"board": {"rows": 4}}, "'columns' is missing"),
    ({"board": "board"}, "A mine board is a dict"),
    ({"board": {**mines.snapshot(*setup_board(1)), "cells": []}}, "has 24 cells, not 0"),
    ({"players": ["A", "B"]}, "belongs to player 2, but the players are 0 to 1"),
    ({"players": ["A"]}, "for 2 to 4 players"),
    ({"players": ["A", "A", "B", "C"]}, "different, non-empty player names"),
    ({"technology": 6}, "1 to 5, not 6"),
    ({"last": 24}, "last is a space 0 to 23"),
    ({"colours": ["red"]}, "give 4 CSS colours"),
])
def test_update_refuses_what_does_not_fit_and_changes_nothing(view, change, says):
    before = board_state(view)
    with pytest.raises(ValueError, match=re.escape(says)):
        view.update(**change)
    assert board_state(view) == before


def test_the_view_keeps_its_own_copy_of_the_snapshot(view):
    cells, owners = six_star_board()
    snap = mines.snapshot(cells, owners)
    view.update(snap)
    snap["cells"][16]["tile"] = "ii-2"  # the caller changes its dict afterwards: the view is not touched
    assert view.board["cells"][16]["tile"] == ""
    view.update(snap)  # ... and redraws when given it again
    assert view.board["cells"][16]["tile"] == "ii-2"
    with pytest.raises(ValueError, match="only JSON values"):
        view.update({**snap, "extra": object()})


def test_direct_assignment_is_checked_and_rescored(view):
    cells, owners = six_star_board()
    with pytest.raises(traitlets.TraitError, match="has 24 cells"):
        view.board = {**view.board, "cells": view.board["cells"][:3]}
    with pytest.raises(traitlets.TraitError, match="belongs to player 3"):
        view.players = ["A", "B", "C"]
    owners[10] = ORANGE  # purple's iii-2 now orange's: orange ties blue for first
    view.board = mines.snapshot(cells, owners)
    assert view.scores[1]["points"] == [0, 3, 1, 3]


def test_the_view_can_be_built_from_a_snapshot_alone():
    v = MineBoardView(mines.snapshot(*six_star_board()))
    palette = ["Red", "Blue", "Orange", "Green"]  # the shared palette's seats
    assert v.players == palette and v.colours == seat_colours(4)  # enough players for every owner on the board
    assert MineBoardView().players == palette[:2] and MineBoardView().cells == [""] * 24
    with pytest.raises(ValueError, match="neither a mine tile nor a rock"):
        MineBoardView({**mines.snapshot(*setup_board(1)),
                       "cells": [{"tile": "gold", "owner": -1, "open": False, "kind": ""}] * 24})


@pytest.mark.slow
def test_the_payload_is_json_and_carries_the_banner():
    sb = MineSandbox(players=4, setup=1)
    for move in SIX_STAR_BUILD:
        sb.place(*move)
    state = sb.view.get_state()
    text = json.dumps(state)
    assert json.loads(text)["board"]["cells"][10]["tile"] == "iii-2"
    assert state["banner"] == BANNER and "approx" in state["source"]
    assert BANNER in draw(sb.view).by_id("kh-mine-banner").all_text


# ---------------------------------------------------------------------- scoring tables
@pytest.mark.parametrize("setup", [1, 7, 15])
def test_the_score_table_is_the_engines_for_any_board(setup):
    cells, owners = setup_board(setup)
    empty = sorted(i for i, c in enumerate(cells) if not c)
    tiles = [t for t in mines.TILES if not t.startswith("t-")]
    for n, index in enumerate(empty[:14]):  # a teacher's board: mines anywhere empty, owners in turn
        cells[index], owners[index] = tiles[n * 2 % len(tiles)], n % 3
    scores = mines.score_rows(cells, owners, 3)
    frame = row_score_frame(cells, owners, 3, ["Ann", "Bo", "Cy"])
    assert list(frame.index) == ["row 1", "row 2", "row 3", "row 4", "total"]
    for s in scores:
        line = frame.loc[f"row {s.row + 1}"]
        assert (line["stars"], line["1st"], line["2nd"], line["3rd"]) == (s.stars, *row_values(s.stars))
        assert [line[f"{n} ★"] for n in ("Ann", "Bo", "Cy")] == list(s.player_stars)
        assert [line[f"{n} points"] for n in ("Ann", "Bo", "Cy")] == list(s.points)
    assert [frame.loc["total", f"{n} points"] for n in ("Ann", "Bo", "Cy")] == [
        sum(s.points[p] for s in scores) for p in range(3)]
    assert MineBoardView(mines.snapshot(cells, owners), players=["Ann", "Bo", "Cy"]).scores == score_dicts(scores)


@pytest.mark.slow
def test_the_renderer_draws_entrances_rocks_tiles_owners_and_open_costs():
    cells, owners = six_star_board()
    page = draw(MineBoardView(mines.snapshot(cells, owners), players=NAMES, technology=2))
    assert page.ids("kh-mine-cell-") == [f"kh-mine-cell-{i}" for i in range(24)]
    assert page.count_text("entrance · 2 wood") == 2 and page.count_text("rock") == 4
    text = page.all_text
    assert "iii-2" in text and "pop +1" in text and "+1 pt" in text and "★★" in text
    assert "open: 5 wood" in text and "open: 2 wood" in text  # space 15 below iii-5; entrance neighbours
    assert "draw 2 tiles per Mine action" in text and BANNER in text
    assert page.has_id("kh-mine-scores") and page.by_id("kh-mine-row-1").all_text == "6 ★→ 3 / 2 / 1"
    purple = page.by_id("kh-mine-cell-10")
    assert purple.data["owner"] == str(PURPLE) and "Purple" in purple.all_text
    quiet = draw(MineBoardView(mines.snapshot(cells, owners), show_scores=False, show_open=False, show_rows=False,
                               mark=15, interactive=False))
    assert "open:" not in quiet.all_text and not quiet.has_id("kh-mine-scores") and "→ 3 / 2 / 1" not in quiet.all_text
    assert quiet.by_id("kh-mine-cell-15").all_text.endswith("?") and quiet.count_text("?") == 1
    assert not [n for n in quiet.walk() if "intent" in n.data], "a board for looking at sends nothing"
    with pytest.raises(ValueError, match="A mine board is a dict"):
        MineBoardView("nonsense")  # type: ignore[arg-type]


# ---------------------------------------------------------------------- the sandbox
def test_setup_cards_put_the_rocks_in_order_one_per_row():
    assert len(SETUP_CARDS) == len(MINE_SETUP.value) == 15
    for card, spaces in SETUP_CARDS.items():
        cells, owners = setup_board(card)
        rocks = [(i, c) for i, c in enumerate(cells) if c]
        assert [mines.row_col(i) for i, _ in rocks] == sorted(spaces)
        assert [mines.ROCKS[c] for _, c in sorted(rocks, key=lambda rc: int(rc[1][5:]))] == list(ROCK_STARS.value)
        assert owners == [-1] * 24 and not set(mines.ENTRANCE_SPACES) & {i for i, _ in rocks}
    assert setup_board(None) == ([""] * 24, [-1] * 24)
    with pytest.raises(ValueError, match="no mine setup card 16"):
        setup_board(16)


def test_the_sandbox_refuses_what_the_game_refuses_and_changes_nothing(no_callback_errors):
    sb = MineSandbox(players=3, setup=1)
    assert sb.place(1, "i-1", 0)
    before = (sb.cells, sb.owners, list(sb.placements))
    for args, says in [((7, "ii-2", 1), "holds a rock"), ((1, "ii-2", 1), "already holds mine i-1"),
                       ((20, "ii-2", 1), "is not open"), ((2, "i-1", 1), "i-1 is on the board already"),
                       ((2, "gold", 1), "'gold' is not a mine tile"), ((2, "ii-2", 3), "there is no player 3"),
                       ((2, "t-2", 1), "the next one is t-1, not t-2")]:
        assert not sb.place(*args), args
        assert says in sb.view.message and sb.view.message_kind == "error", (args, sb.view.message)
        assert (sb.cells, sb.owners, list(sb.placements)) == before


def test_the_tile_picker_offers_only_tiles_not_on_the_board(no_callback_errors):
    sb = MineSandbox(players=2, setup=3)
    offered = [v for _, v in sb.tile_picker.options]
    assert len(offered) == 27 + 1 and offered[-1] == "t-1"  # every mine tile, and the top technology tile
    sb.tile_picker.value = "iii-8"
    click(sb.view, {"intent": "space", "index": 1})
    assert sb.cells[1] == "iii-8" and "iii-8" not in [v for _, v in sb.tile_picker.options]
    assert sb.tile_picker.value != "iii-8"
    assert "2 stars, ore +3, 1 point; building beside or below it costs 5 wood" in dict(
        (v, k) for k, v in MineSandbox().tile_picker.options)["iii-8"]
    assert tile_id("III-8") == "iii-8" and tile_id("nope") is None
    assert sb.place(4, "II-3", 1) and sb.cells[4] == "ii-3"  # any case is read as the engine's id


def test_technology_tiles_come_in_order_cost_no_wood_and_raise_the_level(no_callback_errors):
    sb = MineSandbox(players=2, setup=1)
    assert sb.technology == sb.view.technology == 1
    assert sb.place(1, "t-1", 0)
    assert sb.placements[-1].wood == 0 and "free: a technology tile costs no wood" in sb.view.message
    assert sb.technology == sb.view.technology == 2 and "t-2" in [v for _, v in sb.tile_picker.options]
    assert mines.open_spaces(sb.cells)[2] == 3  # a technology tile prices its neighbours at 3 wood


def test_undo_reset_and_the_setup_picker(no_callback_errors):
    sb = MineSandbox(players=4, setup=1)
    for move in SIX_STAR_BUILD[:3]:
        sb.place(*move)
    assert sb.undo() and sb.cells[10] == "" and sb.view.last == 4
    assert "Took back iii-2 from space 10" in sb.view.message
    sb.undo_button.click()
    sb.undo_button.click()
    assert sb.cells == setup_board(1)[0] and sb.view.last == -1
    assert not sb.undo() and "no mine to take back" in sb.view.message
    sb.place(4, "i-2", 1)
    from_browser(sb.setup_picker, index=5)  # card 5
    assert sb.setup == 5 and sb.cells == setup_board(5)[0] and sb.placements == []
    assert sb.view.caption == "Setup card 5"
    from_browser(sb.setup_picker, index=0)
    assert sb.setup is None and sb.cells == [""] * 24 and sb.view.caption == "No setup card (no rocks)"
    sb.place(1, "i-1", 0)
    sb.reset_button.click()
    assert sb.cells == [""] * 24 and sb.placements == []


def test_the_teacher_box_lets_any_empty_space_through(no_callback_errors):
    sb = MineSandbox(players=2, setup=1)
    assert not sb.place(20, "ii-2", 0) and "is not open" in sb.view.message
    from_browser(sb.any_space_box, value=True)
    assert sb.view.any_space and sb.place(20, "ii-2", 0)
    assert sb.placements[-1].wood is None and "not open in the game" in sb.view.message
    assert not sb.place(7, "ii-3", 0) and "rock" in sb.view.message


# ---------------------------------------------------------------------- exercises
@pytest.mark.parametrize("ex", [
    MineExercise("Entrance", ask="cost", space=4),
    MineExercise("Highest, not the sum", placements=SIX_STAR_BUILD, ask="cost", space=15),
    MineExercise("Row stars", placements=SIX_STAR_BUILD, ask="stars", row=1),
    MineExercise("Third place", placements=SIX_STAR_BUILD, ask="points", row=1, player=GREEN),
    MineExercise("No stars", placements=SIX_STAR_BUILD, ask="points", row=1, player=ORANGE),
    MineExercise("All rows", placements=SIX_STAR_BUILD, ask="total", player=BLUE),
])
def test_exercises_accept_the_engines_answer_and_reject_others(ex):
    cells, owners = build_board(ex.setup, SIX_STAR_BUILD if ex.title != "Entrance" else [])
    scores = mines.score_rows(cells, owners, 4)
    truth = {"cost": lambda: mines.open_spaces(cells)[ex.space], "stars": lambda: scores[ex.row].stars,
             "points": lambda: scores[ex.row].points[ex.player],
             "total": lambda: sum(s.points[ex.player] for s in scores)}[ex.ask]()
    assert ex.answer() == truth
    assert ex.check(truth).correct and ex.check(str(truth)).correct and ex.check(float(truth)).correct
    wrong = ex.check(truth + 1)
    assert wrong == Feedback(False, wrong.text) and wrong.text.startswith(f"Not quite: you said {truth + 1}")
    assert ex.explain() in wrong.text


def test_the_rulebook_answers_come_out_of_the_exercises():
    assert MineExercise("x", ask="cost", space=4).answer() == ENTRANCE_WOOD.value == 2
    assert MineExercise("x", placements=SIX_STAR_BUILD, ask="cost", space=15).answer() == 5  # below iii-5
    assert [MineExercise("x", placements=SIX_STAR_BUILD, ask="points", row=1, player=p).answer()
            for p in range(4)] == [3, 3, 1, 0]
    cost = MineExercise("x", placements=SIX_STAR_BUILD, ask="cost", space=2)
    assert "The mine below does not count" in cost.explain() and cost.answer() == 2


@pytest.mark.slow
def test_the_question_hides_the_answer():
    cost = MineExercise("Highest", placements=SIX_STAR_BUILD, ask="cost", space=15, hint="Look left, right, up.")
    figure = cost.figure()
    assert not figure.show_open and figure.mark == 15 and not figure.show_scores and not figure.interactive
    page = draw(figure)
    assert "open:" not in page.all_text and page.by_id("kh-mine-cell-15").all_text.endswith("?")
    assert "Look left, right, up." in cost.question_html()
    points = MineExercise("Third", placements=SIX_STAR_BUILD, ask="points", row=1, player=GREEN, names=NAMES)
    page = draw(points.figure())
    assert not page.has_id("kh-mine-scores") and "→ 3 / 2 / 1" not in page.all_text
    assert points.question == "Third. How many mine points does Green score in row 2?"


@pytest.mark.parametrize(("answer", "says"), [
    (None, "Type your answer first"), ("", "Type your answer first"), ("three", "'three' is not a number"),
    (1.5, "whole number of points"), (True, "not True"), (-1, "no negative points"), ([1], "not a list"),
])
def test_unreadable_answers_get_a_sentence(answer, says):
    fb = MineExercise("x", placements=SIX_STAR_BUILD, ask="points", row=1, player=GREEN).check(answer)
    assert not fb.correct and says in fb.text


@pytest.mark.parametrize(("kwargs", "says"), [
    ({"ask": "cost", "space": 20}, "space 20 is not open"),
    ({"ask": "points", "row": 4, "player": 0}, "row is 0 to 3"),
    ({"ask": "total", "player": 4}, "player is 0 to 3"),
    ({"ask": "wood"}, "ask is one of cost, stars, points, total"),
    ({"ask": "stars", "row": 0, "placements": [(20, "i-1", 0)]}, "placement 1 (20, 'i-1', 0): Not allowed"),
])
def test_a_broken_exercise_fails_when_it_is_made(kwargs, says):
    with pytest.raises(ValueError, match=re.escape(f"exercise 'x': {says}")):
        MineExercise("x", **kwargs)


def test_the_exercise_box_checks_on_click_and_never_raises():
    box = MineExercise("Third", placements=SIX_STAR_BUILD, ask="points", row=1, player=GREEN).show()
    assert isinstance(box.children[1], MineBoardView) and not box.children[1].interactive, "the board, read-only"
    for typed, says in (("", "✗ Type your answer first"), ("1", "✓ Right: 1 points.")):
        from_browser(box.answer, value=typed)
        box.check_button.click()
        assert says in box.feedback.value


# ---------------------------------------------------------------------- the front end and the import
@pytest.mark.slow
def test_the_front_end_is_the_board_renderer_on_the_runtime_and_draws_the_test_ids(view):
    page = draw_composed(view, "mine_board.js")
    assert intents(page) == {"space"} == set(MineBoardView.INTENTS)
    assert [n.data["index"] for n in page.walk() if "intent" in n.data] == [str(i) for i in range(24)]
    for testid in ("kh-mine-root", "kh-mine-banner", "kh-mine-message", "kh-mine-tech", "kh-mine-scores",
                   *(f"kh-mine-row-{r}" for r in range(4)), *(f"kh-mine-total-{p}" for p in range(4))):
        assert page.has_id(testid), testid
    js = (pathlib.Path(mine_board_module.__file__).parent / "static" / "mine_view.js").read_text("utf-8")
    traits = set(re.findall(r'"(\w+)"', js[js.index("traits:"):js.index("MESSAGE_TRAITS]")]))
    synced = {n for n in MineBoardView().trait_names(sync=True) if not n.startswith("_")} - {
        "layout", "tabbable", "tooltip", "message", "message_kind", "message_seq"}
    assert traits == synced, "the view redraws on every synced trait"
    css = (pathlib.Path(mine_board_module.__file__).parent / "static" / "mine_board.css").read_text("utf-8")
    selectors = re.findall(r"^([^\s@/{}][^{]*)\{", css, flags=re.M)
    assert selectors and all(part.strip().startswith(".kh-mn-") for s in selectors for part in s.split(","))


@pytest.mark.slow
def test_import_does_not_load_pandas_or_plotly():
    code = "import sys, widgets.kutna_hora.mine_board; print('pandas' in sys.modules, 'plotly' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
