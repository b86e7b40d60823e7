"""The kept results the design-lab lessons read.

A lesson must run in seconds, but its figures need hundreds of games with greedy bots (seconds each). So
``bench/bench_lab.py --part lessons`` plays those experiments once and keeps each in
``bench/results/<name>.sqlite``; a lesson reopens the experiment a file keeps (:meth:`games.lab.Experiment.from_store`)
and reads its games read-only (:meth:`games.lab.Experiment.load`): nothing is played, nothing is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.lab import Experiment, Results

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
