// The Chartres table (widgets.chartres.ChartresTable): the main board, every seat's boards, rows and hand, the final
// scoring and the decision the game waits for. What is clickable comes from Python (status.actions: the human's
// legal actions now, grouped by what they name); the rules stay there. To play a card under the activation row,
// click the card in your hand, then a highlighted position.

import {
  TABLE_TRAITS, actionBar, banner, button, clickable, eventLog, make, mount, offer, takes, testid, timeTravel,
  toggleSelection,
} from "../../shared/static/runtime.js";
import { RESOURCE_WORDS, badges, cardBack, drawCard, pawn, seatName } from "./cards.js";
import { drawCellar } from "./cellar.js";
import { drawMainBoard } from "./main_board.js";
import { drawCathedral, drawCross, drawStatus } from "./player_board.js";
import { drawRows } from "./rows.js";

// A card in the human's hand: in a decision that plays (row) or pays with (discard) a hand card, every card names
// that action (highlighted when legal; otherwise a click asks the rules why not); for "activate" a card is selected
// first, then a position of the activation row.
function drawHandCard(catalog, cid, status, selected) {
  const acts = status.actions || {};
  const card = drawCard(catalog, cid, { id: `ch-card-${cid}` });
  if (takes(status, "row")) {
    const where = status.kind === "setup-row" ? "into your starting action row" : "face down to the right end of your action row";
    const legal = (acts.row || []).includes(cid);
    offer(card, `row ${cid}`, legal, `Play ${cid} ${where}`);
    if (legal) card.classList.add("ch-choice");
  } else if (takes(status, "discard")) {
    const legal = (acts.discard || []).includes(cid);
    offer(card, `discard ${cid}`, legal, `Discard ${cid} to pay for the ability`);
    if (legal) card.classList.add("ch-choice", "ch-card--discard");
  } else if ((acts.activate || {})[cid]) {
    card.dataset.select = cid;  // chosen here, played by a click on a free position (onClick below)
    card.tabIndex = 0;
    card.setAttribute("role", "button");
    card.classList.add("ch-choice", "ch-selectable");
    card.title = `Select ${cid}, then click a free position of your activation row`;
    if (cid === selected) card.classList.add("ch-card--selected");
  } else if (status.live) {
    // outside a decision that plays, pays with or activates a hand card, a click says why nothing happens
    clickable(card, "why", { what: "hand-card" }, "Nothing to do with this card now: click to see why");
  } else {
    card.dataset.clickable = "false";
  }
  return card;
}

function drawHand(catalog, seat, p, status, selected) {
  const box = testid(make("div", "ch-hand"), seat.hand ? "ch-hand" : `ch-backs-${p}`);
  if (Array.isArray(seat.hand)) {
    box.append(make("span", "bg-label ch-wide", `your hand (${seat.hand.length}, limit ${seat.hand_limit})`));
    for (const cid of seat.hand) box.append(drawHandCard(catalog, cid, status, selected));
    if (!seat.hand.length) box.append(make("span", "ch-none", "no cards"));
  } else {
    box.append(make("span", "bg-label ch-wide", `hand: ${seat.hand_size} card${seat.hand_size === 1 ? "" : "s"}`));
    const backs = make("div", "ch-backs");
    for (let i = 0; i < seat.hand_size; i++) backs.append(cardBack(null, ""));
    box.append(backs);
  }
  return box;
}

function drawSeatCellar(catalog, seat, p) {
  const box = testid(make("div", "ch-seat-cellar"), `ch-cellar-${p}`);
  const [values, bonuses] = (catalog.cellars || {})[seat.cellar] || [[], {}];
  box.append(make("span", "bg-label", `cellar ${seat.cellar}`),
    drawCellar({ id: `ch-cellar-${p}`, values, bonuses, marker: seat.barrel, barrels: null, compact: true }));
  return box;
}

function drawSeatHead(catalog, seat, p, status) {
  const head = make("div", "ch-seat-head");
  head.append(pawn(catalog, p), make("span", "ch-seat-name", seatName(p)),
    make("span", "ch-muted", seat.you ? "you" : `${seat.bot} bot`));
  const stat = (id, text, title) => {
    const node = testid(make("span", "ch-stat", text), id);
    node.title = title;
    return node;
  };
  head.append(stat(`ch-ip-${p}`, `${seat.ip} IP`, "influence points"),
    stat(`ch-rep-${p}`, `${seat.reputation} rep`, "reputation tokens"),
    stat(`ch-citizens-${p}`, `${seat.personal} citizens`,
      `citizens in the personal supply; ${seat.on_paths} on the paths, ${seat.common} in the common supply`),
    stat(`ch-hand-size-${p}`, `${seat.hand_size} cards`, "cards in hand"));
  if (seat.resources) {
    const res = testid(make("span", "ch-stat ch-resources"), `ch-resources-${p}`);
    res.title = "resources in the action row (taverns add a torch)";
    for (const [r] of catalog.resources || []) {
      const item = make("span", "ch-res");
      item.append(badges(catalog, [r]), make("span", null, seat.resources[r]));
      res.append(item);
    }
    head.append(res);
  }
  if ((seat.committed || []).some(Boolean)) head.append(make("span", "ch-committed", "played face down"));
  if (status.to_move === p) head.append(make("span", "ch-turn-flag", "to decide"));
  return head;
}

function drawSeat(catalog, seat, p, status, selected) {
  const box = testid(make("section", "ch-seat"), `ch-seat-${p}`);
  box.style.setProperty("--ch-seat", (catalog.seat_colours || [])[p] || "#888");
  if (seat.you) box.classList.add("ch-seat--you");
  if (status.to_move === p) box.classList.add("ch-seat--to-move");
  const slots = seat.you && selected ? ((status.actions || {}).activate || {})[selected] || [] : [];
  const left = make("div", "ch-seat-left");
  left.append(make("span", "bg-label", "action row (above) · activation row (below)"),
    drawRows(catalog, seat, p, { own: seat.you, selected: seat.you ? selected : null, slots,
      asks: seat.you && takes(status, "activate") }));
  if ((seat.taverns || []).length) left.append(make("div", "ch-muted", `tavern beside the row: ${seat.taverns.join(", ")}`));
  left.append(drawHand(catalog, seat, p, status, selected));
  const right = make("div", "ch-seat-right");
  const top = make("div", "ch-cathedral-box");
  top.append(drawCathedral(catalog, seat, p), drawCross(catalog, seat, p));
  right.append(top, drawStatus(catalog, seat, p), drawSeatCellar(catalog, seat, p));
  const body = make("div", "ch-seat-body");
  body.append(left, right);
  box.append(drawSeatHead(catalog, seat, p, status), body);
  return box;
}

// The choices that are buttons (draw, stop, resolve, pass, a path, which grapes pour first) and the hint for
// "activate" (a card first, then a position).
function drawChoices(status, selected) {
  const a = status.actions || {};
  const texts = [...(a.buttons || []), ...(a.path || []).map((x) => `path ${x}`), ...(a.pour || []).map((x) => `pour ${x}`)];
  const out = texts.map((action) => {
    const [label, title] = (status.buttons || {})[action] || [action, action];  // Python's words
    return button(label, `ch-button-${action.replace(/ /g, "-")}`, "act", { action },
      { className: "bg-button--action", title });
  });
  if (Object.keys(a.activate || {}).length) {
    out.push(testid(make("span", "ch-activate-hint", selected
      ? `${selected} selected: click a highlighted position of your activation row`
      : "Click a card in your hand, then a free position of your activation row"), "ch-hint"));
  }
  return out;
}

const SCORE_HEADS = ["", "windows", "cross rep", "warehouse rep", "town hall rep", "reputation", "reputation IP",
  "leftovers", "total"];

// The final scoring as the engine wrote it (board.final: one row per seat, total last), winners crowned.
function drawScores(catalog, board, status) {
  const box = testid(make("div", "ch-scores"), "ch-scores");
  if (!(board.final || []).length) return box;
  const winners = new Set(status.winners || []);
  const line = (cells) => {
    const tr = make("tr");
    tr.append(...cells);
    return tr;
  };
  const table = make("table", "ch-score-table");
  table.append(line(SCORE_HEADS.map((h) => make("th", "ch-score-head", h))));
  board.final.forEach((values, p) => {
    const who = make("th", "ch-score-name");
    who.append(pawn(catalog, p), ` ${seatName(p)}${winners.has(p) ? " ♛" : ""}`);
    const cells = values.map((v) => make("td", "ch-score-num", v));
    testid(cells[cells.length - 1], `ch-score-${p}-total`).classList.add("ch-score-total");
    table.append(line([who, ...cells]));
  });
  box.append(make("div", "bg-title", "Final scoring"), table);
  return box;
}

function drawLegend(catalog) {
  const legend = make("div", "ch-legend");
  for (const [r, mark] of catalog.resources || []) legend.append(make("span", null, `${mark} ${RESOURCE_WORDS[r] || r}`));
  legend.append(make("span", null, "≤ hand limit · × reputation multiplier · ★ bonus on reaching · ✝ cross · ◆ shield · ▼ barrel marker"));
  return legend;
}

function render(ctx) {
  let selected = null;  // the hand card chosen for "activate", until a position is clicked
  return mount(ctx, {
    name: "ch",
    className: "ch-table-view",
    traits: [...TABLE_TRAITS, "board", "seats"],
    onClick: toggleSelection(() => selected, (key) => { selected = key; }),
    draw: (model) => {
      const catalog = model.get("catalog") || {};
      const status = model.get("status") || {};
      const board = model.get("board") || {};
      if (selected && !((status.actions || {}).activate || {})[selected]) selected = null;
      const turn = testid(make("div", "bg-turn"), "ch-turn");
      turn.textContent = [`era ${board.era} of ${catalog.eras}`, `round ${board.round} of ${catalog.rounds}`,
        status.kind_words].filter(Boolean).join(" · ");
      const table = make("div", "ch-table");
      if (!status.live) table.classList.add("ch-table--past");
      const seats = testid(make("div", "ch-seats"), "ch-seats");
      (model.get("seats") || []).forEach((seat, p) => seats.append(drawSeat(catalog, seat, p, status, selected)));
      table.append(drawMainBoard(catalog, board, status), seats, drawLegend(catalog));
      const text = catalog.banner ? `${catalog.banner} (${catalog.source} components)` : "";
      const bar = actionBar(model, status, catalog, "ch", { detail: turn, choices: drawChoices(status, selected),
        tools: { rounds: true, toEnd: true } });
      return [banner(text, "ch-banner"), bar, timeTravel(status, model, "ch"), table, drawScores(catalog, board, status),
        eventLog(model.get("events") || [], catalog, "ch")];
    },
  });
}

export default { render };
