// The front-end runtime every view shares (composed into each view's module by widgets/shared/frontend.py).
// Views draw the synced state and send intents; the rules stay in Python. One message protocol for every view:
// {intent: "<name>", ...arguments}, e.g. {intent: "act", action: "plot 14"}, {intent: "marker", space: 3}.
// A clickable node carries its intent in data-intent and its arguments in data-args (JSON), and each argument also
// as a plain data-<name> attribute for tests and styles to select on.

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

// ---------------------------------------------------------------------------------------------- common parts
export function banner(text, id) {
  return text ? testid(make("div", "bg-banner", `⚠️ ${text}`), id) : null;
}

// The answer to the last intent: info or error, with role=status so screen readers hear it.
export function messageLine(model, id) {
  const node = testid(make("div", "bg-message", model.get("message")), id);
  node.classList.add(model.get("message_kind") === "error" ? "bg-message--error" : "bg-message--info");
  node.dataset.seq = String(model.get("message_seq") || 0);
  node.setAttribute("role", "status");
  return node;
}

// The decision the game waits for, in words.
export function promptLine(status, id, detail) {
  const head = make("div", "bg-head");
  const prompt = testid(make("div", "bg-prompt", status.prompt), id);
  if (status.your_turn) prompt.classList.add("bg-prompt--yours");
  if (status.over) prompt.classList.add("bg-prompt--over");
  head.append(prompt);
  if (detail) head.append(detail);
  return head;
}

// next / play to end / a round / undo / reset, as a table's status allows them. opts: {rounds: the game has rounds,
// toEnd: "play to end" for the human too (always in watch mode)}.
export function tools(status, catalog, prefix, opts) {
  const o = opts || {};
  const bar = make("div", "bg-tools");
  const watch = catalog.human === null || catalog.human === undefined;
  if (status.live && !status.over && status.bot_to_move) {
    bar.append(button(watch ? "next" : "bots move", `${prefix}-next`, "next", null,
      { title: watch ? "One decision by the bot to move" : "The bots play until it is your decision" }));
  }
  if ((watch || o.toEnd) && status.live && !status.over) {
    bar.append(button("play to end", `${prefix}-play-to-end`, "play_to_end", null,
      { title: watch ? "The bots play every seat to the end of the game"
        : "A bot plays your seat too, to the end of the game" }));
  }
  if (o.rounds && status.live && !status.over) {
    bar.append(button("play a round", `${prefix}-play-round`, "play_rounds", { rounds: 1 },
      { title: "Bots play every seat, yours included, to the next round" }));
  }
  bar.append(button("undo", `${prefix}-undo`, "undo", null, {
    title: watch ? "Take back the last decision" : "Back to your previous decision (the bots' moves since go too)",
    disabled: !status.steps,
  }));
  bar.append(button("reset", `${prefix}-reset`, "reset", null,
    { title: "Start this game again from the beginning", className: "bg-button--warn" }));
  return bar;
}

// The time-travel slider over the steps of the game; looking back is read-only.
export function timeTravel(status, model, prefix) {
  const box = testid(make("div", "bg-time"), `${prefix}-time`);
  const label = testid(make("span", "bg-steplabel"), `${prefix}-step-label`);
  const say = (v) => { label.textContent = `step ${v} of ${status.steps}`; };
  const slider = testid(make("input", "bg-slider"), `${prefix}-slider`);
  slider.type = "range";
  slider.min = "0";
  slider.max = String(status.steps || 0);
  slider.value = String(status.view ?? status.steps ?? 0);
  slider.disabled = !status.steps;
  slider.setAttribute("aria-label", "time travel: step shown");
  slider.addEventListener("input", () => say(slider.value));
  slider.addEventListener("change", () => model.send({ intent: "view_step", step: Number(slider.value) }));
  say(slider.value);
  box.append(make("span", "bg-label", "time travel"), slider, label);
  if (!status.live) {
    box.append(testid(make("span", "bg-past", "looking back: read-only"), `${prefix}-past`),
      button("back to the present", `${prefix}-live`, "view_step", { step: null }));
  }
  return box;
}

// The event log: [step, text, rule id]; the rule's words and its section come from catalog.rules (id -> [index in
// catalog.sections, words]).
export function eventLog(events, catalog, prefix) {
  const rules = catalog.rules || {};
  const sections = catalog.sections || [];
  const box = make("details", "bg-eventbox");
  box.open = true;
  box.append(make("summary", "bg-label", `event log (${events.length})`));
  const list = testid(make("ol", "bg-events"), `${prefix}-events`);
  for (const [step, text, rule] of events) {
    const item = testid(make("li", "bg-event"), `${prefix}-event`);
    item.append(make("span", "bg-event-step", step < 0 ? "setup" : `step ${step + 1}`),
      make("span", "bg-event-text", text));
    if (rule) {
      const [index, words] = rules[rule] || [-1, ""];
      const section = sections[index] || "";
      const tag = make("span", "bg-rule", rule);
      tag.title = [section, words].filter(Boolean).join(": ");
      item.append(tag);
      if (section) item.append(make("span", "bg-section", section));
    }
    list.append(item);
  }
  box.append(list);
  return box;
}

// ---------------------------------------------------------------------------------------------- the view loop
// mount({model, el}, {name, id, traits, draw, onClick}):
//   draw(model) returns the view's parts (nodes, nulls skipped); it runs once per sync message however many of
//   `traits` it sets; the node that had focus (by test id) keeps it; a click or Enter/Space on a [data-intent] node
//   sends its intent, unless onClick(node, event) handles it and returns true. Returns anywidget's cleanup.
export function mount({ model, el }, spec) {
  const root = testid(make("div", `bg-root ${spec.className || ""}`.trim()), spec.id || `${spec.name}-root`);
  root.dataset.view = spec.name;

  const draw = () => {
    const active = document.activeElement;
    const focused = active && root.contains(active) ? active.dataset.testid : null;
    root.replaceChildren(...spec.draw(model, root).filter(Boolean));
    if (focused) root.querySelector(`[data-testid="${focused}"]`)?.focus();  // keep keyboard users in place
  };

  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };

  const target = (event) => {
    const node = event.target instanceof Element ? event.target.closest("[data-intent], [data-select]") : null;
    return node && root.contains(node) && !node.disabled ? node : null;
  };
  const activate = (node, event) => {
    if (spec.onClick && spec.onClick(node, event, draw)) return;
    if (node.dataset.intent) model.send(intentOf(node));
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

  for (const name of spec.traits) model.on(`change:${name}`, schedule);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  draw();
  el.append(root);

  return () => {
    for (const name of spec.traits) model.off(`change:${name}`, schedule);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

// The traits every view syncs besides its own.
export const MESSAGE_TRAITS = ["message", "message_kind", "message_seq"];
// ... and every table.
export const TABLE_TRAITS = ["catalog", "status", "events", ...MESSAGE_TRAITS];
