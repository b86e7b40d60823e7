"""The design lab's Target tab: a teacher writes goals ("turns in 55..65"), the parameters to vary with their values
and a budget; the lab searches for the variants that meet them, live, and proves the best on fresh games.

    from widgets.lab import DesignLab
    lab = DesignLab("kutna_hora.economy")
    panel = lab.target                              # the tab (a TargetPanel), or TargetPanel(game_id=..., bots=[...])
    panel.add_goal("spread_last in 15..20"); panel.vary("turns", "8..16:2"); panel.set_budget(300)
    panel.run(wait=True)                            # or the Run button: a thread, the kernel stays free
    panel.use_best()                                # the best as a variant in the lab's editor (its diff, a report)

**What it shows**: the goals (each in words, with its weight), the parameters varied with their values and the
number of candidates, the budget and the search; while it runs, a **live chart** per goal (every candidate tried, as
its estimate then; the best so far as a line; the goal's band shaded) and the progress; then the **candidates** with
each goal's estimate and interval, the combinations the game refused with their reasons, and the **confirmation**
on fresh seeds in words.

**Intents** (each refusal one sentence in the message line; nothing changes when refused): ``goal`` (``text``: a goal
as written, ``turns in 55..65``), ``remove_goal`` (``index``), ``weight`` (``index``, ``weight``), ``vary``
(``parameter``, ``values``: ``6..14``, ``6..14:2``, ``2, 3, 4``, ``scale 0.75, 1, 1.25``, ``shift -1..1``),
``unvary`` (``parameter``), ``budget`` (``games``), ``confirm`` (``games``), ``method`` (``name``), ``load`` (``text``:
a target file's JSON), ``run``, ``stop`` (``run`` again resumes: the kept games are read, not played), ``use_best``
and ``report`` (the confirmation's games against the baseline as one HTML page).
"""

from __future__ import annotations

import asyncio
import json
import math
import sys
import threading
import time
from pathlib import Path
from typing import Any, Sequence

import traitlets

from games import game_class
from games.lab import Store, Variant, VariantError
from games.lab.lineup import parse_lineup
from games.lab.search import SEARCHES
from games.lab.spaces import Space, parse_dimension
from games.lab.targets import Target, measures, parse_goal
from games.lab.tune import TuneProgress, TuneResults, Tuning
from games.lab.verdicts import plain
from widgets.shared.frontend import css, esm
from widgets.shared.text import short
from widgets.shared.view import View

from .target_words import candidate_rows, chart_of, confirmation_of, goal_rows

#: Seconds between two redraws while a search runs.
PROGRESS_EVERY = 0.3
#: Most games a budget in the view may name (a class's machine; the command takes more).
MAX_GAMES = 100_000


class TargetPanel(View):
    """The Target tab (module docstring). ``lab``: the :class:`~widgets.lab.lab.DesignLab` it belongs to (its bots,
    store, editor and report folder); without one, ``game_id``, ``bots`` and ``store`` say what the lab would."""

    _esm = esm("lab/static/target.js")
    _css = css("lab/static/lab.css")

    INTENTS = {"goal": {"text": "turns in 55..65"}, "remove_goal": {"index": 0},
               "weight": {"index": 0, "weight": 2.0}, "vary": {"parameter": "points_to_win", "values": "6..14"},
               "unvary": {"parameter": "points_to_win"}, "budget": {"games": 600}, "confirm": {"games": 150},
               "method": {"name": "ntbea"}, "load": {"text": "{}"}, "run": {}, "stop": {}, "use_best": {},
               "report": {}}

    state = traitlets.Dict().tag(sync=True)
    chart = traitlets.Dict().tag(sync=True)
    rows = traitlets.List().tag(sync=True)

    def __init__(self, lab: Any = None, *, game_id: str | None = None, bots: Sequence[str] | None = None,
                 store: Store | None = None, budget: int = 300, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lab = lab
        self.game_id = lab.game_id if lab is not None else game_id
        if self.game_id is None:
            raise ValueError("a Target panel belongs to a lab, or names its game_id")
        self.game = game_class(self.game_id)
        self._bots = list(bots) if bots is not None else None
        self._store = store
        self._baseline: Variant | None = None
        self.goals: list[Any] = []
        self.space: dict[str, Any] = {}
        self.budget_games, self.confirm_games, self.method = int(budget), None, "ntbea"
        self.results: TuneResults | None = None
        self.running = False
        self.progress: TuneProgress | None = None
        self.report_path: Path | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._task: Any = None
        self._shown = 0.0
        self._cache: tuple[str, tuple[int, str, str]] | None = None
        self._dimensions: dict[str, Any] = {}
        self._draw()
        self.say("Write a goal (\"turns in 55..65\"), choose parameters to vary and their values, then Run.")

    # ------------------------------------------------------------------ what it builds from
    @property
    def bots(self) -> list[str]:
        if self.lab is not None:
            return list(self.lab.bots)
        return self._bots or ["random"] * max(self.game.min_players, min(3, self.game.max_players))

    @property
    def store(self) -> Store:
        if self.lab is not None:
            return self.lab.store
        if self._store is None:
            self._store = Store(":memory:")
        return self._store

    @property
    def baseline(self) -> Variant:
        if self.lab is not None:
            return self.lab.baseline
        if self._baseline is None:
            self._baseline = Variant(self.game_id)  # made once: a variant reads every table of the game
        return self._baseline

    def target(self) -> Target:
        """The target the tab describes now (a :class:`~games.lab.targets.TargetError` says what is missing)."""
        if not self.goals:
            raise VariantError("Write a goal first, like \"turns in 55..65\".")
        if not self.space:
            raise VariantError("Choose a parameter to vary first, like points_to_win with 6..14.")
        space = Space(self.baseline, [self._dimension(name, spec) for name, spec in self.space.items()])
        return Target(self.game_id, list(self.goals), space, self.bots, baseline=self.baseline,
                      method=self.method, budget_games=self.budget_games, confirm_games=self.confirm_games)

    def _dimension(self, name: str, spec: Any) -> Any:
        """A dimension of the space, read once per baseline (reading one checks a variant per value)."""
        key = json.dumps([name, spec, self.baseline.hash], sort_keys=True, default=str)
        if key not in self._dimensions:
            self._dimensions[key] = parse_dimension(name, spec, self.baseline)[0]
        return self._dimensions[key]

    # ------------------------------------------------------------------ goals
    def add_goal(self, text: Any) -> bool:
        """Add a goal written as text (a second goal on one metric replaces the first)."""
        if self.running:
            return self.refuse("A search is running: stop it first, then change the target.")
        if not isinstance(text, str) or not text.strip():
            return self.refuse(f"Not understood: a goal is a text like \"turns in 55..65\", not {short(text)}.")
        try:
            lineup = parse_lineup(self.bots, self.game, None)
            goal = parse_goal(text, measures(self.game_id, len(lineup)), lineup)
        except VariantError as err:
            return self.refuse(f"Not added: {err}.")
        kept = [g for g in self.goals if _metric_of(g) != goal.metric]
        replaced = len(kept) != len(self.goals)
        if not replaced and len(kept) >= 8:
            return self.refuse("Not added: a target has at most 8 goals.")
        self.goals = [*kept, goal.to_dict()]
        self._draw()
        self.say(f"The goal on {goal.metric} is now {goal.text()}." if replaced else f"Goal added: {goal.text()}.")
        return True

    def remove_goal(self, index: Any) -> bool:
        if self.running:
            return self.refuse("A search is running: stop it first, then change the target.")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.goals):
            return self.refuse(f"Not understood: there are goals 0 to {len(self.goals) - 1}, not {short(index)}."
                               if self.goals else "There is no goal to remove.")
        gone = self.goals.pop(index)
        self._draw()
        self.say(f"Removed the goal on {_metric_of(gone)}.")
        return True

    def set_weight(self, index: Any, weight: Any) -> bool:
        if self.running:
            return self.refuse("A search is running: stop it first, then change the target.")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.goals):
            return self.refuse(f"Not understood: there is no goal {short(index)}.")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight <= 100 or \
                not math.isfinite(weight):
            return self.refuse(f"Not changed: a weight is above 0 and at most 100, not {short(weight)}.")
        goal = dict(_as_object(self.goals[index], self))
        goal["weight"] = float(weight)
        self.goals[index] = goal
        self._draw()
        self.say(f"The goal on {goal['metric']} now weighs {plain(float(weight))}.")
        return True

    # ------------------------------------------------------------------ the space
    def vary(self, parameter: Any, values: Any) -> bool:
        """Vary ``parameter`` (a parameter, a cell, a table or a pattern) over ``values`` (module docstring)."""
        if self.running:
            return self.refuse("A search is running: stop it first, then change the target.")
        if not isinstance(parameter, str) or not parameter.strip() or not isinstance(values, str) or \
                not values.strip():
            return self.refuse("Not understood: name a parameter and its values, like points_to_win and 6..14.")
        name, text = parameter.strip(), values.strip()
        rule = text.split(maxsplit=1)[0].lower()
        spec: Any = {rule: text.split(maxsplit=1)[1] if " " in text else ""} if rule in ("scale", "shift") else text
        try:
            dimension, notes = parse_dimension(name, spec, self.baseline)
            others = [self._dimension(n, s) for n, s in self.space.items() if n != name]
            Space(self.baseline, [*others, dimension])
        except VariantError as err:
            return self.refuse(f"Not varied: {err}.")
        self._dimensions[json.dumps([name, spec, self.baseline.hash], sort_keys=True, default=str)] = dimension
        self.space[name] = spec
        self._draw()
        note = f" ({'; '.join(notes)})" if notes else ""
        self.say(f"{name} will take {len(dimension)} value{'s' if len(dimension) != 1 else ''}{note}.")
        return True

    def unvary(self, parameter: Any) -> bool:
        if self.running:
            return self.refuse("A search is running: stop it first, then change the target.")
        if parameter not in self.space:
            return self.refuse(f"Not understood: the search varies {', '.join(self.space) or 'nothing yet'}, not "
                               f"{short(parameter)}.")
        del self.space[parameter]
        self._draw()
        self.say(f"{parameter} keeps the baseline's value now.")
        return True

    # ------------------------------------------------------------------ the budget
    def set_budget(self, games: Any) -> bool:
        return self._set_games("budget_games", games, "its budget", "a budget is", "The search may play {} games.")

    def set_confirm(self, games: Any) -> bool:
        return self._set_games("confirm_games", games, "its confirmation", "the confirmation plays",
                               "The best will be played again on {} fresh games, beside the baseline.")

    def _set_games(self, name: str, games: Any, what: str, range_words: str, said: str) -> bool:
        """Set a count of games (``name``: the budget or the confirmation's), 1 to MAX_GAMES, while no search runs;
        ``said`` words the answer ({} the games)."""
        if self.running:
            return self.refuse(f"A search is running: stop it first, then change {what}.")
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            return self.refuse(f"Not changed: {range_words} 1 to {plain(MAX_GAMES)} games, not {short(games)}.")
        setattr(self, name, games)
        self._draw()
        self.say(said.format(plain(games)))
        return True

    def set_method(self, name: Any) -> bool:
        if self.running:
            return self.refuse("A search is running: stop it first, then change the search.")
        if name not in SEARCHES:
            return self.refuse(f"Not understood: a search is {', '.join(SEARCHES)}, not {short(name)}.")
        self.method = name
        self._draw()
        self.say(f"The search is {name}.")
        return True

    def load(self, text: Any) -> bool:
        """Take goals, space, budget and search from a target file's JSON (and its bots, into the lab's seats)."""
        if self.running:
            return self.refuse("A search is running: stop it first, then load a target.")
        try:
            target = Target.from_json(text if isinstance(text, str) else "")
            if target.game_id != self.game_id:
                raise VariantError(f"this lab plays {self.game_id}, not {target.game_id}")
            bots = [str(s) for s in target.lineup]
            if self.lab is not None and bots != self.lab.bots:
                self.lab.bots = bots
            elif self.lab is None:
                self._bots = bots
        except (VariantError, ValueError) as err:
            return self.refuse(f"Not loaded: {err}.")
        self.goals = [g.to_dict() for g in target.goals]
        self.space = target.space.to_dict()
        self.budget_games, self.method, self.confirm_games = target.budget_games, target.method, target.confirm_games
        self._draw()
        self.say(f"Loaded {target.label!r}: {len(self.goals)} goals, {plain(target.space.size)} candidates.")
        return True

    # ------------------------------------------------------------------ running
    def run(self, wait: bool = False) -> TuneResults | None:
        """What Run does: build the target (a refusal is one sentence), then search in a thread (in this thread
        when ``wait``; on the event loop where there are no threads). Run again after a stop goes on from the
        games kept."""
        if self.running:
            self.refuse("A search is running: wait for it, or press Stop first.")
            return None
        try:
            run = Tuning(self.target(), store=self.store, stop_event=self._stop)
        except (VariantError, ValueError) as err:
            self.refuse(f"Not run: {err}")
            return None
        self._stop.clear()
        self.running, self.results, self.report_path = True, None, None
        self._draw()
        self.say(f"Searching {plain(run.target.space.size)} candidates with {run.search.name}, up to "
                 f"{plain(run.budget_games)} games, bots {run.target.lineup_key}.")
        if wait:
            return self._play(run)
        if sys.platform == "emscripten":
            self._task = asyncio.ensure_future(self._play_async(run))
        else:
            self._thread = threading.Thread(target=self._play, args=(run,), daemon=True, name="design-lab search")
            self._thread.start()
        return None

    def stop(self) -> bool:
        if not self.running:
            return self.refuse("Nothing is running: press Run first.")
        self._stop.set()
        self.say("Stopping: the games now playing are left; every finished game is kept (Run goes on from them).")
        return True

    def wait(self, timeout: float | None = None) -> TuneResults | None:
        if self._thread is not None:
            self._thread.join(timeout)
        return self.results

    def _step(self, run: Tuning, step: TuneProgress) -> None:
        now = time.perf_counter()
        if not step.finished and now - self._shown < PROGRESS_EVERY:
            return
        self._shown = now
        self.progress = step
        with self.hold_sync():
            self.chart = chart_of(run.target, run.trajectory, run.tried)
            self._draw()

    def _play(self, run: Tuning) -> TuneResults | None:
        try:
            for step in run.steps():
                self._step(run, step)
        except Exception as err:  # said in words: a search never ends in a traceback
            return self._failed(run, err)
        finally:
            run.close()
        return self._finished(run)

    async def _play_async(self, run: Tuning) -> TuneResults | None:
        try:
            for step in run.steps():
                self._step(run, step)
                await asyncio.sleep(0)
        except Exception as err:
            return self._failed(run, err)
        finally:
            run.close()
        return self._finished(run)

    def _failed(self, run: Tuning, err: Exception) -> None:
        self.running = False
        self._draw()
        what = str(err) if isinstance(err, VariantError) else f"{type(err).__name__}: {err}"
        self.refuse(f"The search stopped: {what} (the {plain(run.played)} games it played are kept).")
        return None

    def _finished(self, run: Tuning) -> TuneResults:
        results = run.results()
        self.running, self.results = False, results
        with self.hold_sync():
            self.chart = chart_of(run.target, results.trajectory, results.tried)
            self.rows = candidate_rows(results)
            self._draw()
        if results.stopped:
            self.say(f"Stopped after {plain(results.used)} of {plain(results.budget)} games: every finished game is "
                     "kept; Run goes on from them.")
        elif results.confirmation is not None:
            self.say(results.confirmation.words)
        else:
            self.say(results.summary())
        return results

    # ------------------------------------------------------------------ the result
    def use_best(self) -> Variant | None:
        """The best candidate as a variant in the lab's editor (its diff beside it), to run or report."""
        if self.results is None or self.results.best is None:
            self.refuse("No search has found a candidate yet: press Run first.")
            return None
        best = self.results.best
        if best == self.baseline:
            self.say(f"The best candidate ({best.label}) makes the baseline's own game: there is nothing to change.")
            return best
        if self.lab is None:
            self.say(f"The best: {best.label}.")
            return best
        self.lab.add_variant(best)
        self.lab.show_experiment()
        self.say(f"{best.label} is now a variant in the editor (Experiment tab): its changes are in the diff; Run "
                 "compares it with the baseline.")
        return best

    def report(self) -> Path | None:
        """The confirmation (the best against the baseline on fresh seeds) as one HTML page in the reports folder."""
        from .report import write_report

        if self.results is None or self.results.confirmation is None:
            self.refuse("No confirmed search yet: run one to its end first (the report shows its fresh games).")
            return None
        results = self.results.confirmation.results
        folder = Path(self.lab.lab_folder) if self.lab is not None else Path("lab-results")
        path = write_report(results, folder / "reports" / f"target-{results.experiment.id}.html")
        try:
            self.report_path = path.resolve().relative_to(Path.cwd().resolve())
        except ValueError:
            self.report_path = path
        self._draw()
        self.say(f"Report written: {self.report_path.as_posix()}: the best against the baseline on the fresh games.")
        return path

    # ------------------------------------------------------------------ intents
    def intent_goal(self, text: Any) -> bool:
        return self.add_goal(text)

    def intent_remove_goal(self, index: Any) -> bool:
        return self.remove_goal(index)

    def intent_weight(self, index: Any, weight: Any) -> bool:
        return self.set_weight(index, weight)

    def intent_vary(self, parameter: Any, values: Any) -> bool:
        return self.vary(parameter, values)

    def intent_unvary(self, parameter: Any) -> bool:
        return self.unvary(parameter)

    def intent_budget(self, games: Any) -> bool:
        return self.set_budget(games)

    def intent_confirm(self, games: Any) -> bool:
        return self.set_confirm(games)

    def intent_method(self, name: Any) -> bool:
        return self.set_method(name)

    def intent_load(self, text: Any) -> bool:
        return self.load(text)

    def intent_run(self) -> bool:
        self.run()
        return self.running

    def intent_stop(self) -> bool:
        return self.stop()

    def intent_use_best(self) -> bool:
        return self.use_best() is not None

    def intent_report(self) -> bool:
        return self.report() is not None

    # ------------------------------------------------------------------ drawing
    def _built(self) -> tuple[int, str, str]:
        """The target's size, file text and problem (cached: a redraw while a search runs builds nothing)."""
        key = json.dumps([self.goals, self.space, self.budget_games, self.confirm_games, self.method, self.bots,
                          self.baseline.hash], sort_keys=True, default=str)
        if self._cache is None or self._cache[0] != key:
            try:
                target = self.target()
                built = (target.space.size, target.to_json(), "")
            except (VariantError, ValueError) as err:
                built = (0, "", str(err))
            self._cache = (key, built)
        return self._cache[1]

    def _draw(self) -> None:
        size, json_text, problem = self._built()
        step = self.progress if self.running else None
        params = [p.name for p in self.game.parameters()]
        self.state = {
            "game": self.game_id, "title": self.game.title, "bots": " | ".join(self.bots),
            "goals": goal_rows(self.goals, self), "metrics": [{"name": n, "words": m.words}
                                                              for n, m in self._measures().items()],
            "space": [{"parameter": n, "values": _values_text(s)} for n, s in self.space.items()],
            "parameters": params, "size": size, "budget": self.budget_games, "confirm": self.confirm_games or 0,
            "method": self.method, "methods": list(SEARCHES), "running": self.running,
            "progress": str(step) if step is not None else "",
            "fraction": (min(1.0, step.games / max(1, step.budget)) if step is not None else
                         1.0 if self.results is not None and not self.results.stopped else 0.0),
            "json": json_text, "problem": problem,
            "confirmation": confirmation_of(self.results) if self.results is not None else None,
            "skipped": [{"reason": r, "count": c} for r, c in (self.results.skipped.items() if self.results else ())],
            "best": self.results.best.label if self.results is not None and self.results.best is not None else "",
            "report": self.report_path.as_posix() if self.report_path is not None else "",
            "stopped": bool(self.results is not None and self.results.stopped),
        }
        if self.results is None and not self.running:
            self.rows = []

    def _measures(self) -> dict[str, Any]:
        try:
            players = len(parse_lineup(self.bots, self.game, None))
        except VariantError:
            players = max(self.game.min_players, min(3, self.game.max_players))
        return measures(self.game_id, players)


def _metric_of(goal: Any) -> str:
    return goal["metric"] if isinstance(goal, dict) else str(goal).split()[0]


def _as_object(goal: Any, panel: TargetPanel) -> dict[str, Any]:
    if isinstance(goal, dict):
        return goal
    lineup = parse_lineup(panel.bots, panel.game, None)
    return parse_goal(goal, measures(panel.game_id, len(lineup)), lineup).to_dict()


def _values_text(spec: Any) -> str:
    if isinstance(spec, dict) and len(spec) == 1:
        (rule, given), = spec.items()
        return f"{rule} {given if isinstance(given, str) else ', '.join(map(str, given))}"
    return spec if isinstance(spec, str) else ", ".join(map(str, spec))


__all__ = ["TargetPanel"]
