"""The coach: hints for the human's decision and a review of the learner's own decisions, from what the human's seat
may see; reasons a learner checks on the board; a review in the background that the table outlives."""

from __future__ import annotations

import asyncio

import comm
import pytest

from games import game_class
from games.core import IllegalAction, Rng
from tests.checks import run_in_own_loop
from tests.widgets.messages import click, spy
from widgets.kardinal_koenig import KKTable
from widgets.kutna_hora import KHTable
from widgets.shared import coach
from widgets.shared.coach import (
    Hint,
    ReviewCancelled,
    changes,
    hints,
    move_words,
    reason_words,
    review,
    review_report,
    search_key,
    seat_record,
)

GAME_IDS = ["kardinal_koenig.cards", "chartres.game", "kutna_hora.game", "catan.base", "catan.cities_knights"]


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)


def test_reasons_name_what_changes_most_gains_first():
    assert reason_words({"points": 3, "groschen": 10}, {"points": 6, "groschen": 8.8}) == "points +3, groschen −1.2"
    assert reason_words({"points": 3}, {"points": 3.01}) == ""
    assert reason_words({}, {"town": 2, "a": 0.1, "b": -0.5}, most=1) == "town +2"
    assert changes({"brick": 1, "lumber": 1}, {"brick": 0, "lumber": 0, "roads": 1}) == ["roads +1", "brick −1",
                                                                                        "lumber −1"]


def random_position(game_id: str, seed: int, steps: int):
    """A seeded random position of ``game_id`` where seat 0 decides among several choices (``None`` if none)."""
    game = game_class(game_id)(None, seed, players=3)
    pick = Rng(seed)
    for _ in range(steps):
        if game.is_terminal():
            return None
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    for _ in range(400):
        decision = game.pending()
        if decision is None:
            return None
        if decision.player == 0 and len(game.legal_actions()) > 1:
            return game
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    return None


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_move_is_worded_by_what_it_does_on_the_board(game_id, seed):
    """The old fallback, "changes nothing yet that the evaluation sees", named nothing a learner can check: every
    legal move now names a change to the seat's own pieces, cards or money, the evaluation's terms, the log's words
    for what it did, or the choice it opens and who decides next."""
    game = random_position(game_id, seed, steps=10 + 17 * seed)
    if game is None:
        pytest.skip("the random game ended first")
    record = seat_record(game, 0)
    assert record and all(isinstance(v, float) for v in record.values())
    for action in game.legal_actions()[:12]:
        words = move_words(game, 0, action, seed)
        assert words and "changes nothing" not in words
        assert move_words(game, 0, action, seed) == words, "the same step words a move alike"


def test_a_catan_settlement_names_the_settlement_its_point_and_its_production():
    game = game_class("catan.base")(None, 1, players=3)
    seat = game.pending().player
    assert game.pending().kind == "setup-settlement"
    words = move_words(game, seat, game.legal_actions()[0], 0)
    assert "settlements +1" in words and "points +1" in words and "cards per roll +" in words


def test_a_kutna_hora_row_order_is_worded_by_its_order():
    game = game_class("kutna_hora.game")(None, 1, players=3)
    pick = Rng(1)
    while game.pending().kind != "rows" or game.pending().player != 0:
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    said = {str(a): move_words(game, 0, a, 0) for a in game.legal_actions()}
    assert len(set(said.values())) == len(said), "each row order says which order it makes"
    for action, words in said.items():
        assert ", ".join(action.split()[1:]) in words


@pytest.mark.parametrize("game_id", ["kardinal_koenig.cards", "chartres.game", "kutna_hora.game"])
def test_hints_rate_legal_choices_of_the_seat_to_decide_best_first(game_id):
    game = game_class(game_id)(None, 2, players=3)
    seat = game.pending().player
    seen = []
    searches = {}
    found = hints(game, seat, playouts=120, chunks=3, seconds=60, progress=seen.append, searches=searches)
    assert seen == [pytest.approx(1 / 3), pytest.approx(2 / 3), 1.0]
    assert 1 <= len(found) <= 3 and all(isinstance(h, Hint) and h.action in game.legal_actions() for h in found)
    assert [h.visits for h in found] == sorted((h.visits for h in found), reverse=True)
    assert all(0.0 <= h.chance <= 1.0 and h.reason for h in found)
    assert [str(r.action) for r in searches[search_key(game)][:3]] == [h.action for h in found], "kept for a review"
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
    assert hints(twin, seat, playouts=90, chunks=3, seconds=60) == hints(game, seat, playouts=90, chunks=3, seconds=60)


def worst_opening(seed: int):
    game = game_class("kardinal_koenig.cards")(None, seed, players=3, start_player=0)
    worst = min(game.legal_actions(), key=lambda a: hints_value(game, a))
    return game, worst


def hints_value(game, action) -> float:
    twin = game.clone()
    twin.apply(action)
    return twin.heuristic(0)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_review_finds_the_evaluations_worst_opening_and_names_a_better_one(seed):
    game, worst = worst_opening(seed)
    played = game.clone()
    played.apply(worst)
    found = review(played, 0, playouts=200, seconds=60)
    assert [m.step for m in found] == [0] and found[0].played == str(worst) and found[0].best != str(worst)
    assert found[0].best_chance - found[0].played_chance >= 0.12 and found[0].reason and found[0].played_reason


@pytest.mark.slow
def test_hint_and_review_word_the_same_move_alike_and_the_review_reuses_the_hints_search(monkeypatch):
    """A Catan road was "points +2" in the hint and "changes nothing" in the review a moment later: both now word a
    move at a step by move_words seeded by the step, and the review takes the hint's search instead of its own."""
    game, worst = worst_opening(0)
    searches = {}
    listed = {h.action: h.reason for h in hints(game, 0, top=99, playouts=300, seconds=60, seed=0,
                                                  searches=searches)}
    played = game.clone()
    played.apply(worst)

    def no_search(*_args, **_kwargs):
        raise AssertionError("the review searched a position the hint had searched")
    monkeypatch.setattr(coach, "MCTSBot", no_search)
    found = review(played, 0, searches=searches, seconds=60)
    assert [m.step for m in found] == [0]
    assert found[0].reason == listed[found[0].best] and found[0].played_reason == listed[str(worst)]


@pytest.mark.slow
def test_a_review_of_the_searchs_own_choice_finds_nothing():
    game = game_class("kardinal_koenig.cards")(None, 1, players=3, start_player=0)
    good = game.clone()
    good.apply(hints(game, 0, playouts=300, top=1, seconds=60)[0].action)
    assert review(good, 0, playouts=200, seconds=60) == []


def test_a_review_looks_only_at_the_steps_given_and_can_be_cancelled():
    game, worst = worst_opening(1)
    played = game.clone()
    played.apply(worst)
    for _ in range(6):
        played.apply(played.legal_actions()[0])
    report = review_report(played, 0, steps=[], seconds=60)
    assert report.mistakes == [] and report.reviewed == 0, "the bot's decisions for the seat are not reviewed"
    with pytest.raises(ReviewCancelled):
        review_report(played, 0, cancelled=lambda: True)


@pytest.mark.slow
def test_a_whole_game_review_keeps_to_its_time_budget_by_sharing_it_out(monkeypatch):
    """Each screening search gets its share of the budget and as many iterations as that share allows at the pace so
    far (the bench times it: bench/bench_coach.py); what a budget too small leaves unchecked is counted and said."""
    searched = []
    real = coach.MCTSBot

    def spy_bot(seed, playouts=None, seconds=1.0, **kw):
        searched.append((playouts, seconds))
        return real(seed, playouts=playouts, seconds=seconds, **kw)
    monkeypatch.setattr(coach, "MCTSBot", spy_bot)
    game = game_class("kardinal_koenig.cards")(None, 3, players=3)
    pick = Rng(3)
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    report = review_report(game, 0, seconds=0.5)
    assert report.reviewed > 10 and 0 < len(searched) <= report.reviewed
    assert report.reviewed - len(searched) <= report.unchecked, "every decision not searched is counted"
    assert all(s <= 0.5 * coach.SCREEN_SHARE + 1e-9 for _p, s in searched)
    assert min(p for p, _s in searched) < coach.REVIEW_PLAYOUTS, "shallower searches when time is short"
    table = spy(KKTable(seed=3), monkeypatch)
    assert "left unchecked to keep the review short" in table._review_answer(report, 20, 5) or not report.unchecked


# ---------------------------------------------------------------------- the table's coach
@pytest.mark.slow
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


@pytest.mark.slow
def test_the_coach_refuses_watch_mode_looking_back_and_a_finished_game_in_sentences(monkeypatch):
    watch = spy(KKTable(seed=3, human=None), monkeypatch)
    assert not watch.hint() and "watch mode" in watch.message and watch.coach == {}
    table = spy(KKTable(seed=3), monkeypatch)
    table.show_step(0)
    assert not table.hint() and "looking back" in table.message
    table.show_step(None)
    assert table.play_to_end()
    assert not table.hint() and table.message_kind == "error"
    assert table.message == ("Not allowed: the game is over, so there is no decision left to hint at: 'review' "
                             "looks back at your decisions, undo or reset plays on.")


@pytest.mark.slow
def test_a_review_after_some_decisions_lists_look_steps_that_show_the_decision(monkeypatch):
    monkeypatch.setattr(coach, "REVIEW_SECONDS", 60.0)
    table = spy(KKTable(seed=11), monkeypatch)
    for _ in range(3):
        table.act(str(min(table.game.legal_actions(), key=lambda a: hints_value(table.game, a))))
    assert table.review()
    assert table.coach["decisions"] == 3 and table.message.startswith("Review:")
    assert table.coach["review"], "the choice the evaluation likes least, three times"
    for mistake in table.coach["review"]:
        assert 0 <= mistake["step"] < len(table.game.history) and mistake["best"] != mistake["played"]
        assert mistake["look"] == mistake["step"] + 1
        assert table.show_step(mistake["look"])
        assert table.status["view"] == mistake["step"] + 1, "the slider stands at the step the line names"
        assert mistake["step"] in [step for step, _text, _rule in table.events], "the log shows the decision"
        assert str(table.game.history[mistake["step"]]) == mistake["played"]


def test_play_a_round_is_not_the_learners_and_undo_takes_it_back_as_a_whole(monkeypatch):
    table = spy(KHTable(seed=1), monkeypatch)
    start = len(table.game.history)
    assert table.play_rounds(1)
    assert table.review() and table.coach == {}
    assert table.message.startswith("Review: there is nothing of yours to review: every decision so far was a bot's")
    assert "none of your 0" not in table.message and "Well played" not in table.message
    assert table.undo() and len(table.game.history) == start
    assert table.message.startswith("Took back 'play a round': the bots'")
    assert not table.undo() and "you have not decided anything yet" in table.message


@pytest.mark.slow
def test_after_a_round_played_by_bots_review_and_undo_know_the_learners_own_decision(monkeypatch):
    monkeypatch.setattr(coach, "REVIEW_SECONDS", 30.0)
    table = spy(KHTable(seed=1), monkeypatch)
    mine = len(table.game.history)
    action = table.status["legal"][0]
    assert table.act(action)
    played = len(table.game.history)
    assert table.play_rounds(1)
    assert table._my_steps() == [mine]
    assert table.review() and table.coach["decisions"] == 1
    assert all(m["step"] == mine for m in table.coach["review"])
    assert table.undo() and len(table.game.history) == played, "undo takes back the round first"
    assert table.undo() and len(table.game.history) == mine
    assert table.message.startswith(f"Took back your '{action}'")


def run_in_a_kernel_loop(body):
    """Run ``body`` (a coroutine function) in an event loop, as a kernel runs the intents: a new loop in a thread of
    its own, since the browser suite leaves one running in the main thread, where ``asyncio.run`` refuses to start."""
    run_in_own_loop(body)


async def until(condition, seconds: float = 120.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out")


@pytest.mark.slow
def test_a_review_from_the_browser_runs_in_the_background_with_progress_and_its_answer(monkeypatch):
    monkeypatch.setattr(coach, "REVIEW_SECONDS", 2.0)
    table = spy(KKTable(seed=4), monkeypatch)
    for _ in range(3):
        table.act(table.status["legal"][-1])

    async def body():
        click(table, {"intent": "review"})
        assert table.coach.get("busy") == "review" and "eta" in table.coach
        assert table.message.startswith("Reviewing your 3 decisions in the background")
        click(table, {"intent": "hint"})
        assert table.message_kind == "error" and "the review is still running" in table.message
        assert table.coach.get("busy") == "review", "a refused hint leaves the review running"
        await until(lambda: "review" in table.coach)
        assert table.message.startswith("Review:") and table.coach["decisions"] == 3
    run_in_a_kernel_loop(body)
    busy = [m["state"]["coach"] for m in table.outbox if m["method"] == "update" and "coach" in m["state"]]
    assert any(0 < (u.get("progress") or 0) < 1 for u in busy if u.get("busy")), "progress reached the view"


@pytest.mark.slow
def test_undo_during_a_background_review_applies_at_once_and_says_the_review_stopped(monkeypatch):
    monkeypatch.setattr(coach, "REVIEW_SECONDS", 30.0)
    table = spy(KKTable(seed=4), monkeypatch)
    for _ in range(3):
        table.act(table.status["legal"][-1])
    before = len(table.game.history)

    async def body():
        click(table, {"intent": "review"})
        assert table.coach.get("busy") == "review"
        click(table, {"intent": "undo"})
        assert len(table.game.history) < before and table.message.startswith("Took back your")
        assert "The review stopped" in table.message and table.coach == {}
        await asyncio.sleep(0.5)  # a late word of the stopped review changes nothing
        assert table.coach == {} and "The review stopped" in table.message
        click(table, {"intent": "review"})
        click(table, {"intent": "coach_cancel"})
        assert table.coach == {} and table.message == "Review cancelled; 'review' asks again."
        click(table, {"intent": "coach_cancel"})
        assert table.message_kind == "error" and "no review running" in table.message
    run_in_a_kernel_loop(body)
