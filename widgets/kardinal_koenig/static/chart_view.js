// The scoring chart on its own (widgets.kardinal_koenig.ChartView): display only.

import { mount } from "../../shared/static/runtime.js";
import { drawChart } from "./chart.js";

function render(ctx) {
  return mount(ctx, {
    name: "kk-chart-view",
    className: "kk-root",
    traits: ["catalog", "chart", "names", "highlight"],
    draw: (model) => [drawChart(model.get("catalog") || {}, model.get("chart") || {}, model.get("names") || [],
      { highlight: model.get("highlight"), title: "決算チャート · scoring chart" })],
  });
}

export default { render };
