"""Experiments: a baseline and one or more variants played on the same seeds by the same bots, seats rotated, and
stopped by a sequential test as soon as the answer is clear.

    from games.lab import Experiment, Variant
    base = Variant("catan.base")
    cheap = Variant("catan.base", {"costs.city.ore": 2}, name="cheap cities")
    results = Experiment(base, [cheap], bots=["greedy", "greedy", "random"], games=300,
                         stop="turns").run(jobs=2)
    results.summary()          # each metric per arm, its 95 % interval and its difference to the baseline
    results.decisions          # {'cheap cities': 'different'} and when the stop rule decided

**Seeds and seats.** Seed ``s`` is one *block*: the line-up is seated in every rotation (seat ``i`` takes bot
``(i + r) % n``; one rotation when ``rotate=False``), for the baseline and for every variant. ``games`` is the most
games an arm plays (rounded up to whole blocks). The baseline and a variant play the same seed with the same bots,
so their games are pairs, and the difference of a block (its rotations' mean, variant minus baseline) is one paired
observation: seat effects cancel within a block, and the blocks are independent.

**The stop rule** (``stop=`` a metric of :data:`games.lab.metrics.METRICS`): an asymptotic confidence sequence on
the blocks' differences (:class:`games.lab.stats.ConfidenceSequence`) decides per variant *different* or *no
difference* (within ``margin``, the metric's default unless given), each wrong at most ``alpha`` of the time; the
experiment stops once every variant is decided, or at ``games``. Blocks are read in seed order, whatever order the
workers finish them in, so the stop falls at the same seed on every runner and the results are the same.

**Arms.** An :class:`Arm` is a variant and a ``salt`` for the bots' seeds: ``Arm(base, salt=1)`` is the printed game
played by bots that decide differently, the right opponent for an A/A test of the stop rule (the same variant with
the same salt plays the very same games, so it could never differ).

**Where.** ``run(jobs=1)`` plays in this process, ``run(jobs=2)`` in local worker processes, ``run(dask="local")``
(or a scheduler address, or a ``distributed.Client``) on a Dask cluster (:mod:`games.lab.runners`). ``store=`` a file
keeps every game as it finishes (:class:`games.lab.store.Store`): a rerun with the same file continues where the
last one stopped. ``progress`` is called about twice a second with a :class:`Progress`; ``stop_event`` (anything
with ``is_set()``, e.g. a ``threading.Event``) or :meth:`Run.stop` ends the run early, keeping what finished.
"""

from __future__ import annotations

import asyncio
import math
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from games.core.parameters import quoted

from .lineup import BotSpec, parse_lineup
from .metrics import METRICS
from .playing import arm_key, play_chunk
from .results import Results
from .runners import Runner, executor_for
from .stats import UNDECIDED, ConfidenceSequence
from .store import Store, StoreError
from .variants import Variant, VariantError

#: How often (seconds) a run reports progress while it waits for workers.
TICK = 0.5


@dataclass(frozen=True)
class Arm:
    """A variant, the salt of its bots' seeds (0: the same bots as the baseline) and an optional label."""

    variant: Variant
    salt: int = 0
    label: str = ""

    @property
    def key(self) -> str:
        return arm_key(self.variant.hash, self.salt)

    @property
    def name(self) -> str:
        if self.label:
            return self.label
        return self.variant.label + (f" (bots reseeded {self.salt})" if self.salt else "")


@dataclass
class Progress:
    """How far a run has got: ``done`` of at most ``total`` games (all arms; ``kept`` of them from an earlier run),
    ``rate`` games per second in this run, ``eta`` seconds left at most (the stop rule may end it sooner),
    ``decisions`` the stop rule's answer per variant so far, and whether the run has ``finished``."""

    done: int
    total: int
    kept: int
    rate: float
    eta: float | None
    decisions: dict[str, str] = field(default_factory=dict)
    finished: bool = False
    stopped: bool = False

    def __str__(self) -> str:
        eta = "" if self.eta is None else f", at most {_duration(self.eta)} left"
        state = " (stopped)" if self.stopped else " (done)" if self.finished else ""
        return f"{self.done:,} of {self.total:,} games, {self.rate:.1f} games/s{eta}{state}"


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _arm(value: Any) -> Arm:
    if isinstance(value, Arm):
        return value
    if isinstance(value, Variant):
        return Arm(value)
    raise VariantError(f"an experiment's arms are variants (games.lab.Variant), not {quoted(value)}")


class Experiment:
    """A baseline and variants on the same seeds (module docstring). ``bots``: one bot text per seat (or one text
    for every seat, with ``players``); ``games``: the most games per arm; ``seed``: the first seed; ``stop``: the
    metric the stop rule tests (``None``: play every game); ``alpha``, ``margin``, ``burn_in``: the stop rule's
    error rate, its margin of no difference and the blocks it waits for before it may stop."""

    def __init__(self, baseline: Variant | Arm | str, variants: Sequence[Variant | Arm] = (),
                 bots: Sequence[str] | str = ("greedy", "greedy", "random"), players: int | None = None,
                 games: int = 120, seed: int = 0, rotate: bool = True, stop: str | None = None, alpha: float = 0.05,
                 margin: float | None = None, burn_in: int = 5) -> None:
        if isinstance(baseline, str):
            baseline = Variant(baseline)
        self.baseline = _arm(baseline)
        if isinstance(variants, (Variant, Arm)):
            variants = [variants]
        self.variants = [_arm(v) for v in variants]
        game = self.baseline.variant.game_id
        for arm in self.variants:
            if arm.variant.game_id != game:
                raise VariantError(f"every arm plays {game}, not {arm.variant.game_id} ({arm.name})")
        keys = [arm.key for arm in self.arms]
        if len(set(keys)) != len(keys):
            raise VariantError("two arms play the very same games (the same variant with the same bot seeds); "
                               "give the second its own salt, Arm(variant, salt=1)")
        cls = self.baseline.variant.game_class
        self.lineup: tuple[BotSpec, ...] = parse_lineup(bots, cls, players)
        self.players = len(self.lineup)
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise VariantError(f"games is a whole number, at least 1, not {quoted(games)}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise VariantError(f"seed is a whole number, 0 or more, not {quoted(seed)}")
        self.rotations = self.players if rotate else 1
        self.blocks = math.ceil(games / self.rotations)
        self.games = self.blocks * self.rotations
        self.seed = seed
        if stop is not None and stop not in METRICS:
            raise VariantError(f"the stop rule tests a metric: {', '.join(METRICS)}; not {quoted(stop)}")
        if stop == "skill_gap" and str(self.lineup[0]) == str(self.lineup[-1]):
            raise VariantError("skill_gap compares the line-up's first and last bot: make them different bots")
        if stop is not None and not self.variants:
            raise VariantError("the stop rule compares variants with the baseline: give at least one variant")
        if not 0 < alpha < 0.5:
            raise VariantError(f"alpha is an error rate between 0 and 0.5, not {quoted(alpha)}")
        self.stop, self.alpha = stop, alpha
        self.margin = margin if margin is not None else (METRICS[stop].margin if stop else None)
        if self.margin is not None and not self.margin > 0:
            raise VariantError(f"the margin of no difference is above 0, not {quoted(margin)}")
        self.burn_in = burn_in

    @property
    def arms(self) -> list[Arm]:
        return [self.baseline, *self.variants]

    @property
    def lineup_key(self) -> str:
        return " | ".join(map(str, self.lineup))

    @property
    def game_id(self) -> str:
        return self.baseline.variant.game_id

    def __repr__(self) -> str:
        arms = ", ".join(a.name for a in self.arms)
        return (f"<Experiment {self.game_id}: {arms}; bots {self.lineup_key}; up to {self.games} games per arm"
                f"{'; stop on ' + self.stop if self.stop else ''}>")

    # ------------------------------------------------------------------ running
    def start(self, jobs: int = 1, dask: Any = None, executor: Any = None, store: Store | str | Path | None = None,
              stop_event: Any = None, chunk: int | None = None) -> Run:
        """A run of this experiment, not yet started: drive it with :meth:`Run.steps` (or :meth:`Run.run_async`)."""
        return Run(self, executor_for(jobs, dask, executor), store, stop_event, chunk)

    def run(self, jobs: int = 1, dask: Any = None, executor: Any = None, store: Store | str | Path | None = None,
            progress: Callable[[Progress], None] | bool | None = None, stop_event: Any = None,
            chunk: int | None = None) -> Results:
        """Play the experiment and return its :class:`~games.lab.results.Results` (module docstring). ``progress``:
        a callable, or ``True`` for a line on the terminal. Ctrl-C stops it: the finished games stay in the
        store, and the exception goes on."""
        run = self.start(jobs, dask, executor, store, stop_event, chunk)
        report = terminal_progress if progress is True else progress or None
        try:
            for step in run.steps():
                if report:
                    report(step)
        finally:
            run.close()
        return run.results()

    @classmethod
    def from_store(cls, store: Store | str | Path, lineup: str | None = None, stop: str | None = None,
                   **settings: Any) -> Experiment:
        """The experiment a store keeps (a file a run wrote, opened read-only): its arms in the order the run added
        them (the baseline first), its line-up (``lineup``: one of several a file holds), its seeds and whether
        seats rotated. ``stop`` and ``settings`` (``alpha``, ``margin``, ``burn_in``) are the stop rule's, which a
        store does not keep. Read it with :meth:`load`."""
        kept = store if isinstance(store, Store) else Store(store, read_only=True)
        lineups = kept.lineups()
        if not lineups:
            raise StoreError(f"{kept.path} holds no games")
        if lineup is None:
            if len(lineups) > 1:
                raise StoreError(f"{kept.path} holds several line-ups; name one: {'; '.join(sorted(lineups))}")
            lineup = next(iter(lineups))
        if lineup not in lineups:
            raise StoreError(f"{kept.path} holds no games of the line-up {lineup!r}")
        found = lineups[lineup]
        arms = [Arm(Variant.from_dict(variant), salt) for key, (variant, salt) in kept.arms().items()
                if key in found["arms"]]
        rotations = len(found["rotations"])
        seeds = found["seeds"]
        return cls(arms[0], arms[1:], bots=lineup.split(" | "), games=len(seeds) * rotations, seed=seeds[0],
                   rotate=rotations > 1, stop=stop, **settings)

    def load(self, store: Store | str | Path) -> Results:
        """The results of this experiment from a store that already holds its games (a file kept by a benchmark,
        opened read-only): nothing is played and nothing is written. The stop rule reads the complete blocks as a
        run would; :class:`~games.lab.store.StoreError` says so when the store lacks the first block."""
        kept = store if isinstance(store, Store) else Store(store, read_only=True)
        run = Run(self, executor_for(1), kept, None, None)
        run.load()
        if run.complete == 0:
            raise StoreError(f"{kept.path} holds no complete block of this experiment ({self!r})")
        return run.results()

    async def run_async(self, store: Store | str | Path | None = None,
                        progress: Callable[[Progress], None] | None = None, stop_event: Any = None) -> Results:
        """Play in this process, giving the event loop a turn after every game (the browser's kernel has no
        threads: the page stays live and a stop button works)."""
        run = self.start(1, None, None, store, stop_event, 1)
        try:
            for step in run.steps():
                if progress:
                    progress(step)
                await asyncio.sleep(0)
        finally:
            run.close()
        return run.results()


def terminal_progress(step: Progress) -> None:
    """Progress as one line on the terminal, written over as it goes."""
    end = "\n" if step.finished else ""
    sys.stderr.write(f"\r\033[K{step}{end}")
    sys.stderr.flush()


class Run:
    """One run of an experiment (see :meth:`Experiment.start`): :meth:`steps` plays and yields
    :class:`Progress`; :meth:`stop` ends it early; :meth:`results` reads what is complete."""

    def __init__(self, experiment: Experiment, runner: Runner, store: Store | str | Path | None,
                 stop_event: Any, chunk: int | None) -> None:
        self.experiment = experiment
        self.runner = runner
        self.store = store if isinstance(store, Store) else Store(store or ":memory:")
        self._own_store = not isinstance(store, Store)
        self.stop_event = stop_event
        self._stopped = False
        n_arms = len(experiment.arms)
        per_block = n_arms * experiment.rotations
        if chunk is None:
            # a dozen tasks per worker keep all busy to the end; at most 24 games a task, so a stop wastes little
            spread = experiment.blocks * per_block // (runner.workers * 12)
            chunk = 1 if runner.inline else max(1, min(24, spread))  # in this process: a stop between games
        self.chunk = max(1, int(chunk))
        self.records: dict[tuple[str, int, int], dict[str, Any]] = {}
        self.sequences = {arm.key: ConfidenceSequence(experiment.alpha, experiment.margin or 1.0,
                                                      t_star=max(10, experiment.blocks / 2), burn_in=experiment.burn_in)
                          for arm in experiment.variants} if experiment.stop else {}
        self.complete = 0  # blocks complete for every arm, from the first seed on
        self.decided_blocks: int | None = None  # where the stop rule ended the experiment
        self.kept = 0
        self.new = 0

    # ------------------------------------------------------------------ control
    def stop(self) -> None:
        """End the run early: no new game starts; finished games are kept."""
        self._stopped = True

    @property
    def stopping(self) -> bool:
        return self._stopped or bool(self.stop_event is not None and self.stop_event.is_set())

    def close(self) -> None:
        self.runner.close()

    # ------------------------------------------------------------------ playing
    def load(self) -> None:
        """Read the games the store already holds for this experiment, and feed the stop rule their blocks."""
        exp = self.experiment
        lineup = exp.lineup_key
        wanted = {(a.key, s, r) for a in exp.arms for s in range(exp.seed, exp.seed + exp.blocks)
                  for r in range(exp.rotations)}
        for arm in exp.arms:
            for record in self.store.records(arm.key, lineup):
                key = (arm.key, record["seed"], record["rotation"])
                if key in wanted:
                    self.records[key] = record
        self.kept = len(self.records)
        self._advance()

    def _plan(self) -> list[list[list[Any]]]:
        """The missing games in seed order, cut into tasks of ``chunk`` games."""
        exp = self.experiment
        for arm in exp.arms:
            self.store.add_arm(arm.key, arm.variant.to_dict(), arm.salt)
        self.load()
        missing = [[a.key, s, r] for s in range(exp.seed, exp.seed + exp.blocks) for a in exp.arms
                   for r in range(exp.rotations) if (a.key, s, r) not in self.records]
        return [missing[i:i + self.chunk] for i in range(0, len(missing), self.chunk)]

    def _task(self, games: list[list[Any]]) -> dict[str, Any]:
        exp = self.experiment
        return {"arms": {a.key: {"variant": a.variant.to_dict(), "salt": a.salt} for a in exp.arms},
                "lineup": [str(s) for s in exp.lineup], "games": games}

    def _advance(self) -> None:
        """Feed the stop rule every block now complete for every arm, in seed order."""
        exp = self.experiment
        while self.complete < exp.blocks and self.decided_blocks is None:
            seed = exp.seed + self.complete
            keys = [(a.key, seed, r) for a in exp.arms for r in range(exp.rotations)]
            if not all(k in self.records for k in keys):
                return
            self.complete += 1
            if exp.stop:
                base = self._block_mean(exp.baseline.key, seed)
                for arm in exp.variants:
                    self.sequences[arm.key].add(self._block_mean(arm.key, seed) - base)
                if all(cs.decision() != UNDECIDED for cs in self.sequences.values()):
                    self.decided_blocks = self.complete

    def _block_mean(self, arm: str, seed: int) -> float:
        exp = self.experiment
        values = [float(self.records[(arm, seed, r)][exp.stop]) for r in range(exp.rotations)]
        return sum(values) / len(values)

    def _progress(self, started: float, finished: bool) -> Progress:
        exp = self.experiment
        total = exp.games * len(exp.arms)
        done = len(self.records)
        elapsed = max(time.perf_counter() - started, 1e-9)
        rate = self.new / elapsed
        eta = None if finished or rate <= 0 else (total - done) / rate
        names = {a.key: a.name for a in exp.variants}
        decisions = {names[k]: cs.decision() for k, cs in self.sequences.items()}
        return Progress(done, total, self.kept, rate, eta, decisions, finished, self.stopping)

    def steps(self) -> Iterator[Progress]:
        """Play, yielding progress about every half second (and after every game in this process)."""
        exp = self.experiment
        started = time.perf_counter()
        tasks = self._plan()
        limit = max(2, self.runner.workers * 2)
        flying: dict[Future, list[list[Any]]] = {}
        last = 0.0
        try:
            while True:
                wanted_more = self.decided_blocks is None and not self.stopping
                while wanted_more and tasks and len(flying) < limit:
                    games = tasks.pop(0)
                    flying[self.runner.executor.submit(play_chunk, self._task(games))] = games
                if not flying:
                    break
                finished, _ = wait(list(flying), timeout=TICK, return_when=FIRST_COMPLETED)
                for future in finished:
                    flying.pop(future)
                    rows = future.result()
                    self.store.add(exp.lineup_key, rows)
                    for row in rows:
                        self.records[(row["arm"], row["seed"], row["rotation"])] = row["record"]
                    self.new += len(rows)
                self._advance()
                if self.decided_blocks is not None or self.stopping:
                    for future in list(flying):
                        if future.cancel():
                            flying.pop(future)
                    if self.stopping:
                        flying.clear()  # running chunks are abandoned: only finished games are kept
                now = time.perf_counter()
                if self.runner.inline or now - last >= TICK:
                    last = now
                    yield self._progress(started, False)
        finally:
            for future in flying:
                future.cancel()
        yield self._progress(started, True)

    def results(self) -> Results:
        """The results of the blocks complete for every arm (up to where the stop rule stopped)."""
        exp = self.experiment
        blocks = self.decided_blocks if self.decided_blocks is not None else self.complete
        seeds = range(exp.seed, exp.seed + blocks)
        records = {arm.key: [self.records[(arm.key, s, r)] for s in seeds for r in range(exp.rotations)]
                   for arm in exp.arms}
        stops = {arm.key: self.sequences[arm.key] for arm in exp.variants} if exp.stop else {}
        return Results(exp, records, self.store, stops, self.runner.name, stopped=self.stopping)
