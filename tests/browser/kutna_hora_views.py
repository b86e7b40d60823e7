"""The checks of the Kutná Hora views in a real browser: the PriceStand (a click on a deck or a good comes back
from Python, in every view of the same model) and the mine, town and board views."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .support import PYTHONISH, READABLE, REPLY_MS, click_and_wait, kernel_json

# Every PriceStand alive in the kernel, by model id: deck positions, sliders, prices, step and message.
PROBE = """
def _kh_browser_probe():
    import json
    from ipywidgets.widgets.widget import _instances
    from widgets.kutna_hora import PriceStand
    print(json.dumps({key: {"population": w.game.stands.population, "ore": w.game.stands.ore, "picture": w.read_only,
                            "sliders": dict(w.game.stands.sliders), "prices": w.game.prices(),
                            "step": len(w.game.history), "kind": w.message_kind, "message": w.message}
                      for key, w in list(_instances.items()) if isinstance(w, PriceStand)}))
_kh_browser_probe()
del _kh_browser_probe
"""


def probe_stands(page: Any) -> dict[str, dict[str, Any]]:
    return kernel_json(page, PROBE)


# ---------------------------------------------------------------------------------------------- price stand view
DECKS = ("ore", "population")


def _int_text(locator: Any) -> int:
    return int(locator.inner_text().strip())


# What a view shows before a click, in one round trip; "shapes" are the x positions of the shapes of the plotly
# chart next to the view (a PriceStandApp), or null.
_READ_BEFORE = """root => {
  const q = (id) => root.querySelector(`[data-testid="${id}"]`);
  const box = root.closest('.widget-vbox');
  const gd = box && box.querySelector('.js-plotly-plot');
  const decks = ['ore', 'population'];
  return {
    over: (q('kh-ps-prompt')?.textContent || '').includes('The game is over'),
    last: Object.fromEntries(decks.map(d => [d, !!q(`kh-ps-last-${d}`)])),
    position: Object.fromEntries(decks.map(d => [d, q(`kh-ps-position-${d}`)?.textContent])),
    message: q('kh-ps-message')?.textContent,
    shapes: gd && gd.layout && gd.layout.shapes ? JSON.stringify(gd.layout.shapes.map(s => s.x0)) : null,
  };
}"""


_MESSAGE = '[data-testid="kh-ps-message"]'
_MARK_STALE = ("roots => roots.forEach(r => r.querySelector('[data-testid=\"kh-ps-message\"]')"
               "?.setAttribute('data-kh-stale', ''))")
_REDRAWN = ("roots => roots.map((r, i) => r.querySelector('[data-testid=\"kh-ps-message\"]:not([data-kh-stale])')"
            " ? i : -1).filter(i => i >= 0)")


_READ_VIEWS = """(roots, deck) => roots.map(r => {
  const q = (id) => r.querySelector(`[data-testid="${id}"]`);
  const card = q(`kh-ps-deck-${deck}`), message = q('kh-ps-message'), position = q(`kh-ps-position-${deck}`);
  return {position: position && position.textContent, highlighted: !!card && card.classList.contains('kh-ps-changed'),
          message: message && message.textContent,
          error: !!message && message.classList.contains('bg-message--error')};
})"""


def click_and_wait_for_redraw(view: Any, target: Any, views: Any = None) -> set[int]:
    """Click ``target`` inside a PriceStand view and wait until the view has redrawn from Python's answer.

    The view rebuilds all its children on every synced change, so a marked message node that disappears proves a
    redraw happened (a repeated, identical message would fool a text comparison). With ``views`` (a locator for
    all views on the page), returns the indexes of the views that redrew too: the views of the same model.
    """
    from playwright.sync_api import expect

    marked = views if views is not None else view
    marked.evaluate_all(_MARK_STALE) if views is not None else view.evaluate(f"r => ({_MARK_STALE})([r])")
    target.click()
    expect(view.locator(f"{_MESSAGE}:not([data-kh-stale])"),
           f"the view did not redraw within {REPLY_MS // 1000} s of a click on {target}: no answer from Python "
           "reached it (the click sent no intent, the kernel did not reply, or the view ignores model changes)"
           ).to_have_count(1, timeout=REPLY_MS)
    return set(views.evaluate_all(_REDRAWN)) if views is not None else set()


def check_price_stand_view(page: Any, views: Any, index: int, shot: Path | None, *, full: bool = True,
                           kernel: bool = True) -> tuple[list[str], set[int]]:
    """Check one PriceStand view (``views.nth(index)``); return what was done and the views of the same model.

    Always: the view rendered (screenshot to ``shot`` if given), and a legal click (advance a deck that is not on
    its last card) comes back from Python: the view redraws with the new position, the card highlighted and a new
    message; every other view of the same model redraws with it; a PriceStandApp's chart moves its "now" line.
    With ``full`` (once per model): with ``kernel``, exactly one PriceStand in the kernel moved that deck by one card
    and its prices are the ones the view shows; then a refused click (build a good whose price shows a red ✗, when
    there is one) and a nonsense intent (a build for a good that does not exist, sent by tampering with the
    arguments a row's click sends) must each give a readable error message in the view and leave the game alone.
    """
    from playwright.sync_api import expect

    view = views.nth(index)
    done: list[str] = []
    message = view.get_by_test_id("kh-ps-message")
    expect(message).not_to_be_empty()  # rendered, with Python's first message
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    if view.get_attribute("data-read-only") == "true":  # a lesson's picture of one step of a tour
        assert view.locator("[data-intent]").count() == 0, "a read-only picture offers no clicks"
        shown = {d: view.get_by_test_id(f"kh-ps-position-{d}").inner_text() for d in DECKS}
        before = probe_stands(page) if kernel else {}
        view.get_by_test_id("kh-ps-deck-ore").click()
        if kernel:
            after = probe_stands(page)
            assert after == before, "a click on a read-only picture reached the kernel"
            assert any({d: str(s[d]) for d in DECKS} == shown for s in after.values()), \
                f"no PriceStand in the kernel shows the decks at {shown}"
        return [f"read-only picture (decks at {shown}): a click sends nothing"], set()
    error = re.compile(r"\bbg-message--error\b")
    kernel = kernel and full

    def probe() -> dict[str, Any]:
        return probe_stands(page) if kernel else {}

    # -- legal: advance one card
    now = view.evaluate(_READ_BEFORE)
    deck = next((d for d in DECKS if not now["last"][d]), None)
    before = probe()
    if now["over"] or deck is None:
        group = click_and_wait_for_redraw(view, view.get_by_test_id("kh-ps-deck-ore"), views)
        expect(message).to_have_class(error)
        done.append("advance refused (game over / last cards)")
    else:
        card = view.get_by_test_id(f"kh-ps-deck-{deck}")
        old, old_message, old_shapes = int(now["position"][deck]), now["message"], now["shapes"]
        group = click_and_wait_for_redraw(view, card, views)
        # One round trip reads the redrawn state of every view (this one and its siblings of the same model).
        shown = views.evaluate_all(_READ_VIEWS, deck)
        this = shown[index]
        assert this["position"] == str(old + 1), this  # only Python's reply changes this text
        assert this["highlighted"] and not this["error"] and this["message"] != old_message, (this, old_message)
        assert {i: shown[i]["position"] for i in group} == {i: str(old + 1) for i in group}, shown
        done.append(f"advance {deck} {old}→{old + 1}" + (f" (views {sorted(group)} redrew)" if len(group) > 1
                                                           else ""))
        if kernel:
            after = probe()
            moved = [key for key in after if after[key] != before.get(key)]
            assert len(moved) == 1, f"expected one PriceStand to change in the kernel, got {moved}"
            state, was = after[moved[0]], before[moved[0]]
            assert (state[deck], state["step"]) == (old + 1, was["step"] + 1), (state, was)
            shown = {good: _int_text(view.get_by_test_id(f"kh-ps-price-{good}")) for good in state["prices"]}
            assert shown == state["prices"], "the view's prices differ from the game's"
            done.append("kernel state and prices match")
        if old_shapes is not None:
            page.wait_for_function("([root, old]) => { const gd = root.closest('.widget-vbox')"
                                   ".querySelector('.js-plotly-plot'); return JSON.stringify(gd.layout.shapes"
                                   ".map(s => s.x0)) !== old; }", arg=[view.element_handle(), old_shapes],
                                   timeout=REPLY_MS)
            done.append("chart redrew")
    if not full:
        return done, group

    # -- refused: build a good under a red ✗
    nodemand = view.locator('[data-testid^="kh-ps-nodemand-"]')
    if nodemand.count():
        good = nodemand.first.get_attribute("data-testid").removeprefix("kh-ps-nodemand-")
        before = probe()
        click_and_wait_for_redraw(view, view.get_by_test_id(f"kh-ps-good-{good}"))
        expect(message).to_have_class(error)
        expect(message).to_contain_text(good)
        text = message.inner_text()
        assert READABLE.search(text) and not PYTHONISH.search(text), f"unreadable refusal: {text!r}"
        if kernel:
            assert _only_message_changed(before, probe()), "a refused build changed the game"
        done.append(f"build {good} under ✗ refused")

    # -- nonsense: an intent for a good that does not exist (a tampered row sends it through the real path)
    row = view.locator('[data-testid^="kh-ps-good-"]').first
    row.evaluate("node => { node.dataset.args = JSON.stringify({good: 'unobtainium'}); }")
    before = probe()
    click_and_wait_for_redraw(view, row)
    expect(message).to_have_class(error)
    expect(message).to_contain_text("unobtainium")
    text = message.inner_text()
    assert READABLE.search(text) and not PYTHONISH.search(text), f"unreadable refusal: {text!r}"
    if kernel:
        assert _only_message_changed(before, probe()), "a refused intent changed the game"
    done.append("nonsense intent refused")
    return done, group


def _only_message_changed(before: dict[str, Any], after: dict[str, Any]) -> bool:
    def strip(states: dict[str, Any]) -> dict[str, Any]:
        return {k: {f: v for f, v in s.items() if f not in ("kind", "message")} for k, s in states.items()}
    return strip(before) == strip(after)


# ---------------------------------------------------------------------------------------------- Kutná Hora boards
# Every Kutná Hora board view alive in the kernel, by model id: its class, what it shows and how many answers it has
# sent (MineBoardView: the tiles and whether it takes clicks; TownView: the town and whether it takes clicks;
# TownHallView / BarbaraView / PlayerBoardView: the stack tops, the St. Barbara tiles done, the seat's score).
KH_BOARDS_PROBE = """
def _kh_boards_probe():
    import json
    from ipywidgets.widgets.widget import _instances
    from widgets.kutna_hora import BarbaraView, MineBoardView, PlayerBoardView, TownHallView, TownView
    out = {}
    for key, w in list(_instances.items()):
        if isinstance(w, MineBoardView):
            out[key] = {"cls": "MineBoardView", "cells": w.cells, "live": w.interactive}
        elif isinstance(w, TownView):
            out[key] = {"cls": "TownView", "town": [p["building"] for p in w.town["plots"]], "live": w.interactive}
        elif isinstance(w, (TownHallView, BarbaraView, PlayerBoardView)):
            out[key] = {"cls": type(w).__name__, "tops": sorted(st[2] for row in w.hall.get("rows", []) for st in row)
                        if isinstance(w, TownHallView) else [], "barbara": w.board["barbara"],
                        "score": w.seat["score"] if isinstance(w, PlayerBoardView) else None}
        else:
            continue
        out[key].update(seq=w.message_seq, kind=w.message_kind, message=w.message)
    print(json.dumps(out))
_kh_boards_probe()
del _kh_boards_probe
"""
_KH_MINE_MESSAGE = '[data-testid="kh-mine-message"]'
_KH_TOWN_MESSAGE = '[data-testid="kh-town-message"]'
_KH_ERROR = re.compile(r"\bbg-message--error\b")
KH_BOARD_ROOTS = '[data-testid="kh-hall-root"], [data-testid="kh-barbara-root"], [data-testid="kh-player-root"]'


def probe_kh_boards(page: Any, cls: str) -> dict[str, dict[str, Any]]:
    return {k: v for k, v in kernel_json(page, KH_BOARDS_PROBE).items() if v["cls"] == cls}


def _one_answer(before: dict[str, Any], after: dict[str, Any], what: str) -> str:
    """The one view that answered a click (its message_seq moved on by exactly one)."""
    moved = [k for k in after if k in before and after[k]["seq"] != before[k]["seq"]]
    assert len(moved) == 1, f"expected one {what} to answer the click, got {moved}"
    assert after[moved[0]]["seq"] == before[moved[0]]["seq"] + 1, "Python answered more than one intent"
    return moved[0]


def _picture_sends_nothing(page: Any, view: Any, target: Any, cls: str) -> None:
    """A read-only picture: nothing in it sends an intent, and a click on ``target`` reaches no view in the kernel."""
    assert view.locator("[data-intent]").count() == 0, "a read-only picture offers no clicks"
    before = probe_kh_boards(page, cls)
    target.click()
    assert probe_kh_boards(page, cls) == before, f"a click on a read-only {cls} reached the kernel"


def _drawn_kind(cell: str) -> str:
    return "empty" if not cell else "rock" if cell.startswith("rock-") else "tech" if cell.startswith("t-") else "mine"


def check_kh_mine_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one MineBoardView: it rendered with the banner and Python's first message, and draws the board of a
    MineBoardView in the kernel (each cell a rock, a mine or empty as there). A live board: a click on a rock comes
    back as a readable "Not allowed" refusal and changes no board in the kernel; a click on an open space comes back
    as an info answer from exactly one MineBoardView, and if that view builds mines (a MineSandbox), the kernel's
    board holds a new mine on that space and the view draws it. A read-only picture (a lesson's figure, an
    exercise's board): nothing sends an intent, and a click reaches no view in the kernel."""
    from playwright.sync_api import expect

    expect(view.get_by_test_id("kh-mine-banner")).to_contain_text("illustrative")
    expect(view.get_by_test_id("kh-mine-message")).not_to_be_empty()
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    kinds = view.locator('[data-testid^="kh-mine-cell-"]').evaluate_all("nodes => nodes.map(n => n.dataset.kind)")
    boards = probe_kh_mines(page)
    assert any([_drawn_kind(c) for c in b["cells"]] == kinds for b in boards.values()), \
        f"no MineBoardView in the kernel has the drawn board {kinds}"
    if not view.locator("[data-intent]").count():
        _picture_sends_nothing(page, view, view.get_by_test_id("kh-mine-cell-0"), "MineBoardView")
        return ["read-only board as in the kernel: a click sends nothing"]
    done: list[str] = []
    message = view.get_by_test_id("kh-mine-message")
    rocks = view.locator('[data-kind="rock"][data-intent]')
    if rocks.count():
        before = probe_kh_mines(page)
        click_and_wait(view, rocks.first, _KH_MINE_MESSAGE, "MineBoardView")
        expect(message).to_have_class(_KH_ERROR)
        expect(message).to_contain_text("Not allowed: ")
        assert not PYTHONISH.search(message.inner_text()), message.inner_text()
        after = probe_kh_mines(page)
        _one_answer(before, after, "MineBoardView")
        assert all(after[k]["cells"] == before[k]["cells"] for k in before if k in after), "a refused click built"
        done.append(f"rock {rocks.first.get_attribute('data-testid')} refused")
    targets = view.locator('[data-open="true"][data-intent]')
    if not targets.count():
        return done + ["no open space to click"]
    target = targets.first
    index = int(target.get_attribute("data-index"))
    before = probe_kh_mines(page)
    click_and_wait(view, target, _KH_MINE_MESSAGE, "MineBoardView")
    after = probe_kh_mines(page)
    key = _one_answer(before, after, "MineBoardView")
    assert after[key]["kind"] == "info", after[key]["message"]
    if after[key]["cells"] != before[key]["cells"]:  # a sandbox: the click built a mine there
        assert before[key]["cells"][index] == "" and after[key]["cells"][index], (index, after[key]["cells"][index])
        expect(view.get_by_test_id(f"kh-mine-cell-{index}")).to_have_attribute("data-kind", "mine", timeout=REPLY_MS)
        done.append(f"open space {index} clicked: mine {after[key]['cells'][index]} built in the kernel")
    else:
        expect(message).to_contain_text(f"Space {index} ")
        done.append(f"open space {index} clicked: Python answered '{after[key]['message'][:60]}'")
    return done


def probe_kh_mines(page: Any) -> dict[str, dict[str, Any]]:
    return probe_kh_boards(page, "MineBoardView")


def probe_kh_towns(page: Any) -> dict[str, dict[str, Any]]:
    return probe_kh_boards(page, "TownView")


def check_kh_town_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one TownView: it rendered with the banner, a square of plots (5 × 5 or 6 × 6) and its edge icons, and
    draws the buildings of a TownView in the kernel. A live town: a click on a clickable plot comes back from exactly
    one TownView in the kernel, once, and the view shows the kernel's message; a plot whose click is tampered to a
    number that does not exist (the real click path) gets a readable refusal and changes no TownView's town. A
    read-only picture: nothing sends an intent, and a click reaches no view in the kernel."""
    from playwright.sync_api import expect

    expect(view.get_by_test_id("kh-town-banner")).to_contain_text("illustrative")
    expect(view.get_by_test_id("kh-town-message")).not_to_be_empty()
    plots = view.locator('[data-testid^="kh-town-plot-"]')
    n = plots.count()
    size = round(n ** 0.5)
    assert size in (5, 6) and size * size == n, f"a town of {n} plots"
    assert view.locator('[data-testid^="kh-town-edge-"]').count() == 2 * size, "every second edge segment has an icon"
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    built = plots.evaluate_all("nodes => nodes.map(n => n.dataset.building || '')")
    assert any(t["town"] == built for t in probe_kh_towns(page).values()), f"no TownView in the kernel has {built}"
    if not view.locator("[data-intent]").count():
        _picture_sends_nothing(page, view, plots.first, "TownView")
        return ["read-only town as in the kernel: a click sends nothing"]
    done = []
    target = view.locator('[data-testid^="kh-town-plot-"][data-clickable="true"]').first
    index = target.get_attribute("data-index")
    before = probe_kh_towns(page)
    click_and_wait(view, target, _KH_TOWN_MESSAGE, "TownView")
    after = probe_kh_towns(page)
    key = _one_answer(before, after, "TownView")
    expect(view.get_by_test_id("kh-town-message")).to_have_text(after[key]["message"])
    done.append(f"plot {index} clicked: {after[key]['kind']} {after[key]['message'][:60]!r}")
    plot = view.locator('[data-testid^="kh-town-plot-"][data-clickable="true"]').first
    plot.evaluate("node => { node.dataset.args = JSON.stringify({index: 999}); }")
    before = probe_kh_towns(page)
    click_and_wait(view, plot, _KH_TOWN_MESSAGE, "TownView")
    after = probe_kh_towns(page)
    expect(view.get_by_test_id("kh-town-message")).to_have_class(_KH_ERROR)
    expect(view.get_by_test_id("kh-town-message")).to_contain_text("There is no plot 999")
    text = view.get_by_test_id("kh-town-message").inner_text()
    assert READABLE.search(text) and not PYTHONISH.search(text), f"unreadable refusal: {text!r}"
    assert {k: v["town"] for k, v in after.items()} == {k: v["town"] for k, v in before.items()}, \
        "a refused click changed a town"
    done.append("nonsense plot refused")
    return done


def check_kh_board_view(page: Any, view: Any, shot: Path | None = None) -> list[str]:
    """Check one read-only Kutná Hora board (TownHallView, BarbaraView, PlayerBoardView): it rendered with the
    banner, draws what a board view of its kind in the kernel shows (the stack tops, the St. Barbara tiles done, the
    seat's score), and a click on it sends nothing."""
    from playwright.sync_api import expect

    root = view.get_attribute("data-testid")
    kind = root.removeprefix("kh-").removesuffix("-root")
    cls = {"hall": "TownHallView", "barbara": "BarbaraView", "player": "PlayerBoardView"}[kind]
    expect(view.get_by_test_id(f"kh-{kind}-banner")).to_contain_text("illustrative")
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    boards = probe_kh_boards(page, cls).values()
    if kind == "hall":
        tops = sorted(t.removeprefix("kh-tb-top-") for t in view.locator('[data-testid^="kh-tb-top-"]').evaluate_all(
            "nodes => nodes.map(n => n.dataset.testid)"))
        assert any(b["tops"] == tops for b in boards), f"no TownHallView in the kernel has the stack tops {tops}"
        drawn = f"{len(tops)} stack tops"
    elif kind == "barbara":
        done = view.locator(".kh-tb-saint--done").count()
        assert any(b["barbara"] == done for b in boards), f"no BarbaraView in the kernel has {done} tiles done"
        drawn = f"{done} St. Barbara tiles done"
    else:
        score = view.locator('[data-testid^="kh-tb-score-"]').first.inner_text()
        assert any(f"{b['score']} pts" == score for b in boards), f"no PlayerBoardView in the kernel scores {score}"
        drawn = f"a player board at {score}"
    _picture_sends_nothing(page, view, view.locator(".kh-tb-panel, .kh-tb-seat").first, cls)
    return [f"{cls}: {drawn} as in the kernel; a click sends nothing"]
