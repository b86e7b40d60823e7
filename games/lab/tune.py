"""Tuning towards a target: a budgeted search proposes variants that meet a teacher's goals, and the best one is
proved on fresh games.

    from games.lab.tune import Target, tune
    target = Target.load("an_hour.json")               # or Target("catan.base", goals=[...], space={...}, bots=[...])
    found = tune(target, budget_games=600, jobs=2, store="lab-results/lab.sqlite", progress=True)
    print(found.report())                              # the best candidates, each goal with its interval
    found.confirmation.words                           # "Confirmed on 150 fresh games (...): ... meets every goal."
    found.write_best("best.json")                      # an ordinary variant file

**The search** (:mod:`games.lab.search`: NTBEA by default, successive halving, or random) asks for candidates one
**block** each: a seed in every seat rotation, the same seeds for every candidate (a candidate's ``k``-th block is
seed ``seed + k``), so candidates are compared on the same deals with the same bots' streams. A budget is in games
(``budget_games``: the same search on every runner and every machine) or in minutes (the search phase ends at three
quarters of it, then its final comparison; the games it used are printed, and that budget in games repeats it).

**Every runner, the same search.** The games are the lab's (:func:`games.lab.playing.play_chunk`, keyed by variant,
line-up, seed and rotation) on the lab's runners (this process, local processes, Dask). A step's candidates are
chosen from the games already told, never from how fast a worker was, and told back in the order asked, so a search
is a function of its target and budget alone (``tests/lab/test_tune.py`` compares the three runners).

**Resumable; nothing lost.** Every finished game goes into the store at once. A search run again with the same
store replays itself from the kept games (the same choices, since the same answers) and plays only what is missing;
stopped (``stop_event``, Ctrl-C, a kill), it loses only the games being played. A store opened read-only (a kept
search a lesson reads) is replayed without playing anything; the store keeps each search's target beside its games
(``Store.meta("target:")``), so a kept file is the whole search.

**Proved on fresh games** (:mod:`games.lab.tuned`): the best is played again, beside the baseline, on seeds from
``seed + CONFIRM_OFFSET`` on, which no search reaches, as an ordinary experiment of the lab; its verdict says in words
whether it meets each goal there and whether the search's estimate was luck.
"""

from __future__ import annotations

import math
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from games.core.parameters import quoted

from .experiment import Arm, Experiment, Progress, drive, drive_async
from .playing import play_chunk
from .runners import Runner, Stoppable, executor_for
from .search import Point, Search, make_search
from .spaces import Space, SpaceError, parse_space
from .store import LEASE, Store, StoreError
from .targets import Goal, Target, TargetError
from .tuned import CONFIRM_OFFSET, Confirmation, TuneResults, confirm_checks, confirmation_words
from .verdicts import plain

#: Most games a budget may name: with one rotation a block is one game, and blocks stay below the confirmation's seeds.
MAX_BUDGET = 1_000_000
#: Seconds between progress reports while workers play.
TICK = 0.5


class Stopped(Exception):
    """The run was stopped while a step's games were playing (they are kept; the step is not told)."""


@dataclass
class TuneProgress:
    """How far a search has got: its ``phase`` (``searching``, ``comparing`` the finalists, ``confirming``,
    ``done``, ``stopped``), the search's ``games`` used of its ``budget`` (played now or read from the store), the
    games this run ``played`` and those ``kept`` from before, ``candidates`` tried, ``skipped`` combinations, the
    ``step``, the ``leader`` (the best so far, in words), its goal ``means`` and ``loss``, ``rate`` (games per
    second this run), ``eta`` (seconds left at most), the confirmation's own :class:`~games.lab.Progress` while it
    plays, and whether the run has ``finished`` or was ``stopped``."""

    phase: str
    games: int
    budget: int
    played: int
    kept: int
    candidates: int
    skipped: int
    step: int
    leader: str | None
    means: dict[str, float] = field(default_factory=dict)
    loss: float | None = None
    rate: float = 0.0
    eta: float | None = None
    confirm: Progress | None = None
    finished: bool = False
    stopped: bool = False

    def __str__(self) -> str:
        if self.confirm is not None and self.phase == "confirming":
            return f"confirming the best on fresh seeds: {self.confirm}"
        eta = "" if self.eta is None else f", at most {_duration(self.eta)} left"
        best = f"; best so far: {self.leader}" if self.leader else ""
        state = " (stopped)" if self.stopped else " (done)" if self.finished else ""
        return (f"{self.phase} step {self.step}: {plain(self.games)} of {plain(self.budget)} games, "
                f"{self.candidates} candidates tried, {self.rate:.1f} games/s{eta}{best}{state}")


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


def as_target(target: Target | Mapping[str, Any] | str | Path) -> Target:
    """A :class:`Target` from itself, its file form or a file's path."""
    if isinstance(target, Target):
        return target
    if isinstance(target, Mapping):
        return Target.from_dict(target)
    if isinstance(target, (str, Path)):
        return Target.load(target)
    raise TargetError(f"a target is a games.lab.tune.Target, its JSON object or a file, not {quoted(str(target))}")


class Tuning(Stoppable):
    """One run of a search towards a target (module docstring): :meth:`steps` plays and yields
    :class:`TuneProgress`; :meth:`stop` ends it after the games now playing; :meth:`results` reads what it found.
    ``budget_games`` or ``minutes`` (ntbea only); ``jobs``, ``dask``, ``executor``: the runner (as an experiment's);
    ``store``: where games are kept and found; ``confirm_games`` (default: the target's) and ``confirm``: the
    confirmation on fresh seeds; ``method``: the search (default: the target's); ``lease``: how long the
    confirmation's claims on seeds last (:data:`games.lab.store.LEASE`); ``settings``: the search's own."""

    def __init__(self, target: Target | Mapping[str, Any] | str | Path, budget_games: int | None = None,
                 minutes: float | None = None, jobs: int = 1, dask: Any = None, executor: Any = None,
                 store: Store | str | Path | None = None, stop_event: Any = None, confirm_games: int | None = None,
                 confirm: bool = True, method: str | None = None, lease: float = LEASE, **settings: Any) -> None:
        self.target = as_target(target)
        self.lease = lease
        if budget_games is not None and minutes is not None:
            raise TargetError("a search's budget is in games or in minutes, not both")
        if minutes is not None:
            if isinstance(minutes, bool) or not isinstance(minutes, (int, float)) or not 0 < minutes <= 24 * 60:
                raise TargetError(f"minutes is a time above 0, at most a day (1440), not {quoted(minutes)}")
            budget = MAX_BUDGET
        else:
            budget = self.target.budget_games if budget_games is None else budget_games
        if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
            raise TargetError(f"a search's budget is a whole number of games, 1 to {plain(MAX_BUDGET)}, not "
                              f"{quoted(budget)}")
        self.minutes = minutes
        rotations = self.target.rotations
        blocks = max(1, budget // rotations)
        self.budget_games = blocks * rotations
        method = method or self.target.method
        if method not in ("ntbea", "halving", "random"):
            raise TargetError(f"a search's method is ntbea, halving or random, not {quoted(method)}")
        if minutes is not None and method != "ntbea":
            raise TargetError(f"a budget in minutes is for ntbea; {method} plans its games from a budget in games "
                              "(--budget-games)")
        self.search: Search = make_search(method, self.target.space, self.target, blocks, self.target.seed,
                                          **settings)
        if confirm_games is not None and (isinstance(confirm_games, bool) or not isinstance(confirm_games, int)
                                          or confirm_games < 1):
            raise TargetError(f"confirm_games is a whole number of games, at least 1, not {quoted(confirm_games)}")
        self.confirm_games, self.confirm = confirm_games, confirm
        self.runner: Runner = executor_for(jobs, dask, executor)
        self.store = store if isinstance(store, Store) else Store(store or ":memory:")
        self.stop_event = stop_event
        self._stopped = False
        self.records: dict[tuple[str, int, int], dict[str, Any]] = {}
        self.arms: dict[str, Any] = {}  # arm key -> variant, of the arms the store has been told of
        self.played = self.kept = 0
        self.trajectory: list[dict[str, Any]] = []
        self.tried: list[dict[str, Any]] = []
        self.confirmation: Confirmation | None = None
        self.notes: list[str] = []
        self._started = 0.0

    # ------------------------------------------------------------------ control (stop, stopping, close: Stoppable)
    @property
    def lineup(self) -> list[str]:
        return [str(s) for s in self.target.lineup]

    # ------------------------------------------------------------------ playing a step's blocks
    def _keys(self, asked: list[Point]) -> list[tuple[Point, Any, int]]:
        """Each asked candidate with its variant and the seed of its next block (its blocks so far, plus those
        asked before it in this step)."""
        counts: dict[Point, int] = {}
        out = []
        for point in asked:
            index = self.search.table.count(point) + counts.get(point, 0)
            counts[point] = counts.get(point, 0) + 1
            out.append((point, self.target.space.variant(point), self.target.seed + index))
        return out

    def _fetch(self, wanted: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
        """Read what the store keeps of ``wanted``; returns what is still missing."""
        missing = [k for k in wanted if k not in self.records]
        if missing:
            lineup = self.target.lineup_key
            for record in self.store.records_at(lineup, {a for a, _, _ in missing}, {s for _, s, _ in missing},
                                                have=self.records):
                arm = record.pop("arm")
                key = (arm, record["seed"], record["rotation"])
                if key not in self.records:
                    self.records[key] = record
                    self.kept += 1
        return [k for k in wanted if k not in self.records]

    def _tasks(self, missing: list[tuple[str, int, int]]) -> list[list[list[Any]]]:
        if self.runner.inline:
            return [[list(k)] for k in missing]  # one game a task: the page gets a turn, a stop waits one game
        size = max(1, min(24, math.ceil(len(missing) / self.runner.workers)))
        return [[list(k) for k in missing[i:i + size]] for i in range(0, len(missing), size)]

    def _play(self, asked: list[tuple[Point, Any, int]]) -> Iterator[None]:
        """Play the games the step needs that neither this run nor the store has; yields while it waits."""
        rotations = self.target.rotations
        wanted = list(dict.fromkeys((v.hash, seed, r) for _, v, seed in asked for r in range(rotations)))
        missing = self._fetch(wanted)
        if not missing:
            return
        if self.store.read_only:
            raise StoreError(f"{self.store.path} lacks {len(missing)} games this search needs (a kept search made "
                             "by another version?); open it writable, or make it again")
        variants = {v.hash: v for _, v, _ in asked}
        for key in {a for a, _, _ in missing} - set(self.arms):
            self.store.add_arm(key, variants[key].to_dict(), 0)
            self.arms[key] = variants[key]
        arms = {key: {"variant": variants[key].to_dict(), "salt": 0} for key in {a for a, _, _ in missing}}
        pending = self._tasks(missing)
        flying: dict[Future, list[list[Any]]] = {}
        try:
            while pending or flying:
                if self.stopping:
                    for future in list(flying):
                        if future.cancel():
                            flying.pop(future)
                    raise Stopped
                while pending and len(flying) < self.runner.workers:
                    games = pending.pop(0)
                    used = {g[0] for g in games}
                    task = {"arms": {a: arms[a] for a in used}, "lineup": self.lineup, "games": games}
                    flying[self.runner.executor.submit(play_chunk, task)] = games
                done, _ = wait(list(flying), timeout=TICK, return_when=FIRST_COMPLETED)
                for future in done:
                    flying.pop(future)
                    rows = future.result()
                    self.store.add(self.target.lineup_key, rows)
                    for row in rows:
                        self.records[(row["arm"], row["seed"], row["rotation"])] = row["record"]
                    self.played += len(rows)
                yield None
        finally:
            for future in flying:
                future.cancel()

    def _values(self, variant: Any, seed: int) -> dict[str, float]:
        """The block's mean of every goal's measure."""
        rotations, players = self.target.rotations, self.target.players
        out = {}
        for goal in self.target.goals:
            values = []
            for r in range(rotations):
                record = self.records[(variant.hash, seed, r)]
                value = goal.measure.value(record, players)
                if value is None:
                    value = self._from_series(goal, variant.hash, seed, r)
                values.append(value)
            out[goal.metric] = math.fsum(values) / rotations
        return out

    def _from_series(self, goal: Goal, arm: str, seed: int, rotation: int) -> float:
        """A series' value at the end, from the game's kept series (a game kept before records held it)."""
        for _, r, series in self.store.series(arm, self.target.lineup_key, [seed]):
            if r == rotation and goal.metric in series["values"]:
                last = series["values"][goal.metric][-1]
                return sum(last) / len(last) if isinstance(last, list) else float(last)
        raise StoreError(f"the game of {arm} seed {seed} rotation {rotation} has no series {goal.metric}")

    # ------------------------------------------------------------------ the run
    def _progress(self, phase: str, finished: bool = False, confirm: Progress | None = None) -> TuneProgress:
        elapsed = max(time.perf_counter() - self._started, 1e-9)
        rate = self.played / elapsed
        used = self.search.used * self.target.rotations
        if self.minutes is not None:
            eta = None if finished else max(0.0, self.minutes * 60 - elapsed)
        else:
            eta = None if finished or rate <= 0 else (self.budget_games - used) / rate
        leader = self.search.best()
        means = self.search.table.means(leader) if leader is not None else {}
        return TuneProgress(phase, used, self.budget_games if self.minutes is None else used, self.played,
                            self.kept, len(self.search.played()), sum(self.search.skipped.values()),
                            self.search.generations, None if leader is None else self.target.space.describe(leader),
                            means, self.target.loss(means) if means else None, rate, eta, confirm, finished,
                            self.stopping)

    def _note_step(self, asked: list[Point]) -> None:
        leader = self.search.best()
        means = self.search.table.means(leader) if leader is not None else {}
        games = self.search.told * self.target.rotations
        row = {"step": self.search.generations, "phase": self.search.phase, "games": games,
               "candidates": len(self.search.played()), "skipped": sum(self.search.skipped.values()),
               "best": None if leader is None else self.target.space.describe(leader),
               "loss": self.target.loss(means) if means else math.nan}
        row.update({g.metric: means.get(g.metric, math.nan) for g in self.target.goals})
        self.trajectory.append(row)
        for point in dict.fromkeys(asked):
            tried = self.search.table.means(point)
            self.tried.append({"step": self.search.generations, "games": games,
                               "candidate": self.target.space.describe(point), "blocks": self.search.table.count(point),
                               "loss": self.target.loss(tried), **tried})

    def steps(self) -> Iterator[TuneProgress]:
        """Search, then confirm the best; yields progress (after every game in this process, about twice a second
        on workers)."""
        self._started = time.perf_counter()
        if not self.store.read_only:  # the store says which search its games are for (a kept search reads it back)
            self.store.put_meta(f"target:{self.target.id}", self.target.to_json(indent=None))
        try:
            while not self.stopping:
                if self.minutes is not None and time.perf_counter() - self._started >= 0.75 * self.minutes * 60:
                    self.search.close()
                asked = self.search.ask()
                if not asked:
                    break
                keyed = self._keys(asked)
                phase = "searching" if self.search.phase == "search" else "comparing"
                last = 0.0
                for _ in self._play(keyed):
                    now = time.perf_counter()
                    if self.runner.inline or now - last >= TICK:
                        last = now
                        yield self._progress(phase)
                self.search.tell([(point, self._values(variant, seed)) for point, variant, seed in keyed])
                self._note_step(asked)
                yield self._progress(phase)
            if not self.stopping and self.confirm and self.search.best() is not None:
                yield from self._confirm()
        except Stopped:
            pass
        if self.minutes is not None and not self.stopping:
            used = self.search.used * self.target.rotations
            self.notes.append(f"the search used {plain(used)} games in {plain(self.minutes)} minutes: "
                              f"--budget-games {used} repeats it on any machine")
        yield self._progress("stopped" if self.stopping else "done", finished=True)

    def confirmation_experiment(self) -> Experiment:
        """The confirmation (module docstring): the best against the baseline on fresh seeds."""
        best = self.target.space.variant(self.search.best())  # type: ignore[arg-type]
        target = self.target
        games = self.confirm_games or target.confirmation_games(self.budget_games if self.minutes is None else
                                                                self.search.used * target.rotations)
        base = Arm(target.baseline, label=f"{target.baseline.label} (baseline)")
        arms = [] if best == target.baseline else [Arm(best, label=f"best: {best.name}")]
        return Experiment(base, arms, bots=[str(s) for s in target.lineup], games=games,
                          seed=target.seed + CONFIRM_OFFSET, rotate=target.rotations > 1, alpha=target.alpha)

    def _confirm(self) -> Iterator[TuneProgress]:
        experiment = self.confirmation_experiment()
        if self.store.read_only:
            results = experiment.load(self.store)
        else:
            given = None if self.runner.inline else self.runner.executor
            run = experiment.start(jobs=self.runner.workers if given else 1, executor=given, store=self.store,
                                   stop_event=self.stop_event, lease=self.lease)
            for step in run.steps():
                if self._stopped:
                    run.stop()
                yield self._progress("confirming", confirm=step)
            if run.stopping:
                raise Stopped
            results = run.results()
        best_arm = experiment.variants[0] if experiment.variants else experiment.baseline
        point = self.search.best()
        assert point is not None
        checks, call = confirm_checks(self.target, results, best_arm, self.search.table.means(point))
        seeds = (experiment.seeds[0], experiment.seeds[-1])
        words = confirmation_words(call, results.games, seeds, self.target.space.describe(point), checks)
        self.confirmation = Confirmation(results, seeds, results.games, checks, call, words)

    def results(self) -> TuneResults:
        """What the search found so far (and the confirmation, once it has run)."""
        return TuneResults(self.target, self.search, self.budget_games, self.search.told * self.target.rotations,
                           list(self.trajectory), list(self.tried), self.runner.name, stopped=self.stopping,
                           played=self.played, kept=self.kept, confirmation=self.confirmation,
                           notes=list(self.notes))


def tune(target: Target | Mapping[str, Any] | str | Path, *, budget_games: int | None = None,
         minutes: float | None = None, jobs: int = 1, dask: Any = None, executor: Any = None,
         store: Store | str | Path | None = None, progress: Callable[[TuneProgress], None] | bool | None = None,
         stop_event: Any = None, confirm_games: int | None = None, confirm: bool = True, method: str | None = None,
         lease: float = LEASE, **settings: Any) -> TuneResults:
    """Search towards ``target`` and confirm the best on fresh seeds (module docstring); ``progress``: a callable,
    or ``True`` for a line on the terminal; ``settings`` go to the search (:mod:`games.lab.search`: NTBEA's
    ``explore``, ``neighbours``...). Ctrl-C stops it: the finished games stay in the store, and the exception goes
    on."""
    run = Tuning(target, budget_games, minutes, jobs, dask, executor, store, stop_event, confirm_games, confirm,
                 method, lease, **settings)
    return drive(run, terminal_progress if progress is True else progress or None)


async def tune_async(target: Target | Mapping[str, Any] | str | Path, *, budget_games: int | None = None,
                     store: Store | str | Path | None = None, progress: Callable[[TuneProgress], None] | None = None,
                     stop_event: Any = None, confirm_games: int | None = None, confirm: bool = True,
                     method: str | None = None, **settings: Any) -> TuneResults:
    """Search in this process, giving the event loop a turn after every game (the browser's kernel has no threads:
    the page stays live and a stop button works)."""
    return await drive_async(Tuning(target, budget_games, None, 1, None, None, store, stop_event, confirm_games,
                                    confirm, method, LEASE, **settings), progress)


def terminal_progress(step: TuneProgress) -> None:
    """Progress as one line on the terminal, written over as it goes."""
    sys.stderr.write(f"\r\033[K{str(step)[:200]}{chr(10) if step.finished else ''}")
    sys.stderr.flush()


__all__ = ["CONFIRM_OFFSET", "MAX_BUDGET", "Space", "SpaceError", "Target", "TargetError", "TuneProgress",
           "TuneResults", "Tuning", "as_target", "parse_space", "tune", "tune_async"]
