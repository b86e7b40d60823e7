// Kardinal & König card table (widgets.kardinal_koenig.KKTable): the layout, every seat's display, the scoring chart
// and the decision the game waits for. What is clickable, and what it sends, comes from Python (status.choices: the
// human seat's legal actions now with their words and cards); the rules stay there.

import { choose } from "../../shared/static/choices.js";
import { TABLE_TRAITS, button, make, mount, plural, testid } from "../../shared/static/runtime.js";
import { actionBar, banner, eventLog, gameStatus, timeTravel } from "../../shared/static/view_parts.js";
import { countryOf, crestText, drawLayout, drawLegend, routeIcon, stone } from "./cards.js";
import { drawChart } from "./chart.js";

function drawSeat(catalog, seat, p, toMove) {
  const box = testid(make("section", "kk-seat"), `kk-seat-${p + 1}`);
  if (seat.you) box.classList.add("kk-seat--you");
  if (toMove === p) box.classList.add("kk-seat--to-move");
  const head = make("div", "kk-seat-head");
  head.append(stone(p, catalog.seat_colours), make("span", "kk-seat-name", seat.label),
    make("span", "kk-seat-who", seat.you ? "you" : `${seat.bot} bot`),
    make("span", "kk-seat-cards", plural(seat.cards, "card")));
  if (toMove === p) head.append(make("span", "kk-seat-turn", "to move"));
  box.append(head);

  const stones = testid(make("div", "kk-seat-stones"), `kk-seat-${p + 1}-stones`);
  stones.append(make("span", "bg-label", "claim stones"));
  const group = (what, n, cls) => {
    const g = make("span", "kk-stonegroup");
    g.title = `${n} ${what}`;
    for (let i = 0; i < n; i++) g.append(stone(p, catalog.seat_colours, cls));
    if (!n) g.append(make("span", "bg-none", "–"));
    g.append(make("span", "kk-stonewhat", what));
    return g;
  };
  stones.append(group("in hand", seat.hand), group("on layout", seat.placed, "kk-stone--placed"),
    group("lost", seat.lost, "kk-stone--lost"));
  box.append(stones);

  const chips = testid(make("div", "kk-seat-chips"), `kk-seat-${p + 1}-chips`);
  chips.append(make("span", "bg-label", "law chips"), make("span", "kk-chipcount", seat.chips));
  if (Array.isArray(seat.chip_kinds) && seat.chip_kinds.length) {
    chips.append(make("span", "kk-chipkinds", `(${seat.chip_kinds.map((k) => catalog.chip_names[k] || k).join(", ")})`));
  }
  if (seat.played.length) {
    chips.append(make("span", "kk-played", `played: ${seat.played.map((k) => catalog.chip_names[k] || k).join(", ")}`));
  }
  box.append(chips);

  const display = testid(make("div", "kk-display"), `kk-seat-${p + 1}-display`);
  for (const [country, count, tally, ships, carriages] of seat.groups) {
    const info = countryOf(catalog, country);
    const pile = make("span", "kk-pile");
    pile.style.setProperty("--kk-country", info.colour);
    pile.title = `${info.name}: ${count} of ${info.cards} cards`;
    pile.append(make("span", "kk-pile-name", info.short), make("span", "kk-pile-count", count));
    const crests = crestText(catalog, tally);
    if (crests) pile.append(make("span", "kk-pile-crests", crests));
    for (const [route, n] of [["ship", ships], ["carriage", carriages]]) {
      if (!n) continue;
      const mark = make("span", "kk-pile-routes");
      mark.append(routeIcon(route), String(n));
      pile.append(mark);
    }
    display.append(pile);
  }
  if (!seat.groups.length) display.append(make("span", "bg-none", "no cards yet"));
  box.append(display);
  const roads = make("div", "kk-roads", "roads: ");
  roads.append(routeIcon("ship"), ` ${plural(seat.ships, "ship")} · `, routeIcon("carriage"),
    ` ${plural(seat.carriages, "carriage")} (5 or more score)`);
  box.append(roads);
  return box;
}

function drawTurn(status) {
  const t = gameStatus(status).turn || {};
  const line = testid(make("div", "bg-turn"), "kk-turn");
  if (status.over) return line;
  const bits = [`phase: ${gameStatus(status).phase}`, `cards left: ${gameStatus(status).cards_left}`];
  if (gameStatus(status).phase === "take") {
    bits.push(`crests this turn: ${t.crests} of ${t.limit}`);
    if (t.country && !t.colours) bits.push(`country this turn: ${t.country}`);
    if (t.colours) bits.push("different colours allowed");
  }
  line.textContent = bits.join(" · ");
  return line;
}

// The choices that are buttons (stop, pass, skip, the law chips), with Python's words.
function drawChoices(plan) {
  return plan.buttons.map((b) => button(b.words, `kk-action-${b.action.replace(/ /g, "-")}`, "act",
    { action: b.action }, { className: "bg-button--action", title: b.title || b.words }));
}

function render(ctx) {
  let wasFinal = null;  // null until the first draw: a table shown already finished does not replay the fill-in
  return mount(ctx, {
    name: "kk",
    className: "kk-root",
    traits: [...TABLE_TRAITS, "board", "seats", "chart"],
    draw: (model) => {
      const catalog = model.get("catalog") || {};
      const status = model.get("status") || {};
      const seats = model.get("seats") || [];
      const chart = model.get("chart") || {};
      const plan = choose(status, []);  // every choice here is one click: a card or a button
      const table = make("div", "kk-table");
      if (!status.live) table.classList.add("kk-table--past");
      table.append(drawLayout(catalog, model.get("board") || [], plan.place), drawLegend(catalog));
      const seatBox = testid(make("div", "kk-seats"), "kk-seats");
      seats.forEach((seat, p) => seatBox.append(drawSeat(catalog, seat, p, status.to_move)));
      const fill = wasFinal === false && !!chart.final;
      wasFinal = !!chart.final;
      const names = seats.map((s) => s.label + (s.you ? " (you)" : ""));
      const bar = actionBar(model, status, catalog, "kk",
        { detail: drawTurn(status), choices: drawChoices(plan) });
      return [banner(catalog.banner, "kk-banner"), bar, timeTravel(status, model, "kk"), table,
        seatBox, drawChart(catalog, chart, names, { fill }), eventLog(model.get("events") || [], catalog, "kk")];
    },
  });
}

export default { render };
