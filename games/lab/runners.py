"""Where the lab's games are played: in this process (what runs in the browser), in local worker processes (the
default when more than one job is asked for), or on a Dask cluster.

Every runner takes the same plain-data tasks (:func:`games.lab.playing.play_chunk`) and a game is a pure function of
its key, so the same experiment gives the same games on all three. A runner is anything with ``submit`` that
returns ``concurrent.futures`` futures: :func:`executor_for` makes the usual ones; any ``Executor`` may be given.

Dask is optional (``pip install -e ".[lab]"``) and loaded only when asked for (by name, so this package imports no
third-party module): ``dask="local"`` starts a ``LocalCluster`` of ``jobs`` single-threaded worker processes,
``dask="tcp://host:8786"`` connects to a running scheduler, and a ``distributed.Client`` is used as it is. Its
``get_executor()`` is a real ``concurrent.futures.Executor``.
"""

from __future__ import annotations

import importlib
import multiprocessing
import sys
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

from .variants import VariantError


class RunnerError(VariantError):
    """A runner the lab cannot start (Dask missing, a scheduler that does not answer), with the sentence why."""


class InlineExecutor(Executor):
    """Runs each task at once in this process, when it is submitted (no threads, no processes: Pyodide has none)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as err:  # the caller reads it from the future, as from any executor
            future.set_exception(err)
        return future


@dataclass
class Runner:
    """An executor and what to do when the run ends (``close``: shut down what the lab started itself)."""

    executor: Executor
    name: str
    workers: int
    inline: bool = False
    close: Callable[[], None] = field(default=lambda: None)


class Stoppable:
    """What a run on a runner (an experiment's, a search's) shares: it is stopped by :meth:`stop` or by its
    ``stop_event`` (set from another thread), and :meth:`close` shuts down what its runner started."""

    runner: Runner
    stop_event: Any
    _stopped: bool

    def stop(self) -> None:
        """End the run: no new game starts; the games now playing finish, and every finished game is kept."""
        self._stopped = True

    @property
    def stopping(self) -> bool:
        return self._stopped or bool(self.stop_event is not None and self.stop_event.is_set())

    def close(self) -> None:
        self.runner.close()


def _distributed() -> Any:
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise RunnerError("Dask is not installed: pip install -e \".[lab]\" (or pip install distributed)") from None


def executor_for(jobs: int = 1, dask: Any = None, executor: Executor | None = None) -> Runner:
    """The runner for ``jobs`` worker processes (1: this process), a Dask cluster (``dask``: ``"local"``, a
    scheduler address or a ``distributed.Client``) or a given ``executor``."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise RunnerError(f"jobs is a whole number of workers, at least 1, not {jobs!r}")
    if executor is not None:
        return Runner(executor, type(executor).__name__, jobs)
    if dask is not None:
        return _dask_runner(jobs, dask)
    if jobs == 1 or sys.platform == "emscripten":
        return Runner(InlineExecutor(), "this process", 1, inline=True)
    # spawn: no fork of a kernel's threads, and the same on every OS
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))
    return Runner(pool, f"{jobs} local processes", jobs, close=lambda: pool.shutdown(wait=False, cancel_futures=True))


def _dask_runner(jobs: int, dask: Any) -> Runner:
    distributed = _distributed()
    owned: list[Any] = []
    if isinstance(dask, str) and dask == "local":
        cluster = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=40)
        client = distributed.Client(cluster)
        owned = [client, cluster]
        name = f"a local Dask cluster of {jobs} workers"
    elif isinstance(dask, str):
        try:
            client = distributed.Client(dask, timeout="10s")
        except (OSError, TimeoutError) as err:
            raise RunnerError(f"no Dask scheduler answers at {dask}: {err}") from None
        owned = [client]
        name = f"the Dask cluster at {dask}"
    elif hasattr(dask, "get_executor"):
        client = dask
        name = "the given Dask client"
    else:
        raise RunnerError(f"dask is 'local', a scheduler address or a distributed.Client, not {type(dask).__name__}")
    workers = max(1, len(client.scheduler_info().get("workers", {})) or jobs)

    def close() -> None:
        for thing in owned:
            thing.close()

    return Runner(client.get_executor(pure=False), name, workers, close=close)
