"""One place for a class's experiments: a lab folder (``lab-results/`` beside the notebooks, or a path a teacher
gives: a shared folder on a school server, or in the classroom site the notebooks' own storage in the browser) with
one store every run writes to (``lab.sqlite``), its index of experiments, and the reports made from them
(``reports/``).

    from games.lab.folder import LabFolder
    lab = LabFolder()                         # ./lab-results (created when first written)
    lab.store()                               # the shared games.lab.Store
    lab.index()                               # every experiment: variant, bots, games, who, when, verdicts
    lab.results("3f0a9c21be")                 # an experiment's results, read from the store (nothing is played)

Sweeps: :func:`parse_sweep` reads ``points_to_win=6..12`` (a range of whole numbers, ``6..12:2`` with a step) or
``costs.city.ore=1,2,3`` (a list) and :func:`sweep` makes one variant per value.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from games.core.parameters import quoted

from .experiment import Experiment
from .results import Results
from .store import Store, StoreError
from .variants import Variant, VariantError

#: The lab folder's name when none is given (beside the notebooks: the current folder of a notebook's kernel).
DEFAULT = "lab-results"
#: The store's file inside a lab folder.
STORE = "lab.sqlite"
#: Most arms one sweep makes (a class's machine, not a cluster).
MAX_SWEEP = 40


class LabFolder:
    """A lab folder (module docstring): ``path`` a folder (its store is ``lab.sqlite`` in it) or a store file."""

    def __init__(self, path: str | Path | None = None) -> None:
        path = Path(path) if path is not None else Path.cwd() / DEFAULT
        if path.suffix in (".sqlite", ".db") or path.is_file():
            self.store_path, self.path = path, path.parent
        else:
            self.path, self.store_path = path, path / STORE

    @property
    def reports(self) -> Path:
        return self.path / "reports"

    def store(self, read_only: bool = False) -> Store:
        """The folder's store (made, with the folder, on first use unless ``read_only``)."""
        if not read_only:
            self.path.mkdir(parents=True, exist_ok=True)
        return Store(self.store_path, read_only=read_only)

    def index(self) -> list[dict[str, Any]]:
        """The index of experiments (:meth:`games.lab.Store.experiments`), the latest first; empty when there is no
        store yet."""
        if not self.store_path.is_file():
            return []
        with Store(self.store_path, read_only=True) as store:
            return store.experiments()

    def find(self, experiment: str | None = None) -> dict[str, Any]:
        """One row of the index: by id (its first letters are enough), or the latest when ``experiment`` is
        ``None``. A :class:`StoreError` says which ids there are when none matches."""
        rows = self.index()
        if not rows:
            raise StoreError(f"{self.store_path} holds no experiment yet")
        if experiment is None:
            return rows[0]
        found = [r for r in rows if r["id"] and r["id"].startswith(str(experiment).strip())]
        if len(found) != 1:
            known = ", ".join(r["id"] for r in rows if r["id"]) or "none with an id"
            what = "several experiments" if found else "no experiment"
            raise StoreError(f"{self.store_path} holds {what} {quoted(experiment)}; its experiments: {known}")
        return found[0]

    def experiment(self, experiment: str | None = None) -> Experiment:
        return experiment_of(self.find(experiment))

    def results(self, experiment: str | None = None, store: Store | None = None) -> Results:
        """The results of an experiment of the index, read from the store (nothing is played or written)."""
        found = self.find(experiment)
        kept = store or Store(self.store_path, read_only=True)
        return experiment_of(found).load(kept)


def experiment_of(row: dict[str, Any]) -> Experiment:
    """The experiment an index row describes (a kept file of schema 1 has no stop rule in it)."""
    return Experiment.from_definition(row["definition"])


# ---------------------------------------------------------------------------------------------- sweeps
def parse_sweep(text: str) -> tuple[str, list[Any]]:
    """``PARAM=A..B`` (whole numbers from A to B), ``PARAM=A..B:STEP`` or ``PARAM=a,b,c`` (values as JSON where they
    read as JSON, else as text) -> ``(PARAM, values)``; a :class:`VariantError` names what is wrong."""
    if not isinstance(text, str) or "=" not in text:
        raise VariantError(f"a sweep is PARAM=A..B or PARAM=a,b,c (e.g. points_to_win=6..12), not {quoted(text)}")
    name, _, values = (part.strip() for part in text.partition("="))
    if not name or not values:
        raise VariantError(f"a sweep names a parameter and its values, e.g. points_to_win=6..12, not {quoted(text)}")
    if ".." in values:
        span, _, step_text = values.partition(":")
        first, _, last = span.partition("..")
        try:
            start, stop = float(first), float(last)
            step = float(step_text) if step_text else 1.0
        except ValueError:
            raise VariantError(f"a sweep's range is A..B or A..B:STEP of numbers, not {quoted(values)}") from None
        if not (math.isfinite(start) and math.isfinite(stop) and math.isfinite(step)) or step <= 0 or stop < start:
            raise VariantError(f"a sweep's range runs up from A to B by a step above 0, not {quoted(values)}")
        count = math.floor((stop - start) / step + 1e-9) + 1
        if count > MAX_SWEEP:
            raise VariantError(f"a sweep makes at most {MAX_SWEEP} arms, not {count} ({quoted(values)})")
        whole = all(float(x).is_integer() for x in (start, step))
        out: list[Any] = [int(start + i * step) if whole else round(start + i * step, 10) for i in range(count)]
        return name, out
    parts = [p.strip() for p in values.split(",")]
    if not all(parts):
        raise VariantError(f"a sweep's list is values between commas, not {quoted(values)}")
    if len(parts) > MAX_SWEEP:
        raise VariantError(f"a sweep makes at most {MAX_SWEEP} arms, not {len(parts)}")
    listed: list[Any] = []
    for part in parts:
        try:
            listed.append(json.loads(part))
        except ValueError:
            listed.append(part)
    return name, listed


def sweep(baseline: Variant, parameter: str, values: list[Any]) -> tuple[list[Variant], list[str]]:
    """One variant of ``baseline`` per value of ``parameter`` (named ``parameter=value``); a value that makes the
    baseline itself is left out, with a note. Each variant is checked as any is (a refused value names why)."""
    variants, notes = [], []
    for value in values:
        changes = {**baseline.changes, parameter: value}
        try:
            variant = Variant(baseline.game_id, changes, name=f"{parameter}={json.dumps(value, ensure_ascii=False)}")
        except VariantError as err:
            raise VariantError(f"the sweep's {parameter}={quoted(value)} is refused: {err}") from None
        if variant == baseline:
            notes.append(f"{variant.name} is the baseline itself: it is played once, as the baseline")
        elif variant not in variants:
            variants.append(variant)
    if not variants:
        raise VariantError(f"the sweep of {parameter} makes no variant that differs from the baseline")
    return variants, notes
