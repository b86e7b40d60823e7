"""The Chartres table without a browser: what only this game's table shows (the contracts every table keeps are in
tests/widgets/test_every_table.py): its boards and seats, the secret plays, rounds, and the payload of a whole game."""

from __future__ import annotations

import json
import re

import pytest

from games.chartres import BANNER, ChartresGame
from games.core import Rng
from tests.widgets.chartres.frontend import own_classes, own_js
from tests.widgets.messages import click, spy, updates, whole_log_shown
from widgets.chartres import ChartresTable, reveal_position, score_history
from widgets.chartres.table import group_actions, ungroup_actions
from widgets.shared.palette import seat_colours, seat_names

#: Bytes of one sync message after a click. Measured over 8 games (3 and 4 players, greedy and random bots):
#: mean 3.0–3.9 KB, largest 6.8 KB (test_every_step_syncs_in_one_small_message prints the figures).
PAYLOAD_LIMIT = 8192
#: The table's own catalogue (cards, locations, tiles, cellars, printed boards), sent once per game: 8.5 KB. The
#: driver adds every rule's section and words for the event log (15.4 KB), measured apart.
CATALOG_LIMIT = 16384
RULES_LIMIT = 16384
SYNCED = ("catalog", "board", "seats", "status", "events", "message", "message_kind", "message_seq")


# ---------------------------------------------------------------------- harness
@pytest.fixture
def table(monkeypatch):
    return spy(ChartresTable(seed=3), monkeypatch)  # seed 3: Player 1 (the human) decides last in the setup


def synced(widget):
    """Everything the browser holds of this widget, as JSON text carries it."""
    return json.loads(json.dumps(widget.get_state(list(SYNCED))))


def frozen(widget):
    """The synced game picture without the message line (what a refused intent must leave alone)."""
    return json.dumps([widget.board, widget.seats, widget.status, widget.events], sort_keys=True)


def offered(widget):
    """The human's legal actions as the view offers them: grouped by what they name (the texts, sorted, again)."""
    texts = ungroup_actions(widget.status["game"]["actions"])
    assert texts == widget.status["legal"], "the grouped actions are the driver's legal actions"
    return texts


def play_one_human_decision(widget, pick=0):
    before = [str(a) for a in widget.game.history]
    action = offered(widget)[pick]
    assert widget.act(action), widget.message
    return before, action


def shown(widget, game):
    """What the table would sync for ``game`` (its own state and the driver's status), as seat ``widget.human``."""
    return {**widget.table_state(game, True), "driver": widget.status_of(game, True)}


# ---------------------------------------------------------------------- what it shows
def test_a_new_table_lets_the_bots_open_until_the_human_decides(table):
    game = table.game
    assert game.players == 3 and table.human == 0
    assert game.state.initiative[-1] == 0 and len(game.history) == 6  # two bots chose their 3 starting cards
    assert game.pending().player == 0 and table.status["your_turn"] and table.status["kind"] == "setup-row"
    assert offered(table) == game.legal_actions(0).texts() == table.status["legal"]
    assert table.status["game"]["actions"]["row"] == sorted(game.state.hand[0])
    assert table.status["prompt"] == game.pending().prompt
    assert "bots opened" in table.message and "a starting card (secret)" in table.message
    assert table.message.startswith("You are Player 1 (red).")  # the shared palette: seat 0 is red
    assert table.catalog["banner"] == BANNER and len(table.catalog["cards"]) == 60
    assert len(table.catalog["windows"]) == 9 and len(table.catalog["status"]) == 9 and len(table.catalog["cross"]) == 4
    assert table.catalog["paths"] == ["warehouse", "townhall"]
    assert table.catalog["seat_colours"] == seat_colours(3) and table.catalog["seat_names"] == seat_names(3)


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


def test_a_matching_pair_lights_up_and_the_activated_card_is_marked(varied, monkeypatch):
    position = reveal_position(varied, 0)
    seat = spy(ChartresTable(position), monkeypatch).seats[0]
    card = position.activated(0)
    assert card and seat["activated"] == card
    k = seat["row"].index(card) + 1
    assert k in seat["lit"]
    under = seat["act"][k - 1]
    assert position.parts.cards[under].colour == position.parts.cards[card].colour


def test_a_bot_to_move_waits_and_acting_for_it_is_refused(monkeypatch):
    game = ChartresGame(None, 2, players=3)  # Player 3 chooses first
    view = spy(ChartresTable(game), monkeypatch)
    assert view.status["bot_to_move"] and offered(view) == []
    picture = frozen(view)
    for action in game.legal_actions().texts()[:2]:
        click(view, {"intent": "act", "action": action})  # legal for the bot, not the human's decision
        assert view.message_kind == "error" and "Player 3's decision (a bot)" in view.message
        assert "click 'bots move'" in view.message
    assert game.history == [] and frozen(view) == picture
    click(view, {"intent": "next"})
    assert game.pending().player == 0 and view.status["your_turn"]
    assert offered(view) == game.legal_actions(0).texts()


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
    assert view.status["prompt"].endswith(f"with {max(game.scores())} IP.")
    assert [row[-1] for row in view.board["final"]] == list(game.scores())
    assert list(view.score_frame()["total"]) == list(game.scores())
    assert list(score_history(game).iloc[-1]) == list(game.scores())
    assert game.invariant_breaks() == []


def test_activate_is_offered_as_cards_with_their_free_positions(table):
    while table.game.pending().kind != "commit-act":
        play_one_human_decision(table)
    groups = table.status["game"]["actions"]
    me = table.game.observe(0)["seats"][0]
    free = [k + 1 for k, c in enumerate(me["act"]) if not c] + [len(me["row"]) + 1]
    assert set(groups["activate"]) == set(me["hand"]) and all(v == free for v in groups["activate"].values())
    assert me["commit"][0] and table.seats[0]["commit"] == me["commit"]
    card, slots = next(iter(groups["activate"].items()))
    steps = len(table.game.history)
    assert table.act(f"activate {slots[-1]} {card}")
    assert str(table.game.history[steps]) == f"activate {slots[-1]} {card}" and len(table.game.history) > steps + 1


@pytest.mark.slow
def test_with_a_card_picked_a_taken_position_says_why_not(table, no_callback_errors):
    """A card picked to go under the activation row, a click on a position that holds a card already sends its action
    all the same (drawn as refused, not highlighted) and the rules say the position is taken."""
    from tests.widgets.render import explore

    def taken(widget):
        return [k + 1 for k, c in enumerate(widget.game.state.act[0]) if c]

    for _ in range(200):  # the first face-down play under the row once a position holds a card
        if table.game.pending().kind == "commit-act" and taken(table):
            break
        play_one_human_decision(table, pick=-1)
    else:
        pytest.fail("no commit-act decision with a taken position in 200 decisions")
    seen = explore(table)
    card = table.game.state.hand[0][0]
    for k in taken(table):
        clicks = [c for c in seen.clicks if c.select == f"hand:{card}" and c.testid == f"ch-act-0-{k}"]
        assert [c.actions for c in clicks] == [[f"activate {k} {card}"]] and clicks[0].legal == "false", clicks
        picture = frozen(table)
        click(table, {"intent": "act", "action": f"activate {k} {card}"})
        assert table.message == (f"Not allowed: position {k} of your activation row is taken: a card lies face down "
                                 "under it already") and frozen(table) == picture


def test_grouped_actions_round_trip_to_the_texts():
    texts = ["activate 2 a05", "activate 4 a05", "activate 4 a11", "bonus b03", "discard a12", "draw", "location l06",
             "pass", "path townhall", "pour red", "row a01", "stop"]
    groups = group_actions(texts)
    assert groups["activate"] == {"a05": [2, 4], "a11": [4]} and groups["buttons"] == ["draw", "pass", "stop"]
    assert groups["location"] == ["l06"] and groups["path"] == ["townhall"] and groups["pour"] == ["red"]
    assert ungroup_actions(groups) == sorted(texts)


# ---------------------------------------------------------------------- intents in, state out
#: Actions the shared contract (tests/widgets/test_every_table.py) does not send: words missing or too many, another
#: step's verb, words that name nothing; and intents it does not send.
NONSENSE_ACTIONS = ("row", "row a01 a02", "location l06", "activate one a01", "fly to the moon", "pour wine", "   ")
NONSENSE = [*({"intent": "act", "action": a} for a in NONSENSE_ACTIONS), {"intent": "play_rounds", "rounds": "two"},
            {"intent": "play_rounds", "rounds": 13}, {"intent": "undo"}, 42]  # undo: nothing of the human's yet


def test_chartres_nonsense_is_a_readable_message_and_changes_nothing(table, no_callback_errors):
    history, picture = list(table.game.history), frozen(table)
    for intent in NONSENSE:
        click(table, intent)
        said = table.message
        assert table.message_kind == "error" and said.startswith(("Not understood:", "Not allowed:")), (intent, said)
        assert not re.search("Traceback|Something went wrong", said), said
        assert (table.game.history, frozen(table), table.status["live"]) == (history, picture, True), intent


def test_an_illegal_card_is_refused_with_the_engines_reason(table, no_callback_errors):
    picture = frozen(table)
    not_mine = next(c for c in table.game.parts.cards if c not in table.game.state.hand[0])
    click(table, {"intent": "act", "action": f"row {not_mine}"})
    assert table.message == f"Not allowed: {not_mine} is not a card in your hand"
    assert frozen(table) == picture and updates(table), "the refusal reaches the browser"


# ---------------------------------------------------------------------- undo, reset, time travel
def test_undo_walks_back_one_human_decision_at_a_time(table, no_callback_errors):
    turns = [play_one_human_decision(table) for _ in range(6)]  # into round 1: setup row, location, plays
    assert len(table.game.history) > len(turns[-1][0]) + 1, "the bots decided after the human"
    for before, action in reversed(turns):
        click(table, {"intent": "undo"})
        assert [str(a) for a in table.game.history] == before and table.status["your_turn"]
        assert table.message.startswith(f"Took back your '{action}'")
    assert table.undo() is False and "not decided anything yet" in table.message


def test_reset_shows_the_same_opening_again(table, no_callback_errors):
    opening = list(table.game.history)
    picture = frozen(table)
    play_one_human_decision(table)
    click(table, {"intent": "reset"})
    assert table.game.history == opening and table.message.startswith("New game.")
    assert table.status["undo"] == "reset", "undo now brings back the game before the reset"
    table.status = {**table.status, "undo": "move"}  # the opening's picture, but for what undo would take back
    assert frozen(table) == picture


@pytest.mark.slow
def test_time_travel_shows_the_past_read_only_and_comes_back(table, no_callback_errors):
    for _ in range(4):
        play_one_human_decision(table)
    game = table.game
    steps = len(game.history)
    past = table.table_state(game.at(3), live=False)
    click(table, {"intent": "view_step", "step": 3})
    assert (table.board, table.seats) == (past["board"], past["seats"])
    assert {k: table.status[k] for k in ("view", "steps", "live", "your_turn")} == \
        {"view": 3, "steps": steps, "live": False, "your_turn": False}
    assert offered(table) == []
    assert table.events == [[e.step, e.text, e.rule] for e in game.at(3).log if e.step == 2], \
        "the events of the decision that led to step 3"
    click(table, {"intent": "act", "action": game.legal_actions().texts()[0]})
    refusals = [(False, table.message_kind, table.message)]
    refusals += [(verb(), table.message_kind, table.message) for verb in (table.bots_move, table.play_to_end,
                                                                          table.play_rounds)]
    assert all(done is False and kind == "error" for done, kind, _ in refusals) and len(game.history) == steps
    assert "read-only" in refusals[0][2] and all("looking back" in said for _, _, said in refusals[1:])
    click(table, {"intent": "view_step", "step": None})
    assert table.status["live"] and table.status["view"] == steps and table.status["your_turn"]
    assert table.seats == table.table_state(game, True)["seats"]


def test_step_zero_is_the_setup_and_its_rows_stay_secret(table):
    assert table.show_step(0) and table.status["view"] == 0
    assert all(e[0] == -1 for e in table.events) and any(e[2] == "setup.deal" for e in table.events)
    assert table.seats[1]["row"] is None, "the other starting rows are secret at the setup, looked back at too"
    assert table.board["torch_order"] is None


def test_the_event_log_holds_the_humans_decision_and_the_bots_after_it(table):
    """Every event's rule and its words in the catalogue: the shared contract; here which events a step shows."""
    assert table.play_rounds(1)
    start = len(table.game.history)
    play_one_human_decision(table)
    logged = [[e.step, e.text, e.rule] for e in table.game.log if e.step >= start]
    assert table.events == logged and len({step for step, _, _ in logged}) > 1, "the human's and the bots' after it"
    assert all(text and rule in table.catalog["rules"] for _, text, rule in logged)


@pytest.mark.slow
def test_the_newest_events_are_the_ones_kept(table):
    table.play_to_end()
    assert whole_log_shown(table)[-1][2] == "final.winner"


# ---------------------------------------------------------------------- bots, rounds, watch mode
def test_two_rounds_played_by_the_bots_stop_at_the_humans_decision_in_round_3(table, no_callback_errors):
    game = table.game
    click(table, {"intent": "play_rounds", "rounds": 2})
    assert (game.state.era, game.state.round) == (1, 3) and game.pending().player == 0  # 2 rounds begun after 1
    assert table.status["your_turn"] and "yours included" in table.message and "now era 1, round 3" in table.message
    assert 0 in table._deciders(), "the human's seat was played by its bot"
    assert table.play_rounds(12) and game.is_terminal() and table.play_rounds() is False


def test_watch_mode_shows_the_public_view_and_ends_with_the_final_scoring(monkeypatch, no_callback_errors):
    """Watch mode's verbs are the shared contract's (tests/widgets/test_every_table.py); here what it shows."""
    view = spy(ChartresTable(human=None, seed=3, bots="random"), monkeypatch)
    assert offered(view) == [] and all(seat["hand"] is None and seat["commit"] is None for seat in view.seats)
    click(view, {"intent": "play_to_end"})
    assert view.status["over"] and [row[-1] for row in view.board["final"]] == list(view.game.scores())


def test_play_to_end_plays_the_human_seat_too(table):
    assert table.play_to_end()
    assert table.game.is_terminal() and 0 in table._deciders()
    assert offered(table) == [] and table.act("draw") is False and "game is over" in table.message


def test_another_game_of_four_redraws_four_seats(table):
    other = ChartresGame(None, 9, players=4)
    table.game = other
    assert len(table.seats) == 4 and table.catalog["players"] == 4 and len(table.catalog["seat_colours"]) == 4


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


@pytest.mark.slow
@pytest.mark.parametrize("seed, players, human", [(0, 3, 0), (1, 4, 2), (2, 2, 1)])
def test_the_synced_state_never_carries_another_seats_hidden_cards(monkeypatch, seed, players, human):
    view = spy(ChartresTable(players=players, seed=seed, human=human, bots="random"), monkeypatch)
    game, rng, checked = view.game, Rng(50 + seed), 0
    public: set[str] = set()  # cards every seat has seen: in a row, or discarded
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
        assert shown(view, _hide_differently(game, human, len(game.history))) == shown(view, game)
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


# ---------------------------------------------------------------------- payload
def test_every_step_syncs_in_one_small_message(monkeypatch, capsys):
    sizes = []
    for seed, players, bots in ((0, 3, "greedy"), (1, 4, "random")):
        view = spy(ChartresTable(players=players, seed=seed, bots=bots), monkeypatch)
        rng = Rng(seed)
        assert len(json.dumps(view.make_catalog(view.game))) <= CATALOG_LIMIT
        assert len(json.dumps(view.catalog["rules"])) <= RULES_LIMIT
        while not view.game.is_terminal():
            view.outbox.clear()
            legal = offered(view)
            click(view, {"intent": "act", "action": legal[rng.below(len(legal))]})
            sent = updates(view)
            assert len(sent) == 1 and "catalog" not in sent[0]["state"]
            sizes.append(len(json.dumps(sent[0])))
    with capsys.disabled():
        print(f"\nChartresTable sync bytes per human step: mean {sum(sizes) / len(sizes):.0f}, max {max(sizes)}, "
              f"{len(sizes)} steps; catalog once: {len(json.dumps(view.catalog))} (the table's own "
              f"{len(json.dumps(view.make_catalog(view.game)))})")
    assert max(sizes) <= PAYLOAD_LIMIT


# ---------------------------------------------------------------------- front end and imports
def test_the_front_end_draws_every_board_with_its_test_hooks_and_prefix():
    js, css = ChartresTable._esm, ChartresTable._css
    for module in ("cards", "rows", "cellar", "main_board", "player_board", "table"):
        assert f"// ---- chartres/static/{module}.js" in js, module
    assert not re.search(r"\bimport\b.*https?://", js), "no CDN imports"
    assert 'actionBar(model, status, catalog, "ch",' in js, "the prompt, choices and message line: the runtime's bar"
    for hook in ("ch-banner", "ch-card-${cid}", "ch-slot-${k}", "ch-location-${lid}",
                 "ch-tile-${tid}", "ch-button-", "ch-ip-${p}", "ch-rep-${p}", "ch-citizens-${p}", "ch-row-${p}",
                 "ch-act-${p}-${k}", "ch-cathedral-${p}", "ch-window-${p}-", "ch-cross-${p}", "ch-status-${p}",
                 "ch-cellar-${p}", "${id}-space-${k}", "ch-path-${name}", "ch-scores", "ch-seat-${p}", "ch-turn"):
        assert hook in js, hook
    assert '"ch"' in js and 'tools: { rounds: true, toEnd: true }' in js, "the runtime's buttons, in its bar"
    assert "model.send" not in own_js(js, "chartres/static/cards.js"), "intents go through the runtime"
    classes = own_classes(css, "chartres/static/cards.css")
    assert classes and all(c.startswith(".ch-") for c in classes), classes
