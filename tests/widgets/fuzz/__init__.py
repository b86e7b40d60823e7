"""A careless and hostile browser for every view: seeded random clicks through the widgets' own message entry point,
with the checks that must hold after each one.

    from tests.widgets.fuzz import fuzz_target
    report = fuzz_target("kk_table", steps=500, seed=1)      # raises FuzzFailure naming the seed and the step

Each step is one message as the browser sends it (``Widget._handle_msg``): an intent to a view (half of them legal
clicks read off what the view offers, the rest wrong types, unknown names, huge texts and numbers, nested lists,
``None``), a click on a button, or a new value for a control (a dropdown left with no selection, a number box
typed out of range). After every step:

- no exception escapes (ipywidgets would log it) and no catch-all "Something went wrong" message appears;
- a refused intent (the view's message turns into an error) leaves every synced trait and the target's model (the
  game's JSON) exactly as they were;
- undo right after an accepted click or a reset gives back the model as it was before it;
- every sync message is strict JSON, a step's syncs stay under :data:`MAX_SYNC` bytes and no message line is longer
  than :data:`MAX_MESSAGE` characters;
- a table outside teacher mode shows the human seat the same picture whatever the other seats hold
  (``game.redeal``, every :data:`REDEAL_EVERY` steps).

``python -m tests.widgets.fuzz`` runs it for long (see :mod:`tests.widgets.fuzz.__main__`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

import comm
import ipywidgets

from games.core.rng import Rng
from widgets.shared.table import GameTable
from widgets.shared.view import View

from .targets import Target, all_targets

#: Most bytes the sync messages of one step may carry (a normal table step is about 11 KB).
MAX_SYNC = 64 * 1024
#: Most characters of a message line (echoes are cut; a bot summary is the longest honest message).
MAX_MESSAGE = 2_000
#: A table's hidden-information twin is compared every this many steps.
REDEAL_EVERY = 5
#: The coach's intents: they look, never change the game (undo after them takes back a decision before them).
COACH_INTENTS = ("hint", "review", "coach_close", "coach_cancel")
#: Words no view may ever show: the catch-all answer to an unexpected exception, and a traceback.
CATCH_ALL = ("Something went wrong", "Traceback")


class FuzzFailure(AssertionError):
    """A check failed: the message names the target, seed, step and the message that broke it."""


@dataclass
class Report:
    """What one run of one target did."""

    target: str
    seed: int
    steps: int = 0
    refused: int = 0
    undos_checked: int = 0
    redeals_checked: int = 0
    games: int = 1
    slowest: float = 0.0
    largest_sync: int = 0
    kinds: dict[str, int] = field(default_factory=dict)


class Dice:
    """The few draws the fuzzer makes, from the kernel's seeded :class:`~games.core.rng.Rng`."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def random(self) -> float:
        return self._rng.below(1 << 30) / (1 << 30)

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            start, stop = 0, start
        return start + self._rng.below(stop - start)

    def randint(self, low: int, high: int) -> int:
        return self.randrange(low, high + 1)

    def uniform(self, low: float, high: float) -> float:
        return low + (high - low) * self.random()


# ---------------------------------------------------------------------- the browser's side
class _Recorder(logging.Handler):
    """Keeps the warnings ipywidgets logs when a message handler or an observer raises."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def browser() -> Iterator[tuple[list[dict], _Recorder]]:
    """No kernel: widgets get a dummy comm, every message they send is kept, and logged warnings are recorded."""
    sent: list[dict] = []
    recorder = _Recorder()
    original_send, original_comm = ipywidgets.Widget._send, comm.create_comm

    def record(self: Any, msg: dict, buffers: Any = None) -> None:
        sent.append(msg)

    ipywidgets.Widget._send = record  # type: ignore[method-assign]
    comm.create_comm = comm.DummyComm
    logging.getLogger().addHandler(recorder)
    try:
        yield sent, recorder
    finally:
        ipywidgets.Widget._send = original_send  # type: ignore[method-assign]
        comm.create_comm = original_comm
        logging.getLogger().removeHandler(recorder)


def deliver(widget: Any, data: dict) -> None:
    """One message from the browser, as the comm hands it to the widget."""
    widget._handle_msg({"content": {"data": data}, "buffers": []})


def widgets_in(root: Any) -> list[Any]:
    """The root and every widget below it (children of boxes), each once."""
    out, seen, todo = [], set(), [root]
    while todo:
        w = todo.pop()
        if id(w) in seen or not isinstance(w, ipywidgets.Widget):
            continue
        seen.add(id(w))
        out.append(w)
        todo.extend(reversed(list(getattr(w, "children", ()) or ())))
    return out


def synced(widget: Any) -> dict[str, Any]:
    """A widget's synced traits as the browser holds them (ipywidgets' layout plumbing left out)."""
    state = widget.get_state()
    return {k: v for k, v in state.items() if k not in ("layout", "style", "tabbable", "tooltip") and
            not k.startswith("_")}


def picture(root: Any, target: Target) -> str:
    """Everything a refused click must leave alone: each view's synced traits but its message line, the values of
    the controls, and the target's model."""
    parts = []
    for w in widgets_in(root):
        state = synced(w)
        if isinstance(w, View):
            parts.append({k: v for k, v in state.items() if not k.startswith("message")})
        elif "value" in state or "index" in state:
            parts.append({"value": state.get("value"), "index": state.get("index")})
    model = target.model(root) if target.model else None
    return json.dumps([parts, model], sort_keys=True, default=repr)


# ---------------------------------------------------------------------- what a hostile browser sends
def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def hostile_values() -> list[Any]:
    """Values no view offers: wrong types, out of range, huge, nested, empty."""
    return [None, True, False, -1, 0, 10 ** 4000, -(10 ** 30), 2 ** 63, 0.5, 1e308, "", " ", "x" * 200_000,
            "9" * 5000, "take 1 " + "9" * 4400, "build " + "é" * 50_000, "\u202e💥\x00", "[" * 1000,
            "a \ud800 b", "\udfff", [], [1, 2], _nested(200),
            {}, {"intent": "undo"}, {"a": {"b": [None]}}, list(range(10_000))]


def _strings_of(value: Any, out: set[str], depth: int = 0) -> None:
    if depth > 6 or len(out) > 400:
        return
    if isinstance(value, str) and 0 < len(value) <= 24:
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            _strings_of(k, out, depth + 1)
            _strings_of(v, out, depth + 1)
    elif isinstance(value, list):
        for v in value[:60]:
            _strings_of(v, out, depth + 1)


class Clicker:
    """Chooses the next message: legal-looking clicks from what a view offers, or hostile ones."""

    def __init__(self, rng: Dice, skip: frozenset[str] = frozenset()) -> None:
        self.rng = rng
        self.hostile = hostile_values()
        self.skip = skip  # intent names never sent

    def pick(self, values: list[Any]) -> Any:
        return values[self.rng.randrange(len(values))]

    def intent(self, view: View) -> dict | Any:
        """An intent for ``view``: legal-looking 60 % of the time (a table's offered actions first)."""
        rng = self.rng
        names = [n for n in view.INTENTS if n not in self.skip]
        if rng.random() < 0.6 and names:
            if isinstance(view, GameTable):
                return self.table_intent(view)
            name = self.pick(names)
            words: set[str] = set()
            _strings_of({k: v for k, v in synced(view).items() if not k.startswith("message")}, words)
            return {"intent": name, **{arg: self.like(example, sorted(words)) for arg, example in
                                       view.INTENTS[name].items()}}
        shape = rng.randrange(5)
        if shape == 0:
            return self.pick(self.hostile)  # not an object at all
        if shape == 1:
            return {"intent": self.pick([*self.hostile, "teleport", "__init__", "_show", "INTENTS"])}
        name = self.pick(names) if names else self.pick(["pick", "act", "undo"])
        args = dict(view.INTENTS.get(name, {"index": 3}))
        if shape == 2 and args:
            args.pop(self.pick(sorted(args)))  # an argument missing
        elif shape == 3:
            args[self.pick(["extra", "intent_", "self", "kwargs"])] = self.pick(self.hostile)
        for arg in args:
            if rng.random() < 0.7:
                args[arg] = self.pick(self.hostile)
        if name == "act" and isinstance(view, GameTable) and rng.random() < 0.5:
            args["action"] = self.garbled_action(view)
        return {"intent": name, **args}

    def like(self, example: Any, words: list[str]) -> Any:
        """A value of the example's kind: small whole numbers around it, or a word the view shows."""
        if isinstance(example, bool):
            return self.rng.random() < 0.5
        if isinstance(example, int):
            return self.rng.randrange(-2, max(example * 3, 12) + 40)
        if isinstance(example, str) and words and self.rng.random() < 0.8:
            return self.pick(words)
        return example

    def table_intent(self, table: GameTable) -> dict:
        rng, status = self.rng, table.status
        legal = status.get("legal") or []
        if legal and rng.random() < 0.75:
            return {"intent": "act", "action": self.pick(legal)}
        if status.get("over") and rng.random() < 0.5:
            return {"intent": self.pick(["reset", "undo"])}
        choices = [n for n in ("undo", "next", "next", "view_step", "hint", "review", "coach_close", "coach_cancel",
                               "why", "reset")
                   if n not in self.skip]
        if rng.random() < 0.03:
            choices.append("play_to_end")
        if "play_rounds" in table.INTENTS and rng.random() < 0.1:
            return {"intent": "play_rounds", "rounds": rng.randrange(1, 3)}
        name = self.pick([n for n in choices if n in table.INTENTS])
        if name == "why":
            return {"intent": name, "what": self.pick(["space", "hand-card", "mine-space", "hex", "x"])}
        if name == "view_step":
            return {"intent": name, "step": self.pick([None, rng.randrange(0, status.get("steps", 0) + 2)])}
        return {"intent": name}

    def garbled_action(self, table: GameTable) -> str:
        """A text shaped like an action: an offered one with a word changed, a number blown up, or noise."""
        legal = table.status.get("legal") or ["pass"]
        words = self.pick(legal).split()
        how = self.rng.randrange(4)
        if how == 0:
            words[-1] = self.pick(["999", "-1", "0", "x", "9" * 30, "9" * 5000])
        elif how == 1:
            words.append(self.pick(["1", "a", "z" * 300]))
        elif how == 2:
            words = words[:1]
        else:
            words = [self.pick(["take", "build", "settle", "row", "play", "stop", "pass", "TAKE", "Ünï"])]
        return " ".join(words)

    def control(self, widget: Any) -> dict:
        """A message a control's own front end could send: a click, an option (or none), a number, a text."""
        rng = self.rng
        if isinstance(widget, ipywidgets.Button):
            return {"method": "custom", "content": {"event": "click"}}
        state = widget.get_state()
        if "index" in state and "options" in widget.keys + ["options"]:
            n = len(getattr(widget, "options", ()) or ())
            if isinstance(state["index"], (list, tuple)):  # a multiple selection
                return {"method": "update", "state": {"index": [i for i in range(n) if rng.random() < 0.5]}}
            index = None if rng.random() < 0.15 or not n else rng.randrange(n)
            return {"method": "update", "state": {"index": index}}
        value = state.get("value")
        if isinstance(value, bool):
            new: Any = rng.random() < 0.5
        elif isinstance(value, int):
            new = self.pick([rng.randrange(-3, 12), rng.randrange(0, 40), -10 ** 6, 10 ** 9, 0, 1])
        elif isinstance(value, float):
            new = self.pick([rng.uniform(-5, 40), 0.0, -1e9, 1e15])
        elif isinstance(value, str):
            new = self.pick(["", "3", "-1", "x" * 50_000, "A", "france", "12", "ore", "beer"])
        else:
            return {"method": "custom", "content": {"event": "click"}}
        return {"method": "update", "state": {"value": new}}


def _controls(root: Any) -> tuple[list[View], list[Any]]:
    views, controls = [], []
    for w in widgets_in(root):
        if isinstance(w, View):
            views.append(w)
        elif isinstance(w, ipywidgets.Button) or (isinstance(w, ipywidgets.DOMWidget) and
                                                   ("value" in w.keys or "index" in w.keys) and
                                                   not isinstance(w, (ipywidgets.HTML, ipywidgets.Label,
                                                                      ipywidgets.HTMLMath, ipywidgets.Output))):
            if not getattr(w, "disabled", False):
                controls.append(w)
    return views, controls


# ---------------------------------------------------------------------- the checks
def _fail(report: Report, step: int, what: str, sent_msg: Any) -> FuzzFailure:
    shown = repr(sent_msg)
    return FuzzFailure(f"{report.target} seed {report.seed} step {step}: {what}; message "
                       f"{shown if len(shown) < 300 else shown[:297] + '...'}")


def _check_sync(report: Report, step: int, sent: list[dict], msg: Any) -> None:
    size = 0
    for m in sent:
        try:
            text = json.dumps(m.get("state", m.get("content")), allow_nan=False)
            # Jupyter sends UTF-8: a lone surrogate in a synced trait never reaches the browser
            json.dumps(m.get("state", m.get("content")), allow_nan=False, ensure_ascii=False).encode("utf-8")
        except (TypeError, ValueError) as err:
            raise _fail(report, step, f"a sync message is not strict JSON in UTF-8 ({str(err)[:120]})", msg) from None
        size += len(text.encode())
        if any(word in text for word in CATCH_ALL):
            said = next(w for w in CATCH_ALL if w in text)
            start = text.index(said)
            raise _fail(report, step, f"the view says {text[start:start + 160]!r}", msg)
        for name in ("message", "value"):
            said = (m.get("state") or {}).get(name)
            if name == "message" and isinstance(said, str) and len(said) > MAX_MESSAGE:
                raise _fail(report, step, f"a message line of {len(said):,} characters", msg)
    report.largest_sync = max(report.largest_sync, size)
    if size > MAX_SYNC:
        raise _fail(report, step, f"one step synced {size:,} bytes", msg)


def _check_hidden(report: Report, step: int, table: GameTable, msg: Any) -> None:
    """The human's picture of a live table is the same whatever the hidden part of the game holds."""
    if table.human is None or getattr(table, "teacher", False) or table.status.get("view") != table.status.get(
            "steps"):
        return
    game = table.game
    twin = game.redeal(table.human, Rng(step))
    if table.table_state(twin, True) != table.table_state(game, True) or \
            table.status_of(twin, True) != table.status_of(game, True):
        raise _fail(report, step, "the table shows the human something a redeal of the hidden part changes", msg)
    report.redeals_checked += 1


def fuzz_target(name: str, steps: int, seed: int = 0, *, games: int = 1, deadline: float | None = None,
                skip: frozenset[str] = frozenset()) -> Report:
    """Run ``steps`` random messages against target ``name`` built from ``seed`` (``games`` fresh builds share the
    steps, seeds ``seed`` to ``seed + games - 1``; ``skip``: intent names never sent). Raises :class:`FuzzFailure`
    on the first broken check; stops early (the report says how far it got) once ``time.monotonic()`` passes
    ``deadline``."""
    target = all_targets()[name]
    report = Report(name, seed, games=0)
    rng = Dice(seed)
    clicker = Clicker(rng, skip)
    per_game = max(1, -(-steps // games)) if deadline is None else 300  # a time budget: a new build every 300
    with browser() as (sent, log):
        for g in range(games if deadline is None else 10 ** 6):
            if report.steps >= steps or (deadline is not None and time.monotonic() > deadline):
                break
            report.games += 1
            report.seed = seed + g
            root = target.make(seed + g)
            for _ in range(min(per_game, steps - report.steps)):
                if deadline is not None and time.monotonic() > deadline:
                    break
                _step(root, target, clicker, report, sent, log)
    report.seed = seed
    return report


def _step(root: Any, target: Target, clicker: Clicker, report: Report, sent: list[dict], log: _Recorder) -> None:
    rng = clicker.rng
    step = report.steps
    report.steps += 1
    views, controls = _controls(root)
    interactive = [v for v in views if v.INTENTS] or views
    use_view = bool(interactive) and (not controls or rng.random() < 0.6)
    widget = clicker.pick(interactive if use_view else controls)
    if use_view:
        intent = clicker.intent(widget)
        msg: dict = {"method": "custom", "content": intent}
    else:
        msg = clicker.control(widget)
    said = msg["content"].get("intent") if use_view and isinstance(msg["content"], dict) else msg["method"]
    kind = f"{type(widget).__name__}:{said if isinstance(said, str) and len(said) < 30 else 'nonsense'}"
    report.kinds[kind] = report.kinds.get(kind, 0) + 1
    before = picture(root, target)
    seq = getattr(widget, "message_seq", 0)
    sent.clear()
    log.records.clear()
    start = time.perf_counter()
    deliver(widget, msg)
    took = time.perf_counter() - start
    report.slowest = max(report.slowest, took)
    if log.records:
        record = log.records[0]
        raise _fail(report, step, f"an exception escaped: {record.getMessage()[:300]} "
                    f"{record.exc_info[1]!r}"[:600] if record.exc_info else record.getMessage()[:600], msg)
    _check_sync(report, step, sent, msg)
    refused = use_view and widget.message_seq != seq and widget.message_kind == "error"
    if refused:
        report.refused += 1
        if picture(root, target) != before:
            raise _fail(report, step, "a refused intent changed the view", msg)
    elif use_view and "undo" in widget.INTENTS and isinstance(msg["content"], dict) and \
            msg["content"].get("intent") not in ("undo", "view_step", *COACH_INTENTS) and \
            widget.message_seq != seq and rng.random() < 0.3 and target.model is not None and \
            (msg["content"].get("intent") != "reset" or json.loads(picture(root, target))[1] != json.loads(before)[1]):
        # (A reset right after a reset changes nothing: undo then brings back the game before the first one.)
        model_before = json.loads(before)[1]
        sent.clear()
        deliver(widget, {"method": "custom", "content": {"intent": "undo"}})
        _check_sync(report, step, sent, msg)
        if widget.message_kind == "error" or json.loads(picture(root, target))[1] != model_before:
            raise _fail(report, step, f"undo after it did not restore the state before it ({widget.message!r})", msg)
        report.undos_checked += 1
    if step % REDEAL_EVERY == 0:
        for view in views:
            if isinstance(view, GameTable):
                _check_hidden(report, step, view, msg)


__all__ = ["FuzzFailure", "Report", "Target", "all_targets", "browser", "deliver", "fuzz_target", "widgets_in"]
