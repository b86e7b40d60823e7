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

**Two tabs.** *Experiment* is all of the above; *Target* (``lab.target``, :class:`~widgets.lab.target.TargetPanel`)
searches for the variant that meets a teacher's goals with the same bots and store, and its best becomes a variant
here (``lab.target.use_best()``).
"""

from __future__ import annotations

import asyncio
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
from games.lab.folder import DEFAULT, LabFolder
from games.lab.lineup import BotSpec
from games.lab.metrics import METRICS
from games.lab.verdicts import plain
from widgets.shared.text import plural, seat_label, short

from .editor import VariantEditor
from .figures import figure_widget, static_chart
from .results_view import ResultsView, game_seats, row_box, with_class
from .target import TargetPanel
from .words import WORDS, decisions_html, escaped, summary_html

#: Seconds between two redraws of the progress bar (a run in this process reports after every game).
PROGRESS_EVERY = 0.25
#: The search bot's budgets the seat menus offer (any other is typed from code: ``lab.bots = ["mcts:500", ...]``).
SEARCH_BUDGETS = (50, 200)
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


class DesignLab(ResultsView, ipywidgets.VBox):
    """The design lab for one game id (module docstring). ``DesignLab(game_id, *, baseline=None, variants=None,
    bots=None, games=120, stop=None, margin=None, jobs=1, seed=0, store=None, series=None, folder=None)``:
    ``store`` a :class:`games.lab.Store`, a store file or a lab folder (in memory when none), ``series`` the series
    the fan chart opens on (else the one the variants' changes name), ``folder`` where reports go (the store's lab
    folder, else ``lab-results``)."""

    def __init__(self, game_id: str, *, baseline: Variant | None = None, variants: Sequence[Variant] | None = None,
                 bots: Sequence[str] | None = None, games: int = 120, stop: str | None = None,
                 margin: float | None = None, jobs: int = 1, seed: int = 0, store: Store | str | Path | None = None,
                 series: str | None = None, folder: str | Path | None = None, **kwargs: Any) -> None:
        self.game_id = game_id
        self.game = game_class(game_id)
        self._arms: list[Variant] = [baseline or Variant(game_id)]
        self._arms += list(variants) if variants is not None else [Variant(game_id)]
        for v in self._arms:
            self._check_variant(v)
        self._editing = 1 if len(self._arms) > 1 else 0
        if isinstance(store, Store):
            self.store = store
            self.lab_folder = Path(folder or (Path(store.path).parent if store.path != ":memory:" else DEFAULT))
        elif store is None:
            self.store, self.lab_folder = Store(":memory:"), Path(folder or DEFAULT)
        else:
            place = LabFolder(store)
            self.store, self.lab_folder = place.store(), Path(folder or place.path)
        self.fan_series = series
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
        self.title = ipywidgets.HTML(f"<b>Design lab</b>: {escaped(self.game.title)} &nbsp;·&nbsp; edit a variant, "
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
        self.games = with_class(ipywidgets.BoundedIntText(value=games, min=1, max=1_000_000, description="games",
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
        self.run_button = with_class(ipywidgets.Button(description="Run", icon="play", button_style="success",
                                                     tooltip="play the experiment (the kernel stays free)"), "lab-run")
        self.stop_button = with_class(ipywidgets.Button(description="Stop", icon="stop", button_style="danger",
                                                      disabled=True, tooltip="stop after the games now playing; "
                                                                             "finished games are kept"), "lab-stop")
        self.progress = with_class(ipywidgets.IntProgress(value=0, min=0, max=1, layout={"width": "240px"}),
                                 "lab-progress")
        self.progress_label = with_class(ipywidgets.HTML("no run yet"), "lab-progress-label")
        self.status = with_class(ipywidgets.HTML(), "lab-message")
        self.run_button.on_click(self._safely(lambda _b: self.start()))
        self.stop_button.on_click(self._safely(lambda _b: self.stop()))

        self._make_results()

        self._draw_arms()
        # Run, Stop, the progress and the lab's message line stick to the top of the notebook's view while the lab is
        # in it (lab.css); the editor's answers are said there too, since its own bar does not float inside the lab
        run_row = row_box([self.run_button, self.stop_button, self.progress, self.progress_label])
        self.controls = with_class(ipywidgets.VBox([run_row, self.status]), "lab-run-row")
        self.editor.observe(self._editor_said, names="message_seq")
        # The experiment's settings and Run, Stop and the progress come first, right under the title, so they stay in
        # view however long the variant's table and diff below them are (a 125-cell price rule is 38,000 px unfolded)
        # Two tabs under the bots: the experiment (everything above) and the target (a search towards goals). The
        # experiment's parts stay children of the lab (shown or hidden), so its Run row still sticks (lab.css)
        self.target = TargetPanel(self)
        self.page = with_class(ipywidgets.ToggleButtons(options=["Experiment", "Target"], value="Experiment",
                                                      tooltips=["compare variants you write", "search for the "
                                                                "variant that meets your goals"]), "lab-pages")
        self.page.observe(lambda _c: self._show_page(), names="value")
        self._experiment_parts = [
            row_box([self.games, self.stop_metric, self.margin, self.jobs, self.seed], "lab-setup"),
            self.controls,
            ipywidgets.HTML("<b>the arms</b>: the baseline and the variants; edit the one chosen here"),
            row_box([self.arm_picker, self.add_button, self.remove_button], "lab-arms"),
            self.editor,
            self.result_box,
            self.table_box,
        ]
        super().__init__(children=[self.title, row_box([self.players, self.seats], "lab-bots"), self.page,
                                   *self._experiment_parts, self.target], **kwargs)
        self.add_class("lab-root")
        self._show_page()
        self._say("Edit the variant, choose the bots and press Run.")

    def _show_page(self) -> None:
        target = self.page.value == "Target"
        for part in self._experiment_parts:
            part.layout.display = "none" if target else None
        self.target.layout.display = None if target else "none"
        if target:
            self.target._draw()  # the seats above may have changed

    def show_experiment(self) -> None:
        """Show the Experiment tab (the editor, Run, the results)."""
        self.page.value = "Experiment"

    def show_target(self) -> None:
        """Show the Target tab (goals, the parameters to vary, the search)."""
        self.page.value = "Target"

    # ------------------------------------------------------------------ messages
    def _say(self, text: str, kind: str = "info") -> None:
        """The lab's message line: a sentence, ``kind`` ``info`` or ``error``."""
        self.message, self.message_kind = text, kind
        colour = "#b3261e" if kind == "error" else "#1f3d5c"
        background = "#fdecea" if kind == "error" else "#eef4fb"
        self.status.value = (f"<div class='lab-msg lab-msg--{kind}' role='status' style='padding:3px 8px;"
                             f"border-radius:4px;background:{background};color:{colour};"
                             f"{'font-weight:600;' if kind == 'error' else ''}'>{escaped(text)}</div>")

    def _refuse(self, text: str) -> None:
        self._say(text, "error")

    def _editor_said(self, _change: Any) -> None:
        """The editor's answer to an edit, in the lab's message line too (it stays in view; the editor's may not)."""
        if self.editor.message:
            self._say(f"{self.editor.message}", self.editor.message_kind)

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
            menus.append(with_class(menu, f"lab-seat-{seat}"))
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
        if self.editor.message_kind == "error":  # a refusal from before the run is no longer news
            self.editor.say(f"Running with {self._arms[self._editing].label}.")
        total = experiment.games * len(experiment.arms)
        self.progress.max, self.progress.value, self.progress.bar_style = total, 0, "info"
        self.progress_label.value = f"Running… 0 of {plain(total)} games"
        asked = int(self.games.value)
        rounded = "" if asked == experiment.games else (
            f" ({plain(asked)} asked: whole blocks of {experiment.rotations} seat orders make "
            f"{plain(experiment.games)}, {plain(experiment.blocks)} seeds)")
        aa = [a.name for a in experiment.variants if a.salt]
        self._say(f"Running up to {plain(experiment.games)} games per arm{rounded}, {len(experiment.arms)} arms, bots "
                  f"{experiment.lineup_key}" + (f"; {', '.join(aa)}: the same game as an arm before, played by bots "
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
        state = "" if step.finished else "Running… "
        self.progress_label.value = escaped(state + str(step) + (f" · {decided}" if decided else ""))

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
        elif results.decided:
            text = (f"Done: the stop rule decided after {plural(results.games, 'game')} per arm (of at most "
                    f"{plain(results.experiment.games)}) on {results.runner}; {plain(results.saved)} games were not "
                    "needed.")
        else:
            text = f"Done: {plural(results.games, 'game')} per arm on {results.runner}."
        try:
            self._show_results(results)
        except Exception as err:  # drawing the results must not lose them: lab.results has them
            self._refuse(f"{text} The charts could not be drawn: {type(err).__name__}: {err}")
            return results
        self._say(text)
        return results


__all__ = ["DesignLab", "bot_options", "decisions_html", "figure_widget", "game_seats", "static_chart",
           "summary_html"]
