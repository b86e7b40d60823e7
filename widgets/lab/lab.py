"""The design lab in a notebook: edit a variant, choose the bots, run the experiment with a progress bar and a stop
button, then read the summary and the charts, and open any game in its own table at any round.

    from widgets.lab import DesignLab
    lab = DesignLab("catan.base")                 # the printed game against one variant (edit it in the editor)
    lab.editor.edit("costs.city.ore", "2")        # or type it in the table
    lab                                           # Run / Stop in the view: the kernel stays free while it plays
    results = lab.run(games=60, bots=["greedy", "greedy", "random"], stop="turns", wait=True)   # for notebooks
    lab.open_game("printed game", seed=3, rotation=1, round=5)   # that game in its table, at round 5

**Arms.** ``lab.baseline`` (the printed game unless set) and ``lab.variants`` (one to start with: the printed game
until an edit changes it); the editor edits the arm chosen above it. A variant that plays the very same game as
another arm is played by bots seeded apart (an A/A test of the stop rule: ``games.lab.Arm(salt=...)``).

**Running.** Run plays in a background thread (``jobs`` 1: in the kernel's process; more: local worker processes);
Stop sets the run's ``threading.Event``, and every finished game stays in the lab's store (``lab.store``, in memory
unless a file is given, so a second run of the same experiment plays only what is missing). Where there are no
threads (JupyterLite, ``sys.platform == "emscripten"``) Run plays with ``Experiment.run_async`` on the event loop,
giving it a turn after every game so Stop still works. ``lab.run(..., wait=True)`` plays in the caller's thread and
returns the :class:`games.lab.Results` (what a notebook run top to bottom needs). A second run while one plays is
refused in words; a run that fails says why in the message line, never with a traceback.

**Results.** The stop rule's decisions in words, the summary (each metric per arm with its 95 % interval and each
variant's paired difference), and the charts in tabs (:mod:`.charts`): win rates, differences, a fan chart of any
series the game records (click a point: the game of that arm nearest it opens at that round) and the game lengths.
The game picker (arm, seed, rotation, round) opens a game in its own table (:func:`widgets.shared.tables.open_game`):
watch mode, its time-travel slider at the round's first step.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import html
import json
import math
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Sequence

import ipywidgets
import traitlets

from games import game_class
from games.lab import Arm, Experiment, Progress, Results, Store, Variant, VariantError
from games.lab.lineup import BotSpec
from games.lab.metrics import METRICS
from games.lab.results import SUMMARY
from widgets.shared.tables import open_game
from widgets.shared.text import plural, seat_label, short

from .charts import LABELS, UNITS, fan_figure, forest_figure, in_units, length_figure, win_rate_figure
from .editor import VariantEditor

#: Seconds between two redraws of the progress bar (a run in this process reports after every game).
PROGRESS_EVERY = 0.25
#: The search bot's budgets the seat menus offer (any other is typed from code: ``lab.bots = ["mcts:500", ...]``).
SEARCH_BUDGETS = (50, 200)
WORDS = {"different": "differs from the baseline", "no difference": "no difference beyond the margin",
         "undecided": "not decided yet"}
_MISSING = object()


def bot_options(game: Any) -> list[tuple[str, str]]:
    """The bots a seat menu offers for a game class: random, greedy, the search bot at a few budgets, and greedy or
    random bots that never take one kind of action the game names (``Game.action_kinds``), as (label, text)."""
    texts = ["greedy", "random", *(f"mcts:{b}" for b in SEARCH_BUDGETS), "mcts"]
    labels = {"mcts": "mcts (the game's own budget)"}
    out = [(labels.get(t, t), t) for t in texts]
    for kind in sorted(getattr(game, "action_kinds", {}) or {}):
        for base in ("greedy", "random"):
            spec = BotSpec(base, None, (kind,))
            out.append((spec.words(game), str(spec)))
    return out


def _box(children: Sequence[Any], css: str = "", **layout: Any) -> ipywidgets.HBox:
    box = ipywidgets.HBox(list(children), layout={"flex_flow": "row wrap", "align_items": "center", **layout})
    if css:
        box.add_class(css)
    return box


def _classed(widget: Any, css: str) -> Any:
    widget.add_class(css)
    return widget


def _esc(text: Any) -> str:
    return html.escape(str(text))


class DesignLab(ipywidgets.VBox):
    """The design lab for one game id (module docstring). ``DesignLab(game_id, *, baseline=None, variants=None,
    bots=None, games=120, stop=None, margin=None, jobs=1, seed=0, store=None)``."""

    def __init__(self, game_id: str, *, baseline: Variant | None = None, variants: Sequence[Variant] | None = None,
                 bots: Sequence[str] | None = None, games: int = 120, stop: str | None = None,
                 margin: float | None = None, jobs: int = 1, seed: int = 0, store: Store | str | Path | None = None,
                 **kwargs: Any) -> None:
        self.game_id = game_id
        self.game = game_class(game_id)
        self._arms: list[Variant] = [baseline or Variant(game_id)]
        self._arms += list(variants) if variants is not None else [Variant(game_id)]
        for v in self._arms:
            self._check_variant(v)
        self._editing = 1 if len(self._arms) > 1 else 0
        self.store = store if isinstance(store, Store) else Store(store or ":memory:")
        self.results: Results | None = None
        self.experiment: Experiment | None = None
        self.message = ""
        self.message_kind = "info"
        self.last_view: Any = None
        self._running = False
        self._thread: threading.Thread | None = None
        self._task: Any = None
        self._stop_event: threading.Event | None = None
        self._shown_at = 0.0
        self._picking = False
        self._fan_state: dict[str, Any] = {}
        self._quiet = False
        self.fan: Any = None

        # -- the arms and the editor
        self.title = ipywidgets.HTML(f"<b>Design lab</b>: {_esc(self.game.title)} &nbsp;·&nbsp; edit a variant, "
                                     "choose the bots, run; the same seeds and seats for every arm.")
        self.arm_picker = ipywidgets.Dropdown(description="editing", layout={"width": "380px"})
        self.add_button = ipywidgets.Button(description="add a variant", icon="plus",
                                            tooltip="a new variant (the printed game until you edit it)")
        self.remove_button = ipywidgets.Button(description="remove", icon="trash",
                                               tooltip="drop the variant being edited")
        self.editor = VariantEditor(game_id, self._arms[self._editing])
        self.editor.on_change(self._edited)
        self.arm_picker.observe(self._pick_arm, names="value")
        self.add_button.on_click(self._safely(lambda _b: self.add_variant()))
        self.remove_button.on_click(self._safely(lambda _b: self.remove_variant()))

        # -- the experiment
        n = max(self.game.min_players, min(3, self.game.max_players))
        self.players = ipywidgets.Dropdown(options=list(range(self.game.min_players, self.game.max_players + 1)),
                                           value=n, description="players", layout={"width": "150px"})
        self._options = bot_options(self.game)
        self.seats = ipywidgets.HBox(layout={"flex_flow": "row wrap"})
        self.games = _classed(ipywidgets.BoundedIntText(value=games, min=1, max=1_000_000, description="games",
                                                        tooltip="the most games per arm (whole blocks of seats)",
                                                        layout={"width": "170px"}), "lab-games")
        stops = [("none: play every game", None)] + [(f"{m}: {METRICS[m].words}", m) for m in METRICS]
        self.stop_metric = ipywidgets.Dropdown(options=stops, value=None, description="stop rule",
                                               layout={"width": "420px"})
        self.margin = ipywidgets.FloatText(value=0.0, description="margin", disabled=True,
                                           tooltip="a difference this small counts as none", layout={"width": "160px"})
        lite = sys.platform == "emscripten"
        self.jobs = ipywidgets.BoundedIntText(value=1 if lite else jobs, min=1, max=max(1, os.cpu_count() or 1),
                                              description="jobs", disabled=lite, layout={"width": "130px"},
                                              tooltip="1: this process; more: local worker processes")
        self.seed = ipywidgets.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="first seed",
                                              layout={"width": "170px"})
        self.players.observe(lambda _c: None if self._quiet else self._draw_seats(), names="value")
        self.stop_metric.observe(self._pick_stop, names="value")
        self._draw_seats(list(bots) if bots is not None else None)
        if stop is not None or margin is not None:
            self._set_stop(stop, margin)

        # -- run, stop, progress
        self.run_button = _classed(ipywidgets.Button(description="Run", icon="play", button_style="success",
                                                     tooltip="play the experiment (the kernel stays free)"), "lab-run")
        self.stop_button = _classed(ipywidgets.Button(description="Stop", icon="stop", button_style="danger",
                                                      disabled=True, tooltip="stop after the games now playing; "
                                                                             "finished games are kept"), "lab-stop")
        self.progress = _classed(ipywidgets.IntProgress(value=0, min=0, max=1, layout={"width": "240px"}),
                                 "lab-progress")
        self.progress_label = _classed(ipywidgets.HTML("no run yet"), "lab-progress-label")
        self.status = _classed(ipywidgets.HTML(), "lab-message")
        self.run_button.on_click(self._safely(lambda _b: self.start()))
        self.stop_button.on_click(self._safely(lambda _b: self.stop()))

        # -- results
        self.decisions = _classed(ipywidgets.HTML(), "lab-decisions")
        self.summary = _classed(ipywidgets.HTML(), "lab-summary")
        self.tabs = _classed(ipywidgets.Tab(), "lab-charts")
        self.series = ipywidgets.Dropdown(description="series", layout={"width": "280px"})
        self.fan_by = ipywidgets.ToggleButtons(options=["round", "turn"], value="round", description="by",
                                               style={"button_width": "70px"})
        self.fan_seat = ipywidgets.Dropdown(description="seat", layout={"width": "200px"})
        self.fan_box = ipywidgets.VBox()
        for w in (self.series, self.fan_by, self.fan_seat):
            w.observe(self._safely(lambda _c: self._draw_fan()), names="value")
        self.pick_arm = ipywidgets.Dropdown(description="arm", layout={"width": "300px"})
        self.pick_seed = ipywidgets.BoundedIntText(description="seed", min=0, max=0, layout={"width": "160px"})
        self.pick_rotation = ipywidgets.Dropdown(description="rotation", layout={"width": "160px"})
        self.pick_round = ipywidgets.Dropdown(description="at", layout={"width": "260px"})
        self.open_button = _classed(ipywidgets.Button(description="open in table", icon="external-link",
                                                      tooltip="the game in its own table, at that round"),
                                    "lab-open-table")
        for w, name in ((self.pick_arm, "arm"), (self.pick_seed, "seed"), (self.pick_rotation, "rotation"),
                        (self.pick_round, "round")):
            w.add_class(f"lab-pick-{name}")
        for w in (self.pick_arm, self.pick_seed, self.pick_rotation):
            w.observe(self._safely(lambda _c: self._draw_rounds()), names="value")
        self.open_button.on_click(self._safely(lambda _b: self._open_picked()))
        self.picker = _box([ipywidgets.HTML("<b>a game</b>"), self.pick_arm, self.pick_seed, self.pick_rotation,
                            self.pick_round, self.open_button], "lab-picker")
        self.table_box = _classed(ipywidgets.VBox(), "lab-table-box")
        self.result_box = ipywidgets.VBox([ipywidgets.HTML("<i>No results yet: press Run.</i>")])

        self._draw_arms()
        super().__init__(children=[
            self.title,
            _box([self.arm_picker, self.add_button, self.remove_button], "lab-arms"),
            self.editor,
            ipywidgets.HTML("<b>the experiment</b>"),
            _box([self.players, self.seats], "lab-bots"),
            _box([self.games, self.stop_metric, self.margin, self.jobs, self.seed], "lab-setup"),
            _box([self.run_button, self.stop_button, self.progress, self.progress_label], "lab-run-row"),
            self.status,
            self.result_box,
            self.table_box,
        ], **kwargs)
        self._say("Edit the variant, choose the bots and press Run.")

    # ------------------------------------------------------------------ messages
    def _say(self, text: str, kind: str = "info") -> None:
        """The lab's message line: a sentence, ``kind`` ``info`` or ``error``."""
        self.message, self.message_kind = text, kind
        colour = "#b3261e" if kind == "error" else "#1f3d5c"
        background = "#fdecea" if kind == "error" else "#eef4fb"
        self.status.value = (f"<div class='lab-msg lab-msg--{kind}' role='status' style='padding:3px 8px;"
                             f"border-radius:4px;background:{background};color:{colour};"
                             f"{'font-weight:600;' if kind == 'error' else ''}'>{_esc(text)}</div>")

    def _refuse(self, text: str) -> None:
        self._say(text, "error")

    def _safely(self, fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """A button's or menu's callback that says what went wrong instead of raising into the kernel's log."""
        def call(arg: Any) -> Any:
            try:
                return fn(arg)
            except Exception as err:  # a bug must not vanish into the JupyterLab log console
                self._refuse(f"Something went wrong in the lab: {type(err).__name__}: {err}")
                return None
        return call

    # ------------------------------------------------------------------ arms
    def _check_variant(self, variant: Any) -> None:
        if not isinstance(variant, Variant):
            raise TypeError(f"the lab's arms are games.lab.Variant, not {short(variant)}")
        if variant.game_id != self.game_id:
            raise ValueError(f"this lab plays {self.game_id}, not {variant.game_id}")

    @property
    def baseline(self) -> Variant:
        """The arm every variant is compared with (the printed game unless set)."""
        return self._arms[0]

    @baseline.setter
    def baseline(self, variant: Variant) -> None:
        self._check_variant(variant)
        self._arms[0] = variant
        self._after_arms()

    @property
    def variants(self) -> list[Variant]:
        """The variants compared with the baseline."""
        return list(self._arms[1:])

    @variants.setter
    def variants(self, variants: Sequence[Variant]) -> None:
        variants = list(variants)
        for v in variants:
            self._check_variant(v)
        self._arms[1:] = variants
        self._editing = min(self._editing, len(self._arms) - 1) if self._editing else (1 if variants else 0)
        self._after_arms()

    def add_variant(self, variant: Variant | None = None) -> Variant:
        """Add a variant (the printed game unless given) and edit it."""
        variant = variant or Variant(self.game_id)
        self._check_variant(variant)
        self._arms.append(variant)
        self._editing = len(self._arms) - 1
        self._after_arms()
        self._say(f"Added variant {self._editing}: edit it in the table.")
        return variant

    def remove_variant(self) -> bool:
        """Drop the variant being edited (the baseline stays)."""
        if self._editing == 0:
            self._refuse("The baseline stays: choose a variant to remove.")
            return False
        gone = self._arms.pop(self._editing)
        self._editing = min(self._editing, len(self._arms) - 1)
        self._after_arms()
        self._say(f"Removed {gone.label}.")
        return True

    def _after_arms(self) -> None:
        self._draw_arms()
        self.editor.variant = self._arms[self._editing]

    def _arm_label(self, i: int) -> str:
        v = self._arms[i]
        what = "baseline" if i == 0 else f"variant {i}"
        return f"{what}: {v.label} (#{v.hash}, {plural(len(v.changes), 'change')})"

    def _draw_arms(self) -> None:
        self._picking = True
        try:
            self.arm_picker.options = [(self._arm_label(i), i) for i in range(len(self._arms))]
            self.arm_picker.value = self._editing
        finally:
            self._picking = False
        self.remove_button.disabled = self._editing == 0

    def _pick_arm(self, change: dict[str, Any]) -> None:
        if self._picking or change["new"] is None:
            return
        self._editing = change["new"]
        self.remove_button.disabled = self._editing == 0
        self.editor.variant = self._arms[self._editing]

    def _edited(self, variant: Variant) -> None:
        self._arms[self._editing] = variant
        self._draw_arms()

    # ------------------------------------------------------------------ bots and the stop rule
    @property
    def bots(self) -> list[str]:
        """One bot text per seat (``"greedy"``, ``"mcts:200"``, ``"greedy never wall"``)."""
        return [menu.value for menu in self.seats.children]

    @bots.setter
    def bots(self, texts: Sequence[str]) -> None:
        texts = [str(t) for t in texts]
        if not self.game.min_players <= len(texts) <= self.game.max_players:
            raise ValueError(f"{self.game.title} takes {self.game.min_players} to {self.game.max_players} players, "
                             f"not {len(texts)} bots")
        for text in texts:
            BotSpec.parse(text, self.game)  # a LineupError names a bot the game cannot seat
        self._draw_seats(texts)

    def _draw_seats(self, texts: list[str] | None = None) -> None:
        if texts is not None and len(texts) != self.players.value:
            self._quiet = True
            try:
                self.players.value = len(texts)
            finally:
                self._quiet = False
        n = self.players.value
        old = [m.value for m in self.seats.children]
        if texts is None:
            default = ["greedy"] * (n - 1) + ["random"] if n > 1 else ["greedy"]
            texts = [old[i] if i < len(old) else default[i] for i in range(n)]
        known = {value for _, value in self._options}
        extra = [(t, t) for t in dict.fromkeys(texts) if t not in known]
        menus = []
        for seat, text in enumerate(texts):
            menu = ipywidgets.Dropdown(options=extra + self._options, value=text,
                                       description=f"{seat_label(seat)}", layout={"width": "260px"},
                                       style={"description_width": "62px"})
            menus.append(_classed(menu, f"lab-seat-{seat}"))
        self.seats.children = menus

    def _pick_stop(self, change: dict[str, Any]) -> None:
        metric = change["new"]
        self.margin.disabled = metric is None
        self.margin.value = METRICS[metric].margin if metric else 0.0

    def _set_stop(self, stop: str | None, margin: float | None) -> None:
        if stop is not None and stop not in METRICS:
            raise VariantError(f"the stop rule tests a metric: {', '.join(METRICS)}; not {short(stop)}")
        self.stop_metric.value = stop
        if stop is not None and margin is not None:
            self.margin.value = float(margin)

    # ------------------------------------------------------------------ running
    @property
    def running(self) -> bool:
        return self._running

    def make_experiment(self) -> Experiment:
        """The experiment the controls describe now. A variant that plays the very same games as an arm before it
        is played by bots seeded apart (an A/A test)."""
        seen = {(self.baseline.hash, 0)}
        arms = []
        for variant in self.variants:
            salt = 0
            while (variant.hash, salt) in seen:
                salt += 1
            seen.add((variant.hash, salt))
            arms.append(Arm(variant, salt))
        stop = self.stop_metric.value
        margin = self.margin.value if stop is not None else None
        return Experiment(self.baseline, arms, bots=self.bots, games=int(self.games.value), seed=int(self.seed.value),
                          stop=stop, margin=margin)

    def run(self, games: int | None = None, bots: Sequence[str] | None = None, stop: Any = _MISSING,
            margin: float | None = None, jobs: int | None = None, seed: int | None = None,
            wait: bool = True) -> Results | None:
        """Run the experiment the controls describe, with any of them set first (the view shows them). ``wait``:
        play here and return the :class:`games.lab.Results` (``None``, with the message line saying why, when the
        run is refused or fails); otherwise start it as the Run button does and return ``None``."""
        try:
            if games is not None:
                if isinstance(games, bool) or not isinstance(games, int) or games < 1:
                    raise VariantError(f"games is a whole number, at least 1, not {short(games)}")
                self.games.value = games
            if bots is not None:
                self.bots = list(bots)
            if stop is not _MISSING:
                self._set_stop(stop, margin)
            elif margin is not None and self.stop_metric.value is not None:
                self.margin.value = float(margin)
            if jobs is not None:
                self.jobs.value = jobs
            if seed is not None:
                self.seed.value = seed
        except (VariantError, ValueError, TypeError, traitlets.TraitError) as err:
            self._refuse(f"Not run: {err}")
            return None
        return self.start(wait=wait)

    def start(self, wait: bool = False) -> Results | None:
        """What the Run button does: refuse a second run, build the experiment (a refusal is a sentence), then play
        it in a background thread (or on the event loop where there are no threads; here when ``wait``)."""
        if self._running:
            self._refuse("A run is going on: wait for it to finish, or press Stop first.")
            return None
        try:
            experiment = self.make_experiment()
        except (VariantError, ValueError) as err:
            self._refuse(f"Not run: {err}")
            return None
        self.experiment = experiment
        self._stop_event = threading.Event()
        self._running = True
        self.stop_button.disabled = False
        total = experiment.games * len(experiment.arms)
        self.progress.max, self.progress.value, self.progress.bar_style = total, 0, "info"
        self.progress_label.value = f"0 of {total:,} games"
        aa = [a.name for a in experiment.variants if a.salt]
        self._say(f"Running {experiment.games:,} games per arm ({len(experiment.arms)} arms, bots "
                  f"{experiment.lineup_key})" + (f"; {', '.join(aa)}: the same game as an arm before, played by bots "
                                                 "seeded apart (an A/A test)" if aa else "") + ".")
        jobs = int(self.jobs.value)
        if wait:
            return self._play(experiment, jobs)
        if sys.platform == "emscripten":
            self._task = asyncio.ensure_future(self._play_async(experiment))
        else:
            self._thread = threading.Thread(target=self._play, args=(experiment, jobs), daemon=True,
                                            name="design-lab run")
            self._thread.start()
        return None

    def stop(self) -> bool:
        """What the Stop button does: no new game starts; the games that finished are kept."""
        if not self._running or self._stop_event is None:
            self._refuse("Nothing is running: press Run first.")
            return False
        self._stop_event.set()
        self.stop_button.disabled = True
        self._say("Stopping: the games now playing are left; every finished game is kept.")
        return True

    def wait(self, timeout: float | None = None) -> Results | None:
        """Wait for a run started in the background (the thread) and return its results."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.results

    def _progress(self, step: Progress) -> None:
        now = time.perf_counter()
        if not step.finished and now - self._shown_at < PROGRESS_EVERY:
            return
        self._shown_at = now
        self.progress.max = max(1, step.total)
        self.progress.value = min(step.done, step.total)
        decided = "; ".join(f"{name}: {WORDS.get(d, d)}" for name, d in step.decisions.items() if d != "undecided")
        self.progress_label.value = _esc(str(step) + (f" · {decided}" if decided else ""))

    def _play(self, experiment: Experiment, jobs: int) -> Results | None:
        try:
            results = experiment.run(jobs=jobs, store=self.store, progress=self._progress,
                                     stop_event=self._stop_event)
        except Exception as err:  # shown as a sentence: a run never ends in a traceback
            self._failed(err)
            return None
        return self._finished(results)

    async def _play_async(self, experiment: Experiment) -> Results | None:
        try:
            results = await experiment.run_async(store=self.store, progress=self._progress,
                                                 stop_event=self._stop_event)
        except Exception as err:
            self._failed(err)
            return None
        return self._finished(results)

    def _failed(self, err: Exception) -> None:
        self._running = False
        self.stop_button.disabled = True
        self.progress.bar_style = "danger"
        what = str(err) if isinstance(err, VariantError) else f"{type(err).__name__}: {err}"
        self._refuse(f"The run stopped: {what} (the {plural(self.store.count(), 'game')} finished are kept).")

    def _finished(self, results: Results) -> Results:
        self._running = False
        self.stop_button.disabled = True
        self.results = results
        self.progress.bar_style = "warning" if results.stopped else "success"
        if results.stopped:
            text = (f"Stopped: every finished game is kept in the store ({plural(self.store.count(), 'game')} in "
                    f"all); the results below are the {plural(results.games, 'game')} per arm of whole blocks of "
                    "seats.")
        elif results.decisions and all(d["decision"] != "undecided" for d in results.decisions.values()) \
                and results.games < results.experiment.games:
            text = (f"Done: the stop rule decided after {plural(results.games, 'game')} per arm (of at most "
                    f"{results.experiment.games:,}) on {results.runner}.")
        else:
            text = f"Done: {plural(results.games, 'game')} per arm on {results.runner}."
        try:
            self._show_results(results)
        except Exception as err:  # drawing the results must not lose them: lab.results has them
            self._refuse(f"{text} The charts could not be drawn: {type(err).__name__}: {err}")
            return results
        self._say(text)
        return results

    # ------------------------------------------------------------------ results
    def _show_results(self, results: Results) -> None:
        if not results.games:
            self.result_box.children = [ipywidgets.HTML(
                "<i>No whole block of seats finished before the stop: nothing to summarise yet (the finished games "
                "are kept: Run again goes on from them).</i>")]
            return
        self.decisions.value = decisions_html(results)
        self.summary.value = summary_html(results)
        charts = [("win rates", static_chart(win_rate_figure(results), "lab-chart-wins")),
                  ("differences", static_chart(forest_figure(results), "lab-chart-differences")),
                  ("over the game", ipywidgets.VBox([_box([self.series, self.fan_by, self.fan_seat]),
                                                     self.fan_box])),
                  ("lengths", static_chart(length_figure(results), "lab-chart-lengths"))]
        self._picking = True
        try:
            names = results.series_names()
            self.series.options = names
            self.series.value = names[0] if names else None
            seats = [("every seat pooled", "all")] + [(seat_label(p), p) for p in range(results.experiment.players)]
            self.fan_seat.options = seats
            self.fan_seat.value = "all"
            self.pick_arm.options = [a.name for a in results.arms]
            self.pick_arm.value = results.arms[0].name
            first = results.experiment.seed
            self.pick_seed.min, self.pick_seed.max = first, first + results.games // results.experiment.rotations - 1
            self.pick_seed.value = first
            self.pick_rotation.options = list(range(results.experiment.rotations))
            self.pick_rotation.value = 0
        finally:
            self._picking = False
        self._draw_fan()
        if not self.series.options:
            self.fan_box.children = [ipywidgets.HTML("<i>This game records no series over time (Game.series).</i>")]
        self._draw_rounds()
        self.tabs.children = [box for _, box in charts]
        for i, (title, _) in enumerate(charts):
            self.tabs.set_title(i, title)
        self.result_box.children = [self.decisions, self.summary, self.tabs, self.picker]

    def _draw_fan(self) -> None:
        results = self.results
        if self._picking or results is None or self.series.value is None:
            return
        state = {"series": self.series.value, "by": self.fan_by.value, "seat": self.fan_seat.value}
        figure = fan_figure(results, state["series"], state["by"], state["seat"])
        if self.fan is None:  # one FigureWidget (5 MB of plotly.js) for the lab's life, redrawn in place
            self.fan = _classed(figure_widget(figure), "lab-chart-fan")
        else:
            self.fan.data = ()
            self.fan.add_traces(list(figure.data))
            self.fan.update_layout(figure.layout.to_plotly_json())
        for trace in self.fan.data:
            trace.on_click(self._safely_click)
        self._fan_state = state
        self.fan_box.children = [self.fan]

    def _safely_click(self, trace: Any, points: Any, _state: Any = None) -> None:
        try:
            self.fan_clicked(trace, points)
        except Exception as err:
            self._refuse(f"Something went wrong in the lab: {type(err).__name__}: {err}")

    def fan_clicked(self, trace: Any, points: Any) -> Any:
        """A click on the fan chart: the game of the trace's arm whose series at that step is nearest the value
        clicked opens at that round (or turn). Returns the view opened (``None`` when no point was clicked)."""
        if self.results is None or not getattr(points, "point_inds", None):
            return None
        arm = trace.meta
        step, value = int(round(points.xs[0])), float(points.ys[0])
        state = self._fan_state
        try:
            key = self.results.nearest_game(arm, state["series"], step, value, by=state["by"], seat=state["seat"])
        except KeyError as err:
            self._refuse(f"No game to open there: {str(err).strip(chr(39))}.")
            return None
        self._picking = True
        try:
            self.pick_arm.value = self.results.arm(arm).name
            self.pick_seed.value = key.seed
            self.pick_rotation.value = key.rotation
        finally:
            self._picking = False
        self._draw_rounds()
        where = {"round": step} if state["by"] == "round" else {"turn": step}
        view = self.open_game(arm, key.seed, key.rotation, **where)
        if view is not None:
            self._say(f"{self.message} Its {state['series']} at {state['by']} {step} was the nearest to "
                      f"{value:.4g} of the games of {arm}.")
        return view

    def _draw_rounds(self) -> None:
        results = self.results
        if self._picking or results is None or self.pick_arm.value is None:
            return
        key = results.key(self.pick_arm.value, int(self.pick_seed.value), int(self.pick_rotation.value or 0))
        starts = results.round_starts(key)
        options: list[tuple[str, Any]] = [] if 0 in starts.values() else [("the start (step 0)", 0)]
        options += [(f"round {r} (step {s})", s) for r, s in sorted(starts.items())]
        options.append(("the end", None))
        self.pick_round.options = options
        self.pick_round.value = options[0][1]

    def _open_picked(self) -> Any:
        if self.results is None:
            self._refuse("No results yet: press Run first.")
            return None
        return self.open_game(self.pick_arm.value, int(self.pick_seed.value), int(self.pick_rotation.value or 0),
                              step=self.pick_round.value)

    def open_game(self, arm: str, seed: int, rotation: int = 0, round: int | None = None, turn: int | None = None,
                  step: int | None = None) -> Any:
        """Open one game of the results in its own table (watch mode) at the start of ``round`` (or ``turn``, or
        at ``step``; none: its end), below the charts; returns the view (``None``, with the message line saying
        why, when there is no such game)."""
        results = self.results
        if results is None:
            self._refuse("No results yet: press Run first.")
            return None
        try:
            key = results.key(arm, seed, rotation)
            game = results.game(key)
            if round is not None:
                starts = results.round_starts(key)
                if round not in starts:
                    raise KeyError(f"that game has rounds {min(starts)} to {max(starts)}, not {round}")
                step = starts[round]
            elif turn is not None:
                turns = results.turn_starts(key)
                step = turns[turn] if 0 <= turn < len(turns) else None
            kinds = {spec.kind for spec in results.experiment.lineup}
            plain = all(not spec.never and spec.budget is None for spec in results.experiment.lineup)
            view = open_game(game, step, bots=kinds.pop() if len(kinds) == 1 and plain else None)
        except (KeyError, ValueError, TypeError) as err:
            self._refuse(f"No such game: {str(err).strip(chr(39))}.")
            return None
        shown = len(game.history) if step is None else step
        caption = (f"<b>{_esc(results.arm(arm).name)}</b>, seed {seed}, rotation {rotation} (seats: "
                   f"{_esc(', '.join(game_seats(results, key)))}): step {shown} of {len(game.history)}"
                   + (f", the start of round {round}" if round is not None else "")
                   + (f", the start of turn {turn}" if turn is not None else "")
                   + ". Move its time-travel slider to see the rest of the game.")
        self.table_box.children = [ipywidgets.HTML(caption), view]
        self.last_view = view
        self._say(f"Opened {results.arm(arm).name}, seed {seed}, rotation {rotation} at step {shown} of "
                  f"{len(game.history)}.")
        return view

    def summary_frame(self) -> Any:
        """The summary as a pandas DataFrame (``Results.frames()["summary"]``), or as the fallback table of
        :mod:`widgets.shared.frames` where pandas is missing (the offline site)."""
        from widgets.shared.frames import table

        if self.results is None:
            raise RuntimeError("no results yet: run the lab first")
        return table(self.results.summary_rows())


def static_chart(figure: Any, css: str = "") -> ipywidgets.Output:
    """A figure as plain output (what a chart that never changes in place should be: no 5 MB widget of plotly.js per
    chart) in an Output widget, which a box or a tab can hold. Its JSON goes through plotly's encoder (NaN as
    null), and no renderer of the kernel is asked (none is needed outside a notebook)."""
    import plotly.io as pio

    data = json.loads(pio.to_json(figure, validate=False))
    out = ipywidgets.Output()
    out.outputs = ({"output_type": "display_data", "metadata": {},
                    "data": {"application/vnd.plotly.v1+json": data,
                             "text/plain": f"<plotly figure: {figure.layout.title.text or 'a chart'}>"}},)
    if css:
        out.add_class(css)
    return out


@functools.cache
def _figure_widget_class() -> type:
    import plotly.graph_objects as go

    class LabFigure(go.FigureWidget):
        """A FigureWidget whose comm opens once its figure is in it, so the browser gets data and layout in the
        first message. (A plain FigureWidget opens its comm first and sends its figure right after, and the browser
        loses that update now and then: the chart stays empty.)"""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self._lab_deferred = True
            super().__init__(*args, **kwargs)
            self._lab_deferred = False
            self._widget_layout = copy.deepcopy(self._layout_obj._props)
            self._widget_data = copy.deepcopy(self._data)
            self.open()

        def open(self) -> None:
            if getattr(self, "_lab_deferred", False):
                return
            super().open()

    return LabFigure


def figure_widget(figure: Any) -> Any:
    """A clickable ``FigureWidget`` of ``figure`` whose first message to the browser carries the whole figure."""
    return _figure_widget_class()(figure)


def game_seats(results: Results, key: Any) -> list[str]:
    """The bot of each seat in one game of the results."""
    for record in results.records[key.arm]:
        if record["seed"] == key.seed and record["rotation"] == key.rotation:
            return [f"{seat_label(p)} {bot}" for p, bot in enumerate(record["seats"])]
    return []


# ------------------------------------------------------------------------------------------------ words and tables
def decisions_html(results: Results) -> str:
    """The stop rule's decisions in words (or why there are none)."""
    exp = results.experiment
    head = (f"<b>{results.games:,} games per arm</b> ({plural(exp.players, 'player')}, bots {_esc(exp.lineup_key)}, "
            f"seats {'rotated' if exp.rotations > 1 else 'fixed'}, on {_esc(results.runner)}"
            f"{', stopped early' if results.stopped else ''}).")
    if not exp.stop:
        return f"<div class='lab-decision'>{head} No stop rule: every game was played.</div>"
    lines = []
    for name, d in results.decisions.items():
        low, high = d["interval"]
        metric = d["metric"]
        lines.append(f"<li><b>{_esc(name)}</b> {WORDS.get(d['decision'], d['decision'])} on {_esc(metric)} "
                     f"({_esc(METRICS[metric].words)}) after {d['games']:,} games per arm: difference "
                     f"{_esc(in_units(metric, d['difference']))}, {(1 - d['alpha']) * 100:g} % confidence sequence "
                     f"{_esc(in_units(metric, low))} to {_esc(in_units(metric, high))}, margin "
                     f"{_esc(in_units(metric, d['margin'], signed=False))}.</li>")
    return f"<div class='lab-decision'>{head} The stop rule:<ul style='margin:2px 0'>{''.join(lines)}</ul></div>"


def _estimate(metric: str, value: float, low: float, high: float, signed: bool = False) -> str:
    unit, share = UNITS.get(metric, ("", False))

    def fmt(x: float) -> str:
        if not isinstance(x, (int, float)) or not math.isfinite(x):
            return "–"
        sign = "+" if signed else ""
        return f"{x * 100:{sign}.1f} %" if share and not signed else f"{x * 100:{sign}.1f} pp" if share else \
            f"{x:{sign}.3g}"

    interval = "" if not math.isfinite(low) else f" <span style='color:#6b6357'>[{fmt(low)}, {fmt(high)}]</span>"
    return f"{fmt(value)}{interval}"


def summary_html(results: Results) -> str:
    """Each metric per arm with its 95 % interval, and each variant's paired difference to the baseline (bold when
    its interval leaves out 0), as an HTML table."""
    rows = results.summary_rows()
    arms = [a.name for a in results.arms]
    by = {(r["arm"], r["metric"]): r for r in rows}
    head = "".join(f"<th>{_esc(a)}</th>" for a in arms)
    head += "".join(f"<th>{_esc(a)} − {_esc(arms[0])}</th>" for a in arms[1:])
    body = []
    for metric in [m for m in SUMMARY if m in results.metrics()]:
        unit = UNITS.get(metric, ("", False))[0]
        words = METRICS[metric].words if metric in METRICS else "first player's win share minus a fair share"
        cells = [f"<td title='{_esc(words)}'>{_esc(LABELS.get(metric, metric))} "
                 f"<span style='color:#6b6357;font-size:11px'>({_esc(unit)})</span></td>"]
        for arm in arms:
            r = by[(arm, metric)]
            cells.append(f"<td>{_estimate(metric, r['estimate'], r['low'], r['high'])}</td>")
        for arm in arms[1:]:
            r = by[(arm, metric)]
            clear = math.isfinite(r["diff_low"]) and (r["diff_low"] > 0 or r["diff_high"] < 0)
            text = _estimate(metric, r["difference"], r["diff_low"], r["diff_high"], signed=True)
            cells.append(f"<td style='{'font-weight:700' if clear else ''}'>{text}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    style = ("<style>.lab-sum{border-collapse:collapse;font-size:12px}.lab-sum th,.lab-sum td{padding:2px 8px;"
             "border-bottom:1px solid #eee5d2;text-align:left;font-variant-numeric:tabular-nums}"
             ".lab-sum th{color:#6b6357;font-weight:600}</style>")
    note = ("<div style='color:#6b6357;font-size:11px'>95 % intervals in brackets; differences are paired by seed "
            "(variant minus baseline), bold where the interval leaves out 0; pp: percentage points.</div>")
    return f"{style}<table class='lab-sum'><tr><th>metric</th>{head}</tr>{''.join(body)}</table>{note}"


__all__ = ["DesignLab", "bot_options", "decisions_html", "summary_html"]
