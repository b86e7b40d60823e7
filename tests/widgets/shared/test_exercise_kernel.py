"""An exercise box whose kernel is gone says so instead of ignoring Check without a word: after a kernel restart or
shutdown, a closed comm, or a model ipywidgets marks disconnected, its line shows the lost-kernel sentence and its
controls are disabled. The box's watch (widgets/shared/static/kernel_watch.js) runs in Node.js on the stand-in DOM of
tests/widgets/render.py, inside a box drawn as ipywidgets draws it (the question, a text box, two buttons)."""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from tests.widgets.render import _DOM
from widgets.shared.exercises import LOST_KERNEL, LOST_KERNEL_PAGE, ExerciseBox, KernelWatch

_RUN = r"""
const view = (await import(process.argv[2])).default;
const how = process.argv[3];
const handlers = {};
const fire = (name, ...args) => (handlers[name] || []).forEach((f) => f(...args));
const listeners = [];
const kernel = { statusChanged: { connect: (f) => listeners.push(f), disconnect() {} },
  disposed: { connect() {}, disconnect() {} } };
if (how.startsWith("page-")) document.body = Object.assign(document.createElement("body"), {});
if (how.startsWith("page-")) document.body.dataset.voila = "voila";
const model = { get: (k) => ({ lost_text: process.argv[4], lost_text_page: process.argv[5] })[k],
  on: (n, f) => { (handlers[n] = handlers[n] || []).push(f); }, off() {}, send() {}, widget_manager: { kernel } };
const output = document.createElement("div");   // the output area, marked disconnected by ipywidgets
const box = document.createElement("div");
box.className = "widget-vbox bg-ex";
const input = document.createElement("input");
const check = document.createElement("button");
const el = document.createElement("div");
box.append(input, check, el);
output.append(box);
view.render({ model, el });
const before = JSON.parse(JSON.stringify(box));
if (how === "restart") listeners.forEach((f) => f(kernel, "restarting"));
if (how === "dead") listeners.forEach((f) => f(kernel, "dead"));
if (how === "close" || how === "page-close") fire("comm:close");
if (how === "disconnected") { output.classList.add("jupyter-widgets-disconnected"); fire("comm_live_update"); }
if (how === "busy") listeners.forEach((f) => f(kernel, "busy"));
await new Promise((r) => setTimeout(r, 5));
process.stdout.write(JSON.stringify({ before, after: JSON.parse(JSON.stringify(box)) }));
"""


def run_watch(how: str) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: drawing a view's front end needs it")
    with tempfile.TemporaryDirectory() as tmp:
        module = pathlib.Path(tmp) / "watch.mjs"
        module.write_text(_DOM + KernelWatch._esm, encoding="utf-8")
        runner = pathlib.Path(tmp) / "run.mjs"
        runner.write_text(_DOM + _RUN, encoding="utf-8")
        done = subprocess.run([node, str(runner), module.as_uri(), how, LOST_KERNEL, LOST_KERNEL_PAGE],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def line_of(tree: dict) -> dict:
    return tree["children"][2]["children"][0]


@pytest.mark.slow
@pytest.mark.parametrize("how", ["restart", "dead", "close", "disconnected"])
def test_an_exercise_whose_kernel_is_gone_says_so_and_disables_check(how):
    drawn = run_watch(how)
    assert line_of(drawn["before"])["text"] == "", "nothing to say while the kernel lives"
    line = line_of(drawn["after"])
    assert line["text"] == LOST_KERNEL and line["data"]["testid"] == "bg-ex-lost"
    assert "bg-ex--lost" in drawn["after"]["classes"]
    assert all(child["attrs"].get("disabled") for child in drawn["after"]["children"][:2]), "input and Check"


def test_on_a_page_without_code_it_asks_for_a_reload_not_a_cell():
    line = line_of(run_watch("page-close")["after"])
    assert line["text"] == LOST_KERNEL_PAGE and "Reload the page" in line["text"] and "cell" not in line["text"]


@pytest.mark.slow
def test_a_busy_kernel_is_no_lost_kernel():
    drawn = run_watch("busy")
    assert line_of(drawn["after"])["text"] == "" and "bg-ex--lost" not in drawn["after"]["classes"]
    assert not any(child["attrs"].get("disabled") for child in drawn["after"]["children"][:2])


def test_every_exercise_box_carries_a_watch_that_names_what_to_do():
    from widgets.shared.exercises import Exercise

    class Two(Exercise):
        title, unit = "Two", "points"
        question = "1 + 1?"

        def answer(self) -> int:
            return 2

        def explain(self) -> str:
            return "One and one."

    box = ExerciseBox(Two())
    assert isinstance(box.kernel_watch, KernelWatch) and box.children[-1] is box.kernel_watch
    assert "bg-ex" in box._dom_classes
    assert "lost its Python kernel" in box.kernel_watch.lost_text and "Run this cell again" in LOST_KERNEL
    box.answer.value = "2"
    box._on_check()
    assert "Right: 2 points" in box.feedback.value
