"""The Chartres table widget without a browser: intents in, synced state out (jupyter.md §3)."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import comm
import pytest

from games.chartres import BANNER
from games.chartres.game import ChartresGame
from games.core import Rng
from games.core.bots import GreedyBot, RandomBot, play_out
from widgets import chartres_table
from widgets.chartres_table import (
    ActivationExercise,
    ChartresTable,
    FirstChooserExercise,
    HandLimitExercise,
    explain_activation,
    find_position,
    group_actions,
    hand_limit_position,
    reveal_position,
    row_html,
    score_chart,
    score_frame,
    score_history,
    table_state,
    torch_order_frame,
    ungroup_actions,
)

from .messages import click, spy, updates

#: Bytes of one sync message after a click. Measured over 8 games (3 and 4 players, greedy and random bots):
#: mean 3.0–3.9 KB, largest 6.8 KB (test_every_step_syncs_in_one_small_message prints the figures).
PAYLOAD_LIMIT = 8192
#: The catalogue (cards, locations, tiles, cellars, printed boards, rule sections), sent once per game: 11.7 KB.
CATALOG_LIMIT = 16384
SYNCED = ("catalog", "board", "seats", "status", "events", "message", "message_kind", "message_seq")


# ---------------------------------------------------------------------- harness
@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)  # also beats pytest-ipywidgets' comm


@pytest.fixture
def table(monkeypatch):
    return spy(ChartresTable(seed=3), monkeypatch)  # seed 3: Player 1 (the human) decides last in the setup


@pytest.fixture(scope="module")
def finished():
    """A whole 3-player game between greedy bots."""
    game = ChartresGame(None, 4, players=3)
    play_out(game, [GreedyBot(s) for s in range(3)])
    return game


@pytest.fixture(scope="module")
def varied():
    """A 3-player game between random bots in which Players 1 and 2 each have a matching and a non-matching reveal
    in rounds 1–3 of an era: the first such seed (random bots miss often; greedy ones hardly ever)."""
    for seed in range(40):
        game = ChartresGame(None, seed, players=3)
        play_out(game, [RandomBot(s) for s in range(3)])
        try:
            for seat in (0, 1):
                reveal_position(game, seat)
                reveal_position(game, seat, matched=False)
        except ValueError:
            continue
        return game
    pytest.fail("no seed 0–39 gives both kinds of reveal")


def synced(widget):
    """Everything the browser holds of this widget, as JSON text carries it."""
    return json.loads(json.dumps({name: getattr(widget, name) for name in SYNCED}))


def frozen(widget):
    """The synced game picture without the message (what a refused intent must leave alone)."""
    return json.dumps({name: getattr(widget, name) for name in ("board", "seats", "status", "events")},
                      sort_keys=True)


def offered(widget):
    return ungroup_actions(widget.status["actions"])


def play_one_human_decision(widget, pick=0):
    before = [str(a) for a in widget.game.history]
    action = offered(widget)[pick]
    assert widget.act(action), widget.message
    return before, action


# ---------------------------------------------------------------------- what it shows
def test_a_new_table_lets_the_bots_open_until_the_human_decides(table):
    game = table.game
    assert game.players == 3 and table.human == 0
    assert game.state.initiative[-1] == 0 and len(game.history) == 6  # two bots chose their 3 starting cards
    assert game.pending().player == 0 and table.status["your_turn"] and table.status["kind"] == "setup-row"
    assert offered(table) == game.legal_actions(0).texts()
    assert table.status["actions"]["row"] == sorted(game.state.hand[0])
    assert table.status["prompt"] == game.pending().prompt
    assert "bots opened" in table.message and "a starting card (secret)" in table.message
    assert table.catalog["banner"] == BANNER and len(table.catalog["cards"]) == 60
    assert len(table.catalog["windows"]) == 9 and len(table.catalog["status"]) == 9 and len(table.catalog["cross"]) == 4
    assert table.catalog["paths"] == ["warehouse", "townhall"]


def test_the_seats_show_the_public_state_of_every_player(table):
    table.play_rounds(3)
    game, view = table.game, table.game.observe(0)
    for p, (seat, seen) in enumerate(zip(table.seats, view["seats"], strict=True)):
        for key in ("ip", "reputation", "shield", "hand_limit", "multiplier", "cross", "barrel", "cellar",
                    "personal", "windows", "hand_size", "row", "act", "committed", "taverns", "resources"):
            assert seat[key] == seen[key], key
        assert seat["on_paths"] == game.on_paths(p)
        assert seat["activated"] == game.activated(p)
        cards = game.parts.cards
        assert seat["lit"] == [k + 1 for k, (a, b) in enumerate(zip(seat["row"], seat["act"], strict=True))
                               if b and cards[a].colour == cards[b].colour]
    assert table.board["paths"] == [view["paths"]["warehouse"], view["paths"]["townhall"]]
    assert table.board["locations"] == view["locations"] and table.board["tiles"] == view["tiles"]
    assert table.board["torch_order"] == game.torch_order()


def test_a_matching_pair_lights_up_and_the_activated_card_is_marked(varied):
    position = reveal_position(varied, 0)
    seat = table_state(position, 0)["seats"][0]
    card = position.activated(0)
    assert card and card == position.activated(0)
    k = seat["row"].index(card) + 1
    assert k in seat["lit"] and seat["activated"] == card
    under = seat["act"][k - 1]
    assert position.parts.cards[under].colour == position.parts.cards[card].colour


def test_a_given_game_is_shown_as_it_is_and_only_the_humans_actions_are_offered(monkeypatch, no_callback_errors):
    game = ChartresGame(None, 2, players=3)  # Player 3 chooses first
    view = spy(ChartresTable(game), monkeypatch)
    assert view.game is game and game.history == []
    assert view.status["bot_to_move"] and offered(view) == []
    assert view.act("row a01") is False and "click 'bots move'" in view.message and game.history == []
    click(view, {"intent": "next"})
    assert game.pending().player == 0 and view.status["your_turn"]
    assert offered(view) == game.legal_actions(0).texts()


def test_bad_construction_is_named():
    with pytest.raises(TypeError, match="Chartres game"):
        ChartresTable(game=object())
    with pytest.raises(ValueError, match="seat must be 0 to 2 or None"):
        ChartresTable(players=3, human=3)
    with pytest.raises(ValueError, match="bots must be one of greedy, random"):
        ChartresTable(bots="clever")


# ---------------------------------------------------------------------- a whole game by clicking
@pytest.mark.parametrize("bots, seed, players", [("greedy", 1, 3), ("random", 5, 4), ("greedy", 3, 2)])
def test_the_human_plays_a_whole_game_by_clicking_the_first_offer(monkeypatch, no_callback_errors, bots, seed,
                                                                    players):
    view = spy(ChartresTable(players=players, seed=seed, bots=bots), monkeypatch)
    game = view.game
    kinds = set()
    clicks = 0
    while not game.is_terminal():
        assert game.pending().player == 0
        assert offered(view) == game.legal_actions(0).texts(), "exactly the human's legal actions"
        kinds.add(game.pending().kind)
        click(view, {"intent": "act", "action": offered(view)[0]})
        assert view.message_kind == "info", view.message
        clicks += 1
    assert clicks > 30 and {"setup-row", "location", "commit-row", "commit-act"} <= kinds
    assert view.status["over"] and offered(view) == [] and view.status["winners"] == list(game.outcome().winners)
    assert "The game is over" in view.status["prompt"] and "The game is over" in view.message
    assert [row[-1] for row in view.board["final"]] == list(game.scores())
    assert list(view.score_frame()["total"]) == list(game.scores())
    assert list(score_history(game).iloc[-1]) == list(game.scores())
    assert game.invariant_breaks() == []


def test_activate_is_offered_as_cards_with_their_free_positions(table):
    while table.game.pending().kind != "commit-act":
        play_one_human_decision(table)
    groups = table.status["actions"]
    me = table.game.observe(0)["seats"][0]
    free = [k + 1 for k, c in enumerate(me["act"]) if not c] + [len(me["row"]) + 1]
    assert set(groups["activate"]) == set(me["hand"]) and all(v == free for v in groups["activate"].values())
    assert me["commit"][0] and table.seats[0]["commit"] == me["commit"]
    card, slots = next(iter(groups["activate"].items()))
    assert table.act(f"activate {slots[-1]} {card}")
    assert str(table.game.history[len(table.game.history) - 1]) != ""  # the bots went on


def test_grouped_actions_round_trip_to_the_texts():
    texts = ["activate 2 a05", "activate 4 a05", "activate 4 a11", "bonus b03", "discard a12", "draw", "location l06",
             "pass", "path townhall", "pour red", "row a01", "stop"]
    groups = group_actions(texts)
    assert groups["activate"] == {"a05": [2, 4], "a11": [4]} and groups["buttons"] == ["draw", "pass", "stop"]
    assert groups["location"] == ["l06"] and groups["path"] == ["townhall"] and groups["pour"] == ["red"]
    assert ungroup_actions(groups) == sorted(texts)


# ---------------------------------------------------------------------- intents in, state out
def test_a_legal_click_changes_the_game_and_the_view_in_one_message(table, no_callback_errors):
    before = len(table.game.history)
    action = offered(table)[0]
    click(table, {"intent": "act", "action": action})
    assert str(table.game.history[before]) == action
    assert table.message.startswith(f"Step {before + 1}: you played '{action}'")
    sent = updates(table)
    assert len(sent) == 1, "one sync message per click"
    assert "catalog" not in sent[0]["state"], "the catalogue is sent once per game, not with every step"
    assert sent[0]["state"]["status"]["steps"] == len(table.game.history)


def test_an_illegal_click_leaves_the_game_alone_and_says_why(table, no_callback_errors):
    history = list(table.game.history)
    picture = frozen(table)
    not_mine = next(c for c in table.game.parts.cards if c not in table.game.state.hand[0])
    click(table, {"intent": "act", "action": f"row {not_mine}"})
    assert table.message_kind == "error" and table.message.startswith("Not allowed:")
    assert f"{not_mine} is not a card in your hand" in table.message
    assert table.game.history == history and frozen(table) == picture
    assert updates(table), "the refusal reaches the browser"


@pytest.mark.parametrize("intent", [
    {"intent": "dance"},
    {"type": "act", "action": "row a01"},
    {"intent": "act"},
    {"intent": "act", "action": 7},
    {"intent": "act", "action": ""},
    {"intent": "act", "action": "   "},
    {"intent": "act", "action": ["row", "a01"]},
    {"intent": "act", "action": "row"},
    {"intent": "act", "action": "row a01 a02"},
    {"intent": "act", "action": "location l06"},
    {"intent": "act", "action": "activate one a01"},
    {"intent": "act", "action": "fly to the moon"},
    {"intent": "act", "action": "pour wine"},
    {"intent": "view_step", "step": "3"},
    {"intent": "view_step", "step": True},
    {"intent": "view_step", "step": 9999},
    {"intent": "view_step", "step": -1},
    {"intent": "play_rounds", "rounds": 0},
    {"intent": "play_rounds", "rounds": "two"},
    {"intent": "undo"},  # nothing of the human's to undo yet
    "undo",
    ["act", "row a01"],
    None,
    42,
])
def test_a_nonsense_intent_is_a_readable_message(table, intent, no_callback_errors):
    history = list(table.game.history)
    picture = frozen(table)
    click(table, intent)
    assert table.message_kind == "error"
    assert table.message.startswith(("Not understood:", "Not allowed:")), table.message
    assert "Traceback" not in table.message and "Something went wrong" not in table.message
    assert table.game.history == history and frozen(table) == picture
    assert table.status["live"] is True


def test_acting_while_a_bot_is_to_move_is_refused(monkeypatch):
    game = ChartresGame(None, 2, players=3)
    view = spy(ChartresTable(game), monkeypatch)
    picture = frozen(view)
    for action in game.legal_actions().texts()[:2]:
        click(view, {"intent": "act", "action": action})  # legal for the bot, not the human's decision
        assert view.message_kind == "error" and "Player 3's decision (a bot)" in view.message
    assert game.history == [] and frozen(view) == picture


def test_a_bug_in_the_handler_still_becomes_a_message(table, monkeypatch, no_callback_errors):
    def broken(intent):
        raise RuntimeError("boom")
    monkeypatch.setattr(table, "handle_intent", broken)
    click(table, {"intent": "undo"})
    assert table.message_kind == "error" and "RuntimeError: boom" in table.message


# ---------------------------------------------------------------------- undo, reset, time travel
def test_undo_returns_to_the_humans_decision_with_the_bots_moves_gone(table, no_callback_errors):
    turns = [play_one_human_decision(table) for _ in range(6)]  # into round 1: setup row, location, plays
    before, last = turns[-1]
    assert len(table.game.history) > len(before) + 1, "the bots decided after the human"
    click(table, {"intent": "undo"})
    assert [str(a) for a in table.game.history] == before and table.status["your_turn"]
    assert table.message.startswith(f"Took back your '{last}'")
    for before, _action in reversed(turns[:-1]):
        assert table.undo() and [str(a) for a in table.game.history] == before
    assert table.undo() is False and "not decided anything yet" in table.message


def test_reset_starts_the_same_game_again_with_the_same_bot_opening(table, no_callback_errors):
    opening = list(table.game.history)
    picture = frozen(table)
    play_one_human_decision(table)
    click(table, {"intent": "reset"})
    assert table.game.history == opening and table.message.startswith("New game.")
    assert frozen(table) == picture
    assert ChartresTable(seed=3).game.history == opening, "seeded bots: the same table plays the same opening"


def test_time_travel_shows_the_past_read_only_and_comes_back(table, no_callback_errors):
    for _ in range(4):
        play_one_human_decision(table)
    game = table.game
    steps = len(game.history)
    click(table, {"intent": "view_step", "step": 3})
    past = table_state(game.at(3), 0, live=False)
    assert table.board == past["board"] and table.seats == past["seats"]
    assert table.status["view"] == 3 and table.status["steps"] == steps and table.status["live"] is False
    assert offered(table) == [] and not table.status["your_turn"]
    assert table.events == [[e.step, e.text, e.rule] for e in game.at(3).log if e.step == 2], \
        "the events of the decision that led to step 3"
    click(table, {"intent": "act", "action": game.legal_actions().texts()[0]})
    assert table.message_kind == "error" and "read-only" in table.message and len(game.history) == steps
    for verb in (table.bots_move, table.play_to_end, table.play_rounds):
        assert verb() is False and "looking back" in table.message and len(game.history) == steps
    click(table, {"intent": "view_step", "step": None})
    assert table.status["live"] and table.status["view"] == steps and table.status["your_turn"]
    assert table.seats == table_state(game, 0)["seats"]


def test_step_zero_is_the_setup_and_undo_while_looking_back_acts_on_the_live_game(table):
    assert table.show_step(0) and table.status["view"] == 0
    assert all(e[0] == -1 for e in table.events) and any(e[2] == "setup.deal" for e in table.events)
    assert table.seats[1]["row"] is None, "the other starting rows are secret at the setup, looked back at too"
    table.show_step(None)
    history = list(table.game.history)
    play_one_human_decision(table)
    table.show_step(1)
    assert table.undo() and table.status["live"] and table.game.history == history


def test_the_event_log_names_a_rule_of_every_event_and_the_catalogue_its_section(table):
    table.play_rounds(1)
    start = len(table.game.history)
    play_one_human_decision(table)
    game = table.game
    assert table.events == [[e.step, e.text, e.rule] for e in game.log if e.step >= start]
    assert len({e[0] for e in table.events}) > 1, "the human's decision and the bots' after it"
    sections, rules = table.catalog["sections"], table.catalog["rules"]
    for _step, text, rule in table.events:
        assert text and sections[rules[rule]] == game.rules[rule].section


def test_events_are_capped_so_a_long_step_stays_small(table):
    table.play_to_end()
    table._events_from = 0
    table.refresh()
    assert len(table.events) == chartres_table.MAX_EVENTS + 1 and "earlier events" in table.events[0][1]
    assert table.events[-1][2] == "final.winner"


# ---------------------------------------------------------------------- bots, rounds, watch mode
def test_play_rounds_lets_a_bot_play_the_human_seat_for_whole_rounds(table, no_callback_errors):
    click(table, {"intent": "play_rounds", "rounds": 2})
    game = table.game
    assert (game.state.era, game.state.round) == (1, 3) and game.pending().player == 0  # 2 rounds begun after 1
    assert table.status["your_turn"] and "yours included" in table.message
    assert 0 in table._deciders(), "the human's seat was played by its bot"
    assert table.play_rounds(12) and game.is_terminal() and table.play_rounds() is False


def test_watch_mode_plays_one_decision_per_next_and_then_to_the_end(monkeypatch, no_callback_errors):
    view = spy(ChartresTable(human=None, seed=3, bots="random"), monkeypatch)
    assert view.game.history == [] and view.status["bot_to_move"] and offered(view) == []
    assert all(seat["hand"] is None for seat in view.seats), "watch mode shows the public view: no hands"
    assert view.act("draw") is False and "watch mode" in view.message
    click(view, {"intent": "next"})
    click(view, {"intent": "next"})
    assert len(view.game.history) == 2
    click(view, {"intent": "undo"})
    assert len(view.game.history) == 1
    click(view, {"intent": "play_to_end"})
    assert view.game.is_terminal() and view.status["over"] and view.board["final"]
    click(view, {"intent": "next"})
    assert view.message_kind == "error" and "game is over" in view.message


def test_play_to_end_plays_the_human_seat_too_and_later_clicks_are_refused(table):
    assert table.play_to_end()
    assert table.game.is_terminal() and 0 in table._deciders()
    assert offered(table) == [] and table.act("draw") is False and "game is over" in table.message
    assert table.play_to_end() is False


def test_assigning_a_game_redraws_without_moving_the_bots(table):
    other = ChartresGame(None, 9, players=4)
    table.game = other
    assert table.game is other and other.history == [] and table.message == "Showing another game."
    assert len(table.seats) == 4 and table.catalog["players"] == 4
    with pytest.raises(TypeError):
        table.game = "a game"


# ---------------------------------------------------------------------- hidden information
def _secrets(game: ChartresGame, human: int) -> set[str]:
    """Card ids only their holder may know: other seats' hands and face-down plays."""
    s = game.state
    out = {c for p in range(game.players) if p != human for c in s.hand[p]}
    out |= {c for p in range(game.players) if p != human for c in (s.commit_row[p], s.commit_act[p]) if c}
    if s.phase == "setup-row":  # the starting rows are chosen secretly too
        out |= {c for p in range(game.players) if p != human for c in s.row[p]}
    return out


def _hide_differently(game: ChartresGame, human: int, turn: int) -> ChartresGame:
    """A twin whose hidden cards (deck, other hands, other face-down plays) are dealt differently."""
    twin = game.clone()
    s = twin.state
    others = [p for p in range(game.players) if p != human]
    pool = list(s.deck) + [c for p in others for c in s.hand[p]]
    pool += [c for p in others for c in (s.commit_row[p], s.commit_act[p]) if c]
    if s.phase == "setup-row":
        pool += [c for p in others for c in s.row[p]]
    Rng(turn).shuffle(pool)
    s.deck = [pool.pop() for _ in s.deck]
    for p in others:
        s.hand[p] = sorted(pool.pop() for _ in s.hand[p])
        s.commit_row[p] = pool.pop() if s.commit_row[p] else ""
        s.commit_act[p] = pool.pop() if s.commit_act[p] else ""
        if s.phase == "setup-row":
            s.row[p] = [pool.pop() for _ in s.row[p]]
    assert pool == [] and twin.invariant_breaks() == []
    return twin


@pytest.mark.parametrize("seed, players, human", [(0, 3, 0), (1, 4, 2), (2, 2, 1)])
def test_the_synced_state_never_carries_another_seats_hidden_cards(monkeypatch, seed, players, human):
    view = spy(ChartresTable(players=players, seed=seed, human=human, bots="random"), monkeypatch)
    game = view.game
    rng = Rng(50 + seed)
    public: set[str] = set()
    checked = 0
    while not game.is_terminal():
        s = game.state
        if s.phase != "setup-row":
            public |= {c for r in s.row for c in r} | {c for a in s.act for c in a if c}
        public |= set(s.discard)
        secrets = _secrets(game, human)
        state = synced(view)
        del state["catalog"]  # every card of the game, by id: the same for every game
        events = state.pop("events")
        text = json.dumps(state)
        leaked = {c for c in secrets if re.search(rf"\b{c}\b", text)}
        assert not leaked, f"step {len(game.history)}: {leaked}"
        assert not {c for c in secrets - public for e in events if re.search(rf"\b{c}\b", e[1])}
        for p, seat in enumerate(state["seats"]):
            assert (seat["hand"] is None) == (p != human) and (seat["commit"] is None) == (p != human)
        assert table_state(_hide_differently(game, human, len(game.history)), human) == table_state(game, human)
        checked += len(secrets)
        action = offered(view)
        view.act(action[rng.below(len(action))])
    assert checked > 100, "the check ran against real secrets"


def test_the_bots_secret_plays_are_announced_only_as_face_down(monkeypatch):
    view = spy(ChartresTable(seed=1), monkeypatch)  # seed 1: Player 1 (the human) is first in initiative
    for _ in range(3):  # the human's three starting cards, then the bots choose theirs
        play_one_human_decision(view)
    assert "Player 2 (bot): a starting card (secret), a starting card (secret), a starting card (secret)" \
        in view.message
    while view.game.pending().kind != "commit-act":
        play_one_human_decision(view)
    play_one_human_decision(view)  # the human's second play: the bots play theirs face down after it
    assert "Player 2 (bot): a card face down, a card face down; Player 3 (bot): a card face down" in view.message
    assert not re.search(r"\b(row|activate) a", view.message.split("Then ", 1)[-1])


# ---------------------------------------------------------------------- tables and charts
def test_score_frame_is_the_running_ip_during_the_game_and_the_breakdown_at_the_end(table, finished):
    table.play_rounds(4)
    frame = table.score_frame()
    assert list(frame.columns) == list(chartres_table.SCORE_COLUMNS)
    assert list(frame.index) == ["Player 1", "Player 2", "Player 3"]
    assert list(frame["total"]) == list(frame["in play"]) == list(table.game.scores())
    assert frame.drop(columns=["in play", "total"]).isna().all().all()
    frame = score_frame(finished)
    assert list(frame["total"]) == list(finished.scores())
    parts = frame["in play"] + frame["windows"] + frame["reputation IP"] + frame["leftovers"]
    assert list(parts) == list(frame["total"])
    for p, row in enumerate(finished.state.final):
        assert frame.iloc[p]["windows"] == row[0] and frame.iloc[p]["cross rep"] == row[1]
        assert frame.iloc[p]["paths rep"] == row[2] + row[3] and frame.iloc[p]["reputation IP"] == row[5]
    assert (frame["in play"] > 0).all(), "IP is scored during the game too (citizens, wine, the hand limit)"


def test_score_history_rebuilds_the_ip_from_the_log(finished):
    history = score_history(finished)
    assert len(history) == len(finished.history) + 1 and history.index.name == "step"
    assert list(history.iloc[0]) == [0, 0, 0]
    assert list(history.iloc[-1]) == list(finished.scores())
    assert (history.diff().fillna(0) >= 0).all().all(), "IP never goes down"
    for step in (40, 90):
        assert list(history.iloc[step]) == list(finished.at(step).scores())


def test_score_chart_draws_one_line_per_seat_ending_at_the_scores(finished):
    fig = score_chart(finished)
    assert [t.name for t in fig.data] == ["Player 1", "Player 2", "Player 3"]
    assert [t.y[-1] for t in fig.data] == list(finished.scores())
    assert BANNER in fig.layout.title.text
    assert len(fig.layout.shapes) == 3, "era 2, era 3 and the final scoring"


def test_torch_order_frame_sorts_by_torches_and_breaks_ties_by_initiative(varied):
    tie = find_position(varied, lambda g: g.pending() is not None and g.pending().kind == "location"
                        and g.state.turn == 0 and len({g.resources(p)["torch"] for p in range(3)}) < 3)
    assert tie is not None
    frame = torch_order_frame(tie)
    assert list(frame["seat"]) == tie.torch_order()
    assert list(frame["order"]) == [1, 2, 3]
    assert list(frame["torches"]) == sorted(frame["torches"], reverse=True)
    for (_, a), (_, b) in zip(frame.iloc[:-1].iterrows(), frame.iloc[1:].iterrows(), strict=True):
        if a["torches"] == b["torches"]:
            assert a["initiative place"] < b["initiative place"]
    assert tie.pending().player == frame["seat"].iloc[0], "the first in torch order chooses first"
    with pytest.raises(ValueError, match="secret"):
        torch_order_frame(ChartresGame(None, 0, players=3))


def test_find_position_replays_once_and_returns_the_first_match(finished):
    position = find_position(finished, lambda g: g.state.era == 2)
    assert position.state.era == 2 and position.at(len(position.history) - 1).state.era == 1
    assert position.history == finished.history[:len(position.history)]
    assert find_position(finished, lambda g: False) is None


def test_activated_works_around_the_engine_after_an_era_ends(finished):
    position = find_position(finished, lambda g: g.state.era == 2 and g.pending() is not None)
    for p in range(3):
        assert position.activated(p) == ""


# ---------------------------------------------------------------------- the action row as static HTML
def test_row_html_lights_matching_pairs_and_marks_the_activated_card(varied):
    position = reveal_position(varied, 0)
    card = position.activated(0)
    text = row_html(position, 0)
    view = position.observe(None)["seats"][0]
    k = view["row"].index(card) + 1
    assert BANNER in text and f"data-testid='row-static-0-card-{k}'" in text
    assert "★ activated" in text and f"Activated in the last reveal: <b>{card}</b>" in text
    lit = [j for j, (a, b) in enumerate(zip(view["row"], view["act"], strict=True))
           if b and position.parts.cards[a].colour == position.parts.cards[b].colour]
    assert text.count("outline:3px solid #ffd60a") == 2 * len(lit)
    quiet = row_html(position, 0, marks=False)
    assert "★" not in quiet and "#ffd60a" not in quiet and card in quiet
    assert "secret" in row_html(ChartresGame(None, 0, players=3), 1)


def test_explain_activation_says_why_with_the_rule_ids(varied):
    yes, no = reveal_position(varied, 1), reveal_position(varied, 1, matched=False)
    assert f"{yes.activated(1)} is activated [act.match]" in explain_activation(yes, 1)
    assert "colours differ, so nothing is activated" in explain_activation(no, 1) and no.activated(1) == ""


# ---------------------------------------------------------------------- exercises
def test_the_activation_exercise_takes_a_card_id_or_none(varied):
    yes = ActivationExercise("Matched", reveal_position(varied, 1), 1)
    assert yes.answer() == yes.game.activated(1) and yes.check(yes.answer()).correct
    assert yes.check(yes.answer().upper()).correct and not yes.check("none").correct
    no = ActivationExercise("Not matched", reveal_position(varied, 1, matched=False), 1)
    assert no.answer() == "none" and no.check("nothing").correct and no.check(" None ").correct
    row = no.game.observe(None)["seats"][1]["row"]
    wrong = no.check(row[0])
    assert not wrong.correct and "colours differ" in wrong.text
    assert "not in Player 2's action row" in no.check(next(c for c in no.game.parts.cards if c not in row)).text
    for nonsense in ("", None, "banana", 3.5, ["a01"]):
        feedback = no.check(nonsense)
        assert not feedback.correct and feedback.text
    assert "★" not in yes.question_html(), "the figure does not give the answer away"


def test_the_first_chooser_exercise_reads_the_torches_and_initiative(finished):
    position = find_position(finished, lambda g: g.pending() is not None and g.pending().kind == "location")
    ex = FirstChooserExercise("Who first?", position)
    first = position.torch_order()[0] + 1
    assert ex.answer() == first and ex.check(first).correct and ex.check(f"Player {first}").correct
    assert ex.check(str(first)).correct and not ex.check(first % 3 + 1).correct
    for nonsense in (0, 9, "x", True, None):
        assert not ex.check(nonsense).correct
    assert "[location.order]" in ex.explain()


@pytest.mark.parametrize("hand, draw, shield, ip", [
    (3, 2, 1, 2),   # a full hand of 3: neither card fits
    (2, 2, 1, 1),   # one place left
    (3, 1, 1, 1),   # drawing instead of a location, with a full hand
    (1, 2, 1, 0),   # room for both
    (3, 2, 3, 1),   # status level 3: the hand limit is 4
    (5, 2, 3, 2),   # more cards than the limit (after Phase B): nothing fits
])
def test_the_hand_limit_exercise_is_answered_by_the_engine(hand, draw, shield, ip):
    ex = HandLimitExercise("Full hand", hand=hand, draw=draw, shield=shield)
    assert ex.answer() == ip and ex.check(ip).correct and ex.check(f"{ip} IP").correct
    assert not ex.check(ip + 1).correct
    assert ("[hand.limit]" in ex.explain()) == (ip > 0)
    assert ex.limit == ex.position.parts.hand_limit[shield - 1]
    for nonsense in ("", "two", -1, True):
        assert not ex.check(nonsense).correct


def test_the_hand_limit_position_conserves_every_piece():
    game = hand_limit_position(hand=4, shield=2)
    p = game.pending().player
    assert len(game.state.hand[p]) == 4 and game.state.shield[p] == 2 and "l17" in game.state.loc_shown
    assert game.invariant_breaks() == [] and "location l17" in game.legal_actions().texts()
    with pytest.raises(ValueError):
        HandLimitExercise("bad", hand=3, draw=3)


def test_the_exercise_box_checks_what_is_typed(finished):
    ex = FirstChooserExercise("Who first?", find_position(finished, lambda g: g.state.round == 2))
    box = ex.show()
    box.answer.value = str(ex.answer())
    box.check_button.click()
    assert "✓" in box.feedback.value
    box.answer.value = "seven"
    box.check_button.click()
    assert "✗" in box.feedback.value


# ---------------------------------------------------------------------- payload
def test_every_step_syncs_in_one_small_message(monkeypatch, capsys):
    sizes = []
    for seed, players, bots in ((0, 3, "greedy"), (1, 4, "random")):
        view = spy(ChartresTable(players=players, seed=seed, bots=bots), monkeypatch)
        rng = Rng(seed)
        assert len(json.dumps(view.catalog)) <= CATALOG_LIMIT
        while not view.game.is_terminal():
            view.outbox.clear()
            legal = offered(view)
            click(view, {"intent": "act", "action": legal[rng.below(len(legal))]})
            sent = updates(view)
            assert len(sent) == 1 and "catalog" not in sent[0]["state"]
            sizes.append(len(json.dumps(sent[0])))
    with capsys.disabled():
        print(f"\nChartresTable sync bytes per human step: mean {sum(sizes) / len(sizes):.0f}, max {max(sizes)}, "
              f"{len(sizes)} steps; catalog once: {len(json.dumps(view.catalog))}")
    assert max(sizes) <= PAYLOAD_LIMIT


# ---------------------------------------------------------------------- front-end files and imports
def test_the_front_end_ships_beside_the_module_with_its_test_hooks_and_prefix():
    static = pathlib.Path(chartres_table.__file__).parent / "static"
    js = (static / "chartres_table.js").read_text(encoding="utf-8")
    css = (static / "chartres_table.css").read_text(encoding="utf-8")
    assert str(ChartresTable._esm) == js and str(ChartresTable._css) == css
    assert "export default { render }" in js
    assert not re.search(r"\bimport\b.*https?://", js), "no CDN imports"
    for hook in ("ch-root", "ch-banner", "ch-prompt", "ch-message", "ch-card-${cid}", "ch-slot-${k}",
                 "ch-location-${lid}", "ch-tile-${tid}", "ch-button-", "ch-ip-${p}", "ch-rep-${p}", "ch-citizens-${p}",
                 "ch-row-${p}", "ch-act-${p}-${k}", "ch-cathedral-${p}", "ch-window-${p}-", "ch-cross-${p}",
                 "ch-status-${p}", "ch-cellar-${p}", "ch-path-${name}", "ch-undo", "ch-reset", "ch-next",
                 "ch-play-to-end", "ch-play-round", "ch-slider", "ch-events", "ch-scores", "ch-seat-${p}"):
        assert hook in js, hook
    for intent in ("view_step", "play_to_end", "play_rounds", "next", "undo", "reset"):
        assert f'"{intent}"' in js
    selectors = re.findall(r"(?m)^\s*([^@{}\s][^{}]*)\{", re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    classes = [part for sel in selectors for part in re.split(r"\s*[, >]\s*", sel.strip()) if part]
    assert classes and all(c.startswith(".ch-tb-") for c in classes), classes


def test_importing_the_module_leaves_pandas_and_plotly_for_later():
    code = ("import sys, widgets.chartres_table as t; assert t.ChartresTable; "
            "print('pandas' in sys.modules, 'plotly' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"
