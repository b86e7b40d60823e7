// Kutná Hora's round track: the rounds with their event cards (face down until the round begins), the tax marker,
// the red public buildings waiting and the rounds in which the nobles score. Drawn by the game table (table.js).

import { make, testid } from "../../shared/static/runtime.js";
import { pawn } from "./pieces.js";

function drawEventCard(catalog, event, r) {
  const card = make("div", "kh-tb-event-card");
  if (event === "face down") {
    card.classList.add("kh-tb-event-card--down");
    card.textContent = "?";
    card.title = `Event for round ${r}: face down until the round is prepared`;
  } else if (event) {
    const [tax, population, ore, builds] = (catalog.events || {})[event] || [0, 0, 0, ""];
    const words = [tax ? `tax +${tax} when revealed` : "", population ? `population +${population}` : "",
      ore ? `ore +${ore}` : "", builds ? `the town builds ${builds}` : ""].filter(Boolean);
    card.textContent = event;
    card.title = `Event ${event}: ${words.join("; ")}${population || ore || builds ? " (deck moves at round end)" : ""}`;
  } else {
    card.classList.add("kh-tb-event-card--none");
    card.title = "No event card this round";
  }
  return card;
}

export function drawRoundTrack(catalog, board) {
  const box = testid(make("section", "kh-tb-panel kh-tb-roundtrack"), "kh-tb-round-track");
  const head = make("div", "kh-tb-panel-head");
  const tax = testid(make("span", "kh-tb-tax", `tax ${board.tax}`), "kh-tb-tax");
  tax.title = `The tax marker (never above ${catalog.tax_cap}); plot tax comes on top at round end`;
  head.append(make("span", "kh-tb-title", "Round track"), tax);
  box.append(head);
  const track = make("div", "kh-tb-rounds");
  for (let r = 1; r <= (board.rounds || 0); r++) {
    const cell = testid(make("div", "kh-tb-round"), `kh-tb-round-${r}`);
    if (r === board.round) cell.classList.add("kh-tb-round--now");
    if (r < board.round) cell.classList.add("kh-tb-round--past");
    cell.append(drawEventCard(catalog, (board.events || [])[r - 1], r), make("div", "kh-tb-round-no", r));
    const notes = [];
    const red = r === catalog.red_round && board.red_track;
    if (red) notes.push(`red ×${board.red_track}`);
    if (r >= catalog.noble_from) notes.push("nobles");
    const note = make("div", "kh-tb-round-note", notes.join(" · "));
    if (red) note.classList.add("kh-tb-round-note--red");
    cell.append(note);
    cell.title = `Round ${r}: refusing tax costs ${(catalog.tax_reputation || [])[r - 1]} reputation` +
      `${r >= catalog.noble_from ? "; nobles score at its end" : ""}` +
      `${r === catalog.red_round ? "; the red public buildings enter at its end" : ""}`;
    track.append(cell);
  }
  box.append(track);
  const start = make("div", "kh-tb-muted");
  start.append("start player ", pawn(catalog, board.start), ` · round ${board.round} of ${board.rounds}`);
  box.append(start);
  return box;
}
