"""The game tables (widgets.shared.table.GameTable) in a real browser: the generic check every table view of a
notebook gets (:func:`check_table_view`), the screen a learner sees at 1280 × 800 (:func:`one_screen`), and a click
on a choice of every decision kind of a game (:func:`click_every_kind`, on the positions of
``tests/widgets/positions.py``).

Every click that Python answers is timed from the click to the redraw of the message line
(``support.click_and_wait``); the medians per table are printed at the end of the session.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import support
from .support import PYTHONISH, READABLE, REPLY_MS, click_and_wait, kernel_json

# Every game table alive in the kernel, by model id: its class, its actions so far, how many answers it has sent,
# its message and the decision it waits for.
TABLE_PROBE = """
def _table_browser_probe():
    import json
    from ipywidgets.widgets.widget import _instances
    from widgets.shared.table import GameTable
    def pending(w):
        d = w.game.pending()
        return [d.kind, d.player] if d else ["over", None]
    print(json.dumps({key: {"cls": type(w).__name__, "history": [str(a) for a in w.game.history],
                            "seq": w.message_seq, "kind": w.message_kind, "message": w.message,
                            "pending": pending(w)}
                      for key, w in list(_instances.items()) if isinstance(w, GameTable)}))
_table_browser_probe()
del _table_browser_probe
"""
ERROR = re.compile(r"\bbg-message--error\b")


@dataclass(frozen=True)
class TableKind:
    """A game table the suite clicks: its class, the prefix of its test ids, words its banner shows (if any) and the
    game's key in ``tests/widgets/positions.py``."""

    cls: str
    prefix: str
    banner: str = ""
    game: str = ""

    @property
    def root(self) -> str:
        return f'[data-testid="{self.prefix}-root"][data-view="{self.prefix}"]'

    @property
    def message(self) -> str:
        return f'[data-testid="{self.prefix}-message"]'


TABLE_KINDS = [
    TableKind("KKTable", "kk", game="kardinal_koenig"),
    TableKind("ChartresTable", "ch", "Values differ from the published game", game="chartres"),
    TableKind("KHTable", "kh-tb", "illustrative", game="kutna_hora"),
    TableKind("CatanTable", "ct", game="catan"),
    TableKind("CKTable", "ck", game="catan_ck"),
]


def probe_tables(page: Any, cls: str | None = None) -> dict[str, dict[str, Any]]:
    tables = kernel_json(page, TABLE_PROBE)
    return {k: v for k, v in tables.items() if cls is None or v["cls"] == cls}


def probe_kk_tables(page: Any) -> dict[str, dict[str, Any]]:
    return probe_tables(page, "KKTable")


# ---------------------------------------------------------------------------------------------- what a learner sees
# Where the parts below the action bar sit inside the view (px from the view's top): they must not move when a click
# is answered or when the slider enters or leaves "looking back".
_LAYOUT = """root => {
  const top = root.getBoundingClientRect().top;
  const at = (node) => node ? Math.round(node.getBoundingClientRect().top - top) : null;
  const time = root.querySelector(':scope > .bg-time');
  let board = time && time.nextElementSibling;
  while (board && board.matches('[data-list]')) board = board.nextElementSibling;
  return {time: at(time), board: at(board)};
}"""

# The first highlighted choice on the board (or the first selection), else null.
_FIRST_CHOICE = """root => [...root.querySelectorAll('.bg-choice, [data-select]')]
  .find(n => !n.closest('.bg-bar, [data-list]')) || null"""

# The band of the window [top, bottom] in which the notebook shows `root` (the window cut by every scrolling parent).
VISIBLE_BAND = """root => {
  let top = 0, bottom = window.innerHeight;
  for (let n = root.parentElement; n && n !== document.body; n = n.parentElement) {
    const s = getComputedStyle(n);
    if (s.overflowY === 'visible' && s.overflowX === 'visible') continue;
    const r = n.getBoundingClientRect();
    top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
  }
  return [top, bottom];
}"""

# Whether the prompt and the first choice are both inside the window and the part of it the notebook shows.
_ONE_SCREEN = """([root, choiceSel]) => {
  const band = (VISIBLE_BAND)(root);
  const prompt = root.querySelector('.bg-bar .bg-prompt').getBoundingClientRect();
  const choice = (FIRST_CHOICE)(root);
  const c = choice ? choice.getBoundingClientRect() : prompt;
  const inside = (r) => r.top >= band[0] - 1 && r.bottom <= band[1] + 1;
  return {band, prompt: [prompt.top, prompt.bottom], choice: [c.top, c.bottom], ok: inside(prompt) && inside(c),
          hasChoice: !!choice};
}""".replace("FIRST_CHOICE", _FIRST_CHOICE).replace("VISIBLE_BAND", VISIBLE_BAND)


def layout(view: Any) -> dict[str, Any]:
    return view.evaluate(_LAYOUT)


def settled_layout(view: Any, tries: int = 20) -> dict[str, Any]:
    """The layout once two reads a frame apart agree (a bar giving its room back redraws on the next frame)."""
    last = layout(view)
    for _ in range(tries):
        view.page.wait_for_timeout(100)
        now = layout(view)
        if now == last:
            return now
        last = now
    raise AssertionError(f"the view kept moving: {last}")


def one_screen(page: Any, view: Any, kind: TableKind, shot: Path | None) -> str:
    """The learner's screen (the page's 1280 × 800 viewport): after "show choices" the prompt and the first
    highlighted choice are both in view (the action bar follows the page), and a screenshot of the window is taken."""
    goto = view.get_by_test_id(f"{kind.prefix}-goto")
    if goto.count() and goto.is_visible():  # hidden when the choices are the bar's own buttons
        goto.click()
    else:
        view.get_by_test_id(f"{kind.prefix}-prompt").scroll_into_view_if_needed()
    page.wait_for_timeout(300)  # the bar follows on the next animation frame
    seen = view.evaluate(f"root => ({_ONE_SCREEN})([root])")
    assert seen["ok"], f"the prompt and its first choice are not on one screen: {seen}"
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shot))
    return f"prompt and {'first choice' if seen['hasChoice'] else 'choice buttons'} on one 1280×800 screen"


# ---------------------------------------------------------------------------------------------- the generic check
def check_table_view(page: Any, view: Any, kind: TableKind, shot: Path | None = None) -> list[str]:
    """Check one game table view.

    It rendered Python's prompt and first message (and its banner); at 1280 × 800 the prompt and its first choice
    are on one screen (:func:`one_screen`, a window screenshot beside the view's own). A nonsense action (a
    clickable choice whose action is tampered) comes back as a readable refusal and changes no table in the kernel.
    A board node that names an action the rules refuse now sends it: the message line says why ("Not allowed: ...",
    readable), the kernel's game is unchanged, one answer. A node that names no action (data-clickable="false")
    sends nothing. Then a click on a legal choice (a board node before a button; a selection first where a choice
    has two parts) comes back from Python: exactly one table's history grew, starting with that action, with exactly
    one answer sent; nothing below the action bar moved. Entering and leaving "looking back" moves nothing either.
    Without a choice (a bot to move, watch mode) the "next" button gets the same check; a finished game only the
    render checks."""
    from playwright.sync_api import expect

    done: list[str] = []
    message = view.locator(kind.message)
    expect(message).not_to_be_empty()  # rendered, with Python's first message
    expect(view.get_by_test_id(f"{kind.prefix}-prompt")).not_to_be_empty()
    if kind.banner:
        expect(view.get_by_test_id(f"{kind.prefix}-banner")).to_contain_text(kind.banner)
    if shot is not None:
        shot.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(shot))
    done.append(one_screen(page, view, kind, shot.with_name(f"{shot.stem}-1280x800.png") if shot else None))
    before_layout = layout(view)
    legal = view.locator('[data-intent="act"][data-legal="true"]')
    selections = view.locator("[data-select]")
    buttons = view.locator('.bg-bar [data-intent="act"]')
    anything = view.locator('[data-intent="act"]:not([data-list] *)')
    if anything.count():
        before = probe_tables(page, kind.cls)
        tampered = anything.first
        tampered.evaluate("node => { node.dataset.args = JSON.stringify({action: 'fly to the moon'}); }")
        click_and_wait(view, tampered, kind.message, kind.cls, timing=kind.cls)
        expect(message).to_have_class(ERROR)
        text = message.inner_text()
        assert READABLE.search(text) and not PYTHONISH.search(text), f"unreadable refusal: {text!r}"
        after = probe_tables(page, kind.cls)
        assert {k: v["history"] for k, v in after.items()} == {k: v["history"] for k, v in before.items()}
        done.append("nonsense action refused")
    refused = view.locator('[data-intent="act"][data-legal="false"]')
    if refused.count():
        action = refused.first.get_attribute("data-action")
        before = probe_tables(page, kind.cls)
        click_and_wait(view, refused.first, kind.message, kind.cls, timing=kind.cls)
        expect(message).to_have_class(ERROR)
        text = message.inner_text()
        assert text.startswith("Not allowed: ") and not PYTHONISH.search(text), f"unreadable refusal: {text!r}"
        after = probe_tables(page, kind.cls)
        assert {k: v["history"] for k, v in after.items()} == {k: v["history"] for k, v in before.items()}
        answered = [k for k in after if after[k]["seq"] != before[k]["seq"]]
        assert len(answered) == 1 and after[answered[0]]["seq"] == before[answered[0]]["seq"] + 1, answered
        done.append(f"refused '{action}': {text[:70]!r}")
    nxt = view.get_by_test_id(f"{kind.prefix}-next")
    first: Any = None
    if legal.count():
        target = legal.first
    elif selections.count():
        first = selections.first
        first.click()  # selected in the browser, never sent
        expect(legal.first).to_be_visible(timeout=REPLY_MS)
        target = legal.first
    elif buttons.count():
        target = buttons.first
    elif nxt.count():
        target = nxt
    else:
        return done + ["no choice and no bot to move (game over): rendered"]
    expected = target.get_attribute("data-action")
    before = probe_tables(page, kind.cls)
    inert = view.locator('[data-clickable="false"]')
    if inert.count():
        inert.first.click()
        done.append(f"inert {inert.first.get_attribute('data-testid')} clicked")
    in_bar = target.evaluate("n => !!n.closest('.bg-bar')")  # before the click: the redraw replaces it
    ms = click_and_wait(view, target, kind.message, kind.cls, timing=kind.cls)
    after = probe_tables(page, kind.cls)
    grown = [k for k in after if k in before and len(after[k]["history"]) > len(before[k]["history"])]
    assert len(grown) == 1, f"expected one {kind.cls} to move on in the kernel, got {grown}"
    now, was = after[grown[0]], before[grown[0]]
    assert now["history"][:len(was["history"])] == was["history"], "the click rewrote earlier history"
    assert now["seq"] == was["seq"] + 1, "Python answered more than one intent: the inert click sent one"
    assert now["kind"] == "info", now["message"]
    others = {k: v for k, v in after.items() if k != grown[0]}
    assert others == {k: before[k] for k in others if k in before}, f"another {kind.cls} changed"
    # The bar shows prompts and choices whole; while the pointer rests on the board it never shrinks (runtime.js
    # keepTallest): a click on the board may push the board down when the bar must show more, and never pulls it up.
    # A click in the bar (the pointer off the board) lets a new decision's bar give its room back.
    moved = layout(view)
    assert (in_bar or all(moved[k] >= before_layout[k] for k in before_layout)) and (
        moved["board"] - before_layout["board"] == moved["time"] - before_layout["time"]), \
        f"the view moved up (or came apart) after a click on the board: {before_layout} → {moved}"
    if expected is not None:
        assert now["history"][len(was["history"])] == expected, (now["history"], expected)
        how = f"selected, then clicked '{expected}'" if first is not None else f"clicked '{expected}'"
        done.append(f"{how}: history {len(was['history'])}→{len(now['history'])} ({ms:.0f} ms to redraw)")
    else:
        done.append(f"'next' (bot to move): history {len(was['history'])}→{len(now['history'])}")
    return done + [looking_back_moves_nothing(view, kind), coach_answers(page, view, kind)]


def coach_answers(page: Any, view: Any, kind: TableKind) -> str:
    """The coach in the browser: "hint" shows the search's best choices (a progress bar first); hovering the first
    marks its place on the board (where the board has one) and playing it plays it in the kernel; "review" answers
    (in the background: the table stays usable) with the learner's own decisions the search rates far lower (or says
    none), and a "look" button lands on the step its line names; "close" puts them away. Every wait uses the suite's
    reply timeout (Playwright's default 5 s failed once on a loaded machine although the hint came)."""
    from playwright.sync_api import expect

    hint = view.get_by_test_id(f"{kind.prefix}-hint")
    if not hint.count() or not hint.is_enabled():
        return "no coach here (watch mode, looking back, or not the human's decision)"
    click_and_wait(view, hint, kind.message, kind.cls, timing=None)
    # "the search likes ... best", or at a decision with one legal choice "there is only one choice here"
    expect(view.locator(kind.message)).to_contain_text(re.compile(r"^Hint: (the search likes|there is only one "
                                                                  r"choice here)"), timeout=REPLY_MS)
    play = view.get_by_test_id(f"{kind.prefix}-hint-play-0")
    expect(play).to_be_visible(timeout=REPLY_MS)
    action = play.get_attribute("data-action")
    # The board's places for the action, as the runtime's placesOf finds them: outside the action bar and text lists.
    places = view.evaluate(
        """(root, action) => [...root.querySelectorAll('[data-action], [data-actions]')].filter((n) =>
             !n.closest('.bg-bar, [data-list]') && (n.dataset.action === action
               || (n.dataset.actions && JSON.parse(n.dataset.actions).includes(action)))).length""", action)
    marked = "no board place for it"
    if places:
        play.hover()
        expect(view.locator(".bg-hinted").first).to_be_visible(timeout=REPLY_MS)
        marked = f"hovered: {view.locator('.bg-hinted').count()} place(s) marked"
        view.get_by_test_id(f"{kind.prefix}-message").hover()
        expect(view.locator(".bg-hinted")).to_have_count(0, timeout=REPLY_MS)
    before = probe_tables(page, kind.cls)
    click_and_wait(view, play, kind.message, kind.cls, timing=None)
    after = probe_tables(page, kind.cls)
    grown = [k for k in after if k in before and len(after[k]["history"]) > len(before[k]["history"])]
    assert len(grown) == 1 and after[grown[0]]["history"][len(before[grown[0]]["history"])] == action, grown
    review = view.get_by_test_id(f"{kind.prefix}-review")
    click_and_wait(view, review, kind.message, kind.cls, timing=None)
    expect(view.locator(kind.message)).to_contain_text("Review:", timeout=REPLY_MS)
    looked = ""
    look = view.get_by_test_id(f"{kind.prefix}-review-look-0")
    if look.count():
        step = look.get_attribute("data-step")
        click_and_wait(view, look, kind.message, kind.cls, timing=None)
        expect(view.get_by_test_id(f"{kind.prefix}-slider")).to_have_value(step, timeout=REPLY_MS)
        expect(view.get_by_test_id(f"{kind.prefix}-step-label")).to_contain_text(f"step {step} of", timeout=REPLY_MS)
        click_and_wait(view, view.get_by_test_id(f"{kind.prefix}-live"), kind.message, kind.cls, timing=None)
        looked = f", 'look' landed on step {step}"
    click_and_wait(view, view.get_by_test_id(f"{kind.prefix}-coach-close"), kind.message, kind.cls, timing=None)
    expect(view.get_by_test_id(f"{kind.prefix}-coach").locator("*")).to_have_count(0, timeout=REPLY_MS)
    return f"hint played '{action}' ({marked}), review answered and closed{looked}"


def looking_back_moves_nothing(view: Any, kind: TableKind) -> str:
    """Enter "looking back" with the slider and leave it with "back to the present": nothing below the bar moves."""
    from playwright.sync_api import expect

    # The pointer first rests on the bar, off the board: a new decision's room still held back while the pointer was
    # on the board (runtime.js keepTallest) is given back now, before the view is measured.
    view.get_by_test_id(f"{kind.prefix}-slider").hover()
    before = settled_layout(view)
    view.evaluate(f"r => r.querySelector('{kind.message}')?.setAttribute('data-stale', '')")
    view.get_by_test_id(f"{kind.prefix}-slider").fill("0")
    expect(view.get_by_test_id(f"{kind.prefix}-past")).to_be_visible(timeout=REPLY_MS)
    expect(view.locator(f"{kind.message}:not([data-stale])")).to_have_count(1, timeout=REPLY_MS)
    back = layout(view)
    click_and_wait(view, view.get_by_test_id(f"{kind.prefix}-live"), kind.message, kind.cls, timing=kind.cls)
    expect(view.get_by_test_id(f"{kind.prefix}-past")).to_be_hidden()
    assert back == before == layout(view), f"looking back moved the view: {before} → {back} → {layout(view)}"
    return "looking back and back moved nothing"


# ---------------------------------------------------------------------------------------------- every decision kind
# Puts the table `name` (a notebook global) at the position of `kind` (the i-th kept for that kind) with the deciding
# seat at the human's chair; prints the legal actions and the deciding seat.
SET_POSITION = """
def _table_to_position(name, game, kind, index):
    import json
    from tests.widgets.positions import first_positions
    table = globals()[name]
    position = first_positions(game)[kind][index]
    table.human = None  # watch mode fits a game of any size, until the deciding seat takes the chair
    table.game = position.game.clone()
    table.human = position.seat
    print(json.dumps({"legal": table.status["legal"], "prompt": table.status["prompt"], "how": position.how}))
_table_to_position(%r, %r, %r, %d)
del _table_to_position
"""

KINDS = """
import json
from tests.widgets.positions import first_positions
print(json.dumps({kind: [sorted(p.verbs) for p in ps] for kind, ps in first_positions(%r).items()}))
"""


def click_every_kind(page: Any, view: Any, kind: TableKind, name: str) -> list[str]:
    """For every decision kind of the table's game: put the table (notebook global ``name``) at the kept position
    that offers the most verbs, click a legal choice of it as a learner would (a highlighted board node; a selection
    and then a board node; a button), and check the Python game: its history grew, starting with that action, and
    the message is Python's info answer."""
    from playwright.sync_api import expect

    kinds = kernel_json(page, KINDS % kind.game)
    done = []
    for decision, verbs in kinds.items():
        index = max(range(len(verbs)), key=lambda i: len(verbs[i]))
        state = kernel_json(page, SET_POSITION % (name, kind.game, decision, index))
        expect(view.get_by_test_id(f"{kind.prefix}-prompt")).to_have_text(state["prompt"], timeout=REPLY_MS)
        shot = support.SCREENSHOTS / f"every-kind-{kind.prefix}-{decision}-1280x800.png"
        seen = one_screen(page, view, kind, shot)
        legal = view.locator('[data-intent="act"][data-legal="true"]')
        how = "board"
        if not legal.count() and view.locator("[data-select]").count():
            view.locator("[data-select]").first.click()
            expect(legal.first).to_be_visible(timeout=REPLY_MS)
            how = "selection, then board"
        if not legal.count():
            legal = view.locator('.bg-bar [data-intent="act"]')
            how = "button"
        target = legal.first
        action = target.get_attribute("data-action")
        assert action in state["legal"], (decision, action, state["legal"])
        before = probe_tables(page, kind.cls)
        ms = click_and_wait(view, target, kind.message, kind.cls, timing=f"{kind.cls} (every kind)")
        after = probe_tables(page, kind.cls)
        grown = [k for k in after if k in before and len(after[k]["history"]) > len(before[k]["history"])]
        assert len(grown) == 1, (decision, grown)
        now, was = after[grown[0]], before[grown[0]]
        assert now["history"][len(was["history"])] == action and now["kind"] == "info", (decision, now["message"])
        done.append(f"{decision}: {seen}; {how} '{action}' → Python played it ({ms:.0f} ms to redraw)")
    return done


def median(values: list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def redraw_report() -> list[str]:
    """The click-to-redraw medians of this session, one line per table (and per "every kind" run)."""
    return [f"{what}: median {median(ms):.0f} ms over {len(ms)} clicks (min {min(ms):.0f}, max {max(ms):.0f})"
            for what, ms in sorted(support.REDRAW_MS.items()) if ms]
