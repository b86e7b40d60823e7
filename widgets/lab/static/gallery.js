// The class gallery (widgets.lab.gallery.GalleryTable): every experiment of a lab folder in one table, one row per
// variant, with the verdict on the chosen metric. It draws what Python sends and sends intents: {intent: "sort",
// column}, {intent: "metric", name}, {intent: "report", id}, {intent: "games", id}, {intent: "refresh"}.

import { MESSAGE_TRAITS, button, make, mount, testid } from "../../shared/static/runtime.js";
import { messageLine, reportLink } from "../../shared/static/view_parts.js";

const HEADS = [["variant", "variant"], ["game", "game"], ["bots", null], ["games", "games"], ["who", "who"],
  ["when", "when"], ["verdict", "verdict"], ["difference", "difference"], ["", null]];

function metricChoice(state, send) {
  const select = testid(make("select", "lab-ed-select"), "lab-gallery-metric");
  for (const name of state.metrics || []) {
    const option = make("option", null, name || "each experiment's stop metric");
    option.value = name;
    select.append(option);
  }
  select.value = state.metric || "";
  select.setAttribute("aria-label", "the metric whose verdicts the table shows");
  select.dataset.lmSuppressShortcuts = "true";
  select.addEventListener("change", () => send({ intent: "metric", name: select.value }));
  return select;
}

function head(state) {
  const row = make("tr");
  for (const [label, column] of HEADS) {
    const cell = make("th");
    if (column) {
      const mark = state.column === column ? (state.descending ? " ▼" : " ▲") : "";
      cell.append(button(label + mark, `lab-gallery-sort-${column}`, "sort", { column },
        { className: "bg-button--small lab-gallery-sort", title: `sort by ${label}` }));
    } else cell.textContent = label;
    row.append(cell);
  }
  return row;
}

function line(row, index) {
  const tr = testid(make("tr", `lab-gallery-row lab-gallery-row--${(row.call || "none").replace(" ", "-")}`),
    `lab-gallery-row-${index}`);
  tr.dataset.id = row.id;
  const variant = make("td");
  variant.append(make("b", null, row.variant), make("div", "bg-muted",
    `against ${row.baseline} · ${row.changes} change${row.changes === 1 ? "" : "s"} · #${row.id || "kept"}`));
  const verdict = make("td", "lab-gallery-verdict");
  verdict.append(make("div", "lab-gallery-call", row.call || "–"),
    make("div", "bg-muted", row.metric ? `on ${row.metric}` : "no stop rule"));
  if (row.words) verdict.title = row.words;
  const words = make("td", "lab-gallery-words");
  words.append(make("div", null, row.text), make("div", "bg-muted", row.words || ""));
  const open = make("td", "lab-gallery-open");
  if (row.id) {
    open.append(button("report", `lab-gallery-report-${index}`, "report", { id: row.id },
      { className: "bg-button--small", title: "one HTML page to hand in" }),
    button("games", `lab-gallery-games-${index}`, "games", { id: row.id },
      { className: "bg-button--small", title: "its verdicts, charts and games below" }));
  }
  tr.append(variant, make("td", null, row.game), make("td", "lab-gallery-bots", row.bots),
    make("td", null, String(row.games)), make("td", null, row.who), make("td", null, row.when), verdict, words, open);
  return tr;
}

function render(ctx) {
  return mount(ctx, {
    name: "lab-gallery",
    className: "lab-gallery-root",
    traits: ["rows", "state", ...MESSAGE_TRAITS],
    draw: (model) => {
      const state = model.get("state") || {};
      const rows = model.get("rows") || [];
      const send = (msg) => model.send(msg);
      const bar = testid(make("section", "bg-bar lab-gallery-bar"), "lab-gallery-bar");
      const top = make("div", "lab-ed-top");
      top.append(make("div", "bg-prompt", "The class's experiments"), make("span", "bg-muted", state.folder || ""),
        metricChoice(state, send),
        button("refresh", "lab-gallery-refresh", "refresh", {}, { className: "bg-button--small" }));
      bar.append(top, messageLine(model, "lab-gallery-message"));
      if (state.report) {
        bar.append(reportLink(state.report, "lab-gallery-link"));
      }
      const table = testid(make("table", "lab-ed-params lab-gallery-table"), "lab-gallery-table");
      const body = make("tbody");
      rows.forEach((row, i) => body.append(line(row, i)));
      table.append(head(state), body);
      return [bar, rows.length ? table : make("div", "bg-none", "No experiments yet.")];
    },
  });
}

export default { render };
