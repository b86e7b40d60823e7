"""The review flags the mistakes a stronger bot sees: in each game id a planted mistake, named, in a game the greedy
bots play (seat 0 the learner), is found at its step with a better choice; the choice greedy made there instead is
not called a mistake."""

from __future__ import annotations

import pytest

from games import game_class
from games.core import Action
from games.core.bots import GreedyBot
from widgets.shared.coach import MISTAKE_GAP, review_report


def played_to(game_id: str, players: int, seed: int, step: int):
    """The game the greedy bots (seeded ``seed * 10 + seat``) play up to ``step`` decisions, and seat 0's choice
    there."""
    game = game_class(game_id)(None, seed, players=players)
    bots = [GreedyBot(seed * 10 + p) for p in range(players)]
    while len(game.history) < step:
        game.apply(bots[game.pending().player].choose(game))
    assert game.pending().player == 0
    return game, bots[0].choose(game)


#: (name, game id, players, seed, step, the planted action): positions found in greedy games where the mistake is
#: plain to a player who looks one turn ahead.
PLANTED = [
    ("passing with a winning move: the city for the 10th point, with the other player at 9, and the turn ended",
     "catan.base", 2, 13, 674, "end"),
    ("passing with a winning move: the city for the 13th point, with another player at 12, and the turn ended",
     "catan.cities_knights", 3, 16, 706, "end"),
    ("a wasted card: the build card played for no effect (idle) where it could build",
     "kutna_hora.game", 2, 1, 33, "idle 3"),
    ("an obviously bad build: a beer building on the last turn, which never pays back, instead of Income",
     "kutna_hora.economy", 2, 1, 22, "build beer"),
    ("a wasted card: the card's discard-to-resolve stopped, its two shield steps thrown away",
     "chartres.game", 2, 1, 55, "stop"),
]


@pytest.mark.slow
@pytest.mark.parametrize("name, game_id, players, seed, step, planted", PLANTED, ids=[p[1] for p in PLANTED])
def test_the_review_flags_the_planted_mistake_and_not_the_good_choice(name, game_id, players, seed, step, planted):
    position, good = played_to(game_id, players, seed, step)
    assert str(good) != planted and Action.parse(planted) in position.legal_actions()
    mistaken = position.clone()
    mistaken.apply(planted)
    found = review_report(mistaken, 0, steps=[step], seconds=600).mistakes
    assert [m.step for m in found] == [step], f"{name}: not flagged"
    mistake = found[0]
    assert mistake.played == planted and mistake.best != planted
    assert mistake.best_chance - mistake.played_chance >= MISTAKE_GAP
    if name.startswith("passing with a winning move"):
        after = position.clone()
        after.apply(mistake.best)
        assert after.is_terminal() and after.outcome().winners == (0,), "the better choice wins at once"
    well = position.clone()
    well.apply(good)
    assert review_report(well, 0, steps=[step], seconds=600).mistakes == [], f"greedy's {good} is no mistake"
