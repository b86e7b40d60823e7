// Whether the kernel behind a view is gone (composed into each view's module; the runtime's mount and an exercise
// box's line, kernel_watch.js, import it).

// Calls `loseKernel(why)` when the kernel behind `model` is gone: ipywidgets marks a view whose model lost its comm (a
// kernel restart) with a class, a moment after the event; the comm closes; and the kernel itself, where the widget
// manager exposes it (JupyterLab, Notebook 7, Voila), says it restarts, died or was shut down, even before anything
// is clicked. `checkNow`: also look for the disconnected mark at once (a notebook reopened with its saved widgets).
// Returns the function that stops watching.
export function watchKernel(model, el, loseKernel, checkNow = false) {
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
  if (checkNow) checkLive();
  return () => {
    for (const [signal, fn] of signals) signal.disconnect(fn);
    model.off("comm_live_update", checkLive);
    model.off("comm:close", onClose);
  };
}
