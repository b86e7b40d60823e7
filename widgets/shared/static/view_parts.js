// The parts a view is built of, from the runtime's elements (runtime.js): the banner, the message and prompt
// lines, the tools, the coach's panel, the action bar, the legal list, time travel and the event log.

import { barMarks, keepTallest, noteDecision, shrinkBar } from "./bar_room.js";
import { button, make, offer, testid } from "./runtime.js";

export function banner(text, id) {
  return text ? testid(make("div", "bg-banner", `⚠️ ${text}`), id) : null;
}

// A link to a report page the kernel wrote (`href`, relative to the notebook), opened in a new tab; `id` is its
// class and its test id.
export function reportLink(href, id) {
  const link = testid(make("a", id, `open the report (${href})`), id);
  link.href = href;
  link.target = "_blank";
  link.rel = "noopener";
  return link;
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
