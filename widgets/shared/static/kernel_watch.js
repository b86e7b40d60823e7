// An exercise box's watch on its kernel: the box is plain ipywidgets (a text box, Check, Show answer), whose clicks
// vanish without a word once the kernel behind them is gone. This line says so instead, as the tables' message line
// does (runtime.js, mount): on a kernel restart or shutdown, a closed comm, or a model ipywidgets marks disconnected
// (a notebook reopened with its saved widgets), it shows the model's `lost_text` (`lost_text_page` on a Voila
// page, which has no cell to run again) and disables the box's controls.

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
  // ipywidgets marks a view whose model lost its comm with this class, a moment after the event.
  const checkLive = () => setTimeout(() => {
    if (el.closest && el.closest(".jupyter-widgets-disconnected")) loseKernel("disconnected");
  }, 0);
  const onClose = () => loseKernel("closed");
  const kernel = (model.widget_manager || {}).kernel;
  const onStatus = (_kernel, status) => {
    if (status === "restarting" || status === "autorestarting" || status === "dead") loseKernel(status);
  };
  const onGone = () => loseKernel("disposed");
  const signals = kernel && kernel.statusChanged && kernel.disposed ? [[kernel.statusChanged, onStatus],
    [kernel.disposed, onGone]] : [];
  for (const [signal, fn] of signals) signal.connect(fn);
  model.on("comm_live_update", checkLive);
  model.on("comm:close", onClose);
  checkLive();
  return () => {
    for (const [signal, fn] of signals) signal.disconnect(fn);
    model.off("comm_live_update", checkLive);
    model.off("comm:close", onClose);
    line.remove();
  };
}

export default { render };
