// The town on its own (widgets.kutna_hora.TownView): the board drawn by town_board.js, a caption and the message
// line. One intent: {intent: "plot", index}; with only_offers only the offered plots send it, and a read-only town
// (interactive false) sends nothing.

import { MESSAGE_TRAITS, make, mount, testid } from "../../shared/static/runtime.js";
import { banner, messageLine } from "../../shared/static/view_parts.js";
import { drawTownBoard } from "./town_board.js";

function render(ctx) {
  return mount(ctx, {
    name: "kh-town",
    className: "kh-town-root",
    traits: ["town", "offers", "badges", "only_offers", "interactive", "selected", "caption", "palette", "banner",
      "source", ...MESSAGE_TRAITS],
    draw: (model) => {
      const offers = model.get("offers") || {};
      const onlyOffers = model.get("only_offers");
      const click = (index) => (!onlyOffers || String(index) in offers ? ["plot", { index }] : null);
      const caption = model.get("caption");
      const text = model.get("banner");
      const source = model.get("source");
      return [banner(text && source ? `${text} (${source})` : text, "kh-town-banner"),
        caption ? testid(make("div", "kh-town-caption", caption), "kh-town-caption") : null,
        drawTownBoard(model.get("town") || {}, {
          palette: model.get("palette") || {}, offers, badges: model.get("badges") || {},
          selected: model.get("selected"), click: model.get("interactive") ? click : null,
        }),
        messageLine(model, "kh-town-message")];
    },
  });
}

export default { render };
