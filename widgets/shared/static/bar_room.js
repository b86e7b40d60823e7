// The room of a table's action bar (composed into each view's module with the runtime, which imports it): how tall
// each part of the bar stays, and when it gives its room back. The rule is docs/architecture.md, "The action bar's
// room": compact parts, still while a decision lasts, the room nobody uses given back at a new decision once the
// pointer is off the board.

// The heights of a table's action bar, by model: {nodes, tallest, key, steps, shrink, onBoard} (see keepTallest).
export const barParts = new WeakMap();

export function barMarks(model) {
  let marks = barParts.get(model);
  if (!marks) barParts.set(model, marks = { nodes: {}, tallest: {}, shrink: false, onBoard: false });
  return marks;
}

// A new decision for the bar: another seat or kind of decision, or the game's end; or the history moved on by more than
// one step (the bots decided in between) or back (undo, reset). The same seat's next step of the same kind (another
// card taken, a second road built) is the same decision going on; looking back at the past is no decision at all.
export function noteDecision(marks, status) {
  if (!status.live) return;
  const key = [status.to_move, status.kind, status.over].join("|");
  const steps = status.steps || 0;
  if (marks.key !== undefined && (key !== marks.key || steps < marks.steps || steps > marks.steps + 1)) {
    marks.shrink = true;
  }
  marks.key = key;
  marks.steps = steps;
}

// Give the bar's parts back the height their content needs (a new decision's shrink), unless the pointer rests on the
// board below the bar: then it waits until the pointer leaves the board (mount's pointer watch calls this again).
export function shrinkBar(marks) {
  if (!marks.shrink || marks.onBoard) return false;
  marks.shrink = false;
  marks.tallest = {};
  for (const node of Object.values(marks.nodes)) node.style.minHeight = "";
  return true;
}

// Prompts and choices are shown whole, so their height follows what they hold. While one decision lasts (a card picked
// first, a second card taken, a road after a road, an earlier step looked at) a part of the bar never gets shorter
// than it has been, so nothing below the bar moves up under the learner's pointer; it grows when it must. A new
// decision gives the room nobody uses back (noteDecision, shrinkBar): at once when the pointer is on the bar or off
// the view, else as soon as it leaves the board, never while it rests on the board.
export function keepTallest(model, name, node) {
  const marks = barMarks(model);
  const old = marks.nodes[name];
  const seen = Math.max(marks.tallest[name] || 0, old && old.isConnected ? old.offsetHeight : 0);
  marks.tallest[name] = seen;
  marks.nodes[name] = node;
  if (seen) {
    node.style.boxSizing = "border-box";  // offsetHeight counts padding and border
    node.style.minHeight = `${seen}px`;
  }
  return node;
}
