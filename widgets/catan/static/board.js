// The Catan island in SVG (one renderer, used by widgets.catan.BoardView and widgets.catan.CatanTable): terrain hexes,
// number tokens with pips (6 and 8 red), harbours with their rates, settlements, cities, metropolises, walls, roads,
// knights (strength 1-3; active filled, inactive hollow), robber and merchant. The geometry comes from Python once
// per game (widgets/catan/boards.py: geometry), the pieces per step (board_state). The viewBox scales the board to
// the width of its cell.
//
// Places (intersections "node", paths "edge", hexes "hex") become clickable only through opts.place(kind, index),
// which returns null (inert) or the runtime's spec of a place (choose: an action it sends, or a place that narrows
// the choices; drawPlace), with look and mark. Every place's
// words ("forest 3", "the corner of forest 3, hills 8 and the sea") come from Python: geom.words, or state.words once
// the Inventor swapped two numbers.

import { drawPlace } from "../../shared/static/choices.js";
import { inkOn, svg, testid } from "../../shared/static/runtime.js";

export const TERRAIN_COLOURS = {
  hills: "#c4673f", fields: "#e8c547", forest: "#2e6a35", mountains: "#8b8f95", pasture: "#9dcf5c", desert: "#e2d2a2",
};
export const CARD_COLOURS = {
  brick: "#c4673f", grain: "#e8c547", lumber: "#2e6a35", ore: "#8b8f95", wool: "#9dcf5c", cloth: "#c9a0dc",
  coin: "#d9b64a", paper: "#f2efe6", generic: "#ffffff",
};
const SEA = "#3d7fbf";

function hexPoints(x, y, side) {
  const w = side * Math.sqrt(3) / 2;
  return [[x, y - side], [x + w, y - side / 2], [x + w, y + side / 2], [x, y + side], [x - w, y + side / 2],
    [x - w, y - side / 2]].map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ");
}

function title(node, text) {
  const t = svg("title");
  t.textContent = text;
  node.append(t);
  return node;
}

// Make an SVG place clickable as opts.place says (see the header): its look (what a click does: a settlement spot,
// a knight, an activation ...) is a class, its tooltip Python's words.
function placeNode(node, spec) {
  if (!spec) return node;
  if (spec.look) node.classList.add(`ct-look--${spec.look}`);
  drawPlace(node, spec);
  node.classList.add("ct-place");
  if (spec.select) {
    node.classList.add("ct-selectable");
    if (spec.selected) node.classList.add("ct-selected");
  }
  title(node, spec.title || spec.select || spec.action);
  node.removeAttribute("title");  // the SVG <title> child is the tooltip (one, not two)
  return node;
}

// The letter on a highlighted intersection (S settlement, C city, K knight, ⚔ your knight ...): drawn over it, it
// takes no clicks itself.
function markOf(x, y, spec) {
  if (!spec || !spec.mark) return null;
  const t = svg("text", { x, y: y + 3.5, "text-anchor": "middle", class: `ct-mark-letter ct-look--${spec.look}` });
  t.textContent = spec.mark;
  return t;
}

function token(g, x, y, number, pips, red, id) {
  const t = testid(svg("g", { class: "ct-token" }), id);
  t.append(svg("circle", { cx: x, cy: y, r: 12.5, fill: "#f6eed8", stroke: "#6b5a3a", "stroke-width": 1 }));
  const text = svg("text", { x, y: y + 2, "text-anchor": "middle", class: `ct-number${red ? " ct-number--red" : ""}` });
  text.textContent = String(number);
  t.append(text);
  for (let k = 0; k < pips; k++) {
    t.append(svg("circle", { cx: x + (k - (pips - 1) / 2) * 3.2, cy: y + 7.5, r: 1.1, fill: red ? "#c62828" : "#333" }));
  }
  g.append(t);
}

function house(x, y, size, colour, id) {
  const s = size;
  const p = [[x - s, y + s * 0.8], [x - s, y - s * 0.2], [x, y - s], [x + s, y - s * 0.2], [x + s, y + s * 0.8]];
  return testid(svg("polygon", { points: p.map((q) => q.join(",")).join(" "), fill: colour, stroke: "#111",
    "stroke-width": 1.2, class: "ct-piece" }), id);
}

function city(x, y, colour, id) {
  const p = [[x - 10, y + 7], [x - 10, y - 3], [x - 5, y - 8], [x, y - 3], [x, y - 1], [x + 10, y - 1], [x + 10, y + 7]];
  return testid(svg("polygon", { points: p.map((q) => q.join(",")).join(" "), fill: colour, stroke: "#111",
    "stroke-width": 1.2, class: "ct-piece" }), id);
}

// A knight: a round shield in its seat colour (filled: active, hollow: inactive) with its strength as 1-3 marks.
function knight(x, y, strength, active, colour, id) {
  const g = testid(svg("g", { class: `ct-knight ${active ? "ct-knight--active" : "ct-knight--inactive"}` }), id);
  g.dataset.strength = String(strength);
  g.dataset.active = active ? "true" : "false";
  g.append(svg("circle", { cx: x, cy: y, r: 9, fill: active ? colour : "#ffffff", stroke: colour, "stroke-width": 2.6 }));
  const ink = active ? inkOn(colour) : colour;
  for (let k = 0; k < strength; k++) {
    const dx = (k - (strength - 1) / 2) * 4.2;
    g.append(svg("line", { x1: x + dx, y1: y - 4, x2: x + dx, y2: y + 4, stroke: ink, "stroke-width": 2 }));
  }
  return title(g, `${["basic", "strong", "mighty"][strength - 1]} knight (strength ${strength}), ` +
    `${active ? "active" : "inactive"}`);
}

// drawBoard(geom, state, opts): geom from boards.geometry, state from boards.board_state; opts: {colours: seat
// colours, names: seat names, place(kind, index), id: test-id prefix, highlight: {node: [..], hex: [..]} drawn as
// marks (a sandbox's spots)}.
export function drawBoard(geom, state, opts) {
  const o = opts || {};
  const id = o.id || "ct-board";
  const colours = o.colours || [];
  const place = o.place || (() => null);
  const side = geom.side || 40;
  const [bx, by, bw, bh] = geom.viewbox || [0, 0, 100, 100];
  const root = testid(svg("svg", { viewBox: `${bx} ${by} ${bw} ${bh}`, class: "ct-board", role: "img",
    preserveAspectRatio: "xMidYMid meet" }), id);
  root.setAttribute("aria-label", "the island of Catan");
  root.append(svg("rect", { x: bx, y: by, width: bw, height: bh, fill: SEA, rx: 14 }));
  const numbers = state.numbers || [];
  const pips = geom.pips || {};
  const red = new Set(geom.red || [6, 8]);
  const nodes = geom.nodes || [];
  const edges = geom.edges || [];
  const words = state.words || geom.words || { hex: [], node: [], edge: [] };

  // hexes: terrain, token; a hex place (robber, merchant, inventor) is the whole hex
  const hexLayer = svg("g", { class: "ct-hexes" });
  (geom.hexes || []).forEach(([x, y], h) => {
    const terrain = geom.terrain[h];
    const poly = testid(svg("polygon", { points: hexPoints(x, y, side - 1), fill: TERRAIN_COLOURS[terrain] || "#ccc",
      stroke: "#f4ecd6", "stroke-width": 2, class: "ct-hex" }), `${id}-hex-${h}`);
    poly.dataset.hex = String(h);
    poly.dataset.terrain = terrain;
    const spec = place("hex", h);
    if (!spec) title(poly, words.hex[h] || terrain);
    placeNode(poly, spec);
    hexLayer.append(poly);
    if (numbers[h]) token(hexLayer, x, y, numbers[h], pips[String(numbers[h])] || 0, red.has(numbers[h]), `${id}-token-${h}`);
    else hexLayer.append(svg("text", { x, y: y + 3, "text-anchor": "middle", class: "ct-hexlabel" }));
  });
  root.append(hexLayer);

  // harbours: a dock line to the two nodes it serves and a label with the rate
  const harbourLayer = svg("g", { class: "ct-harbours" });
  (geom.harbours || []).forEach((hb, k) => {
    const [x, y] = hb.at;
    for (const v of hb.nodes) {
      const [nx, ny] = nodes[v];
      harbourLayer.append(svg("line", { x1: x, y1: y, x2: nx, y2: ny, stroke: "#d8c9a3", "stroke-width": 2.5 }));
    }
    const g = testid(svg("g", { class: "ct-harbour" }), `${id}-harbour-${k}`);
    g.dataset.kind = hb.kind;
    g.append(svg("circle", { cx: x, cy: y, r: 11, fill: CARD_COLOURS[hb.kind] || "#fff", stroke: "#333", "stroke-width": 1 }));
    const t = svg("text", { x, y: y + 3, "text-anchor": "middle", class: "ct-harbour-rate",
      fill: inkOn(CARD_COLOURS[hb.kind] || "#ffffff") });
    t.textContent = `${hb.rate}:1`;  // the game's rate (a variant may change it)
    g.append(t);
    harbourLayer.append(title(g, `harbour ${hb.label}`));
  });
  root.append(harbourLayer);

  // robber and merchant
  const tokenLayer = svg("g", { class: "ct-tokens" });
  if (state.robber !== undefined && state.robber !== null && geom.hexes[state.robber]) {
    const [x, y] = geom.hexes[state.robber];
    const r = testid(svg("g", { class: "ct-robber" }), `${id}-robber`);
    r.dataset.hex = String(state.robber);
    r.append(svg("ellipse", { cx: x - 20, cy: y + 4, rx: 5, ry: 9, fill: "#2b2b2b", stroke: "#eee", "stroke-width": 1 }),
      svg("circle", { cx: x - 20, cy: y - 7, r: 4.5, fill: "#2b2b2b", stroke: "#eee", "stroke-width": 1 }));
    tokenLayer.append(title(r, `the robber, on ${words.hex[state.robber] || "its hex"}`));
  }
  if (state.merchant) {
    const [x, y] = geom.hexes[state.merchant.hex];
    const colour = colours[state.merchant.holder] || "#777";
    const m = testid(svg("g", { class: "ct-merchant" }), `${id}-merchant`);
    m.dataset.hex = String(state.merchant.hex);
    m.append(svg("rect", { x: x + 12, y: y - 14, width: 12, height: 14, rx: 2, fill: colour, stroke: "#111" }));
    const t = svg("text", { x: x + 18, y: y - 4, "text-anchor": "middle", class: "ct-merchant-m", fill: inkOn(colour) });
    t.textContent = "M";
    m.append(t);
    tokenLayer.append(title(m, `the merchant, on ${words.hex[state.merchant.hex] || "its hex"} (Player ` +
      `${state.merchant.holder + 1})`));
  }
  root.append(tokenLayer);

  // paths: roads, then the clickable paths on top
  const roadLayer = svg("g", { class: "ct-roads" });
  const pathLayer = svg("g", { class: "ct-paths" });
  const roadOf = {};
  (state.pieces || []).forEach((p, seat) => { for (const e of p.r || []) roadOf[e] = seat; });
  edges.forEach(([a, b], e) => {
    const [x1, y1] = nodes[a];
    const [x2, y2] = nodes[b];
    const sx = x1 + (x2 - x1) * 0.18, sy = y1 + (y2 - y1) * 0.18, ex = x2 - (x2 - x1) * 0.18, ey = y2 - (y2 - y1) * 0.18;
    if (roadOf[e] !== undefined) {
      const road = testid(svg("line", { x1: sx, y1: sy, x2: ex, y2: ey, stroke: colours[roadOf[e]] || "#000",
        "stroke-width": 6, "stroke-linecap": "round", class: "ct-road" }), `${id}-road-${e}`);
      road.dataset.edge = String(e);
      road.dataset.seat = String(roadOf[e]);
      roadLayer.append(road);
    }
    const spec = place("edge", e);
    if (spec) {
      // a band around the path (a polygon, not a line: a vertical line has no width for a pointer to hit)
      const len = Math.hypot(ex - sx, ey - sy) || 1;
      const nx = -(ey - sy) / len * 4.5, ny = (ex - sx) / len * 4.5;
      const band = [[sx + nx, sy + ny], [ex + nx, ey + ny], [ex - nx, ey - ny], [sx - nx, sy - ny]];
      const hit = testid(svg("polygon", { points: band.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" "),
        class: "ct-edge" }), `${id}-edge-${e}`);
      hit.dataset.edge = String(e);
      pathLayer.append(placeNode(hit, { title: words.edge[e], ...spec }));
    }
  });
  root.append(roadLayer, pathLayer);

  // intersections: walls, buildings, knights, then the clickable intersections on top
  const pieceLayer = svg("g", { class: "ct-pieces" });
  (state.pieces || []).forEach((p, seat) => {
    const colour = colours[seat] || "#000";
    const metro = new Set(p.m || []);
    const reduced = new Set(p.x || []);
    for (const v of p.w || []) {
      const [x, y] = nodes[v];
      const wall = testid(svg("rect", { x: x - 13, y: y - 11, width: 26, height: 22, rx: 3, fill: "none", stroke: colour,
        "stroke-width": 3, "stroke-dasharray": "4 2", class: "ct-wall" }), `${id}-wall-${v}`);
      pieceLayer.append(title(wall, `city wall at ${words.node[v] || "its corner"}`));
    }
    for (const v of p.s || []) {
      const [x, y] = nodes[v];
      const h = house(x, y, 7, colour, `${id}-settlement-${v}`);
      h.dataset.seat = String(seat);
      pieceLayer.append(title(h, `${reduced.has(v) ? "pillaged city (a settlement)" : "settlement"} at ` +
        `${words.node[v] || "its corner"}`));
    }
    for (const v of p.c || []) {
      const [x, y] = nodes[v];
      const c = city(x, y, colour, `${id}-${metro.has(v) ? "metropolis" : "city"}-${v}`);
      c.dataset.seat = String(seat);
      pieceLayer.append(title(c, `${metro.has(v) ? "metropolis" : "city"} at ${words.node[v] || "its corner"}`));
      if (metro.has(v)) {
        pieceLayer.append(svg("polygon", { points: `${x - 6},${y - 8} ${x - 3},${y - 15} ${x},${y - 9} ${x + 3},${y - 15} ` +
          `${x + 6},${y - 8}`, fill: "#f3c623", stroke: "#111", "stroke-width": 1, class: "ct-crown" }));
      }
    }
    for (const [v, strength, active] of p.k || []) {
      const [x, y] = nodes[v];
      pieceLayer.append(knight(x, y, strength, !!active, colour, `${id}-knight-${v}`));
    }
  });
  root.append(pieceLayer);

  const nodeLayer = svg("g", { class: "ct-nodes" });
  const marks = new Set(((o.highlight || {}).node) || []);
  nodes.forEach(([x, y], v) => {
    const spec = place("node", v);
    if (!spec && !marks.has(v)) return;
    const hit = testid(svg("circle", { cx: x, cy: y, r: 9.5, class: "ct-node" }), `${id}-node-${v}`);
    hit.dataset.node = String(v);
    if (marks.has(v)) hit.classList.add("ct-mark");
    nodeLayer.append(spec ? placeNode(hit, { title: words.node[v], ...spec }) : title(hit, words.node[v] || "a corner"));
    const letter = markOf(x, y, spec);
    if (letter) nodeLayer.append(letter);
  });
  root.append(nodeLayer);
  return root;
}
