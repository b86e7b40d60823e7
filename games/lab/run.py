"""One run of an experiment: claim seeds in the store, play them on a runner, keep each game as it finishes, feed the
stop rule complete blocks in seed order, and stop as soon as every variant is decided, cancelling what has not
started.

* **Sharing the work.** Before a seed of an arm is played it is claimed in the store (:meth:`Store.claim`), so two
  runs of one experiment on one file (two students, two terminals, a kernel and a command) split the seeds between
  them; each reads the games the other keeps, and both come to the same results. A run renews its claims while it
  plays; the claims of a run that died expire (:data:`games.lab.store.LEASE`) and the seeds go to another.
* **No wasted games.** At most one task per worker is in flight, so when the stop rule decides, at most one task per
  worker is played past the decision (a running task cannot be taken back from a process; it is kept); every task
  not started is cancelled, on every runner, and the claims it held are given up. :attr:`Run.saved` is the games
  the stop made unnecessary.
"""

from __future__ import annotations

import getpass
import os
import time
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import TYPE_CHECKING, Any, Iterator

from .playing import play_chunk
from .results import Results
from .runners import Runner, Stoppable
from .store import LEASE, Store
from .verdicts import StopRule

if TYPE_CHECKING:
    from .experiment import Experiment, Progress

#: How often (seconds) a run reports progress while it waits for workers.
TICK = 0.5
#: How often (seconds) a run that is playing reads the games other runs kept (while it waits for them: every tick).
REFRESH = 2.0


def author() -> str:
    """Who runs the experiment, for the index: ``LAB_AUTHOR`` if set, else the login name."""
    name = os.environ.get("LAB_AUTHOR", "").strip()
    if name:
        return name[:80]
    try:
        return getpass.getuser()
    except Exception:  # no login name (a container, the browser): the index says so
        return "someone"


class Run(Stoppable):
    """One run of an experiment (see :meth:`Experiment.start`): :meth:`steps` plays and yields
    :class:`~games.lab.experiment.Progress`; :meth:`stop` ends it early; :meth:`results` reads what is complete."""

    def __init__(self, experiment: Experiment, runner: Runner, store: Store | str | Any, stop_event: Any,
                 chunk: int | None, lease: float = LEASE, who: str | None = None) -> None:
        self.experiment = experiment
        self.runner = runner
        self.store = store if isinstance(store, Store) else Store(store or ":memory:")
        self.stop_event = stop_event
        self.lease = float(lease)
        self.who = who or author()
        self.owner = Store.new_owner()
        self._stopped = False
        per_block = len(experiment.arms) * experiment.rotations
        if chunk is None:
            # a dozen tasks per worker keep all busy to the end; at most 24 games a task, so a stop wastes little
            spread = experiment.blocks * per_block // (runner.workers * 12)
            chunk = 1 if runner.inline else max(1, min(24, spread))  # in this process: a stop between games
        self.chunk = max(1, int(chunk))
        self.records: dict[tuple[str, int, int], dict[str, Any]] = {}
        self.rule = StopRule(experiment.stop, [a.key for a in experiment.variants], players=experiment.players,
                             rotations=experiment.rotations, alpha=experiment.alpha, margin=experiment.margin,
                             burn_in=experiment.burn_in, correction=experiment.correction,
                             t_star=max(10.0, experiment.blocks / 4)) if experiment.stop else None
        self.complete = 0  # blocks complete for every arm, from the first seed on
        self.decided_blocks: int | None = None  # where the stop rule ended the experiment
        self.kept = 0  # games the store held before this run
        self.new = 0  # games this run played
        self.past_decision = 0  # games this run finished after the stop rule decided
        self.late_tasks = 0  # tasks that finished after it decided (at most one per worker)
        self.cancelled = 0  # tasks cancelled before they started
        self.warnings: list[str] = []
        self._mine: set[tuple[str, int]] = set()  # pairs (arm, seed) this run holds claims on
        self._registered = False

    # ------------------------------------------------------------------ control (stop, stopping, close: Stoppable)
    @property
    def planned(self) -> int:
        """The most games of this experiment, every arm."""
        return self.experiment.games * len(self.experiment.arms)

    @property
    def saved(self) -> int:
        """Games of the plan not played because the stop rule decided (0 when it did not)."""
        if self.decided_blocks is None:
            return 0
        return max(0, self.planned - len(self.records))

    # ------------------------------------------------------------------ reading the store
    def load(self) -> None:
        """Read the games the store already holds for this experiment, and feed the stop rule their blocks."""
        exp = self.experiment
        wanted = {(a.key, s, r) for a in exp.arms for s in exp.seeds for r in range(exp.rotations)}
        for arm in exp.arms:
            for record in self.store.records(arm.key, exp.lineup_key):
                key = (arm.key, record["seed"], record["rotation"])
                if key in wanted:
                    self.records[key] = record
        self.kept = len(self.records)
        self._advance()

    def _refresh(self, pairs: list[tuple[str, int]]) -> None:
        """Read what other runs kept meanwhile for ``pairs``."""
        if not pairs:
            return
        exp = self.experiment
        for record in self.store.records_at(exp.lineup_key, {a for a, _ in pairs}, {s for _, s in pairs},
                                            have=self.records):
            arm = record.pop("arm")
            self.records.setdefault((arm, record["seed"], record["rotation"]), record)

    def _pair_done(self, arm: str, seed: int) -> bool:
        return all((arm, seed, r) in self.records for r in range(self.experiment.rotations))

    def _waiting(self) -> list[tuple[str, int]]:
        """The pairs of the plan not complete here, in seed order (the stop rule's frontier first)."""
        exp = self.experiment
        seeds = exp.seeds[self.complete:]
        return [(a.key, s) for s in seeds for a in exp.arms if not self._pair_done(a.key, s)]

    # ------------------------------------------------------------------ the stop rule
    def _advance(self) -> None:
        """Feed the stop rule every block now complete for every arm, in seed order."""
        exp = self.experiment
        while self.complete < exp.blocks and self.decided_blocks is None:
            seed = exp.seeds[self.complete]
            if not all(self._pair_done(a.key, seed) for a in exp.arms):
                return
            self.complete += 1
            if self.rule is not None:
                base = self._block_mean(exp.baseline.key, seed)
                self.rule.add({arm.key: self._block_mean(arm.key, seed) - base for arm in exp.variants})
                self._check_varies()
                if self.rule.decided:
                    self.decided_blocks = self.complete

    def _block_mean(self, arm: str, seed: int) -> float:
        exp = self.experiment
        values = [float(self.records[(arm, seed, r)][exp.stop]) for r in range(exp.rotations)]
        return sum(values) / len(values)

    def _check_varies(self) -> None:
        """Warn, once, when the stop metric has had one value in every game so far (after the burn-in): a
        "no difference" on it says only that it never moves."""
        exp = self.experiment
        if self.warnings or self.complete < max(2, exp.burn_in):
            return
        values = {float(self.records[(a.key, s, r)][exp.stop]) for a in exp.arms for s in exp.seeds[:self.complete]
                  for r in range(exp.rotations)}
        if len(values) == 1:
            self.warnings.append(f"{exp.stop} was {next(iter(values)):g} in every game so far: it does not vary, so "
                                 "the stop rule cannot tell the arms apart on it; choose another stop metric")

    # ------------------------------------------------------------------ playing
    def _prepare(self) -> None:
        exp = self.experiment
        for arm in exp.arms:
            self.store.add_arm(arm.key, arm.variant.to_dict(), arm.salt)
        self.store.register(exp.id, exp.game_id, exp.definition(), self.who)
        self._registered = True
        self.load()

    def _task(self, games: list[list[Any]]) -> dict[str, Any]:
        exp = self.experiment
        return {"arms": {a.key: {"variant": a.variant.to_dict(), "salt": a.salt} for a in exp.arms},
                "lineup": [str(s) for s in exp.lineup], "games": games}

    def _claim(self) -> list[tuple[str, int]]:
        """Claim the next pairs to play (about a chunk of games), in seed order."""
        exp = self.experiment
        candidates = [p for p in self._waiting() if p not in self._mine]
        if not candidates:
            return []
        limit = max(1, self.chunk // exp.rotations)
        claimed, complete = self.store.claim(exp.lineup_key, candidates, self.owner, exp.rotations, limit,
                                             self.lease)
        if complete:
            self._refresh(sorted(complete))
        self._mine.update(claimed)
        return claimed

    def _submit(self, pairs: list[tuple[str, int]]) -> Future:
        exp = self.experiment
        games = [[arm, seed, r] for arm, seed in pairs for r in range(exp.rotations)
                 if (arm, seed, r) not in self.records]
        return self.runner.executor.submit(play_chunk, self._task(games))

    def _keep(self, rows: list[dict[str, Any]], late: bool) -> None:
        self.store.add(self.experiment.lineup_key, rows, self.owner)
        for row in rows:
            self.records[(row["arm"], row["seed"], row["rotation"])] = row["record"]
        self.new += len(rows)
        if late:
            self.past_decision += len(rows)
            self.late_tasks += 1

    def steps(self) -> Iterator[Progress]:
        """Play, yielding progress about every half second (and after every game in this process)."""
        started = time.perf_counter()
        self._prepare()
        flying: dict[Future, list[tuple[str, int]]] = {}
        last = renewed = refreshed = 0.0
        try:
            while True:
                over = self.decided_blocks is not None or self.stopping
                if over:
                    for future in list(flying):
                        if future.cancel():  # not started: cancelled on every runner
                            self._mine.difference_update(flying.pop(future))
                            self.cancelled += 1
                    if self.stopping:
                        flying.clear()  # running tasks are abandoned: only finished games are kept
                else:
                    while len(flying) < self.runner.workers:
                        pairs = self._claim()
                        if not pairs:
                            break
                        flying[self._submit(pairs)] = pairs
                if not flying:
                    if over or self.complete >= self.experiment.blocks:
                        break
                    time.sleep(TICK)  # other runs hold the seeds left: wait for their games, or their claims
                    self._refresh(self._waiting()[:400])
                    self._advance()
                    yield self._progress(started, False)
                    continue
                finished, _ = wait(list(flying), timeout=TICK, return_when=FIRST_COMPLETED)
                for future in finished:
                    pairs = flying.pop(future)
                    self._keep(future.result(), late=self.decided_blocks is not None)
                    self._mine.difference_update(pairs)
                now = time.perf_counter()
                if now - refreshed >= REFRESH:  # what other runs on this store kept meanwhile
                    refreshed = now
                    self._refresh([p for p in self._waiting()[:400] if p not in self._mine])
                self._advance()
                if now - renewed >= min(10.0, self.lease / 4) and self._mine:
                    renewed = now
                    self.store.renew(self.owner, self.lease)
                if self.runner.inline or now - last >= TICK:
                    last = now
                    yield self._progress(started, False)
        finally:
            for future in flying:
                future.cancel()
            if not self.store.read_only:
                self.store.release(self.owner)
        self._note()
        yield self._progress(started, True)

    def _note(self) -> None:
        """Write where the experiment got to in the store's index."""
        if not self._registered:
            return
        status = "stopped" if self.stopping else "decided" if self.decided_blocks is not None else \
            "done" if self.complete >= self.experiment.blocks else "running"
        results = self.results()
        verdicts = [v.row() for v in results.verdicts()] if results.games else []
        self.store.note_results(self.experiment.id, status, results.games, verdicts)

    def _progress(self, started: float, finished: bool) -> Progress:
        from .experiment import Progress

        exp = self.experiment
        done = len(self.records)
        elapsed = max(time.perf_counter() - started, 1e-9)
        rate = self.new / elapsed
        eta = None if finished or rate <= 0 else (self.planned - done) / rate
        names = {a.key: a.name for a in exp.variants}
        decisions = {names[k]: self.rule.call(k) for k in names} if self.rule is not None else {}
        decided = None if self.decided_blocks is None else self.decided_blocks * exp.rotations
        return Progress(done, self.planned, self.kept, rate, eta, decisions, finished, self.stopping,
                        decided_at=decided, saved=self.saved, warnings=list(self.warnings))

    def results(self) -> Results:
        """The results of the blocks complete for every arm (up to where the stop rule stopped)."""
        exp = self.experiment
        blocks = self.decided_blocks if self.decided_blocks is not None else self.complete
        seeds = exp.seeds[:blocks]
        records = {arm.key: [self.records[(arm.key, s, r)] for s in seeds for r in range(exp.rotations)]
                   for arm in exp.arms}
        return Results(exp, records, self.store, self.rule, self.runner.name, stopped=self.stopping,
                       saved=self.saved, past_decision=self.past_decision, warnings=list(self.warnings),
                       played=self.new)


