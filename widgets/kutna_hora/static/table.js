// Kutná Hora table (widgets.kutna_hora.KHTable): every board by its one renderer (round_track.js, stands.js,
// town_hall.js, barbara.js, mine_board.js, town_board.js, player_board.js), the decision the game waits for and,
// from the runtime, the prompt, buttons, message line, time travel and event log. What is clickable comes from
// Python (status.game.actions: the human seat's legal actions now, grouped by what they name; status.game.costs: their
// groschen). A choice of two parts (mine TILE SPACE, build TILE PLOT, a joker's action) takes two clicks: the first
// only selects (kept here, never sent), the second sends the whole action.

import {
  TABLE_TRAITS, actionBar, banner, button, eventLog, gameStatus, legalList, make, mount, takes, testid, timeTravel,
} from "../../shared/static/runtime.js";
import { drawBarbara } from "./barbara.js";
import { drawMineBoard, mineSnapshot } from "./mine_board.js";
import { act, costText, drawMineTile, mineWords, pawn, selectable } from "./pieces.js";
import { drawSeat } from "./player_board.js";
import { drawRoundTrack } from "./round_track.js";
import { drawStands } from "./stands.js";
import { drawHall, drawNobles } from "./town_hall.js";
import { drawTownBoard, townSnapshot } from "./town_board.js";

function slug(text) {
  return String(text).replace(/ /g, "-");
}

// A selection only lives while it still names a legal choice; a lone choice is selected by itself.
function effectiveSelection(selected, actions) {
  const out = { mine: null, build: null, joker: null };
  const mine = actions.mine || {}, build = actions.build || {}, joker = actions.joker || {};
  if (selected.mine && mine[selected.mine]) out.mine = selected.mine;
  else if (Object.keys(mine).length === 1) out.mine = Object.keys(mine)[0];
  if (selected.build && build[selected.build]) out.build = selected.build;
  else if (Object.keys(build).length === 1) out.build = Object.keys(build)[0];
  if (selected.joker && joker[selected.joker]) out.joker = selected.joker;
  return out;
}

// The guild sets of the setup card, when the decision is which set to take: choices of the bar.
function drawGuildSets(board, status) {
  if (!takes(status, "guilds")) return [];
  const sets = (gameStatus(status).actions || {}).guilds || [];
  const out = [make("span", "bg-label", `guild setup card ${board.guild_card}: choose a set`)];
  for (const [k, guilds] of board.guild_sets || []) {
    const node = testid(make("div", "kh-tb-guildset", `set ${k}: ${guilds.join(", ")}`), `kh-tb-guildset-${k}`);
    out.push(act(node, `guilds ${k}`, `Take guild set ${k}`, sets.includes(k)));
  }
  return out;
}

function drawHint(actions, selected) {
  let hint = "";
  if (selected.mine) hint = `${selected.mine} kept: click a highlighted open space of the mine`;
  else if (Object.keys(actions.mine || {}).length) hint = "Click a drawn tile to keep it, then an open space";
  else if (selected.build) hint = `${selected.build} selected: click one of your highlighted plots`;
  else if (Object.keys(actions.build || {}).length) hint = "Click a held tile, then one of your plots";
  else if (selected.joker) hint = `Joker on card ${selected.joker}: click the action it takes`;
  else if (Object.keys(actions.play || {}).length || Object.keys(actions.joker || {}).length) {
    hint = "Click a highlighted half of an action card";
  }
  return hint ? testid(make("span", "kh-tb-hint", hint), "kh-tb-click-hint") : null;
}

// The choices that are buttons (pass, discard, tax, miners, the guild-row orders) and the hint for a two-part choice.
function drawChoices(board, status, selected) {
  const actions = gameStatus(status).actions || {};
  const out = drawGuildSets(board, status);
  out.push(...(actions.buttons || []).map((action) => {
    const [label, title] = (gameStatus(status).buttons || {})[action] || [action, action];  // Python's words, with the cost
    return button(label, `kh-tb-button-${slug(action)}`, "act", { action }, { className: "bg-button--action", title });
  }));
  return [...out, drawHint(actions, selected)];
}

function drawMinePanel(catalog, board, mine, status, selected) {
  const box = testid(make("section", "kh-tb-panel kh-tb-mine"), "kh-tb-mine");
  const actions = gameStatus(status).actions || {};
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
    const tile = drawMineTile(catalog, t, { id: `kh-tb-drawn-${t}` });
    if ((actions.mine || {})[t]) {
      selectable(tile, `mine:${t}`, selected.mine === t, `Keep ${t}, then click an open space: ${mineWords(catalog, t)}`);
    }
    hand.append(tile);
  }
  if (!drawn.length) {
    hand.append(make("span", "kh-tb-muted", mine.drawn_count ? `${mine.drawn_count} tile` +
      `${mine.drawn_count > 1 ? "s" : ""} drawn (seen only by the player who drew)` : "no tiles drawn"));
  }
  box.append(hand);
  const keep = selected.mine;
  const spaces = new Set(keep ? (actions.mine || {})[keep] || [] : []);
  const tech = new Set(actions.tech || []);
  // In a Mine decision (a tile kept) or a technology tile's, every space names its action; the rules refuse most.
  const asks = { mine: !!keep && takes(status, "mine"), tech: takes(status, "tech") };
  const actionAt = (i) => (asks.mine ? [`mine ${keep} ${i}`, spaces.has(i)] : asks.tech ? [`tech ${i}`, tech.has(i)]
    : ["", false]);
  const click = (i) => {
    const [action, legal] = actionAt(i);
    if (action) return ["act", { action }, `${action}${legal ? ` (${costText(status, action) || "free"})` : ""}`, legal];
    // a space that names nothing now says why when clicked (before a drawn tile is kept, outside a Mine action)
    return status.live ? ["why", { what: "mine-space" }, "Nothing to do here now: click to see why"] : null;
  };
  const wood = (board.prices || {}).wood;
  // What an open space costs the player deciding now: the technology tile is placed for free, a free Mine action
  // pays nothing; otherwise its wood at the wood price.
  const openLabel = (i, cell) => {
    const [action, legal] = actionAt(i);
    if (legal && asks.tech) return "open: free";
    if (legal) return `open: ${costText(status, action) === "free" ? "free" : `${cell.cost_here} wood = ` +
      `${costText(status, action)}`}`;
    return `open: ${cell.cost_here} wood${wood ? ` = ${cell.cost_here * wood} g` : ""}`;
  };
  box.append(drawMineBoard(mineSnapshot(mine, catalog), {
    names: catalog.seat_labels || [], colours: catalog.seat_colours || [], wood, click, openLabel,
  }));
  return box;
}

function drawTownPanel(catalog, town, status, selected) {
  const box = testid(make("section", "kh-tb-panel kh-tb-town"), "kh-tb-town");
  box.append(make("div", "kh-tb-title", "Town"));
  const actions = gameStatus(status).actions || {};
  const plots = new Set(actions.plot || []);
  const scores = new Set(actions.score || []);
  const builds = new Set(selected.build ? (actions.build || {})[selected.build] || [] : []);
  // In a Plot, Build (a tile selected) or St. Barbara 10 decision every plot names its action; the rules refuse most.
  const verb = takes(status, "plot") ? "plot" : takes(status, "score") ? "score"
    : selected.build && takes(status, "build") ? "build" : "";
  const actionAt = (i) => (verb === "build" ? [`build ${selected.build} ${i}`, builds.has(i)]
    : verb === "plot" ? [`plot ${i}`, plots.has(i)] : verb === "score" ? [`score ${i}`, scores.has(i)] : ["", false]);
  const snapshot = townSnapshot(town, catalog);
  const offers = {};
  snapshot.plots.forEach((plot, i) => {
    const [action, legal] = actionAt(i);
    const cost = legal ? costText(status, action) : "";
    if (cost && !plot.building) offers[String(i)] = cost;
  });
  const click = (i) => {
    const [action, legal] = actionAt(i);
    const cost = legal ? costText(status, action) : "";
    return action ? ["act", { action }, `${action}${cost ? ` (${cost})` : ""}`, legal] : null;
  };
  box.append(drawTownBoard(snapshot, {
    palette: { ...(catalog.colours || {}), seats: catalog.seat_colours || [] }, offers, click,
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
    name.append(pawn(catalog, p), ` Player ${p + 1}${winners.has(p) ? " ♛" : ""}`);
    line.append(name);
    for (const k of keys) line.append(make("td", "kh-tb-score-num", row[k]));
    line.append(testid(make("td", "kh-tb-score-num kh-tb-score-total", row.total), `kh-tb-total-${p}`));
    table.append(line);
  });
  box.append(table);
  return box;
}

function render(ctx) {
  let chosen = { mine: null, build: null, joker: null };  // the first click of a two-part choice
  let drawn = null;  // the selection as last drawn
  // A click on a selectable node ("mine:ii-3", "build:green-1", "joker:2") selects it, or unselects it.
  const toggle = (node, redraw) => {
    const [kind, key] = (node.dataset.select || ":").split(":");
    if (!kind) return false;
    chosen = { ...drawn, [kind]: drawn[kind] === key ? null : key };
    return redraw() || true;
  };
  return mount(ctx, {
    name: "kh-tb",
    className: "kh-tb-root",
    traits: [...TABLE_TRAITS, "board", "stands", "hall", "mine", "town", "seats"],
    onClick: (node, _event, redraw) => toggle(node, redraw),
    draw: (model) => {
      const catalog = model.get("catalog") || {};
      const status = model.get("status") || {};
      const board = model.get("board") || {};
      const seats = model.get("seats") || [];
      chosen = effectiveSelection(chosen, status.live ? gameStatus(status).actions || {} : {});
      drawn = chosen;
      const selected = chosen;
      const turn = testid(make("div", "bg-turn"), "kh-tb-turn");
      turn.textContent = [`round ${board.round} of ${board.rounds}`, gameStatus(status).kind_words].filter(Boolean).join(" · ");

      const table = testid(make("div", "kh-tb-table"), "kh-tb-table");
      if (!status.live) table.classList.add("kh-tb-table--past");
      const top = make("div", "kh-tb-band");
      const stands = testid(make("section", "kh-tb-panel kh-tb-stands"), "kh-tb-stands");
      stands.append(make("div", "kh-tb-title", "Card stands (prices)"), drawStands(model.get("stands") || {}));
      top.append(drawRoundTrack(catalog, board), stands);
      const middle = make("div", "kh-tb-band");
      middle.append(drawHall(catalog, board, model.get("hall") || {}, status),
        drawNobles(catalog, board, seats, status), drawBarbara(catalog, board));
      const lower = make("div", "kh-tb-band");
      lower.append(drawMinePanel(catalog, board, model.get("mine") || {}, status, selected),
        drawTownPanel(catalog, model.get("town") || {}, status, selected));
      const seatBox = testid(make("div", "kh-tb-seats"), "kh-tb-seats");
      seats.forEach((seat, p) => seatBox.append(drawSeat(catalog, board, seat, p,
        { status, selected, live: status.live })));
      table.append(top, middle, lower, seatBox);
      const source = catalog.source ? ` (${catalog.source})` : "";
      const bar = actionBar(model, status, catalog, "kh-tb", { detail: turn,
        choices: drawChoices(board, status, selected), rows: 2, tools: { rounds: true, toEnd: true } });  // 6 orders
      const cost = (action) => { const c = costText(status, action); return c ? `${action} · ${c}` : action; };
      return [banner(catalog.banner ? `${catalog.banner}${source}` : "", "kh-tb-banner"), bar,
        timeTravel(status, model, "kh-tb"), legalList(status, "kh-tb", cost), table, drawScores(catalog, status),
        eventLog(model.get("events") || [], catalog, "kh-tb")];
    },
  });
}

export default { render };
