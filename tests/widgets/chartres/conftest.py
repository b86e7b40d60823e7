import comm
import pytest

from games import chartres
from games.core.bots import GreedyBot, RandomBot, play_out
from widgets.chartres import reveal_position


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)  # also beats pytest-ipywidgets' comm


def played(seed: int, bot: type) -> chartres.ChartresGame:
    """A whole 3-player game between bots of one kind, seeded."""
    game = chartres.new_game(players=3, seed=seed)
    play_out(game, [bot(seat) for seat in range(3)])
    return game


@pytest.fixture(scope="session")
def finished():
    """A whole 3-player game between greedy bots."""
    return played(4, GreedyBot)


@pytest.fixture(scope="session")
def varied():
    """A 3-player game between random bots in which Players 1 and 2 each have a matching and a non-matching reveal
    in rounds 1–3 of an era: the first such seed (random bots miss often; greedy ones hardly ever)."""
    for seed in range(40):
        game = played(seed, RandomBot)
        try:
            for seat in (0, 1):
                reveal_position(game, seat)
                reveal_position(game, seat, matched=False)
        except ValueError:
            continue
        return game
    pytest.fail("no seed 0–39 gives both kinds of reveal")
