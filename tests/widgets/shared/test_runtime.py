"""What the shared front-end runtime (widgets/shared/static/runtime.js) does for every table, drawn in Node.js on a
stand-in DOM (tests/widgets/render.py): a view whose kernel is gone says so and takes no more clicks; the action bar
holds the prompt, the choices, the tools and the message line; undo says when it takes back a reset; the parts of
"looking back" are drawn in the present too (hidden), and the text list of every legal action is folded away."""

from __future__ import annotations

import pytest

from tests.widgets.render import draw, draw_lost
from tests.widgets.test_every_table import TABLES

pytestmark = pytest.mark.slow  # every test here takes seconds (tests/README.md)


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    import comm
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)


@pytest.mark.parametrize("name", sorted(TABLES))
@pytest.mark.parametrize("how", ["send", "close"])
def test_a_table_that_lost_its_kernel_says_so_and_takes_no_clicks(name, how):
    page = draw_lost(TABLES[name].make(), how)
    message = page.by_id(f"{page.data['view']}-message")
    assert "lost its Python kernel" in message.all_text and "Run this cell again" in message.all_text
    assert "bg-message--error" in message.classes and "bg-root--lost" in page.classes
    buttons = [n for n in page.walk() if n.tag in ("button", "input")]
    assert buttons and all(n.attrs.get("disabled") for n in buttons), "every tool and choice is disabled"


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_bar_holds_prompt_choices_tools_and_message_and_undo_names_a_reset(name):
    table = TABLES[name].make()
    page = draw(table)
    prefix = page.data["view"]
    bar = page.by_id(f"{prefix}-bar")
    for part in ("prompt", "controls", "message", "undo", "reset", "goto"):
        assert bar.has_id(f"{prefix}-{part}"), part
    assert page.by_id(f"{prefix}-undo").all_text == "undo"
    assert table.reset()
    assert draw(table).by_id(f"{prefix}-undo").all_text == "undo reset"


@pytest.mark.parametrize("name", sorted(TABLES))
def test_looking_back_is_drawn_in_the_present_too_hidden(name):
    table = TABLES[name].make()
    page = draw(table)
    time = page.by_id(f"{page.data['view']}-time")
    assert "bg-time--live" in time.classes and time.has_id(f"{page.data['view']}-past")
    assert table.show_step(0)
    page = draw(table)
    assert "bg-time--live" not in page.by_id(f"{page.data['view']}-time").classes


def test_the_text_list_of_every_legal_action_is_folded_away():
    page = draw(TABLES["kutna_hora"].make())
    legal = page.by_id("kh-tb-legal")
    assert legal.tag == "details" and not legal.attrs.get("open") and legal.data["list"] == "legal"
    assert legal.with_class("bg-button"), "each legal action as text, inside"


def test_hints_stay_in_the_bar_after_the_decision_marked_earlier_until_closed(monkeypatch):
    """A click on the board never takes the coach's lines away (the board would jump up): the hints stay, marked as an
    earlier step's and no longer playable, until 'close' puts them away."""
    from widgets.shared import coach

    table = TABLES["kardinal_koenig"].make()
    monkeypatch.setattr(coach, "hints", lambda game, seat, **_: [
        coach.Hint(a, 0.5, 10, "stand-in reason") for a in game.legal_actions().texts()[:2]])
    assert table.hint()
    page = draw(table)
    play = page.by_id("kk-hint-play-0")
    assert not play.attrs.get("disabled") and page.by_id("kk-coach").has_id("kk-coach-close")
    assert table.act(table.status["legal"][0])
    page = draw(table)
    box = page.by_id("kk-coach")
    assert "bg-coach--earlier" in box.classes and "(earlier)" in box.all_text
    assert page.by_id("kk-hint-play-0").attrs.get("disabled"), "an earlier hint cannot be played"
    assert table.close_coach() and table.coach == {}
    assert not draw(table).by_id("kk-coach").children, "closed: the coach's lines are gone"
    assert not table.close_coach() and table.message_kind == "error", "nothing left to close"


def test_an_earlier_answer_folds_to_its_head_line_and_the_list_keeps_a_limited_height(monkeypatch):
    """Old hints and reviews covered ~295 of 680 px of the notebook: one answer at a time, its list in a box of
    limited height, folded to one line once the game has moved on."""
    from widgets.shared import coach
    from widgets.shared.frontend import ROOT, RUNTIME_CSS

    table = TABLES["kardinal_koenig"].make()
    monkeypatch.setattr(coach, "hints", lambda game, seat, **_: [
        coach.Hint(a, 0.5, 10, "stand-in reason") for a in game.legal_actions().texts()[:3]])
    assert table.hint()
    fold = draw(table).by_id("kk-coach-fold")
    assert fold.tag == "details" and fold.attrs.get("open") is True
    assert [n.data["testid"] for n in fold.walk() if n.data.get("testid", "").startswith("kk-hint-play")] == [
        "kk-hint-play-0", "kk-hint-play-1", "kk-hint-play-2"]
    assert table.act(table.status["legal"][0])
    fold = draw(table).by_id("kk-coach-fold")
    assert not fold.attrs.get("open") and "asked at step" in fold.all_text
    css = (ROOT / RUNTIME_CSS).read_text(encoding="utf-8")
    assert ".bg-coach-list { max-height: 6.6em; overflow-y: auto;" in css


def test_a_running_review_shows_progress_time_left_and_cancel_and_the_coach_buttons_say_why_they_wait():
    table = TABLES["kardinal_koenig"].make()
    table.coach = {"busy": "review", "progress": 0.4, "eta": 3}
    page = draw(table)
    assert page.by_id("kk-coach-cancel").data["intent"] == "coach_cancel"
    assert page.by_id("kk-coach-eta").all_text == "40 %, about 3 s left; the table stays usable"
    for tool in ("kk-hint", "kk-review"):
        assert "Waits for the review" in page.by_id(tool).attrs["title"]


def test_a_review_line_says_both_reasons_and_look_goes_to_the_step_it_names():
    table = TABLES["kardinal_koenig"].make()
    table.coach = {"review": [{"step": 4, "look": 5, "played": "take 1 2", "played_chance": 0.2,
                               "played_reason": "display +1", "best": "take 3 4", "best_chance": 0.5,
                               "reason": "display +1, chips +1"}], "step": 9, "decisions": 3}
    page = draw(table)
    look = page.by_id("kk-review-look-0")
    assert look.data["intent"] == "view_step" and look.data["step"] == "5"
    line = page.by_id("kk-review-0").all_text
    assert "step 5: you played take 1 2 (20 %): display +1" in line and "better: take 3 4 (50 %): display +1, chips" \
        in line


@pytest.mark.parametrize("name", ["kutna_hora", "catan", "chartres"])
def test_hovering_a_hint_marks_its_place_on_the_board(name, monkeypatch):
    """A hint's button, hovered, marks the board's places that send its action (the pending decision's highlighted
    places: the runtime's offer), and nothing in the bar or the text list."""
    from tests.widgets.render import hover
    from widgets.shared import coach

    table = TABLES[name].make()
    for _ in range(8):  # on to a decision with places on the board (Kutná Hora opens with buttons)
        page = draw(table)
        in_bar = {id(n) for n in page.by_id(f"{page.data['view']}-bar").walk()}
        placed = {n.data["action"] for n in page.walk() if n.data.get("intent") == "act" and "bg-choice" in n.classes
                  and id(n) not in in_bar and "-legal-" not in n.data.get("testid", "")}
        if placed:
            break
        assert table.act(table.status["legal"][0])
    action = sorted(placed)[0]
    monkeypatch.setattr(coach, "hints", lambda game, seat, **_: [coach.Hint(action, 0.5, 10, "stand-in reason")])
    assert table.hint()
    prefix = page.data["view"]
    marked = hover(table, f"{prefix}-hint-play-0").with_class("bg-hinted")
    assert marked and all(n.data.get("action") == action for n in marked)
    assert not draw(table).with_class("bg-hinted"), "only while hovered"


def test_hovering_a_hint_marks_a_two_part_choice_by_its_first_place(monkeypatch):
    """A Cities & Knights knight is clicked first, then what it does: a hint for 'chase 46' marks the knight's
    intersection (the place names its actions in data-actions)."""
    from games.core import Rng
    from tests.widgets.render import hover
    from widgets.shared import coach

    table = TABLES["catan_ck"].make(seed=1)
    pick = Rng(1)
    for _ in range(200):  # on to a knight of the learner's: building moves are picked first
        choices = table.status.get("choices") or {}
        selections = {key: {"actions": [c["action"] for c in choices["each"] if c.get("places", [])[:1] == [key]]}
                      for key in choices.get("selects") or {}}
        if selections:
            break
        legal = table.status["legal"]
        moves = [a for a in legal if a.split()[0] in ("knight", "settle", "city", "road", "roll", "activate")]
        assert table.act((moves or legal)[pick.below(len(moves or legal))])
    key, selection = sorted(selections.items())[0]
    action = selection["actions"][0]
    monkeypatch.setattr(coach, "hints", lambda game, seat, **_: [coach.Hint(action, 0.5, 10, "stand-in reason")])
    assert table.hint()
    marked = hover(table, "ck-hint-play-0").with_class("bg-hinted")
    assert [n.data.get("select") for n in marked] == [key]
