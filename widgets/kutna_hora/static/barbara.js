// Kutná Hora's St. Barbara cathedral: 11 tiles (1–5 at the bottom, 6–10 above, 11 on top), the done ones turned, the
// current one highlighted, each with its effect (the words of rule barbara.k) and its tax icon. The one renderer of
// the cathedral, used by the game table (table.js) and by BarbaraView (barbara_view.js).

import { make, testid } from "../../shared/static/runtime.js";

export function drawBarbara(catalog, board) {
  const box = testid(make("section", "kh-tb-panel kh-tb-barbara"), "kh-tb-barbara");
  const done = board.barbara || 0;
  const taxes = catalog.barbara_tax || [];
  box.append(make("div", "kh-tb-title", `St. Barbara · ${done} of ${taxes.length} done`));
  const church = make("div", "kh-tb-church");
  for (const line of [[11], [6, 7, 8, 9, 10], [1, 2, 3, 4, 5]]) {
    const row = make("div", "kh-tb-church-row");
    for (const k of line) {
      const text = ((catalog.rules || {})[`barbara.${k}`] || [])[1] || "";
      const tax = taxes[k - 1] || 0;
      const tile = testid(make("div", "kh-tb-saint"), `kh-tb-barbara-${k}`);
      if (k <= done) tile.classList.add("kh-tb-saint--done");
      if (k === done + 1) tile.classList.add("kh-tb-saint--now");
      tile.append(make("span", "kh-tb-saint-no", k), make("span", "kh-tb-saint-text", k <= done ? "done" : text),
        make("span", "kh-tb-saint-tax", `tax +${tax}`));
      tile.title = `Tile ${k}: ${text} (tax +${tax} if a building flips it)` +
        `${k <= done ? " — done" : k === done + 1 ? " — the current tile" : ""}`;
      row.append(tile);
    }
    church.append(row);
  }
  box.append(church);
  return box;
}
