// The mine board on its own (widgets.kutna_hora.MineBoardView): the board drawn by mine_board.js, a legend, the
// final mine scoring per row, and the message line. One intent: {intent: "space", index}; Python checks every
// click, so a click on a rock, a mine or a closed space is sent too and answered with a sentence.

import { MESSAGE_TRAITS, make, mount, plural, testid } from "../../shared/static/runtime.js";
import { banner, messageLine } from "../../shared/static/view_parts.js";
import { drawMineBoard, playerChip } from "./mine_board.js";

function drawMineScores(scores, totals, names, colours) {
  const table = testid(make("table", "kh-mn-scores"), "kh-mine-scores");
  const head = make("tr");
  for (const text of ["row", "stars", "1st / 2nd / 3rd"]) head.append(make("th", "kh-mn-th", text));
  names.forEach((name, p) => {
    const th = make("th", "kh-mn-th");
    th.append(playerChip(name, colours[p]));
    head.append(th);
  });
  table.append(head);
  for (const s of scores) {
    const tr = testid(make("tr", "kh-mn-score-row"), `kh-mine-score-${s.row}`);
    tr.append(make("td", "kh-mn-td", `row ${s.row + 1}`), make("td", "kh-mn-td kh-mn-num", s.stars),
      make("td", "kh-mn-td kh-mn-num", s.values.join(" / ")));
    names.forEach((_, p) => {
      const td = make("td", "kh-mn-td kh-mn-num");
      td.append(make("span", "kh-mn-mystars", `${s.player_stars[p]} ★ → `),
        testid(make("b", "kh-mn-points", s.points[p]), `kh-mine-points-${s.row}-${p}`));
      if (s.points[p] > 0) td.classList.add("kh-mn-td--scores");
      tr.append(td);
    });
    table.append(tr);
  }
  const foot = make("tr", "kh-mn-total-row");
  const label = make("td", "kh-mn-td", "mine points");
  label.colSpan = 3;
  foot.append(label);
  names.forEach((_, p) => foot.append(testid(make("td", "kh-mn-td kh-mn-num kh-mn-total", totals[p] ?? 0),
    `kh-mine-total-${p}`)));
  table.append(foot);
  return table;
}

function render(ctx) {
  return mount(ctx, {
    name: "kh-mine",
    className: "kh-mn-root",
    traits: ["board", "players", "colours", "technology", "show_scores", "scores", "totals", "last", "caption",
      "interactive", "any_space", "show_open", "show_rows", "mark", "banner", "source", ...MESSAGE_TRAITS],
    draw: (model) => {
      const names = model.get("players") || [];
      const colours = model.get("colours") || [];
      const source = model.get("source");
      const head = make("div", "kh-mn-head");
      const level = model.get("technology");
      const legend = testid(make("span", "kh-mn-legend"), "kh-mine-legend");
      names.forEach((name, p) => legend.append(playerChip(name, colours[p])));
      head.append(testid(make("span", "kh-mn-title", model.get("caption") || "Mine board"), "kh-mine-title"),
        testid(make("span", "kh-mn-tech", `mining technology: draw ${plural(level, "tile")} per Mine action`),
          "kh-mine-tech"), legend);
      const board = drawMineBoard(model.get("board") || {}, {
        names, colours, last: model.get("last"), mark: model.get("mark"), showOpen: model.get("show_open"),
        showRows: model.get("show_rows"), anySpace: model.get("any_space"),
        click: model.get("interactive") ? (index) => ["space", { index }] : null,
      });
      const scores = model.get("scores") || [];
      const table = model.get("show_scores") && scores.length && names.length
        ? drawMineScores(scores, model.get("totals") || [], names, colours) : null;
      const text = model.get("banner");
      return [banner(text && source ? `${text} (mine tiles, rocks, setup cards and row values: ${source})` : text,
        "kh-mine-banner"), head, board, table, messageLine(model, "kh-mine-message")];
    },
  });
}

export default { render };
