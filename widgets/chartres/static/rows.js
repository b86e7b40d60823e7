// A seat's action row with its activation row below it: the one renderer of the rows, used by the table (table.js)
// and by the rows on their own (rows_view.js). A column whose two cards share a colour is lit (seat.lit), the card
// the engine activated is marked ★ (seat.activated); both come from Python.

import { drawPlace } from "../../shared/static/choices.js";
import { make, testid } from "../../shared/static/runtime.js";
import { cardBack, drawCard } from "./cards.js";

// seat: {row, act, lit, activated, committed, commit}; opts: {own (the human's rows: slots named ch-slot-K), place
// (with a hand card selected for "activate": what a click on position "slot:K" does, the runtime's choose: a free
// position plays the card, a taken one sends the refused action so that the rules say why)}.
export function drawRows(catalog, seat, p, opts) {
  const o = opts || {};
  const box = testid(make("div", "ch-rows"), `ch-row-${p}`);
  if (seat.row === null || seat.row === undefined) {
    box.append(make("div", "ch-muted", "The starting action row is chosen secretly: hidden until everyone has chosen."));
    return box;
  }
  const lit = new Set(seat.lit || []);
  const commit = seat.commit || null;  // own face-down plays: [row card, activation card, position]
  const committed = seat.committed || [];
  const grid = make("div", "ch-rowgrid");
  const n = seat.row.length;
  const extra = (commit && commit[0]) || committed[0] || (o.place && o.place(`slot:${n + 1}`)) ? 1 : 0;
  for (let k = 1; k <= n + extra; k++) {
    const col = make("div", "ch-col");
    col.append(make("span", "ch-pos", k));
    const top = seat.row[k - 1];
    const under = (seat.act || [])[k - 1];
    if (top) {
      const card = drawCard(catalog, top, { id: `ch-row-${p}-card-${k}`, note: top === seat.activated ? "★ activated" : "" });
      if (top === seat.activated) card.classList.add("ch-card--activated");
      col.append(card);
    } else if (commit && commit[0]) {
      const card = drawCard(catalog, commit[0], { id: `ch-row-${p}-card-${k}`, note: "face down (yours)" });
      card.classList.add("ch-card--committed");
      col.append(card);
    } else if (committed[0]) {
      col.append(cardBack(`ch-row-${p}-card-${k}`, "face down"));
    } else {
      col.append(make("div", "ch-card ch-card--gap"));
    }
    if (lit.has(k)) col.classList.add("ch-col--lit");
    const spec = o.place ? o.place(`slot:${k}`) : null;  // with a hand card selected: what this position does
    if (under) {
      const card = drawCard(catalog, under, { id: `ch-act-${p}-${k}`, note: lit.has(k) ? "match" : "" });
      if (spec && spec.action) drawPlace(card, spec);  // taken: a click sends the action and the rules say why not
      col.append(card);
    } else if (commit && commit[1] && commit[2] === k) {
      const card = drawCard(catalog, commit[1], { id: `ch-act-${p}-${k}`, note: "face down (yours)" });
      card.classList.add("ch-card--committed");
      col.append(card);
    } else {
      const slot = testid(make("div", "ch-slot"), o.own ? `ch-slot-${k}` : `ch-seat-${p}-slot-${k}`);
      slot.title = `Activation row, position ${k}: empty`;
      if (spec && spec.action) {
        drawPlace(slot, spec);
        if (spec.legal) {
          slot.classList.add("ch-choice");
          slot.textContent = spec.mark;
        }
      }
      col.append(slot);
    }
    grid.append(col);
  }
  if (!grid.children.length) grid.append(make("span", "ch-pos", "no cards yet"));
  box.append(grid);
  if (committed[1] && !commit) {
    const aside = make("div", "ch-aside");
    aside.append(cardBack(`ch-commit-${p}`, "activation card face down (position secret)"));
    box.append(aside);
  }
  return box;
}
