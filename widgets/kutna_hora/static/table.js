// Kutná Hora table (widgets.KHTable) and its boards on their own (TownHallView, BarbaraView, PlayerBoardView: the
// `part` trait). Draws the synced state and sends intents; no rules here: what is clickable comes from Python
// (status.actions, the human seat's legal actions now, grouped by what they name; status.costs, their groschen).
// Every intent carries all its data (jupyter.md §2.3): {intent: "act", action: "mine ii-3 7"}, {intent: "view_step", step}.
// A choice of two parts (mine TILE SPACE, build TILE PLOT, a joker's action) is picked in two clicks: the first only
// selects (kept here, never sent), the second sends the whole action.

const ACTION_WORDS = {
  mine: "Mine", rights: "Rights", plot: "Plot", build: "Build", income: "Income", barbara: "St. Barbara", joker: "Joker",
};
const ACTION_TITLES = {
  mine: "Mine: draw tiles by the technology level, keep one, build it on an open space with a miner",
  rights: "Rights: take the top tile of a town hall stack (your guilds or public) into a free slot",
  plot: "Plot: buy a plot in town for your plot marker",
  build: "Build: build a held tile on one of your plots, paying its wood",
  income: "Income: production × current price for each good; then the council",
  barbara: "St. Barbara: spend a pelican, resolve the current tile",
  joker: "Joker: any other action (costs 1 reputation below reputation 6)",
};
const BUTTON_TITLES = {
  pass: "Ignore the rest of this effect",
  discard: "Discard every drawn tile and build no mine",
  "tech-remove": "Remove the technology tile from the game instead of placing it",
  "tax pay": "Pay the tax and the plot tax",
  "tax refuse": "Do not pay: lose this round's reputation instead (and no plot tax)",
};
const EXTRA_WORDS = { "tax+1": "tax +1", "st-barbara": "flips St. Barbara" };
const DECK_GOODS_TITLE = { population: "population deck", ore: "ore deck" };
const KIND_LABEL = { points: "pts", reputation: "rep", pelicans: "pelican", "public-rights": "public Rights" };

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
  const node = testid(make("button", "kh-tb-button", label), id);
  node.type = "button";
  node.dataset.intent = intent;
  for (const [k, v] of Object.entries(extra || {})) node.dataset[k] = v;
  return node;
}

function clickable(node, action, title) {
  node.classList.add("kh-tb-clickable");
  node.dataset.intent = "act";
  node.dataset.action = action;
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  if (title) node.title = title;
  return node;
}

function selectable(node, key, chosen, title) {
  node.classList.add("kh-tb-clickable", "kh-tb-selectable");
  node.dataset.select = key;
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  if (chosen) node.classList.add("kh-tb-selected");
  if (title) node.title = title;
  return node;
}

function slug(text) {
  return String(text).replace(/ /g, "-");
}

function seatName(p) {
  return `Player ${p + 1}`;
}

function seatHex(catalog, p) {
  return (catalog.seat_colours || [])[p] || "#888";
}

function colourHex(catalog, colour) {
  return (catalog.colours || {})[colour] || colour || "#888";
}

function pawn(catalog, p, className, text) {
  const node = make("span", `kh-tb-pawn ${className || ""}`.trim(), text === undefined ? p + 1 : text);
  node.style.setProperty("--kh-seat", seatHex(catalog, p));
  node.title = `${seatName(p)} (${(catalog.seat_names || [])[p] || ""})`;
  return node;
}

function dots(catalog, icons) {
  const box = make("span", "kh-tb-icons");
  for (const icon of icons || []) {
    const d = make("span", "kh-tb-icon");
    d.style.setProperty("--kh-icon", colourHex(catalog, icon));
    d.title = `${icon} icon`;
    box.append(d);
  }
  return box;
}

function groschen(n) {
  return `${n} g`;
}

function costText(status, action) {
  const c = (status.costs || {})[action];
  return c === undefined ? "" : c === 0 ? "free" : groschen(c);
}

// ---------------------------------------------------------------------------------------------- tiles
function tileWords(catalog, id) {
  const t = (catalog.tiles || {})[id];
  if (!t) return id;
  const [guild, colour, wood, prod, plotValue, icons, extra, tech, bonus, population] = t;
  const parts = [guild === "public" ? `${colour} public building` : `${guild} (${(catalog.guild_good || {})[guild]})`,
    `wood ${wood}`, `plot value ${plotValue}`];
  if (prod) parts.push(`production +${prod}`);
  if (population) parts.push(`population +${population}`);
  if (extra) parts.push(EXTRA_WORDS[extra] || extra);
  if (tech) parts.push("technology tile");
  if (bonus) parts.push(`bonus ${bonus} and a ${colour} noble to the pool`);
  parts.push(`icons ${(icons || []).join(", ")}`);
  return `${id}: ${parts.join(" · ")}`;
}

function drawTile(catalog, id, opts) {
  const o = opts || {};
  const t = (catalog.tiles || {})[id] || ["?", "", 0, 0, 0, [], "", 0, "", 0];
  const [guild, colour, wood, prod, plotValue, icons, extra, tech, bonus] = t;
  const node = make("div", `kh-tb-tile ${guild === "public" ? "kh-tb-tile--public" : "kh-tb-tile--guild"}`);
  if (guild === "public") node.style.setProperty("--kh-tile", colourHex(catalog, colour));
  if (o.id) testid(node, o.id);
  const top = make("div", "kh-tb-tile-top");
  top.append(dots(catalog, icons), make("span", "kh-tb-tile-pv", plotValue));
  top.lastChild.title = "plot value";
  node.append(top, make("div", "kh-tb-tile-name", guild === "public" ? `${colour}` : guild));
  const line = make("div", "kh-tb-tile-line");
  line.append(make("span", "kh-tb-wood", `wood ${wood}`));
  if (prod) line.append(make("span", "kh-tb-prod", `+${prod} ${(catalog.guild_good || {})[guild] || ""}`));
  if (bonus) line.append(make("span", "kh-tb-prod", bonus));
  node.append(line);
  const marks = [];
  if (extra) marks.push(EXTRA_WORDS[extra] || extra);
  if (tech) marks.push("technology");
  if (marks.length) node.append(make("div", "kh-tb-tile-extra", marks.join(" · ")));
  if (o.note) node.append(make("div", "kh-tb-tile-note", o.note));
  node.title = tileWords(catalog, id);
  return node;
}

function mineWords(catalog, id) {
  const m = (catalog.mine_tiles || {})[id];
  if (!m) return id;
  const [back, cost, ore, population, points, stars] = m;
  return `${id} (back ${back}): the spaces beside and below cost ${cost} wood · ore +${ore}` +
    `${population ? ` · population +${population}` : ""}${points ? ` · ${points} points` : ""} · ${stars} ★`;
}

function drawMineTile(catalog, id, opts) {
  const o = opts || {};
  const [back, cost, ore, , points, stars] = (catalog.mine_tiles || {})[id] || ["?", 0, 0, 0, 0, 0];
  const node = make("div", `kh-tb-minetile ${back === "tech" ? "kh-tb-minetile--tech" : ""}`.trim());
  if (o.id) testid(node, o.id);
  node.append(make("span", "kh-tb-minetile-id", id), make("span", "kh-tb-minetile-nums",
    `w${cost} ore+${ore}${stars ? ` ${"★".repeat(stars)}` : ""}${points ? ` +${points}p` : ""}`));
  node.title = mineWords(catalog, id);
  return node;
}

// ---------------------------------------------------------------------------------------------- round track, stands
function drawRoundTrack(catalog, board) {
  const box = testid(make("section", "kh-tb-panel kh-tb-roundtrack"), "kh-tb-round-track");
  const head = make("div", "kh-tb-panel-head");
  head.append(make("span", "kh-tb-title", "Round track"),
    testid(make("span", "kh-tb-tax", `tax ${board.tax}`), "kh-tb-tax"));
  head.lastChild.title = `The tax marker (never above ${catalog.tax_cap}); plot tax comes on top at round end`;
  box.append(head);
  const track = make("div", "kh-tb-rounds");
  for (let r = 1; r <= (board.rounds || 0); r++) {
    const cell = testid(make("div", "kh-tb-round"), `kh-tb-round-${r}`);
    if (r === board.round) cell.classList.add("kh-tb-round--now");
    if (r < board.round) cell.classList.add("kh-tb-round--past");
    const event = (board.events || [])[r - 1];
    const card = make("div", "kh-tb-event-card");
    if (event === "face down") {
      card.classList.add("kh-tb-event-card--down");
      card.textContent = "?";
      card.title = `Event for round ${r}: face down until the round is prepared`;
    } else if (event) {
      const [tax, population, ore, builds] = (catalog.events || {})[event] || [0, 0, 0, ""];
      const words = [tax ? `tax +${tax} when revealed` : "", population ? `population +${population}` : "",
        ore ? `ore +${ore}` : "", builds ? `the town builds ${builds}` : ""].filter(Boolean);
      card.textContent = event;
      card.title = `Event ${event}: ${words.join("; ")}${population || ore || builds ? " (deck moves at round end)" : ""}`;
    } else {
      card.classList.add("kh-tb-event-card--none");
      card.title = "No event card this round";
    }
    cell.append(card, make("div", "kh-tb-round-no", r));
    const notes = [];
    if (r === catalog.red_round && board.red_track) notes.push(`red ×${board.red_track}`);
    if (r >= catalog.noble_from) notes.push("nobles");
    const note = make("div", "kh-tb-round-note", notes.join(" · "));
    if (r === catalog.red_round && board.red_track) note.classList.add("kh-tb-round-note--red");
    cell.append(note);
    cell.title = `Round ${r}: refusing tax costs ${(catalog.tax_reputation || [])[r - 1]} reputation` +
      `${r >= catalog.noble_from ? "; nobles score at its end" : ""}` +
      `${r === catalog.red_round ? "; the red public buildings enter at its end" : ""}`;
    track.append(cell);
  }
  box.append(track);
  const start = make("div", "kh-tb-muted");
  start.append("start player ", pawn(catalog, board.start), ` · round ${board.round} of ${board.rounds}`);
  box.append(start);
  return box;
}

function drawStands(catalog, board, stands) {
  const box = testid(make("section", "kh-tb-panel kh-tb-stands"), "kh-tb-stands");
  box.append(make("div", "kh-tb-title", "Card stands (prices)"));
  for (const deck of ["population", "ore"]) {
    const d = (stands || {})[deck];
    if (!d) continue;
    const stand = testid(make("div", "kh-tb-stand"), `kh-tb-stand-${deck}`);
    const label = make("div", "kh-tb-stand-head", `${DECK_GOODS_TITLE[deck]}: card ${d.position} of ${d.last}`);
    label.title = `The visible card; the deck flips at card ${d.flip}${d.flipped ? " (flipped)" : ""}`;
    if (d.flipped) label.append(make("span", "kh-tb-flipped", " flipped"));
    stand.append(label);
    for (const [good, [slider, notch, price, cells]] of Object.entries(d.goods || {})) {
      const row = testid(make("div", "kh-tb-good"), `kh-tb-good-${good}`);
      row.append(make("span", "kh-tb-good-name", good), testid(make("span", "kh-tb-price", price), `kh-tb-price-${good}`));
      row.lastChild.title = `${good} costs ${price} groschen now`;
      const strip = make("span", "kh-tb-cells");
      cells.forEach(([value, nodemand, builds], k) => {
        const c = make("span", "kh-tb-cell", value);
        if (k === notch) c.classList.add("kh-tb-cell--now");
        if (nodemand) { c.classList.add("kh-tb-cell--x"); c.append(make("span", "kh-tb-x", "✗")); }
        if (builds) c.append(make("span", "kh-tb-builds", "⌂"));
        c.title = `${slider} slider notch ${k}: ${value} groschen${nodemand ? "; ✗ no demand: nobody may build it" : ""}` +
          `${builds ? "; ⌂ the town builds when the slider reaches it" : ""}`;
        strip.append(c);
      });
      row.append(strip);
      stand.append(row);
    }
    box.append(stand);
  }
  return box;
}

// ---------------------------------------------------------------------------------------------- town hall, nobles
function drawHall(catalog, board, hall, status) {
  const box = testid(make("section", "kh-tb-panel kh-tb-hall"), "kh-tb-hall");
  box.append(make("div", "kh-tb-title", "Town hall"));
  const rights = new Set((status.actions || {}).rights || []);
  const permit = (board.prices || {}).permits;
  const grid = make("div", "kh-tb-hall-grid");
  const heads = make("div", "kh-tb-hall-row kh-tb-hall-heads");
  (catalog.rights_costs || []).forEach(([kind, n], c) => {
    const h = make("div", "kh-tb-hall-head", kind === "groschen" ? `${n} groschen` :
      `${n} permit${n > 1 ? "s" : ""} (${n * permit} g)`);
    h.title = `Rights to a tile in column ${c + 1} cost ${kind === "groschen" ? `${n} groschen` : `${n} × the permit price (${permit})`}`;
    heads.append(h);
  });
  grid.append(heads);
  (hall.rows || []).forEach((row, r) => {
    const line = testid(make("div", "kh-tb-hall-row"), `kh-tb-hall-row-${r}`);
    for (let c = 0; c < (catalog.rights_costs || []).length; c++) {
      const stack = row[c];
      const slot = make("div", "kh-tb-stack");
      if (!stack) {
        slot.classList.add("kh-tb-stack--empty");
        line.append(slot);
        continue;
      }
      const [kind, name, top, count] = stack;
      testid(slot, `kh-tb-stack-${r}-${c}`);
      const action = `rights ${top}`;
      const tile = drawTile(catalog, top, { note: `${count} in stack`, id: `kh-tb-top-${top}` });
      slot.append(tile);
      if (kind === "public") slot.classList.add("kh-tb-stack--public");
      if (rights.has(action)) clickable(tile, action, `Take ${top} (${costText(status, action)}): ${tileWords(catalog, top)}`);
      slot.dataset.stack = name;
      line.append(slot);
    }
    grid.append(line);
  });
  box.append(grid);
  box.append(make("div", "kh-tb-muted", `discarded by the town: ${hall.discards || 0} · red public buildings waiting: ${board.red_track || 0}`));
  return box;
}

function drawNobles(catalog, board, seats, status) {
  const box = testid(make("section", "kh-tb-panel kh-tb-nobles"), "kh-tb-nobles");
  box.append(make("div", "kh-tb-title", "Nobles"));
  const council = new Set((status.actions || {}).council || []);
  const fromBank = new Set((status.actions || {}).noble || []);
  const table = make("table", "kh-tb-noble-table");
  const head = make("tr");
  for (const h of ["", "bank", "pool", "council"]) head.append(make("th", "kh-tb-noble-head", h));
  (seats || []).forEach((_, p) => {
    const th = make("th", "kh-tb-noble-head");
    th.append(pawn(catalog, p));
    th.title = `what one noble of each colour is worth for ${seatName(p)} now`;
    head.append(th);
  });
  table.append(head);
  for (const colour of Object.keys(catalog.nobles || {})) {
    const tr = make("tr");
    const name = make("th", "kh-tb-noble-name");
    const chip = make("span", "kh-tb-noble");
    chip.style.setProperty("--kh-icon", colourHex(catalog, colour));
    name.append(chip, ` ${colour}`);
    name.title = (catalog.nobles || {})[colour];
    tr.append(name);
    for (const where of ["bank", "pool", "council"]) {
      const td = testid(make("td", "kh-tb-noble-count", (board[where] || {})[colour] ?? 0), `kh-tb-noble-${where}-${colour}`);
      if (where === "pool" && council.has(colour)) clickable(td, `council ${colour}`, `Pay ${catalog.council_cost} groschen: a ${colour} noble from the pool to the council`);
      if (where === "bank" && fromBank.has(colour)) clickable(td, `noble ${colour}`, `St. Barbara 6: a ${colour} noble from the bank to the council`);
      tr.append(td);
    }
    (seats || []).forEach((seat) => tr.append(make("td", "kh-tb-noble-value", (seat.nobles || {})[colour] ?? 0)));
    table.append(tr);
  }
  box.append(table);
  box.append(make("div", "kh-tb-muted", `Council nobles score for everyone at the end of rounds ${catalog.noble_from}–${catalog.rounds}; right: one noble's points now.`));
  return box;
}

// ---------------------------------------------------------------------------------------------- St. Barbara
function drawBarbara(catalog, board) {
  const box = testid(make("section", "kh-tb-panel kh-tb-barbara"), "kh-tb-barbara");
  const done = board.barbara || 0;
  box.append(make("div", "kh-tb-title", `St. Barbara · ${done} of ${(catalog.barbara || []).length} done`));
  const church = make("div", "kh-tb-church");
  for (const line of [[11], [6, 7, 8, 9, 10], [1, 2, 3, 4, 5]]) {
    const row = make("div", "kh-tb-church-row");
    for (const k of line) {
      const [text, tax] = (catalog.barbara || [])[k - 1] || ["", 0];
      const tile = testid(make("div", "kh-tb-saint"), `kh-tb-barbara-${k}`);
      if (k <= done) tile.classList.add("kh-tb-saint--done");
      if (k === done + 1) tile.classList.add("kh-tb-saint--now");
      tile.append(make("span", "kh-tb-saint-no", k), make("span", "kh-tb-saint-text", k <= done ? "done" : text),
        make("span", "kh-tb-saint-tax", `tax +${tax}`));
      tile.title = `Tile ${k}: ${text} (tax +${tax} if a building flips it)${k <= done ? " — done" : k === done + 1 ? " — the current tile" : ""}`;
      row.append(tile);
    }
    church.append(row);
  }
  box.append(church);
  return box;
}

// ---------------------------------------------------------------------------------------------- the mine
function drawMine(catalog, board, mine, status, selected) {
  const box = testid(make("section", "kh-tb-panel kh-tb-mine"), "kh-tb-mine");
  const acts = status.actions || {};
  const head = make("div", "kh-tb-panel-head");
  head.append(make("span", "kh-tb-title", "Mine"), testid(make("span", "kh-tb-muted",
    `technology ${mine.technology}: draw ${mine.technology} · tech tiles left ${mine.tech_left} · stack ${mine.stack}` +
    `${mine.back ? ` (top: ${mine.back})` : ""} · discards ${mine.discard}`), "kh-tb-technology"));
  box.append(head);
  const drawn = mine.drawn || [];
  if (drawn.length) {
    const hand = testid(make("div", "kh-tb-drawn"), "kh-tb-drawn");
    hand.append(make("span", "kh-tb-label", "drawn"));
    for (const t of drawn) {
      const tile = drawMineTile(catalog, t, { id: `kh-tb-drawn-${t}` });
      if ((acts.mine || {})[t]) selectable(tile, `mine:${t}`, selected.mine === t, `Keep ${t}, then click an open space: ${mineWords(catalog, t)}`);
      hand.append(tile);
    }
    box.append(hand);
  } else if (mine.drawn_count) {
    box.append(make("div", "kh-tb-muted", `${mine.drawn_count} tile${mine.drawn_count > 1 ? "s" : ""} drawn (seen only by the player who drew)`));
  }
  const cols = catalog.mine_columns || 6;
  const grid = make("div", "kh-tb-mine-grid");
  grid.style.setProperty("--kh-cols", cols);
  const wood = (board.prices || {}).wood;
  const keep = selected.mine;
  const spaces = new Set(keep ? (acts.mine || {})[keep] || [] : []);
  const tech = new Set(acts.tech || []);
  (mine.cells || []).forEach(([tile, owner, open, cost], i) => {
    const cell = testid(make("div", "kh-tb-space"), `kh-tb-mine-${i}`);
    const r = Math.floor(i / cols), c = i % cols;
    if ((catalog.entrances || []).includes(i)) {
      cell.classList.add("kh-tb-space--entrance");
      cell.append(make("span", "kh-tb-entrance", "⇩"));
    }
    let title = `row ${r + 1}, column ${c + 1}`;
    if (tile && (catalog.rocks || {})[tile] !== undefined) {
      cell.classList.add("kh-tb-space--rock");
      cell.append(make("span", "kh-tb-rock", `rock ${"★".repeat(catalog.rocks[tile])}`));
      title += `: a rock with ${catalog.rocks[tile]} star${catalog.rocks[tile] > 1 ? "s" : ""} (no mine here)`;
    } else if (tile) {
      cell.classList.add("kh-tb-space--mine");
      cell.style.setProperty("--kh-seat", seatHex(catalog, owner));
      cell.append(drawMineTile(catalog, tile), pawn(catalog, owner, "kh-tb-miner", "M"));
      title += `: ${seatName(owner)}'s mine ${mineWords(catalog, tile)}`;
    } else if (open) {
      cell.classList.add("kh-tb-space--open");
      cell.append(make("span", "kh-tb-space-cost", `${cost} wood${wood ? ` = ${cost * wood} g` : ""}`));
      title += `: open, ${cost} wood`;
    }
    const action = keep && spaces.has(i) ? `mine ${keep} ${i}` : tech.has(i) ? `tech ${i}` : "";
    if (action) clickable(cell, action, `${action} (${costText(status, action) || "free"})`);
    else cell.title = title;
    grid.append(cell);
    if (c === cols - 1) {
      const [stars, values] = (mine.rows || [])[r] || [0, []];
      const info = testid(make("div", "kh-tb-mine-row"), `kh-tb-mine-row-${r}`);
      info.append(make("span", "kh-tb-mine-stars", `★${stars}`), make("span", "kh-tb-mine-values", (values || []).join("/")));
      info.title = `Row ${r + 1}: ${stars} stars in all; final scoring gives ${(values || []).join(" / ")} points to the 1st / 2nd / 3rd by own stars`;
      grid.append(info);
    }
  });
  box.append(grid);
  return box;
}

// ---------------------------------------------------------------------------------------------- the town
function drawTown(catalog, town, status, selected) {
  const box = testid(make("section", "kh-tb-panel kh-tb-town"), "kh-tb-town");
  box.append(make("div", "kh-tb-title", "Town"));
  const acts = status.actions || {};
  const size = town.size || catalog.town_size || 5;
  const grid = make("div", "kh-tb-town-grid");
  grid.style.setProperty("--kh-size", size);
  const place = (node, row, col) => { node.style.gridRow = String(row + 1); node.style.gridColumn = String(col + 1); };
  for (const [r, c, side, colour] of catalog.edges || []) {
    const icon = make("span", "kh-tb-edge");
    icon.style.setProperty("--kh-icon", colourHex(catalog, colour));
    icon.title = `a ${colour} icon on the board edge`;
    if (side === "n") place(icon, 0, c + 1);
    else if (side === "s") place(icon, size + 1, c + 1);
    else if (side === "w") place(icon, r + 1, 0);
    else place(icon, r + 1, size + 1);
    grid.append(icon);
  }
  const plots = new Set(acts.plot || []);
  const scores = new Set(acts.score || []);
  const builds = new Set(selected.build ? (acts.build || {})[selected.build] || [] : []);
  (town.plots || []).forEach(([building, owner, marker], i) => {
    const cell = testid(make("div", "kh-tb-plot"), `kh-tb-plot-${i}`);
    place(cell, Math.floor(i / size) + 1, (i % size) + 1);
    cell.append(make("span", "kh-tb-plot-no", i));
    let title = `plot ${i}`;
    if (building) {
      const t = (catalog.tiles || {})[building] || [];
      cell.classList.add("kh-tb-plot--built");
      if (t[0] === "public") cell.style.setProperty("--kh-tile", colourHex(catalog, t[1]));
      else cell.style.setProperty("--kh-seat", seatHex(catalog, owner));
      if (t[0] === "public") cell.classList.add("kh-tb-plot--public");
      cell.append(dots(catalog, t[5]), make("span", "kh-tb-plot-name", t[0] === "public" ? t[1] : t[0]),
        make("span", "kh-tb-plot-pv", t[4]));
      if (owner >= 0) cell.append(pawn(catalog, owner, "kh-tb-house", "⌂"));
      title = `plot ${i}: ${tileWords(catalog, building)}${owner >= 0 ? ` · ${seatName(owner)}'s` : " · public"}`;
    }
    if (marker >= 0) {
      cell.append(pawn(catalog, marker, "kh-tb-marker", "◆"));
      title += ` · ${seatName(marker)}'s plot marker`;
    }
    let action = "";
    if (builds.has(i)) action = `build ${selected.build} ${i}`;
    else if (plots.has(i)) action = `plot ${i}`;
    else if (scores.has(i)) action = `score ${i}`;
    if (action) {
      const cost = costText(status, action);
      if (cost && !building) cell.append(make("span", "kh-tb-plot-cost", cost));
      clickable(cell, action, `${action}${cost ? ` (${cost})` : ""}`);
    } else {
      cell.title = title;
    }
    grid.append(cell);
  });
  box.append(grid);
  return box;
}

// ---------------------------------------------------------------------------------------------- a player board
function drawCards(catalog, seat, p, status, selected, live, jokerCost) {
  const box = testid(make("div", "kh-tb-cards"), `kh-tb-cards-${p}`);
  const acts = live ? status.actions || {} : {};
  const play = acts.play || {}, joker = acts.joker || {}, idle = new Set((acts.idle || []).map(String));
  (catalog.cards || []).forEach((halves, k) => {
    const c = k + 1;
    const inHand = (seat.cards || []).includes(c);
    const card = testid(make("div", "kh-tb-card"), `kh-tb-card-${p}-${c}`);
    card.append(make("span", "kh-tb-card-no", c));
    if (!inHand) {
      card.classList.add("kh-tb-card--played");
      card.title = `Card ${c} (${halves.join(" / ")}): played this round`;
      box.append(card);
      return;
    }
    for (const half of halves) {
      const h = testid(make("div", `kh-tb-half kh-tb-half--${half}`, ACTION_WORDS[half] || half), `kh-tb-half-${p}-${c}-${half}`);
      h.title = ACTION_TITLES[half] || half;
      if (half === "joker" && (joker[c] || []).length) {
        selectable(h, `joker:${c}`, selected.joker === String(c), `Joker on card ${c}: choose which action it takes`);
      } else if ((play[c] || []).includes(half)) {
        clickable(h, `play ${c} ${half}`, `Play card ${c} for ${ACTION_WORDS[half]} (its other half is lost this round)`);
      }
      card.append(h);
    }
    if (selected.joker === String(c)) {
      const menu = make("div", "kh-tb-joker-menu");
      for (const what of joker[c] || []) {
        const b = button(ACTION_WORDS[what] || what, `kh-tb-joker-${c}-${what}`, "act", { action: `joker ${c} ${what}` });
        b.classList.add("kh-tb-button--action");
        b.title = `Joker as ${ACTION_WORDS[what] || what}: costs ${jokerCost ? `${jokerCost} reputation` : "nothing (reputation 6 or more)"}`;
        menu.append(b);
      }
      card.append(menu);
    }
    if (idle.has(String(c))) {
      const b = button("no effect", `kh-tb-idle-${c}`, "act", { action: `idle ${c}` });
      b.classList.add("kh-tb-button--small");
      b.title = `Play card ${c} for no effect`;
      card.append(b);
    }
    box.append(card);
  });
  return box;
}

function drawSeat(catalog, board, seat, p, status, selected, live) {
  const box = testid(make("section", "kh-tb-seat"), `kh-tb-seat-${p}`);
  box.style.setProperty("--kh-seat", seatHex(catalog, p));
  if (seat.you) box.classList.add("kh-tb-seat--you");
  if (status.to_move === p) box.classList.add("kh-tb-seat--to-move");
  // Only the human's own board is clickable: the legal actions are that seat's.
  const mine = live && seat.you;
  const acts = mine ? status.actions || {} : {};
  const head = make("div", "kh-tb-seat-head");
  head.append(pawn(catalog, p), make("span", "kh-tb-seat-name", seatName(p)),
    make("span", "kh-tb-muted", seat.you ? "you" : seat.bot ? `${seat.bot} bot` : ""));
  if (board.start === p) head.append(make("span", "kh-tb-startflag", "start"));
  const stat = (id, text, title) => { const n = testid(make("span", "kh-tb-stat", text), id); n.title = title; return n; };
  head.append(stat(`kh-tb-score-${p}`, `${seat.score} pts`, "points so far"),
    stat(`kh-tb-groschen-${p}`, `${seat.groschen} g`, "groschen"),
    stat(`kh-tb-income-${p}`, `income ${seat.income}`, "what an Income action gives now"),
    stat(`kh-tb-pelicans-${p}`, `pelicans ${seat.pelicans} (${seat.used_pelicans} used)`, "pelicans: unused, and used on St. Barbara"),
    stat(`kh-tb-taxdue-${p}`, `tax due ${seat.tax_due}`, "tax plus plot tax at the end of this round"));
  if (status.to_move === p) head.append(make("span", "kh-tb-turn-flag", "to decide"));
  box.append(head);

  const body = make("div", "kh-tb-seat-body");
  const left = make("div", "kh-tb-seat-left");
  const rows = testid(make("div", "kh-tb-guildrows"), `kh-tb-guildrows-${p}`);
  const houses = new Set(acts.house || []);
  for (let r = 0; r < 3; r++) {
    const guild = (seat.guilds || [])[r] || "";
    const good = (catalog.guild_good || {})[guild] || "";
    const row = testid(make("div", "kh-tb-guildrow"), `kh-tb-row-${p}-${r}`);
    const name = make("span", "kh-tb-guild", guild || "—");
    const prod = (seat.production || {})[good] || 0;
    row.append(name, make("span", "kh-tb-production", good ? `${good} ${prod}${good === "ore" && seat.mine_ore ? ` + mines ${seat.mine_ore}` : ""}` : ""));
    const taken = (seat.houses_taken || [])[r] || 0;
    ((catalog.houses || [])[r] || []).forEach(([kind, n], k) => {
      const h = make("span", "kh-tb-housespace");
      const effect = `${kind === "public-rights" ? "" : `+${n} `}${KIND_LABEL[kind] || kind}`;
      if (k < taken) {
        h.classList.add("kh-tb-housespace--empty");
        h.textContent = effect;
        h.title = `House gone: the space shows ${effect}`;
      } else {
        h.append(make("span", "kh-tb-houseicon", "⌂"), make("span", "kh-tb-houseeffect", effect));
        h.title = `A house; building here gives ${effect}`;
      }
      row.append(h);
    });
    if (houses.has(guild)) clickable(row, `house ${guild}`, `St. Barbara 3: remove the leftmost ${guild} house (${good} production +2)`);
    rows.append(row);
  }
  left.append(rows);
  const rep = testid(make("div", "kh-tb-reptrack"), `kh-tb-reputation-${p}`);
  rep.append(make("span", "kh-tb-label", "reputation"));
  (catalog.reputation || []).forEach((points, k) => {
    const step = make("span", "kh-tb-repstep");
    step.append(make("span", "kh-tb-repno", k), make("span", "kh-tb-reppts", points > 0 ? `+${points}` : points));
    if (k === seat.reputation) { step.classList.add("kh-tb-repstep--here"); step.append(make("span", "kh-tb-repmark", "▲")); }
    step.title = `Reputation ${k}: ${points} points at the end`;
    rep.append(step);
  });
  left.append(rep);
  left.append(drawCards(catalog, seat, p, status, selected, mine, (board.joker_cost || [])[p]));
  const right = make("div", "kh-tb-seat-right");
  const held = testid(make("div", "kh-tb-held"), `kh-tb-held-${p}`);
  held.append(make("span", "kh-tb-label", "held tiles"));
  const build = acts.build || {};
  for (let k = 0; k < (catalog.held_slots || 3); k++) {
    const id = (seat.held || [])[k];
    if (!id) {
      held.append(testid(make("div", "kh-tb-slot", "empty"), `kh-tb-held-${p}-${k}`));
      continue;
    }
    const tile = drawTile(catalog, id, { id: `kh-tb-held-${p}-${k}` });
    if (build[id]) selectable(tile, `build:${id}`, selected.build === id, `Build ${id}: select it, then click one of your plots`);
    held.append(tile);
  }
  right.append(held);
  const miners = testid(make("div", "kh-tb-miners"), `kh-tb-miners-${p}`);
  miners.append(make("span", "kh-tb-label", "miners"), make("span", null, `pool ${seat.pool} · reserve ${seat.reserve}`));
  miners.title = "The miner pool (at most 2) and the miners beside it; a permit moves up to 2 into the pool";
  const plots = make("div", "kh-tb-muted", `plot markers in town: ${(seat.plots || []).length ? seat.plots.join(", ") : "none"}` +
    ` (${(catalog.plot_markers || 3) - (seat.plots || []).length} left)`);
  const nob = make("div", "kh-tb-muted", `one noble now: ${Object.entries(seat.nobles || {}).map(([c, v]) => `${c} ${v}`).join(", ")}`);
  const fin = testid(make("div", "kh-tb-muted", `final scoring now: ${Object.entries(seat.final || {}).map(([c, v]) => `${c} ${v}`).join(", ")}`), `kh-tb-final-${p}`);
  fin.title = "What the final scoring would give if the game ended now";
  right.append(miners, plots, nob, fin);
  body.append(left, right);
  box.append(body);
  return box;
}

// ---------------------------------------------------------------------------------------------- decision, controls, log
function drawPending(catalog, board, status) {
  const box = testid(make("div", "kh-tb-pending"), "kh-tb-pending");
  const acts = status.actions || {};
  if ((acts.guilds || []).length) {
    box.append(make("span", "kh-tb-label", `guild setup card ${board.guild_card}: choose a set`));
    for (const [k, guilds] of board.guild_sets || []) {
      const node = testid(make("div", "kh-tb-guildset", `set ${k}: ${guilds.join(", ")}`), `kh-tb-guildset-${k}`);
      if (acts.guilds.includes(k)) clickable(node, `guilds ${k}`, `Take guild set ${k}`);
      box.append(node);
    }
  }
  return box;
}

function drawControls(status, catalog, selected) {
  const bar = testid(make("div", "kh-tb-controls"), "kh-tb-controls");
  const acts = make("div", "kh-tb-actions");
  const a = status.actions || {};
  for (const action of a.buttons || []) {
    const cost = costText(status, action);
    const b = button(cost ? `${action} (${cost})` : action, `kh-tb-button-${slug(action)}`, "act", { action });
    b.classList.add("kh-tb-button--action");
    b.title = BUTTON_TITLES[action] || action;
    acts.append(b);
  }
  let hint = "";
  if (selected.mine) hint = `${selected.mine} kept: click a highlighted open space of the mine`;
  else if (Object.keys(a.mine || {}).length) hint = "Click a drawn tile to keep it, then an open space";
  else if (selected.build) hint = `${selected.build} selected: click one of your highlighted plots`;
  else if (Object.keys(a.build || {}).length) hint = "Click a held tile, then one of your plots";
  else if (selected.joker) hint = `Joker on card ${selected.joker}: click the action it takes`;
  else if (Object.keys(a.play || {}).length || Object.keys(a.joker || {}).length) hint = "Click a highlighted half of an action card";
  if (hint) acts.append(testid(make("span", "kh-tb-hint", hint), "kh-tb-hint"));
  bar.append(acts);
  const tools = make("div", "kh-tb-tools");
  const watch = catalog.human === null || catalog.human === undefined;
  if (status.live && !status.over && status.bot_to_move) {
    const next = button(watch ? "next" : "bots move", "kh-tb-next", "next");
    next.title = watch ? "One decision by the bot to decide" : "The bots play until it is your decision";
    tools.append(next);
  }
  if (status.live && !status.over) {
    const round = button(watch ? "play a round" : "a bot plays a round for me", "kh-tb-play-round", "play_rounds");
    round.title = "Bots play every seat (yours too) into the next round";
    const end = button("play to end", "kh-tb-play-to-end", "play_to_end");
    end.title = "Bots play every seat (yours too) to the end of the game";
    tools.append(round, end);
  }
  const undo = button("undo", "kh-tb-undo", "undo");
  undo.title = watch ? "Take back the last decision" : "Back to your previous decision (the bots' decisions since go too)";
  undo.disabled = !status.steps;
  const reset = button("reset", "kh-tb-reset", "reset");
  reset.title = "Start this game again from the beginning";
  reset.classList.add("kh-tb-button--warn");
  tools.append(undo, reset);
  bar.append(tools);
  return bar;
}

function drawLegal(status) {
  const legal = status.legal || [];
  if (!legal.length) return testid(make("div", "kh-tb-legal"), "kh-tb-legal");  // a bare <details> says "Details"
  const box = testid(make("details", "kh-tb-legal"), "kh-tb-legal");
  box.open = legal.length <= 30;
  box.append(make("summary", "kh-tb-label", `every legal action as text (${legal.length})`));
  const list = make("div", "kh-tb-legal-list");
  for (const action of legal) {
    const cost = costText(status, action);
    const b = button(cost ? `${action} · ${cost}` : action, `kh-tb-legal-${slug(action)}`, "act", { action });
    b.classList.add("kh-tb-button--small");
    list.append(b);
  }
  box.append(list);
  return box;
}

function drawTime(status, model) {
  const box = testid(make("div", "kh-tb-time"), "kh-tb-time");
  const label = testid(make("span", "kh-tb-steplabel"), "kh-tb-step-label");
  const say = (v) => { label.textContent = `step ${v} of ${status.steps}`; };
  const slider = testid(make("input", "kh-tb-slider"), "kh-tb-slider");
  slider.type = "range";
  slider.min = "0";
  slider.max = String(status.steps || 0);
  slider.value = String(status.view ?? status.steps ?? 0);
  slider.disabled = !status.steps;
  slider.setAttribute("aria-label", "time travel: step shown");
  slider.addEventListener("input", () => say(slider.value));
  slider.addEventListener("change", () => model.send({ intent: "view_step", step: Number(slider.value) }));
  say(slider.value);
  box.append(make("span", "kh-tb-label", "time travel"), slider, label);
  if (!status.live) {
    box.append(testid(make("span", "kh-tb-past", "looking back: read-only"), "kh-tb-past"),
      button("back to the present", "kh-tb-live", "view_step"));
  }
  return box;
}

function drawScores(catalog, status) {
  const box = testid(make("div", "kh-tb-scores"), "kh-tb-scores");
  const rows = status.score_table || [];
  if (!rows.length) return box;
  box.append(make("div", "kh-tb-title", "Final score"));
  const keys = Object.keys(rows[0]).filter((k) => k !== "total" && rows.some((r) => r[k]));
  const table = make("table", "kh-tb-score-table");
  const tr = make("tr");
  for (const h of ["", ...keys, "total"]) tr.append(make("th", "kh-tb-score-head", h));
  table.append(tr);
  const winners = new Set(status.winners || []);
  rows.forEach((row, p) => {
    const line = make("tr");
    const name = make("th", "kh-tb-score-name");
    name.append(pawn(catalog, p), ` ${seatName(p)}${winners.has(p) ? " ♛" : ""}`);
    line.append(name);
    for (const k of keys) line.append(make("td", "kh-tb-score-num", row[k]));
    const total = testid(make("td", "kh-tb-score-num kh-tb-score-total", row.total), `kh-tb-total-${p}`);
    line.append(total);
    table.append(line);
  });
  box.append(table);
  return box;
}

function drawEvents(catalog, events) {
  const box = make("details", "kh-tb-eventbox");
  box.open = true;
  box.append(make("summary", "kh-tb-label", `event log (${events.length})`));
  const list = testid(make("ol", "kh-tb-events"), "kh-tb-events");
  const sections = catalog.sections || [];
  const rules = catalog.rules || {};
  for (const [step, text, rule] of events) {
    const item = testid(make("li", "kh-tb-event"), "kh-tb-event");
    item.append(make("span", "kh-tb-event-step", step < 0 ? "setup" : `step ${step + 1}`), make("span", "kh-tb-event-text", text));
    if (rule) {
      const tag = make("span", "kh-tb-rule", rule);
      const [section, words] = rules[rule] || [null, ""];
      tag.title = `${rule}${section !== null && sections[section] ? ` · ${sections[section]}` : ""}: ${words}`;
      item.title = tag.title;
      item.append(tag);
    }
    list.append(item);
  }
  box.append(list);
  return box;
}

// ---------------------------------------------------------------------------------------------- render
function effectiveSelection(selected, actions) {
  // A selection only lives while it still names a legal choice; a lone choice is selected by itself.
  const out = { mine: null, build: null, joker: null };
  const mine = actions.mine || {}, build = actions.build || {}, joker = actions.joker || {};
  if (selected.mine && mine[selected.mine]) out.mine = selected.mine;
  else if (Object.keys(mine).length === 1) out.mine = Object.keys(mine)[0];
  if (selected.build && build[selected.build]) out.build = selected.build;
  else if (Object.keys(build).length === 1) out.build = Object.keys(build)[0];
  if (selected.joker && joker[selected.joker]) out.joker = selected.joker;
  return out;
}

function render({ model, el }) {
  const root = testid(make("div", "kh-tb-root"), "kh-tb-root");
  let chosen = { mine: null, build: null, joker: null };  // the first click of a two-part choice

  const draw = () => {
    const part = model.get("part") || "table";
    const catalog = model.get("catalog") || {};
    const status = model.get("status") || {};
    const board = model.get("board") || {};
    const seats = model.get("seats") || [];
    const live = part === "table";
    const actions = live ? status.actions || {} : {};
    chosen = effectiveSelection(chosen, actions);
    const selected = chosen;
    const parts = [];
    if (catalog.banner) parts.push(testid(make("div", "kh-tb-banner", `⚠️ ${catalog.banner} (${catalog.source || "approx"})`), "kh-tb-banner"));
    root.classList.toggle("kh-tb-root--part", !live);
    root.dataset.part = part;  // the browser tests tell the table from the board views by it
    if (part === "hall") {
      parts.push(drawHall(catalog, board, model.get("hall") || {}, {}), drawNobles(catalog, board, seats, {}));
    } else if (part === "barbara") {
      parts.push(drawBarbara(catalog, board));
    } else if (part === "player") {
      const p = model.get("player");
      if (seats[p]) parts.push(drawSeat(catalog, board, seats[p], p, {}, selected, false));
    } else {
      const head = make("div", "kh-tb-head");
      const prompt = testid(make("div", "kh-tb-prompt", status.prompt), "kh-tb-prompt");
      if (status.your_turn) prompt.classList.add("kh-tb-prompt--yours");
      if (status.over) prompt.classList.add("kh-tb-prompt--over");
      const turn = testid(make("div", "kh-tb-turn"), "kh-tb-turn");
      turn.textContent = [`round ${board.round} of ${board.rounds}`, status.kind_words].filter(Boolean).join(" · ");
      head.append(prompt, turn, drawPending(catalog, board, status));
      parts.push(head, drawControls(status, catalog, selected), drawLegal(status));
      const message = testid(make("div", "kh-tb-message", model.get("message")), "kh-tb-message");
      message.classList.add(model.get("message_kind") === "error" ? "kh-tb-message--error" : "kh-tb-message--info");
      message.setAttribute("role", "status");
      parts.push(message, drawTime(status, model));
      const table = testid(make("div", "kh-tb-table"), "kh-tb-table");
      if (!status.live) table.classList.add("kh-tb-table--past");
      const top = make("div", "kh-tb-band");
      top.append(drawRoundTrack(catalog, board), drawStands(catalog, board, model.get("stands") || {}));
      const middle = make("div", "kh-tb-band");
      middle.append(drawHall(catalog, board, model.get("hall") || {}, status), drawNobles(catalog, board, seats, status), drawBarbara(catalog, board));
      const lower = make("div", "kh-tb-band");
      lower.append(drawMine(catalog, board, model.get("mine") || {}, status, selected), drawTown(catalog, model.get("town") || {}, status, selected));
      const seatBox = testid(make("div", "kh-tb-seats"), "kh-tb-seats");
      seats.forEach((seat, p) => seatBox.append(drawSeat(catalog, board, seat, p, status, selected, true)));
      table.append(top, middle, lower, seatBox);
      parts.push(table, drawScores(catalog, status), drawEvents(catalog, model.get("events") || []));
    }
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

  const activateNode = (node) => {
    if (node.dataset.select) {
      const [kind, key] = node.dataset.select.split(":");
      chosen = { ...chosen, [kind]: chosen[kind] === key ? null : key };
      draw();
      return;
    }
    const intent = node.dataset.intent;
    if (intent === "act") model.send({ intent, action: node.dataset.action });
    else if (intent === "view_step") model.send({ intent, step: null });
    else if (intent === "play_rounds") model.send({ intent, rounds: 1 });
    else model.send({ intent });
  };
  const target = (event) => {
    const node = event.target instanceof Element ? event.target.closest("[data-intent], [data-select]") : null;
    return node && root.contains(node) && !node.disabled ? node : null;
  };
  const onClick = (event) => {
    const node = target(event);
    if (node) activateNode(node);
  };
  const onKey = (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = target(event);
    if (!node || node.tagName === "BUTTON" || node.tagName === "INPUT") return;
    event.preventDefault();
    activateNode(node);
  };

  const traits = ["part", "player", "catalog", "board", "stands", "hall", "mine", "town", "seats", "status", "events",
    "message", "message_kind", "message_seq"];
  for (const name of traits) model.on(`change:${name}`, schedule);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  draw();
  el.append(root);

  return () => {
    for (const name of traits) model.off(`change:${name}`, schedule);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

export default { render };
