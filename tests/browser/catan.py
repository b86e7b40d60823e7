"""Catan's island on its own (widgets.catan.BoardView) in a real browser: the check every BoardView of a notebook
gets (:func:`check_catan_board_view`, called by ``support.check_notebook_views``). The Catan tables are checked as
every table is (tables.py, TableKinds "ct" and "ck")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .support import PYTHONISH, click_and_wait, kernel_json

ROOT = '[data-testid="ct-view-root"]'
MESSAGE = '[data-testid="ct-view-message"]'

# Every Catan BoardView alive in the kernel, by model id: robber hex, offered places, message and its count.
PROBE = """
def _catan_board_probe():
    import json
    from ipywidgets.widgets.widget import _instances
    from widgets.catan import BoardView
    print(json.dumps({key: {"robber": w.board.get("robber"), "offers": sorted(w.offers), "seq": w.message_seq,
                            "kind": w.message_kind, "message": w.message}
                      for key, w in list(_instances.items()) if isinstance(w, BoardView)}))
_catan_board_probe()
del _catan_board_probe
"""


def probe(page: Any) -> dict[str, dict[str, Any]]:
    return kernel_json(page, PROBE)


def check_catan_board_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one BoardView: the island rendered (19 hexes, the robber on a hex where a BoardView in the kernel has
    it). A live board (a sandbox's offered places): a click on the first offered place comes back from exactly one
    BoardView in the kernel, its message redrawn and readable. A picture: nothing sends an intent and a click on a
    hex reaches no view in the kernel."""
    from playwright.sync_api import expect

    expect(view.get_by_test_id("ct-view-board")).to_be_visible()
    assert view.locator('[data-testid^="ct-view-board-hex-"]').count() == 19
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    before = probe(page)
    robber = view.get_by_test_id("ct-view-board-robber").get_attribute("data-hex")
    assert any(str(b["robber"]) == robber for b in before.values()), \
        f"no BoardView in the kernel has the robber on hex {robber}"
    picks = view.locator('[data-intent="pick"]')
    if not picks.count():
        assert view.locator("[data-intent]").count() == 0, "a picture offers no clicks"
        view.get_by_test_id("ct-view-board-hex-9").click()
        assert probe(page) == before, "a click on a Catan picture reached the kernel"
        return [f"a picture (robber on hex {robber}); a click sends nothing"]
    place = picks.first.get_attribute("data-testid")
    ms = click_and_wait(view, picks.first, MESSAGE, "BoardView", timing="Catan BoardView")
    after = probe(page)
    moved = [k for k in after if k in before and after[k]["seq"] != before[k]["seq"]]
    assert len(moved) == 1, f"expected one BoardView to answer the click, got {moved}"
    text = view.locator(MESSAGE).inner_text()
    assert text and not PYTHONISH.search(text), f"unreadable answer: {text!r}"
    return [f"live: {len(before[moved[0]]['offers'])} places offered; clicked {place}: {text[:60]!r} ({ms:.0f} ms)"]
