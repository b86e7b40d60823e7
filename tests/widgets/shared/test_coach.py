"""The coach: hints for the human's decision and a review of the learner's own decisions, from what the human's seat
may see; reasons a learner checks on the board; a review in the background that the table outlives."""

from __future__ import annotations

import asyncio

import comm
import pytest

from games import game_class
from games.core import IllegalAction, Rng
from games.core.bots import GreedyBot
from tests.checks import run_in_own_loop
from tests.widgets.messages import click, spy
from widgets.kardinal_koenig import KKTable
from widgets.kutna_hora import KHTable
from widgets.shared import coach, coach_words
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
    found = hints(game, seat, playouts=120, chunks=3, progress=seen.append, searches=searches)
    assert seen == [pytest.approx(1 / 3), pytest.approx(2 / 3), 1.0]
    assert 1 <= len(found) <= 3 and all(isinstance(h, Hint) and h.action in game.legal_actions() for h in found)
    assert [h.chance for h in found] == sorted((h.chance for h in found), reverse=True), "listed by their chance"
    assert all(0.0 <= h.chance <= 1.0 and h.reason for h in found)
    kept = searches[search_key(game)]
    assert {str(r.action) for r in kept[:3]} == {h.action for h in found}, "the most searched, kept for a review"
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


#: The step from which the evaluation's worst card is a plain mistake to the search: in the first rounds the search
#: sees little between the cards (at the opening the worst is 4 to 6 points of chance below the best, under
#: MISTAKE_GAP), later a card taken decides a row.
MIDGAME = 16


def worst_later(seed: int):
    """A card game the greedy bots (seeded ``seed * 10 + seat``) play to seat 0's first choice of a card to take
    from :data:`MIDGAME` on, and the card the evaluation likes least there."""
    game = game_class("kardinal_koenig.cards")(None, seed, players=3, start_player=0)
    bots = [GreedyBot(seed * 10 + p) for p in range(3)]
    while not (game.pending().player == 0 and len(game.history) >= MIDGAME and len(game.legal_actions()) > 1
               and all(str(a).startswith("take") for a in game.legal_actions())):
        game.apply(bots[game.pending().player].choose(game))
    worst = min(game.legal_actions(), key=lambda a: hints_value(game, a))
    return game, worst


def hints_value(game, action) -> float:
    twin = game.clone()
    twin.apply(action)
    return twin.heuristic(0)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_a_review_finds_the_evaluations_worst_choice_and_names_a_better_one(seed):
    """Seeds whose middle-game worst card the search rates far below its own (seed 2's is near the gap: 0.14 in one
    comparison, under it in the review's; seed 3's game ends before seat 0 takes a card from MIDGAME on)."""
    game, worst = worst_later(seed)
    step = len(game.history)
    played = game.clone()
    played.apply(worst)
    found = review(played, 0, playouts=200, steps=[step])
    assert [m.step for m in found] == [step] and found[0].played == str(worst) and found[0].best != str(worst)
    assert found[0].best_chance - found[0].played_chance >= 0.12 and found[0].reason and found[0].played_reason


@pytest.mark.slow
def test_hint_and_review_word_the_same_move_alike_and_the_review_reuses_the_hints_search(monkeypatch):
    """A Catan road was "points +2" in the hint and "changes nothing" in the review a moment later: both now word a
    move at a step by move_words seeded by the step, and the review takes the hint's search instead of screening the
    position again (only the comparison of the doubtful choice with the best searches, its root held to those two)."""
    game, worst = worst_later(0)
    step = len(game.history)
    searches = {}
    listed = {h.action: h.reason for h in hints(game, 0, top=99, playouts=300, seed=0, searches=searches)}
    played = game.clone()
    played.apply(worst)
    real, made = coach.MCTSBot, []

    def spy_bot(*args, **kwargs):
        made.append(kwargs)
        return real(*args, **kwargs)
    monkeypatch.setattr(coach, "MCTSBot", spy_bot)
    found = review(played, 0, searches=searches, steps=[step])
    assert made and all(kwargs.get("allow") is not None for kwargs in made), "no screening search of its own"
    assert [m.step for m in found] == [step]
    assert found[0].reason == listed[found[0].best] and found[0].played_reason == listed[str(worst)]


@pytest.mark.slow
def test_a_review_of_the_searchs_own_choice_finds_nothing():
    game = game_class("kardinal_koenig.cards")(None, 1, players=3, start_player=0)
    good = game.clone()
    good.apply(hints(game, 0, playouts=300, top=1)[0].action)
    assert review(good, 0, playouts=200) == []


def test_a_review_looks_only_at_the_steps_given_and_can_be_cancelled():
    game, worst = worst_later(1)
    played = game.clone()
    played.apply(worst)
    for _ in range(6):
        played.apply(played.legal_actions()[0])
    report = review_report(played, 0, steps=[])
    assert report.mistakes == [] and report.reviewed == 0, "the bot's decisions for the seat are not reviewed"
    with pytest.raises(ReviewCancelled):
        review_report(played, 0, cancelled=lambda: True)


@pytest.mark.slow
def test_a_whole_game_review_searches_every_decision_with_its_budget_and_counts_what_a_short_cap_leaves(monkeypatch):
    """Every decision of the learner's with a choice gets a screening search of at least REVIEW_PLAYOUTS iterations
    (bench/bench_coach.py times whole reviews); a wall-clock cap too short for all of them leaves some unchecked,
    and they are counted and said."""
    screened = []
    real = coach.MCTSBot

    def spy_bot(seed, playouts=None, **kw):
        if kw.get("allow") is None:
            screened.append(playouts)
        return real(seed, playouts=playouts, **kw)
    monkeypatch.setattr(coach, "MCTSBot", spy_bot)
    game = game_class("kardinal_koenig.cards")(None, 3, players=3)
    pick = Rng(3)
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    report = review_report(game, 0, seconds=600)  # a cap no busy machine reaches: the review is whole
    assert report.reviewed > 10 and len(screened) == report.reviewed and report.unchecked == 0
    assert min(screened) >= coach.REVIEW_PLAYOUTS
    screened.clear()
    short = review_report(game, 0, seconds=1e-9)
    assert len(screened) == 1 and short.unchecked >= short.reviewed - 1, "every decision not searched is counted"
    table = spy(KKTable(seed=3), monkeypatch)
    assert "left unchecked to keep the review short" in table._review_answer(short, 20, 5)


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
    steady, decided = GreedyBot(0), 0
    while len(table.game.history) < MIDGAME:  # the first rounds as greedy plays them
        table.act(str(steady.choose(table.game)))
        decided += 1
    for _ in range(3):
        table.act(str(min(table.game.legal_actions(), key=lambda a: hints_value(table.game, a))))
    assert table.review()
    assert table.coach["decisions"] == decided + 3 and table.message.startswith("Review:")
    assert table.coach["review"], "the choice the evaluation likes least, three times in the middle game"
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


def after_three_decisions(monkeypatch, review_seconds: float) -> KKTable:
    """A card-game table (spied on) after three decisions of the learner, with a review's budget of
    ``review_seconds``."""
    monkeypatch.setattr(coach, "REVIEW_SECONDS", review_seconds)
    table = spy(KKTable(seed=4), monkeypatch)
    for _ in range(3):
        table.act(table.status["legal"][-1])
    return table


async def until(condition, seconds: float = 120.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out")


@pytest.mark.slow
def test_a_review_from_the_browser_runs_in_the_background_with_progress_and_its_answer(monkeypatch):
    table = after_three_decisions(monkeypatch, review_seconds=2.0)

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
    table = after_three_decisions(monkeypatch, review_seconds=30.0)
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


# ---------------------------------------------------------------------- the coach's words (issue 37)
RAW_PLACE = __import__("re").compile(r"\b(?:hex|intersection|path|edge|node|road|settle|city|activate) \d+\b")


def test_hints_are_listed_by_their_chance_and_a_lone_choice_has_none():
    from games.core.mcts import Rating

    game = game_class("kardinal_koenig.cards")(None, 2, players=3)
    seat = game.pending().player
    legal = list(game.legal_actions())
    ratings = [Rating(legal[0], 0.40, 90), Rating(legal[1], 0.55, 60), Rating(legal[2], 0.47, 50),
               Rating(legal[3], 0.70, 2)]
    listed = coach.listed(game, seat, ratings, 3, 0)
    assert [h.chance for h in listed] == [0.55, 0.47, 0.40], "the three most searched, highest chance first"
    only = coach.listed(game, seat, [Rating(legal[0], 0.0, 0)], 3, 0)
    assert [(h.action, h.chance) for h in only] == [(str(legal[0]), None)], "no chance to weigh, not 0 %"


def test_a_hint_at_a_decision_with_one_choice_says_so(monkeypatch):
    from tests.widgets.positions import first_positions
    from tests.widgets.render import draw
    from widgets.catan import CatanTable

    position = next(p for p in first_positions("catan")["roll"] if len(p.game.legal_actions()) == 1)
    table = spy(CatanTable(position.game.clone(), human=position.seat), monkeypatch)
    assert table.hint()
    assert table.message == "Hint: there is only one choice here: 'roll the dice'. Click it to play it."
    assert [h["chance"] for h in table.coach["hints"]] == [None]
    line = draw(table).by_id("ct-hint-0").all_text
    assert "the only choice" in line and "0 %" not in line
    assert table.coach["hints"][0]["reason"] == "by chance (what is drawn or rolled)", "a roll's luck is not told"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["catan", "catan_ck"])
def test_catan_hints_name_places_as_the_board_does_never_by_index(name, monkeypatch):
    from tests.widgets.positions import first_positions
    from widgets.catan import CatanTable, CKTable

    cls = CatanTable if name == "catan" else CKTable
    seen = 0
    for kind in ("setup-settlement", "setup-road", "main", "robber"):
        for position in first_positions(name).get(kind, [])[:2]:
            table = spy(cls(position.game.clone(), human=position.seat), monkeypatch)
            assert table.hint(), table.message
            for line in table.coach["hints"]:
                assert line["words"] and line["words"] != line["action"] or " " not in line["action"], line
                assert not RAW_PLACE.search(line["words"] + " " + line["reason"]), line
            assert not RAW_PLACE.search(table.message), table.message
            seen += 1
    assert seen >= 4


def test_a_trade_hint_says_what_the_trade_is_for():
    """Three bank trades read "lumber −4, cards −3, resources −3" alike: each now names its gain and what it brings
    nearer or makes possible."""
    from widgets.catan import CatanTable
    from widgets.catan.table import trade_aims

    game = game_class("catan.base")(None, 0, players=3)
    pick = Rng(0)
    while True:
        decision = game.pending()
        trades = [a for a in game.legal_actions() if a.verb == "trade"]
        if decision.kind == "main" and len(trades) >= 3:
            break
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    table = CatanTable(game.clone(), human=decision.player)
    lines = table._hint_lines(game, [Hint(str(a), 0.5, 1, move_words(game, decision.player, a, 3)) for a in trades],
                              3)
    reasons = [line["reason"] for line in lines]
    assert len(set(reasons)) == len(reasons), "each trade says its own reason"
    for trade, line in zip(trades, lines, strict=True):
        give, get = trade.args
        assert f"{get} +1" in line["reason"] and line["words"].startswith("trade ") and "cards" not in line["reason"]
    assert any("away (" in r or "then you can" in r for r in reasons), reasons
    player = game.observe(decision.player)["players"][decision.player]
    short = next(card for card, n in player["hand"].items() if n < player["rates"][card])
    assert trade_aims(game, decision.player, short, trades[0].args[1]) == "", "a trade the seat cannot pay for"


def test_changes_keep_the_gain_and_leave_out_a_total_whose_parts_are_named():
    assert changes({"lumber": 5, "brick": 0, "grain": 0}, {"lumber": 1, "brick": 1, "grain": 0}, most=1) == [
        "brick +1"], "the gain, even when a cost is larger"
    assert coach_words._totals({"cards": 5, "points": 2, "hand": {"lumber": 5, "brick": 0}}) == {"cards"}
    game = game_class("catan.base")(None, 0, players=3)
    pick = Rng(4)
    while not (game.pending().kind == "main" and any(a.verb == "road" for a in game.legal_actions())):
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    road = next(a for a in game.legal_actions() if a.verb == "road")
    words = move_words(game, game.pending().player, road, 0)
    assert "roads +1" in words and "cards" not in words, words


def test_a_purchase_tells_no_drawn_card_as_its_effect():
    game = game_class("catan.base")(None, 0, players=3)
    pick = Rng(0)
    found = 0
    for _ in range(4000):
        if game.is_terminal() or found >= 3:
            break
        legal = game.legal_actions()
        buy = next((a for a in legal if str(a) == "buy"), None)
        if buy is not None:
            words = move_words(game, game.pending().player, buy, found)
            assert words.endswith("and more by chance (what is drawn or rolled)"), words
            cards = ("knight", "monopoly", "plenty", "road building", "victory")
            assert not any(card in words for card in cards), words
            found += 1
        game.apply(legal[pick.below(len(legal))])
    assert found, "no purchase in the game"


@pytest.mark.slow
def test_a_kutna_hora_row_order_hint_says_which_guild_takes_which_row(monkeypatch):
    table = spy(KHTable(seed=1), monkeypatch)
    assert table.status["kind"] == "rows"
    assert table.hint()
    for line in table.coach["hints"]:
        guilds = line["action"].split()[1:]
        assert line["words"] == f"rows 1-3: {', '.join(guilds)}"
        for row, guild in enumerate(guilds, 1):
            assert f"row {row} ({guild}): " in line["reason"], line["reason"]
        assert "puts guild tiles in rows" not in line["reason"], "not the move said again"


@pytest.mark.slow
def test_a_kardinal_koenig_hint_names_its_card(monkeypatch):
    table = spy(KKTable(seed=3), monkeypatch)
    assert table.hint()
    takes = [line for line in table.coach["hints"] if line["action"].startswith("take ")]
    assert takes and all(" card at the " in line["words"] and " end of row " in line["words"] for line in takes)
    assert table.message.startswith("Hint: the search likes '") and "take this card" not in table.message


@pytest.mark.slow
def test_a_review_words_choices_as_the_table_does_and_praises_nothing(monkeypatch):
    monkeypatch.setattr(coach, "REVIEW_SECONDS", 60.0)
    table = spy(KKTable(seed=11), monkeypatch)
    for _ in range(3):
        table.act(str(min(table.game.legal_actions(), key=lambda a: hints_value(table.game, a))))
    assert table.review()
    for line in table.coach["review"]:
        assert line["played_words"] != line["played"] and " card " in line["played_words"], line
        assert " card " in line["best_words"] or line["best_words"] == line["best"], line
    report = coach.Review([], 3, 0)
    said = table._review_answer(report, 3, len(table.game.history))
    assert "Well played" not in said and said.startswith("Review: none of your 3 decisions is 12 points or more below")
