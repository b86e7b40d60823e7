"""Chartres as a table a learner plays by clicking, against bots.

:class:`ChartresTable` draws, for every seat, the cathedral board (9 window spaces with their colours, printed
bonuses and final-score numbers, the windows built; the cross tower), the status board (levels 1–9: hand limit,
multiplier, bonus, the shield marker), the cellar (barrel values, bonuses, the barrel marker), the action row with
the activation row below it (a pair of the same colour lights up, the card activated this round is marked), IP,
reputation and citizens; the main board's two paths with the citizens in seat colours, the revealed locations and
the bonus tiles on the cathedral; the human's hand (other hands as card backs) and the decision the game waits for.
Only what the human seat may do now is clickable. Undo, time travel, bots, rounds and messages come from the shared
driver (:class:`widgets.shared.table.GameTable`); the rules stay in :mod:`games.chartres`::

    from widgets.chartres import ChartresTable
    table = ChartresTable(players=3, seed=1)   # the human is player 1 (seat 0), greedy bots play the rest
    table.act("row a12")                       # True; then the bots move until it is player 1's decision again
    table.act("location l99")                  # False: table.message says why
    table.undo(); table.show_step(5); table.play_rounds(2); table.play_to_end()
    table.score_frame()                        # the final breakdown (the running IP during the game)

What the browser receives is built from ``game.observe(human)`` (and the engine's :meth:`ChartresGame.activated`,
:meth:`~ChartresGame.torch_order`, :meth:`~ChartresGame.on_paths`): other hands and the face-down plays of
Phase C never leave Python, and the bots' secret plays are announced as "a card face down". The component numbers
are the designed ``approx`` set, so the table shows :data:`games.chartres.BANNER`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import traitlets

from games.chartres import BANNER, ChartresGame
from games.chartres.abilities import atom_words
from games.chartres.data.rulebook import ERAS, PATHS, ROUNDS_PER_ERA
from widgets.shared.choices import Choice, Choices, refused_after
from widgets.shared.frontend import css, esm
from widgets.shared.redraw import Redraw
from widgets.shared.table import GameTable

from .charts import score_frame
from .rows import card_entries, marks_catalog, seat_rows
from .words import KIND_WORDS, short_words

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd

#: Decisions whose choice is secret when they are made (the setup row, the face-down plays of Phase C).
SECRET_KINDS = ("setup-row", "commit-row", "commit-act")
#: The sheets the table needs: cards and rows, the cellar, the boards around them.
TABLE_CSS = ("chartres/static/cards.css", "chartres/static/cellar.css", "chartres/static/table.css")


def round_index(game: ChartresGame) -> int:
    """Rounds played before the current one (era 1 round 1 → 0; 12 rounds in a game)."""
    return (game.state.era - 1) * game.numbers.rounds_per_era + game.state.round - 1


def group_actions(texts: list[str]) -> dict[str, Any]:
    """Legal action texts grouped by what the view makes clickable: ``row``/``discard`` (hand cards),
    ``activate`` (``{card: [positions]}``), ``location``, ``bonus`` (tiles), ``path``, ``pour`` and ``buttons``
    (``draw``, ``stop``, ``resolve``, ``pass``). :func:`ungroup_actions` turns it back into the texts."""
    groups: dict[str, Any] = {"row": [], "activate": {}, "discard": [], "location": [], "bonus": [], "path": [],
                              "pour": [], "buttons": []}
    for text in texts:
        verb, *args = text.split()
        if verb == "activate" and len(args) == 2:
            groups["activate"].setdefault(args[1], []).append(int(args[0]))
        elif verb in groups and verb not in ("activate", "buttons") and len(args) == 1:
            groups[verb].append(args[0])
        else:
            groups["buttons"].append(text)
    return groups


def ungroup_actions(groups: dict[str, Any]) -> list[str]:
    """The action texts of :func:`group_actions`, sorted."""
    texts = [f"{verb} {arg}" for verb in ("row", "discard", "location", "bonus", "path", "pour")
             for arg in groups.get(verb, [])]
    texts += [f"activate {k} {card}" for card, slots in groups.get("activate", {}).items() for k in slots]
    return sorted(texts + list(groups.get("buttons", [])))


class ChartresTable(GameTable):
    """A Chartres game in progress: the human seat plays by clicking, bots play the rest.

    ``ChartresTable(game=None, *, players=3, seed=0, human=0, bots="greedy")`` (see
    :class:`~widgets.shared.table.GameTable`). Its own synced state: ``board`` (the main board: era, round,
    paths, locations, tiles, decks, torch order, the final scoring) and ``seats`` (every seat's boards, rows and
    hand as that seat may be seen), and in ``status["game"]`` the decision in words (``kind_words``) and the human's
    legal actions grouped by what they name (``actions``, :func:`group_actions`).
    """

    _esm = esm("chartres/static/table.js")
    _css = css(*TABLE_CSS)

    game_class = ChartresGame
    score_unit = "IP"
    click_hint = "Click a highlighted card, location, tile or button to decide."
    action_example = "'row a12'"
    max_rounds = ERAS.value * ROUNDS_PER_ERA.value

    board = traitlets.Dict().tag(sync=True)
    seats = traitlets.List().tag(sync=True)

    # ------------------------------------------------------------------ what the driver asks
    def make_catalog(self, game: ChartresGame) -> dict[str, Any]:
        """Cards, locations, tiles, cellars and the printed boards: sent once per game, so a step carries ids."""
        parts = game.parts

        def words(ability: Any) -> str:
            return ability.words() if ability is not None else ""

        return {
            **marks_catalog(), "cards": card_entries(parts),
            "locations": {lid: [loc.name, words(loc.main), words(loc.bonus), loc.city_gate, loc.tavern]
                          for lid, loc in parts.locations.items()},
            "tiles": {tid: [t.cost, ", ".join(atom_words(a) for a in t.do)] for tid, t in parts.tiles.items()},
            "cellars": {cid: [list(c.values), {str(k): atom_words(v) for k, v in c.bonuses.items()}]
                        for cid, c in parts.cellars.items()},
            # printed bonuses twice: a short label for the small spaces, the glossary words for the tooltip
            "windows": [[colour, short_words(bonus), atom_words(bonus), final] for colour, bonus, final in
                        zip(parts.window_colours, parts.window_bonuses, parts.window_final, strict=True)],
            "status": [[level + 1, parts.hand_limit[level], parts.multiplier[level],
                        atom_words(parts.status_bonuses[level + 1]) if level + 1 in parts.status_bonuses else ""]
                       for level in range(parts.status_levels)],
            "cross": [[level + 1, parts.cross_ip[level], parts.cross_cards[level]]
                      for level in range(parts.cross_levels)],
            "paths": list(PATHS), "path_spaces": parts.path_spaces, "eras": game.numbers.eras,
            "rounds": game.numbers.rounds_per_era, "banner": "" if parts.is_printed else BANNER, "source": parts.source,
        }

    def state_of(self, now: Redraw) -> dict[str, Any]:
        """The ``board``, ``seats`` and extra ``status`` of the position shown as the human seat sees it (``None``:
        the public view); a look into the past offers no actions."""
        game, kind = now.game, now.kind
        view = now.observe(self._human)
        seen = view["seats"]
        secret = any(s["resources"] is None for s in seen)  # the starting rows are still being chosen
        board = {
            "era": view["era"], "round": view["round"], "phase": view["phase"], "initiative": view["initiative"],
            "paths": [view["paths"][name] for name in PATHS], "locations": view["locations"], "tiles": view["tiles"],
            "deck": view["deck"], "discard": len(view["discard"]), "location_deck": view["location_deck"],
            "location_discard": view["location_discard"], "tiles_left": view["tiles_left"],
            "torch_order": None if secret else game.torch_order(), "final": view["final"],
        }
        seats = []
        for p, s in enumerate(seen):
            seats.append({
                **seat_rows(game, s), "ip": s["ip"], "reputation": s["reputation"], "shield": s["shield"],
                "hand_limit": s["hand_limit"], "multiplier": s["multiplier"], "cross": s["cross"],
                "barrel": s["barrel"], "cellar": s["cellar"], "personal": s["personal"], "common": s["common"],
                "on_paths": game.on_paths(p), "windows": s["windows"], "hand_size": s["hand_size"],
                "hand": s["hand"], "taverns": s["taverns"],
                "you": p == self._human, "bot": None if p == self._human else self._bot_kind,
            })
        status = {"kind_words": KIND_WORDS.get(kind, ""), "actions": group_actions(now.legal)}
        return {"board": board, "seats": seats, "status": status}

    def choices_of(self, now: Redraw) -> Choices:
        """Each legal action with its words and what it names: a hand card (``hand:CID``: play it into the row, pay
        with it; to activate, the card and then a free position, ``slot:K``), a location, a bonus tile, a path (also
        a button); the rest are buttons. While the decision takes a verb of a place, the places whose action the
        rules refuse still send it (``tries``; with a card picked to activate, a taken position: ``tries_after``), so
        the rules say why."""
        parts = now.game.parts
        where = "into your starting action row" if now.kind == "setup-row" else \
            "face down to the right end of your action row"
        each = []
        for action in now.legal:
            verb, *args = action.split()
            if verb == "row" and len(args) == 1:
                each.append(Choice(action, f"Play {args[0]} {where}", (f"hand:{args[0]}",), look="row"))
            elif verb == "discard" and len(args) == 1:
                each.append(Choice(action, f"Discard {args[0]} to pay for the ability", (f"hand:{args[0]}",),
                                   look="discard"))
            elif verb == "activate" and len(args) == 2:
                each.append(Choice(action, f"Play {args[1]} face down under position {args[0]}",
                                   (f"hand:{args[1]}", f"slot:{args[0]}"), mark=f"play {args[1]} here"))
            elif verb == "location" and len(args) == 1:
                each.append(Choice(action, f"Take {args[0]} ({parts.locations[args[0]].name}) and resolve it",
                                   (f"location:{args[0]}",)))
            elif verb == "bonus" and len(args) == 1:
                tile = parts.tiles[args[0]]
                each.append(Choice(action, f"Return {tile.cost} citizens and take {args[0]}: "
                                   f"{', '.join(atom_words(a) for a in tile.do)}", (f"tile:{args[0]}",)))
            else:
                label, title = BUTTON_WORDS.get(action, (action, action))
                places = (f"path:{args[0]}",) if verb == "path" and len(args) == 1 else ()
                each.append(Choice(action, label, places, title=title, button=bool(places)))
        named = {c.places[0] for c in each if c.places}
        tries: dict[str, str] = {}
        view = now.observe(self._human)
        targets = {"row": [f"hand:{c}" for c in view["seats"][self._human]["hand"] or []] if now.yours else [],
                   "location": [f"location:{x}" for x in view["locations"]],
                   "bonus": [f"tile:{x}" for x in view["tiles"]], "path": [f"path:{x}" for x in PATHS]}
        targets["discard"] = targets["row"]
        for verb, places in targets.items():
            if verb in now.forms:
                tries.update({place: f"{verb} {place.split(':')[1]}" for place in places if place not in named})
        # a card picked, a taken position still sends its action: the rules say it is taken
        row = view["seats"][self._human]["row"] or []
        after = refused_after(each, lambda first: [(f"slot:{k}", f"activate {k} {first.split(':')[1]}")
                                                   for k in range(1, len(row) + 2)])
        selects = {place: {"title": f"Select {place.split(':')[1]}, then click a free position of your activation "
                           "row", "look": "activate",
                           "hint": f"{place.split(':')[1]} selected: click a highlighted position of your activation "
                           "row"}
                   for place in {c.places[0] for c in each if len(c.places) == 2}}
        hint = "Click a card in your hand, then a free position of your activation row" if selects else ""
        return Choices(each=each, selects=selects, tries=tries, tries_after=after, hint=hint)

    def idle_reason(self, game: ChartresGame, what: str) -> str | None:
        if what != "hand-card":
            return None
        decision = game.pending()
        asked = f" Now: {decision.prompt}." if decision is not None else ""
        return ("a hand card is clicked only when a decision asks for one: to play it into your action row, to pay "
                f"for an ability (discard it) or to put it under your activation row.{asked}")

    def round_of(self, game: ChartresGame) -> int:
        return round_index(game)

    def where_now(self, game: ChartresGame) -> str:
        return f"now era {game.state.era}, round {game.state.round}"

    def public_action(self, kind: str, action: str) -> str:
        """A bot's decision as everyone may hear it: secret plays are only "a card face down"."""
        if kind not in SECRET_KINDS:
            return action
        return "a starting card (secret)" if kind == "setup-row" else "a card face down"

    # ------------------------------------------------------------------ tables for notebooks
    def score_frame(self) -> pd.DataFrame:
        """:func:`.charts.score_frame` of the position shown: the final breakdown, or the running IP."""
        return score_frame(self._shown())


#: The bar's buttons in words: action -> (label, tooltip).
BUTTON_WORDS = {
    "draw": ("draw an assistant card", "Take no location: draw 1 assistant card instead (the hand limit applies)"),
    "stop": ("stop this ability", "Stop resolving this ability now (no bonus unless the main ability was resolved "
             "fully)"),
    "resolve": ("resolve it", "Carry out this ability's next time (or its bonus)"),
    "pass": ("take no bonus tile", "Take no bonus tile"),
    "path warehouse": ("path to the warehouse", "Put the citizen on the path to the warehouse"),
    "path townhall": ("path to the town hall", "Put the citizen on the path to the town hall"),
    "pour white": ("white grapes first", "White grapes pour first (the IP is the same either way)"),
    "pour red": ("red grapes first", "Red grapes pour first (the IP is the same either way)"),
}


__all__ = ["BUTTON_WORDS", "ChartresTable", "group_actions", "round_index", "ungroup_actions"]
