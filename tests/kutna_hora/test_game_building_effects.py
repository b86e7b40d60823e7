"""A building's printed effects (鉱山と建物の効果) and its house (建物アクション step 5, the house's free public
building) in the full game.

A tile lists its effects as data, so any combination the effect list names can be printed on it; these tests print
such tiles for one test (``print_tile``) and build them. Positions are first games for 2 players: player 1 holds the
metallurgists (row 1), miners (row 2) and builders (row 3); wood costs 2 at the start.
"""

import pytest

from games.core import Rng
from games.kutna_hora.data import approx
from games.kutna_hora.data.components import TILES, Effect
from games.kutna_hora.game import KutnaHoraGame

from . import scenario

rule = pytest.mark.rule

#: builders-1 as designed: production +1, its slider one notch, population +1.
BUILDERS = (Effect("production"), Effect("slider"), Effect("population"))


def built(monkeypatch, tile: str, *extra: Effect, game=None):
    """Player 1 builds ``tile`` printed with its designed guild effects and ``extra``; returns (game, events)."""
    game, tile = scenario.ready_to_build(tile, game=game)
    base = BUILDERS if TILES[tile].guild != "public" else (Effect("noble", 1, TILES[tile].colour),)
    scenario.print_tile(monkeypatch, tile, *base, *extra)
    return game, scenario.build(game, tile)


# ---------------------------------------------------------------------------------------------------- tile effects
@rule("build.tax")
def test_a_tax_icon_raises_the_tax_by_the_amount_shown(monkeypatch):
    game, events = built(monkeypatch, "builders-1", Effect("tax", 3))
    assert scenario.of_rule(events, "build.tax")[0].data == {"tax": 3} and game.state.tax == 3
    scenario.sound(game)


@rule("build.bonus")
def test_points_reputation_and_pelican_icons_on_a_guild_building_are_gained_at_once(monkeypatch):
    game, events = built(monkeypatch, "builders-1", Effect("points", 2), Effect("reputation", 1),
                         Effect("pelicans", 2))
    seat = game.state.seats[0]
    gains = scenario.of_rule(events, "build.bonus")
    assert [e.data.get("points", e.data.get("reputation")) for e in gains] == [2, 1, None]
    # + the first builders' house: 1 point
    assert (seat.score, seat.reputation, seat.pelicans) == (2 + 1, 3, 2)
    scenario.sound(game)


@rule("build.ore-deck")
def test_an_ore_deck_icon_advances_the_ore_deck_by_its_number(monkeypatch):
    game, events = built(monkeypatch, "builders-1", Effect("ore-deck", 2))
    assert "The building's ore deck icon" in scenario.of_rule(events, "build.ore-deck")[0].text
    assert game.stands.ore == 2 and game.state.seats[0].production == {"wood": 1}
    scenario.sound(game)


@rule("build.ore-deck")
@rule("prices.miners-building")
def test_a_miners_building_advances_the_ore_deck_as_far_as_its_ore_production_rose():
    assert [e.kind for e in TILES["miners-3"].effects][:2] == ["production", "ore-deck"]
    game, tile = scenario.ready_to_build("miners-3")  # ore production +2, ore deck +2
    events = scenario.build(game, tile)
    assert "prices.miners-building" in scenario.rules_of(events) and game.stands.ore == 2


@rule("build.noble")
def test_a_noble_icon_moves_that_noble_from_the_bank_to_the_pool(monkeypatch):
    game, events = built(monkeypatch, "builders-1", Effect("noble", 2, "red"))
    s = game.state
    assert len(scenario.of_rule(events, "build.noble")) == 2 and (s.bank["red"], s.pool["red"]) == (1, 2)
    scenario.sound(game)


@rule("build.noble")
@rule("pieces.nobles")
def test_a_noble_icon_without_that_noble_in_the_bank_is_ignored(monkeypatch):
    game, tile = scenario.ready_to_build("builders-1")
    game.state.bank["red"], game.state.council["red"] = 0, 3
    scenario.print_tile(monkeypatch, tile, *BUILDERS, Effect("noble", 1, "red"))
    events = scenario.build(game, tile)
    assert "pieces.nobles" in scenario.rules_of(events) and game.state.pool["red"] == 0
    scenario.sound(game)


@rule("build.flip-barbara")
@rule("barbara.flip-tax")
def test_two_st_barbara_icons_turn_two_tiles_and_add_both_tax_icons(monkeypatch):
    game, events = built(monkeypatch, "builders-1", Effect("st-barbara", 2))
    assert [e.data["tile"] for e in scenario.of_rule(events, "build.flip-barbara")] == [1, 2]
    assert game.state.barbara == 2 and game.state.tax == 2  # tiles 1 and 2 show +1 each


@rule("public.noble")
@rule("public.bonus")
def test_a_public_building_resolves_the_effects_printed_on_it(monkeypatch):
    game, events = built(monkeypatch, "public-green", Effect("points", 2), Effect("tax", 1), Effect("pelicans", 1))
    seat, s = game.state.seats[0], game.state
    assert s.pool["green"] == 1 and (seat.score, seat.pelicans, s.tax) == (2, 1, 1)
    assert "public.no-house" in scenario.rules_of(events) and seat.houses_taken == [0, 0, 0]
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- remove a house
@rule("build.remove-house")
def test_a_remove_house_icon_removes_the_leftmost_house_of_a_row_the_player_chooses(monkeypatch):
    game, events = built(monkeypatch, "builders-1", Effect("remove-house"))
    seat = game.state.seats[0]
    d = game.pending()
    assert (d.kind, d.player) == ("remove-house", 0) and seat.houses_taken == [0, 0, 0]
    assert scenario.legal(game) == ["house builders", "house metallurgists", "house miners"]  # not optional: no pass
    scenario.refuses(game, "pass", "cannot be passed")
    events = scenario.play(game, "house miners")
    assert "the space it leaves (pelicans +1) is ignored" in scenario.of_rule(events, "build.remove-house")[0].text
    assert seat.houses_taken == [0, 1, 1] and seat.houses_removed == 1 and seat.pelicans == 0
    assert "build.house" in scenario.rules_of(events) and seat.score == 1  # then the building's own house (1 point)
    scenario.sound(game)


@rule("build.remove-house")
@rule("nobles.red")
def test_a_house_removed_by_an_icon_can_empty_a_column_for_the_red_noble(monkeypatch):
    game = scenario.new_game(2)
    scenario.put_building(game, 0, "metallurgists-1", 0)
    scenario.put_building(game, 0, "miners-1", 1)
    game, events = built(monkeypatch, "builders-1", Effect("remove-house"), game=game)
    assert game.noble_values(0)["red"] == 0
    scenario.play(game, "house builders")
    assert game.state.seats[0].houses_taken == [1, 1, 2] and game.noble_values(0)["red"] == 3


@rule("decision.remove-house-keeps-own")
def test_the_icon_never_takes_the_house_its_own_building_still_needs(monkeypatch):
    game = scenario.new_game(2)
    for i, plot in ((1, 0), (2, 1), (3, 2)):
        scenario.put_building(game, 0, f"builders-{i}", plot)
    seat = game.state.seats[0]
    seat.houses_taken[:2] = [4, 4]  # every other house is gone: only the builders' last house is left
    seat.houses_removed = 8
    game, events = built(monkeypatch, "builders-4", Effect("remove-house"), game=game)
    assert "has no house that builders-4's icon could remove" in scenario.of_rule(events, "build.remove-house")[0].text
    assert seat.houses_taken == [4, 4, 4] and scenario.of_rule(events, "build.house")[0].data["column"] == 3
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- order
@rule("build.effects-first")
@rule("guild.technology-at-once")
def test_the_technology_tile_is_played_at_once_before_the_house_is_taken(monkeypatch):
    game, tile = scenario.ready_to_build("miners-1")  # miners: row 2, first house gives a pelican
    events = scenario.build(game, tile)
    assert scenario.rules_of(events).index("guild.technology-take") < len(events)
    assert not scenario.of_rule(events, "build.house")
    seat = game.state.seats[0]
    assert game.pending().kind == "tech" and seat.houses_taken == [0, 0, 0] and seat.pelicans == 0
    events = scenario.play(game, "tech 1")
    assert scenario.rules_of(events)[:2] == ["guild.technology", "mine.place"]
    assert scenario.rules_of(events).index("mine.place") < scenario.rules_of(events).index("build.house")
    assert seat.houses_taken == [0, 1, 0] and seat.pelicans == 1
    scenario.sound(game)


@rule("build.effects-first")
def test_the_tile_effects_come_before_the_house_effect(monkeypatch):
    game, events = built(monkeypatch, "builders-1", Effect("tax", 1))
    order = scenario.rules_of(events)
    assert order.index("build.production") < order.index("build.tax") < order.index("build.house")


# ---------------------------------------------------------------------------------------------------- houses
@rule("build.house")
def test_a_guild_building_takes_the_leftmost_house_of_its_row_and_resolves_the_effect_it_uncovers():
    game, _ = scenario.ready_to_build("builders-1")  # builders: row 3, first house gives 1 point
    events = scenario.build(game, "builders-1")
    house = scenario.of_rule(events, "build.house")
    assert house[0].data == {"player": 0, "row": 2, "column": 0} and house[1].data == {"player": 0, "points": 1}
    assert game.state.seats[0].houses_taken == [0, 0, 1] and game.scores() == (1, 0)
    game, _ = scenario.ready_to_build("metallurgists-1")  # row 1, first house: reputation +1
    scenario.build(game, "metallurgists-1")
    assert game.state.seats[0].reputation == 3 and game.state.seats[0].houses_taken == [1, 0, 0]
    game, _ = scenario.ready_to_build("miners-1")  # row 2, first house: a pelican
    scenario.build(game, "miners-1")
    assert game.pending().kind == "tech" and game.state.seats[0].pelicans == 0  # the tile's icon comes first
    scenario.play(game, "tech-remove")
    assert game.state.seats[0].pelicans == 1


@rule("build.house")
def test_the_second_building_of_a_guild_takes_the_next_house_to_the_right():
    game, _ = scenario.ready_to_build("builders-2")
    scenario.put_building(game, 0, "builders-1", 0)
    events = scenario.build(game, "builders-2")
    assert scenario.of_rule(events, "build.house")[0].data["column"] == 1
    assert game.state.seats[0].houses_taken == [0, 0, 2] and game.state.seats[0].reputation == 3  # row 3 col 2


def fourth_metallurgists_building():
    """Player 1 builds a 4th metallurgists' building: its house uncovers the free public Rights. Returns the game and
    the build's events."""
    game = scenario.new_game(2)
    for i, plot in ((1, 0), (2, 1), (3, 2)):
        scenario.put_building(game, 0, f"metallurgists-{i}", plot)
    game, _ = scenario.ready_to_build("metallurgists-4", game=game)
    return game, scenario.build(game, "metallurgists-4")


@rule("build.house-rights")
def test_a_houses_free_rights_takes_public_buildings_only():
    game, events = fourth_metallurgists_building()
    assert "public-rights +1" in scenario.of_rule(events, "build.house")[0].text
    d = game.pending()
    assert (d.kind, d.player) == ("rights", 0) and "public buildings only" in d.prompt
    publics = [scenario.top_of(game, c) for c in ("green", "silver", "yellow")]
    assert scenario.legal(game) == ["pass", *sorted(f"rights {t}" for t in publics)]
    scenario.refuses(game, f"rights {scenario.top_of(game, 'builders')}",
                     "is a builders building: this free Rights takes public "
            "buildings only")
    money = game.state.seats[0].groschen
    events = scenario.play(game, f"rights {publics[1]}")
    assert scenario.of_rule(events, "rights.cost")[0].data["groschen"] == 0 and "(free)" in events[0].text
    assert game.state.seats[0].groschen == money and game.state.seats[0].held == [publics[1]]
    scenario.sound(game)


@rule("build.house-rights")
def test_the_free_public_rights_of_a_house_may_be_ignored():
    game, _ = fourth_metallurgists_building()
    events = scenario.play(game, "pass")
    assert scenario.rules_of(events)[0] == "ignore.effect" and game.state.seats[0].held == []


@rule("build.house-rights-points")
def test_a_house_space_with_a_free_public_building_and_points_gives_both():
    assert [e.kind for e in approx.HOUSE_EFFECTS.value[0][3]] == ["public-rights", "points"]
    game, events = fourth_metallurgists_building()
    house = scenario.of_rule(events, "build.house")
    assert "public-rights +1, points +1" in house[0].text and house[1].data == {"player": 0, "points": 1}
    assert game.scores() == (1, 0) and game.pending().kind == "rights"  # the points come at once
    scenario.sound(game)


@rule("build.house-rights-points")
@rule("ignore.effect")
def test_ignoring_the_houses_free_public_building_keeps_its_points():
    game, _ = fourth_metallurgists_building()
    events = scenario.play(game, "pass")
    assert "ignore.effect" in scenario.rules_of(events) and game.scores() == (1, 0) and game.state.seats[0].held == []
    scenario.sound(game)


# ---------------------------------------------------------------------------------------------------- random play
def test_random_games_with_every_effect_printed_keep_every_invariant(monkeypatch):
    """Every tile also shows effects of every kind the effect list names: random games still keep the invariants
    (houses, nobles, tiles, miners conserved) and never wait on a decision without a legal action."""
    extra = (Effect("technology"), Effect("tax", 1), Effect("ore-deck", 1), Effect("st-barbara"),
             Effect("points", 1), Effect("reputation", 1), Effect("pelicans", 1))
    for k, tile in enumerate(sorted(TILES)):
        scenario.print_tile(monkeypatch, tile, *TILES[tile].effects, Effect("remove-house"),
                            Effect("noble", 1, "yellow"),
                   extra[k % len(extra)], extra[(k + 3) % len(extra)])
    seen: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(2):
            game = KutnaHoraGame(players=players, seed=seed, events=True, top_up=seed == 1)
            pick = Rng(10 * players + seed)
            while not game.is_terminal():
                assert game.invariant_breaks() == [], len(game.history)
                options = game.legal_actions()
                assert len(options) > 0, game.pending()
                game.apply(options[pick.below(len(options))])
            seen |= {e.rule for e in game.log}
    assert {"build.remove-house", "build.noble", "guild.technology-take", "build.tax", "build.ore-deck",
            "build.flip-barbara", "build.bonus"} <= seen
