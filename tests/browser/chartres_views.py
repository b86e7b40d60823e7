"""The checks of the Chartres views in a real browser: the cellar and the rows of cards."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .support import PYTHONISH, REPLY_MS, click_and_wait, kernel_json

# ---------------------------------------------------------------------------------------------- Chartres cellar view
# Every CellarView alive in the kernel, by model id: its position, the engine's barrels and IP, its answers.
CELLAR_PROBE = """
import json
from ipywidgets.widgets.widget import _instances
from widgets.chartres import CellarView
print(json.dumps({k: {"white": w.white, "red": w.red, "marker": w.marker, "ip": w.ip, "read_only": w.read_only,
                      "barrels": [[b["space"], b["fill"], b["colour"]] for b in w.barrels], "seq": w.message_seq,
                      "kind": w.message_kind, "message": w.message}
                  for k, w in list(_instances.items()) if isinstance(w, CellarView)}))
"""
_CELLAR_MESSAGE = '[data-testid="cellar-message"]'
# The barrels a cellar view draws: [space, fill, colour] of every barrel holding wine.
_DRAWN_BARRELS = """root => [...root.querySelectorAll('[data-testid^="cellar-barrel-"]')]
  .filter(n => n.dataset.fill !== 'empty')
  .map(n => [Number(n.dataset.testid.split('-').pop()), n.dataset.fill, n.dataset.colour])"""


def probe_cellars(page: Any) -> dict[str, dict[str, Any]]:
    return kernel_json(page, CELLAR_PROBE)


def _only_one(before: dict[str, Any], after: dict[str, Any], what: str) -> str:
    changed = [k for k in after if k in before and after[k] != before[k]]
    assert len(changed) == 1, f"expected one {what} to change in the kernel, got {changed}"
    return changed[0]


def check_cellar_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one CellarView: it rendered with the banner and draws the barrels of a view in the kernel.

    A live view: a click on "+ white" (or "− white" at the top) comes back from Python: exactly one CellarView in
    the kernel changed its white grapes by one, and the IP and barrels the view shows are the kernel's; then a space
    tampered to a space that does not exist (the real click path) gets a readable refusal and changes no position.
    A read-only view (a lesson's picture, an exercise's figure): nothing in it sends an intent, and a click on a
    space reaches no CellarView in the kernel (the probe runs after anything the click sent)."""
    from playwright.sync_api import expect

    expect(view.get_by_test_id("cellar-banner")).to_contain_text("Values differ from the published game")
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    drawn = view.evaluate(_DRAWN_BARRELS)
    shown_ip = view.get_by_test_id("cellar-ip").inner_text()
    before = probe_cellars(page)
    assert any(c["barrels"] == drawn and f"{c['ip']} IP" == shown_ip for c in before.values()), \
        f"no CellarView in the kernel has the drawn barrels {drawn} and {shown_ip}"
    if view.get_attribute("data-read-only") == "true":
        assert view.locator("[data-intent]").count() == 0, "a read-only cellar offers no clicks"
        assert view.get_by_test_id("cellar-white-plus").count() == 0, "a read-only cellar has no grape buttons"
        view.get_by_test_id("cellar-space-0").click()
        assert probe_cellars(page) == before, "a click on a read-only cellar reached the kernel"
        return [f"read-only picture of {shown_ip} ({len(drawn)} barrels, the kernel's): a click sends nothing"]

    count = view.get_by_test_id("cellar-white")
    before_text = count.inner_text()
    plus, minus = view.get_by_test_id("cellar-white-plus"), view.get_by_test_id("cellar-white-minus")
    target, step = (plus, 1) if plus.is_enabled() else (minus, -1)
    target.click()
    expect(count).not_to_have_text(before_text, timeout=REPLY_MS)
    after = probe_cellars(page)
    key = _only_one(before, after, "CellarView")
    now, was = after[key], before[key]
    assert now["white"] == was["white"] + step and now["kind"] == "info", (was, now)
    expect(view.get_by_test_id("cellar-ip")).to_have_text(f"{now['ip']} IP", timeout=REPLY_MS)
    assert view.evaluate(_DRAWN_BARRELS) == now["barrels"], "the view draws other barrels than the kernel's"
    done = [f"white grapes {was['white']}→{now['white']} by a click; the view shows the kernel's {now['ip']} IP"]

    space = view.get_by_test_id("cellar-space-0")
    space.evaluate("node => { node.dataset.args = JSON.stringify({space: 99}); }")
    before = probe_cellars(page)
    click_and_wait(view, space, _CELLAR_MESSAGE, "CellarView")
    message = view.get_by_test_id("cellar-message")
    expect(message).to_have_class(re.compile(r"\bbg-message--error\b"))
    expect(message).to_contain_text("There is no space 99")
    assert not PYTHONISH.search(message.inner_text()), message.inner_text()
    after = probe_cellars(page)
    key = _only_one(before, after, "CellarView")
    strip = ("seq", "kind", "message")
    assert {f: v for f, v in after[key].items() if f not in strip} == \
        {f: v for f, v in before[key].items() if f not in strip}, "a refused click changed the position"
    return done + ["a space that does not exist refused"]


# ---------------------------------------------------------------------------------------------- Chartres rows view
ROWS_PROBE = """
import json
from ipywidgets.widgets.widget import _instances
from widgets.chartres import RowsView
print(json.dumps({k: {"seat": w.index, "row": w.seat["row"], "lit": w.seat["lit"], "activated": w.seat["activated"],
                      "seq": w.message_seq}
                  for k, w in list(_instances.items()) if isinstance(w, RowsView)}))
"""


def probe_rows(page: Any) -> dict[str, dict[str, Any]]:
    return kernel_json(page, ROWS_PROBE)


def check_rows_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one RowsView (a seat's rows, read-only): it rendered with the banner and a caption, and draws the
    action row, the lit columns and the ★ of a RowsView in the kernel; nothing in it sends an intent, and a click on
    a card reaches no RowsView in the kernel (the probe runs after anything the click sent)."""
    from playwright.sync_api import expect

    expect(view.get_by_test_id("ch-rows-banner")).to_contain_text("Values differ from the published game")
    expect(view.get_by_test_id("ch-rows-caption")).not_to_be_empty()
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    row = view.locator('[data-testid^="ch-row-"][data-testid*="-card-"]').evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)")
    lit = view.locator(".ch-col--lit").count()
    marked = view.locator(".ch-card--activated").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    before = probe_rows(page)
    assert any(r["row"] == row and len(r["lit"]) == lit and marked == ([r["activated"]] if r["activated"] else [])
               for r in before.values()), f"no RowsView in the kernel has the drawn row {row} ({lit} lit, {marked})"
    assert view.locator("[data-intent]").count() == 0, "a read-only picture offers no clicks"
    view.locator('[data-testid^="ch-row-"][data-testid*="-card-"]').first.click()
    assert probe_rows(page) == before, "a click on a read-only picture reached the kernel"
    return [f"row {' '.join(row)} ({lit} lit, ★ {marked or 'none'}) as in the kernel: a click sends nothing"]
