"""The card-stand view of the price sandbox without a browser: intents in, synced state out (docs/jupyter.md §3)."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from games import kutna_hora
from games.core import Rng
from games.kutna_hora.prices import stand_snapshot
from tests.widgets.messages import click, spy, updates
from widgets import PriceStand, PriceStandApp, price_chart, price_table_frame
from widgets.kutna_hora import price_stand

PAYLOAD_LIMIT = 4096


# ---------------------------------------------------------------------- harness
@pytest.fixture
def stand(monkeypatch):
    return spy(PriceStand(), monkeypatch)


def deck_of(widget, deck):
    return widget.stand["decks"][deck]


def good_of(widget, good):
    for deck in widget.stand["decks"].values():
        if good in deck["goods"]:
            return deck["goods"][good]
    raise KeyError(good)


# ---------------------------------------------------------------------- what it shows
def test_a_new_stand_shows_both_decks_at_card_zero_with_approx_prices(stand):
    assert stand.stand["source"] == "approx"
    assert deck_of(stand, "population")["position"] == 0
    assert deck_of(stand, "ore")["position"] == 0
    assert set(deck_of(stand, "population")["goods"]) == {"wood", "food", "beer"}
    assert set(deck_of(stand, "ore")["goods"]) == {"permits", "silver", "ore"}
    assert {g: good_of(stand, g)["price"] for g in stand.game.table.goods} == stand.game.prices()
    assert stand.message_kind == "info" and stand.message
    assert stand.status["step"] == 0 and stand.status["groschen"] == [40]
    assert stand.changed == []


def test_the_free_play_default_game_is_long_and_a_given_game_is_kept():
    assert PriceStand().game.config.turns == 200
    game = kutna_hora.new_economy(players=2, turns=5, seed=3)
    view = PriceStand(game)
    assert view.game is game
    assert view.status["player"] == 1 and view.status["groschen"] == list(game.scores())


def test_a_stand_refuses_something_that_is_not_a_price_game():
    with pytest.raises(TypeError, match="price-sandbox game"):
        PriceStand(game=object())


# ---------------------------------------------------------------------- intents in, state out
def test_clicking_the_ore_card_advances_the_ore_deck_by_one(stand, no_callback_errors):
    click(stand, {"intent": "advance", "deck": "ore", "cards": 1})
    assert stand.game.stands.ore == 1
    assert deck_of(stand, "ore")["position"] == 1
    assert "deck:ore" in stand.changed and "deck:population" not in stand.changed
    assert stand.message_kind == "info" and "ore card 0 → 1" in stand.message
    sent = updates(stand)
    assert len(sent) == 1, "one sync message per step"
    assert sent[0]["state"]["stand"]["decks"]["ore"]["position"] == 1


def test_advancing_onto_a_card_with_new_numbers_changes_prices_and_marks_them(stand):
    table = stand.game.table
    target = next(pos for pos in range(1, 30) if table.starred("silver", pos, 0))
    before = stand.game.prices()["silver"]
    while stand.game.stands.ore < target - 1:
        assert stand.advance("ore", 1)
    assert stand.advance("ore", 1)
    assert good_of(stand, "silver")["price"] == table.cell("silver", target, 0).value != before
    assert "price:silver" in stand.changed
    assert good_of(stand, "silver")["cells"][0][3] is True  # the 4* star
    assert f"silver {before} → " in stand.message


def test_building_beer_moves_its_slider_and_marks_what_changed(stand, no_callback_errors):
    click(stand, {"intent": "build", "good": "beer"})
    beer = good_of(stand, "beer")
    assert beer["notch"] == 1 and stand.game.stands.sliders["beer"] == 1
    assert beer["price"] == beer["cells"][1][0] == 2
    assert {"slider:beer", "price:beer", "deck:population"} <= set(stand.changed)
    assert "slider:wood" not in stand.changed
    assert any(e[2] == "prices.guild-building" for e in stand.events)
    assert any(e[2] == "sandbox.build" for e in stand.events)
    assert stand.status["groschen"][0] < 40


def test_a_silver_building_moves_the_slider_shared_by_silver_and_ore(stand):
    ore_before = stand.game.prices()["ore"]
    assert stand.build("silver")
    assert {"slider:silver", "slider:ore", "price:silver", "price:ore"} <= set(stand.changed)
    assert good_of(stand, "ore")["price"] > ore_before  # silver's slider right: ore's price rises


def test_income_pays_production_at_the_current_price(stand):
    stand.build("beer")
    money = stand.game.scores()[0]
    click(stand, {"intent": "income"})
    assert stand.game.scores()[0] == money + stand.game.income_of(0) > money
    assert stand.status["groschen"] == [stand.game.scores()[0]]
    assert "income" in stand.message and any(e[2] == "income.sum" for e in stand.events)


def test_undo_restores_the_stand_as_it_was(stand, no_callback_errors):
    first = json.dumps(stand.stand, sort_keys=True)
    click(stand, {"intent": "build", "good": "beer"})
    assert json.dumps(stand.stand, sort_keys=True) != first
    click(stand, {"intent": "undo"})
    assert json.dumps(stand.stand, sort_keys=True) == first
    assert stand.game.history == []
    assert "Took back 'build beer'" in stand.message
    assert "slider:beer" in stand.changed  # undo highlights what it put back


def test_undo_with_nothing_to_undo_is_a_message_not_an_exception(stand, no_callback_errors):
    click(stand, {"intent": "undo"})
    assert stand.message_kind == "error" and "nothing to undo" in stand.message
    stand.outbox.clear()
    click(stand, {"intent": "undo"})  # the same refusal again still reaches the browser
    assert len(updates(stand)) == 1 and updates(stand)[0]["state"].get("message_seq") == stand.message_seq


def test_reset_starts_the_same_sandbox_again(stand, no_callback_errors):
    for intent in ({"intent": "build", "good": "beer"}, {"intent": "advance", "deck": "ore", "cards": 3}):
        click(stand, intent)
    old_game = stand.game
    click(stand, {"intent": "reset"})
    assert stand.game is not old_game
    assert stand.game.history == [] and stand.status["step"] == 0
    assert stand.game.config == old_game.config and stand.game.seed == old_game.seed
    assert stand.stand == stand_snapshot(stand.game.table, stand.game.stands)
    assert {"deck:ore", "deck:population", "slider:beer"} <= set(stand.changed)
    assert stand.message.startswith("New game")


def test_a_game_changed_from_python_is_redrawn_by_refresh(stand):
    stand.game.apply("advance population 2")
    stand.refresh()
    assert deck_of(stand, "population")["position"] == 2
    other = kutna_hora.new_economy(turns=3, seed=9)
    stand.game = other
    assert stand.game is other and deck_of(stand, "population")["position"] == 0


# ---------------------------------------------------------------------- mistakes become messages
def test_building_where_the_price_shows_a_red_cross_says_no_demand(stand, no_callback_errors):
    assert stand.build("beer") and stand.build("beer")
    assert good_of(stand, "beer")["cells"][good_of(stand, "beer")["notch"]][1] is True  # the red ✗
    steps, snapshot = len(stand.game.history), stand.stand
    click(stand, {"intent": "build", "good": "beer"})
    assert stand.message_kind == "error"
    assert "no demand" in stand.message
    assert len(stand.game.history) == steps and stand.stand == snapshot
    assert "beer" not in stand.status["buildable"]
    assert updates(stand)[-1]["state"]["message_kind"] == "error"


def test_building_without_enough_money_says_what_it_costs(stand, no_callback_errors):
    game = stand.game
    while True:  # spend money on whatever can still be built
        buildable = stand.status["buildable"]
        if not buildable:
            break
        assert stand.build(buildable[0])
    money = game.scores()[0]
    too_dear = next(g for g in game.table.goods if not isinstance(game.build_plan(g), str))
    assert game.build_plan(too_dear).total > money
    click(stand, {"intent": "build", "good": too_dear})
    assert stand.message_kind == "error"
    assert f"costs {game.build_plan(too_dear).total} groschen" in stand.message
    assert f"you have {money}" in stand.message


def test_an_unknown_good_names_the_goods(stand, no_callback_errors):
    click(stand, {"intent": "build", "good": "gold"})
    assert stand.message_kind == "error"
    assert "gold" in stand.message and "beer" in stand.message and "permits" in stand.message


@pytest.mark.parametrize("intent", [
    {},
    {"type": 3},
    {"type": "income"},
    {"intent": "fly"},
    {"intent": "advance"},
    {"intent": "advance", "deck": 5, "cards": 1},
    {"intent": "advance", "deck": "ore", "cards": "two"},
    {"intent": "advance", "deck": "ore", "cards": True},
    {"intent": "advance", "deck": "ore", "cards": 1.5},
    {"intent": "advance", "deck": "ore", "cards": 7},
    {"intent": "advance", "deck": "ore", "cards": -1},
    {"intent": "advance", "deck": "moon", "cards": 1},
    {"intent": "advance", "deck": "ore!", "cards": 1},
    {"intent": "build"},
    {"intent": "build", "good": None},
    {"intent": "build", "good": ["beer"]},
    {"intent": "build", "good": "beer beer"},
    {"intent": "build", "good": ""},
    "income",
    ["income"],
    None,
])
def test_a_malformed_intent_is_a_readable_message(stand, intent, no_callback_errors):
    snapshot = stand.stand
    click(stand, intent)
    assert stand.message_kind == "error"
    assert stand.message.startswith(("Not understood:", "Not allowed:"))
    assert "Traceback" not in stand.message and "Something went wrong" not in stand.message
    assert stand.game.history == [] and stand.stand == snapshot
    assert updates(stand), "the message reaches the browser"


def test_nonsense_text_through_apply_returns_false_with_a_message(stand):
    assert stand.apply("  ") is False
    assert stand.message_kind == "error" and "empty" in stand.message
    assert stand.apply("dance wildly") is False
    assert "not an action" in stand.message
    assert stand.apply("advance ore 1") is True and stand.message_kind == "info"


def test_the_game_over_is_announced_and_later_intents_are_refused(monkeypatch, no_callback_errors):
    view = spy(PriceStand(kutna_hora.new_economy(turns=1, seed=0)), monkeypatch)
    click(view, {"intent": "income"})
    assert view.status["over"] is True and "game is over" in view.message
    assert view.status["buildable"] == []
    click(view, {"intent": "advance", "deck": "ore", "cards": 1})
    assert view.message_kind == "error" and "game is over" in view.message
    assert view.game.stands.ore == 0
    click(view, {"intent": "undo"})  # taking back the last turn is still allowed
    assert view.status["over"] is False and view.message_kind == "info"


def test_a_bug_in_a_handler_still_becomes_a_message(stand, monkeypatch, no_callback_errors):
    monkeypatch.setattr(stand, "intent_income", lambda: {}["boom"])
    click(stand, {"intent": "income"})
    assert stand.message_kind == "error" and "KeyError: 'boom'" in stand.message and "Traceback" not in stand.message


def test_python_verbs_forgive_case_and_spaces(stand):
    assert stand.build(" Beer ") is True
    assert stand.advance("ORE", 2) is True
    assert stand.game.stands.ore == 2 and stand.game.stands.sliders["beer"] == 1


# ---------------------------------------------------------------------- payload
def test_every_step_syncs_in_one_small_message(stand):
    rng = Rng(7)
    intents = [{"intent": "advance", "deck": "population", "cards": 3},
               {"intent": "advance", "deck": "ore", "cards": 3}, {"intent": "income"}, {"intent": "undo"},
               {"intent": "reset"}]
    intents += [{"intent": "build", "good": g} for g in stand.game.table.goods]
    sizes = []
    for _ in range(60):
        stand.outbox.clear()
        click(stand, rng.choice(intents))
        sent = updates(stand)
        assert len(sent) == 1
        sizes.append(len(json.dumps(sent[0])))
    print(f"sync bytes per step: mean {sum(sizes) / len(sizes):.0f}, max {max(sizes)}")
    assert max(sizes) <= PAYLOAD_LIMIT


def test_events_are_capped_so_a_long_step_stays_small(stand):
    stand.game.apply("advance population 3")
    fake = stand.game.log[-1]
    stand.game.log.extend([fake] * 30)
    stand.refresh()
    assert len(stand.events) == 11 and "more events" in stand.events[-1][1]


# ---------------------------------------------------------------------- front-end files
def test_the_front_end_is_the_stands_renderer_on_the_runtime_and_uses_only_its_prefix():
    static = pathlib.Path(price_stand.__file__).parent / "static"
    js, css = PriceStand._esm, (static / "stands.css").read_text(encoding="utf-8")
    assert "// ---- shared/static/runtime.js" in js and "// ---- kutna_hora/static/stands.js" in js
    assert js.count("export default { render }") == 1 and css in PriceStand._css
    assert not re.search(r"\bimport\b.*https?://", js), "no CDN imports"
    sent = set(re.findall(r'clickable\(\w+, "(\w+)"', js[js.index("// ---- kutna_hora/static/stands.js"):]))
    assert sent == {"advance", "build"} and sent <= set(PriceStand.INTENTS)
    for testid in ('name: "kh-ps"', "kh-ps-deck-", "kh-ps-position-", "kh-ps-good-", "kh-ps-price-", "kh-ps-message",
                   "kh-ps-banner"):
        assert testid in js
    selectors = re.findall(r"(?m)^\s*([^@{}\s][^{}]*)\{", re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    classes = [part for sel in selectors for part in re.split(r"\s*[, ]\s*", sel.strip()) if part]
    assert classes and all(c.startswith((".kh-ps-", "from", "to")) or c.endswith("%") for c in classes), classes


# ---------------------------------------------------------------------- the app, chart and table
@pytest.fixture
def app():
    return PriceStandApp()


@pytest.mark.slow
def test_app_buttons_drive_the_game(app):
    app.deck.value, app.cards.value = "ore", 2
    app.advance_button.click()
    assert app.game.stands.ore == 2
    app.good.value = "beer"
    app.build_button.click()
    assert app.game.stands.sliders["beer"] == 1 and "slider:beer" in app.stand.changed
    money = app.game.scores()[0]
    app.income_button.click()
    assert app.game.scores()[0] > money
    app.undo_button.click()
    assert app.game.scores()[0] == money and len(app.game.history) == 2
    app.reset_button.click()
    assert app.game.history == [] and app.game.stands.ore == 0


def test_an_app_button_refusal_shows_as_a_message(app):
    app.good.value = "beer"
    for _ in range(3):
        app.build_button.click()
    assert app.stand.message_kind == "error" and "no demand" in app.stand.message


@pytest.mark.slow
def test_the_app_chart_follows_every_step(app):
    chart = app.chart
    names = [t.name for t in chart.data]
    beer = chart.data[names.index("beer")]
    table = app.game.table
    assert list(beer.y) == [table.cell("beer", p, 0).value for p in range(table.decks["population"].last + 1)]
    app.good.value = "beer"
    app.build_button.click()
    assert list(beer.y) == [table.cell("beer", p, 1).value for p in range(table.decks["population"].last + 1)]
    app.deck.value, app.cards.value = "ore", 3
    app.advance_button.click()
    now_ore = [t for t in chart.data if t.name == "now"][1]
    assert set(now_ore.x) == {3}
    assert sorted(now_ore.y) == sorted(app.game.prices()[g] for g in ("permits", "silver", "ore"))
    population_line, ore_line = chart.layout.shapes[0], chart.layout.shapes[2]
    assert population_line.x0 == 1 and ore_line.x0 == 3


@pytest.mark.slow
def test_price_chart_draws_every_good_along_its_deck():
    game = kutna_hora.new_economy()
    fig = price_chart(game.table, game.stands)
    lines = {t.name: t for t in fig.data if t.name != "now"}
    assert set(lines) == set(game.table.goods)
    assert len(lines["wood"].x) == game.table.decks["population"].last + 1
    assert len(lines["ore"].x) == game.table.decks["ore"].last + 1
    assert list(lines["ore"].y)[:2] == [game.table.cell("ore", 0, 0).value, game.table.cell("ore", 1, 0).value]
    assert "x" not in lines["beer"].marker.symbol  # notch 0: beer always has demand
    assert "approx" in fig.layout.title.text
    game.apply("build beer")
    game.apply("build beer")  # beer slider at notch 2: its cells show the red ✗ on early cards
    fig = price_chart(game.table, game.stands)
    beer = next(t for t in fig.data if t.name == "beer")
    no_demand = [game.table.cell("beer", p, 2).no_demand for p in beer.x]
    assert [s == "x" for s in beer.marker.symbol] == no_demand and any(no_demand)


def test_price_table_frame_reads_like_the_printed_card():
    table = kutna_hora.new_economy().table
    frame = price_table_frame(table, "population", "wood")
    assert frame.shape == (table.decks["population"].last + 1, 6)
    assert frame.index.name == "position" and frame.columns.name == "notch"
    assert frame.loc[0, 0] == str(table.cell("wood", 0, 0).value)
    cells = frame.to_numpy().ravel().tolist()
    assert any(c.endswith("✗") for c in cells) and any("⌂" in c for c in cells) and any("*" in c for c in cells)
    house = next((p, n) for p in frame.index for n in frame.columns if table.cell("wood", p, n).town_builds)
    assert frame.loc[house].endswith("⌂")
    with pytest.raises(ValueError, match="shows"):
        price_table_frame(table, "ore", "beer")
    with pytest.raises(ValueError, match="no deck"):
        price_table_frame(table, "moon", "beer")


def test_importing_widgets_does_not_import_plotly_or_pandas():
    import subprocess
    import sys
    code = "import sys, widgets; print('plotly' in sys.modules, 'pandas' in sys.modules)"
    root = pathlib.Path(price_stand.__file__).parent.parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root).stdout
    assert out.split() == ["False", "False"]


@pytest.mark.slow
def test_a_picture_keeps_the_step_it_was_taken_at_and_takes_no_clicks(stand, no_callback_errors):
    from tests.widgets.render import draw

    stand.build("beer")
    picture = stand.picture("Step 1: a tavern")
    assert picture.read_only and picture.caption == "Step 1: a tavern"
    assert (picture.stand, picture.changed, picture.events, picture.message) == (
        stand.stand, stand.changed, stand.events, stand.message)
    stand.build("beer")
    assert picture.stand != stand.stand and picture.game.history != stand.game.history, "the picture keeps its step"
    click(picture, {"intent": "build", "good": "beer"})
    assert picture.message_kind == "error" and "read-only" in picture.message and len(picture.game.history) == 1
    page = draw(picture)
    assert page.data["readOnly"] == "true" and not [n for n in page.walk() if "intent" in n.data]
    assert page.by_id("kh-ps-caption").all_text == "Step 1: a tavern"
