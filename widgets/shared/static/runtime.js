// The front-end runtime every view shares (composed into each view's module by widgets/shared/frontend.py).
// Views draw the synced state and send intents; the rules stay in Python. One message protocol for every view:
// {intent: "<name>", ...arguments}, e.g. {intent: "act", action: "plot 14"}, {intent: "marker", space: 3}.
// A clickable node carries its intent in data-intent and its arguments in data-args (JSON), and each argument also
// as a plain data-<name> attribute for tests and styles to select on.

import { barMarks, barParts, keepTallest, noteDecision, shrinkBar } from "./bar_room.js";
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
  const undoReset = status.undo === "reset";
  bar.append(button(undoReset ? "undo reset" : "undo", `${prefix}-undo`, "undo", null, {
    title: undoReset ? "Bring back the game as it was before the reset"
      : watch ? "Take back the last decision" : "Back to your previous decision (the bots' moves since go too)",
    disabled: !(status.undo === undefined ? status.steps : status.undo),
  }));
  bar.append(button("reset", `${prefix}-reset`, "reset", null,
    { title: "Start this game again from the beginning (undo brings your game back)", className: "bg-button--warn" }));
  if (!watch && status.live) {
    bar.append(button("hint", `${prefix}-hint`, "hint", null, {
      title: "The search bot's best few choices for your decision, with why (from what your seat may see)",
      disabled: !status.your_turn,
    }), button("review", `${prefix}-review`, "review", null, {
      title: "Your decisions so far that the search rates far below its choice", disabled: !status.steps,
    }));
  }
  return bar;
}

// The board places that stand for `action` (nodes that send it, or name it among theirs in data-actions, a JSON
// list: a two-part choice's first click), outside the bar and the text list.
export function placesOf(root, action) {
  if (!root) return [];
  return [...root.querySelectorAll("[data-action], [data-actions]")].filter((n) => !n.closest(".bg-bar, [data-list]")
    && (n.dataset.action === action || (n.dataset.actions && JSON.parse(n.dataset.actions).includes(action))));
}

// While `node` (a hint's button) is hovered or focused, its action's places on the board are marked (bg-hinted).
function pointsAt(node, action) {
  const mark = (on) => {
    for (const place of placesOf(node.closest(".bg-root"), action)) place.classList.toggle("bg-hinted", on);
  };
  node.addEventListener("mouseenter", () => mark(true));
  node.addEventListener("mouseleave", () => mark(false));
  node.addEventListener("focus", () => mark(true));
  node.addEventListener("blur", () => mark(false));
  return node;
}

// The coach's answer under the action bar: while the search runs, a progress bar (and, for a review, the time left
// and 'cancel'); then the hints for the decision shown (each: play it; hovered, its place on the board is marked) or
// the review of the learner's own decisions (each: look at the game just after it). One answer at a time (a new one
// replaces it), in a box of limited height that scrolls; folded to its head line once the game has moved past the
// step it was asked at; 'close' puts it away.
export function coachPanel(model, status, prefix) {
  const coach = model.get("coach") || {};
  const box = testid(make("div", "bg-coach"), `${prefix}-coach`);
  if (coach.busy) {
    const bar = testid(make("progress", "bg-coach-progress"), `${prefix}-coach-progress`);
    bar.max = 1;
    bar.value = coach.progress || 0;
    const review = coach.busy === "review";
    const line = make("div", "bg-coach-line");
    line.append(make("span", "bg-label", review ? "reviewing your decisions" : "searching for a hint"), bar);
    if (review) {
      const left = coach.eta === undefined ? "" : `about ${coach.eta} s left; `;
      line.append(testid(make("span", "bg-coach-eta", `${Math.round(100 * (coach.progress || 0))} %, ${left}the ` +
        "table stays usable"), `${prefix}-coach-eta`),
      button("cancel", `${prefix}-coach-cancel`, "coach_cancel", null,
        { className: "bg-button--small", title: "Stop the review (nothing else changes)" }));
    }
    box.append(line);
    return box;
  }
  if (!coach.hints && !coach.review) return box;
  // Kept until closed (a click on the board must not take the bar's lines away and move the board), folded once
  // the game is past the step they were asked for; an earlier hint can no longer be played.
  const earlier = !status.live || coach.step !== status.steps;
  const pct = (x) => `${Math.round(100 * x)} %`;
  const fold = testid(make("details", "bg-coach-fold"), `${prefix}-coach-fold`);
  fold.open = !earlier;
  const summary = make("summary", "bg-coach-line bg-coach-head");
  const title = coach.hints ? "hints (chance of a win after it)"
    : `review: ${coach.review.length} of your ${coach.decisions} decisions clearly below the search's choice`;
  summary.append(make("span", "bg-label", earlier ? `${title}, asked at step ${coach.step} (earlier)` : title),
    button("close", `${prefix}-coach-close`, "coach_close", null,
      { className: "bg-button--small", title: "Put the hints or review away" }));
  const list = testid(make("div", "bg-coach-list"), `${prefix}-coach-list`);
  if (earlier) box.classList.add("bg-coach--earlier");
  if (coach.hints) {
    coach.hints.forEach((h, k) => {
      const words = h.words || h.action;  // the table's words for the choice (its places named as the board does)
      const line = testid(make("div", "bg-coach-line"), `${prefix}-hint-${k}`);
      const play = pointsAt(button(words, `${prefix}-hint-play-${k}`, "act", { action: h.action },
        { className: "bg-button--action", title: earlier ? "An earlier decision's hint" : `Play: ${words}`,
          disabled: earlier }), h.action);
      // a decision with one legal choice has no chance to weigh: said so, never "0 %"
      const chance = h.chance === null || h.chance === undefined ? "the only choice" : pct(h.chance);
      line.append(play, make("span", "bg-coach-chance", chance), make("span", "bg-coach-reason", h.reason));
      list.append(line);
    });
  } else {
    coach.review.forEach((m, k) => {
      const look = m.look ?? m.step + 1;
      const line = testid(make("div", "bg-coach-line"), `${prefix}-review-${k}`);
      line.append(button("look", `${prefix}-review-look-${k}`, "view_step", { step: look },
        { title: `Show the game just after your decision of step ${look} (one step back: the position you decided in)` }),
        make("span", "bg-coach-step", `step ${look}: you played ${m.played_words || m.played} (${pct(m.played_chance)})` +
          (m.played_reason ? `: ${m.played_reason}` : "")),
        make("span", "bg-coach-reason", `better: ${m.best_words || m.best} (${pct(m.best_chance)}): ${m.reason}`));
      list.append(line);
    });
  }
  fold.append(summary, list);
  box.append(fold);
  return box;
}

// The action bar of a table: the decision (prompt and the table's detail line) with the tools beside it, its choices
// (buttons, hints), and the message line, together. mount keeps it at the top of the view while the view is on
// screen, and "show choices" scrolls the first highlighted choice on the board into view. The prompt and the choices
// are shown whole (at least `rows` rows of choices, 1 unless a table needs more) and do not shrink while one decision
// lasts (keepTallest); the message line has a fixed height. opts: {detail, choices: nodes, rows, tools: tools' opts}.
export function actionBar(model, status, catalog, prefix, opts) {
  const o = opts || {};
  const bar = testid(make("section", "bg-bar"), `${prefix}-bar`);
  const top = make("div", "bg-bar-top");
  const right = make("div", "bg-tools-box");
  if (status.live && status.your_turn) {
    const goto = testid(make("button", "bg-button bg-goto", "show choices ↓"), `${prefix}-goto`);
    goto.type = "button";
    goto.dataset.goto = "choices";
    goto.title = "Scroll to the highlighted choices on the board";
    right.append(goto);
  }
  right.append(tools(status, catalog, prefix, o.tools));
  if ((model.get("coach") || {}).busy === "review") {  // the coach's buttons say why they wait
    for (const id of ["hint", "review"]) {
      const node = right.querySelector(`[data-testid="${prefix}-${id}"]`);
      if (node) node.title = "Waits for the review running below: let it finish or click 'cancel'";
    }
  }
  top.append(promptLine(status, `${prefix}-prompt`, o.detail), right);
  const choices = testid(make("div", "bg-actions"), `${prefix}-controls`);
  choices.style.setProperty("--bg-choice-rows", String(o.rows || 1));
  choices.append(...(o.choices || []).filter(Boolean));
  const coach = coachPanel(model, status, prefix);
  const marks = barMarks(model);
  noteDecision(marks, status);
  if (shrinkBar(marks)) marks.nodes = {};  // a new decision: this drawing takes the height its content needs
  if (!coach.childElementCount) marks.tallest.coach = 0;  // closed: its room goes with it
  bar.append(keepTallest(model, "top", top), keepTallest(model, "choices", choices),
    // the coach's answer keeps its room when it folds (the game moved on) until it is closed
    messageLine(model, `${prefix}-message`), coach.childElementCount ? keepTallest(model, "coach", coach) : coach);
  return bar;
}

// "every legal action as text": the same choices the board and the buttons offer, as a list folded away
// (data-list marks it, so the every-choice check does not count it as a way to click a choice).
export function legalList(status, prefix, label) {
  const legal = status.legal || [];
  const choices = status.choices || {};
  const words = Object.fromEntries((choices.each || []).map((c) => [c.action, c.words || (choices.looks || {})[c.look]]));
  label = label || ((action) => words[action] || action);
  const box = testid(make("details", "bg-legal"), `${prefix}-legal`);
  box.dataset.list = "legal";
  box.append(make("summary", "bg-label bg-legal-summary", `every legal action as text (${legal.length})`));
  const list = make("div", "bg-legal-list");
  for (const action of legal) {
    list.append(button(label ? label(action) : action, `${prefix}-legal-${action.replace(/ /g, "-")}`, "act",
      { action }, { className: "bg-button--small" }));
  }
  box.append(list);
  return box;
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
  // Drawn in the present too, hidden, so that entering or leaving "looking back" moves nothing on the page.
  const past = testid(make("span", "bg-past", "looking back: read-only"), `${prefix}-past`);
  const live = button("back to the present", `${prefix}-live`, "view_step", { step: null });
  if (status.live) {
    box.classList.add("bg-time--live");
    past.setAttribute("aria-hidden", "true");
    live.disabled = true;
  }
  box.append(past, live);
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

// A table's own status fields (status.game): every table's status has the driver's fields and this one sub-object.
export function gameStatus(status) {
  return (status && status.game) || {};
}

// ---------------------------------------------------------------------------------------------- choices
// The human's choices (status.choices, from Python: widgets/shared/choices.py) narrowed by the board places clicked
// so far (`picks`, kept by the view and never sent). Returns {picks, place(id), buttons, hint}: place(id) is null (the
// place names nothing now), {action, legal, title, look, mark} (a click sends that action: legal, or one the rules
// refuse now, after the places picked so far or as a first click, so that Python says why) or {select, depth, selected, title, look, mark, actions} (a click narrows the
// choices: pickPlaces); buttons are the choices complete without another place (the action bar's); hint the line
// to show. Nothing here knows a verb: every action text and its words come from Python.
export function choose(status, picks) {
  const c = (status.live && status.your_turn && status.choices) || {};
  const looks = c.looks || {};
  // left out in the message: no places (a button); words: the look's words, else the action text itself
  const each = (c.each || []).map((x) => ({ ...x, places: x.places || [], words: x.words || looks[x.look] || x.action }));
  const selects = c.selects || {};
  const starts = (choice, path) => path.every((p, k) => choice.places[k] === p);
  let path = picks || [];
  // the picks stay while they still lead somewhere: to a choice of more places, or (a place that narrows the
  // choices, such as a joker) to choices complete there; after the game moved on they go
  const leads = (x) => starts(x, path) && (x.places.length > path.length || !!selects[path[path.length - 1]]);
  if (path.length && !each.some(leads)) path = [];
  if (!path.length && c.auto) {  // a lone first place of the choices of several places is picked by itself
    const firsts = new Set(each.filter((x) => x.places.length > 1).map((x) => x.places[0]));
    if (firsts.size === 1) path = [...firsts];
  }
  const fits = each.filter((x) => starts(x, path));
  const at = (id, from, depth) => {
    const next = from.filter((x) => x.places[depth] === id);
    if (!next.length) return null;
    const one = next[0];
    if (next.length === 1 && one.places.length === depth + 1) {
      return { action: one.action, legal: true, words: one.words, title: one.title || one.words,
        look: one.look || (depth ? "target" : ""), mark: one.mark || "" };
    }
    const s = selects[id] || { title: one.words };
    return { select: id, depth, selected: false, title: s.title, look: s.look || "", mark: s.mark || "",
      actions: next.map((x) => x.action) };
  };
  const place = (id) => {
    const k = path.indexOf(id);
    if (k >= 0) {
      const s = selects[id] || {};
      return { select: id, depth: k, selected: true, title: s.title || id, look: s.look || "", mark: s.mark || "",
        actions: fits.map((x) => x.action) };
    }
    const spec = at(id, fits, path.length) || (path.length ? at(id, each, 0) : null);
    if (spec) return spec;
    // refused now: after the places picked so far (a taken position once a card is picked), or as a first click
    const after = path.length ? ((c.tries_after || {})[path[path.length - 1]] || {})[id] : undefined;
    const tried = after || (c.tries || {})[id];
    return tried ? { action: tried, legal: false, look: "try", title: (c.try_words || {})[id.split(":")[0]] || "" }
      : null;
  };
  const complete = path.length ? fits.filter((x) => x.places.length === path.length) : [];
  const buttons = [...complete, ...each.filter((x) => !x.places.length || x.button)];
  const last = path.length ? selects[path[path.length - 1]] : null;
  return { picks: path, place, buttons, hint: last ? last.hint || "" : c.hint || "" };
}

// mount's onClick for a view whose choices take more than one place (choose): a click on a [data-select] node adds
// its place to the picks (after those of lower depth), or, when already picked, lets it and the later ones go; then
// the view redraws. `read`/`write` keep the picks.
export function pickPlaces(read, write) {
  return (node, _event, redraw) => {
    const key = node.dataset.select;
    if (!key) return false;
    const picks = read() || [];
    const k = picks.indexOf(key);
    write(k >= 0 ? picks.slice(0, k) : [...picks.slice(0, Number(node.dataset.depth || 0)), key]);
    redraw();
    return true;
  };
}

// A board node as choose's place(id) spec says: an action it sends (the runtime's offer) or a place that narrows the
// choices (data-select, data-depth; data-actions lists the actions it leads to, for a hovered hint). Returns the node.
// A spec with its own intent ({intent, args, title}: a sandbox's place) sends that instead of an action.
export function drawPlace(node, spec) {
  if (!spec) return node;
  if (spec.intent) {
    clickable(node, spec.intent, spec.args, spec.title);
    node.classList.add("bg-choice");
    return node;
  }
  if (spec.select) {
    node.dataset.select = spec.select;
    node.dataset.depth = String(spec.depth || 0);
    if (spec.actions) node.dataset.actions = JSON.stringify(spec.actions);
    if (node.tagName !== "BUTTON") {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    }
    if (spec.selected) node.classList.add("bg-selected");
    return node;
  }
  return offer(node, spec.action, spec.legal, spec.title);
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
