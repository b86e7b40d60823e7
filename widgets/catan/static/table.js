// The view of widgets.catan.CatanTable (test ids "ct-"): table_view.js.

import { renderTable } from "./table_view.js";

function render(ctx) {
  return renderTable(ctx, "ct");
}

export default { render };
