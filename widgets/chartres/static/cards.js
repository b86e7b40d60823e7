// Chartres' assistant cards, card backs, resource badges and citizen pawns: drawn the same wherever a card appears
// (the rows, the hand, the table). Card texts come from the catalogue Python sends (widgets.chartres.rows).

import { make, seatLabel, testid } from "../../shared/static/runtime.js";

export const RESOURCE_WORDS = { torch: "torch", horse: "horse", cart: "cart", white: "white grapes", red: "red grapes" };

export function pawn(catalog, p) {
  const node = make("span", "ch-pawn", p + 1);
  node.style.setProperty("--ch-seat", (catalog.seat_colours || [])[p] || "#888");
  node.title = `${seatLabel(p)}${(catalog.seat_names || [])[p] ? ` (${catalog.seat_names[p]})` : ""}`;
  return node;
}

export function badges(catalog, resources) {
  const box = make("span", "ch-badges");
  for (const r of resources) {
    const mark = (catalog.resources || []).find((x) => x[0] === r);
    const b = make("span", `ch-badge ch-badge--${r}`, mark ? mark[1] : r[0].toUpperCase());
    b.title = RESOURCE_WORDS[r] || r;
    box.append(b);
  }
  return box;
}

// A face-up card: id, resource badges, main ability and bonus in words; opts: {id (test id), note}.
export function drawCard(catalog, cid, opts) {
  const o = opts || {};
  const [colour, resources, main, bonus] = (catalog.cards || {})[cid] || ["white", [], "", ""];
  const node = make("div", `ch-card ch-card--${colour}`);
  if (o.id) testid(node, o.id);
  node.dataset.card = cid;
  const top = make("div", "ch-card-top");
  top.append(make("span", "ch-card-id", cid), badges(catalog, resources));
  node.append(top, make("div", "ch-card-main", main));
  if (bonus) node.append(make("div", "ch-card-bonus", `bonus: ${bonus}`));
  if (o.note) node.append(make("div", "ch-card-note", o.note));
  node.title = `${cid} (${colour}): ${main}${bonus ? `; bonus: ${bonus}` : ""}`;
  return node;
}

export function cardBack(id, note) {
  const node = make("div", "ch-card ch-card--back");
  if (id) testid(node, id);
  node.append(make("span", "ch-back-mark", "✠"));
  if (note) node.append(make("span", "ch-back-note", note));
  node.title = note || "a face-down card";
  return node;
}
