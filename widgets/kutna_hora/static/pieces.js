// Kutná Hora's pieces as the table's boards draw them: seat pawns, matching icons, building tiles and mine tiles,
// and a place that offers one of Python's choices (placeChoice). Used by town_hall.js, player_board.js and table.js.

import { drawPlace } from "../../shared/static/choices.js";
import { make, seatLabel } from "../../shared/static/runtime.js";

// A printed effect in words ("tax +1", "st-barbara +1", "remove-house +1", "points +2"), as the engine writes it.
const EFFECT_WORDS = { "st-barbara +1": "flips St. Barbara", "remove-house +1": "removes a house", "slider +1": "moves its slider" };

function effectWords(words) {
  return EFFECT_WORDS[words] || words;
}

// An action text as a test id's tail ("build green-1 7" -> "build-green-1-7").
export function slug(text) {
  return String(text).replace(/ /g, "-");
}

export function seatHex(catalog, p) {
  return (catalog.seat_colours || [])[p] || "#888";
}

export function seatTitle(catalog, p) {
  return `${seatLabel(p)} (${(catalog.seat_names || [])[p] || ""})`;
}

export function colourHex(catalog, colour) {
  return ((catalog.colours || {}).icons || {})[colour] || colour || "#888";
}

export function pawn(catalog, p, className, text) {
  const node = make("span", `kh-tb-pawn ${className || ""}`.trim(), text === undefined ? p + 1 : text);
  node.style.setProperty("--kh-seat", seatHex(catalog, p));
  node.title = seatTitle(catalog, p);
  return node;
}

export function iconDots(catalog, icons) {
  const box = make("span", "kh-tb-icons");
  for (const icon of icons || []) {
    const d = make("span", "kh-tb-icon");
    d.style.setProperty("--kh-icon", colourHex(catalog, icon));
    d.title = `${icon} icon`;
    box.append(d);
  }
  return box;
}

// A board place as Python's choices name it (`spec`, from the runtime's choose): a legal action highlighted
// (kh-tb-act); one the rules refuse now, not highlighted, but a click sends it all the same and the message line says
// why; or the first click of a two-part choice (kh-tb-selectable, selected here, never sent). `words`: what the place
// itself is, after the choice's words in its tooltip. Returns the node.
export function placeChoice(node, spec, words) {
  if (!spec) return node;
  const title = [spec.title, words].filter(Boolean).join(": ");
  drawPlace(node, { ...spec, title });
  if (spec.select) {
    node.classList.add("kh-tb-act", "kh-tb-selectable");
    if (spec.selected) node.classList.add("kh-tb-selected");
    node.title = title;
  } else if (spec.legal) {
    node.classList.add("kh-tb-act");
  }
  return node;
}

export function tileWords(catalog, id) {
  const t = (catalog.tiles || {})[id];
  if (!t) return id;
  const [guild, colour, wood, prod, plotValue, icons, extras, tech, noble, population] = t;
  const parts = [guild === "public" ? `${colour} public building` : `${guild} (${(catalog.guild_good || {})[guild]})`,
    `wood ${wood}`, `plot value ${plotValue}`];
  if (prod) parts.push(`production +${prod}`);
  if (population) parts.push(`population +${population}`);
  for (const words of extras || []) parts.push(effectWords(words));
  if (tech) parts.push("technology tile");
  if (noble) parts.push(`${noble}: a ${colour} noble to the pool`);
  parts.push(`icons ${(icons || []).join(", ")}`);
  return `${id}: ${parts.join(" · ")}`;
}

// A building tile: icons, plot value, guild or noble colour, wood, production and its extras.
export function drawTile(catalog, id, opts) {
  const o = opts || {};
  const t = (catalog.tiles || {})[id] || ["?", "", 0, 0, 0, [], [], 0, "", 0];
  const [guild, colour, wood, prod, plotValue, icons, extras, tech] = t;
  const node = make("div", `kh-tb-tile ${guild === "public" ? "kh-tb-tile--public" : "kh-tb-tile--guild"}`);
  if (guild === "public") node.style.setProperty("--kh-tile", colourHex(catalog, colour));
  if (o.id) node.dataset.testid = o.id;
  const top = make("div", "kh-tb-tile-top");
  const value = make("span", "kh-tb-tile-pv", plotValue);
  value.title = "plot value";
  top.append(iconDots(catalog, icons), value);
  node.append(top, make("div", "kh-tb-tile-name", guild === "public" ? `${colour}` : guild));
  const line = make("div", "kh-tb-tile-line");
  line.append(make("span", "kh-tb-wood", `wood ${wood}`));
  if (prod) line.append(make("span", "kh-tb-prod", `+${prod} ${(catalog.guild_good || {})[guild] || ""}`));
  node.append(line);
  const marks = (extras || []).map(effectWords);
  if (tech) marks.push("technology");
  if (marks.length) node.append(make("div", "kh-tb-tile-extra", marks.join(" · ")));
  if (o.note) node.append(make("div", "kh-tb-tile-note", o.note));
  node.title = tileWords(catalog, id);
  return node;
}

export function mineWords(catalog, id) {
  const m = (catalog.mine_tiles || {})[id];
  if (!m) return id;
  const [back, cost, ore, population, points, stars] = m;
  return `${id} (back ${back}): the spaces beside and below cost ${cost} wood · ore +${ore}` +
    `${population ? ` · population +${population}` : ""}${points ? ` · ${points} points` : ""} · ${stars} ★`;
}

// A mine tile in a hand (the tiles drawn in a Mine action): its id and, in words, what it costs its neighbours, the
// ore it brings, its stars and points.
export function drawMineTile(catalog, id, opts) {
  const o = opts || {};
  const [back, cost, ore, population, points, stars] = (catalog.mine_tiles || {})[id] || ["?", 0, 0, 0, 0, 0];
  const node = make("div", `kh-tb-minetile ${back === "tech" ? "kh-tb-minetile--tech" : ""}`.trim());
  if (o.id) node.dataset.testid = o.id;
  const facts = [`+${ore} ore`, population ? `+${population} people` : "", points ? `${points} points` : "",
    stars ? "★".repeat(stars) : "no star"].filter(Boolean);
  node.append(make("span", "kh-tb-minetile-id", id), make("span", "kh-tb-minetile-nums", facts.join(" · ")),
    make("span", "kh-tb-minetile-cost", `next to it: ${cost} wood`));
  node.title = mineWords(catalog, id);
  return node;
}
