"""The coach: hints for the human's decision and a review of the game, from what the human's seat may see."""

from __future__ import annotations

import comm
import pytest

from games import game_class
from games.core import IllegalAction, Rng
from tests.widgets.messages import click, spy
from widgets.kardinal_koenig import KKTable
from widgets.shared.coach import Hint, hints, reason_words, review


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)


def test_reasons_name_the_terms_that_change_most():
    assert reason_words({"points": 3, "groschen": 10}, {"points": 6, "groschen": 8.8}) == "points +3, groschen −1.2"
    assert reason_words({"points": 3}, {"points": 3.01}).startswith("changes nothing yet")
    assert reason_words({}, {"town": 2, "a": 0.1, "b": -0.5}, most=1) == "town +2"


@pytest.mark.parametrize("game_id", ["kardinal_koenig.cards", "chartres.game", "kutna_hora.game"])
def test_hints_rate_legal_choices_of_the_seat_to_decide_best_first(game_id):
    game = game_class(game_id)(None, 2, players=3)
    seat = game.pending().player
    seen = []
    found = hints(game, seat, playouts=120, chunks=3, progress=seen.append)
    assert seen == [pytest.approx(1 / 3), pytest.approx(2 / 3), 1.0]
    assert 1 <= len(found) <= 3 and all(isinstance(h, Hint) and h.action in game.legal_actions() for h in found)
    assert [h.visits for h in found] == sorted((h.visits for h in found), reverse=True)
    assert all(0.0 <= h.chance <= 1.0 and h.reason for h in found)
    with pytest.raises(IllegalAction, match="not yours"):
        hints(game, (seat + 1) % 3)


def test_a_hint_does_not_depend_on_what_the_seat_cannot_see():
    game = game_class("kardinal_koenig.cards")(None, 5, players=3)
    pick = Rng(5)
    for _ in range(20):
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    seat = game.pending().player
    twin = game.redeal(seat, Rng(99))
    assert hints(twin, seat, playouts=90, chunks=3) == hints(game, seat, playouts=90, chunks=3)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_review_finds_the_evaluations_worst_opening_and_names_a_better_one(seed):
    game = game_class("kardinal_koenig.cards")(None, seed, players=3, start_player=0)
    worst = min(game.legal_actions(), key=lambda a: hints_value(game, a))
    played = game.clone()
    played.apply(worst)
    found = review(played, 0, playouts=200)
    assert [m.step for m in found] == [0] and found[0].played == str(worst) and found[0].best != str(worst)
    assert found[0].best_chance - found[0].played_chance >= 0.12 and found[0].reason


def test_a_review_of_the_searchs_own_choice_finds_nothing():
    game = game_class("kardinal_koenig.cards")(None, 1, players=3, start_player=0)
    good = game.clone()
    good.apply(hints(game, 0, playouts=300, top=1)[0].action)
    assert review(good, 0, playouts=200) == []


def hints_value(game, action) -> float:
    twin = game.clone()
    twin.apply(action)
    return twin.heuristic(0)


def test_the_table_streams_progress_then_shows_hints_that_can_be_played(monkeypatch):
    table = spy(KKTable(seed=3), monkeypatch)
    click(table, {"intent": "hint"})
    updates = [m["state"]["coach"] for m in table.outbox if m["method"] == "update" and "coach" in m["state"]]
    assert any(u.get("busy") == "hint" for u in updates), "the view saw the search working"
    assert table.coach["step"] == len(table.game.history) and table.coach["hints"]
    assert table.message.startswith("Hint: the search likes")
    first = table.coach["hints"][0]["action"]
    click(table, {"intent": "act", "action": first})
    assert table.message.startswith("Step") and first in [str(a) for a in table.game.history]


def test_the_coach_refuses_watch_mode_looking_back_and_another_seats_turn(monkeypatch):
    watch = spy(KKTable(seed=3, human=None), monkeypatch)
    assert not watch.hint() and "watch mode" in watch.message and watch.coach == {}
    table = spy(KKTable(seed=3), monkeypatch)
    table.show_step(0)
    assert not table.hint() and "looking back" in table.message
    table.show_step(None)
    assert not table.review() or table.coach["decisions"] == 0


def test_a_review_after_some_decisions_lists_look_steps(monkeypatch):
    table = spy(KKTable(seed=4), monkeypatch)
    for _ in range(4):
        table.act(table.status["legal"][-1])
    assert table.review()
    assert table.coach["decisions"] >= 4 and table.message.startswith("Review:")
    for mistake in table.coach["review"]:
        assert 0 <= mistake["step"] < len(table.game.history) and mistake["best"] != mistake["played"]
