"""The design lab's views: change a game's numbers in a table, play bot games on the same seeds, see what changed.

* :mod:`.editor` - :class:`VariantEditor`: the parameter table with sources and rules, one cell of a component
  table, refusals in the message line, the diff against the printed game beside it.
* :mod:`.charts` - plotly figures of a :class:`games.lab.Results`: win rate by seat and by turn position, the
  differences to the baseline (a forest plot), fan charts of a series over the game, the lengths of the games.
* :mod:`.lab` (with :mod:`.results_view`, :mod:`.words`, :mod:`.figures`) - :class:`DesignLab`: the bots per seat,
  the stop rule, Run and Stop with a progress bar, the editor, then the verdicts in words, the summary, the charts,
  any game opened in its own table at a round, and a report to hand in.
* :mod:`.target` (with :mod:`.target_words`) - :class:`TargetPanel`: the lab's Target tab: goals, the parameters
  to vary, a budget; a live search, the candidates with intervals, the best confirmed on fresh games, made a variant.
* :mod:`.report` - :func:`report_html`: one experiment as a self-contained HTML page (plotly inlined).
* :mod:`.gallery` - :class:`Gallery`: every experiment of a class's lab folder in one table, sortable by verdict and
  metric, each opening its report or its games.

The rules and the statistics stay in :mod:`games.lab`; these views show them and send what was clicked. Names are
loaded on first use, so ``import widgets.lab`` stays quick (plotly only comes with a chart).
"""

from __future__ import annotations

from widgets.shared.lazy_names import lazy_names

_HOMES = {
    "VariantEditor": "widgets.lab.editor",
    "DesignLab": "widgets.lab.lab",
    "Gallery": "widgets.lab.gallery",
    "TargetPanel": "widgets.lab.target",
    **dict.fromkeys(["report_html", "write_report"], "widgets.lab.report"),
    **dict.fromkeys(["fan_figure", "forest_figure", "length_figure", "win_rate_figure"], "widgets.lab.charts"),
}

__all__ = sorted(_HOMES)

__getattr__, __dir__ = lazy_names(__name__, _HOMES)
