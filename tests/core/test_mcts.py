"""The search bot plays every game through the kernel API, replays by seed, keeps its tree and never reads what its
seat cannot see."""

from __future__ import annotations

import pytest

from games import game_class
from games.core import Rng
from games.core.bots import GreedyBot, make_bot, play_out
from games.core.mcts import MCTSBot, candidates, rank_rewards

from .toy import ToyGame


def test_it_takes_the_last_stones_when_it_can():
    game = ToyGame(None, 0)
    game.state.pile = 2
    assert str(MCTSBot(1, playouts=200).choose(game)) == "take 2"


@pytest.mark.slow
def test_it_plays_a_game_to_the_end_with_legal_actions_and_replays_by_seed():
    games = []
    for _ in range(2):
        game = game_class("kardinal_koenig.cards")(None, 3, players=3)
        play_out(game, [MCTSBot(5, playouts=40), GreedyBot(1), MCTSBot(6, playouts=40)])
        games.append([str(a) for a in game.history])
    assert games[0] == games[1] and len(games[0]) > 50


def test_the_budget_caps_the_search_and_ratings_cover_every_legal_action():
    game = game_class("chartres.game")(None, 1, players=2)
    while len(game.legal_actions()) < 3:
        game.apply(game.legal_actions()[0])
    bot = MCTSBot(2, playouts=60, seconds=30)
    ratings = bot.ratings(game)
    assert bot.last_playouts == 60 and {r.action for r in ratings} == set(game.legal_actions())
    assert sum(r.visits for r in ratings) == 60 and ratings[0].visits == max(r.visits for r in ratings)


class NarrowToy(ToyGame):
    """The toy with a one-step rating that likes small takes, and a search that looks at its best two only."""

    search_candidates = 2

    def lookahead(self, action, player):
        return -float(action.args[0]) if action.verb == "take" else 0.0


def test_a_game_can_limit_the_searched_root_actions_to_its_best_by_one_step_rating():
    game = NarrowToy(None, 0)
    game.state.pile = 9
    ratings = MCTSBot(1, playouts=60).ratings(game)
    assert {str(r.action) for r in ratings} == {"take 1", "take 2", "take 3"}  # every legal action is still rated
    assert {str(r.action) for r in ratings if r.visits} == {"take 1", "take 2"}
    assert sum(r.visits for r in ratings) == 60


def test_candidates_keep_ties_at_the_cut_and_all_actions_without_a_limit():
    game = NarrowToy(None, 0)
    game.state.pile = 9
    legal = game.legal_actions()
    assert candidates(game, legal, 0) == frozenset(legal[:2])
    game.lookahead = lambda action, player: 0.0  # every action rated the same: none is cut
    assert candidates(game, legal, 0) == frozenset(legal)
    assert candidates(ToyGame(None, 0), legal, 0) is None


class LeaningToy(ToyGame):
    """The toy with a one-step rating that likes small takes, a search that leans on it, a budget of its own, and
    playouts that always take one stone."""

    search_prior = 5.0
    search_playouts = 48

    def lookahead(self, action, player):
        return -float(action.args[0]) if action.verb == "take" else 0.0

    #: What the playouts chose (the hook runs on the search's copies of the game).
    playout_moves: list[str] = []

    def playout_action(self, legal, rng):
        LeaningToy.playout_moves.append(str(legal[0]))
        return legal[0]


def test_a_game_sets_the_default_budget_and_a_bot_given_one_keeps_it():
    game = LeaningToy(None, 0)
    game.state.pile = 9
    bot = MCTSBot(1)
    bot.ratings(game)
    assert bot.last_playouts == 48
    MCTSBot(1, playouts=20).ratings(game)
    assert sum(r.visits for r in MCTSBot(1, playouts=20).ratings(game)) == 20


@pytest.mark.slow
def test_the_prior_pulls_the_roots_visits_towards_the_best_one_step_rating():
    game = LeaningToy(None, 0)
    game.state.pile = 9
    leaning = {str(r.action): r.visits for r in MCTSBot(3, playouts=300).ratings(game)}
    assert leaning["take 1"] > leaning["take 2"] > leaning["take 3"]
    LeaningToy.search_prior = 0.0
    try:
        even = {str(r.action): r.visits for r in MCTSBot(3, playouts=300).ratings(game)}
    finally:
        LeaningToy.search_prior = 5.0
    assert leaning["take 3"] < even["take 3"] and leaning["take 1"] > even["take 1"]


def test_playouts_take_the_games_playout_action():
    game = LeaningToy(None, 0)
    game.state.pile = 9
    LeaningToy.playout_moves = []
    MCTSBot(2, playouts=30, depth=3).ratings(game)
    assert len(LeaningToy.playout_moves) >= 30  # the first listed action of each playout move, none drawn at random
    assert "take 1" in LeaningToy.playout_moves and "take 2" not in LeaningToy.playout_moves


@pytest.mark.slow
def test_the_tree_below_the_actions_played_is_kept_for_the_next_decision():
    game = game_class("kardinal_koenig.cards")(None, 2, players=3)
    bot = MCTSBot(4, playouts=300)
    action = bot.choose(game)
    kept = bot._root.children[action]
    game.apply(action)
    assert bot._start(game) is kept and kept.visits > 0


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["kardinal_koenig.cards", "chartres.game", "kutna_hora.game", "catan.base",
                                     "catan.cities_knights"])
def test_its_choice_does_not_depend_on_what_its_seat_cannot_see(game_id):
    cls = game_class(game_id)
    game, pick = cls(None, 7, players=3), Rng(7)
    for _ in range(25):
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    seat = game.pending().player
    for k in range(3):
        twin = game.redeal(seat, Rng(k))  # the same game as seat sees it, other secrets
        assert MCTSBot(9, playouts=80).choose(twin) == MCTSBot(9, playouts=80).choose(game)


def test_positions_are_rated_by_winners_at_the_end_and_by_the_evaluation_before():
    game = ToyGame(None, 0)
    assert all(0.0 < r < 1.0 for r in rank_rewards(game))
    game.state.pile, game.state.winner = 0, 1
    assert rank_rewards(game) == [0.0, 1.0]


def test_make_bot_knows_the_search_bot():
    assert make_bot("mcts", 3).name == "mcts"
    with pytest.raises(ValueError):
        MCTSBot(playouts=0)
