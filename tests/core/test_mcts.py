"""The search bot plays every game through the kernel API, replays by seed, keeps its tree and never reads what its
seat cannot see."""

from __future__ import annotations

import pytest

from games import game_class
from games.core import Rng
from games.core.bots import GreedyBot, make_bot, play_out
from games.core.mcts import MCTSBot, candidates, rank_rewards, rewards_of
from games.core.search_settings import SearchSettings

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

    search_settings = SearchSettings(candidates=2)

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

    search_settings = SearchSettings(prior=5.0, iterations=48)

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
    even = {str(r.action): r.visits for r in MCTSBot(3, playouts=300, settings=SearchSettings()).ratings(game)}
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


GAME_IDS = ["kardinal_koenig.cards", "chartres.game", "kutna_hora.game", "kutna_hora.economy", "catan.base",
            "catan.cities_knights"]


def random_position(game_id: str, seed: int, steps: int = 25):
    """A seeded random position of ``game_id`` (3 players) whose seat to decide has a choice."""
    cls = game_class(game_id)
    game, pick = cls(None, seed, players=3), Rng(seed)
    for _ in range(steps):
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_its_search_does_not_depend_on_what_its_seat_cannot_see(game_id):
    """Twins that look the same to the seat (others' hands, face-down tiles and cards dealt again, and another
    random stream: the dice and draws to come) get the very same search: every rating, every visit."""
    game = random_position(game_id, 7)
    seat = game.pending().player
    budget = 60 if game_id.startswith("catan") else 80
    ratings = MCTSBot(9, playouts=budget).ratings(game)
    for k in range(3):
        twin = game.redeal(seat, Rng(k))
        twin.rng.state = 1_000 + k  # no seat sees the stream either
        assert MCTSBot(9, playouts=budget).ratings(twin) == ratings


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_seed_makes_the_same_choices(game_id):
    """The search's budget is a count, not a clock: two bots with one seed choose alike, decision after decision
    (with the tree kept between them), on any machine and under any load."""
    runs = []
    for _ in range(2):
        game = random_position(game_id, 3, steps=15)
        bot, chosen = MCTSBot(5, playouts=40), []
        for _ in range(6):
            if game.is_terminal():
                break
            action = bot.choose(game)
            chosen.append((str(action), bot.last_playouts))
            game.apply(action)
        runs.append(chosen)
    assert runs[0] == runs[1] and len(runs[0]) == 6


def test_positions_are_rated_by_winners_at_the_end_and_by_the_evaluation_before():
    game = ToyGame(None, 0)
    assert all(0.0 < r < 1.0 for r in rank_rewards(game))
    game.state.pile, game.state.winner, game.state.stack = 0, 1, []  # the game over: nothing pending
    assert rank_rewards(game) == [0.0, 1.0]


def test_make_bot_knows_the_search_bot():
    assert make_bot("mcts", 3).name == "mcts"
    with pytest.raises(ValueError):
        MCTSBot(playouts=0)


class WideToy(ToyGame):
    """The toy with up to 9 stones a take (9 actions at the root)."""

    search_settings = SearchSettings(widening=1.0, depth=0)


def test_progressive_widening_adds_children_as_visits_grow():
    game = WideToy(None, 0, max_take=9)
    game.state.pile = 19
    bot = MCTSBot(1, playouts=16)
    ratings = bot.ratings(game)
    assert sum(r.visits > 0 for r in ratings) == 5  # 1 + sqrt(16)
    bot = MCTSBot(1, playouts=16, settings=SearchSettings(depth=0))
    assert sum(r.visits > 0 for r in bot.ratings(game)) == 9, "without widening every action is tried at once"


def test_below_the_root_children_come_in_the_games_order():
    order_asked = []

    def smallest_first(game, legal):
        order_asked.append(len(legal))
        return [-float(a.args[0]) if a.verb == "take" else 0.0 for a in legal]
    game = WideToy(None, 0, max_take=9)
    game.state.pile = 19
    bot = MCTSBot(1, playouts=40, settings=SearchSettings(widening=1.0, depth=0, order=smallest_first))
    bot.ratings(game)
    assert order_asked, "the order was asked below the root"
    for child in bot._root.children.values():
        tried = sorted(int(a.args[0]) for a in child.children if a.verb == "take")
        assert tried == list(range(1, len(tried) + 1)), "the smallest takes first"


def test_shared_deals_are_dealt_once_and_reused(monkeypatch):
    game = random_position("kardinal_koenig.cards", 4)
    dealt = []
    real = type(game).redeal

    def counting(self, viewer, rng):
        dealt.append(viewer)
        return real(self, viewer, rng)
    monkeypatch.setattr(type(game), "redeal", counting)
    MCTSBot(2, playouts=50, settings=SearchSettings(deals=4)).ratings(game)
    assert len(dealt) == 4
    dealt.clear()
    MCTSBot(2, playouts=50, settings=SearchSettings()).ratings(game)
    assert len(dealt) == 50, "a fresh deal for every iteration"


def test_implicit_minimax_backs_up_the_best_childs_rating_and_still_finds_the_win():
    game = ToyGame(None, 0)
    game.state.pile = 2
    bot = MCTSBot(1, playouts=200, settings=SearchSettings(depth=0, minimax=0.5))
    assert str(bot.choose(game)) == "take 2"
    root = bot._root
    assert root.best is not None and root.best[0] == 1.0, "the root's minimax value is its winning child's"


def rated_counts(monkeypatch) -> list[int]:
    """How many actions each rating of a LeaningToy position rated (its ``lookaheads`` spied on for the test)."""
    rated: list[int] = []
    real = LeaningToy.lookaheads

    def spy(self, actions, player):
        rated.append(len(actions))
        return real(self, actions, player)
    monkeypatch.setattr(LeaningToy, "lookaheads", spy)
    return rated


def test_greedy_playouts_follow_the_one_step_rating(monkeypatch):
    game = LeaningToy(None, 0)
    game.state.pile = 9
    rated = rated_counts(monkeypatch)
    MCTSBot(2, playouts=10, settings=SearchSettings(depth=3, playout="greedy")).ratings(game)
    assert len(rated) >= 10, "every playout move was rated"


def test_a_leaf_is_played_on_until_it_settles():
    game = ToyGame(None, 0)
    game.state.pile = 12
    seen = []

    def settled(state):
        seen.append(state.state.must_colour)
        return not state.state.must_colour  # a take of 3 is rated after its colour is named
    MCTSBot(3, playouts=30, settings=SearchSettings(depth=0, settle=settled)).ratings(game)
    assert True in seen and seen.count(False) >= 30


def test_settings_refuse_impossible_values():
    for bad in ({"iterations": 0}, {"depth": -1}, {"minimax": 2.0}, {"scale": 0.0}, {"playout": "clever"}):
        with pytest.raises(ValueError):
            SearchSettings(**bad)


def test_below_the_root_the_pull_expects_the_other_seats_to_play_what_greedy_likes(monkeypatch):
    """With ``prior_below`` each node's actions are rated once (its deal's greedy rating) and tried best first."""
    rated = rated_counts(monkeypatch)
    game = LeaningToy(None, 0)
    game.state.pile = 12
    bot = MCTSBot(4, playouts=60, settings=SearchSettings(depth=0, prior_below=5.0))
    bot.ratings(game)
    below = [child for child in bot._root.children.values()
             if child.children and all(a.verb == "take" for a in child.children)]
    assert rated and below and all(child.bias is not None for child in below)
    for child in below:
        first = max(child.children.items(), key=lambda item: item[1].visits)[0]
        assert str(first) == "take 1", "the other seat is expected to take what the one-step rating likes"


def test_a_finished_game_can_be_rated_by_its_final_scores_lead():
    game = ToyGame(None, 0)
    game.state.pile, game.state.winner, game.state.stack = 0, 1, []  # the game over: nothing pending
    by_score = SearchSettings(by_score=True, scale=1.0, evaluation=lambda g: [0.0, 0.0])
    rewards = rewards_of(game, by_score)
    assert rewards[1] > 0.5 > rewards[0] and rewards[1] < 1.0, "a lead of 1 point, not a whole win"
    assert rewards_of(game, SearchSettings(evaluation=lambda g: [0.0, 0.0])) == [0.0, 1.0]


def test_a_decision_between_few_choices_gets_fewer_iterations():
    game = ToyGame(None, 0)
    game.state.pile = 9
    bot = MCTSBot(1, settings=SearchSettings(iterations=300, per_action=20))
    bot.ratings(game)
    assert bot.last_playouts == 60, "3 choices, 20 iterations each"
    game.state.pile = 1  # one choice: no search at all
    bot.ratings(game)
    assert bot.last_playouts == 0
