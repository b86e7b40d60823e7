"""The kept results the design-lab lessons read.

A lesson must run in seconds, but its figures need hundreds of games with greedy bots (seconds each). So
``bench/bench_lab.py --part lessons`` plays those experiments once and keeps each in
``bench/results/<name>.sqlite``; a lesson reopens the experiment a file keeps (:meth:`games.lab.Experiment.from_store`)
and reads its games read-only (:meth:`games.lab.Experiment.load`): nothing is played, nothing is written.

Searches towards a target (lesson 15) are kept the same way by ``bench/bench_tune.py --part lessons``, in
``bench/results/lab_<name>.sqlite`` with their target inside; :func:`kept_search` runs the search again on the kept
games, read-only, and it makes the very same choices (the same answers), playing nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.lab import Experiment, Results, Store
from games.lab.tune import Target, TuneResults, tune

#: Where the benchmark keeps the lessons' results (in the repository, beside the package).
RESULTS = Path(__file__).resolve().parents[2] / "bench" / "results"


def names() -> list[str]:
    """The kept experiments, by file name."""
    return sorted(p.stem for p in RESULTS.glob("lab_*.sqlite"))


def kept(name: str, stop: str | None = None, **settings: Any) -> Results:
    """The results of the kept experiment ``name`` (``stop`` and ``settings``: read with the stop rule on that
    metric). A missing file is a ``FileNotFoundError`` that says how to make it."""
    path = RESULTS / f"{name}.sqlite"
    if not path.is_file():
        known = ", ".join(names()) or "none"
        raise FileNotFoundError(f"{path} is missing (kept: {known}); python bench/bench_lab.py --part lessons "
                                "makes the lessons' files")
    return Experiment.from_store(path, stop=stop, **settings).load(path)


def searches() -> list[str]:
    """The kept searches: the kept files that hold a search's target."""
    out = []
    for path in sorted(RESULTS.glob("lab_*.sqlite")):
        with Store(path, read_only=True) as store:
            if store.meta("target:"):
                out.append(path.stem)
    return out


def kept_search(name: str) -> TuneResults:
    """The search kept in ``bench/results/<name>.sqlite`` (its target is kept in the file), replayed from the kept
    games: nothing is played or written. A missing file, or games that no longer replay the same, say how to make
    them again."""
    path = RESULTS / f"{name}.sqlite"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing (kept searches: {', '.join(searches()) or 'none'}); "
                                "python bench/bench_tune.py --part lessons makes the lesson's file")
    store = Store(path, read_only=True)
    targets = store.meta("target:")
    if len(targets) != 1:
        raise FileNotFoundError(f"{path.name} holds {len(targets)} searches' targets, not one: keep one search a file")
    return tune(Target.from_json(next(iter(targets.values()))), store=store)
