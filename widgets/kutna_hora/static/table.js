// Kutná Hora table (widgets.kutna_hora.KHTable): every board by its one renderer (round_track.js, stands.js,
// town_hall.js, barbara.js, mine_board.js, town_board.js, player_board.js), the decision the game waits for and,
// from the runtime, the prompt, buttons, message line, time travel and event log. What is clickable, and what it
// sends, comes from Python (status.choices: the human seat's legal actions with their words, groschen and the places
// they name). A choice of two parts (mine TILE SPACE, build TILE PLOT, a joker's action) takes two clicks: the first
// only picks its place (kept here, never sent), the second sends the whole action.

import { choose, pickPlaces } from "../../shared/static/choices.js";
import { TABLE_TRAITS, button, make, mount, seatLabel, testid } from "../../shared/static/runtime.js";
import { actionBar, banner, eventLog, gameStatus, legalList, timeTravel } from "../../shared/static/view_parts.js";
import { drawBarbara } from "./barbara.js";
import { drawMineBoard, mineSnapshot } from "./mine_board.js";
import { drawMineTile, mineWords, pawn, placeChoice, slug } from "./pieces.js";
import { drawSeat } from "./player_board.js";
import { drawRoundTrack } from "./round_track.js";
import { drawStands } from "./stands.js";
import { drawHall, drawNobles } from "./town_hall.js";
import { drawTownBoard, townSnapshot } from "./town_board.js";

// The guild sets of the setup card, when the decision is which set to take: choices of the bar.
function drawGuildSets(board, plan) {
  const sets = (board.guild_sets || []).filter(([k]) => plan.place(`guildset:${k}`));
  if (!sets.length) return [];
  const out = [make("span", "bg-label", `guild setup card ${board.guild_card}: choose a set`)];
  for (const [k, guilds] of sets) {
    const node = testid(make("div", "kh-tb-guildset", `set ${k}: ${guilds.join(", ")}`), `kh-tb-guildset-${k}`);
    out.push(placeChoice(node, plan.place(`guildset:${k}`)));
  }
  return out;
}

// The choices that are buttons (pass, discard, tax, miners, the guild-row orders) with Python's words, and the hint
// for a choice of two clicks.
function drawChoices(board, plan) {
  const out = drawGuildSets(board, plan);
  out.push(...plan.buttons.filter((b) => !b.places.length).map((b) => button(b.words, `kh-tb-button-${slug(b.action)}`,
    "act", { action: b.action }, { className: "bg-button--action", title: b.title || b.words })));
  if (plan.hint) out.push(testid(make("span", "kh-tb-hint", plan.hint), "kh-tb-click-hint"));
  return out;
}

// A board cell's click as the mine and town renderers take it: [intent, args, title, highlight] or null.
function clickOf(spec) {
  return spec && spec.action ? ["act", { action: spec.action }, spec.title, !!spec.legal] : null;
}

function drawMinePanel(catalog, board, mine, status, plan) {
  const box = testid(make("section", "kh-tb-panel kh-tb-mine"), "kh-tb-mine");
  const head = make("div", "kh-tb-panel-head");
  head.append(make("span", "kh-tb-title", "Mine"), testid(make("span", "kh-tb-muted",
    `technology ${mine.technology}: draw ${mine.technology} · tech tiles left ${mine.tech_left} · stack ${mine.stack}` +
    `${mine.back ? ` (top: ${mine.back})` : ""} · discards ${mine.discard}`), "kh-tb-technology"));
  box.append(head);
  const drawn = mine.drawn || [];
  // The drawn tiles' row is always there (a Mine action that begins or ends moves nothing below it).
  const hand = testid(make("div", "kh-tb-drawn"), "kh-tb-drawn");
  hand.append(make("span", "bg-label", "drawn"));
  for (const t of drawn) {
    hand.append(placeChoice(drawMineTile(catalog, t, { id: `kh-tb-drawn-${t}` }), plan.place(`drawn:${t}`),
      mineWords(catalog, t)));
  }
  if (!drawn.length) {
    hand.append(make("span", "kh-tb-muted", mine.drawn_count ? `${mine.drawn_count} tile` +
      `${mine.drawn_count > 1 ? "s" : ""} drawn (seen only by the player who drew)` : "no tiles drawn"));
  }
  box.append(hand);
  // a space names an action (a kept tile's, a technology tile's) or, when it names nothing, says why when clicked
  const click = (i) => clickOf(plan.place(`space:${i}`))
    || (status.live ? ["why", { what: "mine-space" }, "Nothing to do here now: click to see why"] : null);
  const wood = (board.prices || {}).wood;
  // What an open space costs the player deciding now (Python's mark on a legal space: "free" or the groschen);
  // otherwise its wood at the wood price.
  const openLabel = (i, cell) => {
    const spec = plan.place(`space:${i}`);
    if (spec && spec.legal && spec.mark) return spec.mark === "free" ? "open: free" : `open: ${cell.cost_here} wood = ${spec.mark}`;
    return `open: ${cell.cost_here} wood${wood ? ` = ${cell.cost_here * wood} g` : ""}`;
  };
  box.append(drawMineBoard(mineSnapshot(mine, catalog), {
    names: catalog.seat_labels || [], colours: catalog.seat_colours || [], wood, click, openLabel,
  }));
  return box;
}

function drawTownPanel(catalog, town, plan) {
  const box = testid(make("section", "kh-tb-panel kh-tb-town"), "kh-tb-town");
  box.append(make("div", "kh-tb-title", "Town"));
  const snapshot = townSnapshot(town, catalog);
  const offers = {};  // a legal plot's price, from Python's mark
  snapshot.plots.forEach((plot, i) => {
    const spec = plan.place(`plot:${i}`);
    if (spec && spec.legal && spec.mark && !plot.building) offers[String(i)] = spec.mark;
  });
  box.append(drawTownBoard(snapshot, {
    palette: { ...(catalog.colours || {}), seats: catalog.seat_colours || [] }, offers,
    click: (i) => clickOf(plan.place(`plot:${i}`)),
  }));
  return box;
}

function drawScores(catalog, status) {
  const box = testid(make("div", "kh-tb-scores"), "kh-tb-scores");
  const rows = gameStatus(status).score_table || [];
  if (!rows.length) return box;
  box.append(make("div", "kh-tb-title", "Final score"));
  const keys = Object.keys(rows[0]).filter((k) => k !== "total" && rows.some((r) => r[k]));
  const table = make("table", "kh-tb-score-table");
  const tr = make("tr");
  for (const h of ["", ...keys, "total"]) tr.append(make("th", "kh-tb-score-head", h));
  table.append(tr);
  const winners = new Set(status.winners || []);
  rows.forEach((row, p) => {
    const line = make("tr");
    const name = make("th", "kh-tb-score-name");
    name.append(pawn(catalog, p), ` ${seatLabel(p)}${winners.has(p) ? " ♛" : ""}`);
    line.append(name);
    for (const k of keys) line.append(make("td", "kh-tb-score-num", row[k]));
    line.append(testid(make("td", "kh-tb-score-num kh-tb-score-total", row.total), `kh-tb-total-${p}`));
    table.append(line);
  });
  box.append(table);
  return box;
}

function render(ctx) {
  let picks = [];  // the first click of a two-part choice (a drawn tile, a held tile, a joker), never sent
  return mount(ctx, {
    name: "kh-tb",
    className: "kh-tb-root",
    traits: [...TABLE_TRAITS, "board", "stands", "hall", "mine", "town", "seats"],
    onClick: pickPlaces(() => picks, (p) => { picks = p; }),
    draw: (model) => {
      const catalog = model.get("catalog") || {};
      const status = model.get("status") || {};
      const board = model.get("board") || {};
      const seats = model.get("seats") || [];
      const plan = choose(status, picks);
      picks = plan.picks;
      const turn = testid(make("div", "bg-turn"), "kh-tb-turn");
      turn.textContent = [`round ${board.round} of ${board.rounds}`, gameStatus(status).kind_words].filter(Boolean).join(" · ");

      const table = testid(make("div", "kh-tb-table"), "kh-tb-table");
      if (!status.live) table.classList.add("kh-tb-table--past");
      const top = make("div", "kh-tb-band");
      const stands = testid(make("section", "kh-tb-panel kh-tb-stands"), "kh-tb-stands");
      stands.append(make("div", "kh-tb-title", "Card stands (prices)"), drawStands(model.get("stands") || {}));
      top.append(drawRoundTrack(catalog, board), stands);
      const middle = make("div", "kh-tb-band");
      middle.append(drawHall(catalog, board, model.get("hall") || {}, plan.place),
        drawNobles(catalog, board, seats, plan.place), drawBarbara(catalog, board));
      const lower = make("div", "kh-tb-band");
      lower.append(drawMinePanel(catalog, board, model.get("mine") || {}, status, plan),
        drawTownPanel(catalog, model.get("town") || {}, plan));
      const seatBox = testid(make("div", "kh-tb-seats"), "kh-tb-seats");
      seats.forEach((seat, p) => seatBox.append(drawSeat(catalog, board, seat, p,
        { status, plan, live: status.live })));
      table.append(top, middle, lower, seatBox);
      const source = catalog.source ? ` (${catalog.source})` : "";
      const bar = actionBar(model, status, catalog, "kh-tb", { detail: turn,
        choices: drawChoices(board, plan), tools: { rounds: true, toEnd: true } });
      const costs = gameStatus(status).costs || {};  // the legal list shows each costly action's groschen
      const cost = (action) => (costs[action] === undefined ? action
        : `${action} · ${costs[action] === 0 ? "free" : `${costs[action]} g`}`);
      return [banner(catalog.banner ? `${catalog.banner}${source}` : "", "kh-tb-banner"), bar,
        timeTravel(status, model, "kh-tb"), legalList(status, "kh-tb", cost), table, drawScores(catalog, status),
        eventLog(model.get("events") || [], catalog, "kh-tb")];
    },
  });
}

export default { render };
