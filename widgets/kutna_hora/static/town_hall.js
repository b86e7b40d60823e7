// Kutná Hora's town hall: three rows of stacks with their top tiles and the column costs (1 groschen, 1/2/3 permits at
// the permit price), and the nobles (bank, pool, council, and what one noble is worth to each seat). The one renderer
// of the town hall, used by the game table (table.js) and by TownHallView (hall_view.js). `place(id)` says what a
// click on a stack top ("top:TILE") or a noble ("pool:COLOUR", "bank:COLOUR") does (the runtime's choose over Python's
// choices; absent for a picture).

import { make, plural, seatLabel, testid } from "../../shared/static/runtime.js";
import { colourHex, drawTile, pawn, placeChoice, tileWords } from "./pieces.js";

export function drawHall(catalog, board, hall, place) {
  const box = testid(make("section", "kh-tb-panel kh-tb-hall"), "kh-tb-hall");
  box.append(make("div", "kh-tb-title", "Town hall"));
  const at = typeof place === "function" ? place : () => null;
  const permit = (board.prices || {}).permits;
  const grid = make("div", "kh-tb-hall-grid");
  const heads = make("div", "kh-tb-hall-row kh-tb-hall-heads");
  (catalog.rights_costs || []).forEach(([kind, n], c) => {
    const h = make("div", "kh-tb-hall-head", kind === "groschen" ? `${n} groschen`
      : `${plural(n, "permit")} (${n * permit} g)`);
    h.title = `Rights to a tile in column ${c + 1} cost ${kind === "groschen" ? `${n} groschen`
      : `${n} × the permit price (${permit})`}`;
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
      const tile = drawTile(catalog, top, { note: `${count} in stack`, id: `kh-tb-top-${top}` });
      slot.append(tile);
      if (kind === "public") slot.classList.add("kh-tb-stack--public");
      placeChoice(tile, at(`top:${top}`), tileWords(catalog, top));
      slot.dataset.stack = name;
      line.append(slot);
    }
    grid.append(line);
  });
  box.append(grid, make("div", "kh-tb-muted",
    `discarded by the town: ${hall.discards || 0} · red public buildings waiting: ${board.red_track || 0}`));
  return box;
}

export function drawNobles(catalog, board, seats, place) {
  const box = testid(make("section", "kh-tb-panel kh-tb-nobles"), "kh-tb-nobles");
  box.append(make("div", "kh-tb-title", "Nobles"));
  const at = typeof place === "function" ? place : () => null;
  const table = make("table", "kh-tb-noble-table");
  const head = make("tr");
  for (const h of ["", "bank", "pool", "council"]) head.append(make("th", "kh-tb-noble-head", h));
  (seats || []).forEach((_, p) => {
    const th = make("th", "kh-tb-noble-head");
    th.append(pawn(catalog, p));
    th.title = `what one noble of each colour is worth for ${seatLabel(p)} now`;
    head.append(th);
  });
  table.append(head);
  for (const colour of catalog.nobles || []) {
    const tr = make("tr");
    const name = make("th", "kh-tb-noble-name");
    const chip = make("span", "kh-tb-noble");
    chip.style.setProperty("--kh-icon", colourHex(catalog, colour));
    name.append(chip, ` ${colour}`);
    name.title = ((catalog.rules || {})[`nobles.${colour}`] || [])[1] || colour;
    tr.append(name);
    for (const where of ["bank", "pool", "council"]) {
      const td = testid(make("td", "kh-tb-noble-count", (board[where] || {})[colour] ?? 0),
        `kh-tb-noble-${where}-${colour}`);
      if (where !== "council") placeChoice(td, at(`${where}:${colour}`));
      tr.append(td);
    }
    (seats || []).forEach((seat) => tr.append(make("td", "kh-tb-noble-value", (seat.nobles || {})[colour] ?? 0)));
    table.append(tr);
  }
  box.append(table, make("div", "kh-tb-muted", `Council nobles score for everyone at the end of rounds ` +
    `${catalog.noble_from}–${catalog.rounds}; right: one noble's points now.`));
  return box;
}
