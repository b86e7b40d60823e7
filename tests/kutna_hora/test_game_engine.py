"""The full game (``kutna_hora.game``) through the shared kernel API: hidden information (drawn mine tiles, the order
of the mine stack, face-down events) in observations and in the greedy bot's look-ahead; the bots; save files,
malformed ones included; replay and clones."""

import json
from itertools import pairwise

import pytest

from games.core import Action, Rng, SaveFileError
from games.core.bots import GreedyBot, RandomBot, play_out
from games.kutna_hora import evaluation, mines
from games.kutna_hora.game import KutnaHoraGame
from games.kutna_hora.town_hall import Stack
from tests.checks import random_positions as positions_of

from .scenario import new_game, play, sound, stack_mine_tiles, turn


def random_positions(seed: int, players: int, every: int, events: bool = True):
    """Every ``every``-th position of a seeded random game (the game object itself, advanced in place)."""
    return positions_of(lambda: KutnaHoraGame(players=players, seed=seed, events=events), seed, every, final=False)

def hidden_twin(game: KutnaHoraGame, seed: int) -> KutnaHoraGame:
    """A copy that differs only in what nobody may see: the order of the mine stack within each back (the backs
    stay where they are) and which face-down event lies above which later round (A and B kept apart)."""
    twin = game.clone()
    s, rng = twin.state, Rng(seed)
    for back in ("I", "II", "III"):
        idx = [i for i, t in enumerate(s.mine_stack) if mines.TILES[t].back == back]
        tiles = [s.mine_stack[i] for i in idx]
        rng.shuffle(tiles)
        for i, t in zip(idx, tiles, strict=True):
            s.mine_stack[i] = t
    later = [r for r in range(s.round, len(s.events)) if s.events[r]]
    for letter in "AB":
        rounds = [r for r in later if s.events[r][0] == letter]
        cards = [s.events[r] for r in rounds]
        rng.shuffle(cards)
        for r, e in zip(rounds, cards, strict=True):
            s.events[r] = e
    return twin


def draw_for_player_0(tile: str = "i-2", **options) -> KutnaHoraGame:
    """A first game where player 1 has just drawn ``tile`` with a Mine action and must decide what to do."""
    game = new_game(**options)
    stack_mine_tiles(game, tile)
    turn(game, 0)
    play(game, "play 1 mine")
    assert game.pending().kind == "mine" and game.state.mine_drawn == [tile]
    return game


# -------------------------------------------------------------------------------------------- hidden information
def test_drawn_mine_tiles_are_shown_to_the_player_who_drew_them_and_counted_for_everyone_else():
    game = draw_for_player_0("i-2")
    assert game.observe(0)["mine_drawn"] == ["i-2"]
    assert game.observe(1)["mine_drawn"] == 1 and game.observe(None)["mine_drawn"] == 1


def test_no_other_seat_can_tell_which_mine_tile_was_drawn():
    game = draw_for_player_0("i-2")
    other = draw_for_player_0("i-4")  # same position, another tile of the same back drawn
    for viewer in (None, 1):
        assert game.observe(viewer) == other.observe(viewer)
    assert game.observe(0) != other.observe(0)


def test_observations_never_show_the_order_of_the_mine_stack_or_face_down_events():
    compared = changed = 0
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        for game in random_positions(seed, players, every=11):
            twin = hidden_twin(game, seed + len(game.history))
            for viewer in [None, *range(players)]:
                assert twin.observe(viewer) == game.observe(viewer), (seed, len(game.history), viewer)
                compared += 1
            changed += twin.teacher_view() != game.teacher_view()
    assert compared > 60 and changed > 10  # the twins really differ, yet nobody can tell them apart


def test_the_mine_stack_is_seen_only_as_its_size_and_the_back_of_its_top_tile():
    game = new_game(2)
    view = game.observe(0)
    assert view["mine_stack"] == 27 and view["mine_stack_back"] == "I" and view["mine_discard"] == 0
    text = json.dumps(view)
    assert not any(f'"{t}"' in text for t in game.state.mine_stack)


def test_face_down_events_are_not_named_in_any_observation():
    game = new_game(2)
    later = game.state.events[1:-1]
    for viewer in (None, 0, 1):
        events = game.observe(viewer)["events"]
        assert events[1:] == ["face down"] * 4 + [""]
        assert not any(f'"{e}"' in json.dumps(game.observe(viewer)) for e in later)


def reversed_i_tiles(game: KutnaHoraGame) -> KutnaHoraGame:
    """A copy whose face-down I mine tiles lie in the reverse order (nothing else differs)."""
    twin = game.clone()
    s = twin.state
    idx = [i for i, t in enumerate(s.mine_stack) if mines.TILES[t].back == "I"]
    tiles = [s.mine_stack[i] for i in reversed(idx)]
    for i, t in zip(idx, tiles, strict=True):
        s.mine_stack[i] = t
    return twin


def test_the_look_ahead_leaves_the_real_game_untouched():
    game = new_game(2)
    before, rng = game.to_dict(), game.rng.state
    GreedyBot(0).ratings(game)
    assert game.to_dict() == before and game.rng.state == rng and game.history == []


def test_two_games_differing_only_in_the_mine_stack_order_really_draw_different_tiles():
    game = new_game(2)
    twin = reversed_i_tiles(game)
    assert sorted(game.state.mine_stack) == sorted(twin.state.mine_stack) and game.state != twin.state
    a, b = game.clone(), twin.clone()
    play(a, "play 1 mine")
    play(b, "play 1 mine")
    assert a.state.mine_drawn != b.state.mine_drawn


def test_the_greedy_look_ahead_of_play_1_mine_does_not_depend_on_the_real_order_of_the_mine_stack():
    mine = Action.parse("play 1 mine")
    values = []
    for seed in range(6):
        game = new_game(2, seed=seed)
        values.append((game.lookahead(mine, 0), reversed_i_tiles(game).lookahead(mine, 0)))
    assert all(a == b for a, b in values), values


def test_the_greedy_look_ahead_does_not_depend_on_hidden_information_anywhere_in_a_game():
    bot = GreedyBot(0)
    checked = 0
    for game in random_positions(4, 2, every=9):
        twin = hidden_twin(game, len(game.history))
        assert dict(bot.ratings(game)) == dict(bot.ratings(twin)), len(game.history)
        checked += 1
    assert checked > 8


# ---------------------------------------------------------------------------------------------------- evaluation
def test_the_evaluation_is_the_final_scoring_now_with_every_leftover_in_full_plus_money_and_income_to_come():
    checked = 0
    for game in random_positions(6, 3, every=11):
        finals = game.final_breakdowns()
        money, per_income = evaluation._weights(game)
        own = []
        for p in range(3):
            parts, seat = game.terms(p), game.state.seats[p]
            assert parts["pieces left"] == finals[p]["leftovers"] == (len(seat.held) + game.state.markers.count(p)
                                                                       + seat.pelicans)
            assert parts["town"] == finals[p]["town"] and parts["mines"] == finals[p]["mines"]
            assert parts["groschen"] == pytest.approx(seat.groschen * money)
            assert parts["income to come"] == pytest.approx(game.income_of(p) * per_income)
            own.append(sum(parts.values()))
        for p in range(3):
            assert game.heuristic(p) == pytest.approx(own[p] - max(v for q, v in enumerate(own) if q != p))
        checked += 1
    assert checked > 10


def test_money_and_income_weigh_less_as_the_game_goes_on_and_a_finished_game_is_rated_by_its_points():
    weights = [evaluation._weights(game) for game in random_positions(2, 3, every=5)]
    assert weights[0] == pytest.approx((evaluation.MONEY_EARLY + evaluation.MONEY_FLOOR,
                                        evaluation.INCOME_PER_ROUND * 6))  # 6 rounds for 3 players
    assert all(later[0] <= earlier[0] + 1e-12 and later[1] <= earlier[1] + 1e-12
               for earlier, later in pairwise(weights))
    game = finished_game(seed=4)
    scores, seats = game.scores(), game.state.seats
    money = evaluation.MONEY_FLOOR  # the final scoring is in the points already: not counted twice
    for p in range(3):
        assert game.terms(p)["town"] == 0 and game.terms(p)["income to come"] == 0
        best_other = max(scores[q] + seats[q].groschen * money for q in range(3) if q != p)
        assert game.heuristic(p) == pytest.approx(scores[p] + seats[p].groschen * money - best_other)


def test_a_held_tile_and_an_empty_plot_count_their_point_from_the_first_round():
    game = new_game(3, seed=1)
    before = game.terms(0)
    s = game.state
    stack = game.hall.rows[0][0]
    game.hall.rows[0][0] = Stack(stack.kind, stack.name, stack.tiles[:-1])
    s.seats[0].held.append(stack.tiles[-1])
    empty = [i for i, (tile, marker) in enumerate(zip(s.town, s.markers, strict=True)) if not tile and marker < 0]
    s.markers[empty[0]] = 0
    assert s.round == 1 and game.terms(0)["pieces left"] == before["pieces left"] + 2


# ---------------------------------------------------------------------------------------------------- bots
@pytest.mark.slow
def test_the_greedy_bot_beats_a_random_bot_in_most_of_6_seeded_two_player_games():
    wins = 0
    for seed in range(6):
        seat = seed % 2
        bots = [GreedyBot(seed) if p == seat else RandomBot(100 * seed + p) for p in range(2)]
        game = play_out(KutnaHoraGame(players=2, seed=seed), bots)
        wins += game.outcome().winners == (seat,)
        assert game.invariant_breaks() == []
    # measured (seeded, deterministic): greedy wins 6 of 6 (5 with the evaluation before 2026-11-24); a coin
    # would win 3
    assert wins >= 5


@pytest.mark.slow
def test_search_playouts_finish_a_seats_own_follow_up_choices_by_the_one_step_rating_and_draw_the_rest():
    kinds = {"follow-up": 0, "drawn": 0}
    for seed in (3, 4):
        for game in random_positions(seed, 3, every=2):
            legal, decision = game.legal_actions(), game.pending()
            before, rng = game.to_dict(), Rng(seed)
            chosen = game.playout_action(legal, rng)
            assert game.to_dict() == before  # rated on copies
            if decision.kind in ("play", "tax", "guilds", "rows") or len(legal) == 1:
                assert chosen == legal[Rng(seed).below(len(legal))] and rng.state != Rng(seed).state
                kinds["drawn"] += 1
                continue

            def rating(action, game=game, seat=decision.player):
                twin = game.clone()
                twin.apply_unchecked(action)
                return twin.heuristic(seat)
            best = max(rating(a) for a in legal)
            assert rating(chosen) == best and chosen == next(a for a in legal if rating(a) == best)
            assert rng.state == Rng(seed).state  # no draw: the same position always gets the same follow-up
            kinds["follow-up"] += 1
    assert kinds["follow-up"] > 5 and kinds["drawn"] > 20, kinds


def test_random_bots_finish_games_of_every_size_keeping_every_invariant():
    for players in (2, 3, 4):
        game = KutnaHoraGame(players=players, seed=players, events=True)
        pick = Rng(players)
        while not game.is_terminal():
            assert game.invariant_breaks() == [], len(game.history)
            legal = game.legal_actions()
            assert len(legal) > 0, game.pending()
            game.apply(legal[pick.below(len(legal))])
        assert game.outcome() is not None and game.pending() is None


# ---------------------------------------------------------------------------------------------------- saves
def finished_game(seed: int = 7, players: int = 3) -> KutnaHoraGame:
    return play_out(KutnaHoraGame(players=players, seed=seed, events=True),
                    [RandomBot(seed * 10 + p) for p in range(players)])


def saved_game() -> dict:
    game = KutnaHoraGame(players=2, seed=5)
    pick = Rng(5)
    for _ in range(40):
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    return game.to_dict()


def test_a_finished_game_round_trips_through_json_and_replays_to_the_same_game():
    game = finished_game()
    text = game.to_json()
    for trust in (False, True):
        again = KutnaHoraGame.from_json(text, trust_snapshot=trust)
        assert again.to_dict() == game.to_dict() and again.is_terminal()
        assert again.scores() == game.scores() and again.outcome() == game.outcome()
    replayed = KutnaHoraGame.replay(game.config, game.seed, game.history)
    assert replayed.state == game.state and replayed.log == game.log and replayed.rng.state == game.rng.state
    sound(replayed)


def test_time_travel_gives_the_game_as_it_was():
    game = finished_game(seed=3, players=2)
    middle = game.at(30)
    assert middle.history == game.history[:30] and not middle.is_terminal()
    middle.apply(game.history[30])
    assert middle.state == game.at(31).state


def test_a_tampered_snapshot_is_refused():
    data = saved_game()
    data["snapshot"]["state"]["tax"] += 3
    with pytest.raises(SaveFileError, match="the snapshot disagrees with the game its action log replays to"):
        KutnaHoraGame.from_json(json.dumps(data))


def test_an_action_that_is_illegal_at_its_place_in_the_log_is_refused_with_the_reason():
    data = saved_game()
    assert data["actions"][0].startswith("guilds")  # the last player chooses a guild set first
    data["actions"][0] = "tax pay"
    data.pop("snapshot")
    with pytest.raises(SaveFileError, match=r"action 1 \(tax pay\) cannot be replayed: .*Write guilds\."):
        KutnaHoraGame.from_json(json.dumps(data))


def test_a_save_with_an_impossible_player_count_is_refused():
    data = saved_game()
    data["config"]["players"] = 5
    with pytest.raises(SaveFileError, match="bad config: Kutná Hora takes 2 to 4 players, not 5"):
        KutnaHoraGame.from_json(json.dumps(data))


# ---------------------------------------------------------------------------------------------------- clones
def test_a_clone_is_independent_of_its_original():
    game = new_game(2)
    before = game.to_dict()
    twin = game.clone()
    play(twin, "play 4 income")
    twin.state.seats[0].held.append("x")
    twin.state.mine_stack.pop()
    twin.state.stands.sliders["wood"] = 3
    assert game.to_dict() == before and len(game.history) == 0
    play(game, "play 1 mine")
    assert twin.state.seats[0].cards == [1, 2, 3, 5, 6] and twin.state.mine_drawn == []
    assert game.state.seats[0].cards == [2, 3, 4, 5, 6]
