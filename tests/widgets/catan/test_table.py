"""The Catan table (widgets.catan.CatanTable, CKTable): intents in, state out, for the base game and Cities &
Knights; the panels of a known position as the engine counts them; hidden information; the barbarian attack's
announcement. The contracts every table keeps are in tests/widgets/test_every_table.py, every decision kind's clicks
in tests/widgets/test_every_choice.py."""

from __future__ import annotations

import json

import pytest

from games.catan.cities_knights import CKGame, barbarians
from games.catan.game import CatanGame
from tests.widgets.messages import click, picture, spy, updates
from tests.widgets.render import draw, explore
from widgets.catan import CatanTable, CKTable
from widgets.catan.boards import board_state
from widgets.catan.places import PlaceWords


def played(game, steps, pick=-1):
    """``game`` after ``steps`` decisions, each the ``pick``-th legal action (deterministic)."""
    while len(game.history) < steps and not game.is_terminal():
        game.apply(game.legal_actions().texts()[pick])
    return game


@pytest.mark.slow
def test_the_game_id_chooses_the_base_game_or_cities_and_knights():
    assert type(CatanTable(seed=1).game) is CatanGame
    ck = CatanTable(game_id="catan.cities_knights", seed=1)
    assert type(ck.game) is CKGame and ck.catalog["game_id"] == "catan.cities_knights" and ck.catalog["ck"]
    assert type(CKTable(seed=1).game) is CKGame and not CatanTable(seed=1).catalog["ck"]
    assert CKTable(seed=1, layout="beginner", meanies=True).game.config.meanies
    assert CKTable(seed=1).game.pending().player == 0, "the bots opened up to the human's decision"
    with pytest.raises(ValueError, match="game_id must be one of"):
        CatanTable(game_id="catan.seafarers")
    with pytest.raises(ValueError, match="brings its own"):
        CatanTable(CatanGame(None, 1, players=3), game_id="catan.cities_knights")


@pytest.mark.slow
def test_a_settlement_click_puts_it_on_the_board_and_the_bots_answer(monkeypatch, no_callback_errors):
    table = spy(CatanTable(players=3, seed=1), monkeypatch)
    node = int(table.status["legal"][0].split()[1])
    click(table, {"intent": "act", "action": f"settle {node}"})
    assert node in table.board["pieces"][0]["s"] and table.status["kind"] == "setup-road"
    page = draw(table)
    assert page.by_id(f"ct-board-settlement-{node}").data["seat"] == "0"
    roads = {n.data["action"] for n in page.walk() if n.data.get("legal") == "true"}
    assert roads == set(table.status["legal"]) and all(a.startswith("road ") for a in roads)
    click(table, {"intent": "act", "action": sorted(roads)[0]})
    assert table.message.startswith("Step") and "Player 2 (bot)" in table.message


def test_a_refused_place_says_why_and_changes_nothing(monkeypatch, no_callback_errors):
    table = spy(CatanTable(players=3, seed=1), monkeypatch)
    while table.status["kind"].startswith("setup") and not any(p["s"] for p in table.board["pieces"][1:]):
        assert table.act(table.status["legal"][0])
    taken = next(p["s"][0] for p in table.board["pieces"][1:] if p["s"])
    before = json.dumps(table.board)
    click(table, {"intent": "act", "action": f"settle {taken}"})
    assert table.message_kind == "error" and table.message.startswith("Not allowed:")
    assert json.dumps(table.board) == before and updates(table)


@pytest.mark.parametrize("intent", [{"intent": "act", "action": "robber 99"}, {"intent": "act", "action": "settle"},
                                    {"intent": "act", "action": "move 1"}, {"intent": "teach"}])
def test_nonsense_is_answered_with_a_message(intent, monkeypatch, no_callback_errors):
    table = spy(CKTable(seed=2), monkeypatch)
    steps = len(table.game.history)
    click(table, intent)
    assert table.message_kind == "error" and table.message.startswith(("Not allowed:", "Not understood:"))
    assert len(table.game.history) == steps


def test_another_seats_cards_never_reach_the_browser_unless_the_teacher_switch_is_on(monkeypatch):
    game = played(CKGame(None, 3, players=3), 300)
    table = spy(CKTable(game, human=game.pending().player), monkeypatch)
    me = table.human
    for seat, shown in enumerate(table.seats):
        mine = seat == me
        assert (shown["hand"]["cards"] is not None) == mine and (shown["hand"]["progress"] is not None) == mine
        assert shown["hand"]["total"] == game.observe(None)["players"][seat]["cards"]
    others = [s for s in range(3) if s != me and game.state.progress[s]]
    payload = json.dumps({n: getattr(table, n) for n in ("board", "seats", "panels", "status", "events")})
    for seat in others:  # a progress card in another hand is named nowhere (unless the same kind is public)
        public = set(game.observe(me)["players"][seat]["vp_cards"]) | {c for h in (table.seats[me]["hand"]["progress"],)
                                                                        for c in h}
        secret = [k for k in game.state.progress[seat]]
        from games.catan.cities_knights.state import KINDS
        hidden = {KINDS[k] for k in secret} - public
        assert not any(f'"{name}"' in payload for name in hidden), hidden
    table.teacher = True
    assert all(s["hand"]["cards"] is not None and s["hand"]["progress"] is not None for s in table.seats)
    assert table.status["game"]["teacher"] and "Teacher's view" in table.message
    table.teacher = False
    assert [s["hand"]["cards"] is not None for s in table.seats] == [s == me for s in range(3)]


@pytest.mark.slow
def test_the_base_games_victory_point_cards_stay_face_down_for_the_other_seats(monkeypatch):
    game = played(CatanGame(None, 2, players=3), 900, pick=0)
    table = CatanTable(game, human=game.pending().player)
    for seat, shown in enumerate(table.seats):
        assert ("victory point cards" in shown["sources"]) <= (seat == table.human)
        if seat != table.human:
            assert shown["hand"]["development"] is None and shown["hand"]["vp_cards"] is None


@pytest.mark.slow
def test_the_panels_of_a_known_position_are_the_engines_numbers():
    game = played(CKGame(None, 4, players=3), 500)
    table = CKTable(game, human=game.pending().player)
    b = table.panels["barbarian"]
    s = game.state
    assert b["position"] == s.barbarian and b["steps"] == 7 and b["attacks"] == s.attacks
    assert b["strength"] == barbarians.strength(game) == sum(c.bit_count() for c in s.cities)
    assert b["per_seat"] == [barbarians.knight_strength(game, q, s.active[q]) for q in range(3)]
    assert b["defence"] == sum(b["per_seat"])
    assert (table.panels["red"], table.panels["yellow"]) == (s.red, s.yellow)
    for seat, shown in enumerate(table.seats):
        assert shown["points"] == game.observe(None)["players"][seat]["points"]
        assert sum(shown["sources"].values()) == sum(game.point_sources(seat).values())
        levels = s.levels[seat * 3:seat * 3 + 3]
        assert shown["levels"] == dict(zip(("politics", "science", "trade"), levels, strict=True))
    assert table.board == board_state(game, game.observe(table.human), table.catalog["geometry"]["numbers"])
    page = draw(table)
    assert page.by_id("ct-barbarian-track").data["position"] == str(s.barbarian)
    assert f"strength {b['strength']} (cities) against defence {b['defence']}" in page.by_id("ct-versus").all_text
    assert page.by_id("ct-die-red").data["value"] == str(s.red)
    for seat in range(3):
        for t, track in enumerate(("politics", "science", "trade")):
            assert page.by_id(f"ct-dev-{seat}-{track}").data["level"] == str(s.levels[seat * 3 + t])
    cat = table.catalog["ck"]
    assert cat["red_faces"] == [[1, 2], [1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6]]
    assert cat["level_cost"] == [1, 2, 3, 4, 5] and cat["ability_level"] == 3 and cat["metropolis_level"] == 4


@pytest.mark.slow
def test_a_barbarian_attack_is_announced_with_its_arithmetic(monkeypatch):
    table = spy(CKTable(seed=1, bots="random"), monkeypatch)
    for _ in range(3000):
        if table.game.is_terminal() or table.status["game"]["attack"]:
            break
        table.act(table.status["legal"][-1])
    attack = table.status["game"]["attack"]
    assert attack and attack[0].startswith("The barbarians' strength is") and "defence is" in attack[1]
    assert "Barbarian attack! The barbarians' strength is" in table.message
    assert draw(table).by_id("ct-last-attack").all_text == "last attack: " + " ".join(attack)


@pytest.mark.slow
def test_a_knights_move_is_two_clicks_the_first_selects(monkeypatch):
    from tests.widgets.positions import first_positions
    position = next(p for p in first_positions("catan_ck")["main"] if "move" in p.verbs)
    table = spy(CKTable(position.game.clone(), human=position.seat), monkeypatch)
    seen = explore(table)
    moves = {a for a in table.status["legal"] if a.startswith("move ")}
    via_selection = {a for c in seen.clicks if c.select and not c.listed for a in c.actions}
    assert moves and moves <= via_selection
    direct = {a for c in seen.clicks if not c.select and not c.listed for a in c.actions}
    assert not moves & direct, "a move needs its knight first"


@pytest.mark.slow
def test_a_knight_picked_then_a_corner_it_cannot_reach_says_why_in_place_words(monkeypatch):
    """After a knight is picked, a corner it cannot reach is not silent and its refusal names no index."""
    from tests.widgets.catan.test_place_words import RAW_ID
    from tests.widgets.positions import first_positions
    position = next(p for p in first_positions("catan_ck")["main"] if "move" in p.verbs)
    table = spy(CKTable(position.game.clone(), human=position.seat), monkeypatch)
    knight = next(a.split()[1] for a in table.status["legal"] if a.startswith("move "))
    after = table.status["choices"]["tries_after"][f"node:{knight}"]
    reach = {a.split()[2] for a in table.status["legal"] if a.startswith(f"move {knight} ")}
    assert after and not {key.split(":")[1] for key in after} & reach
    refused = sorted(after.values())[:5]
    seen = explore(table)
    sent = {a for c in seen.clicks if c.select == f"node:{knight}" and c.legal == "false" for a in c.actions}
    assert set(refused) <= sent, "the board sends them once the knight is picked"
    for action in refused:
        click(table, {"intent": "act", "action": action})
        assert table.message_kind == "error" and table.message.startswith("Not allowed: ")
        assert not RAW_ID.search(table.message), table.message


def test_the_inventors_two_hexes_are_clicked_in_either_order():
    from widgets.catan.choices import plan
    from widgets.catan.places import PlaceWords
    made = plan(["swap 2 9", "swap 2 11", "swap 9 11"], {"swap": "swap HEX HEX"},
                PlaceWords(["forest"] * 19, [3] * 19)).to_json()
    paths = sorted((c["action"], tuple(c["places"])) for c in made["each"])
    assert ("swap 2 9", ("hex:9", "hex:2")) in paths and ("swap 2 9", ("hex:2", "hex:9")) in paths
    assert made["tries_after"]["hex:9"]["hex:0"] == "swap 0 9", "an unswappable hex sends the lower hex first"


def test_the_opening_message_speaks_of_knights_only_in_cities_and_knights(monkeypatch):
    base, ck = CatanTable(players=3, seed=2), CKTable(players=3, seed=2)
    assert "knight" not in base.message and "knight" not in base.click_hint
    assert "click the knight (⚔) first" in ck.click_hint


def test_a_refusal_names_places_as_the_board_does(monkeypatch, no_callback_errors):
    from tests.widgets.catan.test_place_words import RAW_ID
    table = spy(CatanTable(players=3, seed=1), monkeypatch)
    assert table.act(table.status["legal"][0])  # a settlement: now its road, next to it only
    far = next(key for key in table.status["choices"]["tries"] if key.startswith("edge:"))
    click(table, {"intent": "act", "action": table.status["choices"]["tries"][far]})
    assert table.message.startswith("Not allowed: in the set-up the road goes next to the settlement just placed "
                                    "(at the corner of ")
    assert not RAW_ID.search(table.message), table.message


@pytest.mark.slow
def test_an_offer_the_learner_holds_none_of_the_cards_for_is_declined_for_them(monkeypatch):
    """Most of a learner's decisions on the play page were declining bots' offers, often with "decline" the only
    button: a decision the rules leave one choice in is played for them, and the message says so. It is not their
    decision: review and undo know it."""
    from games.core.bots import GreedyBot
    table = spy(CatanTable(players=4, seed=0), monkeypatch)
    me = GreedyBot(99)
    for _ in range(600):
        if table.game.is_terminal() or "(you, the only choice): decline the offer" in table.message:
            break
        decision = table.game.pending()
        assert decision.kind != "answer" or len(table.status["legal"]) > 1, "a decline-only answer reached the learner"
        assert table.act(str(me.choose(table.game)))
    assert "Player 1 (you, the only choice): decline the offer" in table.message, table.message
    history, deciders = [str(a) for a in table.game.history], table._deciders()
    start = table._clicks[-1][0]  # the learner's last click: the forced decline came after it, among the bots'
    forced = [i for i in range(start + 1, len(history)) if deciders[i] == 0 and history[i] == "decline"]
    assert forced and not set(forced) & set(table._my_steps()), "a review looks at the learner's own decisions"
    assert table.undo() and len(table.game.history) == start, "undo takes it back with the bots' decisions"


def test_watch_mode_shows_every_seat_as_counts(monkeypatch):
    table = CKTable(seed=1, human=None)
    assert all(s["hand"]["cards"] is None for s in table.seats) and table.status["legal"] == []


@pytest.mark.slow
def test_buttons_that_name_a_player_say_which_seat(monkeypatch):
    from tests.widgets.positions import first_positions
    position = first_positions("catan")["steal"][0]
    table = CatanTable(position.game.clone(), human=position.seat)
    labels = {c["action"]: c.get("words", c["action"]) for c in table.status["choices"]["each"]}
    assert set(labels) == set(table.status["legal"]) and all(a.startswith("steal ") for a in labels)
    for action, words in labels.items():
        n = int(action.split()[1])
        assert words.startswith(f"steal a card from Player {n} (") and table.catalog["seat_names"][n - 1] in words
    page = draw(table)
    assert {n.text for n in page.walk() if n.data.get("intent") == "act" and "bg-button--action" in n.classes} \
        == set(labels.values())


@pytest.mark.slow
def test_a_level_three_improvement_shows_its_ability():
    from tests.widgets.positions import first_positions
    position = first_positions("catan_ck")["aqueduct"][0]  # the Aqueduct: science level 3 at least
    game = position.game.clone()
    table = CKTable(game, human=position.seat)
    page = draw(table)
    s = game.state
    assert page.has_id(f"ct-ability-{position.seat}-science")
    assert "the Aqueduct" in page.by_id(f"ct-ability-{position.seat}-science").all_text
    for seat in range(game.players):
        for t, track in enumerate(("politics", "science", "trade")):
            assert page.has_id(f"ct-ability-{seat}-{track}") == (s.levels[seat * 3 + t] >= 3)


def words_shown(table) -> dict[str, list[str]]:
    """The place words the browser shows: the position's own when the board sends them, else the geometry's."""
    return table.board["words"] or table.catalog["geometry"]["words"]


def assert_words_name_the_tokens_drawn(table) -> None:
    drawn = PlaceWords(table.catalog["geometry"]["terrain"], table.board["numbers"]).all
    assert words_shown(table) == drawn
    assert table.board["numbers"] == list(table.game.state.numbers)


@pytest.mark.slow
def test_after_the_inventor_swaps_tokens_every_place_is_named_by_its_token_also_after_undo(monkeypatch):
    """Issue 36: the board named places by the engine's layout (a cache it refreshes when it reads its tables), so
    once the bots had rolled, hex 2 showed token 3 and its tooltip said 'hills 11'; after an undo the words were out
    of date, and a refused intent could change the picture."""
    from tests.widgets.positions import first_positions
    position = first_positions("catan_ck")["inventor"][0]
    table = spy(CKTable(position.game.clone(), human=position.seat, bots="random"), monkeypatch)
    printed = list(table.board["numbers"])
    swap = table.status["legal"][0]
    a, b = (int(h) for h in swap.split()[1:])
    assert table.act(swap), table.message
    assert table.board["numbers"][a] == printed[b] and table.board["numbers"][b] == printed[a]
    assert_words_name_the_tokens_drawn(table)
    assert f"{table.catalog['geometry']['terrain'][a]} {printed[b]}" == words_shown(table)["hex"][a]
    assert table.act("end"), table.message  # the bots roll: the engine reads its tables for production
    assert len(table.game.history) > len(position.game.history) + 2
    assert_words_name_the_tokens_drawn(table)
    assert table.game.tables  # the engine may refresh its layout cache at any read: the picture must not follow it
    before = picture(table)
    for refused in ("swap 0 14", "settle 60", "nonsense"):
        assert not table.act(refused)
        assert table.game.tables
        assert picture(table) == before, refused
    click(table, {"intent": "view_step", "step": "x"})
    assert picture(table) == before
    while len(table.game.history) > len(position.game.history):  # back before the swap: the printed tokens
        assert table.undo(), table.message
        assert_words_name_the_tokens_drawn(table)
    assert table.board["numbers"] == printed
    before = picture(table)  # the engine's layout cache still holds the swapped tokens here
    assert table.game.tables
    assert not table.act("settle 60") and picture(table) == before
