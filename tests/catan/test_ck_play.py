"""Cities & Knights as a whole: victory at 13, random play keeping every invariant (both player counts, every config
switch), the bots, perft-style counts, hidden-information twins, saves and configs."""

import json

import pytest

from games import load
from games.catan.cities_knights import CKGame, evaluation, new_game
from games.catan.cities_knights.commodities import refresh_rates
from games.catan.cities_knights.main import offer_only
from games.catan.cities_knights.state import KINDS
from games.catan.data import ck_rulebook
from games.core import ConfigError, Rng, SaveFileError, Sourced
from games.core.bots import GreedyBot, RandomBot, play_out
from games.core.conformance import check_random_game
from games.core.mcts import MCTSBot
from tests.checks import random_positions

from .ck_scenario import ck_position, force_dice, legal, path, play, rules_of, stack

rule = pytest.mark.rule


# ---------------------------------------------------------------- victory
@rule("ck-victory.points")
def test_points_by_source_and_thirteen_to_win():
    game = ck_position(settlements={0: [40, 31, 13]}, cities={0: [17, 20]}, hands={0: "brick lumber wool grain"},
                       roads={0: path(17, 22, 28)})
    s = game.state
    s.defenders[0], s.points[0] = 2, s.points[0] + 2
    s.merchant, s.merchant_owner, s.points[0] = 8, 0, s.points[0] + 1
    refresh_rates(game, 0)
    assert game.config.points_to_win == 13 and s.points[0] == 10
    assert game.point_sources(0) == {"settlements": 3, "cities": 4, "metropolises": 0, "longest road": 0,
                                     "Defender of Catan": 2, "merchant": 1, "Printer": 0, "Constitution": 0}
    assert game.invariant_breaks() == []
    s.points[0] += 2
    s.metropolis[0], s.metro_owner[0], s.levels[0] = 17, 0, 4
    game.touched()
    assert s.points[0] == 12 and game.invariant_breaks() == []
    events = play(game, "settle 28")
    assert game.is_terminal() and game.outcome().winners == (0,) and "victory.declare" in rules_of(events)
    assert game.state.points[0] == 13


@rule("victory.declare")
def test_thirteen_points_reached_on_another_players_turn_win_at_the_start_of_ones_own():
    game = ck_position(cities={1: [17, 31, 13, 40]}, settlements={1: [2, 20]},
                       knights_={1: {22: "mighty active", 28: "strong active"}},
                       roads={1: path(17, 22)}, phase="roll", barbarian=6)
    s = game.state
    s.merchant, s.merchant_owner = 8, 1
    s.printer = 1
    s.decks[1].remove(KINDS.index("printer"))
    s.points[1] += 2
    refresh_rates(game, 1)
    assert s.points[1] == 12 and game.invariant_breaks() == []
    force_dice(game, "ship", 1, 1)
    play(game, "roll")  # the Defender of Catan brings player 2 to 13 on player 1's turn
    assert s.points[1] == 13 and not game.is_terminal()
    play(game, "end")
    assert game.is_terminal() and game.outcome().winners == (1,)


@rule("progress.printer")
def test_the_printer_is_a_point_shown_at_once():
    game = ck_position(levels={3: {"science": 1}}, phase="roll")
    stack(game, "printer")
    force_dice(game, "science", 1, 2)
    events = play(game, "roll")
    assert game.state.printer == 3 and game.state.points[3] == 1
    assert "progress.vp-reveal" in rules_of(events) and game.observe(0)["players"][3]["vp_cards"] == ["printer"]


# ---------------------------------------------------------------- random play
SWITCHES = [{}, {"meanies": True}, {"fifth_card": "choose"}, {"barbarian_loss": "count"}, {"saboteur": "more"},
            {"bishop_before_attack": True}]


@pytest.mark.slow
@rule("barbarians.meanies")
@pytest.mark.parametrize("options", SWITCHES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_play_keeps_every_invariant_with_every_config_switch(options):
    for seed, players in ((1, 3), (2, 4)):
        game = check_random_game(lambda s, n=players: CKGame(None, s, players=n, **options), seed, deep_every=200)
        assert game.outcome().winners


@pytest.mark.slow
@rule("decision.turn-limit")
def test_random_games_end_without_the_turn_limit():
    capped = 0
    for seed in range(12):
        game, pick = new_game(seed=seed, players=3 + seed % 2), Rng(seed)
        while not game.is_terminal():
            legal_ = game.legal_actions()
            game.apply_unchecked(legal_[pick.below(len(legal_))])
        capped += game.state.ended == 2
    assert capped == 0


def test_main_options_kept_over_a_trade_offer_that_came_to_nothing_are_a_fresh_listing():
    """The main options kept over a trade offer that moved no card (``CKMain.options``) are what a fresh listing gives
    (a clone lists its own), in uniform random play, which composes many offers; a change by hand lists afresh."""
    kept = 0
    for seed in range(6):
        game, pick = new_game(seed=seed, players=3 + seed % 2), Rng(seed)
        while not game.is_terminal():
            before, s = game.main_listed, game.state
            legal_ = game.legal_actions()
            if s.stack[-1].kind == "main":
                assert list(legal_) == list(game.clone().legal_actions()), f"seed {seed} step {len(game.history)}"
                kept += before is not None and before[0] is s and before[2] + 1 == s.offers_made \
                    and offer_only(game.history[before[3]:])
            game.apply_unchecked(legal_[pick.below(len(legal_))])
    assert kept > 500
    game = new_game(seed=3, players=3)
    while game.state.stack[-1].kind != "main" or "propose" not in game.legal_actions():
        game.apply_unchecked(game.legal_actions()[-1])
    p, before = game.state.player, game.legal_actions().texts()
    for action in ("propose", "withdraw"):
        game.apply(action)
    game.state.hands[p * 8:p * 8 + 8] = [9] * 8  # by hand: every build is paid for now
    game.touched()
    now = game.legal_actions().texts()
    assert now == game.clone().legal_actions().texts() and len(now) > len(before)


# ---------------------------------------------------------------- bots
@pytest.mark.slow
@rule("victory.declare")
def test_greedy_bots_play_to_the_end_and_beat_random_bots():
    wins = 0
    for seed in range(3):
        game = new_game(players=3, seed=seed)
        play_out(game, [GreedyBot(seed), RandomBot(seed), RandomBot(seed + 1)], max_steps=60_000)
        assert game.is_terminal() and game.state.ended == 1
        wins += game.outcome().winners == (0,)
    assert wins >= 2


@pytest.mark.slow
def test_the_search_bot_plays_cities_and_knights_to_the_end():
    game = new_game(players=3, seed=4)
    bots = [MCTSBot(4, playouts=30, seconds=0.05), GreedyBot(1), GreedyBot(2)]
    play_out(game, bots, max_steps=60_000)
    assert game.is_terminal() and CKGame.evaluation_scale == 3.0


@pytest.mark.slow
@rule("decision.ck-open-counts")
def test_the_greedy_evaluation_is_the_same_in_twins_that_differ_only_in_what_the_seat_cannot_see():
    bot = GreedyBot(0)
    compared = 0
    for game in random_positions(lambda: new_game(players=4, seed=11), 11, 23, final=False):
        if not game.state.turn:
            continue
        me = game.pending().player
        twin = game.redeal(me, Rng(len(game.history)))
        assert evaluation.heuristic(twin, me) == pytest.approx(evaluation.heuristic(game, me))
        assert [(str(a), round(v, 9)) for a, v in bot.ratings(twin)] == \
            [(str(a), round(v, 9)) for a, v in bot.ratings(game)]
        compared += 1
    assert compared > 40


# ---------------------------------------------------------------- hidden information
@pytest.mark.slow
def test_no_progress_card_or_hidden_card_is_named_to_another_seat():
    names = set(KINDS) - {"printer", "constitution"}
    for seed in range(3):
        game, pick = new_game(seed=seed), Rng(seed)
        while not game.is_terminal():
            decision = game.pending()
            if decision.kind in ("main", "target", "take"):
                for viewer in range(game.players):
                    if viewer != decision.player:
                        seen = game.observe(viewer)
                        assert seen["players"][decision.player]["progress"] is None and seen["peek"] is None
            legal_ = game.legal_actions()
            game.apply_unchecked(legal_[pick.below(len(legal_))])
        for event in game.log:
            if event.rule in ("progress.draw", "progress.fifth", "progress.limit", "robber.steal") or \
                    " takes a" in event.text:
                words = json.dumps([event.text, dict(event.data)])
                assert not any(n in words for n in names), event
                assert not any(f" {c}" in event.text for c in ("ore", "wool", "coin", "paper", "cloth")), event


def test_a_redeal_keeps_every_count_and_what_a_peeking_seat_sees():
    game = ck_position(settlements={1: [13, 17]}, hands={1: "ore wool coin", 2: "brick paper"},
                       progress={0: "master-merchant", 1: "spy smith", 2: "merchant"})
    play(game, "play master-merchant", "target 2")
    for k in range(20):
        twin = game.redeal(0, Rng(k))
        assert twin.observe(0) == game.observe(0) and twin.invariant_breaks() == []
        assert twin.legal_actions() == game.legal_actions()  # the seen hand stays
    dealt = {tuple(map(tuple, game.redeal(3, Rng(k)).state.progress)) for k in range(20)}
    assert len(dealt) > 1


# ---------------------------------------------------------------- perft-style counts
def test_exact_legal_action_counts_in_fixed_positions():
    game = ck_position(cities={0: [17]}, roads={0: path(17, 22, 28)}, knights_={0: {22: "basic active"}},
                       hands={0: "ore wool grain brick brick coin"}, progress={0: "warlord crane"})
    # end; improve politics (1 coin); knight 28; move 22 28; play crane (no inactive knight for the Warlord);
    # promote 22 (ore + wool); wall 17 (2 brick). No road (no lumber), no trade (2 brick), no offer (others empty).
    assert legal(game) == ["end", "improve politics", "knight 28", "move 22 28", "play crane", "promote 22",
                           "wall 17"]
    game = ck_position(cities={0: [17]}, settlements={1: [38]}, roads={0: path(17, 22, 28, 34), 1: path(38, 33, 28)},
                       knights_={0: {22: "strong active"}, 1: {28: "basic"}}, hands={0: "grain"})
    assert legal(game) == ["displace 22 28", "end"]  # 34 lies behind the opponent's knight
    game = new_game(players=3, layout="beginner", start_player=0)
    counts = [len(legal(game))]
    for v, w in ((13, 8), (29, 34), (31, 36)):
        play(game, f"settle {v}")
        counts.append(len(legal(game)))
        play(game, f"road {path(v, w)[0]}")
    counts.append(len(legal(game)))  # cities: the free intersections after three settlements
    assert counts == [54, 3, 3, 3, 42] and game.pending().kind == "setup-city"


# ---------------------------------------------------------------- saves, configs, data
@pytest.mark.slow
def test_a_save_replays_to_the_same_game_and_loads_through_the_package_loader():
    game, pick = new_game(seed=5), Rng(5)
    for _ in range(600):
        legal_ = game.legal_actions()
        game.apply(legal_[pick.below(len(legal_))])
    text = game.to_json()
    assert CKGame.from_json(text).to_json() == text and load(text, trust_snapshot=True).to_json() == text
    data = json.loads(text)
    data["snapshot"]["state"]["barbarian"] += 1
    with pytest.raises(SaveFileError, match="disagrees"):
        CKGame.from_json(json.dumps(data))


def test_an_inventor_swap_moves_production_and_survives_a_trusted_load():
    game = ck_position(settlements={0: [29]}, progress={0: "inventor"})
    play(game, "play inventor", "swap 0 13")
    assert 13 in [h for h, _, _ in game.tables.by_number[10]] and 0 in [h for h, _, _ in game.tables.by_number[3]]
    fast = CKGame.from_json(game.to_json(), trust_snapshot=True)
    assert 13 in [h for h, _, _ in fast.tables.by_number[10]]
    twin = game.clone()
    twin.state.numbers = new_game(layout="beginner").state.numbers
    assert 0 in [h for h, _, _ in twin.tables.by_number[10]]  # the tables follow the state's tokens
    assert 13 in [h for h, _, _ in game.tables.by_number[10]]  # and the original keeps its own


@pytest.mark.parametrize("options, match", [
    ({"players": 2}, "3 to 4 players"), ({"players": 5}, "3 to 4 players"), ({"saboteur": "less"}, "saboteur"),
    ({"fifth_card": "keep"}, "fifth_card"), ({"barbarian_loss": "luck"}, "barbarian_loss"),
])
def test_impossible_configs_are_refused_by_name(options, match):
    with pytest.raises(ConfigError, match=match):
        new_game(**{"players": 4, **options})


def test_the_switches_default_to_the_documented_readings():
    c = new_game().config
    assert (c.points_to_win, c.saboteur, c.fifth_card, c.barbarian_loss, c.bishop_before_attack, c.meanies) == \
        (13, "as-many-or-more", "bottom", "strength", False, False)


def test_every_number_is_tagged_printed_and_published_ones_name_their_source():
    values = [v for v in vars(ck_rulebook).values() if isinstance(v, Sourced)]
    assert len(values) > 30 and all(v.is_printed for v in values)
    assert all(v.note for v in values if v.source == "published")
    assert ck_rulebook.LEVEL_COST.value == (1, 2, 3, 4, 5) and ck_rulebook.BARBARIAN_STEPS.value == 7


# ---------------------------------------------------------------- the invariants catch what they promise
def _broken(change):
    game = ck_position(cities={0: [17], 1: [31]}, roads={0: path(17, 22)}, knights_={0: {22: "basic active"}},
                       progress={1: "spy"}, hands={0: "coin"})
    assert game.invariant_breaks() == []
    change(game.state)
    return " | ".join(game.invariant_breaks())


@pytest.mark.parametrize("change, says", [
    (lambda s: s.hands.__setitem__(6, 2), "coin: 13 cards in hands and bank, not 12"),
    (lambda s: s.decks[2].pop(), "progress cards not conserved"),
    (lambda s: s.decks[0].append(s.decks[1][0]), "another track's card"),
    (lambda s: s.progress[1].extend([0, 0, 0, 0]), "5 progress cards, more than 4"),
    (lambda s: s.knights_at.__setitem__(0, s.knights_at[0] | 1 << 28 | 1 << 34), "more than 2 basic knights"),
    (lambda s: s.walls.__setitem__(0, 1 << 22), "a wall without a city"),
    (lambda s: setattr(s, "barbarian", 7), "the barbarian ship is at 7"),
    (lambda s: (s.metropolis.__setitem__(0, 31), s.metro_owner.__setitem__(0, 0)), "not on its own city"),
    (lambda s: s.points.__setitem__(0, 5), "differ from their sources"),
    (lambda s: setattr(s, "knight_nodes", 0), "the knight mask differs"),
    (lambda s: s.active.__setitem__(1, 1 << 40), "an active knight that is not on the board"),
    (lambda s: setattr(s, "free", s.free | 1 << 22), "the free intersections differ"),
])
def test_each_invariant_reports_its_break(change, says):
    assert says in _broken(change)
