"""Every legal choice is clickable, for every decision kind of every game's table.

For the first position of each decision kind, and the first of that kind to offer each further verb
(``positions.first_positions``: seeded games; the seat that decides it takes the human's chair), the table's front
end is drawn in Node.js and every clickable node is clicked, and every node that selects the first part of a
two-part choice, and then every node of the view it redraws (``render.explore``). The actions those clicks send must
be exactly the legal actions of the decision: each one reachable by a click on the board or a button (never only
through the text list), nothing else offered as a choice. Board nodes that name an action the rules refuse now
(``data-legal="false"``) send it, and the rules refuse it with a reason: the table's message says why and the game
is unchanged.
"""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from widgets.catan import CatanTable, CKTable
from widgets.chartres import ChartresTable
from widgets.kardinal_koenig import KKTable
from widgets.kutna_hora import KHTable

from .messages import click, spy
from .positions import SEARCHES, first_positions
from .render import explore

pytestmark = pytest.mark.slow  # every test here takes seconds (tests/README.md)

TABLES = {"kutna_hora": KHTable, "chartres": ChartresTable, "kardinal_koenig": KKTable, "catan": CatanTable,
          "catan_ck": CKTable}
#: Every decision kind of every table (a game's steps also list the automatic ones, which nobody decides).
CASES = [(name, kind) for name in sorted(TABLES)
         for kind in sorted(step.kind for step in SEARCHES[name].game_class.steps.decisions())]


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    import comm
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)


def tables_at(name: str, kind: str, monkeypatch: pytest.MonkeyPatch):
    """A table at each position of ``kind``, with the seat deciding it at the human's chair."""
    for position in first_positions(name)[kind]:
        table = spy(TABLES[name](position.game.clone(), human=position.seat), monkeypatch)
        assert table.status["your_turn"] and table.status["kind"] == kind, (position.how, table.status["prompt"])
        yield table, position


def test_the_positions_cover_every_decision_kind_of_every_table():
    for name, table in TABLES.items():
        assert table.game_class is SEARCHES[name].game_class
        assert set(first_positions(name)) == {step.kind for step in table.game_class.steps.decisions()}, name


@pytest.mark.parametrize(("name", "kind"), CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_every_legal_action_is_one_click_or_a_selection_away(name, kind, monkeypatch):
    for table, position in tables_at(name, kind, monkeypatch):
        legal = set(table.game.legal_actions().texts())
        assert set(table.status["legal"]) == legal
        seen = explore(table)
        offered = seen.choices()
        assert offered == legal, (f"{position.how}: not clickable {sorted(legal - offered)}; "
                                  f"offered but not legal {sorted(offered - legal)}")
        assert not seen.refusable() & legal, "a legal action is drawn as refused"


@pytest.mark.parametrize(("name", "kind"), CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_a_board_node_naming_a_refused_action_sends_it_and_the_rules_say_why(name, kind, monkeypatch):
    for table, position in tables_at(name, kind, monkeypatch):
        refused = sorted(explore(table).refusable())
        history = [str(a) for a in table.game.history]
        for action in refused[:12]:
            with pytest.raises(IllegalAction):  # well-formed (the step's verbs and words), refused by the rules
                table.game.clone().apply(action)
            click(table, {"intent": "act", "action": action})
            assert table.message_kind == "error" and table.message.startswith("Not allowed: "), (
                position.how, action, table.message)
            assert [str(a) for a in table.game.history] == history


def _second_places(table, first: str) -> set[str]:
    """The test ids of the board places a learner may click second, once ``first`` (a place that starts a choice of
    two clicks) is picked: every position of the activation row, every mine space, every plot, every other corner
    (a knight's move) or hex (the Inventor's swap)."""
    kind, name = first.split(":")
    seat = table.human
    if kind == "hand":  # Chartres: a card to play under a position of the activation row
        row = table.game.observe(seat)["seats"][seat]["row"] or []
        acts = table.game.state.act[seat]
        return {f"ch-act-{seat}-{k}" if k <= len(acts) and acts[k - 1] else f"ch-slot-{k}"
                for k in range(1, len(row) + 2)}
    if kind == "drawn":
        return {f"kh-mine-cell-{i}" for i in range(len(table.mine["cells"]))}
    if kind == "held":
        return {f"kh-town-plot-{i}" for i in range(len(table.town["plots"]))}
    if kind == "node":
        return {f"ct-board-node-{v}" for v in range(54) if v != int(name)}
    if kind == "hex":
        return {f"ct-board-hex-{h}" for h in range(19) if h != int(name)}
    raise AssertionError(f"no second places known after {first}")


@pytest.mark.parametrize(("name", "kind"), CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_after_a_first_click_every_place_of_the_second_click_sends_an_action(name, kind, monkeypatch):
    """A place picked first (a card to activate, a drawn or held tile, a knight to move, a hex to swap): every place of
    the second click then sends an action, legal or refused: a refused one is not silent, the rules say why."""
    for table, position in tables_at(name, kind, monkeypatch):
        pairs = {c["places"][0] for c in table.status["choices"]["each"] if len(c.get("places", [])) == 2}
        if not pairs:
            continue
        seen = explore(table)
        for first in sorted(pairs):
            sent = {c.testid: c.actions for c in seen.clicks if c.select == first and c.actions}
            silent = sorted(_second_places(table, first) - set(sent))
            assert not silent, f"{position.how}: after {first}, no action behind {silent[:8]}"
            refused = {a for c in seen.clicks if c.select == first and c.legal == "false" for a in c.actions}
            for action in sorted(refused)[:6]:
                with pytest.raises(IllegalAction):
                    table.game.clone().apply(action)
