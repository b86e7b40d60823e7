// Chartres' main board as the table shows it: the revealed locations, the bonus tiles on the cathedral, the two paths
// with the citizens in seat colours, the decks and the torch order. What is clickable comes from Python (the human's
// legal actions, grouped: actions.location, actions.bonus, actions.path; status.forms, the verbs the decision takes).

import { make, offer, takes, testid } from "../../shared/static/runtime.js";
import { pawn, seatName } from "./cards.js";

// A choice of the board: while the decision takes `verb`, a highlighted choice when the action is legal now, else a
// node whose click asks the rules why not; at any other time not clickable (it sends nothing).
function choice(node, verb, arg, ctx, title, idle) {
  if (!takes(ctx.status, verb)) {
    node.dataset.clickable = "false";
    node.title = idle;
    return node;
  }
  const legal = ctx.legal.has(arg);
  offer(node, `${verb} ${arg}`, legal, legal ? title : idle);
  if (legal) node.classList.add("ch-choice");
  return node;
}

function drawLocations(catalog, board, ctx) {
  const locs = testid(make("div", "ch-locations"), "ch-locations");
  locs.append(make("span", "bg-label ch-wide", "locations"));
  for (const lid of board.locations || []) {
    const [name, main, bonus, gate, tavern] = (catalog.locations || {})[lid] || [lid, "", "", false, false];
    const node = testid(make("div", "ch-location"), `ch-location-${lid}`);
    if (gate) node.classList.add("ch-location--gate");
    if (tavern) node.classList.add("ch-location--tavern");
    const top = make("div", "ch-location-top");
    top.append(make("b", null, lid), make("span", "ch-location-name", name));
    node.append(top, make("div", "ch-location-main", main));
    if (bonus) node.append(make("div", "ch-location-note", `bonus: ${bonus}`));
    if (gate) node.append(make("div", "ch-location-note", "city gate"));
    if (tavern) node.append(make("div", "ch-location-note", "tavern: stays until the era ends"));
    locs.append(choice(node, "location", lid, ctx, `Take ${lid} (${name}) and resolve it`, `${lid} ${name}: ${main}`));
  }
  if (!(board.locations || []).length) locs.append(make("span", "ch-none", "none revealed"));
  return locs;
}

function drawTiles(catalog, board, ctx) {
  const tiles = testid(make("div", "ch-tiles"), "ch-tiles");
  tiles.append(make("span", "bg-label ch-wide", "bonus tiles on the cathedral"));
  for (const tid of board.tiles || []) {
    const [cost, words] = (catalog.tiles || {})[tid] || [0, ""];
    const node = testid(make("div", "ch-tile"), `ch-tile-${tid}`);
    const top = make("div", "ch-tile-top");
    top.append(make("b", null, tid), make("span", "ch-tile-cost", `${cost} citizen${cost === 1 ? "" : "s"}`));
    node.append(top, make("div", "ch-tile-words", words));
    tiles.append(choice(node, "bonus", tid, ctx, `Return ${cost} citizens and take ${tid}: ${words}`,
      `${tid}: costs ${cost} citizens; ${words}`));
  }
  if (!(board.tiles || []).length) tiles.append(make("span", "ch-none", "none left this era"));
  return tiles;
}

function drawPaths(catalog, board, ctx) {
  const paths = testid(make("div", "ch-paths"), "ch-paths");
  (catalog.paths || []).forEach((name, i) => {
    const line = testid(make("div", "ch-path"), `ch-path-${name}`);
    line.append(make("span", "ch-path-building", name === "townhall" ? "⌂ town hall" : "⌂ warehouse"));
    ((board.paths || [])[i] || []).forEach((owner, k) => {
      const space = testid(make("span", "ch-path-space"), `ch-path-${name}-${k}`);
      space.title = `${name}: space ${k + 1} from the building`;
      if (owner >= 0) space.append(pawn(catalog, owner));
      line.append(space);
    });
    if (takes(ctx.status, "path")) choice(line, "path", name, ctx, `Put the citizen on the ${name} path`, name);
    paths.append(line);
  });
  return paths;
}

function drawOrder(catalog, board) {
  const order = testid(make("div", "ch-order"), "ch-torch-order");
  if (!board.torch_order) {
    order.append(make("span", "ch-muted", "torch order: the action rows are still secret"));
    return order;
  }
  order.append(make("span", "bg-label", "torch order (locations, Phase F)"));
  board.torch_order.forEach((p, k) => {
    const item = make("span", "ch-order-item");
    item.append(make("span", null, `${k + 1}.`), pawn(catalog, p));
    order.append(item);
  });
  order.append(make("span", "ch-muted",
    `· initiative: ${(board.initiative || []).map((p) => seatName(p)).join(", ")} (breaks ties)`));
  return order;
}

// board: the table's synced main board; status: the table's (its actions: the human's legal actions grouped by what
// they name, and forms: the verbs the decision takes).
export function drawMainBoard(catalog, board, status) {
  const actions = status.actions || {};
  const ctx = (verb) => ({ status, legal: new Set(actions[verb] || []) });
  const box = testid(make("section", "ch-main"), "ch-board");
  const head = make("div", "ch-main-head");
  head.append(make("span", "bg-title", "Main board"),
    testid(make("span", "ch-muted", `era ${board.era} of ${catalog.eras} · round ${board.round} of ${catalog.rounds}`), "ch-era"));
  const decks = testid(make("div", "ch-decks"), "ch-decks");
  decks.textContent = `assistant deck ${board.deck} · discards ${board.discard} · location deck ${board.location_deck}` +
    ` · location discards ${board.location_discard} · bonus tiles face down ${board.tiles_left}`;
  box.append(head, drawLocations(catalog, board, ctx("location")), drawTiles(catalog, board, ctx("bonus")),
    drawPaths(catalog, board, ctx("path")), decks, drawOrder(catalog, board));
  return box;
}
