// Which board place names which action of the pending decision: Python's plan (status.choices, made by
// widgets/catan/choices.py with each place's action, words, look and mark), drawn as it is. The only state kept here
// is the first click of a two-part choice (a knight, the Inventor's hex): then its targets are offered on the board
// and its one-place actions become buttons, as the plan's selection lists them. No action text is composed here.

// `words`: the places' words (board.js: geom.words or state.words), for a refused place's tooltip.
export function planChoices(status, selected, words) {
  const plan = (status.live && status.your_turn && status.choices) || {};
  const labels = status.labels || {};
  const tries = plan.tries || {};
  const places = plan.places || {};
  const selections = plan.selections || {};
  const chosen = selected && selections[selected] ? selected : null;
  const sel = chosen ? selections[chosen] : null;
  const place = (kind, index) => {
    const key = `${kind}:${index}`;
    const target = sel && sel.targets[key];
    if (target) return { action: target.action, legal: true, title: target.title, look: "target", mark: "" };
    const s = selections[key];
    if (s) {
      return { select: key, selected: key === chosen, title: s.title, look: s.look, mark: s.mark,
        actions: s.actions };
    }
    const spot = places[key];
    if (!spot) return null;
    // tooltips from Python's words: a legal spot's label; a refused one's place and what a click there tries
    const title = spot.legal ? labels[spot.action] : `${((words || {})[kind] || [])[index] || ""}: ${tries[kind] || ""}`;
    return { ...spot, title };
  };
  return { place, buttons: [...(sel ? sel.buttons : []), ...(plan.buttons || [])], chosen,
    hint: sel ? sel.hint : plan.hint || "" };
}
