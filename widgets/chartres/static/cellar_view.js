// The Chartres cellar view (widgets.chartres.CellarView): one cellar board (cellar.js) with the IP, the grapes of an
// action row (+ and −), which colour pours first, and the engine's explanation. Read-only views (a lesson's picture,
// an exercise's figure) draw the board without controls and send nothing.

import { MESSAGE_TRAITS, button, make, mount, testid } from "../../shared/static/runtime.js";
import { banner, messageLine } from "../../shared/static/view_parts.js";
import { drawCellar } from "./cellar.js";

const GRAPE_COLOURS = ["white", "red"];

function drawGrapes(colour, count, most) {
  const box = make("div", `ch-grapes ch-grapes--${colour}`);
  // Python checks again: a stale click gets a message, not a negative count
  const minus = button("−", `cellar-${colour}-minus`, "add", { colour, delta: -1 },
    { title: `one ${colour} grape fewer`, disabled: count <= 0 });
  const plus = button("+", `cellar-${colour}-plus`, "add", { colour, delta: 1 },
    { title: `one more ${colour} grape`, disabled: count >= most });
  box.append(make("span", "bg-label", `${colour} grapes`), minus, testid(make("span", "ch-count", count), `cellar-${colour}`),
    plus);
  return box;
}

function drawFirst(first, choice) {
  const box = testid(make("div", "ch-first"), "cellar-first");
  box.append(make("span", "bg-label", "pours first"));
  for (const colour of GRAPE_COLOURS) {
    const b = button(colour, `cellar-first-${colour}`, "first", { colour },
      { title: `${colour} grapes pour first`, className: "ch-toggle" });
    b.setAttribute("aria-pressed", colour === first ? "true" : "false");
    box.append(b);
  }
  box.append(make("span", "ch-hint", choice
    ? "your choice: it decides which colour sits where, never the IP"
    : "with these grapes the order changes nothing"));
  return box;
}

function render(ctx) {
  return mount(ctx, {
    name: "cellar",
    className: "ch-cellar-view",
    traits: ["cellar", "marker", "white", "red", "first", "values", "bonuses", "max_grapes", "barrels", "unused", "ip",
      "explanation", "order_choice", "banner", "source", "caption", "read_only", ...MESSAGE_TRAITS],
    draw: (model, root) => {
      const readOnly = !!model.get("read_only");
      root.dataset.readOnly = String(readOnly);
      const source = model.get("source");
      const head = make("div", "ch-cellar-head");
      head.append(testid(make("span", "ch-cellar-title", model.get("caption") || `Cellar ${model.get("cellar")}`), "cellar-title"),
        testid(make("span", "ch-cellar-ip", `${model.get("ip")} IP`), "cellar-ip"));
      const bonuses = Object.fromEntries((model.get("bonuses") || []).map((b) => [b.space, b.words]));
      const track = drawCellar({
        id: "cellar", values: model.get("values") || [], bonuses, marker: model.get("marker"),
        barrels: new Map((model.get("barrels") || []).map((b) => [b.space, b])), clickable: !readOnly,
      });
      let controls = null;
      if (!readOnly) {
        controls = make("div", "ch-controls");
        for (const colour of GRAPE_COLOURS) controls.append(drawGrapes(colour, model.get(colour), model.get("max_grapes")));
        controls.append(drawFirst(model.get("first"), model.get("order_choice")));
      }
      const unused = Object.entries(model.get("unused") || {}).filter(([, n]) => n > 0);
      const rest = testid(make("div", "ch-unused", unused.length
        ? `score nothing: ${unused.map(([c, n]) => `${n} ${c}`).join(", ")}`
        : "every grape is in a barrel"), "cellar-unused");
      const list = testid(make("ol", "ch-explain"), "cellar-explain");
      for (const line of model.get("explanation") || []) list.append(make("li", "ch-explain-line", line));
      const text = model.get("banner") ? `${model.get("banner")}${source ? ` (cellar values: ${source})` : ""}` : "";
      return [banner(text, "cellar-banner"), head, track, controls, rest, list,
        readOnly && !model.get("message") ? null : messageLine(model, "cellar-message")];
    },
  });
}

export default { render };
