"""What a player may and must do, sentence by sentence of the rule text (issue 15, "rules fidelity"): a location
taken is carried out; bonus abilities and the repetitions of "N×" and "▶" abilities are the player's choice; a
step that costs cards is asked alike whatever the hidden hand holds; and the audit's other "may" and "must"
sentences (the rules notes' table "May and must")."""

import pytest

from games.chartres import pour
from games.chartres.game import ChartresGame
from games.core import IllegalAction, Rng
from games.core.bots import GreedyBot, RandomBot

from . import scenario
from .scenario import CELLAR_A, PARTS, PURPLE, RED, YELLOW

rule = pytest.mark.rule

BARREL_PER_WHITE = scenario.card(colour="yellow", per="white", main=("barrel",), bonus=None)  # a09
BARREL_THEN_BARREL = scenario.card(colour="yellow", main=("barrel",), bonus=("barrel",))
TWO_CITIZENS = scenario.card(colour="yellow", main=("gain_citizen",), times=2)
TWICE_YELLOW = scenario.card(colour="yellow", main=("discard:yellow", "window:yellow"), times=2)
KILN_CARD = scenario.card(colour="red", main=("discard:any", "discard:any", "window:white"))


def after_reveal(events):
    last = max(i for i, e in enumerate(events) if e.rule == "play.reveal")
    return events[last + 1:]


# ---------------------------------------------------------------------------------------------------- item 1
@rule("location.take")
@rule("location.must-perform")
def test_a_location_taken_is_carried_out_its_first_discard_cannot_be_stopped():
    """「1枚を選び、その効果を実行し」 and 「そのメイン能力を実行できないロケーションカードを選ぶことはできません」:
    before, a player could take the yellow workshop, answer stop, and the location left the display with nothing
    paid or built."""
    game = scenario.new_game(2)
    shop = scenario.location("glaziers' yellow workshop")
    scenario.show_locations(game, [shop, scenario.location("market"), scenario.location("scriptorium")])
    scenario.give_hand(game, 0, [YELLOW[0], RED[0]])
    scenario.play(game, f"location {shop}")
    assert game.pending().kind == "discard" and scenario.legal(game) == [f"discard {YELLOW[0]}"]
    assert game.pending().prompt == f"Player 1: {shop} (discard a yellow card, build a yellow window) – discard to " \
                                    "resolve it (time 1 of 1)"
    with pytest.raises(IllegalAction, match=f"you took {shop}: its main ability is carried out"):
        game.apply("stop")
    events = scenario.play(game, f"discard {YELLOW[0]}")
    assert scenario.rules_of(events)[:2] == ["effect.discard", "window.bonus"]
    assert game.state.windows[0] == ["yellow"] and shop in game.state.loc_discard
    assert game.pending().player == 1 and scenario.sound(game)


@rule("location.take")
def test_both_discards_of_the_white_glass_kiln_are_paid_once_it_is_taken():
    game = scenario.new_game(2)
    kiln = scenario.location("white glass kiln")
    scenario.show_locations(game, [kiln])
    scenario.give_hand(game, 0, [YELLOW[0], PURPLE[0], RED[0]])
    scenario.play(game, f"location {kiln}")
    assert "stop" not in scenario.legal(game)
    scenario.play(game, f"discard {PURPLE[0]}")
    assert "stop" not in scenario.legal(game) and game.pending().kind == "discard"
    scenario.play(game, f"discard {RED[0]}")
    assert game.state.windows[0] == ["white"] and game.state.hand[0] == [YELLOW[0]]


@rule("location.take")
@rule("act.bonus")
def test_a_locations_bonus_is_the_players_choice_its_main_ability_is_not():
    """The lower ability of a location is a bonus as on a card (「下部の能力は、上部の能力の効果が解決された場合に
    のみ得られるボーナス」), and bonuses are not compulsory (「ボーナス能力効果は必須ではありません」)."""
    for answer, on_paths in (("stop", 1), ("resolve", 2)):
        game = scenario.new_game(2)
        hall = scenario.location("guild hall")  # take a citizen; bonus: put a citizen on a path
        scenario.show_locations(game, [hall])
        events = scenario.play(game, f"location {hall}")
        assert scenario.rules_of(events)[:4] == ["location.take", "ability.main-bonus", "effect.citizen", "act.bonus"]
        assert game.pending().kind == "resolve" and scenario.legal(game) == ["resolve", "stop"]
        assert game.pending().prompt.startswith(f"Player 1: {hall}'s bonus (put a citizen on a path) – resolve it")
        events = scenario.play(game, answer)
        if answer == "resolve":
            scenario.play(game, "path townhall")
        else:
            assert events[0].text == f"Player 1 stops {hall}'s bonus after 0 of 1 time."
        assert game.on_paths(0) == on_paths and game.state.personal[0] == 4 - on_paths
        scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- item 2
def barrel_position(marker: int = 0, main_optional: bool = False) -> ChartresGame:
    """Seat 0 (cellar A, marker on ``marker``) activates "per white grape ▶ barrel marker right 1" with 4 white
    grapes in the action row."""
    game = ChartresGame(None, 0, players=2, initiative=(0, 1), cellars=("A", "B"), main_optional=main_optional)
    while game.pending().kind == "setup-row":
        game.apply(game.legal_actions()[0])
    game.state.barrel[0] = marker
    whites = scenario.row_for(white=4, avoid={BARREL_PER_WHITE})
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, BARREL_PER_WHITE, row=[BARREL_PER_WHITE, *whites]))
    assert game.resources(0)["white"] == 4
    return game


@rule("ability.per")
@rule("decision.main-once")
def test_each_barrel_step_after_the_first_is_the_players_choice_so_a_cellar_keeps_its_best_barrel():
    """Cellar A: 4 white grapes fill the barrel under the marker, 6 IP on space 3 but 2 IP on space 4. The ability
    moves the marker once per white grape, 「回数だけ効果を解決できます」: up to 4 times; before, all 4 steps were
    forced and the marker ended on space 4."""
    assert pour(CELLAR_A, 3, 4, 0).ip == 6 and pour(CELLAR_A, 4, 4, 0).ip == 2
    game = barrel_position()
    assert game.state.barrel[0] == 1  # the first step is carried out at once (decision.main-once)
    assert game.pending().kind == "resolve" and game.pending().player == 0
    assert game.pending().prompt == f"Player 1: {BARREL_PER_WHITE} (per white in your action row ▶ barrel marker " \
                                    "right 1) – resolve it (time 2 of 4), or stop"
    events = scenario.play(game, "resolve", "resolve")
    assert game.state.barrel[0] == 3 and scenario.rules_of(events).count("ability.per") == 2
    events = scenario.play(game, "stop")
    assert events[0].rule == "ability.per" and events[0].text == f"Player 1 stops {BARREL_PER_WHITE} after 3 of 4 " \
                                                                  "times."
    assert game.state.barrel[0] == 3 and game.pending().kind == "location"
    assert pour(CELLAR_A, game.state.barrel[0], game.resources(0)["white"], 0).ip == 6
    scenario.sound(game)


def test_the_greedy_bot_stops_before_a_barrel_step_that_lowers_its_wine():
    game = barrel_position(marker=2)
    assert game.state.barrel[0] == 3
    assert str(GreedyBot(0).choose(game)) == "stop"  # space 4 would score 2 IP instead of 6
    assert set(game.legal_actions().texts()) == {"resolve", "stop"}
    assert str(RandomBot(0).choose(game)) in scenario.legal(game)


@rule("act.bonus")
def test_a_cards_bonus_is_the_players_choice():
    """「ボーナス能力効果は必須ではありません」: the bonus barrel step of cellar A's space 3 → 4 would turn a 6 IP
    barrel into a 2 IP one; the player stops it."""
    game = ChartresGame(None, 0, players=2, initiative=(0, 1), cellars=("A", "B"))
    while game.pending().kind == "setup-row":
        game.apply(game.legal_actions()[0])
    game.state.barrel[0] = 2
    events = after_reveal(scenario.play_cards(game, scenario.ready_to_activate(game, 0, BARREL_THEN_BARREL)))
    assert game.state.barrel[0] == 3 and scenario.of_rule(events, "act.bonus")[0].text.endswith(
        "bonus barrel marker right 1 (optional).")
    assert game.pending().kind == "resolve" and scenario.legal(game) == ["resolve", "stop"]
    events = scenario.play(game, "stop")
    assert [e.rule for e in events][:1] == ["act.bonus"] and game.state.barrel[0] == 3
    assert "decision.full-resolution" not in scenario.rules_of(events)  # the main ability was resolved fully


@rule("decision.main-once")
@pytest.mark.parametrize("main_optional", [False, True])
def test_the_config_switch_main_optional_decides_whether_the_first_time_may_be_declined(main_optional):
    """「可能であれば…効果を解決します」 (resolve it if possible) against 「解決できる回数」 (the times it *can* be
    resolved): the text does not settle whether the first time of an activated card's main ability may be
    declined, so the config says (default ``False``: it is carried out)."""
    game = barrel_position(main_optional=main_optional)
    if not main_optional:
        assert game.state.barrel[0] == 1 and game.pending().prompt.endswith("(time 2 of 4), or stop")
        return
    assert game.state.barrel[0] == 0 and game.pending().kind == "resolve"
    assert game.pending().prompt.endswith("(time 1 of 4), or stop")
    events = scenario.play(game, "stop")
    assert events[0].rule == "decision.main-once" and game.state.barrel[0] == 0
    assert ChartresGame.from_json(game.to_json(), trust_snapshot=True).config.main_optional


@rule("decision.main-once")
def test_random_play_with_main_optional_keeps_every_invariant():
    for seed in range(3):
        game, pick = ChartresGame(None, seed, players=2 + seed, main_optional=True), Rng(seed)
        kinds = set()
        while not game.is_terminal():
            assert game.invariant_breaks() == [], (seed, len(game.history))
            kinds.add(game.pending().kind)
            actions = game.legal_actions()
            game.apply(actions[pick.below(len(actions))])
        assert "resolve" in kinds


@rule("ability.times")
def test_a_card_that_costs_nothing_twice_asks_before_its_second_time():
    game = scenario.new_game(2)
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, TWO_CITIZENS))
    assert game.state.personal[0] == 3 and scenario.legal(game) == ["resolve", "stop"]
    scenario.play(game, "stop")
    assert game.state.personal[0] == 3 and game.pending().kind == "location"


# ---------------------------------------------------------------------------------------------------- item 3
def hand_twin(game: ChartresGame, viewer: int, seed: int, seat: int, keep: list[str]) -> ChartresGame:
    """``game.redeal(viewer)``, with the cards ``keep`` put back in ``seat``'s hand (each swapped with a card the
    redeal dealt there): a twin that differs only in the rest of that hand and the deck."""
    twin = game.redeal(viewer, Rng(seed))
    s = twin.state
    for cid in keep:
        if cid in s.hand[seat]:
            continue
        spare = next(c for c in s.hand[seat] if c not in keep)
        pile = next(p for p in (s.deck, *s.hand) if cid in p)
        pile[pile.index(cid)] = spare
        s.hand[seat][s.hand[seat].index(spare)] = cid
    for hand in s.hand:
        hand.sort()
    return scenario.sound(twin)


@rule("decision.public-steps")
def test_a_discard_step_looks_the_same_to_the_others_whether_or_not_the_hand_can_pay():
    """Before, a hand without a yellow card skipped the step: the other seat saw the next round's location phase
    instead of "discard", and another log line, and so learned that the hand held no yellow card."""
    game = scenario.new_game(2, initiative=(1, 0))
    extra = [c for c in YELLOW if c != TWICE_YELLOW][-1]
    plays = scenario.ready_to_activate(game, 0, TWICE_YELLOW, hand=[extra])
    row, slot, act = plays[0]
    scenario.play(game, f"row {plays[1][0]}", f"activate {len(game.state.row[1]) + 1} {plays[1][2]}")
    assert game.pending().player == 0 and game.pending().kind == "commit-row"
    twin = next(t for t in (hand_twin(game, 1, k, 0, [row, act]) for k in range(200))
                if not any(scenario.colour_of(c) == "yellow" for c in t.state.hand[0] if c not in (row, act)))
    assert twin.observe(1) == game.observe(1) and twin.state.hand[0] != game.state.hand[0]
    for g in (game, twin):
        scenario.play(g, f"row {row}", f"activate {slot} {act}")
    assert game.pending() == twin.pending() and game.pending().kind == "discard"
    assert twin.observe(1) == game.observe(1) and twin.observe(1)["phase"] == "discard"
    assert twin.log == game.log
    # each hand knows its own
    assert scenario.legal(game) == [f"discard {extra}", "stop"] and scenario.legal(twin) == ["stop"]
    for g in (game, twin):
        scenario.play(g, "stop")
    assert twin.observe(1) == game.observe(1) and twin.log == game.log
    assert game.log[-1].rule == "location.order" or game.pending().kind == "location"
    stopped = [e for e in game.log if e.rule == "decision.public-steps"]
    assert [e.text for e in stopped] == [f"Player 1 stops {TWICE_YELLOW} after 0 of 2 times."]


@rule("decision.public-steps")
def test_a_hand_too_small_to_pay_is_passed_over_since_its_size_is_public():
    game = scenario.new_game(2)
    plays = scenario.ready_to_activate(game, 0, KILN_CARD, hand=[PURPLE[0]])  # 2 cards to discard, 1 left after Phase C
    events = after_reveal(scenario.play_cards(game, plays))
    resolution = scenario.of_rule(events, "decision.full-resolution")[0]
    assert resolution.text == f"Player 1 resolved {KILN_CARD}'s main ability 0 " \
                                                                  "of 1 times: no bonus."
    assert game.pending().kind == "location"


# ---------------------------------------------------------------------------------------------------- the audit
@rule("hand.keep-limit")
def test_outside_phases_b_and_c_no_hand_ever_holds_more_cards_than_its_limit():
    """「フェーズBでカードを2枚引く場合を除き、ゲーム全体を通して遵守しなければなりません」: draws stop at the limit
    (hand.limit) and the 2 cards of Phase B go out again in Phase C, so the limit holds whenever Phase C is over."""
    checked = 0
    for seed in range(6):
        game, pick = ChartresGame(None, seed, players=2 + seed % 3), Rng(seed)
        while not game.is_terminal():
            if game.state.phase not in ("setup-row", "commit-row", "commit-act"):
                over = [p for p in range(game.players) if len(game.state.hand[p]) > game.hand_limit(p)]
                assert over == [], (seed, len(game.history), game.pending())
                checked += 1
            actions = game.legal_actions()
            game.apply(actions[pick.below(len(actions))])
    assert checked > 300


@rule("decision.window-fallback")
@rule("window.white")
def test_a_white_window_instead_of_a_coloured_one_may_be_declined_before_paying_for_it():
    """「常に白の窓を構築できます」 (may): the second yellow window of a card would go on a red space, so white and
    without the bonus; the player may stop before paying its card."""
    game = scenario.new_game(2)
    yellows = [c for c in YELLOW if c != TWICE_YELLOW][-2:]
    scenario.play_cards(game, scenario.ready_to_activate(game, 0, TWICE_YELLOW, hand=yellows))
    scenario.play(game, f"discard {yellows[0]}")
    assert game.state.windows[0] == ["yellow"] and PARTS.window_colours[1] == "red"
    assert scenario.legal(game) == [f"discard {yellows[1]}", "stop"]
    scenario.play(game, "stop")
    assert game.state.windows[0] == ["yellow"] and game.state.hand[0] == [yellows[1]]


@rule("score.bonus-tile")
def test_a_bonus_tile_taken_is_carried_out_whole():
    """「ボーナスタイルを1枚獲得することができます」 (may take one) but then 「その効果を実行します」: the two barrel
    steps of the tile are not asked one by one."""
    game = scenario.new_game(2, cellars=("A", "B"))
    barrels = scenario.tile("barrel", "barrel")
    scenario.show_tiles(game, [barrels])
    scenario.set_personal(game, 0, 3)
    scenario.set_personal(game, 1, 0)
    scenario.to_phase_f(game, {0: scenario.row_for(torch=1), 1: scenario.row_for(cart=1, horse=1)})
    assert scenario.legal(game) == [f"bonus {barrels}", "pass"]
    marker = game.state.barrel[0]
    scenario.play(game, f"bonus {barrels}")
    assert game.state.barrel[0] == marker + 2


@rule("wine.grapes")
@rule("wine.order")
def test_six_grapes_fill_one_full_barrel_not_two_half_barrels():
    """「同じ色のブドウ4つで1つの樽を満杯にし、同じ色のブドウ3つで樽の半分を満たすことができます」 and the example's
    「まず、満杯の樽を」: full barrels are filled first from the grapes, so 6 grapes are 4 + 2, even where two half
    barrels would score more (cellar A, marker on space 4: a full 2 IP barrel, against halves of 2 and 7 = 1 + 3)."""
    result = pour(CELLAR_A, 4, 6, 0)
    assert [(b.space, b.fill) for b in result.barrels] == [(4, "full")] and result.ip == 2
    assert result.unused == {"white": 2, "red": 0}


@rule("era.discard")
@rule("era.cellars")
def test_the_era_ends_in_the_numbered_order_cards_then_cellars_then_the_era_marker():
    """「1. カードを捨てる」 … 「3. 地下室を左に渡す」 … 「4. 時代マーカーを移動する」 (the summary before it says
    「その後、地下室を交換し、プレイエリアのカード枚数を3枚に減らします」: the two steps do not touch each other,
    so the order cannot change a score; the engine follows the numbered list)."""
    game = scenario.new_game(3)
    events = scenario.run_to(game, "location", era=2)
    order = [e.rule for e in events if e.rule in ("era.discard", "era.cellars", "era.marker", "flow.bonus-refresh")]
    assert order == ["era.discard", "era.cellars", "era.marker", "flow.bonus-refresh"]
