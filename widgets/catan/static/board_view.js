// widgets.catan.BoardView: the island on its own, drawn by the one renderer (board.js). Read-only (a picture) unless
// Python offers places: `offers` maps "node:17" / "edge:40" / "hex:9" to a label, and a click on an offered place
// sends {intent: "pick", kind, index}; `marks` are places drawn highlighted without a click.

import { MESSAGE_TRAITS, make, mount, testid } from "../../shared/static/runtime.js";
import { messageLine } from "../../shared/static/view_parts.js";
import { drawBoard } from "./board.js";

function render(ctx) {
  return mount(ctx, {
    name: "ct-view",
    className: "ct-root ct-root--view",
    traits: ["geometry", "board", "offers", "marks", "caption", "seat_colours", ...MESSAGE_TRAITS],
    draw: (model) => {
      const offers = model.get("offers") || {};
      const colours = model.get("seat_colours") || [];
      // An offered place sends "pick" with the place it is, as Python offered it.
      const place = (kind, index) => {
        const label = offers[`${kind}:${index}`];
        return label === undefined ? null : { intent: "pick", args: { kind, index }, title: label };
      };
      const svg = drawBoard(model.get("geometry") || {}, model.get("board") || {}, {
        colours, id: "ct-view-board", highlight: model.get("marks") || {}, place });
      const parts = [];
      const caption = model.get("caption");
      if (caption) parts.push(testid(make("div", "ct-caption", caption), "ct-view-caption"));
      const box = testid(make("div", "ct-view-box"), "ct-view-box");
      box.append(svg);
      parts.push(box);
      if (Object.keys(offers).length || model.get("message")) parts.push(messageLine(model, "ct-view-message"));
      return parts;
    },
  });
}

export default { render };
