// Kardinal & König's scoring chart (決算チャート) drawn as on paper: the one renderer of the chart, used by the card
// table (table.js) and the chart on its own (chart_view.js). Every number comes from Python (games.kardinal_koenig).

import { make, testid } from "../../shared/static/runtime.js";
import { countryOf } from "./cards.js";

// chart: {rows: [[country, land[], crest[]]], subtotal, roads, minus (null: face down), total, final, winners};
// names: a label per player; opts: {fill (animate the final fill-in), highlight (a country id), title}.
export function drawChart(catalog, chart, names, opts) {
  const o = opts || {};
  const wrap = testid(make("div", "kk-chartbox"), "kk-chart");
  wrap.append(make("div", "kk-chart-title", o.title ||
    (chart.final ? "決算チャート · final scoring chart" : "決算チャート · running chart (−2 chips face down until the end)")));
  const table = make("table", "kk-chart");
  if (chart.final) table.classList.add("kk-chart--final");
  if (o.fill) table.classList.add("kk-chart--filling");
  const winners = new Set(chart.winners || []);
  const n = names.length;
  const head = make("thead");
  const h1 = make("tr");
  h1.append(make("th", "kk-chart-corner", ""));
  for (let p = 0; p < n; p++) {
    const th = make("th", "kk-chart-player", names[p]);
    th.colSpan = 2;
    if (winners.has(p)) { th.classList.add("kk-chart-win"); th.append(make("span", "kk-crown", " ♛")); }
    h1.append(th);
  }
  const h2 = make("tr");
  h2.append(make("th", "kk-chart-corner", ""));
  for (let p = 0; p < n; p++) h2.append(make("th", "kk-chart-part", "国 country"), make("th", "kk-chart-part", "紋章 crests"));
  head.append(h1, h2);
  const body = make("tbody");
  let i = 0;
  const rowNode = (label, className, key) => {
    const tr = make("tr", `kk-chart-row ${className || ""}`.trim());
    tr.style.setProperty("--kk-row", String(i++));
    tr.dataset.row = key;
    const th = make("th", "kk-chart-label");
    th.append(label);
    tr.append(th);
    return tr;
  };
  for (const [country, land, crest] of chart.rows || []) {
    const info = countryOf(catalog, country);
    const label = make("span", "kk-chart-country");
    label.append(make("span", "kk-swatch"), make("span", null, info.name), make("span", "kk-chart-ja", ` ${info.ja} · ${info.count}`));
    label.style.setProperty("--kk-country", info.colour);
    const tr = rowNode(label, country === o.highlight ? "kk-chart-row--highlight" : "", country);
    for (let p = 0; p < n; p++) {
      const a = testid(make("td", "kk-num", land[p] || "·"), `kk-chart-${country}-${p + 1}-country`);
      const b = testid(make("td", "kk-num", crest[p] || "·"), `kk-chart-${country}-${p + 1}-crests`);
      tr.append(a, b);
    }
    body.append(tr);
  }
  const summary = [["subtotal", "中間集計", chart.subtotal, "kk-chart-sub"], ["roads", "道路", chart.roads, ""],
    ["−2", "−2", chart.minus, ""], ["total", "合計", chart.total, "kk-chart-total"]];
  for (const [name, ja, values, cls] of summary) {
    const tr = rowNode(make("span", null, `${name} ${ja === name ? "" : ja}`.trim()), cls, name);
    for (let p = 0; p < n; p++) {
      const hidden = values === null || values === undefined;
      const text = hidden ? "?" : `${values[p]}${name === "total" && winners.has(p) ? " ★" : ""}`;
      const td = testid(make("td", "kk-num", text), `kk-chart-${name === "−2" ? "minus" : name}-${p + 1}`);
      td.colSpan = 2;
      if (hidden) td.title = "law chips stay face down until the end of the game";
      if (name === "total" && winners.has(p)) td.classList.add("kk-chart-win");
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(head, body);
  wrap.append(table);
  if (chart.final) wrap.append(make("div", "kk-chart-note", "★ winner (most points; a tie goes to more country cards)."));
  return wrap;
}
