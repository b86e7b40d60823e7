"""What the tables say, in the words a learner reads: bar buttons in words (never a raw action text such as
``tech-remove``), the message line telling what a decision did (from the game's events, never hidden information),
and a click on a part of a board that does nothing now saying why (a Kutná Hora mine space before a drawn tile is
kept, a Chartres hand card outside its decision), with nothing changed."""

from __future__ import annotations

import random

import pytest

from tests.widgets.positions import first_positions
from tests.widgets.render import draw, explore
from widgets.chartres import ChartresTable
from widgets.kardinal_koenig import KKTable
from widgets.kutna_hora import KHTable
from widgets.kutna_hora.actions import button_words as kh_button_words

#: Raw texts the bar must not show as a button's label.
RAW = ("tech-remove", "tax pay", "tax refuse", "play three", "play colours", "play return", "path townhall",
       "path warehouse", "pour red", "pour white")


def _bar_labels(table) -> dict[str, str]:
    """Each bar button's action and its label as drawn."""
    page = draw(table)
    bar = [n for n in page.walk() if "bg-actions" in n.classes]
    assert len(bar) == 1
    return {n.data["action"]: n.text for n in bar[0].walk() if n.data.get("intent") == "act"}


def test_kutna_horas_first_decision_shows_the_six_row_orders_in_words():
    table = KHTable(players=2, seed=1)
    labels = _bar_labels(table)
    assert len(labels) == 6 and set(labels) == set(table.status["legal"])
    for action, label in labels.items():
        assert label == "rows 1-3: " + ", ".join(action.split()[1:])


def test_kutna_hora_buttons_say_what_they_do_with_their_cost():
    words = kh_button_words(["tech-remove", "tax pay", "tax refuse", "miners 2", "miners 0", "discard", "pass"],
                            {"tax pay": 3, "miners 2": 2})
    assert words["tech-remove"][0] == "remove the technology tile"
    assert words["tax pay"][0] == "pay the tax (3 g)" and words["miners 2"][0] == "buy 2 miners (2 g)"
    assert all(label not in RAW for label, _title in words.values())


@pytest.mark.slow
@pytest.mark.parametrize("game, cls", [("kardinal_koenig", KKTable), ("chartres", ChartresTable),
                                       ("kutna_hora", KHTable)])
def test_no_bar_button_shows_a_raw_action_text(game, cls):
    checked = 0
    for positions in first_positions(game).values():
        for position in positions:
            table = cls(position.game.clone(), human=position.seat)
            for action, label in _bar_labels(table).items():
                assert label not in RAW, (action, label)
                checked += 1
    assert checked >= 3


@pytest.mark.parametrize("cls", [KKTable, ChartresTable, KHTable])
def test_the_message_line_tells_what_the_decision_did(cls):
    rng = random.Random(5)
    table = cls(seed=5)
    told = 0
    for _ in range(25):
        legal = table.status["legal"]
        if not legal:
            break
        before = len(table.game.history)
        table.act(rng.choice(legal))
        mine = [e.text for e in table.game.log if e.step == before]
        assert all(text in table.message for text in mine[:table.max_told]), (mine, table.message)
        told += bool(mine)
    assert told >= 5


def test_kutna_hora_income_says_the_groschen_taken():
    table = KHTable(players=2, seed=1)
    rng = random.Random(1)
    for _ in range(200):
        legal = table.status["legal"]
        income = [a for a in legal if a.endswith(" income")]
        if income:
            table.act(income[0])
            assert "groschen" in table.message, table.message
            return
        table.act(rng.choice(legal))
    pytest.fail("no income half offered in 200 decisions")


@pytest.mark.slow
def test_a_mine_space_clicked_before_a_tile_is_kept_says_why_and_changes_nothing():
    position = first_positions("kutna_hora")["mine"][1]
    table = KHTable(position.game.clone(), human=position.seat)
    history = list(map(str, table.game.history))
    explored = explore(table)
    why = [c for c in explored.clicks if any(m.get("intent") == "why" for m in c.sent)]
    assert why and all(m == {"intent": "why", "what": "mine-space"} for c in why for m in c.sent)
    table.handle_intent({"intent": "why", "what": "mine-space"})
    assert table.message_kind == "error" and "choose one of your drawn tiles first" in table.message
    assert list(map(str, table.game.history)) == history


def test_a_hand_card_outside_its_decision_says_why_and_changes_nothing():
    position = first_positions("chartres")["location"][0]
    table = ChartresTable(position.game.clone(), human=position.seat)
    history = list(map(str, table.game.history))
    page = draw(table)
    hand = page.by_id("ch-hand")
    cards = [n for n in hand.walk() if n.data.get("intent") == "why"]
    assert cards and all(n.data.get("what") == "hand-card" for n in cards)
    table.handle_intent({"intent": "why", "what": "hand-card"})
    assert table.message.startswith("Nothing happens there now: a hand card is clicked only when a decision asks")
    assert list(map(str, table.game.history)) == history


def test_why_about_a_part_a_table_does_not_name_is_not_understood():
    table = KKTable(seed=1)
    table.handle_intent({"intent": "why", "what": "the moon"})
    assert table.message_kind == "error" and table.message.startswith("Not understood: 'why'")
