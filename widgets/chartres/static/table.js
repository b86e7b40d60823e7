// The Chartres table (widgets.chartres.ChartresTable): the main board, every seat's boards, rows and hand, the final
// scoring and the decision the game waits for. What is clickable, and what it sends, comes from Python
// (status.choices: the human's legal actions with their words and the places they name); the rules stay there. To
// play a card under the activation row, click the card in your hand, then a highlighted position.

import { choose, drawPlace, pickPlaces } from "../../shared/static/choices.js";
import { TABLE_TRAITS, button, clickable, make, mount, seatLabel, testid } from "../../shared/static/runtime.js";
import { actionBar, banner, eventLog, gameStatus, timeTravel } from "../../shared/static/view_parts.js";
import { RESOURCE_WORDS, badges, cardBack, drawCard, pawn } from "./cards.js";
import { drawCellar } from "./cellar.js";
import { drawMainBoard } from "./main_board.js";
import { drawCathedral, drawCross, drawStatus } from "./player_board.js";
import { drawRows } from "./rows.js";

// A card in the human's hand, as Python's choices name it (the runtime's choose: place "hand:CID"): play it, pay with
// it (highlighted when legal; otherwise a click asks the rules why not), or select it for "activate" (then a
// position of the activation row).
function drawHandCard(catalog, cid, status, plan) {
  const card = drawCard(catalog, cid, { id: `ch-card-${cid}` });
  const spec = plan.place(`hand:${cid}`);
  if (spec && spec.select) {
    drawPlace(card, spec);
    card.classList.add("ch-choice", "ch-selectable");
    card.title = spec.title;
    if (spec.selected) card.classList.add("ch-card--selected");
  } else if (spec) {
    drawPlace(card, spec);
    if (spec.legal) card.classList.add("ch-choice");
    if (spec.legal && spec.look === "discard") card.classList.add("ch-card--discard");
  } else if (status.live) {
    // outside a decision that plays, pays with or activates a hand card, a click says why nothing happens
    clickable(card, "why", { what: "hand-card" }, "Nothing to do with this card now: click to see why");
  } else {
    card.dataset.clickable = "false";
  }
  return card;
}

function drawHand(catalog, seat, p, status, plan) {
  const box = testid(make("div", "ch-hand"), seat.hand ? "ch-hand" : `ch-backs-${p}`);
  if (Array.isArray(seat.hand)) {
    box.append(make("span", "bg-label ch-wide", `your hand (${seat.hand.length}, limit ${seat.hand_limit})`));
    for (const cid of seat.hand) box.append(drawHandCard(catalog, cid, status, plan));
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
  head.append(pawn(catalog, p), make("span", "ch-seat-name", seatLabel(p)),
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

function drawSeat(catalog, seat, p, status, plan) {
  const box = testid(make("section", "ch-seat"), `ch-seat-${p}`);
  box.style.setProperty("--ch-seat", (catalog.seat_colours || [])[p] || "#888");
  if (seat.you) box.classList.add("ch-seat--you");
  if (status.to_move === p) box.classList.add("ch-seat--to-move");
  const left = make("div", "ch-seat-left");
  left.append(make("span", "bg-label", "action row (above) · activation row (below)"),
    drawRows(catalog, seat, p, { own: seat.you, place: seat.you && plan.picks.length ? plan.place : null }));
  if ((seat.taverns || []).length) left.append(make("div", "ch-muted", `tavern beside the row: ${seat.taverns.join(", ")}`));
  left.append(drawHand(catalog, seat, p, status, plan));
  const right = make("div", "ch-seat-right");
  const top = make("div", "ch-cathedral-box");
  top.append(drawCathedral(catalog, seat, p), drawCross(catalog, seat, p));
  right.append(top, drawStatus(catalog, seat, p), drawSeatCellar(catalog, seat, p));
  const body = make("div", "ch-seat-body");
  body.append(left, right);
  box.append(drawSeatHead(catalog, seat, p, status), body);
  return box;
}

// The choices that are buttons (draw, stop, resolve, pass, a path, which grapes pour first), with Python's words, and
// the hint for a choice of two clicks (a card, then a position).
function drawChoices(plan) {
  const out = plan.buttons.map((b) => button(b.words, `ch-button-${b.action.replace(/ /g, "-")}`, "act",
    { action: b.action }, { className: "bg-button--action", title: b.title || b.words }));
  if (plan.hint) out.push(testid(make("span", "ch-activate-hint", plan.hint), "ch-hint"));
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
    who.append(pawn(catalog, p), ` ${seatLabel(p)}${winners.has(p) ? " ♛" : ""}`);
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
  let picks = [];  // the hand card chosen for "activate", until a position is clicked
  return mount(ctx, {
    name: "ch",
    className: "ch-table-view",
    traits: [...TABLE_TRAITS, "board", "seats"],
    onClick: pickPlaces(() => picks, (p) => { picks = p; }),
    draw: (model) => {
      const catalog = model.get("catalog") || {};
      const status = model.get("status") || {};
      const board = model.get("board") || {};
      const plan = choose(status, picks);
      picks = plan.picks;
      const turn = testid(make("div", "bg-turn"), "ch-turn");
      turn.textContent = [`era ${board.era} of ${catalog.eras}`, `round ${board.round} of ${catalog.rounds}`,
        gameStatus(status).kind_words].filter(Boolean).join(" · ");
      const table = make("div", "ch-table");
      if (!status.live) table.classList.add("ch-table--past");
      const seats = testid(make("div", "ch-seats"), "ch-seats");
      (model.get("seats") || []).forEach((seat, p) => seats.append(drawSeat(catalog, seat, p, status, plan)));
      table.append(drawMainBoard(catalog, board, plan.place), seats, drawLegend(catalog));
      const text = catalog.banner ? `${catalog.banner} (${catalog.source} components)` : "";
      const bar = actionBar(model, status, catalog, "ch", { detail: turn, choices: drawChoices(plan),
        tools: { rounds: true, toEnd: true } });
      return [banner(text, "ch-banner"), bar, timeTravel(status, model, "ch"), table, drawScores(catalog, board, status),
        eventLog(model.get("events") || [], catalog, "ch")];
    },
  });
}

export default { render };
