"""The Catan lessons' sandboxes: clicks (intents) in, the engine's numbers out; refused places change nothing."""

import pytest

from games.catan.board import NODE_NEIGHBOURS
from widgets.catan import odds
from widgets.catan.sandbox import AttackSandbox, DevelopmentSandbox, PlacementSandbox


def pick(view, index, kind="node"):
    return view.handle_intent({"intent": "pick", "kind": kind, "index": index})


def test_a_click_on_an_intersection_shows_its_yield(no_callback_errors):
    sandbox = PlacementSandbox(seed=1)
    assert pick(sandbox.board, 17) and sandbox.picked == [17]
    assert "8 in 36 rolls" in sandbox.board.message and sandbox.board.marks == {"node": [17]}
    sandbox.building.value = "city"
    assert "16 in 36 rolls" in sandbox.detail.value
    assert sandbox.pick(31).startswith("A city at 31")
    assert list(sandbox.frame().index) == [17, 31]
    assert sandbox.frame().loc[31, "city: per 36 rolls"] == odds.cards_per_36(sandbox.game, 31, "city")


def test_the_placement_board_refuses_nonsense(no_callback_errors):
    sandbox = PlacementSandbox(seed=1)
    assert not pick(sandbox.board, 99) and sandbox.board.message_kind == "error"
    assert not pick(sandbox.board, 3, kind="hex") and not sandbox.picked
    assert not sandbox.board.handle_intent({"intent": "pick", "kind": "node"})
    with pytest.raises(ValueError):
        sandbox.pick(54)
    sandbox.pick(17)
    sandbox.clear()
    assert sandbox.picked == [] and sandbox.compare.value == ""


def test_cities_and_knights_change_the_attack(no_callback_errors):
    sandbox = AttackSandbox(players=3)
    assert sandbox.place(17, "city", 0) and sandbox.place(31, "city", 1)
    assert sandbox.outcome().pillaged == (0, 1)
    assert sandbox.place(22, "strong knight", 0)
    assert sandbox.outcome().defence == 0  # placed inactive: it does not fight
    assert sandbox.place(22, "activate")
    attack = sandbox.outcome()
    assert attack.holds and attack.defender == 0 and "Defender" in sandbox.result.value
    sandbox.undo()
    assert not sandbox.outcome().holds
    sandbox.reset()
    assert sandbox.outcome().strength == 0


def test_the_attack_board_takes_clicks_with_the_chosen_seat_and_piece(no_callback_errors):
    sandbox = AttackSandbox(players=3)
    sandbox.seat.value, sandbox.piece.value = 2, "city"
    assert pick(sandbox.board, 40) and sandbox.game.state.cities[2]
    assert "lose" in sandbox.board.message and "city at 40" in sandbox.status.value


def test_only_the_places_the_chosen_piece_may_go_are_live(no_callback_errors):
    sandbox = AttackSandbox(players=3, cities={0: [17]})
    assert "node:17" not in sandbox.board.offers and f"node:{NODE_NEIGHBOURS[17][0]}" not in sandbox.board.offers
    assert not pick(sandbox.board, 17) and sandbox.board.message_kind == "error"
    sandbox.piece.value = "activate"
    assert sandbox.board.offers == {}                      # no knight yet
    sandbox.piece.value = "basic knight"
    assert pick(sandbox.board, 22)
    sandbox.piece.value = "activate"
    assert list(sandbox.board.offers) == ["node:22"] and pick(sandbox.board, 22)
    assert sandbox.outcome().defence == 1 and sandbox.board.offers == {}


@pytest.mark.parametrize("node, piece, seat, why", [
    (17, "city", 1, "distance rule"), (NODE_NEIGHBOURS[17][0], "city", 1, "distance rule"),
    (17, "basic knight", 1, "taken"),
    (5, "activate", 0, "no knight"), (5, "castle", 0, "puts one of"), (60, "city", 0, "0 to 53"),
    (5, "city", 7, "seats")])
def test_a_refused_place_changes_nothing_and_says_why(node, piece, seat, why):
    sandbox = AttackSandbox(players=3, cities={0: [17]})
    before = sandbox.game.state.copy()
    assert not sandbox.place(node, piece, seat)
    assert why in sandbox.status.value and sandbox.game.state == before


def test_a_seat_has_two_knights_of_a_level():
    sandbox = AttackSandbox(players=3)
    assert sandbox.place(5, "mighty knight", 0) and sandbox.place(9, "mighty knight", 0)
    assert not sandbox.place(20, "mighty knight", 0) and "both" in sandbox.status.value


@pytest.mark.slow
def test_the_development_board_follows_the_metropolis_race():
    sandbox = DevelopmentSandbox(players=3)
    for _ in range(4):
        assert sandbox.improve(0, "politics")
    assert "first to build level 4" in sandbox.status.value
    for _ in range(5):
        assert sandbox.improve(1, "politics")
    assert "before Player 1" in sandbox.status.value and sandbox.game.state.metro_owner[0] == 1
    frame = sandbox.frame()
    assert frame.loc["Player 2", "metropolises"] == "politics" and "1/6/roll" in frame.loc["Player 2", "politics"]
    assert not sandbox.improve(1, "politics") and "complete" in sandbox.status.value
    for _ in range(3):
        sandbox.improve(1, "trade")
    assert not sandbox.improve(1, "trade") and "metropolis.one-city" in sandbox.status.value
    sandbox.undo()
    assert sandbox.game.state.levels[1 * 3 + 2] == 2
    sandbox.reset()
    assert sum(sandbox.game.state.levels) == 0 and sandbox.lines == []


def test_the_development_board_refuses_nonsense():
    sandbox = DevelopmentSandbox(players=3)
    assert not sandbox.improve(5, "science") and "seats" in sandbox.status.value
    assert not sandbox.improve(0, "magic") and "tracks" in sandbox.status.value
    lonely = DevelopmentSandbox(players=3, cities={0: [17]})
    assert not lonely.improve(1, "science") and "needs a city" in lonely.status.value


@pytest.mark.slow
def test_the_development_board_keeps_the_one_city_rule_when_the_metropolis_is_taken():
    """Level 4 of another track waits for a second city even when another seat already holds that metropolis
    (metropolis.one-city): the sandbox asks the engine, it does not repeat an older check of its own."""
    sandbox = DevelopmentSandbox(players=3, cities={0: [17], 1: [40]})
    for _ in range(4):
        assert sandbox.improve(1, "trade")           # Player 2 holds the trade metropolis
    for _ in range(4):
        assert sandbox.improve(0, "politics")        # Player 1's only city takes the politics metropolis
    assert bin(sandbox.game.state.cities[0]).count("1") == 1
    for _ in range(3):
        assert sandbox.improve(0, "trade")
    assert not sandbox.improve(0, "trade") and "decision.ck-level-four" in sandbox.status.value
    assert sandbox.game.state.levels[0 * 3 + 2] == 3   # trade is the third track
