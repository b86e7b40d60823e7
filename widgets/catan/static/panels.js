// The panels around the Catan island (used by widgets.catan.CatanTable and the panel pictures): dice, the barbarian
// track, a development board per seat, the hands and the victory-point breakdown. They draw what Python sends
// (widgets/catan/boards.py: panels_state, seats_state, ck_catalog); what a seat may not see never arrives.

import { make, seatLabel, testid } from "../../shared/static/runtime.js";
import { CARD_COLOURS } from "./board.js";

const PIPS = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] };

function die(value, kind, id) {
  const box = testid(make("span", `ct-die ct-die--${kind}`), id);
  box.dataset.value = String(value ?? "");
  box.title = `${kind} die${value ? `: ${value}` : ""}`;
  const face = make("span", "ct-die-face");
  for (const [c, r] of value ? PIPS[value] || [] : []) {
    const pip = make("span", "ct-pip");
    pip.style.gridColumn = String(c + 1);
    pip.style.gridRow = String(r + 1);
    face.append(pip);
  }
  box.append(face);
  return box;
}

function eventDie(face, catalog, id) {
  const colour = (catalog.track_colours || {})[face] || "#444";
  const box = testid(make("span", `ct-die ct-die--event ct-event--${face || "none"}`), id);
  box.dataset.face = face || "";
  box.title = face ? `event die: ${face === "ship" ? "the barbarian ship" : `the ${face} gate`}` : "event die";
  box.textContent = face === "ship" ? "ship" : face ? "gate" : "";
  if (face && face !== "ship") {
    box.style.background = colour;
    box.style.color = colour === "yellow" ? "#111" : "#fff";
  }
  return box;
}

export function drawDice(panels, catalog, prefix) {
  const box = testid(make("div", "ct-panel ct-dice"), `${prefix}-dice`);
  box.append(make("div", "ct-title", "Dice"));
  const row = make("div", "ct-dice-row");
  if (panels.red !== undefined) {
    row.append(die(panels.red, "red", `${prefix}-die-red`), die(panels.yellow, "yellow", `${prefix}-die-yellow`),
      eventDie(panels.event, catalog, `${prefix}-die-event`));
  }
  row.append(testid(make("span", "ct-dice-total", panels.dice ? `rolled ${panels.dice}` : "not rolled yet"),
    `${prefix}-dice-total`));
  box.append(row);
  return box;
}

// The barbarian track: 7 spaces, the ship on its space, the next attack's strength against the current defence.
export function drawBarbarians(panels, catalog, names, prefix, attack) {
  const b = panels.barbarian;
  const box = testid(make("div", "ct-panel ct-barbarians"), `${prefix}-barbarians`);
  if (!b) return box;
  box.append(make("div", "ct-title", "Barbarians"));
  const track = testid(make("div", "ct-track"), `${prefix}-barbarian-track`);
  track.dataset.position = String(b.position);
  for (let k = 0; k <= b.steps; k++) {
    const cell = make("span", `ct-space${k === b.steps ? " ct-space--land" : ""}${k === b.position ? " ct-space--ship" : ""}`,
      k === b.position ? "ship" : k === b.steps ? "attack" : String(k));
    cell.title = k === b.steps ? "Catan: the barbarians land and attack" : `space ${k}`;
    track.append(cell);
  }
  box.append(track);
  const holds = b.defence >= b.strength;
  const line = testid(make("div", `ct-versus ${holds ? "ct-versus--holds" : "ct-versus--falls"}`,
    `next attack: strength ${b.strength} (cities) against defence ${b.defence} (active knights) — ` +
    `${holds ? "Catan holds" : "the barbarians win"}`), `${prefix}-versus`);
  box.append(line);
  const parts = b.per_seat.map((d, p) => `${names[p] || seatLabel(p)} ${d}`).join(" · ");
  box.append(make("div", "ct-muted", `defence by seat: ${parts} · attacks so far ${b.attacks}` +
    `${b.robber_locked ? " · the robber waits for the first attack" : ""}`));
  if (attack && attack.length) {  // the last attack as the engine logged it: strength, defence, outcome
    box.append(testid(make("div", "ct-last-attack", `last attack: ${attack.join(" ")}`), `${prefix}-last-attack`));
  }
  return box;
}

// One seat's development board: 3 tracks × 5 levels, the red-die faces each level draws on, level 3's ability and
// the metropolis levels.
export function drawDevelopment(seat, catalog, panels, p, prefix) {
  const box = testid(make("div", "ct-devboard"), `${prefix}-dev-${p}`);
  const levels = seat.levels || {};
  for (const track of catalog.tracks || []) {
    const row = testid(make("div", `ct-devrow ct-devrow--${track}`), `${prefix}-dev-${p}-${track}`);
    row.dataset.level = String(levels[track] || 0);
    const head = make("span", "ct-devtrack", `${track} (${(catalog.track_card || {})[track]})`);
    head.style.borderColor = (catalog.track_colours || {})[track] || "#999";
    row.append(head);
    for (let level = 1; level <= (catalog.level_cost || []).length; level++) {
      const built = (levels[track] || 0) >= level;
      const cell = make("span", `ct-level${built ? " ct-level--built" : ""}`);
      const faces = (catalog.red_faces || [])[level - 1] || [];
      cell.append(make("span", "ct-level-n", String(level)),
        make("span", "ct-level-faces", faces.length > 1 ? `${faces[0]}-${faces[faces.length - 1]}` : faces.join("")));
      const marks = [];
      if (level === catalog.ability_level) marks.push("★");
      if (level >= catalog.metropolis_level) marks.push("▲");
      if (marks.length) cell.append(make("span", "ct-level-mark", marks.join("")));
      cell.title = `${(catalog.buildings || {})[track]?.[level - 1] || ""}: level ${level} costs ` +
        `${catalog.level_cost[level - 1]} ${(catalog.track_card || {})[track]}; draws a ${track} card when the red die ` +
        `shows ${faces.join(", ")} with the ${track} gate` +
        `${level === catalog.ability_level ? `; ${(catalog.abilities || {})[track]}` : ""}` +
        `${level === catalog.metropolis_level ? "; first to reach it takes the metropolis" : ""}` +
        `${level === catalog.takeover_level ? "; first to reach it takes the metropolis over" : ""}`;
      row.append(cell);
    }
    const holder = (panels.metropolises || {})[track];
    if (holder === p) row.append(make("span", "ct-metro", "metropolis"));
    box.append(row);
  }
  for (const track of catalog.tracks || []) {  // the level-3 abilities this seat has
    if ((levels[track] || 0) >= catalog.ability_level) {
      box.append(testid(make("div", "ct-ability", `★ ${(catalog.abilities || {})[track]}`), `${prefix}-ability-${p}-${track}`));
    }
  }
  return box;
}

function cardChip(name, count, face) {
  const chip = make("span", `ct-card ct-card--${name}${face === false ? " ct-card--back" : ""}`);
  chip.textContent = count === undefined ? name : `${name} ×${count}`;
  if (face !== false && CARD_COLOURS[name]) chip.style.background = CARD_COLOURS[name];
  return chip;
}

// One seat's hand: its own cards by name, or (another seat's) counts; progress cards face down for others, VP cards
// face up.
export function drawHand(seat, p, prefix) {
  const hand = seat.hand || {};
  const box = testid(make("div", "ct-hand"), `${prefix}-hand-${p}`);
  box.dataset.total = String(hand.total);
  if (hand.cards) {
    box.dataset.seen = "true";
    const names = Object.keys(hand.cards);
    if (!names.length) box.append(make("span", "ct-muted", "no cards"));
    for (const name of names) box.append(cardChip(name, hand.cards[name]));
  } else {
    box.dataset.seen = "false";
    const counts = hand.resources !== undefined ? `${hand.resources} resources, ${hand.commodities} commodities`
      : `${hand.total} cards`;
    box.append(make("span", "ct-card ct-card--back", counts));
  }
  if (hand.progress) {
    for (const card of hand.progress) box.append(testid(cardChip(card, undefined, true), `${prefix}-progress-${p}-${card}`));
  } else if (hand.progress_counts) {
    for (const [track, n] of Object.entries(hand.progress_counts)) {
      for (let k = 0; k < n; k++) box.append(cardChip(`${track} card`, undefined, false));
    }
  }
  if (hand.development) {
    for (const [card, n] of Object.entries(hand.development)) if (n) box.append(cardChip(card, n, true));
  } else if (hand.development_count) {
    box.append(cardChip("development card", hand.development_count, false));
  }
  const vp = hand.vp_cards;
  if (Array.isArray(vp)) for (const card of vp) box.append(cardChip(card, undefined, true));
  else if (vp) box.append(cardChip("victory point", vp, true));
  return box;
}

export function drawPoints(seat, p, prefix) {
  const box = testid(make("div", "ct-points"), `${prefix}-points-${p}`);
  box.dataset.points = String(seat.points);
  const parts = Object.entries(seat.sources || {}).map(([k, v]) => `${k} ${v}`);
  box.textContent = `${seat.points} VP${parts.length ? `: ${parts.join(" + ")}` : ""}`;
  return box;
}

// Every seat: name, points and their sources, hand, pieces left, harbour rates, and in C&K the development board.
export function drawSeats(seats, catalog, panels, status, prefix) {
  const box = testid(make("div", "ct-seats"), `${prefix}-seats`);
  const colours = catalog.seat_colours || [];
  seats.forEach((seat, p) => {
    const card = testid(make("section", "ct-panel ct-seat"), `${prefix}-seat-${p}`);
    if (status.to_move === p) card.classList.add("ct-seat--to-move");
    card.style.borderLeftColor = colours[p] || "#999";
    const you = catalog.human === p ? " (you)" : catalog.human === null || catalog.human === undefined ? "" : " (bot)";
    const head = make("div", "ct-seat-head");
    head.append(make("span", "ct-title", `${seatLabel(p)} ${(catalog.seat_names || [])[p] || ""}${you}`),
      drawPoints(seat, p, prefix));
    card.append(head, drawHand(seat, p, prefix));
    const left = seat.pieces_left || {};
    const rates = Object.entries(seat.rates || {}).map(([k, v]) => `${k} ${v}:1`).join(", ");
    card.append(make("div", "ct-muted", `left: ${left.settlements} settlements, ${left.cities} cities, ` +
      `${left.roads} roads · road ${seat.road_length}${rates ? ` · rates ${rates}` : ""}` +
      `${seat.defenders ? ` · Defender ×${seat.defenders}` : ""}`));
    if (seat.levels) card.append(drawDevelopment(seat, catalog, panels, p, prefix));
    box.append(card);
  });
  return box;
}
