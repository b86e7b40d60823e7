// The choices of a turn as a view shows them (Python's status.choices, widgets/shared/choices.py), narrowed by
// the places clicked so far: what a click on a board place does.

import { clickable, offer } from "./runtime.js";

// The human's choices (status.choices, from Python: widgets/shared/choices.py) narrowed by the board places clicked
// so far (`picks`, kept by the view and never sent). Returns {picks, place(id), buttons, hint}: place(id) is null (the
// place names nothing now), {action, legal, title, look, mark} (a click sends that action: legal, or one the rules
// refuse now, after the places picked so far or as a first click, so that Python says why) or {select, depth, selected, title, look, mark, actions} (a click narrows the
// choices: pickPlaces); buttons are the choices complete without another place (the action bar's); hint the line
// to show. Nothing here knows a verb: every action text and its words come from Python.
export function choose(status, picks) {
  const c = (status.live && status.your_turn && status.choices) || {};
  const looks = c.looks || {};
  // left out in the message: no places (a button); words: the look's words, else the action text itself
  const each = (c.each || []).map((x) => ({ ...x, places: x.places || [], words: x.words || looks[x.look] || x.action }));
  const selects = c.selects || {};
  const starts = (choice, path) => path.every((p, k) => choice.places[k] === p);
  let path = picks || [];
  // the picks stay while they still lead somewhere: to a choice of more places, or (a place that narrows the
  // choices, such as a joker) to choices complete there; after the game moved on they go
  const leads = (x) => starts(x, path) && (x.places.length > path.length || !!selects[path[path.length - 1]]);
  if (path.length && !each.some(leads)) path = [];
  if (!path.length && c.auto) {  // a lone first place of the choices of several places is picked by itself
    const firsts = new Set(each.filter((x) => x.places.length > 1).map((x) => x.places[0]));
    if (firsts.size === 1) path = [...firsts];
  }
  const fits = each.filter((x) => starts(x, path));
  const at = (id, from, depth) => {
    const next = from.filter((x) => x.places[depth] === id);
    if (!next.length) return null;
    const one = next[0];
    if (next.length === 1 && one.places.length === depth + 1) {
      return { action: one.action, legal: true, words: one.words, title: one.title || one.words,
        look: one.look || (depth ? "target" : ""), mark: one.mark || "" };
    }
    const s = selects[id] || { title: one.words };
    return { select: id, depth, selected: false, title: s.title, look: s.look || "", mark: s.mark || "",
      actions: next.map((x) => x.action) };
  };
  const place = (id) => {
    const k = path.indexOf(id);
    if (k >= 0) {
      const s = selects[id] || {};
      return { select: id, depth: k, selected: true, title: s.title || id, look: s.look || "", mark: s.mark || "",
        actions: fits.map((x) => x.action) };
    }
    const spec = at(id, fits, path.length) || (path.length ? at(id, each, 0) : null);
    if (spec) return spec;
    // refused now: after the places picked so far (a taken position once a card is picked), or as a first click
    const after = path.length ? ((c.tries_after || {})[path[path.length - 1]] || {})[id] : undefined;
    const tried = after || (c.tries || {})[id];
    return tried ? { action: tried, legal: false, look: "try", title: (c.try_words || {})[id.split(":")[0]] || "" }
      : null;
  };
  const complete = path.length ? fits.filter((x) => x.places.length === path.length) : [];
  const buttons = [...complete, ...each.filter((x) => !x.places.length || x.button)];
  const last = path.length ? selects[path[path.length - 1]] : null;
  return { picks: path, place, buttons, hint: last ? last.hint || "" : c.hint || "" };
}

// mount's onClick for a view whose choices take more than one place (choose): a click on a [data-select] node adds
// its place to the picks (after those of lower depth), or, when already picked, lets it and the later ones go; then
// the view redraws. `read`/`write` keep the picks.
export function pickPlaces(read, write) {
  return (node, _event, redraw) => {
    const key = node.dataset.select;
    if (!key) return false;
    const picks = read() || [];
    const k = picks.indexOf(key);
    write(k >= 0 ? picks.slice(0, k) : [...picks.slice(0, Number(node.dataset.depth || 0)), key]);
    redraw();
    return true;
  };
}

// A board node as choose's place(id) spec says: an action it sends (the runtime's offer) or a place that narrows the
// choices (data-select, data-depth; data-actions lists the actions it leads to, for a hovered hint). Returns the node.
// A spec with its own intent ({intent, args, title}: a sandbox's place) sends that instead of an action.
export function drawPlace(node, spec) {
  if (!spec) return node;
  if (spec.intent) {
    clickable(node, spec.intent, spec.args, spec.title);
    node.classList.add("bg-choice");
    return node;
  }
  if (spec.select) {
    node.dataset.select = spec.select;
    node.dataset.depth = String(spec.depth || 0);
    if (spec.actions) node.dataset.actions = JSON.stringify(spec.actions);
    if (node.tagName !== "BUTTON") {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    }
    if (spec.selected) node.classList.add("bg-selected");
    return node;
  }
  return offer(node, spec.action, spec.legal, spec.title);
}
