"""The Kutná Hora town view, sandbox, tables and exercises without a browser: intents in, state out
(docs/jupyter.md §3), and what the one renderer (static/town_board.js) draws.

Every price must be games.kutna_hora.town.plot_costs's, every matching point town.matching's and every noble point
nobles.total's; every refused intent must leave the town as it was.
"""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import pytest

from games.core import IllegalAction
from games.kutna_hora import BANNER, nobles, town
from games.kutna_hora.data.components import TILES
from tests.widgets.messages import click, spy, updates
from tests.widgets.render import draw, draw_composed, intents
from widgets.kutna_hora import (
    NobleInputs,
    TownExercise,
    TownPosition,
    TownSandbox,
    TownView,
    cost_reason,
    matching_frame,
    matching_rows,
    matching_totals,
    noble_frame,
)
from widgets.kutna_hora import town_board as town_board_module
from widgets.shared.exercises import Feedback

from .controls import from_browser, refused_and_unchanged

#: The rulebook's sawmill (製材所): builders-1 (red, yellow) on plot 5 of the 5 × 5 side, a red public building
#: (red, red, yellow) above it, one matching icon to its right and below, and a yellow village on the left edge.
SAWMILL = {5: ("builders-1", 1), 0: "red-1", 6: ("grocers-1", 0), 10: ("tavern-1", 0)}
#: What a refused intent must leave alone.
STATE = ("town", "offers", "badges", "only_offers", "selected")
PAYLOAD_LIMIT = 16_000


@pytest.fixture
def sawmill():
    return TownPosition.build(5, SAWMILL)


@pytest.fixture
def view(sawmill, monkeypatch):
    return spy(TownView(sawmill.snapshot(), offers=sawmill.costs()), monkeypatch)


def state(widget):
    return {name: json.loads(json.dumps(getattr(widget, name))) for name in STATE}


def labels(prices):
    return {str(i): f"{p} groschen" for i, p in prices.items()}


# ---------------------------------------------------------------------- the rulebook's sawmill
def test_the_sawmill_scores_6_as_in_the_rulebook(sawmill):
    m = town.matching(5, sawmill.buildings, 5)
    assert m.points == 6
    assert m.sources == (("red-1", 3), ("grocers-1", 1), ("tavern-1", 1), ("edge", 1))
    assert town.edge_icons_at(5, 5) == ["yellow"]  # the village on the left edge of row 1
    row = next(r for r in matching_rows(sawmill) if r["plot"] == 5)
    assert row["from"] == ("red-1 above: 3; grocers-1 right: 1; tavern-1 below: 1; "
                           "board edge (yellow on the left edge): 1")
    assert row["scores for"] == "Player 2" and row["points"] == 6


def test_the_sawmill_scores_6_when_built_by_clicks_in_the_sandbox(no_callback_errors):
    sb = TownSandbox(size=5)
    for index, what in SAWMILL.items():
        tile, owner = (what, 0) if isinstance(what, str) else what
        from_browser(sb.tile_picker, index=list(TILES).index(tile))
        from_browser(sb.owner_picker, index=owner)
        click(sb.view, {"intent": "plot", "index": index})
        assert sb.view.message_kind == "info", sb.view.message
    assert sb.position == TownPosition.build(5, SAWMILL)
    assert sb.matching()[5].points == 6
    assert sb.view.badges["5"] == "+6" and sb.view.badges["0"] == "+3 (nobody)"
    assert "It scores 1 by matching now" in sb.view.message  # tavern-1 last: one blue/red icon below builders-1
    assert "<td style='padding:1px 6px'>6</td>" in sb.matching_panel.value
    assert matching_totals(sb.position) == {1: 6, 0: 2}  # the public building's 3 score for nobody


# ---------------------------------------------------------------------- the view: what it shows
def test_a_new_view_shows_the_snapshot_the_offers_and_the_banner(view, sawmill):
    assert view.town == town.snapshot(sawmill.buildings, sawmill.owners, sawmill.markers, 5)
    assert view.offers == labels(town.plot_costs(sawmill.buildings, sawmill.markers, 5))
    assert view.banner == BANNER and "approx" in view.source
    assert set(view.palette) == {"seats", "seat_names", "icons", "guilds", "nobles"}
    assert view.message_kind == "info" and view.message
    assert TownView().town == TownPosition.empty(5).snapshot() and TownView(size=6).size == 6


def test_the_payload_is_json_and_small(view):
    payload = json.dumps({k: v for k, v in view.get_state().items() if not k.startswith("_")})
    assert len(payload) < PAYLOAD_LIMIT
    big = TownView(TownPosition.build(6, {i: (t, i % 4) for i, t in enumerate(
        t for t in TILES if TILES[t].guild != "public")}))
    assert len(json.dumps({k: v for k, v in big.get_state().items() if not k.startswith("_")})) < 2 * PAYLOAD_LIMIT


def test_a_click_without_a_callback_says_what_is_on_the_plot(view, no_callback_errors):
    click(view, {"intent": "plot", "index": 5})
    assert view.message_kind == "info"
    assert view.message == ("Plot 5 (row 1, column 0): builders-1 (of Player 2), icons red, yellow, plot value 3.")
    click(view, {"intent": "plot", "index": 11})
    assert view.message == "Plot 11 (row 2, column 1): empty, to be had for 3 groschen."


def test_a_click_calls_the_callback_and_shows_its_answer(view, no_callback_errors):
    seen = []
    view.on_plot = lambda i: seen.append(i) or f"you chose plot {i}"
    click(view, {"intent": "plot", "index": 7})
    assert seen == [7] and view.message == "you chose plot 7" and view.message_kind == "info"

    def illegal(i):
        raise IllegalAction(f"plot {i}", f"plot {i} is too expensive for you")

    view.on_plot = illegal
    before = state(view)
    click(view, {"intent": "plot", "index": 7})
    assert view.message_kind == "error" and view.message == "Not allowed: plot 7 is too expensive for you"
    assert state(view) == before


def test_only_offered_plots_are_clickable_when_asked(view, no_callback_errors):
    view.only_offers = True
    seen = []
    view.on_plot = seen.append
    before, seq = state(view), view.message_seq
    assert view.handle_intent({"intent": "plot", "index": 12}) is False
    assert view.message == "Not allowed: plot 12 cannot be chosen now; the plots you may choose are 1, 7, 11, 15."
    assert seen == [] and state(view) == before and view.message_seq == seq + 1
    assert view.handle_intent({"intent": "plot", "index": 15}) and seen == [15]


@pytest.mark.parametrize(("intent", "says"), [
    ({"intent": "plot", "index": 25}, "There is no plot 25: this 5 × 5 town has plots 0 to 24"),
    ({"intent": "plot", "index": -1}, "There is no plot -1"),
    ({"intent": "plot", "index": "7"}, "not '7'"),
    ({"intent": "plot", "index": 7.0}, "not 7.0"),
    ({"intent": "plot", "index": True}, "not True"),
    ({"intent": "plot"}, "not None"),
    ({"intent": "plot", "index": [7]}, "not [7]"),
    ({"intent": "build", "index": 7}, "unknown intent 'build'"),
    ({"index": 7}, "unknown intent None"),
    (["plot", 7], "an intent is an object"),
    ("plot 7", "an intent is an object"),
    (None, "an intent is an object"),
])
def test_nonsense_gets_a_sentence_and_changes_nothing(view, intent, says, no_callback_errors):
    refused_and_unchanged(view, intent, says, state, "on_plot")
    assert view.message.startswith("Not understood: ")


def test_a_bug_in_the_callback_becomes_a_message_not_a_traceback(view, no_callback_errors):
    view.on_plot = lambda i: 1 / 0
    click(view, {"intent": "plot", "index": 3})
    assert view.message_kind == "error"
    assert view.message == "Something went wrong in the view: ZeroDivisionError: division by zero"


def test_update_redraws_in_one_sync_message_and_refuses_a_bad_snapshot(view, sawmill):
    view.outbox.clear()
    bigger = TownPosition.build(6, {14: ("miners-2", 3)}, markers={13: 2})
    view.update(bigger.snapshot(), offers={"8": "here", 20: 5}, badges={14: "+0"}, selected=14, message="next")
    assert len(updates(view)) == 1
    assert view.size == 6 and view.position == bigger
    assert view.offers == {"8": "here", "20": "5 groschen"} and view.badges == {"14": "+0"}
    assert view.selected == 14 and view.message == "next"
    before = state(view)
    for bad, says in [({"size": 5}, "size, plots and edges"),
                      ({**sawmill.snapshot(), "size": 6}, "has 36 plots, not 25"),
                      ({**sawmill.snapshot(), "plots": [{"building": "castle", "owner": -1, "marker": -1}] * 25},
                       "no building tile 'castle'")]:
        with pytest.raises(ValueError, match=says):
            view.update(bad)
    with pytest.raises(ValueError, match="There is no plot 40"):
        view.update(bigger, offers={40: 5})
    assert state(view) == before
    view.update(bigger)  # offers and badges not given: cleared
    assert view.offers == {} and view.badges == {} and view.selected == -1


# ---------------------------------------------------------------------- plot costs
def test_an_empty_town_sells_every_plot_for_5():
    sb = TownSandbox(size=5)
    assert sb.costs() == town.plot_costs([""] * 25, [-1] * 25, 5) == dict.fromkeys(range(25), 5)
    assert sb.view.offers == labels(dict.fromkeys(range(25), 5))
    assert "The town is empty: any free plot costs 5 groschen." in sb.costs_panel.value


def test_the_costs_shown_are_plot_costs_then_1_at_reputation_3(sawmill, no_callback_errors):
    sb = TownSandbox(position=sawmill)
    prices = town.plot_costs(sawmill.buildings, sawmill.markers, 5)
    assert prices == {1: 5, 7: 3, 11: 3, 15: 3}  # red-1 (plot value 5) and guild tiles (3): the highest counts
    assert sb.costs() == prices and sb.view.offers == labels(prices)
    for i, p in prices.items():
        assert f"plot {i}: <b>{p} groschen" in sb.costs_panel.value
    from_browser(sb.reputation_box, value=True)
    assert sb.costs() == dict.fromkeys(prices, 1) and sb.view.offers == labels(dict.fromkeys(prices, 1))
    assert "1 groschen at reputation 3 or more" in sb.costs_panel.value
    assert TownPosition.build(5, {12: ("scribes-4", 0)}).costs(reputation=True) == dict.fromkeys((7, 11, 13, 17), 1)


def test_a_plot_next_to_two_buildings_costs_the_highest_value_not_the_sum():
    pos = TownPosition.build(5, {11: ("builders-1", 0), 13: ("scribes-4", 1)})
    assert town.plot_costs(pos.buildings, pos.markers, 5)[12] == max(TILES["builders-1"].plot_value,
                                                                     TILES["scribes-4"].plot_value) == 5
    assert cost_reason(pos, 12) == ("5 groschen: next to scribes-4 (plot value 5) and builders-1 (plot value "
                                            "3); the highest value counts, not the sum")


def test_when_every_plot_next_to_a_building_is_taken_any_plot_costs_5_again(no_callback_errors):
    sb = TownSandbox(size=5, position=TownPosition.build(5, {0: ("builders-2", 0)}))
    sb.mode_picker.value = "marker"
    assert sb.view.only_offers and sb.costs() == {1: 3, 5: 3}
    assert sb.mark(1, 0) and sb.mark(5, 1)
    prices = town.plot_costs(sb.position.buildings, sb.position.markers, 5)
    assert sb.costs() == prices == {i: 5 for i in range(25) if i not in (0, 1, 5)}
    assert "Every plot next to a building is taken: any free plot costs 5 groschen again." in sb.costs_panel.value
    click(sb.view, {"intent": "plot", "index": 24})
    assert sb.position.markers[24] == 0
    assert sb.view.message == ("Player 1 takes plot 24 for 5 groschen: every plot next to a building is taken, so "
                               "any empty plot costs 5 again. With 2 plots in town, plot tax 3 at round end.")


def test_marker_mode_follows_the_rules_and_takes_at_most_3_plots(no_callback_errors):
    sb = TownSandbox(size=5)
    from_browser(sb.mode_picker, index=1)
    assert sb.mode_picker.value == "marker" and sb.view.only_offers
    for i in (0, 1, 2):
        click(sb.view, {"intent": "plot", "index": i})
    assert sb.position.markers[:3] == (0, 0, 0)
    assert "With 3 plots in town, plot tax 8 at round end." in sb.view.message
    assert "plot tax 8" in sb.costs_panel.value
    before = sb.position
    click(sb.view, {"intent": "plot", "index": 3})
    assert sb.view.message_kind == "error" and "has all 3 plot markers in town already" in sb.view.message
    click(sb.view, {"intent": "plot", "index": 2})
    assert sb.view.message_kind == "error" and "plot 2 cannot be chosen now" in sb.view.message
    assert sb.position == before


# ---------------------------------------------------------------------- the sandbox: editing the town
def test_the_tile_picker_moves_on_from_a_tile_that_is_in_town(sawmill, no_callback_errors):
    sb = TownSandbox(size=5)
    assert sb.tile_picker.value == "builders-1"
    click(sb.view, {"intent": "plot", "index": 12})
    assert sb.position.buildings[12] == "builders-1" and sb.tile_picker.value == "builders-2"
    click(sb.view, {"intent": "plot", "index": 13})
    assert sb.position.buildings[13] == "builders-2" and sb.view.message_kind == "info"
    assert sb.load(sawmill) and sb.tile_picker.value == "builders-3"  # builders-1 is the sawmill
    from_browser(sb.tile_picker, index=list(TILES).index("red-1"))
    sb.reset()
    assert sb.tile_picker.value == "red-1"  # free again in an empty town


def test_building_on_a_plot_takes_the_builders_marker_home(no_callback_errors):
    sb = TownSandbox(size=5)
    assert sb.mark(12, 1) and sb.position.markers[12] == 1
    assert not sb.place(12, "tavern-2", 0)
    assert sb.view.message == "Not allowed: Plot 12 carries Player 2's plot marker: only they may build there."
    assert sb.place(12, "tavern-2", 1)
    assert sb.position.markers[12] == -1 and sb.position.owners[12] == 1
    assert "Player 2's plot marker goes home" in sb.view.message


def test_a_public_building_has_no_owner_and_tells_its_bonus(no_callback_errors):
    sb = TownSandbox(size=5)
    from_browser(sb.tile_picker, index=list(TILES).index("yellow-2"))
    from_browser(sb.owner_picker, index=1)  # ignored for a public building
    assert sb.owner_picker.description == "player (for markers)"
    click(sb.view, {"intent": "plot", "index": 6})
    assert sb.position.buildings[6] == "yellow-2" and sb.position.owners[6] == -1
    assert sb.view.message.startswith("yellow-2 (public) on plot 6: no owner, no house, no production; a yellow "
                                      "noble goes to the pool and the builder gets reputation +2, population +2 at "
                                      "once.")
    assert sb.view.town["plots"][6]["public"] is True


@pytest.mark.parametrize(("verb", "args", "says"), [
    ("place", (5, "builders-2", 0), "Plot 5 is taken: builders-1 stands there. Remove it first."),
    ("place", (12, "builders-1", 0), "builders-1 is already on plot 5: there is only one of each tile."),
    ("place", (12, "castle", 0), "There is no building tile 'castle'"),
    ("place", (12, "red-2", 0), "red-2 is a public building: nobody owns it"),
    ("place", (12, "miners-1", -1), "A guild building belongs to the player who builds it."),
    ("place", (12, "miners-1", 2), "Players are seats 0 to 1"),  # the 5 × 5 side is for 2 players
    ("place", (30, "miners-1", 0), "There is no plot 30"),
    ("mark", (5, 0), "Plot 5 is taken: builders-1 stands there."),
    ("mark", (12, 0), "Plot 12 cannot be taken now: while a plot next to a building is free"),
    ("mark", (7, 5), "Players are seats 0 to 1"),
    ("mark", (7, "0"), "not '0'"),
    ("remove", (12,), "plot 12 is empty already"),
    ("remove", (None,), "not None"),
])
def test_the_sandbox_refuses_what_the_board_cannot_hold(sawmill, verb, args, says, no_callback_errors):
    sb = TownSandbox(position=sawmill)
    before, seq = sb.position, sb.view.message_seq
    assert getattr(sb, verb)(*args) is False
    assert sb.view.message_kind == "error" and says in sb.view.message
    assert sb.view.message.startswith("Not allowed: ")
    assert sb.position == before and sb.view.position == before and sb.view.message_seq == seq + 1


def test_clicks_on_occupied_or_absent_plots_change_nothing(sawmill, no_callback_errors):
    sb = TownSandbox(position=sawmill)
    before = state(sb.view)
    for intent in ({"intent": "plot", "index": 0}, {"intent": "plot", "index": 99}, {"type": "x"}, 42):
        click(sb.view, intent)
        assert sb.view.message_kind == "error"
        assert state(sb.view) == before and sb.position == sawmill


def test_remove_reset_and_the_other_board_side(sawmill, no_callback_errors):
    sb = TownSandbox(position=sawmill)
    from_browser(sb.mode_picker, index=2)
    click(sb.view, {"intent": "plot", "index": 0})
    assert sb.position.buildings[0] == "" and sb.view.message == "red-1 leaves plot 0."
    assert sb.matching()[5].points == 3
    sb.reset_button.click()
    assert sb.position == TownPosition.empty(5) and sb.view.message == "The town is empty again."
    from_browser(sb.size_picker, index=1)
    assert sb.size == 6 and sb.position == TownPosition.empty(6) and len(sb.view.town["plots"]) == 36
    assert sb.seats == 4 and len(sb.owner_picker.options) == 4 and len(sb.player_inputs) == 4
    assert len(sb.view.town["edges"]) == 12  # every second of 24 edge segments
    assert not sb.resize(7) and "not 7" in sb.view.message
    assert sb.load(TownPosition.build(5, SAWMILL)) and sb.size == 5 and sb.matching()[5].points == 6


# ---------------------------------------------------------------------- nobles
def test_the_green_worked_example_gives_4_points_per_green_noble():
    # "このプレイヤーは市議会にある緑貴族ごとに4点を得ます": two of the player's buildings touch two public
    # buildings each.
    pos = TownPosition.build(5, {6: ("builders-1", 0), 8: ("grocers-1", 0), 7: "green-1", 11: "silver-1",
                                 13: "yellow-1", 12: ("tavern-1", 1)})
    assert nobles.green(pos.buildings, pos.owners, 5, 0) == 4
    frame = noble_frame(pos, {"green": 2}, {0: None, 1: None})
    assert frame.loc["Player 1", "green"] == 4 and frame.loc["Player 1", "total"] == 8
    assert frame.loc["Player 2", "green"] == 3  # tavern-1 touches green-1, silver-1 and yellow-1


def test_the_noble_frame_equals_nobles_total(sawmill):
    council = {"green": 2, "silver": 1, "yellow": 3, "red": 1}
    players = {0: {"used_pelicans": 5, "mines_per_row": (2, 2, 3, 2), "houses_taken_per_row": (2, 3, 4)},
               1: NobleInputs(3, (1, 0, 1, 1), (1, 1, 1))}
    frame = noble_frame(sawmill, council, players)
    assert list(frame.columns) == ["green", "silver", "yellow", "red", "working", "total"]
    for seat, given in players.items():
        inputs = NobleInputs.of(given)
        per = nobles.per_noble(sawmill.buildings, sawmill.owners, 5, seat, inputs.used_pelicans,
                               inputs.mines_per_row, inputs.houses_taken_per_row)
        row = frame.loc[f"Player {seat + 1}"]
        assert {c: row[c] for c in per} == per
        assert row["total"] == nobles.total(per, council)
    assert frame.loc["Player 1", "working"] == "green 0×2 + silver 6×1 + yellow 4×3 + red 6×1 = 24"
    assert frame.loc["Player 2", "working"] == "green 1×2 + silver 3×1 + yellow 0×3 + red 3×1 = 8"


def test_yellow_is_2_or_4_never_6():
    assert nobles.yellow((1, 1, 1, 1)) == 2 and nobles.yellow((2, 2, 2, 2)) == 4 and nobles.yellow((2, 2, 2, 0)) == 0
    frame = noble_frame(TownPosition.empty(5), {"yellow": 1}, {0: {"mines_per_row": (3, 2, 2, 5)}})
    assert frame.loc["Player 1", "total"] == 4


def test_the_sandbox_nobles_panel_follows_the_boxes(sawmill, no_callback_errors):
    sb = TownSandbox(position=sawmill, council={"green": 1})
    from_browser(sb.council["silver"], value=2)
    from_browser(sb.player_inputs[0]["used_pelicans"], value=4)
    for w, n in zip(sb.player_inputs[1]["houses_taken_per_row"], (1, 2, 1), strict=True):
        from_browser(w, value=n)
    from_browser(sb.council["red"], value=1)
    rows = {r["player"]: r for r in sb.noble_rows()}
    assert sb.council_counts() == {"green": 1, "silver": 2, "yellow": 0, "red": 1}
    # Player 1 owns grocers-1 and tavern-1, neither next to a public building; Player 2's builders-1 touches red-1.
    assert rows["Player 1"]["total"] == nobles.total({"green": 0, "silver": 6, "yellow": 0, "red": 0},
                                                     sb.council_counts()) == 12
    assert rows["Player 2"]["red"] == 3 and rows["Player 2"]["total"] == 1 * 1 + 3 * 1
    assert "green 0×1 + silver 6×2 + yellow 0×0 + red 0×1 = 12" in sb.nobles_panel.value


@pytest.mark.parametrize(("council", "players", "says"), [
    ({"purple": 1}, {0: None}, "nobles are green, silver, yellow, red"),
    ({"green": 4}, {0: None}, "0 to 3 green nobles"),
    ({}, {0: {"pelicans": 1}}, "not pelicans"),
    ({}, {0: {"mines_per_row": (1, 1)}}, "one whole number per mine row"),
    ({}, {0: {"houses_taken_per_row": (5, 0, 0)}}, "one number 0 to 4 per house row"),
    ({}, {0: {"used_pelicans": -1}}, "0 or more"),
    ({}, {7: None}, "Players are seats 0 to 3"),
])
def test_the_noble_frame_refuses_inputs_that_do_not_exist(council, players, says):
    with pytest.raises(ValueError, match=re.escape(says)):
        noble_frame(TownPosition.empty(5), council, players)


# ---------------------------------------------------------------------- tables and the static drawing
def test_the_matching_frame_is_town_matching_for_every_building(sawmill):
    frame = matching_frame(sawmill)
    assert list(frame.index) == [0, 5, 6, 10]
    for i in frame.index:
        assert frame.loc[i, "points"] == town.matching(i, sawmill.buildings, 5).points
    assert frame.loc[0, "scores for"] == "nobody (public)"
    assert matching_frame(sawmill.snapshot()).equals(frame)
    assert matching_frame(TownPosition.empty(6)).empty


@pytest.mark.slow
def test_the_renderer_draws_plots_edges_offers_and_the_banner(sawmill):
    page = draw(TownView(sawmill, sawmill.costs(), {5: "+6"}, caption="the sawmill"))
    assert page.ids("kh-town-plot-") == [f"kh-town-plot-{i}" for i in range(25)]
    assert page.has_id("kh-town-edge-1-0-w")
    assert sum(1 for n in page.walk() if str(n.attrs.get("title", "")).startswith("board edge icon")) == 10
    text = page.all_text
    assert BANNER in text and "the sawmill" in text and "+6" in text and "3 groschen" in text
    assert "⌂ Player 2" in text and page.count_text("public") == 1 and "red noble 1" in text
    assert draw(TownView(sawmill)).all_text == draw(TownView(sawmill.snapshot())).all_text
    with pytest.raises(ValueError, match="There is no plot 25"):
        TownView(sawmill, {25: 3})


def test_a_position_that_cannot_exist_is_a_value_error():
    with pytest.raises(ValueError, match="5 × 5 or 6 × 6"):
        TownPosition.empty(7)
    with pytest.raises(ValueError, match="there is only one of each tile"):
        TownPosition.build(5, {1: ("builders-1", 0), 2: ("builders-1", 1)})
    with pytest.raises(ValueError, match="give a guild building as"):
        TownPosition.build(5, {1: ("builders-1",)})
    with pytest.raises(ValueError, match="Plot 3 is taken"):
        TownPosition.build(5, {3: ("builders-1", 0)}, markers={3: 1})


# ---------------------------------------------------------------------- exercises
@pytest.fixture
def exercises(sawmill):
    return [TownExercise.plot_cost("Next to the red", sawmill, 1),
            TownExercise.plot_cost("Good name", sawmill, 7, reputation=True),
            TownExercise.matching_points("The sawmill", sawmill, 5),
            TownExercise.noble_points("Nobles", sawmill, 1, {"green": 2, "silver": 1},
                                      {"used_pelicans": 5})]


@pytest.mark.slow
def test_exercises_accept_the_rules_answer_and_reject_others(exercises, sawmill):
    truths = [5, 1, 6, nobles.total(nobles.per_noble(sawmill.buildings, sawmill.owners, 5, 1, 5, (0,) * 4,
                                                     (0,) * 3), {"green": 2, "silver": 1})]
    assert truths[3] == 1 * 2 + 6 * 1  # builders-1 touches red-1; 5 used pelicans are 2 pairs: 6 per silver
    for ex, truth in zip(exercises, truths, strict=True):
        assert ex.answer() == truth
        fb = ex.check(truth)
        assert fb.correct and fb.text.startswith(f"Right: {truth} {ex.unit}. ")
        assert ex.check(str(truth)).correct and ex.check(f" {truth} ").correct and ex.check(float(truth)).correct
        wrong = ex.check(truth + 1)
        assert wrong == Feedback(False, wrong.text) and f"but it is {truth} {ex.unit}" in wrong.text
        figure = ex.figure()  # the board without prices or matching badges: no answer given away
        assert figure.offers == {} and figure.badges == {} and not figure.interactive
        page = draw(figure).all_text
        assert "groschen" not in page and "+6" not in page and "Right" not in ex.question_html()


@pytest.mark.parametrize(("answer", "says"), [
    (None, "Type your answer first"), ("", "Type your answer first"), ("six", "'six' is not a number"),
    (5.5, "whole numbers"), (True, "not True"), (-1, "no negative"), ([6], "not a list"),
])
def test_unreadable_answers_get_a_sentence(exercises, answer, says):
    fb = exercises[2].check(answer)
    assert not fb.correct and says in fb.text


def test_a_broken_exercise_fails_when_it_is_made(sawmill):
    with pytest.raises(ValueError, match="plot 12 cannot be taken"):
        TownExercise.plot_cost("x", sawmill, 12)
    with pytest.raises(ValueError, match="no building on plot 12"):
        TownExercise.matching_points("x", sawmill, 12)
    with pytest.raises(ValueError, match="0 to 3 red nobles"):
        TownExercise.noble_points("x", sawmill, 0, {"red": 9})


def test_the_exercise_box_checks_on_click_and_never_raises(exercises):
    box = exercises[2].show()
    assert box.answer.description == "points"
    assert box.children[1].banner == BANNER and box.children[1].town == exercises[2].position.snapshot()
    from_browser(box.answer, value="5")
    box.check_button.click()
    assert "✗ Not quite: 5 is not it." in box.feedback.value and "6" not in box.feedback.value, "a hint first"
    box.check_button.click()
    assert "✗ Not quite: you said 5, but it is 6 points." in box.feedback.value, "the answer after a second try"
    from_browser(box.answer, value="6")
    box.check_button.click()
    assert "✓ Right: 6 points." in box.feedback.value


# ---------------------------------------------------------------------- the front end and the import
@pytest.mark.slow
def test_the_front_end_is_the_board_renderer_on_the_runtime_and_draws_the_test_ids(view):
    page = draw_composed(view, "town_board.js")
    assert intents(page) == {"plot"} == set(TownView.INTENTS)
    view.update(TownPosition.build(5, {5: ("builders-1", 0)}, markers={7: 1}), offers={6: 3}, badges={5: "+1"})
    page = draw(view)
    for testid in ("kh-town-root", "kh-town-plot-0", "kh-town-edge-1-0-w", "kh-town-banner", "kh-town-message",
                   "kh-town-offer-6", "kh-town-marker-7", "kh-town-badge-5"):
        assert page.has_id(testid), testid
    view.only_offers = True
    clickable = [n.data["plot"] for n in draw(view).walk() if n.data.get("clickable") == "true"]
    assert clickable == ["6"], "only the offered plots send a click"
    static = pathlib.Path(town_board_module.__file__).parent / "static"
    js = (static / "town_view.js").read_text("utf-8")
    for trait in ("town", "offers", "badges", "only_offers", "interactive", "selected", "MESSAGE_TRAITS"):
        assert trait in js
    css = (static / "town_board.css").read_text("utf-8")
    selectors = re.findall(r"^([^\s@/{}][^{]*)\{", css, flags=re.M)
    assert selectors and all(part.strip().startswith(".kh-town-") for s in selectors for part in s.split(","))


@pytest.mark.slow
def test_a_town_for_looking_at_sends_nothing_and_refuses_a_click(sawmill, no_callback_errors):
    picture = TownView(sawmill, interactive=False)
    assert not [n for n in draw(picture).walk() if "intent" in n.data]
    click(picture, {"intent": "plot", "index": 3})
    assert picture.message_kind == "error" and "only for looking at" in picture.message


@pytest.mark.slow
def test_import_does_not_load_pandas_or_plotly():
    code = "import sys, widgets.kutna_hora.town_board; print('pandas' in sys.modules, 'plotly' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
