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

**The stop rule** (``stop=`` a metric of :data:`games.lab.metrics.METRICS`): a confidence sequence on the blocks'
differences that holds at every number of games (:class:`games.lab.verdicts.StopRule`: a betting sequence for a
bounded metric, the t-sequence for an unbounded one) decides per variant *different* or *no difference* (within
``margin``, the metric's default unless given); with several variants Holm's step-down (``correction="holm"``) or a
split alpha (``"split"``) keeps the chance of any wrong "different" at most ``alpha``. The experiment stops once
every variant is decided, or at ``games``. Blocks are read in seed order, whatever order the workers finish them in,
so the stop falls at the same seed on every runner and the results are the same.

**Arms.** An :class:`Arm` is a variant and a ``salt`` for the bots' seeds: ``Arm(base, salt=1)`` is the printed game
played by bots that decide differently, the right opponent for an A/A test of the stop rule (the same variant with
the same salt plays the very same games, so it could never differ).

**Where.** ``run(jobs=1)`` plays in this process, ``run(jobs=2)`` in local worker processes, ``run(dask="local")``
(or a scheduler address, or a ``distributed.Client``) on a Dask cluster (:mod:`games.lab.runners`). ``store=`` a file
keeps every game as it finishes (:class:`games.lab.store.Store`): a rerun with the same file continues where the
last one stopped, and runs of the same experiment on one file at once share its seeds (:mod:`games.lab.run`).
``progress`` is called about twice a second with a :class:`Progress`; ``stop_event`` (anything with ``is_set()``,
e.g. a ``threading.Event``) or :meth:`Run.stop` ends the run early, keeping what finished.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from games.core.parameters import quoted

from .lineup import BotSpec, parse_lineup
from .metrics import METRICS
from .playing import arm_key
from .results import Results
from .run import Run
from .runners import executor_for
from .store import LEASE, Store, StoreError
from .variants import Variant, VariantError
from .verdicts import CORRECTIONS, plain


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
    ``decisions`` the stop rule's answer per variant so far, whether the run has ``finished`` (or was ``stopped``),
    ``decided_at`` the games per arm at which the stop rule ended it (``None``: it did not), ``saved`` the games
    that stop made unnecessary, and ``warnings`` (a stop metric that does not vary)."""

    done: int
    total: int
    kept: int
    rate: float
    eta: float | None
    decisions: dict[str, str] = field(default_factory=dict)
    finished: bool = False
    stopped: bool = False
    decided_at: int | None = None
    saved: int = 0
    warnings: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        eta = "" if self.eta is None else f", at most {_duration(self.eta)} left"
        if self.stopped:
            state = " (stopped)"
        elif self.decided_at is not None:
            state = (f" (the stop rule decided after {plain(self.decided_at)} games per arm: "
                     f"{plain(self.saved)} games not needed)") if self.finished else " (decided: finishing)"
        else:
            state = " (done)" if self.finished else ""
        return f"{plain(self.done)} of {plain(self.total)} games, {self.rate:.1f} games/s{eta}{state}"


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
    metric the stop rule tests (``None``: play every game); ``alpha``, ``margin``, ``burn_in``, ``correction``: the
    stop rule's error rate, its margin of no difference, the blocks it waits for before it may stop, and how several
    variants share alpha (``"holm"`` or ``"split"``)."""

    def __init__(self, baseline: Variant | Arm | str, variants: Sequence[Variant | Arm] = (),
                 bots: Sequence[str] | str = ("greedy", "greedy", "random"), players: int | None = None,
                 games: int = 120, seed: int = 0, rotate: bool = True, stop: str | None = None, alpha: float = 0.05,
                 margin: float | None = None, burn_in: int = 2, correction: str = "holm") -> None:
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
        if isinstance(burn_in, bool) or not isinstance(burn_in, int) or burn_in < 1:
            raise VariantError(f"the burn-in is a whole number of blocks, at least 1, not {quoted(burn_in)}")
        if correction not in CORRECTIONS:
            raise VariantError(f"several variants share alpha by {' or '.join(CORRECTIONS)}, not {quoted(correction)}")
        self.burn_in, self.correction = burn_in, correction

    @property
    def seeds(self) -> list[int]:
        """The seeds of the blocks, in order."""
        return list(range(self.seed, self.seed + self.blocks))

    def definition(self) -> dict[str, Any]:
        """What makes this experiment, as JSON data (the store's index keeps it; :meth:`from_definition` reads
        it back)."""
        return {"arms": [{"key": a.key, "variant": a.variant.to_dict(), "salt": a.salt, "label": a.label,
                          "name": a.name} for a in self.arms],
                "lineup": [str(s) for s in self.lineup], "games": self.games, "seed": self.seed,
                "rotate": self.rotations > 1, "stop": self.stop, "alpha": self.alpha, "margin": self.margin,
                "burn_in": self.burn_in, "correction": self.correction}

    @property
    def id(self) -> str:
        """The experiment's id in the index: the first 10 hex digits of SHA-256 over its definition without the
        names (the same arms, bots, seeds and stop rule: the same experiment)."""
        data = self.definition()
        for arm in data["arms"]:
            arm.pop("label"), arm.pop("name"), arm["variant"].pop("name", None)
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:10]

    @classmethod
    def from_definition(cls, data: dict[str, Any]) -> Experiment:
        """The experiment of an index row's definition (:meth:`definition`)."""
        arms = [Arm(Variant.from_dict(a["variant"]), int(a.get("salt", 0)), a.get("label", ""))
                for a in data["arms"]]
        keep = {k: data[k] for k in ("stop", "alpha", "margin", "burn_in", "correction") if data.get(k) is not None}
        return cls(arms[0], arms[1:], bots=list(data["lineup"]), games=int(data["games"]), seed=int(data["seed"]),
                   rotate=bool(data.get("rotate", True)), **keep)

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
              stop_event: Any = None, chunk: int | None = None, lease: float = LEASE) -> Run:
        """A run of this experiment, not yet started: drive it with :meth:`Run.steps` (or :meth:`Run.run_async`).
        ``lease``: seconds a claim on a seed lasts without renewal (:mod:`games.lab.store`)."""
        return Run(self, executor_for(jobs, dask, executor), store, stop_event, chunk, lease)

    def run(self, jobs: int = 1, dask: Any = None, executor: Any = None, store: Store | str | Path | None = None,
            progress: Callable[[Progress], None] | bool | None = None, stop_event: Any = None,
            chunk: int | None = None, lease: float = LEASE) -> Results:
        """Play the experiment and return its :class:`~games.lab.results.Results` (module docstring). ``progress``:
        a callable, or ``True`` for a line on the terminal. Ctrl-C stops it: the finished games stay in the
        store, and the exception goes on."""
        run = self.start(jobs, dask, executor, store, stop_event, chunk, lease)
        return drive(run, terminal_progress if progress is True else progress or None)

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
        return await drive_async(self.start(1, None, None, store, stop_event, 1), progress)


def drive(run: Any, progress: Callable[[Any], None] | None) -> Any:
    """Take ``run``'s steps (an experiment's or a search's) in this process, reporting each to ``progress``; the run
    is closed however it ends (Ctrl-C too: its finished games stay in the store), and its results returned."""
    try:
        for step in run.steps():
            if progress:
                progress(step)
    finally:
        run.close()
    return run.results()


async def drive_async(run: Any, progress: Callable[[Any], None] | None) -> Any:
    """Take ``run``'s steps (an experiment's or a search's) in this process, reporting each to ``progress`` and
    giving the event loop a turn after each; the run is closed however it ends, and its results returned."""
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
