"""Draw a view's front end without a browser: its composed ES module runs in Node.js on a small stand-in DOM, with
the view's synced state as the model, and the drawing comes back as a tree to read (text, test ids, classes, data
attributes). :func:`explore` also clicks: every node that sends an intent is clicked (through the runtime's own
click handler, as the browser would), and every node that selects the first part of a two-part choice is clicked
too, and then every node of the redrawn view; what each click sent comes back. Tests of what a renderer draws and
of what a table lets a learner click use it; they are skipped where Node.js is not installed."""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from typing import Any, Iterator

import pytest

# A stand-in for the DOM calls the runtime and the renderers make: nodes with parents, classes, data attributes,
# listeners (a click bubbles from its target to the root) and the few selectors the runtime uses.
_DOM = r"""
const camel = (name) => name.replace(/-([a-z])/g, (_m, c) => c.toUpperCase());
function matchOne(node, sel) {
  if (!node || !node.tagName || node.tagName === "#TEXT") return false;
  const m = /^([a-zA-Z]*)((?:\.[\w-]+)*)((?:\[[\w-]+(?:="[^"]*")?\])*)(?::not\(([^)]*)\))?$/.exec(sel.trim());
  if (!m) throw new Error(`the stand-in DOM does not know the selector ${sel}`);
  if (m[1] && node.tagName !== m[1].toUpperCase()) return false;
  for (const c of m[2].split(".").filter(Boolean)) if (!node.classes.has(c)) return false;
  for (const [, name, value] of m[3].matchAll(/\[([\w-]+)(?:="([^"]*)")?\]/g)) {
    const have = name.startsWith("data-") ? node.dataset[camel(name.slice(5))] : node.attrs[name];
    if (have === undefined || (value !== undefined && String(have) !== value)) return false;
  }
  if (m[4] && node.matches(m[4])) return false;
  return true;
}
class FakeNode {
  constructor(tag) {
    this.tagName = tag.toUpperCase(); this.children = []; this.attrs = {}; this.dataset = {}; this.style = {};
    this.classes = new Set(); this.text = ""; this.parent = null; this.listeners = {};
    this.style.setProperty = (k, v) => { this.style[k] = v; };
    const self = this;
    this.classList = { add: (...c) => c.forEach((x) => self.classes.add(x)),
      remove: (...c) => c.forEach((x) => self.classes.delete(x)),
      toggle: (c, on) => { (on ?? !self.classes.has(c)) ? self.classes.add(c) : self.classes.delete(c); },
      contains: (c) => self.classes.has(c) };
  }
  set className(v) { this.classes = new Set(String(v).split(/\s+/).filter(Boolean)); }
  get className() { return [...this.classes].join(" "); }
  set textContent(v) {
    this.children.forEach((c) => { c.parent = null; });
    this.children = [];
    this.text = String(v);
  }
  get textContent() { return this.text + this.children.map((c) => c.textContent).join(""); }
  append(...nodes) {
    const text = (t) => Object.assign(new FakeNode("#text"), { text: String(t) });
    for (const n of nodes) {
      const child = typeof n === "string" || typeof n === "number" ? text(n) : n;
      if (child.parent) child.remove();
      child.parent = this;
      this.children.push(child);
    }
  }
  prepend(...nodes) {
    const old = this.children;
    this.children = [];
    this.append(...nodes);
    this.children.push(...old);
  }
  replaceChildren(...nodes) {
    this.children.forEach((c) => { c.parent = null; });
    this.children = [];
    this.append(...nodes);
  }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k]; }
  removeAttribute(k) { delete this.attrs[k]; }
  addEventListener(type, fn) { (this.listeners[type] = this.listeners[type] || []).push(fn); }
  removeEventListener(type, fn) { this.listeners[type] = (this.listeners[type] || []).filter((f) => f !== fn); }
  remove() {
    if (!this.parent) return;
    this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
  matches(sel) {  // a list of selectors, each compound selectors joined by descendant combinators
    return sel.split(",").some((s) => {
      const parts = s.trim().split(/\s+/);
      if (!matchOne(this, parts.pop())) return false;
      let n = this.parent;
      for (const part of parts.reverse()) {
        while (n && !matchOne(n, part)) n = n.parent;
        if (!n) return false;
        n = n.parent;
      }
      return true;
    });
  }
  closest(sel) { for (let n = this; n; n = n.parent) if (n.matches(sel)) return n; return null; }
  contains(other) { for (let n = other; n; n = n.parent) if (n === this) return true; return false; }
  *walk() { yield this; for (const c of this.children) yield* c.walk(); }
  querySelectorAll(sel) {
    return [...this.walk()].filter((n) => n !== this && n.tagName !== "#TEXT" && n.matches(sel));
  }
  querySelector(sel) { return this.querySelectorAll(sel)[0] || null; }
  focus() {}
  scrollIntoView() {}
  getBoundingClientRect() { return { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 }; }
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
function dispatch(node, type) {
  const event = { type, target: node, key: "", defaultPrevented: false,
    preventDefault() { this.defaultPrevented = true; } };
  for (let n = node; n; n = n.parent) for (const fn of n.listeners[type] || []) fn(event);
}
globalThis.document = { createElement: (t) => new FakeNode(t), createElementNS: (_ns, t) => new FakeNode(t),
  activeElement: null, addEventListener() {}, removeEventListener() {} };
globalThis.Element = FakeNode;
"""

_RUN = r"""
const state = JSON.parse(process.argv[3]);
const mode = process.argv[4];
const explore = mode === "explore";
const view = (await import(process.argv[2])).default;
let sent = [];
const model = { get: (k) => state[k], on() {}, off() {}, send(msg) { sent.push(msg); } };
const fresh = () => { const el = new FakeNode("div"); view.render({ model, el }); return el.children[0]; };
const root = fresh();
const out = { tree: JSON.parse(JSON.stringify(root)), clicks: [] };
if (explore) {
  const pathOf = (node, top) => {
    const p = [];
    for (let n = node; n !== top; n = n.parent) p.unshift(n.parent.children.indexOf(n));
    return p;
  };
  const at = (top, path) => path.reduce((n, i) => n.children[i], top);
  const info = (n) => ({ testid: n.dataset.testid || "", legal: n.dataset.legal ?? null, tag: n.tagName.toLowerCase(),
    classes: [...n.classes], listed: !!n.closest('[data-list]') });
  const clickEach = (top, select) => {
    for (const node of [...top.walk()].filter((n) => n.dataset && n.dataset.intent)) {
      const path = pathOf(node, top);
      sent = [];
      dispatch(at(top, path), "click");
      out.clicks.push({ ...info(node), select, sent });
    }
  };
  clickEach(fresh(), null);
  for (const node of [...root.walk()].filter((n) => n.dataset && n.dataset.select)) {
    const path = pathOf(node, root);
    const again = fresh();
    sent = [];
    dispatch(at(again, path), "click");
    if (sent.length) throw new Error(`selecting ${node.dataset.select} sent ${JSON.stringify(sent)}`);
    clickEach(again, node.dataset.select);
  }
}
if (mode.startsWith("hover:")) {  // the pointer rests on the node of that test id (a hint's button)
  const node = [...root.walk()].find((n) => n.dataset && n.dataset.testid === mode.slice(6));
  if (!node) throw new Error(`no node with test id ${mode.slice(6)}`);
  dispatch(node, "mouseenter");
  out.tree = JSON.parse(JSON.stringify(root));
}
if (mode === "lost-send" || mode === "lost-close") {  // the kernel is gone: a send throws, or the comm closes
  const handlers = {};
  const dead = { get: (k) => state[k], on(n, f) { (handlers[n] = handlers[n] || []).push(f); }, off() {},
    send() { throw new Error("Cannot send"); } };
  const el = new FakeNode("div");
  view.render({ model: dead, el });
  const top = el.children[0];
  const first = [...top.walk()].find((n) => n.dataset && n.dataset.intent && !n.disabled);
  if (mode === "lost-send") dispatch(first, "click");
  else for (const f of handlers["comm:close"] || []) f();
  out.tree = JSON.parse(JSON.stringify(top));
}
process.stdout.write(JSON.stringify(out));
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


@dataclass(frozen=True)
class Click:
    """One click of :func:`explore`: the node clicked (its test id, ``data-legal``, tag, classes, whether it sits in
    a list of every legal action as text), the selection made before it (``None``: none) and what it sent."""

    testid: str
    legal: str | None
    tag: str
    classes: tuple[str, ...]
    listed: bool
    select: str | None
    sent: tuple[dict[str, Any], ...]

    @property
    def actions(self) -> list[str]:
        """The ``act`` intents' actions this click sent."""
        return [m["action"] for m in self.sent if m.get("intent") == "act"]


@dataclass
class Explored:
    """A view drawn once (:attr:`page`) and every click on it (:attr:`clicks`)."""

    page: Drawn
    clicks: list[Click]

    def choices(self) -> set[str]:
        """The actions the view offers as choices: sent by a click on a button or a highlighted board node, directly
        or after a selection (not by the text list, nor by a board node marked ``data-legal="false"``)."""
        return {a for c in self.clicks if not c.listed and c.legal != "false" for a in c.actions}

    def refusable(self) -> set[str]:
        """The actions board nodes send that are not offered: the rules are asked and say why not."""
        return {a for c in self.clicks if c.legal == "false" for a in c.actions}


def _run(view: Any, mode: str) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: drawing a view's front end needs it")
    state = {k: v for k, v in view.get_state().items() if not k.startswith("_")}
    with tempfile.TemporaryDirectory() as tmp:
        module = pathlib.Path(tmp) / "view.mjs"
        module.write_text(_DOM + view._esm, encoding="utf-8")
        runner = pathlib.Path(tmp) / "run.mjs"
        runner.write_text(_DOM + _RUN, encoding="utf-8")
        done = subprocess.run([node, str(runner), module.as_uri(), json.dumps(state), mode], capture_output=True,
                              text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def draw(view: Any) -> Drawn:
    """What ``view``'s front end draws for its current synced state."""
    return Drawn.of(_run(view, "draw")["tree"])


def hover(view: Any, testid: str) -> Drawn:
    """``view``'s drawing while the pointer rests on the node of ``testid`` (its ``mouseenter`` listeners ran)."""
    return Drawn.of(_run(view, f"hover:{testid}")["tree"])


def explore(view: Any) -> Explored:
    """``view``'s drawing and every click on it (module docstring)."""
    raw = _run(view, "explore")
    clicks = [Click(c["testid"], c["legal"], c["tag"], tuple(c["classes"]), c["listed"], c["select"],
                    tuple(c["sent"])) for c in raw["clicks"]]
    return Explored(Drawn.of(raw["tree"]), clicks)


def draw_lost(view: Any, how: str = "send") -> Drawn:
    """``view``'s drawing once its kernel is gone: a click whose send fails ("Cannot send", ``how="send"``) or the
    comm closing (``how="close"``)."""
    return Drawn.of(_run(view, f"lost-{how}")["tree"])


def draw_composed(view: Any, renderer: str, game: str = "kutna_hora") -> Drawn:
    """``view``'s drawing, once its front end is checked to be the shared runtime with the board's one renderer
    (``<game>/static/<renderer>``) composed in."""
    source = view._esm
    assert "// ---- shared/static/runtime.js" in source and f"// ---- {game}/static/{renderer}" in source
    return draw(view)


def intents(page: Drawn) -> set[str]:
    """The intents the drawing's clickable nodes send."""
    return {n.data["intent"] for n in page.walk() if "intent" in n.data}
