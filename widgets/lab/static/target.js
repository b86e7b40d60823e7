// The design lab's Target tab (widgets.lab.target.TargetPanel): goals, the parameters to vary, a budget; Run and
// Stop; a live chart per goal (every candidate tried, the best so far, the goal's band); the candidates with their
// intervals and the confirmation on fresh games. It draws what Python sends and sends intents: {intent: "goal",
// text}, {intent: "remove_goal", index}, {intent: "weight", index, weight}, {intent: "vary", parameter, values},
// {intent: "unvary", parameter}, {intent: "budget", games}, {intent: "confirm", games}, {intent: "method", name},
// {intent: "load", text}, {intent: "run"}, {intent: "stop"}, {intent: "use_best"}, {intent: "report"}.

import { MESSAGE_TRAITS, button, make, mount, svg, testid } from "../../shared/static/runtime.js";
import { messageLine, reportLink } from "../../shared/static/view_parts.js";

// Keys typed into a field are the field's, not JupyterLab's notebook shortcuts.
function quiet(node) {
  node.dataset.lmSuppressShortcuts = "true";
  node.addEventListener("keydown", (event) => event.stopPropagation());
  return node;
}

function input(id, value, placeholder, label, onCommit, list) {
  const node = quiet(testid(make("input", "lab-ed-input lab-tg-input"), id));
  node.type = "text";
  node.value = value === undefined || value === null ? "" : String(value);
  node.spellcheck = false;
  if (placeholder) node.placeholder = placeholder;
  node.setAttribute("aria-label", label);
  if (list) node.setAttribute("list", list);
  if (onCommit) {
    node.addEventListener("keydown", (event) => { if (event.key === "Enter") onCommit(node.value); });
  }
  return node;
}

function datalist(id, names) {
  const list = make("datalist");
  list.id = id;
  for (const name of names) {
    const option = make("option");
    option.value = name;
    list.append(option);
  }
  return list;
}

function section(title, id, ...children) {
  const box = testid(make("section", "lab-tg-section"), id);
  box.append(make("h4", "lab-tg-title", title), ...children.filter(Boolean));
  return box;
}

// ---------------------------------------------------------------------------------------------- the target
function goals(state, send, uid) {
  const list = testid(make("ul", "lab-tg-goals"), "lab-tg-goals");
  (state.goals || []).forEach((goal, i) => {
    const item = testid(make("li", goal.problem ? "lab-tg-goal lab-tg-goal--problem" : "lab-tg-goal"),
      `lab-tg-goal-${i}`);
    const weight = input(`lab-tg-weight-${i}`, goal.weight, "", `the weight of the goal on ${goal.metric || i}`, null);
    weight.classList.add("lab-tg-weight");
    weight.addEventListener("change", () => send({ intent: "weight", index: i, weight: Number(weight.value) }));
    weight.addEventListener("keydown", (event) => { if (event.key === "Enter") weight.blur(); });
    item.append(make("b", null, goal.text), make("span", "bg-muted", goal.problem || goal.words || ""),
      make("span", "bg-muted", "weight"), weight,
      button("✕", `lab-tg-remove-goal-${i}`, "remove_goal", { index: i },
        { className: "bg-button--small", title: "remove this goal", disabled: state.running }));
    list.append(item);
  });
  const add = input("lab-tg-goal-input", "", "turns in 55..65", "a new goal",
    (text) => send({ intent: "goal", text }), `${uid}-metrics`);
  add.classList.add("lab-tg-wide");
  const row = make("div", "lab-tg-add");
  row.append(add, button("add goal", "lab-tg-add-goal", "goal", {}, { className: "bg-button--small",
    disabled: state.running }), datalist(`${uid}-metrics`, (state.metrics || []).map((m) => m.name)));
  const hint = make("div", "bg-muted lab-tg-hint",
    "turns in 55..65 · first_player_advantage within ±3 % · skill_gap >= 0.15 · spread_last <= 8 · drama up");
  return section("Goals", "lab-tg-goals-box", list.children.length ? list : make("div", "bg-none", "No goal yet."),
    row, hint);
}

function space(state, send, uid) {
  const list = testid(make("ul", "lab-tg-space"), "lab-tg-space");
  (state.space || []).forEach((dim) => {
    const item = testid(make("li", "lab-tg-dim"), `lab-tg-dim-${dim.parameter}`);
    item.append(make("b", null, dim.parameter), make("span", null, dim.values),
      button("✕", `lab-tg-unvary-${dim.parameter}`, "unvary", { parameter: dim.parameter },
        { className: "bg-button--small", title: "keep the baseline's value", disabled: state.running }));
    list.append(item);
  });
  const parameter = input("lab-tg-parameter", "", "points_to_win", "the parameter to vary", null, `${uid}-params`);
  const values = input("lab-tg-values", "", "6..14   or   2, 3, 4   or   scale 0.75, 1, 1.25", "its values",
    (text) => send({ intent: "vary", parameter: parameter.value, values: text }));
  values.classList.add("lab-tg-wide");
  const row = make("div", "lab-tg-add");
  row.append(parameter, values, button("vary", "lab-tg-vary", "vary", {}, { className: "bg-button--small",
    disabled: state.running }), datalist(`${uid}-params`, state.parameters || []));
  const size = testid(make("div", "bg-muted", state.size ? `${state.size.toLocaleString("en")} candidates` :
    (state.problem || "")), "lab-tg-size");
  return section("Parameters to vary", "lab-tg-space-box",
    list.children.length ? list : make("div", "bg-none", "No parameter varied yet."), row, size);
}

// A whole number typed into a field, sent once when committed (Enter, or leaving the field changed); an empty field
// sends nothing (the confirmation's "auto" stays).
function numberField(id, value, placeholder, label, intent, send) {
  const field = input(id, value, placeholder, label, null);
  const commit = () => {
    if (field.value.trim() === "" || field.value === String(value)) return;
    send({ intent, games: Math.round(Number(field.value)) });
  };
  field.addEventListener("change", commit);
  field.addEventListener("keydown", (event) => { if (event.key === "Enter") field.blur(); });
  return field;
}

function budget(state, send) {
  const games = numberField("lab-tg-budget", state.budget, "600", "the games the search may play", "budget", send);
  const confirm = numberField("lab-tg-confirm", state.confirm || "", "auto", "the games of the confirmation",
    "confirm", send);
  const method = quiet(testid(make("select", "lab-ed-select"), "lab-tg-method"));
  for (const name of state.methods || []) {
    const option = make("option", null, name);
    option.value = name;
    method.append(option);
  }
  method.value = state.method;
  method.setAttribute("aria-label", "the search");
  method.addEventListener("change", () => send({ intent: "method", name: method.value }));
  const row = make("div", "lab-tg-add");
  row.append(make("span", null, "games"), games, make("span", null, "confirmed on"), confirm,
    make("span", null, "fresh games · search"), method, make("span", "bg-muted", `bots: ${state.bots}`));
  return section("Budget", "lab-tg-budget-box", row);
}

// ---------------------------------------------------------------------------------------------- the chart
const W = 330;
const H = 150;
const PAD = { left: 46, right: 8, top: 8, bottom: 22 };

function goalChart(goal, chart, budget) {
  const box = testid(make("figure", "lab-tg-chart"), `lab-tg-chart-${goal.metric}`);
  const values = [];
  for (const p of chart.tried || []) if (p.values[goal.metric] !== null) values.push(p.values[goal.metric]);
  for (const s of chart.steps || []) if (s.values[goal.metric] !== null) values.push(s.values[goal.metric]);
  for (const b of [goal.low, goal.high]) if (b !== null) values.push(b);
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (!isFinite(low) || !isFinite(high)) { low = 0; high = 1; }
  if (high - low < 1e-9) { low -= 1; high += 1; }
  const margin = (high - low) * 0.06;
  low -= margin;
  high += margin;
  const right = Math.max(budget || 1, ...(chart.steps || []).map((s) => s.games), 1);
  const x = (g) => PAD.left + (g / right) * (W - PAD.left - PAD.right);
  const y = (v) => PAD.top + (1 - (v - low) / (high - low)) * (H - PAD.top - PAD.bottom);
  const plot = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img",
    "aria-label": `${goal.text}: candidates tried and the best so far` });
  const bandLow = goal.low === null ? low : goal.low;
  const bandHigh = goal.high === null ? high : goal.high;
  if (goal.kind !== "up" && goal.kind !== "down") {
    plot.append(svg("rect", { x: PAD.left, width: W - PAD.left - PAD.right, y: y(bandHigh),
      height: Math.max(1, y(bandLow) - y(bandHigh)), class: "lab-tg-band" }));
  }
  plot.append(svg("line", { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom, class: "lab-tg-axis" }),
    svg("line", { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom, class: "lab-tg-axis" }));
  for (const v of [low + margin, high - margin]) {
    const label = svg("text", { x: PAD.left - 4, y: y(v) + 4, "text-anchor": "end", class: "lab-tg-tick" });
    label.textContent = Number(v.toPrecision(3)).toString();
    plot.append(label);
  }
  const games = svg("text", { x: W - PAD.right, y: H - 6, "text-anchor": "end", class: "lab-tg-tick" });
  games.textContent = `${right} games`;
  plot.append(games);
  for (const p of chart.tried || []) {
    const v = p.values[goal.metric];
    if (v === null) continue;
    const dot = svg("circle", { cx: x(p.games), cy: y(v), r: 2.2, class: "lab-tg-tried" });
    const tip = svg("title");
    tip.textContent = `${p.candidate}: ${Number(v.toPrecision(4))} ${goal.unit || ""}`;
    dot.append(tip);
    plot.append(dot);
  }
  const line = (chart.steps || []).filter((s) => s.values[goal.metric] !== null)
    .map((s) => `${x(s.games).toFixed(1)},${y(s.values[goal.metric]).toFixed(1)}`);
  if (line.length) plot.append(svg("polyline", { points: line.join(" "), class: "lab-tg-best" }));
  box.append(plot, make("figcaption", null, `${goal.text}${goal.unit ? ` (${goal.unit})` : ""}`));
  return box;
}

function charts(state, chart) {
  if (!(chart.goals || []).length || !((chart.steps || []).length || state.running)) return null;
  const row = testid(make("div", "lab-tg-charts"), "lab-tg-charts");
  for (const goal of chart.goals) row.append(goalChart(goal, chart, state.budget));
  const legend = make("div", "bg-muted lab-tg-legend",
    `dots: the ${chart.candidates || 0} candidates tried, each as estimated when played · line: the best so far · ` +
    "shaded: the goal");
  return section("The search", "lab-tg-chart-box", row, legend);
}

// ---------------------------------------------------------------------------------------------- the result
function table(rows, state) {
  if (!rows.length) return null;
  const t = testid(make("table", "lab-ed-params lab-tg-table"), "lab-tg-table");
  const head = make("tr");
  for (const h of ["#", "candidate", "games", "loss", ...(rows[0].goals.map((g) => g.metric))]) {
    head.append(make("th", null, h));
  }
  const body = make("tbody");
  for (const row of rows) {
    const tr = testid(make("tr", "lab-tg-row"), `lab-tg-row-${row.rank}`);
    tr.append(make("td", null, String(row.rank)), make("td", null, row.candidate), make("td", null,
      String(row.games)), make("td", null, row.loss));
    for (const goal of row.goals) {
      const cell = make("td", `lab-tg-call lab-tg-call--${(goal.call || "none").replace(" ", "-")}`);
      cell.append(make("div", null, goal.estimate), make("div", "bg-muted", goal.interval));
      cell.title = goal.call ? `${goal.call} the goal` : "";
      tr.append(cell);
    }
    body.append(tr);
  }
  const thead = make("thead");
  thead.append(head);
  t.append(thead, body);
  const skipped = (state.skipped || []).map((s) =>
    make("li", "bg-muted", `skipped ${s.count} combination${s.count === 1 ? "" : "s"} the game refuses: ${s.reason}`));
  const list = make("ul", "lab-tg-skipped");
  list.append(...skipped);
  return section("The best candidates (intervals that hold whatever games each got)", "lab-tg-table-box", t,
    skipped.length ? list : null);
}

function confirmation(state) {
  const found = state.confirmation;
  if (!found) return null;
  const box = testid(make("div", `lab-tg-confirm lab-tg-confirm--${found.call.replace(/ /g, "-")}`),
    "lab-tg-confirmation");
  box.append(testid(make("p", null, found.words), "lab-tg-confirmation-words"));
  const list = make("ul");
  for (const check of found.checks) list.append(make("li", `lab-tg-call--${(check.call || "none").replace(" ", "-")}`,
    check.words));
  box.append(list);
  return section("The best on fresh games", "lab-tg-confirm-box", box);
}

function actions(state) {
  const row = make("div", "lab-tg-add");
  row.append(button("use the best as a variant", "lab-tg-use-best", "use_best", {},
    { className: "bg-button--small", disabled: !state.best || state.running,
      title: "the best candidate into the editor: its diff, a run against the baseline, a report" }),
  button("report", "lab-tg-report", "report", {}, { className: "bg-button--small",
    disabled: !state.confirmation || state.running, title: "the fresh games, best against baseline, as a page" }));
  if (state.report) {
    row.append(reportLink(state.report, "lab-tg-link"));
  }
  return row;
}

function jsonBox(state, ui) {
  const details = testid(make("details", "lab-tg-json"), "lab-tg-json");
  details.open = !!ui.json;
  details.addEventListener("toggle", () => { ui.json = details.open; });
  const area = quiet(testid(make("textarea", "lab-tg-json-text"), "lab-tg-json-text"));
  area.value = state.json || "";
  area.rows = 8;
  area.setAttribute("aria-label", "the target as a file (paste one and load it)");
  const load = button("load", "lab-tg-load", "load", {}, { className: "bg-button--small" });
  details.append(make("summary", null, "the target as a file (copy it, or paste one and load)"), area, load);
  return details;
}

function render(ctx) {
  const ui = {};
  const uid = `lab-tg-${Math.random().toString(36).slice(2, 8)}`;
  let view = ctx.model;  // the mounted view's model: its send says so when the kernel is gone
  return mount(ctx, {
    name: "lab-target",
    className: "lab-target-root",
    traits: ["state", "chart", "rows", ...MESSAGE_TRAITS],
    // the buttons beside a field send what was typed in it
    onClick: (node) => {
      const root = node.closest(".lab-target-root");
      const value = (id) => root.querySelector(`[data-testid="${id}"]`).value;
      if (node.dataset.intent === "goal") {
        view.send({ intent: "goal", text: value("lab-tg-goal-input") });
        return true;
      }
      if (node.dataset.intent === "vary") {
        view.send({ intent: "vary", parameter: value("lab-tg-parameter"), values: value("lab-tg-values") });
        return true;
      }
      if (node.dataset.intent === "load") {
        view.send({ intent: "load", text: value("lab-tg-json-text") });
        return true;
      }
      return false;
    },
    draw: (model) => {
      view = model;
      const state = model.get("state") || {};
      const send = (msg) => model.send(msg);
      const bar = testid(make("section", "bg-bar lab-tg-bar"), "lab-tg-bar");
      const top = make("div", "lab-ed-top");
      const progress = testid(make("progress", "lab-tg-progress"), "lab-tg-progress");
      progress.max = 1;
      progress.value = state.fraction || 0;
      top.append(make("div", "bg-prompt", `Target: ${state.title || ""}`),
        button("Run", "lab-tg-run", "run", {}, { className: "lab-tg-run", disabled: state.running,
          title: "search (again: goes on from the games kept)" }),
        button("Stop", "lab-tg-stop", "stop", {}, { className: "lab-tg-stop", disabled: !state.running,
          title: "stop after the games now playing; finished games are kept" }),
        progress, testid(make("span", "bg-muted lab-tg-progress-text", state.progress || ""), "lab-tg-progress-text"));
      bar.append(top, messageLine(model, "lab-tg-message"));
      return [bar, goals(state, send, uid), space(state, send, uid), budget(state, send),
        charts(state, model.get("chart") || {}), table(model.get("rows") || [], state), confirmation(state),
        actions(state), jsonBox(state, ui)];
    },
  });
}

export default { render };
