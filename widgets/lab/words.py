"""The lab view's words and tables: the stop rule's end and every verdict in the sentences of
:mod:`games.lab.verdicts` (the same words as the printed report and the handed-in one), and the summary table with
plain numbers."""

from __future__ import annotations

import html
import math
from typing import Any

from games.lab import Results
from games.lab.metrics import METRICS
from games.lab.results import SUMMARY
from games.lab.verdicts import percent, plain
from widgets.shared.text import plural

from .charts import LABELS, UNITS

WORDS = {"different": "differs from the baseline", "no difference": "no difference beyond the margin",
         "undecided": "not decided yet"}


def escaped(text: Any) -> str:
    """``text`` as HTML text (the lab's views and its report write every name and value through it)."""
    return html.escape(str(text))


def decisions_html(results: Results) -> str:
    """How many games, whether the stop rule ended the run and what it saved, and each variant's verdicts in
    words (the stop metric's first)."""
    exp = results.experiment
    head = (f"<b>{plain(results.games)} games per arm</b> ({plural(exp.players, 'player')}, bots "
            f"{escaped(exp.lineup_key)}, seats {'rotated' if exp.rotations > 1 else 'fixed'}, "
            f"on {escaped(results.runner)}"
            f"{', stopped early' if results.stopped else ''}).")
    parts = [head]
    if results.decided:
        parts.append(f" The stop rule on <b>{escaped(exp.stop)}</b> ended the run: every variant is decided; "
                     f"{plain(results.saved)} games were not needed.")
    elif exp.stop:
        parts.append(f" The stop rule on <b>{escaped(exp.stop)}</b> has not decided every variant.")
    else:
        parts.append(" No stop rule: every game was played.")
    for warning in results.warnings:
        parts.append(f"<div class='lab-warning' style='color:#8a5a00'>Warning: {escaped(warning)}.</div>")
    lists = []
    for arm in exp.variants:
        items = []
        for v in results.verdicts():
            if v.arm != arm.name:
                continue
            strong = v.call == "different"
            label = LABELS.get(v.metric, v.metric) + (" (stop rule)" if v.metric == exp.stop else "")
            weight = " style='font-weight:600'" if strong else ""
            kind = v.call.replace(" ", "-")
            items.append(f"<li class='lab-verdict lab-verdict--{kind}'{weight}>{escaped(label)}: "
                         f"{escaped(v.words)}</li>")
        lists.append(f"<div><b>{escaped(arm.name)}</b> against {escaped(exp.baseline.name)}:"
                     f"<ul style='margin:2px 0'>{''.join(items)}</ul></div>")
    return f"<div class='lab-decision'>{''.join(parts)}{''.join(lists)}</div>"


def _estimate(metric: str, value: float, low: float, high: float, signed: bool = False) -> str:
    share = UNITS.get(metric, ("", False))[1]

    def fmt(x: float) -> str:
        if not isinstance(x, (int, float)) or not math.isfinite(x):
            return "–"
        if share:
            return f"{plain(100 * x, signed=signed)} {'pp' if signed else '%'}"
        return plain(x, signed=signed)

    interval = "" if not isinstance(low, (int, float)) or not math.isfinite(low) else \
        f" <span style='color:#6b6357'>[{fmt(low)}, {fmt(high)}]</span>"
    return f"{fmt(value)}{interval}"


def summary_html(results: Results) -> str:
    """Each metric per arm with its 95 % interval, and each variant's paired difference to the baseline with the
    interval of its verdict (bold when clearly different), as an HTML table."""
    rows = results.summary_rows()
    arms = [a.name for a in results.arms]
    by = {(r["arm"], r["metric"]): r for r in rows}
    head = "".join(f"<th>{escaped(a)}</th>" for a in arms)
    head += "".join(f"<th>{escaped(a)} − {escaped(arms[0])}</th>" for a in arms[1:])
    body = []
    levels = set()
    for metric in [m for m in SUMMARY if m in results.metrics()]:
        unit = UNITS.get(metric, ("", False))[0]
        words = METRICS[metric].words if metric in METRICS else "first player's win share minus a fair share"
        cells = [f"<td title='{escaped(words)}'>{escaped(LABELS.get(metric, metric))} "
                 f"<span style='color:#6b6357;font-size:11px'>({escaped(unit)})</span></td>"]
        for arm in arms:
            r = by[(arm, metric)]
            cells.append(f"<td>{_estimate(metric, r['estimate'], r['low'], r['high'])}</td>")
        for arm in arms[1:]:
            r = by[(arm, metric)]
            levels.add(r["confidence"])
            text = _estimate(metric, r["difference"], r["diff_low"], r["diff_high"], signed=True)
            weight = "font-weight:700" if r["call"] == "different" else ""
            cells.append(f"<td title='{escaped(r['verdict'])}' style='{weight}'>{text}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    style = ("<style>.lab-sum{border-collapse:collapse;font-size:12px}.lab-sum th,.lab-sum td{padding:2px 8px;"
             "border-bottom:1px solid #eee5d2;text-align:left;font-variant-numeric:tabular-nums}"
             ".lab-sum th{color:#6b6357;font-weight:600}</style>")
    level = " / ".join(percent(x) for x in sorted(levels)) or "95 %"
    note = ("<div style='color:#6b6357;font-size:11px'>Each arm: 95 % intervals in brackets. Differences: variant "
            f"minus baseline, paired by seed, with the {level} interval of their verdict, valid whenever the "
            "experiment stopped; bold where it leaves out 0; pp: percentage points.</div>")
    return f"{style}<table class='lab-sum'><tr><th>metric</th>{head}</tr>{''.join(body)}</table>{note}"


__all__ = ["WORDS", "decisions_html", "summary_html"]
