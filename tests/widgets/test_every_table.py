"""What every game table does, whatever its game: written once, run for each table on the shared driver
(``widgets.shared.table.GameTable``). Each table's own file keeps what only its game shows."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import comm
import pytest

from tests.checks import in_a_thread
from widgets.catan import CatanTable, CKTable
from widgets.chartres import ChartresTable
from widgets.kardinal_koenig import KKTable
from widgets.kutna_hora import KHTable
from widgets.shared.table import GameTable
from widgets.shared.table_words import MAX_EVENTS, section_words

from .messages import click, picture, spy, synced_names, updates


@dataclass(frozen=True)
class Table:
    """How to test one table: its class, a well-formed action that is illegal in the opening position with a word
    of the refusal, and the most bytes one step may sync."""

    cls: type[GameTable]
    players: int
    illegal: tuple[str, str]
    payload: int
    seed: int = 1

    def make(self, **kwargs: Any) -> GameTable:
        return self.cls(seed=kwargs.pop("seed", self.seed), players=kwargs.pop("players", self.players), **kwargs)


TABLES = {
    "kardinal_koenig": Table(KKTable, 4, ("take 1 7", "not at an end of its row"), 8192),
    "chartres": Table(ChartresTable, 3, ("row a60", "is not a card in your hand"), 8192, seed=3),  # bots open
    "kutna_hora": Table(KHTable, 2, ("rows tavern grocers builders", "is not possible now"), 12 * 1024),
    "catan": Table(CatanTable, 3, ("settle 60", "there is no intersection 60"), 16 * 1024),
    "catan_ck": Table(CKTable, 3, ("settle 60", "there is no intersection 60"), 16 * 1024),
}
ROUND_TABLES = {name: spec for name, spec in TABLES.items() if spec.cls.max_rounds}


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)  # also beats pytest-ipywidgets' comm


@pytest.fixture(params=sorted(TABLES))
def spec(request) -> Table:
    return TABLES[request.param]


@pytest.fixture
def table(spec, monkeypatch):
    return spy(spec.make(), monkeypatch)


def history(widget: GameTable) -> list[str]:
    return [str(a) for a in widget.game.history]


def my_decisions_until_bots_move(widget: GameTable) -> list[tuple[list[str], str]]:
    """The human takes the first offered action until the bots have moved after it (or the game ends). Returns
    (history before, action) per human decision."""
    done = []
    while True:
        before = history(widget)
        action = widget.status["legal"][0]
        assert widget.act(action), widget.message
        done.append((before, action))
        if widget.game.is_terminal() or len(widget.game.history) > len(before) + 1:
            return done


# ---------------------------------------------------------------------- opening and construction
def test_a_new_table_lets_the_bots_open_until_the_human_decides(table):
    decision = table.game.pending()
    assert decision is not None and decision.player == 0
    assert table.status["your_turn"] and table.status["legal"] == table.game.legal_actions().texts()
    assert table.message.startswith("You are Player 1 (red).")
    assert table.catalog["human"] == 0 and table.catalog["players"] == table.game.players
    assert len(table.catalog["seat_colours"]) == table.game.players
    assert set(table.catalog["rules"]) == set(table.game.rules)


def test_the_synced_state_is_plain_json(table):
    state = {n: getattr(table, n) for n in synced_names(table)}
    assert json.loads(json.dumps(state)) == state


def test_bad_construction_is_named(spec):
    with pytest.raises(TypeError, match=spec.cls.__name__):
        spec.cls(game="not a game")
    with pytest.raises(ValueError, match="human must be a seat"):
        spec.make(human=spec.players)
    with pytest.raises(ValueError, match="bots must be one of"):
        spec.make(bots="clever")


def test_the_bots_are_seeded_so_a_table_replays(spec):
    assert history(spec.make()) == history(spec.make())
    assert [b.name for b in spec.make(bots="random")._bots.values()] == ["random"] * spec.players


def test_a_given_game_is_shown_as_it_is_and_a_bot_to_move_waits_for_next(spec, monkeypatch, no_callback_errors):
    game = spec.cls.game_class(None, spec.seed, players=spec.players)
    table = spy(spec.cls(game, human=spec.players - 1), monkeypatch)
    assert table.game is game and not game.history, "a given game is shown, not played on"
    decision = game.pending()
    if decision.player != spec.players - 1:
        assert table.status["bot_to_move"] and not table.status["legal"]
        assert not table.act(game.legal_actions().texts()[0]) and "bots move" in table.message
        click(table, {"intent": "next"})
        assert table.game.pending().player == spec.players - 1 and table.status["your_turn"]


# ---------------------------------------------------------------------- clicks
def test_a_legal_click_changes_the_game_and_the_view_in_one_message(table, no_callback_errors):
    before = len(table.game.history)
    action = table.status["legal"][0]
    click(table, {"intent": "act", "action": action})
    assert str(table.game.history[before]) == action
    # the message says what the decision did: the action and its events, or (a table that names places in words)
    # the events in words
    said = table.action_words(table.game.at(before), action)
    assert table.message_kind == "info" and table.message.startswith(
        f"Step {before + 1}: you played '{action}'." if said is None else f"Step {before + 1} (you): ")
    told = [e.text for e in table.game.log if e.step == before][:1]
    assert all(table.event_text(table.game, e) in table.message for e in table.game.log if e.step == before
               and e.text in told), "the decision's first event is told in the message line"
    decision = table.game.pending()
    assert decision is None or decision.player == 0, "the bots moved on to the human's decision"
    sent = updates(table)
    assert len(sent) == 1, "one sync message per click"
    assert sent[0]["state"]["status"]["steps"] == len(table.game.history) == table.status["steps"]
    assert "catalog" not in sent[0]["state"], "the catalogue is sent once, not with every step"


def test_an_illegal_click_leaves_the_game_alone_and_says_why(spec, table, no_callback_errors):
    action, why = spec.illegal
    before, shown = history(table), picture(table)
    click(table, {"intent": "act", "action": action})
    assert table.message_kind == "error" and table.message.startswith("Not allowed:") and why in table.message
    assert history(table) == before and picture(table) == shown
    assert updates(table), "the message reaches the browser"


@pytest.mark.parametrize("intent", [
    {"intent": "dance"}, {"type": "act", "action": "pass"}, {"intent": "act"}, {"intent": "act", "action": 7},
    {"intent": "act", "action": ""}, {"intent": "act", "action": ["pass"]}, {"intent": "act", "action": "fly 1 1"},
    {"intent": "act", "action": "!!"}, {"intent": "undo", "steps": 2}, {"intent": "view_step", "step": "3"},
    {"intent": "view_step", "step": True}, {"intent": "view_step", "step": 9999}, {"intent": "view_step", "step": -1},
    {"intent": "play_rounds", "rounds": 0}, {"intent": "play_rounds", "rounds": "2"}, "undo", ["act", "pass"], None,
])
def test_a_nonsense_intent_is_a_readable_message(table, intent, no_callback_errors):
    before, shown = history(table), picture(table)
    click(table, intent)
    assert table.message_kind == "error"
    assert table.message.startswith(("Not understood:", "Not allowed:")), table.message
    assert "Traceback" not in table.message and "Something went wrong" not in table.message
    assert history(table) == before and picture(table) == shown
    assert table.status["live"] is True


def test_act_from_python_returns_false_with_the_reason(spec, table):
    steps = len(table.game.history)
    assert table.act("   ") is False and "empty" in table.message
    assert table.act(spec.illegal[0]) is False and table.message_kind == "error"
    assert len(table.game.history) == steps
    assert table.act(table.status["legal"][0]) is True and table.message_kind == "info"


def test_a_bug_in_the_handler_still_becomes_a_message(table, monkeypatch, no_callback_errors):
    def broken(intent):
        raise RuntimeError("boom")
    monkeypatch.setattr(table, "handle_intent", broken)
    click(table, {"intent": "undo"})
    assert table.message_kind == "error" and "RuntimeError: boom" in table.message


@pytest.mark.slow
def test_the_human_plays_a_whole_game_by_clicking_only_offered_actions(spec, monkeypatch, no_callback_errors):
    table = spy(spec.make(seed=5, bots="random"), monkeypatch)
    for _ in range(2_000):
        if table.game.is_terminal():
            break
        offered = table.status["legal"]
        assert offered and table.status["your_turn"], table.status["prompt"]
        click(table, {"intent": "act", "action": offered[-1]})
        assert table.message_kind == "info", table.message
    assert table.game.is_terminal() and table.status["over"] and not table.status["legal"]
    assert table.status["prompt"].startswith("The game is over:")
    assert not table.act("pass") and "the game is over" in table.message


# ---------------------------------------------------------------------- undo, reset, time travel
def test_undo_returns_to_the_humans_decision_with_the_bots_moves_gone(table, no_callback_errors):
    opening = picture(table, leave_out=("events",))
    turn = my_decisions_until_bots_move(table)
    before, last = turn[-1]
    click(table, {"intent": "undo"})
    assert history(table) == before and table.status["your_turn"]
    assert table.message.startswith(f"Took back your '{last}'")
    for _ in turn[:-1]:
        assert table.undo()
    assert picture(table, leave_out=("events",)) == opening, "back at the opening, as the bots left it"
    assert not table.undo() and "you have not decided anything yet" in table.message


def test_reset_starts_the_same_game_again_with_the_same_bot_opening(table, no_callback_errors):
    opening = history(table)
    my_decisions_until_bots_move(table)
    click(table, {"intent": "reset"})
    assert history(table) == opening and table.message.startswith("New game. You are Player 1")


def test_time_travel_shows_the_past_read_only_and_comes_back(table, no_callback_errors):
    my_decisions_until_bots_move(table)
    n = len(table.game.history)
    click(table, {"intent": "view_step", "step": 0})
    assert table.status["live"] is False and table.status["view"] == 0 and table.status["steps"] == n
    assert not table.status["legal"] and "Looking back at step 0" in table.message
    assert not table.act("pass") and "looking back" in table.message
    assert not table.play_to_end() and len(table.game.history) == n
    click(table, {"intent": "view_step", "step": None})
    assert table.status["live"] is True and table.status["view"] == n and table.status["legal"]
    click(table, {"intent": "view_step", "step": n})
    assert table.status["live"] is True and "Back to the present" in table.message


def test_undo_while_looking_back_acts_on_the_live_game(table):
    before, _ = my_decisions_until_bots_move(table)[-1]
    assert table.show_step(1) and table.undo()
    assert table.status["live"] is True and history(table) == before


# ---------------------------------------------------------------------- the log and the bots
def test_the_event_log_names_a_rule_of_every_event_and_the_catalogue_its_words(table):
    my_decisions_until_bots_move(table)
    assert table.events
    for step, text, rule in table.events:
        if rule:  # the "earlier events" line names none
            assert text and rule in table.catalog["rules"] and isinstance(step, int)
            index, words = table.catalog["rules"][rule]
            section = table.catalog["sections"][index]
            assert section == section_words(table.game.rules[rule].section) and words == table.game.rules[rule].text


@pytest.mark.slow
def test_events_are_capped_so_a_long_step_stays_small(table):
    assert table.play_to_end()
    assert len(table.events) <= MAX_EVENTS + 1
    assert "earlier events (see table.game.log)" in table.events[0][1]


def test_watch_mode_plays_one_decision_per_next_and_then_to_the_end(spec, monkeypatch, no_callback_errors):
    table = spy(spec.make(human=None, bots="random"), monkeypatch)
    assert not table.game.history and table.message.startswith("Watch mode")
    assert not table.act("pass") and "watch mode" in table.message
    click(table, {"intent": "next"})
    assert len(table.game.history) == 1 and table.status["bot_to_move"]
    assert table.undo() and not table.game.history
    click(table, {"intent": "play_to_end"})
    assert table.game.is_terminal() and "The game is over" in table.message
    assert not table.bots_move() and "game is over" in table.message


@pytest.mark.slow
def test_play_to_end_plays_the_human_seat_too_and_later_clicks_are_refused(table):
    assert table.play_to_end() and table.game.is_terminal()
    assert table.status["over"] and table.status["winners"] == list(table.game.outcome().winners)
    assert not table.play_to_end() and "over already" in table.message


def test_assigning_a_game_redraws_without_moving_the_bots(spec, table):
    game = spec.cls.game_class(None, 7, players=spec.players)
    table.game = game
    assert table.game is game and not game.history and table.message == "Showing another game."
    with pytest.raises(TypeError):
        table.game = object()


@pytest.mark.parametrize("name", sorted(ROUND_TABLES) or [pytest.param("none", marks=pytest.mark.skip(
    reason="no table of a game with rounds yet"))])
def test_play_rounds_lets_a_bot_play_the_human_seat_for_whole_rounds(name, monkeypatch, no_callback_errors):
    spec = ROUND_TABLES[name]
    table = spy(spec.make(), monkeypatch)
    start = table.round_of(table.game)
    click(table, {"intent": "play_rounds", "rounds": 1})
    assert table.message_kind == "info" and "yours included" in table.message
    assert table.round_of(table.game) >= start + 1 or table.game.is_terminal()
    assert table.game.is_terminal() or table.game.pending().player == 0


def test_tables_without_rounds_do_not_offer_play_rounds(spec):
    assert ("play_rounds" in spec.cls.INTENTS) == bool(spec.cls.max_rounds)


# ---------------------------------------------------------------------- what reaches the browser
def test_every_step_syncs_in_one_small_message(spec, monkeypatch):
    table = spy(spec.make(seed=2, bots="random"), monkeypatch)
    sizes = []
    for _ in range(60):
        if table.game.is_terminal():
            break
        table.outbox.clear()
        click(table, {"intent": "act", "action": table.status["legal"][0]})
        sent = updates(table)
        assert len(sent) == 1
        sizes.append(len(json.dumps(sent[0]["state"])))
    assert sizes and max(sizes) <= spec.payload, f"largest step {max(sizes)} bytes"


def test_the_front_end_is_composed_from_the_runtime_and_the_boards(spec):
    source = spec.cls._esm
    assert "// ---- shared/static/runtime.js" in source and "export default { render }" in source
    assert source.count("export default") == 1
    assert ".bg-root" in spec.cls._css



# ---------------------------------------------------------------------- reset taken back, forms, seats, names
def test_reset_can_be_taken_back_by_undo(table, no_callback_errors):
    my_decisions_until_bots_move(table)
    played, shown = history(table), picture(table, leave_out=("events",))
    assert table.status["undo"] == "move"
    click(table, {"intent": "reset"})
    assert table.status["undo"] == "reset" and f"at step {len(played)}" in table.message
    click(table, {"intent": "reset"})  # a second reset in a row keeps the game before the first one
    click(table, {"intent": "undo"})
    assert history(table) == played and table.message.startswith("Took back the reset")
    assert picture(table, leave_out=("events",)) == shown, "the game, its view and undo's state are as before"
    assert table.status["undo"] == "move" and table.undo(), "then undo walks back as before"


def test_a_decision_made_after_reset_is_undone_before_the_reset_is(table):
    my_decisions_until_bots_move(table)
    played = history(table)
    assert table.reset()
    fresh = history(table)
    table.act(table.status["legal"][0])
    assert table.status["undo"] == "move" and table.undo() and history(table) == fresh
    assert table.status["undo"] == "reset" and table.undo() and history(table) == played


def test_a_game_assigned_after_a_reset_forgets_the_game_before_it(spec, table):
    assert table.reset()
    table.game = spec.cls.game_class(None, 7, players=spec.players)
    assert table.status["undo"] != "reset"


def test_the_status_names_the_verbs_of_the_humans_decision_only(table):
    kind = table.game.pending().kind
    assert table.status["forms"] == dict(table.game.steps[kind].forms) and table.status["forms"]
    assert all(a.split()[0] in table.status["forms"] for a in table.status["legal"])
    my_decisions_until_bots_move(table)
    assert table.show_step(0) and table.status["forms"] == {}, "looking back offers nothing"


def test_the_human_seat_can_change(spec, table):
    decision = table.game.pending()
    other = (decision.player + 1) % spec.players
    table.human = other
    assert table.human == other and table.catalog["human"] == other
    assert not table.status["your_turn"] and table.status["bot_to_move"] and not table.status["forms"]
    assert table.message.startswith(f"You are Player {other + 1}")
    with pytest.raises(ValueError, match="human must be a seat"):
        table.human = spec.players


@pytest.mark.slow
def test_the_event_log_points_at_the_tables_name_in_the_notebook(table, monkeypatch):
    import IPython

    class Shell:
        user_ns = {"_": table, "finished": table, "other": object()}

    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell())
    assert table.play_to_end()
    assert "earlier events (see finished.game.log)" in table.events[0][1]


@pytest.mark.slow
def test_the_coach_gives_legal_hints_and_reviews_the_humans_decisions(spec, monkeypatch):
    # With no event loop running (a new thread) the review answers at once, as from plain Python.
    in_a_thread(lambda: _coach_gives_legal_hints_and_reviews(spec, monkeypatch))


def _coach_gives_legal_hints_and_reviews(spec, monkeypatch):
    table = spy(spec.make(), monkeypatch)
    click(table, {"intent": "hint"})
    hints = table.coach["hints"]
    assert hints and all(h["action"] in table.status["legal"] and 0 <= h["chance"] <= 1 and h["reason"] for h in hints)
    assert table.coach["step"] == table.status["steps"] and table.message.startswith("Hint:")
    my_decisions_until_bots_move(table)
    click(table, {"intent": "review"})
    assert table.coach["decisions"] >= 1 and table.message.startswith("Review:")
    assert all(0 <= m["step"] < table.status["steps"] for m in table.coach["review"])


def test_one_redraw_asks_the_game_once_for_its_decision_legal_actions_and_each_view(spec, table):
    """A redraw builds one record (``widgets.shared.redraw.Redraw``): the pending decision, the human's legal actions
    and each seat's view are asked of the game once, however many parts of the picture use them. Only the calls the
    table makes count (a game's observe may ask its own pending decision)."""
    assert table.status["your_turn"]  # the human's decision: legal actions are listed
    game = table.game
    calls: list[tuple[str, Any]] = []
    depth = [0]

    def counted(name: str) -> Any:
        method = getattr(game, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            if not depth[0]:
                calls.append((name, args[0] if args else kwargs.get("player")))
            depth[0] += 1
            try:
                return method(*args, **kwargs)
            finally:
                depth[0] -= 1
        return call

    for name in ("pending", "legal_actions", "observe"):
        setattr(game, name, counted(name))
    table.refresh()
    for name in ("pending", "legal_actions", "observe"):
        del game.__dict__[name]
    names = [name for name, _ in calls]
    assert names.count("pending") == 1 and names.count("legal_actions") == 1
    seats = [seat for name, seat in calls if name == "observe"]
    assert 1 <= len(seats) == len(set(seats)) and table.human in seats
