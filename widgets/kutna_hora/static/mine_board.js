// Kutná Hora mine board (widgets.MineBoardView). Draws the synced snapshot and sends intents; no rules here: which
// spaces are open, what a mine costs and what a row scores all come from Python (games.kutna_hora.mines).
// One intent, carrying all its data (jupyter.md §2.3): {type: "space", index: 10}. Python checks every click, so a
// click on a rock, a mine or a closed space is sent too and answered with a sentence.

const ORDINALS = ["1st", "2nd", "3rd"];

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

function stars(n) {
  return n > 0 ? "★".repeat(n) : "";
}

function colourOf(colours, owner) {
  return owner >= 0 && colours[owner] ? colours[owner] : "#6b6357";
}

function cellTitle(index, cell, players, columns) {
  const row = Math.floor(index / columns) + 1;
  const col = (index % columns) + 1;
  const at = `space ${index} (row ${row}, column ${col})`;
  if (cell.kind === "rock") return `${at}: a rock with ${cell.stars} star(s); no mine can go here`;
  if (cell.tile) {
    const who = cell.owner >= 0 && players[cell.owner] ? `${players[cell.owner]}'s ` : "";
    return `${at}: ${who}mine ${cell.tile}, cost ${cell.cost} wood for the spaces beside and below it`;
  }
  if (cell.open) return `${at}: open, a mine here costs ${cell.cost_here} wood`;
  return `${at}: not open`;
}

function drawCell(index, cell, ctx) {
  const clickable = ctx.interactive;
  const node = testid(make(clickable ? "button" : "div", "kh-mn-cell"), `kh-mine-cell-${index}`);
  if (clickable) {
    node.type = "button";
    node.dataset.intent = "space";
    node.dataset.index = String(index);
  }
  const title = cellTitle(index, cell, ctx.players, ctx.columns);
  node.title = title;
  node.setAttribute("aria-label", title);
  node.dataset.kind = cell.kind || "empty";
  node.dataset.open = cell.open ? "true" : "false";
  node.classList.add(`kh-mn-cell--${cell.kind || "empty"}`);
  if (cell.open) node.classList.add("kh-mn-cell--open");
  if (!cell.tile && !cell.open && ctx.anySpace) node.classList.add("kh-mn-cell--teacher");
  if (index === ctx.last) node.classList.add("kh-mn-cell--last");
  if (cell.tile && cell.kind !== "rock") {
    node.style.setProperty("--kh-mn-owner", colourOf(ctx.colours, cell.owner));
    node.dataset.owner = String(cell.owner);
  }

  node.append(make("span", "kh-mn-index", `#${index}`));
  if (cell.entrance) node.append(testid(make("span", "kh-mn-entrance", "entrance · 2 wood"), `kh-mine-entrance-${index}`));
  if (cell.kind === "rock") {
    node.append(make("span", "kh-mn-tile", "rock"), make("span", "kh-mn-stars", stars(cell.stars)));
  } else if (cell.tile) {
    node.append(make("span", "kh-mn-tile", cell.tile));
    const facts = make("span", "kh-mn-facts");
    facts.append(make("span", "kh-mn-fact", `cost ${cell.cost}`), make("span", "kh-mn-fact", `ore +${cell.ore}`));
    if (cell.population) facts.append(make("span", "kh-mn-fact", `pop +${cell.population}`));
    if (cell.points) facts.append(make("span", "kh-mn-fact", `+${cell.points} pt`));
    node.append(facts, make("span", "kh-mn-stars", cell.stars ? stars(cell.stars) : "no star"));
    if (cell.owner >= 0 && ctx.players[cell.owner]) node.append(make("span", "kh-mn-owner", ctx.players[cell.owner]));
  } else if (cell.open) {
    node.append(testid(make("span", "kh-mn-cost", `open: ${cell.cost_here} wood`), `kh-mine-cost-${index}`));
  }
  return node;
}

function drawScores(scores, totals, players, colours) {
  const table = testid(make("table", "kh-mn-scores"), "kh-mine-scores");
  const head = make("tr");
  for (const text of ["row", "stars", "1st / 2nd / 3rd"]) head.append(make("th", "kh-mn-th", text));
  players.forEach((name, p) => {
    const th = make("th", "kh-mn-th");
    const chip = make("span", "kh-mn-chip", name);
    chip.style.background = colourOf(colours, p);
    th.append(chip);
    head.append(th);
  });
  table.append(head);
  for (const s of scores) {
    const tr = testid(make("tr", "kh-mn-score-row"), `kh-mine-score-${s.row}`);
    tr.append(make("td", "kh-mn-td", `row ${s.row + 1}`), make("td", "kh-mn-td kh-mn-num", s.stars),
      make("td", "kh-mn-td kh-mn-num", s.values.join(" / ")));
    players.forEach((_, p) => {
      const td = make("td", "kh-mn-td kh-mn-num");
      td.append(make("span", "kh-mn-mystars", `${s.player_stars[p]} ★ → `),
        testid(make("b", "kh-mn-points", s.points[p]), `kh-mine-points-${s.row}-${p}`));
      if (s.points[p] > 0) td.classList.add("kh-mn-td--scores");
      tr.append(td);
    });
    table.append(tr);
  }
  const foot = make("tr", "kh-mn-total-row");
  const label = make("td", "kh-mn-td", "mine points");
  label.colSpan = 3;
  foot.append(label);
  players.forEach((_, p) => foot.append(testid(make("td", "kh-mn-td kh-mn-num kh-mn-total", totals[p] ?? 0),
    `kh-mine-total-${p}`)));
  table.append(foot);
  return table;
}

function render({ model, el }) {
  const root = testid(make("div", "kh-mn-root"), "kh-mine-root");

  const draw = () => {
    const board = model.get("board") || {};
    const cells = board.cells || [];
    const rows = board.rows || 0;
    const columns = board.columns || 0;
    const info = board.row_info || [];
    const players = model.get("players") || [];
    const colours = model.get("colours") || [];
    const ctx = { players, colours, columns, interactive: model.get("interactive"), anySpace: model.get("any_space"),
      last: model.get("last") };
    const parts = [];

    const banner = model.get("banner");
    if (banner) {
      const source = model.get("source");
      parts.push(testid(make("div", "kh-mn-banner", `⚠️ ${banner}${source ? ` (mine tiles, rocks, setup cards and row values: ${source})` : ""}`),
        "kh-mine-banner"));
    }

    const head = make("div", "kh-mn-head");
    head.append(testid(make("span", "kh-mn-title", model.get("caption") || "Mine board"), "kh-mine-title"));
    const level = model.get("technology");
    head.append(testid(make("span", "kh-mn-tech", `mining technology: draw ${level} tile${level === 1 ? "" : "s"} per Mine action`),
      "kh-mine-tech"));
    const legend = testid(make("span", "kh-mn-legend"), "kh-mine-legend");
    players.forEach((name, p) => {
      const chip = make("span", "kh-mn-chip", name);
      chip.style.background = colourOf(colours, p);
      legend.append(chip);
    });
    head.append(legend);
    parts.push(head);

    const grid = testid(make("div", "kh-mn-grid"), "kh-mine-grid");
    grid.style.gridTemplateColumns = `auto repeat(${columns}, minmax(78px, 1fr)) auto`;
    grid.append(make("span", "kh-mn-corner"));
    for (let c = 0; c < columns; c++) grid.append(make("span", "kh-mn-colhead", `column ${c + 1}`));
    grid.append(make("span", "kh-mn-colhead kh-mn-colhead--rows", "row stars → 1st / 2nd / 3rd"));
    for (let r = 0; r < rows; r++) {
      grid.append(make("span", "kh-mn-rowhead", `row ${r + 1}`));
      for (let c = 0; c < columns; c++) {
        const index = r * columns + c;
        if (cells[index]) grid.append(drawCell(index, cells[index], ctx));
      }
      const row = info[r] || { stars: 0, values: [0, 0, 0] };
      const side = testid(make("span", "kh-mn-rowinfo"), `kh-mine-row-${r}`);
      side.append(make("b", "kh-mn-rowstars", `${row.stars} ★`), make("span", "kh-mn-rowvalues", `→ ${row.values.join(" / ")}`));
      side.title = `row ${r + 1}: ${row.stars} stars in all (rocks included); ${ORDINALS.map((o, i) => `${o} ${row.values[i]}`).join(", ")}`;
      grid.append(side);
    }
    parts.push(grid);

    const scores = model.get("scores") || [];
    if (model.get("show_scores") && scores.length && players.length) {
      parts.push(drawScores(scores, model.get("totals") || [], players, colours));
    }

    const message = testid(make("div", "kh-mn-message", model.get("message")), "kh-mine-message");
    message.classList.add(model.get("message_kind") === "error" ? "kh-mn-message--error" : "kh-mn-message--info");
    message.setAttribute("role", "status");
    parts.push(message);

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
    if (!node || !root.contains(node)) return;
    if (node.dataset.intent === "space") model.send({ type: "space", index: Number(node.dataset.index) });
  };

  const traits = ["board", "players", "colours", "technology", "show_scores", "scores", "totals", "last", "caption",
    "interactive", "any_space", "banner", "source", "message", "message_kind", "message_seq"];
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
