// Kutná Hora card stands (widgets.PriceStand). Renders the synced state and sends intents; no rules here.
// Every intent carries all its data (jupyter.md §2.3): {type: "advance", deck, cards}, {type: "build", good}.

const DECK_TITLES = { population: "Population deck", ore: "Ore deck" };

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function testid(node, id) {
  node.dataset.testid = id;
  return node;
}

function drawCell(good, notch, cell, now, changed) {
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

function drawGood(good, g, changed, buildable, over) {
  const row = testid(make("div", "kh-ps-good"), `kh-ps-good-${good}`);
  row.dataset.intent = "build";
  row.dataset.good = good;
  row.tabIndex = 0;
  row.setAttribute("role", "button");
  const canBuild = buildable.includes(good);
  row.classList.add(canBuild ? "kh-ps-good--buildable" : "kh-ps-good--blocked");
  row.title = over ? "The game is over."
    : canBuild ? `Click to build a ${good} building (its slider moves one notch right).`
    : `A ${good} building cannot be built now; click to see why.`;

  const name = make("div", "kh-ps-goodname", good);
  if (g.slider !== good) name.append(make("span", "kh-ps-sliderof", `slider: ${g.slider}`));
  row.append(name);

  const grid = make("div", "kh-ps-cells");
  grid.style.gridTemplateColumns = `repeat(${g.cells.length}, minmax(2.2em, 1fr))`;
  const priceChanged = changed.has(`price:${good}`);
  g.cells.forEach((cell, notch) => grid.append(drawCell(good, notch, cell, notch === g.notch, priceChanged)));
  const knob = testid(make("span", "kh-ps-knob", "▲"), `kh-ps-slider-${good}`);
  knob.style.gridColumn = String(g.notch + 1);
  knob.title = `${g.slider} slider at notch ${g.notch}`;
  if (changed.has(`slider:${good}`)) knob.classList.add("kh-ps-changed");
  const track = make("span", "kh-ps-track");
  track.style.gridColumn = `1 / span ${g.cells.length}`;
  grid.append(track, knob);
  row.append(grid);

  const now = g.cells[g.notch] || [g.price, false];
  const price = make("div", "kh-ps-pricebox");
  const number = testid(make("span", "kh-ps-price", g.price), `kh-ps-price-${good}`);
  if (priceChanged) number.classList.add("kh-ps-changed");
  price.append(number);
  if (now[1]) price.append(testid(make("span", "kh-ps-x", "✗"), `kh-ps-nodemand-${good}`));
  row.append(price);
  return row;
}

function drawDeck(deck, d, changed, buildable, over) {
  const stand = testid(make("section", "kh-ps-stand"), `kh-ps-stand-${deck}`);
  const card = testid(make("button", "kh-ps-card"), `kh-ps-deck-${deck}`);
  card.type = "button";
  card.dataset.intent = "advance";
  card.dataset.deck = deck;
  card.title = `Click to advance the ${deck} deck by one card.`;
  if (changed.has(`deck:${deck}`)) card.classList.add("kh-ps-changed");
  card.append(make("span", "kh-ps-deckname", DECK_TITLES[deck] || deck));
  const where = make("span", "kh-ps-where");
  where.append(make("span", "kh-ps-cardword", "card "),
    testid(make("span", "kh-ps-position", d.position), `kh-ps-position-${deck}`),
    make("span", "kh-ps-of", ` / ${d.last}`));
  card.append(where);
  if (d.flipped) {
    const flipped = testid(make("span", "kh-ps-badge kh-ps-badge--flipped", "flipped"), `kh-ps-flipped-${deck}`);
    flipped.title = `The deck was turned over at card ${d.flip}.`;
    if (changed.has(`flip:${deck}`)) flipped.classList.add("kh-ps-changed");
    card.append(flipped);
  } else {
    card.append(make("span", "kh-ps-badge kh-ps-badge--quiet", `flip at ${d.flip}`));
  }
  if (d.position >= d.last) {
    card.append(testid(make("span", "kh-ps-badge kh-ps-badge--last", "last card"), `kh-ps-last-${deck}`));
  }
  stand.append(card);
  const goods = make("div", "kh-ps-goods");
  for (const [good, g] of Object.entries(d.goods)) goods.append(drawGood(good, g, changed, buildable, over));
  stand.append(goods);
  return stand;
}

function drawStatus(status) {
  const line = testid(make("div", "kh-ps-status"), "kh-ps-status");
  if (!status || status.step === undefined) return line;
  const money = (status.groschen || []).map((n, i) => `P${i + 1} ${n}`).join(" · ");
  line.append(make("span", "kh-ps-step", `step ${status.step}`), make("span", "kh-ps-money", `groschen: ${money}`));
  line.append(make("span", status.over ? "kh-ps-over" : "kh-ps-prompt", status.prompt));
  return line;
}

function drawEvents(events) {
  const list = testid(make("ol", "kh-ps-events"), "kh-ps-events");
  for (const text of events) {
    const item = make("li", "kh-ps-event");
    const m = /^(.*) \[([^\]]+)\]$/.exec(text);
    if (m) item.append(make("span", "kh-ps-eventtext", m[1]), make("span", "kh-ps-rule", m[2]));
    else item.textContent = text;
    list.append(item);
  }
  return list;
}

function render({ model, el }) {
  const root = testid(make("div", "kh-ps-root"), "kh-ps-root");

  const draw = () => {
    const stand = model.get("stand") || {};
    const status = model.get("status") || {};
    const changed = new Set(model.get("changed") || []);
    const buildable = status.buildable || [];
    const parts = [];
    if (stand.source === "approx") {
      parts.push(testid(make("div", "kh-ps-banner", "Illustrative prices (approx), not the printed cards"),
        "kh-ps-banner"));
    }
    parts.push(drawStatus(status));
    const stands = make("div", "kh-ps-stands");
    for (const [deck, d] of Object.entries(stand.decks || {})) {
      stands.append(drawDeck(deck, d, changed, buildable, status.over));
    }
    parts.push(stands);
    const message = testid(make("div", "kh-ps-message", model.get("message")), "kh-ps-message");
    message.classList.add(model.get("message_kind") === "error" ? "kh-ps-message--error" : "kh-ps-message--info");
    message.setAttribute("role", "status");
    parts.push(message, drawEvents(model.get("events") || []));
    const active = document.activeElement;
    const focused = active && root.contains(active) ? active.dataset.testid : null;
    root.replaceChildren(...parts);
    if (focused) root.querySelector(`[data-testid="${focused}"]`)?.focus();  // keep keyboard users in place
  };

  // One sync message sets several traits; draw once for all of them.
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };

  const intentOf = (target) => {
    const node = target instanceof Element ? target.closest("[data-intent]") : null;
    if (!node || !root.contains(node)) return null;
    if (node.dataset.intent === "advance") return { type: "advance", deck: node.dataset.deck, cards: 1 };
    if (node.dataset.intent === "build") return { type: "build", good: node.dataset.good };
    return null;
  };
  const onClick = (event) => {
    const intent = intentOf(event.target);
    if (intent) model.send(intent);
  };
  const onKey = (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = event.target instanceof Element ? event.target : null;
    if (!node || node.tagName === "BUTTON") return; // buttons already turn keys into clicks
    const intent = intentOf(node);
    if (intent) {
      event.preventDefault();
      model.send(intent);
    }
  };

  const traits = ["stand", "changed", "message", "message_kind", "message_seq", "events", "status"];
  for (const name of traits) model.on(`change:${name}`, schedule);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  draw();
  el.append(root);

  return () => {
    for (const name of traits) model.off(`change:${name}`, schedule);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

export default { render };
