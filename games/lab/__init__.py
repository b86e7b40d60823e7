"""The design lab: change a game's numbers or rules, play thousands of bot games on the same seeds, and see what the
change did, with intervals. Standard library only, so it runs in the browser too.

    from games.lab import Experiment, Variant, parameters

    parameters("catan.base")                       # every designable parameter: value, source, range, rules
    cheap = Variant("catan.base", {"costs.city.ore": 2}, name="cheap cities")   # checked when made
    results = Experiment(Variant("catan.base"), [cheap], bots=["greedy", "greedy", "random"],
                         games=300, stop="turns").run(jobs=2)          # or dask="local", or store="lab.sqlite"
    print(results.report())                        # each metric, its 95 % interval, its difference to the baseline
    results.frames()["summary"]                    # pandas frames where pandas is installed

* :mod:`.variants` - :class:`Variant`: a game id plus named changes, its JSON form, hash and diff.
* :mod:`.lineup` - bot texts, restricted bots (``"greedy never wall"``).
* :mod:`.experiment` - :class:`Experiment`, :class:`Arm`: paired seeds, rotated seats, the sequential stop.
* :mod:`.metrics`, :mod:`.stats` - the per-game metrics and the fixed-sample intervals (formulas in ``docs/lab.md``).
* :mod:`.sequences`, :mod:`.verdicts` - confidence sequences valid at every number of games, the stop rule over
  several variants, and each metric's verdict in numbers and words (:func:`judge`).
* :mod:`.playing`, :mod:`.store`, :mod:`.runners`, :mod:`.run` - one game as a record, the SQLite store (its index
  of experiments and its claims), where games run, one run that shares a store's seeds with others.
* :mod:`.results` - :class:`Results`: rows, summary, fan-chart bands, any game again.
* :mod:`.targets`, :mod:`.spaces`, :mod:`.search`, :mod:`.tune`, :mod:`.tuned` - tuning towards a target: goals over
  the metrics, the parameters a search may vary, NTBEA (or halving, or random search) on the same seeds for every
  candidate, the best confirmed on fresh seeds (``from games.lab.tune import Target, tune``).

The command: ``python -m games.lab parameters GAME_ID``, ``python -m games.lab run VARIANT.json ...`` and
``python -m games.lab tune TARGET.json ...`` (``python -m games.lab --help``).
"""

from __future__ import annotations

from typing import Any

from .experiment import Arm, Experiment, Progress
from .lineup import BotSpec, LineupError
from .metrics import METRICS
from .results import Results
from .run import Run
from .runners import RunnerError
from .store import Store, StoreError
from .variants import Variant, VariantError
from .verdicts import Verdict, judge

__all__ = ["METRICS", "Arm", "BotSpec", "Experiment", "LineupError", "Progress", "Results", "Run", "RunnerError",
           "Store", "StoreError", "Variant", "VariantError", "Verdict", "judge", "parameters"]


def parameters(game: str) -> list[dict[str, Any]]:
    """The designable parameters of a game id as rows: ``parameter``, ``value`` (printed), ``source``, ``kind``,
    ``allowed``, ``rules``, ``words``, ``config`` (the config option it is, if any) and ``note``."""
    return [p.describe() for p in Variant(game).parameters()]
