// Chartres cellar board (widgets.CellarView). Draws the synced state and sends intents; no rules here: which barrels
// hold wine, how full and for how many IP all come from Python (games.chartres.wine.pour).
// Every intent carries all its data (jupyter.md §2.3): {type: "marker", space: 3}, {type: "add", colour, delta}.

const COLOURS = ["white", "red"];

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function testid(node, id) {
  node.dataset.testid = id;
  return node;
}

function button(label, id, data, title) {
  const node = testid(make("button", "ch-cl-button", label), id);
  node.type = "button";
  for (const [k, v] of Object.entries(data)) node.dataset[k] = String(v);
  if (title) {
    node.title = title;
    node.setAttribute("aria-label", title);
  }
  return node;
}

function drawSpace(space, value, barrel, bonus, marker) {
  const here = space === marker;
  const title = `move the barrel marker to space ${space} (barrel ${space + 1}, ${value} IP printed)`;
  const node = button("", `cellar-space-${space}`, { intent: "marker", space }, title);
  node.classList.add("ch-cl-space");
  if (here) node.classList.add("ch-cl-space--marker");
  if (space < marker) node.classList.add("ch-cl-space--before");
  node.setAttribute("aria-pressed", here ? "true" : "false");

  const top = make("span", "ch-cl-marker-slot");
  if (here) top.append(testid(make("span", "ch-cl-marker", "▼ marker"), "cellar-marker"));
  const printed = testid(make("span", "ch-cl-value", `${value} IP`), `cellar-value-${space}`);

  const cask = testid(make("span", "ch-cl-barrel"), `cellar-barrel-${space}`);
  if (barrel) {
    cask.classList.add(`ch-cl-barrel--${barrel.fill}`, `ch-cl-barrel--${barrel.colour}`);
    cask.dataset.fill = barrel.fill;
    cask.dataset.colour = barrel.colour;
    cask.append(make("span", "ch-cl-wine"));
    const label = barrel.fill === "full" ? `full ${barrel.colour}` : `½ ${barrel.colour}`;
    cask.append(make("span", "ch-cl-barrel-label", `${label} → ${barrel.ip}`));
  } else {
    cask.classList.add("ch-cl-barrel--empty");
    cask.dataset.fill = "empty";
    cask.append(make("span", "ch-cl-barrel-label", "empty"));
  }
  const index = make("span", "ch-cl-index", `space ${space}`);
  const perk = testid(make("span", "ch-cl-bonus", bonus || ""), `cellar-bonus-${space}`);
  node.append(top, printed, cask, index, perk);
  return node;
}

function drawGrapes(colour, count, most) {
  const box = make("div", `ch-cl-grapes ch-cl-grapes--${colour}`);
  const minus = button("−", `cellar-${colour}-minus`, { intent: "add", colour, delta: -1 }, `one ${colour} grape fewer`);
  const plus = button("+", `cellar-${colour}-plus`, { intent: "add", colour, delta: 1 }, `one more ${colour} grape`);
  minus.disabled = count <= 0;  // Python checks again: a stale click gets a message, not a negative count
  plus.disabled = count >= most;
  box.append(make("span", "ch-cl-label", `${colour} grapes`), minus,
    testid(make("span", "ch-cl-count", count), `cellar-${colour}`), plus);
  return box;
}

function drawFirst(first, choice) {
  const box = testid(make("div", "ch-cl-first"), "cellar-first");
  box.append(make("span", "ch-cl-label", "pours first"));
  for (const colour of COLOURS) {
    const b = button(colour, `cellar-first-${colour}`, { intent: "first", colour }, `${colour} grapes pour first`);
    b.classList.add("ch-cl-toggle");
    b.setAttribute("aria-pressed", colour === first ? "true" : "false");
    box.append(b);
  }
  box.append(make("span", "ch-cl-hint", choice
    ? "your choice: it decides which colour sits where, never the IP"
    : "with these grapes the order changes nothing"));
  return box;
}

function render({ model, el }) {
  const root = testid(make("div", "ch-cl-root"), "cellar-root");

  const draw = () => {
    const values = model.get("values") || [];
    const marker = model.get("marker");
    const barrels = new Map((model.get("barrels") || []).map((b) => [b.space, b]));
    const bonuses = new Map((model.get("bonuses") || []).map((b) => [b.space, b.words]));
    const parts = [];
    const banner = model.get("banner");
    if (banner) {
      const source = model.get("source");
      parts.push(testid(make("div", "ch-cl-banner", `⚠️ ${banner}${source ? ` (cellar values: ${source})` : ""}`),
        "cellar-banner"));
    }
    const head = make("div", "ch-cl-head");
    head.append(testid(make("span", "ch-cl-title", `Cellar ${model.get("cellar")}`), "cellar-title"),
      testid(make("span", "ch-cl-ip", `${model.get("ip")} IP`), "cellar-ip"));
    parts.push(head);

    const track = testid(make("div", "ch-cl-track"), "cellar-track");
    values.forEach((value, space) => track.append(drawSpace(space, value, barrels.get(space), bonuses.get(space), marker)));
    parts.push(track);

    const controls = make("div", "ch-cl-controls");
    const most = model.get("max_grapes");
    for (const colour of COLOURS) controls.append(drawGrapes(colour, model.get(colour), most));
    controls.append(drawFirst(model.get("first"), model.get("order_choice")));
    parts.push(controls);

    const unused = Object.entries(model.get("unused") || {}).filter(([, n]) => n > 0);
    parts.push(testid(make("div", "ch-cl-unused", unused.length
      ? `score nothing: ${unused.map(([c, n]) => `${n} ${c}`).join(", ")}`
      : "every grape is in a barrel"), "cellar-unused"));

    const list = testid(make("ol", "ch-cl-explain"), "cellar-explain");
    for (const line of model.get("explanation") || []) list.append(make("li", "ch-cl-explain-line", line));
    parts.push(list);

    const message = testid(make("div", "ch-cl-message", model.get("message")), "cellar-message");
    message.classList.add(model.get("message_kind") === "error" ? "ch-cl-message--error" : "ch-cl-message--info");
    message.setAttribute("role", "status");
    parts.push(message);

    const active = document.activeElement;
    const focused = active && root.contains(active) ? active.dataset.testid : null;
    root.replaceChildren(...parts);
    if (focused) root.querySelector(`[data-testid="${focused}"]`)?.focus();  // keep keyboard users in place
  };

  // One sync message sets several traits; draw once for all of them.
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };

  const onClick = (event) => {
    const node = event.target instanceof Element ? event.target.closest("[data-intent]") : null;
    if (!node || !root.contains(node) || node.disabled) return;
    const data = node.dataset;
    if (data.intent === "marker") model.send({ type: "marker", space: Number(data.space) });
    else if (data.intent === "add") model.send({ type: "add", colour: data.colour, delta: Number(data.delta) });
    else if (data.intent === "first") model.send({ type: "first", colour: data.colour });
  };

  const traits = ["cellar", "marker", "white", "red", "first", "values", "bonuses", "max_grapes", "barrels", "unused",
    "ip", "explanation", "order_choice", "banner", "source", "message", "message_kind", "message_seq"];
  for (const name of traits) model.on(`change:${name}`, schedule);
  root.addEventListener("click", onClick);
  draw();
  el.append(root);

  return () => {
    for (const name of traits) model.off(`change:${name}`, schedule);
    root.removeEventListener("click", onClick);
    root.remove();
  };
}

export default { render };
