"""The Kutná Hora table without a browser: what only this game's table does (the contracts every table keeps are in
tests/widgets/test_every_table.py): its opening, its grouped and priced actions, its two-part choices, its refusals,
rounds and watch mode, and how much one step sends."""

from __future__ import annotations

import json
import re

import pytest

from games.core import Rng
from games.kutna_hora import BANNER
from games.kutna_hora.game import KutnaHoraGame
from tests.widgets.messages import click, spy, updates, whole_log_shown
from widgets.kutna_hora import KHTable, boards, group_actions, ungroup_actions

#: Bytes of one sync message after a click. Measured over 6 games (2–4 players, greedy and random bots):
#: test_every_step_syncs_in_one_small_message prints the figures; the bound is 12 KB.
PAYLOAD_LIMIT = 12 * 1024
#: The catalogue the table writes itself (tiles, cards, boards, colours), sent once per game: about 6 KB.
TABLE_CATALOG_LIMIT = 8 * 1024
#: The whole catalogue: the table's own, and every rule's words (sections named once) from the shared driver for the
#: log's tooltips: 24.2 KB with the 150 rules of the full game (it was 24 KB for 101 rules with sections in full).
CATALOG_LIMIT = 25 * 1024
GAME_PICTURE = ("board", "stands", "hall", "mine", "town", "seats", "status", "events")


# ---------------------------------------------------------------------- harness
@pytest.fixture
def table(monkeypatch):
    return spy(KHTable(seed=1), monkeypatch)  # seed 1: Player 2 (a bot) chooses the guild set, then Player 1 decides


def frozen(widget):
    """The synced game picture without the message (what a refused intent must leave alone)."""
    return json.dumps({name: getattr(widget, name) for name in GAME_PICTURE}, sort_keys=True)


def offered(widget):
    return sorted(c["action"] for c in widget.status["choices"]["each"])


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
    assert len(group_actions(table.status["legal"])["buttons"]) == 6, "six orders of three guild rows, as buttons"
    assert table.status["prompt"] == game.pending().prompt
    assert "bots opened: Player 2 (bot): guilds 2" in table.message
    assert table.catalog["banner"] == BANNER and table.catalog["players"] == 2
    assert len(table.catalog["tiles"]) == 36 and len(table.catalog["mine_tiles"]) == 31
    assert len(table.catalog["barbara_tax"]) == 11 and len(table.catalog["cards"]) == 6
    assert table.catalog["town_size"] == 5 and table.catalog["rounds"] == 6
    assert all(f"barbara.{k}" in table.catalog["rules"] for k in range(1, 12)), "the tiles' words: their rules"
    assert "// ---- kutna_hora/static/table.js" in KHTable._esm, "the table is its own view, boards drawn alike"


def test_a_given_game_is_shown_as_it_is_and_only_the_humans_actions_are_offered(monkeypatch, no_callback_errors):
    game = KutnaHoraGame(None, 2, players=2)  # Player 2 chooses the guild set first
    view = spy(KHTable(game), monkeypatch)
    assert view.game is game and game.history == []
    assert view.status["bot_to_move"] and offered(view) == [] and view.status["game"]["costs"] == {}
    assert view.act("guilds 1") is False and "click 'bots move'" in view.message and game.history == []
    click(view, {"intent": "next"})
    assert game.pending().player == 0 and view.status["your_turn"]
    assert sorted(offered(view)) == sorted(game.legal_actions(0).texts())


def test_bad_construction_is_named():
    with pytest.raises(TypeError, match="shows Kutná Hora"):
        KHTable(game=object())
    with pytest.raises(ValueError, match="Kutná Hora takes 2 to 4 players"):
        KHTable(players=5)


# ---------------------------------------------------------------------- a whole game by clicking
@pytest.mark.slow
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
    assert [row["total"] for row in view.status["game"]["score_table"]] == list(game.scores())
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
    groups, legal = group_actions(view.status["legal"]), view.status["legal"]
    drawn = view.game.state.mine_drawn
    assert set(groups["mine"]) == set(drawn) and view.mine["drawn"] == drawn
    open_spaces = [i for i, c in enumerate(view.mine["cells"]) if c[2]]
    assert all(set(spaces) <= set(open_spaces) for spaces in groups["mine"].values())
    assert groups["buttons"] == ["discard"] and sorted(ungroup_actions(groups)) == sorted(legal)
    tile, spaces = next(iter(groups["mine"].items()))
    wood = view.game.price("wood")
    for space in spaces:
        assert view.status["game"]["costs"][f"mine {tile} {space}"] == view.mine["cells"][space][3] * wood
    money, cost = view.game.state.seats[0].groschen, view.status["game"]["costs"][f"mine {tile} {spaces[0]}"]
    assert view.act(f"mine {tile} {spaces[0]}")
    assert view.game.state.mine[spaces[0]] == tile and view.game.state.mine_owner[spaces[0]] == 0
    paid = [e for e in view.game.log if e.step == len(view.game.history) - 1 and "groschen" in e.data]
    assert paid[0].data["groschen"] == cost and view.game.history[len(view.game.history) - 1] != "discard"
    assert money - cost >= view.game.state.seats[0].groschen - 0, "the human paid the wood"


@pytest.mark.slow
def test_the_costs_shown_are_what_the_engine_charges(monkeypatch):
    view = spy(KHTable(players=3, seed=11, bots="random"), monkeypatch)
    rng = Rng(3)
    checked = set()
    while not view.game.is_terminal() and len(view.game.history) < 400:
        costs = view.status["game"]["costs"]
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
    {"intent": "act", "action": "   "},
    {"intent": "act", "action": ["play", "4", "rights"]},
    {"intent": "act", "action": "play"},
    {"intent": "act", "action": "play 9 mine"},
    {"intent": "act", "action": "plot 14"},
    {"intent": "act", "action": "mine nowhere"},
    {"intent": "act", "action": "build gold 99"},
    {"intent": "act", "action": "fly to the moon"},
    {"intent": "act", "action": "pass"},  # the guild rows cannot be passed
    {"intent": "play_rounds", "rounds": 7},
    {"intent": "play_rounds", "rounds": "two"},
    {"intent": "undo"},  # nothing of the human's to undo yet
    42,
])
@pytest.mark.slow
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


# ---------------------------------------------------------------------- time travel, the log, rounds, watch mode
def test_time_travel_shows_the_past_read_only_and_comes_back(table, no_callback_errors):
    for _ in range(5):
        play_one_human_decision(table)
    game = table.game
    steps = len(game.history)
    click(table, {"intent": "view_step", "step": 3})
    past = boards(game.at(3), 0)
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
    assert table.seats == boards(game, 0)["seats"]


def test_step_zero_is_the_setup_and_undo_while_looking_back_acts_on_the_live_game(table):
    assert table.show_step(0) and table.status["view"] == 0
    assert all(e[0] == -1 for e in table.events) and any(e[2] == "setup.mine-board" for e in table.events)
    table.show_step(None)
    history = list(table.game.history)
    play_one_human_decision(table)
    table.show_step(1)
    assert table.undo() and table.status["live"] and table.game.history == history


def test_the_event_log_names_every_event_since_the_humans_decision_with_its_rule(table):
    table.play_rounds(1)
    start = len(table.game.history)
    play_one_human_decision(table)
    game = table.game
    assert table.events == [[e.step, e.text, e.rule] for e in game.log if e.step >= start]
    for _step, text, rule in table.events:
        index, words = table.catalog["rules"][rule]
        section = table.catalog["sections"][index]
        assert text and section == game.rules[rule].section and words == game.rules[rule].text


@pytest.mark.slow
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
    assert view.game.is_terminal() and view.status["over"] and view.status["game"]["score_table"]
    click(view, {"intent": "next"})
    assert view.message_kind == "error" and "game is over" in view.message


@pytest.mark.slow
def test_play_to_end_plays_the_human_seat_too_and_later_clicks_are_refused(table):
    assert table.play_to_end()
    assert table.game.is_terminal() and 0 in table._deciders()
    assert offered(table) == [] and table.act("pass") is False and "game is over" in table.message
    assert table.play_to_end() is False
    assert whole_log_shown(table)[-1][2] == "end.game-over"  # capped, the newest kept, the last ends the game


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
    moved = [(1 + k // 5, "play", f"idle {k % 6 + 1}") for k in range(20)]
    text = view._summary(moved)
    assert text.startswith("Player 2 (bot): idle 1, idle 2") and "Player 4 (bot)" in text
    assert text.endswith("… 6 more bot decisions (see the event log)")


# ---------------------------------------------------------------------- payload
def step_sizes(view, rng):
    """The human clicks an offered action, chosen by ``rng``, until the game is over: the bytes of the one sync
    message each click sends (never the catalogue again)."""
    sizes = []
    while not view.game.is_terminal():
        view.outbox.clear()
        click(view, {"intent": "act", "action": rng.choice(view.status["legal"])})
        (sent,) = updates(view)
        assert "catalog" not in sent["state"]
        sizes.append(len(json.dumps(sent)))
    return sizes


@pytest.mark.slow
def test_every_step_syncs_in_one_small_message(monkeypatch, capsys):
    sizes, catalogs = [], []
    for seed, players, bots in ((0, 2, "greedy"), (1, 4, "random"), (2, 3, "random"), (3, 4, "random"),
                                (4, 2, "random"), (5, 3, "random")):
        view = spy(KHTable(players=players, seed=seed, bots=bots), monkeypatch)
        catalogs.append((len(json.dumps(view.catalog)), len(json.dumps(view.make_catalog(view.game)))))
        sizes += step_sizes(view, Rng(seed))
    with capsys.disabled():
        print(f"\nKHTable sync bytes per human step: mean {sum(sizes) / len(sizes):.0f}, max {max(sizes)}, "
              f"{len(sizes)} steps; catalog once: {max(catalogs)} (whole, the table's own)")
    assert max(sizes) <= PAYLOAD_LIMIT
    assert max(whole for whole, _ in catalogs) <= CATALOG_LIMIT
    assert max(own for _, own in catalogs) <= TABLE_CATALOG_LIMIT
