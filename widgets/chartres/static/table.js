// Chartres table (widgets.ChartresTable). Draws the synced state and sends intents; no rules here: what is
// clickable comes from Python (status.actions, the human seat's legal actions now, grouped by what they name).
// Every intent carries all its data (jupyter.md §2.3): {intent: "act", action: "activate 4 a33"}, {intent: "view_step", step}.

const BUTTON_TITLES = {
  draw: "Take no location: draw 1 assistant card instead (the hand limit applies)",
  stop: "Stop resolving this ability now (no bonus unless the main ability was resolved fully)",
  pass: "Take no bonus tile",
  "path warehouse": "Put the citizen on the path to the warehouse",
  "path townhall": "Put the citizen on the path to the town hall",
  "pour white": "White grapes pour first (the IP is the same either way)",
  "pour red": "Red grapes pour first (the IP is the same either way)",
};
const RESOURCE_WORDS = { torch: "torch", horse: "horse", cart: "cart", white: "white grapes", red: "red grapes" };

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

function button(label, id, intent, extra) {
  const node = testid(make("button", "ch-tb-button", label), id);
  node.type = "button";
  node.dataset.intent = intent;
  for (const [k, v] of Object.entries(extra || {})) node.dataset[k] = v;
  return node;
}

function clickable(node, action, title) {
  node.classList.add("ch-tb-clickable");
  node.dataset.intent = "act";
  node.dataset.action = action;
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  if (title) node.title = title;
  return node;
}

function seatName(p) {
  return `Player ${p + 1}`;
}

function pawn(catalog, p, className) {
  const node = make("span", `ch-tb-pawn ${className || ""}`.trim(), p + 1);
  node.style.setProperty("--ch-seat", (catalog.seat_colours || [])[p] || "#888");
  node.title = `${seatName(p)} (${(catalog.seat_names || [])[p] || ""})`;
  return node;
}

function badges(catalog, resources) {
  const box = make("span", "ch-tb-badges");
  for (const r of resources) {
    const mark = (catalog.resources || []).find((x) => x[0] === r);
    const b = make("span", `ch-tb-badge ch-tb-badge--${r}`, mark ? mark[1] : r[0].toUpperCase());
    b.title = RESOURCE_WORDS[r] || r;
    box.append(b);
  }
  return box;
}

// ---------------------------------------------------------------------------------------------- cards
function drawCard(catalog, cid, opts) {
  const o = opts || {};
  const info = (catalog.cards || {})[cid] || ["white", [], "", ""];
  const [colour, resources, main, bonus] = info;
  const node = make("div", `ch-tb-card ch-tb-card--${colour}`);
  if (o.id) testid(node, o.id);
  node.dataset.card = cid;
  const top = make("div", "ch-tb-card-top");
  top.append(make("span", "ch-tb-card-id", cid), badges(catalog, resources));
  node.append(top, make("div", "ch-tb-card-main", main));
  if (bonus) node.append(make("div", "ch-tb-card-bonus", `bonus: ${bonus}`));
  if (o.note) node.append(make("div", "ch-tb-card-note", o.note));
  node.title = `${cid} (${colour}): ${main}${bonus ? `; bonus: ${bonus}` : ""}`;
  return node;
}

function cardBack(id, note) {
  const node = make("div", "ch-tb-card ch-tb-card--back");
  if (id) testid(node, id);
  node.append(make("span", "ch-tb-back-mark", "✠"));
  if (note) node.append(make("span", "ch-tb-back-note", note));
  node.title = note || "a face-down card";
  return node;
}

// ---------------------------------------------------------------------------------------------- the main board
function drawMainBoard(catalog, board, actions) {
  const box = testid(make("section", "ch-tb-main"), "ch-board");
  const head = make("div", "ch-tb-main-head");
  head.append(make("span", "ch-tb-title", "Main board"),
    testid(make("span", "ch-tb-era", `era ${board.era} of 3 · round ${board.round} of 4`), "ch-era"));
  box.append(head);

  const locs = testid(make("div", "ch-tb-locations"), "ch-locations");
  locs.append(make("span", "ch-tb-label", "locations"));
  const legalLocs = new Set(actions.location || []);
  for (const lid of board.locations || []) {
    const [name, main, bonus, gate, tavern] = (catalog.locations || {})[lid] || [lid, "", "", false, false];
    const node = testid(make("div", "ch-tb-location"), `ch-location-${lid}`);
    if (gate) node.classList.add("ch-tb-location--gate");
    if (tavern) node.classList.add("ch-tb-location--tavern");
    const top = make("div", "ch-tb-location-top");
    top.append(make("b", null, lid), make("span", "ch-tb-location-name", name));
    node.append(top, make("div", "ch-tb-location-main", main));
    if (bonus) node.append(make("div", "ch-tb-location-bonus", `bonus: ${bonus}`));
    if (gate) node.append(make("div", "ch-tb-location-kind", "city gate"));
    if (tavern) node.append(make("div", "ch-tb-location-kind", "tavern: stays until the era ends"));
    if (legalLocs.has(lid)) clickable(node, `location ${lid}`, `Take ${lid} (${name}) and resolve it`);
    else node.title = `${lid} ${name}: ${main}`;
    locs.append(node);
  }
  if (!(board.locations || []).length) locs.append(make("span", "ch-tb-none", "none revealed"));
  box.append(locs);

  const tiles = testid(make("div", "ch-tb-tiles"), "ch-tiles");
  tiles.append(make("span", "ch-tb-label", "bonus tiles on the cathedral"));
  const legalTiles = new Set(actions.bonus || []);
  for (const tid of board.tiles || []) {
    const [cost, words] = (catalog.tiles || {})[tid] || [0, ""];
    const node = testid(make("div", "ch-tb-tile"), `ch-tile-${tid}`);
    const top = make("div", "ch-tb-tile-top");
    top.append(make("b", null, tid), make("span", "ch-tb-tile-cost", `${cost} citizen${cost === 1 ? "" : "s"}`));
    node.append(top, make("div", "ch-tb-tile-words", words));
    if (legalTiles.has(tid)) clickable(node, `bonus ${tid}`, `Return ${cost} citizens and take ${tid}: ${words}`);
    else node.title = `${tid}: costs ${cost} citizens; ${words}`;
    tiles.append(node);
  }
  if (!(board.tiles || []).length) tiles.append(make("span", "ch-tb-none", "none left this era"));
  box.append(tiles);

  const paths = testid(make("div", "ch-tb-paths"), "ch-paths");
  const legalPaths = new Set(actions.path || []);
  (catalog.paths || []).forEach((name, i) => {
    const line = testid(make("div", "ch-tb-path"), `ch-path-${name}`);
    const label = make("span", "ch-tb-path-building", name === "townhall" ? "⌂ town hall" : "⌂ warehouse");
    line.append(label);
    ((board.paths || [])[i] || []).forEach((owner, k) => {
      const space = testid(make("span", "ch-tb-path-space"), `ch-path-${name}-${k}`);
      space.title = `${name}: space ${k + 1} from the building`;
      if (owner >= 0) space.append(pawn(catalog, owner));
      line.append(space);
    });
    if (legalPaths.has(name)) clickable(line, `path ${name}`, `Put the citizen on the ${name} path`);
    paths.append(line);
  });
  box.append(paths);

  const decks = testid(make("div", "ch-tb-decks"), "ch-decks");
  decks.textContent = `assistant deck ${board.deck} · discards ${board.discard} · location deck ${board.location_deck}` +
    ` · location discards ${board.location_discard} · bonus tiles face down ${board.tiles_left}`;
  box.append(decks);

  const order = testid(make("div", "ch-tb-order"), "ch-torch-order");
  if (board.torch_order) {
    order.append(make("span", "ch-tb-label", "torch order (locations, Phase F)"));
    board.torch_order.forEach((p, k) => {
      const item = make("span", "ch-tb-order-item");
      item.append(make("span", null, `${k + 1}.`), pawn(catalog, p));
      order.append(item);
    });
    order.append(make("span", "ch-tb-muted",
      `· initiative: ${(board.initiative || []).map((p) => seatName(p)).join(", ")} (breaks ties)`));
  } else {
    order.append(make("span", "ch-tb-muted", "torch order: the action rows are still secret"));
  }
  box.append(order);
  return box;
}

// ---------------------------------------------------------------------------------------------- a seat
function drawRows(catalog, seat, p, status, selected, isHuman) {
  const box = testid(make("div", "ch-tb-rows"), `ch-row-${p}`);
  if (seat.row === null || seat.row === undefined) {
    box.append(make("div", "ch-tb-muted", "The starting action row is chosen secretly: hidden until everyone has chosen."));
    return box;
  }
  const lit = new Set(seat.lit || []);
  const slots = new Set(isHuman && selected ? ((status.actions || {}).activate || {})[selected] || [] : []);
  const commit = seat.commit || null;  // own face-down plays: [row card, activation card, position]
  const grid = make("div", "ch-tb-rowgrid");
  const n = seat.row.length;
  const extra = (commit && commit[0]) || (seat.committed && seat.committed[0]) ? 1 : 0;
  const slotId = (k) => (isHuman ? `ch-slot-${k}` : `ch-seat-${p}-slot-${k}`);
  for (let k = 1; k <= n + Math.max(extra, slots.has(n + 1) ? 1 : 0); k++) {
    const col = make("div", "ch-tb-col");
    col.append(make("span", "ch-tb-pos", k));
    const top = seat.row[k - 1];
    const under = (seat.act || [])[k - 1];
    if (top) {
      const card = drawCard(catalog, top, { id: `ch-row-${p}-card-${k}`, note: top === seat.activated ? "★ activated" : "" });
      if (top === seat.activated) card.classList.add("ch-tb-card--activated");
      col.append(card);
    } else if (commit && commit[0]) {
      const card = drawCard(catalog, commit[0], { id: `ch-row-${p}-card-${k}`, note: "face down (yours)" });
      card.classList.add("ch-tb-card--committed");
      col.append(card);
    } else if (seat.committed && seat.committed[0]) {
      col.append(cardBack(`ch-row-${p}-card-${k}`, "face down"));
    } else {
      col.append(make("div", "ch-tb-card ch-tb-card--gap"));
    }
    if (lit.has(k)) col.classList.add("ch-tb-col--lit");
    if (under) {
      col.append(drawCard(catalog, under, { id: `ch-act-${p}-${k}`, note: lit.has(k) ? "match" : "" }));
    } else if (commit && commit[1] && commit[2] === k) {
      const card = drawCard(catalog, commit[1], { id: `ch-act-${p}-${k}`, note: "face down (yours)" });
      card.classList.add("ch-tb-card--committed");
      col.append(card);
    } else {
      const slot = testid(make("div", "ch-tb-slot"), slotId(k));
      slot.title = `Activation row, position ${k}: empty`;
      if (slots.has(k)) {
        clickable(slot, `activate ${k} ${selected}`, `Play ${selected} face down under position ${k}`);
        slot.textContent = `play ${selected} here`;
      }
      col.append(slot);
    }
    grid.append(col);
  }
  if (!grid.children.length) grid.append(make("span", "ch-tb-pos", "no cards yet"));
  box.append(grid);
  if (seat.committed && seat.committed[1] && !commit) {
    const aside = make("div", "ch-tb-aside");
    aside.append(cardBack(`ch-commit-${p}`, "activation card face down (position secret)"));
    box.append(aside);
  }
  return box;
}

function drawCathedral(catalog, seat, p) {
  const box = testid(make("div", "ch-tb-cathedral"), `ch-cathedral-${p}`);
  box.append(make("span", "ch-tb-label", "cathedral windows"));
  const line = make("div", "ch-tb-windows");
  const built = seat.windows || [];
  (catalog.windows || []).forEach(([colour, bonus, words, final], k) => {
    const space = testid(make("div", `ch-tb-window ch-tb-window--${colour}`), `ch-window-${p}-${k + 1}`);
    const glass = built[k];
    const pane = make("div", "ch-tb-pane");
    if (glass) {
      pane.classList.add("ch-tb-pane--built");
      pane.style.setProperty("--ch-glass", (catalog.colours || {})[glass] || "#ccc");
      pane.textContent = glass === "white" ? "white" : "✓";
      space.classList.add("ch-tb-window--built");
    } else if (k === built.length) {
      space.classList.add("ch-tb-window--next");
    }
    space.append(pane, make("div", "ch-tb-window-bonus", bonus), make("div", "ch-tb-window-final", final));
    space.title = `Space ${k + 1} (${colour}): ${words} for a ${colour} window; ${final} IP at the end if it is ` +
      `the rightmost built${glass ? `; built: ${glass}` : ""}`;
    line.append(space);
  });
  box.append(line);
  return box;
}

function drawCross(catalog, seat, p) {
  const box = testid(make("div", "ch-tb-cross"), `ch-cross-${p}`);
  box.append(make("span", "ch-tb-label", "cross tower"));
  const tower = make("div", "ch-tb-tower");
  for (const [level, ip, cards] of [...(catalog.cross || [])].reverse()) {
    const node = testid(make("div", "ch-tb-level"), `ch-cross-${p}-level-${level}`);
    if (level === seat.cross) node.classList.add("ch-tb-level--here");
    node.append(make("span", "ch-tb-level-n", level), make("span", "ch-tb-level-what", `${ip} IP${cards ? ` +${cards} card${cards === 1 ? "" : "s"}` : ""}`));
    if (level === seat.cross) node.append(make("span", "ch-tb-marker", "✝"));
    node.title = `Level ${level}: scoring the cross gives ${ip} IP and ${cards} cards`;
    tower.append(node);
  }
  box.append(tower);
  return box;
}

function drawStatus(catalog, seat, p) {
  const box = testid(make("div", "ch-tb-status"), `ch-status-${p}`);
  box.append(make("span", "ch-tb-label", `status board: hand limit ${seat.hand_limit}, reputation ×${seat.multiplier}`));
  const track = make("div", "ch-tb-track");
  for (const [level, limit, mult, bonus] of catalog.status || []) {
    const node = testid(make("div", "ch-tb-step"), `ch-status-${p}-level-${level}`);
    if (level === seat.shield) node.classList.add("ch-tb-step--here");
    node.append(make("span", "ch-tb-step-n", level), make("span", "ch-tb-step-hand", `≤${limit}`),
      make("span", "ch-tb-step-mult", `×${mult}`), make("span", "ch-tb-step-bonus", bonus ? "★" : ""));
    if (level === seat.shield) node.append(make("span", "ch-tb-marker", "◆"));
    node.title = `Level ${level}: hand limit ${limit}, reputation ×${mult}${bonus ? `; reaching it: ${bonus}` : ""}`;
    track.append(node);
  }
  box.append(track);
  return box;
}

function drawCellar(catalog, seat, p) {
  const box = testid(make("div", "ch-tb-cellar"), `ch-cellar-${p}`);
  const [values, bonuses] = (catalog.cellars || {})[seat.cellar] || [[], {}];
  box.append(make("span", "ch-tb-label", `cellar ${seat.cellar}`));
  const track = make("div", "ch-tb-track");
  values.forEach((value, k) => {
    const node = testid(make("div", "ch-tb-barrel"), `ch-cellar-${p}-space-${k}`);
    if (k === seat.barrel) node.classList.add("ch-tb-barrel--here");
    if (k < seat.barrel) node.classList.add("ch-tb-barrel--past");
    node.append(make("span", "ch-tb-barrel-ip", value), make("span", "ch-tb-step-bonus", bonuses[String(k)] ? "★" : ""));
    if (k === seat.barrel) node.append(make("span", "ch-tb-marker", "▼"));
    node.title = `Space ${k}: barrel ${value} IP${bonuses[String(k)] ? `; reaching it: ${bonuses[String(k)]}` : ""}`;
    track.append(node);
  });
  box.append(track);
  return box;
}

function drawHand(catalog, seat, p, status, selected) {
  const box = testid(make("div", "ch-tb-hand"), seat.hand ? "ch-hand" : `ch-backs-${p}`);
  const acts = status.actions || {};
  if (Array.isArray(seat.hand)) {
    box.append(make("span", "ch-tb-label", `your hand (${seat.hand.length}, limit ${seat.hand_limit})`));
    const row = new Set(acts.row || []), discard = new Set(acts.discard || []);
    const activate = acts.activate || {};
    for (const cid of seat.hand) {
      const card = drawCard(catalog, cid, { id: `ch-card-${cid}` });
      if (row.has(cid)) {
        const where = status.kind === "setup-row" ? "into your starting action row" : "face down to the right end of your action row";
        clickable(card, `row ${cid}`, `Play ${cid} ${where}`);
      } else if (discard.has(cid)) {
        clickable(card, `discard ${cid}`, `Discard ${cid} to pay for the ability`);
        card.classList.add("ch-tb-card--discard");
      } else if (activate[cid]) {
        card.classList.add("ch-tb-clickable", "ch-tb-selectable");
        card.dataset.select = cid;
        card.tabIndex = 0;
        card.setAttribute("role", "button");
        card.title = `Select ${cid}, then click a free position of your activation row`;
        if (cid === selected) card.classList.add("ch-tb-card--selected");
      }
      box.append(card);
    }
    if (!seat.hand.length) box.append(make("span", "ch-tb-none", "no cards"));
  } else {
    box.append(make("span", "ch-tb-label", `hand: ${seat.hand_size} card${seat.hand_size === 1 ? "" : "s"}`));
    const backs = make("div", "ch-tb-backs");
    for (let i = 0; i < seat.hand_size; i++) backs.append(cardBack(null, ""));
    box.append(backs);
  }
  return box;
}

function drawSeat(catalog, seat, p, status, selected) {
  const human = seat.you;
  const box = testid(make("section", "ch-tb-seat"), `ch-seat-${p}`);
  box.style.setProperty("--ch-seat", (catalog.seat_colours || [])[p] || "#888");
  if (human) box.classList.add("ch-tb-seat--you");
  if (status.to_move === p) box.classList.add("ch-tb-seat--to-move");
  const head = make("div", "ch-tb-seat-head");
  head.append(pawn(catalog, p), make("span", "ch-tb-seat-name", seatName(p)),
    make("span", "ch-tb-muted", human ? "you" : `${seat.bot} bot`));
  const stat = (id, text, title) => {
    const node = testid(make("span", "ch-tb-stat", text), id);
    node.title = title;
    return node;
  };
  head.append(stat(`ch-ip-${p}`, `${seat.ip} IP`, "influence points"),
    stat(`ch-rep-${p}`, `${seat.reputation} rep`, "reputation tokens"),
    stat(`ch-citizens-${p}`, `${seat.personal} citizens`, `citizens in the personal supply; ${seat.on_paths} on the paths, ${seat.common} in the common supply`),
    stat(`ch-hand-size-${p}`, `${seat.hand_size} cards`, "cards in hand"));
  if (seat.resources) {
    const res = testid(make("span", "ch-tb-stat ch-tb-resources"), `ch-resources-${p}`);
    res.title = "resources in the action row (taverns add a torch)";
    for (const [r] of catalog.resources || []) {
      const item = make("span", "ch-tb-res");
      item.append(badges(catalog, [r]), make("span", null, seat.resources[r]));
      res.append(item);
    }
    head.append(res);
  }
  if ((seat.committed || []).some(Boolean)) head.append(make("span", "ch-tb-committed", "played face down"));
  if (status.to_move === p) head.append(make("span", "ch-tb-turn-flag", "to decide"));
  box.append(head);

  const body = make("div", "ch-tb-seat-body");
  const left = make("div", "ch-tb-seat-left");
  left.append(make("span", "ch-tb-label", "action row (above) · activation row (below)"), drawRows(catalog, seat, p, status, selected, human));
  if ((seat.taverns || []).length) {
    left.append(make("div", "ch-tb-muted", `tavern beside the row: ${seat.taverns.join(", ")}`));
  }
  left.append(drawHand(catalog, seat, p, status, selected));
  const right = make("div", "ch-tb-seat-right");
  const top = make("div", "ch-tb-cathedral-box");
  top.append(drawCathedral(catalog, seat, p), drawCross(catalog, seat, p));
  right.append(top, drawStatus(catalog, seat, p), drawCellar(catalog, seat, p));
  body.append(left, right);
  box.append(body);
  return box;
}

// ---------------------------------------------------------------------------------------------- status, scores, log
function drawControls(status, catalog, selected) {
  const bar = testid(make("div", "ch-tb-controls"), "ch-controls");
  const acts = make("div", "ch-tb-actions");
  const a = status.actions || {};
  const texts = [...(a.buttons || []), ...(a.path || []).map((x) => `path ${x}`), ...(a.pour || []).map((x) => `pour ${x}`)];
  for (const action of texts) {
    const b = button(action, `ch-button-${action.replace(/ /g, "-")}`, "act", { action });
    b.classList.add("ch-tb-button--action");
    b.title = BUTTON_TITLES[action] || action;
    acts.append(b);
  }
  if (Object.keys(a.activate || {}).length) {
    acts.append(testid(make("span", "ch-tb-hint", selected ?
      `${selected} selected: click a highlighted position of your activation row` :
      "Click a card in your hand, then a free position of your activation row"), "ch-hint"));
  }
  bar.append(acts);
  const tools = make("div", "ch-tb-tools");
  const watch = catalog.human === null || catalog.human === undefined;
  if (status.live && !status.over && status.bot_to_move) {
    const next = button(watch ? "next" : "bots move", "ch-next", "next");
    next.title = watch ? "One decision by the bot to decide" : "The bots play until it is your decision";
    tools.append(next);
  }
  if (status.live && !status.over) {
    const round = button(watch ? "play a round" : "a bot plays a round for me", "ch-play-round", "play_rounds");
    round.title = "Bots play every seat (yours too) into the next round";
    const end = button("play to end", "ch-play-to-end", "play_to_end");
    end.title = "Bots play every seat (yours too) to the end of the game";
    tools.append(round, end);
  }
  const undo = button("undo", "ch-undo", "undo");
  undo.title = watch ? "Take back the last decision" : "Back to your previous decision (the bots' decisions since go too)";
  undo.disabled = !status.steps;
  const reset = button("reset", "ch-reset", "reset");
  reset.title = "Start this game again from the beginning";
  reset.classList.add("ch-tb-button--warn");
  tools.append(undo, reset);
  bar.append(tools);
  return bar;
}

function drawTime(status, model) {
  const box = testid(make("div", "ch-tb-time"), "ch-time");
  const label = testid(make("span", "ch-tb-steplabel"), "ch-step-label");
  const say = (v) => { label.textContent = `step ${v} of ${status.steps}`; };
  const slider = testid(make("input", "ch-tb-slider"), "ch-slider");
  slider.type = "range";
  slider.min = "0";
  slider.max = String(status.steps || 0);
  slider.value = String(status.view ?? status.steps ?? 0);
  slider.disabled = !status.steps;
  slider.setAttribute("aria-label", "time travel: step shown");
  slider.addEventListener("input", () => say(slider.value));
  slider.addEventListener("change", () => model.send({ intent: "view_step", step: Number(slider.value) }));
  say(slider.value);
  box.append(make("span", "ch-tb-label", "time travel"), slider, label);
  if (!status.live) {
    box.append(testid(make("span", "ch-tb-past", "looking back: read-only"), "ch-past"),
      button("back to the present", "ch-live", "view_step"));
  }
  return box;
}

function drawScores(catalog, board, status) {
  const box = testid(make("div", "ch-tb-scores"), "ch-scores");
  const final = board.final || [];
  if (!final.length) return box;
  box.append(make("div", "ch-tb-title", "Final scoring"));
  const table = make("table", "ch-tb-score-table");
  const heads = ["", "windows", "cross rep", "warehouse rep", "town hall rep", "reputation", "reputation IP", "leftovers", "total"];
  const tr = make("tr");
  for (const h of heads) tr.append(make("th", "ch-tb-score-head", h));
  table.append(tr);
  const winners = new Set(status.winners || []);
  final.forEach((row, p) => {
    const line = make("tr");
    const name = make("th", "ch-tb-score-name");
    name.append(pawn(catalog, p), ` ${seatName(p)}${winners.has(p) ? " ♛" : ""}`);
    line.append(name);
    row.forEach((v, i) => {
      const td = make("td", "ch-tb-score-num", v);
      if (i === row.length - 1) { testid(td, `ch-score-${p}-total`); td.classList.add("ch-tb-score-total"); }
      line.append(td);
    });
    table.append(line);
  });
  box.append(table);
  return box;
}

function drawEvents(catalog, events) {
  const box = make("details", "ch-tb-eventbox");
  box.open = true;
  box.append(make("summary", "ch-tb-label", `event log (${events.length})`));
  const list = testid(make("ol", "ch-tb-events"), "ch-events");
  const sections = catalog.sections || [];
  const rules = catalog.rules || {};
  for (const [step, text, rule] of events) {
    const item = testid(make("li", "ch-tb-event"), "ch-event");
    item.append(make("span", "ch-tb-event-step", step < 0 ? "setup" : `step ${step + 1}`), make("span", "ch-tb-event-text", text));
    if (rule) {
      const tag = make("span", "ch-tb-rule", rule);
      tag.title = sections[rules[rule]] || "";
      item.append(tag);
    }
    list.append(item);
  }
  box.append(list);
  return box;
}

function drawLegend(catalog) {
  const legend = make("div", "ch-tb-legend");
  for (const [r, mark] of catalog.resources || []) legend.append(make("span", null, `${mark} ${RESOURCE_WORDS[r] || r}`));
  legend.append(make("span", null, "≤ hand limit · × reputation multiplier · ★ bonus on reaching · ✝ cross · ◆ shield · ▼ barrel marker"));
  return legend;
}

function render({ model, el }) {
  const root = testid(make("div", "ch-tb-root"), "ch-root");
  let selected = null;  // the hand card chosen for "activate", until a position is clicked

  const draw = () => {
    const catalog = model.get("catalog") || {};
    const status = model.get("status") || {};
    const board = model.get("board") || {};
    const seats = model.get("seats") || [];
    const activate = (status.actions || {}).activate || {};
    if (selected && !activate[selected]) selected = null;
    const parts = [];
    if (catalog.banner) parts.push(testid(make("div", "ch-tb-banner", `⚠️ ${catalog.banner} (${catalog.source} components)`), "ch-banner"));
    const head = make("div", "ch-tb-head");
    const prompt = testid(make("div", "ch-tb-prompt", status.prompt), "ch-prompt");
    if (status.your_turn) prompt.classList.add("ch-tb-prompt--yours");
    if (status.over) prompt.classList.add("ch-tb-prompt--over");
    const turn = testid(make("div", "ch-tb-turn"), "ch-turn");
    turn.textContent = [`era ${board.era} of 3`, `round ${board.round} of 4`, status.kind_words].filter(Boolean).join(" · ");
    head.append(prompt, turn);
    parts.push(head, drawControls(status, catalog, selected));
    const message = testid(make("div", "ch-tb-message", model.get("message")), "ch-message");
    message.classList.add(model.get("message_kind") === "error" ? "ch-tb-message--error" : "ch-tb-message--info");
    message.setAttribute("role", "status");
    parts.push(message, drawTime(status, model));
    const table = make("div", "ch-tb-table");
    if (!status.live) table.classList.add("ch-tb-table--past");
    table.append(drawMainBoard(catalog, board, status.actions || {}));
    const seatBox = testid(make("div", "ch-tb-seats"), "ch-seats");
    seats.forEach((seat, p) => seatBox.append(drawSeat(catalog, seat, p, status, selected)));
    table.append(seatBox, drawLegend(catalog));
    parts.push(table, drawScores(catalog, board, status), drawEvents(catalog, model.get("events") || []));
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

  const activateNode = (node) => {
    if (node.dataset.select) {
      selected = selected === node.dataset.select ? null : node.dataset.select;
      draw();
      return;
    }
    const intent = node.dataset.intent;
    if (intent === "act") model.send({ intent, action: node.dataset.action });
    else if (intent === "view_step") model.send({ intent, step: null });
    else if (intent === "play_rounds") model.send({ intent, rounds: 1 });
    else model.send({ intent });
  };
  const target = (event) => {
    const node = event.target instanceof Element ? event.target.closest("[data-intent], [data-select]") : null;
    return node && root.contains(node) && !node.disabled ? node : null;
  };
  const onClick = (event) => {
    const node = target(event);
    if (node) activateNode(node);
  };
  const onKey = (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = target(event);
    if (!node || node.tagName === "BUTTON" || node.tagName === "INPUT") return;
    event.preventDefault();
    activateNode(node);
  };

  const traits = ["catalog", "board", "seats", "status", "events", "message", "message_kind", "message_seq"];
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
