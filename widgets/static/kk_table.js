// Kardinal & König card game table (widgets.KKTable). Draws the synced state and sends intents; no rules here:
// what is clickable comes from Python (status.actions, the human seat's legal actions now).
// Every intent carries all its data (jupyter.md §2.3): {intent: "act", action: "take 2 14"}, {intent: "view_step", step}.

const CELL_ACTION = /^(take|place|lift|discard) (\d+) (\d+)$/;
const VERB_HINTS = {
  take: "take this card",
  place: "put a claim stone on this card",
  lift: "lift your claim stone to move it",
  discard: "discard this claim stone of yours for good",
};
const BUTTON_TITLES = {
  stop: "Stop taking cards (then the claim stone step)",
  pass: "No card can be taken: pass",
  skip: "Leave the claim stone step out",
  "play three": "Play '3 Symbole erlaubt': up to 3 crests this turn",
  "play colours": "Play 'Verschiedene Farben möglich': cards of different countries this turn",
  "play return": "Play 'Anrechtsstein zurücknehmen': a discarded claim stone returns to your hand",
};

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function testid(node, id) {
  node.dataset.testid = id;
  return node;
}

function button(label, id, intent, extra) {
  const node = testid(make("button", "kk-tb-button", label), id);
  node.type = "button";
  node.dataset.intent = intent;
  for (const [k, v] of Object.entries(extra || {})) node.dataset[k] = v;
  return node;
}

// Dark or light ink for a number on a stone of this colour (a "#rrggbb" from Python).
function inkOn(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!m) return "#111";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#111" : "#fff";
}

function stone(seat, colours, className) {
  const node = make("span", `kk-tb-stone ${className || ""}`.trim(), seat + 1);
  node.style.setProperty("--kk-stone", colours[seat] || "#888");
  node.style.setProperty("--kk-stone-ink", inkOn(colours[seat]));
  return node;
}

// Ships and carriages as tiny drawings: the emoji (⛵, 🛒) are missing from many fonts, and a tofu box would hide
// what the card shows.
const SVG = "http://www.w3.org/2000/svg";
const ROUTE_PATHS = {
  ship: ["M2 11h12l-2 3H4z", "M8 2v8M8 2l4 7H8M8 3L5 9h3"],
  carriage: ["M3 4h10v6H3z", "M1 4h14", "M5 13a1.6 1.6 0 1 0 0.01 0M11 13a1.6 1.6 0 1 0 0.01 0"],
};

function routeIcon(route) {
  const icon = document.createElementNS(SVG, "svg");
  icon.setAttribute("viewBox", "0 0 16 16");
  icon.setAttribute("class", `kk-tb-routeicon kk-tb-routeicon--${route}`);
  icon.setAttribute("aria-label", route);
  for (const d of ROUTE_PATHS[route] || []) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    icon.append(path);
  }
  return icon;
}

function countryOf(catalog, id) {
  const row = (catalog.countries || []).find((c) => c[0] === id);
  return row ? { id, name: row[1], ja: row[2], short: row[3], colour: row[4], count: row[5] } :
    { id, name: id, ja: "", short: id, colour: "#888", count: "" };
}

function crestText(catalog, tally) {
  return Object.entries(tally).map(([kind, n]) => `${catalog.crests[kind] || kind}${n > 1 ? n : ""}`).join(" ");
}

// ---------------------------------------------------------------------------------------------- the layout
function drawCard(catalog, cell, r, c, action, isEnd) {
  const [cid, owner, chip] = cell;
  const [country, crests, route] = catalog.cards[cid] || ["?", [], ""];
  const info = countryOf(catalog, country);
  const node = testid(make(action ? "button" : "div", "kk-tb-card"), `kk-card-${r}-${c}`);
  node.style.setProperty("--kk-country", info.colour);
  node.dataset.clickable = action ? "true" : "false";
  if (isEnd) node.classList.add("kk-tb-card--end");
  if (action) {
    node.type = "button";
    node.dataset.intent = "act";
    node.dataset.action = action;
    node.classList.add("kk-tb-card--clickable", `kk-tb-card--${action.split(" ")[0]}`);
  }
  const top = make("span", "kk-tb-card-top");
  const crestBox = make("span", "kk-tb-crests");
  for (const kind of crests) {
    const crest = make("span", "kk-tb-crest", catalog.crests[kind] || kind);
    crest.title = kind;
    crest.dataset.kind = kind;
    crestBox.append(crest);
  }
  top.append(crestBox);
  if (route) {
    const mark = make("span", "kk-tb-route");
    mark.title = route;
    mark.dataset.route = route;
    mark.append(routeIcon(route));
    top.append(mark);
  }
  node.append(top, make("span", "kk-tb-card-name", info.short), make("span", "kk-tb-card-count", info.count));
  const bottom = make("span", "kk-tb-card-bottom");
  if (owner >= 0) bottom.append(stone(owner, catalog.stone_colours, "kk-tb-stone--on-card"));
  if (chip) {
    const back = make("span", "kk-tb-chip", "§");
    back.title = "a face-down law chip";
    bottom.append(back);
  }
  node.append(bottom);
  const notes = [`Row ${r}, column ${c}: ${info.name} (${info.count} cards)`];
  notes.push(crests.length ? `crests: ${crests.join(", ")}` : "no crest");
  if (route) notes.push(route);
  if (owner >= 0) notes.push(`claim stone of Player ${owner + 1}`);
  if (chip) notes.push("a face-down law chip lies on it");
  if (action) notes.push(`Click: ${VERB_HINTS[action.split(" ")[0]]} (${action})`);
  node.title = notes.join("\n");
  return node;
}

function drawBoard(catalog, board, actions) {
  const grid = testid(make("div", "kk-tb-grid"), "kk-grid");
  board.forEach((row, ri) => {
    const cols = row.map((cell, ci) => (cell ? ci : -1)).filter((ci) => ci >= 0);
    const ends = new Set(cols.length ? [cols[0], cols[cols.length - 1]] : []);
    const line = make("div", "kk-tb-row");
    line.append(make("span", "kk-tb-rowlabel", ri + 1));
    row.forEach((cell, ci) => {
      const r = ri + 1, c = ci + 1;
      if (!cell) {
        const gap = testid(make("div", "kk-tb-slot"), `kk-slot-${r}-${c}`);
        gap.title = `Row ${r}, column ${c}: taken`;
        line.append(gap);
      } else {
        line.append(drawCard(catalog, cell, r, c, actions.get(`${r}-${c}`), ends.has(ci)));
      }
    });
    grid.append(line);
  });
  return grid;
}

function drawLegend(catalog) {
  const legend = make("div", "kk-tb-legend");
  for (const [kind, symbol] of Object.entries(catalog.crests || {})) legend.append(make("span", null, `${symbol} ${kind}`));
  for (const kind of Object.keys(catalog.routes || {})) {
    const item = make("span", "kk-tb-legend-route");
    item.append(routeIcon(kind), ` ${kind}`);
    legend.append(item);
  }
  legend.append(make("span", null, "§ face-down law chip"));
  return legend;
}

// ---------------------------------------------------------------------------------------------- players
function drawSeat(catalog, seat, p, toMove) {
  const box = testid(make("section", "kk-tb-seat"), `kk-seat-${p + 1}`);
  if (seat.you) box.classList.add("kk-tb-seat--you");
  if (toMove === p) box.classList.add("kk-tb-seat--to-move");
  const head = make("div", "kk-tb-seat-head");
  head.append(stone(p, catalog.stone_colours), make("span", "kk-tb-seat-name", seat.label),
    make("span", "kk-tb-seat-who", seat.you ? "you" : `${seat.bot} bot`),
    make("span", "kk-tb-seat-cards", `${seat.cards} card${seat.cards === 1 ? "" : "s"}`));
  if (toMove === p) head.append(make("span", "kk-tb-seat-turn", "to move"));
  box.append(head);

  const stones = testid(make("div", "kk-tb-seat-stones"), `kk-seat-${p + 1}-stones`);
  stones.append(make("span", "kk-tb-label", "claim stones"));
  const group = (what, n, cls) => {
    const g = make("span", "kk-tb-stonegroup");
    g.title = `${n} ${what}`;
    for (let i = 0; i < n; i++) g.append(stone(p, catalog.stone_colours, cls));
    if (!n) g.append(make("span", "kk-tb-none", "–"));
    g.append(make("span", "kk-tb-stonewhat", what));
    return g;
  };
  stones.append(group("in hand", seat.hand), group("on layout", seat.placed, "kk-tb-stone--placed"),
    group("lost", seat.lost, "kk-tb-stone--lost"));
  box.append(stones);

  const chips = testid(make("div", "kk-tb-seat-chips"), `kk-seat-${p + 1}-chips`);
  chips.append(make("span", "kk-tb-label", "law chips"), make("span", "kk-tb-chipcount", seat.chips));
  if (Array.isArray(seat.chip_kinds) && seat.chip_kinds.length) {
    chips.append(make("span", "kk-tb-chipkinds",
      `(${seat.chip_kinds.map((k) => catalog.chip_names[k] || k).join(", ")})`));
  }
  if (seat.played.length) {
    chips.append(make("span", "kk-tb-played", `played: ${seat.played.map((k) => catalog.chip_names[k] || k).join(", ")}`));
  }
  box.append(chips);

  const display = testid(make("div", "kk-tb-display"), `kk-seat-${p + 1}-display`);
  for (const [country, count, tally, ships, carriages] of seat.groups) {
    const info = countryOf(catalog, country);
    const pile = make("span", "kk-tb-pile");
    pile.style.setProperty("--kk-country", info.colour);
    pile.title = `${info.name}: ${count} of ${info.count} cards`;
    pile.append(make("span", "kk-tb-pile-name", info.short), make("span", "kk-tb-pile-count", count));
    const crests = crestText(catalog, tally);
    if (crests) pile.append(make("span", "kk-tb-pile-crests", crests));
    for (const [route, n] of [["ship", ships], ["carriage", carriages]]) {
      if (!n) continue;
      const mark = make("span", "kk-tb-pile-routes");
      mark.append(routeIcon(route), String(n));
      pile.append(mark);
    }
    display.append(pile);
  }
  if (!seat.groups.length) display.append(make("span", "kk-tb-none", "no cards yet"));
  box.append(display);
  const roads = make("div", "kk-tb-roads", "roads: ");
  const many = (n, word) => ` ${n} ${word}${n === 1 ? "" : "s"}`;
  roads.append(routeIcon("ship"), `${many(seat.ships, "ship")} · `, routeIcon("carriage"),
    `${many(seat.carriages, "carriage")} (5 or more score)`);
  box.append(roads);
  return box;
}

// ---------------------------------------------------------------------------------------------- the chart
function drawChart(catalog, chart, seats, fill) {
  const wrap = testid(make("div", "kk-tb-chartbox"), "kk-chart");
  wrap.append(make("div", "kk-tb-chart-title",
    chart.final ? "決算チャート · final scoring chart" : "決算チャート · running chart (−2 chips face down until the end)"));
  const table = make("table", "kk-tb-chart");
  if (chart.final) table.classList.add("kk-tb-chart--final");
  if (fill) table.classList.add("kk-tb-chart--filling");
  const winners = new Set(chart.winners || []);
  const n = seats.length;
  const head = make("thead");
  const h1 = make("tr");
  h1.append(make("th", "kk-tb-chart-corner", ""));
  for (let p = 0; p < n; p++) {
    const th = make("th", "kk-tb-chart-player", seats[p].label + (seats[p].you ? " (you)" : ""));
    th.colSpan = 2;
    if (winners.has(p)) { th.classList.add("kk-tb-chart-win"); th.append(make("span", "kk-tb-crown", " ♛")); }
    h1.append(th);
  }
  const h2 = make("tr");
  h2.append(make("th", "kk-tb-chart-corner", ""));
  for (let p = 0; p < n; p++) h2.append(make("th", "kk-tb-chart-part", "country"), make("th", "kk-tb-chart-part", "crests"));
  head.append(h1, h2);
  const body = make("tbody");
  let i = 0;
  const rowNode = (label, className) => {
    const tr = make("tr", `kk-tb-chart-row ${className || ""}`.trim());
    tr.style.setProperty("--kk-row", String(i++));
    const th = make("th", "kk-tb-chart-label");
    th.append(label);
    tr.append(th);
    return tr;
  };
  for (const [country, land, crest] of chart.rows || []) {
    const info = countryOf(catalog, country);
    const label = make("span", "kk-tb-chart-country");
    label.append(make("span", "kk-tb-swatch"), make("span", null, info.name));
    label.title = info.ja;
    label.style.setProperty("--kk-country", info.colour);
    const tr = rowNode(label);
    for (let p = 0; p < n; p++) {
      tr.append(testid(make("td", "kk-tb-num", land[p] || "·"), `kk-chart-${country}-${p + 1}-country`),
        testid(make("td", "kk-tb-num", crest[p] || "·"), `kk-chart-${country}-${p + 1}-crests`));
    }
    body.append(tr);
  }
  const summary = [["subtotal", chart.subtotal, "kk-tb-chart-sub"], ["roads", chart.roads, ""],
    ["−2", chart.minus, ""], ["total", chart.total, "kk-tb-chart-total"]];
  for (const [name, values, cls] of summary) {
    const tr = rowNode(make("span", null, name), cls);
    for (let p = 0; p < n; p++) {
      const hidden = values === null || values === undefined;
      const td = testid(make("td", "kk-tb-num", hidden ? "?" : values[p]), `kk-chart-${name === "−2" ? "minus" : name}-${p + 1}`);
      td.colSpan = 2;
      if (hidden) td.title = "law chips stay face down until the end of the game";
      if (name === "total" && winners.has(p)) td.classList.add("kk-tb-chart-win");
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(head, body);
  wrap.append(table);
  return wrap;
}

// ---------------------------------------------------------------------------------------------- status, log
function drawControls(status, catalog) {
  const bar = testid(make("div", "kk-tb-controls"), "kk-controls");
  const acts = make("div", "kk-tb-actions");
  for (const action of status.actions || []) {
    if (CELL_ACTION.test(action)) continue;
    const b = button(action, `kk-action-${action.replace(/ /g, "-")}`, "act", { action });
    b.classList.add("kk-tb-button--action");
    b.title = BUTTON_TITLES[action] || action;
    acts.append(b);
  }
  bar.append(acts);
  const tools = make("div", "kk-tb-tools");
  const watch = catalog.human === null || catalog.human === undefined;
  if (status.live && !status.over && status.bot_to_move) {
    const next = button(watch ? "next" : "bots move", "kk-next", "next");
    next.title = watch ? "One decision by the bot to move" : "The bots play until it is your decision";
    tools.append(next);
  }
  if (watch && status.live && !status.over) {
    const end = button("play to end", "kk-play-to-end", "play_to_end");
    end.title = "The bots play every seat to the end of the game";
    tools.append(end);
  }
  const undo = button("undo", "kk-undo", "undo");
  undo.title = watch ? "Take back the last decision" : "Back to your previous decision (the bots' moves since go too)";
  undo.disabled = !status.steps;
  const reset = button("reset", "kk-reset", "reset");
  reset.title = "Start this game again from the beginning";
  reset.classList.add("kk-tb-button--warn");
  tools.append(undo, reset);
  bar.append(tools);
  return bar;
}

function drawTime(status, model) {
  const box = testid(make("div", "kk-tb-time"), "kk-time");
  const label = testid(make("span", "kk-tb-steplabel"), "kk-step-label");
  const say = (v) => { label.textContent = `step ${v} of ${status.steps}`; };
  const slider = testid(make("input", "kk-tb-slider"), "kk-slider");
  slider.type = "range";
  slider.min = "0";
  slider.max = String(status.steps || 0);
  slider.value = String(status.view ?? status.steps ?? 0);
  slider.disabled = !status.steps;
  slider.setAttribute("aria-label", "time travel: step shown");
  slider.addEventListener("input", () => say(slider.value));
  slider.addEventListener("change", () => model.send({ intent: "view_step", step: Number(slider.value) }));
  say(slider.value);
  box.append(make("span", "kk-tb-label", "time travel"), slider, label);
  if (!status.live) {
    box.append(testid(make("span", "kk-tb-past", "looking back: read-only"), "kk-past"),
      button("back to the present", "kk-live", "view_step"));
  }
  return box;
}

function drawTurn(status) {
  const t = status.turn || {};
  const line = testid(make("div", "kk-tb-turn"), "kk-turn");
  if (status.over) return line;
  const bits = [`phase: ${status.phase}`, `cards left: ${status.cards_left}`];
  if (status.phase === "take") {
    bits.push(`crests this turn: ${t.crests} of ${t.limit}`);
    if (t.country && !t.colours) bits.push(`country this turn: ${t.country}`);
    if (t.colours) bits.push("different colours allowed");
  }
  line.textContent = bits.join(" · ");
  return line;
}

function drawEvents(events) {
  const box = make("details", "kk-tb-eventbox");
  box.open = true;
  box.append(make("summary", "kk-tb-label", `event log (${events.length})`));
  const list = testid(make("ol", "kk-tb-events"), "kk-events");
  for (const [step, text, rule, section] of events) {
    const item = testid(make("li", "kk-tb-event"), "kk-event");
    item.append(make("span", "kk-tb-event-step", step < 0 ? "setup" : `step ${step + 1}`), make("span", "kk-tb-event-text", text));
    if (rule) item.append(make("span", "kk-tb-rule", rule), make("span", "kk-tb-section", section));
    list.append(item);
  }
  box.append(list);
  return box;
}

function render({ model, el }) {
  const root = testid(make("div", "kk-tb-root"), "kk-root");
  let wasFinal = null;  // null until the first draw: a table shown already finished does not replay the fill-in

  const draw = () => {
    const catalog = model.get("catalog") || {};
    const status = model.get("status") || {};
    const board = model.get("board") || [];
    const seats = model.get("seats") || [];
    const chart = model.get("chart") || {};
    const actions = new Map();
    for (const action of status.actions || []) {
      const m = CELL_ACTION.exec(action);
      if (m) actions.set(`${m[2]}-${m[3]}`, action);
    }
    const parts = [];
    if (catalog.banner) parts.push(testid(make("div", "kk-tb-banner", catalog.banner), "kk-banner"));
    const head = make("div", "kk-tb-head");
    const prompt = testid(make("div", "kk-tb-prompt", status.prompt), "kk-prompt");
    if (status.your_turn) prompt.classList.add("kk-tb-prompt--yours");
    if (status.over) prompt.classList.add("kk-tb-prompt--over");
    head.append(prompt, drawTurn(status));
    parts.push(head, drawControls(status, catalog));
    const message = testid(make("div", "kk-tb-message", model.get("message")), "kk-message");
    message.classList.add(model.get("message_kind") === "error" ? "kk-tb-message--error" : "kk-tb-message--info");
    message.setAttribute("role", "status");
    parts.push(message, drawTime(status, model));
    const table = make("div", "kk-tb-table");
    if (!status.live) table.classList.add("kk-tb-table--past");
    table.append(drawBoard(catalog, board, actions), drawLegend(catalog));
    parts.push(table);
    const seatBox = testid(make("div", "kk-tb-seats"), "kk-seats");
    seats.forEach((seat, p) => seatBox.append(drawSeat(catalog, seat, p, status.to_move)));
    parts.push(seatBox);
    const fill = wasFinal === false && !!chart.final;
    wasFinal = !!chart.final;
    parts.push(drawChart(catalog, chart, seats, fill), drawEvents(model.get("events") || []));
    const active = document.activeElement;
    const focused = active && root.contains(active) ? active.dataset.testid : null;
    root.replaceChildren(...parts);
    if (focused) root.querySelector(`[data-testid="${focused}"]`)?.focus();  // keep keyboard users in place
  };

  // One sync message sets several traits; draw once for all of them.
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };

  const onClick = (event) => {
    const node = event.target instanceof Element ? event.target.closest("[data-intent]") : null;
    if (!node || !root.contains(node) || node.disabled) return;
    const intent = node.dataset.intent;
    if (intent === "act") model.send({ intent, action: node.dataset.action });
    else if (intent === "view_step") model.send({ intent, step: null });
    else model.send({ intent });
  };

  const traits = ["catalog", "board", "seats", "chart", "status", "events", "message", "message_kind", "message_seq"];
  for (const name of traits) model.on(`change:${name}`, schedule);
  root.addEventListener("click", onClick);
  draw();
  el.append(root);

  return () => {
    for (const name of traits) model.off(`change:${name}`, schedule);
    root.removeEventListener("click", onClick);
    root.remove();
  };
}

export default { render };
