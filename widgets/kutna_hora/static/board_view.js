// A board of a game on its own, read-only (widgets.kutna_hora.TownHallView, BarbaraView, PlayerBoardView): the board
// named by the view's `board_kind`, drawn by its one renderer (town_hall.js, barbara.js, player_board.js), under the
// banner. It sends nothing.

import { mount } from "../../shared/static/runtime.js";
import { banner } from "../../shared/static/view_parts.js";
import { drawBarbara } from "./barbara.js";
import { drawSeat } from "./player_board.js";
import { drawHall, drawNobles } from "./town_hall.js";

const BOARDS = {
  hall: (catalog, board, model) => [drawHall(catalog, board, model.get("hall") || {}, {}),
    drawNobles(catalog, board, [], {})],
  barbara: (catalog, board) => [drawBarbara(catalog, board)],
  player: (catalog, board, model) => [drawSeat(catalog, board, model.get("seat") || {}, model.get("player"), {})],
};

function render(ctx) {
  const kind = ctx.model.get("board_kind");
  return mount(ctx, {
    name: `kh-${kind}`,
    className: "kh-tb-root kh-tb-root--part",
    traits: ["catalog", "board", "hall", "seat", "player"],
    draw: (model) => {
      const catalog = model.get("catalog") || {};
      return [banner(catalog.banner, `kh-${kind}-banner`), ...BOARDS[kind](catalog, model.get("board") || {}, model)];
    },
  });
}

export default { render };
