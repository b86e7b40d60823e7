// Kutná Hora town board (widgets.kh_town.TownView). Draws the synced snapshot and sends intents; no rules here:
// what a plot costs, what a building scores and who may click where all come from Python (games.kutna_hora.town).
// The one intent carries all its data (jupyter.md §2.3): {type: "plot", index: 7}.

const SIDES = { n: "top", e: "right", s: "bottom", w: "left" };

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

function seatName(seat) {
  return seat < 0 ? "public" : `Player ${seat + 1}`;
}

function tileLabel(plot) {
  const number = plot.building.split("-").pop();
  return plot.public ? `${plot.colour} noble ${number}` : `${plot.guild} ${number}`;
}

function dot(colour, hex, title) {
  const node = make("span", "kh-town-icon");
  node.style.background = hex || "#999";
  node.dataset.icon = colour;
  node.title = title;
  return node;
}

function drawPlot(i, plot, size, palette, offer, badge, clickable, selected) {
  const r = Math.floor(i / size);
  const c = i % size;
  const node = testid(make("button", "kh-town-plot"), `kh-town-plot-${i}`);
  node.type = "button";
  node.dataset.intent = "plot";
  node.dataset.index = String(i);
  node.dataset.clickable = clickable ? "true" : "false";
  node.style.gridRow = String(r + 2);
  node.style.gridColumn = String(c + 2);
  if (!clickable) node.classList.add("kh-town-plot--inert");
  if (selected) node.classList.add("kh-town-plot--selected");
  const top = make("span", "kh-town-plot-top");
  top.append(make("span", "kh-town-index", `plot ${i}`));
  let words = `plot ${i} (row ${r}, column ${c})`;

  if (plot.building) {
    node.classList.add("kh-town-plot--built", plot.public ? "kh-town-plot--public" : "kh-town-plot--guild");
    node.dataset.building = plot.building;
    node.style.background = plot.public ? palette.nobles?.[plot.colour] : palette.guilds?.[plot.guild];
    const icons = make("span", "kh-town-icons");
    for (const icon of plot.icons || []) icons.append(dot(icon, palette.icons?.[icon], `matching icon: ${icon}`));
    const value = make("span", "kh-town-value", plot.plot_value);
    value.title = `plot value ${plot.plot_value}: a free plot next to this building costs up to ${plot.plot_value}`;
    top.replaceChildren(icons, value);
    node.append(top, make("span", "kh-town-name", tileLabel(plot)));
    const who = make("span", "kh-town-owner");
    if (plot.public) {
      who.textContent = "public";  // short: the cell has room for one line (the tooltip says the rest)
      who.title = "a public building: nobody owns it, nobody puts a house on it";
      who.classList.add("kh-town-owner--public");
    } else {
      who.textContent = `⌂ ${seatName(plot.owner)}`;
      who.style.color = palette.seats?.[plot.owner] || "#555";
      node.dataset.owner = String(plot.owner);
    }
    node.append(who, make("span", "kh-town-index", `plot ${i}`));
    words += `: ${plot.building}, ${plot.public ? "public, no owner" : `house of ${seatName(plot.owner)}`}, icons `
      + `${(plot.icons || []).join(", ")}, plot value ${plot.plot_value}`;
  } else {
    node.classList.add("kh-town-plot--empty");
    node.append(top);
    if (plot.marker >= 0) {
      const marker = testid(make("span", "kh-town-marker", `▲ ${seatName(plot.marker)}`), `kh-town-marker-${i}`);
      marker.style.color = palette.seats?.[plot.marker] || "#555";
      marker.title = `${seatName(plot.marker)}'s plot marker`;
      node.dataset.marker = String(plot.marker);
      node.append(marker);
      words += `: ${seatName(plot.marker)}'s plot marker`;
    } else {
      words += ": empty";
    }
  }
  if (offer) {
    node.classList.add("kh-town-plot--offer");
    node.append(testid(make("span", "kh-town-offer", offer), `kh-town-offer-${i}`));
    words += `, to be had for ${offer}`;
  }
  if (badge) node.append(testid(make("span", "kh-town-badge", badge), `kh-town-badge-${i}`));
  node.title = words;
  node.setAttribute("aria-label", words);
  return node;
}

function drawEdge(r, c, side, colour, size, palette) {
  const node = testid(make("span", `kh-town-edge kh-town-edge--${side}`), `kh-town-edge-${r}-${c}-${side}`);
  node.style.gridRow = String(side === "n" ? 1 : side === "s" ? size + 2 : r + 2);
  node.style.gridColumn = String(side === "w" ? 1 : side === "e" ? size + 2 : c + 2);
  node.append(dot(colour, palette.icons?.[colour], `board edge icon: ${colour} (on the ${SIDES[side]} edge of plot `
    + `${r * size + c}; it counts for matching)`));
  return node;
}

function render({ model, el }) {
  const root = testid(make("div", "kh-town-root"), "kh-town-root");

  const draw = () => {
    const snap = model.get("town") || {};
    const size = snap.size || 0;
    const plots = snap.plots || [];
    const palette = model.get("palette") || {};
    const offers = model.get("offers") || {};
    const badges = model.get("badges") || {};
    const onlyOffers = model.get("only_offers");
    const selected = model.get("selected");
    const parts = [];

    const banner = model.get("banner");
    if (banner) {
      const source = model.get("source");
      parts.push(testid(make("div", "kh-town-banner", `⚠️ ${banner}${source ? ` (${source})` : ""}`),
        "kh-town-banner"));
    }
    const caption = model.get("caption");
    if (caption) parts.push(testid(make("div", "kh-town-caption", caption), "kh-town-caption"));

    const board = testid(make("div", "kh-town-board"), "kh-town-board");
    board.style.gridTemplateColumns = `18px repeat(${size}, var(--kh-town-cell)) 18px`;
    board.style.gridTemplateRows = `18px repeat(${size}, var(--kh-town-cell-h)) 18px`;
    plots.forEach((plot, i) => {
      const key = String(i);
      const clickable = !onlyOffers || key in offers;
      board.append(drawPlot(i, plot, size, palette, offers[key], badges[key], clickable, i === selected));
    });
    for (const [r, c, side, colour] of snap.edges || []) board.append(drawEdge(r, c, side, colour, size, palette));
    parts.push(board);

    const message = testid(make("div", "kh-town-message", model.get("message")), "kh-town-message");
    message.classList.add(model.get("message_kind") === "error" ? "kh-town-message--error" : "kh-town-message--info");
    message.setAttribute("role", "status");
    parts.push(message);

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

  const onClick = (event) => {
    const node = event.target instanceof Element ? event.target.closest("[data-intent]") : null;
    if (!node || !root.contains(node) || node.dataset.clickable === "false") return;
    if (node.dataset.intent === "plot") model.send({ type: "plot", index: Number(node.dataset.index) });
  };

  const traits = ["town", "offers", "badges", "only_offers", "selected", "caption", "palette", "banner", "source",
    "message", "message_kind", "message_seq"];
  for (const name of traits) model.on(`change:${name}`, schedule);
  root.addEventListener("click", onClick);
  draw();
  el.append(root);

  return () => {
    for (const name of traits) model.off(`change:${name}`, schedule);
    root.removeEventListener("click", onClick);
    root.remove();
  };
}

export default { render };
