"""Kutná Hora's designable parameters (``games/kutna_hora/parameters.py``) in both game ids: every parameter
changes the game as its rule says (and the sentences a player reads say the new number), the defaults are the data
modules' printed values, and bad changes are refused naming the parameter (designed games played to their end, and
the design lab's hooks on them: test_parameter_play.py)."""

from __future__ import annotations

import json

import pytest

from games.core import Changes, ConfigError, ParameterError
from games.core.bots import RandomBot
from games.core.parameters import thaw
from games.kutna_hora import ECONOMY_RULES, RULES, EconomyGame, KutnaHoraGame, barbara_action
from games.kutna_hora import parameters as kh_parameters
from games.kutna_hora.data import approx, rulebook
from games.kutna_hora.data.components import BUILDINGS, RIGHTS_COSTS, STARTING_GROSCHEN, TILES
from games.kutna_hora.economy import MAX_ADVANCE
from games.kutna_hora.effects import reputation
from games.kutna_hora.prices import (
    PriceTable,
    load_price_table,
    price_changes,
    register_price_table,
    table_cells,
    table_with,
)

from . import scenario

GAME = {p.name: p for p in KutnaHoraGame.parameters()}
ECONOMY = {p.name: p for p in EconomyGame.parameters()}


def variant(**changes) -> Changes:
    """``variant(council_cost=4)``; cell paths with dots go through ``cells``: ``variant(cells={"rounds.2": 3})``."""
    cells = changes.pop("cells", {})
    return Changes.of({**changes, **cells}, "test")


def designed(players: int = 2, seed: int = 0, **options) -> KutnaHoraGame:
    """A first game (scenario.new_game) with the variant given as ``changes={path: value}``."""
    changes = options.pop("changes", {})
    return scenario.new_game(players, seed, variant=Changes.of(changes, "test"), **options)


def texts(events) -> str:
    return " | ".join(e.text for e in events)


# ---------------------------------------------------------------------------------------------------- the list
def test_both_ids_list_their_parameters_each_feeding_rules_of_their_own_book():
    assert KutnaHoraGame.parameters() is KutnaHoraGame.parameters()  # a module tuple: cheap to ask
    for params, book in ((GAME, RULES), (ECONOMY, ECONOMY_RULES)):
        for p in params.values():
            assert p.rules, p.name
            for rule_id in p.rules:
                assert rule_id in book, (p.name, rule_id)
            row = p.describe()
            json.dumps(row)
            assert row["source"] in ("rulebook", "inferred", "approx", "decision")
    assert {n for n, p in GAME.items() if p.field} == {"events", "first_game", "top_up", "red_round_event"}
    assert {n for n, p in ECONOMY.items() if p.field} == {"turns"}
    assert {"prices", "buildings", "starting_groschen", "rights_costs"} <= set(GAME) & set(ECONOMY)


def test_defaults_are_the_data_modules_printed_values_with_their_sources():
    printed = {
        "starting_groschen": (STARTING_GROSCHEN, {"1": 40, "2": 41, "3": 42, "4": 43}),
        "rounds": (rulebook.ROUNDS, {"2": 6, "3": 6, "4": 5}),
        "red_nobles_round": (rulebook.RED_NOBLES_ROUND, {"2": 3, "3": 3, "4": 2}),
        "noble_rounds": (rulebook.NOBLE_ROUNDS, 3),
        "rights_costs": (RIGHTS_COSTS, [1, 1, 2, 3]),
        "plot_cost": (rulebook.PLOT_BASE_COST, 5),
        "cheap_plot_reputation": (rulebook.CHEAP_PLOT, 3), "cheap_plot_cost": (rulebook.CHEAP_PLOT, 1),
        "council_cost": (rulebook.COUNCIL_COST, 10),
        "plot_tax": (rulebook.PLOT_TAX, {"2": 3, "3": 8}),
        "tax_cap": (rulebook.TAX_CAP, 25),
        "tax_reputation": (approx.TAX_REPUTATION, list(approx.TAX_REPUTATION.value)),
        "st_barbara_tax": (approx.ST_BARBARA_TAX, list(approx.ST_BARBARA_TAX.value)),
        "income_divisor": (rulebook.INCOME_DIVISOR, 10),
        "leftover_point": (rulebook.LEFTOVER_POINT, 1),
        "reputation_points": (approx.REPUTATION_POINTS, [-3, -1, 0, 1, 2, 3, 5, 7, 9]),
        "reputation_start": (approx.REPUTATION_START, 2),
        "reputation_beyond": (rulebook.REPUTATION_BEYOND, 2),
        "joker_cost": (rulebook.JOKER_COST, 1), "free_joker": (rulebook.FREE_JOKER, 6),
        "tech_draws": (approx.TECH_DRAWS, [1, 2, 3, 4, 5]),
        "silver_noble": (rulebook.SILVER_NOBLE, {"pelicans": 2, "points": 3}),
        "yellow_noble": (rulebook.YELLOW_NOBLE, [{"mines": 1, "points": 2}, {"mines": 2, "points": 4}]),
        "red_noble": (rulebook.RED_NOBLE, 3),
    }
    for name, (sourced, value) in printed.items():
        assert GAME[name].default == value or list(GAME[name].default) == value, name
        assert GAME[name].source == sourced.source, name
    assert GAME["house_effects"].source == "approx"
    assert kh_parameters.houses_from_cells(GAME["house_effects"].default) == approx.HOUSE_EFFECTS.value
    assert GAME["buildings"].source == BUILDINGS.source == "approx"
    assert kh_parameters.tiles_from_cells(GAME["buildings"].default) == dict(TILES)
    assert GAME["buildings"].default["miners-3"] == {"wood": 3, "plot_value": 4, "production": 2, "ore-deck": 2,
                                                     "population": 1, "tax": 1, "technology": 1}
    table = load_price_table("approx_v1")
    assert GAME["prices"].default == table_cells(table) and GAME["prices"].source == table.source == "approx"
    assert GAME["prices"].default["ore"][3]["silver"][0] == "3"
    assert ECONOMY["max_advance"].default == MAX_ADVANCE == 3 and ECONOMY["max_advance"].source == "approx"
    assert ECONOMY["turns"].default == EconomyGame(None, 0).config.turns == 12
    assert (GAME["top_up"].source, GAME["red_round_event"].source) == ("decision", "decision")
    assert (GAME["events"].source, GAME["first_game"].source) == ("rulebook", "rulebook")


@pytest.mark.slow
def test_a_variant_giving_every_printed_value_is_the_printed_game():
    everything = {name: p.default for name, p in GAME.items() if not p.field}
    game = KutnaHoraGame(None, 7, players=3, variant=Changes.of(everything, "printed, written out"))
    assert game.design == kh_parameters.PRINTED and game.design is not kh_parameters.PRINTED
    printed = KutnaHoraGame(None, 7, players=3)
    for g in (game, printed):
        bots = [RandomBot(p) for p in range(3)]
        while not g.is_terminal():
            g.apply(bots[g.current_player].choose(g))
    assert [str(a) for a in game.history] == [str(a) for a in printed.history]
    assert [e.text for e in game.log] == [e.text for e in printed.log] and game.scores() == printed.scores()


# ---------------------------------------------------------------------------------------------------- the prices
@pytest.mark.rule("prices.pay")
def test_a_changed_price_cell_is_the_price_paid_and_said():
    game = designed(changes={"prices.population.0.wood.0": "5"})
    assert game.price("wood") == 5 and game.table.cell("wood", 0, 0).value == 5
    assert load_price_table("approx_v1").cell("wood", 0, 0).value == 2  # the printed table is untouched
    game, tile = scenario.ready_to_build("builders-1", variant=variant(cells={"prices.population.0.wood.0": "5"}))
    events = scenario.build(game, tile)
    assert "builders-1 on plot 12: 2 wood, 10 groschen" in texts(scenario.of_rule(events, "build.pay-wood"))
    scenario.sound(game)


def test_price_changes_reprint_a_good_keeping_its_marks_and_make_ore_fall_faster():
    changes = price_changes("ore", lambda card, notch, cell: max(1, cell.value - card // 10))
    assert changes["prices.ore.10.ore.0"] == "2" and "prices.ore.0.ore.0" not in changes  # card 0: unchanged
    assert all(path.startswith("prices.ore.") and path.split(".")[3] == "ore" for path in changes)
    marked = price_changes("permits", lambda card, notch, cell: cell.value + 1)
    assert marked["prices.ore.10.permits.0"] == "4t" and marked["prices.ore.0.permits.2"] == "2x"
    with pytest.raises(Exception, match="no good 'gold'"):
        price_changes("gold", lambda card, notch, cell: 1)
    with pytest.raises(Exception, match="at least 1"):
        price_changes("ore", lambda card, notch, cell: 0)
    faster = scenario.new_game(variant=Changes.of(changes, "ore falls faster"))
    printed = scenario.new_game()
    for g in (faster, printed):
        g.stands.ore = 20
    assert (faster.price("ore"), printed.price("ore")) == (max(1, 2 - 2), 2)
    assert faster.price("silver") == printed.price("silver")


@pytest.mark.slow
def test_prices_changes_apply_to_the_table_the_config_names_and_are_refused_when_its_shape_differs():
    base = load_price_table("approx_v1")
    cells = table_cells(base)
    cells["ore"][0]["ore"][0] = "6"
    register_price_table("kh_test_same_shape", table_with(base, cells))
    plain = scenario.new_game(price_table="kh_test_same_shape")
    assert plain.table is load_price_table("kh_test_same_shape") and plain.price("ore") == 6
    changed = scenario.new_game(price_table="kh_test_same_shape", variant=variant(cells={"prices.ore.0.silver.0": "9"}))
    assert (changed.price("ore"), changed.price("silver")) == (6, 9)  # its own ore cell, the variant's silver
    assert thaw(changed.params["prices"]) == table_cells(changed.table) != thaw(scenario.new_game().params["prices"])
    other = json.loads(json.dumps({"schema": "kutna_hora/price-table/1", "name": "short", "source": "approx",
                                   "decks": {name: {"last": d.last, "flip": d.flip,
                                                    "sliders": {s: list(g) for s, g in d.sliders.items()},
                                                    "notches": {s: 5 for s in d.sliders},
                                                    "cards": [{g: texts_[:5] for g, texts_ in card.items()}
                                                              for card in table_cells(base)[name]]}
                                             for name, d in base.decks.items()}}))
    register_price_table("kh_test_five_notches", PriceTable.from_dict(other))
    assert scenario.new_game(price_table="kh_test_five_notches").price("ore") == 4  # no prices changes: read as before
    with pytest.raises(ParameterError, match="prices.ore.0.silver.5.*positions 0..4.*kh_test_five_notches"):
        scenario.new_game(price_table="kh_test_five_notches", variant=variant(cells={"prices.ore.0.silver.5": "9"}))



@pytest.mark.rule("prices.pay")
def test_a_changed_price_table_is_read_once_and_is_what_both_ids_play_and_their_params_hold(monkeypatch):
    reads = []

    def counted(base, cells):
        reads.append(base.name)
        return table_with(base, cells)
    monkeypatch.setattr(kh_parameters, "table_with", counted)
    monkeypatch.setattr(kh_parameters, "_READ", {})  # nothing read before this test counts
    dearer = Changes.of(price_changes("wood", lambda card, notch, cell: cell.value + 3), "wood dearer, read once")
    games = [KutnaHoraGame(None, 0, players=2, variant=dearer), EconomyGame(None, 0, variant=dearer),
             KutnaHoraGame(None, 1, players=3, variant=dearer)]
    assert reads == ["approx_v1"]  # one check, and every game plays the table it read
    assert all(g.table is games[0].table for g in games) and games[0].price("wood") == 2 + 3
    for game in games:
        assert thaw(game.params["prices"]) == table_cells(game.table)  # params hold the cells the rules read
    printed, dear = (KutnaHoraGame(None, 7, players=2, variant=v) for v in (Changes(), dearer))
    for game in (printed, dear):
        bots = [RandomBot(p) for p in range(2)]
        while not game.is_terminal():
            game.apply(bots[game.current_player].choose(game))
    assert [e.text for e in printed.log] != [e.text for e in dear.log]  # the edit changes play
    reads.clear()
    with pytest.raises(ParameterError) as err:
        KutnaHoraGame(None, 0, players=2, variant=Changes.of({"prices.ore.3.silver.0": "4y"}, "bad, refused once"))
    said = str(err.value)  # one sentence, said once (not again for the table the config names)
    assert reads == ["approx_v1"] and said.startswith("prices: ore card 3, silver, notch 0: '4y' is not a price cell")
    assert "\n" not in said and said.count("4y") == 1 and "the config names" not in said

# ---------------------------------------------------------------------------------------------------- the tiles
@pytest.mark.rule("build.pay-wood")
def test_a_tiles_wood_is_what_building_it_costs_and_the_refusal_says_it():
    game, tile = scenario.ready_to_build("builders-1", variant=variant(cells={"buildings.builders-1.wood": 5}))
    assert game.tiles["builders-1"].wood == 5 and TILES["builders-1"].wood == 2
    game.state.seats[0].groschen = 9
    scenario.play(game, "play 3 build")
    assert scenario.legal(game) == ["pass"]
    with pytest.raises(Exception, match="builders-1 costs 5 wood × 2; you have 9"):
        game.apply("build builders-1 12")
    game, tile = scenario.ready_to_build("builders-1", variant=variant(cells={"buildings.builders-1.wood": 5}))
    events = scenario.build(game, tile)
    assert "5 wood, 10 groschen" in texts(scenario.of_rule(events, "build.pay-wood"))


@pytest.mark.rule("plot.cost")
def test_a_tiles_plot_value_prices_the_plots_around_it():
    game = designed(changes={"buildings.builders-1.plot_value": 9})
    scenario.put_building(game, 0, "builders-1", 12)
    assert game.plot_options(1, False, False) == {7: 9, 11: 9, 13: 9, 17: 9}
    scenario.turn(game, 1)
    game.state.seats[1].groschen = 20
    events = scenario.play(game, "play 1 plot", "plot 7")
    assert "buys plot 7 for 9 groschen" in texts(events)
    assert game.observe(None)["town"]["plots"][12]["plot_value"] == 9


@pytest.mark.rule("public.bonus")
def test_a_tiles_effect_amounts_act_and_an_amount_of_0_takes_the_effect_off():
    game, tile = scenario.ready_to_build("green-1", variant=variant(cells={"buildings.green-1.points": 7,
                                                                  "buildings.green-1.population": 0}))
    events = scenario.build(game, tile)
    assert scenario.of_rule(events, "public.bonus")[0].data == {"player": 0, "points": 7}
    assert game.state.seats[0].score == 7 and game.stands.population == 0
    assert "scores 7 points" in texts(events)
    game, tile = scenario.ready_to_build("builders-3", variant=variant(cells={"buildings.builders-3.tax": 0,
                                                                     "buildings.builders-3.production": 5}))
    events = scenario.build(game, tile)
    assert not scenario.of_rule(events, "build.tax") and game.state.tax == 0
    assert game.state.seats[0].production["wood"] == 5 and "rises by 5 to 5" in texts(events)


# ---------------------------------------------------------------------------------------------------- setup numbers
@pytest.mark.rule("setup.players")
def test_starting_groschen_and_reputation_per_seat():
    game = designed(3, changes={"starting_groschen.1": 55, "starting_groschen.3": 0, "reputation_start": 5})
    assert [s.groschen for s in game.state.seats] == [55, 41, 0]
    assert [s.reputation for s in game.state.seats] == [5, 5, 5]
    assert "Player 1 55, Player 2 41, Player 3 0" in texts(scenario.of_rule(game.log, "setup.players"))


@pytest.mark.rule("setup.round-track")
def test_rounds_by_player_count_end_the_game_and_the_round_track_says_so():
    game = KutnaHoraGame(None, 3, players=2, variant=variant(cells={"rounds.2": 2}))
    assert game.rounds == 2 and "2 rounds" in texts(scenario.of_rule(game.log, "setup.round-track"))
    assert KutnaHoraGame(None, 3, players=3, variant=variant(cells={"rounds.2": 2})).rounds == 6
    bots = [RandomBot(1), RandomBot(2)]
    while not game.is_terminal():
        game.apply(bots[game.current_player].choose(game))
    assert game.state.round == 2 and "after round 2" in texts(scenario.of_rule(game.log, "end.game-over"))
    assert len(game.state.events) == 2 and game.state.events[1] == ""  # none in the last round


@pytest.mark.rule("round.red-nobles")
def test_the_red_nobles_round_by_player_count():
    game = designed(changes={"red_nobles_round.2": 1})
    assert game.red_round == 1 and "wait on round 1" in texts(scenario.of_rule(game.log, "setup.red-nobles"))
    events = scenario.end_round(game, 1)
    assert scenario.of_rule(events, "round.red-nobles") and not game.state.red_track
    scenario.sound(game)


@pytest.mark.rule("nobles.scoring")
def test_noble_rounds_is_how_many_last_rounds_score_the_council():
    for rounds, scored in ((1, False), (2, True)):
        game = designed(changes={"noble_rounds": rounds})
        game.state.bank["red"] -= 1
        game.state.council["red"] += 1
        events = scenario.end_round(game, 5)  # round 5 of 6
        assert bool(scenario.of_rule(events, "nobles.scoring")) is scored


# ---------------------------------------------------------------------------------------------------- actions
@pytest.mark.rule("rights.cost")
def test_rights_costs_by_column():
    game = designed(changes={"rights_costs.0": 4, "rights_costs.1": 3})
    options = game.rights_options(0, False, False)
    permit = game.price("permits")
    assert {0, 1, 2} <= {c for _, c, _ in options.values()}
    assert all(cost == (4, 3 * permit, 2 * permit)[c] for _, c, cost in options.values())
    scenario.turn(game, 0)
    tile = next(t for t, (_, c, _) in options.items() if c == 0)
    events = scenario.play(game, "play 4 rights", f"rights {tile}")
    assert f"rights to {tile} in column 1 (4 groschen)" in texts(events)
    assert game.state.seats[0].groschen == 36


@pytest.mark.rule("plot.first")
def test_plot_cost_and_the_cheap_plot_from_a_reputation():
    game = designed(changes={"plot_cost": 7})
    assert set(game.plot_options(0, False, False).values()) == {7}
    scenario.turn(game, 0)
    assert "for 7 groschen" in texts(scenario.play(game, "play 1 plot", "plot 3"))
    game = designed(changes={"cheap_plot_reputation": 2, "cheap_plot_cost": 3})
    assert set(game.plot_options(0, False, False).values()) == {3}  # reputation 2 at the start
    scenario.turn(game, 0)
    events = scenario.play(game, "play 1 plot", "plot 3")
    assert scenario.of_rule(events, "plot.reputation") and "for 3 groschen" in texts(events)
    assert set(designed(changes={"cheap_plot_reputation": 9}).plot_options(0, False, False).values()) == {5}


@pytest.mark.rule("income.council")
def test_council_cost_in_the_prompt_the_choice_and_the_payment():
    game = designed(changes={"council_cost": 4})
    game.state.bank["green"] -= 1
    game.state.pool["green"] += 1
    game.state.seats[0].groschen = 4
    scenario.turn(game, 0)
    scenario.play(game, "play 4 income")
    assert game.pending().prompt == ("Player 1: pay 4 groschen to move a noble from the pool to the council, or "
                                     "pass")
    events = scenario.play(game, "council green")
    assert "pays 4 groschen" in texts(events) and game.state.seats[0].groschen == 0
    scenario.sound(game)
    printed = scenario.new_game()
    printed.state.seats[0].groschen = 9
    printed.state.bank["green"] -= 1
    printed.state.pool["green"] += 1
    scenario.turn(printed, 0)
    scenario.play(printed, "play 4 income")
    assert printed.pending().kind != "council"  # 9 groschen do not pay the printed 10


@pytest.mark.rule("joker.cost")
def test_joker_cost_and_the_reputation_that_makes_it_free():
    game = designed(changes={"joker_cost": 2})
    scenario.turn(game, 0)
    scenario.play(game, "joker 2 income")
    assert game.state.seats[0].reputation == 0
    game = designed(changes={"free_joker": 2})
    scenario.turn(game, 0)
    events = scenario.play(game, "joker 2 income")
    assert game.state.seats[0].reputation == 2 and "reputation is 2 or more" in texts(scenario.of_rule(events,
                                                                                                       "joker.free"))


@pytest.mark.rule("mine.draw")
def test_tech_draws_is_how_many_tiles_a_mine_action_draws():
    game = designed(changes={"tech_draws.0": 3})
    scenario.turn(game, 0)
    events = scenario.play(game, "play 1 mine")
    assert len(game.state.mine_drawn) == 3 and "(technology level 3)" in texts(events)
    assert game.observe(0)["technology"] == 3


@pytest.mark.rule("build.house")
def test_house_effects_give_their_designed_amounts():
    # Player 1's third row is the builders'; its first house shows 1 point, designed here as 4 points.
    game, tile = scenario.ready_to_build("builders-1", variant=variant(cells={"house_effects.2.0.points": 4}))
    events = scenario.build(game, tile)
    assert "the space it left shows points +4" in texts(scenario.of_rule(events, "build.house"))
    assert game.state.seats[0].score == 4


# ---------------------------------------------------------------------------------------------------- tax
@pytest.mark.rule("tax.pay")
def test_plot_tax_by_plots_in_town():
    game = designed(changes={"plot_tax.2": 6})
    game.state.markers[0] = game.state.markers[1] = 0
    game.state.tax = 1
    assert game.tax_due(0) == 7 and game.tax_due(1) == 1


@pytest.mark.rule("caps.tax")
def test_the_tax_cap_stops_the_marker_says_its_number_and_bounds_the_invariant():
    game = designed(changes={"tax_cap": 3, "st_barbara_tax.0": 5})
    barbara_action.flip(game, "build.flip-barbara")
    assert game.state.tax == 3
    words = texts(game.log[-3:])
    assert "Tax +5 (the tax icon on tile 1): 0 → 3. The tax never exceeds 3." in words
    assert "The tax marker stops at 3." in words
    scenario.sound(game)
    game.state.tax = 4
    assert game.invariant_breaks() == ["tax 4 outside 0-3"]


@pytest.mark.rule("tax.reputation")
def test_tax_reputation_by_round_in_the_prompt_and_the_loss():
    game = designed(changes={"tax_reputation.0": 4, "reputation_start": 6})
    game.state.tax = 2
    scenario.end_round(game, 1)
    assert game.pending().prompt == "Player 1: pay 2 groschen tax, or refuse and lose 4 reputation"
    scenario.play(game, "tax refuse")
    assert game.state.seats[0].reputation == 2


@pytest.mark.rule("reputation.beyond")
def test_points_per_step_past_the_reputation_track():
    game = designed(changes={"reputation_beyond": 5})
    game.state.seats[0].reputation = 8
    reputation(game, 0, 2, "barbara.1", "a test")
    assert game.state.seats[0].score == 10 and "scores 10 points" in texts(game.log[-1:])


# ---------------------------------------------------------------------------------------------------- scoring
@pytest.mark.rule("end.income")
def test_final_scoring_numbers():
    game = designed(changes={"income_divisor": 4, "leftover_point": 3, "reputation_points.2": 10})
    seat = game.state.seats[0]
    seat.production["silver"] = 3  # 3 × 3 groschen of income
    seat.pelicans = 1
    final = game.final_breakdown(0)
    assert (final["income"], final["leftovers"], final["reputation"]) == (9 // 4, 3, 10)
    game.state.round = game.rounds
    events = scenario.end_round(game)
    while game.pending() is not None:
        events += scenario.play(game, "tax pay")
    assert "income 9 ÷ 4" in texts(scenario.of_rule(events, "end.income"))


@pytest.mark.rule("nobles.silver")
def test_noble_formulas():
    game = designed(changes={"silver_noble.pelicans": 1, "silver_noble.points": 2, "red_noble": 7,
                             "yellow_noble.0.mines": 0, "yellow_noble.0.points": 5})
    seat = game.state.seats[0]
    seat.used_pelicans, seat.houses_taken = 3, [1, 1, 2]
    assert game.noble_values(0) == {"green": 0, "silver": 6, "yellow": 5, "red": 7}
    assert scenario.new_game().noble_values(0) == {"green": 0, "silver": 0, "yellow": 0, "red": 0}


# ---------------------------------------------------------------------------------------------------- switches
@pytest.mark.rule("decision.pool-top-up")
def test_switches_are_config_options_read_as_before_and_checked_as_parameters():
    game = scenario.new_game(3, events=True, top_up=True, red_round_event="B")
    assert (game.params["events"], game.params["top_up"], game.params["red_round_event"]) == (True, True, "B")
    assert game.params["first_game"] is True and game.config.events is True
    with pytest.raises(ParameterError, match="set it there"):
        scenario.new_game(variant=variant(top_up=True))
    with pytest.raises(ConfigError, match='option red_round_event is one of A, B, not "C"'):
        scenario.new_game(red_round_event="C")
    with pytest.raises(ConfigError, match="option events must be bool"):
        scenario.new_game(events=1)


@pytest.mark.rule("setup.events")
def test_each_switch_changes_the_game_as_its_rule_says():
    assert not any(scenario.new_game(3).state.events) and any(scenario.new_game(3, events=True).state.events)
    assert scenario.new_game(3).pending().kind == "play"  # first game: sets and rows dealt as printed
    assert KutnaHoraGame(None, 0, players=3).pending().kind == "guilds"  # the players choose
    game = scenario.new_game(2, top_up=True)
    scenario.turn(game, 0)
    scenario.play(game, "play 1 mine")
    assert scenario.legal(game) == ["miners 0", "miners 1", "pass"]
    game = scenario.new_game(2)
    scenario.turn(game, 0)
    scenario.play(game, "play 1 mine")
    assert game.pending().kind == "mine"
    red = scenario.new_game(2).red_round
    assert scenario.new_game(2, red_round_event="A").state.events[red - 1][0] == "A"
    assert scenario.new_game(2, red_round_event="B").state.events[red - 1][0] == "B"


# ---------------------------------------------------------------------------------------------------- the sandbox
@pytest.mark.rule("sandbox.turns")
def test_the_sandbox_turns_option_and_its_range():
    game = EconomyGame(None, 0, players=2, turns=3)
    assert game.params["turns"] == 3
    while not game.is_terminal():
        game.apply("income")
    assert game.state.turn == 6 and game.round_number() == 3
    with pytest.raises(ConfigError, match="option turns is at most 200"):
        EconomyGame(None, 0, turns=201)
    with pytest.raises(ConfigError, match="option turns is at least 1"):
        EconomyGame(None, 0, turns=0)


@pytest.mark.rule("sandbox.advance")
def test_the_sandbox_max_advance():
    game = EconomyGame(None, 0, variant=variant(max_advance=5))
    assert "advance ore 5" in scenario.legal(game) and "advance ore 6" not in scenario.legal(game)
    with pytest.raises(Exception, match="1 to 5 cards"):
        game.apply("advance ore 6")
    with pytest.raises(Exception, match="1 to 3 cards"):
        EconomyGame(None, 0).apply("advance ore 4")


@pytest.mark.rule("setup.groschen")
def test_the_sandbox_reads_prices_tiles_starting_groschen_and_rights_costs():
    game = EconomyGame(None, 0, players=2, variant=variant(cells={
        "starting_groschen.2": 9, "rights_costs.0": 5, "prices.population.0.wood.0": "3",
        "buildings.builders-1.wood": 4, "buildings.builders-2.wood": 4, "buildings.builders-3.wood": 4,
        "buildings.builders-4.wood": 4}))
    assert [p.groschen for p in game.state.players] == [40, 9]
    assert "player 1 40, player 2 9" in texts(scenario.of_rule(game.log, "setup.groschen"))
    plan = game.build_plan("wood")
    assert plan.wood == 4 and plan.wood_groschen == 12
    first_column = [game.rights_plan(good) for good in ("wood", "food", "beer", "permits", "silver", "ore")]
    first_column = [plan for plan in first_column if plan.column == 0]
    assert first_column and all(plan.groschen == 5 for plan in first_column)
    events = game.apply("build wood")
    assert "4 wood at 3 each, 12 groschen" in texts(events)


# ---------------------------------------------------------------------------------------------------- refusals
@pytest.mark.parametrize(("changes", "words"), [
    ({"gold": 1}, 'has no parameter "gold"'),
    ({"council_cost": "ten"}, 'council_cost is a whole number, not "ten"'),
    ({"council_cost": 10.5}, "council_cost is a whole number"),
    ({"council_cost": 61}, "council_cost is at most 60"),
    ({"income_divisor": 0}, "income_divisor is at least 1"),
    ({"rounds.2": 7}, "rounds.2 is at most 6"),
    ({"rounds.5": 3}, 'rounds has no cell "5"'),
    ({"rounds": {"2": 6, "3": 6}}, "rounds lacks 4"),
    ({"tax_reputation": [1, 1, 2]}, "tax_reputation has 6 entries, not 3"),
    ({"reputation_points.9": 1}, "reputation_points has positions 0..8"),
    ({"starting_groschen.1": -1}, "starting_groschen.1 is at least 0"),
    ({"tech_draws.0": 0}, "tech_draws.0 is at least 1"),
    ({"buildings.builders-1.wood": 13}, "buildings.builders-1.wood is at most 12"),
    ({"buildings.builders-1.points": 2}, 'buildings has no cell "points"'),
    ({"buildings.builders-1.plot_value": 0}, "buildings: building tile 'builders-1', field 'plot_value': 0 is not"),
    ({"buildings.builders-1.production": 0}, "buildings: building tile 'builders-1', field 'effects': a guild "
                                             "building raises its good's production"),
    ({"buildings.miners-1.ore-deck": 2}, "buildings: .*ore production \\+1 advances the ore deck by the same 1, "
                                         "not 2"),
    ({"buildings.red-1.noble": 0}, "buildings: .*every public building adds its red noble"),
    ({"prices.ore.3.silver.0": "4y"}, "prices: ore card 3, silver, notch 0: '4y' is not a price cell"),
    ({"prices.ore.3.silver.0": "0"}, "prices: ore card 3, silver, notch 0: '0' is not a price cell"),
    ({"prices.ore.3.ore.0": "4t"}, "prices: ore card 3, ore: only a slider's own good can carry town-builds"),
    ({"prices.ore.3.silver.0": 4}, 'prices.ore.3.silver.0 is a text, not 4'),
    ({"prices.ore.31": {}}, "prices has positions 0..30"),
    ({"house_effects.0.0.reputation": 0}, "house_effects: house row 1, space 1: a house space shows at least one"),
    ({"house_effects.0.0.points": 1}, 'house_effects has no cell "points"'),
    ({"silver_noble.pelicans": 0}, "silver_noble: a silver noble scores per at least 1 used pelican, not 0"),
    ({"red_round_event": "B"}, "red_round_event is the option red_round_event of the config: set it there"),
])
def test_bad_changes_are_refused_naming_the_parameter(changes, words):
    with pytest.raises(ParameterError, match=words) as err:
        KutnaHoraGame(None, 0, players=2, variant=Changes.of(changes))
    assert len(str(err.value)) < (600 if "gold" in changes else 300)


def test_the_sandbox_refuses_what_it_has_not():
    with pytest.raises(ParameterError, match='has no parameter "council_cost"'):
        EconomyGame(None, 0, variant=variant(council_cost=4))
    with pytest.raises(ParameterError, match="max_advance is at most 10"):
        EconomyGame(None, 0, variant=variant(max_advance=11))


def test_a_save_with_a_refused_variant_does_not_load():
    game = designed(changes={"council_cost": 4})
    data = game.to_dict()
    assert data["config"]["variant"] == {"name": "test", "changes": {"council_cost": 4}}
    data["config"]["variant"]["changes"]["council_cost"] = 99
    with pytest.raises(Exception, match="council_cost is at most 60"):
        KutnaHoraGame.from_dict(data)
