// The front-end runtime every view shares (composed into each view's module by widgets/shared/frontend.py).
// Views draw the synced state and send intents; the rules stay in Python. One message protocol for every view:
// {intent: "<name>", ...arguments}, e.g. {intent: "act", action: "plot 14"}, {intent: "marker", space: 3}.
// A clickable node carries its intent in data-intent and its arguments in data-args (JSON), and each argument also
// as a plain data-<name> attribute for tests and styles to select on.

import { barParts, shrinkBar } from "./bar_room.js";
import { watchKernel } from "./kernel.js";

// ---------------------------------------------------------------------------------------------- elements
export function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

export function testid(node, id) {
  node.dataset.testid = id;
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  return node;
}

// How every view names seat p (0-based), in the words of the Python side's games.core.decision.seat_label: the one
// place the front end makes a seat's name.
export function seatLabel(p) {
  return `Player ${p + 1}`;
}

export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// Dark or light ink on a "#rrggbb" background.
export function inkOn(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!m) return "#111";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#111" : "#fff";
}

// ---------------------------------------------------------------------------------------------- intents
// Make `node` send {intent, ...args} when clicked (or Enter / Space when focused).
export function clickable(node, intent, args, title) {
  node.dataset.intent = intent;
  const data = args || {};
  if (Object.keys(data).length) node.dataset.args = JSON.stringify(data);
  for (const [k, v] of Object.entries(data)) if (v !== null && v !== undefined) node.dataset[k] = String(v);
  node.classList.add("bg-clickable");
  if (node.tagName !== "BUTTON" && node.tagName !== "INPUT") {
    node.tabIndex = 0;
    node.setAttribute("role", "button");
  }
  if (title) node.title = title;
  return node;
}

// A board node that names an action of the pending decision. A legal one is a highlighted choice (data-legal="true",
// bg-choice); one the rules refuse now still sends its action (data-legal="false", bg-try, not highlighted), so a
// click brings Python's reason into the message line. A node that names no action is not made clickable at all.
export function offer(node, action, legal, title) {
  clickable(node, "act", { action }, legal ? title : `${title || action} (not possible now: click to see why)`);
  node.dataset.legal = legal ? "true" : "false";
  node.classList.add(legal ? "bg-choice" : "bg-try");
  return node;
}

// A button that sends an intent; `act` buttons are the legal actions of the pending decision.
export function button(label, id, intent, args, opts) {
  const o = opts || {};
  const node = testid(make("button", `bg-button ${o.className || ""}`.trim(), label), id);
  node.type = "button";
  clickable(node, intent, args, o.title);
  node.classList.remove("bg-clickable");
  if (o.title) node.setAttribute("aria-label", o.title);
  if (o.disabled) node.disabled = true;
  return node;
}

export function intentOf(node) {
  const args = node.dataset.args ? JSON.parse(node.dataset.args) : {};
  return { ...args, intent: node.dataset.intent };
}

// ---------------------------------------------------------------------------------------------- the view loop
// What a view says once its kernel is gone: clicks cannot reach Python any more.
export const LOST_KERNEL = "This view has lost its Python kernel (it was restarted or shut down): clicks cannot reach " +
  "the game any more. Run this cell again (or Run All) for a live view.";
// ... and on a play page (a box with class bg-play-page, widgets/shared/play.py), where there is no cell to run.
export const LOST_KERNEL_PAGE = "This page has lost its Python kernel (the server restarted or stopped it, or the " +
  "connection dropped): clicks cannot reach the game any more. Reload the page for a new game.";

function pageWindow() {
  return typeof window === "undefined" || !window.requestAnimationFrame ? null : window;
}

// The ancestors of `node` that clip what is shown of it (overflow not visible): the notebook's scrolling panel and
// the output areas in JupyterLab, none in a plain page.
function clippers(node) {
  const out = [];
  for (let n = node.parentElement; n && n !== document.body; n = n.parentElement) {
    const style = window.getComputedStyle(n);
    if (style.overflowY !== "visible" || style.overflowX !== "visible") out.push(n);
  }
  return out;
}

// The part of the window the page shows `node` in: [top, bottom] in viewport pixels.
function shownBand(ancestors) {
  let top = 0;
  let bottom = window.innerHeight;
  for (const a of ancestors) {
    const r = a.getBoundingClientRect();
    top = Math.max(top, r.top);
    bottom = Math.min(bottom, r.bottom);
  }
  return [top, bottom];
}

// Keep the view's action bar (.bg-bar) at the top of the shown band while the view is on screen: a sticky bar that
// works inside notebook output areas too (they clip, so CSS sticky does not). The bar keeps its place in the layout
// and only moves by a transform, so nothing else on the page moves. Returns [place, cleanup].
function keepBarInView(root) {
  const win = pageWindow();
  if (!win) return [() => {}, () => {}];
  let ancestors = null;
  let shift = 0;
  let frame = 0;
  const place = () => {
    frame = 0;
    const bar = root.querySelector(":scope > .bg-bar");
    if (!bar || !root.isConnected) return;
    ancestors = ancestors || clippers(root);
    const [top] = shownBand(ancestors);
    const box = root.getBoundingClientRect();
    const b = bar.getBoundingClientRect();
    const natural = b.top - shift;
    shift = Math.max(0, Math.min(top - natural, box.bottom - natural - b.height));
    bar.style.transform = shift ? `translateY(${shift}px)` : "";
    bar.classList.toggle("bg-bar--floating", shift > 0);
  };
  const later = () => { if (!frame) frame = win.requestAnimationFrame(place); };
  document.addEventListener("scroll", later, { capture: true, passive: true });
  win.addEventListener("resize", later);
  return [() => { shift = 0; place(); }, () => {
    document.removeEventListener("scroll", later, { capture: true });
    win.removeEventListener("resize", later);
    if (frame) win.cancelAnimationFrame(frame);
  }];
}

// The highlighted choices of a view (board nodes and selections, not the bar's own buttons).
function choicesOf(root) {
  return [...root.querySelectorAll(".bg-choice, [data-select]")].filter((n) => !n.closest(".bg-bar, [data-list]"));
}

// Scroll the first choice into view, unless one is shown already (`always`: the "show choices" button).
function showChoices(root, always) {
  const win = pageWindow();
  const choices = choicesOf(root);
  if (!win || !choices.length) return false;
  const [top, bottom] = shownBand(clippers(root));
  const bar = root.querySelector(":scope > .bg-bar");
  const below = bar ? bar.getBoundingClientRect().bottom : top;
  const seen = choices.some((n) => { const r = n.getBoundingClientRect(); return r.bottom > below && r.top < bottom; });
  if (seen && !always) return false;
  choices[0].scrollIntoView({ block: "center", inline: "nearest" });
  return true;
}

// mount({model, el}, {name, id, traits, draw, onClick}):
//   draw(model) returns the view's parts (nodes, nulls skipped); it runs once per sync message however many of
//   `traits` it sets; the node that had focus (by test id) keeps it; a click or Enter/Space on a [data-intent] node
//   sends its intent, unless onClick(node, event) handles it and returns true. A part with class bg-bar (the action
//   bar) stays in view while the view is on screen; after an answer to a click, when none of the highlighted choices
//   is on screen, the first is scrolled into view; where the pointer rests (on the board below the bar or not) decides
//   when a new decision's bar may shrink (keepTallest). A view whose kernel is gone (a send fails with "Cannot send",
//   the comm closes, the kernel restarts or is shut down, the widget manager marks the view disconnected) says so in
//   its message line, disables its tools and takes no more clicks. Returns anywidget's cleanup.
export function mount({ model, el }, spec) {
  const root = testid(make("div", `bg-root ${spec.className || ""}`.trim()), spec.id || `${spec.name}-root`);
  root.dataset.view = spec.name;
  let lost = "";
  let answered = false;  // the next redraw answers a click of ours
  let draw = () => {};
  const loseKernel = (why) => {
    if (lost) return;
    lost = why || "lost";
    draw();
  };
  const send = (msg) => {
    if (lost) return;
    try {
      model.send(msg);
      answered = true;
    } catch (err) {  // "Cannot send": the kernel behind the comm is gone
      loseKernel(String((err && err.message) || err));
    }
  };
  const view = { ...model, send };
  const [placeBar, dropBar] = keepBarInView(root);
  // Whether the pointer rests on the board below the action bar: a new decision's bar waits to shrink until it leaves.
  const onPointer = (event) => {
    const marks = barParts.get(view);
    if (!marks) return;
    const bar = root.querySelector(":scope > .bg-bar");
    const t = event.target;
    marks.onBoard = event.type !== "pointerleave" && !!bar && t instanceof Element && !bar.contains(t)
      && !!(bar.compareDocumentPosition(t) & 4);  // 4: Node.DOCUMENT_POSITION_FOLLOWING, below the bar
    if (shrinkBar(marks)) placeBar();
  };

  const markLost = () => {
    root.classList.add("bg-root--lost");
    root.dataset.lost = lost;
    for (const node of root.querySelectorAll("button, input, select")) node.disabled = true;
    for (const node of root.querySelectorAll("[data-intent], [data-select]")) node.setAttribute("aria-disabled", "true");
    const line = root.querySelector(".bg-message");
    if (line) {
      line.textContent = el.closest && el.closest(".bg-play-page") ? LOST_KERNEL_PAGE : LOST_KERNEL;
      line.classList.remove("bg-message--info");
      line.classList.add("bg-message--error", "bg-message--lost");
    }
  };

  draw = () => {
    const active = document.activeElement;
    const focused = active && root.contains(active) ? active.dataset.testid : null;
    root.replaceChildren(...spec.draw(view, root).filter(Boolean));
    if (lost) markLost();
    if (focused) root.querySelector(`[data-testid="${focused}"]`)?.focus();  // keep keyboard users in place
    const goto = root.querySelector(".bg-bar [data-goto]");
    if (goto && !choicesOf(root).length) goto.classList.add("bg-goto--none");  // the choices are the bar's buttons
    placeBar();
    if (answered && !lost) {
      answered = false;
      showChoices(root, false);
    }
  };

  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };

  const target = (event) => {
    const node = event.target instanceof Element
      ? event.target.closest("[data-intent], [data-select], [data-goto]") : null;
    return node && root.contains(node) && !node.disabled ? node : null;
  };
  const activate = (node, event) => {
    if (lost) return;
    if (node.dataset.goto) {
      showChoices(root, true);
      return;
    }
    if (spec.onClick && spec.onClick(node, event, draw)) return;
    if (node.dataset.intent) send(intentOf(node));
  };
  const onClick = (event) => {
    const node = target(event);
    if (node) activate(node, event);
  };
  const onKey = (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = target(event);
    if (!node || node.tagName === "BUTTON" || node.tagName === "INPUT") return;  // buttons click themselves
    event.preventDefault();
    activate(node, event);
  };
  const unwatch = watchKernel(model, el, loseKernel);

  for (const name of spec.traits) model.on(`change:${name}`, schedule);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("pointerover", onPointer);
  root.addEventListener("pointerleave", onPointer);
  draw();
  el.append(root);
  placeBar();

  return () => {
    for (const name of spec.traits) model.off(`change:${name}`, schedule);
    unwatch();
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("pointerover", onPointer);
    root.removeEventListener("pointerleave", onPointer);
    dropBar();
    root.remove();
  };
}

// The traits every view syncs besides its own.
export const MESSAGE_TRAITS = ["message", "message_kind", "message_seq"];
// ... and every table.
export const TABLE_TRAITS = ["catalog", "status", "events", "coach", ...MESSAGE_TRAITS];
