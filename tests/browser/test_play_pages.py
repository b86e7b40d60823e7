"""The play pages (``notebooks/play/``, ``widgets/shared/play.py``) in Voila, as a class sees them: every page loads
with its rules and its table and no code, a click the rules refuse shows a sentence and changes nothing in the view's
game, a legal click comes back from Python; a game played to its end names the winner on the page; a page whose
kernel dies says so and asks for a reload."""

from __future__ import annotations

import json
import os
import re
import signal
from pathlib import Path

import pytest

from widgets.shared.play import PAGES

from . import servers, support, tables

pytestmark = pytest.mark.browser

PREFIX = {"kutna_hora.game": "kh-tb", "kardinal_koenig.cards": "kk", "chartres.game": "ch",
          "catan.base": "ct", "catan.cities_knights": "ck"}
CODE = re.compile(r"play_page\(|\bimport\b|Shift\+Enter")
#: The sentence the front-end runtime shows on a play page whose kernel is gone (static/runtime.js).
LOST = "This page has lost its Python kernel"


def kind_of(game_id: str) -> tables.TableKind:
    return next(k for k in tables.TABLE_KINDS if k.prefix == PREFIX[game_id])


def open_page(page, server: servers.Server, name: str, kind: tables.TableKind):
    page.goto(f"{server.url}/voila/render/play/{name}.ipynb")
    view = page.locator(kind.root).first
    return view


def choice_of(view) -> object | None:
    """A legal choice a learner would click: a highlighted board node (after a selection where a choice has two
    parts), else a button of the action bar; ``None`` when there is none."""
    from playwright.sync_api import expect

    legal = view.locator('[data-intent="act"][data-legal="true"]')
    if not legal.count() and view.locator("[data-select]").count():
        view.locator("[data-select]").first.click()
        expect(legal.first).to_be_visible(timeout=support.REPLY_MS)
    if legal.count():
        return legal.first
    buttons = view.locator('.bg-bar [data-intent="act"]')
    return buttons.first if buttons.count() else None


def refuse_once(view, kind: tables.TableKind) -> str:
    """Click a node whose action the rules refuse now (or, where the board offers none, a choice whose action is
    changed to one no rule knows): the message line shows a readable sentence, marked as an error."""
    from playwright.sync_api import expect

    refused = view.locator('[data-intent="act"][data-legal="false"]')
    if refused.count():
        target, prefix = refused.first, ("Not allowed: ",)
    else:  # the rules read it as no action ("Not understood") or as none allowed now ("Not allowed")
        target = view.locator('[data-intent="act"]:not([data-list] *)').first
        target.evaluate("node => { node.dataset.args = JSON.stringify({action: 'fly to the moon'}); }")
        prefix = ("Not allowed: ", "Not understood: ")
    prompt = view.get_by_test_id(f"{kind.prefix}-prompt").inner_text()
    support.click_and_wait(view, target, kind.message, kind.cls, timing=f"{kind.cls} (play page)")
    message = view.locator(kind.message)
    expect(message).to_have_class(tables.ERROR)
    text = message.inner_text()
    assert text.startswith(prefix) and len(text.split()) >= 5, text
    assert not support.PYTHONISH.search(text), text
    assert view.get_by_test_id(f"{kind.prefix}-prompt").inner_text() == prompt, "a refusal changed the decision"
    return text


@pytest.mark.parametrize("name", [page.name for page in PAGES])
def test_a_play_page_loads_refuses_with_a_sentence_and_answers_a_click(voila_lessons, guarded, name):
    from playwright.sync_api import expect

    page_spec = next(p for p in PAGES if p.name == name)
    kind = kind_of(page_spec.game_id)
    page = guarded.page
    view = open_page(page, voila_lessons, name, kind)
    guarded.wait_for(view, timeout_ms=support.SLOW_MS * 2, what=f"the {kind.cls} view of the play page")
    expect(view.get_by_test_id(f"{kind.prefix}-prompt")).not_to_be_empty()
    body = page.locator("body").inner_text()
    assert f"Play {page_spec.title}" in body and "How this page works" in body
    assert re.search(r"game \d+: you are Player 1 against (1 bot|[2-9] bots)\.", body), body[:400]
    assert not CODE.search(body), CODE.search(body)
    expect(view.get_by_test_id(f"{kind.prefix}-hint")).to_be_visible()  # the coach is on the page
    refuse_once(view, kind)
    target = choice_of(view)
    assert target is not None, "a new game offers the human no choice"
    support.click_and_wait(view, target, kind.message, kind.cls, timing=f"{kind.cls} (play page)")
    expect(view.locator(kind.message)).not_to_have_class(tables.ERROR)
    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(support.SCREENSHOTS / f"play-{name}-1280x800.png"))
    support.assert_no_errors(page, page.locator("body"), model=False)
    guarded.check()


def test_a_play_page_played_to_the_end_names_the_winner(voila_lessons, guarded):
    """Kutná Hora for 2 is the shortest game: the human clicks a legal choice until the game is over."""
    from playwright.sync_api import expect

    kind = kind_of("kutna_hora.game")
    page = guarded.page
    view = open_page(page, voila_lessons, "kutna_hora", kind)
    guarded.wait_for(view, timeout_ms=support.SLOW_MS * 2, what="the Kutná Hora play page")
    prompt = view.get_by_test_id(f"{kind.prefix}-prompt")
    for _ in range(400):
        if "The game is over" in prompt.inner_text():
            break
        target = choice_of(view)
        assert target is not None, prompt.inner_text()
        support.click_and_wait(view, target, kind.message, kind.cls, timing=None)
    expect(prompt).to_have_text(re.compile(r"^The game is over: Player \d (and Player \d )?wins? with \d+ points\.$"))
    choice = view.locator('[data-intent="act"][data-legal="true"]')
    assert choice.count() == 0, "a finished game still offers a choice"
    support.click_and_wait(view, view.get_by_test_id(f"{kind.prefix}-review"), kind.message, kind.cls, timing=None)
    # a whole game's review runs in the background for up to its budget (7 s), beyond Playwright's default 5 s
    expect(view.locator(kind.message)).to_contain_text("Review:", timeout=support.REPLY_MS)
    page.screenshot(path=str(support.SCREENSHOTS / "play-kutna_hora-over-1280x800.png"))
    guarded.check()


def _kernel_pid(kernel_id: str) -> int:
    """The process of the kernel ``kernel_id`` (its connection file names it)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if f"kernel-{kernel_id}.json" in cmdline:
            return int(proc.name)
    raise AssertionError(f"no process runs kernel {kernel_id}")


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the kernel's process through /proc")
def test_a_play_page_whose_kernel_dies_says_so_and_asks_for_a_reload(voila_lessons, guarded):
    from playwright.sync_api import expect

    kind = kind_of("kardinal_koenig.cards")
    page = guarded.page
    view = open_page(page, voila_lessons, "kardinal_koenig", kind)
    guarded.wait_for(view, timeout_ms=support.SLOW_MS * 2, what="the Kardinal & König play page")
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    os.kill(_kernel_pid(config["kernelId"]), signal.SIGKILL)
    message = view.locator(kind.message)
    expect(message).to_contain_text(LOST, timeout=support.SLOW_MS)
    expect(message).to_contain_text("Reload the page")
    expect(view.get_by_test_id(f"{kind.prefix}-hint")).to_be_disabled()
    page.screenshot(path=str(support.SCREENSHOTS / "play-kardinal_koenig-lost-1280x800.png"))
    guarded.check()


def test_on_the_catan_play_page_the_bots_offers_do_not_interrupt_the_learner(voila_lessons, guarded):
    """A learner's decisions on the Catan page were mostly declining offers, the same offer twice in a row, often with
    "decline" the only button. Clicking as a learner (the first highlighted place or button), no answer the rules
    leave one choice in reaches the learner (the table declines for them and says so), and no offer comes twice in a
    turn."""
    kind = kind_of("catan.base")
    page = guarded.page
    view = open_page(page, voila_lessons, "catan", kind)
    guarded.wait_for(view, timeout_ms=support.SLOW_MS * 2, what="the Catan play page")
    prompt, turn = view.get_by_test_id(f"{kind.prefix}-prompt"), view.get_by_test_id(f"{kind.prefix}-turn")
    asked: list[tuple[str, str]] = []
    decisions = 0
    for _ in range(40):
        said = prompt.inner_text()
        if "The game is over" in said:
            break
        decisions += 1
        if "accept or decline" in said:
            buttons = view.locator('.bg-bar [data-intent="act"]').all_inner_texts()
            assert len(buttons) > 1, f"an answer with one choice reached the learner: {said} {buttons}"
            asked.append((turn.inner_text(), said))
        target = choice_of(view)
        assert target is not None, said
        support.click_and_wait(view, target, kind.message, kind.cls, timing=None)
    assert len(set(asked)) == len(asked), f"the same offer twice in a turn: {asked}"
    guarded.check()
    print(f"\nCatan play page: {len(asked)} offers answered in {decisions} of the learner's decisions")
