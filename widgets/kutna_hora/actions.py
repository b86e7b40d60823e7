"""What the human seat may click on the Kutná Hora table, and what it costs: the legal action texts grouped by the
board they name (a card half, a mine space, a plot, a stack top, a noble, a held tile), and the groschen each costly
action takes, from the engine's own option tables (``rights_options``, ``plot_options``, ``build_options``,
``mine_options``). Nothing here decides what is legal: the texts are ``game.legal_actions()``.
"""

from __future__ import annotations

from typing import Any

from games.kutna_hora.data import approx
from games.kutna_hora.data.components import GUILD_GOOD
from games.kutna_hora.data.rulebook import NOBLE_COLOURS
from games.kutna_hora.game import KutnaHoraGame
from widgets.shared.choices import Choice, Choices, refused_after

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





#: An action card's halves in words (a half's name on the card, a joker's action).
HALF_WORDS = {"mine": "Mine", "rights": "Rights", "plot": "Plot", "build": "Build", "income": "Income",
              "barbara": "St. Barbara", "joker": "Joker"}


def _cost(costs: dict[str, int], action: str) -> str:
    cost = costs.get(action)
    return "" if cost is None else "free" if cost == 0 else f"{cost} g"


def choices(game: KutnaHoraGame, now: Any, human: int) -> Choices:
    """The human's choices as the Kutná Hora boards draw them (:mod:`widgets.shared.choices`): every legal action
    with its words (and its groschen) and the places it names: a card half (``half:C-HALF``; a joker ``joker:C``,
    then its action; ``idle:C``), a guild row (``house:GUILD``), a drawn mine tile then a mine space (``drawn:T``,
    ``space:I``), a held tile then a plot (``held:T``, ``plot:I``), a stack top (``top:T``), a noble in the pool or
    the bank (``pool:C``, ``bank:C``), a guild set (``guildset:K``); the rest are buttons. While the decision takes a
    verb of one place, the places whose action the rules refuse still send it (``tries``); so do, once a tile is
    picked, the spaces or plots it may not go on (``tries_after``)."""
    legal = now.legal
    costs = action_costs(game, legal, now.decision)
    view = now.observe(human)
    seat = view["seats"][human]
    joker_cost = game.joker_cost(human)
    buttons = button_words(group_actions(legal)["buttons"], costs)
    each: list[Choice] = []
    selects: dict[str, dict[str, str]] = {}
    for action in legal:
        verb, *args = action.split()
        cost = _cost(costs, action)
        one = len(args) == 1
        if verb == "play" and len(args) == 2:
            c, half = args
            each.append(Choice(action, f"Play card {c} for {HALF_WORDS.get(half, half)} (its other half is lost this "
                               "round)", (f"half:{c}-{half}",)))
        elif verb == "joker" and len(args) == 2:
            c, what = args
            each.append(Choice(action, HALF_WORDS.get(what, what), (f"joker:{c}",), title=f"Joker as "
                               f"{HALF_WORDS.get(what, what)}: costs " + (f"{joker_cost} reputation" if joker_cost
                                                                         else "nothing (reputation 6 or more)")))
            selects[f"joker:{c}"] = {"title": f"Joker on card {c}: choose which action it takes",
                                     "hint": f"Joker on card {c}: click the action it takes"}
        elif verb == "idle" and one:
            each.append(Choice(action, "no effect", (f"idle:{args[0]}",), title=f"Play card {args[0]} for no effect"))
        elif verb == "house" and one:
            guild = args[0]
            each.append(Choice(action, f"Build: the building removes a house: the leftmost {guild} house (its "
                               "effect is ignored)" if now.kind == "remove-house" else
                               f"St. Barbara 3: remove the leftmost {guild} house ({GUILD_GOOD.value[guild]} "
                               "production +2)", (f"house:{guild}",)))
        elif verb == "mine" and len(args) == 2:  # places as the boards label them: space "#4", "plot 4"
            each.append(Choice(action, f"keep {args[0]} and mine on space #{args[1]} ({cost or 'free'})",
                               (f"drawn:{args[0]}", f"space:{args[1]}"), mark=cost or "free"))
            selects[f"drawn:{args[0]}"] = {"title": f"Keep {args[0]}, then click an open space",
                                           "hint": f"{args[0]} kept: click a highlighted open space of the mine"}
        elif verb == "tech" and one:
            each.append(Choice(action, f"technology tile on space #{args[0]} ({cost or 'free'})", (f"space:{args[0]}",),
                               mark="free"))
        elif verb == "build" and len(args) == 2:
            each.append(Choice(action, f"build {args[0]} on plot {args[1]}" + (f" ({cost})" if cost else ""),
                               (f"held:{args[0]}", f"plot:{args[1]}"), mark=cost))
            selects[f"held:{args[0]}"] = {"title": f"Build {args[0]}: select it, then click one of your plots",
                                          "hint": f"{args[0]} selected: click one of your highlighted plots"}
        elif verb in ("plot", "score") and one:
            said = f"buy plot {args[0]}" if verb == "plot" else f"St. Barbara 10: score the building on plot {args[0]}"
            each.append(Choice(action, said + (f" ({cost})" if cost else ""), (f"plot:{args[0]}",), mark=cost))
        elif verb == "rights" and one:
            each.append(Choice(action, f"Take {args[0]}" + (f" ({cost})" if cost else ""), (f"top:{args[0]}",)))
        elif verb == "council" and one:
            each.append(Choice(action, f"Pay {game.design.council_cost} groschen: a {args[0]} noble from the pool "
                               "to the council", (f"pool:{args[0]}",)))
        elif verb == "noble" and one:
            each.append(Choice(action, f"St. Barbara 6: a {args[0]} noble from the bank to the council",
                               (f"bank:{args[0]}",)))
        elif verb == "guilds" and one:
            each.append(Choice(action, f"Take guild set {args[0]}", (f"guildset:{args[0]}",)))
        else:
            label, title = buttons.get(action, [action, action])
            each.append(Choice(action, label, title=title))
    named = {c.places[0] for c in each if c.places}
    places = {  # verb -> the places it names, legal or not (while the decision takes it)
        "play": [(f"half:{c}-{h}", f"play {c} {h}") for c in seat["cards"] or []
                 for h in approx.ACTION_CARDS.value[c - 1] if h != "joker"],
        "house": [(f"house:{g}", f"house {g}") for g in seat["guilds"] if g],
        "tech": [(f"space:{i}", f"tech {i}") for i in range(len(view["mine"]["cells"]))],
        "plot": [(f"plot:{i}", f"plot {i}") for i in range(len(view["town"]["plots"]))],
        "score": [(f"plot:{i}", f"score {i}") for i in range(len(view["town"]["plots"]))],
        "rights": [(f"top:{st['tiles'][-1]}", f"rights {st['tiles'][-1]}") for row in view["town_hall"]["rows"]
                   for st in row if st],
        "council": [(f"pool:{c}", f"council {c}") for c in NOBLE_COLOURS],
        "noble": [(f"bank:{c}", f"noble {c}") for c in NOBLE_COLOURS],
        "guilds": [(f"guildset:{k + 1}", f"guilds {k + 1}") for k in game.state.guild_sets],
    }
    tries = {place: action for verb, pairs in places.items() if verb in now.forms
             for place, action in pairs if place not in named}
    # a tile picked, every other space or plot still sends its action: the rules say why not there
    spaces, plots = range(len(view["mine"]["cells"])), range(len(view["town"]["plots"]))
    after = refused_after(each, lambda first: [
        (f"space:{i}", f"mine {first.split(':')[1]} {i}") for i in spaces] if first.startswith("drawn:") else [
        (f"plot:{i}", f"build {first.split(':')[1]} {i}") for i in plots] if first.startswith("held:") else [])
    verbs = {c.action.split()[0] for c in each}
    hint = ("Click a drawn tile to keep it, then an open space" if "mine" in verbs else
            "Click a held tile, then one of your plots" if "build" in verbs else
            "Click a highlighted half of an action card" if verbs & {"play", "joker"} else "")
    return Choices(each=each, selects=selects, tries=tries, tries_after=after, hint=hint, auto=True)


__all__ = ["BUTTON_WORDS", "HALF_WORDS", "KIND_WORDS", "action_costs", "button_words", "choices", "group_actions",
           "ungroup_actions"]
