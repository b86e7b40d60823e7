// A Kutná Hora player board: guild rows with the houses left and what each space shows, production, the reputation
// track, the action cards still in hand (both halves), the 3 slots for held tiles, the miners, plot markers, and what
// the nobles and the final scoring would give now. The one renderer of a player board, used by the game table
// (table.js, every seat) and by PlayerBoardView (player_board_view.js). Only the human's own board is clickable, and
// only at its legal actions: a card half, a joker's action, a card played for no effect, a held tile, a guild row.

import { button, make, seatLabel, testid } from "../../shared/static/runtime.js";
import { drawTile, pawn, placeChoice, slug } from "./pieces.js";

const ACTION_WORDS = {
  mine: "Mine", rights: "Rights", plot: "Plot", build: "Build", income: "Income", barbara: "St. Barbara", joker: "Joker",
};
const ACTION_TITLES = {
  mine: "Mine: draw tiles by the technology level, keep one, build it on an open space with a miner",
  rights: "Rights: take the top tile of a town hall stack (your guilds or public) into a free slot",
  plot: "Plot: buy a plot in town for your plot marker",
  build: "Build: build a held tile on one of your plots, paying its wood",
  income: "Income: production × current price for each good; then the council",
  barbara: "St. Barbara: spend a pelican, resolve the current tile",
  joker: "Joker: any other action (costs 1 reputation below reputation 6)",
};
const KIND_LABEL = { points: "pts", reputation: "rep", pelicans: "pelican", "public-rights": "public Rights" };

// A card half, as Python's choices name it (place "half:C-HALF"; a joker half "joker:C", selected first, then the
// action it takes from the menu under the card).
function drawHalf(card, half, p, c, place) {
  const h = testid(make("div", `kh-tb-half kh-tb-half--${half}`, ACTION_WORDS[half] || half), `kh-tb-half-${p}-${c}-${half}`);
  h.title = ACTION_TITLES[half] || half;
  placeChoice(h, place(half === "joker" ? `joker:${c}` : `half:${c}-${half}`));
  card.append(h);
}

function drawCards(catalog, seat, p, place, menu) {
  const box = testid(make("div", "kh-tb-cards"), `kh-tb-cards-${p}`);
  (catalog.cards || []).forEach((halves, k) => {
    const c = k + 1;
    const card = testid(make("div", "kh-tb-card"), `kh-tb-card-${p}-${c}`);
    card.append(make("span", "kh-tb-card-no", c));
    if (!(seat.cards || []).includes(c)) {
      card.classList.add("kh-tb-card--played");
      card.title = `Card ${c} (${halves.join(" / ")}): played this round`;
      box.append(card);
      return;
    }
    for (const half of halves) drawHalf(card, half, p, c, place);
    const joker = menu.filter((b) => b.places[0] === `joker:${c}`);  // the joker picked: what it may take
    if (joker.length) {
      const list = make("div", "kh-tb-joker-menu");
      for (const b of joker) {
        list.append(button(b.words, `kh-tb-${slug(b.action)}`, "act", { action: b.action },
          { className: "bg-button--action", title: b.title || b.words }));
      }
      card.append(list);
    }
    const idle = place(`idle:${c}`);
    if (idle && idle.legal) {
      card.append(button(idle.words, `kh-tb-idle-${c}`, "act", { action: idle.action }, { title: idle.title }));
    }
    box.append(card);
  });
  return box;
}

function drawGuildRows(catalog, seat, p, place) {
  const rows = testid(make("div", "kh-tb-guildrows"), `kh-tb-guildrows-${p}`);
  for (let r = 0; r < 3; r++) {
    const guild = (seat.guilds || [])[r] || "";
    const good = (catalog.guild_good || {})[guild] || "";
    const row = testid(make("div", "kh-tb-guildrow"), `kh-tb-row-${p}-${r}`);
    const prod = (seat.production || {})[good] || 0;
    const mined = good === "ore" && seat.mine_ore ? ` + mines ${seat.mine_ore}` : "";
    row.append(make("span", "kh-tb-guild", guild || "—"), make("span", "kh-tb-production",
      good ? `${good} ${prod}${mined}` : ""));
    const taken = (seat.houses_taken || [])[r] || 0;
    ((catalog.houses || [])[r] || []).forEach((space, k) => {
      const h = make("span", "kh-tb-housespace");
      const effect = space.map(([kind, n]) => `${kind === "public-rights" ? "" : `+${n} `}${KIND_LABEL[kind] || kind}`)
        .join(" & ");
      if (k < taken) {
        h.classList.add("kh-tb-housespace--empty");
        h.textContent = effect;
        h.title = `House gone: the space shows ${effect}`;
      } else {
        h.append(make("span", "kh-tb-houseicon", "⌂"), make("span", "kh-tb-houseeffect", effect));
        h.title = `A house; building here gives ${effect}`;
      }
      row.append(h);
    });
    if (guild) placeChoice(row, place(`house:${guild}`));
    rows.append(row);
  }
  return rows;
}

function drawReputation(catalog, seat, p) {
  const rep = testid(make("div", "kh-tb-reptrack"), `kh-tb-reputation-${p}`);
  rep.append(make("span", "bg-label", "reputation"));
  (catalog.reputation || []).forEach((points, k) => {
    const step = make("span", "kh-tb-repstep");
    step.append(make("span", "kh-tb-repno", k), make("span", "kh-tb-reppts", points > 0 ? `+${points}` : points));
    if (k === seat.reputation) {
      step.classList.add("kh-tb-repstep--here");
      step.append(make("span", "kh-tb-repmark", "▲"));
    }
    step.title = `Reputation ${k}: ${points} points at the end`;
    rep.append(step);
  });
  return rep;
}

function drawHeld(catalog, seat, p, place) {
  const held = testid(make("div", "kh-tb-held"), `kh-tb-held-${p}`);
  held.append(make("span", "bg-label", "held tiles"));
  for (let k = 0; k < (catalog.held_slots || 3); k++) {
    const id = (seat.held || [])[k];
    if (!id) {
      held.append(testid(make("div", "kh-tb-slot", "empty"), `kh-tb-held-${p}-${k}`));
      continue;
    }
    const tile = drawTile(catalog, id, { id: `kh-tb-held-${p}-${k}` });
    placeChoice(tile, place(`held:${id}`));
    held.append(tile);
  }
  return held;
}

function stat(id, text, title) {
  const node = testid(make("span", "kh-tb-stat", text), id);
  node.title = title;
  return node;
}

// drawSeat(catalog, board, seat, p, {status, plan, live}): Player p+1's board. With `live` (the table, looking at
// the present) the human's own board offers its choices: plan is the runtime's choose over Python's.
export function drawSeat(catalog, board, seat, p, ctx) {
  const { status = {}, plan = null, live = false } = ctx || {};
  const box = testid(make("section", "kh-tb-seat"), `kh-tb-seat-${p}`);
  box.style.setProperty("--kh-seat", (catalog.seat_colours || [])[p] || "#888");
  if (seat.you) box.classList.add("kh-tb-seat--you");
  if (status.to_move === p) box.classList.add("kh-tb-seat--to-move");
  const mine = live && seat.you && plan;  // the choices are the human seat's
  const place = mine ? plan.place : () => null;
  const menu = mine ? plan.buttons.filter((b) => b.places.length) : [];
  const head = make("div", "kh-tb-seat-head");
  head.append(pawn(catalog, p), make("span", "kh-tb-seat-name", seatLabel(p)),
    make("span", "kh-tb-muted", seat.you ? "you" : seat.bot ? `${seat.bot} bot` : ""));
  if (board.start === p) head.append(make("span", "kh-tb-startflag", "start"));
  head.append(stat(`kh-tb-score-${p}`, `${seat.score} pts`, "points so far"),
    stat(`kh-tb-groschen-${p}`, `${seat.groschen} g`, "groschen"),
    stat(`kh-tb-income-${p}`, `income ${seat.income}`, "what an Income action gives now"),
    stat(`kh-tb-pelicans-${p}`, `pelicans ${seat.pelicans} (${seat.used_pelicans} used)`,
      "pelicans: unused, and used on St. Barbara"),
    stat(`kh-tb-taxdue-${p}`, `tax due ${seat.tax_due}`, "tax plus plot tax at the end of this round"));
  if (status.to_move === p) head.append(make("span", "kh-tb-turn-flag", "to decide"));

  const left = make("div", "kh-tb-seat-left");
  left.append(drawGuildRows(catalog, seat, p, place), drawReputation(catalog, seat, p),
    drawCards(catalog, seat, p, place, menu));
  const right = make("div", "kh-tb-seat-right");
  const miners = testid(make("div", "kh-tb-miners"), `kh-tb-miners-${p}`);
  miners.append(make("span", "bg-label", "miners"), make("span", null, `pool ${seat.pool} · reserve ${seat.reserve}`));
  miners.title = "The miner pool (at most 2) and the miners beside it; a permit moves up to 2 into the pool";
  const plots = seat.plots || [];
  const fin = testid(make("div", "kh-tb-muted", `final scoring now: ${Object.entries(seat.final || {})
    .map(([c, v]) => `${c} ${v}`).join(", ")}`), `kh-tb-final-${p}`);
  fin.title = "What the final scoring would give if the game ended now";
  right.append(drawHeld(catalog, seat, p, place), miners,
    make("div", "kh-tb-muted", `plot markers in town: ${plots.length ? plots.join(", ") : "none"}` +
      ` (${(catalog.plot_markers || 3) - plots.length} left)`),
    make("div", "kh-tb-muted", `one noble now: ${Object.entries(seat.nobles || {}).map(([c, v]) => `${c} ${v}`)
      .join(", ")}`), fin);
  const body = make("div", "kh-tb-seat-body");
  body.append(left, right);
  box.append(head, body);
  return box;
}
