// The price sandbox's card stands (widgets.kutna_hora.PriceStand): the stands drawn by stands.js, clickable, with
// the prompt, the message line and the last step's events from the runtime. Intents: {intent: "advance", deck,
// cards}, {intent: "build", good}.

import { MESSAGE_TRAITS, make, mount, testid } from "../../shared/static/runtime.js";
import { banner, eventLog, messageLine, promptLine } from "../../shared/static/view_parts.js";
import { drawStands } from "./stands.js";

function drawStandStatus(status) {
  const line = testid(make("span", "kh-ps-status"), "kh-ps-status");
  if (status.step === undefined) return line;
  const money = (status.groschen || []).map((n, i) => `P${i + 1} ${n}`).join(" · ");
  line.append(make("span", "kh-ps-step", `step ${status.step}`), make("span", "kh-ps-money", `groschen: ${money}`));
  return line;
}

function render(ctx) {
  return mount(ctx, {
    name: "kh-ps",
    className: "kh-ps-root",
    traits: ["stand", "changed", "events", "status", "catalog", "read_only", "caption", ...MESSAGE_TRAITS],
    draw: (model, root) => {
      const stand = model.get("stand") || {};
      const status = model.get("status") || {};
      const picture = !!model.get("read_only");  // a lesson's picture of one step: nothing to click
      root.dataset.readOnly = picture ? "true" : "false";
      const stands = drawStands(stand, {
        clickable: !picture, changed: new Set(model.get("changed") || []), buildable: status.buildable || [],
        over: status.over,
      });
      const caption = model.get("caption") ? testid(make("div", "bg-title", model.get("caption")), "kh-ps-caption")
        : null;
      return [
        stand.source === "approx" ? banner("Illustrative prices (approx), not the printed cards", "kh-ps-banner") : null,
        caption, promptLine(status, "kh-ps-prompt", drawStandStatus(status)), stands,
        messageLine(model, "kh-ps-message"), eventLog(model.get("events") || [], model.get("catalog") || {}, "kh-ps"),
      ];
    },
  });
}

export default { render };
