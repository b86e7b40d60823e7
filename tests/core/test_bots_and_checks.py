"""Bots, the presorted legal-action promise, game invariants in random play, and fast copies, on the toy game."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core import Action, LegalActions, Rng
from games.core.bots import GreedyBot, RandomBot, make_bot, parse_bot, play_out
from games.core.conformance import check_random_game, decision_breaks
from games.core.game import TIE
from games.core.records import _copy_plan

from .toy import ToyGame, ToyState


def test_random_bot_plays_legal_actions_to_the_end_and_replays_by_seed():
    finished = [play_out(ToyGame(seed=s), [RandomBot(s), RandomBot(s + 1)]) for s in range(10)]
    assert all(g.is_terminal() for g in finished)
    again = play_out(ToyGame(seed=4), [RandomBot(4), RandomBot(5)])
    assert again.history == finished[4].history


def test_greedy_bot_takes_the_last_stone_when_it_can():
    game = ToyGame(seed=0)
    game.state.pile = 3  # taking all three wins (the colour choice after it changes nothing)
    assert str(GreedyBot().choose(game)) == "take 3"


def test_greedy_ratings_list_every_legal_action_best_first():
    game = ToyGame(seed=0)
    game.state.pile = 2
    rated = GreedyBot().ratings(game)
    assert [str(a) for a, _ in rated][0] == "take 2"
    assert sorted(str(a) for a, _ in rated) == game.legal_actions().texts()
    assert [v for _, v in rated] == sorted((v for _, v in rated), reverse=True)


class Rated:
    """A decision whose actions have the given ratings; ``contenders`` leaves out those of ``dropped`` (indices)."""

    def __init__(self, values: list[float], dropped: set[int] = frozenset()) -> None:
        self.values, self.dropped = values, dropped
        self.legal = LegalActions([Action("pick", (i,)) for i in range(len(values))])
        self.rated = 0

    def _decider(self) -> int:
        return 0

    def legal_actions(self) -> LegalActions:
        return self.legal

    def lookaheads(self, actions, player):
        self.rated += len(actions)
        return [self.values[a.args[0]] for a in actions]

    def contenders(self, actions, player):
        rated = self.lookaheads(actions, player)
        return [None if a.args[0] in self.dropped else v for a, v in zip(actions, rated, strict=True)]


def chosen_from_every_rating(values: list[float], seed: int) -> tuple[int, int]:
    """The greedy choice as made before contenders: every rating sorted best first, a draw among those within TIE
    of the best; (the index chosen, the stream's state after)."""
    rng = Rng(seed)
    ranked = sorted(enumerate(values), key=lambda pair: -pair[1])
    top = [i for i, v in ranked if v >= ranked[0][1] - TIE]
    return top[rng.below(len(top))], rng.state


# ratings on a coarse grid and nudged by a fraction of TIE, so ties and near ties are common
RATINGS = st.lists(st.tuples(st.integers(-3, 3), st.sampled_from([0.0, 0.4 * TIE, 0.9 * TIE, 1.5 * TIE])).map(
    lambda pair: pair[0] * 0.25 + pair[1]), min_size=1, max_size=9)


@given(RATINGS, st.integers(0, 2**32), st.data())
def test_greedy_choice_is_the_same_when_only_the_contenders_are_rated(values, seed, data):
    best = max(values)
    below = [i for i, v in enumerate(values) if v < best - TIE]  # the actions a game may leave out
    dropped = set(data.draw(st.lists(st.sampled_from(below), unique=True))) if below else set()
    bot = GreedyBot(seed)
    choice = bot.choose(Rated(values, dropped))
    assert (choice.args[0], bot.rng.state) == chosen_from_every_rating(values, seed)


def test_a_decision_with_one_action_is_not_rated_and_draws_as_before():
    decision, bot = Rated([0.5]), GreedyBot(7)
    assert str(bot.choose(decision)) == "pick 0" and decision.rated == 0
    assert bot.rng.state == chosen_from_every_rating([0.5], 7)[1]  # the draw among one is still made
    over = ToyGame(seed=1)
    play_out(over, [GreedyBot(1), GreedyBot(2)])
    with pytest.raises(IndexError, match="the game is over"):
        GreedyBot().choose(over)


def test_play_out_stops_at_a_human_seat():
    game = play_out(ToyGame(seed=2), [RandomBot(1), RandomBot(2)], stop_at=1)
    assert game.pending().player == 1 and not game.is_terminal()


def test_make_bot_names_unknown_kinds():
    assert make_bot("greedy").name == "greedy"
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever")


def test_bot_kinds_with_a_budget_are_read_in_one_place():
    assert parse_bot("mcts:200") == ("mcts", 200) and parse_bot(" MCTS ") == ("mcts", None)
    assert parse_bot("greedy") == ("greedy", None) and parse_bot("random") == ("random", None)
    bot = make_bot("mcts:200", seed=4)
    assert (bot.name, bot.playouts) == ("mcts", 200) and make_bot("mcts").playouts is None  # the game's own
    assert bot.seconds == make_bot("mcts").seconds  # a budget form changes the playouts, not the time cap
    for kind, words in [("mcts:", "whole number of playouts"), ("mcts:0", "at least 1"), ("mcts:-3", "whole number"),
                        ("mcts:2.5", "whole number"), ("greedy:10", "only mcts takes a budget .*, greedy does not"),
                        ("mcts200", "unknown bot 'mcts200'")]:
        with pytest.raises(ValueError, match=words):
            make_bot(kind)


class BrokenToy(ToyGame):
    def invariant_breaks(self) -> list[str]:
        return ["the pile went below 5"] if self.state.pile < 5 else []


def test_random_play_reports_a_broken_game_invariant_with_seed_and_step():
    with pytest.raises(AssertionError, match=r"toy seed 1 step \d+: invariant broken: the pile went below 5"):
        check_random_game(lambda s: BrokenToy(seed=s), 1)


class DeadEndToy(ToyGame):
    """A broken toy: after taking 3 from a pile left below 5 the colour decision lists no colour, so the game can
    never go on (the pile starts with 10 or more: the first decision is sound)."""

    def _legal(self):
        return [] if self.state.must_colour and self.state.pile < 5 else super()._legal()


class DeadEndAvoidingToy(DeadEndToy):
    """Its own random policy never takes 3: random play by it never walks into the dead end."""

    def random_weights(self, legal):
        return [int(a.args != (3,)) for a in legal]


def test_a_decision_with_nothing_to_choose_is_caught_on_the_path_and_one_step_off_it():
    stuck = r"Player \d is asked to decide \(colour: name a colour\) with nothing to choose: no legal action"
    with pytest.raises(AssertionError, match=rf"toy seed 2 step \d+: {stuck}"):
        check_random_game(lambda s: DeadEndToy(seed=s), 2, deep_every=10_000)  # deep checks at step 0 only
    game = DeadEndToy(seed=2)
    while game.state.pile >= 5 + 3:
        game.apply("take 1")
    game.apply("take 3")
    seat = game.pending().player + 1
    assert decision_breaks(game) == [f"Player {seat} is asked to decide (colour: name a colour) with nothing to "
                                     "choose: no legal action"]
    assert check_random_game(lambda s: DeadEndAvoidingToy(seed=s), 2, policy="game", deep_every=10_000).is_terminal()
    with pytest.raises(AssertionError, match=rf"toy seed 2 step \d+, then 'take 3' \(on a clone\): {stuck}"):
        check_random_game(lambda s: DeadEndAvoidingToy(seed=s), 2, policy="game", deep_every=1)
    finished = check_random_game(lambda s: ToyGame(seed=s), 2)
    assert finished.is_terminal() and decision_breaks(finished) == [] == decision_breaks(ToyGame(seed=2))


class UnsortedToy(ToyGame):
    legal_is_sorted = True  # a false promise: _legal lists "take 3" before "take 1"

    def _legal(self):
        return list(reversed(super()._legal()))


def test_a_false_presorted_promise_is_caught_by_random_play():
    with pytest.raises(AssertionError, match="unsorted/duplicate"):
        check_random_game(lambda s: UnsortedToy(seed=s), 0)


def test_presorted_legal_actions_keep_the_given_order():
    acts = [Action("a"), Action("b", (2,))]
    assert list(LegalActions.presorted(acts)) == acts
    assert "b 2" in LegalActions.presorted(acts)


def test_equal_actions_hash_alike_whether_built_or_parsed():
    assert hash(Action("take", (2, 14))) == hash(Action.parse("take 2 14"))
    assert len({Action("take", (2, 14)), Action.parse("TAKE 2 14"), Action("take", (14, 2))}) == 2


def test_lists_of_lists_are_copied_one_level_down():
    assert dict(_copy_plan(ToyState))["colours"] == "flat-list"
    from games.kardinal_koenig.game import CardGameState

    assert dict(_copy_plan(CardGameState))["displays"] == "list-of-flat-lists"


class GreedyTakerToy(ToyGame):
    """Random play by the game's weights: taking 3 stones weighs 6, anything else 1."""

    def random_weights(self, legal):
        return [6 if str(a) == "take 3" else 1 for a in legal]


def test_random_play_follows_the_game_policy_and_keeps_uniform_play_as_it_was():
    def share_of_threes(policy):
        taken = [str(a) for seed in range(12)
                 for a in check_random_game(lambda s: GreedyTakerToy(seed=s), seed, policy=policy).history
                 if a.verb == "take"]
        return taken.count("take 3") / len(taken)

    assert share_of_threes("game") > 0.55 > 0.45 > share_of_threes("uniform")
    # a game without weights plays the same games under either policy, and "uniform" is the default
    for seed in range(4):
        assert check_random_game(lambda s: ToyGame(seed=s), seed, policy="game").history == \
            check_random_game(lambda s: ToyGame(seed=s), seed).history


def test_a_game_policy_with_wrong_weights_or_an_unknown_policy_is_refused():
    class Wrong(ToyGame):
        def random_weights(self, legal):
            return [0] * len(legal)

    with pytest.raises(AssertionError, match="random_weights gave"):
        check_random_game(lambda s: Wrong(seed=s), 0, policy="game")
    with pytest.raises(ValueError, match="policy must be one of"):
        check_random_game(lambda s: ToyGame(seed=s), 0, policy="clever")
