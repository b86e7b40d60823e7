"""Every table, view and sandbox under a careless and hostile browser (:mod:`tests.widgets.fuzz`): a CI budget of
seeded steps per target, and the faults the long runs found, one test each. ``python -m tests.widgets.fuzz`` runs
it for long."""

from __future__ import annotations

import pytest

from .fuzz import COACH_INTENTS, FuzzFailure, all_targets, browser, deliver, fuzz_target
from .fuzz.targets import Target

#: The coach's intents are left out in CI: a hint or a review is a search, 1-8 s a step (``--coach`` sends them).
COACH = frozenset(COACH_INTENTS)
#: Steps per target in CI (tables play bots, so a step costs about ten times a sandbox's).
BUDGET = {"table": 80, "sandbox": 200, "view": 250}


def _budget(name: str) -> int:
    return BUDGET["table"] if name.endswith("_table") else BUDGET["sandbox"] if "sandbox" in name or \
        name.endswith("_app") else BUDGET["view"]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(all_targets()))
def test_no_click_breaks_a_view(name):
    report = fuzz_target(name, _budget(name), seed=7, games=2, skip=COACH)
    assert report.steps == _budget(name)
    assert report.refused > report.steps // 10, "the hostile clicks reached the view and were refused"
    if name.endswith("_table"):
        assert report.redeals_checked > 0 and report.undos_checked > 0


def test_the_fuzzer_catches_a_view_that_breaks():
    """The checks can fail: a refusal that still changes the model is caught."""
    from widgets.kutna_hora.price_stand import PriceStand

    class Leaky(PriceStand):
        def intent_build(self, good):
            self._game.apply("income")  # changes the game, then refuses
            return self.refuse("Not allowed: no.")

    target = Target("leaky", lambda seed: Leaky(), lambda stand: stand._game.to_json())
    from . import fuzz

    original = fuzz.all_targets
    fuzz.all_targets = lambda: {"leaky": target}
    try:
        with pytest.raises(FuzzFailure, match="a refused intent changed the view"):
            fuzz_target("leaky", 400, seed=1)
    finally:
        fuzz.all_targets = original


# ---------------------------------------------------------------------- the faults the issue lists
def _click(widget, intent):
    deliver(widget, {"method": "custom", "content": intent})


def test_the_scoring_sandbox_survives_an_impossible_count_then_another_player_count():
    from widgets.kardinal_koenig.sandbox import ScoringSandbox

    with browser() as (_sent, log):
        box = ScoringSandbox(3)
        box.inputs[(0, "cards")].value = -1
        deliver(box.player_picker, {"method": "update", "state": {"index": 1}})  # "4 players"
        assert box.players == 4 and box.chart is None and "cannot hold -1" in box.message
        box.inputs[(0, "cards")].value = 2
        assert box.chart is not None and box.message == ""
        deliver(box.player_picker, {"method": "update", "state": {"index": None}})  # no selection
        deliver(box.country_picker, {"method": "update", "state": {"index": None}})
        assert box.players == 4 and box.player_picker.value == 4 and box.country == "france"
        assert log.records == []


def test_a_dropdown_left_without_selection_changes_nothing():
    from widgets.catan.sandbox import PlacementSandbox
    from widgets.chartres.sandbox import WineSandbox

    with browser() as (_sent, log):
        wine = WineSandbox("B")
        deliver(wine.cellar_picker, {"method": "update", "state": {"index": None}})
        deliver(wine.first_picker, {"method": "update", "state": {"index": None}})
        assert (wine.view.cellar, wine.cellar_picker.value, wine.view.first) == ("B", "B", "white")
        placement = PlacementSandbox(seed=1)
        deliver(placement.building, {"method": "update", "state": {"index": None}})
        assert placement.building.value == "settlement"
        from widgets.kutna_hora.town_sandbox import TownSandbox

        town = TownSandbox(6)
        town.place(7, "builders-1", 0)
        for picker in (town.size_picker, town.tile_picker, town.owner_picker, town.mode_picker):
            deliver(picker, {"method": "update", "state": {"index": None}})
        assert town.size == 6 and town.position.buildings[7] == "builders-1" and town.tile_picker.value is not None
        assert log.records == []


def test_a_refused_undo_leaves_the_time_travel_slider_where_it_was():
    from widgets.kardinal_koenig import KKTable

    with browser():
        table = KKTable(seed=1, players=4, human=3)
        _click(table, {"intent": "view_step", "step": 0})
        assert table.status["view"] == 0
        _click(table, {"intent": "undo"})
        assert table.message_kind == "error" and table.status["view"] == 0 and not table.status["live"]


def test_a_refused_pick_is_not_added_to_the_picked_list():
    from widgets.catan.sandbox import PlacementSandbox

    with browser():
        box = PlacementSandbox(seed=1)
        _click(box.board, {"intent": "pick", "kind": "node", "index": 3})
        assert box.picked == [3]
        box.building.value = "city"
        box.sentence = lambda node: (_ for _ in ()).throw(ValueError("no yield here"))  # a pick refused on the way
        _click(box.board, {"intent": "pick", "kind": "node", "index": 5})
        assert box.board.message_kind == "error" and box.picked == [3]


@pytest.mark.parametrize("name", [[], {}, ["act"], {"a": 1}, None, 3])
def test_an_intent_name_that_is_no_text_gets_a_sentence(name):
    from widgets.kardinal_koenig import KKTable

    with browser():
        table = KKTable(seed=1, players=3)
        _click(table, {"intent": name})
        assert table.message_kind == "error" and table.message.startswith("Not understood: unknown intent")


def test_arguments_are_checked_against_their_examples_before_any_handler_runs():
    from widgets.kardinal_koenig import KKTable

    with browser():
        table = KKTable(seed=1, players=3)
        before = table.game.to_json()
        for action, says in ((["take 1 1"], "takes action as a text like 'take 2 14', not ['take 1 1']"),
                             ("x" * 100_000, "at most 2,000"), ("take 1 " + "9" * 4400, "at most 2,000"),
                             ("take 1 " + "9" * 100, "too long a number"),
                             ({"a": 1}, "like 'take 2 14', not {'a': 1}")):
            _click(table, {"intent": "act", "action": action})
            assert table.message_kind == "error" and says in table.message, table.message
            assert len(table.message) < 200 and table.game.to_json() == before
        _click(table, {"intent": "view_step", "step": 10 ** 300})
        assert "not a number of about 300 digits" in table.message


def test_an_action_text_with_a_huge_number_is_a_notation_error():
    from games.core import Action, InvalidNotation

    for text, says in (("take 1 " + "9" * 4400, "at most 200 characters"), ("take 1 " + "9" * 19, "too long a number"),
                       ("x" * 5000, "at most 200 characters")):
        with pytest.raises(InvalidNotation, match=says) as err:
            Action.parse(text)
        assert len(str(err.value)) < 150


def test_a_picture_says_it_takes_no_clicks():
    from games.kardinal_koenig import new_game
    from widgets.kardinal_koenig.chart import ChartView

    with browser():
        chart = ChartView(new_game(players=3, seed=1).chart())
        _click(chart, {"intent": "x" * 10_000})
        assert chart.message.startswith("Not understood: this view is a picture (read-only): it takes no clicks")
        assert "intents are" not in chart.message and len(chart.message) < 200


def test_undo_right_after_a_reset_of_the_price_stand_brings_the_game_back():
    from widgets.kutna_hora.price_stand import PriceStand

    with browser():
        stand = PriceStand()
        _click(stand, {"intent": "income"})
        before = stand.game.to_json() if hasattr(stand, "game") else stand._game.to_json()
        _click(stand, {"intent": "reset"})
        _click(stand, {"intent": "reset"})  # twice: undo still brings back the game before the first
        _click(stand, {"intent": "undo"})
        assert stand._game.to_json() == before and stand.message_kind == "info"
