// A Chartres player's boards as the table shows them: the cathedral's 9 window spaces (colours, printed bonuses,
// final-score numbers, the windows built), the cross tower and the status board (hand limit, multiplier, bonus, the
// shield marker). The printed boards come from the catalogue, the markers from the seat (Python).

import { make, testid } from "../../shared/static/runtime.js";

export function drawCathedral(catalog, seat, p) {
  const box = testid(make("div", "ch-cathedral"), `ch-cathedral-${p}`);
  box.append(make("span", "bg-label", "cathedral windows"));
  const line = make("div", "ch-windows");
  const built = seat.windows || [];
  (catalog.windows || []).forEach(([colour, bonus, words, final], k) => {
    const space = testid(make("div", `ch-window ch-window--${colour}`), `ch-window-${p}-${k + 1}`);
    const glass = built[k];
    const pane = make("div", "ch-pane");
    if (glass) {
      pane.classList.add("ch-pane--built");
      pane.style.setProperty("--ch-glass", (catalog.colours || {})[glass] || "#ccc");
      pane.textContent = glass === "white" ? "white" : "✓";
      space.classList.add("ch-window--built");
    } else if (k === built.length) {
      space.classList.add("ch-window--next");
    }
    space.append(pane, make("div", "ch-window-bonus", bonus), make("div", "ch-window-final", final));
    space.title = `Space ${k + 1} (${colour}): ${words} for a ${colour} window; ${final} IP at the end if it is ` +
      `the rightmost built${glass ? `; built: ${glass}` : ""}`;
    line.append(space);
  });
  box.append(line);
  return box;
}

export function drawCross(catalog, seat, p) {
  const box = testid(make("div", "ch-cross"), `ch-cross-${p}`);
  box.append(make("span", "bg-label", "cross tower"));
  const tower = make("div", "ch-tower");
  for (const [level, ip, cards] of [...(catalog.cross || [])].reverse()) {
    const node = testid(make("div", "ch-level"), `ch-cross-${p}-level-${level}`);
    const what = `${ip} IP${cards ? ` +${cards} card${cards === 1 ? "" : "s"}` : ""}`;
    node.append(make("span", "ch-level-n", level), make("span", "ch-level-what", what));
    if (level === seat.cross) node.append(make("span", "ch-level-marker", "✝"));
    node.classList.toggle("ch-level--here", level === seat.cross);
    node.title = `Level ${level}: scoring the cross gives ${ip} IP and ${cards} cards`;
    tower.append(node);
  }
  box.append(tower);
  return box;
}

export function drawStatus(catalog, seat, p) {
  const box = testid(make("div", "ch-status"), `ch-status-${p}`);
  box.append(make("span", "bg-label", `status board: hand limit ${seat.hand_limit}, reputation ×${seat.multiplier}`));
  const track = make("div", "ch-status-track");
  for (const [level, limit, mult, bonus] of catalog.status || []) {
    const node = testid(make("div", "ch-step"), `ch-status-${p}-level-${level}`);
    node.append(make("span", "ch-step-n", level), make("span", "ch-step-hand", `≤${limit}`),
      make("span", "ch-step-mult", `×${mult}`), make("span", "ch-step-bonus", bonus ? "★" : ""));
    if (level === seat.shield) node.append(make("span", "ch-level-marker", "◆"));
    node.classList.toggle("ch-step--here", level === seat.shield);
    node.title = `Level ${level}: hand limit ${limit}, reputation ×${mult}${bonus ? `; reaching it: ${bonus}` : ""}`;
    track.append(node);
  }
  box.append(track);
  return box;
}
