"""The Chartres cellar view, sandbox and chart without a browser: intents in, state out (docs/jupyter.md §3).

Every IP must be the engine's (games.chartres.wine.pour); every refused intent must leave the position as it was.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
import traitlets

from games import chartres
from games.chartres import BANNER, SOURCE, ip_by_grapes, load_components, pour
from tests.widgets.chartres.frontend import own_classes, own_js
from tests.widgets.messages import click, spy, updates
from widgets.chartres import MAX_GRAPES, CellarView, WineSandbox, ip_chart, pour_half_first

CELLARS = load_components().cellars
A = CELLARS["A"].values
POSITION = ("cellar", "marker", "white", "red", "first")
#: What the engine computes from the position; a refused intent must not touch any of it either.
RESULT = ("values", "bonuses", "barrels", "unused", "ip", "explanation", "order_choice")


@pytest.fixture
def view(monkeypatch):
    return spy(CellarView(cellar="A", marker=0, white=7, red=3), monkeypatch)


def from_browser(widget, **state):
    """What the front end sends when the learner drags a slider or picks an option."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def snapshot(widget):
    return {name: getattr(widget, name) for name in (*POSITION, *RESULT)}


def engine_barrels(values, marker, white, red, first="white"):
    return [{"space": b.space, "value": b.value, "colour": b.colour, "fill": b.fill, "ip": b.ip}
            for b in pour(values, marker, white, red, first).barrels]


# ---------------------------------------------------------------------- the rule text's example
def test_the_rulebook_example_gives_8_ip_through_the_view(view, no_callback_errors):
    click(view, {"intent": "marker", "space": 2})
    assert view.ip == 8 == pour(A, 2, 7, 3).ip
    assert view.barrels == [
        {"space": 2, "value": 4, "colour": "white", "fill": "full", "ip": 4},
        {"space": 3, "value": 6, "colour": "white", "fill": "half", "ip": 3},
        {"space": 4, "value": 2, "colour": "red", "fill": "half", "ip": 1},
    ]
    assert view.unused == {"white": 0, "red": 0}
    assert view.explanation == pour(A, 2, 7, 3).explain()
    assert view.explanation[-1] == "total 8 IP"


def test_a_new_view_shows_the_board_and_the_engines_pouring():
    v = CellarView(cellar="C", marker=5, white=4, red=6)
    assert v.values == list(CELLARS["C"].values) and v.cellars == ["A", "B", "C", "D"]
    assert v.barrels == engine_barrels(CELLARS["C"].values, 5, 4, 6)
    assert v.unused == {"white": 0, "red": 2}  # 6 red fill a barrel; the 2 left over score nothing
    assert v.ip == pour(CELLARS["C"].values, 5, 4, 6).ip
    assert v.message_kind == "info" and "Click a barrel space" in v.message


def test_track_bonuses_are_the_components_atoms_in_words():
    v = CellarView()
    assert v.bonuses == [
        {"space": 1, "atom": "draw:2", "words": "draw 2 cards"},
        {"space": 3, "atom": "shield", "words": "shield up 1"},
        {"space": 5, "atom": "gain_citizen", "words": "take a citizen from the common supply"},
        {"space": 7, "atom": "reputation:1", "words": "+1 reputation token"},
    ]


@pytest.mark.slow
def test_the_banner_is_shown_everywhere_the_cellar_values_appear():
    v = CellarView()
    assert v.banner == BANNER == "Values differ from the published game." and v.source == "approx"
    assert SOURCE.startswith(v.source)  # the component set's source, as games.chartres.SOURCE says it
    picture = CellarView("A", read_only=True)
    assert picture.banner == BANNER and picture.source == "approx"
    assert BANNER in ip_chart("B").layout.title.text
    assert WineSandbox().view.banner == BANNER


# ---------------------------------------------------------------------- intents in, state out
def test_a_marker_click_moves_the_marker_and_recomputes_the_ip(view, no_callback_errors):
    assert view.ip == pour(A, 0, 7, 3).ip == 5
    click(view, {"intent": "marker", "space": 5})
    assert view.marker == 5
    assert view.ip == pour(A, 5, 7, 3).ip == 7 + 8 // 2 + 10 // 2
    assert view.barrels == engine_barrels(A, 5, 7, 3)
    assert view.message_kind == "info" and "marker moves to space 5" in view.message and "(was 5)" in view.message
    sent = updates(view)
    assert len(sent) == 1, "one sync message per click"
    assert sent[0]["state"]["marker"] == 5 and sent[0]["state"]["ip"] == 16


def test_plus_and_minus_add_and_remove_one_grape(view, no_callback_errors):
    click(view, {"intent": "add", "colour": "red", "delta": 1})
    assert (view.white, view.red) == (7, 4) and view.ip == pour(A, 0, 7, 4).ip
    click(view, {"intent": "add", "colour": "white", "delta": -1})
    click(view, {"intent": "add", "colour": "white"})  # the delta defaults to one more
    click(view, {"intent": "add", "colour": "white", "delta": -1})
    click(view, {"intent": "add", "colour": "white", "delta": -1})
    assert view.white == 5 and view.unused["white"] == 1
    assert view.ip == pour(A, 0, 5, 4).ip
    click(view, {"intent": "grapes", "colour": "white", "count": 0})
    assert view.white == 0 and view.barrels == engine_barrels(A, 0, 0, 4)


def test_grapes_beyond_the_last_barrel_are_lost():
    v = CellarView(marker=7, white=8, red=3)
    assert [b["space"] for b in v.barrels] == [7]
    assert v.unused == {"white": 4, "red": 3}
    assert v.ip == A[7]


def test_choosing_the_colour_that_pours_first_swaps_colours_never_the_ip(view, no_callback_errors):
    click(view, {"intent": "marker", "space": 2})
    assert view.order_choice  # 7 white and 3 red both fill a half barrel
    before = view.barrels
    click(view, {"intent": "first", "colour": "red"})
    assert view.first == "red" and view.ip == 8
    assert [b["colour"] for b in view.barrels] == ["white", "red", "white"]

    def places(barrels):
        return [(b["space"], b["fill"], b["ip"]) for b in barrels]

    assert places(view.barrels) == places(before)
    alone = CellarView(white=4, red=0)
    assert not alone.order_choice
    assert alone.pour_first("red") and "changes nothing" in alone.message


def test_another_cellar_keeps_the_marker_space_and_changes_the_values(view, no_callback_errors):
    click(view, {"intent": "marker", "space": 3})
    click(view, {"intent": "cellar", "cellar": "d"})
    assert view.cellar == "D" and view.marker == 3
    assert view.values == list(CELLARS["D"].values)
    assert view.ip == pour(CELLARS["D"].values, 3, 7, 3).ip


#: Intents by name, their arguments and what the refusal says.
NONSENSE = [
    ("marker", {"space": 99}, "There is no space 99: cellar A has spaces 0 to 7"),
    ("marker", {"space": -1}, "There is no space -1"),
    ("marker", {"space": "2"}, "not '2'"),
    ("marker", {"space": 2.0}, "not 2.0"),
    ("marker", {"space": True}, "not True"),
    ("marker", {"space": None}, "not None"),
    ("marker", {}, "'marker' needs space"),
    ("marker", {"space": 2, "wine": "red"}, "'marker' takes space, not wine"),
    ("add", {"colour": "red", "delta": -4}, "only 3 red grapes"),
    ("add", {"colour": "white", "delta": 10}, "more than an action row of 7 cards can show"),
    ("add", {"colour": "white", "delta": "1"}, "whole number like 1 or -1"),
    ("add", {"colour": "green", "delta": 1}, "Grapes are white or red, not 'green'"),
    ("grapes", {"colour": "red", "count": -2}, "There cannot be -2 red grapes"),
    ("grapes", {"colour": "white", "count": 2.5}, "whole numbers"),
    ("grapes", {"colour": ["white"], "count": 2}, "takes colour as a text like 'red', not ['white']"),
    ("first", {"colour": "rosé"}, "Only white or red grapes can pour first, not 'rosé'"),
    ("cellar", {"cellar": "E"}, "There is no cellar 'E': the cellars are A, B, C, D"),
    ("cellar", {"cellar": 1}, "There is no cellar 1"),
    ("teleport", {"space": 2}, "unknown intent 'teleport'"),
]
#: Messages that are no intent of any name.
NOT_INTENTS = [({"type": "marker", "space": 2}, "unknown intent None"), ({"space": 2}, "unknown intent None"),
               (["marker", 2], "an intent is an object"), ("marker", "an intent is an object")]


@pytest.mark.parametrize(("intent", "says"), [({"intent": name, **args}, says) for name, args, says in NONSENSE]
                         + NOT_INTENTS)
def test_nonsense_gets_a_sentence_and_changes_nothing(view, intent, says, no_callback_errors):
    click(view, {"intent": "marker", "space": 2})
    before, seq = snapshot(view), view.message_seq
    view.outbox.clear()
    assert view.handle_intent(intent) is False
    assert view.message_kind == "error" and says in view.message
    assert "Traceback" not in view.message
    assert snapshot(view) == before
    assert view.message_seq == seq + 1  # the same refusal twice still reaches the view
    changed = {k for m in updates(view) for k in m["state"]}
    assert changed <= {"message", "message_kind", "message_seq"}
    click(view, intent)  # through the comm as well: no exception escapes the handler
    assert snapshot(view) == before and view.message_kind == "error"


def test_a_change_from_code_is_checked_whole_or_not_at_all(view):
    assert view.set(marker=4, white=12, red=3)
    assert (view.marker, view.white, view.ip) == (4, 12, pour(A, 4, 12, 3).ip)
    before = snapshot(view)
    assert not view.set(marker=1, white=-1)  # the marker would be fine; the grapes are not: nothing moves
    assert snapshot(view) == before and "There cannot be -1 white grapes" in view.message
    with pytest.raises(traitlets.TraitError, match="There is no space 8"):
        view.marker = 8
    with pytest.raises(traitlets.TraitError, match="more than an action row"):
        view.red = MAX_GRAPES + 1
    assert snapshot(view) == before
    view.white = 3  # a direct assignment (what a linked slider does) recomputes and says what it gives
    assert view.ip == pour(A, 4, 3, 3).ip and view.message.startswith("Now 3 white and 3 red grapes")


@pytest.mark.parametrize("position, says", [
    ({"marker": 8}, "There is no space 8"), ({"cellar": "Z"}, "no cellar 'Z'"),
    ({"red": -1, "read_only": True}, "There cannot be -1 red grapes"),
    ({"pouring": [1, 2]}, "pouring must be a games.chartres.Pouring"),
])
def test_a_bad_position_in_the_constructor_is_a_value_error(position, says):
    with pytest.raises(ValueError, match=says):
        CellarView(**position)


# ---------------------------------------------------------------------- read-only pictures
def test_a_read_only_picture_draws_the_engines_barrels_with_full_and_half_fill(no_callback_errors):
    page = CellarView("A", 2, 7, 3, read_only=True, caption="the rule")
    assert [(b["space"], b["fill"], b["colour"], b["ip"]) for b in page.barrels] == [
        (2, "full", "white", 4), (3, "half", "white", 3), (4, "half", "red", 1)]
    assert page.ip == 8 and page.marker == 2 and page.caption == "the rule" and page.read_only
    assert [b["words"] for b in page.bonuses][0] == "draw 2 cards" and page.message == ""
    wrong = CellarView("A", 2, 7, 3, pouring=pour_half_first(A, 2, 7, 3), caption="halves first")
    assert wrong.read_only and wrong.ip == 7 and wrong.caption == "halves first"
    assert (wrong.barrels[-1]["fill"], wrong.barrels[-1]["colour"], wrong.barrels[-1]["ip"]) == ("full", "white", 2)
    assert wrong.explanation == pour_half_first(A, 2, 7, 3).explain()


def test_a_read_only_picture_answers_every_click_with_a_message(monkeypatch, no_callback_errors):
    page = spy(CellarView("A", 2, 7, 3, read_only=True), monkeypatch)
    before = snapshot(page)
    for intent in ({"intent": "marker", "space": 4}, {"intent": "add", "colour": "red", "delta": 1}, "nonsense"):
        click(page, intent)
        assert page.message_kind == "error" and "read-only" in page.message and snapshot(page) == before


def test_a_changed_picture_pours_by_the_rule_again():
    wrong = CellarView("A", 2, 7, 3, pouring=pour_half_first(A, 2, 7, 3))
    assert wrong.set(white=8)
    assert wrong.ip == pour(A, 2, 8, 3).ip and wrong.pouring == pour(A, 2, 8, 3)


def test_pouring_half_barrels_first_is_a_different_and_wrong_result():
    rule, wrong = pour(A, 2, 7, 3), pour_half_first(A, 2, 7, 3)
    assert (rule.ip, wrong.ip) == (8, 7)
    assert [(b.space, b.fill) for b in wrong.barrels] == [(2, "half"), (3, "half"), (4, "full")]
    # The rule is not "the best for you": from space 4 (printed 2, 7, 8) halves first would score more.
    assert pour_half_first(A, 4, 7, 3).ip == 2 // 2 + 7 // 2 + 8 == 12
    assert pour(A, 4, 7, 3).ip == 2 + 7 // 2 + 8 // 2 == 9
    # Near the end of the track the wrong order also loses other grapes: the red half barrel takes space 6.
    lost = pour_half_first(A, 6, 8, 3)
    assert [(b.space, b.colour, b.fill) for b in lost.barrels] == [(6, "red", "half"), (7, "white", "full")]
    assert lost.unused == {"white": 4, "red": 0} and lost.ip == A[6] // 2 + A[7] == 14
    rule = pour(A, 6, 8, 3)
    assert rule.unused == {"white": 0, "red": 3} and rule.ip == A[6] + A[7] == 18


# ---------------------------------------------------------------------- the sandbox: sliders and view in sync
def test_dragging_the_sliders_moves_the_view(no_callback_errors):
    sb = WineSandbox()
    from_browser(sb.white_slider, value=7)
    from_browser(sb.red_slider, value=3)
    from_browser(sb.marker_slider, value=2)
    assert sb.view.position == {"cellar": "A", "marker": 2, "white": 7, "red": 3, "first": "white"}
    assert sb.ip == 8 == sb.pouring.ip
    assert "8 IP</span> from 7 white and 3 red grapes, marker on space 2 of cellar A" in sb.readout.value
    from_browser(sb.cellar_picker, index=1)
    assert sb.view.cellar == "B" and sb.ip == pour(CELLARS["B"].values, 2, 7, 3).ip
    from_browser(sb.first_picker, index=1)
    assert sb.view.first == "red" and sb.ip == pour(CELLARS["B"].values, 2, 7, 3, "red").ip


def test_clicks_in_the_view_move_the_sliders(no_callback_errors):
    sb = WineSandbox(cellar="A", marker=2, white=7, red=3)
    assert (sb.white_slider.value, sb.red_slider.value, sb.marker_slider.value) == (7, 3, 2)
    click(sb.view, {"intent": "marker", "space": 6})
    click(sb.view, {"intent": "add", "colour": "white", "delta": 1})
    click(sb.view, {"intent": "first", "colour": "red"})
    click(sb.view, {"intent": "cellar", "cellar": "C"})
    assert (sb.marker_slider.value, sb.white_slider.value, sb.first_picker.value, sb.cellar_picker.value) == (
        6, 8, "red", "C")
    assert f"{pour(CELLARS['C'].values, 6, 8, 3, 'red').ip} IP" in sb.readout.value
    click(sb.view, {"intent": "marker", "space": 99})  # refused: the slider stays
    assert sb.marker_slider.value == 6 and sb.view.message_kind == "error"
    assert sb.marker_slider.max == len(A) - 1 and sb.white_slider.max == MAX_GRAPES


# ---------------------------------------------------------------------- the chart
@pytest.mark.parametrize("cellar", ["A", "B", "C", "D"])
def test_the_chart_has_one_line_per_marker_space_with_the_engines_ip(cellar):
    values = CELLARS[cellar].values
    fig = ip_chart(cellar)
    assert len(fig.data) == len(values) == 8
    for marker, trace in enumerate(fig.data):
        assert list(trace.x) == list(range(17))
        assert list(trace.y) == ip_by_grapes(values, marker, 16)
        assert trace.name == f"space {marker} ({values[marker]} IP)"
    assert list(ip_chart(cellar, most=5).data[0].x) == [0, 1, 2, 3, 4, 5]


def test_the_chart_refuses_a_cellar_or_range_that_does_not_exist():
    with pytest.raises(ValueError, match="no cellar 'Q'"):
        ip_chart("Q")
    with pytest.raises(ValueError, match="most must be a whole number"):
        ip_chart("A", most=-1)


# ---------------------------------------------------------------------- the front end and the import
def test_the_front_end_draws_the_board_with_the_one_cellar_renderer_and_its_test_ids():
    js, css = CellarView._esm, CellarView._css
    assert "// ---- chartres/static/cellar.js" in js and "// ---- chartres/static/cellar_view.js" in js
    mine = own_js(js, "chartres/static/cellar.js")
    assert "model.send" not in mine, "intents go through the runtime"
    sent = set(re.findall(r'button\([^)]*?"(\w+)", \{', mine)) | set(re.findall(r'clickable\(space, "(\w+)"', mine))
    assert sent == {"marker", "add", "first"} and sent <= set(CellarView.INTENTS)
    for testid in ("${id}-space-${k}", "${id}-value-${k}", "${id}-barrel-${k}", "${id}-marker", "cellar-ip",
                   "cellar-banner", "cellar-message", "cellar-${colour}-plus", "cellar-${colour}-minus",
                   "cellar-first-${colour}", "cellar-${colour}"):
        assert f'"{testid}"' in js or f"`{testid}`" in js, testid
    assert 'name: "cellar"' in js and 'id: "cellar"' in js, "the view's ids start with cellar-"
    classes = own_classes(css, "chartres/static/cellar.css")
    assert classes and all(c.startswith(".ch-") for c in classes), classes


@pytest.mark.slow
def test_importing_the_views_leaves_pandas_and_plotly_for_later():
    """The table, the cellar, the rows, the charts' module: none loads pandas or plotly before a chart is made."""
    code = "import sys, widgets.chartres; print('pandas' in sys.modules, 'plotly' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
    assert chartres.BANNER == BANNER


def test_a_picture_keeps_the_cellar_as_it_was_read_only():
    live = CellarView("A", 2, 4, 0)
    picture = live.picture("Step 1")
    live.set(white=7, red=3)
    assert picture.read_only and picture.caption == "Step 1" and (picture.white, picture.red, picture.ip) == (4, 0, 4)
    assert live.ip == 8
