"""Each game table as a learner meets it at 1280 × 800, in JupyterLab: the prompt whole, every choice of the bar shown
(none in an inner scroll box), and after a click the message line saying what happened, on one screen (a window
screenshot per table: ``test-artifacts/learner-screens/learner-<prefix>-1280x800.png``, kept apart from the
session's screenshots, which every browser session clears). A click on a part of a board
that does nothing now says why (a Kutná Hora mine space before a drawn tile is kept, a Chartres hand card outside
its decision). Catan's highlighted spots look like what a click does and say it in words, never by an index the
board does not draw. Every answered click is timed (``click-to-redraw``, medians printed at the end of the session).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from . import support, tables
from .support import PYTHONISH, REPLY_MS, click_and_wait, kernel_json

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHOTS = support.ARTIFACTS / "learner-screens"
EVERY_KIND = support.rel(FIXTURES / "every_kind.ipynb")
CATAN = support.rel(FIXTURES / "catan_table_demo.ipynb")
CELLS = {"KKTable": (2, "kk"), "ChartresTable": (3, "ch"), "KHTable": (4, "kh"), "CatanTable": (2, "ct"),
         "CKTable": (3, "ck")}
#: Decisions clicked per table before its screenshot (each timed from the click to the redraw).
CLICKS = 7
#: An engine index the Catan board does not draw, in a text a learner reads.
RAW_ID = re.compile(r"\b(?:hex|intersection|path|edge) \d+\b")

# Whether the bar shows its prompt whole and every choice: nothing scrolls inside, every button lies inside the bar.
_WHOLE = """root => {
  const bar = root.querySelector(':scope > .bg-bar');
  const head = bar.querySelector('.bg-bar-top > .bg-head');
  const actions = bar.querySelector(':scope > .bg-actions');
  const box = actions.getBoundingClientRect();
  const hidden = [...actions.querySelectorAll('button')].filter((b) => {
    const r = b.getBoundingClientRect();
    return r.top < box.top - 1 || r.bottom > box.bottom + 1;
  }).map((b) => b.textContent);
  return {head: [head.scrollHeight, head.clientHeight], actions: [actions.scrollHeight, actions.clientHeight],
          hidden, buttons: actions.querySelectorAll('button').length};
}"""

# Whether the message line lies inside the part of the window the notebook shows.
_MESSAGE_SEEN = """([root, sel]) => {
  const [top, bottom] = (VISIBLE_BAND)(root);
  const m = root.querySelector(sel).getBoundingClientRect();
  return m.top >= top - 1 && m.bottom <= bottom + 1;
}""".replace("VISIBLE_BAND", tables.VISIBLE_BAND)


# The labels of the player boards that spill out of their boxes (content wider or taller than the box).
_SPILLED = """([root, sel]) => [...root.querySelectorAll(sel)]
  .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
  .map((n) => n.textContent)"""
#: Player-board labels per table prefix, each in its own box.
BOARD_LABELS = {"kh-tb": ".kh-tb-housespace, .kh-tb-guild, .kh-tb-production, .kh-tb-stat, .kh-tb-half",
                "ck": ".ct-level, .ct-devtrack, .ct-card"}


def _kind(cls: str) -> tables.TableKind:
    return next(k for k in tables.TABLE_KINDS if k.cls == cls)


def _view(page: Any, lab_page: Any, kind: tables.TableKind) -> Any:
    view = support.cell(page, CELLS[kind.cls][0]).locator(kind.root)
    lab_page.wait_for(view, what=f"the {kind.cls} view")
    return view


def _at(page: Any, view: Any, kind: tables.TableKind, decision: str, index: int) -> dict[str, Any]:
    from playwright.sync_api import expect

    state = kernel_json(page, tables.SET_POSITION % (CELLS[kind.cls][1], kind.game, decision, index))
    expect(view.get_by_test_id(f"{kind.prefix}-prompt")).to_have_text(state["prompt"], timeout=REPLY_MS)
    return state


def _assert_whole(view: Any, kind: tables.TableKind) -> dict[str, Any]:
    seen = view.evaluate(_WHOLE)
    assert seen["head"][0] <= seen["head"][1] + 1, f"{kind.cls}: the prompt is cut ({seen})"
    assert seen["actions"][0] <= seen["actions"][1] + 1 and not seen["hidden"], f"{kind.cls}: choices hidden {seen}"
    return seen


def _click_a_choice(page: Any, view: Any, kind: tables.TableKind) -> tuple[str, float]:
    """Click a legal choice as a learner would (a board place, a selection then its place, or a bar button)."""
    from playwright.sync_api import expect

    legal = view.locator('[data-intent="act"][data-legal="true"]:not([data-list] *)')
    if not legal.count() and view.locator("[data-select]").count():
        view.locator("[data-select]").first.click()
        expect(legal.first).to_be_visible(timeout=REPLY_MS)
    if not legal.count():
        legal = view.locator('.bg-bar [data-intent="act"]')
    target = legal.first
    action = target.get_attribute("data-action")
    ms = click_and_wait(view, target, kind.message, kind.cls, timing=f"{kind.cls} (learner screens)")
    return action, ms


def _whole_and_shown(page: Any, view: Any, kind: tables.TableKind) -> Path:
    """The bar shows its prompt and choices whole, the player-board labels stay inside their boxes, and the learner's
    screen is kept (its path)."""
    _assert_whole(view, kind)
    if kind.prefix in BOARD_LABELS:
        spilled = view.evaluate(f"r => ({_SPILLED})([r, {json.dumps(BOARD_LABELS[kind.prefix])}])")
        assert not spilled, f"player-board labels out of their boxes: {spilled[:6]}"
    return _learner_screen(page, view, kind)


def _learner_screen(page: Any, view: Any, kind: tables.TableKind) -> Path:
    """After a click: the prompt, its first choice and the message line on one 1280 × 800 screen, photographed."""
    shot = SHOTS / f"learner-{kind.prefix}-1280x800.png"
    tables.one_screen(page, view, kind, None)
    assert view.evaluate(f"r => ({_MESSAGE_SEEN})([r, {json.dumps(kind.message)}])"), "the message is off screen"
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot))
    return shot


def _why(view: Any, kind: tables.TableKind, selector: str, says: str) -> str:
    from playwright.sync_api import expect

    idle = view.locator(selector)
    assert idle.count(), f"no {selector} to click"
    click_and_wait(view, idle.first, kind.message, kind.cls, timing=None)
    message = view.locator(kind.message)
    expect(message).to_contain_text("Nothing happens there now: ")
    expect(message).to_contain_text(says)
    text = message.inner_text()
    assert not PYTHONISH.search(text), text
    return text


def test_each_card_and_town_table_shows_its_prompt_choices_and_message_on_one_screen(lab_page):
    page = lab_page.page
    support.open_in_app(page, EVERY_KIND)
    support.run_all(page)
    log = []
    for cls in ("KHTable", "KKTable", "ChartresTable"):
        kind = _kind(cls)
        view = _view(page, lab_page, kind)
        seen = _assert_whole(view, kind)
        if cls == "KHTable":  # the first decision: six guild-row orders, every one shown, in words
            assert seen["buttons"] == 6, seen
            labels = view.locator('.bg-bar .bg-actions button').all_inner_texts()
            assert all(label.startswith("rows 1-3: ") for label in labels), labels
        for _ in range(CLICKS - 1):  # a few decisions first: the click-to-redraw median of each table
            _click_a_choice(page, view, kind)
        action, ms = _click_a_choice(page, view, kind)
        message = view.locator(kind.message).inner_text()  # what the decision did (a secret play logs nothing)
        assert message.startswith("Step ") and "Not allowed" not in message, message
        shot = _whole_and_shown(page, view, kind)
        log.append(f"{cls}: '{action}' ({ms:.0f} ms) → {message[:90]!r}; {support.rel(shot)}")
    kh = _kind("KHTable")
    view = _view(page, lab_page, kh)
    _at(page, view, kh, "mine", 1)  # a Mine action with tiles drawn: a space is nothing until a tile is kept
    log.append("KHTable mine: " + _why(view, kh, '[data-intent="why"]', "choose one of your drawn tiles first"))
    ch = _kind("ChartresTable")
    view = _view(page, lab_page, ch)
    _at(page, view, ch, "location", 0)  # choosing a location: the hand cards are not asked for
    log.append("ChartresTable location: " + _why(view, ch, '[data-testid="ch-hand"] [data-intent="why"]',
                                                 "a hand card is clicked only when a decision asks for one"))
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
    print("\n" + "\n".join(log + tables.redraw_report()))


def test_catan_spots_look_like_what_a_click_does_and_the_tables_speak_in_place_words(lab_page):
    page = lab_page.page
    support.open_in_app(page, CATAN)
    support.run_all(page)
    log = []
    for cls in ("CatanTable", "CKTable"):
        kind = _kind(cls)
        view = _view(page, lab_page, kind)
        _assert_whole(view, kind)
        for _ in range(CLICKS - 1):
            _click_a_choice(page, view, kind)
        action, ms = _click_a_choice(page, view, kind)
        texts = [view.locator(kind.message).inner_text(), view.get_by_test_id(f"{kind.prefix}-prompt").inner_text(),
                 *view.locator(".ct-board title").all_text_contents(),
                 *view.locator(".bg-event-text").all_inner_texts(),
                 *view.locator('.bg-bar [data-intent="act"]').all_inner_texts()]
        raw = [t for t in texts if RAW_ID.search(t)]
        assert not raw, raw[:5]
        shot = _whole_and_shown(page, view, kind)
        log.append(f"{cls}: '{action}' ({ms:.0f} ms); {support.rel(shot)}")
    ck = _kind("CKTable")
    view = _view(page, lab_page, ck)
    _at(page, view, ck, "main", 11)  # a knight to activate and a settlement spot: two looks, two letters
    looks = view.evaluate("r => [...r.querySelectorAll('.ct-place.bg-choice')].map(n => [...n.classList]"
                          ".find(c => c.startsWith('ct-look--')))")
    assert {"ct-look--activate", "ct-look--settlement"} <= set(looks), looks
    letters = set(view.locator(".ct-mark-letter").all_text_contents())
    assert {"A", "S"} <= letters, letters
    prompt = view.get_by_test_id("ck-prompt").inner_text()
    assert "you can" in prompt and "activate a knight" in prompt and "build a settlement" in prompt, prompt
    tips = view.locator(".ct-place.bg-choice title").all_text_contents()
    assert any(t.startswith("activate the knight at the corner of ") for t in tips), tips[:5]
    page.screenshot(path=str(SHOTS / "learner-ck-looks-1280x800.png"))
    _at(page, view, ck, "main", 12)  # knights to move or displace: a ⚔ selection, then its targets
    knight = view.locator("[data-select].ct-look--knight")
    assert knight.count(), "no knight to select"
    assert "then choose" in (knight.first.locator("title").text_content() or "")
    assert "Click one of your knights" in view.get_by_test_id("ck-controls").inner_text()
    knight.first.click()
    targets = view.locator(".ct-place.ct-look--target")
    assert targets.count(), "a selected knight offers no place"
    action, ms = _click_a_choice(page, view, ck)
    assert action.split()[0] in ("move", "displace"), action
    log.append(f"CKTable knight: '{action}' ({ms:.0f} ms) → {view.locator(ck.message).inner_text()[:90]!r}")
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
    print("\n" + "\n".join(log + tables.redraw_report()))


# ---------------------------------------------------------------------------------------------- the action bar's room
# Puts the table `name` (a notebook global) at a kept position of `kind`: the one with the most legal actions
# (`count` 0) or the first with exactly `count`; prints its prompt and legal actions.
SET_BY_COUNT = """
def _table_at(name, game, kind, count):
    import json
    from tests.widgets.positions import first_positions
    table = globals()[name]
    kept = first_positions(game)[kind]
    position = (max(kept, key=lambda p: len(p.game.legal_actions())) if not count else
                next(p for p in kept if len(p.game.legal_actions()) == count))
    table.human = None
    table.game = position.game.clone()
    table.human = position.seat
    print(json.dumps({"prompt": table.status["prompt"], "legal": table.status["legal"]}))
_table_at(%r, %r, %r, %d)
del _table_at
"""

# The heights of the action bar and its parts (px).
_BAR = """root => {
  const bar = root.querySelector(':scope > .bg-bar');
  const h = (sel) => { const n = bar.querySelector(sel); return n ? Math.round(n.getBoundingClientRect().height) : 0; };
  return {bar: Math.round(bar.getBoundingClientRect().height), top: h(':scope > .bg-bar-top'),
          choices: h(':scope > .bg-actions'), message: h(':scope > .bg-message'), coach: h(':scope > .bg-coach')};
}"""
#: The most the bar may take at a decision with one button, the coach's answer folded (px, at 1280 × 800): a prompt
#: of two lines and the tools, one row of choices, the message's three lines, the coach's head line (about 190 px).
#: The bar that never shrank took 354 px of a 592 px notebook area at such a decision.
ONE_BUTTON_BAR = 210


def _put(page: Any, view: Any, kind: tables.TableKind, decision: str, count: int) -> dict[str, Any]:
    from playwright.sync_api import expect

    state = kernel_json(page, SET_BY_COUNT % (CELLS[kind.cls][1], kind.game, decision, count))
    expect(view.get_by_test_id(f"{kind.prefix}-prompt")).to_have_text(state["prompt"], timeout=REPLY_MS)
    return state


# A point of the window where the board shows below the bar (not covered by it): [x, y], or null.
_ON_BOARD = """([root, sel]) => {
  const band = (VISIBLE_BAND)(root);
  const board = root.querySelector(sel).getBoundingClientRect();
  const bar = root.querySelector(':scope > .bg-bar').getBoundingClientRect();
  const x = board.left + board.width / 2;
  for (let y = Math.min(band[1], board.bottom) - 10; y > Math.max(band[0], bar.bottom, board.top); y -= 10) {
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest(sel) && !hit.closest('.bg-bar')) return [x, y];
  }
  return null;
}""".replace("VISIBLE_BAND", tables.VISIBLE_BAND)


def _rest_on_board(page: Any, view: Any, board: str = ".ct-board") -> None:
    """The pointer rests on the board, below the bar (as after a click on a place)."""
    view.locator(board).evaluate("n => n.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)  # the bar follows on the next animation frame
    point = view.evaluate(f"r => ({_ON_BOARD})([r, {json.dumps(board)}])")
    assert point, "no part of the board shows below the bar"
    page.mouse.move(point[0] - 5, point[1] - 5)
    page.mouse.move(point[0], point[1])


def _catan_hinted(lab_page: Any, decision: str) -> tuple[Any, Any, Any]:
    """The Catan lesson run in the app, its table put at its first ``decision`` and the coach's hint asked and
    shown: (page, table kind, view)."""
    from playwright.sync_api import expect

    page = lab_page.page
    support.open_in_app(page, CATAN)
    support.run_all(page)
    kind = _kind("CatanTable")
    view = _view(page, lab_page, kind)
    _put(page, view, kind, decision, 0)
    click_and_wait(view, view.get_by_test_id("ct-hint"), kind.message, kind.cls, timing=None)
    expect(view.get_by_test_id("ct-hint-play-0")).to_be_visible(timeout=REPLY_MS)
    return page, kind, view

def test_the_bar_keeps_the_board_still_and_gives_back_its_room_at_a_one_button_decision(lab_page):
    """A main phase with many buttons and a coach's answer make the bar tall. Then a decision with one button comes
    (a roll): while the pointer rests on the board nothing below the bar moves up; once it leaves the board the bar
    takes only what its parts need (the coach's answer folded to its head line)."""

    page, kind, view = _catan_hinted(lab_page, "main")
    tall = view.evaluate(_BAR)
    _rest_on_board(page, view)
    page.wait_for_timeout(200)
    before = tables.layout(view)
    state = _put(page, view, kind, "roll", 1)
    assert state["legal"] == ["roll"], state
    page.wait_for_timeout(300)
    kept = view.evaluate(_BAR)
    assert tables.layout(view)["board"] >= before["board"], "the board moved up under the pointer"
    assert kept["bar"] >= tall["bar"] - 1, (tall, kept)
    view.get_by_test_id("ct-prompt").hover()  # the pointer leaves the board for the bar
    page.wait_for_timeout(300)
    one = view.evaluate(_BAR)
    assert view.locator(".bg-bar .bg-actions button").count() == 1
    assert one["choices"] <= 40 and one["coach"] <= 30 and one["bar"] <= ONE_BUTTON_BAR, (tall, one)
    assert tables.layout(view)["board"] < before["board"], "the room nobody uses went back to the board"
    shot = SHOTS / "learner-ct-one-button-1280x800.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot))
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
    print(f"\nbar with many buttons and the coach open: {tall}\nat a one-button decision, the pointer on the board: "
          f"{kept}\nat a one-button decision, the pointer off the board: {one}; {support.rel(shot)}")


def test_in_the_middle_of_a_choice_of_two_clicks_the_board_stays_still_and_a_refused_place_says_why(lab_page):
    """Kutná Hora's Mine: a drawn tile kept first (in the browser), then a space. Between the two clicks nothing below
    the bar moves up; a space the tile may not go on says why (the rules' reason); a legal one is played."""
    from playwright.sync_api import expect

    page = lab_page.page
    support.open_in_app(page, EVERY_KIND)
    support.run_all(page)
    kind = _kind("KHTable")
    view = _view(page, lab_page, kind)
    state = _at(page, view, kind, "mine", 1)
    start = tables.layout(view)
    tile = view.locator("[data-select]").first
    tile.click()
    expect(view.locator('[data-intent="act"][data-legal="true"]').first).to_be_visible(timeout=REPLY_MS)
    picked = tables.layout(view)
    assert picked["board"] >= start["board"], "the first click pulled the board up"
    refused = view.locator('.kh-mn-cell[data-intent="act"][data-legal="false"]')
    assert refused.count(), "no space refused once a tile is picked"
    action = refused.first.get_attribute("data-action")
    click_and_wait(view, refused.first, kind.message, kind.cls, timing=None)
    message = view.locator(kind.message).inner_text()
    assert message.startswith("Not allowed: ") and not PYTHONISH.search(message), message
    assert tables.layout(view)["board"] >= picked["board"], "a refused second click moved the board up"
    probe = tables.probe_tables(page, kind.cls)
    assert all(action not in t["history"][-3:] for t in probe.values())
    legal = view.locator('.kh-mn-cell[data-intent="act"][data-legal="true"]').first
    expect(legal).to_be_visible(timeout=REPLY_MS)  # the tile stays picked after a refused space
    played = legal.get_attribute("data-action")
    assert played in state["legal"]
    click_and_wait(view, legal, kind.message, kind.cls, timing=None)
    assert view.locator(kind.message).inner_text().startswith("Step "), view.locator(kind.message).inner_text()
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
    print(f"\n'{action}' refused: {message[:100]!r}; then '{played}' played")


def test_the_coach_speaks_in_the_boards_words_sorted_by_chance_and_says_when_there_is_one_choice(lab_page):
    """Catan's hints name places as the board does ("build a settlement at the corner of ..."), never "settle 17",
    listed highest chance first; at a decision with one legal choice the coach says so instead of "0 %"."""
    from playwright.sync_api import expect

    page, kind, view = _catan_hinted(lab_page, "setup-settlement")
    buttons = view.locator('[data-testid^="ct-hint-play-"]').all_inner_texts()
    lines = view.locator('[data-testid="ct-coach-list"] .bg-coach-line').all_inner_texts()
    message = view.locator(kind.message).inner_text()
    assert buttons and all(b.startswith("build a settlement at the corner of") for b in buttons), buttons
    assert not [t for t in [*lines, message] if RAW_ID.search(t)], (lines, message)
    chances = [int(c.rstrip(" %")) for c in view.locator(".bg-coach-chance").all_inner_texts()]
    assert chances == sorted(chances, reverse=True), chances
    assert message.startswith(f"Hint: the search likes '{buttons[0]}' best"), message
    _put(page, view, kind, "roll", 1)
    click_and_wait(view, view.get_by_test_id("ct-hint"), kind.message, kind.cls, timing=None)
    expect(view.locator(kind.message)).to_have_text("Hint: there is only one choice here: 'roll the dice'. Click it to "
                                                    "play it.", timeout=REPLY_MS)
    line = view.get_by_test_id("ct-hint-0").inner_text()
    assert "the only choice" in line and "%" not in line, line
    support.assert_no_errors(page, page.locator(support.ACTIVE_PANEL))
    lab_page.check()
    print(f"\nhints: {lines}\none choice: {line!r}")
