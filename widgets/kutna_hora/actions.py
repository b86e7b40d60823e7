"""What the human seat may click on the Kutná Hora table, and what it costs: the legal action texts grouped by the
board they name (a card half, a mine space, a plot, a stack top, a noble, a held tile), and the groschen each costly
action takes, from the engine's own option tables (``rights_options``, ``plot_options``, ``build_options``,
``mine_options``). Nothing here decides what is legal: the texts are ``game.legal_actions()``.
"""

from __future__ import annotations

from typing import Any

from games.kutna_hora.game import KutnaHoraGame

#: Decision kinds in words, for the turn line.
KIND_WORDS = {"guilds": "setup: choose a guild set", "rows": "setup: order your guild rows",
              "play": "play an action card", "miners": "Mine: buy miners", "mine": "Mine: keep a tile, choose a space",
              "rights": "Rights: take a stack top", "plot": "Plot: buy a plot", "build": "Build: tile and plot",
              "tech": "technology tile", "council": "after Income: the council", "tax": "round end: tax",
              "house": "St. Barbara 3: remove a house", "remove-house": "Build: remove a house",
              "noble": "St. Barbara 6: a noble to the council",
              "score": "St. Barbara 10: score a building", "over": "game over"}
#: Verbs whose one argument the view makes clickable on a board (the rest become buttons).
_ONE_ARG = ("rights", "plot", "council", "noble", "house", "score", "tech", "guilds")


def _int(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def group_actions(texts: list[str]) -> dict[str, Any]:
    """Legal action texts grouped by what the view makes clickable.

    ``play`` (``{card: [halves]}``), ``joker`` (``{card: [actions]}``), ``idle`` (cards), ``mine`` (``{tile:
    [spaces]}``), ``build`` (``{tile: [plots]}``), one list per verb of one argument (``rights`` tiles, ``plot``
    and ``score`` plots, ``tech`` spaces, ``council`` and ``noble`` colours, ``house`` guilds, ``guilds`` set
    numbers), and ``buttons`` for the rest (``pass``, ``discard``, ``tech-remove``, ``tax pay``, ``miners 2``,
    ``rows ...``). :func:`ungroup_actions` turns it back into the texts."""
    groups: dict[str, Any] = {"play": {}, "joker": {}, "idle": [], "mine": {}, "build": {}, "buttons": []}
    groups.update({verb: [] for verb in _ONE_ARG})
    for text in texts:
        verb, *args = text.split()
        if verb in ("play", "joker") and len(args) == 2:
            groups[verb].setdefault(args[0], []).append(args[1])
        elif verb in ("mine", "build") and len(args) == 2:
            groups[verb].setdefault(args[0], []).append(_int(args[1]))
        elif verb == "idle" and len(args) == 1:
            groups["idle"].append(_int(args[0]))
        elif verb in _ONE_ARG and len(args) == 1:
            groups[verb].append(_int(args[0]))
        else:
            groups["buttons"].append(text)
    return groups


def ungroup_actions(groups: dict[str, Any]) -> list[str]:
    """The action texts of :func:`group_actions`, sorted as text."""
    texts = [f"{verb} {key} {arg}" for verb in ("play", "joker", "mine", "build")
             for key, args in groups.get(verb, {}).items() for arg in args]
    texts += [f"{verb} {arg}" for verb in ("idle", *_ONE_ARG) for arg in groups.get(verb, [])]
    return sorted(texts + list(groups.get("buttons", [])))


def action_costs(game: KutnaHoraGame, texts: list[str], decision: Any = "ask") -> dict[str, int]:
    """Groschen each costly legal action costs now (tooltips and labels), from the engine's own option tables
    (``decision``: the pending one, when the caller has asked it already)."""
    decision = game.pending() if decision == "ask" else decision
    if decision is None or not texts:
        return {}
    p, kind = decision.player, decision.kind
    # The step being decided is the engine's pending frame (read only): its free / public-only / anywhere flags.
    at = game.state.stack[-1]
    out: dict[str, int] = {}
    if kind == "rights":
        out = {f"rights {t}": cost for t, (_r, _c, cost) in game.rights_options(p, at.free, at.public_only).items()}
    elif kind == "plot":
        out = {f"plot {i}": cost for i, cost in game.plot_options(p, at.free, at.anywhere).items()}
    elif kind == "build":
        out = {f"build {t} {i}": cost for t, i, cost in game.build_options(p, at.free)}
    elif kind == "mine":
        spaces = game.mine_options(p, at.free)
        out = {text: spaces[int(text.split()[2])] for text in texts if text.startswith("mine ")}
    elif kind == "miners":
        # "miners 0": a pool holding one miner goes on without a permit (the top_up switch): it costs nothing
        out = {text: game.price("permits") for text in texts if text.startswith("miners ") and text != "miners 0"}
    elif kind == "council":
        out = {text: game.design.council_cost for text in texts if text.startswith("council ")}
    elif kind == "tax":
        out = {"tax pay": at.amount}  # the amount owed is fixed when the round ends
    legal = set(texts)
    return {k: v for k, v in out.items() if k in legal}


#: The bar's buttons in words: action (or its verb) -> (label, tooltip).
BUTTON_WORDS = {
    "pass": ("pass", "Ignore the rest of this effect"),
    "discard": ("discard the drawn tiles", "Discard every drawn tile and build no mine"),
    "tech-remove": ("remove the technology tile", "Remove the technology tile from the game instead of placing it"),
    "tax pay": ("pay the tax", "Pay the tax and the plot tax"),
    "tax refuse": ("refuse the tax", "Do not pay: lose this round's reputation instead (and no plot tax)"),
}


def button_words(texts: list[str], costs: dict[str, int]) -> dict[str, list[str]]:
    """The bar's buttons (``group_actions(...)["buttons"]``) as a learner reads them: action -> [label, tooltip],
    the label with its groschen (``buy 2 miners (2 g)``), the guild-row orders as the rows they fill."""
    out = {}
    for text in texts:
        verb, *args = text.split()
        label, title = BUTTON_WORDS.get(text, BUTTON_WORDS.get(verb, (text, text)))
        if verb == "rows":
            label = "rows 1-3: " + ", ".join(args)
            title = f"Put your guild tiles in the rows of your board in this order: {', '.join(args)} (row 1 first)"
        elif verb == "miners" and args and args[0].isdigit():
            n = int(args[0])
            label = f"buy {n} miner{'s' if n != 1 else ''}" if n else "no permit: go on with the miner you have"
            title = f"Buy a permit for {n} miner{'s' if n != 1 else ''}" if n else label
        cost = costs.get(text)
        if cost is not None:
            label += " (free)" if cost == 0 else f" ({cost} g)"
        out[text] = [label, title]
    return out


__all__ = ["BUTTON_WORDS", "KIND_WORDS", "action_costs", "button_words", "group_actions", "ungroup_actions"]
