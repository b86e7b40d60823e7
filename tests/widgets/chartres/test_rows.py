"""One seat's action and activation rows on their own (RowsView, read-only), drawn by the renderer the table uses,
and why a reveal did or did not activate a card."""

from __future__ import annotations

import pytest

from games.chartres import BANNER, ChartresGame
from tests.widgets.messages import click, spy
from widgets.chartres import RowsView, explain_activation, reveal_position


def test_the_rows_view_lights_matching_pairs_and_marks_the_activated_card(varied):
    position = reveal_position(varied, 0)
    card = position.activated(0)
    view = RowsView(position, 0)
    seen = position.observe(None)["seats"][0]
    assert view.seat["row"] == seen["row"] and view.seat["act"] == seen["act"] and view.index == 0
    assert view.seat["activated"] == card and card in view.seat["row"] and view.marks
    lit = [j + 1 for j, (a, b) in enumerate(zip(seen["row"], seen["act"], strict=True))
           if b and position.parts.cards[a].colour == position.parts.cards[b].colour]
    assert view.seat["lit"] == lit and view.seat["row"].index(card) + 1 in lit
    assert set(view.catalog["cards"]) == {c for c in seen["row"] + seen["act"] if c}, "the cards shown, no others"
    assert view.seat["resources"] == seen["resources"] and view.banner.startswith(BANNER)
    assert view.caption == "Player 1: action row above, activation row below"
    quiet = RowsView(position, 0, caption="before the answer", marks=False)
    assert quiet.seat["lit"] == [] and quiet.seat["activated"] == "" and not quiet.marks
    assert card in quiet.seat["row"] and quiet.caption == "before the answer"


def test_the_rows_stay_secret_during_the_setup():
    view = RowsView(ChartresGame(None, 0, players=3), 1)
    assert view.seat["row"] is None and view.seat["act"] is None and view.seat["lit"] == []
    assert view.catalog["cards"] == {}


def test_the_rows_view_is_read_only_and_answers_every_intent_with_a_message(varied, monkeypatch, no_callback_errors):
    view = spy(RowsView(reveal_position(varied, 1), 1), monkeypatch)
    before = dict(view.seat)
    for intent in ({"intent": "act", "action": "row a01"}, {"intent": "marker", "space": 1}, None, "nonsense"):
        click(view, intent)
        assert view.message_kind == "error" and view.message.startswith("Not understood:")
        assert "read-only" in view.message and "Player 2" in view.message and view.seat == before


def test_a_bad_game_or_seat_is_named():
    with pytest.raises(TypeError, match="Chartres game"):
        RowsView(object(), 0)
    with pytest.raises(ValueError, match="seat must be 0 to 2"):
        RowsView(ChartresGame(None, 0, players=3), 3)


def test_the_rows_view_front_end_is_the_tables_rows_renderer():
    js = RowsView._esm
    assert "// ---- chartres/static/rows.js" in js and "// ---- chartres/static/rows_view.js" in js
    assert "ch-rows-summary" in js and "secretly" in js and "★ activated" in js


def test_explain_activation_says_why_with_the_rule_ids(varied):
    yes, no = reveal_position(varied, 1), reveal_position(varied, 1, matched=False)
    assert f"{yes.activated(1)} is activated [act.match]" in explain_activation(yes, 1)
    assert "colours differ, so nothing is activated" in explain_activation(no, 1) and no.activated(1) == ""
    assert "has played no activation card yet" in explain_activation(ChartresGame(None, 0, players=3), 0)
