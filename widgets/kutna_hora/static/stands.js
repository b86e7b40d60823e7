// Kutná Hora's two card stands: the one renderer of the price board, used by the price sandbox's own view
// (stand_view.js, widgets.kutna_hora.PriceStand) and by the game table (table.js). It draws a
// games.kutna_hora.prices.stand_snapshot: each deck's visible card, every good's printed numbers with its slider,
// the red ✗, the town-builds icon and the stars. No rules here.

import { clickable, make, testid } from "../../shared/static/runtime.js";

const DECK_TITLES = { population: "Population deck", ore: "Ore deck" };

function drawStandCell(good, notch, cell, now, changed) {
  const [value, noDemand, townBuilds, starred] = cell;
  const node = testid(make("span", "kh-ps-cell"), `kh-ps-cell-${good}-${notch}`);
  if (now) node.classList.add("kh-ps-cell--now");
  if (now && changed) node.classList.add("kh-ps-changed");
  if (noDemand) node.classList.add("kh-ps-cell--nodemand");
  node.append(make("span", "kh-ps-value", value));
  if (starred) node.append(make("span", "kh-ps-star", "*"));
  if (noDemand) node.append(make("span", "kh-ps-x", "✗"));
  if (townBuilds) node.append(make("span", "kh-ps-house", "⌂"));
  const notes = [`notch ${notch}: ${value} groschen`];
  if (starred) notes.push("* changed from the previous card");
  if (noDemand) notes.push("✗ no demand: nobody may build this good");
  if (townBuilds) notes.push("⌂ the town builds when this card appears");
  node.title = notes.join("\n");
  return node;
}

function drawGood(good, g, o) {
  const row = testid(make("div", "kh-ps-good"), `kh-ps-good-${good}`);
  if (o.clickable) {
    const canBuild = o.buildable.includes(good);
    row.classList.add(canBuild ? "kh-ps-good--buildable" : "kh-ps-good--blocked");
    clickable(row, "build", { good }, o.over ? "The game is over."
      : canBuild ? `Click to build a ${good} building (its slider moves one notch right).`
        : `A ${good} building cannot be built now; click to see why.`);
  }
  const name = make("div", "kh-ps-goodname", good);
  if (g.slider !== good) name.append(make("span", "kh-ps-sliderof", `slider: ${g.slider}`));
  row.append(name);

  const grid = make("div", "kh-ps-cells");
  grid.style.gridTemplateColumns = `repeat(${g.cells.length}, minmax(2.2em, 1fr))`;
  const priceChanged = o.changed.has(`price:${good}`);
  g.cells.forEach((cell, notch) => grid.append(drawStandCell(good, notch, cell, notch === g.notch, priceChanged)));
  const knob = testid(make("span", "kh-ps-knob", "▲"), `kh-ps-slider-${good}`);
  knob.style.gridColumn = String(g.notch + 1);
  knob.title = `${g.slider} slider at notch ${g.notch}`;
  if (o.changed.has(`slider:${good}`)) knob.classList.add("kh-ps-changed");
  const track = make("span", "kh-ps-track");
  track.style.gridColumn = `1 / span ${g.cells.length}`;
  grid.append(track, knob);
  row.append(grid);

  const now = g.cells[g.notch] || [g.price, false];
  const price = make("div", "kh-ps-pricebox");
  const number = testid(make("span", "kh-ps-price", g.price), `kh-ps-price-${good}`);
  number.title = `${good} costs ${g.price} groschen now`;
  if (priceChanged) number.classList.add("kh-ps-changed");
  price.append(number);
  if (now[1]) price.append(testid(make("span", "kh-ps-x", "✗"), `kh-ps-nodemand-${good}`));
  row.append(price);
  return row;
}

function drawDeck(deck, d, o) {
  const stand = testid(make("section", "kh-ps-stand"), `kh-ps-stand-${deck}`);
  const card = testid(make(o.clickable ? "button" : "div", "kh-ps-card"), `kh-ps-deck-${deck}`);
  if (o.clickable) clickable(card, "advance", { deck, cards: 1 }, `Click to advance the ${deck} deck by one card.`);
  else card.title = `The visible card; the deck flips at card ${d.flip}`;
  if (o.changed.has(`deck:${deck}`)) card.classList.add("kh-ps-changed");
  card.append(make("span", "kh-ps-deckname", DECK_TITLES[deck] || deck));
  const where = make("span", "kh-ps-where");
  where.append(make("span", "kh-ps-cardword", "card "),
    testid(make("span", "kh-ps-position", d.position), `kh-ps-position-${deck}`),
    make("span", "kh-ps-of", ` / ${d.last}`));
  card.append(where);
  if (d.flipped) {
    const flipped = testid(make("span", "kh-ps-badge kh-ps-badge--flipped", "flipped"), `kh-ps-flipped-${deck}`);
    flipped.title = `The deck was turned over at card ${d.flip}.`;
    if (o.changed.has(`flip:${deck}`)) flipped.classList.add("kh-ps-changed");
    card.append(flipped);
  } else {
    card.append(make("span", "kh-ps-badge kh-ps-badge--quiet", `flip at ${d.flip}`));
  }
  if (d.position >= d.last) {
    card.append(testid(make("span", "kh-ps-badge kh-ps-badge--last", "last card"), `kh-ps-last-${deck}`));
  }
  stand.append(card);
  const goods = make("div", "kh-ps-goods");
  for (const [good, g] of Object.entries(d.goods || {})) goods.append(drawGood(good, g, o));
  stand.append(goods);
  return stand;
}

// drawStands(stand, {clickable, changed, buildable, over}): `clickable` makes each deck's card send
// {intent: "advance", deck, cards: 1} and each good's row {intent: "build", good}; `changed` holds the tokens of
// what the last step changed (deck:ore, flip:ore, slider:beer, price:beer), highlighted.
export function drawStands(stand, opts) {
  const o = { clickable: false, changed: new Set(), buildable: [], over: false, ...(opts || {}) };
  const box = testid(make("div", "kh-ps-stands"), "kh-ps-stands");
  for (const [deck, d] of Object.entries((stand || {}).decks || {})) box.append(drawDeck(deck, d, o));
  return box;
}
