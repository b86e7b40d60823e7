// Kardinal & König's cards and claim stones, and the 4 × 14 layout they lie in: the one renderer of the layout,
// used by the card table (table.js). What may be clicked, and what a click sends, comes from Python (status.choices),
// never from here.

import { drawPlace } from "../../shared/static/choices.js";
import { inkOn, make, seatLabel, svg, testid } from "../../shared/static/runtime.js";

export function stone(seat, colours, className) {
  const node = make("span", `kk-stone ${className || ""}`.trim(), seat + 1);
  node.style.setProperty("--kk-stone", colours[seat] || "#888");
  node.style.setProperty("--kk-stone-ink", inkOn(colours[seat]));
  return node;
}

// Ships and carriages as tiny drawings: the emoji (⛵, 🛒) are missing from many fonts, and a tofu box would hide
// what the card shows.
const ROUTE_PATHS = {
  ship: ["M2 11h12l-2 3H4z", "M8 2v8M8 2l4 7H8M8 3L5 9h3"],
  carriage: ["M3 4h10v6H3z", "M1 4h14", "M5 13a1.6 1.6 0 1 0 0.01 0M11 13a1.6 1.6 0 1 0 0.01 0"],
};

export function routeIcon(route) {
  const icon = svg("svg", { viewBox: "0 0 16 16", class: `kk-routeicon kk-routeicon--${route}`, "aria-label": route });
  for (const d of ROUTE_PATHS[route] || []) icon.append(svg("path", { d }));
  return icon;
}

export function countryOf(catalog, id) {
  const row = (catalog.countries || []).find((c) => c[0] === id);
  // count: the number printed on the country's cards (what the most cards score); cards: how many there are (the
  // same in the printed game, a variant may change either).
  return row ? { id, name: row[1], ja: row[2], short: row[3], colour: row[4], count: row[5], cards: row[6] ?? row[5] } :
    { id, name: id, ja: "", short: id, colour: "#888", count: "", cards: "" };
}

export function crestText(catalog, tally) {
  return Object.entries(tally).map(([kind, n]) => `${catalog.crests[kind] || kind}${n > 1 ? n : ""}`).join(" ");
}

// spec: what a click on this card does, from Python's choices (the runtime's choose: an action, legal and highlighted
// with its look, or one the rules refuse now, so that a click shows why), or null (the card sends nothing).
function drawCard(catalog, cell, r, c, spec, isEnd) {
  const [cid, owner, chip] = cell;
  const [country, crests, routes] = catalog.cards[cid] || ["?", [], []];
  const info = countryOf(catalog, country);
  const sends = !!spec;
  const node = testid(make(sends ? "button" : "div", "kk-card"), `kk-card-${r}-${c}`);
  node.style.setProperty("--kk-country", info.colour);
  node.dataset.clickable = sends ? "true" : "false";
  if (isEnd) node.classList.add("kk-card--end");
  if (sends) node.type = "button";
  if (spec && spec.legal) node.classList.add("kk-card--clickable", `kk-card--${spec.look}`);
  const top = make("span", "kk-card-top");
  const crestBox = make("span", "kk-crests");
  for (const kind of crests) {
    const crest = make("span", "kk-crest", catalog.crests[kind] || kind);
    crest.title = kind;
    crest.dataset.kind = kind;
    crestBox.append(crest);
  }
  top.append(crestBox);
  for (const route of routes) {
    const mark = make("span", "kk-route");
    mark.title = route;
    mark.dataset.route = route;
    mark.append(routeIcon(route));
    top.append(mark);
  }
  node.append(top, make("span", "kk-card-name", info.short), make("span", "kk-card-count", info.count));
  const bottom = make("span", "kk-card-bottom");
  if (owner >= 0) bottom.append(stone(owner, catalog.seat_colours, "kk-stone--on-card"));
  if (chip) {
    const back = make("span", "kk-chip", "§");
    back.title = "a face-down law chip";
    bottom.append(back);
  }
  node.append(bottom);
  const notes = [`Row ${r}, column ${c}: ${info.name} (${info.cards} cards)`];
  notes.push(crests.length ? `crests: ${crests.join(", ")}` : "no crest");
  if (routes.length) notes.push(routes.join(" and "));
  if (owner >= 0) notes.push(`claim stone of ${seatLabel(owner)}`);
  if (chip) notes.push("a face-down law chip lies on it");
  if (sends) notes.push(`Click: ${spec.title || spec.action}`);
  if (sends) drawPlace(node, { ...spec, title: notes.join("\n") });
  else node.title = notes.join("\n");
  return node;
}

// The layout: board[row][column] is [card id, stone owner or -1, 1 if a law chip lies on it] or null (taken);
// place(id) says what a click on the card at place "card:R-C" does (the runtime's choose), null: nothing.
export function drawLayout(catalog, board, place) {
  const grid = testid(make("div", "kk-grid"), "kk-grid");
  board.forEach((row, ri) => {
    const cols = row.map((cell, ci) => (cell ? ci : -1)).filter((ci) => ci >= 0);
    const ends = new Set(cols.length ? [cols[0], cols[cols.length - 1]] : []);
    const line = make("div", "kk-row");
    line.append(make("span", "kk-rowlabel", ri + 1));
    row.forEach((cell, ci) => {
      const r = ri + 1, c = ci + 1;
      if (!cell) {
        const gap = testid(make("div", "kk-slot"), `kk-slot-${r}-${c}`);
        gap.title = `Row ${r}, column ${c}: taken`;
        gap.dataset.clickable = "false";
        line.append(gap);
      } else {
        line.append(drawCard(catalog, cell, r, c, place ? place(`card:${r}-${c}`) : null, ends.has(ci)));
      }
    });
    grid.append(line);
  });
  return grid;
}

export function drawLegend(catalog) {
  const legend = make("div", "kk-legend");
  for (const [kind, symbol] of Object.entries(catalog.crests || {})) legend.append(make("span", null, `${symbol} ${kind}`));
  for (const kind of Object.keys(catalog.routes || {})) {
    const item = make("span", "kk-legend-route");
    item.append(routeIcon(kind), ` ${kind}`);
    legend.append(item);
  }
  legend.append(make("span", null, "§ face-down law chip"));
  return legend;
}
