"""The Kutná Hora table widget and its board views without a browser: intents in, synced state out (jupyter.md §3)."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import comm
import pytest

from games.core import Rng
from games.core.bots import GreedyBot, RandomBot, play_out
from games.kutna_hora import BANNER, mines
from games.kutna_hora.game import KutnaHoraGame
from widgets import kh_table
from widgets.kh_table import (
    BarbaraView,
    KHTable,
    PlayerBoardView,
    PositionExercise,
    TownHallView,
    group_actions,
    score_category,
    score_chart,
    score_frame,
    score_history,
    table_state,
    ungroup_actions,
)

from .messages import click, spy, updates

#: Bytes of one sync message after a click. Measured over 6 games (2–4 players, greedy and random bots): mean
#: 3.9 KB, largest 8.8 KB (test_every_step_syncs_in_one_small_message prints the figures); the bound is 12 KB.
PAYLOAD_LIMIT = 12 * 1024
#: The catalogue (tiles, cards, boards, colours and every rule's text for the log's tooltips), sent once per game:
#: about 22 KB; the rule texts are 15 KB of it.
CATALOG_LIMIT = 24 * 1024
SYNCED = ("part", "player", "catalog", "board", "stands", "hall", "mine", "town", "seats", "status", "events",
          "message", "message_kind", "message_seq")
GAME_PICTURE = ("board", "stands", "hall", "mine", "town", "seats", "status", "events")


# ---------------------------------------------------------------------- harness
@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)  # also beats pytest-ipywidgets' comm


@pytest.fixture
def table(monkeypatch):
    return spy(KHTable(seed=1), monkeypatch)  # seed 1: Player 2 (a bot) chooses the guild set, then Player 1 decides


@pytest.fixture(scope="module")
def finished():
    """A whole 2-player game between greedy bots."""
    game = KutnaHoraGame(None, 5, players=2)
    play_out(game, [GreedyBot(s) for s in range(2)])
    return game


@pytest.fixture(scope="module")
def busy():
    """A whole 3-player game between random bots: random bots take every kind of action, scoring ones included."""
    game = KutnaHoraGame(None, 2, players=3, events=True)
    play_out(game, [RandomBot(s) for s in range(3)])
    return game


def synced(widget):
    """Everything the browser holds of this widget, as JSON text carries it."""
    return json.loads(json.dumps({name: getattr(widget, name) for name in SYNCED}))


def frozen(widget):
    """The synced game picture without the message (what a refused intent must leave alone)."""
    return json.dumps({name: getattr(widget, name) for name in GAME_PICTURE}, sort_keys=True)


def offered(widget):
    return ungroup_actions(widget.status["actions"])


def play_one_human_decision(widget, pick=0):
    before = [str(a) for a in widget.game.history]
    action = widget.status["legal"][pick]
    assert widget.act(action), widget.message
    return before, action


def human_until(widget, kind, rng=None, prefer=()):
    """Click the human's decisions (preferring actions that start with ``prefer``) until one of ``kind`` is asked."""
    rng = rng or Rng(0)
    for _ in range(400):
        if widget.game.is_terminal():
            return False
        if widget.status["kind"] == kind:
            return True
        legal = widget.status["legal"]
        liked = [a for p in prefer for a in legal if a.startswith(p)]
        widget.act(liked[0] if liked else legal[rng.below(len(legal))])
    return False


# ---------------------------------------------------------------------- what it shows
def test_a_new_table_lets_the_bots_open_until_the_human_decides(table):
    game = table.game
    assert game.players == 2 and table.human == 0
    assert [str(a) for a in game.history] == ["guilds 2"], "Player 2 chooses a guild set; Player 1 takes the other"
    assert game.pending().player == 0 and game.pending().kind == "rows" and table.status["your_turn"]
    assert table.status["legal"] == game.legal_actions(0).texts()
    assert sorted(offered(table)) == sorted(table.status["legal"])
    assert len(table.status["actions"]["buttons"]) == 6, "six orders of three guild rows, as buttons"
    assert table.status["prompt"] == game.pending().prompt
    assert "bots opened: Player 2 (bot): guilds 2" in table.message
    assert table.catalog["banner"] == BANNER and table.catalog["players"] == 2
    assert len(table.catalog["tiles"]) == 36 and len(table.catalog["mine_tiles"]) == 31
    assert len(table.catalog["barbara"]) == 11 and len(table.catalog["cards"]) == 6
    assert table.catalog["town_size"] == 5 and table.catalog["rounds"] == 6
    assert table.part == "table"


def test_the_synced_boards_are_the_engines(table):
    table.play_rounds(2)
    game = table.game
    view = game.observe(0)
    assert game.state.round == 3
    for p, (seat, seen) in enumerate(zip(table.seats, view["seats"], strict=True)):
        for key in ("groschen", "score", "reputation", "pelicans", "production", "held", "guilds", "houses_taken",
                    "pool", "reserve", "cards", "income", "plots", "tax_due"):
            assert seat[key] == seen[key], key
        assert seat["nobles"] == game.noble_values(p) and seat["final"] == game.final_breakdown(p)
    board = table.board
    assert (board["round"], board["tax"], board["barbara"]) == (3, view["tax"], view["barbara"])
    assert board["pool"] == view["pool"] and board["council"] == view["council"] and board["prices"] == game.prices()
    assert board["events"][:3] == game.state.events[:3], "the events of rounds 1-3 are revealed by now"
    assert all(e in ("face down", "") for e in board["events"][3:])
    hall = game.state.hall.rows
    assert [[st[:3] for st in row] for row in table.hall["rows"]] == [[[st.kind, st.name, st.tiles[-1]] for st in row]
                                                                       for row in hall]
    assert [[st[3] for st in row] for row in table.hall["rows"]] == [[len(st.tiles) for st in row] for row in hall]
    cells = view["mine"]["cells"]
    assert table.mine["cells"] == [[c["tile"], c["owner"], int(c["open"]), c["cost_here"]] for c in cells]
    assert [r[0] for r in table.mine["rows"]] == [mines.row_stars(game.state.mine, r) for r in range(mines.ROWS)]
    assert table.town["plots"] == [[b, o, m] for b, o, m in
                                   zip(game.state.town, game.state.town_owner, game.state.markers, strict=True)]
    for deck, stand in table.stands.items():
        assert stand["position"] == game.stands.position(deck)
        for good, (_slider, _notch, price, _cells) in stand["goods"].items():
            assert price == game.price(good)


def test_a_given_game_is_shown_as_it_is_and_only_the_humans_actions_are_offered(monkeypatch, no_callback_errors):
    game = KutnaHoraGame(None, 2, players=2)  # Player 2 chooses the guild set first
    view = spy(KHTable(game), monkeypatch)
    assert view.game is game and game.history == []
    assert view.status["bot_to_move"] and offered(view) == [] and view.status["costs"] == {}
    assert view.act("guilds 1") is False and "click 'bots move'" in view.message and game.history == []
    click(view, {"intent": "next"})
    assert game.pending().player == 0 and view.status["your_turn"]
    assert sorted(offered(view)) == sorted(game.legal_actions(0).texts())


def test_bad_construction_is_named():
    with pytest.raises(TypeError, match="Kutná Hora game"):
        KHTable(game=object())
    with pytest.raises(ValueError, match="seat must be 0 to 1 or None"):
        KHTable(players=2, human=2)
    with pytest.raises(ValueError, match="bots must be one of greedy, random"):
        KHTable(bots="clever")
    with pytest.raises(ValueError, match="Kutná Hora takes 2 to 4 players"):
        KHTable(players=5)


# ---------------------------------------------------------------------- a whole game by clicking
@pytest.mark.parametrize("bots, seed, players", [("greedy", 1, 2), ("random", 5, 3), ("random", 7, 4)])
def test_the_human_plays_a_whole_game_by_clicking_only_offered_actions(monkeypatch, no_callback_errors, bots, seed,
                                                                      players):
    view = spy(KHTable(players=players, seed=seed, bots=bots), monkeypatch)
    game = view.game
    rng = Rng(seed)
    kinds = set()
    clicks = 0
    while not game.is_terminal():
        assert game.pending().player == 0
        legal = game.legal_actions(0).texts()
        assert view.status["legal"] == legal and sorted(offered(view)) == sorted(legal), "exactly the legal ones"
        kinds.add(game.pending().kind)
        click(view, {"intent": "act", "action": legal[rng.below(len(legal))]})
        assert view.message_kind == "info", view.message
        clicks += 1
    assert clicks > 30 and {"rows", "play"} <= kinds and len(kinds) >= 5, kinds
    assert view.status["over"] and offered(view) == [] and view.status["winners"] == list(game.outcome().winners)
    assert "The game is over" in view.status["prompt"] and "The game is over" in view.message
    assert [row["total"] for row in view.status["score_table"]] == list(game.scores())
    assert list(view.score_frame()["total"]) == list(game.scores())
    assert game.invariant_breaks() == []


def test_grouped_actions_round_trip_to_the_texts():
    texts = ["build green-1 0", "build green-1 7", "council red", "discard", "guilds 2", "house tavern", "idle 3",
             "joker 2 mine", "joker 2 plot", "mine i-4 1", "mine i-4 4", "mine ii-2 4", "miners 2", "noble green",
             "pass", "play 1 plot", "play 4 rights", "plot 14", "rights builders-2", "rows miners builders tavern",
             "score 6", "tax pay", "tech 9", "tech-remove"]
    groups = group_actions(texts)
    assert groups["play"] == {"1": ["plot"], "4": ["rights"]} and groups["joker"] == {"2": ["mine", "plot"]}
    assert groups["mine"] == {"i-4": [1, 4], "ii-2": [4]} and groups["build"] == {"green-1": [0, 7]}
    assert groups["idle"] == [3] and groups["plot"] == [14] and groups["tech"] == [9] and groups["guilds"] == [2]
    assert groups["rights"] == ["builders-2"] and groups["council"] == ["red"] and groups["noble"] == ["green"]
    assert groups["house"] == ["tavern"] and groups["score"] == [6]
    assert groups["buttons"] == ["discard", "miners 2", "pass", "rows miners builders tavern", "tax pay", "tech-remove"]
    assert ungroup_actions(groups) == sorted(texts)


def test_two_part_choices_are_grouped_by_their_tile(monkeypatch):
    view = spy(KHTable(players=2, seed=1, bots="random"), monkeypatch)
    assert human_until(view, "mine", prefer=("rows", "play 2 mine", "play 1 mine", "joker 2 mine"))
    groups, legal = view.status["actions"], view.status["legal"]
    drawn = view.game.state.mine_drawn
    assert set(groups["mine"]) == set(drawn) and view.mine["drawn"] == drawn
    open_spaces = [i for i, c in enumerate(view.mine["cells"]) if c[2]]
    assert all(set(spaces) <= set(open_spaces) for spaces in groups["mine"].values())
    assert groups["buttons"] == ["discard"] and sorted(ungroup_actions(groups)) == sorted(legal)
    tile, spaces = next(iter(groups["mine"].items()))
    wood = view.game.price("wood")
    for space in spaces:
        assert view.status["costs"][f"mine {tile} {space}"] == view.mine["cells"][space][3] * wood
    money, cost = view.game.state.seats[0].groschen, view.status["costs"][f"mine {tile} {spaces[0]}"]
    assert view.act(f"mine {tile} {spaces[0]}")
    assert view.game.state.mine[spaces[0]] == tile and view.game.state.mine_owner[spaces[0]] == 0
    paid = [e for e in view.game.log if e.step == len(view.game.history) - 1 and "groschen" in e.data]
    assert paid[0].data["groschen"] == cost and view.game.history[len(view.game.history) - 1] != "discard"
    assert money - cost >= view.game.state.seats[0].groschen - 0, "the human paid the wood"


def test_the_costs_shown_are_what_the_engine_charges(monkeypatch):
    view = spy(KHTable(players=3, seed=11, bots="random"), monkeypatch)
    rng = Rng(3)
    checked = set()
    while not view.game.is_terminal() and len(view.game.history) < 400:
        costs = view.status["costs"]
        for action, cost in list(costs.items())[:3]:
            twin = view.game.clone()
            before = twin.state.seats[0].groschen
            events = twin.apply(action)
            if any(e.rule in ("income.sum", "tax.pay") and e.data.get("player") == 0 and e is not events[0]
                   for e in events):
                continue  # money also came or went by something after the action itself
            assert before - twin.state.seats[0].groschen == cost, (action, cost)
            checked.add(action.split()[0])
        legal = view.status["legal"]
        view.act(legal[rng.below(len(legal))])
    assert {"rights", "plot", "mine"} <= checked, checked


# ---------------------------------------------------------------------- intents in, state out
def test_a_legal_click_changes_the_game_and_the_view_in_one_message(table, no_callback_errors):
    before = len(table.game.history)
    action = table.status["legal"][0]
    click(table, {"intent": "act", "action": action})
    assert str(table.game.history[before]) == action
    assert table.message.startswith(f"Step {before + 1}: you played '{action}'")
    sent = updates(table)
    assert len(sent) == 1, "one sync message per click"
    assert "catalog" not in sent[0]["state"], "the catalogue is sent once per game, not with every step"
    assert sent[0]["state"]["status"]["steps"] == len(table.game.history)


def test_an_illegal_click_leaves_the_game_alone_and_says_why(table, no_callback_errors):
    table.act(table.status["legal"][0])  # the rows: now the first card
    history = list(table.game.history)
    picture = frozen(table)
    click(table, {"intent": "act", "action": "play 1 income"})
    assert table.message_kind == "error" and table.message.startswith("Not allowed:")
    assert "card 1 shows plot / mine" in table.message
    assert table.game.history == history and frozen(table) == picture
    assert updates(table), "the refusal reaches the browser"


@pytest.mark.parametrize("intent", [
    {"intent": "dance"},
    {"type": "act", "action": "pass"},
    {"intent": "act"},
    {"intent": "act", "action": 7},
    {"intent": "act", "action": ""},
    {"intent": "act", "action": "   "},
    {"intent": "act", "action": ["play", "4", "rights"]},
    {"intent": "act", "action": "play"},
    {"intent": "act", "action": "play 9 mine"},
    {"intent": "act", "action": "plot 14"},
    {"intent": "act", "action": "mine nowhere"},
    {"intent": "act", "action": "build gold 99"},
    {"intent": "act", "action": "fly to the moon"},
    {"intent": "act", "action": "pass"},  # the guild rows cannot be passed
    {"intent": "view_step", "step": "3"},
    {"intent": "view_step", "step": True},
    {"intent": "view_step", "step": 9999},
    {"intent": "view_step", "step": -1},
    {"intent": "play_rounds", "rounds": 0},
    {"intent": "play_rounds", "rounds": 7},
    {"intent": "play_rounds", "rounds": "two"},
    {"intent": "undo"},  # nothing of the human's to undo yet
    "undo",
    ["act", "pass"],
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
    game = KutnaHoraGame(None, 2, players=2)
    view = spy(KHTable(game), monkeypatch)
    picture = frozen(view)
    for action in game.legal_actions().texts():
        click(view, {"intent": "act", "action": action})  # legal for the bot, not the human's decision
        assert view.message_kind == "error" and "Player 2's decision (a bot)" in view.message
    assert game.history == [] and frozen(view) == picture


def test_a_bug_in_the_handler_still_becomes_a_message(table, monkeypatch, no_callback_errors):
    def broken(intent):
        raise RuntimeError("boom")
    monkeypatch.setattr(table, "handle_intent", broken)
    click(table, {"intent": "undo"})
    assert table.message_kind == "error" and "RuntimeError: boom" in table.message


# ---------------------------------------------------------------------- undo, reset, time travel
def test_undo_returns_to_the_humans_decision_with_the_bots_moves_gone(table, no_callback_errors):
    turns = [play_one_human_decision(table) for _ in range(6)]  # the rows, then cards of round 1
    before, last = turns[-1]
    assert len(table.game.history) > len(before) + 1, "the bot decided after the human"
    click(table, {"intent": "undo"})
    assert [str(a) for a in table.game.history] == before and table.status["your_turn"]
    assert table.message.startswith(f"Took back your '{last}'")
    for before, _action in reversed(turns[:-1]):
        assert table.undo() and [str(a) for a in table.game.history] == before
    assert table.undo() is False and "not decided anything yet" in table.message


def test_reset_starts_the_same_game_again_with_the_same_bot_opening(table, no_callback_errors):
    opening = list(table.game.history)
    play_one_human_decision(table)
    play_one_human_decision(table)
    click(table, {"intent": "reset"})
    assert table.game.history == opening and table.message.startswith("New game.")
    assert table.status["legal"] == table.game.legal_actions(0).texts()
    assert KHTable(seed=1).game.history == opening, "seeded bots: the same table plays the same opening"


def test_time_travel_shows_the_past_read_only_and_comes_back(table, no_callback_errors):
    for _ in range(5):
        play_one_human_decision(table)
    game = table.game
    steps = len(game.history)
    click(table, {"intent": "view_step", "step": 3})
    past = table_state(game.at(3), 0, live=False)
    for name in ("board", "stands", "hall", "mine", "town", "seats"):
        assert getattr(table, name) == past[name], name
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
    assert all(e[0] == -1 for e in table.events) and any(e[2] == "setup.mine-board" for e in table.events)
    table.show_step(None)
    history = list(table.game.history)
    play_one_human_decision(table)
    table.show_step(1)
    assert table.undo() and table.status["live"] and table.game.history == history


def test_the_event_log_names_a_rule_of_every_event_and_the_catalogue_its_text(table):
    table.play_rounds(1)
    start = len(table.game.history)
    play_one_human_decision(table)
    game = table.game
    assert table.events == [[e.step, e.text, e.rule] for e in game.log if e.step >= start]
    sections, rules = table.catalog["sections"], table.catalog["rules"]
    for _step, text, rule in table.events:
        section, words = rules[rule]
        assert text and sections[section] == game.rules[rule].section and words == game.rules[rule].text


def test_events_are_capped_so_a_long_step_stays_small(table):
    table.play_to_end()
    table._events_from = 0
    table.refresh()
    assert len(table.events) == kh_table.MAX_EVENTS + 1 and "earlier events" in table.events[0][1]
    assert table.events[-1][2] == "end.game-over"


# ---------------------------------------------------------------------- bots, rounds, watch mode
def test_play_rounds_lets_a_bot_play_the_human_seat_for_whole_rounds(table, no_callback_errors):
    click(table, {"intent": "play_rounds", "rounds": 2})
    game = table.game
    assert game.state.round == 3 and game.pending().player == 0
    assert table.status["your_turn"] and "yours included" in table.message and "now round 3 of 6" in table.message
    assert 0 in table._deciders(), "the human's seat was played by its bot"
    assert table.play_rounds(6) and game.is_terminal() and table.play_rounds() is False


def test_watch_mode_plays_one_decision_per_next_and_then_to_the_end(monkeypatch, no_callback_errors):
    view = spy(KHTable(human=None, seed=3, bots="random"), monkeypatch)
    assert view.game.history == [] and view.status["bot_to_move"] and offered(view) == []
    assert not any(seat["you"] for seat in view.seats)
    assert view.act("guilds 1") is False and "watch mode" in view.message
    click(view, {"intent": "next"})
    click(view, {"intent": "next"})
    assert len(view.game.history) == 2
    click(view, {"intent": "undo"})
    assert len(view.game.history) == 1
    click(view, {"intent": "play_to_end"})
    assert view.game.is_terminal() and view.status["over"] and view.status["score_table"]
    click(view, {"intent": "next"})
    assert view.message_kind == "error" and "game is over" in view.message


def test_play_to_end_plays_the_human_seat_too_and_later_clicks_are_refused(table):
    assert table.play_to_end()
    assert table.game.is_terminal() and 0 in table._deciders()
    assert offered(table) == [] and table.act("pass") is False and "game is over" in table.message
    assert table.play_to_end() is False


def test_assigning_a_game_redraws_without_moving_the_bots(table):
    other = KutnaHoraGame(None, 9, players=4)
    table.game = other
    assert table.game is other and other.history == [] and table.message == "Showing another game."
    assert len(table.seats) == 4 and table.catalog["players"] == 4 and table.catalog["town_size"] == 6
    with pytest.raises(TypeError):
        table.game = "a game"


def test_the_bots_reply_is_named_in_the_message_and_a_long_one_is_cut(monkeypatch):
    view = spy(KHTable(players=4, seed=2, bots="random"), monkeypatch)
    while "Then" not in view.message:
        play_one_human_decision(view)
    assert re.search(r"Then Player \d \(bot\): ", view.message)
    moved = [(1 + k // 5, f"idle {k % 6 + 1}") for k in range(20)]
    text = kh_table._summary(moved)
    assert text.startswith("Player 2 (bot): idle 1, idle 2") and "Player 4 (bot)" in text
    assert text.endswith("… 6 more bot decisions (see the event log)")


# ---------------------------------------------------------------------- hidden information
def _hide_differently(game: KutnaHoraGame, seed: int) -> KutnaHoraGame:
    """A twin whose hidden parts differ: the mine stack (within each back, as the top's back is public), the
    face-down events, and the tiles under each town hall stack's top."""
    twin = game.clone()
    s = twin.state
    rng = Rng(seed)
    for back in ("I", "II", "III"):
        idx = [i for i, t in enumerate(s.mine_stack) if mines.TILES[t].back == back]
        tiles = [s.mine_stack[i] for i in idx]
        rng.shuffle(tiles)
        for i, t in zip(idx, tiles, strict=True):
            s.mine_stack[i] = t
    shown = s.round if s.phase != "setup" else 0
    hidden = [r for r in range(shown, len(s.events)) if s.events[r]]
    cards = [s.events[r] for r in hidden]
    rng.shuffle(cards)
    for r, e in zip(hidden, cards, strict=True):
        s.events[r] = e
    for row in s.hall.rows:
        for stack in row:
            under = stack.tiles[:-1]
            rng.shuffle(under)
            stack.tiles[:-1] = under
    assert twin.invariant_breaks() == []
    return twin


@pytest.mark.parametrize("seed, players, human", [(0, 2, 0), (1, 4, 2), (2, 3, 1)])
def test_the_synced_state_never_carries_hidden_tiles_or_events(monkeypatch, seed, players, human):
    view = spy(KHTable(players=players, seed=seed, human=human, bots="random"), monkeypatch)
    game = view.game
    rng = Rng(50 + seed)
    checked = 0
    while not game.is_terminal():
        s = game.state
        secrets = {t for row in s.hall.rows for st in row for t in st.tiles[:-1]}  # under each stack's top
        shown = s.round if s.phase != "setup" else 0
        secrets |= {e for r, e in enumerate(s.events, 1) if e and r > shown}  # face-down events
        decision = game.pending()
        if decision.kind == "mine" and decision.player != human:
            secrets |= set(s.mine_drawn)  # tiles another player drew and is choosing from
        state = synced(view)
        del state["catalog"]  # every tile and event of the game, by id: the same for every game
        events = state.pop("events")
        text = json.dumps(state)
        leaked = {x for x in secrets if f'"{x}"' in text}
        assert not leaked, f"step {len(game.history)}: {leaked}"
        said = {x for x in secrets for e in events if re.search(rf"(?<![\w-]){re.escape(x)}(?![\w-])", e[1])}
        assert not said, f"step {len(game.history)}: the log names {said}"
        assert table_state(_hide_differently(game, len(game.history)), human) == table_state(game, human)
        checked += len(secrets)
        legal = view.status["legal"]
        view.act(legal[rng.below(len(legal))])
    assert checked > 100, "the check ran against real secrets"


# ---------------------------------------------------------------------- tables and charts
def test_score_frame_adds_up_the_logged_points_by_category(finished, busy):
    for game in (finished, busy):
        frame = score_frame(game)
        assert list(frame.index) == [f"Player {p + 1}" for p in range(game.players)]
        assert list(frame["total"]) == list(game.scores())
        parts = frame.drop(columns=["total"]).sum(axis=1)
        assert list(parts) == list(frame["total"])
        for p in range(game.players):
            logged = [e for e in game.log if e.data.get("player") == p and "points" in e.data]
            assert frame.loc[f"Player {p + 1}", "mines"] == sum(e.data["points"] for e in logged
                                                               if e.rule == "end.mines")
            assert frame.loc[f"Player {p + 1}", "leftovers"] == sum(e.data["points"] for e in logged
                                                                   if e.rule == "end.leftovers")
    assert "other" not in score_frame(busy).columns, "every scoring rule has its category"
    during = score_frame(busy.at(60))
    assert list(during["total"]) == list(busy.at(60).scores()) and (during["leftovers"] == 0).all()


def test_every_scoring_rule_has_a_category():
    rules = KutnaHoraGame.rules
    scoring = ["end.mines", "end.town", "end.income", "end.reputation", "end.leftovers", "mine.points",
               "reputation.beyond", "build.house", "public.bonus", "nobles.green", "nobles.red", "barbara.6",
               "barbara.8", "barbara.10", "barbara.11"]
    for rule in scoring:
        assert rule in rules and score_category(rule) in kh_table.SCORE_CATEGORIES, rule
    assert score_category("prices.advance") == "other"


def test_score_history_has_a_row_per_step_from_the_log_and_one_replay(finished, busy):
    for game in (finished, busy):
        history = score_history(game)
        assert len(history) == len(game.history) + 1 and history.index.name == "step"
        names = [f"Player {p + 1}" for p in range(game.players)]
        assert list(history["score"].columns) == names and list(history["groschen"].columns) == names
        assert list(history["score"].iloc[-1]) == list(game.scores())
        assert list(history["groschen"].iloc[-1]) == [seat.groschen for seat in game.state.seats]
        assert list(history["groschen"].iloc[0]) == [40, 41, 42, 43][:game.players]
        for step in (10, 45, len(game.history) - 3):
            past = game.at(step)
            assert list(history["score"].iloc[step]) == list(past.scores())
            assert list(history["groschen"].iloc[step]) == [seat.groschen for seat in past.state.seats]


def test_score_chart_draws_score_and_money_per_player(finished):
    fig = score_chart(finished)
    assert [t.name for t in fig.data] == ["Player 1", "Player 1", "Player 2", "Player 2"]
    assert [t.y[-1] for t in fig.data[0::2]] == list(finished.scores())
    assert [t.y[-1] for t in fig.data[1::2]] == [seat.groschen for seat in finished.state.seats]
    assert BANNER in fig.layout.title.text
    assert len(fig.layout.shapes) == 7, "six round starts and the final scoring"


# ---------------------------------------------------------------------- the boards on their own
def test_the_board_views_draw_one_part_of_a_game_and_update(busy):
    start = busy.at(40)
    hall = TownHallView(start)
    assert hall.part == "hall" and hall.catalog["banner"] == BANNER and "rules" not in hall.catalog
    assert hall.hall == table_state(start, None)["hall"] and hall.board["pool"] == start.state.pool
    assert hall.seats == [] and hall.status["legal"] == [] and hall.message == ""
    hall.update(busy)
    assert hall.hall == table_state(busy, None)["hall"]
    saint = BarbaraView(start)
    assert saint.part == "barbara" and saint.board["barbara"] == start.state.barbara
    saint.update(busy)
    assert saint.board["barbara"] == busy.state.barbara
    board = PlayerBoardView(start, player=2)
    assert board.part == "player" and board.player == 2
    assert board.seats[2]["cards"] == start.state.seats[2].cards and board.seats[2]["held"] == start.state.seats[2].held
    board.update(busy)
    assert board.seats[2]["score"] == busy.state.seats[2].score
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        PlayerBoardView(KutnaHoraGame(None, 0, players=2), player=2)
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        board.update(KutnaHoraGame(None, 0, players=2))
    with pytest.raises(TypeError):
        TownHallView("a game")


def test_the_board_views_are_small(busy):
    for view in (TownHallView(busy), BarbaraView(busy), PlayerBoardView(busy, player=0)):
        assert len(json.dumps(synced(view))) < 12 * 1024


# ---------------------------------------------------------------------- exercises
def test_the_position_exercises_are_answered_by_the_engine(busy):
    game = busy.at(80)
    income = PositionExercise("Income", game, "income", player=1)
    assert income.answer() == game.income_of(1) and income.check(income.answer()).correct
    assert income.check(f"{income.answer()} groschen").correct and not income.check(income.answer() + 1).correct
    assert "[income.sum]" in income.explain()
    tax = PositionExercise("Tax", game, "tax", player=0)
    assert tax.answer() == game.tax_due(0) and "[tax.pay]" in tax.explain()
    mines_ex = PositionExercise("Mines", game, "mines", player=2)
    assert mines_ex.answer() == game.final_breakdown(2)["mines"] and "[end.mines]" in mines_ex.explain()
    twin = game.clone()
    twin.state.seats[0].groschen = 10_000
    plot, cost = next(iter(twin.plot_options(0, False, False).items()))
    plot_ex = PositionExercise("Plot", game, "plot", player=0, plot=plot)
    assert plot_ex.answer() == cost and plot_ex.check(cost).correct and "[plot." in plot_ex.explain()
    for nonsense in ("", None, "banana", 3.5, True, ["3"]):
        feedback = income.check(nonsense)
        assert not feedback.correct and feedback.text
    with pytest.raises(ValueError, match="not for sale"):
        PositionExercise("bad", game, "plot", player=0, plot=-1)
    with pytest.raises(ValueError, match="ask one of"):
        PositionExercise("bad", game, "weather")


def test_an_exercise_keeps_its_position_and_its_box_checks_what_is_typed(busy):
    live = busy.at(50)
    ex = PositionExercise("Income", live, "income", player=0)
    truth = ex.answer()
    live.apply(live.legal_actions()[0])
    assert ex.answer() == truth and len(ex.game.history) == 50
    box = ex.show()
    assert box.answer.description == "groschen"
    box.answer.value = truth
    box.check_button.click()
    assert "✓" in box.feedback.value
    box.answer.value = truth + 5
    box.check_button.click()
    assert "✗" in box.feedback.value


# ---------------------------------------------------------------------- payload
def test_every_step_syncs_in_one_small_message(monkeypatch, capsys):
    sizes = []
    configs = ((0, 2, "greedy"), (1, 4, "random"), (2, 3, "random"), (3, 4, "random"), (4, 2, "random"),
               (5, 3, "random"))
    for seed, players, bots in configs:
        view = spy(KHTable(players=players, seed=seed, bots=bots), monkeypatch)
        rng = Rng(seed)
        assert len(json.dumps(view.catalog)) <= CATALOG_LIMIT
        while not view.game.is_terminal():
            view.outbox.clear()
            legal = view.status["legal"]
            click(view, {"intent": "act", "action": legal[rng.below(len(legal))]})
            sent = updates(view)
            assert len(sent) == 1 and "catalog" not in sent[0]["state"]
            sizes.append(len(json.dumps(sent[0])))
    with capsys.disabled():
        print(f"\nKHTable sync bytes per human step: mean {sum(sizes) / len(sizes):.0f}, max {max(sizes)}, "
              f"{len(sizes)} steps; catalog once: {len(json.dumps(view.catalog))}")
    assert max(sizes) <= PAYLOAD_LIMIT


# ---------------------------------------------------------------------- front-end files and imports
def test_the_front_end_ships_beside_the_module_with_its_test_hooks_and_prefix():
    static = pathlib.Path(kh_table.__file__).parent / "static"
    js = (static / "kh_table.js").read_text(encoding="utf-8")
    css = (static / "kh_table.css").read_text(encoding="utf-8")
    assert str(KHTable._esm) == js and str(KHTable._css) == css and str(TownHallView._esm) == js
    assert "export default { render }" in js
    assert not re.search(r"\bimport\b.*https?://", js), "no CDN imports"
    for hook in ("kh-tb-root", "kh-tb-banner", "kh-tb-prompt", "kh-tb-message", "kh-tb-round-${r}",
                 "kh-tb-stand-${deck}", "kh-tb-price-${good}", "kh-tb-stack-${r}-${c}", "kh-tb-top-${top}",
                 "kh-tb-noble-${where}-${colour}", "kh-tb-barbara-${k}", "kh-tb-mine-${i}", "kh-tb-mine-row-${r}",
                 "kh-tb-drawn-${t}", "kh-tb-plot-${i}", "kh-tb-seat-${p}", "kh-tb-card-${p}-${c}",
                 "kh-tb-half-${p}-${c}-${half}", "kh-tb-held-${p}-${k}", "kh-tb-row-${p}-${r}", "kh-tb-reputation-${p}",
                 "kh-tb-button-", "kh-tb-legal-", "kh-tb-undo", "kh-tb-reset", "kh-tb-next", "kh-tb-play-to-end",
                 "kh-tb-play-round", "kh-tb-slider", "kh-tb-events", "kh-tb-scores", "kh-tb-guildset-${k}"):
        assert hook in js, hook
    for intent in ("view_step", "play_to_end", "play_rounds", "next", "undo", "reset"):
        assert f'"{intent}"' in js
    for part in kh_table.PARTS[1:]:
        assert f'part === "{part}"' in js
    selectors = re.findall(r"(?m)^\s*([^@{}\s][^{}]*)\{", re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    classes = [part for sel in selectors for part in re.split(r"\s*[, >]\s*", sel.strip()) if part]
    assert classes and all(c.startswith(".kh-tb-") for c in classes), classes


def test_importing_the_module_leaves_pandas_and_plotly_for_later():
    code = ("import sys, widgets.kh_table as t; assert t.KHTable; "
            "print('pandas' in sys.modules, 'plotly' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"
