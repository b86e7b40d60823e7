"""The Kardinal & König table without a browser: what only this game's table shows (the contracts every table
keeps are in tests/widgets/test_every_table.py)."""

from __future__ import annotations

import json
import re

import comm
import pytest

from games.core import Rng
from games.kardinal_koenig import CardGame, new_game
from games.kardinal_koenig.data.rulebook import COUNTRIES
from tests.widgets.messages import click, spy, updates, whole_log_shown
from widgets.kardinal_koenig import KKTable
from widgets.shared.palette import seat_colours
from widgets.shared.table_words import MAX_EVENTS, section_words

#: Bytes of one sync message after a click (measured: see test_every_step_syncs_in_one_small_message).
PAYLOAD_LIMIT = 8192
SYNCED = ("catalog", "board", "seats", "chart", "status", "events", "message", "message_kind", "message_seq")


# ---------------------------------------------------------------------- harness
@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)  # also beats pytest-ipywidgets' comm


@pytest.fixture
def table(monkeypatch):
    return spy(KKTable(seed=1), monkeypatch)


def synced(widget):
    """Everything the browser holds of this widget, as JSON text would carry it."""
    return json.loads(json.dumps({name: getattr(widget, name) for name in SYNCED}))


def frozen(widget):
    """The synced game picture without the message (what a refused intent must leave alone)."""
    return json.dumps({name: getattr(widget, name) for name in ("board", "seats", "chart", "status", "events")},
                      sort_keys=True)


def cell(widget, row, column):
    return widget.board[row - 1][column - 1]


def first(widget, verb):
    return next(a for a in widget.status["legal"] if a.startswith(verb))


def play_my_turn(widget) -> list[tuple[list[str], str]]:
    """The human takes the first card offered, then stops and skips the claim stone: the whole turn, so the bots
    move after it. Returns (history before, action) for each human decision."""
    done = []
    action = first(widget, "take")
    while True:
        before = [str(a) for a in widget.game.history]
        assert widget.act(action), widget.message
        done.append((before, action))
        s = widget.game.state
        if widget.game.is_terminal() or s.turn.player != 0 or len(widget.game.history) > len(before) + 1:
            return done
        actions = widget.status["legal"]
        action = next((a for a in ("stop", "skip") if a in actions), actions[0])


# ---------------------------------------------------------------------- what it shows
def test_a_new_table_lets_the_bots_open_until_the_human_decides(table):
    game = table.game
    assert game.config.players == 4 and table.human == 0
    assert game.pending().player == 0 and len(game.history) > 0  # seed 1: player 2 starts, three bots moved
    assert table.status["your_turn"] is True and table.status["to_move"] == 0
    assert table.status["legal"] == game.legal_actions(0).texts()
    assert table.status["prompt"] == game.pending().prompt
    assert "bots opened" in table.message and table.message_kind == "info"
    assert all(e[0] >= 0 for e in table.events)  # the bots' opening moves, not the setup
    assert [len(row) for row in table.board] == [14] * 4
    assert len(table.catalog["cards"]) == 56 and [c[0] for c in table.catalog["countries"]] == list(COUNTRIES)
    assert table.catalog["banner"] and table.catalog["seat_colours"] == seat_colours(4)


def test_the_board_draws_every_card_of_the_layout_with_its_stone_and_chip(table):
    s = table.game.state
    for r in range(4):
        for c in range(14):
            shown = table.board[r][c]
            i = r * 14 + c
            if s.lo[r] <= c < s.hi[r]:
                assert shown == [s.layout[i], s.stone[i], int(bool(s.chip[i]))]
            else:
                assert shown is None
    assert any(cell[1] >= 0 for row in table.board for cell in row if cell)  # the bots placed claim stones


@pytest.mark.slow
def test_each_display_is_grouped_by_country_in_chart_order(table):
    table.play_to_end()
    game = table.game
    for p, seat in enumerate(table.seats):
        cards = [game.cards[cid] for cid in game.state.displays[p]]
        assert [g[0] for g in seat["groups"]] == [c for c in COUNTRIES if any(k.country == c for k in cards)]
        for country, count, crests, ships, carriages in seat["groups"]:
            mine = [k for k in cards if k.country == country]
            assert count == len(mine)
            assert crests == {kind: sum(k.crests.count(kind) for k in mine) for k in mine for kind in k.crests}
            assert ships == sum("ship" in k.routes for k in mine)
            assert carriages == sum("carriage" in k.routes for k in mine)
        assert seat["cards"] == len(cards)
        assert seat["hand"] + seat["placed"] + seat["lost"] == 3


def test_a_given_game_is_shown_as_it_is_and_a_bot_to_move_waits_for_next(monkeypatch, no_callback_errors):
    game = new_game(seed=1, players=4)  # player 2 starts
    view = spy(KKTable(game), monkeypatch)
    assert view.game is game and game.history == []
    assert view.status["bot_to_move"] is True and view.status["legal"] == []
    assert view.act("take 1 1") is False and "click 'bots move'" in view.message
    click(view, {"intent": "next"})
    assert game.pending().player == 0 and len(game.history) == 7 and view.status["your_turn"]
    assert view.message.startswith("Player 2 (bot): ")


def test_bad_construction_is_named():
    with pytest.raises(TypeError, match="KKTable shows Kardinal & König"):
        KKTable(game=object())
    with pytest.raises(ValueError, match="human must be a seat 0 to 2"):
        KKTable(players=3, human=3)
    with pytest.raises(ValueError, match="bots must be one of greedy, random"):
        KKTable(bots="clever")
    with pytest.raises(ValueError, match="3 to 5 players"):
        KKTable(players=6)


# ---------------------------------------------------------------------- intents in, state out
def test_the_bots_move_after_the_human_and_the_log_names_rules_and_sections(table):
    before, _ = play_my_turn(table)[-1]
    start = len(before)
    game = table.game
    deciders = table._deciders()
    assert deciders[start] == 0 and {1, 2, 3} <= set(deciders[start:]), "the three bots decided after the human"
    assert "Player 2 (bot): " in table.message and game.pending().player == 0
    # the log runs from the human's last decision ('skip' itself logs nothing) through the bots' moves
    since = [[e.step, e.text, e.rule] for e in game.log if e.step >= start]
    assert len(since) <= MAX_EVENTS and table.events == since
    assert len({e[0] for e in table.events}) > 3  # several steps: the human's turn and three bots' turns
    for _step, text, rule in table.events:
        section = table.catalog["sections"][table.catalog["rules"][rule][0]]
        assert section == section_words(game.rules[rule].section) and text


def test_act_from_python_returns_false_with_the_reason(table):
    steps = len(table.game.history)
    assert table.act("   ") is False and "empty" in table.message
    assert table.act("take 1 7") is False and table.message_kind == "error"
    assert len(table.game.history) == steps
    assert table.act(first(table, "take")) is True and table.message_kind == "info"


def test_the_claim_step_offers_free_cards_and_a_skip_button():
    # 3 players, player 1 starts: after taking, a claim stone may be placed on any free card.
    table = KKTable(new_game(seed=3, players=3, start_player=0))
    while table.game.pending().kind != "claim":
        actions = table.status["legal"]
        assert table.act("stop" if "stop" in actions else first(table, "take"))
    actions = table.status["legal"]
    assert "skip" in actions and any(a.startswith("place ") for a in actions)
    place = first(table, "place")
    row, column = map(int, place.split()[1:])
    assert cell(table, row, column)[1] == -1  # a free card
    before = len(table.game.history)
    assert table.act(place)
    # the stone stays on the card unless a bot took that card since
    shown = cell(table, row, column)
    assert shown is None or shown[1] in (-1, 0)
    assert table._deciders()[before] == 0 and str(table.game.history[before]) == place


# ---------------------------------------------------------------------- undo, reset, time travel
def test_undo_returns_to_the_humans_decision_with_the_bots_moves_gone(table, no_callback_errors):
    board, actions = table.board, table.status["legal"]
    turn = play_my_turn(table)
    before, last = turn[-1]
    assert len(table.game.history) > len(before) + 1  # the human's last decision and the bots' moves
    click(table, {"intent": "undo"})
    assert [str(a) for a in table.game.history] == before
    assert table.status["your_turn"] and table.message.startswith(f"Took back your '{last}' and the ")
    for _ in turn[:-1]:
        assert table.undo()
    assert table.board == board and table.status["legal"] == actions


def test_undo_walks_back_one_human_decision_at_a_time(table):
    turns = play_my_turn(table) + play_my_turn(table)
    for before, action in reversed(turns):
        assert table.undo() and [str(a) for a in table.game.history] == before, action
    assert table.undo() is False and "not decided anything yet" in table.message


def test_undo_before_any_human_decision_is_refused(table):
    steps = len(table.game.history)
    assert table.undo() is False
    assert "you have not decided anything yet" in table.message and len(table.game.history) == steps


# ---------------------------------------------------------------------- the chart
def _chart_equals(frame, chart):
    import pandas as pd

    for p in range(len(chart.total)):
        who = f"Player {p + 1}"
        for country, name in zip(COUNTRIES, frame.index[:9], strict=True):
            assert frame.loc[name, (who, "country")] == chart.rows[country][0][p]
            assert frame.loc[name, (who, "crests")] == chart.rows[country][1][p]
        for row, values in (("subtotal", chart.subtotal), ("total", chart.total)):
            assert frame.loc[row, (who, "country")] == values[p]
            assert pd.isna(frame.loc[row, (who, "crests")])
        assert frame.loc["roads & −2", (who, "country")] == chart.roads[p]
        assert frame.loc["roads & −2", (who, "crests")] == chart.minus[p]


@pytest.mark.slow
def test_the_chart_frame_equals_the_games_chart_during_and_after_the_game(table):
    frame = table.chart_frame()
    assert list(frame.index) == ["France", "Saxony", "Hungary", "Castile", "Franconia", "Bavaria", "Italy",
                                 "England", "Denmark", "subtotal", "roads & −2", "total"]
    assert list(frame.columns.get_level_values(0).unique()) == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert set(frame.dtypes) == {frame.dtypes.iloc[0]} and str(frame.dtypes.iloc[0]) == "Int64"
    _chart_equals(frame, table.game.chart())
    table.play_to_end()
    final = table.game.chart()
    _chart_equals(table.chart_frame(), final)
    assert table.chart["minus"] == list(final.minus) and table.chart["total"] == list(final.total)
    assert table.chart["final"] and table.chart["winners"] == list(table.game.outcome().winners)


@pytest.mark.slow
def test_the_running_chart_keeps_the_minus_chips_face_down(table):
    rng = Rng(4)
    while not any("minus2" in chips for chips in table.game.state.chips):
        if table.game.is_terminal():
            pytest.skip("no −2 chip was taken in this game")
        legal = table.status["legal"]
        table.act(legal[rng.below(len(legal))])
    assert table.chart["minus"] is None and not table.chart["final"]
    assert table.chart["total"] == list(table.game.chart().total) == list(table.game.chart(reveal=False).total)
    assert list(table.chart_frame().xs("crests", axis=1, level=1).loc["roads & −2"]) == [0] * 4


# ---------------------------------------------------------------------- hidden information
def _hide_differently(game: CardGame, human: int, turn: int) -> tuple[CardGame, bool]:
    """A twin whose face-down chips (on the layout and in other players' hands) hold the kinds rotated."""
    twin = game.clone()
    s = twin.state
    slots = [("cell", i) for i, kind in enumerate(s.chip) if kind]
    slots += [("hand", p, j) for p in range(game.players) if p != human for j in range(len(s.chips[p]))]
    kinds = [s.chip[x[1]] if x[0] == "cell" else s.chips[x[1]][x[2]] for x in slots]
    rotated = kinds[turn % len(kinds):] + kinds[:turn % len(kinds)] if kinds else []
    for slot, kind in zip(slots, rotated, strict=True):
        if slot[0] == "cell":
            s.chip[slot[1]] = kind
        else:
            s.chips[slot[1]][slot[2]] = kind
    return twin, rotated != kinds


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_synced_state_never_carries_a_hidden_law_chip_kind(seed, monkeypatch):
    """Whatever the face-down chips are, the human sees the same table: the view cannot leak a kind."""
    players = 3 + seed % 3
    human = seed % players
    table = spy(KKTable(players=players, seed=seed, human=human, bots="random"), monkeypatch)
    rng = Rng(100 + seed)
    differed = 0
    while not table.game.is_terminal():
        game = table.game
        twin, changed = _hide_differently(game, human, len(game.history) + 1)
        differed += changed
        assert table.table_state(twin, True) == table.table_state(game, True)
        state = synced(table)
        for p, seat in enumerate(state["seats"]):
            assert seat["chip_kinds"] is None if p != human else seat["chip_kinds"] == sorted(game.state.chips[p])
        assert all(c[2] in (0, 1) for row in state["board"] for c in row if c)
        state["seats"][human]["chip_kinds"] = None
        del state["catalog"]  # the chip names: the same for every game
        assert "minus2" not in json.dumps(state)
        legal = table.status["legal"]
        table.act(legal[rng.below(len(legal))])
    assert differed > 10, "the check compared tables whose hidden chips really differed"
    assert table.seats[(human + 1) % players]["chip_kinds"] is not None  # revealed at the end, as the rules say


# ---------------------------------------------------------------------- watch mode and playing to the end
@pytest.mark.slow
def test_the_bots_are_the_ones_asked_for_and_seeded():
    greedy, randomly = KKTable(seed=5, players=3), KKTable(seed=5, players=3, bots="random")
    assert greedy.seats[1]["bot"] == "greedy" and randomly.seats[1]["bot"] == "random"
    assert greedy.seats[0]["you"] and greedy.seats[0]["bot"] is None
    assert greedy.catalog["bots"] == "greedy" and greedy.catalog["human"] == 0
    again = KKTable(seed=5, players=3)
    greedy.play_to_end()
    again.play_to_end()
    assert greedy.game.history == again.game.history, "seeded bots: the same table plays the same game"
    randomly.play_to_end()
    assert randomly.game.history != greedy.game.history


def test_assigning_a_game_redraws_without_moving_the_bots(table):
    other = new_game(seed=9, players=3)
    table.game = other
    assert table.game is other and other.history == [] and table.message == "Showing another game."
    assert len(table.seats) == 3 and table.catalog["players"] == 3
    with pytest.raises(TypeError):
        table.game = "a game"


# ---------------------------------------------------------------------- payload
@pytest.mark.slow
def test_every_step_syncs_in_one_small_message(table, capsys):
    rng = Rng(7)
    sizes = []
    while not table.game.is_terminal():
        table.outbox.clear()
        legal = table.status["legal"]
        click(table, {"intent": "act", "action": legal[rng.below(len(legal))]})
        sent = updates(table)
        assert len(sent) == 1
        sizes.append(len(json.dumps(sent[0])))
    with capsys.disabled():
        print(f"\nKKTable sync bytes per human step: mean {sum(sizes) / len(sizes):.0f}, max {max(sizes)}, "
              f"{len(sizes)} steps; catalog once: {len(json.dumps(table.catalog))}")
    assert max(sizes) <= PAYLOAD_LIMIT


@pytest.mark.slow
def test_events_are_capped_so_a_long_step_stays_small(table):
    table.play_to_end()
    assert whole_log_shown(table)[-1][2] == "score.winner"  # the newest events are the ones kept


# ---------------------------------------------------------------------- front-end files and imports
def test_the_front_end_draws_the_layout_and_chart_with_its_test_hooks_and_prefix():
    js, css = KKTable._esm, KKTable._css
    assert "// ---- kardinal_koenig/static/cards.js" in js and "// ---- kardinal_koenig/static/chart.js" in js
    assert not re.search(r"\bimport\b.*https?://", js), "no CDN imports"
    assert 'actionBar(model, status, catalog, "kk",' in js, "the prompt, choices and message line: the runtime's bar"
    for hook in ("kk-card-${r}-${c}", "kk-action-", "kk-chart", "kk-seat-"):
        assert hook in js, hook
    own = css[css.index("/* ---- kardinal_koenig/static/kardinal_koenig.css */"):]
    selectors = re.findall(r"(?m)^\s*([^@{}\s][^{}]*)\{", re.sub(r"/\*.*?\*/", "", own, flags=re.S))
    classes = [part for sel in selectors for part in re.split(r"\s*[, ]\s*", sel.strip()) if part]
    assert classes and all(c.startswith((".kk-", "from", "to")) for c in classes), classes
