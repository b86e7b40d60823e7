// The view of widgets.catan.CKTable, Cities & Knights (test ids "ck-"): table_view.js.

import { renderTable } from "./table_view.js";

function render(ctx) {
  return renderTable(ctx, "ck");
}

export default { render };
