"""The Kutná Hora table's boards without a browser: what the browser receives is the engine's, never a hidden tile
or event; the board views; the scores by category and over time; the position exercises; and what the renderers
draw (static/*.js, run in Node.js on a stand-in DOM)."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import pytest

from games.core import Rng
from games.core.bots import GreedyBot, RandomBot, play_out
from games.kutna_hora import BANNER, mines
from games.kutna_hora.game import KutnaHoraGame
from tests.widgets.messages import click, spy
from tests.widgets.render import draw
from widgets.kutna_hora import (
    BarbaraView,
    KHTable,
    MineBoardView,
    PlayerBoardView,
    PositionExercise,
    TownHallView,
    TownView,
    boards,
    score_category,
    score_chart,
    score_frame,
    score_history,
)
from widgets.kutna_hora import table as table_module
from widgets.kutna_hora.actions import group_actions
from widgets.kutna_hora.scores import SCORE_CATEGORIES

SYNCED = ("catalog", "board", "stands", "hall", "mine", "town", "seats", "status", "events", "message",
          "message_kind", "message_seq")


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


# ---------------------------------------------------------------------- the boards are the engine's
@pytest.mark.slow
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
    assert table.stands == view["stands"] and table.stands["source"] == "approx"
    for deck, stand in table.stands["decks"].items():
        assert stand["position"] == game.stands.position(deck)
        for good, g in stand["goods"].items():
            assert g["price"] == game.price(good)


# ---------------------------------------------------------------------- hidden information
@pytest.mark.slow
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
        twin = game.redeal(human, Rng(len(game.history)))  # what the human cannot see, dealt again
        assert twin.invariant_breaks() == []
        assert boards(twin, human) == boards(game, human)
        assert view.status_of(twin, True) == view.status_of(game, True)
        assert view.table_state(twin, True) == view.table_state(game, True)
        checked += len(secrets)
        legal = view.status["legal"]
        view.act(legal[rng.below(len(legal))])
    assert checked > 100, "the check ran against real secrets"


# ---------------------------------------------------------------------- tables and charts
@pytest.mark.slow
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
        assert rule in rules and score_category(rule) in SCORE_CATEGORIES, rule
    assert score_category("prices.advance") == "other"


@pytest.mark.slow
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
def test_the_board_views_draw_one_board_of_a_game_and_update(busy):
    start = busy.at(40)
    hall = TownHallView(start)
    assert hall.catalog["banner"] == BANNER and set(hall.catalog["rules"]) < set(start.rules)
    assert hall.hall == boards(start, None)["hall"] and hall.board["pool"] == start.state.pool
    assert "seats" not in hall.trait_names(sync=True) and hall.message == ""
    hall.update(busy)
    assert hall.hall == boards(busy, None)["hall"]
    saint = BarbaraView(start)
    assert saint.board["barbara"] == start.state.barbara
    saint.update(busy)
    assert saint.board["barbara"] == busy.state.barbara
    board = PlayerBoardView(start, player=2)
    assert board.player == 2
    assert board.seat["cards"] == start.state.seats[2].cards and board.seat["held"] == start.state.seats[2].held
    board.update(busy)
    assert board.seat["score"] == busy.state.seats[2].score
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        PlayerBoardView(KutnaHoraGame(None, 0, players=2), player=2)
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        board.update(KutnaHoraGame(None, 0, players=2))
    with pytest.raises(TypeError):
        TownHallView("a game")


@pytest.mark.slow
def test_the_board_views_are_pictures_that_answer_any_intent_with_a_message(busy, monkeypatch, no_callback_errors):
    for view in (TownHallView(busy), BarbaraView(busy), PlayerBoardView(busy, player=1)):
        view = spy(view, monkeypatch)
        page = draw(view)
        assert not [n for n in page.walk() if "intent" in n.data], "a picture sends nothing"
        assert BANNER in page.all_text
        before = {name: getattr(view, name) for name in ("catalog", "board")}
        for intent in ({"intent": "act", "action": "pass"}, {"type": "plot", "index": 3}, "undo", None):
            click(view, intent)
            assert view.message_kind == "error" and "read-only" in view.message and "Traceback" not in view.message
        assert {name: getattr(view, name) for name in ("catalog", "board")} == before


@pytest.mark.slow
def test_the_board_views_are_small(busy):
    for view in (TownHallView(busy), BarbaraView(busy), PlayerBoardView(busy, player=0)):
        state = {k: v for k, v in view.get_state().items() if not k.startswith("_")}
        assert len(json.dumps(state)) < 12 * 1024


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


def test_the_position_exercises_show_their_position_next_to_the_question_without_the_answer(busy):
    game = busy.at(80)
    income = PositionExercise("Income", game, "income", player=1)
    figure = income.figure()
    assert "<table class='bg-ex-figure'>" in figure and "price now" in figure
    assert f"<td>{game.prices()['wood']}</td>" in figure and figure.count("<th>") == 3, "no groschen column"
    mine = PositionExercise("Mines", game, "mines", player=2).figure()
    assert isinstance(mine, MineBoardView) and not mine.interactive and not mine.show_scores
    assert [c["tile"] for c in mine.board["cells"]] == list(game.state.mine)
    twin = game.clone()
    twin.state.seats[0].groschen = 10_000
    plot = next(iter(twin.plot_options(0, False, False)))
    town_view = PositionExercise("Plot", game, "plot", player=0, plot=plot).figure()
    assert isinstance(town_view, TownView) and not town_view.interactive and town_view.selected == plot
    assert not town_view.offers, "no prices on it: they would give the answer away"
    assert "tax marker shows" in PositionExercise("Tax", game, "tax", player=0).figure()
    box = income.show()
    assert box.children[1].value == figure, "the position sits right under the question"


def test_an_exercise_keeps_its_position_and_its_box_checks_what_is_typed(busy):
    live = busy.at(50)
    ex = PositionExercise("Income", live, "income", player=0)
    truth = ex.answer()
    live.apply(live.legal_actions()[0])
    assert ex.answer() == truth and len(ex.game.history) == 50
    box = ex.show()
    assert box.answer.description == "groschen"
    box.answer.value = str(truth)
    box.check_button.click()
    assert "✓" in box.feedback.value
    box.answer.value = str(truth + 5)
    box.check_button.click()
    assert "✗" in box.feedback.value


# ---------------------------------------------------------------------- what the renderers draw
def human_until_kind(view, kind, prefer=()):
    """Play the human's first preferred (else first) legal action until a decision of ``kind`` is asked."""
    rng = Rng(0)
    for _ in range(400):
        if view.game.is_terminal() or view.status["kind"] == kind:
            return view.status["kind"] == kind
        legal = view.status["legal"]
        liked = [a for p in prefer for a in legal if a.startswith(p)]
        view.act(liked[0] if liked else legal[rng.below(len(legal))])
    return False


def clicks(page):
    """The action each highlighted board choice sends (the buttons aside, and the board nodes that name an action
    the rules refuse now: data-legal="false")."""
    return sorted(n.data["action"] for n in page.walk()
                  if n.data.get("intent") == "act" and "bg-button" not in n.classes and n.data.get("legal") != "false")


@pytest.mark.slow
def test_the_table_draws_every_board_with_its_test_hooks(table):
    page = draw(table)
    hooks = ["kh-tb-root", "kh-tb-banner", "kh-tb-prompt", "kh-tb-message", "kh-tb-undo", "kh-tb-reset",
             "kh-tb-play-round", "kh-tb-slider", "kh-tb-events", "kh-tb-scores", "kh-tb-hall", "kh-tb-nobles",
             *(f"kh-tb-round-{r}" for r in range(1, 7)), "kh-ps-stand-population", "kh-ps-stand-ore",
             "kh-ps-price-beer", "kh-tb-stack-0-0", "kh-tb-noble-bank-green", "kh-tb-noble-council-red",
             *(f"kh-tb-barbara-{k}" for k in range(1, 12)), *(f"kh-mine-cell-{i}" for i in range(24)),
             *(f"kh-mine-row-{r}" for r in range(4)), *(f"kh-town-plot-{i}" for i in range(25)), "kh-tb-seat-0",
             "kh-tb-seat-1", "kh-tb-card-0-1", "kh-tb-half-0-1-plot", "kh-tb-held-0-0", "kh-tb-row-0-0",
             "kh-tb-reputation-0", "kh-tb-button-rows-metallurgists-miners-scribes",
             "kh-tb-legal-rows-metallurgists-miners-scribes"]
    for hook in hooks:
        assert page.has_id(hook), hook
    assert page.ids("kh-tb-top-") and page.by_id("kh-tb-root").data["view"] == "kh-tb"
    assert BANNER in page.by_id("kh-tb-banner").all_text
    sent = {n.data["intent"] for n in page.walk() if "intent" in n.data}
    assert sent <= set(KHTable.INTENTS) and {"act", "undo", "reset", "play_rounds"} <= sent
    buttons = sorted(n.data["action"] for n in page.walk() if n.data.get("testid", "").startswith("kh-tb-button-"))
    assert buttons == sorted(table.status["legal"]), "the six orders of the guild rows are buttons"


@pytest.mark.slow
def test_only_the_humans_legal_actions_are_highlighted_on_the_boards(monkeypatch):
    view = spy(KHTable(players=2, seed=1, bots="random"), monkeypatch)
    view.act(view.status["legal"][0])  # the rows: now the cards
    page = draw(view)
    halves = clicks(page)
    assert halves and set(halves) <= set(view.status["legal"]) and all(a.startswith("play ") for a in halves)
    assert {n.data["action"] for n in page.walk() if n.data.get("testid", "").startswith("kh-tb-idle-")} == {
        a for a in view.status["legal"] if a.startswith("idle ")}
    assert not [n for n in page.walk() if n.data.get("testid", "").startswith("kh-tb-seat-1")
                and any("intent" in c.data for c in n.walk())], "the bot's board offers nothing"
    assert human_until_kind(view, "mine", prefer=("play 2 mine", "play 1 mine", "joker 2 mine"))
    page = draw(view)
    groups = group_actions(view.status["legal"])["mine"]
    for tile in groups:
        assert page.has_id(f"kh-tb-drawn-{tile}")
    if len(groups) == 1:  # a lone tile is kept by itself: its spaces are the clicks
        tile, spaces = next(iter(groups.items()))
        assert clicks(page) == sorted(f"mine {tile} {s}" for s in spaces)
    else:  # first a tile to keep (selected in the browser, never sent)
        assert clicks(page) == [] and {n.data["select"] for n in page.walk() if "select" in n.data} == {
            f"mine:{t}" for t in groups}
    view.show_step(2)
    assert clicks(draw(view)) == [], "looking back offers nothing"


@pytest.mark.slow
def test_a_guild_set_a_bot_to_move_watch_mode_and_the_final_score_are_drawn(monkeypatch):
    chooser = KHTable(KutnaHoraGame(None, 2, players=2), human=1)  # Player 2 chooses the guild set first
    page = draw(chooser)
    assert clicks(page) == ["guilds 1", "guilds 2"] and page.has_id("kh-tb-guildset-1")
    waiting = draw(KHTable(KutnaHoraGame(None, 2, players=2)))
    assert waiting.has_id("kh-tb-next") and clicks(waiting) == []
    watch = KHTable(human=None, seed=3, bots="random")
    assert draw(watch).has_id("kh-tb-play-to-end")
    watch.play_to_end()
    page = draw(watch)
    assert [page.by_id(f"kh-tb-total-{p}").all_text for p in range(2)] == [str(s) for s in watch.game.scores()]


def test_the_styles_use_only_the_games_prefix():
    static = pathlib.Path(table_module.__file__).parent / "static"
    for sheet, prefix in (("table.css", ".kh-tb-"), ("stands.css", ".kh-ps-"), ("mine_board.css", ".kh-mn-"),
                          ("town_board.css", ".kh-town-")):
        css = (static / sheet).read_text(encoding="utf-8")
        assert css in KHTable._css, sheet
        selectors = re.findall(r"(?m)^\s*([^@{}\s][^{}]*)\{", re.sub(r"/\*.*?\*/", "", css, flags=re.S))
        classes = [part for sel in selectors for part in re.split(r"\s*[, >]\s*", sel.strip()) if part]
        assert classes and all(c.startswith(prefix) or c in ("from", "to") or c.endswith("%") for c in classes), (
            sheet, classes)


@pytest.mark.slow
def test_importing_the_module_leaves_pandas_and_plotly_for_later():
    code = ("import sys, widgets.kutna_hora.table as t; assert t.KHTable; "
            "print('pandas' in sys.modules, 'plotly' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"
