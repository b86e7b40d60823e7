// One seat's action and activation rows on their own (widgets.chartres.RowsView): a read-only picture for a lesson
// or an exercise, drawn by the same renderer as the table's rows (rows.js). It sends nothing.

import { MESSAGE_TRAITS, make, mount, testid } from "../../shared/static/runtime.js";
import { banner, messageLine } from "../../shared/static/view_parts.js";
import { drawRows } from "./rows.js";

function summary(seat, marks) {
  const counts = Object.entries(seat.resources || {}).filter(([, n]) => n).map(([r, n]) => `${n} ${r}`);
  const line = testid(make("div", "ch-rows-summary", `In the row: ${counts.join(", ") || "no resources"}.`),
    "ch-rows-summary");
  if (marks) {
    line.append(seat.activated ? ` Activated in the last reveal: ${seat.activated}.` : " No card activated in the last reveal.");
  }
  return line;
}

function render(ctx) {
  return mount(ctx, {
    name: "ch-rows",
    className: "ch-rows-view",
    traits: ["catalog", "seat", "index", "marks", "caption", "banner", ...MESSAGE_TRAITS],
    draw: (model) => {
      const seat = model.get("seat") || {};
      return [banner(model.get("banner"), "ch-rows-banner"), testid(make("div", "bg-title", model.get("caption")), "ch-rows-caption"),
        drawRows(model.get("catalog") || {}, seat, model.get("index")), seat.row ? summary(seat, model.get("marks")) : null,
        model.get("message") ? messageLine(model, "ch-rows-message") : null];
    },
  });
}

export default { render };
