"""The card game's designable parameters (``games/kardinal_koenig/parameters.py``): printed values and tags, each
parameter's effect on a game and on the sentences a player reads, refusals naming the parameter, random variants
played to the end, and the design lab's hooks."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.core import Changes, ConfigError, ParameterError, Rng, SaveFileError
from games.core.bots import GreedyBot, RandomBot, play_out
from games.core.conformance import check_random_game
from games.kardinal_koenig import RULES, CardGame, layout, load_deck, register_deck
from games.kardinal_koenig.data import approx, rulebook
from games.kardinal_koenig.deck import card_table
from games.kardinal_koenig.parameters import CARDS_DECK, PARAMETERS
from games.kardinal_koenig.scoring import RUNNER_UP_RULES

from . import scenario

BY_NAME = {p.name: p for p in PARAMETERS}
KINDS = tuple(approx.LAW_CHIP_SPLIT.value)


def variant(players: int = 3, seed: int = 0, **changes) -> CardGame:
    """A shuffled game with the variant's changes (dotted paths written with ``__``: ``law_chips__three=4``)."""
    return CardGame(None, seed, players=players, variant=Changes.of({k.replace("__", "."): v
                                                                      for k, v in changes.items()}))


def table(rows, changes: dict, chips: dict | None = None, players: int = 3, **options) -> CardGame:
    """A hand-made position (as ``scenario.table``) with a variant's changes."""
    return CardGame(None, 0, players=players, start_player=0, rows=[list(r) for r in rows], chips=dict(chips or {}),
                    variant=Changes.of(changes), **options)


def texts(game: CardGame) -> list[str]:
    return [e.text for e in game.log]


def with_displays(game: CardGame, *displays: list[str]) -> CardGame:
    """The game with each player's display replaced (cards of the deck by id), to read the chart."""
    for p, cards in enumerate(displays):
        game.state.displays[p] = list(cards)
    return game


# ---------------------------------------------------------------------------------------------------- the list
def test_every_parameter_feeds_rules_of_the_rule_book_and_describes_itself():
    assert len(BY_NAME) == len(PARAMETERS) >= 15
    for p in PARAMETERS:
        assert p.rules and all(r in RULES for r in p.rules), p.name
        assert p.words and p.note, p.name
        json.dumps(p.describe())
    assert CardGame.parameters() is PARAMETERS


def test_defaults_are_the_data_modules_printed_values_with_their_source_tags():
    printed = {
        "country_cards": rulebook.COUNTRY_CARDS, "layout_rows": rulebook.ROWS, "chart_points": rulebook.COUNTRY_POINTS,
        "runner_up_points": rulebook.RUNNER_UP, "crest_point_value": rulebook.CREST_POINT,
        "road_minimum": rulebook.ROAD_MINIMUM, "road_point_value": rulebook.ROAD_POINT,
        "minus_chip_points": rulebook.MINUS_CHIP_POINTS, "crest_limit": rulebook.CREST_LIMIT,
        "crest_limit_with_chip": rulebook.CREST_LIMIT_WITH_CHIP, "stones_per_player": rulebook.STONES_PER_PLAYER,
        "law_chips": approx.LAW_CHIP_SPLIT,
    }
    for name, sourced in printed.items():
        assert BY_NAME[name].default == sourced.value and BY_NAME[name].source == sourced.source, name
    assert BY_NAME["placeable_stones"].default == {"3": 3, "4": 2, "5": 2} == \
        {str(n): v for n, v in rulebook.PLACEABLE_STONES.value.items()}
    assert BY_NAME["placeable_stones"].source == "rulebook"
    deck = load_deck(CARDS_DECK)
    assert BY_NAME["cards"].default == card_table(deck) and BY_NAME["cards"].source == deck.source == "approx"
    assert BY_NAME["law_chips"].source == "approx"  # the split is ours; 8 in all is printed (the note says so)
    assert str(rulebook.LAW_CHIPS.value) in BY_NAME["law_chips"].note
    switch = BY_NAME["crestless_after_limit"]
    assert (switch.field, switch.source, switch.default) == ("crestless_after_limit", "decision", True)
    assert CardGame(None, 0).config.crestless_after_limit is switch.default
    # the chart's points are the card counts in the printed game: the number printed on a country's cards
    assert rulebook.COUNTRY_POINTS.value == rulebook.COUNTRY_CARDS.value


def test_the_printed_layout_is_the_rule_texts_4_rows_of_14_and_the_chip_pattern_gives_the_designed_x_cards():
    assert layout.row_lengths(56, rulebook.ROWS.value) == (rulebook.COLUMNS.value,) * 4
    assert layout.chip_places((14,) * 4, 8) == list(approx.LAW_CHIP_POSITIONS.value)
    game = CardGame(None, 0, players=4)
    assert game.geometry is layout.PRINTED and game.design.chip_places == approx.LAW_CHIP_POSITIONS.value
    assert game.deck is load_deck() and game.design.chart.points == rulebook.COUNTRY_POINTS.value
    assert game.params["country_cards"]["france"] == 8 and game.placeable == 2


def test_a_design_is_made_once_per_deck_and_variant_and_shared():
    a, b = variant(seed=1, crest_limit=3), variant(seed=2, crest_limit=3)
    assert a.design is b.design and a.cards is b.cards and a.clone().design is a.design
    assert variant(crest_limit_with_chip=4).design is not a.design


# ---------------------------------------------------------------------------------------------------- the deck
def test_country_cards_leaves_a_countrys_last_cards_out_or_adds_copies_of_its_first():
    game = variant(country_cards__france=10, country_cards__denmark=2)
    france = [c for c in game.deck.cards if c.country == "france"]
    assert [c.id for c in france] == [f"france-{i}" for i in range(1, 11)]
    first, second = game.cards["france-1"], game.cards["france-2"]
    assert (game.cards["france-9"].crests, game.cards["france-9"].route) == (first.crests, first.route)
    assert (game.cards["france-10"].crests, game.cards["france-10"].route) == (second.crests, second.route)
    assert [c.id for c in game.deck.cards if c.country == "denmark"] == ["denmark-1", "denmark-2"]
    assert len(game.deck.cards) == 56 + 2 - 2 and sorted(c for c in game.state.layout if c) == \
        sorted(c.id for c in game.deck.cards)
    assert "The 56 country cards are shuffled into 4 rows of 14, face up." in texts(game)
    more = variant(country_cards__france=9)
    assert "The 57 country cards are shuffled into 4 rows of 15, 14, 14 and 14 cards, face up." in texts(more)
    assert more.state.hi == [15, 14, 14, 14] and more.geometry.columns == 15 and more.state.cards_left == 57
    scenario.sound(more)


def test_cards_changes_a_cards_crests_and_route_and_the_take_says_so():
    plain = table([["france-3"], ["denmark-1"]], {})
    changed = table([["france-3"], ["denmark-1"]],
                    {"cards.france-3.crests": "cross+fan", "cards.france-3.route": "ship"})
    assert changed.cards["france-3"].crests == ("cross", "fan") and changed.cards["france-3"].route == "ship"
    assert "(1 crest)" in scenario.play(plain, "take 1 1")[0].text
    assert "(2 crests, a ship)" in scenario.play(changed, "take 1 1")[0].text
    both = table([["italy-1"]], {"cards.italy-1.route": "carriage+ship"})
    assert both.cards["italy-1"].routes == ("ship", "carriage")


def test_layout_rows_deals_the_cards_evenly_over_more_rows_with_more_ends():
    game = variant(layout_rows=7)
    assert game.state.hi == [8] * 7 and game.geometry.columns == 8
    assert "The 56 country cards are shuffled into 7 rows of 8, face up." in texts(game)
    assert len(game.geometry.ends(game.state.lo, game.state.hi)) == 14
    assert "rows are 1-7, columns 1-8" in scenario.refused(game, "take 8 1")
    one = variant(layout_rows=1)
    assert one.state.hi == [56] and "into 1 row of 56" in texts(one)[1]
    assert variant(layout_rows=1).design.chip_places[:2] == ((1, 2), (1, 55))


# ---------------------------------------------------------------------------------------------------- the chart
CARDS_3_2_1 = (["france-1", "france-2", "france-3"], ["france-4", "france-5"], ["france-6"])


def test_chart_points_is_what_the_most_cards_of_a_country_score():
    printed = with_displays(CardGame(None, 0), *CARDS_3_2_1)
    assert printed.chart().rows["france"][0] == (8, 3, 2)
    game = with_displays(variant(chart_points__france=12), *CARDS_3_2_1)
    assert game.chart().rows["france"][0] == (12, 3, 2)


@pytest.mark.parametrize(("rule", "points"), [("above", (8, 3, 2)), ("own", (8, 2, 1)), ("none", (8, 0, 0))])
def test_runner_up_points_is_how_the_players_below_the_most_score(rule, points):
    game = with_displays(variant(runner_up_points=rule), *CARDS_3_2_1)
    assert game.chart().rows["france"][0] == points


def test_crest_point_value_multiplies_the_top_crest_count():
    displays = (["france-6", "france-7"], ["france-4"], [])  # 2 crosses against 1
    assert with_displays(CardGame(None, 0), *displays).chart().rows["france"][1] == (2, 0, 0)
    assert with_displays(variant(crest_point_value=3), *displays).chart().rows["france"][1] == (6, 0, 0)


def test_road_minimum_and_road_point_value_decide_the_road_points():
    ships = ["france-6", "castile-3", "castile-4", "italy-2"]  # 4 ships
    assert with_displays(CardGame(None, 0), ships).chart().roads[0] == 0
    assert with_displays(variant(road_minimum=4), ships).chart().roads[0] == 4
    assert with_displays(variant(road_minimum=4, road_point_value=2), ships).chart().roads[0] == 8


def test_minus_chip_points_is_what_a_revealed_minus_chip_counts_and_the_log_says_so():
    for worth, words in ((-2, "reveals 1 −2 law chip(s): -2 points."), (-5, "reveals 1 −2 law chip(s): -5 points.")):
        game = table([["france-3"], ["denmark-1"]], {"minus_chip_points": worth}, chips={"2,1": "minus2"})
        scenario.hand_over(game, 1, "2,1")
        scenario.play(game, "take 1 1", "skip", "take 2 1")
        assert game.is_terminal() and game.chart().minus == (0, worth, 0)
        assert any(words in t for t in texts(game)), texts(game)[-4:]


# ---------------------------------------------------------------------------------------------------- the turn
def test_crest_limit_is_the_turns_crest_total_and_the_sentences_use_it():
    rows = [["france-6", "france-4", "france-3"], ["france-1"]]  # 2, 1 and 1 crests; france-1 has none
    printed = table(rows, {})
    scenario.play(printed, "take 1 1")
    assert "you have taken 2 of 2 this turn" in scenario.refused(printed, "take 1 2")
    game = table(rows, {"crest_limit": 3})
    scenario.play(game, "take 1 1")
    assert game.pending().prompt.endswith("(2 of 3 crests used)") and "take 1 2" in scenario.legal(game)
    scenario.play(game, "take 1 2")
    assert "you have taken 3 of 3 this turn" in scenario.refused(game, "take 1 3")
    scenario.sound(game)


def test_crest_limit_with_chip_is_the_limit_three_crests_allowed_raises_it_to():
    rows = [["france-6", "france-7", "france-3"], ["denmark-1"]]  # 2, 2 and 1 crests
    game = table(rows, {"crest_limit_with_chip": 4}, chips={"2,1": "three"})
    scenario.hand_over(game, 0, "2,1")
    events = scenario.play(game, "play three", "take 1 1", "take 1 2")
    assert any("up to 4 crests this turn" in e.text for e in events)
    assert game.crest_limit == 4 and game.observe(0)["crest_limit"] == 4 and game.state.turn.crests == 4
    scenario.sound(game)


def test_stones_per_player_is_the_claim_stones_each_player_takes():
    game = variant(stones_per_player=5, placeable_stones__3=4)
    assert game.state.hand == [5, 5, 5] and game.placeable == 4
    assert "Each player takes 5 claim stones (at most 4 on the layout at once with 3 players)." in texts(game)
    none = variant(stones_per_player=0)
    assert none.state.hand == [0, 0, 0] and none.placeable == 0  # the cap is at most the stones a player has
    scenario.sound(none)


def test_placeable_stones_is_how_many_stones_may_lie_out_at_once_and_the_sentences_say_so():
    rows = [["saxony-1", "saxony-3", "saxony-4"], ["italy-1", "italy-3", "italy-4"]]
    printed, game = table(rows, {}, players=4), table(rows, {"placeable_stones.4": 3}, players=4)
    for each in (printed, game):
        scenario.put_stone(each, 0, "2,1", "2,2")  # two of seat 0's stones out, the third in hand
        scenario.play(each, "take 1 1", "stop")
    assert printed.placeable == 2 and "place 2 3" not in scenario.legal(printed)
    refusal = scenario.refused(printed, "place 2 3")
    assert "with 4 players at most 2 of your claim stones may be on the layout" in refusal
    assert game.placeable == 3 and "place 2 3" in scenario.legal(game)
    events = scenario.play(game, "place 2 3")
    assert scenario.rules_of(events)[:2] == ["claim.place", "claim.limit-45"]
    assert "All 3 placeable claim stones of player 1 are out" in events[1].text
    assert game.state.placed[0] == 3 and scenario.sound(game)


def test_law_chips_is_how_many_chips_of_each_kind_lie_on_the_marked_cards():
    game = variant(law_chips__three=4, law_chips__minus2=0)
    laid = Counter(k for k in game.state.chip if k)
    assert laid == {"return": 2, "three": 4, "colours": 2}
    assert "The 8 law chips are shuffled and put face down on the marked cards: 1-2, 1-13, 2-3, 2-12, 3-4, 3-11, " \
           "4-5, 4-10." in texts(CardGame(None, 0))
    assert any(t.startswith("The 8 law chips") for t in texts(game))
    ten = variant(law_chips__three=4, law_chips__colours=4)
    assert any(t.startswith("The 12 law chips") and t.endswith("1-6, 1-9, 2-7, 2-8.") for t in texts(ten))
    none = variant(law_chips={k: 0 for k in KINDS})
    assert not any(none.state.chip) and "There are no law chips at this table." in texts(none)
    scenario.sound(none)


def test_crestless_after_limit_is_the_config_switch_and_the_option_is_range_checked():
    rows = [["france-6", "france-1"], ["denmark-1"]]  # 2 crests, then none
    on, off = table(rows, {}), table(rows, {}, crestless_after_limit=False)
    scenario.play(on, "take 1 1")
    scenario.play(off, "take 1 1")
    assert "take 1 2" in scenario.legal(on) and off.pending().kind == "claim"
    assert off.params["crestless_after_limit"] is False and on.params["crestless_after_limit"] is True
    with pytest.raises(ConfigError, match="option crestless_after_limit must be bool"):
        CardGame(None, 0, crestless_after_limit="yes")
    with pytest.raises(ParameterError, match="set it there"):
        variant(crestless_after_limit=False)


# ---------------------------------------------------------------------------------------------------- refusals
@pytest.mark.parametrize(("changes", "words"), [
    ({"rows": 5}, 'has no parameter "rows"'),
    ({"layout_rows": "5"}, "layout_rows is a whole number"),
    ({"crest_limit": 2.5}, "crest_limit is a whole number"),
    ({"runner_up_points": 1}, "runner_up_points is a text"),
    ({"runner_up_points": "half"}, "runner_up_points is one of above, own, none"),
    ({"layout_rows": 0}, "layout_rows is at least 1"),
    ({"layout_rows": 9}, "layout_rows is at most 8"),
    ({"country_cards.france": 21}, "country_cards.france is at most 20"),
    ({"country_cards.france": -1}, "country_cards.france is at least 0"),
    ({"chart_points.denmark": 31}, "chart_points.denmark is at most 30"),
    ({"law_chips.three": 7}, "law_chips.three is at most 6"),
    ({"minus_chip_points": -11}, "minus_chip_points is at least -10"),
    ({"crest_limit": 0}, "crest_limit is at least 1"),
    ({"stones_per_player": 7}, "stones_per_player is at most 6"),
    ({"road_minimum": 0}, "road_minimum is at least 1"),
    ({"country_cards": {"france": 8}}, "country_cards lacks saxony"),
    ({"country_cards.prussia": 4}, 'country_cards has no cell "prussia"'),
    ({"placeable_stones.6": 2}, 'placeable_stones has no cell "6"'),
    ({"cards.france-9.crests": ""}, 'cards has no cell "france-9"'),
    ({"cards.france-1": {"crests": ""}}, "cards.france-1 lacks route"),
    ({"law_chips": [2, 2, 2, 2]}, "law_chips is a table of return, three, colours, minus2"),
    ({"layout_rows.1": 2}, "layout_rows is a single value"),
])
def test_a_bad_change_is_refused_with_a_sentence_naming_the_parameter(changes, words):
    with pytest.raises(ParameterError) as err:
        CardGame(None, 0, variant=Changes.of(changes))
    assert words in str(err.value)


@pytest.mark.parametrize(("changes", "words"), [
    ({"country_cards": {c: 0 for c in rulebook.COUNTRIES}}, "country_cards: a game needs at least one country card"),
    ({"cards.france-2.crests": "lily+rose"}, "cards: card france-2 shows the crest 'rose', which is no crest kind"),
    ({"cards.france-2.route": "boat"}, "cards: card france-2: its route is '', 'ship', 'carriage' or 'ship+carriage'"),
    ({"cards.france-2.route": "ship+ship"}, "not 'ship+ship'"),
])
def test_each_parameters_own_check_refuses_a_table_that_is_no_game(changes, words):
    with pytest.raises(ParameterError) as err:
        CardGame(None, 0, variant=Changes.of(changes))
    assert words in str(err.value)


@pytest.mark.parametrize(("changes", "words"), [
    ({"crest_limit": 3, "crest_limit_with_chip": 2}, "crest_limit_with_chip is 2, below crest_limit (3)"),
    ({"layout_rows": 8, "country_cards": {c: 0 for c in rulebook.COUNTRIES} | {"france": 7}},
     "the 7 country cards (country_cards) cannot fill 8 rows (layout_rows)"),
    ({"layout_rows": 8, "law_chips": {k: 6 for k in KINDS}},
     "the 24 law chips (law_chips) do not find 24 marked cards in 8 rows of 7 cards"),
    ({"cards.france-2.crests": "lily+lily+lily"},
     "card france-2 shows 3 crests, more than crest_limit (2): only a turn with the '3 crests allowed' chip could "
     "take it"),
    ({"crest_limit": 1}, "card france-6 shows 2 crests, more than crest_limit (1)"),
])
def test_what_two_parameters_must_agree_on_is_refused_naming_both(changes, words):
    with pytest.raises(ParameterError) as err:
        CardGame(None, 0, variant=Changes.of(changes))
    assert words in str(err.value)


def test_the_cards_table_belongs_to_the_designed_deck_and_another_deck_refuses_it():
    register_deck("kk-parameters-copy", {"cards": [{"id": c.id, "country": c.country, "crests": list(c.crests),
                                                    "route": c.route} for c in load_deck().cards]})
    CardGame(None, 0, deck="kk-parameters-copy", variant=Changes.of({"crest_limit": 3}))  # other parameters apply
    with pytest.raises(ParameterError, match="cards describes the designed deck approx_v1"):
        CardGame(None, 0, deck="kk-parameters-copy", variant=Changes.of({"cards.france-1.route": "ship"}))


def test_a_refused_variant_in_a_save_is_refused_by_name():
    game = variant(crest_limit=3)
    data = game.to_dict()
    data["config"]["variant"]["changes"] = {"crest_limit": 9}
    with pytest.raises(SaveFileError, match="bad config: crest_limit is at most 6"):
        CardGame.from_dict(data)


def test_hand_made_rows_are_checked_against_the_variants_frame():
    with pytest.raises(ConfigError, match="at most 8 card ids"):
        table([["france-1"] + [f"saxony-{i}" for i in range(1, 8)] + ["italy-1"]], {"layout_rows": 7})


# ---------------------------------------------------------------------------------------------------- random variants
COUNTS = st.fixed_dictionaries({c: st.integers(0, 20) for c in rulebook.COUNTRIES})
CARD_IDS = sorted(BY_NAME["cards"].default)


@st.composite
def variants(draw) -> dict:
    """Changes drawn from every parameter's allowed range (each parameter changed or not)."""
    out: dict = {}
    maybe = st.booleans()
    if draw(maybe):
        out["country_cards"] = draw(COUNTS)
    if draw(maybe):
        out["layout_rows"] = draw(st.integers(1, 8))
    if draw(maybe):
        out["chart_points"] = draw(st.fixed_dictionaries({c: st.integers(0, 30) for c in rulebook.COUNTRIES}))
    if draw(maybe):
        out["runner_up_points"] = draw(st.sampled_from(RUNNER_UP_RULES))
    for name, low, high in (("crest_point_value", 0, 5), ("road_minimum", 1, 20), ("road_point_value", 0, 5),
                            ("minus_chip_points", -10, 10), ("stones_per_player", 0, 6)):
        if draw(maybe):
            out[name] = draw(st.integers(low, high))
    limit = draw(st.integers(1, 6))
    if draw(maybe):
        out["crest_limit"] = limit
    if draw(maybe):
        out["crest_limit_with_chip"] = draw(st.integers(limit, 8))
    if draw(maybe):
        out["placeable_stones"] = draw(st.fixed_dictionaries({n: st.integers(0, 6) for n in ("3", "4", "5")}))
    if draw(maybe):
        out["law_chips"] = draw(st.fixed_dictionaries({k: st.integers(0, 6) for k in KINDS}))
    for cid in draw(st.lists(st.sampled_from(CARD_IDS), max_size=4, unique=True)):
        crests = draw(st.lists(st.sampled_from(approx.CREST_KINDS.value), max_size=3))
        out[f"cards.{cid}.crests"] = "+".join(crests)
        out[f"cards.{cid}.route"] = draw(st.sampled_from(["", "ship", "carriage", "ship+carriage"]))
    return out


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(variants(), st.integers(3, 5), st.integers(0, 10_000), st.booleans())
def test_random_variants_play_to_the_end_and_save_load_and_replay_equal(changes, players, seed, uniform):
    try:
        CardGame(None, seed, players=players, variant=Changes.of(changes, "random"))
    except ParameterError:
        assume(False)  # a refused variant is refused when made, with its sentence (the tests above)
    game = check_random_game(lambda s: CardGame(None, s, players=players, variant=Changes.of(changes, "random")),
                             seed, deep_every=11, policy="uniform" if uniform else "game")
    assert game.is_terminal() and len(game.scores()) == players
    loaded = CardGame.from_json(game.to_json())
    assert loaded.to_dict() == game.to_dict() and loaded.params == game.params
    replayed = CardGame.replay(game.config, game.seed, list(game.history))
    assert replayed.state == game.state and replayed.scores() == game.scores()
    assert game.at(len(game.history) // 2).state == CardGame.replay(game.config, game.seed,
                                                                     game.history[:len(game.history) // 2]).state


@pytest.mark.slow
def test_a_variant_game_plays_with_greedy_bots_undoes_and_redeals():
    game = variant(players=4, seed=3, layout_rows=6, country_cards__england=9, crest_limit=3, law_chips__three=3)
    before = game.to_dict()
    for _ in range(30):
        game.apply(GreedyBot(1).choose(game))
    middle = game.to_dict()
    game.undo(30)
    assert game.to_dict() == before
    for _ in range(30):
        game.apply(GreedyBot(1).choose(game))
    assert game.to_dict() == middle
    twin = game.redeal(0, Rng(5))
    assert twin.observe(0) == game.observe(0) and twin.params == game.params and twin.design is game.design
    play_out(game, [GreedyBot(p) for p in range(4)])
    assert game.is_terminal() and scenario.sound(game)


def test_a_crest_limit_of_one_plays_to_the_last_card_once_every_card_shows_at_most_one_crest():
    one_crest = {cid: {"crests": cell["crests"].split("+")[0], "route": cell["route"]}
                 for cid, cell in BY_NAME["cards"].default.items()}
    for seed in range(3):
        game = CardGame(None, seed, players=3 + seed, variant=Changes.of({"crest_limit": 1, "cards": one_crest}))
        play_out(game, [RandomBot(seed + p) for p in range(3 + seed)])
        assert game.is_terminal() and game.state.cards_left == 0 and scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- the lab's hooks
def _played(players: int, seed: int) -> tuple[CardGame, set[str], list[dict], list]:
    game = CardGame(None, seed, players=players)
    bots = [RandomBot(seed * 11 + p) for p in range(players)]
    seen: set[str] = set()
    series, rounds = [], []
    while not game.is_terminal():
        seen.update(game.legal_actions().texts())
        series.append(game.series())
        rounds.append(game.round_number())
        assert len(game.standings()) == players
        game.apply(bots[game.pending().player].choose(game))
    return game, seen, series, rounds


@pytest.mark.slow
def test_the_lab_hooks_on_played_games():
    seen: set[str] = set()
    for seed, players in enumerate((3, 4, 5, 3, 4, 5)):
        game, texts_seen, series, rounds = _played(players, seed)
        seen |= texts_seen
        assert game.standings() == tuple(float(t) for t in game.scores()) and len(game.standings()) == players
        for sample in series:
            assert set(sample) == {"points", "cards", "stones placed", "stones lost", "law chips held", "cards left"}
            for value in sample.values():
                assert isinstance(value, float) or (len(value) == players and all(isinstance(v, float) for v in value))
        assert [s["cards left"] for s in series] == sorted((s["cards left"] for s in series), reverse=True)
        assert series[-1]["cards"] != series[0]["cards"]
        assert all(r is None for r in rounds)  # no rounds of its own: the lab counts them
    for prefix in CardGame.action_kinds:
        assert any(t == prefix or t.startswith(prefix + " ") for t in seen), prefix


def test_a_bot_forbidden_to_place_never_places_and_one_forbidden_to_stop_takes_while_it_can():
    def forbid(prefix: str):
        return lambda action: not (str(action) == prefix or str(action).startswith(prefix + " "))

    def placed_by_first_seat(allow) -> int:
        game = play_out(CardGame(None, 4, players=3), [RandomBot(1, allow=allow), RandomBot(2), RandomBot(3)])
        return sum(e.rule in ("claim.place", "claim.move") and e.data.get("player") == 0 and "cell" in e.data
                   for e in game.log)

    assert placed_by_first_seat(None) > 0 and placed_by_first_seat(forbid("place")) == 0
    game = CardGame(None, 4, players=3)
    bots = [RandomBot(1, allow=forbid("stop")), RandomBot(2), RandomBot(3)]
    stopped_with_a_card_to_take = taken_on_after_a_card = 0
    while not game.is_terminal():
        seat, legal_now = game.pending().player, game.legal_actions().texts()
        action = bots[seat].choose(game)
        could_stop_with_a_card_to_take = "stop" in legal_now and any(t.startswith("take ") for t in legal_now)
        if seat == 0 and could_stop_with_a_card_to_take:
            stopped_with_a_card_to_take += str(action) == "stop"
            taken_on_after_a_card += str(action).startswith("take ")
        game.apply(action)
    assert stopped_with_a_card_to_take == 0 and taken_on_after_a_card > 0


def test_the_table_shows_the_games_own_numbers():
    from widgets.kardinal_koenig import KKTable

    game = variant(players=4, seed=1, country_cards__france=10, chart_points__france=12, crest_limit_with_chip=4)
    view = KKTable(game=game, human=0)
    france = next(row for row in view.catalog["countries"] if row[0] == "france")
    assert france[5:] == [12, 10] and view.catalog["limit_with_chip"] == 4
    assert [len(row) for row in view.board] == [15] * 4  # 58 cards in 4 rows: a frame of 15 columns
