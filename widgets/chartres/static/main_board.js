// Chartres' main board as the table shows it: the revealed locations, the bonus tiles on the cathedral, the two paths
// with the citizens in seat colours, the decks and the torch order. What is clickable, and what it sends, comes from
// Python (status.choices, through the runtime's choose).

import { drawPlace } from "../../shared/static/choices.js";
import { make, seatLabel, testid } from "../../shared/static/runtime.js";
import { pawn } from "./cards.js";

// A place of the board as Python's choices name it (place(id), the runtime's choose): a highlighted choice when its
// action is legal now, a node whose click asks the rules why not when refused; otherwise not clickable.
function choice(node, id, place, idle) {
  const spec = place ? place(id) : null;
  if (!spec) {
    node.dataset.clickable = "false";
    node.title = idle;
    return node;
  }
  drawPlace(node, spec.legal ? spec : { ...spec, title: idle });
  if (spec.legal) node.classList.add("ch-choice");
  return node;
}

function drawLocations(catalog, board, place) {
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
    locs.append(choice(node, `location:${lid}`, place, `${lid} ${name}: ${main}`));
  }
  if (!(board.locations || []).length) locs.append(make("span", "ch-none", "none revealed"));
  return locs;
}

function drawTiles(catalog, board, place) {
  const tiles = testid(make("div", "ch-tiles"), "ch-tiles");
  tiles.append(make("span", "bg-label ch-wide", "bonus tiles on the cathedral"));
  for (const tid of board.tiles || []) {
    const [cost, words] = (catalog.tiles || {})[tid] || [0, ""];
    const node = testid(make("div", "ch-tile"), `ch-tile-${tid}`);
    const top = make("div", "ch-tile-top");
    top.append(make("b", null, tid), make("span", "ch-tile-cost", `${cost} citizen${cost === 1 ? "" : "s"}`));
    node.append(top, make("div", "ch-tile-words", words));
    tiles.append(choice(node, `tile:${tid}`, place, `${tid}: costs ${cost} citizens; ${words}`));
  }
  if (!(board.tiles || []).length) tiles.append(make("span", "ch-none", "none left this era"));
  return tiles;
}

function drawPaths(catalog, board, place) {
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
    if (place && place(`path:${name}`)) choice(line, `path:${name}`, place, name);
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
    `· initiative: ${(board.initiative || []).map((p) => seatLabel(p)).join(", ")} (breaks ties)`));
  return order;
}

// board: the table's synced main board; place(id): what a click on a location, tile or path does (the runtime's
// choose over Python's choices; null: nothing).
export function drawMainBoard(catalog, board, place) {
  const box = testid(make("section", "ch-main"), "ch-board");
  const head = make("div", "ch-main-head");
  head.append(make("span", "bg-title", "Main board"),
    testid(make("span", "ch-muted", `era ${board.era} of ${catalog.eras} · round ${board.round} of ${catalog.rounds}`), "ch-era"));
  const decks = testid(make("div", "ch-decks"), "ch-decks");
  decks.textContent = `assistant deck ${board.deck} · discards ${board.discard} · location deck ${board.location_deck}` +
    ` · location discards ${board.location_discard} · bonus tiles face down ${board.tiles_left}`;
  box.append(head, drawLocations(catalog, board, place), drawTiles(catalog, board, place),
    drawPaths(catalog, board, place), decks, drawOrder(catalog, board));
  return box;
}
