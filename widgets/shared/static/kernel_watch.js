// An exercise box's watch on its kernel: the box is plain ipywidgets (a text box, Check, Show answer), whose clicks
// vanish without a word once the kernel behind them is gone. This line says so instead, as the tables' message line
// does (runtime.js, mount): on a kernel restart or shutdown, a closed comm, or a model ipywidgets marks disconnected
// (a notebook reopened with its saved widgets), it shows the model's `lost_text` (`lost_text_page` on a Voila
// page, which has no cell to run again) and disables the box's controls.

import { watchKernel } from "./kernel.js";

function render({ model, el }) {
  const line = document.createElement("div");
  line.className = "bg-ex-lost";
  line.dataset.testid = "bg-ex-lost";
  line.setAttribute("role", "status");
  line.hidden = true;
  el.append(line);
  let lost = "";
  const box = () => (el.closest ? el.closest(".bg-ex") : null);
  const loseKernel = (why) => {
    if (lost) return;
    lost = why || "lost";
    // A page without code (Voila marks its body) has no cell to run again: it is reloaded instead.
    const page = typeof document !== "undefined" && document.body && document.body.dataset &&
      document.body.dataset.voila;
    line.textContent = model.get(page ? "lost_text_page" : "lost_text");
    line.dataset.lost = lost;
    line.hidden = false;
    const root = box();
    if (!root) return;
    root.classList.add("bg-ex--lost");
    for (const node of root.querySelectorAll("button, input")) node.disabled = true;
  };
  const unwatch = watchKernel(model, el, loseKernel, true);
  return () => {
    unwatch();
    line.remove();
  };
}

export default { render };
