"""Cities & Knights hidden-information twins (issue 13): a redeal of what a seat cannot see - the other seats'
progress cards with the decks, their resources and commodities, the random stream - changes nothing that seat may
see, and neither the greedy bot nor the search bot chooses differently in the twin."""

import pytest

from games.catan import new_game as base_game
from games.catan.cities_knights import new_game
from games.core import Rng
from games.core.bots import GreedyBot
from games.core.mcts import MCTSBot
from tests.checks import random_positions


def positions_with_hidden_progress_cards(seed: int, every: int = 37, most: int = 6):
    """Positions of a random 4-player game where some seat other than the one to move holds progress cards."""
    found = 0
    for game in random_positions(lambda: new_game(players=4, seed=seed), seed, every, final=False):
        me = game.pending().player
        if game.state.turn and any(game.state.progress[q] for q in range(game.players) if q != me):
            yield game
            found += 1
            if found == most:
                return


def test_a_redeal_of_other_seats_progress_cards_and_the_decks_changes_nothing_the_seat_sees():
    redealt = 0
    for seed in (3, 8):
        for game in positions_with_hidden_progress_cards(seed):
            me = game.pending().player
            for k in range(3):
                twin = game.redeal(me, Rng(k))
                assert twin.observe(me) == game.observe(me) and twin.pending() == game.pending()
                assert twin.legal_actions() == game.legal_actions() and twin.log == game.log
                assert twin.state.progress[me] == game.state.progress[me]
                assert [len(d) for d in twin.state.decks] == [len(d) for d in game.state.decks]
                others = [q for q in range(game.players) if q != me]
                redealt += any(twin.state.progress[q] != game.state.progress[q] for q in others) or \
                    twin.state.decks != game.state.decks
    assert redealt > 10  # the twins do hold other cards: the test compares different games


def same_choices_in_twins(games) -> int:
    compared = 0
    for game in games:
        me = game.pending().player
        for k in range(2):
            twin = game.redeal(me, Rng(100 + k))
            assert GreedyBot(1).choose(twin) == GreedyBot(1).choose(game)
            assert MCTSBot(2, playouts=40, seconds=60).choose(twin) == MCTSBot(2, playouts=40, seconds=60).choose(game)
            compared += 1
    return compared


@pytest.mark.slow
def test_the_greedy_and_the_search_bot_choose_the_same_in_twins():
    assert same_choices_in_twins(positions_with_hidden_progress_cards(5, most=4)) == 8


@pytest.mark.slow
def test_in_the_base_game_too():
    games = (g for g in random_positions(lambda: base_game(players=4, seed=4), 4, 53, final=False) if g.state.turn)
    assert same_choices_in_twins(games) > 10
