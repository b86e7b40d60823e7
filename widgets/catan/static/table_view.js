// Catan table (widgets.catan.CatanTable, test ids "ct-"; CKTable, "ck-"), base game and Cities & Knights: the island by
// its one renderer (board.js), the dice, the barbarian track, every seat's hand, points and development board
// (panels.js), the decision the game waits for and, from the runtime, the action bar, time travel, the legal list and
// the event log. Which place names which action, with its words and look, comes from Python's status.choices (the
// runtime's choose narrows them by the places clicked so far); a choice of two parts (a knight's move, the Inventor's
// swap) or a place with several actions is picked first (kept here, never sent).

import { choose, pickPlaces } from "../../shared/static/choices.js";
import { TABLE_TRAITS, button, make, mount, seatLabel, testid } from "../../shared/static/runtime.js";
import { actionBar, banner, eventLog, gameStatus, legalList, timeTravel } from "../../shared/static/view_parts.js";
import { drawBoard } from "./board.js";
import { drawBarbarians, drawDice, drawSeats } from "./panels.js";

function slug(text) {
  return String(text).replace(/ /g, "-");
}

// The table's view; `prefix` names its root and action bar (the island and panels keep "ct-" ids).
export function renderTable(ctx, prefix) {
  let picks = [];  // the places clicked so far of a choice that takes more than one (a knight, then where to)
  return mount(ctx, {
    name: prefix,
    className: "ct-root",
    traits: [...TABLE_TRAITS, "board", "seats", "panels"],
    onClick: pickPlaces(() => picks, (p) => { picks = p; }),
    draw: (model) => {
      const catalog = model.get("catalog") || {};
      const status = model.get("status") || {};
      const panels = model.get("panels") || {};
      const plan = choose(status, picks);
      picks = plan.picks;
      const words = (model.get("board") || {}).words || (catalog.geometry || {}).words || {};
      // a place refused now: its words and what a click there tries
      const place = (kind, index) => {
        const spec = plan.place(`${kind}:${index}`);
        return spec && spec.legal === false ? { ...spec, title: `${(words[kind] || [])[index] || ""}: ${spec.title}` }
          : spec;
      };
      const names = (catalog.seat_names || []).map((n, p) => seatLabel(p));
      const turn = testid(make("div", "bg-turn"), `${prefix}-turn`);
      turn.textContent = [`turn ${panels.turn || 0}`, gameStatus(status).kind_words].filter(Boolean).join(" · ");
      const choices = plan.buttons.map((b) => button(b.words, `${prefix}-button-${slug(b.action)}`, "act",
        { action: b.action }, { className: "bg-button--action", title: b.title || b.words }));
      if (plan.hint) choices.push(testid(make("span", "ct-hint", plan.hint), `${prefix}-choice-hint`));
      const bar = actionBar(model, status, catalog, prefix, { detail: turn, choices, tools: { toEnd: true } });
      const table = testid(make("div", "ct-table"), `${prefix}-table`);
      if (!status.live) table.classList.add("ct-table--past");
      const left = make("div", "ct-left");
      left.append(drawBoard(catalog.geometry || {}, model.get("board") || {}, {
        colours: catalog.seat_colours || [], place, id: "ct-board" }));
      const right = make("div", "ct-right");
      right.append(drawDice(panels, catalog.ck || {}, "ct"));
      if (panels.barbarian) right.append(drawBarbarians(panels, catalog.ck || {}, names, "ct", gameStatus(status).attack));
      right.append(drawSeats(model.get("seats") || [], { ...catalog, ...(catalog.ck || {}) }, panels, status, "ct"));
      table.append(left, right);
      return [banner(catalog.banner, `${prefix}-banner`), bar, timeTravel(status, model, prefix),
        legalList(status, prefix), table, eventLog(model.get("events") || [], catalog, prefix)];
    },
  });
}
