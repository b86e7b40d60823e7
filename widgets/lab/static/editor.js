// The design lab's variant editor (widgets.lab.VariantEditor): the parameter table with sources and rules, the open
// table's cells, the diff against the printed game beside it, the variant's name, hash and JSON. It draws what
// Python sends and sends the raw text typed; Python reads it, checks the variant and answers in the message line.
// Intents: {intent: "edit", path, text}, {intent: "reset", path}, {intent: "reset_all"}, {intent: "open",
// parameter} (null closes), {intent: "filter", text}, {intent: "name", name}.

import { MESSAGE_TRAITS, button, make, mount, plural, testid } from "../../shared/static/runtime.js";
import { messageLine } from "../../shared/static/view_parts.js";

// Keys typed into a field are the field's: JupyterLab's notebook shortcuts (Enter: edit the cell, and the like)
// must not take them (Lumino skips nodes marked data-lm-suppress-shortcuts; the stop covers other front ends).
function suppressShortcuts(node) {
  node.dataset.lmSuppressShortcuts = "true";
  node.addEventListener("keydown", (event) => event.stopPropagation());
  return node;
}

// A text field that sends its text when committed (Enter or leaving it); Escape puts the value back.
function field(id, value, onCommit, opts) {
  const o = opts || {};
  const input = testid(make("input", `lab-ed-input ${o.className || ""}`.trim()), id);
  input.type = "text";
  input.value = value;
  input.spellcheck = false;
  if (o.placeholder) input.placeholder = o.placeholder;
  if (o.label) input.setAttribute("aria-label", o.label);
  input.addEventListener("change", () => onCommit(input.value));
  suppressShortcuts(input);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      input.value = value;
      input.blur();
    }
  });
  return input;
}

// A select of the allowed texts (a switch or a choice) that sends the one chosen.
function choice(id, value, choices, onCommit, label) {
  const select = testid(make("select", "lab-ed-select"), id);
  for (const c of choices) {
    const option = make("option", null, c);
    option.value = c;
    select.append(option);
  }
  select.value = value;
  select.setAttribute("aria-label", label);
  suppressShortcuts(select);
  select.addEventListener("change", () => onCommit(select.value));
  return select;
}

// A folded part that stays open (or closed) across redraws: its state is kept in ui[key].
function keepOpen(details, ui, key) {
  details.open = !!ui[key];
  details.addEventListener("toggle", () => { ui[key] = details.open; });
  return details;
}

function badge(text, kind, title) {
  const node = make("span", `lab-badge lab-badge--${kind}`, text);
  if (title) node.title = title;
  return node;
}

function ruleBadges(rules, words) {
  const box = make("span", "lab-ed-rules");
  for (const id of rules || []) {
    const tag = make("span", "bg-rule", id);
    tag.title = words[id] || "";
    box.append(tag);
  }
  return box;
}

function header(model, info, catalog, send) {
  const bar = testid(make("section", "bg-bar lab-ed-bar"), "lab-ed-bar");
  const top = make("div", "lab-ed-top");
  const title = testid(make("div", "bg-prompt", `Variant of ${catalog.title || catalog.game || "a game"}`),
    "lab-ed-title");
  const name = field("lab-ed-name", info.name || "", (text) => send({ intent: "name", name: text }),
    { className: "lab-ed-name", placeholder: "name the variant", label: "the variant's name" });
  const hash = testid(badge(`# ${info.hash || ""}`, "hash", "the variant's hash: the same changes, the same hash"),
    "lab-ed-hash");
  const count = testid(make("span", "bg-muted",
    info.printed ? "the printed game" : plural(info.changes || 0, "change")), "lab-ed-count");
  const reset = button("reset all", "lab-ed-reset-all", "reset_all", null,
    { className: "bg-button--warn bg-button--small", title: "Back to the printed game", disabled: info.printed });
  top.append(title, name, hash, count, reset);
  bar.append(top, messageLine(model, "lab-ed-message"));
  return bar;
}

function valueCell(row, now, send) {
  const cell = make("td", "lab-ed-value");
  if (row.kind === "table") {
    const open = button(now ? `cells · ${now}` : "cells", `lab-ed-open-${row.name}`, "open",
      { parameter: row.name }, { className: "bg-button--small", title: `Show the cells of ${row.name}` });
    cell.append(open);
    return cell;
  }
  const value = now === undefined ? row.printed : now;
  const commit = (text) => send({ intent: "edit", path: row.name, text });
  cell.append(row.choices
    ? choice(`lab-ed-input-${row.name}`, value, row.choices, commit, `${row.name}: ${row.allowed}`)
    : field(`lab-ed-input-${row.name}`, value, commit, { label: `${row.name}: ${row.allowed}` }));
  return cell;
}

function td(className, ...children) {
  const cell = make("td", className);
  cell.append(...children.filter(Boolean));
  return cell;
}

// One row per parameter; the open table's cells in a row right under its own.
function parameterTable(catalog, changed, cells, send, ui) {
  if (!(catalog.rows || []).length) {
    return testid(make("div", "bg-none", "This game lists no designable parameters yet."), "lab-ed-params");
  }
  const table = testid(make("table", "lab-ed-params"), "lab-ed-params");
  const head = make("tr");
  for (const h of ["parameter · its rules", "printed", "value", ""]) head.append(make("th", null, h));
  const thead = make("thead");
  thead.append(head);
  const body = make("tbody");
  for (const row of catalog.rows) {
    const now = changed[row.name];
    const tr = testid(make("tr", "lab-ed-row"), `lab-ed-row-${row.name}`);
    tr.dataset.changed = now === undefined ? "false" : "true";
    if (now !== undefined) tr.classList.add("lab-ed-row--changed");
    const about = [row.words, row.note].filter(Boolean).join("\n");
    const pname = make("div", "lab-ed-pname");
    pname.append(make("span", null, row.name), " ",
      badge(row.source, row.source, `where the printed value comes from: ${row.source}`));
    if (row.config) pname.append(" ", badge(`option ${row.config}`, "config", "a config option of the game"));
    const words = make("div", "lab-ed-words", row.words);
    pname.title = about;
    words.title = about;
    const printed = make("td", "lab-ed-printed", row.printed);
    if (row.title) printed.title = row.title;
    const reset = now === undefined ? null : button("reset", `lab-ed-reset-${row.name}`, "reset", { path: row.name },
      { className: "bg-button--small", title: `Back to the printed ${row.name}` });
    const value = valueCell(row, now, send);
    value.append(make("div", "lab-ed-allowed", row.allowed));
    tr.append(td("lab-ed-param", pname, words, ruleBadges(row.rules, catalog.rules || {})), printed, value,
      td("", reset));
    body.append(tr);
    if (cells && cells.parameter === row.name) {
      const under = make("tr", "lab-ed-cellsrow");
      const cell = td("", cellsPanel(cells, send, ui));
      cell.colSpan = 4;
      under.append(cell);
      body.append(under);
    }
  }
  table.append(thead, body);
  return table;
}

function cellsPanel(cells, send, ui) {
  if (!cells || !cells.parameter) return null;
  const box = testid(make("section", "bg-panel lab-ed-cells"), "lab-ed-cells");
  const top = make("div", "lab-ed-top");
  const changedHere = (cells.rows || []).filter((r) => r[3]).length;
  top.append(make("span", "bg-title", `${cells.parameter}: ${plural(cells.total, "cell")}`),
    field("lab-ed-filter", cells.filter || "", (text) => send({ intent: "filter", text }),
      { placeholder: "filter: path or value, then Enter", label: "filter the cells", className: "lab-ed-filter" }),
    testid(make("span", "bg-muted", cells.filter ? `${plural(cells.matched, "cell")} match` : ""), "lab-ed-matched"),
    button("close", "lab-ed-close", "open", { parameter: null }, { className: "bg-button--small" }));
  box.append(top);
  const table = make("table", "lab-ed-celltable");
  const head = make("tr");
  for (const h of ["cell", "printed", "value", ""]) head.append(make("th", null, h));
  table.append(head);
  for (const [path, printed, now, changed, kind] of cells.rows || []) {
    const full = `${cells.parameter}.${path}`;
    const tr = testid(make("tr", "lab-ed-row"), `lab-ed-cell-${full}`);
    tr.dataset.changed = changed ? "true" : "false";
    if (changed) tr.classList.add("lab-ed-row--changed");
    const commit = (text) => send({ intent: "edit", path: full, text });
    const value = make("td", "lab-ed-value");
    if (kind === "bool") value.append(choice(`lab-ed-cell-input-${full}`, now, ["true", "false"], commit, full));
    else if (kind === "str" && (cells.choices || []).length) {
      value.append(choice(`lab-ed-cell-input-${full}`, now, cells.choices, commit, full));
    } else value.append(field(`lab-ed-cell-input-${full}`, now, commit, { label: full }));
    const reset = make("td");
    if (changed) {
      reset.append(button("reset", `lab-ed-reset-${full}`, "reset", { path: full },
        { className: "bg-button--small", title: `Back to the printed ${full}` }));
    }
    tr.append(make("td", "lab-ed-path", path), make("td", "lab-ed-printed", printed), value, reset);
    table.append(tr);
  }
  box.append(table);
  if (cells.more > 0) {
    box.append(testid(make("div", "bg-muted", `… and ${plural(cells.more, "more cell")}: narrow them with the filter.`),
      "lab-ed-more"));
  } else if (!(cells.rows || []).length) {
    box.append(make("div", "bg-none", "No cell matches the filter."));
  }
  if (changedHere) box.dataset.changed = String(changedHere);
  box.append(tableJson(cells, send, ui));
  return box;
}

// The whole table as JSON, for changes that only make sense together (a hex moved from hills to fields keeps 19).
function tableJson(cells, send, ui) {
  const box = keepOpen(testid(make("details", "lab-ed-tablejson"), "lab-ed-table-json"), ui, "tableJson");
  box.append(make("summary", "bg-label", "several cells at once: the whole table as JSON"));
  if (!cells.json) {
    box.append(make("div", "bg-muted", `This table's JSON is ${cells.json_size} characters: edit it cell by cell here, ` +
      `or from Python: editor.edit("${cells.parameter}", {...}).`));
    return box;
  }
  const area = testid(make("textarea", "lab-ed-area"), "lab-ed-table-json-text");
  area.value = cells.json;
  area.rows = Math.min(8, 2 + Math.ceil(cells.json.length / 90));
  area.spellcheck = false;
  suppressShortcuts(area);
  area.setAttribute("aria-label", `${cells.parameter} as JSON`);
  const apply = testid(make("button", "bg-button bg-button--small", "apply the JSON"), "lab-ed-table-json-apply");
  apply.type = "button";
  apply.addEventListener("click", () => send({ intent: "edit", path: cells.parameter, text: area.value }));
  box.append(area, apply);
  return box;
}

function changeLine(c, source) {
  const line = make("div", "lab-ed-changeline");
  line.append(make("code", "lab-ed-path", c.change), make("span", "lab-ed-was", c.printed),
    make("span", "bg-muted", "→"), make("span", "lab-ed-now", c.value));
  if (source) line.append(badge(source, source));
  return line;
}

function ruleLines(rules, words) {
  return (rules || []).map((id) => {
    const rule = make("div", "lab-ed-rule");
    const tag = make("span", "bg-rule", id);
    tag.title = words[id] || "";
    rule.append(tag, make("span", "lab-ed-rulewords", words[id] || ""));
    return rule;
  });
}

// The changes against the printed game, one entry per parameter: a single change in full with the words of the
// rules it touches; several cells of one table folded to a count (open on demand: the cells and the rules once).
function diffPanel(diff, catalog, ui) {
  const box = testid(make("section", "bg-panel lab-ed-diff"), "lab-ed-diff");
  const cells = diff.reduce((n, g) => n + g.count, 0);
  box.append(make("div", "bg-title", `changes against the printed game (${cells})`));
  if (!diff.length) {
    box.append(testid(make("div", "bg-none", "None: this is the printed game."), "lab-ed-diff-none"));
    return box;
  }
  const words = catalog.rules || {};
  const list = make("ol", "lab-ed-difflist");
  for (const g of diff) {
    const item = testid(make("li", "lab-ed-change"), `lab-ed-diff-${g.parameter}`);
    item.dataset.count = String(g.count);
    if (g.count === 1 && g.changes.length === 1) {
      item.append(changeLine(g.changes[0], g.source), ...ruleLines(g.rules, words));
    } else {
      const fold = keepOpen(testid(make("details", "lab-ed-fold"), `lab-ed-fold-${g.parameter}`), ui,
        `fold:${g.parameter}`);
      const summary = make("summary", "lab-ed-foldhead");
      summary.append(make("code", "lab-ed-path", g.parameter), " ",
        make("span", "lab-ed-now", plural(g.count, "cell") + " changed"), " ", badge(g.source, g.source),
        " ", ruleBadges(g.rules, words));
      fold.append(summary, ...g.changes.map((c) => changeLine(c, null)));
      const more = g.count - g.changes.length;
      if (more > 0) {
        fold.append(make("div", "bg-muted", `… and ${plural(more, "more cell")}: open the table's cells to see them.`));
      }
      fold.append(...ruleLines(g.rules, words));
      item.append(fold);
    }
    list.append(item);
  }
  box.append(list);
  return box;
}

function jsonPanel(info, ui) {
  const box = keepOpen(testid(make("details", "lab-ed-json"), "lab-ed-json"), ui, "variantJson");
  box.append(make("summary", "bg-label", "the variant as JSON (save it as a file for python -m games.lab run)"));
  box.append(testid(make("pre", "lab-ed-pre", info.json || ""), "lab-ed-json-text"));
  return box;
}

function render(ctx) {
  const ui = {};  // what the learner opened (folded parts), kept across redraws
  return mount(ctx, {
    name: "lab-ed",
    className: "lab-ed-root",
    traits: ["catalog", "changed", "diff", "info", "cells", ...MESSAGE_TRAITS],
    draw: (model) => {
      const catalog = model.get("catalog") || {};
      const info = model.get("info") || {};
      const send = (msg) => model.send(msg);
      const body = make("div", "lab-ed-body");
      const main = make("div", "lab-ed-main");
      main.append(parameterTable(catalog, model.get("changed") || {}, model.get("cells"), send, ui));
      const side = make("aside", "lab-ed-side");
      side.append(diffPanel(model.get("diff") || [], catalog, ui), jsonPanel(info, ui));
      body.append(main, side);
      return [header(model, info, catalog, send), body];
    },
  });
}

export default { render };
