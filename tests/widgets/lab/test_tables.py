"""The registry of tables (widgets.shared.tables): every game id opens in its own view, in watch mode, at a step."""

from __future__ import annotations

import comm
import pytest

from games import GAMES, game_class
from games.core.bots import make_bot
from widgets.shared.table import GameTable
from widgets.shared.tables import AT_STEP, TABLES, open_game, table_class

#: Decisions the bots play before a game is opened: enough for a middle step, short enough for a quick test.
DECISIONS = 40


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)


def played(game_id: str, decisions: int = DECISIONS):
    cls = game_class(game_id)
    game = cls(None, 3, players=max(cls.min_players, min(3, cls.max_players)))
    bots = {p: make_bot("random", 7 + p) for p in range(game.players)}
    for _ in range(decisions):
        decision = game.pending()
        if decision is None:
            break
        game.apply(bots[decision.player].choose(game))
    return game


def test_every_registered_game_has_a_view():
    assert set(TABLES) == set(GAMES)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_opens_in_its_own_view_at_a_middle_step(game_id):
    game = played(game_id)
    steps = len(game.history)
    middle = steps // 2
    assert 0 < middle < steps
    view = open_game(game, middle)
    assert isinstance(view, table_class(game_id))
    if game_id in AT_STEP:  # the price sandbox: its stands on the game as it was then
        assert view.stand.status["step"] == middle
        assert [str(a) for a in view.game.history] == [str(a) for a in game.history[:middle]]
        assert len(game.history) == steps  # the game given is left alone
        return
    assert isinstance(view, GameTable) and view.human is None  # watch mode
    assert view.game is game and view.status["view"] == middle and view.status["steps"] == steps
    assert view.status["live"] is False  # looking back through the time travel
    assert view.message.startswith(f"Looking back at step {middle} of {steps}")
    assert view.show_step(None) and view.status["view"] == steps  # the slider reaches the end of the game


def test_a_game_opens_at_its_end_without_looking_back():
    game = played("kardinal_koenig.cards", 12)
    view = open_game(game)
    assert view.status["live"] and view.status["view"] == 12
    assert open_game(game, 12).status["live"]


def test_bad_steps_and_non_games_are_refused_in_words():
    game = played("kardinal_koenig.cards", 5)
    with pytest.raises(ValueError, match="the game has steps 0 to 5, not 6"):
        open_game(game, 6)
    with pytest.raises(ValueError, match="not True"):
        open_game(game, True)
    with pytest.raises(TypeError, match="opens a game"):
        open_game("kardinal_koenig.cards")
    with pytest.raises(KeyError, match="games with one"):
        table_class("chess")


def test_a_table_can_name_the_bots_that_played():
    game = played("kardinal_koenig.cards", 6)
    assert open_game(game, 3, bots="random").catalog["bots"] == "random"
    assert open_game(game, 3).catalog["bots"] == "greedy"
