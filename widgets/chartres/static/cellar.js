// A Chartres cellar board: the barrel track with its printed values, track bonuses and the barrel marker, and the
// wine poured into full and half barrels. The one cellar renderer: the cellar view (cellar_view.js) draws it large
// with its barrels, the table (table.js) small for every seat. Which barrels hold wine, how full and for how many IP
// all come from Python (games.chartres.wine.pour).

import { clickable, make, testid } from "../../shared/static/runtime.js";

function drawBarrel(id, barrel) {
  const cask = testid(make("span", "ch-barrel"), id);
  if (barrel) {
    cask.classList.add(`ch-barrel--${barrel.fill}`, `ch-barrel--${barrel.colour}`);
    cask.dataset.fill = barrel.fill;
    cask.dataset.colour = barrel.colour;
    cask.append(make("span", "ch-wine"));
    const label = barrel.fill === "full" ? `full ${barrel.colour}` : `½ ${barrel.colour}`;
    cask.append(make("span", "ch-barrel-label", `${label} → ${barrel.ip}`));
  } else {
    cask.classList.add("ch-barrel--empty");
    cask.dataset.fill = "empty";
    cask.append(make("span", "ch-barrel-label", "empty"));
  }
  return cask;
}

// cellar: {id (test id prefix), values, bonuses ({space: words}), marker, barrels (Map space → barrel; null: no
// wine drawn), clickable (a click on a space sends {intent: "marker", space}), compact (the table's small strip)}.
export function drawCellar(cellar) {
  const { id, values, marker } = cellar;
  const bonuses = cellar.bonuses || {};
  const track = testid(make("div", `ch-cellar${cellar.compact ? " ch-cellar--compact" : ""}`), `${id}-track`);
  values.forEach((value, k) => {
    const here = k === marker;
    const bonus = bonuses[k] || bonuses[String(k)] || "";
    const space = testid(make("div", "ch-space"), `${id}-space-${k}`);
    if (here) space.classList.add("ch-space--marker");
    if (k < marker) space.classList.add("ch-space--before");
    const slot = make("span", "ch-marker-slot");
    if (here) slot.append(testid(make("span", "ch-marker", cellar.compact ? "▼" : "▼ marker"), `${id}-marker`));
    space.append(slot, testid(make("span", "ch-value", cellar.compact ? value : `${value} IP`), `${id}-value-${k}`));
    if (cellar.barrels) space.append(drawBarrel(`${id}-barrel-${k}`, cellar.barrels.get(k)));
    if (!cellar.compact) space.append(make("span", "ch-index", `space ${k}`));
    space.append(testid(make("span", "ch-bonus", cellar.compact ? (bonus ? "★" : "") : bonus), `${id}-bonus-${k}`));
    const title = `space ${k} (barrel ${k + 1}, ${value} IP printed)${bonus ? `; reaching it: ${bonus}` : ""}`;
    if (cellar.clickable) {
      clickable(space, "marker", { space: k }, `move the barrel marker to ${title}`);
      space.setAttribute("aria-pressed", here ? "true" : "false");
    } else {
      space.title = title;
    }
    track.append(space);
  });
  return track;
}
