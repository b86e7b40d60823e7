"""The play pages (widgets/shared/play.py, notebooks/play/): one page per game, no code but its one cell, a table
for seat 1 that refuses with a sentence, says who won, and words a lost kernel for a page."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import comm
import pytest

from games import GAMES
from tests.widgets.messages import click
from widgets.shared.play import PAGE_CLASS, PAGES, page_named, play_page, play_pages
from widgets.shared.table import GameTable
from widgets.shared.tables import TABLES

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def _no_kernel(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)


def test_there_is_one_page_per_game_with_a_table_and_one_notebook_per_page():
    assert sorted(p.name for p in (ROOT / "notebooks" / "play").glob("*.ipynb")) == \
        sorted(p.name for p in play_pages(ROOT))
    assert all(path.is_file() for path in play_pages(ROOT))
    games = {page.game_id for page in PAGES}
    assert games == set(TABLES) - {"kutna_hora.economy"} and games <= set(GAMES)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_a_page_notebook_is_text_and_one_cell_that_shows_its_page(page):
    notebook = json.loads((ROOT / "notebooks" / "play" / f"{page.name}.ipynb").read_text(encoding="utf-8"))
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1 and not code[0]["outputs"]
    assert "".join(code[0]["source"]).strip().endswith(f'play_page("{page.name}")')
    text = "".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
    assert text.startswith(f"# Play {page.title}\n")
    assert "Not allowed" in text and "reload the page" in text and "hint" in text  # refusals, lost kernel, coach
    assert not re.search(r"Shift\+Enter|\bcell\b|import ", text), "a play page's text assumes code"
    assert notebook["metadata"]["site"] == {"tag": "full"}  # it imports only what the offline site has


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_a_page_deals_a_game_for_seat_one_and_the_same_deal_again(page):
    box = play_page(page.name, deal=17)
    table = box.table
    assert isinstance(table, GameTable) and PAGE_CLASS in box._dom_classes
    assert table.human == 0 and table.game.players == page.players and table.game.seed == 17
    assert table.game.game_id == page.game_id
    bots = "1 bot." if page.players == 2 else f"{page.players - 1} bots."  # never "1 bots"
    assert f"game 17: you are Player 1 against {bots}" in box.children[0].value
    assert table.status["your_turn"] and table.status["legal"]
    again = play_page(page.name, deal=17).table
    assert [str(a) for a in again.game.history] == [str(a) for a in table.game.history]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_a_refused_click_is_a_sentence_and_changes_nothing(page):
    table = play_page(page.name, deal=3).table
    before = [str(a) for a in table.game.history]
    click(table, {"intent": "act", "action": "fly to the moon"})
    assert table.message_kind == "error" and re.match(r"(Not allowed|Not understood): \S", table.message)
    assert "Traceback" not in table.message and [str(a) for a in table.game.history] == before


@pytest.mark.slow
def test_a_game_played_to_the_end_names_the_winner_on_the_page():
    rng = random.Random(5)
    table = play_page("kutna_hora", deal=rng.randrange(1000)).table
    for _ in range(500):
        if table.status["over"]:
            break
        click(table, {"intent": "act", "action": rng.choice(table.status["legal"])})
        assert table.message_kind == "info", table.message
    assert table.status["over"] and re.fullmatch(
        r"The game is over: Player \d( and Player \d)? wins? with \d+ points\.", table.status["prompt"])
    assert table.status["legal"] == []
    click(table, {"intent": "act", "action": "pass"})
    assert table.message == "Not allowed: the game is over; undo or reset to play again."


def test_a_page_that_does_not_exist_is_named_with_the_pages():
    with pytest.raises(ValueError, match="no play page 'go'; the pages are kutna_hora, kardinal_koenig"):
        page_named("go")


def test_the_front_end_words_a_lost_kernel_for_a_play_page():
    runtime = (ROOT / "widgets" / "shared" / "static" / "runtime.js").read_text(encoding="utf-8")
    assert f'el.closest(".{PAGE_CLASS}") ? LOST_KERNEL_PAGE' in runtime
    assert re.search(r'LOST_KERNEL_PAGE = "This page has lost its Python kernel.*Reload the page', runtime, re.S)
