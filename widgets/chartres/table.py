"""Chartres as a table a learner plays by clicking, against bots; and the action row as static HTML and tables.

:class:`ChartresTable` draws, for every seat, the cathedral board (9 window spaces with their colours, printed
bonuses and final-score numbers, the windows built; the cross tower), the status board (levels 1–9: hand limit,
multiplier, bonus, the shield marker), a compact cellar strip (barrel values, bonuses, the barrel marker), the action
row with the activation row below it (a pair of the same colour lights up, the card activated this round is marked),
IP, reputation and citizens; the main board's two paths with the citizens in seat colours, the revealed locations
and the bonus tiles on the cathedral; the human's hand (other hands as card backs) and the decision the game waits
for; and the event log with each event's rule id. Only what the human seat may do now is clickable. The rules stay
in :mod:`games.chartres`: the browser draws and sends intents, and a refused intent becomes a message, never a
traceback::

    from widgets.chartres_table import ChartresTable
    table = ChartresTable(players=3, seed=1)   # the human is player 1 (seat 0), greedy bots play the rest
    table.act("row a12")                       # True; then the bots move until it is player 1's decision again
    table.act("location l99")                  # False: table.message says why
    table.undo(); table.show_step(5); table.play_rounds(2); table.play_to_end()
    table.score_frame()                        # the final breakdown (the running IP during the game)

For notebooks: :func:`row_html` (one seat's action and activation rows, static HTML), :func:`torch_order_frame`,
:func:`score_history`, :func:`score_chart`, :func:`find_position` (a position of a finished game that passes a test)
and three self-checking exercises (:class:`ActivationExercise`, :class:`FirstChooserExercise`,
:class:`HandLimitExercise`).

What the browser receives is built from ``game.observe(human)`` (and the public :meth:`ChartresGame.activated`):
other hands and the face-down plays of Phase C never leave Python, and the bots' secret plays are summarised as
"a card face down". The component numbers are the designed ``approx`` set, so every view shows
:data:`games.chartres.BANNER`.

pandas and plotly are imported only when a table or chart is made, so ``import widgets`` stays quick.
"""

from __future__ import annotations

import html
import pathlib
import re
from typing import TYPE_CHECKING, Any, Callable

import anywidget
import ipywidgets
import traitlets

from games.chartres import BANNER, SOURCE
from games.chartres.abilities import atom_words
from games.chartres.citizens import torch_order
from games.chartres.data.rulebook import PATHS, RESOURCES, ROUNDS_PER_ERA
from games.chartres.game import SEAT_COLOURS, ChartresGame
from games.core import IllegalAction

from .exercises import Feedback, feedback_html
from .game_table import BOT_KINDS, MAX_BOT_STEPS, TableDriver
from .game_table import plural as _plural
from .game_table import short as _short
from .kk_table import seat_label

if TYPE_CHECKING:  # imported lazily at run time, so `import widgets` stays fast
    import pandas as pd
    import plotly.graph_objects as go

_STATIC = pathlib.Path(__file__).parent / "static"

#: How many events one sync carries (older ones are counted, not sent): a round of 4 players fits.
MAX_EVENTS = 40
#: Decisions whose choice is secret when they are made (the setup row, the face-down plays of Phase C).
SECRET_KINDS = ("setup-row", "commit-row", "commit-act")

#: Drawing colours (ours): seats by their engine colour names, cards and windows by theirs.
SEAT_HEX = {"blue": "#2f6fd0", "orange": "#e8862a", "green": "#3c9a4a", "black": "#2b2b2b"}
CARD_HEX = {"yellow": "#e9c43b", "red": "#c8423a", "purple": "#7b4fa0", "white": "#f4f4ee"}
#: Resource badges: one letter each (emoji are missing from many fonts), with the word as a tooltip.
RESOURCE_MARKS = {"torch": "T", "horse": "H", "cart": "C", "white": "W", "red": "R"}
#: Final-score columns of :func:`score_frame`, in the order of ``game.state.final`` (paths added up).
SCORE_COLUMNS = ("in play", "windows", "cross rep", "paths rep", "reputation", "reputation IP", "leftovers", "total")
#: Decision kinds in words, for the turn line.
KIND_WORDS = {"setup-row": "setup: choose the starting action row", "location": "Phase A: locations",
              "commit-row": "Phase C: play to the action row", "commit-act": "Phase C: play to the activation row",
              "discard": "Phase E: pay for an ability", "path": "place a citizen", "bonus": "Phase F: bonus tiles",
              "pour": "Phase F: wine", "over": "game over"}

_CARD_ID = re.compile(r"[a-z][0-9]+\Z")


# ====================================================================== small helpers


def _checked_game(game: Any) -> ChartresGame:
    if not isinstance(game, ChartresGame):
        raise TypeError(f"this view shows a Chartres game (ChartresGame(None, seed, players=3)), not {_short(game)}")
    return game


def _checked_seat(game: ChartresGame, seat: Any, allow_none: bool = False) -> int | None:
    if seat is None and allow_none:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        extra = " or None (watch mode)" if allow_none else ""
        raise ValueError(f"seat must be 0 to {game.players - 1}{extra}, not {_short(seat)}")
    return seat


def round_index(game: ChartresGame) -> int:
    """Rounds played before the current one (era 1 round 1 → 0; 12 rounds in a game)."""
    return (game.state.era - 1) * ROUNDS_PER_ERA.value + game.state.round - 1


def group_actions(texts: list[str]) -> dict[str, Any]:
    """Legal action texts grouped by what the view makes clickable: ``row``/``discard`` (hand cards),
    ``activate`` (``{card: [positions]}``), ``location``, ``bonus`` (tiles), ``path``, ``pour`` and ``buttons``
    (``draw``, ``stop``, ``pass``). :func:`ungroup_actions` turns it back into the texts."""
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


def _public_action(kind: str, action: str) -> str:
    """A bot's decision as everyone may hear it: secret plays are only "a card face down"."""
    if kind not in SECRET_KINDS:
        return action
    return "a starting card (secret)" if kind == "setup-row" else "a card face down"


def _summary(moved: list[tuple[int, str, str]]) -> str:
    """``Player 2 (bot): a card face down, a card face down; Player 3 (bot): location l06``."""
    parts: list[tuple[int, list[str]]] = []
    for seat, kind, action in moved:
        said = _public_action(kind, action)
        if parts and parts[-1][0] == seat:
            parts[-1][1].append(said)
        else:
            parts.append((seat, [said]))
    return "; ".join(f"{seat_label(seat)} (bot): {', '.join(actions)}" for seat, actions in parts)


#: Short labels of gain atoms for the small printed spaces (the glossary words go into tooltips).
SHORT_WORDS = {"gain_citizen": "+citizen", "place_citizen": "citizen → path", "shield": "shield +1",
               "cross": "cross +1", "barrel": "barrel +1", "score_windows": "score windows",
               "score_cross": "score cross", "tavern": "tavern"}


def short_words(atom: str) -> str:
    """``ip:1`` → ``+1 IP``, ``draw:1`` → ``+1 card``, ``gain_citizen`` → ``+citizen``: a label for a small space."""
    kind, _, arg = atom.partition(":")
    if kind == "ip":
        return f"+{arg} IP"
    if kind == "draw":
        return f"+{arg} card{'s' if arg != '1' else ''}"
    if kind == "reputation":
        return f"+{arg} rep"
    if kind == "window":
        return f"{arg} window"
    return SHORT_WORDS.get(kind, atom_words(atom))


# ====================================================================== what the browser receives
def _catalog(game: ChartresGame, human: int | None, bots: str) -> dict[str, Any]:
    """What never changes while one game is shown: sent once per game, so every step only carries ids."""
    parts = game.parts

    def words(ability: Any) -> str:
        return ability.words() if ability is not None else ""

    sections = list(dict.fromkeys(rule.section for rule in game.rules.values()))
    return {
        "cards": {cid: [c.colour, list(c.resources), words(c.main), words(c.bonus)] for cid, c in parts.cards.items()},
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
        "cross": [[level + 1, parts.cross_ip[level], parts.cross_cards[level]] for level in range(parts.cross_levels)],
        "paths": list(PATHS), "path_spaces": parts.path_spaces,
        "resources": [[r, RESOURCE_MARKS[r]] for r in RESOURCES],
        "colours": dict(CARD_HEX),
        "seat_colours": [SEAT_HEX[SEAT_COLOURS[p]] for p in range(game.players)],
        "seat_names": [SEAT_COLOURS[p] for p in range(game.players)],
        "players": game.players, "human": human, "bots": bots,
        "banner": "" if parts.is_printed else BANNER, "source": parts.source,
        # the rule text's sections, once; the events name only their rule id
        "sections": sections, "rules": {rule_id: sections.index(rule.section) for rule_id, rule in game.rules.items()},
    }


def table_state(game: ChartresGame, human: int | None = 0, *, live: bool = True, bots: str = "greedy"
                ) -> dict[str, Any]:
    """The synced ``board``, ``seats`` and ``status`` of ``game`` as seat ``human`` sees it (``None``: the public
    view). Built from ``game.observe(human)`` (which names each seat's activated card) and the human's own
    legal actions (grouped, :func:`group_actions`); ``live=False`` (a look into the past) offers no actions."""
    view = game.observe(human)
    decision = game.pending()
    to_move = decision.player if decision else None
    yours = live and human is not None and to_move == human
    seen = view["seats"]
    secret = any(s["resources"] is None for s in seen)
    order = None if secret else torch_order([s["resources"]["torch"] for s in seen], view["initiative"])
    board = {
        "era": view["era"], "round": view["round"], "phase": view["phase"], "initiative": view["initiative"],
        "paths": [view["paths"][name] for name in PATHS], "locations": view["locations"], "tiles": view["tiles"],
        "deck": view["deck"], "discard": len(view["discard"]), "location_deck": view["location_deck"],
        "location_discard": view["location_discard"], "tiles_left": view["tiles_left"], "torch_order": order,
        "final": view["final"],
    }
    seats = []
    for p, s in enumerate(seen):
        row, act = s["row"], s["act"]
        lit = []
        if row is not None and act is not None:
            cards = game.parts.cards
            lit = [k + 1 for k, (top, under) in enumerate(zip(row, act, strict=True))
                   if under and cards[top].colour == cards[under].colour]
        seats.append({
            "ip": s["ip"], "reputation": s["reputation"], "shield": s["shield"], "hand_limit": s["hand_limit"],
            "multiplier": s["multiplier"], "cross": s["cross"], "barrel": s["barrel"], "cellar": s["cellar"],
            "personal": s["personal"], "common": s["common"],
            "on_paths": sum(owner == p for path in view["paths"].values() for owner in path),
            "windows": s["windows"], "hand_size": s["hand_size"], "hand": s["hand"], "row": row, "act": act,
            "committed": s["committed"], "commit": s["commit"], "taverns": s["taverns"], "resources": s["resources"],
            "lit": lit, "activated": "" if row is None else s["activated"],
            "you": p == human, "bot": None if p == human else bots,
        })
    outcome = game.outcome()
    if outcome:
        names = " and ".join(seat_label(w) for w in outcome.winners)
        prompt = (f"The game is over: {names} {'win' if len(outcome.winners) > 1 else 'wins'} with "
                  f"{max(outcome.scores)} IP.")
    else:
        prompt = decision.prompt if decision else ""
    status = {
        "step": len(game.history), "prompt": prompt, "kind": decision.kind if decision else "over",
        "kind_words": KIND_WORDS.get(decision.kind if decision else "over", ""),
        "to_move": to_move, "your_turn": yours, "bot_to_move": to_move is not None and to_move != human,
        "over": game.is_terminal(), "winners": list(outcome.winners) if outcome else [],
        "actions": group_actions(game.legal_actions().texts()) if yours else group_actions([]),
    }
    return {"board": board, "seats": seats, "status": status}



# ====================================================================== the table
class ChartresTable(TableDriver, anywidget.AnyWidget):
    """A Chartres game in progress: the human seat plays by clicking, bots play the rest.

    ``ChartresTable(game=None, *, players=3, seed=0, human=0, bots="greedy")``: without ``game`` a new game
    (``ChartresGame(None, seed, players=players)``) is started and the bots play until it is the human's decision.
    A ``game`` you pass in (or assign to ``.game``) is shown as it is; if a bot is to move, the view offers "bots
    move". ``human`` is the seat clicked for (``None``: every seat is a bot, watch mode); ``bots`` is ``"greedy"``
    or ``"random"``, seeded from the game's seed and the seat, so a table replays.

    Synced state (Python → browser): ``catalog`` (cards, locations, tiles, cellars, the printed boards, colours and
    the rule sections: sent once per game), ``board``, ``seats``, ``status`` (:func:`table_state`, plus ``steps``,
    ``view`` and ``live``), ``events`` (``[step, text, rule id]`` since the human's last decision), ``message``,
    ``message_kind`` (``"info"`` / ``"error"``) and ``message_seq`` (counts answers).

    Intents (browser → Python, each carrying all its data): ``{"intent": "act", "action": "activate 4 a33"}``,
    ``{"intent": "undo"}``, ``{"intent": "reset"}``, ``{"intent": "view_step", "step": 3}`` (``None`` or the last
    step: the present), ``{"intent": "next"}`` (bots move), ``{"intent": "play_to_end"}`` and
    ``{"intent": "play_rounds", "rounds": 1}`` (a bot plays the human's seat too, for that many rounds).
    """

    _ACTION_EXAMPLE = "'row a12' or 'location l06'"
    _MAX_ROUNDS = 12

    _esm = _STATIC / "chartres_table.js"
    _css = _STATIC / "chartres_table.css"

    catalog = traitlets.Dict().tag(sync=True)
    board = traitlets.Dict().tag(sync=True)
    seats = traitlets.List().tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    events = traitlets.List().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    #: Counts the answers, so the same refusal twice still reaches (and flashes in) the view.
    message_seq = traitlets.Int(0).tag(sync=True)

    def __init__(self, game: ChartresGame | None = None, *, players: int = 3, seed: int = 0, human: int | None = 0,
                 bots: str = "greedy", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if bots not in BOT_KINDS:
            raise ValueError(f"bots must be one of {', '.join(BOT_KINDS)}, not {_short(bots)}")
        self._bot_kind = bots
        fresh = game is None
        game = ChartresGame(None, seed, players=players) if game is None else _checked_game(game)
        self._human = _checked_seat(game, human, allow_none=True)
        self._game = game
        self._view: int | None = None  # the step looked at; None: the present
        self._past: tuple[tuple[int, tuple[str, ...]], ChartresGame] | None = None
        self._events_from = len(game.history) - 1
        self._new_bots()
        self.on_msg(self._on_browser_msg)
        moved = self._bots_play() if fresh and self._human is not None else []
        if moved:
            self._events_from = 0
        self._show(self._hello(moved))

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> ChartresGame:
        """The game this view shows and drives. Assigning another game redraws the view (bots do not move)."""
        return self._game

    @game.setter
    def game(self, game: ChartresGame) -> None:
        game = _checked_game(game)
        if self._human is not None:
            _checked_seat(game, self._human)
        self._game = game
        self._view, self._past = None, None
        self._events_from = len(game.history) - 1
        self._new_bots()
        self._show("Showing another game.")

    def _shown(self) -> ChartresGame:
        """The live game, or the one replayed to the step looked at."""
        if self._view is None:
            return self._game
        key = (self._view, tuple(map(str, self._game.history[:self._view])))
        if self._past is None or self._past[0] != key:
            self._past = (key, self._game.at(self._view))
        return self._past[1]

    def _hello(self, moved: list[tuple[int, str, str]]) -> str:
        if self._human is None:
            return "Watch mode: every seat is a bot. Click 'next' for one decision or 'play to end'."
        text = f"You are {seat_label(self._human)} ({SEAT_COLOURS[self._human]}). "
        if moved:
            text += f"The bots opened: {_summary(moved)}. "
        decision = self._game.pending()
        if decision is not None and decision.player != self._human:
            return text + "A bot is to move: click 'bots move'."
        return text + "Click a highlighted card, location, tile or button to decide."

    # ------------------------------------------------------------------ the verbs
    def act(self, action: str) -> bool:
        """Apply the human seat's ``action`` (``"row a12"``, ``"activate 4 a33"``, ``"location l06"``, ``"draw"``,
        ...), then let the bots move until it is the human's decision again or the game is over. ``False``, with
        :attr:`message` saying why, when it is refused."""
        def step() -> str:
            refusal = self._why_not_act()
            if refusal:
                raise IllegalAction(action, refusal)
            start = len(self._game.history)
            self._game.apply(action)
            done = str(self._game.history[-1])
            moved = self._bots_play()
            self._events_from = start
            text = f"Step {start + 1}: you played '{done}'."
            return text + (f" Then {_summary(moved)}." if moved else "")
        return self._run(step)

    def reset(self) -> bool:
        """Start the same game again (same config and seed); the bots play until the human's decision."""
        def step() -> str:
            self._game = type(self._game)(self._game.config, self._game.seed)
            self._view, self._past = None, None
            self._new_bots()
            moved = self._bots_play() if self._human is not None else []
            self._events_from = 0 if moved else -1
            return "New game. " + self._hello(moved)
        return self._run(step)

    def bots_move(self) -> bool:
        """Let the bots decide: in watch mode one decision; otherwise until the human's decision."""
        def step() -> str:
            self._live_only("next")
            decision = self._game.pending()
            if decision is None:
                raise IllegalAction("next", "the game is over; undo or reset to play again.")
            if decision.player == self._human:
                raise IllegalAction("next", "it is your decision: click a highlighted card, location or button.")
            start = len(self._game.history)
            moved = self._bots_play(one=self._human is None)
            self._events_from = start
            return f"{_summary(moved)}."
        return self._run(step)

    def play_rounds(self, rounds: int = 1) -> bool:
        """Bots play every seat, the human's included, until ``rounds`` more rounds have begun (or the game is
        over), and then on to the human's next decision: a quick way through a game in a notebook."""
        def step() -> str:
            self._live_only("play_rounds")
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 12:
                raise IllegalAction("play_rounds", f"rounds must be a whole number from 1 to 12, not "
                                    f"{_short(rounds)}.")
            if self._game.is_terminal():
                raise IllegalAction("play_rounds", "the game is over already.")
            start = len(self._game.history)
            target = round_index(self._game) + rounds
            moved = 0
            for _ in range(MAX_BOT_STEPS):
                decision = self._game.pending()
                if decision is None:
                    break
                if round_index(self._game) >= target and (self._human is None or decision.player == self._human):
                    break
                self._game.apply(self._bots[decision.player].choose(self._game))
                moved += 1
            self._events_from = start
            s = self._game.state
            return (f"The bots played {_plural(moved, 'decision')}, yours included; now era {s.era}, "
                    f"round {s.round}.")
        return self._run(step)

    def _final_prompt(self) -> str:
        return str(table_state(self._game, self._human)["status"]["prompt"])

    def _bots_play(self, stop_at: Any = "human", one: bool = False) -> list[tuple[int, str, str]]:
        """Bots decide until it is ``stop_at``'s decision (default: the human seat) or the game is over.
        Returns ``(seat, decision kind, action)`` per decision."""
        stop = self._human if stop_at == "human" else stop_at
        moved = []
        for _ in range(MAX_BOT_STEPS):
            decision = self._game.pending()
            if decision is None or decision.player == stop:
                break
            action = self._bots[decision.player].choose(self._game)
            self._game.apply(action)
            moved.append((decision.player, decision.kind, str(action)))
            if one:
                break
        return moved

    # ------------------------------------------------------------------ tables
    def score_frame(self) -> pd.DataFrame:
        """:func:`score_frame` of the position shown: the final breakdown, or the running IP during the game."""
        return score_frame(self._shown())

    # ------------------------------------------------------------------ syncing
    def _events(self, game: ChartresGame) -> list[list[Any]]:
        first_step = self._events_from if self._view is None else self._view - 1
        log = game.log
        first = len(log)
        while first and log[first - 1].step >= first_step:  # the newest events sit at the end of the log
            first -= 1
        mine = log[first:]
        if len(mine) <= MAX_EVENTS:
            return [[e.step, e.text, e.rule] for e in mine]
        skipped = len(mine) - MAX_EVENTS
        return [[mine[0].step, f"… {skipped} earlier events (see game.log)", ""],
                *([e.step, e.text, e.rule] for e in mine[skipped:])]

    def _show(self, message: str, kind: str = "info") -> None:
        game = self._shown()
        state = table_state(game, self._human, live=self._view is None, bots=self._bot_kind)
        state["status"].update(steps=len(self._game.history), view=len(game.history), live=self._view is None)
        key = (id(self._game), self._human, self._bot_kind)
        if getattr(self, "_catalog_key", None) != key:
            self._catalog_key, self._catalog_value = key, _catalog(self._game, self._human, self._bot_kind)
        with self.hold_sync():  # one sync message per step; unchanged traits are not sent again
            self.catalog = self._catalog_value
            self.board = state["board"]
            self.seats = state["seats"]
            self.status = state["status"]
            self.events = self._events(game)
            self.message = message
            self.message_kind = kind
            self.message_seq += 1

    # ------------------------------------------------------------------ intents from the browser

# ====================================================================== tables and charts for notebooks
def score_frame(game: ChartresGame) -> pd.DataFrame:
    """One row per seat (``Player n``): ``in play`` (IP scored before the final scoring), ``windows``,
    ``cross rep`` and ``paths rep`` (reputation tokens from the cross and the two paths), ``reputation`` (all
    tokens), ``reputation IP`` (tokens × multiplier), ``leftovers`` and ``total``, read from ``game.state.final``.
    During the game only ``in play`` and ``total`` are filled (the running IP); the rest is ``<NA>``."""
    import pandas as pd

    final = game.observe(None)["final"]
    rows = []
    for p in range(game.players):
        ip = game.scores()[p]
        if final:
            windows, cross, warehouse, townhall, tokens, rep_ip, left, total = final[p]
            rows.append([total - windows - rep_ip - left, windows, cross, warehouse + townhall, tokens, rep_ip, left,
                         total])
        else:
            rows.append([ip, None, None, None, None, None, None, ip])
    frame = pd.DataFrame(rows, columns=list(SCORE_COLUMNS), index=[seat_label(p) for p in range(game.players)])
    frame.index.name = "player"
    return frame.astype("Int64")


def score_history(game: ChartresGame) -> pd.DataFrame:
    """Each seat's IP after every step (index ``step`` 0 … number of decisions; columns ``Player n``), rebuilt
    from the log: every event that scores carries ``ip`` and ``player`` in its data (setup events count for step
    0). The last row equals ``game.scores()``."""
    import pandas as pd

    steps = len(game.history)
    gained = [[0] * game.players for _ in range(steps + 1)]
    for event in game.log:
        if "ip" in event.data and "player" in event.data:
            gained[min(event.step + 1, steps)][event.data["player"]] += event.data["ip"]
    running = [0] * game.players
    rows = []
    for step_gains in gained:
        running = [a + b for a, b in zip(running, step_gains, strict=True)]
        rows.append(running)
    frame = pd.DataFrame(rows, columns=[seat_label(p) for p in range(game.players)])
    frame.index.name = "step"
    return frame


def score_chart(game: ChartresGame) -> go.Figure:
    """IP over the game, one line per seat in its colour, a dotted line where each era ends (plotly)."""
    import plotly.graph_objects as go

    history = score_history(game)
    steps = list(history.index)
    traces = [go.Scatter(x=steps, y=list(history[name]), name=name, mode="lines", line_shape="hv",
                         line={"color": SEAT_HEX[SEAT_COLOURS[p]], "width": 2.5})
              for p, name in enumerate(history.columns)]
    shapes, notes = [], []
    for event in game.log:
        if event.rule in ("era.marker", "final.winner"):
            x = event.step + 0.5
            label = f"era {event.text.split()[-1].rstrip('.')}" if event.rule == "era.marker" else "final scoring"
            shapes.append({"type": "line", "x0": x, "x1": x, "yref": "paper", "y0": 0, "y1": 1,
                           "line": {"dash": "dot", "color": "#8c7d62"}})
            notes.append({"x": x, "yref": "paper", "y": 1, "text": label, "showarrow": False, "xanchor": "right",
                          "yanchor": "bottom", "font": {"size": 11, "color": "#6b6357"}})
    fig = go.Figure(traces)
    fig.update_layout(title=f"Influence points over the game · {BANNER}", xaxis_title="step (decisions)",
                      yaxis_title="IP", shapes=shapes, annotations=notes, height=380, legend_title_text="",
                      margin={"l": 50, "r": 20, "t": 70, "b": 40}, template="plotly_white")
    return fig


def torch_order_frame(game: ChartresGame) -> pd.DataFrame:
    """Who chooses a location first (Phase A) and who ranks first in Phase F: one row per seat in that order, with
    ``seat``, ``torches`` (in the action row, plus tavern torches), ``initiative place`` (1 = first) and ``order``.
    Most torches first; ties go to the earlier initiative place. Read from the public view; during the secret
    setup the rows (and so the torches) are hidden, which raises ``ValueError``."""
    import pandas as pd

    view = game.observe(None)
    seats = view["seats"]
    if any(s["resources"] is None for s in seats):
        raise ValueError("the action rows are secret until every player has chosen the starting row")
    initiative = view["initiative"]
    torches = [s["resources"]["torch"] for s in seats]
    order = torch_order(torches, initiative)
    frame = pd.DataFrame([{"player": seat_label(p), "seat": p, "torches": torches[p],
                           "initiative place": initiative.index(p) + 1, "order": k + 1} for k, p in enumerate(order)])
    return frame.set_index("player")


def find_position(game: ChartresGame, test: Callable[[ChartresGame], bool], start: int = 0) -> ChartresGame | None:
    """Replay ``game``'s decisions and return the first position (a new game, from ``start`` decisions on) for
    which ``test(position)`` is true; ``None`` if none is. Cheap: one replay, one clone."""
    replay = type(game)(game.config, game.seed)
    for k, action in enumerate([None, *game.history]):
        if action is not None:
            replay.apply(action)
        if k >= start and test(replay):
            return replay.clone()
    return None


def location_rounds(game: ChartresGame) -> list[ChartresGame]:
    """The position at the start of every Phase A of ``game`` (the first location decision of each round), in
    order: 12 for a whole game. One replay."""
    replay = type(game)(game.config, game.seed)
    out = []
    for action in game.history:
        events = replay.apply(action)
        if any(e.rule == "location.order" for e in events):  # logged when Phase A begins
            out.append(replay.clone())
    return out


def last_reveal(game: ChartresGame, seat: int) -> dict[str, Any] | None:
    """The data of ``seat``'s last Phase D reveal in the log (``row``, ``act`` cards and activation ``slot``)."""
    for event in reversed(game.log):
        if event.rule == "play.reveal" and event.data.get("player") == seat:
            return dict(event.data)
    return None


def reveal_position(game: ChartresGame, seat: int, matched: bool = True, nth: int = 1,
                    older: bool | None = None) -> ChartresGame:
    """The position right after the ``nth`` reveal (rounds 1–3 of an era) in which ``seat``'s activation card
    matched the colour of the card above it (``matched=False``: did not); with ``older=True`` (``False``) only
    reveals that activated an older card (the card just played). Raises ``ValueError`` if there is none."""
    _checked_seat(game, seat)
    seen = 0

    def test(position: ChartresGame) -> bool:
        nonlocal seen
        step = len(position.history) - 1
        if step < 0 or position.state.round >= ROUNDS_PER_ERA.value or position.is_terminal():
            return False
        events = [e for e in position.log[-60:] if e.step == step and e.data.get("player") == seat]
        if not any(e.rule == "play.reveal" and e.data.get("act") for e in events):
            return False
        card = position.activated(seat)
        if bool(card) != matched:
            return False
        reveal = next(e.data for e in events if e.rule == "play.reveal")
        if older is not None and card and (card != reveal.get("row")) != older:
            return False
        seen += 1
        return seen == nth

    found = find_position(game, test)
    if found is None:
        kind = "matching" if matched else "non-matching"
        which = "" if older is None else " of an older card" if older else " of the card just played"
        raise ValueError(f"{seat_label(seat)} has no {kind} reveal{which} number {nth} in rounds 1–3 of this game")
    return found


def explain_activation(game: ChartresGame, seat: int) -> str:
    """In words, with the rule ids: what ``seat`` revealed last and why that did or did not activate a card."""
    reveal = last_reveal(game, seat)
    if reveal is None or not reveal.get("act"):
        return f"{seat_label(seat)} has played no activation card yet."
    cards = game.parts.cards
    view = game.observe(None)["seats"][seat]
    slot, under = reveal["slot"], reveal["act"]
    above = view["row"][slot - 1] if view["row"] and 0 < slot <= len(view["row"]) else ""
    played = f"{reveal['row']} ({cards[reveal['row']].colour}) to the right end of the action row and " \
        if reveal.get("row") else ""
    text = (f"{seat_label(seat)} revealed {played}{under} ({cards[under].colour}) under position {slot} "
            f"[play.reveal]. ")
    if not above:
        return text + "That position is no longer in the action row."
    same = cards[above].colour == cards[under].colour
    if not same:
        return text + (f"The card above it, {above}, is {cards[above].colour}: the colours differ, so nothing is "
                       "activated this round [act.match].")
    fresh = " (the card just played)" if above == reveal.get("row") else " (an older card: the activated card need " \
        "not be the one just played)"
    main = cards[above].main.words()
    return text + (f"The card above it, {above}{fresh}, is {cards[above].colour} too: {above} is activated "
                   f"[act.match] and its ability is resolved in Phase E, in initiative order: {main}.")


# ====================================================================== static HTML: the action row
def _card_html(cid: str, game: ChartresGame, extra: str = "", note: str = "", testid: str = "") -> str:
    card = game.parts.cards[cid]
    colour = CARD_HEX[card.colour]
    ink = "#22201c" if card.colour == "yellow" else "#fff"
    badges = "".join(
        f"<span title='{r}' style='display:inline-block;min-width:13px;padding:0 2px;margin-right:2px;"
        f"border-radius:7px;background:#fffdf7;color:#22201c;font-size:10px;font-weight:700;text-align:center'>"
        f"{RESOURCE_MARKS[r]}</span>" for r in card.resources)
    bonus = f"<div style='opacity:.85'>bonus: {html.escape(card.bonus.words())}</div>" if card.bonus else ""
    return (f"<div data-testid='{testid}' title='{cid}: {html.escape(card.main.words())}' style='box-sizing:border-box;"
            f"width:92px;min-height:96px;padding:3px 4px;border-radius:6px;background:{colour};color:{ink};"
            f"font-size:10px;line-height:1.2;{extra}'><div style='display:flex;justify-content:space-between'>"
            f"<b style='font-size:12px'>{cid}</b><span>{badges}</span></div>"
            f"<div style='margin-top:3px'>{html.escape(card.main.words())}</div>{bonus}"
            f"{f'<div style=margin-top:3px><b>{note}</b></div>' if note else ''}</div>")


def row_html(game: ChartresGame, seat: int, caption: str = "", marks: bool = True) -> str:
    """``seat``'s action row with the activation row below it, as plain HTML with inline styles (no widget, so it
    survives static exports). A column whose two cards share a colour lights up (gold frame); the card activated
    in the last reveal is marked ★ (``marks=False``: neither, for a question). Drawn from the public view: during
    the secret setup the row is hidden."""
    _checked_game(game)
    _checked_seat(game, seat)
    view = game.observe(None)["seats"][seat]
    head = html.escape(caption) if caption else (f"{seat_label(seat)} ({SEAT_COLOURS[seat]}): action row above, "
                                                  "activation row below")
    banner = ("<div data-testid='row-static-banner' style='display:inline-block;background:#fff4d6;border:1px "
              f"dashed #b7862a;color:#6b4a0c;font-size:12px;padding:2px 8px;border-radius:4px'>⚠️ "
              f"{html.escape(BANNER)} ({html.escape(SOURCE)})</div>" if not game.parts.is_printed else "")
    if view["row"] is None:
        body = "<div style='color:#6b6357'>The action row is secret until every player has chosen it.</div>"
        return (f"<div class='ch-tb-static' data-testid='row-static-{seat}' style='font-family:system-ui,sans-serif;"
                f"font-size:13px'>{banner}<div style='font-weight:700;margin:4px 0'>{head}</div>{body}</div>")
    cards = game.parts.cards
    chosen = game.activated(seat)
    top, bottom = [], []
    for k, (cid, under) in enumerate(zip(view["row"], view["act"], strict=True)):
        lit = marks and bool(under) and cards[cid].colour == cards[under].colour
        frame = "outline:3px solid #ffd60a;outline-offset:2px;" if lit else ""
        note = "★ activated" if marks and cid == chosen else ""
        top.append(f"<td style='padding:4px;vertical-align:top'><div style='font-size:10px;color:#6b6357'>"
                   f"position {k + 1}</div>{_card_html(cid, game, frame, note, f'row-static-{seat}-card-{k + 1}')}"
                   "</td>")
        if under:
            cell = _card_html(under, game, frame + "opacity:.92;", "match" if lit else "",
                              f"row-static-{seat}-act-{k + 1}")
        else:
            cell = (f"<div data-testid='row-static-{seat}-slot-{k + 1}' style='box-sizing:border-box;width:92px;"
                    "height:60px;border:1px dashed #b9ad90;border-radius:6px;color:#9a9080;font-size:10px;"
                    "text-align:center;line-height:60px'>empty</div>")
        bottom.append(f"<td style='padding:4px;vertical-align:top'>{cell}</td>")
    res = view["resources"] or {}
    counts = ", ".join(f"{n} {r}" for r, n in res.items() if n) or "no resources"
    tail = (f"Activated in the last reveal: <b>{chosen}</b>." if chosen else "No card activated in the last reveal.") \
        if marks else ""
    return (f"<div class='ch-tb-static' data-testid='row-static-{seat}' style='font-family:system-ui,sans-serif;"
            f"font-size:13px;color:#22201c;margin:4px 0'>{banner}<div style='font-weight:700;margin:4px 0'>{head}"
            f"</div><table style='border-collapse:collapse;background:#2f4a3a;border-radius:8px'><tr>{''.join(top)}"
            f"</tr><tr>{''.join(bottom)}</tr></table><div data-testid='row-static-{seat}-summary' "
            f"style='margin-top:4px'>In the row: {html.escape(counts)}. {tail}</div></div>")


# ====================================================================== exercises
class ChartresExercise:
    """Shared parts of the exercises: ``question``, ``question_html()``, ``answer()``, ``explain()``,
    ``check(answer) -> Feedback`` (never raises) and ``show()`` (question, answer box, Check, feedback). No
    exercise holds its answer: the rules package works it out from a game position."""

    title: str
    hint: str
    unit: str = ""

    @property
    def question(self) -> str:  # pragma: no cover - every exercise defines it
        raise NotImplementedError

    def answer(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def explain(self) -> str:  # pragma: no cover
        raise NotImplementedError

    def _read(self, answer: Any) -> Any:  # pragma: no cover
        """The answer in the form :meth:`answer` has, or a sentence saying what is wrong with it."""
        raise NotImplementedError

    def _figure(self) -> str:
        return ""

    def question_html(self) -> str:
        hint = f"<details><summary>Hint</summary>{html.escape(self.hint)}</details>" if self.hint else ""
        return (f"<div class='ch-ex-question'><b>{html.escape(self.title)}</b><br>{html.escape(self.question)}"
                f"{self._figure()}{hint}</div>")

    def check(self, answer: Any) -> Feedback:
        value = self._read(answer)
        if isinstance(value, Feedback):
            return value
        truth = self.answer()
        if value == truth:
            return Feedback(True, f"Right: {self._say(truth)}. {self.explain()}")
        hint = f" Hint: {self.hint}" if self.hint else ""
        return Feedback(False, f"Not quite: you said {self._say(value)}, but it is {self._say(truth)}. "
                               f"{self.explain()}{hint}")

    def _say(self, value: Any) -> str:
        return str(value)

    def show(self) -> ChartresExerciseBox:
        return ChartresExerciseBox(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.question}>"


class ChartresExerciseBox(ipywidgets.VBox):
    """One exercise on screen: ``.answer`` (a text box), ``.check_button`` and ``.feedback`` (HTML)."""

    def __init__(self, exercise: ChartresExercise, **kwargs: Any) -> None:
        self.exercise = exercise
        self.answer = ipywidgets.Text(value="", description="answer", placeholder=exercise.unit,
                                      layout={"width": "260px"})
        self.check_button = ipywidgets.Button(description="Check", icon="check", button_style="primary")
        self.feedback = ipywidgets.HTML("")
        self.check_button.on_click(self._on_check)
        super().__init__([ipywidgets.HTML(exercise.question_html()),
                          ipywidgets.HBox([self.answer, self.check_button]), self.feedback], **kwargs)

    def _on_check(self, _button: Any = None) -> None:
        try:
            self.feedback.value = feedback_html(self.exercise.check(self.answer.value))
        except Exception as err:  # an exception in a click handler would vanish into the log console
            self.feedback.value = feedback_html(Feedback(False, f"Something went wrong in the exercise: "
                                                                f"{type(err).__name__}: {err}"))


def _blank(answer: Any, example: str) -> Feedback | None:
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return Feedback(False, f"Type your answer first, e.g. {example}.")
    return None


class ActivationExercise(ChartresExercise):
    """"Which card does ``seat`` activate?" at a position right after a reveal (see :func:`reveal_position`):
    the answer is a card id, or ``none``."""

    unit = "a card id, or none"

    def __init__(self, title: str, game: ChartresGame, seat: int, hint: str = "") -> None:
        self.title, self.hint = title, hint
        self.game = _checked_game(game)
        self.seat = _checked_seat(game, seat)
        self.reveal = last_reveal(game, seat)
        if self.reveal is None or not self.reveal.get("act"):
            raise ValueError(f"exercise {title!r}: {seat_label(seat)} has revealed no activation card yet")
        if game.observe(None)["seats"][seat]["row"] is None:
            raise ValueError(f"exercise {title!r}: the action rows are still secret")

    @property
    def question(self) -> str:
        r, cards = self.reveal, self.game.parts.cards
        played = f"{r['row']} ({cards[r['row']].colour}) to the right end of the action row and " if r.get("row") \
            else ""
        return (f"{seat_label(self.seat)} has just revealed {played}{r['act']} ({cards[r['act']].colour}) under "
                f"position {r['slot']} of the action row. Which card is activated? (A card id, or 'none'.)")

    def _figure(self) -> str:
        return row_html(self.game, self.seat, caption=f"{seat_label(self.seat)}'s rows after the reveal",
                        marks=False)

    def answer(self) -> str:
        return self.game.activated(self.seat) or "none"

    def explain(self) -> str:
        return explain_activation(self.game, self.seat)

    def _read(self, answer: Any) -> Any:
        blank = _blank(answer, "a12 or none")
        if blank:
            return blank
        if not isinstance(answer, str):
            return Feedback(False, f"Type a card id such as a12, or 'none', not {_short(answer)}.")
        text = answer.strip().lower()
        if text in ("none", "nothing", "no card", "no", "-"):
            return "none"
        if text.isdigit():
            text = f"a{int(text):02d}"
        if not _CARD_ID.match(text) or text not in self.game.parts.cards:
            return Feedback(False, f"{answer.strip()!r} is not a card id: type one such as a12, or 'none'.")
        row = self.game.observe(None)["seats"][self.seat]["row"]
        if text not in row:
            return Feedback(False, f"{text} is not in {seat_label(self.seat)}'s action row ({', '.join(row)}); "
                                   "only an action-row card can be activated.")
        return text


class FirstChooserExercise(ChartresExercise):
    """"Who chooses a location first?" at a position (torches in each action row and the initiative order are
    given); the answer is a player number."""

    unit = "a player number, e.g. 2"

    def __init__(self, title: str, game: ChartresGame, hint: str = "") -> None:
        self.title, self.hint = title, hint
        self.game = _checked_game(game)
        try:
            self.frame = torch_order_frame(game)
        except ValueError as err:
            raise ValueError(f"exercise {title!r}: {err}") from None

    @property
    def question(self) -> str:
        by_seat = self.frame.sort_values("seat")
        torches = "; ".join(f"{who} {int(n)} torch{'' if n == 1 else 'es'}" for who, n in by_seat["torches"].items())
        initiative = ", ".join(self.frame.sort_values("initiative place").index)
        return (f"Torches in the action rows: {torches}. Initiative order: {initiative}. Which player chooses a "
                "location first? (A player number.)")

    def answer(self) -> int:
        return self.game.torch_order()[0] + 1

    def _say(self, value: Any) -> str:
        return f"Player {value}"

    def explain(self) -> str:
        rows = [f"{who} ({int(r['torches'])} torches, initiative place {int(r['initiative place'])})"
                for who, r in self.frame.iterrows()]
        return ("Most torches choose first; a tie goes to the earlier initiative place [location.order]. The order: "
                + ", then ".join(rows) + ".")

    def _read(self, answer: Any) -> Any:
        blank = _blank(answer, "2")
        if blank:
            return blank
        if isinstance(answer, bool):
            return Feedback(False, f"Type a player number from 1 to {self.game.players}, not {answer}.")
        text = str(answer).strip().lower().removeprefix("player").removeprefix("p").strip()
        if not text.isdigit() or not 1 <= int(text) <= self.game.players:
            return Feedback(False, f"Type a player number from 1 to {self.game.players}, not {_short(answer)}.")
        return int(text)


#: The placeholder location that draws 2 cards (approx_v1's scriptorium): the one :class:`HandLimitExercise` uses.
DRAW_TWO = "l17"


def hand_limit_position(hand: int, shield: int = 1, seed: int = 0, players: int = 3) -> ChartresGame:
    """A scenario for the hand limit: a game at its first location decision, where the player to decide holds
    ``hand`` cards with the shield on status level ``shield`` and the scriptorium (draw 2 cards) is revealed.

    Built by playing the setup with the first legal choices, then moving cards between that player's hand and the
    deck, the shield marker and the revealed locations (every piece stays conserved: checked with
    ``invariant_breaks``). The engine has no public scenario builder yet, so this edits ``game.state``."""
    game = ChartresGame(None, seed, players=players)
    while game.pending() is not None and game.pending().kind != "location":
        game.apply(game.legal_actions()[0])
    decision = game.pending()
    assert decision is not None
    p, s = decision.player, game.state
    if not 1 <= shield <= game.parts.status_levels:
        raise ValueError(f"the status board has levels 1 to {game.parts.status_levels}, not {shield}")
    if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand <= 9:
        raise ValueError(f"hand must be a number of cards from 0 to 9, not {_short(hand)}")
    s.shield[p] = shield
    while len(s.hand[p]) > hand:
        s.deck.insert(0, s.hand[p].pop())
    while len(s.hand[p]) < hand:
        s.hand[p].append(s.deck.pop(0))
    s.hand[p].sort()
    if DRAW_TWO not in s.loc_shown:
        pile = s.loc_deck if DRAW_TWO in s.loc_deck else s.loc_discard
        swap = next(x for x in s.loc_shown if not game.parts.locations[x].city_gate)
        pile[pile.index(DRAW_TWO)] = swap
        s.loc_shown[s.loc_shown.index(swap)] = DRAW_TWO
    broken = game.invariant_breaks()
    assert not broken, broken
    return game


class HandLimitExercise(ChartresExercise):
    """"How many IP for drawing?" A player holds ``hand`` cards with the shield on status level ``shield`` and
    draws ``draw`` cards (1: draws instead of taking a location; 2: takes the scriptorium). The engine answers:
    the position of :func:`hand_limit_position`, the action applied, the ``hand.limit`` IP read from the log."""

    unit = "IP, e.g. 1"

    def __init__(self, title: str, hand: int, draw: int = 2, shield: int = 1, hint: str = "") -> None:
        self.title, self.hint = title, hint
        if draw not in (1, 2):
            raise ValueError(f"exercise {title!r}: draw 1 (instead of a location) or 2 (the scriptorium), not "
                             f"{_short(draw)}")
        try:
            self.position = hand_limit_position(hand, shield)
        except ValueError as err:
            raise ValueError(f"exercise {title!r}: {err}") from None
        self.hand, self.draw, self.shield = hand, draw, shield
        self.seat = self.position.pending().player  # type: ignore[union-attr]
        self.action = "draw" if draw == 1 else f"location {DRAW_TWO}"
        after = self.position.clone()
        self.events = after.apply(self.action)

    @property
    def limit(self) -> int:
        return self.position.hand_limit(self.seat)

    @property
    def question(self) -> str:
        how = ("takes no location and draws 1 card instead" if self.draw == 1 else
               f"takes the {self.position.parts.locations[DRAW_TWO].name}, which draws 2 cards")
        return (f"The shield is on status level {self.shield}, so the hand limit is {self.limit}. A player holding "
                f"{_plural(self.hand, 'card')} {how}. How many IP does the hand limit give?")

    def answer(self) -> int:
        return sum(e.data.get("ip", 0) for e in self.events if e.rule == "hand.limit")

    def _say(self, value: Any) -> str:
        return f"{value} IP"

    def explain(self) -> str:
        said = " ".join(f"{e.text} [{e.rule}]" for e in self.events
                        if e.rule in ("hand.limit", "effect.draw", "location.draw-instead", "location.take")
                        or e.rule.startswith("effect."))
        return ("A draw never takes the hand past the limit: each card that would go beyond it is not drawn and "
                f"scores 1 IP instead (the 2 cards of Phase B ignore the limit). What happened: {said}")

    def _read(self, answer: Any) -> Any:
        blank = _blank(answer, "1")
        if blank:
            return blank
        if isinstance(answer, bool):
            return Feedback(False, f"Type a whole number of IP, not {answer}.")
        if isinstance(answer, float) and answer.is_integer():
            answer = int(answer)
        text = str(answer).strip().lower().removesuffix("ip").strip()
        if not re.fullmatch(r"[0-9]+", text):
            return Feedback(False, f"{_short(answer)} is not a whole number of IP.")
        return int(text)


__all__ = ["ActivationExercise", "ChartresTable", "FirstChooserExercise", "HandLimitExercise", "explain_activation",
           "find_position", "group_actions", "hand_limit_position", "location_rounds", "reveal_position", "row_html",
           "score_chart", "score_frame", "score_history", "table_state", "torch_order_frame", "ungroup_actions"]
