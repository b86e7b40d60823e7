// Kutná Hora table (widgets.kutna_hora.KHTable): every board by its one renderer (round_track.js, stands.js,
// town_hall.js, barbara.js, mine_board.js, town_board.js, player_board.js), the decision the game waits for and,
// from the runtime, the prompt, buttons, message line, time travel and event log. What is clickable comes from
// Python (status.actions: the human seat's legal actions now, grouped by what they name; status.costs: their
// groschen). A choice of two parts (mine TILE SPACE, build TILE PLOT, a joker's action) takes two clicks: the first
// only selects (kept here, never sent), the second sends the whole action.

import {
  TABLE_TRAITS, banner, button, eventLog, make, messageLine, mount, promptLine, testid, timeTravel, tools,
} from "../../shared/static/runtime.js";
import { drawBarbara } from "./barbara.js";
import { drawMineBoard, mineSnapshot } from "./mine_board.js";
import { act, costText, drawMineTile, mineWords, pawn, selectable } from "./pieces.js";
import { drawSeat } from "./player_board.js";
import { drawRoundTrack } from "./round_track.js";
import { drawStands } from "./stands.js";
import { drawHall, drawNobles } from "./town_hall.js";
import { drawTownBoard, townSnapshot } from "./town_board.js";

const BUTTON_TITLES = {
  pass: "Ignore the rest of this effect",
  discard: "Discard every drawn tile and build no mine",
  "tech-remove": "Remove the technology tile from the game instead of placing it",
  "tax pay": "Pay the tax and the plot tax",
  "tax refuse": "Do not pay: lose this round's reputation instead (and no plot tax)",
};

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

function drawPending(board, status) {
  const box = testid(make("div", "kh-tb-pending"), "kh-tb-pending");
  const sets = (status.actions || {}).guilds || [];
  if (sets.length) {
    box.append(make("span", "bg-label", `guild setup card ${board.guild_card}: choose a set`));
    for (const [k, guilds] of board.guild_sets || []) {
      const node = testid(make("div", "kh-tb-guildset", `set ${k}: ${guilds.join(", ")}`), `kh-tb-guildset-${k}`);
      if (sets.includes(k)) act(node, `guilds ${k}`, `Take guild set ${k}`);
      box.append(node);
    }
  }
  return box;
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
  return hint ? testid(make("span", "kh-tb-hint", hint), "kh-tb-hint") : null;
}

function drawControls(status, catalog, selected) {
  const bar = testid(make("div", "bg-controls"), "kh-tb-controls");
  const acts = make("div", "bg-actions");
  const actions = status.actions || {};
  for (const action of actions.buttons || []) {
    const cost = costText(status, action);
    acts.append(button(cost ? `${action} (${cost})` : action, `kh-tb-button-${slug(action)}`, "act", { action },
      { className: "bg-button--action", title: BUTTON_TITLES[action] || action }));
  }
  const hint = drawHint(actions, selected);
  if (hint) acts.append(hint);
  bar.append(acts, tools(status, catalog, "kh-tb", { rounds: true, toEnd: true }));
  return bar;
}

function drawLegal(status) {
  const legal = status.legal || [];
  if (!legal.length) return testid(make("div", "kh-tb-legal"), "kh-tb-legal");  // a bare <details> says "Details"
  const box = testid(make("details", "kh-tb-legal"), "kh-tb-legal");
  box.open = legal.length <= 30;
  box.append(make("summary", "bg-label kh-tb-legal-summary", `every legal action as text (${legal.length})`));
  const list = make("div", "kh-tb-legal-list");
  for (const action of legal) {
    const cost = costText(status, action);
    list.append(button(cost ? `${action} · ${cost}` : action, `kh-tb-legal-${slug(action)}`, "act", { action },
      { className: "kh-tb-button--small" }));
  }
  box.append(list);
  return box;
}

function drawMinePanel(catalog, board, mine, status, selected) {
  const box = testid(make("section", "kh-tb-panel kh-tb-mine"), "kh-tb-mine");
  const actions = status.actions || {};
  const head = make("div", "kh-tb-panel-head");
  head.append(make("span", "kh-tb-title", "Mine"), testid(make("span", "kh-tb-muted",
    `technology ${mine.technology}: draw ${mine.technology} · tech tiles left ${mine.tech_left} · stack ${mine.stack}` +
    `${mine.back ? ` (top: ${mine.back})` : ""} · discards ${mine.discard}`), "kh-tb-technology"));
  box.append(head);
  const drawn = mine.drawn || [];
  if (drawn.length) {
    const hand = testid(make("div", "kh-tb-drawn"), "kh-tb-drawn");
    hand.append(make("span", "bg-label", "drawn"));
    for (const t of drawn) {
      const tile = drawMineTile(catalog, t, { id: `kh-tb-drawn-${t}` });
      if ((actions.mine || {})[t]) {
        selectable(tile, `mine:${t}`, selected.mine === t, `Keep ${t}, then click an open space: ${mineWords(catalog, t)}`);
      }
      hand.append(tile);
    }
    box.append(hand);
  } else if (mine.drawn_count) {
    box.append(make("div", "kh-tb-muted", `${mine.drawn_count} tile${mine.drawn_count > 1 ? "s" : ""} drawn ` +
      "(seen only by the player who drew)"));
  }
  const keep = selected.mine;
  const spaces = new Set(keep ? (actions.mine || {})[keep] || [] : []);
  const tech = new Set(actions.tech || []);
  const click = (i) => {
    const action = keep && spaces.has(i) ? `mine ${keep} ${i}` : tech.has(i) ? `tech ${i}` : "";
    return action ? ["act", { action }, `${action} (${costText(status, action) || "free"})`, true] : null;
  };
  box.append(drawMineBoard(mineSnapshot(mine, catalog), {
    names: catalog.seat_labels || [], colours: catalog.seat_colours || [], wood: (board.prices || {}).wood, click,
  }));
  return box;
}

function drawTownPanel(catalog, town, status, selected) {
  const box = testid(make("section", "kh-tb-panel kh-tb-town"), "kh-tb-town");
  box.append(make("div", "kh-tb-title", "Town"));
  const actions = status.actions || {};
  const plots = new Set(actions.plot || []);
  const scores = new Set(actions.score || []);
  const builds = new Set(selected.build ? (actions.build || {})[selected.build] || [] : []);
  const actionAt = (i) => (builds.has(i) ? `build ${selected.build} ${i}` : plots.has(i) ? `plot ${i}`
    : scores.has(i) ? `score ${i}` : "");
  const snapshot = townSnapshot(town, catalog);
  const offers = {};
  snapshot.plots.forEach((plot, i) => {
    const cost = costText(status, actionAt(i));
    if (cost && !plot.building) offers[String(i)] = cost;
  });
  const click = (i) => {
    const action = actionAt(i);
    const cost = costText(status, action);
    return action ? ["act", { action }, `${action}${cost ? ` (${cost})` : ""}`, true] : null;
  };
  box.append(drawTownBoard(snapshot, {
    palette: { ...(catalog.colours || {}), seats: catalog.seat_colours || [] }, offers, click,
  }));
  return box;
}

function drawScores(catalog, status) {
  const box = testid(make("div", "kh-tb-scores"), "kh-tb-scores");
  const rows = status.score_table || [];
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
      chosen = effectiveSelection(chosen, status.live ? status.actions || {} : {});
      drawn = chosen;
      const selected = chosen;
      const turn = testid(make("div", "bg-turn"), "kh-tb-turn");
      turn.textContent = [`round ${board.round} of ${board.rounds}`, status.kind_words].filter(Boolean).join(" · ");
      const head = make("div", "kh-tb-head");
      head.append(turn, drawPending(board, status));
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
      return [banner(catalog.banner ? `${catalog.banner}${source}` : "", "kh-tb-banner"),
        promptLine(status, "kh-tb-prompt", head), drawControls(status, catalog, selected), drawLegal(status),
        messageLine(model, "kh-tb-message"), timeTravel(status, model, "kh-tb"), table, drawScores(catalog, status),
        eventLog(model.get("events") || [], catalog, "kh-tb")];
    },
  });
}

export default { render };
