"""Which place of the island names which action of the pending decision, with its words and its look: computed here
once per redraw and sent to the browser in the one shape every table sends (:mod:`widgets.shared.choices`); the
browser only draws it (the runtime's ``choose``) and sends the named action back.

* A place with one legal one-place action offers it (one click).
* A place with several (a knight: activate, promote, move, chase ...) or with a two-place action (``move NODE NODE``,
  ``swap HEX HEX``) is a *selection*: its first click is kept in the browser (never sent); then its one-place actions
  are buttons and the second places of its two-place actions are offered on the board.
* A place with no legal action, when the decision takes a one-place verb of its kind, still names that action
  ("settle 17" on a taken corner, drawn as not possible): a click sends it and Python says why not. So does, once a
  knight is picked to move, every corner it cannot reach, and once a hex is picked for the Inventor's swap, every
  hex whose number may not be swapped with it.

Each place carries ``look`` (what a click does, so a settlement spot, a knight and an activation look different) and
``mark`` (the letter drawn on it); its tooltip says what a click does, in words (the action's label; for a refused
place its words and what a click there tries). The tooltips are not repeated per place: a step stays small.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from games.catan import board
from widgets.shared.choices import Choice, Choices, refused_after

from .places import PLACE_WORDS, PlaceWords

#: The verb a place with no legal action tries, by kind, in this order of preference.
TRY = {
    "node": ("settle", "city", "knight", "commit", "pillage", "metropolis", "retreat", "remove", "wall", "promote"),
    "edge": ("road", "remove"),
    "hex": ("robber", "merchant"),
}
#: Verb -> (look, the letter drawn on its place). A knight's several actions make it a "knight" selection.
LOOKS: dict[str, tuple[str, str]] = {
    "settle": ("settlement", "S"), "city": ("city", "C"), "road": ("road", ""), "knight": ("new-knight", "K"),
    "activate": ("activate", "A"), "promote": ("promote", "P"), "chase": ("chase", "R"), "move": ("knight", "⇄"),
    "displace": ("knight", "⇄"), "wall": ("wall", "W"), "metropolis": ("metropolis", "M"), "robber": ("robber", ""),
    "merchant": ("merchant", ""), "commit": ("commit", "K"), "pillage": ("pillage", "!"), "retreat": ("retreat", "K"),
    "remove": ("remove", "×"), "swap": ("swap", "⇄"),
}
#: A refused place's verb in words, for its tooltip ("a settlement here is not possible now").
TRY_WORDS = {"settle": "a settlement", "city": "a city", "knight": "a new knight", "road": "a road",
             "robber": "the robber", "merchant": "the merchant", "wall": "a city wall", "promote": "a promotion",
             "metropolis": "the metropolis", "remove": "removing", "retreat": "a retreat", "commit": "sending a knight",
             "pillage": "a pillage"}
#: What a selected knight (or hex) can do, for its tooltip and the hint line.
SELECT_WORDS = {"move": "move it (then click a highlighted corner)", "displace": "displace a knight (then click it)",
                "chase": "chase the robber away", "promote": "promote it", "activate": "activate it",
                "swap": "swap its number (then click a highlighted hex)"}


def _kinds(forms: Mapping[str, str], verb: str) -> list[str | None]:
    return [PLACE_WORDS.get(w) for w in forms.get(verb, verb).split()[1:]]


def plan(legal: Sequence[str], forms: Mapping[str, str], words: PlaceWords,
         rates: Mapping[str, int] | None = None, labels: Mapping[str, str] | None = None) -> Choices:
    """The choices of the human's pending decision as the board draws them (:mod:`widgets.shared.choices`): each
    legal action with its label and the places it names (a settlement's corner, a knight's move from and to), a
    place's look and mark; ``selects`` for a place with several actions or a two-place one (a knight: its title says
    what it can do, its hint what to click next); ``tries`` for the places of a one-place verb of the decision where
    the rules refuse it now. ``legal`` is empty when it is not the human's decision (then nothing is offered)."""
    labels = labels or {}

    def label(action: str) -> str:
        return labels.get(action) or words.action(action, forms, rates)

    each: list[Choice] = []
    by_place: dict[str, list[tuple[str, bool]]] = {}  # first place -> (action, whether it names a second place)
    kinds_of: dict[str, list[str | None]] = {}
    for action in legal:
        verb, *args = action.split()
        kinds = kinds_of.get(verb) or kinds_of.setdefault(verb, _kinds(forms, verb))
        fits = len(kinds) == len(args)  # a place's verb with its places' numbers; else a button
        places = tuple(f"{kind}:{arg}" for kind, arg in zip(kinds, args, strict=True) if kind) if fits else ()
        # a choice of one place looks like what it does; one of two is a selection first, then a target
        look, mark = LOOKS.get(verb, (verb, "")) if len(places) == 1 else ("", "")
        said = label(action)
        each.append(Choice(action, said, places, title="" if places else f"Click to {said}", look=look, mark=mark))
        if places:
            by_place.setdefault(places[0], []).append((action, len(places) > 1))
        if verb == "swap" and len(places) == 2:  # the Inventor's two hexes, clicked in either order
            each.append(Choice(action, said, places[::-1]))
            by_place.setdefault(places[1], []).append((action, True))

    selects: dict[str, dict[str, str]] = {}
    for key, entries in by_place.items():
        if len(entries) == 1 and not entries[0][1]:  # one click: the place offers its one action
            continue
        kind, index = key.split(":")
        where = words.place(kind, int(index))
        verbs = list(dict.fromkeys(a.split()[0] for a, _ in entries))
        does = [SELECT_WORDS.get(v) or label(next(a for a, _ in entries if a.split()[0] == v)) for v in verbs]
        knight = kind == "node" and any(v in ("move", "displace", "chase", "promote", "activate") for v in verbs)
        what = f"your knight at {where}" if knight else where
        selects[key] = {
            "title": f"Click {what} first, then choose: {'; '.join(does)}.", "look": "knight" if knight else
            LOOKS.get(verbs[0], (verbs[0], ""))[0], "mark": "⚔" if knight else LOOKS.get(verbs[0], ("", ""))[1],
            "hint": f"{what[0].upper()}{what[1:]} selected: "
                    + " or ".join(p for p in ("click a highlighted place" if any(two for _, two in entries) else "",
                                              "a button" if any(not two for _, two in entries) else "") if p)
                    + " (click it again to let go)."}

    verbs_taken = set(forms)
    tries: dict[str, str] = {}
    try_words: dict[str, str] = {}  # kind -> what a click on a place of that kind tries, for the tooltip
    for kind, verbs in TRY.items():
        verb = next((v for v in verbs if v in verbs_taken and _kinds(forms, v) == [kind]), None)
        if verb is None or not legal:
            continue
        try_words[kind] = f"{TRY_WORDS.get(verb, verb)} here is not possible now (click to see why)"
        count = {"node": board.N_NODES, "edge": board.N_EDGES, "hex": board.N_HEXES}[kind]
        for index in range(count):
            key = f"{kind}:{index}"
            if key not in by_place:
                tries[key] = f"{verb} {index}"
    tries_after = refused_after(each, lambda first: _refused_targets(first, by_place[first]))
    hint = ""
    if selects:
        knights = [k for k, s in selects.items() if s["look"] == "knight"]
        hint = ("Click one of your knights (⚔) to move it or chase the robber with it, then what it does."
                if knights else "Click a highlighted place, then what it does.")
    return Choices(each=each, selects=selects, tries=tries, try_words=try_words, tries_after=tries_after, hint=hint)


def _refused_targets(first: str, entries: Sequence[tuple[str, bool]]) -> list[tuple[str, str]]:
    """With ``first`` picked (a knight that may move, a hex of the Inventor's swap), every other place of its kind
    and the action a click there sends (the rules then say why the knight cannot go there, or why those numbers
    cannot be swapped)."""
    kind, index = first.split(":")
    verbs = {action.split()[0] for action, two in entries if two}
    if kind == "hex" and "swap" in verbs:
        a = int(index)
        return [(f"hex:{h}", f"swap {min(a, h)} {max(a, h)}") for h in range(board.N_HEXES) if h != a]
    if kind == "node" and verbs & {"move", "displace"}:
        verb = "move" if "move" in verbs else "displace"
        return [(f"node:{v}", f"{verb} {index} {v}") for v in range(board.N_NODES) if v != int(index)]
    return []


__all__ = ["LOOKS", "main_prompt", "plan"]


#: What each verb of the main phase lets the learner do, for the prompt; ``{n}``: how many places or choices.
CAN_DO = (("settle", "build a settlement ({n})"), ("city", "build a city ({n})"), ("road", "build a road ({n})"),
          ("wall", "build a city wall ({n})"), ("knight", "place a new knight ({n})"),
          ("activate", "activate a knight ({n})"), ("promote", "promote a knight ({n})"),
          ("move", "move a knight (click a ⚔ knight)"), ("chase", "chase the robber with a knight (click a ⚔ knight)"),
          ("displace", "displace a knight"), ("improve", "improve a city ({n})"),
          ("buy", "buy a development card"), ("play", "play a card ({n})"), ("trade", "trade with the bank ({n})"),
          ("harbor", "use the Commercial Harbor"), ("propose", "make a trade offer"), ("end", "end the turn"))


def main_prompt(prompt: str, legal: Sequence[str]) -> str:
    """The main phase's prompt saying what can be done now: ``Player 1 (rolled 8): you can build a road (6 places),
    trade with the bank (3 trades) or end the turn.`` ``prompt`` is the engine's (its "(rolled 8)" is kept)."""
    counts: dict[str, int] = {}
    for action in legal:
        verb = action.split()[0]
        counts[verb] = counts.get(verb, 0) + 1
    unit = {"settle": "place", "city": "place", "road": "place", "wall": "place", "knight": "place",
            "activate": "knight", "promote": "knight", "improve": "track", "play": "card", "trade": "trade"}
    can = []
    for verb, words in CAN_DO:
        if verb in counts:
            n = counts[verb]
            can.append(words.format(n=f"{n} {unit.get(verb, 'way')}{'' if n == 1 else 's'}"))
    if not can:
        return prompt
    who = prompt.split(":", 1)[0]
    rolled = prompt[prompt.rfind("(rolled"):] if "(rolled" in prompt else ""
    head = f"{who} {rolled}".strip() if rolled else who
    listed = can[0] if len(can) == 1 else ", ".join(can[:-1]) + " or " + can[-1]
    return f"{head}: you can {listed}."
