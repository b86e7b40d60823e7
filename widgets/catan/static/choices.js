// Which board place names which action of the pending decision, read from Python's status (status.legal: the human's
// legal actions, status.forms: how each verb is written, "move NODE NODE"). An action whose first argument is an
// intersection, path or hex belongs to that place; the rest are buttons of the action bar.
//   * a place with one legal one-place action offers it (one click);
//   * a place with several (a knight: activate, promote, move, ...) or with a two-place action (move NODE NODE, swap
//     HEX HEX) is selected first (kept in the browser, never sent): its one-place actions become buttons and the
//     second places of its two-place actions are offered on the board;
//   * a place with no legal action, when the decision takes a one-place verb of its kind, still names that action
//     ("settle 17" on a taken intersection): a click sends it and Python says why not.

import { takes } from "../../shared/static/runtime.js";
import { placeKinds } from "./board.js";

// The verb a place with no legal action tries, by kind, in this order of preference.
const TRY = {
  node: ["settle", "city", "knight", "commit", "pillage", "metropolis", "retreat", "remove", "wall", "promote"],
  edge: ["road", "remove"],
  hex: ["robber", "merchant"],
};

export function planChoices(status, selected) {
  const live = !!status.live && !!status.your_turn;
  const forms = status.forms || {};
  const byPlace = {};
  const buttons = [];
  for (const action of live ? status.legal || [] : []) {
    const [verb, ...args] = action.split(" ");
    const kinds = placeKinds(forms[verb] || verb);
    const first = kinds.findIndex(Boolean);
    if (first < 0 || kinds.length !== args.length) {
      buttons.push(action);
      continue;
    }
    const key = `${kinds[first]}:${args[first]}`;
    const second = kinds.findIndex((k, i) => k && i > first);
    (byPlace[key] = byPlace[key] || []).push({ action, target: second < 0 ? null : `${kinds[second]}:${args[second]}` });
  }
  const needsSelect = (key) => {
    const list = byPlace[key] || [];
    return list.length > 1 || list.some((e) => e.target);
  };
  const chosen = selected && needsSelect(selected) ? selected : null;
  const targets = {};
  const selectedButtons = [];
  for (const e of chosen ? byPlace[chosen] : []) {
    if (e.target) targets[e.target] = e.action;
    else selectedButtons.push(e.action);
  }
  const tries = {};
  for (const kind of Object.keys(TRY)) {
    const verb = TRY[kind].find((v) => takes(status, v) && placeKinds(forms[v]).join(",") === kind);
    if (verb) tries[kind] = verb;
  }
  const place = (kind, index) => {
    const key = `${kind}:${index}`;
    if (targets[key]) return { action: targets[key], legal: true };
    const list = byPlace[key];
    if (list && needsSelect(key)) {
      return { select: key, selected: key === chosen, title: `${kind} ${index}: ${list.map((e) => e.action.split(" ")[0])
        .filter((v, i, a) => a.indexOf(v) === i).join(", ")} (click to choose)` };
    }
    if (list) return { action: list[0].action, legal: true };
    if (tries[kind]) return { action: `${tries[kind]} ${index}`, legal: false };
    return null;
  };
  let hint = "";
  if (chosen) {
    hint = `${chosen.replace(":", " ")} selected: ${Object.keys(targets).length ? "click a highlighted place" : ""}` +
      `${Object.keys(targets).length && selectedButtons.length ? " or " : ""}` +
      `${selectedButtons.length ? "a button" : ""}`;
  } else if (Object.keys(byPlace).some(needsSelect)) {
    hint = "Click a highlighted piece or place, then what it does";
  }
  return { place, buttons: [...selectedButtons, ...buttons], chosen, hint };
}
