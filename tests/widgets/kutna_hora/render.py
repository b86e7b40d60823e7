"""Draw a view's front end without a browser: its composed ES module runs in Node.js on a small stand-in DOM, with
the view's synced state as the model, and the drawing comes back as a tree to read (text, test ids, classes, data
attributes). Tests of what a renderer draws use it; they are skipped where Node.js is not installed."""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from typing import Any, Iterator

import pytest

# A stand-in for the few DOM calls the runtime and the renderers make.
_DOM = r"""
class FakeNode {
  constructor(tag) {
    this.tagName = tag.toUpperCase(); this.children = []; this.attrs = {}; this.dataset = {}; this.style = {};
    this.classes = new Set(); this.text = ""; this.style.setProperty = (k, v) => { this.style[k] = v; };
    const self = this;
    this.classList = { add: (...c) => c.forEach((x) => self.classes.add(x)),
      remove: (...c) => c.forEach((x) => self.classes.delete(x)),
      toggle: (c, on) => { (on ?? !self.classes.has(c)) ? self.classes.add(c) : self.classes.delete(c); },
      contains: (c) => self.classes.has(c) };
  }
  set className(v) { this.classes = new Set(String(v).split(/\s+/).filter(Boolean)); }
  get className() { return [...this.classes].join(" "); }
  set textContent(v) { this.children = []; this.text = String(v); }
  get textContent() { return this.text + this.children.map((c) => c.textContent).join(""); }
  append(...nodes) {
    const text = (t) => Object.assign(new FakeNode("#text"), { text: t });
    for (const n of nodes) this.children.push(typeof n === "string" ? text(n) : n);
  }
  replaceChildren(...nodes) { this.children = []; this.append(...nodes); }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k]; }
  addEventListener() {}
  removeEventListener() {}
  remove() {}
  contains() { return false; }
  querySelector() { return null; }
  get lastChild() { return this.children[this.children.length - 1]; }
  toJSON() {
    const props = {};
    for (const k of ["title", "type", "value", "disabled", "open", "min", "max"]) {
      if (this[k] !== undefined) props[k] = this[k];
    }
    const style = Object.fromEntries(Object.entries(this.style).filter(([k]) => k !== "setProperty"));
    return { tag: this.tagName.toLowerCase(), text: this.text, classes: [...this.classes], data: this.dataset,
      attrs: { ...this.attrs, ...props }, style, children: this.children };
  }
}
globalThis.document = { createElement: (t) => new FakeNode(t), createElementNS: (_ns, t) => new FakeNode(t),
  activeElement: null };
globalThis.Element = FakeNode;
"""

_RUN = r"""
const state = JSON.parse(process.argv[3]);
const view = (await import(process.argv[2])).default;
const model = { get: (k) => state[k], on() {}, off() {}, send() {} };
const el = new FakeNode("div");
view.render({ model, el });
process.stdout.write(JSON.stringify(el.children[0]));
"""


@dataclass
class Drawn:
    """One node of a drawing: its tag, own text, classes, data attributes, other attributes and children."""

    tag: str
    text: str
    classes: list[str]
    data: dict[str, str]
    attrs: dict[str, Any]
    style: dict[str, Any]
    children: list[Drawn] = field(default_factory=list)

    @classmethod
    def of(cls, raw: dict[str, Any]) -> Drawn:
        return cls(raw["tag"], raw["text"], raw["classes"], raw["data"], raw["attrs"], raw["style"],
                   [cls.of(c) for c in raw["children"]])

    @property
    def all_text(self) -> str:
        return self.text + "".join(c.all_text for c in self.children)

    def walk(self) -> Iterator[Drawn]:
        yield self
        for child in self.children:
            yield from child.walk()

    def by_id(self, testid: str) -> Drawn:
        found = [n for n in self.walk() if n.data.get("testid") == testid]
        assert len(found) == 1, f"{len(found)} nodes with test id {testid!r}"
        return found[0]

    def ids(self, prefix: str = "") -> list[str]:
        return [n.data["testid"] for n in self.walk() if n.data.get("testid", "").startswith(prefix)]

    def has_id(self, testid: str) -> bool:
        return any(n.data.get("testid") == testid for n in self.walk())

    def with_class(self, name: str) -> list[Drawn]:
        return [n for n in self.walk() if name in n.classes]

    def count_text(self, text: str) -> int:
        return sum(1 for n in self.walk() if n.text == text)


def draw(view: Any) -> Drawn:
    """What ``view``'s front end draws for its current synced state."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: drawing a view's front end needs it")
    state = {k: v for k, v in view.get_state().items() if not k.startswith("_")}
    with tempfile.TemporaryDirectory() as tmp:
        module = pathlib.Path(tmp) / "view.mjs"
        module.write_text(_DOM + view._esm, encoding="utf-8")
        runner = pathlib.Path(tmp) / "run.mjs"
        runner.write_text(_DOM + _RUN, encoding="utf-8")
        done = subprocess.run([node, str(runner), module.as_uri(), json.dumps(state)], capture_output=True,
                              text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return Drawn.of(json.loads(done.stdout))


def draw_composed(view: Any, renderer: str) -> Drawn:
    """``view``'s drawing, once its front end is checked to be the shared runtime with the board's one renderer
    (``static/<renderer>``) composed in."""
    source = view._esm
    assert "// ---- shared/static/runtime.js" in source and f"// ---- kutna_hora/static/{renderer}" in source
    return draw(view)


def intents(page: Drawn) -> set[str]:
    """The intents the drawing's clickable nodes send."""
    return {n.data["intent"] for n in page.walk() if "intent" in n.data}
