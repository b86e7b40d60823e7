// Kutná Hora's town board: the one renderer of the town, used by the town's own view (town_view.js,
// widgets.kutna_hora.TownView) and by the game table (table.js). It draws a games.kutna_hora.town.snapshot: plots
// in a grid, buildings with their icons, plot value and owner's house colour, plot markers in seat colours, the icons
// on the board edge, and price labels or badges on plots. No rules here: what a plot costs and who may click where
// come from Python.

import { clickable, make, offer, seatLabel, testid } from "../../shared/static/runtime.js";

const SIDES = { n: "top", e: "right", s: "bottom", w: "left" };

function ownerName(seat) {
  return seat < 0 ? "public" : seatLabel(seat);
}

function tileLabel(plot) {
  const number = plot.building.split("-").pop();
  return plot.public ? `${plot.colour} noble ${number}` : `${plot.guild} ${number}`;
}

function iconDot(colour, hex, title) {
  const node = make("span", "kh-town-icon");
  node.style.background = hex || "#999";
  node.dataset.icon = colour;
  node.title = title;
  return node;
}

// The table sends each plot as [building, owner, marker], the tiles and the edge icons once in its catalogue; this
// gives the snapshot the renderer draws.
export function townSnapshot(town, catalog) {
  const plots = (town.plots || []).map(([building, owner, marker]) => {
    const plot = { building, owner, marker };
    if (!building) return plot;
    const [guild, colour, , , plotValue, icons] = (catalog.tiles || {})[building] || ["?", "", 0, 0, 0, []];
    return { ...plot, guild, colour, icons, plot_value: plotValue, public: guild === "public" };
  });
  return { size: town.size, plots, edges: catalog.edges || [] };
}

function drawPlot(i, plot, size, o) {
  const r = Math.floor(i / size);
  const c = i % size;
  const palette = o.palette;
  const node = testid(make("div", "kh-town-plot"), `kh-town-plot-${i}`);
  node.dataset.plot = String(i);
  node.style.gridRow = String(r + 2);
  node.style.gridColumn = String(c + 2);
  if (i === o.selected) node.classList.add("kh-town-plot--selected");
  const top = make("span", "kh-town-plot-top");
  top.append(make("span", "kh-town-index", `plot ${i}`));
  let words = `plot ${i} (row ${r}, column ${c})`;
  if (plot.building) {
    node.classList.add("kh-town-plot--built", plot.public ? "kh-town-plot--public" : "kh-town-plot--guild");
    node.dataset.building = plot.building;
    node.style.background = plot.public ? palette.nobles?.[plot.colour] : palette.guilds?.[plot.guild];
    const icons = make("span", "kh-town-icons");
    for (const icon of plot.icons || []) icons.append(iconDot(icon, palette.icons?.[icon], `matching icon: ${icon}`));
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
      who.textContent = `⌂ ${ownerName(plot.owner)}`;
      who.style.color = palette.seats?.[plot.owner] || "#555";
      node.dataset.owner = String(plot.owner);
    }
    node.append(who, make("span", "kh-town-index", `plot ${i}`));
    words += `: ${plot.building}, ${plot.public ? "public, no owner" : `house of ${ownerName(plot.owner)}`}, icons `
      + `${(plot.icons || []).join(", ")}, plot value ${plot.plot_value}`;
  } else {
    node.classList.add("kh-town-plot--empty");
    node.append(top);
    words += plot.marker >= 0 ? "" : ": empty";
  }
  if (plot.marker >= 0) {
    const marker = testid(make("span", "kh-town-marker", `▲ ${ownerName(plot.marker)}`), `kh-town-marker-${i}`);
    marker.style.color = palette.seats?.[plot.marker] || "#555";
    marker.title = `${ownerName(plot.marker)}'s plot marker`;
    node.dataset.marker = String(plot.marker);
    node.append(marker);
    words += `: ${ownerName(plot.marker)}'s plot marker`;
  }
  const price = o.offers[String(i)];
  if (price) {
    node.classList.add("kh-town-plot--offer");
    node.append(testid(make("span", "kh-town-offer", price), `kh-town-offer-${i}`));
    words += `, to be had for ${price}`;
  }
  const badge = o.badges[String(i)];
  if (badge) node.append(testid(make("span", "kh-town-badge", badge), `kh-town-badge-${i}`));
  const click = o.click ? o.click(i, plot) : null;
  node.dataset.clickable = click ? "true" : "false";
  if (click && click[0] === "act") offer(node, click[1].action, !!click[3], click[2] || words);  // a game table's
  else if (click) clickable(node, click[0], click[1], click[2] || words);
  if (click && click[3]) node.classList.add("kh-town-plot--choice");
  if (!click) {
    node.classList.add("kh-town-plot--inert");
    node.title = words;
  }
  node.setAttribute("aria-label", words);
  return node;
}

function drawEdge(r, c, side, colour, size, palette) {
  const node = testid(make("span", `kh-town-edge kh-town-edge--${side}`), `kh-town-edge-${r}-${c}-${side}`);
  node.style.gridRow = String(side === "n" ? 1 : side === "s" ? size + 2 : r + 2);
  node.style.gridColumn = String(side === "w" ? 1 : side === "e" ? size + 2 : c + 2);
  node.append(iconDot(colour, palette.icons?.[colour], `board edge icon: ${colour} (on the ${SIDES[side]} edge of `
    + `plot ${r * size + c}; it counts for matching)`));
  return node;
}

// drawTownBoard(snapshot, {palette, offers, badges, selected, click}): the plots framed by the edge icons.
// click(index, plot) returns [intent, args, title, highlight] for a plot that sends an intent (highlight: one of a few
// legal choices; a game table's "act" without it names an action the rules refuse now), or null
// (data-clickable="false").
export function drawTownBoard(snapshot, opts) {
  const o = { palette: {}, offers: {}, badges: {}, selected: -1, click: null, ...(opts || {}) };
  const size = snapshot.size || 0;
  const board = testid(make("div", "kh-town-board"), "kh-town-board");
  board.style.gridTemplateColumns = `18px repeat(${size}, var(--kh-town-cell)) 18px`;
  board.style.gridTemplateRows = `18px repeat(${size}, var(--kh-town-cell-h)) 18px`;
  (snapshot.plots || []).forEach((plot, i) => board.append(drawPlot(i, plot, size, o)));
  for (const [r, c, side, colour] of snapshot.edges || []) board.append(drawEdge(r, c, side, colour, size, o.palette));
  return board;
}
