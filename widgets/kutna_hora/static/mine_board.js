// Kutná Hora's mine board: the one renderer of the mine, used by the mine board's own view (mine_view.js,
// widgets.kutna_hora.MineBoardView) and by the game table (table.js). It draws a games.kutna_hora.mines.snapshot:
// entrances, rocks, mine tiles in their owners' colours, open spaces with their wood cost, each row's stars and
// value. No rules here: which spaces are open and what they cost come from Python.

import { clickable, make, offer, testid } from "../../shared/static/runtime.js";

const MINE_ORDINALS = ["1st", "2nd", "3rd"];

function starText(n) {
  return n > 0 ? "★".repeat(n) : "";
}

function ownerColour(colours, owner) {
  return owner >= 0 && colours[owner] ? colours[owner] : "#6b6357";
}

function mineCellTitle(index, cell, names, columns) {
  const at = `space ${index} (row ${Math.floor(index / columns) + 1}, column ${(index % columns) + 1})`;
  if (cell.kind === "rock") return `${at}: a rock with ${cell.stars} star(s); no mine can go here`;
  if (cell.tile) {
    const who = cell.owner >= 0 && names[cell.owner] ? `${names[cell.owner]}'s ` : "";
    return `${at}: ${who}mine ${cell.tile}, cost ${cell.cost} wood for the spaces beside and below it`;
  }
  if (cell.open) return `${at}: open, a mine here costs ${cell.cost_here} wood`;
  return `${at}: not open`;
}

// The table sends each cell as [tile, owner, open, cost], each row as [stars, values] and the tiles once in its
// catalogue; this gives the snapshot the renderer draws.
export function mineSnapshot(mine, catalog) {
  const entrances = new Set(catalog.entrances || []);
  const cells = (mine.cells || []).map(([tile, owner, open, cost], i) => {
    const cell = { tile, owner, open: !!open, cost_here: cost, entrance: entrances.has(i), kind: "", stars: 0 };
    const rock = (catalog.rocks || {})[tile];
    if (rock !== undefined) return { ...cell, kind: "rock", stars: rock };
    if (tile) {
      const [back, tileCost, ore, population, points, stars] = (catalog.mine_tiles || {})[tile] || ["?", 0, 0, 0, 0, 0];
      return { ...cell, kind: back === "tech" ? "tech" : "mine", back, cost: tileCost, ore, population, points, stars };
    }
    return cell;
  });
  const rowInfo = (mine.rows || []).map(([stars, values], row) => ({ row, stars, values }));
  return { rows: catalog.mine_rows, columns: catalog.mine_columns, cells, row_info: rowInfo };
}

function drawMineCell(index, cell, o, columns) {
  const node = testid(make("div", "kh-mn-cell"), `kh-mine-cell-${index}`);
  const title = mineCellTitle(index, cell, o.names, columns);
  node.dataset.kind = cell.kind || "empty";
  node.dataset.open = cell.open ? "true" : "false";
  node.classList.add(`kh-mn-cell--${cell.kind || "empty"}`);
  if (cell.open && o.showOpen) node.classList.add("kh-mn-cell--open");
  if (!cell.tile && !cell.open && o.anySpace) node.classList.add("kh-mn-cell--teacher");
  if (index === o.last) node.classList.add("kh-mn-cell--last");
  if (cell.tile && cell.kind !== "rock") {
    node.style.setProperty("--kh-mn-owner", ownerColour(o.colours, cell.owner));
    node.dataset.owner = String(cell.owner);
  }
  node.append(make("span", "kh-mn-index", `#${index}`));
  if (cell.entrance) node.append(testid(make("span", "kh-mn-entrance", "entrance · 2 wood"), `kh-mine-entrance-${index}`));
  if (cell.kind === "rock") {
    node.append(make("span", "kh-mn-tile", "rock"), make("span", "kh-mn-stars", starText(cell.stars)));
  } else if (cell.tile) {
    node.append(make("span", "kh-mn-tile", cell.tile));
    const facts = make("span", "kh-mn-facts");
    facts.append(make("span", "kh-mn-fact", `cost ${cell.cost}`), make("span", "kh-mn-fact", `ore +${cell.ore}`));
    if (cell.population) facts.append(make("span", "kh-mn-fact", `pop +${cell.population}`));
    if (cell.points) facts.append(make("span", "kh-mn-fact", `+${cell.points} pt`));
    node.append(facts, make("span", "kh-mn-stars", cell.stars ? starText(cell.stars) : "no star"));
    if (cell.owner >= 0 && o.names[cell.owner]) node.append(make("span", "kh-mn-owner", o.names[cell.owner]));
  } else if (cell.open && o.showOpen) {
    const wood = o.wood ? ` = ${cell.cost_here * o.wood} g` : "";
    const words = o.openLabel ? o.openLabel(index, cell) : `open: ${cell.cost_here} wood${wood}`;
    node.append(testid(make("span", "kh-mn-cost", words), `kh-mine-cost-${index}`));
  }
  if (index === o.mark) {
    node.classList.add("kh-mn-cell--mark");
    node.append(make("span", "kh-mn-mark", "?"));
  }
  const click = o.click ? o.click(index, cell) : null;
  if (click && click[0] === "act") offer(node, click[1].action, !!click[3], click[2] || title);  // a game table's
  else if (click) clickable(node, click[0], click[1], click[2] || title);
  else node.title = title;
  if (click && click[3]) node.classList.add("kh-mn-cell--choice");
  node.setAttribute("aria-label", title);
  return node;
}

// drawMineBoard(board, {names, colours, last, mark, showOpen, showRows, anySpace, wood, openLabel, click}): the grid
// with its column and row heads and, with showRows, each row's stars and value. An open space reads "open: 2 wood"
// (" = 4 g" with the wood price), or openLabel(index, cell). click(index, cell) returns [intent, args, title,
// highlight] for a cell that sends an intent (highlight: one of a few legal choices; a game table's "act" without it
// names an action the rules refuse now), or null.
export function drawMineBoard(board, opts) {
  const o = { names: [], colours: [], last: -1, mark: -1, showOpen: true, showRows: true, anySpace: false,
    wood: 0, click: null, ...(opts || {}) };
  const columns = board.columns || 0;
  const cells = board.cells || [];
  const info = board.row_info || [];
  const grid = testid(make("div", "kh-mn-grid"), "kh-mine-grid");
  grid.style.gridTemplateColumns = `auto repeat(${columns}, minmax(78px, 1fr))${o.showRows ? " auto" : ""}`;
  grid.append(make("span", "kh-mn-corner"));
  for (let c = 0; c < columns; c++) grid.append(make("span", "kh-mn-colhead", `column ${c + 1}`));
  if (o.showRows) grid.append(make("span", "kh-mn-colhead kh-mn-colhead--rows", "row stars → 1st / 2nd / 3rd"));
  for (let r = 0; r < (board.rows || 0); r++) {
    grid.append(make("span", "kh-mn-rowhead", `row ${r + 1}`));
    for (let c = 0; c < columns; c++) {
      const index = r * columns + c;
      if (cells[index]) grid.append(drawMineCell(index, cells[index], o, columns));
    }
    if (!o.showRows) continue;
    const row = info[r] || { stars: 0, values: [0, 0, 0] };
    const side = testid(make("span", "kh-mn-rowinfo"), `kh-mine-row-${r}`);
    side.append(make("b", "kh-mn-rowstars", `${row.stars} ★`), make("span", "kh-mn-rowvalues", `→ ${row.values.join(" / ")}`));
    side.title = `row ${r + 1}: ${row.stars} stars in all (rocks included); ` +
      `${MINE_ORDINALS.map((w, i) => `${w} ${row.values[i]}`).join(", ")}`;
    grid.append(side);
  }
  return grid;
}

// A chip in a player's colour (the legend and the scoring table's heads).
export function playerChip(name, colour) {
  const chip = make("span", "kh-mn-chip", name);
  chip.style.background = colour || "#6b6357";
  return chip;
}
